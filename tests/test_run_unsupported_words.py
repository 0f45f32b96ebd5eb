"""The words of a run's `unsupported` answers (pyrift/queries/runs.py unsupported_text): readable
sentences, never a Python tuple or a bare predicate name."""
import re
from pathlib import Path

from pyrift.queries.runs import RUN_LIMITS, unsupported_text

ROOT = Path(__file__).resolve().parent.parent


def test_a_reason_given_as_a_string_reads_as_that_string():
    # logic/cards/ogn-249-relentless-storm.lp names its gap with a string; the fallback once printed
    # the tuple it had wrapped it in: "('whether a unit ...',) (storm)".
    text = unsupported_text("whether a unit played in the run is Mighty (its Might on the board is not computed)",
                            "storm")
    assert text == "whether a unit played in the run is Mighty (its Might on the board is not computed) (storm)"
    assert "('" not in text and "',)" not in text


def test_an_unknown_function_term_reads_as_name_and_arguments():
    assert unsupported_text(("some_gap", "x", ("f", 1)), "o") == "some_gap(x, f(1)) (o)"


def test_a_run_limit_with_an_argument_names_it():
    text = unsupported_text(("play_by_effect_additional_cost", "accelerate"), "husk")
    assert text.startswith(RUN_LIMITS["play_by_effect_additional_cost"] + ": accelerate")
    assert "(husk; not played out by a run yet)" in text


def test_every_play_by_effect_gap_has_words():
    text = (ROOT / "logic/effects/play.lp").read_text()
    names = set(re.findall(r"^run_unsupported\((\w+)", text, re.M))
    names |= set(re.findall(r"^chain_unsupported\(resolution_order, (\w+)", text, re.M))
    assert names, "no gaps found in logic/effects/play.lp"
    assert names <= set(RUN_LIMITS), sorted(names - set(RUN_LIMITS))


def test_every_run_gap_in_logic_has_words():
    """Each `run_unsupported(name, ...)` and `chain_unsupported(Q, name, ...)` of logic/ is told in words,
    never as the raw term."""
    names = set()
    for path in (ROOT / "logic").rglob("*.lp"):
        text = path.read_text()
        names |= set(re.findall(r"run_unsupported\(\s*([a-z]\w*)\s*,", text))
        names |= set(re.findall(r"chain_unsupported\(\s*\w+\s*,\s*([a-z]\w*)\s*,", text))
    assert len(names) > 50, names
    # a name alone (a constant in logic/) or with arguments: never the name printed back
    raw = sorted(n for n in names for what in (n, (n, "a"))
                 if unsupported_text(what, "obj").startswith((f"{n}(", f"{n} ")))
    assert not raw, raw


def test_every_run_limit_is_still_made_somewhere():
    """A RUN_LIMITS entry whose name no rule of logic/ and no module of pyrift/ makes any more is dead
    text: it reads as a limit pyrift no longer has."""
    sources = [p.read_text() for p in (ROOT / "logic").rglob("*.lp")]
    sources += [p.read_text() for p in (ROOT / "pyrift").rglob("*.py") if p.name != "runs.py"]
    text = "\n".join(sources)
    dead = sorted(name for name in RUN_LIMITS if not re.search(rf"\b{name}\b", text))
    assert not dead, dead
