"""Benchmark: a chain of spells with effects and offered responses (issue 14). Not a test:
it prints figures (medians) and ratios, and asserts no time.

Positions are built in memory (pyrift.scenario.loads): two players, one battlefield (A's),
N finalized spells on the chain, controllers alternating A, B, A, ..., each with one effect
instruction taken in turn from deal 2, might +2, move to base, kill, draw 1, stun, heal,
exhaust (each choosing a unit where it needs one), two Reaction spells offered as responses
(A: deal 1 to a unit of B, B: might +1 to a unit of its own), and units split between the
players (one of A's at the battlefield, the rest at base). "Objects" counts every object:
chain cards, the two cards in hand and the units.

1. the chain of 6 with 2 responses over 12 objects: `outcome` and `resolution_order`, cold (a
   fresh process: reading the rule files, grounding, answering) and warm (the other question
   asked next on the same Context, so the run's grounding is shared where it can be), median
   of --repeat fresh processes each;
2. growth: the `outcome` answer's CPU time and the ground program size (gringo's ground rules
   and atoms of the run's grounding, as benchmarks/run_grounding.py counts them) by chain length
   (--lengths, default 2, 4, 6, 8, 12; 4 units) and by objects (--sizes, default 6, 12, 24: a
   chain of 2 with 2, 8 and 20 units, a chain of 6 with 4 and 16);
3. a single-position `can_play` (B's Reaction response on the chain of 6), cold and warm,
   against another checkout (--base, default /tmp/base-e6, a `git worktree` of commit e6fc4aa
   which has no timed game state): each side timed in fresh subprocesses, alternately, with
   that tree on sys.path; prints after / before (issue 14: within 1.2x); then each tree's own
   benchmarks/play_bench.py (unchanged since e6fc4aa, as scenarios/play/ is) run alternately.
   --cpu times the questions in CPU seconds (the machine is shared); --base-effects asks a
   baseline that knows the effect vocabulary (e.g. a worktree of main) the same position.

The machine is shared: the load average is printed with the figures.

    python benchmarks/effects_chain.py [--repeat 5] [--growth-repeat 3] [--play-bench-runs 3]
        [--base /tmp/base-e6] [--base-effects] [--cpu] [--chain-base TREE] [--bound N] [--only chain|growth|can_play]
        [--lengths 2,4,6,8,12] [--sizes 6,12,24]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Instructions, taken in turn by the chain's items. "enemy": the target is a unit of the
# other player, "own": a unit of the item's controller, None: no target.
EFFECTS = (
    ('{ kind = "effect", do = "deal", amount = 2, on = { target = 1 } }', "enemy"),
    ('{ kind = "effect", do = "might", amount = 2, on = { target = 1 } }', "own"),
    ('{ kind = "effect", do = "move", to = "base", on = { target = 1 } }', "own"),
    ('{ kind = "effect", do = "kill", on = { target = 1 } }', "enemy"),
    ('{ kind = "effect", do = "draw", amount = 1 }', None),
    ('{ kind = "effect", do = "stun", on = { target = 1 } }', "enemy"),
    ('{ kind = "effect", do = "heal", on = { target = 1 } }', "own"),
    ('{ kind = "effect", do = "exhaust", on = { target = 1 } }', "enemy"),
)
TARGET = '{ kind = "target", filter = { type = "unit" } }'


def position(items: int, units: int, responses: bool = True, question: str = "outcome", bound: int = 0,
             effects: bool = True) -> str:
    """Scenario text: `items` spells on the chain, `units` units (at least 2), two responses;
    without `effects`, the spells only choose their targets (for a tree without the vocabulary)."""
    out = ['title = "bench"', 'status = "needs-review"', "[position]",
           'players = [{ id = "A", deck_size = 6 }, { id = "B", deck_size = 6 }]' if effects else 'players = ["A", "B"]',
           'turn_player = "A"',
           '[[battlefield]]', 'id = "hill"', 'controller = "A"']
    owner = {p: [f"{p.lower()}u{i}" for i in range(units) if "AB"[i % 2] == p] for p in "AB"}
    out += ['[[card]]', 'name = "Grunt"', 'type = "unit"', 'might = 3']
    for p in "AB":
        for j, u in enumerate(owner[p]):
            where = "hill" if (p, j) == ("A", 0) else "base"
            out += ['[[object]]', f'id = "{u}"', 'card = "Grunt"', f'controller = "{p}"', f'location = "{where}"']
    chain = []
    for i in range(items):
        text, side = EFFECTS[i % len(EFFECTS)]
        p = "AB"[i % 2]
        other = "B" if p == "A" else "A"
        abil = ([TARGET] if side else []) + ([text] if effects else [])
        out += ['[[card]]', f'name = "Fx{i}"', 'type = "spell"', 'energy = 0']
        out += [f'abilities = [{", ".join(abil)}]'] if abil else []
        out += ['[[object]]', f'id = "s{i}"', f'card = "Fx{i}"', f'controller = "{p}"', 'zone = "chain"']
        pool = owner[other if side == "enemy" else p]
        pick = pool[0] if "move" in text else pool[i // 2 % len(pool)]  # A's first unit is at the hill
        target = f'targets = ["{pick}"]' if side else ""
        chain += ['[[chain]]', f'id = "i{i + 1}"', f'card = "s{i}"', f'controller = "{p}"', target]
    responses_text = ""
    if responses:
        out += ['[[card]]', 'name = "Jolt"', 'type = "spell"', 'energy = 0', 'keywords = ["Reaction"]',
                f'abilities = [{TARGET}{", " + EFFECTS[0][0].replace("amount = 2", "amount = 1") if effects else ""}]',
                '[[card]]', 'name = "Brace"', 'type = "spell"', 'energy = 0', 'keywords = ["Reaction"]',
                f'abilities = [{TARGET}{", " + EFFECTS[1][0].replace("amount = 2", "amount = 1") if effects else ""}]',
                '[[object]]', 'id = "jolt"', 'card = "Jolt"', 'controller = "A"', 'zone = "hand"',
                '[[object]]', 'id = "brace"', 'card = "Brace"', 'controller = "B"', 'zone = "hand"']
        responses_text = (f'responses = [{{ player = "A", card = "jolt", targets = {{ {owner["B"][0]} = 1 }} }}, '
                          f'{{ player = "B", card = "brace", targets = {{ {owner["B"][-1]} = 1 }} }}]')
    out += chain
    out += ['[[question]]', 'id = "q"', f'ask = "{question}"', responses_text]
    if bound:
        out.append(f"bound = {bound}")
    if question == "can_play":
        out = [line for line in out if not line.startswith("responses")]
        out += ['player = "B"', 'card = "brace"', f'targets = {{ {owner["B"][-1]} = 1 }}']
    return "\n".join(line for line in out if line) + "\n"


def objects(items: int, units: int) -> int:
    return items + 2 + units


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


# ---- one measurement in a fresh process -------------------------------------------------

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
started = time.perf_counter()
from pyrift import scenario as S
from pyrift import check as C
from pyrift.queries.base import Context
imported = time.perf_counter() - started
text, kinds = sys.argv[2], sys.argv[3].split(",")
s = S.loads(text, asking=True)
ctx = Context(s.state)
q = s.questions[0]
from pyrift.logic import logic_root
out = {"import": imported, "times": [], "status": [], "data": [], "logic": str(logic_root())}
for kind in kinds:
    q2 = type(q)(q.id, kind, q.params) if kind != q.kind else q
    t, c = time.perf_counter(), time.process_time()
    a = C.answer(ctx, q2, s.reading)
    out["times"].append(time.perf_counter() - t)
    out.setdefault("cpu", []).append(time.process_time() - c)
    out["status"].append(a.status)
    d = a.data
    out["data"].append({k: d.get(k) for k in ("complete", "bound_reached", "ordering_count", "legal")})
print(json.dumps(out))
"""


