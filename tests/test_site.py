"""The release site (`benchhub.site.write_site`): built from a small release made here with the
release's own page functions, checked as files, then opened in headless Chromium over file://
and a loopback HTTP server; plus one pass over the full registry built by `built_registry`.

Screenshots of each page type are saved under tests/artifacts/site/ (git-ignored).
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from benchhub_format.top_scores import TOP_PER_LABEL

from benchhub.release import contents
from benchhub.release.blobs import BlobStore
from benchhub.release.model_pages import write_model_pages
from benchhub.site import write_site
from benchhub.site.benchmark import SCORE_ROWS_PER_LABEL
from benchhub.site.heatmap import build_heatmap
from tests.chromium import Browser, Tab, chromium_path

RELEASE_ID = "2026-01-02T030405Z"
ARTIFACTS = Path(__file__).parent / "artifacts" / "site"
CSS = Path(__file__).resolve().parents[1] / "benchhub" / "site" / "static" / "site.css"
MANY = SCORE_ROWS_PER_LABEL + 50  # scores on "delta-many", more than a page shows


# --- a small release, written with the release's own page functions ---------------------------


def _benchmark(benchmark_id: str, name: str, tier: str, **fields: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "benchmark_id": benchmark_id,
        "name": name,
        "aliases": [name, benchmark_id.upper()],
        "description": f"{name}: a benchmark made up for the site's tests.",
        "paper_url": f"https://arxiv.org/abs/2401.{len(benchmark_id):05d}",
        "license": None,
        "metric": "accuracy",
        "sample_count": 500,
        "axes": [],
        "tier": tier,
        "missing_fields": ["license"],
        "tier_reasons": [f"{tier} for the test"],
        "harbor_runnable": False,
        "channels": ["epoch_ai", "helm"],
        "n_channels": 2,
        "provenance": json.dumps(
            {"description": "helm", "paper_url": "epoch_ai", "metric": "helm"}
        ),
        "source_urls": json.dumps({"epoch_ai": "https://epoch.ai/data", "helm": None}),
        "review_decision": "publish",
        "reviewer": "heuristic",
        "review_notes": "listed by 2 channels",
    }
    return row | fields


def _score(benchmark: str, model: str, label: str, value: float, **fields: Any) -> dict[str, Any]:
    score = {
        "benchmark_id": benchmark,
        "model_id": model,
        "label": label,
        "value": value,
        "scale": "percent",
        "metric": "accuracy",
        "source_url": f"https://example.org/{label}/{benchmark}/{model}",
        "channel": "epoch_ai",
        "settings": json.dumps({"shots": 5}),
        "reported_at": "2025-06-01",
        "kind": "headline",
    } | fields
    # as the scores table computes it
    score["value_percent"] = {"fraction": value * 100, "percent": value}.get(score["scale"])
    return score


BENCHMARKS = [
    _benchmark(
        "alpha-qa",
        "Alpha QA",
        "verified",
        axes=["knowledge", "reasoning"],
        license="MIT",
        missing_fields=[],
        harbor_runnable=True,
        harbor_source="pull",
    ),
    _benchmark(
        "beta-code",
        "Beta Code",
        "auto",
        axes=["coding"],
        license="Apache-2.0",
        harbor_runnable=True,
        harbor_source="adapter",
    ),
    _benchmark("gamma-chat", "Gamma Chat", "incomplete", axes=["dialogue"], metric=None),
    _benchmark("delta-many", "Delta Many", "incomplete", axes=["knowledge"]),
    _benchmark(
        "epsilon-empty",
        "Epsilon <Empty> & Co",
        "incomplete",
        description=None,
        paper_url=None,
        metric=None,
        sample_count=None,
        missing_fields=["description", "paper", "license", "metric", "sample_count"],
        parent_id="alpha-qa",
        channels=["helm"],
        n_channels=1,
    ),
]
SCORES = [
    _score("alpha-qa", "model-a", "self_reported", 81.0),
    _score("alpha-qa", "model-b", "self_reported", 0.702, scale="fraction"),
    _score("beta-code", "model-a", "self_reported", 55.5),
    _score("alpha-qa", "model-a", "independent", 77.5, channel="helm", harness="helm"),
    _score("alpha-qa", "model-b", "independent", 66.0),
    _score("alpha-qa", "model-c", "independent", 12.0),
    _score("beta-code", "model-b", "independent", 40.0),
    _score("beta-code", "model-c", "independent", 45.0, stderr=1.5),
    _score("gamma-chat", "model-a", "independent", 1250.0, scale="elo", metric="elo"),
    _score("gamma-chat", "model-c", "independent", 1100.0, scale="elo", metric="elo"),
    _score("alpha-qa", "model-a", "reproduced", 79.0, channel="ltb", harness="harbor"),
    *(_score("delta-many", f"crowd-{i:03d}", "independent", i / 2) for i in range(MANY)),
]


def _model(model_id: str, **fields: Any) -> dict[str, Any]:
    row = {"model_id": model_id, "name": model_id, "developer": "Lab", "aliases": [model_id],
           "kind": "model", "line": model_id, "version": None, "snapshot": None,
           "base_model": None, "open_weights": None, "hf_repo": None}  # fmt: skip
    return row | fields


MODELS = [
    *(_model(m) for m in sorted({s["model_id"] for s in SCORES})),
    _model("model-a-2025-01-31", line="model-a", snapshot="2025-01-31"),
    _model("harness--model-a", name="Harness (model-a)", kind="agent_system",
           line="harness", base_model="model-a"),
]  # fmt: skip
AGENT_SCORES = [_score("beta-code", "harness--model-a", "independent", 70.0)]
MEDIANS = [
    {
        "benchmark_id": "alpha-qa",
        "model_id": "model-a",
        "harness": "harbor",
        "settings_key": json.dumps({"agent": "oracle"}),
        "median": 79.0,
        "n_runs": 3,
        "min": 76.0,
        "max": 82.0,
        "ci_low": 75.5,
        "ci_high": 82.5,
        "last_run_at": "2025-07-01 12:00:00",
    }
]
ALIASES = [
    {
        "benchmark_id": b["benchmark_id"],
        "channel": c,
        "source_key": b["benchmark_id"],
        "source_name": b["name"],
    }
    for b in BENCHMARKS
    for c in b["channels"]
]


def leaderboard_cells(scores: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One cell per benchmark x model x label (the first score), as the leaderboard table has."""
    cells: dict[tuple[str, str, str], dict[str, Any]] = {}
    for s in scores:
        key = (s["benchmark_id"], s["model_id"], s["label"])
        if key in cells:
            cells[key]["n_scores"] += 1
            continue
        percent = {"fraction": s["value"] * 100, "percent": s["value"]}.get(s["scale"])
        cells[key] = {**s, "value_percent": percent, "n_scores": 1}
    return list(cells.values())


