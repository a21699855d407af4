"""Strong keys: identifiers that name a benchmark's data or paper rather than its spelling.

An HF dataset id (after following renames such as `hendrycks_test` -> `cais/mmlu`), an arXiv id
(from an id field or any arXiv URL), a GitHub repository. None of them is enough to merge on its
own: one HF dataset holds many configs, one arXiv paper introduces a suite, one repository hosts
several benchmarks. They corroborate a name match and veto a merge when they disagree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from benchhub.records import BenchmarkCandidate

# HF datasets moved from the legacy un-namespaced ids to their owners' namespaces (2022-23), and
# a few mirrors (ModelScope, OpenCompass, re-uploads) of one dataset. Only ids seen in the
# channels' data are listed; add a row when a channel shows another.
HF_RENAMES: dict[str, str] = {
    "hendrycks_test": "cais/mmlu",
    "lukaemon/mmlu": "cais/mmlu",
    "gsm8k": "openai/gsm8k",
    "ai-modelscope/gsm8k": "openai/gsm8k",
    "openai_humaneval": "openai/openai_humaneval",
    "opencompass/humaneval": "openai/openai_humaneval",
    "hellaswag": "rowan/hellaswag",
    "ai2_arc": "allenai/ai2_arc",
    "truthful_qa": "truthfulqa/truthful_qa",
    "winogrande": "allenai/winogrande",
    "mbpp": "google-research-datasets/mbpp",
    "piqa": "ybisk/piqa",
    "boolq": "google/boolq",
    "super_glue": "aps/super_glue",
    "commonsense_qa": "tau/commonsense_qa",
    "openbookqa": "allenai/openbookqa",
    "lambada": "cimec/lambada",
    "trivia_qa": "mandarjoshi/trivia_qa",
    "natural_questions": "google-research-datasets/natural_questions",
    "xnli": "facebook/xnli",
    "squad_v2": "rajpurkar/squad_v2",
    "race": "ehovy/race",
    "drop": "ucinlp/drop",
    "math_qa": "allenai/math_qa",
    "competition_math": "hendrycks/competition_math",
    "social_i_qa": "allenai/social_i_qa",
    "sciq": "allenai/sciq",
    "bigbench": "google/bigbench",
    "code_x_glue_cc_code_completion_line": "google/code_x_glue_cc_code_completion_line",
    "ai-modelscope/gpqa_diamond": "idavidrein/gpqa",
    "opencompass/ifeval": "google/ifeval",
    "wis-k/instruction-following-eval": "google/ifeval",
    "ai-modelscope/mmlu-pro": "tiger-lab/mmlu-pro",
    "modelscope/mmlu-pro": "tiger-lab/mmlu-pro",
}
# Configs that mean "the whole dataset", not a subset of it.
_WHOLE_DATASET_CONFIGS = frozenset({"", "default", "main", "all", "plain_text", "none"})
# A ModelScope id for a single config of a gated dataset: `gpqa_diamond` under `idavidrein/gpqa`.
HF_CONFIG_RENAMES: dict[str, tuple[str, str]] = {
    "ai-modelscope/gpqa_diamond": ("idavidrein/gpqa", "gpqa_diamond"),
}

_ARXIV_ID = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf|html)/(\d{4}\.\d{4,5})", re.I)
_GITHUB = re.compile(r"github\.com/([\w.-]+)/([\w.-]+)", re.I)
_HF_URL = re.compile(r"huggingface\.co/datasets/([\w.-]+(?:/[\w.-]+)?)", re.I)


@dataclass(frozen=True, slots=True)
class StrongKeys:
    hf_dataset: str | None  # canonical owner/name, lower case
    hf_config: str | None  # None for the whole dataset
    hf_written: str | None  # the dataset's own name as the channel wrote it ("hendrycks_test")
    arxiv_ids: frozenset[str]
    github_repo: str | None  # owner/name, lower case


def strong_keys(candidate: BenchmarkCandidate) -> StrongKeys:
    written = candidate.hf_dataset
    if not written:
        url_hf = _HF_URL.search(candidate.paper_url or "")
        written = url_hf.group(1) if url_hf else None
    hf_dataset, hf_config = canonical_hf(
        written, candidate.hf_config if candidate.hf_dataset else None
    )
    arxiv = {a for a in (arxiv_id(candidate.arxiv_id), arxiv_id(candidate.paper_url)) if a}
    return StrongKeys(
        hf_dataset=hf_dataset,
        hf_config=hf_config,
        hf_written=written.strip().rstrip("/").rsplit("/", 1)[-1].lower() if written else None,
        arxiv_ids=frozenset(arxiv),
        github_repo=github_repo(candidate.github_url) or github_repo(candidate.paper_url),
    )


def canonical_hf(dataset: str | None, config: str | None) -> tuple[str | None, str | None]:
    """The dataset's current HF id and its config, or None for the whole dataset."""
    if not dataset or not dataset.strip():
        return None, None
    key = dataset.strip().strip("/").lower()
    key = key.removeprefix("https://huggingface.co/datasets/").removeprefix("datasets/")
    if key in HF_CONFIG_RENAMES and not config:
        return HF_CONFIG_RENAMES[key]
    key = HF_RENAMES.get(key, key)
    normalized = (config or "").strip().lower()
    return key, None if normalized in _WHOLE_DATASET_CONFIGS else normalized


