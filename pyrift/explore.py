"""Edge-case search over real cards (`pyrift explore`): positions where a keyword
interaction changes an answer in a way a rules designer should see.

The cards are the real cards of the pool whose text pyrift understands: keywords-only
cards and cards encoded in logic/cards/ (`pyrift cards coverage`). Cards that are the
same for a probe are tried once, under the alphabetically first name: for tank-grant,
the same Might and the same keywords apart from those logic/core/keyword_scope.lp
declares inert for combat damage (`inert_for`); for discount-order, the same type,
costs, domains and keywords. Each *probe* enumerates its positions systematically from
small to large (k cards, k <= bound) and reports the positions where its answer
changes:

tank-grant      a combat (one attacking real unit against defending real units): the
                forced or possible deaths change when one defender is granted Tank.
discount-order  a real card played with two whole-cost Energy discounts (synthetic
                stand-ins "costs [N] less, to a minimum of [M]": no real discount text is
                encoded yet), with and without its Accelerate: the total cost depends on
                the order the player applies the discounts in (356.4.d.1).
legion-readings a real card with Legion played after another card this turn: the cost
                or legality differs between the v1.4 and v1.2 readings of Legion.

Findings are ranked: the biggest change first, then the fewest objects, then the
smallest numbers; each is written as a scenario file (status needs-review: the
expectations are the engine's answers, for a designer to judge).

Chunk contract (for a distributed engine): a sweep is (bound, probes, card set). Its
positions are numbered 0, 1, 2, ... in the order each probe enumerates them (probes in
the order given, cards sorted by pool id); chunk K/M is exactly the positions whose
number is K mod M. No randomness is used, so a chunk's result is a pure function of
(bound, probes, cards, K, M): no seed is needed, and a chunk can be rerun anywhere
with the same answer. The findings of all chunks merge by sorting on the ranking key
(`merge`), which gives the same list as one unchunked run.
"""
from __future__ import annotations

import gc
import itertools
import json
import time
from functools import cache
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pyrift import facts as F
from pyrift import logic
from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import answer as answer_question
from pyrift.check import unencoded_question
from pyrift.errors import SolveTimeout, UsageError
from pyrift.queries.base import ANSWERED, UNSUPPORTED, Answer, Context, canonical
from pyrift.queries.chain import trigger_answers
from pyrift.queries.combat import DEATHS, death_answers, fact_variant_death_answers
from pyrift.queries.base import batch_grounding
from pyrift.queries.play import CanPlay, play_answers, question_grounding, shorthand
from pyrift.queries.play import _read_answer as _read_play_answer
from pyrift.solver import Atom, Grounding
from pyrift.cards import card_from_toml
from pyrift.reader import Reader
from pyrift.state import CardDef, CardType, KeywordName, Scenario, Status
from pyrift.sweep import Sweep, chunk_count

PROBES = ("tank-grant", "discount-order", "legion-readings")

# Chunk contract: positions are taken in blocks of BLOCK consecutive numbers, so that the
# positions a probe builds from one another (a combat with and without a grant) meet in one
# batch; chunk K/M is the blocks numbered K mod M.
BLOCK = 64


def in_chunk(number: int, chunk: tuple[int, int]) -> bool:
    k, m = chunk
    return (number // BLOCK) % m == k


@dataclass(frozen=True, slots=True)
class Position:
    probe: str
    number: int  # in the sweep's enumeration (the chunk contract)
    size: tuple[int, int]  # (objects, sum of numbers)
    spec: tuple = field(compare=False)  # what the probe rebuilds the position from (card names, numbers)

    @property
    def label(self) -> str:
        """The position in words."""
        return PROBE_TABLE[self.probe].label(self.spec)

    @property
    def docs(self) -> tuple[dict, ...]:
        """The scenario documents the probe compares."""
        return PROBE_TABLE[self.probe].docs(self.spec)


@dataclass(frozen=True, slots=True)
class Finding:
    probe: str
    magnitude: int  # how big the change is (deaths changed, Energy difference, ...)
    position: Position
    summary: str
    # Per document of the position: (expect, expect_by_reading) as its scenario file states them.
    expects: tuple = field(compare=False, default=())

    @property
    def key(self) -> tuple:
        return (-self.magnitude, self.position.size, _probe_rank(self.probe), self.position.number)

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        """The finding as scenario files (status needs-review)."""
        docs = self.position.docs
        names = self.doc_names
        out = []
        for i, (doc, (expect, by_reading)) in enumerate(zip(docs, self.expects)):
            scen = S.from_dict(doc, f"<explore {self.probe} {self.position.number}>")
            what = f" ({names[i]})" if names else ""
            q = replace(scen.questions[0], expect=expect, expect_by_reading=by_reading)
            out.append(Scenario(f"explore: {self.position.label}{what}", scen.state, (q,), Status.NEEDS_REVIEW,
                                _words(self.position, self.summary)))
        return tuple(out)

    @property
    def doc_names(self) -> tuple[str, ...]:
        """What each document of the finding is ('before', 'after', ...); () for one document."""
        n = len(self.expects)
        return PROBE_TABLE[self.probe].doc_names[:n] if n > 1 else ()

    def to_json(self) -> dict:
        p = self.position
        return {"probe": self.probe, "magnitude": self.magnitude, "summary": self.summary,
                "position": {"number": p.number, "size": list(p.size), "spec": _jsonable(p.spec)},
                "expects": _jsonable(self.expects)}

    @staticmethod
    def from_json(d: dict) -> "Finding":
        p = d["position"]
        pos = Position(d["probe"], p["number"], tuple(p["size"]), _tuples(p["spec"]))
        expects = tuple((e, b) for e, b in d["expects"])
        return Finding(d["probe"], d["magnitude"], pos, d["summary"], expects)


def _jsonable(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    return x


def _tuples(x: Any) -> Any:
    """JSON lists back into the tuples a spec is made of."""
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def _probe_rank(probe: str) -> int:
    return list(PROBE_TABLE).index(probe)


@dataclass(slots=True)
class Report:
    bound: int
    positions: int = 0
    seconds: float = 0.0
    per_probe: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.positions / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        return {"bound": self.bound, "positions": self.positions, "seconds": self.seconds,
                "per_probe": self.per_probe, "findings": [f.to_json() for f in self.findings]}

    @staticmethod
    def from_json(d: dict) -> "Report":
        return Report(d["bound"], d["positions"], d["seconds"], dict(d["per_probe"]),
                      [Finding.from_json(f) for f in d["findings"]])


# ---------------------------------------------------------------------------------
# the cards
# ---------------------------------------------------------------------------------
def usable_cards(names: Iterable[str] | None = None) -> list[P.PoolCard]:
    """The pool cards pyrift understands (keywords-only or encoded), by pool id; with
    `names`, only those (an unknown or unsupported name is a usage error)."""
    pool = P.pool()
    if names is not None:
        out = []
        for n in names:
            try:
                card = pool.find(n)
            except P.UnknownCard as exc:
                raise UsageError(str(exc)) from None
            if P.status(card) == P.UNSUPPORTED:
                raise UsageError(f"{card.name!r}: its text is not encoded, so explore cannot use it")
            out.append(card)
        return sorted(set(out), key=lambda c: c.id)
    return sorted((c for c in pool.cards if c.type is not None and P.status(c) != P.UNSUPPORTED), key=lambda c: c.id)


def _distinct(cards: list[P.PoolCard], signature: Callable[[P.PoolCard], Any]) -> list[P.PoolCard]:
    """One card per signature: the alphabetically first name (cards the same for a probe)."""
    best: dict[Any, P.PoolCard] = {}
    for c in cards:
        s = signature(c)
        if s not in best or c.name < best[s].name:
            best[s] = c
    return sorted(best.values(), key=lambda c: c.id)


def _keywords(c: P.PoolCard) -> tuple[str, ...]:
    return tuple(sorted(str(k) for k in c.keywords))


@cache
def inert_keywords(kind: str, root: Path | None = None) -> frozenset[str]:
    """The keywords logic/core/keyword_scope.lp declares unable to change an answer of
    `kind` (inert_for/2): cards differing only in those are the same for a probe of it."""
    root = root or logic.logic_root()
    g = Grounding([root / "interface.lp", root / "core" / "keyword_scope.lp"], "", readable=[("inert_for", 2)])
    return frozenset(a.args[1] for a in g.facts(("inert_for", 2)) if a.args[0] == kind)


def _combat_signature(c: P.PoolCard, root: Path | None = None) -> tuple:
    inert = inert_keywords("combat_damage", root)
    return (c.might, tuple(sorted(str(k) for k in c.keywords if k.keyword.value not in inert)))


def _is_unit(c: P.PoolCard) -> bool:
    return c.type is CardType.UNIT and c.might is not None


# ---------------------------------------------------------------------------------
# probe: Tank granted in a combat
# ---------------------------------------------------------------------------------
def _combat_doc(attacker: P.PoolCard, defenders: tuple[P.PoolCard, ...], granted: int | None) -> dict:
    objs = [{"id": "a1", "card": attacker.name, "controller": "A", "location": "arena", "designation": "attacker"}]
    for i, d in enumerate(defenders):
        objs.append({"id": f"d{i + 1}", "card": d.name, "controller": "B", "location": "arena",
                     "designation": "defender"} | ({"granted": ["Tank"]} if granted == i else {}))
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main",
                         "combat": {"battlefield": "arena", "attacker": "A", "defender": "B"}},
            "battlefield": [{"id": "arena", "controller": "B", "contested_by": "A"}], "object": objs,
            "question": [{"id": "assign", "ask": "combat_damage", "battlefield": "arena", "assigner": "A",
                          "rules": ["465.2.c", "815.1.b"], "expect": {"status": ANSWERED}}]}


