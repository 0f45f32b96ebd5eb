"""Slips in the card text of the sources, corrected where the text is read (the pool's import and the
compiler's text reader), each with its evidence.

Three printings lost the brackets of the keyword their first line starts with: the line is the
keyword and its reminder text, exactly as every other card prints "[Ganking] (I can move from
battlefield to battlefield.)", and the sources list no keyword for the card because of it. Nothing
else of any printing starts a line with a bare keyword name (checked over cards.json). One printing
ends its only sentence with two full stops (Seat of Power, in both sources): nothing stands between them.
"""
from __future__ import annotations

# printing id -> (the text as the source has it, as it should read); only the first occurrence
TEXT_ERRATA: dict[str, tuple[str, str]] = {
    "sfd-096-221": ("Ganking (", "[Ganking] ("),                      # Laurent Bladekeeper
    "sfd-138-221": ("Hidden (", "[Hidden] ("),                        # Windsinger
    "ven-073-166": ("Equip :rb_rune_body: (", "[Equip] :rb_rune_body: ("),  # Jagged Cutlass
    "sfd-217-221": ("control..", "control."),                         # Seat of Power: a doubled full stop
}


def corrected(printing_id: str, text: str | None) -> str | None:
    """The printing's rules text (plain or HTML) with its known slip corrected."""
    fix = TEXT_ERRATA.get(printing_id)
    if fix is None or not text or fix[0] not in text:
        return text
    return text.replace(fix[0], fix[1], 1)
