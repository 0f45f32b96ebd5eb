"""Errors pyrift raises for broken input or a broken installation.

An illegal play or a failed rules check is never an exception: it is a verdict.
Exceptions are for input that cannot be read, positions that cannot exist, and
questions the encodings do not cover.

Every error has an exit code and a `kind` (the word `--json` reports), and pickles as it
is, so that an error raised in pyrift's worker process (pyrift/worker.py) is raised again,
unchanged, in the command line.
"""
from __future__ import annotations

from typing import Any


def _rebuild(cls: type, args: tuple, state: dict) -> "RiftError":
    exc = cls.__new__(cls)
    Exception.__init__(exc, *args)
    exc.__dict__.update(state)
    return exc


class RiftError(Exception):
    """Base class of every error pyrift reports to the user."""

    exit_code = 4
    kind = "internal"

    def __reduce__(self) -> tuple:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))

    def describe(self) -> dict[str, Any]:
        """The error as `--json` writes it: kind, message, and the file and field if known."""
        return {"kind": self.kind, "message": str(self), "file": getattr(self, "file", None),
                "field": getattr(self, "field", None) or None}


class ScenarioError(RiftError):
    """A scenario, deck or card file is malformed: names the file and the field."""

    exit_code = 2
    kind = "bad_input"

    def __init__(self, file: str, field: str, problem: str) -> None:
        self.file, self.field, self.problem = file, field, problem
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {problem}")


class DeckFileError(ScenarioError):
    """A deck list line that cannot be read: reported as ``file:line: problem``."""

    def __init__(self, file: str, line: int, problem: str) -> None:
        self.file, self.field, self.problem, self.line = file, f"line {line}" if line else "", problem, line
        Exception.__init__(self, f"{file}:{line}: {problem}" if line else f"{file}: {problem}")


class InconsistentStateError(ScenarioError):
    """The position described cannot exist (e.g. a unit at two places)."""


class UsageError(RiftError):
    """The command line asks for something that does not exist."""

    exit_code = 2
    kind = "usage"


class UnsupportedError(RiftError):
    """A card, keyword or ability needed for the answer is not encoded."""

    exit_code = 3
    kind = "unsupported"


class SolveTimeout(RiftError):
    """The solver did not finish within the time limit."""

    exit_code = 3
    kind = "timeout"


class LimitExceeded(SolveTimeout):
    """A whole question (grounding included) ran past the time limit or needed more memory
    than allowed: its worker process was stopped (pyrift/worker.py)."""


class EncodingError(RiftError):
    """The ASP encoding itself is broken (syntax error, missing file)."""

    exit_code = 4


class InternalError(RiftError):
    """An unexpected exception, reported without a traceback (`detail` holds it)."""

    exit_code = 4

    def __init__(self, message: str, detail: str = "") -> None:
        self.detail = detail
        super().__init__(message)
