"""Benchmark the adapters generated from lm-evaluation-harness task definitions.

    uv run python bench/bench_framework_adapters.py [--rows 1000]

1. Generating every adapter, as the pipeline's `benchmarks` asset does (read the recorded task
   configs, compile all 13,000+ tasks and the groups and tags over them): budget 20 s.
2. Pulling --rows rows through a generated adapter, for an exact-answer task (mgsm-en, the
   harness's own filters and oracle check per row), a choice task (truthfulqa-mc1, Jinja
   prompt and choices per row) and a task with a Python hook run from the harness (ltb[lm-eval])
   (leaderboard_musr_murder_mysteries, doc_to_text): budget 30 s each. Rows are the bundled
   ones repeated (MuSR's in the Hub's form, `choices` as text).
Exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from ltb.frameworks.lm_eval import (
    LmEvalGroup,
    LmEvalTask,
    compile_definitions,
    load_task_configs,
)
from ltb.pull.pipeline import PullRequest, pull
from ltb.pull.shapes import load_shapes

GENERATE_BUDGET_S = 20.0
PULL_BUDGET_S = 30.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1000)
    args = parser.parse_args()
    os.environ["HF_ENDPOINT"] = "http://127.0.0.1:9"  # no Hub: reproducible
    failed = False

    started = time.perf_counter()
    load_task_configs.cache_clear()
    compiled = compile_definitions()
    generate = time.perf_counter() - started
    runnable = sum(isinstance(c, LmEvalTask) for c in compiled.values())
    groups = sum(isinstance(c, LmEvalGroup) for c in compiled.values())
    print(
        f"generate all lm-eval adapters: {generate:.2f} s ({runnable} tasks and {groups} "
        f"groups or tags runnable of {len(compiled)} definitions; budget "
        f"{GENERATE_BUDGET_S:.0f} s)"
    )
    failed |= generate > GENERATE_BUDGET_S

    shapes = load_shapes()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for benchmark, bundled, hub_form in (
            ("mgsm-en", "mgsm-en", False),
            ("truthfulqa-mc1", "truthfulqa-mc1", False),
            ("lm-eval:leaderboard_musr_murder_mysteries", "musr-murder-mysteries", True),
        ):
            shape = shapes.benchmarks[bundled]
            split, relative = next(iter(shape.bundled.items()))
            base = [
                json.loads(line)
                for line in (shape.bundled_path(split) or Path(relative))
                .read_text(encoding="utf-8")
                .splitlines()
            ]
            if hub_form:
                base = [
                    {
                        **r,
                        "choices": str(r["choices"]),
                        "answer_choice": r["choices"][r["answer_index"]],
                    }
                    for r in base
                ]
            source = work / f"{benchmark}.jsonl"
            with source.open("w", encoding="utf-8") as handle:
                for i in range(args.rows):
                    handle.write(json.dumps(base[i % len(base)], ensure_ascii=False) + "\n")
            started = time.perf_counter()
            result = pull(
                PullRequest(
                    benchmark,
                    n=args.rows,
                    split=split,
                    source=source,
                    out=work / benchmark.replace(":", "-"),
                )
            )
            seconds = time.perf_counter() - started
            written = len(result.report["tasks"])
            adapter = result.report["adapter"]["source"]
            print(
                f"pull {written} {benchmark} tasks ({adapter}): "
                f"{seconds:.2f} s ({seconds / written * 1000:.1f} ms per task; budget "
                f"{PULL_BUDGET_S:.0f} s)"
            )
            failed |= seconds > PULL_BUDGET_S or written != args.rows
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
