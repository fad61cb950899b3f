"""QR codes of the join links, as rows of modules the screen draws (segno, pure Python)."""

from __future__ import annotations

import functools

import segno


@functools.lru_cache(maxsize=16)
def qr_rows(text: str, border: int = 4) -> tuple[str, ...]:
    """`text` as a QR code: one string per row, "1" for a dark module and "0" for a light
    one, with the quiet zone of `border` light modules all round (medium error
    correction: a code on a screen seen at an angle still reads)."""
    code = segno.make(text, error="m", micro=False)
    return tuple("".join("1" if cell else "0" for cell in row)
                 for row in code.matrix_iter(scale=1, border=border))
