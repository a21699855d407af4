"""OpenBench (Groq's evaluation framework): the benchmark metadata table it ships.

Live: one GET of `src/openbench/config.py` from raw GitHub at tag v0.5.3 (the PyPI release
recorded); every `"<id>": BenchmarkMetadata(...)` entry of its dict literals is read with `ast`
(keyword values through `ast.literal_eval`, no code runs) into the recorded
`openbench_benchmark_metadata.json` shape. raw.githubusercontent.com has no published quota; one
request a day is polite. In replay the derived file is read from disk.

Each entry is a runnable eval id with a display name, description, category and tags; `subtask`
marks a per-subset variant of an eval module (`mmmlu_de_de` of `openbench.evals.mmmlu`), whose
module becomes the family. OpenBench publishes no scores here, and no paper or dataset links.
"""

from __future__ import annotations

import ast
import json
from typing import Any

from assets.channels._frameworks import blob_url, is_replay, raw_url
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "openbench"
REPO = "groq/openbench"
REF = "v0.5.3"
CONFIG_PATH = "src/openbench/config.py"
METADATA = "openbench_benchmark_metadata.json"
SITE = "https://openbench.dev/"
_METADATA_CLASS = "BenchmarkMetadata"


def sources() -> list[Source]:
    return [Source(METADATA, raw_url(REPO, REF, CONFIG_PATH), METADATA, exact=False)]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    if is_replay(fetcher):  # the derived table comes from disk
        return {}
    config = fetcher.get_bytes(raw_url(REPO, REF, CONFIG_PATH)).decode("utf-8")
    return {METADATA: json.dumps(_metadata_from_source(config)).encode()}


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    try:
        document = json.loads(payloads[METADATA])
        benchmarks = document["benchmarks"]
        if not isinstance(benchmarks, dict):
            raise TypeError(f"benchmarks is a {type(benchmarks).__name__}, not an object")
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, METADATA, f"unreadable metadata table: {exc!r}"))
        return result
    for key, message in (document.get("unreadable_entries") or {}).items():
        result.issues.append(ParseIssue(NAME, f"{CONFIG_PATH}#{key}", message))
    for key, entry in benchmarks.items():
        if not (isinstance(entry, dict) and entry.get("name")):
            result.issues.append(ParseIssue(NAME, f"{METADATA}#{key}", "entry has no name"))
            continue
        result.candidates.append(_candidate(str(key), entry))
    return result


def _candidate(key: str, entry: dict[str, Any]) -> BenchmarkCandidate:
    module = str(entry.get("module_path") or "")
    category = str(entry.get("category") or "")
    tags = [str(tag) for tag in entry.get("tags") or []]
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=str(entry["name"]),
        source_url=blob_url(REPO, REF, CONFIG_PATH),
        description=entry.get("description") or None,
        capability_hints=tuple(t for t in dict.fromkeys([category, *tags]) if t),
        # A subtask's module is the eval it is a subset of ("openbench.evals.mmmlu" -> "mmmlu").
        family=module.rsplit(".", 1)[-1] if entry.get("subtask") and module else None,
        extra={
            "category": category,
            "module_path": module,
            "function_name": entry.get("function_name"),
            "subtask": bool(entry.get("subtask")),
            "is_alpha": entry.get("is_alpha"),  # absent in most entries: left unknown
        },
    )


def _metadata_from_source(source: str) -> dict[str, Any]:
    """Every `"<id>": BenchmarkMetadata(...)` in the module's dict literals, by id."""
    benchmarks: dict[str, Any] = {}
    unreadable: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        for key_node, value in zip(node.keys, node.values, strict=True):
            if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)):
                continue
            if not (isinstance(value, ast.Call) and _called_name(value) == _METADATA_CLASS):
                continue
            try:
                benchmarks[key_node.value] = {
                    kw.arg: ast.literal_eval(kw.value) for kw in value.keywords if kw.arg
                }
            except ValueError:
                unreadable[key_node.value] = f"entry at line {value.lineno} is not all literals"
    return {
        "source": f"{REPO} {CONFIG_PATH} @ {REF} ({_METADATA_CLASS} literal entries)",
        "count": len(benchmarks),
        "benchmarks": benchmarks,
        "unreadable_entries": unreadable,
    }


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


CHANNEL = Channel(
    name=NAME,
    title="OpenBench benchmark metadata",
    kind="framework",
    homepage=SITE,
    recording_dir="framework-openbench",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes="one GET of src/openbench/config.py (raw GitHub, tag v0.5.3); no pagination",
)
