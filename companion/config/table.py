"""The table controller's own settings: window lengths, screen timings, setup defaults.

The one `TableConfig`: the config file's `[table]` fills its timings
(`companion.config.file.parse_table`), `[game]` its setup (`for_setup`): the players for
every game, and the game's own part (`game`, from its `[game.<name>]` section), carried
as it is for the game's table to read; every default is here.

Everything here is UI bookkeeping. The rules never see it: a window's length decides
when the table sends `CloseWindow(TABLE)`, not what the window allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.config.names import safe_names
from companion.config.prefs import Prefs

DEFAULT_NAMES: tuple[str, ...] = (
    "Anna", "Ben", "Clara", "David", "Emma", "Felix",
    "Greta", "Hugo", "Ida", "Jonas", "Kim", "Lena",
)
"""The short list of player names offered in setup, besides each seat's colour."""


@dataclass(frozen=True)
class TableConfig:
    """How long things last on the table, and what setup starts from."""

    # Reaction windows are short quiet times: silence says no, a press of a seat that may
    # act holds the window for that seat's choice, and a window closes as soon as every
    # seat it waits for has answered. X2: the take-dice offer is on the others' menus while
    # the roller decides to move; the dice roll once it has stood this long (counted from
    # when it was first shown, so a roller who took that long rolls at once).
    reduce_seconds: float = 1.0
    reroll_seconds: float = 1.0  # X1: the quiet time after a roll has landed
    claim_seconds: float = 8.0  # a seat choosing holds a window's countdown this long at most
    claim_idle_seconds: float = 3.0  # ... and lets go this long after its last press
    menu_idle_seconds: float = 5.0  # a sub-menu that can pay closes after this without a press
    hold_seconds: float = 2.0  # ● held this long steps back (the pads' hold_s, one setting)
    resume_seconds: float = 1.0  # left on the countdown, at least, when the choosing is over
    guard_seconds: float = 0.25  # a press this soon after its menu changed is dropped
    # a Pay line pays only once it has been on screen this long: two quick taps (▶ then ◀)
    # never spend chips, whoever's hand was on the pad
    pay_guard_seconds: float = 0.6
    # the table rolls the wooden dice and the roller enters the result (dogs shown, or the
    # standard die's face); the companion still draws initiative and training order
    physical_dice: bool = False
    notice_seconds: float = 3.0  # a refused press's message stays this long
    reveal_seconds: float = 4.0  # the "reveal" screen after the bids, unless someone acts
    reveal_lock_seconds: float = 0.0  # no press cuts the reveal short before this
    results_seconds: float = 10.0  # game over: the results cannot be left before this
    round_end_seconds: float = 3.0  # the "round_end" screen, unless someone locks a bid
    animation_seconds: float = 0.8  # an animation not listed in `animation_durations`
    animation_durations: tuple[tuple[str, float], ...] = (
        ("dice", 1.0), ("reveal", 1.2), ("weather", 1.0), ("die", 0.8),
    )
    # setup ------------------------------------------------------------------------------
    setup_pad: int | None = None  # None: any pad drives setup; a seat number: only that pad
    games: tuple[str, ...] = ()  # the games setup offers (companion.games); one or none: no choice
    players: int = 4
    language: str = "en"  # for the seat-colour names
    screen_language: str = "en"  # the menus' and notices' words (companion.i18n)
    names: tuple[str, ...] = DEFAULT_NAMES
    seat_names: tuple[str, ...] = ()  # setup's starting names, seat by seat (else colours)
    # the game's own part of setup, as its config section made it (`companion.config.
    # section`: MUSH's arrangement, variants, charts and custom boards); None: its defaults
    game: Any = None
    # settings made on the pads (companion.config.prefs): kept, shown and changed in setup
    prefs: Prefs = field(default_factory=Prefs)
    prefs_defaults: tuple[tuple[str, object], ...] = ()  # the config file's values of them
    # setup's corner: the companion's version and the Pi's address, a line each
    # (companion.version.About); None shows none
    about: Callable[[], tuple[str, ...]] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        for name in ("reduce_seconds", "reroll_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"table.{name}: must be more than 0 seconds")
        for name in ("notice_seconds", "reveal_seconds", "round_end_seconds",
                     "animation_seconds", "claim_seconds", "resume_seconds", "guard_seconds",
                     "claim_idle_seconds", "menu_idle_seconds", "pay_guard_seconds",
                     "hold_seconds",
                     "reveal_lock_seconds", "results_seconds"):
            if getattr(self, name) < 0:
                raise ValueError(f"table.{name}: must be 0 seconds or more")
        if any(seconds < 0 for _, seconds in self.animation_durations):
            raise ValueError("table.animation_durations: must be 0 seconds or more")
        if not 2 <= self.players <= 6:
            raise ValueError("table.players: 2 to 6 (one a seat of the pads)")

    @classmethod
    def for_setup(cls, names: tuple[str, ...], game: Any = None, /, *, language: str = "en",
                  **more: object) -> TableConfig:
        """Setup starting from these players (the config file's `[game] players`, or the
        game last played's) and the game's own part, with `[table]`'s window lengths.

        The names may come from the journal: they are made usable first (`safe_names`),
        so a name journalled before the name rule cannot be journalled again into a game
        that then fails to start."""
        return cls(language=language, players=len(names),
                   seat_names=safe_names(names, language), game=game,
                   **more)  # type: ignore[arg-type]

    def animation_length(self, kind: str) -> float:
        """Seconds the animation `kind` runs."""
        return dict(self.animation_durations).get(kind, self.animation_seconds)
