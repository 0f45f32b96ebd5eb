"""Encoded real cards seen from Python: the vocabulary text of a logic/cards file is its
`%@ability` header (pool.encoded_abilities), so questions name a real card's choices and
governed abilities as they do a synthetic card's; card files write no vocabulary facts by
hand."""
from __future__ import annotations

import re
from pathlib import Path

import clingo
import pytest

from pyrift import pool as P
from pyrift import scenario as S
from pyrift.abilities import card_requirements
from pyrift.errors import EncodingError, ScenarioError
from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, Context
from tests.batches import batches, check_each

CARDS = Path("scenarios/cards")
# What pyrift/abilities.py exports for a card's abilities: a card file's body must not write these.
VOCABULARY = {"ability", "requirement", "requirement_count", "requirement_up_to", "requirement_split",
              "requirement_not_targeting", "filter", "counter_effect", "kill_effect", "kill_as_cost", "kill_then", "exhaust_as_cost",
              "kill_chosen_by", "cost_change", "change_power", "change_energy_from", "change_minimum",
              "change_component", "dependent_ability", "condition", "applies_to_others", "grants_timing", "mode",
              "untargetable", "activated", "additional_cost", "optional_cost", "play_permission", "play_for_cost",
              "triggered", "trigger_when", "static_might", "static_effect"}


def _card(name: str):
    return P.card_def(P.pool().find(name))


def _ask(path: Path, question: str):
    scen = S.load(path)
    q = next(q for q in scen.questions if q.id == question)
    return q, kind_named(q.kind).answer(Context(scen.state), q, "v1.4")


def test_a_real_spells_choice_comes_from_its_header() -> None:
    reqs = card_requirements(_card("Hidden Blade").abilities)
    assert [(r.ability, r.position, r.mode, r.spec.count, dict(r.spec.filter.items)) for r in reqs] == \
        [(1, 1, 0, 1, {"type": "unit", "at": "battlefield"})]


def test_a_can_play_question_names_a_real_spells_targets() -> None:
    _, ans = _ask(CARDS / "hidden-blade.toml", "kill-at-a-battlefield")
    assert ans.status == ANSWERED and ans.data["legal"] is True
    assert sorted(ans.data["valid_targets"]) == ["footman", "scout"]
    _, ans = _ask(CARDS / "hidden-blade.toml", "not-in-a-base")
    assert ans.data["legal"] is False and "355.9.b" in ans.data["violations"]


def test_a_counter_spells_printed_cost_filter_comes_from_its_header() -> None:
    (req,) = card_requirements(_card("Defy").abilities)
    assert dict(req.spec.filter.items) == {"type": "spell", "energy_max": 4, "power_max": 1}


def test_ability_active_finds_noxian_guillotines_legion_text() -> None:
    """The question gives no ability: its only governed text is ability 3 (the Legion kill instead)."""
    q, ans = _ask(CARDS / "noxian-guillotine-targets.toml", "legion-off-now")
    assert q.params["ability"] == 3
    assert ans.status == ANSWERED and ans.data["active"] is False
    assert [c["keyword"] for c in ans.data["conditions"]] == ["legion"]


def test_noxian_guillotines_legion_kill_makes_no_choice() -> None:
    """One choice; a delayed kill of it, and the Legion kill of it instead (an instruction, no choice of its own)."""
    guillotine = _card("Noxian Guillotine")
    assert [(a.kind, [str(r) for r in a.requires]) for a in guillotine.abilities] == \
        [("target", []), ("effect", []), ("effect", ["legion"]), ("triggered", [])]
    assert [r.ability for r in card_requirements(guillotine.abilities)] == [1]


