"""`ltb model search QUERY`: find models and agent systems in the release's model index."""

from __future__ import annotations

import argparse

from benchhub_format.catalog import search
from benchhub_format.release import MODEL_INDEX

from ltb.output import print_json, table
from ltb.registry import add_registry_arguments, open_registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="?", default="", help="words to look for (empty: all)")
    parser.add_argument(
        "--kind", choices=("model", "agent_system"), help="only models or only agent systems"
    )
    parser.add_argument("--limit", type=int, default=20, help="at most this many (default 20)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_registry_arguments(parser)


def run(args: argparse.Namespace) -> int:
    release = open_registry(args.registry, offline=args.offline)
    entries = release.read_json(MODEL_INDEX)["models"]
    if args.kind:
        entries = [e for e in entries if e["kind"] == args.kind]
    hits = search(entries, args.query, limit=max(args.limit, 0))
    if args.json:
        print_json({"release_id": release.release_id, "query": args.query, "results": hits})
        return 0
    if not hits:
        print(f"No model matches {args.query!r} in release {release.release_id}.")
        return 1
    rows = [
        (h["id"], h["name"], h["developer"] or "-", h["kind"], h["snapshot"] or "-", h["n_scores"])
        for h in hits
    ]
    print(table(["ID", "NAME", "DEVELOPER", "KIND", "SNAPSHOT", "SCORES"], rows))
    return 0
