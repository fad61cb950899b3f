"""Race to Ten, the smallest game the table plays through every part: two seats take
turns rolling one die and adding its face to their score; the first to 10 wins.

A game is one folder and a registry line: this folder holds its rules (here, on the
kernel alone), its words (`words/`) and its box (`box.py`, the shared simple table);
`test_race.py` registers it and plays it through setup, the table, the screen, a phone
and the journal. Nothing outside this folder names it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from companion.core import (
    TABLE,
    Codec,
    Command,
    Event,
    Flow,
    Game,
    Invariant,
    Ledger,
    Option,
    Outcome,
    PhaseRow,
    RulesError,
    UndoPolicy,
)
from companion.core.options import OptionTable
from companion.core.reducer import Reducer
from companion.core.transaction import Handlers, Transaction
from companion.exc import SettingsError

GOAL = 10


class Stage(StrEnum):
    SETUP = "setup"
    PLAYING = "playing"
    OVER = "over"


class Act(StrEnum):
    START = "start"
    ROLL = "roll"
    NONE = "none"


@dataclass(frozen=True)
class RaceSettings:
    names: tuple[str, ...]

    def check(self) -> None:
        """Two players, as the journal checks every game's settings."""
        if len(self.names) != 2:
            raise SettingsError(f"names: Race to Ten takes two players, not {len(self.names)}")


@dataclass(frozen=True)
class Player:
    name: str
    score: int = 0


@dataclass(frozen=True)
class RaceState:
    stage: Stage = Stage.SETUP
    settings: RaceSettings | None = None
    players: tuple[Player, ...] = ()
    turn: int = 0
    winner: int | None = None


@dataclass(frozen=True)
class Start(Command):
    settings: RaceSettings


@dataclass(frozen=True)
class Roll(Command):
    pass


@dataclass(frozen=True)
class Started(Event):
    settings: RaceSettings


@dataclass(frozen=True)
class Rolled(Event):
    seat: int
    face: int


@dataclass(frozen=True)
class Won(Event):
    seat: int


FLOW: Flow[RaceState, Event, Stage] = Flow({
    Stage.SETUP: PhaseRow(Act.START, lambda s: (TABLE,)),
    Stage.PLAYING: PhaseRow(Act.ROLL, lambda s: (s.turn,), {Won: Stage.OVER}),
    Stage.OVER: PhaseRow(Act.NONE, lambda s: ()),
}, phase_of=lambda s: s.stage, start=Stage.SETUP)


def _rolled(state: RaceState, event: Rolled) -> RaceState:
    players = list(state.players)
    players[event.seat] = replace(players[event.seat], score=players[event.seat].score
                                  + event.face)
    return replace(state, players=tuple(players), turn=(event.seat + 1) % len(players))


EVENTS: tuple[type[Event], ...] = (Started, Rolled, Won)
REDUCER: Reducer[RaceState, Event] = Reducer({
    Started: lambda s, e: RaceState(Stage.PLAYING, e.settings,
                                    tuple(Player(n) for n in e.settings.names)),
    Rolled: _rolled,
    Won: lambda s, e: replace(s, winner=e.seat),
}, events=EVENTS, flow=FLOW, opening=Started, initial=RaceState(), phase="stage")

OPTIONS: OptionTable[RaceState, Command] = OptionTable(
    {Act.START: lambda s, seat: [Option(Start, seat)],
     Act.ROLL: lambda s, seat: [Option(Roll, seat)], Act.NONE: lambda s, seat: []},
    act_of=FLOW.act_of, actors=FLOW.actors, kinds=Act)


def _start(tx: Transaction[RaceState, Event], command: Start) -> None:
    command.settings.check()
    tx.emit(Started(command.settings))


def _roll(tx: Transaction[RaceState, Event], command: Roll) -> None:
    tx.emit(Rolled(command.seat, tx.roll(6)))
    if tx.state.players[command.seat].score >= GOAL:
        tx.emit(Won(command.seat))


HANDLERS: Handlers[RaceState, Command, Event] = Handlers(
    {Start: _start, Roll: _roll}, commands=(Start, Roll),
    transaction=lambda state, dice: Transaction(state, dice, REDUCER.evolve),
    is_legal=OPTIONS.is_legal, over=lambda s: s.stage is Stage.OVER,
    seats=lambda s: len(s.players), refusal=lambda s, c: RulesError(f"{c} is not allowed"))


def roller(state: RaceState, seat: int, rng: random.Random) -> Command | None:
    """The only bot: it rolls when its turn comes."""
    return Roll(seat) if state.stage is Stage.PLAYING and state.turn == seat else None


def _scores(game: int, events: Iterable[Event]) -> Iterator[Sequence[object]]:
    """The ledger: each player's score at the end."""
    yield (game, *(p.score for p in GAME.replay(events).players))


GAME: Game[RaceState, Command, Event, RaceState] = Game(
    name="race", title="Race to Ten", seats=range(2, 3), initial=RaceState(), flow=FLOW,
    options=OPTIONS.options, apply=HANDLERS.apply, evolve=REDUCER.evolve,
    codec=Codec(events=EVENTS, commands=(Start, Roll), state=RaceState, state_version=1,
                settings=RaceSettings, label="Race to Ten"),
    undo=UndoPolicy({Started: False, Rolled: False, Won: False}),
    invariants=(Invariant("R1", "scores never fall", lambda s: all(
        p.score >= 0 for p in s.players)),),
    public_view=lambda s: s, seat_view=lambda s, seat: s,
    outcome=lambda s: Outcome(s.winner) if s.winner is not None else None,
    opening=lambda e: e.settings if isinstance(e, Started) else None,
    ending=lambda e: Outcome(e.seat) if isinstance(e, Won) else None,
    refusal=lambda s, e: None,
    ledger=Ledger(("game", "first", "second"), _scores),
    bots={"roller": roller},
)

__all__ = ["GAME", "GOAL", "RaceSettings", "RaceState", "Roll", "Start"]
