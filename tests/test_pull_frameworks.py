"""Tasks generated from evaluation frameworks' own task definitions, and every bundled benchmark
end to end on its real rows: pull -> Harbor Task loads -> lint clean -> oracle 100 -> a broken
solution scores below 100.

The Hub is made unreachable so pulls use the rows bundled in ltb/ltb/bundled_rows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from benchhub_format.catalog import search
from benchhub_format.release import INDEX, open_release, page_path
from harbor.lint import LintRule, lint_task
from harbor.lint.models import DEFAULT_RULES
from harbor.models.task.task import Task
from ltb.commands.info import _harbor as info_harbor
from ltb.errors import PullError, RowsUnavailableError
from ltb.frameworks.lm_eval import (
    PYTHON_METRIC,
    LmEvalGroup,
    LmEvalTask,
    NotRunnable,
    RowError,
    compile_definitions,
    compile_lm_eval_group,
    compile_lm_eval_task,
    compile_task,
    oracle_response,
    python_metric_doc,
)
from ltb.pull import REPORT_NAME
from ltb.pull.graders.grade_lm_eval import scores
from ltb.pull.pipeline import PullRequest, pull
from ltb.pull.resolve import headline_part as headline_part_of
from ltb.pull.resolve import resolve_benchmark, resolve_suite
from ltb.pull.shapes import BUNDLED_DIR, load_shapes

from benchhub.headline import headline_part
from benchhub.runnable import (
    NO_DEFINITION,
    family_group,
    pullable,
    runnability,
    shape_names,
    with_family_groups,
    with_headline_parts,
    with_suites,
)
from tests.conftest import BuiltRegistry

CLOSED_PORT_ENDPOINT = "http://127.0.0.1:9"
LINT_RULES = DEFAULT_RULES - {LintRule.SHARED_VERIFIER}
SHAPES = load_shapes()
BUNDLED_ALL = sorted(b for b, shape in SHAPES.benchmarks.items() if shape.bundled)
PER_BENCHMARK = 2  # one task kept right, one broken


def _bundled_rows(benchmark: str) -> int:
    shape = SHAPES.benchmarks[benchmark]
    path = shape.bundled_path(next(iter(shape.bundled)))
    assert path is not None
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


# A benchmark with a single real row bundled (MATH-500) is checked with one run per outcome.
BUNDLED = [b for b in BUNDLED_ALL if _bundled_rows(b) >= PER_BENCHMARK]
SINGLE_ROW = [b for b in BUNDLED_ALL if _bundled_rows(b) < PER_BENCHMARK]


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HF_ENDPOINT", CLOSED_PORT_ENDPOINT)
    for name in ("HF_HUB_OFFLINE", "LTB_REGISTRY", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def _play_oracle(task_dir: Path) -> None:
    """For a task whose licence keeps answers out: the test writes the solution the oracle
    would have had, from the verifier's own expected answer."""
    expected = json.loads((task_dir / "tests" / "expected.json").read_text())
    answer = expected["answer"]
    solution = task_dir / "solution"
    solution.mkdir()
    (solution / "answer.txt").write_text(f"{answer}\n")
    (solution / "solve.sh").write_text(
        "#!/bin/bash\nset -euo pipefail\nmkdir -p /app\ncp /solution/answer.txt /app/answer.txt\n"
    )
    (solution / "solve.sh").chmod(0o755)


def _break(task_dir: Path) -> None:
    code = task_dir / "solution" / "solution.py"
    if code.exists():
        code.write_text("def unrelated():\n    return None\n")
        return
    answer = task_dir / "solution" / "answer.txt"
    right = answer.read_text().strip()
    answer.write_text("B\n" if right == "A" else "A\n" if len(right) == 1 else "no answer\n")


