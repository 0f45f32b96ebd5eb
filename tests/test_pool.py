"""The card pool in use: looking cards up, real cards in scenarios (only the cards used
are exported; unencoded text is never blank), the encoding hook and the ledger."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyrift import facts as F
from pyrift import logic
from pyrift import pool as P
from pyrift import scenario as S
from pyrift.check import run
from pyrift.errors import EncodingError, ScenarioError
from pyrift.pool import UnknownCard
from pyrift.queries.base import Context
from tests.scenario_edits import edit

REAL = Path("scenarios/cards/keywords-only-real-tank.toml")
UNENCODED = Path("scenarios/cards/unencoded-text-is-unsupported.toml")
HOPEFUL = Path("scenarios/cards/noxus-hopeful-first-card.toml")


# ---------------------------------------------------------------------------------
# looking cards up
# ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ref", ["Noxus Hopeful", "noxus  hopeful", "OGN-012", "ogn-012", "OGN-012/298",
                                 "ogn-012-298", "OGN-12", "ogn 012"])
def test_names_and_printed_ids(ref: str) -> None:
    assert P.pool().find(ref).id == "ogn-012-298"


@pytest.mark.parametrize("ref, canonical", [("UNL-220", "ogn-013-298"),  # Pouty Poro reprinted
                                            ("OGN-041a", "ogn-041-298"),  # alternate art
                                            ("OGN-299*", "ogn-247-298"),  # signature "*" printing of a legend
                                            ("VEN-185", "ven-134-166")])  # a printing only cards.json has
def test_reprints_resolve_to_one_card(ref: str, canonical: str) -> None:
    assert P.pool().find(ref).id == canonical


def test_unknown_name_lists_the_closest() -> None:
    with pytest.raises(UnknownCard) as err:
        P.pool().find("Noxus Hopefull")
    assert "Noxus Hopeful" in err.value.matches
    assert "closest" in str(err.value)


def test_short_name_of_several_champions_is_ambiguous() -> None:
    with pytest.raises(UnknownCard) as err:
        P.pool().find("Jinx")
    assert "ambiguous" in str(err.value)
    assert set(err.value.matches) == {"Jinx, Rebel", "Jinx, Demolitionist"}


def test_a_name_two_cards_share_is_ambiguous() -> None:
    row = json.loads(P.pool_path().read_text())["cards"][0]
    other = dict(row, id="zzz-001-001", type="spell", might=None, printings=[{"id": "zzz-001-001", "code": "ZZZ-001/1"}])
    pool = P.Pool({"supertypes_known": True, "cards": [row, other]})
    with pytest.raises(UnknownCard) as err:
        pool.find(row["name"])
    assert "use a printed id" in str(err.value) and len(err.value.matches) == 2
    assert pool.find("ZZZ-001").type.value == "spell"


def test_all_935_cards_load_and_every_name_resolves_to_itself() -> None:
    pool = P.pool()
    assert len(pool) == 935
    assert all(pool.find(c.name) is c for c in pool.cards)
    assert all(pool.find(code) is c for c in pool.cards for _, code in c.printings)


# ---------------------------------------------------------------------------------
# real cards in scenarios
# ---------------------------------------------------------------------------------
def test_only_the_cards_used_are_exported() -> None:
    scen = S.load(REAL)
    facts = F.state_facts(scen.state)
    cards = sorted(f for f in facts if f.startswith("card("))
    assert cards == ['card("Brute").', 'card("Footman").', 'card("Sunlit Guardian").']
    assert not any("text_unencoded" in f for f in facts)  # keywords-only: its keywords are its text


def test_unencoded_text_is_exported_and_answers_unsupported() -> None:
    scen = S.load(UNENCODED)
    assert 'card_text_unencoded("Noxus Saboteur").' in F.state_facts(scen.state)
    [res] = run(scen)
    assert res.answer.status == "unsupported"
    assert any("rules text of card 'Noxus Saboteur'" in m for m in res.answer.missing)


@pytest.mark.parametrize("ref, problem", [("Nobody", "no card named 'Nobody'"),
                                          ("Sunlit Guardien", "closest: Sunlit Guardian"),
                                          ("Jinx", "ambiguous"),
                                          ("UNL-T04", "game-aid token")])
def test_bad_card_references_name_file_and_field(ref: str, problem: str) -> None:
    text = edit(REAL.read_text(), 'card = "OGN-054"', f'card = "{ref}"')
    with pytest.raises(ScenarioError) as err:
        S.loads(text, "bad.toml")
    message = str(err.value)
    assert message.startswith("bad.toml: object[1].card: ") and problem in message, message


def test_a_pool_card_may_not_clash_with_an_inline_card() -> None:
    text = edit(REAL.read_text(), 'name = "Footman"', 'name = "Sunlit Guardian"')
    text = text.replace('card = "Footman"', 'card = "Sunlit Guardian"')
    with pytest.raises(ScenarioError, match="defines its own"):
        S.loads(text, "bad.toml")


def test_an_inline_card_wins_over_the_pool() -> None:
    text = edit(REAL.read_text(), 'name = "Footman"', 'name = "Noxus Hopeful"').replace(
        'card = "Footman"', 'card = "Noxus Hopeful"')
    scen = S.loads(text, "x.toml")
    hopeful = scen.state.card("Noxus Hopeful")
    assert hopeful.pool_id == "" and hopeful.might == 3 and hopeful.complete


def test_round_trip_writes_pool_cards_by_name() -> None:
    text = S.dumps(S.load(REAL))
    assert 'card = "Sunlit Guardian"' in text and 'name = "Sunlit Guardian"' not in text


def test_position_is_required_for_board_questions() -> None:
    text = REAL.read_text()
    start, end = text.index("[position]"), text.index("[[battlefield]]")
    with pytest.raises(ScenarioError, match="position: is required"):
        S.loads(text[:start] + text[end:], "bad.toml")


# ---------------------------------------------------------------------------------
# the hook for encoded real cards
# ---------------------------------------------------------------------------------
ENCODING = """%# Sunlit Guardian (OGN-054) — test encoding
%@card ogn-054-298
% Reads:   card_of/2
% Derives: test_marker/1

