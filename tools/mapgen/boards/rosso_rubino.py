"""Rosso rubino: the estate of Alhak Kajed, the Burmese Gem Lord (Lupin base box).

Only the coordinates the rulebook names are the printed board's; the rest is our drawing (see
docs/rules-decisions.md (Lupin: board layouts)). West of the river: the village the gang starts from (house on A1–A2,
red squares C1 and R1), the jungle and the helipad. East of the river: the Gem Lord's estate with
its four treasure buildings (10 guard squares on their roofs), gardens, the teak wood, and the
police station with its parking L23–L24.
"""

EPISODE = "rosso-rubino"
DESIGNED_NOTE = ("Layout designed by Heist Table: only A1, A2, C1, R1, L23-L24, I18, G15, E20, "
                 "the helipad's columns and the 10 guard roof squares come from the rulebook; "
                 "see docs/rules-decisions.md (Lupin: board layouts)")

#         1234567890123456789012345
GROUND = """
...#,,,,,~~#TT,,,,,**+**,
,,.#BBBD,~~#TT,BBBB**+**,
...,BDBB,~~kTT,BRBB**+**,
,,.,,,,,,~~#,,,BBDB##,##,
,,.......==..............
,,.,BD,,,~~#+*.,BBDBT.###
,,.TTTTT,~~#+*.,BRBBT.#,,
,,.TTTTT,~~#+*.,BDBBT.,,,
,,.TTTTT,~~#,,........#,,
,,.TTTTTk~~#DB.,BBDB,.#,,
,,.TTTTT,~~#BR.,BBBB,.###
,,.TTTTT,~~#BD.,BRBB,...,
,,.:::::,~~#BB.,BBBB,.BDB
,,.::H::,~~#,,.,BDBB,.BBB
,,.:::::,~~k,,.##:###.BBB
,,.......==...........,,,
,,.,,,,,,~~#,,TTTTT*+.,TT
...,BBB,,~~#,,TTTTT*+.,TT
,,.,BBD,k~~#,,TTTTT*+.,,,
,,.,,,,,,~~#,,TTTTT,,.,,,
"""

GROUND_LEGEND = {
    ".": "road",
    ",": "grass",
    ":": "dirt",
    "T": "woods",
    "*": "flowerbed",
    "+": "crossing",
    "#": "wall",
    "B": "building",
    "D": "door",
    "R": "roof_access",
    "=": "bridge",
    "k": "dock",
    "~": "water",
    "H": "helipad",
}

# '.' no roof; a digit: a building's footprint of that many floors; a letter: a standable roof
# square of that height (a=1, b=2, c=3, d=4). The 10 letters on the four estate buildings are the
# guards' squares.
#         1234567890123456789012345
ROOFS = """
.........................
....1111.......d444......
....1111.......4444......
...............444d......
.........................
....11..........b22b.....
................2222.....
................222b.....
.........................
............1a..c33c.....
............11..3333.....
............11..3333.....
............a1..3333..222
................333c..2b2
......................222
.........................
.........................
....111..................
....111..................
.........................
"""

#         1234567890123456789012345
WATER = """
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
.........~~..............
"""

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
    {"kind": "building", "name": "Stazione di Polizia", "at": "M23:O25",
     "props": {"height": 2, "police": True}},

    # --- the helicopter's pad (rulebook: "H", never in columns 17-25)
    {"kind": "helipad", "name": "Eliporto", "at": "N6"},

    # --- the boat's landing stages
    {"kind": "dock", "name": "Molo della Pagoda", "at": "C12"},
    {"kind": "dock", "name": "Molo del villaggio", "at": "J9"},
    {"kind": "dock", "name": "Molo del Loto", "at": "O12"},
    {"kind": "dock", "name": "Molo del pescatore", "at": "S9"},

    # --- the Gem Lord's four buildings: one treasure tile beside each
    {"kind": "building", "name": "Pagoda d'Oro", "at": "B16:D19",
     "props": {"height": 4, "treasure": True}},
    {"kind": "treasure_site", "name": "Tesoro della Pagoda", "at": "C15",
     "props": {"building": "Pagoda d'Oro"}},
    {"kind": "building", "name": "Sala dei Rubini", "at": "F17:H20",
     "props": {"height": 2, "treasure": True}},
    {"kind": "treasure_site", "name": "Tesoro della Sala", "at": "G16",
     "props": {"building": "Sala dei Rubini"}},
    {"kind": "building", "name": "Palazzo di Alhak Kajed", "at": "J17:N20",
     "props": {"height": 3, "treasure": True}},
    {"kind": "treasure_site", "name": "Tesoro del Palazzo", "at": "K16",
     "props": {"building": "Palazzo di Alhak Kajed"}},
    {"kind": "building", "name": "Padiglione del Loto", "at": "J13:M14",
     "props": {"height": 1, "treasure": True}},
    {"kind": "treasure_site", "name": "Tesoro del Padiglione", "at": "I13",
     "props": {"building": "Padiglione del Loto"}},

    # --- the village (cover and hiding places for the gang)
    {"kind": "building", "name": "Locanda del Drago", "at": "B5:C8", "props": {"height": 1}},
    {"kind": "building", "name": "Capanna del pescatore", "at": "R5:S7", "props": {"height": 1}},
    {"kind": "building", "name": "Capanna del villaggio", "at": "F5:F6", "props": {"height": 1}},
]

LABELS = [
    {"text": "Casa della banda", "at": "B2"},
    {"text": "Capanna", "at": "F5"},
    {"text": "Risaie", "at": "O5"},
    {"text": "Muro della tenuta", "at": "R12"},
    {"text": "Locanda del Drago", "at": "B6"},
    {"text": "Capanna del pescatore", "at": "R6"},
    {"text": "Giungla", "at": "I6"},
    {"text": "Eliporto", "at": "N6"},
    {"text": "Fiume Irrawaddy", "at": "H10"},
    {"text": "Strada del villaggio", "at": "O2"},
    {"text": "Viale degli Elefanti", "at": "E17"},
    {"text": "Viale del Rubino", "at": "N15"},
    {"text": "Via delle Guardie", "at": "I20"},
    {"text": "Strada della Polizia", "at": "R22"},
    {"text": "Strada del Ponte Sud", "at": "P17"},
    {"text": "Boschetto", "at": "B13"},
    {"text": "Bambù", "at": "G21"},
    {"text": "Ponte Nord", "at": "D10"},
    {"text": "Ponte Sud", "at": "Q10"},
    {"text": "Giardino delle Orchidee", "at": "B22"},
    {"text": "Giardino del Loto", "at": "G13"},
    {"text": "Pagoda d'Oro", "at": "C17"},
    {"text": "Sala dei Rubini", "at": "G18"},
    {"text": "Palazzo di Alhak Kajed", "at": "L18"},
    {"text": "Padiglione del Loto", "at": "L13"},
    {"text": "Recinto degli elefanti", "at": "H24"},
    {"text": "Stazione di Polizia", "at": "N24"},
    {"text": "Bosco di teak", "at": "R17"},
]
