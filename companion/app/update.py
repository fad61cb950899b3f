"""`mush-companion update`: the companion brought up to date from its git checkout, on
the Pi itself, backing up first and going back to the version it had, game included,
when anything fails (`companion.app.maintenance` has the service, owner and backup parts it
builds on).

Who runs what: git runs as the owner of the checkout (git refuses a checkout of someone
else's, and a root-owned file in a user's clone breaks their next pull); `make install`
and `systemctl` run as root; the journal's backup is made as its folder's owner.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.app.maintenance import (
    EXIT_CONFIG,
    EXIT_FAILED,
    EXIT_OK,
    EXIT_ROLLBACK_FAILED,
    SERVICE,
    ServiceUnit,
    as_owner_of,
    config_of,
    fail,
    file_options,
    journal_of,
    make_backup,
    restore_backup,
)
from companion.exc import CompanionError, ConfigError, JournalError
from companion.store import beside
from companion.version import Build, build, from_git, git


class UpdateRefused(CompanionError, RuntimeError):
    """The update did not start: nothing was changed. The message says why and the fix."""


@dataclass
class Updater:
    """`git pull --ff-only` and reinstall, backing up first and rolling back on failure.

    `install` is the command that installs the checkout (`make install` as the user
    typed it); `prefix` is where it installs, whose `venv/bin/mush-companion --version`
    tells the version in place."""

    source: Path
    prefix: Path
    journal: Path | None = None
    config: Path | None = None
    install: Sequence[str] = ()
    unit: ServiceUnit = field(default_factory=ServiceUnit)
    out: TextIO = field(default_factory=lambda: sys.stdout)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    # --- the pieces ---

    def command(self) -> Path:
        return self.prefix / "venv" / "bin" / SERVICE

    def installed_version(self) -> str | None:
        """What `mush-companion --version` of the installed venv says; None when absent."""
        command = self.command()
        if not command.exists():
            return None
        try:
            done = subprocess.run([str(command), "--version"], capture_output=True,
                                  text=True, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError):
            return None
        words = done.stdout.split()
        return words[-1] if done.returncode == 0 and words else None

    def source_version(self) -> str:
        """The checkout's version: pyproject.toml's release and HEAD's commit."""
        try:
            text = (self.source / "pyproject.toml").read_text(encoding="utf-8")
            release = str(tomllib.loads(text)["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            release = "0+unknown"
        found = from_git(self.source, release)
        return (found or Build(release)).describe()

    def version(self) -> str:
        return self.installed_version() or self.source_version()

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """git in the checkout as the checkout's owner."""
        owner = self.source.stat().st_uid
        kwargs: dict[str, Any] = {}
        env = dict(os.environ)
        if os.geteuid() == 0 and owner != 0:
            entry = pwd.getpwuid(owner)
            kwargs = {"user": owner, "group": entry.pw_gid, "extra_groups": []}
            env.update(HOME=entry.pw_dir, USER=entry.pw_name, LOGNAME=entry.pw_name)
        env.setdefault("GIT_TERMINAL_PROMPT", "0")
        done = subprocess.run(["git", "-C", str(self.source), *args], capture_output=True,
                              text=True, timeout=600, check=False, env=env, **kwargs)
        if check and done.returncode != 0:
            raise UpdateRefused(f"git {' '.join(args)} failed: "
                                f"{(done.stderr or done.stdout).strip()}")
        return done

    def run_install(self) -> bool:
        """The install command, its output passed on; whether it succeeded."""
        self.say(f"$ {' '.join(self.install)}")
        try:
            process = subprocess.Popen(list(self.install), stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True)
        except OSError as exc:
            self.say(f"cannot run {self.install[0]}: {exc}")
            return False
        assert process.stdout is not None
        for line in process.stdout:
            self.say(f"  {line.rstrip()}")
        return process.wait() == 0

    # --- the steps ---

    def check(self) -> None:
        """Refuse, before anything changes, what cannot be updated."""
        if git(self.source, "rev-parse", "--git-dir") is None:
            raise UpdateRefused(f"{self.source} is not a git checkout: update by cloning the "
                                "project again (git clone ...) and installing from there")
        writable = self.prefix if self.prefix.exists() else self.prefix.parent
        if not os.access(writable, os.W_OK):
            raise UpdateRefused(f"{self.prefix} can only be changed by root: run it with sudo "
                                "(sudo make update)")
        changes = self.git("status", "--porcelain", "--untracked-files=no").stdout
        if changes.strip():
            files = ", ".join(line[3:] for line in changes.splitlines()[:5])
            raise UpdateRefused(f"{self.source} has local changes ({files}): the update would "
                                "mix them with the new version. Keep them with `git stash` "
                                "(or commit them), or drop them with `git checkout -- .`, "
                                "then update again")
        if self.git("rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}",
                    check=False).returncode != 0:
            raise UpdateRefused(f"{self.source} is on no branch that follows the project's "
                                "(a detached HEAD or a local branch): `git checkout main`, "
                                "then update again")

    def run(self) -> int:
        """The whole update; the exit status (0 updated or already up to date)."""
        try:
            self.check()
        except UpdateRefused as refused:
            self.say(f"mush-companion update: refused: {refused}")
            return EXIT_FAILED
        before_commit = self.git("rev-parse", "HEAD").stdout.strip()
        before = self.version()
        self.say(f"version now: {before} ({self.source})")
        try:
            self.git("fetch", "--quiet")
        except UpdateRefused as refused:
            self.say(f"mush-companion update: {refused}; nothing was changed")
            return EXIT_FAILED
        behind = self.git("rev-list", "--count", "HEAD..@{u}").stdout.strip()
        if behind in ("", "0"):
            self.say(f"already up to date: {before} (to install this version again: "
                     "sudo make install)")
            return EXIT_OK
        self.say(f"{behind} new commit(s) to install")
        was_active = self.unit.active()
        if was_active:
            self.say(f"stopping the service ({self.unit.name})")
            try:
                self.unit.stop()
            except JournalError as exc:
                self.say(f"mush-companion update: {exc}; nothing was changed")
                return EXIT_FAILED
        kept: Path | None = None
        try:
            kept = self.backup()
        except JournalError as exc:
            self.say(f"mush-companion update: cannot back up first ({exc}); nothing was "
                     "changed")
            self.start_again(was_active)
            return EXIT_FAILED
        pull = self.git("pull", "--ff-only", check=False)
        if pull.returncode != 0:
            self.say(f"git pull --ff-only failed: {(pull.stderr or pull.stdout).strip()}")
            self.say("nothing was changed")
            self.start_again(was_active)
            return EXIT_FAILED
        after_commit = self.git("rev-parse", "HEAD").stdout.strip()
        self.say(f"git pull --ff-only: {before_commit[:7]}..{after_commit[:7]}")
        problem = self.install_and_start(was_active)
        if problem is None:
            after = self.version()
            self.say(f"updated: {before} -> {after}")
            if kept is not None:
                self.say(f"the backup made before it is kept: {kept}")
            return EXIT_OK
        return self.roll_back(problem, before_commit, before, kept, was_active)

    def backup(self) -> Path | None:
        """A backup of every game's journal, the settings and the room, or None when
        the table has nothing yet."""
        if self.journal is None:
            self.say("no journal is known to this command: no backup made")
            return None
        with as_owner_of(self.journal.parent):
            nothing = not beside.anything_at(self.journal)
        if nothing:
            self.say(f"no journal at {self.journal} yet: nothing to back up")
            return None
        written, snapshot = make_backup(self.journal, None, self.config, "before-update",
                                        required=False)
        self.say(f"backup: {written} ({snapshot.summary()})")
        return written

    def install_and_start(self, start: bool) -> str | None:
        """Install the checkout and bring the service back; what failed, or None."""
        if not self.run_install():
            return f"{' '.join(self.install)} failed"
        if self.command().exists() and self.installed_version() is None:
            return f"the installed {self.command()} does not run"
        if start:
            self.say(f"starting the service ({self.unit.name})")
            problem = self.unit.start()
            if problem is not None:
                return f"the service did not start: {problem}"
            status = self.unit.status_text()
            if status.startswith("Waiting"):  # the screen names the problem and the fix
                self.say(f"note: the service runs but waits for a fix: {status}")
        return None

    def start_again(self, was_active: bool) -> None:
        if was_active:
            problem = self.unit.start()
            self.say(f"service {self.unit.name}: "
                     f"{'running again' if problem is None else problem}")

    def roll_back(self, problem: str, commit: str, before: str, kept: Path | None,
                  was_active: bool) -> int:
        """Back to the commit and the version before, and the journal of then."""
        self.say(f"update failed: {problem}")
        self.say(f"rolling back to {before} (commit {commit[:7]})")
        if self.unit.active():
            with contextlib.suppress(JournalError):
                self.unit.stop()
        self.git("reset", "--quiet", "--hard", commit, check=False)
        if not self.run_install():
            self.say(f"ROLLBACK FAILED: {' '.join(self.install)} of the previous version "
                     f"failed too. The game is safe in {kept}; fix the install (the lines "
                     "above say why), then: sudo make install && sudo mush-companion "
                     f"restore {kept}")
            return EXIT_ROLLBACK_FAILED
        if kept is not None and self.journal is not None:
            try:
                restore_backup(kept, self.journal, config=self.config, unit=self.unit,
                               say=self.say)
                self.say(f"every game's journal restored from {kept}")
            except JournalError as exc:
                self.say(f"the journal was not restored ({exc}); the backup made before the "
                         f"update is {kept}: sudo mush-companion restore {kept}")
        self.start_again(was_active)
        self.say(f"rolled back: the version is {self.version()} again; the update is not "
                 "installed")
        return EXIT_FAILED



# --- command line ------------------------------------------------------------------------


def _default_prefix() -> Path:
    """The install this program belongs to: /opt/mush-companion when it runs from
    /opt/mush-companion/venv, else that default."""
    here = Path(sys.prefix)
    return here.parent if here.name == "venv" else Path("/opt/mush-companion")


def cmd_update(args: argparse.Namespace) -> int:
    """`update`."""
    source = args.source or build().source
    if source is None:
        return fail("this companion does not know the git checkout it was installed from; "
                     "run `sudo make update` in that checkout")
    prefix = Path(args.prefix) if args.prefix else _default_prefix()
    try:
        journal: Path | None = journal_of(args)
    except ConfigError as exc:
        print(f"mush-companion: {exc}: no backup can be made", file=sys.stderr)
        return EXIT_CONFIG
    install = ["make", "--no-print-directory", "-C", str(source), "install",
               f"PREFIX={prefix}"]
    updater = Updater(Path(source).resolve(), prefix, journal, config_of(args), install)
    return updater.run()


def register(subparsers: Any) -> None:
    """Add `update` to the command line."""
    update = subparsers.add_parser(
        "update", help="bring the companion up to date from its git checkout",
        description="Refuse if the checkout has local changes; stop the service, back up "
                    "the journal, `git pull --ff-only`, install again (dependencies "
                    "included) and start the service; say the version before and after. "
                    "On any failure, go back to the previous version and journal.")
    update.add_argument("--source", type=Path, metavar="DIR",
                        help="the git checkout (default: the one this was installed from)")
    update.add_argument("--prefix", metavar="DIR",
                        help="where it is installed (default: this program's own)")
    file_options(update)
    update.set_defaults(handler=cmd_update)
