"""Reading the ids that benchmark links carry: arXiv papers, Hugging Face datasets, GitHub repos.

Shared by the opencompass, evalscope, harbor, mlcommons and github channels, which all publish
free-form "paper" or "url" fields that may point at arXiv (abs, pdf or a 10.48550 DOI), at a
Hugging Face dataset page, at a GitHub repository, or somewhere else entirely.
"""

from __future__ import annotations

import re

from assets.channels._frameworks import arxiv_id as arxiv_id_in_url

_ARXIV_DOI = re.compile(r"10\.48550/arxiv\.(\d{4}\.\d{4,5})", re.I)
_HF_DATASET = re.compile(
    r"huggingface\.co/datasets/([A-Za-z0-9][\w.-]*(?:/[A-Za-z0-9][\w.-]*)?)", re.I
)
_GITHUB_REPO = re.compile(r"github\.com/([A-Za-z0-9][\w.-]*)/([\w.-]+)", re.I)
# What curators write for "not known"; "unkown" is a typo the MLCommons catalogue has.
_PLACEHOLDERS = frozenset({"", "unknown", "unkown", "na", "n/a", "none", "null", "tbd"})
# Paths on github.com that are not an owner's name.
_GITHUB_NON_OWNERS = frozenset({"orgs", "topics", "settings", "marketplace", "features", "about"})


def arxiv_id(text: str | None) -> str | None:
    """The arXiv id in a link (read as `_frameworks.arxiv_id` reads it) or in a 10.48550 DOI."""
    if not text:
        return None
    if found := arxiv_id_in_url(text):
        return found
    match = _ARXIV_DOI.search(text)
    return match.group(1) if match else None


def arxiv_abs_url(identifier: str) -> str:
    return f"https://arxiv.org/abs/{identifier}"


def hf_dataset(url: str | None) -> str | None:
    """The id of a Hugging Face dataset page ("…/datasets/openai/MMMLU" -> "openai/MMMLU")."""
    if not url:
        return None
    match = _HF_DATASET.search(url)
    if not match:
        return None
    # The pattern stops after two path segments, so "…/cais/mmlu/viewer" reads as "cais/mmlu".
    return match.group(1).removesuffix(".git")


def github_repo_url(url: str | None) -> str | None:
    """The canonical repository URL a GitHub link points into ("…/tree/main/x" -> the repo)."""
    if not url:
        return None
    match = _GITHUB_REPO.search(url)
    if not match or match.group(1).lower() in _GITHUB_NON_OWNERS:
        return None
    repo = match.group(2).removesuffix(".git")
    return f"https://github.com/{match.group(1)}/{repo}"


def known_value(value: object) -> str | None:
    """A curated text field, or None where the curators wrote a placeholder for "not known"."""
    if value is None:
        return None
    text = str(value).strip()
    return None if text.lower() in _PLACEHOLDERS else text
