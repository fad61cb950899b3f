"""The screen's words in English, French and German: a file per language, each complete,
plurals right, and every word a screen draws itself taken from them."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pygame
import pytest

import companion.i18n
from companion.display import render
from companion.games import INSTALLED
from companion.games.mush.table.frame import TableFrame
from companion.i18n import (
    LANGUAGES,
    NOUNS,
    WORDS,
    count,
    fields,
    missing,
    ordinal,
    plural,
    speaking,
    t,
    word,
)
from companion.table.navigation import why_not
from companion.table.tree import Node
from display.frames import all_frames


def test_every_key_is_in_all_three_languages_with_the_same_fields() -> None:
    for key, texts in WORDS.items():
        assert tuple(texts) == LANGUAGES, key
        assert all(text.strip() for text in texts.values()), key
        assert {lang: fields(text) for lang, text in texts.items()} == dict.fromkeys(
            LANGUAGES, fields(texts["en"])), key
    for noun, forms in NOUNS.items():
        assert tuple(forms) == LANGUAGES, noun
        assert all(one and many for one, many in forms.values()), noun


def test_each_language_file_has_every_key_and_a_new_file_is_a_new_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert LANGUAGES == ("en", "fr", "de")  # one file each, in their own order
    assert missing() == {}
    # A fourth language is one more file: copied from English here, half translated
    # (one key left out, one field renamed), and the check names both.
    package = Path(companion.i18n.__file__).parent
    for name in ("en", "fr", "de"):
        shutil.copy(package / f"{name}.py", tmp_path / f"{name}.py")
    english = (package / "en.py").read_text(encoding="utf-8")
    italian = (english.replace("ORDER: Final = 0", "ORDER: Final = 3")
               .replace('    "menu.more_above": "▲ {n} more",\n', "")
               .replace('"Hold ▶ on any pad for a new game"', '"Tieni premuto ▶ {pad}"'))
    (tmp_path / "it.py").write_text(italian, encoding="utf-8")
    (tmp_path / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path.parent))
    found = companion.i18n._load([str(tmp_path)], tmp_path.name)
    monkeypatch.setattr(companion.i18n, "_LANGS", found)
    assert tuple(companion.i18n._LANGS) == ("en", "fr", "de", "it")
    assert missing() == {"it": ["no 'menu.more_above'",
                                "'n.new_game' fills ['pad'], English []"]}


def test_each_game_brings_its_words_in_its_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    shared = companion.i18n._load()
    for name, package in INSTALLED.items():
        folder = Path(importlib.import_module(f"{package}.words").__file__ or "").parent
        assert sorted(p.stem for p in folder.glob("[a-z][a-z].py")) == sorted(LANGUAGES), name
        own = importlib.import_module(f"{package}.words.en").WORDS
        assert own and not set(own) & set(shared["en"].words), name  # its own keys only
        assert all(key in WORDS for key in own), name  # merged into the table's words
    assert t("game.canoe") == "Canoe (Moosehead Lake)" and count(2, "night") == "2 nights"
    # a game that gives a key the table (or another game) gives is refused, naming both
    game = tmp_path / "rival"
    (game / "words").mkdir(parents=True)
    (game / "__init__.py").write_text("", encoding="utf-8")
    (game / "words" / "__init__.py").write_text("", encoding="utf-8")
    (game / "words" / "en.py").write_text('WORDS = {"menu.more_above": "More"}\n',
                                          encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match=r"'menu\.more_above' is already given by companion\.i18n"):
        companion.i18n._with_games(shared, ["rival"])


@pytest.mark.parametrize(("language", "n", "expected", "many"), [
    ("en", 0, "0 dogs", True), ("en", 1, "1 dog", False), ("en", 2, "2 dogs", True),
    ("fr", 0, "0 chien", False), ("fr", 1, "1 chien", False), ("fr", 2, "2 chiens", True),
    ("de", 0, "0 Hunde", True), ("de", 1, "1 Hund", False), ("de", 2, "2 Hunde", True),
])
def test_plurals_follow_each_language(language: str, n: int, expected: str,
                                      many: bool) -> None:
    with speaking(language):
        assert count(n, "dog") == expected
    assert plural(n, language) is many


@pytest.mark.parametrize(("name", "other", "title", "ahead"), [
    ("Bob", "Ann", "le tour d'Ann", "Bob a plus de points qu'Ann"),
    ("Églantine", "Bob", "le tour de Bob", "Églantine a plus de points que Bob"),
    ("Yves", "Hugo", "le tour de Hugo", "Yves a plus de points que Hugo"),
    ("Ann", "Orange", "le tour d'Orange", "Ann a plus de points qu'Orange"),
])
def test_french_elides_de_and_que_before_a_name_with_a_vowel(name: str, other: str,
                                                              title: str, ahead: str) -> None:
    # a name is filled in where the sentence is written, so French elides there; the
    # other languages write it as it comes
    with speaking("fr"):
        assert t("cm.handover_title", name=name, other=other).endswith(title)
        assert t("cn.shared_ahead", name=name, other=other).startswith(ahead)
    with speaking("en"):
        assert t("cm.handover_title", name="Bob", other="Ann").endswith("ends Ann's turn")


@pytest.mark.parametrize(("language", "said", "refused"), [
    ("en", "Ann: your go", "Finish: 0 of 2 nights"),
    ("fr", "Ann : your go", "Finish : 0 of 2 nights"),
    ("de", "Ann: your go", "Finish: 0 of 2 nights"),
])
def test_a_name_or_an_item_before_its_words_is_punctuated_as_the_language_writes(
        language: str, said: str, refused: str) -> None:
    # French sets a space before the colon, as every French sentence of the companion does
    with speaking(language):
        assert t("c.said_to", name="Ann", text="your go") == said
        assert why_not(Node("finish", "Finish", "0 of 2 nights", False)) == refused


def test_colour_dice_agree_in_gender_and_number() -> None:
    with speaking("fr"):
        assert count(1, "die.green") == "1 dé vert" and count(3, "die.red") == "3 dés rouges"
    with speaking("de"):
        assert count(1, "die.blue") == "1 blauer Würfel" and count(5, "die.green") == \
            "5 grüne Würfel"


def test_values_places_and_the_default() -> None:
    assert word("cold") == "Cold" and t("header.round", round=3) == "Round 3"  # en default
    with speaking("fr"):
        assert (word("cold"), word("central"), ordinal(1), ordinal(2)) == (
            "Froid", "Centre", "1er", "2e")
    with speaking("de"):
        assert (word("moderate"), word("green"), ordinal(3)) == ("Gemäßigt", "grün", "3.")
    assert ordinal(22) == "22nd"
    with pytest.raises(ValueError, match="not 'es'"), speaking("es"):
        pass


def _outside_words(frame: TableFrame) -> set[str]:
    """Texts the screen draws as they come: names, and the controller's ready words."""
    out = {s.name for s in frame.view.seats}
    for menu in frame.menus:
        out |= {menu.title, menu.hint, menu.note}
        for item in menu.items:
            out |= {item.label, item.detail}
    out |= {n.text for n in frame.notices} | {pay.text for pay in frame.payments}
    return out


