"""What a menu item does at the table itself, rather than by a rules command.

Typed, so the controller dispatches on the kind of action (`match`), never on an item's
key or its place in a menu.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CancelPromise:
    """X2: take back the chips promised in the open window."""


@dataclass(frozen=True)
class Quiet:
    """No to this window, and no window asks again until the seat's own turn."""


@dataclass(frozen=True)
class Enter:
    """Physical dice: the roll showed `value` (dogs, or the standard die's face)."""

    value: int


TableAction = CancelPromise | Quiet | Enter
"""What an item does at the table itself rather than by a rules command."""


__all__ = ["CancelPromise", "Enter", "Quiet", "TableAction"]
