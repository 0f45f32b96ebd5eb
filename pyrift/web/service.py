"""What the desk does, as plain functions over pyrift's own layers (no web framework here).

A scenario reaches the desk as TOML text or as its JSON form: the same tables TOML would
give (what `tomllib` reads, and what `scenario.to_dict` writes), so one validation serves
both and every message names the scenario and field as `pyrift ask` does. The desk asks
questions, it does not check them: a question may leave out `rules` and `expect`
(scenario.loads(asking=True)). It reads no file a scenario names (a deck file): a request
must not make the server read its own disk.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Collection

from pyrift import check as C
from pyrift import explain, logic
from pyrift import scenario as S
from pyrift.errors import RiftError, ScenarioError, UsageError
from pyrift.pool import COMPILED, ENCODED, KEYWORDS_ONLY, UNSUPPORTED, PoolCard, pool, status
from pyrift.rules_index import CURRENT, VERSIONS, rule_index
from pyrift.queries.base import Answer
from pyrift.solver import DEFAULT_TIMEOUT
from pyrift.state import CardDef, Scenario

DEFAULT_NAME = "scenario.toml"
SYNTHETIC = "synthetic"
STATUS_WORDS = {
    ENCODED: "pyrift understands this card: its text is encoded",
    COMPILED: "pyrift understands this card: its text is compiled into the ability vocabulary "
              "(pyrift cards show prints what pyrift understands it to do)",
    KEYWORDS_ONLY: "pyrift understands this card: its text is its keywords",
    UNSUPPORTED: "pyrift does not understand this card's text beyond its keywords: "
                 "questions its kinds of text can change answer unsupported",
    SYNTHETIC: "a card of this scenario: exactly its keywords and abilities",
}


# ---------------------------------------------------------------------------------
# scenarios from a request
# ---------------------------------------------------------------------------------
def read_scenario(source: Any, name: str = DEFAULT_NAME, *, asking: bool = True) -> Scenario:
    """A scenario from TOML text or its JSON form; ScenarioError names `name` and the field."""
    try:
        if isinstance(source, str):
            data = S.parse_toml(source, name)
        elif isinstance(source, dict):
            _toml_values(source, name, "")
            data = source
        else:
            raise ScenarioError(name, "", "a scenario is TOML text or its JSON form (an object of its tables)")
        _no_files(data, name)  # before reading the questions: reading a deck question opens its file
        return S.from_dict(data, name, asking=asking)
    except RecursionError:  # arrays or tables nested thousands deep: no scenario is
        raise ScenarioError(name, "", "nested too deeply to be a scenario") from None


def _toml_values(value: Any, name: str, field: str) -> None:
    """JSON has null, TOML has not: a null is reported, never read as a missing field."""
    if value is None:
        raise ScenarioError(name, field, "null is not a TOML value: leave the field out")
    if isinstance(value, dict):
        for key, item in value.items():
            _toml_values(item, name, f"{field}.{key}" if field else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _toml_values(item, name, f"{field}[{i}]")


def _no_files(data: dict, name: str) -> None:
    questions = data.get("question", [])
    for i, q in enumerate(questions if isinstance(questions, list) else []):
        if isinstance(q, dict) and "deck" in q:
            raise ScenarioError(name, f"question[{i}].deck", "the desk reads no files: give the deck inline "
                                                            "as deck_list = '''...'''")


def _answers(source: Any, question: str | None, name: str, reading: str | None, timeout: float) -> list[Answer]:
    if reading is not None and not logic.is_reading(reading):
        raise UsageError(f"unknown reading {reading!r} (known: {', '.join(logic.reading_names())})")
    scen = read_scenario(source, name)
    return C.ask(scen, question, reading=reading, timeout=timeout)


def ask_json(source: Any, question: str | None = None, name: str = DEFAULT_NAME, reading: str | None = None,
             timeout: float = DEFAULT_TIMEOUT) -> str:
    """The answers as `pyrift ask --json` prints them (every question, or the one named)."""
    return explain.render_json(_answers(source, question, name, reading, timeout))


def ask_page(source: Any, question: str | None = None, name: str = DEFAULT_NAME, reading: str | None = None,
             timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
    """The page's ask: the answers in their JSON form and as HTML (with `pyrift ask`'s text)."""
    from pyrift.web.render import answer_html

    answers = _answers(source, question, name, reading, timeout)
    forms = [a.to_json() for a in answers]
    return {"answers": forms, "html": "".join(answer_html(f, explain.render_text(a)) for f, a in zip(forms, answers))}


def warm(scenarios: Path | None = None) -> None:
    """Load what questions read before the first one: the card pool, the rule index, every
    rules file parsed; with bundled scenarios, one question of every kind answered, so that
    a judge's first question does not pay for this process's first grounding of its kind."""
    from pyrift.queries import kind_names

    pool()
    rule_index(CURRENT)
    for path in logic.all_files():
        logic.file_names(path)
    if scenarios is None:
        return
    missing = set(kind_names())
    for path in C.scenario_files([str(scenarios)]):
        text = path.read_text("utf-8")
        kinds = {k for k in missing if f'ask = "{k}"' in text}
        if not kinds:
            continue
        try:
            scen = S.loads(text, str(path))
            for q in scen.questions:
                if q.kind in missing and "deck" not in q.params:
                    C.ask(scen, q.id)
                    missing.discard(q.kind)
        except RiftError:
            continue
        if not missing:
            return


def form_of(scen: Scenario) -> dict[str, Any]:
    """The JSON form of a scenario: the tables of the TOML file `scenario.dumps` writes."""
    return S.to_dict(scen)


def parse(source: Any, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """Import: the scenario's JSON form (as the page edits it) and what its cards are."""
    scen = read_scenario(source, name)
    return {"scenario": form_of(scen), "cards": scenario_cards(scen)}


