"""What the table sees of its own pace: payments stay listed, a held countdown says who
holds it, a confirmation step stands out, the weather word waits for its die, the
reveal hides nothing, game over shows the race, and counts are spelt right."""

from __future__ import annotations

from dataclasses import replace

import pygame
from table.helpers import L, R, controller, press
from table.scenes import moving_seat_0

from companion.display import render, theme
from companion.games.mush.screen.ending import race_order
from companion.games.mush.table.menus import turn_tree
from companion.games.mush.table.view import SeatView, TableView, table_view
from display.conftest import save_screen
from display.frames import NAMES, all_frames, moments

FRAMES = {players: all_frames(players) for players in (4, 6)}
SIZES = [(1920, 1080), (1280, 720), (800, 480)]
WEATHER_WORDS = ("Warm", "Moderate", "Cold")


def drawn(frame: object, size: tuple[int, int] = (1920, 1080)) -> list[str]:
    """Every text of the frame as read whole (a wrapped one as one text)."""
    log = render(frame, pygame.Surface(size))  # type: ignore[arg-type]
    assert log.problems() == []
    return log.whole()


def test_every_payment_of_the_turn_stays_listed_under_the_roll() -> None:
    frame = FRAMES[4]["dogs_paid_held"]
    texts = drawn(frame)
    folded = [t for t in texts if t.startswith("+ ") and "earlier payment" in t]
    assert len(folded) <= 1  # the oldest are folded into one line, never silently dropped
    older = int(folded[0].split()[1]) if folded else 0
    listed = [t for t in texts if " paid " in t]
    assert older + len(listed) == len(frame.payments) and len(listed) >= 2
    for text, payment in zip(listed, frame.payments[older:], strict=True):
        assert text == payment.text
    # still there while the reroll's dice tumble: the trace lasts the whole turn
    rolling = FRAMES[4]["dogs_paid_rolling"]
    assert {p.text for p in rolling.payments} <= set(drawn(rolling))
    assert "5 dogs of 8 red dice" not in drawn(rolling)  # the dice still tumble


def test_payments_fit_at_every_size() -> None:
    """A payment line is read whole at every size, over two lines when it must be."""
    for players in (4, 6):
        for size in SIZES:
            frame = FRAMES[players]["dogs_paid_held"]
            log = render(frame, pygame.Surface(size))
            assert log.problems() == []
            assert frame.payments[-1].text in log.whole()
            assert not any(d.fit == "ellipsized" for d in log.draws if " paid " in d.source)


def test_a_held_countdown_says_who_is_choosing() -> None:
    frame = FRAMES[4]["dogs_paid_held"]
    assert frame.countdown is not None and frame.countdown.held
    holders = [NAMES[4][s] for s in frame.countdown.holders]
    texts = drawn(frame)
    assert "Reroll: held" in texts
    assert f"{holders[0]} and {holders[1]} are choosing…" in texts
    assert not any(t.endswith("s left") for t in texts)
    running = replace(frame, countdown=replace(frame.countdown, held=False, holders=()))
    assert "Reroll: 2 s left" in drawn(running)


def test_a_long_confirmation_question_is_read_whole() -> None:
    frame = FRAMES[6]["moving_confirm"]
    for size in SIZES:
        texts = drawn(frame, size)
        question = [t for t in texts if "rough-terrain" in t or t.startswith("Pay 2 chips")
                    or t.endswith("roll?")]
        assert question and not any(t.endswith("…") for t in question), (size, question)


