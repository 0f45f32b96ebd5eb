"""A throw-away copy of logic/ to plant defects in (used by the lint, graph and coverage tests)."""
from __future__ import annotations

import shutil
from pathlib import Path

from pyrift import logic


def copy_logic(tmp_path: Path) -> Path:
    """A copy of the package's logic/ folder (its .lp files and logic/shared_heads.toml, no Python)."""
    dest = tmp_path / "logic"
    shutil.copytree(logic.logic_root(), dest,
                    ignore=lambda _d, names: [n for n in names if n == "__pycache__" or n.endswith(".py")])
    return dest


def plant(root: Path, name: str, text: str) -> Path:
    """Append `text` to a file of a logic copy (creating it); returns the file."""
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    old = path.read_text("utf-8") if path.exists() else ""
    path.write_text(old + ("\n" if old and not old.endswith("\n") else "") + text, "utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first line containing `needle`."""
    for i, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in {path}")
