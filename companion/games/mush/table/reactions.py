"""The menus of reaction windows and of every payment: claim, choose, confirm.

A reaction window (X1 reroll, X2 reduce) lets the game go on by itself: silence means
"no". A seat that wants to act presses any button first; that press only *claims* the
window (its countdown holds while the seat chooses) and opens the seat's choices. Paying
then takes a choice and a confirmation, so no single press, and no double press, ever
spends a chip (`confirmed`). Dice taken away (X2) are promised, not paid, until the window
closes: the promise can be cancelled until the dice are rolled.

Every tree here is built from the rules' options and public view like the rest of
`companion.games.mush.table.menus`, so an enabled item is always a command the rules accept now, and
what a payment takes (dice per chips, a reroll's price) is the rules' figure.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.options import Option
from companion.games.mush import commands as cmd
from companion.games.mush.model import WindowKind, dice_taken
from companion.games.mush.state import GameState
from companion.games.mush.table.menus import ROLL_WORDS, Offers, chips, name, view_of
from companion.i18n import count, t
from companion.table.actions import CancelPromise, Quiet
from companion.table.frame import MenuStyle
from companion.table.tree import Node, Tree, keys, relabel

CLAIM_KEY = "claim"
"""The one item of an unclaimed window menu: any button opens it (and claims the window)."""

OFFER = MenuStyle.BUTTONS
"""The style of a one-item offer that any button takes (an unclaimed window, the heads-up):
the display draws it on one line when many seats are offered something at once."""


def dice_word(n: int) -> str:
    """'1 die', '2 dice'."""
    return count(n, "die")


def roll_of(state: GameState, seat: int) -> str:
    """"Ann's dog dice", or "your dog dice" for the roller."""
    window = view_of(state).window
    assert window is not None
    what = ROLL_WORDS[window.roll] if window.roll is not None else t("m.roll.dogs")
    return (t("r.your", what=what) if seat == window.roller
            else t("r.whose", name=name(state, window.roller), what=what))


def confirmed(node: Node, question: str, more: Node | None = None) -> Node:
    """`node` (a command that pays chips) behind a confirmation step: choosing it opens
    "Pay n chips?", where ◀ pays (▶ the other amount `more`, when there is one) and ● says
    no. ● never pays, so no run of ● presses, and no double press, ever spends a chip."""
    command = node.command
    assert command is not None
    pay = Node("yes", t("r.pay", chips=chips(command.cost)), command=command, pledge=node.pledge,
               choice=command)
    if more is not None:
        assert more.command is not None
        more = Node("more", more.label, chips(more.command.cost), command=more.command,
                    pledge=more.pledge, choice=more.command)
    confirm = keys(f"{node.key}.confirm", question, left=pay,
                   select=Node("no", t("r.no"), back=True), right=more,
                   hint=t("r.hint.pay_left"), confirm=True)
    return Node(node.key, node.label, node.detail, node.enabled, None, confirm,
                button=node.button, short=node.short, choice=command, claims=node.claims)


SEPARATE_PAYMENTS = (cmd.MoveStick, cmd.PayPassing)
"""Payments that are a choice of their own, apart from the player's plain flow (a
modifier is part of the roll it is bought for, chosen in the roll's own menu)."""


def guard_payments(tree: Tree) -> Tree:
    """The same tree with every enabled item that pays chips apart from the plain flow
    (the avalanche stick, passing opponents) behind a confirmation."""
    items = []
    for node in tree.items:
        if node.children is not None and not node.children.confirm:
            node.children = guard_payments(node.children)
        elif (node.enabled and isinstance(node.command, SEPARATE_PAYMENTS)
              and node.command.cost > 0):
            node = confirmed(node, t("r.pay_question", label=node.label,
                                     chips=chips(node.command.cost)))
        items.append(node)
    tree.items = items
    return tree


def _payments(offers: Offers) -> dict[int, tuple[cmd.Reduce, int]]:
    """X2: every payment the rules let the seat make now, by chips paid: the command and
    the dog dice it takes away."""
    payments = {}
    for option in offers.all(cmd.Reduce):
        if option.blocked is None:
            for command in option.commands():
                assert isinstance(command, cmd.Reduce)
                payments[command.chips] = (command, int(option.note["dice"]))
    return payments


def _per_die(offers: Offers) -> int:
    """X2: the chips that take one die away, as the rules price it."""
    option: Option[cmd.Command] = offers.all(cmd.Reduce)[0]
    return int(option.note["per_die"])


