"""Headless Chromium from Debian's packages (`chromium`, `chromium-driver`, installed by
`make browser`), driven through Selenium: the phone pages as a phone's browser runs them.

Each `Page` is a browser of its own (its own profile, so its own local storage: one
phone). Nothing is downloaded: Selenium is pointed at the system's browser and driver.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)
TABLET = (1024, 768)


def available() -> bool:
    """Whether the system browser and its driver are installed."""
    return Path(CHROMIUM).exists() and Path(DRIVER).exists()


if os.environ.get("CI") and not available():  # CI installs them: missing is a failure
    raise RuntimeError("chromium and chromium-driver are missing: `make browser`")

needs_browser = pytest.mark.skipif(not available(), reason="chromium and chromium-driver are "
                                   "not installed: `make browser` installs them")


# The centre of the first element matching arguments[0], scrolled into the middle of
# the view: [x, y]; or why it cannot be clicked there (as WebDriver would refuse).
CLICK_POINT = """
const selector = arguments[0], element = document.querySelector(selector);
if (!element) return "no such element";
element.scrollIntoView({block: "center"});
const box = element.getBoundingClientRect();
if (box.width === 0 || box.height === 0) return "it has no size (not shown)";
const x = box.left + box.width / 2, y = box.top + box.height / 2;
const hit = document.elementFromPoint(x, y);
if (!hit || !(hit === element || element.contains(hit)))
    return "another element is over it: " + (hit ? hit.outerHTML.slice(0, 120) : "none");
