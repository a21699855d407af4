"""Epoch AI Benchmarking Hub: Epoch's own evaluation runs plus its curated third-party scores.

Live: the CSV files in `data/` of github.com/epoch-research/benchmark-stitching, fetched from
GitHub raw pinned to commit f87d3cc8 (the Capabilities Index from `data/website/` at 07356c21,
the last commit that has it). One GET per file (41 files), no pagination; GitHub raw allows
unauthenticated reads at a modest rate, so the fetcher's per-host pause keeps a run polite.

What the files say:
- `benchmarks_runs.csv`: Epoch's own Inspect runs. One score per run (several runs may exist
  for one model and task), the best over the run's scorers as a fraction, with the stderr of
  that scorer from the `Scores` cell ("choice:0.85±0.02"). The model version carries Epoch's
  settings suffix: `gpt-5.1_high` (reasoning effort) or `claude-sonnet-4-20250514_32K`
  (thinking budget as Epoch rounds it); the name is kept as spelled and the suffix is also
  put in `settings`. Source URL: the run's log viewer, else its log file, else its CI job,
  else the CSV itself (five manual or private runs publish no link).
- `external_benchmark_<name>.csv` (37 files): scores Epoch copied from leaderboards, papers
  and vendor reports, each with `Source` and `Source link`. Every file has its own columns, so
  `_EXTERNAL` below says which columns are scores (a file may publish several, e.g. one per
  subset, attempt budget or context length) and which are settings. Values are mostly
  "64.5%" strings. Rows with no source link become ParseIssues (a score must carry its URL).
- `benchmark_optim.csv`: Epoch's own benchmark names, release dates and reference links,
  matched to the files by normalised name.
- `model_versions.csv`, `epoch_capabilities_index.csv`: the model's developer (`Organization`
  from the Capabilities Index, else the Hugging Face developer id). The Capabilities Index is
  an estimate stitched from many benchmarks, so it is kept as a non-benchmark candidate and its
  values are not emitted as scores.

Relationship rule: Epoch's runs are third_party. An external row is first_party when its
`Source` is a report by a model developer (`_DEVELOPER_REPORTS`, matched on the title) and the
row's model comes from that developer; the model's developer is read from the organisation
columns above, or, when neither knows the model, from its family name (the one developer
table, benchhub/crosswalk/developers.py).
Everything else (leaderboards, benchmark papers, a vendor's numbers for a competitor) is
third_party.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from assets.channels._frameworks import raw_url
from assets.channels._tabular import Row, TableError, read_rows
from benchhub.channel import Channel, Payloads, Source
from benchhub.crosswalk.developers import developer_of_model, developers_in
from benchhub.records import (
    BenchmarkCandidate,
    ChannelResult,
    ParseIssue,
    Relationship,
    Scale,
    ScoreObservation,
)
from benchhub.values import ValueFormatError, parse_value, try_parse_value

NAME = "epoch_ai"
REPO = "epoch-research/benchmark-stitching"
COMMIT = "f87d3cc8e8a8f8471be475ebce58fb9a73b4e756"
ECI_COMMIT = "07356c2106015f283c23a1f2478ea9e654a9f24f"  # the file was removed after this one
HUB = "https://epoch.ai/benchmarks"
PUBLISHER = "Epoch AI"

RUNS = "benchmarks_runs.csv"
OPTIM = "benchmark_optim.csv"
MODEL_VERSIONS = "model_versions.csv"
ECI = "epoch_capabilities_index.csv"


@dataclass(frozen=True, slots=True)
class _Measure:
    """One score column of an external file."""

    column: str
    metric: str
    scale: Scale = "percent"  # for a bare number; a trailing "%" always reads as percent
    settings: Mapping[str, Any] = field(default_factory=dict)  # what this column measures
    stderr: str | None = None  # the column holding its standard error
    interval: tuple[str, str] | None = None  # the columns holding its (low, high) interval


@dataclass(frozen=True, slots=True)
class _ExternalFile:
    measures: tuple[_Measure, ...]
    settings: Mapping[str, str] = field(default_factory=dict)  # column -> settings key
    date_column: str | None = None  # d/m/yyyy
    link_column: str = "Source link"
    # Where the model is named, best first: Epoch's model version id, else the display name.
    model_columns: tuple[str, ...] = ("Model version", "Name", "Model", "Agent")


_SHOTS = {"Shots": "shots"}


def _subsets(
    template: str, names: Iterable[str], metric: str, key: str = "subset", **extra: Any
) -> tuple[_Measure, ...]:
    return tuple(
        _Measure(template.format(name), metric, settings={key: name}, **extra) for name in names
    )


def _videomme() -> tuple[_Measure, ...]:
    measures = []
    for subtitles in (False, True):
        label = "with subtitles" if subtitles else "no subtitles"
        for subset in ("Overall", "Short videos", "Medium videos", "Long videos"):
            settings: dict[str, Any] = {"subtitles": subtitles}
            if subset != "Overall":
                settings["subset"] = subset.split()[0].lower()
            measures.append(_Measure(f"{subset} ({label})", "accuracy", settings=settings))
    return tuple(measures)


_BALROG_ENVS = ("BabyAI", "Crafter", "TextWorld", "BabalsAI", "MiniHack", "NetHack")
_GEOBENCH_SETS = ("ACW", "AVW", "Rural", "Urban", "Photos")
_FICTION_CONTEXTS = ("0", "400", "1k", "2k", "4k", "8k", "16k", "32k", "60k", "120k", "192k")

# The score columns and setting columns of each external file, read from their headers.
_EXTERNAL: dict[str, _ExternalFile] = {
    "aider_polyglot": _ExternalFile(
        # Aider's "percent correct" is its pass rate after the second attempt (pass_rate_2).
        (_Measure("Percent correct", "percent correct", settings={"attempts": 2}),),
        {"Edit format": "edit_format"},
    ),
    "anli": _ExternalFile(
        (_Measure("Score", "accuracy"), *_subsets("{}", ("R1", "R2", "R3"), "accuracy")),
        _SHOTS,
    ),
    "arc_agi": _ExternalFile((_Measure("Score", "score"),)),
    "arc_ai2": _ExternalFile(
        (
            _Measure("Challenge score", "accuracy", settings={"subset": "Challenge"}),
            _Measure("Easy score", "accuracy", settings={"subset": "Easy"}),
        ),
        _SHOTS,
    ),
    "balrog": _ExternalFile(
        (
            _Measure("Average progress", "progress", stderr="Average Standard error"),
            *(
                _Measure(
                    f"{env} progress",
                    "progress",
                    settings={"subset": env},
                    stderr=f"{env} Standard error",
                )
                for env in _BALROG_ENVS
            ),
        ),
        date_column="Date added",
    ),
    "bbh": _ExternalFile((_Measure("Average", "accuracy"),), _SHOTS),
    "boolq": _ExternalFile((_Measure("Score", "accuracy"),), _SHOTS),
    "cadeval": _ExternalFile((_Measure("Overall pass (%)", "pass rate"),), {"Prompt": "prompt"}),
    "csqa2": _ExternalFile((_Measure("Score", "accuracy"),), _SHOTS),
    "cybench": _ExternalFile(
        (
            _Measure("Unguided % Solved", "% solved", settings={"mode": "unguided"}),
            _Measure("Subtask-Guided % Solved", "% solved", settings={"mode": "subtask-guided"}),
            _Measure("Subtasks % Solved", "% subtasks solved", settings={"mode": "subtask-guided"}),
        )
    ),
    "deepresearch": _ExternalFile((_Measure("Average score", "score"),), {"Agent": "agent"}),
    "factorio_learning_environment": _ExternalFile(
        (
            _Measure("Lab Success %", "lab success rate"),
            _Measure("Production score", "production score", scale="other"),
        ),
        {"Tools": "tools"},
        date_column="Date added",
        link_column="Source link (site from table)",
    ),
    "fictionlivebench": _ExternalFile(
        _subsets("{} token score", _FICTION_CONTEXTS, "accuracy", key="context_length")
    ),
    "geobench": _ExternalFile(
        (
            *_subsets("{} Country %", _GEOBENCH_SETS, "country accuracy"),
            *_subsets("{} Avg Score", _GEOBENCH_SETS, "average score", scale="other"),
        ),
        {"Tools": "tools"},
    ),
    "gsm8k": _ExternalFile((_Measure("EM", "exact match"),), _SHOTS),
    "gso_bench": _ExternalFile(
        (
            _Measure("Score OPT@1", "opt@k", settings={"attempts": 1}),
            _Measure("Score OPT@10", "opt@k", settings={"attempts": 10}),
        ),
        {"Scaffold": "scaffold"},
    ),
    "hellaswag": _ExternalFile((_Measure("Overall accuracy", "accuracy"),), _SHOTS),
    "lambada": _ExternalFile((_Measure("Score", "accuracy"),), _SHOTS),
    "lech_mazur_writing": _ExternalFile((_Measure("Mean score", "mean grade", scale="other"),)),
    "livebench": _ExternalFile(
        (
            _Measure("Global average", "average score"),
            *(
                _Measure(f"{category} average", "average score", settings={"subset": category})
                for category in ("Reasoning", "Coding", "Mathematics", "Data analysis")
            ),
            _Measure("Language average", "average score", settings={"subset": "Language"}),
            _Measure("IF Average", "average score", settings={"subset": "IF"}),
        ),
        {"LiveBench Version": "release"},
        model_columns=("Model version", "id"),  # `id` is LiveBench's own model key
    ),
    "mcbench": _ExternalFile(
        (_Measure("ELO", "elo", scale="elo"), _Measure("Win rate", "win rate"))
    ),
    "metr": _ExternalFile(
        (
            _Measure(
                "Time horizon",
                "50% time horizon (minutes)",
                scale="other",
                interval=("CI_low", "CI_high"),
            ),
            _Measure("average_score", "average score", scale="fraction"),
        )
    ),
    "mmlu": _ExternalFile((_Measure("EM", "exact match"),), _SHOTS),
    "openbookqa": _ExternalFile((_Measure("Accuracy", "accuracy"),), _SHOTS),
    "os_world": _ExternalFile(
        (_Measure("Score", "success rate"),), {"Agent": "scaffold"}, date_column="Date added"
    ),
    "osuniverse": _ExternalFile(
        (
            _Measure("Weighted Score", "weighted score"),
            *_subsets("{}", ("Paper", "Wood", "Bronze", "Silver", "Gold"), "success rate"),
        ),
        {"Agent": "scaffold"},
    ),
    "piqa": _ExternalFile((_Measure("Score", "accuracy"),), _SHOTS),
    "scienceqa": _ExternalFile((_Measure("Score", "accuracy"),), _SHOTS),
    "simple_bench": _ExternalFile(
        (_Measure("Score (AVG@5)", "accuracy", settings={"runs_averaged": 5}),),
        link_column="Source link (site from table)",
    ),
    "superglue": _ExternalFile((_Measure("Score", "score"),)),
    "terminal_bench": _ExternalFile(
        (_Measure("Accuracy mean", "accuracy", stderr="Accuracy SE"),), {"Agent": "scaffold"}
    ),
    "the_agent_company": _ExternalFile(
        (_Measure("% Resolved", "% resolved"), _Measure("% Score", "% score")),
        {"Environment model": "environment_model"},
        date_column="Date",
        link_column="Source link (site from table)",
    ),
    "triviaqa": _ExternalFile((_Measure("EM", "exact match"),), _SHOTS),
    "videomme": _ExternalFile(_videomme(), {"Frames": "frames"}),
    "vpct": _ExternalFile((_Measure("Correct", "accuracy"),)),
    "weirdml": _ExternalFile((_Measure("Accuracy", "accuracy"),)),
    "winogrande": _ExternalFile((_Measure("Accuracy", "accuracy"),), _SHOTS),
}
_EXTERNAL_FILE = "external_benchmark_{}.csv"
# benchmark_optim.csv names one benchmark differently from its file.
_OPTIM_NAME_OF_FILE = {"deepresearch": "DeepResearch Bench"}

# Reports written by a model developer, by title prefix (as Epoch spells the `Source`), and the
# developers that wrote them. A row from one of these is first_party for that developer's models.
_DEVELOPER_REPORTS: tuple[tuple[str, frozenset[str]], ...] = tuple(
    (title.lower(), frozenset(devs))
    for title, devs in (
        ("Baichuan 2", {"Baichuan"}),
        ("DeepSeek-V3 Technical Report", {"DeepSeek"}),
        ("Exploring the Limits of Transfer Learning", {"Google"}),
        ("Falcon2-11B Technical Report", {"TII"}),
        ("GLaM: Efficient Scaling", {"Google"}),
        ("GPT-4 Technical Report", {"OpenAI"}),
        ("Gemma: Open Models", {"Google", "DeepMind"}),  # Google DeepMind
        ("Inflection-1", {"Inflection AI"}),
        ("InternLM:", {"Shanghai AI Lab"}),
        ("LLaMA: Open and Efficient", {"Meta"}),
        ("Language Models are Few-Shot Learners", {"OpenAI"}),
        ("Llama 2:", {"Meta"}),
        ("Mixtral of Experts", {"Mistral AI"}),
        ("Model Card and Evaluations for Claude Models", {"Anthropic"}),
        ("Nemotron-4", {"NVIDIA"}),
        ("PaLM 2 Technical Report", {"Google"}),
        ("PaLM: Scaling Language Modeling", {"Google"}),
        ("Phi-3 Technical Report", {"Microsoft"}),
        ("Phi-4 Technical Report", {"Microsoft"}),
        ("Qwen Technical Report", {"Alibaba"}),
        ("Qwen2.5-Coder Technical Report", {"Alibaba"}),
        ("Releasing Claude Instant", {"Anthropic"}),
        ("Scaling Language Models: Methods, Analysis", {"DeepMind"}),  # Gopher
        ("Switch Transformers", {"Google"}),
        ("Textbooks Are All You Need II", {"Microsoft"}),
        ("The Claude 3 Model Family", {"Anthropic"}),
        ("The Falcon Series", {"TII"}),
        ("The Llama 3 Herd", {"Meta"}),
        ("Training Compute-Optimal", {"DeepMind"}),  # Chinchilla
        ("UNICORN on RAINBOW", {"AI2"}),
        ("Using DeepSpeed and Megatron", {"Microsoft", "NVIDIA"}),
        ("VisionLLM v2", {"Shanghai AI Lab"}),
        ("XGen-7B Technical Report", {"Salesforce"}),
        ("Yi: Open Foundation Models", {"01.AI"}),
    )
)
# Epoch's settings suffix on a model version: reasoning effort, thinking budget, thinking on.
_EFFORT_SUFFIX = re.compile(r"_(minimal|low|medium|high|xhigh)$")
_BUDGET_SUFFIX = re.compile(r"_(\d+[Kk])$")
_THINKING_SUFFIX = "_thinking"
# Inference hosts Epoch names as a prefix ("chutes/gpt-oss-120b_high").
_HOSTS = ("chutes", "deepinfra", "fireworks")
_SCORER = re.compile(r"([\w.-]+):([^,]+)")
_SHOT_COUNT = re.compile(r"^(\d+)(?:-shot)?$")


@dataclass(slots=True)
class _Models:
    """What the channel knows about a model version: who made it."""

    organisation: dict[str, str] = field(default_factory=dict)  # as the columns spell it

    def developer(self, model: str) -> str | None:
        return self.organisation.get(model) or self.organisation.get(_base_model(model))

    def developers(self, *names: str) -> frozenset[str]:
        """Our developer ids for the first of `names` anyone knows; family names as a fallback."""
        for name in names:
            if name and (org := self.developer(name)):
                return developers_in(org)
        for name in names:
            if name and (found := developer_of_model(_base_model(name))):
                return frozenset({found.name})
        return frozenset()


def sources() -> list[Source]:
    externals = [_EXTERNAL_FILE.format(stem) for stem in _EXTERNAL]
    return [Source(f, _url(f), f) for f in (RUNS, OPTIM, MODEL_VERSIONS, ECI, *externals)]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    models = _read_models(payloads, result)
    optim = _read_optim(payloads, result)
    _parse_runs(payloads, models, optim, result)
    for stem, spec in _EXTERNAL.items():
        _parse_external(stem, spec, payloads, models, optim, result)
    result.candidates.append(
        BenchmarkCandidate(
            channel=NAME,
            source_key="epoch_capabilities_index",
            source_name="Epoch Capabilities Index",
            source_url=_url(ECI),
            description="Epoch's model capability estimate stitched from many benchmarks",
            is_benchmark=False,
            not_benchmark_reason="a composite index estimated from other benchmarks' scores",
        )
    )
    return result


def _url(file: str) -> str:
    if file == ECI:
        return raw_url(REPO, ECI_COMMIT, f"data/website/{ECI}")
    return raw_url(REPO, COMMIT, f"data/{file}")


def _rows(
    payloads: Payloads, file: str, required: list[str], result: ChannelResult
) -> Iterable[Row] | None:
    """The file's records, or None (and an issue) when the payload is not that table."""
    try:
        _, rows = read_rows(payloads[file], required)
    except (KeyError, TableError) as exc:
        result.issues.append(ParseIssue(NAME, file, f"unreadable file: {exc}"))
        return None
    return rows


