"""Mush-Ring's words, one file per language."""