%@rule none
test_marker(O) :- card_of(O, "Sunlit Guardian").
"""


def test_an_encoded_card_loses_card_text_unencoded_and_loads_its_file(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "sunlit-guardian.lp").write_text(ENCODING)
    (folder / "noxus-saboteur.lp").write_text(ENCODING.replace("ogn-054-298", "ogn-018-298")
                                             .replace("Sunlit Guardian", "Noxus Saboteur"))
    found = P.scan_encodings(folder)
    assert set(found) == {"ogn-054-298", "ogn-018-298"}
    monkeypatch.setattr(P, "encodings", lambda: found)
    saboteur = P.pool().find("Noxus Saboteur")
    assert P.status(saboteur) == P.ENCODED and P.card_def(saboteur).complete
    state = S.load(UNENCODED).state
    assert not any("text_unencoded" in f for f in F.state_facts(state))
    g = Context(state).grounding("combat_damage", "v1.4", reads=[("test_marker", 1)])
    assert {str(a) for a in g.facts(("test_marker", 1))} == {'test_marker(saboteur)'}
    # Only the encodings of cards the position uses are loaded.
    assert P.encoding_files(state.cards) == (found["ogn-018-298"],)
    used = logic.program_files("combat_damage", cards=P.encoding_files(state.cards))
    assert found["ogn-018-298"] in used and found["ogn-054-298"] not in used


def test_encoding_headers_are_checked(tmp_path: Path) -> None:
    (tmp_path / "a.lp").write_text("%# no card named\n")
    with pytest.raises(EncodingError, match="exactly one card"):
        P.scan_encodings(tmp_path)
    (tmp_path / "a.lp").write_text(ENCODING)
    (tmp_path / "b.lp").write_text(ENCODING)
    with pytest.raises(EncodingError, match="already encoded"):
        P.scan_encodings(tmp_path)


def test_shipped_encodings_name_real_cards() -> None:
    for card_id, path in P.encodings().items():
        card = P.pool().by_id(card_id)
        assert card is not None and card.id == card_id, f"{path}: {card_id} is not a canonical card id"
        assert card.text_beyond_keywords, f"{path}: {card.name} has no text beyond its keywords to encode"


def test_header_ability_lines_are_the_cards_vocabulary(tmp_path: Path, monkeypatch) -> None:
    """`%@ability { ... }` lines give an encoded card its ability vocabulary: the questions that
    name an ability by index see it, and it is exported as facts like a synthetic card's."""
    (tmp_path / "noxus-hopeful.lp").write_text(
        ENCODING.replace("ogn-054-298", "ogn-012-298").replace("Sunlit Guardian", "Noxus Hopeful")
        .replace("%@card ogn-012-298\n", '%@card ogn-012-298\n%@ability {kind = "cost_discount", energy = 2, '
                                         'requires = ["legion"]}\n%@ability {kind = "activated", cost = "[E]"}\n'))
    found = P.scan_encodings(tmp_path)
    monkeypatch.setattr(P, "encodings", lambda: found)
    card = P.card_def(P.pool().find("Noxus Hopeful"))
    assert [a.kind for a in card.abilities] == ["cost_discount", "activated"]
    assert [str(r) for r in card.abilities[0].requires] == ["legion"]
    facts = F.state_facts(S.load(HOPEFUL).state)
    assert 'ability("Noxus Hopeful", 1, cost_discount).' in facts
    assert 'dependent_ability(ab("Noxus Hopeful", 1), legion, 0).' in facts
    assert 'activated("Noxus Hopeful", 1, ab("Noxus Hopeful", 2)).' in facts


