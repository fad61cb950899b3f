"""Menus as trees built from the rules' options: an enabled item is a command the rules
accept now, a greyed one an option they block, shown with their reason.

Each tree is built from two things the rules give (`Offers`): the seat's options
(`MUSH.options`, python-chess's two tiers: every option that applies, the blocked ones
with why) and the public view (`MUSH.public_view`: names, zones, the turn, for titles and
labels). So a menu never restates a rule: an option the rules do not list is no item
(Nikolai without Short game B, the Anchorage rest away from the first board), one they
block is greyed with their reason (too few chips, no stick in play), and what an item
costs, what a rest would give and the odds of a roll are the option's own figures. The
menus hold a state only to hand it to the rules, and are rebuilt from it whenever they
are needed, so they can never go stale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.options import Note, Option, Reason, offered
from companion.games.mush import MUSH
from companion.games.mush import commands as cmd
from companion.games.mush.model import (
    Arrangement,
    Climate,
    MoveContext,
    RestPlace,
    RollKind,
    StickAction,
    Zone,
)
from companion.games.mush.phases import ActKind
from companion.games.mush.state import GameState
from companion.games.mush.table.frame import Screen
from companion.games.mush.views import TableView
from companion.i18n import Lookup, count, t, word
from companion.table.frame import MenuStyle
from companion.table.tree import (
    Node,
    Tree,
    branch,
    keyed,
    keys,
    submenu,
)

CLIMATE_LABEL = Lookup({c: f"m.climate.{c.value}" for c in Climate})
ZONE_LABEL = Lookup({z: f"m.zone.{z.value}" for z in Zone})
PLACE_LABEL = Lookup({p: f"m.place.{p.value}" for p in RestPlace})
ROLL_WORDS = Lookup({r: f"m.roll.{r.value}" for r in RollKind})
STICK_LABEL = Lookup({a: f"m.stick.{a.value}" for a in StickAction})


def chips(n: int) -> str:
    """'1 chip', '3 chips'."""
    return count(n, "chip")


def dogs(n: int) -> str:
    """'1 dog', '3 dogs'."""
    return count(n, "dog")


def gain_text(n_dogs: int, n_chips: int) -> str:
    """'2 dogs + 2 chips', '6 chips', 'nothing'."""
    parts = [dogs(n_dogs)] if n_dogs else []
    if n_chips:
        parts.append(chips(n_chips))
    return " + ".join(parts) or t("m.nothing")


def percent(successes: int) -> str:
    """Odds on one standard die, as a whole percent."""
    return f"{round(100 * max(0, min(6, successes)) / 6)}%"


# --- what the rules say, as the menus read it ------------------------------------------


def _arg(note: Note, key: str) -> int:
    value = note[key]
    assert isinstance(value, int), (key, value)
    return value


def _word(note: Note, key: str) -> str:
    value = note[key]
    assert isinstance(value, str), (key, value)
    return value


_REASONS: dict[str, Callable[[Note], str]] = {
    "chips": lambda a: t("m.needs", chips=chips(_arg(a, "need"))),  # X6
    "cold_short_game": lambda a: t("m.training.blocked_short"),  # S8
    "training_full": lambda a: t("m.training.full"),  # S4
    "all_dogs_covered": lambda a: t("m.turn.must_rest"),  # T2
    "all_sticks_in_play": lambda a: t("m.stick.all_in_play", n=_arg(a, "n")),  # X4
    "no_stick_in_play": lambda a: t("m.stick.none"),  # X4, M5
    "no_spaces": lambda a: t("m.moving.no_spaces"),  # M1
    "no_spaces_left": lambda a: t("m.moving.no_spaces_left"),  # M1
    "passing_paid": lambda a: t("m.moving.paid"),  # X5
    "reduce_cap": lambda a: t("m.window.only", chips=chips(_arg(a, "left"))),  # X2
}
"""The words for each reason the rules give for blocking an option."""


def why(reason: Reason) -> str:
    """The rules' reason for blocking an option, in the screen's words."""
    return _REASONS[reason.code](reason.args)


_LAST: list[tuple[GameState, TableView, dict[int, Offers]]] = []


@dataclass(frozen=True)
class Offers:
    """What the rules give a seat's menus: its options now and the public view."""

    seat: int
    options: list[Option[cmd.Command]]
    view: TableView

    @staticmethod
    def of_seat(state: GameState, seat: int) -> Offers:
        """The offers of `seat` in `state` (asked of the rules once per state and seat)."""
        _, view, seats = _asked(state)
        if seat not in seats:
            seats[seat] = Offers(seat, MUSH.options(state, seat), view)
        return seats[seat]

    def find(self, command: cmd.Command) -> Option[cmd.Command] | None:
        """The option `command` belongs to (blocked or not), None when it does not apply."""
        return offered(self.options, command)

    def all(self, kind: type[cmd.Command]) -> list[Option[cmd.Command]]:
        """The options of one kind of command, in the rules' order."""
        return [o for o in self.options if o.command is kind]

    def cost(self, kind: type[cmd.Command]) -> int:
        """What the cheapest command of a kind costs the seat (0 when none applies)."""
        return min((o.cost_range[0] for o in self.all(kind)), default=0)

    def name(self, seat: int) -> str:
        """A seat's player name."""
        return self.view.seats[seat].name