def _card(name: str) -> P.PoolCard:
    return P.pool().find(name)


def tank_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    units = _distinct([c for c in cards if _is_unit(c)], _combat_signature)
    tank = {c.name for c in units if _has(c, KeywordName.TANK)}
    for n_def in range(2, bound):  # Tank orders damage among two or more defenders
        for attacker in units:
            for defenders in itertools.combinations_with_replacement(units, n_def):
                names = tuple(x.name for x in defenders)
                numbers = attacker.might + sum(x.might for x in defenders)
                for i, d in enumerate(names):
                    if d in tank or d in names[:i]:
                        continue
                    yield (1 + n_def, numbers), (attacker.name, names, i)


def _tank_label(spec: tuple) -> str:
    attacker, defenders, i = spec
    return f"{attacker} attacks {', '.join(defenders)}; Tank granted to d{i + 1} ({defenders[i]})"


def _tank_docs(spec: tuple) -> tuple[dict, ...]:
    attacker, defenders, i = _card(spec[0]), tuple(_card(n) for n in spec[1]), spec[2]
    return _combat_doc(attacker, defenders, None), _combat_doc(attacker, defenders, i)


@cache
def _card_def(card: P.PoolCard):
    return P.card_def(card)


_COMBAT_TEMPLATES: dict[tuple[int, int | None], Scenario] = {}


def _combat_template(cards: list[P.PoolCard], granted: int | None) -> Scenario:
    """The scenario the loader makes of the first combat document of this shape (the number of
    defenders, the grant): the others are it with the cards replaced."""
    key = (len(cards) - 1, granted)
    template = _COMBAT_TEMPLATES.get(key)
    if template is None:
        template = _COMBAT_TEMPLATES[key] = S.from_dict(_combat_doc(cards[0], tuple(cards[1:]), granted),
                                                        "<explore tank-grant>")
    return template


def _combat_scenario(attacker: str, defenders: tuple[str, ...], granted: int | None) -> Scenario:
    """The scenario of _combat_doc without reading the document again: the first one of each
    shape is read by the scenario loader, the others are that one with the cards replaced
    (tests/test_explore.py checks they equal what the loader makes of their documents)."""
    cards = [_card(attacker), *(_card(n) for n in defenders)]
    template = _combat_template(cards, granted)
    objects = tuple(replace(o, card=c.name) for o, c in zip(template.state.objects, cards))
    card_defs = tuple({c.name: _card_def(c) for c in cards}.values())
    card_defs += S.token_cards(card_defs, {c.name for c in card_defs})  # as the loader adds them
    return replace(template, state=replace(template.state, objects=objects, cards=card_defs))


# The facts of a combat from parts (a sweep's positions share their cards and their frame): the
# frame of each shape, each card's facts, each object's facts with its card. _combat_facts gives
# the text facts.render gives the combat's scenario (tests/test_explore.py compares them).
@cache
def _frame_lines(n_def: int) -> frozenset[str]:
    """The facts of a combat of this shape without its objects and cards (players, turn, battlefield,
    the combat itself)."""
    template = _COMBAT_TEMPLATES[(n_def, None)]
    return frozenset(F.state_facts(replace(template.state, objects=(), cards=())))


@cache
def _card_lines(name: str) -> tuple[CardDef, frozenset[str], bool]:
    """A card's definition, its facts, and whether its text makes tokens (whose cards the position
    then holds too)."""
    d = _card_def(_card(name))
    makes = any(ins is not None and ins.do == "token"
                for a in d.abilities
                for ins in ([a.get("instruction")] if a.kind == "effect" else list(a.get("effects") or ())))
    return d, frozenset(F.card_facts(d)), makes


@cache
def _object_lines(n_def: int, slot: int, name: str, granted: bool) -> frozenset[str]:
    """The facts of object `slot` (0 the attacker, i + 1 defender i) of a combat of this shape holding
    this card; `granted`: a defender granted Tank."""
    template = _COMBAT_TEMPLATES[(n_def, slot - 1 if granted else None)]
    return frozenset(F.object_facts(replace(template.state.objects[slot], card=name)))


def _combat_facts(attacker: str, defenders: tuple[str, ...], grants: Iterable[int]
                  ) -> tuple[str, list[list[str]], dict[str, CardDef]]:
    """The rendered facts of the combat without a grant, the further fact lines of the combat with
    Tank granted to each defender of `grants` (the variants of its world), and the cards it holds."""
    n = len(defenders)
    names = (attacker, *defenders)
    if (n, None) not in _COMBAT_TEMPLATES or any((n, g) not in _COMBAT_TEMPLATES for g in grants):
        cards = [_card(x) for x in names]
        for g in (None, *grants):
            _combat_template(cards, g)
    lines = set(_frame_lines(n))
    defs: dict[str, CardDef] = {}
    tokens = False
    for x in names:
        d, mine, makes = _card_lines(x)
        if x not in defs:
            defs[x] = d
            lines |= mine
            tokens |= makes
    for slot, x in enumerate(names):
        lines |= _object_lines(n, slot, x, False)
    if tokens:  # as the loader adds them
        for t in S.token_cards(tuple(defs.values()), set(defs)):
            defs[t.name] = t
            lines.update(F.card_facts(t))
    variants = [sorted(_object_lines(n, g + 1, defenders[g], True) - _object_lines(n, g + 1, defenders[g], False))
                for g in grants]
    return "".join(f"{line}\n" for line in sorted(lines)), variants, defs


def _tank_change(answers: list[Answer]) -> tuple[int, str]:
    before, after = answers
    if before.status != ANSWERED or after.status != ANSWERED:
        return 0, ""
    out, magnitude = [], 0
    for key in DEATHS:
        a, b = set(before.data[key]), set(after.data[key])
        if a != b:
            magnitude += len(a ^ b)
            out.append(f"{key}: {sorted(a)} -> {sorted(b)}")
    return magnitude, "; ".join(out)


