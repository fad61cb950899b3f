"""Recorded whole-table sessions: pad presses with their times in, events and frames out.

A session is what the table controller saw of a game: every pad event (seat, button, down
/ held / up) and every tick of the main loop, each at its moment on a fake clock, from
setup on. Replaying the presses through a fresh `TableController` must give the same
answers step by step: the same events (and undos), the same frames as far as a player
sees them (screen, menus with their labels, countdown, notices, animation, undo offer,
payments), the same pad lights and private bid displays.

The files in `tests/known/sessions/` are written by `tools/record_sessions.py`, where
bots press the pads (`BotDriver`) and slips are mixed in (double presses, stray presses,
holds, take-backs); the suite replays them in `test_sessions.py` and never writes them.
This module is the one place both use: recording and replaying run the same `Session`.

A file keeps the presses as one token per step, `<ms since the last step>:<what>`:
`2Sp` is seat 2's ● going down (`p`), `r` up, `h` the pad's hold; `t` is a tick. Each
step's answer is `E<hash>` when the step did something (events, an undo, a choice of
the table's own), then `F<hash>` when what the players see changed, or `.`: hashes of
the plain data (`outcome_data`, `seen`), so the files stay small, and a difference
names its step (the test then shows what came out).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.config.table import TableConfig
from companion.games.mush.config import MushSetup
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Arrangement, Phase
from companion.games.mush.settings import Variants
from companion.games.mush.table.controller import Outcome, TableController
from companion.games.mush.table.frame import TableFrame
from companion.pads.events import Button, Kind, PadEvent

SESSIONS = Path(__file__).resolve().parent / "sessions"
LINE = 16
"""Steps (and answers) per line of a file."""
START = 1000.0
"""The fake clock's reading at the session's start (ms are counted from here)."""

BUTTONS = {"L": Button.LEFT, "S": Button.SELECT, "R": Button.RIGHT}
KINDS = {"p": Kind.PRESS, "r": Kind.RELEASE, "h": Kind.HOLD}
_LETTER = {b: k for k, b in BUTTONS.items()}
_KIND_LETTER = {v: k for k, v in KINDS.items()}


def token(dt_ms: int, event: PadEvent | None) -> str:
    """One step as a file keeps it: a pad event, or a tick (None)."""
    if event is None:
        return f"{dt_ms}:t"
    return f"{dt_ms}:{event.seat}{_LETTER[event.button]}{_KIND_LETTER[event.kind]}"


def parse(text: str) -> tuple[int, PadEvent | None]:
    """A step token back into (ms since the last step, pad event or None for a tick)."""
    dt, what = text.split(":")
    if what == "t":
        return int(dt), None
    return int(dt), PadEvent(int(what[0]), BUTTONS[what[1]], KINDS[what[2]])


def plain(value: Any) -> Any:
    """A value as plain JSON data: dataclasses by field, enums by value, floats rounded.

    The answers are hashed from this form, so a type that becomes an enum with the same
    values (or a field that moves to a base class) leaves them unchanged."""
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {"type": type(value).__name__}
        out.update({f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)})
        return out
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, float):
        return round(value, 3)
    return value


def seen(frame: TableFrame) -> dict[str, Any]:
    """What the players see of a frame, beyond the game's state (the view and the final
    statistics follow from the events, and are checked through them)."""
    return {
        "screen": plain(frame.screen),
        "menus": [plain(menu) for menu in frame.menus],
        "countdown": plain(frame.countdown),
        "notices": plain(frame.notices),
        "animation": plain(frame.animation),
        "progress": plain(frame.animation_progress),
        "undo": plain(frame.undo),
        "payments": [payment.text for payment in frame.payments],
        "entering": frame.view.entering,
    }


def digest(data: Any) -> str:
    """A short, stable hash of plain data."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def outcome_data(out: Outcome) -> dict[str, Any]:
    """What an outcome gives the journal: the events command by command, and an undo."""
    return {"batches": plain(out.command_batches()), "retracted": plain(out.retracted),
            "applied": out.applied}


