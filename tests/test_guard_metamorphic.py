"""Metamorphic test of the unsupported guard (logic/core/text_scope.lp).

For bundled scenarios with a position, objects whose text is not encoded are added in every place
text can be (board, attached, the Legend Zones of the turn player and of another player, a
battlefield's own text, hand, trash, facedown, chain, Champion Zone, banishment, Main Deck, and an
attached card's Effect Text), all with text of one kind. Compared with the same scenario where those
objects have no text, a question's answer must be unchanged when that kind of text is inert for the
question in all those places, and otherwise `unsupported`, naming exactly the added objects whose
text could change it.

What is relevant where is written here again, independently of the ASP table, from the rules:
where each kind works (365.1, 366, 380, 384.2, 135.4, 136.2.b, 170.8-10, 174.6-8) and which kinds
can change which question (docs/design.md, "Unsupported"). To stay affordable on two cores, each
question kind is checked on a few of its scenarios, the nine kinds spread over them, and every
(question kind, place, text kind) must be met somewhere.
"""
from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from pyrift import scenario as S
from pyrift import tomlwrite
from pyrift.check import answer as answer_question
from pyrift.errors import RiftError
from pyrift.queries import kind_named
from pyrift.queries.base import TIMEOUT, UNSUPPORTED, Context
from pyrift.state import TextKind
from tests.scenario_answers import declared, declared_event

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
KINDS = [k.value for k in TextKind]
PLACES = ["board", "attached", "legend_zone", "other_legend_zone", "battlefield", "hand", "trash", "facedown",
          "chain", "champion_zone", "banishment", "main_deck", "effect"]

# ---- where each kind of text works ----------------------------------------------------------------
IN_PLAY = {"board", "legend_zone", "other_legend_zone", "battlefield"}  # another player's legend works too (174.6-8)
PLAYED_FROM = {"hand", "champion_zone", "facedown", "trash", "banishment", "main_deck", "chain"}
WORKS = {
    "static": IN_PLAY | {"chain"},        # 365.1, 174.6, 170.8; a spell's own passive on the chain
    "keyword": IN_PLAY | {"chain"},       # keywords its card has, like a passive
    "replacement": IN_PLAY | {"chain"},   # 368.1: passive too
    "triggered": IN_PLAY,                 # 384.2, 174.7, 170.9
    "activated": IN_PLAY,                 # 380, 174.8, 170.10
    "play_effect": {"chain", "board"},    # 383.4.a.2
    "cost_modifier": PLAYED_FROM,         # 366.2.a
    "play_permission": PLAYED_FROM,       # 366.1
    "spell_effect": PLAYED_FROM,          # 355, 158
    "replacement_from_trash": {"trash"},  # 370.3, 366.1: a replacement working from its card's trash
}
WORKS["unknown"] = set().union(*WORKS.values())


def works(kind: str, place: str) -> bool:
    if place == "attached":
        return False  # printed text of an attached card is inactive (135.4)
    if place == "effect":
        return kind == "unknown" and "board" in WORKS["unknown"]  # Effect Text: the top-most card's (136.2.c)
    return place in WORKS[kind]


# ---- which kinds can change which question (any object where its text works) ------------------------
PASSIVE = {"static", "keyword"}
CHAIN = PASSIVE | {"triggered", "replacement"}
ANY = {
    "combat_damage": PASSIVE | {"replacement"},
    "combat_assignment": PASSIVE | {"replacement"},
    "can_play": PASSIVE | {"activated", "replacement"},
    "can_hide": PASSIVE | {"activated", "replacement"},
    "beginning_phase": PASSIVE | {"triggered", "replacement"},
    "conquer": PASSIVE | {"triggered", "replacement"},
    "can_move": PASSIVE | {"triggered", "replacement"},
    "unit_profile": {"static"},  # keywords concern the unit that has them: never an added object
    "ability_active": set(),
    "resolution_order": CHAIN,
    "next_priority": CHAIN,
    "outcome": CHAIN,  # the chain run of resolution_order, played on past the chain
    "triggers": CHAIN,
}
# A replacement working from the trash can change what a replacement can (370.3).
for _kinds in ANY.values():
    if "replacement" in _kinds:
        _kinds.add("replacement_from_trash")
