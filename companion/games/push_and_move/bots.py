"""Bots for Push&Move: a random one, and a sensible one that looks one move ahead.

Both choose among the rules' legal commands only, so a bot can never do what a player
could not. The sensible bot tries each legal command on the state (states are values: a
trial changes nothing) and keeps the one whose result it likes best: opponents' dice
removed, its own kept, its dice strong and near the opponents', none left where an
opponent can push it off next. `play_game` plays a whole game with them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.core.acts import TABLE, Command, Event
from companion.core.bots import play_out
from companion.core.dice import DiceSource, SeededDice
from companion.core.hexes import opposite
from companion.core.physical import Probe
from companion.exc import RulesError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import BOARD, DICE, Kind, Settings
from companion.games.push_and_move.rules import FLOW, apply, legal_commands
from companion.games.push_and_move.state import EMPTY, Phase, State

Policy = Callable[[State, int, random.Random], Command | None]


def random_policy(state: State, seat: int, rng: random.Random) -> Command | None:
    """Any legal command, each as likely."""
    commands = legal_commands(state, seat)
    return rng.choice(commands) if commands else None


def _danger(state: State, seat: int) -> int:
    """How many of the seat's dice an opponent's die beside them could push off the
    board or onto a death hex next (with eyes enough on its own)."""
    occupied = state.occupied()
    count = 0
    for n in state.on_board(seat):
        die = state.dice[n]
        assert die.cell is not None
        for d in range(6):
            beyond = BOARD.neighbour(die.cell, d)
            if beyond is not None and state.board[beyond] is not Kind.DEATH:
                continue
            behind = BOARD.neighbour(die.cell, opposite(d))
            other = occupied.get(behind) if behind is not None else None
            if other is not None and state.dice[other].seat != seat and \
                    state.dice[other].value >= die.value:
                count += 1
                break
    return count


def score(state: State, seat: int) -> float:
    """How good `state` is for `seat`."""
    if state.phase is Phase.OVER:
        return 1e9 if state.winner == seat else -1e9
    me = state.players[seat]
    mine = state.on_board(seat)
    theirs = [n for s in state.seats if s != seat for n in state.on_board(s)]
    value = 1000.0 * me.count - 700.0 * (DICE - len(mine))
    value += 6.0 * sum(state.dice[n].value for n in mine)
    value -= 3.0 * sum(state.dice[n].value for n in theirs)
    cells = [state.dice[n].cell for n in theirs]
    for n in mine:
        cell = state.dice[n].cell
        assert cell is not None
        value -= 4.0 * min((BOARD.distance(cell, c) for c in cells if c is not None),
                           default=0)
    return value - 300.0 * _danger(state, seat)


class SensibleBot:
    """One move ahead: the legal command whose result scores best, ties at random.

    Its last choice is kept for the state it was made in: a bot on virtual pads is asked
    again before each press on the way to it, and the state is the same until it acts."""

    def __init__(self) -> None:
        self._last: tuple[State, int, Command | None] | None = None

    def __call__(self, state: State, seat: int, rng: random.Random) -> Command | None:
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        command = self._choose(state, seat, rng)
        self._last = (state, seat, command)
        return command

    def _choose(self, state: State, seat: int, rng: random.Random) -> Command | None:
        commands = legal_commands(state, seat)
        if not commands:
            return None
        if isinstance(commands[0], a.Orient):
            return rng.choice(commands)
        if any(isinstance(c, a.Reroll) for c in commands):
            pending = state.pending
            assert pending is not None
            return a.Reroll(seat) if state.dice[pending.die].value < 11 else a.Decline(seat)
        if any(isinstance(c, a.Rebirth | a.Place) for c in commands):
            return next(c for c in commands if not isinstance(c, a.Decline))
        best: list[Command] = []
        top = float("-inf")
        for command in commands:
            try:
                after, _ = apply(state, command, Probe())
            except RulesError:
                continue
            value = score(after, seat)
            if value > top:
                best, top = [command], value
            elif value == top:
                best.append(command)
        return rng.choice(best) if best else rng.choice(commands)


POLICIES: dict[str, Policy] = {"sensible": SensibleBot(), "random": random_policy}


def choose(state: State, policies: Sequence[Policy], rng: random.Random) -> Command | None:
    """The command of the seat that acts now, from its policy."""
    for seat in FLOW.seats_to_act(state):
        command = policies[seat](state, seat, rng)
        if command is not None:
            return command
    return None


def play_game(settings: Settings, policies: Sequence[Policy], seed: int = 0,
              dice: DiceSource | None = None, max_steps: int = 20_000
              ) -> tuple[State, list[Event]]:
    """A whole game by bots from the start: the last state and every event."""
    rng = random.Random(seed)
    dice = dice if dice is not None else SeededDice(seed)
    state, journal = apply(EMPTY, a.Start(TABLE, settings), dice)
    return play_out(state, list(journal), choose=lambda s: choose(s, policies, rng),
                    apply=apply, dice=dice, flow=FLOW, end=Phase.OVER, max_steps=max_steps)


__all__ = ["POLICIES", "Policy", "SensibleBot", "choose", "play_game", "random_policy",
           "score"]
