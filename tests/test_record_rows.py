"""record_row: the flat warehouse row of a channel record, as `dataclasses.asdict` would give."""

import json
from dataclasses import asdict, dataclass

from benchhub.records import BenchmarkCandidate, ParseIssue, ScoreObservation, record_row


@dataclass(frozen=True)
class _Shot:
    n: int
    style: str


def _as_asdict_would(record) -> dict:
    row = asdict(record)
    for name, value in row.items():
        if isinstance(value, dict):
            row[name] = json.dumps(value, sort_keys=True, default=str)
        elif isinstance(value, tuple):
            row[name] = list(value)
    return row


def test_rows_match_asdict_for_every_record_type():
    records = [
        BenchmarkCandidate(
            channel="c",
            source_key="k",
            source_name="Name",
            source_url="https://x",
            splits=("test", "dev"),
            languages=(),
            extra={"b": [1, (2, 3)], "a": {"z": None, "y": _Shot(5, "cot")}},
        ),
        ScoreObservation(
            channel="c",
            benchmark_key="k",
            benchmark_name="Name",
            model_name="m",
            value=71.5,
            scale="percent",
            raw_value="71.5",
            source_url="https://x",
            relationship="third_party",
            settings={"shots": _Shot(5, "plain"), "when": object.__name__},
        ),
        ParseIssue(channel="c", location="f.json:3", message="bad row"),
    ]
    for record in records:
        assert record_row(record) == _as_asdict_would(record)


def test_a_row_holds_its_own_lists():
    candidate = BenchmarkCandidate("c", "k", "Name", "https://x", splits=("test",))
    row = record_row(candidate)
    assert row["splits"] == ["test"] and row["extra"] == "{}"
    row["splits"].append("train")
    assert candidate.splits == ("test",)
