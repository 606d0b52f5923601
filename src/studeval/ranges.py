"""Ranges: what a player's hole cards may be, written inside the player's text.

A player given to :func:`studeval.equity.stud_equity` (or to ``studeval equity``) as text may
start with a range in square brackets; the cards after it are the player's known cards, the up
cards, and the first of them is the door card. The range says what the hole cards -- the
cards dealt face down on the first street: two in seven card stud, razz and stud8, one in five card stud --
may be (as many as the game's first street deals down: :attr:`studeval.games.Game.hole`).
Later cards come from the deck as for any player.

    ``"[KK, QQ+] Kc"``           a pair of kings, or queens or better, in the hole; Kc up
    ``"[split, flush3:0.5] Kc"`` a king in the hole with the Kc, or three clubs (half as often)

The same ranges, without up cards, are hold'em hands for :func:`studeval.equity.holdem_equity`
(``"[QQ+, AKs]"``: a range is both hole cards), in the notation hold'em tools take.

A range is a comma-separated list of items, in ASCII (a suit may also be its symbol, black or
white: ``A\u2660K\u2660``); each item is a hand or a class,
optionally followed by ``:weight`` (a finite number >= 0; default 1; weights are ratios, so
``KK:1e308, QQ:1e308`` is ``KK, QQ``). Hands:

* cards, two for seven card stud and one for five card stud, each a rank and a suit, where
  the suit ``x`` (or ``*``, or no suit at all) means any suit and the rank ``x`` any rank:
  ``AsKd``, ``As Kd``, ``Kx Kx`` or ``KK`` (a pair of kings), ``AK`` (ace-king, any suits),
  ``A x`` or ``Ax xx`` (an ace with anything), ``xs xs`` (two spades), ``xx xx``
  (anything);
* ``AKs`` and ``AKo``: suited and offsuit, as poker players write them (for the ace and the
  king of spades write ``A Ks``);
* ``QQ+``: a pair of queens or better in the hole; ``KTs+``: the second card up to one
  below the first (``KTs, KJs, KQs``); ``22-77`` and ``A5s-A2s``: spans;
* ``20%`` (hold'em only: a stud range refuses it): the best starting hands of hold'em, each
  whole, until their combinations reach 20% of the 1,326, in the order of
  :data:`studeval.starting_hands.STARTING_HANDS` (all-in equity against one random hand).

Classes (they look at the door card, so the player must show one):

* ``pair``: any pair in the hole; ``split``: one hole card pairs the door card (in five card
  stud: the hole card does); ``rolled``: both do (rolled-up trips);
* ``flush3``: both hole cards of the door card's suit; ``straight3``: the hole cards and the
  door card are three different ranks within five in a row (the ace high or low);
* ``any``: every hand.

Each combination of cards is a hand; when items share a hand, the later item's weight wins
(``"[pair, KK:2]"``: every pair, the kings twice as likely). Cards that are visible anywhere
or dead are removed when the equity is computed, so each remaining hand is dealt with its
weight in proportion -- a pair of kings with one king showing has three combinations left.

>>> r = parse_range("KK, QQ+")
>>> len(r.combos), sorted(set(r.weights))
(18, [1.0])
>>> len(parse_range("AKs").combos), len(parse_range("AKo").combos), len(parse_range("Kx Kx").combos)
(4, 12, 6)
>>> len(parse_range("A5s-A2s, KTs+, 22-77").combos), len(parse_range("20%").combos)
(64, 276)
>>> r, up = parse_player("[split, flush3:0.5] Kc")    # 3 x 48 kings, C(12, 2) clubs
>>> up, len(r.combos)
([44], 210)
>>> parse_player("[KK] Kc")[0].live({47})          # Ks visible: Kd Kh is all that is left
[((45, 46), 1.0)]
>>> parse_range("KQJ")
Traceback (most recent call last):
...
ValueError: range item 'KQJ': 3 cards, seven card stud has 2 hole cards
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from studeval.cards import RANKS, SUIT_SYMBOLS, SUITS, format_cards, parse_cards
from studeval.games import get_game
from studeval.starting_hands import STARTING_HANDS

__all__ = ["CLASSES", "HoleRange", "format_player", "hole_cards", "parse_player", "parse_range"]

#: The class words a range understands.
CLASSES = ("any", "pair", "split", "rolled", "flush3", "straight3")
_RANK_CHARS = {c: i for i, c in enumerate(RANKS)}
# ASCII only (see _check_ascii): Unicode case folding would read the Kelvin sign as K and
# the long s as s
# A starting hand as hold'em players write it: two ranks and ``s`` (suited) or ``o`` (offsuit)
# or neither; then ``+`` (a pair and the pairs above it, or the second card up to one below
# the first: KTs+ is KTs, KJs, KQs), or ``-`` and a second hand of the same kind (a span).
_START = r"([2-9TJQKA])([2-9TJQKA])([so]?)"
_STARTING = re.compile(rf"{_START}(\+?)", re.IGNORECASE | re.ASCII)
_SPAN = re.compile(rf"{_START}\s*-\s*{_START}", re.IGNORECASE | re.ASCII)
# ``20%``: the best starting hands by STARTING_HANDS' order, 20% of the 1,326 combinations
_PERCENT = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*%", re.ASCII)
# a suit symbol (and an emoji presentation selector after it) stands for its letter
_SYMBOL = re.compile(f"([{''.join(SUIT_SYMBOLS)}])[\ufe0e\ufe0f]?")


def hole_cards(game: str) -> int:
    """How many hole cards a range describes in a game (the registry's
    :attr:`~studeval.games.Game.hole`; :func:`~studeval.games.get_game`'s check of the name).

    >>> hole_cards("seven"), hole_cards("five")
    (2, 1)
    """
    return get_game(game).hole


@dataclass(frozen=True)
class HoleRange:
    """A range: hands of hole cards (sorted tuples of card ints) and their weights (> 0)."""

    text: str
    combos: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]

    def live(self, visible: set[int] | frozenset[int]) -> list[tuple[tuple[int, ...], float]]:
        """The hands that hold no visible or dead card, with their weights.

        >>> parse_range("AA").live({48, 49, 50})
        []
        """
        return [(c, w) for c, w in zip(self.combos, self.weights, strict=True) if not visible.intersection(c)]


def _ascii(text: str) -> str:
    """The text with each suit symbol as its letter; then it must be ASCII, as cards are: a
    look-alike (the Kelvin sign, the long s, an Arabic-Indic digit) is refused, naming it,
    rather than read as the letter or digit."""
    text = _SYMBOL.sub(lambda m: SUIT_SYMBOLS[m.group(1)], text)
    _check_ascii(text)
    return text


def _check_ascii(text: str) -> None:
    if not text.isascii():
        at, ch = next((i, c) for i, c in enumerate(text, 1) if not c.isascii())
        raise ValueError(
            f"{ch!r} (U+{ord(ch):04X}, character {at}) is not ASCII: cards and ranges are written in ASCII"
            " (and the suit symbols)"
        )


def _weight(item: str, text: str) -> float:
    try:
        w = float(text)
    except ValueError:
        raise ValueError(f"range item {item!r}: the weight {text!r} is not a number") from None
    if not math.isfinite(w) or w < 0:
        raise ValueError(f"range item {item!r}: the weight {text!r} must be a number >= 0")
    return w


def _card_patterns(item: str, hand: str) -> list[tuple[int | None, int | None]]:
    """(rank or None, suit or None) for each card of a hand written as cards."""
    out: list[tuple[int | None, int | None]] = []
    i, n = 0, len(hand)
    while i < n:
        ch = hand[i]
        if ch.isspace():
            i += 1
            continue
        if hand.startswith("10", i):
            rank: int | None = _RANK_CHARS["T"]
            i += 2
        elif ch.upper() in _RANK_CHARS:
            rank = _RANK_CHARS[ch.upper()]
            i += 1
        elif ch in "xX*":
            rank = None
            i += 1
        else:
            raise ValueError(f"range item {item!r}: {ch!r} is not a rank, a suit, a class or a weight")
        suit: int | None = None
        if i < n and hand[i].lower() in SUITS:
            suit = SUITS.index(hand[i].lower())
            i += 1
        elif i < n and hand[i] in "xX*":
            i += 1
        out.append((rank, suit))
    return out


def _matches(pattern: tuple[int | None, int | None]) -> list[int]:
    rank, suit = pattern
    return [c for c in range(52) if (rank is None or c >> 2 == rank) and (suit is None or c & 3 == suit)]


def _straight3(ranks: list[int]) -> bool:
    if len(set(ranks)) != len(ranks):
        return False
    return any(max(lows) - min(lows) <= 4 for lows in (ranks, [-1 if r == 12 else r for r in ranks]))


def _class_hands(item: str, word: str, hole: int, door: int | None) -> list[tuple[int, ...]]:
    deck = [c for c in range(52) if c != door]
    hands: list[tuple[int, ...]] = [(a, b) for a in deck for b in deck if a < b] if hole == 2 else [(a,) for a in deck]
    if word == "any":
        return hands
    if word in ("pair", "rolled", "flush3", "straight3") and hole != 2:
        raise ValueError(f"range item {item!r}: {word!r} needs two hole cards (seven card stud)")
    if word == "pair":
        return [h for h in hands if h[0] >> 2 == h[1] >> 2]
    if door is None:
        raise ValueError(f"range item {item!r}: {word!r} looks at the door card, but the player shows no up card")
    dr, ds = door >> 2, door & 3
    if word == "split":
        return [h for h in hands if sum(c >> 2 == dr for c in h) == 1]
    if word == "rolled":
        return [h for h in hands if all(c >> 2 == dr for c in h)]
    if word == "flush3":
        return [h for h in hands if all(c & 3 == ds for c in h)]
    return [h for h in hands if _straight3([c >> 2 for c in h] + [dr])]


def _starting_hands(item: str, hand: str) -> list[tuple[int, int, str]] | None:
    """The starting hands (high rank, low rank, "s", "o" or "") that ``AKs``, ``QQ+``,
    ``KTo+``, ``22-77`` or ``A5s-A2s`` stand for; None if ``hand`` is not written so."""
    one = _STARTING.fullmatch(hand)
    span = _SPAN.fullmatch(hand)
    if one is None and span is None:
        return None
    parts = [span.groups()[:3], span.groups()[3:]] if span else [one.groups()[:3]] if one else []
    hands = []
    for r1, r2, kind in parts:
        a, b = _RANK_CHARS[r1.upper()], _RANK_CHARS[r2.upper()]
        hands.append((max(a, b), min(a, b), kind.lower()))
    for high, low, kind in hands:
        if high == low and kind:
            raise ValueError(f"range item {item!r}: a pair cannot be suited or offsuit")
    (high, low, kind), *other = hands
    if one is not None and one.group(4):  # plus
        top = 13 if high == low else high
        return [(r, r, kind) if high == low else (high, r, kind) for r in range(low, top)]
    if one is not None:
        return hands
    (high2, low2, kind2) = other[0]
    if high == low and high2 == low2:
        return [(r, r, "") for r in range(min(high, high2), max(high, high2) + 1)]
    if high != high2 or kind != kind2 or high == low or high2 == low2:
        raise ValueError(
            f"range item {item!r}: a span joins two pairs (22-77) or two hands with the same top card and kind (A5s-A2s)"
        )
    return [(high, r, kind) for r in range(min(low, low2), max(low, low2) + 1)]


def _best_hands(item: str, percent: float) -> list[tuple[int, ...]]:
    """The best starting hands by :data:`studeval.starting_hands.STARTING_HANDS` (all-in
    equity against a random hand, PokerStove's order), each whole, until their combinations
    reach ``percent`` of the 1,326."""
    if not 0 < percent <= 100:
        raise ValueError(f"range item {item!r}: a percentage of hands is above 0 and at most 100")
    out: list[tuple[int, ...]] = []
    for name, _ in STARTING_HANDS:
        if len(out) >= percent / 100 * 1326:
            break
        starting = _starting_hands(item, name)
        assert starting is not None
        out += [combo for high, low, kind in starting for combo in _starting_combos(high, low, kind)]
    return out


def _starting_combos(high: int, low: int, kind: str) -> list[tuple[int, ...]]:
    """The combinations of one starting hand: 6 for a pair, 4 suited, 12 offsuit, 16 both."""
    cards = [(4 * high + s1, 4 * low + s2) for s1 in range(4) for s2 in range(4)]
    if high == low:
        return [(b, a) for a, b in cards if b < a]
    return [(b, a) for a, b in cards if kind == "" or ((a & 3) == (b & 3)) == (kind == "s")]


def _hands(item: str, hand: str, hole: int, door: int | None, percent_ok: bool) -> list[tuple[int, ...]]:
    word = hand.lower()
    if word in CLASSES:
        return _class_hands(item, word, hole, door)
    percent = _PERCENT.fullmatch(hand)
    if percent:
        if not percent_ok:
            raise ValueError(
                f"range item {item!r}: a percentage of starting hands is a hold'em range (hold'em's order of"
                " starting hands); a stud range names hands and classes, e.g. [QQ+, pair]"
            )
        if hole != 2:
            raise ValueError(f"range item {item!r}: a percentage of starting hands needs two hole cards")
        return _best_hands(item, float(percent.group(1)))
    starting = _starting_hands(item, hand)
    if starting is not None:
        if hole != 2:
            raise ValueError(f"range item {item!r}: {hand!r} needs two hole cards (seven card stud, hold'em)")
        return [combo for r1, r2, kind in starting for combo in _starting_combos(r1, r2, kind)]
    patterns = _card_patterns(item, hand)
    if len(patterns) != hole:
        game = "seven card stud" if hole == 2 else "five card stud"
        raise ValueError(f"range item {item!r}: {len(patterns)} cards, {game} has {hole} hole card{'s' * (hole > 1)}")
    if hole == 1:
        return [(c,) for c in _matches(patterns[0])]
    return [(a, b) if a < b else (b, a) for a in _matches(patterns[0]) for b in _matches(patterns[1]) if a != b]


def parse_range(text: str, *, hole: int = 2, door: int | None = None) -> HoleRange:
    """A range from its text (without the brackets): ``hole`` hole cards, ``door`` the door card
    (an int) if the player shows one; every form, percentages too (:func:`parse_player` takes
    the forms of a game). Raises ValueError naming the bad item.

    >>> r = parse_range("pair, KK:2")
    >>> len(r.combos), max(r.weights)
    (78, 2.0)
    >>> parse_range("split", door=parse_cards("Kc")[0]).combos[:2]
    ((0, 45), (0, 46))
    """
    return _parse_range(text, hole=hole, door=door, percent_ok=True)


def _parse_range(text: str, *, hole: int, door: int | None, percent_ok: bool) -> HoleRange:
    if not isinstance(text, str):
        raise TypeError(f"a range is text, got {text!r}")
    text = _ascii(text)
    if hole not in (1, 2):
        raise ValueError(f"a range describes 1 or 2 hole cards, not {hole}")
    weights: dict[tuple[int, ...], float] = {}
    items = text.split(",")
    if not text.strip():
        raise ValueError("empty range: give at least one hand or class, e.g. [KK, QQ+]")
    for raw in items:
        item = raw.strip()
        if not item:
            raise ValueError(f"empty item in the range {text!r}")
        hand, weight = item, 1.0
        if ":" in item:
            hand, w = item.rsplit(":", 1)
            hand = hand.strip()
            weight = _weight(item, w.strip())
        for combo in _hands(item, hand, hole, door, percent_ok):
            weights.pop(combo, None)  # a later item wins, and orders the hand last
            weights[combo] = weight
    kept = sorted((c, w) for c, w in weights.items() if w > 0)
    if door is not None:
        kept = [(c, w) for c, w in kept if door not in c]
    if not kept:
        raise ValueError(f"the range {text!r} holds no hand with a weight above 0")
    return HoleRange(text=text.strip(), combos=tuple(c for c, _ in kept), weights=tuple(w for _, w in kept))


def parse_player(text: str, *, game: str = "seven") -> tuple[HoleRange | None, list[int]]:
    """A player's text: (the range of the hole cards or None, the known cards), in the range
    forms ``game`` takes (a stud game: no percentages of hold'em's starting hands).

    Without brackets the whole text is the player's known cards, as before.

    >>> r, up = parse_player("[AA:2, KK] 7c 2d")
    >>> format_cards(up), len(r.combos)
    ('7c 2d', 12)
    >>> parse_player("As Ah Kd")
    (None, [51, 50, 45])
    """
    found = get_game(game)
    if not isinstance(text, str):
        raise TypeError(f"a player is text, got {text!r}")
    text = _ascii(text)
    s = text.strip()
    if not s.startswith("["):
        if "[" in s or "]" in s:
            raise ValueError(f"a range goes first, in brackets: {text!r}")
        return None, parse_cards(s)
    end = s.find("]")
    if end < 0:
        raise ValueError(f"unclosed '[' in {text!r}")
    cards = parse_cards(s[end + 1 :])
    door = cards[0] if cards else None
    return _parse_range(s[1:end], hole=found.hole, door=door, percent_ok=not found.stud), cards


def format_player(text: str, *, game: str = "seven") -> str:
    """A player's text in a standard form, for display: the range as written, then the cards.

    >>> format_player("[kk,  QQ+]kc 7D")
    '[kk, QQ+] Kc 7d'
    >>> format_player("as ah kd")
    'As Ah Kd'
    """
    hole_range, cards = parse_player(text, game=game)
    shown = format_cards(cards)
    if hole_range is None:
        return shown
    items = ", ".join(item.strip() for item in hole_range.text.split(","))
    return f"[{items}] {shown}".rstrip()
