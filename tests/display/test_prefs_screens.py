"""Setup's charts, settings and speller screens, as the real controller builds them in
English, French and German, at 1920×1080, 1280×720 and 800×480: saved as PNGs, nothing
out of its box or under the size floor, nothing cut short, and no English
left on the French and German screens."""

from __future__ import annotations

import string

import pygame
import pytest
from table.helpers import FakeClock, check_frame, long_press, press

from companion.config.prefs import Prefs
from companion.config.table import TableConfig
from companion.display import font_floor, render
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.i18n import LANGUAGES, WORDS
from companion.pads.events import Button
from display.conftest import save_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
L, S, R = Button.LEFT, Button.SELECT, Button.RIGHT


def go(ctl: TableController, label: str) -> None:
    """◀ ▶ to the item, then ●."""
    for _ in range(40):
        menu = check_frame(ctl).menus[0]
        if menu.items[menu.focus].label == label:
            press(ctl, 0, S)
            return
        press(ctl, 0, R)
    raise AssertionError(f"{label!r} not in {[i.label for i in menu.items]}")


def table(language: str) -> TableController:
    return TableController(clock=FakeClock(), config=TableConfig(
        language=language, screen_language=language,
        prefs=Prefs(names=("Jean-Baptiste Ölmüller",))))


def prefs_frames(language: str) -> dict[str, TableFrame]:
    """Every screen of the charts, settings and speller, walked with the pads in `language`
    (the labels looked for are the words table's, so a missing translation fails here)."""

    def w(key: str, **values: object) -> str:
        return WORDS[key][language].format(**values)

    frames: dict[str, TableFrame] = {}
    ctl = table(language)
    frames["setup_menu"] = ctl.frame()
    go(ctl, w("s.charts"))
    frames["charts_list"] = ctl.frame()
    go(ctl, w("s.chart.central"))
    frames["chart_face"] = ctl.frame()
    press(ctl, 0, S, 4)
    frames["chart_central_5"] = ctl.frame()
    press(ctl, 0, S, 2)
    frames["chart_confirm"] = ctl.frame()
    go(ctl, w("s.chart.confirm"))
    frames["charts_one_entered"] = ctl.frame()
    long_press(ctl, 0, S)
    go(ctl, w("s.settings"))
    frames["settings"] = ctl.frame()
    go(ctl, w("s.settings.screen_language"))
    frames["settings_language"] = ctl.frame()
    press(ctl, 0, S)
    go(ctl, w("s.settings.volume"))
    frames["settings_volume"] = ctl.frame()
    press(ctl, 0, S)
    go(ctl, w("s.settings.reduce"))
    frames["settings_window"] = ctl.frame()
    press(ctl, 0, S)
    go(ctl, w("s.names"))
    go(ctl, w("s.seat", letter="B"))
    frames["names_seat"] = ctl.frame()
    go(ctl, w("s.spell"))
    frames["speller"] = ctl.frame()
    go(ctl, "Ä Ö Ü ß É È Ç - ' ␣")
    frames["speller_group"] = ctl.frame()
    press(ctl, 0, S)
    for _ in range(22):  # a name as long as a name may be
        go(ctl, "a b c d e")
        press(ctl, 0, S)
    frames["speller_full"] = ctl.frame()
    return frames


FRAMES_IN = {language: prefs_frames(language) for language in LANGUAGES}
FRAMES = FRAMES_IN["en"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(FRAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_prefs_screen_fits(language: str, name: str, size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    log = render(FRAMES_IN[language][name], surface, language=language)
    save_screen(surface, f"prefs_{name}_{language}_{size[0]}x{size[1]}.png")
    assert log.draws, "a screen with no text at all is not a screen"
    assert log.problems() == []
    assert min(d.size for d in log.draws) >= font_floor(size[1])
    # nothing is cut short (problems() says so of any ellipsis): a long name, the
    # variants' labels and the speller's 24 letters all read whole
    assert not [d for d in log.draws if d.fit == "ellipsized"]


def test_the_chart_screens_say_what_they_are_about() -> None:
    texts = " | ".join(render(FRAMES["chart_central_5"], pygame.Surface((1920, 1080))).texts())
    assert "Central weather: die face 5 of 6" in texts
    assert "a 5 is Cold (W3)" in texts
    assert "1 W · 2 M · 3 M · 4 M · 5 ? · 6 C" in texts
    texts = " | ".join(render(FRAMES["setup_menu"], pygame.Surface((1920, 1080))).texts())
    assert "4 stand-ins" in texts


def _english_pieces() -> set[str]:
    """The fixed English words of setup's screens that French and German say otherwise:
    whole texts, and the words around the fields of the others ("die face", "of 6")."""
    pieces = set()
    for key, texts in WORDS.items():
        if not key.startswith(("s.", "m.hint.")) or texts["en"] in (texts["fr"], texts["de"]):
            continue
        for literal, *_ in string.Formatter().parse(texts["en"]):
            literal = literal.strip(" :·_")
            if len(literal) >= 4 and literal not in texts["fr"] + texts["de"]:
                pieces.add(literal)
    return pieces


@pytest.mark.parametrize("language", ["fr", "de"])
def test_no_english_is_left_on_the_settings_screens(language: str) -> None:
    pieces = _english_pieces()
    assert {"die face", "Board charts", "Spell a new name"} <= pieces
    drawn = 0
    for name, frame in FRAMES_IN[language].items():
        for text in render(frame, pygame.Surface((1280, 720)), language=language).texts():
            drawn += 1
            if "Jean-Baptiste" in text:
                continue
            assert not [p for p in pieces if p in text], (name, text)
            assert "stand-in" not in text, (name, text)
    assert drawn > 200


def test_the_chart_screens_speak_french_and_german() -> None:
    fr = " | ".join(render(FRAMES_IN["fr"]["chart_central_5"], pygame.Surface((1920, 1080)),
                           language="fr").texts())
    assert "Météo du Centre : face 5 sur 6" in fr and "un 5 est Froid (W3)" in fr
    assert "1 C · 2 M · 3 M · 4 M · 5 ? · 6 F" in fr  # Chaud, Mitigé, Froid
    de = " | ".join(render(FRAMES_IN["de"]["setup_menu"], pygame.Surface((1920, 1080)),
                           language="de").texts())
    assert "4 vorläufig" in de and "Einstellungen" in de
    fr = " | ".join(render(FRAMES_IN["fr"]["setup_menu"], pygame.Surface((1920, 1080)),
                           language="fr").texts())
    assert "4 provisoires" in fr
