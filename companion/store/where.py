"""Whether a path can hold the game journal: the one check `check-config`, `run` and the
journal's own start-up agree on, so a path the check accepts is one the journal can use,
and a file that is not a journal is never offered to the journal to "recover".

What it refuses, and why each: see `store_problem`. It reads at most a file's first
bytes and the mount table, never writes, and knows no config format (the config's
`[store] path` parser, `companion.config.file.parse_store`, names the key).
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from companion.files import brief, kind_of

PSEUDO_FILESYSTEMS = frozenset({
    "proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "tracefs",
    "securityfs", "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "autofs",
    "binfmt_misc", "efivarfs", "nsfs", "rpc_pipefs", "selinuxfs"})
"""Filesystems of the kernel's own, which look like folders but cannot keep a file."""

SQLITE_MAGIC = b"SQLite format 3\x00"
_FOREIGN_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"%PDF", b"PK\x03\x04", b"\x1f\x8b",
                  b"\x7fELF", b"OggS", b"RIFF", b"BZh", b"\xfd7zXZ", b"7z\xbc\xaf")


def store_problem(path: Path) -> str | None:
    """Why `path` cannot hold the journal, or None when it can.

    Refused: a folder, a device (/dev/null), FIFO or socket; a link that dangles or loops;
    a path through a file or a loop; a folder on the kernel's own filesystems (/proc,
    /sys, /dev); a journal that does not exist yet in a folder where it cannot be made
    (permission, read-only card); an existing file that is not a journal (a text file,
    an image, another program's database). An existing journal on a read-only card is
    kept: the journal then plays on in memory and says so on the screen.
    """
    shown = str(path)
    try:
        here = os.lstat(path)
    except FileNotFoundError:
        here = None
    except OSError as exc:
        return f"{shown!r} cannot be used: {_path_trouble(exc)}"
    except ValueError:
        return f"{brief(shown)} holds a NUL character"
    if here is not None and stat.S_ISLNK(here.st_mode):
        try:
            here = os.stat(path)
        except FileNotFoundError:
            return (f"{shown!r} is a link to {_readlink(path)!r}, which does not exist; name "
                    "the journal file itself")
        except OSError as exc:
            return f"{shown!r} cannot be used: {_path_trouble(exc)}"
    if here is not None:
        if stat.S_ISDIR(here.st_mode):
            return f"{shown!r} is a folder; name the journal file"
        if not stat.S_ISREG(here.st_mode):
            return (f"{shown!r} is {kind_of(here.st_mode)}, not a file that can hold a "
                    "journal; name a file such as .../journal.sqlite3")
    folder, problem = _existing_folder(path.parent)
    if problem is not None:
        return problem
    fs_type = filesystem_type(folder)
    if fs_type in PSEUDO_FILESYSTEMS:
        return (f"{str(folder)!r} is on the kernel's {fs_type} filesystem, which cannot keep "
                "files; put the journal on the card (e.g. /var/lib/mush-companion)")
    if here is None:
        effective = os.access in os.supports_effective_ids  # the rights the program has
        if not os.access(folder, os.W_OK | os.X_OK, effective_ids=effective):
            why = ("the card is read-only" if _read_only(folder)
                   else f"permission denied for the user the companion runs as "
                        f"(uid {os.geteuid()})")
            return f"the journal cannot be made in {str(folder)!r}: {why}"
        return None
    return _not_a_journal(path)


def _path_trouble(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "a symbolic link on the way loops (it points, in the end, at itself)"
    if exc.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied on the way to it"
    return exc.strerror or str(exc)


def _readlink(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def _existing_folder(folder: Path) -> tuple[Path, str | None]:
    """The nearest folder of the path that exists (the journal makes the rest), or why
    the journal's folder cannot be made."""
    while True:
        try:
            mode = os.stat(folder).st_mode
        except FileNotFoundError:
            if os.path.lexists(folder):
                return folder, (f"{str(folder)!r} is a link to {_readlink(folder)!r}, which "
                                "does not exist, so the journal's folder cannot be made")
            if folder == folder.parent:
                return folder, f"{str(folder)!r} does not exist"
            folder = folder.parent
            continue
        except OSError as exc:
            return folder, f"the journal's folder {str(folder)!r} cannot be used: " \
                           f"{_path_trouble(exc)}"
        if not stat.S_ISDIR(mode):
            return folder, (f"the journal's folder cannot be made: {str(folder)!r} is "
                            f"{kind_of(mode) if not stat.S_ISREG(mode) else 'a file'}, "
                            "not a folder")
        return folder, None


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def filesystem_type(folder: Path, mountinfo: Path = Path("/proc/self/mountinfo")) -> str | None:
    """The type of the filesystem `folder` is on, from the kernel's mount table (None
    where there is no such table)."""
    try:
        with open(mountinfo, "rb") as stream:
            table = stream.read(4 << 20).decode("utf-8", "replace")
        where = os.path.realpath(folder)
    except (OSError, ValueError):
        return None
    best, kind = "", None
    for line in table.splitlines():
        fields = line.split(" ")
        if "-" not in fields[6:]:
            continue
        dash = fields.index("-", 6)
        point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), fields[4])
        inside = where == point or where.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best) and dash + 1 < len(fields):
            best, kind = point, fields[dash + 1]
    return kind


def _not_a_journal(path: Path) -> str | None:
    """Why an existing file is not a journal, or None when it is one (or could be a
    damaged one, which the journal itself salvages)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return f"{str(path)!r} is not a regular file"
            head = os.pread(fd, 65536, 0)
        finally:
            os.close(fd)
    except OSError:
        return None  # unreadable here: the journal itself says what is wrong
    if not head:
        return None  # an empty file: SQLite makes a new journal in it
    shown = str(path)
    if head.startswith(SQLITE_MAGIC):
        tables = re.findall(rb"CREATE TABLE (?:IF NOT EXISTS )?[\"`\[]?(\w+)", head)
        names = sorted({t.decode("ascii", "replace") for t in tables})
        if names and "games" not in names and "events" not in names:
            return (f"{shown!r} is another program's database (tables: "
                    f"{', '.join(names[:6])}), not a journal; name a new file")
        return None
    text = b"\0" not in head[:4096]
    try:
        head[:4096].decode("utf-8")
    except UnicodeDecodeError as exc:
        text = text and exc.start >= 4090  # only a character cut at the end
    if text or head.startswith(_FOREIGN_MAGIC):
        return (f"{shown!r} is an existing file that is not a journal (it begins "
                f"{brief(head[:24])}); name a new file for the journal (this one is "
                "left as it is)")
    return None
