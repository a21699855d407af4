"""Rank intervals (benchhub.ranks) and their place on the heatmap."""

from __future__ import annotations

import numpy as np
import pytest

from benchhub.ranks import rank_intervals, standard_error
from benchhub.site.heatmap import build_heatmap


def test_separated_scores_have_exact_ranks_and_close_ones_share_an_interval() -> None:
    rank, low, high = rank_intervals([90.0, 50.0, 49.5, 10.0], [0.1, 2.0, 2.0, np.nan])
    assert rank.tolist() == [1, 2, 3, 4]
    assert (low.tolist(), high.tolist()) == ([1, 2, 2, 4], [1, 3, 3, 4])
    # Ties share the better rank; without errors the interval is the rank itself.
    rank, low, high = rank_intervals([5.0, 5.0, 1.0], [np.nan, np.nan, np.nan])
    assert rank.tolist() == low.tolist() == high.tolist() == [1, 1, 3]


def test_rank_interval_coverage_on_simulated_columns() -> None:
    """The true rank (by true values) falls in the 95% rank interval about as often as said."""
    rng = np.random.default_rng(3)
    hits = total = 0
    for _ in range(40):
        truth = rng.uniform(20, 80, 12)
        error = rng.uniform(0.5, 4.0, 12)
        observed = truth + error * rng.standard_normal(12)
        _, low, high = rank_intervals(observed, error, draws=400, seed=1)
        true_rank = 1 + (truth[None, :] > truth[:, None]).sum(axis=1)
        hits += int(((low <= true_rank) & (true_rank <= high)).sum())
        total += 12
    assert hits / total >= 0.9


def test_standard_error_from_an_interval() -> None:
    assert standard_error(1.5, None, None) == 1.5
    assert standard_error(None, 40.0, 47.84) == pytest.approx(2.0, abs=1e-3)
    assert standard_error(None, None, 3.0) is None


def test_heatmap_cells_of_ranked_labels_carry_their_rank_interval() -> None:
    def cell(model: str, value: float, stderr: float | None, label: str) -> dict:
        return {
            "model_id": model, "benchmark_id": "b", "label": label, "value": value,
            "value_percent": value, "scale": "percent", "metric": "accuracy", "stderr": stderr,
            "ci_low": None, "ci_high": None, "source_url": f"https://x.org/{model}",
            "n_scores": 1,
        }  # fmt: skip

    cells = [cell("m1", 80, 1.0, "independent"), cell("m2", 79, 1.0, "independent")]
    cells += [cell("m3", 40, None, "independent"), cell("m1", 80, 1.0, "self_reported")]
    heatmap = build_heatmap(cells, "independent")
    texts = {model: row[0].rank_text for model, row in heatmap.rows if row[0]}
    assert texts["m1"] == "rank 1 of 3 (95% rank interval 1–2)"
    assert texts["m3"] == "rank 3 of 3 (95% rank interval 3–3)"
    assert "95% rank interval" in next(r[0] for m, r in heatmap.rows if m == "m2").title
    self_reported = build_heatmap(cells, "self_reported")
    assert all(c.rank_text == "" for _, row in self_reported.rows for c in row if c)
