"""Record the known-answer games of every game (run by hand: `make known-answers`).

Like python-chess's perft files: each file holds a whole game as the commands sent, the
faces the dice showed for each, the public events the rules answered, the undos made,
and the final state (`companion.core.recorded`). MUSH's are in `tests/known/`, the Canoe
game's in `tests/known/canoe/`, Mush-Ring's in `tests/known/mush_ring/`, Push&Move's in
`tests/known/push_and_move/`; the suites (`tests/known/test_known_answers.py`,
`tests/games/canoe/test_canoe_known.py`, `tests/games/mush_ring/test_mush_ring_known.py`,
`tests/games/push_and_move/test_pm_known.py`) play the commands again through the rules, and
the events through a real journal, and must land on the same answers, so a renamed event
field, a changed rule or a journal that can no longer read an older game fails a test
instead of passing unnoticed.

`python tools/record_known.py [--game mush|canoe|mush_ring|push_and_move] [NAME ...]`
writes every file of every game, of one game, or the named ones. Regenerate only on
purpose (a deliberate change of the rules or of the format); the suites never write these
files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from companion.core import AnyGame, SeededDice
from companion.core.recorded import record
from companion.games.canoe import GAME as CANOE
from companion.games.canoe import bots as canoe_bots
from companion.games.canoe import commands as canoe_cmd
from companion.games.canoe import model as canoe_model
from companion.games.canoe.engine import is_legal as canoe_is_legal
from companion.games.canoe.settings import Ring
from companion.games.canoe.settings import Settings as CanoeSettings
from companion.games.canoe.settings import Variants as CanoeVariants
from companion.games.canoe.state import GameState as CanoeState
from companion.games.mush import MUSH
from companion.games.mush import commands as cmd
from companion.games.mush.bots import SensibleBot, choose_action
from companion.games.mush.engine import legal_commands
from companion.games.mush.model import Arrangement, Phase
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.state import GameState
from companion.games.mush_ring import GAME as MUSH_RING
from companion.games.mush_ring import Deck as RingDeck
from companion.games.mush_ring import Phase as RingPhase
from companion.games.mush_ring import Settings as RingSettings
from companion.games.mush_ring import acts as ring_acts
from companion.games.mush_ring import bots as ring_bots
from companion.games.push_and_move import GAME as PUSH_AND_MOVE
from companion.games.push_and_move import acts as pm_acts
from companion.games.push_and_move import bots as pm_bots
from companion.games.push_and_move import model as pm_model
from companion.games.push_and_move.state import Phase as PmPhase
from companion.games.push_and_move.state import State as PmState

KNOWN = Path(__file__).resolve().parents[1] / "tests" / "known"

Chooser = Callable[[Any], Any]
"""The next command of a recorded game for a state (None when nobody acts)."""
Start = Callable[[random.Random], tuple[Any, Chooser]]
"""A game's first command and its bots, choosing with the recording's generator."""


@dataclass(frozen=True)
class Recipe:
    """How one game's known answers are made: the game, its folder, its last phase and
    its files by name (each a start and the seed of its dice and bots)."""

    game: AnyGame
    folder: Path
    end: Enum
    files: Mapping[str, tuple[Callable[[random.Random], tuple[Any, Chooser]], int]]


# --- MUSH ---------------------------------------------------------------------------


def _patient(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
    """A random player that does not cross into another zone or claim Nome before round
    4, so every game lasts long enough for windows, rests, payments and the bank."""
    choices = [c for c in legal_commands(state, seat)
               if state.round >= 4 or not isinstance(c, cmd.ReachNome | cmd.CrossZone)]
    return rng.choice(choices) if choices else None


def _mush(players: int, arrangement: Arrangement, variants: Variants) -> Start:
    """Bots half sensible, half random (so windows, payments and odd choices happen)."""
    def start(rng: random.Random) -> tuple[Any, Chooser]:
        names = ["Peter", "Karsten", "Regina", "Manfred", "Ute", "Alan"][:players]
        settings = Settings.make(names, arrangement, variants)
        policies = [SensibleBot() if s % 2 == 0 else _patient for s in range(players)]
        return (cmd.StartGame(cmd.TABLE, settings),
                lambda state: choose_action(state, policies, rng, table_closes=0.1))
    return start


MUSH_FILES: dict[str, tuple[Start, int]] = {
    # name: players, arrangement, variants; seed
    "2p-intro": (_mush(2, Arrangement.INTRO, Variants()), 1),
    "3p-standard-free-training": (
        _mush(3, Arrangement.STANDARD, Variants(free_training=True)), 2),
    "4p-intro-avalanches": (_mush(4, Arrangement.INTRO, Variants(avalanches_at_start=True)),
                            3),
    "5p-standard-short-north": (_mush(5, Arrangement.STANDARD, Variants(short_north=True)),
                                4),
    "6p-standard-skip-central": (
        _mush(6, Arrangement.STANDARD, Variants(skip_central=True)), 5),
    "4p-standard-all-but-short": (_mush(4, Arrangement.STANDARD, Variants(
        free_training=True, avalanches_at_start=True, skip_central=True)), 6),
}

# --- the Canoe game -----------------------------------------------------------------

Weather = canoe_model.Weather
C, T, H, B, R = (Weather.CALM, Weather.TAILWIND, Weather.HEADWIND, Weather.WINDBOUND,
                 Weather.HEAVY_RAIN)
STORMY = Ring((B, B, C, B, R, None, B, T), placeholder=False)
EVERY_WEATHER = Ring((C, H, T, R, B, C, H, R), placeholder=False)
"""A ring with every weather near every other: climbs in Calm and Tailwind, waits at the
base of Raven Rock in the others, climbers brought down by the wind and the rain."""


def _mixed(bot: canoe_bots.SensibleBot, late: float = 0.0) -> canoe_bots.Policy:
    """A sensible bot that now and then sends a random legal command instead (an odd
    landing, an attraction, a correction), so the files hold the unusual as well; with
    `late`, at that rate a go starts by telling the last go's landing (C6)."""
    def policy(state: CanoeState, seat: int, rng: random.Random) -> canoe_cmd.Command | None:
        if state.phase is canoe_model.Phase.MOVE and rng.random() < 0.08:
            return canoe_bots.random_policy(state, seat, rng)
        if late and state.phase is canoe_model.Phase.TURN and rng.random() < late:
            told = canoe_cmd.LandLate(seat, rng.choice(canoe_model.LANDING_PILES))
            if canoe_is_legal(state, told):
                return told  # C6: the last go's landing, told before this go's throw
        back = canoe_cmd.ReturnDestination(seat)
        if (state.phase is not canoe_model.Phase.CARD and canoe_is_legal(state, back)
                and rng.random() < 0.4):
            return back  # "already done" for a place only the player knows
        hero = canoe_cmd.PutBackHero(seat)
        if canoe_is_legal(state, hero) and rng.random() < 0.5:
            return hero  # K11: "you may keep this card"
        return bot(state, seat, rng)
    return policy


