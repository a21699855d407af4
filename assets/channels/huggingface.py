"""Hugging Face dataset cards: licence, languages, task categories, sizes and links per dataset.

A dataset card is the repository's README.md: YAML front matter (license, language, task
categories, size category, paperswithcode_id, pretty_name and, on current cards, `dataset_info`
with the examples per config and split) followed by prose whose "Dataset Description" list
links the paper and repository. Older datasets kept split sizes in `dataset_infos.json`.

Live:
- `GET https://huggingface.co/datasets/{id}/raw/main/README.md` per dataset (the Hub redirects
  renamed ids, e.g. `gsm8k` -> `openai/gsm8k`; the client follows redirects). The Hub API
  (`https://huggingface.co/api/datasets/{id}`) returns the same front matter as `cardData` but
  not the card's prose, where the paper and repository links are, so the raw card is read.
- `GET https://datasets-server.huggingface.co/info?dataset={id}` for split sizes: it answers
  `{"dataset_info": {config: {"splits": {split: {"num_examples": n}}}}}`, the shape of the
  legacy `dataset_infos.json`, which most migrated repositories no longer have.
No pagination. Unauthenticated Hub reads are rate limited per IP (HTTP 429 with Retry-After,
which the Fetcher honours); this channel makes two requests per dataset, spaced by the Fetcher.

Replay: the recordings are the GitHub-era cards (huggingface/datasets at the commit before the
scripts moved to the Hub, 2022-10-03), not what those URLs return today, so those Sources are
derived (`exact=False`). Two older revisions of the gsm8k and hendrycks_test cards (the first
schema: `languages:`/`licenses:`) and three current-style cards vendored in FuseAI are read at
their pinned GitHub URLs, which do return exactly the recording.

Rules:
- `hf_dataset` is the id as recorded (`hendrycks_test`, `gsm8k`); where the recording's notes
  say the Hub renamed it, the new id is in `extra["renamed_to"]`.
- `sample_count`: per config, the evaluation split's examples (test, else validation, dev or
  eval; a data set published as one split is all evaluation data; never a train split next to
  others); the dataset's count is that of its only config, of a config named `all` /
  `all_languages` (the union of the others) or `full` (the others are its subsets: MBPP), or
  of every config when they all agree (the same items in several formats, as gsm8k
  main/socratic). Otherwise it stays empty and the counts per config and split are kept in
  `extra["num_examples"]` (hendrycks_test: 57 subjects).
- The licence is copied as written ("mit", "unknown", "other"): normalisation comes later. A
  card without a `license:` key that names a licence in its "Licensing Information" section
  (HellaSwag's: "MIT" and a link to the repository's LICENSE) states it there; a placeholder
  or a paragraph of terms states none (`extra["license_from"]` says which).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import yaml

from assets.channels._frameworks import raw_url
from assets.channels._weblinks import arxiv_abs_url, arxiv_id, github_repo_url
from benchhub.channel import Channel, Payloads, Source
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue
from benchhub.review.licences import OTHER, UNKNOWN, normalize_license

NAME = "huggingface"
RECORDING_DIR = "huggingface-dataset-cards"
LEGACY_DIR = "legacy_hf_datasets_repo_2022"
LEGACY_IDS = (
    "ai2_arc",
    "bigbench",
    "boolq",
    "code_x_glue_cc_code_completion_line",
    "commonsense_qa",
    "competition_math",
    "drop",
    "gsm8k",
    "hellaswag",
    "hendrycks_test",
    "lambada",
    "math_qa",
    "mbpp",
    "natural_questions",
    "openai_humaneval",
    "openbookqa",
    "piqa",
    "race",
    "sciq",
    "social_i_qa",
    "squad_v2",
    "super_glue",
    "truthful_qa",
    "winogrande",
    "xnli",
)
# Renames the recording's SOURCE.txt states (the Hub redirects the old id to the new one).
RENAMED = {
    "hendrycks_test": "cais/mmlu",
    "gsm8k": "openai/gsm8k",
    "openai_humaneval": "openai/openai_humaneval",
}


@dataclass(frozen=True, slots=True)
class PinnedCard:
    """A card read at a pinned GitHub URL: an older revision, or a copy vendored elsewhere."""

    recording: str
    repo: str
    commit: str
    path: str
    hf_dataset: str | None  # None where the copy does not say whose dataset it is

    @property
    def folder(self) -> str:
        return self.recording.rsplit("/", 2)[-2]

    @property
    def name(self) -> str:
        return f"{self.folder}@{self.commit[:8]}"


_FUSEAI = ("18907305772/FuseAI", "7d9a30729e4b5a40bca19a97e188bfc07edf0809")
_FUSEAI_DATA = "FuseChat-3.0/FuseEval/General-Eval/MC-Eval/data"
PINNED = (
    PinnedCard(
        "legacy_hf_datasets_repo_2021_oldschema/gsm8k/README.md",
        "huggingface/datasets",
        "11a50bb0b18a17103b936610b05d0cf646cab950",
        "datasets/gsm8k/README.md",
        "gsm8k",
    ),
    PinnedCard(
        "legacy_hf_datasets_repo_2021_oldschema/hendrycks_test/README.md",
        "huggingface/datasets",
        "7bac83b0634070c1167a2aa198242b301c548b09",
        "datasets/hendrycks_test/README.md",
        "hendrycks_test",
    ),
    # The recorder named this folder after the Hub id; FuseAI's own folder is data/MMLU-Pro.
    PinnedCard(
        "modern_hub_cards/TIGER-Lab__MMLU-Pro/README.md",
        *_FUSEAI,
        f"{_FUSEAI_DATA}/MMLU-Pro/README.md",
        "TIGER-Lab/MMLU-Pro",
    ),
    PinnedCard(
        "modern_hub_cards/gpqa_formatted/README.md",
        *_FUSEAI,
        f"{_FUSEAI_DATA}/gpqa_formatted/README.md",
        None,
    ),
    PinnedCard(
        "modern_hub_cards/mmlu_no_train/README.md",
        *_FUSEAI,
        f"{_FUSEAI_DATA}/mmlu_no_train/README.md",
        None,
    ),
)
_README = "/README.md"
_SPLIT_SIZES = "/dataset_infos.json"
# Configs holding the whole data set, the others being parts or filtered versions of it
# (MBPP's `full` next to its hand-checked `sanitized` subset).
_WHOLE_CONFIGS = ("all", "all_languages", "full")
_FIELD_LINE = re.compile(r"^\s*[-*]\s*\*\*(?P<field>[^*:]+):?\*\*:?\s*(?P<value>.*)$", re.MULTILINE)
_URL = re.compile(r"https?://[^\s)\]>]+")
_PLACEHOLDER = re.compile(r"More Information Needed|CONTRIBUTING\.md", re.IGNORECASE)
_SUMMARY = re.compile(r"^#+\s*Dataset Summary\s*$(?P<body>.*?)(?=^#)", re.MULTILINE | re.DOTALL)
_LICENSING = re.compile(
    r"^#+\s*Licensing Information\s*$(?P<body>.*?)(?=^#|\Z)", re.MULTILINE | re.DOTALL
)
_MAX_LICENCE_WORDS = 8


def sources() -> list[Source]:
    legacy = [
        source
        for hf_id in LEGACY_IDS
        for source in (
            Source(
                f"{hf_id}{_README}",
                f"https://huggingface.co/datasets/{hf_id}/raw/main/README.md",
                f"{LEGACY_DIR}/{hf_id}/README.md",
                exact=False,
            ),
            Source(
                f"{hf_id}{_SPLIT_SIZES}",
                f"https://datasets-server.huggingface.co/info?dataset={hf_id}",
                f"{LEGACY_DIR}/{hf_id}/dataset_infos.json",
                exact=False,
            ),
        )
    ]
    pinned = [
        Source(f"{card.name}{_README}", raw_url(card.repo, card.commit, card.path), card.recording)
        for card in PINNED
    ]
    return legacy + pinned


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    pinned = {f"{card.name}{_README}": card for card in PINNED}
    for name in sorted(payloads):
        if not name.endswith(_README):
            continue
        card = pinned.get(name)
        key = name.removesuffix(_README)
        hf_id = card.hf_dataset if card else key
        sizes_name = f"{key}{_SPLIT_SIZES}"
        try:
            front, body = _split_card(payloads[name])
            sizes = _split_sizes(payloads[sizes_name]) if sizes_name in payloads else {}
        except ValueError as exc:
            result.issues.append(ParseIssue(NAME, name, str(exc)))
            continue
        sizes = sizes or _sizes_in_front_matter(front)
        url = f"https://huggingface.co/datasets/{hf_id}" if hf_id else None
        if card:
            url = f"https://github.com/{card.repo}/blob/{card.commit}/{card.path}"
        result.candidates.append(_candidate(key, hf_id, url or "", front, body, sizes, card))
    return result


def _split_card(data: bytes) -> tuple[dict[str, Any], str]:
    """(front matter, prose) of a card; a card without YAML front matter is refused."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"card is not UTF-8 text: {exc}") from exc
    if not text.startswith("---"):
        raise ValueError("card has no YAML front matter (does not start with ---)")
    head, separator, body = text[3:].partition("\n---")
    if not separator:
        raise ValueError("card's YAML front matter is not closed by ---")
    try:
        front = yaml.safe_load(head)
    except yaml.YAMLError as exc:
        raise ValueError(f"card's YAML front matter does not parse: {exc}") from exc
    if not isinstance(front, dict):
        raise ValueError("card's YAML front matter is not a mapping")
    return front, body


