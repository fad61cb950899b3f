"""Player names: the one rule every name obeys, and the names offered in setup.

The rule (`check_name`), for every name that enters the companion (the config's
`[game] players`, the pads' settings file, the speller): printable, drawable by the
screen's shipped font, not empty once invisible characters are removed, at most
`MAX_NAME_LENGTH` characters. Why: a name is journalled, drawn every frame and spoken;
a lone surrogate cannot even be written to the journal, and a name of nothing but a
zero-width space, a U+2060, a U+FEFF or a soft hyphen makes the font refuse to draw it,
which stopped the table at its first frame at every start.

Names that were journalled before this rule (or by a hand-edited journal) are never
refused: `shown_name` makes any text safe on its way to the screen and the voice, and
`safe_names` gives setup usable names, so such a journal still resumes.

The offered names: a longer list than one per seat, so most groups find their own names
(or names close enough to play under) with ◀ ▶ alone; anything else is spelled on the
pads. Names are short, so they fit a seat's panel on the smallest screen.
"""

from __future__ import annotations

import functools
import struct
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from companion.exc import CompanionError, ConfigError
from companion.files import FileProblem, brief, read_bytes
from companion.seats import SEATS

MAX_NAME_LENGTH = 24
"""Longer names do not fit a seat's panel at 32 px."""

FONT_DIR = Path(__file__).resolve().parent.parent / "display" / "fonts"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
"""The screen's shipped fonts (companion.display.paint.FONT_FILES): a name is drawn in
both, so it must have a glyph in both."""

_INVISIBLE = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0,
                        *range(0x180B, 0x1810), *range(0xFE00, 0xFE10)})
"""Default-ignorable characters outside the format category (Cf): combining grapheme
joiner, Hangul fillers, Khmer inherent vowels, variation selectors. None shows a mark."""

_UNPRINTABLE = ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")
"""Controls (NUL, ESC, ...), lone surrogates, private use, unassigned, line breaks."""


class BadName(CompanionError, ValueError):
    """A name that breaks the rule; the message says which part and why."""


def _invisible(char: str) -> bool:
    code = ord(char)
    return (unicodedata.category(char) == "Cf" or code in _INVISIBLE
            or 0xE0000 <= code <= 0xE0FFF)


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name.lower()})" if name else "")


@functools.cache
def drawable() -> frozenset[int] | None:
    """The code points both shipped fonts have a glyph for; None when a font cannot be
    read (the check is then left to the painter, which draws any text safely)."""
    covered: frozenset[int] | None = None
    for file in FONT_FILES:
        try:
            points = frozenset(_cmap(read_bytes(FONT_DIR / file, 16 << 20)))
        except (OSError, FileProblem, struct.error, ValueError):
            return None
        covered = points if covered is None else covered & points
    return covered


