"""Harbor (harborframework.com): which benchmarks Harbor can run, and its adapters' parity scores.

Three kinds of record, each saying Harbor can run a benchmark:
- registry datasets (`harbor run -d name@version`): Harbor's legacy `registry.json`, a list of
  {name, version, description, tasks[{name, git_url, git_commit_id, path}]}. The canonical file
  (raw.githubusercontent.com/laude-institute/harbor/main/registry.json, harbor's
  DEFAULT_REGISTRY_URL, > 4 MiB) is not reachable here; the channel reads a verbatim third-party
  copy pinned to one commit (sjarmak/CodeContextBench_Dashboard), one GET, which repeats entries:
  the first copy of each (name, version) wins and the others are counted. Harbor now publishes
  datasets to its Hub as `dataset.toml` manifests ([dataset] name "org/name", version,
  description, keywords; [[tasks]] name, digest); a payload named `*.toml` is read in that shape.
- adapters (github.com/harbor-framework/adapters, `src/<benchmark>/`): code that converts a
  benchmark into Harbor tasks. Live: two REST API calls (the head commit of `main`, then the
  contents of `src` at it) out of the 60 an hour GitHub allows without a token, built into the
  recorded listing shape. In replay the listing is read from disk.
- parity rows: the adapters' READMEs compare the original benchmark's score with the adapted
  one for one agent and model. The rows are a hand transcription of two READMEs (values kept as
  strings); no endpoint serves them, so both modes read the bundled transcription. Each cell is a
  third-party score: the adapter authors ran both sides.
"""

from __future__ import annotations

import json
import tomllib
from collections import defaultdict
from typing import Any

from assets.channels._frameworks import blob_url, is_replay, raw_url
from assets.channels._weblinks import arxiv_abs_url, arxiv_id, hf_dataset
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue, ScoreObservation
from benchhub.values import ValueFormatError, parse_value

NAME = "harbor"
SITE = "https://harborframework.com/"
ADAPTERS_REPO = "harbor-framework/adapters"
REGISTRY_REPO = "sjarmak/CodeContextBench_Dashboard"
REGISTRY_COMMIT = "687b1f01da6c0a3978b8f3dfe6b67f3b5a310d00"
REGISTRY_PATH = "configs/harbor/registry.json"
HUB = "https://hub.harborframework.com/datasets"

REGISTRY = "registry.json"
LISTING = "harbor_adapters_listing.json"
PARITY = "harbor_adapter_parity_rows_transcribed.json"

# Registry datasets that exist to check an installation, not to measure a model.
NOT_BENCHMARKS = {"hello-world": "a single debugging task (Harbor's smoke test), not a benchmark"}
# Parity columns: which implementation of the benchmark produced the number.
_PARITY_HARNESSES = {
    "original_benchmark_performance": "original",  # the benchmark's own code
    "tb_adapter_performance": "terminal-bench",  # the earlier Terminal-Bench adapter
    "harbor_adapter_performance": "harbor",
}
_PUBLISHER = "Harbor adapter authors (harbor-framework/adapters)"


def sources() -> list[Source]:
    return [
        Source(
            REGISTRY,
            raw_url(REGISTRY_REPO, REGISTRY_COMMIT, REGISTRY_PATH),
            "harbor_registry_codecontextbench-dashboard-copy.json",
        ),
        Source(
            LISTING,
            f"https://api.github.com/repos/{ADAPTERS_REPO}/contents/src",
            LISTING,
            exact=False,
        ),
        Source(PARITY, f"https://github.com/{ADAPTERS_REPO}/tree/main/src", PARITY, exact=False),
    ]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    by_name = {source.name: source for source in channel.sources()}
    payloads = {REGISTRY: fetcher.get_bytes(by_name[REGISTRY].url)}
    if is_replay(fetcher):  # the listing and the transcription come from disk
        return payloads
    head = json.loads(
        fetcher.get_bytes(f"https://api.github.com/repos/{ADAPTERS_REPO}/commits/main")
    )
    entries = json.loads(fetcher.get_bytes(by_name[LISTING].url, params={"ref": head["sha"]}))
    adapters = [
        {
            "adapter_dir": e["name"],
            "readme_path": f"src/{e['name']}/README.md",
            "commit": head["sha"],
        }
        for e in entries
        if e.get("type") == "dir"
    ]
    payloads[LISTING] = json.dumps(
        {
            "source": f"{ADAPTERS_REPO} src/ @ {head['sha']}",
            "count": len(adapters),
            "adapters": adapters,
        }
    ).encode()
    payloads[PARITY] = channel.recording_path(by_name[PARITY].recording).read_bytes()
    return payloads


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    for name in sorted(payloads):
        if name.endswith(REGISTRY):  # "registry.json", or another copy of it
            result.extend(_registry(name, payloads[name]))
        elif name.endswith(".toml"):
            result.extend(_manifest(name, payloads[name]))
    rows = _parity_rows(payloads.get(PARITY), result)
    result.extend(_adapters(payloads.get(LISTING), rows))
    for position, row in enumerate(rows):
        result.extend(_parity_scores(position, row))
    return result


