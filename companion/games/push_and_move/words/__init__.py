"""Push&Move's words, a file per language."""
