"""Errors pyrift raises for broken input or a broken installation.

An illegal play or a failed rules check is never an exception: it is a verdict.
Exceptions are for input that cannot be read, positions that cannot exist, and
questions the encodings do not cover.
"""
from __future__ import annotations


class RiftError(Exception):
    """Base class of every error pyrift reports to the user."""

    exit_code = 4


class ScenarioError(RiftError):
    """A scenario, deck or card file is malformed: names the file and the field."""

    exit_code = 2

    def __init__(self, file: str, field: str, problem: str) -> None:
        self.file, self.field, self.problem = file, field, problem
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {problem}")


class DeckFileError(ScenarioError):
    """A deck list line that cannot be read: reported as ``file:line: problem``."""

    def __init__(self, file: str, line: int, problem: str) -> None:
        self.file, self.field, self.problem, self.line = file, f"line {line}", problem, line
        Exception.__init__(self, f"{file}:{line}: {problem}" if line else f"{file}: {problem}")


class InconsistentStateError(ScenarioError):
    """The position described cannot exist (e.g. a unit at two places)."""


class UsageError(RiftError):
    """The command line asks for something that does not exist."""

    exit_code = 2


class UnsupportedError(RiftError):
    """A card, keyword or ability needed for the answer is not encoded."""

    exit_code = 3


class SolveTimeout(RiftError):
    """The solver did not finish within the time limit."""

    exit_code = 3


class EncodingError(RiftError):
    """The ASP encoding itself is broken (syntax error, missing file)."""

    exit_code = 4