def _asked(state: GameState) -> tuple[GameState, TableView, dict[int, Offers]]:
    """What the rules said of `state`, kept for the last few states asked (the game now
    and the one a closing window leads to are asked in turn for each press)."""
    for entry in _LAST:
        if entry[0] is state:
            return entry
    entry = (state, MUSH.public_view(state), {})
    _LAST[:] = [entry, *_LAST[:3]]
    return entry


def view_of(state: GameState) -> TableView:
    """The rules' public view of `state` (worked out once per state)."""
    return _asked(state)[1]


def name(state: GameState, seat: int) -> str:
    """A seat's player name."""
    return view_of(state).seats[seat].name


def _node(option: Option[cmd.Command] | None, key: str, label: str, command: cmd.Command,
          detail: str = "") -> Node | None:
    """An item for a command of `option`: enabled when the rules accept it now, greyed
    with their reason when they block it, no item when it does not apply."""
    if option is None:
        return None
    if option.blocked is not None:
        return Node(key, label, why(option.blocked), False, None, choice=command)
    return Node(key, label, detail, True, command, choice=command)


def _item(offers: Offers, key: str, label: str, command: cmd.Command,
          detail: str = "") -> Node | None:
    """`_node` for the option `command` belongs to."""
    return _node(offers.find(command), key, label, command, detail)


# --- one builder per phase ---------------------------------------------------------------


def training_tree(state: GameState, seat: int) -> Tree:
    """S4, S5, S8: all three trainings, each with how many took it, the blocked greyed."""
    offers = Offers.of_seat(state, seat)
    items = []
    for option in offers.all(cmd.ChooseTraining):
        for command in option.commands():
            assert isinstance(command, cmd.ChooseTraining)
            note = option.note
            detail = t("m.training.taken", taken=_arg(note, "taken"),
                       most=_arg(note, "most")) if "taken" in note else ""
            node = _node(option, command.training.value, CLIMATE_LABEL[command.training],
                         command, detail)
            assert node is not None
            node.short = word(command.training.value)  # "Moderate", without "(sun/cloud)"
            items.append(node)
    return Tree("training", t("m.training.title", name=offers.name(seat)), items,
                t("m.hint.list"))


def bid_tree(state: GameState, seat: int) -> Tree:
    """R1: explains the buttons; nothing in it depends on a bid's value (I5)."""
    offers = Offers.of_seat(state, seat)
    unlock = _item(offers, "unlock", t("m.bid.unlock"), cmd.UnlockBid(seat))
    if unlock is not None:
        unlock.button = "select"
        return Tree("bid", t("m.bid.locked"), [unlock], t("m.bid.locked_hint"),
                    MenuStyle.BID)
    items = [Node("less", t("m.bid.less"), button="left"),
             Node("more", t("m.bid.more"), button="right"),
             Node("lock", t("m.bid.lock"), button="select")]
    return Tree("bid", t("m.bid.title"), items, t("m.hint.bid"), MenuStyle.BID)


def weather_tree(state: GameState, seat: int) -> Tree:
    """W2-W3: the Ice Bear rolls on the chart of the leading zone."""
    offers = Offers.of_seat(state, seat)
    zone = offers.view.chart_zone
    assert zone is not None
    placeholder = zone.value in offers.view.placeholder_charts
    detail = t("m.weather.chart_placeholder" if placeholder else "m.weather.chart",
               zone=ZONE_LABEL[zone])
    roll = _item(offers, "roll", t("m.weather.roll"), cmd.RollWeather(seat), detail)
    return Tree("weather", t("m.weather.title", name=offers.name(seat)),
                [roll] if roll is not None else [], t("m.weather.hint"))


