"""Which reviewer a run uses: BENCHHUB_REVIEWER=heuristic (default) or openai."""

from __future__ import annotations

import os
from collections.abc import Mapping

from benchhub.review.config import OpenAIReviewerConfig, ReviewConfigError
from benchhub.review.heuristic import HeuristicReviewer
from benchhub.review.model import Reviewer
from benchhub.review.openai_reviewer import OpenAIReviewer


def reviewer_from_env(env: Mapping[str, str] | None = None) -> Reviewer:
    env = os.environ if env is None else env
    kind = env.get("BENCHHUB_REVIEWER", "heuristic").strip().lower() or "heuristic"
    if kind == "heuristic":
        return HeuristicReviewer()
    if kind == "openai":
        return OpenAIReviewer(OpenAIReviewerConfig.from_env(env))
    raise ReviewConfigError(f"BENCHHUB_REVIEWER must be heuristic or openai, got {kind!r}")