def _where(file: str, row: Row) -> str:
    record = row.get("id") or row.get("UUID") or row.get("ID")
    return f"{file}:{row.line}" + (f" ({record})" if record else "")


def _read_models(payloads: Payloads, result: ChannelResult) -> _Models:
    models = _Models()
    for row in _rows(payloads, MODEL_VERSIONS, ["id", "Hugging Face developer id"], result) or ():
        if (hf_org := row.get("Hugging Face developer id")) and row.get("id"):
            models.organisation[row.get("id")] = hf_org
    # The Capabilities Index spells the organisation out; it wins over the Hugging Face id.
    for row in _rows(payloads, ECI, ["Model version", "Organization"], result) or ():
        if (org := row.get("Organization")) and row.get("Model version"):
            models.organisation[row.get("Model version")] = org
    return models


@dataclass(frozen=True, slots=True)
class _Benchmark:
    name: str
    release_date: str | None
    reference: str | None
    hints: tuple[str, ...]
    optimized_for: bool


def _read_optim(payloads: Payloads, result: ChannelResult) -> dict[str, _Benchmark]:
    """Epoch's benchmark table, keyed by normalised name."""
    table = {}
    required = ["benchmark", "benchmark_release_date", "source"]
    for row in _rows(payloads, OPTIM, required, result) or ():
        hints = tuple(
            hint
            for hint, column in (("coding", "is_coding"), ("math", "is_math"))
            if row.get(column) == "TRUE"
        )
        released = row.get("benchmark_release_date").replace("/", "-") or None
        table[_norm(row.get("benchmark"))] = _Benchmark(
            name=row.get("benchmark"),
            release_date=released,
            reference=row.get("source") or None,
            hints=hints,
            optimized_for=row.get("optimized_for") == "TRUE",
        )
    return table


