"""`write_site`: the static HTML site of a release, written to `<release>/site/`.

Reads only the release's own files (`index.json`, `benchmarks/*.json`, `models.json`,
`models/*.json`, `leaderboard.json`) and
the manifest fields passed in; writes HTML, the directory's data script and the bundled CSS and
JavaScript. Every link is relative, so the site works from file:// and from any HTTP server
that serves the release folder. Nothing is fetched from the web when a page is viewed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchhub_format.release import MODEL_INDEX, POOLS_DIR, RUNS_DIR, model_page_path
from benchhub_format.top_scores import top_headline_scores

from benchhub.redirects import REDIRECTS_FILE
from benchhub.release.blobs import code_sha256, derived_key
from benchhub.site import directory
from benchhub.site.benchmark import (
    OpenDisputes,
    commands,
    curve_chart,
    facts,
    published_next_to,
    score_groups,
)
from benchhub.site.formatting import LABELS
from benchhub.site.heatmap import COLOUR_STEPS, build_heatmap
from benchhub.site.release_page import change_lists, channel_rows, in_order
from benchhub.site.render import render
from benchhub.site.run_pages import pool_page, run_page

if TYPE_CHECKING:
    from benchhub.release.blobs import BlobStore

SITE_DIR = "site"
STATIC = Path(__file__).parent / "static"


def write_site(
    release_dir: Path, release_info: dict[str, Any], store: BlobStore | None = None
) -> list[Path]:
    """Write `release_dir/site/` (replacing any earlier one); return every file written.

    `release_info` is the manifest without its file list: release_id, created_at,
    previous_release_id, counts, channels, stale_channels, changes. With a release's blob
    `store`, a benchmark page whose inputs (its JSON page, whether its parent is published, and
    the site's code and templates) match one rendered before is linked instead of rendered.
    """
    index = _read_json(release_dir / "index.json")
    site = release_dir / SITE_DIR
    if site.exists():
        shutil.rmtree(site)
    written = _copy_static(site)
    written += _directory_pages(site, index)
    written += _benchmark_pages(site, release_dir, index, store)
    written += _model_pages(site, release_dir, index, store)
    written += _heatmap_pages(site, release_dir, index, store)
    written.append(_write(site / "release.html", _release_page(release_info)))
    written.append(_write(site / "claims.html", _claims_page(release_dir, index)))
    written += _redirect_pages(site, release_dir)
    written += _run_and_pool_pages(site, release_dir)
    return written


def _run_and_pool_pages(site: Path, release_dir: Path) -> list[Path]:
    """A page per pushed run and per pool of runs, from `runs/*.json` and `pools/*.json`."""
    written = []
    for path in sorted((release_dir / RUNS_DIR).glob("*.json")):
        html = run_page(
            _read_json(path), root="../", json_href=f"../../{RUNS_DIR}/{path.name}", published=True
        )
        written.append(_write(site / RUNS_DIR / f"{path.stem}.html", html))
    for path in sorted((release_dir / POOLS_DIR).glob("*.json")):
        html = pool_page(_read_json(path), root="../", json_href=f"../../{POOLS_DIR}/{path.name}")
        written.append(_write(site / POOLS_DIR / f"{path.stem}.html", html))
    return written


def _redirect_pages(site: Path, release_dir: Path) -> list[Path]:
    """A page per benchmark id that moved (redirects.json), pointing at where it went, so a
    link to the old page still lands."""
    path = release_dir / REDIRECTS_FILE
    moved = _read_json(path).get("benchmark", {}) if path.exists() else {}
    return [
        _write(
            site / "benchmarks" / f"{old_id}.html",
            render(
                "redirect.html", root="../", old_id=old_id, to=entry["to"], reason=entry["reason"]
            ),
        )
        for old_id, entry in sorted(moved.items())
    ]


def _claims_page(release_dir: Path, index: dict[str, Any]) -> str:
    """Claims vs independent: the per-vendor and per-benchmark summary, then every pair."""
    claims = _read_json(release_dir / "claims.json")
    vendor_of = {r["name"]: r for r in claims["by_vendor"]}
    by_vendor: dict[str, list[dict[str, Any]]] = {name: [] for name in vendor_of}
    by_benchmark: dict[str, list[dict[str, Any]]] = {r["name"]: [] for r in claims["by_benchmark"]}
    for pair in claims["pairs"]:
        by_vendor.setdefault(pair.get("vendor") or "unknown", []).append(pair)
        by_benchmark.setdefault(pair["benchmark_id"], []).append(pair)
    return render(
        "claims.html",
        root="",
        data_links=True,
        claims=claims,
        pairs_by_vendor=list(by_vendor.items()),
        pairs_by_benchmark=list(by_benchmark.items()),
        published={entry["id"] for entry in index["benchmarks"]},
    )


def _copy_static(site: Path) -> list[Path]:
    target = site / "static"
    shutil.copytree(STATIC, target)
    return sorted(path for path in target.rglob("*") if path.is_file())


def _directory_pages(site: Path, index: dict[str, Any]) -> list[Path]:
    entries = index["benchmarks"]
    data = directory.directory_data(index)
    groups = directory.by_initial(entries)
    common = {"data_links": True, "initials": list(groups)}
    written = [
        _write(site / directory.DATA_SCRIPT, directory.data_script(data)),
        _write(
            site / "index.html",
            render(
                "directory.html",
                root="",
                entries=directory.most_scored(entries)[: directory.FIRST_ROWS],
                total=len(entries),
                data=data,
                data_script=directory.DATA_SCRIPT,
                **common,
            ),
        ),
    ]
    for initial, group in groups.items():
        page = render("browse.html", root="../", initial=initial, entries=group, **common)
        written.append(_write(site / "browse" / f"{initial}.html", page))
    return written


def _benchmark_pages(
    site: Path, release_dir: Path, index: dict[str, Any], store: BlobStore | None
) -> list[Path]:
    published = {entry["id"] for entry in index["benchmarks"]}
    pool_pages = {path.stem for path in (release_dir / POOLS_DIR).glob("*.json")}
    # A page links a pool only where the release has its page: which pools have one is part of
    # every page's key (it changes only when runs are pushed).
    pools_digest = hashlib.sha256(",".join(sorted(pool_pages)).encode()).hexdigest()[:16]
    written = []
    for entry in index["benchmarks"]:
        source = release_dir / "benchmarks" / f"{entry['id']}.json"
        target = site / "benchmarks" / f"{entry['id']}.html"
        key = None
        placed = store.entries.get(str(source)) if store is not None else None
        if store is not None and placed:
            # the index names the page's parent too: an unchanged page is not even read
            key = _page_key(placed["sha256"], entry.get("parent_id") in published, pools_digest)
            if store.derived(key, target):
                written.append(target)
                continue
        page = _read_json(source)
        shown = (page.get("pools") or []) + (page.get("reproduced") or [])
        linked = {p["pool_id"] for p in shown if "pool_id" in p} & pool_pages
        found, absent = facts(page)
        html = render(
            "benchmark.html",
            root="../",
            page=page,
            found=found,
            absent=absent,
            groups=score_groups(page["scores"]),
            tops=top_headline_scores(page["scores"]),
            commands=commands(page),
            published_next_to=published_next_to,
            curve_chart=curve_chart,
            parent_published=page.get("parent_id") in published,
            disputes=OpenDisputes.of(page),
            pool_pages=linked,
        )
        if store is not None and key is not None:
            store.remember(key, store.write(target, html.encode("utf-8")))
            written.append(target)
        else:
            written.append(_write(target, html))
    return written


def _model_pages(
    site: Path, release_dir: Path, index: dict[str, Any], store: BlobStore | None
) -> list[Path]:
    """A page per model and agent system (docs/models.md), from `models/<id>.json`. With a
    blob `store`, a page whose inputs (its JSON page and which benchmarks are published, the
    links it may make) match one rendered before is linked instead of rendered."""
    models_index = release_dir / MODEL_INDEX
    if not models_index.exists():
        return []
    published = {entry["id"] for entry in index["benchmarks"]}
    published_key = derived_key("published", *sorted(published))
    written = []
    for entry in _read_json(models_index)["models"]:
        source = release_dir / model_page_path(entry["id"])
        target = site / "models" / f"{entry['id']}.html"
        placed = store.entries.get(str(source)) if store is not None else None
        key = None
        if store is not None and placed:
            site_code = code_sha256(Path(__file__).parent)
            key = f"site-model:{site_code}:{placed['sha256']}:{published_key}"
            if store.derived(key, target):
                written.append(target)
                continue
        html = render("model.html", root="../", page=_read_json(source), published=published)
        if store is not None and key is not None:
            store.remember(key, store.write(target, html.encode("utf-8")))
            written.append(target)
        else:
            written.append(_write(target, html))
    return written


def _page_key(page_sha256: str, parent_published: bool, pools_digest: str) -> str:
    # This package's code, templates and static files shape a page: any change renders again.
    site_code = code_sha256(Path(__file__).parent)
    return f"site-benchmark:{site_code}:{page_sha256}:{int(parent_published)}:{pools_digest}"


def _heatmap_pages(
    site: Path, release_dir: Path, index: dict[str, Any], store: BlobStore | None
) -> list[Path]:
    """A heatmap page per label. With a blob `store`, when the pages' inputs (the leaderboard,
    and the index for the names) match ones rendered before, those pages are linked and the
    leaderboard is not even read."""
    targets = {label: site / "heatmap" / f"{label}.html" for label in LABELS}
    keys: dict[str, str] = {}
    if store is not None:
        inputs = [
            store.entries.get(str(release_dir / n)) for n in ("leaderboard.json", "index.json")
        ]
        if all(inputs):
            site_code = code_sha256(Path(__file__).parent)
            shas = ":".join(entry["sha256"] for entry in inputs if entry)
            keys = {label: f"site-heatmap:{site_code}:{shas}:{label}" for label in LABELS}
            if all(store.derived(keys[label], targets[label]) for label in LABELS):
                return list(targets.values())
    # Read after the pages: fewer live objects while thousands of pages are rendered.
    cells = _read_json(release_dir / "leaderboard.json")["cells"]
    names = {entry["id"]: entry["name"] for entry in index["benchmarks"]}
    heatmaps = [build_heatmap(cells, label) for label in LABELS]
    written = []
    for heatmap in heatmaps:
        target = targets[heatmap.label]
        html = render(
            "heatmap.html",
            root="../",
            data_links=True,
            heatmap=heatmap,
            heatmaps=heatmaps,
            names=names,
            steps=COLOUR_STEPS,
        )
        if store is not None and keys:
            store.remember(keys[heatmap.label], store.write(target, html.encode("utf-8")))
            written.append(target)
        else:
            written.append(_write(target, html))
    return written


def _release_page(info: dict[str, Any]) -> str:
    counts = info.get("counts") or {}
    return render(
        "release.html",
        root="",
        data_links=True,
        info=info,
        changes=change_lists(info.get("changes") or {}),
        channels=channel_rows(info),
        tiers=in_order(counts.get("benchmarks_by_tier") or {}, directory.TIER_ORDER),
        labels=in_order(counts.get("scores_by_label") or {}, LABELS),
    )


def _read_json(path: Path) -> Any:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path