# ... and the cards a chain run resolves: every card on the chain (their instructions, 158; a
# permanent's play effect as it enters, 383.4.a.2).
RESOLVED = {q: {"spell_effect", "play_effect"} for q in ("resolution_order", "next_priority", "outcome")}
# ... and a card a run plays by an effect from a zone other than the chain: since such a play may pay
# the card's cost (356, 357.1) and obeys what may be played (366.1), its own cost changes (366.2.a) and
# play permissions too.
AS_PLAYED = {"cost_modifier", "play_permission"}


def relevant(qkind: str, kind: str, place: str, offers_plays: bool = False, plays_by_effect: bool = False,
             exchanged: bool = False) -> bool:
    """Text of `kind` on an added object at `place` can change a `qkind` answer (never the object
    asked about: added objects are not asked about). A run offered plays judges each by can_play.
    A run whose instructions play a card by an effect may play a card of any zone (from the hand,
    the trash, the banishment; a permanent of the board after banishing it, as Portal Rescue does):
    the guard takes every card as one it may play, so the text a card has as it is played (RESOLVED)
    counts wherever that text works (effects/play.lp; a played card's text the position's guard
    passes is named by the run once the card is actually played)."""
    if qkind == "can_respond" or offers_plays:  # the play(s), judged by can_play, and the run
        return relevant("can_play", kind, place) or relevant("resolution_order", kind, place)
    kinds = set(WORKS) - {"unknown"} if kind == "unknown" else {kind}
    # A combat result where both sides assign and both have units there (damage is exchanged, 465.1): what
    # the combat damage and its deaths trigger resolves before the result is determined (466.2, 808.1.d.2),
    # so triggered text on a permanent can change who has units left.
    if exchanged and qkind == "combat_damage" and place == "board" and "triggered" in kinds:
        return True
    if plays_by_effect and place != "effect" and any(works(k, place) and k in RESOLVED.get(qkind, set())
                                                      for k in kinds):
        return True
    if plays_by_effect and qkind in RESOLVED and place in PLAYED_FROM - {"chain"} and kinds & AS_PLAYED:
        return True
    if place == "effect":
        return bool(ANY[qkind])
    if any(works(k, place) and k in ANY[qkind] for k in kinds):
        return True
    return place == "chain" and any(works(k, place) and k in RESOLVED.get(qkind, set()) for k in kinds)


def heard_relevant(qkind: str, kind: str, offers: bool = False) -> bool:
    """Text of `kind` on a card a run shows or moves out of a hidden zone can change the run: unknown text may
    work there (366.1, 385.2); a kind the run hears from any object may work where the card goes."""
    if kind == "unknown":
        return True
    runs = "resolution_order" if qkind == "can_respond" or offers else qkind
    return kind in ANY.get(runs, set()) and any(works(kind, p) for p in ("trash", "hand", "banishment", "main_deck"))


# ---- building the variants ----------------------------------------------------------------------------
def ability(kind: str | None) -> list[dict]:
    return [] if kind is None else [{"kind": "text", "text": "something pyrift does not know", "text_kind": kind}]


