"""Reading a damaged journal below SQL: table rows straight from b-tree pages and WAL frames.

Why this exists: once a page of the journal is lost (a main file cut short, a bad frame in
the `-wal`), SQLite refuses every query that walks through it, and a bad WAL frame makes
it silently ignore every later frame. The rows themselves are usually still on the card.
This module finds them the way `sqlite3 .recover` does, without the sqlite3 shell (which
the Pi's Python does not expose): it parses every table-leaf page of the main file and
every committed, checksum-valid frame of the WAL, and decodes the records in their cells.
The caller decides which rows belong to which table by their shape.

It only reads bytes it was given; nothing here touches a file.

The formats are SQLite's documented ones (https://www.sqlite.org/fileformat2.html):
pages of `page_size` bytes, page 1 starting after a 100-byte header; a table b-tree leaf
page has type 13; a WAL is a 32-byte header and frames of a 24-byte header plus a page.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

Value = int | float | bytes | None
"""A column value as found on the page: text stays bytes, decoding is the caller's job."""

WAL_MAGIC = (0x377F0682, 0x377F0683)
_LEAF_TABLE = 13
_LEAF_INDEX = 10
_INTERIOR_INDEX = 2
_INTERIOR_TABLE = 5


def varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's big-endian varint at `at`: (value, offset after it). Raises IndexError."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def decode_record(payload: bytes) -> list[Value] | None:
    """The columns of one record, or None when the record is not well formed."""
    try:
        header_len, at = varint(payload, 0)
        if header_len > len(payload) or header_len < 1:
            return None
        types = []
        while at < header_len:
            serial, at = varint(payload, at)
            types.append(serial)
        body = header_len
        values: list[Value] = []
        for serial in types:
            if serial == 0:
                values.append(None)
            elif 1 <= serial <= 6:
                size = (1, 2, 3, 4, 6, 8)[serial - 1]
                if body + size > len(payload):
                    return None
                values.append(int.from_bytes(payload[body:body + size], "big", signed=True))
                body += size
            elif serial == 7:
                if body + 8 > len(payload):
                    return None
                values.append(struct.unpack(">d", payload[body:body + 8])[0])
                body += 8
            elif serial in (8, 9):
                values.append(serial - 8)
            elif serial >= 12:
                size = (serial - 12) // 2
                if body + size > len(payload):
                    return None
                values.append(bytes(payload[body:body + size]))
                body += size
            else:  # 10 and 11 are reserved
                return None
        if body != len(payload):
            return None
        return values
    except IndexError:
        return None


def leaf_rows(page: bytes, page_number: int, usable: int) -> Iterator[tuple[int, list[Value]]]:
    """(rowid, columns) of every cell of a table-leaf page; other pages give nothing.

    Cells whose payload spills onto overflow pages are skipped (a journal row is far
    smaller than a page), as are cells that point outside the page or do not decode.
    """
    base = 100 if page_number == 1 else 0
    if len(page) < base + 8 or page[base] != _LEAF_TABLE:
        return
    count = int.from_bytes(page[base + 3:base + 5], "big")
    limit = usable - 35  # the largest payload kept on a leaf page
    for i in range(count):
        pointer_at = base + 8 + 2 * i
        if pointer_at + 2 > len(page):
            return
        cell = int.from_bytes(page[pointer_at:pointer_at + 2], "big")
        if cell < base + 8 or cell >= len(page):
            continue
        try:
            size, at = varint(page, cell)
            rowid, at = varint(page, at)
        except IndexError:
            continue
        if size > limit or at + size > len(page):
            continue
        values = decode_record(page[at:at + size])
        if values is not None:
            yield rowid, values


def index_keys(page: bytes, page_number: int, usable: int) -> list[list[Value]]:
    """The keys of an index page (leaf or interior), when every cell of it decodes and
    they stand in ascending order, as SQLite keeps them; else none (a page of anything
    else, or one a flipped bit made doubtful, names nothing).

    The journal's indexes (`UNIQUE (game_id, seq)` on events, `(game_id, batch)` on
    undos) keep every row's numbers on pages of their own: where the rows are gone, their
    numbers often survive here.
    """
    base = 100 if page_number == 1 else 0
    if len(page) < base + 12 or page[base] not in (_LEAF_INDEX, _INTERIOR_INDEX):
        return []
    leaf = page[base] == _LEAF_INDEX
    count = int.from_bytes(page[base + 3:base + 5], "big")
    keys: list[list[Value]] = []
    for i in range(count):
        pointer_at = base + (8 if leaf else 12) + 2 * i
        if pointer_at + 2 > len(page):
            return []
        cell = int.from_bytes(page[pointer_at:pointer_at + 2], "big") + (0 if leaf else 4)
        try:
            size, at = varint(page, cell)
        except IndexError:
            return []
        if size > usable - 35 or at + size > len(page):
            return []
        values = decode_record(page[at:at + size])
        if values is None or not all(isinstance(v, int) for v in values):
            return []
        keys.append(values)
    return keys if keys == sorted(keys) else []


