"""Who may be which seat: one random link (token) per seat, a room code, one device per seat.

A seat's token is what its QR code and its link carry: 144 random bits, made anew for
every game, so a photo of last game's code, or a link left in a phone's history, opens
nothing. Whoever can see the table's screen may also pick a free seat with the room code
shown there (four letters, new with every game). A seat is then held by one device: the
first to come with the token gets a device secret (kept by the phone's browser) and the
seat refuses every other device until it is freed, from a pad (holding ◀ outside the
bidding), from its own phone ("Leave this seat"), or, when its phone has been away a
while, from another seated phone.

The room is kept in a small file beside the journal (only its owner may read it; the
device secrets are kept as hashes), so a power cut brings every phone back to the game
it was playing. A phone that is connected when a new game begins keeps its seat: it is
sent the new token over the connection it already has.

Thread-safety: the web server's thread and the main loop both use a room; one lock
guards every change.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from companion.files import write_atomic
from companion.seats import MAX_SEATS
from companion.store.beside import ROOM_NAME

log = logging.getLogger("companion.web")

TOKEN_BYTES = 18
"""144 random bits per seat link and per device secret (at least 128 are asked for)."""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
"""Room code letters: capitals without I and O, which read as 1 and 0."""

CODE_LENGTH = 4

FILE_NAME = ROOM_NAME
MAX_FILE_BYTES = 16_384

RandomBytes = Callable[[int], bytes]
Later = Callable[[float, Callable[[], None]], object]

SAVE_EVERY = 1.0
"""Seconds between two writes of the room file at most (the card is written once a
second however often phones come and go)."""


def _timer(seconds: float, call: Callable[[], None]) -> object:
    timer = threading.Timer(seconds, call)
    timer.daemon = True
    timer.start()
    return timer


def room_problem(data: bytes) -> str | None:
    """Why bytes are not a room file this companion reads (None: they are); a restore
    asks before it puts a backup's room in place."""
    if len(data) > MAX_FILE_BYTES:
        return f"more than {MAX_FILE_BYTES:,} bytes"
    try:
        Room()._load(json.loads(data.decode("utf-8")))
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        return str(exc) or type(exc).__name__
    return None


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def device_hash(secret: str) -> str:
    """What the room keeps of a device secret: its SHA-256, never the secret itself."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass
class Hold:
    """One seat: its link's token and the device holding it (None: free)."""

    token: str
    device: str | None = None  # device_hash of the holder's secret


@dataclass
class Claim:
    """The answer to a device asking for a seat."""

    ok: bool
    seat: int = -1
    device: str = ""  # the device secret to keep (new when the device had none)
    why: str = ""  # "unknown", "held", "code", "seat"


