"""Derive ltb/bundled_rows/<benchmark>/ from recordings/channels/benchmark-rows-more/.

Each recorded sample keeps its original repository format; the benchmark's pull definition (an
lm-eval task or a task_shapes.json entry) reads the Hugging Face dataset's columns. This
script only reshapes rows into those columns (no text is rewritten), one JSONL file per split:

    uv run python scripts/bundle_benchmark_rows.py

See ltb/bundled_rows/SOURCE.txt for what each file is derived from.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "recordings" / "channels" / "benchmark-rows-more"
BUNDLED = ROOT / "ltb" / "ltb" / "bundled_rows"


def write(relative: str, rows: Iterable[dict[str, Any]]) -> None:
    path = BUNDLED / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(row, ensure_ascii=False) + "\n" for row in rows]
    path.write_text("".join(lines), encoding="utf-8")
    print(f"{relative}: {len(lines)} rows")


def truthfulqa() -> None:
    """mc_task.json -> truthfulqa/truthful_qa `multiple_choice`: mc1_targets {choices, labels}."""
    rows = json.loads((RECORDED / "truthfulqa" / "mc_task_first60.json").read_text())
    write(
        "truthfulqa-mc1/validation.jsonl",
        (
            {
                "question": r["question"],
                "mc1_targets": {
                    "choices": list(r["mc1_targets"]),
                    "labels": list(r["mc1_targets"].values()),
                },
                "mc2_targets": {
                    "choices": list(r["mc2_targets"]),
                    "labels": list(r["mc2_targets"].values()),
                },
            }
            for r in rows
        ),
    )


def bbh() -> None:
    """{"canary", "examples": [{input, target}]} -> the HF bbh rows {input, target}."""
    for path in sorted((RECORDED / "bbh").glob("*_first30.json")):
        name = path.name.removesuffix("_first30.json")
        examples = json.loads(path.read_text())["examples"]
        slug = name.replace("_", "-")
        write(
            f"bbh-{slug}/test.jsonl",
            ({"input": e["input"], "target": e["target"]} for e in examples),
        )


def mgsm() -> None:
    """question<TAB>answer (no header) -> juletxara/mgsm test rows (answer is null in test)."""
    for path in sorted((RECORDED / "mgsm").glob("mgsm_*_first60.tsv")):
        language = path.name.split("_")[1]
        rows = []
        for line in path.read_text(encoding="utf-8").splitlines():
            question, answer = line.rsplit("\t", 1)
            rows.append(
                {
                    "question": question,
                    "answer": None,
                    "answer_number": int(answer),
                    "equation_solution": None,
                }
            )
        write(f"mgsm-{language}/test.jsonl", rows)


def commonsenseqa() -> None:
    """Official JSONL (question.stem, question.choices) -> tau/commonsense_qa columns."""
    path = RECORDED / "commonsenseqa" / "dev_rand_split_first60.jsonl"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        question = r["question"]
        rows.append(
            {
                "id": r["id"],
                "question": question["stem"],
                "question_concept": question["question_concept"],
                "choices": {
                    "label": [c["label"] for c in question["choices"]],
                    "text": [c["text"] for c in question["choices"]],
                },
                "answerKey": r["answerKey"],
            }
        )
    write("commonsenseqa/validation.jsonl", rows)


def svamp() -> None:
    rows = json.loads((RECORDED / "svamp" / "SVAMP_first60.json").read_text())
    write("svamp/test.jsonl", rows)


def aqua_rat() -> None:
    path = RECORDED / "aqua_rat" / "test_first60.json"
    write("aqua-rat/test.jsonl", (json.loads(line) for line in path.read_text().splitlines()))


def agieval() -> None:
    for path in sorted((RECORDED / "agieval").glob("*_first60.jsonl")):
        subset = path.name.removesuffix("_first60.jsonl")
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        write(f"agieval-{subset}/test.jsonl", rows)


def musr() -> None:
    """{context, questions: [...]} -> one row per question (TAUR-Lab/MuSR's flat columns)."""
    for path in sorted((RECORDED / "musr").glob("small_*_first2.json")):
        domain = path.name.removeprefix("small_").removesuffix("_first2.json")
        rows = []
        for i, story in enumerate(json.loads(path.read_text())):
            for j, q in enumerate(story["questions"]):
                rows.append(
                    {
                        "id": f"{domain}-{i}-{j}",
                        "narrative": story["context"],
                        "question": q["question"],
                        "choices": q["choices"],
                        "answer_index": q["answer"],
                    }
                )
        write(f"musr-{domain.replace('_', '-')}/test.jsonl", rows)


def asdiv() -> None:
    """<Problem ID=...><Body/><Question/><Answer/></Problem> -> EleutherAI/asdiv-like rows."""
    root = ET.fromstring((RECORDED / "asdiv" / "ASDiv_first60.xml").read_bytes())
    rows = [
        {
            "id": p.get("ID"),
            "body": p.findtext("Body"),
            "question": p.findtext("Question"),
            "solution_type": p.findtext("Solution-Type"),
            "answer": p.findtext("Answer"),
            "formula": p.findtext("Formula"),
        }
        for p in root.iter("Problem")
    ]
    write("asdiv/validation.jsonl", rows)


def logiqa() -> None:
    """8-line blocks (blank, answer letter, context, query, 4 options) -> JSON rows."""
    for split, name in (("test", "Test_first60.txt"), ("validation", "Eval_first60.txt")):
        lines = (RECORDED / "logiqa" / name).read_text(encoding="utf-8").splitlines()
        rows = []
        for start in range(0, len(lines) - 7, 8):
            block = lines[start : start + 8]
            options = [re.sub(r"^[A-D]\.", "", o, count=1) for o in block[4:8]]
            rows.append(
                {
                    "id": f"{split}-{start // 8}",
                    "label": block[1].strip().upper(),
                    "context": block[2],
                    "query": block[3],
                    "options": options,
                }
            )
        write(f"logiqa/{split}.jsonl", rows)


if __name__ == "__main__":
    for bundle in (
        truthfulqa,
        bbh,
        mgsm,
        commonsenseqa,
        svamp,
        aqua_rat,
        agieval,
        musr,
        asdiv,
        logiqa,
    ):
        bundle()