def _reduce_choices(state: GameState, seat: int) -> dict[int, Node]:
    """X2: each number of whole dice the seat may take now (1 to 3), behind its
    confirmation, which also offers the same and one chip more towards a die shared with
    another payer; and the one chip alone (key 1), for sharing a die."""
    offers = Offers.of_seat(state, seat)
    window = offers.view.window
    assert window is not None
    roller = offers.name(window.roller)
    payments = _payments(offers)
    nodes = {}

    def legal(paid: int) -> cmd.Reduce | None:
        return payments[paid][0] if paid in payments else None

    per_die = _per_die(offers)
    for paid, (command, dice) in payments.items():
        if paid != 1 and paid != dice * per_die:
            continue  # one chip (to share a die), or just what whole dice cost
        label = t("r.take", dice=dice_word(dice)) if dice else t("r.odd_chip")
        node = Node(f"pay{paid}", label, chips(paid), command=command, pledge=True)
        extra = legal(paid + 1) if dice else None
        more = None
        if extra is not None:
            more = Node("more", t("r.plus_share"), chips(paid + 1), command=extra,
                        pledge=True)
        nodes[paid] = confirmed(node, t("r.take_question", label=label, name=roller,
                                        chips=chips(paid)), more)
    return nodes


def reduce_offer(state: GameState, seat: int) -> Tree:
    """X2: the dice a seat may take away, each amount three presses: ● no; ◀ take dice
    (● one, ◀ two, ▶ three), then ◀ pays for them (▶ with one chip more, towards a die
    shared with another payer); ▶ more: ● not until my own turn, ◀ one chip to share.
    ● never pays: a press that opens a payment claims the window, and ● says no."""
    offers = Offers.of_seat(state, seat)
    window = offers.view.window
    assert window is not None
    pay = _reduce_choices(state, seat)
    title = t("r.take_title", name=offers.name(window.roller))
    dice = keys(f"{CLAIM_KEY}.dice", title, select=pay.get(2), left=pay.get(4),
                right=pay.get(6))
    more = keys(f"{CLAIM_KEY}.more", title, left=pay.get(1),
                select=Node("quiet", t("r.quiet"), t("r.quiet_detail"), act=Quiet()))
    tree = keys(f"{window.kind.value}.open", title,
                select=Node("no", t("r.no"), command=cmd.Pass(seat)),
                left=Node(f"{CLAIM_KEY}.dice", t("r.take_dice"), t("r.per_die", chips=chips(
                    _per_die(offers))), enabled=bool(dice.enabled_keys()), children=dice,
                    claims=True),
                right=Node(f"{CLAIM_KEY}.more", t("r.more_menu"), children=more, claims=True),
                hint=t("r.hint.take_safe"))
    tree.style = OFFER
    return tree


def reroll_item(state: GameState, seat: int, short: bool = False) -> Node:
    """X1: the reroll a seat may pay for, behind its confirmation (◀ pays, ● no). `short`:
    labelled "Reroll" alone, for the window's own offer, whose title names the roll."""
    label = t("m.short.reroll") if short else t("r.reroll", roll=roll_of(state, seat))
    price = chips(Offers.of_seat(state, seat).cost(cmd.Reroll))
    reroll = Node(f"{CLAIM_KEY}.reroll", label, price, command=cmd.Reroll(seat), claims=True)
    return confirmed(reroll, t("r.reroll_question", chips=price, roll=roll_of(state, seat)))


def window_tree(state: GameState, seat: int, promised: Mapping[int, int]) -> Tree | None:
    """A seat's root menu in an open window, or None when the window does not wait for it.

    An offer of buttons on one line under its question: ● no (the roller's own: go on),
    ◀ not until my turn, ▶ the reroll, behind its confirmation (the take-dice window:
    `reduce_offer`). A seat that promised chips (X2) sees its promise and may cancel it
    until the window closes.
    """
    offers = Offers.of_seat(state, seat)
    window = offers.view.window
    assert window is not None
    if seat in promised:
        paid = promised[seat]
        dice = dice_taken(paid)
        what = f"{dice_word(dice)} ({chips(paid)})" if dice else chips(paid)
        cancel = Node("cancel", t("r.cancel_payment"), t("r.keep", chips=chips(paid)),
                      act=CancelPromise())
        return Tree("promised", t("r.promised", what=what, name=offers.name(window.roller)),
                    [cancel], t("r.promised_hint"),
                    note=t("r.promised_note"))
    if not offers.options:  # the window does not wait for this seat
        return None
    if window.kind is WindowKind.REDUCE:
        return reduce_offer(state, seat)
    own = seat == window.roller
    no = Node("no", t("r.go_on") if own else t("r.no"), command=cmd.Pass(seat))
    quiet = None if own else Node("quiet", t("r.quiet_short"), act=Quiet())
    reroll = reroll_item(state, seat, short=True)
    tree = keys(f"{window.kind.value}.open", t("r.reroll_title", roll=roll_of(state, seat)),
                select=no, left=quiet, right=reroll, hint=t("r.hint.reroll_safe"))
    tree.style = OFFER
    return tree


def offer_in_place_of_stick(tree: Tree, offer: Node) -> None:
    """A reroll offered in a menu of buttons: on ▶ of the ▶ level, where the stick is."""
    right = next((n for n in tree.items if n.button == "right"), None)
    if right is None or right.children is None:
        offer.button = "right"
        tree.items.append(offer)
        return
    level = right.children
    offer.button = "right"
    offer.short = t("m.short.reroll")
    level.items = [n for n in level.items if n.button != "right"] + [offer]
    relabel(right)
    right.enabled = True
