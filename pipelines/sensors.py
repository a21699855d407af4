"""A directory sensor on the run inbox: new pushed summaries trigger the ingest_runs job."""

import json
from dataclasses import dataclass
from pathlib import Path

from dagster import RunRequest, SensorEvaluationContext, SensorResult, SkipReason, sensor

from pipelines.jobs import ingest_runs_job
from pipelines.resources import RegistrySettings


@dataclass(frozen=True)
class InboxCursor:
    """The newest modification time seen, and the files seen at exactly that time.

    Bounded in size (unlike a list of every file ever seen) and safe against two files landing
    within one timestamp tick.
    """

    mtime_ns: int = 0
    names_at_mtime: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str | None) -> "InboxCursor":
        if not text:
            return cls()
        data = json.loads(text)
        return cls(data["mtime_ns"], frozenset(data["names_at_mtime"]))

    def dump(self) -> str:
        return json.dumps(
            {"mtime_ns": self.mtime_ns, "names_at_mtime": sorted(self.names_at_mtime)}
        )


def scan_inbox(inbox: Path, cursor: InboxCursor) -> tuple[list[str], InboxCursor]:
    """Accepted summaries newer than the cursor; temp files of writes in progress are skipped."""
    if not inbox.is_dir():
        return [], cursor
    stamped = [(p.stat().st_mtime_ns, p.name) for p in inbox.glob("*.json") if p.is_file()]
    new = sorted(
        (m, n)
        for m, n in stamped
        if m > cursor.mtime_ns or (m == cursor.mtime_ns and n not in cursor.names_at_mtime)
    )
    if not new:
        return [], cursor
    newest = max(m for m, _ in new)
    at_newest = {n for m, n in stamped if m == newest}
    if newest == cursor.mtime_ns:
        at_newest |= cursor.names_at_mtime
    return [n for _, n in new], InboxCursor(newest, frozenset(at_newest))


@sensor(
    job=ingest_runs_job,
    minimum_interval_seconds=60,
    description="Watches the inbox for pushed run summaries and loads them into reproduced_runs.",
)
def inbox_sensor(context: SensorEvaluationContext, registry: RegistrySettings):
    new, cursor = scan_inbox(Path(registry.inbox_dir), InboxCursor.parse(context.cursor))
    if not new:
        return SkipReason("no new run summaries in the inbox")
    return SensorResult(
        run_requests=[RunRequest(run_key=f"inbox:{cursor.mtime_ns}:{len(new)}")],
        cursor=cursor.dump(),
    )
