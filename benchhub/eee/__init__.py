"""Every Eval Ever (EEE) out of the registry: a release's scores as EEE 0.3.0 aggregate records,
checked against the official JSON Schema and by the every-eval-ever package's validator, and
older 0.2.x records migrated to 0.3.0 (or rejected with the reason).

EEE records come in through the `every_eval_ever` and `helm_results` channels
(`assets/channels/_eee.py`); docs/scores.md says what is lost either way.
"""

from benchhub.eee.export import export_release_eee, pool_scores, unplaceable
from benchhub.eee.migrate import RejectedRecord, migrate_record
from benchhub.eee.validate import official_schema, record_problems

__all__ = [
    "RejectedRecord",
    "export_release_eee",
    "migrate_record",
    "official_schema",
    "pool_scores",
    "record_problems",
    "unplaceable",
]