ENGLISH_ONLY = {texts["en"] for texts in WORDS.values()
                if texts["en"] not in (texts["fr"], texts["de"]) and not fields(texts["en"])
                and len(texts["en"]) > 1}  # a chart's one-letter values are also seat badges


@pytest.mark.parametrize("language", ["fr", "de"])
def test_no_screen_draws_its_own_words_in_english(language: str) -> None:
    """Every fixed word of every screen comes from the table: drawn in French or German,
    none of the English-only words is left (names and menu labels aside)."""
    checked = 0
    for name, frame in all_frames(4).items():
        log = render(frame, pygame.Surface((1920, 1080)), language=language)
        outside = _outside_words(frame)
        english = [d.source for d in log.draws
                   if d.source in ENGLISH_ONLY and d.source not in outside]
        assert english == [], (name, english)
        checked += len(log.draws)
    assert checked > 500


def test_the_same_frame_reads_in_each_language() -> None:
    frame = all_frames(4)["round_end"]
    drawn = {lang: " | ".join(render(frame, pygame.Surface((1280, 720)),
                                     language=lang).texts()) for lang in LANGUAGES}
    assert "End of round" in drawn["en"]
    assert "Fin de la manche" in drawn["fr"] and "End of round" not in drawn["fr"]
    assert "Ende der Runde" in drawn["de"] and "jetons" not in drawn["de"]
