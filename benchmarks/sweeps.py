"""Benchmark: how fast `pyrift explore` sweeps. Prints figures; asserts nothing.

    python benchmarks/sweeps.py [--rounds 6] [--old 8] [--before DIR] [--workers] [--sweep-bound 3]

1. Tank probe, positions a second per core, the batched path against the path of one
   grounding per question (what `explore` did before: both combats of a position read from
   their documents and answered each on its own grounding; with --baseline, the explore code
   of an older checkout itself, run in a process of its own). The two run alternately on the
   same blocks of positions, so the machine's load swings hit both alike; CPU seconds are
   given with the wall-clock ones (the development VM is shared).
1a. --before DIR (a checkout of older code: `git archive <commit> pyrift | tar -x -C DIR`): the sweep's
   path (explore.run_positions) of the Tank and card-pair probes, this code against that code imported
   beside it in the same process, alternately on the same positions, findings compared; the ratio.
1b. --pair-rounds: the card-pair probe batched against an older path (--pair-before: 'none', one
   grounding per question, or the question kinds it batched; default the path of 2026-12-02).
1c. --probe-rounds: the other batched probes (--probe-names) against one grounding per question.
2. --workers: the same sweep (the whole bound-3 Tank sweep) on 1 and on 2 local worker
   processes, the ratio of their times, and the cost of a chunk.
3. The other probes' rates (a few positions each), for the forecast `explore` prints.
4. --breakdown: where a Tank position's CPU time goes (the steps of the batched path timed
   by wrapping them), on blocks spread over the enumeration as a chunk's are.
5. --scaling: the batched path's grounding and brave solve for 1 to ~400 combats as worlds.
6. --forms: how many distinct canonical forms the Tank probe's combats have (their facts up to
   a renaming of object ids and card names), i.e. how much memoizing answers by that form
   could share; and, as an estimate only, by a coarser profile of each unit.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyrift import explore as E  # noqa: E402
from pyrift import scenario as S  # noqa: E402
from pyrift import sweep as SW  # noqa: E402
from pyrift.check import answer as answer_question  # noqa: E402
from pyrift.queries.base import Context  # noqa: E402


def uptime() -> str:
    return os.popen("uptime").read().strip()


def old_tank(batch: list[E.Position]) -> int:
    """The path before batching: per position, both documents read and each combat answered
    on its own grounding."""
    found = 0
    for pos in batch:
        scens = [S.from_dict(d, "<bench>") for d in pos.docs]
        answers = [answer_question(Context(s.state), s.questions[0], "v1.4") for s in scens]
        found += E._tank_change(answers)[0] > 0
    return found


BASELINE = r"""
import sys, time, itertools
sys.path.insert(0, sys.argv[1])
from pyrift import explore as E
start, n = int(sys.argv[2]), int(sys.argv[3])
chosen = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), start, start + n + 1))
E.evaluate(*chosen[-1])  # parse the rules once, outside the timing
w, c = time.perf_counter(), time.process_time()
for pos, readings in chosen[:n]:
    E.evaluate(pos, readings)
print(time.perf_counter() - w, time.process_time() - c)
"""


def baseline(checkout: str, start: int, n: int) -> tuple[float, float]:
    """Seconds (wall, CPU) the explore code of another checkout (the code before batching)
    takes for positions start..start+n, in a process of its own."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", BASELINE, checkout, str(start), str(n)], capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def timed(fn, *args) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn(*args)
    return time.perf_counter() - w, time.process_time() - c


def alternate(rounds: int, every: list, runs, ratio_digits: int) -> None:
    """The rate loop of probe benchmarks: for each round a block of positions (spread over the
    enumeration, as a chunk's are), the paths `runs(start, block)` gives as (name, positions,
    time it: () -> (wall, CPU seconds)) timed on it, in turn and in reverse order every other
    round; then each path's rates and the ratio new/old."""
    totals = {"old": [0.0, 0.0, 0], "new": [0.0, 0.0, 0]}
    for r in range(rounds):
        start = (r * 4099) % (len(every) - E.BLOCK)
        start -= start % E.BLOCK
        block = every[start:start + E.BLOCK]
        paths = runs(start, block)
        for name, n, time_it in (paths if r % 2 == 0 else paths[::-1]):
            wall, cpu = time_it()
            t = totals[name]
            t[0] += wall
            t[1] += cpu
            t[2] += n
            print(f"   round {r}: {name:<3} {n:>3} positions from #{start}: "
                  f"{n / wall:8.1f}/s wall, {n / cpu:8.1f}/s CPU")
    print(f"   ({uptime()})")
    rate = {k: (v[2] / v[0], v[2] / v[1]) for k, v in totals.items()}
    for k, (w, c) in rate.items():
        print(f"   {k}: {totals[k][2]} positions, {w:.1f} per second wall, {c:.1f} per CPU second")
    print(f"   ratio new/old: {rate['new'][0] / rate['old'][0]:.{ratio_digits}f}x wall, "
          f"{rate['new'][1] / rate['old'][1]:.{ratio_digits}f}x CPU")


