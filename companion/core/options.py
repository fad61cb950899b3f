"""The option engine: what a seat may do now, in two tiers, as python-chess has moves.

A game's `options(state, seat)` lists every option that *applies* to the seat now (as
`generate_pseudo_legal_moves`): each a kind of command with the values its parameters
may take, and, when the rules forbid it at this moment, `blocked` with the rules' reason
(too few chips, no stick in play, all dogs covered). `legal()` is the unblocked ones (as
`generate_legal_moves`), and a game's `apply()` accepts exactly those.

A menu is built from the options alone: an option absent is an item not shown (Nikolai
without Short game B), a blocked one an item greyed with its reason, an unblocked one an
item that sends its command. So no menu restates when a rule applies, and none can drift
from the rules. `note` carries what the rules know about an option that a menu shows
beside it (the odds of a roll, what a rest would really give), as numbers and names.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from companion.core.acts import Command
from companion.core.values import complete
from companion.exc import (
    CommandNotAllowedError,
    IllegalChoiceError,
    NotYourTurnError,
    RulesError,
)

C = TypeVar("C", bound=Command)
S = TypeVar("S")

ParamValues = Sequence[Any]
Note = Mapping[str, int | str]
_NO_NOTE: Note = {}


@dataclass(frozen=True)
class Reason:
    """Why an option that applies is blocked now: a stable `code` (a menu's words look it
    up), the rule that says so, and the numbers the words need."""

    code: str
    rule: str = ""
    args: Note = field(default_factory=dict)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.args.items())
        return f"{self.code} ({self.rule}{'; ' + args if args else ''})"


@dataclass(frozen=True)
class Option(Generic[C]):
    """One kind of command a seat may send, with the values each parameter may take.

    Every combination of the listed values is one command (`commands()`); `cost_range`
    tells what they cost the seat, so a menu quotes prices without knowing them.
    """

    command: type[C]
    seat: int
    params: Mapping[str, ParamValues] = field(default_factory=dict)
    blocked: Reason | None = None
    note: Note = field(default_factory=dict)

    @classmethod
    def make(cls, command: type[C], seat: int, params: Mapping[str, ParamValues],
             blocked: Reason | None = None, note: Note = _NO_NOTE) -> Option[C]:
        """The same value as `Option(...)`, built without the dataclass's checks: a game's
        engine builds a few dozen per question, several hundred times a second when bots
        play, and a frozen dataclass's `__init__` was most of that time."""
        option: Option[C] = object.__new__(cls)
        object.__setattr__(option, "__dict__", {
            "command": command, "seat": seat, "params": params, "blocked": blocked,
            "note": note})
        return option

    def commands(self) -> Iterator[C]:
        """Every concrete command this option stands for (none for an option without a
        parameter list to enumerate, such as a game's start with its settings)."""
        if any(name not in self.params for name in _fields(self.command)):
            return
        names = list(self.params)
        for values in itertools.product(*(self.params[n] for n in names)):
            yield self.command(self.seat, **dict(zip(names, values, strict=True)))

    def admits(self, command: Command) -> bool:
        """Whether a concrete command is one of this option's."""
        if type(command) is not self.command or command.seat != self.seat:
            return False
        return all(getattr(command, name) in values for name, values in self.params.items())

    @property
    def cost_range(self) -> tuple[int, int]:
        """The fewest and the most its commands cost the seat, so a menu can show
        "1–6 chips" without listing them all."""
        base = self.command.fixed_cost
        param = self.command.cost_param
        values = self.params.get(param, ()) if param else ()
        if not values:
            return base, base
        return base + min(values), base + max(values)


_FIELDS: dict[type[Command], tuple[str, ...]] = {}


def _fields(command: type[Command]) -> tuple[str, ...]:
    """The parameters of a command type: its dataclass fields after the seat."""
    names = _FIELDS.get(command)
    if names is None:
        names = _FIELDS[command] = tuple(
            f.name for f in dataclasses.fields(command) if f.name != "seat")
    return names


def legal(options: Iterable[Option[C]]) -> list[Option[C]]:
    """The options nothing blocks: what `apply()` accepts."""
    return [o for o in options if o.blocked is None]


