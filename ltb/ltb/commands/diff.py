"""`ltb registry diff A B`: what changed from release A to release B."""

from __future__ import annotations

import argparse

from benchhub_format.diff import format_changes, release_changes
from benchhub_format.release import Release, release_location

from ltb.output import print_json
from ltb.registry import add_registry_arguments, open_registry, registry_location


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", help="the earlier release: folder, URL or id")
    parser.add_argument("new", help="the later release: folder, URL or id")
    parser.add_argument(
        "--limit", type=int, default=20, help="entries shown per section (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_registry_arguments(parser, "release folder or URL that release ids are looked up beside")


def run(args: argparse.Namespace) -> int:
    old = _open(args.old, args)
    new = _open(args.new, args)
    changes = release_changes(old, new)
    if args.json:
        print_json(changes)
        return 0
    print(f"{old.release_id} -> {new.release_id}\n")
    print(format_changes(changes, max(args.limit, 0)), end="")
    return 0


def _open(name: str | None, args: argparse.Namespace) -> Release:
    location = release_location(name, registry_location(args.registry))
    return open_registry(location, offline=args.offline)
