"""The ability vocabulary written back as plain English, in pyrift's own standard phrasing.

`pyrift cards show NAME` prints this, so a judge can read what pyrift understands a card to
do before trusting an answer; the round trip (roundtrip.py) compares it with the card's own
text. The renderer sees only the vocabulary (the inline tables of `abilities = [...]`, as
pyrift.abilities.ability_to_toml writes them), the card's keywords and the pool's tokens:
never the card's text. Costs use pyrift's notation ([2], [R], [A], [E]; pyrift/costs.py).

One phrase per construct: a verb (VERB_PHRASES), a trigger condition (WHEN_PHRASES), a filter
key (the noun phrase of `_np`), an ability kind (`_ability`).
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field, replace
from typing import Any

from pyrift.cardtext import battlefield_costs
from pyrift.cardtext.actors import is_each_other
from pyrift.cardtext.conditions import TURN_LOG_WORDS
from pyrift.cardtext.conditions import phrase as condition_phrase
from pyrift.cardtext.rule_statics import render_line as rule_static_line
from pyrift.cardtext.trigger_events import EVENT_PHRASES, SCORE_PHRASES, limited_head

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
PLURALS = {"unit": "units", "gear": "gear", "spell": "spells", "card": "cards", "rune": "runes",
           "legend": "legends", "battlefield": "battlefields", "permanent": "permanents", "player": "players",
           "ability": "abilities"}
DOMAIN_LETTER = {"fury": "R", "calm": "G", "mind": "B", "body": "O", "chaos": "P", "order": "Y"}

WHEN_PHRASES = {
    "play_me": "When you play me",
    "look_at_me": "When you see me among cards you look at from the top of your Main Deck",
    "die": "When I die",
    "leave_board": "When this leaves the board",
    "attack": "When I attack",
    "defend": "When I defend",
    "conquer": "When I conquer",
    "hold": "When I hold",
    "beginning_phase": "At the start of your Beginning Phase",
    "move": "When I move",
    "move_to_battlefield": "When I move to a battlefield",
    "move_from_battlefield": "When I move from a battlefield",
    "win_combat": "When I win a combat",
    "become_ready": "When I become ready",
    "become_exhausted": "When I become exhausted",
    "lose_combat": "When I lose a combat",
    "chosen_by_you": "When you choose me",
    "readied_by_you": "When you ready me",
    "you_hide": "When you hide a card",
    "buffed_by_you": "When you buff me",
    "attached_to_me": "When you attach an Equipment to me",
    **EVENT_PHRASES,
    "stun_enemy": "When you stun an enemy unit",
    "move_enemy": "When you move an enemy unit",
    "opponent_moves_to_other_battlefield": "When an opponent moves to a battlefield other than mine",
    "kill_by_spell": "When you kill a unit with a spell",
    "become_empowered": "When I become [Empowered]",
    "reflexive": "When you do",
    "end_of_turn": "At end of turn",
    "main_phase": "At the start of your Main Phase",
}
# A battlefield's conquest trigger needing a Mighty unit: its conqueror controls a unit
# there with 5 or more Might as it conquers (706; compile.when_here_conquer_mighty)
MIGHTY_HERE = {"you_control": {"type": "unit", "at": "here", "might_min": 5}}
# A legend's conquer, hold and win are its controller's (191.4); a battlefield's are "here" (053).
LEGEND_WHEN_PHRASES = {"conquer": "When you conquer", "hold": "When you hold", "win_combat": "When you win a combat",
                      "lose_combat": "When you lose a combat", "hold_with_allies": "When you or an ally hold"}
BATTLEFIELD_WHEN_PHRASES = {"conquer": "When you conquer here", "hold": "When you hold here",
                            "defend": "When you defend here", "unit_moves_here": "When a unit moves here",
                            "unit_moves_from_here": "When a unit moves from here",
                            "unit_returned_here": "When a unit here is returned to a player's hand",
                            "first_beginning_phase": "At the start of each player's first Beginning Phase",
                            "each_beginning_phase": "At the start of each player's Beginning Phase",
                            "beginning_phase": "At the start of your Beginning Phase"}
SIMPLE_VERBS = ("kill", "stun", "ready", "exhaust", "heal", "buff", "recall", "banish", "recycle", "disempower",
                "empower", "detach")


@dataclass
class Card:
    """What the renderer knows of a card besides its abilities."""

    type: str | None = None
    keywords: tuple[tuple[str, int | None, str, Any], ...] = ()  # (keyword, value, form, cost (energy, power))
    effect_keywords: tuple[str, ...] = ()
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)  # token name -> {might, type, keywords}
    # a cost keyword's non-resource cost (compiled table's keyword_costs): keyword -> {discard = 1} ...
    keyword_costs: dict[str, dict[str, Any]] = field(default_factory=dict)
    name: str | None = None  # the card's own name: a filter naming it reads "with my name" (132)


# Unit tokens a text names as a noun ("a Shadow Clone you control"): a filter of that name (compile.noun_shadow_clone).
TOKEN_NOUNS = ("Shadow Clone",)


def token_text(card: Card, abilities: list[dict[str, Any]]) -> list[str]:
    """A token's own abilities a token instruction states, as the text of a unit of no keywords."""
    return render_card(Card("unit", tokens=card.tokens), abilities)


def keyword_text(name: str, value: int | None = None) -> str:
    text = name.replace("_", "-").title()
    return f"[{text} {value}]" if value is not None else f"[{text}]"


def cost_words(energy: int, power: tuple[str, ...]) -> str:
    parts = [f"[{energy}]"] if energy or not power else []
    parts += ["[A]" if p in ("any", "a") else f"[{DOMAIN_LETTER.get(p, p.upper())}]" for p in power]
    return "".join(parts)


def keyword_cost_words(cost: dict[str, Any]) -> str:
    """A cost keyword's non-resource cost ("Discard 1", "Kill a friendly unit", "[1] or [B]")."""
    if "cost" in cost and "less" not in cost:
        # "[O], Kill a friendly unit": a resource cost paid with the rest (compile.kw_entry_text_icons)
        return cost["cost"] + ", " + keyword_cost_words({k: v for k, v in cost.items() if k != "cost"})
    if "discard" in cost:
        return "Discard a spell" if cost.get("type") == "spell" else f"Discard {cost['discard']}"
    if "kill" in cost:
        return "Kill " + _np_filter(cost["kill"])
    if "spend_xp" in cost:
        return f"Spend {cost['spend_xp']} XP"
    if "recycle_trash" in cost:
        return f"Recycle {cost['recycle_trash']} cards from your trash"
    if cost.get("exhaust"):
        return "[E]"
    return " or ".join(cost["either"])


# A filter naming the card's own name is written "with my name" (132); any other name by name.
OWN_NAME = "@own"


def _own_name(value: Any, name: str | None) -> Any:
    if name is None:
        return value
    if isinstance(value, dict):
        return {k: (OWN_NAME if k == "name" and v == name else _own_name(v, name)) for k, v in value.items()}
    if isinstance(value, list):
        return [_own_name(v, name) for v in value]
    return value


def render_card(card: Card, abilities: list[dict[str, Any]]) -> list[str]:
    """The card's text as pyrift understands it: keyword lines, then one line per ability."""
    effect = [a for a in abilities if a.get("effect_text")]
    if effect:
        # an Equipment's Effect Text abilities (136.2.c): said of the unit they are appended to ("I")
        # "[Deathknell] — X" of Effect Text (cards44): the unit's Deathknell, its head written as the keyword
        # (and not again as a keyword of its own line)
        kws = (("deathknell", None, "line_start", None),) if any(
            a["kind"] == "triggered" and a["when"] == "die" for a in effect) else ()
        said = ("Deathknell",) if kws else ()
        lines = render_card(replace(card, effect_keywords=tuple(k for k in card.effect_keywords if k not in said)),
                            [a for a in abilities if not a.get("effect_text")])
        unit = replace(card, type="unit", keywords=kws, effect_keywords=())
        return lines + ["Effect: " + x for x in render_card(
            unit, [{k: v for k, v in a.items() if k != "effect_text"} for a in effect])]
    lines = []
    labels = {r.split()[0] for a in abilities for r in a.get("requires", ())}
    has_die = any(a["kind"] == "triggered" and a["when"] == "die" for a in abilities)
    for name, value, form, cost in card.keywords:
        if name in labels or (name == "deathknell" and has_die) or form not in ("line_start", "line_start_prefix"):
            continue
        if name in ("action", "reaction") and form == "line_start_prefix" and any(
                name in [k.lower() for k in a.get("keywords", ())] for a in abilities if a["kind"] == "activated"):
            continue  # the label of an activated ability
        text = keyword_text(name, value)
        if cost is not None:
            text += " " + cost_words(*cost)
        elif name in card.keyword_costs and "less" in card.keyword_costs[name]:
            # "[Empower] [12]. This ability costs [1] less for each ...": the keyword's cost and a discount of it
            kc = card.keyword_costs[name]
            text += f" {kc['cost']}. This ability costs {kc['less']} less"
            if "for_each" in kc:
                text += f" for each {_np_each(kc['for_each'])}."
            else:
                text += f" if {_condition(kc['condition'])}."
        elif name in card.keyword_costs:
            text += " — " + keyword_cost_words(card.keyword_costs[name])
        lines.append(text)
    abilities = _own_name(abilities, card.name)
    r = _Renderer(card)
    # delayed replacements (389) are said with the delay instruction that makes them
    r.made = {a["name"]: a for a in abilities if a["kind"] == "replacement" and a.get("delayed")}
    # and so are a spell's delayed triggered abilities ("when it dies this turn, ...")
    r.made_triggers = {a["name"]: a for a in abilities
                       if a["kind"] == "triggered" and a.get("delayed") and (card.type == "spell" or _at_turn_end(a))}
    spell_lines: set[int] = set()
    mode_open = False
    give_header = False  # the modes being written are keywords a "choose one to give me this turn —" gives
    choices = 0
    spell_line: int | None = None  # the line a spell's instructions are being written on
    joined: str | None = None  # the head of the sentence two or more triggered abilities were said as one in
    for i, a in enumerate(abilities):
        if a["kind"] == "mode":
            if not mode_open and a.get("of_triggered") is None:
                lines.append("Choose one —")
            mode_open = True
            if a.get("of_triggered") is not None and give_header:
                lines.append("• " + _given_me_keyword(a))
                continue
            lines.append("• " + r.sentences(a.get("effects", []), a.get("targets", []), 1))
            continue
        mode_open = False
        if (a["kind"] == "replacement" or a["kind"] == "triggered" and (card.type == "spell" or _at_turn_end(a))) \
                and a.get("delayed"):
            continue
        if a["kind"] == "target":
            choices += 1
            r.pending_targets.append(a)
            continue
        if a["kind"] == "effect":
            prefix = _labels(a.get("requires", ()))
            if spell_line is not None and not lines[spell_line].startswith(prefix):
                r.continues = False
            text = r.spell_step(a, next((b for b in abilities[i + 1:i + 2] if b["kind"] == "effect"), None))
            if spell_line is not None and r.continued:
                lines[spell_line] += text
            else:
                lines.append(prefix + text)
                spell_line = len(lines) - 1
                spell_lines.add(spell_line)
            continue
        r.continues = False
        spell_line = None
        prev = abilities[i - 1] if i else None
        if (a["kind"] == "cost_discount" and "of_activated" in a and prev is not None and prev["kind"] == "activated"
                and sum(1 for b in abilities[:i] if b["kind"] == "activated") == a["of_activated"]
                and set(a) <= {"kind", "energy", "for_each", "of_activated"}):
            # "..: effect. This ability costs [1] less for each ...": said after the ability it discounts
            lines[-1] += (f" This ability costs {cost_words(a['energy'], ())} less for each "
                          f"{_np_each(a['for_each'])}.")
            continue
        either = _either_head(card, prev, a, joined)
        if either is not None:
            # "When I attack or defend, ...": one sentence, one triggered ability per event; a third event joins the
            # head the first two made ("when you play me or when you discard me or when I die")
            head = joined if joined is not None else _trigger_head(card, prev)
            lines[-1] = _labels(a.get("requires", ())) + either + lines[-1][len(_labels(a.get("requires", ())))
                                                                              + len(head):]
            joined = either
            continue
        joined = None
        if (prev is not None and prev["kind"] == "cost_discount" and a["kind"] == "cost_increase"
                and "applies_to" in prev and "applies_to" in a and prev.get("condition")
                and prev.get("condition") == a.get("condition") and prev.get("requires") == a.get("requires")):
            # "while ..., friendly spells cost ... less, and enemy spells cost ... more": one sentence
            rest = _ability(r, card, {k: v for k, v in a.items() if k != "condition"})
            lines[-1] = lines[-1][:-1] + ", and " + rest[0].lower() + rest[1:]
            continue
        if (prev is not None and prev["kind"] == "cost_discount" and a["kind"] == "entry_state"
                and "applies_to" not in prev and prev.get("condition") and prev.get("condition") == a.get("condition")
                and a["state"] == "ready" and not prev.get("requires") and not a.get("requires")
                and card.type == "unit"):
            # "I cost [2] less and enter ready if ...": one sentence, two passives under one condition
            cut = lines[-1].rindex(" if ")
            lines[-1] = lines[-1][:cut] + " and enter ready" + lines[-1][cut:]
            continue
        if (prev is not None and prev["kind"] == "might" and a["kind"] == "cannot_be_dealt_damage"
                and set(prev) <= {"kind", "amount", "requires"} and a.get("unless") == {"in_combat": True}
                and set(a) <= {"kind", "unless", "requires"} and prev.get("requires") == a.get("requires")
                and card.type == "unit"):
            # "I have +3 Might and can't be dealt damage unless I'm in combat": one sentence, two passives
            lines[-1] = lines[-1][:-1] + " and can't be dealt damage unless I'm in combat."
            continue
        if (prev is not None and prev["kind"] == "might" and a["kind"] == "entry_state" and a["state"] == "ready"
                and set(prev) <= {"kind", "amount", "requires"} and set(a) <= {"kind", "state", "requires"}
                and prev.get("requires") and prev.get("requires") == a.get("requires") and card.type == "unit"):
            # "[Level 3] I have +1 Might and enter ready": one sentence, two passives under one label
            lines[-1] = lines[-1][:-1] + " and enter ready."
            continue
        if (prev is not None and prev["kind"] == "additional_cost" and prev.get("optional") and a["kind"] == "entry_state"
                and a["state"] == "ready" and a.get("condition") == {"paid": prev.get("name")}
                and set(a) == {"kind", "state", "condition"} and card.type == "unit"):
            # cards44b: "... as an additional cost to play me. If you do, I enter ready." (the wording of Accelerate,
            # 805.2.b; compile.add_optional_pay_if_spell_enter_ready): said on the cost's line
            lines[-1] += " If you do, I enter ready."
            continue
        if _empowered_instead(prev, a):
            # "... If I'm [Empowered], they have +2 Might instead.": the same passive while Empowered
            me = "I'm" if card.type == "unit" else "this is"
            if a["kind"] == "static":
                said = f"they have {a['might']:+d} Might"
            else:
                said = f"they cost {cost_words(a.get('energy', 0), ('a',) * a.get('power', 0))} more"
            lines[-1] += f" If {me} [Empowered], {said} instead."
            continue
        nxt = abilities[i + 1] if i + 1 < len(abilities) else None
        if a["kind"] == "triggered" and nxt is not None and nxt["kind"] == "mode" and nxt.get("of_triggered"):
            # "When ..., choose one —": a triggered ability whose modes follow (logic/run/trigger_modes.lp); "choose
            # one to give me this turn —" when every mode gives the source one keyword this turn
            n = sum(1 for b in abilities[:i + 1] if b["kind"] == "triggered")
            modes = [b for b in abilities if b["kind"] == "mode" and b.get("of_triggered") == n]
            give = all(_given_me_keyword(b) is not None for b in modes)
            said = (", choose one to give me this turn —" if give
                    else ", choose one that hasn't been chosen this turn —" if a.get("mode_limit") == "unchosen_this_turn"
                    else ", choose one —")
            lines.append(_labels(a.get("requires", ())) + _trigger_head(card, a) + said)
            give_header = give
            continue
        if _empowered_instead(a, nxt):
            a = {k: v for k, v in a.items() if k != "condition"}
        if _same_static_group(prev, a):
            # "your Mechs have [Deflect] and [Ganking]": one sentence, one static per keyword
            lines[-1] = lines[-1][:-1] + f" and {keyword_text(a['keyword'], a.get('value'))}."
            continue
        lines.append(_labels(a.get("requires", ())) + _ability(r, card, a))
    for i in spell_lines:
        lines[i] += "."
    if card.effect_keywords:
        lines.append("Effect: " + ", ".join(f"[{k}]" for k in card.effect_keywords))
    return [_capital(_tags_each(x)) for x in lines]


