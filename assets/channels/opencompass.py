"""OpenCompass: its dataset index, its dataset id mapping, and the dataset configs it ships.

Live: three reads of open-compass/opencompass, pinned to commit a5acc4bb (the recording's):
- `dataset-index.yml` from raw GitHub (one GET, recorded verbatim): the curated list behind the
  docs' dataset page, one single-key map per dataset {name, category, paper, configpath}.
- `opencompass/utils/datasets_info.py` from raw GitHub (one GET): its literal dicts
  DATASETS_MAPPING ("opencompass/<id>" -> {ms_id, hf_id, local}) and DATASETS_URL are read with
  `ast.literal_eval` (no code runs) into the recorded `datasets_info_mapping.json` shape.
- the repository tarball from codeload.github.com (one GET of some tens of MB): every
  `dict(abbr=..., type=..., path=...)` literal under `opencompass/configs/datasets/` is read
  statically into the recorded `dataset_configs_extracted.json` shape; a value built at run time
  is kept as `<fstring:…>`, `<expr:…>` or `<var:…>`.
Neither host is API-rate-limited; the Fetcher's per-host pause keeps the reads polite. In replay
the two derived files are read from disk and only the index goes through HTTP.

Records: every index entry; every distinct literal config `abbr` (the name a run reports); and
every config whose name is built at run time, flagged as not a benchmark because the static
extraction cannot say which benchmarks it makes. Config paths resolve to Hugging Face ids through
DATASETS_MAPPING; OpenCompass publishes no scores here.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tarfile
from collections import defaultdict
from typing import Any

import yaml

from assets.channels._frameworks import blob_url, is_replay, raw_url
from assets.channels._weblinks import arxiv_id, github_repo_url, hf_dataset
from benchhub.channel import Channel, Payloads, Source
from benchhub.http import Fetcher
from benchhub.records import BenchmarkCandidate, ChannelResult, ParseIssue

NAME = "opencompass"
REPO = "open-compass/opencompass"
COMMIT = "a5acc4bba3b658f151617a3b393602110fb7a740"
INDEX = "dataset-index.yml"
MAPPING = "datasets_info_mapping.json"
CONFIGS = "dataset_configs_extracted.json"
CONFIG_ROOT = "opencompass/configs/datasets/"
TARBALL_URL = f"https://codeload.github.com/{REPO}/tar.gz/{COMMIT}"
SITE = "https://opencompass.org.cn/"

# Keys of a config dict that the extraction keeps; the rest (reader, infer, eval) is run logic.
_CONFIG_KEYS = ("abbr", "type", "path", "name", "subset", "local_mode")
_PLACEHOLDER = re.compile(r"^<(fstring|expr|var):")
_HF_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
_LOCAL_PREFIXES = ("./", "../", "/", "data/", "opencompass/")
# HFDataset is OpenCompass's thin wrapper over `datasets.load_dataset(path, name)`, so its bare
# paths ("glue", "wikitext") are Hub ids; "json"/"csv" are load_dataset's file builders.
_HF_LOADER = "HFDataset"
_FILE_BUILDERS = frozenset({"json", "csv", "text", "parquet"})


def sources() -> list[Source]:
    return [
        Source(INDEX, raw_url(REPO, COMMIT, INDEX), INDEX),
        Source(
            MAPPING,
            raw_url(REPO, COMMIT, "opencompass/utils/datasets_info.py"),
            MAPPING,
            exact=False,
        ),
        Source(CONFIGS, TARBALL_URL, CONFIGS, exact=False),
    ]


def fetch(fetcher: Fetcher, channel: Channel) -> dict[str, bytes]:
    by_name = {source.name: source for source in channel.sources()}
    payloads = {INDEX: fetcher.get_bytes(by_name[INDEX].url)}
    if is_replay(fetcher):  # the derived files come from disk
        return payloads
    info = fetcher.get_bytes(by_name[MAPPING].url).decode("utf-8")
    payloads[MAPPING] = json.dumps(_mapping_from_source(info)).encode()
    payloads[CONFIGS] = json.dumps(_configs_from_tarball(fetcher.get_bytes(TARBALL_URL))).encode()
    return payloads


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    mapping = _load_json(payloads, MAPPING, "DATASETS_MAPPING", result)
    configs = _load_json(payloads, CONFIGS, "records", result)
    datasets = mapping or {}
    records = _config_records(configs or [], result)
    by_dir: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        by_dir[record["file"].rsplit("/", 1)[0]].append(record)
    result.extend(_index_candidates(payloads.get(INDEX), by_dir, datasets))
    result.extend(_config_candidates(records, datasets))
    return result


# --- dataset-index.yml -------------------------------------------------------------------------


def _index_candidates(
    data: bytes | None, by_dir: dict[str, list[dict[str, Any]]], datasets: dict[str, Any]
) -> ChannelResult:
    result = ChannelResult()
    try:
        entries = yaml.safe_load(data or b"")
    except yaml.YAMLError as exc:
        result.issues.append(ParseIssue(NAME, INDEX, f"unreadable YAML: {exc}"))
        return result
    if not isinstance(entries, list):
        result.issues.append(ParseIssue(NAME, INDEX, "not a list of datasets"))
        return result
    seen: dict[str, int] = defaultdict(int)
    for position, entry in enumerate(entries):
        where = f"{INDEX}#{position}"
        if not (isinstance(entry, dict) and len(entry) == 1):
            result.issues.append(ParseIssue(NAME, where, "expected a single-key map per dataset"))
            continue
        ((key, fields),) = entry.items()
        if not isinstance(fields, dict) or not fields.get("name"):
            result.issues.append(ParseIssue(NAME, f"{where} ({key})", "dataset has no name"))
            continue
        seen[str(key)] += 1
        # The file repeats the key `humaneval_multi` for HumanEval+; both records are real, so
        # a repeated key gets a "#2" suffix instead of overwriting the first record.
        source_key = f"index:{key}" if seen[str(key)] == 1 else f"index:{key}#{seen[str(key)]}"
        result.candidates.append(_index_candidate(source_key, fields, by_dir, datasets))
    return result


def _index_candidate(
    source_key: str,
    fields: dict[str, Any],
    by_dir: dict[str, list[dict[str, Any]]],
    datasets: dict[str, Any],
) -> BenchmarkCandidate:
    paper = str(fields.get("paper") or "").strip() or None
    category = str(fields.get("category") or "").strip()
    configpaths = _as_list(fields.get("configpath"))
    # A config file usually just imports its hashed sibling, so the whole folder is the dataset.
    folders = {p.rstrip("/") if not p.endswith(".py") else p.rsplit("/", 1)[0] for p in configpaths}
    hub_ids = sorted(
        {
            hf
            for folder in folders
            for record in by_dir.get(folder, [])
            if (hf := _dataset_ids(record, datasets)[0])
        }
    )
    # the configs in its folders (AdvGLUE's `adv_sst2` .. `adv_rte`), when there are several
    # and the folders are below the shared datasets root: a record's tasks when no other channel
    # knows them (PromptBench's folder runs SQuAD 2.0 and WNLI; benchhub/crosswalk/parents.py)
    tasks = sorted(
        {
            str(record["abbr"])
            for folder in folders
            if folder.startswith(CONFIG_ROOT) and folder.removeprefix(CONFIG_ROOT).strip("/")
            for record in by_dir.get(folder, [])
            if not _PLACEHOLDER.match(str(record["abbr"]))
        }
    )
    github = github_repo_url(paper)
    paper_hf = hf_dataset(paper)
    return BenchmarkCandidate(
        channel=NAME,
        source_key=source_key,
        source_name=str(fields["name"]),
        source_url=blob_url(REPO, COMMIT, INDEX),
        paper_url=paper if paper and not (github or paper_hf) else None,
        arxiv_id=arxiv_id(paper),
        hf_dataset=paper_hf or (hub_ids[0] if len(hub_ids) == 1 else None),
        github_url=github,
        capability_hints=tuple(part.strip() for part in category.split("/") if part.strip()),
        extra={
            "category": category,
            "paper_field": paper,
            "configpath": configpaths,
            "configpath_llmjudge": _as_list(fields.get("configpath_llmjudge")),
            "config_hf_datasets": hub_ids,
            **({"configs": tasks} if len(tasks) > 1 else {}),
        },
    )


# --- dataset configs ----------------------------------------------------------------------------


def _config_records(configs: list[Any], result: ChannelResult) -> list[dict[str, Any]]:
    records = []
    for position, record in enumerate(configs):
        if not (isinstance(record, dict) and record.get("file") and record.get("abbr")):
            result.issues.append(
                ParseIssue(NAME, f"{CONFIGS}#records[{position}]", "config has no file or abbr")
            )
            continue
        records.append(record)
    return records


def _config_candidates(records: list[dict[str, Any]], datasets: dict[str, Any]) -> ChannelResult:
    result = ChannelResult()
    literal: dict[str, list[dict[str, Any]]] = defaultdict(list)
    runtime: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        abbr = str(record["abbr"])
        if _PLACEHOLDER.match(abbr):
            runtime.setdefault((record["file"], abbr), record)
        else:
            literal[abbr].append(record)
    for abbr, group in literal.items():
        result.candidates.append(_literal_candidate(abbr, group, datasets))
    for (file, abbr), record in runtime.items():
        # The dataset can still be literal ("glue" + "cola" behind f"CoLA-{_split}").
        hf, _ = _dataset_ids(record, datasets)
        result.candidates.append(
            BenchmarkCandidate(
                channel=NAME,
                source_key=f"config:{file}#{abbr}",
                source_name=abbr,
                source_url=blob_url(REPO, COMMIT, file),
                hf_dataset=hf,
                hf_config=_config_name(record) if hf else None,
                family=_family(file),
                is_benchmark=False,
                not_benchmark_reason=(
                    "config name is built at run time (f-string or expression); the static "
                    "extraction cannot say which benchmarks it makes"
                ),
                extra={"file": file, "type": record.get("type"), "path": record.get("path")},
            )
        )
    return result


def _literal_candidate(
    abbr: str, group: list[dict[str, Any]], datasets: dict[str, Any]
) -> BenchmarkCandidate:
    resolved = [_dataset_ids(record, datasets) for record in group]
    hub_ids = sorted({hf for hf, _ in resolved if hf})
    ms_ids = sorted({ms for _, ms in resolved if ms})
    configs = sorted({name for r in group if (name := _config_name(r))})
    files = sorted({r["file"] for r in group})
    return BenchmarkCandidate(
        channel=NAME,
        source_key=f"config:{abbr}",
        source_name=abbr,
        source_url=blob_url(REPO, COMMIT, files[0]),
        hf_dataset=hub_ids[0] if len(hub_ids) == 1 else None,
        hf_config=configs[0] if len(hub_ids) == 1 and len(configs) == 1 else None,
        family=_family(files[0]),
        extra={
            "files": files,
            "types": sorted({str(r["type"]) for r in group if r.get("type")}),
            "paths": sorted({str(r["path"]) for r in group if r.get("path") is not None}),
            "hf_datasets": hub_ids,
            "modelscope_datasets": ms_ids,
        },
    )


def _dataset_ids(record: dict[str, Any], datasets: dict[str, Any]) -> tuple[str | None, str | None]:
    """(Hugging Face id, ModelScope id) a config's `path` loads, where the config says so."""
    path = record.get("path")
    if not isinstance(path, str) or _PLACEHOLDER.match(path):
        return None, None
    if path in datasets:  # "opencompass/<id>": OpenCompass's own name, resolved by its mapping
        entry = datasets[path] or {}
        return entry.get("hf_id") or None, entry.get("ms_id") or None
    if _HF_ID.match(path) and not path.startswith(_LOCAL_PREFIXES):
        return path, None
    if record.get("type") == _HF_LOADER and path.isascii() and path.isidentifier():
        return (None, None) if path in _FILE_BUILDERS else (path, None)
    return None, None


