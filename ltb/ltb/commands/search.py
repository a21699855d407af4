"""`ltb bench search QUERY`: find benchmarks in the release's search index."""

from __future__ import annotations

import argparse

from benchhub_format.catalog import search
from benchhub_format.release import INDEX, SEARCH_INDEX

from ltb.output import print_json, table
from ltb.registry import add_registry_arguments, open_registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="?", default="", help="words to look for (empty: all)")
    parser.add_argument("--axis", help="only benchmarks on this capability axis (e.g. math)")
    parser.add_argument(
        "--all",
        action="store_true",
        help="also subsets, languages and variants (children of a benchmark); default: top level",
    )
    parser.add_argument(
        "--harbor-only",
        action="store_true",
        help="only those `ltb bench pull` builds tasks for (not Harbor's own registry)",
    )
    parser.add_argument("--limit", type=int, default=20, help="at most this many (default 20)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_registry_arguments(parser)


def run(args: argparse.Namespace) -> int:
    release = open_registry(args.registry, offline=args.offline)
    # The search fields only (search.json; `ltb bench info --json` prints a whole record); a
    # release from before search.json is searched through its index.
    entries = release.read_json(SEARCH_INDEX if release.has(SEARCH_INDEX) else INDEX)["benchmarks"]
    limit = max(args.limit, 0)
    # One pass over the index: the matches with and without a parent, in rank order.
    matches = search(entries, args.query, args.axis, args.harbor_only, len(entries), True)
    hits = (matches if args.all else [h for h in matches if not h.get("parent_id")])[:limit]
    if args.json:
        print_json({"release_id": release.release_id, "query": args.query, "results": hits})
        return 0
    children = [] if args.all else [h for h in matches if h.get("parent_id")]
    more = (
        f"{len(children)} subsets and variants match too: add --all to list them."
        if children
        else ""
    )
    if not hits:
        nothing = f"No top-level benchmark matches {args.query!r} in release {release.release_id}."
        print(f"{nothing} {more}".rstrip())
        return 1
    rows = [
        (h["id"], h["name"], h["tier"], h["axes"], h["harbor_runnable"], h["n_scores"])
        for h in hits
    ]
    print(table(["ID", "NAME", "TIER", "AXES", "HARBOR", "SCORES"], rows))
    if more:
        print(more)
    return 0
