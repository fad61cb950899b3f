"""The Canoe game's menus, built from its rules' options: an enabled item is a command the
rules accept now, a greyed one an option they block, shown with their reason.

The trees are the table's `Node`/`Tree` (an item's command is the kernel's, so a Canoe
command is carried as any game's is) and the `Navigator` walks them, so ◀ ▶ ● work the
same in both games; a face of the wooden die is entered as MUSH's are (`Enter`). Points are
entered as a stepper: ◀ ▶ move five points down or up the option's own values, ● enters;
where the group entered the board's printed points, a camp, a climb or an attraction is
one press at them; a paper card drawn is entered on levels of three of what its pile
prints, the commonest nearest (the steppers,
the paper card and the die's face: `companion.games.canoe.table.entries`). After the
throw the top is three buttons, as MUSH's turn menus are:
▶ landed on C, ◀ the step the table guesses likeliest (`companion.games.canoe.table.likely`),
● the rest, itself levels of three buttons, likeliest first (`laid_out`); "End of turn"
comes last there, as the next player's first choice says it (C4), and is ◀ only when
nobody else acts next.
No rule is restated here: which items exist, which are
greyed and why, what points a stepper offers, all come from `GAME.options(state, seat)`;
the guesses only order what the options allow.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from companion.games.canoe import commands as cmd
from companion.games.canoe.cards import CARDS, TargetKind
from companion.games.canoe.engine import options
from companion.games.canoe.kernel import Option
from companion.games.canoe.model import (
    CLIMBED_ATTRACTION,
    POINTS_STEP,
    Attraction,
    Pile,
)
from companion.games.canoe.phases import ActKind, act_of
from companion.games.canoe.queries import goes_ahead
from companion.games.canoe.state import GameState
from companion.games.canoe.table.entries import amount_tree, card_tree, points_of, reason_text
from companion.games.canoe.table.levels import laid_out, spread_kind, spread_out
from companion.games.canoe.table.likely import (
    Guess,
    attractions,
    climb_ready,
    guesses,
    known_points,
    ranked_sites,
)
from companion.games.canoe.table.memory import Memory
from companion.i18n import t
from companion.table.tree import Node, Tree, keys, submenu

CanoeOption = Option[cmd.Command]


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _item(key: str, label: str, option: CanoeOption, make: Callable[[], cmd.Command],
          detail: str = "") -> Node:
    if option.blocked is not None:
        return Node(key, label, reason_text(option.blocked), False)
    return Node(key, label, detail, command=make())


def _scored(key: str, label: str, option: CanoeOption, make: Callable[[int], cmd.Command],
            printed: int | None, start: int) -> Node:
    """A1-A3, N1: an entry of points printed on the board: one press at the printed value
    when the group entered it (the label shows it), else a stepper from `start`."""
    if printed is not None and printed in points_of(option):
        return Node(key, f"{label} · {printed:+d}", command=make(printed))
    return Node(key, label, children=amount_tree(key, label, option, make, start))


def _stepper_node(key: str, label: str, option: CanoeOption,
                  make: Callable[[int], cmd.Command], start: int) -> Node:
    return Node(key, label, children=amount_tree(key, label, option, make, start))


CAMP_DEFAULT = 10
"""Where a campsite's or an attraction's stepper starts when neither the board's printed
value nor an earlier entry is known: the board's usual score."""


