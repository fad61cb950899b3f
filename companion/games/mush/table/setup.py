"""The setup stage: the settings being chosen before the engine's `start_game`.

Setup changes nothing in the rules until "Start the game", so every choice here is a
draft held by the controller (UI bookkeeping); the one rules command is `StartGame`.
`Setup` is the controller's part for it: one shared menu that any pad drives (or the one
the config names), with no guard against stale presses, whose tree is built again only
after a press (or a change of the config).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from companion.config.names import colour_name
from companion.config.prefs import Prefs
from companion.config.table import TableConfig
from companion.games.mush import MUSH
from companion.games.mush import commands as cmd
from companion.games.mush.config import setup_of
from companion.games.mush.model import Arrangement
from companion.games.mush.settings import Charts, Settings, Variants
from companion.games.mush.table.prefs_menus import PrefsEditor
from companion.i18n import Lookup, count, t
from companion.pads.events import Button
from companion.seats import SEATS
from companion.table.base import SETUP_UI
from companion.table.frame import Menu
from companion.table.navigation import Navigator
from companion.table.setup_items import game_node, start_node
from companion.table.tree import Node, Tree

MOST_SEATS = max(MUSH.seats)
"""The most players the game seats (S1), as the rules say."""

VARIANTS: tuple[tuple[str, str, str], ...] = (
    # (field of Variants, key, label: the words "s.variant.<key>" in the screen's language)
    ("free_training", "s5", "S5 No training limits"),
    ("avalanches_at_start", "s7", "S7 Two sticks at the start"),
    ("short_north", "s8", "S8 Short game A (to the North)"),
    ("skip_central", "s9", "S9 Short game B (skip Central)"),
)
ARRANGEMENT_LABEL = Lookup({a: f"s.{a.value}" for a in Arrangement})


@dataclass
class SetupDraft:
    """What setup has chosen so far."""

    players: int
    names: list[str]  # one per possible seat; the first `players` are used
    arrangement: Arrangement
    variants: Variants = field(default_factory=Variants)
    editor: PrefsEditor = field(default_factory=lambda: PrefsEditor(Prefs(), Charts()))
    switch: str | None = None  # the group chose another game in setup

    @classmethod
    def from_config(cls, config: TableConfig) -> SetupDraft:
        """The defaults: the configured player count and options, seat colours as names,
        then the names last chosen on the pads (kept across restarts)."""
        names = [colour_name(seat, config.language) for seat in range(MOST_SEATS)]
        names[:len(config.seat_names)] = config.seat_names[:MOST_SEATS]
        kept = config.prefs.seat_names or ()
        names[:len(kept)] = kept[:MOST_SEATS]
        defaults: dict[str, object] = {
            "screen_language": config.language, "voice_language": config.language,
            "volume": 0.8, "muted": False, "reduce_seconds": config.reduce_seconds,
            "reroll_seconds": config.reroll_seconds, "claim_seconds": config.claim_seconds}
        defaults.update(config.prefs_defaults)
        part = setup_of(config)
        editor = PrefsEditor(config.prefs, part.charts, defaults)
        return cls(config.players, names, part.arrangement, part.variants, editor)

    def settings(self, config: TableConfig) -> Settings:
        """The engine's settings for this draft (raises SettingsError when impossible);
        the charts are the ones in force, with those entered on the pads."""
        boards = setup_of(config).boards if self.arrangement is Arrangement.CUSTOM else None
        return Settings.make(self.names[:self.players], self.arrangement, self.variants,
                             self.editor.charts, boards)

    def rename(self, seat: int, name: str) -> None:
        """A seat's new name, kept for the next start."""
        self.names[seat] = name
        self.editor.update(replace(self.editor.prefs, seat_names=tuple(self.names)))

    def follow_language(self, config: TableConfig) -> None:
        """Seats still named by their colour take the colour's name in the screen's
        language, so switching to French in setup turns "Green" into "Vert"."""
        for seat, name in enumerate(self.names):
            if name in SEATS[seat].names.values():
                self.names[seat] = colour_name(seat, config.language)

    def uses_colours(self, config: TableConfig) -> bool:
        """Whether every seat in play is named by its colour."""
        return all(self.names[s] == colour_name(s, config.language) for s in range(self.players))


def setup_tree(draft: SetupDraft, config: TableConfig) -> Tree:
    """S1, S3, S5-S9: the setup menu; "Start the game" is focused so one press starts."""
    draft.follow_language(config)
    items = [
        *_game_node(draft, config),
        _players_node(draft),
        _names_node(draft, config),
        _boards_node(draft, config),
    ]
    for field_name, key, _label in VARIANTS:
        on = bool(getattr(draft.variants, field_name))

        def toggle(field_name: str = field_name, on: bool = on) -> None:
            draft.variants = replace(draft.variants, **{field_name: not on})

        items.append(Node(key, t(f"s.variant.{key}"), t("s.on") if on else t("s.off"),
                          action=toggle))
    items.append(draft.editor.charts_node())
    items.append(draft.editor.settings_node(_names_node(draft, config)))
    items.append(_start_node(draft, config))
    return Tree("setup", t("s.title"), items, t("s.hint"),
                default="start")


def _game_node(draft: SetupDraft, config: TableConfig) -> list[Node]:
    """The game to play, when the table has more than one (MUSH is this setup's)."""

    def switch(name: str) -> None:
        draft.switch = name

    return game_node(MUSH.name, config.games, switch)


