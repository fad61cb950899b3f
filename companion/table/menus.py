"""Menus as trees built from the rules: every enabled item is a command `is_legal()` accepts.

A tree is rebuilt from the state whenever it is needed, so it can never go stale: an item
is enabled exactly when the engine would accept its command now (or, for a step into a
sub-menu, when something inside is enabled). Items that cannot apply at all (Nikolai
without S9, the Anchorage rest away from the first board) are left out; items that apply
but are blocked now (too few chips, no stick in play) are shown greyed with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.rules import commands as cmd
from companion.rules.engine import (
    allowed_trainings,
    is_legal,
    next_board,
    rest_places,
    weather_zone,
)
from companion.rules.model import (
    CLIMATES,
    CROSSINGS,
    PASSING_COST,
    REDUCE_CHIPS_PER_DIE,
    REROLL_COST,
    REST_CHOICES,
    STICK_COST,
    TOTAL_STICKS,
    Arrangement,
    Climate,
    MoveContext,
    RestPlace,
    RollKind,
    StickAction,
    WindowKind,
    Zone,
    training_maxima,
)
from companion.rules.phases import ActKind, act_of, seats_to_act
from companion.rules.queries import at_nome_board, reduce_cap
from companion.rules.state import GameState
from companion.table.actions import TableAction
from companion.table.frame import MenuStyle, Screen
from companion.words import Lookup, count, t


@dataclass
class Node:
    """One item of a tree: a command, a sub-menu, a table action, or (setup only) a
    UI-only action."""

    key: str
    label: str
    detail: str = ""
    enabled: bool = True
    command: cmd.Command | None = None
    children: Tree | None = None
    action: Callable[[], None] | None = None  # setup: change the draft, no rules command
    pop: bool = False  # after `action`, step back out one level (a value was picked)
    button: str = ""  # style "bid": the button that explains this item
    back: bool = False  # choosing it steps back out one level ("Cancel" of a confirmation)
    pledge: bool = False  # X2: `command` is promised now and paid when the window closes
    short: str = ""  # the item's name in a branch's label ("Wilderness · Stick")
    hold: bool = False  # chosen by holding `button` (about 2 s), not by a short press
    act: TableAction | None = None  # the table's own choice, when `command` is None
    claims: bool = False  # stepping in claims the open window (its countdown holds)


@dataclass
class Tree:
    """One menu level."""

    key: str
    title: str
    items: list[Node] = field(default_factory=list)
    hint: str = ""
    style: MenuStyle = MenuStyle.LIST
    default: str | None = None  # the key focused on entry (else the first enabled item)
    confirm: bool = False  # a confirmation step before chips are paid
    note: str = ""  # a line under the title
    screen: Screen | None = None  # the screen while the active seat stands here

    def find(self, key: str) -> Node | None:
        """The item with this key."""
        return next((n for n in self.items if n.key == key), None)

    def enabled_keys(self) -> list[str]:
        """Keys of the items that can be chosen, in order."""
        return [n.key for n in self.items if n.enabled]


KEYS = MenuStyle.KEYS
"""The style of a sub-menu of at most three items, each chosen at once by its own button
(drawn beside it), ● always on the safe or suggested one: one press instead of moving a
focus and selecting it."""
# Words read in the screen's language at each use (companion.words).
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


def name(state: GameState, seat: int) -> str:
    """A seat's player name."""
    return state.players[seat].name


def _item(state: GameState, key: str, label: str, command: cmd.Command, detail: str = "",
          blocked: str = "") -> Node:
    """An item for a command: enabled iff legal now; otherwise greyed with a reason."""
    if is_legal(state, command):
        return Node(key, label, detail, True, command)
    reason = blocked
    if not reason and command.seat >= 0 and command.cost > state.players[command.seat].chips:
        reason = t("m.needs", chips=chips(command.cost))
    return Node(key, label, reason or detail, False, None)


def _keyed(tree: Tree, first: str) -> Tree:
    """`tree` in the KEYS style: ● on the item `first`, ◀ and ▶ on the others in order.
    Only for a tree of at most three items."""
    assert len(tree.items) <= 3
    others = iter(("left", "right"))
    for node in tree.items:
        node.button = "select" if node.key == first else next(others)
    tree.style, tree.hint, tree.default = KEYS, t("m.hint.keys"), first
    return tree


