"""A one-line progress bar on stderr, drawn only when stderr is a terminal and the job is long."""

from __future__ import annotations

import sys
from typing import TextIO

MIN_TOTAL = 50  # shorter pulls finish before a bar is worth reading
WIDTH = 30


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total = total
        self.label = label
        self.enabled = total >= MIN_TOTAL and self.stream.isatty()
        self._shown = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        percent = min(100, done * 100 // max(self.total, 1))
        if percent == self._shown:
            return  # redraw only when the bar moves: a pull of 100,000 rows stays cheap
        self._shown = percent
        filled = WIDTH * percent // 100
        bar = "#" * filled + "-" * (WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._shown >= 0:
            self.stream.write("\n")
            self.stream.flush()