def stick_tree(state: GameState, seat: int) -> Tree:
    """X4: place, move or remove an avalanche stick, at the price the rules ask.

    Reaching this menu is the choice to pay for a stick; the action is its confirmation
    (the question names the price): ◀ places one, ▶ removes one, holding ▶ moves one, and
    ● says no. ● never pays here, as nowhere else: a habitual ● steps back out."""
    offers = Offers.of_seat(state, seat)
    price = chips(offers.cost(cmd.MoveStick))
    nodes = {action: _item(offers, action.value, STICK_LABEL[action],
                           cmd.MoveStick(seat, action), price) for action in StickAction}
    tree = keys("stick", t("m.stick.question", chips=price),
                select=Node("no", t("r.no"), back=True), left=nodes[StickAction.PLACE],
                right=nodes[StickAction.REMOVE], hint=t("m.stick.hint_hold"), confirm=True)
    move = nodes[StickAction.MOVE]
    if move is not None:
        move.button, move.hold = "right", True
        move.label = t("m.stick.move_hold", label=move.label)
        tree.items.append(move)
    return tree


def stick_item(state: GameState, seat: int) -> Node | None:
    """The item that opens the stick menu (X4), or None where no stick may be used."""
    offers = Offers.of_seat(state, seat)
    if not offers.all(cmd.MoveStick):
        return None
    price = chips(offers.cost(cmd.MoveStick))
    node = submenu("stick", t("m.stick.item"), stick_tree(state, seat), price,
                    t("m.needs", chips=price))
    node.short = t("m.short.stick")
    return node


def _rests(offers: Offers) -> dict[RestPlace, list[Option[cmd.Command]]]:
    """Z1: the rest options by place, in the rules' order."""
    places: dict[RestPlace, list[Option[cmd.Command]]] = {}
    for option in offers.all(cmd.Rest):
        place = option.params["place"][0]
        assert isinstance(place, RestPlace)
        places.setdefault(place, []).append(option)
    return places


def rest_choice_tree(state: GameState, seat: int, place: RestPlace) -> Tree:
    """Z1-Z2: each choice with what it would really give (uncovering is capped)."""
    offers = Offers.of_seat(state, seat)
    items = []
    default = "0"
    for option in _rests(offers)[place]:
        for command in option.commands():
            assert isinstance(command, cmd.Rest)
            note = option.note
            n_dogs, n_chips, gives = _arg(note, "dogs"), _arg(note, "chips"), _arg(note, "gives")
            detail = t("m.rest.gives", gain=gain_text(gives, n_chips)) if gives < n_dogs else ""
            node = _node(option, str(command.choice), gain_text(n_dogs, n_chips), command,
                         detail)
            assert node is not None
            items.append(node)
            if note.get("suggested"):
                default = node.key
    tree = Tree(f"rest.{place.value}", t("m.rest.title", place=PLACE_LABEL[place]), items,
                t("m.hint.sub"), default=default, screen=Screen.REST)
    if len(items) <= 3:  # a wilderness or Nikolai rest: any choice in one press
        keyed(tree, tree.default or items[0].key)
    return tree


REST_LABEL = Lookup({p: f"m.rest.{p.value}" for p in RestPlace})


def _rest_label(options: list[Option[cmd.Command]], place: RestPlace) -> str:
    """The place by its name where the rules say which town it is (Nikolai before the
    Central Zone, Unal-Akleet after it)."""
    town = options[0].note.get("town")
    return t(f"m.rest.{town}") if town else REST_LABEL[place]


def rest_items(state: GameState, seat: int) -> dict[RestPlace, Node]:
    """Z1: one item for each place the rules offer where the sled is (Anchorage on the
    first board, Nikolai or Unal-Akleet outside the Central Zone), other towns aside (their
    four choices take two items: `_town_item`); a place with a single choice is chosen at
    once."""
    offers = Offers.of_seat(state, seat)
    items: dict[RestPlace, Node] = {}
    for place, options in _rests(offers).items():
        if place is RestPlace.TOWN:
            continue
        tree = rest_choice_tree(state, seat, place)
        if not tree.enabled_keys():
            continue
        label = _rest_label(options, place)
        if len(tree.items) == 1:
            only = tree.items[0]
            items[place] = Node(f"rest.{place.value}", label, only.label, True, only.command,
                                choice=only.command)
        else:
            tree.title = label
            items[place] = submenu(f"rest.{place.value}", label, tree)
    return items