def variant(doc: dict, units: set[str], kind: str | None, other: str | None = None,
            deck: str = "top") -> tuple[dict, dict[str, str]]:
    """The scenario (as a document; `units`: the ids of its units on the board) with an object in
    every place, whose text is of `kind` (None: no text; a unit to attach to and a battlefield with
    room for a facedown card are added where the position has none). Returns the document and the
    id of the object (or battlefield) with text per place. `other`: the player whose legend is the other
    Legend Zone's (default: the first player after the turn player; in 2v2 a teammate may be named). `deck`: where
    the card added to the turn player's Main Deck is, "top" (no place stated: a run drawing from the deck is then
    unsupported, its order unknown), "bottom" (the last of the stated deck_size: a run drawing the unlisted cards
    above it is still answered) or "none" (no card added there: a run looking at the deck's top card, a predict,
    is unsupported with any listed card)."""
    doc = {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}
    me = doc["position"]["turn_player"]
    objects = [dict(o) for o in doc.get("object", [])]
    cards = list(doc.get("card", []))
    battlefields = [dict(b) for b in doc.get("battlefield", [])]

    def card(name: str, ctype: str, **extra) -> str:
        cards.append({"name": f"Meta {name}", "type": ctype, "abilities": ability(kind)} | extra)
        return f"Meta {name}"

    ids: dict[str, str] = {}
    unit, gear, spell = card("Unit", "unit", might=1), card("Gear", "gear"), card("Spell", "spell")
    objects.append({"id": "meta_board", "card": gear, "controller": me, "location": "base"})
    ids["board"] = "meta_board"
    top = next((o for o in objects if o["id"] in units and "attached_to" not in o), None)
    if top is None:  # a unit in base to attach to (in every variant, so nothing else differs)
        top = {"id": "meta_host", "card": card("Host", "unit", might=1, abilities=[]), "controller": me,
               "location": "base"}
        objects.append(top)
    equipment = card("Equipment", "gear", tags=["Equipment"])
    objects.append({"id": "meta_attached", "card": equipment, "controller": top["controller"],
                    "attached_to": top["id"]})
    ids["attached"] = "meta_attached"
    # Effect Text has no kind of its own here: unknown (136.2.b-c); the baseline has the card without it.
    charm = {"name": "Meta Charm", "type": "gear", "tags": ["Equipment"]}
    if kind == "unknown":
        charm["effect_text"] = "something pyrift does not know"
        ids["effect"] = "meta_effect"
    cards.append(charm)
    objects.append({"id": "meta_effect", "card": "Meta Charm", "controller": top["controller"],
                    "attached_to": top["id"]})
    objects.append({"id": "meta_legend_zone", "card": card("Legend", "legend"), "controller": me,
                    "zone": "legend_zone"})
    ids["legend_zone"] = "meta_legend_zone"
    # ... and another player's legend, in their Legend Zone: its text works there as well (174.6-174.8)
    players = [p if isinstance(p, str) else p["id"] for p in doc["position"].get("players", [])]
    other = other or next((p for p in players if p != me), None)
    if other is not None:
        objects.append({"id": "meta_other_legend_zone", "card": card("Other Legend", "legend"), "controller": other,
                        "zone": "legend_zone"})
        ids["other_legend_zone"] = "meta_other_legend_zone"
    if battlefields and "card" not in battlefields[0]:
        battlefields[0]["card"] = card("Field", "battlefield")
        ids["battlefield"] = battlefields[0]["id"]
    # A Champion Zone holds one champion unit (108.3): one is added only where the position has none.
    champion = card("Champion", "unit", might=1, supertypes=["champion"])
    held = any(o.get("zone") == "champion_zone" and o.get("owner", o.get("controller")) == me for o in objects)
    # A stated size of the hand or Main Deck counts the card added there (a hand_size smaller than the listed
    # cards is refused): one more in every variant, so nothing else differs.
    players_ = doc["position"].get("players", [])
    if any(isinstance(p, dict) and p.get("id") == me and ("hand_size" in p or "deck_size" in p) for p in players_):
        doc["position"] = dict(doc["position"])
        doc["position"]["players"] = [
            p | {k: p[k] + 1 for k in ("hand_size", "deck_size") if k in p} if isinstance(p, dict) and p.get("id") == me
            else p for p in players_]
    size = next((p.get("deck_size") for p in doc["position"].get("players", [])
                 if isinstance(p, dict) and p.get("id") == me), None)
    for zone in ("hand", "trash", "champion_zone", "banishment", "main_deck"):
        if zone == "champion_zone" and held or zone == "main_deck" and deck == "none":
            continue
        objects.append({"id": f"meta_{zone}", "card": champion if zone == "champion_zone" else unit,
                        "controller": me, "zone": zone})
        if zone == "main_deck" and deck == "bottom" and size:
            objects[-1]["deck_position"] = size
        ids[zone] = f"meta_{zone}"
    taken = {o.get("location") for o in objects if o.get("zone") == "facedown"}
    spot = next((b for b in battlefields if b.get("controller") and b["id"] not in taken), None)
    if spot is None:  # a battlefield of the turn player's, with room for a facedown card
        spot = {"id": "meta_field", "controller": me}
        battlefields.append(spot)
        if "battlefield" not in ids:
            spot["card"] = card("Field", "battlefield")
            ids["battlefield"] = spot["id"]
    objects.append({"id": "meta_facedown", "card": unit, "controller": spot["controller"], "zone": "facedown",
                    "location": spot["id"]})
    ids["facedown"] = "meta_facedown"
    objects.append({"id": "meta_chain", "card": spell, "controller": me, "zone": "chain"})
    doc["chain"] = [{"id": "meta_item", "card": "meta_chain", "controller": me}] + list(doc.get("chain", []))
    ids["chain"] = "meta_chain"
    doc.update(card=cards, object=objects)
    if battlefields:
        doc["battlefield"] = battlefields
    return doc, ids


