"""The kernel's shared pieces, each on a game that is not MUSH: the option table with its
cache, the handlers' table (`apply`), the reducer table, what a seated state answers, the
bots' press loop, the codec's envelopes, the trial apply for dice rolled by hand, and
recorded games (known answers).

Both games build on these (`companion.games.mush`, `companion.games.canoe`); here they are
checked on `toy_game.TOY` and on states made for the test, so nothing of either game
hides in them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from toy_game import (
    CODEC,
    EVENTS,
    FLOW,
    HANDLERS,
    OPTIONS,
    REDUCER,
    TOY,
    Act,
    Add,
    Added,
    FirstDrawn,
    Stage,
    Start,
    Started,
    ToySettings,
    ToyState,
    Won,
)

from companion.core import (
    TABLE,
    Command,
    Option,
    OptionTable,
    Reducer,
    RulesError,
    ScriptedDice,
    SeatedState,
    SeededDice,
    UndoPolicy,
    play_out,
    trial,
)
from companion.core.codec import Codec, from_data, to_data
from companion.core.physical import Probe
from companion.core.recorded import RecordingDice, batches, check, kept_events, record
from companion.core.transaction import Handlers, Transaction
from companion.core.values import by_type
from companion.exc import (
    CodecError,
    CommandNotAllowedError,
    GameOverError,
    IllegalChoiceError,
    NotYourTurnError,
    UnknownSeatError,
)

START = Start(TABLE, ToySettings(("A", "B")))
TOY_EVENTS = TOY.apply(TOY.initial, START, ScriptedDice([1]))[1]


def _playing(first: int = 1) -> ToyState:
    return TOY.apply(TOY.initial, START, ScriptedDice([first]))[0]


# --- the option table ---------------------------------------------------------------


def test_the_option_table_asks_each_offer_once_per_state_it_keeps() -> None:
    calls: list[tuple[int, int]] = []

    def counted(state: ToyState, seat: int) -> list[Option[Command]]:
        calls.append((id(state), seat))
        return OPTIONS.offers[Act.ADD](state, seat)

    table: OptionTable[ToyState, Command] = OptionTable(
        {**OPTIONS.offers, Act.ADD: counted}, act_of=FLOW.act_of, actors=FLOW.actors,
        kinds=Act, keep=2)
    state = _playing()
    first = table.options(state, 0)
    assert table.options(state, 0) == first and len(calls) == 1  # kept by identity
    first.clear()  # a caller's list is its own: the kept answer is unchanged
    assert len(table.options(state, 0)) == 2 and len(calls) == 1
    assert table.options(state, 1) == [] and len(calls) == 1  # seat 1 may not act: no offer
    twin = dataclasses.replace(state)
    assert twin == state and twin is not state
    table.options(twin, 0)
    assert len(calls) == 2  # an equal state is another state: asked again
    table.options(_playing(), 0)
    table.options(state, 0)
    assert len(calls) == 4  # only the last `keep` (state, seat) are kept


def test_the_option_table_gives_both_tiers_and_concrete_commands() -> None:
    state = TOY.apply(_playing(), Add(0, 2), ScriptedDice([]))[0]
    state = TOY.apply(state, Add(1, 2), ScriptedDice([]))[0]  # count 4: a 2 passes the goal
    assert [o.blocked is None for o in OPTIONS.options(state, 0)] == [True, False]
    assert OPTIONS.legal(state, 0) == OPTIONS.options(state, 0)[:1]
    assert OPTIONS.legal_commands(state, 0) == [Add(0, 1)]
    assert OPTIONS.is_legal(state, Add(0, 1)) and not OPTIONS.is_legal(state, Add(0, 2))
    assert not OPTIONS.is_legal(state, Add(1, 1))  # not seat 1's turn


def test_the_option_table_needs_an_offer_for_every_kind_of_act() -> None:
    with pytest.raises(ValueError, match="every kind of act needs its offer"):
        OptionTable({Act.START: OPTIONS.offers[Act.START]}, act_of=FLOW.act_of,
                    actors=FLOW.actors, kinds=Act)



def test_the_option_table_says_why_a_command_is_refused() -> None:
    state = TOY.apply(_playing(), Add(0, 2), ScriptedDice([]))[0]
    state = TOY.apply(state, Add(1, 2), ScriptedDice([]))[0]  # count 4: a 2 passes the goal
    assert isinstance(OPTIONS.refusal(state, Add(1, 1)), NotYourTurnError)
    blocked = OPTIONS.refusal(state, Add(0, 2))
    assert isinstance(blocked, CommandNotAllowedError)
    assert str(blocked) == "Add: past_goal (T2; left=1) (T2)"
    assert str(OPTIONS.refusal(state, Start(0, ToySettings(("A", "B"))))) == (
        "Start is not allowed now; allowed: Add")
    wrong = OPTIONS.refusal(state, Add(0, 3))
    assert isinstance(wrong, IllegalChoiceError) and "Add with these values" in str(wrong)
    worded = OptionTable(OPTIONS.offers, act_of=FLOW.act_of, actors=FLOW.actors, kinds=Act,
                         explain=lambda reason: f"{reason.args['left']} to go")
    assert str(worded.refusal(state, Add(0, 2))) == "Add: 1 to go (T2)"

# --- the handlers' table -----------------------------------------------------------


def test_apply_refuses_before_any_handler_and_changes_nothing() -> None:
    state = _playing()
    with pytest.raises(NotYourTurnError, match="seat 1 may not act during playing"):
        TOY.apply(state, Add(1, 1), ScriptedDice([]))  # seat 0's turn: the options' reason
    with pytest.raises(UnknownSeatError, match="there is no seat 2"):
        TOY.apply(state, Add(2, 1), ScriptedDice([]))
    assert state == _playing()
    over = TOY.replay([*TOY_EVENTS, Won(0)])
    with pytest.raises(GameOverError, match="the game is over"):
        TOY.apply(over, Add(0, 1), ScriptedDice([]))
    after, events = TOY.apply(state, Add(0, 2), ScriptedDice([]))
    assert events == [Added(0, 2)] and after.tokens == (1, 2) and state.tokens == (2, 2)


def test_the_handlers_table_needs_a_handler_for_every_command() -> None:
    with pytest.raises(ValueError, match=r"every command needs a handler: \['Add'\]"):
        Handlers({Start: HANDLERS.handlers[Start]}, commands=(Start, Add),
                 transaction=lambda s, d: Transaction(s, d, TOY.evolve),
                 is_legal=OPTIONS.is_legal, over=lambda s: False, seats=lambda s: 2,
                 refusal=lambda s, c: RulesError("no"))


# --- the reducer table --------------------------------------------------------------


def test_the_reducer_folds_events_and_moves_the_phase_by_the_flow() -> None:
    state, events = TOY.apply(TOY.initial, START, ScriptedDice([2]))
    assert state.stage is Stage.PLAYING and state.turn == 1  # FirstDrawn -> playing
    for command in (Add(1, 2), Add(0, 2), Add(1, 1)):
        state, batch = TOY.apply(state, command, ScriptedDice([]))
        events += batch
    assert state.stage is Stage.OVER and state.winner == 1  # Won -> over
    assert TOY.replay(events) == state
    # the opening event starts a fresh game in the first phase, whatever came before
    assert TOY.evolve(state, Started(ToySettings(("C", "D")))) == ToyState(
        settings=ToySettings(("C", "D")), tokens=(2, 2))


def test_the_reducer_needs_a_reducer_for_every_event_type() -> None:
    with pytest.raises(ValueError, match=r"every event type needs a reducer: \['Won'\]"):
        Reducer({t: (lambda s, e: s) for t in EVENTS if t is not Won}, events=EVENTS,
                flow=FLOW, opening=Started, initial=ToyState(), phase="stage")


def _on_start(state: ToyState, event: Started) -> ToyState:
    return state


def _on_add_or_won(state: ToyState, event: Added | Won) -> ToyState:
    return state


def _on_many(state: ToyState, event: Sequence[Added]) -> ToyState:
    return state


def test_a_table_by_type_files_each_function_under_the_type_its_signature_names() -> None:
    table = by_type((_on_start, _on_add_or_won), "a reducer")
    assert table == {Started: _on_start, Added: _on_add_or_won, Won: _on_add_or_won}
    assert by_type([HANDLERS.handlers[Start]], "a handler") == {Start: HANDLERS.handlers[Start]}
    with pytest.raises(ValueError, match=r"a reducer: Added is given twice "
                                         r"\(_on_add_or_won, _on_add_or_won\)"):
        by_type((_on_add_or_won, _on_add_or_won), "a reducer")
    with pytest.raises(ValueError, match=r"a reducer: _on_many takes .*Sequence.*, not a type"):
        by_type((_on_many,), "a reducer")
    # a game's reducers, filed by their signatures, are the table it wrote by hand
    filed = by_type(REDUCER.reducers.values(), "a reducer")
    assert filed == REDUCER.reducers and list(filed) == list(EVENTS)



def test_an_undo_policy_names_only_the_final_types_and_refuses_a_stray_one() -> None:
    policy = TOY.undo
    assert policy.table == {Started: False, FirstDrawn: False, Added: True, Won: True}
    assert list(policy.table) == list(EVENTS)
    assert policy.final_types == (Started, FirstDrawn)
    assert policy.undoable([Added(0, 1), Won(0)])
    assert not policy.undoable([Added(0, 1), Started(ToySettings(("A", "B")))])
    with pytest.raises(ValueError, match="final event types the game does not list: Won"):
        UndoPolicy.all_but((Started, Added), final=(Started, Won))
    with pytest.raises(ValueError, match="named final twice"):
        UndoPolicy.all_but(EVENTS, final=(Started, Started))

# --- a seated state -----------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    name: str
    points: int = 0


@dataclass(frozen=True)
class Turn:
    seat: int


@dataclass(frozen=True)
class Seated(SeatedState[Seat, Turn, ToySettings]):
    settings: ToySettings | None = None
    players: tuple[Seat, ...] = ()
    turn: Turn | None = None


def test_a_seated_state_answers_seats_turns_and_settings() -> None:
    empty = Seated()
    assert empty.seats == range(0) and empty.active is None
    with pytest.raises(AssertionError, match="no game in progress"):
        empty.require_settings()
    with pytest.raises(AssertionError, match="no turn in progress"):
        empty.require_turn()
    state = Seated(ToySettings(("A", "B", "C")), (Seat("A"), Seat("B"), Seat("C")), Turn(2))
    assert state.seats == range(3) and state.active == 2
    assert state.require_turn() == Turn(2) and state.require_settings().names[1] == "B"
    after = state.with_player(1, points=5)
    assert after.players == (Seat("A"), Seat("B", 5), Seat("C")) and state.players[1].points == 0
    assert type(after) is Seated and after.turn == state.turn
    with pytest.raises(TypeError, match="no field"):
        state.with_player(0, score=1)


def test_a_seated_state_keeps_its_own_fields_and_json() -> None:
    assert [f.name for f in dataclasses.fields(Seated)] == ["settings", "players", "turn"]
    state = Seated(ToySettings(("A", "B")), (Seat("A"), Seat("B", 3)), Turn(1))
    assert to_data(state) == {"settings": {"names": ["A", "B"]},
                              "players": [{"name": "A", "points": 0},
                                          {"name": "B", "points": 3}], "turn": {"seat": 1}}
    assert from_data(Seated, to_data(state)) == state


# --- the bots' press loop -----------------------------------------------------------


def _first_legal(state: ToyState) -> Command | None:
    for seat in FLOW.seats_to_act(state):
        commands = OPTIONS.legal_commands(state, seat)
        if commands:
            return commands[-1]
    return None


def test_the_press_loop_plays_a_game_to_its_last_phase() -> None:
    steps: list[tuple[Command, int]] = []
    state, journal = play_out(*TOY.apply(TOY.initial, START, ScriptedDice([1])),
                              choose=_first_legal, apply=TOY.apply, dice=ScriptedDice([]),
                              flow=FLOW, end=Stage.OVER, max_steps=50,
                              on_step=lambda s, c, e: steps.append((c, len(e))))
    assert state.stage is Stage.OVER and TOY.replay(journal) == state
    assert [c for c, _ in steps] == [Add(0, 2), Add(1, 2), Add(0, 1)]
    assert steps[-1][1] == 2  # the last step added and won
    assert len(journal) == 2 + 4  # the start's two events, then each step's


def test_the_press_loop_stops_at_max_steps_and_raises_when_nobody_acts() -> None:
    state, journal = play_out(_playing(), [], choose=_first_legal, apply=TOY.apply,
                              dice=ScriptedDice([]), flow=FLOW, end=Stage.OVER, max_steps=1)
    assert state.count == 2 and len(journal) == 1
    with pytest.raises(RuntimeError, match="no bot can act in phase playing"):
        play_out(_playing(), [], choose=lambda s: None, apply=TOY.apply,
                 dice=ScriptedDice([]), flow=FLOW, end=Stage.OVER, max_steps=5)


# --- the codec ----------------------------------------------------------------------


def test_the_codec_names_its_game_in_errors_and_checks_envelopes() -> None:
    state = _playing()
    assert CODEC.state_from_json(CODEC.state_to_json(state)) == state
    settings = ToySettings(("A", "B", "C"))
    assert CODEC.settings_from_json(CODEC.settings_to_json(settings)) == settings
    for text, words in (('{"v": 1}', "Toy state JSON of an unknown version"),
                        ('{"v": 2, "state": {}}', "Toy state JSON of an unknown version"),
                        ("[1", "not JSON")):
        with pytest.raises(CodecError, match=words):
            CODEC.state_from_json(text)
    with pytest.raises(CodecError, match="Toy settings JSON of an unknown version"):
        CODEC.settings_from_json('{"v": 1}')
    with pytest.raises(CodecError, match="unknown Toy event type 'Lost'"):
        CODEC.event_from_json('{"v": 1, "type": "Lost", "seat": 0}')
    with pytest.raises(CodecError, match="Toy event of an unknown format version 9"):
        CODEC.event_from_json('{"v": 9, "type": "Won", "seat": 0}')
    with pytest.raises(CodecError, match="unknown Toy command type 'Take'"):
        CODEC.command_from_json('{"v": 1, "type": "Take", "seat": 0}')
    plain = Codec(events=EVENTS, commands=(Start, Add), state=ToyState, state_version=1,
                  settings=ToySettings)
    with pytest.raises(CodecError, match=r"^unknown event type 'Lost'"):
        plain.event_from_json('{"v": 1, "type": "Lost", "seat": 0}')
    assert plain.vocabulary == CODEC.vocabulary  # the label is not part of the events


# --- dice rolled by hand ------------------------------------------------------------


def test_a_trial_apply_tells_the_dice_a_command_asks_for_and_changes_nothing() -> None:
    three = Start(TABLE, ToySettings(("A", "B", "C")))
    tried = trial(TOY.apply, TOY.initial, three)
    assert tried is not None
    events, requests = tried
    assert requests == [3]  # one draw among three seats
    assert [type(e) for e in events] == [Started, type(events[1])] and events[1].face == 1
    assert TOY.initial == ToyState()  # states are values: the trial changed nothing
    assert trial(TOY.apply, _playing(), Add(0, 1)) == ([Added(0, 1)], [])  # rolls nothing
    assert trial(TOY.apply, _playing(), Add(1, 1)) is None  # refused: apply says why
    probe = Probe()
    assert [probe.roll(6), probe.roll(20)] == [1, 1] and probe.requests == [6, 20]


# --- recorded games -----------------------------------------------------------------


def _recorded(seed: int) -> tuple[ToyState, list[dict[str, object]]]:
    rng = random.Random(seed)

    def choose(state: ToyState) -> Command | None:
        seats = FLOW.seats_to_act(state)
        commands = OPTIONS.legal_commands(state, seats[0]) if seats else []
        return rng.choice(commands) if commands else None

    return record(TOY, START, choose, SeededDice(seed), rng, end=Stage.OVER, undo_share=0.5)


def test_a_recorded_game_replays_to_the_same_answers() -> None:
    for seed in range(20):
        final, log = _recorded(seed)
        assert final.stage is Stage.OVER
        checked = check(TOY, log)
        assert checked.problems == [] and checked.state == final
        assert TOY.replay(checked.events) == final
        assert TOY.replay(kept_events(TOY, log)) == final
    undone = [log for _, log in map(_recorded, range(20)) if {"undo": True} in log]
    assert undone, "some game takes a command back"
    first = _recorded(3)[1][0]
    assert first["dice"] and first["command"] == json.loads(CODEC.command_to_json(START))


def test_a_recorded_game_that_the_rules_now_answer_otherwise_is_found() -> None:
    _, log = _recorded(1)
    changed = json.loads(json.dumps(log))
    entry = next(e for e in changed if e.get("events") and e["events"][0]["type"] == "Added")
    entry["events"][0]["amount"] = 9
    number = changed.index(entry)
    assert check(TOY, changed).problems == [f"entry {number}: Add answered other events"]
    extra = json.loads(json.dumps(log))
    extra[0]["dice"].append(4)
    assert check(TOY, extra).problems == ["entry 0: faces left over"]


def test_the_recorded_events_come_in_batches_with_undos_marked() -> None:
    log: list[dict[str, object]] = [
        {"command": {}, "dice": [1], "events": [CODEC.event_to_data(Started(START.settings))]},
        {"command": {}, "dice": [], "events": []},  # a command that answered nothing public
        {"command": {}, "dice": [], "events": [CODEC.event_to_data(Added(0, 1))]},
        {"undo": True},
        {"command": {}, "dice": [], "events": [CODEC.event_to_data(Added(0, 2))]},
    ]
    assert list(batches(TOY, log)) == [[Started(START.settings)], [Added(0, 1)], None,
                                       [Added(0, 2)]]
    assert kept_events(TOY, log) == [Started(START.settings), Added(0, 2)]
    dice = RecordingDice(ScriptedDice([4, 2]))
    assert [dice.roll(6), dice.roll(6)] == [4, 2] and dice.faces == [4, 2]