# --- registry: legacy registry.json and Hub dataset.toml -----------------------------------------


def _registry(name: str, data: bytes) -> ChannelResult:
    result = ChannelResult()
    try:
        entries = json.loads(data)
        if not isinstance(entries, list):
            raise TypeError(f"expected a list of datasets, got {type(entries).__name__}")
    except (TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, name, f"unreadable registry: {exc!r}"))
        return result
    copies: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for position, entry in enumerate(entries):
        if not (
            isinstance(entry, dict) and entry.get("name") and isinstance(entry.get("tasks"), list)
        ):
            result.issues.append(
                ParseIssue(NAME, f"{name}[{position}]", "dataset without name or tasks")
            )
            continue
        copies[(str(entry["name"]), str(entry.get("version") or "latest"))].append(entry)
    for (dataset, version), group in copies.items():
        first = group[0]
        tasks = first["tasks"]
        result.candidates.append(
            _registry_candidate(
                dataset,
                version,
                description=first.get("description"),
                n_tasks=len(tasks),
                source_url=blob_url(REGISTRY_REPO, REGISTRY_COMMIT, REGISTRY_PATH),
                extra={
                    "format": "registry.json",
                    "git_urls": sorted({str(t["git_url"]) for t in tasks if t.get("git_url")}),
                    "metrics": first.get("metrics"),
                    "copies": len(group),
                    # A repeated entry that differs (compilebench pins other task commits) is
                    # counted, not merged: the first copy is the record.
                    "conflicting_copies": sum(1 for other in group[1:] if other != first),
                },
            )
        )
    return result


def _manifest(name: str, data: bytes) -> ChannelResult:
    result = ChannelResult()
    try:
        manifest = tomllib.loads(data.decode("utf-8"))
        dataset = manifest["dataset"]
        dataset_name = str(dataset["name"])
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, KeyError, TypeError) as exc:
        result.issues.append(ParseIssue(NAME, name, f"unreadable dataset.toml: {exc!r}"))
        return result
    version = str(dataset.get("version") or "latest")
    tasks = manifest.get("tasks") or []
    result.candidates.append(
        _registry_candidate(
            dataset_name,
            version,
            description=dataset.get("description"),
            n_tasks=len(tasks),
            source_url=f"{HUB}/{dataset_name}/{version}",
            hints=tuple(str(k) for k in dataset.get("keywords") or []),
            extra={
                "format": "dataset.toml",
                "authors": [
                    a.get("name") for a in dataset.get("authors") or [] if isinstance(a, dict)
                ],
                "metadata": manifest.get("metadata") or {},
            },
        )
    )
    return result


def _registry_candidate(
    dataset: str,
    version: str,
    *,
    description: Any,
    n_tasks: int,
    source_url: str,
    extra: dict[str, Any],
    hints: tuple[str, ...] = (),
) -> BenchmarkCandidate:
    short_name = dataset.rsplit("/", 1)[-1]
    reason = NOT_BENCHMARKS.get(short_name)
    return BenchmarkCandidate(
        channel=NAME,
        source_key=f"registry:{dataset}@{version}",
        source_name=dataset,
        source_url=source_url,
        description=(str(description).strip() or None) if description else None,
        sample_count=n_tasks or None,  # one Harbor task per benchmark item
        capability_hints=hints,
        harbor="registry",
        is_benchmark=reason is None,
        not_benchmark_reason=reason,
        extra={"version": version, "n_tasks": n_tasks, **extra},
    )


