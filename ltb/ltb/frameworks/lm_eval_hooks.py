"""The lm-evaluation-harness Python hooks ltb re-implements, keyed by where they live.

A task config may name Python code (`!function utils.process_docs`) for `process_docs` (a row
turned into the row the templates read) or for `doc_to_text`, `doc_to_target` and
`doc_to_choice`. ltb does not import the harness; instead each hook below is written from the
lm-eval 0.4.13 source of the same name (MIT licence; file and function in the key, relative to
`lm_eval/tasks/`), doing what that function does to one row. A task whose hooks are all here
compiles; any other hook keeps it not runnable, naming the hook. Metrics computed by Python
(`process_results`) are not hooks ltb runs: a task that needs one stays not runnable.

Each function takes one row (a mapping of the dataset's columns) and returns what the harness's
function returns for it; `process_docs` hooks return the new row (the harness maps them over the
dataset, keeping the original columns next to the new ones).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from typing import Any

Hook = Callable[[Mapping[str, Any]], Any]
HOOK_KEYS = ("process_docs", "doc_to_text", "doc_to_target", "doc_to_choice")


# --- hellaswag/utils.py ---------------------------------------------------------------------


def _hellaswag_preprocess(text: str) -> str:
    text = text.strip()
    # Brackets are artefacts of the WikiHow part of HellaSwag (the harness's own comment).
    text = text.replace(" [title]", ". ")
    text = re.sub("\\[.*?\\]", "", text)
    return text.replace("  ", " ")


def hellaswag_process_docs(doc: Mapping[str, Any]) -> dict[str, Any]:
    ctx = doc["ctx_a"] + " " + doc["ctx_b"].capitalize()
    return {
        **doc,
        "query": _hellaswag_preprocess(doc["activity_label"] + ": " + ctx),
        "choices": [_hellaswag_preprocess(ending) for ending in doc["endings"]],
        "gold": int(doc["label"]),
    }


# --- winogrande/preprocess_winogrande.py ------------------------------------------------------
# The harness scores Winogrande by "partial evaluation": each option fills the blank to make a
# context (doc_to_choice), the rest of the sentence is the continuation (doc_to_target) scored
# after each, and doc_to_text gives the index of the right context (not a prompt).


def winogrande_doc_to_text(doc: Mapping[str, Any]) -> int:
    answer_to_num = {"1": 0, "2": 1}
    return answer_to_num[doc["answer"]]


def winogrande_doc_to_target(doc: Mapping[str, Any]) -> str:
    idx = doc["sentence"].index("_") + 1
    return str(doc["sentence"][idx:].strip())


def winogrande_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    idx = doc["sentence"].index("_")
    options = [doc["option1"], doc["option2"]]
    return [doc["sentence"][:idx] + opt for opt in options]


# --- leaderboard/musr/utils.py ----------------------------------------------------------------

_MUSR_TEXT = "{narrative}\n\n{question}\n\n{choices}\nAnswer:"


def musr_doc_to_text(doc: Mapping[str, Any]) -> str:
    choices = ""
    for i, choice in enumerate(ast.literal_eval(doc["choices"])):
        choices += f"{i + 1} - {choice}\n"
    return _MUSR_TEXT.format(narrative=doc["narrative"], question=doc["question"], choices=choices)


def musr_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return list(ast.literal_eval(doc["choices"]))


HOOKS: dict[str, Hook] = {
    "hellaswag/utils.process_docs": hellaswag_process_docs,
    "winogrande/preprocess_winogrande.doc_to_text": winogrande_doc_to_text,
    "winogrande/preprocess_winogrande.doc_to_target": winogrande_doc_to_target,
    "winogrande/preprocess_winogrande.doc_to_choice": winogrande_doc_to_choice,
    "leaderboard/musr/utils.doc_to_text": musr_doc_to_text,
    "leaderboard/musr/utils.doc_to_choice": musr_doc_to_choice,
}


def run_hook(where: str, row: Mapping[str, Any]) -> Any:
    """The hook's result for this row; ValueError saying which hook failed and why (a missing
    field, a value of the wrong kind)."""
    hook = HOOKS[where]
    try:
        return hook(row)
    except KeyError as exc:
        raise ValueError(f"hook {where}: the row has no field {exc}") from None
    except (TypeError, ValueError, IndexError, AttributeError, SyntaxError) as exc:
        raise ValueError(f"hook {where} failed on this row ({type(exc).__name__}: {exc})") from None
