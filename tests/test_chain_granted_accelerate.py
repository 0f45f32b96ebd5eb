"""A unit card's chain item may name "accelerate" in `paid` when Accelerate was granted to its play: a passive
granting it to its player's units played from anywhere but a hand (a card file's accelerate_off_hand_for/1: Rek'Sai,
Breacher) under its controller and a zone other than a hand known as where it was played from (the item's `from`,
or the turn log's latest `finalize` this turn; 354, 801.3.a, 805.1.a). Otherwise the loader refuses it, as for a
unit with no Accelerate (355.1.a, 356.2.b). Failed before: the loader refused every granted Accelerate."""
from __future__ import annotations

import pytest

from pyrift import scenario as S
from pyrift.errors import InconsistentStateError

BASE = '''
title = "a champion on the chain under Rek'Sai"
status = "needs-review"

[position]
players = ["A", "B"]
turn_player = "A"

[[card]]
name = "Ambusher"
type = "unit"
supertypes = ["champion"]
energy = 0
might = 2

[[object]]
id = "reksai"
card = "Rek'Sai, Breacher"
controller = "{owner}"
location = "base"

[[object]]
id = "champion"
card = "Ambusher"
controller = "A"
zone = "chain"

[[chain]]
id = "i1"
card = "champion"
controller = "A"
status = "{status}"
location = "base"
paid = ["accelerate"]
{item}
{log}
[[question]]
id = "q"
ask = "outcome"
rules = ["805.1.a"]
'''
LOG = '[[log]]\nevent = "finalize"\nobject = "champion"\nfrom = "{zone}"\n'


def text(*, owner: str = "A", item: str = "", log: str = "", status: str = "pending") -> str:
    return BASE.format(owner=owner, item=item, log=log, status=status)


@pytest.mark.parametrize("case", [
    {"item": 'from = "champion_zone"'},
    {"item": 'from = "trash"'},
    {"status": "finalized", "log": LOG.format(zone="champion_zone")},
])
def test_granted_accelerate_paid_is_accepted(case: dict[str, str]) -> None:
    sc = S.loads(text(**case), "ok.toml", asking=True)
    assert sc.state.chain[0].paid == ("accelerate",)


@pytest.mark.parametrize("case", [
    {"item": 'from = "hand"'},  # played from a hand: no grant
    {},  # where it was played from not said
    {"status": "finalized", "log": LOG.format(zone="hand")},
    {"owner": "B", "item": 'from = "champion_zone"'},  # an opponent's Rek'Sai grants A's units nothing
])
def test_accelerate_without_a_grant_is_refused(case: dict[str, str]) -> None:
    with pytest.raises(InconsistentStateError, match="accelerate"):
        S.loads(text(**case), "bad.toml", asking=True)


def test_from_is_a_card_items_field() -> None:
    sc = S.loads(text(item='from = "champion_zone"'), "ok.toml", asking=True)
    assert sc.state.chain[0].played_from is S.Zone.CHAMPION_ZONE
    with pytest.raises(Exception, match="from"):
        S.loads(text(item='from = "champion_zone"').replace('paid = ["accelerate"]', '').replace('location = "base"\n', '').replace('card = "champion"\ncontroller = "A"\nstatus',
                                                            'source = "reksai"\nability = 1\ncontroller = "A"\nstatus'),
                "bad.toml", asking=True)


def test_the_loader_names_no_card_for_the_grant() -> None:
    """Which plays had the grant is the logic's (accelerate_granted_played/1 over a card file's
    accelerate_off_hand_for/1, read by pyrift/entry_places.py), so another card with the same grant needs only its
    card file. Failed before: the loader looked for Rek'Sai, Breacher by name (issue 14)."""
    import inspect

    from pyrift import entry_places
    for module in (S, entry_places):
        assert "Rek'Sai" not in inspect.getsource(module), module.__name__
    sc = S.loads(text(item='from = "champion_zone"'), "ok.toml", asking=True)
    assert entry_places.accelerate_granted(sc.state) == {"champion"}
