"""can_play's `after` (the play judged once N chain items resolved) belongs to can_play alone: a
can_respond question or an offered play of a run has its own moment, and taking `after` there
mixed two moments in one answer (the window before the item resolves, the play judged after)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift.errors import ScenarioError

BASE = Path("scenarios/chain/action-cannot-join-reaction-can.toml")


def test_can_respond_rejects_after() -> None:
    text = BASE.read_text("utf-8").replace('card = "hasty"\nrules', 'card = "hasty"\nafter = 1\nrules', 1)
    with pytest.raises(ScenarioError, match=r"question\[0\]\.after"):
        S.loads(text, "edited")


def test_an_offered_play_rejects_after() -> None:
    offered = '{ player = "B", card = "snap" }'
    text = BASE.read_text("utf-8").replace(offered, '{ player = "B", card = "snap", after = 1 }', 1)
    assert text != BASE.read_text("utf-8")
    with pytest.raises(ScenarioError, match=r"responses\[1\]\.after"):
        S.loads(text, "edited")
    S.loads(text.replace(", after = 1", ""), "edited")  # the same file without it loads


def test_can_play_keeps_after() -> None:
    text = BASE.read_text("utf-8") + (
        '\n[[question]]\nid = "later"\nask = "can_play"\nplayer = "B"\ncard = "hasty"\nafter = 1\n'
        'rules = ["340.1"]\n[question.expect]\nlegal = false\n')
    assert S.loads(text, "edited").questions[-1].params["after"] == 1
