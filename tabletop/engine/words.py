"""Counts with their noun in the right number, for the log lines the rules still write in English.

"1 card", "3 cards", never the count with a bracketed "s". The structured-event renderer of the contract issue will
replace these sentences with templates per language; until then this is the one place that
knows how an English count reads.
"""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "card")`` → "1 card"; ``count(3, "card")`` → "3 cards"; an irregular plural
    is passed as ``plural``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
