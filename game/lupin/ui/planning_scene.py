"""Lupin's planning screen: the device shop, the characters' slots, the clock, the pause screen,
and the radio's talk window.

The play scene (:mod:`game.lupin.ui.play_scene`) keeps the game, the hot-seat curtain and the side
panel; while the gang plans (phase ``planning``, a gang seat on screen) it hands the board's place
to a :class:`PlanningScreen`:

* the **shop**: every tile of the episode with its picture (:mod:`game.lupin.ui.tile_art`), its
  price and how many are left; pointing at a tile (or clicking it) shows its full text;
* the **characters** below it: each card holds the tiles the character carries, within the
  carrying limits (2 devices, 5 with a rucksack; vehicles but the hang glider do not count), and
  the start squares to choose from;
* a tile is bought by **dragging** it onto a character, or by **clicking** it and then the
  character; a bought tile dragged (or clicked, then clicked) onto another character is handed
  over, onto the shop it is given back. What the rules refuse is never sent: the screen says why
  in a sentence instead (the money, the stock, the carrying limits, whose character it is);
* a "Map" button shows the board instead (the police, the start squares), "Shop" comes back.

Everything it submits is one of ``state.legal_actions(seat)``, through the play scene.

Two expansion steps live here too:

* **Fujiko's secret purchase** (*Ritorno a Cagliostro*, her plan view's ``step: "fujiko"``): after
  the gang's plan and a curtain, the same shop for her seat alone: her card only, her 300$ and the
  gang's leftovers, her motorbike, her start square (T1/T25), her own 2-minute clock
  (``clock_seconds``, kept by the play scene) and "Done"; at 0:00 the clock sends
  ``FujikoDone(timed_out=True)``;
* **the Aim card** (*La lama di Stonehenge*): an "Aim card" tab for the gang's seats, the four
  pictures with their tombs and Excalibur's square drawn on a small map of the board; Lupin's seat
  picks one with a click (``ChooseAim``); the others see which, once chosen. Zenigata's seat never
  has a planning screen, so it never sees them.

Also here: :class:`PauseScene` (an opaque overlay that hides everything and stops the clock, as
the curtain does), :class:`RadioTalkScene` (2 minutes for the gang to talk, Zenigata looking away)
and :class:`TileGalleryScene` (every tile picture, for the screenshot ``lupin-shop-tiles``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.i18n import current_language, number, t
from game.lupin.rules.catalog import catalog
from game.lupin.rules import actions as A
from game.lupin.rules.cagliostro import FujikoBuy, FujikoReturn
from game.lupin.rules.planning import BASE_CARRY, why_not
from game.lupin.ui import tile_art
from game.lupin.ui.board_scene import BOARD_RECT, GANG_STYLE, draw_gang_token, token_colour
from game.lupin.ui.dice import fit
from game.ui import theme
from game.ui.canvas import Canvas
from game.ui.clock import BANNER_TIME, clock_text
from game.ui.scene import Scene
from game.ui.scenes.pause import PauseScene as ShellPauseScene
from game.ui.scenes.pause import dark_backdrop
from game.ui.widgets import Button, draw_panel, mix, top_band

if TYPE_CHECKING:
    from game.lupin.ui.play_scene import LupinPlayScene

# ---- the shop's layout (the board's place, logical 1600×900) -----------------------------
AREA = pygame.FRect(BOARD_RECT)
COLS = 5
TILE_W, TILE_H, TILE_GAP = 142, 122, 12
GRID = pygame.FRect(AREA.left + 20, AREA.top + 60, COLS * TILE_W + (COLS - 1) * TILE_GAP, 3 * TILE_H + 2 * TILE_GAP)
DETAIL = pygame.FRect(GRID.right + 18, GRID.top, AREA.right - 20 - GRID.right - 18, GRID.height)
CARDS = pygame.FRect(AREA.left + 20, GRID.bottom + 18, AREA.width - 40, AREA.bottom - 14 - GRID.bottom - 18)
CARD_GAP = 12
MINI_W, MINI_H, MINI_GAP = 70, 58, 6
CHIP_W, CHIP_H = 44, 28
START_X = 98              # where a card's start squares begin (after its "Start" label)
DRAG_START = 6.0          # logical pixels the mouse moves, button down, before a press is a drag
# ---- the side panel's planning block (in the roster's place) -----------------------------
CLOCK_BOX = pygame.FRect(1136, 224, 206, 104)
MONEY_BOX = pygame.FRect(1354, 224, 206, 104)
SIDE_BUTTONS_Y = 336
WARN_AT = (300, 60)        # the clock warns at 5 minutes and at 1 minute
WARN_TIME = BANNER_TIME    # seconds the warning banner stays (the shell's, game/ui/clock.py)
TIMEOUT_GRACE = 2.5        # seconds "Time is up" shows before the plan stands by itself
RADIO_SECONDS = 120        # the radio's talk: "per un massimo di 2 minuti"
FUJIKO_SECONDS = 120       # Cagliostro: Fujiko's secret purchase (her plan view's clock_seconds)
ORDER = ("lupin", "jigen", "goemon", "fujiko")
SHOP_TYPES = ("BuyDevice", "ReturnDevice", "ReassignDevice", "FujikoBuy", "FujikoReturn", "ChooseAim")
# ---- the Aim card tab (Stonehenge): four cards, two by two ---------------------------------
AIM_GRID = pygame.FRect(AREA.left + 20, AREA.top + 64, AREA.width - 40, AREA.height - 64 - 16)
AIM_GAP = 16
AIM_MAP_H = 272           # the mini-map's height (the board is 25 × 20 squares)
TOMB_STYLE = {"pendragon": ("P", (236, 196, 40)), "costantino": ("C", (120, 190, 236)),
              "druido": ("D", (130, 210, 130))}
BLADE_STYLE = ("E", (246, 240, 226))


def device_name(device_id: str) -> str:
    try:
        return catalog().device(device_id).name.get(current_language())
    except KeyError:
        return device_id.replace("_", " ")


def device_kind(device_id: str) -> str:
    try:
        return catalog().device(device_id).kind
    except KeyError:
        return "gear"


def member_name(member: str) -> str:
    return t(f"lupin.seat.{member}")


def carrying(plan: dict, member: str) -> list[str]:
    """The tiles ``member`` carries, as the plan tells every gang seat: handed out, then bought."""
    return ([g["device"] for g in plan.get("granted", ()) if g["figure"] == member]
            + [p["device"] for p in plan.get("purchases", ()) if p["figure"] == member])


def capacity_of(devices: list[str]) -> int:
    """2 devices, or the rucksack's 5 (the rules' carry_problem decides; this only draws slots)."""
    cat = catalog()
    caps = [cat.device(d).params.capacity for d in devices if d in cat.devices and cat.device(d).effect == "carry"]
    return max([BASE_CARRY, *[c for c in caps if c]])


def counts(device_id: str) -> bool:
    try:
        return bool(catalog().device(device_id).carry.counts_toward_limit)
    except KeyError:
        return True


class SmallButton(Button):
    """A compact side-panel button (the label shrinks to fit)."""

    def draw(self, canvas: Canvas) -> None:
        from game.ui.widgets import resolve

        label = resolve(self.text).upper()
        size = self.rect.height * 0.5
        while size > 12 and canvas.measure(label, size, theme.DISPLAY, tracking=1.5)[0] > self.rect.width - 60:
            size -= 1
        self.size = size
        super().draw(canvas)


class PlanningScreen:
    """The planning mode of a play scene (see the module docstring)."""

    def __init__(self, scene: "LupinPlayScene") -> None:
        self.scene = scene
        self.tab = "shop"
        self.picked: tuple | None = None       # ("shop", device) or ("carried", member, device)
        self.press: tuple | None = None        # what the left button went down on
        self.press_pos: tuple[float, float] = (0.0, 0.0)
        self.dragging = False
        self.mouse: tuple[float, float] = (-1000.0, -1000.0)
        self.flash: tuple[str, float] | None = None   # a card refused a tile: (member, age)
        self.tiles: list[tuple[str, pygame.FRect]] = []
        self.cards: dict[str, pygame.FRect] = {}
        self.minis: list[tuple[str, str, pygame.FRect, bool]] = []   # member, device, rect, movable
        self.chips: list[tuple[Any, pygame.FRect]] = []               # (Choice, rect)
        self.buys: dict[tuple[str, str], Any] = {}
        self.returns: dict[tuple[str, str], Any] = {}
        self.moves: dict[tuple[str, str, str], Any] = {}
        self.pause_button = SmallButton((CLOCK_BOX.left, SIDE_BUTTONS_Y, CLOCK_BOX.width, 36),
                                        lambda: t("lupin_plan.pause"), self.scene_pause, icon="clock")
        self.tab_button = SmallButton((MONEY_BOX.left, SIDE_BUTTONS_Y, MONEY_BOX.width, 36),
                                      lambda: t("lupin_plan.show_map" if self.tab != "map" else "lupin_plan.show_shop"),
                                      self.toggle_tab, icon="users")
        self.aim_button = SmallButton((MONEY_BOX.left, SIDE_BUTTONS_Y, MONEY_BOX.width, 36),
                                      lambda: t("lupin_ui_expansion.aim.tab" if self.tab != "aim" else
                                                "lupin_plan.show_shop"), self.toggle_aim, icon="?")
        self.aim_button.visible = False
        self.aim_opened = False   # the Aim tab opened by itself once for Lupin's seat
        self.aim_rects: list[tuple[str, pygame.FRect]] = []
        self.widgets = [self.pause_button, self.tab_button]

    # ------------------------------------------------------------------ state
    @property
    def view(self) -> dict:
        return self.scene.view

    @property
    def plan(self) -> dict:
        return self.view.get("plan") or {}

    @property
    def active(self) -> bool:
        """The planning screen is on: a gang seat on screen while the gang plans."""
        s = self.scene
        return bool(s.revealed and not s.over and s.view.get("phase") == "planning" and s.view.get("plan")
                    and not s.view["plan"].get("confirmed"))

    @property
    def shop_on(self) -> bool:
        """The board's place shows the planning screen (the shop, or Stonehenge's Aim cards)."""
        return self.active and self.tab in ("shop", "aim")

    @property
    def coop(self) -> bool:
        return "gang" in (self.plan.get("budgets") or {})

    @property
    def fujiko_step(self) -> bool:
        """Cagliostro: Fujiko's own secret purchase, after the gang's plan (her seat only)."""
        return self.plan.get("step") == "fujiko"

    def members(self) -> list[str]:
        figures = self.view.get("figures") or {}
        if self.fujiko_step:
            return ["fujiko"] if "fujiko" in figures else []
        apart = bool((self.view.get("cagliostro") or {}).get("fujiko_apart"))   # away while the gang plans
        return [m for m in ORDER if m in figures and figures[m]["kind"] == "gang" and not (apart and m == "fujiko")]

    # ------------------------------------------------------------------ Stonehenge's Aim card
    def aim_choices(self) -> list[Any]:
        return [c for c in self.scene.choices if c.type_name == "ChooseAim"]

    def aim_cards(self) -> list[Any]:
        """The four Aim pictures (only in Stonehenge, for a gang seat: the planning screen's)."""
        if self.view.get("stonehenge") is None:
            return []
        from game.lupin.rules.stonehenge import henge_data

        return list(henge_data().aims)

    def chosen_aim(self) -> str | None:
        aim = (self.view.get("stonehenge") or {}).get("aim")
        return aim.get("id") if aim else None

    def money(self) -> int | None:
        budgets = self.plan.get("budgets") or {}
        if "gang" in budgets:
            return budgets["gang"]
        mine = [m for m in self.members() if self.view["seats"].get(m) == self.scene.seat]
        return budgets.get(mine[0]) if mine else None

    def shop_ids(self) -> list[str]:
        """Every tile of this episode's shop, in the data's order (sold-out ones stay, empty)."""
        v = self.view
        try:
            ids = list(catalog().shop_for(v["episode"], v.get("variant", "coop")))
        except Exception:  # noqa: BLE001 - an unknown episode: what the plan shows
            ids = []
        for d in (self.plan.get("stock") or {}):
            if d not in ids:
                ids.append(d)
        return ids

    def takes(self, choice: Any) -> bool:
        """The side panel leaves these to the shop (drag and drop, clicks on tiles)."""
        return self.active and choice.type_name in SHOP_TYPES

    # ------------------------------------------------------------------ after every change
    def refresh(self) -> None:
        self.buys, self.returns, self.moves = {}, {}, {}
        self.chips = []
        if not self.active:
            self.picked = self.press = None
            self.dragging = False
            self.tab = "shop"
            self.aim_opened = False
            return
        for c in self.scene.choices:
            a = c.action
            name = c.type_name
            if name == "BuyDevice":
                self.buys[(a.figure, a.device)] = c
            elif name == "ReturnDevice":
                self.returns[(a.figure, a.device)] = c
            elif name == "ReassignDevice":
                self.moves[(a.figure, a.device, a.to)] = c
            elif name == "FujikoBuy":      # Cagliostro: her secret purchase, for her card
                self.buys[("fujiko", a.device)] = c
            elif name == "FujikoReturn":
                self.returns[("fujiko", a.device)] = c
        aims = self.aim_cards()
        self.aim_button.visible = bool(aims)
        self.widgets = [self.pause_button, self.tab_button] + ([self.aim_button] if aims else [])
        width = (CLOCK_BOX.width * 2 + (MONEY_BOX.left - CLOCK_BOX.right) - 12 * (len(self.widgets) - 1)) / len(self.widgets)
        for i, w in enumerate(self.widgets):
            w.rect = pygame.FRect(CLOCK_BOX.left + i * (width + 12), SIDE_BUTTONS_Y, width, 36)
        if self.tab == "aim" and not aims:
            self.tab = "shop"
        if aims and self.aim_choices() and not self.aim_opened:   # Lupin's seat: the card first
            self.aim_opened = True
            self.tab = "aim"
        self._layout()
        if self.picked is not None:
            if self.picked[0] == "shop" and (self.plan.get("stock") or {}).get(self.picked[1], 0) <= 0:
                self.picked = None
            elif self.picked[0] == "carried" and self.picked[2] not in carrying(self.plan, self.picked[1]):
                self.picked = None

    def _layout_aims(self) -> None:
        aims = self.aim_cards()
        w = (AIM_GRID.width - AIM_GAP) / 2
        h = (AIM_GRID.height - AIM_GAP) / 2
        self.aim_rects = [(a.id, pygame.FRect(AIM_GRID.left + (i % 2) * (w + AIM_GAP),
                                              AIM_GRID.top + (i // 2) * (h + AIM_GAP), w, h))
                          for i, a in enumerate(aims[:4])]

    def _layout(self) -> None:
        self._layout_aims()
        self.tiles = []
        for i, d in enumerate(self.shop_ids()[:COLS * 3]):
            row, col = divmod(i, COLS)
            self.tiles.append((d, pygame.FRect(GRID.left + col * (TILE_W + TILE_GAP),
                                               GRID.top + row * (TILE_H + TILE_GAP), TILE_W, TILE_H)))
        members = self.members()
        n = max(1, len(members))
        w = min(340.0, (CARDS.width - (n - 1) * CARD_GAP) / n)
        x0 = CARDS.left + (CARDS.width - (n * w + (n - 1) * CARD_GAP)) / 2
        self.cards, self.minis = {}, []
        starts: dict[str, list] = {}
        for c in self.scene.choices:
            if c.type_name == "ChooseStart":
                starts.setdefault(c.action.figure, []).append(c)
        for i, m in enumerate(members):
            card = pygame.FRect(x0 + i * (w + CARD_GAP), CARDS.top, w, CARDS.height)
            self.cards[m] = card
            mine = starts.get(m, [])
            cw = min(CHIP_W, (card.width - START_X - 12 - 5 * (len(mine) - 1)) / max(1, len(mine)))
            for j, c in enumerate(mine):
                self.chips.append((c, pygame.FRect(card.left + START_X + j * (cw + 5), card.top + 52, cw, CHIP_H)))
            held = carrying(self.plan, m)
            for k, (d, r) in enumerate(self._slots(card, held)):
                if d is None:
                    continue
                movable = (m, d) in self.returns or any(k2[:2] == (m, d) for k2 in self.moves)
                self.minis.append((m, d, r, movable))

    def _slots(self, card: pygame.FRect, held: list[str]) -> list[tuple[str | None, pygame.FRect]]:
        """The cells of a card: the counted devices (and empty places up to the limit) first,
        then the tiles that do not count (vehicles, the rucksack)."""
        cap = capacity_of(held)
        counted = [d for d in held if counts(d)]
        free = [d for d in held if not counts(d)]
        cells: list[str | None] = counted + [None] * max(0, cap - len(counted)) + free
        cols = max(1, int((card.width - 12 + MINI_GAP) // (MINI_W + MINI_GAP)))
        x0 = card.left + (card.width - (cols * MINI_W + (cols - 1) * MINI_GAP)) / 2
        out = []
        for i, d in enumerate(cells):
            row, col = divmod(i, cols)
            out.append((d, pygame.FRect(x0 + col * (MINI_W + MINI_GAP), card.top + 118 + row * (MINI_H + MINI_GAP),
                                        MINI_W, MINI_H)))
        return out

    # ------------------------------------------------------------------ what is under the mouse
    def tile_at(self, pos: Any) -> str | None:
        return next((d for d, r in self.tiles if r.collidepoint(pos)), None)

    def mini_at(self, pos: Any) -> tuple[str, str, bool] | None:
        return next(((m, d, mv) for m, d, r, mv in self.minis if r.collidepoint(pos)), None)

    def card_at(self, pos: Any) -> str | None:
        return next((m for m, r in self.cards.items() if r.collidepoint(pos)), None)

    def chip_at(self, pos: Any) -> Any:
        return next((c for c, r in self.chips if r.collidepoint(pos)), None)

    def hovered_device(self) -> str | None:
        if self.dragging and self.press is not None:
            return self.press[-1]
        d = self.tile_at(self.mouse)
        if d is None:
            hit = self.mini_at(self.mouse)
            d = hit[1] if hit else None
        if d is None and self.picked is not None:
            d = self.picked[-1]
        return d

    # ------------------------------------------------------------------ doing things
    def scene_pause(self) -> None:
        self.scene.pause_planning()

    def toggle_tab(self) -> None:
        self.tab = "map" if self.tab != "map" else "shop"
        self.picked = self.press = None
        self.dragging = False
        self.scene.version += 1

    def toggle_aim(self) -> None:
        self.tab = "shop" if self.tab == "aim" else "aim"
        self.picked = self.press = None
        self.dragging = False
        self.scene.version += 1

    def aim_at(self, pos: Any) -> str | None:
        return next((a for a, r in self.aim_rects if r.collidepoint(pos)), None)

    def choose_aim(self, aim: str) -> None:
        choice = next((c for c in self.aim_choices() if c.action.aim == aim), None)
        if choice is None:
            return
        self.tab = "shop"
        self.scene.play(choice)

    def cancel(self) -> bool:
        if self.picked is not None or self.dragging:
            self.picked = self.press = None
            self.dragging = False
            return True
        return False

    def reason(self, action: Any, member: str, device: str) -> str:
        """Why the rules refuse ``action`` (what the gesture would have sent), in the player's
        language: the rules say it (:func:`game.lupin.rules.planning.why_not`), the screen only
        shows it."""
        exc = why_not(self.scene.match.state, action)
        if exc is not None:
            return exc.text()
        return t("lupin_plan.refuse.generic", name=member_name(member), device=device_name(device))

    def refuse(self, member: str, sentence: str) -> None:
        self.scene.say(sentence)
        self.flash = (member, 0.0)

    def give(self, source: tuple, member: str) -> None:
        """``source`` (a shop tile or a carried one) goes to ``member``, if the rules allow it."""
        seat = self.scene.seat
        if source[0] == "shop":
            device = source[1]
            choice = self.buys.get((member, device))
            if choice is None:
                fujiko = self.plan.get("step") == "fujiko"   # Cagliostro: her secret purchase
                action = FujikoBuy(seat, device) if fujiko else A.BuyDevice(seat, member, device)
                self.refuse(member, self.reason(action, member, device))
                return
        else:
            _, holder, device = source
            if holder == member:
                self.picked = None
                return
            choice = self.moves.get((holder, device, member))
            if choice is None:
                self.refuse(member, self.reason(A.ReassignDevice(seat, holder, device, member), member, device))
                return
        self.picked = None
        self.scene.play(choice)

    def give_back(self, source: tuple) -> None:
        _, holder, device = source
        choice = self.returns.get((holder, device))
        if choice is None:
            seat = self.scene.seat
            fujiko = self.plan.get("step") == "fujiko"
            action = FujikoReturn(seat, device) if fujiko else A.ReturnDevice(seat, holder, device)
            self.refuse(holder, self.reason(action, holder, device))
            return
        self.picked = None
        self.scene.play(choice)

    def drop(self, source: tuple, pos: Any) -> None:
        member = self.card_at(pos)
        if member is not None:
            self.give(source, member)
        elif source[0] == "carried" and (GRID.collidepoint(pos) or DETAIL.collidepoint(pos)):
            self.give_back(source)
        else:
            self.picked = None

    # ------------------------------------------------------------------ input
    def handle(self, event: Any) -> bool:
        """Input for the planning screen; False leaves the event to the play scene."""
        if not self.active:
            return False
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = tuple(pos)
            for w in self.widgets:
                w.handle(event)
            if self.press is not None and not self.dragging:
                if math.dist(pos, self.press_pos) > DRAG_START:
                    self.dragging = True
                    self.picked = self.press
            return self.tab in ("shop", "aim") and AREA.collidepoint(pos)
        for w in self.widgets:
            if w.handle(event):
                return True
        if self.tab == "aim":
            return self._handle_aim(event, pos)
        if self.tab != "shop":
            return False
        left = getattr(event, "button", 1) == 1
        if event.type == pygame.MOUSEBUTTONDOWN and left:
            self.mouse = tuple(pos)
            d = self.tile_at(pos)
            hit = self.mini_at(pos)
            if d is not None and (self.plan.get("stock") or {}).get(d, 0) > 0:
                self.press = ("shop", d)
            elif hit is not None and hit[2]:
                self.press = ("carried", hit[0], hit[1])
            else:
                self.press = None
            self.press_pos = tuple(pos)
            return AREA.collidepoint(pos)
        if event.type == pygame.MOUSEBUTTONUP and left:
            press, self.press = self.press, None
            if self.dragging:
                self.dragging = False
                if press is not None:
                    self.drop(press, pos)
                return True
            if not AREA.collidepoint(pos):
                return False
            self.click(press, pos)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and pos is not None \
            and AREA.collidepoint(pos)

    def _handle_aim(self, event: Any, pos: Any) -> bool:
        """The Aim tab: a click on a card chooses it (Lupin's seat, while it may)."""
        if pos is None or not AREA.collidepoint(pos):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.press = ("aim", self.aim_at(pos))
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            press, self.press = self.press, None
            aim = self.aim_at(pos)
            if aim is not None and press == ("aim", aim):
                self.choose_aim(aim)
        return True

    def click(self, press: tuple | None, pos: Any) -> None:
        chip = self.chip_at(pos)
        if chip is not None:
            self.picked = None
            self.scene.play(chip)
            return
        picked = self.picked
        if press is not None and self._under(pos) == press:
            if picked is not None and picked[0] == "carried" and press[0] == "shop":
                self.give_back(picked)          # a tile held, then a click on the shop: back it goes
                return
            if picked is not None and picked[0] == "shop" and press[0] == "carried":
                self.give(picked, press[1])     # a click on the character's tile counts for him
                return
            self.picked = None if picked == press else press
            return
        member = self.card_at(pos)
        if member is not None and picked is not None:
            self.give(picked, member)
            return
        if picked is not None and picked[0] == "carried" and GRID.collidepoint(pos):
            self.give_back(picked)
            return
        self.picked = None

    def _under(self, pos: Any) -> tuple | None:
        d = self.tile_at(pos)
        if d is not None:
            return ("shop", d)
        hit = self.mini_at(pos)
        if hit is not None:
            return ("carried", hit[0], hit[1])
        return None

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)
        if self.flash is not None:
            self.flash = (self.flash[0], self.flash[1] + dt)
            if self.flash[1] > 1.2:
                self.flash = None

    def wants_hand(self) -> bool:
        if any(w.wants_hand for w in self.widgets):
            return True
        if not self.shop_on:
            return False
        if self.tab == "aim":
            return bool(self.aim_choices()) and self.aim_at(self.mouse) is not None
        d = self.tile_at(self.mouse)
        if d is not None and (self.plan.get("stock") or {}).get(d, 0) > 0:
            return True
        hit = self.mini_at(self.mouse)
        return bool(hit and hit[2]) or self.chip_at(self.mouse) is not None or \
            (self.picked is not None and self.card_at(self.mouse) is not None)

    # ------------------------------------------------------------------ for tests and tools
    def clickables(self) -> list[tuple[tuple[float, float], str, Any]]:
        """Start chips count as squares (one click plays), tiles, carried tiles and cards as
        "tile" / "carried" / "card" (a purchase is a tile, then a card)."""
        out: list[tuple[tuple[float, float], str, Any]] = []
        out += [(w.rect.center, "widget", w) for w in self.widgets if w.visible]
        if self.tab == "aim":     # an Aim card is one click: it counts as a square
            chosen = {c.action.aim: c for c in self.aim_choices()}
            return out + [(r.center, "square", [chosen[a]]) for a, r in self.aim_rects if a in chosen]
        if self.tab != "shop":
            return out
        out += [(r.center, "square", [c]) for c, r in self.chips]
        stock = self.plan.get("stock") or {}
        out += [(r.center, "tile", d) for d, r in self.tiles if stock.get(d, 0) > 0]
        out += [(r.center, "carried", (m, d)) for m, d, r, mv in self.minis if mv]
        out += [(self.card_point(m), "card", m) for m in self.cards]
        return out

    def card_point(self, member: str) -> tuple[float, float]:
        r = self.cards[member]
        return (r.centerx, r.top + 26)

    def route(self, action: Any) -> list[tuple[float, float]] | None:
        """Where to click, in order, to send ``action`` from the shop (None: not a shop action)."""
        name = type(action).__name__
        if name not in SHOP_TYPES or not self.active:
            return None
        if name == "ChooseAim":
            pre = [self.aim_button.rect.center] if self.tab != "aim" else []
            self._layout_aims()
            card = next((r.center for a, r in self.aim_rects if a == action.aim), None)
            return None if card is None else pre + [card]
        if name in ("FujikoBuy", "FujikoReturn"):   # her card is the only one
            action = type("Shop", (), {"figure": "fujiko", "device": action.device})()
            name = "BuyDevice" if name == "FujikoBuy" else "ReturnDevice"
        pre = [(self.tab_button.rect.center if self.tab == "map" else self.aim_button.rect.center)] \
            if self.tab != "shop" else []
        if self.picked is not None:
            pre.append(self.picked_point())
        if name == "BuyDevice":
            tile = next((r.center for d, r in self.tiles if d == action.device), None)
            return None if tile is None else pre + [tile, self.card_point(action.figure)]
        mini = next((r.center for m, d, r, mv in self.minis if m == action.figure and d == action.device), None)
        if mini is None:
            return None
        if name == "ReturnDevice":
            return pre + [mini, (GRID.right - 4, GRID.bottom - 4)]
        return pre + [mini, self.card_point(action.to)]

    def picked_point(self) -> tuple[float, float]:
        """A click that drops the tile held (on the shop's empty header)."""
        return (AREA.left + 30, AREA.top + 20)

    # ------------------------------------------------------------------ hints
    def instruction(self) -> str:
        plan = self.plan
        seat = self.scene.seat
        seats = self.view.get("seats") or {}
        if self.tab == "map":
            return t("lupin_plan.hint.map")
        if self.tab == "aim":
            if self.aim_choices():
                return t("lupin_ui_expansion.aim.hint_choose")
            chosen = self.chosen_aim()
            return t("lupin_ui_expansion.aim.hint_chosen" if chosen else "lupin_ui_expansion.aim.hint_wait")
        if self.picked is not None:
            d = device_name(self.picked[-1])
            return t("lupin_plan.hint.picked_shop" if self.picked[0] == "shop" else "lupin_plan.hint.picked_carried",
                     device=d)
        if plan.get("charm") == "claiming":
            return t("lupin_plan.hint.charm_fujiko" if seats.get("fujiko") == seat else "lupin_plan.hint.charm_wait")
        if self.fujiko_step:
            kinds = {c.type_name for c in self.scene.choices}
            spot = ((self.view.get("figures") or {}).get("fujiko") or {}).get("spot")
            if not spot:
                return t("lupin_ui_expansion.fujiko.hint_start")
            return t("lupin_ui_expansion.fujiko.hint_done" if "FujikoDone" in kinds and not self.buys
                     else "lupin_ui_expansion.fujiko.hint_shop")
        if self.aim_choices():
            return t("lupin_ui_expansion.aim.hint_reminder")
        if not self.coop:
            drafter = plan.get("drafter")
            if drafter is None:
                return t("lupin_plan.hint.draft_over")
            if seats.get(drafter) == seat:
                return t("lupin_plan.hint.draft_you", name=member_name(drafter))
            return t("lupin_plan.hint.draft_wait", name=member_name(drafter))
        if not self.buys and not self.scene.choices:
            return t("lupin.play.hint.wait")
        kinds = {c.type_name for c in self.scene.choices}
        if "ChooseStart" in kinds:
            return t("lupin_plan.hint.starts")
        if "ConfirmPlan" in kinds:
            return t("lupin_plan.hint.confirm")
        return t("lupin_plan.hint.shop")

    # ------------------------------------------------------------------ drawing
    def draw_static(self, canvas: Canvas) -> None:
        """The shop and the cards (the play scene caches this layer)."""
        if self.tab == "aim":
            self.draw_aims(canvas)
            return
        draw_panel(canvas, AREA, (18, 26, 48), theme.EDGE_LIGHT, radius=10, shadow=False)
        top_band(canvas, AREA, theme.GOLD, 6, radius=10)
        canvas.text(t("lupin_plan.shop_title").upper(), (AREA.left + 22, AREA.top + 20), 17, theme.BOLD, theme.GOLD,
                    tracking=3)
        self._draw_status(canvas)
        stock = self.plan.get("stock") or {}
        prices = self.plan.get("prices") or {}
        for d, r in self.tiles:
            n = stock.get(d, 0)
            self._draw_shop_tile(canvas, d, r, n, prices.get(d))
        for m, card in self.cards.items():
            self._draw_card(canvas, m, card)

    def _draw_status(self, canvas: Canvas) -> None:
        """Right of the title: the charm, the draft, or how to buy."""
        plan = self.plan
        right = AREA.right - 22
        y = AREA.top + 20
        if plan.get("charm") == "claiming":
            text, colour = t("lupin_plan.charm_banner"), (246, 150, 190)
        elif self.fujiko_step:
            text, colour = t("lupin_ui_expansion.fujiko.banner"), (246, 150, 190)
        elif not self.coop:
            order = plan.get("order") or []
            drafter = plan.get("drafter")
            passed = set(plan.get("passed") or ())
            x = right
            parts = []
            for m in reversed(order):
                style = GANG_STYLE.get(m, ((140, 96, 52), "?"))
                label = member_name(m) + (" ✓" if m in passed else "")
                w = canvas.measure(label, 15, theme.BOLD)[0] + 34
                r = pygame.FRect(x - w, y - 4, w, 26)
                now = m == drafter
                canvas.fill(mix(style[0], (18, 26, 48), 0.2 if now else 0.7), r, radius=13)
                if now:
                    canvas.border(theme.GOLD_LIGHT, r, width=2, radius=13)
                canvas.circle(style[0], (r.left + 13, r.centery), 9)
                canvas.text(style[1], (r.left + 13, r.centery + 1), 12, theme.DISPLAY, theme.INK, anchor="center")
                canvas.text(label, (r.left + 26, r.centery), 15, theme.BOLD,
                            theme.INK if now else theme.MUTED, anchor="midleft")
                parts.append(r)
                x = r.left - 8
            head = t("lupin_plan.draft_pick", name=member_name(drafter)) if drafter else t("lupin_plan.draft_done")
            canvas.text(fit(canvas, head, x - AREA.left - 260, 16, theme.BOLD), (x - 10, y + 9), 16, theme.BOLD,
                        theme.GOLD_LIGHT, anchor="midright")
            return
        else:
            text, colour = t("lupin_plan.how_to_buy"), theme.MUTED
        canvas.text(fit(canvas, text, AREA.width - 300, 15, theme.ITALIC), (right, y + 2), 15, theme.ITALIC, colour,
                    anchor="topright")

    def _draw_shop_tile(self, canvas: Canvas, d: str, r: pygame.FRect, n: int, price: int | None) -> None:
        if n <= 0:
            canvas.fill((10, 14, 28), r, radius=8)
            canvas.border((52, 62, 88), r, width=1.5, radius=8)
            with canvas.clip(r):
                canvas.dashed((52, 62, 88), [(r.left + 10, r.bottom - 10), (r.right - 10, r.top + 10)], 8, 8, 1.5)
            canvas.text(fit(canvas, device_name(d), r.width - 16, 15, theme.BOLD), (r.centerx, r.centery - 10), 15,
                        theme.BOLD, theme.FAINT, anchor="center")
            canvas.text(t("lupin_plan.sold_out").upper(), (r.centerx, r.centery + 14), 14, theme.BOLD,
                        (200, 110, 100), anchor="center", tracking=2)
            return
        for k in range(min(n - 1, 3), 0, -1):          # the stack under the tile
            tile_art.draw_back(canvas, r.move(3 * k, 3 * k), radius=7)
        tile_art.draw_tile(canvas, r, d, device_kind(d), device_name(d), price)
        badge = pygame.FRect(r.left - 6, r.top - 6, 34, 22)
        canvas.fill((0, 0, 0, 120), badge.move(1, 2), radius=11)
        canvas.fill(theme.NIGHT, badge, radius=11)
        canvas.border(theme.GOLD, badge, width=1.5, radius=11)
        canvas.text(f"×{n}", badge.center, 14, theme.BOLD, theme.GOLD_LIGHT, anchor="center")

    def _draw_card(self, canvas: Canvas, m: str, card: pygame.FRect) -> None:
        v = self.view
        plan = self.plan
        seat = self.scene.seat
        mine = v["seats"].get(m) == seat
        colour, letter = GANG_STYLE.get(m, ((140, 96, 52), "?"))
        safe = m in GANG_STYLE and self.scene.colourblind   # the board's safe markers, here too
        if safe:
            colour = token_colour(m, True)
        canvas.fill((22, 32, 60), card, radius=12)
        with canvas.clip(pygame.FRect(card.left, card.top, card.width, 6)):
            canvas.fill(colour, card, radius=12)
        canvas.border(mix(colour, theme.EDGE, 0.45), card, width=1.5, radius=12)
        cx, cy = card.left + 26, card.top + 28
        if safe:
            draw_gang_token(canvas, m, (cx, cy), 15, 19 / 22, True)
        else:
            canvas.circle(colour, (cx, cy), 15)
            canvas.text(letter, (cx, cy + 1), 19, theme.DISPLAY, theme.INK, anchor="center")
        budgets = plan.get("budgets") or {}
        money_w = 0.0
        if m in budgets:       # all against all: each member's own money
            money_w = canvas.text(f"{number(budgets[m])}$", (card.right - 14, cy), 22, theme.DISPLAY, theme.GOLD_LIGHT,
                                  anchor="midright").width + 10
        canvas.text(fit(canvas, member_name(m), card.width - 64 - money_w, 22, theme.BOLD), (card.left + 50, cy - 7),
                    22, theme.BOLD, theme.INK, anchor="midleft")
        who = t("lupin_plan.yours") if mine else t("lupin_plan.player_of", name=member_name(v["seats"].get(m, m)))
        canvas.text(fit(canvas, who, card.width - 64 - money_w, 13, theme.ITALIC), (card.left + 50, cy + 11), 13,
                    theme.ITALIC, theme.GOLD_LIGHT if mine else theme.MUTED, anchor="midleft")
        # the start square
        canvas.text(t("lupin_plan.start").upper(), (card.left + 14, card.top + 66), 12, theme.BOLD, theme.FAINT,
                    anchor="midleft", tracking=1.5)
        spot = (v["figures"].get(m) or {}).get("spot")
        chips = [(c, r) for c, r in self.chips if c.action.figure == m]
        if chips:
            for c, r in chips:
                on = spot == c.action.square
                canvas.fill(theme.GOLD if on else (30, 44, 78), r, radius=7)
                canvas.border(theme.GOLD_LIGHT if on else theme.EDGE_LIGHT, r, width=1.5, radius=7)
                canvas.text(c.action.square, r.center, 15, theme.BOLD, theme.NIGHT if on else theme.INK, anchor="center")
        else:
            text = spot if spot else t("lupin_plan.start_none")
            canvas.text(fit(canvas, text, card.right - 14 - (card.left + START_X), 15, theme.BOLD),
                        (card.left + START_X, card.top + 66), 15, theme.BOLD, theme.INK if spot else theme.FAINT,
                        anchor="midleft")
        # what it carries
        held = carrying(plan, m)
        cap = capacity_of(held)
        n = sum(1 for d in held if counts(d))
        line = t("lupin_plan.carries", n=n, max=cap) + (" · " + t("lupin_plan.rucksack") if cap > BASE_CARRY else "")
        canvas.text(fit(canvas, line, card.width - 28, 14, theme.BODY), (card.left + 14, card.top + 92), 14, theme.BODY,
                    theme.MUTED)
        claimed = {p["device"] for p in plan.get("purchases", ()) if p["figure"] == m and p.get("claimed")}
        granted = {g["device"] for g in plan.get("granted", ()) if g["figure"] == m}
        for d, r in self._slots(card, held):
            if d is None:
                canvas.fill((14, 20, 38), r, radius=6)
                canvas.dashed(theme.EDGE_LIGHT, [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft], 5, 4, 1.2)
                canvas.text("+", r.center, 22, theme.BOLD, theme.EDGE, anchor="center")
                continue
            tile_art.draw_mini(canvas, r, d, device_kind(d), device_name(d))
            if not counts(d):
                tag = pygame.FRect(r.right - 17, r.top - 5, 20, 16)
                canvas.fill(theme.NAVY_LIGHT, tag, radius=5)
                canvas.text("∞", tag.center, 13, theme.BOLD, theme.MUTED, anchor="center")
            if d in granted or d in claimed:
                tag = pygame.FRect(r.left - 4, r.top - 5, 18, 16)
                canvas.fill((120, 60, 110) if d in claimed else theme.NAVY_LIGHT, tag, radius=5)
                canvas.text("★" if d in claimed else "•", tag.center, 12, theme.BOLD, theme.INK, anchor="center")

    def draw_dynamic(self, canvas: Canvas) -> None:
        """Hover, the tile held, the drag, the card that refused, the tile's text."""
        if self.tab == "aim":
            hot = self.aim_at(self.mouse) if self.aim_choices() else None
            for a, r in self.aim_rects:
                if a == hot:
                    canvas.border(theme.GOLD_LIGHT, r.inflate(6, 6), width=3, radius=14)
            return
        hover_tile = self.tile_at(self.mouse)
        stock = self.plan.get("stock") or {}
        for d, r in self.tiles:
            if d == hover_tile and stock.get(d, 0) > 0 and not self.dragging:
                canvas.border(theme.GOLD_LIGHT, r.inflate(6, 6), width=2.5, radius=10)
        if self.picked is not None:
            r = self._rect_of(self.picked)
            if r is not None:
                pulse = 0.5 + 0.5 * math.sin(self.scene.time * 5)
                canvas.border((*theme.GOLD_LIGHT, round(150 + 100 * pulse)), r.inflate(8, 8), width=3, radius=11)
            for m, card in self.cards.items():
                if self._accepts(m):
                    canvas.border((*theme.GOLD, 200), card.inflate(-2, -2), width=2.5, radius=12)
            if self.picked[0] == "carried":
                canvas.border((120, 200, 150, 160), GRID.inflate(10, 10), width=2, radius=10)
        target = self.card_at(self.mouse)
        if target is not None and (self.picked is not None or self.dragging):
            ok = self._accepts(target)
            canvas.border((110, 220, 140) if ok else (236, 96, 90), self.cards[target].inflate(6, 6), width=3, radius=14)
        hit = self.mini_at(self.mouse)
        if hit is not None and hit[2] and not self.dragging:
            r = next(r for m, d, r, mv in self.minis if (m, d) == hit[:2])
            canvas.border(theme.GOLD_LIGHT, r.inflate(4, 4), width=2, radius=7)
        if self.flash is not None and self.flash[0] in self.cards:
            a = max(0.0, 1 - self.flash[1] / 1.2)
            canvas.border((236, 80, 72, round(255 * a)), self.cards[self.flash[0]].inflate(6, 6), width=4, radius=14)
        self._draw_detail(canvas)
        if self.dragging and self.press is not None:
            d = self.press[-1]
            r = pygame.FRect(0, 0, TILE_W * 0.8, TILE_H * 0.8)
            r.center = self.mouse
            canvas.fill((0, 0, 0, 90), r.move(5, 8), radius=8)
            tile_art.draw_tile(canvas, r, d, device_kind(d), device_name(d), (self.plan.get("prices") or {}).get(d),
                               key="drag")

    def _accepts(self, member: str) -> bool:
        src = self.press if self.dragging else self.picked
        if src is None:
            return False
        if src[0] == "shop":
            return (member, src[1]) in self.buys
        return (src[1], src[2], member) in self.moves

    def _rect_of(self, source: tuple) -> pygame.FRect | None:
        if source[0] == "shop":
            return next((r for d, r in self.tiles if d == source[1]), None)
        return next((r for m, d, r, mv in self.minis if (m, d) == source[1:]), None)

    def _draw_detail(self, canvas: Canvas) -> None:
        d = self.hovered_device()
        box = DETAIL
        canvas.fill((12, 18, 36), box, radius=10)
        canvas.border(theme.EDGE, box, width=1.5, radius=10)
        if d is None:
            canvas.text_box(t("lupin_plan.detail_hint"), (box.left + 16, box.top + 18, box.width - 32, box.height - 30),
                            16, theme.ITALIC, theme.FAINT, line_spacing=1.3)
            return
        lang = current_language()

        def build(c: Canvas) -> None:
            try:
                dev = catalog().device(d)
                text = dev.text.get(lang)
                kind = dev.kind
            except KeyError:
                text, kind = "", "gear"
            price = (self.plan.get("prices") or {}).get(d)
            x, w = box.left + 16, box.width - 32
            c.text(t(f"lupin_plan.kind.{kind}").upper(), (x, box.top + 14), 12, theme.BOLD, theme.GOLD, tracking=2)
            name = device_name(d)
            size = 24
            while size > 16 and c.measure(name, size, theme.DISPLAY)[0] > w:
                size -= 1
            c.text(fit(c, name, w, size, theme.DISPLAY), (x, box.top + 32), size, theme.DISPLAY, theme.INK)
            y = box.top + 64
            if price is not None:
                c.text(t("lupin_plan.price", price=number(price)), (x, y), 16, theme.BOLD, theme.GOLD_LIGHT)
                y += 26
            c.line(theme.EDGE, (x, y), (x + w, y), 1)
            y += 8
            room = box.bottom - 12 - y
            size = 15.0
            while size > 11 and c.text_box_height(text, w, size, theme.BODY, 1.25) > room:
                size -= 0.5
            step = c.line_height(size, theme.BODY) * 1.25 / 1.2
            c.text_box(text, (x, y, w, room), size, theme.BODY, (222, 216, 202), line_spacing=1.25,
                       max_lines=max(1, int(room // step)))

        canvas.sprite(("lupin-detail", d, lang, (self.plan.get("prices") or {}).get(d)), box, build)

    def draw_side(self, canvas: Canvas) -> None:
        """The clock and the money, big, in the roster's place; the pause and map buttons."""
        s = self.scene
        for box in (CLOCK_BOX, MONEY_BOX):
            canvas.fill((20, 30, 56), box, radius=10)
            canvas.border(theme.EDGE, box, width=1.5, radius=10)
        limit = s.plan_limit if self.coop else None
        canvas.text(t("lupin_plan.time_left").upper(), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 10), 13, theme.BOLD,
                    theme.GOLD, tracking=2)
        if self.fujiko_step:     # her own 2 minutes (None: the table plays without clocks)
            self._draw_clock(canvas, s.fujiko_clock, s.fujiko_limit(), warn=30)
        elif not self.coop:
            canvas.text_box(t("lupin_plan.no_clock_draft"), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 36,
                                                            CLOCK_BOX.width - 28, 60), 19, theme.BOLD, theme.MUTED,
                            line_spacing=1.15, max_lines=2)
        elif limit is None:
            canvas.text(t("lupin_plan.no_limit"), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 34), 40, theme.DISPLAY,
                        theme.MUTED)
        else:
            left = s.plan_clock
            col = theme.INK if left > 300 else (theme.GOLD_LIGHT if left > 60 else (246, 110, 100))
            canvas.text(clock_text(left), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 28), 60, theme.DISPLAY, col)
            frac = max(0.0, min(1.0, left / max(1, limit)))
            bar = pygame.FRect(CLOCK_BOX.left + 14, CLOCK_BOX.bottom - 14, CLOCK_BOX.width - 28, 5)
            canvas.fill((40, 52, 84), bar, radius=2)
            canvas.fill(col, pygame.FRect(bar.left, bar.top, bar.width * frac, bar.height), radius=2)
        label = t("lupin_ui_expansion.fujiko.money" if self.fujiko_step else
                  "lupin_plan.budget_gang" if self.coop else "lupin_plan.budget_own").upper()
        canvas.text(label, (MONEY_BOX.left + 14, MONEY_BOX.top + 10), 13, theme.BOLD, theme.GOLD, tracking=2)
        money = self.money()
        text = "—" if money is None else f"{number(money)}$"
        canvas.text(text, (MONEY_BOX.left + 14, MONEY_BOX.top + 28), 60, theme.DISPLAY, theme.GOLD_LIGHT)
        spent = sum(p["price"] for p in self.plan.get("purchases", ()))
        if self.coop or self.fujiko_step:
            canvas.text(fit(canvas, t("lupin_plan.spent", money=number(spent)), MONEY_BOX.width - 28, 13, theme.BODY),
                        (MONEY_BOX.left + 14, MONEY_BOX.bottom - 22), 13, theme.BODY, theme.MUTED)

    @staticmethod
    def _draw_clock(canvas: Canvas, left: float | None, limit: float | None, warn: float = 60) -> None:
        if limit is None or left is None:
            canvas.text(t("lupin_plan.no_limit"), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 34), 40, theme.DISPLAY,
                        theme.MUTED)
            return
        col = theme.INK if left > 2 * warn else (theme.GOLD_LIGHT if left > warn else (246, 110, 100))
        canvas.text(clock_text(left), (CLOCK_BOX.left + 14, CLOCK_BOX.top + 28), 60, theme.DISPLAY, col)
        frac = max(0.0, min(1.0, left / max(1.0, limit)))
        bar = pygame.FRect(CLOCK_BOX.left + 14, CLOCK_BOX.bottom - 14, CLOCK_BOX.width - 28, 5)
        canvas.fill((40, 52, 84), bar, radius=2)
        canvas.fill(col, pygame.FRect(bar.left, bar.top, bar.width * frac, bar.height), radius=2)

    # ------------------------------------------------------------------ Stonehenge's Aim cards
    def draw_aims(self, canvas: Canvas) -> None:
        """The four Aim pictures, each with its tombs and Excalibur's square on a small map."""
        draw_panel(canvas, AREA, (18, 26, 48), theme.EDGE_LIGHT, radius=10, shadow=False)
        top_band(canvas, AREA, theme.GOLD, 6, radius=10)
        canvas.text(t("lupin_ui_expansion.aim.title").upper(), (AREA.left + 22, AREA.top + 20), 17, theme.BOLD,
                    theme.GOLD, tracking=3)
        choosing = bool(self.aim_choices())
        chosen = self.chosen_aim()
        key = "choose" if choosing else ("chosen" if chosen else "wait")
        canvas.text(fit(canvas, t(f"lupin_ui_expansion.aim.status_{key}"), AREA.width - 300, 15, theme.ITALIC),
                    (AREA.right - 22, AREA.top + 22), 15, theme.ITALIC, theme.GOLD_LIGHT if choosing else theme.MUTED,
                    anchor="topright")
        lang = current_language()
        cards = {a.id: a for a in self.aim_cards()}
        for aim, r in self.aim_rects:
            self._draw_aim(canvas, cards[aim], r, lang, choosing, chosen)

    def _draw_aim(self, canvas: Canvas, card: Any, r: pygame.FRect, lang: str, choosing: bool,
                  chosen: str | None) -> None:
        from game.engine.grid import parse_coord
        from game.lupin.ui.board_art import board_surface

        mine = chosen == card.id
        canvas.fill((22, 32, 60), r, radius=12)
        canvas.border(theme.GOLD if mine else theme.EDGE_LIGHT, r, width=3 if mine else 1.5, radius=12)
        with canvas.clip(pygame.FRect(r.left, r.top, r.width, 6)):
            canvas.fill(theme.GOLD if mine else (120, 110, 90), r, radius=12)
        canvas.text(fit(canvas, card.name.get(lang, card.id), r.width - 150, 26, theme.DISPLAY),
                    (r.left + 18, r.top + 18), 26, theme.DISPLAY, theme.INK)
        if mine:
            tag = t("lupin_ui_expansion.aim.chosen_tag").upper()
            tw = canvas.measure(tag, 13, theme.BOLD, tracking=2)[0] + 48
            pill = pygame.FRect(r.right - 16 - tw, r.top + 18, tw, 26)
            canvas.fill(theme.GOLD, pill, radius=13)
            theme.icon(canvas, "check", (pill.left + 16, pill.centery), 14, theme.NIGHT)
            canvas.text(tag, (pill.centerx + 8, pill.centery), 13, theme.BOLD, theme.NIGHT, anchor="center", tracking=2)
        mh = min(240.0, r.height - 120)
        mw = mh * 25 / 20
        m = pygame.FRect(r.left + 18, r.top + 60, mw, mh)
        canvas.image(board_surface("stonehenge"), m)
        canvas.fill((8, 12, 24, 70), m)
        canvas.border(theme.EDGE, m, width=1.5)
        cell = mw / 25

        def centre(coord: str) -> tuple[float, float]:
            sq = parse_coord(coord)
            return (m.left + (sq.col + 0.5) * cell, m.top + (sq.row + 0.5) * cell)

        rows = [(letter, colour, "circle", t(f"lupin_ui_expansion.aim.tomb.{name}"), card.tombs[name])
                for name, (letter, colour) in TOMB_STYLE.items() if name in card.tombs]
        rows.append((BLADE_STYLE[0], BLADE_STYLE[1], "diamond", t("lupin_ui_expansion.aim.excalibur"), card.excalibur))
        for letter, colour, shape, _name, coord in rows:
            self._aim_marker(canvas, centre(coord), letter, colour, shape, max(9.0, cell * 0.9))
        x = m.right + 18
        w = r.right - 16 - x
        y = m.top + 4
        legend = t("lupin_ui_expansion.aim.legend").upper()
        canvas.text(fit(canvas, legend, w - 2 * len(legend), 12, theme.BOLD), (x, y), 12, theme.BOLD, theme.GOLD,
                    tracking=1)   # fit() measures without the tracking
        y += 26
        step = min(52.0, (m.bottom - y) / len(rows))
        for letter, colour, shape, name, coord in rows:
            self._aim_marker(canvas, (x + 12, y + 12), letter, colour, shape, 11)
            canvas.text(fit(canvas, name, w - 30, 15, theme.BOLD), (x + 30, y + 2), 15, theme.BOLD, theme.INK)
            canvas.text(coord, (x + 30, y + 21), 14, theme.BODY, theme.MUTED)
            y += step
        foot = r.bottom - 30
        if choosing:
            text, colour = t("lupin_ui_expansion.aim.click_to_choose"), theme.GOLD_LIGHT
        elif mine:
            text, colour = t("lupin_ui_expansion.aim.secret"), theme.MUTED
        else:
            text, colour = "", theme.MUTED
        if text:
            canvas.text(fit(canvas, text, r.width - 36, 15, theme.ITALIC), (r.centerx, foot), 15, theme.ITALIC, colour,
                        anchor="center")
        if chosen is not None and not mine:
            canvas.fill((10, 14, 28, 150), r, radius=12)

    @staticmethod
    def _aim_marker(canvas: Canvas, c: tuple[float, float], letter: str, colour: tuple, shape: str,
                    rad: float) -> None:
        """A tomb (a circle) or Excalibur (a diamond), each with its letter: never colour alone."""
        x, y = c
        if shape == "diamond":
            pts = [(x, y - rad * 1.25), (x + rad * 1.25, y), (x, y + rad * 1.25), (x - rad * 1.25, y)]
            canvas.polygon((0, 0, 0, 140), [(px + 1, py + 2) for px, py in pts])
            canvas.polygon(colour, pts)
            canvas.polygon(theme.NIGHT, pts, width=2)
        else:
            canvas.circle((0, 0, 0, 140), (x + 1, y + 2), rad + 1)
            canvas.circle(colour, (x, y), rad)
            canvas.circle(theme.NIGHT, (x, y), rad, width=2)
        canvas.text(letter, (x, y + 1), rad * 1.3, theme.DISPLAY, theme.NIGHT, anchor="center")

    def draw_widgets(self, canvas: Canvas) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(canvas)


# ==================================================================================== overlays

_dark_backdrop = dark_backdrop   # the shell's (game/ui/scenes/pause.py), also behind the radio's talk


class PauseScene(ShellPauseScene):
    """The planning is paused: everything is hidden (the scenes below are not even drawn, as
    under the curtain) and the clock, which counts only while the play scene updates, stops
    (the shell's :class:`game.ui.scenes.pause.PauseScene` with the planning's texts)."""

    kicker_key = "lupin_plan.paused_kicker"
    title_key = "lupin_plan.paused"
    clock_key = "lupin_plan.paused_clock"
    no_clock_key = "lupin_plan.paused_no_clock"
    hint_key = "lupin_plan.paused_hint"
    resume_key = "lupin_plan.resume"
    layer_name = "lupin-pause"
    tint = (60, 80, 140)


class RadioTalkScene(Scene):
    """The radio is used: the gang may talk for 2 minutes while Zenigata looks away. It covers
    the whole window (the board included); "Done talking" ends it early, and it ends by itself
    when the time is up."""

    overlay = True
    opaque = True
    fills_window = True

    def __init__(self, who: str, seconds: float = RADIO_SECONDS, on_done: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.who = who
        self.left = float(seconds)
        self.total = float(seconds)
        self.on_done = on_done
        self.done_button = Button((800 - 170, 640, 340, 64), lambda: t("lupin_plan.radio.done"), self.finish,
                                  style="primary", icon="check")
        self.widgets = [self.done_button]

    def finish(self) -> None:
        if self.stack is None:
            return
        self.close()
        if self.on_done is not None:
            self.on_done()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        super().handle(event)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left = max(0.0, self.left - dt)
        if self.left <= 0:
            self.finish()

    def draw(self, canvas: Canvas) -> None:
        canvas.layer("lupin-radio", lambda c: _dark_backdrop(c, (40, 110, 90)))
        cx = 800
        canvas.text(t("lupin_plan.radio.kicker", name=self.who).upper(), (cx, 150), 22, theme.BOLD, theme.GOLD,
                    anchor="midtop", tracking=5)
        # a radio with its waves
        pic = pygame.FRect(cx - 70, 196, 140, 140)
        tile_art.draw_picture(canvas, "radio", pic)
        pulse = (self.total - self.left) % 1.2 / 1.2
        for k in range(3):
            rad = 80 + 30 * k + 30 * pulse
            a = max(0, round(200 * (1 - (k + pulse) / 3)))
            canvas.arc((*theme.GOLD_LIGHT, a), (cx - rad, 266 - rad, 2 * rad, 2 * rad), -0.6, 0.6, 3)
            canvas.arc((*theme.GOLD_LIGHT, a), (cx - rad, 266 - rad, 2 * rad, 2 * rad), math.pi - 0.6, math.pi + 0.6, 3)
        canvas.text(clock_text(self.left), (cx, 350), 130, theme.DISPLAY, theme.INK, anchor="midtop",
                    shadow=(0, 0, 0, 180), shadow_offset=4)
        canvas.text(t("lupin_plan.radio.talk"), (cx, 500), 34, theme.BOLD, theme.GOLD_LIGHT, anchor="midtop")
        canvas.text_box(t("lupin_plan.radio.hint"), (cx - 400, 556, 800, 60), 19, theme.ITALIC, theme.MUTED,
                        align="center", max_lines=2)
        bar = pygame.FRect(cx - 300, 740, 600, 8)
        canvas.fill((40, 52, 84), bar, radius=4)
        canvas.fill(theme.GOLD, pygame.FRect(bar.left, bar.top, bar.width * self.left / max(1.0, self.total), 8), radius=4)
        super().draw(canvas)


class TileGalleryScene(Scene):
    """Every device tile of the box and the expansion, with its picture, name and price."""

    fills_window = True

    def draw(self, canvas: Canvas) -> None:
        canvas.clear(theme.NIGHT)
        canvas.vertical_gradient(None, (16, 24, 46), (7, 11, 23))
        canvas.text(t("lupin_plan.gallery_kicker").upper(), (60, 34), 19, theme.BOLD, theme.GOLD, tracking=4)
        canvas.text(t("lupin_plan.gallery_title"), (58, 58), 56, theme.DISPLAY, theme.INK, tracking=1)
        cat = catalog()
        ids = list(cat.devices)
        cols = 6
        w, h, gx, gy = 226, 204, 24, 24
        x0 = (1600 - (cols * w + (cols - 1) * gx)) / 2
        for i, d in enumerate(ids):
            row, col = divmod(i, cols)
            r = pygame.FRect(x0 + col * (w + gx), 136 + row * (h + gy), w, h)
            dev = cat.device(d)
            tile_art.draw_tile(canvas, r, d, dev.kind, dev.name.get(current_language()), dev.price.amount)
            if dev.box != "base":
                canvas.text(t("lupin_plan.expansion").upper(), (r.right, r.bottom + 3), 12, theme.BOLD, theme.CYAN,
                            anchor="topright", tracking=1.5)
        canvas.text(t("lupin_plan.gallery_legend"), (800, 872), 16, theme.ITALIC, theme.MUTED, anchor="midbottom")