def test_a_confirmation_is_asked_as_a_question_in_a_yellow_frame() -> None:
    frame = FRAMES[4]["moving_confirm"]
    surface = pygame.Surface((1920, 1080))
    log = render(frame, surface)
    assert log.problems() == []
    at = next(i for i, d in enumerate(log.draws) if d.source.startswith("Pay 2 chips for +2"))
    title = log.draws[at]
    question = " ".join(d.text for d in log.draws[at:at + 2])  # one line, or two
    assert "rough-terrain roll?" in question
    assert "rolls when the reroll window closes" in log.texts()
    # the menu's frame is drawn in yellow, unlike a seat's ordinary menu
    x, y, _, h = title.rect
    frame_pixels = {tuple(surface.get_at((px, y + h // 2)))[:3] for px in range(x - 120, x)}
    assert theme.YELLOW in frame_pixels


def test_the_weather_word_waits_for_the_die_to_land() -> None:
    rolling = FRAMES[4]["weather_reroll_paid"]
    weather = rolling.view.weather
    assert weather is not None and rolling.animation_progress < 1
    texts = drawn(rolling)
    header_and_title = [t for t in texts if "·" in t or "weather" in t.lower()]
    assert all(w not in t for t in header_and_title for w in WEATHER_WORDS), header_and_title
    assert f"Weather: {weather.capitalize()}" not in texts
    assert any("rolling the weather" in t.lower() for t in texts)
    # the dice colours follow from the weather (W4): they wait for the die too
    assert not [t for t in texts if t in ("red", "green", "blue") or t.endswith(
        (": red", ": green", ": blue"))]
    # a forced reroll says who paid for it, while it rolls and once it has landed
    assert rolling.payments[0].text in texts
    landed = drawn(FRAMES[4]["weather_reroll_landed"])
    assert f"Weather: {weather.capitalize()}" in landed
    assert any(t.startswith(weather.capitalize()) and "·" in t for t in landed)
    assert rolling.payments[0].text in landed


def test_game_over_shows_the_race_not_the_turn_order() -> None:
    """T3: the winner first, then every sled by how far it got, each with its zone and
    board; only the winner has a place (the companion has no map to rank the others)."""
    frame = FRAMES[4]["game_over"]
    view = frame.view
    race = race_order(view)
    assert race[0] == (1, view.winner)
    boards = [view.seats[seat].board for _, seat in race[1:]]
    assert boards == sorted(boards, reverse=True)
    log = render(frame, pygame.Surface((1920, 1080)))
    assert log.problems() == []
    texts = log.texts()
    assert "The race" in texts and "Reached Nome" in texts
    rows = texts[texts.index("Chips spent") + 1:]
    names = [t for t in rows if len(t.rstrip("…")) > 1 and any(
        n.startswith(t.rstrip("…")) for n in NAMES[4])]  # (badge letters left out)
    assert [NAMES[4][seat] for _, seat in race] == [
        next(n for n in NAMES[4] if n.startswith(t.rstrip("…"))) for t in names]
    assert [t for t in rows if t in ("1st", "2nd", "3rd", "4th")] == ["1st"]
    assert sum(1 for t in rows if " · board " in t) == len(race) - 1
    # the seat cards no longer show the last round's turn order as if it were a place
    strip = texts[:texts.index("The race")]
    assert not [t for t in strip if t in ("2nd", "3rd", "4th")]


def test_only_the_winner_has_a_place() -> None:
    view = TableView(winner=2, seats=tuple(SeatView(seat, f"p{seat}", board=board)
                                           for seat, board in enumerate((3, 4, 4, 3))))
    assert race_order(view) == [(1, 2), (None, 1), (None, 0), (None, 3)]


def test_counts_of_one_are_singular() -> None:
    state = moments(4).states["turn"]
    active = state.active or 0
    one = state.with_player(active, chips=1, covered=7)
    frame = replace(FRAMES[4]["turn"], view=table_view(one))
    texts = drawn(frame)
    assert "1 chip" in texts and "1 chips" not in texts
    assert any("rolls 1 green die" in t or "rolls 1 red die" in t or "rolls 1 blue die" in t
               for t in texts), texts


def test_a_forced_rest_is_not_asked_as_move_or_rest() -> None:
    state = moments(4).states["turn"]
    active = state.active or 0
    forced = state.with_player(active, covered=8)
    assert turn_tree(forced, active).title.endswith("rest (all dogs covered)")
    assert turn_tree(state, active).title.endswith("move or rest?")
    texts = drawn(FRAMES[4]["turn_forced_rest"])
    assert not any("Move or rest?" in t for t in texts)
    assert any("must rest" in t for t in texts)


def test_the_order_of_play_stays_on_the_seat_cards() -> None:
    for name in ("weather_reroll_paid", "dogs_paid_held", "moving"):
        texts = drawn(FRAMES[6][name])
        assert [t for t in texts if t in ("1st", "2nd", "3rd", "4th", "5th", "6th")] != []


def test_a_keys_menu_shows_each_items_button_at_every_size() -> None:
    # M4: the rough-terrain roll's menu: one press chooses the modifier, so each row
    # shows its button, and nothing is cut at any size
    state, dice = moving_seat_0(dogs=3)
    ctl, _ = controller(state, dice)
    press(ctl, 0, R)  # terrain, crossing, stick
    press(ctl, 0, L)  # the rough-terrain roll
    frame = ctl.frame()
    menu = next(m for m in frame.menus if m.seat == 0)
    assert menu.style == "keys"
    for size in SIZES:
        surface = pygame.Surface(size)
        log = render(frame, surface)
        save_screen(surface, f"table_terrain_keys_{size[0]}x{size[1]}.png")
        assert log.problems() == []
        texts = log.texts()
        for glyph, label in (("●", "+0"), ("◀", "+1"), ("▶", "+2")):
            assert glyph in texts and label in texts
