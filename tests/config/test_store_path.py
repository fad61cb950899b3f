"""check-config (and run, through the same load_config) refuses every store path that
cannot hold a game, and never offers the journal a file that is not a journal; hostile
config files get a message, never a traceback, in linear time."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config.file import load_config
from companion.exc import ConfigError
from companion.games.mush import Settings
from companion.store import Journal
from companion.store.where import filesystem_type, store_problem


def config_with(tmp_path: Path, store: str, name: str = "config.toml") -> Path:
    path = tmp_path / name
    path.write_text(f'[store]\npath = "{store}"\n', encoding="utf-8")
    return path


def refused(tmp_path: Path, store: str) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(config_with(tmp_path, store))
    assert caught.value.key == "store.path"
    return caught.value.problem


def journal_at(path: Path) -> Path:
    with Journal(path) as journal:
        journal.new_game(Settings.make(["Ann", "Bo"]))
    return path


# --- refused -----------------------------------------------------------------------------


@pytest.mark.parametrize(("store", "problem"), [
    ("/dev/null", "'/dev/null' is a device, not a file that can hold a journal"),
    ("/proc/journal.sqlite3", "'/proc' is on the kernel's proc filesystem"),
    ("/proc/self/journal.sqlite3", "on the kernel's proc filesystem"),
    ("/proc/no/such/folder/journal.sqlite3", "on the kernel's proc filesystem"),
    ("/sys/journal.sqlite3", "on the kernel's sysfs filesystem"),
    ("/dev/journal.sqlite3", "on the kernel's devtmpfs filesystem"),
])
def test_system_paths_are_refused(tmp_path: Path, store: str, problem: str) -> None:
    if filesystem_type(Path(store).parent) is None and store != "/dev/null":
        pytest.skip("no kernel mount table here")
    assert problem in refused(tmp_path, store)


@pytest.mark.parametrize(("make", "store", "problem"), [
    (lambda t: (t / "loop").symlink_to(t / "loop"), "loop", "a symbolic link on the way loops"),
    (lambda t: (t / "loop").symlink_to(t / "loop"), "loop/journal.sqlite3",
     "a symbolic link on the way loops"),
    (lambda t: (t / "link").symlink_to(t / "nowhere" / "j.sqlite3"), "link",
     "is a link to"),
    (lambda t: (t / "gone").symlink_to(t / "nowhere"), "gone/journal.sqlite3",
     "which does not exist, so the journal's folder cannot be made"),
    (lambda t: os.mkfifo(t / "fifo"), "fifo", "is a FIFO (named pipe), not a file that can"),
    (lambda t: (t / "folder").mkdir(), "folder", "is a folder; name the journal file"),
    (lambda t: (t / "notes.txt").write_text("shopping: milk\n"), "notes.txt",
     "is an existing file that is not a journal (it begins b'shopping: milk\\n')"),
    (lambda t: (t / "game-1.jsonl").write_text('{"type":"GameStarted","v":1}\n'),
     "game-1.jsonl", "is an existing file that is not a journal"),
    (lambda t: (t / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8),
     "photo.png", "is an existing file that is not a journal"),
])
def test_paths_that_cannot_hold_a_game_are_refused(
        tmp_path: Path, make: Callable[[Path], None], store: str, problem: str) -> None:
    make(tmp_path)
    assert problem in refused(tmp_path, store)


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "photos.db") as db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
    assert refused(tmp_path, "photos.db") == (
        f"{str(tmp_path / 'photos.db')!r} is another program's database (tables: photos), "
        "not a journal; name a new file")


def test_the_config_file_itself_is_never_taken_for_a_journal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The typo that once renamed the config away and put a database in its place."""
    config = config_with(tmp_path, "config.toml")
    before = config.read_bytes()
    assert main(["check-config", str(config)]) == 2
    assert "is an existing file that is not a journal" in capsys.readouterr().err
    assert main(["new-game", "--config", str(config)]) == 2
    assert config.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]


def test_a_user_that_does_not_exist_is_named(tmp_path: Path) -> None:
    assert refused(tmp_path, "~nosuchuser/journal.sqlite3") == (
        "'~nosuchuser/journal.sqlite3' starts with ~nosuchuser, but there is no user "
        "'nosuchuser' (or no home folder) on this machine")