def _candidate(
    key: str, name: str, file: str, metric: str, info: _Benchmark | None
) -> BenchmarkCandidate:
    arxiv = _arxiv_id(info.reference) if info and info.reference else None
    extra: dict[str, Any] = {"file": file}
    if info:
        extra |= {"reference_url": info.reference, "labs_optimise_for_it": info.optimized_for}
    return BenchmarkCandidate(
        channel=NAME,
        source_key=key,
        source_name=info.name if info else name,
        source_url=_url(file),
        paper_url=f"https://arxiv.org/abs/{arxiv}" if arxiv else None,
        arxiv_id=arxiv,
        metric=metric,
        capability_hints=info.hints if info else (),
        release_date=info.release_date if info else None,
        extra=extra,
    )


def _parse_runs(
    payloads: Payloads, models: _Models, optim: dict[str, _Benchmark], result: ChannelResult
) -> None:
    metric = "accuracy (best across scorers)"
    tasks: dict[str, str] = {}  # task -> source key
    required = ["id", "task", "model", "Best score (across scorers)", "Scores", "started_at"]
    for row in _rows(payloads, RUNS, required, result) or ():
        where = _where(RUNS, row)
        task, model = row.get("task"), row.get("model")
        if not task or not model:
            result.issues.append(ParseIssue(NAME, where, "run without a task or model"))
            continue
        key = tasks.setdefault(task, f"runs/{task}")
        try:
            best = parse_value(row.get("Best score (across scorers)"), "fraction")
            reported_at = _run_date(row.get("started_at"))
        except ValueError as exc:  # ValueFormatError included
            result.issues.append(ParseIssue(NAME, where, f"unreadable run: {exc}"))
            continue
        scorer, stderr = _best_scorer(row.get("Scores"), best.value)
        settings = _model_settings(model)
        settings |= {"scorer": scorer} if scorer else {}
        if row.get("task version"):
            settings["task_version"] = row.get("task version")
        if row.get("Manual evaluation") == "checked":
            settings["manually_evaluated"] = True
        result.scores.append(
            ScoreObservation(
                channel=NAME,
                benchmark_key=key,
                benchmark_name=task,
                model_name=model,
                value=best.value,
                scale=best.scale,
                raw_value=row.get("Best score (across scorers)"),
                source_url=row.get("log viewer") or row.get("logs") or row.get("job") or _url(RUNS),
                relationship="third_party",
                metric=metric,
                model_developer=models.developer(model),
                publisher=PUBLISHER,
                stderr=stderr,
                harness="inspect_ai",
                settings=settings,
                reported_at=reported_at,
            )
        )
    for task, key in tasks.items():
        result.candidates.append(_candidate(key, task, RUNS, metric, optim.get(_norm(task))))


