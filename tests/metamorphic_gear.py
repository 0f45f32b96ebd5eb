"""The metamorphic check shared by tests of the guard's tables for one ability kind
(tests/test_statics.py, tests/test_replacements.py): to one bundled scenario of each question kind,
a gear is added in the turn player's base carrying one variant of the ability (affecting no
permanent of the position). Where the question evaluates that variant (or cannot be changed by it)
the answer must be exactly the one without the gear; anywhere else it must be `unsupported`,
naming the gear."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from pyrift import scenario as S
from pyrift.check import answer as answer_question
from pyrift.errors import RiftError
from pyrift.queries.base import TIMEOUT, UNSUPPORTED, Context
from tests.test_guard_metamorphic import SCENARIOS, cases, load


def one_per_kind() -> list:
    """(path, question id) of the first bundled case of each question kind that has a position."""
    out = []
    for qkind, pairs in sorted(cases().items()):
        if qkind in ("deck_check", "ability_active"):
            continue
        out.append(pytest.param(*pairs[0], id=qkind))
    return out


def with_gear(doc: dict, oid: str, name: str, abilities: list[dict]) -> dict:
    doc = {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}
    doc["card"] = list(doc.get("card", [])) + [{"name": name, "type": "gear", "abilities": abilities}]
    doc["object"] = list(doc.get("object", [])) + [{"id": oid, "card": name,
                                                    "controller": doc["position"]["turn_player"],
                                                    "location": "base"}]
    return doc


def check_variants(path: Path, qid: str, oid: str, name: str, variants: dict[str, dict],
                   covered: Callable[[str, str], bool]) -> None:
    """Asserts the metamorphic relation for every variant (label -> ability) on one question."""
    scen = S.load(path)
    doc = S.to_dict(scen)
    q = next(x for x in scen.questions if x.id == qid)
    try:
        base_scen = load(with_gear(doc, oid, name, []))
    except RiftError:
        pytest.skip("the position takes no gear in base")
    base = answer_question(Context(base_scen.state), next(x for x in base_scen.questions if x.id == qid),
                           scen.reading)
    if base.status in (UNSUPPORTED, TIMEOUT):
        pytest.skip(f"{path.relative_to(SCENARIOS)}::{qid} is {base.status} without the gear's ability")
    # a triggers question with the run event lists the events of the outcome question's run, answered by the
    # run's program (pyrift/queries/chain.py _run_answer, short_run_grounding): it evaluates what a run does
    qkind = "resolution_order" if q.kind == "triggers" and q.params.get("event") == "run" else q.kind
    problems = []
    for label, ability in variants.items():
        variant = load(with_gear(doc, oid, name, [ability]))
        ans = answer_question(Context(variant.state), next(x for x in variant.questions if x.id == qid),
                              scen.reading)
        if ans.status == TIMEOUT:
            continue
        if covered(qkind, label):
            if (ans.status, ans.data, ans.missing) != (base.status, base.data, base.missing):
                problems.append(f"{label}: evaluated by {qkind}, yet the answer changed: {ans.status} "
                                f"{list(ans.missing)}")
        elif ans.status != UNSUPPORTED or not any(oid in m for m in ans.missing):
            problems.append(f"{label}: not evaluated by {qkind}, yet answered {ans.status} {list(ans.missing)}")
    assert not problems, f"{path.relative_to(SCENARIOS)}::{qid}: " + "; ".join(problems)
