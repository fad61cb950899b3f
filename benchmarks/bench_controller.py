"""The table controller's own work per pad event: rules queries, menu builds, time.

The recorded whole-table sessions (`tests/known/sessions/`, bots and their slips on a fake
clock) are replayed step by step as the main loop does them: the pad event (or the tick)
through the controller, then the frame, the lights and the private bid displays. Counted
during each step:

- `legal()` calls: the rules' list of a seat's legal options, which every legality test
  of a menu item asks (`is_legal` is one call);
- options listed: the rules working out a seat's options (`options()`, which `legal()`
  calls too), the work every menu is built from;
- menu builds: a seat's whole tree of menus built from the state (the root builders
  `seat_tree`, a window's `window_tree`, the take-dice offer's too), per
  event and per seat at the table, and in all per press;
- CPU time per step (the controller, frame and lights; no drawing, no journal).

A pad event here is one button event (down, up or held); a press is two, and acts on its
release (or its hold): the figures "per press" are over those events.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from known.sessions import SESSIONS, Session, SessionConfig, load, parse, tokens_of

import companion.games.mush.engine as engine
import companion.games.mush.table.menus as menus
import companion.games.mush.table.reactions as reactions
from companion.pads.events import Kind

COUNTED: dict[str, int] = {"legal": 0, "trees": 0, "options": 0, "legal_again": 0,
                           "trees_again": 0, "options_again": 0}


LAST: dict[tuple[str, int], tuple[object, str]] = {}
"""Each builder's last question per seat: the state (held, so its identity stays its own)
and the other arguments. The same question asked again is work done twice: the state
and what the table keeps beside it did not change since."""


def _counting(original: Callable[..., Any], what: str) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        COUNTED[what] += 1
        if len(args) >= 2 and isinstance(args[1], int):
            rest = repr((args[2:], kwargs))
            last = LAST.get((what, args[1]))
            if last is not None and last[0] is args[0] and last[1] == rest:
                COUNTED[f"{what}_again"] += 1
            LAST[(what, args[1])] = (args[0], rest)
        return original(*args, **kwargs)
    return counted


def _patch_everywhere(original: Callable[..., Any], what: str) -> None:
    """Count every call of `original`, by whichever module's name for it it is made."""
    wrapper = _counting(original, what)
    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("companion"):
            continue
        for name, value in list(vars(module).items()):
            if value is original:
                setattr(module, name, wrapper)
    for table in [m for m in vars(menus).values() if isinstance(m, dict)]:
        for key, value in list(table.items()):
            if value is original:
                table[key] = wrapper


def install() -> None:
    """Count `legal()` and the root menu builders wherever they are called from."""
    _patch_everywhere(engine.legal, "legal")
    for act, lister in list(engine.OFFERS.items()):
        engine.OFFERS[act] = _counting(lister, "options")
    for builder in (menus.seat_tree, reactions.window_tree):
        _patch_everywhere(builder, "trees")


def replay(path: Path) -> dict[str, list[float]]:
    """Per pad event and per tick: legal() calls, trees built per seat, ms of CPU."""
    data = load(path)
    session = Session(SessionConfig.from_data(data["config"]), data["seed"])
    out: dict[str, list[float]] = {"legal": [], "trees": [], "ms": [], "tick_ms": [],
                                   "tick_legal": [], "tick_trees": [], "press_legal": [],
                                   "press_options": [], "press_trees": [], "again": []}
    for token in tokens_of(data):
        _, event = parse(token)
        COUNTED.update(dict.fromkeys(COUNTED, 0))
        started = time.process_time()
        session.step(token)
        spent = (time.process_time() - started) * 1000
        seats = max(1, len(session.controller.state.players))
        if session.controller.in_setup:
            continue
        if event is None:
            out["tick_ms"].append(spent)
            out["tick_legal"].append(COUNTED["legal"])
            out["tick_trees"].append(COUNTED["trees"] / seats)
        else:
            out["ms"].append(spent)
            out["legal"].append(COUNTED["legal"])
            out["trees"].append(COUNTED["trees"] / seats)
            if event.kind is not Kind.PRESS:  # a release or a hold: the press acts
                out["press_legal"].append(COUNTED["legal"])
                out["press_options"].append(COUNTED["options"])
                out["press_trees"].append(COUNTED["trees"])
                out["again"].append(COUNTED["trees_again"] + COUNTED["options_again"])
    return out


def run() -> None:
    """Print, over every recorded session, the controller's work per pad event and tick."""
    install()
    total: dict[str, list[float]] = {}
    for path in sorted(SESSIONS.glob("*.json")):
        for key, values in replay(path).items():
            total.setdefault(key, []).extend(values)
    events, ticks = len(total["ms"]), len(total["tick_ms"])
    print(f"   {len(list(SESSIONS.glob('*.json')))} recorded sessions: {events} pad events "
          f"and {ticks} ticks in games")
    print(f"   per pad event: legal() {statistics.mean(total['legal']):.1f} calls (max "
          f"{max(total['legal']):.0f}), menus built {statistics.mean(total['trees']):.2f} "
          f"times per seat (max {max(total['trees']):.1f}), "
          f"{statistics.mean(total['ms']):.2f} ms CPU (p99 "
          f"{sorted(total['ms'])[int(0.99 * events)]:.2f} ms)")
    presses = len(total["press_trees"])
    print(f"   per press ({presses}, on the release or hold): legal() "
          f"{statistics.mean(total['press_legal']):.2f} calls, options listed "
          f"{statistics.mean(total['press_options']):.2f} times (max "
          f"{max(total['press_options']):.0f}), menus built "
          f"{statistics.mean(total['press_trees']):.2f} times in all (max "
          f"{max(total['press_trees']):.0f}); of these, a seat's menus or options worked "
          f"out again for what had not changed: {statistics.mean(total['again']):.2f} "
          f"a press (max {max(total['again']):.0f})")
    print(f"   per tick: legal() {statistics.mean(total['tick_legal']):.1f} calls, menus "
          f"built {statistics.mean(total['tick_trees']):.2f} times per seat, "
          f"{statistics.mean(total['tick_ms']):.2f} ms CPU")


if __name__ == "__main__":
    run()
