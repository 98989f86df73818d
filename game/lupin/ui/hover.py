"""What a tooltip says of a marker on Lupin's play screen: a figure, a car, a gang vehicle, the bus,
a treasure tile, a place of the board (start squares, docks, helipad, bus stops, vaults...), a door
or a roof, a device. Every text comes from the seat's view and the public board only, so a tooltip
can never tell a seat more than its view: a hidden member has no token in Zenigata's view (no
tooltip), and a face-down tile says only that it is face down.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import current_language, t
from game.lupin.rules import catalog as cat
from game.lupin.rules.characters import sheet
from game.lupin.rules.geometry import Sq
from game.lupin.ui import choices as C

PLACE_KINDS = ("start", "police_parking", "reinforcement", "dock", "helipad", "bus_stop", "vault",
               "treasure_site", "zenigata_return")


def figure_tip(view: dict, fid: str, status: str) -> str | None:
    """A figure of the view: who it is and what it can do (its sheet), with its wounds."""
    f = view["figures"].get(fid)
    if f is None:
        return None
    kind = f["kind"]
    try:
        sh = sheet(C.sheet_id(view, fid))
    except KeyError:
        return C.figure_name(fid)
    values = {"move": sh.movement(f.get("wounds", 0)), "pistol": sh.pistol, "rifle": sh.rifle, "melee": sh.melee,
              "agility": sh.agility, "wounds": f.get("wounds", 0), "max": sh.max_wounds}
    if kind == "gang":
        text = t("lupin_cards.tip.gang", name=C.full_name(fid), status=status, **values)
        if f.get("spot") and not f.get("shown") and not f.get("escaped"):
            text += "\n" + t("lupin_cards.tip.gang_hidden", name=C.figure_name(fid))
        carried = carried_tip(view, fid)
        if carried:
            text += "\n" + carried
        return text
    if kind == "zenigata":
        return t("lupin_cards.tip.zenigata", **values)
    n = fid.split("-")[-1]
    if kind == "guard":
        return t("lupin_cards.tip.guard", n=n, **values)
    held = next((g for g, gf in view["figures"].items() if gf.get("arrested_by") == fid), None)
    if held is not None:
        return t("lupin_cards.tip.agent_holding", n=n, name=C.figure_name(held))
    return t("lupin_cards.tip.agent", n=n, **values)


def car_tip(view: dict, cid: str) -> str | None:
    car = view["cars"].get(cid)
    if car is None:
        return None
    agents = ", ".join(C.figure_name(a) for a in car.get("agents") or ()) or "—"
    return t("lupin_cards.tip.car", n=cid.split("-")[-1], agents=agents)


def device_tip(device_id: str) -> str:
    """A device: its name, then the catalogue's text."""
    d = cat.device(device_id)
    lang = current_language()
    return t("lupin_cards.tip.device", name=d.name.get(lang)) + "\n" + d.text.get(lang)


def ride_tip(view: dict, ride_id: str) -> str | None:
    ride = next((r for r in view.get("rides") or () if r.get("id") == ride_id), None)
    if ride is None:
        return None
    name = C.vehicle_name(ride_id) or C.item_name(ride.get("device") or ride_id)
    text = t("lupin_cards.tip.vehicle", name=name)
    device = ride.get("device")
    if device:
        try:
            text += "\n" + cat.device(device).text.get(current_language())
        except KeyError:
            pass
    if ride.get("hits") and ride.get("resistance"):
        text += "\n" + t("lupin_board_x.tip.vehicle_hits", hits=ride["hits"], total=ride["resistance"])
    riders = [C.figure_name(r) for r in ride.get("riders") or ()]
    if riders:
        text += "\n" + ", ".join(riders)
    return text


def tile_tip(view: dict, tile: dict, board: Any = None) -> str:
    """A treasure tile: its number (the one on the board, the flip button and the log), its face
    if the seat saw it, and, while it lies at its place, how the gang takes it (the rulebook's
    phase 4: a member who went in through the door flips it, once a round)."""
    n = int(tile.get("index", 0)) + 1
    if "treasure" not in tile:
        text = t("lupin_cards.tip.tile_hidden", n=n)
    else:
        text = t("lupin_cards.tip.tile_treasure" if tile["treasure"] else "lupin_cards.tip.tile_empty", n=n)
    if tile.get("carrier"):
        text += " " + t("lupin_cards.tip.carried", name=C.figure_name(tile["carrier"]))
    elif tile.get("site") and board is not None:
        text += "\n" + how_to_take(board, tile, n)
    return text


