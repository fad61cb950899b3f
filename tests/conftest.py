"""Every test runs without a screen or a sound card: SDL's dummy drivers (DEVELOPERS.md).

Temporary files (`tmp_path`, `tempfile`, and the programs the tests start) go to the RAM
disk where the machine has one: the journal writes every commit with a full fsync, and
on a disk that other work keeps busy those syncs, not the tests, would set the pace. The
files are as real as on any disk; only the wait for the platter goes. A TMPDIR of your
own is kept.

The property tests (hypothesis) try the same examples on every run: see the profiles below.

The display tests check every screen they draw; writing each as a PNG to look at is
what takes their time, so they write them only when asked: `pytest --screens`.
"""

import os
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

RAM_DISK = "/dev/shm"
SCREENS = "MUSH_TEST_SCREENS"


def _is_ram_disk(path: str) -> bool:
    """Whether `path` is a tmpfs mount this process may write to."""
    try:
        with open("/proc/self/mounts", encoding="utf-8") as mounts:
            fields = [line.split() for line in mounts]
    except OSError:
        return False
    return any(f[1] == path and f[2] == "tmpfs" for f in fields if len(f) > 2) \
        and os.access(path, os.W_OK | os.X_OK)


if "TMPDIR" not in os.environ and _is_ram_disk(RAM_DISK):
    os.environ["TMPDIR"] = RAM_DISK
    tempfile.tempdir = None  # gettempdir() looks again


# The property tests try the same examples on every run, so a run fails or passes the same
# way each time; HYPOTHESIS_PROFILE=explore draws new ones (and remembers failures). Neither
# times an example on the wall clock (no deadline, no "too slow" health check): how busy
# the machine is must not decide whether a test passes.
settings.register_profile("suite", derandomize=True, database=None, print_blob=True,
                          deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screens", action="store_true", default=False,
        help="also write each screen the display tests draw as a PNG in "
             "test-artifacts/screens/, to look at (`make screens`)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("screens"):
        os.environ[SCREENS] = "1"  # seen by every worker and by display/conftest.py


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The browsers kept for the next test (tests/web/browser.py) quit with the run."""
    browser = sys.modules.get("web.browser")
    if browser is not None:
        browser.quit_kept()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, in their usual order, then the rest: with several workers
    the long ones are spread over all of them from the start, so the run does not end
    with one worker alone on a long test while the others wait.

    A piece of work that several tests share (tests/run_shared.py), named by their
    `shares` mark, is made by the first of them, which runs before everything else; the
    others run after the slow tests, when it is long made. Side by side, as they are
    collected, they went to different workers at once (xdist hands the first tests out
    one a worker in turn), and each but one sat idle, waiting for the piece, for as long
    as it took to make (a worker of three on two cores for 10 s and more)."""
    makers: set[str] = set()

    def rank(item: pytest.Item) -> int:
        slow = item.get_closest_marker("slow") is not None
        shares = item.get_closest_marker("shares")
        if shares is not None:
            name = str(shares.args[0])
            if name not in makers:
                makers.add(name)
                return 0
            return 2
        return 1 if slow else 3

    ranks = {item.nodeid: rank(item) for item in items}  # in the order collected
    items.sort(key=lambda item: ranks[item.nodeid])
