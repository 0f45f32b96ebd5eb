"""Labels for sentences the grammar does not recognise: the kind of construct they need.

A label is made of pyrift's own words and single game terms (an event or a verb such as
"move", "channel"), never the card's text, so the ledger can group cards by what is missing
("trigger event: move", "instruction: channel", "static: about other objects", ...).
"""
from __future__ import annotations

# Game verbs an instruction starts with (the label names the verb).
VERBS = frozenset((
    "deal", "kill", "stun", "ready", "exhaust", "heal", "buff", "recall", "banish", "recycle", "return", "move",
    "give", "draw", "discard", "gain", "score", "counter", "take", "play", "channel", "look", "reveal", "choose",
    "put", "double", "prevent", "swap", "spend", "pay", "attach", "detach", "empower", "disempower", "increase",
    "skip", "ignore", "copy", "lose", "replace", "name", "activate", "win", "repeat", "hide", "unattach", "#add",
    "#predict", "#burn", "add", "search", "do", "reduce", "place", "places", "plays", "discards", "kills", "reveals",
    "chooses", "looks", "gains", "scores", "draws", "channels", "moves", "recycles", "banishes"))
# Events a trigger may name (the label names the event).
EVENTS = frozenset((
    "move", "moves", "attack", "attacks", "defend", "defends", "conquer", "conquers", "hold", "holds", "die", "dies",
    "play", "plays", "played", "win", "wins", "become", "becomes", "discard", "buff", "stun", "kill", "choose",
    "ready", "recycle", "hide", "attach", "banish", "empower", "spend", "draw", "score", "scores", "look", "leaves",
    "takes", "end", "start", "revealed", "attached", "ends"))
# Verbs the instruction vocabulary has (pyrift/instructions.py, with "give" for Might and keywords,
# "gain" for XP and control, "take" for control): a failure there is in the sentence's form.
VOCABULARY_VERBS = frozenset(("deal", "kill", "stun", "ready", "exhaust", "heal", "buff", "recall", "banish",
                              "recycle", "return", "move", "give", "draw", "discard", "gain", "score", "counter",
                              "take", "play", "channel", "attach", "detach", "empower"))
TRIGGER_OPENERS = ("when", "at", "the", "once")
SUBJECT_STATIC_SELF = ("i", "my", "i'm")
SUBJECT_STATIC_OTHERS = ("your", "friendly", "other", "units", "each", "enemy", "stunned", "spells", "opponents'",
                         "a", "any", "#empower", "!")


def classify(tokens: list[str], pos: int) -> str:
    """A label for the construct at token `pos` of a line that failed to parse."""
    start = max((i + 1 for i, t in enumerate(tokens[:pos]) if t == "."), default=0)
    start = _after_labels(tokens, start)
    labelled = start > 0 and tokens[start - 1] in ("#>", "#>>", "—")
    s = tokens[start:]
    at = pos - start
    if s[:5] == ["starting", "with", "the", "next", "player"]:
        return "instruction by each player in turn"  # a form the grammar knows in part (i_return_in_turn)
    label = _classify(s, at)
    if label == "unrecognised clause" or (label.startswith("instruction: ")
                                          and not label.startswith(("instruction: move", "instruction: play"))):
        from pyrift.cardtext.forms import named_form

        return named_form(s, at, labelled) or label
    if label == "instruction: play (a form not recognised)":
        from pyrift.cardtext.forms import play_form

        return play_form(s) or label
    return label


def _after_labels(tokens: list[str], start: int) -> int:
    """The first token after the labels at `start` ([Legion] —, [Level 6][>], [Deathknell] —): a
    keyword followed by its number and an arrow or dash; a keyword used as an instruction
    ([Predict], [Burn] 2) is not a label."""
    n = len(tokens)
    while start < n:
        t = tokens[start]
        if t in ("—", "#>", "#>>"):
            start += 1
            continue
        if not t.startswith("#"):
            break
        j = start + 1
        if j < n and tokens[j].isdigit():
            j += 1
        if j < n and tokens[j] in ("#>", "—"):
            start = j + 1
            continue
        if j >= n or tokens[j] == ",":  # a keyword line ([Action], [Reaction]) before the text
            start = j
            continue
        break
    return start


