"""Vendor model cards: the score tables model developers publish in their GitHub READMEs.

Cards read: DeepSeek-V3 and DeepSeek-R1 (DeepSeek), Kimi-K2 (Moonshot AI), simple-evals (OpenAI's
table of its own models), and the Llama 3.1, 3.2 (text and vision), 3.3 and 4 model cards (Meta).

Live: one GET per card on raw.githubusercontent.com, pinned to the commit it was recorded at
(moving a pin is how a newer card is picked up); no pagination; GitHub raw has no published
quota and the Fetcher's per-host pause keeps it polite. A score's source URL is the card's page
on GitHub at that commit.

The tables come in two syntaxes, read into one grid of cells: markdown pipe tables (DeepSeek,
simple-evals, Llama 3.2/3.3), where a blank first cell continues the category above, and raw HTML
`<table>`s (Kimi, Llama 3.1/4) with rowspan/colspan, `<br>` subtitles and `<sup>` markers. Two
shapes: one row per benchmark (a "Benchmark" column, optional "# Shots"/"Metric"/"Language"
columns, one column per model), or one row per model (first column "Model", one column per
benchmark; simple-evals groups its rows under bold family rows). A table is a score table if it
has a Benchmark column, or starts with a Model column under an evaluation/benchmark/results
heading (the "Model | #Total Params | Download" tables are not).

Names: a candidate per card and benchmark name as the card spells it; the crosswalk merges
spellings later. Under a "Benchmark (Metric)" header the trailing parenthesis is the metric
("MMLU-Pro (EM)" -> MMLU-Pro, metric EM); a subtitle after a line break is a variant of the
benchmark ("SWE-bench Verified" / "Agentless Coding") kept as a score setting; in a model-per-row
table a trailing metric token is the metric ("AIME 2024 pass@1"). Shots, the prompt column, the
language column, a model column's subtitle ("(non-thinking)") and the text of footnotes that
mark a cell ([^8], "^") are score settings. Rows of model facts (Architecture, # Total Params)
are not scores; a cell of words ("No multimodal support", "n/a") is a missing value, and a cell
that starts with a number but is not one ("42.2/36.6") is a ParseIssue.

Who published what: every number on a card is published by the card's vendor. A column (or row)
of the vendor's own model is first party. A competitor's column is third party (the vendor ran
it) unless the card says the number was copied from that competitor's own report: Kimi marks
those cells with "*" ("directly from the model's tech report or blog"), and simple-evals lists
them under "Other Models (Reported)" with a link to the developer's announcement; those cells
are first party (self-reported by the model's developer, relayed by the card) with the relay
noted in the settings. Scale: vendor tables print percentages without "%"; bits per byte are
"other" and ratings (Codeforces) are "elo"; a "percent" above 100 is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Any

from assets.channels._frameworks import blob_url, raw_url
from benchhub.channel import Channel, Payloads, Source
from benchhub.crosswalk.developers import chat_only, developer_of_model
from benchhub.crosswalk.model_names import has_variant_word
from benchhub.records import (
    BenchmarkCandidate,
    ChannelResult,
    ParseIssue,
    Relationship,
    Scale,
    ScoreObservation,
)
from benchhub.values import ValueFormatError, strip_markup, try_parse_value

NAME = "vendor_model_cards"
_LLAMA = ("meta-llama/llama-models", "a9c89c471f793423afd4cc3ca8671d6e56fe64cb")


@dataclass(frozen=True, slots=True)
class Card:
    recording: str
    repo: str
    commit: str
    path: str
    vendor: str

    def url(self) -> str:
        return blob_url(self.repo, self.commit, self.path)


CARDS = (
    Card(
        "deepseek-ai__DeepSeek-V3__README.md",
        "deepseek-ai/DeepSeek-V3",
        "9b4e9788e4a3a731f7567338ed15d3ec549ce03b",
        "README.md",
        "DeepSeek",
    ),
    Card(
        "deepseek-ai__DeepSeek-R1__README.md",
        "deepseek-ai/DeepSeek-R1",
        "0cf78561f1d51c84a21b2190626b21116d5c68bb",
        "README.md",
        "DeepSeek",
    ),
    Card(
        "MoonshotAI__Kimi-K2__README.md",
        "MoonshotAI/Kimi-K2",
        "c6157be8531e1c52f5dfd3bb91a1275b089eac50",
        "README.md",
        "Moonshot AI",
    ),
    Card(
        "openai__simple-evals__README.md",
        "openai/simple-evals",
        "ee3b0318d8d1d9d72755a4120879be65f7c07e9e",
        "README.md",
        "OpenAI",
    ),
    *(
        Card(
            f"meta-llama__llama-models__{version}__{file}",
            *_LLAMA,
            f"models/{version}/{file}",
            "Meta",
        )
        for version, file in (
            ("llama3_1", "MODEL_CARD.md"),
            ("llama3_2", "MODEL_CARD.md"),
            ("llama3_2", "MODEL_CARD_VISION.md"),
            ("llama3_3", "MODEL_CARD.md"),
            ("llama4", "MODEL_CARD.md"),
        )
    ),
)
# Header cells that label a row instead of naming a model.
_LABELS = {
    "": "blank",
    "category": "category",
    "capability": "category",
    "modality": "category",
    "benchmark": "benchmark",
    "benchmark (metric)": "benchmark_metric",
    "# shots": "shots",
    "shots": "shots",
    "shot": "shots",
    "metric": "metric",
    "language": "language",
    "prompt": "prompt",
    "model": "model_name",
}
_MODEL_FACTS = re.compile(r"^(architecture|# ?activated params|# ?total params)$", re.I)
_SCORE_HEADING = re.compile(r"evaluat|benchmark|result", re.I)
_HEADING = re.compile(r"^#{1,6}\s*(.*?)\s*$")
_BASE_HEADING = re.compile(r"\bbase\b|pre-?trained", re.I)
_INSTRUCT_HEADING = re.compile(r"instruct|\bchat\b", re.I)
_FOOTNOTE_REF = re.compile(r"\[\^([^\]]+)\]")
_FOOTNOTE_DEF = re.compile(r"^\[\^([^\]]+)\]:\s*(.+?)\s*$", re.M)
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")
_TRAILING_MARK = re.compile(r"\s*[\^*†‡]+$")
_TRAILING_PAREN = re.compile(r"^(?P<name>.*?)\s*\((?P<inside>[^()]*)\)$")
_TRAILING_METRIC = re.compile(
    r"^(?P<name>.+?)\s+(?P<metric>(?:pass|cons|avg|maj)@\d+|rating)$", re.I
)
_SHOTS = re.compile(r"(\d+)-shot", re.I)
_COT = re.compile(r"\bCoT\b", re.I)
_QUOTED_LEGEND = re.compile(r"marked with \\?\*\s*are directly from the model's tech report", re.I)
_REPORTED_GROUP = re.compile(r"\(reported\)", re.I)
_NOT_A_RATE = re.compile(r"\bBPB\b|bits per|perplexity", re.I)
_RATING = re.compile(r"\brating\b|\belo\b", re.I)
_MISSING = {"", "-", "–", "—", "n/a", "na"}
_BREAK = "\x00"  # stands for <br> while the HTML cell's whitespace is collapsed


def sources() -> list[Source]:
    return [Source(c.recording, raw_url(c.repo, c.commit, c.path), c.recording) for c in CARDS]


def parse(payloads: Payloads) -> ChannelResult:
    result = ChannelResult()
    for card in CARDS:
        if card.recording in payloads:
            _read_card(card, payloads[card.recording], result)
    return result


# --- tables: one grid for markdown and HTML ---------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Cell:
    """One source cell; rowspan/colspan repeat the same object, so `is` tells copies apart."""

    raw: str  # markdown as written; HTML inner text with <br> as "\n"


@dataclass
class _Table:
    header: list[str]
    rows: list[list[_Cell]]
    heading: str  # the nearest heading above the table
    line: int
    variant: str | None = None  # "Base" / "Instruct" when a heading above says which


def _variant(path: list[str]) -> str | None:
    """The model variant the innermost heading that says one names: a card's "Base Model" /
    "Pre-trained models" tables hold pretrained models, "Chat Model" / "Instruction tuned
    models" tables the chat models, whatever the column headers call them. ("Pretrained", not
    "Base": which release that is depends on the developer's naming, see
    benchhub/crosswalk/models.py `_place_pretrained`.)"""
    for heading in reversed(path):
        if _BASE_HEADING.search(heading):
            return "Pretrained"
        if _INSTRUCT_HEADING.search(heading):
            return "Instruct"
    return None


def _tables(text: str) -> list[_Table]:
    """Every table of a card, in order, with the heading it sits under."""
    tables: list[_Table] = []
    lines = text.splitlines()
    heading, index = "", 0
    path: dict[int, str] = {}  # heading level -> the heading text in force
    while index < len(lines):
        line = lines[index]
        if match := _HEADING.match(line):
            heading = match.group(1) or heading
            if match.group(1):
                level = len(line) - len(line.lstrip("#"))
                path = {lv: title for lv, title in path.items() if lv < level}
                path[level] = match.group(1)
        if line.lstrip().startswith("<table"):
            end = next(
                (j for j in range(index, len(lines)) if "</table>" in lines[j]), len(lines) - 1
            )
            grid = _html_grid("\n".join(lines[index : end + 1]))
            if grid:
                header = [cell.raw for cell in grid[0]]
                tables.append(
                    _Table(header, grid[1:], heading, index + 1, _variant(list(path.values())))
                )
            index = end + 1
            continue
        if (
            line.lstrip().startswith("|")
            and index + 1 < len(lines)
            and _is_separator(lines[index + 1])
        ):
            end = index + 2
            while end < len(lines) and lines[end].lstrip().startswith("|"):
                end += 1
            header = _pipe_cells(line)
            rows = [[_Cell(raw) for raw in _pipe_cells(row)] for row in lines[index + 2 : end]]
            tables.append(_Table(header, rows, heading, index + 1, _variant(list(path.values()))))
            index = end
            continue
        index += 1
    return tables


def _is_separator(line: str) -> bool:
    cells = _pipe_cells(line)
    return bool(cells) and all(re.fullmatch(r":?-{2,}:?", c.replace(" ", "")) for c in cells if c)


def _pipe_cells(line: str) -> list[str]:
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [
        _ESCAPE.sub(r"\1", cell).replace("<br>", "\n").strip()
        for cell in re.split(r"(?<!\\)\|", text)
    ]


class _HtmlTable(HTMLParser):
    """Rows of (text, rowspan, colspan) cells; comments (commented-out cells) are ignored."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, int, int]]] = []
        self._cell: list[str] | None = None
        self._spans = (1, 1)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in {"td", "th"}:
            self._close_cell()
            spans = dict(attrs)
            self._spans = (_span(spans.get("rowspan")), _span(spans.get("colspan")))
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(_BREAK)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"td", "th", "tr", "table"}:
            self._close_cell()

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def _close_cell(self) -> None:
        if self._cell is not None and self.rows:
            # Source line breaks are spaces in HTML; only <br> breaks a cell's text.
            lines = "".join(self._cell).split(_BREAK)
            text = "\n".join(" ".join(part.split()) for part in lines if part.strip())
            self.rows[-1].append((text, *self._spans))
        self._cell = None