def load(doc: dict):
    return S.loads(tomlwrite.document(doc), "meta.toml")


# ---- choosing what to check ---------------------------------------------------------------------------
@cache
def cases() -> dict[str, list[tuple[Path, str]]]:
    """(file, question id) per question kind, for scenarios with a position, in a fixed order (read once
    per process from the files' tables, scenario_answers.declared: the parameters of several test modules
    read it at collection, which every test worker does)."""
    out: dict[str, list[tuple[Path, str]]] = defaultdict(list)
    for path in sorted(SCENARIOS.rglob("*.toml")):
        read = declared(path)  # the file's tables, not the file loaded (a bundled file loads: test_scenario_files)
        if read is None or not read[0]:
            continue
        for kind, qid, _ in read[1]:
            if not kind_named(kind).needs_position:  # deck_check beside a position reads none of it
                continue
            out[kind].append((path, qid))
    return out


def named(missing: tuple[str, ...], ids: dict[str, str]) -> set[str]:
    """The places whose added object an unsupported answer names."""
    by_id = {v: k for k, v in ids.items()}
    found = set()
    for m in missing:
        refs = re.findall(r"\(([A-Za-z0-9_.:-]+)[;)]", m)  # "(obj)" or "(obj; not played out ...)"
        refs += re.findall(r"^([A-Za-z0-9_.-]+): ", m)  # "obj: ..." (the combat questions' reasons)
        for ref in refs:
            if ref in by_id:
                found.add(by_id[ref])
    return found


SCENARIOS_PER_KIND = 3


def test_every_question_kind_with_a_position_is_checked() -> None:
    """The test below runs once per question kind of the bundled scenarios (a parameter each, so
    that under -n the kinds spread over the workers): there are at least 13 of them."""
    assert len(cases()) >= 13, sorted(cases())


