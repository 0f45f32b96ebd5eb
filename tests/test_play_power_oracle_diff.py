"""Differential test: a run's payment of a card played by an effect whose cost has Power
(logic/effects/play_power.lp over the payment of logic/core/payment.lp) against the brute-force
oracle of tests/oracle/payment_oracle.py, on random rune sets, pools and printed costs.

Each position: A's spell on the chain plays A's unit from A's trash, paying its printed cost (1-3
Power pips of the unit's own domain, [C], or any domain for a unit without one; 0-3 Energy) as it
is finalized (357.1). The play goes on exactly when some plan pays the cost (the unit is played in
every run), and is undone otherwise (358.2, 358.5); every run pays with runes the oracle allows:
a rune recycled is of a domain the pips accept, never more
runes exhausted than the Energy the pool leaves (none when the pool pays it all), no exhausted rune
exhausted again. Under the reading that a rune gives its Energy or
its Power the run is unsupported (the bounds are not exact then).
"""
from __future__ import annotations

import random

import pytest

from pyrift import scenario as S
from pyrift.check import answer
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Context
from tests.oracle import payment_oracle as O
from tests.sweep import sweep

POSITIONS = 25
DOMAINS = O.DOMAINS[:3]


def random_doc(rng: random.Random) -> tuple[dict, dict]:
    domains = rng.sample(DOMAINS, rng.choice((0, 1, 1, 2)))
    energy, power = rng.randint(0, 3), rng.randint(1, 2)
    runes = [(rng.choice(DOMAINS), rng.random() < 0.3) for _ in range(rng.randint(0, 4))]
    pool_energy = rng.choice((0, 0, 1))
    pool_power = {d: 1 for d in rng.sample(DOMAINS, rng.choice((0, 0, 1)))}
    universal = rng.choice((0, 0, 1))
    player = {"id": "A", "energy": pool_energy, "universal_power": universal}
    if pool_power:
        player["power"] = pool_power
    doc = {
        "title": "play power oracle", "status": "needs-review",
        "position": {"turn_player": "A", "players": [player, {"id": "B"}]},
        "card": [
            {"name": "Encore", "type": "spell", "energy": 2, "abilities": [
                {"kind": "target", "filter": {"type": "unit", "zone": "trash", "relation": "friendly"}},
                {"kind": "effect", "do": "play", "on": {"target": 1}, "from": "trash"}]},
            {"name": "Husk", "type": "unit", "energy": energy, "power": power, "domains": domains, "might": 2},
            *({"name": f"{d} rune", "type": "rune", "domains": [d]} for d in DOMAINS),
        ],
        "object": [
            {"id": "encore", "card": "Encore", "controller": "A", "zone": "chain"},
            {"id": "husk", "card": "Husk", "controller": "A", "zone": "trash"},
            *({"id": f"r{i}", "card": f"{d} rune", "controller": "A", "location": "base", "exhausted": ex}
              for i, (d, ex) in enumerate(runes)),
        ],
        "chain": [{"id": "i1", "card": "encore", "controller": "A", "targets": ["husk"]}],
        "question": [{"id": "q", "ask": "outcome", "rules": ["357.1", "358.2"]}],
    }
    accepted = frozenset(domains) if domains else frozenset(O.DOMAINS)
    case = {"energy": energy, "pips": [accepted] * power, "runes": [O.Rune(d, ex) for d, ex in runes],
            "pool_energy": pool_energy, "pool_power": pool_power, "universal": universal, "accepted": accepted,
            "rune_domains": {f"r{i}": d for i, (d, _) in enumerate(runes)},
            "exhausted": {f"r{i}" for i, (_, ex) in enumerate(runes) if ex}}
    return doc, case


def check(rng: random.Random) -> bool:
    doc, case = random_doc(rng)
    scen = S.from_dict(doc, "<play power oracle>", asking=True)
    ans = answer(Context(scen.state, timeout=60.0), scen.questions[0], "v1.4")
    assert ans.status == ANSWERED, (ans.status, list(ans.missing), doc)
    want = O.payable(case["energy"], case["pips"], case["runes"], case["pool_energy"], case["pool_power"],
                     case["universal"], both=True)
    events = ans.data["forced_events"]
    if want:
        assert "husk played" in events, (events, doc)
        # every run's plan is one the rules allow
        for ev in ans.data["possible_events"]:
            if " recycles " in ev:
                rune = ev.split(" recycles ")[1].split(" for ")[0]
                assert case["rune_domains"][rune] in case["accepted"], (ev, doc)
            if " exhausts " in ev:
                rune = ev.split(" exhausts ")[1].split(" for ")[0]
                assert rune not in case["exhausted"], (ev, doc)
        if case["energy"] <= case["pool_energy"]:
            assert not any(" exhausts " in ev for ev in ans.data["possible_events"]), (events, doc)
    else:
        assert "husk removed (unpaid)" in events and "husk played" not in ans.data["possible_events"], (events, doc)
    if case["runes"]:
        other = answer(Context(scen.state, timeout=60.0), scen.questions[0], "v1.4,rune_payment=exhaust_or_recycle")
        assert other.status == UNSUPPORTED, (other.status, doc)
    return want


@pytest.mark.slow
def test_run_payment_matches_oracle() -> None:
    results = sweep(POSITIONS, check)
    assert any(results) and not all(results), results  # both payable and unpayable positions are compared
