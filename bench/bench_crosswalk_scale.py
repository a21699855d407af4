"""Crosswalk at scale: 100k generated candidate names must resolve in < 60 s and < 4 GB.

The input imitates the real channels' mess at 20x their size: benchmark families spelled by
20 channels with prompt-format suffixes, suite prefixes, metric parentheticals, subsets,
language and version variants, HF dataset ids (with configs), arXiv ids shared by suites, and
score rows naming models with effort and date suffixes, owner prefixes (a quarter under
thousands of community owners) and scaffolds (a tenth are agent systems). It is written to a
JSON Lines file first, so the report can compare the crosswalk's time with the time to read
that file into records (the floor any pipeline step pays).

    uv run python bench/bench_crosswalk_scale.py [--candidates 100000] [--scores 20000]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from benchhub.crosswalk import build_crosswalk
from benchhub.crosswalk.curation import Curation
from benchhub.records import BenchmarkCandidate, ScoreObservation

LIMIT_SECONDS = 60.0
LIMIT_BYTES = 4 * 1024**3
CHANNELS = [f"channel_{n:02d}" for n in range(20)]
SYLLABLES = ["ka", "lo", "mi", "ran", "tex", "qua", "bo", "zen", "vi", "dra", "sol", "pe", "nu"]
SUFFIXES = ["Bench", "QA", "Eval", "", "-Hard", "Math", "Code"]
SUBSETS = ["algebra", "biology", "law", "physics", "history", "main", "diamond", "extended"]
LANGUAGES = ["en", "de", "fr", "sw", "zh", "ja", "yo"]
FORMATS = ["", "_zeroshot", "_cot", "_cot_n_shot", "_generative", "_llama", "_instruct"]
DECORATIONS = ["", " (Pass@1)", " (EM)", " (CoT)", " (0-shot)", " - EM"]
VARIANTS = ["", " Verified", " Lite", " Mini", "+", " Pro", "-X", " v2", " 2.0"]
MODELS = ["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-pro", "o3-mini", "llama-3.1-8b-instruct"]
MODEL_SUFFIXES = ["", "_high", "-2025-01-31", " (medium)", "-thinking-32k", "-20250929_16K"]
OWNERS = ["community", "merger", "quant", "lab"]
SCAFFOLDS = ["OpenHands", "SWE-agent", "Terminus", "Agentless"]


def family_name(rng: random.Random) -> str:
    word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
    return word.capitalize() + rng.choice(SUFFIXES)


def spelling(rng: random.Random, family: str, subset: str, channel: int) -> str:
    base = family + subset
    if channel % 3 == 0:  # framework task ids: snake case with format suffixes and prefixes
        prefix = "leaderboard_" if rng.random() < 0.1 else ""
        slug = base.lower().replace(" ", "_").replace("-", "_").replace("+", "_plus")
        return prefix + slug + rng.choice(FORMATS)
    if channel % 3 == 1:  # model cards and leaderboards: display names with metrics
        return base + rng.choice(DECORATIONS)
    return base.replace(" ", "-")  # registries: kebab case


def generate(n_candidates: int, n_scores: int, seed: int = 20261129) -> list[dict]:
    rng = random.Random(seed)
    rows: list[dict] = []
    n_families = max(1, n_candidates // 25)
    families = [family_name(rng) + f" {n}" * (rng.random() < 0.3) for n in range(n_families)]
    papers = [f"24{rng.randint(1, 12):02d}.{rng.randint(10000, 99999)}" for _ in range(n_families)]
    while len(rows) < n_candidates:
        index = rng.randrange(n_families)
        family = families[index]
        variant = rng.choice(VARIANTS)
        subset = ""
        if rng.random() < 0.4:
            subset = f" {rng.choice(SUBSETS)}"
        elif rng.random() < 0.2:
            subset = f" {rng.choice(LANGUAGES)}"
        channel = rng.randrange(len(CHANNELS))
        name = spelling(rng, family + variant, subset, channel)
        hf = f"org{index % 97}/{family.split()[0].lower()}" if rng.random() < 0.3 else None
        rows.append(
            {
                "kind": "candidate",
                "channel": CHANNELS[channel],
                "source_key": f"{name}#{len(rows)}",
                "source_name": name,
                "source_url": f"https://example.org/{len(rows)}",
                "hf_dataset": hf,
                "hf_config": subset.strip() or None if hf else None,
                # a suite's paper is shared by every family member: never enough to merge
                "arxiv_id": papers[index // 5] if rng.random() < 0.3 else None,
                "family": family.lower() if subset else None,
                "license": rng.choice(["MIT", "mit", "Apache-2.0", None]),
                "sample_count": rng.choice([None, 100, 500, 1000]),
            }
        )
    for n in range(n_scores):
        family = families[rng.randrange(n_families)]
        model = rng.choice(MODELS) + rng.choice(MODEL_SUFFIXES)
        model = model if rng.random() < 0.9 else f"{model}-ft{n % 500}"
        draw = rng.random()
        if draw < 0.3:  # a Hugging Face repository: an official or a community owner
            model = (
                f"{rng.choice(OWNERS)}{n % 3000}/{model}" if draw < 0.25 else f"meta-llama/{model}"
            )
        row = {
            "kind": "score",
            "channel": rng.choice(CHANNELS),
            "benchmark_key": family + rng.choice(DECORATIONS),
            "benchmark_name": family + rng.choice(DECORATIONS),
            "model_name": model,
        }
        if draw > 0.9:  # an agent system: the row names its scaffold
            row["settings"] = {"scaffold": rng.choice(SCAFFOLDS) + f" v{n % 20}"}
        rows.append(row)
    return rows


def read(path: Path) -> tuple[list[BenchmarkCandidate], list[ScoreObservation]]:
    candidates: list[BenchmarkCandidate] = []
    scores: list[ScoreObservation] = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row.pop("kind") == "candidate":
                candidates.append(BenchmarkCandidate(**row))
            else:
                scores.append(
                    ScoreObservation(
                        **row,
                        value=0.5,
                        scale="fraction",
                        raw_value="0.5",
                        source_url="https://example.org",
                        relationship="third_party",
                    )
                )
    return candidates, scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=100_000)
    parser.add_argument("--scores", type=int, default=20_000)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "candidates.jsonl"
        with path.open("w", encoding="utf-8") as handle:
            for row in generate(args.candidates, args.scores):
                handle.write(json.dumps(row) + "\n")
        started = time.perf_counter()
        candidates, scores = read(path)
        read_seconds = time.perf_counter() - started

    started = time.perf_counter()
    crosswalk = build_crosswalk(candidates, scores, Curation())
    build_seconds = time.perf_counter() - started
    peak_bytes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB

    print(f"input: {len(candidates)} candidates, {len(scores)} scores; read in {read_seconds:.1f}s")
    print(
        f"crosswalk: {len(crosswalk.benchmarks)} benchmarks, {len(crosswalk.models)} models, "
        f"{len(crosswalk.benchmark_aliases)} aliases in {build_seconds:.1f}s "
        f"({build_seconds / read_seconds:.1f}x the read time); "
        f"peak RSS {peak_bytes / 1024**2:.0f} MB"
    )
    ok = build_seconds < LIMIT_SECONDS and peak_bytes < LIMIT_BYTES
    print("within limits (60 s, 4 GB)" if ok else "OVER LIMITS (60 s, 4 GB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
