"""Frames for the display tests, built from real engine states.

A seeded bot game is played to the end and the first state of each interesting moment
is kept (bidding, the reveal, the weather roll, a reduce window with chips paid, dog dice,
rough terrain, an avalanche, pressing, resting, round end, game over). Menus are made
the way the controller makes them: from `legal()`, with costs and odds as details.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from companion.games.mush import (
    Command,
    GameState,
    SeededDice,
    Settings,
    Variants,
    evolve,
    legal,
)
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.bots import play_game, sensible_policy
from companion.games.mush.model import REST_CHOICES, Phase, RollKind
from companion.games.mush.table.frame import Payment, TableFrame, chart_faces
from companion.games.mush.table.stats import game_stats
from companion.games.mush.table.view import stats_view, table_view
from companion.table.frame import Countdown, Menu, MenuItem, Notice

NAMES = {
    2: ("Ann", "Bo"),
    4: ("Ann", "Bartholomew-Maximilian", "Cat", "Dmitri"),
    6: ("Ann", "Bartholomew-Maximilian", "Cat", "Dmitri", "Eve", "Françoise-Anne"),
}


def odds(need: int, modifier: int) -> str:
    """The chance a standard die plus `modifier` reaches `need`."""
    hits = sum(1 for face in range(1, 7) if face + modifier >= need)
    return f"{round(100 * hits / 6)}%"


def label(state: GameState, c: Command) -> MenuItem:
    """A menu item for a concrete command, labelled as the controller would."""
    name = type(c).__name__
    detail = ""
    if isinstance(c, cmd.Rest):
        dogs, chips = REST_CHOICES[c.place][c.choice]
        parts = [f"{dogs} dog{'s' if dogs != 1 else ''}" if dogs else "",
                 f"{chips} chip{'s' if chips != 1 else ''}" if chips else ""]
        text = f"Rest ({c.place.value.replace('_', ' ')})"
        detail = " + ".join(p for p in parts if p)
    elif isinstance(c, cmd.Move):
        player = state.players[c.seat]
        colour = state.colour_of(c.seat)
        text, detail = "Move", f"{player.uncovered} {colour.value if colour else ''} dice"
    elif isinstance(c, cmd.RollTerrain):
        text = f"Rough terrain +{c.modifier}" if c.modifier else "Rough terrain"
        detail = f"{c.modifier} chips · {odds(4, c.modifier)}"
    elif isinstance(c, cmd.RollAvalanche):
        text = f"Avalanche +{c.modifier}" if c.modifier else "Avalanche"
        detail = f"{c.modifier} chips · {odds(6, c.modifier)}"
    elif isinstance(c, cmd.Reduce):
        text, detail = f"Pay {c.chips}", f"{c.chips} chips"
    elif isinstance(c, cmd.Reroll):
        text, detail = "Reroll", "3 chips"
    elif isinstance(c, cmd.MoveStick):
        text, detail = f"{c.action.value.capitalize()} a stick", "5 chips"
    elif isinstance(c, cmd.PayPassing):
        text, detail = "Pass opponents", "4 chips"
    elif isinstance(c, cmd.CrossZone):
        text = "Crossed to the next zone" if c.forward else "Went back a zone"
    elif isinstance(c, cmd.ChooseTraining):
        text = c.training.value.capitalize()
    elif isinstance(c, cmd.Press):
        text, detail = "Roll for pressing", "50% to gain"
    else:
        text = {"EndMove": "End the move", "Pass": "Pass", "SkipPress": "No pressing",
                "RollWeather": "Roll the weather", "ReachNome": "Reached Nome",
                "ReachNikolai": "Reached Nikolai"}.get(name, name)
    return MenuItem(text, detail, c.cost <= (state.players[c.seat].chips if c.seat >= 0
                                               else 0), c)


def menu_for(state: GameState, seat: int, title: str = "", focus: int = 0) -> Menu | None:
    """The seat's menu of every legal command now, or None when it has none."""
    items = [label(state, c) for option in legal(state, seat) for c in option.commands()]
    if not items:
        return None
    return Menu(seat, title, tuple(items), focus=min(focus, len(items) - 1),
                hint="◀ ▶ choose   ● confirm")


SCREEN_BY_PHASE = {
    Phase.TRAINING: "training", Phase.BIDDING: "bidding", Phase.WEATHER: "weather",
    Phase.EARLY_RISER: "turn", Phase.TURN: "turn", Phase.REDUCE: "turn",
    Phase.REROLL: "turn", Phase.MOVING: "turn", Phase.PRESSING: "turn",
    Phase.PRESS_MOVE: "turn", Phase.GAME_OVER: "game_over", Phase.SETUP: "setup",
}