def _span(value: str | None) -> int:
    return int(value) if value and value.strip().isdigit() else 1


def _html_grid(html: str) -> list[list[_Cell]]:
    parser = _HtmlTable()
    parser.feed(html)
    parser.close()
    grid: list[list[_Cell]] = []
    carried: dict[int, tuple[_Cell, int]] = {}  # column -> (cell, rows still to fill)
    for row in parser.rows:
        out: list[_Cell] = []
        cells = iter(row)
        while True:
            column = len(out)
            if column in carried:
                cell, left = carried.pop(column)
                out.append(cell)
                if left > 1:
                    carried[column] = (cell, left - 1)
                continue
            item = next(cells, None)
            if item is None:
                break
            text, rowspan, colspan = item
            cell = _Cell(text)
            for offset in range(colspan):
                out.append(cell)
                if rowspan > 1:
                    carried[column + offset] = (cell, rowspan - 1)
        if out:
            grid.append(out)
    return grid


# --- reading a card ---------------------------------------------------------------------------


@dataclass
class _CardReader:
    card: Card
    footnotes: dict[str, str]
    quoted_marker: bool  # the card says "*" cells are copied from the developer's report
    result: ChannelResult
    candidates: dict[str, BenchmarkCandidate] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Name:
    """A header or label cell read apart: what it names, and what it adds."""

    text: str
    note: str | None = None  # a subtitle after a line break
    metric: str | None = None
    notes: tuple[str, ...] = ()  # footnote texts
    link: str | None = None


