"""The round engine's refusals (state.py and the modules split from it) read in the player's
language: each is a key of data/i18n/{en,it}/i12_split.yaml with its parameters (issue #12); the
English is word for word what the rules said before."""

import re
import string
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.api import IllegalAction
from game.lupin.rules import actions as A
from game.lupin.rules.state import new_game

RULES = Path(__file__).resolve().parents[2] / "game" / "lupin" / "rules"
CORE = ("state", "pieces", "knowledge", "combat", "police", "treasure", "gang", "flow")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _refused(st, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    return info.value


def test_every_core_refusal_has_its_text_in_both_languages_with_the_same_fields():
    keys = set()
    for name in CORE:
        keys |= set(re.findall(r'"lupin_refusal_core\.([a-z_0-9]+)"', (RULES / f"{name}.py").read_text()))
    keys |= {"cannot_play_now", "cannot_play_now_last", "not_a_square", "columns_from_1",
             "weapon.pistol", "weapon.rifle"}   # spelt from parts in the code
    tr = i18n.translator()
    assert len(keys) > 60
    for key in sorted(keys):
        full = f"lupin_refusal_core.{key}"
        assert tr.has(full), full
        en, it = tr.t(full, "en"), tr.t(full, "it")
        assert en != it, f"{full}: the Italian is the English"
        assert _fields(en) == _fields(it), full


def test_a_refusal_at_set_up_reads_in_english_as_before_and_in_italian():
    st = new_game({"episode": "rosso-rubino"}, 1)
    wrong = _refused(st, A.Place("zenigata", "agent-1", "K20"))
    assert wrong.sentence == "Place zenigata next."
    assert wrong.text("it") == "Ora piazza zenigata."
    turn = _refused(st, A.Place("lupin", "zenigata", "K20"))
    assert turn.sentence == "It is not lupin's turn: waiting for zenigata."
    assert turn.text("it") == "Non tocca a lupin: si aspetta zenigata."


def test_a_square_spelt_otherwise_or_not_a_square_is_refused_in_both_languages():
    st = new_game({"episode": "rosso-rubino"}, 1)
    low = _refused(st, A.Place("zenigata", "zenigata", "k20"))
    assert low.sentence == "Write the square as K20, not 'k20'."
    assert low.text("it") == "Scrivi la casella come K20, non 'k20'."
    off = _refused(st, A.Place("zenigata", "zenigata", "Z99"))
    assert off.sentence == "Z99 is off the board."
    assert off.text("it") == "Z99 è fuori dal tabellone."
    zero = _refused(st, A.Move("zenigata", "zenigata", "K0"))
    assert zero.sentence == "'K0' is not a square: columns start at 1"
    assert zero.text("it") == "'K0' non è una casella: le colonne partono da 1"
    before = st.snapshot()
    assert st == before   # nothing lost


def test_nobody_to_wait_for_is_said_in_the_readers_language():
    st = new_game({"episode": "rosso-rubino"}, 1)
    st.result_ = None
    st.phase = "between"   # no seat acts
    refusal = _refused(st, A.EndTreasure("lupin"))
    assert refusal.sentence == "It is not lupin's turn: waiting for nobody."
    assert refusal.text("it") == "Non tocca a lupin: si aspetta nessuno."


def test_a_weapon_named_in_a_refusal_is_translated():
    st = new_game({"episode": "gran-colpo"}, 1)
    while st.phase == "placement":
        fid = st.next_to_place()
        st.apply(A.Place("zenigata", fid, str(max(st.placement_squares()))))
    for c, sq in {"lupin": "A1", "jigen": "A2", "goemon": "C1", "fujiko": "R1"}.items():
        st.apply(A.ChooseStart(st.seat_of[c], c, sq))
    st.apply(A.ConfirmPlan("lupin"))
    assert st.phase == "gang"
    err = _refused(st, A.Shoot("lupin", "lupin", "agent-1", "rifle"))
    assert err.sentence == "lupin has no rifle."
    assert err.text("it") == "lupin non ha il fucile."