def release_info(**overrides: Any) -> dict[str, Any]:
    return {
        "release_id": RELEASE_ID,
        "created_at": "2026-01-02T03:04:05+00:00",
        "previous_release_id": "2026-01-01T000000Z",
        "counts": {
            "benchmarks": len(BENCHMARKS),
            "benchmarks_by_tier": {"auto": 1, "incomplete": 3, "verified": 1},
            "scores_by_label": {"independent": 7 + MANY, "reproduced": 1, "self_reported": 3},
            "models_with_scores": 3 + MANY,
            "reproduced_runs": 3,
        },
        "channels": {
            "epoch_ai": {
                "stale": False,
                "last_success_at": "2026-01-02 01:04:05+00:00",
                "last_error": None,
            },
            "helm": {
                "stale": True,
                "last_success_at": "2025-12-20 03:04:05+00:00",
                "last_error": "HTTP 503",
            },
        },
        "stale_channels": ["helm"],
        "changes": {
            "previous_release_id": "2026-01-01T000000Z",
            "added": ["delta-many", "epsilon-empty"],
            "removed": ["old-bench"],
            "retiered": [{"id": "beta-code", "from": "incomplete", "to": "auto"}],
            "changed": ["alpha-qa"],
            "scores_delta": 12,
        },
    } | overrides


