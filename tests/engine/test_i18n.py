"""Every text a player sees exists in Italian and English."""

from pathlib import Path

from game.engine import i18n, resources
from game.engine.i18n import LANGUAGES, Translator, check_i18n, load_language


def test_both_languages_have_exactly_the_same_keys():
    tables = {lang: set(load_language(lang)[0]) for lang in LANGUAGES}
    assert tables["it"] == tables["en"]
    assert check_i18n(resources.content_root()) == []


def test_no_text_is_empty_or_untranslated_placeholder():
    for lang in LANGUAGES:
        for key, text in load_language(lang)[0].items():
            assert text.strip(), f"{lang}: {key} is empty"
            assert "TODO" not in text and "XXX" not in text, f"{lang}: {key}"


def test_switching_language_changes_the_text():
    tr = Translator()
    tr.set_language("it")
    italian = tr.t("app.tagline")
    tr.set_language("en")
    assert tr.t("app.tagline") != italian


def test_a_key_missing_in_one_language_is_reported(tmp_path: Path):
    for lang, body in {"en": "a:\n  b: one\n  c: two\n", "it": "a:\n  b: uno\n"}.items():
        (tmp_path / "data" / "i18n" / lang).mkdir(parents=True)
        (tmp_path / "data" / "i18n" / lang / "ui.yaml").write_text(body)
    problems = check_i18n(tmp_path)
    assert len(problems) == 1
    assert problems[0].field == "a.c"
    assert "missing text" in str(problems[0]) and "en/ui.yaml:3" in str(problems[0])


def test_unknown_language_is_refused():
    tr = Translator()
    try:
        tr.set_language("fr")
    except ValueError as exc:
        assert "it, en" in str(exc)
    else:
        raise AssertionError("fr accepted")


def test_module_level_helpers_follow_the_current_language():
    before = i18n.current_language()
    try:
        i18n.set_language("it")
        assert i18n.t("app.tagline").startswith("Giochi")
    finally:
        i18n.set_language(before)
