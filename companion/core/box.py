"""A game as the table plays it: its rules and everything else that comes in its box.

The kernel's `Game` is what the journal and the exports need of a game (options, events,
the codec, views). The table needs more: a controller for the pads, a painter for the
screen, a page for the phones, what the voice says, its lines in a terminal, its demo. A
`Box` bundles them, so the table, the display, the phones, the voice and the app are
written against the box and never against a game's modules (OpenSpiel's registered
`GameType`, python-chess's `VARIANTS`: a game declares itself in one place and the
framework asks it).

Each game's package declares its box as `BOX` in its `box` module, and the registry
(`companion.games`) lists the packages, one line a game. The fields are typed loosely
(the kernel imports the standard library only, and knows no pygame nor aiohttp); each
field's docstring says what the caller hands over and gets back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from companion.core.dice import DiceSource
from companion.core.game import AnyGame


@dataclass(frozen=True)
class TableStart:
    """How a game's table begins: at setup, or taking up a game from its journal.

    `state` and `history` are the game replayed from the journal (None and () at setup),
    `last` the events of its last command;
    `settings` the settings of that game, or at setup of the game last played (None when
    none was: setup starts from the config file's). `config` makes the `TableConfig` of
    the config file and the pads' settings, given settings a table starts its setup from
    (None: the config file's `[game]`).
    """

    dice: DiceSource
    clock: Callable[[], float]
    config: Callable[[Any], Any]
    state: Any = None
    history: tuple[Any, ...] = ()
    settings: Any = None
    last: tuple[Any, ...] = ()
    """The events of the last command the journal holds (the end of `history`): a table
    taking up the game offers to take it back as it did before the restart."""


@dataclass(frozen=True)
class Results:
    """How a finished game's ledger (the rows of its CSV export) reads as standings and a
    chart, for the table page's finished games: read from the file a player downloads,
    they can never disagree with it."""

    rank: str
    """The ledger's column that orders the players after the winner (higher first)."""
    chart: str
    """The column charted, each player's value at the end of each round."""
    chart_word: str
    """The page word (`companion.web.words`) naming the chart."""
    columns: tuple[str, ...]
    """The page words naming the standings' columns."""
    rounds: Callable[[Mapping[str, Any], int], int]
    """A ledger row's round: `(row, players) -> round`."""
    cells: Callable[[Mapping[str, Any], int, Sequence[Mapping[str, Any]], int],
                    tuple[list[str], int | None]]
    """A player's line of the standings, in the screen's words, and its place (None when
    the game cannot tell it): `(its last row, its seat, every seat's last row, the
    winner) -> (cells, place)`."""


class Demo(Protocol):
    """What `mush-companion demo` needs of a game: bots on virtual pads, and its lines."""

    def driver(self, table: Any, players: int, rng: random.Random, hand: DiceSource) -> Any:
        """Bots pressing every seat's virtual pad (`presses()` gives the next batch)."""
        ...

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """The demo's lines in the terminal, given (state, events) after each commit."""
        ...


@dataclass(frozen=True, eq=False)
class Box:
    """Everything one game brings to the table, as the shared parts ask for it."""

    game: AnyGame
    """The rules, as the journal, the exports and `state --json` know them."""
    table: Callable[[TableStart], Any]
    """The game's table controller (pad presses in, commands and frames out)."""
    frame: type
    """The type of the frames its table builds (the display and the phones find the box
    of a frame by it)."""
    paint: Callable[..., Any]
    """Draws a frame: `(frame, surface, log, language, previous) -> Painter`; given the
    regions of the same screen drawn before (`previous`), it may draw only what changed."""
    phones: Callable[..., Any]
    """The phones' pages of a frame: `(frame, menus_by_language, *, game, players, bids,
    lights, screen_language) -> Snapshot` (`companion.web.snapshot`)."""
    announce: Callable[[Any, Any, Any], Any]
    """What the voice says for an event: `(event, names, state after it) ->
    Announcement | None` (None: the table hears nothing)."""
    ledger: str
    """The name of its ledger's export file (`chips.csv`, `points.csv`)."""
    where: Callable[[Any], str]
    """Where a game stands, for the log and the service's status ("round 3, bidding")."""
    describe: Callable[[dict[str, Any]], str]
    """`mush-companion state` for people, from the public view as JSON data."""
    demo: Demo
    """Bots and lines for `mush-companion demo`."""
    headlines: tuple[type, ...] = ()
    """The events the log shows at INFO (the round's milestones); the rest at DEBUG."""
    extras: Callable[[Sequence[Any], Sequence[str]], Mapping[str, bytes]] = field(
        default=lambda history, names: {})
    """More files a finished game offers the phones' table page (`/export/<name>`), by
    name, from the game's events and its players' names (MUSH's luck chart, `luck.svg`)."""
    config: Any = None
    """Its part of the configuration (a `companion.config.section.GameSection`): its
    `[game.<name>]` section, what its setup starts from, its keys in the pads' settings
    file. None: no settings of its own."""
    results: Results | None = None
    """How its finished games read on the table page (None: they are not listed)."""
    sayings: Any = None
    """What its voice says besides the table's own sentences: its sentences and clips
    per language (a `companion.voice.texts.Sayings`). None: the table's own only."""

    @property
    def name(self) -> str:
        """The game's name (`[game] name`, `--game`)."""
        return self.game.name

    @property
    def title(self) -> str:
        """The game's title, as the box says it."""
        return self.game.title


__all__ = ["Box", "Demo", "Results", "TableStart"]