# One self-reported vs independent pair, as score_comparison has it, and its summary rows.
PAIR = {
    "benchmark_id": "alpha-qa",
    "model_id": "model-a",
    "vendor": "Vendor <A>",
    "metric": "accuracy",
    "subset": "overall",
    "attempts": 1,
    "unit": "percent",
    "self_value": 81.0,
    "independent_value": 77.5,
    "self_minus_independent": 3.5,
    "gap_standard_error": 2.9,
    "verdict": "within noise",
    "verdict_reason": "within noise: gap 3.5 points vs 1.96 x 2.9 (binomial, n=400)",
    "differing_settings": [],
    "self_unknown_settings": ["reasoning_effort"],
    "independent_unknown_settings": [],
    "rests_on_unknown": True,
    "self_source_url": "https://example.org/self_reported/alpha-qa/model-a",
    "independent_source_url": "https://example.org/independent/alpha-qa/model-a",
    "self_publisher": "Vendor A",
    "independent_publisher": "HELM",
}
CLAIMS_SUMMARY = [
    {
        "grouping": grouping,
        "name": name,
        "pairs": 1,
        "comparable_pairs": 1,
        "beyond_noise": 0,
        "resting_on_unknown_settings": 1,
        "median_gap_points": 3.5,
        "share_beyond_noise": 0.0,
        "models": 1,
        "benchmarks": 1,
    }
    for grouping, name in (("vendor", "Vendor <A>"), ("benchmark", "alpha-qa"))
]


def write_small_release(release_dir: Path) -> None:
    scores = contents.group_by(SCORES, "benchmark_id")
    aliases = contents.group_by(ALIASES, "benchmark_id")
    medians = contents.group_by(MEDIANS, "benchmark_id")
    (release_dir / "benchmarks").mkdir(parents=True)
    entries = []
    for b in BENCHMARKS:
        i = b["benchmark_id"]
        pairs = [PAIR] if i == PAIR["benchmark_id"] else []
        page = contents.benchmark_page(
            b, aliases[i], scores.get(i, []), medians.get(i, []), comparisons=pairs
        )
        _dump(release_dir / "benchmarks" / f"{i}.json", page)
        entries.append(contents.index_entry(b, len(page["scores"])))
    _dump(release_dir / "index.json", contents.build_index(entries))
    _dump(release_dir / "leaderboard.json", {"cells": leaderboard_cells(SCORES)})
    store = BlobStore(release_dir.parent / f"{release_dir.name}-exports")
    write_model_pages(MODELS, SCORES + AGENT_SCORES, release_dir, store)
    _dump(release_dir / "claims.json", contents.claims([PAIR], CLAIMS_SUMMARY))
    # The real manifest is written after the site (it lists the site's files); the site links it.
    _dump(release_dir / "manifest.json", release_info() | {"files": {}})


