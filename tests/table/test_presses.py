"""Three presses at most for any choice other than a bid, whatever the game looks like.

The bench measures the presses the bots really make; this checks every choice the rules
allow at every step of whole games (random choices, every variant, 2 to 6 players): from
the top of the seat's menus, the command is reached in three presses or fewer, its
confirmation included.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush.bots import random_policy, sensible_policy
from companion.games.mush.config import MushSetup
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import legal_commands
from companion.games.mush.model import Arrangement, Phase
from companion.games.mush.settings import Variants
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from table.helpers import FakeClock, bot_steps

NOT_COUNTED = (c.LockBid, c.UnlockBid, c.CloseWindow, c.Pass, c.StartGame)
"""Bids are counted in chips; a window closes by itself and silence says no."""


def _mixed(state: GameState, seat: int, rng: random.Random) -> c.Command | None:
    """Any legal choice (so every menu gets used), bids as the sensible bot."""
    if state.phase is Phase.BIDDING:
        return sensible_policy(state, seat, rng)
    for _ in range(6):  # the sled reaches Nome (a player's word) less at random
        command = random_policy(state, seat, rng)
        if not isinstance(command, c.ReachNome):
            return command
    return command


def _most_presses(controller: TableController, seen: Counter[str]) -> list[str]:
    """Every choice of every seat now that takes more than three presses."""
    state = controller.state
    ahead = controller.preview()
    over = []
    for seat in state.seats:
        if controller.promised(seat):
            continue
        commands = list(legal_commands(state, seat))
        if ahead is not None:
            commands += legal_commands(ahead, seat)  # chosen ahead during a reroll window
        for command in commands:
            if isinstance(command, NOT_COUNTED):
                continue
            n = controller.presses_to(seat, command)
            if n is None:
                continue  # not offered to this seat now (a quiet seat, another's window)
            seen[type(command).__name__] = max(seen[type(command).__name__], n)
            if n > 3:
                over.append(f"{command!r}: {n} presses ({state.phase.value})")
    return over


SETUPS = [
    (4, Arrangement.INTRO, Variants(avalanches_at_start=True)),  # Anchorage and Nikolai
    (6, Arrangement.STANDARD, Variants(skip_central=True, free_training=True)),
    (3, Arrangement.STANDARD, Variants(short_north=True, avalanches_at_start=True)),
    (2, Arrangement.INTRO, Variants()),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "arrangement", "variants"), SETUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_choice_takes_three_presses_at_most(players: int, arrangement: Arrangement,
                                                  variants: Variants, seed: int) -> None:
    # T1-T2, Z1 (every rest place), M4-M5 (every modifier), X1-X5 (rerolls, dice taken
    # away, sticks, passing), S9 (Nikolai), T3 (Nome)
    clock = FakeClock()
    config = TableConfig(players=players, game=MushSetup(arrangement, variants))
    controller = TableController(dice=SeededDice(players * 10 + seed), clock=clock, config=config)
    driver = BotDriver(controller, dict.fromkeys(range(players), _mixed),
                       random.Random(seed))
    seen: Counter[str] = Counter()
    over: list[str] = []
    checked = None
    for _ in bot_steps(controller, driver, clock, limit=40_000):
        state = controller.state
        if state.phase is Phase.GAME_OVER or state.round > 12:
            break
        if not controller.in_setup and state is not checked:
            over += _most_presses(controller, seen)
            checked = state
    assert controller.state.phase is Phase.GAME_OVER or controller.state.round > 12
    assert over == []
    # the check saw the choices that need the deepest menus
    assert {"Move", "Rest", "EndMove", "Reroll", "MoveStick"} <= set(seen)
    assert max(seen.values()) == 3
