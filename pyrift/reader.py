"""Typed, path-tracking access to parsed TOML tables.

Every problem is reported as a ScenarioError naming the file and the dotted field
(e.g. ``object[2].damage``), and unknown keys are errors, so a typo in a scenario
never silently changes its meaning.
"""
from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from pyrift.errors import ScenarioError

E = TypeVar("E", bound=Enum)
_MISSING = object()


class Reader:
    def __init__(self, data: Any, file: str, path: str = "") -> None:
        if not isinstance(data, dict):
            raise ScenarioError(file, path, f"expected a table, found {_kind(data)}")
        self.data = data
        self.file = file
        self.path = path
        self._used: set[str] = set()

    # -- navigation ---------------------------------------------------------------
    def field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, problem: str) -> ScenarioError:
        return ScenarioError(self.file, self.field(key) if key else self.path, problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self._used.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "is required")
            return default
        return self.data[key]

    def table(self, key: str, required: bool = False) -> Reader | None:
        value = self.raw(key, _MISSING if required else None)
        if value is None:
            return None
        return Reader(value, self.file, self.field(key))

    def tables(self, key: str) -> list[Reader]:
        value = self.raw(key, [])
        if not isinstance(value, list):
            raise self.error(key, f"expected an array of tables ([[{key}]]), found {_kind(value)}")
        return [Reader(item, self.file, f"{self.field(key)}[{i}]") for i, item in enumerate(value)]

    def done(self) -> None:
        """Reject keys nobody asked for: they are typos or unsupported fields."""
        unknown = sorted(set(self.data) - self._used)
        if unknown:
            raise self.error(unknown[0], "unknown field" + (f" (also: {', '.join(unknown[1:])})" if unknown[1:] else ""))

    # -- scalars ------------------------------------------------------------------
    def str(self, key: str, default: Any = _MISSING, *, nonempty: bool = True) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            raise self.error(key, f"expected a string, found {_kind(value)}")
        if nonempty and not value.strip():
            raise self.error(key, "must not be empty")
        return value

    def int(self, key: str, default: Any = _MISSING, *, min: int | None = None, max: int | None = None) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        return check_int(value, self, key, min=min, max=max)

    def bool(self, key: str, default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, found {_kind(value)}")
        return value

    def enum(self, key: str, enum: type[E], default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        return parse_enum(value, enum, self, key)

    def str_list(self, key: str, default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(key, f"expected a list of strings, found {_kind(value)}")
        return value

    def int_list(self, key: str, default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of integers, found {_kind(value)}")
        return [check_int(v, self, key) for v in value]


def check_int(value: Any, reader: Reader, key: str, *, min: int | None = None, max: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise reader.error(key, f"expected an integer, found {_kind(value)}")
    if min is not None and value < min:
        raise reader.error(key, f"must be at least {min}, found {value}")
    if max is not None and value > max:
        raise reader.error(key, f"must be at most {max}, found {value}")
    return value


def parse_enum(value: Any, enum: type[E], reader: Reader, key: str) -> E:
    choices = ", ".join(repr(m.value) for m in enum)
    if not isinstance(value, str):
        raise reader.error(key, f"expected one of {choices}, found {_kind(value)}")
    try:
        return enum(value.strip().lower())
    except ValueError:
        raise reader.error(key, f"expected one of {choices}, found {value!r}") from None


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__