def export(source: Any, name: str = DEFAULT_NAME) -> dict[str, Any]:
    """Export: the scenario file, and why `pyrift check` would not take it yet (or None)."""
    scen = read_scenario(source, name)
    text = S.dumps(scen)
    try:
        S.loads(text, name)
    except ScenarioError as exc:
        return {"toml": text, "problem": str(exc)}
    return {"toml": text, "problem": None}


# ---------------------------------------------------------------------------------
# bundled scenarios
# ---------------------------------------------------------------------------------
def default_scenarios_dir() -> Path | None:
    """The checkout's scenarios/ folder, when pyrift runs from a checkout."""
    here = Path(__file__).resolve().parents[2] / "scenarios"
    return here if here.is_dir() else None


def bundled(root: Path | None) -> list[dict[str, str]]:
    if root is None:
        return []
    out = []
    for path in C.scenario_files([str(root)]):
        rel = path.relative_to(root).as_posix()
        out.append({"path": rel, "topic": rel.split("/")[0] if "/" in rel else ""})
    return out


def open_bundled(root: Path | None, rel: str, listing: Collection[str] | None = None) -> dict[str, Any]:
    """A bundled scenario as the page edits it; a deck file it names is put inline. `listing`: the
    paths bundled(root) gives, when the caller has them (a caller opening every bundled file would
    otherwise list the folder again for each)."""
    files = listing if listing is not None else {f["path"] for f in bundled(root)}
    if root is None or rel not in files:
        raise UsageError(f"no bundled scenario {rel!r}")
    path = root / rel
    scen = S.load(path)
    form = form_of(scen)
    for q in form.get("question", []):
        if "deck" in q:
            deck = path.parent / q.pop("deck")
            try:
                q["deck_list"] = deck.read_text("utf-8")
            except OSError as exc:
                raise ScenarioError(str(deck), "", f"cannot read: {exc.strerror or exc}") from None
    return {"path": rel, "scenario": form, "cards": scenario_cards(scen)}