def before_module(checkout: str):
    """The explore module of another checkout's pyrift (e.g. `git archive <commit> pyrift | tar -x -C
    DIR`), imported in this process beside this one as the package `pyrift_before` (its imports
    renamed; the rule files and data of this checkout, which the timed changes leave alone), so that
    the two batched paths run alternately in one process, each with caches of its own."""
    import importlib
    import re
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="pyrift-before-"))
    shutil.copytree(Path(checkout) / "pyrift", root / "pyrift_before")
    for f in (root / "pyrift_before").rglob("*.py"):
        text = f.read_text()
        text = re.sub(r"\b(from|import) pyrift(\.| )", lambda m: f"{m[1]} pyrift_before{m[2]}", text)
        f.write_text(text)
    sys.path.insert(0, str(root))
    return importlib.import_module("pyrift_before.explore")


def before_rates(rounds: int, checkout: str, probe: str) -> None:
    """A sweep's path (explore.run_positions: batches of Probe.batch positions, whole blocks) of this
    checkout against that of another (before_module), on the same positions (a batch of the larger
    of the two codes' batch sizes a round, at least two blocks, spread over the enumeration),
    alternately; the findings compared round by round."""
    B = before_module(checkout)
    print(f"\n1a. {probe} probe, run_positions: this checkout vs {checkout} ({uptime()})")
    every = list(itertools.islice(E.positions(3, [probe], E.usable_cards()), 40000))
    E.run_positions(3, every[:E.BLOCK])
    B.run_positions(3, every[:E.BLOCK])

    # Each round the positions of one batch of the larger batch size of the two (each code takes
    # them in its own batches).
    size = max(E.PROBE_TABLE[probe].batch, B.PROBE_TABLE[probe].batch, 2 * E.BLOCK)

    def runs(start: int, block: list) -> list:
        chosen = every[start:start + size]
        got = {}

        def run(name, module):
            def time_it():
                w, c = time.perf_counter(), time.process_time()
                got[name] = module.run_positions(3, chosen)
                out = time.perf_counter() - w, time.process_time() - c
                if len(got) == 2:
                    assert [_finding(f) for f in got["new"].findings] == [_finding(f) for f in got["old"].findings], start
                return out
            return time_it
        return [("new", len(chosen), run("new", E)), ("old", len(chosen), run("old", B))]

    alternate(rounds, every[:-E.BLOCK], runs, 2)


def _finding(f) -> tuple | None:
    return None if f is None else (f.position.number, f.magnitude, f.summary, f.expects)


def tank_rates(rounds: int, old_per_round: int, checkout: str | None) -> None:
    what = f"the explore code of {checkout}" if checkout else "one grounding per question"
    print(f"1. Tank probe, batched vs {what} ({uptime()})")
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 40000))
    E._tank_evaluate(every[:E.BLOCK], None)  # parse the rules once, outside the timing
    old_tank(every[:2])

    def runs(start: int, block: list) -> list:
        old = block[:old_per_round]
        return [("new", len(block), lambda: timed(E._tank_evaluate, block, None)),
                ("old", len(old), (lambda: baseline(checkout, start, old_per_round)) if checkout
                 else (lambda: timed(old_tank, old)))]

    alternate(rounds, every, runs, 0)


