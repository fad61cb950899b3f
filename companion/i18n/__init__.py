"""Every word on the table's screen, in every language the table speaks: one file per
language beside this one (`en.py`, `fr.py`, `de.py`), each with the same keys, and each
game's own words in its folder (`companion/games/<name>/words/en.py`, ...), merged here
into one table.

The screen is read by the whole table, so it speaks the group's language like the voice
does (`companion.voice.texts`, whose wording is reused where it says the same thing:
"Bonus de poussée", "Schwieriges Gelände"). Two parts write on it: the display draws its
own words (keys without a one-letter prefix), and the table controller builds the menus,
waiting texts and notices it hands over (keys "m.", "r.", "e.", "c.", "n."). Names and
numbers are drawn as they come. The package is plain Python, so the table layer uses it
without pygame.

Why a file per language: a language is written (and reviewed) by one translator at a
time, and a new one is one new file, found here by its name (`LANGUAGES`), with nothing
else to edit; a test checks that each file has every key with the same `{fields}`.
Why a file per game too: a game is one folder (`companion.games`), its words with it, so
a new game brings its words and edits nothing here. A game's keys are its own: a key two
files give is refused when the words are merged, so a game never rewords another's.

The language is chosen per drawing: `render(frame, surface, language=...)` and the
controller (`TableConfig.screen_language`) set it while they work (`speaking`), and every
function asks `t(key)` or `count(n, noun)`, so none needs a language parameter of its own.
Plurals and ordinals follow each language's own rule, in its file.
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Final, Generic, TypeVar

from companion.games import INSTALLED

K = TypeVar("K")


@dataclass(frozen=True)
class Language:
    """One language file: its words, nouns and rules."""

    code: str
    order: int
    words: dict[str, str]
    nouns: dict[str, tuple[str, str]]
    plural: Callable[[int], bool]
    ordinal: Callable[[int], str]
    fill: Callable[[str, Mapping[str, object]], str] = lambda text, values: text.format_map(
        values)  # a language's own way of filling the fields in (`fill` in its module)


def _load(path: Iterable[str] = __path__, package: str = __name__) -> dict[str, Language]:
    """Every language module in `path` (this package's folder), imported as `package`'s."""
    found = []
    for info in pkgutil.iter_modules(path):
        module = importlib.import_module(f"{package}.{info.name}")
        found.append(Language(info.name, module.ORDER, module.WORDS, module.NOUNS,
                              module.plural, module.ordinal,
                              *((module.fill,) if hasattr(module, "fill") else ())))
    return {lang.code: lang for lang in sorted(found, key=lambda lang: lang.order)}


def _with_games(langs: dict[str, Language], packages: Iterable[str]) -> dict[str, Language]:
    """The languages with each game's words merged in: a game's `words` package holds a
    module per language (`WORDS`, and `NOUNS` when it counts things of its own). A key
    given twice (by the shared file and a game, or by two games) is a ValueError naming
    both: the words of one would silently replace the other's."""
    words = {code: dict(lang.words) for code, lang in langs.items()}
    nouns = {code: dict(lang.nouns) for code, lang in langs.items()}
    owner = {key: __name__ for lang in langs.values() for key in (*lang.words, *lang.nouns)}
    for package in packages:
        try:
            folder = importlib.import_module(f"{package}.words")
        except ModuleNotFoundError as exc:
            if exc.name == f"{package}.words":
                continue  # a game with no words of its own
            raise
        for info in pkgutil.iter_modules(folder.__path__):
            if info.name not in langs:
                continue  # a language the table has no file for is not drawn
            module = importlib.import_module(f"{folder.__name__}.{info.name}")
            for table, given in ((words, module.WORDS), (nouns, getattr(module, "NOUNS", {}))):
                for key, text in given.items():
                    if owner.setdefault(key, package) != package:
                        raise ValueError(f"{folder.__name__}.{info.name}: {key!r} is "
                                         f"already given by {owner[key]}")
                    table[info.name][key] = text
    return {code: replace(lang, words=words[code], nouns=nouns[code])
            for code, lang in langs.items()}


_LANGS: Final[dict[str, Language]] = {}

LANGUAGES: Final = tuple(_load())
"""The languages of the table's screen, one per file in this package (MUSH's own editions:
English, French, German)."""

WORDS: Final[dict[str, dict[str, str]]] = {}
"""Every sentence and word of the screen, by id, in each of `LANGUAGES`; `{name}`-style
fields are filled by `t()` and must be the same in every language."""

NOUNS: Final[dict[str, dict[str, tuple[str, str]]]] = {}
"""Countable nouns, singular and plural, for `count()`."""


def refresh() -> None:
    """Merge the words of the games installed now (at import, and again for a game
    registered after the start, as a test registers one of its own)."""
    _LANGS.clear()
    _LANGS.update(_with_games(_load(), INSTALLED.values()))
    WORDS.clear()
    WORDS.update({key: {code: lang.words[key] for code, lang in _LANGS.items()
                        if key in lang.words} for key in _LANGS["en"].words})
    NOUNS.clear()
    NOUNS.update({key: {code: lang.nouns[key] for code, lang in _LANGS.items()
                        if key in lang.nouns} for key in _LANGS["en"].nouns})


refresh()

_current: ContextVar[str] = ContextVar("screen_language", default="en")


def language() -> str:
    """The language the screen is being drawn in now."""
    return _current.get()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in `lang` until the block ends; an unknown language is refused (ValueError),
    never drawn half in English."""
    if lang not in LANGUAGES:
        raise ValueError(f"the screen speaks {', '.join(LANGUAGES)}, not {lang!r}")
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def t(key: str, **values: object) -> str:
    """The words `key` in the current language, with their fields filled (as the
    language fills them: French elides "de Ann" to "d'Ann")."""
    lang = _LANGS[_current.get()]
    return lang.fill(lang.words[key], values)


def plural(n: int, lang: str | None = None) -> bool:
    """Whether `n` takes the plural in `lang` (the current language by default)."""
    return _LANGS[lang or _current.get()].plural(n)


def count(n: int, noun: str) -> str:
    """`n` and its noun, agreeing: "1 chip", "0 jeton", "2 Hunde"."""
    one, many = _LANGS[_current.get()].nouns[noun]
    return f"{n} {many if plural(n) else one}"


def word(value: str | None) -> str:
    """A rules value (a climate, zone, colour, arrangement, variant) as a word."""
    if value is None:
        return "—"
    for key in (f"value.{value}", f"colour.{value}"):
        if key in WORDS:
            return t(key)
    return value.replace("_", " ").capitalize()


def ordinal(n: int) -> str:
    """A place in the order of play: 1st, 1er, 1."""
    return _LANGS[_current.get()].ordinal(n)


class Lookup(Generic[K]):
    """Words by rules value (a climate, a rest place), read in the current language at
    each use, so a table of labels can stay a module constant."""

    def __init__(self, keys: dict[K, str]) -> None:
        self.keys = keys

    def __getitem__(self, value: K) -> str:
        return t(self.keys[value])


def fields(text: str) -> set[str]:
    """The `{field}` names a text fills, to check that every language fills the same."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def missing() -> dict[str, list[str]]:
    """Per language, the keys and nouns the others have and it lacks, and the keys whose
    `{fields}` differ from English's: empty for a table that can be drawn in any."""
    english = _LANGS["en"]
    keys = {key for lang in _LANGS.values() for key in lang.words}
    nouns = {key for lang in _LANGS.values() for key in lang.nouns}
    found: dict[str, list[str]] = {}
    for code, lang in _LANGS.items():
        problems = [f"no {key!r}" for key in sorted(keys - lang.words.keys())]
        problems += [f"no noun {key!r}" for key in sorted(nouns - lang.nouns.keys())]
        problems += [f"{key!r} fills {sorted(fields(text))}, English "
                     f"{sorted(fields(english.words[key]))}"
                     for key, text in lang.words.items()
                     if key in english.words and fields(text) != fields(english.words[key])]
        if problems:
            found[code] = problems
    return found


__all__ = ["LANGUAGES", "NOUNS", "WORDS", "Language", "Lookup", "count", "fields", "language",
           "missing", "ordinal", "plural", "refresh", "speaking", "t", "word"]