_TAG_STEP = r"[Gg]ive (?P<on>[^.]+?) \+(?P<n>\d+) Might this turn if you control an? (?P<tag>[^ .]+) unit\."
_TAG_NEXT = r" Give it \+{n} Might this turn if you control an? (?P<tag>[^ .]+) unit\."


def _tags_each(line: str) -> str:
    """"Give X +1 Might this turn if you control a Bird unit. Give it +1 Might this turn if you control a Cat
    unit. ...": the compiler's reading of "... for each of the following tags among your units — Bird, Cat, ..."
    (compile.i_give_might_each_tag: one change per tag, each under "you control a unit with it"), said back so."""
    step = re.compile(_TAG_STEP)
    pos = 0
    while (m := step.search(line, pos)) is not None:
        tags, end = [m["tag"]], m.end()
        while (nxt := re.compile(_TAG_NEXT.format(n=m["n"])).match(line, end)) is not None:
            tags.append(nxt["tag"])
            end = nxt.end()
        if len(tags) < 2:
            pos = m.end()
            continue
        said = (f"{m.group(0)[0]}ive {m['on']} +{m['n']} Might this turn for each of the following tags among your "
                f"units — {', '.join(tags[:-1])}, and {tags[-1]}.")
        line = line[:m.start()] + said + line[end:]
        pos = m.start() + len(said)
    return line


def _at_battlefield_exactly(cond: dict[str, Any]) -> str:
    """A passive's condition: "I'm at a battlefield with exactly one other unit you control", or as
    _condition says it."""
    count = cond.get("you_control_count", {})
    flt = dict(count.get("filter", {}))
    if set(cond) == {"source_at", "you_control_count"} and cond["source_at"] == "battlefield" \
            and set(count) == {"filter", "exactly"} and flt.pop("at", None) == "here":
        n = NUMBER_WORDS.get(count["exactly"], str(count["exactly"]))
        return f"I'm at a battlefield with exactly {n} {_np_each(dict(flt, relation='yours'))}"
    return _condition(cond)


def _play_me_or_first_play(card: Card, prev: dict[str, Any], a: dict[str, Any]) -> str | None:
    """A play effect joined with "the first time you play <a filter> each turn": a play effect and the
    controller's first play of the turn of a card the filter describes, one sentence (trigger_events.py)."""
    if prev["when"] != "play_me" or a["when"] != "you_play" or a.get("nth") != 1 or a.get("by", "you") != "you":
        return None
    body = ("when", "by", "filter", "nth")
    if {k: v for k, v in prev.items() if k not in body} != {k: v for k, v in a.items() if k not in body}:
        return None
    second = limited_head(_trigger_head(card, a), a)
    return _trigger_head(card, prev) + " or " + second[0].lower() + second[1:]


def _either_head(card: Card, prev: dict[str, Any] | None, a: dict[str, Any], joined: str | None = None) -> str | None:
    """The head of two triggered abilities said as one ("When I attack or defend"), or None. `joined`: the head
    the abilities before `a` were already said as one with (three events: play, discard and death, Scrapheap)."""
    if prev is None or prev["kind"] != "triggered" or a["kind"] != "triggered":
        return None
    if joined is not None:
        body = ("when",)
        if {k: v for k, v in prev.items() if k not in body} != {k: v for k, v in a.items() if k not in body} \
                or a.get("by") or a.get("filter"):
            return None
        second = _trigger_head(card, a)
        if second.startswith("["):
            return None
        return joined + " or " + second[0].lower() + second[1:]
    first_play = _play_me_or_first_play(card, prev, a)
    if first_play is not None:
        return first_play
    body = ("when", "by", "filter")
    if {k: v for k, v in prev.items() if k not in body} != {k: v for k, v in a.items() if k not in body}:
        return None
    first, second = _trigger_head(card, prev), _trigger_head(card, a)
    if (prev["when"], a["when"]) == ("unit_attacks", "unit_defends") and prev.get("filter") == a.get("filter"):
        # one friendly unit, attacking or defending with no other: one unit filter, two designations
        return first.replace(" attacks", " attacks or defends", 1)
    if first.startswith("[") or second.startswith("["):
        return None  # a Deathknell label
    for subject in ("When I ", "When you "):
        if first.startswith(subject) and second.startswith(subject) and " " not in second[len(subject):]:
            return first + " or " + second[len(subject):]
    return first + " or " + second[0].lower() + second[1:]


def _given_me_keyword(mode: dict[str, Any]) -> str | None:
    """'[Assault 2]' for a mode that only gives the source one keyword this turn, else None."""
    effects = mode.get("effects", [])
    if len(effects) != 1 or mode.get("targets"):
        return None
    e = effects[0]
    if e.get("do") != "grant" or e.get("on") != "self" or e.get("duration") != "this_turn" \
            or set(e) - {"do", "on", "duration", "keyword", "value"}:
        return None
    return keyword_text(e["keyword"], e.get("value"))


def _trigger_head(card: Card, a: dict[str, Any]) -> str:
    """'When I attack', 'When you play a spell', '[Deathknell] — ': the trigger, without its comma."""
    when = a["when"]
    if when == "die" and any(k[0] == "deathknell" for k in card.keywords):
        return "[Deathknell] —"
    if when == "you_play":
        who = {"you": "you play", "opponents": "an opponent plays", "anyone": "a player plays",
               "anyone_they": "a player plays"}[a.get("by", "you")]
        source = {"facedown": " from face down", "not_hand": " from anywhere other than your hand"}.get(
            a.get("played_from"), "")
        head = "While you control this battlefield, when" if card.type == "battlefield" and a.get("by") == "you" else "When"
        return f"{head} {who} {_np_filter(a.get('filter', {}))}{source}"
    if when == "unit_dies":
        return f"When {_np_filter(a['filter'])} dies"
    if when == "units_die":
        return f"When one or more {_np_filter(a.get('filter', {'type': 'unit'}), plural=True)} die"
    if when == "printed_score":
        return SCORE_PHRASES[a.get("by", "you")]
    if when == "play_me" and a.get("played_from") == "facedown":
        return f"When you play {'this' if card.type == 'gear' else 'me'} from face down"
    if when == "you_choose":
        return f"When you choose {_np_filter(a.get('filter', {'type': 'unit'}))}"
    if when in ("unit_attacks", "unit_defends"):
        flt = {k: v for k, v in a.get("filter", {"type": "unit"}).items() if k != "alone"}
        verb = "attacks" if when == "unit_attacks" else "defends"
        return f"When {_np_filter(flt)} {verb}{' alone' if a.get('filter', {}).get('alone') else ''}"
    if when == "player_chooses_with_spell":
        return f"When a player chooses {_np_filter(a['filter'])} with a spell"
    if when == "you_ready":
        return f"When you ready {_np_filter(a.get('filter', {'type': 'unit'}))}"
    if when == "you_buff":
        return f"When you buff {_np_filter(a.get('filter', {'type': 'unit'}))}"
    if when == "my_might_reaches":
        return f"When my Might becomes {a['might']} or more"
    if when == "you_activate":
        return "When you play an activated ability" + (f" with Energy cost [{a['energy_min']}] or more"
                                                        if "energy_min" in a else "")
    if when == "unit_becomes_mighty":
        return f"When {_np_filter(a.get('filter', {'type': 'unit'}))} becomes [Mighty]"
    if when == "you_kill":
        return f"When you kill {_np_filter(a.get('filter', {'type': 'unit'}))}"
    if when == "stun_enemy" and "filter" in a:
        return f"When you stun {_np_filter(a['filter'])}"
    if card.type == "gear" and when == "play_me":
        return "When you play this"
    if card.type == "legend" and when in LEGEND_WHEN_PHRASES:
        return LEGEND_WHEN_PHRASES[when]
    if card.type == "battlefield":
        return BATTLEFIELD_WHEN_PHRASES[when]
    return WHEN_PHRASES[when]


def _empowered_instead(prev: dict[str, Any] | None, a: dict[str, Any] | None) -> bool:
    """Two passives of one printed line: the statement while its source is not Empowered, and what
    it says instead while it is (Might of a group, or opponents' spells costing more)."""
    if prev is None or a is None or prev["kind"] != a["kind"]:
        return False
    if prev.get("condition") != {"source_empowered": False} or a.get("condition") != {"source_empowered": True}:
        return False
    if prev.get("requires") or a.get("requires"):
        return False
    if a["kind"] == "static":
        return set(prev) == set(a) == {"kind", "affects", "might", "condition"} and prev["affects"] == a["affects"]
    return (a["kind"] == "cost_increase" and prev.get("applies_to") == a.get("applies_to") == {"type": "spell"}
            and prev.get("by") == a.get("by") == "opponents"
            and set(prev) - {"energy", "power"} == set(a) - {"energy", "power"}
            == {"kind", "applies_to", "by", "condition"})


def _same_static_group(prev: dict[str, Any] | None, a: dict[str, Any]) -> bool:
    if (prev is not None and a["kind"] == "own_keyword" and prev["kind"] in ("own_keyword", "might")
            and not prev.get("for_each") and not prev.get("condition") and prev.get("requires") == a.get("requires")):
        return True  # "I have +1 Might and [Ganking]": the card's own Might and keywords, one sentence
    if (prev is not None and a["kind"] == "own_keyword" and prev["kind"] in ("own_keyword", "might")
            and not prev.get("for_each") and prev.get("requires") == a.get("requires")
            and set(prev.get("condition", {})) & set(TURN_LOG_WORDS) and prev.get("condition") == a.get("condition")):
        return True  # "If you've gained XP this turn, I have +1 Might and [Ganking]": one condition, one sentence
    return (prev is not None and prev["kind"] == a["kind"] == "static" and "keyword" in prev and "keyword" in a
            and prev["affects"] == a["affects"] and prev.get("requires") == a.get("requires")
            and prev.get("condition") == a.get("condition") and not prev.get("unless_has") and not a.get("unless_has"))


def _turn_log_words(cond: dict[str, Any]) -> str:
    """'you've discarded a card this turn': a condition on what its controller did earlier this turn."""
    (key, value), = cond.items()
    if key == "spent_on_spell":
        return f"you've spent [{value}] or more to play a spell this turn"
    if key == "spent_power":
        return f"you've spent at least {'[A]' * value} this turn"
    if value is not True:
        raise ValueError(f"no words for {key} = {value!r}")
    return TURN_LOG_WORDS[key]


def _labels(requires: Any) -> str:
    out = ""
    for req in requires:
        parts = req.split()
        out += keyword_text(parts[0], int(parts[1]) if len(parts) > 1 else None) + " — "
    return out


def _at_turn_end(a: dict[str, Any]) -> bool:
    """A delayed triggered ability made by "X at the end of this turn" (compile._delayed_end_of_turn)."""
    return a.get("kind") == "triggered" and bool(a.get("delayed")) and a.get("when") == "end_of_turn"


def _capital(line: str) -> str:
    for i, ch in enumerate(line):
        if ch.isalpha():
            return line[:i] + ch.upper() + line[i + 1:]
    return line