def _town_item(state: GameState, seat: int) -> tuple[Node | None, Node | None]:
    """Z1, another town: the suggested choice as one item, the other three behind one more
    press ("Other choices"), so each is at most three presses from the turn menu."""
    if RestPlace.TOWN not in _rests(Offers.of_seat(state, seat)):
        return None, None
    tree = rest_choice_tree(state, seat, RestPlace.TOWN)
    best = tree.find(tree.default or "0")
    assert best is not None
    others = [n for n in tree.items if n is not best]
    best.key = f"rest.{RestPlace.TOWN.value}"
    best.detail = best.detail or t("m.rest.suggested")
    rest = keys(f"rest.{RestPlace.TOWN.value}.others", t("m.rest.title",
                                                        place=PLACE_LABEL[RestPlace.TOWN]),
                left=others[0], select=others[1], right=others[2])
    rest.screen = Screen.REST
    more = submenu(f"rest.{RestPlace.TOWN.value}.others", t("m.rest.others"), rest,
                    " · ".join(n.label for n in others))
    return best, more


def turn_tree(state: GameState, seat: int) -> Tree:
    """T1-T2: move or rest (and X4 sticks, which a seat may use on its turn).

    Each choice is one button away at every level, so any of them takes three presses at
    most: ● moves; ◀ opens the towns (● the suggested town choice, ▶ the other three, ◀
    Nikolai or Unal-Akleet); ▶ opens the wilderness (◀), Anchorage (●) and a stick (▶).
    """
    offers = Offers.of_seat(state, seat)
    row = offers.view.seats[seat]
    move_detail = t("m.turn.move_detail", dogs=dogs(row.uncovered),
                    colour=t(f"colour.{row.dice.value}")) if row.dice else ""
    rests = rest_items(state, seat)
    move = _item(offers, "move", t("m.turn.move"), cmd.Move(seat), move_detail)
    assert move is not None
    best, others = _town_item(state, seat)
    small = rests.get(RestPlace.SMALL_TOWN)
    towns = keys("towns", t("m.rest.town"), left=small, select=best, right=others)
    towns.screen = Screen.REST
    wild = rests.get(RestPlace.WILDERNESS)
    if wild is not None:
        wild.short = t("m.short.wilderness")
    anchorage = rests.get(RestPlace.ANCHORAGE)
    if anchorage is not None:
        anchorage.short = t("m.short.anchorage")
    elsewhere = keys("elsewhere", "", left=wild, select=anchorage,
                     right=stick_item(state, seat))
    elsewhere.screen = Screen.REST
    town_branch = submenu("towns", t("m.rest.town"), towns)
    if move.enabled:
        title = t("m.turn.title_move", name=offers.name(seat))
    else:
        title = t("m.turn.title_rest", name=offers.name(seat))
    return keys("turn", title, left=town_branch, select=move,
                right=branch("elsewhere", elsewhere), hint=t("m.hint.keys_top"))


def _faces(need: int) -> str:
    """The faces of the standard die that pass a crossing roll unaided: "4-6", "6"."""
    return f"{need}-6" if need < 6 else "6"


def _roll_items(offers: Offers, kind: type[cmd.Command]) -> list[Node]:
    """M4/M5: one item per modifier the rules offer before the roll, each with its odds
    and its price (X3)."""
    items = []
    for option in offers.all(kind):
        for command in option.commands():
            assert isinstance(command, cmd.RollTerrain | cmd.RollAvalanche)
            price = command.cost
            odds = percent(_arg(option.note, "wins"))
            cost = chips(price) if price else t("m.roll.free")
            node = _node(option, str(command.modifier), f"+{command.modifier}", command,
                         f"{odds} · {cost}")
            assert node is not None
            items.append(node)
    return items


