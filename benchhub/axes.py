"""The one fixed vocabulary of capability axes a benchmark can be filed under.

Every reviewer (heuristic or LLM) may only use these names; the release, the search index and
the leaderboard group benchmarks by them. Adding or renaming an axis changes the LLM prompt and
its output schema, so every cached LLM review is redone on the next run.
"""

from __future__ import annotations

from collections.abc import Iterable

# name -> what a benchmark on this axis measures (shown to the LLM reviewer and in the docs)
AXES: dict[str, str] = {
    "knowledge": "recalling factual or academic knowledge (exams, trivia, subject quizzes)",
    "reasoning": "multi-step logical, deductive or abstract reasoning beyond recall",
    "math": "solving mathematical problems, from word problems to competition mathematics",
    "coding": "writing, completing, repairing or explaining source code",
    "agentic": "acting over many steps in an environment (terminal, browser, repository) to "
    "reach a goal",
    "tool_use": "choosing and calling functions, APIs or tools with correct arguments",
    "long_context": "finding and using information spread over very long inputs",
    "multilingual": "tasks in languages other than English, or across languages and translation",
    "instruction_following": "obeying explicit instructions and constraints on form and content",
    "reading_comprehension": "answering questions about a given passage or document",
    "commonsense": "everyday physical and social commonsense about the world",
    "language_understanding": "grammar, syntax, inference and other classic language "
    "understanding tasks",
    "science": "natural-science, medical and engineering knowledge and problem solving",
    "vision": "understanding images, diagrams, charts or video",
    "dialogue": "multi-turn conversation quality and human preference between chat answers",
    "factuality": "avoiding hallucination and false claims; truthful, grounded answers",
    "safety": "refusing harmful requests, resisting jailbreaks and injection, bias and toxicity",
    "cybersecurity": "offensive or defensive security skills such as capture-the-flag tasks",
}


def unknown_axes(axes: Iterable[str]) -> list[str]:
    """The names in `axes` that are not in the vocabulary, in the order given."""
    return [axis for axis in axes if axis not in AXES]


def ordered_axes(axes: Iterable[str]) -> list[str]:
    """Distinct vocabulary axes in vocabulary order, so equal sets compare and hash equal."""
    chosen = set(axes)
    if bad := unknown_axes(chosen):
        raise ValueError(f"not capability axes: {sorted(bad)}; the vocabulary is {list(AXES)}")
    return [axis for axis in AXES if axis in chosen]