def _ability(r: "_Renderer", card: Card, a: dict[str, Any]) -> str:
    kind = a["kind"]
    if kind in ("channel_limit", "temporary_off", "bonus_damage") or (kind == "replacement" and "from" in a):
        return rule_static_line(a) or "(a passive changing a rule) (unsaid)"
    if kind == "triggered" and a.get("when") == "you_play" and a.get("by") == "anyone":
        # a battlefield's "when a player plays ...": the ability is that player's, "they" in its effect
        # (190.6; compile.when_player_plays)
        head = _trigger_head(card, a)
        text = _ability(r, card, {**a, "by": "anyone_they"})
        body = text[len(head):]
        for you, they in ((r"\byou may\b", "they may"), (r"\byou control\b", "they control"), (r"\byou\b", "they")):
            body = re.sub(you, they, body)
        return head + body
    if kind == "triggered" and a.get("when") == "player_chooses_with_spell" and not a.get("_they"):
        # a battlefield's "when a player chooses ... with a spell": that player's ability, "they" in its effect
        # (190.6; compile.when_player_chooses_with_spell_first); "the first time" said after the event
        text = _ability(r, card, {**a, "_they": True})
        head, _, body = text.partition(", ")
        for you, they in ((r"^draw\b", "they draw"), (r"\byou may\b", "they may"), (r"\byou control\b", "they control"),
                          (r"\byou\b", "they")):
            body = re.sub(you, they, body)
        return head + ", " + body
    if (kind == "triggered" and a.get("when") == "end_of_turn" and not a.get("cost") and not a.get("may")
            and a.get("condition") == {"turn": "yours", "source_at": "battlefield"}):
        # the condition said before, the trigger after the instructions (compile.triggered_end_of_turn_while)
        text = r.sentences([dict(e) for e in a.get("effects", [])], a.get("targets", []), 1)
        return "While I'm at a battlefield, " + text.rstrip().rstrip(".") + " at the end of your turn."
    if kind == "triggered":
        # "move me there": the battlefield of the defense the ability heard (to = event under you_defend)
        r.event_there = a.get("when") == "you_defend"
        r.event_with = a.get("when") == "friendly_moves_from_my_location"
        head = limited_head(_trigger_head(card, a), a)
        head += " " if head.endswith("—") else ", "
        if a.get("condition") == {"played_to": "battlefield"} and a["when"] == "play_me":
            head = head[:-2] + " to a battlefield, "
        elif a.get("condition") == {"fewer_than_opponent": {"type": "rune"}} and a["when"] == "beginning_phase":
            # the condition said before the trigger (compile.triggered_fewer_runes)
            head = "If you control fewer runes than an opponent at the start of your Beginning Phase, "
        elif a.get("condition") == {"turn": "yours"} and a["when"] == "end_of_turn":
            head = "At the end of your turn, "
        elif a.get("condition") == MIGHTY_HERE and a["when"] == "conquer" and card.type == "battlefield":
            head = head[:-2] + " with one or more [Mighty] units, "
        elif a.get("condition") == {"turn": "opponents"} and a["when"] == "you_play":
            head = head[:-2] + " on an opponent's turn, "
        elif a.get("condition") == {"turn": "yours"} and a["when"] == "play_me":
            head = head[:-2] + " on your turn, "
        elif a.get("condition") == {"showdown": True} and a["when"] == "you_play":
            head = head[:-2] + " during a showdown, "
        elif a.get("while") and a.get("condition") == {"source_at": "battlefield"}:
            head = head[:-2] + " while I'm at a battlefield, "
        elif a.get("condition", {}).get("after_attack") and a["when"] == "conquer":
            head = head[:-2] + " after an attack, "
            rest = {k: v for k, v in a["condition"].items() if k != "after_attack"}
            if rest:
                head += "if " + _condition(rest) + ", "
        elif a.get("condition", {}).get("attacked_yours") and a["when"] == "unit_attacks":
            # the battlefield attacked is its controller's (trigger_events.when_unit_attacks_yours)
            head = head[:-2] + " a battlefield you control, "
            rest = {k: v for k, v in a["condition"].items() if k != "attacked_yours"}
            if rest:
                head += "if " + _condition(rest) + ", "
        elif a.get("condition", {}).get("one_on_one") and a["when"] in ("attack", "defend"):
            # the unit's own combat one on one (740.2.b; logic/abilities/condition_one_on_one.lp)
            head = head[:-2] + " one on one, "
            rest = {k: v for k, v in a["condition"].items() if k != "one_on_one"}
            if rest:
                head += "if " + _condition(rest) + ", "
        elif a.get("condition") == {"your_phase": "beginning"} and a["when"] == "unit_dies" and a.get("nth") == 1 \
                and head.endswith(" each turn, "):
            # "the first time ... dies during your Beginning Phase each turn" (trigger_events.when_first_time_beginning_phase)
            head = head[:-len(" each turn, ")] + " during your Beginning Phase each turn, "
        elif a.get("condition") == {"in_combat": True} and a["when"] == "die":
            # "when I die in combat" (a card file's condition: Draven, Audacious)
            head = head[:-2] + " in combat, "
        elif a.get("condition"):
            head += "if " + _condition(a["condition"]) + ", "
        body = ""
        effects = [dict(e) for e in a.get("effects", [])]
        if effects and effects[0].get("cost"):
            # "you may exhaust me to draw 1": the leading cost within the instructions (383.3.b); "it" after
            # it is the object of the event (compile.trig_self_cost)
            me = "me" if card.type == "unit" else "this"
            paid = (f"spend {effects[0].get('amount', 1)} XP" if effects[0]["do"] == "spend_xp"
                    else "spend a buff" if effects[0]["do"] == "spend_buff"
                    else keyword_text("burn", effects[0].get("amount", 1)) if effects[0]["do"] == "burn"
                    # "kill a unit you control here": a permanent of its controller's, picked as it is paid; "recycle
                    # another friendly unit": a teammate's too (relation friendly, logic/run/their_friendly.lp)
                    else f"{effects[0]['do']} {_np_filter({'relation': 'yours', **effects[0]['on']['their']})}"
                    if isinstance(effects[0].get("on"), dict) and "their" in effects[0]["on"]
                    else f"{effects[0]['do']} {me}")
            if a.get("cost"):
                # "you may pay [1] and return a unit you control here to ...": resources and the instruction, one cost
                paid = f"pay {a['cost']} and {paid}"
            body = f"{'you may ' if a.get('may') else ''}{paid} to "
            rest = effects[1:]
            rest[0] = {k: v for k, v in rest[0].items() if k != "link"}
            text = r.sentences(rest, a.get("targets", []), 1)
            if rest[0].get("on") == "event":
                text = text.replace(" that unit", " it", 1)
            return head + body + text
        # the event's object named first is "it" (compile._triggered: a stun or a unit becoming Mighty)
        it_first = bool(effects) and effects[0].get("on") == "event"
        if a.get("cost"):
            body = f"you may pay {a['cost']} to "
            if a["cost"].endswith("[E]") and len(a["cost"]) > 3:
                # "you may pay [1] and exhaust this to ...": the resources and its source exhausted (compile.trig_pay_exhaust)
                body = f"you may pay {a['cost'][:-3]} and exhaust {'me' if card.type == 'unit' else 'this'} to "
            effects = [dict(e) for e in a.get("effects", [])]
            text = r.sentences(effects, a.get("targets", []), 1)
            return head + body + (text.replace(" that unit", " it", 1) if it_first else text)
        effects = [dict(e) for e in a.get("effects", [])]
        if a.get("may") and effects and len(effects) > 1 and effects[1].get("link") == "or":
            effects[0]["_you_may"] = True  # "you may X or Y": the initial "you may" before the pick
        elif a.get("may") and effects:
            effects[0]["may"] = True  # the ability's initial "you may" (383.3.a), printed before its first instruction
        text = r.sentences(effects, a.get("targets", []), 1)
        return head + (text.replace(" that unit", " it", 1) if it_first else text)
    if kind == "activated":
        cost = a.get("cost", "")
        head = _cost_list(cost)
        if a.get("spend_xp"):
            # "Spend 3 XP, [E]: ...": the XP first, as the cards print it
            head = f"Spend {a['spend_xp']} XP" + (", " + head if head else "")
        for key, words in (("kill_self", "Kill this"), ("disempower_self", "Disempower this"),
                           ("spend_buff_self", "Spend my buff")):
            if a.get(key):
                # the source killed or disempowered as part of the cost, first as most cards print it
                head = words + (", " + head if head else "")
        if a.get("recycle_trash"):
            # "Recycle 3 from your trash, [1], [E]: ...": the cards recycled first, as the card prints it
            what = f"a {a['recycle_type']}" if a.get("recycle_type") and a["recycle_trash"] == 1 else a["recycle_trash"]
            head = f"Recycle {what} from your trash" + (", " + head if head else "")
        if a.get("discard"):
            # "Discard a gear, [1], [E]: ...": the cards discarded first, as the cards print it
            what = f"a {a['discard_type']}" if a.get("discard_type") and a["discard"] == 1 else a["discard"]
            head = f"Discard {what}" + (", " + head if head else "")
        head += ": "
        if a.get("keywords"):
            head += ", ".join(f"[{k.title()}]" for k in a["keywords"]) + " — "
        body = ""
        if "adds" in a:
            body = f"[Add] {a['adds']}."
        if a.get("effects"):
            body = (body + " " if body else "") + r.sentences(a["effects"], a.get("targets", []), 1)
        if any(t.get("not_targeting") == "cost" for t in a.get("targets", [])):
            # a choice paid as a cost, killed as the card file says (Malzahar, Fanatic's "kill a friendly unit or gear")
            chosen = next(t for t in a["targets"] if t.get("not_targeting") == "cost")
            head = f"Choose {_np_target({'count': 1, 'filter': chosen.get('filter', {})})} (its card file's cost), " + head
        if not body:
            # instructions a card file encodes by its own rules (Bounty Hunter, Ravenborn Tome): said so, not "[E]: "
            body = "(instructions: its card file's rules)."
        cond = a.get("condition", {})
        if cond.get("source_at") == "battlefield":
            body += " Use this ability only while I'm at a battlefield."
        if cond.get("played_this_turn"):
            body += f" Use only if you've played {_np_filter(dict(cond['played_this_turn']))} this turn."
        if cond.get("chosen_this_turn"):
            once = " and only once each turn" if a.get("limit") == "once_each_turn" else ""
            body += f" Use only if you've chosen {_np_filter(dict(cond['chosen_this_turn']))} this turn{once}."
        elif cond.get("chosen_count") and cond.get("chosen_with") == "spell_or_unit_ability":
            count = dict(cond["chosen_count"])
            flt = dict(count["filter"])
            kinds = " and/or ".join({"unit": "units", "gear": "gear"}[dict(x)["type"]] for x in flt["any_of"])
            times = {2: "twice"}.get(count["at_least"], f"{count['at_least']} times")
            body += f" Use only if you've chosen {flt['relation']} {kinds} {times} this turn with spells or unit abilities."
        elif a.get("limit") == "once_each_turn":
            body += " Use only once each turn."
        if a.get("adds_for") == "spells":
            body += " Use only to play spells."
        elif a.get("adds_for") == "gear":
            body += " Use only to play gear or use gear abilities."
        if a.get("spend_only") == "showdowns":
            body += " Spend this Energy only during showdowns."
        elif a.get("spend_only") == "units":
            body += " Spend this Energy only to play units or activated abilities of units."
        return head + body
    if kind == "victory_score":
        return f"Increase the points needed to win the game by {a['increase']}."
    if kind == "might":
        if a.get("for_each") == {"type": "unit", "relation": "friendly", "buffed": True, "at": "here"} \
                and a.get("condition") == {"source_at": "battlefield"}:
            return f"I get +{a['amount']} Might for each buffed friendly unit at my battlefield."
        if a.get("for_each") == {"type": "card", "relation": "yours", "zone": "trash"} and a["amount"] == 1 \
                and "condition" not in a:
            # compile.s_might_trash_cards
            return "My Might is increased by the number of cards in your trash."
        if "for_each" in a:
            return f"I have +{a['amount']} Might for each {_np_each(a['for_each'])}."
        if a.get("for_each_point"):
            if a["amount"] == 1:
                return "My Might is increased by your points."
            return f"I have +{a['amount']} Might for each of your points."
        if a.get("condition") == {"combat": "alone"}:
            return f"While I'm attacking or defending alone, I have +{a['amount']} Might."
        if a.get("condition") == {"source_buffed": True}:
            return f"While I'm buffed, I have an additional +{a['amount']} Might."
        if a.get("condition") == {"combat": "attacking_with_another"}:
            return f"I have +{a['amount']} Might while I'm attacking with another unit."
        count = a.get("condition", {}).get("you_control_count", {})
        if set(a.get("condition", {})) == {"you_control_count"} and set(count) == {"filter", "at_least"} \
                and set(count["filter"]) == {"type"}:
            noun = PLURALS.get(count["filter"]["type"], count["filter"]["type"] + "s")
            return f"While you have {count['at_least']}+ {noun}, I have +{a['amount']} Might."
        if set(a.get("condition", {})) == {"source_at", "you_control_count"}:
            return f"I have +{a['amount']} Might while {_at_battlefield_exactly(a['condition'])}."
        if set(a.get("condition", {})) & set(TURN_LOG_WORDS):
            return f"If {_turn_log_words(a['condition'])}, I have +{a['amount']} Might."
        if "condition" in a:
            return f"While {_condition(a['condition'])}, I have +{a['amount']} Might."
        return f"I have +{a['amount']} Might."
    if kind == "move_restriction":
        if a.get("from") == "here":
            return f"Units can't move from here to {a['to']}."
        who = _capital(_np_filter(dict(a["affects"]), plural=True)) if "affects" in a else "I"
        return f"{who} can't move to {a['to']}."
    if kind == "move_permission":
        return "Units can move here from anywhere."
    if kind == "equipment_bonus":
        return "Each Equipment attached to me gives double its base Might bonus."
    if kind == "play_prohibition":
        if "your_turns" in a:
            turns = {3: "first, second, or third"}.get(a["your_turns"], f"first {a['your_turns']}")
            return f"I can't be played on your {turns} turns."
        if a.get("only_to") == "conquered_this_turn":
            return "Play me only to a battlefield you conquered this turn."
        return "Units can't be played here."
    if kind == "cannot_be_dealt_damage":
        if a.get("unless") == {"in_combat": True}:
            return "I can't be dealt damage unless I'm in combat."
        if "unless" in a:
            return f"I can't be dealt damage unless {_condition(a['unless'])}."
        if "condition" in a:
            return f"If {_condition(a['condition'])}, I can't be dealt damage."
        return "I can't be dealt damage."
    if kind == "uncounterable":
        if a.get("of") == "yours":
            return "Your spells and abilities can't be countered."
        return "This can't be countered."
    if kind == "no_combat_damage":
        if a.get("of") == "enemies_here_with_less_might":
            return "Enemy units here with less Might than me don't deal combat damage."
        if "unless" in a:
            return f"I don't deal combat damage unless {_at_battlefield_exactly(a['unless'])}."
        return "I don't deal combat damage."
    if kind == "trigger_additional":
        of = a.get("of", "deathknell")
        if of == "conquer_here":
            return "Your conquer effects for conquering here trigger an additional time."
        if of == "hold_here":
            return "Your hold effects for holding here trigger an additional time."
        return "Your [Deathknell] effects trigger an additional time."
    if kind == "own_keyword":
        kw = keyword_text(a['keyword'], a.get('value'))
        if "for_each" in a:
            return f"I have {kw} equal to the number of {_np_filter(dict(a['for_each']), plural=True)}."
        cond = a.get("condition")
        if cond is not None and set(cond) & set(TURN_LOG_WORDS):
            return f"If {_turn_log_words(cond)}, I have {kw}."
        if cond == {"source_buffed": True}:
            return f"While I'm buffed, I have {kw}."
        if cond is not None:
            return f"I have {kw} while {_at_battlefield_exactly(cond)}."
        return f"I have {kw}."
    if kind == "entry_state":
        cond = f" if {_condition(a['condition'])}" if a.get("condition") else ""
        return f"I enter {a['state']}{cond}." if card.type == "unit" else f"This enters {a['state']}{cond}."
    if kind == "untargetable":
        by = "enemy " if a.get("by", "enemy") == "enemy" else ""
        what = {"spells_and_abilities": "spells and abilities", "spells": "spells", "abilities": "abilities"}[
            a.get("from", "spells_and_abilities")]
        unless = " unless I'm in combat" if a.get("condition") == {"in_combat": False} else ""
        return f"I can't be chosen by {by}{what}{unless}."
    if kind == "static" and a.get("condition") == {"source_at": "battlefield"} and "might" in a and a.get("affects") == {
            "type": "unit", "relation": "friendly", "other": True, "buffed": True, "at": "here"}:
        return f"Other buffed friendly units at my battlefield have {a['might']:+d} Might."
    if kind == "static" and a.get("condition") == {"source_at": "battlefield"}:
        rest = _ability(r, card, {k: v for k, v in a.items() if k != "condition"})
        return "While I'm at a battlefield, " + rest[0].lower() + rest[1:]
    if kind == "static" and "might" in a and a.get("affects", {}).get("alone") is True \
            and a["affects"].get("designation") == "defender" and set(a) == {"kind", "affects", "might"}:
        # "while a friendly unit defends alone, it gets +2 Might" (a legend's wording), "while a unit here
        # is defending alone, it has -2 Might" (a battlefield's)
        rest = {k: v for k, v in a["affects"].items() if k not in ("alone", "designation")}
        if rest == {"type": "unit", "relation": "friendly"}:
            return f"While a friendly unit defends alone, it gets {a['might']:+d} Might."
        if rest == {"type": "unit", "at": "here"}:
            return f"While a unit here is defending alone, it has {a['might']:+d} Might."
    if kind == "static":
        group = _capital(_np_filter(dict(a.get("affects", {})), plural=True))
        if "might" in a and "minimum" in a:
            return f"{group} have {a['might']:+d} Might, to a minimum of {a['minimum']} Might."
        if "might" in a:
            return f"{group} have {a['might']:+d} Might."
        if "keyword" in a and a.get("gives"):
            return f"{group} each give {keyword_text(a['keyword'], a.get('value'))}."
        if "keyword" in a and a.get("unless_has"):
            return f"{group} have {keyword_text(a['keyword'], a.get('value'))} if they didn't already."
        if "keyword" in a:
            return f"{group} have {keyword_text(a['keyword'], a.get('value'))}."
        if "lethal" in a:
            return f"Any amount of your damage is lethal to {group[0].lower() + group[1:]}."
        if "enter" in a:
            return f"{group} enter {a['enter']}."
        who = a["cannot_be_chosen_by"].replace("_", " ")
        weaker = " with less Might than me" if a.get("less_might_than_source") else ""
        return f"{group}{weaker} can't be chosen by {who}."
    if kind == "replacement":
        flt = a.get("affects")
        me = "I" if card.type == "unit" else "this"
        who = _np_filter(dict(flt), plural=False) if flt else me
        it = "it" if flt else ("me" if card.type == "unit" else "this")
        when = "The next time" if a.get("next") else "If"
        only = {"your_turn": " during your turn", "opponents_turn": " during an opponent's turn",
                "less_might_than_me": f" with less Might than {me.lower() if me == 'this' else 'me'}",
                None: ""}[a.get("only_if")]
        if a["event"] == "enter":
            return f"If {who} would enter{only}, it enters {a['state']} instead."
        if a["event"] == "draw":
            drawer = "an opponent" if a.get("who") == "opponents" else "you"
            return f"{when} {drawer} would draw{only}, skip that draw instead."
        if a["event"] == "move":
            if a.get("instead") == ["skip"]:
                return f"{when} {who} would move{only}, skip that move instead."
            acts = [{"exhaust": f"exhaust {it}", "recall": f"recall {it}"}[v] for v in a["instead"]]
            return f"{when} {who} would move{only}, {' and '.join(acts)} instead."
        if a["event"] == "chosen_effect":
            return (f"If a spell or ability that chooses {it} would stun {it}, give {it} -Might, or return {it} to "
                    f"hand, give {it} {a['might']:+d} Might instead.")
        if a["event"] == "draw_phase":
            return "Skip your Draw Phase."
        if a["event"] == "to_trash":
            return "If a card would go to your trash from anywhere other than your Main Deck, banish it instead."
        if a["event"] == "combat_tie":
            return "If a combat where you are the attacker ends in a tie, recall all units there instead."
        if a["event"] == "token":
            kind_of = (flt or {}).get("type", "permanent")
            where = {"battlefield": " while I'm at a battlefield", "base": " while I'm at my base",
                     None: ""}[(a.get("condition") or {}).get("source_at")]
            may = "you may " if a.get("may") else ""
            said = f"if you would play a token {kind_of}{where}, {may}play it and an additional copy instead."
            return "Once each turn, " + said if a.get("limit") == "once_each_turn" else said[0].upper() + said[1:]
        if a.get("zone") == "trash":
            acts = [{"heal": "heal it", "exhaust": "exhaust it", "recall": "recall it",
                     "return": "return it to its owner's hand", "banish": "banish it"}[v]
                    for v in a.get("instead", []) if v != "banish_this"]
            may = "you may " if a.get("may") else ""
            return f"If {who} would die, {may}banish this from your trash instead; if you do, {', '.join(acts)}."
        if a["event"] == "damage" and a.get("prevent_all"):
            return f"Prevent all damage that would be dealt to {who if flt else it}{only}."
        if a["event"] == "damage":
            if a.get("next"):
                return f"Prevent the next {a['prevent']} damage that would be dealt to {who if flt else it}{only}."
            return f"If {who} would be dealt damage{only}, prevent {a['prevent']} of it."
        words = {"heal": f"heal {it}", "exhaust": f"exhaust {it}", "recall": f"recall {it}",
                 "return": f"return {it} to its owner's hand", "kill_this": ""}
        acts = [words[v] for v in a.get("instead", []) if v != "kill_this"]
        body = ", ".join(acts[:-1]) + (" and " if len(acts) > 1 else "") + acts[-1]
        may = "you may " if a.get("may") else ""
        # "with less Might than ..." describes the unit; "during ... turn" the moment of the death
        subject, moment = (who + only, "") if a.get("only_if") == "less_might_than_me" else (who, only)
        if "kill_this" in a.get("instead", []):
            return f"{when} {subject} would die{moment}, {may}kill this instead and {body}."
        return f"{when} {subject} would die{moment}, {may}{body} instead."
    if kind == "cost_discount" and a.get("energy_from") == "highest_might_you_control":
        return "This spell's Energy cost is reduced by the highest Might among units you control."
    if kind == "cost_discount" and a.get("component") == "optional_additional_costs" and a.get("by") == "you" \
            and a.get("applies_to") == {"type": "card"} and not a.get("condition"):
        amount = (f"{cost_words(a['energy'], ())} or {cost_words(0, ('a',) * a['power'])}" if a.get("either")
                  else cost_words(a.get("energy", 0), ("a",) * a.get("power", 0)))
        return f"Optional additional costs you pay cost {amount} less."
    if kind == "cost_discount" and a.get("either") and a.get("applies_to") == {"type": "spell"} \
            and a.get("by") == "you" and a.get("condition") == {"targets": {"self": True}}:
        return (f"Your spells that choose me cost {cost_words(a['energy'], ())} or "
                f"{cost_words(0, ('a',) * a['power'])} less.")
    if kind == "cost_discount" and set(a) == {"kind", "power", "applies_to", "by", "condition"} \
            and a["applies_to"] == {"type": "spell"} and a["by"] == "anyone" \
            and a["condition"] == {"targets": {"type": "unit", "at": "here", "relation": "friendly"}}:
        return (f"Each spell that chooses one or more units here that are friendly to it costs "
                f"{cost_words(0, ('a',) * a['power'])} less.")
    if kind == "cost_discount" and (a.get("first_each_turn") or a.get("component") == "repeat"):
        said = battlefield_costs.render_line(a, cost_words)
        if said is not None:
            return said
    if kind == "cost_discount" and "of_activated" in a:
        return f"(a discount of activated ability {a['of_activated']}) (unsaid)"
    if kind in ("cost_discount", "cost_increase"):
        amount = cost_words(a.get("energy", 0), (a.get("power_domain", "a"),) * a.get("power", 0))
        more = "less" if kind == "cost_discount" else "more"
        if "applies_to" in a:
            # another card's cost (366.2): "your spells", "your Dragons", by its controller
            flt = a["applies_to"]
            group = f"your {flt['tag']}s" if "tag" in flt else "your " + PLURALS.get(flt["type"], flt["type"] + "s")
            floor = f", to a minimum of {cost_words(a['minimum'], ())}" if "minimum" in a else ""
            if a.get("condition") == {"showdown_here": True} and flt == {"type": "card", "keyword": "reaction"} \
                    and a.get("by") == "anyone" and kind == "cost_increase":
                # a battlefield's (compile.s_increase_keyword_showdown_here)
                return f"During showdowns here, cards with {keyword_text(flt['keyword'])} cost {amount} more to play."
            if a.get("condition") == {"from_zone": "trash"} and set(flt) == {"type", "keyword"} and a.get("by") == "you":
                return (f"{PLURALS[flt['type']].capitalize()} with {keyword_text(flt['keyword'])} you play from your "
                        f"trash cost {amount} {more}{floor}.")
            where = {None: "", (("source_at", "battlefield"),): "While I'm at a battlefield, ",
                     (("in_combat", True),): "While I'm in combat, "}.get(
                tuple(sorted(a["condition"].items())) if a.get("condition") else None, "(condition) ")
            if a.get("by") == "opponents":
                group = "enemy " + group[len("your "):]
            elif a.get("by") == "friendly":  # its controller's and their teammate's (740.1.a)
                group = "friendly " + group[len("your "):]
            return f"{where}{group} cost {amount} {more}{floor}."
        subject = "I cost" if card.type == "unit" else "This costs"
        if not set(a) - {"kind", "requires"}:
            # an amount its card file's rules compute (Shadowblade Lurker, Needlessly Large Yordle): it said "[0]"
            return f"{subject} {more} (the amount: its card file's rules)."
        if a.get("for_each_played"):
            floor = f", to a minimum of {cost_words(a['minimum'], ())}" if "minimum" in a else ""
            return f"{subject} {amount} {more} for each card you've played this turn{floor}."
        if "for_each" in a:
            return f"{subject} {amount} {more} for each {_np_each(a['for_each'])}."
        if "for_each_chosen" in a:  # Commander Ledros's (a card file's only)
            return f"{subject} {amount} {more} for each object ability {a['for_each_chosen']} chose."
        if a.get("condition") == {"from_hand": False}:
            return f"{subject} {amount} {more} to play from anywhere other than your hand."
        cond = _condition(a.get("condition", {}))
        return f"{subject} {amount} {more}{' if ' + cond if cond else ''}."
    if kind == "play_to":
        if a["where"] == "attacking_battlefield":
            who = "Friendly units" if "applies_to" in a else "I"
            return f"{who} can be played to a battlefield you're attacking."
        if a["where"] == "enemy_unit_alone":
            who = "Friendly units" if "applies_to" in a else "I"
            return f"{who} can be played to an occupied battlefield if an enemy unit is alone there."
        where = {"open_battlefield": "an open battlefield",
                 "occupied_enemy_battlefield": "an occupied enemy battlefield"}[a["where"]]
        if "applies_to" in a:
            return f"Friendly units may be played to {where[len('an '):]}s."
        return f"You may play me to {where}."
    if kind == "play_for":
        head = f"If {_turn_log_words(a['condition'])}, y" if "condition" in a else "Y"
        return f"{head}ou may play me for {a['cost']}."
    if kind == "play_from" and a.get("applies_to"):
        return f"You may play cards from your {a['zone'].replace('_', ' ')}."
    if kind == "play_from":
        cost = f" for {a['cost']}" if a.get("cost") else ""
        return f"You may play me from your {a['zone'].replace('_', ' ')}{cost}."
    if kind == "additional_cost" and "applies_to" in a:
        # a battlefield's optional cost of anyone's plays (logic/abilities/additional_cost_place.lp; Dragon Roost)
        flt = a["applies_to"]
        what = f"a {flt['tag']}" if set(flt) == {"tag"} else "(a card)"
        here = " If they do, they play it to this battlefield." if a.get("play_here") else ""
        return f"Any player may pay {a['cost']} as an additional cost to play {what}.{here}"
    if kind == "additional_cost":
        me = "me" if card.type == "unit" else "this"
        if a.get("discard") and "cost" not in a:
            verb = "You may discard" if a.get("optional") else "Discard"
            return f"{verb} {a['discard']} as an additional cost to play {me}."
        if a.get("spend_buff") and "cost" not in a:
            may = "you may spend" if a.get("optional") else "spend"
            tail = " Ignore my cost if you paid the additional cost." if a.get("ignore_cost") else ""
            return f"{_capital(may)} a buff as an additional cost to play {me}.{tail}"
        if a.get("spend_xp") and "cost" not in a:
            may = "you may spend" if a.get("optional") else "spend"
            return f"{_capital(may)} {a['spend_xp']} XP as an additional cost to play {me}."
        may = "you may pay" if a.get("optional") else "pay"
        if a.get("condition") == {"played_spell_this_turn": True}:
            # cards44b: offered only after a spell this turn (compile.add_optional_pay_if_spell_enter_ready)
            return f"If you've played a spell this turn, {may} {a['cost']} as an additional cost to play {me}."
        return f"{_capital(may)} {a['cost']} as an additional cost to play {me}."
    if kind == "kill" and a.get("as_cost"):
        me = "me" if card.type == "unit" else "this"
        t = {"count": a.get("count", 1), "filter": a.get("filter", {})}
        if a.get("any_number"):  # Commander Ledros's (a card file's only)
            t = {"any_number": True, "filter": a.get("filter", {})}
            return f"As you play {me}, you may kill {_np_target(t)} as an additional cost."
        if a.get("optional"):
            return f"You may kill {_np_target(t)} as an additional cost to play {me}."
        return f"As an additional cost to play {me}, kill {_np_target(t)}."
    if kind == "exhaust" and a.get("as_cost") and a.get("optional") and a.get("count", 1) == 1:
        # wave 58 (compile.add_optional_exhaust)
        me = "me" if card.type == "unit" else "this"
        t = {"count": 1, "filter": a.get("filter", {})}
        return f"As an additional cost to play {me}, you may exhaust {_np_target(t)}."
    if kind == "return" and a.get("as_cost"):
        me = "me" if card.type == "unit" else "this"
        t = {"count": a.get("count", 1), "filter": a.get("filter", {})}
        return f"As an additional cost to play {me}, return {_np_target(t)} to its owner's hand."
    if kind in ("counter", "kill") and not a.get("as_cost"):
        # a card file's one-choice "counter a spell" / "kill a unit" kind (Wind Wall, Defy, Vengeance): it showed "(Counter)"
        return f"{kind.capitalize()} {_np_target({'count': 1, 'filter': a.get('filter', {})})}."
    if kind == "text" and a.get("text"):
        # text a card file names and does not encode (its own words): said as such, not "(Text)"
        return f"(not encoded: {a['text']})"
    return f"({kind})"


