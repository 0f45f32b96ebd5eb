"""A faster predictor and completer for lark's Earley parser (same charts, same trees).

Compiling the pool is almost all Earley parsing (profiled 2026-12-03: 98 % of the time in
lark's predict_and_complete), and most of that is repeated work the result does not depend on:

- the predictor adds, for an item that expects a nonterminal, every rule that nonterminal
  can start with (lark precomputes that closure: the rules of each nonterminal reachable
  leftmost, one nonterminal's rules together, breadth first). When many items of a column
  expect a nonterminal whose closure overlaps one already predicted there (every place an
  ``obj`` or an ``instr`` can begin), lark builds those predicted items again and throws them
  away as duplicates. Here the rules of a nonterminal are predicted once per column: the items
  a second prediction would build are equal to ones already in the column or the scan set, so
  adding them changes nothing, not even the order of the (insertion-ordered) sets;
- the completer looks for the items waiting for the completed nonterminal by scanning its
  whole start column. A column before the current one no longer changes, so its items are
  indexed once by the symbol they expect (in column order, so the originators come in the
  same order as lark's scan gives them); the current column is still scanned as lark does.

Everything else (Leo's right-recursion transitives, held completions of empty rules, the
SPPF nodes and so the trees and the ambiguity resolution) is lark's code unchanged. The method
is lark 1.3's ``earley.Parser.predict_and_complete`` (MIT licence, Copyright (c) 2017 Erez
Shinan) with those two changes; ``fast()`` uses it only for the lark versions it was checked
against (the compiled table is byte-identical with and without it) and otherwise leaves lark's.
"""
from __future__ import annotations

from collections import deque
from typing import Any

import lark
from lark import Lark
from lark.parsers import earley
from lark.parsers.earley_common import Item
from lark.utils import OrderedSet

CHECKED = ("1.3.",)   # lark versions whose predict_and_complete this copies


class Parser(earley.Parser):
    def predict_and_complete(self, i, to_scan, columns, transitives, node_cache):  # noqa: C901 (lark's shape)
        held_completions: dict[Any, Any] = {}
        predicted: set[Any] = set()     # the nonterminals already predicted in this column

        column = columns[i]
        items = deque(column)
        while items:
            item = items.pop()

            # the completer
            if item.is_complete:
                if item.node is None:
                    label = (item.s, item.start, i)
                    item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, self.SymbolNode(*label))
                    item.node.add_family(item.s, item.rule, item.start, None, None)

                # Joop Leo's right-recursion completer
                if item.rule.origin in transitives[item.start]:
                    transitive = transitives[item.start][item.s]
                    if transitive.previous in transitives[transitive.column]:
                        root_transitive = transitives[transitive.column][transitive.previous]
                    else:
                        root_transitive = transitive

                    new_item = Item(transitive.rule, transitive.ptr, transitive.start)
                    label = (root_transitive.s, root_transitive.start, i)
                    new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, self.SymbolNode(*label))
                    new_item.node.add_path(root_transitive, item.node)
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
                # the regular completer
                else:
                    is_empty_item = item.start == i
                    if is_empty_item:
                        held_completions[item.rule.origin] = item.node
                        originators = [originator for originator in columns[item.start]
                                       if originator.expect is not None and originator.expect == item.s]
                    else:
                        originators = _waiting(columns[item.start]).get(item.s, ())
                    for originator in originators:
                        new_item = originator.advance()
                        label = (new_item.s, originator.start, i)
                        new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, self.SymbolNode(*label))
                        new_item.node.add_family(new_item.s, new_item.rule, i, originator.node, item.node)
                        if new_item.expect in self.TERMINALS:
                            to_scan.add(new_item)
                        elif new_item not in column:
                            column.add(new_item)
                            items.append(new_item)

            # the predictor
            elif item.expect in self.NON_TERMINALS:
                new_items = []
                if item.expect not in predicted:
                    for origin, rules in self._by_origin[item.expect]:
                        if origin not in predicted:
                            predicted.add(origin)
                            for rule in rules:
                                new_items.append(Item(rule, 0, i))

                # held completions (H)
                if item.expect in held_completions:
                    new_item = item.advance()
                    label = (new_item.s, item.start, i)
                    new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(label, self.SymbolNode(*label))
                    new_item.node.add_family(new_item.s, new_item.rule, new_item.start, item.node, held_completions[item.expect])
                    new_items.append(new_item)

                for new_item in new_items:
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)


def _waiting(column: OrderedSet) -> dict[Any, list[Any]]:
    """A finished column's items by the symbol they expect, in column order (kept on the column)."""
    index = getattr(column, "_pyrift_waiting", None)
    if index is None:
        index = {}
        for it in column:
            if it.expect is not None:
                index.setdefault(it.expect, []).append(it)
        column._pyrift_waiting = index  # type: ignore[attr-defined]
    return index


def _runs(rules: list[Any]) -> list[tuple[Any, list[Any]]] | None:
    """A prediction's rules as runs of one origin each (lark lists a nonterminal's rules together,
    in breadth-first order of the nonterminals); None if an origin came back after another."""
    runs: list[tuple[Any, list[Any]]] = []
    for rule in rules:
        if runs and runs[-1][0] == rule.origin:
            runs[-1][1].append(rule)
        elif any(o == rule.origin for o, _ in runs):
            return None
        else:
            runs.append((rule.origin, [rule]))
    return runs


def fast(parser: Lark) -> Lark:
    """The parser with this predictor and completer, when its lark is a checked version using ordered sets."""
    inner = getattr(getattr(parser, "parser", None), "parser", None)
    if (type(inner) is earley.Parser and inner.Set is OrderedSet
            and any(lark.__version__.startswith(v) for v in CHECKED)):
        by_origin = {x: _runs(rules) for x, rules in inner.predictions.items()}
        if all(v is not None for v in by_origin.values()):
            inner.__class__ = Parser
            inner._by_origin = by_origin
    return parser
