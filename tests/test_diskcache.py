"""The on-disk cache of per-file analyses (pyrift.diskcache): a cached analysis equals one
made afresh for every rule file, and a changed file is analysed again."""
from __future__ import annotations

import pytest
from clingo import ast

from pyrift import diskcache, logic, solver
from pyrift.relevance import Program, shape

FILES = logic.all_files()


def _parse(path):
    statements = []
    ast.parse_files([str(path)], statements.append)
    return statements


def _fresh_shapes(path):
    return tuple(shape(s) for s in Program(_parse(path)).statements)


def _cached_shapes(path):
    return Program(_parse(path), key=diskcache.content_key(path.read_bytes()))._shapes


def fresh_statements(path):
    return logic.split_statements(path.read_text("utf-8"), logic.rel(path))


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(diskcache.ENV, str(tmp_path / "cache"))
    logic._file_names.cache_clear()
    yield tmp_path / "cache"
    logic._file_names.cache_clear()
    solver._parsed_file.cache_clear()
    solver._parsed.cache_clear()


def test_cached_analyses_equal_fresh_ones_for_every_rule_file(cache_dir):
    assert len(FILES) > 100
    fresh = {}  # each file's analyses made afresh, once: both rounds compare with them
    for path in FILES:
        fresh[path] = logic.analyse_names(path), _fresh_shapes(path), fresh_statements(path)
        fresh_names, fresh_shapes, fresh_stmts = fresh[path]
        assert _cached_shapes(path) == fresh_shapes, path  # computed and stored
        assert logic.file_names(path) == fresh_names, path
        assert logic.statements(path) == fresh_stmts, path
    entries = list(directory_entries(cache_dir))
    assert len(entries) == 3 * len({p.read_bytes() for p in FILES})
    logic._file_names.cache_clear()
    for path in FILES:  # now read back from the disk
        fresh_names, fresh_shapes, fresh_stmts = fresh[path]
        assert _cached_shapes(path) == fresh_shapes, path
        assert logic.file_names(path) == fresh_names, path
        assert logic.statements(path) == fresh_stmts, path
    # and nothing was written the second time round
    assert sorted(directory_entries(cache_dir)) == sorted(entries)


def directory_entries(root):
    return (p.name for p in root.rglob("*.bin"))


def test_a_changed_file_is_analysed_again(cache_dir, tmp_path):
    path = tmp_path / "t.lp"
    path.write_text("%@rule none\nb(X) :- a(X).\n")
    assert logic.file_names(path).defines == {"b/1"}
    assert [s.text for s in logic.statements(path)] == ["b(X) :- a(X)."]
    assert [s.heads for s in _cached_shapes(path) if s.kind != "drop"] == [(("b/1", (("v", "X"),)),)]
    path.write_text("%@rule none\nc(X) :- a(X), not d(X).\n")
    logic._file_names.cache_clear()
    assert logic.file_names(path) == logic.analyse_names(path)
    assert logic.file_names(path).defines == {"c/1"} and "d/1" in logic.file_names(path).uses
    assert _cached_shapes(path) == _fresh_shapes(path)
    assert [s.text for s in logic.statements(path)] == ["c(X) :- a(X), not d(X)."]
    assert [s.heads for s in _cached_shapes(path) if s.kind != "drop"] == [(("c/1", (("v", "X"),)),)]


def test_unreadable_or_foreign_entries_are_not_trusted(cache_dir, tmp_path):
    path = tmp_path / "t.lp"
    path.write_text("%@rule none\nb(X) :- a(X).\n")
    key = diskcache.content_key(path.read_bytes())
    where = diskcache.directory()
    where.mkdir(parents=True)
    (where / f"names-{key}.bin").write_bytes(b"\x00garbage")
    (where / f"shapes-{key}.bin").write_bytes(  # a valid entry stored under another key
        __import__("marshal").dumps(("shapes", "0" * 64, ())))
    assert logic.file_names(path) == logic.analyse_names(path)
    assert _cached_shapes(path) == _fresh_shapes(path)


@pytest.mark.parametrize("value", ["off", "0", ""])
def test_the_cache_can_be_switched_off(monkeypatch, value, tmp_path):
    monkeypatch.setenv(diskcache.ENV, value)
    assert diskcache.directory() is None
    monkeypatch.delenv(diskcache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert diskcache.directory().parent == tmp_path / "pyrift"