def _best_scorer(cell: str, best: float) -> tuple[str | None, float | None]:
    """The scorer whose (rounded) value is the best score, and its stderr.

    "choice:0.77±0.03,choice:0.8±0.02" with best 0.797 -> ("choice", 0.02). Epoch rounds the
    per-scorer values to two decimals, so the best is the highest one, within rounding.
    """
    readings = []
    for name, text in _SCORER.findall(cell):
        try:
            readings.append((name, parse_value(text, "fraction")))
        except ValueFormatError:
            continue
    if not readings:
        return None, None
    name, top = max(readings, key=lambda reading: reading[1].value)
    if abs(top.value - best) > 0.005 + 1e-9:
        return name, None
    return name, top.stderr


def _parse_external(
    stem: str,
    spec: _ExternalFile,
    payloads: Payloads,
    models: _Models,
    optim: dict[str, _Benchmark],
    result: ChannelResult,
) -> None:
    file = _EXTERNAL_FILE.format(stem)
    key = f"external/{stem}"
    info = optim.get(_norm(_OPTIM_NAME_OF_FILE.get(stem, stem)))
    candidate = _candidate(key, stem, file, spec.measures[0].metric, info)
    required = ["Model version", "Source", spec.link_column, *(m.column for m in spec.measures)]
    rows = _rows(payloads, file, required, result)
    if rows is None:
        return
    result.candidates.append(candidate)
    for row in rows:
        where = _where(file, row)
        try:
            result.scores.extend(_external_scores(row, spec, candidate, models))
        except ValueError as exc:  # ValueFormatError included
            result.issues.append(ParseIssue(NAME, where, str(exc)))


