"""`make faults`: inject every kind of journal and start-up fault, and count what survived.

The journal's files, names and card (`faults_journal.py`), the pad hub (`faults_hub.py`)
and the whole table's backups, hostile restores and lost `-wal` files
(`faults_backup.py`) have their own modules, run after the classes below.

Each fault is injected into a real SQLite journal written by a real bot game (or into a
real `mush-companion run` process), then the journal is opened as the companion opens it.
A fault is survived when opening raises nothing, the game in the file replays, a damaged
file was kept aside (and only then), and a healthy journal was never renamed. "Events
lost" is how many of the game's public events the reopened journal no longer holds.
"Tracebacks" counts exceptions that escaped, and must be 0.

    python -m benchmarks.faults [--rounds N]
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import companion.store.durable as durable_module
from benchmarks.fault_kit import Row, heard, public, recorded, running
from companion.games.mush import Settings
from companion.games.mush.events import Event
from companion.store import Journal

PAGE = 4096


def write(path: Path, settings: Settings, batches: list[list[Event]], upto: int | None = None,
          close: bool = True) -> Journal | None:
    journal = Journal(path)
    game_id = journal.new_game(settings)
    for batch in batches[:upto]:
        journal.append(game_id, batch)
    if close:
        journal.close()
        return None
    return journal


def crash_copy(path: Path, into: Path) -> Path:
    into.mkdir()
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (path.name + suffix))
    return into / path.name


def reopen(path: Path, total: int, expect_damage: bool | None) -> tuple[bool, int]:
    """Open as the companion does; (survived, events lost)."""
    with Journal(path) as journal:
        record = journal.current_game() or journal.latest_game()
        kept = len(journal.load(record.id)) if record is not None else 0
        if record is not None:
            journal.replay(record.id)
        recovered = journal.recovery is not None
    kept_aside = any(".damaged-" in p.name for p in path.parent.iterdir())
    ok = kept_aside == recovered and (expect_damage is None or recovered == expect_damage)
    return ok, total - kept


def flip(data: bytearray, where: int, value: int | None = None) -> None:
    data[where] = value if value is not None else data[where] ^ (1 << random.randrange(8))


# --- the faults ------------------------------------------------------------------------


def f_json_flip(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 20) if data[i:i + 7] == b'"type":']
    data[rng.choice(spots) + 8] ^= 0x01  # a letter of an event type
    path.write_bytes(bytes(data))
    return path, None


def f_not_utf8(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 20) if data[i:i + 7] == b'"type":']
    flip(data, rng.choice(spots) + 9, 0xFF)
    path.write_bytes(bytes(data))
    return path, None


def f_impossible_seat(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 10) if data[i:i + 8] == b'"seat":1']
    where = rng.choice(spots)
    data[where + 7] = ord("9")
    path.write_bytes(bytes(data))
    return path, None


def f_truncated(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    size = path.stat().st_size
    os.truncate(path, size - rng.randrange(1, 6) * PAGE - rng.randrange(PAGE))
    return path, True


def f_zero_page(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    data = bytearray(path.read_bytes())
    page = rng.randrange(1, len(data) // PAGE)
    data[page * PAGE:(page + 1) * PAGE] = bytes(PAGE)
    path.write_bytes(bytes(data))
    return path, None


def f_random_bytes(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    path = work / "journal.sqlite3"
    data = bytearray(path.read_bytes())
    for _ in range(rng.randrange(1, 4)):
        flip(data, rng.randrange(100, len(data)))
    path.write_bytes(bytes(data))
    return path, None


def _wal_case(work: Path, damage: Callable[[bytearray, int, random.Random], None],
              rng: random.Random) -> tuple[Path, bool | None]:
    live = work / "live" / "journal.sqlite3"
    shutil.move(work / "journal.sqlite3", work / "unused.sqlite3")
    settings, batches = GAME
    journal = write(live, settings, batches, close=False)
    cut = crash_copy(live, work / "cut")
    assert journal is not None
    journal.close()
    wal = cut.with_name(cut.name + "-wal")
    data = bytearray(wal.read_bytes())
    page = struct.unpack(">I", data[8:12])[0]
    damage(data, page, rng)
    wal.write_bytes(bytes(data))
    return cut, None


def f_bad_wal_frame(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    def damage(data: bytearray, page: int, rng: random.Random) -> None:
        frames = (len(data) - 32) // (24 + page)
        frame = rng.randrange(frames // 4, frames - 1)
        data[32 + frame * (24 + page) + 24 + rng.randrange(page)] ^= 0x10
    return _wal_case(work, damage, rng)


def f_torn_wal(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    def damage(data: bytearray, page: int, rng: random.Random) -> None:
        del data[len(data) - rng.randrange(1, page):]
    return _wal_case(work, damage, rng)


def f_full_card(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    """The card fills up mid-game (injected at the connection) and frees up later."""
    path = work / "journal.sqlite3"
    path.unlink()
    settings, batches = GAME
    cut_at = rng.randrange(5, len(batches) - 20)
    journal = write(path, settings, batches, upto=cut_at, close=False)
    assert journal is not None
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = 13  # type: ignore[attr-defined]
    real_tx, real_connect = Journal._transaction, durable_module._connect

    def refusing(self: Journal) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        if self.degraded is None:
            raise error
        return real_tx(self)

    def failing(p: Path) -> sqlite3.Connection:
        raise error

    Journal._transaction = refusing  # type: ignore[method-assign,assignment]
    durable_module._connect = failing
    try:
        game = journal.current_game()
        assert game is not None
        for batch in batches[cut_at:cut_at + 10]:
            journal.append(game.id, batch)
        assert journal.degraded is not None
    finally:
        Journal._transaction = real_tx  # type: ignore[method-assign]
        durable_module._connect = real_connect
    for batch in batches[cut_at + 10:]:
        journal.append(game.id, batch)
    journal.close()
    return path, False


def f_read_only(work: Path, rng: random.Random) -> tuple[Path, bool | None]:
    """A real read-only bind mount of the card's folder (needs root)."""
    mount = work / "ro"
    mount.mkdir()
    done = subprocess.run(["mount", "--bind", "-o", "ro", str(work), str(mount)],
                          capture_output=True, check=False)
    if done.returncode:
        raise Skip("cannot bind-mount read-only here")
    MOUNTS.append(mount)
    return mount / "journal.sqlite3", False