def _split_sizes(data: bytes) -> dict[str, dict[str, int]]:
    """{config: {split: examples}} from dataset_infos.json or the datasets-server /info answer."""
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ValueError(f"split sizes are not JSON: {exc}") from exc
    configs = document.get("dataset_info", document) if isinstance(document, dict) else None
    if not isinstance(configs, dict):
        raise ValueError("split sizes are not a mapping of configs")
    return {
        config: {
            split: info["num_examples"]
            for split, info in (value.get("splits") or {}).items()
            if isinstance(info, dict) and isinstance(info.get("num_examples"), int)
        }
        for config, value in configs.items()
        if isinstance(value, dict)
    }


def _sizes_in_front_matter(front: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Current cards' `dataset_info`: one mapping, or a list with one entry per config."""
    info = front.get("dataset_info")
    entries = info if isinstance(info, list) else [info] if isinstance(info, dict) else []
    return {
        entry.get("config_name", "default"): {
            split["name"]: split["num_examples"]
            for split in entry.get("splits") or []
            if isinstance(split, dict) and isinstance(split.get("num_examples"), int)
        }
        for entry in entries
        if isinstance(entry, dict)
    }


# The split a benchmark is scored on, in the order a card's splits are tried.
_EVAL_SPLITS = ("test", "validation", "dev", "eval")


def _eval_split_size(splits: dict[str, int]) -> int | None:
    """The evaluation split's size; a data set published as one split (GPQA's `train`) is all
    evaluation data."""
    if len(splits) == 1:
        return next(iter(splits.values()))
    return next((splits[s] for s in _EVAL_SPLITS if s in splits), None)


def _sample_count(sizes: dict[str, dict[str, int]]) -> int | None:
    """The rule in the module docstring."""
    counts = {
        config: count
        for config, splits in sizes.items()
        if (count := _eval_split_size(splits)) is not None
    }
    if not counts:
        return None
    for whole in _WHOLE_CONFIGS:
        if whole in counts:
            return counts[whole]
    distinct = set(counts.values())
    return distinct.pop() if len(distinct) == 1 else None


def _listed(value: Any) -> list[str]:
    """A YAML field as a flat list: old cards give one list per config as a mapping."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [item for values in value.values() for item in _listed(values)]
    if isinstance(value, list):
        return [str(item) for item in value if item is not None]
    return [str(value)]


def _licensing_section_licence(body: str) -> str | None:
    """The licence a card names in its "Licensing Information" section when its front matter
    has none (HellaSwag's card: "MIT https://github.com/rowanz/hellaswag/blob/master/LICENSE"):
    the section's first line without its links, only when it is a licence's name (an SPDX id
    once normalised), never a placeholder or a paragraph of terms."""
    section = _LICENSING.search(body)
    lines = [line.strip() for line in (section["body"] if section else "").splitlines()]
    first = next((line for line in lines if line), "")
    text = _URL.sub("", first).strip(" .,;:-()[]")
    if not text or _PLACEHOLDER.search(first) or len(text.split()) > _MAX_LICENCE_WORDS:
        return None
    return text if normalize_license(text).value not in (OTHER, UNKNOWN) else None


def _card_links(body: str) -> dict[str, str]:
    """The "- **Paper:** <url>" style fields of the card, without the template's placeholders."""
    links: dict[str, str] = {}
    for match in _FIELD_LINE.finditer(body):
        value = match["value"]
        url = _URL.search(value)
        if url and not _PLACEHOLDER.search(value):
            links.setdefault(match["field"].strip().lower(), url.group(0))
    return links


def _candidate(
    key: str,
    hf_id: str | None,
    url: str,
    front: dict[str, Any],
    body: str,
    sizes: dict[str, dict[str, int]],
    card: PinnedCard | None,
) -> BenchmarkCandidate:
    links = _card_links(body)
    paper = links.get("paper")
    paper_arxiv = arxiv_id(paper) or (None if paper else arxiv_id(body))
    repository = links.get("repository") or links.get("homepage/repository")
    github = github_repo_url(repository) or github_repo_url(links.get("homepage"))
    licence = _listed(front.get("license", front.get("licenses")))
    stated_in_prose = None if licence else _licensing_section_licence(body)
    licence = licence or ([stated_in_prose] if stated_in_prose else [])
    summary = _SUMMARY.search(body + "\n#")
    description = " ".join(summary["body"].split()) if summary else ""
    schema = "old keys (licenses/languages)" if {"licenses", "languages"} & front.keys() else None
    extra: dict[str, Any] = {
        "pretty_name": front.get("pretty_name"),
        "paperswithcode_id": front.get("paperswithcode_id"),
        "size_categories": _listed(front.get("size_categories")),
        "homepage": links.get("homepage"),
        "repository": repository,
        "num_examples": sizes,
        "renamed_to": RENAMED.get(hf_id or ""),
        "card_schema": schema,
        "license_from": "Licensing Information section" if stated_in_prose else None,
        "card_revision": card.commit if card else None,
    }
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=str(front.get("pretty_name") or hf_id or (card.folder if card else key)),
        source_url=url,
        description=description or None,
        paper_url=paper or (arxiv_abs_url(paper_arxiv) if paper_arxiv else None),
        arxiv_id=paper_arxiv,
        hf_dataset=hf_id,
        github_url=github,
        license=", ".join(licence) or None,
        sample_count=_sample_count(sizes),
        splits=tuple(sorted({split for splits in sizes.values() for split in splits})),
        languages=tuple(dict.fromkeys(_listed(front.get("language", front.get("languages"))))),
        capability_hints=tuple(
            dict.fromkeys(
                _listed(front.get("task_categories"))
                + _listed(front.get("task_ids"))
                + _listed(front.get("tags"))
            )
        ),
        extra={k: v for k, v in extra.items() if v not in (None, [], {})},
    )


CHANNEL = Channel(
    name=NAME,
    title="Hugging Face dataset cards",
    kind="dataset_hub",
    homepage="https://huggingface.co/datasets",
    recording_dir=RECORDING_DIR,
    sources=sources,
    parse=parse,
    live_notes=(
        "GET huggingface.co/datasets/{id}/raw/main/README.md (redirects for renamed ids) and "
        "datasets-server.huggingface.co/info?dataset={id} per dataset; no paging; the Hub rate "
        "limits unauthenticated reads per IP"
    ),
)
