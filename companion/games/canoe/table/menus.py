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

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial

from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.engine import options
from companion.games.canoe.kernel import Option, Reason
from companion.games.canoe.model import POINTS_STEP, Attraction, PaperEffect, Pile, Place
from companion.games.canoe.phases import ActKind, act_of
from companion.games.canoe.queries import camping_wanted, climb_reason, likely_site
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


def _camp_node(state: GameState, seat: int, camps: Sequence[CanoeOption],
               last: Mapping[str, int]) -> Node | None:
    """N1, N3: the sites in the board's order, focus on the likeliest; each site's points
    start at its printed value when the group entered the sites, else at the last camp's."""
    if not camps:
        return None
    sites = state.require_settings().campsites
    items: list[Node] = []
    for option in camps:
        for site in option.params.get("site", ()):
            site = str(site)
            if option.blocked is not None:
                items.append(Node(f"site:{site}", site, reason_text(option.blocked), False))
                continue

            def make(points: int, site: str = site) -> cmd.Command:
                return cmd.Camp(seat, site, points)

            printed = sites.printed(site)
            default = printed if printed is not None else last.get("camp", CAMP_DEFAULT)
            items.append(Node(f"site:{site}", site,
                              children=amount_tree(f"camp:{site}", site, option, make, default)))
    order = {name: i for i, name in enumerate(sites.names)}
    items.sort(key=lambda n: order.get(n.key[len("site:"):], 0))
    enabled = any(n.enabled for n in items)
    detail = "" if enabled else (items[0].detail if items else "")
    likely = likely_site(state, seat)
    return Node("camp", t("cm.camp"), detail, enabled,
                children=Tree("camp", t("cm.camp_title"), items, t("cm.hint"),
                              default=f"site:{likely}" if likely else None) if enabled
                else None)


def _points_node(seat: int, seen: CanoeOption | None, adjust: CanoeOption | None,
                 last: Mapping[str, int]) -> Node | None:
    items: list[Node] = []
    if seen is not None and seen.blocked is None:
        for attraction in seen.params.get("attraction", ()):
            label = t(f"ca.{attraction}")

            def make_seen(points: int, attraction: object = attraction) -> cmd.Command:
                return cmd.SeeAttraction(seat, attraction, points)  # type: ignore[arg-type]

            items.append(Node(f"a:{attraction}", label, children=amount_tree(
                f"a:{attraction}", label, seen, make_seen,
                last.get(f"a:{attraction}", CAMP_DEFAULT))))
    if adjust is not None and adjust.blocked is None:
        items.append(Node("other", t("cm.other"), children=amount_tree(
            "other", t("cm.other"), adjust, lambda p: cmd.Adjust(seat, p), POINTS_STEP)))
    if not items:
        return None
    return Node("points", t("cm.points"), children=Tree("points", t("cm.points_title"), items,
                                                         t("cm.hint")))


CAMP_DEFAULT = 10
"""Where a campsite's or an attraction's stepper starts before any was entered: the
board's usual score (later: the printed value, or the last one entered)."""


