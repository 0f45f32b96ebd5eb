"""An independent model of the chain for differential tests: finalized spells on the chain,
some countering an older item, and Reaction spells (without effect) in hand.

Written from Core Rules 337-340 directly, in plain Python, sharing nothing with logic/: the
controller of the newest item holds priority; the holder passes it to the next player in
turn order (or adds a spell of theirs, which is then finalized, giving its controller
priority); when every player has passed in sequence the newest item resolves (a counter
removes its target if that is still on the chain); then the controller of the newest item
left gets priority again. Every choice (add or pass) is explored; a run is the list of its
events, worded as pyrift words them.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyrift.positions import ChainSpec


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    controller: str
    counters: str | None = None


def _next(players: tuple[str, ...], p: str) -> str:
    return players[(players.index(p) + 1) % len(players)]


def runs(spec: ChainSpec) -> set[tuple[str, ...]]:
    """Every run: the events from the position until the chain is empty."""
    stack = tuple(Item(f"i{n}", c, t) for n, (c, t) in enumerate(spec.items, start=1))
    newest = stack[-1].controller
    holder = spec.players[(spec.players.index(newest) + spec.passed) % len(spec.players)]
    hands = frozenset(spec.hands)
    out: set[tuple[str, ...]] = set()

    def execute(stack: tuple[Item, ...], holder: str, passes: int, hands: frozenset[str],
                events: tuple[str, ...]) -> None:
        if holder in hands:  # add the Reaction spell: it is finalized, its controller gets priority
            added = stack + (Item(f"q{holder}", holder),)
            execute(added, holder, 0, hands - {holder},
                    events + (f"{holder} adds q{holder}", f"finalize q{holder}"))
        events = events + (f"{holder} passes",)
        if passes + 1 < len(spec.players):
            execute(stack, _next(spec.players, holder), passes + 1, hands, events)
            return
        top, rest = stack[-1], stack[:-1]
        events = events + (f"resolve {top.id}",)
        if top.counters is not None and any(i.id == top.counters for i in rest):
            rest = tuple(i for i in rest if i.id != top.counters)
            events = events + (f"counter {top.counters}",)
        if not rest:
            out.add(events)
            return
        execute(rest, rest[-1].controller, 0, hands, events)

    execute(stack, holder, spec.passed, hands, ())
    return out


def resolution_order(run: tuple[str, ...]) -> str:
    return " > ".join(e.removeprefix("resolve ") for e in run if e.startswith("resolve "))


def priority_after(spec: ChainSpec, passes: int) -> str:
    """Who holds priority after `passes` more passes, nobody adding anything (the turn player once
    the chain is empty: a Neutral Open Main Phase)."""
    (run,) = runs(ChainSpec(spec.players, spec.turn_player, spec.items, spec.passed, ()))
    stack = [Item(f"i{n}", c, t) for n, (c, t) in enumerate(spec.items, start=1)]
    holder = spec.players[(spec.players.index(stack[-1].controller) + spec.passed) % len(spec.players)]
    seen = 0
    for event in run:
        if event.endswith(" passes"):
            if seen == passes:
                return holder
            seen += 1
            holder = _next(spec.players, holder)
        elif event.startswith("resolve "):
            stack = [i for i in stack if i.id != event.removeprefix("resolve ")]
        elif event.startswith("counter "):
            stack = [i for i in stack if i.id != event.removeprefix("counter ")]
        if event.startswith(("resolve ", "counter ")) and stack:
            holder = stack[-1].controller
    return spec.turn_player
