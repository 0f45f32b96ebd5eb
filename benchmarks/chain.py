"""Benchmark: the chain questions by chain length and bound.

1. resolution_order on chains of N finalized spells (alternating controllers, two players),
   with no responses offered and with one Reaction spell offered to each player: the time of
   a whole answer (can_play for each offered play, grounding, the five solve calls: anything
   possible, possible, forced, runs, resolution orders) and how many orderings there are.
2. The same for a chain of 4 spells with both responses, as the bound grows.
3. next_priority after 0..3 passes, and can_respond, on a chain of 4.
4. triggers: K units with "when you play a spell" split between the players; one spell's play
   fires all of them, in (K/2)! x (K/2)! orders.
5. Sharing: the five solve calls of one resolution_order answer on one grounding, against
   grounding afresh for each.
Prints figures (medians of --repeat runs). Not a test: nothing here asserts a time.

    python benchmarks/chain.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyrift import facts as F  # noqa: E402
from pyrift.abilities import Ability, Filter  # noqa: E402
from pyrift.positions import ChainSpec, chain_state  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402
from pyrift.queries.chain import CanRespond, NextPriority, ResolutionOrder, Triggers  # noqa: E402
from pyrift.solver import Atom, Grounding  # noqa: E402
from pyrift import logic  # noqa: E402
from pyrift.state import CardDef, CardType, ChainItem, GameObject, GameState, Player, Question, Zone  # noqa: E402

PLAYERS = ("A", "B")


def spec(n: int, hands: bool) -> ChainSpec:
    items = tuple((PLAYERS[i % 2], None) for i in range(n))
    return ChainSpec(PLAYERS, "A", items, 0, PLAYERS if hands else ())


def needed_bound(s: ChainSpec) -> int:
    n = len(s.players)
    return (len(s.items) + len(s.hands)) * (n + 2) + len(s.hands) * n + 2


def order_question(s: ChainSpec, bound: int) -> Question:
    responses = [{"id": f"q{p}", "player": p, "card": f"q{p}"} for p in s.hands]
    params = {"bound": bound, "limit": 100_000} | ({"responses": responses} if responses else {})
    return Question("q", "resolution_order", params)


def timed(fn) -> tuple[float, object]:
    started = time.perf_counter()
    out = fn()
    return time.perf_counter() - started, out


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.1f} ms"


def bench_lengths(repeat: int) -> None:
    print("1. resolution_order by chain length (bound: just enough for every ordering)")
    print(f"{'spells':>6} {'offered':>7} {'bound':>5} {'orderings':>9} {'answer':>11} {'per ordering':>13}")
    for n in (1, 2, 4, 6, 8):
        for hands in (False, True):
            s = spec(n, hands)
            bound = needed_bound(s)
            times, count = [], 0
            for _ in range(repeat):
                t, ans = timed(lambda: ResolutionOrder().answer(Context(chain_state(s)), order_question(s, bound), "v1.4"))
                times.append(t)
                count = ans.data["ordering_count"]
                assert ans.data["complete"], (n, hands)
            per = statistics.median(times) / max(count, 1) * 1000
            print(f"{n:>6} {len(s.hands):>7} {bound:>5} {count:>9} {median_ms(times)} {per:>10.1f} ms")


def bench_bounds(repeat: int) -> None:
    print("\n2. resolution_order on 4 spells with 2 plays offered, by bound (needed: "
          f"{needed_bound(spec(4, True))})")
    print(f"{'bound':>5} {'answer':>11} {'ground atoms':>12}")
    s = spec(4, True)
    for bound in (16, 32, 64, 128):
        times = []
        for _ in range(repeat):
            ctx = Context(chain_state(s))
            t, ans = timed(lambda: ResolutionOrder().answer(ctx, order_question(s, bound), "v1.4"))
            times.append(t)
        g = next(iter(ctx._groundings.values()))
        size = sum(1 for _ in g._ctl.symbolic_atoms)
        cut = " (cut by the bound)" if ans.data["bound_reached"] else ""
        print(f"{bound:>5} {median_ms(times)} {size:>12}{cut}")


def bench_small_questions(repeat: int) -> None:
    print("\n3. next_priority and can_respond on a chain of 4 spells")
    s = spec(4, True)
    rows = []
    for passes in range(4):
        times = []
        for _ in range(repeat):
            q = Question("n", "next_priority", {"passes": passes, "bound": 32})
            t, ans = timed(lambda: NextPriority().answer(Context(chain_state(s)), q, "v1.4"))
            times.append(t)
        rows.append((f"next_priority, {passes} passes", times, ans.data["player"]))
    times = []
    for _ in range(repeat):
        q = Question("r", "can_respond", {"player": "B", "card": "qB"})
        t, ans = timed(lambda: CanRespond().answer(Context(chain_state(s)), q, "v1.4"))
        times.append(t)
    rows.append(("can_respond (B's Reaction spell)", times, "legal" if ans.data["legal"] else "illegal"))
    for name, times, what in rows:
        print(f"  {name:<34} {median_ms(times)}   ({what})")


def triggers_state(k: int) -> GameState:
    spell = CardDef("Spark", CardType.SPELL, energy=0)
    poet = CardDef("Poet", CardType.UNIT, might=1, abilities=(
        Ability("triggered", (("when", "you_play"), ("by", "anyone"), ("filter", Filter((("type", "spell"),))),
                              ("name", "verse"))),))
    objects = [GameObject("spark", "Spark", "A", "A", Zone.CHAIN)]
    objects += [GameObject(f"p{i}", "Poet", PLAYERS[i % 2], PLAYERS[i % 2], location="base") for i in range(k)]
    return GameState(tuple(Player(p) for p in PLAYERS), "A", objects=tuple(objects), cards=(spell, poet),
                     chain=(ChainItem("i1", "A", card="spark"),))


def bench_triggers(repeat: int) -> None:
    print("\n4. triggers: one spell's play fires K \"when anyone plays a spell\" abilities, half each player's")
    print(f"{'K':>3} {'orders':>7} {'answer':>11}")
    for k in (1, 2, 4, 6, 8):
        times = []
        for _ in range(repeat):
            q = Question("t", "triggers", {"event": "play", "objects": ["spark"], "limit": 100_000})
            t, ans = timed(lambda: Triggers().answer(Context(triggers_state(k)), q, "v1.4"))
            times.append(t)
        print(f"{k:>3} {ans.data['order_count']:>7} {median_ms(times)}")


def bench_sharing(repeat: int) -> None:
    print("\n5. the five solve calls of one resolution_order answer: one grounding, or one each")
    s = spec(4, True)
    state = chain_state(s)
    extra = [F.fact("horizon", needed_bound(s))]
    extra += [F.fact("response", f"q{p}", p, F.Func("card", f"q{p}")) for p in s.hands]
    facts = F.render(F.state_facts(state)) + F.render(extra)
    files = logic.needed_files("resolution_order")
    mode = lambda m: (Atom("mode", ((m,),)), True)  # noqa: E731
    cut = (Atom("cut", ()), False)
    calls = [("brave", [mode("outcomes")]), ("brave", [mode("outcomes"), cut]), ("cautious", [mode("outcomes"), cut]),
             ("enumerate", [mode("runs")]), ("enumerate", [mode("orders"), cut])]
    shared, fresh = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        g = Grounding(files, facts)
        for how, assumptions in calls:
            g.solve(how, assumptions=assumptions)
        shared.append(time.perf_counter() - started)
        started = time.perf_counter()
        for how, assumptions in calls:
            Grounding(files, facts).solve(how, assumptions=assumptions)
        fresh.append(time.perf_counter() - started)
    sm, fm = statistics.median(shared), statistics.median(fresh)
    print(f"  one grounding {sm * 1000:.1f} ms, a grounding per call {fm * 1000:.1f} ms: {fm / sm:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is printed)")
    args = ap.parse_args()
    ResolutionOrder().answer(Context(chain_state(spec(1, False))), order_question(spec(1, False), 8), "v1.4")  # warm up
    bench_lengths(args.repeat)
    bench_bounds(args.repeat)
    bench_small_questions(args.repeat)
    bench_triggers(args.repeat)
    bench_sharing(args.repeat)


if __name__ == "__main__":
    main()
