"""Frames of the pad hub link, shared word for word by the host and the Pico firmware.

This file is copied unchanged to firmware/padproto.py (a test checks the two are
identical), so it is written in the subset of Python that MicroPython runs: no
`__future__` imports, no typing module, no dataclasses, only simple f-strings
(MicroPython 1.17 and later). Annotations on
functions are fine (MicroPython ignores them).

A frame is one line of ASCII:   $<seq> <KIND> <arg> ...*<CRC>\\n
CRC is CRC-16/CCITT-FALSE of the bytes between '$' and '*', four upper-case hex digits.
See firmware/PROTOCOL.md.
"""

PROTOCOL_VERSION = 1
MAX_LINE = 96  # longer lines are noise (a REPL banner, a traceback), never frames
SEQ_MOD = 65536

# Button and kind letters on the wire, in the order the STATE report uses.
BUTTONS = "LRS"  # left, right, select
KINDS = "DUH"  # down (press), up (release), hold


class FrameError(ValueError):
    """A line that is not a valid frame; the reader counts it and drops it."""


def _make_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _make_table()


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every burst up to 16 bits."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


def _check_token(token: str) -> None:
    if not token or " " in token or "*" in token or "$" in token or "\n" in token:
        raise FrameError(f"bad token {token!r}")


def encode(seq: int, kind: str, args: tuple[object, ...] = ()) -> bytes:
    """One frame as bytes, newline included."""
    if not 0 <= seq < SEQ_MOD:
        raise FrameError("seq out of range")
    parts = [str(seq), kind]
    for arg in args:
        parts.append(str(arg))
    for part in parts:
        _check_token(part)
    body = " ".join(parts).encode()
    if len(body) + 7 > MAX_LINE:
        raise FrameError("frame too long")
    return b"$" + body + b"*" + f"{crc16(body):04X}".encode() + b"\n"


def decode(line: bytes) -> tuple[int, str, list[str]]:
    """(seq, KIND, [args]) from one line, or FrameError; never any other exception."""
    try:
        return _decode(line)
    except FrameError:
        raise
    except Exception as exc:  # anything odd in the bytes is a bad frame, not a crash
        raise FrameError(f"undecodable: {exc!r}") from exc


def _decode(line: bytes) -> tuple[int, str, list[str]]:
    if len(line) > MAX_LINE:
        raise FrameError("too long")
    while line and line[-1] in (10, 13):  # "\n", "\r"
        line = line[:-1]
    start = line.rfind(b"$")  # bytes before the last "$" are noise (a stray Ctrl-C, a half line)
    if start < 0:
        raise FrameError("no start")
    line = line[start:]
    if len(line) < 8:
        raise FrameError("too short")
    star = len(line) - 5
    if line[star] != 42:  # "*"
        raise FrameError("no checksum")
    body = line[1:star]
    crc_text = line[star + 1:]
    for ch in crc_text:
        if not (48 <= ch <= 57 or 65 <= ch <= 70):  # 0-9 A-F
            raise FrameError("bad checksum digits")
    if int(crc_text.decode(), 16) != crc16(body):
        raise FrameError("checksum mismatch")
    for ch in body:
        if ch < 32 or ch > 126:
            raise FrameError("not printable")
    parts = body.decode().split(" ")
    if len(parts) < 2:
        raise FrameError("no kind")
    seq_text = parts[0]
    if not seq_text.isdigit() or len(seq_text) > 5:
        raise FrameError("bad seq")
    seq = int(seq_text)
    if seq >= SEQ_MOD:
        raise FrameError("seq out of range")
    kind = parts[1]
    if not kind or not kind.isalpha() or kind.upper() != kind:
        raise FrameError("bad kind")
    args = parts[2:]
    for arg in args:
        if not arg:
            raise FrameError("empty field")
    return seq, kind, args


def seq_next(seq: int) -> int:
    """The sequence number after `seq` (wraps at 65536)."""
    return (seq + 1) % SEQ_MOD


def seq_gap(expected: int, got: int) -> int:
    """How many frames were lost between the one expected and the one received."""
    return (got - expected) % SEQ_MOD
