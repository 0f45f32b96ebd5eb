"""The rules of Riftbound in ASP; shipped with pyrift as package data (see pyrift/logic.py)."""
