"""Is a merged record a benchmark? Templates, task groups, CTF challenge files and framework
plumbing are not.

The channel's own flag (`is_benchmark=False`, set by parsers that know their format) is the
strongest signal. Names and descriptions catch what a channel let through: config templates and
YAML file names, unrendered f-string names, single CTF challenge prompts, framework modules and
"bring your own data" adapters. Each rule says whether it is sure (reject) or only suspicious
(needs a person).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from benchhub.catalog import MergedBenchmark

Verdict = Literal["reject", "needs_human"]


@dataclass(frozen=True, slots=True)
class NotBenchmark:
    verdict: Verdict
    reason: str
    confidence: float


@dataclass(frozen=True, slots=True)
class _Rule:
    where: Literal["identifier", "description", "hint"]
    pattern: re.Pattern[str]
    verdict: Verdict
    reason: str


_RULES: tuple[_Rule, ...] = (
    _Rule(
        "identifier",
        re.compile(r"template|^_", re.MULTILINE),
        "reject",
        "a config template or include file (lm-eval `_..._template_yaml`, Harbor "
        "`template-*`), not a benchmark",
    ),
    _Rule(
        "identifier",
        re.compile(r"<(fstring|var|call):|[{}]"),
        "reject",
        "an unrendered name built at run time (f-string placeholder), not a benchmark",
    ),
    _Rule(
        "identifier",
        re.compile(
            r"(^|[_.-])(utils?|adapters?|registry|helpers?|lib|judge_prompts?|"
            r"prompt_templates?|__init__)$",
            re.MULTILINE,
        ),
        "reject",
        "framework plumbing (a helper module), not a benchmark",
    ),
    _Rule(
        "description",
        re.compile(
            r"\byou are (trying|tasked|asked) to (obtain|capture|find|retrieve) "
            r"(a|the) flag\b"
        ),
        "reject",
        "a single capture-the-flag challenge definition, not a benchmark",
    ),
    _Rule(
        "hint",
        re.compile(r"^custom$", re.MULTILINE),
        "reject",
        "a customizable adapter for the user's own data, not a fixed benchmark",
    ),
    _Rule(
        "description",
        re.compile(
            r"\bcustomi[sz]able (benchmark|adapter)|\b(evaluate|your own|local) "
            r"(jsonl|csv) datasets?\b"
        ),
        "reject",
        "a customizable adapter for the user's own data, not a fixed benchmark",
    ),
    _Rule(
        "description",
        re.compile(r"\bplatform (for|to) (host|organi[sz])\w* .*benchmarks\b"),
        "needs_human",
        "described as a platform hosting benchmarks rather than a benchmark",
    ),
    _Rule(
        "identifier",
        re.compile(
            r"^(default|example|demo|dummy|sample|test|base|common|custom|general)$", re.MULTILINE
        ),
        "needs_human",
        "a generic name that may be a framework default rather than a benchmark",
    ),
)


def not_a_benchmark(benchmark: MergedBenchmark) -> NotBenchmark | None:
    """Why the record is not (or may not be) a benchmark; None when nothing says so."""
    if not benchmark.is_benchmark:
        reason = benchmark.not_benchmark_reason or "the channels flag it as not a benchmark"
        return NotBenchmark("reject", reason, 0.95)
    texts = _texts(benchmark)
    suspicion: NotBenchmark | None = None
    for rule in _RULES:
        if rule.pattern.search(texts[rule.where]):
            if rule.verdict == "reject":
                return NotBenchmark("reject", rule.reason, 0.85)
            suspicion = suspicion or NotBenchmark("needs_human", rule.reason, 0.5)
    return suspicion


def _texts(benchmark: MergedBenchmark) -> dict[str, str]:
    """Each place a rule looks, lower-cased, one entry per line (rules anchor on lines)."""
    # Display names ("GPQA Diamond") are not identifiers; file and task names have no spaces.
    names = [benchmark.benchmark_id, benchmark.name, *benchmark.aliases]
    return {
        "identifier": "\n".join(n.strip() for n in names if " " not in n.strip()).lower(),
        "description": (benchmark.description or "").lower(),
        "hint": "\n".join(h.strip() for h in benchmark.capability_hints).lower(),
    }
