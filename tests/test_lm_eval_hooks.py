"""lm-eval's own Python hooks, run from the installed harness (ltb[lm-eval]) on real rows, and
lm-eval groups as the benchmark's headline (a parent runs when the framework's own group of it
does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harbor.lint import LintRule, lint_task
from harbor.lint.models import DEFAULT_RULES
from harbor.models.task.task import Task
from ltb.errors import PullError
from ltb.frameworks import lm_eval_hooks
from ltb.frameworks.lm_eval import (
    LmEvalGroup,
    LmEvalTask,
    NotRunnable,
    RowError,
    choice_answer,
    compile_definitions,
    compile_lm_eval_task,
)
from ltb.frameworks.lm_eval_hooks import hook_function, hook_problem
from ltb.pull import REPORT_NAME
from ltb.pull.pipeline import PullRequest, pull
from ltb.pull.resolve import resolve_suite
from ltb.pull.shapes import load_shapes

from benchhub.runnable import runnability

BUNDLED = Path(__file__).parents[1] / "ltb" / "ltb" / "bundled_rows"
LINT_RULES = DEFAULT_RULES - {LintRule.SHARED_VERIFIER}


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No Hub and no release: rows come from the test's own file."""
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.delenv("LTB_REGISTRY", raising=False)
    monkeypatch.chdir(tmp_path)


# HellaSwag validation row 0, as the evalscope recording shows it
# (recordings/channels/framework-evalscope/benchmark_meta/hellaswag.json, sample_example: the
# activity label, the context "A man is sitting on a roof. He", the four endings, target D), in
# the Rowan/hellaswag columns (ctx_a, ctx_b, endings, label as text).
HELLASWAG_ROW = {
    "ind": 24,
    "activity_label": "Roof shingle removal",
    "ctx_a": "A man is sitting on a roof.",
    "ctx_b": "he",
    "endings": [
        "is using wrap to wrap a pair of skis.",
        "is ripping level tiles off.",
        "is holding a rubik's cube.",
        "starts pulling up roofing on a roof.",
    ],
    "label": "3",
}
# Winogrande validation row 0 (recordings/channels/framework-evalscope/benchmark_meta/
# winogrande.json, sample_example: sentence, the two options, target B), in allenai/winogrande's
# columns.
WINOGRANDE_ROW = {
    "sentence": "Sarah was a much better surgeon than Maria so _ always got the easier cases.",
    "option1": "Sarah",
    "option2": "Maria",
    "answer": "2",
}


def _musr_rows() -> list[dict]:
    """The bundled MuSR murder-mystery rows (real, see ltb/ltb/bundled_rows/SOURCE.txt) in the Hub
    dataset's form, which keeps `choices` as the text of a Python list."""
    rows = [json.loads(line) for line in (BUNDLED / "musr-murder-mystery" / "test.jsonl").open()]
    return [
        {
            "narrative": r["narrative"],
            "question": r["question"],
            "choices": str(r["choices"]),
            "answer_index": r["answer_index"],
            "answer_choice": r["choices"][r["answer_index"]],
        }
        for r in rows
    ]


def _task(name: str) -> LmEvalTask:
    task = compile_lm_eval_task(name)
    assert isinstance(task, LmEvalTask), task
    return task


def test_hellaswag_process_docs_as_the_harness() -> None:
    task = _task("hellaswag")
    assert task.hooks == {"process_docs": "hellaswag/utils.process_docs"}
    prompt, choices, answer = choice_answer(task, HELLASWAG_ROW)
    assert prompt == "Roof shingle removal: A man is sitting on a roof. He"
    assert choices == HELLASWAG_ROW["endings"] and answer == 3
    # The WikiHow artefacts the hook strips.
    wikihow = {**HELLASWAG_ROW, "ctx_a": "Clean it. [title] Rinse [step] well."}
    assert choice_answer(task, wikihow)[0].startswith("Roof shingle removal: Clean it.. Rinse ")
    with pytest.raises(RowError, match="hellaswag/utils.process_docs: the row has no field"):
        choice_answer(task, {k: v for k, v in HELLASWAG_ROW.items() if k != "endings"})


def test_winogrande_partial_evaluation_becomes_whole_sentences() -> None:
    prompt, choices, answer = choice_answer(_task("winogrande"), WINOGRANDE_ROW)
    assert choices == [
        "Sarah was a much better surgeon than Maria so Sarah always got the easier cases.",
        "Sarah was a much better surgeon than Maria so Maria always got the easier cases.",
    ]
    assert answer == 1 and prompt.strip()
    with pytest.raises(RowError, match="preprocess_winogrande"):
        choice_answer(_task("winogrande"), {**WINOGRANDE_ROW, "answer": ""})


def test_musr_doc_to_text_on_real_rows() -> None:
    task = _task("leaderboard_musr_murder_mysteries")
    for row in _musr_rows():
        prompt, choices, answer = choice_answer(task, row)
        assert prompt.startswith(row["narrative"]) and prompt.endswith("\nAnswer:")
        assert "1 - " in prompt and "2 - " in prompt
        assert choices[answer] == row["answer_choice"]


