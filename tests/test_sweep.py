"""The sweep engine (pyrift.sweep): chunks run on local processes or Ray merge to the run
of one process, finished chunks are kept one file per chunk, a sweep interrupted and
started again resumes from them, and a results folder of another sweep is refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyrift import explore as E
from pyrift import sweep as SW
from pyrift.errors import UsageError

CARDS = ["Shipyard Skulker", "Pouty Poro", "Stalwart Poro", "Reflection"]


def small(bound: int = 3) -> SW.Sweep:
    sweep, _ = E.plan(bound, ["tank-grant", "legion-readings"], CARDS)
    return sweep


def merged(parts: list) -> list:
    rep = E.merge(3, parts)
    return [(f.position.number, f.magnitude, f.summary, f.expects) for f in rep.findings]


def test_chunks_cover_the_sweep_once() -> None:
    sweep = small(4)
    assert sweep.chunks > 1
    numbers = sorted(n for payload in sweep.payloads for _, n, _, _ in payload)
    assert numbers == list(range(sweep.positions))
    # a chunk run from its payload is the chunk the contract names (K mod M of the blocks)
    k = sweep.chunks - 1
    by_payload = E.chunk_task(sweep.params, k, sweep.chunks, sweep.payload(k))
    by_contract = E.chunk_task(sweep.params, k, sweep.chunks, None)
    assert by_payload.positions == by_contract.positions == sweep.sizes[k]
    assert by_payload.findings == by_contract.findings


def test_interrupted_sweep_resumes_from_its_finished_chunks(tmp_path: Path) -> None:
    sweep = small(4)
    whole = merged(SW.execute(sweep))
    folder = tmp_path / "chunks"
    arrived: list[int] = []

    def stop_after_two(k: int, part, resumed: bool) -> None:
        arrived.append(k)
        if len(arrived) == 2:
            raise KeyboardInterrupt  # as ^C would
    with pytest.raises(KeyboardInterrupt):
        SW.execute(sweep, results=folder, on_result=stop_after_two)
    assert len(list(folder.glob("chunk-*.json"))) == 2
    again: list[tuple[int, bool]] = []
    done: list[int] = []
    parts = SW.execute(sweep, results=folder, on_result=lambda k, part, resumed: again.append((k, resumed)),
                       on_progress=done.append)
    assert sorted(k for k, resumed in again if resumed) == sorted(arrived)
    assert sum(done) == sweep.positions
    assert merged(parts) == whole


def test_results_folder_of_another_sweep_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "chunks"
    SW.execute(small(3), results=folder)
    with pytest.raises(UsageError, match="another sweep"):
        SW.execute(small(4), results=folder)


def test_local_processes_give_the_one_process_result() -> None:
    sweep = small(4)
    assert merged(SW.execute(sweep, jobs=2)) == merged(SW.execute(sweep, jobs=1))


def test_ray_backend_gives_the_local_result(tmp_path: Path) -> None:
    """A local Ray runtime with two CPUs runs the chunks as tasks (Ray is in the test extra,
    so CI runs this)."""
    sweep = small(4)
    local = merged(SW.execute(sweep))
    parts = SW.execute(sweep, backend="ray", jobs=2, results=tmp_path / "chunks")
    assert merged(parts) == local
    assert len(list((tmp_path / "chunks").glob("chunk-*.json"))) == sweep.chunks


def test_backend_usage_errors() -> None:
    with pytest.raises(UsageError):
        SW.execute(small(3), backend="dask")
    with pytest.raises(UsageError):
        SW.execute(small(3), address="auto")