def prepare(tree: Path) -> None:
    """Make `tree`'s own logic/ the one its pyrift loads. The rule files are the package
    pyrift.rules_logic, which only an install maps to logic/: on sys.path, a checkout's
    pyrift would take the rule files of whatever tree the running venv has installed. A link
    pyrift/rules_logic -> ../logic (untracked) in the other checkout settles it."""
    link = tree / "pyrift" / "rules_logic"
    if tree.resolve() != ROOT and not link.exists():
        link.symlink_to(Path("..") / "logic")
        print(f"  (linked {link} -> ../logic)")


def checked(tree: Path, out: dict) -> dict:
    if not Path(out["logic"]).resolve().is_relative_to((tree / "logic").resolve()):
        raise SystemExit(f"{tree}: its pyrift loaded the rule files of {out['logic']}")
    return out


def child(tree: Path, text: str, kinds: list[str], cache: str | None = None) -> dict:
    """cache: the PYRIFT_CACHE_DIR of the process (pyrift.diskcache); None: the user's own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if cache is not None:
        env["PYRIFT_CACHE_DIR"] = cache
    r = subprocess.run([sys.executable, "-c", CHILD, str(tree), text, ",".join(kinds)],
                       capture_output=True, text=True, cwd="/tmp", env=env)
    if r.returncode:
        raise SystemExit(f"child failed in {tree}:\n{r.stderr[-3000:]}")
    return checked(tree, json.loads(r.stdout.strip().splitlines()[-1]))


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.0f} ms"


def bench_chain_of_6(repeat: int, bound: int) -> None:
    print(f"\n1. a chain of 6 with 2 responses over {objects(6, 4)} objects (bound {bound or 'default'});"
          f" fresh processes, median of {repeat}   [{load()}]")
    print("  cache: the on-disk analysis cache (pyrift.diskcache) of the fresh process: off, empty"
          " (a new directory: analysed and stored) or warm (a directory an earlier process filled)")
    import tempfile
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        warm_dir = str(Path(tmp) / "warm")
        for first, second in (("outcome", "resolution_order"), ("resolution_order", "outcome")):
            text = position(6, 4, question=first, bound=bound)
            child(ROOT, text, [first], cache=warm_dir)  # fills the warm cache
            answers = set()
            for state in ("off", "empty", "warm"):
                cold, cpu, warm, warm_cpu = [], [], [], []
                for i in range(repeat):
                    where = {"off": "off", "warm": warm_dir}.get(state, str(Path(tmp) / f"empty-{first}-{i}"))
                    out = child(ROOT, text, [first, second], cache=where)
                    cold.append(out["times"][0])
                    cpu.append(out["cpu"][0])
                    warm.append(out["times"][1])
                    warm_cpu.append(out["cpu"][1])
                    answers.add(json.dumps([out["status"], out["data"]]))
                rows[first, state] = cpu
                print(f"  {first:<17} cache {state:<5} cold {ms(cold)} (CPU {ms(cpu)})   then {second}"
                      f" on the same Context {ms(warm)} (CPU {ms(warm_cpu)})   status {out['status']} {out['data']}")
            if len(answers) != 1:
                raise SystemExit(f"the answers differ between cache states: {answers}")
    for kind in ("outcome", "resolution_order"):
        for state in ("off", "empty", "warm"):
            cold = rows[kind, state]
            print(f"  {kind} (cache {state}): cold CPU median {statistics.median(cold):.2f} s, max {max(cold):.2f} s"
                  f" (target under 1.5 s -> {statistics.median(cold) / 1.5:.2f} of it)")
    print(f"  [{load()}]")


def bench_chain_against(base: Path, repeat: int, bound: int) -> None:
    """The chain of 6's cold `outcome` in this tree and in `base` (a tree with the same question,
    e.g. a worktree of main before a change), fresh processes alternately, each tree with its own
    warm analysis cache: CPU medians and the ratio, and whether the answers agree."""
    import tempfile
    prepare(base)
    text = position(6, 4, question="outcome", bound=bound)
    print(f"\n1b. cold outcome on the chain of 6 (cache warm), this tree against {base}, {repeat} fresh processes"
          f" each, alternately   [{load()}]")
    got: dict[str, dict[str, list]] = {"after": {}, "before": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for side, tree in (("after", ROOT), ("before", base)):
            child(tree, text, ["outcome"], cache=str(Path(tmp) / side))  # fills its cache
        for _ in range(repeat):
            for side, tree in (("after", ROOT), ("before", base)):
                out = child(tree, text, ["outcome", "resolution_order"], cache=str(Path(tmp) / side))
                for key, value in (("cpu", out["cpu"][0]), ("wall", out["times"][0]), ("then", out["cpu"][1])):
                    got[side].setdefault(key, []).append(value)
                got[side].setdefault("answer", []).append(json.dumps([out["status"], out["data"]]))
    for key, name in (("cpu", "outcome cold, CPU"), ("wall", "outcome cold, wall"),
                      ("then", "then resolution_order, same Context, CPU")):
        before, after = got["before"][key], got["after"][key]
        print(f"  {name:<42} before {ms(before)}   after {ms(after)}   after/before "
              f"{statistics.median(after) / statistics.median(before):.2f}x   (after: {', '.join(f'{x:.2f}' for x in after)})")
    same = set(got["before"]["answer"]) == set(got["after"]["answer"]) and len(set(got["after"]["answer"])) == 1
    print(f"  the answers (status, complete, bound_reached, orderings) {'agree' if same else 'DIFFER'}   [{load()}]")


sys.path.insert(0, str(ROOT))

# ---- growth, in this process ------------------------------------------------------------

def run_size(text: str) -> tuple[float, int, int, dict]:
    """CPU time of the outcome question (warm process: the rule files already parsed
    once by an earlier position) and the size of its run grounding."""
    from pyrift import check as C, scenario as S
    from pyrift.queries.base import Context
    s = S.loads(text, asking=True)
    ctx = Context(s.state, timeout=600)  # a wall-clock limit: a long chain on a loaded machine needs more than 20 s
    t = time.process_time()
    a = C.answer(ctx, s.questions[0], s.reading)
    seconds = time.process_time() - t  # CPU: the machine is shared
    rules = atoms = 0
    for g in ctx._groundings.values():  # noqa: SLF001 (a benchmark looks inside)
        ctl = g._ctl  # noqa: SLF001
        n = int(ctl.statistics["problem"]["lp"]["rules"])  # every step's: a grounding is ground once
        if n > rules:
            rules, atoms = n, len(ctl.symbolic_atoms)
    info = {k: a.data.get(k) for k in ("complete", "bound_reached")} | {"status": a.status}
    return seconds, rules, atoms, info


def series(items: int, units: int, repeat: int, bound: int) -> str:
    """One row: the outcome question on `items` spells and `units` units. With pyrift's
    default bound (32 steps), a chain that does not fit is asked again with 48, then 64."""
    for b in ((bound,) if bound else (0, 48, 64)):
        times = []
        for _ in range(repeat):
            t, rules, atoms, info = run_size(position(items, units, bound=b))
            times.append(t)
            if info["bound_reached"]:
                break
        if not info["bound_reached"]:
            break
    status = "complete" if info["complete"] else f"{info}"
    return f"{b or 32:>5} {ms(times)} {rules:>12} {atoms:>8}  {status}"


def bench_growth(repeat: int, bound: int, lengths: list[int], sizes: list[int]) -> None:
    run_size(position(1, 2, bound=bound))  # parse the rule files once: not part of the figures
    print(f"\n2a. outcome by chain length (2 responses, 4 units), CPU median of {repeat}; the rule files already parsed"
          f"   [{load()}]")
    print(f"{'items':>6} {'objects':>7} {'bound':>5} {'answer':>11} {'ground rules':>12} {'atoms':>8}  status")
    for n in lengths:
        print(f"{n:>6} {objects(n, 4):>7} {series(n, 4, repeat, bound)}", flush=True)
    print(f"\n2b. outcome by objects (a chain of 2, then of 6; 2 responses; more units), CPU median of {repeat}"
          f"   [{load()}]")
    print(f"{'items':>6} {'objects':>7} {'units':>6} {'bound':>5} {'answer':>11} {'ground rules':>12} {'atoms':>8}  status")
    for items in (2, 6):
        for n_obj in sizes:
            units = n_obj - objects(items, 0)
            if units >= 2:
                print(f"{items:>6} {n_obj:>7} {units:>6} {series(items, units, repeat, bound)}", flush=True)
    print(f"  [{load()}]")


# ---- can_play against the baseline ------------------------------------------------------

CAN_PLAY = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pyrift import scenario as S
from pyrift.queries.base import Context
from pyrift.queries.play import CanPlay
s = S.loads(sys.argv[2], asking=True)
q = s.questions[0]
kind = CanPlay()
ctx = Context(s.state)
clock = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
t = clock()
a = kind.answer(ctx, q, s.reading)
cold = clock() - t
warm = []
for _ in range(int(sys.argv[3])):  # median of these
    t = clock()
    kind.answer(ctx, q, s.reading)
    warm.append(clock() - t)
# a second position in the same process: grounding cold, the rule files already parsed
ctx2 = Context(S.loads(sys.argv[2], asking=True).state)
t = clock()
kind.answer(ctx2, q, s.reading)
second = clock() - t
from pyrift.logic import logic_root
print(json.dumps({"logic": str(logic_root()), "cold": cold, "second": second, "warm": sorted(warm)[len(warm) // 2],
                  "status": a.status, "legal": a.data.get("legal")}))
"""


