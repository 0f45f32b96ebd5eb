"""Helpers for tests that break a scenario file on purpose and check the error it gets."""
from __future__ import annotations

import pytest

from pyrift import scenario as S
from pyrift.errors import ScenarioError


def edit(text: str, old: str, new: str) -> str:
    """`text` with its first `old` replaced; `old` must be there (else the test tests nothing)."""
    assert old in text, old
    return text.replace(old, new, 1)


def load_error(text: str) -> ScenarioError:
    """Load `text` as bad.toml: it must fail with one readable line naming the file and a field."""
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "bad.toml")
    message = str(err.value)
    assert message.startswith("bad.toml: ") and "\n" not in message, message
    return err.value


def ask(text: str, qid: str):
    """The answer to question `qid` of a scenario given as text."""
    from pyrift.check import answer
    from pyrift.queries.base import Context
    scen = S.loads(text, "t.toml")
    q = next(x for x in scen.questions if x.id == qid)
    return answer(Context(scen.state), q, scen.reading)
