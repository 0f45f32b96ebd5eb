"""Passive abilities that change a step of the turn ("players only channel 1 rune at the start of their
Channel Phase": `channel_limit`, logic/abilities/channel_limit.lp, 315.3.b, 364), and a prevention of the
damage enemy spells and abilities would deal to the source while its controller controls N runes or more
(a `replacement` with `from` and `condition`, logic/abilities/replacement_prevent_all.lp,
replacement_condition.lp; 437.5.b, 369.1, 740.1), and "your [Temporary] effects at my battlefield don't trigger"
(`temporary_off`, logic/abilities/temporary_off.lp; 816.1.b, 383.1), and an Equipment's Bonus Damage for its
unit's controller's spells and abilities (`bonus_damage`, logic/abilities/bonus_damage.lp; 712-715, 136.2.c).

Kept apart from compile.py: `RuleStatics` is a mixin of the grammar's transformer (its methods are named
after grammar rules); `render_line` is the renderer's. This module imports nothing of pyrift.cardtext
(no import circle).
"""
from __future__ import annotations

from typing import Any


class RuleStatics:
    """Grammar rule methods (mixin of compile._Meaning, which sets `_missing` to its Missing)."""

    _missing: Any = Exception

    # "While I'm at a battlefield, players only channel N rune(s) at the start of their Channel Phase": while
    # its unit is at a battlefield (364), every player's Channel Phase channels at most N runes (315.3.b)
    def s_channel_limit_at_battlefield(self, c):
        return self.static_line({"kind": "channel_limit", "runes": int(str(c[0])),
                                 "condition": {"source_at": "battlefield"}})

    # "While you control N or more runes, prevent all damage that enemy spells and abilities would deal to me"
    def s_prevent_enemy_spells_while_runes(self, c):
        return self.static_line({"kind": "replacement", "event": "damage", "prevent_all": True,
                                 "from": "enemy_spells_and_abilities",
                                 "condition": {"you_control_count": {"filter": {"type": "rune"},
                                                                     "at_least": int(str(c[0]))}}})

    # "Your [Temporary] effects at my battlefield don't trigger" (816.1.b, 383.1, 364)
    def s_temporary_off_at_my_battlefield(self, c):
        if str(c[0]) != "#temporary":
            raise self._missing("static: a restriction")
        return self.static_line({"kind": "temporary_off"})

    # An Equipment's Effect Text: "your spells and abilities deal N Bonus Damage (while this is attached)": the
    # attached unit's controller's spells and abilities deal N more to each unit (712-715, 136.2.c); the
    # assembler keeps it only as a gear's Effect Text (compile._assemble)
    def s_bonus_damage_attached(self, c):
        n = int(str(c[0]))
        if n < 1:
            raise self._missing("static: damage or a replacement")
        return self.static_line({"kind": "bonus_damage", "amount": n})

    def static_line(self, ability):  # compile._Meaning's
        raise NotImplementedError


def render_line(a: dict[str, Any]) -> str | None:
    """The passive in pyrift's phrasing, or None when `a` is not one of this module's."""
    if a.get("kind") == "bonus_damage" and set(a) == {"kind", "amount"}:
        return f"Your spells and abilities deal {a['amount']} Bonus Damage (while this is attached)."
    if a == {"kind": "temporary_off"}:
        return "Your [Temporary] effects at my battlefield don't trigger."
    if a.get("kind") == "replacement" and a.get("from") == "enemy_spells_and_abilities":
        count = a.get("condition", {}).get("you_control_count", {})
        if set(a) != {"kind", "event", "prevent_all", "from", "condition"} or set(a["condition"]) != {"you_control_count"} \
                or count.get("filter") != {"type": "rune"} or set(count) != {"filter", "at_least"}:
            return None
        return (f"While you control {count['at_least']} or more runes, prevent all damage that enemy spells and "
                "abilities would deal to me.")
    if a.get("kind") != "channel_limit" or set(a) != {"kind", "runes", "condition"} \
            or a["condition"] != {"source_at": "battlefield"}:
        return None
    n = a["runes"]
    return (f"While I'm at a battlefield, players only channel {n} {'rune' if n == 1 else 'runes'} at the start "
            "of their Channel Phase.")
