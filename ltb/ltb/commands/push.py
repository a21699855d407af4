"""`ltb bench push`: upload a run summary, and nothing else, to an intake or an inbox folder.

The summary is checked here with the intake's own checks (benchhub_format) so that a bad
run fails before anything leaves the machine. Only the checked summary object is sent: its
schema admits no transcripts or model outputs. Standard library only (urllib), to start fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from benchhub_format.errors import InvalidSummaryError, RegistryError
from benchhub_format.inbox import ANONYMOUS, run_path, write_run
from benchhub_format.summary_check import MAX_SUMMARY_BYTES, check_summary, parse_summary_bytes

from ltb import __version__
from ltb.errors import PushError, UsageError
from ltb.registry import add_registry_arguments, config, config_path, open_registry

SUMMARY_NAME = "ltb-run-summary.json"
ENV_PUSH_URL = "LTB_PUSH_URL"
ENV_API_KEY = "LTB_API_KEY"
TIMEOUT_SECONDS = 30
MAX_RESPONSE_BYTES = 1024 * 1024
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}


class Pushed(NamedTuple):
    run_id: str
    url: str
    created: bool


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "path",
        nargs="?",
        default=".",
        type=Path,
        help=f"{SUMMARY_NAME}, a folder holding one, or a Harbor jobs/job folder (default .)",
    )
    parser.add_argument("--notes", help="a comment stored with the run (at most 2000 characters)")
    parser.add_argument(
        "--to",
        help=f"intake URL (http[s]://...) or inbox folder (default ${ENV_PUSH_URL}, `intake` in "
        "the config file, else the intake the registry's release names)",
    )
    add_registry_arguments(parser, "the registry whose release names the intake")
    parser.add_argument(
        "--key", help=f"API key (default ${ENV_API_KEY}); without one the push is anonymous"
    )


def run(args: argparse.Namespace) -> int:
    target = push_target(args)
    summary = load_summary(args.path)
    if args.notes:
        # Keep what `ltb bench run` noted about the run (failed trials, filters) before the comment.
        notes = "; ".join(n for n in (summary.get("notes"), args.notes) if n)
        summary = check_summary({**summary, "notes": notes})
    if "://" in target:
        pushed = post_summary(target, summary, args.key or os.environ.get(ENV_API_KEY))
    elif args.key:
        raise UsageError("--key applies to an intake URL only; an inbox folder has no keys")
    else:
        pushed = write_to_inbox(Path(target), summary)
    state = "new run" if pushed.created else "already pushed, nothing changed"
    print(f"{pushed.run_id} ({state})")
    print(f"page: {pushed.url}")
    if "://" in target:
        pool, where = _released_pool(summary, args), "in the registry's current release"
    else:
        pool, where = _inbox_pool(Path(target), summary), "over the runs in this inbox"
    if pool is not None:
        print(f"pool {where}: {pool_text(pool)}")
    return 0


def pool_text(pool: dict[str, Any]) -> str:
    """One line: estimate, interval, spread and runs needed (benchhub/pooling.py)."""
    runs = f"{pool['n_runs']} run{'s' if pool['n_runs'] != 1 else ''}"
    text = f"{pool['estimate']:.1f} ({runs}, {pool['n_tasks']} tasks)"
    low, high = pool.get("ci") or (None, None)
    text += f", 95% interval [{low:.1f}, {high:.1f}]" if low is not None else ", no interval"
    if pool.get("between_run_sd") is not None:
        text += f", between-run SD {pool['between_run_sd']:.1f}"
    if pool.get("runs_needed") == 0:
        text += "; within +-2 points"
    elif pool.get("runs_needed") is not None:
        text += f"; about {pool['runs_needed']} more runs of this size to reach +-2 points"
    elif pool.get("runs_needed_reason"):
        text += f"; runs needed: unknown ({pool['runs_needed_reason']})"
    return text


def _inbox_pool(inbox: Path, summary: dict[str, Any]) -> dict[str, Any] | None:
    """The run's pool over every valid run in a local inbox, computed as the pipeline does; None
    where ltb is installed without the pipeline (the pool then shows in the next release)."""
    from benchhub_format.inbox import read_run

    try:
        from benchhub.pools import pool_of_runs
        from benchhub.runs import settings_key
    except ImportError:
        return None

    def key(s: dict[str, Any]) -> tuple[str, ...]:
        return (s["benchmark_id"], s["model"].lower(), s["harness"], settings_key(s))

    wanted, runs = key(summary), []
    for path in sorted(inbox.glob("*.json")):
        try:
            record = read_run(path)
        except InvalidSummaryError:
            continue  # the pipeline quarantines it; it is not part of any pool
        if key(record.summary) == wanted:
            runs.append((record.summary, record.submitter))
    return pool_of_runs(runs) if runs else None


def push_target(args: argparse.Namespace) -> str:
    """Where the run goes: --to, else $LTB_PUSH_URL, else the config file's `intake`, else the
    intake the registry's release names (said on stderr, so the user sees where it went)."""
    target = args.to or os.environ.get(ENV_PUSH_URL) or config().get("intake")
    if target:
        return target
    try:
        release = open_registry(args.registry, offline=args.offline)
    except RegistryError as exc:
        raise UsageError(
            f"no intake given and none named by a release ({exc}); pass --to URL_OR_DIR, "
            f"set ${ENV_PUSH_URL}, or `intake` in {config_path()}"
        ) from None
    intake = release.endpoints.get("intake")
    if not intake:
        raise UsageError(
            f"release {release.release_id} names no intake; pass --to URL_OR_DIR or set "
            f"${ENV_PUSH_URL}"
        )
    print(f"pushing to {intake} (the intake release {release.release_id} names)", file=sys.stderr)
    return intake


