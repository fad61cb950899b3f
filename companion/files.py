"""Reading the files the companion is given (config, settings, clips manifest), bounded.

Why one place: every file the companion reads at start can be anything a card, a typo or
a hostile hand puts there. A FIFO blocks a plain `open()` until a writer comes (systemd's
SIGTERM then cannot stop the start); a link to /dev/zero reads until memory runs out; a
5,000-digit number or 100,000 nested brackets make the standard parsers raise ValueError or
RecursionError at every start; a key of 200,000 dotted parts makes `tomllib` take minutes
and gigabytes. So each reader here:

- refuses anything but a regular file, looking before opening and again on the open file
  (opened with O_NONBLOCK, so even a FIFO swapped in between never blocks);
- reads at most a stated number of bytes, and refuses a file that is larger;
- scans the text once, in linear time, for bracket depth, key parts and digits in a
  number, before a recursive parser sees it;
- raises one error, `FileProblem`, whose message says what is wrong in words a host can
  act on; the caller adds the file's role and the fix (see `companion.config.file`,
  `companion.config.prefs`, `companion.voice.clips`).

A missing file is `FileNotFoundError`, left to the caller: for the settings file it means
"nothing set yet", for a config named on the command line it is a mistake.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.exc import CompanionError


class FileProblem(CompanionError, ValueError):
    """A file that cannot be used as it is; `problem` says why, without the path."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{path}: {problem}")


@dataclass(frozen=True)
class Limits:
    """How much of a file is read, and how deep and long its values may be.

    The defaults are far beyond any file the companion writes or documents (the example
    config is 8 KB and 4 brackets deep) and far below what would hurt a Pi.
    """

    size: int = 1 << 20  # bytes
    depth: int = 16  # brackets and braces inside one another
    key_parts: int = 16  # parts of one dotted TOML key (a.b.c)
    digits: int = 40  # digits in one number


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "a special file"


def _os_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "is a symbolic link that loops (it points, in the end, at itself)"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "cannot be read: permission denied (make it readable by the companion's user)"
    if exc.errno == errno.ENOTDIR:
        return "cannot be read: a part of its path is a file, not a folder"
    if exc.errno == errno.EIO:
        return "cannot be read: the card failed to read it (input/output error)"
    return f"cannot be read: {exc.strerror or exc}"


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The whole of a regular file of at most `limit` bytes.

    Raises FileNotFoundError when there is no file (nor a link) at `path`, FileProblem for
    everything else: a folder, FIFO, device or socket, a dangling or looping link, a file
    over `limit`, a read error. Never blocks on a FIFO and never reads more than
    `limit` + 1 bytes.
    """
    name = os.fspath(path)
    try:
        before = os.stat(name)
    except FileNotFoundError:
        if _is_link(name):
            target = _link_target(name)
            raise FileProblem(path, f"is a link to {target!r}, which does not exist") from None
        raise
    except ValueError:  # a NUL in the path
        raise FileProblem(path, "cannot be read: its name holds a NUL character") from None
    except OSError as exc:
        raise FileProblem(path, _os_problem(exc)) from None
    if not stat.S_ISREG(before.st_mode):
        raise FileProblem(path, f"is {kind_of(before.st_mode)}, not a regular file")
    if before.st_size > limit:
        raise FileProblem(path, f"is {before.st_size:,} bytes; at most {limit:,} are read "
                          "(is it the right file?)")
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FileProblem(path, _os_problem(exc)) from None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode):  # swapped between the look and the open
            raise FileProblem(path, f"is {kind_of(now.st_mode)}, not a regular file")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise FileProblem(path, _os_problem(exc)) from None
    finally:
        os.close(fd)
    if got > limit:
        raise FileProblem(path, f"is more than {limit:,} bytes (it grew while being read)")
    return b"".join(chunks)


def _is_link(name: str) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(name).st_mode)
    except (OSError, ValueError):
        return False


def _link_target(name: str) -> str:
    try:
        return os.readlink(name)
    except OSError:
        return "?"


def read_text(path: str | Path, limit: int) -> str:
    """A regular file of at most `limit` bytes, as UTF-8 text (see `read_bytes`)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileProblem(path, f"is not UTF-8 text (byte 0x{data[exc.start]:02x} on line "
                          f"{line})") from None


# --- a linear look at the text before a recursive parser sees it -----------------------


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _check_run(text: str, start: int, end: int, limits: Limits, path: str | Path) -> None:
    if end - start > limits.digits:
        raise FileProblem(path, f"line {_line(text, start)}: a number of more than "
                          f"{limits.digits} digits (no setting needs one)")


def _too_deep(text: str, index: int, limits: Limits, path: str | Path) -> FileProblem:
    return FileProblem(path, f"line {_line(text, index)}: brackets nested more than "
                       f"{limits.depth} deep")


def scan_json(text: str, limits: Limits, path: str | Path) -> None:
    """Refuse JSON nested deeper than `limits.depth` or with a number longer than
    `limits.digits`, in one pass (strings skipped)."""
    depth = 0
    index = 0
    length = len(text)
    digits_from = -1
    while index < length:
        char = text[index]
        if "0" <= char <= "9":
            if digits_from < 0:
                digits_from = index
            index += 1
            continue
        if digits_from >= 0:
            _check_run(text, digits_from, index, limits, path)
            digits_from = -1
        if char == '"':
            index += 1
            while index < length:
                char = text[index]
                if char == "\\":
                    index += 2
                    continue
                if char == '"':
                    break
                index += 1
        elif char in "[{":
            depth += 1
            if depth > limits.depth:
                raise _too_deep(text, index, limits, path)
        elif char in "]}":
            depth = max(0, depth - 1)
        index += 1
    if digits_from >= 0:
        _check_run(text, digits_from, length, limits, path)


