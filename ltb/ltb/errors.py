"""Errors the CLI reports to the user as one clear line (what, where, what to do).

The release and run-summary errors live with the format (benchhub_format.errors); every error
here is a FormatError too, so the CLI catches one base class.
"""

from benchhub_format.errors import FormatError


class LtbError(FormatError):
    """An error of the CLI itself (usage, push, pull, run)."""

    exit_code = 1


class UsageError(LtbError):
    exit_code = 2


class PushError(LtbError):
    """The intake could not be reached or refused the run."""

    exit_code = 5


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
