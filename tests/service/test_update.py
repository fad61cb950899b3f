"""`mush-companion update` against a local git remote: real repositories, a real `make`.

The project here is a small stand-in with the real one's shape: a git remote the
developers push to, the Pi's clone of it, and a Makefile whose `install` puts a
`venv/bin/mush-companion` that says its version into PREFIX. The journal is a real one
with a game in it. What is checked is the update's promise: it refuses local changes
before touching anything, backs up, pulls, installs, says the versions, and on any
failure (the install, or the service not starting) goes back to the previous commit,
version and journal.
"""

from __future__ import annotations

import io
import os
import sqlite3
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from config.test_canoe_cli import canoe_trip, events_in
from store.helpers import backup_manifest
from store.test_backup import journal_with_game

from companion.app.maintenance import ServiceUnit
from companion.app.update import Updater
from companion.store.beside import journal_of

GIT_ENV = {"GIT_AUTHOR_NAME": "Dev", "GIT_AUTHOR_EMAIL": "dev@example.org",
           "GIT_COMMITTER_NAME": "Dev", "GIT_COMMITTER_EMAIL": "dev@example.org",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

MAKEFILE = """\
PREFIX ?= /opt/mush-companion
install:
\t{before}
\tmkdir -p $(PREFIX)/venv/bin
\tprintf '#!/bin/sh\\necho "mush-companion %s"\\n' "$$(cat VERSION)" \\
\t    > $(PREFIX)/venv/bin/mush-companion
\tchmod 755 $(PREFIX)/venv/bin/mush-companion
\t@echo "installed $$(cat VERSION) into $(PREFIX)"
\t{after}
"""


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}, check=True)
    return done.stdout.strip()


@dataclass
class Project:
    """The developers' checkout, the remote, the Pi's clone, the install and the journal."""

    dev: Path
    remote: Path
    clone: Path
    prefix: Path
    journal: Path

    def release(self, version: str, before: str = "true", after: str = "true") -> str:
        """Commit and push a new version; its install runs `before` and `after`."""
        (self.dev / "VERSION").write_text(f"{version}\n")
        (self.dev / "pyproject.toml").write_text(f'[project]\nversion = "{version}"\n')
        (self.dev / "Makefile").write_text(MAKEFILE.format(before=before, after=after))
        git(self.dev, "add", "-A")
        git(self.dev, "commit", "-q", "-m", f"Version {version}")
        git(self.dev, "push", "-q", "origin", "HEAD:main")
        return git(self.dev, "rev-parse", "HEAD")

    def installed(self) -> str:
        return subprocess.run([str(self.prefix / "venv/bin/mush-companion"), "--version"],
                              capture_output=True, text=True, check=True).stdout.strip()

    def head(self) -> str:
        return git(self.clone, "rev-parse", "HEAD")

    def rows(self) -> list[tuple[object, ...]]:
        conn = sqlite3.connect(self.journal)
        try:
            return conn.execute("SELECT * FROM events ORDER BY id").fetchall() + \
                conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        finally:
            conn.close()


@pytest.fixture()
def project(tmp_path: Path) -> Project:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(remote))
    dev = tmp_path / "dev"
    git(tmp_path, "clone", "-q", str(remote), str(dev))
    git(dev, "checkout", "-q", "-b", "main")
    made = Project(dev, remote, tmp_path / "pi" / "mush-companion", tmp_path / "opt",
                   tmp_path / "state" / "journal.sqlite3")
    made.release("0.1.0")
    git(tmp_path, "clone", "-q", str(remote), str(made.clone))
    subprocess.run(["make", "-s", "-C", str(made.clone), "install", f"PREFIX={made.prefix}"],
                   check=True, capture_output=True)
    journal_with_game(made.journal, finish_first=False)
    return made


def update(project: Project, **more: object) -> subprocess.CompletedProcess[str]:
    """`mush-companion update` as `sudo make update` runs it."""
    return subprocess.run(
        [sys.executable, "-m", "companion.app.cli", "update", "--source", str(project.clone),
         "--prefix", str(project.prefix), "--journal", str(project.journal)],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, **GIT_ENV, "XDG_CONFIG_HOME": str(project.prefix / "xdg")})


def backups(project: Project, kind: str) -> list[Path]:
    return sorted((project.journal.parent / "backups").glob(f"{kind}-*.tar.gz"))