def _roll_tree(kind: RollKind, items: list[Node]) -> Tree:
    """A roll's modifiers, one button each: +0 on ● (a double press pays nothing), +1 ◀,
    +2 ▶; the avalanche's +3 and +4 on ◀ and ▶ of a second menu (● left empty)."""
    title = t("m.roll.terrain_title") if kind is RollKind.TERRAIN else \
        t("m.roll.avalanche_title")
    if items and items[0].key == "0":
        return keys(kind.value, title, select=items[0],
                    left=items[1] if len(items) > 1 else None,
                    right=items[2] if len(items) > 2 else None)
    return keys(f"{kind.value}.more", title, left=items[0] if items else None,
                right=items[1] if len(items) > 1 else None)


def _need(offers: Offers, kind: type[cmd.Command]) -> int:
    """The total a crossing roll needs, as the rules note it on its options."""
    return _arg(offers.all(kind)[0].note, "need")


def _crossing_item(crossings: list[Node]) -> Node | None:
    """Crossing into the next zone, reaching Nome or Nikolai, going back: one item when
    there is one, else a menu of them (at most three apply at once), forward on ●."""
    if len(crossings) <= 1:
        node = crossings[0] if crossings else None
    else:
        assert len(crossings) <= 3
        tree = keys("crossing", t("m.moving.crossing"), select=crossings[0],
                    left=crossings[1], right=crossings[2] if len(crossings) > 2 else None)
        node = submenu("crossing", t("m.moving.crossing"), tree)
    if node is not None:
        node.short = t("m.short.crossing")
    return node


def _crossings(offers: Offers) -> list[Node]:
    """Every crossing the rules offer: Nome first, then on, Nikolai, back."""
    view, seat = offers.view, offers.seat
    crossings: list[Node] = []
    for option in offers.all(cmd.CrossZone):
        for command in option.commands():
            assert isinstance(command, cmd.CrossZone)
            forward = command.forward
            if view.arrangement is Arrangement.CUSTOM:
                board = view.boards[_arg(option.note, "board")]
                label = t("m.moving.onto" if forward else "m.moving.back_to", board=board)
            else:
                zone = ZONE_LABEL[Zone(_word(option.note, "zone"))]
                label = t("m.moving.into" if forward else "m.moving.back_into", zone=zone)
            node = _node(option, "cross" if forward else "back", label, command)
            assert node is not None
            crossings.append(node)
    nome = _item(offers, "nome", t("m.moving.nome"), cmd.ReachNome(seat),
                 t("m.moving.nome_detail"))
    if nome is not None:
        crossings.insert(0, nome)
    nikolai = _item(offers, "nikolai", t("m.moving.nikolai"), cmd.ReachNikolai(seat),
                    t("m.moving.nikolai_detail"))
    if nikolai is not None:
        crossings.insert(1, nikolai)
    return crossings


def moving_tree(state: GameState, seat: int) -> Tree:
    """M1-M5, X4, X5, zones, Nikolai (S9), Nome (T3): what happened as the sled moved.

    ● Done moving; ▶ opens the rough-terrain roll (◀), crossing on (●) and a stick (▶);
    ◀ opens the avalanche roll (◀ +0 to +2, ▶ +3 or +4) and passing opponents (●). Every
    choice is at most three presses away, a roll's modifier included.
    """
    offers = Offers.of_seat(state, seat)
    turn = offers.view.turn
    assert turn is not None
    avalanche = _roll_items(offers, cmd.RollAvalanche)
    low = submenu("avalanche", t("m.moving.avalanche"),
                   _roll_tree(RollKind.AVALANCHE, avalanche[:3]),
                   t("m.moving.avalanche_odds", faces=_faces(_need(offers, cmd.RollAvalanche))))
    low.short = t("m.short.avalanche")
    high = submenu("avalanche.more", t("m.moving.avalanche_more"),
                    _roll_tree(RollKind.AVALANCHE, avalanche[3:]),
                    " · ".join(n.detail.split(" · ")[0] for n in avalanche[3:]))
    terrain = submenu("terrain", t("m.moving.terrain"),
                       _roll_tree(RollKind.TERRAIN, _roll_items(offers, cmd.RollTerrain)),
                       t("m.moving.terrain_odds", faces=_faces(_need(offers, cmd.RollTerrain))))
    terrain.short = t("m.short.terrain")
    price = chips(offers.cost(cmd.PayPassing))
    passing = _item(offers, "passing", t("m.moving.passing"), cmd.PayPassing(seat),
                    t("m.moving.passing_detail", chips=price))
    if passing is not None:
        passing.short = t("m.short.passing")
    rolls = keys("rolls", "", left=low, select=passing, right=high)
    more = keys("more", "", left=terrain, select=_crossing_item(_crossings(offers)),
                right=stick_item(state, seat))
    name_ = offers.name(seat)
    if turn.context is MoveContext.EARLY:
        title = t("m.moving.title_early", name=name_)
    elif turn.context is MoveContext.PRESS:
        title = t("m.moving.title_press", name=name_, n=turn.spaces)
    else:
        title = t("m.moving.title", name=name_, n=turn.spaces)
    # named after the avalanche roll and passing ("+3 or +4" is the same roll)
    rolls_item = branch("rolls", rolls, " · ".join(n.short for n in (low, passing) if n))
    done = _item(offers, "done", t("m.moving.done"), cmd.EndMove(seat))
    return keys("moving", title, left=rolls_item, select=done,
                right=branch("more", more), hint=t("m.moving.hint"))