// Whether the click that follows reaches what the selector matches (seen first, on its
// way down): a page that draws again between the press and the release, or moves the
// element, makes it land elsewhere, or nowhere.
if (window.mushClickOff) window.mushClickOff();
window.mushClicked = null;
const seen = e => { window.mushClicked = !!(e.target.closest && e.target.closest(selector)); };
document.addEventListener("click", seen, true);
window.mushClickOff = () => document.removeEventListener("click", seen, true);
return [x, y];
"""

# After a click: whether it reached the element ("gone": the page it was on is gone).
CLICKED = """
if (typeof window.mushClicked === "undefined") return "gone";
if (window.mushClickOff) window.mushClickOff();
return window.mushClicked;
"""

# Calls back with the page's newest message once it is arguments[0], or after
# arguments[1] ms with whatever it is then.
WAIT_TEXT = """
const [want, ms, done] = arguments;
const end = Date.now() + ms;
(function look() {
    const text = window.mushLastText ?? null;
    if (text === want || Date.now() > end) done(text); else setTimeout(look, 2);
})();
"""


class Navigating(Exception):
    """A script sent to a page that was being replaced (its context is gone)."""


class Page:
    """One headless Chromium showing one page."""

    def __init__(self, size: tuple[int, int] = PHONE, lang: str = "en",
                 arguments: tuple[str, ...] = ()) -> None:
        """`arguments`: more of chromium's switches (`--autoplay-policy=…`). A browser an
        earlier test of this process closed, started with the same switches, is taken
        again (see `close`) rather than a new one started."""
        self._kind = (size, lang, arguments)
        self._origins: set[str] = set()
        self.driver = _SPARE.take(self._kind) or _start(size, lang, arguments)
        self.resize(size)
        self._brisk()

    def _brisk(self) -> None:
        """The page's CSS animations and transitions played a thousand times faster (the
        DevTools protocol's document timeline): they still start, run and end, but no test
        looks at a frame in between, and the turn's flash (a 0.9 s shadow over the whole
        page, drawn in software sixty times a second, in each of four browsers on every
        turn) was a third of the browsers' work in a whole game."""
        self.driver.execute_cdp_cmd("Animation.enable", {})
        self.driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1000})

    def open(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https"):
            self._origins.add(f"{parts.scheme}://{parts.netloc}")
        self.driver.get(url)
        self._brisk()  # (the new document's timeline too)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def run(self, script: str, *args: Any, callback: bool = False) -> Any:
        """`script` run in the page as `js` runs it (its `arguments`, its `return`), for
        the helpers below that the tests call hundreds of times a game: sent straight to
        the browser's DevTools protocol, through the driver, as the clicks are, instead
        of WebDriver's script command (a third of the time, 1.5 ms against 5, and less
        of the driver's own work). Its arguments and value are JSON (no elements). With
        `callback`, the script's last argument is the function it calls with its value
        (as `execute_async_script`'s). A script that throws fails here, saying why; a
        page being replaced (a navigation) raises `Navigating`."""
        call = f"(function () {{\n{script}\n}})"
        values = json.dumps(list(args))
        expression = (f"new Promise(done => {call}.apply(null, [...{values}, done]))"
                      if callback else f"{call}.apply(null, {values})")
        from selenium.common.exceptions import WebDriverException

        try:
            reply = self.driver.execute_cdp_cmd("Runtime.evaluate", {
                "expression": expression, "returnByValue": True, "awaitPromise": True})
        except WebDriverException as exc:  # the context it ran in went with its page
            if "context" in str(exc).lower():
                raise Navigating(str(exc)) from exc
            raise
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise AssertionError(f"the page's script failed: "
                                 f"{details.get('exception', {}).get('description', details)}")
        return reply["result"].get("value")

    def last_text(self) -> str | None:
        """The newest message the page received."""
        text = self.run("return window.mushLastText || null;")
        return str(text) if text is not None else None

    def wait(self, test: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not test():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or test}")
            time.sleep(0.01)

    def click(self, selector: str) -> None:
        """Click the first element matching a CSS selector: a real click, a mouse press
        and release at the element's centre that the browser hit-tests (the page's own
        handler sends the press), refused like WebDriver's click when the element has no
        size or something else is drawn over its centre, and tapped again when the page
        drew again under the finger so that the click reached no element the selector
        matches (a disabled button, which takes no click, is never reached: it fails).
        Dispatched through the DevTools protocol: WebDriver's click waits out three input
        frames (about 30 ms a click against 10 here, the most of a whole game's time in a
        browser)."""
        # Found, scrolled to and measured in one step: a menu the page draws again in
        # between is the menu a person's finger lands on, as it is drawn now. An element
        # just drawn may not be shown yet (a <details> opening, the page laid out again):
        # the finger waits for it, 5 s at most.
        # A click the page drew again under (between the press and the release, or after
        # the element was measured) reaches no handler: the finger taps again, as a
        # person does; a click that reached the element is never sent twice.
        deadline = time.monotonic() + 5.0
        while True:
            while isinstance(where := self._point(selector), str):
                if time.monotonic() > deadline:
                    raise AssertionError(f"cannot click {selector}: {where}")
                time.sleep(0.02)
            for kind in ("mousePressed", "mouseReleased"):
                self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": where[0], "y": where[1], "button": "left",
                    "clickCount": 1})
            try:
                clicked = self.run(CLICKED)
            except Navigating:  # the click took the page elsewhere
                return
            if clicked in (True, "gone"):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the clicks on {selector} never reached it")
            time.sleep(0.02)

    def _point(self, selector: str) -> list[float] | str:
        """Where a click on `selector` lands (CLICK_POINT), or why it cannot yet."""
        try:
            where: list[float] | str = self.run(CLICK_POINT, selector)
        except Navigating:
            return "the page is being replaced"
        return where

    def wait_text(self, expected: Callable[[], str | None], timeout: float = 60.0,
                  what: str = "") -> str:
        """Wait until the newest message the page received is `expected()` (asked again
        each round: the server may have sent a newer one); that text. The page waits for
        it itself, a quarter second at a time: one call to the browser where polling from
        here took one every 10 ms."""
        deadline = time.monotonic() + timeout
        while True:
            want = expected()
            if want is not None and self._shown(want) == want:
                return want
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or expected}")
            if want is None:
                time.sleep(0.005)

    def _shown(self, want: str) -> str | None:
        """The page's newest message once it is `want`, or after 250 ms (WAIT_TEXT)."""
        try:
            text = self.run(WAIT_TEXT, want, 250, callback=True)
        except Navigating:
            return None
        return None if text is None else str(text)

    def exists(self, selector: str) -> bool:
        """Whether an element matches `selector` (asked of the page that comes, when one
        is being replaced, as WebDriver's script command waits for it)."""
        deadline = time.monotonic() + 10.0
        while True:
            try:
                return bool(self.run("return !!document.querySelector(arguments[0]);",
                                     selector))
            except Navigating:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))

    def resize(self, size: tuple[int, int]) -> None:
        """The page's viewport exactly `size` (a phone's is touch-first and narrow)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1,
            "mobile": size[0] < 600})

    def close(self) -> None:
        """Done with the page. The browser is kept for the next test of this process that
        asks for one started the same way, as new as a fresh one where a page can tell:
        on a blank page, with what the pages it showed stored (local storage, cookies,
        cache) cleared; each test's table is on a port of its own besides. Starting a
        browser and quitting it costs about a second of the machine's CPU, and a run
        starts some thirty."""
        try:
            self.driver.get("about:blank")
            for origin in self._origins:
                self.driver.execute_cdp_cmd("Storage.clearDataForOrigin", {
                    "origin": origin, "storageTypes": "all"})
            self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            self.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        except Exception:  # a browser in a state of its own is not kept
            self.driver.quit()
            return
        _SPARE.keep(self._kind, self.driver)


def _start(size: tuple[int, int], lang: str, arguments: tuple[str, ...]) -> Any:
    """A new headless Chromium through its driver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--disable-extensions",
                     "--no-first-run", f"--window-size={size[0]},{size[1]}",
                     f"--lang={lang}", "--hide-scrollbars", *arguments):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class _Spare:
    """The browsers closed tests left, by how they were started, quit at the end of the
    run (tests/conftest.py), or else when the process ends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[tuple[Any, ...], list[Any]] = {}
        atexit.register(self.quit)

    def take(self, kind: tuple[Any, ...]) -> Any:
        with self._lock:
            idle = self._idle.get(kind)
            return idle.pop() if idle else None

    def keep(self, kind: tuple[Any, ...], driver: Any) -> None:
        with self._lock:
            self._idle.setdefault(kind, []).append(driver)

    def quit(self) -> None:
        with self._lock:
            drivers = [d for idle in self._idle.values() for d in idle]
            self._idle.clear()
        for driver in drivers:
            with contextlib.suppress(Exception):
                driver.quit()


_SPARE = _Spare()


def quit_kept() -> None:
    """Quit the browsers kept for a next test (`Page.close`): the run is over."""
    _SPARE.quit()


def open_pages(count: int, size: tuple[int, int] = PHONE, lang: str = "en") -> list[Page]:
    """`count` browsers, started side by side."""
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: Page(size, lang), range(count)))