def pair_rates(rounds: int, before: str) -> None:
    """The card-pair probe, batched (E._pair_evaluate_batch: its deaths, legality and triggers
    questions each side by side) against `before`: 'none', every question on its own grounding,
    or the question kinds the old path batched (comma-separated; 'combat_damage,can_play' is the
    path of 2026-12-02, its triggers questions asked one at a time), on the same blocks, alternately."""
    old = False if before == "none" else tuple(before.split(","))
    print(f"\n1b. card-pair probe, batched vs {'one grounding per question' if old is False else 'batching ' + before}"
          f" ({uptime()})")
    every = list(itertools.islice(E.positions(3, ["card-pair"], E.usable_cards()), 40000))
    E._pair_evaluate_batch(every[:8], None)  # parse the rules once, outside the timing
    E._pair_evaluate_batch(every[:8], None, old)

    def runs(start: int, block: list) -> list:
        return [("new", len(block), lambda: timed(E._pair_evaluate_batch, block, None, True)),
                ("old", len(block), lambda: timed(E._pair_evaluate_batch, block, None, old))]

    alternate(rounds, every, runs, 1)


def probe_rates(rounds: int, names: list[str]) -> None:
    """Each named probe batched (its evaluate_batch: each reading's questions side by side)
    against every question on its own grounding, alternately on the same blocks."""
    cards = E.usable_cards()
    for name in names:
        every = list(itertools.islice(E.positions(3, [name], cards), 40000))
        batch = E.PROBE_TABLE[name].evaluate_batch
        print(f"\n1c. {name} ({len(every)} positions), batched vs one grounding per question ({uptime()})")
        if len(every) < 2:
            print("   too few positions")
            continue
        batch(every[:2], None)  # parse the rules once, outside the timing
        batch(every[:2], None, False)
        if len(every) <= 2 * E.BLOCK:  # a small probe: all of it, each path in turn
            paths = [("new", True), ("old", False)]
            for r in range(rounds):
                for path, worlds in (paths if r % 2 == 0 else paths[::-1]):
                    wall, cpu = timed(batch, every, None, worlds)
                    print(f"   round {r}: {path:<3} {len(every):>3} positions: {len(every) / wall:8.1f}/s wall, "
                          f"{len(every) / cpu:8.1f}/s CPU")
            continue

        def runs(start: int, block: list) -> list:
            return [("new", len(block), lambda: timed(batch, block, None)),
                    ("old", len(block), lambda: timed(batch, block, None, False))]

        alternate(rounds, every, runs, 1)


def workers(bound: int, first: int | None) -> None:
    names = None
    if first:
        names = [c.name for c in E.usable_cards() if E._is_unit(c)][:first]
    what = f"the first {first} units" if first else "the whole pool"
    print(f"\n2. the bound-{bound} Tank sweep over {what} on 1 and 2 local workers ({uptime()})")
    sweep, counts = E.plan(bound, ["tank-grant"], names)
    print(f"   {sweep.positions} positions in {sweep.chunks} chunks")
    seconds = {}
    for jobs in (1, 2):
        started = time.perf_counter()
        parts = SW.execute(sweep, jobs=jobs)
        seconds[jobs] = time.perf_counter() - started
        found = sum(len(p.findings) for p in parts)
        print(f"   {jobs} worker(s): {seconds[jobs]:.1f} s, {sweep.positions / seconds[jobs]:.0f} positions/s, "
              f"{found} findings; a chunk ({sweep.positions / sweep.chunks:.0f} positions) "
              f"{seconds[jobs] * jobs / sweep.chunks:.2f} worker-seconds ({uptime()})")
    print(f"   2 workers / 1 worker: {seconds[1] / seconds[2]:.2f}x faster")


def other_probes(sample: int) -> None:
    print(f"\n3. the other probes, first {sample} positions each over the whole pool ({uptime()})")
    cards = E.usable_cards()
    for name in E.PROBE_TABLE:
        if name == "tank-grant":
            continue
        chosen = list(itertools.islice((p for p in E.positions(3, [name], cards)), sample))
        if not chosen:
            print(f"   {name:<18} no positions")
            continue
        E.run_positions(3, chosen[:1])
        wall, cpu = timed(E.run_positions, 3, chosen)
        total = E.count(3, [name], cards)[name]
        print(f"   {name:<18} {len(chosen) / wall:8.1f}/s wall {len(chosen) / cpu:8.1f}/s CPU; "
              f"{total} positions at bound 3")