def keys(key: str, title: str, *, left: Node | None = None, select: Node | None = None,
         right: Node | None = None, hint: str = "", note: str = "",
         confirm: bool = False) -> Tree:
    """A KEYS level from its three slots (an empty slot is no item): ● first, then ◀, ▶,
    as the screen lists them."""
    items = []
    for node, button in ((select, "select"), (left, "left"), (right, "right")):
        if node is not None:
            node.button = button
            items.append(node)
    return Tree(key, title, items, hint or t("m.hint.keys"), KEYS,
                default=select.key if select is not None else None, confirm=confirm,
                note=note)


def branch(key: str, tree: Tree, label: str = "") -> Node:
    """An item that opens a KEYS level, named (unless `label` says otherwise) after what it
    holds, in slot order ◀ ● ▶ ("Wilderness · Stick"), so the label says what each press
    behind it reaches; the level is titled the same when it has no title of its own."""
    order = {"left": 0, "select": 1, "right": 2}
    parts = [n.short or n.label for n in sorted(tree.items, key=lambda n: order[n.button])]
    label = label or " · ".join(parts)
    tree.title = tree.title or label
    return _submenu(key, label, tree)


def relabel(node: Node) -> None:
    """After a slot of `node`'s level changed: its label names what it holds again."""
    assert node.children is not None
    node.label = branch(node.key, node.children).label


def _submenu(key: str, label: str, tree: Tree, detail: str = "", blocked: str = "") -> Node:
    """An item that opens `tree`; enabled iff something in it can be chosen."""
    enabled = bool(tree.enabled_keys())
    return Node(key, label, detail if enabled else (blocked or detail), enabled, None, tree)


# --- one builder per phase ---------------------------------------------------------------


def training_tree(state: GameState, seat: int) -> Tree:
    """S4, S5, S8: all three trainings, the full ones greyed."""
    settings = state.settings
    assert settings is not None
    allowed = allowed_trainings(state)
    maxima = training_maxima(settings.players)
    taken = [p.training for p in state.players if p.training is not None]
    items = []
    for climate in CLIMATES:
        command = cmd.ChooseTraining(seat, climate)
        if settings.variants.short_north and climate is Climate.COLD:
            blocked = t("m.training.blocked_short")
        elif climate not in allowed:
            blocked = t("m.training.full")
        else:
            blocked = ""
        detail = "" if settings.variants.free_training else (
            t("m.training.taken", taken=taken.count(climate), most=maxima[climate]))
        items.append(_item(state, climate.value, CLIMATE_LABEL[climate], command, detail,
                           blocked))
    return Tree("training", t("m.training.title", name=name(state, seat)), items,
                t("m.hint.list"))


def bid_tree(state: GameState, seat: int) -> Tree:
    """R1: explains the buttons; nothing in it depends on a bid's value (I5)."""
    if state.bids[seat] is not None:
        unlock = _item(state, "unlock", t("m.bid.unlock"), cmd.UnlockBid(seat))
        unlock.button = "select"
        return Tree("bid", t("m.bid.locked"), [unlock], t("m.bid.locked_hint"),
                    MenuStyle.BID)
    items = [Node("less", t("m.bid.less"), button="left"),
             Node("more", t("m.bid.more"), button="right"),
             Node("lock", t("m.bid.lock"), button="select")]
    return Tree("bid", t("m.bid.title"), items, t("m.hint.bid"), MenuStyle.BID)


def weather_tree(state: GameState, seat: int) -> Tree:
    """W2-W3: the Ice Bear rolls on the chart of the leading zone."""
    settings = state.settings
    assert settings is not None
    zone = weather_zone(state)
    placeholder = zone.value in settings.charts.placeholders
    detail = t("m.weather.chart_placeholder" if placeholder else "m.weather.chart",
               zone=ZONE_LABEL[zone])
    roll = _item(state, "roll", t("m.weather.roll"), cmd.RollWeather(seat), detail)
    return Tree("weather", t("m.weather.title", name=name(state, seat)), [roll],
                t("m.weather.hint"))


