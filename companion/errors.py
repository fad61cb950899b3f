"""Errors shared by the adapters (config, pads, store); defined in `companion.exc`.

Kept so `from companion.errors import ConfigError` goes on working.
"""

from __future__ import annotations

from companion.exc import ConfigError

__all__ = ["ConfigError"]
