"""The table on the local network: phones as seats' pads, and the table for anyone.

`WebServer` (companion.web.server) runs beside the main loop in its own thread; phones'
presses reach the main loop as `PadEvent`s on its queue, and the main loop hands the
server a snapshot of what each phone may see after every change (companion.web.snapshot).
Who may be which seat is the room's business (companion.web.room); who may connect at all,
the guard's (companion.web.guard). `docs/phones.md` is the players' guide.
"""

from companion.web.config import WebConfig, parse_web

__all__ = ["WebConfig", "parse_web"]