def stick_tree(state: GameState, seat: int) -> Tree:
    """X4: place, move or remove an avalanche stick for 5 chips.

    Reaching this menu is the choice to pay for a stick; the action is its confirmation
    (the question names the price): ◀ places one, ▶ removes one, holding ▶ moves one, and
    ● says no. ● never pays here, as nowhere else: a habitual ● steps back out."""
    nodes = {}
    for action in StickAction:
        if action is StickAction.PLACE and state.sticks >= TOTAL_STICKS:
            blocked = t("m.stick.all_in_play", n=TOTAL_STICKS)
        elif action is not StickAction.PLACE and state.sticks == 0:
            blocked = t("m.stick.none")
        else:
            blocked = ""
        nodes[action] = _item(state, action.value, STICK_LABEL[action],
                              cmd.MoveStick(seat, action), chips(STICK_COST), blocked)
    tree = keys("stick", t("m.stick.question", chips=chips(STICK_COST)),
                select=Node("no", t("r.no"), back=True), left=nodes[StickAction.PLACE],
                right=nodes[StickAction.REMOVE], hint=t("m.stick.hint_hold"), confirm=True)
    move = nodes[StickAction.MOVE]
    move.button, move.hold = "right", True
    move.label = t("m.stick.move_hold", label=move.label)
    tree.items.append(move)
    return tree


def stick_item(state: GameState, seat: int) -> Node:
    """The item that opens the stick menu (X4)."""
    node = _submenu("stick", t("m.stick.item"), stick_tree(state, seat), chips(STICK_COST),
                    t("m.needs", chips=chips(STICK_COST)))
    node.short = t("m.short.stick")
    return node


def suggested_rest(state: GameState, seat: int, place: RestPlace) -> int:
    """The rest choice a menu opens on: dogs when the team is tired, chips when the
    player is short of them (a suggestion only: every choice is one press away)."""
    player = state.players[seat]
    dog_value = 2.0 if player.covered >= 3 else 0.8
    chip_value = 1.0 if player.chips < 8 else 0.5 if player.chips < 16 else 0.25
    choices = REST_CHOICES[place]

    def value(index: int) -> float:
        n_dogs, n_chips = choices[index]
        return min(n_dogs, player.covered) * dog_value + n_chips * chip_value

    return max(range(len(choices)), key=value)


def rest_choice_tree(state: GameState, seat: int, place: RestPlace) -> Tree:
    """Z1-Z2: each choice with what it would really give (uncovering is capped)."""
    covered = state.players[seat].covered
    items = []
    for index, (n_dogs, n_chips) in enumerate(REST_CHOICES[place]):
        real = min(n_dogs, covered)  # the label is what it gives, unless Z2 cuts it
        detail = t("m.rest.gives", gain=gain_text(real, n_chips)) if real < n_dogs else ""
        items.append(_item(state, str(index), gain_text(n_dogs, n_chips),
                           cmd.Rest(seat, place, index), detail))
    tree = Tree(f"rest.{place.value}", t("m.rest.title", place=PLACE_LABEL[place]), items,
                t("m.hint.sub"),
                default=str(suggested_rest(state, seat, place)), screen=Screen.REST)
    if len(items) <= 3:  # a wilderness or Nikolai rest: any choice in one press
        _keyed(tree, tree.default or items[0].key)
    return tree


REST_LABEL = Lookup({p: f"m.rest.{p.value}" for p in RestPlace})


def _rest_label(state: GameState, seat: int, place: RestPlace) -> str:
    """The place by its name where the zone tells which one it is (Nikolai is in the
    Southern Zone, Unal-Akleet in the Northern)."""
    if place is RestPlace.SMALL_TOWN:
        zone = state.zone_of(seat)
        if zone is Zone.SOUTHERN:
            return t("m.rest.nikolai")
        if zone is Zone.NORTHERN:
            return t("m.rest.unal_akleet")
    return REST_LABEL[place]