def _camp_node(state: GameState, seat: int, camps: Sequence[CanoeOption],
               memory: Memory, guessed: bool = False) -> Node | None:
    """N1, N3: the sites in levels of three (`laid_out`), the likeliest nearest
    (`ranked_sites`; when `guessed`, the likeliest is a step of the rest already, so it
    comes last), greyed ones after them; sites as far read in the board's order. Each
    site's points start at its printed value when the group entered the sites, else at the
    last camp's. Over 40 bench trips, against the board's order with a marker opening on
    the likeliest: turns over six 33 -> 33 (the board's points entered), 5 -> 5 (played
    before), 3 -> 3 (the route copied), the mean 1.9898 -> 1.9888, 1.9009 -> 1.9001, the
    worst turn 9 -> 8 (the board's points entered)."""
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

            # the full list: any points (a stepper from the site's own earlier entry)
            # unless the group entered the board's; one press at an earlier entry is
            # the guess's (`_guess_node`)
            printed = sites.printed(site)
            known = known_points(state, memory, f"site:{site}")
            start = known if known is not None else memory.last.get("camp", CAMP_DEFAULT)
            items.append(_scored(f"site:{site}", site, option, make, printed, start))
    order = {name: i for i, name in enumerate(sites.names)}
    items.sort(key=lambda n: order.get(n.key[len("site:"):], 0))
    enabled = any(n.enabled for n in items)
    detail = "" if enabled else (items[0].detail if items else "")
    open_sites = [str(x) for o in camps if o.blocked is None for x in o.params.get("site", ())]
    ranked = ranked_sites(state, seat, memory, open_sites)
    # the rest behind ● already offers the likeliest site as a step of its own: a player
    # who opens every site wants another, so the next likeliest comes first, that one last
    rank = {f"site:{name}": i for i, name in enumerate(ranked)}
    if guessed and ranked:
        rank[f"site:{ranked[0]}"] = len(ranked)
    where = {n.key: i for i, n in enumerate(items)}
    items.sort(key=lambda n: (not n.enabled, rank.get(n.key, len(ranked) + 1), where[n.key]))
    return Node("camp", t("cm.camp"), detail, enabled,
                children=laid_out(items, t("cm.camp_title"), "camp",
                                  tidy=lambda n: (where[n.key],)) if enabled
                else None)


def _attraction_start(state: GameState, attraction: object, memory: Memory) -> int:
    """A3: where an attraction's points stepper starts: its printed points, else the last
    entered for it, else the middle of what the trip entered for the others (a board
    prints its attractions' points alike, so a first climb starts near them, not at
    `CAMP_DEFAULT`; over 40 bench trips without board points, the worst turn went from 17
    presses to 14)."""
    printed = state.require_settings().printed(Attraction(str(attraction)))
    if printed is not None:
        return printed
    key = "climb" if attraction == CLIMBED_ATTRACTION else f"a:{attraction}"
    others = [v for k, v in memory.last.items() if k == "climb" or k.startswith("a:")]
    middle = round(statistics.median(others) / POINTS_STEP) * POINTS_STEP if others \
        else CAMP_DEFAULT
    return memory.last.get(key, middle)


def _points_node(state: GameState, seat: int, seen: CanoeOption | None,
                 adjust: CanoeOption | None, memory: Memory) -> Node | None:
    """A2-A4: every attraction the player may enter, likeliest first, each a stepper from
    its printed points (else the last entered), then other points."""
    items: list[Node] = []
    if seen is not None and seen.blocked is None:
        allowed = [Attraction(str(a)) for a in seen.params.get("attraction", ())]
        for attraction in attractions(state, seat, memory, allowed):
            label = t(f"ca.{attraction}")

            def make_seen(points: int, attraction: Attraction = attraction) -> cmd.Command:
                return cmd.SeeAttraction(seat, attraction, points)

            items.append(_scored(f"a:{attraction}", label, seen, make_seen,
                                 state.require_settings().printed(attraction),
                                 _attraction_start(state, attraction, memory)))
    if adjust is not None and adjust.blocked is None:
        items.append(_stepper_node("other", t("cm.other"), adjust,
                                   lambda p: cmd.Adjust(seat, p), POINTS_STEP))
    if not items:
        return None
    return Node("points", t("cm.points"), children=Tree("points", t("cm.points_title"), items,
                                                         t("cm.hint")))


