"""`ltb bench search`/`info` and `ltb model search`/`info` must start fast: no Dagster,
Polars, DuckDB or datasets."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import BuiltRegistry

HEAVY = ("dagster", "polars", "duckdb", "datasets", "great_expectations", "pyarrow", "httpx")


def test_search_and_info_import_no_heavy_package(built_registry: BuiltRegistry) -> None:
    script = (
        "import sys\n"
        "from ltb.cli import main\n"
        f"registry = {str(built_registry.latest)!r}\n"
        "assert main(['bench', 'search', 'mmlu', '--json', '--registry', registry]) == 0\n"
        "assert main(['bench', 'info', 'swe-bench-verified', '--registry', registry]) == 0\n"
        "assert main(['model', 'search', 'gpt-4o', '--json', '--registry', registry]) == 0\n"
        "assert main(['model', 'info', 'gpt-4o-2024-05-13', '--registry', registry]) == 0\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
        "sys.exit(1 if heavy else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