def test_bundled_rows_cover_ten_more_benchmarks_with_provenance() -> None:
    # by the bundled data's folder: `agieval-aqua-rat` is AQuA-RAT's rows, not AGIEval's
    folders = {r.split("/")[0] for b in BUNDLED_ALL for r in SHAPES.benchmarks[b].bundled.values()}
    families = {f.split("-")[0] for f in folders} - {"mmlu", "gsm8k", "humaneval"}
    assert len(families) >= 10, families
    provenance = (
        Path(__file__).parents[1] / "ltb" / "ltb" / "bundled_rows" / "SOURCE.txt"
    ).read_text()
    for benchmark in BUNDLED_ALL:
        for relative in SHAPES.benchmarks[benchmark].bundled.values():
            assert (Path(__file__).parents[1] / "ltb" / "ltb" / "bundled_rows" / relative).is_file()
            folder = relative.split("/")[0]
            assert folder.split("-")[0] in provenance, folder


def test_every_bundled_benchmark_end_to_end(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    expected_rewards: dict[str, float] = {}
    for benchmark in BUNDLED:
        shape = SHAPES.benchmarks[benchmark]
        split = next(iter(shape.bundled))
        out = pull(
            PullRequest(benchmark, n=PER_BENCHMARK, seed=3, split=split, out=tmp_path / benchmark)
        ).out_dir
        tasks = sorted(d for d in out.iterdir() if d.is_dir())
        assert len(tasks) == PER_BENCHMARK, benchmark
        report = json.loads((out / REPORT_NAME).read_text())
        assert report["solutions"]["included"] == shape.solutions_redistributable
        for task_dir in tasks:
            task = Task(task_dir)
            assert task.config.metadata["benchmark"] == benchmark
            assert lint_task(task_dir, selected_rules=LINT_RULES) == [], task_dir
            if shape.framework is not None:
                metadata = task.config.metadata
                assert metadata["framework_task"] == shape.framework.task
                assert len(metadata["framework_config_sha256"]) == 16
                assert metadata["framework_task_version"]
            if not shape.solutions_redistributable:
                assert not (task_dir / "solution").exists()
                _play_oracle(task_dir)
        good, broken = tasks
        _break(broken)
        for task_dir in tasks:
            shutil.copytree(task_dir, mixed / task_dir.name)
        expected_rewards |= {good.name: 1.0, broken.name: 0.0}

    # Per benchmark: the kept task scores 1 (the oracle's 100), the broken one 0 (below 100).
    rewards = _oracle_rewards(mixed, tmp_path, "e2e")
    assert rewards == expected_rewards


def _oracle_rewards(task_root: Path, tmp_path: Path, job: str) -> dict[str, float]:
    scratch = tmp_path / f"scratch-{job}"
    scratch.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "run", str(task_root), "-a", "oracle"]
        + ["--job-name", job],
        cwd=tmp_path,
        env={**os.environ, "TMPDIR": str(scratch)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads((tmp_path / "jobs" / job / "ltb-run-summary.json").read_text())
    return {
        name: sum(a["reward"] for a in task["attempts"]) / len(task["attempts"])
        for name, task in summary["tasks"].items()
    }


@pytest.mark.parametrize("benchmark", SINGLE_ROW)
def test_single_row_bundled_benchmark_end_to_end(benchmark: str, tmp_path: Path) -> None:
    """Its one real row: pull -> Task loads -> lint clean -> oracle 1; broken -> 0. A task
    scored by the harness's process_results installs the harness, carries the doc in tests/
    and names the metric it rewards."""
    shape = SHAPES.benchmarks[benchmark]
    out = pull(PullRequest(benchmark, n=1, split=next(iter(shape.bundled)), out=tmp_path / "t"))
    (task_dir,) = sorted(d for d in out.out_dir.iterdir() if d.is_dir())
    task = Task(task_dir)
    assert lint_task(task_dir, selected_rules=LINT_RULES) == [], task_dir
    framework = shape.framework
    assert framework is not None
    if framework.kind == PYTHON_METRIC:
        metadata = task.config.metadata
        assert metadata["framework_metric"] == framework.metric
        assert metadata["framework_process_results"] == framework.hooks["process_results"]
        assert (
            "RUN pip install --no-cache-dir lm-eval==0.4.13"
            in (task_dir / "environment" / "Dockerfile").read_text()
        )
        assert (task_dir / "tests" / "doc.json").is_file()
        assert not (task_dir / "environment" / "doc.json").exists()
    if not shape.solutions_redistributable:
        _play_oracle(task_dir)
    assert _oracle_rewards(out.out_dir, tmp_path, "right") == {task_dir.name: 1.0}
    _break(task_dir)
    assert _oracle_rewards(out.out_dir, tmp_path, "broken") == {task_dir.name: 0.0}


def test_a_metric_in_python_runs_the_harness_own_process_results() -> None:
    """generate_until scored by process_results: the first metric of metric_list is the reward;
    a constant target (no oracle) or a choice task scored that way is not runnable; a row whose
    target process_results does not score 1 is skipped with the reason."""
    math500 = compile_lm_eval_task("hendrycks_math500")
    assert isinstance(math500, LmEvalTask) and math500.kind == PYTHON_METRIC
    assert math500.metric == "exact_match"
    assert math500.hooks["process_results"] == "hendrycks_math/utils.process_results"
    bleu = compile_lm_eval_task("truthfulqa_gen")  # bleu_max: 0-100, not a reward
    assert isinstance(bleu, NotRunnable) and "'bleu_max' is not a proportion" in bleu.reason
    ifeval = compile_lm_eval_task("ifeval")
    assert isinstance(ifeval, NotRunnable) and "constant 0" in ifeval.reason
    mcqa = compile_lm_eval_task("agieval_lsat_ar")
    assert isinstance(mcqa, NotRunnable) and "log-likelihoods" in mcqa.reason
    row = json.loads((BUNDLED_DIR / "math-500" / "test.jsonl").read_text().splitlines()[0])
    _prompt, doc, target = python_metric_doc(math500, row)
    assert target == doc["answer"] == row["answer"]
    unboxed = {**row, "solution": row["solution"].replace("\\boxed", "")}
    with pytest.raises(RowError, match="hendrycks_math/utils"):
        python_metric_doc(math500, unboxed)


def _compile(config: dict) -> LmEvalTask | NotRunnable:
    return compile_task("t", {"path": "x/t.yaml", "config": config}, "lm-eval test")


GENERATE = {
    "dataset_path": "org/data",
    "test_split": "test",
    "output_type": "generate_until",
    "doc_to_text": "Q: {{question}}\nA:",
    "doc_to_target": "{{answer}}",
    "metric_list": [{"metric": "exact_match", "ignore_case": True}],
}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"output_type": "loglikelihood"}, "log-likelihood"),
        ({"output_type": "loglikelihood_rolling"}, "perplexity"),
        ({"process_docs": "!function utils.process_docs"}, "Python hook utils.process_docs"),
        ({"doc_to_text": "!function utils.doc_to_text"}, "Python hook utils.doc_to_text"),
        ({"metric_list": [{"metric": "bleu"}]}, "not by exact_match"),
        ({"filter_list": [{"name": "m", "filter": [{"function": "majority_vote"}]}]}, "majority"),
        ({"dataset_path": None}, "no dataset_path"),
        ({"process_results": "!function utils.process_results"}, "utils.process_results"),
        ({"test_split": None}, "neither a test_split"),
    ],
)
def test_configs_that_cannot_run_say_why(change: dict, reason: str) -> None:
    result = _compile({**GENERATE, **change})
    assert isinstance(result, NotRunnable)
    assert reason in result.reason