def _dump(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


@dataclass(frozen=True)
class Site:
    release: Path
    written: list[Path]

    @property
    def root(self) -> Path:
        return self.release / "site"

    def html(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")

    def index(self) -> list[dict[str, Any]]:
        return json.loads((self.release / "index.json").read_text())["benchmarks"]

    def cells(self) -> list[dict[str, Any]]:
        return json.loads((self.release / "leaderboard.json").read_text())["cells"]


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    release = tmp_path_factory.mktemp("release")
    write_small_release(release)
    return Site(release, write_site(release, release_info()))


# --- the files ----------------------------------------------------------------------------------


def test_writes_every_page_type_and_lists_every_file(small_site: Site) -> None:
    on_disk = {p for p in small_site.root.rglob("*") if p.is_file()}
    assert set(small_site.written) == on_disk
    assert len(small_site.written) == len(on_disk)
    for relative in (
        "index.html",
        "release.html",
        "claims.html",
        "data/index.js",
        "static/site.css",
    ):
        assert (small_site.root / relative).is_file(), relative
    for label in ("self_reported", "independent", "reproduced"):
        assert (small_site.root / "heatmap" / f"{label}.html").is_file()
    pages = {p.stem for p in (small_site.root / "benchmarks").glob("*.html")}
    assert pages == {b["benchmark_id"] for b in BENCHMARKS}


def test_links_stay_inside_the_release_and_nothing_is_fetched_from_the_web(
    small_site: Site,
) -> None:
    for page in small_site.root.rglob("*.html"):
        links = _links(page.read_text(encoding="utf-8"))
        for tag, attribute, url in links:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https"):
                assert (tag, attribute) == ("a", "href"), f"{page}: {tag} loads {url} from the web"
                continue
            if parts.scheme == "data" or url.startswith("#"):
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_file(), f"{page.relative_to(small_site.release)}: broken link {url}"


def test_benchmark_page_shows_facts_scores_sources_and_commands(small_site: Site) -> None:
    html = small_site.html("benchmarks/alpha-qa.html")
    assert "https://arxiv.org/abs/2401.00008" in html and "epoch_ai" in html  # fact, its source
    for score in (s for s in SCORES if s["benchmark_id"] == "alpha-qa"):
        assert f'href="{score["source_url"]}"' in html
    assert "shots=5" in html
    assert "ltb bench pull alpha-qa --n 50 --seed 0 --out ./alpha-qa" in html
    assert "ltb bench push ./jobs" in html
    steps = [
        html.index(f"<dt>{step}</dt>") for step in ("info", "pull", "oracle check", "run", "push")
    ]
    assert steps == sorted(steps)  # in the order they are run
    # Harbor runs beta-code from its own adapter: no pull command a pull would refuse
    beta = small_site.html("benchmarks/beta-code.html")
    assert "ltb bench pull beta-code" not in beta and "does not build it" in beta
    # reproduced median: runs, interval, range, next to the published numbers with their gap
    reproduced = html[html.index('id="reproduced"') :]
    row = reproduced[reproduced.index('<th scope="row">model-a') :].split("</tr>")[0]
    for text in ("79", ">3<", "[75.5, 82.5]", "76–82", "agent=oracle", "(gap -2)", "(gap +1.5)"):
        assert text in row, text
    assert "https://example.org/self_reported/alpha-qa/model-a" in row


def test_model_page_shows_versions_scores_and_agent_systems_apart(small_site: Site) -> None:
    """docs/models.md: a page per model; an agent system's scores are listed apart."""
    html = small_site.html("models/model-a.html")
    assert 'href="model-a-2025-01-31.html"' in html  # another version of the line
    assert 'href="../benchmarks/alpha-qa.html"' in html
    scores = html[html.index('id="scores"') : html.index('id="agents"')]
    assert "70" not in scores.replace("https://example.org", "")  # the agent's number
    agents = html[html.index('id="agents"') :]
    assert 'href="harness--model-a.html"' in agents and "beta-code" in agents
    agent = small_site.html("models/harness--model-a.html")
    assert 'href="model-a.html"' in agent  # built on
    benchmark = small_site.html("benchmarks/alpha-qa.html")
    assert 'href="../models/model-a.html"' in benchmark


def test_benchmark_page_shows_headline_scores_and_the_comparison(small_site: Site) -> None:
    html = small_site.html("benchmarks/alpha-qa.html")
    headline = html[html.index('id="headline"') : html.index('id="comparisons"')]
    assert "model-a" in headline and "81%" in headline
    pairs = html[html.index('id="comparisons"') : html.index('id="scores"')]
    assert "within noise" in pairs and "+3.5" in pairs and "rests" not in pairs


def test_claims_page_sums_up_vendors_and_links_every_pair(small_site: Site) -> None:
    html = small_site.html("claims.html")
    assert "Vendor &lt;A&gt;" in html and "<A>" not in html
    assert 'href="benchmarks/alpha-qa.html#comparisons"' in html
    assert 'href="#vendor-vendor-a"' in html and 'id="vendor-vendor-a"' in html
    assert "within noise" in html and "+3.5" in html


def test_missing_facts_and_names_are_escaped(small_site: Site) -> None:
    html = small_site.html("benchmarks/epsilon-empty.html")
    assert "Epsilon &lt;Empty&gt; &amp; Co" in html and "<Empty>" not in html
    assert "Not found in any channel" in html and "Description" in html
    assert 'href="alpha-qa.html"' in html  # its parent
    assert "No scores in this release." in html


def test_labels_with_many_scores_show_the_highest_with_a_count_and_a_link(small_site: Site) -> None:
    html = small_site.html("benchmarks/delta-many.html")
    every_score = html[html.index('id="scores"') :]
    assert every_score.count('<th scope="row"><a href="../models/crowd-') == SCORE_ROWS_PER_LABEL
    headline = html[html.index('id="headline"') : html.index('id="comparisons"')]
    assert headline.count('<th scope="row"><a href="../models/crowd-') == TOP_PER_LABEL
    assert f"Showing the {SCORE_ROWS_PER_LABEL} highest of {MANY}" in html
    assert f"crowd-{MANY - 1:03d}" in html and "crowd-000" not in html
    assert 'href="../../benchmarks/delta-many.json"' in html


def test_heatmap_default_slice_and_filled_cells(small_site: Site) -> None:
    cells = small_site.cells()
    heatmap = build_heatmap(cells, "independent", n_benchmarks=4, n_models=3)
    # benchmarks with the most models scored first, ties by id
    assert heatmap.benchmarks == ["delta-many", "alpha-qa", "beta-code", "gamma-chat"]
    # then the models covering the most of them: model-c 3, model-a and model-b 2, each crowd 1
    assert [model for model, _ in heatmap.rows] == ["model-c", "model-a", "model-b"]
    assert heatmap.filled == 7 and heatmap.shown == 12
    for label in ("self_reported", "independent"):
        html = small_site.html(f"heatmap/{label}.html")
        filled = build_heatmap(cells, label).filled
        assert f'data-filled="{filled}"' in html
        assert len(re.findall(r'<td class="q\d"><a href="https://', html)) == filled
        shown = build_heatmap(cells, label).shown
        assert html.count('<td class="e"></td>') == shown - filled
    assert "No reproduced scores" not in small_site.html("heatmap/reproduced.html")


def test_release_page_counts_changes_and_freshness(small_site: Site) -> None:
    html = small_site.html("release.html")
    assert RELEASE_ID in html and "2026-01-01T000000Z" in html
    assert 'href="index.html?tier=verified"' in html
    assert '<a href="benchmarks/delta-many.html">delta-many</a>' in html
    assert "<li>old-bench</li>" in html  # removed: no page to link to
    assert "incomplete → auto" in html
    helm = html[html.index('<th scope="row">helm') :].split("</tr>")[0]
    assert "stale" in helm and "HTTP 503" in helm and "13 d" in helm


def test_only_the_release_page_changes_with_the_release(small_site: Site, tmp_path: Path) -> None:
    """Every other page (directory, benchmarks, models, heatmaps, claims) is the same file from
    release to release while the data is, so the release's blob store keeps it once."""
    release = tmp_path / "release"
    write_small_release(release)
    write_site(release, release_info(release_id="2027-01-01T000000Z", created_at="2027-01-01"))
    pages = sorted(p.relative_to(small_site.root) for p in small_site.written)
    assert len(pages) > 10
    changed = [
        p
        for p in pages
        if (small_site.root / p).read_bytes() != (release / "site" / p).read_bytes()
    ]
    assert [p.as_posix() for p in changed] == ["release.html"]


def test_directory_data_script_carries_the_index(small_site: Site) -> None:
    script = small_site.html("data/index.js")
    prefix = "window.BENCHHUB_INDEX="
    assert script.startswith(prefix)
    data = json.loads(script[len(prefix) :].rstrip().rstrip(";"))
    ids = [row[data["fields"].index("id")] for row in data["rows"]]
    assert sorted(ids) == sorted(e["id"] for e in small_site.index())
    assert ids[0] == "delta-many"  # most scores first


def test_colours_have_enough_contrast() -> None:
    css = CSS.read_text()
    pairs = re.findall(r"\.q\d \{ background: (#\w{6}); color: (#\w{3,6}); \}", css)
    assert len(pairs) == 8
    variables = dict(re.findall(r"--(\w+): (#\w{3,6});", css))
    pairs += [(variables["link"], "#ffffff"), (variables["muted"], "#ffffff")]
    pairs += [(variables["muted"], variables["soft"]), (variables["link"], variables["soft"])]
    for background, text in pairs:
        assert _contrast(background, text) >= 4.5, (background, text)


# --- in the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if chromium_path() is None:
        pytest.skip("chromium is not installed and could not be: run scripts/install-chromium.sh")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS.parent / ".gitignore").write_text("*\n")  # screenshots are never committed
    with Browser() as opened:
        yield opened


@pytest.fixture(scope="module")
def loopback(small_site: Site) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(small_site.release))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/site/"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["file", "http"])
def site_url(request: pytest.FixtureRequest, small_site: Site) -> str:
    if request.param == "file":
        return small_site.root.as_uri() + "/"
    return request.getfixturevalue("loopback")


