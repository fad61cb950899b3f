"""Subcommands for the config file and the journal: check-config, new-game, export, state.

They let a host check a config before restarting the service, start a fresh game, take a
game's record off the Pi and see the table's state over SSH, without starting the
companion. `register(subparsers)` adds them to `mush-companion`.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion.config.file import Config, default_config_path, load_config, settings_rows
from companion.config.names import shown_name
from companion.config.prefs import PrefsStore
from companion.config.section import section_of
from companion.exc import ConfigError, SettingsError
from companion.games import DEFAULT, box_name
from companion.games import box as installed_box
from companion.games import game as installed_game
from companion.games import installed as installed_games
from companion.store import GameRecord, Journal, JournalError
from companion.version import describe

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_CONFIG = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this module's subcommands to the `mush-companion` command tree."""
    check = subparsers.add_parser(
        "check-config", help="check a config file without starting",
        description="Check a config file as the companion would at start. Prints "
                    "'FILE: OK' and exits 0, or prints what is wrong (file, key, what is "
                    "allowed) and exits 2.")
    check.add_argument("file", nargs="?", metavar="FILE", type=Path,
                       help=f"the config file (default: {default_config_path()})")
    _config_option(check)
    check.set_defaults(handler=check_config)

    new = subparsers.add_parser(
        "new-game", help="end the game in progress and set up a new one",
        description="Mark the game in progress as abandoned (it stays in the journal) and "
                    "create a new game with the config's [game] settings. A running "
                    "companion is asked to do it (it goes back to setup); otherwise the "
                    "companion deals the new game when it next starts.")
    _config_option(new)
    _journal_option(new)
    new.set_defaults(handler=new_game)

    export = subparsers.add_parser(
        "export", help="write a game's events (JSONL) and per-round table (CSV)",
        description="Write game-ID.jsonl (every event, one JSON per line; see "
                    "docs/journal-format.md) and game-ID.csv (each player's chips and "
                    "covered dogs per round) into DIR.")
    export.add_argument("--game", type=_game_choice, metavar="[NAME:]ID|NAME",
                        help=f"which game: its id, the box's name ({', '.join(installed_games())}) "
                             "for its own journal, or both, e.g. canoe:2 (default: the newest "
                             "game of any box)")
    export.add_argument("--out", type=Path, metavar="DIR", required=True,
                        help="folder to write into (created if missing)")
    _config_option(export)
    _journal_option(export)
    export.set_defaults(handler=export_game)

    state = subparsers.add_parser(
        "state", help="show the current game as the table sees it",
        description="Show the public view of the game in progress (or the newest game): "
                    "what the screen may show, never a secret bid.")
    state.add_argument("--json", action="store_true", help="print the view as JSON")
    state.add_argument("--game", type=_game_choice, metavar="[NAME:]ID|NAME",
                       help=f"another game: its id, the box's name "
                            f"({', '.join(installed_games())}), or both (canoe:2); default: "
                            "the newest game of any box")
    _config_option(state)
    _journal_option(state)
    state.set_defaults(handler=show_state)


def _config_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help=f"config file (default: {default_config_path()})")


def _journal_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--journal", type=Path, metavar="FILE",
                        help="journal file (default: the config's store.path)")


def _config(args: argparse.Namespace) -> Config:
    return load_config(args.config)


def _journal_path(args: argparse.Namespace) -> Path:
    if args.journal is not None:
        return Path(args.journal)
    return _config(args).store.path


@dataclass(frozen=True)
class GameChoice:
    """`--game`: the box (None: whichever journal holds the newest game) and the game id
    in its journal (None: its game in progress or newest game)."""

    box: str | None
    id: int | None


def _game_choice(text: str) -> GameChoice:
    """`3`, `canoe` or `canoe:2` (each box's games are numbered in its own journal)."""
    name, _, number = text.strip().rpartition(":") if ":" in text else ("", "", text.strip())
    if not number.isdigit() and not name:
        name, number = number, ""
    name = box_name(name)
    if name and name not in installed_games():
        raise argparse.ArgumentTypeError(
            f"no game called {name!r}; use an id, or one of {', '.join(installed_games())}")
    if number and not number.isdigit():
        raise argparse.ArgumentTypeError(f"a game id is a whole number, not {number!r}")
    return GameChoice(name or None, int(number) if number else None)


def _box_path(base: Path, name: str) -> Path:
    from companion.app.journals import (
        journal_beside,  # each box keeps its own journal beside MUSH's
    )

    return journal_beside(base, name)


def _newest_box(base: Path) -> str:
    """The box whose journal holds the newest game (the default game's when no journal
    holds one)."""
    newest: tuple[str, str] | None = None
    for name in installed_games():
        path = _box_path(base, name)
        if not path.is_file():
            continue
        with contextlib.suppress(JournalError, OSError, ValueError, sqlite3.Error), \
                Journal(path, recover=False, game=installed_game(name)) as book:
            record = book.current_game() or book.latest_game()
            if record is not None and (newest is None or record.created > newest[0]):
                newest = (record.created, name)
    return newest[1] if newest is not None else DEFAULT


