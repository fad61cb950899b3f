"""Run every `benchmarks/bench_*.py` module's `run()` in turn and print its figures.

Each module measures one part (engine, pads, display, voice, store, whole program) and
prints its own lines; a module that fails is reported and the others still run.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback

import benchmarks


def main(selected: list[str]) -> int:
    """Run the selected benchmark modules (all when none are named)."""
    failures = 0
    names = sorted(
        m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_")
    )
    for name in names:
        if selected and not any(s in name for s in selected):
            continue
        print(f"== {name[len('bench_'):]} ==", flush=True)
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"benchmarks.{name}")
            module.run()
        except Exception:
            failures += 1
            traceback.print_exc()
        print(f"   ({time.perf_counter() - started:.1f} s)\n", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