def _players_node(draft: SetupDraft) -> Node:
    values = []
    for n in MUSH.seats:

        def pick(n: int = n) -> None:
            draft.players = n

        values.append(Node(str(n), count(n, "player"), action=pick, pop=True))
    tree = Tree("players", t("s.players_title"), values, t("m.hint.sub"),
                default=str(draft.players))
    return Node("players", t("s.players"), str(draft.players), children=tree)


def _names_node(draft: SetupDraft, config: TableConfig) -> Node:
    def colours() -> None:
        for seat in range(MOST_SEATS):
            draft.names[seat] = colour_name(seat, config.language)
        draft.rename(0, draft.names[0])  # kept for the next start

    items = [Node("colours", t("s.colours"), action=colours, pop=True)]
    for seat in range(draft.players):
        letter = SEATS[seat].letter
        others = {draft.names[s] for s in range(draft.players) if s != seat}
        choices = [colour_name(seat, config.language), *config.seat_names,
                   *draft.editor.prefs.names, *config.names]
        values = []
        for index, choice in enumerate(dict.fromkeys(choices)):

            def pick(seat: int = seat, choice: str = choice) -> None:
                draft.rename(seat, choice)

            taken = choice in others
            # the seat's own name is marked, so a name just spelled is seen taken up
            mine = t("s.mine", letter=letter) if choice == draft.names[seat] else ""
            values.append(Node(str(index), choice, t("s.taken") if taken else mine,
                               not taken, action=pick, pop=True))
        values.insert(1, draft.editor.speller_node(
            seat, letter, others, partial(draft.rename, seat)))
        current = next((v.key for v in values if v.label == draft.names[seat]), None)
        tree = Tree(f"name.{seat}", t("s.name_title", letter=letter, name=draft.names[seat]),
                    values, t("m.hint.sub"), default=current)
        items.append(Node(f"seat{seat}", t("s.seat", letter=letter), draft.names[seat],
                          children=tree))
    detail = t("s.seat_colours") if draft.uses_colours(config) else ", ".join(
        draft.names[:draft.players])
    tree = Tree("names", t("s.names_title"), items, t("m.hint.sub"))
    return Node("names", t("s.names"), detail, children=tree)


def _boards_node(draft: SetupDraft, config: TableConfig) -> Node:
    offered = [Arrangement.INTRO, Arrangement.STANDARD]
    if setup_of(config).boards:
        offered.append(Arrangement.CUSTOM)
    values = []
    for arrangement in offered:

        def pick(arrangement: Arrangement = arrangement) -> None:
            draft.arrangement = arrangement

        values.append(Node(arrangement.value, ARRANGEMENT_LABEL[arrangement], action=pick,
                           pop=True))
    tree = Tree("boards", t("s.boards_title"), values, t("m.hint.sub"),
                default=draft.arrangement.value)
    return Node("boards", t("s.boards"), ARRANGEMENT_LABEL[draft.arrangement], children=tree)


def _start_node(draft: SetupDraft, config: TableConfig) -> Node:
    return start_node(MUSH, draft.players, lambda: cmd.StartGame(cmd.TABLE,
                                                                 draft.settings(config)))


class Setup:
    """The setup menu as the controller's part: its draft, its tree, its presses."""

    def __init__(self, config: Callable[[], TableConfig], nav: Navigator,
                 notice: Callable[[int | None, str], None]) -> None:
        self._config = config
        self._nav = nav
        self._notice = notice
        self.draft = SetupDraft.from_config(config())
        self._tree: Tree | None = None

    def tree(self) -> Tree:
        """The setup menu now."""
        if self._tree is None:
            self._tree = setup_tree(self.draft, self._config())
        return self._tree

    def forget(self) -> None:
        """The config or a kept change moved: build the menu again."""
        self._tree = None

    def click(self, button: Button) -> cmd.Command | None:
        """A click in the setup menu: a change of the draft, or "Start the game"."""
        root = self.tree()
        chosen = self._nav.click(SETUP_UI, button, root)
        self._tree = None
        if isinstance(chosen, str):
            self._notice(None, chosen)
            return None
        if chosen is not None and chosen.action is not None:
            chosen.action()
            if chosen.pop:
                self._nav.back(SETUP_UI, root)
            return None
        command = chosen.command if chosen is not None else None
        assert command is None or isinstance(command, cmd.Command)  # MUSH's setup menu
        return command

    def hold(self, button: Button) -> None:
        """Holding ● steps back out of a sub-menu."""
        if button is Button.SELECT:
            self._nav.back(SETUP_UI, self.tree())
            self._tree = None

    def menu(self) -> Menu:
        """The setup menu as the display draws it."""
        return self._nav.menu(SETUP_UI, self.tree())

    def take_switch(self) -> str | None:
        """The game the group chose instead of this one, once (None: none)."""
        switch, self.draft.switch = self.draft.switch, None
        return switch

    def changed_prefs(self) -> Prefs | None:
        """The settings changed on the pads since the last call, to hand on."""
        editor = self.draft.editor
        prefs, editor.pending = editor.pending, None
        return prefs

    def kept(self, problem: str | None) -> None:
        """The app kept the settings handed on; `problem`: why not in the file."""
        self.draft.editor.kept(problem)
        self._tree = None
