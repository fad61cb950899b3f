"""The WAL checksum against SQLite's own: every frame SQLite wrote passes, every changed
byte fails, and the fast sum over all frames at once equals the sum word by word.

Known answers: the checksums SQLite stored in the WAL files it writes here (the byte
order of this machine's words, magic 0x377F0682). A big-endian WAL (magic 0x377F0683,
written by SQLite on a big-endian machine) is made from one of them by summing its words
again the way the file format describes, word by word.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from companion.store.pages import _FEW_FRAMES, _checksum, _frame_checksums, read_wal

FRAME_HEADER = 24


def by_the_book(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """The checksum as https://www.sqlite.org/fileformat2.html#walcksm states it."""
    words = struct.unpack((">" if big else "<") + f"{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def sqlite_wal(folder: Path, commits: int, page_size: int = 4096) -> bytes:
    """The WAL SQLite writes for `commits` inserts (never checkpointed), copied while the
    connection still holds it."""
    path = folder / f"wal-{commits}-{page_size}.sqlite3"
    connection = sqlite3.connect(path)
    try:
        connection.execute(f"PRAGMA page_size = {page_size}")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA wal_autocheckpoint = 0")
        connection.execute("CREATE TABLE t (n INTEGER, blob BLOB)")
        connection.commit()
        for n in range(commits):
            connection.execute("INSERT INTO t VALUES (?, ?)", (n, os.urandom(300 + n % 700)))
            connection.commit()
        shutil.copyfile(path.with_name(path.name + "-wal"), folder / "copy-wal")
    finally:
        connection.close()
    return (folder / "copy-wal").read_bytes()


def stored(data: bytes, page_size: int) -> list[tuple[int, int]]:
    """The checksum stored in each frame's header."""
    stride = FRAME_HEADER + page_size
    return [struct.unpack(">II", data[at + 16:at + 24])
            for at in range(32, len(data) - stride + 1, stride)]


def big_endian(data: bytes, page_size: int) -> bytes:
    """The same WAL as a big-endian machine's SQLite writes it: its magic, and every
    checksum summed again over big-endian words, each frame seeded by the one before."""
    out = bytearray(data)
    out[:4] = struct.pack(">I", 0x377F0683)
    out[24:32] = struct.pack(">II", *by_the_book(bytes(out[:24]), True, 0, 0))
    seed = struct.unpack(">II", out[24:32])
    stride = FRAME_HEADER + page_size
    for at in range(32, len(out) - stride + 1, stride):
        seed = by_the_book(bytes(out[at:at + 8] + out[at + 24:at + stride]), True, *seed)
        out[at + 16:at + 24] = struct.pack(">II", *seed)
    return bytes(out)


@pytest.mark.parametrize("page_size", [512, 4096])
@pytest.mark.parametrize("commits", [1, 120])  # fewer frames than _FEW_FRAMES, and many
def test_every_frame_sqlite_wrote_passes_in_either_byte_order(
        tmp_path: Path, commits: int, page_size: int) -> None:
    data = sqlite_wal(tmp_path, commits, page_size)
    assert struct.unpack(">I", data[:4])[0] in (0x377F0682, 0x377F0683)
    big = data[3] == 0x83
    frames = (len(data) - 32) // (FRAME_HEADER + page_size)
    assert (frames < _FEW_FRAMES) == (commits < _FEW_FRAMES)
    assert _checksum(data[:24], big, 0, 0) == struct.unpack(">II", data[24:32])
    assert _frame_checksums(data, big, page_size) == stored(data, page_size)
    report = read_wal(data)
    assert report.frames == report.applied == frames and report.bad_frame is None

    other = big_endian(data, page_size) if not big else None
    if other is not None:
        assert _frame_checksums(other, True, page_size) == stored(other, page_size)
        again = read_wal(other)
        assert again.frames == again.applied == frames and again.bad_frame is None
        assert again.pages == report.pages


@pytest.mark.parametrize("big", [False, True])
def test_a_changed_byte_anywhere_in_a_frame_fails_that_frame_alone(
        tmp_path: Path, big: bool) -> None:
    data = sqlite_wal(tmp_path, 40)
    if big and data[3] != 0x83:
        data = big_endian(data, 4096)
    stride = FRAME_HEADER + 4096
    frames = (len(data) - 32) // stride
    # the page number, the commit size, the first and last words of the page
    for frame, offset in ((0, 0), (frames // 2, 4), (frames // 2, 24), (frames - 1, stride - 1)):
        damaged = bytearray(data)
        damaged[32 + frame * stride + offset] ^= 0x01
        sums = _frame_checksums(bytes(damaged), big, 4096)
        want = stored(bytes(damaged), 4096)
        assert [i for i, (a, b) in enumerate(zip(sums, want, strict=True)) if a != b] == [frame]
        assert read_wal(bytes(damaged)).bad_frame == frame


def test_frames_of_an_earlier_generation_are_not_summed(tmp_path: Path) -> None:
    """After a checkpoint SQLite writes the WAL from its start again with new salts,
    leaving the old frames behind the new ones."""
    data = bytearray(sqlite_wal(tmp_path, 30))
    stride = FRAME_HEADER + 4096
    frames = (len(data) - 32) // stride
    data[32 + 20 * stride + 8] ^= 0xFF  # frame 20 onwards: another generation's salts
    sums = _frame_checksums(bytes(data), data[3] == 0x83, 4096)
    assert len(sums) == 20 < frames
    assert sums == stored(bytes(data), 4096)[:20]


def test_the_sum_of_all_frames_at_once_equals_word_by_word_on_any_bytes() -> None:
    """Random words, seeds and lengths, both byte orders, past every carry."""
    rng = random.Random(20240611)
    for page_size in (512, 1024, 4096):
        stride = FRAME_HEADER + page_size
        for frames in (_FEW_FRAMES - 1, _FEW_FRAMES, 33):
            for big in (False, True):
                data = bytearray(rng.randbytes(32 + frames * stride + rng.randrange(stride)))
                for frame in range(frames):  # this generation's salts in every frame
                    data[32 + frame * stride + 8:32 + frame * stride + 16] = data[16:24]
                seed = struct.unpack(">II", data[24:32])
                want = []
                for frame in range(frames):
                    at = 32 + frame * stride
                    want.append(by_the_book(bytes(data[at:at + 8] + data[at + 24:at + stride]),
                                            big, *seed))
                    seed = struct.unpack(">II", data[at + 16:at + 24])
                assert _frame_checksums(bytes(data), big, page_size) == want
        words = rng.randbytes(4104)
        for big in (False, True):
            assert _checksum(words, big, 0xFFFFFFFF, 0xFFFFFFFF) == \
                by_the_book(words, big, 0xFFFFFFFF, 0xFFFFFFFF)
