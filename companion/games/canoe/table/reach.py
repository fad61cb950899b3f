"""How far along the board a Canoe landmark lies past another, learnt from the throws.

The board's landmarks lie at fixed places along the route, and each go the die says how
far the canoe went (E3). So when a canoe tells landmark B some goes after landmark A, the
throws since A's go bracket where B lies past the end of that go: beyond the spaces
thrown before B's go, within those thrown up to its end. Kept per pair (A, B), over every
canoe and trip, that tells the table which landmarks this go's throw can reach from where
the canoe is (the throws since its latest landmark and this one) and which it has passed
or cannot reach yet, on any board, without a map.

The die's face is the measure: the weather adds to or takes from a throw on a lake or a
portage only (E3, E4), which the table cannot tell apart, and a stretch is the same
water for every canoe, so the face brackets a landmark as well on every stretch. A
canoe's place at the end of a go lies anywhere up to a throw past a landmark it told in
that go, so a bracket is widened by `SLACK` each side.

Nothing here decides a rule: it only says which of the steps the rules allow are within
reach.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

START = "start"
"""Every canoe's first landmark: the start of the trip, where they all set off."""
SLACK = 2
"""Spaces a bracket is widened by each side: where a canoe stands at the end of a go
past a landmark it told in it varies from canoe to canoe."""
BEHIND = 3
"""How many of a canoe's latest landmarks a bracket is measured from (the latest with
any bracket for the landmark asked wins), so a campsite a canoe camped at between two
lines does not hide the second line's distance from the first."""
KEPT = 12
"""The brackets kept per pair, the latest: a pair told by many canoes is well known."""

Span = tuple[int, int]
"""(low, high]: where a landmark lay, in spaces thrown past the end of the go an earlier
landmark was told in."""


@dataclass
class Reach:
    """The throws of each seat and where its landmarks were told along them, and the
    brackets learnt per pair of landmarks."""

    travel: dict[int, int] = field(default_factory=dict)
    thrown: dict[int, int] = field(default_factory=dict)
    marks: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    spans: dict[tuple[str, str], list[Span]] = field(default_factory=dict)

    def turn(self, seat: int) -> None:
        """The seat's turn starts: no throw yet (a camp or a windbound go moves not)."""
        self.thrown[seat] = 0
        self.marks.setdefault(seat, [(START, 0)])

    def throw(self, seat: int, spaces: int) -> None:
        """The seat's go starts with a throw of `spaces` (E3)."""
        self.marks.setdefault(seat, [(START, 0)])
        self.travel[seat] = self.travel.get(seat, 0) + spaces
        self.thrown[seat] = spaces

    def tell(self, seat: int, key: str) -> None:
        """The seat told landmark `key` in its go: it lies within the go's throw."""
        end = self.travel.get(seat, 0)
        start = end - self.thrown.get(seat, 0)
        marks = self.marks.setdefault(seat, [])
        for before, at in marks[-BEHIND:]:
            kept = self.spans.setdefault((before, key), [])
            kept.append((start - at, end - at))
            del kept[:-KEPT]
        if key.startswith("exit:"):
            marks.clear()  # L5: the region lets the canoe out at its exit, no throw does
        marks.append((key, end))
        del marks[:-BEHIND]

    def window(self, seat: int, before: str) -> Span | None:
        """Where this go takes the seat's canoe, past the end of the go `before` (one of
        its latest landmarks) was told in; None when it has not told it lately."""
        end = self.travel.get(seat, 0)
        start = end - self.thrown.get(seat, 0)
        for key, at in reversed(self.marks.get(seat, [])):
            if key == before:
                return start - at, end - at
        return None

    def within(self, seat: int, key: str, any_exit: bool = False,
               behind: Callable[[str], bool] | None = None) -> float | None:
        """The share of the brackets learnt for `key` that this go's throw reaches (0 to
        1), measured from the seat's latest landmark that has any for it; None when none
        has (the table does not know how far `key` lies). `any_exit`: past an Unmapped
        Region exit nobody told `key` after, the brackets learnt past every exit
        (`exit_spans`). `behind(landmark)`: whether `key` lies behind one of the seat's
        earlier landmarks the way its canoe paddles now; the canoe has passed `key` since
        or paddles away from it, so no bracket from that landmark or an earlier one says
        where it lies (that bracket was learnt by canoes paddling the other way)."""
        marks = self.marks.get(seat, [])
        for before, _ in reversed(marks):
            if before == key:
                return None  # told since: what lies past it is asked of it, not of it
            if behind is not None and before != marks[-1][0] and behind(before):
                return None
            spans = self.spans.get((before, key))
            if not spans and any_exit and before.startswith("exit:"):
                spans = self.exit_spans(key)
            window = self.window(seat, before)
            if not spans or window is None:
                continue
            low, high = window
            share = 0.0
            for a, b in spans:
                a, b = a - SLACK, b + SLACK
                share += max(0, min(b, high) - max(a, low)) / (b - a)
            return share / len(spans)
        return None

    def exit_spans(self, key: str) -> list[Span]:
        """L5: the brackets learnt for `key` past each Unmapped Region exit: the exits let
        canoes out of the one region onto the stretch past it, so where a canoe out of one
        exit met `key` tells where a canoe out of another, that nobody used yet, may."""
        return [span for (before, told), kept in self.spans.items()
                if told == key and before.startswith("exit:") for span in kept]

    def board(self) -> Reach:
        """What stays true of the board for the next trip on it: the brackets, not the
        seats' throws."""
        return Reach(spans={pair: list(spans) for pair, spans in self.spans.items()})


__all__ = ["START", "Reach", "Span"]
