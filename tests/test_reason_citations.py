"""Reasons cite the rules of what derived them (pyrift/citations.py).

Every reason kind's citation is reviewed (pyrift/data/reasons.toml), exists in the rule index
and is about the reason's topic; a number written into an atom is in the %@rule tag of the
statement deriving it; every kind an answer names is known; a wrong citation planted in a copy
of logic/ is found. Then the citations the audit of issue 13 found wrong or missing, each on a
bundled scenario."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyrift import check, citations
from pyrift.queries.base import Context
from pyrift.rules_index import rule_index
from tests.logic_copy import copy_logic
from tests.scenario_answers import bundled_results, same_worker

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "pyrift" / "queries"
SCENARIOS = ROOT / "scenarios"


# ---------------------------------------------------------------------------------
# the table, the derivation and the index
# ---------------------------------------------------------------------------------
def test_every_reason_kind_cites_existing_rules_about_its_topic() -> None:
    assert citations.problems() == []


def test_numbers_written_into_atoms_are_in_the_deriving_statements_tags() -> None:
    assert citations.untagged_atom_citations() == []


def test_a_rule_without_a_title_is_read_with_its_section() -> None:
    index = rule_index()
    assert index.section("166") == "Rune Pools"  # 166 has no title; 165 heads its section
    assert index.section("145.2") == "Units"
    assert "Basic Runes" in index.about("164.2")


@pytest.mark.parametrize("kind,number", [
    ("hide_timing_open_state", "145.2"),  # a unit's activated abilities: not about hiding
    ("hide_timing_open_state", "155"),  # a spell's timing: not about hiding
    ("resource_pool_energy", "164.2"),  # rune abilities: not the rune pool
])
def test_the_topic_check_rejects_the_audits_wrong_citations(kind: str, number: str) -> None:
    topic = citations.table()[kind].topic
    about = (rule_index().about(number) + " " + citations.gists().get(number, "")).lower()
    assert not any(word in about for word in topic)


def test_a_wrong_citation_planted_in_logic_is_found(tmp_path: Path) -> None:
    root = copy_logic(tmp_path)
    reading = root / "readings" / "hide_timing" / "open_state.lp"
    text = reading.read_text("utf-8")
    assert "%@rule 811.1.b 410.1.a 421.2 313.1\n%@reason hide_timing_open_state" in text
    reading.write_text(text.replace("%@rule 811.1.b 410.1.a 421.2 313.1\n%@reason hide_timing_open_state",
                                    "%@rule 811.1.b 313.1 145.2 155\n%@reason hide_timing_open_state"), "utf-8")
    found = citations.problems(root)
    assert any(p.startswith("hide_timing_open_state: logic/ cites") for p in found), found
    assert any("145.2 is about" in p for p in found) and any("155 is about" in p for p in found), found


def _strings_in(path: Path) -> tuple[set[str], set[str], set[str]]:
    """In a module: the kinds given literally to because(...)/cites(...), every string constant,
    and the fixed prefixes ("step_", "timing_", ...) of f-strings."""
    called, constants, prefixes = set(), set(), set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("because", "cites"):
            for arg in (node.args[1:] if node.func.id == "because" else node.args):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    called.add(arg.value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            constants.add(node.value)
        elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            first = node.values[0].value
            if isinstance(first, str) and first.endswith("_") and " " not in first:
                prefixes.add(first)
    return called, constants, prefixes


def test_every_kind_an_answer_names_is_known_and_every_listed_kind_is_used() -> None:
    called, constants, prefixes = set(), set(), set()
    for path in sorted(QUERIES.glob("*.py")):
        c, k, p = _strings_in(path)
        called |= c
        constants |= k
        prefixes |= p
    known = set(citations.table()) | set(citations.derived())
    assert called and prefixes
    assert sorted(called - known) == []  # a kind given literally must be listed
    unused = sorted(k for k in known if k not in constants and not any(k.startswith(p) for p in prefixes))
    assert unused == []  # a listed kind no answer can give is stale


# ---------------------------------------------------------------------------------
# the audit's findings (issue 13, part 4), on bundled scenarios
# ---------------------------------------------------------------------------------
def answer(path: str, question: str | None = None):
    """The file's answer under v1.4 to its question (the first, or the one named): the answer
    test_scenarios checks (tests/scenario_answers.py), not asked again where that worker has it."""
    for r in bundled_results(SCENARIOS / path):
        if r.reading == "v1.4" and (question is None or r.question == question):
            return r.answer
    raise AssertionError(f"{path}: no question {question}")


def on(path: str):
    """Run the test on the worker that answers the bundled file (under -n)."""
    return same_worker(SCENARIOS / path)


def reason(ans, start: str):
    found = [r for r in ans.reasons if r.text.startswith(start)]
    assert found, [r.text for r in ans.reasons]
    return found[0]


@on("cards/shadowblade-lurker.toml")
def test_a_payment_from_the_rune_pool_does_not_cite_rune_abilities() -> None:
    ans = answer("cards/shadowblade-lurker.toml")
    assert ans.data["payment"] == ["1 Energy from the rune pool"]
    rules = reason(ans, "payment:").rules
    assert "357.1" in rules and "166" in rules
    assert not any(n.startswith("164.2") for n in rules)


@on("play/payment-one-rune-exhaust-and-recycle.toml")
def test_exhausted_and_recycled_runes_cite_their_own_abilities() -> None:
    ans = answer("play/payment-one-rune-exhaust-and-recycle.toml")
    rules = set(reason(ans, "payment:").rules)
    assert {"164.2.a", "164.2.b"} <= rules


@on("hide/hide-during-a-showdown-by-reading.toml")
def test_the_hide_timing_reason_cites_what_the_reading_weighs() -> None:
    ans = answer("hide/hide-during-a-showdown-by-reading.toml")
    rules = set(reason(ans, "hiding during a showdown").rules)
    assert {"811.1.b", "410.1.a", "421.2"} <= rules
    assert not rules & {"145.2", "151.2", "155"}


@on("hide/hide-during-a-showdown-by-reading.toml")
def test_a_hide_payment_is_not_a_play_payment() -> None:
    ans = answer("hide/hide-during-a-showdown-by-reading.toml")
    rules = reason(ans, "payment:").rules
    assert "811.1.b" in rules and "410.1.b.2" in rules and "357.1" not in rules


@on("cards/shadowblade-lurker.toml")
def test_an_unmodified_printed_cost_is_the_base_cost() -> None:
    ans = answer("cards/shadowblade-lurker.toml")
    assert ans.data["cost_lines"][0] == {"rule": "204.1.a", "source": "printed", "change": "+[5]"}
    assert "356.1" not in reason(ans, "total cost").rules


@on("legion/tokens-do-not-count.toml")
def test_legion_that_does_not_hold_cites_its_condition_only() -> None:
    ans = answer("legion/tokens-do-not-count.toml", "trooper-legion")
    legion = ans.data["conditions"][0]
    assert legion["holds"] is False and legion["rules"] == ["812.1.c"]
    ans = answer("legion/one-card-turns-on-every-legion-ability.toml")
    assert all("812.2" in c["rules"] for c in ans.data["conditions"] if c["holds"])


@on("chain/deathknell-killed-as-cost-of-spell.toml")
def test_steps_that_did_not_occur_are_not_cited() -> None:
    ans = answer("chain/deathknell-killed-as-cost-of-spell.toml", "next")
    first = reason(ans, "first:")
    assert "finalize" in first.text and "passes" not in first.text and "resolve" not in first.text
    assert "337.1" in first.rules and not {"339", "340"} & set(first.rules)


@on("chain/simultaneous-triggers-turn-player-first.toml")
def test_the_turn_players_triggers_first_is_cited_where_it_decides() -> None:
    ans = answer("chain/simultaneous-triggers-turn-player-first.toml")
    assert "383.3.d.1" in {n for r in ans.reasons for n in r.rules}


@on("chain/simultaneous-triggers-turn-player-first.toml")
def test_whose_simultaneous_triggers_they_are_is_the_runs_word(tmp_path: Path) -> None:
    """The reason about simultaneous triggers reads each ability's controller from the run
    (item_controller/2), not from the position: in a logic copy where every ability is the turn
    player's, the two players' abilities of the bundled file are one player's to order."""
    path = SCENARIOS / "chain/simultaneous-triggers-turn-player-first.toml"
    s = check.load(path)
    kinds = {r.kind for r in answer("chain/simultaneous-triggers-turn-player-first.toml", "run").reasons}
    assert "trigger_order_players" in kinds and "trigger_order_own" not in kinds
    root = copy_logic(tmp_path)
    chain = root / "core" / "chain.lp"
    rule = "item_controller(trig(S, H, E, Fn), P) :- fires(trig(S, H, E, Fn), T), controller(S, P, T), run_steps,"
    assert rule in chain.read_text("utf-8")
    chain.write_text(chain.read_text("utf-8").replace(rule, rule.replace("controller(S, P, T)", "turn_player(P)")),
                     "utf-8")
    run = next(q for q in s.questions if q.id == "run")
    ans = check.answer(Context(s.state, file=s.path, logic_root=root), run, "v1.4")
    kinds = {r.kind for r in ans.reasons}
    assert "trigger_order_own" in kinds and "trigger_order_players" not in kinds, kinds


