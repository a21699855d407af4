"""The BenchHub release format, shared by the `ltb` CLI, the intake and the pipeline.

Standard library only at import time (the run summary's JSON Schema check imports jsonschema
when it runs). One module per part of the format:

- `release`: a release's layout, manifest and index, reading and verifying it;
- `catalog`: the search keys the index carries and how a name is matched against them;
- `diff`: what changed between two releases (the changelog and `ltb registry diff`);
- `top_scores`: the headline scores a benchmark page and `ltb bench info` show;
- `summary_check` and `schemas/`: the run summary's schema and checks;
- `inbox`: how a pushed run is recorded;
- `score_settings`: the settings vocabulary runs and scores share;
- `task_shapes.json` (`TASK_SHAPES`): which benchmark becomes which kind of task.
"""

from pathlib import Path

TASK_SHAPES = Path(__file__).resolve().parent / "task_shapes.json"
