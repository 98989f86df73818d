"""Lupin's mission cards on screen: the hand strip (faces for the seat's own characters, counted
backs for the others), hover to enlarge, click to play; and the hover tooltips of every marker,
which never tell a seat more than its view."""

import copy

import pygame
import pytest

from game.engine.i18n import set_language, t
from game.lupin.rules import catalog as cat
from game.lupin.rules.geometry import Sq
from game.lupin.ui import card_art
from game.lupin.ui import hover as H
from game.lupin.ui.board_scene import square_rect
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import seeded_match
from game.ui.canvas import Canvas
from tests.lupin.test_ui_kit import click, frame, hidden_square, make_app, move


def play_app(match, lang="en"):
    app = make_app(scenes=(), lang=lang)
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    app.stack.push(scene)
    app.update(0.02)
    return app, scene


def playable_position(targets: int):
    """A seeded gang turn where a card of the seat's hand can be played on exactly one target
    (``targets == 1``) or on several (``targets > 1``)."""
    for episode in ("rosso-rubino", "gran-colpo"):
        for seed in range(7, 40):
            match = seeded_match(episode, seed=seed)
            seat = match.state.to_act()[0]
            plays = [a for a in match.state.legal_actions(seat) if type(a).__name__ == "PlayCard"]
            by_card: dict = {}
            for a in plays:
                by_card.setdefault((a.figure, a.card), []).append(a)
            for (figure, card), actions in by_card.items():
                if (len(actions) == 1) == (targets == 1):
                    return match, figure, card, actions
    pytest.skip("no seeded position with such a card")


def region(app, rect) -> bytes:
    r = app.canvas.rect_px(rect)
    return pygame.image.tobytes(app.canvas.surface.subsurface(r), "RGB")


def test_a_card_in_the_hand_is_a_face_hover_enlarges_it_and_a_click_plays_it():
    match, figure, card, actions = playable_position(targets=1)
    twin = copy.deepcopy(match)
    app, play = play_app(match)
    faces = [(r, f, c) for r, what, f, c in play.hand_layout() if what == "face"]
    assert (figure, card) in [(f, c) for _r, f, c in faces]
    assert len(faces) == sum(len(m["hand"]) for m in play.view["mine"].values())
    rect = next(r for r, f, c in faces if (f, c) == (figure, card))
    # the small face is drawn in the panel; hovering it draws it big over the board
    move(app, (800, 450))
    plain = frame(app)
    zoom = pygame.FRect(0, 0, 300, 300 * card_art.RATIO)
    zoom.bottomright = (play_panel_left() - 16, rect.bottom)
    board_before = region(app, zoom)
    move(app, rect.center)
    hovered = frame(app)
    assert hovered != plain and region(app, zoom) != board_before
    assert play.panel_tip(rect.center) is None      # a card shows its face, not a text tip
    # a click plays it: the state changes exactly as the same action submitted by the buttons
    before = len(match.log)
    click(app, rect.center)
    assert len(match.log) == before + 1 and match.log[-1] == actions[0]
    twin.apply(actions[0])
    assert match.state == twin.state


def play_panel_left() -> float:
    from game.lupin.ui.play_scene import PANEL

    return PANEL.left


def test_a_card_with_several_targets_asks_which_like_the_buttons():
    match, figure, card, actions = playable_position(targets=2)
    app, play = play_app(match)
    rect = next(r for r, what, f, c in play.hand_layout() if what == "face" and (f, c) == (figure, card))
    click(app, rect.center)
    assert play.popup is not None
    assert sorted(map(repr, (c.action for c in play.popup.items))) == sorted(map(repr, actions))
    point, _what, choice = play.clickables()[0]
    click(app, point)
    assert match.log[-1] == choice.action and play.popup is None


def test_a_card_that_cannot_be_played_now_says_so_and_changes_nothing():
    for seed in range(7, 40):
        match = seeded_match("rosso-rubino", seed=seed)
        app, play = play_app(match)
        idle = [(r, f, c) for r, what, f, c in play.hand_layout() if what == "face" and not play.card_choices(f, c)]
        if idle:
            break
    else:
        pytest.skip("no seeded hand with an idle card")
    before = copy.deepcopy(match.state)
    r, _f, _c = idle[0]
    click(app, r.center)
    assert match.state == before and play.message == t("lupin_cards.hand.not_now")