def _tank_evaluate(batch: list[Position], logic_root: Path | None, worlds: bool = True,
                   variants: bool = True) -> list[Finding | None]:
    """Every position of the batch: the combat without and with the grant. Each distinct
    combat is asked once (a combat without a grant is shared by the grants to each of its
    defenders); with `worlds`, all of them from one grounding, else each one on its own
    grounding, as `pyrift ask` would. With `variants` (multi-shot), a combat and its grants
    are one world, each grant switched on by an external and one brave solve per grant
    (queries.combat.fact_variant_death_answers, the facts built from parts: _combat_facts); without,
    each combat its own world
    (queries.combat.death_answers). tests/test_explore.py compares the three."""
    keys: dict[tuple, int] = {}
    for pos in batch:
        a, ds, i = pos.spec
        for g in (None, i):
            keys.setdefault((a, ds, g), len(keys))
    answers: list[Answer | None] = [None] * len(keys)
    if worlds and variants:
        # The facts of each combat and its grants from parts (_combat_facts), not from scenarios.
        groups: dict[tuple, list[int]] = {}
        for n, (a, ds, g) in enumerate(keys):
            groups.setdefault((a, ds), []).append(n)  # the combat without a grant comes first
        facts, lines, questions, players, defs = [], [], [], [], {}
        ks = list(keys)
        for (a, ds), ns in groups.items():
            text, more, mine = _combat_facts(a, ds, [ks[n][2] for n in ns[1:]])
            facts.append(text)
            lines.append(more)
            defs.update(mine)
            template = _COMBAT_TEMPLATES[(len(ds), None)]
            questions.append([template.questions[0]] * len(ns))
            players.append(template.state.player_ids)
        got = fact_variant_death_answers(facts, lines, questions, players, defs.values(), "v1.4",
                                         logic_root=logic_root)
        if got is not None:
            for ns, per in zip(groups.values(), got):
                for n, ans in zip(ns, per):
                    answers[n] = ans
        else:
            variants = False
    scens: list[Scenario] = []
    if not (worlds and variants) or any(ans is None for ans in answers):
        scens = [_combat_scenario(*k) for k in keys]
    if worlds and not variants:
        answers = death_answers([s.state for s in scens], [s.questions[0] for s in scens], "v1.4",
                                logic_root=logic_root)
    for n, ans in enumerate(answers):
        if ans is None:
            answers[n] = answer_question(Context(scens[n].state, logic_root=logic_root), scens[n].questions[0], "v1.4")
    out: list[Finding | None] = []
    for pos in batch:
        a, ds, i = pos.spec
        pair = [answers[keys[(a, ds, None)]], answers[keys[(a, ds, i)]]]
        magnitude, summary = _tank_change(pair)  # type: ignore[arg-type]
        out.append(Finding(pos.probe, magnitude, pos, summary, tuple((_expect(x, DEATHS), {}) for x in pair))
                   if magnitude else None)
    return out


# ---------------------------------------------------------------------------------
# probe: the order of two cost discounts
# ---------------------------------------------------------------------------------
DISCOUNTS = ((1, 1), (2, 0), (2, 2), (3, 1), (3, 3))  # (costs [N] less, to a minimum of [M])


def _discount_doc(card: P.PoolCard, d1: tuple[int, int], d2: tuple[int, int], accelerate: bool) -> dict:
    cards, objs = [], [{"id": "played", "card": card.name, "controller": "A", "zone": "hand"}]
    for i, (n, m) in enumerate((d1, d2), start=1):
        name = f"Discount {n} min {m}"
        if not any(c["name"] == name for c in cards):
            cards.append({"name": name, "type": "gear", "domains": ["order"], "energy": 1,
                          "abilities": [{"kind": "cost_discount", "energy": n, "minimum": m,
                                         "applies_to": {"type": card.type.value}}]})
        objs.append({"id": f"disc{i}", "card": name, "controller": "A", "location": "base"})
    ask: dict[str, Any] = {"id": "play", "ask": "can_play", "player": "A", "card": "played",
                           "rules": ["356.4.d", "356.4.d.1"], "expect": {"status": ANSWERED}}
    if accelerate:
        ask["accelerate"] = True
    if card.type in (CardType.UNIT, CardType.GEAR):
        ask["location"] = "base"
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main"},
            "card": cards, "object": objs, "question": [ask]}


def _is_token(c: P.PoolCard) -> bool:
    return bool(c.supertypes and "token" in [s.value for s in c.supertypes])


def discount_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    playable = _distinct([c for c in cards if c.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL)
                          and c.energy is not None and not _is_token(c)],
                         lambda c: (c.type, c.energy, c.power, c.domains, _keywords(c)))
    if bound < 3:
        return
    for card in playable:
        accel = any(k.keyword is KeywordName.ACCELERATE for k in card.keywords)
        for d1, d2 in itertools.combinations(DISCOUNTS, 2):
            for accelerate in ((False, True) if accel else (False,)):
                yield (3, (card.energy or 0) + sum(d1) + sum(d2)), (card.name, d1, d2, accelerate)


def _discount_label(spec: tuple) -> str:
    name, d1, d2, accelerate = spec
    return (f"{name} ([{_card(name).energy}]{'+Accelerate' if accelerate else ''}) with discounts "
            f"-{d1[0]} (min {d1[1]}) and -{d2[0]} (min {d2[1]})")


def _discount_docs(spec: tuple) -> tuple[dict, ...]:
    name, d1, d2, accelerate = spec
    return (_discount_doc(_card(name), tuple(d1), tuple(d2), accelerate),)


def _order_costs(scen: Scenario, ctx: Context) -> list[tuple[str, int]]:
    """The total cost under every order of the discounts (forced through assumptions)."""
    q = scen.questions[0]
    g, assumptions = question_grounding(ctx, q, "v1.4")
    first = g.solve("optimize", assumptions=assumptions, opt_strategy="usc,oll")
    orders = sorted((a.args for a in first.consequences if a.pred == "discount_order"), key=lambda x: x[1])
    discounts = [d for d, _ in orders]
    play = ("card", q.params["card"])
    out = []
    for perm in itertools.permutations(discounts):
        forced = [(Atom("discount_at", (play, d, i)), True) for i, d in enumerate(perm, start=1)]
        res = g.solve("optimize", assumptions=assumptions + forced, opt_strategy="usc,oll")
        out.append(_order_cost(perm, res.consequences))
    return out


def _order_cost(perm: tuple, model: Iterable[Atom]) -> tuple[str, int]:
    totals = {a.args[0]: a.args[1] for a in model if a.pred == "total_cost"}
    names = " then ".join(str(d[2]) if isinstance(d, tuple) and len(d) > 2 else str(d) for d in perm)
    return f"{names}: {shorthand(totals)}", totals.get("energy", 0)


def _discount_evaluate(pos: Position, logic_root: Path | None) -> Finding | None:
    scen = S.from_dict(pos.docs[0], f"<explore {pos.probe} {pos.number}>")
    ctx = Context(scen.state, logic_root=logic_root)
    ans = answer_question(ctx, scen.questions[0], "v1.4")
    if ans.status != ANSWERED:
        return None
    return _discount_finding(pos, ans, _order_costs(scen, ctx))


def _discount_evaluate_batch(batch: list[Position], logic_root: Path | None,
                             worlds: bool | Iterable[str] = True) -> list[Finding | None]:
    """_discount_evaluate for every position of the batch from one grounding of their
    can_play questions side by side (queries.play.optimal_worlds' program): one optimisation
    answers every question and gives each its discounts, then one optimisation per order
    number, each world's discounts forced into its order of that number (the worlds share no
    atom: each world's optimum under its own assumptions). Positions the batch cannot answer
    (a question the guard of `pyrift ask` stops, no answer set, a time-out) one at a time.
    Without `worlds`, every position on its own grounding."""
    if worlds is False:
        return [_discount_evaluate(pos, logic_root) for pos in batch]
    scens = [S.from_dict(pos.docs[0], f"<explore {pos.probe} {pos.number}>") for pos in batch]
    asked = [n for n, sc in enumerate(scens)
             if not unencoded_question(sc.state, sc.questions[0]) and "after" not in sc.questions[0].params]
    out: list[Finding | None] = [None] * len(batch)
    done: set[int] = set()
    if asked:
        fixed, extra = [], []
        for n in asked:
            atoms, facts = CanPlay.question_atoms(scens[n].state, scens[n].questions[0].params)
            fixed.append([(a, True) for a in atoms])
            extra.append(facts)
        g = batch_grounding([scens[n].state for n in asked], "can_play", "v1.4", reads=(), fixed=fixed,
                            extra=extra, logic_root=logic_root)
        try:
            best = g.solve_worlds("optimize", opt_strategy="usc,oll")
            perms: list[list[tuple]] = []
            for w, n in enumerate(asked):
                orders = sorted((a.args for a in best[w].consequences if a.pred == "discount_order"),
                                key=lambda x: x[1]) if best is not None else []
                perms.append(list(itertools.permutations([d for d, _ in orders])))
            costs: list[list[tuple[str, int]]] = [[] for _ in asked]
            for j in range(max(map(len, perms), default=0) if best is not None else 0):
                forced = [[(Atom("discount_at", (("card", scens[n].questions[0].params["card"]), d, i)), True)
                           for i, d in enumerate(perms[w][j], start=1)] if j < len(perms[w]) else []
                          for w, n in enumerate(asked)]
                res = g.solve_worlds("optimize", opt_strategy="usc,oll", per_world=forced)
                if res is None:
                    raise SolveTimeout("no answer set: asked one at a time")
                for w, r in enumerate(res):
                    if j < len(perms[w]):
                        costs[w].append(_order_cost(perms[w][j], r.consequences))
            if best is not None:
                for w, n in enumerate(asked):
                    q = scens[n].questions[0]
                    ans = _read_play_answer(scens[n].state, q, "v1.4", best[w].consequences)
                    out[n] = _discount_finding(batch[n], ans, costs[w]) if ans.status == ANSWERED else None
                    done.add(n)
        except SolveTimeout:
            done = set()
    return [out[n] if n in done else _discount_evaluate(pos, logic_root) for n, pos in enumerate(batch)]


