"""`ltb bench pull`: real bundled rows in, Harbor-valid task folders out.

The Hub is made unreachable (HF_ENDPOINT points at a closed local port) so every pull falls
back to the rows bundled in ltb/ltb/bundled_rows, whatever the machine's network.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import random
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from benchhub_format.errors import RegistryError
from harbor.lint import LintRule, lint_task
from harbor.lint.models import DEFAULT_RULES
from harbor.models.task.task import Task
from ltb.cli import main
from ltb.errors import PullError, RowsUnavailableError
from ltb.pull import REPORT_NAME
from ltb.pull.graders.grade_answer import matches
from ltb.pull.graders.grade_choice import normalise_letter
from ltb.pull.pipeline import PullRequest, pull
from ltb.pull.progress import Progress
from ltb.pull.rows import hub_unreachable
from ltb.pull.sampling import sample_order
from ltb.pull.toml_text import toml_document

CLOSED_PORT_ENDPOINT = "http://127.0.0.1:9"
REPO = Path(__file__).resolve().parents[1]
LINT_RULES = DEFAULT_RULES - {LintRule.SHARED_VERIFIER}


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HF_ENDPOINT", CLOSED_PORT_ENDPOINT)
    for name in ("HF_HUB_OFFLINE", "LTB_REGISTRY", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray exports/latest release is picked up


def tree(root: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(root)): (p.stat().st_mode, p.read_bytes())
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def task_dirs(out: Path) -> list[Path]:
    return sorted(d for d in out.iterdir() if d.is_dir())


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_same_seed_gives_byte_identical_folders(tmp_path: Path) -> None:
    first = pull(PullRequest("mmlu-pro", n=8, seed=3, out=tmp_path / "a"))
    second = pull(PullRequest("mmlu-pro", n=8, seed=3, out=tmp_path / "b"))
    assert len(task_dirs(first.out_dir)) == 8
    assert tree(first.out_dir) == tree(second.out_dir)
    assert first.report["rows"]["origin"] == "bundled"
    assert any("bundled with ltb" in n for n in first.report["notices"])


def test_other_seed_other_rows_and_bigger_n_extends(tmp_path: Path) -> None:
    def ids(seed: int, n: int) -> list[str]:
        report = pull(PullRequest("gsm8k", n=n, seed=seed, out=tmp_path / f"s{seed}n{n}")).report
        return [t["row_id"] for t in report["tasks"]]

    seed3 = ids(3, 8)
    assert set(seed3) != set(ids(4, 8))
    assert ids(3, 12)[:8] == seed3


def test_sample_order_ignores_file_order() -> None:
    row_ids = [f"q{i}" for i in range(200)]
    shuffled = row_ids[:]
    random.Random(1).shuffle(shuffled)
    first = [row_ids[i] for i in sample_order(row_ids, seed=7)[:20]]
    second = [shuffled[i] for i in sample_order(shuffled, seed=7)[:20]]
    assert first == second


@pytest.mark.parametrize("benchmark", ["mmlu-pro", "gsm8k", "humaneval"])
def test_every_task_loads_and_lints_with_harbor(tmp_path: Path, benchmark: str) -> None:
    out = pull(PullRequest(benchmark, n=6, seed=1, out=tmp_path / benchmark)).out_dir
    tasks = task_dirs(out)
    assert len(tasks) == 6
    for task_dir in tasks:
        task = Task(task_dir)
        assert task.name == f"ltb/{task_dir.name}"
        assert Task.is_valid_dir(task_dir)
        assert lint_task(task_dir, selected_rules=LINT_RULES) == []
        assert (task_dir / "environment" / "Dockerfile").is_file()  # Harbor does not check this
        assert os.access(task_dir / "solution" / "solve.sh", os.X_OK)
        assert os.access(task_dir / "tests" / "test.sh", os.X_OK)
        instruction = (task_dir / "instruction.md").read_text()
        assert "/app/answer.txt" in instruction or "/app/solution.py" in instruction
        assert task.config.metadata["benchmark"] == benchmark


def test_graders_accept_variants_and_reject_wrong_answers() -> None:
    assert normalise_letter(" (c).\n") == "C"
    assert normalise_letter("C. Paris") != "C"
    assert matches("1,000\n", "1000", numeric=True)
    assert matches("$18.0", "18", numeric=True)
    assert not matches("18 dollars", "18", numeric=True)
    assert not matches("17", "18", numeric=True)
    assert matches("  Paris ", "paris", numeric=False)


def gpqa_like_csv(path: Path) -> Path:
    """Rows in GPQA's column layout (made up here: GPQA's own rows must not be republished)."""
    header = [
        "Record ID", "Question", "Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2",
        "Incorrect Answer 3", "High-level domain", "Subdomain",
    ]  # fmt: skip
    rows = [
        ["recA1", "Most abundant gas in air?", "Nitrogen", "Oxygen", "Argon", "CO2", "Chem", "Air"],
        ["recB2", "What is 7 x 6?", "42", "36", "48", "56", "Math", "Arithmetic"],
        ["recC3", "Largest planet?", "Jupiter", "Mars", "Venus", "Earth", "Physics", "Astro"],
        ["recD4", "Empty option here?", "Yes", "No", "", "Maybe", "Logic", "Edge"],
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, *rows])
    return path


def test_licence_gating_leaves_solutions_out(tmp_path: Path) -> None:
    source = gpqa_like_csv(tmp_path / "gpqa.csv")
    result = pull(PullRequest("gpqa-diamond", n=10, out=tmp_path / "gpqa", source=source))
    tasks = task_dirs(result.out_dir)
    assert [t.name for t in tasks] == [
        "gpqa-diamond-recA1",
        "gpqa-diamond-recB2",
        "gpqa-diamond-recC3",
    ]
    assert not any((t / "solution").exists() for t in tasks)
    assert result.report["solutions"]["included"] is False
    assert "do not allow redistributing" in result.report["solutions"]["reason"]
    assert result.report["skipped"] == [
        {"row_id": "recD4", "reason": "option 3 is missing (column 'Incorrect Answer 2')"}
    ]
    for task_dir in tasks:  # the shuffled options still point at the right answer
        expected = json.loads((task_dir / "tests" / "expected.json").read_text())
        instruction = (task_dir / "instruction.md").read_text()
        correct = {"recA1": "Nitrogen", "recB2": "42", "recC3": "Jupiter"}[
            task_dir.name.split("-")[-1]
        ]
        assert f"{expected['answer']}. {correct}\n" in instruction
        assert (
            tomllib.loads((task_dir / "task.toml").read_text())["metadata"]["solution_included"]
            is False
        )


def make_release(folder: Path, entries: list[dict]) -> Path:
    folder.mkdir()
    index = json.dumps({"schema_version": 1, "release_id": "r1", "benchmarks": entries}).encode()
    (folder / "index.json").write_bytes(index)
    manifest = {
        "schema_version": 1,
        "release_id": "r1",
        "files": {"index.json": {"sha256": hashlib.sha256(index).hexdigest(), "bytes": len(index)}},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


def test_release_resolves_aliases_and_can_forbid_solutions(tmp_path: Path) -> None:
    entry = {
        "id": "mmlu-pro",
        "name": "MMLU-Pro",
        "aliases": ["MMLU Pro TIGER"],
        "license": "CC-BY-NC-ND-4.0",
    }
    release = make_release(tmp_path / "release", [entry])
    result = pull(PullRequest("MMLU Pro TIGER", n=3, out=tmp_path / "m", registry=str(release)))
    assert result.report["benchmark_id"] == "mmlu-pro"
    assert result.report["solutions"]["included"] is False
    assert "cc-by-nc-nd-4.0" in result.report["solutions"]["reason"]
    assert not any((t / "solution").exists() for t in task_dirs(result.out_dir))
    with pytest.raises(RegistryError):
        pull(PullRequest("mmlu-pro", n=3, out=tmp_path / "x", registry=str(tmp_path / "none")))


def test_bad_rows_are_skipped_with_reasons(tmp_path: Path) -> None:
    def row(
        qid: int, question: str = "Q?", options=("a", "b", "c", "d"), answer="A", index=0
    ) -> dict:
        return {
            "question_id": qid, "question": question, "options": list(options), "answer": answer,
            "answer_index": index, "category": "test", "src": "made-up",
        }  # fmt: skip

    rows = [
        row(1),
        row(2, answer=None, index=None),
        row(3, answer=None, index=12),
        row(4, question="   "),
        row(5, question="caf\ufffd au lait?"),
        row(6, answer="B", index=0),
        row(7, options=["only one"]),
        row(8, answer="C", index=2),
        row(1, question="same id again"),
        row(9, question="nul \x00 inside"),
    ]
    source = write_jsonl(tmp_path / "rows.jsonl", rows)
    result = pull(PullRequest("mmlu-pro", n=100, out=tmp_path / "bad", source=source))
    reasons = {s["row_id"]: s["reason"] for s in result.report["skipped"]}
    assert sorted(t["row_id"] for t in result.report["tasks"]) == ["1", "8"]
    assert reasons == {
        "2": "answer is missing",
        "3": "answer index 12 is out of range for 4 options",
        "4": "question is empty",
        "5": "question contains U+FFFD replacement characters (text decoded wrongly)",
        "6": "answer index 0 and answer B disagree",
        "7": "1 options; multiple choice needs 2 to 26",
        "1": "duplicate row id",
        "9": "question contains NUL characters",
    }
    assert "only 2 usable rows" in result.report["notices"][-1]
    saved = json.loads((result.out_dir / REPORT_NAME).read_text())
    assert saved["skipped"] == result.report["skipped"]


def test_csv_source_and_exact_answer_checks(tmp_path: Path) -> None:
    source = tmp_path / "gsm.csv"
    with source.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(
            [
                ["question", "answer"],
                ["How many?", "Some working\n#### 1,234"],
                ["No marker?", "just 5"],
                ["Words?", "#### many"],
            ]
        )
    result = pull(PullRequest("gsm8k", n=5, out=tmp_path / "gsm", source=source))
    reasons = {s["row_id"]: s["reason"] for s in result.report["skipped"]}
    assert reasons == {
        "1": "answer has no final answer after '####'",
        "2": "final answer 'many' is not a number",
    }
    (task,) = task_dirs(result.out_dir)
    assert json.loads((task / "tests" / "expected.json").read_text())["answer"] == "1234"
    assert (task / "solution" / "answer.txt").read_text() == "1234\n"


def test_output_folder_is_protected(tmp_path: Path) -> None:
    out = tmp_path / "mmlu"
    pull(PullRequest("mmlu-pro", n=2, out=out))
    with pytest.raises(PullError, match="--force"):
        pull(PullRequest("mmlu-pro", n=2, out=out))
    again = pull(PullRequest("mmlu-pro", n=3, out=out, force=True))
    assert len(task_dirs(again.out_dir)) == 3
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(PullError, match="holds no earlier pull"):
        pull(PullRequest("mmlu-pro", n=2, out=foreign, force=True))
    with pytest.raises(PullError, match="__"):
        pull(PullRequest("mmlu-pro", n=2, out=tmp_path / "a__b"))
    assert not [p for p in tmp_path.iterdir() if ".pulling-" in p.name]


def test_no_rows_anywhere_says_how_to_get_them(tmp_path: Path) -> None:
    with pytest.raises(RowsUnavailableError, match="--source"):
        pull(PullRequest("gpqa-diamond", n=2, out=tmp_path / "g"))
    with pytest.raises(PullError, match="Did you mean mmlu-pro"):
        pull(PullRequest("mmlu-prp", n=2))


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_long_pulls() -> None:
    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = Progress(200, "pulling x", stream)
        for done in range(1, 201):
            bar.update(done)
        bar.close()
    assert terminal.getvalue().count("\r") == 101  # once per percent (0-100), not per task
    assert terminal.getvalue().endswith(f"[{'#' * 30}] 200/200\n")
    assert pipe.getvalue() == ""
    short = Terminal()
    Progress(5, "pulling x", short).update(5)
    assert short.getvalue() == ""


def test_hub_probe_fails_fast() -> None:
    started = time.monotonic()
    reason = hub_unreachable(timeout=5)
    assert reason is not None and "127.0.0.1:9" in reason
    assert time.monotonic() - started < 2


def test_toml_writer_round_trips_awkward_text() -> None:
    awkward = 'quote " back \\ tab \t nl \n del \x7f bell \x07 ünï 𝜋'
    text = toml_document(
        {"schema_version": "1.4"}, {"metadata": {"x": awkward, "row": {"Sub domain": 'a"b'}}}
    )
    assert tomllib.loads(text) == {
        "schema_version": "1.4",
        "metadata": {"x": awkward, "row": {"Sub domain": 'a"b'}},
    }


def test_cli_pull(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pull", "humaneval", "--n", "3", "--seed", "5"]) == 0
    captured = capsys.readouterr()
    assert "Pulled 3 humaneval tasks" in captured.out
    assert "bundled with ltb" in captured.err
    assert len(task_dirs(tmp_path / "humaneval")) == 3
    # A subprocess, as users run it; an unknown benchmark fails before any rows are loaded.
    env = {**os.environ, "HF_ENDPOINT": CLOSED_PORT_ENDPOINT}
    unknown = subprocess.run(
        [sys.executable, "-m", "ltb.cli", "bench", "pull", "no-such-bench"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert unknown.returncode == PullError.exit_code
    assert "no task shape for benchmark 'no-such-bench'" in unknown.stderr