def _places_node(state: GameState, seat: int,
                 by: Mapping[type[cmd.Command], list[CanoeOption]],
                 memory: Memory) -> Node | None:
    """L1–L9: the places a go can end at, and a shared space; focus on the climb when the
    canoe waited at the base of the rock for this weather."""
    items: list[Node] = []
    climb = by.get(cmd.Climb, [])
    if climb:
        option = climb[0]
        if option.blocked is not None:
            items.append(Node("climb", t("cm.climb"), reason_text(option.blocked), False))
        else:
            items.append(_scored("climb", t("cm.climb"), option, lambda p: cmd.Climb(seat, p),
                                 state.require_settings().printed(CLIMBED_ATTRACTION),
                                 _attraction_start(state, CLIMBED_ATTRACTION, memory)))
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
    if not items:
        return None
    tree = Tree("places", t("cm.places_title"), items, t("cm.hint"),
                default="climb" if climb_ready(state, seat) else None)
    enabled = bool(tree.enabled_keys())
    return Node("places", t("cm.places"), "" if enabled else next(
        (n.detail for n in items if n.detail), ""), enabled, children=tree if enabled else None)


def _share_node(state: GameState, seat: int,
                by: Mapping[type[cmd.Command], list[CanoeOption]]) -> Node | None:
    """L9: another canoe on this space: whose (every canoe out on the water), the
    companion's answer beside each name."""
    for option in by.get(cmd.ShareSpace, [])[:1]:
        others = [_share_item(state, seat, int(o), f"s:{o}", _name(state, int(o)))
                  for o in option.params.get("other", ())]
        if option.blocked is not None or not others:
            detail = reason_text(option.blocked) if option.blocked is not None else ""
            return Node("share", t("cm.share"), detail, False)
        return _one_or_list("share", others)
    return None


def _one_or_list(key: str, names: list[Node]) -> Node:
    """L9: a shared space: with one other canoe out on the water, one press that names it
    and the companion's answer; with more, the list of whose."""
    if len(names) == 1:
        only = names[0]
        return Node(key, f"{t('cm.share')} · {only.label}", only.detail, command=only.command)
    return Node(key, t("cm.share"), children=Tree(key, t("cm.share_title"), names,
                                                   t("cm.hint")))


def _share_item(state: GameState, seat: int, other: int, key: str, label: str) -> Node:
    """L9: a shared space with `other`, the companion's answer from the points beside it."""
    ahead = goes_ahead(state, seat, other)
    return Node(key, label, t("cm.share_ahead" if ahead else "cm.share_behind"),
                command=cmd.ShareSpace(seat, other))


GUESSES = 20
"""How many of the table's guesses the rest behind ● offers as steps of their own, the
likeliest fewest presses away (`laid_out`); the full menus of camps, points and places
follow them."""


def _enabled(by: Mapping[type[cmd.Command], list[CanoeOption]],
             kind: type[cmd.Command]) -> CanoeOption | None:
    return next((o for o in by.get(kind, []) if o.blocked is None), None)


def _guessed(state: GameState, seat: int, by: Mapping[type[cmd.Command], list[CanoeOption]],
             memory: Memory) -> tuple[list[Node], float]:
    """The steps the table guesses the player tells next (`likely.guesses`), likeliest
    first, each one press (a stepper where the board's points are not known), and the
    likeliest one's score (0 when there is none)."""
    seen = _enabled(by, cmd.SeeAttraction)
    camp, climb = _enabled(by, cmd.Camp), _enabled(by, cmd.Climb)
    land, finish = _enabled(by, cmd.Land), _enabled(by, cmd.Finish)
    reach = [o for o in by.get(cmd.ReachUnmapped, []) if o.blocked is None]
    ranked = guesses(
        state, seat, memory,
        allowed=[Attraction(str(a)) for a in seen.params.get("attraction", ())] if seen else [],
        open_sites=[str(x) for x in camp.params.get("site", ())] if camp else [],
        open_points=[int(x) for o in reach for x in o.params["point"]],
        climbable=climb is not None, may_stop=_enabled(by, cmd.WaitAtRock) is not None,
        blown=act_of(state) is ActKind.TELL and _enabled(by, cmd.StayWindbound) is not None,
        portage=land is not None and Pile.PORTAGE in land.params.get("pile", ()),
        finish=finish is not None, obey=_place_card(state, seat, by))
    nodes: list[Node] = []
    for guess in ranked[:GUESSES]:
        node = _guess_node(state, seat, guess, memory, seen, camp, climb)
        if node is not None:
            nodes.append(node)
    return nodes, ranked[0].score if ranked else 0.0


