"""The directory: the search data the browser filters, and the no-JavaScript listings.

The browser cannot fetch() `index.json` over file://, so the site carries a generated script,
`data/index.js`, that sets `window.BENCHHUB_INDEX` to a compact, column-coded copy of the
release's index (one array per benchmark; axes, tiers and licences as numbers into lookup
lists). Without JavaScript, the directory shows the most-scored benchmarks and links to one
listing per initial letter.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

DATA_SCRIPT = "data/index.js"
DATA_GLOBAL = "BENCHHUB_INDEX"
FIRST_ROWS = 100  # rows shown before "show more", and in the page without JavaScript
# Column order of a row in the data script; static/directory.js reads rows by these positions.
ROW_FIELDS = (
    "id",
    "name",
    "aliases",
    "description",
    "axes",
    "tier",
    "license",
    "harbor_runnable",
    "n_scores",
)
TIER_ORDER = ("verified", "auto", "incomplete")


def directory_data(index: dict[str, Any]) -> dict[str, Any]:
    entries = index["benchmarks"]
    axes = sorted({axis for e in entries for axis in e["axes"]})
    tiers = [t for t in TIER_ORDER if any(e["tier"] == t for e in entries)]
    tiers += sorted({e["tier"] for e in entries} - set(tiers))
    licenses = sorted({e["license"] for e in entries if e["license"]})
    axis_at = {axis: i for i, axis in enumerate(axes)}
    tier_at = {tier: i for i, tier in enumerate(tiers)}
    licence_at = {licence: i for i, licence in enumerate(licenses)}
    rows = [
        [
            e["id"],
            e["name"],
            [a for a in e["aliases"] if a != e["name"]],
            e["description"],
            [axis_at[a] for a in e["axes"]],
            tier_at[e["tier"]],
            licence_at.get(e["license"], -1),
            int(e["harbor_runnable"]),
            e["n_scores"],
        ]
        for e in most_scored(entries)
    ]
    return {
        "fields": list(ROW_FIELDS),
        "axes": axes,
        "tiers": tiers,
        "licenses": licenses,
        "rows": rows,
    }


def data_script(data: dict[str, Any]) -> str:
    """`directory_data` as a script. JSON is valid JavaScript, and in a .js file "</" is inert."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"window.{DATA_GLOBAL}={text};\n"


def most_scored(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The directory's default order: most scores first, then by id."""
    return sorted(entries, key=lambda e: (-e["n_scores"], e["id"]))


def by_initial(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Listings for readers without JavaScript: `a`..`z`, and `0-9` for the rest."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in sorted(entries, key=lambda e: e["id"]):
        initial = entry["id"][:1].lower()
        groups[initial if "a" <= initial <= "z" else "0-9"].append(entry)
    return dict(sorted(groups.items(), key=lambda kv: (kv[0] != "0-9", kv[0])))
