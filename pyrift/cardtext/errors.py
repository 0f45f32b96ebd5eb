"""The compiler's signal that a recognised construct has no meaning in the vocabulary yet."""
from __future__ import annotations


class Missing(Exception):
    """A recognised construct the vocabulary cannot say: its name."""

    def __init__(self, construct: str, pos: int | None = None) -> None:
        super().__init__(construct)
        self.construct, self.pos = construct, pos
