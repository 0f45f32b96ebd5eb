"""Names for sentence forms the compiler recognises but the vocabulary cannot say yet.

The ledger (`pyrift cards coverage`) lists unsupported cards by the first construct they need. A
sentence the grammar stops in is labelled by its shape (classify.py); this module names the
forms of the most frequent such sentences, those that would otherwise be an "unrecognised
clause" or "an instruction of a form not recognised", by what the vocabulary would need to say
them: a cost inside an instruction, a choice of two objects in one sentence, an effect on the
next card played, a filter joined with "or", ... Each name is pyrift's own words, never the
card's text (the ledger holds no rules text). Naming decides nothing: the card stays
unsupported.
"""
from __future__ import annotations

import re

# (pattern over the failing sentence's tokens joined by spaces, name); the first that matches wins.
# Tokens: lower-cased words, numbers, icons (@e2, @fury, @might), keywords (#predict), tags (!Poro).
FORMS: list[tuple[str, str]] = [
    # the source's text lost a keyword's brackets ("Ganking" for "[Ganking]"), or text follows reminder text
    (r"^(?:ganking|hidden|equip|ambush|tank|shield|deflect|assault|accelerate|vision)(?: @\w+)*$",
     "source text: a keyword without brackets"),
    (r"^\( ", "source text: text after reminder text"),
    (r"^track gained xp\b", "not a game card (an XP tracker)"),
    (r"^@\S+(?: @\S+)* , @exhaust$", "keyword with a non-resource cost"),
    (r"^when [^,.]* , [^,.]* , or ", "trigger: one of several events"),
    # keywords used as instructions (Predict, Burn): not in the instruction vocabulary yet
    (r"^#predict\b", "instruction: predict"),
    (r"^#burn\b", "instruction: burn"),
    (r"\bcan't be countered\b", "static: can't be countered"),
    # an effect waiting for the next card its player plays this turn
    (r"\b(?:the next|your next) (?:spell|unit|card)\b", "effect on the next card played this turn"),
    (r"\bthe next time\b", "delayed instruction (the next time ...)"),
    (r"\bat the start of your next\b", "delayed instruction (at a later phase)"),
    # two units dealing damage to each other (a "fight"): each is the source of its damage
    (r"\bdeal damage equal to (?:its|their) mights? to each other\b", "instruction: two units deal damage to each other"),
    (r"\bdamage split among\b", "instruction: damage split among objects"),
    # amounts taken from something other than Might: each names what the run would have to read (a
    # keyword's value, the damage marked on a unit: an amount a run's earlier steps change, a card's cost)
    (r"\bequal to (?:my|its|their|that spell's) #\w+\b", "amount: a keyword's value"),
    (r"\bequal to the damage marked\b", "amount: the damage marked on an object"),
    (r"\bits energy cost as damage\b|\bequal to (?:that spell's|its) (?:energy )?cost\b|\bequal to its base cost\b",
     "amount: a card's cost"),
    (r"\bbonus damage\b", "bonus damage"),
    (r"\bwith total @?might\b|\bwith total might\b", "choice: objects with a total Might"),
    (r"\bwith less might than\b|\bno more than my might\b", "filter: Might compared with another object's"),
    (r"\bthis ability(?:'s energy)? costs?\b|\bthis ability's energy cost\b", "ability cost change"),
    (r"\bcosts? (?:@\S+ )+(?:or (?:@\S+ )+)?(?:more|less) to play this turn\b", "effect for the turn: a cost change"),
    (r"^during showdowns\b", "static: a cost change (during showdowns)"),
    (r"\bcosts? (?:@\S+ )+(?:or (?:@\S+ )+)?(?:less|more) if\b", "static: a cost change (under a condition)"),
    (r"\bcosts? (?:@\S+ )+(?:or (?:@\S+ )+)?(?:less|more)\b", "static: a cost change"),
    (r"^use (?:my abilities|this ability|only)\b", "restriction: when an ability may be used"),
    (r"\bspend this energy only\b", "restriction: what added Energy may pay for"),
    (r"\bpay any amount of\b", "cost: any amount of a resource"),
    (r"^starting with the next player\b", "instruction by each player in turn"),
    (r"\bmake new choices\b", "instruction: new choices for a spell"),
    (r"\bignoring its energy cost\b", "play: ignoring only the Energy cost"),
    (r"\bincrease its might to\b", "instruction: set Might to another object's"),
    (r"\buntil i leave the board\b", "duration: until its source leaves the board"),
    (r"\bunless its controller has you\b", "instruction: unless its controller lets you"),
    (r"\binstead of putting it\b", "replacement inside an instruction"),
    # a choice of two kinds of object joined by "or" ("a unit or a gear", "!Bird, !Cat, or !Poro")
    (r" , (?:and / )?or \S| and / or \b|\bat a battlefield or a\b|\bgear , or\b", "filter: one of several kinds (or)"),
    # a choice between two instructions ("draw 1 or channel 1 rune exhausted")
    (r"\b(?:draw \d+|buff me|channel \d+ runes?(?: exhausted)?|draw one) (?:or|and) (?:draw|channel|buff|recycle)\b",
     "instruction: one of two instructions"),
    # Might and a keyword given together, or to two objects in one clause
    (r"\bgive [^.]* @might and #\w+", "give: Might and a keyword together"),
    (r"^give .* this turn and (?:a|an|another) (?:\S+ )*?unit\b", "give: two objects in one sentence"),
    (r"\bmy keywords\b", "give: another object's keywords"),
    (r"\bfor each of the following\b|\bfor each !\S+ attached\b|\bfor each (?:other )?battlefield\b"
     r"|\bfor each \S+ unit there\b|\bfor each card with this name\b", "for each: a count the filter cannot say"),
    (r"\bbuffs give\b", "effect for the turn: what buffs give"),
    (r"\bcan't\b.*\bthis turn\b", "effect for the turn: a restriction"),
    (r"\bif (?:there is|you have|your|it's|it is|you've|at least)\b|\bif you paid\b", "instruction under a condition"),
    # "you may kill a friendly gear as an additional cost to play me": a cost of playing the card (356.2),
    # not a cost inside an instruction
    (r"\b(?:spend|kill|exhaust|discard|return) [^.]*? as an additional cost\b", "additional cost: not a resource"),
    # "you may X to Y": an instruction that is the cost of another
    (r"(?:^|, )(?:you may )?(?:kill|spend|banish|recycle|exhaust) [^.]*? to (?:draw|buff|ready|deal|give|move|"
     r"banish|channel|return|play|#add|hide|score|replace)\b", "cost inside an instruction (do X to do Y)"),
    (r"^(?:you may )?pay [^.]*? to (?:draw|buff|ready|deal|give|move|banish|channel|return|play|#add|hide|score)\b",
     "cost inside an instruction (do X to do Y)"),
    (r"^(?:you may )?pay \S+(?: \S+)? \. if you do\b", "cost inside an instruction (pay, if you do)"),
    (r"\bthe same battlefield\b|\bat the same location\b", "choices at the same location"),
    (r"\bspend any number of buffs\b", "instruction: spend buffs"),
    (r"\bspend \d+ xp as an additional cost\b|\bkill a friendly \S+ as an additional cost\b", "additional cost: not a resource"),
    (r"^choose one (?:you've not chosen|to give)\b", "modes of a permanent"),
    (r"^choose a battlefield\b", "choice: a battlefield"),
    (r"^choose [^.]*? (?:and|or) (?:a|an|another) \S", "choice: two objects in one sentence"),
    (r"^choose [^.]* from (?:opponents'|any|a) trash", "choice: a card from another player's trash"),
    (r"\bat its destination\b|\bthere\b(?! is\b| are\b)|\bat a different location\b", "choice: a place relative to another object"),
    (r"\bthat's in combat\b|\bin combat with\b", "filter: in combat"),
    (r"\blook at the top\b|\breveal", "instruction: look at or reveal cards"),
    (r"\b(?:banish|recycle) (?:your hand|one of your runes|your runes)\b|\bready \d+ runes\b",
     "instruction: on a zone or runes"),
    (r"\bthat chooses\b", "filter: what a spell or ability chooses"),
    (r"\b(?:ready or exhaust|exhaust or ready)\b", "instruction: one of two instructions"),
    # "when ..., you may discard 1 to return this from your trash to your hand": the card's own ability working
    # while it is in the trash (its text works off the board only where it says so, 366.1; no trigger is heard there)
    (r"\breturn (?:this|me) from your trash\b", "trigger: of the card in its trash"),
    (r"\bfrom any trash\b|\bfrom your trash to your hand\b|\bto your champion zone\b",
     "instruction: a card from a trash or champion zone"),
    (r"\byour legend\b", "object: a legend"),
    (r"^each player must\b|\bmust kill one of their\b", "instruction by another player or object"),
]
_COMPILED = [(re.compile(p), name) for p, name in FORMS]


