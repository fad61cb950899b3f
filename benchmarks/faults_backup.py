"""`make faults`, the whole table's backups, hostile restores and lost newest files.

Run from `benchmarks/faults.py` after the older classes. Each class uses real files:
real journals of MUSH and Canoe games (and of a game registered for the run, the
kernel's toy game from the tests), real `tar.gz` backups, real `mush-companion demo`
processes killed with SIGKILL while they play.

- backups of a table with MUSH, Canoe and a registered game: restored into an empty
  folder, every game must come back event for event ("events lost" counts those that
  did not);
- restores of hostile backups (a journal with a trigger, a view, an extra table or
  index, a changed table; members that announce 500 MB; a pax or long-name header):
  survived when refused with a reason, nothing in the table's folder changed, in
  bounded time and memory;
- a killed table (bots pressing 20 times a second) whose `-wal` is then deleted or cut:
  survived when the journal opens, replays, and lost at most the current turn and the
  one that just ended (its checkpoint may still run when the power goes), never a
  round before ("events lost" counts what the -wal alone held);
- journals cut short: survived when recovery counts no more events lost than truly
  are, exactly when it says so, and "at least" whenever it cannot know ("events lost"
  counts those truly gone).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.fault_kit import Row
from companion import games
from companion.games import game as installed_game
from companion.store import Journal
from companion.store import backup as bk
from companion.store import restore as rs
from companion.store.beside import journal_of
from companion.store.control import JournalLock

CLI = [sys.executable, "-m", "companion.app.cli"]
TESTS = Path(__file__).resolve().parents[1] / "tests"


def _case(row: Row, attempt: Callable[[], tuple[bool, int]]) -> None:
    row.injected += 1
    try:
        ok, lost = attempt()
        row.survived += ok
        row.lost += lost
    except Exception:
        row.tracebacks += 1
        traceback.print_exc()


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _events(path: Path, game: str) -> list[str]:
    with Journal(path, game=installed_game(game), recover=False) as book:
        return [repr(r.event) for g in book.games() for r in book.records(g.id)]


# --- the tables ------------------------------------------------------------------------


def _mush(path: Path, seed: int, upto: int | None = None) -> None:
    from benchmarks.fault_kit import recorded

    settings, batches = recorded(seed)
    with Journal(path) as journal:
        game_id = journal.new_game(settings)
        for batch in batches[:upto]:
            journal.append(game_id, batch)


def _canoe_batches(seed: int) -> tuple[Any, list[list[Any]]]:
    from companion.games.canoe.bots import SensibleBot, play_game
    from companion.games.canoe.settings import Settings as CanoeSettings
    from companion.games.mush import SeededDice

    settings = CanoeSettings.make(["Ann", "Bo", "Cy"])
    steps: list[list[Any]] = []
    _, events = play_game(settings, [SensibleBot() for _ in range(3)], SeededDice(seed),
                          random.Random(seed), on_step=lambda s, c, e: steps.append(list(e)))
    return settings, [events[:len(events) - sum(len(s) for s in steps)], *steps]


def _canoe(path: Path, seed: int, upto: int | None = None) -> None:
    settings, batches = _canoe_batches(seed)
    with Journal(path, game=installed_game("canoe")) as journal:
        game_id = journal.new_game(settings)
        for batch in batches[:upto]:
            journal.append(game_id, batch)


def _toy(path: Path, moves: int) -> None:
    from core.toy_game import TOY, Add, Start, ToySettings

    from companion.core import TABLE, ScriptedDice

    settings = ToySettings(("A", "B"))
    state, start = TOY.apply(TOY.initial, Start(TABLE, settings), ScriptedDice([2]))
    with Journal(path, game=TOY) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, start)
        for move in range(moves):
            state, events = TOY.apply(state, Add((1 + move) % 2, 1), ScriptedDice([]))
            journal.append(game_id, events)


def _register_toy() -> None:
    """The kernel's toy game, installed for the run as any new game would be."""
    sys.path.insert(0, str(TESTS))
    from core import toy_game

    toy_game.GAME = toy_game.TOY  # type: ignore[attr-defined]
    games.INSTALLED.setdefault("toy", "core.toy_game")


def whole_table(rounds: int, rng: random.Random, table: list[Row]) -> None:
    row = Row("backup: MUSH + Canoe + a registered game")
    _register_toy()
    for n in range(rounds):
        def attempt(n: int = n) -> tuple[bool, int]:
            with tempfile.TemporaryDirectory() as tmp:
                base = Path(tmp) / "table" / "journal.sqlite3"
                _mush(base, 7, rng.randrange(20, 200))
                _canoe(journal_of(base, "canoe"), 3 + n, rng.randrange(20, 120))
                _toy(journal_of(base, "toy"), rng.randrange(0, 3))
                out = bk.write(bk.take(base), Path(tmp) / "b.tar.gz")
                fresh = Path(tmp) / "fresh" / "journal.sqlite3"
                with JournalLock(fresh):
                    done = rs.put_in_place(rs.read(out, fresh), fresh)
                lost = 0
                for game in ("mush", "canoe", "toy"):
                    before = _events(journal_of(base, game), game)
                    after = _events(journal_of(fresh, game), game) \
                        if journal_of(fresh, game).exists() else []
                    same = sum(1 for a, b in zip(before, after, strict=False) if a == b)
                    lost += len(before) - same
                return set(done.games) == {"mush", "canoe", "toy"} and lost == 0, lost
        _case(row, attempt)
    table.append(row)


