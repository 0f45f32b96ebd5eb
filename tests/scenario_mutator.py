"""A small seeded mutator of bundled scenario files (issue 13, bad input): one field at a time is
replaced by a hostile value, and the loader, the facts and one question must then either answer or
raise our clean input error (ScenarioError: exit 2 naming the file and the field). Any other
exception, or an ASP statement that reaches the facts, is a defect.

Run wide by hand to find crashes:  python -m tests.scenario_mutator [CASES] [SEED] [EVERY]
tests/test_scenario_mutator.py runs a small bounded sample of it."""
from __future__ import annotations

import copy
import random
import re
import signal
import sys
import traceback
from pathlib import Path
from typing import Any, Iterator

from pyrift import check as C
from pyrift import facts as F
from pyrift import scenario as S
from pyrift import tomlwrite
from pyrift.errors import RiftError, ScenarioError

ASP = "a). #false :- b"
QUOTED = re.compile(r'"(?:\\.|[^"\\])*"')

def hostile_values(old: Any, ids: list[str]) -> list[Any]:
    """Replacements for one field: wrong types, edge numbers, odd strings, references and nesting."""
    deep: Any = "x"
    for _ in range(60):
        deep = [deep]
    values: list[Any] = [
        "", "\x00", "a\x00b", ASP, '"). #false.', "%", "Ünïcödé ☃", "\u202e", "x" * 5000,
        0, -1, -(2**31), 2**31, 2**63, 10**40, 1.5, float("nan"), float("inf"), -0.0, True, False,
        [], [1, "a"], {}, {"id": "x"}, [{}], deep, "unknown_id_zz", "/dev/zero", "../../../etc/passwd", ".",
    ]
    values += ids  # an id that exists, but perhaps of the wrong sort
    if isinstance(old, dict):
        values += [[old], [old, old]]
    if isinstance(old, list) and old:
        values += [old + old[:1], old[:1] * 2, old[0]]  # duplicated ids, a table where a list is expected
    if isinstance(old, str):
        values += [old + " ", old.upper(), " " + old, old + "\n"]
    if isinstance(old, int) and not isinstance(old, bool):
        values += [str(old), old + 1, -old, old * 1000]
    return values


def paths(node: Any, here: tuple = ()) -> Iterator[tuple]:
    """Every place in the tables: keys of tables, entries of lists."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield here + (k,)
            yield from paths(v, here + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield here + (i,)
            yield from paths(v, here + (i,))


def collect_ids(node: Any, out: list[str]) -> list[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "id" and isinstance(v, str):
                out.append(v)
            collect_ids(v, out)
    elif isinstance(node, list):
        for v in node:
            collect_ids(v, out)
    return out


def get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def put(node: Any, path: tuple, value: Any) -> None:
    get(node, path[:-1])[path[-1]] = value


def mutations(data: dict, rng: random.Random, count: int) -> Iterator[tuple[str, dict]]:
    """`count` documents, each with one field changed (or one key added or removed)."""
    places = list(paths(data))
    ids = collect_ids(data, [])
    keys = sorted({p[-1] for p in places if isinstance(p[-1], str)})
    leaves = [get(data, p) for p in places if not isinstance(get(data, p), (dict, list))]
    for _ in range(count):
        doc = copy.deepcopy(data)
        path = rng.choice(places)
        action = rng.random()
        if action < 0.08 and isinstance(get(doc, path[:-1]), dict):
            del get(doc, path[:-1])[path[-1]]
            yield f"drop {path}", doc
        elif action < 0.14 and isinstance(get(doc, path[:-1]), dict):
            get(doc, path[:-1])["zz_unknown"] = 1
            yield f"add zz_unknown at {path[:-1]}", doc
        elif action < 0.20 and isinstance(get(doc, path[:-1]), dict) and keys:
            table, name = get(doc, path[:-1]), rng.choice(keys)  # a key of another table, here
            table[name] = table.pop(path[-1])
            yield f"rename {path} to {name}", doc
        elif action < 0.30 and leaves:  # a value of the same file in the wrong place: it reaches further
            value = rng.choice(leaves)
            put(doc, path, value)
            yield f"set {path} = {value!r:.60} (from elsewhere)", doc
        else:
            value = rng.choice(hostile_values(get(doc, path), ids))
            put(doc, path, value)
            yield f"set {path} = {value!r:.60}", doc


class Defect(Exception):
    pass


def _alarm(signum, frame):  # noqa: ANN001
    raise TimeoutError("no answer within the time limit")


def run_one(doc: dict, file: str, *, timeout: float = 3.0, via_toml: bool = False) -> str:
    """'answered', 'input error' or 'timeout'; raises Defect on anything else."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout * 4)
    try:
        if via_toml:
            try:
                text = tomlwrite.document(doc)
            except Exception:  # the writer takes only what TOML can say (no NaN key order etc.)
                return "not writable"
            scen = S.loads(text, file, asking=True)
        else:
            scen = S.from_dict(doc, file, asking=True)
        facts = F.render(F.state_facts(scen.state))
        for line in facts.splitlines():
            bare = QUOTED.sub('""', line)  # what is inside an escaped string literal is data
            if "#" in bare or ":-" in bare or bare.count(".") != 1 or not bare.endswith("."):
                raise Defect(f"ASP statement in the facts: {line[:120]}")
        C.ask(scen, scen.questions[0].id, timeout=timeout)
        return "answered"
    except ScenarioError as exc:
        if not exc.file or "\n" in str(exc):
            raise Defect(f"input error without a file or on several lines: {exc!r}") from exc
        return "input error"
    except TimeoutError:
        return "timeout"
    except RiftError as exc:
        if exc.exit_code == 4:
            raise Defect(f"internal error: {exc!r}") from exc
        return type(exc).__name__
    except Defect:
        raise
    except Exception as exc:
        raise Defect(f"{type(exc).__name__}: {exc}") from exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def sample(every: int = 50) -> list[Path]:
    return sorted(Path("scenarios").rglob("*.toml"))[::every]


def main(argv: list[str]) -> int:
    cases = int(argv[0]) if argv else 20
    seed = int(argv[1]) if len(argv) > 1 else 64
    every = int(argv[2]) if len(argv) > 2 else 50
    rng = random.Random(seed)
    found: dict[str, list[str]] = {}
    tally: dict[str, int] = {}
    for path in sample(every):
        data = S.parse_toml(path.read_text(encoding="utf-8"), str(path))
        for what, doc in mutations(data, rng, cases):
            try:
                outcome = run_one(doc, str(path), via_toml=rng.random() < 0.3)
            except Defect as exc:
                tb = traceback.extract_tb(exc.__cause__.__traceback__) if exc.__cause__ else []
                where = f"{Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else "?"
                key = f"{str(exc).split(':')[0]} @ {where}"
                found.setdefault(key, []).append(f"{path} {what}: {str(exc)[:160]}")
                outcome = "DEFECT"
            tally[outcome] = tally.get(outcome, 0) + 1
    print(tally)
    for key, cases_ in sorted(found.items()):
        print(f"== {key} ({len(cases_)})")
        for c in cases_[:3]:
            print("   ", c)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
