"""How to Rob a Bank on screen: the set-up builds the game asked for, the table draws every phase in
both languages, clicks lay cards and move guards, a refused click changes nothing, the curtain falls
between the bank and a thief and never between two thieves, and a thief's screen never draws the
bank's hand."""

from __future__ import annotations

import pytest

from game.engine.replay import Match
from game.robbank.rules import GuardMove, Lay, Rotate
from game.ui.scenes.table import log_rows

from tests.robbank.ui_kit import (  # noqa: F401
    drawn_texts, headless, lift_curtain, open_table, settle, table_of, ui, where_to_click,
)


def _to_phase(match, phase, seat_bot=None):
    """Play the normal computer's moves until ``phase``."""
    from game.robbank.ai import NormalBot

    bots = {}
    while match.state.phase != phase and not match.state.is_over():
        seat = match.state.to_act()[0]
        bot = bots.setdefault(seat, NormalBot(3))
        match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match


def test_the_set_up_builds_the_config_and_the_seats_asked_for(ui):
    from game.robbank.ui.setup import RobSetupScene
    from game.robbank.ui.table import RobTableScene
    from game.ui.scenes.setup import PERSON

    app = ui.app(scenes=())
    setup = RobSetupScene("robbank", seed=11, look_for_saves=False)
    app.stack.push(setup)
    app.update(0.5)
    assert list(setup.seat_choices) == ["bank", "yellow", "red"]
    assert [v for v, _l in setup.seat_choices["bank"].options] == [PERSON, "easy", "normal", "hard"]
    setup.option_widgets["players"].step(-1)                      # two players: one thief player
    assert list(setup.seat_choices) == ["bank", "yellow"]
    setup.option_widgets["stacks"].step(1)                        # open stacks
    setup.seat_choices["bank"].set_value("hard")
    assert setup.config() == {"players": 2, "stacks": "open"}
    assert setup.who_plays() == {"bank": "hard", "yellow": PERSON}
    texts = drawn_texts(app)
    from game.engine.i18n import t
    assert t("robbank_ui.setup.stacks_hint_open") in texts and t("robbank_ui.setup.players_hint_2") in texts
    ui.click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, RobTableScene)
    assert table.match.config == {"players": 2, "stacks": "open"}
    assert set(table.session.computer) == {"bank"}


PHASES = ("explore", "car", "plan", "rob", "over")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_table_draws_every_phase_without_a_missing_text(ui, lang):
    from game.robbank.ui import samples

    matches = {"explore": samples.explore_position(), "car": samples.car_position(),
               "plan": samples.plan_position(), "rob": samples.rob_position(),
               "plan-open": samples.plan_position({"stacks": "open"}), "four": samples.four_position()}
    over = Match("robbank", {"players": 4}, 5)
    matches["over"] = _to_phase(over, "over")
    for name, match in matches.items():
        app = open_table(ui, match, lang=lang, start_revealed=True)
        settle(app, 0.3)
        texts = drawn_texts(app)
        assert texts, name
        assert not [s for s in texts if "robbank_ui." in s or "robbank." in s], (name, texts)


def test_clicking_a_hand_card_lays_it(ui):
    from game.robbank.ui import samples

    match = samples.plan_position()
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    lay = next(a for a in table.session.legal() if isinstance(a, Lay))
    before = len(match.log)
    ui.click(app, where_to_click(table, lay))
    assert len(match.log) == before + 1 and match.log[-1] == lay
    assert lay.card in match.state.stacks[lay.stack]


def test_a_guard_moves_by_two_clicks_a_guard_then_a_room(ui):
    from game.robbank.ui import samples
    from game.robbank.ui.board import pieces

    match, guard = samples.bank_position()
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    move = next(a for a in table.session.legal() if isinstance(a, GuardMove) and a.guard == guard)
    ui.click(app, pieces(table.session.view())[("guard", guard)])
    assert table.board.selected == guard
    before = len(match.log)
    settle(app)
    ui.click(app, where_to_click(table, move))
    assert match.log[before:] == [move]
    assert match.state.guards[guard].room == move.to