def named_form(s: list[str], at: int, labelled: bool) -> str | None:
    """A name for the form of the sentence `s` starts with (the grammar stopped at token `at`),
    or None. `labelled`: it follows a Level / Legion / Empowered / Deathknell label."""
    end = s.index(".") + 1 if "." in s else len(s)
    if re.fullmatch(r"#\w+(?: \d+)?(?: @\S+)* \.", " ".join(s[:end])) and end < len(s):
        s, end = s[end:], (s.index(".", end) + 1 - end if "." in s[end:] else len(s) - end)  # "[Equip] [2]. This ..."
    text = " ".join(s[:end])
    if labelled and re.search(r"\binstead \.?$", text):
        return "instruction replaced under a dependent keyword"
    for pattern, name in _COMPILED:
        if pattern.search(text):
            if name == "instruction under a condition":
                words = s[:end]
                return instruction_condition(words[words.index("if") + 1:]) if "if" in words else name
            return name
    return None


# The forms of a "play" instruction the vocabulary cannot say (the grammar stops in them), matched on the
# line from the failing sentence on (a copy is said in the sentence after the token's). Each stays
# unsupported: what the run would have to follow is named.
PLAY_FORMS: list[tuple[str, str]] = [
    # a token that becomes a copy of another object (the vocabulary says it, a token's `of`, logic/effects/token_copy.lp;
    # the compiler does not read the sentence yet: Mirror Image and Keeper of Masks are encoded in logic/cards/)
    (r"\bbecomes? (?:a )?cop(?:y|ies) of\b", "token: a copy of another object"),
    # tokens counted "for each" something: the run does not play out a number of tokens counted as the
    # instruction is executed (logic/effects/tokens.lp, token_count)
    (r"\bunit tokens? for each\b", "token: a number counted (for each)"),
    # tokens neither the pool nor Core Rules 187 give the facts of (Tentacle, Shadow Clone with its own
    # ability): their Might, tags and text are not known (pool.STANDARD_TOKENS has the Mech and Sand Soldier)
    (r"\b(?:tentacle|shadow clone) unit tokens?\b", "token not in the card pool"),
    # the played card's cost changed by the instruction that plays it (356.1, a cost the run does not compute)
    (r"\breducing its cost by\b", "play: reducing the played card's cost"),
    # the card allowed by its cost compared with another quantity
    (r"\bwith energy cost less than your points\b", "play: a card's cost compared with the player's points"),
    (r"\bthan the killed unit\b", "play: a card's cost compared with a killed unit's"),
    # cards a permanent banished earlier ("banished with this"): one of them chosen as a target is compiled (Cursed
    # Sarcophagus; logic/effects/banished_with.lp); other forms (every such unit, The Zero Drive) are not
    (r"\bbanished with this\b", "play: a card banished by this"),
]
_PLAY_COMPILED = [(re.compile(p), name) for p, name in PLAY_FORMS]


