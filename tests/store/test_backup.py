"""Backups: one file holding the journals and the pads' settings, checked before a restore.

Real SQLite journals written by `Journal` from recorded bot games, real tar files, real
`mush-companion backup` and `restore` processes for the command line.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import pwd
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config.prefs import FILE_NAME as SETTINGS
from companion.games.mush.codec import FORMAT_VERSION
from companion.store import SCHEMA_VERSION, Journal
from companion.store import backup as bk
from companion.store import restore as rs
from companion.store.control import JournalLock, request_path
from companion.version import release
from store.helpers import record_game

CLI = [sys.executable, "-m", "companion.app.cli"]
MEMBER = "games/mush.sqlite3"


def journal_with_game(path: Path, seed: int = 3, steps: int = 40,
                      finish_first: bool = True) -> int:
    """A journal holding a finished game and one in progress (`steps` commands in)."""
    with Journal(path) as journal:
        if finish_first:
            done = record_game(seed + 100)
            first = journal.new_game(done.settings)
            for step in done.steps:
                journal.append(first, step.events)
        game = record_game(seed)
        game_id = journal.new_game(game.settings)
        for step in game.steps[:steps]:
            journal.append(game_id, step.events)
    return game_id


def rows(path: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT id, game_id, seq, batch, event FROM events ORDER BY id"
                            ).fetchall()
    finally:
        conn.close()


def table(folder: Path) -> dict[str, Path]:
    journal = folder / "journal.sqlite3"
    return {"journal": journal, "settings": folder / SETTINGS, "config": folder / "c.toml"}


@pytest.fixture()
def saved(tmp_path: Path) -> tuple[Path, Path, int]:
    """A table folder with a game in progress, pads' settings and a config, backed up."""
    files = table(tmp_path / "table")
    game = journal_with_game(files["journal"])
    files["settings"].write_text(json.dumps({"volume": 0.5, "voice_language": "fr"}))
    files["config"].write_text('[voice]\nlanguage = "de"\n')
    snapshot = bk.take(files["journal"], files["config"])
    out = bk.write(snapshot, tmp_path / "b.tar.gz")
    return out, files["journal"], game


def test_a_backup_holds_the_journal_settings_and_config_with_their_sums(
        saved: tuple[Path, Path, int]) -> None:
    out, journal, game = saved
    with tarfile.open(out) as tar:
        names = tar.getnames()
        manifest = json.loads(tar.extractfile("manifest.json").read())  # type: ignore[union-attr]
        image = tar.extractfile("games/mush.sqlite3").read()  # type: ignore[union-attr]
        settings = tar.extractfile(SETTINGS).read()  # type: ignore[union-attr]
    assert names == ["manifest.json", "games/mush.sqlite3", SETTINGS, "config.toml"]
    assert manifest["format"] == bk.FORMAT and manifest["release"] == release()
    described = manifest["journals"]["mush"]
    assert described["games"] == 2 and described["current_game"] == game
    assert described["events"] == len(rows(journal))
    assert described["sha256"] == hashlib.sha256(image).hexdigest()
    assert settings == (journal.parent / SETTINGS).read_bytes()
    assert manifest["config"]["from"] == str(journal.parent / "c.toml")
    assert oct(out.stat().st_mode & 0o777) == "0o600"  # the table's names are its own
    # The copy is a journal on its own: same rows, and it replays to the same state.
    copy = journal.parent.parent / "copy.sqlite3"
    copy.write_bytes(image)
    assert rows(copy) == rows(journal)
    with Journal(copy) as a, Journal(journal) as b:
        assert a.replay(game) == b.replay(game)


def test_restore_puts_back_the_game_and_settings_and_keeps_what_it_replaced(
        saved: tuple[Path, Path, int], tmp_path: Path) -> None:
    out, journal, game = saved
    before = rows(journal)
    # After the backup the table moved on: a new game, other settings, and a -wal left
    # behind by a program that did not close (a stale WAL must never reach the new file).
    with Journal(journal) as book:
        book.new_game(book.settings(game))
    (journal.parent / SETTINGS).write_text(json.dumps({"volume": 0.9}))
    request_path(journal).write_text("{}")  # a pending new-game request
    holder = sqlite3.connect(journal, isolation_level=None)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute("UPDATE games SET winner = 5")
    assert journal.with_name("journal.sqlite3-wal").stat().st_size > 0
    holder.close()  # (closing checkpoints; the rows are in the file either way)
    replaced = rows(journal)
    checked = rs.read(out, journal)
    assert checked.games["mush"].number == game and not checked.games["mush"].finished
    with JournalLock(journal):
        done = rs.put_in_place(checked, journal, keep_folder=tmp_path / "kept")
    assert rows(journal) == before
    assert json.loads((journal.parent / SETTINGS).read_text())["voice_language"] == "fr"
    assert not request_path(journal).exists()
    assert sorted(p.name for p in journal.parent.iterdir() if ".restore." in p.name) == []
    with Journal(journal) as book:
        current = book.current_game()
        assert current is not None and current.id == game
        assert book.games()[0].winner != 5
    # What was replaced is a backup of its own, and restores as such.
    assert done.kept is not None and done.kept.parent == tmp_path / "kept"
    kept = rs.unpack(done.kept, tmp_path / "elsewhere" / "journal.sqlite3")
    kept.discard()
    assert kept.manifest["journals"]["mush"]["events"] == len(replaced)
    assert json.loads(kept.files[SETTINGS]) == {"volume": 0.9}