PINNED = (("next:portage", "land:portage"), ("next:finish", "finish", "next:camp"))
"""The common ends of a go (C6, F1, N1) kept near whatever the guesses: a landing on P
second (▶ behind ●, `laid_out`), finishing (else the guessed campsite) third (◀ behind ●
twice). So a throw then one of them is four presses at most, as a throw then landing on C
(▶ at the top) is two."""


def pinned(nodes: Sequence[Node]) -> list[Node]:
    """`nodes`, likeliest first, with the likeliest of each `PINNED` group moved up to
    the second or third place, unless it leads."""
    out = list(nodes)
    for slot, group in enumerate(PINNED, start=1):
        found = next((n for n in out if n.key in group and n.enabled), None)
        if found is None or out.index(found) <= slot:
            continue
        out.remove(found)
        out.insert(slot, found)
    return out


def _place_card(state: GameState, seat: int,
                by: Mapping[type[cmd.Command], list[CanoeOption]]) -> bool:
    """K8: the player may mark a place's Destination card done (only they see the place)."""
    held = state.players[seat].destination
    target = CARDS[held].target if held is not None else None
    return _enabled(by, cmd.ObeyDestination) is not None and target is not None \
        and target.kind is TargetKind.PLACE


def _guess_node(state: GameState, seat: int, guess: Guess, memory: Memory,
                seen: CanoeOption | None, camp: CanoeOption | None,
                climb: CanoeOption | None) -> Node | None:
    if guess.kind == "a" and seen is not None:
        attraction = Attraction(str(guess.value))

        def see(points: int) -> cmd.Command:
            return cmd.SeeAttraction(seat, attraction, points)

        return _scored(f"next:a:{attraction}", t(f"ca.{attraction}"), seen, see,
                       known_points(state, memory, f"a:{attraction}"),
                       _attraction_start(state, attraction, memory))
    if guess.kind == "camp" and camp is not None:
        site = str(guess.value)

        def pitch(points: int) -> cmd.Command:
            return cmd.Camp(seat, site, points)

        return _scored("next:camp", t("cm.camp_at", site=site), camp, pitch,
                       known_points(state, memory, f"site:{site}"),
                       memory.last.get("camp", CAMP_DEFAULT))
    if guess.kind == "climb" and climb is not None:
        return _scored("next:climb", t("cm.climb"), climb, lambda p: cmd.Climb(seat, p),
                       known_points(state, memory, "climb"),
                       _attraction_start(state, CLIMBED_ATTRACTION, memory))
    if guess.kind == "unmapped":
        point = int(str(guess.value))
        return Node("next:unmapped", f"{t('cm.unmapped')} · {t('cm.unmapped_point', n=point)}",
                    command=cmd.ReachUnmapped(seat, point))
    if guess.kind == "wait_rock":
        return Node("next:wait_rock", t("cm.wait_rock"), command=cmd.WaitAtRock(seat))
    if guess.kind == "wait_point":
        return Node("next:wait_point", t("cm.wait_point"), command=cmd.WaitAtPoint(seat))
    if guess.kind == "blown":
        return Node("next:blown", t("cm.blown"), command=cmd.StayWindbound(seat))
    if guess.kind == "portage":
        return Node("next:portage", t("cm.land.portage"), command=cmd.Land(seat, Pile.PORTAGE))
    if guess.kind == "obey":
        return Node("next:obey", t("cm.obey"), command=cmd.ObeyDestination(seat))
    if guess.kind == "finish":
        return Node("next:finish", t("cm.finish"), t("cm.finish_wins"), command=cmd.Finish(seat))
    return None


