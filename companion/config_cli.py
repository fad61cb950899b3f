"""Subcommands for the config file and the journal: check-config, new-game, export, state.

They let a host check a config before restarting the service, start a fresh game, take a
game's record off the Pi and see the table's state over SSH, without starting the
companion. `register(subparsers)` adds them to `mush-companion`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.config import Config, default_config_path, load_config
from companion.errors import ConfigError
from companion.prefs import format_rows, settings_rows
from companion.rules.views import public_view
from companion.store import GameRecord, Journal, JournalError
from companion.table.prefs import PrefsStore

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
    export.add_argument("--game", type=int, metavar="ID",
                        help="the game's id (default: the newest game)")
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
    state.add_argument("--game", type=int, metavar="ID", help="another game's id")
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
    """
    from companion.store.control import ask_for_new_game

    try:
        config = _config(args)
        path = Path(args.journal) if args.journal is not None else config.store.path
        print(ask_for_new_game(path, config.game))
    except ConfigError as exc:
        return _fail(str(exc), EXIT_CONFIG)
    except (JournalError, OSError) as exc:
        return _fail(str(exc))
    return EXIT_OK


# --- export ------------------------------------------------------------------------


def _open_existing(args: argparse.Namespace) -> Journal:
    path = _journal_path(args)
    if not path.is_file():
        raise JournalError(f"no journal at {path}")
    return Journal(path, recover=False)


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
            record = _chosen(journal, args.game)
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
    if not isinstance(exc, IncompatibleJournalError) or getattr(args, "game", None):
        return str(exc)
    with contextlib.suppress(JournalError, OSError, ConfigError), \
            Journal(_journal_path(args), recover=False) as journal:
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
            record = _chosen(journal, args.game)
            view = public_view(journal.replay(record.id))
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
    view = {"game": record.id, "created": record.created, "finished": record.finished, **view}
    for problem in problems:
        print(f"mush-companion: table settings ignored: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps({**view, "settings": rows}, ensure_ascii=False, indent=2,
                         sort_keys=True))
    else:
        print(format_view(view))
        print("\nSettings (the config file gives the defaults, the pads override):")
        print(format_rows(rows))
    return EXIT_OK


def _settings(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[str]]:
    """Every setting the pads can change: config value, pads value, the one in force."""
    store = PrefsStore.beside(_journal_path(args))
    prefs = store.load()
    return settings_rows(_config(args), prefs), store.problems


def format_view(view: dict[str, Any]) -> str:
    """The public view as a few lines and one row per seat, for a terminal."""
    status = "over" if view.get("finished") else "in progress"
    head = [f"Game {view['game']} ({status}), round {view['round']}, phase {view['phase']}"]
    if view.get("weather"):
        head.append(f"Weather: {view['weather']} ({view.get('weather_zone')} chart)")
    head.append(f"Bank: {view['bank']} chips, coins in use: {view['coins']}, "
                f"avalanche sticks: {view['sticks']}")
    if view.get("winner") is not None:
        winner = view["seats"][view["winner"]]
        head.append(f"Winner: {winner['name']} (seat {view['winner']})")
    columns = ("seat", "name", "chips", "covered", "training", "zone", "place", "bid")
    rows = [columns]
    for seat in view["seats"]:
        bid = seat["bid"] if seat["bid"] is not None else ("locked" if seat["locked"] else "")
        marks = (" *" if seat["seat"] == view.get("active") else "") + (
            " (Ice Bear)" if seat["ice_bear"] else "")
        rows.append((str(seat["seat"]), f"{seat['name']}{marks}", str(seat["chips"]),
                     str(seat["covered"]), seat["training"] or "", seat["zone"],
                     str(seat["place"] or ""), str(bid)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    return "\n".join([*head, "", *lines])