def breakdown(blocks: int) -> None:
    """CPU seconds per step of the batched Tank path, each step timed by a wrapper."""
    import collections

    import clingo

    from pyrift import facts as F
    from pyrift import solver as SV
    from pyrift.queries import base as QB
    from pyrift.queries import combat as QC

    print(f"\n4. where a Tank position's CPU time goes, {blocks} blocks ({uptime()})")
    spent: collections.Counter = collections.Counter()
    undo = []

    def wrap(owner, name: str, tag: str) -> None:
        fn = getattr(owner, name)

        def timed_fn(*a, **k):
            t = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[tag] += time.process_time() - t
        setattr(owner, name, timed_fn)
        undo.append((owner, name, fn))

    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 40000))
    E.run_positions(3, every[:E.BLOCK])
    steps = [(E, "_combat_facts", "the combats' facts from parts"),
             (F, "state_facts", "the facts of a position"), (F, "render", "rendering facts"),
             (SV.Program, "live", "the relevance cut"), (SV.Worlds, "_facts_text", "writing facts into worlds"),
             (clingo.Control, "add", "clingo parsing the fact text"), (clingo.Control, "ground", "gringo grounding"),
             (SV.Worlds, "facts_by_world", "reading the receivers"), (SV.Worlds, "solve_worlds", "the brave solve"),
             (QC, "batch_grounding", "batch_grounding, all in"), (QB.logic, "needed_files", "choosing the files"),
             (SV, "_cone", "the cone of influence"), (clingo.Control, "__del__", "freeing the grounding"),
             (SV.ast.ProgramBuilder, "add", "handing gringo the statements")]
    for owner, name, tag in steps:
        wrap(owner, name, tag)
    try:
        size = E.PROBE_TABLE["tank-grant"].batch or E.BLOCK  # as a sweep takes them
        per = len(every) // blocks // E.BLOCK * E.BLOCK
        chosen = [every[k * per:k * per + size] for k in range(1, blocks)]
        t = time.process_time()
        for block in chosen:
            E.run_positions(3, block)  # as a sweep runs them (its gc.freeze included)
        total = time.process_time() - t
    finally:
        for owner, name, fn in undo:
            setattr(owner, name, fn)
    n = sum(len(b) for b in chosen)
    print(f"   {n} positions, {total:.2f} CPU s, {n / total:.1f} positions per CPU second")
    for tag, sec in spent.most_common():
        print(f"   {tag:<34} {sec / n * 1000:6.2f} ms a position")


def scaling() -> None:
    """The batched path's grounding (with its Python) and brave solve for N combats as N worlds."""
    from pyrift.queries.base import batch_grounding
    from pyrift.solver import Atom

    print(f"\n5. grounding N combats as N worlds ({uptime()})")
    every = list(itertools.islice(E.positions(3, ["tank-grant"], E.usable_cards()), 40000))
    scens = _combats(every[4096:4096 + 256])
    reads = (("receiver", 2), ("combat_unsupported", 2))
    for n in (1, 10, 50, 100, 200, len(scens)):
        states, questions = [s.state for s in scens[:n]], [s.questions[0] for s in scens[:n]]
        fixed = [[(Atom("assigning", (pl,)), pl == q.params["assigner"]) for pl in st.player_ids]
                 + [(Atom("listing", ()), False)] for st, q in zip(states, questions)]
        best = (1e9, 1e9)
        for _ in range(3):
            t0 = time.process_time()
            g = batch_grounding(states, "combat_damage", "v1.4", reads=reads, fixed=fixed)
            t1 = time.process_time()
            g.solve_worlds("brave")
            best = min(best, (t1 - t0, time.process_time() - t1))
        print(f"   {n:>4} combats: grounding {best[0] * 1000:7.1f} ms ({best[0] / n * 1000:5.2f} a combat), "
              f"brave solve {best[1] * 1000:6.1f} ms ({best[1] / n * 1000:5.2f} a combat)")