def _tell_tree(state: GameState, seat: int, by: Mapping[type[cmd.Command], list[CanoeOption]],
               memory: Memory, handed: bool = False, pressed: int = 0) -> Tree:
    """After the throw, while the canoe may still land: three buttons, ▶ "Landed on C",
    ◀ "End of turn" (or the likeliest step, when `handed`), and ● the rest in levels of
    three (`laid_out`), likeliest first: the table's guesses (`_guessed`), then P,
    finishing, the full menus of camps, points and places, the Destination card's choice,
    and last another canoe on this space, whose answer the screen already shows (L9).
    ● itself does nothing but open the rest. `handed`: the next player's first choice
    ends this turn (C4), so "End of turn" moves to the end of the rest and ◀ is the
    likeliest step itself. Where the table cannot tell the steps apart, or the go has
    few presses left of six (`levels.spread_kind`), the steps are spread out instead
    (`spread_out`): ◀ the three likeliest, ● the rest. `pressed`: the go's presses so
    far, its throw included. Once the canoe has landed or camped and the turn waits for
    a card's choice, a list with the focus on "End of turn" (keeping is the default)."""

    def first(kind: type[cmd.Command]) -> CanoeOption | None:
        found = by.get(kind)
        return found[0] if found else None

    title = t("cm.tell_title", name=_name(state, seat))
    land = first(cmd.Land)
    canoe = _item("land:canoe", t("cm.land.canoe"), land, partial(cmd.Land, seat, Pile.CANOE)) \
        if land is not None else None
    end = _item("end", t("cm.end"), o, lambda: cmd.EndTurn(seat)) \
        if (o := first(cmd.EndTurn)) is not None else None
    rest: list[Node] = []
    guessed, surest = _guessed(state, seat, by, memory) \
        if land is not None and land.blocked is None else ([], 0.0)
    first_guess = guessed[0] if guessed else None
    camp_guess = next((i for i, n in enumerate(guessed) if n.key == "next:camp"), None)
    rest += guessed
    if camp_guess is not None:
        # N1: every site two steps after the guessed one, the next likeliest first: a
        # wrong guess of the site costs a press or two
        _insert(rest, camp_guess + 2,
                _camp_node(state, seat, by.get(cmd.Camp, []), memory, guessed=True))
    # the full menus next to the guesses (the places at the end: as near from the left)
    _add(rest, _points_node(state, seat, first(cmd.SeeAttraction), first(cmd.Adjust), memory))
    if camp_guess is None:
        _add(rest, _camp_node(state, seat, by.get(cmd.Camp, []), memory))
    if land is not None and not any(n.key == "next:portage" for n in rest):
        rest.append(_item("land:portage", t("cm.land.portage"), land,
                          partial(cmd.Land, seat, Pile.PORTAGE)))
    if (o := first(cmd.Finish)) is not None and not any(n.key == "next:finish" for n in rest):
        detail = t("cm.finish_wins") if o.note.get("wins") else t(
            "cm.finish_home", best=o.note.get("best", 0))
        rest.append(_item("finish", t("cm.finish"), o, lambda: cmd.Finish(seat), detail))
    if (o := first(cmd.ObeyDestination)) is not None and \
            not any(n.key == "next:obey" for n in rest):
        rest.append(_item("obey", t("cm.obey"), o, lambda: cmd.ObeyDestination(seat)))
    if (o := first(cmd.ReturnDestination)) is not None:
        rest.append(_item("return", t("cm.return"), o, lambda: cmd.ReturnDestination(seat)))
    if (o := first(cmd.PutBackHero)) is not None:
        rest.append(_item("hero_back", t("cm.hero_back"), o, lambda: cmd.PutBackHero(seat)))
    _add(rest, _places_node(state, seat, by, memory))
    # L9: the screen shows ahead or behind for every canoe out unasked, so asking is no
    # guess; the rest's last step still asks it, to hear it said and keep it in the journal
    _add(rest, _share_node(state, seat, by))
    if canoe is not None and canoe.enabled:
        left = end
        if handed and first_guess is not None and end is not None:
            # C4: nobody needs "End of turn" at hand when the next player's throw says
            # it: ◀ tells the likeliest step at once, the rest starts at the next one
            left = first_guess
            rest.remove(first_guess)
            rest.append(end)
        # the likeliest guesses nearest, the full menus after them, greyed items last:
        # on a level of three buttons a greyed item would take a slot from a step
        ordered = _beside_camp(pinned(rest))
        seen = bool(state.require_turn().seen)
        wide = spread_kind(seen, surest, pressed)
        if left is not end and left is not None:
            steps: list[Node] = [left, *(n for n in ordered if n.enabled)]
            greyed = [n for n in ordered if not n.enabled]
            if seen:
                steps = _other_sites(state, seat, by, memory, steps)
            if wide is not None:
                top, more = spread_out([*steps, *greyed], title, wide=wide)
                return keys("canoe", title, left=top, right=canoe,
                            select=submenu("more", t("cm.more"), more),
                            hint=t("cm.keys_hint_handed"))
            ordered = [*steps[1:], *greyed]  # the guess stays on ◀
        if left is end and left is not None and wide is not None:
            # nobody else throws next: before a line, "End of turn" keeps ◀ and every step
            # is wide behind ●; after one, it is the third of the three likeliest at ◀
            enabled = [n for n in ordered if n.enabled]
            greyed = [n for n in ordered if not n.enabled]
            if wide:
                _, more = spread_out([*enabled, *greyed], title, wide=True, top=False)
                return keys("canoe", title, left=left, right=canoe,
                            select=submenu("more", t("cm.more"), more),
                            hint=t("cm.keys_hint"))
            top, more = spread_out([*enabled[:2], left, *enabled[2:], *greyed], title,
                                   wide=False)
            return keys("canoe", title, left=top, right=canoe,
                        select=submenu("more", t("cm.more"), more),
                        hint=t("cm.keys_hint_end_near"))
        more = laid_out([n for n in ordered if n.enabled] +
                        [n for n in ordered if not n.enabled], title)
        hint = t("cm.keys_hint_handed") if left is not end else \
            t("cm.keys_hint")
        return keys("canoe", title, left=left, right=canoe,
                    select=submenu("more", t("cm.more"), more), hint=hint)
    items = [n for n in (end, canoe) if n is not None] + rest
    return Tree("canoe", title, items, t("cm.hint"), default="end")


