"""The deal: what each street deals, and the deck it comes from.

A hand draws its cards from a :class:`Deck` (shuffled, or stacked on top for a scenario) or,
when it replays a hand history, from a :class:`ScriptedDeck`: the cards the history records,
seat by seat, with ``-1`` for a card it hides. Both burn a card before every street but the
first and apply the deck-exhaustion rule of seventh street (R43-R46) the same way; only a real
deck shuffles.

>>> from studeval.game import StudState, Structure
>>> deck = ScriptedDeck([[0, 4, 8], [1, 5, 12]])  # p1 2c 3c 4c (4c up), p2 2d 3d 5c
>>> st = StudState("seven", Structure(1, 2, 5, 10), [50, 50], deck=deck)
>>> format_cards(st.up[0]), st.actor  # the lowest door card brings in
('4c', 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from studeval.cards import CardsLike, format_cards, parse_cards
from studeval.games import Game, get_game

__all__ = ["Deck", "ScriptedDeck", "stacked_deck"]

_SECURE = random.SystemRandom()  # the operating system's source: no state to copy or pickle


def stacked_deck(game: str | Game, streets: Sequence[Sequence[CardsLike]]) -> list[int]:
    """A deck order that deals the given cards, street by street, for a scenario.

    ``streets[k]`` lists, for each player still in the hand on that street (in seat order),
    the cards they get on it: e.g. ``"2c 3c Kh"`` (down, down, up) on third street. The
    function deals them one card at a time round the table as the dealer does, and puts a
    burn card (an unused card) before every street but the first.

    >>> format_cards(stacked_deck("five", [["2c 3c", "4d 5d"], ["6h", "7h"]]))  # As is burnt
    '2c 4d 3c 5d As 6h 7h'
    """
    dealt = get_game(game, stud=True).streets
    if len(streets) > len(dealt):
        raise ValueError(f"{len(streets)} streets of cards: the game deals {len(dealt)}")
    parsed = [[parse_cards(h) for h in street] for street in streets]
    used = {c for street in parsed for h in street for c in h}
    spare = sorted(set(range(52)) - used)
    deck: list[int] = []
    for k, street in enumerate(parsed):
        pattern = dealt[k].up
        for h in street:
            if len(h) != len(pattern):
                raise ValueError(f"{dealt[k].name} deals {len(pattern)} card(s) a player, got {format_cards(h)!r}")
        if k:
            deck.append(spare.pop())
        for p in range(len(pattern)):
            deck.extend(h[p] for h in street)
    return deck


class _CardSource:
    """What both decks share: the burn cards, the count of cards dealt, seventh street."""

    __slots__ = ("burns", "used")

    def __init__(self) -> None:
        self.burns: list[int] = []  # the burnt cards (-1 where a history does not know them)
        self.used = 0  # cards off the deck, burns included (burns shuffled back in count again)

    def draw(self, seat: int, street: str, folded: Sequence[bool]) -> int:
        """The next card for ``seat`` (-1: a burn card, ``len(folded)``: the community card)."""
        raise NotImplementedError

    def burn(self) -> None:
        """Burn a card before a street."""
        self.burns.append(self.draw(-1, "", ()))

    def deal_round(self, seats: Sequence[int], street: str, folded: Sequence[bool]) -> list[int]:
        """One card to each of ``seats`` in turn (one time round the table)."""
        return [self.draw(seat, street, folded) for seat in seats]

    def _reshuffle(self) -> None:
        """Shuffle the burn cards in with the stub (seventh street, a short deck)."""

    def last_street(self, players: int) -> bool:
        """The burn before the last street, or deck exhaustion (R43-R45): True for one
        community card.

        The stub deals each player a card while it can (without a burn card then); else the
        burns are shuffled in with it, if that gives each player a card; else one card is
        turned up for everyone. Only the seven-card games can run out (seventh street with
        eight players); five cards each never do.
        """
        left = 52 - self.used
        if left >= players + 1:
            self.burn()
            return False
        if left >= players:
            return False
        pool_size = len(self.burns) + left
        self._reshuffle()
        self.used -= len(self.burns)
        self.burns = []
        return pool_size < players


class Deck(_CardSource):
    """A deck of 52 cards, shuffled; ``top`` stacks cards on top, in the order they are dealt
    (burn cards included; the rest of the deck follows, shuffled).

    ``rng`` shuffles (None: the operating system's secure source). Without ``top`` the deck
    draws a uniformly random card of those left at each deal instead of shuffling up front.

    >>> d = Deck(random.Random(1), parse_cards("As Kd"))
    >>> format_cards([d.draw(0, "", ()), d.draw(1, "", ())])
    'As Kd'
    """

    __slots__ = ("_cards", "_lazy", "_rng")

    def __init__(self, rng: random.Random | None = None, top: Sequence[int] | None = None) -> None:
        super().__init__()
        self._rng = rng
        self._lazy = top is None
        if top is None:
            self._cards = list(range(52))
        else:
            top = list(top)
            if len(set(top)) != len(top):
                raise ValueError(f"stacked deck has a repeated card: {format_cards(top)!r}")
            rest = sorted(set(range(52)) - set(top))
            (rng or _SECURE).shuffle(rest)
            self._cards = (top + rest)[::-1]  # dealt by pop() from the end

    def __eq__(self, other: object) -> bool:
        """Two decks are equal when they hold the same cards in the same order (the random
        source is not compared)."""
        if not isinstance(other, Deck):
            return NotImplemented
        return (self._cards, self._lazy, self.burns, self.used) == (other._cards, other._lazy, other.burns, other.used)

    __hash__ = None  # type: ignore[assignment]

    @property
    def rng(self) -> random.Random:
        """The random source: the seeded one, else the operating system's secure source."""
        return self._rng or _SECURE

    def draw(self, seat: int, street: str, folded: Sequence[bool]) -> int:
        self.used += 1
        cards = self._cards
        if self._lazy:  # a uniformly random card of those left (partial Fisher-Yates)
            j = int((self._rng or _SECURE).random() * len(cards))
            c = cards[j]
            cards[j] = cards[-1]
            cards.pop()
            return c
        return cards.pop()

    def deal_round(self, seats: Sequence[int], street: str, folded: Sequence[bool]) -> list[int]:
        # draw() for each seat, in one call (the hot path of a deal)
        self.used += len(seats)
        cards = self._cards
        if not self._lazy:
            return [cards.pop() for _ in seats]
        random = (self._rng or _SECURE).random
        dealt = []
        for _ in seats:
            j = int(random() * len(cards))
            dealt.append(cards[j])
            cards[j] = cards[-1]
            cards.pop()
        return dealt

    def _reshuffle(self) -> None:
        pool = self.burns + self._cards
        self.rng.shuffle(pool)
        self._cards = pool


class ScriptedDeck(_CardSource):
    """The deal a hand history records, for a replay: ``hands[i]`` the cards seat ``i`` is
    dealt, in order (-1 for a card the history hides), ``board`` the community card of the
    deck-exhaustion rule, if any. The history does not know its burn cards.

    Two things a history records where the cards alone do not decide: ``bring_in``, the seat
    it has act first (used only when a door card is hidden: then that player brings in,
    unless a known door card must bring in before theirs), and ``shows``, who showed (True)
    or mucked (False) at an automatic showdown. A state deals the script once; afterwards
    :meth:`undealt` names the seats whose cards the hand did not use.

    A card dealt twice, or a folded card dealt again, is a ValueError when it is dealt.

    >>> deck = ScriptedDeck([[0, 4, 8], [1, 5, 12]])
    >>> deck.draw(0, "third street", [False, False]), deck.undealt()
    (0, [0, 1])
    """

    __slots__ = ("_queues", "_seen", "bring_in", "shows")

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        board: Sequence[int] = (),
        *,
        bring_in: int | None = None,
        shows: Mapping[int, bool] | None = None,
    ) -> None:
        super().__init__()
        self._queues = [list(h) for h in hands] + [list(board)]  # seat len(hands): the board
        self._seen: dict[int, int] = {}
        self.bring_in = bring_in
        self.shows = dict(shows or {})

    @property
    def seats(self) -> int:
        """The number of seats the script deals to."""
        return len(self._queues) - 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScriptedDeck):
            return NotImplemented
        mine = (self._queues, self._seen, self.bring_in, self.shows, self.burns, self.used)
        return mine == (other._queues, other._seen, other.bring_in, other.shows, other.burns, other.used)

    __hash__ = None  # type: ignore[assignment]

    def undealt(self) -> list[int]:
        """The seats (``seats``: the board) with cards the hand has not dealt."""
        return [i for i, q in enumerate(self._queues) if q]

    def burn(self) -> None:
        self.used += 1
        self.burns.append(-1)

    def draw(self, seat: int, street: str, folded: Sequence[bool]) -> int:
        self.used += 1
        n = self.seats
        queue = self._queues[seat]
        if not queue:
            who = "community card" if seat == n else f"card to p{seat + 1}"
            raise ValueError(f"the history deals no {who} on {street}")
        c = queue.pop(0)
        if c >= 0:
            prev = self._seen.get(c)
            if prev is not None:
                name = format_cards([c])
                if prev < n and folded[prev]:
                    raise ValueError(
                        f"card {name} dealt to p{seat + 1 if seat < n else 0} was folded by p{prev + 1}: "
                        "folded cards are never dealt again (R46)"
                    )
                raise ValueError(f"card {name} is dealt twice")
            self._seen[c] = seat
        return c

    def last_street(self, players: int) -> bool:
        community = super().last_street(players)
        if community and not self._queues[self.seats]:
            raise ValueError(
                f"deck exhaustion on seventh street with {players} players: the rule (R45) "
                "turns one community card, but the history deals each player a card"
            )
        return community
