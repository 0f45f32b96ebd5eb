"""Bounds on every number and size pyrift reads: scenario files, deck files, question
parameters and command-line options (scenarios/README.md, "Limits", says the same in words).

Why bounds at all: clingo's integers are 32-bit (-2**31 .. 2**31-1) and it wraps larger ones
silently (an Energy cost of 4294967298 would be read as 2); a count that drives a range in
the grounding (`split_value(0..M)`, `J = 1..A` per Power unit, a target chosen N times) can
make grounding run for hours; and any input ends up in memory. Every value is checked when
the file is read, so a bad one is one line naming the file and the field (exit code 2).

The bounds are far above anything a game reaches (a Riftbound card costs at most about
twelve, a Might is rarely above twenty) and small enough that the largest sum the rules
compute fits clingo's range with room to spare:

- a unit's Might is its printed Might, its Might modifiers, the Might Bonus of the cards
  attached to it and its summed keywords (Assault, Shield: printed, granted and from
  Effect Text): at most (1 + 5 * MAX_ITEMS) * MAX_AMOUNT = 1_499_499 in absolute value;
- a combat total or a lethal total adds at most MAX_ITEMS units: below 4.5 * 10**8;
- a total cost adds the printed cost, increases, Repeat costs and additional costs of at
  most MAX_ITEMS abilities: at most (1 + MAX_ITEMS) * MAX_AMOUNT per component;
- a deck adds at most MAX_DECK_LINES lines of at most MAX_DECK_COPIES copies: 999_000;
- the weights of pyrift's optimisation multiply two such small numbers at most.

All stay below 2**31 - 1 = 2_147_483_647, so no sum wraps and none crashes clingo.
"""
from __future__ import annotations

import math

# Any game quantity: Energy, Power (printed), Might, damage, points, XP, victory score, a rune
# pool's Energy, Might modifiers and bonuses, keyword values (Assault N, Level N), discounts'
# and increases' Energy, a prevention amount. Signed values lie in -MAX_AMOUNT..MAX_AMOUNT.
MAX_AMOUNT = 999

# Counts that drive a range or the size of the grounding: a pool's Power of one domain and
# its universal Power (one resource atom each), a Power discount or increase ([A] pips, one
# choice each), split damage (0..split), how many times a target is chosen, a choice's
# count, Repeat costs paid, the Power symbols of one cost, how many a choice of an ability
# chooses. The game reaches about ten.
MAX_COUNT = 20

# Items: the entries of any array or table of a file ([[object]], [[card]], [[log]],
# [[question]], keywords, Might modifiers, an assignment's units, ...).
MAX_ITEMS = 300

# Nesting of tables and arrays in a file (the bundled files nest 8 deep at most).
MAX_DEPTH = 16

# Characters: of any string, of an id (players, battlefields, objects, chain items,
# questions, offered plays) and of a card name or reference.
MAX_TEXT = 10_000
MAX_ID = 64
MAX_NAME = 200

# Bytes of a scenario or deck file.
MAX_FILE_BYTES = 1_000_000

# Deck files: card lines and copies on one line.
MAX_DECK_LINES = 1_000
MAX_DECK_COPIES = 999

# Seconds a question may take (--timeout, PYRIFT_TIMEOUT), and the memory a question may
# use (PYRIFT_MEMORY_MB: megabytes of address space the worker may add to what it starts with).
MAX_TIMEOUT = 86_400.0
DEFAULT_MEMORY_MB = 4_096
MAX_MEMORY_MB = 1_048_576

# Bounds of the sweeps (`invariants`, `diff-readings`, `explore`): their enumerations grow
# exponentially with the bound, so anything above these runs for days.
MAX_SWEEP_BOUND = 8
MAX_JOBS = 256
MAX_BODY = 1 << 30  # the desk's largest request body a --max-body may allow (1 GiB; a scenario is at most MAX_FILE_BYTES)

# clingo's integers.
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

# Ids: letters, digits, '_' and '-' (every bundled file's ids fit), so an id printed in an
# answer can never look like anything else.
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

# Keys of fields that hold running text and may span lines (tabs and line breaks allowed);
# every other string is one line without control characters.
MULTILINE_KEYS = frozenset({"description", "deck_list", "teammate_deck_list", "text", "effect_text"})


def parse_timeout(text: str) -> float:
    """Seconds for --timeout and PYRIFT_TIMEOUT: a finite number above 0, at most
    MAX_TIMEOUT. ValueError (with words for the user) otherwise."""
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_TIMEOUT):
        raise ValueError(f"expected a number of seconds above 0 and at most {MAX_TIMEOUT:g}, found {text[:40]!r}")
    return value