def rest_items(state: GameState, seat: int) -> dict[RestPlace, Node]:
    """Z1: one item for each place the engine offers where the sled is (Anchorage on the
    first board, Nikolai or Unal-Akleet outside the Central Zone), other towns aside (their
    four choices take two items: `_town_item`); a place with a single choice is chosen at
    once."""
    items: dict[RestPlace, Node] = {}
    for place in rest_places(state, seat):
        if place is RestPlace.TOWN:
            continue
        tree = rest_choice_tree(state, seat, place)
        if not tree.enabled_keys():
            continue
        label = _rest_label(state, seat, place)
        if len(tree.items) == 1:
            only = tree.items[0]
            items[place] = Node(f"rest.{place.value}", label, only.label, True, only.command)
        else:
            tree.title = label
            items[place] = _submenu(f"rest.{place.value}", label, tree)
    return items


def _town_item(state: GameState, seat: int) -> tuple[Node | None, Node | None]:
    """Z1, another town: the suggested choice as one item, the other three behind one more
    press ("Other choices"), so each is at most three presses from the turn menu."""
    if RestPlace.TOWN not in rest_places(state, seat):
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
    more = _submenu(f"rest.{RestPlace.TOWN.value}.others", t("m.rest.others"), rest,
                    " · ".join(n.label for n in others))
    return best, more


def turn_tree(state: GameState, seat: int) -> Tree:
    """T1-T2: move or rest (and X4 sticks, which a seat may use on its turn).

    Each choice is one button away at every level, so any of them takes three presses at
    most: ● moves; ◀ opens the towns (● the suggested town choice, ▶ the other three, ◀
    Nikolai or Unal-Akleet); ▶ opens the wilderness (◀), Anchorage (●) and a stick (▶).
    """
    player = state.players[seat]
    colour = state.colour_of(seat)
    move_detail = t("m.turn.move_detail", dogs=dogs(player.uncovered),
                    colour=t(f"colour.{colour.value}")) if colour else ""
    rests = rest_items(state, seat)
    move = _item(state, "move", t("m.turn.move"), cmd.Move(seat), move_detail,
                 t("m.turn.must_rest"))
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
    town_branch = _submenu("towns", t("m.rest.town"), towns)
    if move.enabled:
        title = t("m.turn.title_move", name=name(state, seat))
    else:
        title = t("m.turn.title_rest", name=name(state, seat))
    return keys("turn", title, left=town_branch, select=move,
                right=branch("elsewhere", elsewhere), hint=t("m.hint.keys_top"))


def _faces(kind: RollKind) -> str:
    """The faces that pass a crossing roll unaided: "4-6", "6" (M4, M5)."""
    low = CROSSINGS[kind].success
    return f"{low}-6" if low < 6 else "6"


def _roll_items(state: GameState, seat: int, kind: RollKind) -> list[Node]:
    """M4/M5: one item per modifier to buy before the roll, each with its odds (X3)."""
    items = []
    crossing = CROSSINGS[kind]
    for modifier in range(crossing.max_modifier + 1):
        command: cmd.Command
        if kind is RollKind.TERRAIN:
            command = cmd.RollTerrain(seat, modifier)
        else:
            command = cmd.RollAvalanche(seat, modifier)
        odds = percent(crossing.winning_faces(modifier))
        cost = chips(modifier) if modifier else t("m.roll.free")
        items.append(_item(state, str(modifier), f"+{modifier}", command, f"{odds} · {cost}"))
    return items


def _roll_tree(state: GameState, seat: int, kind: RollKind, items: list[Node]) -> Tree:
    """A roll's modifiers, one button each: +0 on ● (a double press pays nothing), +1 ◀,
    +2 ▶; the avalanche's +3 and +4 on ◀ and ▶ of a second menu (● left empty)."""
    title = t("m.roll.terrain_title") if kind is RollKind.TERRAIN else \
        t("m.roll.avalanche_title")
    if items and items[0].key == "0":
        return keys(kind.value, title, select=items[0],
                    left=items[1] if len(items) > 1 else None,
                    right=items[2] if len(items) > 2 else None)
    return keys(f"{kind.value}.more", title, left=items[0],
                right=items[1] if len(items) > 1 else None)


