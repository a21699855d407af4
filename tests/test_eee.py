"""Every Eval Ever in and out, on real records (tests/fixtures/eee, see its SOURCE.txt).

In: the channels' EEE reader, after 0.2.x records are migrated to 0.3.0. Out: the release
export, checked with the official 0.3.0 JSON Schema and the every-eval-ever validator, then read
back by the same reader to see what survives.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pytest
from benchhub_format.score_settings import normalise

from assets.channels import _eee, every_eval_ever, helm_results, vendor_model_cards
from benchhub.channel import run_channel
from benchhub.crosswalk.model_names import parse_model_name
from benchhub.eee import (
    RejectedRecord,
    export_release_eee,
    migrate_record,
    official_schema,
    record_problems,
    unplaceable,
)
from benchhub.eee.export import RECORD_KEY
from benchhub.eee.validate import package_errors, schema_errors
from benchhub.records import ScoreObservation
from tests.conftest import BuiltRegistry
from tests.test_scores import scores_from

FIXTURES = Path(__file__).parent / "fixtures" / "eee"
SCHEMA = json.loads((FIXTURES / "schema/v0.3.0_pypi_wheel/eval.schema.json").read_text())
ORIGINALS = sorted((FIXTURES / "records").glob("*/data/*/*/*/*.json"))
RETRIEVED_AT = datetime(2026, 11, 29, 12, tzinfo=UTC)
HELM_LITE_0_1 = next(
    (Path(__file__).parents[1] / "recordings/channels/leaderboard-helm/eee_helm_lite").rglob(
        "*.json"
    )
)


def datastore_path(path: Path) -> str:
    """`data/<collection>/<developer>/<model>/<file>` of a fixture record."""
    return "/".join(path.relative_to(FIXTURES / "records").parts[1:])


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def imported(records: dict[str, dict[str, Any]]) -> list[ScoreObservation]:
    """Scores from records keyed by datastore path, through the channels' EEE reader."""
    slices = {}
    payloads = {}
    for path, record in records.items():
        collection = path.split("/")[1]
        piece = _eee.Slice(f"eee_{collection}", f"data/{collection}", "0" * 40)
        slices[piece.folder] = piece
        payloads[piece.folder + path.removeprefix(piece.repo_path)] = json.dumps(record).encode()
    result = _eee.parse_records("every_eval_ever", payloads, tuple(slices.values()), _name_of)
    # HELM's -1 "No matching runs" placeholder is the only thing the reader turns away
    assert all("No matching runs" in i.message for i in result.issues), result.issues
    return result.scores


def _name_of(record: dict[str, Any], evaluation: dict[str, Any]) -> _eee.Evaluation:
    if record["source_metadata"].get("source_organization_name") == "crfm":
        return helm_results._name_of(record, evaluation)
    if record["source_metadata"].get("source_name", "").startswith("BenchHub, channel "):
        metric, _ = _eee.metric_or_description(evaluation)
        return _eee.Evaluation(evaluation["evaluation_name"], metric)
    return every_eval_ever._name_of(record, evaluation)


def release_tables(
    observations: list[ScoreObservation],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """scores, benchmarks and models rows as a release holds them, for these observations."""
    scores = scores_from(observations)
    benchmarks = {
        s["benchmark_id"]: {"benchmark_id": s["benchmark_id"], "name": s["benchmark_as_published"]}
        for s in scores
    }
    models = {
        parse_model_name(o.model_name).base: {
            "model_id": parse_model_name(o.model_name).base,
            "name": o.model_name,
            "developer": o.model_developer,
        }
        for o in observations
    }
    return scores, list(benchmarks.values()), list(models.values())


def as_text(settings: dict[str, Any]) -> str:
    """Settings as EEE can carry them (every value a string), as comparable text."""
    return json.dumps(
        {
            k: v if isinstance(v, str) else json.dumps(v, sort_keys=True)
            for k, v in settings.items()
        },
        sort_keys=True,
    )


@pytest.fixture(scope="module")
def migrated() -> dict[str, dict[str, Any]]:
    return {datastore_path(p): migrate_record(load(p)) for p in ORIGINALS}


@pytest.fixture(scope="module")
def round_trip(
    migrated: dict[str, dict[str, Any]],
) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]], list[ScoreObservation]]:
    scores, benchmarks, models = release_tables(imported(migrated))
    exported = export_release_eee(scores, benchmarks, models, RETRIEVED_AT)
    return scores, exported, imported(exported)


# --- the schema and migration --------------------------------------------------------------------


def test_the_fixture_schema_is_the_one_the_package_ships() -> None:
    assert official_schema() == SCHEMA and SCHEMA["version"] == "0.3.0"


def test_the_originals_are_0_2_and_fail_0_3() -> None:
    versions = {load(p)["schema_version"] for p in ORIGINALS}
    assert versions == {"0.2.0", "0.2.2"} and len(ORIGINALS) == 10
    assert all(schema_errors(load(p), SCHEMA) for p in ORIGINALS)


def test_0_2_records_migrate_to_valid_0_3(migrated: dict[str, dict[str, Any]]) -> None:
    for path, record in migrated.items():
        assert record["schema_version"] == "0.3.0"
        assert schema_errors(record, SCHEMA) == [], path
        pydantic = [p for p in package_errors(path, record) if "addresses" not in p]
        if "phi-3-small" in path:
            # HELM's -1 "No matching runs" placeholder: valid JSON, a warning for the package
            assert pydantic == ["score -1.0 is outside [min_score=0.0, max_score=1.0]"]
        else:
            assert pydantic == [], path