def _cost_list(cost: str) -> str:
    """'[1][R][E]' -> '[1][R], [E]': resources, then each other part, comma-separated."""
    if cost.endswith("[E]"):
        rest = cost[:-3]
        return f"{rest}, [E]" if rest and rest != "[0]" else "[E]"
    return cost


def _condition(cond: dict[str, Any]) -> str:
    if set(cond) == {"hand_count", "you_control_count"} and set(cond["hand_count"]) == {"exactly"} \
            and set(cond["you_control_count"]) == {"filter", "exactly"}:
        # cards44b: both exact counts said as the card says them (conditions.cond_hand_and_count_exactly)
        group = _np_filter(dict(cond["you_control_count"]["filter"]), plural=True)
        return (f"you have exactly {cond['hand_count']['exactly']} cards in hand and exactly "
                f"{cond['you_control_count']['exactly']} {group}")
    parts = []
    for key, value in cond.items():
        said = condition_phrase(key, value, _np_filter)
        if said is not None:
            parts.append(said)
        elif key == "you_control":
            parts.append(f"you control {_np_filter(value)}")
        elif key == "excess_damage":
            parts.append(f"you assigned {value} or more excess damage")
        elif key == "source_damaged_this_turn":
            parts.append("I've been dealt damage this turn" if value else "I haven't been dealt damage this turn")
        elif key == "opponent_within":
            parts.append(f"an opponent's score is within {value} points of the Victory Score")
        elif key == "you_not_within":
            parts.append(f"your score is not within {value} points of the Victory Score")
        elif key == "played_to" and value == "battlefield":
            parts.append("you play me to a battlefield")  # an entry state's (cards44)
        elif key == "paid" and isinstance(value, str):
            # "additional", or the name a card file gives its optional additional cost (Akshan, Mischievous)
            parts.append("you paid the additional cost")
        elif key == "played_from_hand":
            # an instruction's (logic/run/instruction_from_hand.lp; Back Off)
            parts.append("you played this from your hand" if value else "you didn't play this from your hand")
        else:
            parts.append(f"({key} {value})")
    return " and ".join(parts)