def _read_card(card: Card, data: bytes, result: ChannelResult) -> None:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        result.issues.append(ParseIssue(NAME, card.recording, f"card is not UTF-8 text: {exc}"))
        return
    reader = _CardReader(
        card,
        dict(_FOOTNOTE_DEF.findall(text)),
        bool(_QUOTED_LEGEND.search(text)),
        result,
    )
    for table in _tables(text):
        roles = [_LABELS.get(_plain(h).lower(), "model") for h in table.header]
        if "benchmark" in roles or "benchmark_metric" in roles:
            _read_benchmark_rows(reader, table, roles)
        elif roles[:1] == ["model_name"] and _SCORE_HEADING.search(table.heading):
            _read_model_rows(reader, table, roles)
    if not reader.candidates:
        result.issues.append(ParseIssue(NAME, card.recording, "no score table found in the card"))
    result.candidates.extend(reader.candidates.values())


def _plain(cell: str) -> str:
    """A cell without links, footnotes, bold and markers, on one line."""
    text = _LINK.sub(r"\1", cell)
    text = _FOOTNOTE_REF.sub("", text)
    return " ".join(_TRAILING_MARK.sub("", strip_markup(text)).split())


def _name(reader: _CardReader, cell: str, metric_in_parens: bool = False) -> _Name:
    first, _, rest = cell.partition("\n")
    link = _LINK.search(first)
    notes = tuple(reader.footnotes.get(ref, f"[^{ref}]") for ref in _FOOTNOTE_REF.findall(cell))
    text = _plain(first)
    metric = None
    if metric_in_parens and (match := _TRAILING_PAREN.match(text)):
        text, metric = match["name"], match["inside"]
    note = _plain(rest)
    if note.startswith("(") and note.endswith(")"):
        note = note[1:-1]
    return _Name(text, note or None, metric, notes, link.group(2) if link else None)


