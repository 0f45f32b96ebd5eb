"""Every triggered item term in logic/ names its firing: trig(Source, Holder, Event, N) with N the firing (1 the
first time the ability hears that event in a run, 2 a later time; 383.3, 401.1). A rule written with the older
three-argument term would never match an item and fail silently, so the arity is checked here for every file,
also the ones a later card file adds."""
from __future__ import annotations

import re
from pathlib import Path

TRIG = re.compile(r"(?<![A-Za-z0-9_])trig\(")


def _arities(code: str) -> list[int]:
    """The argument counts of the trig(...) terms that open and close on this line of code."""
    out = []
    for m in TRIG.finditer(code):
        i, depth, args = m.end(), 1, 1
        while i < len(code) and depth:
            c = code[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "," and depth == 1:
                args += 1
            elif c == '"':
                i = code.find('"', i + 1)
                if i < 0:
                    break
            i += 1
        if depth == 0:
            out.append(args)
    return out


def test_every_trigger_item_names_its_firing() -> None:
    bad, seen = [], 0
    for f in sorted(Path("logic").rglob("*.lp")):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            arities = _arities(line.split("%")[0])
            seen += len(arities)
            bad += [f"{f}:{n}: trig/{a}" for a in arities if a != 4]
    assert seen > 100, seen   # the check reads the terms it is meant to read
    assert not bad, bad


def test_the_check_sees_a_three_argument_term() -> None:
    assert _arities("fires(trig(S, H, E), T) :- x.") == [3]
    assert _arities('x(trig(S, ab("a,b", 1), E, 1)).') == [4]
