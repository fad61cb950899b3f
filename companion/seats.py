"""Seat identities shared by the screen, the voice and the pads.

Colour is never the only cue (DESIGN.md, Display): each seat pairs a colour from the
Okabe-Ito colour-blind-safe palette with a letter and a shape, and the voice speaks the
colour's name when a player's free-text name cannot be spoken.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatIdentity:
    """How one seat is shown and spoken when no player name is known."""

    key: str  # stable identifier, used for clip names and config
    rgb: tuple[int, int, int]
    letter: str
    shape: str
    names: dict[str, str]  # language code -> spoken/displayed colour name


SEATS: tuple[SeatIdentity, ...] = (
    SeatIdentity("orange", (230, 159, 0), "A", "circle",
                 {"en": "Orange", "fr": "Orange", "de": "Orange"}),
    SeatIdentity("skyblue", (86, 180, 233), "B", "square",
                 {"en": "Sky blue", "fr": "Bleu ciel", "de": "Himmelblau"}),
    SeatIdentity("green", (0, 158, 115), "C", "triangle",
                 {"en": "Green", "fr": "Vert", "de": "Grün"}),
    SeatIdentity("yellow", (240, 228, 66), "D", "diamond",
                 {"en": "Yellow", "fr": "Jaune", "de": "Gelb"}),
    SeatIdentity("blue", (0, 114, 178), "E", "star",
                 {"en": "Blue", "fr": "Bleu", "de": "Blau"}),
    SeatIdentity("pink", (204, 121, 167), "F", "cross",
                 {"en": "Pink", "fr": "Rose", "de": "Rosa"}),
)

MAX_SEATS = len(SEATS)
