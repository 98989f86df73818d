"""Gran colpo in banca: Lugano, the Swiss bank and its four vaults (Lupin base box).

Only the coordinates the rulebook names are the printed board's; the rest is our drawing (see
docs/rules-decisions.md (Lupin: board layouts)). North-west: the old town's alleys (cover, no cars). Centre: Corso
Pestalozzi, the two-lane avenue, with Piazza della Riforma and the Banca Centrale Svizzera beside
it. East: the police station (parking L23–L24), the tower and Parco Ciani. South: the lakefront
(Riva Albertolli) and the lake. The bus runs one loop of 13 stops, one stop a round.
"""

EPISODE = "gran-colpo"
DESIGNED_NOTE = ("Layout designed by Heist Table: only A1, A2, C1, R1, E14-F14, L23-L24, I18, G15, "
                 "E20 and the helipad's columns come from the rulebook; the street plan, buildings, "
                 "vaults and bus stops 2-13 are ours; see docs/rules-decisions.md (Lupin: board layouts)")

#         1234567890123456789012345
GROUND = """
...BBBBB,,BBB..BBBB,TTTTT
,,.BBDBB,,BDB..BDBB,TTTTT
.........................
TT.BBB:BBD:BR..BBBD.BBB,,
TT.DRB:DRB:DB..BDRB.BRB,,
TT.BDB:::::BD..::::.BDB,T
TT.::::BDB:DB..*+*:.:::TT
,,.BBB:RBD:RB..::::.##,TT
,,.......................
BB.BBRBB.BBBB..BRBB.BBBB,
BD.DBBBD.DRBB..DBBB.BBDB,
BB.,TTT,.BBBD..BBBD.....,
,,.,TTT,.,##,..BBBB.####,
,,.......................
TT.#,,,#.BDB,..BBBD.*TTTT
TT.,,H,,.BRB,..BDRB.+TTTT
,,.#,,,#.BDB,..,,,,.*TTTT
.........................
~~~~~~~~~~~~~~~~~~~~~~~~~
~~~~~~~~~~~~~~~~~~~~~~~~~
"""

GROUND_LEGEND = {
    ".": "road",
    ",": "grass",
    ":": "dirt",        # the old town's alleys and the piazza's paving: walkable, no cars
    "T": "woods",
    "*": "flowerbed",
    "+": "crossing",
    "#": "wall",
    "B": "building",
    "D": "door",
    "R": "roof_access",
    "~": "water",
    "H": "helipad",
}

# '.' no roof; a digit: footprint of that many floors; a letter: a standable roof square
# (a=1 ... e=5).
#         1234567890123456789012345
ROOFS = """
...22222..111..2222......
...22222..111..2222......
.........................
...d4d.c33.b2..c3c3.e5e..
...444.33c.22..3333.555..
...444.....22.......55e..
.......b2b.1a............
...222.222.11............
.........................
22.c333c.d44d..c33c.3c33.
22.33333.4444..3333.3333.
22.......4444..3333......
...............c333......
.........................
.........e55...bb22......
.........555...2222......
.........55e.............
.........................
.........................
.........................
"""

#         1234567890123456789012345
WATER = """
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
.........................
.........................
.........................
.........................
.........................
.........................
.........................
~~~~~~~~~~~~~~~~~~~~~~~~~
~~~~~~~~~~~~~~~~~~~~~~~~~
"""

# The bus: one stop a round, two road squares each, along one loop (counter-clockwise on the
# map): Corso Pestalozzi south, round the bank (Via Pretorio, Via Canova, Via della Posta), the
# avenue again, west along the lake, north up Via Cantonale, east along Corso Elvezia.
_BUS_STOPS = [
    "E14-F14",   # 1 (rulebook) Corso Pestalozzi, by the old town
    "I16-I17",   # 2 Via Pretorio, the bank's north side
    "J20-K20",   # 3 Via Canova, by the bank's back door
    "N18-N19",   # 4 Via della Posta, the bank's south side
    "O14-P14",   # 5 Corso Pestalozzi, south
    "R12-R13",   # 6 Riva Albertolli, Hotel Splendide
    "R7-R8",     # 7 Riva Albertolli, the helipad
    "P3-Q3",     # 8 Via Cantonale, near the red square R1
    "L3-M3",     # 9 Via Cantonale
    "G3-H3",     # 10 Via Cantonale, the cathedral
    "C4-C5",     # 11 Corso Elvezia, near the red square C1 and the house
    "C8-C9",     # 12 Corso Elvezia, the station
    "C12-C13",   # 13 Corso Elvezia, the funicular
]

