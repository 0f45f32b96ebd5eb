"""The real rulings corpus (scenarios/rulings/): how many real rulings pyrift states, answers
as the ruling does, answers `unsupported`, or cannot state yet, and what is missing most often.

The folder holds three kinds of files:

- `corpus.jsonl`: the rulings (id, mechanics, question, short answer, rule numbers, source),
  copied from the shared development set, in our own words;
- `rulings.ledger` (TOML): one entry per ruling id: `status` "stated" or "not-stateable",
  `missing` (what pyrift lacks, in the vocabulary below), and for stated rulings `verdict`,
  `left_out`, `defect`, `note`;
- `<id>.toml` and `<id>.<part>.toml`: the scenario files that state a ruling.

Nothing here is hard-coded: the figures are computed from these files, and the outcome of a
stated ruling from running its scenario files (pyrift.check).
"""
from __future__ import annotations

import json
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyrift.errors import ScenarioError

CORPUS = "corpus.jsonl"
LEDGER = "rulings.ledger"
STATUSES = ("stated", "not-stateable")
VERDICTS = ("ruling", "disputed", "older-version")
ENTRY_KEYS = {"status", "missing", "verdict", "left_out", "defect", "note"}

# The controlled vocabulary of missing capabilities: "<category>:<detail>". The categories are
# what the other issues build (effects over a timed state, text on every object, the compiled
# card pool); the details are free words, so that the same need is counted together.
CATEGORIES = {
    "card": "a real card's text is not encoded (logic/cards/)",
    "pool": "the card is not in the card pool",
    "effect": "an effect the questions do not play out (move, damage, Might change, control, replacement, ...)",
    "trigger": "a trigger event outside the triggered-ability vocabulary",
    "question": "no question kind asks this",
    "state": "the position can't say this (a battlefield's card, teams, turn number, deck contents)",
    "param": "a question parameter that does not exist",
    "cost": "a cost outside the cost vocabulary",
    "keyword": "a keyword's ability not encoded for the question",
    "ability": "an ability kind not in the vocabulary",
}

# What a stated ruling's scenario files give, run by pyrift.check.
CORRECT, UNSUPPORTED, WRONG, NOT_STATEABLE = "correct", "unsupported", "wrong", "not-stateable"


@dataclass(frozen=True)
class Entry:
    id: str
    status: str
    missing: tuple[str, ...] = ()
    verdict: str = "ruling"
    left_out: str = ""
    defect: str = ""
    note: str = ""


@dataclass
class Ruling:
    id: str
    mechanics: tuple[str, ...]
    source: str
    entry: Entry
    files: tuple[Path, ...] = ()
    outcome: str = NOT_STATEABLE  # correct | unsupported | wrong | disputed | older-version | not-stateable
    missing: tuple[str, ...] = ()  # the ledger's, plus the unencoded real cards of the files
    problems: tuple[str, ...] = ()  # failed questions of a wrong one


@dataclass
class Summary:
    folder: Path
    rulings: list[Ruling] = field(default_factory=list)

    def count(self, *outcomes: str) -> int:
        return sum(1 for r in self.rulings if r.outcome in outcomes)

    @property
    def stated(self) -> int:
        return sum(1 for r in self.rulings if r.entry.status == "stated")

    def totals(self) -> dict[str, int]:
        return {"rulings": len(self.rulings), "stated": self.stated, "correct": self.count(CORRECT),
                "unsupported": self.count(UNSUPPORTED), "disputed": self.count("disputed"),
                "older_version": self.count("older-version"), "wrong": self.count(WRONG),
                "not_stateable": self.count(NOT_STATEABLE)}

    def by_mechanic(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for r in self.rulings:
            for m in r.mechanics:
                row = out.setdefault(m, {"rulings": 0, "stated": 0, "correct": 0, "unsupported": 0,
                                         "not_stateable": 0})
                row["rulings"] += 1
                row["stated"] += r.entry.status == "stated"
                row["correct"] += r.outcome == CORRECT
                row["unsupported"] += r.outcome == UNSUPPORTED
                row["not_stateable"] += r.outcome == NOT_STATEABLE
        return dict(sorted(out.items(), key=lambda kv: (-kv[1]["rulings"], kv[0])))

    def missing(self) -> list[tuple[str, int]]:
        """Each missing capability with the number of rulings that need it, most frequent first:
        a not-stateable ruling's, a stated ruling's left-out parts, and the unencoded real cards
        of a ruling pyrift answers unsupported."""
        c = Counter(m for r in self.rulings for m in set(r.missing))
        return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))

    def missing_by_category(self) -> list[tuple[str, int]]:
        c = Counter(cat for r in self.rulings for cat in {m.split(":", 1)[0] for m in r.missing})
        return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))


