"""Code with unit tests: run the dataset's `check(candidate)` against the agent's function.

The solution file and tests/unit_tests.py are executed in one namespace, as HumanEval's own
harness does, so the tests see the solution's imports and helpers. Like that harness, this
trusts the code not to subvert the grader itself (os._exit(0), say); test.sh's timeout stops
endless loops.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Any


def main() -> int:
    here = Path(__file__).parent
    expected = json.loads((here / "expected.json").read_text(encoding="utf-8"))
    solution_path = Path(expected["solution_path"])
    if not solution_path.is_file():
        print(f"no solution: {solution_path} does not exist")
        return 1
    tests_path = here / "unit_tests.py"
    namespace: dict[str, Any] = {"__name__": "solution"}
    try:
        exec(
            compile(solution_path.read_text(encoding="utf-8"), str(solution_path), "exec"),
            namespace,
        )
        exec(compile(tests_path.read_text(encoding="utf-8"), str(tests_path), "exec"), namespace)
        candidate = namespace[expected["entry_point"]]
        namespace["check"](candidate)
    except BaseException:  # any failure, sys.exit() included, is a wrong answer, shown in the log
        traceback.print_exc(file=sys.stdout)
        return 1
    print("all unit tests passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
