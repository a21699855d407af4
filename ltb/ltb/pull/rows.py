"""Getting a benchmark's rows through `datasets`: a local file, the Hub, or the bundled slice.

Order: --source if given; else the Hugging Face Hub; else, when the Hub cannot be reached, the
rows bundled in ltb/bundled_rows (with a notice). The Hub is probed with a short TCP connect
first, because `datasets` retries an unreachable Hub for about 25 seconds before giving up.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ltb.errors import PullError, RowsUnavailableError
from ltb.pull.shapes import BenchmarkShape

HUB_TIMEOUT_ENV = "LTB_HUB_TIMEOUT"
DEFAULT_HUB_TIMEOUT = 5.0
_BUILDERS = {".parquet": "parquet", ".json": "json", ".jsonl": "json", ".csv": "csv"}
_COMPRESSIONS = {".gz", ".bz2", ".xz", ".zst"}
_TRUE = {"1", "true", "yes", "on"}


@dataclass
class Rows:
    dataset: Any  # a datasets.Dataset
    origin: str  # "local", "hub" or "bundled"
    location: str
    split: str
    notices: list[str] = field(default_factory=list)


def load_rows(shape: BenchmarkShape, split: str, source: Path | None) -> Rows:
    if source is not None:
        return Rows(load_local(source, split), "local", str(source.resolve()), split)
    dataset, reason = _try_hub(shape, split)
    if dataset is not None:
        return Rows(dataset, "hub", shape.hf_dataset, split)
    bundled = shape.bundled_path(split)
    if bundled is None:
        raise RowsUnavailableError(
            f"cannot get {shape.hf_dataset} ({split} split): {reason}, and ltb bundles no "
            f"{split} rows for {shape.benchmark_id}. Download the rows where the Hub is reachable "
            f"(e.g. `hf download {shape.hf_dataset} --repo-type dataset --local-dir DIR`) and pass "
            "--source with the split's file (parquet, JSON, JSONL or CSV) or folder."
        )
    dataset = load_local(bundled, split)
    notice = (
        f"the Hugging Face Hub could not be used ({reason}); using the {len(dataset)} {split} "
        f"rows bundled with ltb ({bundled.parent.name}/{bundled.name}), a slice of the split: "
        "samples from it are not comparable with samples from the full split"
    )
    return Rows(dataset, "bundled", str(bundled), split, [notice])


def load_local(path: Path, split: str) -> Any:
    """A parquet, JSON, JSONL or CSV file (the whole split), or a dataset folder holding splits."""
    datasets = _datasets()
    if not path.exists():
        raise PullError(f"{path}: no such file or folder")
    try:
        if path.is_dir():
            return datasets.load_dataset(str(path), split=split)
        return datasets.load_dataset(_builder(path), data_files=str(path), split="train")
    except PullError:
        raise
    except Exception as exc:  # datasets raises many types for unreadable files; all mean the same
        raise PullError(
            f"{path}: cannot load rows with datasets ({type(exc).__name__}: {exc})"
        ) from exc


def _builder(path: Path) -> str:
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] in _COMPRESSIONS:
        suffixes.pop()
    builder = _BUILDERS.get(suffixes[-1] if suffixes else "")
    if builder is None:
        raise PullError(f"{path}: unknown format; use .parquet, .json, .jsonl or .csv")
    return builder


def _try_hub(shape: BenchmarkShape, split: str) -> tuple[Any | None, str]:
    """The split from the Hub, or None and why not. Only connectivity problems fall back."""
    offline = os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in _TRUE
    if not offline:
        reason = hub_unreachable(_hub_timeout())
        if reason is not None:
            return None, f"{reason}; set HF_HUB_OFFLINE=1 to use a copy cached by datasets"
    datasets = _datasets()
    try:
        kwargs = dict(shape.framework.dataset_kwargs) if shape.framework else {}
        return datasets.load_dataset(shape.hf_dataset, shape.hf_config, split=split, **kwargs), ""
    except (ConnectionError, TimeoutError) as exc:
        if offline:
            return None, "HF_HUB_OFFLINE is set and datasets has no cached copy"
        return None, f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # gated datasets, unknown splits, bad configs: not worth a fallback
        raise PullError(
            f"{shape.hf_dataset} ({split} split) on the Hugging Face Hub: {type(exc).__name__}: "
            f"{exc}. For a gated dataset, log in with `hf auth login`; or pass --source."
        ) from exc


def hub_unreachable(timeout: float) -> str | None:
    """Why the Hub (or the HTTPS proxy) cannot be reached within `timeout` s; None if it can."""
    endpoint = os.environ.get("HF_ENDPOINT") or "https://huggingface.co"
    proxy = os.environ.get("HTTPS_PROXY") or os.environ.get("https_proxy")
    target = urlsplit(proxy or endpoint)
    host = target.hostname or "huggingface.co"
    port = target.port or (443 if target.scheme == "https" else 80)
    outcome: list[str | None] = []

    def connect() -> None:
        try:
            socket.create_connection((host, port), timeout=timeout).close()
            outcome.append(None)
        except OSError as exc:
            outcome.append(f"{host}:{port} unreachable: {exc.strerror or exc}")

    # A thread bounds the DNS lookup too, which the socket timeout does not cover.
    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(timeout + 1)
    return outcome[0] if outcome else f"{host}:{port} did not answer within {timeout:g} s"


def _hub_timeout() -> float:
    try:
        return float(os.environ.get(HUB_TIMEOUT_ENV, DEFAULT_HUB_TIMEOUT))
    except ValueError:
        return DEFAULT_HUB_TIMEOUT


def _datasets() -> Any:
    import datasets  # slow (seconds): imported only when rows are needed

    datasets.disable_progress_bars()
    datasets.logging.set_verbosity_error()
    return datasets
