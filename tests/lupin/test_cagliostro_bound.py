"""tools/cagliostro_bound.py: the clairvoyant bound docs/lupin-ai.md quotes for Ritorno a Cagliostro."""

from tools.cagliostro_bound import bound, main

OPEN = ["F13", "I6", "L7", "P12"]            # open ruins, Saturnus (open), the yellow shore, the blue zone


def deal(busts: list[str], rest: dict[str, str]) -> dict[str, str]:
    return {sq: "bust" for sq in busts} | rest


def test_busts_behind_locked_temples_take_longer_than_busts_in_the_open():
    easy = bound(deal(OPEN, {"E6": "owl", "N9": "pilum", "G10": "trident", "O20": "trapdoor", "J13": "trapdoor"}),
                 ("lupin", "jigen"))
    # two busts in Minerva (E6) and Mars (N9), whose owl and pilum lie in the blue zone and on the yellow shore
    hard = bound(deal(["F13", "I6", "E6", "N9"], {"P12": "owl", "L7": "pilum", "G10": "trident", "O20": "trapdoor",
                                                 "J13": "trapdoor"}), ("lupin", "jigen"))
    assert 10 <= easy < hard < 999


def test_a_third_member_never_makes_the_gang_slower():
    tokens = deal(OPEN, {"E6": "owl", "N9": "pilum", "G10": "trident", "O20": "trapdoor", "J13": "trapdoor"})
    assert bound(tokens, ("lupin", "jigen", "goemon")) <= bound(tokens, ("lupin", "jigen"))


def test_the_command_prints_one_line_per_deal_and_a_summary(capsys):
    assert main(["--players", "2", "--games", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seed 1: the coins out in round ")
    assert "within 18 rounds" in out[-1]