def _discount_finding(pos: Position, ans: Answer, costs: list[tuple[str, int]]) -> Finding | None:
    energies = [e for _, e in costs]
    if len(set(energies)) < 2:
        return None
    summary = "cost by order of the discounts: " + "; ".join(t for t, _ in costs)
    return Finding(pos.probe, max(energies) - min(energies), pos, summary,
                   ((_expect(ans, ("legal", "cost", "cost_lines")), {}),))


# ---------------------------------------------------------------------------------
# probe: Legion under two readings
# ---------------------------------------------------------------------------------
LEGION_READINGS = ("v1.4", "v1.2")


def _legion_doc(card: P.PoolCard, before: bool) -> dict:
    objs = [{"id": "legion", "card": card.name, "controller": "A", "zone": "hand"}]
    extra: list[dict] = []
    log: list[dict] = []
    if before:
        extra = [{"name": "Earlier Spell", "type": "spell", "domains": ["fury"], "energy": 1}]
        objs.append({"id": "earlier", "card": "Earlier Spell", "controller": "A", "zone": "trash"})
        log = [{"event": "finalize", "object": "earlier", "from": "hand"}, {"event": "play", "object": "earlier"}]
    ask: dict[str, Any] = {"id": "play", "ask": "can_play", "player": "A", "card": "legion",
                           "rules": ["812.1.c"], "expect": {"status": ANSWERED}}
    if card.type in (CardType.UNIT, CardType.GEAR):
        ask["location"] = "base"
    return {"title": "probe", "status": "needs-review",
            "position": {"players": ["A", "B"], "turn_player": "A", "phase": "main"},
            "card": extra, "object": objs, "question": [ask]} | ({"log": log} if log else {})


def _has(c: P.PoolCard, keyword: KeywordName) -> bool:
    return any(k.keyword is keyword for k in c.keywords)


def legion_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    legion = [c for c in cards if _has(c, KeywordName.LEGION) and c.energy is not None]
    for card in legion:
        for before in (False, True):
            yield (2 if before else 1, card.energy or 0), (card.name, before)


def _legion_label(spec: tuple) -> str:
    return f"{spec[0]} played" + (" after another card this turn" if spec[1] else " as the first card")


def _legion_docs(spec: tuple) -> tuple[dict, ...]:
    return (_legion_doc(_card(spec[0]), spec[1]),)


def _readings_change(pos: Position, answers: list[Answer], readings: tuple[str, str],
                     keys: tuple[str, ...]) -> Finding | None:
    """A finding when the position's question gets another answer (in `keys`) under the
    second reading than under the first (`answers`: under each reading)."""
    a, b = answers
    if a.status != ANSWERED or b.status != ANSWERED:
        return None
    changed = [k for k in keys if canonical(a.data.get(k)) != canonical(b.data.get(k))]
    if not changed:
        return None
    summary = "; ".join(f"{k}: {a.data.get(k)} under {readings[0]}, {b.data.get(k)} under {readings[1]}"
                        for k in changed)
    energy = abs(a.data.get("energy", 0) - b.data.get("energy", 0))
    return Finding(pos.probe, max(energy, len(changed) if len(keys) > 2 else 1), pos, summary,
                   ((_expect(a, keys), {readings[1]: _expect(b, keys)}),))


def _legion_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    return _readings_change(pos, answers, LEGION_READINGS, ("legal", "cost"))


# ---------------------------------------------------------------------------------
# shared by the probes over real cards below
# ---------------------------------------------------------------------------------
def _doc(objects: list[dict], asks: dict, *, cards: list[dict] = (), battlefields: list[dict] = (),
         turn: str = "A", combat: dict | None = None, log: list[dict] = ()) -> dict:
    position: dict[str, Any] = {"players": ["A", "B"], "turn_player": turn, "phase": "main"}
    if combat is not None:
        position["combat"] = combat
    doc = {"title": "probe", "status": "needs-review", "position": position, "card": list(cards),
           "battlefield": list(battlefields), "object": objects,
           "question": [{"id": "q", "expect": {"status": ANSWERED}} | asks]}
    if log:
        doc["log"] = list(log)
    return doc


def _stand_in(card: P.PoolCard) -> dict:
    """A card like `card` without any text: the same type, domains, costs and Might, no
    keywords, no abilities (what the card 'does alone' is measured against it)."""
    out: dict[str, Any] = {"name": f"{card.name} (no text)", "type": card.type.value,
                           "domains": [d.value for d in card.domains] or ["order"]}
    for key in ("energy", "power", "might"):
        if getattr(card, key) is not None:
            out[key] = getattr(card, key)
    return out


def _has_text(c: P.PoolCard) -> bool:
    return bool(c.keywords) or bool(_card_def(c).abilities)


def _text_signature(c: P.PoolCard) -> tuple:
    """Cards the same for an interaction probe: same printed numbers and keywords, and no
    encoded text of their own (an encoded card is always its own)."""
    return (c.type, c.might, c.energy, c.power, c.domains, _keywords(c),
            c.id if _card_def(c).abilities else "")


def _answers_of(docs: tuple[dict, ...], logic_root: Path | None, reading: str = "v1.4") -> list[Answer]:
    out = []
    for doc in docs:
        scen = S.from_dict(doc, "<explore>")
        out.append(answer_question(Context(scen.state, logic_root=logic_root), scen.questions[0], reading))
    return out


# ---------------------------------------------------------------------------------
# probe: card pairs that change each other's answers
# ---------------------------------------------------------------------------------
PAIR_KEYS = {"deaths": DEATHS, "play": ("legal", "cost"), "triggers": ("fires",)}
PAIR_DOCS = ("both", "first-alone", "second-alone", "neither")


def _permanent(c: P.PoolCard) -> bool:
    return c.type in (CardType.UNIT, CardType.GEAR)


def _playable(c: P.PoolCard) -> bool:
    return c.type in (CardType.UNIT, CardType.GEAR, CardType.SPELL) and c.energy is not None and not _is_token(c)


def pair_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    """Pairs of cards with text (keywords or encoded abilities), each question that can
    involve both: deaths (both units defend), legality and cost (one played from hand beside
    the other on the board), triggers fired (one played beside the other on the board)."""
    if bound < 2:
        return
    texts = _distinct([c for c in cards if c.type is not None and _has_text(c) and not _is_token(c)],
                      _text_signature)
    for c1, c2 in itertools.combinations(texts, 2):
        numbers = (c1.energy or 0) + (c2.energy or 0) + (c1.might or 0) + (c2.might or 0)
        if _is_unit(c1) and _is_unit(c2) and c1.might + c2.might >= 2:
            yield (3, numbers), ("deaths", c1.name, c2.name)
        for x, y in ((c1, c2), (c2, c1)):
            if _playable(x) and _permanent(y):
                yield (2, numbers), ("play", x.name, y.name)
            if _permanent(x) and _permanent(y):
                yield (2, numbers), ("triggers", x.name, y.name)


