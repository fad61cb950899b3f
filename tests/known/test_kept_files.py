"""The files a group's table already holds open, resume and export as they always did.

`tests/known/files/` was written by `tools/record_files.py`: MUSH's journal (a finished
game and one in progress) with the pads' settings and a config file, a backup of that
folder, and the Canoe game's journal with a trip in progress, each with what the
companion that wrote them answered (`state --json`, the exports). Here today's companion
opens copies of the same files and must answer the same, restore the backup to the same
games, and take up each game in progress where it stopped and play it to its end.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.app.cli import main
from companion.app.demo import run_demo
from companion.app.maintenance import restore_backup
from companion.config.file import load_config
from companion.config.prefs import PrefsStore
from companion.games import game as installed_game
from companion.games.mush.config import chart
from companion.store import Journal

FILES = Path(__file__).resolve().parent / "files"
ANSWERS = FILES / "answers"
KEPT = [("mush", "mush:1"), ("mush", "mush:2"), ("canoe", "canoe:1")]
"""Each kept folder and the game in it (`[NAME:]ID` as the command line takes it)."""


def _cli(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0, args
    return out.getvalue()


def _copy(folder: str, tmp_path: Path) -> Path:
    copy = tmp_path / folder
    shutil.copytree(FILES / folder, copy)
    return copy


def _state(folder: Path, game: str) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(_cli(
        "state", "--json", "--journal", str(folder / "journal.sqlite3"), "--config",
        str(folder / "config.toml"), "--game", game))
    assert view.pop("companion")
    return view


def _exports(folder: Path, game: str, out: Path) -> dict[str, str]:
    _cli("export", "--journal", str(folder / "journal.sqlite3"), "--config",
         str(folder / "config.toml"), "--game", game, "--out", str(out))
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(out.iterdir())}


def _answer(name: str) -> str:
    return (ANSWERS / name).read_text(encoding="utf-8")


def _key(folder: str, game: str) -> str:
    return f"{folder}-{game.replace(':', '-')}"


@pytest.mark.parametrize(("folder", "game"), KEPT)
def test_a_kept_journal_shows_and_exports_as_it_did(folder: str, game: str,
                                                    tmp_path: Path) -> None:
    copy = _copy(folder, tmp_path)
    key = _key(folder, game)
    assert _state(copy, game) == json.loads(_answer(f"{key}-state.json"))
    exports = _exports(copy, game, tmp_path / "out")
    assert len(exports) == 2
    for name, text in exports.items():
        assert text == _answer(f"{key}-{name}"), name


def test_the_kept_settings_and_config_are_read_as_they_were() -> None:
    prefs = PrefsStore.beside(FILES / "mush" / "journal.sqlite3", read_only=True).load()
    assert prefs.screen_language == "fr" and prefs.reduce_seconds == 3.0
    assert prefs.names == ("Zoé",) and chart(prefs, "pressing") is not None
    assert load_config(FILES / "canoe" / "config.toml").game_name == "canoe"
    config = load_config(FILES / "mush" / "config.toml")
    assert config.players == ("Anna", "Ben", "Clara", "David")
    assert config.part("mush").arrangement.value == "intro"


def test_a_kept_backup_restores_the_same_games(tmp_path: Path) -> None:
    journal = tmp_path / "table" / "journal.sqlite3"
    journal.parent.mkdir()
    said: list[str] = []
    outcome = restore_backup(FILES / "mush-backup.tar.gz", journal, say=said.append)
    mush = outcome.restored.games["mush"]
    assert mush.number == 2 and not mush.finished
    shutil.copyfile(FILES / "mush" / "config.toml", journal.parent / "config.toml")
    assert (journal.parent / "table-settings.json").read_bytes() == \
        (FILES / "mush" / "table-settings.json").read_bytes()
    for game in ("mush:1", "mush:2"):
        assert _state(journal.parent, game) == \
            json.loads(_answer(f"{_key('mush', game)}-state.json"))


@pytest.mark.parametrize(("folder", "game", "players"), [("mush", "mush", 4),
                                                         ("canoe", "canoe", 3)])
def test_a_kept_game_in_progress_is_taken_up_and_played_to_its_end(
        folder: str, game: str, players: int, tmp_path: Path) -> None:
    copy = _copy(folder, tmp_path)
    path = copy / ("journal.sqlite3" if game == "mush" else f"journal-{game}.sqlite3")
    with Journal(path, game=installed_game(game)) as journal:
        current = journal.current_game()
        assert current is not None
        before = [e.event for e in journal.records(current.id) if not e.retracted]
    out = io.StringIO()
    result = run_demo(copy, load_config(copy / "config.toml"), players=players, seed=7,
                      screenshots=False, voice=False, game=game, out=out)
    assert f"resuming the game in {copy}" in out.getvalue()
    assert result.state.winner is not None
    with Journal(path, game=installed_game(game)) as journal:
        record = journal.game(current.id)
        assert record.finished is not None and record.winner == result.state.winner
        after = [e.event for e in journal.records(current.id) if not e.retracted]
    assert after[:len(before)] == before and len(after) > len(before)
