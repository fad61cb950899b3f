"""The journal side of the main loop: which journal, resuming from it, committing to it.

Each game keeps its own journal beside the configured one (MUSH's file and format stay
exactly as they were); at start the game in progress in any of them is resumed. Every
outcome the controller proposes is written here before anything is shown or spoken, a
commit the journal refuses is undone in memory too, and what the table must know about
its journal and its card (a card that refuses writes, a damaged file recovered, a
damaged settings file) becomes a notice in the screen's language.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.app.logs import log_event
from companion.app.parts import Controller, Hooks, VoiceLike, WebLike
from companion.config.file import Config, screen_language
from companion.config.prefs import Prefs
from companion.config.table import TableConfig
from companion.core.box import Box, TableStart
from companion.core.dice import DiceSource
from companion.exc import CompanionError, GameClosedError, JournalError
from companion.games import DEFAULT
from companion.games import box as installed_box
from companion.games import game as installed_game
from companion.games import installed as installed_games
from companion.i18n import speaking, t
from companion.store import Journal
from companion.store.beside import base_of, journal_of
from companion.store.card import TROUBLE_WORDS
from companion.store.control import take_new_game_request
from companion.table.frame import Notice
from companion.table.outcome import Outcome

log = logging.getLogger("companion")


def journal_beside(path: Path, game: str) -> Path:
    """Where a game's journal lives: the configured file for the default game (MUSH), a
    file beside it named after any other game (`journal-canoe.sqlite3`): a journal holds
    one game's events, so the default game's file and format stay exactly as they were."""
    return journal_of(path, game)


def journal_beside_base(journal: Journal) -> Path:
    """The configured journal's path, from any game's journal beside it."""
    return base_of(journal.path, journal.rules.name)


RECOVERY_NOTICE_SECONDS = 120.0
"""How long the screen says that a damaged journal was recovered (it is logged too)."""


class JournalSide:
    """The loop's journal side: the journals, the game in progress and each commit.

    A part of `Companion` (its base), kept apart because it is a seam of its own: how
    the table reaches the file, as against how it reaches the players. It works on the
    loop's attributes, declared here for the type checker.
    """

    config: Config
    journal: Journal
    dice: DiceSource
    clock: Callable[[], float]
    voice: VoiceLike | None
    web: WebLike | None
    hooks: Hooks
    open_journal: Callable[[Path, str], Journal] | None
    controller: Controller
    game_id: int | None
    prefs: Prefs
    prefs_problem: str
    _journals: dict[str, Journal]
    _base: Path
    _started_at: float

    if TYPE_CHECKING:
        def table_config(self, settings: Any = None) -> TableConfig: ...
        def keep_prefs(self, prefs: Prefs) -> str | None: ...

    @property
    def game(self) -> str:
        """The name of the game the table plays now (its journal's)."""
        return self.journal.rules.name

    @property
    def box(self) -> Box:
        """Everything the game the table plays now brings to it."""
        return installed_box(self.game)

    def _journal_for(self, name: str, create: bool) -> Journal | None:
        """The journal of game `name` (opened the first time; None when it does not
        exist yet and `create` is False)."""
        if name in self._journals:
            return self._journals[name]
        path = journal_beside(self._base, name)
        if not create and not path.exists():
            return None
        if self.open_journal is not None:
            journal = self.open_journal(path, name)
        else:
            journal = Journal(path, game=installed_game(name))
        self._journals[name] = journal
        return journal

    def _start(self) -> Controller:
        """At start: a game in progress in any game's journal is resumed (the configured
        game's first); else setup of the configured game."""
        wanted = self.config.game_name
        if wanted != self.game and self.journal.current_game() is None:
            journal = self._journal_for(wanted, create=True)
            assert journal is not None
            self.journal = journal
        if self.journal.current_game() is None:
            for name in self._other_games():
                other = self._journal_for(name, create=False)
                if other is not None and other.current_game() is not None:
                    self.journal = other
                    break
        return self._resume()

    def _other_games(self) -> list[str]:
        return [name for name in installed_games() if name != self.game]

    def switch_game(self, name: str) -> None:
        """Setup: the group chose another game; its journal and its setup take over."""
        journal = self._journal_for(name, create=True)
        assert journal is not None
        log.info("setup: the table plays %s", journal.rules.title)
        self.journal, self.game_id = journal, None
        latest = journal.latest_game()
        self.controller = self._setup(latest.settings if latest else None)

    def _setup(self, settings: Any = None) -> Controller:
        """A new game's setup, from the settings of the game last played."""
        return self._table(settings=settings)

    def _table(self, state: Any = None, history: tuple[Any, ...] = (),
               settings: Any = None, last: tuple[Any, ...] = ()) -> Controller:
        """The game's table, by its box: at setup, or taking up `state`."""
        table: Controller = self.box.table(TableStart(self.dice, self.clock,
                                                      self.table_config, state, history,
                                                      settings, last, self._earlier()))
        return table

    def _earlier(self) -> tuple[tuple[Any, ...], ...]:
        """The events of the journal's latest finished games, oldest first, as many as the
        game's box `learns` from. A game that cannot be read is passed over (logged): what
        a table learns is a help, never a reason not to start."""
        wanted = self.box.learns
        if wanted <= 0:
            return ()
        out: list[tuple[Any, ...]] = []
        try:
            finished = [g for g in self.journal.games() if not g.in_progress][-wanted:]
            for game in finished:
                out.append(tuple(self.journal.load(game.id)))
        except (CompanionError, OSError) as exc:  # a damaged old game must not stop a start
            log.warning("earlier games not read from %s (%s): the table starts without them",
                        self.journal.path, exc)
        return tuple(out)

    def _resume(self) -> Controller:
        """The game in progress from the journal, in the same phase; else setup (I6).

        Unrevealed bids were never written, so a game cut during bidding comes back in
        bidding with nobody locked in, and the players bid again (R1).
        """
        current = self.journal.current_game()
        if current is not None:
            events = self.journal.load(current.id)
            if events:
                self.game_id = current.id
                state = self.journal.rules.replay(events)
                log.info("resuming game %d: %s", current.id, self.box.where(state))
                self._names(state)
                last = tuple(self.journal.last_batch(current.id))
                return self._table(state, tuple(events), current.settings, last)
            return self._setup(current.settings)
        latest = self.journal.latest_game()
        return self._setup(latest.settings if latest else None)

    def _names(self, state: Any) -> None:
        if self.voice is not None and state.players:
            self.voice.set_names({seat: p.name for seat, p in enumerate(state.players)})

    # --- one press, one commit ------------------------------------------------------

    def commit(self, outcome: Outcome) -> None:
        """Journal what the controller proposed, then let the voice and the hooks know.

        The journal's `append` returns only after the commit: an event is never shown
        or spoken before it is safe on disk. A commit the journal refuses is undone in
        memory too, so the game in memory is never ahead of the file. Settings changed on
        the pads are kept and put in force here.
        """
        if outcome.prefs is not None:
            self.controller.prefs_kept(self.keep_prefs(outcome.prefs))
        if outcome.game is not None and outcome.game != self.game:
            self.switch_game(outcome.game)
            return
        written: list[int] = []
        try:
            if not self._journal(outcome, written):
                return
        except GameClosedError as exc:
            # The game was closed behind the loop's back (an old tool, a hand edit):
            # never a crash; the table goes back to setup for a new game.
            log.error("the journal refused the table's events (%s): back to setup", exc)
            self.new_table()
            return
        except JournalError as exc:
            log.error("the journal refused the table's events: %s", exc)
            self._refused(partly=bool(written))
            return
        state = self.controller.state
        if any(self.journal.rules.opening(e) is not None for e in outcome.events):
            self._names(state)
        headlines = self.box.headlines
        # each event is said with the game right after it (two dice removed by one move:
        # the first is said with a count of 1, the second 2), where the table kept it
        afters = outcome.after_each(self.box.game.evolve, state)
        for event, after in zip(outcome.events, afters, strict=True):
            log_event(event, state, headlines)
            if self.voice is not None:
                self.voice.event(event, after)
        if self.web is not None:  # the same announcements, in the same order, for phones
            players: Any = state.players
            names = {seat: str(p.name) for seat, p in enumerate(players)}
            self.web.announce([said for event, after in zip(outcome.events, afters, strict=True)
                               if (said := self.box.announce(event, names, after)) is not None])
        if self.hooks.on_events is not None:
            self.hooks.on_events(state, outcome.events)

    def _journal(self, outcome: Outcome, written: list[int]) -> bool:
        """Write what the outcome changed (each batch written is noted in `written`);
        False when there are no events to pass on."""
        if outcome.retract and self.game_id is not None:
            withdrawn = self.journal.undo(self.game_id)
            if len(withdrawn) != outcome.retract:
                log.error("undo: journal withdrew %d events, the table %d",
                          len(withdrawn), outcome.retract)
        if not outcome.events:
            return False
        for event in outcome.events:
            settings = self.journal.rules.opening(event)
            if settings is not None:
                self.game_id = self.journal.new_game(settings)
                log.info("new %s game %d: %s", self.game, self.game_id,
                         ", ".join(p.name for p in self.controller.state.players))
        if self.game_id is None:
            log.error("events without a game: %s", [type(e).__name__ for e in outcome.events])
            return False
        # one batch a command (undo takes the last), all in one commit: the frame waits
        # for the card once
        batches = outcome.command_batches()
        self.journal.append_batches(self.game_id, batches)
        written.extend(len(batch) for batch in batches)
        return True

    def _refused(self, partly: bool) -> None:
        """The journal refused a commit: the game in memory goes back to the file's, and
        the table is told. When none of it was written the controller undoes the outcome;
        when part of it was (a window's payments, not its closing), the game is read back
        from the file."""
        if partly:
            try:
                self.controller = self._resume()
            except JournalError as exc:
                log.error("the journal cannot be read back either: %s", exc)
        self.controller.rollback()
        if self.controller.in_setup:
            self.game_id = None  # the game the journal refused to begin

    def take_requests(self) -> bool:
        """Act on a `mush-companion new-game` left beside the journal; True if one was.

        The game in progress is abandoned (it stays in the journal) and the table goes
        back to setup with the request's players, exactly as after a win.
        """
        request = take_new_game_request(self.journal.path)
        if request is None:
            return False
        log.info("new-game request from %s: abandoning game %s, back to setup",
                 f"process {request.pid}" if request.pid else "the command line",
                 self.game_id if self.game_id is not None else "-")
        if self.game_id is not None:
            try:
                self.journal.abandon(self.game_id)
            except JournalError as exc:
                log.error("could not abandon game %d: %s", self.game_id, exc)
        self.game_id = None
        # `new-game` asks with the default game's settings, from the config's [game]
        self.controller = self._setup(request.settings if self.game == DEFAULT else None)
        return True
    def new_table(self) -> None:
        """After a win, holding ▶ on any pad goes back to setup for another game.

        (Holding ● stays the undo: a "reached Nome" pressed by mistake can be taken back.)

        The finished game stays in the journal; setup starts from its players.
        """
        settings = self.controller.state.settings
        log.info("game over: back to setup for a new game")
        self.game_id = None
        self.controller = self._setup(settings)

    def over(self) -> bool:
        """Whether the game on the table is over."""
        return self.journal.rules.outcome(self.controller.state) is not None
    def journal_notices(self) -> tuple[Notice, ...]:
        """What the table must know about its journal: a card that refuses writes (for as
        long as it does) and a damaged journal that was recovered (for two minutes), in
        the screen's language."""
        found: list[Notice] = []
        with speaking(screen_language(self.config, self.prefs)):
            if self.prefs_problem:
                found.append(Notice(t("n.prefs_damaged", problem=self.prefs_problem)))
            degraded = self.journal.degraded
            if degraded is not None:
                reason = t(TROUBLE_WORDS[degraded]) if degraded in TROUBLE_WORDS else degraded
                found.append(Notice(t("n.not_saved", reason=reason)))
            recovery = self.journal.recovery
            if recovery is not None and \
                    time.monotonic() - self._started_at < RECOVERY_NOTICE_SECONDS:
                # events counted from the highest number any surviving page names;
                # "at least" when the file's end is gone (`Recovery.notice`)
                key, values = recovery.notice
                found.append(Notice(t(key, **values)))
        return tuple(found)
