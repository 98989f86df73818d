"""Refusals in the player's language, said by the rules (issue #12): the planning screen asks the
rules why a tile cannot go (it keeps no reasons of its own), a refused board move reads in the
language of the screen, and the shot and blow odds of the tooltips are the rules' own."""

import pytest

from game.engine.api import IllegalAction, Term
from game.engine.i18n import set_language
from game.lupin.rules import actions as A, odds, planning
from game.lupin.rules.characters import sheet
from game.lupin.rules.state import CAR_HIT_ROLL, HIT_ROLL
from game.lupin.ui import choices as C
from game.lupin.ui import planning_scene as PS
from game.lupin.ui.play_scene import LupinPlayScene
from game.lupin.ui.scenes import planning_match, seeded_match
from tests.lupin.test_ui_kit import make_app
from tests.lupin.test_ui_planning import drag, tile


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def shop(lang):
    app = make_app(scenes=(), lang=lang)
    play = LupinPlayScene(planning_match(purchases=False), start_revealed=True, autosave=False)
    app.stack.push(play)
    app.update(0.02)
    return app, play


@pytest.mark.parametrize("lang, words", [
    ("en", "The rifle costs 300$ and only 100$ are left."),
    ("it", "Fucile costa 300$ e ne restano solo 100$."),
])
def test_a_device_bought_without_the_money_is_refused_in_the_players_language(lang, words):
    app, play = shop(lang)
    play.match.state.plan.budgets["gang"] = 100
    play.refresh()
    moves = len(play.match.log)
    drag(app, tile(play, "rifle"), play.planning.card_point("jigen"))
    assert len(play.match.log) == moves                      # nothing was sent, nothing changed
    assert play.message == words
    assert play.planning.flash is not None and play.planning.flash[0] == "jigen"


def test_the_shops_reason_comes_from_the_rules_so_a_rules_change_shows_in_it(monkeypatch):
    # the price is the rules' (planning._price): changed there, the screen's sentence follows
    monkeypatch.setattr(planning, "_price", lambda device: 1600)
    app, play = shop("it")
    drag(app, tile(play, "knife"), play.planning.card_point("goemon"))
    assert play.message == "Coltello costa 1.600$ e ne restano solo 1.500$."
    # and the screen keeps no reasons of its own any more
    assert not hasattr(PS, "refusal")


def test_a_tile_that_cannot_be_given_back_says_why_from_the_rules():
    app, play = shop("en")
    fujiko_bike = ("carried", "fujiko", "sport_motorbike")        # handed out free: not bought
    assert fujiko_bike[2] in PS.carrying(play.view["plan"], "fujiko")
    play.planning.give_back(fujiko_bike)
    refusal = planning.why_not(play.match.state, A.ReturnDevice("lupin", "fujiko", "sport_motorbike"))
    assert refusal is not None and play.message == refusal.text("en")
    assert play.message == "Fujiko has no sport motorbike bought that you may change."


def test_why_not_changes_nothing_and_says_none_for_a_legal_action():
    match = planning_match(purchases=False)
    before = match.state.snapshot()
    assert planning.why_not(match.state, A.BuyDevice("lupin", "lupin", "knife")) is None
    exc = planning.why_not(match.state, A.BuyDevice("jigen", "lupin", "knife"))
    assert exc.key == "lupin_refusal.plan.not_yours_buy" and exc.params == {"name": "lupin.seat.lupin"}
    assert match.state == before


@pytest.mark.parametrize("lang, words", [
    ("en", "{who} let no balloon go last round."),
    ("it", "{who} non ha lasciato andare nessun pallone nel turno scorso."),
])
def test_an_illegal_board_move_is_refused_in_the_players_language(lang, words):
    match = seeded_match("rosso-rubino")
    state = match.state
    seat = state.to_act()[0]
    member = next(c for c in state.gang if state.seat_of[c] == seat and c in state.may_start_turn())
    app = make_app(scenes=(), lang=lang)
    play = LupinPlayScene(match, start_revealed=True, autosave=False)
    app.stack.push(play)
    app.update(0.02)
    assert play.seat == seat
    moves = len(match.log)
    play.play(C.classify(A.Vanish(seat, member, "A1"), play.view), confirmed=True)
    assert len(match.log) == moves
    assert play.message == words.format(who=member.capitalize())
    legal = next(a for a in state.legal_actions(seat) if type(a).__name__ == "Move" and a.figure == member)
    play.play(C.classify(legal, play.view), confirmed=True)
    assert len(match.log) == moves + 1 and play.message is None     # the refusal goes with the next move


