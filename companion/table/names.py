"""Player names offered in setup, per screen language, besides each seat's colour.

A longer list than one per seat, so most groups find their own names (or names close
enough to play under) with ◀ ▶ alone; anything else is spelled on the pads. Names are
short, so they fit a seat's panel on the smallest screen.
"""

from __future__ import annotations

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