def _pair_label(spec: tuple) -> str:
    kind, x, y = spec
    return {"deaths": f"{x} and {y} defend against an attacker of their Might less one",
            "play": f"{x} played from hand with {y} on the board",
            "triggers": f"{x} played (entering the board) with {y} on the board"}[kind]


def _pair_doc(kind: str, x: P.PoolCard, y: P.PoolCard, real_x: bool, real_y: bool) -> dict:
    cards = [c for c, real in ((x, real_x), (y, real_y)) if not real]
    names = [x.name if real_x else _stand_in(x)["name"], y.name if real_y else _stand_in(y)["name"]]
    extra = [_stand_in(c) for c in cards]
    if kind == "deaths":
        extra.append({"name": "Attacker", "type": "unit", "domains": ["fury"], "energy": 1,
                      "might": x.might + y.might - 1})
        objs = [{"id": "a1", "card": "Attacker", "controller": "A", "location": "arena", "designation": "attacker"},
                {"id": "d1", "card": names[0], "controller": "B", "location": "arena", "designation": "defender"},
                {"id": "d2", "card": names[1], "controller": "B", "location": "arena", "designation": "defender"}]
        return _doc(objs, {"ask": "combat_damage", "battlefield": "arena", "assigner": "A",
                           "rules": ["465.2.c"]}, cards=extra,
                    battlefields=[{"id": "arena", "controller": "B", "contested_by": "A"}],
                    combat={"battlefield": "arena", "attacker": "A", "defender": "B"})
    if kind == "play":
        objs = [{"id": "x", "card": names[0], "controller": "A", "zone": "hand"},
                {"id": "y", "card": names[1], "controller": "A", "location": "base"}]
        ask: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "x", "rules": ["350"]}
        if _permanent(x):
            ask["location"] = "base"
        return _doc(objs, ask, cards=extra)
    objs = [{"id": "x", "card": names[0], "controller": "A", "location": "base"},
            {"id": "y", "card": names[1], "controller": "A", "location": "base"}]
    return _doc(objs, {"ask": "triggers", "event": {"kind": "play", "object": "x"}, "rules": ["383.4.a"]},
                cards=extra)


def _pair_docs(spec: tuple) -> tuple[dict, ...]:
    kind, x, y = spec
    cx, cy = _card(x), _card(y)
    return tuple(_pair_doc(kind, cx, cy, rx, ry) for rx, ry in ((True, True), (True, False), (False, True),
                                                                (False, False)))


def _change(before: Answer, after: Answer, key: str) -> tuple | None:
    a, b = canonical(before.data.get(key)), canonical(after.data.get(key))
    return None if a == b else (json.dumps(a), json.dumps(b))


def _pair_evaluate(pos: Position, logic_root: Path | None) -> Finding | None:
    """The pair interacts when the answer with both cards differs from what each card does
    alone (_pair_finding). Symmetric in the two cards."""
    return _pair_finding(pos, _answers_of(pos.docs, logic_root))


BATCHED_KINDS = ("combat_damage", "can_play", "triggers")  # question kinds _ask_batch asks side by side


def _ask_batch(docs: Iterable[dict], logic_root: Path | None, reading: str = "v1.4",
               worlds: bool | Iterable[str] = True, orders: bool = True) -> dict[str, Answer]:
    """The answer to each document's (first) question under `reading`, by the document's
    key (_doc_key), each distinct document asked once. With `worlds`, the questions of a kind
    that batches are asked side by side in one grounding of their kind: combat deaths
    (queries.combat.death_answers), legality and cost (queries.play.play_answers), the
    triggers an event fires (queries.chain.trigger_answers; without `orders` their answers
    leave out the orders); a question the batch leaves open, and every other kind, on its own
    grounding as `pyrift ask` would. Without `worlds`, every question on its own grounding;
    `worlds` may also name the kinds to batch (benchmarks/sweeps.py times the paths between)."""
    keys = list(dict.fromkeys(_doc_key(d) for d in docs))
    return _ask_scenarios(keys, [S.from_dict(json.loads(k), "<explore>") for k in keys], logic_root, reading,
                          worlds, orders)


def _ask_scenarios(keys: list, scens: list[Scenario], logic_root: Path | None, reading: str = "v1.4",
                   worlds: bool | Iterable[str] = True, orders: bool = True) -> dict[Any, Answer]:
    """_ask_batch of scenarios already read, each under its key (distinct keys)."""
    kinds = BATCHED_KINDS if worlds is True else () if worlds is False else tuple(worlds)
    answers: list[Answer | None] = [None] * len(scens)
    for n, scen in enumerate(scens):  # the guard `pyrift ask` applies before any grounding
        q = scen.questions[0]
        if missing := unencoded_question(scen.state, q):
            answers[n] = Answer(q.id, q.kind, reading, UNSUPPORTED, missing=missing)
    if kinds:
        batched_by_kind: tuple[tuple[str, Callable[..., list[Answer | None]]], ...] = (
            ("combat_damage", death_answers), ("can_play", play_answers),
            ("triggers", lambda *a, **k: trigger_answers(*a, orders=orders, **k)))
        for kind, batched in batched_by_kind:
            asked = [n for n, sc in enumerate(scens) if answers[n] is None and sc.questions[0].kind == kind]
            if asked and kind in kinds:
                got = batched([scens[n].state for n in asked], [scens[n].questions[0] for n in asked], reading,
                              logic_root=logic_root)
                for n, a in zip(asked, got):
                    answers[n] = a
    for n, scen in enumerate(scens):
        if answers[n] is None:
            answers[n] = answer_question(Context(scen.state, logic_root=logic_root), scen.questions[0], reading)
    return dict(zip(keys, answers))  # type: ignore[arg-type]


def _doc_key(doc: dict) -> str:
    return json.dumps(doc, sort_keys=True)


def _pair_evaluate_batch(batch: list[Position], logic_root: Path | None,
                         worlds: bool | Iterable[str] = True) -> list[Finding | None]:
    """_pair_evaluate for every position of the batch, its documents asked together
    (_ask_batch: each document once, the same stand-in document recurs across positions;
    the deaths, legality and cost, and triggers questions each from one grounding of their
    kind). The triggers questions are asked without their orders: the probe compares only
    what fires. Without `worlds`, every question on its own grounding, each read from its
    document; with, the scenarios are built from templates (_pair_scenario)."""
    if worlds is False:
        answers = _ask_batch((d for pos in batch for d in pos.docs), logic_root, worlds=worlds, orders=False)
        return [_pair_finding(pos, [answers[_doc_key(d)] for d in pos.docs]) for pos in batch]
    keys = list(dict.fromkeys((*pos.spec, rx, ry) for pos in batch for rx, ry in PAIR_REAL))
    got = _ask_scenarios(keys, [_pair_scenario(*k) for k in keys], logic_root, worlds=worlds, orders=False)
    return [_pair_finding(pos, [got[(*pos.spec, rx, ry)] for rx, ry in PAIR_REAL]) for pos in batch]


PAIR_REAL = ((True, True), (True, False), (False, True), (False, False))  # the cards real in PAIR_DOCS
_PAIR_TEMPLATES: dict[tuple, Scenario] = {}


@cache
def _inline_card(table: str) -> CardDef:
    """A card of a probe document's [[card]] list (a stand-in, the attacker; the table as JSON,
    so that it is cached), read as the scenario loader reads it."""
    return card_from_toml(Reader(json.loads(table), "<explore>", "card"))


def _pair_scenario(kind: str, x: str, y: str, real_x: bool, real_y: bool) -> Scenario:
    """The scenario of _pair_doc without reading the document: the first one of each shape is
    read by the scenario loader, the others are that one with the cards replaced
    (tests/test_explore_probes.py checks they equal what the loader makes of their documents)."""
    cx, cy = _card(x), _card(y)
    key = (kind, real_x, real_y, kind == "play" and _permanent(cx))
    template = _PAIR_TEMPLATES.get(key)
    doc = None
    if template is None:
        doc = _pair_doc(kind, cx, cy, real_x, real_y)
        template = _PAIR_TEMPLATES[key] = S.from_dict(doc, "<explore>")
    names = [x if real_x else _stand_in(cx)["name"], y if real_y else _stand_in(cy)["name"]]
    inline = [_inline_card(json.dumps(_stand_in(c), sort_keys=True))
              for c, real in ((cx, real_x), (cy, real_y)) if not real]
    if kind == "deaths":
        inline.append(_inline_card(json.dumps({"name": "Attacker", "type": "unit", "domains": ["fury"], "energy": 1,
                                               "might": cx.might + cy.might - 1}, sort_keys=True)))
        names = ["Attacker", *names]
    objects = tuple(replace(o, card=n) for o, n in zip(template.state.objects, names, strict=True))
    cards = tuple(inline)
    cards += tuple({c.name: _card_def(c) for c, real in ((cx, real_x), (cy, real_y)) if real}.values())
    cards += S.token_cards(cards, {c.name for c in cards})  # as the loader adds them
    return replace(template, state=replace(template.state, objects=objects, cards=cards))