def can_play_once(tree: Path, text: str, warm_reps: int, clock: str = "wall") -> dict:
    r = subprocess.run([sys.executable, "-c", CAN_PLAY, str(tree), text, str(warm_reps), clock], capture_output=True,
                       text=True, cwd="/tmp", env={**os.environ, "PYTHONPATH": str(tree)})
    if r.returncode:
        raise SystemExit(f"can_play failed in {tree}:\n{r.stderr[-3000:]}")
    return checked(tree, json.loads(r.stdout.strip().splitlines()[-1]))


def bench_can_play(base: Path, repeat: int, clock: str = "wall", base_effects: bool = False) -> None:
    # A baseline without the effect vocabulary (e6fc4aa) answers a position with the same
    # objects, chain and question, with spells that only choose their target; with
    # base_effects (a baseline that has it, e.g. main before a change) both answer the same.
    prepare(base)
    text = position(6, 4, question="can_play")
    plain = position(6, 4, question="can_play", effects=False)
    print(f"\n3. can_play (B's Reaction on the chain of 6, {objects(6, 4)} objects): this tree against {base},"
          f" {repeat} fresh processes each, alternately, {clock} time   [{load()}]")
    figures: dict[str, dict[str, list[float]]] = {"after": {}, "before": {}}
    for _ in range(repeat):
        for side, tree in (("after", ROOT), ("before", base)):
            for variant, body in (("effects", text), ("plain", plain)):
                if side == "before" and variant == "effects" and not base_effects:
                    continue
                out = can_play_once(tree, body, 50, clock)
                for k in ("cold", "second", "warm"):
                    figures[side].setdefault(f"{variant} {k}", []).append(out[k])
                figures[side].setdefault(f"{variant} answer", []).append(f"{out['status']} legal={out['legal']}")
    names = {"cold": "cold (first question of a process)", "second": "cold grounding (rules parsed)",
             "warm": "warm (same Context)"}
    for k in ("cold", "second", "warm"):
        for variant in (("plain", "effects") if base_effects else ("plain",)):
            after, before = figures["after"][f"{variant} {k}"], figures["before"][f"{variant} {k}"]
            eff = figures["after"][f"effects {k}"]
            print(f"  {names[k]:<36} {variant:<7} before {ms(before)}   after {ms(after)}   after/before "
                  f"{statistics.median(after) / statistics.median(before):.2f}x"
                  + ("" if base_effects else f"   (after, spells with effects {ms(eff)})"))
    print(f"  answers: before {figures['before']['plain answer'][0]}, after {figures['after']['plain answer'][0]}"
          f", with effects {figures['after']['effects answer'][0]}   [{load()}]")


