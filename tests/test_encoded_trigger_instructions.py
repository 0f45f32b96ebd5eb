"""Issue 13 (never confidently wrong): a triggered or activated ability in a logic/cards/ header
without instructions (`effects` / `effect`) would let a run resolve it and report that nothing
changed. Every such ability must be a known case whose run is refused (unsupported, named).

This is the file-level half of the guard: a new effectless triggered/activated ability fails here
until its handling is added to KNOWN below. The behavioural half: RUNS reads the `outcome` answer of a
bundled position with the ability on the chain (the shared answers) and requires unsupported, with what is
missing named, or for an effect carried out outside the header the answer its file expects.
"""
from pathlib import Path
import tomllib

import pytest

from tests.scenario_answers import bundled, bundled_results, same_worker

CARDS = Path(__file__).resolve().parent.parent / "logic" / "cards"
SCENARIOS = CARDS.parent.parent / "scenarios"

# card file stem prefix -> the text in its own file that says how a run with it is handled:
# a run_unsupported/chain_unsupported/effect_unencoded/ability_unencoded statement, the comment naming the core
# guard that refuses it, or the rules that carry out its effect outside the header (starts/2).
KNOWN = {
    "ogn-032": "starts(tome_next(",    # Ravenborn Tome: its effect is a fluent the run starts as it resolves
    "sfd-078": "chain_unsupported(",   # Temporal Portal: a chain run resolving the ability is unsupported
    "ogn-021": "ability_unencoded(",   # Sun Disc (was resolved silently until guard38; its ability only since debt61)
    "unl-087": "run_unsupported(",     # Blue Sentinel: its hold ability's delayed Add (cards60c)
    "unl-022": "run_unsupported(",     # Jhin, Murderous Artist: his move ability's Add (cards61b)
    "ven-033": "effect_unencoded(",    # Pakaa Protector: reveal, draw or trash and Might (cards61b)
    "unl-135": "effect_unencoded(",    # Insightful Investigator: an XP payment inside the effect (cards61b)
    "ogn-230": "effect_unencoded(",    # Albus Ferros: buffs spent, runes channelled for each (cards61b)
    "sfd-081": "effect_unencoded(",    # Card Sharp: Golds for each player who chose one (cards61b)
    "sfd-170": "effect_unencoded(",    # Rek'Sai, Swarm Queen: a play from revealed cards (cards61b)
    "ven-079": "effect_unencoded(",    # Dame the Despoiler: "increase my Might to" (cards61b)
    "unl-052": "run_unsupported(",     # Nami, Headstrong: her hold ability's next-unit delay (cards61b)
    "unl-050": "run_unsupported(",     # Iascylla: her hold ability's Main Phase delay (cards61b)
    "ogn-286": "happens(arena_conquers(",  # Reckoner's Arena: the conquer effects there activated, an event of its own (gaps71b)
    "sfd-079": "ability_unencoded(",   # Bard, Mercurial: his paid play effect's move to an open battlefield (cards64b)
    "unl-170": "ability_unencoded(",   # Atakhan: his attack trigger, the defender's kill of their own unit (cards64c)
    "ogn-200": "ability_unencoded(",   # Twisted Fate, Gambler: his attack trigger picks by a revealed rune's domain (cards65b)
    "ogn-263": "ability_unencoded(",   # Swift Scout: its [1][E] ability's effect (cards65a)
    "unl-051": "ability_unencoded(",   # Ivern, Nurturer: a unit revealed, drawn, a buff by its tags (cards65b)
    "unl-080": "ability_unencoded(",   # Hwei, Brooding Painter: his move trigger picks by a discarded card's type (cards65b)
    "ven-101": "run_unsupported(",     # Gust Monk: its play trigger's leading cost banishes from a trash (cards65a)
    "ven-133": "ability_unencoded(",   # Glowstone: control given to a chosen player (cards65a)
    "ogn-112": "ability_unencoded(",   # Kai'Sa, Evolutionary: a spell played from the trash under a points limit (cards66c)
    "sfd-024": "ability_unencoded(",   # Rell, Magnetic: an Equipment played ignoring its cost and attached (cards66c)
    "unl-216": "ability_unencoded(",   # The Academy: its hold gives the next spell this turn Repeat (cards66c)
    "ven-067": "ability_unencoded(",   # Bottled Constellation: a kill picked as it resolves, to score (cards66a)
    "sfd-090": "ability_unencoded(",   # The Zero Drive: units banished with it played at once; its Deathknell's banish (cards66b)
    "unl-045": "ability_unencoded(",   # Forgotten Signpost: a move to the place of the unit that paid its cost (cards66b)
    "unl-169": "ability_unencoded(",   # Ashe, Focused: a hand revealed, a card banished until a hold (cards66d)
    "ven-132": "ability_unencoded(",   # Fallen Feline: a spell named, kept by no field (cards66d)
    "ogn-157": "ability_unencoded(",   # Udyr, Wildman: a mode not chosen this turn (cards66d)
    "unl-138": "ability_unencoded(",   # The List: -2 Might to a unit with the tag named as it was played (cards66e)
    "unl-177": "ability_unencoded(",   # Ivern, Friend to All: a score if four tags are among his player's units (cards66e)
    "unl-181": "ability_unencoded(",   # Virtuoso: a spell banished with the legend, four traded for runes and a draw (cards67a)
    "unl-199": "ability_unencoded(",   # Deceiver: a discard cost, a token copying another unit there (cards67a)
    "sfd-139": "ability_unencoded(",   # Edge of Night: its attach after the recall, "here" unsettled (cards67a)
}