def test_restore_into_an_empty_folder(saved: tuple[Path, Path, int], tmp_path: Path) -> None:
    out, journal, _ = saved
    fresh = tmp_path / "fresh" / "journal.sqlite3"
    checked = rs.read(out, fresh)
    with JournalLock(fresh):
        done = rs.put_in_place(checked, fresh)
    assert done.kept is None and rows(fresh) == rows(journal)


def rewrite(out: Path, change_manifest: object = None, change_journal: object = None,
            fix_sums: bool = True) -> None:
    """Change a backup file in place the way a newer companion's would differ."""
    with tarfile.open(out) as tar:
        files = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}  # type: ignore[union-attr]
    manifest = json.loads(files["manifest.json"])
    if change_journal is not None:
        path = out.with_suffix(".tmp.sqlite3")
        path.write_bytes(files[MEMBER])
        conn = sqlite3.connect(path, isolation_level=None)
        change_journal(conn)  # type: ignore[operator]
        conn.close()
        files[MEMBER] = path.read_bytes()
        if fix_sums:
            manifest["journals"]["mush"]["sha256"] = hashlib.sha256(files[MEMBER]).hexdigest()
            manifest["journals"]["mush"]["bytes"] = len(files[MEMBER])
    if change_manifest is not None:
        change_manifest(manifest)  # type: ignore[operator]
    files["manifest.json"] = json.dumps(manifest).encode()
    with tarfile.open(out, "w:gz", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def newer_release(manifest: dict[str, object]) -> None:
    major = int(release().split(".")[0])
    manifest["release"] = f"{major + 1}.0.0"
    manifest["made_by"] = f"mush-companion {major + 1}.0.0+gfeedbee"


def newer_format(manifest: dict[str, object]) -> None:
    manifest["format"] = bk.FORMAT + 1


def newer_schema(conn: sqlite3.Connection) -> None:
    # a newer companion writes its format in the header and in journal_format
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.execute("UPDATE journal_format SET format = ?", (SCHEMA_VERSION + 1,))


def newer_events(conn: sqlite3.Connection) -> None:
    # a newer companion's event, with its checksum, in a file marked with its vocabulary
    from companion.store.integrity import row_crc
    from companion.store.journal import VOCABULARY_ID

    rowid, game_id, seq, batch, text, time = conn.execute(
        "SELECT id, game_id, seq, batch, event, time FROM events ORDER BY id DESC LIMIT 1"
    ).fetchone()
    event = json.loads(text)
    event["v"] = FORMAT_VERSION + 1
    text = json.dumps(event)
    conn.execute("UPDATE events SET event = ?, crc = ? WHERE id = ?",
                 (text, row_crc("events", [game_id, seq, batch, text, time]), rowid))
    conn.execute(f"PRAGMA application_id = {VOCABULARY_ID ^ 0x55}")


@pytest.mark.parametrize("how", ["release", "format", "schema", "events"])
def test_a_backup_from_a_newer_companion_is_refused_and_nothing_changes(
        saved: tuple[Path, Path, int], how: str) -> None:
    out, journal, _ = saved
    if how == "release":
        rewrite(out, change_manifest=newer_release)
    elif how == "format":
        rewrite(out, change_manifest=newer_format)
    elif how == "schema":
        rewrite(out, change_journal=newer_schema,
                change_manifest=lambda m: m["journals"]["mush"].update(
                    schema=SCHEMA_VERSION + 1))
    else:
        rewrite(out, change_journal=newer_events)
    before = {p.name: p.read_bytes() for p in journal.parent.iterdir() if p.is_file()}
    with pytest.raises(bk.NewerBackupError) as refused:
        rs.read(out, journal)
    assert "update it first" in str(refused.value) or "update this one" in str(refused.value)
    after = {p.name: p.read_bytes() for p in journal.parent.iterdir() if p.is_file()}
    assert after == before  # not a file added, removed or changed


def test_a_damaged_or_foreign_file_is_refused(saved: tuple[Path, Path, int],
                                              tmp_path: Path) -> None:
    out, journal, _ = saved
    rewrite(out, change_journal=lambda c: c.execute("UPDATE games SET winner = 1"),
            fix_sums=False)
    with pytest.raises(bk.BackupError, match="does not match its checksum"):
        rs.unpack(out, journal)
    foreign = tmp_path / "foreign.tar.gz"
    with tarfile.open(foreign, "w:gz") as tar:
        info = tarfile.TarInfo("../etc/passwd")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(bk.BackupError, match="not a companion backup"):
        rs.unpack(foreign, journal)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(bk.BackupError, match=r"not a companion backup.*not a gzip file"):
        rs.unpack(text, journal)
    with pytest.raises(bk.BackupError, match="there is no file"):
        rs.unpack(tmp_path / "missing.tar.gz", journal)
    assert not list(journal.parent.glob(".*.restore.*"))  # nothing left behind


def test_releases_compare_as_numbers() -> None:
    assert bk.is_newer("0.10.0", "0.9.9") and not bk.is_newer("0.9.9", "0.10.0")
    assert not bk.is_newer("0.1.0+gabc", "0.1.0") and bk.is_newer("1.0", "0.1.0")
    assert not bk.is_newer("0+unknown", "0.1.0") and not bk.is_newer("dev", "0.1.0")


def test_only_the_newest_automatic_backups_are_kept(tmp_path: Path) -> None:
    for day in range(1, 15):
        (tmp_path / f"before-update-2025-01-{day:02d}T00-00-00.tar.gz").write_text("")
        (tmp_path / f"backup-2025-01-{day:02d}T00-00-00.tar.gz").write_text("")
    gone = bk.prune(tmp_path, "before-update", keep=10)
    assert [p.name[14:24] for p in gone] == [f"2025-01-0{d}" for d in range(1, 5)]
    assert len(list(tmp_path.glob("before-update-*"))) == 10
    assert bk.prune(tmp_path, "backup") == [] and len(list(tmp_path.glob("backup-*"))) == 14


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CONFIG_HOME": str(cwd / "xdg"), "XDG_DATA_HOME": str(cwd / "xd")}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=env, check=False)


def test_the_commands_back_up_and_restore_and_refuse_while_a_program_holds_it(
        tmp_path: Path) -> None:
    journal = tmp_path / "table" / "journal.sqlite3"
    game = journal_with_game(journal, finish_first=False)
    made = cli("backup", "--journal", str(journal), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert f"game {game} in progress" in made.stdout
    written = next((journal.parent / "backups").glob("backup-*.tar.gz"))
    assert str(written) in made.stdout
    # Another program (a `run` without systemd) holds the journal: refused, with the fix.
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from companion.store.control import "
         "JournalLock; JournalLock(sys.argv[1]).acquire(); print('held', flush=True); "
         "time.sleep(60)", str(journal)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        before = rows(journal)
        refused = cli("restore", "--journal", str(journal), str(written), cwd=tmp_path)
        assert refused.returncode == 1
        assert f"in use by process {holder.pid}" in refused.stderr
        assert "nothing was changed" in refused.stderr and "Stop it first" in refused.stderr
        assert rows(journal) == before
        assert not list(journal.parent.glob(".journal.sqlite3.restore.*"))
    finally:
        holder.kill()
        holder.wait()
    with Journal(journal) as book:
        book.new_game(book.settings(game))
    restored = cli("restore", "--journal", str(journal), str(written), cwd=tmp_path)
    assert restored.returncode == 0, restored.stderr
    assert f"game {game} (in progress)" in restored.stdout
    assert "what it replaced is kept in" in restored.stdout
    state = cli("state", "--journal", str(journal), "--json", cwd=tmp_path)
    assert json.loads(state.stdout)["game"] == game


@contextlib.contextmanager
def folder_owned_by(user: str) -> Iterator[Path]:
    """A folder (under a world-searchable parent) that belongs to `user`."""
    parent = Path(tempfile.mkdtemp(prefix="mush-owner-", dir="/tmp"))
    try:
        parent.chmod(0o755)
        folder = parent / "state"
        folder.mkdir(mode=0o700)
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        yield folder
    finally:
        shutil.rmtree(parent, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="acting as another user needs root")
def test_as_root_every_file_made_in_the_service_s_folder_stays_the_owner_s(
        tmp_path: Path) -> None:
    """`sudo mush-companion backup/restore` on the service's journal must leave no file
    the service cannot open (root's -wal, root's journal, root's backups folder)."""
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody' here")
    with folder_owned_by("nobody") as folder:
        journal = folder / "journal.sqlite3"
        journal_with_game(journal, finish_first=False)
        for path in folder.rglob("*"):
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
        made = cli("backup", "--journal", str(journal), cwd=tmp_path)
        assert made.returncode == 0, made.stderr
        mine = cli("backup", "--journal", str(journal), str(tmp_path / "mine.tar.gz"),
                   cwd=tmp_path)
        assert mine.returncode == 0, mine.stderr
        assert (tmp_path / "mine.tar.gz").stat().st_uid == 0  # the caller's own file
        back = cli("restore", "--journal", str(journal), str(tmp_path / "mine.tar.gz"),
                   cwd=tmp_path)
        assert back.returncode == 0, back.stderr
        owners = {str(p.relative_to(folder)): p.stat().st_uid for p in folder.rglob("*")}
        assert set(owners.values()) == {nobody.pw_uid}, owners
        assert any(name.startswith("backups/before-restore-") for name in owners)