def test_unknown_task_and_hooked_task_refuse_to_pull(tmp_path: Path) -> None:
    assert isinstance(compile_lm_eval_task("no_such_task"), NotRunnable)
    with pytest.raises(PullError, match="Python hook"):
        pull(PullRequest("lm-eval:pisa_ch", n=1, out=tmp_path / "h"))
    assert not (tmp_path / "h").exists()


def test_filters_and_exact_match_follow_the_harness() -> None:
    gsm8k = compile_lm_eval_task("gsm8k")
    assert isinstance(gsm8k, LmEvalTask)
    expected = {"references": ["work... #### 1,000"], **gsm8k.grading()}
    assert scores("so #### 1,000", expected)[0]
    assert scores("so #### 1000", expected)[0]  # "," is in the task's regexes_to_ignore
    assert not scores("1000", expected)[0]  # the strict-match regex needs "#### "
    assert oracle_response(expected) == "work... #### 1,000"
    navigate = compile_lm_eval_task("bbh_zeroshot_navigate")
    assert isinstance(navigate, LmEvalTask)
    expected = {"references": ["Yes"], **navigate.grading()}
    assert scores("yes.", expected)[0] and not scores("Yes, you do", expected)[0]
    cot = compile_lm_eval_task("bbh_cot_zeroshot_navigate")
    if isinstance(cot, LmEvalTask):  # a regex filter: the oracle's response is built from it
        expected = {"references": ["Yes"], **cot.grading()}
        response = oracle_response(expected)
        assert response is not None and scores(response, expected)[0]


