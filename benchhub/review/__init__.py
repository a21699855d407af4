"""Reviewing merged benchmark records: one interface, a heuristic and an OpenAI-compatible
reviewer, a cache of paid-for reviews, and the curation file of reviews by a person.

    run = review_all(benchmarks, reviewer_from_env(), DuckDBReviewCache(resource.get_connection))
"""

from benchhub.review.cache import DuckDBReviewCache, InMemoryReviewCache, ReviewCache
from benchhub.review.config import OpenAIReviewerConfig, ReviewConfigError
from benchhub.review.corrections import apply_corrections
from benchhub.review.curation import CuratedReview, CurationError, load_curation
from benchhub.review.heuristic import HeuristicReviewer
from benchhub.review.model import Correction, Review, ReviewBatch, Reviewer
from benchhub.review.openai_reviewer import OpenAIReviewer
from benchhub.review.reviewers import reviewer_from_env
from benchhub.review.run import ReviewRun, ReviewStats, review_all

__all__ = [
    "Correction",
    "CuratedReview",
    "CurationError",
    "DuckDBReviewCache",
    "HeuristicReviewer",
    "InMemoryReviewCache",
    "OpenAIReviewer",
    "OpenAIReviewerConfig",
    "Review",
    "ReviewBatch",
    "ReviewCache",
    "ReviewConfigError",
    "ReviewRun",
    "ReviewStats",
    "Reviewer",
    "apply_corrections",
    "load_curation",
    "review_all",
    "reviewer_from_env",
]
