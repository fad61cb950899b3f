"""The Canoe game's menus, built from its rules' options: an enabled item is a command the
rules accept now, a greyed one an option they block, shown with their reason.

The trees are the table's `Node`/`Tree` (an item's command is the kernel's, so a Canoe
command is carried as any game's is) and the `Navigator` walks them, so ◀ ▶ ● work the
same in both games; a face of the wooden die is entered as MUSH's are (`Enter`). Points are
entered as a stepper: ◀ ▶ move five points down or up the option's own values, ● enters.
No rule is restated here: which items exist, which are greyed and why, what points a
stepper offers, all come from `GAME.options(state, seat)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from companion.games.canoe import commands as cmd
from companion.games.canoe.engine import options
from companion.games.canoe.kernel import Option, Reason
from companion.games.canoe.model import POINTS_STEP, PaperEffect, Pile
from companion.games.canoe.phases import ActKind, act_of
from companion.games.canoe.state import GameState
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


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _points(option: CanoeOption) -> list[int]:
    """The option's points, in the pads' steps, lowest first."""
    values = option.params.get("points", (0,))
    return [int(v) for v in values if int(v) % POINTS_STEP == 0]


def amount_tree(key: str, what: str, option: CanoeOption, make: Callable[[int], cmd.Command],
                default: int) -> Tree:
    """A points stepper: one item per value of the option, ◀ ▶ five less or more."""
    items: list[Node] = [Node(str(v), f"{v:+d}" if v else "0", command=make(v))
                         for v in _points(option)]
    keys = [n.key for n in items]
    return Tree(key, t("cm.amount_title", what=what), items, t("cm.amount_hint"),
                default=str(default) if str(default) in keys else None)


def _item(key: str, label: str, option: CanoeOption, make: Callable[[], cmd.Command],
          detail: str = "") -> Node:
    if option.blocked is not None:
        return Node(key, label, reason_text(option.blocked), False)
    return Node(key, label, detail, command=make())


def _camp_node(seat: int, camps: Sequence[CanoeOption], default: int) -> Node | None:
    if not camps:
        return None
    items: list[Node] = []
    for option in camps:
        for site in option.params.get("site", ()):
            site = str(site)
            if option.blocked is not None:
                items.append(Node(f"site:{site}", site, reason_text(option.blocked), False))
                continue

            def make(points: int, site: str = site) -> cmd.Command:
                return cmd.Camp(seat, site, points)

            items.append(Node(f"site:{site}", site,
                              children=amount_tree(f"camp:{site}", site, option, make, default)))
    enabled = any(n.enabled for n in items)
    detail = "" if enabled else (items[0].detail if items else "")
    return Node("camp", t("cm.camp"), detail, enabled,
                children=Tree("camp", t("cm.camp_title"), items, t("cm.hint")) if enabled
                else None)


def _points_node(seat: int, seen: CanoeOption | None, adjust: CanoeOption | None,
                 default: int) -> Node | None:
    items: list[Node] = []
    if seen is not None and seen.blocked is None:
        for attraction in seen.params.get("attraction", ()):
            label = t(f"ca.{attraction}")

            def make_seen(points: int, attraction: object = attraction) -> cmd.Command:
                return cmd.SeeAttraction(seat, attraction, points)  # type: ignore[arg-type]

            items.append(Node(f"a:{attraction}", label, children=amount_tree(
                f"a:{attraction}", label, seen, make_seen, default)))
    if adjust is not None and adjust.blocked is None:
        items.append(Node("other", t("cm.other"), children=amount_tree(
            "other", t("cm.other"), adjust, lambda p: cmd.Adjust(seat, p), POINTS_STEP)))
    if not items:
        return None
    return Node("points", t("cm.points"), children=Tree("points", t("cm.points_title"), items,
                                                         t("cm.hint")))


CAMP_DEFAULT = 10
"""Where a campsite's or an attraction's stepper starts: the board's usual score."""


