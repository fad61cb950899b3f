"""Game settings and board data: everything fixed when a game starts.

The weather charts and the pressing chart are printed on the boards, and the rulebook
text does not give them; they are configuration data (W3, P2). The shipped charts are
placeholders, marked as such until a group confirms them, and keep the one fixed point
the rulebook gives: on the Central chart a 5 is Cold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar, cast

from companion.exc import SettingsError
from companion.games.mush.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Arrangement,
    Climate,
    PressResult,
    Zone,
)

W, M, C = Climate.WARM, Climate.MODERATE, Climate.COLD


@dataclass(frozen=True)
class WeatherChart:
    """One weather chart: die faces 1..6 mapped to a climate (W3)."""

    faces: tuple[Climate, Climate, Climate, Climate, Climate, Climate]
    placeholder: bool = True

    def weather(self, face: int) -> Climate:
        """The climate for a standard-die face (1..6)."""
        return self.faces[face - 1]


@dataclass(frozen=True)
class PressingChart:
    """The pressing chart of the sled board (P2): die faces 1..6 mapped to a result."""

    faces: tuple[PressResult, PressResult, PressResult, PressResult, PressResult, PressResult]
    placeholder: bool = True

    def result(self, face: int) -> PressResult:
        """The pressing result for a standard-die face (1..6)."""
        return self.faces[face - 1]


_T = TypeVar("_T")
_Six = tuple[_T, _T, _T, _T, _T, _T]
"""A die's six faces."""


@dataclass(frozen=True)
class Charts:
    """The three weather charts and the pressing chart, as a group has set them."""

    southern: WeatherChart = WeatherChart((W, W, W, M, M, C))
    central: WeatherChart = WeatherChart((W, M, M, M, C, C))
    northern: WeatherChart = WeatherChart((W, M, M, C, C, C))
    pressing: PressingChart = PressingChart(
        (
            PressResult.TIRED,
            PressResult.NOTHING,
            PressResult.NOTHING,
            PressResult.PLUS_ONE,
            PressResult.PLUS_ONE,
            PressResult.PLUS_TWO,
        )
    )

    def for_zone(self, zone: Zone) -> WeatherChart:
        """The weather chart printed on the boards of a zone."""
        return {Zone.SOUTHERN: self.southern, Zone.CENTRAL: self.central,
                Zone.NORTHERN: self.northern}[zone]

    @property
    def placeholders(self) -> tuple[str, ...]:
        """Names of the charts still unconfirmed, so the screen can mark them."""
        named = (("southern", self.southern), ("central", self.central),
                 ("northern", self.northern), ("pressing", self.pressing))
        return tuple(name for name, chart in named if chart.placeholder)

    def check(self) -> None:
        """Refuse charts that break the rulebook's fixed point (W3: Central 5 is Cold)."""
        if self.central.weather(5) is not Climate.COLD:
            raise SettingsError("charts.central: a 5 on the Central chart must be Cold (W3) "
                                f"(got {self.central.weather(5).value!r})")

    def with_faces(self, name: str, faces: Sequence[str], *, confirmed: bool) -> Charts:
        """These charts with chart `name` ("southern", "central", "northern", "pressing")
        built from its six faces' values as a file or the pads write them ("warm", "+1").

        The one place a chart is made from faces: the config file, the pads' settings
        file and the chart entered on the pads all come through here. Raises
        SettingsError for another count of faces, a value the chart cannot show, or an
        unknown chart; it does not check W3 (`check` does, once all are set).
        """
        if len(faces) != len(self.pressing.faces):
            raise SettingsError(f"charts.{name}: {len(faces)} faces, not 6")
        try:
            if name == "pressing":
                pressing = PressingChart(cast(_Six[PressResult], tuple(PressResult(f)
                                                                        for f in faces)),
                                         placeholder=not confirmed)
                return replace(self, pressing=pressing)
            if name not in ("southern", "central", "northern"):
                raise SettingsError(f"charts: no chart {name!r}")
            weather = WeatherChart(cast(_Six[Climate], tuple(Climate(f) for f in faces)),
                                   placeholder=not confirmed)
        except ValueError as exc:
            raise SettingsError(f"charts.{name}: {exc}") from None
        if name == "southern":
            return replace(self, southern=weather)
        if name == "central":
            return replace(self, central=weather)
        return replace(self, northern=weather)


@dataclass(frozen=True)
class Board:
    """One game board in the arrangement, with the zone whose weather chart it carries."""

    name: str
    zone: Zone


INTRO_BOARDS = (
    Board("Anchorage", Zone.SOUTHERN),
    Board("Ophir/Anvik", Zone.CENTRAL),
    Board("Nome", Zone.NORTHERN),
)
STANDARD_BOARDS = (
    Board("Anchorage", Zone.SOUTHERN),
    Board("Finger Lake", Zone.SOUTHERN),
    Board("Ophir/Anvik", Zone.CENTRAL),
    Board("Koyuk", Zone.NORTHERN),
    Board("Nome", Zone.NORTHERN),
)




@dataclass(frozen=True)
class Variants:
    """The optional rules a group may switch on (S5, S7, S8, S9)."""

    free_training: bool = False  # S5: no training maxima
    avalanches_at_start: bool = False  # S7: two sticks on the board before round 1
    short_north: bool = False  # S8: no Cold training; first to the Northern Zone wins
    skip_central: bool = False  # S9: reaching Nikolai or the Central Zone jumps to Unal-Akleet


@dataclass(frozen=True)
class Settings:
    """Everything fixed at the start of a game; recorded in the journal's first event."""

    names: tuple[str, ...]
    arrangement: Arrangement = Arrangement.INTRO
    boards: tuple[Board, ...] = INTRO_BOARDS
    variants: Variants = field(default_factory=Variants)
    charts: Charts = field(default_factory=Charts)

    @staticmethod
    def make(
        names: tuple[str, ...] | list[str],
        arrangement: Arrangement = Arrangement.INTRO,
        variants: Variants | None = None,
        charts: Charts | None = None,
        boards: tuple[Board, ...] | None = None,
    ) -> Settings:
        """Settings with the boards that go with the arrangement, checked."""
        if boards is None:
            if arrangement is Arrangement.CUSTOM:
                raise SettingsError("boards: a Custom arrangement needs its boards listed")
            boards = INTRO_BOARDS if arrangement is Arrangement.INTRO else STANDARD_BOARDS
        settings = Settings(
            names=tuple(names),
            arrangement=arrangement,
            boards=boards,
            variants=variants or Variants(),
            charts=charts or Charts(),
        )
        settings.check()
        return settings

    @property
    def players(self) -> int:
        """Number of seats (S1)."""
        return len(self.names)

    def check(self) -> None:
        """Refuse settings that cannot make a game, naming the setting."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SettingsError(
                f"names: {MIN_PLAYERS} to {MAX_PLAYERS} players (S1), got {self.players}"
            )
        if not self.boards:
            raise SettingsError("boards: at least one board is needed")
        if self.arrangement is not Arrangement.CUSTOM:
            ranks = [b.zone.rank for b in self.boards]
            if ranks != sorted(ranks):
                raise SettingsError("boards: Intro and Standard boards run Southern to Northern")
        if self.variants.short_north and not any(
                later.zone is Zone.NORTHERN and earlier.zone is not Zone.NORTHERN
                for earlier, later in zip(self.boards, self.boards[1:], strict=False)):
            raise SettingsError("variants.short_north: Short game A ends on entering the "
                                "Northern Zone, so a Northern board must follow a board of "
                                "another zone (S8)")
        self.charts.check()
