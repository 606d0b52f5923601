"""Many heads-up late-street match-ups in one call: cards in an int array, exact counts out.

:func:`equity_batch` is the entry point for millions of small questions (every street of every
hand of a site's histories): no parsing, planning or result object per match-up, the rows
counted by compiled code without the GIL, on threads.

>>> import numpy as np
>>> from studeval.cards import parse_cards
>>> hands = np.array([[parse_cards("As Ah Kd 2c 3c 4d"), parse_cards("Qc Qd 7s 7h 8h 9h")]], dtype=np.int8)
>>> counts = equity_batch(hands)
>>> counts[0].tolist()
[[1560, 2520, 630, 0], [1560, 3720, 930, 0]]
>>> (counts[..., 1] / (4 * counts[..., 0])).round(4).tolist()
[[0.4038, 0.5962]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from studeval import _matchups
from studeval.cards import CardsLike
from studeval.equity.deal import parse_named, stud_game
from studeval.games import Game

__all__ = ["BATCH_COLUMNS", "BATCH_HILO_COLUMNS", "BATCH_MAX_DRAWS", "MAX_BATCH", "equity_batch"]

#: The columns of a match-up's counts, per player, in a game with one winner per pot: the
#: deals, the pot share summed over them in quarters of a pot, the deals won alone, the deals
#: split.
BATCH_COLUMNS: tuple[str, ...] = _matchups.COLUMNS
#: ... in a hi-lo game: the deals, the pot share in quarters, the deals scooped (the whole pot
#: alone), the high half (or the whole pot when nobody has a low) won or shared, the low half
#: won or shared, and the deals where nobody has a qualifying low (the same for both players).
BATCH_HILO_COLUMNS: tuple[str, ...] = _matchups.HILO_COLUMNS
#: The most cards a player of a match-up may still draw (fifth street on in the seven-card
#: games, third street on in five card stud).
BATCH_MAX_DRAWS: int = _matchups.MAX_DRAWS
#: The most match-ups one call takes (its output is 64 or 96 bytes a match-up: two players'
#: 4 or 6 int64 counts; 640 MB or 960 MB at the limit).
MAX_BATCH = 10_000_000


def equity_batch(
    hands: np.ndarray[Any, Any],
    *,
    game: str | Game = "seven",
    dead: CardsLike = (),
    threads: int | None = None,
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Exact heads-up counts of many stud match-ups on late streets, one row of ``hands`` each.

    ``hands`` is an integer array (int8 or int16; any integer dtype is taken) of shape
    ``(n, 2, k)``: row i holds the two players' known cards, ``k`` entries each (at most the
    cards ``game`` deals), a card 0..51 or -1 for a card still to come; each player draws the
    rest of their hand from the live deck (the 52 cards less both hands and ``dead``), at most
    :data:`BATCH_MAX_DRAWS` cards. The deals are those of :func:`stud_equity` for the same
    players, and the counts equal its figures times its deals.

    Returns an int64 array of shape ``(n, 2, 4)``, per player the :data:`BATCH_COLUMNS`
    (deals, share, win, tie), or in a hi-lo game ``(n, 2, 6)``, the
    :data:`BATCH_HILO_COLUMNS` (deals, share, scoop, high, low, no_low). The pot share is in
    quarters, so the equities are ``counts[..., 1] / (4 * counts[..., 0])``.

    Every row is checked before any is counted, in one pass: a card outside -1..51, a card held
    twice or also dead, too many cards to draw raise ValueError naming the row; so many dead
    cards that the deck runs short of both hands (the community card rule of
    :func:`stud_equity`) raise ValueError for the call. The rows are
    counted without the GIL on ``threads`` threads (None: every core, when the work is worth
    it). At most :data:`MAX_BATCH` rows.

    >>> import numpy as np
    >>> from studeval.cards import parse_cards
    >>> from studeval.equity import stud_equity
    >>> a, b = parse_cards("As Ah Kd 2c 3c"), parse_cards("Qs Qh 7s 7d 8d")
    >>> counts = equity_batch(np.array([[a + [-1, -1], b + [-1, -1]]], dtype=np.int8), game="stud8")
    >>> counts[0].tolist()
    [[671580, 1313476, 288925, 288925, 88920, 582660], [671580, 1372844, 303767, 382655, 0, 582660]]
    >>> r = stud_equity([a, b], game="stud8")
    >>> r.deals, [round(s * r.deals) for s in r.scoop], round(r.no_low * r.deals)
    (671580, [288925, 303767], 582660)
    """
    found = stud_game(game)
    if isinstance(hands, np.ma.MaskedArray) or not isinstance(hands, np.ndarray):
        raise TypeError(f"hands must be a numpy array of card ints (int8 or int16), got {type(hands).__name__}")
    if not np.issubdtype(hands.dtype, np.integer):
        raise TypeError(f"hands must be an array of ints (int8 or int16), got dtype {hands.dtype}")
    if hands.ndim != 3 or hands.shape[1] != 2 or not 1 <= hands.shape[2] <= found.cards:
        raise ValueError(
            f"hands must have shape (n, 2, k) with k from 1 to {found.cards} (heads-up match-ups of {found.title}), "
            f"got {hands.shape}"
        )
    if len(hands) > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH:,} match-ups a call, got {len(hands):,}")
    dead_cards = parse_named(dead, "dead cards")
    # the two hands draw what they lack from the cards neither holds nor is dead: 52 - dead
    # must cover both whole hands, whatever the row (else the community card rule applies)
    if len(hands) and 52 - len(dead_cards) < 2 * found.cards:
        raise ValueError(
            f"{len(dead_cards)} dead cards leave too few live cards for two players' {found.cards} cards: "
            "the deck runs short, which stud_equity answers with a community card"
        )
    if len(hands) and (hands.min() < -1 or hands.max() > 51):
        bad = int(np.flatnonzero(((hands < -1) | (hands > 51)).any(axis=(1, 2)))[0])
        raise ValueError(f"row {bad}: {hands[bad].tolist()} holds a value that is neither a card 0..51 nor -1")
    rows = np.ascontiguousarray(hands, dtype=np.int8)
    codes = found.pot_codes
    low = codes[1] if found.hilo else None
    return _matchups.headsup_batch(rows, dead_cards, found.cards, codes[0], low, threads)