def _marked(model: _Name, variant: str | None) -> _Name:
    """'Llama 4 Scout' under "Pre-trained models" is 'Llama 4 Scout Pretrained': the heading
    says which variant a column means when the name does not (docs/models.md, rule 1). Models
    released only as chat models (GPT, Claude, Gemini, Grok) are left as named."""
    if variant is None or not model.text or has_variant_word(model.text):
        return model
    if chat_only(model.text):
        return model
    return replace(model, text=f"{model.text} {variant}")


def _read_benchmark_rows(reader: _CardReader, table: _Table, roles: list[str]) -> None:
    """One row per benchmark, one column per model."""
    bench_col = next(i for i, role in enumerate(roles) if role.startswith("benchmark"))
    metric_in_parens = roles[bench_col] == "benchmark_metric"
    models = {
        i: _marked(_name(reader, table.header[i]), table.variant)
        for i, role in enumerate(roles)
        if role == "model"
    }
    category: str | None = None
    benchmark_cell = ""
    for number, row in enumerate(table.rows):
        if all(cell is row[0] for cell in row):  # one cell across the table: a section title
            category = _plain(row[0].raw) or category
            continue
        cells = {i: row[i].raw if i < len(row) else "" for i in range(len(roles))}
        if not any(cells[i].strip() for i in models):
            continue  # a blank separator row
        for i, role in enumerate(roles):
            # DeepSeek's category column has a blank header: any label column left of the
            # benchmark that holds text names the category.
            if role in {"category", "blank"} and i < bench_col and _plain(cells[i]):
                category = _plain(cells[i])
        benchmark_cell = cells[bench_col] or benchmark_cell  # blank: continues the row above
        benchmark = _name(reader, benchmark_cell, metric_in_parens)
        if not benchmark.text or _MODEL_FACTS.match(benchmark.text):
            continue
        labels = {
            role: _plain(cells[i]) for i, role in enumerate(roles) if role not in {"model", "blank"}
        }
        labels["section"] = table.heading
        where = f"{reader.card.recording}:{table.line}#row[{number}] {benchmark.text}"
        for column, model in models.items():
            _add_score(reader, where, benchmark, model, cells[column], labels, category, None)


def _read_model_rows(reader: _CardReader, table: _Table, roles: list[str]) -> None:
    """One row per model, one column per benchmark; bold rows with no values name a group."""
    group: str | None = None
    for number, row in enumerate(table.rows):
        cells = [row[i].raw if i < len(row) else "" for i in range(len(roles))]
        if not any(_plain(c) for c in cells[1:]):
            group = _plain(cells[0]) or group
            continue
        model = _marked(_name(reader, cells[0]), table.variant)
        labels = {roles[i]: _plain(c) for i, c in enumerate(cells) if roles[i] == "prompt"}
        labels["section"] = table.heading
        for column in range(1, len(roles)):
            if roles[column] != "model":
                continue
            benchmark = _name(reader, table.header[column])
            if match := _TRAILING_METRIC.match(benchmark.text):
                benchmark = _Name(match["name"], benchmark.note, match["metric"], benchmark.notes)
            where = f"{reader.card.recording}:{table.line}#row[{number}] {model.text}"
            _add_score(reader, where, benchmark, model, cells[column], labels, None, group)


