"""`make faults`, the journal's files, names and card: what a file, a name or a card does.

Run from `benchmarks/faults.py` beside the older classes. Each class writes a real bot
game into a real SQLite file (or starts a real `mush-companion run`, `state`, `export`)
and injects one fault: a journal a newer companion wrote, one flipped bit in the header's
format, in a `batch` number or anywhere at all, impossible wooden-dice results, a file
that is not a journal at the journal's path, a journal with two names, a full card.
"Survived" means the companion did the right thing without a traceback (opened and
replayed; or refused, leaving the file byte for byte); "events lost" counts events the
journal no longer gives back, where their bytes still exist.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks.fault_kit import Row, heard, public, recorded, running
from companion.games.mush.events import Event
from companion.games.mush.settings import Settings
from companion.store import IncompatibleJournalError, Journal, JournalError, NotAJournalError
from companion.store.control import JournalBusyError, JournalLock
from companion.store.integrity import row_crc
from companion.store.journal import VOCABULARY_ID

Game = tuple[Settings, list[list[Event]]]
CLI = [sys.executable, "-m", "companion.app.cli"]


def _clock() -> Callable[[], datetime]:
    """One second on per call: every command gets its own `time`, as when played live."""
    state = {"t": datetime(2025, 3, 1, tzinfo=UTC)}

    def now() -> datetime:
        state["t"] += timedelta(seconds=1)
        return state["t"]
    return now


def _write(path: Path, game: Game, upto: int | None = None) -> None:
    settings, batches = game
    with Journal(path, clock=_clock()) as journal:
        game_id = journal.new_game(settings)
        for batch in batches[:upto]:
            journal.append(game_id, batch)


def _digest(path: Path) -> str:
    h = hashlib.sha256(path.read_bytes())
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        h.update(wal.read_bytes())
    return h.hexdigest()


def _kept(path: Path) -> int:
    """Events of the newest game the journal gives back, opened as the companion does."""
    with Journal(path) as journal:
        record = journal.current_game() or journal.latest_game()
        if record is None:
            return 0
        events = journal.load(record.id)
        journal.replay(record.id)
        return len(events)


def _flip(path: Path, offset: int, bit: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 1 << bit
    path.write_bytes(bytes(data))


def as_newer(path: Path, settings: Settings, finished: bool, version: int = 3) -> None:
    """What a newer companion (format `version`) leaves, by docs/journal-format.md: its
    format in the header and in `journal_format`, its own vocabulary, a column of its
    own, and a newest game in event format 2."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute("UPDATE journal_format SET format = ?", (version,))
    conn.execute(f"PRAGMA application_id = {VOCABULARY_ID ^ 0x5A5A5A}")
    conn.execute("ALTER TABLE games ADD COLUMN board_photo BLOB")
    stamp = "2030-01-01T19:00:00.000+00:00"
    for (older,) in conn.execute("SELECT id FROM games WHERE finished IS NULL").fetchall():
        created, text = conn.execute("SELECT created, settings FROM games WHERE id = ?",
                                     (older,)).fetchone()
        conn.execute("UPDATE games SET finished = ?, crc = ? WHERE id = ?",
                     (stamp, row_crc("games", [older, created, text, stamp, None]), older))
    text = json.dumps({"v": 2, "settings": {"names": list(settings.names)}})
    ending = stamp if finished else None
    game_id = conn.execute("INSERT INTO games (created, settings, finished) VALUES (?, ?, ?)",
                           (stamp, text, ending)).lastrowid
    conn.execute("UPDATE games SET crc = ? WHERE id = ?",
                 (row_crc("games", [game_id, stamp, text, ending, None]), game_id))
    body = '{"clock":"fast","type":"GameStarted","v":2}'
    values = [game_id, 1, 1, body, stamp]
    conn.execute("INSERT INTO events (game_id, seq, batch, event, time, crc) "
                 "VALUES (?,?,?,?,?,?)", (*values, row_crc("events", values)))
    conn.close()


# --- in-process classes ----------------------------------------------------------------


def _case(row: Row, attempt: Callable[[], tuple[bool, int]]) -> None:
    row.injected += 1
    try:
        ok, lost = attempt()
        row.survived += ok
        row.lost += lost
    except Exception:
        row.tracebacks += 1
        traceback.print_exc()


