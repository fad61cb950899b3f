"""Errors shared by the adapters (config, pads, store), kept apart from the rules errors."""

from __future__ import annotations


class ConfigError(ValueError):
    """A configuration value is wrong; the message names the file and the key.

    A broken config must fail at start with something a hobbyist can act on, so the
    file, the dotted key and what is allowed are all part of the message.
    """

    def __init__(self, key: str, problem: str, file: str | None = None) -> None:
        self.key = key
        self.problem = problem
        self.file = file
        where = f"{file}: " if file else ""
        super().__init__(f"{where}{key}: {problem}")

    def in_file(self, file: str) -> ConfigError:
        """The same error, now naming the file it came from."""
        return ConfigError(self.key, self.problem, file)
