"""Configuration read from the environment, in one place, with the embedded defaults.

Nothing here touches the disk or the network: Dagster re-imports the code location often.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent

ENV_WAREHOUSE = "BENCHHUB_WAREHOUSE"  # path of the DuckDB warehouse file
ENV_CHANNEL_MODE = "BENCHHUB_CHANNEL_MODE"  # replay (bundled recordings) | live
ENV_REVIEWER = "BENCHHUB_REVIEWER"  # heuristic | openai
ENV_EXPORTS = "BENCHHUB_EXPORTS"  # where releases are written
ENV_INBOX = "BENCHHUB_INBOX"  # where pushed run summaries arrive
ENV_RELEASE_RETENTION = "BENCHHUB_RELEASE_RETENTION"  # how many releases to keep
ENV_RELEASE_SCHEDULE = "BENCHHUB_RELEASE_CRON"  # when the scheduled release runs
ENV_ACCEPT_SHRINK = "BENCHHUB_ACCEPT_SHRINK"  # channels whose drop in rows a person accepted
ENV_INTAKE_URL = "BENCHHUB_INTAKE_URL"  # the intake a release names (where `ltb bench push` goes)
ENV_SITE_URL = (
    "BENCHHUB_SITE_URL"  # the public site a release names (run and pool pages live there)
)
ENV_CORRECTIONS = "BENCHHUB_CORRECTIONS"  # a person's decisions on disputed scores


def setting(name: str, default: str) -> str:
    return os.environ.get(name) or default


def default_warehouse() -> str:
    return setting(ENV_WAREHOUSE, str(PROJECT_ROOT / "warehouse" / "benchhub.duckdb"))


def default_exports() -> str:
    return setting(ENV_EXPORTS, str(PROJECT_ROOT / "exports"))


def default_inbox() -> str:
    return setting(ENV_INBOX, str(PROJECT_ROOT / "inbox"))


def default_corrections() -> str:
    return setting(ENV_CORRECTIONS, str(PROJECT_ROOT / "curation" / "corrections.yaml"))
