"""The page of a pushed run and of a pool of runs, from their JSON form.

The release site has one of each under `site/runs/` and `site/pools/` (written by write_site
from the release's `runs/*.json` and `pools/*.json`); the intake renders the same run page for
a run it accepted that no release holds yet, so the URL a push prints answers at once.
"""

from __future__ import annotations

from typing import Any

from benchhub_format.release import Endpoints

from benchhub.site.render import render

# Where a deployment serves `exports/latest/site/` (the site a release names); the reproduced
# scores' source URLs point at their pool pages under it (override with BENCHHUB_SITE_URL, the
# intake with --site-url).
DEFAULT_SITE_URL = Endpoints().site


def run_page(run: dict[str, Any], *, root: str, json_href: str, published: bool) -> str:
    """`root`: the site's root, relative ("../") in a release or the public site URL + "/"."""
    return render("run.html", root=root, run=run, json_href=json_href, published=published)


def pool_page(pool: dict[str, Any], *, root: str, json_href: str) -> str:
    return render("pool.html", root=root, pool=pool, json_href=json_href)


def pool_page_url(site_url: str, pool_id: str) -> str:
    return f"{site_url.rstrip('/')}/pools/{pool_id}.html"