def _other_sites(state: GameState, seat: int,
                 by: Mapping[type[cmd.Command], list[CanoeOption]], memory: Memory,
                 steps: list[Node]) -> list[Node]:
    """N1: `steps` with the two sites likeliest after the guessed one (`ranked_sites`)
    as steps of their own, after a line (near or likeliest first): past a line the canoe
    is somewhere the landmark told less of, and a wrong site would cost the list of
    sites and a press in it. They come after the guessed site and the two steps after it (the
    three at ◀), or right after the guessed one when it is later, and the full list of
    sites after them. Over 40 bench trips each on six orders of the lines, turns over
    six (the board's points entered): without them 59, right after the guessed site 55,
    so 46; one site so, 55. In the likeliest-first levels too: for a group that played
    the board before 5 -> 1 (a canoe out of the Unmapped Region camps past the site
    the trips told), the rest unchanged."""
    camp = _enabled(by, cmd.Camp)
    at = next((i for i, n in enumerate(steps) if n.key == "next:camp"), None)
    if camp is None or at is None:
        return steps
    sites = ranked_sites(state, seat, memory, [str(x) for x in camp.params.get("site", ())])
    more: list[Node] = []
    for k, site in enumerate(sites[1:3]):

        def pitch(points: int, site: str = site) -> cmd.Command:
            return cmd.Camp(seat, site, points)

        more.append(_scored(f"next:camp:{k + 1}", t("cm.camp_at", site=site), camp, pitch,
                            known_points(state, memory, f"site:{site}"),
                            memory.last.get("camp", CAMP_DEFAULT)))
    listed = [n for n in steps if n.key == "camp"]
    steps = [n for n in steps if n.key != "camp"]
    at = max(at + 1, 3)
    return [*steps[:at], *more, *listed, *steps[at:]]


