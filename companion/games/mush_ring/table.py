"""Mush-Ring at the table: the shared simple table (`companion.table.simple`) told how to
start from the config, how to say a card and a move, how to arrange a seat's menu (a
card, then where it goes: two presses of ● or two taps) and what the screen and each
phone show (`RingTable`'s frames carry the public view the screen and the pages draw).

With a dealt deck the seats' menus hold their hands: the screen says who is choosing and
never draws a card of a hand, and each phone lists its own hand (`private`), which no
other phone, the table page, the screen, the log or `state --json` ever holds (U1). With
a paper deck nothing is secret and the menus are on the screen for the pads: a ring's
card is a colour (a list of five, the last "Wild · worth 0"), then its value on ◀ ● ▶.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import TABLE
from companion.core.acts import Command, Event
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import DETH_KAPP, Card, Kind
from companion.games.mush_ring.config import RingSetup
from companion.games.mush_ring.game import GAME
from companion.games.mush_ring.model import Deck, Phase, Settings, State
from companion.games.mush_ring.views import PublicView, SeatView, public_view, seat_view
from companion.i18n import LANGUAGES, count, speaking, t
from companion.table.base import in_screen_language
from companion.table.simple import SimpleFrame, SimpleRules, SimpleTable
from companion.table.tree import Node, Tree, keyed


@dataclass(frozen=True)
class RingFrame(SimpleFrame):
    """A Mush-Ring table's frame (its box is found by it): besides the simple game's
    lines, the public view the screen draws its rings and piles from (U2; no card of a
    hand is in it) and what the last command did, in words, in every language (the
    screen speaks one, each phone its own)."""

    view: PublicView | None = None
    did: tuple[tuple[str, tuple[str, ...]], ...] = ()  # by language: (language, lines)

    def said(self, language: str) -> tuple[str, ...]:
        """What the last command did, in `language` (the screen's, or a phone's)."""
        return next((lines for code, lines in self.did if code == language), ())


def card_words(card: Card | None) -> str:
    """A card as the table says it ("Red 3", "Deth Kapp", "Dig It!")."""
    if card is None:
        return t("ring.open")
    if card.kind is Kind.COLOUR:
        return t("ring.card.colour", colour=t(f"ring.colour.{card.colour}"), value=card.value)
    return t(f"ring.card.{card.kind.value}")


def _name(state: State, seat: int) -> str:
    return state.players[seat].name if 0 <= seat < len(state.players) else "?"


def label(command: Command, state: State | None = None) -> str:
    """A command as its menu item says it (whole, for the undo offer and the bots)."""
    group = _group(command, state)
    return f"{group[1]} · {group[2]}" if group is not None else _single(command, state)


def _single(command: Command, state: State | None) -> str:
    def who(seat: int) -> str:
        return _name(state, seat) if state is not None else str(seat + 1)
    if isinstance(command, c.DrawThree):
        return t("ring.card.draw_3_pick_2")
    if isinstance(command, c.PlayOneMore):
        return t("ring.card.play_one_more")
    if isinstance(command, c.Stop):
        if state is not None and state.phase is Phase.MORE:
            return t("ring.stop")
        return t("ring.done") if state is not None and state.last_hand else t("ring.pass")
    if isinstance(command, c.Discard):
        return t("ring.discard", card=card_words(command.card))
    if isinstance(command, c.Give):
        return t("ring.give", card=card_words(command.card))
    if isinstance(command, c.Answer):
        return t("ring.stomp_it") if command.stomp else t("ring.let_it")
    if isinstance(command, c.Keep):
        return t("ring.keep", colour=t(f"ring.colour.{command.colour}"))
    if isinstance(command, c.RingFull):
        return t("ring.full", name=who(command.owner))
    if isinstance(command, c.EndGame):
        return t("ring.end")
    if isinstance(command, c.Enter):
        return card_words(command.card) if command.card != DETH_KAPP else t("ring.card.zero")
    return type(command).__name__


def _group(command: Command, state: State | None) -> tuple[str, str, str] | None:
    """(the group's key, its label, the item's label) for a command chosen in two steps:
    the card, then where it goes."""
    def who(seat: int) -> str:
        return _name(state, seat) if state is not None else str(seat + 1)
    if isinstance(command, c.PlayShroom):
        return (f"card:{command.card}", card_words(command.card),
                t("ring.space", space=command.space + 1))
    if isinstance(command, c.PlayKapp):
        return ("kapp", card_words(command.card),
                t("ring.at", name=who(command.target), space=command.space + 1))
    if isinstance(command, c.PlayDown):
        return (f"down:{command.card}", t("ring.down", card=card_words(command.card)),
                t("ring.space", space=command.space + 1))
    if isinstance(command, c.Stomp | c.Steal):
        kind = Kind.STOMP if isinstance(command, c.Stomp) else Kind.STEAL
        card = state.players[command.target].ring[command.space] if state else None
        shown = card_words(card.card) if card is not None and card.up else t("ring.face_down")
        return (kind.value, card_words(Card(kind)),
                t("ring.at_card", name=who(command.target), space=command.space + 1,
                  card=shown))
    if isinstance(command, c.PickColour):
        return ("pick", card_words(Card(Kind.PICK_A_COLOR)),
                t("ring.ask", name=who(command.target),
                  colour=t(f"ring.colour.{command.colour}")))
    if isinstance(command, c.DigIt):
        return (f"dig:{command.card}", t("ring.dig", card=card_words(command.card)),
                t("ring.at", name=who(command.target), space=command.space + 1))
    if isinstance(command, c.Enter) and command.card.kind is Kind.COLOUR:
        return (f"colour:{command.card.colour}", t(f"ring.colour.{command.card.colour}"),
                str(command.card.value))
    if isinstance(command, c.Enter):
        return ("other", t("ring.wild_or_zero"), _single(command, state))
    return None


def arrange(state: State, seat: int, nodes: list[Node]) -> list[Node]:
    """A seat's items in two steps where a command has two parts: the card (or the
    colour), then the space (or the value); a group of at most three, chosen each by
    its own button."""
    out: list[Node] = []
    groups: dict[str, Node] = {}
    for node in nodes:
        command = node.command
        group = _group(command, state) if command is not None else None
        if group is None:
            node.label = _single(command, state) if command is not None else node.label
            out.append(node)
            continue
        key, title, item = group
        parent = groups.get(key)
        if parent is None:
            parent = groups[key] = Node(f"g{len(groups)}", title, children=Tree(
                f"g{len(groups)}", title, [], t("m.hint.sub")))
            out.append(parent)
        assert parent.children is not None
        node.key, node.label, node.short = str(len(parent.children.items)), item, item
        parent.children.items.append(node)
    for parent in groups.values():
        tree = parent.children
        assert tree is not None
        parent.enabled = bool(tree.enabled_keys())
        if 1 < len(tree.items) <= 3 and state.paper:
            keyed(tree, tree.items[len(tree.items) // 2].key if len(tree.items) == 3
                  else tree.items[0].key)
    return out


def lines(state: State) -> tuple[str, ...]:
    """What the screen shows of the table (U2): each player's ring, hand size and score
    pile, the piles, whose turn it is and the last player; never a card of a hand."""
    if state.settings is None:
        return ()
    out: list[str] = []
    paper = state.paper
    for p in state.players:
        if paper:
            out.append(t("ring.line_paper", name=p.name, cards=len(p.pile), value=p.value,
                         wilds=p.wilds))
            continue
        ring = " ".join(t("ring.open") if s.card is None else t("ring.face_down")
                        if not s.up else t("ring.kapp") if s.card == DETH_KAPP
                        else card_words(s.card) for s in p.ring)
        out.append(t("ring.line", name=p.name, ring=ring))  # a ring, then its owner's piles
        out.append(t("ring.pile_line", hand=len(state.piles.hand(state.players.index(p))),
                     cards=len(p.pile), value=p.value, wilds=p.wilds))
    if not paper:
        top = state.piles.top
        out.append(t("ring.top", draw=len(state.piles.draw), discard=len(state.piles.discard),
                     card=card_words(top)) if top is not None else
                   t("ring.piles", draw=len(state.piles.draw),
                     discard=len(state.piles.discard)))
        if state.turn is not None and not state.over:
            out.append(t("ring.turn", name=_name(state, state.turn.seat)))
    last = [p.name for p in state.players if p.last]
    if last:
        out.append(t("ring.last", name=", ".join(last)))
    if len(state.winners) > 1:
        out.append(t("ring.shared", names=", ".join(_name(state, s) for s in state.winners)))
    return tuple(out)


def recent(state: State, events: tuple[Event, ...]) -> tuple[str, ...]:
    """What the last command did, in words everyone may read: who drew, never what."""
    out: list[str] = []
    drew: dict[int, int] = {}
    for e in events:
        if isinstance(e, c.Drew):
            drew[e.seat] = drew.get(e.seat, 0) + 1
        elif isinstance(e, c.Played):
            out.append(t("ring.did.played", name=_name(state, e.seat), owner=_name(
                state, e.owner), card=card_words(e.card) if e.up else t("ring.face_down")))
        elif isinstance(e, c.ActionPlayed):
            out.append(t("ring.did.action", name=_name(state, e.seat), card=card_words(e.card)))
        elif isinstance(e, c.Stomped | c.Stolen):
            key = "ring.did.stomped" if isinstance(e, c.Stomped) else "ring.did.stolen"
            out.append(t(key, name=_name(state, e.seat), owner=_name(state, e.owner),
                         card=card_words(e.card)))
        elif isinstance(e, c.Asked):
            out.append(t("ring.did.asked", name=_name(state, e.seat), target=_name(
                state, e.target), colour=t(f"ring.colour.{e.colour}")))
        elif isinstance(e, c.Given):
            out.append(t("ring.did.given", name=_name(state, e.seat), taker=_name(
                state, e.taker), colour=t(f"ring.colour.{e.card.colour}")))
        elif isinstance(e, c.Shown):
            out.append(t("ring.did.shown", name=_name(state, e.seat),
                         target=_name(state, e.target)))
        elif isinstance(e, c.Dug):
            out.append(t("ring.did.dug", name=_name(state, e.seat), owner=_name(
                state, e.owner), card=card_words(e.card)))
        elif isinstance(e, c.Discarded):
            out.append(t("ring.did.discarded", name=_name(state, e.seat),
                         card=card_words(e.card)))
        elif isinstance(e, c.KappStomped):
            out.append(t("ring.did.kapp_stomped", owner=_name(state, e.owner)))
        elif isinstance(e, c.KappAnswered) and e.flipped:
            out.append(t("ring.did.flipped", owner=_name(state, e.owner), count=len(e.flipped)))
        elif isinstance(e, c.Scored):
            out.append(t("ring.did.scored", owner=_name(state, e.owner),
                         cards=count(len(e.collected), "ring_card"),
                         value=count(sum(x.worth for x in e.collected), "ring_point")))
        elif isinstance(e, c.TieAsked):
            out.append(t("ring.did.tie", owner=_name(state, e.owner), colours=", ".join(
                t(f"ring.colour.{x}") for x in e.colours)))
        elif isinstance(e, c.Reshuffled):
            out.append(t("ring.did.reshuffled"))
        elif isinstance(e, c.Stopped):
            out.append(t("ring.did.stopped", name=_name(state, e.seat)))
        elif isinstance(e, c.Entered):
            out.append(t("ring.did.entered", owner=_name(state, e.owner), card=(
                card_words(e.card) if e.card != DETH_KAPP else t("ring.card.zero"))))
        elif isinstance(e, c.DealerDrawn):
            out.append(t("ring.dealer", name=_name(state, e.seat)))
    if len(drew) > 1 and len(drew) == len(state.players) and len(set(drew.values())) == 1:
        out.append(t("ring.did.dealt", count=next(iter(drew.values()))))  # the deal (G4)
    else:
        out += [t("ring.did.drew", name=_name(state, s), count=n) for s, n in drew.items()]
    return tuple(out[-4:])


def private(state: State, seat: int) -> tuple[str, ...]:
    """Seat `seat`'s own lines, for its phone alone: its hand, card by card, and the hand
    an opponent showed it (J5)."""
    if state.paper or state.settings is None:
        return ()
    return hand_lines(seat_view(state, seat), [p.name for p in state.players])


def hand_lines(view: SeatView, names: Sequence[str]) -> tuple[str, ...]:
    """A seat's own view in words (in the language spoken): its hand, card by card, and
    the hand an opponent showed it (J5)."""
    out = [card_words(card) for card in view.hand] or [t("ring.hand_empty")]
    if view.shown:
        by = names[view.shown_by] if 0 <= view.shown_by < len(names) else "?"
        out.append(t("ring.shown", name=by, cards=", ".join(card_words(x) for x in view.shown)))
    return tuple(out)


def _start(names: tuple[str, ...], part: Any) -> Command:
    setup = part if isinstance(part, RingSetup) else RingSetup()
    return c.Start(TABLE, setup.settings(names))


def _reason(reason: Any) -> str:
    return t(f"ring.reason.{reason.code}")


RULES = SimpleRules(
    game=GAME,
    start=lambda names: c.Start(TABLE, Settings(names)),
    label=lambda command: label(command),
    lines=lines, reason=_reason, arrange=arrange,
    secret=lambda state: isinstance(state, State) and state.settings is not None
    and state.settings.deck is Deck.DEALT,
    private=private, recent=recent, configured=_start, frame=RingFrame,
)


class RingTable(SimpleTable):
    """The simple table with Mush-Ring's rules, whose frames carry the public view."""

    def __init__(self, state: Any = None, dice: Any = None, clock: Any = None,
                 config: Any = None, history: Any = ()) -> None:
        kwargs = {} if clock is None else {"clock": clock}
        super().__init__(RULES, state, dice, config=config, history=history, **kwargs)

    @in_screen_language
    def frame(self) -> SimpleFrame:
        """The simple game's frame, with the public view and the last command's words."""
        frame = super().frame()
        if self.in_setup or not isinstance(self._state, State) or \
                not isinstance(frame, RingFrame):
            return frame
        state, last = self._state, self._last
        did = []
        for language in LANGUAGES:  # the screen's, and each phone's
            with speaking(language):
                did.append((language, recent(state, last)))
        return dataclasses.replace(frame, view=public_view(state), did=tuple(did))


__all__ = ["RULES", "RingFrame", "RingTable", "arrange", "card_words", "hand_lines", "label",
           "lines", "private", "recent"]
