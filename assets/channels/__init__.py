"""Every public channel the registry reads, one module each, all of the same shape.

Each module defines `CHANNEL` (a `benchhub.channel.Channel`): its live URLs, the bundled
recording that replays them, and a pure parse function. Adding a channel is adding a module
and listing it here.
"""

from __future__ import annotations

import importlib

from benchhub.channel import Channel

CHANNEL_MODULES: tuple[str, ...] = (
    # evaluation frameworks
    "lm_eval_harness",
    "inspect_evals",
    "lighteval",
    "helm",
    "opencompass",
    "evalscope",
    "openbench",
    "harbor",
    # leaderboards
    "swebench",
    "terminal_bench",
    "lmarena",
    "open_llm_leaderboard",
    "livebench",
    "aider",
    "epoch_ai",
    "helm_results",
    # aggregators and evaluation records
    "every_eval_ever",
    # vendors' own numbers
    "vendor_model_cards",
    # paper indexes
    "arxiv",
    "semantic_scholar",
    "papers_with_code",
    # dataset hubs, registries and code hosts
    "huggingface",
    "mlcommons",
    "github",
)


def all_channels() -> list[Channel]:
    return [importlib.import_module(f"assets.channels.{name}").CHANNEL for name in CHANNEL_MODULES]