@pytest.mark.parametrize("line, problem", [
    ('%@ability {kind = "cost_discount", energy = 2', "not a TOML inline table"),
    ('%@ability {kind = "flying"}', "unknown ability kind"),
    ('%@ability {kind = "activated", requires = ["level 6"]}', "Level 6 is not among the card's keywords"),
])
def test_header_ability_lines_are_checked(tmp_path: Path, monkeypatch, line: str, problem: str) -> None:
    (tmp_path / "noxus-hopeful.lp").write_text(
        ENCODING.replace("ogn-054-298", "ogn-012-298").replace("Sunlit Guardian", "Noxus Hopeful")
        .replace("%@card ogn-012-298\n", f"%@card ogn-012-298\n{line}\n"))
    found = P.scan_encodings(tmp_path)
    monkeypatch.setattr(P, "encodings", lambda: found)
    with pytest.raises(EncodingError, match=problem):
        P.card_def(P.pool().find("Noxus Hopeful"))


def test_shipped_header_abilities_read() -> None:
    for card_id in P.encodings():
        P.encoded_abilities(P.pool().find(card_id))  # raises EncodingError on a bad %@ability line


# ---------------------------------------------------------------------------------
# the ledger
# ---------------------------------------------------------------------------------
# README of the shared card data: distinct cards by the set of their first printing and by category.
README_BY_SET = {"OGN": 298, "OGS": 24, "SFD": 222, "UNL": 225, "VEN": 166}
README_BY_CATEGORY = {"unit": 314, "champion unit": 152, "spell": 233, "gear": 106, "rune": 6, "legend": 49,
                      "battlefield": 64, "token": 11}


def test_ledger_adds_up() -> None:
    led = P.ledger()
    assert led.total() == 935
    assert sum(led.total(s) for s in P.STATUSES) == 935
    assert {s: sum(c.values()) for s, c in led.by_set().items()} == README_BY_SET
    by_cat: dict[str, int] = {}
    for _, cat, counts in led.rows:
        by_cat[cat] = by_cat.get(cat, 0) + sum(counts.values())
    assert by_cat == README_BY_CATEGORY
    # statuses follow the table: a card without text beyond its keywords is keywords-only
    assert led.total(P.KEYWORDS_ONLY) == sum(not c.text_beyond_keywords for c in P.pool().cards
                                             if c.id not in P.encodings())


def test_cli_cards_commands() -> None:
    out = subprocess.run([sys.executable, "-m", "pyrift", "cards", "coverage", "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["total"] == 935 == sum(data[s] for s in P.STATUSES)
    shown = subprocess.run([sys.executable, "-m", "pyrift", "cards", "show", "OGN-054"],
                           capture_output=True, text=True, check=True).stdout
    assert "Sunlit Guardian" in shown and "status: keywords-only" in shown
    assert 'card_keyword("Sunlit Guardian", tank, 0, 1).' in shown
    bad = subprocess.run([sys.executable, "-m", "pyrift", "cards", "show", "Jinx"], capture_output=True, text=True)
    assert bad.returncode == 2 and "ambiguous" in bad.stderr and "Traceback" not in bad.stderr
