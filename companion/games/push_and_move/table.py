"""Push&Move at the table: the shared simple table (`companion.table.simple`: setup, undo,
lights, bots, notices) with the game's own menus and frame.

Menus, built from the rules' options alone (no rule restated): on a turn, ◀ ▶ step
through the dice that still have to move and ● picks one (a single die left is picked
already); then ◀ ▶ step round its six directions, each naming the hex it goes to, what it
pushes and the hex's effect, a direction the rules forbid greyed with their reason, and ●
moves. An optional effect is a question whose ● is "no" (HX7); a tunnel's axis is one
press of ◀ ● ▶ (HS6). Holding ● steps back out, or at the top takes the last move back
(HT5). The frame carries the rules' view and what the focused choice would do, so the
screen shows a move before it is made (HT4), and the acting seat's menu as it stands as
taps on the board (`Pick`: a die, then a hex), so a phone plays with two taps what a pad
plays with ◀ ▶ ●, through the same menu.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.acts import TABLE, Command, Event
from companion.core.hexes import ARROWS
from companion.core.options import Option, Reason
from companion.i18n import language, t
from companion.table.base import in_screen_language
from companion.table.simple import SimpleFrame, SimpleRules, SimpleTable
from companion.table.tree import Node, Tree, keys, walk

from . import acts as a
from .game import GAME
from .model import BOARD, DICE, Kind, Settings
from .moves import Push, push
from .rules import Act
from .state import State
from .views import View, public_view

AXIS_ARROWS = ("← →", "↙ ↗", "↖ ↘")
"""A tunnel's three axes as the screen draws them (`core.hexes.axis`)."""


def reason_words(reason: Reason) -> str:
    """A blocked option's reason in the screen's words, with its rule."""
    return t(f"pm.r.{reason.code}", **reason.args)


def die_name(state: State, die: int) -> str:
    """A die by its number among its player's five and its eyes: "Die 2 (7)"."""
    return t("pm.die", n=die % DICE + 1, value=state.dice[die].value)


def onto(state: State, found: Push) -> str:
    """The hex a move goes onto, in words: its kind."""
    kind = state.board[found.target]
    return t("pm.plain") if kind is Kind.PLAIN else t(f"pm.kind.{kind.value}")


def what_it_does(state: State, found: Push, kind: bool = True) -> str:
    """A move in words: what it pushes, what falls off, and (`kind`) the hex it lands
    on."""
    parts = []
    if found.line:
        parts.append(t("pm.pushes", n=len(found.line), strength=found.strength,
                       weight=found.weight) if found.weight else t("pm.pushes_own",
                                                                  n=len(found.line)))
    if found.falls is not None:
        parts.append(t("pm.falls", name=state.players[state.dice[found.falls].seat].name))
    if kind and state.board[found.target] is not Kind.PLAIN:
        parts.append(onto(state, found))
    return " · ".join(parts)


@dataclass(frozen=True)
class Preview:
    """What the acting seat's focused choice would do, for the board: the die, the hexes
    it could go to, the hex the focused move goes to, the dice it pushes, the die that
    would fall off, the tunnel being turned, and the same in words."""

    die: int | None = None
    cells: tuple[int, ...] = ()
    target: int | None = None
    line: tuple[int, ...] = ()
    falls: int | None = None
    tunnel: int | None = None
    text: str = ""


@dataclass(frozen=True)
class Pick:
    """The acting seat's menu as taps on the board (a phone's two taps: a die, then a
    hex): each cell that chooses an item of the menu as it stands, with the item's index;
    the cells a tap is refused on, with the rule that forbids it; the die chosen (its
    ways are the menu), and the seat's other dice still to move, each tapped after
    stepping back out of the die chosen."""

    seat: int
    die: int | None = None
    cells: tuple[tuple[int, int], ...] = ()
    refused: tuple[tuple[int, Reason], ...] = ()
    others: tuple[int, ...] = ()
    falls: tuple[int, ...] = ()  # dice a way of the chosen die pushes off the board


