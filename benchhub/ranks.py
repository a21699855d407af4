"""Rank intervals: where a score ranks among the others in its column, and how sure that is.

A rank read off point values overstates what the numbers show when they carry errors. Each
score with a standard error is drawn from a normal distribution around its value (Monte Carlo,
`draws` times, seeded); scores without one stay at their value. Each draw ranks the column
(1 = highest; ties share the better rank), and the 2.5% and 97.5% quantiles of a score's ranks
are its 95% rank interval. A score without an error still gets an interval, since the scores
around it move.

A reported interval without a standard error is read as a normal 95% interval:
standard error = (high - low) / (2 x 1.96).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

RANK_DRAWS = 1000
Z_95 = 1.959963984540054


def standard_error(
    stderr: float | None, ci_low: float | None, ci_high: float | None
) -> float | None:
    """A score's standard error: as published, else from its 95% interval, else None."""
    if stderr is not None and stderr >= 0:
        return float(stderr)
    if ci_low is not None and ci_high is not None and ci_high >= ci_low:
        return (ci_high - ci_low) / (2 * Z_95)
    return None


def rank_intervals(
    values: npt.ArrayLike, std_errors: npt.ArrayLike, *, draws: int = RANK_DRAWS, seed: int = 0
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each score's rank by value and its 95% rank interval (low, high), 1 = highest.

    std_errors: NaN where a score has none.
    """
    value = np.asarray(values, dtype=np.float64)
    error = np.nan_to_num(np.asarray(std_errors, dtype=np.float64), nan=0.0)
    if value.ndim != 1 or value.shape != error.shape:
        raise ValueError("values and std_errors must be 1-d arrays of the same length")
    rank = _ranks(value[None, :])[0]
    rng = np.random.default_rng(seed)
    drawn = value[None, :] + error[None, :] * rng.standard_normal((draws, len(value)))
    ranks = _ranks(drawn)
    low = np.floor(np.quantile(ranks, 0.025, axis=0)).astype(np.int64)
    high = np.ceil(np.quantile(ranks, 0.975, axis=0)).astype(np.int64)
    return rank, np.minimum(low, rank), np.maximum(high, rank)


def _ranks(rows: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """Per row, 1 + how many values are strictly higher (ties share the better rank)."""
    ordered = np.sort(rows, axis=1)
    n = rows.shape[1]
    higher = np.empty(rows.shape, dtype=np.int64)
    for i in range(rows.shape[0]):
        higher[i] = n - np.searchsorted(ordered[i], rows[i], side="right")
    return 1 + higher
