"""Push&Move's rules on the kernel: the flow as phase rows, the reducer of every event,
the options of each kind of act (blocked ones with the rule's reason), and the handlers
that turn a command into events (`docs/push-and-move-rules.md`).

`apply(state, command, dice)` checks the command against the options and emits its
events one by one, each folded at once, so a handler reads the state its own events
made; every face rolled is in an event, so a replay never rolls.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from companion.core.acts import TABLE, Command, Event
from companion.core.flow import Flow, PhaseRow, Pick
from companion.core.options import Option, OptionTable, Reason, offered
from companion.core.reducer import Reducer
from companion.core.transaction import Handlers, Transaction
from companion.core.values import replace
from companion.exc import IllegalChoiceError, NotYourTurnError
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import (
    BOARD,
    GOAL,
    OPTIONAL,
    REBIRTH_FACES,
    SIDES,
    VALUE_KINDS,
    End,
    Kind,
    Loss,
    Motion,
    Tunnels,
    Win,
    effect,
)
from companion.games.push_and_move.moves import Push, movable, push
from companion.games.push_and_move.state import (
    EMPTY,
    Die,
    Pending,
    Phase,
    Player,
    State,
    Turn,
)


class Act(StrEnum):
    """The kind of act each phase asks for."""

    START = "start"
    ORIENT = "orient"
    MOVE = "move"
    EFFECT = "effect"
    PLACE = "place"
    NONE = "none"


def _mover(state: State) -> tuple[int, ...]:
    return (state.turn.seat,) if state.turn is not None else ()


def _orienter(state: State) -> tuple[int, ...]:
    """HS6: the players orient the tunnels in turn, seat A first."""
    if not state.players or state.next_tunnel() is None:
        return ()
    return (state.tunnels_oriented() % len(state.players),)


def _reborn(state: State, event: Event) -> Phase:
    assert isinstance(event, a.RebirthRolled)
    return Phase.REBORN if event.face <= REBIRTH_FACES else Phase.MOVE


FLOW: Flow[State, Event, Phase] = Flow({
    Phase.SETUP: PhaseRow(Act.START, lambda s: (TABLE,)),
    Phase.TUNNELS: PhaseRow(Act.ORIENT, _orienter, {a.TurnBegan: Phase.MOVE,
                                                    a.GameOver: Phase.OVER}),
    Phase.MOVE: PhaseRow(Act.MOVE, _mover, {a.Offered: Phase.EFFECT,
                                            a.GameOver: Phase.OVER}),
    Phase.EFFECT: PhaseRow(Act.EFFECT, _mover, {
        a.Declined: Phase.MOVE, a.Rerolled: Phase.MOVE, a.Beamed: Phase.MOVE,
        a.Moved: Phase.MOVE,
        a.RebirthRolled: Pick("rebirth 1-3", (Phase.REBORN, Phase.MOVE), _reborn)}),
    Phase.REBORN: PhaseRow(Act.PLACE, _mover, {a.Reborn: Phase.MOVE, a.Declined: Phase.MOVE}),
    Phase.OVER: PhaseRow(Act.NONE, lambda s: ()),
}, phase_of=lambda s: s.phase, start=Phase.SETUP)

# --- the reducer ------------------------------------------------------------------------


def _started(state: State, e: a.GameStarted) -> State:
    players = len(e.settings.names)
    fresh = State(Phase.TUNNELS, e.settings, players=tuple(
        Player(name, (0,) * players) for name in e.settings.names))
    return replace(fresh, dice=tuple(Die(seat, cell) for seat in range(players)
                                     for cell in fresh.start_cells(seat)))


def _dice(state: State, changes: dict[int, Die]) -> tuple[Die, ...]:
    return tuple(changes.get(n, d) for n, d in enumerate(state.dice))


def _moved(state: State, e: a.Moved) -> State:
    changes = {}
    for n in (e.die, *e.line):
        die = state.dice[n]
        assert die.cell is not None
        cell = BOARD.neighbour(die.cell, e.direction)
        assert cell is not None, "a die pushed over the edge is Lost first"
        changes[n] = replace(die, cell=cell)
    turn = state.turn
    if e.how is Motion.MOVE and turn is not None:
        turn = replace(turn, to_move=tuple(n for n in turn.to_move if n != e.die))
    return replace(state, dice=_dice(state, changes), turn=turn, pending=None)


def _lost(state: State, e: a.Lost) -> State:
    die = state.dice[e.die]
    state = replace(state, dice=_dice(state, {e.die: replace(die, cell=None)}))
    if state.turn is not None:
        state = replace(state, turn=replace(state.turn, to_move=tuple(
            n for n in state.turn.to_move if n != e.die)))
    if e.by is None:
        return state
    taken = list(state.players[e.by].taken)
    taken[die.seat] += 1
    return state.with_player(e.by, taken=tuple(taken))


def _value(state: State, die: int, value: int) -> State:
    old = state.dice[die]
    return replace(state, dice=_dice(state, {die: Die(old.seat, old.cell, value)}))


def _cell(state: State, die: int, cell: int) -> State:
    return replace(state, dice=_dice(state, {die: replace(state.dice[die], cell=cell)}))


REDUCER: Reducer[State, Event] = Reducer({
    a.GameStarted: _started,
    a.BoardDrawn: lambda s, e: replace(s, board=e.hexes, axes=(-1,) * len(e.hexes)),
    a.TunnelOriented: lambda s, e: replace(s, axes=tuple(
        e.axis if c == e.cell else x for c, x in enumerate(s.axes))),
    a.TurnBegan: lambda s, e: replace(s, turn=Turn(e.seat, e.round, e.dice), pending=None),
    a.Moved: _moved,
    a.Changed: lambda s, e: _value(s, e.die, e.value),
    a.Lost: _lost,
    a.Offered: lambda s, e: replace(s, pending=Pending(e.die, e.kind, e.direction, e.steps)),
    a.Declined: lambda s, e: replace(s, pending=None),
    a.Rerolled: lambda s, e: replace(_value(s, e.die, e.face), pending=None),
    a.Beamed: lambda s, e: replace(_cell(s, e.die, e.cell), pending=None),
    a.RebirthRolled: lambda s, e: replace(s, pending=None),
    a.Reborn: lambda s, e: replace(s, dice=_dice(s, {e.die: Die(e.seat, e.cell, 1)})
                                   ).with_player(e.seat, reborn=s.players[e.seat].reborn + 1),
    a.TurnEnded: lambda s, e: replace(s, turn=None, pending=None),
    a.GameOver: lambda s, e: replace(s, winner=e.winner, end=e.why.value, pending=None),
}, events=a.EVENTS, flow=FLOW, opening=a.GameStarted, initial=EMPTY)

evolve = REDUCER.evolve
replay = REDUCER.replay

# --- questions the options and handlers share -------------------------------------------


def empty_beams(state: State, die: int) -> tuple[int, ...]:
    """HX9: the other beam hexes no die stands on."""
    occupied = state.occupied()
    here = state.dice[die].cell
    return tuple(c for c, k in enumerate(state.board)
                 if k is Kind.BEAM and c != here and c not in occupied)


def removed(state: State, seat: int) -> list[int]:
    """A seat's dice removed from the game."""
    return [n for n in state.seat_dice(seat) if state.dice[n].cell is None]