def test_directory_filters_change_the_visible_rows(
    browser: Browser, site_url: str, small_site: Site
) -> None:
    tab = browser.open(site_url + "index.html")
    entries = small_site.index()
    assert _visible_ids(tab) == [
        e["id"] for e in sorted(entries, key=lambda e: (-e["n_scores"], e["id"]))
    ]
    cases: list[tuple[dict[str, Any], Callable[[dict[str, Any]], bool]]] = [
        ({"tier": "verified"}, lambda e: e["tier"] == "verified"),
        ({"tier": "incomplete"}, lambda e: e["tier"] == "incomplete"),
        ({"axis": "knowledge"}, lambda e: "knowledge" in e["axes"]),
        (
            {"axis": "knowledge", "tier": "incomplete"},
            lambda e: "knowledge" in e["axes"] and e["tier"] == "incomplete",
        ),
        ({"license": "*"}, lambda e: e["license"] is not None),
        ({"license": "-"}, lambda e: e["license"] is None),
        ({"license": "Apache-2.0"}, lambda e: e["license"] == "Apache-2.0"),
        ({"harbor": True}, lambda e: e["harbor_runnable"]),
        ({"q": "ALPHA"}, lambda e: "alpha" in e["id"]),
        ({"q": "made up gamma"}, lambda e: e["id"] == "gamma-chat"),
    ]
    for fields, keep in cases:
        _set_filters(tab, fields)
        expected = sorted(e["id"] for e in entries if keep(e))
        assert sorted(_visible_ids(tab)) == expected, fields
        assert tab.evaluate("document.getElementById('count').textContent").startswith(
            f"{len(expected)} of"
        )
    _set_filters(tab, {"tier": "incomplete"})
    tab.screenshot(ARTIFACTS / f"{_scheme(site_url)}-directory.png")
    assert tab.errors() == []


