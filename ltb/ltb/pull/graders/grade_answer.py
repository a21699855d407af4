"""Exact answer: the answer file must hold the expected final answer.

Numeric answers compare as numbers, so "1,000", "$1000" and "1000.0" all match 1000; text
answers compare case-insensitively with white space collapsed.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path


def normalise_number(text: str) -> Decimal | None:
    cleaned = text.strip().replace(",", "").replace(" ", "").lstrip("$").rstrip(".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def normalise_text(text: str) -> str:
    return " ".join(text.split()).casefold()


def matches(given: str, expected: str, numeric: bool) -> bool:
    if numeric:
        number = normalise_number(given)
        return number is not None and number == normalise_number(expected)
    return normalise_text(given) == normalise_text(expected)


def main() -> int:
    expected = json.loads(Path(__file__).with_name("expected.json").read_text(encoding="utf-8"))
    answer_path = Path(expected["answer_path"])
    if not answer_path.is_file():
        print(f"no answer: {answer_path} does not exist")
        return 1
    given = answer_path.read_text(encoding="utf-8", errors="replace")
    print(f"expected {expected['answer']!r}, got {given.strip()!r}")
    return 0 if matches(given, expected["answer"], expected["numeric"]) else 1


if __name__ == "__main__":
    sys.exit(main())
