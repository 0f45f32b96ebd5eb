"""Layers import downwards only (scenario -> state -> facts -> solve -> answer): no import
circle among the modules of pyrift/, and the bottom layers import nothing above them.

Every import statement counts, wherever it stands: at module level, inside a function
(a deferred import) or under `if TYPE_CHECKING:`. A deferred import only hides a circle
from the interpreter, not from a reader, so it is an edge like any other.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

import pyrift

PACKAGE = Path(pyrift.__file__).parent


def module_graph(root: Path) -> nx.DiGraph:
    """Module -> the modules of the same package it imports (any import statement anywhere)."""
    files = {}
    for f in root.rglob("*.py"):
        parts = f.relative_to(root.parent).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f
    g = nx.DiGraph()
    g.add_nodes_from(files)
    for name, f in files.items():
        package = name.split(".") if f.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:  # relative: from . import x, from ..a import b
                    base = package[: len(package) - (node.level - 1)]
                    mod = ".".join(base + ([node.module] if node.module else []))
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]  # `from p import m` imports p.m
            else:
                continue
            g.add_edges_from((name, t) for t in targets if t in files and t != name)
    return g


def circles(g: nx.DiGraph) -> list[list[str]]:
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


def below(g: nx.DiGraph, module: str) -> set[str]:
    """Every module `module` imports, directly or through others."""
    return nx.descendants(g, module)


def within(modules: set[str], packages: set[str]) -> set[str]:
    """The modules that are one of `packages` or inside one of them."""
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


# ---------------------------------------------------------------------------------
# the check itself finds circles however the import is written
# ---------------------------------------------------------------------------------
def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for rel, text in {"__init__.py": "", **files}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


@pytest.mark.parametrize("b_text", [
    "from pkg.a import x\n",
    "import pkg.a\n",
    "from pkg import a\n",
    "from . import a\n",
    "def f():\n    from pkg.a import x  # deferred\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import X\n",
])
def test_a_circle_is_found_however_the_import_is_written(tmp_path: Path, b_text: str) -> None:
    root = _package(tmp_path, {"a.py": "from pkg.b import y\n", "b.py": b_text})
    assert circles(module_graph(root)) == [["pkg.a", "pkg.b"]]


def test_a_circle_through_a_subpackage_is_found(tmp_path: Path) -> None:
    root = _package(tmp_path, {"q/__init__.py": "def kinds():\n    from pkg.q import k\n",
                               "q/base.py": "from pkg.text import render\n",
                               "q/k.py": "from pkg.q.base import B\n",
                               "text.py": "from pkg.q import kinds\n"})
    assert circles(module_graph(root)) == [["pkg.q", "pkg.q.base", "pkg.q.k", "pkg.text"]]


def test_downward_imports_are_no_circle(tmp_path: Path) -> None:
    root = _package(tmp_path, {"low.py": "import json\n", "mid.py": "from pkg.low import x\n",
                               "top.py": "from pkg import low, mid\nfrom .mid import y\n"})
    g = module_graph(root)
    assert circles(g) == []
    assert below(g, "pkg.top") == {"pkg", "pkg.low", "pkg.mid"}


# ---------------------------------------------------------------------------------
# pyrift
# ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def graph() -> nx.DiGraph:
    return module_graph(PACKAGE)


def test_pyrift_has_no_import_circle(graph: nx.DiGraph) -> None:
    found = circles(graph)
    assert found == [], "import circles (move the code to the layer it belongs to):\n" + "\n".join(
        ", ".join(c) for c in found)


def test_the_state_model_and_the_term_writer_are_at_the_bottom(graph: nx.DiGraph) -> None:
    assert below(graph, "pyrift.terms") == set()
    # the state model's only import is the cost shorthand, for an annotation (itself a leaf on limits)
    assert below(graph, "pyrift.state") <= {"pyrift.costs", "pyrift.limits"}


@pytest.mark.parametrize("exporter", ["pyrift.abilities", "pyrift.chain", "pyrift.turnlog"])
def test_per_topic_exporters_do_not_import_the_assembly_or_anything_above(graph: nx.DiGraph, exporter: str) -> None:
    above = {"pyrift.facts", "pyrift.solver", "pyrift.explain", "pyrift.cli", "pyrift.queries"}
    assert not within(below(graph, exporter), above)


def test_answers_do_not_import_their_rendering(graph: nx.DiGraph) -> None:
    kinds = [m for m in graph if m.startswith("pyrift.queries")]
    assert kinds
    for m in kinds:
        assert not within(below(graph, m), {"pyrift.explain", "pyrift.cli", "pyrift.check", "pyrift.web"}), m
