"""`ltb bench info BENCHMARK`: facts, licence, tier, top scores and the commands to run it."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from typing import Any

from benchhub_format.release import INDEX, page_path
from benchhub_format.top_scores import top_headline_scores

from ltb.errors import LtbError
from ltb.output import print_json, table
from ltb.pull import PART_PREFIX, SUITE_SOURCE
from ltb.redirects import look_up
from ltb.registry import add_registry_arguments, open_registry

TOP_SCORES = 10
TOP_CHILDREN = 30
BREAKDOWNS_SHOWN = 4  # per kind, under a headline score
# Settings named next to another headline score of the same model (what tells them apart).
SHOWN = ("reasoning_effort", "thinking", "thinking_budget", "shots", "cot", "scaffold")


class UnknownBenchmark(LtbError):
    exit_code = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("benchmark", help="a benchmark id, name or alias")
    parser.add_argument("--json", action="store_true", help="print the full page as JSON")
    add_registry_arguments(parser)


def run(args: argparse.Namespace) -> int:
    release = open_registry(args.registry, offline=args.offline)
    page = look_up(
        release,
        "benchmark",
        args.benchmark,
        index_file=INDEX,
        page_of=page_path,
        columns=("id", "name", "tier"),
        as_json=args.json,
        unknown=lambda hint: UnknownBenchmark(
            f"no benchmark {args.benchmark!r} in release {release.release_id}.{hint} "
            f"Try `ltb bench search {args.benchmark}`."
        ),
    )
    return 0 if page is None else _show(page, args.json)


def _show(page: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print_json(page)
    else:
        print(render(page))
    return 0


def render(page: dict[str, Any]) -> str:
    facts = page["facts"]
    lines = [f"{page['name']}  ({page['id']})", ""]
    if page.get("description"):
        lines += textwrap.wrap(page["description"], 100) + [""]
    tier = page["tier"]
    if page["missing_fields"]:
        tier += f"  (missing: {', '.join(page['missing_fields'])})"
    rows = [
        ("kind", _kind(page)),
        ("tier", tier),
        ("licence", _licence(page)),
        ("axes", ", ".join(page["axes"]) or "-"),
        ("aliases", ", ".join(page["aliases"][:8]) + (" …" if len(page["aliases"]) > 8 else "")),
        ("channels", ", ".join(c["channel"] for c in page["channels"])),
        ("harbor", _harbor(page["harbor"])),
    ]
    for field in (
        "paper_url",
        "arxiv_id",
        "hf_dataset",
        "github_url",
        "metric",
        "sample_count",
        "release_date",
    ):
        fact = facts.get(field) or {}
        if fact.get("value") is not None:
            source = f"  [{fact['source']}]" if fact.get("source") else ""
            rows.append((field, f"{fact['value']}{source}"))
    width = max(len(k) for k, _ in rows)
    lines += [f"{k.ljust(width)}  {v}" for k, v in rows]
    lines += ["", *_scores(page)]
    disputes = page.get("disputes") or []  # pages of releases before disputes have none
    if disputes:
        lines += ["", f"Open disputes ({len(disputes)}; a person has not decided yet):"]
        lines += [
            f"  {d['model_id']} {d.get('label') or 'any label'}: {d['claimed_value']:g} "
            f"at {d['source_url']} ({d['note'][:80]})"
            for d in disputes
        ]
    if page["reproduced"]:
        lines += ["", "Reproduced (ltb runs):"]
        lines.append(
            table(
                ["MODEL", "HARNESS", "MEDIAN", "RUNS", "CI"],
                [
                    (m["model_id"], m["harness"], m["median"], m["n_runs"], m["ci"])
                    for m in page["reproduced"]
                ],
            )
        )
    children = page.get("children") or []
    if children:
        shown = children[:TOP_CHILDREN]
        lines += ["", f"Children ({len(children)}; subsets, languages, variants):"]
        lines += [f"  {c['id']}  {c['name']}" for c in shown]
        if len(children) > len(shown):
            lines.append(
                f"  … {len(children) - len(shown)} more: ltb bench info {page['id']} --json"
            )
    lines += ["", "Commands:"] + [f"  {cmd}" for cmd in page["commands"].values()]
    return "\n".join(lines)


def _kind(page: dict[str, Any]) -> str:
    kind = page.get("record_kind") or "benchmark"
    return f"{kind} of {page['parent_id']}" if page.get("parent_id") else kind


def _scores(page: dict[str, Any]) -> list[str]:
    """Per label, the top headline scores (highest first) with their breakdowns indented."""
    headline = page.get("headline") or {}
    definition = ", ".join(
        f"{name} {headline[key]}"
        for key, name in (("metric", "metric"), ("subset", "subset"), ("attempts", "attempts"))
        if headline.get(key) is not None
    )
    lines = [f"Scores ({len(page['scores'])}); headline: {definition or 'not defined'}"]
    if headline.get("why"):
        lines.append(f"  ({headline['derived_from']}: {headline['why']})")
    tops = top_headline_scores(page["scores"], TOP_SCORES)
    if not tops:
        return [*lines, "  none recorded"]
    for top in tops:
        lines += [
            "",
            f"{top.label}: {top.n_headline} headline, {top.n_breakdown} breakdown "
            f"({len(top.rows)} model{'s' if len(top.rows) != 1 else ''} shown, highest first)",
        ]
        width = max(len(row.score["model_id"]) for row in top.rows)
        for row in top.rows:
            s = row.score
            lines.append(
                f"  {s['model_id'].ljust(width)}  {_value(s):>12}  {s.get('metric') or '-'}"
                f"  {s['source_url']}"
            )
            for kind, scores in row.breakdowns.items():
                shown = "; ".join(
                    f"{_breakdown_name(b)} = {_value(b)}" for b in scores[:BREAKDOWNS_SHOWN]
                )
                more = len(scores) - BREAKDOWNS_SHOWN
                lines.append(f"    └ {kind}: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    return lines


def _breakdown_name(score: Mapping[str, Any]) -> str:
    """The part a breakdown scores ("chinese"), or its metric and attempts, or (another headline
    score) its source and settings."""
    if score.get("kind", "headline") == "headline":
        settings = ", ".join(
            f"{k}={v}" for k, v in sorted((score.get("settings") or {}).items()) if k in SHOWN
        )
        return (score.get("channel") or "-") + (f" ({settings})" if settings else "")
    if score.get("breakdown_kind") == "alternate metric":
        attempts = (score.get("settings") or {}).get("attempts")
        return (score.get("metric") or "-") + (f", attempts {attempts}" if attempts else "")
    reason = score.get("breakdown") or ""
    return reason.split(": ", 1)[-1] or "-"


def _value(score: Mapping[str, Any]) -> str:
    value = score.get("value_percent")
    if value is not None:
        return f"{value:.4g}%"
    return f"{score['value']:g} ({score['scale']})"


def _licence(page: dict[str, Any]) -> str:
    licence = page.get("license") or "unknown"
    published = page.get("license_as_published")
    return (
        f"{licence} (published as {published!r})" if published and published != licence else licence
    )


def _harbor(harbor: dict[str, Any]) -> str:
    """How it runs: tasks `ltb bench pull` builds, Harbor's own registry, or why not at all."""
    if not harbor["runnable"]:
        return "not runnable" + (f": {harbor['reason']}" if harbor.get("reason") else "")
    if harbor["source"] == SUITE_SOURCE:
        return "runnable as a suite: `ltb bench pull` builds tasks from each of its subtasks"
    if str(harbor["source"] or "").startswith(PART_PREFIX):
        part = harbor["source"].removeprefix(PART_PREFIX)
        return (
            f"runnable through its headline part {part} (the part its headline scores measure): "
            f"`ltb bench pull` builds {part}'s tasks"
        )
    if harbor.get("pullable", True):
        return "runnable" + (f" ({harbor['source']})" if harbor["source"] else "")
    return (
        f"runnable in Harbor from its own {harbor['source']} (`harbor datasets list`); "
        "`ltb bench pull` does not build it"
    )
