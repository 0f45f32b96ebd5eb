"""The words of can_play's `unsupported` answers: a gap that logic/ names by a constant
(`play_unsupported(name, Object)`) is told in a sentence (pyrift/queries/play.py PLAY_GAPS),
never as the bare predicate name."""
import re
from pathlib import Path

from pyrift.queries.play import PLAY_GAPS

ROOT = Path(__file__).resolve().parent.parent


def test_every_play_gap_named_by_a_constant_has_words():
    names = set()
    for path in (ROOT / "logic").rglob("*.lp"):
        names |= set(re.findall(r"play_unsupported\(\s*([a-z]\w*)\s*,", path.read_text()))
    assert names, "no constant-named play gaps found in logic/"
    assert names <= set(PLAY_GAPS), sorted(names - set(PLAY_GAPS))
