"""Bot players built on `legal()`: `random` for testing, `sensible` for the demo and for
statistics. Bots choose only among legal commands, so a bot can never cheat; the
`sensible` one also pretends to move a sled, since the companion never sees the map.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.bots import play_out
from companion.games.mush import commands as cmd
from companion.games.mush.dice import DiceSource
from companion.games.mush.engine import apply, legal, legal_commands, start_game
from companion.games.mush.events import Event
from companion.games.mush.model import (
    DOGS,
    MoveContext,
    Phase,
    RestPlace,
    RollKind,
    WindowKind,
)
from companion.games.mush.phases import FLOW
from companion.games.mush.queries import suggested_rest
from companion.games.mush.settings import Settings
from companion.games.mush.state import GameState

Policy = Callable[[GameState, int, random.Random], cmd.Command | None]
"""A bot: the command it sends now, or None when it has nothing to do (waits)."""


def random_policy(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
    """Uniformly among the seat's legal commands."""
    choices = legal_commands(state, seat)
    return rng.choice(choices) if choices else None


def _find(state: GameState, seat: int, kind: type[cmd.Command]) -> bool:
    return any(o.command is kind for o in legal(state, seat))


def _values(state: GameState, seat: int, kind: type[cmd.Command], param: str) -> list[Any]:
    """Every value `param` may take in the seat's legal commands of `kind`, in order."""
    return [v for o in legal(state, seat) if o.command is kind for v in o.params[param]]


def _best_rest(state: GameState, seat: int, rng: random.Random) -> cmd.Command:
    """Rest where the sled plausibly is, taking dogs when tired and chips when short."""
    player = state.players[seat]
    places = list(dict.fromkeys(_values(state, seat, cmd.Rest, "place")))
    if RestPlace.ANCHORAGE in places and player.covered == 0:
        return cmd.Rest(seat, RestPlace.ANCHORAGE, 0)
    weights = {RestPlace.TOWN: 4, RestPlace.SMALL_TOWN: 1, RestPlace.WILDERNESS: 5,
               RestPlace.ANCHORAGE: 0}
    place = rng.choices(places, [weights[p] for p in places])[0]
    return cmd.Rest(seat, place, suggested_rest(state, seat, place))


SPACES_PER_BOARD = 16
"""How many spaces the sensible bot pretends each board is long (the companion has no map)."""


class SensibleBot:
    """Rests when tired or in a good town, bids modestly, buys modifiers when they pay.

    The companion never sees the map, so the bot pretends to move a sled: it remembers
    how many spaces each of its seats has covered on the current board and tells the
    table it crossed into the next zone (or reached Nome) once that board is behind it.
    One instance follows one game at a time; it forgets when it sees a new game.
    """

    def __init__(self) -> None:
        self._game: weakref.ref[Settings] | None = None  # an identity alone is reused
        self._progress: dict[int, int] = {}
        self._credited: dict[int, tuple[int, int, str]] = {}

    def _follow(self, state: GameState) -> None:
        settings = state.settings
        followed = self._game() if self._game is not None else None
        if settings is None or followed is not settings:
            self._game = weakref.ref(settings) if settings is not None else None
            self._progress, self._credited = {}, {}

    def _spaces_needed(self, state: GameState, seat: int) -> int:
        settings = state.settings
        assert settings is not None
        board = state.players[seat].board
        zone = settings.boards[board].zone
        same_zone = sum(1 for b in settings.boards if b.zone is zone)
        boards = 1 if settings.arrangement.value == "custom" else same_zone
        return boards * SPACES_PER_BOARD

    def race_progress(self, state: GameState, seat: int) -> float:
        """How far along the whole race this bot believes a seat's sled is (0 to 1)."""
        settings = state.settings
        if settings is None or not 0 <= seat < len(state.players):
            return 0.0
        if state.winner == seat:
            return 1.0
        total = len(settings.boards) * SPACES_PER_BOARD
        board = state.players[seat].board
        covered = board * SPACES_PER_BOARD + min(self._progress.get(seat, 0),
                                                 self._spaces_needed(state, seat))
        return min(1.0, covered / total)

    def _movement(self, state: GameState, seat: int, rng: random.Random) -> cmd.Command:
        turn = state.turn
        assert turn is not None
        player = state.players[seat]
        remaining = turn.spaces - turn.entered
        offered = {o.command for o in legal(state, seat)}
        progress = self._progress.get(seat, 0)
        roll = rng.random()
        if remaining > 0 and cmd.RollTerrain in offered and roll < 0.15:
            modifier = 2 if player.chips >= 10 else 1 if player.chips >= 5 else 0
            top = max(_values(state, seat, cmd.RollTerrain, "modifier"))
            return cmd.RollTerrain(seat, min(modifier, top))
        if remaining > 0 and cmd.RollAvalanche in offered and roll < 0.19:
            top = max(_values(state, seat, cmd.RollAvalanche, "modifier"))
            return cmd.RollAvalanche(seat, min(2 if player.chips >= 10 else 0, top))
        if (cmd.PayPassing in offered and turn.context is MoveContext.NORMAL and remaining >= 3
                and player.chips >= 12 and roll < 0.22):
            return cmd.PayPassing(seat)
        far_enough = progress + turn.spaces >= self._spaces_needed(state, seat)
        key = (state.round, turn.seat, turn.context.value)  # equal states, same key
        if far_enough and turn.spaces > 0:
            if cmd.ReachNome in offered:
                return cmd.ReachNome(seat)
            if True in _values(state, seat, cmd.CrossZone, "forward"):
                self._progress[seat] = progress + turn.spaces - self._spaces_needed(state, seat)
                self._credited[seat] = key
                return cmd.CrossZone(seat, True)
            if cmd.ReachNikolai in offered:
                return cmd.ReachNikolai(seat)
        if self._credited.get(seat) != key:
            self._progress[seat] = progress + turn.spaces
        self._credited[seat] = key
        return cmd.EndMove(seat)

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        """The command this seat sends now, or None while it waits."""
        if not legal(state, seat):
            return None
        self._follow(state)
        if state.phase in (Phase.MOVING, Phase.EARLY_RISER, Phase.PRESS_MOVE):
            return self._movement(state, seat, rng)
        return _sensible_choice(state, seat, rng)


