"""Turning benchmark dataset rows into Harbor task folders (`ltb bench pull`).

Modules, one job each: shapes (the task_shapes.json file), resolve (benchmark names and
licences), rows (loading through `datasets`), sampling, adapters (row -> task spec), writer
(task spec -> folder), graders (copied into tasks), pipeline (the whole pull).
"""

# Written next to the task folders; `ltb bench run` and the run summary read it back.
REPORT_NAME = "pull-report.json"
# harbor_source of a suite pull builds from its subtasks' own definitions (benchhub/runnable.py).
SUITE_SOURCE = "suite"
# harbor_source of a parent pulled as its headline part (`part:<child id>`; benchhub/runnable.py).
PART_PREFIX = "part:"