def test_rows_missing_a_field_are_skipped_and_all_bad_leaves_no_folder(tmp_path: Path) -> None:
    rows = [
        {"question": "2 + 2?", "answer": None, "answer_number": 4, "equation_solution": None},
        {"answer": None, "answer_number": 5},  # no question
    ]
    source = tmp_path / "rows.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = pull(PullRequest("mgsm-en", n=2, out=tmp_path / "m", source=source))
    skipped = result.report["skipped"]
    assert [s["row_id"] for s in skipped] == ["1"]
    assert "doc_to_text" in skipped[0]["reason"]
    assert "empty in this row" in skipped[0]["reason"] and "'question'" in skipped[0]["reason"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(rows[1]) + "\n")
    with pytest.raises(PullError, match="no usable rows"):
        pull(PullRequest("mgsm-en", n=1, out=tmp_path / "b", source=bad))
    assert not (tmp_path / "b").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".b.pulling")]


def test_unreachable_dataset_says_so_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(RowsUnavailableError, match="cannot get"):
        pull(PullRequest("lm-eval:arc_challenge", n=1, out=tmp_path / "arc"))
    assert not (tmp_path / "arc").exists()


def test_runnability_rule() -> None:
    compiled = {
        "good_task": compile_lm_eval_task("gsm8k"),
        "bad_task": compile_lm_eval_task("acp_app_gen"),  # its metric imports tarski
    }
    shapes = shape_names([("mmlu-pro", "MMLU-Pro", ["mmlu_pro"])])
    harbor = runnability("x", "registry", shapes, ["bad_task"], compiled)
    assert (harbor.source, harbor.reason, harbor.pullable) == ("registry", None, False)
    preferred = runnability("y", "adapter", shapes, ["good_task"], compiled)
    assert (preferred.source, preferred.pullable) == ("lm-eval:gsm8k", True)
    assert runnability("mmlu_pro", None, shapes, [], compiled).source == "pull"
    both = runnability("z", None, shapes, ["bad_task", "good_task"], compiled)
    assert both.source == "lm-eval:gsm8k"
    bad = runnability("w", None, shapes, ["bad_task"], compiled)
    assert not bad.runnable and "Python hook" in (bad.reason or "")
    none = runnability("v", None, shapes, [], compiled)
    assert none.reason == NO_DEFINITION and not none.pullable
    assert [pullable(s) for s in ("pull", "lm-eval:gsm8k", "registry", "adapter", None)] == [
        True,
        True,
        False,
        False,
        False,
    ]