def arxiv_id(text: str | None) -> str | None:
    """'2311.12022' from an id ('2311.12022v2', 'arXiv:2311.12022') or an arXiv URL."""
    if not text:
        return None
    if match := _ARXIV_URL.search(text):
        return match.group(1)
    if "/" in text and "arxiv" not in text.lower():
        return None  # a DOI or another site's URL that happens to hold digits
    match = _ARXIV_ID.search(text)
    return match.group(1) if match else None


# Repositories that moved to another owner (GitHub redirects the old address). Only moves seen
# in the channels' data are listed; add a row when a channel shows another.
GITHUB_MOVES: dict[str, str] = {
    "princeton-nlp/swe-bench": "swe-bench/swe-bench",
}


def github_repo(url: str | None) -> str | None:
    """The repository's current owner/name, lower case, from any github.com URL."""
    if not url:
        return None
    match = _GITHUB.search(url)
    if not match:
        return None
    repo = f"{match.group(1)}/{match.group(2).removesuffix('.git')}".lower()
    return GITHUB_MOVES.get(repo, repo)


# -- two records pointing at different data or code: a merge a person must decide -------------

# Words that say how a dataset is packaged or hosted, not what it holds.
_PACKAGING_WORDS = frozenset(
    {"the", "and", "of", "data", "dataset", "datasets", "hf", "harness", "helm", "lighteval"}
)
_WORDS = re.compile(r"[a-z]+|\d+")


# Evaluation harnesses that re-upload other people's data under their own name, alone or
# bundled (`lighteval/sacrebleu_manual` holds every WMT test set, `opencompass/siqa` is
# Social IQa): such a copy says which harness packaged the data, not which data it is.
HARNESS_NAMESPACES = frozenset({"lighteval", "opencompass"})
# An acronym this short meets unrelated names.
_MIN_ACRONYM = 3


def dataset_words(dataset: str) -> frozenset[str]:
    """The words an HF data set's name is known by: its words, all of them run together, and
    its initials with or without its last word (`social_i_qa`: siqa)."""
    name = dataset.rsplit("/", 1)[-1].lower()
    raw = _WORDS.findall(name)
    words = set(raw) - _PACKAGING_WORDS
    words.add("".join(raw))  # `pubmed_qa` and `pubmedqa` meet
    if len(raw) >= 3:  # `social_i_qa` and `siqa`: the name's initials with its last word
        for acronym in ("".join(w[0] for w in raw[:-1]) + raw[-1], "".join(w[0] for w in raw)):
            if len(acronym) >= _MIN_ACRONYM:
                words.add(acronym)
    return frozenset(words)


