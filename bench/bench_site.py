"""The release site for a full release: time to write it and its size, next to a baseline.

Usage: uv run python bench/bench_site.py [--release exports/latest] [--repeat 2]

A release is immutable, so its `index.json`, `leaderboard.json` and `benchmarks/` are linked
into a scratch folder and `write_site` writes `site/` there. The baseline, measured in the same
run: reading every benchmark page JSON and writing it again as the release writer does (compact
`json.dumps`), i.e. the release's own page-writing step plus the reads the site needs anyway.
Runs alternate baseline / site and the best of `--repeat` is kept (the machine may be shared).
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchhub.site import write_site

LINKED = ("index.json", "leaderboard.json", "benchmarks")


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    value = action()
    return time.perf_counter() - started, value


def rewrite_pages(release: Path, out: Path) -> int:
    """The baseline: read each page JSON and write it back compactly, as publish does."""
    out.mkdir(exist_ok=True)
    count = 0
    for source in sorted((release / "benchmarks").glob("*.json")):
        with open(source, encoding="utf-8") as handle:
            page = json.load(handle)
        text = json.dumps(
            page, sort_keys=True, default=str, separators=(",", ":"), ensure_ascii=False
        )
        with open(out / source.name, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
        count += 1
    return count


def release_info(release: Path) -> dict[str, Any]:
    manifest = json.loads((release / "manifest.json").read_text())
    manifest.pop("files", None)
    return manifest


def sizes(written: list[Path], site: Path) -> list[tuple[str, float, str]]:
    by_path = {path: path.stat().st_size for path in written}
    by_folder: Counter[str] = Counter()
    for path, size in by_path.items():
        by_folder[path.relative_to(site).parts[0]] += size
    pages = {p: size for p, size in by_path.items() if p.parent == site / "benchmarks"}
    ordered = sorted(pages.values())
    largest = max(pages, key=lambda p: pages[p])
    data = site / "data" / "index.js"
    gzipped = len(gzip.compress(data.read_bytes()))
    mb = 1e6
    return [
        (f"site/ total ({len(written)} files)", sum(by_path.values()) / mb, "MB"),
        (f"  benchmark pages ({len(pages)})", by_folder["benchmarks"] / mb, "MB"),
        ("    median page", statistics.median(ordered) / 1e3, "KB"),
        ("    99th percentile page", ordered[int(len(ordered) * 0.99)] / 1e3, "KB"),
        (f"    largest page ({largest.stem})", pages[largest] / 1e3, "KB"),
        ("  directory index.html", by_path[site / "index.html"] / 1e3, "KB"),
        ("  directory data/index.js", by_path[data] / mb, "MB"),
        ("    gzipped (as a server would send it)", gzipped / mb, "MB"),
        ("  browse/ (no-JavaScript listings)", by_folder["browse"] / mb, "MB"),
        ("  heatmap/ (3 labels)", by_folder["heatmap"] / 1e3, "KB"),
        ("  release.html", by_path[site / "release.html"] / 1e3, "KB"),
        ("  static/ (CSS, JS)", by_folder["static"] / 1e3, "KB"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--release", type=Path, default=Path("exports/latest"))
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    release = args.release.resolve()
    if not (release / "index.json").is_file():
        raise SystemExit(f"{args.release}: no release here (build one with `make registry`)")
    info = release_info(release)
    with tempfile.TemporaryDirectory(prefix="bench-site-") as folder:
        work = Path(folder)
        for name in LINKED:
            (work / name).symlink_to(release / name)
        baseline_times, site_times = [], []
        for _ in range(args.repeat):
            baseline_times.append(timed(lambda: rewrite_pages(release, work / "rewritten"))[0])
            elapsed, written = timed(lambda: write_site(work, info))
            site_times.append(elapsed)
        baseline, site_time = min(baseline_times), min(site_times)
        n_pages = len(list((release / "benchmarks").glob("*.json")))
        times = [
            (f"read + rewrite {n_pages} pages JSON (baseline)", baseline, "s  1.0x"),
            ("write_site", site_time, f"s  {site_time / baseline:.2f}x"),
            ("  per benchmark", site_time / n_pages * 1e3, "ms"),
        ]
        rows = times + sizes(written, work / "site")
    width = max(len(label) for label, _, _ in rows)
    print(f"release {info['release_id']}, best of {args.repeat}")
    for label, value, unit in rows:
        print(f"{label:<{width}}  {value:>9.2f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