def test_a_refused_click_says_why_and_changes_nothing(ui):
    from game.robbank.ui import samples

    match = samples.explore_position()
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    walled = {a.room for a in table.session.legal() if isinstance(a, Rotate)}
    plain = next(r for r in range(9) if r not in walled)
    before, turns = len(match.log), list(match.state.turns)
    ui.click(app, where_to_click(table, Rotate("bank", plain)))
    assert len(match.log) == before and match.state.turns == turns
    assert table.message_text() and str(plain + 1) in table.message_text()


def _curtains(ui, config, computer):
    from game.robbank.ui.setup import RobSetupScene  # noqa: F401 - registers the scenes
    from game.ui.scenes.setup import make_bots
    from game.engine.titles import title

    match = Match("robbank", config, 4)
    bots = make_bots(title("robbank"), computer, 4)
    app = open_table(ui, match, computer=bots)
    table = table_of(app)
    return app, table


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_log_opens_with_the_first_round_s_set_up(ui, lang):
    """The first round's set-up is made by new_game, before any move: the log tells it as soon as
    the game is on the table (the floor plan laid out, and the pieces placed when no room is walled
    in), in the player's language."""
    from game.robbank import texts

    for seed, first in ((0, "yellow"), (6, "bank")):       # seed 0: the pieces placed; 6: a room walled in
        match = Match("robbank", {"players": 3}, seed)
        state = match.state
        app = open_table(ui, match, lang=lang, start_revealed=True)
        table = table_of(app)
        expected = [texts.event_text({"kind": "robbank.round", "round": 1, "tiles": list(state.tiles)})]
        if state.phase == "car":
            expected.append(texts.event_text({"kind": "robbank.furnished", "loot": [k.room for k in state.loot],
                                              "thieves": state.thieves["yellow"].room, "short": 0}))
        assert table.session.screen_seat() == first
        assert [line for line, _missed in table.log_lines()] == expected, seed
        drawn = drawn_texts(app)
        rows = [row for rows, _marked in log_rows([(line, False) for line in expected], 99) for row in rows]
        assert all(row in drawn for row in rows), seed
        assert (len(rows) > len(expected)) == (seed == 0), seed     # the pieces' long line takes two rows


def test_each_seat_s_log_holds_its_own_side_s_dealt_cards_and_never_the_other_side_s(ui):
    """From the first round's set-up to the deal: the bank's log (on its screen) names the bank's
    cards and never a thief's, and a thief's log the thieves' and never the bank's."""
    from game.ui.scenes.curtain import CurtainScene

    match = Match("robbank", {"players": 3}, 0)
    app = open_table(ui, match, start_revealed=True)          # yellow places the car: the cards are dealt
    table = table_of(app)
    opening = list(table.seat_log())
    assert [e["kind"] for e in opening] == ["robbank.round", "robbank.furnished"]
    ui.click(app, where_to_click(table, table.session.legal()[0]))
    settle(app)
    for _ in range(4):                                         # the curtain falls for the bank; lifted
        if not isinstance(app.stack.top, CurtainScene):
            break
        lift_curtain(ui, app)
    assert table.session.screen_seat() == "bank"
    hands = match.state.hands
    logs = {"bank": table.seat_log(), **{s: [dict(e.data, kind=e.kind) for e in table.session.seat_events(s)]
                                         for s in ("yellow", "red")}}
    for seat, log in logs.items():
        assert log[:2] == opening, seat
        dealt = {e["stack"]: e for e in log if e["kind"] == "robbank.dealt"}
        assert set(dealt) == {"bank", "yellow", "red"}, seat
        for stack, e in dealt.items():
            own_side = (stack == "bank") == (seat == "bank")
            assert ("cards" in e) == own_side, (seat, stack)
            if own_side:
                assert e["cards"] == hands[stack]


