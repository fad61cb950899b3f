"""The turn screen: whose turn, the dice to roll and rolled (tumbling from
`frame.animation_progress` alone), the roll's panel with its odds and payments, and the
menus beside them. While a roll lands only its dice change: they are drawn in a region of
their own inside the content (`RollDice`), so each step of the roll costs the dice alone."""

from __future__ import annotations

import math

import pygame

from companion.display import theme
from companion.display import widgets as w
from companion.display.chrome import count, seat_name
from companion.display.paint import Block, Painter
from companion.games.mush.model import MoveContext, RollKind, WindowKind
from companion.games.mush.phases import ActKind
from companion.games.mush.screen.areas import (
    NO_DICE,
    PRESS_WORDS,
    Areas,
    RollDice,
    chart_strip,
    in_areas,
    line_rows,
    roll_dice,
    title_row,
)
from companion.games.mush.screen.chrome import (
    View,
    draw_payments,
    payments_height,
    placeholder,
    seat_by_index,
)
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.view import SeatView, TurnView
from companion.i18n import NOUNS, t


def _turn_headline(view: View, turn: TurnView, seat: SeatView) -> list[str]:
    """What is happening in this turn, in words, by the kind of act the phase table asks
    for (the sums are the view's)."""
    act = view.act
    name = seat_name(view, turn.seat)
    window = view.window
    # (a roll awaited from the wooden dice: the window that was closing has had its say)
    reacting = window.kind if window is not None and act is ActKind.REACT \
        and view.entering is None else None
    costs = view.costs
    lines: list[str] = []
    colour = seat.dice or "—"
    rolls = count(turn.dice_left, f"die.{colour}" if f"die.{colour}" in NOUNS else "die")
    if turn.reduction:
        rolls = t("turn.taken_away", rolls=rolls, n=turn.reduction)
    if act is ActKind.TURN and seat.uncovered == 0:
        lines.append(t("turn.must_rest", name=name))
    elif act is ActKind.TURN:
        lines.append(t("turn.move_or_rest", rolls=rolls))
    elif reacting is WindowKind.REDUCE:
        paid = window.paid if window else 0
        taken = window.dice_taken if window else 0
        lines.append(t("reduce.others", name=name))
        lines.append(t("reduce.paid", chips=count(paid, "chip"), dice=count(taken, "die"),
                       per_die=count(costs.reduce_per_die, "chip"), most=costs.reduce_max_dice))
        lines.append(t("reduce.then", name=name, rolls=rolls))
    elif reacting is WindowKind.REROLL:
        roll = window.roll if window else None
        reroll = count(costs.reroll, "chip")
        if roll is RollKind.PRESS:
            lines.append(t("reroll.only", name=name, chips=reroll))
        else:
            what = str(roll) if roll is not None and str(roll) in (
                "dogs", "terrain", "avalanche", "weather") else "roll"
            lines.append(t(f"reroll.{what}", chips=reroll))
    elif act is ActKind.MOVE:
        what = {MoveContext.EARLY: "early_riser", MoveContext.PRESS: "press_move"}.get(
            turn.context, "move")
        lines.append(t(f"moving.{what}", spaces=count(turn.spaces, "space")))
        if turn.entered:
            lines.append(t("moving.entered", n=turn.entered))
        if turn.passing:
            lines.append(t("moving.passing"))
    elif act is ActKind.PRESS:
        lines.append(t("pressing.offer"))
    return lines


