"""Errors the CLI reports to the user as one clear line (what, where, what to do)."""


class LtbError(Exception):
    exit_code = 1


class UsageError(LtbError):
    exit_code = 2


class RegistryError(LtbError):
    """The release folder or URL is missing, unreadable or fails verification."""

    exit_code = 3


class InvalidSummaryError(LtbError):
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


class InvalidDisputeError(LtbError):
    """A score dispute failed a check; `problems` and `kind` as in InvalidSummaryError."""

    exit_code = 4

    def __init__(self, problems: list[str], *, kind: str = "invalid") -> None:
        self.problems = problems
        self.kind = kind
        super().__init__("invalid dispute: " + "; ".join(problems[:10]))


class PushError(LtbError):
    """The intake could not be reached or refused the run."""

    exit_code = 5


class RunConflictError(LtbError):
    """A different summary with the same results_sha256 is already recorded."""

    exit_code = 6


class PullError(LtbError):
    """A benchmark cannot be turned into tasks: unknown id, bad mapping, unusable output folder."""

    exit_code = 7


class RowsUnavailableError(PullError):
    """Neither --source, the Hugging Face Hub nor the bundled rows could provide the rows."""


class HarborRunError(LtbError):
    """Harbor could not be started, failed, or left no job result to summarise."""

    exit_code = 8


class SummaryError(LtbError):
    """A Harbor job folder cannot be turned into a valid run summary."""

    exit_code = 9
