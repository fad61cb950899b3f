"""Recorded games, for any game: known answers, as python-chess keeps perft files.

A recorded game is a whole game as a log: each command sent, the faces the dice showed
for it and the public events the rules answered, with an undo now and then; and the
final state. `record()` plays one (bots choose, seeded dice roll) and writes the log;
`check()` plays the log's commands again with the recorded faces and says where the
answers differ; `batches()` gives the recorded events alone, undos marked, for a
journal or a replay. A renamed event field, a changed rule or a journal that can no
longer read an older game then fails a test instead of passing unnoticed.

An undo takes back the last command that answered with public events, as the table's
undo does; a command whose events are all private leaves nothing to take back.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from companion.core.acts import Command, Event
from companion.core.dice import DiceSource, ScriptedDice
from companion.core.game import Game

S = TypeVar("S")
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)

Entry = Mapping[str, Any]
"""One line of a log: `{"command", "dice", "events"}`, or `{"undo": true}`."""


class RecordingDice:
    """Dice that remember each face they give, so a command's faces go into the log."""

    def __init__(self, dice: DiceSource) -> None:
        self._dice = dice
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        """The wrapped source's face, noted."""
        face = self._dice.roll(sides)
        self.faces.append(face)
        return face


class _Kept(Generic[E]):
    """The public events kept so far, by command, so an undo drops the last batch."""

    def __init__(self) -> None:
        self.events: list[E] = []
        self._batches: list[int] = []

    def add(self, events: Sequence[E]) -> None:
        if events:
            self.events.extend(events)
            self._batches.append(len(events))

    def undo(self) -> None:
        del self.events[-self._batches.pop():]


def _public(events: Sequence[E]) -> list[E]:
    return [e for e in events if not e.private]


def record(game: Game[S, C, E, Any], start: C, choose: Callable[[S], C | None],
           dice: DiceSource, rng: random.Random, *, end: Enum, undo_share: float = 0.125,
           limit: int = 20_000) -> tuple[S, list[dict[str, Any]]]:
    """One game from `start` to the flow's phase `end`, each next command from `choose`,
    with an undo after about `undo_share` of the undoable commands (drawn from `rng`):
    the final state and the log."""
    recording = RecordingDice(dice)
    codec = game.codec
    state = game.initial
    log: list[dict[str, Any]] = []
    kept: _Kept[E] = _Kept()
    command: C | None = start
    while game.flow.phase_of(state) is not end and len(log) < limit:
        assert command is not None, "no bot acts before the game is over"
        recording.faces.clear()
        state, events = game.apply(state, command, recording)
        public = _public(events)
        log.append({"command": json.loads(codec.command_to_json(command)),
                    "dice": list(recording.faces),
                    "events": [codec.event_to_data(e) for e in public]})
        kept.add(public)
        if (public and game.undo.undoable(events) and game.flow.phase_of(state) is not end
                and rng.random() < undo_share):
            kept.undo()
            state = game.replay(kept.events)
            log.append({"undo": True})
        command = choose(state)
    assert game.flow.phase_of(state) is end, f"no end after {limit} entries"
    return state, log


@dataclass(frozen=True)
class Checked(Generic[S, E]):
    """What playing a log again gave: the last state, the public events kept (undos
    done), and every difference from the log (none when the rules answer as recorded)."""

    state: S
    events: list[E]
    problems: list[str]


def check(game: Game[S, C, E, Any], log: Sequence[Entry]) -> Checked[S, E]:
    """Play the log's commands again with its recorded faces, comparing every answer."""
    codec = game.codec
    state = game.initial
    kept: _Kept[E] = _Kept()
    problems: list[str] = []
    for number, entry in enumerate(log):
        if entry.get("undo"):
            kept.undo()
            state = game.replay(kept.events)
            continue
        dice = ScriptedDice(entry["dice"])
        command = codec.command_from_json(json.dumps(entry["command"]))
        state, events = game.apply(state, command, dice)
        public = _public(events)
        if [codec.event_to_data(e) for e in public] != entry["events"]:
            problems.append(f"entry {number}: {type(command).__name__} answered other events")
        if dice.used != len(entry["dice"]):
            problems.append(f"entry {number}: faces left over")
        kept.add(public)
    return Checked(state, kept.events, problems)


def batches(game: Game[S, C, E, Any], log: Sequence[Entry]) -> Iterator[list[E] | None]:
    """The recorded events alone, a batch per command that answered any, and None for
    each undo (a journal takes back its last batch)."""
    for entry in log:
        if entry.get("undo"):
            yield None
        elif entry["events"]:
            yield [game.codec.event_from_data(e) for e in entry["events"]]


def kept_events(game: Game[S, C, E, Any], log: Sequence[Entry]) -> list[E]:
    """The recorded events that stand once every undo is done."""
    kept: _Kept[E] = _Kept()
    for batch in batches(game, log):
        if batch is None:
            kept.undo()
        else:
            kept.add(batch)
    return kept.events


__all__ = ["Checked", "Entry", "RecordingDice", "batches", "check", "kept_events", "record"]