def _cmap(font: bytes) -> set[int]:
    """The code points a TrueType font maps to a glyph (its cmap, format 12 or 4)."""
    tables = struct.unpack_from(">H", font, 4)[0]
    cmap = next(struct.unpack_from(">I", font, 12 + 16 * i + 8)[0] for i in range(tables)
                if font[12 + 16 * i:16 + 16 * i] == b"cmap")
    subtables = {}
    for i in range(struct.unpack_from(">H", font, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", font, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    points: set[int] = set()
    for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
        if key not in subtables:
            continue
        at = subtables[key]
        kind = struct.unpack_from(">H", font, at)[0]
        if kind == 12:
            for g in range(struct.unpack_from(">I", font, at + 12)[0]):
                start, end, glyph = struct.unpack_from(">III", font, at + 16 + 12 * g)
                points.update(c for c in range(start, end + 1) if glyph + c - start)
            return points
        if kind == 4:
            segments = struct.unpack_from(">H", font, at + 6)[0] // 2
            ends = at + 14
            starts = ends + 2 * segments + 2
            deltas = starts + 2 * segments
            ranges = deltas + 2 * segments
            for s in range(segments):
                end, = struct.unpack_from(">H", font, ends + 2 * s)
                start, = struct.unpack_from(">H", font, starts + 2 * s)
                delta, = struct.unpack_from(">h", font, deltas + 2 * s)
                offset, = struct.unpack_from(">H", font, ranges + 2 * s)
                for c in range(start, min(end, 0xFFFE) + 1):
                    if offset == 0:
                        glyph = (c + delta) & 0xFFFF
                    else:
                        where = ranges + 2 * s + offset + 2 * (c - start)
                        glyph = struct.unpack_from(">H", font, where)[0]
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(c)
            return points
    return points


def _cleaned(text: str) -> str:
    """NFC, invisible characters removed, every run of spaces (of any kind) one space."""
    kept = "".join(char for char in unicodedata.normalize("NFC", text)
                   if not _invisible(char))
    return " ".join(kept.split())


def check_name(value: object, most: int = MAX_NAME_LENGTH) -> str:
    """The name as it will be kept (NFC, invisible characters removed, spaces collapsed),
    or BadName saying why it cannot be a player's name (`most`: its longest length)."""
    if not isinstance(value, str):
        raise BadName(f"is text (got {type(value).__name__})")
    if len(value) > 16 * most:  # no cleaning can bring it back in bounds
        raise BadName(f"is at most {most} characters (got {len(value)})")
    name = _cleaned(value)
    for char in name:
        if unicodedata.category(char) in _UNPRINTABLE:
            raise BadName(f"holds {_describe(char)}, which is not printable")
    if not name:
        raise BadName("is empty once invisible characters are removed" if value.strip()
                         else "is empty")
    if len(name) > most:
        raise BadName(f"is at most {most} characters (got {len(name)})")
    font = drawable()
    if font is not None:
        for char in name:
            if char != " " and ord(char) not in font:
                raise BadName(f"holds {_describe(char)}, which the screen's font "
                                 "cannot draw")
    return name


def name_problem(value: object) -> str | None:
    """Why `value` cannot be a player's name, or None when it can."""
    try:
        check_name(value)
    except BadName as exc:
        return str(exc)
    return None


def shown_name(value: object, fallback: str = "") -> str:
    """Any text made safe to draw and speak: unprintable and invisible characters dropped,
    characters the font lacks replaced by '?', cut to `MAX_NAME_LENGTH`; `fallback` when
    nothing is left. For names that reached the journal before the rule was enforced."""
    if not isinstance(value, str):
        return fallback
    font = drawable()
    kept = []
    for char in _cleaned(value[:16 * MAX_NAME_LENGTH]):
        if unicodedata.category(char) in _UNPRINTABLE:
            continue
        if font is not None and char != " " and ord(char) not in font:
            char = "?"
        kept.append(char)
    name = " ".join("".join(kept).split())[:MAX_NAME_LENGTH].strip()
    return name or fallback


def colour_name(seat: int, language: str = "en") -> str:
    """The seat's colour in `language`, the name a seat has when it has no other."""
    names = SEATS[seat % len(SEATS)].names
    return names.get(language, names["en"])


def safe_names(names: Sequence[str], language: str = "en") -> tuple[str, ...]:
    """Names from a journal or a request, each made usable for a new game: a name that
    breaks the rule is shown as `shown_name` makes it, and one left empty or equal to an
    earlier seat's becomes the seat's colour."""
    out: list[str] = []
    for seat, name in enumerate(names):
        try:
            usable = check_name(name)
        except BadName:
            usable = shown_name(name)
        if not usable or usable.casefold() in (n.casefold() for n in out):
            usable = colour_name(seat, language)
        out.append(usable)
    return tuple(out)


NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Alex", "Anna", "Ben", "Chloe", "Dan", "Ella", "Emma", "Felix", "Grace", "Harry",
           "Ivy", "Jack", "Kate", "Leo", "Lily", "Max", "Mia", "Noah", "Olivia", "Paul",
           "Rose", "Sam", "Tom", "Zoe"),
    "fr": ("Adèle", "Alice", "Arthur", "Camille", "Chloé", "Claire", "Élise", "Émile",
           "Gabriel", "Hugo", "Inès", "Jade", "Jules", "Léa", "Léo", "Louis", "Lucie",
           "Manon", "Marie", "Nathan", "Paul", "Pierre", "Sophie", "Théo"),
    "de": ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Finn", "Greta", "Hanna",
           "Hugo", "Ida", "Jonas", "Jörg", "Julia", "Kim", "Lena", "Lukas", "Marie", "Max",
           "Mia", "Paul", "Sophie", "Tim", "Uwe"),
}


def names_for(language: str) -> tuple[str, ...]:
    """The names offered for a screen language (English for one without a list)."""
    return NAMES.get(language, NAMES["en"])


def unique_names(values: Sequence[object], key: str, whose: str,
                 most: int = MAX_NAME_LENGTH) -> tuple[str, ...]:
    """A config file's list of names (players', a board's campsites'), each kept as
    `check_name` keeps it and none twice (capitals aside); a `ConfigError` names the
    entry (`key.index`) and says why, `whose` naming what the name is ("a player's")."""
    out: list[str] = []
    for index, raw in enumerate(values):
        try:
            name = check_name(raw, most=most)
        except BadName as exc:
            raise ConfigError(f"{key}.{index}",
                              f"{whose} name {exc} (got {brief(raw)})") from None
        if name.casefold() in (n.casefold() for n in out):
            raise ConfigError(f"{key}.{index}", f"{name!r} is already {whose} name")
        out.append(name)
    return tuple(out)
