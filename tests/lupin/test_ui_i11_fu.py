"""Issue #11, follow-ups: police-car shots on the screen, saves that no longer replay named on the
title, marker texts that never rely on colour alone, lit squares under vehicles with their glyphs,
the set-up's Resume bringing back "Since your last turn", and the rules reader's round counts.
Driven with synthetic mouse events where a player would click."""

from __future__ import annotations

import pygame

from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import seeded_match
from game.lupin.ui.setup_scene import LupinSetupScene
from game.ui.scenes.title import TitleScene
from tests.lupin.test_ui_i11_play import leave_while_zenigata_is_called, lift_curtain
from tests.lupin.test_ui_kit import click, frame, key, make_app


# ---------------------------------------------------------------- 5. the set-up's Resume

def test_the_setups_resume_brings_back_since_your_last_turn():
    app, title = leave_while_zenigata_is_called()
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


# ---------------------------------------------------------------- 6. the rules reader's round counts

def _book_text(chapters) -> str:
    return " ".join(" ".join((ch.title, *(b.text for b in ch.blocks), *(c for b in ch.blocks for c in b.cells)))
                    for ch in chapters)


def test_the_rules_readers_goal_and_rounds_follow_the_episode_in_both_languages():
    import re

    from game.lupin.rules.boards import episode
    from game.lupin.ui.rules_book import lupin_chapters

    word = {"it": "turni", "en": "rounds"}
    for ep in ("rosso-rubino", "gran-colpo", "cagliostro", "stonehenge"):
        rounds = episode(ep).rounds
        for lang in ("it", "en"):
            chapters = lupin_chapters(ep, lang)
            goal = next(ch for ch in chapters if ch.id == "goal")
            said = {int(n) for n in re.findall(rf"(\d+)\** ?{word[lang]}", _book_text([goal]))}
            assert said == {rounds}, (ep, lang, said)
            text = _book_text(chapters)
            assert "{rounds}" not in text
            if rounds != 13:   # the base game's 13 nowhere in an 18- or 11-round book
                assert not re.search(rf"\b13\** ?{word[lang]}\b|\b13(°|th) (turno|round)|1 (a|to) 13\b", text), ep
            if lang == "it":   # Italian says "turno" for a round, in every chapter
                assert not re.search(r"\bround\b", text, re.I), (ep, re.findall(r".{30}\bround\b.{10}", text))


# ---------------------------------------------------------------- 4. lit squares under the bus

def test_a_lit_square_under_the_bus_keeps_its_glyph_a_dot_unseen_an_eye_seen():
    """Under the bus a lit square is drawn again over it: with the dot (unseen) or the eye (seen)
    in its corner, like every other lit square, not only an edge of another colour."""
    from game.engine.grid import Sq, format_coord
    from game.lupin.ui.board_scene import TARGET_STYLE, square_rect
    from tests.lupin.test_ui_i11_play import play_app

    app, scene = play_app(seeded_match("rosso-rubino"))
    frame(app)
    assert scene.is_gang(scene.selected)
    sq = next(sq for sq, cs in scene.targets.items() if any(c.kind == "move" for c in cs))
    scene.view["bus"] = [format_coord(Sq(*sq)), format_coord(Sq(sq[0], sq[1] + 1))]
    assert sq in scene._covered_targets()

    def pixel(dx):
        r = square_rect(*sq).inflate(-8, -8)
        corner = (r.left + r.width * 0.24 + dx, r.top + r.height * 0.24)
        return tuple(app.canvas.surface.get_at(app.canvas.point_px(corner))[:3])

    for seen in (False, True):
        scene.seen_at = lambda _spot, seen=seen: seen
        scene.version += 1
        frame(app)
        if seen:   # an open eye: dark pupil, white on both sides
            assert pixel(0) == (20, 20, 20) and pixel(-4.5) == pixel(4.5) == (250, 246, 236)
        else:      # a dot in the edge's colour, ringed dark
            assert pixel(0) == TARGET_STYLE["move"][1] and pixel(-3.9) == (20, 20, 20)


# ---------------------------------------------------------------- 3. marker texts: a shape, not a colour alone

COLOURS = {"en": r"\b(gold|golden|red|green|blue|yellow|orange|white|black|gr[ae]y|purple|pink|brown)\b",
           "it": r"(\bd'oro\b|\boro\b|\bdorat[aeio]\b|\bross[aeio]\b|\bverd[ei]\b|\bblu\b|\bazzurr[aeio]\b"
                 r"|\bgiall[aeio]\b|\barancion[ei]\b|\bbianc\w*|\bner[aeio]\b|\bgrigi[aeo]?\b|\bviola\b|\bmarron[ei]?\b)"}
