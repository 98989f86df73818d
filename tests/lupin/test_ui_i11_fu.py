"""Issue #11, follow-ups: police-car shots on the screen, saves that no longer replay named on the
title, marker texts that never rely on colour alone, lit squares under vehicles with their glyphs,
the set-up's Resume bringing back "Since your last turn", and the rules reader's round counts.
Driven with synthetic mouse events where a player would click."""

from __future__ import annotations

import pygame

from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import seeded_match
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.title import TitleScene
from tests.lupin.test_ui_i11_play import gang_plays_hidden, lift_curtain
from tests.lupin.test_ui_kit import click, frame, key, make_app


# ---------------------------------------------------------------- 5. the set-up's Resume

def test_the_setups_resume_brings_back_since_your_last_turn():
    app = make_app(scenes=("title",))
    play = LupinPlayScene(seeded_match("gran-colpo", phase="police", players=2), start_revealed=True)   # autosaved
    app.stack.push(play)
    app.update(0.02)
    end = next(b for b, c in play.buttons if getattr(c, "kind", "") == "end")
    click(app, end.rect.center)
    lift_curtain(app)
    gang_plays_hidden(play.match, 0)                       # each move autosaved
    play.advance()
    assert isinstance(app.stack.top, CurtainScene)         # Zenigata is called, but the table stops
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.buttons["save_leave"].rect.center)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(app, title.play_button.rect.center)              # Play → the chooser → Lupin → the set-up
    chooser = app.stack.top
    card = next(c for c in chooser.cards if c.entry.episode is not None and c.entry.episode.id == "gran-colpo")
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and setup.resume_button.visible
    click(app, setup.resume_button.rect.center)            # the set-up's own Resume, not the title's Continue
    back = next(s for s in app.stack if isinstance(s, LupinPlayScene))
    lift_curtain(app)
    assert back.seat == "zenigata" and back.since is not None
    missed = [text for text, i in back.history if back.missed(i)]
    assert any(line.endswith("moves unseen.") for line in missed) and len(missed) > 3
    frame(app)