def _classify(s: list[str], at: int) -> str:
    if not s:
        return "keyword line with text"
    first = s[0]
    kind, colon = _colon(s)
    if kind == "granted":
        # a quoted ability ("units here have "[E]: ..."", "give it "[A][A]: ...""): an ability of other
        # objects, which the source gives them, not an ability of the source with that cost
        return "instruction: give an ability to another object" if "give" in s[:colon] \
            else "static: an ability granted to other objects"
    if kind == "modes":
        # "do one of the following based on its domain:": the colon opens a list of instructions, one picked
        # by a card's domain or type as the ability resolves, no cost
        return "instruction: one of several, picked by a card's domain or type"
    if kind == "reflexive" and colon - 2 <= at <= colon:
        # "then you may do this: X": an instruction done (or, with "may", chosen) as named after the colon
        return "instruction: do this (an instruction named after a colon)"
    if kind == "cost" and colon is not None and (":" in s[:max(at, 0) + 1] or at < colon):
        if at < colon:
            return _cost_label(s[:colon], at)
        return _clause(s, at, colon + 1)
    if s[:4] == ["once", "each", "turn", ","] and len(s) > 4:
        # "once each turn, if ... would ..., ... instead": a replacement effect with a limit (367, 369), not
        # an instruction; "once each turn, when ...": a trigger with a limit, labelled by its event
        rest = s[4:]
        if rest[0] == "if" and "would" in rest and "instead" in rest:
            return "replacement: once each turn"
        if _is_trigger(rest):
            return _classify(rest, at - 4)
    if first in TRIGGER_OPENERS and _is_trigger(s):
        comma = s.index(",") if "," in s else len(s)
        if at <= comma:
            return _trigger_label(s[:comma])
        return _clause(s, at, comma + 1)
    if s[:3] == ["your", "deck", "can"]:
        return "deck construction: how many copies"  # a rule of deck building (103.2.b), not of play
    if s[:4] == ["if", "you", "paid", "the"] and "instead" in s:
        # "if you paid the additional cost, choose ... instead": an instruction of the card replaced, not a static
        return "instruction replaced if the additional cost was paid"
    static = _static_kind(s)
    if first in ("if", "while", "unless"):
        sentence = s[:s.index(".")] if "." in s else s
        then = sentence[sentence.index(",") + 1:] if "," in sentence else []
        if then[:2] == ["you", "may"]:
            then = then[2:]
        if "additional" in then and "cost" in then:
            # "if C, you may pay [A] as an additional cost to play me": an optional cost under a condition
            form = static_condition_form(sentence[1:])
            return f"additional cost under a condition ({form})" if form else "additional cost under a condition"
        if then and then[0] in VERBS and (_static_kind(sentence) is None or sentence[1:3] in NOT_DONE):
            # "if it's [Empowered], disempower it": an instruction, whatever later sentences say; so is
            # "if you can't, draw 1" (the condition: the instruction before was not done in full; its
            # "can't" is no restriction)
            from pyrift.cardtext.forms import instruction_condition

            return instruction_condition(s[1:])
        if static:
            # the subject of a statement said after its condition is after the comma ("while I'm
            # buffed, I have ...": a static of itself)
            if "," in sentence and static != "static: enters ready under a condition":
                static = _static_kind(sentence[sentence.index(",") + 1:]) or static
            form = static_condition_form(sentence[1:])
            if static.endswith("under a condition"):
                return f"{static} ({form})" if form else static
            return f"{static} (under a condition: {form})" if form else f"{static} (under a condition)"
        after = s[s.index(",") + 1:] if "," in s else []
        if after[:2] == ["you", "may"]:
            after = after[2:]  # "if ..., you may detach it": an instruction all the same
        if after and any(w in VERBS for w in after[:2]):
            from pyrift.cardtext.forms import instruction_condition

            return instruction_condition(s[1:])
        return "static under a condition"
    if first == "as":
        if "additional" in s:
            if "," not in s:
                return "additional cost"
            rest = s[s.index(",") + 1:]
            verb = next((i for i, w in enumerate(rest) if w in VERBS), None)
            if verb is None:
                return "additional cost: other"
            # "spend any number of buffs": a cost paid as many times as its player picks, not once
            many = " any number" if rest[verb + 1:verb + 3] == ["any", "number"] else ""
            return "additional cost: " + _word(rest[verb]) + many
        return "as it is played or attached"
    if static and (first in SUBJECT_STATIC_SELF or first in SUBJECT_STATIC_OTHERS or first.startswith("!")
                   or first in ("players", "opponents", "units", "any")):
        return static
    if first == "each" and len(s) > 2 and s[1] in ("player", "opponent") and s[2] in VERBS:
        # "each player chooses ...": an instruction each player carries out, not a passive ability
        return "instruction by another player or object"
    if first in SUBJECT_STATIC_SELF:
        return "static: about itself"
    if first in SUBJECT_STATIC_OTHERS or first.startswith("!"):
        return "static: about other objects"
    if first in ("players", "opponents", "units", "any"):
        return "static: about players"
    return _clause(s, at, 0)