def distinct_datasets(datasets: list[str]) -> list[list[str]]:
    """The canonical HF datasets among `datasets` grouped by the data they hold, each group
    sorted; [] when they are one data set. Re-uploads are common (another owner, a harness's
    repackaging: `hails/mmlu_no_train` of `cais/mmlu`, `lighteval/bbq_helm` of BBQ), so two
    ids hold the same data when their names share a word (or one is the other's acronym:
    `allenai/social_i_qa` and `x/siqa`), and a harness's copy (`HARNESS_NAMESPACES`) is
    compared with nothing; `aps/super_glue` and `google/boolq`,
    or `lmsys/lmsys-chat-1m` and `lmsys/mt_bench_human_judgments`, do not."""
    ids = sorted({c for d in datasets if (c := canonical_hf(d, None)[0])})
    published = [d for d in ids if d.split("/", 1)[0] not in HARNESS_NAMESPACES or "/" not in d]
    ids = published or ids
    groups: list[tuple[set[str], set[str]]] = []  # (ids, their words)
    for dataset in ids:
        words = set(dataset_words(dataset))
        joined = [g for g in groups if g[1] & words]
        for group in joined:
            groups.remove(group)
        merged_ids = {dataset}.union(*(g[0] for g in joined))
        groups.append((merged_ids, words.union(*(g[1] for g in joined))))
    return sorted(sorted(g[0]) for g in groups) if len(groups) > 1 else []


def distinct_repos(urls: list[str]) -> list[str]:
    """The different GitHub repositories among `urls` (after known moves), sorted; [] when
    there is at most one. A fork or a same-named project of another owner is another repo."""
    repos = sorted({r for u in urls if (r := github_repo(u))})
    return repos if len(repos) > 1 else []


def keys_disagree(left: Iterable[StrongKeys | None], right: Iterable[StrongKeys | None]) -> bool:
    """Two records (or groups of them) point at different data: different HF data sets (by
    `distinct_datasets`: re-uploads and a harness's copy are one), different GitHub
    repositories, or arXiv papers with none in common. Merging them is a person's decision."""
    sides = [[k for k in left if k], [k for k in right if k]]
    datasets = [k.hf_dataset for side in sides for k in side if k.hf_dataset]
    repos = [f"https://github.com/{k.github_repo}" for s in sides for k in s if k.github_repo]
    papers = [{a for k in side for a in k.arxiv_ids} for side in sides]
    return bool(
        distinct_datasets(datasets)
        or distinct_repos(repos)
        or (papers[0] and papers[1] and not papers[0] & papers[1])
    )


def record_keys(
    hf_dataset: str | None, arxiv: str | None, paper_url: str | None, github_url: str | None
) -> StrongKeys:
    """The strong keys of a merged record's published facts."""
    dataset, _ = canonical_hf(hf_dataset, None)
    return StrongKeys(
        hf_dataset=dataset,
        hf_config=None,
        hf_written=None,
        arxiv_ids=frozenset(a for a in (arxiv_id(arxiv), arxiv_id(paper_url)) if a),
        github_repo=github_repo(github_url),
    )


# Where papers live: a `paper_url` elsewhere is a homepage, a blog post or a repository. A
# paper is a preprint (arXiv in any of its views, bioRxiv/medRxiv by DOI), an anthology or
# proceedings page (NeurIPS and its Datasets and Benchmarks track, PMLR, AAAI, IJCAI, CVF, ACL),
# OpenReview, a DOI, or a publisher's page of one article (ACM, IEEE, Springer, Nature). A
# publisher's list of publications or a PDF on an arbitrary host is not told apart from a page.
_PAPER_URL = re.compile(
    r"^https?://(?:www\.)?(?:arxiv\.org/(?:abs|pdf|html)/|aclanthology\.org/|"
    r"aclweb\.org/anthology/|openreview\.net/(?:forum|pdf)|(?:dx\.)?doi\.org/10\.|"
    r"[\w-]*proceedings\.neurips\.cc/|papers\.nips\.cc/|proceedings\.mlr\.press/|"
    r"ojs\.aaai\.org/|(?:cdn\.)?aaai\.org/(?:ocs|papers)/|ijcai\.org/proceedings/|"
    r"openaccess\.thecvf\.com/|dl\.acm\.org/doi/|ieeexplore\.ieee\.org/(?:document/|stamp/)|"
    r"(?:bio|med)rxiv\.org/content/10\.|link\.springer\.com/(?:article|chapter)/10\.|"
    r"nature\.com/articles/)",
    re.IGNORECASE,
)


def is_paper_url(url: str | None) -> bool:
    """A link to a paper (arXiv, ACL Anthology, OpenReview, a DOI, a proceedings page)."""
    return bool(url and _PAPER_URL.match(url.strip()))