def how_to_take(board: Any, tile: dict, n: int) -> str:
    """How a tile lying at its place is taken: by its building's door, then phase 4."""
    site = next((p for p in board.places if p.kind in ("treasure_site", "vault") and p.name == tile["site"]), None)
    building = (site.props.get("building") if site is not None else None) or tile["site"]
    if building not in board.buildings:   # a vault: the bank that holds it
        building = next((name for name, b in sorted(board.buildings.items()) if b.props.get("treasure")), building)
        return t("i11_board.tip.take_vault", n=n, building=building)
    return t("i11_board.tip.take_tile", n=n, building=building)


def tile_at(view: dict, board: Any, sq: tuple[int, int]) -> dict | None:
    """The face-down tile drawn on this square (at its treasure site or vault), if any."""
    from game.lupin.ui.board_scene import tile_square

    for tile in view["tiles"]:
        at = tile_square(board, tile)
        if at is not None and (at.row, at.col) == tuple(sq):
            return tile
    return None


def place_tip(place: Any) -> str | None:
    kind = place.kind
    if kind not in PLACE_KINDS:
        return None
    if kind == "bus_stop":
        return t("lupin_cards.tip.bus_stop", n=place.props.get("round", "?"))
    return t(f"lupin_cards.tip.{kind}", name=place.name)


def terrain_tip(board: Any, sq: tuple[int, int]) -> str | None:
    """A door, a roof access, a roof (with its height) or woods; on a board with levels
    (Cagliostro, Stonehenge's ditch) every square's level too."""
    try:
        cell = board.cell(Sq(*sq))
    except Exception:  # noqa: BLE001 - off the board
        return None
    text = None
    if cell.terrain == "door":
        text = t("lupin_cards.tip.door")
    elif cell.terrain == "roof_access":
        text = t("lupin_cards.tip.roof_access")
    elif getattr(cell, "roof", False) and getattr(cell, "height", 0):
        text = t("lupin_cards.tip.roof", n=cell.height)
    elif cell.terrain == "woods":
        text = t("lupin_cards.tip.woods")
    level = level_tip(board, cell)
    return "\n".join(x for x in (text, level) if x) or None


def level_tip(board: Any, cell: Any) -> str | None:
    """The level of a square, on a board that has more than one (the board shows a number only
    once an area, where a printed board would)."""
    if not any(board.cell(s).level for s in board.squares()):
        return None
    from game.lupin.ui.board_art import level_text

    n = level_text(cell.level)
    if cell.level < 0 or getattr(cell, "ditch", False):
        return t("i11_board.tip.level_ditch", n=n)
    if cell.terrain in ("stairs", "ramp"):
        return t("i11_board.tip.level_passage", n=n)
    return t("i11_board.tip.level", n=n)


def square_tip(view: dict, board: Any, sq: tuple[int, int], tokens_here: list[str], status) -> str | None:
    """The marker on a board square, most specific first: a token, the bus, a treasure tile, a
    place of the board, a door or roof. ``tokens_here``: the ids drawn on the square (nearest to
    the mouse first); ``status(fid, figure)``: the roster's status line of a figure."""
    for ident in tokens_here:
        if ident in view["figures"]:
            text = figure_tip(view, ident, status(ident, view["figures"][ident]))
        elif ident in view["cars"]:
            text = car_tip(view, ident)
        else:
            text = ride_tip(view, ident)
        if text:
            return text
    from game.lupin.rules.geometry import spot_to_text

    here = spot_to_text(Sq(*sq))
    if here in (view.get("bus") or ()):
        return t("lupin_cards.tip.bus")
    tile = tile_at(view, board, sq)
    if tile is not None:
        return tile_tip(view, tile, board)
    text = expansion_tip(view, board, sq)
    if text:
        return text
    for place in board.places_at(Sq(*sq)):
        text = place_tip(place)
        if text:
            return text
    return terrain_tip(board, sq)


