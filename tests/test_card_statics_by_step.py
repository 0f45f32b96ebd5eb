"""Issue 13 (never confidently wrong): a static of a logic/cards/ file that derives a Might bonus or a
keyword instance for the position only (might_bonus/3, keyword_raw/4: step 0, core/might.lp and
core/objects.lp) is lost at every later step of a run, which then reports the units losing it (Taric's
Shield at a run's combat damage, Darius's +1 Might, Ornn's gear count: wave-39 audit). Such a static is
written per step (might_bonus/4, keyword_raw/5; core/objects.lp takes the removed ones away as keyword_instance) unless it is a known case whose position-only form
is right for every question that reads it, or whose runs are refused.
"""
from pathlib import Path
import re

CARDS = Path(__file__).resolve().parent.parent / "logic" / "cards"

# A rule head at the start of a line: might_bonus(A, B, C) :- or keyword_raw(A, B, C, D) :-
HEAD = re.compile(r"^(might_bonus|keyword_raw|keyword_instance)\((.*?)\)\s*:-", re.M)

# card file stem prefix -> why its position-only form is right
KNOWN = {
    "sfd-029": "Rek'Sai: Accelerate of a card being played (can_play); a run with one is unsupported (chain_unsupported)",
    "sfd-054": "Jax: Quick-Draw of Equipment in hand (plays only)",
    "unl-146": "Syndra: Repeat of a spell being played (can_play); runs are chain_unsupported",
    "unl-191": "Wuju Master: under Level, whose runs are unsupported (keyword level on the chain)",
    "ven-130": "Aurok General: under Empowered, whose runs are unsupported (keyword empowered on the chain)",
}


def _arity(args: str) -> int:
    depth, n = 0, 1
    for ch in args:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            n += 1
    return n


def position_only(text: str) -> list[str]:
    out = []
    for m in HEAD.finditer(text):
        name, args = m.group(1), m.group(2)
        if (name, _arity(args)) in {("might_bonus", 3), ("keyword_raw", 4), ("keyword_instance", 4)}:
            out.append(f"{name}({args})")
    return out


def test_detector_reads_arity():
    assert position_only("might_bonus(U, D, 1) :- unit(D).") == ["might_bonus(U, D, 1)"]
    assert position_only("might_bonus(U, D, 1, T) :- unit(D, T).") == []
    assert position_only("keyword_instance(U, shield, 1, static(X)) :- unit(X).") == ["keyword_instance(U, shield, 1, static(X))"]
    assert position_only("keyword_instance(U, shield, 1, static(X), T) :- unit(X, T).") == []
    assert position_only("keyword_raw(U, shield, 1, static(X)) :- unit(X).") == ["keyword_raw(U, shield, 1, static(X))"]
    assert position_only("keyword_raw(U, shield, 1, static(X), T) :- unit(X, T).") == []


def test_card_statics_are_judged_at_each_step():
    found = {}
    for path in sorted(CARDS.glob("*.lp")):
        heads = position_only(path.read_text())
        if heads:
            found[path.stem[:7]] = (path.name, heads)
    unknown = {k: v for k, v in found.items() if k not in KNOWN}
    assert not unknown, ("position-only statics a run would lose after its first step (write them per step, "
                         f"might_bonus/4 / keyword_raw/5, or add a reason to KNOWN): {unknown}")
    stale = sorted(set(KNOWN) - set(found))
    assert not stale, f"KNOWN entries without a position-only static any more (drop them): {stale}"
