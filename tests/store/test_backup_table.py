"""A backup holds the whole table and a restore takes only what a companion wrote.

Real journals of MUSH, of the Canoe game and of a game a test registers (the kernel's toy
game), real tar files (the standard library's, written the way a hostile hand would),
and the backups an earlier companion wrote, kept as test data (tests/store/data).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import sqlite3
import tarfile
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from config.test_canoe_cli import canoe_trip, events_in
from core import toy_game
from core.toy_game import TOY, Add, Start, ToySettings

from companion import games
from companion.config.prefs import FILE_NAME as SETTINGS
from companion.core import TABLE, ScriptedDice
from companion.games import game as installed_game
from companion.store import Journal
from companion.store import backup as bk
from companion.store import restore as rs
from companion.store.beside import ROOM_NAME, journal_of
from companion.store.control import JournalLock
from companion.web.room import Room
from store.helpers import backup_files, backup_manifest
from store.test_backup import cli, journal_with_game, rows

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture()
def toy_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kernel's toy game installed beside MUSH and Canoe, as a new game would be."""
    monkeypatch.setattr(toy_game, "GAME", TOY, raising=False)
    monkeypatch.setitem(games.INSTALLED, "toy", "core.toy_game")
    yield


def toy_race(path: Path) -> int:
    """A toy game in progress: started, two moves."""
    settings = ToySettings(("A", "B"))
    state, start = TOY.apply(TOY.initial, Start(TABLE, settings), ScriptedDice([2]))
    with Journal(path, game=TOY) as journal:
        game_id = journal.new_game(settings)
        journal.append(game_id, start)
        for seat, amount in ((1, 1), (0, 2)):
            state, events = TOY.apply(state, Add(seat, amount), ScriptedDice([]))
            journal.append(game_id, events)
    return game_id


def whole_table(base: Path) -> dict[str, int]:
    """A table folder with a MUSH game, a Canoe trip, a toy game, settings and a room."""
    numbers = {"mush": journal_with_game(base, steps=30),
               "canoe": canoe_trip(base, finished=False),
               "toy": toy_race(journal_of(base, "toy"))}
    (base.parent / SETTINGS).write_text(json.dumps({"volume": 0.4}))
    room = Room.beside(base)
    room.follow(numbers["mush"])
    room.claim(0, None)
    room.flush()  # (the room is written once a second: now, as the server's close does)
    return numbers


def replayed(path: Path, game: str) -> object:
    with Journal(path, game=installed_game(game), recover=False) as book:
        record = book.current_game() or book.latest_game()
        assert record is not None
        return book.replay(record.id)


def test_a_backup_holds_every_game_the_settings_and_the_room(
        tmp_path: Path, toy_installed: None) -> None:
    base = tmp_path / "table" / "journal.sqlite3"
    numbers = whole_table(base)
    snapshot = bk.take(base)
    out = bk.write(snapshot, tmp_path / "all.tar.gz")
    summary = snapshot.summary()
    for game, number in numbers.items():
        assert f"{game}: " in summary and f"game {number} in progress" in summary.split(
            f"{game}: ")[1].split(";")[0]
    assert summary.endswith(f"with {SETTINGS}, {ROOM_NAME}")
    files = backup_files(out)
    assert sorted(files) == sorted(["manifest.json", "games/mush.sqlite3",
                                    "games/canoe.sqlite3", "games/toy.sqlite3", SETTINGS,
                                    ROOM_NAME])
    manifest = backup_manifest(out)
    for game in numbers:
        entry = manifest["journals"][game]
        copy = tmp_path / f"{game}.sqlite3"
        copy.write_bytes(files[entry["file"]])
        assert entry["events"] == len(rows(copy))
        assert entry["vocabulary"] == installed_game(game).codec.vocabulary
    # Restored into an empty folder: every game resumes where it was, the room too.
    fresh = tmp_path / "fresh" / "journal.sqlite3"
    checked = rs.read(out, fresh)
    assert list(checked.games) == ["mush", "canoe", "toy"]  # the configured game's first
    with JournalLock(fresh):
        done = rs.put_in_place(checked, fresh)
    assert done.kept is None and done.removed == ()
    for game, number in numbers.items():
        assert done.games[game].number == number and not done.games[game].finished
        assert replayed(journal_of(fresh, game), game) == replayed(journal_of(base, game), game)
    assert Room.beside(fresh).holder(0) == Room.beside(base).holder(0) is not None


