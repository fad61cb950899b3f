"""The countdown of a reaction window: it runs by itself, and holds while a seat chooses.

Silence means "no": the table closes the window (`CloseWindow(TABLE)`) when its countdown
has run out and nobody is choosing. The countdown starts only when the roll has landed
(`delay`), so nobody has to decide about a die still tumbling; the reduce window counts
from the start of the roller's turn (`elapsed`), because the others may ask to be asked
while the roller decides. The first press of a seat *claims* the window: the countdown
holds while any claim is live, each claim for at most `cap` seconds; when the last claim
ends, at least `resume` seconds are left, so the others can still join.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.table.frame import Countdown


@dataclass
class WindowClock:
    """One window's countdown on the controller's clock."""

    kind: str  # "reduce" or "reroll"
    total: float
    running_since: float  # when counting (re)started; may lie in the future (a landing roll)
    cap: float
    resume: float
    counted: float = 0.0  # seconds counted before `running_since`
    claims: dict[int, float] = field(default_factory=dict)  # seat -> when it claimed

    @classmethod
    def open(cls, kind: str, total: float, now: float, *, delay: float = 0.0,
             elapsed: float = 0.0, cap: float = 20.0, resume: float = 1.5) -> WindowClock:
        """A countdown of `total` seconds that starts in `delay` seconds, `elapsed`
        seconds already gone."""
        return cls(kind, total, now + delay, cap, resume, min(total, max(0.0, elapsed)))

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
        self.claims[seat] = now

    def release(self, seat: int, now: float) -> None:
        """`seat` is done choosing; the last release restarts the countdown with at least
        `resume` seconds left."""
        if self.claims.pop(seat, None) is None or self.claims:
            return
        self.counted = min(self.counted, max(0.0, self.total - self.resume))
        self.running_since = max(now, self.running_since)

    def expired_claims(self, now: float) -> list[int]:
        """Seats that have been choosing for longer than the cap."""
        return [seat for seat, since in self.claims.items() if now - since >= self.cap]

    def due(self, now: float) -> bool:
        """The countdown has run out and nobody is choosing."""
        return not self.claims and self.remaining(now) <= 0

    def countdown(self, now: float) -> Countdown:
        """The bar the display draws."""
        return Countdown(self.kind, self.total, round(self.remaining(now), 1),
                         tuple(sorted(self.claims)), bool(self.claims))
