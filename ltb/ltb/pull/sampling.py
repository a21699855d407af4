"""Deterministic sampling: the same seed picks the same rows on any machine and Python.

Rows are ordered by sha256(f"{seed}:{row_id}"), which depends only on the seed and the row's
own id: not on Python's hash(), the row order in the file, or how many rows there are. A
bigger n therefore extends a smaller sample instead of reshuffling it, and a skipped bad row
is replaced by the next row in this order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def sample_key(seed: int, row_id: str) -> str:
    return hashlib.sha256(f"{seed}:{row_id}".encode()).hexdigest()


def sample_order(row_ids: Sequence[str], seed: int) -> list[int]:
    """Indices of `row_ids` in sampling order (ties, i.e. duplicate ids, keep file order)."""
    return sorted(range(len(row_ids)), key=lambda i: sample_key(seed, row_ids[i]))


def option_order(row_id: str, n_options: int) -> list[int]:
    """A fixed shuffle of a row's options, for datasets that list the right answer first."""
    return sorted(range(n_options), key=lambda i: sample_key(i, f"options:{row_id}"))