def empty_starts(state: State, seat: int) -> tuple[int, ...]:
    """HX13: the seat's start hexes no die stands on."""
    occupied = state.occupied()
    return tuple(c for c in state.start_cells(seat) if c not in occupied)


def may_take(state: State, die: int, kind: Kind, direction: int) -> bool:
    """HX7: whether an optional effect could do anything (else it is not asked)."""
    seat = state.dice[die].seat
    if kind is Kind.REROLL:
        return True
    if kind is Kind.BEAM:
        return bool(empty_beams(state, die))
    if kind in (Kind.MOVE1, Kind.MOVE2):
        return movable(state, die)
    if kind is Kind.JUMP:
        return isinstance(push(state, die, direction), Push)
    if kind is Kind.REBIRTH:
        return bool(removed(state, seat)) and bool(empty_starts(state, seat))
    return False  # HX14: a draw hex without cards


def still_to_move(state: State) -> list[int]:
    """The turn's dice that still have to move and can (HT2, HT3)."""
    if state.turn is None:
        return []
    occupied = state.occupied()
    return [n for n in state.turn.to_move
            if state.dice[n].cell is not None and movable(state, n, occupied)]


def leader(state: State) -> int | None:
    """HW4: the one player with the highest count, or None when it is shared."""
    counts = [p.count for p in state.players]
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