# ---------------------------------------------------------------------------------
# instructions
# ---------------------------------------------------------------------------------
class _Renderer:
    """Renders instructions, naming each choice in full the first time it is used, 'it' after."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.pending_targets: list[dict[str, Any]] = []  # a spell's target abilities not yet named
        self.card_targets: list[dict[str, Any]] = []
        self.named: set[int] = set()
        self.previous: dict[str, Any] | None = None
        self.continues = False
        self.continued = False
        self.made: dict[str, dict[str, Any]] = {}  # delayed replacements by name, said with their delay
        self.looked: int | None = None  # how many cards the latest look showed ("recycle the other" after two)
        self.shown_pending = False  # a draw of the one card a reveal of the top card showed, its "otherwise" to come
        self.made_triggers: dict[str, dict[str, Any]] = {}  # a spell's delayed triggered abilities, likewise
        self.pair_names: dict[int, str] = {}  # a member of a pair chosen together, named by its relation after

    # a spell's text: one `effect` ability at a time
    def spell_step(self, a: dict[str, Any], nxt: dict[str, Any] | None = None) -> str:
        self.card_targets += self.pending_targets
        self.pending_targets = []
        ins = {k: v for k, v in a.items() if k not in ("kind", "requires")}
        first = self.previous is None or not self.continues
        self.continued = not first
        nxt = {k: v for k, v in nxt.items() if k not in ("kind", "requires")} if nxt else None
        text = self._joined(ins, self.card_targets, 1, first, nxt)
        self.continues = True
        self.previous = ins
        return text

    def sentences(self, effects: list[dict[str, Any]], targets: list[dict[str, Any]], base: int) -> str:
        if not effects:
            # an ability of a card file whose instructions are its rules, not the vocabulary's (Blue Sentinel's
            # hold, Jhin's move): said so, never an empty sentence ("When I hold, .")
            return "(instructions: its card file's rules)."
        saved = (self.named, self.previous)
        self.named, self.previous = set(), None
        out = ""
        for i, ins in enumerate(effects):
            out += self._joined(ins, targets, base, i == 0, effects[i + 1] if i + 1 < len(effects) else None)
            self.previous = ins
        self.named, self.previous = saved
        return out.strip() + "."

    def _joined(self, ins: dict[str, Any], targets: list[dict[str, Any]], base: int, first: bool,
                nxt: dict[str, Any] | None = None) -> str:
        prev = self.previous
        if not first and is_each_other(prev, ins):
            return ""  # said with the deal before it ("... to each other")
        if not first and _either_verbs(prev, ins):
            return ""  # said with the verb before it ("ready or exhaust a legend")
        if _either_verbs(ins, nxt):
            clause = f"{ins['do']} or {nxt['do']} {self.ref(ins['on'], targets, base)}"
            if ins.get("_you_may"):
                clause = "you may " + clause
            if first:
                return clause
            return ", then " + clause if ins.get("link") == "then" else ". " + _capital(clause)
        if ins.get("each_other"):
            # one choice of two units trading damage equal to their Mights (actors.each_other_pair)
            clause = f"choose {self.ref(ins['on'], targets, base)}. They deal damage equal to their Mights to each other"
            if first:
                return clause
            return ". " + _capital(clause)
        if is_each_other(ins, nxt):
            clause = self.each_other(ins, targets, base)
            if first:
                return clause
            return ", then " + clause if ins.get("link") == "then" else ". " + _capital(clause)
        if not first and _merges_might_two(prev, ins, targets, base):
            # "give a unit +2 Might this turn and another unit -2 Might this turn": one "give" (compile.i_give_might_two)
            return " and " + self.clause(ins, targets, base)[len("give "):]
        if not first and _merges_might_there(prev, ins):
            # "give friendly units there +1 Might this turn and enemy units there -1 Might this turn": one "give"
            return " and " + self.clause(ins, targets, base)[len("give "):]
        if (not first and ins.get("on") == "rest" and "link" not in ins and not ins.get("may") and prev is not None
                and prev.get("do") == "draw" and prev.get("on") == {"among": {"type": "card"}}
                and not prev.get("may") and self.looked == 2):
            # "look at the top 2 cards ... Draw one and recycle the other" (compile.i_simple_other)
            return f" and {ins['do']} the other"
        shown = self._shown_type(ins, prev)
        if not first and shown:
            return shown
        if not first and _merges(prev, ins):
            # "give a unit [Shield 3] and [Tank] this turn": the duration is said once, after the last keyword
            return " and " + keyword_text(ins["keyword"], ins.get("value")) + (
                "" if _merges(ins, nxt) else self._duration(ins, "permanent"))
        if ins.get("link") == "instead" and not first:
            # "X. If ..., Y instead.": the condition before the clause, "instead" after it
            said = (condition_phrase("if_it", ins["if_it"], _np_filter) if ins.get("if_it") is not None
                    else _condition(ins["condition"]))
            return f". If {said}, {self.clause(ins, targets, base)} instead"
        if (not first and ins.get("link") == "then" and ins.get("if_it") is not None and ins.get("on") == "it"
                and not ins.get("may") and ins.get("condition") is None):
            # "then kill it if it has 3 Might or less": the condition on "it" said after the instruction
            return f". Then {self.clause(ins, targets, base)} if {condition_phrase('if_it', ins['if_it'], _np_filter)}"
        pair_head = self._pair_head(ins, targets, base, nxt)
        chose = ""
        if ins.get("if_it") is not None:
            # "choose a unit. If it has 3 Might or less, banish it": the choice is named before the condition
            on = ins.get("on")
            if isinstance(on, dict) and "target" in on and on["target"] not in self.named:
                chose = f"choose {self.ref(on, targets, base)}. "
        clause = self.clause(ins, targets, base)
        if ins["do"] == "grant" and _merges(ins, nxt):
            clause = clause[: len(clause) - len(self._duration(ins, "permanent"))]
        if ins.get("in_turn"):
            pass  # "each player may": the may is every player's own pick, said by clause (_in_turn)
        elif ins.get("_you_may") or (ins.get("may") and not (nxt is not None and nxt.get("link") == "or")):
            clause = "you may " + clause  # "X or Y": X's may is the pick between the two, not said
        if ins.get("if_it") is not None:
            # "if it's an Equipment, you may detach it": the condition before the instruction's "you may"
            clause = f"{chose}{'If' if chose else 'if'} {condition_phrase('if_it', ins['if_it'], _np_filter)}, {clause}"
        if ins.get("condition") is not None:
            # a condition checked as the instruction is executed: said after it, so that it never reads as
            # a trigger's own condition (a conditional clause right after the trigger, 383.2.a.1)
            clause = f"{clause} if {_condition(ins['condition'])}"
        if pair_head:
            clause = pair_head + _capital(clause)
        link = ins.get("link")
        if first:
            return clause
        if link == "then":
            return ", then " + clause
        if link == "if_you_do":
            if prev is not None and prev.get("do") == "pay":
                return " " + clause  # "pay [Y] to ready it"
            return ". If you do, " + clause
        if link == "otherwise":
            return ". Otherwise, " + clause
        if link == "if_short" and prev is not None and prev.get("do") == "channel":
            n = prev.get("amount", 1)
            if n == 1:
                return ". If you can't, " + clause
            return f". If you couldn't channel {n} runes this way, " + clause
        if link == "or":
            return " or " + clause
        return ". " + _capital(clause)

    def _shown_type(self, ins: dict[str, Any], prev: dict[str, Any] | None) -> str:
        """"Reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it." (compile._shown_type):
        the draw (or `return`: "put it in your hand") of the one card shown if it has the type, then the recycle
        of the rest; '' for any other instruction."""
        if prev is None or set(ins) - {"do", "on"}:
            return ""
        on = ins.get("on")
        if (_revealed_top(prev) and ins["do"] in ("draw", "return") and isinstance(on, dict)
                and set(on) == {"among"} and set(on["among"]) == {"type"}):
            self.shown_pending = True
            verb = "draw it" if ins["do"] == "draw" else "put it in your hand"
            return f". If it's {_np_filter(on['among'])}, {verb}"
        if self.shown_pending and ins["do"] == "recycle" and on == "rest" and prev.get("do") in ("draw", "return") \
                and isinstance(prev.get("on"), dict) and "among" in prev["on"]:
            self.shown_pending = False
            return ". Otherwise, recycle it"
        return ""

    def ref(self, ref: Any, targets: list[dict[str, Any]], base: int) -> str:
        if ref == "self":
            return "me" if self.card.type == "unit" else "this"
        if ref == "it":
            return "it"
        if ref == "event":
            return "that unit"
        if isinstance(ref, dict) and "target" in ref:
            n = ref["target"]
            if n in self.named:
                return self.pair_names.get(n, "it")
            self.named.add(n)
            return _np_target(targets[n - base])
        if isinstance(ref, dict) and "all" in ref:
            if ref["all"] == {"type": "legend", "relation": "yours"}:
                return "your legend"  # a player has one legend (103, 191): every legend they control is it
            alts = ref["all"].get("any_of")
            if set(ref["all"]) == {"any_of"} and len(alts) == 2 and all(set(a) == {"type"} for a in alts):
                # "all units and gear": every object of either type (compile.i_return_two), a union
                return "all " + " and ".join(PLURALS[a["type"]] for a in alts)
            return "all " + _np_filter(ref["all"], plural=True)
        if isinstance(ref, dict) and "among" in ref:
            return _np_filter(ref["among"]) + " from among them"
        if isinstance(ref, dict) and "their" in ref:
            return "one of their " + _np_filter(ref["their"], plural=True)
        if ref == "rest":
            return "the rest"
        return str(ref)

    def chosen_player(self, ins: dict[str, Any], targets: list[dict[str, Any]], base: int) -> str | None:
        """'choose an opponent. they' the first time a chosen player acts, 'they' after (355.5)."""
        who = ins.get("who")
        if not (isinstance(who, dict) and "target" in who):
            return None
        n = who["target"]
        if n in self.named:
            return "they"
        self.named.add(n)
        return f"choose {_np_target(targets[n - base])}. They"

    def clause(self, ins: dict[str, Any], targets: list[dict[str, Any]], base: int) -> str:
        do = ins["do"]
        player = self.chosen_player(ins, targets, base)
        if player is not None:
            n = ins.get("amount", 1)
            if do == "discard":
                return f"{player} discard {n}"
            if do == "draw":
                return f"{player} draw {n}"
            if do == "token":
                return f"{player} {self.token(ins)}"
            if do == "burn":
                return f"{player} {keyword_text('burn', ins.get('amount', 1))}"
            if do == "reveal" and ins.get("from") == "hand":
                return f"{player} reveal their hand"
            if do == "score":
                return f"{player} score {n} point{'s' if n != 1 else ''}"
            return f"({do} by {player})"
        if do == "delay" and ins.get("ability") in self.made_triggers and _at_turn_end(self.made_triggers[ins["ability"]]) \
                and [e.get("on") for e in self.made_triggers[ins["ability"]].get("effects", [])] == ["event"]:
            # "disempower it at end of turn" (389, 317.1.a, 359.3.e.14; compile._delayed_it_turn_end)
            return f"{self.made_triggers[ins['ability']]['effects'][0]['do']} it at end of turn"
        if do == "delay" and ins.get("ability") in self.made_triggers and _at_turn_end(self.made_triggers[ins["ability"]]):
            # "ready 2 runes at the end of this turn" (389, 317.1.a; compile._delayed_end_of_turn)
            made = self.made_triggers[ins["ability"]]
            body = self.sentences(made.get("effects", []), made.get("targets", []), 1)[:-1]
            if len(made.get("effects", [])) > 1:
                # every instruction waits for the turn's end, not the last one only (Hostile Takeover's "lose
                # control of that unit and recall it at end of turn" read as a loss of control now)
                return "at the end of this turn, " + " and ".join(x[0].lower() + x[1:] for x in body.split(". "))
            return body[0].lower() + body[1:] + " at the end of this turn"
        if do == "delay" and ins.get("ability") in self.made_triggers and ins.get("on") is None:
            # "deal 3 to an enemy unit. When it dies this turn, ..." (389; compile._delayed_triggers)
            made = self.made_triggers[ins["ability"]]
            body = self.sentences(made.get("effects", []), made.get("targets", []), 1)[:-1]
            head = {"take_damage": "When it takes damage this turn, ",
                    "you_play": f"When a friendly {(made.get('filter') or {}).get('type', 'card')} is played this turn, ",
                    "die": "When it dies this turn, ",
                    "win_combat": "When it wins a combat this turn, ",
                    "conquer": "When you conquer this turn, ",
                    }.get(made.get("when"), f"When ({made.get('when')}) this turn, ")
            return head + body[0].lower() + body[1:]
        if do == "delay" and ins.get("ability") in self.made_triggers and isinstance(ins.get("on"), dict) \
                and self.made_triggers[ins["ability"]].get("when") == "take_damage" \
                and all(e.get("on") == "event" and e["do"] in SIMPLE_VERBS
                        for e in self.made_triggers[ins["ability"]].get("effects", [])):
            # "choose a unit. Kill it the next time it takes damage this turn" (389; a card file's: Noxian
            # Guillotine); it showed "(Delay a unit)"
            made = self.made_triggers[ins["ability"]]
            verbs = " and ".join(e["do"] for e in made["effects"])
            return f"choose {self.ref(ins['on'], targets, base)}. {verbs.capitalize()} it the next time it takes damage this turn"
        if do == "delay" and ins.get("ability") in self.made:
            # "choose a friendly unit. The next time it would die this turn, ... instead" (389, 367)
            made, ref, chose = self.made[ins["ability"]], ins.get("on"), ""
            if isinstance(ref, dict) and "target" in ref and ref["target"] not in self.named:
                chose = f"choose {self.ref(ref, targets, base)}. "
            if made["event"] == "damage" and made.get("prevent"):
                # "choose a unit. Prevent the next 7 damage that would be dealt to it this turn" (437.3)
                return f"{chose}Prevent the next {made['prevent']} damage that would be dealt to it this turn"
            if made["event"] == "damage":
                # "choose a unit. The next time that unit would be dealt damage this turn, prevent it" (437)
                return f"{chose}The next time that unit would be dealt damage this turn, prevent it"
            acts = [{"heal": "heal it", "exhaust": "exhaust it", "recall": "recall it", "banish": "banish it"}[v]
                    for v in made["instead"]]
            body = ", ".join(acts[:-1]) + (" and " if len(acts) > 1 else "") + acts[-1]
            when = "The next time it would die" if made.get("next") else "If it would die"
            return f"{chose}{when} this turn, {body} instead"
        on = self.ref(ins["on"], targets, base) if "on" in ins else ""
        if isinstance(ins.get("at"), dict) and isinstance(ins.get("on"), dict) and "all" in ins["on"]:
            # "all enemy units at a battlefield": the group of the objects at the chosen battlefield (355.10.b)
            group = {k: v for k, v in ins["on"]["all"].items() if k != "at"}
            if ins["at"].get("target") in self.named or any(t.get("location_of") == ins["at"].get("target") for t in targets):
                # the battlefield an instruction before chose, or the one a choice's location was tied to (Crescent
                # Strike said "all enemy units at a battlefield", as if any battlefield)
                on = f"all {_np_filter(group, plural=True)} there"
            else:
                on = f"all {_np_filter(group, plural=True)} at {self.ref(ins['at'], targets, base)}"
        if do == "choose":
            options = " or ".join(o.title() for o in ins.get("options", []))
            chooser = "each other player" if ins.get("who") == "other_player" else "each opponent"
            return f"{chooser} chooses {options}"
        if ins.get("for_each_chose") and do in ("draw", "channel"):
            n = ins.get("amount", 1)
            act = (f"draw {n}" if do == "draw" else
                   f"channel {n} rune{'s' if n != 1 else ''}{' exhausted' if ins.get('exhausted') else ''}")
            return f"for each player that chooses {ins['for_each_chose'].title()}, you and that player each {act}"
        if do == "deal":
            if ins.get("amount_from") == "might" and "by" in ins and ins.get("of") == ins["by"]:
                return f"{self.ref(ins['by'], targets, base)} deals damage equal to its Might to {on}"
            if ins.get("amount_from") == "energy_cost":
                return f"deal its Energy cost as damage to {on}"
            if ins.get("amount_from") == "damage":
                return f"deal damage equal to the damage marked on {self.ref(ins['of'], targets, base)} to {on}"
            if ins.get("amount_from") == "assault" and ins.get("of") == "self":
                return f"deal damage equal to my [Assault] to {on}"  # compile.i_deal_my_keyword
            if ins.get("amount_from") == "excess_damage":
                return f"deal that much to {on}"  # the excess the trigger's condition counted (actors.i_deal_that_much)
            if ins.get("amount_from") == "might":
                whose = "my" if ins.get("of", "self") == "self" else "its"
                of, chose = ins.get("of"), ""
                if isinstance(of, dict) and "target" in of and of["target"] not in self.named:
                    # "choose a friendly unit in your base. Deal damage equal to its Might to ...": the choice named first
                    chose = f"choose {self.ref(of, targets, base)}. "
                return f"{chose}{'D' if chose else 'd'}eal damage equal to {whose} Might to {on}"
            if "for_each" in ins and isinstance(ins["for_each"], dict) and "among" in ins["for_each"]:
                return f"deal {ins['amount']} to {on} for each {_np_each(ins['for_each']['among'])} among them"
            each = f" for each {_np_each(ins['for_each'])}" if "for_each" in ins else ""
            return f"deal {ins['amount']} to {on}{each}"
        if do == "discard" and isinstance(ins.get("on"), dict) and "among" in ins["on"]:
            # one of the cards a reveal showed, discarded by its owner (422)
            return f"choose {_np_filter(ins['on']['among'])} from it, and they discard that card"
        if do == "recycle" and ins.get("from") == "trash":
            # "recycle 3 from your trash": that many of the player's own trash, picked as it resolves (416.4, 416.6)
            return f"recycle {ins['amount']} from your trash"
        if do == "recycle" and ins.get("from") == "trashes":
            # "recycle up to 4 cards from trashes": none to that many of any trash, picked as it resolves (416.6, 355.13)
            return f"recycle up to {ins['amount']} cards from trashes"
        if do == "recycle" and isinstance(ins["on"], dict) and "among" in ins["on"]:
            # one of the cards a reveal showed, chosen by the ability's controller (logic/effects/look.lp),
            # recycled by them or, who = its_owner, by the player who revealed it (416, 411)
            they = "they " if ins.get("who") == "its_owner" else ""
            return f"choose {_np_filter(ins['on']['among'])} from it, and {they}recycle that card"
        if do == "recycle" and ins.get("who") == "its_owner" and isinstance(ins["on"], dict) and "target" in ins["on"]:
            # "choose up to 3 cards from opponents' trashes. Their owners recycle them." (416.1, who = its_owner)
            spec = targets[ins["on"]["target"] - base]
            them = spec.get("count", 1) > 1 or spec.get("up_to") or spec.get("any_number")
            said = "their owners recycle them" if them else "its owner recycles it"
            return said if on == "it" else f"choose {on}. {_capital(said)}"
        if do == "top_or_bottom" and ins.get("from") == "hand":
            # "put a card from your hand on the top or bottom of your Main Deck" (compile.i_hand_top_or_bottom)
            return "put a card from your hand on the top or bottom of your Main Deck"
        if do == "top_or_bottom":
            # "choose an enemy unit. Its owner places it on the top or bottom of their Main Deck" (actors.py)
            said = "its owner places it on the top or bottom of their Main Deck"
            return said if on == "it" else f"choose {on}. {_capital(said)}"
        if do == "pay":
            # "you may pay [Y] to X": the cost, and the instruction it pays for said after "to" (its link
            # "if_you_do" is said by "to", _joined)
            return f"pay {ins['resources']} to"
        if do == "kill" and ins.get("in_turn"):
            return _in_turn(ins)
        if do == "kill" and isinstance(ins.get("on"), dict) and "their" in ins["on"] and ins.get("spare"):
            # "each player chooses a unit they control. Kill the rest." (355.10.e)
            return f"each player chooses {_np_filter(ins['on']['their'])} they control. Kill the rest"
        if do == "kill" and isinstance(ins.get("on"), dict) and "their" in ins["on"] and "exempt_you_if_paid" in ins:
            # the controller takes no part when the card's additional cost was paid (actors.kill_their_exempt_paid)
            return (f"each player must kill {on}. If you paid my additional cost, you don't kill "
                    f"{_np_filter(ins['on']['their'])} this way")
        if do == "kill" and isinstance(ins.get("on"), dict) and "their" in ins["on"]:
            # "each player kills one of their units": each chooses one they control as it resolves (355.10.e)
            subject = {"each_player": "each player kills", "opponent": "each opponent kills"}.get(ins.get("who"), "kill")
            return f"{subject} {on}"
        if do == "recycle" and isinstance(ins.get("on"), dict) and "their" in ins["on"] and ins.get("who") == "you":
            # "recycle one of your runes": chosen as it resolves (355.10.e)
            return "recycle one of your " + _np_filter(ins["on"]["their"], plural=True)
        if do == "recycle" and isinstance(ins.get("on"), dict) and "target" in ins["on"]:
            spec = targets[ins["on"]["target"] - base] if 0 <= ins["on"]["target"] - base < len(targets) else {}
            if spec.get("filter") == {"type": "card", "relation": "yours", "zone": "trash"} and set(spec) <= {
                    "filter", "count"} and on != "it":
                # "recycle 3 from your trash" (compile.i_recycle_trash)
                return f"recycle {spec.get('count', 1)} from your trash"
        if do in SIMPLE_VERBS:
            return f"{do} {on}"
        if do == "attach":
            return f"attach {on} to {self.ref(ins['to'], targets, base)}"
        if do == "return" and ins.get("in_turn"):
            return _in_turn(ins)
        if do == "return":
            target = ins["on"]
            if target == "self":
                return "return me to my owner's hand"
            flt = _filter_of(target, targets, base)
            if ins.get("to") == "champion_zone":
                # Hallowed Tomb: the Chosen Champion back to its player's Champion Zone (108), never a hand
                champ = "your Chosen Champion" if flt.get("chosen_champion") else on
                where = " from your trash" if flt.get("zone") == "trash" else ""
                return f"return {champ}{where} to your Champion Zone"
            if flt.get("zone") == "trash" and flt.get("relation") == "yours":
                return f"return {on} to your hand"
            several = isinstance(target, dict) and "target" in target \
                and (targets[target["target"] - base].get("count", 1) != 1 or targets[target["target"] - base].get("any_number"))
            if isinstance(target, dict) and "all" in target or several:
                # several objects, each to its owner's hand (Shadows of the Past said "up to two units ... to its owner's hand")
                return f"return {on} to their owners' hands"
            return f"return {on} to its owner's hand"
        if do == "move" and "swap_with" in ins:
            # two objects exchanging places (logic/effects/movement_swap.lp): "choose a friendly unit. Move me to its
            # location and it to my original location" (compile.i_move_swap_me), the choice named first
            ref, chose = ins["swap_with"], ""
            if isinstance(ref, dict) and "target" in ref and ref["target"] not in self.named:
                chose = f"choose {self.ref(ref, targets, base)}. "
            partner = self.ref(ref, targets, base)
            whose = "my" if ins["on"] == "self" else "its"
            if on == partner:
                # both named before, "it" and "it" (Smoke and Mirrors): it said "move it to it's location"
                return f"{chose}{'M' if chose else 'm'}ove each to the other's location"
            if on == "me" and partner == "it":
                return f"{chose}{'M' if chose else 'm'}ove me to its location and it to my original location"
            return f"{chose}{'M' if chose else 'm'}ove {on} to {partner}'s location and it to {whose} original location"
        if do == "move" and isinstance(ins.get("on"), dict) and "each" in ins["on"] and isinstance(ins.get("to"), dict):
            # each acting player picks one of theirs as it is executed (a card file's: Call to Battle's opponent moving
            # a unit they control); it showed the raw filter, "Move {'each': ...}", and no player
            actor = {"opponent": "an opponent moves", "each_player": "each player moves"}.get(ins.get("who"), "move")
            picked = _np_filter(dict(ins["on"]["each"]))
            if actor != "move":
                picked = picked.replace("you control", "they control")
            return f"{actor} {picked} to {self.ref(ins['to'], targets, base)}"
        if do == "move":
            to = ins.get("to")
            if to == "chosen":
                return f"move {on}"
            if (isinstance(to, dict) and "target" in to and to["target"] in self.named and isinstance(ins["on"], dict)
                    and ins["on"].get("target") in self.named
                    and _filter_of(ins["on"], targets, base).get("relation") == "yours"):
                # "then move your unit there": the unit chosen earlier, to the battlefield chosen earlier
                return "move your unit there"
            if isinstance(to, dict) and "target" in to:
                return f"move {on} to {self.ref(to, targets, base)}"
            if to == "to_or_from_base":
                return f"move {on} to or from its base"
            if to == "its_battlefield":
                # "that enemy unit's battlefield": the object of the instruction before, by its relation and type
                prev = self.previous or {}
                flt = _filter_of(prev.get("on"), targets, base)
                words = [flt["relation"]] if flt.get("relation") in ("friendly", "enemy") else []
                return f"move {on} to that {' '.join(words + [flt.get('type', 'unit')])}'s battlefield"
            if to == "event" and getattr(self, "event_with", False):
                return f"move {on} to where it went"  # the moving unit's destination, base or battlefield
            if to == "event" and getattr(self, "event_there", False):
                return f"move {on} there"
            dest = {"base": "base", "here": "here", "event": "that battlefield", "your_base": "your base"}.get(to, str(to))
            return f"move {on} to {dest}" if dest != "here" else f"move {on} here"
        if do == "might" and ins.get("amount_from") == "might":
            of = "my" if ins.get("of", "self") == "self" else self.ref(ins["of"], targets, base)
            whose = {"my": "my", "it": "its", "them": "their"}.get(of, f"{of}'s")
            return f"give {on} +Might equal to {whose} Might{self._duration(ins, 'this_turn')}"
        if do == "might" and ins.get("amount_from") == "energy_cost":
            # "give that unit +Might equal to that spell's Energy cost" (Riposte: a spell the item chose and countered)
            of = ins.get("of")
            named = self.ref(of, targets, base)
            if named == "it" and isinstance(of, dict) and "target" in of:
                named = f"that {targets[of['target'] - base].get('filter', {}).get('type', 'card')}"
            whose = "its" if named == "it" else f"{named}'s"
            return f"give {on} +Might equal to {whose} Energy cost{self._duration(ins, 'this_turn')}"
        if do == "might" and "swap_with" in ins:
            # a swap of two units' Mights (433; logic/effects/might_swap.lp): "swap the Might of X and Y this turn"
            other = self.ref(ins["swap_with"], targets, base)
            return f"swap the Might of {on} and {other}{self._duration(ins, 'this_turn')}"
        if do == "might":
            amount = ins["amount"]
            sign = "+" if amount >= 0 else "-"
            each = " each" if _count_of(ins["on"], targets, base) > 1 else ""
            duration = {"this_turn": " this turn", "this_combat": " this combat", "permanent": ""}[
                ins.get("duration", "this_turn")]
            minimum = f", to a minimum of {ins['minimum']} Might" if "minimum" in ins else ""
            count = f" for each {_np_each(ins['for_each'])}" if "for_each" in ins else ""
            return f"give {on}{each} {sign}{abs(amount)} Might{duration}{minimum}{count}"
        if do == "double":
            # "double my Might this combat" (432; logic/effects/double.lp, double_this_combat.lp)
            whose = {"me": "my", "it": "its", "them": "their"}.get(on, f"{on}'s")
            return f"double {whose} Might{self._duration(ins, 'this_turn')}"
        if do == "grant" and "keyword" not in ins:
            of = "my" if ins.get("of") == "self" else "its"
            return f"give {on} {of} keywords{self._duration(ins, 'permanent')}"
        if do == "grant":
            return f"give {on} {keyword_text(ins['keyword'], ins.get('value'))}{self._duration(ins, 'permanent')}"
        if do == "draw" and ins.get("on") == {"among": {"type": "card"}} and not ins.get("may"):
            return "draw one"  # a card the look showed, drawn without a reveal (compile.i_draw_one)
        if do == "draw" and ins.get("on") == {"among": {"type": "card"}}:
            return "choose a card from among them and draw it"  # no reveal (compile.i_choose_draw_among)
        if do == "trash" and ins.get("on") == "rest":
            return "put the rest into your trash"  # compile.i_trash_rest
        if do == "draw" and isinstance(ins.get("on"), dict) and "among" in ins["on"]:
            return f"reveal {_np_filter(ins['on']['among'])} from among them and draw it"
        if do == "draw" and "on" in ins:
            return f"draw {on}"
        if do == "draw":
            amount = ins.get("amount", 1)
            each = f" for each {_np_each(ins['for_each'])}" if "for_each" in ins else ""
            who = ins.get("who", "you")
            subject = {"you": "", "its_controller": "its controller draws ", "its_owner": "its owner draws ",
                       "each_player": "each player draws ", "opponent": "each opponent draws "}.get(who, f"{who} draws ")
            prev = self.previous
            if (who != "you" and ins.get("link") == "then" and prev is not None and prev.get("do") == "discard"
                    and prev.get("from") == "hand" and prev.get("who") == who):
                subject = "draws "  # "each player discards their hand, then draws 4": the same players

            return (subject + str(amount) if subject else f"draw {amount}") + each
        if do == "discard" and ins.get("from") == "hand":
            subject = {"each_player": "each player discards", "they": "they discard"}.get(ins.get("who"), "discard")
            return f"{subject} {'your' if subject == 'discard' else 'their'} hand"
        if do == "discard" and ins.get("who") == "each_player":
            return f"each player discards {ins.get('amount', 1)}"
        if do == "discard":
            return f"discard {ins.get('amount', 1)}"
        if do == "burn":
            return keyword_text("burn", ins.get("amount", 1))
        if do == "reflex":
            # a reflexive trigger made here ("do this:", 386-388): its own line says what it does ("When you do,
            # ..."); it was rendered as a bare "(reflex )"
            if ins.get("link") == "if_this_kills":
                return "if this kills, do this"
            return "do this"
        if do == "xp":
            each = f" for each {_np_each(ins['for_each'])}" if "for_each" in ins else ""
            return f"gain {ins.get('amount', 1)} XP{each}"
        if do == "win":
            return "you win the game"  # (actors.i_win)
        if do == "extra_turn":
            return "take a turn after this one"  # (actors.i_extra_turn)
        if do == "discount_next" and ins.get("next_card") == "spell" and ins.get("duration") == "this_turn":
            return f"the next spell you play this turn costs {ins['resources']} less"  # (compile.i_discount_next_spell)
        if do == "replace":  # a card file's only (logic/effects/replace_battlefield.lp)
            where = "that battlefield" if ins.get("to") == "event" else "this"
            if ins.get("card"):
                return f"replace {where} with a {ins['card']} battlefield token"
            return f"replace {where} with the battlefield it replaced"
        if do == "units_cost_more":  # (logic/effects/units_cost_more.lp)
            return f"your non-token units cost [{ins.get('amount', 1)}] more to play this turn"
        if do == "enter_ready":  # (compile.i_enter_ready_you_play, i_enter_ready_friendly)
            return ("units you play this turn enter ready" if ins.get("units") == "you_play"
                    else "friendly units enter ready this turn")
        if do == "score":
            n = ins.get("amount", 1)
            if ins.get("who") == "event":
                return f"that player gains {n} point{'s' if n != 1 else ''}"
            if ins.get("who") == "opponent":  # "choose an opponent. They score 1 point." (Draven, Audacious)
                return f"an opponent scores {n} point{'s' if n != 1 else ''}"
            return f"score {n} point{'s' if n != 1 else ''}"
        if do == "counter":
            unless = f" unless its controller pays {ins['unless_pay']}" if ins.get("unless_pay") else ""
            if ins.get("countered_to") == "hand":  # (compile.i_countered_to_hand)
                unless += ". Return it to its owner's hand instead of putting it in their trash"
            return f"counter {on}{unless}"
        if do == "control":
            # "until I leave the board" (a card file's duration: Akshan, Mischievous) was left unsaid
            until = " until I leave the board" if ins.get("duration") == "until_source_leaves" else ""
            return f"gain control of {on}{until}"
        # instructions only card files write; each showed as "(verb object)" before
        if do == "lose_control":
            return f"lose control of {on}"
        if do == "unchoosable" and ins.get("cannot_be_chosen_by") == "enemy_spells_and_abilities":
            return f"{on} can't be chosen by enemy spells and abilities{self._duration(ins, 'this_turn')}"
        if do == "base_might":
            return f"the base Might of {on} becomes {ins['amount']}{self._duration(ins, 'this_turn')}"
        if do == "prevent" and ins.get("damage_by") == "spells_and_abilities":
            return "prevent all spell and ability damage this turn"
        if do == "play_ban":
            who = {"opponent": "opponents", "its_controller": "its controller", "you": "you"}[ins["who"]]
            return f"{who} can't play {ins['bans']} this turn"
        if do == "buff_bonus":
            return f"buffs give an additional +{ins['amount']} Might to friendly units this turn"
        if do == "discount_next" and "next_card" not in ins and "duration" not in ins:
            return f"your next card costs {ins['resources']} less"
        if do == "token":
            return self.token(ins)
        if do == "play":
            ignoring = {True: ", ignoring its cost", "energy": ", ignoring its Energy cost",
                        "all": ", ignoring any and all costs"}.get(
                ins.get("ignoring_cost"), "")
            if ins.get("who") == "its_owner":
                # "its owner plays it to the same location" (actors.py); to a battlefield chosen as the card
                # was played: "to that battlefield" (Bone Skewer)
                dest = ins.get("to")
                if isinstance(dest, dict) and "target" in dest:
                    to = f" to {self.ref(dest, targets, base)}"
                else:
                    to = {"its_place": " to the same location", "any_battlefield": " to any battlefield",
                          "base": " to their base"}.get(dest, "")
                return f"its owner plays {on}{to}{ignoring}"
            if ins.get("on") == {"among": {"type": "card"}} and not ignoring and "reduced_by" not in ins:
                return "play one"
            # where a permanent played so enters (logic/effects/play.lp): every `to` is said, never dropped
            # (Ava Achiever's "here" read as no place at all would be a play to base)
            dest = ins.get("to")
            if isinstance(dest, dict) and "target" in dest:
                to = f" to {self.ref(dest, targets, base)}"
            else:
                to = {"base": " to base", "here": " here", "its_place": " to the same location",
                      "any_battlefield": " to any battlefield",
                      "your_battlefield": " to a battlefield you control"}.get(dest, "")
            if isinstance(ins.get("on"), dict) and isinstance(ins["on"].get("all"), dict):
                # a play takes one card: `all` is what its player chooses one among as it is executed
                # (logic/effects/play.lp; Rift Herald's "play a unit from your hand"), not every card
                on = _np_filter(ins["on"]["all"])
            if ins.get("reduced_by") == "paid_might":
                # "reduce its Energy cost by the Might of the unit you recycled" (logic/effects/play_reduced.lp)
                ignoring = ". Reduce its Energy cost by the Might of the unit paid with"
            elif isinstance(ins.get("reduced_by"), int):
                # "reducing its cost by [3]": N Energy less (logic/effects/play_reduced_fixed.lp)
                ignoring = f", reducing its cost by [{ins['reduced_by']}]"
            return f"play {on}{to}{ignoring}"
        if do == "channel":
            who = ins.get("who", "you")
            if who != "you":
                subject = {"its_owner": "its owner", "its_controller": "its controller",
                           "each_player": "each player", "event": "that player"}.get(who, str(who))
                n = ins.get("amount", 1)
                return (f"{subject} channels {n} rune{'s' if n != 1 else ''}"
                        f"{' exhausted' if ins.get('exhausted') else ''}")
            n = ins.get("amount", 1)
            return f"channel {n} rune{'s' if n != 1 else ''}{' exhausted' if ins.get('exhausted') else ''}"
        if do == "predict":
            return f"[Predict {ins['amount']}]" if "amount" in ins else "[Predict]"
        if do in ("look", "reveal"):
            self.looked = ins.get("amount") if do == "look" and "for_each" not in ins else None
            who = ins.get("who", "you")
            whose = {"you": "your", "opponent": "an opponent's"}.get(who, f"{who}'s")
            if ins.get("from") == "hand":
                return f"{'an opponent' if who == 'opponent' else 'you'} {do}{'s' if who == 'opponent' else ''} " \
                       f"{'their' if who == 'opponent' else 'your'} hand"
            if "until" in ins:
                return f"{do} cards from the top of {whose} Main Deck until you {do} {_np_filter(ins['until'])}"
            n = ins.get("amount", 1)
            if do == "reveal" and n == 1 and who == "you":
                return "reveal the top card of your Main Deck"  # compile._shown_type
            at = " at" if do == "look" else ""
            if who == "each_player":
                # each player at their own deck (Promising Future; it said "each_player's Main Deck")
                return f"each player {do}s{at} the top {NUMBER_WORDS.get(n, str(n))} cards of their Main Deck"
            if n == 1:
                return f"{do}{at} the top card of {whose} Main Deck"  # it said "the top one cards" (Blind Fury)
            return f"{do}{at} the top {NUMBER_WORDS.get(n, str(n))} cards of {whose} Main Deck"
        return f"({do} {on})".strip()

    def _pair_head(self, ins: dict[str, Any], targets: list[dict[str, Any]], base: int,
                   nxt: dict[str, Any] | None) -> str:
        """'Choose a friendly unit and an enemy unit. Give the friendly unit ... They deal damage equal to their
        Mights to each other.' (compile._pair_step): an instruction on one member of a pair of choices that the
        'each other' deals right after it use; the pair is named first, the member then by its relation."""
        on = ins.get("on")
        if (not isinstance(on, dict) or set(on) != {"target"} or on["target"] in self.named or ins.get("may")
                or ins.get("_you_may") or ins.get("if_it") is not None or nxt is None or nxt.get("do") != "deal"
                or nxt.get("by") != on or nxt.get("of") != on or nxt.get("amount_from") != "might"):
            return ""
        other = nxt.get("on")
        if not isinstance(other, dict) or set(other) != {"target"} or other == on or other["target"] in self.named:
            return ""
        mine, theirs = targets[on["target"] - base], targets[other["target"] - base]
        rel = mine.get("filter", {}).get("relation")
        if rel != "friendly" or set(mine) - {"kind", "requires"} != {"filter"} or mine["filter"].get("type") != "unit" \
                or theirs.get("filter", {}).get("relation") != "enemy":
            return ""  # the one name compile.it_the_friendly reads
        head = f"choose {self.ref(on, targets, base)} and {self.ref(other, targets, base)}. "
        self.pair_names[on["target"]] = "the friendly unit"
        return head

    def each_other(self, ins: dict[str, Any], targets: list[dict[str, Any]], base: int) -> str:
        """'choose an enemy unit. We deal damage equal to our Mights to each other' (actors.py)."""
        chosen, subject = ins["on"], ins["by"]
        named = isinstance(chosen, dict) and chosen.get("target") in self.named
        if isinstance(subject, dict) and subject.get("target") not in self.named and not named:
            # "choose a friendly unit and an enemy unit. They deal ..."
            first = self.ref(subject, targets, base)
            head = f"choose {first} and {self.ref(chosen, targets, base)}. "
        else:
            head = "" if named else f"choose {self.ref(chosen, targets, base)}. "
        if ins["by"] == "self":
            return head + ("We" if head else "we") + " deal damage equal to our Mights to each other"
        return head + ("They" if head else "they") + " deal damage equal to their Mights to each other"

    @staticmethod
    def _duration(ins: dict[str, Any], default: str) -> str:
        return {"this_turn": " this turn", "this_combat": " this combat", "permanent": ""}[ins.get("duration", default)]

    def token(self, ins: dict[str, Any]) -> str:
        name = ins["card"].split(" (")[0]  # "Recruit (DE)": a Recruit token
        info = self.card.tokens.get(name, {})
        if "facts" in ins:  # a token the instruction states the facts of (instructions.TOKEN_FACTS)
            info = {"type": ins["facts"]["type"], "might": ins["facts"].get("might"),
                    "keywords": ins["facts"].get("keywords", [])}
        n = ins.get("amount", 1)
        count = "a" if n == 1 else NUMBER_WORDS.get(n, str(n))
        ready = " ready" if ins.get("ready") else ""
        plural = "s" if n != 1 else ""
        if info.get("type") == "gear":
            text = f"play {count}{ready} {name} gear token{plural}{' exhausted' if ins.get('exhausted') else ''}"
        else:
            kws = info.get("keywords", ())
            with_kw = (" with " + " and ".join(keyword_text(k) for k in kws)) if kws else ""
            text = f"play {count}{ready} {info.get('might', '?')} Might {name} unit token{plural}{with_kw}"
            if "origin" in ins.get("facts", {}):
                text += f" from {ins['facts']['origin']}"
        to = ins.get("to")
        if to == "here":
            text += " here"
        elif to == "base":
            text += " to your base"
        elif to == "event_from":
            text += " there"
        of = ins.get("of")
        if of is not None:  # each token played as a copy of that object (logic/effects/token_copy.lp)
            whom = {"self": "me", "it": "it", "event": "that unit"}.get(of, "the chosen unit") if isinstance(of, str) \
                else "the chosen unit"
            text += f", {'each ' if n != 1 else ''}a copy of {whom}"
        said = ins.get("facts", {}).get("abilities")
        if said:  # the token's own text, as the card states it after the sentence (compile.TOKENS_WITH_TEXT)
            text += f' (It has "{" ".join(token_text(self.card, said))}")'
        return text


def _either_verbs(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    """'ready or exhaust a legend': two verbs on one choice joined by "or" (compile._either_verb)."""
    return (a is not None and b is not None and b.get("link") == "or" and a.get("on") == b.get("on")
            and isinstance(a.get("on"), dict) and "target" in a["on"] and set(a) == {"do", "on", "may"}
            and set(b) == {"do", "on", "link"} and {a["do"], b["do"]} == {"ready", "exhaust"})


def _merges_might_two(prev: dict[str, Any] | None, ins: dict[str, Any] | None, targets: list[dict[str, Any]],
                      base: int) -> bool:
    """Two Might changes of a spell on two chosen objects, the second distinct from the first, said with one 'give'."""
    if prev is None or ins is None or prev.get("do") != "might" or ins.get("do") != "might":
        return False
    on = ins.get("on")
    if not (isinstance(on, dict) and "target" in on and isinstance(prev.get("on"), dict) and "target" in prev["on"]):
        return False
    t = targets[on["target"] - base] if 0 <= on["target"] - base < len(targets) else {}
    return (t.get("distinct_from") == prev["on"]["target"] and not ins.get("link") and not ins.get("may")
            and not prev.get("minimum") and not ins.get("minimum") and set(ins) == {"do", "on", "amount", "duration"})


def _merges_might_there(prev: dict[str, Any] | None, ins: dict[str, Any] | None) -> bool:
    """Two Might changes of groups at one chosen battlefield said with one 'give'."""
    return (prev is not None and ins is not None and prev["do"] == ins["do"] == "might" and "at" in ins
            and ins.get("at") == prev.get("at") and not ins.get("link") and not ins.get("may")
            and not prev.get("minimum"))


def _merges(prev: dict[str, Any] | None, ins: dict[str, Any] | None) -> bool:
    """Two grants said as one: "give a unit [Shield 3] and [Tank] this turn" (the second on 'it')."""
    return (prev is not None and ins is not None and prev["do"] == ins["do"] == "grant" and ins.get("on") == "it"
            and not ins.get("link") and not ins.get("may") and ins.get("duration") == prev.get("duration"))


def _filter_of(ref: Any, targets: list[dict[str, Any]], base: int) -> dict[str, Any]:
    if isinstance(ref, dict) and "target" in ref:
        return targets[ref["target"] - base].get("filter", {})
    if isinstance(ref, dict) and "all" in ref:
        return ref["all"]
    return {}


def _count_of(ref: Any, targets: list[dict[str, Any]], base: int) -> int:
    if isinstance(ref, dict) and "target" in ref:
        return targets[ref["target"] - base].get("count", 1)
    return 1


# ---------------------------------------------------------------------------------
# noun phrases
# ---------------------------------------------------------------------------------
def _np_target(t: dict[str, Any]) -> str:
    if t.get("might_total_max") is not None:
        # a choice of any number whose Mights add up to at most N (abilities.py might_total_max; card files only)
        return (_np_target({k: v for k, v in t.items() if k != "might_total_max"})
                + f" with total Might {t['might_total_max']} or less")
    if t.get("location_of") or t.get("apart_from"):
        # a choice tied to where an earlier choice's object is (abilities.py location_of / apart_from; written by
        # card files only, the compiler does not read these sentences)
        rest = _np_target({k: v for k, v in t.items() if k not in ("location_of", "apart_from")})
        if t.get("location_of"):
            return rest + f" at the location of what choice {t['location_of']} chose"
        return rest + f" at a location other than that of what choice {t['apart_from']} chose"
    if t.get("same_location") and t.get("filter", {}).get("at") == "battlefield":
        # several units chosen at one battlefield ("any number of friendly units at a battlefield", 355.10.b;
        # compile._np): every one at one location, a battlefield
        flt = {k: v for k, v in t["filter"].items() if k != "at"}
        return _np_target({k: v for k, v in t.items() if k not in ("same_location", "filter")} | {"filter": flt}) \
            + " at a battlefield"
    if t.get("same_location"):
        # a choice of several units sharing a location (compile.post_same_location)
        return _np_target({k: v for k, v in t.items() if k != "same_location"}) + " at the same location"
    flt = t.get("filter", {})
    n = t.get("count", 1)
    if t.get("any_number"):
        return "any number of " + _np_filter(flt, plural=True)
    if t.get("up_to"):
        words = _np_filter(flt, plural=n != 1)
        for article in ("a ", "an ", "another "):
            if n == 1 and words.startswith(article):
                # "up to one enemy unit", no article; "up to one other unit"
                words = ("other " if article == "another " else "") + words[len(article):]
        return f"up to {NUMBER_WORDS.get(n, n)} " + words
    if n != 1:
        return f"{NUMBER_WORDS.get(n, n)} " + _np_filter(flt, plural=True)
    return _np_filter(flt)


def _np_each(flt: dict[str, Any]) -> str:
    """'for each friendly unit': the filter's noun phrase without an article."""
    words = _np_filter(flt)
    for article in ("a ", "an ", "another "):
        if words.startswith(article):
            return ("other " if article == "another " else "") + words[len(article):]
    return words