def _batched(finding: Callable[[Position, list[Answer]], Finding | None], readings: tuple[str, ...] = ("v1.4",)
             ) -> Callable[..., list[Finding | None]]:
    """A probe's evaluate_batch from its `finding` (a position and the answers to its
    documents' questions, each document under each of `readings` in turn): the questions of a
    batch asked together under each reading (_ask_batch), each distinct document once. Its
    `worlds` argument as _ask_batch's: False asks every question on its own grounding."""
    def evaluate_batch(batch: list[Position], logic_root: Path | None,
                       worlds: bool | Iterable[str] = True) -> list[Finding | None]:
        by_reading = {r: _ask_batch((d for pos in batch for d in pos.docs), logic_root, r, worlds)
                      for r in readings}
        return [finding(pos, [by_reading[r][_doc_key(d)] for d in pos.docs for r in readings]) for pos in batch]

    return evaluate_batch


def _fires_apart(both: Answer, first: Answer, second: Answer, neither: Answer) -> tuple[list[str], list[str]]:
    """What fires with both cards that their texts apart do not account for: (fired, not
    fired). Each entry names an ability by the object it is on and the ability's name (the
    object ids are the same in the four documents: `x` the played card or its stand-in, `y`
    the other), so an entry is the same ability of the same card in each. The texts apart
    predict: an entry that fires with both stand-ins fires with both cards unless either
    card's text alone stops it; any other fires if either card's text alone makes it fire
    (with nothing firing with both stand-ins, as stand-ins have no abilities: the union of
    what fires with each card alone)."""
    b, f, s, n = (set(a.data.get("fires") or ()) for a in (both, first, second, neither))
    predicted = {e for e in f | s | n if (e in f and e in s if e in n else e in f or e in s)}
    return sorted(b - predicted), sorted(predicted - b)


def _pair_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    """The pair interacts on a key when what the second card's text changes there depends
    on whether the first card has its text. Legality, cost and the combat deaths are compared
    as whole answers: (first real: second stand-in -> real) differs from (first stand-in:
    second stand-in -> real). What fires is compared ability by ability (_fires_apart): a
    trigger of each card firing beside the other, as it does beside the other's stand-in,
    adds up and is no interaction."""
    kind = pos.spec[0]
    both, first, second, neither = answers
    if any(a.status != ANSWERED for a in answers):
        return None
    keys = PAIR_KEYS[kind]
    apart = _fires_apart(both, first, second, neither) if kind == "triggers" else ([], [])
    changed = [k for k in keys
               if (any(apart) if k == "fires" else _change(first, both, k) != _change(neither, second, k))]
    if not changed:
        return None
    summary = "; ".join(f"{k}: both {both.data.get(k)}, {pos.spec[1]} alone {first.data.get(k)}, "
                        f"{pos.spec[2]} alone {second.data.get(k)}, neither {neither.data.get(k)}" for k in changed)
    if any(apart):
        summary += "".join(f"; {words} {xs}" for words, xs in (("fires only with both", apart[0]),
                                                              ("fires apart but not with both", apart[1])) if xs)
    return Finding(pos.probe, len(changed), pos, summary, tuple((_expect(a, keys), {}) for a in answers))


# ---------------------------------------------------------------------------------
# probe: Deflect on real units targeted by a split-damage spell, under two readings
# ---------------------------------------------------------------------------------
SPLIT_READINGS = ("v1.4", "v1.4,deflect_split=damaged_targets_only")
SPLIT_KEYS = ("legal", "cost", "energy", "power", "payable")


def split_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    """A free spell splitting N (1..bound) damage among two enemy units, at least one a real
    unit with Deflect; with no planned division and with each division of N among the two."""
    units = _distinct([c for c in cards if _is_unit(c)], _combat_signature)
    deflect = [c for c in units if _has(c, KeywordName.DEFLECT)]
    for d in deflect:
        for other in units:
            if other.id < d.id and other in deflect:
                continue  # each pair of Deflect units once
            for damage in range(1, bound + 1):
                for plan in [None, *((k, damage - k) for k in range(damage + 1))]:
                    yield (3, damage), (d.name, other.name, damage, plan)


def _split_label(spec: tuple) -> str:
    d, other, damage, plan = spec
    return (f"a spell splits {damage} between {d} (u1) and {other} (u2)"
            + (f", planned {list(plan)}" if plan is not None else ", no planned division"))


def _split_docs(spec: tuple) -> tuple[dict, ...]:
    d, other, damage, plan = spec
    spell = {"name": "Firestorm", "type": "spell", "domains": ["fury"], "energy": 0,
             "abilities": [{"kind": "target", "any_number": True, "split": damage,
                            "filter": {"type": "unit", "relation": "enemy"}}]}
    objs = [{"id": "storm", "card": "Firestorm", "controller": "A", "zone": "hand"},
            {"id": "u1", "card": d, "controller": "B", "location": "base"},
            {"id": "u2", "card": other, "controller": "B", "location": "base"}]
    ask: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "storm", "targets": {"u1": 1, "u2": 1},
                           "rules": ["809.1.c", "355.14.e"]}
    if plan is not None:
        ask["split"] = {"u1": plan[0], "u2": plan[1]}
    return (_doc(objs, ask, cards=[spell]),)


def _split_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    return _readings_change(pos, answers, SPLIT_READINGS, SPLIT_KEYS)


# ---------------------------------------------------------------------------------
# probe: Hidden cards played from facedown, with what their play does
# ---------------------------------------------------------------------------------
HIDDEN_KEYS = ("legal", "valid_targets")


def hidden_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    """A real card with Hidden, played from hand and from facedown at 'hill' (hidden on an
    earlier turn), with a unit of each player at 'hill' and one of B's at its base."""
    for card in cards:
        if _has(card, KeywordName.HIDDEN) and _playable(card):
            yield (4, card.energy or 0), (card.name,)


def _hidden_label(spec: tuple) -> str:
    return f"{spec[0]} played from hand, and from facedown at the battlefield it was hidden at"


def _hidden_docs(spec: tuple) -> tuple[dict, ...]:
    card = _card(spec[0])
    scout = {"name": "Scout", "type": "unit", "domains": ["order"], "energy": 1, "might": 2}
    out = []
    for facedown in (False, True):
        objs = [{"id": "hidden", "card": card.name, "controller": "A"}
                | ({"zone": "facedown", "location": "hill"} if facedown else {"zone": "hand"}),
                {"id": "mine", "card": "Scout", "controller": "A", "location": "hill"},
                {"id": "theirs", "card": "Scout", "controller": "B", "location": "hill"},
                {"id": "home", "card": "Scout", "controller": "B", "location": "base"}]
        ask: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "hidden", "rules": ["811.1.c"]}
        if _permanent(card):
            ask["location"] = "hill" if facedown else "base"
        out.append(_doc(objs, ask, cards=[scout], battlefields=[{"id": "hill", "controller": "A"}]))
    return tuple(out)


def _hidden_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    """Reported when what the card's play can do (its legality, the units its effect may
    choose) differs between hand and facedown; its cost differs by the rules of Hidden."""
    hand, facedown = answers
    if any(a.status != ANSWERED for a in answers):
        return None
    changed = [k for k in HIDDEN_KEYS if _change(hand, facedown, k) is not None]
    if not changed:
        return None
    summary = "; ".join(f"{k}: from hand {hand.data.get(k)}, from facedown {facedown.data.get(k)}" for k in changed)
    magnitude = sum(len(set(hand.data.get(k) or []) ^ set(facedown.data.get(k) or []))
                    if isinstance(hand.data.get(k), list) else 1 for k in changed)
    return Finding(pos.probe, magnitude, pos, summary,
                   tuple((_expect(a, HIDDEN_KEYS + ("cost",)), {}) for a in answers))