# --- options ----------------------------------------------------------------------------


def _moves(state: State, seat: int) -> list[Option[Command]]:
    turn = state.turn
    assert turn is not None
    options: list[Option[Command]] = []
    occupied = state.occupied()
    for die in turn.to_move:
        if state.dice[die].cell is None:
            continue
        for direction in range(6):
            found = push(state, die, direction, occupied)
            params = {"die": (die,), "direction": (direction,)}
            if isinstance(found, Reason):
                options.append(Option.make(a.Move, seat, params, found))
            else:
                options.append(Option.make(a.Move, seat, params, None, {
                    "target": found.target, "pushed": len(found.line),
                    "falls": -1 if found.falls is None else found.falls,
                    "kind": state.board[found.target].value}))
    return options


def _steps(state: State, seat: int, pending: Pending) -> list[Option[Command]]:
    directions = (pending.direction,) if pending.kind is Kind.JUMP else range(6)
    options: list[Option[Command]] = []
    for direction in directions:
        found = push(state, pending.die, direction)
        options.append(Option.make(a.Step, seat, {"direction": (direction,)},
                                   found if isinstance(found, Reason) else None))
    return options


def _effect(state: State, seat: int) -> list[Option[Command]]:
    pending = state.pending
    assert pending is not None
    no: Option[Command] = Option.make(a.Decline, seat, {})
    if pending.kind is Kind.REROLL:
        return [Option.make(a.Reroll, seat, {}), no]
    if pending.kind is Kind.BEAM:
        return [Option.make(a.Beam, seat, {"cell": empty_beams(state, pending.die)}), no]
    if pending.kind is Kind.REBIRTH:
        return [Option.make(a.Rebirth, seat, {}), no]
    return [*_steps(state, seat, pending), no]


OPTIONS: OptionTable[State, Command] = OptionTable({
    Act.START: lambda s, seat: [Option(a.Start, seat)],
    Act.ORIENT: lambda s, seat: [Option.make(a.Orient, seat, {
        "cell": (s.next_tunnel(),), "axis": (0, 1, 2)})],
    Act.MOVE: _moves,
    Act.EFFECT: _effect,
    Act.PLACE: lambda s, seat: [
        Option.make(a.Place, seat, {"cell": empty_starts(s, seat)}),
        Option.make(a.Decline, seat, {})],
    Act.NONE: lambda s, seat: [],
}, act_of=FLOW.act_of, actors=FLOW.actors, kinds=Act)

options = OPTIONS.options
legal = OPTIONS.legal
legal_commands = OPTIONS.legal_commands
is_legal = OPTIONS.is_legal

# --- handlers ---------------------------------------------------------------------------

Tx = Transaction[State, Event]


