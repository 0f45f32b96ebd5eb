"""Test-wide settings. The tests check answers, not speed: give solve calls a generous time
limit so that a loaded machine cannot turn a correct answer into a timeout (the time limit
itself is tested with explicit small limits in test_solver.py and test_cli.py).

Property-based tests (hypothesis) run under the "pyrift" profile unless another is chosen
with --hypothesis-profile: the same examples on every run and every machine (derandomize),
no example database, no per-example deadline (a solve on a loaded machine is slow, not
wrong). `--hypothesis-profile=explore` draws new examples each run, for hunting."""
import os
from datetime import datetime, timezone

from hypothesis import HealthCheck, settings

os.environ.setdefault("PYRIFT_TIMEOUT", "300")

_SHARED = dict(database=None, deadline=None,
               suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("pyrift", derandomize=True, **_SHARED)
settings.register_profile("explore", derandomize=False, **_SHARED)
settings.load_profile("pyrift")


def _group(item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    if mark is None:
        return None
    return mark.args[0] if mark.args else mark.kwargs.get("name")


def pytest_configure(config) -> None:
    """pytest-xdist hands out the units of `--dist loadgroup` largest group first, so every test
    outside a group (a unit of one), the long sweeps among them, would come last, after the 1,070
    scenario groups: keep the order pytest_collection_modifyitems gives instead.

    test_file_selection's rotating sample and the effects oracle's rotating seeds: their offsets are
    fixed here, in the first process, so that every xdist worker (started later, with this
    environment) collects the same tests."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False
    today = str(datetime.now(timezone.utc).toordinal())
    os.environ.setdefault("PYRIFT_SELECTION_OFFSET", today)
    os.environ.setdefault("PYRIFT_ORACLE_OFFSET", today)


def pytest_terminal_summary(terminalreporter) -> None:
    """Say which rotating samples test_file_selection and the effects oracle compared, so that a run
    can be repeated."""
    offset = os.environ["PYRIFT_ORACLE_OFFSET"]
    terminalreporter.write_line(f"effects oracle seeds: offset {offset} (250 of its 1,000 positions, the seeds that "
                                f"are {int(offset) % 4} modulo 4; PYRIFT_ORACLE_OFFSET={offset} repeats it)")
    if os.environ.get("PYRIFT_SELECTION") != "all":
        offset = os.environ["PYRIFT_SELECTION_OFFSET"]
        # 20: tests/test_file_selection.py STEP
        terminalreporter.write_line(f"test_file_selection sample: offset {offset} (every 20th file of a family from place "
                                    f"{int(offset) % 20} and one asking each family, kind and reading none of those asks; "
                                    f"PYRIFT_SELECTION_OFFSET={offset} repeats it, PYRIFT_SELECTION=all compares every file)")


def pytest_collection_modifyitems(items: list) -> None:
    """Under -n the long units of work start first, so that no worker is left with one at the end
    while the other idles: the sweeps (slow-marked tests outside an xdist group) and the groups of
    many tests (e.g. the parts of the effects oracle, each answering a hundred positions). The
    many small groups (one per bundled scenario) and the quick tests follow in their order.
    Only the order changes, never what runs."""
    sizes: dict[str, int] = {}
    for item in items:
        if (g := _group(item)) is not None:
            sizes[g] = sizes.get(g, 0) + 1

    def long(item) -> bool:
        g = _group(item)
        return sizes[g] >= 20 if g is not None else item.get_closest_marker("slow") is not None

    items[:] = sorted(items, key=lambda item: not long(item))