def test_directory_opens_filtered_from_a_link(browser: Browser, site_url: str) -> None:
    tab = browser.open(site_url + "index.html?tier=verified&harbor=1")
    assert _visible_ids(tab) == ["alpha-qa"]
    assert tab.errors() == []


def test_benchmark_page_in_the_browser(browser: Browser, site_url: str) -> None:
    tab = browser.open(site_url + "benchmarks/alpha-qa.html")
    sources = tab.evaluate(
        "[...document.querySelectorAll('table.scores tbody tr td:last-child a')].map(a => a.href)"
    )
    expected = {
        s["source_url"]
        for s in SCORES
        if s["benchmark_id"] == "alpha-qa" and s["label"] != "reproduced"
    }
    assert expected <= set(sources)
    headings = tab.evaluate(
        "[...document.querySelectorAll('#scores ~ h3, section h3')].map(h => h.id)"
    )
    assert {"scores-self_reported", "scores-independent", "scores-reproduced"} <= set(headings)
    tab.screenshot(ARTIFACTS / f"{_scheme(site_url)}-benchmark.png", full_page=True)
    assert tab.errors() == []


def test_heatmap_in_the_browser(browser: Browser, site_url: str, small_site: Site) -> None:
    tab = browser.open(site_url + "heatmap/independent.html")
    _assert_heatmap(tab, small_site.cells(), "independent")
    tab.screenshot(ARTIFACTS / f"{_scheme(site_url)}-heatmap.png")
    assert tab.errors() == []


def test_release_page_in_the_browser(browser: Browser, site_url: str) -> None:
    tab = browser.open(site_url + "release.html")
    assert tab.evaluate("document.querySelector('h1').textContent") == f"Release {RELEASE_ID}"
    tab.screenshot(ARTIFACTS / f"{_scheme(site_url)}-release.png", full_page=True)
    assert tab.errors() == []


def test_pages_read_without_javascript(browser: Browser, small_site: Site) -> None:
    tab = browser.open(small_site.root.joinpath("index.html").as_uri(), javascript=False)
    assert len(_visible_ids(tab)) == len(BENCHMARKS)  # the server-rendered list
    tab = browser.open(
        small_site.root.joinpath("benchmarks/delta-many.html").as_uri(), javascript=False
    )
    # the table of every score under its label (the headline section above has its own)
    every_score = (
        "h3[id^='scores-'] + .scroll table.scores tbody tr, "
        "h3[id^='scores-'] + p + .scroll table.scores tbody tr"
    )
    assert tab.evaluate(f'document.querySelectorAll("{every_score}").length') == (
        SCORE_ROWS_PER_LABEL
    )


# --- the full registry --------------------------------------------------------------------------