def _start(tx: Tx, c: a.Start) -> None:
    c.settings.check()
    tx.emit(a.GameStarted(c.settings))
    bag = c.settings.hexes()
    for i in range(len(bag) - 1, 0, -1):  # HS5: Fisher-Yates, one die a hex
        j = tx.roll(i + 1) - 1
        bag[i], bag[j] = bag[j], bag[i]
    tx.emit(a.BoardDrawn(tuple(bag)))
    if c.settings.tunnels is Tunnels.DRAWN:
        while (cell := tx.state.next_tunnel()) is not None:
            tx.emit(a.TunnelOriented(TABLE, cell, tx.roll(3) - 1))
    if tx.state.next_tunnel() is None:
        _turn_from(tx, 0, 1)


def _orient(tx: Tx, c: a.Orient) -> None:
    tx.emit(a.TunnelOriented(c.seat, c.cell, c.axis))
    if tx.state.next_tunnel() is None:
        _turn_from(tx, 0, 1)


def _turn_from(tx: Tx, seat: int, round_: int) -> None:
    """HT1, HT3, HW4: the first player from `seat` with dice on the board begins a turn;
    one whose dice cannot move ends it at once; past the round limit, or when nobody
    can move, the game ends."""
    state = tx.state
    settings = state.require_settings()
    players = len(state.players)
    idle = 0
    while True:
        if round_ > settings.rounds:
            tx.emit(a.GameOver(leader(tx.state), End.ROUNDS))
            return
        dice = tx.state.on_board(seat)
        if dice:
            tx.emit(a.TurnBegan(seat, round_, tuple(dice)))
            if still_to_move(tx.state):
                return
            tx.emit(a.TurnEnded(seat))
            idle += 1
            if idle > players:
                tx.emit(a.GameOver(leader(tx.state), End.STUCK))
                return
        seat = (seat + 1) % players
        if seat == 0:
            round_ += 1


def _by(state: State, seat: int, die: int) -> int | None:
    """HW1: an opponent's die removed counts for the mover; one's own for nobody."""
    return seat if state.dice[die].seat != seat else None


def _go(tx: Tx, seat: int, die: int, direction: int, how: Motion) -> bool:
    """HP1-HP6, HX3-HX5, HX15: the die moves one hex with its line; mandatory effects
    from the front back. True when the game ended (HW2, HW3)."""
    found = push(tx.state, die, direction)
    assert isinstance(found, Push), found
    if found.falls is not None:
        tx.emit(a.Lost(found.falls, Loss.EDGE, _by(tx.state, seat, found.falls)))
    moving = found.moving
    tx.emit(a.Moved(seat, die, direction, moving[1:], how))
    for n in reversed(moving):
        cell = tx.state.dice[n].cell
        assert cell is not None
        kind = tx.state.board[cell]
        if kind is Kind.DEATH:
            tx.emit(a.Lost(n, Loss.DEATH, _by(tx.state, seat, n)))
        elif kind in VALUE_KINDS:
            tx.emit(a.Changed(n, kind, effect(kind, tx.state.dice[n].value)))
    return _ended(tx, seat)


def _ended(tx: Tx, seat: int) -> bool:
    """HW2, HW3: the mover's third die, or one player left with dice."""
    state = tx.state
    player = state.players[seat]
    win = state.require_settings().win
    if (player.count if win is Win.ALL else max(player.taken)) >= GOAL:
        tx.emit(a.GameOver(seat, End.THREE))
        return True
    alive = [s for s in state.seats if state.on_board(s)]
    if len(alive) <= 1:
        tx.emit(a.GameOver(alive[0] if alive else leader(state),
                           End.LAST if alive else End.STUCK))
        return True
    return False


def _offer(tx: Tx, seat: int, die: int, kind: Kind, direction: int, steps: int) -> None:
    """HX7: ask the mover about an optional effect that could do anything."""
    if kind in OPTIONAL and may_take(tx.state, die, kind, direction):
        tx.emit(a.Offered(seat, die, kind, direction, steps))