def _sensible_choice(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
    """Every decision of the sensible bot apart from moving the sled."""
    phase = state.phase
    player = state.players[seat]
    if phase is Phase.TRAINING:
        options = _values(state, seat, cmd.ChooseTraining, "training")
        return cmd.ChooseTraining(seat, rng.choice(options))
    if phase is Phase.BIDDING:
        if state.bids[seat] is not None:
            return None
        wish = rng.choice((0, 0, 0, 1, 1, 2, 3))
        return cmd.LockBid(seat, min(wish, player.chips // 5))
    if phase is Phase.WEATHER:
        return cmd.RollWeather(seat)
    if phase is Phase.TURN:
        tired = player.covered >= 5 or player.uncovered == 0
        poor = player.chips < 4 and rng.random() < 0.5
        if tired or poor or not _find(state, seat, cmd.Move) or rng.random() < 0.1:
            return _best_rest(state, seat, rng)
        return cmd.Move(seat)
    if phase is Phase.PRESSING:
        return cmd.Press(seat)
    window = state.window
    if window is not None and window.kind is WindowKind.REDUCE:
        leader = max(p.board for p in state.players)
        roller = state.players[window.roller]
        if roller.board == leader and player.chips >= 16 and rng.random() < 0.25:
            return cmd.Reduce(seat, 2)
        return cmd.Pass(seat)
    if window is not None and window.kind is WindowKind.REROLL:
        last = state.last_roll
        mine = window.roller == seat
        if last is not None and last.kind is RollKind.DOGS:
            expected = len(last.faces) * (last.colour.dog_chance if last.colour else 0.5)
            if mine and last.dogs + 1.5 < expected and player.chips >= 12:
                return cmd.Reroll(seat)
            if not mine and last.dogs >= 6 and player.chips >= 14 and rng.random() < 0.3:
                return cmd.Reroll(seat)
        if (last is not None and mine and last.kind in (RollKind.TERRAIN, RollKind.AVALANCHE)
                and not last.success and player.chips >= 12 and last.rerolls == 0):
            return cmd.Reroll(seat)
        return cmd.Pass(seat)
    return None


sensible_policy: Policy = SensibleBot()
"""A shared sensible bot; make a `SensibleBot()` of your own to follow games side by side."""


POLICIES: dict[str, Policy] = {"random": random_policy, "sensible": sensible_policy}
"""Bots by name; `sensible` remembers the game it follows (see SensibleBot)."""


def choose_action(state: GameState, policies: Sequence[Policy], rng: random.Random,
                  table_closes: float = 0.0) -> cmd.Command | None:
    """One command from whichever seat acts next (seats that wait are skipped).

    With `table_closes` > 0 the table may also close an open window, as its countdown
    would; when every seat waits, the table closes the window.
    """
    seats = [s for s in state.seats if legal(state, s)]
    rng.shuffle(seats)
    if state.window is not None and table_closes and rng.random() < table_closes:
        return cmd.CloseWindow(cmd.TABLE)
    for seat in seats:
        command = policies[seat](state, seat, rng)
        if command is not None:
            return command
    if state.window is not None:
        return cmd.CloseWindow(cmd.TABLE)
    return None


def play_game(settings: Settings, policies: Sequence[Policy], dice: DiceSource,
              rng: random.Random, max_steps: int = 200_000, table_closes: float = 0.0,
              on_step: Callable[[GameState, cmd.Command, list[Event]], None] | None = None,
              ) -> tuple[GameState, list[Event]]:
    """A whole bot game from the settings to the winner (or `max_steps`)."""
    state, journal = start_game(settings, dice)
    return play_out(state, journal, choose=lambda s: choose_action(s, policies, rng, table_closes),
                    apply=apply, dice=dice, flow=FLOW, end=Phase.GAME_OVER,
                    max_steps=max_steps, on_step=on_step)


__all__ = ["DOGS", "POLICIES", "Policy", "SensibleBot", "choose_action", "play_game",
           "random_policy", "sensible_policy"]