def seat_tree(state: GameState, seat: int) -> Tree | None:
    """The seat's menu now: the rules' options as items, or None when it has none."""
    offered = options(state, seat)
    if not offered:
        return None
    act = act_of(state)
    by: dict[type[cmd.Command], list[CanoeOption]] = {}
    for option in offered:
        by.setdefault(option.command, []).append(option)

    def first(kind: type[cmd.Command]) -> CanoeOption | None:
        found = by.get(kind)
        return found[0] if found else None

    items: list[Node] = []
    name = _name(state, seat)
    if act is ActKind.ENTER_CARD:
        return _card_tree(state, seat, by.get(cmd.EnterCard, []))
    if act is ActKind.THROW:
        title, default = t("cm.turn_title", name=name), "roll"
        if (o := first(cmd.Roll)) is not None:
            items.append(_item("roll", t("cm.throw"), o, lambda: cmd.Roll(seat)))
        if (o := first(cmd.StayWindbound)) is not None:
            items.append(_item("windbound", t("cm.windbound"), o,
                               lambda: cmd.StayWindbound(seat)))
    else:
        title, default = t("cm.tell_title", name=name), "end"
        for o in by.get(cmd.Land, []):
            for pile in o.params.get("pile", ()):
                items.append(_item(f"land:{pile}", t(f"cm.land.{pile}"), o,
                                   partial(cmd.Land, seat, Pile(pile))))
    camp = _camp_node(seat, by.get(cmd.Camp, []), CAMP_DEFAULT)
    if camp is not None:
        items.append(camp)
    points = _points_node(seat, first(cmd.SeeAttraction), first(cmd.Adjust), CAMP_DEFAULT)
    if points is not None:
        items.append(points)
    if (o := first(cmd.ObeyDestination)) is not None:
        items.append(_item("obey", t("cm.obey"), o, lambda: cmd.ObeyDestination(seat)))
    if (o := first(cmd.ReturnDestination)) is not None:
        items.append(_item("return", t("cm.return"), o, lambda: cmd.ReturnDestination(seat)))
    if (o := first(cmd.Finish)) is not None:
        detail = t("cm.finish_wins") if o.note.get("wins") else t(
            "cm.finish_home", best=o.note.get("best", 0))
        items.append(_item("finish", t("cm.finish"), o, lambda: cmd.Finish(seat), detail))
    if (o := first(cmd.EndTurn)) is not None:
        items.append(_item("end", t("cm.end"), o, lambda: cmd.EndTurn(seat)))
    return Tree("canoe", title, items, t("cm.hint"), default=default)


def _card_tree(state: GameState, seat: int, entered: Sequence[CanoeOption]) -> Tree:
    """K12, paper cards: the card's points, then what it does besides."""
    items: list[Node] = []
    for option in entered:
        for effect in option.params.get("effect", ()):
            effect = PaperEffect(effect)
            label = t(f"cm.effect.{effect}")
            if option.blocked is not None:
                items.append(Node(f"e:{effect}", label, reason_text(option.blocked), False))
            elif effect is PaperEffect.DESTINATION:
                items.append(Node(f"e:{effect}", label,
                                  command=cmd.EnterCard(seat, 0, effect)))
            else:

                def make(points: int, effect: PaperEffect = effect) -> cmd.Command:
                    return cmd.EnterCard(seat, points, effect)

                items.append(Node(f"e:{effect}", label, children=amount_tree(
                    f"e:{effect}", t("cm.card_points"), option, make, 0)))
    return Tree("card", t("cm.card_title", name=_name(state, seat)), items, t("cm.hint"))


def face_tree(state: GameState, seat: int, faces: Sequence[int]) -> Tree:
    """A wooden die: the face it shows, entered by its thrower."""
    items: list[Node] = [Node(str(f), str(f), act=Enter(f)) for f in faces]
    return Tree("face", t("cm.face_title", name=_name(state, seat)), items, t("cm.hint"))


__all__ = ["amount_tree", "face_tree", "reason_text", "seat_tree"]