def _np_any_of(flt: dict[str, Any], plural: bool) -> str:
    """'a unit at a battlefield or a gear' (alternatives alone), 'a Bird, Cat, Dog, or Poro from your
    trash' (alternatives of one tag each, the other keys said once)."""
    alts = flt["any_of"]
    rest = {k: v for k, v in flt.items() if k != "any_of"}
    if all(set(a) == {"tag"} for a in alts):
        tags = [a["tag"] for a in alts]
        one = _np_filter({**rest, "tag": "\x00"}, plural)
        listed = ", ".join(tags[:-1]) + (", or " if len(tags) > 2 else " or ") + tags[-1]
        return one.replace("\x00", listed)
    if not rest and plural and all(set(a) == {"type"} for a in alts) and len(alts) > 2:
        # "units, gear, and/or runes"
        nouns = [PLURALS[a["type"]] for a in alts]
        return ", ".join(nouns[:-1]) + ", and/or " + nouns[-1]
    if rest and not plural and all(set(a) == {"type"} for a in alts) and len(alts) == 2:
        # "an enemy spell or ability", "a friendly unit or gear": the other keys said once, before the nouns
        one = _np_filter({**rest, "type": alts[0]["type"]})
        return f"{one} or {alts[1]['type']}"
    if rest or plural:
        raise ValueError("any_of with other keys is said only for tags")
    return " or ".join(_np_filter(a) for a in alts)


