"""Nothing a file, a name or a card does stops the table or costs a game.

Real files, real links, real processes (`mush-companion run`, `state`, `export` as
children with timeouts), a real full filesystem where this machine lets us mount one:
a journal a newer companion wrote is refused and left byte for byte; a file that is not
a journal is never renamed; the lock follows the file through symlinks and hard links;
a full card is named as full and `export` never leaves a truncated file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.store import IncompatibleJournalError, Journal, JournalError, NotAJournalError
from companion.store.control import JournalBusyError, JournalLock
from store.forge import as_newer, digest, write_v1
from store.helpers import Recorded, record_game
from store.test_recovery import PAGE, damaged_copies

CLI = [sys.executable, "-m", "companion.app.cli"]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module")
def game() -> Recorded:
    return record_game(5)


def written(path: Path, game: Recorded, steps: int = 60, finish: bool = False) -> int:
    with Journal(path) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps[: len(game.steps) if finish else steps]:
            journal.append(game_id, step.events)
    return game_id


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout,
                          env=ENV, check=False)


def config_for(folder: Path, journal: Path, name: str = "config.toml") -> Path:
    path = folder / name
    path.write_text(f'[store]\npath = "{journal}"\n[display]\nfullscreen = false\n')
    return path


# --- a journal a newer companion wrote -------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("newest", ["in progress", "finished"])
def test_a_newer_companions_card_waits_on_the_problem_screen_untouched(
        tmp_path: Path, game: Recorded, newest: str) -> None:
    """The table says so and waits (never a crash loop, never "damaged"); `state` and
    `export` say so without a traceback; the older games still export; not a byte
    of the file changes."""
    from app.test_startup import Child

    journal = tmp_path / "journal.sqlite3"
    written(journal, game, finish=True)
    as_newer(journal, 3, newer_game=game.settings, finished=newest == "finished")
    before = digest(journal)
    config = config_for(tmp_path, journal)
    child = Child(tmp_path, config)
    try:
        status = child.wait_for("STATUS=Waiting", timeout=60)
        assert "newer companion" in status and "format 3" in status
        child.turns(2)  # it waits: no exit, no restart loop
    finally:
        log = child.stop()
    assert "Traceback" not in log and "damaged" not in log
    assert log.count("cannot start: This card was written by a newer companion") == 1
    assert digest(journal) == before
    state = cli("state", "--config", str(config))
    assert state.returncode == 1 and "Traceback" not in state.stderr
    assert "this card was written by a newer companion" in state.stderr
    assert "update, or start a new card" in state.stderr and "--game ID with ID 1" in state.stderr
    out = tmp_path / "out"
    refused = cli("export", "--config", str(config), "--out", str(out))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "newer companion" in refused.stderr
    older = cli("export", "--config", str(config), "--out", str(out), "--game", "1")
    assert older.returncode == 0, older.stderr
    lines = (out / "game-1.jsonl").read_text().splitlines()
    assert len(lines) == sum(1 for s in game.steps for e in s.events if not type(e).private)
    assert digest(journal) == before
    assert not damaged_copies(tmp_path)


def test_rows_of_a_newer_event_format_in_an_older_file_are_refused_before_any_upgrade(
        tmp_path: Path, game: Recorded) -> None:
    """A newer companion that kept format 1 but wrote its own events (its vocabulary in
    the header): the file is not upgraded, not salvaged, not touched."""
    path = tmp_path / "journal.sqlite3"
    write_v1(path, [(game.settings, [s.events for s in game.steps[:50]], False)])
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA application_id = 12345")
    conn.execute("INSERT INTO events (game_id, seq, batch, event, time) VALUES "
                 "(1, 1000, 1000, '{\"type\":\"Snowfall\",\"v\":2}', 't')")
    conn.close()
    before = digest(path)
    with pytest.raises(IncompatibleJournalError, match=r"newer companion \(event format 2\)"):
        Journal(path)
    assert digest(path) == before and not damaged_copies(tmp_path)


def test_the_problem_screen_for_a_newer_card(tmp_path: Path) -> None:
    from companion.app.runner import _journal_problem
    from companion.display import paint
    from companion.display.problem import draw_problem

    pygame.init()
    paint.forget_fonts()  # fonts an earlier test made died with its pygame.quit()
    path = Path("/var/lib/mush-companion/journal.sqlite3")
    error = IncompatibleJournalError(
        f"{path}: this card was written by a newer companion (format 3); update, or "
        "start a new card (this companion reads format 2 and older; the file is left "
        "exactly as it is)")
    problem = _journal_problem(path)(error)
    assert problem.what == "This card was written by a newer companion"
    assert problem.fix.startswith("Update the companion, or start a new card")
    for language in ("en", "de"):
        surface = pygame.Surface((800, 480))
        log = draw_problem(surface, problem, waited=30, language=language)
        assert log.problems() == []
        pygame.image.save(surface, str(tmp_path / f"newer-{language}.png"))
    foreign = _journal_problem(path)(NotAJournalError("x"))
    assert foreign.what == "The journal's path names a file that is not a journal"


# --- files that are not journals ---------------------------------------------------------


def test_a_config_file_named_as_the_journal_is_refused_not_renamed(tmp_path: Path) -> None:
    """One typo pointed the store at the config file: it stays exactly as it is."""
    config = tmp_path / "config.toml"
    text = f'[store]\npath = "{config}"\n[game]\nplayers = ["Ann", "Bea"]\n'
    config.write_text(text)
    with pytest.raises(NotAJournalError) as refused:
        Journal(config)
    message = str(refused.value)
    assert str(config) in message and "set [store] path to a new file name" in message
    assert config.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]


def test_another_programs_database_is_refused_not_written(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('milk')")
    conn.close()
    before = digest(path)
    with pytest.raises(NotAJournalError, match="without the journal's tables"):
        Journal(path)
    with pytest.raises(NotAJournalError):
        Journal(path, recover=False)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


@pytest.mark.slow
def test_a_journal_whose_first_page_is_gone_is_still_recognised(
        tmp_path: Path, game: Recorded) -> None:
    """Its own events give it away: it is set aside and salvaged as before."""
    path = tmp_path / "journal.sqlite3"
    game_id = written(path, game, steps=80)
    data = bytearray(path.read_bytes())
    data[:PAGE] = bytes(PAGE)
    path.write_bytes(bytes(data))
    with Journal(path) as reopened:
        assert reopened.recovery is not None
        assert len(reopened.load(game_id)) > 0
    assert len(damaged_copies(tmp_path)) == 1


def test_a_folder_a_fifo_and_a_device_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.sqlite3"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    for path, kind in ((fifo, "a pipe"), (folder, "a folder"), (Path("/dev/null"), "a device")):
        refused: list[str] = []

        def open_it(path: Path = path, refused: list[str] = refused) -> None:
            try:
                Journal(path)
            except JournalError as error:
                refused.append(str(error))
            with JournalLock(path):  # the lock never waits on it, nor puts a file beside it
                refused.append("locked")

        # Opening a pipe for reading waits for a writer that never comes: in a thread, so
        # that would fail the test rather than hang it.
        opener = threading.Thread(target=open_it, daemon=True)
        opener.start()
        opener.join(60)
        assert not opener.is_alive(), f"opening {kind} waits"
        assert len(refused) == 2 and f"is {kind}" in refused[0] and refused[1] == "locked"
    assert fifo.exists() and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo.sqlite3", "folder.sqlite3"]
    assert not Path("/dev/null.lock").exists()


# --- one file, many names ----------------------------------------------------------------


def test_a_journal_with_two_names_is_refused(tmp_path: Path, game: Recorded) -> None:
    path = tmp_path / "journal.sqlite3"
    written(path, game, steps=10)
    other = tmp_path / "copy.sqlite3"
    os.link(path, other)
    for name in (path, other):
        with pytest.raises(JournalError, match="has 2 names"):
            Journal(name)
        with pytest.raises(JournalError, match="has 2 names"):
            Journal(name, recover=False)
    other.unlink()
    with Journal(path) as journal:
        assert journal.current_game() is not None


def test_the_lock_follows_the_file_through_links(tmp_path: Path) -> None:
    path = tmp_path / "card" / "journal.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"")
    symlink = tmp_path / "journal-link.sqlite3"
    symlink.symlink_to(path)
    hard = tmp_path / "hard.sqlite3"
    os.link(path, hard)
    with JournalLock(path):
        for name in (path, symlink, hard):
            with pytest.raises(JournalBusyError, match=f"process {os.getpid()}"):
                JournalLock(name).acquire()
    with JournalLock(symlink), pytest.raises(JournalBusyError):
        JournalLock(hard).acquire()
    with JournalLock(hard):
        pass


@pytest.fixture
def two_runs(tmp_path: Path, game: Recorded) -> Iterator[tuple[Path, Path, Path]]:
    journal = tmp_path / "card" / "journal.sqlite3"
    journal.parent.mkdir()
    written(journal, game, steps=20)
    yield journal, config_for(tmp_path, journal), tmp_path


@pytest.mark.slow
@pytest.mark.parametrize("name", ["symlink", "hard link"])
def test_a_second_table_on_another_name_of_the_journal_is_stopped(
        two_runs: tuple[Path, Path, Path], name: str) -> None:
    """Two tables can never write one file, whatever name the second one is given."""
    from app.test_startup import Child

    journal, config, tmp_path = two_runs
    child = Child(tmp_path, config)
    try:
        child.wait_for("Table ready", timeout=60)
        other = tmp_path / "other.sqlite3"
        if name == "symlink":
            other.symlink_to(journal)
        else:
            os.link(journal, other)
        second = Child(tmp_path, config_for(tmp_path, other, "other.toml"), "second.sock")
        assert second.process.wait(timeout=60) == 78
        second.server.close()
        assert second.process.stderr is not None
        err = second.process.stderr.read()
        assert f"process {child.process.pid}" in err and "Traceback" not in err
    finally:
        log = child.stop()
    assert "Traceback" not in log


# --- a full card ---------------------------------------------------------------------------


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "tiny"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def fill(mount: Path, leave: int = 0) -> None:
    """Fill the filesystem, leaving about `leave` bytes."""
    free = os.statvfs(mount).f_bavail * os.statvfs(mount).f_frsize
    with open(mount / "ballast", "wb") as stream, contextlib.suppress(OSError):
        stream.write(bytes(max(0, free - leave)))


@pytest.mark.slow
def test_a_full_card_is_called_full_and_export_leaves_no_truncated_file(
        tiny: Path, game: Recorded) -> None:
    journal = tiny / "journal.sqlite3"
    game_id = written(journal, game, steps=120)
    out = tiny / "out"
    out.mkdir()
    fill(tiny, leave=4096)  # room for a part of the export, not all of it
    state = cli("state", "--journal", str(journal))
    assert "damaged" not in state.stderr and "Traceback" not in state.stderr
    assert state.returncode == 0, state.stderr
    export = cli("export", "--journal", str(journal), "--out", str(out))
    assert export.returncode == 1 and "Traceback" not in export.stderr
    assert "the card is full" in export.stderr and "damaged" not in export.stderr
    assert list(out.iterdir()) == [], "no truncated file under its final name, no temporary"
    with Journal(journal) as reopened:  # the companion itself: in memory, and says why
        assert reopened.recovery is None
        reopened.append(game_id, game.steps[120].events)
        assert reopened.degraded == "the card is full"
        assert len(reopened.load(game_id)) > 0
    assert not damaged_copies(tiny)


@pytest.mark.slow
def test_a_table_started_on_a_full_card_says_the_card_is_full(
        tiny: Path, tmp_path: Path, game: Recorded) -> None:
    """SQLite reports the `-shm` it cannot make as "disk I/O error": the table looks at
    the card and says it is full (the game goes on in memory), never "the card failed"."""
    from app.test_startup import Child

    journal = tiny / "journal.sqlite3"
    written(journal, game, steps=60)
    fill(tiny)
    child = Child(tmp_path, config_for(tmp_path, journal))
    try:
        status = child.wait_for("not saved: the card is full", timeout=60)
        assert "Round 2" in status
    finally:
        log = child.stop()
    assert "cannot be written (the card is full)" in log
    assert "failed" not in log and "damaged" not in log and "Traceback" not in log
    assert not damaged_copies(tiny)