def test_harbor_only_lists_only_what_pull_builds(built_registry: BuiltRegistry) -> None:
    """--harbor-only lists exactly the benchmarks pull builds tasks for, each resolving to its
    definition; Harbor's own registry and adapters stay runnable but are neither listed nor
    offered a pull command, and pull refuses them saying why; every other one says why not."""
    release = open_release(str(built_registry.latest))
    entries = release.read_json(INDEX)["benchmarks"]
    listed = search(entries, "", harbor_only=True, limit=len(entries), include_children=True)
    assert listed and {e["id"] for e in listed} == {e["id"] for e in entries if e["pullable"]}
    for entry in listed:
        assert entry["harbor_runnable"] and pullable(entry["harbor_source"])
        part = headline_part_of(entry["id"], SHAPES, entries)
        if part is not None:  # pulled as its headline part, itself listed
            assert part in {e["id"] for e in listed}
            continue
        suite = resolve_suite(entry["id"], SHAPES, entries)
        if suite is not None:  # a suite or an lm-eval group: each part resolves to its shape
            assert suite[1]
            continue
        assert entry["harbor_source"] != "suite"
        shape, _ = resolve_benchmark(entry["id"], SHAPES, entries)
        if str(entry["harbor_source"]).startswith("lm-eval:"):
            assert shape.framework is not None
            assert shape.framework.source == entry["harbor_source"]
    harbor_own = [e for e in entries if e["harbor_runnable"] and not e["pullable"]]
    assert harbor_own and all(e["harbor_source"] in ("registry", "adapter") for e in harbor_own)
    for entry in harbor_own[:3]:
        page = release.read_json(page_path(entry["id"]))
        assert page["harbor"]["runnable"] and not page["harbor"]["pullable"]
        assert set(page["commands"]) == {"info"}
        if SHAPES.find(entry["id"]) is None:
            with pytest.raises(PullError, match="Harbor's own"):
                resolve_benchmark(entry["id"], SHAPES, entries)
    pulled = release.read_json(page_path(listed[0]["id"]))
    assert pulled["harbor"]["pullable"] and "pull" in pulled["commands"]
    not_runnable = next(e for e in entries if not e["harbor_runnable"])
    page = release.read_json(page_path(not_runnable["id"]))
    assert page["harbor"]["reason"]
    if SHAPES.find(not_runnable["id"]) is None:
        with pytest.raises(PullError, match="cannot be pulled"):
            resolve_benchmark(not_runnable["id"], SHAPES, entries)


def _entry(benchmark_id: str, source: str | None, parent: str | None = None) -> dict:
    return {
        "id": benchmark_id,
        "name": benchmark_id.upper(),
        "aliases": [],
        "parent_id": parent,
        "record_kind": "subtask" if parent else "suite",
        "harbor_runnable": source is not None,
        "harbor_source": source,
        "license": "MIT",
    }


SUITE_PARTS = ("bbh-boolean-expressions", "bbh-navigate", "bbh-word-sorting")


def test_a_suite_is_pulled_from_its_subtasks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = [_entry("bbh-sample", "suite")] + [
        _entry(part, "pull", "bbh-sample") for part in SUITE_PARTS
    ]
    monkeypatch.setattr("ltb.pull.pipeline.release_benchmarks", lambda _: entries)
    result = pull(PullRequest("bbh-sample", n=4, seed=1, out=tmp_path / "suite"))
    tasks = sorted(d for d in result.out_dir.iterdir() if d.is_dir())
    assert len(tasks) == 4
    per_part = {p: sum(t.name.startswith(f"{p}-") for t in tasks) for p in SUITE_PARTS}
    assert sorted(per_part.values()) == [1, 1, 2]  # even, the remainder where the seed says
    for task_dir in tasks:
        assert Task(task_dir).config.metadata["benchmark"] in SUITE_PARTS
        assert lint_task(task_dir, selected_rules=LINT_RULES) == [], task_dir
    report = json.loads((result.out_dir / REPORT_NAME).read_text())
    assert (report["benchmark_id"], report["shape"]) == ("bbh-sample", "suite")
    assert [p["benchmark_id"] for p in report["parts"]] == list(SUITE_PARTS)
    assert report["sample"]["n"] == 4 and report["solutions"]["included"]

    with pytest.raises(PullError, match="--source and --split apply to one benchmark"):
        pull(PullRequest("bbh-sample", n=1, split="test", out=tmp_path / "other"))
    unreachable = entries + [_entry("arc-part", "lm-eval:arc_challenge", "bbh-sample")]
    monkeypatch.setattr("ltb.pull.pipeline.release_benchmarks", lambda _: unreachable)
    with pytest.raises(
        RowsUnavailableError, match="suite bbh-sample, subtask arc-part: cannot get"
    ):
        pull(PullRequest("bbh-sample", n=8, out=tmp_path / "broken"))
    assert not (tmp_path / "broken").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".broken.pulling")]