def pressing_tree(state: GameState, seat: int) -> Tree:
    """P1: roll the standard die on the pressing chart, or not."""
    offers = Offers.of_seat(state, seat)
    items = [_item(offers, "press", t("m.press.roll"), cmd.Press(seat)),
             _item(offers, "skip", t("m.press.skip"), cmd.SkipPress(seat))]
    return Tree("pressing", t("m.press.title", name=offers.name(seat)),
                [n for n in items if n is not None], t("m.hint.list"))


def _one_die(offers: Offers) -> Option[cmd.Command]:
    """X2: the payment that takes one die (as the rules price a die)."""
    return next(o for o in offers.all(cmd.Reduce) if _arg(o.note, "dice") == 1)


def window_tree(state: GameState, seat: int) -> Tree:
    """X2 / X1: a reaction window's buttons for one seat that may still act."""
    offers = Offers.of_seat(state, seat)
    window = offers.view.window
    assert window is not None
    roller = offers.name(window.roller)
    if offers.all(cmd.Reduce):
        die = _one_die(offers)
        per_die = _arg(die.note, "per_die")
        one_die = next(die.commands())
        pass_, pay1, pay2 = (
            _item(offers, "pass", t("m.window.pass"), cmd.Pass(seat)),
            _item(offers, "pay1", t("r.pay", chips=chips(1)), cmd.Reduce(seat, 1)),
            _node(die, "pay2", t("r.pay", chips=chips(per_die)), one_die, count(1, "die")))
        items = [n for n in (pass_, pay1, pay2) if n is not None]
        for node, button in zip(items, ("left", "right", "select"), strict=True):
            node.button = button
        title = t("r.take_title", name=roller)
        hint = t("m.window.reduce_hint", die=per_die,
                 per_die=t("r.per_die", chips=chips(per_die)))
        return Tree("reduce", title, items, hint, MenuStyle.BUTTONS)
    price = offers.cost(cmd.Reroll)
    reroll = _item(offers, "reroll", t("m.window.reroll"), cmd.Reroll(seat), chips(price))
    pass_ = _item(offers, "pass", t("m.window.pass"), cmd.Pass(seat))
    assert reroll is not None and pass_ is not None
    items = [pass_, reroll]
    items[0].button, items[1].button = "left", "select"
    what = ROLL_WORDS[window.roll] if window.roll else t("m.window.roll")
    whose = (t("r.your", what=what) if seat == window.roller
             else t("r.whose", name=roller, what=what))
    return Tree("reroll", t("r.reroll_title", roll=whose), items,
                t("m.window.reroll_hint", n=price), MenuStyle.BUTTONS)


def seat_tree(state: GameState, seat: int) -> Tree | None:
    """The root menu of a seat now, or None when the rules offer it nothing: the phase
    table says what kind of act it is; this module only draws the menu."""
    offers = Offers.of_seat(state, seat)
    if not offers.options:
        return None
    build = _TREES.get(offers.view.act)
    return build(state, seat) if build is not None else None


_TREES: dict[ActKind, Callable[[GameState, int], Tree]] = {
    ActKind.TRAIN: training_tree,
    ActKind.BID: bid_tree,
    ActKind.WEATHER: weather_tree,
    ActKind.REACT: window_tree,
    ActKind.TURN: turn_tree,
    ActKind.MOVE: moving_tree,
    ActKind.PRESS: pressing_tree,
}
"""The menu each kind of act opens with (setting up has its own tree; a game over none)."""