def _canoe(players: int, nights: int, variants: CanoeVariants,
           cards: canoe_model.CardMode = canoe_model.CardMode.ELECTRONIC,
           ring: Ring | None = None, late: float = 0.0) -> Start:
    """Sensible bots of two kinds of patience, each now and then odd (`_mixed`)."""
    def start(rng: random.Random) -> tuple[Any, Chooser]:
        names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
        settings = CanoeSettings.make(names, nights, variants, ring, cards=cards)
        policies = [_mixed(canoe_bots.SensibleBot(patience=12 if s % 2 else 40), late)
                    for s in range(players)]
        return (canoe_cmd.StartGame(canoe_cmd.TABLE, settings),
                lambda state: canoe_bots.choose_action(state, policies, rng))
    return start


_ONE, _NONE = canoe_model.DestinationRule.ONE, canoe_model.DestinationRule.NONE
CANOE_FILES: dict[str, tuple[Start, int]] = {
    # name: players, nights, variants, cards, ring; seed
    "2p-electronic": (_canoe(2, 2, CanoeVariants()), 1),
    "3p-short-one-destination": (_canoe(3, 1, CanoeVariants(_ONE)), 12),
    "4p-paper-cards": (_canoe(4, 2, CanoeVariants(), canoe_model.CardMode.PAPER), 3),
    "5p-long-all-night": (_canoe(5, 2, CanoeVariants(every_campsite=True,
                                                     every_attraction=True)), 4),
    "6p-no-destinations": (_canoe(6, 3, CanoeVariants(_NONE)), 5),
    "3p-stormy-ring": (_canoe(3, 2, CanoeVariants(), ring=STORMY), 5),
    "4p-places-every-weather": (_canoe(4, 2, CanoeVariants(every_attraction=True),
                                       ring=EVERY_WEATHER), 6),
    "3p-landings-told-late": (_canoe(3, 2, CanoeVariants(), late=0.3), 7),
}

# --- Mush-Ring ----------------------------------------------------------------------


def _ring(players: int, deck: RingDeck) -> Start:
    """The game's own bots (a dealt or a paper deck's), every seat that may act asked in
    turn."""
    def start(rng: random.Random) -> tuple[Any, Chooser]:
        names = ("Ann", "Bo", "Cy", "Di")[:players]
        policy = ring_bots.paper if deck is RingDeck.PAPER else ring_bots.player

        def choose(state: Any) -> Any:
            return next((x for s in MUSH_RING.seats_to_act(state)
                         if (x := policy(state, s, rng)) is not None), None)
        return ring_acts.Start(ring_acts.TABLE, RingSettings(names, deck)), choose
    return start


