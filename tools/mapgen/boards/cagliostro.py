"""Ritorno a Cagliostro: the Roman site uncovered when Cagliostro's clock tower fell (expansion I).

Only the coordinates the rulebook names are the printed board's (A1, A2, A4, T1, T25, P1, P25, S7,
the ramp D13-D19, the dirt squares I13 and F18); the rest is our drawing, explained square by square
in docs/rules-decisions.md (Lupin: board layouts).

The site is an excavation pit (level 0) walled in by retaining walls and ringed by the road at
level 2: the main road on the west (columns 1-2, leaving the board north at A1-A2) and south (rows
S-T), lanes on the north (row B) and east (column 25), the castle lane at A4. The only ways down
are the ramp D19-D13 (from the plateau road D20-D24, off the east lane and, by C20, the north lane)
and five flights of stairs (C8, C12, K24, R9, R18). The castle's stream (level 1) comes out under the
north lane at C4-C5, runs down the west side with two landing stairs (C3 from the road, G5 from the
site) and ends against the yellow flooded basin. Inside: the cardo (column 12) and the decumanus
(row K) meet at the forum before the temple of Divus Caesar; the other seven temples stand around
them.

Redrawn in issue #14's tenth session: the north-west quarter between the river and the cardo (rows
D-J, columns 5-11: the lane from the stairs C8, the colonnade, the forum's trapdoor) is excavated
and paved (road, level 0), as the Forum Romanum's paving round Vesta and Saturnus; the police set up
only on the dirt ("sterrato"), so they start in the rest of the pit and not at the foot of the gang's
stairs. Mars and Neptunus changed places (Mars' "?" nearer the gang; Neptunus' steps now open onto
the blue basin instead of the yellow), the yellow basin's "?" lies on its dry shore (L7) and the
ruins' "?" by the ramp's foot (F13).
"""

EPISODE = "cagliostro"
DESIGNED_NOTE = ("Layout designed by Heist Table: only A1, A2, A4, T1, T25, P1, P25, S7, "
                 "the ramp D13-D19 and the dirt squares I13 and F18 come from the rulebook; "
                 "temples, flooded zones, river, stairs and discovery spots are our design, "
                 "see docs/rules-decisions.md (Lupin: board layouts)")

# X temple walls, F temple floors, s temple steps (the TEMPLES grid says which is which); # the
# retaining walls; S stairs between levels (five flights, two landings on the river); / the ramp;
# c single columns and bits of ruin; o puddles; = inside the site: the inner roads and the paved
# north-west quarter (level 0, not a police set-up square).
#         1234567890123456789012345
GROUND = """
==,=,TTTT,,TT,,,,TTT,,TT,
=========================
==S~~##S###S#######=,T,,=
==~~XXX=XXX=///////======
==~~XFX=XFs=############=
==~~XsX=XXX=.XXXX..XXXX#=
==~~S=======osFFX.csFFX#=
==~~XXX=====.sFFX..sFFX#=
==~~XFs=====.XXXX.cXXXX#=
==~~XXX=====.c.c.c..o..#=
==~~===================S=
==#....XsX.=.XXX..c.o..#=
==#....XFXc=.XFX..XXX..#=
==#....XFX.=.XFX..XFX..#=
==#....XXX.=.XsX..XFX..#=
==#.....oc.......cXXX..#=
==#....o..c.......c.o..#=
==######S########S######=
=========================
=========================
"""

GROUND_LEGEND = {
    "=": "road",
    ".": "dirt",
    ",": "grass",
    "T": "woods",
    "#": "wall",
    "X": "wall",
    "F": "dirt",
    "s": "stairs",
    "S": "stairs",
    "/": "ramp",
    "c": "column",
    "o": "puddle",
    "~": "water",
}

#         1234567890123456789012345
WATER = """
.........................
.........................
...~~....................
..~~.....................
..~~.....................
..~~.....................
..~~.....................
..~~.....................
..~~.....................
..~~.....................
..~~.....................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
"""

# b body (walls and roof: blocks sight), f floor (the green or red squares), s steps (the only
# way in). Apollo (M19:P21) has no steps: it is entered only through its trapdoor.
#         1234567890123456789012345
TEMPLES = """
.........................
.........................
.........................
....bbb.bbb..............
....bfb.bfs..............
....bsb.bbb..bbbb..bbbb..
.............sffb..sffb..
....bbb......sffb..sffb..
....bfs......bbbb..bbbb..
....bbb..................
.........................
.......bsb...bbb.........
.......bfb...bfb..bbb....
.......bfb...bfb..bfb....
.......bbb...bsb..bfb....
..................bbb....
.........................
.........................
.........................
.........................
"""

# The three flooded tiles laid at set-up: y drained by the handwheel on P1, b by S7, r by P25.
#         1234567890123456789012345
FLOODED = """
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
.........................
...yyy...............rr..
...yyyy..............rr..
...yyyy..............rr..
...yyyy..............rr..
...yyy.....bbbbbb....rr..
...yy......bbbbbb....rr..
.........................
.........................
.........................
"""
FLOODED_ZONES = {"y": "yellow", "b": "blue", "r": "red"}

# 2: the road around the site and the ground beyond it; 1: the ramp, the stairs, the river; '.':
# the site. Walls (the retaining walls and the ramp's parapet) stand on the site's floor, level 0:
# the rules raise a wall one storey above its level, so from the road one looks over them.
#         1234567890123456789012345
LEVELS = """
2222222222222222222222222
2222222222222222222222222
22111..1...1.......222222
2211........1111111222222
2211....................2
2211....................2
22111...................2
2211....................2
2211....................2
2211....................2
2211...................12
22......................2
22......................2
22......................2
22......................2
22......................2
22......................2
22......1........1......2
2222222222222222222222222
2222222222222222222222222
"""