def frame_for(state: GameState, screen: str | None = None, *, journal: list[ev.Event] | None
              = None, serial: int = 1, focus: int = 0, **extra: object) -> TableFrame:
    """A frame as the controller would build it for `state`."""
    menus: list[Menu] = []
    if state.phase is not Phase.BIDDING and state.phase is not Phase.GAME_OVER:
        seats = list(state.window.eligible) if state.window is not None else [
            s for s in state.seats if legal(state, s)]
        for seat in seats[:2]:
            menu = menu_for(state, seat, focus=focus)
            if menu is not None:
                menus.append(menu)
    countdown = None
    if state.window is not None:
        countdown = Countdown(state.window.kind.value, 8.0, 5.2)
    stats = (stats_view(game_stats(journal))
             if journal is not None and state.phase is Phase.GAME_OVER else None)
    kwargs: dict[str, object] = {
        "screen": screen or SCREEN_BY_PHASE[state.phase],
        "view": table_view(state),
        "menus": tuple(menus),
        "countdown": countdown,
        "stats": stats,
        "serial": serial,
        "charts": chart_faces(state.settings.charts) if state.settings else {},
    }
    kwargs.update(extra)
    return TableFrame(**kwargs)  # type: ignore[arg-type]


@dataclass
class Moments:
    """First states of each interesting moment of one bot game, and its journal."""

    states: dict[str, GameState]
    journal: list[ev.Event]
    final: GameState


Check = Callable[[GameState, Command, list[ev.Event]], bool]


def _moments_checks() -> dict[str, Check]:
    def phase(p: Phase) -> Check:
        return lambda s, c, e: s.phase is p

    def rolled(kind: RollKind) -> Check:
        return lambda s, c, e: s.last_roll is not None and s.last_roll.kind is kind and any(
            isinstance(x, (ev.DogDiceRolled, ev.TerrainRolled, ev.AvalancheRolled,
                           ev.PressRolled, ev.WeatherRolled)) for x in e)

    return {
        "training": phase(Phase.TRAINING),
        "bidding": lambda s, c, e: s.phase is Phase.BIDDING and any(
            b is not None for b in s.bids),
        "reveal": lambda s, c, e: any(isinstance(x, ev.BidsRevealed) for x in e)
        and s.early_riser is not None,
        "reveal_none": lambda s, c, e: any(isinstance(x, ev.BidsRevealed) for x in e)
        and s.early_riser is None,
        "weather": phase(Phase.WEATHER),
        "weather_rolled": rolled(RollKind.WEATHER),
        "turn": lambda s, c, e: s.phase is Phase.TURN and s.players[s.active or 0].covered > 0,
        "reduce": lambda s, c, e: s.phase is Phase.REDUCE and s.window is not None
        and s.window.paid > 0,
        "dogs": rolled(RollKind.DOGS),
        "moving": lambda s, c, e: s.phase is Phase.MOVING and s.turn is not None
        and s.turn.spaces > 2,
        "terrain": rolled(RollKind.TERRAIN),
        "avalanche": rolled(RollKind.AVALANCHE),
        "pressing": phase(Phase.PRESSING),
        "press": rolled(RollKind.PRESS),
        "early_riser": phase(Phase.EARLY_RISER),
        "round_end": lambda s, c, e: any(isinstance(x, ev.RoundEnded) for x in e),
    }


@cache
def moments(players: int = 4, seed: int = 7) -> Moments:
    """Play a seeded sensible-bot game and keep the first state of each moment."""
    settings = Settings.make(NAMES[players], variants=Variants(avalanches_at_start=True))
    checks = _moments_checks()
    found: dict[str, GameState] = {}

    def on_step(state: GameState, command: Command, events: list[ev.Event]) -> None:
        for name, check in checks.items():
            if name not in found and check(state, command, events):
                found[name] = state

    final, journal = play_game(settings, [sensible_policy] * players, SeededDice(seed),
                               random.Random(seed), on_step=on_step)
    found["game_over"] = final
    return Moments(found, journal, final)


def bidding_state(bids: tuple[int, int, int, int], locked: tuple[bool, ...],
                  seed: int = 3) -> GameState:
    """A real round-1 bidding state where the `locked` seats have locked in `bids`.

    With every seat locked the engine reveals at once, inside the same `apply`; the state
    "all locked, not yet revealed" is the one `evolve` makes from the last `BidLocked`
    before the reveal event, which is what this returns for that pattern.
    """
    from companion.games.mush import apply, start_game

    dice = SeededDice(seed)
    state, _ = start_game(Settings.make(NAMES[4]), dice)
    while state.phase is Phase.TRAINING:
        seat = state.training_next
        assert seat is not None
        option = legal(state, seat)[0]
        state, _ = apply(state, cmd.ChooseTraining(seat, option.params["training"][0]), dice)
    assert state.phase is Phase.BIDDING
    seats = [s for s in range(4) if locked[s]]
    for i, seat in enumerate(seats):
        if i == len(seats) - 1 and len(seats) == 4:
            state = evolve(state, ev.BidLocked(seat, bids[seat]))
        else:
            state, _ = apply(state, cmd.LockBid(seat, bids[seat]), dice)
    return state