def _external_scores(
    row: Row, spec: _ExternalFile, candidate: BenchmarkCandidate, models: _Models
) -> list[ScoreObservation]:
    readings = []
    for measure in spec.measures:
        if (parsed := try_parse_value(row.get(measure.column), measure.scale)) is not None:
            readings.append((measure, parsed))
    if not readings:
        return []  # a placeholder row with no number in it
    model = next((row.get(c) for c in spec.model_columns if row.get(c)), "")
    if not model:
        raise ValueError(f"a score without a model name (Notes: {_notes(row)!r})")
    if model == row.get("Model version") and _says_base(row.get("Name")) and not _says_base(model):
        # "DeepSeek-V3 Base" filed under the line's version `DeepSeek-V3`: the base weights,
        # which the crosswalk places as a card's pre-trained table (docs/models.md)
        model = f"{model} Pretrained"
    link = row.get(spec.link_column)
    if not link:
        raise ValueError(f"a score without a source link (Source: {row.get('Source')!r})")
    source = row.get("Source")
    row_settings = _model_settings(model)
    for column, setting in spec.settings.items():
        if (cell := row.get(column)) and cell != "None":
            row_settings[setting] = _setting_value(cell)
    relationship = _relationship(source, models.developers(model, row.get("Name")))
    reported_at = _day_month_year(row.get(spec.date_column)) if spec.date_column else None
    scores = []
    for measure, parsed in readings:
        stderr, low, high = parsed.stderr, parsed.ci_low, parsed.ci_high
        if measure.stderr and (err := try_parse_value(row.get(measure.stderr), measure.scale)):
            stderr = err.value
        if measure.interval:
            bounds = [try_parse_value(row.get(c), measure.scale) for c in measure.interval]
            if bounds[0] and bounds[1]:
                low, high = bounds[0].value, bounds[1].value
        scores.append(
            ScoreObservation(
                channel=NAME,
                benchmark_key=candidate.source_key,
                benchmark_name=candidate.source_name,
                model_name=model,
                value=parsed.value,
                scale=parsed.scale,
                raw_value=row.get(measure.column),
                source_url=link,
                relationship=relationship,
                metric=measure.metric,
                model_developer=models.developer(model),
                publisher=source or None,
                stderr=stderr,
                ci_low=low,
                ci_high=high,
                settings={**row_settings, **measure.settings},
                reported_at=reported_at,
            )
        )
    return scores


