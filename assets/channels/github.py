"""GitHub: facts about benchmark repositories, and the benchmarks that two "awesome" lists name.

Two kinds of record:
- one per tracked repository (`TRACKED_REPOS`: the repositories this registry's data comes from,
  each with its role): licence file and its first line, head commit and its date, README title
  (first `# ` heading outside code fences) and the arXiv / Hugging Face links in the README. Only
  repositories whose role is "benchmark" are benchmark candidates; the others (leaderboard sites,
  model cards, libraries, lists) are kept, flagged, so their facts can still enrich a benchmark.
- one per benchmark named in the awesome lists (leobeeson/llm_benchmarks: `### Name` blocks with
  Source and Resources links; onejune2018/Awesome-LLM-Eval: the tables of its benchmark sections).
  Only the lists' benchmark sections are read; their tool, leaderboard, paper and model sections
  are not benchmark records. An entry of a benchmark section whose description says it is a
  framework, library, toolkit, platform or tool ("ARES is an automatic evaluation framework")
  is kept flagged as software, not a benchmark.

Live: the awesome lists and the recorded READMEs are raw GitHub files pinned to the commits in
SOURCE.txt (exact recordings). The repository facts are DERIVED in the recording; live, `fetch`
builds the same rows from the GitHub REST API: per repository
`GET /repos/{o}/{r}/commits?per_page=1` (head commit and date) and
`GET /repos/{o}/{r}/contents?ref={sha}` (top-level files: licence and README names), then the
README and licence from raw.githubusercontent.com, which is not API-rate-limited. That is 2 API
calls per repository, 46 for the 23 tracked: within the 60 an hour GitHub allows without a token.
The Fetcher sends the ETag / Last-Modified validators it has seen (a 304 does not count against
the limit). When `X-RateLimit-Remaining` falls below what a repository needs, the remaining
repositories are left out of that run and reported as issues, with the reset time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from assets.channels._frameworks import blob_url, is_replay, raw_url
from assets.channels._weblinks import arxiv_abs_url, arxiv_id, github_repo_url, hf_dataset
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "github"
API = "https://api.github.com"
FACTS = "repo_facts_derived.json"
NOT_FETCHED = "not_fetched"  # key in live facts: repositories the rate limit left out
_API_CALLS_PER_REPO = 2

# Why each repository is tracked. Only "benchmark" repositories are benchmark candidates.
TRACKED_REPOS: dict[str, str] = {
    "SWE-bench/SWE-bench": "benchmark",
    "openai/human-eval": "benchmark",
    "openai/grade-school-math": "benchmark",
    "TIGER-AI-Lab/MMLU-Pro": "benchmark",
    "Aider-AI/aider": "coding tool (its benchmark/ folder holds the Aider benchmarks' harness)",
    "open-compass/opencompass": "evaluation framework",
    "openai/simple-evals": "evaluation framework",
    "LiveBench/livebench.github.io": "leaderboard site",
    "swe-bench/swe-bench.github.io": "leaderboard site",
    "lmarena/arena-catalog": "leaderboard data",
    "fboulnois/llm-leaderboard-csv": "leaderboard data",
    "epoch-research/benchmark-stitching": "leaderboard data",
    "evaleval/every_eval_ever": "score aggregator",
    "mlcommons-science/benchmark": "benchmark catalogue",
    "World-Snapshot/papers-with-code": "paper index archive",
    "deepseek-ai/DeepSeek-V3": "model card",
    "meta-llama/llama-models": "model card",
    "MoonshotAI/Kimi-K2": "model card",
    "danielnsilva/semanticscholar": "API client library",
    "huggingface/datasets": "dataset library",
    "18907305772/FuseAI": "mirror of dataset files",
    "onejune2018/Awesome-LLM-Eval": "awesome list",
    "leobeeson/llm_benchmarks": "awesome list",
}
BENCHMARK_ROLE = "benchmark"

# README recordings: (repository, commit); the file is README.md at that commit.
RECORDED_READMES = {
    "SWE-bench/SWE-bench": "7a21e05772954cc81471ae19d56f436cecf43c54",
    "openai/human-eval": "6d43fb980f9fee3c892a914eda09951f772ad10d",
    "openai/grade-school-math": "3101c7d5072418e28b9008a6636bde82a006892c",
    "TIGER-AI-Lab/MMLU-Pro": "f418b116db00b065c2aea046518d8fcf74d39872",
    "Aider-AI/aider": "5dc9490bb35f9729ef2c95d00a19ccd30c26339c",
    "open-compass/opencompass": "a5acc4bba3b658f151617a3b393602110fb7a740",
    "LiveBench/livebench.github.io": "4bf96c8d9dc9b06c17d82dc76a54429975c2b2c2",
}


@dataclass(frozen=True, slots=True)
class AwesomeList:
    """An awesome list: where it is, which `## ` sections list benchmarks, which list methods."""

    repo: str
    commit: str
    path: str
    recording: str
    sections: frozenset[str] | None  # None: every section
    methods: frozenset[str]  # sections whose entries are evaluation methods, not benchmarks


AWESOME_LISTS = (
    AwesomeList(
        "leobeeson/llm_benchmarks",
        "53a8bcfeb7fb1f1435fef88abd45e16d202cee53",
        "README.md",
        "awesome__leobeeson__llm_benchmarks__README.md",
        sections=None,
        methods=frozenset({"LLM-Assisted Evaluation"}),
    ),
    AwesomeList(
        "onejune2018/Awesome-LLM-Eval",
        "186683707d8a20b08d9310acca7d3f776006ba0c",
        "README_EN.md",
        "awesome__onejune2018__Awesome-LLM-Eval__README_EN.md",
        sections=frozenset({"Anthropomorphic-Taxonomy", "Datasets or Benchmarks"}),
        methods=frozenset(),
    ),
)

_H1 = re.compile(r"^#\s+(.+?)\s*#*\s*$")
_HEADING = re.compile(r"^(#{2,3})\s+(.+?)\s*#*\s*$")
_FENCE = ("```", "~~~")
_PAPER_OR_DATA_LINK = re.compile(
    r"https?://(?:www\.)?(?:arxiv\.org/(?:abs|pdf|html)/|huggingface\.co/(?:datasets|spaces)/)"
    r"[^\s)\]\"'<>`|{}]+"
)
_MD_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\(\s*(?P<url>[^)\s]+)\s*\)")
_FIELD = re.compile(r"^\*\s+\*\*(?P<field>[^*:]+):\*\*\s*(?P<value>.*)$")
_LICENCE_FILE = re.compile(r"^(?:licen[cs]e|copying)(?:[.-].*)?$", re.IGNORECASE)
_README_FILE = re.compile(r"^readme(?:\.(?:md|markdown|rst|txt))?$", re.IGNORECASE)
# Table columns, by the header names the lists use.
_NAME_COLUMNS = ("name",)
_LINK_COLUMNS = ("url", "website", "link")
_ORG_COLUMNS = ("organization", "institution")
_TEXT_COLUMNS = ("description", "introduction", "evaluation focus", "scope of tasks")
_TOPIC_COLUMNS = ("task type", "field", "domain")


def _readme_name(repo: str) -> str:
    return f"readmes/{repo.replace('/', '__')}.README.md"


def sources() -> list[Source]:
    return [
        Source(FACTS, f"{API}/repos", FACTS, exact=False),
        *(
            Source(a.recording, raw_url(a.repo, a.commit, a.path), a.recording)
            for a in AWESOME_LISTS
        ),
        *(
            Source(_readme_name(repo), raw_url(repo, commit, "README.md"), _readme_name(repo))
            for repo, commit in RECORDED_READMES.items()
        ),
    ]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    lists = {
        a.recording: fetcher.get_bytes(raw_url(a.repo, a.commit, a.path)) for a in AWESOME_LISTS
    }
    if is_replay(fetcher):
        readmes = {
            _readme_name(repo): fetcher.get_bytes(raw_url(repo, commit, "README.md"))
            for repo, commit in RECORDED_READMES.items()
        }
        return {**lists, **readmes}  # the facts come from disk
    return {**lists, **_live_repo_payloads(fetcher)}


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    result.extend(_repositories(payloads))
    for awesome in AWESOME_LISTS:
        if awesome.recording in payloads:
            result.extend(_awesome(awesome, payloads[awesome.recording]))
    return result


# --- repositories --------------------------------------------------------------------------------


def _repositories(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    try:
        document = json.loads(payloads[FACTS])
        rows = document["repos"]
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, FACTS, f"unreadable repository facts: {exc!r}"))
        return result
    for repo, why in (document.get(NOT_FETCHED) or {}).items():
        result.issues.append(ParseIssue(NAME, f"{API}/repos/{repo}", f"not fetched: {why}"))
    for position, row in enumerate(rows):
        if not (isinstance(row, dict) and "/" in str(row.get("full_name", ""))):
            result.issues.append(ParseIssue(NAME, f"{FACTS}#repos[{position}]", "no full_name"))
            continue
        readme = payloads.get(_readme_name(row["full_name"]))
        if readme is not None:
            text = readme.decode("utf-8", errors="replace")
            row = {
                **row,
                "readme_title": readme_title(text),
                "readme_arxiv_hf_links": readme_links(text),
            }
        result.candidates.append(_repository(row))
    return result


def _repository(row: dict[str, Any]) -> BenchmarkCandidate:
    repo = str(row["full_name"])
    role = TRACKED_REPOS.get(repo)
    links = [str(link) for link in row.get("readme_arxiv_hf_links") or []]
    papers = sorted({p for link in links if (p := arxiv_id(link))})
    datasets = sorted({d for link in links if "/datasets/" in link and (d := hf_dataset(link))})
    first_line = row.get("license_first_line")
    # A repository's licence covers its code; only a content licence (Creative Commons, ODC,
    # CDLA) says the data shipped there is under it. Code and data licences are two facts.
    licence = _licence_name(first_line)
    commit = row.get("head_commit")
    return BenchmarkCandidate(
        channel=NAME,
        source_key=f"repo:{repo}",
        source_name=repo.split("/", 1)[1],
        source_url=f"https://github.com/{repo}/tree/{commit}"
        if commit
        else f"https://github.com/{repo}",
        # One paper or dataset is the repository's own; several (SWE-bench links its follow-ups)
        # cannot be told apart here, so they stay in `extra`.
        paper_url=arxiv_abs_url(papers[0]) if len(papers) == 1 else None,
        arxiv_id=papers[0] if len(papers) == 1 else None,
        hf_dataset=datasets[0] if len(datasets) == 1 else None,
        github_url=f"https://github.com/{repo}",
        license=licence if is_content_licence(licence) else None,
        is_benchmark=role in (None, BENCHMARK_ROLE),
        not_benchmark_reason=None if role in (None, BENCHMARK_ROLE) else f"{role} repository",
        extra={
            "full_name": repo,
            "role": role,
            "head_commit": commit,
            "last_commit_date": row.get("last_commit_date"),
            "license_file": row.get("license_file"),
            "license_first_line": first_line,
            "code_license": None if is_content_licence(licence) else licence,
            "readme_title": row.get("readme_title"),
            "arxiv_ids": papers,
            "hf_datasets": datasets,
            "readme_links": links,
            "first_commit_date_in_snapshot": row.get("first_commit_date_in_snapshot"),
            "commits_in_snapshot": row.get("commits_in_snapshot"),
        },
    )


_CONTENT_LICENCE = re.compile(
    r"creative\s*commons|\bcc[-\s]?(by|0)|attribution|open data commons|\bodc|\bcdla|"
    r"community data license",
    re.IGNORECASE,
)


def is_content_licence(licence: str | None) -> bool:
    """A licence written for data or content rather than software."""
    return bool(licence and _CONTENT_LICENCE.search(licence))


def _licence_name(first_line: Any) -> str | None:
    """The licence file's first line when it names a licence ("MIT License"), not a copyright
    notice or a link (OpenCompass and Llama start theirs that way)."""
    text = str(first_line or "").strip()
    return text if text and not text.lower().startswith(("copyright", "http")) else None


def readme_title(text: str) -> str | None:
    """The first `# ` heading outside fenced code (a `# comment` in a shell block is not one)."""
    fenced = False
    for line in text.splitlines():
        if line.strip().startswith(_FENCE):
            fenced = not fenced
        elif not fenced and (match := _H1.match(line)):
            return match.group(1)
    return None


def readme_links(text: str) -> list[str]:
    """Every arXiv paper and Hugging Face dataset or Space URL in a README, sorted."""
    return sorted({link.rstrip(".,;:") for link in _PAPER_OR_DATA_LINK.findall(text)})


# --- live: repository facts from the REST API ---------------------------------------------------


def _live_repo_payloads(fetcher: Fetcher) -> dict[str, bytes]:
    rows: list[dict[str, Any]] = []
    payloads: dict[str, bytes] = {}
    not_fetched: dict[str, str] = {}
    remaining: int | None = None  # API calls left this hour, from the last response
    reset = "unknown"
    for repo in TRACKED_REPOS:
        if remaining is not None and remaining < _API_CALLS_PER_REPO:
            not_fetched[repo] = f"GitHub API rate limit reached; it resets at epoch {reset}"
            continue
        head = fetcher.get(f"{API}/repos/{repo}/commits", params={"per_page": 1}).json()[0]
        listing = fetcher.get(f"{API}/repos/{repo}/contents", params={"ref": head["sha"]})
        if "x-ratelimit-remaining" in listing.headers:
            remaining = int(listing.headers["x-ratelimit-remaining"])
            reset = listing.headers.get("x-ratelimit-reset", reset)
        files = sorted(e["name"] for e in listing.json() if e.get("type") == "file")
        licence = next((f for f in files if _LICENCE_FILE.match(f)), None)
        readme = next((f for f in files if _README_FILE.match(f)), None)
        first_line = None
        if licence:
            text = fetcher.get_bytes(raw_url(repo, head["sha"], licence)).decode("utf-8", "replace")
            first_line = next((line.strip() for line in text.splitlines() if line.strip()), None)
        if readme:
            payloads[_readme_name(repo)] = fetcher.get_bytes(raw_url(repo, head["sha"], readme))
        rows.append(
            {
                "full_name": repo,
                "head_commit": head["sha"],
                "last_commit_date": head["commit"]["committer"]["date"],
                "top_level_files": len(files),
                "license_file": licence,
                "license_first_line": first_line,
            }
        )
    facts = {"note": "built live from the GitHub REST API", "repos": rows, NOT_FETCHED: not_fetched}
    payloads[FACTS] = json.dumps(facts).encode()
    return payloads


# --- awesome lists ------------------------------------------------------------------------------


def _awesome(awesome: AwesomeList, data: bytes) -> ChannelResult:
    result = ChannelResult()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        result.issues.append(ParseIssue(NAME, awesome.recording, f"not UTF-8 text: {exc}"))
        return result
    entries: dict[str, dict[str, Any]] = {}
    for entry in _list_entries(awesome, text):
        key = " ".join(entry["name"].lower().split())
        first = entries.setdefault(key, entry)
        if first is not entry:  # a list repeats a benchmark under several topics: one record
            first["sections"] = list(dict.fromkeys(first["sections"] + entry["sections"]))
            first["links"] = list(dict.fromkeys(first["links"] + entry["links"]))
            # Each table says something different (a focus, then a paragraph): keep the fullest.
            longer = entry["fields"].get("description", "")
            if len(longer) > len(first["fields"].get("description") or ""):
                first["fields"]["description"] = longer
    if not entries:
        result.issues.append(ParseIssue(NAME, awesome.recording, "no benchmark entries found"))
    for entry in entries.values():
        result.candidates.append(_list_candidate(awesome, entry))
    return result


def _list_entries(awesome: AwesomeList, text: str) -> list[dict[str, Any]]:
    """Entries in reading order: `### Name` blocks with bullet fields, and table rows."""
    entries: list[dict[str, Any]] = []
    section = subsection = ""
    header: list[str] | None = None
    block: dict[str, Any] | None = None
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith(_FENCE):
            fenced = not fenced
        if fenced:
            continue
        if heading := _HEADING.match(stripped):
            level, title = heading.groups()
            section, subsection = (title, "") if level == "##" else (section, title)
            header, block = None, None
            if level == "###" and _included(awesome, section):
                block = _new_entry(title, section, "", number)
                entries.append(block)
            continue
        if not _included(awesome, section):
            continue
        if stripped.startswith("|"):
            cells = _cells(stripped)
            if header is None:
                header = [c.lower() for c in cells]
            elif not all(set(c) <= set(":- ") for c in cells):
                row = _table_entry(header, cells, section, subsection, number)
                if row:
                    entries.append(row)
            continue
        header = None
        if block is not None:
            _add_block_line(block, stripped)
    # A `### ` heading that only introduces a table is a topic, not an entry.
    return [e for e in entries if e["from_table"] or e["fields"] or e["links"]]


def _included(awesome: AwesomeList, section: str) -> bool:
    return bool(section) and (awesome.sections is None or section in awesome.sections)


def _new_entry(name: str, section: str, subsection: str, line: int) -> dict[str, Any]:
    return {
        "name": name,
        "sections": [" / ".join(s for s in (section, subsection) if s)],  # the topic path
        "section": section,
        "line": line,
        "fields": {},
        "links": [],
        "from_table": False,
    }


def _add_block_line(block: dict[str, Any], line: str) -> None:
    if field := _FIELD.match(line):
        block["fields"][field["field"].strip().lower()] = field["value"].strip()
    urls = [_absolute(m["url"]) for m in _MD_LINK.finditer(line)]
    block["links"] = list(dict.fromkeys(block["links"] + urls))


def _table_entry(
    header: list[str], cells: list[str], section: str, subsection: str, line: int
) -> dict[str, Any] | None:
    row = dict(zip(header, cells, strict=False))
    name = _first(row, _NAME_COLUMNS)
    if not name:
        return None
    entry = _new_entry(_plain(name), section, subsection, line)
    entry["from_table"] = True
    entry["links"] = [_absolute(m["url"]) for m in _MD_LINK.finditer(_first(row, _LINK_COLUMNS))]
    entry["fields"] = {
        "organization": _plain(_first(row, _ORG_COLUMNS)),
        "description": _plain(_first(row, _TEXT_COLUMNS)),
        "topic": _plain(_first(row, _TOPIC_COLUMNS)),
        "year": _plain(row.get("year", "")),
    }
    return entry


# What a list entry's own description says the thing is, when that is software rather than a
# data set: "ARES is an automatic evaluation framework", "BERGEN: A benchmarking library",
# "Provides a platform for evaluating models". A "benchmark evaluation tool" (AgentBench) is a
# benchmark.
_SOFTWARE = re.compile(
    r"(?:(?:\S+\s+){1,4}is\s+(?:an?|the)\s+|\S+:\s+an?\s+|an?\s+|provides\s+an?\s+)"
    r"(?P<what>(?:[\w-]+\s+){0,6}?)(?P<noun>framework|toolkit|library|platform|tool|harness)\b",
    re.I,
)
_DATA_WORDS = re.compile(r"\b(?:benchmark|dataset|data set|leaderboard)\b", re.I)


def software_reason(description: str | None) -> str | None:
    """Why a list entry whose description calls it a framework, library, toolkit, platform or
    tool is not a benchmark, or None."""
    found = _SOFTWARE.match(description or "")
    if found is None or _DATA_WORDS.search(found["what"]):
        return None
    noun = found["noun"].lower()
    return f"software, not a benchmark: an evaluation {noun} (its list entry: {found[0]!r})"


def _list_candidate(awesome: AwesomeList, entry: dict[str, Any]) -> BenchmarkCandidate:
    fields = entry["fields"]
    source = _MD_LINK.search(fields.get("source", ""))
    links = list(dict.fromkeys(([_absolute(source["url"])] if source else []) + entry["links"]))
    paper = next((p for link in links if (p := arxiv_id(link))), None)
    method = entry["section"] in awesome.methods
    description = fields.get("description") or fields.get("abstract") or None
    software = None if method else software_reason(description)
    topics = [s.rsplit(" / ", 1)[-1] for s in entry["sections"]]
    return BenchmarkCandidate(
        channel=NAME,
        source_key=f"list:{awesome.repo}#{entry['name']}",
        source_name=entry["name"],
        source_url=f"{blob_url(awesome.repo, awesome.commit, awesome.path)}#L{entry['line']}",
        description=description,
        paper_url=arxiv_abs_url(paper) if paper else (source["url"] if source else None),
        arxiv_id=paper,
        hf_dataset=next((d for link in links if (d := hf_dataset(link))), None),
        github_url=next((g for link in links if (g := github_repo_url(link))), None),
        capability_hints=tuple(dict.fromkeys(t for t in [*topics, fields.get("topic")] if t)),
        is_benchmark=not (method or software),
        not_benchmark_reason=(
            f"listed under '{entry['section']}': an evaluation method, not a benchmark"
            if method
            else software
        ),
        extra={
            "list": awesome.repo,
            "sections": entry["sections"],
            "links": links,
            "organization": fields.get("organization") or None,
            "year": fields.get("year") or None,
        },
    )


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _first(row: dict[str, str], columns: tuple[str, ...]) -> str:
    return next((row[c] for c in columns if row.get(c)), "")


def _plain(cell: str) -> str:
    """A table cell's text: links reduced to their text, emphasis and extra spaces removed."""
    text = _MD_LINK.sub(lambda m: m["text"], cell).replace("**", "")
    return " ".join(text.split())


def _absolute(url: str) -> str:
    # Awesome-LLM-Eval writes some links without a scheme ("github.com/microsoft/SmartPlay").
    return url if "://" in url else f"https://{url.lstrip('/')}"


CHANNEL = Channel(
    name=NAME,
    title="GitHub benchmark repositories and awesome lists",
    kind="code_host",
    homepage="https://github.com/",
    recording_dir="github-repos",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        "raw GitHub for lists and READMEs (pinned); REST API for repository facts: 2 calls per "
        "repository, 60/h unauthenticated, stops at X-RateLimit-Remaining 0, ETag revalidation"
    ),
)