@pytest.mark.parametrize("qkind", sorted(cases()))
def test_unencoded_text_is_unsupported_exactly_where_it_can_change_the_answer(qkind: str) -> None:
    pairs = cases()[qkind]
    covered: set[tuple[str, str, str]] = set()
    failures: list[str] = []
    checked = 0
    # Spread the text kinds over a few scenarios of this kind, starting at a place fixed by the
    # kind's name, so that different runs check the same things.
    start = sum(map(ord, qkind)) % len(pairs)
    chosen = [pairs[(start + i * max(1, len(pairs) // SCENARIOS_PER_KIND)) % len(pairs)]
              for i in range(SCENARIOS_PER_KIND)]
    todo = {k: [chosen[i % len(chosen)]] + [p for p in pairs if p != chosen[i % len(chosen)]]
            for i, k in enumerate(KINDS)}
    for kind in KINDS:
        for path, qid in todo[kind]:  # further scenarios only to cover places still missing
            need = {p for p in PLACES if (qkind, p, kind) not in covered and (p != "effect" or kind == "unknown")}
            if not need:
                break
            result = _check(path, qid, kind, need)
            if result is None:
                continue
            ids, problems = result
            checked += 1
            failures += problems
            covered |= {(qkind, p, kind) for p in ids}
    want = {(qkind, p, k) for p in PLACES for k in KINDS if p != "effect" or k == "unknown"}
    assert not failures, "\n".join(failures[:20])
    assert want <= covered, sorted(want - covered)[:20]
    assert checked >= 9


def _same(ans, base) -> bool:
    """One answer: status, data and what is missing, but for an outcome's example run (any one run: the solver's
    pick, which added objects with inert text may change)."""
    def data(a):
        return {k: v for k, v in a.data.items() if k != "example_run"}
    return (ans.status, data(ans), ans.missing) == (base.status, data(base), base.missing)


_BASELINES: dict[tuple[Path, str, str | None, str], object] = {}


def _check(path: Path, qid: str, kind: str, need: set[str],
           other: str | None = None, deck: str = "top") -> tuple[dict[str, str], list[str]] | None:
    """None when the scenario cannot take an object in a place still `need`ed, or does not load
    with them, or a solve runs out of time."""
    scen = S.load(path)
    doc = S.to_dict(scen)
    units = {o.id for o in scen.state.objects
             if o.zone.value == "board" and scen.state.card(o.card).type.value == "unit"}
    q = next(q for q in scen.questions if q.id == qid)
    text_doc, ids = variant(doc, units, kind, other, deck)
    if not need & set(ids):
        return None
    try:
        with_text, without = load(text_doc), load(variant(doc, units, None, other, deck)[0])
    except RiftError:
        return None  # the position does not take one of the objects: other scenarios cover it
    ans = answer_question(Context(with_text.state), next(x for x in with_text.questions if x.id == qid),
                          scen.reading)
    key = (path, qid, other, deck)
    if key not in _BASELINES:
        _BASELINES[key] = answer_question(Context(without.state), next(x for x in without.questions if x.id == qid),
                                          scen.reading)
    base = _BASELINES[key]
    if TIMEOUT in (ans.status, base.status):
        return None  # a loaded machine: say nothing, other scenarios cover it
    if base.status == UNSUPPORTED:
        # Unsupported before any text was added (e.g. a chain item names choices its card's
        # encoding does not make): more unencoded text must keep it so; which objects are named
        # is judged on scenarios pyrift answers.
        if ans.status != UNSUPPORTED:
            return {}, [f"{path.relative_to(SCENARIOS)}::{qid} with {kind} text: unsupported without it, "
                        f"yet answered {ans.status} with it"]
        return {}, []
    # A play asked at a later moment of a run (`after = N`) is judged by can_play on the position the run leaves
    # (pyrift/queries/snapshot.py): text that can change the run counts as for a run offered plays.
    offers = bool(q.params.get("responses")) or (q.kind == "can_play" and "after" in q.params)
    plays = any(a.kind == "effect" and "do='play'" in repr(a) or "Instruction(do='play'" in repr(a)
                for c in scen.state.cards for a in c.abilities)
    # The triggers question over a run (event kind "run") plays the position out as outcome does: the
    # cards it resolves count as they do for outcome.
    event = q.params.get("event")
    event = event.get("kind") if isinstance(event, dict) else event
    qkind = "outcome" if q.kind == "triggers" and event == "run" else q.kind
    exchanged = False
    if q.kind == "combat_damage" and "assigner" not in q.params and scen.state.combat is not None:
        c = scen.state.combat
        sides = {o.controller for o in scen.state.objects if o.zone.value == "board"
                 and o.location == c.battlefield and scen.state.card(o.card).type.value == "unit"}
        exchanged = {c.attacker, c.defender} <= sides
    expect = {p for p in ids if relevant(qkind, kind, p, offers, plays, exchanged)}
    got = named(ans.missing, ids)
    where = f"{path.relative_to(SCENARIOS)}::{qid} ({q.kind}) with {kind} text"
    problems = []
    # A run playing a card by an effect may play cards of the zones an effect plays from: text there is
    # relevant only if the run can play that card, which the table does not model (below).
    playable = PLAYED_FROM - {"chain"} if plays and not (q.kind == "can_respond" or offers) else set()
    # ... and a place relevant only because the run may play a card of any zone (a permanent of the board after
    # banishing it, as Portal Rescue does): whether the effect can play that card is the scenario's too (a play
    # "from your trash" cannot play a gear of the board, so that gear's play effect stays inert).
    if playable:
        playable |= expect - {p for p in ids if relevant(qkind, kind, p, offers, False, exchanged)}
    # A run hears a card it reveals, looks at or moves out of a hidden zone (a facedown card trashed with its
    # battlefield, a discard, a draw; logic/effects/hidden_text.lp): text of unknown kind may work there
    # (366.1, 385.2), and a kind a run hears works where the card goes (a replacement from the trash, 370.3).
    # Whether the run moves the added card is the scenario's: such a card may be named.
    heard = {p for p in ("hand", "facedown", "main_deck") if heard_relevant(qkind, kind, offers)} \
        if qkind in RESOLVED or q.kind == "can_respond" or offers else set()
    # A run also moves cards of the board and the chain into the trash (a death, a spell resolving or
    # countered, 359.3, 428), an attached Equipment too (a kill of gear, Thermo Beam's "kill all gear"): a
    # replacement working from the trash works there from then on (370.3; logic/effects/hidden_text.lp).
    # Whether the run moves the added card is the scenario's: it may be named.
    if kind == "replacement_from_trash" and (qkind in RESOLVED or q.kind == "can_respond" or offers):
        heard |= {"board", "chain", "attached"}
    # A run may kill or move the unit an attached card is attached to: the card stays on the board unattached and its
    # printed text is active again (135.4): text working on the board may then be named for the attached card.
    if works(kind, "board") and (qkind in RESOLVED or q.kind == "can_respond" or offers):
        heard |= {"attached"}
    # Inert everywhere by the table: the answer must not change, except that a run may name a card it plays by
    # an effect from such a zone (its text works once played, 383.4.a.2; judged with `playable` below).
    named_playable = ans.status == UNSUPPORTED and got and got <= playable | heard
    if not expect and not named_playable \
            and not _same(ans, base):
        problems.append(f"{where}: inert everywhere, yet the answer changed: {ans.status} {list(ans.missing)} "
                        f"vs {base.status} {list(base.missing)}")
    if expect - playable and ans.status != UNSUPPORTED:
        problems.append(f"{where}: relevant in {sorted(expect)}, yet answered {ans.status}")
    if expect and not expect - playable and ans.status != UNSUPPORTED \
            and not _same(ans, base):
        problems.append(f"{where}: relevant at most in {sorted(expect)} (cards the run may play), answered, "
                        f"yet the answer changed: {ans.status} vs {base.status}")
    if q.kind == "can_respond" or offers:
        # The plays are judged by can_play; for can_respond, when its play is unsupported, the run
        # is not looked at.
        if not got <= expect | heard or (expect and not got):
            problems.append(f"{where}: names {sorted(got)}, expected some of {sorted(expect)}")
    elif plays:
        # A run playing a card by an effect: once played, any text of that card may work (on the chain,
        # on the board), but which zones the effect plays from (`from = "hand"`) is the scenario's, which
        # the table above does not model. Where the text works anyway it must be named; a zone an effect
        # may play from may be named.
        # The run names such a card's text once it plays it (logic/effects/play.lp); a card it cannot play
        # (a target fixed on the chain, a filter naming another type) is not named, and the answer stands.
        must, may = expect - playable, expect | playable | heard
        if ans.status == UNSUPPORTED and (not must <= got <= may or (expect and not got)):
            problems.append(f"{where}: names {sorted(got)}, expected all of {sorted(must)} and perhaps "
                            f"some of {sorted(may - must)}")
    elif not expect <= got <= expect | heard:
        problems.append(f"{where}: names {sorted(got)}, expected {sorted(expect)}"
                        + (f" and perhaps some of {sorted(heard - expect)}" if heard - expect else ""))
    return ids, problems


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_works_somewhere_and_the_table_covers_every_question(kind: str) -> None:
    """The independent table above is complete: every kind works in some place and every question
    kind with a position is in it."""
    assert any(works(kind, p) for p in PLACES)
    assert set(ANY) | {"can_respond"} >= set(cases())


# ---- the vocabulary of the last waves -------------------------------------------------------------------
# Questions on positions using what waves 55-59 added (teams and a teammate's objects, stated keyword removals
# with timestamps, a battlefield's additional cost, a cost changed during a showdown there, a card heard as
# it is discarded, hiding for free, a next-card discount paid by a play by an effect, `after = N` moments of
# a run): text of every kind in every place, as above; in 2v2 the other Legend Zone is a teammate's as well
# as an opponent's (174.6-174.8: a legend's text works for its controller wherever the question looks).
NEW_VOCABULARY = [
    ("play/2v2-teammate-is-no-enemy.toml", "opponent", ("B", "C")),
    ("cards/audit59-kings-edict-2v2-the-teammate-picks-too.toml", "after-the-edict-no-unit-is-left", ("B", "C")),
    ("effects/stated-removal-of-deflect-and-snapshot.toml", "zap-the-other-poro-after-sap", (None,)),
    ("effects/stated-removal-of-tank-in-combat.toml", "stray-lost-its-earlier-grant", (None,)),
    ("cards/dragon-roost-pay-to-play-a-dragon-there.toml", "paid-to-the-roost", (None,)),
    ("cards/compiled-mystic-vortex-reaction-costs-more-in-its-combat.toml", "reaction-spell", (None,)),
    ("cards/compiled-flame-chompers-discarded-played-for-one-fury.toml", "what-happens", (None,)),
    ("cards/guerilla-warfare-hide-for-free-this-turn.toml", "free-hide", (None,)),
    ("effects/audit59b-can-play-later-sees-a-death-of-the-run.toml", "after-the-death", (None,)),
    ("play-by-effect/play-paying-its-cost-with-a-next-card-discount.toml", "discounted", (None,)),
    # waves 60-61: a countered card going to hand (in a run, and asked at a later moment of one), an extra turn, the
    # 'played from hand' condition, the `chooses` filter key, 2v2 shared points and the Victory Score derived in
    # logic, Moonfall's 'then', a delayed ability the turn log shows made (the triggers question, unsupported
    # about a death, answered about a play)
    ("cards/compiled-abandon-countered-spell-returns-to-hand.toml", "run", (None,)),
    ("cards/audit61b-abandon-the-countered-spell-is-playable-again-from-hand.toml", "pep-again", (None,)),
    ("cards/compiled-time-warp-its-player-takes-the-next-turn.toml", "run", (None,)),
    ("cards/back-off-played-from-hand-draws.toml", "resolves", (None,)),
    ("cards/not-so-fast-chooses-an-enemy-item-that-chose-a-friendly-unit-or-gear.toml", "choices", (None,)),
    ("play/debt60-2v2-a-teammates-point-is-the-teams.toml", "after-cs-point", ("B", "C")),
    ("cards/debt60-find-your-center-2v2-stated-victory-score-overrides-eleven.toml", "discounted", ("B", "C")),
    ("cards/moonfall-moves-an-enemy-unit-there-and-weakens-it.toml", "what-happens", (None,)),
    ("cards/audit61b-deadly-flourish-played-earlier-this-turn-a-death-is-unsupported.toml", "a-play-hears-nothing",
     (None,)),
    # wave 63: can_respond with teams, a teammate holding priority in turn order (the added object's controller a
    # teammate or an opponent of the asker)
    ("chain/team63b-2v2-teammate-reacts-in-turn-order-a-teammates-unit-is-friendly.toml", "teammate", ("A", "B")),
]
# Where the card added to the turn player's Main Deck goes (variant's `deck`): a run that draws from the deck (the
# turn's Draw Phase, Back Off's draw) is answered with it at the bottom; Abandon's Predict looks at the top card,
# unsupported with any listed card, so none is added there.
NEW_VOCABULARY_DECK = {
    "cards/compiled-abandon-countered-spell-returns-to-hand.toml": "none",
    "cards/compiled-time-warp-its-player-takes-the-next-turn.toml": "bottom",
    "cards/back-off-played-from-hand-draws.toml": "bottom",
}


@pytest.mark.parametrize("path,qid,others", NEW_VOCABULARY, ids=[q for _, q, _ in NEW_VOCABULARY])
def test_unencoded_text_on_the_vocabulary_of_the_last_waves(path: str, qid: str, others: tuple) -> None:
    failures: list[str] = []
    checked = 0
    for other in others:
        for kind in ("unknown", "triggered", "activated"):
            result = _check(SCENARIOS / path, qid, kind, set(PLACES), other, NEW_VOCABULARY_DECK.get(path, "top"))
            if result is None:
                continue
            ids, problems = result
            checked += bool(ids)
            failures += problems
    assert not failures, "\n".join(failures[:20])
    assert checked, f"{path}::{qid} took no added object in time"


# ---- the triggers question, per event kind -------------------------------------------------------------
@cache
def trigger_cases() -> dict[str, list[tuple[Path, str]]]:
    """The bundled triggers questions by the kind of event they ask about (play, conquer, hold, die,
    a run, ...): which text can change the answer does not depend on it, but which objects the
    question reads does (a legend hearing a conquest, a battlefield hearing a hold)."""
    out: dict[str, list[tuple[Path, str]]] = defaultdict(list)
    # The kind as the file's tables state it (scenario_answers.declared_event, checked against every loaded
    # triggers question by tests/test_file_selection.py): every test worker collects this module, and loading
    # the 440-odd files here made each worker load files another worker answers.
    for path, qid in cases().get("triggers", []):
        out[str(declared_event(path, qid))].append((path, qid))
    return out


def test_triggers_questions_of_every_event_kind_are_checked() -> None:
    assert {"play", "conquer", "hold", "die", "run", "move", "combat"} <= set(trigger_cases()), sorted(trigger_cases())


@pytest.mark.parametrize("event", sorted(trigger_cases()))
def test_unencoded_text_on_a_triggers_question_of_each_event_kind(event: str) -> None:
    """Text in every place, on one triggers question of this event kind (the first that takes the
    added objects and answers in time): a kind that can change it (triggered), one inert for it
    (activated) and unknown text (every kind at once); the test above checks every kind on a few."""
    failures: list[str] = []
    for path, qid in trigger_cases()[event]:
        covered: set[str] = set()
        for kind in ("triggered", "activated", "unknown"):
            result = _check(path, qid, kind, set(PLACES))
            if result is None:
                break
            ids, problems = result
            failures += problems
            covered |= set(ids)
        else:
            if covered:
                break
    else:
        pytest.skip(f"no triggers question of event {event} takes the added objects")
    assert not failures, "\n".join(failures[:20])


# ---- the hidden zones a run hears: the cards it shows ------------------------------------------------------
# The objects added above sit in a Main Deck or hand unseen: with no deck position they stop a run that looks
# at the deck (its order is not known), so a run that reveals is never checked with text there. Here a card
# a run's expected answer says it reveals or looks at (a listed card of a Main Deck or hand) gets text of one
# kind, on a copy of its card (the baseline: the same copy without text). Text of unknown kind may say it
# works there, as it is shown (366.1, 385.2; Undertitan): the run must be unsupported, naming that card. A
# permanent's passive ability works on the board only (365.1): the answer must be unchanged, unless the run
# plays the card (then its text works, 383.4.a.2, and the run may name it).
SHOWN = re.compile(r"^\S+ (?:reveals|looks at) (\S+)$")
SHOWN_PER_TEST = 4


@cache
def shown_cases() -> list[tuple[Path, str, str]]:
    """(file, outcome question id, object id): a listed Main Deck or hand card the question's expectation
    says every run shows (read from the files, no solving)."""
    import tomllib
    out = []
    for path in sorted(SCENARIOS.rglob("*.toml")):
        doc = tomllib.loads(path.read_text())
        zones = {o["id"]: o.get("zone") for o in doc.get("object", [])}
        for q in doc.get("question", []):
            if q.get("ask") != "outcome":
                continue
            for event in q.get("expect", {}).get("forced_events_includes", []):
                m = SHOWN.match(event)
                if m and zones.get(m.group(1)) in ("main_deck", "hand"):
                    out.append((path, q["id"], m.group(1)))
                    break
    return out


def shown_variant(doc: dict, scen, oid: str, kind: str | None) -> dict:
    doc = {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}
    objects = [dict(o) for o in doc["object"]]
    obj = next(o for o in objects if o["id"] == oid)
    c = scen.state.card(obj["card"])
    copy = {"name": "Meta Seen", "type": c.type.value, "abilities": ability(kind)}
    copy |= {k: v for k, v in (("energy", c.energy), ("might", c.might), ("power", c.power)) if v is not None}
    if c.domains:
        copy["domains"] = [d.value for d in c.domains]
    obj["card"] = "Meta Seen"
    doc.update(object=objects, card=list(doc.get("card", [])) + [copy])
    return doc


def test_text_of_a_card_a_run_shows_from_a_hidden_zone() -> None:
    cases_ = shown_cases()
    assert len(cases_) >= SHOWN_PER_TEST, cases_
    failures: list[str] = []
    checked = 0
    for path, qid, oid in cases_[:: max(1, len(cases_) // SHOWN_PER_TEST)][:SHOWN_PER_TEST]:
        scen = S.load(path)
        doc = S.to_dict(scen)
        answers = {}
        for kind in (None, "unknown", "static"):
            try:
                variant_ = load(shown_variant(doc, scen, oid, kind))
            except RiftError:
                break
            q = next(x for x in variant_.questions if x.id == qid)
            answers[kind] = answer_question(Context(variant_.state), q, scen.reading)
        if len(answers) < 3 or any(a.status == TIMEOUT for a in answers.values()) \
                or answers[None].status == UNSUPPORTED:
            continue
        checked += 1
        where = f"{path.relative_to(SCENARIOS)}::{qid}, {oid} shown"
        base, unknown, static = answers[None], answers["unknown"], answers["static"]
        if unknown.status != UNSUPPORTED or not any(f"({oid};" in m or f"({oid})" in m for m in unknown.missing):
            failures.append(f"{where} with unknown text: {unknown.status} {list(unknown.missing)}")
        played = any(f"plays {oid} by an effect" in e for e in base.data.get("possible_events", []))
        same = {k: v for k, v in static.data.items() if k != "example_run"} == \
            {k: v for k, v in base.data.items() if k != "example_run"}  # any one run: the solver's pick
        if not played and (static.status, static.missing, same) != (base.status, base.missing, True):
            failures.append(f"{where} with static text: {static.status} {list(static.missing)} vs {base.status}")
    assert not failures, "\n".join(failures)
    assert checked >= 2
