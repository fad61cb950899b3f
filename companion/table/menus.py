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


@dataclass
class Node:
    """One item of a tree: a command, a sub-menu, or (setup only) a UI-only action."""

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


@dataclass
class Tree:
    """One menu level."""

    key: str
    title: str
    items: list[Node] = field(default_factory=list)
    hint: str = ""
    style: str = "list"
    default: str | None = None  # the key focused on entry (else the first enabled item)
    confirm: bool = False  # a confirmation step before chips are paid
    note: str = ""  # a line under the title

    def find(self, key: str) -> Node | None:
        """The item with this key."""
        return next((n for n in self.items if n.key == key), None)

    def enabled_keys(self) -> list[str]:
        """Keys of the items that can be chosen, in order."""
        return [n.key for n in self.items if n.enabled]


LIST_HINT = "◀ ▶ choose · ● select"
SUB_HINT = "◀ ▶ choose · ● select · hold ● back"
BID_HINT = "▶ +1 · ◀ −1 · hold ◀ clears · hold ▶ blinks your bid · ● lock in"
CLIMATE_LABEL = {Climate.WARM: "Warm (sun)", Climate.MODERATE: "Moderate (sun/cloud)",
                 Climate.COLD: "Cold (cloud)"}
ZONE_LABEL = {Zone.SOUTHERN: "Southern", Zone.CENTRAL: "Central", Zone.NORTHERN: "Northern"}
PLACE_LABEL = {RestPlace.ANCHORAGE: "Anchorage", RestPlace.SMALL_TOWN: "Nikolai or Unal-Akleet",
               RestPlace.TOWN: "Another town", RestPlace.WILDERNESS: "Wilderness or rough terrain"}
ROLL_WORDS = {RollKind.WEATHER: "weather", RollKind.DOGS: "dog dice",
              RollKind.TERRAIN: "terrain roll", RollKind.AVALANCHE: "avalanche roll",
              RollKind.PRESS: "pressing roll"}
STICK_LABEL = {StickAction.PLACE: "Place a stick", StickAction.MOVE: "Move a stick",
               StickAction.REMOVE: "Remove a stick"}


def chips(n: int) -> str:
    """'1 chip', '3 chips'."""
    return f"{n} chip" if n == 1 else f"{n} chips"


def dogs(n: int) -> str:
    """'1 dog', '3 dogs'."""
    return f"{n} dog" if n == 1 else f"{n} dogs"


def gain_text(n_dogs: int, n_chips: int) -> str:
    """'2 dogs + 2 chips', '6 chips', 'nothing'."""
    parts = [dogs(n_dogs)] if n_dogs else []
    if n_chips:
        parts.append(chips(n_chips))
    return " + ".join(parts) or "nothing"


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
        reason = f"needs {chips(command.cost)}"
    return Node(key, label, reason or detail, False, None)


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
            blocked = "not in Short game A (S8)"
        elif climate not in allowed:
            blocked = "full"
        else:
            blocked = ""
        detail = "" if settings.variants.free_training else (
            f"{taken.count(climate)} of {maxima[climate]} taken")
        items.append(_item(state, climate.value, CLIMATE_LABEL[climate], command, detail,
                           blocked))
    return Tree("training", f"{name(state, seat)}: choose your training", items, LIST_HINT)


def bid_tree(state: GameState, seat: int) -> Tree:
    """R1: explains the buttons; nothing in it depends on a bid's value (I5)."""
    if state.bids[seat] is not None:
        unlock = _item(state, "unlock", "Unlock", cmd.UnlockBid(seat))
        unlock.button = "select"
        return Tree("bid", "Locked in", [unlock], "● unlock · hold ▶ blinks your bid", "bid")
    items = [Node("less", "One chip less", button="left"),
             Node("more", "One chip more", button="right"),
             Node("lock", "Lock in", button="select")]
    return Tree("bid", "Secret bid", items, BID_HINT, "bid")


def weather_tree(state: GameState, seat: int) -> Tree:
    """W2-W3: the Ice Bear rolls on the chart of the leading zone."""
    settings = state.settings
    assert settings is not None
    zone = weather_zone(state)
    placeholder = zone.value in settings.charts.placeholders
    detail = f"{ZONE_LABEL[zone]} chart" + (" (placeholder)" if placeholder else "")
    roll = _item(state, "roll", "Roll the weather", cmd.RollWeather(seat), detail)
    return Tree("weather", f"{name(state, seat)}: roll the weather", [roll], "● roll")