@dataclasses.dataclass(frozen=True)
class SessionConfig:
    """How a session's table was set up (the rest is `TableConfig`'s defaults)."""

    players: int = 4
    arrangement: str = "intro"
    variants: tuple[str, ...] = ()
    physical_dice: bool = False
    screen_language: str = "en"

    def table(self) -> TableConfig:
        """The controller's config for this session."""
        variants = Variants(**dict.fromkeys(self.variants, True))
        return TableConfig(players=self.players,
                           game=MushSetup(Arrangement(self.arrangement), variants),
                           physical_dice=self.physical_dice,
                           language=self.screen_language,
                           screen_language=self.screen_language)

    def to_data(self) -> dict[str, Any]:
        """For the file."""
        return {"players": self.players, "arrangement": self.arrangement,
                "variants": list(self.variants), "physical_dice": self.physical_dice,
                "screen_language": self.screen_language}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SessionConfig:
        """From the file."""
        return cls(data["players"], data["arrangement"], tuple(data["variants"]),
                   data["physical_dice"], data["screen_language"])


class Session:
    """A controller on a fake clock, stepped by tokens; each step gives its answer.

    Each step is what the main loop does with it (`companion.app.loop.Companion`): a pad event
    goes to `handle` (at game over, a hold of ▶ asks `may_leave`, as the loop does before
    a new game), a tick to `tick`; then the frame is built and the lights read, as the
    loop draws and lights after each turn."""

    def __init__(self, config: SessionConfig, seed: int) -> None:
        self.config = config
        self.ms = 0
        self.controller = TableController(dice=SeededDice(seed), clock=self.now,
                                          config=config.table())
        self.tokens: list[str] = []
        self.answers: list[str] = []
        self.left = False  # the results were left (the app would start a new game)
        self._frame: str | None = None
        self._extra: tuple[object, ...] = ()
        self.last_outcome = Outcome()
        self.last_frame: TableFrame | None = None

    def now(self) -> float:
        """The fake clock: whole milliseconds after `START`."""
        return START + self.ms / 1000

    def step(self, text: str) -> str:
        """Play one step token; returns (and keeps) its answer."""
        dt, event = parse(text)
        self.ms += dt
        controller = self.controller
        extra: tuple[object, ...] = ()
        if event is None:
            out = controller.tick()
        elif (controller.state.phase is Phase.GAME_OVER and event.kind is Kind.HOLD
              and event.button is Button.RIGHT):
            out = Outcome()
            controller.handle(event)
            self.left = controller.may_leave(event.seat)
            extra = ("leave", self.left)
        else:
            out = controller.handle(event)
        frame = controller.frame()
        seats = range(6)
        lights = controller.lights()
        pads = [plain(lights[s]) for s in seats], [controller.private_bid(s) for s in seats]
        frame_hash = digest([seen(frame), pads, plain(extra)])
        answer = f"E{digest(outcome_data(out))}" if out.applied or out.events \
            or out.retracted else ""
        if frame_hash != self._frame:
            answer += f"F{frame_hash}"
        self._frame = frame_hash
        answer = answer or "."
        self.tokens.append(text)
        self.answers.append(answer)
        self.last_outcome, self.last_frame = out, frame
        return answer

    def steps(self, events: Iterable[tuple[int, PadEvent | None]]) -> None:
        """Play pad events (or ticks), each `ms` after the one before."""
        for dt, event in events:
            self.step(token(dt, event))


def load(path: Path) -> dict[str, Any]:
    """A recorded session's file."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def tokens_of(data: dict[str, Any]) -> list[str]:
    """The step tokens of a file (kept as lines of tokens, for readable diffs)."""
    return [t for line in data["steps"] for t in line.split()]


def answers_of(data: dict[str, Any]) -> list[str]:
    """Each step's answer, in order (kept as lines of answers beside the lines of steps)."""
    return [a for line in data["answers"] for a in line.split()]


def to_file(name: str, about: str, config: SessionConfig, seed: int, session: Session,
            summary: dict[str, Any]) -> dict[str, Any]:
    """A session as its file keeps it."""
    def lines(words: list[str]) -> list[str]:
        return [" ".join(words[i:i + LINE]) for i in range(0, len(words), LINE)]

    return {
        "about": about,
        "name": name,
        "config": config.to_data(),
        "seed": seed,
        "count": len(session.tokens),
        "summary": summary,
        "steps": lines(session.tokens),
        "answers": lines(session.answers),
    }
