"""The files of one table, found from the configured journal: every game's journal, the
pads' settings and the phones' room.

Why one place: a backup must hold the whole table, a restore put all of it back, and an
update roll all of it back, whichever games the table has played. The configured
journal (`[store] path`) holds the default game's; every other game keeps its own file
beside it, named after the game (`journal.sqlite3` → `journal-canoe.sqlite3`), so the
default game's file and format stay exactly as they were. Games are found through the
registry of installed games (`companion.games`), never by a list here: a game added
there is backed up, restored and rolled back like the others.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.config.prefs import FILE_NAME as SETTINGS_NAME
from companion.games import DEFAULT, installed

ROOM_NAME = "web-room.json"
"""The phones' room beside the journal (`companion.web.room`): who holds which seat."""

GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
"""What a game's name may be: it becomes part of a file name and of a backup's member."""


def journal_of(base: Path, game: str) -> Path:
    """Where game `game`'s journal lives: the configured file for the default game, a
    file beside it named after any other (`journal-canoe.sqlite3`)."""
    base = Path(base)
    if game == DEFAULT:
        return base
    return base.with_name(f"{base.stem}-{game}{base.suffix}")


def base_of(path: Path, game: str) -> Path:
    """The configured journal's path, from game `game`'s journal beside it."""
    path = Path(path)
    tail = f"-{game}"
    if game == DEFAULT or not path.stem.endswith(tail):
        return path
    return path.with_name(f"{path.stem[:-len(tail)]}{path.suffix}")


def game_named_by(base: Path, path: Path) -> str | None:
    """The game whose journal name `path` has beside `base` (None: no journal's name)."""
    base, path = Path(base), Path(path)
    if path.name == base.name:
        return DEFAULT
    head, tail = f"{base.stem}-", base.suffix
    name = path.name
    if not (name.startswith(head) and name.endswith(tail)) or len(name) <= len(head + tail):
        return None
    game = name[len(head):len(name) - len(tail)]
    return game if GAME_NAME.match(game) and game != DEFAULT else None


def table_of(path: Path) -> Path:
    """The configured journal of the table a named journal belongs to: `path` itself,
    unless it is named as another game's journal (`journal-canoe.sqlite3`) and carries
    that game's events (its header's application id), when it is the file beside it
    (`journal.sqlite3`). So `backup --journal journal-canoe.sqlite3` backs up its table."""
    from companion.games import game as installed_game

    path = Path(path)
    stem, suffix = path.stem, path.suffix
    for name in installed():
        if name == DEFAULT or not stem.endswith(f"-{name}"):
            continue
        try:
            with open(path, "rb") as stream:
                head = stream.read(100)
        except OSError:
            return path
        if len(head) == 100 and head.startswith(b"SQLite format 3\x00") and \
                int.from_bytes(head[68:72], "big", signed=True) == \
                installed_game(name).codec.vocabulary:
            return path.with_name(f"{stem[:-len(name) - 1]}{suffix}")
    return path


def journals(base: Path) -> dict[str, Path]:
    """Every installed game's journal path beside `base`, the default game's first."""
    names = [DEFAULT, *(n for n in installed() if n != DEFAULT)]
    return {name: journal_of(base, name) for name in names}


def existing_journals(base: Path) -> dict[str, Path]:
    """The installed games' journals that exist now."""
    return {name: path for name, path in journals(base).items() if path.exists()}


def strangers(base: Path) -> list[Path]:
    """Files named like a game's journal beside `base` whose game is not installed here
    (a backup says it left them out; a restore leaves them as they are)."""
    folder = Path(base).parent
    try:
        found = sorted(folder.iterdir())
    except OSError:
        return []
    known = set(installed())
    return [p for p in found if (g := game_named_by(base, p)) is not None and g not in known
            and p.is_file()]


def settings_of(base: Path) -> Path:
    """The pads' settings beside the journal."""
    return Path(base).parent / SETTINGS_NAME


def room_of(base: Path) -> Path:
    """The phones' room beside the journal."""
    return Path(base).parent / ROOM_NAME


def anything_at(base: Path) -> bool:
    """Whether the table has any file yet (a journal of any game, settings, a room)."""
    return bool(existing_journals(base)) or settings_of(base).exists() or \
        room_of(base).exists()


__all__ = ["GAME_NAME", "ROOM_NAME", "SETTINGS_NAME", "anything_at", "base_of",
           "existing_journals", "game_named_by", "journal_of", "journals", "room_of",
           "settings_of", "strangers", "table_of"]