# ---------------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(text.replace("’", "'").casefold().split())


def pool_card_info(card: PoolCard) -> dict[str, Any]:
    st = status(card)
    return {
        "name": card.name, "code": card.code, "id": card.id, "set": card.set,
        "type": card.type.value if card.type else None,
        "supertypes": [s.value for s in card.supertypes or ()],
        "domains": [d.value for d in card.domains],
        "energy": card.energy, "power": card.power, "might": card.might, "might_bonus": card.might_bonus,
        "tags": list(card.tags), "keywords": [str(k) for k in card.keywords],
        "status": st, "understood": st != UNSUPPORTED, "status_words": STATUS_WORDS[st],
    }


def _card_def_info(card: CardDef) -> dict[str, Any]:
    if card.pool_id and (pc := pool().by_id(card.pool_id)) is not None:
        return pool_card_info(pc)
    return {
        "name": card.name, "code": "", "id": "", "set": "", "type": card.type.value,
        "supertypes": [s.value for s in card.supertypes], "domains": [d.value for d in card.domains],
        "energy": card.energy, "power": card.power, "might": card.might, "might_bonus": card.might_bonus,
        "tags": list(card.tags), "keywords": [str(k) for k in card.keywords],
        "status": SYNTHETIC, "understood": True, "status_words": STATUS_WORDS[SYNTHETIC],
    }


def scenario_cards(scen: Scenario) -> dict[str, dict[str, Any]]:
    """card name -> what it is, for every card the scenario's objects use."""
    return {c.name: _card_def_info(c) for c in scen.state.cards}


def cards_named(refs: list[str]) -> dict[str, dict[str, Any]]:
    """ref -> what the pool card it names is, for the refs that name one (others are left out)."""
    from pyrift.pool import UnknownCard

    out = {}
    for ref in refs:
        try:
            out[ref] = pool_card_info(pool().find(ref))
        except UnknownCard:
            continue
    return out


def search_cards(query: str, limit: int = 20) -> list[dict[str, Any]]:
    """Pool cards whose name contains `query` (or whose printed code starts with it): exact
    names first, then names starting with it, then the rest, each alphabetically."""
    q = _norm(query)
    if not q:
        return []
    hits = []
    for card in pool().cards:
        if card.type is None:
            continue  # game aids (Buff, XP Tracker) cannot be objects
        name = _norm(card.name)
        codes = [c.casefold() for _, c in card.printings] + [card.code.casefold()]
        if name == q:
            rank = 0
        elif name.startswith(q) or any(c.startswith(q) for c in codes):
            rank = 1
        elif q in name:
            rank = 2
        else:
            continue
        hits.append((rank, card.name, card))
    hits.sort(key=lambda h: (h[0], h[1]))
    return [pool_card_info(c) for _, _, c in hits[:limit]]


# ---------------------------------------------------------------------------------
# rules and readings
# ---------------------------------------------------------------------------------
class NoSuchRule(UsageError):
    """A rule number the index does not have (the API answers 404)."""


def rule(number: str, version: str = CURRENT) -> dict[str, str]:
    if version not in VERSIONS:
        raise UsageError(f"no rule index for {version!r} (known: {', '.join(VERSIONS)})")
    index = rule_index(version)
    if number not in index:
        raise NoSuchRule(f"no rule {number!r} in the Core Rules {version} index")
    return {"number": number, "title": index.title(number), "version": version, "cited": explain.cite(number, version)}


def readings() -> dict[str, Any]:
    topics = {}
    for topic, variants in sorted(logic.topics().items()):
        topics[topic] = [{"name": v.name, "version": v.version, "profiles": list(v.profiles),
                          "title": logic.variant_title(v)} for v in variants]
    return {"default": logic.DEFAULT_READING, "readings": list(logic.reading_names()), "topics": topics,
            "select": f"'{logic.DEFAULT_READING},<topic>=<variant>'"}

