"""MUSH table companion: a Raspberry Pi that runs the fiddly parts of the board game MUSH."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """`companion.__version__`, read from the installed package's metadata when asked
    (companion.version), so the version is written in pyproject.toml alone."""
    if name == "__version__":
        from companion.version import release

        return release()
    raise AttributeError(f"module 'companion' has no attribute {name!r}")