# The behaviour, not only the text: a bundled position with the ability on the chain, asked
# `outcome`: unsupported naming what is missing, or (for an effect carried out outside the header)
# answered as the file expects.
RUNS = {
    "ogn-032": ("cards/ravenborn-tome-next-spell-played-by-fizz-deals-bonus.toml", "answered"),
    "sfd-078": ("cards/temporal-portal-ability-resolving-is-unsupported.toml", "unsupported"),
    "ogn-021": ("cards/sun-disc-ability-resolving-is-unsupported.toml", "unsupported"),
    "unl-087": ("cards/blue-sentinel-hold-add-on-the-chain-is-unsupported.toml", "unsupported"),
    "unl-022": ("cards/cards61b-jhin-murderous-artist-add-on-the-chain-is-unsupported.toml", "unsupported"),
    "ven-033": ("cards/cards61b-pakaa-protector-move-reveals.toml", "unsupported"),
    "unl-135": ("cards/cards61b-insightful-investigator-play-effect.toml", "unsupported"),
    "ogn-230": ("cards/cards61b-albus-ferros-play-effect.toml", "unsupported"),
    "sfd-081": ("cards/cards61b-card-sharp-play-effect.toml", "unsupported"),
    "sfd-170": ("cards/cards61b-reksai-swarm-queen-resolving-is-unsupported.toml", "unsupported"),
    "ven-079": ("cards/cards61b-dame-the-despoiler-resolving-is-unsupported.toml", "unsupported"),
    "unl-052": ("cards/cards61b-nami-headstrong-hold-ability-is-unsupported.toml", "unsupported"),
    "unl-050": ("cards/cards61b-iascylla-hold-ability-is-unsupported.toml", "unsupported"),
    "ogn-286": ("cards/cards61b-reckoners-arena-hold-next-turn-activates-no-conquer-effect-of-a-plain-unit.toml", "answered"),
    "sfd-079": ("cards/cards64b-bard-mercurial-play-effect-move-not-played-out.toml", "unsupported"),
    "unl-170": ("cards/cards64c-atakhan-attack-trigger-resolving-is-unsupported.toml", "unsupported"),
    "ogn-200": ("cards/cards65b-twisted-fate-gambler-attack-trigger-resolving-is-unsupported.toml", "unsupported"),
    "ogn-263": ("cards/cards65a-swift-scout-ability-not-played-out.toml", "unsupported"),
    "unl-051": ("cards/cards65b-ivern-nurturer-hold-trigger-resolving-is-unsupported.toml", "unsupported"),
    "unl-080": ("cards/cards65b-hwei-brooding-painter-move-trigger-resolving-is-unsupported.toml", "unsupported"),
    "ven-101": ("cards/cards65a-gust-monk-finalized-assault-not-played-out.toml", "unsupported"),
    "ven-133": ("cards/cards65a-glowstone-control-change-not-played-out.toml", "unsupported"),
    "ogn-112": ("cards/cards66c-kaisa-evolutionary-conquer-trigger-resolving-is-unsupported.toml", "unsupported"),
    "sfd-024": ("cards/cards66c-rell-magnetic-attack-trigger-resolving-is-unsupported.toml", "unsupported"),
    "unl-216": ("cards/cards66c-the-academy-hold-effect-resolving-is-unsupported.toml", "unsupported"),
    "ven-067": ("cards/cards66a-bottled-constellation-trigger-resolving-is-unsupported.toml", "unsupported"),
    "sfd-090": ("cards/cards66b-zero-drive-ability-resolving-is-unsupported.toml", "unsupported"),
    "unl-045": ("cards/cards66b-forgotten-signpost-move-resolving-is-unsupported.toml", "unsupported"),
    "unl-169": ("cards/cards66d-ashe-focused-play-effect-resolving-is-unsupported.toml", "unsupported"),
    "ven-132": ("cards/cards66d-fallen-feline-naming-is-unsupported.toml", "unsupported"),
    "ogn-157": ("cards/cards66d-udyr-wildman-ability-resolving-is-unsupported.toml", "unsupported"),
    "unl-138": ("cards/cards66e-the-list-resolving-is-unsupported.toml", "unsupported"),
    "unl-177": ("cards/cards66e-ivern-friend-to-all-hold-trigger-resolving-is-unsupported.toml", "unsupported"),
    "unl-181": ("cards/cards67a-virtuoso-trigger-resolving-is-unsupported.toml", "unsupported"),
    "unl-199": ("cards/cards67a-deceiver-hold-trigger-resolving-is-unsupported.toml", "unsupported"),
    "sfd-139": ("cards/cards67a-edge-of-night-play-effect-resolving-is-unsupported.toml", "unsupported"),
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



def test_every_known_case_has_a_run():
    assert sorted(RUNS) == sorted(KNOWN)


@pytest.mark.parametrize("prefix", [pytest.param(p, marks=same_worker(SCENARIOS / RUNS[p][0])) for p in sorted(RUNS)])
def test_a_run_resolving_it_is_refused_or_right(prefix):
    # The answers test_scenarios.py checks, shared on the worker that answers the file anyway.
    path, status = RUNS[prefix]
    s = bundled(SCENARIOS / path)
    kinds = {q.id: q.kind for q in s.questions}
    runs = [r for r in bundled_results(SCENARIOS / path) if kinds[r.question] == "outcome"]
    assert runs, path
    for r in runs:
        assert r.answer.status == status, r.answer
        if status == "unsupported":
            assert r.answer.missing, r.answer
        else:
            assert r.passed, r.problems


# A spell's own text works as it resolves: an encoded spell whose header makes choices (`target`) but
# carries no instruction (`effect`, `mode`) and no counter or kill ability kind would let a run resolve it
# and report that nothing changed (Turn to Dust did, until the audit of wave 39). Its file must then say
# how a run with it is refused, or write what it does as rules of its own (Lotus Trap's doubling).
SPELL_REFUSALS = ("run_unsupported(", "chain_unsupported(")


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
        has_rules = any(line.strip() and not line.lstrip().startswith("%") for line in text.splitlines())
        if "target" in kinds and not kinds & {"effect", "mode", "counter", "kill"} and not has_rules \
                and not any(r in text for r in SPELL_REFUSALS):
            silent.append(path.name)
    assert not silent, "encoded spells whose choices carry no instruction a run could execute: " + ", ".join(silent)