def test_zenigata_sees_only_counted_card_backs_never_a_face():
    match = seeded_match("gran-colpo", phase="police")
    state = match.state
    assert state.to_act() == ["zenigata"]
    holder = next(c for c in state.gang if state.figures[c].hand)
    # the same game but other cards in that hand (as many): Zenigata cannot tell the difference
    other = copy.deepcopy(match)
    deck = [cid for cid in cat.deck_for(holder, "gran-colpo") if cid not in state.figures[holder].hand]
    other.state.figures[holder].hand = deck[:len(state.figures[holder].hand)]
    assert other.state.view(state.seat_of[holder]) != state.view(state.seat_of[holder])

    def zenigata_frames(m):
        app, scene = play_app(m)
        assert scene.seat == "zenigata"
        items = scene.hand_layout()
        assert items and {what for _r, what, _f, _c in items} == {"back"}
        assert {f for _r, _w, f, _c in items} == {c for c in m.state.gang}
        shots = [frame(app)]
        for r, _what, fid, _c in items:         # hover every back: a count, never a face
            move(app, r.center)
            tip = scene.panel_tip(r.center)[1]
            assert str(len(m.state.figures[fid].hand)) in tip
            for cid in m.state.figures[fid].hand:
                assert cat.card(cid).name.get("en") not in tip
            shots.append(frame(app))
        return shots

    mine, theirs = zenigata_frames(match), zenigata_frames(other)
    assert mine == theirs
    # and the gang seat does see the faces (the check above could not pass by drawing nothing)
    app, gang = play_app(seeded_match("gran-colpo"))
    assert any(what == "face" for _r, what, _f, _c in gang.hand_layout())


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_device_and_card_has_its_tooltip_and_face_in_both_languages(lang):
    set_language(lang)
    try:
        c = cat.catalog()
        for d in c.devices.values():
            tip = H.device_tip(d.id)
            assert tip.startswith(d.name.get(lang)) and d.text.get(lang) in tip and "{" not in tip
        canvas = Canvas(pygame.Surface((400, 400)), (400, 400))
        for card in c.cards.values():
            tip = card_art.card_tip(card.id)
            assert card.name.get(lang) in tip and card.text.get(lang) in tip and "{" not in tip
            assert t(f"lupin_cards.timing.{card.timing}") in tip and not t(f"lupin_cards.timing.{card.timing}").startswith("lupin_cards")
            canvas.clear((0, 0, 0))
            card_art.draw_card_face(canvas, (10, 10, 240, 336), card.id)
            assert canvas.surface.get_at((130, 12))[:3] == card_art.OWNER_STYLE[card.owner][0]   # the owner's band
    finally:
        set_language("en")


def test_hovering_figures_tokens_and_panel_markers_shows_their_tooltips():
    match = seeded_match("rosso-rubino")
    app, play = play_app(match)
    view = play.view
    # a police agent on the board (one that is not a lit target: those tell the odds)
    agent = next(a for a, f in view["figures"].items() if f["kind"] == "agent" and f.get("spot")
                 and a in play.tokens and not any(getattr(c.action, "target", None) == a for c in play.choices))
    point = play.tokens[agent][0]
    move(app, (800, 450))
    plain = frame(app)
    move(app, point)
    assert play.tooltip(play.hover).startswith(f"Police agent {agent.split('-')[1]}")
    assert frame(app) != plain                       # the tooltip is drawn
    guard = next((g for g in view["figures"] if g.startswith("guard-") and g in play.tokens), None)
    if guard is not None:
        move(app, play.tokens[guard][0])
        assert "rifle" in play.tooltip(play.hover)
    # a treasure tile lying face down at its place says only that it is face down (and how it is taken)
    tile = next(tl for tl in view["tiles"] if tl["site"] and "treasure" not in tl)
    sq = next((r, c) for r in range(20) for c in range(25) if H.tile_at(view, play.geo.board, (r, c)) is tile)
    assert play.marker_tip(sq).split("\n")[0] == t("lupin_cards.tip.tile_hidden", n=tile["index"] + 1)
    # places of the board: a start square, a landing stage, the helipad
    board = play.geo.board
    for kind in ("start", "dock", "helipad"):
        place = next(p for p in board.places if p.kind == kind)
        s = place.squares[0]
        if (s.row, s.col) in play.targets or any(square_rect(s.row, s.col).collidepoint(c) for c, _ in play.tokens.values()):
            continue
        assert play.marker_tip((s.row, s.col)) == H.place_tip(place)
    # the side panel: the round track, a device square of the roster, the wound pips, a figure
    assert "Round 4 of 13" in play.panel_tip((play_panel_left() + 18 + 3 * 424 / 13 + 5, 70))[1]
    mine = view["mine"]["lupin"]["devices"]
    if mine:
        from game.lupin.ui.play_scene import IW, IX, ROSTER_ROW, ROSTER_TOP

        row = pygame.FRect(IX, ROSTER_TOP, IW, ROSTER_ROW - 3)
        box, device = play._roster_parts("lupin", view["figures"]["lupin"], row)["devices"][0]
        move(app, box.center)
        assert play.panel_tip(box.center)[1] == H.device_tip(device)
        before = frame(app)
        move(app, (800, 450))
        assert frame(app) != before
    rect, tip = play.panel_tip((IX_OF() + 13, 224 + 13))
    assert tip.startswith("Lupin III ·") and "Moves" in tip


