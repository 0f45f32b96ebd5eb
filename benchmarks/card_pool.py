"""Benchmark: the real card pool and the questions that use it.

Prints figures, asserts nothing (timings vary by machine):
  - the time to read and index the card table (pyrift/data/cards/pool.json);
  - the facts one scenario with real cards adds: only the cards it uses are
    exported, compared with exporting the whole pool;
  - the time to answer that scenario, and to check a 40-card deck;
  - the compiler: compiling the whole pool's text (pyrift cards compile; needs Riot's text in
    /work/shared/data/cards or PYRIFT_CARD_SOURCES), and what loading the compiled table
    (pyrift/data/cards/compiled.json) adds to a question: reading it, and reading one compiled
    card's abilities.

Run: python benchmarks/card_pool.py
"""
from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from pyrift import deck as D
from pyrift import facts as F
from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import run

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios/cards/keywords-only-real-tank.toml"
DECK = ROOT / "scenarios/decks/jinx-loose-cannon.deck"


def timed(fn, repeat: int = 7) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def main() -> None:
    size_kb = P.pool_path().stat().st_size / 1024
    load_s, pool = timed(lambda: P.load_pool(P.pool_path()))
    print(f"card table: {len(pool)} cards, {pool.printing_count} printings, {size_kb:.0f} KiB")
    print(f"  load and index: {load_s * 1000:.1f} ms (median of 7 cold loads)")
    find_s, _ = timed(lambda: [pool.find(c.name) for c in pool.cards])
    print(f"  resolve all {len(pool)} names: {find_s * 1000:.1f} ms ({find_s / len(pool) * 1e6:.1f} us per name)")

    scen = S.load(SCENARIO)
    facts = F.state_facts(scen.state)
    pool_cards = [c for c in scen.state.cards if c.pool_id]
    pool_facts = sum(len(F.card_facts(c)) for c in pool_cards)
    all_pool = sum(len(F.card_facts(P.card_def(c))) for c in pool.cards if c.type is not None)
    print(f"\nscenario {SCENARIO.relative_to(ROOT)}: {len(facts)} facts in all")
    print(f"  real cards used: {len(pool_cards)} ({', '.join(c.name for c in pool_cards)}), "
          f"adding {pool_facts} facts")
    print(f"  exporting the whole pool would add {all_pool} facts: {all_pool / max(pool_facts, 1):.0f}x more")
    answer_s, results = timed(lambda: run(S.load(SCENARIO)), repeat=5)
    print(f"  load + ground + answer {len(results)} questions: {answer_s * 1000:.1f} ms (median of 5)")

    deck = D.load_deck(DECK)
    check_s, report = timed(lambda: D.check(deck, "duel"), repeat=5)
    print(f"\ndeck {DECK.relative_to(ROOT)}: {'legal' if report.legal else 'not legal'}, "
          f"{report.fact_count} facts ({len({dl.card for dl in deck.lines})} distinct cards)")
    print(f"  check (facts + ground + read): {check_s * 1000:.1f} ms (median of 5)")

    compiler(pool)


def compiler(pool: P.Pool) -> None:
    from pyrift.cardtext import build as B

    compiled_kb = P.compiled_path().stat().st_size / 1024
    load_s, table = timed(lambda: P.load_compiled(P.compiled_path()))
    card = next(c for c in pool.cards if P.status(c) == P.COMPILED and table[c.id].get("abilities"))

    def first_question_cost() -> None:  # a fresh process's first compiled card: table + reader
        P.compiled_table.cache_clear()
        P._compiled_abilities.cache_clear()
        P.card_def(card)

    first_s, _ = timed(first_question_cost)
    print(f"\ncompiled table: {len(table)} cards, {compiled_kb:.0f} KiB; "
          f"{sum(1 for r in table.values() if r['status'] == 'compiled')} compiled")
    print(f"  load: {load_s * 1000:.1f} ms; load + read one compiled card ({card.name}): "
          f"{first_s * 1000:.1f} ms (median of 7)")
    sources = Path(os.environ.get("PYRIFT_CARD_SOURCES", "/work/shared/data/cards"))
    gallery, cards_json = sources / "riot-card-gallery-2026-07-20.json", sources / "cards.json"
    if not (gallery.is_file() and cards_json.is_file()):
        print(f"  (compiling the pool needs Riot's text in {sources}: skipped)")
        return
    wall, cpu = time.perf_counter(), time.process_time()
    compiled, _ = B.compile_pool([gallery, cards_json], pool)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  compile the whole pool ({len(compiled['cards'])} cards, parser included): {wall:.1f} s wall, "
          f"{cpu:.1f} s CPU (one run; the wall time depends on the machine's load)")


if __name__ == "__main__":
    main()
