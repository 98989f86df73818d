"""Driving Lupin's screens headless with synthetic mouse events: helpers for the UI tests (no tests here)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine.settings import Settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.registry import build_scenes  # noqa: E402


def init() -> None:
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()


def make_app(scenes=("chooser",), lang: str = "en", size=(1600, 900)) -> App:
    init()
    app = App(Settings(language=lang), surface=pygame.Surface(size), lang=lang, persist=False)
    for name in scenes:
        for scene in build_scenes(name, app):
            app.stack.push(scene)
    app.update(0.02)
    return app


def move(app: App, logical) -> None:
    px = app.canvas.point_px(logical)
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=px, rel=(0, 0), buttons=(0, 0, 0)))


def click(app: App, logical, button: int = 1) -> None:
    """Move there, press and release (positions in logical 1600×900 coordinates), a moment after
    the last click (a person's pace: the widgets ignore presses right after they appear)."""
    from game.ui.widgets import CLICK_GUARD, CLOCK
    app.update(0.0)                    # a frame shows what changed since the last one...
    CLOCK.advance(CLICK_GUARD + 0.01)  # ... and the player clicks a moment later
    move(app, logical)
    px = app.canvas.point_px(logical)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=button))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=button))
    app.update(0.02)


def key(app: App, k: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.update(0.02)


def lift_curtain(app: App) -> None:
    """The curtain on top is lifted as a player does: once it arms, a click in the middle."""
    from game.ui.scenes.curtain import CurtainScene

    assert isinstance(app.stack.top, CurtainScene)
    app.update(CurtainScene.ARM_DELAY + 0.1)
    click(app, (800, 450))


def frame(app: App, dt: float = 0.02) -> bytes:
    app.update(dt)
    app.draw()
    return pygame.image.tobytes(app.canvas.surface, "RGB")


class Driver:
    """Plays a game through the screen only: lifts each curtain, then clicks what the play scene
    shows (its buttons, lit squares, target rings, tokens, menu lines), mostly ending turns."""

    def __init__(self, app: App, seed: int = 1, act: float = 0.3):
        self.app = app
        self.rng = random.Random(seed)
        self.act = act          # how often to click the board rather than end the turn
        self.curtains = 0
        self.clicks = 0

    def step(self) -> bool:
        """One click; False once the game is over and nothing is left to do."""
        from game.lupin.ui.play_scene import LupinPlayScene
        from game.ui.scenes.curtain import CurtainScene

        top = self.app.stack.top
        if isinstance(top, CurtainScene):
            self.app.update(CurtainScene.ARM_DELAY + 0.1)
            click(self.app, (800, 450))
            self.curtains += 1
            return True
        from game.lupin.ui.planning_scene import RadioTalkScene
        if isinstance(top, RadioTalkScene):      # a radio was used: the talk is over at once
            click(self.app, top.done_button.rect.center)
            return True
        from game.ui.scenes.game_menu import ConfirmScene
        if isinstance(top, ConfirmScene):        # "Leave the map?", "The police will see him": yes
            click(self.app, top.confirm_button.rect.center)
            return True
        assert isinstance(top, LupinPlayScene), f"unexpected scene on top: {type(top).__name__}"
        if top.over:
            return False
        options = top.clickables()
        assert options, "the play scene offers nothing to click"
        kinds = {}
        for point, what, payload in options:
            kinds.setdefault(what, []).append((point, payload))
        if "popup" in kinds:
            point, _ = self.rng.choice(kinds["popup"])
        elif "tile" in kinds and "card" in kinds and self.rng.random() < self.act:
            # the planning screen's shop: a tile, then a character (the rules may refuse: a sentence)
            click(self.app, self.rng.choice(kinds["tile"])[0])
            point, _ = self.rng.choice(kinds["card"])
        else:
            ends = [(p, c) for p, c in kinds.get("button", []) if getattr(c, "kind", "") == "end"]
            others = [(p, c) for p, c in kinds.get("button", []) if getattr(c, "kind", "") != "end"
                      and not _escape(c)]
            squares = kinds.get("square", [])
            actors = kinds.get("actor", [])
            r = self.rng.random()
            if squares and (r < self.act or not ends):
                point, _ = self.rng.choice(squares)
            elif actors and r < self.act + 0.1:
                point, _ = self.rng.choice(actors)
            elif others and r < self.act + 0.2:
                point, _ = self.rng.choice(others)
            elif ends:
                point, _ = ends[0]
            else:
                point, _ = self.rng.choice(others or squares or actors)
        click(self.app, point)
        self.clicks += 1
        return True


def _escape(payload) -> bool:
    """Leaving the map early would end the test game at once: the driver lets the rounds run."""
    items = payload if isinstance(payload, list) else [payload]
    return any(type(getattr(c, "action", None)).__name__ == "Escape" for c in items)


def hidden_square(state, member):
    """Another square where ``member`` would stand unseen (out of every police line of fire)."""
    geo = state.geo
    here = state.figures[member].spot
    seen = geo.watched(state.viewers(), vehicles=state.vehicles())
    taken = set(state.occupied()) | {state.figures[c].spot for c in state.gang}
    return next(s for s in geo.reach(here, 5).cost if isinstance(s, tuple) and len(s) == 2
                and isinstance(s[0], int) and s not in seen and s not in taken and geo.can_stand(s, "gang"))


class BotDriver(Driver):
    """Plays as a bot would, but through the screen: the bot picks among the actions the screen
    offers, and the driver finds where to click for it (a button, a menu behind a button, the
    figure to select first, a lit square, a menu line). It proves every action is within reach."""

    def __init__(self, app: App, seed: int = 1):
        super().__init__(app, seed)
        from game.lupin.ai import HeuristicBot

        self.bot = HeuristicBot(seed)
        self.wanted = None
        self.streak: tuple[str | None, int] = (None, 0)   # the seat on screen, its moves in a row

    def step(self) -> bool:
        from game.lupin.ui.play_scene import LupinPlayScene

        top = self.app.stack.top
        if not isinstance(top, LupinPlayScene):
            return super().step()
        if top.over:
            return False
        seat, n = self.streak
        self.streak = (top.seat, n + 1 if seat == top.seat else 1)
        if self.wanted is None or self.wanted not in [c.action for c in top.choices]:
            offered = [c.action for c in top.choices]
            assert offered or top.next_in_turn(), "nothing offered on screen"
            # a bot that waits for a partner (the gang's planning) passes the mouse on after a while
            if not offered or (top.next_in_turn() and self.streak[1] > 12 and top.view["phase"] == "planning"):
                self.streak = (None, 0)
                click(self.app, next(b.rect.center for b, p in top.buttons if p == "handover"))
                return True
            self.wanted = self.bot.choose(top.view, offered)
        wanted = self.wanted
        options = top.clickables()
        for point, what, payload in options:
            if what == "popup" and payload.action == wanted:
                return self._click(point)
        if top.popup is not None:
            click(self.app, (5, 5))       # not in this menu: close it
            return True
        for point, what, payload in options:
            if what == "button" and getattr(payload, "action", None) == wanted:
                return self._click(point)
            if what == "button" and isinstance(payload, list) and any(c.action == wanted for c in payload):
                return self._click(point)
            if what == "square" and any(c.action == wanted for c in payload):
                return self._click(point)
        route = top.planning.route(wanted)     # the shop: a tile, then a character (or the shop)
        if route:
            for point in route:
                click(self.app, point)
            self.clicks += 1
            return True
        choice = next(c for c in top.choices if c.action == wanted)
        assert choice.actor is not None and choice.actor != top.selected, f"cannot reach {wanted}"
        assert choice.actor in top.tokens, f"the token of {choice.actor} is not on the board"
        return self._click(top.tokens[choice.actor][0])

    def _click(self, point) -> bool:
        click(self.app, point)
        self.clicks += 1
        return True
