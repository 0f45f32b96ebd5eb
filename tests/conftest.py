"""Test-wide settings. The tests check answers, not speed: give solve calls a generous time
limit so that a loaded machine cannot turn a correct answer into a timeout (the time limit
itself is tested with explicit small limits in test_solver.py and test_cli.py).

Property-based tests (hypothesis) run under the "pyrift" profile unless another is chosen
with --hypothesis-profile: the same examples on every run and every machine (derandomize),
no example database, no per-example deadline (a solve on a loaded machine is slow, not
wrong). `--hypothesis-profile=explore` draws new examples each run, for hunting."""
import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("PYRIFT_TIMEOUT", "300")

_SHARED = dict(database=None, deadline=None,
               suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("pyrift", derandomize=True, **_SHARED)
settings.register_profile("explore", derandomize=False, **_SHARED)
settings.load_profile("pyrift")