def seat_tree(state: GameState, seat: int, memory: Memory | None = None,
              handed: bool = False, pressed: int = 0) -> Tree | None:
    """The seat's menu now: the rules' options as items, or None when it has none.
    `memory` is what the table was told this trip (`memory.remember`): where steppers
    start, and what the table guesses comes next. `handed`: the next player's first
    choice ends this seat's turn (C4; the table knows who that is). `pressed`: the
    presses the player made in this go so far, its throw included (`levels.spread_kind`)."""
    memory = memory or Memory()
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

    if act is ActKind.ENTER_CARD:
        return card_tree(state, seat, by.get(cmd.EnterCard, []))
    if act is not ActKind.THROW:
        return _tell_tree(state, seat, by, memory, handed, pressed)
    items: list[Node] = []
    if (o := first(cmd.Roll)) is not None:
        items.append(_item("roll", t("cm.throw"), o, lambda: cmd.Roll(seat)))
    if (o := first(cmd.TurnBack)) is not None:
        items.append(_item("turn_back", t("cm.turn_back"), o, lambda: cmd.TurnBack(seat)))
    if (o := first(cmd.StayWindbound)) is not None:
        items.append(_item("windbound", t("cm.windbound"), o,
                           lambda: cmd.StayWindbound(seat)))
    _add(items, _camp_node(state, seat, by.get(cmd.Camp, []), memory))
    _add(items, _points_node(state, seat, first(cmd.SeeAttraction), first(cmd.Adjust), memory))
    _add(items, _late_node(state, seat, first(cmd.LandLate)))
    if (o := first(cmd.ReturnDestination)) is not None and o.blocked is None:
        # K8, C6: a place's Destination card drawn for the last go's landing
        items.append(_item("return", t("cm.return"), o, lambda: cmd.ReturnDestination(seat)))
    if (o := first(cmd.ObeyDestination)) is not None:
        items.append(_item("obey", t("cm.obey"), o, lambda: cmd.ObeyDestination(seat)))
    return Tree("canoe", t("cm.turn_title", name=_name(state, seat)), items, t("cm.hint"),
                default="roll")


def _late_node(state: GameState, seat: int, option: CanoeOption | None) -> Node | None:
    """C6: the last go's landing, told before this go's throw: one item, there only while
    the rules allow it (a go thrown and ended with nothing told), C or P inside it, away
    from "Throw the die", which keeps the focus."""
    if option is None or option.blocked is not None:
        return None
    items = [Node(f"late:{pile}", t(f"cm.late.{pile}"), command=cmd.LandLate(seat, Pile(pile)))
             for pile in option.params.get("pile", ())]
    return Node("late", t("cm.late"), children=Tree(
        "late", t("cm.late_title", name=_name(state, seat)), items, t("cm.hint")))


def _beside_camp(nodes: list[Node]) -> list[Node]:
    """N1: `nodes` (pinned, likeliest first) with the full list of sites two places past
    the guessed camp, where the pins left the guess, and never before the pinned ones:
    laid out (`laid_out`), the list is then a press or two further than the guess, and a
    wrong guess of the site costs that more than a right one. Right after the guess,
    skipping the pins, was measured too: over 40 bench trips, turns over six 33 -> 36 (the
    board's points entered), 5 -> 6 (the board played before)."""
    camp = next((n for n in nodes if n.key == "next:camp"), None)
    sites = next((n for n in nodes if n.key == "camp"), None)
    if camp is None or sites is None:
        return nodes
    out = [n for n in nodes if n is not sites]
    out.insert(min(max(out.index(camp) + 2, len(PINNED) + 1), len(out)), sites)
    return out


def _add(items: list[Node], node: Node | None) -> None:
    if node is not None:
        items.append(node)


def _insert(items: list[Node], index: int, node: Node | None) -> None:
    if node is not None:
        items.insert(index, node)


__all__ = ["seat_tree"]
