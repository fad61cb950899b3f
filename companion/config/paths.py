"""Which config and journal a command-line call means, found the same way for everyone.

On the Pi the companion runs as a service: its config is /etc/mush-companion/config.toml
and its journal /var/lib/mush-companion/journal.sqlite3, where systemd's
StateDirectory= puts it. Someone typing `mush-companion state` over SSH (as `pi`, as
root, or through `sudo -u mush`) means that game, not an empty journal in their own home;
so the commands that read or change the journal look for the service's files first and
say on stderr which ones they used.

The order, for the config: `--config` > `$MUSH_CONFIG` > the installed service's config
when it is readable > the user's own file (or the defaults). For the journal:
`--journal` > the chosen config's `[store] path` > the service's state folder when the
config is the service's > the user's data folder.
"""

from __future__ import annotations

import argparse
import os
import pwd
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from companion.config.file import APP, SYSTEM_CONFIG, load_config, parse_config, user_config_path
from companion.exc import ConfigError

# Module settings, read at each call (tests point them at a temporary tree).
SERVICE_CONFIG = SYSTEM_CONFIG
SERVICE_STATE_DIR = Path("/var/lib") / APP
SERVICE_USER = "mush"
# The subcommands whose files are found here (and which say so).
COMMANDS = frozenset({"check-config", "new-game", "export", "state", "backup", "restore",
                      "update"})
# Those that open the journal: as root they act as the service user on its journal.
JOURNAL_COMMANDS = frozenset({"new-game", "state"})


@dataclass(frozen=True)
class Found:
    """The files a command will use and why: `config` None means every default."""

    config: Path | None
    config_reason: str
    journal: Path | None
    journal_reason: str


def _readable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.R_OK)


def find_config(explicit: Path | None, env: Mapping[str, str],
                service_config: Path | None = None) -> tuple[Path | None, str]:
    """The config file to read and the reason it was chosen."""
    service_config = service_config or SERVICE_CONFIG
    if explicit is not None:
        return explicit, "--config"
    if env.get("MUSH_CONFIG"):
        return Path(env["MUSH_CONFIG"]), "$MUSH_CONFIG"
    if _readable(service_config):
        return service_config, "the installed service's"
    user = user_config_path(env)
    if user.is_file():
        return user, "your own"
    return None, "none found: every default"


def find_journal(explicit: Path | None, config: Path | None, env: Mapping[str, str], *,
                 service_config: Path | None = None,
                 state_dir: Path | None = None) -> tuple[Path | None, str]:
    """The journal file and the reason; None when the config cannot be read (the command
    itself then reports the config's error, naming the file and key)."""
    service_config = service_config or SERVICE_CONFIG
    state_dir = state_dir or SERVICE_STATE_DIR
    if explicit is not None:
        return explicit, "--journal"
    is_service = config is not None and _same_file(config, service_config)
    lookup = dict(env)
    if is_service:
        # What systemd gives the service (StateDirectory=mush-companion).
        lookup["STATE_DIRECTORY"] = str(state_dir)
    try:
        settings = (load_config(config, env=lookup) if config is not None
                    else parse_config({}, env=lookup))
        path = settings.store.path
    except ConfigError:
        return None, "the config has an error"
    if is_service and path.parent == state_dir:
        return path, "the service's"
    return path, "from the config" if config is not None else "your own"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop (RuntimeError before 3.13)
        return False


def resolve(args: argparse.Namespace, env: Mapping[str, str] | None = None, *,
            service_config: Path | None = None, state_dir: Path | None = None) -> Found:
    """Fill in `args.config` (and `args.journal` where the command has one) as above."""
    env = os.environ if env is None else env
    explicit = getattr(args, "file", None) or args.config
    config, config_reason = find_config(explicit, env, service_config)
    if getattr(args, "file", None) is None:
        args.config = config
    journal, journal_reason = None, ""
    if hasattr(args, "journal"):
        journal, journal_reason = find_journal(args.journal, config, env,
                                               service_config=service_config,
                                               state_dir=state_dir)
        if journal is not None:
            args.journal = journal
    return Found(config, config_reason, journal, journal_reason)


def announce(found: Found, err: TextIO) -> None:
    """Say on stderr which files were found, so a surprise is seen at once (a file named
    on the command line goes unsaid: the caller knows it)."""
    if found.config_reason != "--config":
        config = found.config if found.config is not None else "(no file)"
        print(f"using config {config} ({found.config_reason})", file=err)
    if found.journal is not None and found.journal_reason != "--journal":
        print(f"using journal {found.journal} ({found.journal_reason})", file=err)


def journal_access_problem(journal: Path) -> str | None:
    """Why the caller cannot use the service's journal, with the command that can."""
    user = SERVICE_USER
    folder = journal.parent
    if folder.is_dir() and not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
        again = " ".join(["sudo", "-u", user, *_argv()])
        return (f"{folder} belongs to the service user '{user}'; run it as that user: "
                f"{again}")
    return None


def _argv() -> list[str]:
    return [Path(sys.argv[0]).name if sys.argv else APP, *sys.argv[1:]]


def act_as_service_user(journal: Path) -> str | None:
    """As root, on the service's journal, become the service user before touching it.

    A journal (or its -wal and -shm files) created by root would be unreadable to the
    service, which would then fail at its next start; acting as the service user keeps
    every file its own. Returns the user's name when the switch happened.
    """
    user = SERVICE_USER
    if os.geteuid() != 0 or journal.parent != SERVICE_STATE_DIR:
        return None
    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        return None
    os.initgroups(user, entry.pw_gid)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    return user


def prepare(args: argparse.Namespace, err: TextIO | None = None) -> int | None:
    """Resolve and announce the files of a command in COMMANDS; an exit status when the
    command cannot go on (the service's journal out of reach), else None."""
    err = err or sys.stderr
    found = resolve(args)
    announce(found, err)
    if found.journal is None or args.command not in JOURNAL_COMMANDS | {"export"}:
        return None
    if args.command in JOURNAL_COMMANDS:
        who = act_as_service_user(found.journal)
        if who is not None:
            print(f"acting as the service user '{who}' on its journal", file=err)
    problem = journal_access_problem(found.journal)
    if problem is not None:
        print(f"mush-companion: {problem}", file=err)
        return 1
    return None