def _released_pool(summary: dict[str, Any], args: argparse.Namespace) -> dict[str, Any] | None:
    """The run's pool as the current release shows it (the new run joins at the next build)."""
    try:
        page = open_registry(args.registry, offline=args.offline).read_json(
            f"benchmarks/{summary['benchmark_id']}.json"
        )
    except (RegistryError, OSError, KeyError):
        return None
    settings = {k: v for k, v in (summary.get("settings") or {}).items() if k != "attempts"}
    for pool in page.get("pools") or []:
        if (
            pool["model_id"] == summary["model"].lower()
            and pool["harness"] == summary["harness"]
            and pool.get("agent") == summary["agent"]
            and pool.get("settings") == settings
        ):
            return dict(pool)
    return None


def load_summary(path: Path) -> dict[str, Any]:
    """The checked summary at `path`: a summary file, a folder holding one, or a Harbor job."""
    summary_file = _find_summary_file(path)
    if summary_file is not None:
        with open(summary_file, "rb") as handle:
            data = handle.read(MAX_SUMMARY_BYTES + 1)
        try:
            return check_summary(parse_summary_bytes(data), not_after=datetime.now(UTC))
        except InvalidSummaryError as exc:
            source = str(summary_file)
            raise InvalidSummaryError(exc.problems, kind=exc.kind, source=source) from None
    job_dir = _find_job_dir(path)
    from ltb.summary import build_summary  # only this case needs Harbor's result format

    return check_summary(build_summary(job_dir), not_after=datetime.now(UTC))


def post_summary(base_url: str, summary: dict[str, Any], key: str | None) -> Pushed:
    url, status, answer = post_json(base_url, "/v1/runs", summary, key, what="the run")
    try:
        return Pushed(answer["run_id"], answer["url"], status == 201)
    except (KeyError, TypeError):
        raise PushError(f"{url} answered {status} without a run id and page") from None


