"""One rule for every player's name, wherever it enters: the config's `[game] players`,
the pads' settings file, the speller. Printable, drawable by the shipped font, not empty
once invisible characters are removed, at most 24 characters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config.file import parse_config
from companion.config.names import (
    MAX_NAME_LENGTH,
    BadName,
    check_name,
    drawable,
    name_problem,
    safe_names,
    shown_name,
)
from companion.config.prefs import FILE_NAME, Prefs, PrefsStore, parse_prefs
from companion.exc import ConfigError

HOSTILE = {
    "lone surrogate": "\ud800",
    "NUL": "a\x00b",
    "escape sequence": "\x1b[2J",
    "zero-width space": "\u200b",
    "word joiner U+2060": "\u2060",
    "byte order mark U+FEFF": "\ufeff",
    "soft hyphen U+00AD": "\u00ad",
    "only invisible characters": "\u200b\u2060\ufeff\u00ad\u200d",
    "right-to-left override alone": "\u202e",
    "private use": "\ue000",
    "unassigned": "\U000e0fff",
    "not in the font (CJK)": "山田",
    "too long": "x" * (MAX_NAME_LENGTH + 1),
    "empty": "",
    "spaces": "   ",
    "not text": 42,
}


@pytest.mark.parametrize("name", HOSTILE.values(), ids=HOSTILE.keys())
def test_every_hostile_name_is_refused_with_a_reason(name: object) -> None:
    with pytest.raises(BadName) as caught:
        check_name(name)
    reason = str(caught.value)
    assert reason and reason.isprintable()
    assert name_problem(name) == reason


def test_the_reasons_say_what_is_wrong() -> None:
    assert name_problem("a\x00b") == "holds U+0000, which is not printable"
    assert name_problem("\ud800") == "holds U+D800, which is not printable"
    assert name_problem("\u200b") == "is empty once invisible characters are removed"
    assert name_problem("山") == ("holds U+5C71 (cjk unified ideograph-5c71), which the "
                                  "screen's font cannot draw")
    assert name_problem("x" * 30) == "is at most 24 characters (got 30)"


@pytest.mark.parametrize(("given", "kept"), [
    ("Anna", "Anna"), ("  Léa  ", "Léa"), ("Ann\u200ba", "Anna"), ("\ufeffBo", "Bo"),
    ("Mary\u00a0Jane", "Mary Jane"), ("e\u0301mile", "émile"), ("Jörg", "Jörg"),
    ("Ωmega", "Ωmega"), ("Привет", "Привет"), ("O'Brien-Smith", "O'Brien-Smith"),
    ("a\tb\nc", "a b c"), ("A\u2028B", "A B"),
])
def test_good_names_are_kept_cleaned(given: str, kept: str) -> None:
    assert check_name(given) == kept


def test_the_font_coverage_is_read_from_the_shipped_fonts() -> None:
    covered = drawable()
    assert covered is not None and len(covered) > 2000
    assert all(ord(c) in covered for c in "AZaz09ÄÖÜßÉÈÇéèàçœ-'ΩЖ")
    assert 0x5C71 not in covered and 0 not in covered


def test_names_from_an_old_journal_are_made_safe_not_refused() -> None:
    assert shown_name("\ud800Bo", "Orange") == "Bo"
    assert shown_name("\u200b", "Orange") == "Orange"
    assert shown_name("\x1b[2J", "Orange") == "[2J"
    assert shown_name("山田", "Orange") == "??"
    assert shown_name("x" * 100, "Orange") == "x" * MAX_NAME_LENGTH
    assert safe_names(["\u200b", "Ann", "Ann\u200b", "\ud800"]) == (
        "Orange", "Ann", "Green", "Yellow")
    assert safe_names(["\u200b", "Bo"], "de") == ("Orange", "Bo")


# --- where names enter: the config file ----------------------------------------------


@pytest.mark.parametrize("name", [n for n in HOSTILE.values() if isinstance(n, str)
                                  and n != "\ud800"], ids=[k for k, n in HOSTILE.items()
                                                           if isinstance(n, str)
                                                           and n != "\ud800"])
def test_check_config_refuses_a_hostile_player_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[game]\nplayers = [\"Ann\", " + json.dumps(name, ensure_ascii=False) + "]\n",
                    encoding="utf-8")
    assert main(["check-config", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert any(line.startswith(f"{path}: game.players.1: a player's name ") for line in lines)
    assert all(line.isprintable() and "Traceback" not in line for line in lines)


def test_a_board_name_is_held_to_the_same_rule() -> None:
    boards = [{"name": "Anchorage", "zone": "southern"}, {"name": "\u200b", "zone": "northern"}]
    with pytest.raises(ConfigError) as caught:
        parse_config({"game": {"arrangement": "custom", "boards": boards}})
    assert caught.value.key == "game.boards.1.name"
    assert "empty once invisible characters are removed" in caught.value.problem


def test_two_names_equal_once_cleaned_are_one_name() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config({"game": {"players": ["Anna", "Ann\u200ba"]}})
    assert caught.value.key == "game.players.1" and "already a player's name" in str(caught.value)


# --- where names enter: the pads' settings file ---------------------------------------


@pytest.mark.parametrize("name", [n for n in HOSTILE.values() if isinstance(n, str) and n],
                         ids=[k for k, n in HOSTILE.items() if isinstance(n, str) and n])
def test_a_hostile_name_in_the_settings_file_is_left_out(name: str) -> None:
    prefs, problems = parse_prefs({"format": 1, "seat_names": ["Ann", name], "volume": 0.5,
                                   "names": [name, "Bo"]})
    assert prefs == Prefs(volume=0.5)
    assert [p.split(":")[0] for p in problems] == ["seat_names.1", "names.0"]
    assert all(p.isprintable() for p in problems)


def test_a_lone_surrogate_written_as_a_json_escape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text('{"format": 1, "seat_names": ["Ann", "\\ud800"], "volume": 0.25}',
                    encoding="utf-8")
    store = PrefsStore(path)
    assert store.load() == Prefs(volume=0.25)
    assert len(store.problems) == 1 and "U+D800" in store.problems[0]
    assert store.problems[0].encode("utf-8")  # printable and loggable as it is


# --- where names enter: the speller -----------------------------------------------------


def test_the_speller_only_offers_names_that_obey_the_rule() -> None:
    from companion.games.mush.table.prefs_menus import LETTER_GROUPS

    for group in LETTER_GROUPS:
        for char in group.strip():
            assert name_problem(char.upper()) is None and name_problem(char.lower()) is None
