"""studeval: stud poker hand evaluation, equity, table rules and the banked casino game.

>>> import studeval
>>> studeval.describe(studeval.evaluate("As Ad Kc Kd 2h 7s 9c"))
'Two pair, aces and kings'

The evaluator loads with the package; equity, the table rules (``studeval.game``) and the
banked casino game (``studeval.caribbean``) load on first use, so ``import studeval`` stays
cheap for those who only evaluate hands.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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
    BEST_VALUE,
    CATEGORY_FIRST_VALUE,
    KINDS,
    STUD_GAMES,
    THREAD_LIMIT,
    HandCategory,
    best_five,
    best_five_low,
    best_five_low27,
    bring_in_card,
    category,
    check_threads,
    describe,
    describe_low,
    describe_low27,
    evaluate,
    evaluate_batch,
    evaluate_low,
    evaluate_low8,
    evaluate_low27,
    max_threads,
    showing_rank,
    showing_rank_low,
    showing_rank_low27,
    simd_path,
    simd_paths,
)

if TYPE_CHECKING:
    from studeval import caribbean, game
    from studeval.equity import EquityResult, HiLoResult, equity_batch, equity_table, holdem_equity, stud_equity

__version__ = "0.1.0"

# name -> module that defines it, imported on first access (PEP 562)
_LAZY = {
    "stud_equity": "studeval.equity",
    "holdem_equity": "studeval.equity",
    "EquityResult": "studeval.equity",
    "HiLoResult": "studeval.equity",
    "equity_table": "studeval.equity",
    "equity_batch": "studeval.equity",
    "game": "studeval.game",
    "caribbean": "studeval.caribbean",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        value = module if module.__name__ == f"studeval.{name}" else getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'studeval' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "BEST_VALUE",
    "CATEGORY_FIRST_VALUE",
    "EquityResult",
    "HiLoResult",
    "KINDS",
    "RANKS",
    "STUD_GAMES",
    "SUITS",
    "THREAD_LIMIT",
    "HandCategory",
    "__version__",
    "best_five",
    "best_five_low",
    "best_five_low27",
    "bring_in_card",
    "card_rank",
    "caribbean",
    "card_suit",
    "category",
    "check_threads",
    "describe",
    "describe_low",
    "describe_low27",
    "equity_batch",
    "equity_table",
    "evaluate",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_low8",
    "evaluate_low27",
    "format_card",
    "format_cards",
    "full_deck",
    "game",
    "holdem_equity",
    "make_card",
    "max_threads",
    "parse_card",
    "parse_cards",
    "showing_rank",
    "showing_rank_low",
    "showing_rank_low27",
    "simd_path",
    "simd_paths",
    "stud_equity",
]
