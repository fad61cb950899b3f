"""Work the test processes of one run share: what several tests need and takes seconds to
make is made by the first process (pytest-xdist worker) that needs it and read by the
others, instead of each worker making it again.

The run's folder is pytest's base temporary folder of the run (above each worker's own),
so pytest removes it with its old runs; a lock file beside each piece of work lets one
process make it while the others wait.
"""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The folder every process of this run sees (the base temporary folder without
    xdist)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once_a_run(folder: Path, name: str, make: Callable[[], T]) -> T:
    """`make()`'s value, made once a run (pickled into `folder`), whichever process asks
    first; the others wait for it and read it."""
    path = folder / f"{name}.pickle"
    with open(folder / f"{name}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            value: T = pickle.loads(path.read_bytes())
            return value
        value = make()
        part = folder / f"{name}.part"
        part.write_bytes(pickle.dumps(value))
        part.replace(path)
        return value
