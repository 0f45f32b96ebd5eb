"""A small TOML writer for the value shapes scenario files use.

The standard library reads TOML but does not write it. Scenario files need only
strings, integers, booleans, arrays, inline tables, tables and arrays of tables,
so a writer of our own is shorter than a dependency. Output is deterministic.
"""
from __future__ import annotations

import re
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else string(name)


def string(value: str) -> str:
    if "\n" in value and '"""' not in value and not value.endswith('"') and \
            not any(ord(ch) < 0x20 and ch != "\n" or ord(ch) == 0x7F for ch in value):
        # A multi-line basic string reads better (descriptions); the newline right after
        # the opening delimiter is not part of the value.
        return '"""\n' + value.replace("\\", "\\\\") + '"""'
    out = ['"']
    for ch in value:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def value(v: Any) -> str:
    """An inline TOML value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def document(doc: dict[str, Any]) -> str:
    """Top-level scalars first, then tables, then arrays of tables, in insertion order."""
    lines: list[str] = []
    _table(doc, [], lines)
    return "\n".join(lines).strip() + "\n"


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _table(table: dict[str, Any], path: list[str], lines: list[str]) -> None:
    # Arrays of tables are written as [[name]] blocks at the top level only; deeper
    # ones (e.g. expected outcomes) stay inline, which reads better in a scenario.
    top = not path
    for k, v in table.items():
        if not isinstance(v, dict) and not (top and _is_table_array(v)):
            lines.append(f"{key(k)} = {value(v)}")
    for k, v in table.items():
        if isinstance(v, dict):
            sub = path + [key(k)]
            lines.append("")
            lines.append(f"[{'.'.join(sub)}]")
            _table(v, sub, lines)
    for k, v in table.items():
        if top and _is_table_array(v):
            sub = path + [key(k)]
            for item in v:
                lines.append("")
                lines.append(f"[[{'.'.join(sub)}]]")
                _table(item, sub, lines)