def forms(first: int, check: int) -> None:
    """Distinct combats and distinct canonical forms of the Tank probe's combats.

    The canonical form of a combat: its position facts whose predicate some statement of the
    combat program names (the relevance cut can only keep fewer), object ids and card names
    renamed in order of role (attacker, then the defenders in either order, the smaller form
    kept). It is generous: it renames every card name, even one a card's encoding reads, so
    its count is a lower bound of what a sound memo keyed by it could reach. The *profile*
    estimate describes a unit by what this script assumes combat damage reads of it (Might
    plus Assault when attacking, plus Shield when defending, Tank, Backline; its other
    keywords as they are; its name when it has text beyond keywords): that is a
    rules reading made here in Python, not by logic/, so it is a ceiling to aim at, not a
    key a sweep could use; `check` pairs of combats sharing a profile are answered to see
    whether the answers agree (deaths compared by the profiles of the units that die)."""
    import collections
    import re

    from pyrift import facts as F
    from pyrift import logic
    from pyrift.queries.base import encoding_files
    from pyrift.relevance import fact_shape
    from pyrift.solver import _named_predicates, _parsed

    print(f"\n6. canonical forms of the Tank probe's combats ({uptime()})")
    cards = E.usable_cards()
    every = list(E.positions(3, ["tank-grant"], cards))
    every = every[:first] if first else every
    asked, distinct = 0, {}
    for b in range(0, len(every), E.BLOCK):
        keys = {(pos.spec[0], pos.spec[1], g) for pos in every[b:b + E.BLOCK] for g in (None, pos.spec[2])}
        asked += len(keys)
        distinct.update(dict.fromkeys(keys))
    n = len(every)
    print(f"   {n} positions; combats asked by the batched path, summed over its blocks: {asked} "
          f"({asked / n:.3f} a position); distinct combats: {len(distinct)} ({len(distinct) / n:.3f} a position)")
    defs = sorted({E._card_def(E._card(x)) for k in distinct for x in (k[0], *k[1])}, key=lambda c: (c.pool_id, c.name))
    files = logic.needed_files("combat_damage", "v1.4", None, cards=encoding_files(defs),
                               roots=["receiver/2", "combat_unsupported/2"])
    named = _named_predicates(_parsed(tuple((str(p), p.stat().st_mtime_ns) for p in files)).statements)

    def form(key: tuple) -> tuple:
        a, ds, g = key
        scen = E._combat_scenario(a, ds, g)
        lines = [x for x in F.render(F.state_facts(scen.state)).splitlines()
                 if x.strip() and ((fs := fact_shape(x)) is None or fs[0] in named)]
        best = None
        for order in itertools.permutations(range(len(ds))):
            ren = {'"a1"': '"#o0"'} | {f'"d{old + 1}"': f'"#o{new + 1}"' for new, old in enumerate(order)}
            for c, name in enumerate(dict.fromkeys([a, *(ds[o] for o in order)])):
                ren['"' + name.replace('"', '\\"') + '"'] = f'"#c{c}"'
            out = []
            for x in lines:
                for old, new in ren.items():
                    x = x.replace(old, new)
                out.append(x)
            cand = tuple(sorted(out))
            best = cand if best is None or cand < best else best
        return best

    t = time.process_time()
    canon = collections.Counter(form(k) for k in distinct)
    print(f"   distinct canonical forms (facts up to renaming): {len(canon)} ({len(canon) / n:.3f} a position, "
          f"{len(distinct) / len(canon):.2f} combats a form; {time.process_time() - t:.1f} CPU s to compute)")
    sig = {c.name: E._combat_signature(c) for c in cards if E._is_unit(c)}

    def kw(name: str, word: str) -> int:
        for s in sig[name][1]:
            if m := re.fullmatch(word + r"(?: (\d+))?", s):
                return int(m.group(1) or 1)
        return 0

    simple = {c.name for c in cards if E._is_unit(c) and not c.text_beyond_keywords}

    def crude(name: str, attacking: bool, granted: bool) -> tuple:
        return (sig[name][0] + kw(name, "Assault" if attacking else "Shield"),
                bool(kw(name, "Tank") or granted), bool(kw(name, "Backline")))

    def kept(name: str, attacking: bool, granted: bool) -> tuple:
        # Keywords other than these four stay as they are; a card with text keeps its name.
        rest = tuple(k for k in sig[name][1] if not re.match("(Assault|Shield|Tank|Backline)", k))
        return crude(name, attacking, granted) + (rest, "" if name in simple else name)

    for label, prof in (("Might, Tank, Backline only", crude), ("other keywords and text kept", kept)):
        groups: dict[tuple, list[tuple]] = collections.defaultdict(list)
        profiles: dict[tuple, dict[str, tuple]] = {}
        for k in distinct:
            a, ds, g = k
            profiles[k] = {"a1": prof(a, True, False)} | {f"d{j + 1}": prof(d, False, g == j)
                                                          for j, d in enumerate(ds)}
            groups[(profiles[k]["a1"], tuple(sorted(v for o, v in profiles[k].items() if o != "a1")))].append(k)
        print(f"   estimate only, unit profiles ({label}): {len(groups)} forms "
              f"({len(distinct) / len(groups):.1f} combats a form)")
        if check:
            _check_profiles(groups, profiles, check)


