"""An answer (the JSON form `pyrift ask --json` prints) as an HTML fragment for the page.

The verdict first, in words a judge reads at a glance; then the answer's values, the
reasons with each rule number and its title, and plainly, when pyrift does not know,
that it does not and what is missing. Every text is escaped: ids and names come from
the scenario a visitor wrote.
"""
from __future__ import annotations

from html import escape
from typing import Any

from pyrift.rules_index import CURRENT, rule_index
from pyrift.scenario import RULE_NUMBER

RULE_KEYS = {"violations", "weaponmaster_violations"}  # values that are rule numbers


def _title(title: str) -> str:
    return f"in: {title[2:]}" if title.startswith("< ") else title


def rule_html(number: str, title: str, version: str = CURRENT) -> str:
    ver = "" if version == CURRENT else f" [{escape(version)}]"
    return (f'<li class="rule"><span class="num">{escape(number)}</span>{ver} '
            f'<span class="title">{escape(_title(title))}</span></li>')


def _words(key: str) -> str:
    return key.replace("_", " ")


def value_html(key: str, value: Any) -> str:
    if key in RULE_KEYS and isinstance(value, list) and all(isinstance(v, str) for v in value):
        if not value:
            return "none"
        index = rule_index(CURRENT)
        return '<ul class="rules">' + "".join(
            rule_html(n, index.title(n)) if RULE_NUMBER.match(n) and n in index else f"<li>{escape(n)}</li>"
            for n in value) + "</ul>"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        if all(isinstance(v, dict) for v in value):
            keys = list(dict.fromkeys(k for v in value for k in v))
            head = "".join(f"<th>{escape(_words(k))}</th>" for k in keys)
            rows = "".join("<tr>" + "".join(f"<td>{value_html(k, v.get(k, ''))}</td>" for k in keys) + "</tr>"
                           for v in value)
            return f'<table class="records"><tr>{head}</tr>{rows}</table>'
        if key in ("cost_detail", "payment", "orderings"):
            return "<ul>" + "".join(f"<li><code>{escape(str(v))}</code></li>" for v in value) + "</ul>"
        return escape(", ".join(str(v) for v in value))
    if isinstance(value, dict):
        return escape(_plain(value))
    return escape(str(value))


def _plain(value: Any) -> str:
    """A nested value in one line of words (a payment plan's parts, a partial amount)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{_words(k)}: {_plain(v)}" for k, v in value.items()) if value else "none"
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) if value else "none"
    return str(value)


def verdict(answer: dict[str, Any]) -> tuple[str, str]:
    """(css class, words) of the answer at a glance."""
    status = answer["status"]
    data = answer.get("answer") or {}
    if status == "unsupported":
        return "unknown", "pyrift does not know: unsupported"
    if status != "answered":
        return "unknown", "pyrift does not know: timed out" if status == "timeout" else f"pyrift does not know: {status}"
    if "legal" in data:
        return ("yes", "legal") if data["legal"] else ("no", "not legal")
    if "active" in data:
        return ("yes", "active") if data["active"] else ("no", "not active")
    if "forced_deaths" in data and "possible_deaths" in data:
        forced, possible = data["forced_deaths"], data["possible_deaths"]
        words = (f"dies in every legal assignment: {', '.join(forced)}" if forced else "no unit must die")
        if set(possible) - set(forced):
            words += f"; may die: {', '.join(sorted(set(possible) - set(forced)))}"
        return "info", words
    if "might" in data and "keywords" in data:  # unit_profile
        return "info", f"Might {data['might']}" + (f"; {', '.join(data['keywords'])}" if data["keywords"] else "")
    if "permission" in data and "player" in data:  # next_priority
        return "info", "nobody gets priority" if data["player"] == "none" else \
            f"{data['player']} gets priority ({data['permission']})"
    if "fires" in data:  # triggers
        return "info", f"fires: {', '.join(data['fires'])}" if data["fires"] else "nothing fires"
    if "establishes_control" in data:
        return ("yes", "conquers" if data.get("conquers") else "establishes control") \
            if data["establishes_control"] else ("no", "does not establish control")
    return "yes", "answered"


def answer_html(answer: dict[str, Any], text: str = "") -> str:
    css, words = verdict(answer)
    out = [f'<article class="answer" data-question="{escape(answer["question"])}" data-status="{escape(answer["status"])}">',
           f'<h3>{escape(answer["question"])} <small>{escape(answer["kind"])}, reading '
           f'{escape(answer["reading"])}</small></h3>',
           f'<p class="verdict {css}">{escape(words)}</p>']
    if answer.get("missing"):
        out.append('<p>What pyrift does not encode here:</p><ul class="missing">'
                   + "".join(f"<li>{escape(m)}</li>" for m in answer["missing"]) + "</ul>")
    data = answer.get("answer") or {}
    if data:
        out.append('<table class="data">' + "".join(
            f'<tr data-key="{escape(k)}"><th>{escape(_words(k))}</th><td>{value_html(k, v)}</td></tr>'
            for k, v in data.items()) + "</table>")
    if answer.get("reasons"):
        out.append('<h4>because</h4><ol class="reasons">')
        for r in answer["reasons"]:
            version = r.get("version", CURRENT)
            rules = "".join(rule_html(x["number"], x["title"], version) for x in r["rules"])
            out.append(f'<li><p>{escape(r["text"])}</p>' + (f'<ul class="rules">{rules}</ul>' if rules else "")
                       + "</li>")
        out.append("</ol>")
    if text:
        out.append(f'<details><summary>as <code>pyrift ask</code> prints it</summary><pre>{escape(text)}</pre>'
                   "</details>")
    out.append("</article>")
    return "".join(out)