RING_FILES: dict[str, tuple[Start, int]] = {
    # name: players, deck; seed
    "2p-dealt": (_ring(2, RingDeck.DEALT), 1),
    "3p-dealt": (_ring(3, RingDeck.DEALT), 2),
    "4p-dealt": (_ring(4, RingDeck.DEALT), 3),
    "4p-dealt-long": (_ring(4, RingDeck.DEALT), 7),
    "2p-paper": (_ring(2, RingDeck.PAPER), 4),
    "4p-paper": (_ring(4, RingDeck.PAPER), 5),
}

# --- Push&Move ----------------------------------------------------------------------


def _odd(bot: pm_bots.Policy) -> pm_bots.Policy:
    """A sensible bot that now and then plays a random legal command (an odd move, an
    effect declined or taken), so the files hold the unusual as well."""
    def policy(state: PmState, seat: int, rng: random.Random) -> pm_acts.Command | None:
        if rng.random() < 0.15:
            return pm_bots.random_policy(state, seat, rng)
        return bot(state, seat, rng)
    return policy


def _pm(players: int, sensible: int = 6, **settings: Any) -> Start:
    """Sensible bots, each now and then odd (`_odd`), in the first `sensible` seats; random
    ones in the others (they lose dice of their own, and last long)."""
    def start(rng: random.Random) -> tuple[Any, Chooser]:
        names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
        chosen = pm_model.Settings(tuple(names), **settings)
        policies = [_odd(pm_bots.SensibleBot()) if s < sensible else pm_bots.random_policy
                    for s in range(players)]
        return (pm_acts.Start(pm_acts.TABLE, chosen),
                lambda state: pm_bots.choose(state, policies, rng))
    return start


_DRAWN, _ONE = pm_model.Tunnels.DRAWN, pm_model.Win.ONE
PUSH_AND_MOVE_FILES: dict[str, tuple[Start, int]] = {
    # name: players, settings; seed
    "2p-default": (_pm(2), 1),
    "3p-tunnels-by-the-players": (_pm(3), 2),
    "4p-drawn-tunnels-three-of-one": (_pm(4, tunnels=_DRAWN, win=_ONE), 3),
    "5p-short-rounds": (_pm(5, rounds=12), 4),
    "6p-drawn-tunnels": (_pm(6, tunnels=_DRAWN), 5),
    "2p-random-last-standing": (_pm(2, sensible=0), 4),
    "3p-ten-rounds": (_pm(3, sensible=1, rounds=10), 4),
}

RECIPES: dict[str, Recipe] = {
    "mush": Recipe(MUSH, KNOWN, Phase.GAME_OVER, MUSH_FILES),
    "canoe": Recipe(CANOE, KNOWN / "canoe", canoe_model.Phase.GAME_OVER, CANOE_FILES),
    "mush_ring": Recipe(MUSH_RING, KNOWN / "mush_ring", RingPhase.OVER, RING_FILES),
    "push_and_move": Recipe(PUSH_AND_MOVE, KNOWN / "push_and_move", PmPhase.OVER,
                            PUSH_AND_MOVE_FILES),
}


def recorded(recipe: Recipe, name: str) -> dict[str, object]:
    """One file's content: a game by bots, with an undo after about one undoable command
    in eight."""
    start, seed = recipe.files[name]
    rng = random.Random(seed)
    first, choose = start(rng)
    game = recipe.game
    state, log = record(game, first, choose, SeededDice(seed), rng, end=recipe.end)
    return {
        "about": f"a recorded game of {game.title}: tools/record_known.py wrote it; "
                 "the suite replays it",
        "game": game.name,
        "format": game.codec.format_version,
        "settings": json.loads(game.codec.settings_to_json(first.settings)),
        "log": log,
        "final": json.loads(game.codec.state_to_json(state)),
    }


def main(argv: list[str]) -> int:
    """Write the named files, or every file of the named game, or of every game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(RECIPES), help="one game's files only")
    parser.add_argument("names", nargs="*", help="only these files (by name)")
    args = parser.parse_args(argv)
    for key, recipe in RECIPES.items():
        if args.game not in (None, key):
            continue
        recipe.folder.mkdir(parents=True, exist_ok=True)
        for name in recipe.files:
            if args.names and name not in args.names:
                continue
            data = recorded(recipe, name)
            path = recipe.folder / f"{name}.json"
            path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n",
                            encoding="utf-8")
            print(f"{path}: {len(data['log'])} entries")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