def record_at(data: bytes, at: int) -> list[Value] | None:
    """The record whose header starts at `at`, its length read from that header; None when
    the bytes there are not a well-formed record."""
    try:
        header_len, cursor = varint(data, at)
        if not 2 <= header_len <= 64:
            return None
        size = header_len
        while cursor < at + header_len:
            serial, cursor = varint(data, cursor)
            if 1 <= serial <= 6:
                size += (1, 2, 3, 4, 6, 8)[serial - 1]
            elif serial == 7:
                size += 8
            elif serial >= 12:
                size += (serial - 12) // 2
            elif serial in (10, 11):
                return None
        if cursor != at + header_len or at + size > len(data):
            return None
    except IndexError:
        return None
    return decode_record(data[at:at + size])


def carve(data: bytes, anchor: bytes, before: range) -> Iterator[Iterator[list[Value]]]:
    """Records found by what follows their header, wherever they lie in `data`: rows no
    b-tree leads to any more (a flipped bit in a cell pointer, a page header or a page
    type hides every row of its page from SQLite and from `leaf_rows`), and rows whose
    own header lost a bit.

    Every occurrence of `anchor` (an event's `{"`) is a place a record's values may
    start; its header then starts `before` bytes earlier, where the byte after the
    header's length is 0 (the journal's rowid column, always NULL in the record), or one
    bit away from 0. For each place, the readings of every such start as they stand come
    first, then (lazily) as they would read had one bit of the header flipped (a text's
    length one bit off shifts every value after it). Only candidates: the caller keeps
    the reading that matches the row's own checksum, and stops asking for more.
    """
    for found in re.finditer(re.escape(anchor), data):
        starts = [at for at in (found.start() - k for k in before)
                  if at >= 0 and data[at + 1] & (data[at + 1] - 1) == 0]  # 0, or one bit
        if starts:
            yield _readings(data, starts, found.start())


def _readings(data: bytes, starts: list[int], values_at: int) -> Iterator[list[Value]]:
    for at in starts:
        values = record_at(data, at)
        if values is not None:
            yield values
    for at in starts:
        window = bytearray(data[at:values_at])
        tail = data[values_at:values_at + 4096]
        for index in range(len(window)):
            for bit in range(8):
                window[index] ^= 1 << bit
                other = record_at(bytes(window) + tail, 0)
                window[index] ^= 1 << bit
                if other is not None:
                    yield other


def last_rowid(main: bytes, page_size: int, table: bytes) -> int | None:
    """The highest rowid of `table`, when the path to it is whole: the table's root
    page named in the schema (page 1), then each interior page's rightmost child, down
    to a leaf page every cell of which decodes. None when any step is damaged.

    A row found with this rowid is the last row the table ever held, so nothing was
    written after it (no lost page can have held more), whatever else is damaged.
    """
    usable = page_size - (main[20] if len(main) > 20 else 0)
    first = main[:page_size]
    root = None
    for _, values in leaf_rows(first, 1, usable):
        if len(values) == 5 and values[0] == b"table" and values[1] == table and \
                isinstance(values[3], int):
            root = values[3]
    page_number = root
    for _ in range(16):  # no journal's b-tree is anywhere near this deep
        if page_number is None or not 1 <= page_number <= len(main) // page_size:
            return None
        page = main[(page_number - 1) * page_size: page_number * page_size]
        base = 100 if page_number == 1 else 0
        if page[base] == 5:  # interior table page: go down its rightmost pointer
            page_number = int.from_bytes(page[base + 8:base + 12], "big")
            continue
        if page[base] != _LEAF_TABLE:
            return None
        count = int.from_bytes(page[base + 3:base + 5], "big")
        cells = list(leaf_rows(page, page_number, usable))
        if count == 0 or len(cells) != count:
            return None
        rowids = [rowid for rowid, _ in cells]
        if rowids != sorted(set(rowids)):
            return None
        return rowids[-1]
    return None


