"""The game chooser: the four games (and their episodes) from data/games.yaml.

Pointing at an entry shows its blurb in the detail panel; a click selects it. An entry opens its
set-up scene when it is ``playable`` in data/games.yaml *and* that scene (``setup``) is registered
in :mod:`game.ui.registry`: the scene is built with ``game=<id>`` and, for an episode,
``episode=<id>``. Everything else wears a "Coming soon" badge and ribbon; nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.content import ContentError
from game.engine.i18n import current_language, t
from game.games_catalog import Catalog, Episode, Game, load_catalog, setup_scene
from game.ui import backdrop, registry, theme
from game.ui.canvas import Canvas
from game.ui.scene import Scene
from game.ui.widgets import Button, Card, Panel, draw_badge, draw_corner_ribbon, mix, top_band

LIST_X, LIST_W, TOP = 80, 800, 170
DETAIL = pygame.FRect(920, TOP, 600, 610)
GAME_H, EPISODE_H = 86, 50


@dataclass
class Entry:
    game: Game
    episode: Episode | None = None
    number: int = 0  # episode number, 1-based

    @property
    def playable(self) -> bool:
        if self.episode is not None:
            return self.game.playable and self.episode.playable
        return self.game.playable and not self.game.episodes

    @property
    def openable(self) -> bool:
        return self.playable and registry.is_registered(setup_scene(self.game))

    @property
    def coming_soon(self) -> bool:
        """The badge: a game with episodes wears it while none of them can be opened."""
        if self.episode is None and self.game.episodes:
            return not (self.game.playable and registry.is_registered(setup_scene(self.game)))
        return not self.openable


def players_text(game: Game) -> str:
    p = game.players
    if p.min == p.max:
        return t("chooser.players_exact", n=p.min)
    return t("chooser.players", min=p.min, max=p.max)


class EntryCard(Card):
    def __init__(self, rect: Any, entry: Entry, scene: ChooserScene):
        super().__init__(rect, on_click=lambda: scene.click(entry), radius=12 if entry.episode is None else 10,
                         fill=(16, 24, 46, 225) if entry.episode is None else (14, 21, 40, 215),
                         accent=entry.game.rgb if entry.episode is None else None)
        self.entry = entry

    def draw_content(self, canvas: Canvas) -> None:
        e, r, lang = self.entry, self.rect, current_language()
        colour = e.game.rgb
        badge_w = 0.0
        if e.coming_soon:
            b = draw_badge(canvas, t("common.coming_soon"), (r.right - 18, r.centery), anchor="midright",
                           size=15 if e.episode else 16)
            badge_w = b.width + 24
        if e.episode is None:
            # monogram
            mx, my = r.left + 50, r.centery
            canvas.circle((*colour, 40), (mx, my), 28)
            canvas.circle(colour, (mx, my), 28, 2)
            canvas.text(e.game.title.get(lang)[:1].upper(), (mx, my + 3), 34, theme.DISPLAY, colour, anchor="center")
            title_w = r.right - (r.left + 96) - badge_w
            size = 38
            title = e.game.title.get(lang)
            while size > 26 and canvas.measure(title, size, theme.DISPLAY, tracking=0.5)[0] > title_w:
                size -= 1
            canvas.text(title, (r.left + 96, r.top + 12), size, theme.DISPLAY,
                        mix(theme.INK, theme.GOLD_LIGHT, self.hover_t * 0.6), tracking=0.5)
            sub = f"{players_text(e.game)}  ·  {e.game.sides.get(lang)}"
            if e.game.episodes:
                sub = f"{players_text(e.game)}  ·  {t('chooser.episodes', n=len(e.game.episodes))}"
            canvas.text(sub, (r.left + 98, r.top + 56), 18, theme.BODY, theme.MUTED)
        else:
            canvas.text(t("chooser.episode_short", n=e.number).upper(), (r.left + 20, r.centery + 2), 21,
                        theme.DISPLAY, colour, anchor="midleft", tracking=1.5)
            canvas.text(e.episode.title.get(lang), (r.left + 84, r.centery), 22, theme.BOLD,
                        mix(theme.INK, theme.GOLD_LIGHT, self.hover_t * 0.6), anchor="midleft")


class ChooserScene(Scene):
    escape_goes_back = True
    fills_window = True  # the backdrop covers the whole window

    def __init__(self, catalog: Catalog | None = None) -> None:
        super().__init__()
        self.error: str | None = None
        if catalog is None:
            try:
                catalog = load_catalog()
            except ContentError as exc:
                self.error = str(exc)
                catalog = None
        self.catalog = catalog
        self.entries: list[Entry] = []
        self.cards: list[EntryCard] = []
        self.back_button = Button((LIST_X, 812, 230, 58), lambda: t("common.back"), self.back, icon="back")
        self.open_button = Button((DETAIL.left + 30, DETAIL.bottom - 30 - 62, DETAIL.width - 60, 62),
                                  self._open_label, self.open_selected, style="primary", icon="play")
        self._build()
        self.selected: Entry | None = self.entries[0] if self.entries else None
        self.widgets = [*self.cards, self.open_button, self.back_button]

    def _build(self) -> None:
        if self.catalog is None:
            return
        y = TOP
        for gi, game in enumerate(self.catalog.games):
            if gi:
                y += 14
            entry = Entry(game)
            self.entries.append(entry)
            self.cards.append(EntryCard((LIST_X, y, LIST_W, GAME_H), entry, self))
            y += GAME_H
            for n, ep in enumerate(game.episodes, start=1):
                y += 8 if n == 1 else 6
                entry = Entry(game, ep, n)
                self.entries.append(entry)
                self.cards.append(EntryCard((LIST_X + 46, y, LIST_W - 46, EPISODE_H), entry, self))
                y += EPISODE_H

    # -- actions ------------------------------------------------------------------------------
    def click(self, entry: Entry) -> None:
        self.selected = entry
        if entry.openable:
            self.open(entry)

    def open_selected(self) -> None:
        if self.selected is not None and self.selected.openable:
            self.open(self.selected)

    def open(self, entry: Entry) -> None:
        options: dict[str, Any] = {"game": entry.game.id}
        if entry.episode is not None:
            options["episode"] = entry.episode.id
        setup = setup_scene(entry.game)
        assert setup is not None  # only an openable entry opens, and that one has a set-up scene
        scenes = registry.build_scenes(setup, self.app, **options)
        assert self.stack is not None  # a scene's buttons work only while it is on the stack
        for scene in scenes:
            self.stack.push(scene)

    def back(self) -> None:
        self.close()

    @property
    def shown(self) -> Entry | None:
        for card in self.cards:
            if card.hovered:
                return card.entry
        return self.selected

    def _open_label(self) -> str:
        e = self.selected
        if e is None:
            return t("common.coming_soon")
        if e.episode is None and e.game.episodes and not e.coming_soon:
            return t("chooser.pick_episode")
        return t("chooser.set_up") if e.openable else t("common.coming_soon")

    # -- scene --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for card in self.cards:
            card.selected = card.entry is self.selected
        e = self.selected
        self.open_button.enabled = bool(e is not None and e.openable)
        self.open_button.icon = "play" if self.open_button.enabled else "lock"
        super().update(dt)

    def draw(self, canvas: Canvas) -> None:
        """The backdrop, titles, tree and detail panel change only with the entry shown and the
        language: drawn once into a cached layer; the cards and buttons (hover) every frame."""
        key = ("chooser", id(self), id(self.shown), self.error, current_language())
        canvas.layer(key, self._draw_static)
        super().draw(canvas)

    def _draw_static(self, canvas: Canvas) -> None:
        backdrop.menu_page(canvas, t("chooser.kicker"), t("chooser.title"), x=LIST_X + 2, top=48)
        canvas.text(t("chooser.hint"), (DETAIL.right, 138), 18, theme.ITALIC, theme.MUTED, anchor="bottomright")
        if self.error:
            Panel((LIST_X, TOP, LIST_W, 200), edge=theme.RED).draw(canvas)
            canvas.text(t("chooser.load_error"), (LIST_X + 28, TOP + 24), 26, theme.BOLD, theme.RED)
            canvas.text_box(self.error, (LIST_X + 28, TOP + 70, LIST_W - 56, 120), 18, theme.BODY, theme.INK)
        self._draw_tree(canvas)
        self._draw_detail(canvas)

    def _draw_tree(self, canvas: Canvas) -> None:
        """Lines joining a game's card to its episodes."""
        x = LIST_X + 24
        for card in self.cards:
            e = card.entry
            if e.episode is None and e.game.episodes:
                first = card.rect.bottom
                kids = [c for c in self.cards if c.entry.game is e.game and c.entry.episode is not None]
                last = kids[-1].rect.centery
                canvas.line(theme.EDGE, (x, first), (x, last), 2)
                for k in kids:
                    canvas.line(theme.EDGE, (x, k.rect.centery), (k.rect.left, k.rect.centery), 2)

    def _draw_detail(self, canvas: Canvas) -> None:
        e = self.shown
        p = DETAIL
        Panel(p, fill=(14, 21, 41, 240), edge=theme.EDGE_LIGHT, radius=18).draw(canvas)
        if e is None:
            return
        lang = current_language()
        colour = e.game.rgb
        top_band(canvas, p, colour, 8, radius=18)
        if e.coming_soon:
            draw_corner_ribbon(canvas, p, t("common.coming_soon"), size=21, band=38, inset=84)
        x, w = p.left + 32, p.width - 64
        y = p.top + 40
        if e.episode is not None:
            kicker = t("chooser.episode_of", n=e.number, total=len(e.game.episodes))
        else:
            kicker = t("chooser.board_game")
        canvas.text(kicker.upper(), (x, y), 17, theme.BOLD, colour, tracking=3.5)
        y += 30
        title = e.episode.title.get(lang) if e.episode else e.game.title.get(lang)
        tw = w - (70 if e.coming_soon else 0)
        size = 64
        while size > 40 and len(canvas.wrap(title, tw, size, theme.DISPLAY)) > 2:
            size -= 4
        y += canvas.text_box(title, (x, y, tw, 200), size, theme.DISPLAY, theme.INK, line_spacing=1.0)
        if e.episode is not None:
            canvas.text(e.game.title.get(lang), (x, y + 8), 20, theme.ITALIC, theme.MUTED)
            y += 40
        y += 16
        # facts, as chips
        facts = [("users", players_text(e.game)), (None, e.game.sides.get(lang))]
        if e.game.solo == "planned":
            facts.append(("clock", t("chooser.solo_planned")))
        elif e.game.solo == "yes":
            facts.append(("users", t("chooser.solo_yes")))
        cx = x
        for icon_name, text in facts:
            tw_, _ = canvas.measure(text, 18, theme.BOLD)
            cw = tw_ + (60 if icon_name else 32)
            if cx + cw > x + w and cx > x:
                cx = x
                y += 46
            chip = pygame.FRect(cx, y, cw, 36)
            canvas.fill((*colour, 34), chip, radius=18)
            canvas.border((*colour, 150), chip, 1.5, radius=18)
            tx = chip.left + 16
            if icon_name:
                theme.icon(canvas, icon_name, (tx + 10, chip.centery), 20, mix(colour, theme.INK, 0.4))
                tx += 28
            canvas.text(text, (tx, chip.centery), 18, theme.BOLD, mix(colour, theme.INK, 0.65), anchor="midleft")
            cx += cw + 10
        y += 62
        canvas.line(theme.EDGE, (x, y), (x + w, y), 1.5)
        y += 26
        blurb = e.episode.blurb.get(lang) if e.episode else e.game.blurb.get(lang)
        room = self.open_button.rect.top - 24 - y
        size = 23
        while size > 17 and canvas.text_box_height(blurb, w, size, theme.BODY, 1.45) > room:
            size -= 1
        canvas.text_box(blurb, (x, y, w, room), size, theme.BODY, (222, 216, 202), line_spacing=1.45)