def _grid(text: str) -> list[str]:
    return text.strip("\n").split("\n")


def _police_runs() -> list[str]:
    """Where the police may be set up: every dirt square of the site (level 0, with its single
    columns and puddles), never a temple, a flooded square, the inner road, the ramp or the stairs.
    Computed from the grids above so that it follows any edit; written as runs along a row."""
    ground, temples, flooded, levels = (_grid(g) for g in (GROUND, TEMPLES, FLOODED, LEVELS))

    def ok(r: int, c: int) -> bool:
        return (GROUND_LEGEND[ground[r][c]] in ("dirt", "column", "puddle") and levels[r][c] == "."
                and temples[r][c] == "." and flooded[r][c] == ".")

    runs = []
    for r, row in enumerate(ground):
        letter = "ABCDEFGHIJKLMNOPQRST"[r]
        c = 0
        while c < len(row):
            if not ok(r, c):
                c += 1
                continue
            end = c
            while end + 1 < len(row) and ok(r, end + 1):
                end += 1
            runs.append(f"{letter}{c + 1}" if end == c else f"{letter}{c + 1}-{letter}{end + 1}")
            c = end + 1
    return runs


PLACES = [
    # --- the gang's start and escape squares (rulebook: A1, A2, A4)
    {"kind": "start", "name": "Strada del villaggio", "at": "A1", "props": {"side": "gang"}},
    {"kind": "start", "name": "Strada del villaggio", "at": "A2", "props": {"side": "gang"}},
    {"kind": "start", "name": "Viale del castello", "at": "A4", "props": {"side": "gang"}},

    # --- Fujiko's start and escape squares, also Zenigata's return squares (rulebook: T1, T25)
    {"kind": "start", "name": "Fujiko T1", "at": "T1", "props": {"side": "fujiko"}},
    {"kind": "start", "name": "Fujiko T25", "at": "T25", "props": {"side": "fujiko"}},
    {"kind": "zenigata_return", "name": "Zenigata T1", "at": "T1"},
    {"kind": "zenigata_return", "name": "Zenigata T25", "at": "T25"},

    # --- the handwheels on the coloured circles (rulebook: P1, P25, S7) and the zone each drains
    {"kind": "handwheel", "name": "Ruota manuale gialla", "at": "P1", "props": {"zone": "yellow"}},
    {"kind": "handwheel", "name": "Ruota manuale rossa", "at": "P25", "props": {"zone": "red"}},
    {"kind": "handwheel", "name": "Ruota manuale blu", "at": "S7", "props": {"zone": "blue"}},

    # --- the eight temples: three green (open), five red (closed)
    {"kind": "temple", "name": "Vesta", "at": "D9:F11", "props": {"open": True}},
    {"kind": "temple", "name": "Iuppiter", "at": "F20:I23", "props": {"open": True}},
    {"kind": "temple", "name": "Saturnus", "at": "H5:J7", "props": {"open": True}},
    {"kind": "temple", "name": "Minerva", "at": "D5:F7",
     "props": {"open": False, "opened_by": "owl"}},
    {"kind": "temple", "name": "Mars", "at": "L8:O10",
     "props": {"open": False, "opened_by": "pilum"}},
    {"kind": "temple", "name": "Neptunus", "at": "L14:O16",
     "props": {"open": False, "opened_by": "trident"}},
    {"kind": "temple", "name": "Apollo", "at": "M19:P21",
     "props": {"open": False, "opened_by": "trapdoor"}},
    {"kind": "temple", "name": "Divus Caesar", "at": "F14:I17",
     "props": {"open": False, "opened_by": "busts"}},

    # --- the trapdoors: a secret passage from the open site into Apollo (its only way in)
    {"kind": "trapdoor", "name": "Botola del foro", "at": "H9", "props": {"pair": "apollo"}},
    {"kind": "trapdoor", "name": "Botola di Apollo", "at": "N20", "props": {"pair": "apollo"}},

    # --- the nine "?" squares: one on the floor of Minerva, Mars and Apollo, one in the blue basin,
    # one on the yellow basin's dry shore, one in Saturnus, three in the open ruins
    {"kind": "discovery", "name": "? Minerva", "at": "E6"},
    {"kind": "discovery", "name": "? Mars", "at": "N9"},
    {"kind": "discovery", "name": "? Colonnato", "at": "G10"},
    {"kind": "discovery", "name": "? Apollo", "at": "O20"},
    {"kind": "discovery", "name": "? Saturnus", "at": "I6"},
    {"kind": "discovery", "name": "? Riva del lago", "at": "L7"},
    {"kind": "discovery", "name": "? Lago blu", "at": "P12"},
    {"kind": "discovery", "name": "? Foro", "at": "J13"},
    {"kind": "discovery", "name": "? Rovine", "at": "F13"},
] + [
    # --- where Zenigata and his 7 agents may be placed: the site's dirt (e.g. I13, F18)
    {"kind": "police_zone", "name": "Sterrato del sito romano", "at": run} for run in _police_runs()
]

LABELS = [
    {"text": "Vesta", "at": "E10"},
    {"text": "Iuppiter", "at": "G22"},
    {"text": "Saturnus", "at": "I6"},
    {"text": "Minerva", "at": "E6"},
    {"text": "Mars", "at": "N9"},
    {"text": "Neptunus", "at": "N15"},
    {"text": "Apollo", "at": "N20"},
    {"text": "Divus Caesar", "at": "G15"},
    {"text": "Forum", "at": "H8"},
    {"text": "Rampa", "at": "D16"},
    {"text": "Al castello", "at": "A4"},
    {"text": "Al villaggio", "at": "A1"},
]
