"""A backup file's members, read one by one from the gzip'd tar, never more than allowed.

Why not `tarfile`: a backup to restore is a file anyone may have made, and `tarfile`
trusts its headers. A pax or GNU long-name header says how many bytes it holds and
`tarfile` reads them all into memory; listing the members decompresses every member
first. An 8.7 MB file of four 500 MB members of zeros made a restore read 2 GB and die
of a MemoryError; on a 1 GB Pi the kernel may kill the running table instead.

So this reader takes only what a companion writes: a gzip stream holding a plain
POSIX (ustar) tar of regular files with short names, each header checked by its own
checksum. The caller says, for each name, how many bytes the member may hold; a larger
member, an unknown name, a link, a folder or a pax header is refused from its header,
before one byte of it is read. Member data is handed out in chunks of at most `CHUNK`
bytes (to a file, a hash), so memory stays flat however large an allowed member is, and
reading stops at the tar's end marker: trailing bytes, however many, are never
decompressed.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from companion.exc import CompanionError

BLOCK = 512
CHUNK = 1 << 16
"""Bytes decompressed and handed on at a time."""

MAX_MEMBERS = 64
"""More members than this is no backup a companion wrote (it writes fewer than ten)."""


class TarProblem(CompanionError, ValueError):
    """The stream is not a tar a companion wrote, or breaks a bound; says which."""


@dataclass(frozen=True)
class Member:
    """One member's header: its name and size in bytes."""

    name: str
    size: int


def _number(field: bytes) -> int:
    text = field.rstrip(b"\0 ").lstrip(b" ")
    if not text:
        return 0
    if field[:1] in (b"\x80", b"\xff"):
        raise TarProblem("a header holds a base-256 number (no companion writes one)")
    try:
        return int(text, 8)
    except ValueError:
        raise TarProblem("a header's number is not octal: not a tar") from None


def _header(block: bytes) -> Member:
    stored = _number(block[148:156])
    computed = sum(block[:148]) + 8 * 32 + sum(block[156:])
    if stored != computed:
        raise TarProblem("a header does not match its checksum: not a tar, or damaged")
    if block[257:262] != b"ustar":
        raise TarProblem("not a POSIX (ustar) tar")
    kind = block[156:157]
    name = block[:100].split(b"\0", 1)[0]
    prefix = block[345:500].split(b"\0", 1)[0]
    if prefix:
        name = prefix + b"/" + name
    try:
        text = name.decode("ascii")
    except UnicodeDecodeError:
        raise TarProblem("a member's name is not plain ASCII") from None
    if kind not in (b"0", b"\0"):
        what = {b"x": "a pax header", b"g": "a pax header", b"L": "a long-name header",
                b"K": "a long-link header", b"1": "a hard link", b"2": "a symbolic link",
                b"5": "a folder"}.get(kind, f"a member of type {kind!r}")
        raise TarProblem(f"{text!r} is {what}, which no companion backup holds")
    return Member(text, _number(block[124:136]))


class Reader:
    """The members of a gzip'd tar, in order, each read whole before the next.

    `limit(name)` is the most bytes member `name` may hold, or None for a name that is
    not allowed at all; `total` bounds the bytes of all members together.
    """

    def __init__(self, source: BinaryIO, limit: Callable[[str], int | None],
                 total: int) -> None:
        head = source.read(2)
        if head != b"\x1f\x8b":
            raise TarProblem("not a gzip file (a companion backup is a .tar.gz)")
        source.seek(0)
        self._stream = gzip.GzipFile(fileobj=source, mode="rb")
        self._limit = limit
        self._left = total

    def _read(self, size: int) -> bytes:
        try:
            data = self._stream.read(size)
        except (OSError, EOFError, zlib.error) as exc:
            raise TarProblem(f"the gzip stream is damaged ({exc})") from exc
        return data

    def members(self) -> Iterator[tuple[Member, Iterator[bytes]]]:
        """Each member and an iterator over its data's chunks (what is left unread of
        it is skipped when the next member is asked for)."""
        count = 0
        while True:
            block = self._read(BLOCK)
            if len(block) < BLOCK:
                raise TarProblem("the file ends inside a tar header: cut short")
            if block == bytes(BLOCK):
                return  # the end marker: nothing after it is read
            member = _header(block)
            count += 1
            if count > MAX_MEMBERS:
                raise TarProblem(f"more than {MAX_MEMBERS} members")
            allowed = self._limit(member.name)
            if allowed is None:
                raise TarProblem(f"it holds {member.name!r}, which no backup of the companion "
                                 "has")
            if member.size > allowed:
                raise TarProblem(f"{member.name} would be {member.size:,} bytes; a backup's "
                                 f"{member.name} is at most {allowed:,}")
            if member.size > self._left:
                raise TarProblem("its members add up to more than a backup may hold")
            self._left -= member.size
            data = self._data(member)
            yield member, data
            for _ in data:  # what the caller left unread (bounded above) is skipped
                pass

    def _data(self, member: Member) -> Iterator[bytes]:
        left = member.size
        while left > 0:
            chunk = self._read(min(CHUNK, left))
            if not chunk:
                raise TarProblem(f"the file ends inside {member.name}: cut short")
            left -= len(chunk)
            yield chunk
        padding = -member.size % BLOCK
        if padding and len(self._read(padding)) < padding:
            raise TarProblem(f"the file ends after {member.name}: cut short")


__all__ = ["BLOCK", "CHUNK", "MAX_MEMBERS", "Member", "Reader", "TarProblem"]
