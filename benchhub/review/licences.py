"""Licence spellings seen in the channels, normalised to SPDX ids, `other` or `unknown`.

`other` means real terms that have no SPDX id (Llama and Gemma licences, "Modified MIT", a
proprietary licence, a link to a licence file); `unknown` means the source states no licence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OTHER = "other"
UNKNOWN = "unknown"

# canonical key (see _key) -> SPDX id; keys cover the spellings seen in the recordings:
# "mit", "MIT License", "The MIT License", "apache-2.0", "Apache 2.0", "Apache License 2.0",
# "Apache 2.0 License", "cc-by-4.0", "CC BY-SA 4.0", "cc-by-nc-4.0", "CC-BY-NC-4.0", "c-uda",
# "BSD 3-Clause New or Revised License", "Mozilla Public License Version 2.0", ...
_SPDX: dict[str, str] = {
    "mit": "MIT",
    # a LICENSE file whose first line is "Apache License" is the 2.0 text (1.x is from 2000)
    "apache": "Apache-2.0",
    "apache-2": "Apache-2.0",
    "apache-2.0": "Apache-2.0",
    "bsd-2-clause": "BSD-2-Clause",
    "bsd-3-clause": "BSD-3-Clause",
    "bsd-3-clause-new-or-revised": "BSD-3-Clause",
    "cc0": "CC0-1.0",
    "cc0-1.0": "CC0-1.0",
    "gpl-2.0": "GPL-2.0-only",
    "gpl-3.0": "GPL-3.0-only",
    "lgpl-3.0": "LGPL-3.0-only",
    "agpl-3.0": "AGPL-3.0-only",
    "mpl-2.0": "MPL-2.0",
    "mozilla-2.0": "MPL-2.0",
    "odc-by": "ODC-By-1.0",
    "odc-by-1.0": "ODC-By-1.0",
    "odbl": "ODbL-1.0",
    "pddl": "PDDL-1.0",
    "cdla-permissive-1.0": "CDLA-Permissive-1.0",
    "cdla-permissive-2.0": "CDLA-Permissive-2.0",
    "cdla-sharing-1.0": "CDLA-Sharing-1.0",
    "c-uda": "C-UDA-1.0",
    "unlicense": "Unlicense",
    "artistic-2.0": "Artistic-2.0",
    "afl-3.0": "AFL-3.0",
    "ecl-2.0": "ECL-2.0",
    "wtfpl": "WTFPL",
} | {
    f"cc-{terms}-{version}": f"CC-{terms.upper()}-{version}"
    for terms in ("by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd")
    for version in ("1.0", "2.0", "2.5", "3.0", "4.0")
}

# first word of a key -> licences with real terms but no SPDX id
_OTHER_FAMILIES = frozenset(
    {
        "llama",
        "llama2",
        "llama3",
        "gemma",
        "qwen",
        "deepseek",
        "mrl",
        "mistral",
        "nexusflow",
        "openrail",
        "bigscience",
        "creativeml",
        "modified",
        "custom",
        "proprietary",
        "propretary",
        "other",
    }
)
_UNKNOWN_KEYS = frozenset(
    {"", "unknown", "na", "n-a", "none", "null", "not-specified", "unspecified", "tbd", "no"}
)
_NOISE = frozenset(["the", "license", "licence", "version", "international", "public", "creative"])
_WORD_ALIASES = {
    "commons": "cc",
    "attribution": "by",
    "noncommercial": "nc",
    "sharealike": "sa",
    "noderivatives": "nd",
    "noderivs": "nd",
    "ccby": "cc-by",
}
_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)*")

SPDX_IDS: tuple[str, ...] = tuple(sorted(set(_SPDX.values())))
LICENSE_VALUES: tuple[str, ...] = (*SPDX_IDS, OTHER, UNKNOWN)  # what a review may set


@dataclass(frozen=True, slots=True)
class NormalizedLicense:
    value: str  # an SPDX id, "other" or "unknown"
    recognised: bool  # False when unfamiliar text was filed as "other" by default


def normalize_license(raw: str) -> NormalizedLicense:
    text = raw.strip()
    if text.lower().startswith(("http://", "https://")):
        return NormalizedLicense(OTHER, False)
    key = _key(text)
    if key in _UNKNOWN_KEYS:
        return NormalizedLicense(UNKNOWN, True)
    if key in _SPDX:
        return NormalizedLicense(_SPDX[key], True)
    if key.split("-")[0] in _OTHER_FAMILIES:
        return NormalizedLicense(OTHER, True)
    return NormalizedLicense(OTHER, False)


def _key(text: str) -> str:
    words = [_WORD_ALIASES.get(w, w) for w in _WORD.findall(text.lower()) if w not in _NOISE]
    if words[:1] == ["by"]:  # "Attribution-NonCommercial 4.0" names a Creative Commons licence
        words.insert(0, "cc")
    return "-".join(words)