def offered(options: Iterable[Option[C]], command: Command) -> Option[C] | None:
    """The option `command` belongs to, blocked or not; None when it does not apply."""
    return next((o for o in options if o.admits(command)), None)


Offer = Callable[[S, int], list[Option[C]]]
"""What one kind of act offers a seat the flow lets act."""


class OptionTable(Generic[S, C]):
    """A game's options by the kind of act its phase asks for, and the questions every
    layer asks of them: `options` (both tiers), `legal`, `legal_commands`, `is_legal`.

    A press asks the same state for its menus, then to check the command chosen, then for
    the frame, and `apply` asks again; a state never changes, so the options of the last
    few (state, seat) asked are kept by identity and worked out once. The cache is
    rebound whole, so a reader in another thread never sees it half made.

    `refusal` says why a command is refused from the same options, so a game's `apply`
    (the kernel's `Handlers`) gets its most specific reason without writing one: `explain`
    words a blocked option's reason, `phase` names the state's field a refusal names.
    """

    def __init__(self, offers: Mapping[Any, Offer[S, C]], *, act_of: Callable[[S], Enum],
                 actors: Callable[[S], tuple[int, ...]], kinds: Iterable[Enum] = (),
                 keep: int = 12, explain: Callable[[Reason], str] = str,
                 phase: str = "phase") -> None:
        self.offers = complete(offers, kinds, "every kind of act needs its offer")
        self._act_of = act_of
        self._actors = actors
        self._keep = keep
        self._explain = explain
        self._phase = phase
        self._listed: tuple[tuple[S, int, list[Option[C]]], ...] = ()

    def options(self, state: S, seat: int) -> list[Option[C]]:
        """Every option that applies to `seat` now, the blocked ones with the rules'
        reason (as python-chess's pseudo-legal moves); none for a seat the flow does not
        let act."""
        for known, asked, listed in self._listed:
            if known is state and asked == seat:
                return list(listed)
        listed = self.offers[self._act_of(state)](state, seat) if seat in self._actors(
            state) else []
        self._listed = ((state, seat, listed), *self._listed[:self._keep - 1])
        return list(listed)

    def legal(self, state: S, seat: int) -> list[Option[C]]:
        """What `seat` may do now, with its parameters' ranges: the options nothing
        blocks, exactly what the game's `apply` accepts."""
        return legal(self.options(state, seat))

    def legal_commands(self, state: S, seat: int) -> list[C]:
        """`legal()` flattened to concrete commands (for bots and tests)."""
        return [c for option in self.legal(state, seat) for c in option.commands()]

    def is_legal(self, state: S, command: C) -> bool:
        """Whether the game's `apply` would accept the command."""
        return any(o.admits(command) for o in self.legal(state, command.seat))

    def refusal(self, state: S, command: C) -> RulesError:
        """The most specific reason the options give for refusing `command` (asked only of
        a command that is not legal): its seat has nothing to do in this phase, an option
        of its own is blocked (the rules' reason and rule), its kind of command is not
        offered now (and what is), or its values are outside those offered. A game with a
        reason to put first (MUSH's chips) asks its own before the table's."""
        name = type(command).__name__
        every = self.options(state, command.seat)
        if not every:
            phase = getattr(state, self._phase)
            during = phase.value if isinstance(phase, Enum) else phase
            return NotYourTurnError(f"seat {command.seat} may not act during {during}")
        blocked = next((o.blocked for o in every
                        if o.blocked is not None and o.admits(command)), None)
        if blocked is not None:
            return CommandNotAllowedError(f"{name}: {self._explain(blocked)} ({blocked.rule})")
        if not any(o.command is type(command) for o in every):
            allowed = ", ".join(sorted({o.command.__name__ for o in legal(every)}))
            return CommandNotAllowedError(f"{name} is not allowed now; allowed: {allowed}")
        return IllegalChoiceError(f"{name} with these values is not allowed now")


__all__ = ["Note", "Offer", "Option", "OptionTable", "ParamValues", "Reason", "legal",
           "offered"]