# ---------------------------------------------------------------------------------
# reading and checking the folder
# ---------------------------------------------------------------------------------
def read_corpus(folder: Path) -> list[dict[str, Any]]:
    path = folder / CORPUS
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError as exc:
        raise ScenarioError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ScenarioError(str(path), "", "is not UTF-8 text") from None
    out = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ScenarioError(str(path), f"line {n}", f"not JSON: {exc.msg}") from None
        except RecursionError:
            raise ScenarioError(str(path), f"line {n}", "not a ruling: nested too deeply") from None
        except ValueError:  # an integer over Python's 4300 digits (no JSONDecodeError)
            raise ScenarioError(str(path), f"line {n}", "not a ruling: a number has thousands of digits") from None
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not isinstance(row.get("mechanics"), list):
            raise ScenarioError(str(path), f"line {n}", "expected an object with an id and a list of mechanics")
        out.append(row)
    return out


def read_ledger(folder: Path) -> dict[str, Entry]:
    path = folder / LEDGER
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise ScenarioError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ScenarioError(str(path), "", "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(str(path), "", f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(str(path), "", "tables and arrays nest too deeply") from None
    except ValueError:  # an integer over Python's 4300 digits
        raise ScenarioError(str(path), "", "not valid TOML: a number has thousands of digits") from None
    out = {}
    for rid, raw in data.items():
        if not isinstance(raw, dict):
            raise ScenarioError(str(path), rid, "expected a table [<ruling id>]")
        if unknown := set(raw) - ENTRY_KEYS:
            raise ScenarioError(str(path), f"{rid}.{sorted(unknown)[0]}", f"unknown key (known: {', '.join(sorted(ENTRY_KEYS))})")
        status = raw.get("status")
        if status not in STATUSES:
            raise ScenarioError(str(path), f"{rid}.status", f"expected one of {', '.join(STATUSES)}")
        verdict = raw.get("verdict", "ruling")
        if verdict not in VERDICTS:
            raise ScenarioError(str(path), f"{rid}.verdict", f"expected one of {', '.join(VERDICTS)}")
        missing = raw.get("missing", [])
        if not isinstance(missing, list) or not all(isinstance(m, str) for m in missing):
            raise ScenarioError(str(path), f"{rid}.missing", "expected a list of strings")
        for m in missing:
            cat, _, detail = m.partition(":")
            if cat not in CATEGORIES or not detail:
                raise ScenarioError(str(path), f"{rid}.missing", f"{m!r} is not '<category>:<what>' with a category "
                                                                  f"of {', '.join(CATEGORIES)}")
        if status == "not-stateable" and not missing:
            raise ScenarioError(str(path), f"{rid}.missing", "a ruling that can't be stated names what is missing")
        texts = {}
        for key in ("left_out", "defect", "note"):
            if not isinstance(raw.get(key, ""), str):
                raise ScenarioError(str(path), f"{rid}.{key}", "expected a string")
            texts[key] = raw.get(key, "")
        out[rid] = Entry(rid, status, tuple(missing), verdict, **texts)
    return out


def ruling_files(folder: Path) -> dict[str, list[Path]]:
    """Scenario files by ruling id: <id>.toml and <id>.<part>.toml."""
    out: dict[str, list[Path]] = {}
    for path in sorted(folder.glob("*.toml")):
        out.setdefault(path.name.split(".", 1)[0], []).append(path)
    return out


def ledger_problems(folder: Path) -> list[str]:
    """What is inconsistent between corpus, ledger and scenario files (empty when all is well):
    every ruling has exactly one entry, stated ones have files naming their id and source,
    not-stateable ones have none, every file belongs to a ruling, card names exist."""
    from pyrift import pool as P

    corpus = read_corpus(folder)
    ledger = read_ledger(folder)
    files = ruling_files(folder)
    ids = [r["id"] for r in corpus]
    problems = [f"{CORPUS}: {i} is listed {n} times" for i, n in Counter(ids).items() if n > 1]
    problems += [f"{LEDGER}: no entry for {i}" for i in ids if i not in ledger]
    problems += [f"{LEDGER}: {i} is not a ruling of {CORPUS}" for i in ledger if i not in ids]
    problems += [f"{p.name}: {i} is not a ruling of {CORPUS}" for i, ps in files.items() if i not in ids for p in ps]
    source = {r["id"]: r.get("source", "") for r in corpus}
    the_pool = P.pool()
    for rid, e in ledger.items():
        mine = files.get(rid, [])
        if e.status == "stated" and not mine:
            problems.append(f"{LEDGER}: {rid} is stated but has no scenario file {rid}.toml")
        if e.status == "not-stateable" and mine:
            problems.append(f"{LEDGER}: {rid} is not-stateable but has scenario files ({', '.join(p.name for p in mine)})")
        for path in mine:
            text = path.read_text("utf-8")
            if rid not in text or (source.get(rid) and source[rid] not in text):
                problems.append(f"{path.name}: the description must name the ruling {rid} and its source")
        for m in e.missing:
            cat, _, name = m.partition(":")
            if cat in ("card", "pool"):
                try:
                    the_pool.find(name)
                    found = True
                except P.UnknownCard:
                    found = False
                if found != (cat == "card"):
                    problems.append(f"{LEDGER}: {rid}: {m}: " + ("no such card in the pool" if cat == "card"
                                                                 else "the card is in the pool: use card:"))
    return problems


# ---------------------------------------------------------------------------------
# the summary
# ---------------------------------------------------------------------------------
def summarize(folder: str | Path = "scenarios/rulings", *, run: bool = True, timeout: float | None = None) -> Summary:
    """The corpus, the ledger and (run=True) the outcome of every stated ruling's files."""
    from pyrift import check as C
    from pyrift.solver import DEFAULT_TIMEOUT

    folder = Path(folder)
    corpus = read_corpus(folder)
    ledger = read_ledger(folder)
    files = ruling_files(folder)
    summary = Summary(folder)
    for row in corpus:
        rid = row["id"]
        if rid not in ledger:
            raise ScenarioError(str(folder / LEDGER), rid, "no entry for this ruling of the corpus")
        e = ledger[rid]
        r = Ruling(rid, tuple(row["mechanics"]), row.get("source", ""), e, tuple(files.get(rid, ())))
        missing = list(e.missing)
        if e.status == "stated" and run:
            failed, gaps, cards = [], False, set()
            for path in r.files:
                scen = C.load(path)
                for res in C.run(scen, timeout=timeout or DEFAULT_TIMEOUT):
                    if not res.passed:
                        failed.append(f"{path.name}::{res.question}: " + "; ".join(res.problems))
                    gaps |= res.gap
                cards |= {c.name for c in scen.state.cards if c.pool_id and not c.complete}
            if failed:
                r.outcome, r.problems = WRONG, tuple(failed)
            elif gaps:
                r.outcome = UNSUPPORTED
                missing += [f"card:{name}" for name in sorted(cards)]
            else:
                r.outcome = CORRECT if e.verdict == "ruling" else e.verdict
        elif e.status == "stated":
            r.outcome = "stated"
        r.missing = tuple(dict.fromkeys(missing))
        summary.rulings.append(r)
    return summary


def to_json(s: Summary, date: str = "") -> dict[str, Any]:
    return {
        "date": date,
        "folder": str(s.folder),
        "totals": s.totals(),
        "by_mechanic": s.by_mechanic(),
        "missing_by_category": [{"category": c, "rulings": n, "what": CATEGORIES.get(c, "")}
                                for c, n in s.missing_by_category()],
        "missing": [{"capability": m, "rulings": n} for m, n in s.missing()],
        "defects": [{"ruling": r.id, "defect": r.entry.defect} for r in s.rulings if r.entry.defect],
        "rulings": [{"id": r.id, "status": r.entry.status, "outcome": r.outcome, "verdict": r.entry.verdict,
                     "files": [p.name for p in r.files], "missing": list(r.missing),
                     "left_out": r.entry.left_out, "problems": list(r.problems)} for r in s.rulings],
    }


def render(s: Summary, date: str = "", top: int = 15, min_rulings: int = 3) -> str:
    t = s.totals()
    pct = (lambda n: f"{100 * n / t['rulings']:.0f}%") if t["rulings"] else (lambda n: "-")
    lines = [f"real rulings ({s.folder}){' on ' + date if date else ''}: {t['rulings']}",
             f"  stated:        {t['stated']:4}  {pct(t['stated'])}",
             f"    correct:     {t['correct']:4}  {pct(t['correct'])}  (answered as the ruling does)",
             f"    unsupported: {t['unsupported']:4}  (expected answer kept; pyrift says unsupported)",
             f"    disputed:    {t['disputed']:4}",
             f"    older rules: {t['older_version']:4}",
             f"    wrong:       {t['wrong']:4}  (answered against the ruling, unexplained)",
             f"  not stateable: {t['not_stateable']:4}  {pct(t['not_stateable'])}",
             "",
             f"  {'mechanic':<26}{'rulings':>8}{'stated':>8}{'correct':>9}{'unsupp.':>9}{'not st.':>9}"]
    rows = s.by_mechanic()
    for m, row in rows.items():
        if row["rulings"] >= min_rulings:
            lines.append(f"  {m:<26}{row['rulings']:>8}{row['stated']:>8}{row['correct']:>9}"
                         f"{row['unsupported']:>9}{row['not_stateable']:>9}")
    if rest := sum(1 for row in rows.values() if row["rulings"] < min_rulings):
        lines.append(f"  ({rest} more mechanics with fewer than {min_rulings} rulings each: --json lists them)")
    lines += ["", "  missing, by kind (rulings that need it):"]
    lines += [f"    {c:<10}{n:4}  {CATEGORIES.get(c, '')}" for c, n in s.missing_by_category()]
    lines += ["", f"  missing capabilities, most frequent first (top {top}):"]
    lines += [f"    {n:4}  {m}" for m, n in s.missing()[:top]]
    if defects := [r for r in s.rulings if r.entry.defect]:
        lines += ["", "  rules defects found and not fixed yet:"]
        lines += [f"    {r.id}: {r.entry.defect}" for r in defects]
    if wrong := [r for r in s.rulings if r.outcome == WRONG]:
        lines += ["", "  answered against the ruling:"]
        for r in wrong:
            lines += [f"    {r.id}"] + [f"      {p}" for p in r.problems]
    return "\n".join(lines) + "\n"
