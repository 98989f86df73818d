"""La lama di Stonehenge: Salisbury Plain around the stones, near Amesbury (expansion I).

Only the coordinates the rulebook names are the printed board's (the arrows B25 and C25, the
underpass B4, Zenigata's return square E9, police placement in columns 1-17); the rest is our
drawing, explained in docs/rules-decisions.md (Lupin: board layouts).

The stone circle (I8:O14) stands inside the ring ditch of the henge (level -1, causeways at the
north-east and the south); its coloured squares are entered only through its four arrows. The
Avenue runs from the north-east causeway towards the drove, between its two ditches, past the Heel
Stone. The A344 crosses the north of the board (the gang arrives from the east at B25 and C25; the
visitors' path from the car park passes under it at B4), the A303 the south; a byway (column 2) and
the drove through King Barrow wood (column 22) link them. Open grass in the police's half, woods and
ditches for the gang.
"""

EPISODE = "stonehenge"
DESIGNED_NOTE = ("Layout designed by Heist Table: only B25, C25, B4, E9 and the police columns "
                 "1-17 come from the rulebook; stones, arrows, ditches, roads and woods are our "
                 "design, see docs/rules-decisions.md (Lupin: board layouts)")

# R the stones (block sight), f the coloured squares among them, A the arrows (the only way in and
# out), U the underpass B4, v the ditch's floor (the DITCH grid puts it at level -1), : paths and
# dirt tracks, = roads and the car park.
#         1234567890123456789012345
GROUND = """
========,TTT,,,,,TTTT,,,,
===U=====================
,:,:,,T,,,TTT,,,,,,,,====
T:T::,,,,,,T,,TT,TT,,:,,,
T:TT:::::::,,,,,,T,,,:,,,
T:T,,,vvvvvvvvv,,,vvv:,,,
T:T,,vv,,,,,,,::::::::,,,
T:,,vv,,,,,,,,,vvR,,,:,,,
,:,,v,,,RRARR,,,v,vvv:,,,
,:,,v,,RfffffR,,v,,,,:,T,
,:,,v,,RfRfffR,,v,TTT:TTT
,:T,v,,AffRffA,,v,TTT:TTT
,:,,v,,RfRfRfR,,v,T,T:TTT
,:,,v,,RfffffR,,v,T,T:T,T
,:,,v,,,RRARR,,,v,TTT:T,T
,:,,vv,,,,:,,,,vv,TTT:TTT
,:T,,vv,,,:,,,vv,,TTT:TTT
,:,T,,vvvv:vvvv,,,T,,:,,,
=========================
,,TTTTTT,,,,,TTTTTT,,,,,,
"""

GROUND_LEGEND = {
    "=": "road",
    ":": "dirt",
    ",": "grass",
    "v": "grass",
    "T": "woods",
    "R": "ruin",
    "f": "ruin_floor",
    "A": "arrow",
    "U": "underpass",
}

# The ditch: the henge's ring (causeways G15-G16 and R11) and the Avenue's two ditches.
#         1234567890123456789012345
DITCH = """
.........................
.........................
.........................
.........................
.........................
......vvvvvvvvv...vvv....
.....vv..................
....vv.........vv........
....v...........v.vvv....
....v...........v........
....v...........v........
....v...........v........
....v...........v........
....v...........v........
....v...........v........
....vv.........vv........
.....vv.......vv.........
......vvvv.vvvv..........
.........................
.........................
"""

# Level -1 in the ditch, 0 elsewhere.
#         1234567890123456789012345
LEVELS = """
.........................
.........................
.........................
.........................
.........................
......---------...---....
.....--..................
....--.........--........
....-...........-.---....
....-...........-........
....-...........-........
....-...........-........
....-...........-........
....-...........-........
....-...........-........
....--.........--........
.....--.......--.........
......----.----..........
.........................
.........................
"""

PLACES = [
    # --- the gang's start and escape squares: the arrows at the east edge (rulebook: B25, C25)
    {"kind": "start", "name": "Frecce A344 (B25)", "at": "B25", "props": {"side": "gang"}},
    {"kind": "start", "name": "Frecce drove (C25)", "at": "C25", "props": {"side": "gang"}},

    # --- the underpass under the A344 (rulebook: B4, crossed north-south, never stopped on)
    {"kind": "underpass", "name": "Sottopassaggio", "at": "B4", "props": {"direction": "ns"}},

    # --- Zenigata's return square (rulebook: E9) and the police set-up area (columns 1-17)
    {"kind": "zenigata_return", "name": "Ritorno di Zenigata", "at": "E9"},
    {"kind": "police_zone", "name": "Colonne 1-17", "at": "A1:T17"},

    # --- the arrows: the only squares through which the stones' coloured squares are entered
    {"kind": "arrow", "name": "Freccia nord", "at": "I11"},
    {"kind": "arrow", "name": "Freccia est", "at": "L14"},
    {"kind": "arrow", "name": "Freccia sud", "at": "O11"},
    {"kind": "arrow", "name": "Freccia ovest", "at": "L8"},
]

LABELS = [
    {"text": "Stonehenge", "at": "J11"},
    {"text": "Heel Stone", "at": "H18"},
    {"text": "The Avenue", "at": "G20"},
    {"text": "A344", "at": "B14"},
    {"text": "A303", "at": "S11"},
    {"text": "Car park", "at": "A6"},
    {"text": "Fargo Plantation", "at": "E2"},
    {"text": "King Barrow Ridge", "at": "N23"},
    {"text": "Byway", "at": "J2"},
    {"text": "Drove", "at": "E22"},
    {"text": "Henge ditch", "at": "R8"},
]
