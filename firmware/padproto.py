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

PROTOCOL_VERSION = 2
MAX_LINE = 96  # bytes before the newline; longer lines are noise (a REPL banner), dropped
SEQ_MOD = 65536

# Timing both ends rely on. The hub turns every light off and blanks every display after
# HOST_TIMEOUT_MS without a valid frame from the host (a crashed host must not leave a
# private bid on show), so the host's heartbeat must be well inside it; the host's own
# link timeout must be well above the hub's heartbeat.
HOST_TIMEOUT_MS = 3500
HUB_HEARTBEAT_MS = 1000

# Button and kind letters on the wire, in the order the STATE report uses.
BUTTONS = "LRS"  # left, right, select
KINDS = "DUH"  # down (press), up (release), hold

# The hub proves it runs this firmware by answering the host's HELLO nonce with
# hello_proof(nonce): a REPL that only echoes the host's line cannot produce it.
HELLO_SALT = b"MUSH pad hub"
NONCE_DIGITS = 8


try:  # on the host: under the companion's one error root (`companion.exc`)
    from companion.exc import CompanionError

    class FrameError(CompanionError, ValueError):
        """A line that is not a valid frame; the reader counts it and drops it."""
except ImportError:  # on the pad hub (MicroPython) this file is there without the package
    class FrameError(ValueError):  # type: ignore[no-redef]
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


def number(text: str, top: int) -> int:
    """A canonical decimal 0..top: ASCII digits, no sign, no "_", no leading zero.

    Python's int() also takes "+4", "04", "0_2" and " 4"; a frame carrying those was not
    written by our encoder, so it is refused rather than guessed at.
    """
    if not text or len(text) > len(str(top)):
        raise FrameError(f"bad number {text!r}")
    for ch in text:
        if ch < "0" or ch > "9":
            raise FrameError(f"bad number {text!r}")
    if len(text) > 1 and text[0] == "0":
        raise FrameError(f"bad number {text!r}")
    value = int(text)
    if value > top:
        raise FrameError(f"number out of range {text!r}")
    return value


def is_nonce(text: str) -> bool:
    """True for a HELLO nonce: exactly NONCE_DIGITS upper-case hex digits."""
    if len(text) != NONCE_DIGITS:
        return False
    return all("0" <= ch <= "9" or "A" <= ch <= "F" for ch in text)


def hello_proof(nonce: str) -> str:
    """The hub's answer to a HELLO nonce: CRC-16 of nonce and salt, four hex digits."""
    return f"{crc16(nonce.encode() + HELLO_SALT):04X}"


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
    if len(body) + 6 > MAX_LINE:  # "$", "*" and four digits; the newline is not counted
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
    while line and line[-1] in (10, 13):  # "\n", "\r"
        line = line[:-1]
    if len(line) > MAX_LINE:
        raise FrameError("too long")
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
    seq = number(parts[0], SEQ_MOD - 1)
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