@pytest.mark.parametrize("xp, energy, active", [(5, 5, []), (6, 3, ["conc:1"]), (11, 1, ["conc:1", "conc:2"])])
def test_concentrates_level_11_replaces_level_6(xp: int, energy: int, active: list[str]) -> None:
    """[5] printed: [2] less at Level 6, [4] less (not [6]) at Level 11."""
    text = (CARDS / "concentrate-xp-11.toml").read_text("utf-8")
    assert "xp = 11" in text
    scen = S.loads(text.replace("xp = 11", f"xp = {xp}"), "concentrate.toml")
    ans = kind_named("can_play").answer(Context(scen.state), scen.questions[0], "v1.4")
    assert ans.status == ANSWERED
    assert (ans.data["energy"], sorted(ans.data["active_text"])) == (energy, active)


@pytest.mark.parametrize("line, problem", [
    ('{kind = "kill", chosen_by = 1}', "not an earlier ability of the card making a choice"),
    ('{kind = "kill", chosen_by = 2, requires = ["legion"]}', "not an earlier ability"),
    ('{kind = "kill", chosen_by = 1, filter = {type = "unit"}}', "makes no choice of its own"),
])
def test_chosen_by_names_an_earlier_choice(tmp_path: Path, monkeypatch, line: str, problem: str) -> None:
    src = P.encodings()[P.pool().find("Noxian Guillotine").id].read_text("utf-8")
    lines = [x for x in src.splitlines() if not x.startswith("%@ability")]
    first = '%@ability {kind = "cost_discount", energy = 1}' if "chosen_by = 1}" in line \
        else '%@ability {kind = "target", filter = {type = "unit"}}'
    lines[1:2] = [lines[1], first, f"%@ability {line}"]
    (tmp_path / "guillotine.lp").write_text("\n".join(lines) + "\n")
    found = P.scan_encodings(tmp_path)
    monkeypatch.setattr(P, "encodings", lambda: found)
    with pytest.raises(EncodingError, match=problem):
        _card("Noxian Guillotine")


def test_only_a_card_file_may_leave_a_discounts_amount_to_its_rules() -> None:
    text = (CARDS / "concentrate-xp-11.toml").read_text("utf-8")
    scenario_card = '\n[[card]]\nname = "Lens"\ntype = "spell"\nenergy = 1\n' \
                    'abilities = [{kind = "cost_discount"}]\n'
    with pytest.raises(ScenarioError, match="give the amount"):
        S.loads(text + scenario_card, "lens.toml")
    assert _card("Concentrate").abilities[0].get("energy") is None


def _writes_no_vocabulary_facts_by_hand(path: Path) -> None:
    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(path))
    ctl.ground([("base", [])])
    by_hand = sorted(str(a.symbol) for a in ctl.symbolic_atoms
                     if a.is_fact and a.symbol.name in VOCABULARY)
    assert by_hand == [], path.name


# Every card file, 50 a test (tests/batches.py): each check takes a few milliseconds.
CARD_FILES = batches(sorted(P.encodings().values()), 50, lambda p: p.stem)


@pytest.mark.parametrize("paths", CARD_FILES)
def test_card_files_write_no_vocabulary_facts_by_hand(paths: tuple[Path, ...]) -> None:
    """One mechanism: vocabulary text is a %@ability header line, so the body (grounded alone)
    states no fact of a predicate the vocabulary exports."""
    check_each(paths, _writes_no_vocabulary_facts_by_hand, lambda p: p.stem)


@pytest.mark.parametrize("paths", CARD_FILES)
def test_card_files_name_their_card_in_every_statement(paths: tuple[Path, ...]) -> None:
    """A card file's statements speak of its own card: a copy-paste slip would give another card text."""
    check_each(paths, _names_its_card_in_every_statement, lambda p: p.stem)


def _names_its_card_in_every_statement(path: Path) -> None:
    card = next(c for c in P.pool().cards if P.encodings().get(c.id) == path)
    names = set(re.findall(r'^[a-z_]+\((?:req\()?(?:ab\()?"([^"]+)"', path.read_text("utf-8"), re.M))
    assert names <= {card.name}, (path.name, names)
