"""What a Canoe player enters by hand on the pads: points (a stepper over the option's own
values), the card drawn from the group's own paper pile (K12), the face of a wooden die.
The menus (`companion.games.canoe.table.menus`) put these under their items; as there,
every value offered comes from the rules' options, none is restated here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.canoe import commands as cmd
from companion.games.canoe.cards import DESTINATIONS_PER_PILE, OWN_CARDS, CardKind
from companion.games.canoe.kernel import Option, Reason
from companion.games.canoe.model import POINTS_STEP, PaperEffect, Pile
from companion.games.canoe.state import GameState
from companion.games.canoe.table.levels import laid_out
from companion.i18n import t
from companion.table.actions import Enter
from companion.table.tree import Node, Tree

CanoeOption = Option[cmd.Command]


def reason_text(reason: Reason) -> str:
    """A blocked option's reason in the screen's language."""
    key = f"cr.{reason.code}"
    try:
        return t(key, **reason.args)
    except KeyError:
        return str(reason)


def points_of(option: CanoeOption) -> list[int]:
    """The option's points, in the pads' steps, lowest first."""
    values = option.params.get("points", (0,))
    return [int(v) for v in values if int(v) % POINTS_STEP == 0]


def amount_tree(key: str, what: str, option: CanoeOption, make: Callable[[int], cmd.Command],
                default: int) -> Tree:
    """A points stepper: one item per value of the option, ◀ ▶ five less or more."""
    items: list[Node] = [Node(str(v), f"{v:+d}" if v else "0", command=make(v))
                         for v in points_of(option)]
    keys = [n.key for n in items]
    return Tree(key, t("cm.amount_title", what=what), items, t("cm.amount_hint"),
                default=str(default) if str(default) in keys else None)


_GROUP = {PaperEffect.POINTS: 0, PaperEffect.MISS_GO: 0, PaperEffect.HERO: 1,
          PaperEffect.DESTINATION: 2}
"""Of two entries as many of the pile's cards print, which comes first: points (the
leak's beside its own points), then the camp Hero, then a Destination card."""


def card_tree(state: GameState, seat: int, entered: Sequence[CanoeOption]) -> Tree:
    """K12, paper cards: what the pile's cards can be, in levels of three (`laid_out`),
    the entry the most of the pile's cards print first (of two as many, the lower points,
    the leak's beside its points, then the camp Hero and a Destination card): the points,
    the leak's points with its missed go, the camp Hero, a Destination card. Over 40 bench
    trips on paper cards, a list a marker moved along (its focus where the cards lay
    fewest presses away) cost 3.09 presses a turn, 12 at most, 153 turns over six; these
    levels 2.80, 10 and 46. The title names the pile the card came from."""
    pile = state.require_turn().awaiting
    # (where it stands, how many of the pile's cards it stands for, the item)
    items: list[tuple[tuple[int, int, bool], int, Node]] = []
    for option in entered:
        for effect in option.params.get("effect", ()):
            effect = PaperEffect(effect)
            for points in points_of(option):
                items.append(((_GROUP[effect], points, effect is not PaperEffect.POINTS),
                              _cards_like(pile, effect, points),
                              _card_item(seat, option, effect, points)))
    items.sort(key=lambda item: (not item[2].enabled, -item[1], item[0]))
    title = t("cm.card_title", name=state.players[seat].name,
              pile=t(f"cp.{pile}") if pile is not None else "")
    place = {node.key: where for where, _, node in items}
    return laid_out([node for _, _, node in items], title, "card",
                    tidy=lambda node: place[node.key])


def _card_item(seat: int, option: CanoeOption, effect: PaperEffect, points: int) -> Node:
    """K12: one thing the card drawn can be: its points and what it does besides."""
    key = f"e:{effect}:{points}"
    if effect is PaperEffect.POINTS:
        label = f"{points:+d}" if points else "0"
    elif effect is PaperEffect.MISS_GO:
        label = f"{points:+d} · {t('cm.effect.miss_go')}"
    else:
        label = t(f"cm.effect.{effect}")
    if option.blocked is not None:
        return Node(key, label, reason_text(option.blocked), False)
    return Node(key, label, command=cmd.EnterCard(seat, points, effect))


def _cards_like(pile: Pile | None, effect: PaperEffect, points: int) -> int:
    """K1, K2: how many of the pile's cards an entry stands for, as the card sheet prints
    them, and the three Destination cards dealt into each pile."""
    if effect is PaperEffect.DESTINATION:
        return DESTINATIONS_PER_PILE
    kind = {PaperEffect.POINTS: CardKind.ORDINARY, PaperEffect.MISS_GO: CardKind.MISS_GO,
            PaperEffect.HERO: CardKind.HERO}[effect]
    cards = OWN_CARDS[pile] if pile is not None else ()
    return sum(1 for c in cards if c.kind is kind
               and (c.points == points or effect is PaperEffect.HERO)) or 1


def face_tree(state: GameState, seat: int, faces: Sequence[int]) -> Tree:
    """A wooden die: the face it shows, entered by its thrower."""
    items: list[Node] = [Node(str(f), str(f), act=Enter(f)) for f in faces]
    return Tree("face", t("cm.face_title", name=state.players[seat].name), items,
                t("cm.hint"))


__all__ = ["amount_tree", "card_tree", "face_tree", "points_of", "reason_text"]