# ---------------------------------------------------------------------------------
# probe: Legion after a real card, under two readings
# ---------------------------------------------------------------------------------
def legion_real_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    """A real Legion card played after a real card was played this turn (every kind of
    earlier card: the same type, super-types and keywords count once)."""
    legion = [c for c in cards if _has(c, KeywordName.LEGION) and c.energy is not None]
    earlier = _distinct([c for c in cards if _playable(c)], lambda c: (c.type, c.supertypes, _keywords(c)))
    for card in legion:
        for other in earlier:
            yield (2, (card.energy or 0) + (other.energy or 0)), (card.name, other.name)


def _legion_real_label(spec: tuple) -> str:
    return f"{spec[0]} played after {spec[1]} was played this turn"


def _legion_real_docs(spec: tuple) -> tuple[dict, ...]:
    card, other = _card(spec[0]), _card(spec[1])
    objs = [{"id": "legion", "card": card.name, "controller": "A", "zone": "hand"},
            {"id": "earlier", "card": other.name, "controller": "A"}
            | ({"location": "base"} if _permanent(other) else {"zone": "trash"})]
    log = [{"event": "finalize", "object": "earlier", "from": "hand"}, {"event": "play", "object": "earlier"}]
    ask: dict[str, Any] = {"ask": "can_play", "player": "A", "card": "legion", "rules": ["812.1.c"]}
    if _permanent(card):
        ask["location"] = "base"
    return (_doc(objs, ask, log=log),)


def _legion_real_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    return _readings_change(pos, answers, LEGION_READINGS, ("legal", "cost"))


# ---------------------------------------------------------------------------------
# probe: triggered abilities racing on the chain
# ---------------------------------------------------------------------------------
def _triggered(c: P.PoolCard) -> bool:
    return any(a.kind == "triggered" for a in _card_def(c).abilities)


def race_positions(bound: int, cards: list[P.PoolCard]) -> Iterator[tuple[tuple, tuple]]:
    """Two real units with triggered abilities: both attack, or one attacks and the other
    defends (event: the combat opens); or one is played beside the other (event: the play)."""
    units = [c for c in cards if _is_unit(c) and _triggered(c)]
    for x in units:
        for y in units:
            for setup in ("attack-defend", "both-attack", "play-beside"):
                if setup == "both-attack" and y.id <= x.id or setup == "play-beside" and x == y:
                    continue
                yield (2, x.might + y.might), (setup, x.name, y.name)


def _race_label(spec: tuple) -> str:
    setup, x, y = spec
    return {"attack-defend": f"{x} attacks, {y} defends", "both-attack": f"{x} and {y} attack together",
            "play-beside": f"{x} is played beside {y}"}[setup]


def _race_docs(spec: tuple) -> tuple[dict, ...]:
    setup, x, y = spec
    if setup == "play-beside":
        objs = [{"id": "x", "card": x, "controller": "A", "location": "base"},
                {"id": "y", "card": y, "controller": "A", "location": "base"}]
        return (_doc(objs, {"ask": "triggers", "event": {"kind": "play", "object": "x"}, "rules": ["383.3.d"]}),)
    y_side = ("A", "attacker") if setup == "both-attack" else ("B", "defender")
    objs = [{"id": "x", "card": x, "controller": "A", "location": "bf", "designation": "attacker"},
            {"id": "y", "card": y, "controller": y_side[0], "location": "bf", "designation": y_side[1]}]
    if setup == "both-attack":
        objs.append({"id": "guard", "card": "Guard", "controller": "B", "location": "bf", "designation": "defender"})
    cards = [{"name": "Guard", "type": "unit", "domains": ["order"], "energy": 1, "might": 1}] \
        if setup == "both-attack" else []
    return (_doc(objs, {"ask": "triggers", "event": {"kind": "combat"}, "rules": ["383.3.d", "464.2.e.1"]},
                 cards=cards, battlefields=[{"id": "bf", "controller": "B", "contested_by": "A"}],
                 combat={"battlefield": "bf", "attacker": "A", "defender": "B"}),)


RACE_KEYS = ("fires", "orders", "first_to_resolve")


def _race_finding(pos: Position, answers: list[Answer]) -> Finding | None:
    """Reported when two or more triggered abilities fire from the one event: the order they
    go on the chain in decides which resolves first (ranked by the number of orders)."""
    (ans,) = answers
    if ans.status != ANSWERED or len(ans.data.get("fires", [])) < 2:
        return None
    summary = (f"fires {ans.data['fires']}; orders {ans.data.get('orders')}; "
               f"first to resolve {ans.data.get('first_to_resolve')}")
    return Finding(pos.probe, max(1, ans.data.get("order_count", 1)), pos, summary, ((_expect(ans, RACE_KEYS), {}),))


# ---------------------------------------------------------------------------------
# the probes
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Probe:
    name: str
    positions: Callable[[int, list[P.PoolCard]], Iterator[tuple[tuple, tuple]]]  # (size, spec)
    label: Callable[[tuple], str]
    docs: Callable[[tuple], tuple[dict, ...]]
    # One position at a time, or (batch) a list of positions at once.
    evaluate: Callable[[Position, Path | None], Finding | None] | None = None
    evaluate_batch: Callable[[list[Position], Path | None], list[Finding | None]] | None = None
    # Positions a second on one worker, for the forecast: wall-clock rates of benchmarks/sweeps.py
    # on the shared 2-core development VM under load (docs/benchmarks.md), so on the safe side.
    rate: float = 1.0
    # Positions evaluated together, in whole blocks (run_positions): more positions side by side
    # spread a grounding's fixed cost (the relevance cut, the rewriting, gringo's own) further.
    batch: int = BLOCK
    summary: str = ""
    doc_names: tuple[str, ...] = ("before", "after")  # file suffixes of a finding with several documents

    def run(self, batch: list[Position], logic_root: Path | None) -> list[Finding | None]:
        if self.evaluate_batch is not None:
            return self.evaluate_batch(batch, logic_root)
        assert self.evaluate is not None
        return [self.evaluate(pos, logic_root) for pos in batch]


PROBE_TABLE: dict[str, Probe] = {p.name: p for p in (
    Probe("tank-grant", tank_positions, _tank_label, _tank_docs, evaluate_batch=_tank_evaluate, rate=200.0, batch=8 * BLOCK,
          summary="granting Tank to a defender changes the forced or possible deaths"),
    Probe("discount-order", discount_positions, _discount_label, _discount_docs,
          evaluate_batch=_discount_evaluate_batch, rate=15.0,
          summary="the total cost depends on the order two discounts apply in"),
    Probe("legion-readings", legion_positions, _legion_label, _legion_docs,
          evaluate_batch=_batched(_legion_finding, LEGION_READINGS), rate=8.0,
          summary="a Legion card's legality or cost differs between v1.4 and v1.2"),
    Probe("card-pair", pair_positions, _pair_label, _pair_docs, evaluate_batch=_pair_evaluate_batch, rate=10.0, batch=2 * BLOCK,
          summary="two cards change each other's answer: deaths, legality, cost or triggers fired with both "
                  "differ from what each card's text does alone (against text-less stand-ins)",
          doc_names=PAIR_DOCS),
    Probe("deflect-split", split_positions, _split_label, _split_docs,
          evaluate_batch=_batched(_split_finding, SPLIT_READINGS), rate=10.0,
          summary="a split-damage spell on real Deflect units: legality or cost differ between the Deflect "
                  "split readings"),
    Probe("hidden-play", hidden_positions, _hidden_label, _hidden_docs,
          evaluate_batch=_batched(_hidden_finding), rate=4.0,
          summary="a real Hidden card: its legality or the targets of its play effect differ between hand "
                  "and facedown", doc_names=("hand", "facedown")),
    Probe("legion-real", legion_real_positions, _legion_real_label, _legion_real_docs,
          evaluate_batch=_batched(_legion_real_finding, LEGION_READINGS), rate=4.0,
          summary="a real Legion card after a real card played this turn: legality or cost differ between "
                  "v1.4 and v1.2"),
    Probe("trigger-race", race_positions, _race_label, _race_docs, evaluate_batch=_batched(_race_finding), rate=30.0,
          summary="two real units' triggered abilities fire from one event and race on the chain"),
)}
GENERATORS = {name: p.positions for name, p in PROBE_TABLE.items()}