class Skip(Exception):
    """This machine cannot inject that fault."""


MOUNTS: list[Path] = []
GAME: tuple[Settings, list[list[Event]]]

FAULTS: dict[str, Callable[[Path, random.Random], tuple[Path, bool | None]]] = {
    "event type bit flip": f_json_flip,
    "byte not UTF-8": f_not_utf8,
    "impossible seat 9": f_impossible_seat,
    "main file truncated": f_truncated,
    "page zeroed": f_zero_page,
    "random bit flips": f_random_bytes,
    "bad WAL frame": f_bad_wal_frame,
    "torn WAL tail": f_torn_wal,
    "card full mid-game": f_full_card,
    "card read-only": f_read_only,
}


def journal_faults(rounds: int, table: list[Row]) -> None:
    global GAME
    GAME = recorded(7)
    settings, batches = GAME
    total = public(batches)
    rng = random.Random(2024)
    for kind, inject in FAULTS.items():
        row = Row(kind)
        for _ in range(rounds):
            with tempfile.TemporaryDirectory() as tmp:
                work = Path(tmp)
                write(work / "journal.sqlite3", settings, batches)
                try:
                    target, expect = inject(work, rng)
                except Skip:
                    break
                row.injected += 1
                try:
                    ok, lost = reopen(target, total, expect)
                    row.survived += ok
                    row.lost += lost
                except Exception:
                    row.tracebacks += 1
                    traceback.print_exc()
                finally:
                    while MOUNTS:
                        subprocess.run(["umount", str(MOUNTS.pop())], check=False)
        table.append(row)


# --- a real `mush-companion run` -------------------------------------------------------


def process_faults(table: list[Row]) -> None:
    settings, batches = GAME
    cases = ("damaged journal", "config mistake", "second run on the journal")
    for kind in cases:
        row = Row(f"run: {kind}")
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            journal = work / "journal.sqlite3"
            write(journal, settings, batches[:-5])  # a game in progress
            good = f'[store]\npath = "{journal}"\n[display]\nfullscreen = false\n'
            config = work / "config.toml"
            config.write_text(good)
            if kind == "damaged journal":
                f_not_utf8(work, random.Random(5))
            if kind == "config mistake":
                config.write_text(good + '[voice]\nlanguage = "klingon"\n')
            row.injected = 1
            with running(config, work) as (process, server):
                if kind == "damaged journal":
                    ok = heard(server, "Table ready", 60)
                elif kind == "config mistake":
                    ok = heard(server, "STATUS=Waiting", 60) and process.poll() is None
                    config.write_text(good)
                    ok = ok and heard(server, "Table ready", 60)
                else:
                    ok = heard(server, "Table ready", 60)
                    with running(config, work) as (second, _):
                        ok = ok and second.wait(timeout=60) == 78
                        assert second.stderr is not None
                        row.tracebacks += second.stderr.read().count("Traceback")
                with Journal(journal, recover=False) as reader:
                    record = reader.current_game() or reader.latest_game()
                    kept = len(reader.load(record.id)) if record else 0
                row.lost = max(0, public(batches[:-5]) - kept) if kind == "damaged journal" \
                    else 0
                process.send_signal(signal.SIGTERM)
                ok = ok and process.wait(timeout=20) == 0
                assert process.stderr is not None
                row.tracebacks += process.stderr.read().count("Traceback")
            row.survived = int(ok)
        table.append(row)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="injections per journal fault")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)  # the journal's warnings are expected here
    table: list[Row] = []
    started = time.perf_counter()
    journal_faults(args.rounds, table)
    process_faults(table)
    from benchmarks.faults_backup import backup_faults  # whole-table backups, lost -wal
    from benchmarks.faults_files import file_faults  # settings, config, names, store paths
    from benchmarks.faults_hub import hub_faults
    from benchmarks.faults_journal import journal_file_faults

    file_faults(table, args.rounds)
    journal_file_faults(args.rounds, table)
    hub_faults(table)
    backup_faults(args.rounds, table)
    width = max(len(r.kind) for r in table)
    print(f"{'fault':<{width}}  injected  survived  events lost  lost/fault  tracebacks")
    for r in table:
        mean = r.lost / r.injected if r.injected else 0.0
        print(f"{r.kind:<{width}}  {r.injected:>8}  {r.survived:>8}  {r.lost:>11}  "
              f"{mean:>10.0f}  {r.tracebacks:>10}")
    total = Row("total", *(sum(getattr(r, f) for r in table)
                           for f in ("injected", "survived", "lost", "tracebacks")))
    print(f"{total.kind:<{width}}  {total.injected:>8}  {total.survived:>8}  "
          f"{total.lost:>11}  {'':>10}  {total.tracebacks:>10}")
    print(f"({time.perf_counter() - started:.0f} s; a game of {public(GAME[1])} public events "
          "per journal fault)")
    return 0 if total.tracebacks == 0 and total.survived == total.injected else 1


if __name__ == "__main__":
    sys.exit(main())
