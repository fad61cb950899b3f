"""The dice sources MUSH rolls with: the kernel's (`companion.core.dice`), by their old names."""

from companion.core.dice import DiceExhausted, DiceSource, ScriptedDice, SeededDice, SystemDice

__all__ = ["DiceExhausted", "DiceSource", "ScriptedDice", "SeededDice", "SystemDice"]
