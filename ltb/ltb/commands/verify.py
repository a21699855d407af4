"""`ltb registry verify [RELEASE]`: re-check a release's manifest and every file's checksum."""

from __future__ import annotations

import argparse
import sys

from benchhub_format.errors import RegistryError
from benchhub_format.release import Release, release_location, verify_release

from ltb.output import print_json
from ltb.registry import add_registry_arguments, open_registry, registry_location

REMOTE_WORKERS = 16  # files fetched at once when verifying a release over HTTP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "release",
        nargs="?",
        help="release folder, URL or id (default: the registry: --registry, $LTB_REGISTRY, ...)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_registry_arguments(parser, "release folder or URL that release ids are looked up beside")


def run(args: argparse.Namespace) -> int:
    release = _open(args.release, args)
    remote = release.location.startswith(("http://", "https://"))
    problems = verify_release(release, workers=REMOTE_WORKERS if remote else 1)
    files = release.manifest["files"]
    size = sum(entry["bytes"] for entry in files.values())
    if args.json:
        print_json(
            {
                "release_id": release.release_id,
                "location": release.location,
                "verified": not problems,
                "files": len(files),
                "bytes": size,
                "problems": problems,
            }
        )
    elif problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(
            f"ltb: release {release.release_id} failed verification: {len(problems)} problem(s)",
            file=sys.stderr,
        )
    else:
        stale = ", ".join(release.manifest.get("stale_channels") or []) or "none"
        print(
            f"release {release.release_id} verifies: {len(files)} files "
            f"({size / 1e6:.1f} MB) match {release.location}/manifest.json"
        )
        print(f"stale channels: {stale}")
    return RegistryError.exit_code if problems else 0


def _open(name: str | None, args: argparse.Namespace) -> Release:
    location = release_location(name, registry_location(args.registry))
    return open_registry(location, offline=args.offline, keep=False)