def _places_node(state: GameState, seat: int,
                 by: Mapping[type[cmd.Command], list[CanoeOption]],
                 last: Mapping[str, int]) -> Node | None:
    """L1–L9: the places a go can end at, and a shared space; focus on the climb when the
    canoe waited at the base of the rock for this weather."""
    items: list[Node] = []
    climb = by.get(cmd.Climb, [])
    if climb:
        option = climb[0]
        if option.blocked is not None:
            items.append(Node("climb", t("cm.climb"), reason_text(option.blocked), False))
        else:
            items.append(Node("climb", t("cm.climb"), children=amount_tree(
                "climb", t("cm.climb"), option, lambda p: cmd.Climb(seat, p),
                last.get("climb", CAMP_DEFAULT))))
    for option in by.get(cmd.WaitAtRock, [])[:1]:
        items.append(_item("wait_rock", t("cm.wait_rock"), option,
                           lambda: cmd.WaitAtRock(seat)))
    points: list[Node] = []
    for option in by.get(cmd.ReachUnmapped, []):
        for point in option.params.get("point", ()):
            label = t("cm.unmapped_point", n=point)
            points.append(Node(f"p:{point}", label, reason_text(option.blocked), False)
                          if option.blocked is not None else
                          Node(f"p:{point}", label, command=cmd.ReachUnmapped(seat, int(point))))
    if points:
        points.sort(key=lambda n: n.key)
        tree = Tree("unmapped", t("cm.unmapped_title"), points, t("cm.hint"))
        enabled = bool(tree.enabled_keys())
        items.append(Node("unmapped", t("cm.unmapped"), "" if enabled else points[0].detail,
                          enabled, children=tree if enabled else None))
    for option in by.get(cmd.WaitAtPoint, [])[:1]:
        items.append(_item("wait_point", t("cm.wait_point"), option,
                           lambda: cmd.WaitAtPoint(seat)))
    if act_of(state) is ActKind.TELL:
        for option in by.get(cmd.StayWindbound, [])[:1]:
            items.append(_item("blown", t("cm.blown"), option,
                               lambda: cmd.StayWindbound(seat)))
    for option in by.get(cmd.ShareSpace, [])[:1]:
        others = [Node(f"s:{o}", _name(state, int(o)), command=cmd.ShareSpace(seat, int(o)))
                  for o in option.params.get("other", ())]
        if option.blocked is not None or not others:
            detail = reason_text(option.blocked) if option.blocked is not None else ""
            items.append(Node("share", t("cm.share"), detail, False))
        else:
            items.append(Node("share", t("cm.share"), children=Tree(
                "share", t("cm.share_title"), others, t("cm.hint"))))
    if not items:
        return None
    turn = state.turn
    default = "climb" if turn is not None and turn.start is Place.ROCK_BASE else None
    tree = Tree("places", t("cm.places_title"), items, t("cm.hint"), default=default)
    enabled = bool(tree.enabled_keys())
    return Node("places", t("cm.places"), "" if enabled else next(
        (n.detail for n in items if n.detail), ""), enabled, children=tree if enabled else None)


def _likely(state: GameState, seat: int, items: Sequence[Node]) -> str:
    """The item the focus rests on after the throw: the likeliest next step, never "End
    of turn" while the canoe may still land (C6): the climb after waiting at the base of
    the rock for this weather, the camp while camping is still to do, else "Landed on C"
    (P, the camp and finishing are then a press or two away). Once the canoe has landed
    or camped, "End of turn" (a card's choice is kept by default)."""
    enabled = {n.key for n in items if n.enabled}
    turn = state.require_turn()
    if turn.landed is not None or turn.camped:
        return "end"
    climb = turn.start is Place.ROCK_BASE and climb_reason(state, seat) is None
    for key, wanted in (("places", climb),
                        ("camp", camping_wanted(state, seat)),
                        ("land:canoe", True)):
        if wanted and key in enabled:
            return key
    return "end"


def last_points(events: Iterable[ev.Event]) -> dict[str, int]:
    """The points last entered for a camp, a climb and each attraction (where a stepper
    starts when the board's printed value is not known)."""
    last: dict[str, int] = {}
    for event in events:
        if isinstance(event, ev.Camped):
            last["camp"] = event.points
        elif isinstance(event, ev.AttractionSeen):
            key = "climb" if event.attraction is Attraction.RAVEN_ROCK else \
                f"a:{event.attraction.value}"
            last[key] = event.points
    return last


