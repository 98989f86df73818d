"""`heist-table play lupin --episode E --seats S`: the window opens on Lupin's set-up with the seats
chosen; bad input gets one clear sentence and exit status 2."""

import pytest

from game import cli
from game.lupin.rules.state import Config, seating
from game.lupin.ui.setup_scene import LupinSetupScene
from game.lupin.play import SeatsError, build_config, parse_seats, scenes_for
from game.ui.scenes.title import TitleScene


@pytest.mark.parametrize("seats,players,partner,variant", [
    ("2", 2, None, "coop"),
    ("lupin,zenigata", 2, None, "coop"),
    ("zenigata,lupin+goemon", 2, "goemon", "coop"),
    ("goemon+lupin, zenigata", 2, "goemon", "coop"),
    ("zenigata,lupin,jigen", 3, None, "coop"),
    ("zenigata,lupin+fujiko,jigen+goemon", 3, "fujiko", "coop"),
    ("zenigata,lupin,jigen,fujiko", 4, None, "coop"),
    ("fujiko,goemon,jigen,lupin,zenigata", 5, None, "coop"),
])
def test_seats_by_count_or_by_name(seats, players, partner, variant):
    config = parse_seats(seats)
    assert (config["players"], config["partner"], config["variant"]) == (players, partner, variant)


def test_the_seats_named_are_the_rules_seating():
    table = seating(Config.from_mapping(parse_seats("zenigata,lupin+goemon")))
    assert table == {"zenigata": "zenigata", "lupin": "lupin", "goemon": "lupin"}
    avs = parse_seats("zenigata,lupin,jigen,fujiko", "all-vs-all")
    assert seating(Config.from_mapping(avs)) == {"zenigata": "zenigata", "lupin": "lupin", "jigen": "jigen",
                                                 "fujiko": "fujiko"}


@pytest.mark.parametrize("seats,variant,words", [
    ("7", "coop", "2 to 5 players, not 7"),
    ("lupin", "coop", "names 1"),
    ("zenigata,lupin,arsene", "coop", "'arsene' is not a character"),
    ("zenigata,,lupin", "coop", "empty seat"),
    ("lupin,jigen", "coop", "a seat for zenigata"),
    ("zenigata,lupin+jigen,jigen", "coop", "jigen cannot sit at two seats"),
    ("zenigata,lupin,goemon", "coop", "zenigata,lupin+fujiko,jigen+goemon or zenigata,lupin+goemon,jigen+fujiko"),
    ("zenigata,lupin,fujiko", "all-vs-all", "all against all as zenigata,lupin,jigen"),
    ("2", "all-vs-all", "at least 3 players"),
])
def test_bad_seats_say_why_in_a_sentence(seats, variant, words):
    with pytest.raises(SeatsError) as err:
        parse_seats(seats, variant)
    assert words in str(err.value)


def test_an_episode_that_does_not_play_yet_is_refused():
    with pytest.raises(SeatsError, match="'atlantis' cannot be played yet"):
        build_config("atlantis", None)


def test_the_command_refuses_bad_input_with_status_2(capsys):
    assert cli.main(["play", "lupin", "--episode", "gran-colpo", "--seats", "lupin,jigen,goemon"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("heist-table play: ") and "zenigata" in err and err.count("\n") == 1
    assert cli.main(["play", "monopoly"]) == 2                                  # not a game of the table
    assert "the games that play are lupin, example, diabolik, robbank, lupusburg, not 'monopoly'" in \
        capsys.readouterr().err
    assert cli.main(["play", "lupin"]) == 2      # Lupin asks for --episode in a sentence
    assert "playing lupin needs --episode" in capsys.readouterr().err
    assert cli.main(["play", "lupin", "--episode", "atlantis"]) == 2
    assert "rosso-rubino, gran-colpo, stonehenge and cagliostro" in capsys.readouterr().err


def test_help_has_examples(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--seats" in out and "heist-table play lupin --episode gran-colpo --seats lupin,zenigata" in out


def test_each_title_has_its_own_options_and_help(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "example", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "heist-table play example" in out and "--seed" in out and "--seats" not in out and "--episode" not in out
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "lupin", "--help"])
    out = capsys.readouterr().out
    assert "--seats" in out and "--episode" in out and "--seed" not in out
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "example", "--episode", "gran-colpo"])   # not an option of the example
    assert done.value.code == 2 and "unrecognized arguments: --episode" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    out = capsys.readouterr().out
    assert "lupin" in out and "example" in out and "Sealed bids" in out


def test_the_scenes_are_the_title_and_the_set_up_with_the_options():
    scenes = scenes_for(build_config("gran-colpo", "zenigata,lupin+fujiko,jigen+goemon"))
    assert isinstance(scenes[0], TitleScene) and isinstance(scenes[1], LupinSetupScene)
    config = scenes[1].config()
    assert (config["episode"], config["players"], config["partner"], config["variant"]) == ("gran-colpo", 3, "fujiko", "coop")
    avs = scenes_for(build_config("rosso-rubino", "4", "all-vs-all"))[1].config()
    assert (avs["episode"], avs["players"], avs["variant"]) == ("rosso-rubino", 4, "all-vs-all")


def test_the_window_opens_on_the_set_up_and_draws_its_first_frame(monkeypatch, capsys):
    """Headless: the app stops after its first frame (HEIST_TABLE_EXIT_AFTER_FIRST_FRAME)."""
    from game.engine import i18n
    from game.ui.app import App

    monkeypatch.setattr(i18n._default, "lang", i18n.current_language())   # --lang it is for that run only
    seen = {}
    run = App.run

    def spy(self):
        seen["app"] = self
        return run(self)

    monkeypatch.setattr(App, "run", spy)
    monkeypatch.setenv("HEIST_TABLE_EXIT_AFTER_FIRST_FRAME", "1")
    assert cli.main(["play", "lupin", "--episode", "gran-colpo", "--seats", "lupin,zenigata", "--lang", "it",
                     "--size", "800x450"]) == 0
    assert "first frame drawn" in capsys.readouterr().out
    app = seen["app"]
    setup = app.stack.top
    assert isinstance(setup, LupinSetupScene) and app.language == "it"
    config = setup.config()
    assert (config["episode"], config["players"], config["variant"]) == ("gran-colpo", 2, "coop")
    assert [type(s) for s in app.stack] == [TitleScene, LupinSetupScene]