def other_journals(base: Path, shown: str) -> list[str]:
    """A line for each other box's journal beside `base` that holds a game, so `state`
    says there is more to see (and how)."""
    lines = []
    for name in installed_games():
        path = _box_path(base, name)
        if name == shown or not path.is_file():
            continue
        with contextlib.suppress(JournalError, OSError, ValueError, sqlite3.Error), \
                Journal(path, recover=False, game=installed_game(name)) as book:
            record = book.current_game() or book.latest_game()
            if record is not None:
                status = "over" if record.finished else "in progress"
                lines.append(f"Also {name} game {record.id} ({status}) in {path}: "
                             f"--game {name}")
    return lines


def _fail(message: str, code: int = EXIT_ERROR, err: TextIO | None = None) -> int:
    print(f"mush-companion: {message}", file=err or sys.stderr)
    return code


# --- check-config ------------------------------------------------------------------


def check_config(args: argparse.Namespace) -> int:
    """Exit 0 with 'FILE: OK', or 2 with the file, the key and the problem."""
    path = args.file or args.config or default_config_path()
    try:
        load_config(path)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_CONFIG
    print(f"{path}: OK")
    return EXIT_OK


# --- new-game ----------------------------------------------------------------------


def new_game(args: argparse.Namespace) -> int:
    """Abandon the game in progress and create the next one from the config.

    While the companion runs it holds the journal: the request then goes to it (it
    abandons its game and goes back to setup) instead of writing behind its back.

    Calls made at the same moment (a double Enter, a script run twice) are taken one
    after another, and each says truthfully what it did: the first abandons the game, the
    next find a new game with nothing played in it (or no game at all) and change
    nothing, instead of each abandoning the one the previous call had just made.
    """
    from companion.store.control import ask_for_new_game, holder

    try:
        config = _config(args)
        path = Path(args.journal) if args.journal is not None else config.store.path
        settings = _new_settings(config)
        with _one_new_game_at_a_time(path):
            previous, played = _peek(path)
            names = ", ".join(settings.names)
            if previous is not None and not played and previous.settings == settings:
                print(f"game {previous.id} for {names} is already a new game (nothing has "
                      f"been played in it); nothing changed")
                return EXIT_OK
            running = holder(path) if path.is_file() else None
            message = ask_for_new_game(path, settings)
            if running is not None and previous is None:
                who = f"process {running}" if running > 0 else "another program"
                message = (f"no game was in progress; the running companion ({who}) is at "
                           f"setup for {names}")
            elif running is not None and previous is not None:
                _until_abandoned(path, previous.id)  # so the next call sees it done
            print(message)
    except (ConfigError, SettingsError) as exc:
        return _fail(str(exc), EXIT_CONFIG)
    except (JournalError, OSError) as exc:
        return _fail(str(exc))
    return EXIT_OK


def _new_settings(config: Config) -> Any:
    """The settings `new-game` writes into the journal (the default game's, whose journal
    it is): the config's players and that game's own section."""
    section = section_of(DEFAULT)
    if section.settings is None:
        raise ConfigError("game", f"{installed_game(DEFAULT).title} is set up on the pads "
                          "only; `new-game` cannot create one")
    return section.settings(config.part(DEFAULT), config.players)


NEW_GAME_WAIT_S = 60.0
"""How long a `new-game` waits for another one on the same folder to finish."""


@contextlib.contextmanager
def _one_new_game_at_a_time(journal: Path) -> Iterator[None]:
    """Hold an exclusive lock on the journal's folder while one `new-game` looks and acts.

    The folder itself is locked (no new file beside the journal); only `new-game` takes
    this lock, so the running companion is never kept waiting by it.
    """
    folder = journal.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    try:
        deadline = time.monotonic() + NEW_GAME_WAIT_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise JournalError(f"another new-game on {folder} did not finish in "
                                       f"{NEW_GAME_WAIT_S:.0f} s; nothing was changed") from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)