def _notes(row: Row) -> str:
    return " ".join((row.get("Notes") or row.get("Notes (details)")).split())[:160]


def _relationship(source: str, developers: frozenset[str]) -> Relationship:
    title = source.lower()
    for prefix, authors in _DEVELOPER_REPORTS:
        if title.startswith(prefix):
            return "first_party" if developers & authors else "third_party"
    return "third_party"


_BASE_WORD = re.compile(r"(?i)(?<![a-z])base(?![a-z])")


def _says_base(name: str | None) -> bool:
    return bool(name and _BASE_WORD.search(name))


def _model_settings(model: str) -> dict[str, Any]:
    """The run settings Epoch spells into a model version (the name itself stays as spelled)."""
    settings: dict[str, Any] = {}
    if match := _EFFORT_SUFFIX.search(model):
        settings["reasoning_effort"] = match.group(1)
    elif match := _BUDGET_SUFFIX.search(model):
        settings["thinking_budget"] = match.group(1).upper()  # as Epoch rounds it: "32K"
    elif model.endswith(_THINKING_SUFFIX):
        settings["thinking"] = True
    host, _, rest = model.partition("/")
    if rest and host in _HOSTS:
        settings["inference_provider"] = host
    return settings


def _base_model(model: str) -> str:
    """The model version without Epoch's settings suffix, to find its organisation."""
    for pattern in (_EFFORT_SUFFIX, _BUDGET_SUFFIX):
        model = pattern.sub("", model)
    return model.removesuffix(_THINKING_SUFFIX)


def _setting_value(cell: str) -> Any:
    if match := _SHOT_COUNT.match(cell):
        return int(match.group(1))
    return True if cell == "checked" else cell


def _run_date(text: str) -> str | None:
    """'17 November 2025 4:28pm' -> '2025-11-17'."""
    if not text:
        return None
    return datetime.strptime(text, "%d %B %Y %I:%M%p").date().isoformat()


def _day_month_year(text: str) -> str | None:
    """'24/1/2025' -> '2025-01-24'."""
    if not text:
        return None
    return datetime.strptime(text, "%d/%m/%Y").date().isoformat()


def _arxiv_id(url: str) -> str | None:
    match = re.search(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", url)
    return match.group(1) if match else None


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


CHANNEL = Channel(
    name=NAME,
    title="Epoch AI Benchmarking Hub",
    kind="leaderboard",
    homepage=HUB,
    recording_dir="leaderboard-epoch-ai",
    sources=sources,
    parse=parse,
    live_notes=(
        "41 GETs of GitHub raw files pinned to two commits; no pagination; polite per-host pause; "
        "conditional requests via ETag"
    ),
)