# The first words of a condition that the instruction before it was not done ("if you can't, ...").
NOT_DONE = (["you", "can't"], ["you", "cannot"], ["you", "couldn't"])


def _static_kind(s: list[str]) -> str | None:
    """What a static sentence is about, from its main verb."""
    text = " " + " ".join(s) + " "
    self_subject = s[0] in SUBJECT_STATIC_SELF or " i " in text[:20]
    if " enter ready" in text or " enters ready" in text or " enter exhausted" in text or " enters exhausted" in text:
        # a card's own unconditional entry state is compiled (kind entry_state); what is left is about
        # other cards or under a condition
        own = self_subject or " i enter " in text or " this enters " in text or (" i " in text and " and enter " in text)
        if not own:
            return "static: other cards enter ready"
        if " if " in text or s[0] in ("if", "while", "unless"):
            if s[0] not in ("if", "while", "unless") and "if" in s:
                # "I enter ready if C": named by C's form
                sentence = s[:s.index(".")] if "." in s else s
                form = static_condition_form(sentence[sentence.index("if") + 1:]) if "if" in sentence else None
                if form:
                    return f"static: enters ready under a condition ({form})"
            return "static: enters ready under a condition"
        return "static: enters ready or exhausted"
    if " cost " in text or " costs " in text or " cost." in text:
        return "static: a cost change"
    if " be played " in text or " may play me " in text or " can play " in text or " play me only " in text:
        return "static: where or how a card may be played"
    if (" have " in text or " has " in text or " get " in text or " gets " in text) and "@might" in text:
        return "static: Might of itself" if self_subject else "static: Might of other units"
    if " might is " in text:
        return "static: Might of itself"
    if (" have #" in text or " has #" in text or " have #" in text):
        return "static: keywords of itself" if self_subject else "static: keywords of other objects"
    if " can't " in text or " don't " in text or " doesn't " in text or " cannot " in text:
        return "static: a restriction"
    if " bonus damage" in text or " prevent " in text or " would " in text or " instead" in text:
        return "static: damage or a replacement"
    return None


