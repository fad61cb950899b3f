"""The join card the table's screen shows: which address phones open, and when.

During setup the card offers the room (address, room code, a QR code of both) and names
the players whose phones are here; while the room is locked after too many wrong codes,
it says so (at any time: a pad press opens it again); for
`CARD_SECONDS` after a pad frees its seat it offers that seat's own link, and after a
phone asks ("show the code") the room again. The address is the configured `[web] url`,
else this machine's address on the local network, looked up again every
`ADDRESS_SECONDS`: a Pi's service may start before its Wi-Fi is up (the card would offer
127.0.0.1 for the whole evening), and a router may hand out another address.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.table.frame import JoinCard, WifiCard
from companion.web.qr import qr_rows
from companion.web.room import Room

log = logging.getLogger("companion.web")

CARD_SECONDS = 60.0  # a card asked for outside setup stays this long
ADDRESS_SECONDS = 10.0  # how often the LAN address is looked up again (as the setup line's)


class JoinCards:
    """The card for the frame the main loop publishes (`card`), the requests for one
    (`ask`), and the address it offers (`address`)."""

    def __init__(self, room: Room, url: str, lan: Callable[[], str],
                 clock: Callable[[], float]) -> None:
        self.room = room
        self.url = url
        self.lan = lan
        self.clock = clock
        self.address = url
        self._looked: float | None = None
        self._asked: tuple[float, int | None] = (float("-inf"), None)

    def current(self, port: int) -> str:
        """The address phones open (on `port` unless `[web] url` names it)."""
        if self.url:
            return self.address
        now = self.clock()
        if self._looked is None or now - self._looked >= ADDRESS_SECONDS:
            self._looked = now
            found = f"http://{self.lan()}:{port}"
            if found != self.address:
                if self.address:
                    log.info("phones: the address is now %s", found)
                self.address = found
        return self.address

    def ask(self, seat: int | None) -> None:
        """Show the card for a while outside setup: `seat`'s own link, or the room's."""
        self._asked = (self.clock() + CARD_SECONDS, seat)

    def card(self, setup: bool, port: int, *, locked: bool = False,
             phones: tuple[str, ...] = (), wifi: WifiCard | None = None) -> JoinCard | None:
        """The card the screen shows now, if any: `locked` when the room takes no code
        (too many wrong ones), naming the players whose `phones` are here, with the
        table's own `wifi` when it offers one."""
        until, seat = self._asked
        asked = self.clock() < until
        address = self.current(port)
        if not (setup or asked or locked) or not address:
            return None
        if asked and seat is not None:
            if self.room.holder(seat) is not None:  # taken by a new phone: done
                self._asked = (float("-inf"), None)
                return self.card(setup, port, locked=locked, phones=phones, wifi=wifi)
            url = f"{address}/seat#t={self.room.token(seat)}"
            return JoinCard(address, "", qr_rows(url), seat, phones=phones, wifi=wifi)
        url = f"{address}/#room={self.room.code}"
        return JoinCard(address, self.room.code, qr_rows(url), locked=locked, phones=phones,
                        wifi=wifi)
