"""The heatmap: models x benchmarks for one label, from `leaderboard.json`.

The full grid has thousands of models, so a page shows a default slice: the benchmarks with the
most models scored under the label, then the models that cover the most of those benchmarks
(ties broken by id). Cells without a score stay empty; nothing is filled in. Colours come from
the value as a percent where the scale is bounded, otherwise from the value's position between
the lowest and highest shown in its benchmark's column (Elo and other open scales).

Reproduced and independent cells on a bounded scale get a rank in their column with a 95% rank
interval (benchhub/ranks.py) when the column has a cell with a standard error or interval;
the page shows it on hover.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from benchhub.ranks import rank_intervals, standard_error
from benchhub.site.formatting import score_value

HEATMAP_BENCHMARKS = 30
HEATMAP_MODELS = 50
COLOUR_STEPS = 8  # CSS classes q0..q7 in static/site.css
RANKED_LABELS = ("reproduced", "independent")


@dataclass(frozen=True)
class Cell:
    value_text: str
    step: int  # colour class, 0 (lowest) to COLOUR_STEPS - 1
    source_url: str
    title: str
    rank_text: str = ""  # "rank 3 of 12 (95% rank interval 2-5)", or "" without one


@dataclass(frozen=True)
class Heatmap:
    label: str
    benchmarks: list[str]  # column ids, most models scored first
    rows: list[tuple[str, list[Cell | None]]]  # model id, one cell (or None) per column
    all_benchmarks: int  # benchmarks with a score under this label
    all_models: int
    all_cells: int

    @property
    def filled(self) -> int:
        return sum(cell is not None for _, cells in self.rows for cell in cells)

    @property
    def shown(self) -> int:
        return len(self.rows) * len(self.benchmarks)


def build_heatmap(
    cells: Iterable[dict[str, Any]],
    label: str,
    n_benchmarks: int = HEATMAP_BENCHMARKS,
    n_models: int = HEATMAP_MODELS,
) -> Heatmap:
    """The default slice of the `label` grid; `cells` are leaderboard rows (one per cell)."""
    grid = {(c["model_id"], c["benchmark_id"]): c for c in cells if c["label"] == label}
    per_benchmark = Counter(benchmark for _, benchmark in grid)
    benchmarks = _top(per_benchmark, n_benchmarks)
    chosen = set(benchmarks)
    coverage = Counter(model for model, benchmark in grid if benchmark in chosen)
    models = _top(coverage, n_models)
    spans = {b: _span([grid[m, b] for m in models if (m, b) in grid]) for b in benchmarks}
    ranks: dict[tuple[str, str], str] = {}
    if label in RANKED_LABELS:
        # Each chosen column's cells in model order, from one pass over the grid.
        columns: dict[str, list[tuple[tuple[str, str], dict[str, Any]]]] = {
            b: [] for b in benchmarks
        }
        for key in sorted(grid):
            if key[1] in columns:
                columns[key[1]].append((key, grid[key]))
        for column in columns.values():
            ranks |= _column_ranks(column)
    rows = [
        (
            model,
            [
                _cell(grid[model, b], spans[b], ranks.get((model, b), ""))
                if (model, b) in grid
                else None
                for b in benchmarks
            ],
        )
        for model in models
    ]
    return Heatmap(
        label=label,
        benchmarks=benchmarks,
        rows=rows,
        all_benchmarks=len(per_benchmark),
        all_models=len({model for model, _ in grid}),
        all_cells=len(grid),
    )


def _top(counts: Counter[str], n: int) -> list[str]:
    return [key for key, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def _span(column: list[dict[str, Any]]) -> tuple[float, float]:
    values = [
        c["value"] for c in column if c.get("value_percent") is None and c["value"] is not None
    ]
    return (min(values), max(values)) if values else (0.0, 0.0)


def _column_ranks(
    cells: list[tuple[tuple[str, str], dict[str, Any]]],
) -> dict[tuple[str, str], str]:
    """Rank texts for a column's cells ((model, benchmark) and cell, in model order) on a
    bounded scale, when any carries an error."""
    column = [(key, cell) for key, cell in cells if cell.get("value_percent") is not None]
    errors = [standard_error(c.get("stderr"), c.get("ci_low"), c.get("ci_high")) for _, c in column]
    if len(column) < 2 or all(e is None for e in errors):
        return {}
    to_percent = [100.0 if c["scale"] == "fraction" else 1.0 for _, c in column]
    rank, low, high = rank_intervals(
        [c["value_percent"] for _, c in column],
        [float("nan") if e is None else e * f for e, f in zip(errors, to_percent, strict=True)],
    )
    n = len(column)
    return {
        key: f"rank {r} of {n} (95% rank interval {lo}–{hi})"
        for (key, _), r, lo, hi in zip(column, rank, low, high, strict=True)
    }


def _cell(cell: dict[str, Any], span: tuple[float, float], rank_text: str = "") -> Cell:
    position = _position(cell, span)
    step = min(COLOUR_STEPS - 1, int(position * COLOUR_STEPS))
    bounded = cell.get("value_percent") is not None
    text = f"{cell['value_percent']:.1f}" if bounded else score_value(cell["value"], cell["scale"])
    scores = f"best-sourced of {cell['n_scores']} scores" if cell.get("n_scores", 1) > 1 else ""
    title = " · ".join(
        part
        for part in (
            score_value(cell["value"], cell["scale"]),
            cell.get("metric"),
            scores,
            rank_text,
        )
        if part
    )
    return Cell(text, step, cell["source_url"], title, rank_text)


def _position(cell: dict[str, Any], span: tuple[float, float]) -> float:
    """Where the value sits on its scale, from 0 to 1."""
    if cell.get("value_percent") is not None:
        return max(0.0, min(1.0, cell["value_percent"] / 100))
    low, high = span
    return (cell["value"] - low) / (high - low) if high > low else 0.5
