"""Errors about a release, a run summary or a score dispute, reported as one clear line (what,
where, what to do).

Shared by the CLI, the intake and the pipeline; `exit_code` is what `ltb` exits with.
"""


class FormatError(Exception):
    exit_code = 1


class RegistryError(FormatError):
    """The release folder or URL is missing, unreadable or fails verification."""

    exit_code = 3


class InvalidSummaryError(FormatError):
    """A run summary failed a check; `problems` lists each as "field path: what is wrong".

    `kind` lets callers tell "too large" and "not JSON" apart from failed checks (the intake
    answers 413, 400 and 422 for them).
    """

    exit_code = 4

    def __init__(
        self, problems: list[str], *, kind: str = "invalid", source: str | None = None
    ) -> None:
        self.problems = problems
        self.kind = kind
        where = f" in {source}" if source else ""
        if len(problems) == 1:
            message = f"invalid run summary{where}: {problems[0]}"
        else:
            message = f"invalid run summary{where} ({len(problems)} problems):\n  " + "\n  ".join(
                problems
            )
        super().__init__(message)


class InvalidDisputeError(FormatError):
    """A score dispute failed a check; `problems` and `kind` as in InvalidSummaryError."""

    exit_code = 4

    def __init__(self, problems: list[str], *, kind: str = "invalid") -> None:
        self.problems = problems
        self.kind = kind
        super().__init__("invalid dispute: " + "; ".join(problems[:10]))


class RunConflictError(FormatError):
    """A different summary with the same results_sha256 is already recorded."""

    exit_code = 6
