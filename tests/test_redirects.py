"""Redirects: an id that moved (split, merged, renamed) still leads somewhere."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from benchhub_format.release import HEAD, Release, build_head, build_shards
from ltb.cli import main
from ltb.redirects import follow

from benchhub.redirects import (
    Redirect,
    compute_redirects,
    load_curated_redirects,
    redirects_document,
    redirects_from_document,
)
from tests.conftest import BuiltRegistry

PREVIOUS = {
    ("lm_eval_harness", "arc_easy"): "arc",
    ("lm_eval_harness", "arc_challenge"): "arc",
    ("helm", "commonsense_qa"): "commonsenseqa",
    ("lighteval", "csqa"): "csqa",
    ("openbench", "drop"): "drop-old",
    ("papers_with_code", "N/A"): "n-a",
}
CURRENT = {
    ("lm_eval_harness", "arc_easy"): "arc-easy",
    ("lm_eval_harness", "arc_challenge"): "arc-challenge",
    ("helm", "commonsense_qa"): "commonsenseqa",
    ("lighteval", "csqa"): "commonsenseqa",
    ("openbench", "drop"): "drop",
    ("papers_with_code", "N/A"): "n-a",  # rejected as junk now: not published
}
PUBLISHED = {"arc-easy", "arc-challenge", "commonsenseqa", "drop"}


def test_split_merge_and_rename_are_told_apart_and_junk_is_gone() -> None:
    found = {r.old_id: r for r in compute_redirects("benchmark", PREVIOUS, CURRENT, PUBLISHED)}
    assert found["arc"] == Redirect("benchmark", "arc", ("arc-challenge", "arc-easy"), "split")
    assert found["csqa"] == Redirect("benchmark", "csqa", ("commonsenseqa",), "merged")
    assert found["drop-old"] == Redirect("benchmark", "drop-old", ("drop",), "renamed")
    assert "n-a" not in found  # gone, not moved
    assert "commonsenseqa" not in found  # still published


def test_older_redirects_are_carried_and_re_pointed() -> None:
    carried = [Redirect("benchmark", "arc-2023", ("arc",), "renamed")]
    found = {
        r.old_id: r
        for r in compute_redirects("benchmark", PREVIOUS, CURRENT, PUBLISHED, carried=carried)
    }
    assert found["arc-2023"].to == ("arc-challenge", "arc-easy")


def test_a_person_wins_and_must_point_at_a_published_id(tmp_path: Path) -> None:
    path = tmp_path / "redirects.yaml"
    path.write_text("- {kind: benchmark, old_id: arc, to: [arc-challenge], reason: renamed}\n")
    curated = load_curated_redirects(path)
    found = {
        r.old_id: r
        for r in compute_redirects("benchmark", PREVIOUS, CURRENT, PUBLISHED, curated=curated)
    }
    assert found["arc"].to == ("arc-challenge",)
    bad = [Redirect("benchmark", "arc", ("nowhere",), "renamed")]
    with pytest.raises(ValueError, match="nowhere"):
        compute_redirects("benchmark", PREVIOUS, CURRENT, PUBLISHED, curated=bad)
    path.write_text("- {kind: dataset, old_id: x, to: [y], reason: r}\n")
    with pytest.raises(ValueError, match="entry 0: needs kind"):
        load_curated_redirects(path)


def test_the_release_file_round_trips_and_ltb_follows_it(tmp_path: Path) -> None:
    redirects = [
        Redirect("benchmark", "csqa", ("commonsenseqa",), "merged"),
        Redirect("model", "gpt4", ("gpt-4",), "renamed"),
    ]
    document = redirects_document(redirects)
    assert document == {
        "benchmark": {"csqa": {"to": ["commonsenseqa"], "reason": "merged"}},
        "model": {"gpt4": {"to": ["gpt-4"], "reason": "renamed"}},
    }
    assert redirects_from_document(document) == redirects
    data = json.dumps(document).encode()
    (tmp_path / "redirects.json").write_bytes(data)
    manifest = {
        "release_id": "r1",
        "files": {
            "redirects.json": {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
        },
    }
    release = Release(str(tmp_path), manifest)
    moved = follow(release, "benchmark", "csqa")
    assert moved is not None and moved.to == ["commonsenseqa"]
    assert "was merged; it is now commonsenseqa" in moved.notice("benchmark")
    assert follow(release, "benchmark", "commonsenseqa") is None
    assert (
        follow(Release(str(tmp_path), {"release_id": "r0", "files": {}}), "model", "gpt4") is None
    )


def _with_redirects(release: Path, document: dict) -> None:
    """Give a copied release a redirects file, listed in its manifest like the writer does."""
    data = json.dumps(document).encode()
    target = release / "redirects.json"
    target.unlink(missing_ok=True)  # the copy may share the file with other releases
    target.write_bytes(data)
    manifest_path = release / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["files"]["redirects.json"] = {
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }
    for shard, shard_data in build_shards(manifest["files"]).items():  # the head's chain too
        (release / shard).unlink(missing_ok=True)
        (release / shard).write_bytes(shard_data)
        manifest["files"][shard] = {
            "sha256": hashlib.sha256(shard_data).hexdigest(),
            "bytes": len(shard_data),
        }
    manifest_data = json.dumps(manifest).encode()
    manifest_path.unlink()
    manifest_path.write_bytes(manifest_data)
    (release / HEAD).unlink(missing_ok=True)
    (release / HEAD).write_text(json.dumps(build_head(manifest, manifest_data)))


def test_ltb_model_info_follows_a_moved_model_id(
    registry_copy: BuiltRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    release = registry_copy.latest.resolve()
    models = json.loads((release / "models.json").read_text())["models"]
    one, two = models[0]["id"], models[1]["id"]
    _with_redirects(
        release,
        {
            "benchmark": {},
            "model": {
                "old-renamed-model": {"to": [one], "reason": "renamed"},
                "old-split-model": {"to": [one, two], "reason": "split"},
            },
        },
    )
    assert main(["model", "info", "old-renamed-model", "--json", "--registry", str(release)]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["id"] == one
    assert f"model id 'old-renamed-model' was renamed; it is now {one}" in out.err
    assert main(["model", "info", "old-split-model", "--registry", str(release)]) == 0
    out = capsys.readouterr()
    assert one in out.out and two in out.out and "was split" in out.err