def test_site_of_the_full_registry(built_registry: Any, browser: Browser) -> None:
    """Every page of the real release (the site its release step wrote) is there, stays small,
    and the heatmap counts hold."""
    release = built_registry.latest.resolve()
    written = sorted(p for p in (release / "site").rglob("*") if p.is_file())
    site = Site(release, written)
    entries = site.index()
    ids = {e["id"] for e in entries}
    pages = [p for p in written if p.parent.name == "benchmarks" and p.stem in ids]
    assert len(pages) == len(entries)
    largest = max(p.stat().st_size for p in pages)
    # model pages apart: there is one per model, however many benchmarks there are
    total = sum(p.stat().st_size for p in written if p.parent.name != "models")
    assert largest < 200_000, largest
    assert total < 6_000 * len(entries), total  # a few KB per benchmark

    tab = browser.open(site.root.joinpath("index.html").as_uri())
    _set_filters(tab, {"tier": "verified"})
    count = tab.evaluate("document.getElementById('count').textContent")
    assert count.startswith(f"{sum(e['tier'] == 'verified' for e in entries)} of {len(entries)}")
    assert tab.errors() == []
    cells = site.cells()
    for label in ("self_reported", "independent"):
        tab = browser.open(site.root.joinpath(f"heatmap/{label}.html").as_uri())
        _assert_heatmap(tab, cells, label)
        assert tab.errors() == []
    tab.screenshot(ARTIFACTS / "full-heatmap.png")
    biggest = max(entries, key=lambda e: e["n_scores"])["id"]
    tab = browser.open(site.root.joinpath(f"benchmarks/{biggest}.html").as_uri())
    assert tab.errors() == []
    tab.screenshot(ARTIFACTS / "full-benchmark.png", full_page=True)


# --- helpers ------------------------------------------------------------------------------------


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        pass


class _LinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append((tag, name, value))


def _links(html: str) -> list[tuple[str, str, str]]:
    parser = _LinkParser()
    parser.feed(html)
    return parser.links


def _set_filters(tab: Tab, fields: dict[str, Any]) -> None:
    values = {"q": "", "axis": "", "tier": "", "license": "", "harbor": False} | fields
    tab.evaluate(
        f"""(() => {{
        const form = document.getElementById('filters');
        const values = {json.dumps(values)};
        for (const [name, value] of Object.entries(values)) {{
            if (typeof value === 'boolean') form.elements[name].checked = value;
            else form.elements[name].value = value;
        }}
        form.dispatchEvent(new Event('change', {{bubbles: true}}));
        }})()"""
    )


def _visible_ids(tab: Tab) -> list[str]:
    return tab.evaluate(
        "[...document.querySelectorAll('#rows tr td:first-child a')]"
        ".map(a => a.getAttribute('href').replace('benchmarks/', '').replace('.html', ''))"
    )


def _assert_heatmap(tab: Tab, cells: list[dict[str, Any]], label: str) -> None:
    """The filled cells are exactly the leaderboard's cells for the models and benchmarks shown."""
    grid = tab.evaluate(
        """(() => {
        const table = document.querySelector('table.hm');
        const columns = [...table.querySelectorAll('thead th.b a')]
            .map(a => a.getAttribute('href').split('/').pop().replace('.html', ''));
        const rows = [...table.querySelectorAll('tbody tr')].map(tr => ({
            model: tr.querySelector('th').textContent,
            cells: [...tr.querySelectorAll('td')].map(td => td.querySelector('a')?.href ?? null),
        }));
        return {columns, rows, declared: Number(table.dataset.filled)};
        })()"""
    )
    expected = {
        (c["model_id"], c["benchmark_id"]): c["source_url"] for c in cells if c["label"] == label
    }
    seen = {
        (row["model"], column): href
        for row in grid["rows"]
        for column, href in zip(grid["columns"], row["cells"], strict=True)
        if href is not None
    }
    wanted = {
        key: url
        for key, url in expected.items()
        if key[0] in {r["model"] for r in grid["rows"]} and key[1] in grid["columns"]
    }
    assert seen == wanted
    assert grid["declared"] == len(seen) == build_heatmap(cells, label).filled > 0


def _scheme(url: str) -> str:
    return urlsplit(url).scheme


def _contrast(first: str, second: str) -> float:
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