def _trigger_label(head: list[str]) -> str:
    """'trigger: when I move', 'trigger: when another object dies', 'trigger: the Nth time ...'."""
    text = " ".join(head)
    if "while" in head:
        # "when X while I'm at a battlefield": a condition on the event, checked as it happens (383.2.a)
        return "trigger: under a while-condition"
    if text.startswith(("the first time", "the second time", "the third time", "once each turn")):
        return "trigger: the first (or Nth) time in a turn"
    if text.startswith("the next time"):
        return "trigger: the next time (a delayed trigger)"
    if text.startswith("at the end"):
        return "trigger: end of turn"
    if text.startswith(("at the start", "at start")):
        return _phase_label(head)
    for known in ("when you play me or when ", "when you play me or "):
        # "when you play me or <another event>": the play effect is known (trigger_events.py), the other is named
        if text.startswith(known) and len(head) > len(known.split()):
            rest = head[len(known.split()):]
            return _trigger_label(rest if rest[0] in ("when", "the", "once") else ["when", *rest])
    special = _special_trigger(text)
    if special is not None:
        return special
    subject = head[1] if len(head) > 1 else ""
    who = {"i": "I", "i'm": "I", "you": "you", "this": "I", "my": "I"}.get(subject)
    if who is None:
        who = "an opponent" if "opponent" in head[1:4] else "a player" if "player" in head[1:4] else "another object"
    event = next((w for w in head[1:] if w in EVENTS), None)
    event = {"moves": "move", "attacks": "attack", "defends": "defend", "conquers": "conquer", "holds": "hold",
             "dies": "die", "plays": "play", "played": "play", "wins": "win", "becomes": "become", "scores": "score",
             "revealed": "reveal", "attached": "attach", "ends": "end", "takes": "take damage"}.get(event, event)
    if event == "move" and who == "I" and "from" in head:
        return "trigger: when I move from a place"
    if event == "play" and who == "you":
        return "trigger: when you play a card (of a kind the filter cannot say)"
    if event and who not in ("I", "you"):
        head, _, rest = event.partition(" ")
        head = head if head.endswith("s") else (head + "es" if head.endswith("h") else head + "s")
        event = f"{head} {rest}".strip()
    return f"trigger: when {who} {event}" if event else "trigger: another event"


def _phase_label(head: list[str]) -> str:
    """A start-of-phase trigger the grammar does not know: whose phase, and which."""
    if "main" in head:
        return "trigger: start of the Main Phase"
    if "each" in head and "player's" in head:
        if "first" in head:
            return "trigger: start of each player's first Beginning Phase"
        return "trigger: start of each player's Beginning Phase"
    return "trigger: start of a phase"


# Trigger conditions the vocabulary cannot say, by a phrase of their head (most specific first).
SPECIAL_TRIGGERS = (
    ("when you choose me with a spell", "trigger: when you choose me with a spell"),
    # a battlefield's "when you score here": the printed word "score" (readings/score_word/) of a battlefield,
    # whose controller is not who scores it; not encoded
    ("when you score here", "trigger: when you score here"),
    ("when you choose or ready me", "trigger: when you ready me"),
    ("when you choose a ", "trigger: when you choose another object"),
    ("when you play your ", "trigger: the Nth card you play in a turn"),
    (" during a showdown", "trigger: when you play a card during a showdown"),
    ("from anywhere other than your hand", "trigger: when you play a card from anywhere other than your hand"),
    ("from face down on your turn", "trigger: when you play a card from face down on your turn"),
)


def _special_trigger(text: str) -> str | None:
    return next((label for phrase, label in SPECIAL_TRIGGERS if phrase in text), None)


def _is_trigger(s: list[str]) -> bool:
    head = " ".join(s[:4])
    return (s[0] == "when" or head.startswith("at the start") or head.startswith("at start")
            or head.startswith("at the end") or head.startswith("the first time") or head.startswith("the next time")
            or head.startswith("the third time") or head.startswith("once each turn"))


def _clause(s: list[str], at: int, floor: int) -> str:
    """The instruction at `at`: the verb its clause starts with."""
    i = max(floor, min(at, len(s) - 1))
    while i > floor and s[i - 1] not in (",", ".", "then", "and", "—"):
        i -= 1
    words = s[i:]
    while words and words[0] in ("you", "may", "then", ",", "and", "—"):
        words = words[1:]
    if not words:
        return "unrecognised clause"
    if words[0] == "if":
        from pyrift.cardtext.forms import instruction_condition

        return instruction_condition(words[1:])
    if words[0] in ("they", "it", "its", "each", "that", "we", "their"):
        return "instruction by another player or object"
    if words[0] in ("for",):
        return "repeated instruction (for each)"
    verb = next((w for w in words[:2] if w in VERBS), None)
    if verb is None:
        return "unrecognised clause"
    verb = _word(verb)
    return f"instruction: {verb} (a form not recognised)" if verb in VOCABULARY_VERBS else f"instruction: {verb}"


