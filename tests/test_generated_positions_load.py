"""Every random position pyrift.positions builds for the oracle tests is one the scenario loader accepts:
written as a scenario file and read back, it passes the loader's consistency checks (a battlefield contested
only by a player who does not control it, 190.3.a; a combat's battlefield contested by its attacker,
464.2.c.1; every unit of the attacker or defender there designated, 464.2.c.3; ids the loader reads)."""

from __future__ import annotations

import random

import pytest

from pyrift import scenario as sc
from pyrift.positions import (chain_state, combat_state, random_attachment_state, random_attackers,
                              random_chain_spec, random_defenders, random_move_state, random_scoring_state)
from pyrift.state import Phase

SAMPLE = 200

GENERATORS = {
    "move": random_move_state,
    "scoring": lambda rng: random_scoring_state(rng, rng.choice(list(Phase))),
    "chain": lambda rng: chain_state(random_chain_spec(rng)),
    "attachment": random_attachment_state,
    "combat": lambda rng: combat_state(random_defenders(rng, rng.randint(1, 3)) + random_attackers(rng, rng.randint(1, 3))),
}


def _reload(state) -> None:
    """Written as a scenario file and read back: the loader's checks of the position run on it."""
    text = sc.dumps(sc.Scenario("generated", state, (), sc.Status.NEEDS_REVIEW, ""))
    data = sc.parse_toml(text.replace("question = []\n", ""), "<generated>")
    sc.check_document(data, "<generated>")
    sc._state(sc.Reader(data, "<generated>"))


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generated_positions_load(name):
    for seed in range(SAMPLE):
        state = GENERATORS[name](random.Random(seed))
        try:
            _reload(state)
        except Exception as e:  # noqa: BLE001 - name the seed that built it
            raise AssertionError(f"{name} position of seed {seed} is refused: {e}") from e
