"""Record the whole-table sessions in `tests/known/sessions/` (run by hand:
`make known-sessions`).

Bots press the pads (`companion.games.mush.table.bots.BotDriver`) on a fake clock at a
player's pace, a press going down and coming up 80 ms later, a hold's HOLD 2 s after its
press; the main loop's ticks run every half second while nobody presses. Into some
sessions slips are mixed, drawn from the session's own seed: double presses, a stray
press of any button on any pad, holds of ◀ and ▶ while bidding, a player taking back the
choice just made, two players pressing at once, a walk through setup's menus. Every step
goes through `known.sessions.Session`, which the suite replays
(`tests/known/test_sessions.py`).

Record again only on purpose: after a deliberate change of what the table does or shows.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from known.sessions import SESSIONS, Session, SessionConfig, to_file

from companion.games.mush.bots import Policy, random_policy, sensible_policy
from companion.games.mush.model import Phase
from companion.games.mush.state import GameState
from companion.games.mush.table.bots import BotDriver
from companion.pads.events import Button, Kind, PadEvent

BUTTONS = (Button.LEFT, Button.SELECT, Button.RIGHT)


def _random_but_bid_sensibly(state: GameState, seat: int, rng: random.Random) -> object:
    """Any legal choice (paying, sticks, passing: the windows get claimed); bids as the
    sensible bot, as random bids would unlock for ever."""
    if state.phase is Phase.BIDDING:
        return sensible_policy(state, seat, rng)
    return random_policy(state, seat, rng)


@dataclass(frozen=True)
class Slips:
    """How often each slip happens, per bot press."""

    double: float = 0.0  # the same click again 60-150 ms later
    stray: float = 0.0  # before the bot's press, any seat clicks any button
    undo: float = 0.0  # after a choice that can be taken back, its seat holds ●
    bid_hold: float = 0.0  # a bidder holds ▶ (its light blinks its bid) or ◀ (back to 0)
    overlap: float = 0.0  # another seat's click overlaps the bot's press
    setup_walk: int = 0  # presses wandering through setup's menus before the start


@dataclass(frozen=True)
class Plan:
    """One session to record."""

    about: str
    config: SessionConfig
    seed: int
    policies: str = "sensible"  # "sensible", "random" or "mixed" (even seats random)
    slips: Slips = Slips()
    limit: int = 6000  # steps at most (a session may end before the game does)


PLANS: dict[str, Plan] = {
    "2p-intro-whole-game": Plan(
        "two sensible bots, a whole game from setup to the results left, no slips",
        SessionConfig(2), 11),
    "3p-standard-free-training-slips": Plan(
        "three players on Standard with S5; double and stray presses",
        SessionConfig(3, "standard", ("free_training",)), 12, "mixed",
        Slips(double=0.08, stray=0.04), 2400),
    "4p-intro-avalanches-claims-undo": Plan(
        "four players, S7, bots that pay for anything (claims, promises, sticks); "
        "take-backs, bid holds, overlapping presses",
        SessionConfig(4, "intro", ("avalanches_at_start",)), 13, "random",
        Slips(undo=0.08, bid_hold=0.1, overlap=0.05, double=0.03), 3600),
    "5p-standard-short-north": Plan(
        "five players on Standard with S8 to the end; a few slips",
        SessionConfig(5, "standard", ("short_north",)), 14, "sensible",
        Slips(double=0.02, stray=0.01, undo=0.02)),
    "6p-standard-skip-central-mixed": Plan(
        "six players on Standard with S9 and S7; mixed bots, choosing ahead, slips",
        SessionConfig(6, "standard", ("skip_central", "avalanches_at_start")), 15, "mixed",
        Slips(double=0.03, stray=0.03, undo=0.03, overlap=0.03), 3200),
    "4p-physical-dice": Plan(
        "four players rolling the wooden dice, entering each roll on the pads; slips",
        SessionConfig(4, physical_dice=True), 17, "mixed",
        Slips(double=0.04, stray=0.03, undo=0.04, bid_hold=0.05), 2400),
    "3p-french-setup-walk": Plan(
        "a French screen; setup's menus walked (players, names, options, settings) "
        "before the start, then a few rounds",
        SessionConfig(3, screen_language="fr"), 17, "sensible",
        Slips(setup_walk=60, stray=0.02, double=0.03), 1600),
}


class Recorder:
    """Bots and slips pressing through a `Session`."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.session = Session(plan.config, plan.seed)
        self.rng = random.Random(plan.seed * 7919)
        controller = self.session.controller
        players = plan.config.players
        policies: dict[int, Policy] = {}
        for seat in range(6):
            random_seat = plan.policies == "random" or (plan.policies == "mixed"
                                                        and seat % 2 == 0)
            policies[seat] = _random_but_bid_sensibly if random_seat else sensible_policy
        self.driver = BotDriver(controller, policies, random.Random(plan.seed),
                                setup_seat=0, strict=False)
        self.players = players

    def emit(self, dt: int, event: PadEvent | None) -> None:
        self.session.steps([(dt, event)])

    def click(self, seat: int, button: Button, dt: int) -> None:
        self.emit(dt, PadEvent(seat, button, Kind.PRESS))
        self.emit(80, PadEvent(seat, button, Kind.RELEASE))

    def hold(self, seat: int, button: Button, dt: int) -> None:
        self.emit(dt, PadEvent(seat, button, Kind.PRESS))
        self.emit(2000, PadEvent(seat, button, Kind.HOLD))
        self.emit(100, PadEvent(seat, button, Kind.RELEASE))

    def full(self) -> bool:
        return len(self.session.tokens) >= self.plan.limit

    def record(self) -> Session:
        slips, rng, session = self.plan.slips, self.rng, self.session
        controller = session.controller
        for _ in range(slips.setup_walk):
            self.setup_press()
        while not self.full() and not session.left:
            if controller.state.phase is Phase.GAME_OVER:
                self.leave()
                continue
            players = len(controller.state.players) or self.players
            if rng.random() < slips.stray:
                self.click(rng.randrange(players), rng.choice(BUTTONS), rng.randint(150, 900))
            if (controller.state.phase is Phase.BIDDING and rng.random() < slips.bid_hold):
                self.hold(rng.randrange(players), rng.choice((Button.LEFT, Button.RIGHT)),
                          rng.randint(200, 600))
            events = self.driver.presses()
            if not events:
                self.emit(500, None)
                continue
            self.press(events, players)
            if session.last_frame is not None and session.last_frame.undo is not None \
                    and rng.random() < slips.undo:
                self.hold(session.last_frame.undo.seat, Button.SELECT, rng.randint(300, 900))
        return session

    def press(self, events: list[PadEvent], players: int) -> None:
        """A bot's press at a player's pace, maybe doubled, maybe overlapped."""
        slips, rng = self.plan.slips, self.rng
        first = events[0]
        pace = rng.randint(280, 420)
        if len(events) == 2 and players > 1 and rng.random() < slips.overlap:
            other = rng.choice([s for s in range(players) if s != first.seat])
            button = rng.choice(BUTTONS)
            self.emit(pace, first)
            self.emit(30, PadEvent(other, button, Kind.PRESS))
            self.emit(50, events[1])
            self.emit(40, PadEvent(other, button, Kind.RELEASE))
            return
        if len(events) == 2:
            self.click(first.seat, first.button, pace)
            if rng.random() < slips.double:
                self.click(first.seat, first.button, rng.randint(60, 150))
            return
        self.hold(first.seat, first.button, pace)

    def setup_press(self) -> None:
        """A press wandering through setup's menus, never on "Start the game"."""
        frame = self.session.last_frame or self.session.controller.frame()
        menu = frame.menus[0]
        button = self.rng.choice(BUTTONS)
        if button is Button.SELECT and menu.depth == 0 and menu.focus == len(menu.items) - 1:
            button = Button.RIGHT
        if self.rng.random() < 0.12 and menu.depth > 0:
            self.hold(0, Button.SELECT, self.rng.randint(300, 600))
            return
        self.click(self.rng.randrange(6), button, self.rng.randint(300, 700))

    def leave(self) -> None:
        """Game over: a hold of ▶ too soon (the results stay), then one that leaves."""
        self.emit(1500, None)
        self.hold(0, Button.RIGHT, 500)
        while not self.session.left and not self.full():
            self.emit(2000, None)
            self.hold(1, Button.RIGHT, 300)


def main(names: list[str]) -> int:
    SESSIONS.mkdir(exist_ok=True)
    for name, plan in PLANS.items():
        if names and name not in names:
            continue
        session = Recorder(plan).record()
        state = session.controller.state
        summary = {
            "events": len(session.controller.history),
            "round": state.round,
            "phase": state.phase.value,
            "winner": state.winner,
            "left": session.left,
        }
        data = to_file(name, plan.about, plan.config, plan.seed, session, summary)
        path = SESSIONS / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n",
                        encoding="utf-8")
        print(f"{path.name}: {len(session.tokens)} steps, {summary}, "
              f"{path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