# --- hostile restores ------------------------------------------------------------------

HOSTILE = {
    "trigger": "CREATE TRIGGER wipe AFTER INSERT ON events BEGIN "
               "DELETE FROM events WHERE id < NEW.id; END",
    "view": "CREATE VIEW everything AS SELECT * FROM events",
    "extra table": "CREATE TABLE notes (text TEXT)",
    "extra index": "CREATE INDEX by_time ON events (time)",
    "changed table": "ALTER TABLE games ADD COLUMN photo BLOB",
}


def _members(out: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    with tarfile.open(out) as tar:
        files = {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                 for m in tar.getmembers()}
    return json.loads(files.pop("manifest.json")), files


def _packed(out: Path, manifest: dict[str, Any], files: dict[str, bytes]) -> Path:
    with tarfile.open(out, "w:gz", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in [("manifest.json", json.dumps(manifest).encode()), *files.items()]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out


def _refused(base: Path, hostile: Path, words: str, seconds: float = 10.0) -> bool:
    """Refused with `words`, nothing changed in the table's folder, quickly, in memory
    bounded to a few megabytes."""
    before = _digest(base.parent)
    tracemalloc.start()
    started = time.perf_counter()
    try:
        rs.read(hostile, base)
        refused = False
    except bk.BackupError as exc:
        refused = words in str(exc)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return refused and _digest(base.parent) == before and \
        time.perf_counter() - started < seconds and peak < 16 << 20


def hostile_journals(table: list[Row]) -> None:
    row = Row("restore: trigger/view/extra table/index")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "table" / "journal.sqlite3"
        _mush(base, 5, 60)
        _canoe(journal_of(base, "canoe"), 5, 40)
        out = bk.write(bk.take(base), Path(tmp) / "b.tar.gz")
        for game in ("mush", "canoe"):
            for sql in HOSTILE.values():
                def attempt(game: str = game, sql: str = sql) -> tuple[bool, int]:
                    manifest, files = _members(out)
                    member = f"games/{game}.sqlite3"
                    work = Path(tmp) / "work.sqlite3"
                    work.write_bytes(files[member])
                    conn = sqlite3.connect(work, isolation_level=None)
                    conn.execute(sql)
                    conn.close()
                    files[member] = work.read_bytes()
                    work.unlink()
                    entry = manifest["journals"][game]
                    entry["sha256"] = hashlib.sha256(files[member]).hexdigest()
                    entry["bytes"] = len(files[member])
                    hostile = _packed(Path(tmp) / "h.tar.gz", manifest, files)
                    return _refused(base, hostile, "is not one a companion wrote"), 0
                _case(row, attempt)
    table.append(row)


def bombs(table: list[Row]) -> None:
    row = Row("restore: bombs and foreign headers")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "table" / "journal.sqlite3"
        _mush(base, 5, 30)
        manifest = json.dumps({"format": 2, "journals": {}}).encode()
        head = tarfile.TarInfo("manifest.json")
        head.size = len(manifest)
        first = head.tobuf(tarfile.USTAR_FORMAT) + manifest + bytes(-len(manifest) % 512)
        cases: list[tuple[str, Callable[[gzip.GzipFile], None]]] = []

        def huge(packed: gzip.GzipFile) -> None:  # four 500 MB members of zeros
            for game in ("mush", "canoe", "toy", "x"):
                info = tarfile.TarInfo(f"games/{game}.sqlite3")
                info.size = 500 << 20
                packed.write(info.tobuf(tarfile.USTAR_FORMAT))
                for _ in range(20):
                    packed.write(bytes(1 << 20))

        def long_name(packed: gzip.GzipFile) -> None:  # a GNU long name of 500 MB
            info = tarfile.TarInfo("././@LongLink")
            info.type = tarfile.GNUTYPE_LONGNAME
            info.size = 500 << 20
            packed.write(info.tobuf(tarfile.GNU_FORMAT))
            for _ in range(20):
                packed.write(b"a" * (1 << 20))

        def pax(packed: gzip.GzipFile) -> None:  # a pax header of 500 MB
            info = tarfile.TarInfo("PaxHeader")
            info.type = tarfile.XHDTYPE
            info.size = 500 << 20
            packed.write(info.tobuf(tarfile.USTAR_FORMAT))
            for _ in range(20):
                packed.write(b"9 a=b\n" * (1 << 17))

        cases = [("at most", huge), ("long-name header", long_name), ("pax header", pax)]
        for words, write in cases:
            def attempt(words: str = words, write: Callable[[gzip.GzipFile], None] = write
                        ) -> tuple[bool, int]:
                out = Path(tmp) / "bomb.tar.gz"
                with gzip.open(out, "wb", compresslevel=1) as packed:
                    packed.write(first)
                    write(packed)
                return _refused(base, out, words), 0
            _case(row, attempt)
    table.append(row)


# --- a killed table's -wal deleted or cut ----------------------------------------------


def _written(path: Path, game: str) -> tuple[int, int]:
    """(events the journal holds, the number of them up to the turn or round that ended
    before the last one: what a lost -wal may not take, since the checkpoint of the
    last one may still be running when the power goes)."""
    rules = installed_game(game)
    with Journal(path, game=rules, recover=False) as book:
        record = book.current_game() or book.latest_game()
        if record is None:
            return 0, 0
        events = book.load(record.id)
    pauses = [i + 1 for i, e in enumerate(events) if isinstance(e, rules.pauses)]
    return len(events), (pauses[-2] if len(pauses) > 1 else 0)


def _kept(path: Path, game: str) -> int:
    with Journal(path, game=installed_game(game)) as book:  # as the companion opens it
        record = book.current_game() or book.latest_game()
        if record is None:
            return 0
        book.replay(record.id)
        return len(book.load(record.id))


def lost_wal(rounds: int, rng: random.Random, table: list[Row]) -> None:
    rows = {(game, how): Row(f"{game}: -wal {how} after a kill") for game in ("mush", "canoe")
            for how in ("deleted", "cut")}
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for n in range(rounds):
        for game in ("mush", "canoe"):
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "demo"
                # bots at 20 presses a second (a table presses far less often)
                process = subprocess.Popen(
                    [*CLI, "demo", "--game", game, "--seed", str(20 + n), "--out", str(out),
                     "--mute", "--no-screenshots", "--pace", "0.05"], env=env,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(rng.uniform(3.0, 12.0))
                process.send_signal(signal.SIGKILL)
                process.wait()
                name = "journal.sqlite3" if game == "mush" else f"journal-{game}.sqlite3"
                for how in ("deleted", "cut"):
                    copy = Path(tmp) / how
                    copy.mkdir()
                    for suffix in ("", "-wal"):
                        if (out / (name + suffix)).exists():
                            shutil.copyfile(out / (name + suffix), copy / (name + suffix))

                    def attempt(copy: Path = copy, how: str = how, game: str = game,
                                name: str = name) -> tuple[bool, int]:
                        path = copy / name
                        intact = Path(str(copy) + "-intact")
                        shutil.copytree(copy, intact)
                        total, since = _written(intact / name, game)
                        wal = path.with_name(name + "-wal")
                        if how == "deleted":
                            wal.unlink(missing_ok=True)
                        elif wal.exists():
                            os.truncate(wal, rng.randrange(0, wal.stat().st_size + 1))
                        kept = _kept(path, game)
                        return kept >= since and total > 0, total - kept
                    _case(rows[(game, how)], attempt)
    table.extend(rows.values())


# --- journals cut short ----------------------------------------------------------------


def truncations(rounds: int, rng: random.Random, table: list[Row]) -> None:
    for game in ("mush", "canoe"):
        row = Row(f"{game}: truncated, loss counted")
        for _ in range(rounds):
            def attempt(game: str = game) -> tuple[bool, int]:
                with tempfile.TemporaryDirectory() as tmp:
                    base = Path(tmp) / "journal.sqlite3"
                    path = journal_of(base, game)
                    if game == "mush":
                        _mush(path, 7)
                    else:
                        _canoe(path, 3)
                    total = _written(path, game)[0]
                    os.truncate(path, int(path.stat().st_size * rng.uniform(0.3, 0.95)))
                    with Journal(path, game=installed_game(game)) as book:
                        record = book.current_game() or book.latest_game()
                        kept = len(book.load(record.id)) if record is not None else 0
                        said = book.recovery
                    truly = total - kept
                    right = said is not None and said.lost <= truly and (
                        said.lost == truly if said.exact else
                        said.lost_words().startswith(("at least", "events after")))
                    return right, truly
            _case(row, attempt)
        table.append(row)


def backup_faults(rounds: int, table: list[Row]) -> None:
    """Every class of this module, `rounds` injections each where they repeat."""
    rng = random.Random(35)
    whole_table(max(2, rounds // 2), rng, table)
    hostile_journals(table)
    bombs(table)
    lost_wal(max(2, rounds // 2), rng, table)
    truncations(rounds, rng, table)