def post_json(
    base_url: str, path: str, payload: dict[str, Any], key: str | None, *, what: str
) -> tuple[str, int, Any]:
    """POST `payload` to the intake at `base_url` + `path`: (url, status, JSON answer).

    A key goes only over https (or to loopback), and redirects are never followed."""
    url = base_url.rstrip("/") + path
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--to {base_url}: an intake URL must be http:// or https://")
    if key and parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
        raise UsageError(
            f"refusing to send an API key over plain http to {parts.hostname}; use https"
        )
    headers = {"Content-Type": "application/json", "User-Agent": f"ltb/{__version__}"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    body = json.dumps(payload, allow_nan=False, ensure_ascii=False).encode()
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
            answer = json.loads(response.read(MAX_RESPONSE_BYTES))
    except urllib.error.HTTPError as exc:
        raise _refusal(url, exc, what) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise PushError(f"cannot reach the intake at {url}: {reason}") from None
    except json.JSONDecodeError:
        raise PushError(f"{url} answered {status} with something other than JSON") from None
    return url, status, answer


def write_to_inbox(inbox: Path, summary: dict[str, Any]) -> Pushed:
    """Write as the intake would; useful for a local registry without a server."""
    inbox.mkdir(parents=True, exist_ok=True)
    written = write_run(inbox, summary, submitter=ANONYMOUS, received_at=datetime.now(UTC))
    url = run_path(inbox, written.run_id).resolve().as_uri()
    return Pushed(written.run_id, url, written.created)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # urllib would replay the request, Authorization header included, to wherever it is sent.
    def redirect_request(
        self, req: urllib.request.Request, fp: Any, code: int, msg: str, headers: Any, newurl: str
    ) -> None:
        return None


def _refusal(url: str, exc: urllib.error.HTTPError, what: str) -> PushError:
    try:
        answer = json.loads(exc.read(MAX_RESPONSE_BYTES))
        error, details = answer["error"], list(answer.get("details") or [])
    except (ValueError, KeyError, TypeError, OSError):
        error, details = exc.reason, []
    hints = {
        401: f"check --key / ${ENV_API_KEY}, or push without a key to push anonymously",
        413: f"{what} is larger than this intake accepts",
        429: f"wait {exc.headers.get('Retry-After', 'a few')} s and push again",
    }
    if 300 <= exc.code < 400:
        details.append(f"the intake redirects to {exc.headers.get('Location')}; push there")
    if exc.code in hints and not details:
        details.append(hints[exc.code])
    lines = "".join(f"\n  {d}" for d in details)
    return PushError(f"{url} refused {what}: {exc.code} {error}{lines}")


def _find_summary_file(path: Path) -> Path | None:
    if path.is_file():
        return path
    if not path.is_dir():
        raise UsageError(f"{path}: no such file or folder")
    if (path / SUMMARY_NAME).is_file():
        return path / SUMMARY_NAME
    found = sorted(path.glob(f"*/{SUMMARY_NAME}"))
    if len(found) > 1:
        raise UsageError(
            f"{path} holds {len(found)} run summaries; push one of them: "
            + ", ".join(str(f) for f in found[:5])
        )
    return found[0] if found else None


def _find_job_dir(path: Path) -> Path:
    """A Harbor job folder: result.json plus trial folders that each have a result.json."""
    jobs = [d for d in (path, *sorted(path.iterdir())) if d.is_dir() and _is_job_dir(d)]
    if not jobs:
        raise UsageError(
            f"{path}: no {SUMMARY_NAME} and no Harbor job folder here; "
            "run `ltb bench run` first, or pass the summary file"
        )
    if len(jobs) > 1:
        raise UsageError(
            f"{path} holds {len(jobs)} Harbor jobs; push one job folder: "
            + ", ".join(str(j) for j in jobs[:5])
        )
    return jobs[0]


def _is_job_dir(folder: Path) -> bool:
    return (folder / "result.json").is_file() and any(
        (trial / "result.json").is_file() for trial in folder.iterdir() if trial.is_dir()
    )