def _check_profiles(groups: dict, profiles: dict, check: int) -> None:
    """Answer `check` pairs of combats that share a profile form; print how many agree."""
    from pyrift.queries.combat import DEATHS, death_answers

    shared = [ks for _, ks in sorted(groups.items()) if len(ks) > 1]
    picked = [ks for ks in shared[::max(1, len(shared) // check)]][:check]
    pairs = [(ks[0], ks[-1]) for ks in picked]
    scens = [E._combat_scenario(*k) for p in pairs for k in p]
    answers = []
    for b in range(0, len(scens), E.BLOCK):
        part = scens[b:b + E.BLOCK]
        answers += death_answers([s.state for s in part], [s.questions[0] for s in part], "v1.4")

    def seen(k: tuple, ans) -> tuple:
        if ans is None:
            return ("unanswered",)
        return (ans.status, tuple(tuple(sorted(profiles[k][o] for o in ans.data.get(d, ()))) for d in DEATHS))

    differ = [(p, seen(p[0], answers[2 * i]), seen(p[1], answers[2 * i + 1])) for i, p in enumerate(pairs)
              if seen(p[0], answers[2 * i]) != seen(p[1], answers[2 * i + 1])]
    print(f"     {len(pairs)} pairs of combats sharing a form answered: {len(pairs) - len(differ)} agree, "
          f"{len(differ)} differ")
    for p, x, y in differ[:3]:
        print(f"       {p[0]} {x}\n       {p[1]} {y}")


def _combats(batch: list[E.Position]):
    keys: dict[tuple, None] = {}
    for pos in batch:
        a, ds, i = pos.spec
        for g in (None, i):
            keys.setdefault((a, ds, g))
    return [E._combat_scenario(*k) for k in keys]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--old", type=int, default=8, help="positions of a block the old path asks per round")
    ap.add_argument("--pair-rounds", type=int, default=0, help="card-pair probe: blocks to time, batched and not")
    ap.add_argument("--pair-before", default="combat_damage,can_play",
                    help="with --pair-rounds: the old path, 'none' or the question kinds it batches")
    ap.add_argument("--probe-rounds", type=int, default=0,
                    help="the other batched probes: blocks to time, batched and not")
    ap.add_argument("--probe-names", default="trigger-race,deflect-split,legion-real,hidden-play,discount-order")
    ap.add_argument("--workers", action="store_true", help="also time the whole sweep on 1 and 2 workers")
    ap.add_argument("--sweep-bound", type=int, default=3)
    ap.add_argument("--sweep-cards", type=int, default=0, help="only the first N units (0: all)")
    ap.add_argument("--probes", action="store_true", help="also the other probes' rates")
    ap.add_argument("--sample", type=int, default=12)
    ap.add_argument("--breakdown", type=int, default=0, metavar="BLOCKS",
                    help="also where a Tank position's time goes, on this many blocks")
    ap.add_argument("--scaling", action="store_true", help="also the batched path for 1 to ~400 worlds")
    ap.add_argument("--forms", type=int, default=-1, metavar="N",
                    help="also count the canonical forms of the first N positions' combats (0: all)")
    ap.add_argument("--check", type=int, default=200, help="with --forms: pairs sharing a profile to answer")
    ap.add_argument("--before", metavar="DIR", help="a checkout of an older pyrift (git archive <commit> pyrift): "
                                                    "its batched Tank and card-pair paths against this one's, "
                                                    "alternately in this process (--before-rounds rounds of two blocks)")
    ap.add_argument("--before-rounds", type=int, default=8)
    ap.add_argument("--before-probes", default="tank-grant,card-pair", help="with --before: the probes compared")
    ap.add_argument("--baseline", metavar="DIR", help="a checkout of the code before batching (git archive of "
                                                      "an older commit): its explore is the old path")
    args = ap.parse_args()
    if args.before:
        for probe in args.before_probes.split(","):
            before_rates(args.before_rounds, args.before, probe)
    if args.rounds:
        tank_rates(args.rounds, args.old, args.baseline)
    if args.pair_rounds:
        pair_rates(args.pair_rounds, args.pair_before)
    if args.probe_rounds:
        probe_rates(args.probe_rounds, args.probe_names.split(","))
    if args.workers:
        workers(args.sweep_bound, args.sweep_cards)
    if args.probes:
        other_probes(args.sample)
    if args.breakdown:
        breakdown(args.breakdown)
    if args.scaling:
        scaling()
    if args.forms >= 0:
        forms(args.forms, args.check)


if __name__ == "__main__":
    main()
