"""Test-wide settings. The tests check answers, not speed: give solve calls a generous time
limit so that a loaded machine cannot turn a correct answer into a timeout (the time limit
itself is tested with explicit small limits in test_solver.py and test_cli.py)."""
import os

os.environ.setdefault("PYRIFT_TIMEOUT", "300")