@dataclass
class Room:
    """The seats' tokens and holders for the game in progress (or the one being set up)."""

    path: Path | None = None
    random_bytes: RandomBytes = secrets.token_bytes
    session: str = ""
    game: int | None = None
    code: str = ""
    seats: list[Hold] = field(default_factory=list)
    clock: Callable[[], float] = time.monotonic
    later: Later | None = None  # runs a call after some seconds (None: a timer thread)

    def __post_init__(self) -> None:
        self._lock = threading.RLock()
        self._writing = threading.Lock()  # one write at a time, in the order of changes
        self._dirty = False  # changed since the file was last written
        self._saved_at: float | None = None
        self._due = False  # a write is waiting for its second
        self.changes = 0  # bumped on every change (the server re-sends what depends on it)
        if not self.seats:
            self._fresh(self.game)

    # --- making and keeping ------------------------------------------------------------

    @classmethod
    def beside(cls, journal: Path, random_bytes: RandomBytes = secrets.token_bytes) -> Room:
        """The room kept beside the journal, or a new one when there is none (or it is
        damaged: then every seat is simply free again, and the log says so)."""
        path = Path(journal).parent / FILE_NAME
        room = cls(path=path, random_bytes=random_bytes)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError("too large")
            data = json.loads(path.read_text(encoding="utf-8"))
            room._load(data)
        except FileNotFoundError:
            room.save()
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.error("phones: %s is damaged (%s): new links for every seat", path, exc)
            room._fresh(None)
            room.save()
        return room

    def _load(self, data: object) -> None:
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a room file of this version")
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != MAX_SEATS:
            raise ValueError("wrong number of seats")
        holds = []
        for entry in seats:
            token, device = entry["token"], entry.get("device")
            if not isinstance(token, str) or len(token) < 22:
                raise ValueError("a seat's token is too short")
            if device is not None and not isinstance(device, str):
                raise ValueError("a seat's device is not text")
            holds.append(Hold(token, device))
        game = data.get("game")
        code = data["code"]
        if not (game is None or isinstance(game, int)) or not isinstance(code, str):
            raise ValueError("game or code of the wrong type")
        self.session, self.game, self.code, self.seats = str(data["session"]), game, code, holds

    def save(self) -> None:
        """Keep the room: written at once when the file is a second old, else once its
        second is up, with every change made meanwhile (phones that claim and leave a
        seat many times a second write the card once a second, never more)."""
        if self.path is None:
            return
        with self._lock:
            self._dirty = True
            wait = 0.0 if self._saved_at is None else \
                self._saved_at + SAVE_EVERY - self.clock()
            if wait > 0:
                if not self._due:
                    self._due = True
                    (self.later or _timer)(wait, self._when_due)
                return
        self.flush()

    def _when_due(self) -> None:
        with self._lock:
            self._due = False
        self.flush()

    def flush(self) -> None:
        """Write the room now, if it changed since it was last written (the server
        does at its close). Atomic, readable by its owner only; a card that refuses the
        write is logged (the phones still play; only a restart would lose them)."""
        if self.path is None:
            return
        with self._writing:
            with self._lock:
                if not self._dirty:
                    return
                self._dirty = False
                self._saved_at = self.clock()
                data = {"version": 1, "session": self.session, "game": self.game,
                        "code": self.code,
                        "seats": [{"token": s.token, "device": s.device} for s in self.seats]}
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(self.path, json.dumps(data).encode("utf-8"), 0o600)
            except OSError as exc:
                log.error("phones: cannot keep the seats in %s: %s", self.path, exc)

    def _fresh(self, game: int | None) -> None:
        self.session = _text(self.random_bytes(9))
        self.game = game
        self.code = "".join(CODE_LETTERS[b % len(CODE_LETTERS)]
                            for b in self.random_bytes(CODE_LENGTH))
        self.seats = [Hold(_text(self.random_bytes(TOKEN_BYTES))) for _ in range(MAX_SEATS)]
        self.changes += 1

    # --- the game it belongs to ----------------------------------------------------------

    def follow(self, game: int | None, keep: Iterable[int] = ()) -> bool:
        """The table is at `game` (None: setting up). A game started from this room's
        setup keeps the room; any other change of game makes new links and a new code,
        and only the seats in `keep` (phones connected now) keep their devices.
        Returns True when the links changed."""
        with self._lock:
            if game == self.game:
                return False
            if self.game is None:
                self.game = game
                self.changes += 1
                self.save()
                return False
            devices = {seat: self.seats[seat].device for seat in keep}
            self._fresh(game)
            for seat, device in devices.items():
                self.seats[seat].device = device
        log.info("phones: new links and room code for %s",
                 f"game {game}" if game is not None else "the next game")
        self.save()
        return True

    # --- seats ---------------------------------------------------------------------------

    def token(self, seat: int) -> str:
        """The link token of `seat`."""
        with self._lock:
            return self.seats[seat].token

    def seat_of(self, token: object) -> int | None:
        """The seat whose token this is, compared in constant time; None for any other."""
        if not isinstance(token, str) or not token.isascii():
            return None
        with self._lock:
            found = None
            for seat, hold in enumerate(self.seats):
                if hmac.compare_digest(hold.token.encode(), token.encode()):
                    found = seat
            return found

    def code_matches(self, code: object) -> bool:
        """Whether `code` is this room's code (case and spaces forgiven)."""
        if not isinstance(code, str) or len(code) > 16:
            return False
        given = code.replace(" ", "").upper().encode("ascii", "replace")
        with self._lock:
            return hmac.compare_digest(given, self.code.encode())

    def holder(self, seat: int) -> str | None:
        """The device hash holding `seat`, or None when it is free."""
        with self._lock:
            return self.seats[seat].device

    def held_by(self, device: object) -> int | None:
        """The seat this device secret holds, if any."""
        if not isinstance(device, str) or not device.isascii() or len(device) > 64:
            return None
        wanted = device_hash(device)
        with self._lock:
            return next((s for s, h in enumerate(self.seats) if h.device == wanted), None)

    def claim(self, seat: int, device: object) -> Claim:
        """`device` (its secret, or None for a device that has none yet) asks for `seat`:
        granted when the seat is free or already held by that device."""
        if not 0 <= seat < MAX_SEATS:
            return Claim(False, why="seat")
        secret = device if isinstance(device, str) and device.isascii() and \
            22 <= len(device) <= 64 else None
        with self._lock:
            hold = self.seats[seat]
            if secret is not None and hold.device == device_hash(secret):
                return Claim(True, seat, secret)
            if hold.device is not None:
                return Claim(False, seat, why="held")
            other = self.held_by(secret) if secret is not None else None
            if other is not None and other != seat:
                self.seats[other].device = None  # one seat per device: it moves
            if secret is None:
                secret = _text(self.random_bytes(TOKEN_BYTES))
            hold.device = device_hash(secret)
            self.changes += 1
        self.save()
        log.info("phones: a phone took seat %d", seat)
        return Claim(True, seat, secret)

    def free(self, seat: int) -> bool:
        """Free `seat` for another device; False when it was free already."""
        if not 0 <= seat < MAX_SEATS:
            return False
        with self._lock:
            if self.seats[seat].device is None:
                return False
            self.seats[seat].device = None
            self.changes += 1
        self.save()
        log.info("phones: seat %d freed", seat)
        return True

    def free_seats(self) -> tuple[int, ...]:
        """The seats no device holds."""
        with self._lock:
            return tuple(s for s, h in enumerate(self.seats) if h.device is None)
