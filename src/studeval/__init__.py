"""studeval: stud poker hand evaluation, equity, table rules and the banked casino game.

>>> import studeval
>>> studeval.describe(studeval.evaluate("As Ad Kc Kd 2h 7s 9c"))
'Two pair, aces and kings'
"""

from studeval.cards import (
    RANKS,
    SUITS,
    card_rank,
    card_suit,
    format_card,
    format_cards,
    full_deck,
    make_card,
    parse_card,
    parse_cards,
)
from studeval.evaluate import (
    HandCategory,
    best_five,
    category,
    describe,
    evaluate,
    evaluate_batch,
    showing_rank,
)

__version__ = "0.1.0"

__all__ = [
    "RANKS",
    "SUITS",
    "HandCategory",
    "__version__",
    "best_five",
    "card_rank",
    "card_suit",
    "category",
    "describe",
    "evaluate",
    "evaluate_batch",
    "format_card",
    "format_cards",
    "full_deck",
    "make_card",
    "parse_card",
    "parse_cards",
    "showing_rank",
]