def _crossing_item(crossings: list[Node]) -> Node | None:
    """Crossing into the next zone, reaching Nome or Nikolai, going back: one item when
    there is one, else a menu of them (at most three apply at once), forward on ●."""
    if len(crossings) <= 1:
        node = crossings[0] if crossings else None
    else:
        assert len(crossings) <= 3
        tree = keys("crossing", t("m.moving.crossing"), select=crossings[0],
                    left=crossings[1], right=crossings[2] if len(crossings) > 2 else None)
        node = _submenu("crossing", t("m.moving.crossing"), tree)
    if node is not None:
        node.short = t("m.short.crossing")
    return node


def moving_tree(state: GameState, seat: int) -> Tree:
    """M1-M5, X4, X5, zones, Nikolai (S9), Nome (T3): what happened as the sled moved.

    ● Done moving; ▶ opens the rough-terrain roll (◀), crossing on (●) and a stick (▶);
    ◀ opens the avalanche roll (◀ +0 to +2, ▶ +3 or +4) and passing opponents (●). Every
    choice is at most three presses away, a roll's modifier included.
    """
    turn = state.turn
    settings = state.settings
    assert turn is not None and settings is not None
    player = state.players[seat]
    left = turn.spaces - turn.entered
    no_space = t("m.moving.no_spaces_left") if turn.spaces else t("m.moving.no_spaces")
    no_stick = t("m.stick.none")
    avalanche = _roll_items(state, seat, RollKind.AVALANCHE)
    low = _submenu("avalanche", t("m.moving.avalanche"),
                   _roll_tree(state, seat, RollKind.AVALANCHE, avalanche[:3]),
                   t("m.moving.avalanche_odds", faces=_faces(RollKind.AVALANCHE)),
                   no_stick if state.sticks == 0 else no_space)
    low.short = t("m.short.avalanche")
    high = _submenu("avalanche.more", t("m.moving.avalanche_more"),
                    _roll_tree(state, seat, RollKind.AVALANCHE, avalanche[3:]),
                    " · ".join(n.detail.split(" · ")[0] for n in avalanche[3:]),
                    no_stick if state.sticks == 0 else no_space)
    terrain = _submenu("terrain", t("m.moving.terrain"),
                       _roll_tree(state, seat, RollKind.TERRAIN,
                                  _roll_items(state, seat, RollKind.TERRAIN)),
                       t("m.moving.terrain_odds", faces=_faces(RollKind.TERRAIN)),
                       no_space if left <= 0 else "")
    terrain.short = t("m.short.terrain")
    crossings: list[Node] = []
    for forward in (True, False):
        board = next_board(settings, player.board, forward)
        if board is None:
            continue
        target = settings.boards[board]
        if settings.arrangement is Arrangement.CUSTOM:
            label = t("m.moving.onto" if forward else "m.moving.back_to", board=target.name)
        else:
            zone = ZONE_LABEL[target.zone]
            label = t("m.moving.into" if forward else "m.moving.back_into", zone=zone)
        crossings.append(_item(state, "cross" if forward else "back", label,
                               cmd.CrossZone(seat, forward), "", t("m.moving.no_spaces")))
    if not settings.variants.short_north and at_nome_board(state, seat):
        crossings.insert(0, _item(state, "nome", t("m.moving.nome"), cmd.ReachNome(seat),
                                  t("m.moving.nome_detail"), t("m.moving.no_spaces")))
    if settings.variants.skip_central and state.zone_of(seat) is Zone.SOUTHERN:
        crossings.insert(1, _item(state, "nikolai", t("m.moving.nikolai"),
                                  cmd.ReachNikolai(seat), t("m.moving.nikolai_detail"),
                                  t("m.moving.no_spaces")))
    early = turn.context is MoveContext.EARLY
    passing = stick = None
    if not early:
        blocked = t("m.moving.paid") if turn.passing else ""
        passing = _item(state, "passing", t("m.moving.passing"), cmd.PayPassing(seat),
                        t("m.moving.passing_detail", chips=chips(PASSING_COST)), blocked)
        passing.short = t("m.short.passing")
        stick = stick_item(state, seat)
    rolls = keys("rolls", "", left=low, select=passing, right=high)
    more = keys("more", "", left=terrain, select=_crossing_item(crossings), right=stick)
    if turn.context is MoveContext.EARLY:
        title = t("m.moving.title_early", name=name(state, seat))
    elif turn.context is MoveContext.PRESS:
        title = t("m.moving.title_press", name=name(state, seat), n=turn.spaces)
    else:
        title = t("m.moving.title", name=name(state, seat), n=turn.spaces)
    # named after the avalanche roll and passing ("+3 or +4" is the same roll)
    rolls_item = branch("rolls", rolls, " · ".join(n.short for n in (low, passing) if n))
    return keys("moving", title, left=rolls_item,
                select=_item(state, "done", t("m.moving.done"), cmd.EndMove(seat)),
                right=branch("more", more), hint=t("m.moving.hint"))