def _until_abandoned(journal: Path, game_id: int, seconds: float = 5.0) -> None:
    """Wait (briefly) until the running companion's abandoning of `game_id` is in the
    journal: it takes the request before it writes, and the next `new-game` must not
    find the old game still in progress."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        current, _ = _peek(journal)
        if current is None or current.id != game_id:
            return
        time.sleep(0.05)


def _peek(journal: Path) -> tuple[GameRecord | None, bool]:
    """The game in progress and whether anything was played in it, read without changing
    the file (None when there is none, or the journal cannot be read here: the journal
    itself then says why when it is opened to write)."""
    if not journal.is_file():
        return None, False
    try:
        with Journal(journal, recover=False) as book:
            current = book.current_game()
            return current, current is not None and bool(book.load(current.id))
    except (JournalError, OSError, ValueError, sqlite3.Error):
        return None, False


# --- export ------------------------------------------------------------------------


def _box(args: argparse.Namespace) -> str:
    """The box whose journal the command reads (`--game NAME`, else the newest game's)."""
    choice: GameChoice | None = getattr(args, "game", None)
    if choice is not None and choice.box is not None:
        return choice.box
    return _newest_box(_journal_path(args))


def _open_existing(args: argparse.Namespace) -> Journal:
    box = _box(args)
    path = _box_path(_journal_path(args), box)
    if not path.is_file():
        raise JournalError(f"no {'' if box == DEFAULT else box + ' '}journal at {path}")
    return Journal(path, recover=False, game=installed_game(box))


def _chosen(journal: Journal, game_id: int | None) -> GameRecord:
    if game_id is not None:
        return journal.game(game_id)
    record = journal.current_game() or journal.latest_game()
    if record is None:
        raise JournalError(f"{journal.path} holds no game yet")
    return record


def export_game(args: argparse.Namespace) -> int:
    """Write the chosen game as JSON Lines and CSV into the folder (each file whole or
    not at all: written under a temporary name, then renamed)."""
    from companion.store.export import write_exports

    try:
        with _open_existing(args) as journal:
            record = _chosen(journal, args.game.id if args.game else None)
            out: Path = args.out
            out.mkdir(parents=True, exist_ok=True)
            written = write_exports(journal, record.id, out)
    except ConfigError as exc:
        return _fail(str(exc), EXIT_CONFIG)
    except (JournalError, OSError) as exc:
        return _fail(_journal_failure(exc, args))
    for path, count in written:
        print(f"{path}: {count} {'events' if path.suffix == '.jsonl' else 'rows'}")
    return EXIT_OK


def _journal_failure(exc: Exception, args: argparse.Namespace) -> str:
    """The words for a journal the tools cannot read: the card's trouble by name, and the
    games a newer companion's journal still holds for this program."""
    from companion.store import IncompatibleJournalError
    from companion.store.card import card_trouble

    if isinstance(exc, OSError):
        trouble = card_trouble(exc, Path(exc.filename or ".").parent)
        return f"{exc.filename or ''}: {trouble or exc.strerror or exc}".lstrip(": ")
    choice: GameChoice | None = getattr(args, "game", None)
    if not isinstance(exc, IncompatibleJournalError) or (choice is not None and
                                                         choice.id is not None):
        return str(exc)
    with contextlib.suppress(JournalError, OSError, ConfigError):
        box = _box(args)
        with Journal(_box_path(_journal_path(args), box), recover=False,
                     game=installed_game(box)) as journal:
            readable = [g.id for g in journal.readable_games()]
        if readable:
            listed = ", ".join(map(str, readable[:8])) + (", …" if len(readable) > 8 else "")
            return (f"{exc}; the older games in it can still be read: --game ID with "
                    f"ID {listed}")
    return str(exc)


# --- state -------------------------------------------------------------------------


def show_state(args: argparse.Namespace) -> int:
    """Print the public view of the game, as JSON or as a table for people."""
    try:
        with _open_existing(args) as journal:
            record = _chosen(journal, args.game.id if args.game else None)
            view = journal.rules.view_data(journal.replay(record.id))
            box, others = journal.rules.name, other_journals(_journal_path(args),
                                                             journal.rules.name)
        rows, problems = _settings(args)
    except ConfigError as exc:
        return _fail(str(exc), EXIT_CONFIG)
    except (JournalError, OSError) as exc:
        message = _journal_failure(exc, args)
        if not args.json:  # no game yet: the settings are still worth seeing
            with contextlib.suppress(ConfigError, OSError):
                print("Settings (the config file gives the defaults, the pads override):")
                print(format_rows(_settings(args)[0]))
        return _fail(message)
    view = {"game": record.id, "box": box, "created": record.created,
            "finished": record.finished, **_printable_names(view)}
    companion = describe()
    for problem in problems:
        print(f"mush-companion: table settings ignored: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps({**view, "settings": rows, "companion": companion},
                         ensure_ascii=False, indent=2, sort_keys=True))
    else:
        print(f"mush-companion {companion}")
        print(installed_box(box).describe(view))
        for line in others:
            print(line)
        print("\nSettings (the config file gives the defaults, the pads override):")
        print(format_rows(rows))
    return EXIT_OK


def _settings(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[str]]:
    """Every setting the pads can change: config value, pads value, the one in force."""
    store = PrefsStore.beside(_journal_path(args), read_only=True)  # never moves a file
    prefs = store.load()
    return settings_rows(_config(args), prefs), store.problems


def _printable_names(view: dict[str, Any]) -> dict[str, Any]:
    """The view with each seat's name as the screen shows it: a name journalled before
    the name rule (a lone surrogate, a NUL, an escape sequence) can neither stop the print
    nor write control codes to the terminal."""
    seats = [{**seat, "name": shown_name(seat.get("name"), f"seat {seat.get('seat')}")}
             for seat in view.get("seats", ())]
    return {**view, "seats": seats}


def format_rows(rows: list[dict[str, Any]]) -> str:
    """The rows as a small table for a terminal ('-' where the pads set nothing)."""
    def cell(value: object) -> str:
        if value is None:
            return "-"
        if isinstance(value, list):
            return ", ".join(map(str, value))
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    table = [("setting", "config file", "pads", "in force")]
    table += [(r["setting"], cell(r["config"]), cell(r["pads"]), cell(r["in_force"]))
              for r in rows]
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in table)