def test_musr_pull_end_to_end_from_a_local_file(tmp_path: Path) -> None:
    source = tmp_path / "murder_mysteries.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in _musr_rows()))
    out = pull(
        PullRequest(
            "lm-eval:leaderboard_musr_murder_mysteries", n=2, source=source, out=tmp_path / "m"
        )
    ).out_dir
    tasks = sorted(d for d in out.iterdir() if d.is_dir())
    assert len(tasks) == 2
    for task_dir in tasks:
        metadata = Task(task_dir).config.metadata
        assert metadata["framework_task"] == "leaderboard_musr_murder_mysteries"
        assert lint_task(task_dir, selected_rules=LINT_RULES) == [], task_dir
    report = json.loads((out / REPORT_NAME).read_text())
    assert report["sample"]["n"] == 2 and not report["skipped"]


def test_hooks_are_the_harness_own_functions() -> None:
    """The function pull calls is the one in the installed lm-eval's task folder, loaded without
    the harness's task index; a hook whose file imports what ltb[lm-eval] does not install,
    keeps its task not runnable and says which."""
    function = hook_function("hellaswag/utils.process_docs")
    assert function.__module__ == "lm_eval.tasks.hellaswag.utils"
    assert function.__code__.co_filename.endswith("lm_eval/tasks/hellaswag/utils.py")
    pisa = compile_lm_eval_task("pisa_ch")  # its utils.py imports openai
    assert isinstance(pisa, NotRunnable)
    assert "pisa/utils.py imports openai, which ltb[lm-eval] does not install" in pisa.reason
    assert "has no file" in (hook_problem("hellaswag/nowhere.process_docs") or "")
    # a metric in process_results runs when its file can; DROP's reward is its first metric
    drop = compile_lm_eval_task("drop")
    assert isinstance(drop, LmEvalTask) and drop.metric == "em"
    assert drop.hooks["process_results"] == "drop/utils.process_results"
    acp = compile_lm_eval_task("acp_app_gen")  # its metric's file imports tarski
    assert isinstance(acp, NotRunnable)
    assert "process_results is the Python hook acpbench/gen_2shot/acp_utils" in acp.reason
    assert "imports tarski, which ltb[lm-eval] does not install" in acp.reason


def test_without_the_extra_a_hooked_task_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """No lm-eval installed (or another version): every hooked task says to install the extra;
    tasks without hooks are unaffected."""
    monkeypatch.setattr(lm_eval_hooks, "tasks_root", lambda: None)
    hellaswag = compile_lm_eval_task("hellaswag")
    assert isinstance(hellaswag, NotRunnable)
    assert "pip install 'ltb[lm-eval]'" in hellaswag.reason
    assert "hellaswag/utils.process_docs" in hellaswag.reason
    assert isinstance(compile_lm_eval_task("arc_challenge"), LmEvalTask)
    with pytest.raises(PullError, match=r"ltb\[lm-eval\]"):
        pull(PullRequest("lm-eval:hellaswag", n=1, source=Path("unused.jsonl")))


def test_groups_run_when_all_their_tasks_do() -> None:
    compiled = compile_definitions()
    mmlu = compiled["mmlu"]
    assert isinstance(mmlu, LmEvalGroup) and len(mmlu.tasks) == 57
    assert all(t.startswith("mmlu_") for t in mmlu.tasks)
    agieval = compiled["agieval"]
    assert isinstance(agieval, NotRunnable) and "process_results" in agieval.reason
    # The group named like the benchmark is its headline; a family folder is no definition.
    found = runnability("mmlu", None, frozenset(), ["mmlu", "family:mmlu"], compiled)
    assert found.source == "lm-eval:mmlu" and found.pullable
    # A family (folder) is defined by the task, group or tag of its own name there, or by none.
    anli = runnability("anli", None, frozenset(), ["family:anli"], compiled)
    assert anli.source == "lm-eval:anli"
    anli_tag = compiled["anli"]
    assert isinstance(anli_tag, LmEvalGroup)
    assert anli_tag.tasks == ("anli_r1", "anli_r2", "anli_r3")
    family = runnability("arc", None, frozenset(), ["family:arc"], compiled)
    assert not family.runnable and "no task or group of its own name" in (family.reason or "")
    lambada = runnability("lambada", None, frozenset(), ["family:lambada"], compiled)
    assert "loglikelihood" in (lambada.reason or "")


def test_a_group_is_pulled_as_a_suite_of_its_tasks(tmp_path: Path) -> None:
    entry = {"id": "musr", "name": "MuSR", "license": "MIT", "harbor_source": "lm-eval:x"}
    suite = resolve_suite(
        "musr", load_shapes(), [{**entry, "harbor_source": "lm-eval:leaderboard_musr"}]
    )
    assert suite is not None
    found, members = suite
    assert found["id"] == "musr"
    assert [s.framework.task for s, _ in members if s.framework] == [
        "leaderboard_musr_murder_mysteries",
        "leaderboard_musr_object_placements",
        "leaderboard_musr_team_allocation",
    ]
    with pytest.raises(PullError, match="agieval.*cannot be pulled"):
        resolve_suite("lm-eval:agieval", load_shapes(), [])