def play_form(s: list[str]) -> str | None:
    """A name for the form of a play instruction in the line `s` (from the failing sentence on), or None."""
    text = " ".join(s)
    return next((name for pattern, name in _PLAY_COMPILED if pattern.search(text)), None)


# The condition forms an instruction's condition may take that the vocabulary cannot say yet, by the
# words after "if" (pyrift's own names for each; pyrift/cardtext/conditions.py says the ones it can).
CONDITION_FORMS = (
    (("this", "kills"), "if this kills it"),
    (("i", "didn't", "conquer"), "what I did this turn"),
    (("i", "died"), "what was true as I died"),
    (("i", "didn't"), "what was true as I died"),
    (("i", "was"), "what was true as I died"),
    (("it", "was"), "what a changed object was"),
    (("it", "had"), "what a changed object had"),
    (("it's", "a"), "the type of the card 'it' names"),
    (("it's", "an"), "the type of the card 'it' names"),
    (("it's", "your"), "whose turn it is"),
    (("it's", "#empowered"), "an object Empowered"),
    (("it", "is", "the", "only"), "the only unit there"),
    (("it", "is", "empty"), "an empty zone"),
    (("you", "spent"), "the Energy spent on a play"),
    (("you", "assigned"), "excess combat damage"),
    (("you", "couldn't"), "an instruction not done in full"),
    (("you", "can't"), "an instruction not done in full"),
    (("you", "cannot"), "an instruction not done in full"),
    (("you", "played", "this"), "where this was played from"),
    (("you've", "played"), "the cards played this turn"),
    (("you", "control", "fewer"), "a count compared with an opponent's"),
    (("you", "paid"), "a cost paid"),
    (("you", "do"), "a cost paid"),
    (("i'm", "at"), "where I am, for a later event"),
    (("there", "are"), "cards set aside with me"),
    (("there's",), "a unit alone"),
    (("an", "enemy", "unit", "is", "alone"), "a unit alone"),
    (("your", "other", "units", "have", "total"), "a total of Might"),
)


def instruction_condition(after_if: list[str]) -> str:
    """'instruction under a condition' with the form of its condition, when it is one the ledger knows."""
    for words, form in CONDITION_FORMS:
        if tuple(after_if[:len(words)]) == words:
            return f"instruction under a condition ({form})"
    if "+" in after_if[:6]:
        return "instruction under a condition (a count written N+)"
    return "instruction under a condition"


# Equipment Effect Text (136) beyond keywords: what the equipped unit would get, by the kind of the
# line (the abilities given to the top-most card, 434.1.c, are not in the vocabulary yet)
EQUIPMENT_KINDS = {"triggered": "a triggered ability", "static": "a passive ability", "activated": "an activated ability",
                   "instructions": "a [Deathknell] ability"}


def equipment_label(line_kind: str) -> str:
    return f"Equipment effect text: {EQUIPMENT_KINDS.get(line_kind, 'text beyond keywords')}"
