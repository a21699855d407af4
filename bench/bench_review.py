"""Review throughput, run on demand (not part of the test suite).

    uv run python -m bench.bench_review                      # real channels, through the crosswalk
    uv run python -m bench.bench_review --source synthetic   # 7,000 generated records

1. The heuristic reviewer and the tier rules over the whole catalogue: wall time and records/s.
2. The openai reviewer against a loopback OpenAI-protocol server that answers after 200 ms
   (tests/openai_stub.py), with a DuckDB review cache: records/s at the configured concurrency,
   tokens per record, and a second run over the same records, which must make zero calls.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import random
import tempfile
import time
from collections import Counter
from pathlib import Path

import duckdb

from benchhub.catalog import MergedBenchmark
from benchhub.channel import run_channel
from benchhub.records import BenchmarkCandidate, ScoreObservation
from benchhub.review import DuckDBReviewCache, HeuristicReviewer, OpenAIReviewer, review_all
from benchhub.tiers import assign_tier
from tests.openai_stub import OpenAIStub


def channel_catalogue() -> list[MergedBenchmark]:
    """Every channel module under assets/channels in replay mode, merged by the crosswalk."""
    import assets.channels
    from benchhub.crosswalk import build_crosswalk

    candidates: list[BenchmarkCandidate] = []
    scores: list[ScoreObservation] = []
    for module in pkgutil.iter_modules(assets.channels.__path__):
        if module.name.startswith("_"):
            continue
        channel = importlib.import_module(f"assets.channels.{module.name}").CHANNEL
        result = run_channel(channel)
        candidates += result.candidates
        scores += result.scores
    return build_crosswalk(candidates, scores).benchmarks


# Real names, ids and licence spellings from the recordings, recombined into many records.
_SEEDS = [
    ("GPQA Diamond", "2311.12022", "Idavidrein/gpqa", "cc-by-4.0", ["Knowledge", "science"]),
    ("MMLU-Pro", "2406.01574", "TIGER-Lab/MMLU-Pro", "mit", ["Knowledge", "MCQ"]),
    ("GSM8K", "2110.14168", "openai/gsm8k", "MIT License", ["Math", "Reasoning"]),
    ("HumanEval", "2107.03374", "openai/openai_humaneval", "MIT", ["Coding"]),
    ("SWE-bench Verified", "2310.06770", "princeton-nlp/SWE-bench_Verified", None, ["Agent"]),
    ("IFEval", "2311.07911", "google/IFEval", "apache-2.0", ["InstructionFollowing"]),
    ("HellaSwag", "1905.07830", "Rowan/hellaswag", None, ["Commonsense"]),
    ("XNLI", "1809.05053", "facebook/xnli", "cc-by-nc-4.0", ["MultiLingual"]),
    ("LongBench v2", "2412.15204", "THUDM/LongBench-v2", "Apache 2.0", ["LongContext"]),
    ("MMMU", "2311.16502", "MMMU/MMMU", "Apache License 2.0", ["MultiModal"]),
    ("TruthfulQA", "2109.07958", "truthfulqa/truthful_qa", "apache-2.0", ["Hallucination"]),
    (
        "BFCL",
        None,
        "gorilla-llm/Berkeley-Function-Calling-Leaderboard",
        "Apache 2.0",
        ["FunctionCalling"],
    ),
]
_VARIANTS = ["", "zeroshot", "cot", "5-shot", "hard", "lite", "test", "en", "de", "zh", "sw"]
_CHANNELS = [
    "evalscope",
    "harbor",
    "helm",
    "inspect_evals",
    "lighteval",
    "lm_eval_harness",
    "openbench",
    "opencompass",
    "huggingface",
    "github",
    "epoch_ai",
    "livebench",
]
_NOT_BENCHMARKS = [
    ("_default_template_yaml", True),  # lm-eval include file, not flagged by its channel
    ("avatar", False),  # an inspect_evals CTF challenge, flagged
    ("<fstring:f'acva_{Language.ARABIC.value}:{subset}'>", True),
]


def synthetic_catalogue(n: int, seed: int = 7) -> list[MergedBenchmark]:
    rng = random.Random(seed)
    records = []
    for i in range(n):
        if rng.random() < 0.08:
            name, flagged_by_channel = rng.choice(_NOT_BENCHMARKS)
            records.append(
                MergedBenchmark(
                    benchmark_id=f"not-benchmark-{i}",
                    name=name,
                    aliases=[name],
                    channels=[rng.choice(_CHANNELS)],
                    is_benchmark=flagged_by_channel,
                )
            )
            continue
        name, arxiv, dataset, licence, hints = rng.choice(_SEEDS)
        variant = rng.choice(_VARIANTS)
        full_name = f"{name} {variant} {i}".replace("  ", " ")
        channels = sorted(rng.sample(_CHANNELS, rng.choice([1, 1, 1, 2, 3, 5])))
        conflicts = {}
        if licence and len(channels) > 1 and rng.random() < 0.1:
            conflicts["license"] = [
                {"channel": channels[0], "value": licence},
                {"channel": channels[1], "value": "Apache License"},
            ]
        records.append(
            MergedBenchmark(
                benchmark_id=f"{name.lower().replace(' ', '-')}-{variant or 'main'}-{i}",
                name=full_name,
                aliases=sorted({full_name, full_name.lower().replace(" ", "_")}),
                description=f"{name} ({variant or 'main set'}), as listed by {channels[0]}."
                if rng.random() < 0.6
                else None,
                paper_url=f"https://arxiv.org/abs/{arxiv}"
                if arxiv and rng.random() < 0.5
                else None,
                arxiv_id=arxiv if rng.random() < 0.7 else None,
                hf_dataset=dataset if rng.random() < 0.8 else None,
                license=licence if rng.random() < 0.7 else None,
                metric=rng.choice(["accuracy", "acc", "pass@1", "exact_match", None]),
                sample_count=rng.choice([None, 198, 500, 1319, 12032]),
                release_date=rng.choice([None, "2023-11-20", "2024-06-03", "2027-01-01"]),
                capability_hints=hints,
                channels=channels,
                conflicts=conflicts,
            )
        )
    return records


def bench_heuristic(catalogue: list[MergedBenchmark]) -> None:
    reviewer = HeuristicReviewer()
    started = time.perf_counter()
    run = review_all(catalogue, reviewer)
    reviewed = time.perf_counter() - started
    started = time.perf_counter()
    tiers = Counter(
        str(assign_tier(b, r, None).tier) for b, r in zip(catalogue, run.reviews, strict=True)
    )
    tiered = time.perf_counter() - started
    print(
        f"heuristic review: {len(catalogue):,} records in {reviewed:.2f} s "
        f"({len(catalogue) / reviewed:,.0f} records/s); decisions {run.stats.decisions}"
    )
    print(f"tier rules: {tiered:.2f} s; tiers {dict(tiers)}")


def bench_openai(records: list[MergedBenchmark], delay_s: float, concurrency: int) -> None:
    with tempfile.TemporaryDirectory() as folder, OpenAIStub(delay_s=delay_s) as stub:
        path = Path(folder) / "warehouse.duckdb"
        cache = DuckDBReviewCache(lambda: duckdb.connect(str(path)))
        reviewer = OpenAIReviewer(stub.config(concurrency=concurrency))
        reviewer.review_many(records[:1])  # import openai and warm up outside the timing
        stub.requests.clear()

        started = time.perf_counter()
        first = review_all(records, reviewer, cache)
        elapsed = time.perf_counter() - started
        stats = first.stats
        tokens = (stats.tokens_in + stats.tokens_out) / max(stats.reviewed, 1)
        print(
            f"openai reviewer, {delay_s * 1000:.0f} ms per answer, concurrency {concurrency}: "
            f"{len(records)} records in {elapsed:.2f} s ({len(records) / elapsed:.1f} records/s), "
            f"{stats.calls} calls, max {stub.max_in_flight} in flight, {stats.fallbacks} "
            f"fallbacks; tokens per record {tokens:,.0f} "
            f"({stats.tokens_in / max(stats.reviewed, 1):,.0f} in, "
            f"{stats.tokens_out / max(stats.reviewed, 1):,.0f} out)"
        )

        started = time.perf_counter()
        second = review_all(records, reviewer, cache)
        elapsed = time.perf_counter() - started
        print(
            f"second run, nothing changed: {second.stats.calls} calls, "
            f"{second.stats.cache_hits} cache hits, {elapsed:.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=["channels", "synthetic"], default="channels")
    parser.add_argument("--records", type=int, default=7000, help="synthetic catalogue size")
    parser.add_argument("--llm-records", type=int, default=400)
    parser.add_argument("--delay", type=float, default=0.2, help="stub answer delay, seconds")
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()

    started = time.perf_counter()
    if args.source == "channels":
        catalogue = channel_catalogue()
    else:
        catalogue = synthetic_catalogue(args.records)
    print(
        f"catalogue ({args.source}): {len(catalogue):,} merged records, built in "
        f"{time.perf_counter() - started:.1f} s"
    )
    bench_heuristic(catalogue)
    sample = random.Random(1).sample(catalogue, min(args.llm_records, len(catalogue)))
    bench_openai(sample, args.delay, args.concurrency)


if __name__ == "__main__":
    main()
