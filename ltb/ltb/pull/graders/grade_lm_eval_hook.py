"""lm-evaluation-harness `process_results`: the harness's own metric code scores the response.

Runs inside the task environment, which installs the harness (environment/Dockerfile). The task
folder's module (`expected.json` "hook": `hendrycks_math/utils.process_results`, relative to
`lm_eval/tasks/`) is loaded from the installed harness by its path, as `ltb bench pull` loaded
it, and called as the harness calls it: `process_results(doc, [response])` with the doc from
tests/doc.json. The reward printed is the value of the task's primary metric ("metric") in the
dict it returns. White space around the whole file is dropped first: it is the file's framing.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any


def load_hook(where: str) -> Any:
    file, _, function = where.rpartition(".")
    spec = importlib.util.find_spec("lm_eval")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("lm_eval is not installed in the task environment")
    root = Path(next(iter(spec.submodule_search_locations))) / "tasks"
    name = "lm_eval.tasks." + file.replace("/", ".")
    module_spec = importlib.util.spec_from_file_location(name, root / f"{file}.py")
    if module_spec is None or module_spec.loader is None:
        raise SystemExit(f"cannot load tasks/{file}.py from the installed lm_eval")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module
    module_spec.loader.exec_module(module)
    return getattr(module, function)


def reward(expected: dict[str, Any], doc: dict[str, Any], response: str) -> float:
    with contextlib.redirect_stdout(sys.stderr):  # the reward alone goes to stdout
        result = load_hook(expected["hook"])(doc, [response])
    value = float(result[expected["metric"]])
    if not 0.0 <= value <= 1.0:
        raise SystemExit(f"{expected['metric']}={value} is not a reward between 0 and 1")
    return value


def main() -> int:
    expected = json.loads(Path(__file__).with_name("expected.json").read_text(encoding="utf-8"))
    doc = json.loads(Path(expected["doc_path"]).read_text(encoding="utf-8"))
    try:
        response = Path(expected["answer_path"]).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        response = ""
    print(reward(expected, doc, response))
    return 0


if __name__ == "__main__":
    sys.exit(main())