def newer_journal(game: Game, rounds: int, table: list[Row]) -> None:
    total = public(game[1])
    for finished in (False, True):
        row = Row(f"newer companion's journal ({'finished' if finished else 'in progress'})")
        for _ in range(rounds):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "journal.sqlite3"
                _write(path, game)
                as_newer(path, game[0], finished)
                before = _digest(path)

                def attempt(path: Path = path, before: str = before) -> tuple[bool, int]:
                    try:
                        Journal(path)
                        refused = False
                    except IncompatibleJournalError as exc:
                        refused = "newer companion (format 3)" in str(exc)
                    with Journal(path, recover=False) as reader:  # the older game exports
                        older = [g.id for g in reader.readable_games()]
                        exported = len(reader.load(older[0])) if older else 0
                    untouched = _digest(path) == before and \
                        [p.name for p in path.parent.iterdir()] == [path.name]
                    return refused and untouched and older == [1], total - exported
                _case(row, attempt)
        table.append(row)


def header_flips(game: Game, table: list[Row]) -> None:
    """Every one of the 32 bits of `user_version`, one at a time."""
    row = Row("format number bit flip (all 32 bits)")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source.sqlite3"
        _write(source, game, upto=len(game[1]) * 2 // 3)
        total = public(game[1][: len(game[1]) * 2 // 3])
        for bit in range(32):
            folder = Path(tmp) / f"bit{bit}"
            folder.mkdir()
            path = folder / "journal.sqlite3"
            shutil.copyfile(source, path)
            _flip(path, 60 + 3 - bit // 8, bit % 8)

            def attempt(path: Path = path) -> tuple[bool, int]:
                try:
                    kept = _kept(path)
                except IncompatibleJournalError:
                    return False, total  # "update the companion" for ever: nothing played
                return True, total - kept
            _case(row, attempt)
    table.append(row)


def _batch_spots(path: Path) -> list[int]:
    """Offsets of the low byte of `batch` in rows that are not the first of their command."""
    conn = sqlite3.connect(str(path))
    rows = conn.execute("SELECT seq, batch, event, time FROM events ORDER BY seq").fetchall()
    conn.close()
    data = path.read_bytes()
    spots = []
    for (_, before, _, _), (_, batch, text, time_) in itertools.pairwise(rows):
        if batch == before and batch > 1:
            needle = (text + time_).encode()
            if data.count(needle) == 1:
                spots.append(data.find(needle) - 1)
    return spots


def batch_flips(game: Game, rounds: int, rng: random.Random, table: list[Row],
                legacy: bool) -> None:
    """One bit of a `batch` number, in the middle of a command of several events."""
    row = Row("batch bit flip (format 1, no checksum)" if legacy else "batch bit flip")
    total = public(game[1])
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "journal.sqlite3"
            _write(path, game, upto=len(game[1]) - 3)  # a game in progress
            total = public(game[1][:-3])
            if legacy:
                conn = sqlite3.connect(str(path), isolation_level=None)
                for t in ("games", "events", "undos"):
                    conn.execute(f"UPDATE {t} SET crc = NULL")
                conn.close()
            spots = _batch_spots(path)
            _flip(path, rng.choice(spots), rng.randrange(2))

            def attempt(path: Path = path, total: int = total) -> tuple[bool, int]:
                kept = _kept(path)
                return kept == total or legacy, total - kept
            _case(row, attempt)
    table.append(row)


def random_bit(game: Game, rounds: int, rng: random.Random, table: list[Row]) -> None:
    """One bit anywhere in the file (header, b-tree pages, rows, free space)."""
    row = Row("one random bit anywhere")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "source.sqlite3"
        _write(source, game, upto=len(game[1]) - 3)
        total = public(game[1][:-3])
        size = source.stat().st_size
        for i in range(rounds):
            folder = Path(tmp) / f"r{i}"
            folder.mkdir()
            path = folder / "journal.sqlite3"
            shutil.copyfile(source, path)
            _flip(path, rng.randrange(size), rng.randrange(8))

            def attempt(path: Path = path) -> tuple[bool, int]:
                try:
                    kept = _kept(path)
                except IncompatibleJournalError:
                    return False, total
                return True, total - kept
            _case(row, attempt)
    table.append(row)


def impossible_dice(game: Game, rounds: int, rng: random.Random, table: list[Row]) -> None:
    """Wooden-dice results no die gives (face 7, -3 dogs), written with a sound checksum:
    the game is cut before them (what follows was built on a roll that cannot be)."""
    row = Row("impossible dice (face 7, -3 dogs)")
    for i in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "journal.sqlite3"
            _write(path, game, upto=len(game[1]) - 3)
            conn = sqlite3.connect(str(path), isolation_level=None)
            rows = conn.execute("SELECT id, game_id, seq, batch, event, time FROM events "
                                "WHERE event LIKE '%DogDiceRolled%' AND event LIKE "
                                "'%\"dogs\":%' ORDER BY seq").fetchall()
            rowid, g, q, b, text, time_ = rng.choice(rows[len(rows) // 2:])
            data = json.loads(text)
            if i % 2:
                data["dogs"] = -3
            else:
                data["faces"] = [7, *data["faces"][1:]] if data["faces"] else [7]
            text = json.dumps(data, sort_keys=True, separators=(",", ":"))
            conn.execute("UPDATE events SET event = ?, crc = ? WHERE id = ?",
                         (text, row_crc("events", [g, q, b, text, time_]), rowid))
            conn.close()
            total = public(game[1][:-3])

            def attempt(path: Path = path, q: int = q, total: int = total) -> tuple[bool, int]:
                kept = _kept(path)
                return kept < q, total - kept  # cut before the roll that cannot be
            _case(row, attempt)
    table.append(row)


def not_a_journal(table: list[Row]) -> None:
    """Things at the journal's path that are not a journal: refused, left as they are."""
    row = Row("not a journal at the store path")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        config = folder / "config.toml"
        config.write_text(f'[store]\npath = "{config}"\n[game]\nplayers = ["Ann", "Bea"]\n')
        noise = folder / "noise.sqlite3"
        noise.write_bytes(random.Random(3).randbytes(12288))
        other = folder / "notes.db"
        conn = sqlite3.connect(str(other), isolation_level=None)
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.close()
        fifo = folder / "fifo.sqlite3"
        os.mkfifo(fifo)
        directory = folder / "dir.sqlite3"
        directory.mkdir()
        for path in (config, noise, other, fifo, directory, Path("/dev/null")):
            def attempt(path: Path = path) -> tuple[bool, int]:
                regular = path.is_file()
                before = _digest(path) if regular else ""
                started = time.monotonic()
                try:
                    Journal(path).close()
                    return False, 0
                except (NotAJournalError, JournalError):
                    pass
                quick = time.monotonic() - started < 5
                left = (_digest(path) == before) if regular else path.exists()
                renamed = any(".damaged-" in p.name for p in folder.iterdir())
                return quick and left and not renamed, 0
            _case(row, attempt)
    table.append(row)


def two_names(game: Game, table: list[Row]) -> None:
    """A symlink and a hard link to the journal: one lock for all names; a file with two
    names refused (each name could keep its own -wal)."""
    row = Row("journal reached by a symlink or a hard link")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "journal.sqlite3"
        _write(path, game, upto=20)
        symlink = Path(tmp) / "link.sqlite3"
        symlink.symlink_to(path)
        hard = Path(tmp) / "hard.sqlite3"
        os.link(path, hard)
        for name in (symlink, hard):
            def attempt(name: Path = name) -> tuple[bool, int]:
                with JournalLock(path):
                    try:
                        JournalLock(name).acquire()
                        return False, 0
                    except JournalBusyError:
                        pass
                try:
                    Journal(hard).close()
                    return False, 0
                except JournalError as exc:
                    return "2 names" in str(exc), 0
            _case(row, attempt)
    table.append(row)


# --- real processes --------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120,
                          env=env, check=False)


def process_faults(game: Game, table: list[Row]) -> None:
    total = public(game[1])
    for kind in ("newer journal (in progress)", "newer journal (finished)",
                 "config file named as the journal", "second table on a symlink",
                 "second table on a hard link"):
        row = Row(f"run: {kind}")
        row.injected = 1
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            journal = work / "journal.sqlite3"
            _write(journal, game)
            if kind.startswith("newer"):
                as_newer(journal, game[0], finished="finished" in kind)
            if kind.startswith("config"):
                journal = work / "config.toml"
            config = work / "config.toml"
            good = f'[store]\npath = "{journal}"\n[display]\nfullscreen = false\n'
            config.write_text(good)
            before = _digest(journal)
            try:
                with running(config, work) as (process, server):
                    if kind.startswith("second"):
                        ok = heard(server, "Table ready", 60)
                        other = work / "other.sqlite3"
                        if "symlink" in kind:
                            other.symlink_to(journal)
                        else:
                            os.link(journal, other)
                        second_config = work / "second.toml"
                        second_config.write_text(good.replace(str(journal), str(other)))
                        with running(second_config, work) as (second, _):
                            ok = ok and second.wait(timeout=60) == 78
                            assert second.stderr is not None
                            row.tracebacks += second.stderr.read().count("Traceback")
                    else:
                        ok = heard(server, "STATUS=Waiting", 60)
                        time.sleep(2)
                        ok = ok and process.poll() is None  # waiting, not restarting
                    process.send_signal(15)
                    ok = ok and process.wait(timeout=20) == 0
                    assert process.stderr is not None
                    row.tracebacks += process.stderr.read().count("Traceback")
                if not kind.startswith("second"):
                    ok = ok and _digest(journal) == before
                if kind.startswith("newer"):
                    out = work / "out"
                    refused = _cli("export", "--journal", str(journal), "--out", str(out))
                    older = _cli("export", "--journal", str(journal), "--out", str(out),
                                 "--game", "1")
                    row.tracebacks += refused.stderr.count("Traceback") + \
                        older.stderr.count("Traceback")
                    ok = ok and refused.returncode == 1 and older.returncode == 0
                    exported = (out / "game-1.jsonl").read_text().count("\n") \
                        if (out / "game-1.jsonl").exists() else 0
                    row.lost = total - exported
                row.survived = int(ok)
            except Exception:
                row.tracebacks += 1
                traceback.print_exc()
        table.append(row)


def full_card(game: Game, table: list[Row]) -> None:
    """A real tiny tmpfs filled up: `state`, `export` and `run` say the card is full, and
    `export` leaves no truncated file (needs root to mount)."""
    row = Row("full card: state, export, run")
    with tempfile.TemporaryDirectory() as tmp:
        mount = Path(tmp) / "card"
        mount.mkdir()
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                              capture_output=True, check=False)
        if made.returncode:
            table.append(row)
            return
        try:
            journal = mount / "journal.sqlite3"
            _write(journal, game, upto=len(game[1]) // 2)
            out = mount / "out"
            out.mkdir()
            stats = os.statvfs(mount)
            with open(mount / "ballast", "wb") as stream, contextlib.suppress(OSError):
                stream.write(bytes(max(0, stats.f_bavail * stats.f_frsize - 4096)))
            row.injected = 3
            state = _cli("state", "--journal", str(journal))
            export = _cli("export", "--journal", str(journal), "--out", str(out))
            row.tracebacks += state.stderr.count("Traceback") + export.stderr.count("Traceback")
            row.survived += state.returncode == 0 and "damaged" not in state.stderr
            row.survived += export.returncode == 1 and "the card is full" in export.stderr \
                and not list(out.iterdir())
            config = Path(tmp) / "config.toml"
            config.write_text(f'[store]\npath = "{journal}"\n[display]\nfullscreen = false\n')
            (mount / "ballast").unlink()
            with open(mount / "ballast", "wb") as stream, contextlib.suppress(OSError):
                stream.write(bytes(os.statvfs(mount).f_bavail * stats.f_frsize))
            with running(config, Path(tmp)) as (process, server):
                ok = heard(server, "not saved: the card is full", 60)
                process.send_signal(15)
                ok = ok and process.wait(timeout=20) == 0
                assert process.stderr is not None
                log = process.stderr.read()
                row.tracebacks += log.count("Traceback")
                row.survived += ok and "failed" not in log
        except Exception:
            row.tracebacks += 1
            traceback.print_exc()
        finally:
            subprocess.run(["umount", str(mount)], check=False)
    table.append(row)


def journal_file_faults(rounds: int, table: list[Row]) -> None:
    """Every class above, in-process ones `rounds` times each."""
    settings, batches = recorded(11)
    game: Game = (settings, batches[: len(batches) // 2])  # half a game: quick to write
    rng = random.Random(2121)
    newer_journal(game, max(1, rounds // 4), table)
    header_flips(game, table)
    batch_flips(game, rounds, rng, table, legacy=False)
    batch_flips(game, rounds, rng, table, legacy=True)
    random_bit(game, rounds * 4, rng, table)
    impossible_dice(game, rounds, rng, table)
    not_a_journal(table)
    two_names(game, table)
    process_faults(game, table)
    full_card(game, table)
