"""Issue #12, "one list of titles": a title is declared once (its TitleSpec, one line in
game/titles.py) and every command and list of the shell finds it there."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

import pytest

from game import cli, selftest
from game.engine import checkdata, titles
from game.engine.api import get_title
from game.engine.content import CHECKERS

REPO = Path(__file__).resolve().parents[2]

#: The shared lists that once each named Lupin by hand.
SHARED = ("game/cli.py", "game/selftest.py", "game/simulate.py", "game/ui/registry.py", "game/play_cli.py",
          "game/engine/checkdata.py", "game/games_catalog.py", "game/ui/scenes/chooser.py",
          "game/engine/titles.py", "game/engine/playout.py")

THROWAWAY = {
    "__init__.py": "",
    "title.py": """
        from game.engine.titles import Option, TitleSpec

        TITLE = TitleSpec(
            name="throwaway",
            display_name={"it": "Usa e getta", "en": "Throwaway"},
            players=(2, 2),
            rules="game.engine.example",
            parse_config="game.engine.example:Config.from_mapping",
            bots={"random": "game.engine.playout:RandomBot"},
            options=(Option("rounds", 2, None, int),),
            simulate="throwaway_title.title:simulate",
            play_game="game.engine.example:play_game",
            selftest_games=(("short", {"rounds": 2}),),
            cli="throwaway_title.cli",
            ui="throwaway_title.ui",
            checkers=("throwaway_title.content",),
        )


        def simulate(config, games, seed, bots):
            from game.engine.example import new_game
            from game.engine.playout import RandomBot, simulate as run

            return run("throwaway", new_game, config, games, seed, bots, RandomBot)
    """,
    "cli.py": """
        def register(sub):
            sub.add_parser("throwaway-hello", help="say hello").set_defaults(func=lambda args: 0)
    """,
    "ui.py": "",
    "content.py": """
        from game.engine.content import register_checker

        @register_checker("throwaway")
        def check(root):
            return []
    """,
}


@pytest.fixture
def throwaway(tmp_path, monkeypatch):
    """A new title: its package (on sys.path) plus one line in the list of titles."""
    package = tmp_path / "throwaway_title"
    package.mkdir()
    for name, text in THROWAWAY.items():
        (package / name).write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import game.titles

    monkeypatch.setattr(game.titles, "TITLES", (*game.titles.TITLES, "throwaway_title.title"))
    yield
    CHECKERS.pop("throwaway", None)
    for name in [m for m in sys.modules if m.startswith("throwaway_title")]:
        del sys.modules[name]


def _subcommands(parser) -> dict:
    action = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return action.choices


def test_a_new_title_needs_only_its_package_and_one_line(throwaway, capsys):
    from game.ui import registry

    parser = cli.build_parser()
    commands = _subcommands(parser)
    assert "throwaway-hello" in commands                       # its own command
    assert "throwaway" in _subcommands(commands["simulate"])   # simulate offers it
    assert "throwaway_title.ui" in registry.scene_modules()    # the screenshot registry loads its scenes
    assert checkdata.load_checker_modules() == [] and "throwaway" in CHECKERS   # check-data runs its checker
    assert ("throwaway", "short", {"rounds": 2}) in selftest._title_games()     # the self-test plays it
    name, check = next(c for c in selftest._games() if c[0] == "game throwaway short")
    assert "random bots: 2 rounds" in check()
    assert cli.main(["simulate", "throwaway", "--games", "2", "--seed", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["title"], summary["games"], summary["errors"]) == ("throwaway", 2, 0)
    assert summary["config"] == {"rounds": 2}


def test_no_shared_list_names_lupin_only_the_one_list_of_titles_does():
    for path in SHARED:
        text = (REPO / path).read_text(encoding="utf-8")
        assert not re.search("lupin", text, re.IGNORECASE), f"{path} names Lupin"
    assert "game.lupin.title" in (REPO / "game/titles.py").read_text(encoding="utf-8")
    assert [s.name for s in titles.titles()] == ["lupin", "example", "diabolik", "robbank", "lupusburg"]


def test_the_example_game_is_a_title_that_simulate_and_the_selftest_play(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    assert "example" in capsys.readouterr().out
    assert cli.main(["simulate", "example", "--games", "3", "--seed", "2", "--rounds", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["title"] == "example" and summary["errors"] == 0 and summary["games"] == 3
    assert summary["rounds"]["per_game"] == [2, 2, 2]
    assert summary["illegal_actions_tried"] == summary["illegal_actions_rejected"]
    again = cli.main(["simulate", "example", "--games", "3", "--seed", "2", "--rounds", "2", "--json"])
    assert again == 0 and json.loads(capsys.readouterr().out) == summary      # the same output every time
    checks = dict(selftest._games())
    assert "won by" in checks["game example sealed-bids"]()
    assert get_title("example").new_game({}, 1).view("north").hand          # found through the list


def test_a_bad_setting_of_a_title_is_one_sentence(capsys):
    assert cli.main(["simulate", "example", "--rounds", "9", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot last 9 rounds" in err and "Traceback" not in err


def test_the_chooser_opens_the_set_up_scene_its_title_declares_and_check_data_sees_a_stray_game():
    from game.games_catalog import Game, LocalText, Players, load_catalog, setup_scene, title_problems

    catalog = load_catalog()
    lupin = catalog.game("lupin")
    assert setup_scene(lupin) == titles.title("lupin").setup_scene == "lupin-setup"
    assert title_problems(catalog) == []
    text = LocalText(it="x", en="x")
    stray = Game(id="nobody", title=text, blurb=text, players=Players(2, 4), sides=text, playable=True,
                 setup="nobody-setup")
    wrong = Game(id="lupin", title=text, blurb=text, players=Players(2, 5), sides=text, playable=True,
                 setup="other-setup")
    problems = title_problems(type(catalog)(games=(stray, wrong)))
    assert any("'nobody' is playable but no title" in p for p in problems)
    assert any("'other-setup', its title 'lupin-setup'" in p for p in problems)


@pytest.mark.parametrize("spec", titles.titles(), ids=lambda s: s.name)
def test_every_title_declared_resolves_and_starts_a_game_its_bots_can_play(spec):
    from dataclasses import fields

    for f in fields(spec):
        value = getattr(spec, f.name)
        refs = value.values() if f.name == "bots" else value if f.name == "checkers" else (value,)
        if f.name in ("bots", "checkers", "rules", "parse_config", "seats", "simulate", "play_game", "review_view",
                      "event_text", "map_contract", "cli", "play", "ui"):
            for ref in refs:
                if ref is not None:
                    assert titles.load(ref) is not None, f"{spec.name}.{f.name}: {ref}"
    config = {o.key: o.default for o in spec.options}
    titles.load(spec.parse_config)(config)
    state = get_title(spec.name).new_game(config, 3)
    seats = titles.load(spec.seats)(config) if spec.seats else ()
    assert set(state.to_act()) <= set(seats or state.to_act())
    seat = state.to_act()[0]
    for bot in spec.bots.values():
        legal = state.legal_actions(seat)
        assert titles.load(bot)(5).choose(state.view(seat), legal) in legal
    for lang, name in spec.display_name.items():
        assert name.strip(), lang


def test_nothing_in_the_engine_or_the_shared_ui_names_lupin():
    """Issue #12: the engine and the shared UI know titles only through the list (a title's own
    commands, e.g. Lupin's `bench-session`, live in its package)."""
    found = []
    for folder in ("game/engine", "game/ui"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search("lupin", line, re.IGNORECASE):
                    found.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