def test_a_parent_is_a_suite_only_when_every_subtask_is_pullable() -> None:
    def row(benchmark_id: str, source: str | None, parent: str | None = None, **kw: Any) -> dict:
        return {
            "benchmark_id": benchmark_id,
            "published": True,
            "parent_id": parent,
            "record_kind": "subtask" if parent else "benchmark",
            "harbor_runnable": source is not None,
            "harbor_source": source,
            "harbor_reason": None if source else "no definition",
        } | kw

    rows = with_suites(
        [
            row("all", None),
            row("all-a", "lm-eval:a", "all"),
            row("all-b", "pull", "all"),
            row("all-fr", None, "all", record_kind="benchmark"),  # a variant, not a part
            row("some", "registry"),
            row("some-a", "lm-eval:a", "some"),
            row("some-b", None, "some"),
            row("hidden", None),
            row("hidden-a", "pull", "hidden", published=False),
            row("own", "lm-eval:own"),
            row("own-a", "pull", "own"),
        ]
    )
    sources = {r["benchmark_id"]: r["harbor_source"] for r in rows if not r["parent_id"]}
    assert sources == {"all": "suite", "some": "registry", "hidden": None, "own": "lm-eval:own"}
    suite = next(r for r in rows if r["benchmark_id"] == "all")
    assert suite["harbor_runnable"] and suite["harbor_reason"] is None and pullable("suite")


def test_a_parent_runs_through_the_child_holding_its_headline_scores() -> None:
    """The child with the most scores of itself as a whole is the headline part; a parent pull
    cannot build by itself is pulled as that part when pull builds it, runs in Harbor when the
    part does, and stays as it was on a tie or when no child is scored."""
    assert headline_part(["a", "b"], {"a": 3, "b": 9}) == "b"
    assert headline_part(["a", "b"], {"a": 3, "b": 3}) is None
    assert headline_part(["a"], {}) is None

    def row(benchmark_id: str, source: str | None, parent: str | None = None, **kw: Any) -> dict:
        return {
            "benchmark_id": benchmark_id,
            "published": True,
            "parent_id": parent,
            "arxiv_id": (parent or benchmark_id).split("-")[0],  # a part shares its paper
            "paper_url": None,
            "record_kind": "benchmark",
            "harbor_runnable": source is not None,
            "harbor_source": source,
            "harbor_reason": None if source else "no definition",
        } | kw

    rows = [
        row("arcish", None),
        row("arcish-challenge", "lm-eval:arcish_challenge", "arcish"),
        row("arcish-easy", "lm-eval:arcish_easy", "arcish"),
        row("swe", None),
        row("swe-verified", "adapter", "swe"),
        row("swe-lite", None, "swe"),
        row("tied", None),
        row("tied-a", "pull", "tied"),
        row("tied-b", "pull", "tied"),
        row("registry", "registry"),
        row("registry-a", "pull", "registry"),
        row("own", "pull"),
        row("own-a", "lm-eval:x", "own"),
        row("deep", None),
        row("deep-mid", None, "deep"),
        row("deep-leaf", "pull", "deep-mid"),
        row("hidden", None),
        row("hidden-a", "pull", "hidden", published=False),
        row("glue", None),
        row("glue-boolq", "pull", "glue", arxiv_id="1905.10044"),  # its own paper: not the suite
        row("glue-wsc", "pull", "glue"),
    ]
    scores = {
        "glue-boolq": 211,
        "glue-wsc": 1,
        "arcish-challenge": 7000,
        "arcish-easy": 4,
        "swe-verified": 112,
        "swe-lite": 63,
        "tied-a": 2,
        "tied-b": 2,
        "registry-a": 5,
        "own-a": 50,
        "deep-mid": 3,
        "deep-leaf": 1,
        "hidden-a": 9,
    }
    out = {r["benchmark_id"]: r for r in with_headline_parts(rows, scores)}
    sources = {k: r["harbor_source"] for k, r in out.items() if not r["parent_id"]}
    assert sources == {
        "arcish": "part:arcish-challenge",
        "swe": "adapter",
        "tied": None,
        "registry": "part:registry-a",  # what pull builds wins over Harbor's own registry
        "own": "pull",
        "deep": "part:deep-mid",
        "hidden": None,
        "glue": "part:glue-wsc",
    }
    assert out["deep-mid"]["harbor_source"] == "part:deep-leaf"
    assert out["arcish"]["harbor_runnable"] and out["arcish"]["harbor_reason"] is None
    assert out["tied"]["harbor_reason"] == "no definition"
    assert pullable("part:arcish-challenge") and not pullable("adapter")


