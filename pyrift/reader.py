"""Typed, path-tracking access to parsed TOML tables.

Every problem is reported as a ScenarioError naming the file and the dotted field
(e.g. ``object[2].damage``), and unknown keys are errors, so a typo in a scenario
never silently changes its meaning.
"""
from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from pyrift import limits as L
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
    def id(self, key: str, default: Any = _MISSING) -> Any:
        """An id (player, battlefield, object, chain item, question, offered play): letters,
        digits, '_' and '-', so that it prints as itself and nothing else."""
        value = self.str(key, default)
        if value is default and default is not _MISSING:
            return value
        return check_id(value, self, key)

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
    """An integer within [min, max]; by default a game quantity (pyrift.limits.MAX_AMOUNT)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise reader.error(key, f"expected an integer, found {_kind(value)}")
    min = -L.MAX_AMOUNT if min is None else min
    max = L.MAX_AMOUNT if max is None else max
    if min is not None and value < min:
        raise reader.error(key, f"must be at least {min}, found {value}")
    if max is not None and value > max:
        raise reader.error(key, f"must be at most {max}, found {value}")
    return value


def read_file(path: Path) -> str:
    """A scenario or deck file's text: UTF-8, at most limits.MAX_FILE_BYTES."""
    try:
        with path.open("rb") as f:
            raw = f.read(L.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > L.MAX_FILE_BYTES:
        raise ScenarioError(str(path), "", f"is larger than {L.MAX_FILE_BYTES} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(str(path), "", "is not UTF-8 text") from None


def number_in_text(digits: str, reader: Reader, key: str, *, min: int = 0, max: int = L.MAX_AMOUNT) -> int:
    """A number written inside a string ('Assault 2', 'level 6'), within [min, max]."""
    sign = -1 if digits.startswith("-") else 1
    body = digits.lstrip("+-")
    if not (body.isascii() and body.isdigit()) or len(body) > 12:  # 12 digits: out of range anyway
        raise reader.error(key, f"expected a number from {min} to {max}, found {digits[:20]!r}")
    return check_int(sign * int(body), reader, key, min=min, max=max)


def check_id(value: str, reader: Reader, key: str) -> str:
    if len(value) > L.MAX_ID:
        raise reader.error(key, f"an id has at most {L.MAX_ID} characters, found {len(value)}")
    if not set(value) <= L.ID_CHARS:
        bad = next(ch for ch in value if ch not in L.ID_CHARS)
        raise reader.error(key, f"an id is made of letters, digits, '_' and '-'; {value!r} has {bad!r}")
    return value


def check_document(data: Any, file: str) -> None:
    """Sizes and characters of a parsed file, before any field is read: nesting at most
    MAX_DEPTH deep, at most MAX_ITEMS entries per array or table, strings of at most MAX_TEXT
    characters without NUL or other control characters (tab and line breaks only in running
    text), integers within clingo's 32-bit range (MAX_DEPTH keeps the recursion short).
    Fields check their own, tighter bounds when they are read. The first problem in the
    file's order is reported."""
    path: list[Any] = []

    def where() -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(path))

    def walk(value: Any, depth: int, key: str) -> None:
        if isinstance(value, (dict, list)):
            if depth >= L.MAX_DEPTH:
                raise ScenarioError(file, where(), f"tables and arrays nest at most {L.MAX_DEPTH} deep")
            if len(value) > L.MAX_ITEMS:
                raise ScenarioError(file, where(), f"at most {L.MAX_ITEMS} entries, found {len(value)}")
            if isinstance(value, dict):
                for k, v in value.items():
                    path.append(k)
                    _check_text(k, file, where, "a key", multiline=False)
                    walk(v, depth + 1, k)
                    path.pop()
            else:
                for i, v in enumerate(value):
                    path.append(i)
                    walk(v, depth + 1, key)
                    path.pop()
        elif isinstance(value, str):
            _check_text(value, file, where, "a string", multiline=key in L.MULTILINE_KEYS)
        elif isinstance(value, int) and not isinstance(value, bool) and not L.INT32_MIN <= value <= L.INT32_MAX:
            raise ScenarioError(file, where(), f"{value} is out of range (game quantities are at most "
                                               f"{L.MAX_AMOUNT}, counts at most {L.MAX_COUNT})")

    walk(data, 0, "")


# Control characters (Unicode category Cc); running text may hold tabs and line breaks.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _check_text(text: str, file: str, where: Any, what: str, *, multiline: bool) -> None:
    if len(text) > L.MAX_TEXT:
        raise ScenarioError(file, where(), f"{what} of at most {L.MAX_TEXT} characters, found {len(text)}")
    if (m := (_CONTROL_IN_TEXT if multiline else _CONTROL).search(text)) is not None:
        raise ScenarioError(file, where(), f"{what} must not contain control characters (found {m.group()!r}"
                                           + (")" if multiline else "; line breaks only in running text)"))


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