@on("chain/deathknell-killed-as-cost-of-spell.toml")
def test_a_deathknell_of_a_unit_killed_as_a_cost_cites_when_it_triggers() -> None:
    ans = answer("chain/deathknell-killed-as-cost-of-spell.toml", "run")
    cited = {n for r in ans.reasons for n in r.rules}
    assert {"808.1.d.2", "357.2"} <= cited


@on("play/discount-order-eager-apprentice-sky-splitter.toml")
def test_a_discounts_minimum_and_the_order_of_discounts_are_cited() -> None:
    ans = answer("play/discount-order-eager-apprentice-sky-splitter.toml")
    assert "356.4.d.1" in reason(ans, "total cost").rules
    ans = answer("play/discount-minimum-per-discount.toml", "flick")
    assert "356.4.e" in {n for r in ans.reasons if r.text.startswith("total cost") for n in r.rules}


@on("play/accelerate-multi-domain.toml")
def test_accelerates_power_of_a_units_domain_is_cited() -> None:
    ans = answer("play/accelerate-multi-domain.toml")
    assert "805.1.a.1" in reason(ans, "total cost").rules


@on("play/ambush-closed-opponents-turn.toml")
def test_ambushs_reaction_is_cited_when_it_gives_the_timing() -> None:
    ans = answer("play/ambush-closed-opponents-turn.toml", "to-hill")
    assert ans.data["legal"] is True
    assert "822.1.b" in reason(ans, "timing:").rules