def test_a_parent_is_pulled_as_its_headline_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = [
        _entry("bbh-parent", "part:bbh-navigate") | {"record_kind": "benchmark"},
        _entry("bbh-navigate", "pull", "bbh-parent"),
    ]
    monkeypatch.setattr("ltb.pull.pipeline.release_benchmarks", lambda _: entries)
    result = pull(PullRequest("bbh-parent", n=2, seed=1, out=tmp_path / "parent"))
    tasks = sorted(d for d in result.out_dir.iterdir() if d.is_dir())
    assert len(tasks) == 2
    assert {Task(t).config.metadata["benchmark"] for t in tasks} == {"bbh-navigate"}
    report = json.loads((result.out_dir / REPORT_NAME).read_text())
    assert report["benchmark_id"] == "bbh-navigate"
    assert any("bbh-parent is pulled as its headline part bbh-navigate" in n
               for n in report["notices"])  # fmt: skip
    missing = [_entry("bbh-parent", "part:bbh-gone") | {"record_kind": "benchmark"}]
    monkeypatch.setattr("ltb.pull.pipeline.release_benchmarks", lambda _: missing)
    with pytest.raises(PullError, match="headline part bbh-gone is not in the release"):
        pull(PullRequest("bbh-parent", n=1, out=tmp_path / "gone"))
    assert not (tmp_path / "gone").exists()


def test_info_says_how_it_runs() -> None:
    def harbor(source: str | None, pullable: bool, reason: str | None = None) -> str:
        return info_harbor(
            {
                "runnable": source is not None,
                "source": source,
                "pullable": pullable,
                "reason": reason,
            }
        )

    assert harbor("lm-eval:gsm8k", True) == "runnable (lm-eval:gsm8k)"
    assert "from each of its subtasks" in harbor("suite", True)
    assert "through its headline part arc-challenge" in harbor("part:arc-challenge", True)
    assert "`ltb bench pull` does not build it" in harbor("adapter", False)
    assert harbor(None, False, "no task definition") == "not runnable: no task definition"


def _family_rows(hf_dataset: str | None, tasks: dict[str, str]) -> list[dict[str, Any]]:
    """A parent keyed by lm-eval's `mgsm` folder and its children, each holding the lm-eval
    task `tasks` maps it to (child id -> task)."""

    def row(benchmark_id: str, parent: str | None = None) -> dict[str, Any]:
        return {
            "benchmark_id": benchmark_id,
            "published": True,
            "parent_id": parent,
            "record_kind": "subtask" if parent else "benchmark",
            "hf_dataset": hf_dataset if parent is None else None,
            "harbor_runnable": False,
            "harbor_source": None,
            "harbor_reason": "lm-eval task family:mgsm: a family (folder) with no task",
        }

    return [row("fam")] + [row(child, "fam") for child in tasks]