def expansion_tip(view: dict, board: Any, sq: tuple[int, int]) -> str | None:
    """A marker of the expansion episodes on this square (board_expansion.py): a discovery token
    (face down it says only that), a temple and its gate, a handwheel, a trapdoor, the coins, a
    tomb or Excalibur's square (in a gang seat's view only: Zenigata's has none of them)."""
    from game.lupin.ui.board_expansion import PLAQUE_SQUARES, markers_at

    for m in markers_at(view, board, sq):
        text = marker_tip(view, m)
        if text:
            return text
    if view.get("stonehenge") and tuple(sq) in PLAQUE_SQUARES:
        return plaque_tip(view)
    return None


def marker_tip(view: dict, m: Any) -> str | None:
    d = m.data
    if m.kind == "token":
        if d["token"] is None:
            return t("lupin_board_x.tip.token_down")
        what = t(f"lupin.cagliostro.token.{d['token']}")
        return t("lupin_board_x.tip.token_up", what=what) + "\n" + t(f"lupin_board_x.tip.token_effect.{d['token']}")
    if m.kind == "temple":
        if d["state"] == "open":
            text = t("lupin_board_x.tip.temple_open", name=d["name"])
        elif d["state"] == "opening":
            text = t("lupin_board_x.tip.temple_opening", name=d["name"], round=d.get("from") or "?")
        else:
            what = t(f"lupin_board_x.tip.opened_by.{d.get('opened_by') or 'busts'}")
            text = t("lupin_board_x.tip.temple_closed", name=d["name"], what=what)
        if d.get("opened_by") == "busts":
            text += "\n" + t("lupin_board_x.tip.coins_temple")
        return text
    if m.kind == "handwheel":
        zone = t(f"lupin_board_x.zone.{d['zone']}")
        if not d["turned"]:
            return t("lupin_board_x.tip.handwheel", zone=zone)
        text = t("lupin_board_x.tip.handwheel_turned", zone=zone)
        if d.get("drained"):
            return text + "\n" + t("lupin_board_x.tip.handwheel_drained", zone=zone)
        if d.get("from"):
            return text + "\n" + t("lupin_board_x.tip.handwheel_draining", zone=zone, round=d["from"])
        return text
    if m.kind == "trapdoor":
        return t("lupin_board_x.tip.passage" if d["open"] else "lupin_board_x.tip.trapdoor", to=d.get("to") or "?")
    if m.kind == "coins":
        return t("lupin_board_x.tip.coins")
    if m.kind == "dropped":
        return t("lupin_board_x.tip.dropped")
    if m.kind == "tomb":
        name = t(f"lupin_board_x.tip.tomb_name.{d['name']}")
        return t("lupin_board_x.tip.tomb_dug" if d["dug"] else "lupin_board_x.tip.tomb", name=name)
    if m.kind == "excalibur":
        return t("lupin_board_x.tip.excalibur_open" if d["open"] else "lupin_board_x.tip.excalibur_buried")
    return None


def carried_tip(view: dict, fid: str) -> str | None:
    """What a figure's badge says: he carries the coins (Cagliostro) or Excalibur (Stonehenge)."""
    if not any(tile.get("carrier") == fid for tile in view.get("tiles") or ()):
        return None
    key = {"cagliostro": "coins_carried", "stonehenge": "blade_carried"}.get(view.get("episode"))
    return t(f"lupin_board_x.tip.{key}", name=C.figure_name(fid)) if key else None


def plaque_tip(view: dict) -> str | None:
    """Stonehenge's plaque, for everybody: the pits dug, by whom, and the blade."""
    part = view.get("stonehenge")
    if not part:
        return None
    from game.lupin.ui.board_expansion import blade_state

    names = ", ".join(C.figure_name(d) for d in part.get("diggers") or ())
    by = t("lupin_board_x.tip.plaque_by", names=names) if names else ""
    carrier = C.figure_name(part["carrier"]) if part.get("carrier") else ""
    blade = t(f"lupin_board_x.plaque.blade_{blade_state(view)}", name=carrier)
    return t("lupin_board_x.tip.plaque", pits=part.get("pits", 0), total=part.get("pits_total", 3), by=by, blade=blade)