def dice_layout(p: Painter, rect: pygame.Rect, n: int, most: float = 200
                ) -> tuple[int, int, int]:
    """Dice per row, die size and gap for `n` dice in `rect`: one, two or three rows,
    whichever draws them biggest (up to `most` px at 1080 lines)."""
    gap = p.px(14)

    def fit(per_row: int) -> int:
        rows = math.ceil(n / per_row)
        return min((rect.w - gap * (per_row - 1)) // per_row,
                   (rect.h - gap * (rows - 1)) // rows, p.px(most))

    per_row = max((math.ceil(n / rows) for rows in (1, 2, 3)), key=fit)
    return per_row, fit(per_row), gap


def dog_dice_boxes(p: Painter, rect: pygame.Rect, n: int) -> tuple[list[pygame.Rect], int]:
    """Where each of `n` dog dice stands in `rect` (in one to three rows), and the height
    they take, so what follows sits right under them."""
    if n == 0:
        return [], 0
    per_row, size, gap = dice_layout(p, rect, n)
    boxes = [pygame.Rect(rect.x + c * (size + gap), rect.y + r * (size + gap), size, size)
             for r, c in (divmod(i, per_row) for i in range(n))]
    return boxes, math.ceil(n / per_row) * (size + gap) - gap


def dice_to_roll(p: Painter, view: View, rect: pygame.Rect) -> int:
    """Before the dog roll (T1, X2): the dice the roller is about to roll, faceless, with
    the ones the others' chips take away crossed out, so the reduce window is seen, not
    only read."""
    turn = view.turn
    reducing = view.window is not None and view.window.kind is WindowKind.REDUCE
    if (turn is None or not (view.act is ActKind.TURN or reducing)
            or turn.context is not MoveContext.NORMAL):
        return rect.y
    seat = seat_by_index(view, turn.seat)
    colour = seat.dice
    uncovered = seat.uncovered
    if not colour or uncovered <= 0:
        return rect.y
    fewer = min(uncovered, turn.dice_taken)
    line = p.line(theme.BODY)
    dice = pygame.Rect(rect.x, rect.y + line + p.px(10), rect.w, rect.h - line - p.px(10))
    per_row, size, gap = dice_layout(p, dice, uncovered, most=150)
    if size < p.px(30):
        return rect.y
    p.text(t("reduce.dice_to_roll", left=uncovered - fewer, dice=uncovered),
           pygame.Rect(rect.x, rect.y, rect.w, line), theme.BODY, colour=theme.DIM)
    for i in range(uncovered):
        r, c = divmod(i, per_row)
        box = pygame.Rect(dice.x + c * (size + gap), dice.y + r * (size + gap), size, size)
        w.dog_die(p, box, colour, None)
        if i >= uncovered - fewer:
            width = max(3, size // 10)
            pygame.draw.line(p.surface, theme.BAD, box.topleft, box.bottomright, width)
            pygame.draw.line(p.surface, theme.BAD, box.bottomleft, box.topright, width)
    return dice.y + math.ceil(uncovered / per_row) * (size + gap) - gap


def roll_text_height(p: Painter) -> int:
    """The height a standard-die roll's three lines need beside the die (the roll and its
    modifier, what it needed, the result)."""
    return 2 * p.line(theme.BODY) + p.line(theme.BIG) + p.px(8)


def roll_panel(p: Painter, frame: TableFrame, rect: pygame.Rect) -> tuple[int, RollDice]:
    """This turn's latest roll: dog dice, rough terrain, avalanche or pressing, all but
    its dice, which are left to draw in their own region (`RollDice`). `frame` holds of
    the roll's progress only whether it has landed (`Areas.still`).

    Returns the y just under what was drawn, where the roll's payments go, and the dice.
    """
    view = frame.view
    last = view.last_roll
    if rect.h <= 0:
        return rect.y, NO_DICE
    if last is None:
        return dice_to_roll(p, view, rect), NO_DICE
    kind = last.kind
    faces = list(last.faces)
    progress = frame.animation_progress if frame.animation in ("dice", "die") else 1.0
    done = progress >= 1.0
    if kind is RollKind.DOGS:
        colour = last.colour or "red"
        if not faces:
            words = t("dogs.none")
        else:
            again = "dogs.result_reroll" if last.rerolls else "dogs.result"
            of = count(len(faces), f"die.{colour}" if f"die.{colour}" in NOUNS else "die")
            words = t(again, dogs=count(last.dogs, "dog"), dice=of)
        # the result's room is kept from the first frame, so the dice never jump
        block = p.plan(words, rect.w, theme.BIG, bold=True, lines=2)
        dice_box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - block.height - p.px(10))
        boxes, used = dog_dice_boxes(p, dice_box, len(last.dog_faces))
        result = pygame.Rect(rect.x, rect.y + used + (p.px(10) if used else 0), rect.w,
                             block.height)
        if not faces or done:  # (the result waits for the last die, which lands at 1)
            p.block(block, result)
        return result.bottom, roll_dice(kind, boxes, [int(d) for d in last.dog_faces], colour)
    if not faces:
        return rect.y, NO_DICE
    face = faces[0]
    texts: list[tuple[str, float, bool]] = []
    if last.need is not None:
        mod = last.modifier
        terrain = kind is RollKind.TERRAIN
        what = t("roll.terrain") if terrain else t("roll.avalanche")
        texts = [(f"{what}: {face}" + (f" + {mod} = {face + mod}" if mod else ""), theme.BODY,
                  False),
                 (t("roll.needs", need=last.need), theme.BODY, False),
                 (t("roll.enters" if terrain else "roll.crosses") if last.success
                  else t("roll.fails"), theme.BIG, True)]
    elif kind is RollKind.PRESS:
        outcome = last.press
        words = t(PRESS_WORDS[str(outcome)]) if str(outcome) in PRESS_WORDS else str(outcome)
        texts = [(t("pressing.result", face=face, result=words), theme.BIG, True)]
    gap = p.px(4)

    def setting(width: int, big: bool = True, kept: list[tuple[str, float, bool]] = texts
                ) -> tuple[list[Block], int]:
        blocks = [p.plan(text, max(1, width), design if big else min(design, theme.BODY),
                         bold=bold, lines=3) for text, design, bold in kept]
        return blocks, sum(b.height for b in blocks) + gap * max(0, len(blocks) - 1)

    # the words beside the die; in a narrow column under a smaller die, then smaller
    # words, and at last the words alone (they say the face too)
    size = max(1, min(rect.h - p.line(theme.BIG) - p.px(10), p.px(220), rect.w // 3))
    text_x, text_y = rect.x + size + p.px(20), rect.y
    blocks, text_h = setting(rect.right - text_x)
    if text_h > rect.h or rect.right - text_x < rect.w * 2 // 5:
        for big in (True, False):
            under, under_h = setting(rect.w, big)
            small = min(size, rect.h - under_h - p.px(10))
            if small >= p.px(40):
                size, blocks, text_h = small, under, under_h
                text_x, text_y = rect.x, rect.y + size + p.px(10)
                break
        else:  # the words alone; in a column too short for them all, the result first
            size = 0
            shorter = [[texts[0], texts[-1]], texts[-1:]] if len(texts) > 2 else []
            for kept in (texts, *shorter):
                blocks, text_h = setting(rect.w, False, kept)
                if text_h <= rect.h:
                    break
            text_x, text_y = rect.x, rect.y
    die = pygame.Rect(rect.x, rect.y, size, size)
    if not done:
        tumbling = die if size else pygame.Rect(rect.x, rect.y, p.px(60), p.px(60))
        return die.bottom, roll_dice(kind, [tumbling], [face])
    y = text_y
    for block in blocks:
        p.block(block, pygame.Rect(text_x, y, rect.right - text_x, block.height))
        y += block.height + gap
    return max(die.bottom, y - gap), roll_dice(kind, [die] if size else [], [face])


# The roll and its payments on the left, the decision on the right: half each, so the dice
# and every menu's words get the room the old narrow menu column lacked.
@in_areas(menu_share=0.47, dice=("dice", "die"))
def screen_turn(p: Painter, frame: TableFrame, areas: Areas) -> RollDice:
    """T1 to P3: whose turn, dice colour and count, the reduce window, the rolls and their
    results, movement, pressing, and the menu of the seat choosing (rest choices included).
    The roll's dice are returned to be drawn in their own region."""
    content = areas.content
    view = frame.view
    turn = view.turn
    if turn is None:
        title_row(p, view, content, t("turn.between"))
        return NO_DICE
    seat_no = turn.seat
    seat = seat_by_index(view, seat_no)
    suffix = {MoveContext.EARLY: "turn.title_early", MoveContext.PRESS: "turn.title_press"}.get(
        turn.context, "turn.title")
    body = title_row(p, view, content, t(suffix, name=seat_name(view, seat_no)), seat_no)
    lines = _turn_headline(view, turn, seat)
    if frame.screen == "rest":  # choosing where and how to rest, not whether to move
        lines = [t("rest.where"), t("rest.then")]
    pressing = view.act is ActKind.PRESS
    last = view.last_roll
    pressed = last is not None and last.kind is RollKind.PRESS
    if pressing and placeholder(view, "pressing"):
        lines.append(t("pressing.placeholder"))
    body = line_rows(p, body, lines)
    if pressing or pressed:
        faces = frame.charts.get("pressing")
        chart_h = min(p.px(170), body.h // 2)
        if faces and body.h > p.px(200) and chart_h >= 2 * p.line(theme.SMALL) + p.px(34):
            rolled = last.faces[0] if last is not None and pressed and last.faces else None
            chart_strip(p, pygame.Rect(body.x, body.bottom - chart_h, body.w, chart_h), faces,
                        rolled if frame.animation_progress >= 1.0 else None,
                        placeholder(view, "pressing"), kind="press")
            body = pygame.Rect(body.x, body.y, body.w, body.h - chart_h - p.px(12))
    # Every chip paid this turn stays listed right under the roll it changed; room for
    # three of them is kept back from the dice, but never the room the roll's own result
    # needs (older payments fold into one line instead).
    reserve = min(payments_height(p, view, frame.payments, body.w, most=3), body.h * 2 // 5,
                  max(0, body.h - roll_text_height(p) - p.px(22)))
    bottom, dice = body.y, NO_DICE
    if frame.screen == "rest":
        pass  # resting rolls nothing: no dice to show
    elif not pressing or pressed:
        # (while the question is the pressing roll, an earlier roll's result would mislead)
        room = body.h - p.px(8) - (reserve + p.px(14) if reserve else 0)
        bottom, dice = roll_panel(p, frame, pygame.Rect(body.x, body.y + p.px(8), body.w,
                                                        room))
    if frame.payments:
        top = max(bottom + p.px(12), body.y)
        draw_payments(p, view, frame.payments,
                      pygame.Rect(body.x, top, body.w, body.bottom - top))
    return dice