SHAPES = {"en": r"(dot|eye|diamond|hatch|dash|triangle|gunsight|tick|ring|letter|arch|padlock|grille|arrow|shield)",
          "it": r"(pallin|occhi|rombo|romb|tratteggi|triangol|mirino|tacch|cerchi|anell|letter|arco|lucchett|grata|frecc"
                r"|scud)"}
THIEF_NAMES = {"en": r"\b(yellow|red|green)\b", "it": r"(\bgiall[aeio]\b|\bross[aeio]\b|\bverd[ei]\b)"}
"""How to Rob a Bank's thieves are called by their colours, and each pawn carries the initial of that
name in the player's language (tests/robbank/test_ui_table.py checks it): in its texts these words
are names, not a marker described by its colour."""
PLAYER_NAMES = {"en": r"\b(red|blue|green|yellow|purple|orange|white|black)\b",
                "it": r"(\bross[oa]\b|\bblu\b|\bverde\b|\bgiall[oa]\b|\bviola\b|\barancione\b|\bbianco\b|\bnero\b)"}
"""Lupusburg's players are called by their families' colours, and each player's plate and houses carry
his seat's number (tests/lupusburg/test_ui_table.py checks it): in its texts these words are names."""
NAMES = {"en": ("Ruby Red", "gold coins", "yellow Fiat"),          # names, not markers
         "it": ("Rosso rubino", "monete d'oro", "Fiat 500 gialla", "Colle Verde", "Picco Nero")}


def test_no_marker_text_names_a_colour_without_a_shape():
    """Every text of both languages (the tutorial's sentences, the hints, the legend...): each
    clause that names a colour also names the marker's shape (a dot, an eye, hatching, a
    diamond, a gunsight...), so a player who cannot tell the colours still finds the marker."""
    import re

    from game.engine.i18n import load_language

    checked = 0
    for lang in ("en", "it"):
        for text_key, text in load_language(lang)[0].items():
            if not isinstance(text, str) or " " not in text.strip():
                continue   # a colour's own name (a flooded zone's), not a description
            for name in NAMES[lang]:
                text = text.replace(name, "")
            if text_key.startswith("robbank"):
                text = re.sub(THIEF_NAMES[lang], "", text, flags=re.I)
            if text_key.startswith("lupusburg"):
                text = re.sub(PLAYER_NAMES[lang], "", text, flags=re.I)
            for clause in re.split(r"[.;:!?,]|\s[—–-]\s", re.sub(r"\{\w+\}", "", text)):
                if re.search(COLOURS[lang], clause, re.I):
                    checked += 1
                    assert re.search(SHAPES[lang], clause, re.I), (lang, text_key, clause.strip())
    assert checked >= 6   # the tutorial's squares and gunsight, the hint on the figures that can act


# ---------------------------------------------------------------- 2. a save whose moves no longer replay

def refused_autosave(match):
    """``match`` autosaved, then one of its moves changed the way a rules change would refuse it
    (a move to a square out of reach): the file reads, but no longer replays."""
    import json

    from game.engine.saves import Autosaver, autosave_path, read_save

    Autosaver()(match)
    slot = autosave_path(match.game_id)
    doc = json.loads(slot.read_text(encoding="utf-8"))
    first = next(a for a in doc["actions"] if a["type"] == "lupin.move")
    first["to"] = "T25" if first["to"] != "T25" else "A1"
    slot.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    read_save(slot)   # it reads...
    return slot


def test_a_save_that_no_longer_replays_is_named_on_the_title_kept_and_never_offered(monkeypatch):
    from game.engine import i18n, saves
    from game.engine.saves import SaveError, load_match

    slot = refused_autosave(seeded_match("gran-colpo", phase="police", players=2))
    try:
        load_match(slot)
        raise AssertionError("the save still replays")
    except SaveError as exc:
        assert exc.kind == "replay"                     # ... but its moves are refused
    before = slot.read_bytes()
    app = make_app(scenes=())
    title = TitleScene(look_for_saves=True)
    app.stack.push(title)
    app.update(0.02)
    assert title.offer is None and not title.continue_button.visible
    assert title.save_problem == ("A saved game can no longer be continued: this version's rules refuse its "
                                  f"moves. It is no longer offered; the file is kept untouched as {slot}.")
    shown = frame(app)
    # back on the title later: still said, still not offered, and not replayed again
    replays = []
    monkeypatch.setattr(saves, "load_match", lambda path: replays.append(path) or load_match(path))
    title.resume()
    assert title.offer is None and str(slot) in title.save_problem and replays == []
    # the set-up's Resume passes over it too
    click(app, title.play_button.rect.center)
    card = next(c for c in app.stack.top.cards if c.entry.episode is not None and c.entry.episode.id == "gran-colpo")
    click(app, card.rect.center)
    assert isinstance(app.stack.top, LupinSetupScene) and not app.stack.top.resume_button.visible
    assert slot.read_bytes() == before and sorted(p.name for p in slot.parent.iterdir()) == [slot.name]
    # in Italian too, and the box is drawn
    i18n.set_language("it")
    try:
        it_app = make_app(scenes=(), lang="it")
        it_title = TitleScene(look_for_saves=True)
        it_app.stack.push(it_title)
        it_app.update(0.02)
        assert it_title.save_problem == ("Una partita salvata non si può più continuare: le regole di questa versione "
                                         "rifiutano le sue mosse. Non viene più proposta; il file è conservato "
                                         f"intatto come {slot}.")
    finally:
        i18n.set_language("en")
    plain = make_app(scenes=())
    plain_title = TitleScene()
    plain.stack.push(plain_title)
    assert frame(plain) != shown