def highest_key(main: bytes, page_size: int, table: bytes) -> int:
    """The highest rowid any interior page of `table`'s b-tree still names (0: none):
    walked from the table's root page named in the schema (page 1), every interior page
    that can be reached. An interior page keeps, for each of its children but the last,
    the highest rowid under it, so where the leaves at the end of a file are cut off,
    their rowids are often still named nearer its start."""
    usable = page_size - (main[20] if len(main) > 20 else 0)
    roots = [values[3] for _, values in leaf_rows(main[:page_size], 1, usable)
             if len(values) == 5 and values[0] == b"table" and values[1] == table
             and isinstance(values[3], int)]
    pages = len(main) // page_size
    todo: list[object] = list(roots[:1])
    seen: set[int] = set()
    best = 0
    while todo and len(seen) < 4096:
        number = todo.pop()
        if not isinstance(number, int) or not 1 <= number <= pages or number in seen:
            continue
        seen.add(number)
        page = main[(number - 1) * page_size:number * page_size]
        base = 100 if number == 1 else 0
        if page[base] != _INTERIOR_TABLE:
            continue
        count = int.from_bytes(page[base + 3:base + 5], "big")
        keys = []
        for i in range(count):
            at = base + 12 + 2 * i
            cell = int.from_bytes(page[at:at + 2], "big")
            try:
                key, _ = varint(page, cell + 4)
            except IndexError:
                break
            keys.append(key)
            todo.append(int.from_bytes(page[cell:cell + 4], "big"))
        if len(keys) == count and keys == sorted(keys):
            best = max(best, *keys, 0)
            todo.append(int.from_bytes(page[base + 8:base + 12], "big"))
    return best


def page_size_of(main: bytes, default: int = 4096) -> int:
    """The page size named in the database header, or `default` if the header is damaged."""
    if len(main) >= 100 and main.startswith(b"SQLite format 3\x00"):
        raw = int.from_bytes(main[16:18], "big")
        size = 65536 if raw == 1 else raw
        if size >= 512 and size & (size - 1) == 0:
            return size
    return default