def test_a_family_runs_through_its_group_of_variants_under_one_prompt() -> None:
    """MGSM has no lm-eval task of its own name; the harness's `mgsm_direct` tag holds its
    languages under the direct prompt (Spanish also re-declared by spanish_bench, the same
    task but a trailing space), and is its definition. `mgsm_cot_native` asks each language
    twice (English and native chain of thought): two prompt settings, never the benchmark.
    A group is the benchmark's only when each of its tasks is one of its children's, over the
    benchmark's own data set."""
    compiled = {
        name: definition
        for name, definition in compile_definitions().items()
        if name.startswith("mgsm")
    }
    direct = compiled["mgsm_direct"]
    assert isinstance(direct, LmEvalGroup)
    children = {f"fam-{i}": task for i, task in enumerate(direct.tasks)}
    cot = compiled["mgsm_cot_native"]
    assert isinstance(cot, LmEvalGroup)
    children |= {f"fam-cot-{i}": task for i, task in enumerate(cot.tasks)}
    keys = {"fam": ["family:mgsm"]} | {child: [task] for child, task in children.items()}

    (parent, *_) = with_family_groups(_family_rows("juletxara/mgsm", children), keys, compiled)
    assert (parent["harbor_source"], parent["harbor_runnable"], parent["harbor_reason"]) == (
        "lm-eval:mgsm_direct",
        True,
        None,
    )
    # only the chain-of-thought tasks are its children: two settings per language, no group
    cot_only = {c: t for c, t in children.items() if c.startswith("fam-cot-")}
    keys_cot = {"fam": ["family:mgsm"]} | {c: [t] for c, t in cot_only.items()}
    (parent, *_) = with_family_groups(_family_rows("juletxara/mgsm", cot_only), keys_cot, compiled)
    assert parent["harbor_source"] is None
    assert "none of its groups holds the benchmark's variants" in parent["harbor_reason"]
    # another data set than the benchmark's own
    (parent, *_) = with_family_groups(_family_rows("someone/else", children), keys, compiled)
    assert parent["harbor_source"] is None
    # a task of the group that is not one of its children's
    fewer = {c: t for c, t in children.items() if t != "mgsm_direct_sw"}
    keys_fewer = {"fam": ["family:mgsm"]} | {c: [t] for c, t in fewer.items()}
    (parent, *_) = with_family_groups(_family_rows("juletxara/mgsm", fewer), keys_fewer, compiled)
    assert parent["harbor_source"] is None
    # a benchmark pull already builds keeps its own way
    rows = _family_rows("juletxara/mgsm", children)
    rows[0] |= {"harbor_runnable": True, "harbor_source": "part:fam-0", "harbor_reason": None}
    assert with_family_groups(rows, keys, compiled)[0]["harbor_source"] == "part:fam-0"
    assert family_group("mgsm", "juletxara/mgsm", {}, compiled) is None


def test_inline_groups_hold_their_tasks_and_a_python_aggregate_does_not_run() -> None:
    """`mmlu_redux_generative` writes its categories as inline groups of tags: the recorded
    group holds every subject under them. LinGOLY's group scores the difference of its two
    tasks with a Python function: no spread of pulled tasks measures that."""
    redux = compile_lm_eval_group("mmlu_redux_generative")
    assert isinstance(redux, LmEvalGroup)
    assert len(redux.tasks) == 57 and "mmlu_redux_anatomy_generative" in redux.tasks
    lingoly = compile_lm_eval_group("lingoly")
    assert isinstance(lingoly, NotRunnable)
    assert "Python function script.aggregate_metrics" in lingoly.reason


def test_a_family_group_is_pulled_as_the_harness_runs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MGSM, run through `mgsm_direct`: pull spreads its rows over the tag's tasks, each from the
    harness's own definition (the bundled en/es/fr/zh rows of the same tasks pass end to end
    above); with the Hub unreachable and rows bundled for only some languages the pull stops
    with the reason and leaves no folder."""
    entries = [_entry("mgsm", "lm-eval:mgsm_direct") | {"record_kind": "benchmark"}]
    suite = resolve_suite("mgsm", SHAPES, entries)
    assert suite is not None
    _, members = suite
    tasks = [shape.framework.task for shape, _ in members if shape.framework is not None]
    assert tasks == list(compile_lm_eval_group("mgsm_direct").tasks)  # type: ignore[union-attr]
    bundled = {s.framework.task for s in SHAPES.benchmarks.values() if s.framework and s.bundled}
    assert {"mgsm_direct_en", "mgsm_direct_es", "mgsm_direct_fr", "mgsm_direct_zh"} <= bundled
    assert bundled & set(tasks)
    monkeypatch.setattr("ltb.pull.pipeline.release_benchmarks", lambda _: entries)
    with pytest.raises(RowsUnavailableError, match="suite mgsm, subtask"):
        pull(PullRequest("mgsm", n=len(tasks), out=tmp_path / "mgsm"))
    assert not (tmp_path / "mgsm").exists()
