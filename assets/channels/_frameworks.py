"""Helpers shared by the evaluation-framework channels (lm-evaluation-harness, inspect_evals,
lighteval, HELM), which all read a framework's files from its public GitHub repository.

Raw file URLs pinned to a release tag, the git trees listing of a folder, YAML read the way these
frameworks write it (`!function module.name` tags kept as the string "!function module.name"),
and the arXiv id inside a paper link.

GitHub limits: raw.githubusercontent.com serves files without authentication (no published
quota; the Fetcher's per-host pause keeps it polite); the REST API (trees, contents) allows 60
unauthenticated requests an hour, so a channel spends at most a few of those per read.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from benchhub.http import Fetcher, FetchError

# The C parser is several times faster; a PyYAML built without libyaml reads the same documents.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _FrameworkLoader(_BaseLoader):  # type: ignore[misc]
    """A safe loader that keeps `!function x.y` (lm-eval's hook into Python) as text."""


_FrameworkLoader.add_constructor(
    "!function",
    lambda loader, node: f"!function {loader.construct_scalar(node)}",
)


def load_yaml(text: str | bytes) -> Any:
    """Parse one YAML document; raises yaml.YAMLError with the line where it failed."""
    return yaml.load(text, Loader=_FrameworkLoader)  # noqa: S506 - a SafeLoader subclass


_ARXIV = re.compile(r"arxiv\.org/(?:abs|pdf|html)/(\d{4}\.\d{4,5})(?:v\d+)?", re.IGNORECASE)


def arxiv_id(url: str | None) -> str | None:
    """The id in an arXiv link ("https://arxiv.org/pdf/2105.09938v3" -> "2105.09938")."""
    match = _ARXIV.search(url or "")
    return match.group(1) if match else None


def raw_url(repo: str, ref: str, path: str) -> str:
    return f"https://raw.githubusercontent.com/{repo}/{ref}/{path}"


def blob_url(repo: str, ref: str, path: str) -> str:
    """The page a person opens to read the file: the candidate's source URL."""
    return f"https://github.com/{repo}/blob/{ref}/{path}"


def is_replay(fetcher: Fetcher) -> bool:
    """Whether this fetcher answers from recordings (a channel whose recording is derived must
    not ask a replay fetcher for URLs nobody recorded)."""
    return fetcher.replay


def list_folder(fetcher: Fetcher, repo: str, ref: str, folder: str) -> set[str]:
    """Every file path (relative to the repo root) under `folder` at `ref`.

    Two API calls: the contents of the parent folder give the folder's tree sha, and one
    recursive trees call lists everything below it. A truncated listing (over 100,000 entries or
    7 MB) is refused rather than silently read as complete.
    """
    parent, _, name = folder.rstrip("/").rpartition("/")
    contents_url = f"https://api.github.com/repos/{repo}/contents/{parent}"
    entries = json.loads(fetcher.get_bytes(contents_url, params={"ref": ref}))
    shas = [e["sha"] for e in entries if e.get("name") == name and e.get("type") == "dir"]
    if not shas:
        raise FetchError(f"{repo}@{ref} has no folder {folder}")
    tree_url = f"https://api.github.com/repos/{repo}/git/trees/{shas[0]}"
    tree = json.loads(fetcher.get_bytes(tree_url, params={"recursive": 1}))
    if tree.get("truncated"):
        raise FetchError(f"GitHub truncated the tree listing of {repo}/{folder} at {ref}")
    return {f"{folder}/{e['path']}" for e in tree["tree"] if e.get("type") == "blob"}
