"""The lm-evaluation-harness's own Python hooks, run from the installed harness (`ltb[lm-eval]`).

A task config may name Python code (`!function utils.process_docs`) for `process_docs` (the
dataset turned into the rows the templates read), for `doc_to_text`, `doc_to_target` and
`doc_to_choice`, and for its metric (`process_results`). The bundled configs record the file of
each hook (`hellaswag/utils.process_docs`: `lm_eval/tasks/hellaswag/utils.py`, relative to
`lm_eval/tasks/`). ltb runs that very function from the installed lm-eval, loading only the
task folder's module by its path (not the harness's task index, which imports every task).

A hook can run when lm-eval 0.4.13 (the version the configs were recorded from) is installed,
its file is there, and everything the file imports comes with `ltb[lm-eval]` (the standard
library, lm-eval and what lm-eval itself requires) or is another file of the harness that does;
`hook_problem` says why not otherwise. Without the extra every hooked task is refused, saying to
install it.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import re
import sys
import warnings
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

HOOK_KEYS = ("process_docs", "doc_to_text", "doc_to_target", "doc_to_choice")
HARNESS = "lm_eval"
HARNESS_VERSION = "0.4.13"
INSTALL_HINT = (
    f"the harness's own Python, which needs `pip install 'ltb[lm-eval]'` "
    f"(lm-eval=={HARNESS_VERSION})"
)


class HookError(ValueError):
    """A hook that cannot run here, or failed on a row; the message says which and why."""


@cache
def tasks_root() -> Path | None:
    """The installed harness's `lm_eval/tasks/` when it is the version the configs come from;
    found without importing the harness."""
    spec = importlib.util.find_spec(HARNESS)
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        if importlib.metadata.version("lm_eval") != HARNESS_VERSION:
            return None
    except importlib.metadata.PackageNotFoundError:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "tasks"


def hook_problem(where: str) -> str | None:
    """Why the hook `where` (`folder/file.function`) cannot run here, or None when it can."""
    root = tasks_root()
    if root is None:
        return INSTALL_HINT
    file, _, function = where.rpartition(".")
    return _file_problem(root, file) or (
        None if _may_define(root, file, function) else f"tasks/{file}.py defines no {function}"
    )


@cache  # a task folder's files are read once, however many tasks name them
def _file_problem(root: Path, file: str, seen: frozenset[str] = frozenset()) -> str | None:
    path = root / f"{file}.py"
    if not path.is_file():
        return f"lm-eval {HARNESS_VERSION} has no file tasks/{file}.py"
    for module, level in _imports(path):
        if level:  # a relative import: another file of the harness, which must run too
            base = file.split("/")[: -level or None]
            target = "/".join([*base, *module.split(".")]) if module else "/".join(base)
            if target in seen:
                continue
            if (root / f"{target}.py").is_file():
                problem = _file_problem(root, target, seen | {file})
                if problem:
                    return problem
            continue
        top = module.split(".")[0]
        if top not in _runtime_modules():
            return f"tasks/{file}.py imports {top}, which ltb[lm-eval] does not install"
    return None


@cache
def _imports(path: Path) -> tuple[tuple[str, int], ...]:
    """(module, relative level) of every import in the file, at any depth."""
    tree = _parse(path)
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return tuple(found)


def _may_define(root: Path, file: str, name: str) -> bool:
    """Whether the file defines or imports `name` at top level, or makes names at import time
    (`globals()[...] = ...`, as MMMLU's per-subject filters are made)."""
    return name in _defined(root, file) or "globals()" in _source(root / f"{file}.py")


@cache
def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _parse(path: Path) -> ast.Module:
    with warnings.catch_warnings():  # the harness's own invalid escapes are not ours to report
        warnings.simplefilter("ignore", SyntaxWarning)
        return ast.parse(_source(path), str(path))


@cache
def _defined(root: Path, file: str) -> frozenset[str]:
    """Names the file defines or imports at top level (a hook may be re-exported)."""
    tree = _parse(root / f"{file}.py")
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return frozenset(names)


@cache
def _runtime_modules() -> frozenset[str]:
    """Modules an `ltb[lm-eval]` install provides: the standard library, the harness and every
    distribution it requires (without its own extras), through their requirements."""
    wanted = _requirement_closure("lm_eval")
    provided = {
        module
        for module, dists in importlib.metadata.packages_distributions().items()
        if any(_canonical(d) in wanted for d in dists)
    }
    return frozenset(sys.stdlib_module_names) | provided | {HARNESS}


def _requirement_closure(dist: str) -> frozenset[str]:
    seen: set[str] = set()
    todo = [_canonical(dist)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requires:
            if "extra ==" in requirement.replace('"', "'").replace("extra==", "extra =="):
                continue
            match = re.match(r"[A-Za-z0-9_.\-]+", requirement)
            if match:
                todo.append(_canonical(match.group(0)))
    return frozenset(seen)


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@cache
def _module(file: str) -> ModuleType:
    """The task folder's module, loaded from its file under the harness's package name (so its
    relative imports resolve) without importing the harness's task index first."""
    root = tasks_root()
    if root is None:
        raise HookError(INSTALL_HINT)
    name = f"{HARNESS}.tasks." + file.replace("/", ".")
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, root / f"{file}.py")
    if spec is None or spec.loader is None:
        raise HookError(f"cannot load tasks/{file}.py from the installed lm-eval")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise HookError(
            f"tasks/{file}.py of lm-eval does not load here ({type(exc).__name__}: {exc})"
        ) from None
    return module


def hook_function(where: str) -> Callable[..., Any]:
    """The harness's function `where` (`folder/file.function`), or HookError saying why not."""
    problem = hook_problem(where)
    if problem:
        raise HookError(f"hook {where}: {problem}")
    file, _, function = where.rpartition(".")
    found = getattr(_module(file), function, None)
    if not callable(found):
        raise HookError(f"hook {where}: tasks/{file}.py has no function {function}")
    return found


def run_hook(key: str, where: str, row: Mapping[str, Any]) -> Any:
    """What the harness's hook for config key `key` gives for this row: for `process_docs`
    (which maps a whole dataset) the row it makes of this one, the original columns kept next
    to the new ones as the harness's `Dataset.map` keeps them; HookError on a missing field, a
    value of the wrong kind, or a row the hook drops."""
    function = hook_function(where)
    try:
        if key == "process_docs":
            return _process_doc(function, row)
        return function(dict(row))
    except HookError:
        raise
    except KeyError as exc:
        raise HookError(f"hook {where}: the row has no field {exc}") from None
    except Exception as exc:
        raise HookError(f"hook {where} failed on this row ({type(exc).__name__}: {exc})") from None


def score_response(where: str, doc: Mapping[str, Any], response: str) -> Any:
    """The harness's process_results `where` on one response: its dict of metric values."""
    function = hook_function(where)
    try:
        return function(dict(doc), [response])
    except Exception as exc:
        raise HookError(f"hook {where} failed on this row ({type(exc).__name__}: {exc})") from None


def _process_doc(function: Callable[..., Any], row: Mapping[str, Any]) -> dict[str, Any]:
    import datasets  # the pull extra; only a process_docs hook needs it

    datasets.disable_progress_bars()  # one bar per row would cost more than the row
    from datasets.table import InMemoryTable

    # A fixed fingerprint: `datasets` would otherwise hash the row to name a cache it never
    # writes for an in-memory table (most of the time a one-row dataset takes).
    one = datasets.Dataset(InMemoryTable.from_pylist([dict(row)]), fingerprint="ltb-row")
    processed = function(one)
    rows = list(processed)
    if len(rows) != 1:
        raise HookError(f"process_docs makes {len(rows)} rows of this one (it drops it)")
    return {**row, **rows[0]}