def stick_tree(state: GameState, seat: int) -> Tree:
    """X4: place, move or remove an avalanche stick for 5 chips."""
    items = []
    for action in StickAction:
        if action is StickAction.PLACE and state.sticks >= TOTAL_STICKS:
            blocked = f"all {TOTAL_STICKS} sticks are in play"
        elif action is not StickAction.PLACE and state.sticks == 0:
            blocked = "no stick in play"
        else:
            blocked = ""
        items.append(_item(state, action.value, STICK_LABEL[action],
                           cmd.MoveStick(seat, action), chips(STICK_COST), blocked))
    return Tree("stick", "Avalanche stick (X4)", items, SUB_HINT)


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
        detail = f"gives {gain_text(real, n_chips)}" if real < n_dogs else ""
        items.append(_item(state, str(index), gain_text(n_dogs, n_chips),
                           cmd.Rest(seat, place, index), detail))
    return Tree(f"rest.{place.value}", f"Rest: {PLACE_LABEL[place]}", items, SUB_HINT,
                default=str(suggested_rest(state, seat, place)))


REST_LABEL = {RestPlace.ANCHORAGE: "Rest at Anchorage", RestPlace.SMALL_TOWN:
              "Rest at Nikolai or Unal-Akleet", RestPlace.TOWN: "Rest in a town",
              RestPlace.WILDERNESS: "Rest in the wilderness"}


def _rest_label(state: GameState, seat: int, place: RestPlace) -> str:
    """The place by its name where the zone tells which one it is (Nikolai is in the
    Southern Zone, Unal-Akleet in the Northern)."""
    if place is RestPlace.SMALL_TOWN:
        zone = state.zone_of(seat)
        if zone is Zone.SOUTHERN:
            return "Rest at Nikolai"
        if zone is Zone.NORTHERN:
            return "Rest at Unal-Akleet"
    return REST_LABEL[place]


def rest_items(state: GameState, seat: int) -> dict[RestPlace, Node]:
    """Z1: one item for each place the engine offers where the sled is (Anchorage on the
    first board, Nikolai or Unal-Akleet outside the Central Zone); a place with a single
    choice is chosen at once."""
    items = {}
    for place in rest_places(state, seat):
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


def turn_tree(state: GameState, seat: int) -> Tree:
    """T1-T2: move or rest (and X4 sticks, which a seat may use on its turn).

    Move is in the middle and focused: a town rest is one ◀ away, a wilderness rest one ▶,
    so the usual decisions take three presses at most.
    """
    player = state.players[seat]
    colour = state.colour_of(seat)
    move_detail = f"{dogs(player.uncovered)}, {colour.value} dice" if colour else ""
    rests = rest_items(state, seat)
    move = _item(state, "move", "Move", cmd.Move(seat), move_detail,
                 "all dogs covered: you must rest (T2)")
    items = [*(rests[p] for p in (RestPlace.TOWN,) if p in rests), move,
             *(rests[p] for p in (RestPlace.WILDERNESS,) if p in rests),
             _submenu("stick", "Avalanche stick", stick_tree(state, seat), chips(STICK_COST),
                      f"needs {chips(STICK_COST)}"),
             *(rests[p] for p in (RestPlace.SMALL_TOWN, RestPlace.ANCHORAGE) if p in rests)]
    if move.enabled:
        title = f"{name(state, seat)}: move or rest?"
    else:
        title = f"{name(state, seat)}: rest (all dogs covered)"
    return Tree("turn", title, items, LIST_HINT, default="move")


def _roll_tree(state: GameState, seat: int, kind: RollKind) -> Tree:
    """M4/M5: the modifier to buy before the roll, each with its odds (X3)."""
    items = []
    crossing = CROSSINGS[kind]
    title = "Rough terrain roll (M4)" if kind is RollKind.TERRAIN else "Avalanche roll (M5)"
    for modifier in range(crossing.max_modifier + 1):
        command: cmd.Command
        if kind is RollKind.TERRAIN:
            command = cmd.RollTerrain(seat, modifier)
        else:
            command = cmd.RollAvalanche(seat, modifier)
        odds = percent(crossing.winning_faces(modifier))
        cost = chips(modifier) if modifier else "free"
        items.append(_item(state, str(modifier), f"+{modifier}", command, f"{odds} · {cost}"))
    return Tree(kind.value, title, items, SUB_HINT, default="0")