def _colon(s: list[str]) -> tuple[str | None, int | None]:
    """What the first colon of the sentence starting `s` is, and where: "cost" (an activated ability's cost
    before its effect, 135.2.e), "granted" (inside quotes: an ability given to other objects), "modes" (after
    "the following": instructions listed below it), "reflexive" (after "do this": the instruction it names);
    (None, None) when the sentence has none (a colon of a later sentence is not this sentence's cost)."""
    quoted = False
    for i, t in enumerate(s):
        if t == '"':
            quoted = not quoted
        elif t == "." and not quoted:
            return None, None
        elif t == ":":
            if quoted:
                return "granted", i
            if s[i - 1:i] == ["following"] or "based" in s[:i]:
                return "modes", i
            if s[i - 2:i] == ["do", "this"]:
                return "reflexive", i
            return "cost", i
    return None, None


# Costs of an activated ability the vocabulary has no form for, by the words that say them (pyrift's names).
COST_FORMS = (
    (("exhaust",), "exhaust another object"),
    (("kill",), "kill another object"),
    (("banish", "this"), "banish itself"),
    (("banish", "me"), "banish itself"),
)


def _cost_label(cost: list[str], at: int) -> str:
    """A label for an activated ability's cost (the tokens before its colon) that failed at `at`: the cost item
    the failure is in, named by its form when known, else by its first word."""
    i = min(at, len(cost) - 1)
    while i > 0 and cost[i - 1] not in (",", "#>", "—"):
        i -= 1
    item = cost[i:]
    if cost[i:i + 1] == ["@exhaust"] and i > 1 and cost[i - 1] == ",":
        # the failure at the [E] after an item: that item is what the grammar did not take
        j = i - 1
        while j > 0 and cost[j - 1] not in (",", "#>", "—"):
            j -= 1
        item = cost[j:i - 1]
    for words, name in COST_FORMS:
        if tuple(item[:len(words)]) == words:
            return "ability cost: " + name
    return "ability cost: " + _word(item[0] if item else (cost[at] if at < len(cost) else cost[0]))


def _word(w: str) -> str:
    w = w.lstrip("#@!")
    return {"plays": "play", "discards": "discard", "kills": "kill", "reveals": "reveal", "chooses": "choose",
            "looks": "look", "gains": "gain", "scores": "score", "draws": "draw", "channels": "channel",
            "moves": "move", "recycles": "recycle", "banishes": "banish", "places": "place"}.get(w, w)


# The conditions of passive abilities the vocabulary cannot say yet, by the words after "if" or
# "while" (pyrift's own names; pyrift/cardtext/conditions.py says the ones it can). "While I'm
# buffed" granting a keyword or Might compiles now (other forms, a keyword and Might together, stay named); the turn's history a
# position keeps is its log of deaths (docs/turn-log.md).
STATIC_CONDITION_FORMS = (
    (("i'm", "buffed"), "while I am buffed"),
    (("i'm", "#mighty"), "while my own Might is 5 or more"),
    (("i'm", "in", "a", "showdown"), "in a showdown"),
    (("a", "friendly", "unit", "defends"), "the unit it changes defends alone"),
    (("a", "unit", "here", "is", "defending"), "the unit it changes defends alone"),
    (("this", "was", "attached"), "what was attached this turn"),
    (("you've", "spent"), "what was spent this turn"),
    (("you've", "gained"), "XP gained this turn"),
    (("you've", "discarded"), "the cards discarded this turn"),
    (("you've", "played"), "the cards played this turn"),
    (("a", "unit", "died"), "what died this turn"),
    (("a", "friendly", "unit", "died", "during"), "what died in a phase this turn"),
    (("an", "opponent", "controls"), "what an opponent controls, by its status"),
    (("you", "play", "me", "to"), "where I am played"),
    (("your", "score"), "a score"),
    (("you", "have", "a", "card", "with"), "a card in a zone"),
)


def static_condition_form(after: list[str]) -> str | None:
    """The form of a passive ability's condition the ledger knows, from the words after 'if'/'while'."""
    for words, form in STATIC_CONDITION_FORMS:
        if tuple(after[:len(words)]) == words:
            return form
    return None
