"""Levels of three buttons for a Canoe player's longer choices, likeliest first: every
press chooses at once (`companion.table.tree.keys`), so many more steps lie within a few
presses than in a list a marker moves along. The rest behind ● after a throw
(`companion.games.canoe.table.menus`) is laid out so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import t
from companion.table.tree import Node, Tree, branch, keys, submenu


def laid_out(nodes: Sequence[Node], title: str, key: str = "more", depth: int = 0,
             tidy: Callable[[Node], tuple[int, ...]] | None = None) -> Tree:
    """`nodes`, likeliest first, as three-button levels (`keys`), each press choosing at
    once: ◀ and ▶ the next two likeliest, ● the rest; there ◀ the next, ▶ one item that
    holds the three after it (named after them, `branch`), ● the two after those and,
    behind ● again, the rest laid out the same (with five or fewer, two steps and one item
    holding the rest). As the rest behind ● after a throw, counting the throw and the ●
    that opens it, the likeliest two steps cost three presses, the next four, the five
    after it five, and so on. `key` names the root level, `depth` is the recursion's.

    Why levels of three and not a list with a marker: in a list every press but the last
    only moves the marker, so the items within k presses number 2k - 1; here every press
    also chooses, and they number about 3 per press. A canoe ahead of every landmark the
    table knows may meet any of 11 (six lines, three places, a landing on P, a camp): in
    the list three of them cost 7 presses or more, here all of them fit within 5, and a
    line (which a landing follows) within 4. Over 40 bench trips the turns over six went
    79 to 33 on a first trip with the board's points entered (the mean 2.058 to 1.990),
    11 to 5 for a group that played the board before (1.941 to 1.901), 9 to 3 with the
    route copied (1.947 to 1.907). Two steps on every level (a chain) put 12 over six
    in 12 trips where these put 7; three groups of three on the second level, 9.

    `tidy`: the order steps that cost as many presses are shown in, on one level or in
    one item, read ◀ ● ▶ (a paper card's points lowest first: "-20 · -15 · +20"), and
    the order a phone lists every step in; else likeliest first."""
    items = _shortened(nodes)
    if depth:
        key = f"{key.split('/')[0]}/{depth}"
    # a page showing every row (a phone) lists them all at once: as given, likeliest
    # first, or in the `tidy` order where there is one (a phone taps any row at once, so
    # the order only helps reading: a paper card's points lowest first, the sites in the
    # board's order), greyed ones last
    flat = _as_given(items if tidy is None else
                     sorted(items, key=lambda n: (not n.enabled, tidy(n)))) \
        if depth == 0 else None

    if len(items) <= 3:
        if tidy is not None and len(items) == 3:  # read ◀ ● ▶
            low, middle, high = sorted(items, key=tidy)
            return keys(key, title, left=low, select=middle, right=high, flat=flat)
        few = sorted(items, key=tidy) if tidy is not None else items
        return keys(key, title, left=few[0] if few else None,
                    right=few[1] if len(few) > 1 else None,
                    select=few[2] if len(few) > 2 else None, flat=flat)
    if depth % 2 == 0 or len(items) <= 5:
        # two steps, and the rest as one item: named after what it holds when that is
        # three steps at most (a fourth and fifth never cost more than a group's), else
        # "More…"
        pair = sorted(items[:2], key=tidy) if tidy is not None else items[:2]
        deeper = laid_out(items[2:], title, key, depth + 1, tidy)
        rest = branch(deeper.key, deeper) if len(items) <= 5 else \
            submenu(deeper.key, t("cm.more_rest"), deeper)
        return keys(key, title, left=pair[0], right=pair[1], select=rest, flat=flat)
    three = items[1:4]
    if tidy is not None:  # read ◀ ● ▶
        low, middle, high = sorted(three, key=tidy)
        group = keys(f"{key}g", title, left=low, select=middle, right=high)
    else:
        group = keys(f"{key}g", title, select=three[0], left=three[1], right=three[2])
    tail = laid_out(items[4:], title, key, depth + 1, tidy)
    return keys(key, title, left=items[0], right=branch(group.key, group),
                select=branch(tail.key, tail))


def _shortened(nodes: Sequence[Node]) -> list[Node]:
    """`nodes`, each given a short name where its label has a " · " of its own (its
    points, its point of the region), which would read as a slot's edge in a branch's
    label ("Moose · +20 · Rainbow"): "Moose (+20) · Rainbow"."""
    items = list(nodes)
    for node in items:
        if not node.short and " · " in node.label:
            name, more = node.label.split(" · ", 1)
            node.short = f"{name} ({more})"
    return items


def _three(key: str, title: str, nodes: Sequence[Node]) -> Node | None:
    """Up to three steps as one item opening a level of them (named after them,
    `branch`): ● the first, ◀ and ▶ the next two; one step is itself, none is None."""
    if len(nodes) <= 1:
        return nodes[0] if nodes else None
    return branch(key, keys(key, title, select=nodes[0], left=nodes[1],
                            right=nodes[2] if len(nodes) > 2 else None))


def spread_out(steps: Sequence[Node], title: str, *, wide: bool, top: bool = True
               ) -> tuple[Node | None, Tree]:
    """`steps`, likeliest first (greyed ones last), laid out for a go where the table
    cannot tell one step from the next: the first three as one item (◀ at the top,
    `_three`, two presses each), and the rest behind ● as `wide` or near levels. Wide
    (before a line is crossed, when any of a dozen may come): ◀ and ▶ three more each,
    ● two more and the rest (`laid_out`), so eleven steps lie within three presses, where
    the likeliest-first levels put four. Near (after a line, a landing or a place to
    come): ◀ and ▶ one more each, ● the rest, so five lie within two presses, where the
    likeliest-first levels put three. Returns the item of the first three and the
    level ● opens; a page showing every row lists the steps behind ● as given. Without
    `top` (◀ at the top is "End of turn": nobody else throws next), every step is behind
    ●, and the item is None."""
    items = _shortened(steps)
    first, rest = (_three("canoe/g", title, items[:3]), items[3:]) if top else (None, items)
    flat = _as_given(rest)
    if not wide:
        far = rest[2:]
        return first, keys("more", title, left=rest[0] if rest else None,
                           right=rest[1] if len(rest) > 1 else None,
                           select=submenu("more/1", t("cm.more_rest"),
                                          laid_out(far, title, "more", 1)) if far else None,
                           flat=flat)
    tail = rest[6:]
    far = tail[2:]
    last = keys("more/2", title, left=tail[0] if tail else None,
                right=tail[1] if len(tail) > 1 else None,
                select=submenu("more/3", t("cm.more_rest"), laid_out(far, title, "more", 3))
                if far else None)
    return first, keys("more", title, left=_three("more/1g", title, rest[:3]),
                       right=_three("more/2g", title, rest[3:6]),
                       select=submenu("more/2", t("cm.more_rest"), last) if tail else None,
                       flat=flat)


UNSURE = 4.5
"""The likeliest step's score (`likely.guesses`) at or under which the table cannot tell
the steps apart: what the rules' order alone gives an untold line (4 at most) or the
campsite (4.5), with nothing the trips told after the canoe's landmark behind it."""

TURN_PRESSES = 6
"""The presses a turn should take at most (the throw included): what `spread_kind` keeps
within where it can."""

LEFT_NEAR = 2
"""The presses left of `TURN_PRESSES` at which the steps after a line are laid out near
(`spread_out`): five steps lie within two presses there, where likeliest first puts
three. With fewer left, only a step of one press keeps the turn within six, and the
likeliest first keeps its likeliest there; with more, the likeliest first leaves room."""

LEFT_WIDE = 3
"""The presses left of `TURN_PRESSES` at which the steps before a line are laid out wide
(`spread_out`), three gone before it (a turn back and throw is two, a Destination card
done one or two): eleven steps lie within three presses there, where likeliest first
puts four."""


def spread_kind(seen: bool, surest: float, pressed: int) -> bool | None:
    """Whether the steps after a throw are spread out (`spread_out`): wide (True) before
    any line is crossed this go, near (False) after one, where the table cannot tell them
    apart (`UNSURE`) or the go has `LEFT_WIDE` or `LEFT_NEAR` presses left of six;
    else None, the likeliest first. `seen`: a line was crossed this go; `surest`: the
    likeliest step's score (`likely.guesses`); `pressed`: the go's presses so far, its
    throw included.

    Over 40 bench trips each, on the board's order and five others, turns over six on a
    first trip with the board's points entered: 158 likeliest first; 59 spread where the
    table cannot tell the steps apart or with two presses left after a line; 46 with
    `menus._other_sites`; 43 wide with three left before a line too; 36 wide behind ●
    where ◀ is "End of turn" too; 33 with a throw's own presses counted (a turn back is
    two); 27 with "End of turn" one of the three at ◀ after a line, near. The mean on
    the board's order 1.987 -> 2.009. For a group that played the board before 5 -> 1
    (1.900 -> 1.910), with the route copied 3 -> 2 (1.898 -> 1.908). Wide before every
    line whatever the guesses: 46 -> 39 over six, the mean 2.009 -> 2.23. Near with
    fewer than two left too: twice as many over six."""
    unsure = surest <= UNSURE
    left = TURN_PRESSES - pressed
    if not seen:
        return True if unsure or left == LEFT_WIDE else None
    return False if unsure or left == LEFT_NEAR else None


def _as_given(nodes: Sequence[Node]) -> Callable[[Tree], Sequence[Node]]:
    """`Tree.flat` for the top of a layout: its steps in the order they were given."""
    given = tuple(nodes)
    return lambda _level: given


__all__ = ["laid_out", "spread_kind", "spread_out"]
