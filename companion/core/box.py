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
    earlier: tuple[tuple[Any, ...], ...] = ()
    """The events of the latest finished games of its journal, oldest first, as many as
    its box `learns` from (none unless it asks): what the group told on its board before."""


class Demo(Protocol):
    """What `mush-companion demo` needs of a game: bots on virtual pads, and its lines."""

    def driver(self, table: Any, players: int, rng: random.Random, hand: DiceSource) -> Any:
        """Bots pressing every seat's virtual pad (`presses()` gives the next batch)."""
        ...

    def summary(self, out: TextIO) -> Callable[[Any, tuple[Any, ...]], None]:
        """The demo's lines in the terminal, given (state, events) after each commit."""
        ...


@dataclass(frozen=True)
class Standings:
    """How a finished game's ledger (its export CSV) reads as results on the phones' table
    page: who comes after the winner, what each row says, and the chart of the game."""

    rank: str
    """The ledger column that orders the players after the winner (higher first)."""
    chart: str
    """The ledger column charted, per round."""
    chart_word: str
    """The page word naming the chart."""
    rounds: Callable[[Mapping[str, Any], int], int]
    """A ledger row's round: `(row, players) -> round`."""
    columns: tuple[str, str]
    """The page words heading the two columns of each row."""
    cells: Callable[[Mapping[str, Any], bool], list[str]]
    """A player's two cells, from its last ledger row and whether it won (in the
    language spoken)."""
    places: bool = True
    """Whether the players after the winner have places (by `rank`, equal ranks sharing
    one); False where only the winner's is known."""


@dataclass(frozen=True)
class Pages:
    """A game's pages on the phones, each from what its reader may see and no more.

    The shared screen's frame is public (the whole table sees it); a seat's secrets
    reach its phone only through `seat`'s `view`: what that seat alone may see, the
    rules' per-seat view (`Game.seat_view`) as its table holds it (`seat_view(seat)`,
    with what the seat is choosing on its pad). A seat's page is built from the frame and
    its own view only, never another seat's, so a game whose rules' per-seat view holds a
    hidden hand shows each hand on its own phone and nowhere else, with nothing more to
    write. Each is called in the page's language (`companion.i18n.t` speaks it)."""

    seat: Callable[..., dict[str, Any]]
    """Seat `seat`'s page: `(frame, view, menu, seat, language, *, light, players) ->
    JSON data`; `menu` is the seat's menu worded in `language` (None: it has none),
    `view` its own view (None in setup, or for a seat nobody plays)."""
    table: Callable[[Any, str, int], dict[str, Any]]
    """The read-only table page: `(frame, language, players) -> JSON data`, public only."""
    names: Callable[[Any], Any]
    """The seats' names a frame holds (a `companion.table.frame.SeatBook`)."""


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
    pages: Pages
    """Its pages on the phones: each seat's from the frame and that seat's own view, and
    the table page's (the phones' server builds every text through these)."""
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
    standings: Standings | None = None
    """How its finished games read on the phones' table page (None: they are not listed)."""
    extras: Callable[[Sequence[Any], Sequence[str]], Mapping[str, bytes]] = field(
        default=lambda history, names: {})
    """More files a finished game offers the phones' table page (`/export/<name>`), by
    name, from the game's events and its players' names (MUSH's luck chart, `luck.svg`)."""
    config: Any = None
    """Its part of the configuration (a `companion.config.section.GameSection`): its
    `[game.<name>]` section, what its setup starts from, its keys in the pads' settings
    file. None: no settings of its own."""
    sayings: Any = None
    """What its voice says besides the table's own sentences: its sentences and clips
    per language (a `companion.voice.texts.Sayings`). None: the table's own only."""
    learns: int = 0
    """How many of its latest finished games its table is given (`TableStart.earlier`) to
    learn the group's board from: the Canoe table guesses a step from what canoes told in
    earlier trips on the same board. 0: none (nothing is read)."""

    @property
    def name(self) -> str:
        """The game's name (`[game] name`, `--game`)."""
        return self.game.name

    @property
    def title(self) -> str:
        """The game's title, as the box says it."""
        return self.game.title


__all__ = ["Box", "Demo", "Pages", "Standings", "TableStart"]
