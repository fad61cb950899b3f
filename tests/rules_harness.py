"""A small driver for rules tests: exact dice, one command at a time, events kept.

Tests push the faces the next rolls must show, so every assertion is about a known roll;
a test that asks for a roll it did not plan fails loudly instead of passing by chance.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.engine import apply, legal, legal_commands, start_game
from companion.games.mush.evolve import replay
from companion.games.mush.model import Arrangement, Climate, Phase
from companion.games.mush.settings import Board, Charts, Settings, Variants
from companion.games.mush.state import GameState

NAMES = ("Peter", "Karsten", "Regina", "Manfred", "Ute", "Alan")


class QueueDice:
    """Dice that show exactly the faces pushed, in order."""

    def __init__(self) -> None:
        self.faces: deque[int] = deque()
        self.asked: list[int] = []

    def push(self, *faces: int) -> QueueDice:
        self.faces.extend(faces)
        return self

    def roll(self, sides: int) -> int:
        self.asked.append(sides)
        assert self.faces, f"the test did not plan this d{sides} roll"
        face = self.faces.popleft()
        assert 1 <= face <= sides, f"face {face} does not fit a d{sides}"
        return face


class Game:
    """A game under test: the live state, every event, and the dice."""

    def __init__(self, state: GameState, events: list[ev.Event], dice: QueueDice) -> None:
        self.state = state
        self.events = events
        self.dice = dice

    # --- building ------------------------------------------------------------------

    @classmethod
    def start(cls, players: int = 4, first: int = 0, variants: Variants | None = None,
              arrangement: Arrangement = Arrangement.INTRO, charts: Charts | None = None,
              boards: tuple[Board, ...] | None = None) -> Game:
        """A game in the training phase; seat `first` selects first."""
        dice = QueueDice().push(first + 1)
        settings = Settings.make(NAMES[:players], arrangement, variants, charts, boards)
        state, events = start_game(settings, dice)
        return cls(state, list(events), dice)

    @classmethod
    def bidding(cls, players: int = 4, trainings: Sequence[Climate] | None = None,
                ice_bear: int = 0, **kwargs: object) -> Game:
        """A game in round 1's bidding; `trainings` by seat, Ice Bear at `ice_bear`."""
        game = cls.start(players, first=0, **kwargs)  # type: ignore[arg-type]
        default = [Climate.WARM, Climate.COLD, Climate.MODERATE, Climate.WARM,
                   Climate.MODERATE, Climate.COLD]
        chosen = list(trainings) if trainings is not None else default[:players]
        for seat in range(players):
            last = seat == players - 1
            game.do(c.ChooseTraining(seat, chosen[seat]), *([ice_bear + 1] if last else []))
        assert game.state.phase is Phase.BIDDING
        return game

    # --- playing -------------------------------------------------------------------

    def do(self, command: c.Command, *faces: int) -> list[ev.Event]:
        """Apply a command, with the faces its rolls must show."""
        self.dice.push(*faces)
        self.state, events = apply(self.state, command, self.dice)
        self.events.extend(events)
        assert not self.dice.faces, f"faces left unused: {list(self.dice.faces)}"
        return events

    def bids(self, amounts: Sequence[int]) -> list[ev.Event]:
        """Every seat locks its bid; returns the events of the last lock (the reveal)."""
        out: list[ev.Event] = []
        for seat, amount in enumerate(amounts):
            out = self.do(c.LockBid(seat, amount))
        return out

    def close(self, *faces: int) -> list[ev.Event]:
        """The table closes the open window (its countdown ran out)."""
        return self.do(c.CloseWindow(c.TABLE), *faces)

    def pass_all(self, *faces: int) -> list[ev.Event]:
        """Close the open window whatever it is, like a countdown would."""
        assert self.state.window is not None
        return self.close(*faces)

    def to_weather(self, amounts: Sequence[int] | None = None) -> None:
        """Bid (all zero by default) and finish any Early Riser move."""
        self.bids(amounts if amounts is not None else [0] * len(self.state.players))
        if self.state.phase is Phase.EARLY_RISER:
            assert self.state.turn is not None
            self.do(c.EndMove(self.state.turn.seat))
        assert self.state.phase is Phase.WEATHER

    def weather(self, face: int) -> None:
        """The Ice Bear rolls the weather and nobody rerolls it."""
        bear = self.state.ice_bear
        assert bear is not None
        self.do(c.RollWeather(bear), face)
        if self.state.phase is Phase.REROLL:
            self.close()
        assert self.state.phase is Phase.TURN

    def move(self, seat: int, faces: Iterable[int]) -> None:
        """`seat` moves: nobody reduces, the dog dice show `faces`, nobody rerolls."""
        faces = list(faces)
        others_can_pay = any(p.chips > 0 for s, p in enumerate(self.state.players) if s != seat)
        if others_can_pay:
            self.do(c.Move(seat))
            assert self.state.phase is Phase.REDUCE
            self.close(*faces)
        else:
            self.do(c.Move(seat), *faces)
        if self.state.phase is Phase.REROLL:
            self.close()

    def commands(self, seat: int) -> list[c.Command]:
        return legal_commands(self.state, seat)

    def kinds(self, seat: int) -> set[type[c.Command]]:
        return {o.command for o in legal(self.state, seat)}

    def of_type(self, kind: type[ev.Event]) -> list[ev.Event]:
        return [e for e in self.events if isinstance(e, kind)]

    def replayed(self) -> GameState:
        return replay(self.events)
