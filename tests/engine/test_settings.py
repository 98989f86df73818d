"""Settings are remembered between runs; a broken settings file is reported and kept."""

from game.engine.settings import Settings


def test_defaults_when_nothing_saved():
    s, problem = Settings.load()
    assert problem is None and s.language == "en" and s.window_size == (1600, 900)


def test_saved_settings_come_back():
    s = Settings(language="it", window_size=(1280, 720), fullscreen=True, volume=0.25, colourblind=True)
    s.save()
    back, problem = Settings.load()
    assert problem is None
    assert back == s


def test_corrupt_settings_are_kept_aside_and_reported():
    path = Settings.path()
    path.write_text("{ not json")
    s, problem = Settings.load()
    assert s == Settings()
    assert problem and "could not be read" in problem
    kept = path.with_name("settings.json.corrupt")
    assert kept.read_text() == "{ not json"
    assert not path.exists()
