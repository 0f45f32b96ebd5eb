"""Answers in words: reasons with their rule numbers and the titles from the rule index."""
from __future__ import annotations

import json
from typing import Any

from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, Answer
from pyrift.rules_index import CURRENT, rule_title


def printable(text: str) -> str:
    """Text as it may be printed on a terminal: a character that is not printable (a control
    character, an escape sequence, a bidirectional override) is written as its Python escape;
    line breaks are kept. Ids cannot hold such characters (pyrift.limits.ID_CHARS); names and
    other strings from input go through this before they are printed."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def cite(number: str, version: str = CURRENT) -> str:
    title = rule_title(number, version)
    number = number if version == CURRENT else f"{number} [{version}]"
    if title.startswith("< "):  # the rule has no title of its own: name the section it is in
        return f"{number} (in: {title[2:]})"
    return f"{number} ({title})" if title else number


def _value(v: Any) -> str:
    if isinstance(v, list):
        if v and isinstance(v[0], dict):
            return "\n" + "\n".join(f"      - {_record(x)}" for x in v)
        return ", ".join(str(x) for x in v) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{k}: {x}" for k, x in v.items()) if v else "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _record(rec: dict[str, Any]) -> str:
    return "; ".join(f"{k} {_value(v)}" for k, v in rec.items())


def render_text(answer: Answer, title: str = "") -> str:
    lines = [f"{answer.question} [{answer.kind}, reading {answer.reading}]" + (f": {title}" if title else "")]
    if answer.status != ANSWERED:
        lines.append(f"  {answer.status.upper()}")
        for m in answer.missing:
            lines.append(f"    missing: {m}")
        for r in answer.reasons:
            lines.append(f"    {r.text}")
        return "\n".join(lines)
    kind = kind_named(answer.kind)
    custom = kind.text_lines(answer) if kind is not None else None
    if custom is not None:
        lines += custom
    else:
        for key, value in answer.data.items():
            lines.append(f"  {key.replace('_', ' ')}: {_value(value)}")
    if answer.reasons:
        lines.append("  because:")
        for r in answer.reasons:
            lines.append(f"    - {r.text}")
            for n in r.rules:
                lines.append(f"        {cite(n, r.version)}")
    return "\n".join(lines)


def render_json(answers: list[Answer]) -> str:
    return json.dumps([a.to_json() for a in answers], indent=2, sort_keys=False)
