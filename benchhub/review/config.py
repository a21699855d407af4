"""Choosing and configuring the reviewer from the environment.

BENCHHUB_REVIEWER=heuristic (default) or openai. The openai reviewer reads:
  BENCHHUB_REVIEW_BASE_URL      OpenAI-compatible endpoint, e.g. http://localhost:8000/v1
                                (unset: api.openai.com)
  BENCHHUB_REVIEW_MODEL         required, e.g. gpt-4.1-mini
  BENCHHUB_REVIEW_API_KEY       required (any non-empty value for endpoints without auth)
  BENCHHUB_REVIEW_CONCURRENCY   requests in flight, default 8
  BENCHHUB_REVIEW_TIMEOUT       seconds per request, default 60
  BENCHHUB_REVIEW_MAX_RETRIES   retries on 429/5xx/timeouts (with backoff), default 4
  BENCHHUB_REVIEW_MAX_OUTPUT_TOKENS  output cap per record, default 1024
  BENCHHUB_REVIEW_TOKEN_BUDGET  tokens (in + out) per run; unset: no limit
  BENCHHUB_REVIEW_COST_BUDGET   USD per run; needs the two prices below
  BENCHHUB_REVIEW_PRICE_IN / BENCHHUB_REVIEW_PRICE_OUT  USD per million input / output tokens
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from benchhub.review.budget import Prices


class ReviewConfigError(ValueError):
    """The reviewer settings in the environment are missing or wrong; says which and how."""


@dataclass(frozen=True, slots=True)
class OpenAIReviewerConfig:
    model: str
    api_key: str = field(repr=False)  # never in logs or run metadata
    base_url: str | None = None
    concurrency: int = 8
    timeout_s: float = 60.0
    max_retries: int = 4
    max_output_tokens: int = 1024
    token_budget: int | None = None
    cost_budget_usd: float | None = None
    prices: Prices | None = None
    # after this many endpoint failures in a row, the rest of the run falls back without calling
    max_consecutive_failures: int = 5

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> OpenAIReviewerConfig:
        model = env.get("BENCHHUB_REVIEW_MODEL", "").strip()
        api_key = env.get("BENCHHUB_REVIEW_API_KEY", "").strip()
        required = {"BENCHHUB_REVIEW_MODEL": model, "BENCHHUB_REVIEW_API_KEY": api_key}
        missing = [name for name, value in required.items() if not value]
        if missing:
            raise ReviewConfigError(
                f"BENCHHUB_REVIEWER=openai needs {' and '.join(missing)} "
                "(any non-empty key for an endpoint without auth)"
            )
        prices = _prices(env)
        cost_budget = _number(env, "BENCHHUB_REVIEW_COST_BUDGET", float)
        if cost_budget is not None and prices is None:
            raise ReviewConfigError(
                "BENCHHUB_REVIEW_COST_BUDGET needs BENCHHUB_REVIEW_PRICE_IN and "
                "BENCHHUB_REVIEW_PRICE_OUT (USD per million tokens) to count cost"
            )
        settings = {
            "base_url": env.get("BENCHHUB_REVIEW_BASE_URL", "").strip() or None,
            "concurrency": _number(env, "BENCHHUB_REVIEW_CONCURRENCY", int),
            "timeout_s": _number(env, "BENCHHUB_REVIEW_TIMEOUT", float),
            "max_retries": _retries(env),
            "max_output_tokens": _number(env, "BENCHHUB_REVIEW_MAX_OUTPUT_TOKENS", int),
            "token_budget": _number(env, "BENCHHUB_REVIEW_TOKEN_BUDGET", int),
            "cost_budget_usd": cost_budget,
            "prices": prices,
        }
        given = {name: value for name, value in settings.items() if value is not None}
        return cls(model=model, api_key=api_key, **given)  # type: ignore[arg-type]


def _prices(env: Mapping[str, str]) -> Prices | None:
    price_in = _number(env, "BENCHHUB_REVIEW_PRICE_IN", float)
    price_out = _number(env, "BENCHHUB_REVIEW_PRICE_OUT", float)
    if price_in is None and price_out is None:
        return None
    if price_in is None or price_out is None:
        raise ReviewConfigError(
            "set both BENCHHUB_REVIEW_PRICE_IN and BENCHHUB_REVIEW_PRICE_OUT "
            "(USD per million tokens)"
        )
    return Prices(price_in, price_out)


def _number[T: (int, float)](env: Mapping[str, str], name: str, kind: type[T]) -> T | None:
    """A positive number from the environment, None when unset."""
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        value = None
    if value is None or value <= 0:
        raise ReviewConfigError(f"{name} must be a positive {kind.__name__}, got {raw!r}")
    return value


def _retries(env: Mapping[str, str]) -> int | None:
    raw = env.get("BENCHHUB_REVIEW_MAX_RETRIES", "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ReviewConfigError(f"BENCHHUB_REVIEW_MAX_RETRIES must be 0 or more, got {raw!r}")
    return int(raw)
