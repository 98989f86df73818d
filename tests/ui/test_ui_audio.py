"""Sound (issue #11): effects for the game's moments, a quiet music loop, the volume and Mute
applied at once to what plays, and silence (never a crash) where there is no sound."""

import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.engine.api import TABLE, Event
from game.engine.settings import Settings
from game.ui import audio
from game.ui.audio import EFFECTS, MUSIC_LEVEL, Audio

REPO = Path(__file__).resolve().parents[2]


class Recorder:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)
        return True


@pytest.fixture
def heard(monkeypatch):
    """What the game plays, recorded instead of sounded."""
    rec = Recorder()
    monkeypatch.setattr(audio, "AUDIO", rec)
    return rec.played


@pytest.fixture
def mixer(monkeypatch):
    """The game's player on SDL's dummy audio driver (a real mixer that makes no noise)."""
    player = Audio()
    monkeypatch.setattr(audio, "AUDIO", player)
    if not player.init(0.7, False, True):
        pytest.skip(f"no mixer even with the dummy driver: {player.problem}")
    yield player
    player.quit()


# ------------------------------------------------------------------------------ the files

def test_every_sound_is_there_small_and_playable():
    total = 0
    for name in EFFECTS + ("music",):
        path = REPO / "assets" / "sound" / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getframerate() == 22050 and w.getsampwidth() == 2
            seconds = w.getnframes() / w.getframerate()
        assert (seconds > 10) if name == "music" else (0.02 < seconds < 2)
        total += path.stat().st_size
    assert total < 2 * 1024 * 1024