@dataclass(frozen=True)
class PushFrame(SimpleFrame):
    """A simple game's frame with the board: the rules' view, the preview of the focused
    choice, the dice the last command moved or changed, and the acting seat's menu as
    taps on the board (`pick`)."""

    view: View | None = None
    preview: Preview | None = None
    moved: tuple[int, ...] = ()
    pick: Pick | None = None


def _start(names: tuple[str, ...]) -> Command:
    return a.Start(TABLE, Settings(names))


def _label(command: Command) -> str:
    return type(command).__name__


def _lines(state: State) -> tuple[str, ...]:
    return tuple(t("pm.line", name=p.name, count=p.count, dice=len(state.on_board(seat)))
                 for seat, p in enumerate(state.players))


RULES = SimpleRules(game=GAME, start=_start, label=_label, lines=_lines,
                    reason=reason_words)


class PushTable(SimpleTable):
    """Presses in, Push&Move's commands out (see the module)."""

    def __init__(self, state: Any = None, dice: Any = None, clock: Any = None,
                 config: Any = None, history: Iterable[Event] = ()) -> None:
        kwargs = {} if clock is None else {"clock": clock}
        super().__init__(RULES, state, dice, config=config, history=history, **kwargs)
        self._trees: dict[tuple[int, str], tuple[State, Tree | None]] = {}

    def start_command(self) -> Command:
        """The start for the players chosen, with the config file's settings (HV)."""
        names = tuple(self._names[:self._players])
        part = self._config.game
        if isinstance(part, Settings):
            return a.Start(TABLE, dataclasses.replace(part, names=names))
        return a.Start(TABLE, Settings(names))

    # --- menus ---------------------------------------------------------------------------

    def _tree(self, seat: int) -> Tree | None:
        """The seat's menu, built once a state and language: a frame asks for it three
        times (the menus, the preview, the taps) and the loop builds frames over one
        state many times; the trees are never changed once built."""
        key = (seat, language())
        kept = self._trees.get(key)
        if kept is not None and kept[0] is self._state:
            return kept[1]
        tree = self._build(seat)
        self._trees[key] = (self._state, tree)
        return tree

    def _build(self, seat: int) -> Tree | None:
        state: State = self._state
        if self.over or seat not in self.game.seats_to_act(state):
            return None
        options = self.game.options(state, seat)
        act = self.game.act_of(state)
        if act is Act.ORIENT:
            return self._orient(state, seat, options)
        if act is Act.MOVE:
            return self._move(state, seat, options)
        if act is Act.PLACE:
            return self._place(state, seat, options)
        if act is Act.EFFECT:
            return self._effect(state, seat, options)
        return None

    @staticmethod
    def _orient(state: State, seat: int, options: list[Option[Command]]) -> Tree:
        cell = options[0].params["cell"][0]
        nodes = [Node(f"axis{x}", AXIS_ARROWS[x], command=a.Orient(seat, cell, x))
                 for x in range(3)]
        return keys(f"seat{seat}", t("pm.orient", hex=cell + 1), left=nodes[2],
                    select=nodes[0], right=nodes[1], note=t("pm.orient_note"))

    def _ways(self, state: State, seat: int, die: int,
              options: list[Option[Command]]) -> Tree:
        items = []
        for option in options:
            if option.params.get("die") != (die,):
                continue
            direction = option.params["direction"][0]
            command = a.Move(seat, die, direction)
            items.append(self._way(state, die, direction, command, option.blocked))
        return Tree(f"die{die}", t("pm.which_way", die=die_name(state, die)), items,
                    t("m.hint.sub"))

    @staticmethod
    def _way(state: State, die: int, direction: int, command: Command,
             blocked: Reason | None) -> Node:
        arrow = ARROWS[direction]
        if blocked is not None:
            return Node(f"d{direction}", arrow, reason_words(blocked), False, choice=command)
        found = push(state, die, direction)
        assert isinstance(found, Push)
        return Node(f"d{direction}", f"{arrow} {onto(state, found)}",
                    what_it_does(state, found, kind=False), True, command)

    def _move(self, state: State, seat: int, options: list[Option[Command]]) -> Tree:
        dice = list(dict.fromkeys(o.params["die"][0] for o in options))
        if len(dice) == 1:
            return self._ways(state, seat, dice[0], options)
        items = []
        for die in dice:
            ways = self._ways(state, seat, die, options)
            enabled = bool(ways.enabled_keys())
            items.append(Node(f"die{die}", die_name(state, die),
                              t("pm.ways", n=len(ways.enabled_keys())) if enabled
                              else t("pm.stuck"), enabled, children=ways))
        turn = state.require_turn()
        return Tree(f"seat{seat}", t("pm.which_die", name=state.players[seat].name,
                                     n=len(turn.to_move)), items, t("m.hint.sub"))

    def _effect(self, state: State, seat: int, options: list[Option[Command]]) -> Tree:
        pending = state.pending
        assert pending is not None
        kind = pending.kind
        no = Node("no", t("pm.no") if kind not in (Kind.MOVE1, Kind.MOVE2) else t("pm.stop"),
                  command=a.Decline(seat))
        title = t(f"pm.ask.{kind.value}", die=die_name(state, pending.die), n=pending.steps)
        if kind in (Kind.REROLL, Kind.REBIRTH):
            yes = a.Reroll(seat) if kind is Kind.REROLL else a.Rebirth(seat)
            return keys(f"seat{seat}", title, select=no,
                        right=Node("yes", t(f"pm.yes.{kind.value}"), command=yes))
        if kind is Kind.JUMP:
            option = options[0]
            direction = option.params["direction"][0]
            return keys(f"seat{seat}", title, select=no, right=self._way(
                state, pending.die, direction, a.Step(seat, direction), option.blocked))
        items = [no]
        for option in options:
            if option.command is a.Beam:
                items += [Node(f"c{c}", t("pm.hex", hex=c + 1), command=a.Beam(seat, c))
                          for c in option.params["cell"]]
            elif option.command is a.Step:
                direction = option.params["direction"][0]
                items.append(self._way(state, pending.die, direction,
                                       a.Step(seat, direction), option.blocked))
        return Tree(f"seat{seat}", title, items, t("m.hint.sub"), default="no")

    @staticmethod
    def _place(state: State, seat: int, options: list[Option[Command]]) -> Tree:
        cells = options[0].params["cell"]
        items = [Node(f"c{c}", t("pm.hex", hex=c + 1), command=a.Place(seat, c))
                 for c in cells]
        items.append(Node("no", t("pm.no"), command=a.Decline(seat)))
        return Tree(f"seat{seat}", t("pm.ask.place"), items, t("m.hint.sub"),
                    default=items[0].key)

    # --- what is shown -------------------------------------------------------------------

    def _preview(self, state: State) -> Preview | None:
        acting = self.game.seats_to_act(state)
        if len(acting) != 1:
            return None
        seat = acting[0]
        tree = self._tree(seat)
        if tree is None:
            return None
        level, _ = walk(tree, list(self._nav.path(seat)))
        menu = self._nav.menu(seat, tree)
        node = level.items[menu.focus] if 0 <= menu.focus < len(level.items) else None
        if self.game.act_of(state) is Act.ORIENT:
            return Preview(tunnel=state.next_tunnel())  # (the menu says how)
        if node is None:
            pending = state.pending
            return Preview(die=pending.die) if pending is not None else None
        command = node.command or node.choice
        if node.key.startswith("die"):
            die = int(node.key[3:])
            targets = tuple(found.target for d in range(6)
                            if isinstance(found := push(state, die, d), Push))
            return Preview(die=die, cells=targets)
        if isinstance(command, a.Move | a.Step):
            mover = command.die if isinstance(command, a.Move) else state.pending.die \
                if state.pending is not None else None
            if mover is None:
                return None
            found = push(state, mover, command.direction)
            if isinstance(found, Reason):
                return Preview(die=mover, text=reason_words(found))
            return Preview(mover, (), found.target, found.line, found.falls,
                           text=what_it_does(state, found))
        if isinstance(command, a.Beam | a.Place):
            return Preview(die=state.pending.die if state.pending else None,
                           target=command.cell)
        pending = state.pending
        return Preview(die=pending.die) if pending is not None else None

    def _pick(self, state: State) -> Pick | None:
        """The acting seat's menu level as taps on the board (see `Pick`)."""
        acting = self.game.seats_to_act(state)
        if len(acting) != 1 or self.game.act_of(state) not in (Act.MOVE, Act.EFFECT,
                                                               Act.PLACE):
            return None
        seat = acting[0]
        tree = self._tree(seat)
        if tree is None:
            return None
        level, depth = walk(tree, list(self._nav.path(seat)))
        die = int(level.key[3:]) if level.key.startswith("die") else \
            state.pending.die if state.pending is not None else None
        cells: list[tuple[int, int]] = []
        refused: list[tuple[int, Reason]] = []
        others: list[int] = []
        falls: list[int] = []
        for index, node in enumerate(level.items):
            key = node.key
            if key.startswith("die"):
                cell = state.dice[int(key[3:])].cell
                if cell is not None:
                    if node.enabled:
                        cells.append((cell, index))
                    else:
                        refused.append((cell, Reason("stuck", "HT3")))
            elif key.startswith("d") and die is not None:
                at = state.dice[die].cell
                target = BOARD.neighbour(at, int(key[1:])) if at is not None else None
                if target is None:
                    continue
                found = push(state, die, int(key[1:]))
                if node.enabled and isinstance(found, Push):
                    cells.append((found.target, index))
                    if found.falls is not None:
                        falls.append(found.falls)
                elif isinstance(found, Reason):
                    refused.append((target, found))
            elif key.startswith("c") and key[1:].isdigit():
                cells.append((int(key[1:]), index))
        turn = state.turn
        if turn is not None and self.game.act_of(state) is Act.MOVE:
            due = set(turn.to_move)
            taken = {c for c, _ in (*cells, *refused)}
            for n in state.on_board(seat):
                cell = state.dice[n].cell
                if n not in due and cell is not None and cell not in taken:
                    refused.append((cell, Reason("moved", "HT2")))
                elif n in due and depth and n != die:
                    others.append(n)  # a ringed hex it stands on is a move first
        return Pick(seat, die if level.key.startswith("die") or state.pending else None,
                    tuple(cells), tuple(refused), tuple(others), tuple(falls))

    @in_screen_language
    def frame(self) -> PushFrame:
        """What the screen draws now: the simple table's frame with the board."""
        base = super().frame()
        fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(SimpleFrame)}
        if self.in_setup:
            return PushFrame(**fields)
        state: State = self._state
        moved = tuple(sorted({e.die for e in self._undoable() if hasattr(e, "die")}))
        return PushFrame(**fields, view=public_view(state), preview=self._preview(state),
                         moved=moved, pick=self._pick(state))

    def _undoable(self) -> tuple[Event, ...]:
        """The events of the last command, while it can be taken back."""
        point = self._point
        return point.events if point is not None else ()

    def status(self) -> str:
        """One line for systemd's status."""
        state: State = self._state
        if self.in_setup or state.turn is None:
            return f"{self.game.title}: {'setup' if self.in_setup else state.phase.value}"
        return f"{self.game.title}: round {state.turn.round}, seat {state.turn.seat}"


__all__ = ["RULES", "Pick", "Preview", "PushFrame", "PushTable", "die_name", "reason_words",
           "what_it_does"]
