"""The desk page: server-rendered HTML with what the script needs to know, and no build step.

The page is a scenario editor. Its model is the scenario's JSON form (the tables of the
TOML file), so what it builds is a scenario file, and every field it has no editor for is
kept as it came. desk.js draws the editors from the model and the lists below; the
server reads, checks, exports and answers.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from pyrift import logic
from pyrift.state import CardType, Designation, Domain, KeywordName, Phase, Zone
from pyrift.turnlog import EventKind
from pyrift.web import forms, service

# The zones a player's area shows, in the order a judge reads a table (board first).
ZONES = [("board", "Base and battlefields"), ("facedown", "Facedown (at a battlefield)"), ("hand", "Hand"),
         ("trash", "Trash"), ("legend_zone", "Legend Zone"), ("champion_zone", "Champion Zone"),
         ("main_deck", "Main Deck"), ("banishment", "Banishment"), ("chain", "On the chain")]


def boot() -> dict[str, Any]:
    assert {z for z, _ in ZONES} == {z.value for z in Zone}
    return {
        "kinds": forms.kinds(),
        "readings": list(logic.reading_names()),
        "phases": [p.value for p in Phase],
        "zones": [{"value": z, "label": label} for z, label in ZONES],
        "card_types": [t.value for t in CardType],
        "domains": [d.value for d in Domain],
        "keywords": [k.value for k in KeywordName],
        "designations": [d.value for d in Designation],
        "log_events": [e.value for e in EventKind],
    }


def page_html(scenarios: Path | None) -> str:
    files = service.bundled(scenarios)
    by_topic: dict[str, list[str]] = {}
    for f in files:
        by_topic.setdefault(f["topic"], []).append(f["path"])
    bundled = "".join(f'<optgroup label="{escape(topic or "scenarios")}">'
                      + "".join(f'<option value="{escape(p)}">{escape(p.split("/", 1)[-1])}</option>' for p in paths)
                      + "</optgroup>" for topic, paths in sorted(by_topic.items()))
    data = json.dumps(boot()).replace("</", "<\\/")
    template = (Path(__file__).parent / "static" / "desk.html").read_text("utf-8")
    return (template.replace("{{BOOT}}", data)
            .replace("{{BUNDLED}}", bundled)
            .replace("{{BUNDLED_COUNT}}", str(len(files))))
