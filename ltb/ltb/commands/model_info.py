"""`ltb model info MODEL`: a model's identity, its line's other versions, every score by
benchmark and label, and the agent systems built on it (docs/models.md)."""

from __future__ import annotations

import argparse
from typing import Any

from benchhub_format.release import MODEL_INDEX, model_page_path

from ltb.errors import LtbError
from ltb.output import print_json, table
from ltb.redirects import look_up
from ltb.registry import add_registry_arguments, open_registry


class UnknownModel(LtbError):
    exit_code = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("model", help="a model id, name or alias")
    parser.add_argument("--json", action="store_true", help="print the full page as JSON")
    add_registry_arguments(parser)


def run(args: argparse.Namespace) -> int:
    release = open_registry(args.registry, offline=args.offline)
    page = look_up(
        release,
        "model",
        args.model,
        index_file=MODEL_INDEX,
        page_of=model_page_path,
        columns=("id", "name"),
        as_json=args.json,
        unknown=lambda hint: UnknownModel(
            f"unknown model {args.model!r} in release {release.release_id}.{hint} "
            f"Try `ltb model search {args.model}`."
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
    lines = [f"{page['name']}  ({page['id']})", ""]
    rows = [
        ("kind", page["kind"].replace("_", " ")),
        ("developer", page.get("developer") or "-"),
        ("line", page.get("line") or "-"),
        ("version", page.get("version") or "-"),
        ("snapshot", page.get("snapshot") or "-"),
    ]
    if page.get("base_model"):
        rows.append(("built on", page["base_model"]))
    if page.get("hf_repo"):
        rows.append(("hf repo", page["hf_repo"]))
    if page.get("open_weights") is not None:
        rows.append(("open weights", "yes" if page["open_weights"] else "no"))
    aliases = page["aliases"]
    rows.append(("aliases", ", ".join(aliases[:8]) + (" …" if len(aliases) > 8 else "")))
    width = max(len(k) for k, _ in rows)
    lines += [f"{k.ljust(width)}  {v}" for k, v in rows]
    if page["versions"]:
        lines += ["", "Other versions of this line:"]
        lines += [f"  {v['id']}" + (f"  ({v['snapshot']})" if v["snapshot"] else "")
                  for v in page["versions"]]  # fmt: skip
    lines += ["", f"Scores ({len(page['scores'])}):"]
    if page["scores"]:
        lines.append(
            table(
                ["BENCHMARK", "LABEL", "VALUE", "SCALE", "SOURCE"],
                [
                    (s["benchmark_id"], s["label"], s["value"], s["scale"], s["source_url"])
                    for s in page["scores"]
                ],
            )
        )
    else:
        lines.append("  none recorded")
    if page["agent_systems"]:
        lines += ["", "Agent systems built on this model (their scores are theirs, not above):"]
        lines += [f"  {a['id']}  {', '.join(a['benchmarks'])}" for a in page["agent_systems"]]
    return "\n".join(lines)
