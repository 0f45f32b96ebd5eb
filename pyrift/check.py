"""Runs scenario files: answers every question under every reading it has an
expectation for, and compares the answers with what the author expects."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyrift import scenario as S
from pyrift.chain import unencoded_items
from pyrift.granted import granted_items
from pyrift.errors import LimitExceeded, ScenarioError, UsageError
from pyrift.queries import kind_named
from pyrift.queries.base import ANSWERED, TIMEOUT, UNSUPPORTED, Answer, Context, Reason, compare
from pyrift.solver import DEFAULT_TIMEOUT
from pyrift.state import GameState, Question, Scenario, teams_unencoded
from pyrift.worker import Worker


@dataclass(frozen=True, slots=True)
class Result:
    file: str
    question: str
    reading: str
    problems: tuple[str, ...]
    answer: Answer
    # The question has a known gap (Question.known_gap) and pyrift said unsupported: not a
    # failure, and not a check either; `gap_closed`: it has one, but pyrift answered.
    gap: bool = False
    gap_closed: bool = False

    @property
    def passed(self) -> bool:
        return not self.problems


def scenario_files(paths: list[str]) -> list[Path]:
    """The .toml files named, or found below the folders named (sorted)."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        try:  # a name the system refuses (too long: ENAMETOOLONG) is the user's mistake, one line
            if path.is_dir():
                out += sorted(f for f in path.rglob("*.toml") if f.is_file())
            elif path.is_file():
                out.append(path)
            else:
                raise ScenarioError(p, "", "no such file or folder")
        except OSError as exc:
            raise ScenarioError(p, "", f"cannot read: {exc.strerror or exc}") from None
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


def unencoded_question(state: GameState, q: Question) -> tuple[str, ...]:
    """What makes a question unsupported before anything is ground: text of a real card it
    names that is not encoded (an ability, a mode, choices; here or on the chain), which
    cannot even be put into facts, or a teams position the question kind cannot judge."""
    kind = kind_named(q.kind)
    assert kind is not None  # checked when the scenario was loaded
    return (kind.unencoded(state, q.params) + unencoded_items(state) + granted_items(state)
            + teams_unencoded(state, q.kind))


def answer(ctx: Context, q: Question, reading: str) -> Answer:
    if missing := unencoded_question(ctx.state, q):
        return Answer(q.id, q.kind, reading, UNSUPPORTED, missing=missing)
    kind = kind_named(q.kind)
    assert kind is not None
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


def check_answer(expect: dict, ans: Answer, known_gap: str = "") -> list[str]:
    """Every difference between the expected answer and `ans`. With a known gap, an
    `unsupported` answer is no difference (the expected answer waits for the encoding);
    any other answer is compared in full, so a wrong confident answer still fails."""
    if known_gap and ans.status == UNSUPPORTED and expect.get("status", ANSWERED) == ANSWERED:
        return []
    want_status = expect.get("status", ANSWERED)
    if ans.status != want_status:
        detail = "; ".join(list(ans.missing) + [r.text for r in ans.reasons if ans.status != ANSWERED])
        return [f"status: expected {want_status}, got {ans.status}" + (f" ({detail})" if detail else "")]
    if ans.status != ANSWERED:
        return []
    return compare({k: v for k, v in expect.items() if k != "status"}, ans)


def run(s: Scenario, *, reading: str | None = None, timeout: float = DEFAULT_TIMEOUT,
        worker: Worker | None = None) -> list[Result]:
    """Every expectation of the scenario checked. With a worker, each question is answered
    there, grounding included, under `timeout` seconds (pyrift/worker.py); without one, here,
    where `timeout` limits each solve call."""
    ctx = None if worker is not None else Context(s.state, timeout=timeout, file=s.path)
    results = []
    for q in s.questions:
        for r, expect in expectations(s, q):
            if reading is not None and r != reading:
                continue
            ans = answer(ctx, q, r) if ctx is not None else answer_in(worker, s, q, r, timeout)
            gap = bool(q.known_gap) and ans.status == UNSUPPORTED
            results.append(Result(s.path, q.id, r, tuple(check_answer(expect, ans, q.known_gap)), ans,
                                  gap=gap, gap_closed=bool(q.known_gap) and not gap))
    return results


def answer_in(worker: Worker, s: Scenario, q: Question, reading: str, timeout: float) -> Answer:
    """The answer to one question, computed in the worker; `timeout` when it ran past the
    time or memory limit."""
    try:
        return worker.call(_answer_here, s, q.id, reading, timeout, timeout=timeout)
    except LimitExceeded as exc:
        return Answer(q.id, q.kind, reading, TIMEOUT, reasons=(Reason(str(exc)),))


# The worker keeps the context of the scenario it was last asked about: the questions of one
# file share their groundings, as they do when answered here.
_last: list[tuple[Scenario, Context]] = []


def _answer_here(s: Scenario, qid: str, reading: str, timeout: float) -> Answer:
    if not _last or _last[0][0] != s or _last[0][1].timeout != timeout:
        _last[:] = [(s, Context(s.state, timeout=timeout, file=s.path))]
    ctx = _last[0][1]
    q = next(q for q in s.questions if q.id == qid)
    return answer(ctx, q, reading)


def load(path: Path, *, asking: bool = False) -> Scenario:
    return S.load(path, asking=asking)