def main_pages(main: bytes, page_size: int) -> Iterator[tuple[int, bytes]]:
    """(page number, bytes) of every whole page of a main file, however short the file."""
    for index in range(len(main) // page_size):
        yield index + 1, main[index * page_size:(index + 1) * page_size]


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of `data` (a multiple of 8 bytes), seeded with (s0, s1)."""
    for a, b in struct.iter_unpack(">II" if big else "<II", data):
        s0 = (s0 + a + s1) & 0xFFFFFFFF
        s1 = (s1 + b + s0) & 0xFFFFFFFF
    return s0, s1


_FEW_FRAMES = 8
"""Below this many frames `_frame_checksums` checks them one by one (its lanes cost a
fixed couple of milliseconds, worth it only for more)."""


def _frame_checksums(data: bytes, big: bool, page_size: int) -> list[tuple[int, int]]:
    """The checksum every frame of the WAL's current generation computes over its first
    8 header bytes and its page, each seeded as SQLite seeds it: with the checksum stored
    just before it (the WAL header's for the first frame). Equal to `_checksum` frame by
    frame, only faster.

    Why: opening a journal checks every frame, up to a thousand of 4 KiB before SQLite
    checkpoints, and a loop of Python additions over each word is most of the time the Pi
    spends starting. Since each seed is read from the file rather than computed, the
    frames do not wait for one another: all of them are summed at once, frame f in the
    f-th 64-bit lane of one big integer (32 bits of sum, room above for the carries, which
    the mask drops), so each step of the sum is a few big-integer operations over every
    frame instead of a few Python operations per frame.
    """
    stride = 24 + page_size
    salts = data[16:24]
    count = 0
    while 32 + (count + 1) * stride <= len(data) and \
            data[32 + count * stride + 8:32 + count * stride + 16] == salts:
        count += 1
    seeds = [struct.unpack(">II", data[24:32])]
    seeds += [struct.unpack(">II", data[48 + i * stride:56 + i * stride]) for i in range(count)]
    if count < _FEW_FRAMES:
        return [_checksum(data[32 + i * stride:40 + i * stride]
                          + data[56 + i * stride:32 + (i + 1) * stride], big, *seeds[i])
                for i in range(count)]
    # A frame is a whole number of 8-byte words (page sizes are powers of two from 512),
    # and so is each checksummed pair of 4-byte words: word pair k of every frame is one
    # strided column of the frames read as unsigned 64-bit words. Read big-endian, the
    # column comes out with the frames in reverse order, each pair's first word on top.
    view = memoryview(data)[32:32 + count * stride].cast("Q")
    step = stride // 8
    order: Literal["big", "little"] = "big" if big else "little"
    lanes = seeds[count - 1::-1] if big else seeds[:count]
    low = int.from_bytes(b"\xff\xff\xff\xff\0\0\0\0" * count, "little")
    s0 = int.from_bytes(struct.pack(f"<{count}Q", *(s for s, _ in lanes)), "little")
    s1 = int.from_bytes(struct.pack(f"<{count}Q", *(s for _, s in lanes)), "little")
    for column in (0, *range(3, step)):  # the header's first 8 bytes, then the page
        pair = int.from_bytes(view[column::step].tobytes(), order)
        first, second = (pair >> 32 & low, pair & low) if big else (pair & low, pair >> 32 & low)
        s0 = (s0 + first + s1) & low
        s1 = (s1 + second + s0) & low
    sums = list(zip(struct.unpack(f"<{count}Q", s0.to_bytes(8 * count, "little")),
                    struct.unpack(f"<{count}Q", s1.to_bytes(8 * count, "little")),
                    strict=True))
    return sums[::-1] if big else sums


@dataclass
class WalReport:
    """What a `-wal` file holds, frame by frame, next to what SQLite will use of it.

    SQLite reads frames in order and stops at the first one whose checksum or salt is
    wrong, using only whole commits before it. Frames of later commits that are themselves
    sound are then silently ignored: `ignored` counts them, and `damaged` says so.
    """

    page_size: int = 0
    frames: int = 0  # frames of the current WAL generation (matching salts)
    applied: int = 0  # frames SQLite uses: whole commits before the first bad frame
    bad_frame: int | None = None  # index (0-based) of the first frame that fails its checksum
    ignored: int = 0  # sound frames of whole commits after the bad frame
    torn: bool = False  # it ends inside a frame, or inside a commit: its tail is gone
    pages: list[tuple[int, bytes, bool]] = field(default_factory=list)
    """(page no, page, whether every frame of its commit was sound), in frame order."""

    @property
    def damaged(self) -> bool:
        """Whether SQLite would silently drop committed work from this WAL."""
        return self.ignored > 0


def read_wal(data: bytes) -> WalReport:
    """Check every frame of a WAL and collect the pages of whole, sound commits.

    Each frame's checksum is seeded by the checksum stored in the frame before it, so a
    frame after a bad one can still be checked on its own. `pages` holds, in frame order,
    the pages of every committed frame that passes its own check, including those SQLite
    would ignore: that is what lets a salvage keep the work written after a bad frame.
    """
    report = WalReport()
    if len(data) < 32:
        return report
    magic, _version, page_size = struct.unpack(">III", data[:12])
    if magic not in WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
        return report
    big = magic == 0x377F0683
    report.page_size = page_size
    salts = data[16:24]
    if _checksum(data[:24], big, 0, 0) != struct.unpack(">II", data[24:32]):
        return report  # a header SQLite rejects: it uses no frame at all
    checksums = _frame_checksums(data, big, page_size)
    chain_ok = True
    pending: list[tuple[int, int, bytes, bool]] = []  # frames of the commit being read
    offset = 32
    index = 0
    while offset + 24 + page_size <= len(data):
        header = data[offset:offset + 24]
        page = data[offset + 24:offset + 24 + page_size]
        if header[8:16] != salts:
            break  # left over from an earlier generation of the WAL
        own = checksums[index] == struct.unpack(">II", header[16:24])
        page_no, commit_size = struct.unpack(">II", header[:8])
        report.frames += 1
        if not own and report.bad_frame is None:
            report.bad_frame = index
        if not own:
            chain_ok = False
        pending.append((index, page_no, page, own))
        if commit_size:
            sound = all(ok for _, _, _, ok in pending)
            if chain_ok:
                report.applied = index + 1
            elif sound:
                report.ignored += len(pending)
            report.pages.extend((no, pg, sound) for _, no, pg, ok in pending if ok)
            pending = []
        offset += 24 + page_size
        index += 1
    report.torn = bool(pending) or (offset < len(data) and index == report.frames
                                    and len(data) - offset < 24 + page_size)
    return report


__all__ = ["Value", "WalReport", "decode_record", "highest_key", "index_keys", "leaf_rows",
           "main_pages", "page_size_of", "read_wal", "varint"]