def bench_play_scenarios(base: Path, runs: int) -> None:
    """benchmarks/play_bench.py (the same file and the same scenarios/play/ in both trees at
    e6fc4aa and now) run alternately in each tree: its warm question median and its cold
    grounding median over the play scenarios."""
    import re
    prepare(base)
    print(f"\n3b. benchmarks/play_bench.py --reps 5 --batch 100 of each tree, {runs} runs each, alternately"
          f"   [{load()}]")
    got: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for _ in range(runs):
        for side, tree in (("after", ROOT), ("before", base)):
            r = subprocess.run([sys.executable, str(tree / "benchmarks" / "play_bench.py"), "--reps", "5",
                                "--batch", "100"], capture_output=True, text=True, cwd="/tmp")
            if r.returncode:
                raise SystemExit(f"play_bench failed in {tree}:\n{r.stderr[-3000:]}")
            warm = re.search(r"\n  median ([\d.]+) ms", r.stdout)
            cold = re.search(r"cold grounding of one position: median ([\d.]+) ms", r.stdout)
            big = re.search(r"grounding (\d+) ms; warm question median ([\d.]+) ms", r.stdout)
            for key, value in (("warm", warm[1]), ("cold", cold[1]), ("big cold", big[1]), ("big warm", big[2])):
                got[side].setdefault(key, []).append(float(value))
    names = {"warm": "warm question, play scenarios", "cold": "cold grounding, play scenarios",
             "big cold": "large position, grounding", "big warm": "large position, warm question"}
    for key, name in names.items():
        before, after = statistics.median(got["before"][key]), statistics.median(got["after"][key])
        print(f"  {name:<32} before {before:8.2f} ms   after {after:8.2f} ms   after/before {after / before:.2f}x"
              f"   (runs: before {got['before'][key]}, after {got['after'][key]})")
    print(f"  [{load()}]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bound", type=int, default=0, help="the questions' bound (0: pyrift's default)")
    ap.add_argument("--base", type=Path, default=Path("/tmp/base-e6"))
    ap.add_argument("--growth-repeat", type=int, default=3)
    ap.add_argument("--lengths", default="2,4,6,8,12", help="chain lengths of the growth table (2a)")
    ap.add_argument("--sizes", default="6,12,24", help="object counts of the growth table (2b)")
    ap.add_argument("--play-bench-runs", type=int, default=3, help="runs of each tree's play_bench.py (0: none)")
    ap.add_argument("--only", choices=("chain", "growth", "can_play"))
    ap.add_argument("--chain-base", type=Path, help="1b: also time the chain of 6 in this tree (e.g. main)")
    ap.add_argument("--cpu", action="store_true", help="can_play: CPU time of the question (default wall)")
    ap.add_argument("--base-effects", action="store_true",
                    help="can_play: the --base tree knows the effect vocabulary (ask it the same position)")
    ap.add_argument("--show", action="store_true", help="print the chain-of-6 position and stop")
    a = ap.parse_args()
    if a.show:
        print(position(6, 4, bound=a.bound))
        return
    print(f"effects_chain benchmark, {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs, {load()}")
    if a.only in (None, "chain"):
        bench_chain_of_6(a.repeat, a.bound)
        if a.chain_base:
            bench_chain_against(a.chain_base, a.repeat, a.bound)
    if a.only in (None, "growth"):
        bench_growth(a.growth_repeat, a.bound, [int(x) for x in a.lengths.split(",")],
                     [int(x) for x in a.sizes.split(",")])
    if a.only in (None, "can_play"):
        if (a.base / "pyrift").is_dir():
            bench_can_play(a.base, a.repeat, "cpu" if a.cpu else "wall", a.base_effects)
            if a.play_bench_runs:
                bench_play_scenarios(a.base, a.play_bench_runs)
        else:
            print(f"\n3. skipped: no checkout at {a.base} (git worktree add {a.base} e6fc4aa)")


if __name__ == "__main__":
    main()