def test_a_refusal_reads_names_in_the_readers_language():
    exc = IllegalAction("lupin_refusal.plan.not_usable_firearms", name=Term("lupin.seat.goemon"),
                        device={"it": "Fucile", "en": "rifle"})
    assert exc.sentence == "Goemon cannot take the rifle (Goemon uses no firearms)."
    assert exc.text("it") == "Goemon non può prendere Fucile (Goemon non usa armi da fuoco)."
    outer = IllegalAction("lupin_refusal.plan.without", device={"it": "Zaino", "en": "rucksack"},
                          problem=IllegalAction("lupin_refusal.plan.worn", name=Term("lupin.seat.jigen"), n=2))
    assert outer.text("it") == ("Senza Zaino: Solo 2 dei dispositivi di Jigen possono essere di quelli "
                                "che non stanno nello zaino.")


# ----------------------------------------------------------------------------------- the odds

def view_with_agent():
    match = seeded_match("rosso-rubino")
    view = match.state.view("jigen")
    agent = next(f for f, v in view["figures"].items() if v["kind"] == "agent")
    return view, agent


def test_the_odds_of_a_shot_and_a_blow_come_from_the_rules_sheets_and_roll():
    view, agent = view_with_agent()
    shot = odds.attack_odds(A.Shoot("jigen", "jigen", agent), view)
    need = HIT_ROLL - sheet("jigen").skill("pistol")
    assert shot["need"] == max(2, need) and shot["dodge"] == 0
    assert shot["odds"] == round(100 * sum(a + b >= need for a in range(1, 7) for b in range(1, 7)) / 36)
    blow = odds.attack_odds(A.Melee("agent", agent, "jigen"), view)       # an agent strikes Jigen
    agility = sheet("jigen").agility
    assert blow["need"] == max(2, HIT_ROLL - sheet("agent").melee) and blow["dodge"] == agility
    assert blow["odds_after_dodge"] == round(odds.odds_2d6(HIT_ROLL - sheet("agent").melee) * (1 - agility / 6) * 100)
    assert odds.attack_odds(A.EndTurn("jigen", "jigen"), view) is None
    assert odds.odds_2d6(7) == pytest.approx(21 / 36) and odds.odds_2d6(2) == 1 and odds.odds_2d6(13) == 0


def test_a_police_car_is_hit_on_the_rules_car_roll_whoever_shoots():
    view, _agent = view_with_agent()
    car = next(iter(view["cars"]), None)
    if car is None:
        view = dict(view, cars={"car-1": {}})
        car = "car-1"
    for shooter in ("jigen", "lupin"):
        info = odds.attack_odds(A.Shoot("jigen", shooter, car), view)
        assert info["need"] == CAR_HIT_ROLL and info["odds"] == round(100 * odds.odds_2d6(CAR_HIT_ROLL))


def test_the_tooltip_shows_the_rules_odds_and_the_ui_keeps_no_copy_of_the_hit_rolls(monkeypatch):
    view, agent = view_with_agent()
    choice = C.classify(A.Shoot("jigen", "jigen", agent), view)
    info = odds.attack_odds(choice.action, view)
    assert f"{info['need']}+" in C.odds_text(choice, view) and f"{info['odds']}%" in C.odds_text(choice, view)
    for copy_of_a_rule in ("HIT_ROLL", "CAR_HIT_ROLL", "odds_2d6"):
        assert not hasattr(C, copy_of_a_rule)
    # a change of the rules' roll shows in the tooltip
    monkeypatch.setattr(odds, "HIT_ROLL", 13)
    assert odds.attack_odds(choice.action, view)["need"] == info["need"] + 1
    assert f"{info['need'] + 1}+" in C.odds_text(choice, view)