PLACES = [
    # --- the gang's start and escape squares (rulebook: A1, A2 the house; C1, R1 the red squares)
    {"kind": "start", "name": "Casa della banda", "at": "A1", "props": {"side": "gang"}},
    {"kind": "start", "name": "Casa della banda", "at": "A2", "props": {"side": "gang"}},
    {"kind": "start", "name": "Casella rossa C1", "at": "C1"},
    {"kind": "start", "name": "Casella rossa R1", "at": "R1"},

    # --- the police (rulebook: parking L23-L24; reinforcements I18, G15, E20)
    {"kind": "police_parking", "name": "Parcheggio della polizia", "at": "L23-L24"},
    {"kind": "reinforcement", "name": "Rinforzi I18", "at": "I18"},
    {"kind": "reinforcement", "name": "Rinforzi G15", "at": "G15"},
    {"kind": "reinforcement", "name": "Rinforzi E20", "at": "E20"},
    {"kind": "police_zone", "name": "Colonne 14-25", "at": "A14:T25"},
    {"kind": "building", "name": "Polizia Cantonale", "at": "J21:K24",
     "props": {"height": 3, "police": True}},

    # --- the helicopter's pad (rulebook: "H", never in columns 17-25)
    {"kind": "helipad", "name": "Eliporto", "at": "P6"},

    # --- the bank and its four vaults (one treasure tile each, beside the board)
    {"kind": "building", "name": "Banca Centrale Svizzera", "at": "J16:M19",
     "props": {"height": 3, "treasure": True}},
    {"kind": "vault", "name": "Vault 1", "at": "K17"},
    {"kind": "vault", "name": "Vault 2", "at": "K18"},
    {"kind": "vault", "name": "Vault 3", "at": "L17"},
    {"kind": "vault", "name": "Vault 4", "at": "L18"},

    # --- the town (heights 1-5 for the hang glider; two doors: can be crossed, one: a hideout)
    {"kind": "building", "name": "Stazione FFS", "at": "A4:B8", "props": {"height": 2}},
    {"kind": "building", "name": "Funicolare", "at": "A11:B13", "props": {"height": 1}},
    {"kind": "building", "name": "Palazzo degli Studi", "at": "A16:B19", "props": {"height": 2}},
    {"kind": "building", "name": "Cattedrale di San Lorenzo", "at": "D4:F6", "props": {"height": 4}},
    {"kind": "building", "name": "Palazzo Riva", "at": "D8:E10", "props": {"height": 3}},
    {"kind": "building", "name": "Casa Torriani", "at": "D12:F13", "props": {"height": 2}},
    {"kind": "building", "name": "Teatro", "at": "G8:H10", "props": {"height": 2}},
    {"kind": "building", "name": "Bottega", "at": "G12:H13", "props": {"height": 1}},
    {"kind": "building", "name": "Case di Via Pessina", "at": "H4:H6", "props": {"height": 2}},
    {"kind": "building", "name": "Palazzo Civico", "at": "D16:E19", "props": {"height": 3}},
    {"kind": "building", "name": "Torre Cattaneo", "at": "D21:F23", "props": {"height": 5}},
    {"kind": "building", "name": "Villa Favorita", "at": "J1:L2", "props": {"height": 2}},
    {"kind": "building", "name": "Palazzo Albertolli", "at": "J4:K8", "props": {"height": 3}},
    {"kind": "building", "name": "Hotel Federale", "at": "J10:L13", "props": {"height": 4}},
    {"kind": "building", "name": "Hotel Splendide", "at": "O10:Q12", "props": {"height": 5}},
    {"kind": "building", "name": "Palazzo dei Congressi", "at": "O16:P19", "props": {"height": 2}},
] + [
    {"kind": "bus_stop", "name": f"Fermata {n}", "at": at, "props": {"round": n}}
    for n, at in enumerate(_BUS_STOPS, start=1)
]

LABELS = [
    {"text": "Casa della banda", "at": "A2"},
    {"text": "Corso Elvezia", "at": "C17"},
    {"text": "Via Cantonale", "at": "H2"},
    {"text": "Corso Pestalozzi", "at": "Q14"},
    {"text": "Via Pretorio", "at": "I11"},
    {"text": "Via Canova", "at": "H20"},
    {"text": "Via della Posta", "at": "N6"},
    {"text": "Via Luvini", "at": "M9"},
    {"text": "Riva Albertolli", "at": "R17"},
    {"text": "Lago di Lugano", "at": "T12"},
    {"text": "Città Vecchia", "at": "F9"},
    {"text": "Piazza della Riforma", "at": "G17"},
    {"text": "Banca Centrale Svizzera", "at": "L17"},
    {"text": "Polizia Cantonale", "at": "J22"},
    {"text": "Parco Ciani", "at": "P23"},
    {"text": "Eliporto", "at": "P6"},
    {"text": "Stazione FFS", "at": "A6"},
    {"text": "Funicolare", "at": "A12"},
    {"text": "Palazzo degli Studi", "at": "A17"},
    {"text": "Cattedrale di San Lorenzo", "at": "E5"},
    {"text": "Palazzo Riva", "at": "D9"},
    {"text": "Casa Torriani", "at": "E13"},
    {"text": "Teatro", "at": "H9"},
    {"text": "Palazzo Civico", "at": "D18"},
    {"text": "Torre Cattaneo", "at": "E22"},
    {"text": "Villa Favorita", "at": "K1"},
    {"text": "Palazzo Albertolli", "at": "J6"},
    {"text": "Hotel Federale", "at": "K12"},
    {"text": "Hotel Splendide", "at": "P11"},
    {"text": "Palazzo dei Congressi", "at": "O18"},
]
