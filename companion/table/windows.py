"""The countdown of a reaction window: it runs by itself, and holds while a seat chooses.

Silence means "no": the table closes the window (`CloseWindow(TABLE)`) when its countdown
has run out and nobody is choosing. The countdown starts only when the roll has landed
(`delay`), so nobody has to decide about a die still tumbling; the take-dice window
counts from the moment the roller chooses to move, its full length.

A seat that opens a payment *claims* the window: the countdown holds while any claim is
live. A slip costs the table seconds, not more: a claim lapses `idle` seconds after its
seat's last press (a lone press with nothing after it), and `cap` seconds after it began
whatever its seat does. A claim that ends by its seat's choice leaves at least `resume`
seconds, so the others can still join; a claim that lapses gives back only what was left.

A window that waits only for the seat playing next has no countdown at all (`timed` is
False): that seat's next choice answers it (the pressing roll, the Early Riser's rolls).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.table.frame import Countdown


@dataclass
class _Claim:
    since: float  # when the seat claimed the window
    last: float  # the seat's last press since


@dataclass
class WindowClock:
    """One window's countdown on the controller's clock."""

    kind: str  # "reduce" or "reroll"
    total: float
    running_since: float  # when counting (re)started; may lie in the future (a landing roll)
    cap: float
    resume: float
    idle: float = 3.0
    counted: float = 0.0  # seconds counted before `running_since`
    claims: dict[int, _Claim] = field(default_factory=dict)
    timed: bool = True

    @classmethod
    def open(cls, kind: str, total: float, now: float, *, delay: float = 0.0,
             cap: float = 8.0, resume: float = 1.5, idle: float = 3.0) -> WindowClock:
        """A countdown of `total` seconds that starts in `delay` seconds."""
        return cls(kind, total, now + delay, cap, resume, idle)

    def elapsed(self, now: float) -> float:
        """Seconds counted so far."""
        if self.claims:
            return self.counted
        return self.counted + max(0.0, now - self.running_since)

    def remaining(self, now: float) -> float:
        """Seconds left on the countdown."""
        return max(0.0, self.total - self.elapsed(now))

    def claim(self, seat: int, now: float) -> None:
        """`seat` is choosing: the countdown holds."""
        if seat in self.claims:
            return
        if not self.claims:
            self.counted = self.elapsed(now)
        self.claims[seat] = _Claim(now, now)

    def touch(self, seat: int, now: float) -> None:
        """`seat` pressed while claiming: its claim lives `idle` seconds more (within
        its cap)."""
        claim = self.claims.get(seat)
        if claim is not None:
            claim.last = now

    def release(self, seat: int, now: float, lapsed: bool = False) -> None:
        """`seat` is done choosing; the last release restarts the countdown, with at
        least `resume` seconds left unless the claim lapsed."""
        if self.claims.pop(seat, None) is None or self.claims:
            return
        if not lapsed:
            self.counted = min(self.counted, max(0.0, self.total - self.resume))
        self.running_since = max(now, self.running_since)

    def ends(self, seat: int) -> float:
        """When `seat`'s claim lapses if it presses nothing more."""
        claim = self.claims[seat]
        return min(claim.last + self.idle, claim.since + self.cap)

    def expired_claims(self, now: float) -> list[int]:
        """Seats whose claim has lapsed: no press for `idle` seconds, or held `cap`."""
        return [seat for seat in self.claims if now >= self.ends(seat)]

    def due(self, now: float) -> bool:
        """The countdown has run out and nobody is choosing."""
        return self.timed and not self.claims and self.remaining(now) <= 0

    def countdown(self, now: float) -> Countdown | None:
        """The bar the display draws (none for an untimed window)."""
        if not self.timed:
            return None
        hold = max((self.ends(s) - now for s in self.claims), default=0.0)
        return Countdown(self.kind, self.total, round(self.remaining(now), 1),
                         tuple(sorted(self.claims)), bool(self.claims),
                         round(max(0.0, hold), 1))
