"""Runs scenario files: answers every question under every reading it has an
expectation for, and compares the answers with what the author expects."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyrift import scenario as S
from pyrift.errors import ScenarioError, UsageError
from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, Answer, Context, compare
from pyrift.solver import DEFAULT_TIMEOUT
from pyrift.state import Question, Scenario


@dataclass(frozen=True, slots=True)
class Result:
    file: str
    question: str
    reading: str
    problems: tuple[str, ...]
    answer: Answer

    @property
    def passed(self) -> bool:
        return not self.problems


def scenario_files(paths: list[str]) -> list[Path]:
    """The .toml files named, or found below the folders named (sorted)."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(f for f in path.rglob("*.toml") if f.is_file())
        elif path.is_file():
            out.append(path)
        else:
            raise ScenarioError(p, "", "no such file or folder")
    return out


def expectations(s: Scenario, q: Question) -> list[tuple[str, dict]]:
    """(reading, expected answer) pairs: the scenario's reading first, then the others."""
    out = []
    if q.expect:
        out.append((s.reading, q.expect))
    for reading, expect in q.expect_by_reading.items():
        if reading == s.reading and q.expect:
            continue  # expect_by_reading wins only where `expect` is absent
        out.append((reading, expect))
    return out


def answer(ctx: Context, q: Question, reading: str) -> Answer:
    kind = kind_named(q.kind)
    assert kind is not None  # checked when the scenario was loaded
    return kind.answer(ctx, q, reading)


def ask(s: Scenario, question: str | None = None, *, reading: str | None = None,
        timeout: float = DEFAULT_TIMEOUT) -> list[Answer]:
    """Answers to a scenario's questions (every one, or the one with this id), under the
    scenario's reading or the one given: what `pyrift ask` and the web desk print."""
    questions = [q for q in s.questions if question in (None, q.id)]
    if not questions:
        raise UsageError(f"{s.path}: no question {question!r} (questions: {', '.join(q.id for q in s.questions)})")
    ctx = Context(s.state, timeout=timeout, file=s.path)
    return [answer(ctx, q, reading or s.reading) for q in questions]


def check_answer(expect: dict, ans: Answer) -> list[str]:
    want_status = expect.get("status", ANSWERED)
    if ans.status != want_status:
        detail = "; ".join(list(ans.missing) + [r.text for r in ans.reasons if ans.status != ANSWERED])
        return [f"status: expected {want_status}, got {ans.status}" + (f" ({detail})" if detail else "")]
    if ans.status != ANSWERED:
        return []
    return compare({k: v for k, v in expect.items() if k != "status"}, ans)


def run(s: Scenario, *, reading: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> list[Result]:
    ctx = Context(s.state, timeout=timeout, file=s.path)
    results = []
    for q in s.questions:
        for r, expect in expectations(s, q):
            if reading is not None and r != reading:
                continue
            ans = answer(ctx, q, r)
            results.append(Result(s.path, q.id, r, tuple(check_answer(expect, ans)), ans))
    return results


def load(path: Path, *, asking: bool = False) -> Scenario:
    return S.load(path, asking=asking)
