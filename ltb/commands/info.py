"""`ltb bench info BENCHMARK`: facts, licence, tier, top scores and the commands to run it."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ltb.catalog import closest, find
from ltb.errors import LtbError
from ltb.output import print_json, table
from ltb.redirects import Moved, follow, tell
from ltb.release import INDEX, open_release, page_path

TOP_SCORES = 10
TOP_CHILDREN = 30


class UnknownBenchmark(LtbError):
    exit_code = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("benchmark", help="a benchmark id, name or alias")
    parser.add_argument("--json", action="store_true", help="print the full page as JSON")
    parser.add_argument(
        "--registry", help="release folder or URL (default $LTB_REGISTRY or exports/latest)"
    )


def run(args: argparse.Namespace) -> int:
    release = open_release(args.registry)
    entries = release.read_json(INDEX)["benchmarks"]
    # an id that moved is followed before names are matched: the old page's link meant that id
    live = any(e["id"] == args.benchmark for e in entries)
    moved = None if live else follow(release, "benchmark", args.benchmark)
    if moved is not None:
        tell(moved, "benchmark")
        if len(moved.to) > 1:  # a split: the old id is several benchmarks now
            return _show_split(moved, entries, args.json)
    entry = find(entries, moved.to[0] if moved else args.benchmark)
    if entry is None:
        suggestions = closest(entries, args.benchmark)
        hint = f" Closest: {', '.join(suggestions)}." if suggestions else ""
        raise UnknownBenchmark(
            f"no benchmark {args.benchmark!r} in release {release.release_id}.{hint} "
            f"Try `ltb bench search {args.benchmark}`."
        )
    page = release.read_json(page_path(entry["id"]))
    if args.json:
        print_json(page)
    else:
        print(render(page))
    return 0


def _show_split(moved: Moved, entries: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print_json({"redirect": {"from": moved.old_id, "to": moved.to, "reason": moved.reason}})
    else:
        rows = [(e["id"], e["name"], e["tier"]) for e in entries if e["id"] in moved.to]
        print(table(["ID", "NAME", "TIER"], rows))
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
        (
            "harbor",
            "runnable" + (f" ({page['harbor']['source']})" if page["harbor"]["source"] else "")
            if page["harbor"]["runnable"]
            else "not runnable"
            + (f": {page['harbor']['reason']}" if page["harbor"].get("reason") else ""),
        ),
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
    scores = page["scores"][:TOP_SCORES]
    lines += ["", f"Scores ({len(page['scores'])}; top {len(scores)} shown):"]
    if scores:
        lines.append(
            table(
                ["MODEL", "LABEL", "VALUE", "SCALE", "SOURCE"],
                [
                    (s["model_id"], s["label"], s["value"], s["scale"], s["source_url"])
                    for s in scores
                ],
            )
        )
    else:
        lines.append("  none recorded")
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


def _licence(page: dict[str, Any]) -> str:
    licence = page.get("license") or "unknown"
    published = page.get("license_as_published")
    return (
        f"{licence} (published as {published!r})" if published and published != licence else licence
    )