def all_frames(players: int = 4) -> dict[str, TableFrame]:
    """One frame per screen and moment, plus animation midpoints and notices."""
    m = moments(players)
    frames: dict[str, TableFrame] = {}
    from companion.games.mush import EMPTY

    frames["setup_empty"] = frame_for(EMPTY, "setup")
    first = m.states["training"]
    frames["setup"] = frame_for(first, "setup", menus=(Menu(-1, "New game", (
        MenuItem("Start the game", "4 players"), MenuItem("Arrangement", "Intro"),
        MenuItem("Variants", "avalanches at start"),
        MenuItem("Charts", "placeholders", enabled=False)), focus=0),))
    screens = {"reveal": "reveal", "reveal_none": "reveal", "weather_rolled": "weather",
               "round_end": "round_end"}
    for name, state in m.states.items():
        if name == "game_over":
            continue
        frames[name] = frame_for(state, screens.get(name), journal=m.journal)
    frames["game_over"] = frame_for(m.final, "game_over", journal=m.journal)
    frames["dogs_rolling"] = frame_for(m.states["dogs"], animation="dice",
                                       animation_progress=0.7)
    frames["reveal_half"] = frame_for(m.states["reveal"], "reveal", animation="reveal",
                                      animation_progress=0.5)
    frames["weather_rolling"] = frame_for(m.states["weather_rolled"], "weather",
                                          animation="weather", animation_progress=0.3)
    turn = m.states["turn"]
    active = turn.active or 0
    frames.update(pace_frames(players))
    frames["turn_rest_focus"] = frame_for(turn, focus=9, notices=(
        Notice("Not enough chips for that", active),
        Notice("Seat Bartholomew-Maximilian pressed out of turn — ignored")))
    return frames


def paid(seat: int, chips: int, what: str, roller: int, roll: str | None,
         names: tuple[str, ...]) -> Payment:
    """A payment as the controller records it, with its ready words."""
    for_roll = f" ({names[roller]}'s {roll})" if roll and roller != seat else ""
    unit = "chip" if chips == 1 else "chips"
    return Payment(seat, chips, what, roller, roll, f"{names[seat]} paid {chips} {unit}: "
                   f"{what}{for_roll}")


def pace_frames(players: int) -> dict[str, TableFrame]:
    """The table's pace on screen: payments left as a trace, a countdown held by the
    seats choosing, a confirmation step with its note, a weather reroll someone paid
    for while its die still tumbles, and a forced rest."""
    m = moments(players)
    names = NAMES[players]
    frames: dict[str, TableFrame] = {}
    dogs = m.states["dogs"]
    roller = dogs.active or 0
    other, third = (roller + 1) % players, (roller + 2) % players
    payments = (paid(other, 2, "reduce", roller, None, names),
                paid(third, 1, "reduce", roller, None, names),
                paid(other, 3, "reroll", roller, "dogs", names),
                paid(roller, 3, "reroll", roller, "dogs", names),
                paid(third, 3, "reroll", roller, "dogs", names))
    held = Countdown("reroll", 3.0, 2.2, holders=(other, third), held=True)
    frames["dogs_paid_held"] = frame_for(dogs, payments=payments, countdown=held)
    frames["dogs_paid_rolling"] = frame_for(dogs, payments=payments[:2], animation="dice",
                                            animation_progress=0.3)
    moving = m.states["moving"]
    mover = moving.active or 0
    confirm = Menu(mover, "Pay 2 chips for +2 on the rough-terrain roll",
                   (MenuItem("Yes, pay 2 chips", "67% to enter"), MenuItem("No, go back")),
                   focus=0, hint="◀ ▶ choose   ● confirm", confirm=True,
                   note="rolls when the reroll window closes")
    frames["moving_confirm"] = frame_for(moving, menus=(confirm,), payments=(
        paid(mover, 4, "passing", mover, None, names),))
    weather = m.states["weather_rolled"]
    bear = weather.ice_bear or 0
    frames["weather_reroll_paid"] = frame_for(
        weather, "weather", animation="weather", animation_progress=0.4,
        payments=(paid((bear + 1) % players, 3, "reroll", bear, "weather", names),))
    frames["weather_reroll_landed"] = frame_for(
        weather, "weather",
        payments=(paid((bear + 1) % players, 3, "reroll", bear, "weather", names),))
    turn = m.states["turn"]
    active = turn.active or 0
    frames["turn_forced_rest"] = frame_for(turn.with_player(active, covered=8))
    return frames
