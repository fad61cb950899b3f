"""Record the Canoe game's known-answer games in `tests/known/canoe/` (run by hand:
`make known-answers`).

As `tools/record_known.py` does for MUSH: each file holds a whole game as the commands
sent, the dice faces each one drew (the throw, and every deal and shuffle), the events the
rules answered, the undos made, and the final state. The suite
(`tests/games/canoe/test_canoe_known.py`) plays the commands again and must land on the
same answers, so a renamed event field, a changed rule or a changed card fails a test.

Regenerate only on purpose (a deliberate change of the rules or of the format).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.bots import Policy, SensibleBot, choose_action, random_policy
from companion.games.canoe.codec import (
    FORMAT_VERSION,
    command_to_json,
    event_to_data,
    settings_to_json,
    state_to_json,
)
from companion.games.canoe.engine import apply, is_legal
from companion.games.canoe.evolve import replay
from companion.games.canoe.model import CardMode, DestinationRule, Phase, Weather
from companion.games.canoe.settings import Ring, Settings, Variants
from companion.games.canoe.state import EMPTY, GameState
from companion.rules.dice import SeededDice

OUT = Path(__file__).resolve().parents[1] / "tests" / "known" / "canoe"

C, T, H, B, R = (Weather.CALM, Weather.TAILWIND, Weather.HEADWIND, Weather.WINDBOUND,
                 Weather.HEAVY_RAIN)
STORMY = Ring((B, B, C, B, R, None, B, T), placeholder=False)

GAMES: dict[str, tuple[int, int, Variants, CardMode, Ring | None, int]] = {
    # name: players, nights, variants, cards, ring, seed
    "2p-electronic": (2, 2, Variants(), CardMode.ELECTRONIC, None, 1),
    "3p-short-one-destination": (3, 1, Variants(DestinationRule.ONE), CardMode.ELECTRONIC,
                                 None, 10),
    "4p-paper-cards": (4, 2, Variants(), CardMode.PAPER, None, 3),
    "5p-long-all-night": (5, 2, Variants(every_campsite=True, every_attraction=True),
                          CardMode.ELECTRONIC, None, 4),
    "6p-no-destinations": (6, 3, Variants(DestinationRule.NONE), CardMode.ELECTRONIC, None,
                           5),
    "3p-stormy-ring": (3, 2, Variants(), CardMode.ELECTRONIC, STORMY, 5),
}


class _Recording:
    """Seeded dice that remember each face, so a command's faces go into the file."""

    def __init__(self, seed: int) -> None:
        self._dice = SeededDice(seed)
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = self._dice.roll(sides)
        self.faces.append(face)
        return face


def _mixed(bot: SensibleBot) -> Policy:
    """A sensible bot that now and then sends a random legal command instead (an odd
    landing, an attraction, a correction), so the files hold the unusual as well."""
    def policy(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
        if state.phase is Phase.MOVE and rng.random() < 0.08:
            return random_policy(state, seat, rng)
        back = cmd.ReturnDestination(seat)
        if state.phase is Phase.MOVE and is_legal(state, back) and rng.random() < 0.4:
            return back  # "already done" for a place only the player knows
        return bot(state, seat, rng)
    return policy


def record(players: int, nights: int, variants: Variants, cards: CardMode, ring: Ring | None,
           seed: int) -> dict[str, object]:
    """One game by bots, with an undo after about one undoable command in eight."""
    rng = random.Random(seed)
    dice = _Recording(seed)
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    settings = Settings.make(names, nights, variants, ring, cards=cards)
    policies = [_mixed(SensibleBot(patience=12 if s % 2 else 40)) for s in range(players)]
    state: GameState = EMPTY
    log: list[dict[str, object]] = []
    kept: list[ev.Event] = []
    batches: list[int] = []
    command: cmd.Command | None = cmd.StartGame(cmd.TABLE, settings)
    while state.phase is not Phase.GAME_OVER and len(log) < 20_000:
        assert command is not None
        dice.faces.clear()
        state, events = apply(state, command, dice)
        log.append({"command": json.loads(command_to_json(command)), "dice": list(dice.faces),
                    "events": [event_to_data(e) for e in events]})
        kept.extend(events)
        batches.append(len(events))
        if (ev.undoable(events) and state.phase is not Phase.GAME_OVER
                and rng.random() < 0.125):
            del kept[-batches.pop():]
            state = replay(kept)
            log.append({"undo": True})
        command = choose_action(state, policies, rng)
    assert state.phase is Phase.GAME_OVER
    return {
        "about": "a recorded Canoe game: tools/record_known_canoe.py wrote it; the suite "
                 "replays it",
        "game": "canoe",
        "format": FORMAT_VERSION,
        "settings": json.loads(settings_to_json(settings)),
        "log": log,
        "final": json.loads(state_to_json(state)),
    }


def main(argv: list[str]) -> int:
    """Write every game of GAMES (or the named ones) to tests/known/canoe/<name>.json."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, spec in GAMES.items():
        if argv and name not in argv:
            continue
        data = record(*spec)
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n",
                        encoding="utf-8")
        print(f"{path}: {len(data['log'])} entries")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