def _after(tx: Tx) -> None:
    """HT3: the turn ends when no die still to move can; the next player's begins."""
    state = tx.state
    if state.phase is not Phase.MOVE or state.pending is not None:
        return
    if still_to_move(state):
        return
    turn = state.require_turn()
    tx.emit(a.TurnEnded(turn.seat))
    players = len(state.players)
    following = (turn.seat + 1) % players
    _turn_from(tx, following, turn.round + (1 if following == 0 else 0))


def _move(tx: Tx, c: a.Move) -> None:
    if _go(tx, c.seat, c.die, c.direction, Motion.MOVE):
        return
    cell = tx.state.dice[c.die].cell
    if cell is not None:
        kind = tx.state.board[cell]
        steps = 2 if kind is Kind.MOVE2 else 1 if kind is Kind.MOVE1 else 0
        _offer(tx, c.seat, c.die, kind, c.direction, steps)
    _after(tx)


def _step(tx: Tx, c: a.Step) -> None:
    pending = tx.state.pending
    assert pending is not None
    how = Motion.JUMP if pending.kind is Kind.JUMP else Motion.STEP
    if _go(tx, c.seat, pending.die, c.direction, how):
        return
    if pending.kind is Kind.MOVE2 and pending.steps > 1 and \
            tx.state.dice[pending.die].cell is not None:
        _offer(tx, c.seat, pending.die, Kind.MOVE2, c.direction, pending.steps - 1)
    _after(tx)


def _pending(tx: Tx) -> Pending:
    pending = tx.state.pending
    assert pending is not None
    return pending


def _reroll(tx: Tx, c: a.Reroll) -> None:
    tx.emit(a.Rerolled(_pending(tx).die, tx.roll(SIDES)))
    _after(tx)


def _beam(tx: Tx, c: a.Beam) -> None:
    tx.emit(a.Beamed(_pending(tx).die, c.cell))
    _after(tx)


def _rebirth(tx: Tx, c: a.Rebirth) -> None:
    tx.emit(a.RebirthRolled(c.seat, _pending(tx).die, tx.roll(SIDES)))
    _after(tx)


def _place(tx: Tx, c: a.Place) -> None:
    tx.emit(a.Reborn(c.seat, removed(tx.state, c.seat)[0], c.cell))
    _after(tx)


def _decline(tx: Tx, c: a.Decline) -> None:
    pending = tx.state.pending
    if pending is not None:
        tx.emit(a.Declined(c.seat, pending.die, pending.kind))
    else:  # HX13: no die back after a lucky rebirth
        tx.emit(a.Declined(c.seat, removed(tx.state, c.seat)[0], Kind.REBIRTH))
    _after(tx)


def refusal(state: State, command: Command) -> Exception:
    """The most specific reason a command is refused now."""
    if command.seat not in FLOW.actors(state):
        return NotYourTurnError(f"seat {command.seat} may not act now")
    found = offered(options(state, command.seat), command)
    if found is not None and found.blocked is not None:
        return IllegalChoiceError(f"{type(command).__name__}: {found.blocked}")
    return IllegalChoiceError(f"{type(command).__name__} with these values is not "
                              f"possible now")


_HANDLERS: dict[type[Command], Callable[[Any, Any], None]] = {
    a.Start: _start, a.Orient: _orient, a.Move: _move, a.Step: _step, a.Beam: _beam,
    a.Reroll: _reroll, a.Rebirth: _rebirth, a.Place: _place, a.Decline: _decline}

HANDLERS: Handlers[State, Command, Event] = Handlers(
    _HANDLERS, commands=a.COMMANDS,
    transaction=lambda state, dice: Transaction(state, dice, evolve),
    is_legal=is_legal, over=lambda s: s.phase is Phase.OVER,
    seats=lambda s: len(s.players), refusal=refusal)

apply = HANDLERS.apply

__all__ = ["FLOW", "OPTIONS", "REDUCER", "Act", "apply", "empty_beams",
           "empty_starts", "evolve", "is_legal", "leader", "legal", "legal_commands",
           "may_take", "options", "refusal", "removed", "replay", "still_to_move"]