def test_the_curtain_falls_between_the_bank_and_a_thief_never_between_two_thieves(ui):
    from game.ui.scenes.table import TableCurtain

    app, table = _curtains(ui, {"players": 2}, {})
    assert table.session.curtain_between("bank", "yellow") and table.session.curtain_between("yellow", "bank")
    # a game that starts with hands on screen: the first seat lifts its own curtain
    assert (table.match.state.phase in ("plan", "rob")) == isinstance(app.stack.top, TableCurtain)
    app, table = _curtains(ui, {"players": 3}, {"bank": "normal"})
    assert not table.session.curtain_between("yellow", "red")
    lift_curtain(ui, app)
    # playing on: the thieves pass the screen to each other with no curtain
    for _ in range(400):
        if table.match.state.phase == "plan" and table.session.revealed and table.session.screen_seat() == "yellow" \
                and table.session.legal():
            break
        legal = table.session.legal()
        if legal and table.match.state.phase == "car":
            ui.click(app, where_to_click(table, legal[0]))
        settle(app, 0.8)
    assert not any(isinstance(s, TableCurtain) for s in app.stack.scenes)
    lay = next(a for a in table.session.legal() if isinstance(a, Lay))
    ui.click(app, where_to_click(table, lay))
    settle(app, 0.5)
    assert table.session.screen_seat() == "red" and table.session.revealed
    assert not any(isinstance(s, TableCurtain) for s in app.stack.scenes)


def test_a_thief_s_screen_never_draws_the_bank_s_hand(ui):
    """A whole round's planning with the computer bank: every frame the scene draws a hand, the
    bank's is only ever drawn as backs (None), and the thieves' own hands face up."""
    from game.robbank.ai import NormalBot

    match = Match("robbank", {"players": 3}, 9)
    app = open_table(ui, match, computer={"bank": NormalBot(1)})
    table = table_of(app)
    lift_curtain(ui, app)
    seen = set()
    for _ in range(600):
        if match.state.phase == "rob" or match.state.is_over():
            break
        app.update(0.2)
        app.draw()
        drawn = table.board.drawn_hand
        if drawn is not None:
            stack, hand = drawn
            seen.add((stack, hand is None))
            assert table.session.screen_seat() != "bank"
            if stack == "bank":
                assert hand is None
        legal = table.session.legal()
        if legal and match.state.phase in ("plan", "car"):
            ui.click(app, where_to_click(table, legal[0]))
    assert ("bank", True) in seen and ("yellow", False) in seen
    assert match.state.phase == "rob"


def test_extra_actions_and_stand_up_are_buttons_that_play_them(ui):
    """The bank's Stand guards up and a thief's extra action (the car) are played by their buttons;
    Done stays at the foot's right end."""
    from game.robbank.rules import MoveCar, StandUp
    from game.robbank.ui import samples
    from game.robbank.ui.board import BOTTOM

    match = samples._search(lambda v, s: v.phase == "rob" and any(isinstance(a, StandUp) for a in
                                                                    s.legal_actions("bank")))
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    stand = next(a for a in table.session.legal() if isinstance(a, StandUp))
    ui.click(app, where_to_click(table, stand))
    assert match.log[-1] == stand and not any(g.stunned for g in match.state.guards.values())

    match = samples.rob_position()
    app = open_table(ui, match, start_revealed=True)
    table = table_of(app)
    settle(app)
    buttons = table.board.buttons(table.session.view(), table.session.legal())
    done = [r for r, a, _l in buttons if type(a).__name__ == "EndTurn"]
    assert not done or done[0].right == BOTTOM.right - 12
    car = next(a for a in table.session.legal() if isinstance(a, MoveCar))
    ui.click(app, where_to_click(table, car))
    assert match.log[-1] == car and match.state.car == car.section


def test_each_thief_pawn_carries_the_initial_of_his_name_in_the_players_language(ui):
    """Colour is never the only marker: the pawn's letter is the first letter of the colour that
    names the thief, in Italian (Giallo, Rosso, Verde) as in English (Yellow, Red, Green)."""
    from game.engine import i18n
    from game.robbank.ui.art import letter

    seen = {}
    for lang in ("en", "it"):
        i18n.set_language(lang)
        for thief in ("yellow", "red", "green"):
            name = i18n.t(f"robbank.seat.{thief}", lang).split()[-1]      # "Yellow thief" / "Ladro giallo"
            colour = name if lang == "it" else i18n.t(f"robbank.seat.{thief}", lang).split()[0]
            assert letter(thief) == colour[0].upper(), (lang, thief)
            seen[(lang, thief)] = letter(thief)
    assert seen[("it", "yellow")] == "G" and seen[("en", "green")] == "G" and seen[("it", "green")] == "V"
    i18n.set_language("en")
