"""Settings made on the pads, kept across restarts in a small JSON file beside the journal.

The one module of the pads' settings: what they are (`Prefs`), how they are kept
(`PrefsStore`). A game keeps its own keys here too (MUSH's board charts, "charts"),
declared and checked by its config section (`companion.config.section`) and carried as
they are. The config file's values with these on top are
`companion.config.file.apply_prefs`, beside the config they change.

Why a file of its own: the config file is the host's (it may be read-only under /etc),
and the journal holds games, not preferences; a file beside the journal sits in the one
folder the service may write (`StateDirectory`). The config file gives the defaults, a
value set on the pads overrides it, and `mush-companion state` shows both.

Why so careful: a card pulled mid-write must never leave a half file, so the file is
written to a temporary name, flushed to the card and renamed over the old one (atomic on
POSIX); a temporary file left by a kill mid-write is removed at the next start. A damaged
file is never fatal: it is named in the log and on the screen with what is wrong, its
readable values are still used, and it is set aside as `*.damaged` (never deleted): at
once when nothing in it can be read (not a regular file, too large, too deep, not JSON),
else when the next settings are saved. It is read within bounds (companion.files), so
no file there can hang the start, fill the memory or raise at every start. No game is
ever at stake here: games live in the journal.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from companion.config.names import MAX_NAME_LENGTH, BadName, check_name
from companion.config.section import PrefsKey, sections
from companion.exc import CompanionError
from companion.files import FileProblem, Limits, brief, parse_json, read_text, write_atomic

log = logging.getLogger("companion.prefs")

FILE_NAME = "table-settings.json"
FORMAT = 1
LANGUAGES = ("en", "fr", "de")  # the voice's languages (companion.voice.texts.LANGUAGES)
LIMITS = Limits(size=64 << 10, depth=8, key_parts=1, digits=20)
"""The file is read within these bounds: the largest the pads can write (24 kept names,
six seats, four charts) is under 4 KB, 4 brackets deep."""
MAX_SEATS = 6
MAX_KEPT_NAMES = 24
WINDOW_LIMITS = (0.5, 60.0)
CLAIM_LIMITS = (1.0, 600.0)


class PrefsError(CompanionError, ValueError):
    """A settings file (or one value in it) that cannot be used; the message says which."""


def game_keys() -> dict[str, PrefsKey]:
    """The keys the installed games keep in the file, each with its checks."""
    return {key: spec for section in sections().values() for key, spec in section.prefs.items()}


@dataclass(frozen=True)
class Prefs:
    """What the pads have set; None (or empty) means "as the config file says"."""

    screen_language: str | None = None
    voice_language: str | None = None
    volume: float | None = None
    muted: bool | None = None
    reduce_seconds: float | None = None
    reroll_seconds: float | None = None
    claim_seconds: float | None = None
    seat_names: tuple[str, ...] | None = None  # setup's names, seat by seat
    names: tuple[str, ...] = ()  # names spelled on the pads, offered again in setup
    # what a game keeps here, by its key in the file (MUSH's board charts: "charts"),
    # as its section checked it (`companion.config.section.PrefsKey`)
    parts: tuple[tuple[str, Any], ...] = ()

    def part(self, key: str) -> Any:
        """What a game keeps under `key`, or None."""
        return dict(self.parts).get(key)

    def with_part(self, key: str, value: Any) -> Prefs:
        """These prefs with a game's `key` set to `value`."""
        kept = dict(self.parts)
        kept[key] = value
        return replace(self, parts=tuple(sorted(kept.items(), key=lambda kv: kv[0])))

    def with_name(self, name: str) -> Prefs:
        """These prefs with a spelled name remembered (newest first, a few dozen kept)."""
        others = [n for n in self.names if n.casefold() != name.casefold()]
        return replace(self, names=tuple([name, *others][:MAX_KEPT_NAMES]))

    def to_json(self) -> dict[str, Any]:
        """The file's content; only what the pads set is written."""
        out: dict[str, Any] = {"format": FORMAT}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "parts":
                keys = game_keys()
                out.update({key: keys[key].to_json(part) for key, part in value
                            if key in keys and part})
            elif f.name in ("seat_names", "names"):
                if value:
                    out[f.name] = list(value)
            elif value is not None:
                out[f.name] = value
        return out