def test_update_backs_up_pulls_installs_and_says_both_versions(project: Project) -> None:
    assert project.installed() == "mush-companion 0.1.0"
    journal_before = project.rows()
    new = project.release("0.2.0")
    done = update(project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "version now: 0.1.0" in done.stdout
    assert "updated: 0.1.0 -> 0.2.0" in done.stdout
    assert project.head() == new
    assert project.installed() == "mush-companion 0.2.0"
    assert "installed 0.2.0" in done.stdout  # the install's own output is passed on
    [made] = backups(project, "before-update")
    assert f"backup: {made}" in done.stdout
    assert backup_manifest(made)["journals"]["mush"]["events"] > 0
    assert project.rows() == journal_before  # an update leaves the game alone
    # Once more: nothing new, nothing done.
    again = update(project)
    assert again.returncode == 0 and "already up to date: 0.2.0" in again.stdout
    assert len(backups(project, "before-update")) == 1


def test_local_changes_are_refused_before_anything_changes(project: Project) -> None:
    old = project.head()
    project.release("0.2.0")
    (project.clone / "Makefile").write_text((project.clone / "Makefile").read_text() + "\n# mine\n")
    done = update(project)
    assert done.returncode == 1
    assert "refused" in done.stdout and "local changes (Makefile)" in done.stdout
    assert "git stash" in done.stdout
    assert project.head() == old
    assert project.installed() == "mush-companion 0.1.0"
    assert backups(project, "before-update") == []


def test_a_failing_install_is_rolled_back_with_the_journal(project: Project) -> None:
    old = project.head()
    journal_before = project.rows()
    # The new version's install gets as far as changing the journal (a migration, say),
    # then fails.
    spoil = (f"{sys.executable} -c \"import sqlite3; c = sqlite3.connect('{project.journal}'); "
             "c.execute('UPDATE games SET winner = 5'); c.commit()\"")
    project.release("0.3.0", before=spoil, after="exit 1")
    done = update(project)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "update failed" in done.stdout
    assert "rolling back to 0.1.0" in done.stdout
    assert "rolled back: the version is 0.1.0 again" in done.stdout
    assert project.head() == old
    assert project.installed() == "mush-companion 0.1.0"
    assert project.rows() == journal_before
    # The spoiled journal is not thrown away either.
    [kept] = backups(project, "before-restore")
    assert "journal restored from" in done.stdout
    assert backup_manifest(kept)["journals"]["mush"]["games"] >= 1


def test_an_update_backs_up_and_rolls_back_every_game(project: Project) -> None:
    """The Canoe trip beside MUSH's game goes into the backup and back again."""
    canoe = journal_of(project.journal, "canoe")
    trip = canoe_trip(project.journal, finished=False)

    def everything() -> list[list[tuple[object, ...]]]:
        found = []
        for path in (project.journal, canoe):
            conn = sqlite3.connect(path)
            try:
                found.append(conn.execute("SELECT * FROM events ORDER BY id").fetchall()
                             + conn.execute("SELECT * FROM games ORDER BY id").fetchall())
            finally:
                conn.close()
        return found

    before = everything()
    spoil = " ".join(
        f"{sys.executable} -c \"import sqlite3; c = sqlite3.connect('{path}'); "
        "c.execute('UPDATE games SET winner = 5'); c.commit()\";" for path in
        (project.journal, canoe))
    project.release("0.3.0", before=spoil, after="exit 1")
    done = update(project)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "every game's journal restored from" in done.stdout
    assert everything() == before
    [made] = backups(project, "before-update")
    journals = backup_manifest(made)["journals"]
    assert journals["canoe"]["current_game"] == trip and "mush" in journals
    events = events_in(project.journal, "canoe", trip)
    assert f"canoe: 1 game, {events} events, game {trip} in progress" in done.stdout


def test_an_unreachable_remote_changes_nothing(project: Project) -> None:
    old = project.head()
    project.remote.rename(project.remote.with_name("gone.git"))
    done = update(project)
    assert done.returncode == 1 and "nothing was changed" in done.stdout
    assert project.head() == old and project.installed() == "mush-companion 0.1.0"


SYSTEMCTL = """#!/bin/sh
# The service's state in a file. While the installed version is {bad}, `start` fails
# (refused) or starts a program that dies at once (crashes: systemd waits to restart it).
dir={dir}
echo "$1" >> "$dir/calls"
case $1 in
  is-active)
    if [ -f "$dir/crashing" ]; then echo activating; exit 3; fi
    if [ -f "$dir/running" ]; then echo active; exit 0; fi
    echo inactive; exit 3 ;;
  stop) rm -f "$dir/running" "$dir/crashing" ;;
  show) echo "Table ready" ;;
  start)
    if {prefix}/venv/bin/mush-companion --version | grep -q '{bad}'; then
        if [ {how} = refused ]; then
            echo "Job for mush-companion.service failed." >&2; exit 1
        fi
        touch "$dir/crashing"; exit 0
    fi
    touch "$dir/running" ;;
esac
"""


@pytest.mark.parametrize("how", ["refused", "crashes"])
def test_a_service_that_does_not_start_after_the_update_is_rolled_back(
        project: Project, tmp_path: Path, how: str) -> None:
    unit_dir = tmp_path / "systemd"
    unit_dir.mkdir()
    systemctl = unit_dir / "systemctl"
    systemctl.write_text(SYSTEMCTL.format(dir=unit_dir, prefix=project.prefix, bad="0.4.0",
                                          how=how))
    systemctl.chmod(systemctl.stat().st_mode | stat.S_IXUSR)
    (unit_dir / "running").touch()  # the service is up, playing 0.1.0
    old = project.head()
    journal_before = project.rows()
    project.release("0.4.0")
    out = io.StringIO()
    updater = Updater(project.clone, project.prefix, project.journal, None,
                      ["make", "-C", str(project.clone), "install", f"PREFIX={project.prefix}"],
                      ServiceUnit(systemctl=str(systemctl), systemd_dir=unit_dir, settle=0.0),
                      out)
    assert updater.run() == 1, out.getvalue()
    text = out.getvalue()
    assert ("the service did not start: Job for mush-companion.service failed." in text
            if how == "refused" else
            "the service did not start: mush-companion is activating 0 s after" in text)
    assert project.head() == old and project.installed() == "mush-companion 0.1.0"
    assert project.rows() == journal_before
    assert (unit_dir / "running").exists()  # the previous version runs again
    calls = [c for c in (unit_dir / "calls").read_text().split() if c in ("stop", "start")]
    assert calls == (["stop", "start", "start"] if how == "refused"
                     else ["stop", "start", "stop", "start"])


def test_make_update_without_an_install_says_to_install_first(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(["make", "--no-print-directory", "-C", str(root), "update",
                           f"PREFIX={tmp_path / 'nothing'}"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode != 0
    assert f"no companion is installed in {tmp_path / 'nothing'}: sudo make install" in (
        done.stdout)
