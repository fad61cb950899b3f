"""The companion's log: lines journald shows well, and one line per public event.

The loop logs what the table did in words a host reads over SSH (`journalctl -u
mush-companion`): seats by the players' names, enums by their values. Nothing logged
carries a bid before the reveal (R1, I5): private events are never passed here, and a
secret event's secret fields (a card drawn into a hand) are written "hidden".
"""

from __future__ import annotations

import enum
import logging
import os
import sys
from typing import Any

log = logging.getLogger("companion")

_SYSLOG_PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
                    logging.CRITICAL: 2}


class _JournaldFormatter(logging.Formatter):
    """`<priority>logger: message`: journald turns the prefix into the entry's level."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _SYSLOG_PRIORITY.get(record.levelno, 6)
        return f"<{priority}>{record.name}: {super().format(record)}"


def setup_logging(level: int = logging.INFO, stream: Any = None) -> None:
    """Logs to stderr, in the form journald shows well when run by systemd.

    Under systemd ($JOURNAL_STREAM is set) journald adds the time and unit itself, so a
    line is only the level prefix, the logger and the message; in a terminal the time is
    added. Nothing logged anywhere carries a bid before the reveal (R1, I5).
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(_JournaldFormatter("%(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s",
                                               "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)

_SEAT_FIELDS = frozenset({"seat", "roller", "ice_bear"})
_SEATS_FIELDS = frozenset({"order", "eligible"})


def log_event(event: Any, state: Any, headlines: tuple[type, ...] = ()) -> None:
    """One line per public event: the game's milestones (`headlines`, its box's) at INFO,
    the rest at DEBUG."""
    if event.private:  # never: the controller does not pass them on; belt and braces
        return
    level = logging.INFO if isinstance(event, headlines) else logging.DEBUG
    if log.isEnabledFor(level):
        log.log(level, "%s", event_line(event, state))


def event_line(event: Any, state: Any) -> str:
    """An event as a log reads it: `WeatherRolled seat=Green zone=southern face=3 …`, seats
    by the players' names, enums by their values (the journal keeps the exact form)."""
    names: list[str] = [str(p.name) for p in state.players]

    def seat(value: object) -> str:
        if isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        return str(value)

    parts = [type(event).__name__]
    for key, value in vars(event).items():
        if key == "settings":
            continue
        if key in getattr(event, "secret", ()):  # a card in a hand: for its seat only
            text = "hidden"
        elif key in _SEAT_FIELDS:
            text = seat(value)
        elif key in _SEATS_FIELDS and isinstance(value, tuple):
            text = ",".join(seat(v) for v in value) or "-"
        elif key == "bids" and isinstance(value, tuple):
            text = ",".join(f"{seat(i)}:{b}" for i, b in enumerate(value))
        elif isinstance(value, enum.Enum):
            text = str(value.value)
        elif isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, tuple):
            text = ",".join(str(v) for v in value) or "-"
        elif value is None:
            text = "-"
        else:
            text = str(value)
        parts.append(f'{key}="{text}"' if " " in text else f"{key}={text}")
    return " ".join(parts)

