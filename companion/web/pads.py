"""The `web` pad source: a table whose only pads are phones.

With `[pads] source = "web"` no pad hardware is opened: every seat's presses come from
its phone, through the web server (`companion.web.server`), onto the main loop's queue.
A phone shows its own seat's light on its screen, so there is nothing to light here.
"""

from __future__ import annotations

from companion.pads.events import Button, LightPattern
from companion.seats import MAX_SEATS


class PhonePads:
    """Pads that are phones: no hardware, every seat."""

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat may have a phone."""
        return tuple(range(MAX_SEATS))

    def start(self) -> None:
        """Nothing to open: the web server brings the presses."""

    def close(self) -> None:
        """Nothing to release."""

    def set_light(self, seat: int, pattern: LightPattern) -> None:
        """A phone draws its seat's light from the table's own state."""

    def show_digits(self, seat: int, text: str) -> None:
        """A phone shows its seat's bid from the table's own state."""

    def poll(self) -> float | None:
        """Nothing to do on the loop's turns: the web server brings the presses."""
        return None

    def handle_ui_event(self, event: object) -> bool:
        """No window events are a phone's."""
        return False

    def held_buttons(self) -> list[tuple[int, Button]]:
        """A phone's buttons are never held down at start."""
        return []
