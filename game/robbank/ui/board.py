"""How to Rob a Bank's board view for the shell's table (:class:`game.ui.scenes.table.BoardView`).

It draws one :class:`RobView` in the board's part of the screen:

* at the left, the bank as a printed floor plan: the 3×3 rooms (numbered 1-9, named, thick walls on
  the sides they face after the bank's turns), the road round it in twelve sections (numbered 1-12
  clockwise from the top-left), the car, the loot bags (a padlock when locked) and the alarm, the
  guards (shields numbered 1-3) and the thieves (round, with their letter), a stunned pawn lying
  down, the bags a thief carries under him; the road's corners hold the stolen bags against the
  target, the round, and the alarm once set off;
* at the right, every stack as it may be seen: by the table rules only each stack's top card while
  planning (with the count of the cards beneath), with open stacks every card; while robbing, the
  cards revealed so far, the one being played lit;
* along the foot, what the seat on screen does now: the hand to lay a card from (planning), the
  card being played with what is left of it, a sentence saying what may be clicked, and buttons for
  the thieves' extra actions, Stand guards up and Done.

It decides nothing: what is lit and what a click does come from the legal actions. The one thing it
keeps is the guard the bank has picked (``selected``): a click on a guard picks him, the next on a
room moves him there. A click that names a move the rules do not allow now (a room out of reach, a
tile with no wall) is still handed to the rules (:meth:`RobBoard.intent`), which refuse it with a
sentence and change nothing.

Privacy: the hand drawn is the view's (``view.hands[stack]``, None for a hand this seat may not
see: then only its backs are drawn); :attr:`RobBoard.drawn_hand` records which hand the last frame
drew, for the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine.api import Action
from game.engine.i18n import t
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.scenes.table import BOARD, fitted
from game.ui.widgets import draw_panel, mix

from game.robbank import texts
from game.robbank.rules import board as geometry
from game.robbank.rules import data
from game.robbank.rules.actions import (
    ALARM, EndTurn, GuardMove, Grab, Lay, Lock, MoveCar, PassBag, Pick, PlaceCar, Rotate, SetOffAlarm, Spray,
    StandUp, Tackle, ThiefMove, Throw, Vents,
)
from game.robbank.ui import art

MAP = pygame.FRect(BOARD.left + 10, BOARD.top + 10, 570, 570)
ROAD = 60.0
ROOM = (MAP.width - 2 * ROAD) / 3
RIGHT = pygame.FRect(MAP.right + 14, BOARD.top + 10, BOARD.right - 10 - (MAP.right + 14), MAP.height)
INFO = pygame.FRect(RIGHT.left, RIGHT.top, RIGHT.width, 92)
STACKS = pygame.FRect(RIGHT.left, INFO.bottom + 10, RIGHT.width, RIGHT.bottom - INFO.bottom - 10)
BOTTOM = pygame.FRect(BOARD.left + 10, MAP.bottom + 12, BOARD.width - 20, BOARD.bottom - 10 - (MAP.bottom + 12))
CARD_AREA = pygame.FRect(BOTTOM.left + 12, BOTTOM.top + 12, 150, BOTTOM.height - 24)
HAND_W, HAND_H, HAND_GAP = 118.0, 178.0, 10.0
BUTTON_W, BUTTON_H, BUTTON_GAP = 196.0, 46.0, 10.0
SLOT_H = 64.0            # a compact card in a stack's column
PAWN = 14.0


def room_rect(room: int) -> pygame.FRect:
    r, c = divmod(room, 3)
    return pygame.FRect(MAP.left + ROAD + c * ROOM, MAP.top + ROAD + r * ROOM, ROOM, ROOM)


def section_rect(section: int) -> pygame.FRect:
    room, side = geometry.SECTIONS[section]
    rr = room_rect(room)
    if side == "n":
        return pygame.FRect(rr.left, MAP.top, ROOM, ROAD)
    if side == "s":
        return pygame.FRect(rr.left, rr.bottom, ROOM, ROAD)
    if side == "w":
        return pygame.FRect(MAP.left, rr.top, ROAD, ROOM)
    return pygame.FRect(rr.right, rr.top, ROAD, ROOM)


def corner(which: str) -> pygame.FRect:
    x = MAP.left if which in ("tl", "bl") else MAP.right - ROAD
    y = MAP.top if which in ("tl", "tr") else MAP.bottom - ROAD
    return pygame.FRect(x, y, ROAD, ROAD)


def _spread(n: int, centre: float, step: float) -> list[float]:
    return [centre + (i - (n - 1) / 2) * step for i in range(n)]


def pieces(view: Any) -> dict[tuple[str, Any], tuple[float, float]]:
    """Where every piece on the floor is drawn: ("loot", index), ("alarm", -1), ("guard", id),
    ("thief", colour) -> its centre."""
    out: dict[tuple[str, Any], tuple[float, float]] = {}
    for room in range(geometry.ROOMS):
        r = room_rect(room)
        tokens: list[tuple[str, Any]] = [("loot", i) for i, tok in enumerate(view.loot)
                                         if tok.carrier is None and tok.room == room]
        if view.alarm is not None and view.alarm.room == room:
            tokens.append(("alarm", ALARM))
        if tokens:
            step = min(30.0, (ROOM - 60) / max(1, len(tokens) - 1))
            for k, key in enumerate(tokens):
                out[key] = (r.left + 46 + k * step, r.top + 22)
        guards = [g for g, f in sorted(view.guards.items()) if f.room == room]
        for g, x in zip(guards, _spread(len(guards), r.centerx, 38)):
            out[("guard", g)] = (x, r.top + 58)
        thieves = [th for th in view.order[1:] if th in view.thieves and view.thieves[th].room == room]
        for th, x in zip(thieves, _spread(len(thieves), r.centerx, 42)):
            out[("thief", th)] = (x, r.top + 92)
    return out


def hit(centre: tuple[float, float], pos: tuple[float, float], radius: float = 17.0) -> bool:
    return (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= radius ** 2


def card_words(stack: str, card: data.Card) -> list[str]:
    """Each part of a card in words ("pepper spray or grab")."""
    out = []
    for part in card:
        names = [t(f"robbank.action.{a}") for a in part]
        out.append(names[0] if len(names) == 1 else t("robbank.card.or", first=", ".join(names[:-1]), last=names[-1]))
    return out


def deck_card(stack: str, number: int) -> data.Card:
    return data.deck("guards" if stack == "bank" else "thieves")[number]


def draw_card(canvas: Canvas, r: pygame.FRect, stack: str, number: int | None, *,
              remaining: Sequence[int] | None = None,
              lit: bool = False, hover: bool = False, dim: bool = False, compact: bool = False) -> None:
    """A card of ``stack`` (``number`` None: its back)."""
    if number is None:
        art.card_back(canvas, r, stack)
        return
    from game.engine.i18n import current_language

    card = deck_card(stack, number)
    done = [i not in remaining for i in range(len(card))] if remaining is not None else []

    def build(c: Canvas) -> None:
        art.card_face(c, r, stack, card, card_words(stack, card), (t("robbank_ui.card.and"), t("robbank_ui.card.or")),
                      done=done, lit=lit, hover=hover, dim=dim, compact=compact)

    key = ("robbank-card", stack, number, tuple(done), lit, hover, dim, compact, current_language())
    canvas.sprite(key, r, build, margin=8)


class RobBoard:
    """See the module docstring."""

    def __init__(self) -> None:
        self.selected: str | None = None          # the guard the bank has picked
        self.computer: frozenset[str] = frozenset()
        self.drawn_hand: tuple[str, tuple[int, ...] | None] | None = None
        self.hidden_card = False                  # the card area is being flipped by the scene

    # ---------------------------------------------------------------- names
    def seat_name(self, seat: str) -> str:
        players = getattr(self, "players", 3)
        return texts.seat_name(seat, players)

    # ---------------------------------------------------------------- the foot: hand and buttons
    def hand_rects(self, view: Any) -> list[tuple[pygame.FRect, int | None]]:
        """The laying stack's hand: (rect, card number or None for a back)."""
        stack = view.laying
        if stack is None:
            return []
        hand = view.hands.get(stack)
        cards: list[int | None] = list(hand) if hand is not None else [None] * int(view.hand_sizes.get(stack, 0))
        n = len(cards)
        width = n * HAND_W + max(0, n - 1) * HAND_GAP
        x = BOTTOM.centerx - width / 2
        y = BOTTOM.bottom - HAND_H - 12
        return [(pygame.FRect(x + i * (HAND_W + HAND_GAP), y, HAND_W, HAND_H), c) for i, c in enumerate(cards)]

    def button_label(self, view: Any, action: Action) -> str:
        if isinstance(action, EndTurn):
            return t("robbank_ui.button.done")
        if isinstance(action, StandUp):
            return t("robbank_ui.button.stand_up")
        if isinstance(action, MoveCar):
            here = view.car if view.car is not None else 0
            way = "right" if (action.section - here) % len(geometry.SECTIONS) == 1 else "left"
            return t(f"robbank_ui.button.car_{way}", section=action.section + 1)
        if isinstance(action, Throw):
            return t("robbank_ui.button.throw")
        if isinstance(action, PassBag):
            return t("robbank_ui.button.pass", to=texts.who(action.to))
        if isinstance(action, SetOffAlarm):
            return t("robbank_ui.button.alarm")
        return type(action).__name__

    def buttons(self, view: Any, legal: Sequence[Action]) -> list[tuple[pygame.FRect, Action, str]]:
        """The foot's buttons for the legal actions made by button, right of the card: Done always
        at the far right (it never moves, so a button that comes and goes is never under the
        pointer where Done was), the others from the left."""
        order = (StandUp, MoveCar, Throw, PassBag, SetOffAlarm)
        items = [a for kind in order for a in legal if isinstance(a, kind)]
        done = next((a for a in legal if isinstance(a, EndTurn)), None)
        out: list[tuple[pygame.FRect, Action, str]] = []
        left = CARD_AREA.right + 24
        right = BOTTOM.right - 12
        y = BOTTOM.bottom - 12 - BUTTON_H
        if done is not None:
            rect = pygame.FRect(right - BUTTON_W, y, BUTTON_W, BUTTON_H)
            out.append((rect, done, self.button_label(view, done)))
            right = rect.left - BUTTON_GAP
        per_row = max(1, int((right - left + BUTTON_GAP) // (BUTTON_W + BUTTON_GAP)))
        rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
        for r, row in enumerate(rows):
            ry = y - (len(rows) - 1 - r) * (BUTTON_H + BUTTON_GAP)
            for k, a in enumerate(row):
                rect = pygame.FRect(left + k * (BUTTON_W + BUTTON_GAP), ry, BUTTON_W, BUTTON_H)
                out.append((rect, a, self.button_label(view, a)))
        return out

    # ---------------------------------------------------------------- what a click does
    def _acting_thief(self, view: Any) -> str | None:
        turn = view.turn
        return turn.stack if turn is not None and turn.stack != "bank" else None

    def guard_at(self, pos: tuple[float, float], view: Any) -> str | None:
        for (kind, key), c in pieces(view).items():
            if kind == "guard" and hit(c, pos):
                return str(key)
        return None

    def movable_guards(self, legal: Sequence[Action]) -> set[str]:
        return {a.guard for a in legal if isinstance(a, GuardMove)}

    def action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        """The legal action a click at ``pos`` makes (None: nothing, or a guard to pick)."""
        if not legal:
            return None
        for rect, action, _label in self.buttons(view, legal):
            if rect.collidepoint(pos):
                return action
        lays = {a.card: a for a in legal if isinstance(a, Lay)}
        if lays:
            for rect, card in self.hand_rects(view):
                if card in lays and rect.collidepoint(pos):
                    return lays[card]
            return None
        rotates = {a.room: a for a in legal if isinstance(a, Rotate)}
        if rotates:
            for room, a in rotates.items():
                if room_rect(room).collidepoint(pos):
                    return a
            return None
        cars = {c.section: c for c in legal if isinstance(c, PlaceCar)}
        if cars:
            for s, car in cars.items():
                if section_rect(s).collidepoint(pos):
                    return car
            return None
        return self._rob_action_at(pos, view, legal)

    def _rob_action_at(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        where = pieces(view)
        sel = self.selected
        # pieces first: they lie in rooms
        for (kind, key), c in where.items():
            if not hit(c, pos):
                continue
            if kind == "thief":
                tackles = [a for a in legal if isinstance(a, Tackle) and a.thief == key]
                if tackles:
                    return next((a for a in tackles if a.guard == sel), tackles[0])
                passes = [a for a in legal if isinstance(a, PassBag) and a.to == key]
                if passes:
                    return passes[0]
            elif kind == "guard":
                if key in self.movable_guards(legal):
                    return None     # a pick, not an action (click)
                sprays = [a for a in legal if isinstance(a, Spray) and a.guard == key]
                if sprays:
                    return sprays[0]
            elif kind in ("loot", "alarm"):
                locks = [a for a in legal if isinstance(a, Lock) and a.token == key]
                if locks:
                    return next((a for a in locks if a.guard == sel), locks[0])
                takes: list[Action] = [a for a in legal if isinstance(a, (Grab, Pick)) and a.token == key]
                if takes:
                    return takes[0]
                if kind == "alarm":
                    alarms: list[Action] = [a for a in legal if isinstance(a, SetOffAlarm)]
                    if alarms:
                        return alarms[0]
        if view.car is not None and section_rect(view.car).collidepoint(pos):
            throws: list[Action] = [a for a in legal if isinstance(a, Throw)]
            if throws:
                return throws[0]
        for a in legal:
            if isinstance(a, MoveCar) and section_rect(a.section).collidepoint(pos):
                return a
        for room in range(geometry.ROOMS):
            if not room_rect(room).collidepoint(pos):
                continue
            moves = [a for a in legal if isinstance(a, GuardMove) and a.to == room]
            if sel is not None:
                mine = [a for a in moves if a.guard == sel]
                if mine:
                    return mine[0]
            if len({a.guard for a in moves}) == 1 and (sel is None or sel not in self.movable_guards(legal)):
                return moves[0]
            walks: list[Action] = [a for a in legal if isinstance(a, ThiefMove) and a.to == room]
            walks += [a for a in legal if isinstance(a, Vents) and a.to == room]
            if walks:
                return walks[0]
        return None

    def intent(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        """What a click at ``pos`` asks for: the legal action there; else a move the rules will
        judge (and refuse with a sentence): a tile to turn, a room to walk to."""
        action = self.action_at(pos, view, legal)
        if action is not None or not legal:
            return action
        seat = view.seat
        room = next((r for r in range(geometry.ROOMS) if room_rect(r).collidepoint(pos)), None)
        if room is None:
            return None
        if view.phase == "explore":
            return Rotate(seat, room)
        if view.phase != "rob" or view.turn is None:
            return None
        if view.turn.stack == "bank":
            if self.selected is not None and self.selected in view.guards and view.guards[self.selected].room != room:
                return GuardMove(seat, self.selected, room)
            return None
        thief = view.turn.stack
        if view.thieves[thief].room != room:
            card = deck_card(thief, view.turn.card)
            vents = any("vents" in card[p] for p in view.turn.parts)
            return (Vents if vents else ThiefMove)(seat, thief, room)
        return None

    def click(self, pos: tuple[float, float], view: Any, legal: Sequence[Action]) -> Action | None:
        """A click: a guard picked (None returned), or the action to play (legal or not)."""
        if view.phase == "rob":
            g = self.guard_at(pos, view)
            if g is not None and g in self.movable_guards(legal):
                self.selected = None if self.selected == g else g
                return None
        return self.intent(pos, view, legal)

    def tidy(self, legal: Sequence[Action]) -> None:
        """Forget a picked guard who may no longer move."""
        if self.selected is not None and self.selected not in self.movable_guards(legal):
            self.selected = None

    def hover_key(self, mouse: tuple[float, float], view: Any, legal: Sequence[Action]) -> Any:
        action = self.action_at(mouse, view, legal)
        g = self.guard_at(mouse, view) if view.phase == "rob" else None
        room = next((r for r in range(geometry.ROOMS) if room_rect(r).collidepoint(mouse)), None)
        return (action, self.selected, g, room if action is None else None)

    # ---------------------------------------------------------------- drawing
    def draw(self, canvas: Canvas, view: Any, legal: Sequence[Action], mouse: tuple[float, float]) -> None:
        self.players = view.players
        self.tidy(legal)
        hovered = self.action_at(mouse, view, legal)
        canvas.fill((10, 16, 32), BOARD, radius=20)
        canvas.border(mix(theme.GOLD_DARK, (0, 0, 0), 0.3), BOARD, width=2, radius=20)
        self.draw_map(canvas, view, legal, hovered, mouse)
        self.draw_info(canvas, view)
        self.draw_stacks(canvas, view)
        self.draw_foot(canvas, view, legal, hovered, mouse)

    def lit_rooms(self, view: Any, legal: Sequence[Action]) -> set[int]:
        rooms = {a.room for a in legal if isinstance(a, Rotate)}
        rooms |= {a.to for a in legal if isinstance(a, (ThiefMove, Vents))}
        moves = [a for a in legal if isinstance(a, GuardMove)]
        if self.selected is not None:
            rooms |= {a.to for a in moves if a.guard == self.selected}
        elif len({a.guard for a in moves}) == 1:
            rooms |= {a.to for a in moves}
        return rooms

    def draw_plan(self, canvas: Canvas, view: Any) -> None:
        """What does not change within a round: the road with its numbered sections, the corners'
        ground, the rooms with their names and numbers, the walls (one cached sprite per layout
        and language)."""
        from game.engine.i18n import current_language

        lang = current_language()

        def build(c: Canvas) -> None:
            c.fill(art.ROAD, MAP, radius=10)
            mid = MAP.inflate(-ROAD, -ROAD)
            c.dashed(art.ROAD_LINE, [mid.topleft, mid.topright, mid.bottomright, mid.bottomleft, mid.topleft],
                     dash=12, gap=10)
            for s in range(len(geometry.SECTIONS)):
                r = section_rect(s)
                c.border((90, 96, 108), r, width=1)
                _room, side = geometry.SECTIONS[s]
                if side in ("n", "s"):
                    nx, ny = r.left + 16, (r.top + 14 if side == "n" else r.bottom - 14)
                else:
                    nx, ny = (r.left + 14 if side == "w" else r.right - 14), r.top + 16
                c.text(str(s + 1), (nx, ny), 14, theme.BOLD, (200, 204, 214), anchor="center")
            for k in ("tl", "tr", "br", "bl"):
                c.fill((36, 40, 48), corner(k).inflate(-4, -4), radius=8)
            tiles = data.all_tiles()
            for room in range(geometry.ROOMS):
                tile = tiles.get(view.tiles[room]) if room < len(view.tiles) else None
                name = (tile.name.get(lang) or tile.name.get("en", "")) if tile is not None else ""
                art.room(c, room_rect(room), room + 1, name)
            c.border((120, 132, 150), MAP.inflate(-2 * ROAD, -2 * ROAD), width=2)
            for room, side in sorted(view.walls):
                art.wall(c, room_rect(room), side)

        canvas.sprite(("robbank-plan", tuple(view.tiles), tuple(sorted(view.walls)), lang), MAP, build)

    def draw_map(self, canvas: Canvas, view: Any, legal: Sequence[Action], hovered: Action | None,
                 mouse: tuple[float, float]) -> None:
        self.draw_plan(canvas, view)
        places = {a.section for a in legal if isinstance(a, PlaceCar)}
        moves = {a.section for a in legal if isinstance(a, MoveCar)}
        for s in places | moves:
            r = section_rect(s)
            over = hovered is not None and getattr(hovered, "section", None) == s
            canvas.fill((255, 200, 80, 90 if over else 50), r.inflate(-4, -4), radius=6)
            canvas.border(theme.GOLD_LIGHT if over else theme.GOLD, r.inflate(-4, -4), width=3, radius=6)
        # the corners: stolen bags / target, the round, the alarm once set off
        tl, tr, br = corner("tl"), corner("tr"), corner("br")
        art.bag(canvas, (tl.centerx, tl.top + 20), 11)
        canvas.text(f"{view.stolen}/{view.target}", (tl.centerx, tl.bottom - 15), 18, theme.BOLD, theme.GOLD_LIGHT,
                    anchor="center")
        canvas.text(t("robbank_ui.corner.round"), (tr.centerx, tr.top + 14), 11, theme.BOLD, theme.MUTED,
                    anchor="center", tracking=1)
        canvas.text(f"{max(1, view.round)}/3", (tr.centerx, tr.centery + 8), 20, theme.BOLD, theme.INK, anchor="center")
        if view.alarm is not None and view.alarm.room is None:
            art.alarm(canvas, br.center, 15)
        # the rooms one may click
        lit = self.lit_rooms(view, legal)
        hover_room = None
        if hovered is not None and isinstance(hovered, (Rotate, ThiefMove, Vents, GuardMove)):
            hover_room = getattr(hovered, "room", getattr(hovered, "to", None))
        for room in sorted(lit | ({hover_room} if hover_room is not None else set())):
            art.room_light(canvas, room_rect(room), hover=room == hover_room)
            art.room_number(canvas, room_rect(room), room + 1)
        # the car
        if view.car is not None:
            r = section_rect(view.car)
            throw = any(isinstance(a, Throw) for a in legal)
            art.car(canvas, r.center, 17, vertical=geometry.SECTIONS[view.car][1] in ("e", "w"), lit=throw)
        # the pieces
        where = pieces(view)
        targets = self.targets(legal)
        movable = self.movable_guards(legal)
        acting = self._acting_thief(view)
        for (kind, key), c in where.items():
            over = hit(c, mouse)
            if kind == "loot":
                tok = view.loot[key]
                art.bag(canvas, c, 12, locked=tok.locked, lit=(kind, key) in targets)
            elif kind == "alarm":
                art.alarm(canvas, c, 12, locked=bool(view.alarm and view.alarm.locked), lit=(kind, key) in targets)
        for (kind, key), c in where.items():
            over = hit(c, mouse)
            if kind == "guard":
                f = view.guards[key]
                art.guard(canvas, c, int(str(key)[1:]), PAWN, stunned=f.stunned,
                          lit=(kind, key) in targets or key in movable, hover=over and (key in movable or (kind, key)
                                                                                        in targets),
                          selected=key == self.selected)
            elif kind == "thief":
                f = view.thieves[key]
                art.thief(canvas, c, str(key), PAWN, stunned=f.stunned, carrying=f.carrying,
                          lit=(kind, key) in targets or key == acting, hover=over and (kind, key) in targets)

    def targets(self, legal: Sequence[Action]) -> set[tuple[str, Any]]:
        out: set[tuple[str, Any]] = set()
        for a in legal:
            if isinstance(a, Tackle):
                out.add(("thief", a.thief))
            elif isinstance(a, PassBag):
                out.add(("thief", a.to))
            elif isinstance(a, Spray):
                out.add(("guard", a.guard))
            elif isinstance(a, (Lock, Grab, Pick)):
                out.add(("alarm" if a.token == ALARM else "loot", a.token))
            elif isinstance(a, SetOffAlarm):
                out.add(("alarm", ALARM))
        return out

    def draw_info(self, canvas: Canvas, view: Any) -> None:
        draw_panel(canvas, INFO, (16, 24, 46, 240), theme.EDGE, radius=12, shadow=False)
        phase = view.phase if view.phase in ("explore", "car", "plan", "rob", "over") else "rob"
        canvas.text(t("robbank_ui.round", n=max(1, view.round)).upper(), (INFO.left + 16, INFO.top + 10), 14,
                    theme.BOLD, theme.GOLD, tracking=2)
        fitted(canvas, t(f"robbank_ui.phase.{phase}"), (INFO.left + 16, INFO.top + 30), INFO.width * 0.55, 30,
               theme.DISPLAY, theme.INK, tracking=1)
        rule = t("robbank_ui.stacks_table" if view.stacks_rule == "table" else "robbank_ui.stacks_open")
        fitted(canvas, rule, (INFO.left + 16, INFO.bottom - 22), INFO.width * 0.58, 14, theme.ITALIC, theme.MUTED)
        x = INFO.right - 16
        fitted(canvas, t("robbank_ui.stolen", n=view.stolen, target=view.target), (x, INFO.top + 14), 180, 18,
               theme.BOLD, theme.GOLD_LIGHT, anchor="topright")
        fitted(canvas, t("robbank_ui.in_box", n=view.loot_left), (x, INFO.top + 40), 180, 14, theme.BODY, theme.MUTED,
               anchor="topright")
        alarm = t("robbank_ui.alarm_gone") if view.alarm is not None and view.alarm.room is None else \
            t("robbank_ui.alarm_set")
        fitted(canvas, alarm, (x, INFO.top + 62), 180, 14, theme.BODY, theme.MUTED, anchor="topright")

    def stack_columns(self, view: Any) -> list[tuple[str, pygame.FRect]]:
        order = list(view.order)
        n = max(1, len(order))
        gap = 10.0
        w = (STACKS.width - gap * (n - 1)) / n
        return [(s, pygame.FRect(STACKS.left + i * (w + gap), STACKS.top, w, STACKS.height))
                for i, s in enumerate(order)]

    def draw_stacks(self, canvas: Canvas, view: Any) -> None:
        turn = view.turn
        for stack, col in self.stack_columns(view):
            active = (view.laying == stack) or (turn is not None and turn.stack == stack)
            draw_panel(canvas, col, (14, 20, 40, 220), theme.GOLD if active else theme.EDGE, radius=10, shadow=False)
            cx = col.left + 22
            if stack == "bank":
                art.guard(canvas, (cx, col.top + 22), "B", 11)
            else:
                art.thief(canvas, (cx, col.top + 22), stack, 11)
            fitted(canvas, texts.capitalised(texts.who(stack)), (cx + 18, col.top + 12), col.width - 48, 18,
                   theme.BOLD, theme.INK)
            cards = tuple(view.stacks.get(stack, ()))
            played = int(view.played.get(stack, 0))
            hand = int(view.hand_sizes.get(stack, 0))
            fitted(canvas, t("robbank_ui.hand_count", n=hand), (col.left + 10, col.top + 40), col.width - 20, 13,
                   theme.BODY, theme.MUTED)
            body = pygame.FRect(col.left + 6, col.top + 62, col.width - 12, col.height - 68)
            if not cards:
                canvas.text_box(t("robbank_ui.stack_empty"), (body.left + 4, body.top + 6, body.width - 8, 60), 13,
                                theme.ITALIC, theme.FAINT, max_lines=3)
                continue
            if view.phase == "plan" and view.stacks_rule == "table":
                # the top card, the ones beneath as a pile of backs behind it
                beneath = len(cards) - 1
                w = min(body.width - 8, 104.0)
                h = w * 1.4
                top = pygame.FRect(body.centerx - w / 2, body.top + 6 + beneath * 5, w, h)
                for k in range(beneath):
                    art.card_back(canvas, top.move(0, -(beneath - k) * 5), stack)
                draw_card(canvas, top, stack, cards[-1])
                if beneath:
                    canvas.text_box(t("robbank_ui.beneath", n=beneath), (body.left + 2, top.bottom + 10,
                                                                        body.width - 4, 40), 14, theme.BOLD,
                                    theme.GOLD_LIGHT, align="center", max_lines=2)
                continue
            slot = min(SLOT_H, (body.height - 4 * 6) / 5)
            for i, number in enumerate(cards):
                r = pygame.FRect(body.left + 2, body.top + i * (slot + 6), body.width - 4, slot)
                current = view.phase == "rob" and turn is not None and turn.stack == stack and i == played
                gone = view.phase == "rob" and i < played
                if number is None:
                    art.card_back(canvas, r, stack)
                else:
                    draw_card(canvas, r, stack, number, compact=True, dim=gone, lit=current)
                if current:
                    canvas.polygon(theme.GOLD_LIGHT, [(r.left - 5, r.centery - 7), (r.left + 3, r.centery),
                                                      (r.left - 5, r.centery + 7)])

    # ---------------------------------------------------------------- the foot
    def status(self, view: Any, legal: Sequence[Action]) -> str:
        """What the seat on screen does now, in a sentence."""
        phase = view.phase
        mine = bool(legal)
        if phase == "over" or view.result is not None:
            return t("robbank_ui.status.over")
        if phase == "explore":
            return t("robbank_ui.status.explore_you" if mine else "robbank_ui.status.explore_wait")
        if phase == "car":
            return t("robbank_ui.status.car_you" if mine else "robbank_ui.status.car_wait")
        if phase == "plan":
            stack = view.laying or "bank"
            n = len(view.stacks.get(stack, ())) + 1
            key = "robbank_ui.status.plan_you" if mine else "robbank_ui.status.plan_wait"
            return t(key, who=texts.capitalised(texts.who(stack)), n=n)
        turn = view.turn
        if turn is None:
            return ""
        who = texts.capitalised(texts.who(turn.stack))
        if not mine:
            return t("robbank_ui.status.rob_wait", who=who)
        hints = []
        kinds = {type(a) for a in legal}
        if StandUp in kinds:
            hints.append(t("robbank_ui.hint.stand_up"))
        if GuardMove in kinds:
            hints.append(t("robbank_ui.hint.guard_move" if self.selected is None else "robbank_ui.hint.guard_room",
                           guard=texts.who(self.selected or "g1")))
        for cls, key in ((Tackle, "tackle"), (Lock, "lock"), (ThiefMove, "move"), (Vents, "vents"), (Grab, "grab"),
                         (Pick, "pick"), (Spray, "spray")):
            if cls in kinds:
                hints.append(t(f"robbank_ui.hint.{key}"))
        if kinds & {MoveCar, Throw, PassBag, SetOffAlarm}:
            hints.append(t("robbank_ui.hint.extra"))
        if kinds == {EndTurn}:
            hints.append(t("robbank_ui.hint.done"))
        elif EndTurn in kinds:
            hints.append(t("robbank_ui.hint.end"))
        return t("robbank_ui.status.rob_you", who=who) + " " + " ".join(hints)

    def draw_foot(self, canvas: Canvas, view: Any, legal: Sequence[Action], hovered: Action | None,
                  mouse: tuple[float, float]) -> None:
        draw_panel(canvas, BOTTOM, (12, 18, 36, 235), mix(theme.GOLD_DARK, (0, 0, 0), 0.2), radius=12, shadow=False)
        self.drawn_hand = None
        if view.phase == "plan":
            stack = view.laying
            hand = view.hands.get(stack) if stack is not None else None
            if stack is not None:
                self.drawn_hand = (stack, hand)
            rects = self.hand_rects(view)
            top = rects[0][0].top if rects else BOTTOM.bottom
            fitted(canvas, self.status(view, legal), (BOTTOM.left + 18, BOTTOM.top + 12), BOTTOM.width - 36, 19,
                   theme.BOLD, theme.INK)
            lays = {a.card for a in legal if isinstance(a, Lay)}
            for rect, card in rects:
                over = isinstance(hovered, Lay) and hovered.card == card
                if card is None or stack is None:
                    art.card_back(canvas, rect, stack or "bank")
                else:
                    draw_card(canvas, rect.move(0, -8) if over else rect, stack, card, lit=card in lays, hover=over)
            if stack is not None and hand is None:
                canvas.text(t("robbank_ui.hand_hidden", who=texts.who(stack)), (BOTTOM.centerx, top - 4), 14,
                            theme.ITALIC, theme.MUTED, anchor="midbottom")
            return
        if view.phase == "rob" and view.turn is not None:
            if not self.hidden_card:
                draw_card(canvas, CARD_AREA, view.turn.stack, view.turn.card, remaining=view.turn.parts, lit=True)
            left = CARD_AREA.right + 24
        else:
            left = BOTTOM.left + 18
        buttons = self.buttons(view, legal)
        bottom = (min(r.top for r, _a, _l in buttons) - 8) if buttons else BOTTOM.bottom - 12
        canvas.text_box(self.status(view, legal), (left, BOTTOM.top + 14, BOTTOM.right - 16 - left,
                                                   bottom - BOTTOM.top - 14), 18, theme.BOLD, theme.INK,
                        line_spacing=1.18, max_lines=5)
        for rect, action, label in buttons:
            over = rect.collidepoint(mouse)
            primary = isinstance(action, (EndTurn, Throw))
            fill = (theme.GOLD_LIGHT if over else theme.GOLD) if primary else ((40, 56, 96) if over else (24, 34, 62))
            canvas.fill(fill, rect, radius=10)
            canvas.border(theme.GOLD_LIGHT if over else (theme.GOLD_DARK if primary else theme.EDGE_LIGHT), rect,
                          width=1.5, radius=10)
            fitted(canvas, label.upper(), rect.center, rect.width - 14, 20, theme.DISPLAY,
                   theme.NIGHT if primary else theme.INK, anchor="center", tracking=1)
