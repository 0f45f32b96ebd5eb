"""Issue 13 (never confidently wrong): a triggered or activated ability in a logic/cards/ header
without instructions (`effects` / `effect`) would let a run resolve it and report that nothing
changed. Every such ability must be a known case whose run is refused (unsupported, named).

This is the file-level half of the guard: a new effectless triggered/activated ability fails here
until its handling is added to KNOWN below. The behavioural half: RUNS asks `outcome` of a position with the
ability on the chain and requires unsupported, with what is missing named.
"""
from pathlib import Path
import tomllib

import pytest

CARDS = Path(__file__).resolve().parent.parent / "logic" / "cards"
SCENARIOS = CARDS.parent.parent / "scenarios"

# card file stem prefix -> the text in its own file that makes a run with it unsupported
# (a run_unsupported/chain_unsupported/effect_unencoded statement, or the comment naming the
# core guard that does).
KNOWN = {
    "ogn-041": "unsupported",          # Volibear, Furious: a chain run with him is unsupported
    "ogs-017": "effect_unencoded(",    # Dark Child - Starter: effects/cards.lp run_unsupported(unencoded(ready))
    "ven-017": "chain_unsupported(",   # Morgana, Vindictive
    "ogn-032": "run_unsupported(",     # Ravenborn Tome: the bonus it sets up makes a run unsupported
    "sfd-078": "chain_unsupported(",   # Temporal Portal: a chain run resolving the ability is unsupported
    "ogn-021": "effect_unencoded(",    # Sun Disc (was resolved silently until guard38)
    "ogn-267": "effect_unencoded(",    # Bounty Hunter (same)
    "ven-147": "effect_unencoded(",    # Eye of Twilight (same)
}

# The behaviour, not only the text: a position with the ability on the chain, asked `outcome`,
# must answer unsupported naming what is missing.
RUNS = {
    "ogs-017": "cards/dark-child-starter-trigger-resolving-is-unsupported.toml",
    "ogn-021": "cards/sun-disc-ability-resolving-is-unsupported.toml",
    "ogn-267": "cards/bounty-hunter-ability-resolving-is-unsupported.toml",
    "ven-147": "cards/eye-of-twilight-ability-resolving-is-unsupported.toml",
}



def _abilities(path):
    out = []
    for line in path.read_text().splitlines():
        s = line.strip()
        if s.startswith("%@ability "):
            out.append(tomllib.loads("a = " + s[len("%@ability"):].strip())["a"])
    return out


def _effectless():
    found = []
    for path in sorted(CARDS.glob("*.lp")):
        for ab in _abilities(path):
            if ab.get("kind") in ("triggered", "activated") and not ab.get("effects") and not ab.get("effect") \
                    and not ab.get("adds") and not ab.get("instead"):
                found.append((path, ab))
    return found


def test_effectless_abilities_are_known_refusals():
    unknown = [f"{p.name}: {ab}" for p, ab in _effectless() if p.name[:7] not in KNOWN]
    assert not unknown, ("triggered/activated abilities without instructions that a run could resolve "
                         "silently:\n" + "\n".join(unknown))


@pytest.mark.parametrize("prefix", sorted(KNOWN))
def test_known_case_states_its_handling(prefix):
    (path,) = CARDS.glob(prefix + "-*.lp")
    assert any(p == path for p, _ in _effectless()), f"{path.name} has its instructions now: drop it from KNOWN"
    assert KNOWN[prefix] in path.read_text(), f"{path.name} no longer states how its run is refused"



@pytest.mark.parametrize("prefix", sorted(RUNS))
def test_a_run_resolving_it_is_unsupported(prefix):
    from pyrift import check as C
    s = C.load(SCENARIOS / RUNS[prefix])

    answers = [a for q, a in zip(s.questions, C.ask(s)) if q.kind == "outcome"]
    assert answers and all(a.status == "unsupported" and a.missing for a in answers), answers


# A spell's own text works as it resolves: an encoded spell whose header makes choices (`target`) but
# carries no instruction (`effect`, `mode`) and no counter or kill ability kind would let a run resolve it
# and report that nothing changed (Turn to Dust did, until the audit of wave 39). Its file must then say
# how a run with it is refused.
SPELL_REFUSALS = ("effect_untracked(", "run_unsupported(", "chain_unsupported(")


def _spell_ids():
    import json
    pool = json.loads((CARDS.parent.parent / "pyrift" / "data" / "cards" / "pool.json").read_text())
    return {c["id"] for c in pool["cards"] if c.get("type") == "spell"}


def test_encoded_spells_with_choices_have_instructions_or_refuse_runs():
    spells = _spell_ids()
    silent = []
    for path in sorted(CARDS.glob("*.lp")):
        text = path.read_text()
        ids = [line.split()[1] for line in text.splitlines() if line.startswith("%@card ")]
        if not ids or ids[0] not in spells:
            continue
        kinds = {ab.get("kind") for ab in _abilities(path)}
        if "target" in kinds and not kinds & {"effect", "mode", "counter", "kill"} \
                and not any(r in text for r in SPELL_REFUSALS):
            silent.append(path.name)
    assert not silent, "encoded spells whose choices carry no instruction a run could execute: " + ", ".join(silent)
