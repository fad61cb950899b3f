"""Record the known-answer games in `tests/known/` (run by hand: `make known-answers`).

Like python-chess's perft files: each file holds a whole v1 game as the commands sent,
the faces the dice showed for each, the public events the rules answered, the undos made,
and the final state. The suite (`tests/known/test_known_answers.py`) plays the commands
again through the rules and the events through a real journal and must land on the same
answers, so a renamed event field, a changed rule or a journal that can no longer read
an older game fails a test instead of passing unnoticed.

Regenerate only on purpose (a deliberate change of the rules or of the format); the
suite never writes these files.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.bots import SensibleBot, choose_action
from companion.rules.codec import FORMAT_VERSION, command_to_json, event_to_data, state_to_json
from companion.rules.dice import SeededDice
from companion.rules.engine import apply, legal_commands
from companion.rules.evolve import replay
from companion.rules.model import Phase
from companion.rules.settings import Arrangement, Settings, Variants
from companion.rules.state import EMPTY, GameState
from companion.store.journal import settings_to_json

OUT = Path(__file__).resolve().parents[1] / "tests" / "known"

GAMES: dict[str, tuple[int, Arrangement, Variants, int]] = {
    # name: players, arrangement, variants, seed
    "2p-intro": (2, Arrangement.INTRO, Variants(), 1),
    "3p-standard-free-training": (3, Arrangement.STANDARD, Variants(free_training=True), 2),
    "4p-intro-avalanches": (4, Arrangement.INTRO, Variants(avalanches_at_start=True), 3),
    "5p-standard-short-north": (5, Arrangement.STANDARD, Variants(short_north=True), 4),
    "6p-standard-skip-central": (6, Arrangement.STANDARD, Variants(skip_central=True), 5),
    "4p-standard-all-but-short": (4, Arrangement.STANDARD, Variants(
        free_training=True, avalanches_at_start=True, skip_central=True), 6),
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


def _patient(state: GameState, seat: int, rng: random.Random) -> cmd.Command | None:
    """A random player that does not cross into another zone or claim Nome before round
    4, so every game lasts long enough for windows, rests, payments and the bank."""
    choices = [c for c in legal_commands(state, seat)
               if state.round >= 4 or not isinstance(c, cmd.ReachNome | cmd.CrossZone)]
    return rng.choice(choices) if choices else None


def record(players: int, arrangement: Arrangement, variants: Variants, seed: int
           ) -> dict[str, object]:
    """One game by bots (half random, so windows, payments and odd choices happen), with
    an undo after about one undoable command in eight."""
    rng = random.Random(seed)
    dice = _Recording(seed)
    names = ["Peter", "Karsten", "Regina", "Manfred", "Ute", "Alan"][:players]
    settings = Settings.make(names, arrangement, variants)
    policies = [SensibleBot() if s % 2 == 0 else _patient for s in range(players)]
    state: GameState = EMPTY
    log: list[dict[str, object]] = []
    kept: list[ev.Event] = []
    batches: list[int] = []  # length of each kept batch, for undo
    command: cmd.Command | None = cmd.StartGame(cmd.TABLE, settings)
    while state.phase is not Phase.GAME_OVER and len(log) < 20_000:
        assert command is not None
        dice.faces.clear()
        state, events = apply(state, command, dice)
        public = [e for e in events if not e.private]
        log.append({"command": json.loads(command_to_json(command)), "dice": list(dice.faces),
                    "events": [event_to_data(e) for e in public]})
        if public:
            kept.extend(public)
            batches.append(len(public))
        if (public and ev.undoable(events) and state.phase is not Phase.GAME_OVER
                and rng.random() < 0.125):
            del kept[-batches.pop():]
            state = replay(kept)
            log.append({"undo": True})
        command = choose_action(state, policies, rng, table_closes=0.1)
    assert state.phase is Phase.GAME_OVER
    return {
        "about": "a recorded game: tools/record_known.py wrote it; the suite replays it",
        "format": FORMAT_VERSION,
        "settings": json.loads(settings_to_json(settings)),
        "log": log,
        "final": json.loads(state_to_json(state)),
    }


def main(argv: list[str]) -> int:
    """Write every game of GAMES (or the named ones) to tests/known/<name>.json."""
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
