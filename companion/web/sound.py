"""The table's announcements for the table page, for a table without a speaker on the Pi.

The main loop hands the server the announcements it gives the Pi's voice, in the same
order (each game's box says what an event announces, per committed event); the server
numbers them and pushes each to every table page as the shipped clips to play, in the
page's language and the voice's own word order (`Announcement.tokens`): a clip's address
under `/sounds/`, or a pause. A page opted in to sound queues and plays them; the others
only note the number.

Numbers run within one start of the server (its `epoch`). A page that reconnects says the
last number it was sent (`heard`), and is sent only what came after, and only what is
recent: nothing is played twice, and a phone back from a minute asleep does not recite
the minute. A page new to this table is sent nothing from before it came.

A seat is said by its colour's clip and a card's printed words are left out, as the Pi
says them without espeak-ng: the page plays shipped clips only.
"""

from __future__ import annotations

import collections
import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from companion.seats import SEATS
from companion.voice.clips import DEFAULT_SOUNDS_DIR, ClipInfo, ManifestError, load_manifest
from companion.voice.phrases import COMMA_MS, Announcement, Clip, Pause, Seat, Text, Token
from companion.web.snapshot import dumps

log = logging.getLogger("companion.web")

KEEP: Final = 24
"""Announcements kept for pages that reconnect (a whole turn says fewer)."""

RECENT_SECONDS: Final = 20.0
"""A reconnecting page is sent what it missed only if it is this recent."""

MAX_CLIP_BYTES: Final = 512 * 1024  # the longest shipped clip is under 60 KB


@dataclass
class Said:
    """One announcement as the pages are sent it: its number, when it was said, and its
    clips per language (made on first need)."""

    n: int
    at: float
    announcement: Announcement
    texts: dict[str, bytes] = field(default_factory=dict)


class Sounds:
    """The announcements said since the server started, and the shipped clips' files.

    Used on the server's thread only (the main loop's `WebServer.announce` hands over)."""

    def __init__(self, clock: Callable[[], float], sounds_dir: Path = DEFAULT_SOUNDS_DIR,
                 keep: int = KEEP) -> None:
        self.clock = clock
        self.epoch = secrets.token_hex(4)
        self.sounds_dir = sounds_dir
        self._said: collections.deque[Said] = collections.deque(maxlen=keep)
        self._n = 0
        self._manifest: dict[str, dict[str, ClipInfo]] | None = None
        self._files: dict[tuple[str, str], bytes] = {}

    @property
    def manifest(self) -> dict[str, dict[str, ClipInfo]]:
        """The shipped clips, language -> key (read once; empty when it cannot be read:
        the pages then have nothing to play, and the log says why once)."""
        if self._manifest is None:
            try:
                self._manifest = load_manifest(self.sounds_dir)
            except ManifestError as error:
                log.warning("phones: no sound for the table page: %s", error)
                self._manifest = {}
        return self._manifest

    def add(self, announcements: Iterable[Announcement]) -> list[Said]:
        """Number new announcements; the ones added."""
        now = self.clock()
        added = []
        for announcement in announcements:
            self._n += 1
            said = Said(self._n, now, announcement)
            self._said.append(said)
            added.append(said)
        return added

    def last(self) -> Announcement | None:
        """The newest announcement said (what a repeat says again), or None."""
        return self._said[-1].announcement if self._said else None

    def mark(self) -> list[object]:
        """`[epoch, n]`: the newest number said (a new page's `heard` to start from)."""
        return [self.epoch, self._n]

    def since(self, heard: object) -> list[Said]:
        """What a reconnecting page missed: `heard` is `[epoch, n]` as the page last
        had it (anything else: a page new to the table, sent nothing). After a restart
        of the server every recent announcement is new to it."""
        if not (isinstance(heard, list) and len(heard) == 2 and isinstance(heard[0], str)
                and isinstance(heard[1], int) and not isinstance(heard[1], bool)):
            return []
        after = heard[1] if heard[0] == self.epoch else 0
        now = self.clock()
        return [s for s in self._said if s.n > after and now - s.at <= RECENT_SECONDS]

    def message(self, said: Said, language: str) -> bytes:
        """The page's message for one announcement in `language` (made once)."""
        text = said.texts.get(language)
        if text is None:
            clips, words = self.clips(said.announcement, language)
            text = said.texts[language] = dumps(
                {"t": "say", "e": self.epoch, "n": said.n, "clips": clips, "text": words})
        return text

    def clips(self, announcement: Announcement, language: str
              ) -> tuple[list[dict[str, Any]], str]:
        """What the page plays, in order (`{"clip": address}` or `{"pause": ms}`), and
        the words they say (the clips' texts: the page shows them as it plays)."""
        shipped = self.manifest.get(language, {})
        if not shipped:
            return [], ""
        try:
            tokens: tuple[Token, ...] = announcement.tokens(language)
        except (ValueError, KeyError) as error:
            log.warning("phones: cannot say %s in %s: %s", announcement.kinds, language, error)
            return [], ""
        out: list[dict[str, Any]] = []
        words: list[str] = []
        for token in tokens:
            if isinstance(token, Pause):
                if out and "pause" not in out[-1]:
                    out.append({"pause": token.ms})
                    _stop(words, "," if token.ms <= COMMA_MS else ".")
                continue
            if isinstance(token, Text):
                continue  # a card's printed words: espeak-ng's, on the Pi only
            key = f"seat.{SEATS[token.index].key}" if isinstance(token, Seat) else \
                token.key if isinstance(token, Clip) else ""
            info = shipped.get(key)
            if info is None:
                log.warning("phones: no clip %r in %s", key, language)
                continue
            out.append({"clip": f"/sounds/{language}/{info.path.name}"})
            text = info.text
            if not words or words[-1].endswith((".", "!", "?")):
                text = text[:1].upper() + text[1:]
            words.append(text)
        while out and "pause" in out[-1]:
            out.pop()
        _stop(words, ".")
        return out, " ".join(words)

    def file(self, language: str, name: str) -> bytes | None:
        """A shipped clip's bytes by its file name, if the manifest lists it (nothing
        else under the folder is ever read); None when there is none or it cannot be
        read."""
        cached = self._files.get((language, name))
        if cached is not None:
            return cached
        info = next((i for i in self.manifest.get(language, {}).values()
                     if i.path.name == name), None)
        if info is None:
            return None
        try:
            with info.path.open("rb") as clip:
                body = clip.read(MAX_CLIP_BYTES)
        except OSError as error:  # a crowd holding every file: this time, no clip
            log.warning("phones: cannot read the clip %s: %s", info.path.name, error)
            return None
        self._files[(language, name)] = body
        return body


def _stop(words: list[str], mark: str) -> None:
    """End the words so far with `mark` (a pause's comma or full stop) unless they end
    with a stop already."""
    if words and not words[-1].endswith((".", "!", "?", ",", ":")):
        words[-1] += mark
    elif words and mark == "." and words[-1].endswith(","):
        words[-1] = words[-1][:-1] + "."