def test_migration_agrees_with_an_independent_one(migrated: dict[str, dict[str, Any]]) -> None:
    # The research helper who collected the records migrated them on their own: only the note
    # saying so differs.
    for original in ORIGINALS:
        theirs = load(
            FIXTURES / "records_migrated_to_0.3.0" / original.relative_to(FIXTURES / "records")
        )
        ours = json.loads(json.dumps(migrated[datastore_path(original)]))
        note = ours["source_metadata"]["additional_details"].pop("eee_migrated_from")
        assert note in {"0.2.0", "0.2.2"}
        theirs["source_metadata"]["additional_details"].pop("eee_migration_note")
        assert ours == theirs, original


def test_0_1_records_are_rejected_with_the_reason() -> None:
    record = load(HELM_LITE_0_1)
    assert record["schema_version"] == "0.1.0"
    with pytest.raises(RejectedRecord, match=r"'0\.1\.0': only 0\.2\.x is migrated"):
        migrate_record(record)


def test_unfixable_0_2_records_are_rejected_with_the_reason() -> None:
    record = load(ORIGINALS[0])
    record["detailed_evaluation_results"] = {"format": "json", "file_path": "samples.json"}
    with pytest.raises(RejectedRecord, match="format 'json': 0.3.0 allows only jsonl"):
        migrate_record(record)
    record = load(ORIGINALS[0])
    del record["evaluation_results"][0]["score_details"]
    with pytest.raises(RejectedRecord, match="'score_details' is a required property"):
        migrate_record(record)


# --- import, export, validate, import again ------------------------------------------------------


def test_import_labels_values_and_sources(migrated: dict[str, dict[str, Any]]) -> None:
    scores = scores_from(imported(migrated))
    assert {s["label"] for s in scores} == {"independent"}  # every record is third_party
    assert not [s for s in scores if s["value"] < 0]  # HELM's -1 stays a missing cell
    hal = next(s for s in scores if s["benchmark_id"] == "hal-gaia:GAIA")
    assert hal["source_url"] == "https://hal.cs.princeton.edu/gaia"
    assert json.loads(hal["settings"])["scaffold"] == "HAL Generalist Agent"


def test_every_score_is_exported_once(round_trip: tuple) -> None:
    scores, exported, _ = round_trip
    results = [r for record in exported.values() for r in record["evaluation_results"]]
    assert len(results) == len(scores) == 60
    assert len({tuple(s.get(k) for k in RECORD_KEY) for s in scores}) == len(exported)


def test_exported_records_validate(round_trip: tuple) -> None:
    _, exported, _ = round_trip
    for path, record in exported.items():
        assert schema_errors(record, SCHEMA) == [], path
        assert record_problems(path, record) == [], path  # schema + package, warnings included


def test_what_survives_the_round_trip(round_trip: tuple) -> None:
    scores, _, again = round_trip
    # value, source, metric and every setting (as text: EEE's string maps carry no types)
    before = sorted(
        (s["source_url"], s["value"], s["metric"] or "", as_text(json.loads(s["settings"])))
        for s in scores
    )
    after = sorted(
        (o.source_url, o.value, o.metric or "", as_text(normalise(o.settings))) for o in again
    )
    assert before == after
    assert {o.relationship for o in again} == {"third_party"}
    assert sorted(o.scale for o in again) == sorted(s["scale"] for s in scores)


def test_labels_survive_through_the_relationship() -> None:
    # Vendor cards: a developer's own numbers (first_party) next to its rivals' (third_party).
    observations = run_channel(vendor_model_cards.CHANNEL).scores
    scores, benchmarks, models = release_tables(observations)
    exported = export_release_eee(scores, benchmarks, models, RETRIEVED_AT)
    assert [p for p, r in exported.items() if record_problems(p, r)] == []
    again = imported(exported)
    assert len(again) == len(scores) == len(observations)
    assert Counter(o.relationship for o in again) == Counter(o.relationship for o in observations)
    relationship = {"self_reported": "first_party", "independent": "third_party"}
    assert sorted(
        (s["source_url"], s["value"], relationship[s["label"]]) for s in scores
    ) == sorted((o.source_url, o.value, o.relationship) for o in again)


def test_the_built_release_exports_and_validates(built_registry: BuiltRegistry) -> None:
    con = duckdb.connect(str(built_registry.warehouse), read_only=True)
    try:
        tables = {
            name: con.sql(f"SELECT * FROM {name}").arrow().read_all().to_pylist()
            for name in ("scores", "benchmarks", "models")
        }
    finally:
        con.close()
    exported = export_release_eee(
        tables["scores"], tables["benchmarks"], tables["models"], RETRIEVED_AT
    )
    left_out = set(unplaceable(tables["models"]))
    placed = [s for s in tables["scores"] if s["model_id"] not in left_out]
    assert sum(len(r["evaluation_results"]) for r in exported.values()) == len(placed)
    assert len(placed) > 0.95 * len(tables["scores"])
    sample = sorted(exported)[:: max(1, len(exported) // 300)]
    assert [p for p in sample if record_problems(p, exported[p])] == []
