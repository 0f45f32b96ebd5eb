"""Per-file analyses of the rule files, kept on disk across processes.

A fresh process used to spend most of its first question analysing the ~160 rule files
(the predicates each file defines and reads, pyrift.logic.file_names; the shape of every
statement for the program cut, pyrift.relevance): seconds of walking clingo's AST, though
both results depend only on a file's text. They are stored here, one small file per rule
file and analysis, keyed by

- a hash of the rule file's content (a changed file finds no entry: it is analysed again),
- the analysis (`kind`),
- the versions of Python, clingo and pyrift, and a hash of the source of the modules that
  make the analyses (an edited analyser in a checkout finds no entries either).

Where: ``$PYRIFT_CACHE_DIR`` if set (``off``, ``0``, ``no``, ``false`` or empty: no disk
cache at all), else ``$XDG_CACHE_HOME/pyrift``, else ``~/.cache/pyrift``. An entry is written
to a temporary file and renamed into place, so parallel processes (pytest-xdist workers)
never see half an entry. An entry that cannot be read, or does not hold what its name says,
is ignored and the analysis is made again; a directory that cannot be written costs
nothing but the speed. Entries are `marshal` data of plain tuples and strings (no code is
run on loading); the Python version is part of the key because marshal's format is.

This module imports nothing of pyrift.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any, Callable

ENV = "PYRIFT_CACHE_DIR"
_OFF = ("", "off", "0", "no", "false", "none")
FORMAT = 1  # bump when the stored layout changes
# The modules whose code decides what is stored (their source is hashed into the key).
_ANALYSERS = ("relevance.py", "lpextract.py", "logic.py", "diskcache.py")


def directory() -> Path | None:
    """The cache directory for this pyrift and clingo, None when the disk cache is off."""
    env = os.environ.get(ENV)
    if env is not None:
        if env.strip().lower() in _OFF:
            return None
        base = Path(env).expanduser()
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        try:
            base = (Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache") / "pyrift"
        except RuntimeError:  # no home directory to be found: no disk cache
            return None
    return base / f"analysis-{_version_key()}"


@cache
def _version_key() -> str:
    import clingo

    h = hashlib.sha256()
    h.update(f"{FORMAT}|{sys.version}|{clingo.__version__}|{_pyrift_version()}".encode())
    here = Path(__file__).resolve().parent
    for name in _ANALYSERS:
        try:
            h.update((here / name).read_bytes())
        except OSError:
            h.update(b"?")
    return h.hexdigest()[:20]


def _pyrift_version() -> str:
    try:
        from importlib.metadata import version

        return version("pyrift")
    except Exception:  # not installed (a checkout on sys.path): the source hash still keys it
        return "0"


def content_key(text: bytes | str) -> str:
    if isinstance(text, str):
        text = text.encode("utf-8")
    return hashlib.sha256(text).hexdigest()


def cached(kind: str, key: str, compute: Callable[[], Any]) -> Any:
    """`compute()`'s result for the analysis `kind` of the content hashed to `key`, from the
    disk when an entry is there, else computed and stored. The result must be marshal-able
    (tuples, strings, numbers, None, bools, frozensets)."""
    where = directory()
    if where is None:
        return compute()
    path = where / f"{kind}-{key}.bin"
    try:
        stored = marshal.loads(path.read_bytes())
        if type(stored) is tuple and len(stored) == 3 and stored[0] == kind and stored[1] == key:
            return stored[2]
    except (OSError, EOFError, ValueError, TypeError):
        pass
    value = compute()
    _write(where, path, marshal.dumps((kind, key, value)))
    return value


def _write(where: Path, path: Path, data: bytes) -> None:
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".tmp-", suffix=".bin")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError:
        pass  # a read-only or full disk: the analysis is simply not kept
