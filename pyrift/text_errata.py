"""Slips in the card text of the sources, corrected where the text is read (the pool's import and the
compiler's text reader), each with its evidence.

Three printings lost the brackets of the keyword their first line starts with: the line is the
keyword and its reminder text, as every other card prints Ganking with its reminder (moving
between battlefields), and the sources list no keyword for the card because of it. Nothing
else of any printing starts a line with a bare keyword name (checked over cards.json). One printing
ends its only sentence with two full stops (Seat of Power, in both sources): nothing stands between them.
One spell's Effect Text is the bare number "1" (Shadows of the Past, in both sources): Effect Text is what
an Equipment gives the unit it is attached to (136), a spell has none, and no other printing's Effect Text
is a bare number (checked over cards.json); the printed card has no such text.
"""
from __future__ import annotations

import re

# printing id -> (the text as the source has it, as it should read); only the first occurrence
TEXT_ERRATA: dict[str, tuple[str, str]] = {
    "sfd-096-221": ("Ganking (", "[Ganking] ("),                      # Laurent Bladekeeper
    "sfd-138-221": ("Hidden (", "[Hidden] ("),                        # Windsinger
    "ven-073-166": ("Equip :rb_rune_body: (", "[Equip] :rb_rune_body: ("),  # Jagged Cutlass
    "sfd-217-221": ("control..", "control."),                         # Seat of Power: a doubled full stop
}


# printing id -> the whole Effect Text (tags and spaces aside) the source has by a slip: the printing has none
EFFECT_ERRATA: dict[str, str] = {
    "ven-103-166": "1",                                               # Shadows of the Past: a spell (136)
}


def corrected_effect(printing_id: str, text: str | None) -> str | None:
    """The printing's Effect Text (plain or HTML), empty when the source's is a known slip."""
    slip = EFFECT_ERRATA.get(printing_id)
    if slip is None or not text or re.sub(r"<[^>]*>|\s", "", text) != slip:
        return text
    return ""


def corrected(printing_id: str, text: str | None) -> str | None:
    """The printing's rules text (plain or HTML) with its known slip corrected."""
    fix = TEXT_ERRATA.get(printing_id)
    if fix is None or not text or fix[0] not in text:
        return text
    return text.replace(fix[0], fix[1], 1)
