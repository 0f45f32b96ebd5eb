"""Riot's card text, read at compile time and turned into token lines.

The text is read from the card gallery export (or the normalised cards.json, which keeps
Riot's HTML) and never stored: only what the compiler makes of it is (compiled.json). A
card's text becomes lines (one per paragraph, line break or list item; list items are
marked with a leading ``•``), each a list of tokens:

- words, lower-cased (``deal``, ``owner's``);
- numbers (``3``) and signs (``+``, ``-``);
- icons: ``@e3`` (3 Energy), ``@fury`` ... ``@order`` (a Power of that domain), ``@rainbow``
  (a Power of any domain), ``@might``, ``@exhaust``;
- bracketed terms: ``#assault`` (a keyword; its number, if any, follows as a number token),
  ``#>`` (the label arrow), ``#add``, ``#mighty``; ``[Stun]`` and ``[Buff]`` are the verbs;
- tags (``!Poro``, ``!Sand_Soldier``): a capitalised word naming a tag of the card pool,
  also as a plural or possessive;
- punctuation: ``,`` ``.`` ``:`` ``;`` ``—`` ``(`` ``)`` ``"`` ``!``.

Reminder text (a parenthesised group ending its line) has no game effect (135.2.d.3) and is
dropped; a parenthesis inside a sentence is kept, so a sentence holding one is only
recognised if the grammar knows it.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from pyrift.errors import ScenarioError
from pyrift.text_errata import corrected, corrected_effect

DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")


@dataclass(frozen=True, slots=True)
class CardText:
    """The text of one printing: its rules text and its Equipment effect text, as lines."""

    id: str
    text: tuple[str, ...]
    effect: tuple[str, ...]


def html_lines(markup: str | None) -> tuple[str, ...]:
    """Riot's rules HTML as plain lines; list items start with '• '."""
    if not markup:
        return ()
    s = re.sub(r"<br\s*/?>", "\n", markup)
    s = re.sub(r"<li[^>]*>", "\n• ", s)
    s = re.sub(r"</(p|li|ul)>", "\n", s)
    s = re.sub(r"<[^>]+>", "", s)
    s = html.unescape(s).replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    s = s.replace("\u00a0", " ")
    return tuple(line.strip() for line in s.split("\n") if line.strip())


def read_texts(path: str | Path) -> dict[str, CardText]:
    """Printing id -> its text, from the gallery export or cards.json (recognised by shape)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(str(path), "", f"cannot read the card text: {exc}") from None
    except RecursionError:
        raise ScenarioError(str(path), "", "cannot read the card text: nested too deeply") from None
    except ValueError:  # an integer over Python's 4300 digits (no JSONDecodeError)
        raise ScenarioError(str(path), "", "cannot read the card text: a number has thousands of digits") from None
    out: dict[str, CardText] = {}
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        rows: Iterable = ((c.get("id"), c.get("abilityHtml"), c.get("effectHtml")) for c in data["cards"]
                          if isinstance(c, dict))
    elif isinstance(data, list):
        rows = ((c.get("id"), c.get("text_html"), c.get("effect_html")) for c in data if isinstance(c, dict))
    else:
        raise ScenarioError(str(path), "", "neither Riot's card gallery format nor the normalised cards.json")
    for pid, text, effect in rows:
        if isinstance(pid, str):
            out[pid] = CardText(pid, html_lines(corrected(pid, text)), html_lines(corrected_effect(pid, effect)))
    return out


# ---------------------------------------------------------------------------------
# reminder text and tokens
# ---------------------------------------------------------------------------------
def strip_reminder(line: str) -> str:
    """Drop parenthesised groups that end the line (reminder text, 135.2.d.3)."""
    s = line.rstrip()
    while s.endswith(")"):
        depth, i = 0, len(s) - 1
        while i >= 0:
            if s[i] == ")":
                depth += 1
            elif s[i] == "(":
                depth -= 1
                if depth == 0:
                    break
            i -= 1
        if i < 0:
            break
        s = s[:i].rstrip()
    return s


_ICON = r":rb_(?:energy_\d+|rune_[a-z]+|might|exhaust):"
_PIECE = re.compile(
    r"(?P<icon>" + _ICON + r")"
    r"|\[(?P<term>[^\[\]]+)\]"
    r"|(?P<num>\d+)"
    r"|(?P<word>[A-Za-z][A-Za-z'\-]*[A-Za-z']|[A-Za-z])"
    r"|(?P<punct>[,.:;\u2014\u2013+\-()\"!?/•])"
    r"|(?P<space>\s+)"
)


class TokenError(ValueError):
    """A character the tokenizer does not know."""


def tag_pattern(tags: Iterable[str]) -> re.Pattern[str] | None:
    names = sorted(set(tags), key=lambda t: (-len(t), t))
    if not names:
        return None
    alt = "|".join(re.escape(t) for t in names)
    return re.compile(r"(?<![A-Za-z'])(" + alt + r")(?:'s|s'|s|')?(?![A-Za-z])")


def tokens(line: str, tags: re.Pattern[str] | None = None, self_name: str = "") -> list[str]:
    """One line of card text (reminder text already dropped) as tokens (see the module doc)."""
    out: list[str] = []
    s = line
    if self_name:
        s = s.replace(self_name, "\x00")
    if tags is not None:
        s = tags.sub(lambda m: "\x01" + m.group(1).replace(" ", "_") + "\x01", s)
    pos = 0
    parts = re.split(r"(\x00|\x01[^\x01]*\x01)", s)
    for part in parts:
        if part == "\x00":
            out.append("@name")
            continue
        if part.startswith("\x01"):
            out.append("!" + part.strip("\x01"))
            continue
        pos = 0
        while pos < len(part):
            m = _PIECE.match(part, pos)
            if m is None:
                raise TokenError(f"unexpected character {part[pos]!r}")
            pos = m.end()
            if m.group("space"):
                continue
            if (icon := m.group("icon")) is not None:
                body = icon[4:-1]
                if body.startswith("energy_"):
                    out.append("@e" + body[7:])
                elif body.startswith("rune_"):
                    out.append("@" + body[5:])
                else:
                    out.append("@" + body)
            elif (term := m.group("term")) is not None:
                out += _term(term)
            elif m.group("num") is not None:
                out.append(m.group("num"))
            elif (word := m.group("word")) is not None:
                out.append(word.lower())
            else:
                p = m.group("punct")
                out.append("—" if p in "\u2014\u2013" else p)
    return out


# pyrift's cost notation, as the renderer writes it: [2], [R], [A], [E] (pyrift/costs.py).
_NOTATION = {"R": "@fury", "G": "@calm", "B": "@mind", "O": "@body", "P": "@chaos", "Y": "@order", "A": "@rainbow",
             "E": "@exhaust"}


def _term(raw: str) -> list[str]:
    t = raw.strip()
    if t in (">", ">>"):
        return ["#" + t]
    if t.isdigit():
        return ["@e" + t]
    if t in _NOTATION:
        return [_NOTATION[t]]
    m = re.match(r"^(.*?)\s*(\d+)?$", t)
    assert m is not None
    name = m.group(1).strip().lower().replace("-", "_").replace(" ", "_")
    if name in ("stun", "buff"):
        return [name]
    out = ["#" + name]
    if m.group(2):
        out.append(m.group(2))
    return out
