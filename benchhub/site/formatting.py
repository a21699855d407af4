"""How values read on the site: scores with their scale, settings, URLs. Jinja filters."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

LABEL_TITLES: dict[str, str] = {
    "self_reported": "Self-reported",
    "independent": "Independent",
    "reproduced": "Reproduced",
}
LABELS: tuple[str, ...] = tuple(LABEL_TITLES)
FACT_TITLES: dict[str, str] = {
    "description": "Description",
    "paper_url": "Paper",
    "homepage_url": "Homepage",
    "arxiv_id": "arXiv id",
    "hf_dataset": "Hugging Face dataset",
    "github_url": "Code",
    "license": "Licence",
    "code_license": "Code licence",
    "metric": "Metric",
    "sample_count": "Samples",
    "release_date": "Released",
}


def score_value(value: float | None, scale: str | None) -> str:
    """A score as a reader expects it: percents with a sign, Elo as an integer."""
    if value is None:
        return "—"
    if scale == "percent":
        return _trim(f"{value:.2f}") + "%"
    if scale == "fraction":
        return _trim(f"{value:.4f}")
    if scale == "elo":
        return f"{value:.0f}"
    return _trim(f"{value:.4g}")


def percent(value: float | None) -> str:
    return "—" if value is None else _trim(f"{value:.2f}")


def slug(text: str) -> str:
    """An anchor for a name: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "-"


def signed(value: float | None) -> str:
    return "—" if value is None else ("+" if value > 0 else "") + _trim(f"{value:.2f}")


def settings_text(settings: dict[str, Any] | None) -> str:
    """`shots=5 · snapshot=2024-05-13`; nested values as compact JSON."""
    if not settings:
        return ""
    return " · ".join(f"{key}={_setting(value)}" for key, value in sorted(settings.items()))


def host(url: str | None) -> str:
    """The link text for a source: its host, without `www.`."""
    if not url:
        return ""
    name = urlsplit(url).hostname or url
    return name.removeprefix("www.")


def is_url(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("https://", "http://"))


def _setting(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def _trim(number: str) -> str:
    return number.rstrip("0").rstrip(".") if "." in number else number