# --- adapters and their parity rows -------------------------------------------------------------


def _parity_rows(data: bytes | None, result: ChannelResult) -> list[dict[str, Any]]:
    if data is None:
        return []
    try:
        rows = json.loads(data)["rows"]
        if not isinstance(rows, list):
            raise TypeError("rows is not a list")
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, PARITY, f"unreadable parity rows: {exc!r}"))
        return []
    return [row for row in rows if isinstance(row, dict)]


def _adapters(data: bytes | None, rows: list[dict[str, Any]]) -> ChannelResult:
    result = ChannelResult()
    if data is None:
        return result
    try:
        adapters = json.loads(data)["adapters"]
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, LISTING, f"unreadable adapter listing: {exc!r}"))
        return result
    # The parity transcription also carries what a README declares about the adapted benchmark.
    declared = {row["adapter"]: row for row in rows if row.get("readme_declared_license")}
    for position, adapter in enumerate(adapters):
        try:
            folder, commit = str(adapter["adapter_dir"]), str(adapter["commit"])
        except (KeyError, TypeError):
            result.issues.append(
                ParseIssue(NAME, f"{LISTING}#adapters[{position}]", "no adapter_dir")
            )
            continue
        provenance = declared.get(folder, {})
        links = [str(link) for link in provenance.get("readme_provenance") or []]
        paper = next((arxiv_id(link) for link in links if arxiv_id(link)), None)
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=f"adapter:{folder}",
                source_name=folder,
                source_url=f"https://github.com/{ADAPTERS_REPO}/tree/{commit}/src/{folder}",
                paper_url=arxiv_abs_url(paper) if paper else None,
                arxiv_id=paper,
                hf_dataset=next((hf_dataset(link) for link in links if hf_dataset(link)), None),
                harbor="adapter",
                extra={
                    "readme": blob_url(ADAPTERS_REPO, commit, f"src/{folder}/README.md"),
                    "readme_note": provenance.get("note_in_readme"),
                    # what the adapter's README says the benchmark's licence is: a third
                    # party's restatement, not the data set's own, so not its licence fact
                    "license_stated_by_adapter": provenance.get("readme_declared_license"),
                },
            )
        )
    return result


def _parity_scores(position: int, row: dict[str, Any]) -> ChannelResult:
    result = ChannelResult()
    where = f"{PARITY}#rows[{position}]"
    adapter, model = row.get("adapter"), row.get("model")
    readme, _, commit = str(row.get("source") or "").partition("@")
    if not (adapter and model and readme and commit):
        result.issues.append(ParseIssue(NAME, where, "parity row without adapter, model or source"))
        return result
    agent = str(row.get("agent") or "")
    scaffold, _, scaffold_version = agent.partition("@")
    settings = {
        "scaffold": scaffold or None,
        "scaffold_version": scaffold_version or None,
        "runs": row.get("number_of_trials", row.get("number_of_runs")),
        "subset": row.get("dataset_size"),
        "parity_step": row.get("step"),
    }
    for column, harness in _PARITY_HARNESSES.items():
        raw = row.get(column)
        if raw is None:
            continue
        try:
            parsed = parse_value(raw, "percent")
        except ValueFormatError as exc:
            result.issues.append(ParseIssue(NAME, f"{where}.{column}", str(exc)))
            continue
        result.scores.append(
            ScoreObservation(
                channel=NAME,
                benchmark_key=f"adapter:{adapter}",
                benchmark_name=str(adapter),
                model_name=str(model),
                value=parsed.value,
                scale=parsed.scale,
                raw_value=str(raw),
                source_url=blob_url(ADAPTERS_REPO, commit, readme),
                relationship="third_party",
                metric=row.get("metric"),
                publisher=_PUBLISHER,
                stderr=parsed.stderr,  # the template defines "±" as the standard error of the mean
                harness=harness,
                settings={k: v for k, v in settings.items() if v is not None},
            )
        )
    return result


CHANNEL = Channel(
    name=NAME,
    title="Harbor registry, adapters and parity scores",
    kind="framework",
    homepage=SITE,
    recording_dir="framework-harbor",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        "registry: one GET of a pinned raw GitHub copy of registry.json; adapters: 2 GitHub REST "
        "calls (60/h unauthenticated; ETag revalidation by the Fetcher); parity rows: bundled"
    ),
)
