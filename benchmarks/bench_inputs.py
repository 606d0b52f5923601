"""Inputs shared by the benchmarks: the same random hands for every library."""

from __future__ import annotations

from studeval.dealing import random_hands  # one random-hands helper for the package and the benchmarks

__all__ = ["RANKS", "SUITS", "card_text", "random_hands"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_text(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]
