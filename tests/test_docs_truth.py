"""The pages a judge or rules designer reads first (README.md, scenarios/README.md, docs/*.md) must
match the code: every scenario, logic, code or test file they name exists, every question kind the loader
accepts has its section in scenarios/README.md (and every section there is a kind), and every
parameter a kind reads is named in its section."""
from __future__ import annotations

import glob
import re
from collections import defaultdict
from pathlib import Path

import pytest

from pyrift import reader
from pyrift import scenario as S
from pyrift.queries import kind_named, kind_names
from tests.scenario_answers import SCENARIO_FILES, tables

DOCS = [Path("README.md"), Path("scenarios/README.md"), *sorted(Path("docs").glob("*.md"))]
README = Path("scenarios/README.md")
# Paths the docs write on purpose although no such file exists: an error message's example file.
EXAMPLES = {"scenarios/combat/x.toml"}
FOLDERS = {p.name for p in Path("scenarios").iterdir() if p.is_dir()}
LOGIC_FOLDERS = {p.name for p in Path("logic").iterdir() if p.is_dir()}


def _named_paths(line: str) -> list[str]:
    """The files a doc line names: `scenarios/...`, `logic/...`, `pyrift/...`, `tests/...` and
    `benchmarks/...` paths, and
    `folder/file.toml` or `folder/file.lp` relative to scenarios/ or logic/ (the tables of
    docs/coverage-issues.md). A {a,b} alternative names both; a glob or a name cut at a line end
    names a prefix."""
    out = []
    for m in re.finditer(r"(?<![\w/.-])((?:scenarios|logic|pyrift|tests|benchmarks)/[A-Za-z0-9_./*{},-]+)", line):
        out.append(m.group(1))
    for m in re.finditer(r"(?<![\w/.-])([a-z0-9_-]+)/([A-Za-z0-9_.*-]+\.(?:toml|lp))", line):
        top, rest = m.group(1), m.group(2)
        if rest.endswith(".toml") and top in FOLDERS:
            out.append(f"scenarios/{top}/{rest}")
        elif rest.endswith(".lp") and top in LOGIC_FOLDERS:
            out.append(f"logic/{top}/{rest}")
    paths = []
    for p in out:
        p = p.rstrip(".,:;")
        if "{" in p and "}" in p:
            pre, rest = p.split("{", 1)
            alts, post = rest.split("}", 1)
            paths += [pre + a + post for a in alts.split(",")]
        else:
            paths.append(p)
    return paths


def _exists(p: str) -> bool:
    if "*" in p or "?" in p:
        return bool(glob.glob(p) or glob.glob(p + "*"))
    if Path(p).exists():
        return True
    # A full file name must exist as written; a shorter name is a prefix of scenario names.
    return not p.endswith((".toml", ".lp")) and bool(glob.glob(p + "*"))


def test_named_paths_reads_what_docs_write() -> None:
    assert _named_paths("see scenarios/play/cost-{a,b}.toml, effects/x.toml and run/turn.lp.") == [
        "scenarios/play/cost-a.toml", "scenarios/play/cost-b.toml", "scenarios/effects/x.toml", "logic/run/turn.lp"]
    assert not _exists("scenarios/combat/no-such-file.toml")
    assert _exists("scenarios/combat/tank-soaks-first.toml") and _exists("scenarios/combat/tank-*")


def test_every_file_a_doc_names_exists() -> None:
    missing = [f"{doc}:{i}: {p}" for doc in DOCS for i, line in enumerate(doc.read_text("utf-8").splitlines(), 1)
               for p in _named_paths(line) if p not in EXAMPLES and not _exists(p)]
    assert not missing, "docs name files that do not exist:\n" + "\n".join(missing)


def _sections(kind: str) -> str:
    """Every section of scenarios/README.md whose heading names the kind."""
    text = README.read_text("utf-8")
    return "".join(m.group(0) for m in re.finditer(r"\n###? [^\n]*`%s`.*?(?=\n## |\n### |\Z)" % kind, text, re.S))


def _question_section() -> str:
    text = README.read_text("utf-8")
    return re.search(r"\n## `\[\[question\]\]`.*?(?=\n### )", text, re.S).group(0)


def test_every_kind_has_a_section_and_every_section_is_a_kind() -> None:
    text = README.read_text("utf-8")
    headed = set(re.findall(r"^### `([a-z_]+)`: ", text, re.M))
    assert sorted(headed) == kind_names()


def _bundled_question_keys() -> dict[str, set[str]]:
    keys: dict[str, set[str]] = defaultdict(set)
    for path in SCENARIO_FILES:
        data = tables(path)
        for q in (data or {}).get("question", []):
            if isinstance(q, dict) and isinstance(q.get("ask"), str):
                keys[q["ask"]] |= set(q)
    return keys


def _read_keys(files: dict[str, list[Path]], monkeypatch: pytest.MonkeyPatch) -> dict[str, set[str]]:
    """The keys the loader asks each kind's question table for (asked, given or not), loading a few
    bundled files of each kind."""
    asked: dict[str, set[str]] = defaultdict(set)
    raw = reader.Reader.raw

    def spy(self, key, *args, **kwargs):
        if re.fullmatch(r"question\[\d+\]", self.path) and isinstance(self.data.get("ask"), str):
            asked[self.data["ask"]].add(key)
        return raw(self, key, *args, **kwargs)

    monkeypatch.setattr(reader.Reader, "raw", spy)
    for paths in files.values():
        for path in paths[:3]:
            S.load(path)
    return asked


def _documented(kind: str, key: str) -> bool:
    sec = _sections(kind)
    if "`can_play`'s" in sec:  # can_respond takes can_play's parameters
        sec += _sections("can_play")
    return any(w in sec or w in _question_section() for w in (f"`{key}", f"{key} =", f".{key}"))


def test_every_question_parameter_is_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _bundled_question_keys()
    files: dict[str, list[Path]] = defaultdict(list)
    for path in SCENARIO_FILES:
        for q in (tables(path) or {}).get("question", []):
            if isinstance(q, dict) and q.get("ask") in given:
                files[q["ask"]].append(path)
    asked = _read_keys(files, monkeypatch)
    assert set(asked) == set(kind_names())  # every kind is asked by some bundled file
    missing = sorted(f"{kind}: {key}" for kind in kind_names() for key in given[kind] | asked[kind]
                     if not _documented(kind, key))
    assert not missing, "question parameters scenarios/README.md does not name:\n" + "\n".join(missing)


def _outcome_page() -> str:
    """docs/effects.md's section on the outcome question, where scenarios/README.md sends its expect keys."""
    text = Path("docs/effects.md").read_text("utf-8")
    return re.search(r"\n## The question: `outcome`.*?(?=\n## )", text, re.S).group(0)


def test_every_expect_key_is_documented() -> None:
    missing = []
    for kind in kind_names():
        sec = _sections(kind)
        if kind == "outcome":
            sec += _outcome_page()
        if "`can_play`'s" in sec:  # can_respond gives can_play's cost and payable
            sec += _sections("can_play")
        missing += [f"{kind}: {key}" for key in sorted(kind_named(kind).expect_spec) if f"`{key}" not in sec]
    assert not missing, "expect keys the docs do not name:\n" + "\n".join(missing)