def _number(value: object, key: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PrefsError(f"{key}: must be a number (got {brief(value)})")
    if not low <= value <= high:
        raise PrefsError(f"{key}: must be from {low:g} to {high:g} (got {brief(value)})")
    return float(value)


def _name_list(value: object, key: str, most: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise PrefsError(f"{key}: must be a list of at most {most} names (got {brief(value)})")
    out = []
    for index, item in enumerate(value):
        try:
            out.append(check_name(item))  # the one rule for every name
        except BadName as exc:
            raise PrefsError(f"{key}.{index}: a name of 1 to {MAX_NAME_LENGTH} characters "
                             f"the screen can draw: this one {exc} (got {brief(item)})") from None
    return tuple(out)


def _value(key: str, value: object) -> object:
    """One key of the file, checked; raises PrefsError naming the key."""
    if key in ("screen_language", "voice_language"):
        if value not in LANGUAGES:
            raise PrefsError(f"{key}: one of {', '.join(LANGUAGES)} (got {brief(value)})")
        return value
    if key == "volume":
        return _number(value, key, 0.0, 1.0)
    if key == "muted":
        if not isinstance(value, bool):
            raise PrefsError(f"{key}: must be true or false (got {brief(value)})")
        return value
    if key in ("reduce_seconds", "reroll_seconds"):
        return _number(value, key, *WINDOW_LIMITS)
    if key == "claim_seconds":
        return _number(value, key, *CLAIM_LIMITS)
    if key == "seat_names":
        names = _name_list(value, key, MAX_SEATS)
        if len({n.casefold() for n in names}) != len(names):
            raise PrefsError(f"{key}: two seats have the same name")
        return names
    if key == "names":
        return _name_list(value, key, MAX_KEPT_NAMES)
    raise PrefsError(f"{brief(key, 40)}: unknown setting")


def parse_prefs(data: object) -> tuple[Prefs, list[str]]:
    """Prefs from the file's JSON, and every problem found (each bad key left out)."""
    if not isinstance(data, Mapping):
        return Prefs(), ["the file is not a table of settings"]
    if data.get("format", FORMAT) != FORMAT:
        return Prefs(), [f"format {brief(data.get('format'), 20)} is not known (this table "
                         f"writes {FORMAT})"]
    values: dict[str, Any] = {}
    parts: dict[str, Any] = {}
    games = game_keys()
    problems: list[str] = []
    for index, (key, value) in enumerate(data.items()):
        if key == "format":
            continue
        if index > 64:  # the pads write a dozen keys at most: the rest is not theirs
            problems.append(f"and {len(data) - index:,} more keys, not read")
            break
        game = games.get(str(key))
        try:
            checked = game.check(value, str(key)) if game is not None else _value(str(key), value)
        except ValueError as exc:
            problems.append(str(exc))
            kept = game.salvage(value, str(key)) if game is not None else None
            if kept:  # what is right of it is still used (MUSH's good charts)
                parts[str(key)] = kept
            continue
        if game is not None:
            if checked:  # an empty value is none, as the file writes it
                parts[str(key)] = checked
        else:
            values[str(key)] = checked
    return Prefs(**values, parts=tuple(sorted(parts.items()))), problems


TEMP_SUFFIX = ".tmp"


@dataclass
class PrefsStore:
    """The settings file: read once at start, written whole after each change.

    `read_only` (for `mush-companion state`) reads and reports, and never moves, removes
    or writes anything.
    """

    path: Path
    problems: list[str] = field(default_factory=list)
    read_only: bool = False
    _damaged: bool = False

    @classmethod
    def beside(cls, journal: Path, read_only: bool = False) -> PrefsStore:
        """The settings file in the journal's folder."""
        return cls(Path(journal).parent / FILE_NAME, read_only=read_only)

    @property
    def temporary(self) -> Path:
        """Where the next version is written before it is renamed into place."""
        return self.path.with_name(f".{self.path.name}{TEMP_SUFFIX}")

    def load(self) -> Prefs:
        """The kept settings; a missing file is no settings, a damaged one is named in
        `problems` (and the log) and what can be read of it is used. A file of which
        nothing can be read is set aside at once (unless `read_only`)."""
        self.problems = []
        if not self.read_only:
            self._remove_leftovers()
        try:
            text = read_text(self.path, LIMITS.size)
        except FileNotFoundError:
            return Prefs()
        except FileProblem as exc:
            self._unreadable(exc.problem)
            return Prefs()
        try:
            data = parse_json(text, LIMITS, self.path)
        except FileProblem as exc:
            self._unreadable(f"damaged: {exc.problem}")
            return Prefs()
        prefs, problems = parse_prefs(data)
        self._note(problems)
        return prefs

    def _unreadable(self, problem: str) -> None:
        """Nothing in the file can be used: named, and set aside so the next start is
        clean (the config file's values are in force meanwhile)."""
        aside = self._set_aside() if not self.read_only else None
        self._note([f"{problem}; set aside as {aside.name}" if aside is not None else problem])

    def _note(self, problems: list[str]) -> None:
        if not problems:
            return
        self._damaged = True
        self.problems = [f"{self.path}: {p}" for p in problems]
        for problem in self.problems if not self.read_only else ():  # `state` prints its own
            log.error("table settings: %s (ignored; the config file's value is used)", problem)

    def _set_aside(self) -> Path | None:
        """Rename the damaged file (or link, FIFO, folder: never opened) to `*.damaged`;
        where it went, or None when it could not be moved (a read-only card: the start
        goes on all the same)."""
        aside = self.path.with_name(self.path.name + ".damaged")
        try:
            try:
                os.replace(self.path, aside)
            except OSError as exc:
                if exc.errno not in (errno.EISDIR, errno.ENOTDIR, errno.EEXIST,
                                     errno.ENOTEMPTY):
                    raise
                # an earlier damaged folder (or a file, for a folder) is in the way
                aside = self.path.with_name(f"{self.path.name}.damaged-{os.getpid()}")
                os.replace(self.path, aside)
        except OSError as exc:
            log.error("table settings: cannot set %s aside: %s", self.path,
                      exc.strerror or exc)
            return None
        self._damaged = False
        return aside

    def _remove_leftovers(self) -> None:
        """A temporary file left by a kill mid-save (and older `mkstemp` names): never a
        link followed, never a folder removed."""
        folder = self.path.parent
        prefix = f".{self.path.name}."
        try:
            names = [e.name for e in os.scandir(folder) if e.name.startswith(prefix)]
        except OSError:
            return
        for name in names[:64]:
            leftover = folder / name
            with contextlib.suppress(OSError):
                if not stat.S_ISDIR(os.lstat(leftover).st_mode):
                    os.unlink(leftover)
                    log.info("table settings: removed %s, left by an interrupted save",
                             leftover)

    def save(self, prefs: Prefs) -> None:
        """Write atomically: a temporary file, flushed, renamed over the old one. A damaged
        file is first set aside as `*.damaged`. Raises OSError (a full or read-only card)."""
        if self.read_only:
            raise PermissionError(f"{self.path} is open read-only")
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        if self._damaged and os.path.lexists(self.path):
            aside = self.path.with_name(self.path.name + ".damaged")
            os.replace(self.path, aside)
            log.warning("table settings: the damaged file is kept as %s", aside)
        self._damaged = False
        text = json.dumps(prefs.to_json(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        write_atomic(self.path, text.encode("utf-8"), 0o644, temporary=self.temporary)
