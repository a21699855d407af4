"""`ltb bench report`: say that a published score disagrees with its source.

ltb bench report BENCHMARK MODEL --value V --source URL --note TEXT [--label L] [--to URL_OR_DIR]

It goes where `ltb bench push` goes: --to, $LTB_PUSH_URL, the config file's `intake`, else the
intake the registry's release names.

The dispute is checked here with the intake's own checks (benchhub_format/disputes.py), then
sent to the intake (`POST /v1/disputes`) or written into an inbox folder exactly as the intake
writes it. It changes no score: the next release shows it next to the score until a person
decides it in `curation/corrections.yaml`. Standard library only.
"""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchhub_format.disputes import LABELS, check_dispute, dispute_path, write_dispute
from benchhub_format.inbox import ANONYMOUS

from ltb.commands.push import ENV_API_KEY, ENV_PUSH_URL, post_json, push_target
from ltb.errors import PushError, UsageError
from ltb.registry import add_registry_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("benchmark", help="the benchmark id, as `ltb bench info` shows it")
    parser.add_argument("model", help="the model id, as the benchmark's page shows it")
    parser.add_argument("--value", type=float, required=True, help="the value the source publishes")
    parser.add_argument(
        "--source", required=True, help="the URL where that value is published (http[s])"
    )
    parser.add_argument("--note", required=True, help="what is wrong, in a sentence or two")
    parser.add_argument(
        "--label", choices=LABELS, help="the score's label, when only one of them is wrong"
    )
    parser.add_argument(
        "--to",
        help=f"intake URL (http[s]://...) or inbox folder (default ${ENV_PUSH_URL}, else the "
        "config file, else the intake the registry's release names)",
    )
    parser.add_argument(
        "--key", help=f"API key (default ${ENV_API_KEY}); without one the report is anonymous"
    )
    add_registry_arguments(parser, "the registry whose release names the intake")


def run(args: argparse.Namespace) -> int:
    target = push_target(args)
    dispute: dict[str, Any] = {
        "benchmark_id": args.benchmark,
        "model": args.model,
        "value": args.value,
        "source_url": args.source,
        "note": args.note,
    }
    if args.label:
        dispute["label"] = args.label
    check_dispute(dispute)
    if "://" in target:
        url, status, answer = post_json(
            target, "/v1/disputes", dispute, args.key or os.environ.get(ENV_API_KEY),
            what="the report",
        )  # fmt: skip
        try:
            dispute_id, created = answer["dispute_id"], status == 201
        except (KeyError, TypeError):
            raise PushError(f"{url} answered {status} without a dispute id") from None
    elif args.key:
        raise UsageError("--key applies to an intake URL only; an inbox folder has no keys")
    else:
        inbox = Path(target)
        written = write_dispute(inbox, dispute, submitter=ANONYMOUS, received_at=datetime.now(UTC))
        dispute_id, created = written.dispute_id, written.created
        url = dispute_path(inbox, dispute_id).resolve().as_uri()
    state = "recorded" if created else "already reported, nothing changed"
    print(f"{dispute_id} ({state})")
    print(
        "the next release shows it next to the score until a person checks the source and decides"
    )
    return 0
