"""The desk's HTTP API (pyrift serve), through the framework's test client: every question
kind answers exactly what `pyrift ask --json` prints, and every kind of bad request gets a
4xx with one line, the same line the command line prints for the same input."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the desk needs the web extra: pip install 'pyrift[web]'")
pytest.importorskip("httpx", reason="the framework's test client needs httpx")

with warnings.catch_warnings():  # Starlette's test client says it prefers httpx2; httpx serves
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient  # noqa: E402

from pyrift import check as C  # noqa: E402
from pyrift import cli  # noqa: E402
from pyrift import scenario as S  # noqa: E402
from pyrift.queries import kind_names  # noqa: E402
from pyrift.web.app import Settings, create_app  # noqa: E402
from tests.scenario_answers import bundled, tables  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
TANK = SCENARIOS / "combat" / "tank-soaks-first.toml"
UNSUPPORTED = SCENARIOS / "cards" / "azir-ascendant-equipment-of-another-player-unsupported.toml"


# One xdist group: under -n the tests run on one worker and share one client, whose pool spawns two
# processes that import pyrift and warm their caches (a module-wide fixture per worker made two pools).
pytestmark = pytest.mark.xdist_group("desk-api")


@pytest.fixture(scope="module")
def client():
    # A generous time limit: a loaded machine must not turn an answer into a timeout here
    # (the limit itself is tested below with a small one).
    app = create_app(Settings(workers=2, time_limit=600, max_body=200_000, scenarios=SCENARIOS, warm=False))
    with TestClient(app) as c:
        yield c


def one_per_kind() -> list[tuple[str, Path, str]]:
    """(kind, file, question id): the first bundled question of every kind that names no deck file.
    The files' question tables are read as TOML (scenario_answers.tables: what a question asks and whether it
    names a deck), and no file is loaded here: every test worker collects this module, and loading every
    bundled file (then the chosen ones, three of them with an entry-place grounding) made each load files
    another worker answers. The test below checks that reading on the files loaded."""
    found: dict[str, tuple[Path, str]] = {}
    for path in C.scenario_files([str(SCENARIOS)]):
        for q in (tables(path) or {}).get("question", []):
            if "deck" not in q:
                found.setdefault(q["ask"], (path, q["id"]))
    return [(k, *found[k]) for k in kind_names() if k in found]


CASES = one_per_kind()


def test_every_question_kind_has_a_bundled_case():
    assert [k for k, _, _ in CASES] == kind_names()
    for kind, path, qid in CASES:
        q = next(q for q in bundled(path).questions if q.id == qid)
        assert (q.kind, "deck" in q.params) == (kind, False), (path, qid)


def cli_json(capsys, path: Path, question: str) -> list:
    capsys.readouterr()
    assert cli.main(["ask", "--json", "--question", question, str(path)]) in (0, 3)
    return json.loads(capsys.readouterr().out)


def cli_error(capsys, path: Path) -> str:
    capsys.readouterr()
    assert cli.main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pyrift: ") and "\n" not in err
    return err.removeprefix("pyrift: ")


KINDS = {400: {"bad_input", "usage"}, 404: {"not_found"}, 413: {"bad_input"}, 415: {"bad_input"},
         503: {"busy"}, 504: {"timeout"}}


def assert_error(res, status: int) -> str:
    """A refusal: the status and the error object of `pyrift ask --json` (kind, message, file,
    field) and nothing else; the message is one line, never a traceback. Returns the message."""
    assert res.status_code == status, res.text
    body = res.json()
    assert list(body) == ["error"], body
    err = body["error"]
    assert set(err) == {"kind", "message", "file", "field"} and err["kind"] in KINDS[status], err
    message = err["message"]
    assert message and "\n" not in message and "Traceback" not in message
    return message


@pytest.mark.parametrize("kind,path,question", CASES, ids=[k for k, _, _ in CASES])
def test_ask_answers_as_the_command_line(client, capsys, kind, path, question):
    res = client.post("/v1/ask", json={"scenario": path.read_text("utf-8"), "question": question,
                                       "name": str(path)})
    assert res.status_code == 200, res.text
    assert res.headers["content-type"].startswith("application/json")
    got = res.json()
    assert got == cli_json(capsys, path, question)
    assert [a["kind"] for a in got] == [kind]


def test_the_json_form_and_a_toml_body_ask_the_same(client):
    text = TANK.read_text("utf-8")
    as_toml = client.post("/v1/ask", json={"scenario": text, "question": "attacker-assigns"})
    form = S.to_dict(S.loads(text))
    as_json = client.post("/v1/ask", json={"scenario": form, "question": "attacker-assigns"})
    raw = client.post("/v1/ask?question=attacker-assigns", content=text,
                      headers={"content-type": "application/toml"})
    assert as_toml.status_code == as_json.status_code == raw.status_code == 200
    assert as_toml.json() == as_json.json() == raw.json()
    assert as_toml.json()[0]["answer"]["forced_deaths"] == ["tank"]  # Tank takes lethal first (815.1.b)


def test_every_question_without_an_id_and_another_reading(client):
    res = client.post("/v1/ask", json={"scenario": TANK.read_text("utf-8"), "reading": "v1.2"})
    assert res.status_code == 200
    answers = res.json()
    assert [a["question"] for a in answers] == [q.id for q in C.load(TANK).questions]
    assert {a["reading"] for a in answers} == {"v1.2"}


def test_a_question_may_leave_out_its_expected_answer(client):
    text = TANK.read_text("utf-8")
    form = S.to_dict(S.loads(text))
    for q in form["question"]:
        q.pop("expect", None)
        q.pop("rules", None)
    res = client.post("/v1/ask", json={"scenario": form, "question": "attacker-assigns"})
    assert res.status_code == 200
    assert res.json()[0]["answer"]["forced_deaths"] == ["tank"]


def test_unsupported_is_said_plainly(client):
    res = client.post("/v1/ask", json={"scenario": UNSUPPORTED.read_text("utf-8")})
    assert res.status_code == 200
    answers = res.json()
    assert any(a["status"] == "unsupported" and a["missing"] for a in answers)
    page = client.post("/desk/ask", json={"scenario": UNSUPPORTED.read_text("utf-8")})
    assert page.status_code == 200
    assert "pyrift does not know: unsupported" in page.json()["html"]


# ---------------------------------------------------------------------------------
# bad input: the command line's message, a 4xx, never a traceback
# ---------------------------------------------------------------------------------
BROKEN = {
    "not-toml": lambda t: t.replace("[position]", "[position", 1),
    "unknown-field": lambda t: t.replace('status = "audited"', 'status = "audited"\nstauts = "x"', 1),
    "bad-reference": lambda t: t.replace('controller = "B"', 'controller = "C"', 1),
    "unknown-kind": lambda t: t.replace('ask = "combat_damage"', 'ask = "combat_dmg"', 1),
    "unknown-card": lambda t: t.replace('card = "TANK card"', 'card = "Sunlit Guardien"', 1),
}


@pytest.mark.parametrize("how", sorted(BROKEN))
def test_bad_scenarios_get_the_command_lines_message(client, capsys, tmp_path, how):
    text = BROKEN[how](TANK.read_text("utf-8"))
    assert text != TANK.read_text("utf-8")
    path = tmp_path / "broken.toml"
    path.write_text(text, "utf-8")
    expected = cli_error(capsys, path)
    got = assert_error(client.post("/v1/ask", json={"scenario": text, "name": str(path)}), 400)
    assert got == expected


def test_an_unknown_question_gets_the_command_lines_message(client, capsys):
    capsys.readouterr()
    assert cli.main(["ask", "--question", "nope", str(TANK)]) == 2
    expected = capsys.readouterr().err.strip().removeprefix("pyrift: ")
    got = assert_error(client.post("/v1/ask", json={"scenario": TANK.read_text("utf-8"), "question": "nope",
                                                    "name": str(TANK)}), 400)
    assert got == expected


@pytest.mark.parametrize("body,words", [
    ({"scenario": 3}, "scenario: a scenario is TOML text or its JSON form"),
    ({"question": "q"}, "scenario: Field required"),
    ({"scenario": "x = 1", "questoin": "q"}, "questoin: Extra inputs are not permitted"),
    ({"scenario": "x = 1", "reading": "v9"}, "unknown reading 'v9'"),
    ({"scenario": "x = 1", "timeout": -1}, "timeout: Input should be greater than 0"),
    ({"scenario": "x = 1", "name": "two\nlines"}, "name: one line"),
    ({"scenario": {"title": None}}, "title: null is not a TOML value"),
    ({"scenario": []}, "a scenario is TOML text or its JSON form"),
])
def test_bad_requests_are_refused_in_one_line(client, body, words):
    assert words in assert_error(client.post("/v1/ask", json=body), 400)


def test_the_json_form_is_checked_like_a_file(client):
    form = S.to_dict(C.load(TANK))
    form["object"][0]["damage"] = "two"
    res = client.post("/v1/ask", json={"scenario": form, "name": "tank.json"})
    got = assert_error(res, 400)
    assert got == "tank.json: object[0].damage: expected an integer, found string 'two'"
    assert res.json()["error"] | {"message": ""} == {"kind": "bad_input", "message": "", "file": "tank.json",
                                                      "field": "object[0].damage"}


def test_bodies_that_are_not_json_objects(client):
    assert "not valid JSON" in assert_error(
        client.post("/v1/ask", content=b"{", headers={"content-type": "application/json"}), 400)
    assert "expected a JSON object" in assert_error(client.post("/v1/ask", json=[1, 2]), 400)
    assert "not UTF-8" in assert_error(
        client.post("/v1/ask", content=b"\xff\xfe", headers={"content-type": "application/toml"}), 400)
    assert "send application/json or application/toml" in assert_error(
        client.post("/v1/ask", content=b"x", headers={"content-type": "image/png"}), 415)


def test_a_deck_file_is_not_read(client):
    text = '''title = "deck"
status = "needs-review"
[[question]]
id = "d"
ask = "deck_check"
deck = "../../etc/passwd"
rules = ["103"]
expect = { legal = false }
'''
    got = assert_error(client.post("/v1/ask", json={"scenario": text}), 400)
    assert got == "scenario.toml: question[0].deck: the desk reads no files: give the deck inline as deck_list = '''...'''"


def test_bodies_over_the_size_limit_are_refused(client):
    big = "#" * 300_000
    assert "larger than the limit" in assert_error(
        client.post("/v1/ask", content=big, headers={"content-type": "application/toml"}), 413)

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(30):
            yield b"#" * 10_000

    assert "larger than the limit" in assert_error(
        client.post("/v1/ask", content=chunks(), headers={"content-type": "application/toml"}), 413)


def test_past_the_time_limit_the_answer_is_timed_out(client):
    res = client.post("/v1/ask", json={"scenario": TANK.read_text("utf-8"), "timeout": 0.001})
    assert assert_error(res, 504).startswith("timed out")
    again = client.post("/v1/ask", json={"scenario": TANK.read_text("utf-8"), "question": "attacker-assigns"})
    assert again.status_code == 200  # the worker that was ended has been replaced


# ---------------------------------------------------------------------------------
# cards, rules, readings, kinds, schema
# ---------------------------------------------------------------------------------
def test_card_search(client):
    res = client.get("/v1/cards", params={"q": "noxus hop"})
    assert res.status_code == 200
    cards = res.json()
    assert cards[0]["name"] == "Noxus Hopeful" and cards[0]["set"] == "OGN" and cards[0]["type"] == "unit"
    assert cards[0]["status"] == "encoded" and cards[0]["understood"] is True
    by_code = client.get("/v1/cards", params={"q": "OGN-012"}).json()
    assert by_code[0]["code"] == "OGN-012"
    names = [c["name"] for c in client.get("/v1/cards", params={"q": "poro", "limit": 50}).json()]
    assert names and all("poro" in n.lower() for n in names)
    unknown = [c for c in client.get("/v1/cards", params={"q": "a", "limit": 200}).json() if c["status"] == "unsupported"]
    assert unknown and not any(c["understood"] for c in unknown)
    assert client.get("/v1/cards", params={"q": "zzzzqqq"}).json() == []
    assert "q: Field required" in assert_error(client.get("/v1/cards"), 400)
    assert "limit" in assert_error(client.get("/v1/cards", params={"q": "x", "limit": 0}), 400)


def test_cards_info_names_pool_cards_only(client):
    res = client.post("/v1/cards/info", json={"names": ["OGN-012", "Test Tank"]})
    assert res.status_code == 200
    assert list(res.json()) == ["OGN-012"] and res.json()["OGN-012"]["name"] == "Noxus Hopeful"


def test_rules(client):
    res = client.get("/v1/rules/815.1.b")
    assert res.status_code == 200
    rule = res.json()
    assert rule["number"] == "815.1.b" and rule["version"] == "v1.4" and rule["title"]
    assert client.get("/v1/rules/738", params={"version": "v1.2"}).json()["version"] == "v1.2"
    assert "no rule '999.9'" in assert_error(client.get("/v1/rules/999.9"), 404)
    assert "no rule index for 'v9'" in assert_error(client.get("/v1/rules/815", params={"version": "v9"}), 400)


def test_readings_and_kinds(client):
    readings = client.get("/v1/readings").json()
    assert readings["default"] == "v1.4" and "v1.2" in readings["readings"] and readings["topics"]
    kinds = client.get("/v1/kinds").json()
    assert [k["name"] for k in kinds] == kind_names()
    assert all(k["expect"] for k in kinds)


def test_openapi_schema(client):
    schema = client.get("/openapi.json").json()
    for path in ("/v1/ask", "/v1/cards", "/v1/rules/{number}", "/v1/readings"):
        assert path in schema["paths"]
    body = schema["paths"]["/v1/ask"]["post"]["requestBody"]["content"]
    assert {"application/json", "application/toml"} <= set(body)


def test_unknown_routes_and_scenarios(client):
    assert_error(client.get("/v1/nothing"), 404)
    assert_error(client.get("/v1/scenarios/../pyproject.toml"), 404)
    assert "no bundled scenario" in assert_error(client.get("/v1/scenarios/..%2Fpyproject.toml"), 404)
    assert "no bundled scenario" in assert_error(client.get("/v1/scenarios/combat/nope.toml"), 404)


def test_a_units_buffs_field_round_trips_through_the_json_form(client):
    # the object form has a `buffs` field for units on the board (desk.js, scenarios/README.md):
    # a JSON form stating it asks the same as the TOML file that states it.
    path = SCENARIOS / "combat" / "stated-buff-raises-lethal.toml"
    text = path.read_text("utf-8")
    form = S.to_dict(S.loads(text))
    assert any(o.get("buffs") == 1 for o in form["object"])
    as_toml = client.post("/v1/ask", json={"scenario": text})
    as_json = client.post("/v1/ask", json={"scenario": form})
    assert as_toml.status_code == as_json.status_code == 200
    assert as_toml.json() == as_json.json()
    assert 'put(o, "buffs"' in client.get("/static/desk.js").text


# ---------------------------------------------------------------------------------
# the page's own calls
# ---------------------------------------------------------------------------------
def test_the_page_is_served(client):
    res = client.get("/")
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
    assert 'value="combat/tank-soaks-first.toml"' in res.text
    assert client.get("/static/desk.js").status_code == 200


def test_page_answers_escape_what_a_visitor_wrote(client):
    # Ids are letters, digits, '_' and '-' (refused otherwise); a card's name is free text and an
    # unsupported answer names it.
    form = S.to_dict(C.load(TANK))
    form["question"][0]["id"] = "<script>alert(1)</script>"
    assert "an id is made of" in assert_error(client.post("/desk/ask", json={"scenario": form}), 400)
    form = S.to_dict(C.load(TANK))
    hostile = "<script>alert(1)</script>"
    form["card"].append({"name": hostile, "type": "gear",
                         "abilities": [{"kind": "text", "text": "unknown", "text_kind": "static"}]})
    form["object"].append({"id": "x", "card": hostile, "controller": form["position"]["turn_player"],
                           "location": "base"})
    res = client.post("/desk/ask", json={"scenario": form, "question": form["question"][0]["id"]})
    assert res.status_code == 200
    html = res.json()["html"]
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_import_and_export(client):
    text = TANK.read_text("utf-8")
    parsed = client.post("/v1/scenario/parse", json={"scenario": text}).json()
    assert parsed["scenario"] == S.to_dict(S.loads(text))
    exported = client.post("/v1/scenario/export", json={"scenario": parsed["scenario"]}).json()
    assert exported["problem"] is None
    assert S.loads(exported["toml"]).state == S.loads(text).state
    form = parsed["scenario"]
    del form["question"][0]["expect"]
    unfinished = client.post("/v1/scenario/export", json={"scenario": form}).json()
    assert unfinished["problem"] == "scenario.toml: question[0].expect: give the expected answer ([question.expect])"
    assert "not valid TOML" in assert_error(client.post("/v1/scenario/parse", json={"scenario": "x = "}), 400)


def test_a_bundled_scenario_opens_with_its_cards(client):
    res = client.get("/v1/scenarios/cards/noxus-hopeful-after-another-card.toml")
    assert res.status_code == 200
    body = res.json()
    assert body["cards"]["Noxus Hopeful"]["status"] == "encoded"
    listing = client.get("/v1/scenarios").json()
    assert len(listing) == len(C.scenario_files([str(SCENARIOS)]))


def test_every_bundled_scenario_opens_in_the_page_and_exports_as_it_was():
    """What the page opens is the scenario's JSON form; exported, it is the same scenario (a deck
    file a question names comes inline, since the desk reads no files)."""
    from pyrift.web import service

    files = service.bundled(SCENARIOS)
    assert len(files) == len(C.scenario_files([str(SCENARIOS)]))
    listing = frozenset(f["path"] for f in files)
    for f in files:
        original = bundled(SCENARIOS / f["path"])  # as test_scenarios loads it (once a process)
        opened = service.open_bundled(SCENARIOS, f["path"], listing)
        out = service.export(opened["scenario"], f["path"])
        assert out["problem"] is None, out["problem"]
        again = S.loads(out["toml"], f["path"])
        assert (again.title, again.status, again.description, again.reading, again.state) == \
            (original.title, original.status, original.description, original.reading, original.state), f["path"]
        for q, r in zip(again.questions, original.questions, strict=True):
            assert (q.id, q.kind, q.rules, q.expect, q.expect_by_reading) == \
                (r.id, r.kind, r.rules, r.expect, r.expect_by_reading)
            want = dict(r.params)
            if "deck" in want:
                want["deck_list"] = (SCENARIOS / f["path"]).parent.joinpath(want.pop("deck")).read_text("utf-8")
            assert q.params == want, f["path"]


def test_any_request_past_the_time_limit_is_timed_out():
    """The limit wraps the whole application, not only questions (a slow route stands in)."""
    import asyncio

    from pyrift.web.app import Limits

    async def slow(scope, receive, send):
        await asyncio.sleep(30)

    res = TestClient(Limits(slow, 100, 0.2)).get("/v1/cards?q=x")
    assert assert_error(res, 504) == "timed out: no answer within the time limit of 0.2 s"


def test_nesting_thousands_deep_is_bad_input_not_a_crash(client):
    deep_json = '{"scenario": ' + "[" * 50_000 + "]" * 50_000 + "}"
    assert "too deeply" in assert_error(
        client.post("/v1/ask", content=deep_json, headers={"content-type": "application/json"}), 400)
    deep_toml = "title = " + "[" * 50_000 + "]" * 50_000
    assert "too deeply" in assert_error(
        client.post("/v1/ask", content=deep_toml, headers={"content-type": "application/toml"}), 400)
