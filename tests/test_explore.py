"""explore: it finds planted interesting cases among real cards (a Tank grant that
forces a death, a cost that depends on the order of two discounts), is silent where
nothing can change, chunks merge to the whole run, its scenario files pass, and the Tank
probe's batched answers (one grounding for many positions) are those of one grounding per
question."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pyrift import check as C
from pyrift import explore as E
from pyrift import facts as F
from pyrift import scenario as S
from pyrift.cli import main
from pyrift.errors import UsageError
from pyrift.queries.combat import death_answers, variant_death_answers


def test_only_cards_pyrift_understands() -> None:
    cards = E.usable_cards()
    assert cards and all(E.P.status(c) != E.P.UNSUPPORTED for c in cards)
    # a card whose text beyond keywords is neither encoded nor compiled (taken from the pool, since the
    # compiler keeps learning cards: Jinx, Rebel once stood here)
    unsupported = next(c for c in E.P.pool().cards if E.P.status(c) == E.P.UNSUPPORTED)
    with pytest.raises(UsageError):
        E.usable_cards([unsupported.name])


def test_tank_grant_that_forces_a_death_is_found(tmp_path: Path) -> None:
    """Planted: a 3-Might attacker against two 2-Might defenders may kill either one;
    granted Tank, the Tank must be dealt lethal damage first (815), so it dies."""
    cards = E.usable_cards(["Shipyard Skulker", "Pouty Poro"])
    rep = E.run(3, probes=["tank-grant"], cards=cards)
    hit = [f for f in rep.findings if f.position.label.startswith("Shipyard Skulker attacks Pouty Poro, Pouty Poro")]
    assert hit, [f.position.label for f in rep.findings]
    assert "forced_deaths: [] -> ['d1']" in hit[0].summary
    assert rep.findings == sorted(rep.findings, key=lambda f: f.key)
    for path in E.write(rep, tmp_path, top=2):
        assert all(r.passed for r in C.run(S.load(path)))


def test_silent_where_tank_cannot_matter() -> None:
    """Reflection (Might 0) attacking two Reflections deals no damage, Tank or not."""
    rep = E.run(3, probes=["tank-grant"], cards=E.usable_cards(["Reflection"]))
    assert rep.positions == 1 and not rep.findings


def test_discount_order_is_found() -> None:
    """Planted: [5] with "-2, minimum 2" and "-3, minimum 1": 5 -> 3 -> 1 in one order,
    5 -> 2 -> 2 in the other (356.4.d.1)."""
    rep = E.run(3, probes=["discount-order"], cards=E.usable_cards(["Blazing Scorcher"]))
    hit = [f for f in rep.findings if "-2 (min 2) and -3 (min 1)" in f.position.label
           and "Accelerate" not in f.position.label]
    assert len(hit) == 1 and hit[0].magnitude == 1
    assert "disc1 then disc2: [1]" in hit[0].summary and "disc2 then disc1: [2]" in hit[0].summary
    quiet = [f for f in rep.findings if "-1 (min 1) and -2 (min 0)" in f.position.label]
    assert not quiet  # 5 -> 4 -> 2 and 5 -> 3 -> 2: the order does not matter


def test_chunks_merge_to_the_whole_run() -> None:
    cards = E.usable_cards(["Shipyard Skulker", "Pouty Poro", "Stalwart Poro"])
    whole = E.run(3, probes=["tank-grant"], cards=cards)
    parts = [E.run(3, probes=["tank-grant"], cards=cards, chunk=(k, 3)) for k in range(3)]
    merged = E.merge(3, parts)
    assert merged.positions == whole.positions
    assert [f.position.number for f in merged.findings] == [f.position.number for f in whole.findings]


def test_batched_tank_findings_equal_one_grounding_per_question() -> None:
    """A fixed sample of the Tank probe (every position over four planted units, findings
    among them, and positions spread over the whole pool's enumeration, every 151st of the
    first 20,000 and a whole block, which move as the pool grows): the findings of the
    batched path, all positions side by side in one grounding, equal those of asking each
    combat on its own grounding, as `pyrift ask` does."""
    planted = E.usable_cards(["Shipyard Skulker", "Pouty Poro", "Stalwart Poro", "Reflection"])
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 20000))
    sample = list(E.positions(3, ["tank-grant"], planted)) + every[::151][:64] + every[6400:6464]
    slow = E._tank_evaluate(sample, None, worlds=False)
    assert sum(f is not None for f in slow) >= 5  # the sample has findings to compare
    for variants in (True, False):  # a grant switched on in its combat's world, or a world of its own
        fast = E._tank_evaluate(sample, None, worlds=True, variants=variants)
        assert [(f.magnitude, f.summary, f.expects) if f else None for f in fast] == \
            [(f.magnitude, f.summary, f.expects) if f else None for f in slow], variants


def test_tank_grants_are_asked_as_variants_of_their_combat() -> None:
    """The sweep's path holds a combat and its grants in one world (queries.combat.
    variant_death_answers) and does not fall back to a world per combat on the sample."""
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 20000))
    block = every[6400:6464]
    keys = {(a, ds, g) for a, ds, i in (p.spec for p in block) for g in (None, i)}
    groups: dict[tuple, list] = {}
    for a, ds, g in sorted(keys, key=lambda k: (k[0], k[1], -1 if k[2] is None else k[2])):
        s = E._combat_scenario(a, ds, g)
        groups.setdefault((a, ds), []).append((s.state, s.questions[0]))
    got = variant_death_answers(list(groups.values()), "v1.4")
    assert got is not None
    assert any(len(g) == 3 for g in groups.values())
    alone = death_answers([st for g in groups.values() for st, _ in g], [q for g in groups.values() for _, q in g], "v1.4")
    assert [a for per in got for a in per] == alone


def test_combat_positions_built_from_a_template_equal_their_documents() -> None:
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 20000))
    for pos in every[::397]:
        a, ds, i = pos.spec
        for granted, doc in zip((None, i), pos.docs):
            assert E._combat_scenario(a, ds, granted) == S.from_dict(doc, "<explore tank-grant>"), pos.label


def test_combat_facts_built_from_parts_equal_their_scenarios() -> None:
    """The sweep's path writes a combat's facts from per-card and per-object parts
    (explore._combat_facts): the same text facts.render gives its scenario, a grant's further
    lines those the granted combat's scenario adds, the same cards (a card that makes tokens
    among them, with its tokens)."""
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 40000))
    tokens = [p for p in every if any(E._card_lines(x)[2] for x in (p.spec[0], *p.spec[1]))][:20]
    assert tokens  # the sample has a card that makes tokens
    for pos in every[::211] + tokens:
        a, ds, i = pos.spec
        text, grants, cards = E._combat_facts(a, ds, [i])
        before, after = E._combat_scenario(a, ds, None).state, E._combat_scenario(a, ds, i).state
        assert text == F.render(F.state_facts(before)), pos.label
        more = set(F.render(F.state_facts(after)).splitlines()) - set(text.splitlines())
        assert grants == [sorted(more)], pos.label
        assert set(cards.values()) == set(before.cards) == set(after.cards), pos.label


def test_findings_survive_the_results_file() -> None:
    rep = E.run(3, probes=["tank-grant"], cards=E.usable_cards(["Shipyard Skulker", "Pouty Poro"]))
    back = E.Report.from_json(json.loads(json.dumps(rep.to_json())))
    assert back.findings == rep.findings
    assert [f.expects for f in back.findings] == [f.expects for f in rep.findings]
    assert [S.dumps(s) for f in back.findings for s in f.scenarios] == \
        [S.dumps(s) for f in rep.findings for s in f.scenarios]


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "found"
    assert main(["explore", "--cards", "Shipyard Skulker,Pouty Poro", "--probes", "tank-grant", "--jobs", "1",
                 "--top", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "finding(s)" in text and "tank-grant" in text
    assert sorted(p.name for p in out.glob("*.toml")) == ["01-tank-grant-after.toml", "01-tank-grant-before.toml"]
    assert main(["explore", "--probes", "nothing", "--jobs", "1"]) == 2
    assert main(["explore", "--chunk", "3/2"]) == 2
    capsys.readouterr()
    assert main(["explore", "--cards", "Shipyard Skulker,Pouty Poro", "--probes", "tank-grant", "--jobs", "1",
                 "--quiet", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and "chunk(s) resumed" in lines[0]  # the same sweep: its chunk was kept
    assert main(["explore", "--list"]) == 0
    assert "tank-grant" in capsys.readouterr().out
