"""What one pad event or tick did: the one way anything leaves the controller.

The journal takes its events (and undos), the voice speaks them, and the app keeps and
puts in force the settings changed on the pads; the controller itself writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.config.prefs import Prefs
from companion.core.acts import Event


@dataclass(frozen=True)
class Outcome:
    """What one pad event or tick did, for the journal and the voice.

    `events` are the new engine events to append, in order; private ones (a bid's lock)
    are never among them. `retracted` is non-empty only for an undo. `prefs` are the
    settings changed on the pads, for the app to keep and put in force.

    How the append-only journal follows (I6):
      - `events`: append each one, in order, committed before the frame is shown;
      - `retract` = n > 0: append one undo marker carrying n (and, to check, the
        retracted events); delete nothing. On replay, keep a list of events and, at a
        marker, drop its last n entries before folding on.
    The n events are always the journal's newest n events (one command's, with no roll or
    reveal among them), and a marker never reaches back past an earlier marker: undo goes
    back one command only, and any command applied after it ends the chance to undo.
    """

    events: tuple[Event, ...] = ()
    retracted: tuple[Event, ...] = ()
    applied: bool = False  # a rules command was applied, an undo made, or chips promised
    # `events` command by command: the journal stores each command's events as one batch
    # (undo takes back the last batch), so a window closing and the choice made ahead
    # that acts then stay two batches. Empty: `events` is one batch.
    batches: tuple[tuple[Event, ...], ...] = ()
    prefs: Prefs | None = None  # setup's settings changed: the app saves and applies them
    game: str | None = None  # setup: the group chose another game (`companion.games`)
    # the game before `events` (None: not kept), so each event is said with the game as
    # it stood right after it: a move that removes two dice counts 1, then 2
    before: Any = None

    @property
    def retract(self) -> int:
        """How many events at the end of the journal this undo withdraws."""
        return len(self.retracted)

    @property
    def undone(self) -> bool:
        """Whether this was an undo."""
        return bool(self.retracted)

    @property
    def empty(self) -> bool:
        """Nothing to journal, say or keep."""
        return not self.applied and not self.events and self.prefs is None and \
            self.game is None

    def then(self, other: Outcome) -> Outcome:
        """This outcome followed by `other` (an undo is never followed by more)."""
        if other.empty:
            return self
        if self.empty:
            return other
        return Outcome(self.events + other.events, self.retracted or other.retracted,
                       self.applied or other.applied,
                       self.command_batches() + other.command_batches(),
                       other.prefs or self.prefs, other.game or self.game,
                       self.before if self.events else other.before)

    def after_each(self, evolve: Callable[[Any, Event], Any], last: Any) -> tuple[Any, ...]:
        """The game right after each of `events`, for what the voice and the phones say
        of it (a box's `announce` is given the state after the event): folded with the
        rules' `evolve` from `before`; without `before`, each is given `last`, the game
        after them all."""
        if self.before is None:
            return (last,) * len(self.events)
        states = []
        state = self.before
        for event in self.events:
            state = evolve(state, event)
            states.append(state)
        return tuple(states)

    def command_batches(self) -> tuple[tuple[Event, ...], ...]:
        """`events`, one tuple per command, for the journal."""
        if self.batches:
            return self.batches
        return (self.events,) if self.events else ()