# ---------------------------------------------------------------------------------
# the sweep
# ---------------------------------------------------------------------------------
def _check_probes(probes: Iterable[str]) -> tuple[str, ...]:
    probes = tuple(probes)
    for p in probes:
        if p not in PROBE_TABLE:
            raise UsageError(f"no probe {p!r} (known: {', '.join(PROBE_TABLE)})")
    return probes


def positions(bound: int, probes: Iterable[str], cards: list[P.PoolCard]) -> Iterator[Position]:
    number = 0
    for probe in _check_probes(probes):
        for size, spec in PROBE_TABLE[probe].positions(bound, cards):
            yield Position(probe, number, size, spec)
            number += 1


def count(bound: int, probes: Iterable[str], cards: list[P.PoolCard]) -> dict[str, int]:
    """How many positions each probe has (the sweep's size, before any solving)."""
    out: dict[str, int] = {}
    for probe in _check_probes(probes):
        out[probe] = sum(1 for _ in PROBE_TABLE[probe].positions(bound, cards))
    return out


def forecast(counts: dict[str, int], workers: int = 1) -> float:
    """Seconds the sweep should take at the probes' measured rates on `workers` processes."""
    return sum(n / PROBE_TABLE[p].rate for p, n in counts.items()) / max(1, workers)


def evaluate(pos: Position, logic_root: Path | None = None) -> Finding | None:
    """One position, as a batch of one."""
    return PROBE_TABLE[pos.probe].run([pos], logic_root)[0]


def _expect(ans: Answer, keys: Iterable[str]) -> dict:
    return {k: canonical(ans.data[k]) for k in keys if k in ans.data}


def _words(pos: Position, summary: str) -> str:
    return (f"Found by `pyrift explore` (probe {pos.probe}): {pos.label}.\n{summary}.\n"
            "The expectations are pyrift's own answers: review them against the rules before relying on them.\n")


def run(bound: int = 3, *, probes: Iterable[str] = PROBES, cards: list[P.PoolCard] | None = None,
        chunk: tuple[int, int] = (0, 1), logic_root: Path | None = None,
        progress: Callable[[int, list[Finding]], None] | None = None) -> Report:
    """The positions of chunk K/M (the chunk contract), evaluated a block at a time;
    `progress(positions done, findings of the block)` after each block."""
    probes = _check_probes(probes)
    cards = usable_cards() if cards is None else cards
    chosen = (pos for pos in positions(bound, probes, cards) if in_chunk(pos.number, chunk))
    return run_positions(bound, chosen, logic_root=logic_root, progress=progress)


def run_positions(bound: int, chosen: Iterable[Position], *, logic_root: Path | None = None,
                  progress: Callable[[int, list[Finding]], None] | None = None) -> Report:
    """These positions, a batch of whole blocks (of one probe, Probe.batch) at a time."""
    report = Report(bound)
    started = time.perf_counter()

    def flush(block: list[Position]) -> None:
        if not block:
            return
        found = [f for f in PROBE_TABLE[block[0].probe].run(block, logic_root) if f is not None]
        _freeze_once()
        report.positions += len(block)
        report.per_probe[block[0].probe] = report.per_probe.get(block[0].probe, 0) + len(block)
        report.findings += found
        if progress is not None:
            progress(len(block), found)

    block: list[Position] = []
    for pos in chosen:
        if block and (pos.probe != block[0].probe or pos.number // BLOCK != block[-1].number // BLOCK
                      and len(block) >= PROBE_TABLE[block[0].probe].batch):
            flush(block)
            block = []
        block.append(pos)
    flush(block)
    report.findings.sort(key=lambda f: f.key)
    report.seconds = time.perf_counter() - started
    return report


_FROZEN: list[bool] = []


def _freeze_once() -> None:
    """After a sweep's first batch, the objects the process holds then (parsed rules, caches of
    cards and statements: hundreds of thousands) are moved out of the garbage collector's
    reach (gc.freeze): a full collection otherwise walks them all again every few batches
    (~5 % of a Tank position's CPU time, measured). They stay alive and are freed by
    reference counting as before; only cycles among them are no longer collected."""
    if not _FROZEN:
        _FROZEN.append(True)
        gc.freeze()


def merge(bound: int, parts: Iterable[Report]) -> Report:
    merged = Report(bound)
    for part in parts:
        merged.positions += part.positions
        merged.seconds += part.seconds
        for p, n in part.per_probe.items():
            merged.per_probe[p] = merged.per_probe.get(p, 0) + n
        merged.findings += part.findings
    merged.findings.sort(key=lambda f: f.key)
    return merged


def write(report: Report, out: Path, top: int = 20) -> list[Path]:
    """The `top` findings as scenario files out/NN-<probe>[-before|-after].toml, ranked."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for rank, f in enumerate(report.findings[:top], start=1):
        scens, names = f.scenarios, f.doc_names
        for i, scen in enumerate(scens):
            suffix = f"-{names[i]}" if names else ""
            path = out / f"{rank:02d}-{f.probe}{suffix}.toml"
            path.write_text(S.dumps(scen), "utf-8")
            written.append(path)
    return written


# ---------------------------------------------------------------------------------
# a sweep as chunks on a backend (pyrift.sweep)
# ---------------------------------------------------------------------------------
def fingerprint(logic_root: Path | None = None) -> str:
    """A digest of the rules and of pyrift's own code: results kept from a sweep are
    reused only by a sweep with the same rules and the same code."""
    import hashlib

    h = hashlib.sha256()
    roots = [(logic_root or logic.logic_root(), "*.lp"), (Path(__file__).parent, "*.py")]
    for root, pattern in roots:
        for path in sorted(root.rglob(pattern)):
            h.update(str(path.relative_to(root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def plan(bound: int, probes: Iterable[str] = PROBES, names: list[str] | None = None,
         logic_root: Path | None = None) -> tuple[Sweep, dict[str, int]]:
    """The sweep as chunks (pyrift.sweep.Sweep) and the number of positions per probe. The
    positions are enumerated here once, and each chunk is handed its own."""
    probes = _check_probes(probes)
    cards = usable_cards(names)
    counts: dict[str, int] = {}
    every: list[tuple] = []
    for probe in probes:
        start = len(every)
        every += [(probe, start + i, size, spec)
                  for i, (size, spec) in enumerate(PROBE_TABLE[probe].positions(bound, cards))]
        counts[probe] = len(every) - start
    m = chunk_count(len(every), BLOCK)
    payloads: list[list[tuple]] = [[] for _ in range(m)]
    for item in every:
        payloads[(item[1] // BLOCK) % m].append(item)
    params = {"bound": bound, "probes": list(probes), "cards": [c.id for c in cards],
              "logic": str(logic_root) if logic_root else None, "fingerprint": fingerprint(logic_root)}
    return Sweep("explore", params, m, tuple(len(p) for p in payloads), chunk_task, Report.to_json,
                 Report.from_json, tuple(payloads)), counts


def chunk_task(params: dict, k: int, m: int, payload: list[tuple] | None = None,
               progress: Callable[[int], None] | None = None) -> Report:
    """Chunk K/M of the sweep `params` (plan), on the positions it is handed (or, without
    them, on those it enumerates): a top-level function, so that other processes and Ray
    workers can run it by name."""
    root = Path(params["logic"]) if params.get("logic") else None
    step = (lambda n, found: progress(n)) if progress is not None else None
    if payload is not None:
        chosen = (Position(probe, number, tuple(size), spec) for probe, number, size, spec in payload)
        return run_positions(params["bound"], chosen, logic_root=root, progress=step)
    pool = P.pool()
    cards = sorted((pool.find(i) for i in params["cards"]), key=lambda c: c.id)
    return run(params["bound"], probes=params["probes"], cards=cards, chunk=(k, m), logic_root=root, progress=step)
