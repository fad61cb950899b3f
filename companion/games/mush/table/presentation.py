"""Presentation: what the table shows besides the game itself, and the frame it builds.

This part owns everything that only lasts on screen or on a pad's light: notices (a
refused press, a take-back), the screens shown for a few seconds (the reveal, the round's
end), animations (dice landing), one-shot blinks, "too soon" marks, and the frame's
serial number. It learns what happened from the rules' events (`on_event`) and never
changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from companion.config.table import TableConfig
from companion.games.mush import events as ev
from companion.games.mush.model import Phase, RollKind, WindowKind
from companion.games.mush.phases import ActKind, act_of
from companion.games.mush.state import GameState
from companion.games.mush.table.frame import Screen, TableFrame, chart_faces
from companion.games.mush.table.menus import view_of
from companion.games.mush.table.payments import payments
from companion.games.mush.table.stats import game_stats
from companion.games.mush.table.view import stats_view, table_view
from companion.i18n import t
from companion.pads.events import Blink
from companion.table.frame import ROLLING, Animation, Countdown, Menu, Notice, UndoOffer
from companion.table.gestures import STALE_BLINK, Gestures
from companion.table.lights import LightState, blink_seconds, steady

SCREENS: dict[Phase | RollKind, Screen] = {
    Phase.TRAINING: Screen.TRAINING, Phase.BIDDING: Screen.BIDDING,
    Phase.EARLY_RISER: Screen.EARLY_RISER, Phase.WEATHER: Screen.WEATHER,
    Phase.TURN: Screen.TURN, Phase.REDUCE: Screen.REDUCE, Phase.MOVING: Screen.MOVING,
    Phase.PRESS_MOVE: Screen.MOVING, Phase.PRESSING: Screen.PRESSING,
    Phase.GAME_OVER: Screen.GAME_OVER,
    # a reroll window shows the roll it may change
    RollKind.WEATHER: Screen.WEATHER, RollKind.DOGS: Screen.DOGS,
    RollKind.TERRAIN: Screen.TERRAIN, RollKind.AVALANCHE: Screen.AVALANCHE,
    RollKind.PRESS: Screen.PRESSING,
}
"""The one map of screens: a phase's screen, and in a reroll window the roll's."""

ANIMATIONS: dict[type[ev.Event], Animation] = {
    ev.TrainingOrderDrawn: Animation.DRAW, ev.InitiativeDrawn: Animation.DRAW,
    ev.BidsRevealed: Animation.REVEAL, ev.WeatherRolled: Animation.WEATHER,
    ev.DogDiceRolled: Animation.DICE, ev.TerrainRolled: Animation.DIE,
    ev.AvalancheRolled: Animation.DIE, ev.PressRolled: Animation.DIE, ev.GameWon: Animation.WIN,
}

_ZONE_REASONS = {"placed at Unal-Akleet": "c.zone.unal_akleet"}
"""The rules' reasons for a sled's change of board other than crossing (S9), as words."""


class Show:
    """Notices, transient screens, animations, blinks and the frame's serial."""

    def __init__(self, config: Callable[[], TableConfig], clock: Callable[[], float],
                 gestures: Gestures, won_at: float | None) -> None:
        self._config = config
        self._clock = clock
        self._gestures = gestures
        self._notices: list[tuple[Notice, float]] = []
        self._transient: tuple[Screen, float, float] | None = None  # screen, start, seconds
        self._animation: tuple[Animation, float] | None = None
        self._blinks: dict[int, tuple[LightState, float]] = {}
        self._requests = 0
        self._too_soon: dict[int, float] = {}  # seat -> until when its menu says "too soon"
        self._last: TableFrame | None = None
        self._serial = 0
        self.won_at = won_at  # game over: when (the results stay a while)

    # --- feedback ------------------------------------------------------------------------

    def notice(self, seat: int | None, text: str) -> None:
        """A message for one seat (or everyone), for `notice_seconds`; a seat's newer
        notice replaces its older one."""
        until = self._clock() + self._config().notice_seconds
        self._notices = [(n, u) for n, u in self._notices if n.seat != seat] + [
            (Notice(text, seat), until)]

    def blink(self, seat: int, blink: Blink) -> None:
        """A one-shot blink of a seat's light."""
        self._requests += 1
        self._blinks[seat] = (LightState(blink, self._requests),
                              self._clock() + blink_seconds(blink))

    def stale(self, seat: int, now: float, secret: bool) -> None:
        """A press aimed at a menu now gone: two quick flashes, and the menu says "too
        soon" for a moment (not a bidder's: its presses are never shown, I5)."""
        self.blink(seat, STALE_BLINK)
        if not secret:
            self._too_soon[seat] = now + self._config().notice_seconds / 2

    def fresh(self, seat: int) -> None:
        """A press that counts: no more "too soon"."""
        self._too_soon.pop(seat, None)

    def leavable(self, now: float) -> bool:
        """Whether the results of a game over may be left at `now`."""
        return self.won_at is not None and now - self.won_at >= self._config().results_seconds

    def may_leave(self, seat: int, now: float) -> bool:
        """Game over: whether the results may be left now (not in their first seconds);
        tells the seat how long they stay."""
        stay = self._config().results_seconds
        if self.won_at is not None and now - self.won_at < stay:
            self.notice(seat, t("c.results_stay", s=f"{stay - (now - self.won_at):.0f}"))
            return False
        return True

    # --- what happened -------------------------------------------------------------------

    def on_event(self, event: ev.Event, state: GameState, now: float) -> None:
        """An event's animation, its screen for a few seconds, its notice."""
        config = self._config()
        kind = ANIMATIONS.get(type(event))
        if kind is not None:
            self._animation = (kind, now)
        if isinstance(event, ev.BidsRevealed):
            self._transient = (Screen.REVEAL, now, config.reveal_seconds)
            self._gestures.lock(now + config.reveal_lock_seconds)
        elif isinstance(event, ev.RoundEnded):
            self._transient = (Screen.ROUND_END, now, config.round_end_seconds)
        elif isinstance(event, ev.GameWon):
            self.won_at = now
        elif isinstance(event, ev.ZoneChanged) and event.reason != "crossed":
            who, key = state.players[event.seat].name, _ZONE_REASONS.get(event.reason)
            self.notice(None, t(key, name=who) if key else f"{who}: {event.reason}")

    def moved_on(self, undone: bool = False) -> None:
        """A command acted: a transient screen gives way (an undo stops the animation)."""
        self._transient = None
        if undone:
            self._animation = None

    def landing(self, now: float, rolling: bool = False) -> float:
        """Seconds until the roll made just now has landed on screen (0 if none tumbles);
        `rolling`: only a roll's animation counts (not a reveal's)."""
        if self._animation is None or self._animation[1] != now:
            return 0.0
        if rolling and self._animation[0] not in ROLLING:
            return 0.0
        return self._config().animation_length(self._animation[0])

    # --- the frame -----------------------------------------------------------------------

    def screen(self, state: GameState, now: float, level: Screen | None) -> Screen:
        """The screen now: setup, a transient screen, a reroll window's roll, the one the
        active seat's menu level names (choosing where to rest), or the phase's."""
        if state.settings is None:
            return Screen.SETUP
        if self._transient is not None:
            screen, start, seconds = self._transient
            if now - start < seconds:
                return screen
            self._transient = None
        window = state.window
        if window is not None and window.kind is WindowKind.REROLL:
            assert window.roll is not None
            return SCREENS[window.roll]
        if act_of(state) is ActKind.TURN and level is not None:
            return level
        return SCREENS[state.phase]

    def menu(self, menu: Menu, now: float) -> Menu:
        """A seat's menu as drawn: waiting while dice land, or saying "too soon"."""
        if self._gestures.waiting(menu.seat, now):
            return replace(menu, waiting=True, note=t("m.wait"))
        if self._too_soon.get(menu.seat, float("-inf")) > now:
            return replace(menu, note=t("c.too_soon"))
        return menu

    def frame(self, state: GameState, history: Sequence[ev.Event], screen: Screen,
              menus: tuple[Menu, ...], countdown: Countdown | None, undo: UndoOffer | None,
              entering: int | None, promised: dict[int, int]) -> TableFrame:
        """What the display draws now; `serial` changes exactly when something else did."""
        now = self._clock()
        config = self._config()
        self._notices = [(n, until) for n, until in self._notices if until > now]
        animation, progress = None, 1.0
        if self._animation is not None:
            kind, start = self._animation
            length = config.animation_length(kind)
            elapsed = (now - start) / length if length > 0 else 1.0
            if elapsed < 1:  # in 50 steps, so a frame changes at most 50 times an animation
                animation, progress = kind, round(max(0.0, elapsed) * 50) / 50
        setup = state.settings is None
        names = [p.name for p in state.players]
        roller = state.window.roller if state.window is not None else None
        frame = TableFrame(
            screen=screen, view=view_of(state) if entering is None else
            table_view(state, entering), menus=menus,
            countdown=countdown, notices=tuple(n for n, _ in self._notices),
            animation=animation, animation_progress=progress,
            stats=stats_view(game_stats(history)) if act_of(state) is ActKind.NONE else None,
            undo=undo,
            charts=chart_faces(state.settings.charts) if state.settings is not None else {},
            payments=() if setup else payments(history, names, promised, roller),
            about=config.about() if setup and config.about else ())
        if self._last is None or replace(self._last, serial=0) != frame:
            self._serial += 1
        self._last = replace(frame, serial=self._serial)
        return self._last

    def lights(self, lit: Iterable[int], winner: int | None, now: float
               ) -> dict[int, LightState]:
        """Every pad's light: `lit` seats on, the winner blinking, a one-shot blink over
        either while it runs."""
        lights = steady(lit, winner)
        for seat, (light, until) in list(self._blinks.items()):
            if now < until:
                lights[seat] = light
            else:
                del self._blinks[seat]
        return lights