def moving_tree(state: GameState, seat: int) -> Tree:
    """M1-M5, X4, X5, zones, Nikolai (S9), Nome (T3): what happened as the sled moved."""
    turn = state.turn
    settings = state.settings
    assert turn is not None and settings is not None
    player = state.players[seat]
    left = turn.spaces - turn.entered
    no_space = "no spaces left" if turn.spaces else "no spaces"
    items = [_item(state, "done", "Done moving", cmd.EndMove(seat))]
    terrain = _roll_tree(state, seat, RollKind.TERRAIN)
    items.append(_submenu("terrain", "Rough terrain roll", terrain, "4-6 enters",
                          no_space if left <= 0 else ""))
    avalanche = _roll_tree(state, seat, RollKind.AVALANCHE)
    items.append(_submenu("avalanche", "Avalanche roll", avalanche, "6 crosses",
                          "no stick in play" if state.sticks == 0 else no_space))
    for forward in (True, False):
        board = next_board(settings, player.board, forward)
        if board is None:
            continue
        target = settings.boards[board]
        if settings.arrangement is Arrangement.CUSTOM:
            label = f"{'Crossed onto' if forward else 'Went back to'} {target.name}"
        else:
            zone = ZONE_LABEL[target.zone]
            label = f"{'Crossed into' if forward else 'Went back into'} the {zone} Zone"
        items.append(_item(state, "cross" if forward else "back", label,
                           cmd.CrossZone(seat, forward), "", "no spaces"))
    if settings.variants.skip_central and state.zone_of(seat) is Zone.SOUTHERN:
        items.append(_item(state, "nikolai", "Reached Nikolai", cmd.ReachNikolai(seat),
                           "go to Unal-Akleet (S9)", "no spaces"))
    if not settings.variants.short_north and at_nome_board(state, seat):
        items.append(_item(state, "nome", "Reached Nome!", cmd.ReachNome(seat), "wins (T3)",
                           "no spaces"))
    if turn.context is not MoveContext.EARLY:
        blocked = "paid for this turn" if turn.passing else ""
        items.append(_item(state, "passing", "Pass opponents", cmd.PayPassing(seat),
                           f"{chips(PASSING_COST)}, this turn", blocked))
        items.append(_submenu("stick", "Avalanche stick", stick_tree(state, seat),
                              chips(STICK_COST), f"needs {chips(STICK_COST)}"))
    if turn.context is MoveContext.EARLY:
        title = f"{name(state, seat)}: Early Riser, move 1 space"
    elif turn.context is MoveContext.PRESS:
        title = f"{name(state, seat)}: pressing bonus, up to {turn.spaces} more"
    else:
        title = f"{name(state, seat)}: move up to {turn.spaces}"
    hint = "Move your sled, then say what happened"
    return Tree("moving", title, items, hint, default="done")


def pressing_tree(state: GameState, seat: int) -> Tree:
    """P1: roll the standard die on the pressing chart, or not."""
    items = [_item(state, "press", "Roll for the pressing bonus", cmd.Press(seat)),
             _item(state, "skip", "Skip", cmd.SkipPress(seat))]
    return Tree("pressing", f"{name(state, seat)}: pressing bonus?", items, LIST_HINT)


def window_tree(state: GameState, seat: int) -> Tree:
    """X2 / X1: a reaction window's buttons for one seat that may still act."""
    window = state.window
    assert window is not None
    roller = name(state, window.roller)
    if window.kind is WindowKind.REDUCE:
        cap, die = reduce_cap(state), REDUCE_CHIPS_PER_DIE
        items = [
            _item(state, "pass", "Pass", cmd.Pass(seat)),
            _item(state, "pay1", "Pay 1 chip", cmd.Reduce(seat, 1), "", f"{cap} left to pay"),
            _item(state, "pay2", f"Pay {chips(die)}", cmd.Reduce(seat, die), "1 die",
                  f"only {chips(cap)} can go in" if cap < die else ""),
        ]
        for node, button in zip(items, ("left", "right", "select"), strict=True):
            node.button = button
        title = f"Take dice from {roller}?"
        hint = f"◀ pass · ▶ pay 1 · ● pay {die} ({chips(die)} a die)"
        return Tree("reduce", title, items, hint, "buttons")
    items = [_item(state, "pass", "Pass", cmd.Pass(seat)),
             _item(state, "reroll", "Roll again", cmd.Reroll(seat), chips(REROLL_COST))]
    items[0].button, items[1].button = "left", "select"
    what = ROLL_WORDS[window.roll] if window.roll else "roll"
    title = f"Reroll your {what}?" if seat == window.roller else f"Reroll {roller}'s {what}?"
    return Tree("reroll", title, items, f"◀ pass · ● pay {REROLL_COST}", "buttons")


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
