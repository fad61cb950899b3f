"""Headless Chromium from Debian's packages (`chromium`, `chromium-driver`, installed by
`make browser`), driven through Selenium: the phone pages as a phone's browser runs them.

Each `Page` is a browser of its own (its own profile, so its own local storage: one
phone). Nothing is downloaded: Selenium is pointed at the system's browser and driver.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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


class Page:
    """One headless Chromium showing one page."""

    def __init__(self, size: tuple[int, int] = PHONE, lang: str = "en",
                 arguments: tuple[str, ...] = ()) -> None:
        """`arguments`: more of chromium's switches (`--autoplay-policy=…`)."""
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
        self.driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        self.resize(size)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def last_text(self) -> str | None:
        """The newest message the page received."""
        text = self.js("return window.mushLastText || null;")
        return str(text) if text is not None else None

    def wait(self, test: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not test():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or test}")
            time.sleep(0.01)

    def click(self, selector: str) -> None:
        """Click the first element matching a CSS selector (a real click: the page's own
        handler sends the press)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        # The page may draw the same menu again between finding the element and clicking
        # it (a message it had already received); a person's finger lands on what is
        # drawn now, so find it again.
        for attempt in range(5):
            try:
                element = self.driver.find_element(By.CSS_SELECTOR, selector)
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});",
                                           element)
                element.click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.02)

    def exists(self, selector: str) -> bool:
        return bool(self.js("return !!document.querySelector(arguments[0]);", selector))

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))

    def resize(self, size: tuple[int, int]) -> None:
        """The page's viewport exactly `size` (a phone's is touch-first and narrow)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1,
            "mobile": size[0] < 600})

    def close(self) -> None:
        self.driver.quit()


def open_pages(count: int, size: tuple[int, int] = PHONE, lang: str = "en") -> list[Page]:
    """`count` browsers, started side by side."""
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: Page(size, lang), range(count)))