def test_the_committed_sounds_are_what_the_script_makes():
    done = subprocess.run([sys.executable, str(REPO / "tools" / "sound" / "make.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_bundle_takes_the_sounds_along():
    import ast

    spec = (REPO / "packaging" / "heist-table.spec").read_text(encoding="utf-8")
    content = next(n.value for n in ast.parse(spec).body if isinstance(n, ast.Assign)
                   and any(getattr(t, "id", None) == "CONTENT" for t in n.targets))
    assert "assets" in ast.literal_eval(content)
    assert audio.sound_dir() == REPO / "assets" / "sound"


# ------------------------------------------------------------------------------ Lupin's events

def test_public_events_map_to_effects():
    from game.lupin.ui.sounds import effects_for

    events = [Event("shot", {"figure": "jigen", "target": "zenigata", "dice": [3, 4], "hit": True}),
              Event("melee", {"figure": "goemon"}), Event("alarm", {"round": 3}),
              Event("card_played", {"figure": "lupin", "card": "x"}), Event("moved", {"figure": "lupin"}),
              Event("shot", {"figure": "zenigata"})]
    assert effects_for(events) == ["shot", "blow", "alarm", "card"]


def test_what_the_table_may_not_know_makes_no_sound():
    from game.lupin.ui.sounds import effects_for

    secret = Event("card_played", {"figure": "lupin", "card": "x"}, audience=frozenset({"lupin"}))
    assert effects_for([secret]) == []
    told = Event("card_played", {"figure": "lupin", "card": "x"}, audience=frozenset({"lupin"}),
                 redacted=Event("card_played", {"figure": "lupin"}))
    assert effects_for([told]) == ["card"]
    # a flipped tile is heard from its overlay, the same whatever its face
    assert effects_for([Event("flipped", {"tile": 1, "treasure": True}, audience=frozenset({"lupin"}),
                              redacted=Event("flipped", {"tile": 1}))]) == []


def test_a_flip_sounds_the_same_for_a_treasure_and_an_empty_tile(heard):
    from game.lupin.ui.flip import FlipScene
    from game.ui.scene import SceneStack

    stack = SceneStack()
    stack.push(FlipScene("Lupin", [{"kind": "flipped", "tile": 0, "treasure": True}]))
    stack.push(FlipScene("Lupin", [{"kind": "flipped", "tile": 1, "treasure": False}]))
    stack.push(FlipScene("Zenigata", [{"kind": "flipped", "tile": 1}]))
    assert heard == ["flip", "flip", "flip"]


def test_the_curtain_dice_click_and_clock_warnings_sound(heard):
    from game.lupin.ui.dice import DicePanel
    from game.ui.registry import build_scenes
    from game.ui.scene import SceneStack
    from game.ui.scenes.curtain import CurtainScene
    from game.ui.widgets import CLICK_GUARD, CLOCK, Button

    SceneStack().push(CurtainScene("Lupin"))
    DicePanel().show([{"kind": "shot", "figure": "jigen", "target": "zenigata", "dice": [2, 6], "need": 7,
                       "hit": True}])
    DicePanel().show([{"kind": "moved", "figure": "jigen"}])      # no roll, no dice
    b = Button((0, 0, 100, 40), "Go", lambda: None)
    CLOCK.advance(CLICK_GUARD + 0.01)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        b.handle(pygame.event.Event(kind, pos=(10, 10), button=1))
    assert heard == ["curtain", "dice", "click"]
    heard.clear()
    from game.engine.settings import Settings as S
    from game.ui.app import App

    app = App(S(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    for scene in build_scenes("lupin-planning", app):
        app.stack.push(scene)
    play = next(s for s in app.stack if hasattr(s, "warn_clock"))
    play.warn_clock(60)
    play._clock_up()
    assert heard == ["clock_warn", "time_up"]


def test_the_play_screen_sounds_the_events_of_a_move(heard):
    """A shot played on the board is heard (through the one hook where the screen takes events)."""
    from game.engine.replay import Match
    from game.lupin.ai import HeuristicBot
    from game.lupin.ui.play_scene import LupinPlayScene
    from game.ui.app import App

    match = Match("lupin", {"episode": "gran-colpo", "players": 2}, 11)
    app = App(Settings(language="en"), surface=pygame.Surface((1600, 900)), lang="en", persist=False)
    scene = LupinPlayScene(match, autosave=False, computer={"zenigata": HeuristicBot(5), "lupin": HeuristicBot(6)})
    app.stack.push(scene)
    for _ in range(3000):
        if scene.over or any(n in heard for n in ("shot", "blow", "alarm", "card")):
            break
        app.update(0.7)
    assert any(n in heard for n in ("shot", "blow", "alarm", "card"))


# ------------------------------------------------------------------------------ levels

def test_volume_mute_and_music_reach_the_mixer_at_once(mixer):
    sound = mixer.sounds["dice"]
    assert sound.get_volume() == pytest.approx(0.7, abs=0.01)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.7 * MUSIC_LEVEL, abs=0.01)
    assert 0.7 * MUSIC_LEVEL < 0.7                                   # the music lower than the effects
    mixer.set_volume(0.3)
    assert all(s.get_volume() == pytest.approx(0.3, abs=0.01) for s in mixer.sounds.values())
    assert pygame.mixer.music.get_volume() == pytest.approx(0.3 * MUSIC_LEVEL, abs=0.01)
    assert mixer.play("dice")
    mixer.set_muted(True)
    assert all(s.get_volume() == 0 for s in mixer.sounds.values())
    assert pygame.mixer.music.get_volume() == 0
    assert not mixer.play("dice")
    mixer.set_muted(False)
    mixer.set_music(False)
    assert pygame.mixer.music.get_volume() == 0 and sound.get_volume() == pytest.approx(0.3, abs=0.01)
    assert mixer.play("shot")


def test_the_settings_screen_mutes_and_remembers(ui, mixer):
    from game.ui.scenes.settings import SettingsScene

    app = ui.app(scenes=("title",))
    app.stack.push(SettingsScene())
    app.update(0.02)
    scene = app.stack.top
    ui.click_widget(app, scene.mute_toggle)
    assert mixer.muted and all(s.get_volume() == 0 for s in mixer.sounds.values())
    assert Settings.load()[0].muted is True
    ui.click_widget(app, scene.music_toggle)
    assert Settings.load()[0].music is False
    ui.click_widget(app, scene.mute_toggle)
    assert not mixer.muted and mixer.sounds["click"].get_volume() > 0
    assert pygame.mixer.music.get_volume() == 0            # the music stays off


def test_no_sound_card_means_silence_not_a_crash(monkeypatch):
    player = Audio()
    monkeypatch.setattr(audio, "AUDIO", player)

    def broken(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    assert player.init(0.5, False, True) is False
    assert player.problem and "audio device" in player.problem
    assert audio.play("dice") is False
    player.set_volume(0.2)
    player.set_muted(True)
    player.set_music(False)
    player.start_music()
    player.quit()


def test_a_missing_sound_file_is_silence(monkeypatch, tmp_path, mixer):
    mixer.quit()
    player = Audio()
    monkeypatch.setattr(audio, "sound_dir", lambda: tmp_path)
    assert player.init(0.5, False, True)
    assert player.play("dice") is False
    player.quit()


def test_settings_keep_mute_and_music(tmp_path, monkeypatch):
    monkeypatch.setenv("HEIST_TABLE_HOME", str(tmp_path))
    s = Settings(muted=True, music=False)
    s.save()
    back, warning = Settings.load()
    assert warning is None and back.muted is True and back.music is False
    Settings.path().write_text('{"muted": "yes", "music": 1}', encoding="utf-8")
    back, _ = Settings.load()
    assert back.muted is False and back.music is True


def test_the_app_opens_the_mixer_quietly_and_closes_it(monkeypatch):
    """run_app's start: without a usable device the game runs silent (no traceback)."""
    player = Audio()
    monkeypatch.setattr(audio, "AUDIO", player)
    app_settings = Settings()
    assert player.init(app_settings.volume, app_settings.muted, app_settings.music) in (True, False)
    player.quit()
    assert not player.ready
