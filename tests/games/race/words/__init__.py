"""Race to Ten's words, a file per language."""