def test_a_whole_table_backup_puts_back_the_table_as_it_was(tmp_path: Path) -> None:
    """A game started since the backup is not in it: its journal goes into the backup
    of what the restore replaced, and the table is the one backed up."""
    base = tmp_path / "table" / "journal.sqlite3"
    journal_with_game(base, steps=20)
    out = bk.write(bk.take(base), tmp_path / "mush-only.tar.gz")
    trip = canoe_trip(base, finished=False)
    checked = rs.read(out, base)
    with JournalLock(base):
        done = rs.put_in_place(checked, base, keep_folder=tmp_path / "kept")
    assert done.removed == ("canoe",) and not journal_of(base, "canoe").exists()
    assert done.kept is not None
    kept = backup_manifest(done.kept)["journals"]
    assert kept["canoe"]["current_game"] == trip and "mush" in kept


@pytest.mark.parametrize("name", ["backup-format-1.tar.gz", "backup-format-1-canoe.tar.gz"])
def test_backups_written_before_every_game_was_kept_still_restore(
        tmp_path: Path, name: str) -> None:
    """Backups an earlier companion wrote (kept byte for byte in tests/store/data)."""
    base = tmp_path / "table" / "journal.sqlite3"
    other = "canoe" if "canoe" in name else "mush"
    # The table has a game of the other box, which a format-1 backup knows nothing of.
    if other == "canoe":
        journal_with_game(base, steps=10)
    else:
        canoe_trip(base, finished=False)
    untouched = journal_of(base, "mush" if other == "canoe" else "canoe")
    before = rows(untouched)
    checked = rs.read(DATA / name, base)
    assert list(checked.games) == [other]
    with JournalLock(base):
        done = rs.put_in_place(checked, base)
    restored = done.games[other]
    assert restored.number is not None and not restored.finished
    assert rows(untouched) == before and done.removed == ()
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(backup_files(DATA / name)["journal.sqlite3"])
    assert rows(journal_of(base, other)) == rows(copy)
    assert replayed(journal_of(base, other), other) == replayed(copy, other)
    if other == "mush":
        assert json.loads((base.parent / SETTINGS).read_text()) == {
            "volume": 0.5, "voice_language": "fr"}
        with Journal(base) as book:
            assert [g.id for g in book.games()] == [1, 2] and book.games()[0].winner is not None