def seat_tree(state: GameState, seat: int, last: Mapping[str, int] | None = None
              ) -> Tree | None:
    """The seat's menu now: the rules' options as items, or None when it has none.
    `last` holds the points last entered (`last_points`), where steppers start."""
    last = last or {}
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
        if (o := first(cmd.TurnBack)) is not None:
            items.append(_item("turn_back", t("cm.turn_back"), o, lambda: cmd.TurnBack(seat)))
        _add(items, _camp_node(state, seat, by.get(cmd.Camp, []), last))
        _add(items, _points_node(seat, first(cmd.SeeAttraction), first(cmd.Adjust), last))
        if (o := first(cmd.ObeyDestination)) is not None:
            items.append(_item("obey", t("cm.obey"), o, lambda: cmd.ObeyDestination(seat)))
        return Tree("canoe", title, items, t("cm.hint"), default=default)
    # after the throw, in a fixed order around "Landed on C" so that the common steps are
    # a press or two from where the focus rests (it wraps round): the points told on the
    # way, then P, C, the camp, finishing, the end of the turn, the places
    title = t("cm.tell_title", name=name)
    _add(items, _points_node(seat, first(cmd.SeeAttraction), first(cmd.Adjust), last))
    for o in by.get(cmd.Land, []):
        for pile in (Pile.PORTAGE, Pile.CANOE):
            if pile in o.params.get("pile", ()):
                items.append(_item(f"land:{pile}", t(f"cm.land.{pile}"), o,
                                   partial(cmd.Land, seat, pile)))
    _add(items, _camp_node(state, seat, by.get(cmd.Camp, []), last))
    if (o := first(cmd.Finish)) is not None:
        detail = t("cm.finish_wins") if o.note.get("wins") else t(
            "cm.finish_home", best=o.note.get("best", 0))
        items.append(_item("finish", t("cm.finish"), o, lambda: cmd.Finish(seat), detail))
    if (o := first(cmd.EndTurn)) is not None:
        items.append(_item("end", t("cm.end"), o, lambda: cmd.EndTurn(seat)))
    _add(items, _places_node(state, seat, by, last))
    if (o := first(cmd.ObeyDestination)) is not None:
        items.append(_item("obey", t("cm.obey"), o, lambda: cmd.ObeyDestination(seat)))
    if (o := first(cmd.ReturnDestination)) is not None:
        items.append(_item("return", t("cm.return"), o, lambda: cmd.ReturnDestination(seat)))
    if (o := first(cmd.PutBackHero)) is not None:
        items.append(_item("hero_back", t("cm.hero_back"), o, lambda: cmd.PutBackHero(seat)))
    return Tree("canoe", title, items, t("cm.hint"), default=_likely(state, seat, items))


def _add(items: list[Node], node: Node | None) -> None:
    if node is not None:
        items.append(node)


def _card_tree(state: GameState, seat: int, entered: Sequence[CanoeOption]) -> Tree:
    """K12, paper cards: the card's points, then what it does besides."""
    items: list[Node] = []
    for option in entered:
        for effect in option.params.get("effect", ()):
            effect = PaperEffect(effect)
            label = t(f"cm.effect.{effect}")
            if option.blocked is not None:
                items.append(Node(f"e:{effect}", label, reason_text(option.blocked), False))
            elif len(option.params.get("points", ())) == 1:  # one value: no stepper
                only = int(option.params["points"][0])
                detail = f"{only:+d}" if only else ""
                items.append(Node(f"e:{effect}", label, detail,
                                  command=cmd.EnterCard(seat, only, effect)))
            else:

                def make(points: int, effect: PaperEffect = effect) -> cmd.Command:
                    return cmd.EnterCard(seat, points, effect)

                near = min(_points(option), key=abs, default=0)
                items.append(Node(f"e:{effect}", label, children=amount_tree(
                    f"e:{effect}", t("cm.card_points"), option, make, near)))
    return Tree("card", t("cm.card_title", name=_name(state, seat)), items, t("cm.hint"))


def face_tree(state: GameState, seat: int, faces: Sequence[int]) -> Tree:
    """A wooden die: the face it shows, entered by its thrower."""
    items: list[Node] = [Node(str(f), str(f), act=Enter(f)) for f in faces]
    return Tree("face", t("cm.face_title", name=_name(state, seat)), items, t("cm.hint"))


__all__ = ["amount_tree", "face_tree", "reason_text", "seat_tree"]
