"""Multiple choice: the answer file must hold the expected option letter.

Wrapping is forgiven ("(C)", "C.", " c"), anything more ("C. Paris") is not: the instruction
asks for the letter alone.
"""

import json
import sys
from pathlib import Path


def normalise_letter(text: str) -> str:
    return text.strip().strip("().").strip().upper()


def main() -> int:
    expected = json.loads(Path(__file__).with_name("expected.json").read_text(encoding="utf-8"))
    answer_path = Path(expected["answer_path"])
    if not answer_path.is_file():
        print(f"no answer: {answer_path} does not exist")
        return 1
    given = normalise_letter(answer_path.read_text(encoding="utf-8", errors="replace"))
    print(f"expected {expected['answer']}, got {given!r}")
    return 0 if given == expected["answer"] else 1


if __name__ == "__main__":
    sys.exit(main())