def rebuilt(out: Path, files: dict[str, bytes], manifest: dict[str, object],
            header: Callable[[tarfile.TarInfo], None] | None = None) -> Path:
    """A backup file of these members (the manifest first), written by tarfile."""
    with tarfile.open(out, "w:gz", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in [("manifest.json", json.dumps(manifest).encode()), *files.items()]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            if header is not None:
                header(info)
            tar.addfile(info, io.BytesIO(data))
    return out


def with_journal_changed(out: Path, game: str, change: Callable[[sqlite3.Connection], None],
                         into: Path) -> Path:
    """The backup with one game's journal changed and its sums made to match: what a
    hostile hand that knows the format writes."""
    files = backup_files(out)
    manifest = json.loads(files.pop("manifest.json"))
    member = f"games/{game}.sqlite3"
    path = into.with_suffix(".sqlite3")
    path.write_bytes(files[member])
    conn = sqlite3.connect(path, isolation_level=None)
    change(conn)
    conn.close()
    files[member] = path.read_bytes()
    path.unlink()
    entry = manifest["journals"][game]
    entry["sha256"], entry["bytes"] = hashlib.sha256(files[member]).hexdigest(), \
        len(files[member])
    return rebuilt(into, files, manifest)


HOSTILE = {
    "trigger": ("CREATE TRIGGER wipe AFTER INSERT ON events BEGIN "
                "DELETE FROM events WHERE id < NEW.id; END", "trigger wipe"),
    "view": ("CREATE VIEW everything AS SELECT * FROM events", "view everything"),
    "extra table": ("CREATE TABLE notes (text TEXT)", "table notes"),
    "extra index": ("CREATE INDEX by_time ON events (time)", "index by_time"),
    "changed table": ("ALTER TABLE games ADD COLUMN photo BLOB", "table games"),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
@pytest.mark.parametrize("game", ["mush", "canoe"])
def test_a_journal_with_anything_of_anyone_else_s_is_refused_and_nothing_changes(
        tmp_path: Path, kind: str, game: str) -> None:
    base = tmp_path / "table" / "journal.sqlite3"
    journal_with_game(base, steps=12)
    canoe_trip(base, finished=False)
    out = bk.write(bk.take(base), tmp_path / "b.tar.gz")
    sql, named = HOSTILE[kind]
    hostile = with_journal_changed(out, game, lambda c: c.execute(sql), tmp_path / "h.tar.gz")
    before = {p.name: p.read_bytes() for p in base.parent.iterdir() if p.is_file()}
    with pytest.raises(bk.BackupError) as refused:
        rs.read(hostile, base)
    assert f"the backup's {game} journal is not one a companion wrote" in str(refused.value)
    assert named in str(refused.value)
    after = {p.name: p.read_bytes() for p in base.parent.iterdir() if p.is_file()}
    assert after == before  # not a file added, removed or changed


def test_the_schemas_a_companion_writes_pass_the_exact_check(tmp_path: Path) -> None:
    """A journal of format 1, one upgraded from it, and a fresh one are all ours."""
    from companion.store.integrity import schema_problem
    from store.forge import write_v1
    from store.helpers import record_game

    game = record_game(4)
    old = tmp_path / "v1.sqlite3"
    write_v1(old, [(game.settings, [s.events for s in game.steps[:5]], False)])
    conn = sqlite3.connect(old)
    assert schema_problem(conn) is None
    conn.close()
    for path in (old, tmp_path / "fresh.sqlite3"):
        Journal(path).close()  # upgraded (format 1) or created
        conn = sqlite3.connect(path)
        assert schema_problem(conn) is None
        conn.close()


def test_a_small_file_of_huge_members_is_refused_from_its_first_header(tmp_path: Path) -> None:
    """Four members of zeros announced at 500 MB each: refused before one is read."""
    base = tmp_path / "table" / "journal.sqlite3"
    out = tmp_path / "bomb.tar.gz"
    manifest = json.dumps({"format": 2, "journals": {}}).encode()
    info = tarfile.TarInfo("manifest.json")
    info.size = len(manifest)
    with gzip.open(out, "wb", compresslevel=1) as packed:
        packed.write(info.tobuf(tarfile.USTAR_FORMAT) + manifest + bytes(-len(manifest) % 512))
        for game in ("mush", "canoe", "toy", "x"):
            info = tarfile.TarInfo(f"games/{game}.sqlite3")
            info.size = 500 << 20
            packed.write(info.tobuf(tarfile.USTAR_FORMAT))
            for _ in range(50):  # 50 MB of each member's zeros: enough to be a bomb
                packed.write(bytes(1 << 20))
    assert out.stat().st_size < 1 << 20
    tracemalloc.start()
    try:
        with pytest.raises(bk.BackupError, match="at most 134,217,728"):
            rs.unpack(out, base)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20
    assert not base.parent.exists() or not list(base.parent.iterdir())


def test_a_member_is_streamed_to_its_file_never_held_whole(tmp_path: Path) -> None:
    """A 24 MB journal member goes through a restore's reading in well under 4 MB."""
    base = tmp_path / "table" / "journal.sqlite3"
    big = hashlib.sha256(b"seed").digest() * (24 << 15)  # 24 MB that gzip cannot shrink
    entry = {"file": "games/mush.sqlite3", "sha256": hashlib.sha256(big).hexdigest(),
             "bytes": len(big), "schema": 2}
    out = rebuilt(tmp_path / "big.tar.gz", {"games/mush.sqlite3": big},
                  {"format": 2, "journals": {"mush": entry}})
    tracemalloc.start()
    try:
        unpacked = rs.unpack(out, base)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    try:
        part = unpacked.parts["mush"]
        assert part.temporary is not None and part.temporary.stat().st_size == len(big)
        assert part.temporary.parent == base.parent
    finally:
        unpacked.discard()
    assert peak < 4 << 20
    assert [p.name for p in base.parent.iterdir()] == []


@pytest.mark.parametrize("change", ["link", "folder", "unlisted", "first", "trailing"])
def test_anything_but_our_members_is_refused(tmp_path: Path, change: str) -> None:
    base = tmp_path / "table" / "journal.sqlite3"
    journal_with_game(base, steps=5, finish_first=False)
    out = bk.write(bk.take(base), tmp_path / "b.tar.gz")
    files = backup_files(out)
    manifest = json.loads(files.pop("manifest.json"))
    if change == "trailing":  # zeros after the end of the tar: never read, restores
        with gzip.open(out, "ab") as more:
            more.write(b"\0" * (1 << 20))
        assert rs.read(out, base).games["mush"].number == 1
        return
    if change == "first":
        bad = tmp_path / "bad.tar.gz"
        with tarfile.open(bad, "w:gz", format=tarfile.USTAR_FORMAT) as tar:
            for name, data in [*files.items(), ("manifest.json", json.dumps(manifest).encode())]:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        words = "does not begin with manifest.json"
    elif change == "unlisted":
        files["games/canoe.sqlite3"] = files["games/mush.sqlite3"]
        bad = rebuilt(tmp_path / "bad.tar.gz", files, manifest)
        words = "which its manifest does not list"
    else:
        def header(info: tarfile.TarInfo) -> None:
            if info.name == "games/mush.sqlite3":
                info.type = tarfile.SYMTYPE if change == "link" else tarfile.DIRTYPE
                info.linkname = "/etc/passwd"
                info.size = 0
        bad = rebuilt(tmp_path / "bad.tar.gz", files, manifest, header)
        words = "symbolic link" if change == "link" else "folder"
    with pytest.raises(bk.BackupError, match=words) as refused:
        rs.read(bad, base)
    assert "not a companion backup" in str(refused.value) or change == "unlisted"


def test_a_room_that_is_not_ours_is_refused(tmp_path: Path) -> None:
    base = tmp_path / "table" / "journal.sqlite3"
    journal_with_game(base, steps=5, finish_first=False)
    Room.beside(base)
    out = bk.write(bk.take(base), tmp_path / "b.tar.gz")
    files = backup_files(out)
    manifest = json.loads(files.pop("manifest.json"))
    files[ROOM_NAME] = b'{"version": 1, "seats": "all of them"}'
    manifest["room"]["sha256"] = hashlib.sha256(files[ROOM_NAME]).hexdigest()
    bad = rebuilt(tmp_path / "bad.tar.gz", files, manifest)
    with pytest.raises(bk.BackupError, match=r"web-room\.json is not a room"):
        rs.read(bad, base)
    assert not list(base.parent.glob(".*.restore.*"))


def test_the_commands_take_the_whole_table_whichever_journal_they_are_given(
        tmp_path: Path) -> None:
    """`backup --journal journal-canoe.sqlite3` backs up its table (the adversary's
    "0 game(s)"), and `restore` says what it put back, game by game."""
    base = tmp_path / "table" / "journal.sqlite3"
    mush = journal_with_game(base, steps=15, finish_first=False)
    trip = canoe_trip(base, finished=False)
    canoe = journal_of(base, "canoe")
    made = cli("backup", "--journal", str(canoe), str(tmp_path / "b.tar.gz"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "mush: 1 game, " in made.stdout and f"game {mush} in progress" in made.stdout
    events = events_in(base, "canoe", trip)
    assert f"canoe: 1 game, {events} events, game {trip} in progress" in made.stdout
    before = {path: rows(path) for path in (base, canoe)}
    with Journal(canoe, game=installed_game("canoe")) as book:  # the table played on
        book.abandon(trip)
    base.unlink()
    back = cli("restore", "--journal", str(canoe), str(tmp_path / "b.tar.gz"), cwd=tmp_path)
    assert back.returncode == 0, back.stderr
    assert f"  mush: game {mush} (in progress), round" in back.stdout
    assert f"  canoe: game {trip} (in progress), turn" in back.stdout
    assert {path: rows(path) for path in (base, canoe)} == before
    not_ours = tmp_path / "notes.tar.gz"
    with tarfile.open(not_ours, "w:gz") as tar:
        info = tarfile.TarInfo("notes.txt")
        info.size = 2
        tar.addfile(info, io.BytesIO(b"hi"))
    refused = cli("restore", "--journal", str(base), str(not_ours), cwd=tmp_path)
    assert refused.returncode == 1
    assert "is not a companion backup" in refused.stderr and "nothing was changed" in \
        refused.stderr