def pressing_tree(state: GameState, seat: int) -> Tree:
    """P1: roll the standard die on the pressing chart, or not."""
    items = [_item(state, "press", t("m.press.roll"), cmd.Press(seat)),
             _item(state, "skip", t("m.press.skip"), cmd.SkipPress(seat))]
    return Tree("pressing", t("m.press.title", name=name(state, seat)), items, t("m.hint.list"))


def window_tree(state: GameState, seat: int) -> Tree:
    """X2 / X1: a reaction window's buttons for one seat that may still act."""
    window = state.window
    assert window is not None
    roller = name(state, window.roller)
    if window.kind is WindowKind.REDUCE:
        cap, die = reduce_cap(state), REDUCE_CHIPS_PER_DIE
        items = [
            _item(state, "pass", t("m.window.pass"), cmd.Pass(seat)),
            _item(state, "pay1", t("r.pay", chips=chips(1)), cmd.Reduce(seat, 1), "",
                  t("m.window.left", n=cap)),
            _item(state, "pay2", t("r.pay", chips=chips(die)), cmd.Reduce(seat, die),
                  count(1, "die"), t("m.window.only", chips=chips(cap)) if cap < die else ""),
        ]
        for node, button in zip(items, ("left", "right", "select"), strict=True):
            node.button = button
        title = t("r.take_title", name=roller)
        hint = t("m.window.reduce_hint", die=die, per_die=t("r.per_die", chips=chips(die)))
        return Tree("reduce", title, items, hint, MenuStyle.BUTTONS)
    items = [_item(state, "pass", t("m.window.pass"), cmd.Pass(seat)),
             _item(state, "reroll", t("m.window.reroll"), cmd.Reroll(seat),
                   chips(REROLL_COST))]
    items[0].button, items[1].button = "left", "select"
    what = ROLL_WORDS[window.roll] if window.roll else t("m.window.roll")
    whose = (t("r.your", what=what) if seat == window.roller
             else t("r.whose", name=roller, what=what))
    return Tree("reroll", t("r.reroll_title", roll=whose), items,
                t("m.window.reroll_hint", n=REROLL_COST), MenuStyle.BUTTONS)


def seat_tree(state: GameState, seat: int) -> Tree | None:
    """The root menu of a seat now, or None when the seat has nothing to do: the phase
    table says who may act and what kind of act it is; this module only draws the menu."""
    if seat not in seats_to_act(state):
        return None
    build = _TREES.get(act_of(state))
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


def walk(tree: Tree, path: Sequence[str]) -> tuple[Tree, int]:
    """The tree reached by following `path`, and how many steps of it were still valid."""
    depth = 0
    for key in path:
        node = tree.find(key)
        if node is None or node.children is None or not node.enabled:
            break
        tree = node.children
        depth += 1
    return tree, depth


def route(tree: Tree, matches: Callable[[cmd.Command], bool]) -> list[str] | None:
    """Keys leading from `tree` to the first enabled item whose command `matches`."""
    for node in tree.items:
        if not node.enabled:
            continue
        if node.command is not None and matches(node.command):
            return [node.key]
        if node.children is not None:
            rest = route(node.children, matches)
            if rest is not None:
                return [node.key, *rest]
    return None
