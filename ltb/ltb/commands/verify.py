"""`ltb registry verify [RELEASE]`: re-check a release's manifest and every file's checksum."""

from __future__ import annotations

import argparse
import sys

from benchhub_format.errors import RegistryError
from benchhub_format.release import open_release, release_location, verify_release

from ltb.output import print_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "release",
        nargs="?",
        help="release folder, URL or id (default: --registry, $LTB_REGISTRY or exports/latest)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--registry", help="release folder or URL that release ids are looked up beside"
    )


def run(args: argparse.Namespace) -> int:
    release = open_release(release_location(args.release, args.registry))
    problems = verify_release(release)
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
