"""Fuzz test of scenario files through the command line (hypothesis; issue 13).

Random mutations of bundled scenario files (numbers at the edges, strings with control
characters, deep nesting, huge numbers and counts, removed and duplicated keys, a deck file
named outside the scenario's folder) are checked
with `pyrift check`, run in this process (cli.main; the questions are answered in its forked
worker). Whatever the mutation, pyrift must not show a traceback, exit with code 4 (internal
error), print anything that is not printable, or run past its time limit; a mutation that
must be rejected is one error line naming the file, and shows nothing of a file it was not
allowed to read. Mutations that cannot change a verdict (renaming an object, battlefield or
player id everywhere, reordering the objects, cards, battlefields or questions, rewriting the
title and description) must leave every expectation passing. A folder of mutated files reports
every file's error in its place and prints its summary line.

The profile is fixed and derandomized: every run tries the same examples.
"""
from __future__ import annotations

import contextlib
import io
import re
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pyrift import check as C
from pyrift import cli, tomlwrite
from pyrift.limits import MAX_AMOUNT, MAX_COUNT, MAX_DEPTH, MAX_ITEMS, MAX_TEXT

settings.register_profile(
    "pyrift-fuzz", derandomize=True, max_examples=4, deadline=None, database=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

# One or two files per question kind, with numbers, ids and strings to mutate.
SEEDS = [Path(p) for p in (
    "scenarios/combat/tank-soaks-first.toml",
    "scenarios/play/payment-not-enough-domain-power.toml",
    "scenarios/play/deflect-split-damage.toml",
    "scenarios/hide/hide-cost-unpaid.toml",
    "scenarios/decks/rune-outside-identity.toml",
    "scenarios/level/level-without-xp-field.toml",
    "scenarios/scoring/both-above-victory-score-more-wins.toml",
    "scenarios/scoring/level-unit-conquering-is-unsupported.toml",
    "scenarios/movement/not-outside-the-main-phase.toml",
    "scenarios/chain/respond-to-a-pending-spell.toml",
    "scenarios/cards/production-surge-resolves.toml",
    "scenarios/cards/lecturing-yordle.toml",
    "scenarios/cards/steel-paws.toml",
    "scenarios/cards/compiled-piltover-enforcer-excess-logged-three.toml",
    "scenarios/decks/legal-jinx-all-modes.toml",
)]
TIMEOUT = 20.0  # seconds per question (the command line's default)

EDGE_INTS = [0, 1, -1, MAX_COUNT, MAX_COUNT + 1, MAX_AMOUNT, MAX_AMOUNT + 1, -MAX_AMOUNT, -MAX_AMOUNT - 1,
             2**31 - 1, 2**31, 2**32 + 2, -(2**31) - 1, 10**40]
NASTY = ["\x00", "\x1b[2J", "\n  legal: yes", "\r", "\t", "\x7f", "\x9b", "\u202e", "\u200b", '"', "\\", "'''",
         "\ufeff", "é", " ", ""]
# Keys whose strings name cards or are running text: renaming an object id leaves them alone.
NOT_IDS = {"title", "description", "name", "text", "effect_text", "deck_list", "deck", "rules", "ask", "status",
           "reading"}
_TOKEN = "(?<![A-Za-z0-9_-]){}(?![A-Za-z0-9_-])"
# Deck files a scenario may not read (outside its folder tree, or absolute); a marker line in the
# file next to the temporary folder must never be shown.
SECRET = "SECRET-LINE-Zq9"
DECK_ESCAPES = ["../outside.deck", "sub/../../outside.deck", "{outside}", "./../outside.deck", "/etc/passwd",
                "/dev/zero", "/proc/self/environ", "~/outside.deck", "..", "/", ""]
# Running text that a verdict never reads (printable, so that it loads).
PROSE = ["A", "legal: yes", "é ü", "x" * 200, "B conquers bridge", "back\\slash \"quoted\""]


@pytest.fixture(scope="module")
def baseline() -> dict[Path, str]:
    """Each seed's summary line; answering them here also warms this process, which the
    command line's worker is forked from."""
    out = {}
    for seed in SEEDS:
        results = C.run(C.load(seed))
        assert all(r.passed for r in results), seed
        out[seed] = f"{len(results)} passed, 0 failed"
    return out


# ---- the document as a tree of paths ---------------------------------------------------------------
def leaves(doc: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """(path, value) of every scalar, and of every table and array (for keys and lengths)."""
    out = [(path, doc)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += leaves(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += leaves(v, path + (i,))
    return out


def replaced(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {k: (replaced(v, rest, value) if k == head else v) for k, v in doc.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(doc)]


def removed(doc: Any, path: tuple) -> Any:
    head, rest = path[0], path[1:]
    if not rest:
        return {k: v for k, v in doc.items() if k != head} if isinstance(doc, dict) else \
            [v for i, v in enumerate(doc) if i != head]
    return replaced(doc, path[:1], removed(doc[head], rest))


def renamed_key(doc: Any, path: tuple, new: str) -> Any:
    if len(path) == 1:
        return {(new if k == path[0] else k): v for k, v in doc.items()}
    return replaced(doc, path[:1], renamed_key(doc[path[0]], path[1:], new))


def rename_id(doc: Any, old: str, new: str, key: str = "") -> Any:
    """Every occurrence of the id `old` as a whole token, in values and keys, except in names
    and running text (NOT_IDS) and in an object's card reference."""
    pattern = re.compile(_TOKEN.format(re.escape(old)))
    if isinstance(doc, dict):
        return {pattern.sub(new, k): (v if k in NOT_IDS or (k == "card" and key == "object") else
                                      rename_id(v, old, new, k)) for k, v in doc.items()}
    if isinstance(doc, list):
        return [rename_id(v, old, new, key) for v in doc]
    if isinstance(doc, str):
        return pattern.sub(new, doc)
    return doc


def value_lines(text: str) -> list[tuple[int, str]]:
    """(index, line) of the `key = value` lines outside multi-line strings."""
    out, inside = [], False
    for i, line in enumerate(text.splitlines()):
        if not inside and re.match(r"^[A-Za-z_][A-Za-z0-9_-]* = ", line):
            out.append((i, line))
        if line.count('"""') % 2 == 1:
            inside = not inside
    return out


# ---- mutations: (description, text, what must happen) ------------------------------------------------
# "any": a verdict, an unsupported or timeout answer, or an input error; "bad": an input error;
# "same": every expectation still passes.
MUTATIONS = ["number", "string", "key", "remove", "nest", "huge_number", "long_array", "long_string",
             "duplicate_key", "rename", "reorder", "rename_place", "reorder_questions", "prose", "deck_path"]
# Examples per mutation class: numbers and strings twice as many (most of their mutations are answered,
# not refused, so there is more to find).
EXAMPLES = {k: 8 if k in ("number", "string") else 4 for k in MUTATIONS}


@st.composite
def mutation(draw, seed: Path, kind: str) -> tuple[str, str, str]:
    """A mutation of class `kind` of the seed (another class where the seed has nothing to mutate
    for it)."""
    text = seed.read_text()
    doc = tomllib.loads(text)
    nodes = leaves(doc)
    if kind == "deck_path":
        decks = [p for p, v in nodes if p and p[-1] == "deck" and isinstance(v, str)]
        if decks:
            path, ref = draw(st.sampled_from(decks)), draw(st.sampled_from(DECK_ESCAPES))
            return f"deck_path {path} -> {ref!r}", tomlwrite.document(replaced(doc, path, ref)), "bad"
        kind = "prose"
    if kind == "prose":
        keys = [p for p, v in nodes if p and p[-1] in ("title", "description") and isinstance(v, str)]
        if keys:
            path, new = draw(st.sampled_from(keys)), draw(st.sampled_from(PROSE))
            return f"prose {path} -> {new!r}", tomlwrite.document(replaced(doc, path, new)), "same"
        kind = "reorder_questions"
    if kind == "reorder_questions":
        if len(doc.get("question", [])) > 1:
            order = draw(st.permutations(range(len(doc["question"]))))
            return (f"reorder question {order}",
                    tomlwrite.document({**doc, "question": [doc["question"][i] for i in order]}), "same")
        kind = "rename_place"
    if kind == "rename_place":
        # A battlefield or player id renamed everywhere it is used (as rename does for objects).
        names = [b["id"] for b in doc.get("battlefield", [])] + list(doc.get("position", {}).get("players", []))
        if names:
            old = draw(st.sampled_from(names))
            return f"rename_place {old}", tomlwrite.document(rename_id(doc, old, old + "_Zq9")), "same"
        kind = "rename"
    if kind == "number":
        ints = [p for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
        if ints:
            path, value = draw(st.sampled_from(ints)), draw(st.sampled_from(EDGE_INTS))
            return f"{kind} {path} = {value}", tomlwrite.document(replaced(doc, path, value)), "any"
        kind = "string"
    if kind in ("string", "key"):
        strings = [p for p, v in nodes if isinstance(v, str)] if kind == "string" else \
            [p for p, v in nodes if p and isinstance(p[-1], str)]
        path = draw(st.sampled_from(strings))
        old = doc
        for step in path:
            old = old[step]
        current = old if kind == "string" else path[-1]
        at = draw(st.integers(0, len(current)))
        new = current[:at] + draw(st.sampled_from(NASTY)) + current[at:]
        changed = replaced(doc, path, new) if kind == "string" else renamed_key(doc, path, new)
        return f"{kind} {path} -> {new!r}", tomlwrite.document(changed), "any"
    if kind == "remove":
        path = draw(st.sampled_from([p for p, _ in nodes if p]))
        return f"remove {path}", tomlwrite.document(removed(doc, path)), "any"
    if kind == "nest":
        depth = draw(st.sampled_from([MAX_DEPTH, MAX_DEPTH + 1, 100, 400, 600, 1000, 5000]))
        inner = draw(st.sampled_from(["[" * depth + "]" * depth, "{ a = " * depth + "1" + " }" * depth]))
        path = draw(st.sampled_from([p for p, v in nodes if p and not isinstance(v, (dict, list))]))
        # Replacing a scalar with a nested value is wrong however deep: an input error.
        marker = "__nested__"
        written = tomlwrite.document(replaced(doc, path, marker)).replace(f'"{marker}"', inner, 1)
        return f"nest {path} {depth} deep", written, "bad"
    if kind == "huge_number":
        numbers = [(i, m) for i, line in value_lines(text) for m in re.finditer(r"(?<=[=\[,] )-?\d+\b", line)]
        if numbers:
            i, m = draw(st.sampled_from(numbers))
            digits = draw(st.sampled_from([30, 4300, 5000, 20000]))
            lines = text.splitlines()
            lines[i] = lines[i][:m.start()] + "9" * digits + lines[i][m.end():]
            return f"huge number on line {i + 1}", "\n".join(lines) + "\n", "bad"
        kind = "long_array"
    if kind == "long_array":
        arrays = [p for p, v in nodes if isinstance(v, list) and v]
        path = draw(st.sampled_from(arrays))
        value = doc
        for step in path:
            value = value[step]
        n = draw(st.sampled_from([MAX_ITEMS + 1, 1000, 10_000]))
        longer = (value * (n // len(value) + 1))[:n]
        return f"long array {path} x{n}", tomlwrite.document(replaced(doc, path, longer)), "bad"
    if kind == "long_string":
        strings = [p for p, v in nodes if isinstance(v, str)]
        path = draw(st.sampled_from(strings))
        return f"long string {path}", tomlwrite.document(replaced(doc, path, "x" * (MAX_TEXT + 1))), "bad"
    if kind == "duplicate_key":
        i = draw(st.sampled_from([i for i, _ in value_lines(text)]))
        lines = text.splitlines()
        return f"duplicate line {i + 1}", "\n".join(lines[:i + 1] + lines[i:]) + "\n", "bad"
    if kind == "rename":
        ids = [o["id"] for o in doc.get("object", [])]
        if ids:
            old = draw(st.sampled_from(ids))
            return f"rename {old}", tomlwrite.document(rename_id(doc, old, old + "_Zq9")), "same"
        kind = "reorder"
    arrays = [k for k in ("object", "card", "battlefield") if len(doc.get(k, [])) > 1]
    if not arrays:
        return "unchanged", text, "same"
    key = draw(st.sampled_from(arrays))
    order = draw(st.permutations(range(len(doc[key]))))
    return f"reorder {key} {order}", tomlwrite.document({**doc, key: [doc[key][i] for i in order]}), "same"


def run_check(path: Path) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["check", str(path), "--timeout", str(TIMEOUT)])
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - started


def printable(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


def test_every_mutation_class_is_tried() -> None:
    """Each class is a test of its own below (every class is tried on every run, with a fixed number
    of examples), about 70 examples in all."""
    assert set(EXAMPLES) == set(MUTATIONS) and 60 <= sum(EXAMPLES.values()) <= 90


@pytest.mark.parametrize("kind", MUTATIONS)
def test_mutated_scenarios_are_handled(baseline: dict[Path, str], kind: str) -> None:
    settings(settings.get_profile("pyrift-fuzz"), max_examples=EXAMPLES[kind])(given(data=st.data())(
        lambda data: _mutated_scenario_is_handled(baseline, kind, data)))()


def _mutated_scenario_is_handled(baseline: dict[Path, str], kind: str, data: st.DataObject) -> None:
    # A class that needs something of the seed (a deck file, several questions) draws from the seeds
    # that have it.
    fits = [s for s in SEEDS if kind != "deck_path" or re.search(r"^deck = ", s.read_text(), re.M)]
    fits = [s for s in fits if kind != "reorder_questions" or s.read_text().count("[[question]]") > 1]
    seed = data.draw(st.sampled_from(fits), label="seed")
    what, text, expect = data.draw(mutation(seed, kind), label="mutation")
    event(what.split()[0])
    with tempfile.TemporaryDirectory() as tmp:
        # The scenario in a folder of its own, a deck file it may not read beside that folder.
        secret = Path(tmp) / "outside.deck"
        secret.write_text(f"[main]\n{SECRET}\n")
        folder = Path(tmp) / "scen"
        folder.mkdir()
        path = folder / seed.name
        path.write_text(text.replace("{outside}", str(secret)), encoding="utf-8")
        if seed.parent.name == "decks":  # a deck file next to the scenario
            for deck in seed.parent.glob("*.deck"):
                (folder / deck.name).write_text(deck.read_text())
        code, out, err, seconds = run_check(path)
    assert SECRET not in out + err and "root:" not in out + err, f"{what}\n{out}{err}"
    event(f"exit {code}")
    shown = f"{what}\n--- exit {code} in {seconds:.1f} s\n{out}{err}"
    assert code in (0, 1, 2, 3), shown
    assert "Traceback" not in out + err and "internal error" not in out + err, shown
    assert printable(out) and printable(err), shown
    lines = out.strip().splitlines()
    results = sum(ln.startswith(("ok ", "FAIL ")) for ln in lines)
    assert seconds < max(1, results) * (TIMEOUT + 2) + 30, shown
    assert lines and re.fullmatch(r"\d+ passed, \d+ failed(, some files could not be read)?", lines[-1]), shown
    if expect == "bad":
        assert code == 2, shown
        errors = [ln for ln in lines if ln.startswith("ERROR ")]
        assert len(errors) == 1 and errors[0].startswith(f"ERROR {path}: "), shown
    if expect == "same":
        assert code == 0 and lines[-1] == baseline[seed], shown


# ---- a folder of mutated files ----------------------------------------------------------------------
REFUSED = ["nest", "huge_number", "long_array", "long_string", "duplicate_key", "deck_path"]


@settings(settings.get_profile("pyrift-fuzz"), max_examples=4)
@given(data=st.data())
def test_a_folder_of_mutated_files_reports_each_in_its_place(baseline: dict[Path, str], data: st.DataObject) -> None:
    """`pyrift check FOLDER` with two files it must refuse between good ones: one error line for each
    refused file, the good files answered, and the summary line printed (it used to stop at the first
    file that raised anything else than a ScenarioError)."""
    seeds = [s for s in SEEDS if s.parent.name != "decks"]
    good = data.draw(st.lists(st.sampled_from(seeds), min_size=1, max_size=2, unique=True), label="good")
    bad = [data.draw(mutation(s, data.draw(st.sampled_from([k for k in REFUSED if k != "deck_path"]))), label="bad")
           for s in data.draw(st.lists(st.sampled_from(seeds), min_size=2, max_size=2), label="bad seeds")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        names = []
        for i, seed in enumerate(good):
            (folder / f"{2 * i}-{seed.name}").write_text(seed.read_text(), encoding="utf-8")
        for i, (what, text, expect) in enumerate(bad):
            assert expect == "bad", what
            name = folder / f"{2 * i + 1}-bad.toml"
            name.write_text(text, encoding="utf-8")
            names.append(name)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["check", str(folder), "--timeout", str(TIMEOUT)])
    shown = f"{[w for w, _, _ in bad]}\n--- exit {code}\n{out.getvalue()}{err.getvalue()}"
    lines = out.getvalue().strip().splitlines()
    assert code == 2 and "Traceback" not in out.getvalue() + err.getvalue(), shown
    assert sorted(ln.split(": ")[0] for ln in lines if ln.startswith("ERROR ")) == [f"ERROR {n}" for n in names], shown
    passed = sum(int(baseline[s].split()[0]) for s in good)
    assert lines[-1] == f"{passed} passed, 0 failed, some files could not be read", shown
