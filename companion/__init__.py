"""MUSH table companion: a Raspberry Pi that runs the fiddly parts of the board game MUSH."""

__version__ = "0.1.0"
