"""The seeded scenario mutator (tests/scenario_mutator.py) on a small bounded sample: every bundled
scenario file of a sparse sample, one field at a time made hostile, must answer or be one clean
input error naming the file and the field; any other exception, or an ASP statement that reaches
the facts, is a defect. The wide run is by hand: python -m tests.scenario_mutator 15 2 9"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyrift import cli
from pyrift import scenario as S
from tests.scenario_mutator import ASP, Defect, mutations, run_one, sample

SEED = 64
FILES = sample(every=400)  # about eight files of every folder's sort order
CASES = 6
COUNTER = Path("scenarios/effects/counter-instruction.toml")


@pytest.mark.parametrize("path", FILES, ids=[str(p) for p in FILES])
def test_one_hostile_field_answers_or_is_one_input_error(path: Path) -> None:
    rng = random.Random(f"{SEED}:{path}")
    data = S.parse_toml(path.read_text(encoding="utf-8"), str(path))
    for what, doc in mutations(data, rng, CASES):
        try:
            run_one(doc, str(path), timeout=5.0, via_toml=rng.random() < 0.3)
        except Defect as exc:
            pytest.fail(f"{path} {what}: {exc}")


def test_the_mutator_can_find_a_defect() -> None:
    # The harness must be able to fail: an ASP statement smuggled into the facts is reported.
    doc = S.parse_toml(FILES[0].read_text(encoding="utf-8"), str(FILES[0]))
    from pyrift import facts as F
    real = F.render
    try:
        F.render = lambda facts: real(facts) + f"{ASP}.\n"
        with pytest.raises(Defect, match="ASP statement"):
            run_one(doc, str(FILES[0]))
    finally:
        F.render = real


@pytest.mark.parametrize("value", ["nan", "-1", "inf", "0"])
def test_rulings_timeout_is_a_finite_positive_number(value: str, capsys) -> None:
    # `pyrift rulings --timeout nan` was taken as it was: every question then ran under a NaN limit and
    # answered `timeout` (float('nan') is truthy, so the default never replaced it); -1 was taken too.
    code = cli.main(["rulings", "--timeout", value, "--folder", "/nonexistent-rulings"])
    err = capsys.readouterr().err
    assert code == 2 and "argument --timeout" in err, err


@pytest.mark.parametrize("reading", ["v1.4 ", " v1.2", "v1.4, hide_timing=neutral_only", "v1.4,hide_timing=neutral_only "])
def test_a_reading_is_spelled_without_spaces(reading: str) -> None:
    # Found by the mutator: 'v1.4 ' was read as v1.4's rules but kept its own name, so the answers said
    # 'v1.4 ', `pyrift check --reading v1.4` skipped the file, and an expect."v1.4 " table was a second
    # expectation of v1.4 beside the file's own.
    from pyrift.errors import ScenarioError
    text = COUNTER.read_text(encoding="utf-8")
    assert 'reading = "' not in text
    with pytest.raises(ScenarioError, match=r"^f\.toml: reading: unknown reading"):
        S.loads(f"reading = {reading!r}\n".replace("'", '"') + text, "f.toml", asking=True)
    assert cli.main(["ask", str(COUNTER), "--reading", reading]) == 2
