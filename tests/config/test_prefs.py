"""Settings made on the pads: kept beside the journal, atomically; a damaged file named and
set aside, never fatal; the config file gives the defaults and the pads override; `state`
shows both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from store.helpers import record_game

from companion.app.cli import main
from companion.config.file import apply_prefs, parse_config, settings_rows
from companion.config.prefs import FILE_NAME, Prefs, PrefsStore, parse_prefs
from companion.games.mush.config import ChartPref, with_chart
from companion.games.mush.model import Climate
from companion.store import Journal
from companion.voice.texts import LANGUAGES

CENTRAL = ("warm", "warm", "moderate", "moderate", "cold", "cold")


def test_the_languages_are_the_voice_s() -> None:
    from companion.config import prefs

    assert prefs.LANGUAGES == LANGUAGES


def test_settings_kept_across_a_restart(tmp_path: Path) -> None:
    store = PrefsStore.beside(tmp_path / "journal.sqlite3")
    assert store.path == tmp_path / FILE_NAME
    assert store.load() == Prefs() and store.problems == []  # no file yet: nothing set
    prefs = with_chart(Prefs(screen_language="fr", voice_language="de", volume=0.3, muted=True,
                             reduce_seconds=4.0, claim_seconds=30.0, seat_names=("Léa", "Jörg"),
                             names=("Léa",)), "central", ChartPref(CENTRAL, True))
    store.save(prefs)
    again = PrefsStore.beside(tmp_path / "journal.sqlite3")  # a new process
    assert again.load() == prefs and again.problems == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]  # no temporary left
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["format"] == 1 and "reroll_seconds" not in data  # only what the pads set


def test_a_damaged_file_is_named_ignored_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b'{"volume": 0.5, "screen_lang')  # cut short by a pulled plug
    store = PrefsStore(path)
    assert store.load() == Prefs()
    assert len(store.problems) == 1 and str(path) in store.problems[0]
    assert "damaged" in store.problems[0]
    store.save(Prefs(volume=0.6))
    assert (tmp_path / f"{FILE_NAME}.damaged").read_bytes() == b'{"volume": 0.5, "screen_lang'
    assert PrefsStore(path).load() == Prefs(volume=0.6)


def test_a_bad_value_is_left_out_and_the_rest_kept() -> None:
    prefs, problems = parse_prefs({
        "format": 1, "volume": 7, "voice_language": "it", "muted": True,
        "charts": {"central": {"faces": ["warm"] * 6, "confirmed": True},
                   "northern": {"faces": ["cold"] * 6, "confirmed": True}}})
    assert prefs == with_chart(Prefs(muted=True), "northern", ChartPref(("cold",) * 6, True))
    assert problems == [
        "volume: must be from 0 to 1 (got 7)",
        "voice_language: one of en, fr, de (got 'it')",
        "charts.central.faces: a 5 on the Central chart must be Cold (W3)",
    ]
    assert parse_prefs({"format": 9})[1] == ["format 9 is not known (this table writes 1)"]
    assert parse_prefs([1])[1] == ["the file is not a table of settings"]


def test_a_game_s_key_with_nothing_right_in_it_reads_back_as_it_is_written(
        tmp_path: Path) -> None:
    prefs, problems = parse_prefs({"format": 1, "muted": True,
                                   "charts": {"central": {"faces": ["hot"] * 6}}})
    assert prefs == Prefs(muted=True) and len(problems) == 1  # no chart is kept: none
    assert parse_prefs({"format": 1, "charts": {}})[0] == Prefs()
    store = PrefsStore(tmp_path / FILE_NAME)
    store.save(prefs)
    assert PrefsStore(store.path).load() == prefs


def test_a_failed_save_raises_and_keeps_the_old_file(tmp_path: Path) -> None:
    store = PrefsStore(tmp_path / FILE_NAME)
    store.save(Prefs(volume=0.2))
    blocked = PrefsStore(tmp_path / "not-a-folder" / FILE_NAME)
    (tmp_path / "not-a-folder").write_text("a file", encoding="utf-8")
    with pytest.raises(OSError):
        blocked.save(Prefs(volume=0.9))
    assert PrefsStore(tmp_path / FILE_NAME).load() == Prefs(volume=0.2)


def test_config_gives_defaults_and_pads_override() -> None:
    config = parse_config({"voice": {"language": "fr", "volume": 0.5},
                           "table": {"reduce_seconds": 3}})
    assert apply_prefs(config, Prefs()) == config
    prefs = with_chart(Prefs(voice_language="de", muted=True, reroll_seconds=5.0),
                       "central", ChartPref(CENTRAL, True))
    force = apply_prefs(config, prefs)
    assert (force.voice.language, force.voice.volume, force.voice.muted) == ("de", 0.5, True)
    assert (force.table.reduce_seconds, force.table.reroll_seconds) == (3.0, 5.0)
    assert force.part("mush").charts.central.placeholder is False
    assert force.part("mush").charts.central.weather(1) is Climate.WARM
    assert force.part("mush").charts.placeholders == ("southern", "northern", "pressing")
    rows = {r["setting"]: r for r in settings_rows(config, prefs)}
    assert rows["voice.language"] == {"setting": "voice.language", "config": "fr",
                                      "pads": "de", "in_force": "de"}
    assert rows["voice.volume"]["pads"] is None and rows["voice.volume"]["in_force"] == 0.5
    assert rows["screen language"]["in_force"] == "fr"  # follows the voice's until set
    assert rows["game.charts.central"]["config"].endswith("(stand-in)")
    assert rows["game.charts.central"]["in_force"] == (
        "warm warm moderate moderate cold cold (confirmed)")


def test_state_shows_config_pads_and_in_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    game = record_game(5, players=3)
    with Journal(journal_path) as journal:
        journal.new_game(game.settings)
    config = tmp_path / "config.toml"
    config.write_text(f'[voice]\nvolume = 0.5\n[store]\npath = "{journal_path}"\n',
                      encoding="utf-8")
    PrefsStore.beside(journal_path).save(Prefs(volume=0.9, screen_language="de"))
    assert main(["state", "--config", str(config)]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert lines["voice.volume"][1:] == ["0.5", "0.9", "0.9"]
    assert lines["voice.language"][1:] == ["en", "-", "en"]
    assert lines["game.charts.central"][-1] == "(stand-in)"
    assert main(["state", "--json", "--config", str(config)]) == 0
    rows = {r["setting"]: r for r in json.loads(capsys.readouterr().out)["settings"]}
    assert rows["screen language"] == {"setting": "screen language", "config": "en",
                                       "pads": "de", "in_force": "de"}


def test_state_names_a_damaged_settings_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path = tmp_path / "j.sqlite3"
    with Journal(journal_path) as journal:
        journal.new_game(record_game(5, players=3).settings)
    (tmp_path / FILE_NAME).write_text("{not json", encoding="utf-8")
    assert main(["state", "--journal", str(journal_path)]) == 0
    err = capsys.readouterr().err
    assert f"table settings ignored: {tmp_path / FILE_NAME}: damaged" in err


def test_state_shows_the_settings_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    PrefsStore.beside(tmp_path / "j.sqlite3").save(Prefs(muted=True))
    assert main(["state", "--journal", str(tmp_path / "j.sqlite3")]) == 1
    captured = capsys.readouterr()
    assert "no journal at" in captured.err
    muted = next(line for line in captured.out.splitlines() if line.startswith("voice.muted"))
    assert muted.split()[1:] == ["no", "yes", "yes"]