def test_an_older_unfinished_game_is_still_offered_beside_a_refused_save():
    import os

    good = seeded_match("rosso-rubino", players=2)
    from game.engine.saves import Autosaver
    Autosaver()(good)
    refused = refused_autosave(seeded_match("gran-colpo", phase="police", players=2))
    os.utime(refused, (refused.stat().st_atime, refused.stat().st_mtime + 60))   # the newest file
    app = make_app(scenes=())
    title = TitleScene(look_for_saves=True)
    app.stack.push(title)
    app.update(0.02)
    assert title.offer is not None and "Ruby Red" in title.offer[1]
    assert title.save_problem is not None and str(refused) in title.save_problem


# ---------------------------------------------------------------- 1. agents shooting from a police car

def car_scene(lang="en"):
    """Zenigata's police phase: car 1 on I10 with two agents aboard (nobody else of the police on
    the board), Jigen shown on I13, three squares away: both agents may shoot him from the car."""
    from game.engine.replay import Match
    from tests.lupin.test_issue11_rules import car_with_agents
    from tests.lupin.test_round import clear_police, put, started, to_police_phase
    from tests.lupin.test_ui_i11_play import play_app

    match = Match("lupin", {"episode": "gran-colpo", "players": 5}, 1)
    st = started()
    clear_police(st)
    to_police_phase(st)
    aboard = car_with_agents(st, "I10", 2)
    put(st, "jigen", "I13")
    st.figures["jigen"].shown = True
    match.state = st
    app, play = play_app(match, lang=lang)
    assert play.seat == "zenigata"
    return app, play, aboard


def test_zenigata_selects_the_police_car_and_each_shot_from_it_names_its_agent():
    from game.lupin.ui import choices as C

    app, play, aboard = car_scene()
    shots = [c for c in play.choices if c.type_name == "Shoot"]
    assert {c.action.figure for c in shots} == set(aboard)
    assert all(c.actor == "car-1" for c in shots)          # the car's to select: its agents have no token
    key(app, pygame.K_ESCAPE)                              # nothing selected: no target ring is lit
    assert play.selected is None and not any(c.type_name == "Shoot" for c in play.board_choices())
    click(app, play.tokens["car-1"][0])                    # a click on the car selects it...
    assert play.selected == "car-1"
    assert {c.action.figure for c in play.board_choices() if c.type_name == "Shoot"} == set(aboard)
    assert "target ring" in play.instruction()
    n1, n2 = (a.rpartition("-")[2] for a in aboard)
    move_to = play.tokens["jigen"][0]
    from tests.lupin.test_ui_kit import move
    move(app, move_to)
    frame(app)
    tip = play.tooltip(play.hover)
    assert f"Agent {n1} (in the car) shoots Jigen: needs" in tip and f"Agent {n2} (in the car) shoots Jigen" in tip
    click(app, move_to)                                    # ... and a click on Jigen asks which agent fires
    assert play.popup is not None
    labels = [b.text for b in play.popup.buttons]
    assert labels == [f"Agent {n1} (in the car) shoots Jigen", f"Agent {n2} (in the car) shoots Jigen"]
    before = len(play.match.log)
    click(app, play.popup.buttons[1].rect.center)
    shot = play.match.log[-1]
    assert len(play.match.log) == before + 1 and type(shot).__name__ == "Shoot" and shot.figure == aboard[1]
    assert C.figure_name(aboard[1]) in " ".join(play.log_lines[-2:])


def test_a_shot_from_the_car_names_its_agent_in_italian():
    from game.engine import i18n
    from game.lupin.ui import choices as C

    i18n.set_language("it")
    try:
        _app, play, aboard = car_scene(lang="it")
        labels = sorted(c.label for c in play.choices if c.type_name == "Shoot")
        assert labels == sorted(f"L'agente {a.rpartition('-')[2]} (in auto) spara a Jigen" for a in aboard)
        tips = {C.odds_text(c, play.view) for c in play.choices if c.type_name == "Shoot"}
        assert len(tips) == 2 and all("(in auto) spara a Jigen: serve" in tip for tip in tips)
    finally:
        i18n.set_language("en")
