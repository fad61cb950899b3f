"""The config checkers every part's parser uses: one toolkit, one wording.

Each takes a value read from a file and the dotted key it was found under, and returns
it typed or raises a `ConfigError` that names that key, the value (cut short and
escaped, so a hostile file cannot flood or break the message) and what would be right.
`known_keys` lists every unknown key of a table at once, with the nearest known key as a
hint, in one pass (a file of 200,000 unknown keys is checked in linear time).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.exc import ConfigError
from companion.files import brief


class ConfigProblems(ConfigError):
    """Every problem found in one file, one per line, each naming the file and the key.

    A ConfigError itself (every `except ConfigError` still catches it), so a person
    editing over SSH fixes the whole file in one go instead of one key per restart.
    """

    SHOWN = 50
    """Problems printed at most; a file of thousands of unknown keys is summed up."""

    def __init__(self, problems: list[ConfigError], file: str | None = None) -> None:
        self.problems = [p if p.file or file is None else p.in_file(file) for p in problems]
        first = self.problems[0]
        super().__init__(first.key, first.problem, first.file)
        lines = [str(p) for p in self.problems[:self.SHOWN]]
        if len(self.problems) > self.SHOWN:
            more = len(self.problems) - self.SHOWN
            lines.append(f"{file or first.file or 'config'}: ... and {more:,} more problems "
                         "of the same file")
        self.args = ("\n".join(lines),)

    def __str__(self) -> str:
        return str(self.args[0])

    def in_file(self, file: str) -> ConfigProblems:
        """The same problems, now naming the file they came from."""
        return ConfigProblems([ConfigError(p.key, p.problem) for p in self.problems], file)


def as_table(value: object, key: str) -> Mapping[str, Any]:
    """A table (TOML's, or JSON's object) whose keys are all text."""
    if not isinstance(value, Mapping):
        raise ConfigError(key, f"must be a table, not {kind_of_value(value)}")
    for name in value:
        if not isinstance(name, str):
            raise ConfigError(key, f"keys must be text, found {brief(name)}")
    return value


def kind_of_value(value: object) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a number", str: "text",
             list: "a list", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def known_keys(table: Mapping[str, Any], allowed: Iterable[str], prefix: str) -> None:
    """Refuse unknown keys, every one at once (in one pass: a file of 200,000 unknown keys
    is checked in linear time), suggesting the nearest known key for each."""
    allowed = tuple(allowed)
    known = frozenset(allowed)
    problems: list[ConfigError] = []
    for key in table:
        if key in known:
            continue
        name = key_text(key)
        dotted = f"{prefix}.{name}" if prefix else name
        near = (difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
                if len(problems) < ConfigProblems.SHOWN and len(key) <= 40 else [])
        hint = f"did you mean {near[0]!r}? " if near else ""
        problems.append(ConfigError(dotted, f"unknown key; {hint}allowed: {', '.join(allowed)}"))
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ConfigProblems(problems)


def key_text(key: object) -> str:
    """A key as it may be printed: itself when short and printable, else escaped and cut
    (a key of a lone surrogate or 100,000 characters must not break the message)."""
    text = str(key)
    return text if len(text) <= 40 and text.isprintable() else brief(text, 40)


def as_bool(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(key, f"must be true or false (got {brief(value)})")
    return value


def as_seconds(value: object, key: str, top: float = 600.0) -> float:
    """A number of seconds, more than 0 and at most `top` (nan and inf refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(key, f"must be a number of seconds (got {brief(value)})")
    if not 0 < value <= top:  # nan fails every comparison, so it is refused here too
        raise ConfigError(key, f"must be more than 0 and at most {top:g} seconds "
                          f"(got {brief(value)})")
    return float(value)


def as_int(value: object, key: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (never true/false, which Python counts as 1 and 0), within
    low..high when they are given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(key, f"must be a whole number (got {brief(value)})")
    if low is not None and high is not None and not low <= value <= high:
        raise ConfigError(key, f"must be from {low} to {high} (got {brief(value)})")
    return value


def as_choice(value: object, key: str, choices: Iterable[str]) -> str:
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(key, f"must be one of {', '.join(choices)} (got {brief(value)})")
    return value


def as_number(value: object, key: str, *, positive: bool = True, top: float = 600.0) -> float:
    """A finite number from 0 (more than 0 when `positive`) to `top`; never true/false."""
    # bool is an int in Python; `hold_s = true` is a mistake, not 1 second
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(key, f"must be a number (got {brief(value)})")
    if not math.isfinite(value):  # nan passes every comparison below as False
        raise ConfigError(key, f"must be a finite number (got {value!r})")
    if positive and value <= 0:
        raise ConfigError(key, f"must be greater than 0 and at most {top:g}")
    if value < 0:
        raise ConfigError(key, f"must be from 0 to {top:g}")
    if value > top:
        raise ConfigError(key, f"must be at most {top:g} (got {value!r})")
    return float(value)


def as_str(value: object, key: str) -> str:
    """Text."""
    if not isinstance(value, str):
        raise ConfigError(key, f"must be text (got {brief(value)})")
    return value


def as_list(value: object, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ConfigError(key, f"must be a list (got {brief(value)})")
    return value


def every_problem(parse: Callable[[Any], object], value: object, key: str) -> list[ConfigError]:
    """Every problem `parse` finds in the table `value`, not only the first: each bad key
    is noted and left out, and the table is parsed again, until it parses."""
    def attempt(table: object) -> list[ConfigError]:
        try:
            parse(table)
        except ConfigProblems as exc:
            return list(exc.problems)
        except ConfigError as exc:
            return [exc]
        return []

    if not isinstance(value, Mapping):
        return attempt(value)
    current = dict(value)
    found: list[ConfigError] = []
    for _ in range(len(current) + 1):
        new = attempt(current)
        found.extend(new)
        names = {p.key[len(key) + 1:].split(".")[0] for p in new if p.key.startswith(key + ".")}
        names &= set(current)
        if not names:
            break
        for name in names:
            del current[name]
    return found


__all__ = ["ConfigProblems", "as_bool", "as_choice", "as_int", "as_list", "as_number", "as_seconds",
           "as_str", "as_table", "every_problem", "key_text", "kind_of_value", "known_keys"]