def _config_name(record: dict[str, Any]) -> str | None:
    """The dataset config (`name`) a record loads, when it is written literally."""
    name = record.get("name")
    return None if name is None or _PLACEHOLDER.match(str(name)) else str(name)


def _family(file: str) -> str | None:
    """The dataset folder a config lives in ("…/datasets/ARC_c/ARC_c_gen.py" -> "ARC_c")."""
    rest = file.removeprefix(CONFIG_ROOT)
    return rest.split("/", 1)[0] if rest != file and "/" in rest else None


# --- shared ------------------------------------------------------------------------------------


def _load_json(payloads: Payloads, name: str, key: str, result: ChannelResult) -> Any:
    try:
        document = json.loads(payloads[name])
        value = document[key]
    except (KeyError, TypeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        result.issues.append(ParseIssue(NAME, name, f"unreadable file: {exc!r}"))
        return None
    for path, message in (document.get("unreadable_files") or {}).items():
        result.issues.append(ParseIssue(NAME, path, f"not read by the extraction: {message}"))
    return value


def _as_list(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value if v]
    return [str(value)] if value else []


# --- live extraction (mirrors how the recording was derived) ----------------------------------


def _mapping_from_source(source: str) -> dict[str, Any]:
    """DATASETS_MAPPING and DATASETS_URL, the two literal dicts of `datasets_info.py`."""
    found: dict[str, Any] = {"source": f"{REPO} opencompass/utils/datasets_info.py @ {COMMIT}"}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id in {"DATASETS_MAPPING", "DATASETS_URL"}:
                found[target.id] = ast.literal_eval(node.value)
    return found


def _configs_from_tarball(data: bytes) -> dict[str, Any]:
    records: list[dict[str, Any]] = []
    unreadable: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in archive:
            # Members are "<repo>-<commit>/<path>"; keep the path inside the repository.
            path = member.name.split("/", 1)[-1]
            if not (member.isfile() and path.startswith(CONFIG_ROOT) and path.endswith(".py")):
                continue
            handle = archive.extractfile(member)
            source = handle.read().decode("utf-8", errors="replace") if handle else ""
            try:
                records.extend(_config_dicts(path, source))
            except SyntaxError as exc:
                unreadable[path] = f"Python syntax error at line {exc.lineno}"
    records.sort(key=lambda r: r["file"])
    return {
        "source": f"{REPO} {CONFIG_ROOT}**/*.py @ {COMMIT} (dict literals, statically extracted)",
        "count": len(records),
        "records": records,
        "unreadable_files": unreadable,
    }


def _config_dicts(path: str, source: str) -> list[dict[str, Any]]:
    """Every `dict(abbr=..., type=... or path=...)` call in one config file, in source order."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        keywords = {k.arg: k.value for k in node.keywords if k.arg in _CONFIG_KEYS}
        if node.func.id != "dict" or "abbr" not in keywords:
            continue
        if "type" not in keywords and "path" not in keywords:
            continue
        record: dict[str, Any] = {"file": path}
        for key in _CONFIG_KEYS:
            if key in keywords:
                record[key] = _static_value(key, keywords[key], source)
        found.append((node.lineno, node.col_offset, record))
    return [record for *_, record in sorted(found, key=lambda item: item[:2])]


def _static_value(key: str, node: ast.expr, source: str) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if key == "type" and isinstance(node, ast.Name):
        return node.id  # a loader class: its name is the value
    if isinstance(node, ast.Name):
        return f"<var:{node.id}>"
    kind = "fstring" if isinstance(node, ast.JoinedStr) else "expr"
    return f"<{kind}:{ast.get_source_segment(source, node)}>"


CHANNEL = Channel(
    name=NAME,
    title="OpenCompass dataset index and configs",
    kind="framework",
    homepage=SITE,
    recording_dir="framework-opencompass",
    sources=sources,
    parse=parse,
    fetch=fetch,
    live_notes=(
        "raw GitHub: dataset-index.yml and opencompass/utils/datasets_info.py (pinned commit); "
        "codeload tarball of the same commit for the configs; no API calls, no pagination"
    ),
)
