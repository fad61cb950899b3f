"""The dice sources MUSH rolls with: the kernel's (`companion.core.dice`), by their old names.

A scripted source that runs out raises `companion.exc.DiceExhausted`.
"""

from companion.core.dice import DiceSource, ScriptedDice, SeededDice, SystemDice

__all__ = ["DiceSource", "ScriptedDice", "SeededDice", "SystemDice"]