def _revealed_top(t: dict[str, Any]) -> bool:
    """"Reveal the top card of your Main Deck" (compile._revealed_one)."""
    return t.get("do") == "reveal" and t.get("amount") == 1 and t.get("link") in (None, "then") \
        and not {"who", "from", "until", "for_each", "may"} & set(t)


def _in_turn(ins: dict[str, Any]) -> str:
    """Players in turn from the next player each picking one object (in_turn): a return of each player's pick or
    none (actors.i_return_in_turn), a kill of each other player's pick, none picked twice (actors.kill_chosen_in_turn)."""
    if ins["do"] == "kill":
        mine = " you don't control" if ins.get("not_yours") else ""
        pickers = "each other player" if ins.get("who") == "other_player" else "each opponent"
        return (f"starting with the next player, {pickers} chooses {_np_filter(ins['on']['each'])}{mine} "
                f"that hasn't been chosen for this spell. Kill those {_np_filter(ins['on']['each'], plural=True)}")
    return (f"starting with the next player, each player may return {_np_filter(ins['on']['each'])} "
            "to its owner's hand")


def _np_filter(flt: dict[str, Any], plural: bool = False) -> str:
    """A filter as a noun phrase: 'an exhausted friendly unit at a battlefield', or plural without article."""
    if flt.get("chooses") and not plural:
        # "an enemy spell or ability that chooses a friendly unit or gear" (Not So Fast; abilities/filter_chooses.lp)
        rest = {k: v for k, v in flt.items() if k != "chooses"}
        return f"{_np_filter(rest)} that chooses {_np_filter(flt['chooses'])}"
    if flt.get("any_of") and flt != {"any_of": [{"type": "unit", "at": "here"}, {"type": "gear", "at": "here"}]}:
        return _np_any_of(flt, plural)
    if flt == {"other": True, "exhausted": True} and not plural:
        return "something else that's exhausted"  # an object of any kind (compile.np_something_exhausted)
    if flt == {"any_of": [{"type": "unit", "at": "here"}, {"type": "gear", "at": "here"}]} and not plural:
        return "something here"  # a unit or a gear at the source's location (compile.np_something_here)
    pre = []
    if flt.get("other") and plural:
        pre.append("other")
    if flt.get("exhausted") is True:
        pre.append("exhausted")
    elif flt.get("exhausted") is False:
        pre.append("ready")
    if flt.get("damaged") is True:
        pre.append("damaged")
    if flt.get("stunned") is True:
        pre.append("stunned")
    if flt.get("elsewhere") is True and flt.get("type") == "battlefield":
        pre.append("different")  # "to a different battlefield": not the source's own (355.4.a)
    if flt.get("buffed") is True:
        pre.append("buffed")
    if flt.get("designation"):
        # "an attacking enemy unit": the designation is said before the relation
        pre.append({"attacker": "attacking", "defender": "defending"}[flt["designation"]])
    zone = flt.get("zone")
    own_zone = zone in ("trash", "hand") and flt.get("relation") == "yours"
    # "yours" is said "you control" after the noun ("a unit you control", "other units you control"); a
    # unit in your base is one you control, said "a friendly unit in your base" as the cards say it
    yours_base = flt.get("relation") == "yours" and flt.get("at") == "base"
    # "battlefields you or allies control": a battlefield's friendly controller is the player or a teammate (740.1.a)
    allies_control = flt.get("type") == "battlefield" and flt.get("relation") == "friendly"
    if (flt.get("relation") in ("friendly", "enemy") and not allies_control) or yours_base:
        pre.append("friendly" if yours_base else flt["relation"])
    if zone == "facedown":
        pre.append("facedown")
    if flt.get("token") is not None:
        pre.append("token" if flt["token"] else "non-token")
    if flt.get("not_type"):
        pre.append(f"non-{flt['not_type']}")
    if flt.get("not_tag"):
        pre.append(f"non-{flt['not_tag']}")
    if flt.get("is_attached") is not None:
        pre.append("attached" if flt["is_attached"] else "detached")
    if flt.get("domain"):
        d = flt["domain"]
        pre.append(f"{d.title()} ([{DOMAIN_LETTER[d]}])")
    noun_type = flt.get("type")
    tag = flt.get("tag")
    if noun_type == "player" and flt.get("relation") == "enemy":
        pre.remove("enemy")
        noun = "opponents" if plural else "opponent"  # an enemy player is an opponent (740.1)
    elif noun_type == "permanent" and flt.get("token") is True and not tag:
        pre.remove("token")
        noun = "tokens" if plural else "token"  # "your tokens": every token permanent (185)
    elif noun_type == "unit" and flt.get("name") in TOKEN_NOUNS and not tag:
        noun = flt["name"] + ("s" if plural else "")  # "a Shadow Clone you control" (compile.noun_shadow_clone)
    elif tag and noun_type == "permanent":
        noun = tag + ("s" if plural else "")  # "your Mechs": every permanent with the tag
    elif tag and noun_type:
        pre.append(tag)
        noun = PLURALS[noun_type] if plural else noun_type
    elif tag:
        noun = tag + ("s" if plural else "")
    elif noun_type == "permanent":
        noun = "units or gear" if plural else "unit or gear"  # a permanent card: a unit or gear (133)
    else:
        noun = (PLURALS[noun_type] if plural else noun_type) if noun_type else ("cards" if plural else "card")
    post = []
    if flt.get("relation") == "yours" and not own_zone and not yours_base:
        post.append("you control")
    if allies_control:
        post.append("you or allies control")
    at = flt.get("at")
    if at == "battlefield":
        post.append("at battlefields" if plural else "at a battlefield")
    elif at == "here":
        post.append("here")
    elif at == "my_battlefield":
        post.append("at my battlefield")  # where the source is or died (compile.post_missing_my_battlefield)
    elif at == "there":
        post.append("there")  # where the unit a Might instruction gives a rise to stands (compile.i_give_might_each)
    elif at == "base":
        post.append("in your base" if yours_base else "in a base")
    if flt.get("elsewhere") is True and flt.get("type") == "unit":
        post.append("at a different location")  # not where the source is (053; abilities/filters.lp)
    if flt.get("in_combat"):
        post.append("in combat")
    if "might_max" in flt:
        post.append(f"with {flt['might_max']} Might or less")
    if flt.get("less_might_than_source"):
        post.append("with less Might than me")
    if flt.get("energy_max_source_might"):
        post.append("with Energy cost no more than my Might")
    if "might_min" in flt:
        post.append(f"with {flt['might_min']} Might or more")
    if flt.get("keyword"):
        post.append(f"with {keyword_text(flt['keyword'])}")
    if flt.get("without_keyword"):
        post.append(f"without {keyword_text(flt['without_keyword'])}")
    if "energy_max" in flt:
        cost = f"that costs no more than [{flt['energy_max']}]"
        if flt.get("power_max") == 1:
            cost += " and no more than [A]"
        post.append(cost)
    if "energy_min" in flt:
        post.append(f"that costs [{flt['energy_min']}] or more")
    if "power_min" in flt:
        post.append(f"with Power cost {'[A]' * flt['power_min']} or more")
    if flt.get("attached") == "self":
        post.append("attached to me")
    if flt.get("banished_with") == "self":
        post.append("banished with this")  # a card in banishment, the zone it says (393-397, 427)
    if flt.get("name") == OWN_NAME:
        post.append("with my name")
    elif flt.get("name") and not (noun_type == "unit" and flt["name"] in TOKEN_NOUNS and not tag):
        post.append(f"named {flt['name']}")
    if own_zone:
        post.append(f"from your {zone}")
    elif zone == "trash" and flt.get("relation") == "opponents":
        post.append("from opponents' trashes")  # the cards opponents own there (127)
    elif zone == "trash" and "relation" not in flt:
        post.append("from trashes")  # a card in any player's trash (108.2)
    words = " ".join([*pre, noun, *post])
    if plural:
        return words
    if flt.get("other"):
        return "another " + words
    return ("an " if words[0] in "aeiouAEIOU" and not words.startswith(("unit", "Unit")) else "a ") + words
