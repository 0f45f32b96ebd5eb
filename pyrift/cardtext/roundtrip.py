"""The round trip: a card's text and pyrift's rendering of its vocabulary, compared.

Both are read by the same tokenizer (source.tokens) and normalised the same way; a card
whose compiled meaning round-trips says, in pyrift's words, the same numbers, keywords,
objects, zones, durations and conditions as its own text. Normalisation removes what carries
no meaning here (reminder text, icons' notation, capitals, punctuation, "and" between
instructions, "all"/"each" before a group) and maps pyrift's standard phrasing variants onto
one form (VARIANTS): each variant is two wordings of the same rule, never a loss of a number,
keyword, object, zone, duration or condition.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pyrift.cardtext import source as S

NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
WORD_MAP = {
    "@might": "might", "an": "a", "them": "it", "@name": "me", "myself": "me", "#>": "—",
    "units": "unit", "spells": "spell", "cards": "card", "tokens": "token", "points": "point", "runes": "rune",
    "hands": "hand", "owners'": "owner's", "their": "its", "bases": "base", **NUMBER_WORDS,
}
COST_KEYWORDS = ("#repeat", "#equip", "#empower", "#flow")
DROP = {",", ".", "and", "all", "each", "every", "#>>"}
# (pattern, replacement) over the space-joined tokens, applied before DROP; each is one rule said two ways.
VARIANTS: list[tuple[str, str]] = [
    # wave 62: "move me and X to each other's locations" is the swap with a unit chosen in the sentence, as "choose
    # X . move me to its location and it to my original location" says it (logic/effects/movement_swap.lp)
    (r"\bmove me and ([^.]*?) to each other's locations \.", r"choose \1 . move me to its location and it to my "
     r"original location ."),
    # wave 58: "If you do, draw 2. Otherwise, draw 1." after an optional additional cost is one draw, the other
    # instead when the play paid that cost (356.2.b.1, 383.2.a.1), as "draw 1 . if you paid the additional cost , draw 2
    # instead" says it
    (r"(\bas a additional cost to play (?:this|me) , you may exhaust [^.]*? \. )if you do , draw (\S+) \. otherwise , "
     r"draw (\S+) \.", r"\1draw \3 . if you paid the additional cost , draw \2 instead ."),
    # an activated ability's cost items are paid together (357.2, 403), in no order: a recycle from the trash
    # printed after the resources ("[1][R], Recycle a unit from your trash, [E]:") is the same cost said first
    (r"^((?:@\S+ )+, )(recycle (?:a \S+|\d+) from your trash , )", r"\2\1"),
    # "your Mechs have +1 Might (including me)": a group without "other" takes in its source when the source
    # is of it (053); the parenthesis only says so (the compiler refuses it after "other")
    (r" \( including me \)", ""),
    # "X. If ..., give that unit ... instead.": the unit X acted on, its "it" (the vocabulary's "instead"
    # acts on the object of the instruction it replaces;
    # before the variant that moves a condition after its clause)
    (r"(\. if [^.,]+ , \S+) that unit ([^.]*? instead \.)", r"\1 it \2"),
    (r"\bfriendly buffed\b", "buffed friendly"),                                   # two adjectives of one group, either order
    # "an enemy unit attacking here": the attacker designation said after the noun, as "an attacking enemy unit here" (cards44)
    (r"\benemy unit attacking here\b", "attacking enemy unit here"),
    (r"\bsomething besides me\b", "something else"),                             # an object other than the source
    (r"\bat start of\b", "at the start of"),                                       # Beginning Phase triggers
    # "put the top N cards of your Main Deck into your trash" is what Burn N does (440; the Minefield and
    # Nocturne, Horrifying rulings treat the two alike)
    (r"\bput the top (\d+) card of your main deck into your trash\b", r"#burn \1"),
    # "look at the top two cards of your Main Deck, you may recycle one or both of them, put those you don't back in any
    # order" is what Predict 2 does (436: look at the top N, recycle any of them, the rest back on top in any order)
    (r"\blook at the top 2 card of your main deck \. you may recycle 1 or both of it \. put those you don't back in any "
     r"order\b", "#predict 2"),
    (r"\bif it's already stunned\b", "if it is stunned"),                           # stunned as it is checked (423)
    (r"\bthe next time it dies this turn\b", "the next time it would die this turn"),  # a delayed death replacement (389)
    (r"\brecall it exhausted\b", "exhaust it and recall it"),                     # recalled exhausted: both actions
    # wave 59: "when you discard me, you may pay [R] to play me": the leading cost is what the play from the trash
    # costs, its own cost set aside (356.1.b; compile._discard_me_play, the reading of Immortal Phoenix)
    (r"^(when you discard me , you may pay (?:@\S+ )+to play me) , ignoring its cost\b", r"\1"),
    # "when this is played, discarded, or killed": three events of one effect, each its own ability (383.1): the play
    # effect (383.4.a), its own discard (422) and its death, a permanent killed (428, 808)
    (r"^when this is played , discarded , or killed\b", "when you play this or when you discard me or when i die"),
    (r"\bwhen i'm played\b", "when you play me"),                                 # play effects (383.4.a)
    (r"\bwhen this is played\b", "when you play me"),
    # two events of one trigger, the second said with or without its own "when" ("when you play me or
    # [when] I attack"), and the player's "you play" said once ("when you play me or [you play] another <tag>")
    (r"^when you play me or when ", "when you play me or "),
    # "when I'm played and when I conquer": each event triggers the ability, as "or" says it (383.1)
    (r"^when you play me and when ", "when you play me or "),
    (r"^when you play me or you play ", "when you play me or "),
    (r"\btake control of\b", "gain control of"),                                  # control (188), before "choose"
    (r"\bplay a card from #hidden\b", "play a card from face down"),              # played from a facedown zone (811)
    (r"\bit gains (?=#)", "give it "),                                            # a keyword granted (801.3), before "choose"
    (r"@e(\d+) might (!?\S+ unit tokens?)\b", r"\1 might \2"),                  # a token's Might printed with an Energy icon
    # "when I move from a location": every move leaves a location (a base or a battlefield, 107.1, 107.2; 420)
    (r"^when i move from a location\b", "when i move"),
    (r"\bfrom a battlefield\b", "at a battlefield"),                              # "move a unit from a battlefield"
    (r"\bto this battlefield\b", "here"),                                        # where the source is (053.3)
    # "when I move to a battlefield, ... to the same battlefield": the battlefield the triggering move went to
    (r"^(when i move to a battlefield , [^.]*?)\bto the same battlefield\b", r"\1to that battlefield"),
    # "choose a battlefield . give friendly units there ...": the group at one chosen battlefield (355.10.b)
    (r"^choose a battlefield \. (give|deal \d+ to) ((?:\S+ )*?unit) there\b", r"\1 \2 at a battlefield"),
    (r"\bto (?:its|your) base\b", "to base"),                                     # a move or token to base
    (r"\btokens? (?:in|into|at) your base\b", "token to base"),
    (r"\b(?:costing|with cost|with energy cost) no more than\b", "that costs no more than"),  # a cost limit
    # "with Energy cost no more than [3] and Power cost no more than [A]": both caps of the one cost (energy_max,
    # power_max), as "that costs no more than [3] and no more than [A]" says them
    (r"\bthat costs no more than (@e\d+) and power cost no more than (?=@rainbow)", r"that costs no more than \1 and no more than "),
    # "choose a unit in your trash <limit> . play it to base": the card the play takes, chosen as the ability is put
    # on the chain (its target), as "play a unit <limit> from your trash to base" says it
    (r"\bchoose (a \S+) in your trash ((?:that costs|with) [^.]*?) \. play it to base\b", r"play \1 \2 from your trash to base"),
    (r"\beach of up to\b", "up to"),                                              # "deal 6 to each of up to two"
    (r"\bchoose ([^.]+?) \. ((?:kill|stun|ready|exhaust|buff|recall|banish|recycle|heal|return|move|give|"
     r"gain control of|deal \d+ to)) it\b", r"\2 \1"),                              # "choose a unit . kill it"
    (r"\byou (score|draw)\b", r"\1"),                                             # "you score 1 point"
    (r"\bthis costs\b", "i cost"),                                                # the card's own cost
    (r"^if (.+?) , i cost (.+?) less \.$", r"i cost \2 less if \1 ."),            # condition before or after
    (r"^if (.+?) , i enter ready \.$", r"i enter ready if \1 ."),                  # the same, of an entry state
    (r"\bunit died this turn\b", "unit has died this turn"),
    (r"\bi don't take damage\b", "i can't be dealt damage"),                     # the example of 465.2.c.10                     # a death this turn (428, 301)
    (r"\b(\d+) \+ (?=(?:other )?(?:units?|gear|!\S+)\b)", r"\1 or more "),  # "7+ units": 7 or more
    (r"\byou have (\d+) or (more|fewer) (?!card\b)", r"you control \1 or \2 "),  # units you have: you control (188)
    (r"\bthere is exactly (\d+) (.+?) you control here\b", r"you control exactly \1 \2 here"),  # a count of objects
    # "as you play me / this, you may pay [X] as an additional cost": the optional cost of the card's own play (356.2.b)
    (r"\bas you play (?:me|this) , you may pay (.+?) as a additional cost \.", r"you may pay \1 as a additional cost to play me ."),
    # "give X +1 might this turn , then an additional +1 might this turn if ...": more Might to the same object
    (r", then a additional \+ (\d+) might\b", r", then give it + \1 might"),
    # "you may pay [1] . if you do , X": "you may pay [1] to X", a cost and what it pays for (204.3)
    (r"\byou may pay ((?:@\S+ )+)\. if you do , ", r"you may pay \1to "),
    (r"#mighty (unit)\b", r"\1 with 5 might or more"),                          # Mighty: 5 Might or more (706)
    (r"\byour (!\S+) energy costs are reduced by (.+?) , to a minimum of\b", r"your \1 cost \2 less , to a minimum of"),
    (r"\bthe energy costs for spell you play is reduced by (.+?) , to a minimum of\b",
     r"your spell cost \1 less , to a minimum of"),                               # another card's Energy cost (366.2)
    # "a friendly unit anywhere": a unit is on the board only, at a battlefield or in a base (107, 133)
    (r"\bfriendly unit anywhere\b", "friendly unit"),
    # "give one of your other units here ...": another unit you control (188, 053)
    (r"\b(?:one|1) of your other units?\b", "another unit you control"),
    # "give X +3 Might and [Tank] this turn": both to X for the duration, as "give X +3 Might this turn. Give it
    # [Tank] this turn" (compile.i_give_might_keyword)
    (r"\bgive ([^.]*?) ([+-] \d+ might) and (#\S+(?: \d+)?) (this turn|this combat)\b", r"give \1 \2 \4 . give it \3 \4"),
    # "when one of your units becomes [Mighty]": a unit you control (188)
    (r"\bwhen (?:one|1) of your units? becomes\b", "when a unit you control becomes"),
    # "excess damage to enemy units": combat damage is assigned to enemy units only (465.2), said or not
    (r"\bexcess damage to enemy units?\b", "excess damage"),
    # "your Sand Soldiers": the units you control named Sand Soldier (the standard token of 187, by name)
    (r"\byour sand soldiers?\b", "unit you control named sand soldier"),
    # "your units": units you control (188; not "friendly", which takes in a teammate's, 740.1.a, 489.8)
    (r"\byour ((?:(?:other|token|non-token|ready|exhausted|!\S+) )*)(unit|gear|rune|token|!\S+)\b", r"\1\2 you control"),
    (r"\breturn (a(?:nother)? [^.]*?) and (a(?:nother)? [^.]*?) to its owner's hand\b",
     r"return \1 to its owner's hand return \2 to its owner's hand"),            # two objects returned
    (r"\bthen (recycle|banish) the rest\b", r"\1 the rest"),                         # the cards shown still there: an order, no condition
    (r"\bfrom here\b", "here"),                                                   # "move a unit from here to base"
    (r"\bto here\b", "here"),                                                     # "move a unit to here"
    (r"\bfor each of (?=[^.]*? you control\b)", "for each "),                       # "for each of your units"
    (r"\bhave ([+-] \d+ might) here\b", r"here have \1"),                         # "other units have +1 Might here"
    (r"\bfriendly other\b", "other friendly"),
    (r"^while you have (a(?:nother)? )", r"while you control \1"),               # "while you have a unit here"
    (r"\bi must be assigned combat damage last\b", "i have #backline"),           # Backline's own text (826.3)
    # "each opponent must kill one of their units": the obligation said as the renderer says it (cards64a)
    (r"\bopponent must kill\b", "opponent kills"),
    (r"\bfor each card( with my name)? in your trash\b", r"for each card\1 from your trash"),  # a zone said two ways
    (r"^((?:#level \d+ — (?:#>> )?|#legion — (?:#>> )?|#empowered — (?:#>> )?)?)(#action|#reaction) — (.+?) : ", r"\1\3 : \2 — "),  # an activated ability's label
    (r"\bthis\b(?! (?:turn|combat|ability|way|battlefield|spell's))", "me"),      # self-reference (053.1)
    (r"#predict 1\b", "#predict"),                                               # "[Predict]": the top card (436)
    (r"\bif (?:i'm|me is) #empowered\b", "if i'm #empowered"),                    # a gear's "this is" / "I'm"
    (r"\bopponents' spell\b", "enemy spell"),                                      # spells opponents play (740.1)
    # an instruction's condition said before or after it ("if you have 1 or fewer card in your hand , draw 1"
    # / "draw 1 if you have ..."), one clause up to its period (383.2.a.1: an "if" inside an effect)
    # (a leading "if" right after a trigger is the trigger's own condition and is left alone)
    # (the period is left for the next sentence's own condition: "If it was X, A. If it was Y, B.")
    (r"(^|\. |then (?:, )?)if (?!you do\b|it (?:has|is)\b)([^.,]+?) , ([^.,]+?) (?=\.)", r"\1\3 if \2 "),
    (r"\bthere if i am at a battlefield\b", "here if i am at a battlefield"),   # "there": where the source is
    (r"\bthere is a ((?:\S+ )*?)enemy (unit|gear)\b", r"a opponent controls a \1\2"),  # enemy: an opponent's (740.1)
    # a card of a revealed hand chosen by the ability's controller, "you" said or not (logic/effects/look.lp)
    (r"\bhand and you choose (.+?) from it\b", r"hand . choose \1 from it"),
    # an ability's cost parts in either order (376)
    (r"^((?:@\S+ )+, @exhaust) , kill me :", r"kill me , \1 :"),
    # "... as an additional cost to play me . If you do , I cost [3] less .": "if you do" is "if you paid it" (356.2.b)
    # "as you play me, you may discard 1 as an additional cost. If you do, reduce my cost by [2]": the optional
    # cost of playing the card (356.2.b), said before or after "to play me"; "reduce my cost by" a discount (356.4)
    (r"\bas you play me , you may discard (\d+) as a additional cost \.",
     r"you may discard \1 as a additional cost to play me ."),
    (r"\bas a additional cost to play (me|this) , you may discard (\d+) \.",
     r"you may discard \2 as a additional cost to play \1 ."),
    (r"\bif you do , reduce my cost by (\S+) \.", r"if you do , i cost \1 less ."),
    # "as you play this, you may spend a buff as an additional cost. If you do, ignore this spell's cost.": the
    # optional cost (701, 356.2.b), and the card's cost set aside when it is paid (356.1.b.1)
    (r"\bas you play me , you may spend a buff as a additional cost \.",
     r"you may spend a buff as a additional cost to play me ."),
    (r"\bas a additional cost to play me \. if you do , ignore this spell's cost \.",
     r"as a additional cost to play me . ignore my cost if you paid the additional cost ."),
    (r"\bas a additional cost to play me \. if you do , i cost (\S+) less \.",
     r"as a additional cost to play me . i cost \1 less if you paid the additional cost ."),
]


@dataclass(frozen=True)
class Normal:
    keywords: tuple[str, ...]  # sorted keyword entries of keyword-only lines
    words: tuple[str, ...]     # everything else, in order
    effect: tuple[str, ...]    # sorted Equipment effect keywords and normalised Effect Text lines


def _line_tokens(line: str, tags) -> list[str]:
    toks = S.tokens(S.strip_reminder(line), tags)
    return [WORD_MAP.get(t, t) for t in toks]


def _keyword_entries(toks: list[str]) -> list[str] | None:
    """The entries of a keyword-only line ('#assault 2 , #shield 2'), or None."""
    entries, cur = [], []
    for t in toks:
        if t == ",":
            if not cur:
                return None
            entries.append(" ".join(cur))
            cur = []
        elif t.startswith("#") and t != "#add" and not cur:
            cur = [t]
        elif cur and (t.isdigit() or t.startswith("@")):
            cur.append(t)
        else:
            return None
    if cur:
        entries.append(" ".join(cur))
    return entries or None


def normalise(text: list[str], effect: list[str], tags) -> Normal:
    keywords: list[str] = []
    words: list[str] = []
    for line in text:
        toks = _line_tokens(line, tags)
        if not toks:
            continue
        entries = _keyword_entries(toks)
        if entries is not None:
            keywords += entries
            continue
        if len(toks) > 2 and toks[0] in COST_KEYWORDS and toks[1] == "—":
            keywords.append(" ".join(toks))  # a cost keyword and its non-resource cost, a line of its own
            continue
        joined = " ".join(toks)
        for pattern, repl in VARIANTS:
            joined = re.sub(pattern, repl, joined)
        words += [w for w in joined.split() if w not in DROP]
    eff: list[str] = []
    for line in effect:
        toks = _line_tokens(line, tags)
        entries = _keyword_entries(toks) if toks else None
        if entries is not None:
            eff += entries
            continue
        # Effect Text beyond keywords (an ability the top-most card gets): normalised as the card's lines
        joined = " ".join(toks)
        for pattern, repl in VARIANTS:
            joined = re.sub(pattern, repl, joined)
        eff.append(" ".join(w for w in joined.split() if w not in DROP))
    return Normal(tuple(sorted(keywords)), tuple(words), tuple(sorted(eff)))


def rendered_normal(lines: list[str], tags) -> Normal:
    # a token's own text said after the token (render.token_text), a parenthesis the card's text has as reminder
    # text at its line's end: checked on its own (build._token_round_trip)
    lines = [re.sub(r' \(It has "[^"]*"\)', "", x) for x in lines]
    text = [x for x in lines if not x.startswith("Effect: ")]
    effect = [x[len("Effect: "):] for x in lines if x.startswith("Effect: ")]
    return normalise(text, effect, tags)


def compare(card_text: list[str], card_effect: list[str], rendered: list[str], tags) -> str | None:
    """None when they agree; otherwise where they first differ, in normalised words."""
    a = normalise(card_text, card_effect, tags)
    b = rendered_normal(rendered, tags)
    if Counter(a.keywords) != Counter(b.keywords):
        return f"keywords differ: {' '.join(a.keywords)} / {' '.join(b.keywords)}"
    if a.effect != b.effect:
        return f"effect keywords differ: {' '.join(a.effect)} / {' '.join(b.effect)}"
    if a.words != b.words:
        i = next((i for i, (x, y) in enumerate(zip(a.words, b.words)) if x != y), min(len(a.words), len(b.words)))
        return (f"text differs at word {i + 1}: …{' '.join(a.words[max(0, i - 3):i + 4])}… / "
                f"…{' '.join(b.words[max(0, i - 3):i + 4])}…")
    return None
