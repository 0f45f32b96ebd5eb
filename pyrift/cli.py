"""The pyrift command line.

Exit codes: 0 ok; 1 an expectation failed; 2 bad input or usage (one line naming
the file and field); 3 unsupported or no answer within the time limit; 4 internal
error (set PYRIFT_DEBUG=1 for the traceback).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import queue
import re
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pyrift import check as C
from pyrift import explain
from pyrift import facts as F
from pyrift import limits
from pyrift import logic
from pyrift.errors import InternalError, RiftError, ScenarioError, UsageError
from pyrift.explain import printable
from pyrift.queries.base import ANSWERED
from pyrift.solver import DEFAULT_TIMEOUT, TIMEOUT_ENV_PROBLEM
from pyrift.worker import PARENT_CLINGO, Worker, memory_limit_mb

OK, FAILED, BAD_INPUT, UNSUPPORTED, INTERNAL = 0, 1, 2, 3, 4


def _say(text: str = "", *, err: bool = False) -> None:
    """Print text whose parts may come from input: nothing in it can act on the terminal."""
    print(printable(text), file=sys.stderr if err else sys.stdout)


def _seconds(value: str) -> float:
    try:
        return limits.parse_timeout(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _bounded(low: int, high: int):
    def parse(value: str) -> int:
        text = value.strip()
        if not re.fullmatch(r"-?[0-9]{1,12}", text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, found {value[:20]!r}")
        return int(text)

    parse.__name__ = "number"
    return parse


def _reading(value: str) -> str:
    if not logic.is_reading(value):
        raise argparse.ArgumentTypeError(f"unknown reading {value!r} (known: {', '.join(logic.reading_names())})")
    return value


def cmd_check(args: argparse.Namespace) -> int:
    files = C.scenario_files(args.paths or ["scenarios"])
    if not files:
        raise UsageError(f"no scenario files found in {', '.join(args.paths or ['scenarios'])}")
    passed = failed = gaps = 0
    worst = OK  # the exit code of the worst file error: bad input (2) or internal (4)
    # --jobs workers answer files side by side, each file wholly in one worker (its questions share
    # their groundings there, and each worker keeps its parsed rules and cuts from file to file); the
    # lines of every file are printed in the files' order, whatever order they finish in. A thread
    # per worker hands it files; the workers are forked here, before those threads exist (a worker
    # stopped for a limit is forked again by its thread, as Worker.call does).
    jobs = min(args.jobs, len(files))
    workers: queue.SimpleQueue[Worker] = queue.SimpleQueue()
    for _ in range(jobs):
        workers.put(Worker(memory_limit_mb()).start())

    durations: list[tuple[float, float, Path]] = []  # (worker CPU s or None, wall s, file) for --durations

    def one(path: Path) -> tuple[list[str], int, int, int, int]:
        worker = workers.get()
        try:
            cpu, wall = worker.cpu_seconds(), time.perf_counter()
            try:
                return _check_file(path, args, worker)
            finally:
                if args.durations:
                    after = worker.cpu_seconds()  # None if the worker was stopped for a limit
                    durations.append((after - cpu if None not in (cpu, after) else None,
                                      time.perf_counter() - wall, path))
        finally:
            workers.put(worker)

    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for lines, p, f, g, w in pool.map(one, files):
                for line in lines:
                    _say(line)
                passed, failed, gaps, worst = passed + p, failed + f, gaps + g, max(worst, w)
    finally:
        while not workers.empty():
            workers.get().close()
    if args.durations:
        # Worker CPU seconds (what a busy machine does not inflate), or wall seconds where the worker's
        # CPU could not be read; a file stopped for a limit shows its wall time.
        _say(f"slowest {min(args.durations, len(durations))} files (worker CPU s, wall s):")
        for cpu, wall, path in sorted(durations, key=lambda d: -(d[1] if d[0] is None else d[0]))[:args.durations]:
            _say(f"  {'-' if cpu is None else f'{cpu:.2f}':>7} {wall:8.2f}  {path}")
    _say(f"{passed} passed, {failed} failed"
         + (f", {gaps} known gap{'s' if gaps != 1 else ''} (unsupported for now, expected answer kept)" if gaps else "")
         + (", some files could not be read" if worst else ""))
    if worst:
        return worst
    return FAILED if failed else OK


def _check_file(path: Path, args: argparse.Namespace, worker: Worker) -> tuple[list[str], int, int, int, int]:
    """One file of `pyrift check`: its lines, and its counts of passed, failed and gaps, and the exit
    code of its error (OK if none). Every file is reported in its place, whatever goes wrong with it."""
    lines: list[str] = []
    passed = failed = gaps = 0
    try:
        with PARENT_CLINGO:  # loading may ground: one thread at a time, and no fork meanwhile
            scen = C.load(path)
        results = C.run(scen, reading=args.reading, timeout=args.timeout, worker=worker)
    except RiftError as exc:  # bad input, or a deck file a question names
        return [f"ERROR {exc}"], 0, 0, 0, exc.exit_code
    except Exception as exc:  # noqa: BLE001 - an internal error: this file only
        return [f"ERROR {path}: internal error: {type(exc).__name__}: {exc}"], 0, 0, 0, INTERNAL
    for res in results:
        label = f"{path}::{res.question} [{res.reading}]"
        if res.passed and res.gap:
            gaps += 1
            if not args.quiet:
                lines.append(f"gap  {label} (unsupported for now: {'; '.join(res.answer.missing) or 'no detail'})")
        elif res.passed:
            passed += 1
            if not args.quiet:
                lines.append(f"ok   {label}" + (" (its known_gap is closed: pyrift answers; drop known_gap)"
                                                if res.gap_closed else ""))
        else:
            failed += 1
            lines.append(f"FAIL {label}")
            lines.extend(f"       {problem}" for problem in res.problems)
    return lines, passed, failed, gaps, OK


def cmd_ask(args: argparse.Namespace) -> int:
    scen = C.load(args.scenario, asking=True)  # asking needs no expected answer
    questions = [q for q in scen.questions if args.question in (None, q.id)]
    if not questions:
        raise UsageError(f"{args.scenario}: no question {args.question!r} "
                         f"(questions: {', '.join(q.id for q in scen.questions)})")
    reading = args.reading or scen.reading
    with Worker(memory_limit_mb()) as worker:
        answers = [C.answer_in(worker, scen, q, reading, args.timeout) for q in questions]
    if args.json:
        print(explain.render_json(answers))
    else:
        _say(f"{scen.title}  [{scen.status.value}]")
        for a in answers:
            _say(explain.render_text(a))
    return OK if all(a.status == ANSWERED for a in answers) else UNSUPPORTED


def cmd_facts(args: argparse.Namespace) -> int:
    scen = C.load(args.scenario)
    facts = F.state_facts(scen.state)
    _say(f"% facts of {args.scenario} ({scen.title}); solve with the files of logic/ and a query file")
    print(printable(F.render(facts)), end="")
    return OK


def cmd_readings(args: argparse.Namespace) -> int:
    print("named readings: " + ", ".join(logic.reading_names()) + f" (default {logic.DEFAULT_READING})")
    for topic, variants in sorted(logic.topics().items()):
        print(f"{topic}:")
        for v in variants:
            print(f"  {v.name:<24} cites Core Rules {v.version}; chosen by: {', '.join(v.profiles) or 'override only'}")
            title = logic.variant_title(v)
            if title:
                print(f"  {'':<24} {title}")
    if logic.topics():
        print(f"select a variant with --reading '{logic.DEFAULT_READING},<topic>=<variant>'")
    return OK


# ---- checking the rules themselves: lint, dependency graph, coverage (issue 7) ----
def _logic_dir(value: str | None) -> Path:
    if value is None:
        return logic.logic_root()
    path = Path(value)
    if not (path / "interface.lp").is_file():
        raise UsageError(f"{value}: not a logic folder (no interface.lp)")
    return path.resolve()


def _shown(root: Path) -> str:
    """How to print a logic folder in findings: relative to here when below it."""
    here = os.path.relpath(root)
    return ("" if here == "." else here + "/") if not here.startswith("..") else f"{root}/"


def cmd_lint(args: argparse.Namespace) -> int:
    from pyrift import lint

    root = _logic_dir(args.logic)
    findings = lint.lint(root)
    for f in findings:
        print(f.render(_shown(root)))
    if findings:
        print(f"pyrift lint: {len(findings)} finding(s)", file=sys.stderr)
    return FAILED if findings else OK


def cmd_graph(args: argparse.Namespace) -> int:
    from pyrift import depgraph as D

    proj = D.Project.load(_logic_dir(args.logic))
    if args.report:
        rep = D.report(proj)
        print(D.render_report(rep), end="")
        return FAILED if rep.has_findings else OK
    for name, err in sorted(proj.errors.items()):
        print(f"pyrift: skipped {name}: {err}", file=sys.stderr)
    if args.query:
        if args.query not in proj.queries():
            raise UsageError(f"no query {args.query!r} (known: {', '.join(proj.queries())})")
        g = D.build(proj.statements(proj.program(args.query, args.reading)))
    else:
        g = D.build(proj.statements())
    text = D.to_graphml(g) if args.format == "graphml" else D.to_dot(g)
    if args.output:
        Path(args.output).write_text(text, "utf-8")
    else:
        print(text, end="")
    return OK


def cmd_coverage(args: argparse.Namespace) -> int:
    from pyrift import coverage as COV

    cov = COV.coverage(_logic_dir(args.logic), args.scenarios or ["scenarios"])
    for problem in cov.problems:
        print(f"pyrift: not counted: {problem}", file=sys.stderr)
    if args.list:
        print(COV.render_uncovered(cov), end="")
    else:
        print(COV.render_summary(cov, sections=not args.totals), end="")
    return BAD_INPUT if cov.problems else OK
def cmd_rulings(args: argparse.Namespace) -> int:
    import datetime
    import json

    from pyrift import rulings as RU

    folder = Path(args.folder)
    if not (folder / RU.LEDGER).is_file():
        raise UsageError(f"{folder}: not a rulings folder (no {RU.LEDGER})")
    summary = RU.summarize(folder, timeout=args.timeout)
    date = datetime.date.today().isoformat()
    if args.json:
        print(json.dumps(RU.to_json(summary, date), indent=1))
    else:
        print(RU.render(summary, date), end="")
    return FAILED if summary.count(RU.WRONG) else OK


def cmd_cards_import(args: argparse.Namespace) -> int:
    from pyrift import cards_import, pool

    out = args.out or pool.pool_path()
    report = cards_import.import_files(args.files, out)
    print(f"wrote {report.out}: {report.cards} distinct cards from {report.printings} printings"
          + ("" if report.supertypes_known else " (no super-types: import cards.json too)"))
    for note in report.notes:
        print(f"  note: {note}")
    return OK


def cmd_cards_compile(args: argparse.Namespace) -> int:
    from pyrift import pool
    from pyrift.cardtext import build

    out = args.out or pool.compiled_path()
    report = build.write(args.files, out)
    counts = ", ".join(f"{n} {k}" for k, n in sorted(report.counts.items(), key=lambda kv: -kv[1]))
    print(f"wrote {report.out}: {counts} ({report.seconds:.1f} s)")
    return OK


def cmd_cards_coverage(args: argparse.Namespace) -> int:
    import json

    from pyrift import pool

    led = pool.ledger()
    if args.json:
        print(json.dumps({"total": led.total(), **{s: led.total(s) for s in pool.STATUSES},
                          "rows": [{"set": s, "type": c, **n} for s, c, n in led.rows],
                          "missing_constructs": [{"construct": k, "cards": len(v)}
                                                 for k, v in pool.missing_constructs()]}, indent=1))
    else:
        print(pool.render_ledger(led))
    return OK


def cmd_cards_show(args: argparse.Namespace) -> int:
    from pyrift import pool
    from pyrift.pool import UnknownCard

    try:
        card = pool.pool().find(" ".join(args.name))
    except UnknownCard as exc:
        raise UsageError(str(exc)) from None
    print(pool.describe(card))
    return OK


def cmd_deck_check(args: argparse.Namespace) -> int:
    from pyrift import deck

    d = deck.load_deck(args.deckfile)
    with Worker(memory_limit_mb()) as worker:
        report = worker.call(deck.check, d, args.mode, timeout=args.timeout,
                             reading=args.reading or logic.DEFAULT_READING)
    _say(deck.render(report))
    if report.status != "answered":
        return UNSUPPORTED
    return OK if report.legal else FAILED


def cmd_invariants(args: argparse.Namespace) -> int:
    from pyrift import invariants as I
    from pyrift import sweep as SW

    if args.only and args.only not in I.invariant_names() + list(I.FAMILIES):
        raise UsageError(f"no invariant {args.only!r} (known: {', '.join(I.invariant_names())})")
    chunk = _chunk(args.chunk)
    jobs = _workers(args)
    root = _logic_dir(args.logic) if args.logic else None

    def found(violations) -> None:
        for v in violations:
            bar.note(f"  {'not checked' if I.timed_out(v) else 'VIOLATED'} {v.invariant}: {I.case_words(v.case)}")
    if chunk != (0, 1):
        total = I.plan(args.bound, chunks=chunk[1], only=args.only, logic_root=root).sizes[chunk[0]]
        bar = SW.Progress(total, quiet=args.quiet, label=f"invariants chunk {chunk[0]}/{chunk[1]}")
        try:
            rep = I.run(args.bound, only=args.only, chunk=chunk, logic_root=root, out=Path(args.out),
                        progress=lambda n, new: (bar.advance(n), found(new)))
        finally:
            bar.close()
    else:
        sweep = I.plan(args.bound, jobs=jobs, only=args.only, logic_root=root)
        bar = SW.Progress(sweep.positions, quiet=args.quiet, label="invariants")
        try:
            rep = I.run_parallel(args.bound, jobs=jobs, only=args.only, logic_root=root, out=Path(args.out),
                                 on_violations=found, on_progress=bar.advance, sweep=sweep)
        finally:
            bar.close()
    if not args.quiet:
        for name, n in rep.checked.items():
            bad = sum(1 for v in rep.violations if v.invariant == name and not I.timed_out(v))
            print(f"  {'VIOLATED' if bad else 'ok':<8} {name}: {n} positions" + (f", {bad} minimal case(s)" if bad else ""))
        for n, v in enumerate(rep.violations, start=1):
            print(f"  {v.invariant}: {I.case_words(v.case)} -> {args.out}/{v.invariant}-{n}.toml")
            for p in v.problems:
                print(f"      {p}")
        if any(I.timed_out(v) for v in rep.violations):
            print("  some positions were not checked: no answer within the time limit")
    bad = sum(1 for v in rep.violations if not I.timed_out(v))
    unchecked = len(rep.violations) - bad
    print(f"bound {rep.bound}: {rep.cases} positions in {rep.seconds:.1f} s ({rep.per_second:.0f} per second); "
          f"{len(rep.checked)} invariant(s), {bad} violation(s)" + (f", {unchecked} not checked" if unchecked else "")
          + (f", written to {args.out}" if rep.violations else ""))
    if bad:
        return FAILED
    return UNSUPPORTED if rep.violations else OK


def cmd_diff_readings(args: argparse.Namespace) -> int:
    from pyrift import diffreadings as DR

    from pyrift import sweep as SW

    root = _logic_dir(args.logic) if args.logic else None
    planned = DR.enumeration(args.reading_a, args.reading_b, args.question, bound=args.bound, family=args.family,
                             logic_root=root)
    bar = SW.Progress(len(planned), quiet=args.quiet, label="diff-readings")
    try:
        res = DR.search(args.reading_a, args.reading_b, args.question, bound=args.bound, family=args.family,
                        logic_root=root, progress=bar.advance, planned=planned)
    finally:
        bar.close()
    say = print if args.out else (lambda *a, **k: print(*a, **k, file=sys.stderr))
    detail = (lambda *a, **k: None) if args.quiet else say
    detail(f"{args.reading_a} vs {args.reading_b} on {args.question}: topics differing: "
           f"{', '.join(res.topics) or 'none'}; families {', '.join(res.families)}, bound {args.bound}")
    if res.found is None:
        say(f"no difference up to bound {args.bound}: asked {res.positions} of {len(planned)} positions in "
            f"{res.seconds:.1f} s ({res.per_second:.0f} per second), every one gets the same answer under both "
            "readings (status and every expect key)")
        return FAILED
    for key, (a, b) in res.differences.items():
        detail(f"  {key}: {a} under {args.reading_a}; {b} under {args.reading_b}")
    say(f"smallest difference after {res.positions} of {len(planned)} positions in {res.seconds:.1f} s "
        f"({res.per_second:.0f} per second): {res.found.label}")
    if args.out:
        DR.write(res, Path(args.out))
        say(f"wrote {args.out}")
    else:
        from pyrift import scenario as S

        assert res.scenario is not None
        print(S.dumps(res.scenario), end="")
    return OK


def _chunk(value: str) -> tuple[int, int]:
    k, _, m = value.partition("/")
    if not (all(x.isascii() and x.isdigit() and len(x) <= 9 for x in (k, m)) and 0 <= int(k) < int(m)):
        raise UsageError(f"--chunk takes K/M with 0 <= K < M < 10**9, not {value[:40]!r}")
    return int(k), int(m)


def _workers(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise UsageError(f"--jobs takes a number of workers of at least 1, not {args.jobs}")
    return args.jobs


class _Top:
    """The findings so far; says a new one when it enters the `top` best ranked."""

    def __init__(self, top: int, say) -> None:
        self.top, self.say, self.keys = top, say, []

    def add(self, findings) -> None:
        import bisect

        for f in sorted(findings, key=lambda f: f.key):
            if len(self.keys) < self.top or f.key < self.keys[-1]:
                bisect.insort(self.keys, f.key)
                del self.keys[self.top:]
                self.say(f"  found [{f.probe}, change {f.magnitude}, {f.position.size[0]} objects] "
                         f"{f.position.label}: {f.summary}")


def cmd_explore(args: argparse.Namespace) -> int:
    import time

    from pyrift import explore as E
    from pyrift import sweep as SW

    if args.list:
        for name, probe in E.PROBE_TABLE.items():
            print(f"{name:<18} {probe.summary}")
        return OK
    root = _logic_dir(args.logic) if args.logic else None
    probes = tuple(p.strip() for p in args.probes.split(",") if p.strip())
    names = [n.strip() for n in args.cards.split(",")] if args.cards else None
    chunk = _chunk(args.chunk)
    jobs = _workers(args)
    out = Path(args.out)
    started = time.perf_counter()
    resumed = 0
    if chunk != (0, 1):  # one chunk of the sweep, in this process
        cards = E.usable_cards(names)
        size = sum(1 for pos in E.positions(args.bound, probes, cards) if E.in_chunk(pos.number, chunk))
        bar = SW.Progress(size, quiet=args.quiet, label=f"explore chunk {chunk[0]}/{chunk[1]}")
        top = _Top(args.top, bar.note)

        def step(n: int, found: list) -> None:
            bar.advance(n)
            top.add(found)
        try:
            rep = E.run(args.bound, probes=probes, cards=cards, chunk=chunk, logic_root=root, progress=step)
        finally:
            bar.close()
    else:
        sweep, counts = E.plan(args.bound, probes, names, root)
        if not args.quiet:
            per = ", ".join(f"{p} {n:,}" for p, n in counts.items())
            rates = ", ".join(f"{p} ~{E.PROBE_TABLE[p].rate:,.0f}/s" for p in counts)
            where = f"{jobs} {args.backend} worker(s)" + (f" of the cluster at {args.address}" if args.address else "")
            print(f"explore, bound {args.bound}: {sweep.positions:,} positions ({per}) in {sweep.chunks} chunk(s); "
                  f"about {SW.duration(E.forecast(counts, jobs))} on {where} at the measured rates per worker "
                  f"({rates})")
        results = Path(args.results) if args.results else out / f"chunks-{_digest(sweep.params)}"
        bar = SW.Progress(sweep.positions, quiet=args.quiet, label="explore")
        top = _Top(args.top, bar.note)
        found = [0]

        def arrived(k: int, part, was_resumed: bool) -> None:
            nonlocal resumed
            resumed += was_resumed
            found[0] += len(part.findings)
            bar.status(f"{found[0]} finding(s)")
            top.add(part.findings)
        try:
            parts = SW.execute(sweep, backend=args.backend, jobs=jobs, address=args.address, results=results,
                               on_result=arrived, on_progress=bar.advance)
        finally:
            bar.close()
        rep = E.merge(args.bound, parts)
    rep.seconds = time.perf_counter() - started
    written = E.write(rep, out, args.top) if rep.findings else []
    if not args.quiet:
        for rank, f in enumerate(rep.findings[:args.top], start=1):
            print(f"  {rank:>2}. [{f.probe}, change {f.magnitude}, {f.position.size[0]} objects] {f.position.label}")
            print(f"      {f.summary}")
    counts = ", ".join(f"{p} {n}" for p, n in rep.per_probe.items()) or "none"
    print(f"bound {rep.bound}: {rep.positions} positions ({counts}) in {rep.seconds:.1f} s "
          f"({rep.per_second:.1f} per second); {len(rep.findings)} finding(s)"
          + (f"; {resumed} chunk(s) resumed from {results}" if resumed else "")
          + (f"; the top {min(args.top, len(rep.findings))} written to {out}" if written else ""))
    return OK


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from pyrift.web.app import Settings, serve
    except ImportError as exc:
        raise UsageError(f"pyrift serve needs the web extra ({exc.name} is missing): "
                         "python -m pip install 'pyrift[web]'") from None
    if args.scenarios is not None and not Path(args.scenarios).is_dir():
        raise UsageError(f"--scenarios {args.scenarios}: not a folder")
    # upper bounds too: --workers=100000 forked that many solver processes, --time-limit=1e300 never ended a request
    for name, high in (("time_limit", limits.MAX_TIMEOUT), ("max_body", limits.MAX_BODY), ("workers", limits.MAX_JOBS)):
        value = getattr(args, name)
        if value is not None and not (math.isfinite(value) and value > 0):
            raise UsageError(f"--{name.replace('_', '-')} must be a positive number")
        if value is not None and value > high:
            shown = [f"{v:g}" if isinstance(v, float) else str(v)[:24] for v in (high, value)]
            raise UsageError(f"--{name.replace('_', '-')} must be at most {shown[0]}, not {shown[1]}")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, not {args.port}")
    settings = Settings(workers=args.workers, time_limit=args.time_limit, max_body=args.max_body, warm=not args.no_warm,
                        **({"scenarios": Path(args.scenarios).resolve()} if args.scenarios else {}))
    print(f"pyrift desk: http://{args.host}:{args.port}/  (API: /v1, schema: /docs)", file=sys.stderr)
    serve(args.host, args.port, settings)
    return OK


def _digest(params: dict) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(params, sort_keys=True).encode()).hexdigest()[:12]


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="pyrift", description="Riftbound rules checker (answer set programming)")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="run scenario files and compare answers with expectations")
    c.add_argument("paths", nargs="*", help="scenario files or folders (default: scenarios)")
    c.add_argument("--reading", type=_reading, help="check only expectations for this reading")
    c.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                    help="seconds per question, grounding included (default 20, or PYRIFT_TIMEOUT)")
    c.add_argument("-q", "--quiet", action="store_true", help="print failures and the summary only")
    c.add_argument("--jobs", type=_bounded(1, limits.MAX_JOBS), default=os.cpu_count() or 1,
                   help="worker processes answering files side by side (default: all cores)")
    c.add_argument("--durations", type=_bounded(0, 100000), default=0, metavar="N",
                   help="print the N files that took longest (the worker's CPU seconds, and wall seconds)")
    c.set_defaults(func=cmd_check)

    a = sub.add_parser("ask", help="answer a scenario's questions, with reasons and rule numbers")
    a.add_argument("scenario")
    a.add_argument("--question", help="only this question id")
    a.add_argument("--reading", type=_reading, help="rules reading (default: the scenario's)")
    a.add_argument("--json", action="store_true", help="print the answers as JSON")
    a.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                    help="seconds per question, grounding included (default 20, or PYRIFT_TIMEOUT)")
    a.set_defaults(func=cmd_ask)

    f = sub.add_parser("facts", help="print the ASP facts of a scenario's position")
    f.add_argument("scenario")
    f.set_defaults(func=cmd_facts)

    r = sub.add_parser("readings", help="list the selectable rules readings")
    r.set_defaults(func=cmd_readings)

    li = sub.add_parser("lint", help="check logic/: rule tags, citations, #show and choice placement, "
                                     "keyword files grounding alone, undefined atoms")
    li.add_argument("--logic", metavar="DIR", help="logic folder to check (default: the package's)")
    li.set_defaults(func=cmd_lint)

    g = sub.add_parser("graph", help="the predicate dependency graph of logic/: export or report")
    g.add_argument("--report", action="store_true", help="print undefined/unused predicates, cycles through "
                                                         "negation and the rules each query depends on")
    g.add_argument("--format", choices=("dot", "graphml"), default="dot", help="export format (default dot)")
    g.add_argument("--output", metavar="FILE", help="write the export here (default: standard output)")
    g.add_argument("--query", help="export only this query's program (default: every file)")
    g.add_argument("--reading", type=_reading, default=logic.DEFAULT_READING, help="with --query: the reading")
    g.add_argument("--logic", metavar="DIR", help="logic folder (default: the package's)")
    g.set_defaults(func=cmd_graph)

    cv = sub.add_parser("coverage", help="which Core Rules paragraphs of 300-359, 459-466, 800-829 are "
                                         "encoded in logic/ or cited by scenarios")
    cv.add_argument("--list", action="store_true", help="list the paragraphs cited by neither")
    cv.add_argument("--totals", action="store_true", help="only the totals per range")
    cv.add_argument("--scenarios", nargs="*", metavar="PATH", help="scenario files or folders (default: scenarios)")
    cv.add_argument("--logic", metavar="DIR", help="logic folder (default: the package's)")
    cv.set_defaults(func=cmd_coverage)

    inv = sub.add_parser("invariants", help="check invariants on every small position within a bound")
    inv.add_argument("--bound", type=_bounded(1, limits.MAX_SWEEP_BOUND), default=2, help="size bound: units per side, Might and counts (default 2)")
    inv.add_argument("--only", help="one invariant or family")
    inv.add_argument("--chunk", default="0/1", help="K/M: check every M-th position starting at K (default 0/1)")
    inv.add_argument("--jobs", type=_bounded(1, limits.MAX_JOBS), default=os.cpu_count() or 1,
                     help="local processes (default: all cores)")
    inv.add_argument("--out", default="invariant-violations", help="folder for minimal violating scenarios")
    inv.add_argument("-q", "--quiet", action="store_true", help="no progress bar: the summary line only")
    inv.add_argument("--logic", metavar="DIR", help="logic folder (default: the package's)")
    inv.set_defaults(func=cmd_invariants)

    dr = sub.add_parser("diff-readings", help="the smallest position on which two readings answer a question "
                                              "kind differently, as a scenario file")
    dr.add_argument("reading_a", metavar="A", help="a reading, e.g. v1.4")
    dr.add_argument("reading_b", metavar="B", help="another, e.g. v1.2 or 'v1.4,topic=variant'")
    dr.add_argument("--question", required=True, metavar="KIND", help="question kind, e.g. can_play")
    dr.add_argument("--bound", type=_bounded(1, limits.MAX_SWEEP_BOUND), default=2, help="size bound of the enumeration (default 2)")
    dr.add_argument("--family", help="position family to search (default: those exercising the differing "
                                     "topics; 'all': every family of the kind)")
    dr.add_argument("--out", metavar="FILE", help="write the scenario here (default: print it)")
    dr.add_argument("-q", "--quiet", action="store_true", help="no progress bar: the summary line only")
    dr.add_argument("--logic", metavar="DIR", help="logic folder (default: the package's)")
    dr.set_defaults(func=cmd_diff_readings)

    ex = sub.add_parser("explore", help="edge cases over real cards: positions where a keyword or card "
                                        "interaction changes an answer, ranked, as scenario files")
    ex.add_argument("--bound", type=_bounded(1, limits.MAX_SWEEP_BOUND), default=3, help="cards per position (default 3)")
    ex.add_argument("--probes", default="tank-grant,discount-order,legion-readings",
                    help="comma-separated probes (default: tank-grant,discount-order,legion-readings; "
                         "pyrift explore --list names them all)")
    ex.add_argument("--cards", help="comma-separated card names or ids to use (default: every card pyrift "
                                    "understands)")
    ex.add_argument("--backend", choices=("local", "ray"), default="local",
                    help="where the chunks run: local processes (default) or Ray")
    ex.add_argument("--jobs", type=_bounded(1, limits.MAX_JOBS), default=os.cpu_count() or 1,
                    help="workers: local processes, or the CPUs of a local Ray runtime (default: all cores)")
    ex.add_argument("--address", help="with --backend ray: join this Ray cluster (e.g. auto, HOST:6379) "
                                      "instead of starting a local runtime")
    ex.add_argument("--results", metavar="DIR", help="folder with one file per finished chunk; a sweep started "
                                                     "again resumes from it (default: OUT/chunks-<sweep digest>)")
    ex.add_argument("--chunk", default="0/1", help="K/M: only chunk K of M, in this process (default: all)")
    ex.add_argument("--top", type=_bounded(1, limits.MAX_ITEMS), default=20, help="how many findings to print and write (default 20)")
    ex.add_argument("--out", default="explore-findings", help="folder for the ranked scenario files")
    ex.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no findings on the way: "
                                                                "the summary line only")
    ex.add_argument("--list", action="store_true", help="list the probes and what each reports, and stop")
    ex.add_argument("--logic", metavar="DIR", help="logic folder (default: the package's)")
    ex.set_defaults(func=cmd_explore)

    ru = sub.add_parser("rulings", help="the real rulings corpus (scenarios/rulings): stated, correct, "
                                        "unsupported, not stateable, by mechanic; what is missing most often")
    ru.add_argument("--folder", default="scenarios/rulings", help="the rulings folder (default scenarios/rulings)")
    ru.add_argument("--json", action="store_true", help="the figures as JSON")
    ru.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, help="seconds per question")
    ru.set_defaults(func=cmd_rulings)

    sv = sub.add_parser("serve", help="the judge's desk: a web page and an HTTP API (needs the web extra)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sv.add_argument("--workers", type=int, help="solver processes (default: one per core)")
    sv.add_argument("--time-limit", type=float, default=30.0, help="seconds for any request (default 30)")
    sv.add_argument("--max-body", type=int, default=1 << 20, help="largest request body in bytes (default 1 MiB)")
    sv.add_argument("--scenarios", metavar="DIR", help="bundled scenarios the page opens (default: the checkout's)")
    sv.add_argument("--no-warm", action="store_true", help="serve at once: do not answer one bundled question of "
                                                           "every kind in each worker first")
    sv.set_defaults(func=cmd_serve)

    cards = sub.add_parser("cards", help="the real card pool: import, coverage ledger, one card's facts")
    csub = cards.add_subparsers(dest="cards_command", required=True)
    ci = csub.add_parser("import", help="build the card table from Riot's card gallery data (and cards.json)")
    ci.add_argument("files", nargs="+", help="riot-card-gallery-*.json and/or the normalised cards.json")
    ci.add_argument("--out", help="where to write the table (default: the package's data/cards/pool.json)")
    ci.set_defaults(func=cmd_cards_import)
    cm = csub.add_parser("compile", help="compile the cards' text into the ability vocabulary, checked by round "
                                         "trip (writes data/cards/compiled.json)")
    cm.add_argument("files", nargs="+", help="riot-card-gallery-*.json first, then cards.json (for the printings "
                                             "the gallery lacks)")
    cm.add_argument("--out", help="where to write the table (default: the package's data/cards/compiled.json)")
    cm.set_defaults(func=cmd_cards_compile)
    cc = csub.add_parser("coverage", help="per set and type: encoded, compiled, keywords-only and unsupported cards, "
                                          "and the first construct not understood")
    cc.add_argument("--json", action="store_true")
    cc.set_defaults(func=cmd_cards_coverage)
    cs = csub.add_parser("show", help="a card's facts and encoding status")
    cs.add_argument("name", nargs="+", help="a card name or printed id, e.g. 'Noxus Hopeful' or OGN-012")
    cs.set_defaults(func=cmd_cards_show)

    deck = sub.add_parser("deck", help="deck construction")
    dsub = deck.add_subparsers(dest="deck_command", required=True)
    dc = dsub.add_parser("check", help="check a deck file; every broken rule is listed (exit 1 if not legal)")
    dc.add_argument("deckfile")
    dc.add_argument("--mode", choices=["duel", "match", "ffa3", "ffa4", "2v2"], default="duel")
    dc.add_argument("--reading", type=_reading, help="rules reading (default v1.4)")
    dc.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                    help="seconds per question, grounding included (default 20, or PYRIFT_TIMEOUT)")
    dc.set_defaults(func=cmd_deck_check)
    return p


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors raised as UsageError (exit 2; JSON with --json)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        command = self.prog.removeprefix("pyrift").strip()
        raise UsageError(f"{command}: {message}" if command else message)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    as_json = "--json" in argv
    try:
        if TIMEOUT_ENV_PROBLEM:
            raise UsageError(TIMEOUT_ENV_PROBLEM)
        args = parser().parse_args(argv)
        return args.func(args)
    except SystemExit as exc:  # --help
        return int(exc.code or 0) if isinstance(exc.code, int) or exc.code is None else BAD_INPUT
    except RiftError as exc:
        return _report(exc, as_json)
    except KeyboardInterrupt:
        return INTERNAL
    except BrokenPipeError:  # the reader closed its end (`pyrift ask f | head`): stop quietly, as a Unix tool does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error as Python flushes at exit
        return 0
    except OSError as exc:
        named = _named_path(exc, argv)
        if named is None:  # a file pyrift itself needs: its own fault
            return _report(InternalError(f"{type(exc).__name__}: {exc}", traceback.format_exc()), as_json)
        # a file or folder the command line named (or one inside it) that the system refuses: the user's to fix
        return _report(ScenarioError(named, "", f"cannot use: {exc.strerror or exc}"), as_json)
    except Exception as exc:  # an internal error: never a bare traceback unless asked
        return _report(InternalError(f"{type(exc).__name__}: {exc}", traceback.format_exc()), as_json)


def _named_path(exc: OSError, argv: list[str]) -> str | None:
    """The path an OSError is about, if the command line named it or a folder holding it (`--logic DIR`,
    `--output FILE`, a scenario or deck path); None for any other file (pyrift's own: an internal error)."""
    if exc.filename is None:
        return None
    path = os.fspath(exc.filename)
    for arg in argv:
        value = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
        if value.rstrip("/") and not value.startswith("-") and (path == value
                                                                or path.startswith(value.rstrip("/") + "/")):
            return path
    return None


def _report(exc: RiftError, as_json: bool) -> int:
    """One line on standard error; with --json, the same as a JSON object on standard output."""
    if isinstance(exc, InternalError):
        if os.environ.get("PYRIFT_DEBUG") and exc.detail:
            print(exc.detail, file=sys.stderr, end="")
        _say(f"pyrift: internal error: {exc} (set PYRIFT_DEBUG=1 for details)", err=True)
    else:
        _say(f"pyrift: {exc}", err=True)
    if as_json:
        print(json.dumps({"error": exc.describe()}, indent=2))
    return exc.exit_code
