"""The lm-evaluation-harness channel on its real task index, README and raw task YAMLs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import httpx
import pytest

from assets.channels import lm_eval_harness as lm
from benchhub.channel import Mode, fetch_payloads, run_channel
from benchhub.http import Fetcher, FetchPolicy
from benchhub.records import BenchmarkCandidate, ChannelResult

RECORDING = lm.CHANNEL.recording_path("")
RAW_YAML = RECORDING / "raw_task_yaml"


@pytest.fixture(scope="module")
def result() -> ChannelResult:
    return run_channel(lm.CHANNEL)


@pytest.fixture(scope="module")
def by_key(result: ChannelResult) -> dict[str, BenchmarkCandidate]:
    return {c.source_key: c for c in result.candidates}


@pytest.fixture(scope="module")
def recorded_records() -> dict[str, dict]:
    index = json.loads((RECORDING / lm.INDEX_KEY).read_bytes())
    return {r["path"]: r for r in index["records"]}


def test_one_candidate_per_task_file(result: ChannelResult) -> None:
    assert not result.issues
    assert len(result.candidates) == 14441
    assert len({c.source_key for c in result.candidates}) == 14441
    kinds = Counter(c.extra["kind"] for c in result.candidates)
    assert kinds == {"task": 13123, "group": 855, "template": 463}


def test_templates_and_groups_are_flagged_not_dropped(
    by_key: dict[str, BenchmarkCandidate],
) -> None:
    template = by_key["tasks/gpqa/zeroshot/_gpqa_zeroshot_yaml"]
    assert not template.is_benchmark and "template" in template.not_benchmark_reason
    group = by_key["aclue"]
    assert not group.is_benchmark and group.not_benchmark_reason.startswith("group of 15 tasks")
    assert group.extra["members"][0] == "aclue_ancient_chinese_culture"
    # A group's name matches its README family row, so the row's description is its own.
    assert group.description.startswith("Tasks focusing on ancient Chinese language")
    # Underscore files that do name a task are tasks, not templates.
    evalita = by_key["evalita-mp_at_prompt-1"]
    assert evalita.is_benchmark and evalita.extra["path"].endswith("_evalita-mp_at_task_p1.yaml")


def test_gpqa_diamond_inherits_its_dataset_through_include(
    by_key: dict[str, BenchmarkCandidate],
) -> None:
    gpqa = by_key["gpqa_diamond_zeroshot"]
    assert gpqa.is_benchmark
    assert gpqa.source_name == "gpqa_diamond_zeroshot"
    assert gpqa.source_url == (
        "https://github.com/EleutherAI/lm-evaluation-harness/blob/v0.4.13/"
        "lm_eval/tasks/gpqa/zeroshot/gpqa_diamond_zeroshot.yaml"
    )
    assert (gpqa.hf_dataset, gpqa.hf_config) == ("Idavidrein/gpqa", "gpqa_diamond")
    assert gpqa.metric == "acc" and gpqa.extra["output_type"] == "multiple_choice"
    assert gpqa.family == "gpqa" and gpqa.languages == ("English",)
    leaderboard = by_key["leaderboard_gpqa_diamond"]
    assert leaderboard.hf_dataset == "Idavidrein/gpqa"
    assert leaderboard.extra["groups"] == ["leaderboard_gpqa"]


def test_a_task_with_own_fields_tags_and_fewshot(by_key: dict[str, BenchmarkCandidate]) -> None:
    gsm8k = by_key["gsm8k"]
    assert (gsm8k.hf_dataset, gsm8k.hf_config, gsm8k.splits) == ("openai/gsm8k", "main", ("test",))
    assert gsm8k.capability_hints == ("math_word_problems",)
    assert gsm8k.extra["num_fewshot"] == 5 and gsm8k.extra["version"] == 3.0
    assert gsm8k.description.startswith("A benchmark of grade school math problems")


def test_readme_rows_sharing_a_folder_pick_the_task_s_own_row(
    by_key: dict[str, BenchmarkCandidate],
) -> None:
    spanish = by_key["ifeval_es"]
    assert spanish.languages == ("Spanish",) and spanish.extra["family_name"] == "ifeval_es"
    # A multilingual family's languages stay family-level: they do not hold for each task.
    xnli = by_key["xnli_en"]
    assert xnli.languages == () and "Swahili" in xnli.extra["family_languages"]


def test_local_file_loaders_are_not_hub_datasets(result: ChannelResult) -> None:
    local = [c for c in result.candidates if c.extra.get("dataset_loader")]
    assert local and all(c.hf_dataset is None for c in local)
    assert {c.extra["dataset_loader"] for c in local} <= lm.LOCAL_BUILDERS


def test_a_truncated_index_yields_nothing_but_a_located_issue() -> None:
    payloads = fetch_payloads(lm.CHANNEL, Mode.REPLAY)
    payloads[lm.INDEX_KEY] = payloads[lm.INDEX_KEY][:5000]
    broken = lm.parse(payloads)
    assert not broken.candidates
    assert [i.location for i in broken.issues] == [lm.INDEX_KEY]


def _raw_documents() -> dict[str, dict | None]:
    documents = {}
    for path in sorted(RAW_YAML.rglob("*")):
        if path.is_file() and path.name.endswith("yaml"):
            key = f"tasks/{path.relative_to(RAW_YAML).as_posix()}"
            documents[key], error = lm.read_task_file(key, path.read_bytes())
            assert error is None
    return documents


def test_the_live_builder_rebuilds_the_recorded_records(recorded_records: dict) -> None:
    index = lm.build_task_index(_raw_documents())
    assert index["count"] == 247
    assert all(record == recorded_records[record["path"]] for record in index["records"])


def test_the_builder_reports_an_unreadable_yaml() -> None:
    document, error = lm.read_task_file("tasks/x/broken.yaml", b"task: [unclosed\n")
    assert document is None and "line" in error
    index = lm.build_task_index({"tasks/x/broken.yaml": None}, [{"path": "x", "error": error}])
    payloads = {lm.INDEX_KEY: json.dumps(index).encode()}
    parsed = lm.parse(payloads)
    assert [i.location for i in parsed.issues] == [f"{lm.INDEX_KEY}#x"]


def _github_stub(files: dict[str, bytes]) -> httpx.MockTransport:
    """The GitHub API and raw host as live mode sees them, answering from the raw YAML copies
    (and the README recording); the listing is built here, nothing is recorded."""
    tree = [{"path": p.removeprefix("lm_eval/tasks/"), "type": "blob"} for p in files]

    def handle(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == f"/repos/{lm.REPO}/contents/lm_eval":
            assert request.url.params["ref"] == lm.TAG
            return httpx.Response(200, json=[{"name": "tasks", "type": "dir", "sha": "abc"}])
        if path == f"/repos/{lm.REPO}/git/trees/abc":
            return httpx.Response(200, json={"tree": tree, "truncated": False})
        prefix = f"/{lm.REPO}/{lm.TAG}/"
        if request.url.host == "raw.githubusercontent.com" and path.startswith(prefix):
            body = files.get(path.removeprefix(prefix))
            return httpx.Response(200, content=body) if body else httpx.Response(404)
        return httpx.Response(404)

    return httpx.MockTransport(handle)


def test_live_fetch_lists_the_tree_and_reads_raw_files(recorded_records: dict) -> None:
    files: dict[str, bytes] = {
        "lm_eval/tasks/README.md": (RECORDING / lm.README_KEY).read_bytes(),
        **{
            f"lm_eval/tasks/{p.relative_to(RAW_YAML).as_posix()}": p.read_bytes()
            for p in Path(RAW_YAML).rglob("*")
            if p.is_file()
        },
    }
    fetcher = Fetcher(
        httpx.Client(transport=_github_stub(files)), FetchPolicy(retries=0, min_interval_s=0.0)
    )
    with fetcher.client:
        payloads = lm.fetch(fetcher, lm.CHANNEL)
    index = json.loads(payloads[lm.INDEX_KEY])
    assert index["count"] == 247
    assert all(record == recorded_records[record["path"]] for record in index["records"])
    parsed = lm.parse(payloads)
    assert {c.source_key for c in parsed.candidates} >= {"gpqa_diamond_zeroshot", "ifeval_es"}


def test_replay_fetch_reads_only_the_readme() -> None:
    payloads = fetch_payloads(lm.CHANNEL, Mode.REPLAY)
    assert set(payloads) == {lm.README_KEY, lm.INDEX_KEY}
    assert payloads[lm.INDEX_KEY] == (RECORDING / lm.INDEX_KEY).read_bytes()