def scan_toml(text: str, limits: Limits, path: str | Path) -> None:
    """Refuse TOML nested deeper than `limits.depth`, with a dotted key of more than
    `limits.key_parts` parts, or a number longer than `limits.digits`, in one pass
    (strings and comments skipped). `tomllib` recurses on brackets and is quadratic in a
    key's parts, so neither may reach it unbounded."""
    depth = 0
    dots = 0
    index = 0
    length = len(text)
    digits_from = -1
    while index < length:
        char = text[index]
        if "0" <= char <= "9" or (char == "_" and digits_from >= 0):
            if digits_from < 0:
                digits_from = index
            index += 1
            continue
        if digits_from >= 0:
            _check_run(text, digits_from, index, limits, path)
            digits_from = -1
        if char == "#":
            end = text.find("\n", index)
            index = length if end < 0 else end
            continue
        if char in "\"'":
            index = _skip_toml_string(text, index)
            continue
        if char in "[{":
            depth += 1
            if depth > limits.depth:
                raise _too_deep(text, index, limits, path)
            dots = 0
        elif char in "]}":
            depth = max(0, depth - 1)
            dots = 0
        elif char in "=,\n":
            dots = 0
        elif char == ".":
            dots += 1
            if dots >= limits.key_parts:
                raise FileProblem(path, f"line {_line(text, index)}: a key of more than "
                                  f"{limits.key_parts} dotted parts")
        index += 1
    if digits_from >= 0:
        _check_run(text, digits_from, length, limits, path)


def _skip_toml_string(text: str, index: int) -> int:
    """The index just after the string that starts at `index` (or the end of the line
    for an unterminated one: `tomllib` then names the syntax error)."""
    quote = text[index]
    length = len(text)
    if text.startswith(quote * 3, index):
        index += 3
        while index < length:
            if quote == '"' and text[index] == "\\":
                index += 2
                continue
            if text.startswith(quote * 3, index):
                index += 3
                while index < length and text[index] == quote:  # up to two more quotes
                    index += 1
                return index
            index += 1
        return length
    index += 1
    while index < length:
        char = text[index]
        if char == "\n":
            return index
        if quote == '"' and char == "\\":
            index += 2
            continue
        if char == quote:
            return index + 1
        index += 1
    return length


# --- parsers ---------------------------------------------------------------------------


def parse_json(text: str, limits: Limits, path: str | Path) -> Any:
    """JSON text within `limits`: no NaN or Infinity, no number beyond a float."""
    scan_json(text, limits, path)

    def constant(name: str) -> Any:
        raise FileProblem(path, f"holds {name}, which is not a number a setting can have")

    def number(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise FileProblem(path, f"holds the number {literal[:20]}…, too large for any "
                              "setting")
        return value

    try:
        return json.loads(text, parse_constant=constant, parse_float=number)
    except FileProblem:
        raise
    except json.JSONDecodeError as exc:
        raise FileProblem(path, f"is not valid JSON ({exc.msg} on line {exc.lineno}, column "
                          f"{exc.colno})") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # beyond what the scan saw
        raise FileProblem(path, f"cannot be read as JSON ({type(exc).__name__})") from None


def parse_toml(text: str, limits: Limits, path: str | Path) -> dict[str, Any]:
    """TOML text within `limits`."""
    scan_toml(text, limits, path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileProblem(path, f"TOML syntax: {exc}") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # beyond what the scan saw
        raise FileProblem(path, f"cannot be read as TOML ({type(exc).__name__})") from None


def load_json(path: str | Path, limits: Limits) -> Any:
    """A JSON file, read and parsed within `limits` (FileNotFoundError when missing)."""
    return parse_json(read_text(path, limits.size), limits, path)


def load_toml(path: str | Path, limits: Limits) -> dict[str, Any]:
    """A TOML file, read and parsed within `limits` (FileNotFoundError when missing)."""
    return parse_toml(read_text(path, limits.size), limits, path)


def brief(value: object, most: int = 60) -> str:
    """`repr(value)` cut to `most` characters, for messages that quote a file's content:
    `repr` escapes every unprintable character (a lone surrogate, a NUL, a zero-width
    space), so the message itself can always be printed and logged."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def write_atomic(path: Path, data: bytes, mode: int = 0o644,
                 temporary: Path | None = None) -> None:
    """Write `data` to `path` so a pulled plug leaves the old file or the new one, never
    half of either: a temporary file in the same folder, flushed to the card, given
    `mode`, renamed over `path`, and the folder flushed so the rename itself is kept.

    `temporary`: a fixed name for the temporary file (a kill then leaves one known file
    for the next start to remove); whatever stands there that is not a plain file (a link
    planted to make the write land elsewhere) is removed, and the file is opened without
    following links. Without it, a fresh unique name. Raises OSError (a full or
    read-only card); the temporary file is removed then.
    """
    folder = path.parent
    if temporary is None:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
        temp = Path(name)
    else:
        temp = temporary
        with contextlib.suppress(FileNotFoundError):  # never write through a link
            if not stat.S_ISREG(os.lstat(temp).st_mode):
                os.unlink(temp)
        handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
                         | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename, a new file) to the card; a folder that cannot
    be opened or flushed (some file systems refuse) is left as it is."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["FileProblem", "Limits", "brief", "kind_of", "load_json", "load_toml",
           "parse_json", "parse_toml", "read_bytes", "read_text", "scan_json", "scan_toml",
           "sync_folder", "write_atomic"]