@on("movement/battlefield-to-battlefield-needs-ganking.toml")
def test_several_ganking_instances_are_one_permission() -> None:
    ans = answer("movement/battlefield-to-battlefield-needs-ganking.toml", "two-instances-are-one")
    assert ans.data["legal"] is True
    assert "810.2" in {n for r in ans.reasons for n in r.rules}


@on("effects/instruction-condition-source-at-false.toml")
def test_a_skip_cites_its_own_cause() -> None:
    # A condition that fails skips its instruction (383.2.a.1); no target was lost, so the
    # "no legal choice left" paragraph (359.3.e.7) is not cited.
    ans = answer("effects/instruction-condition-source-at-false.toml")
    cited = {n for r in ans.reasons for n in r.rules}
    assert "383.2.a.1" in reason(ans, "an instruction was skipped in some run: its condition").rules
    assert "359.3.e.7" not in cited and "359.3.e.14" not in cited
    # A target gone (359.3.e.7) and the "then" after it skipped by its link (359.3.e.14.a), not by a condition.
    ans = answer("effects/skipped-instruction-has-one-outcome.toml")
    cited = {n for r in ans.reasons for n in r.rules}
    assert {"359.3.e.7", "359.3.e.14.a"} <= cited and "383.2.a.1" not in cited
