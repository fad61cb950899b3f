"""A second game, as small as a game can be, built on the kernel alone: Race to Five.

Two or three seats take turns adding 1 or 2 to a shared count (a 2 costs a token, each
seat holds two); a roll of the die decides who starts; whoever brings the count to 5
wins. It exists to show that the kernel, the journal and the exports know no MUSH: every
piece of a `Game` is declared here, and nothing here imports `companion.games.mush`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from companion.core import (
    TABLE,
    Codec,
    Command,
    DiceSource,
    Event,
    Flow,
    Game,
    Invariant,
    Ledger,
    Option,
    Outcome,
    PhaseRow,
    Reason,
    UndoPolicy,
)
from companion.core.options import OptionTable
from companion.core.reducer import Reducer
from companion.core.transaction import Handlers, Transaction

GOAL = 5


class Stage(StrEnum):
    SETUP = "setup"
    PLAYING = "playing"
    OVER = "over"


class Act(StrEnum):
    START = "start"
    ADD = "add"
    NONE = "none"


@dataclass(frozen=True)
class ToySettings:
    names: tuple[str, ...]

    def check(self) -> None:
        if not 2 <= len(self.names) <= 3:
            raise ValueError("2 or 3 players")


@dataclass(frozen=True)
class ToyState:
    stage: Stage = Stage.SETUP
    settings: ToySettings | None = None
    count: int = 0
    tokens: tuple[int, ...] = ()
    turn: int = 0
    winner: int | None = None


@dataclass(frozen=True)
class Start(Command):
    settings: ToySettings


@dataclass(frozen=True)
class Add(Command):
    amount: int
    fixed_cost: ClassVar[int] = 0


@dataclass(frozen=True)
class Started(Event):
    settings: ToySettings


@dataclass(frozen=True)
class FirstDrawn(Event):
    seat: int
    face: int


@dataclass(frozen=True)
class Added(Event):
    seat: int
    amount: int


@dataclass(frozen=True)
class Won(Event):
    seat: int


def _everyone_in_turn(state: ToyState) -> tuple[int, ...]:
    return (state.turn,)


FLOW: Flow[ToyState, Event, Stage] = Flow({
    Stage.SETUP: PhaseRow(Act.START, lambda s: (TABLE,), {FirstDrawn: Stage.PLAYING}),
    Stage.PLAYING: PhaseRow(Act.ADD, _everyone_in_turn, {Won: Stage.OVER}),
    Stage.OVER: PhaseRow(Act.NONE, lambda s: ()),
}, phase_of=lambda s: s.stage, start=Stage.SETUP)


def _started(state: ToyState, event: Started) -> ToyState:
    return ToyState(settings=event.settings, tokens=(2,) * len(event.settings.names))


def _first(state: ToyState, event: FirstDrawn) -> ToyState:
    return replace(state, turn=event.seat)


def _added(state: ToyState, event: Added) -> ToyState:
    tokens = list(state.tokens)
    tokens[event.seat] -= event.amount - 1  # a 2 costs a token
    return replace(state, count=state.count + event.amount, tokens=tuple(tokens),
                   turn=(event.seat + 1) % len(state.tokens))


def _won(state: ToyState, event: Won) -> ToyState:
    return replace(state, winner=event.seat)


EVENTS: tuple[type[Event], ...] = (Started, FirstDrawn, Added, Won)
REDUCER: Reducer[ToyState, Event] = Reducer(
    {Started: _started, FirstDrawn: _first, Added: _added, Won: _won}, events=EVENTS,
    flow=FLOW, opening=Started, initial=ToyState(), phase="stage")
evolve = REDUCER.evolve


def _offer_start(state: ToyState, seat: int) -> list[Option[Command]]:
    return [Option(Start, seat)]


def _offer_add(state: ToyState, seat: int) -> list[Option[Command]]:
    out: list[Option[Command]] = [Option(Add, seat, {"amount": (1,)})]
    blocked = None
    if state.tokens[seat] == 0:
        blocked = Reason("no_token", "T1")
    elif state.count + 2 > GOAL:
        blocked = Reason("past_goal", "T2", {"left": GOAL - state.count})
    out.append(Option(Add, seat, {"amount": (2,)}, blocked, {"token": 1}))
    return out


OPTIONS: OptionTable[ToyState, Command] = OptionTable(
    {Act.START: _offer_start, Act.ADD: _offer_add, Act.NONE: lambda s, seat: []},
    act_of=FLOW.act_of, actors=FLOW.actors, kinds=Act, phase="stage")
options = OPTIONS.options


def _tx(state: ToyState, dice: DiceSource) -> Transaction[ToyState, Event]:
    return Transaction(state, dice, evolve)


def _h_start(tx: Transaction[ToyState, Event], command: Start) -> None:
    tx.emit(Started(command.settings))
    face = tx.roll(len(command.settings.names))
    tx.emit(FirstDrawn(face - 1, face))


def _h_add(tx: Transaction[ToyState, Event], command: Add) -> None:
    tx.emit(Added(command.seat, command.amount))
    if tx.state.count == GOAL:
        tx.emit(Won(command.seat))


HANDLERS: Handlers[ToyState, Command, Event] = Handlers(
    {Start: _h_start, Add: _h_add}, commands=(Start, Add), transaction=_tx,
    is_legal=OPTIONS.is_legal, over=lambda s: s.stage is Stage.OVER,
    seats=lambda s: len(s.tokens), refusal=OPTIONS.refusal)
apply = HANDLERS.apply


CODEC: Codec[ToyState, ToySettings, Event, Command] = Codec(
    events=EVENTS, commands=(Start, Add), state=ToyState, state_version=1,
    settings=ToySettings, label="Toy")


TOY: Game[ToyState, Command, Event, ToyState] = Game(
    name="toy", title="Race to Five", seats=range(2, 4), initial=ToyState(), flow=FLOW,
    options=options, apply=apply, evolve=evolve,
    codec=CODEC,
    undo=UndoPolicy.all_but(EVENTS, final=(Started, FirstDrawn)),
    invariants=(Invariant("T0", "the count never passes the goal",
                          lambda s: 0 <= s.count <= GOAL),
                Invariant("T1", "tokens are never negative",
                          lambda s: all(t >= 0 for t in s.tokens))),
    public_view=lambda s: s, seat_view=lambda s, seat: s,
    outcome=lambda s: Outcome(s.winner) if s.winner is not None else None,
    opening=lambda e: e.settings if isinstance(e, Started) else None,
    ending=lambda e: Outcome(e.seat) if isinstance(e, Won) else None,
    refusal=lambda s, e: None,
    ledger=Ledger(("game", "count"), lambda gid, events: iter([(gid, len(list(events)))])),
)