def IX_OF() -> float:
    from game.lupin.ui.play_scene import IX

    return IX


def test_a_hidden_members_square_gives_zenigata_no_tooltip():
    match = seeded_match("gran-colpo", phase="police")
    state = match.state
    member = next(c for c in state.gang if not state.is_shown(c) and not state.figures[c].escaped
                  and isinstance(state.figures[c].spot, Sq))
    other = copy.deepcopy(match)
    other.state.figures[member].spot = hidden_square(other.state, member)
    squares = [(s.row, s.col) for s in (state.figures[member].spot, other.state.figures[member].spot)]
    name = t("lupin.seat." + member)
    tips = []
    for m in (match, other):
        app, scene = play_app(m)
        assert scene.seat == "zenigata" and member not in scene.tokens
        for sq in squares:
            move(app, square_rect(*sq).center)
            tip = scene.tooltip(sq)
            assert tip is None or name not in tip
            if not any(p.kind in H.PLACE_KINDS for p in scene.geo.board.places_at(Sq(*sq))) \
                    and H.terrain_tip(scene.geo.board, sq) is None and sq not in scene.targets:
                assert tip is None
            tips.append(tip)
    assert tips[:2] == tips[2:]


def test_zenigatas_special_card_is_in_his_hand_face_up_for_him_alone_and_a_click_plays_it():
    """The expansion deals Zenigata a special card: his seat sees its face in the hands' strip and
    plays it with a click in the police phase; a gang seat sees only a back with its count."""
    match = seeded_match("stonehenge", seed=3, until_round=3, phase="police", players=4)
    # a gang seat: the police's card as a back (what he holds is his secret)
    gang_scene = LupinPlayScene(copy.deepcopy(match), autosave=False, start_revealed=True)
    gang_scene.seat = gang_scene.match.state.seat_of["lupin"]
    gang_scene.refresh()
    assert [(what, gang_scene.hand_size(fid)) for _r, what, fid, _c in gang_scene.hand_layout()
            if fid == "zenigata"] == [("back", 1)]
    app, scene = play_app(match)
    assert scene.seat == "zenigata"
    faces = [(r, cid) for r, what, fid, cid in scene.hand_layout() if fid == "zenigata" and what == "face"]
    assert [cid for _r, cid in faces] == ["zenigata_non_mi_scapperete"]
    r, cid = faces[0]
    assert scene.card_choices("zenigata", cid)                 # playable now, in his phase
    n = len(match.log)
    click(app, r.center)
    assert len(match.log) == n + 1 and type(match.log[-1]).__name__ == "PoliceCard"
    assert all(f["shown"] for f in match.state.view("zenigata")["figures"].values()
               if f["kind"] == "gang" and f.get("spot") and not f.get("escaped"))


@pytest.mark.parametrize("episode,players", [("cagliostro", 4), ("stonehenge", 4), ("rosso-rubino", 5)])
def test_the_hands_strip_stays_inside_the_panel_however_many_cards(episode, players):
    from game.lupin.ui.play_scene import IW, IX

    match = seeded_match(episode, seed=5, until_round=1, phase="planning", players=players)
    scene = LupinPlayScene(match, autosave=False, start_revealed=True)
    for seat in sorted(set(match.state.seat_of.values())):
        scene.seat = seat
        scene.refresh()
        items = scene.hand_layout()
        assert items and min(r.left for r, *_ in items) >= IX - 0.5
        assert max(r.right for r, *_ in items) <= IX + IW + 0.5, (seat, [r.right for r, *_ in items])
        # with many cards, hold even more: every seat's strip still fits
        mine = (scene.view.get("mine") or {})
        for fid in mine:
            mine[fid]["hand"] = list(mine[fid].get("hand") or ()) + ["lupin_travestimento_perfetto"] * 4
        assert max(r.right for r, *_ in scene.hand_layout()) <= IX + IW + 0.5