def test_a_folder_of_someone_else_is_refused(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write anywhere; the read-only mount below is the root's case")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    try:
        assert "the journal cannot be made in" in refused(tmp_path, "locked/j.sqlite3")
    finally:
        locked.chmod(0o755)


def test_a_read_only_card_refuses_a_new_journal_but_keeps_an_existing_one(
        tmp_path: Path) -> None:
    card = tmp_path / "card"
    card.mkdir()
    journal_at(card / "old.sqlite3")
    made = subprocess.run(["mount", "--bind", "-o", "ro", str(card), str(card)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot bind-mount read-only here: {made.stderr.decode().strip()}")
    try:
        assert refused(tmp_path, "card/new.sqlite3") == (
            f"the journal cannot be made in {str(card)!r}: the card is read-only")
        # the game on it can still be played in memory (the journal says so on screen)
        assert load_config(config_with(tmp_path, "card/old.sqlite3")).store.path == \
            card / "old.sqlite3"
    finally:
        subprocess.run(["umount", str(card)], check=False)


# --- accepted -------------------------------------------------------------------------


def test_paths_that_can_hold_a_game_are_accepted(tmp_path: Path) -> None:
    journal_at(tmp_path / "journal.sqlite3")
    (tmp_path / "empty.sqlite3").touch()
    (tmp_path / "link.sqlite3").symlink_to(tmp_path / "journal.sqlite3")
    damaged = tmp_path / "damaged.sqlite3"  # a journal whose header a bit flip broke
    data = bytearray(journal_at(tmp_path / "d.sqlite3").read_bytes())
    data[:16] = bytes(16)
    damaged.write_bytes(bytes(data))
    for store in ("journal.sqlite3", "empty.sqlite3", "link.sqlite3", "damaged.sqlite3",
                  "new/folders/journal.sqlite3", str(tmp_path / "abs.sqlite3")):
        assert store_problem(tmp_path / store) is None, store
        config = load_config(config_with(tmp_path, store))
        assert config.store.path == tmp_path / store


# --- hostile config files: a message, never a traceback -----------------------------------


def check_config(path: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.app.cli", "check-config", str(path)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})


HOSTILE_CONFIGS = {
    "5,000-digit number": ("[display]\nfps = " + "9" * 5000 + "\n",
                           "syntax: line 2: a number of more than 40 digits"),
    "100,000 nested brackets": ("[display]\nsize = " + "[" * 100_000 + "]" * 100_000 + "\n",
                                "syntax: line 2: brackets nested more than 16 deep"),
    "200,000 dotted parts": ("a" + ".a" * 200_000 + " = 1\n",
                             "syntax: line 1: a key of more than 16 dotted parts"),
    "a FIFO": (None, "file: is a FIFO (named pipe), not a regular file"),
    "a link to /dev/zero": (None, "file: is a device, not a regular file"),
    "200,000 unknown keys": ("".join(f"k{i} = 1\n" for i in range(200_000)),
                             "file: is 2,288,890 bytes; at most 1,048,576 are read"),
    "not UTF-8": ("[game]\nplayers = ['\xff']\n", "file: is not UTF-8 text"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", HOSTILE_CONFIGS, ids=list(HOSTILE_CONFIGS))
def test_check_config_names_a_hostile_file_without_a_traceback(tmp_path: Path,
                                                              case: str) -> None:
    text, problem = HOSTILE_CONFIGS[case]
    path = tmp_path / "config.toml"
    if case == "a FIFO":
        os.mkfifo(path)
    elif case == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif case == "not UTF-8":
        path.write_bytes(text.encode("latin-1"))  # type: ignore[union-attr]
    else:
        path.write_text(text or "", encoding="utf-8")
    done = check_config(path, timeout=30)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{path}: {problem}"), done.stderr[:300]
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_many_unknown_keys_are_listed_in_one_pass(tmp_path: Path) -> None:
    """Linear: every unknown key is found in one pass over the table, not one parse per
    key; 80,000 of them (just under the size bound) take about as long as reading them."""
    path = tmp_path / "config.toml"
    path.write_text("".join(f"k{i} = 1\n" for i in range(80_000)), encoding="utf-8")
    calls = []
    import companion.config.file as config_module

    real = config_module.known_keys

    def counting(*args: object) -> None:
        calls.append(1)
        real(*args)  # type: ignore[arg-type]

    config_module.known_keys = counting  # type: ignore[assignment]
    try:
        with pytest.raises(ConfigError) as caught:
            load_config(path)
    finally:
        config_module.known_keys = real
    lines = str(caught.value).splitlines()
    assert len(lines) == 51 and lines[-1].endswith("... and 79,950 more problems of the same file")
    assert lines[0] == f"{path}: k0: unknown key; allowed: game, table, pads, voice, display, " \
                       "store, log, web"
    assert len(calls) < 40, "unknown keys are found in one pass, not one parse each"


@pytest.mark.slow
def test_check_config_on_the_biggest_file_it_reads_finishes_promptly(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("".join(f"k{i} = 1\n" for i in range(80_000)), encoding="utf-8")
    started = time.monotonic()
    done = check_config(path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 51
    print(f"check-config on 80,000 unknown keys: {time.monotonic() - started:.1f} s")


HOSTILE_FILES: dict[str, Callable[[Path], None]] = {
    "a FIFO": lambda p: os.mkfifo(p),
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a looping link": lambda p: p.symlink_to(p),
    "a folder": lambda p: p.mkdir(),
    "deep nesting": lambda p: p.write_text("x = " + "[" * 5000 + "]" * 5000),
    "a huge integer": lambda p: p.write_text("[display]\nfps = " + "7" * 4400),
    "a huge float": lambda p: p.write_text("[voice]\nvolume = 1e99999"),
    "many dotted parts": lambda p: p.write_text("a" + ".a" * 5000 + " = 1"),
    "~nosuchuser": lambda p: p.write_text('[store]\npath = "~nosuchuser/j.sqlite3"\n'),
    "/dev/null as the store": lambda p: p.write_text('[store]\npath = "/dev/null"\n'),
    "a hostile name": lambda p: p.write_text('[game]\nplayers = ["\\u0000", "\\u200b"]\n'),
}


@pytest.mark.parametrize("command", ["check-config", "state", "export", "new-game"])
@pytest.mark.parametrize("case", HOSTILE_FILES, ids=list(HOSTILE_FILES))
def test_no_command_prints_a_traceback_for_a_hostile_config(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, case: str) -> None:
    import threading

    path = tmp_path / "config.toml"
    HOSTILE_FILES[case](path)
    argv = [command, str(path)] if command == "check-config" else [
        command, "--config", str(path), *(["--out", str(tmp_path / "out")]
                                          if command == "export" else [])]
    codes: list[int] = []
    thread = threading.Thread(target=lambda: codes.append(main(argv)), daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), f"{command} blocked on {case}"
    captured = capsys.readouterr()
    assert codes == [2], captured.err
    assert captured.err.strip().splitlines()[-1].startswith(
        (f"{path}: ", f"mush-companion: {path}: "))
    assert "Traceback" not in captured.err
    assert not (tmp_path / "journal.sqlite3").exists()