def _add_score(
    reader: _CardReader,
    where: str,
    benchmark: _Name,
    model: _Name,
    cell: str,
    labels: dict[str, str],
    category: str | None,
    group: str | None,
) -> None:
    plain = _plain(cell)
    if plain.lower() in _MISSING or plain[:1].isalpha():
        return  # no number for this model ("-", "n/a", "No multimodal support")
    metric = labels.get("metric") or benchmark.metric
    scale = _scale(" ".join(filter(None, [benchmark.text, metric])))
    try:
        parsed = try_parse_value(plain, scale)
    except ValueFormatError as exc:
        reader.result.issues.append(ParseIssue(NAME, f"{where} / {model.text}", str(exc)))
        return
    if parsed is None:
        return
    if parsed.scale == "percent" and not 0 <= parsed.value <= 100:
        message = f"{cell!r} is outside 0-100 on a table of percentages"
        reader.result.issues.append(ParseIssue(NAME, f"{where} / {model.text}", message))
        return
    key = _candidate(reader, benchmark, metric, category)
    developer = _developer(model.text)
    relationship, relay = _relationship(reader, developer, cell, group)
    settings = _settings(benchmark, model, cell, labels, metric, reader)
    if relay:
        settings["relayed_from"] = relay
    if model.link:
        settings["reported_in"] = model.link
    reader.result.scores.append(
        ScoreObservation(
            channel=NAME,
            benchmark_key=key,
            benchmark_name=benchmark.text,
            model_name=model.text,
            value=parsed.value,
            scale=parsed.scale,
            raw_value=cell,
            source_url=reader.card.url(),
            relationship=relationship,
            metric=metric,
            model_developer=developer,
            publisher=reader.card.vendor,
            stderr=parsed.stderr,
            settings=settings,
        )
    )


def _scale(text: str) -> Scale:
    if _NOT_A_RATE.search(text):
        return "other"
    if _RATING.search(text):
        return "elo"  # Codeforces ratings are Elo-style
    return "percent"


def _developer(model: str) -> str | None:
    """Who makes a model, from how the card spells it (the one developer table)."""
    text = re.sub(r"^(?:openai|meta|google|anthropic)[\s-]+", "", model.strip(), flags=re.I)
    found = developer_of_model(text)
    return found.name if found else None


def _relationship(
    reader: _CardReader, developer: str | None, cell: str, group: str | None
) -> tuple[Relationship, str | None]:
    """(relationship, how a competitor's own number reached this card); rule in the docstring."""
    if developer == reader.card.vendor:
        return "first_party", None
    if reader.quoted_marker and cell.replace("**", "").rstrip().endswith("*"):
        return "first_party", "the model developer's tech report or blog (card marks it *)"
    if group and _REPORTED_GROUP.search(group):
        return "first_party", f"the model developer's own report (card group {group!r})"
    return "third_party", None


def _settings(
    benchmark: _Name,
    model: _Name,
    cell: str,
    labels: dict[str, str],
    metric: str | None,
    reader: _CardReader,
) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    shots = labels.get("shots") or next(
        (
            m.group(1)
            for text in (benchmark.text, metric or "", benchmark.note or "")
            if (m := _SHOTS.search(text))
        ),
        None,
    )
    if shots and shots.lower() not in _MISSING:
        number = shots.lower().removesuffix("-shot").strip()
        settings["shots"] = int(number) if number.isdigit() else shots
    if benchmark.note:
        settings["variant"] = benchmark.note
    if model.note:
        settings["model_variant"] = model.note
    # The section tells base from instruction-tuned where a card names both "Llama 4 Scout".
    for label in ("language", "prompt", "section"):
        if labels.get(label) and labels[label].lower() not in _MISSING:
            settings[label] = labels[label]
    if _COT.search(f"{benchmark.text} {benchmark.note or ''} {metric or ''}"):
        settings["chain_of_thought"] = True
    notes = [*benchmark.notes, *model.notes]
    notes += [reader.footnotes.get(ref, f"[^{ref}]") for ref in _FOOTNOTE_REF.findall(cell)]
    if notes:
        settings["notes"] = list(dict.fromkeys(notes))
    return settings


def _candidate(
    reader: _CardReader, benchmark: _Name, metric: str | None, category: str | None
) -> str:
    key = f"{reader.card.recording.removesuffix('.md')}#{benchmark.text}"
    if key not in reader.candidates:
        reader.candidates[key] = BenchmarkCandidate(
            channel=NAME,
            source_key=key,
            source_name=benchmark.text,
            source_url=reader.card.url(),
            metric=metric,
            capability_hints=(category,) if category else (),
            extra={"vendor": reader.card.vendor},
        )
    return key


CHANNEL = Channel(
    name=NAME,
    title="Vendor model cards",
    kind="vendor",
    homepage="https://github.com/deepseek-ai/DeepSeek-V3",
    recording_dir="vendor-model-cards",
    sources=sources,
    parse=parse,
    live_notes="one GET per card on raw.githubusercontent.com pinned to a commit; no paging",
)
