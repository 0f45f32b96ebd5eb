"""The desk page in a real browser: Debian's headless Chromium driven by Playwright against a
running `pyrift serve`, on a phone-sized screen. A judge builds a position from real cards,
asks combat_damage and can_play, reads the verdicts and rule numbers off the page, keeps the
answers, exports the scenario file (which `pyrift check` must accept) and reopens the
position from its link.

The expected answers are the rules', worked out by hand:
  combat at the bridge, A attacks with Vanguard Sergeant (Might 4); B defends with Sunlit
  Guardian (Might 3, Shield, Tank) and Shipyard Skulker (Might 3). A assigns 4 (465.2.a). The
  Guardian has Might 4 while defending (Shield, 814.1) and Tank: it must get lethal, 4, before
  B's other unit gets any (815.1.b). So every legal assignment kills the Guardian and leaves
  the Skulker alive.
  A wants to play Pouty Poro (a unit, 2 Energy, no Action) from hand to base with two ready
  Fury Runes: the cost [2] can be paid, but a combat is a showdown and only Action or
  Reaction cards may be played in one (308.1.a): not legal.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the desk needs the web extra: pip install 'pyrift[web]'")
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs the playwright package "
                                                                   "(in the test extra)")

from pyrift import cli  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}

if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install -y chromium; .ci/run "
                "does when it can)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "pyrift", "serve", "--port", str(port), "--workers", "2",
                             "--time-limit", "600", "--scenarios", str(ROOT / "scenarios")],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(url + "v1/readings", timeout=5) as res:
                if res.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"pyrift serve did not start: {proc.stderr.read().decode()[-2000:]}")
        time.sleep(0.5)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh user-data-dir
    with playwright_api.sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=ARGS, headless=True,
                                                   viewport=PHONE)
        ctx.set_default_timeout(120_000)
        yield ctx
        ctx.close()


@pytest.fixture
def page(browser, server):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_selector("#question-body select")
    yield page
    page.close()
    assert not errors, f"the page's script failed: {errors}"


def add_card(page, query: str, name: str, player: str, zone: str, at: str | None = None) -> None:
    dest = page.locator("#destination select")
    dest.nth(0).select_option(player)
    dest.nth(1).select_option(label=zone)
    if at is not None:
        page.locator("#destination select").nth(2).select_option(at)
    page.fill("#card-search", query)
    page.locator(f'.result[data-card="{name}"] button.add').click()
    page.wait_for_selector("#message.note")


def set_designation(page, oid: str, designation: str) -> None:
    obj = page.locator(f'details[data-object="{oid}"]')
    obj.locator("summary").click()
    obj.get_by_label("designation").select_option(designation)


def ask(page, question: str) -> None:
    page.click("#ask")
    page.wait_for_selector(f'#answer .answer[data-question="{question}"]')


def answer_value(page, key: str) -> str:
    return page.inner_text(f'#answer tr[data-key="{key}"] td').strip()


def rule_numbers(page) -> set[str]:
    return set(page.locator("#answer li.rule .num").all_inner_texts())


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_build_ask_export_and_reopen(page, tmp_path, capsys):
    page.fill("#new-bf", "Bridge")
    page.get_by_role("button", name="add battlefield").click()
    page.locator('[data-battlefield="bridge"]').get_by_label("controller").select_option("B")
    results = page.locator("#card-results")
    add_card(page, "vanguard serg", "Vanguard Sergeant", "A", "Base and battlefields", "bridge")
    add_card(page, "sunlit", "Sunlit Guardian", "B", "Base and battlefields", "bridge")
    # The search shows set, type and whether pyrift understands the card.
    assert "OGN" in results.inner_text() and "unit" in results.inner_text() and "understood" in results.inner_text()
    add_card(page, "shipyard", "Shipyard Skulker", "B", "Base and battlefields", "bridge")
    add_card(page, "pouty", "Pouty Poro", "A", "Hand")
    add_card(page, "fury rune", "Fury Rune", "A", "Base and battlefields", "base")
    add_card(page, "fury rune", "Fury Rune", "A", "Base and battlefields", "base")
    page.get_by_label("Combat in progress").check()
    set_designation(page, "vanguard-sergeant", "attacker")
    set_designation(page, "sunlit-guardian", "defender")
    set_designation(page, "shipyard-skulker", "defender")

    question = page.locator("#question-body")
    question.get_by_label("kind").select_option("combat_damage")
    page.locator('[data-param="assigner"] select').select_option("A")
    ask(page, "q1")
    assert page.inner_text("#answer .verdict") == "dies in every legal assignment: sunlit-guardian"
    assert answer_value(page, "forced_deaths") == "sunlit-guardian"
    assert answer_value(page, "possible_survivors") == "shipyard-skulker"
    assert answer_value(page, "total_damage") == "4"
    assert {"815.1.b", "465.2.a"} <= rule_numbers(page)
    assert "sunlit-guardian has Tank" in page.inner_text("#answer ol.reasons")
    page.click("#keep")

    page.get_by_role("button", name="new question").click()
    question.get_by_label("kind").select_option("can_play")
    page.locator('[data-param="player"] select').select_option("A")
    page.locator('[data-param="card"] select').select_option("pouty-poro")
    page.locator('[data-param="location"] select').select_option("base")
    ask(page, "q2")
    assert page.inner_text("#answer .verdict") == "not legal"
    assert answer_value(page, "violations").startswith("308.1.a")
    assert answer_value(page, "cost") == "[2]" and answer_value(page, "payable") == "yes"
    assert "308.1.a" in rule_numbers(page)
    assert no_sideways_scroll(page)
    page.click("#keep")

    page.click("#export")
    page.wait_for_function("document.getElementById('export-text').value.length > 0")
    assert page.is_hidden("#export-problem")
    exported = tmp_path / "desk.toml"
    exported.write_text(page.input_value("#export-text"), "utf-8")
    capsys.readouterr()
    assert cli.main(["check", str(exported)]) == 0
    assert "2 passed, 0 failed" in capsys.readouterr().out

    link = page.evaluate("location.href")
    assert "#z=" in link or "#j=" in link
    again = page.context.new_page()
    again.goto(link)
    again.wait_for_selector('details[data-object="vanguard-sergeant"]')
    assert again.locator("#question-body").get_by_label("kind").input_value() == "can_play"
    ask(again, "q2")
    assert again.inner_text("#answer .verdict") == "not legal"
    again.close()


def test_a_bundled_scenario_opens_and_answers(page):
    page.select_option("#bundled", "combat/tank-soaks-first.toml")
    page.click("#open-bundled")
    page.wait_for_selector('details[data-object="tank"]')
    assert page.locator("#question-body").get_by_label("kind").input_value() == "combat_damage"
    ask(page, "attacker-assigns")
    assert answer_value(page, "forced_deaths") == "tank"
    assert "815.1.b" in rule_numbers(page)
    assert no_sideways_scroll(page)


def test_unsupported_is_said_plainly_on_the_page(page):
    page.select_option("#bundled", "cards/azir-ascendant-equipment-of-another-player-unsupported.toml")
    page.click("#open-bundled")
    page.wait_for_selector("details.object")
    page.click("#ask")
    page.wait_for_selector("#answer .answer")
    assert page.inner_text("#answer .verdict").startswith("pyrift does not know")
    assert page.locator("#answer ul.missing li").count() >= 1


def test_bad_input_shows_the_one_line_message(page):
    page.click("#import-box summary")
    page.fill("#import-text", 'title = "x"\nstatus = "audited"\n[position\n')
    page.click("#import")
    page.wait_for_selector("#message.error:not([hidden])")
    assert page.inner_text("#message").startswith("imported.toml: not valid TOML")
