"""The fixed-limit stud state machine: Seven Card Stud and Five Card Stud, 2-8 players.

Seats are numbered from the dealer's left (seat 0 = ``p1`` in hand histories); the dealer
deals clockwise, so "closest to the dealer's left" means the lowest seat number. A hand runs
on its own from the antes to the payouts; the only inputs are the players' actions (and
time-outs). Every action is validated before anything changes, so a refused action leaves
the state exactly as it was.

>>> from studeval.game import StudState, Structure
>>> s = Structure(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> st = StudState("seven", s, [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s  2d 3h Ks")
>>> st.actor, [(a.kind, a.to) for a in st.legal_actions()]
(0, [('bring_in', 2), ('complete', 5)])
>>> st.act("bring_in"); st.act("call"); st.act("fold")
>>> st.street_name, st.actor
('fourth street', 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from studeval._core import evaluate
from studeval.cards import CardsLike, format_cards, parse_cards
from studeval.evaluate import showing_rank
from studeval.game.events import (
    ActionKind,
    BoardCard,
    Deal,
    Event,
    EventTag,
    Played,
    Shown,
    TimeOut,
    TimeOutResult,
)
from studeval.game.pots import ODD_CHIP_RULES, Pot, award, side_pots, uncalled_bet
from studeval.game.structure import Structure

__all__ = [
    "ACTION_KINDS",
    "DEALS",
    "GAMES",
    "STREET_NAMES",
    "TIE_RULES",
    "Action",
    "StudState",
    "TableView",
    "stacked_deck",
]

K = ActionKind
FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = K.FOLD, K.CHECK, K.CALL, K.BRING_IN, K.COMPLETE, K.BET, K.RAISE
SHOW, MUCK = K.SHOW, K.MUCK
#: Every action a player can take, in poker terms (string enums: ``ACTION_KINDS[0] == "fold"``).
ACTION_KINDS = tuple(ActionKind)
_KIND_OF: dict[str, ActionKind] = {str(k): k for k in ActionKind}
#: The two games.
GAMES = ("seven", "five")
#: Who acts first when showing hands tie on later streets: "dealer_left" (000, 003; default)
#: or "suits" (001: compare suits, spades high).
TIE_RULES = ("dealer_left", "suits")

#: Cards dealt per street and game, True = face up. The seventh card in seven card stud is down.
DEALS: dict[str, tuple[tuple[bool, ...], ...]] = {
    "seven": ((False, False, True), (True,), (True,), (True,), (False,)),
    "five": ((False, True), (True,), (True,), (True,)),
}
#: The streets of each game, named as in the rule documents.
STREET_NAMES: dict[str, tuple[str, ...]] = {
    "seven": ("third street", "fourth street", "fifth street", "sixth street", "seventh street"),
    "five": ("second street", "third street", "fourth street", "fifth street"),
}
# TODO(merge): the old private names, until cli/game.py imports STREET_NAMES and DEALS.
_STREET_NAMES = STREET_NAMES
_DEALS = DEALS
# In both games the second betting round is the open-pair street and big bets start after it.
_OPEN_PAIR_STREET = 1
_BIG_FROM = 2

_SHOWING: dict[tuple[int, ...], int] = {}
_new = tuple.__new__  # builds a NamedTuple event without the keyword machinery (the hot path)


def _showing_value(up: list[int]) -> int:
    """showing_rank of some up cards, cached by their ranks (suits never count)."""
    key = tuple(sorted(c >> 2 for c in up))
    v = _SHOWING.get(key)
    if v is None:
        seen: dict[int, int] = {}
        cards = []
        for r in key:  # distinct suits for repeated ranks; the suits do not matter here
            cards.append(4 * r + seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        v = _SHOWING[key] = showing_rank(cards)
    return v


def _suit_key(up: list[int]) -> tuple[int, ...]:
    """Cards in showing order (groups first, high first): compares suits between equal showings."""
    counts: dict[int, int] = {}
    for c in up:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    return tuple(sorted(up, key=lambda c: (counts[c >> 2], c), reverse=True))


def stacked_deck(game: str, streets: Sequence[Sequence[CardsLike]]) -> list[int]:
    """A deck order that deals the given cards, street by street, for a scenario.

    ``streets[k]`` lists, for each player still in the hand on that street (in seat order),
    the cards they get on it: e.g. ``"2c 3c Kh"`` (down, down, up) on third street. The
    function deals them one card at a time round the table as the dealer does, and puts a
    burn card (an unused card) before every street but the first.

    >>> format_cards(stacked_deck("five", [["2c 3c", "4d 5d"], ["6h", "7h"]]))  # As is burnt
    '2c 4d 3c 5d As 6h 7h'
    """
    if game not in GAMES:
        raise ValueError(f"game {game!r} must be one of {GAMES}")
    parsed = [[parse_cards(h) for h in street] for street in streets]
    used = {c for street in parsed for h in street for c in h}
    spare = sorted(set(range(52)) - used)
    deck: list[int] = []
    for k, street in enumerate(parsed):
        pattern = DEALS[game][k]
        for h in street:
            if len(h) != len(pattern):
                raise ValueError(f"{STREET_NAMES[game][k]} deals {len(pattern)} card(s) a player, got {format_cards(h)!r}")
        if k:
            deck.append(spare.pop())
        for p in range(len(pattern)):
            deck.extend(h[p] for h in street)
    return deck


class Action(NamedTuple):
    """A legal action: its kind, the player's bet on this street after it, and the chips it adds.

    >>> Action("call", 10, 8)
    Action(kind='call', to=10, chips=8)
    """

    kind: ActionKind
    to: int
    chips: int


class TableView(NamedTuple):
    """What one seat (or a spectator, ``seat=None``) may see of the table.

    ``down_cards[j]`` is None for a down hand the viewer may not see, else the cards.

    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1)
    >>> v = st.view(0)
    >>> v.down_cards[0] is not None, v.down_cards[1] is None
    (True, True)
    """

    game: str
    street: str
    seat: int | None
    actor: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    up_cards: tuple[tuple[int, ...], ...]
    down_cards: tuple[tuple[int, ...] | None, ...]
    community: int | None
    legal_actions: tuple[Action, ...]
    finished: bool
    payouts: tuple[int, ...]


def _positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


class StudState:
    """One hand of fixed-limit stud, from the antes to the payouts.

    ``game`` is "seven" or "five". ``deck`` stacks the deck: the cards in the order they
    come off the top, burn cards included (the rest of the deck follows, shuffled). Without
    ``seed`` the shuffle uses the operating system's secure random source; a seed gives a
    reproducible deal. ``raise_cap`` is the number of raises after the bet (None: no cap);
    heads-up there is never a cap. ``tie_rule`` and ``odd_chip`` pick the rules where the
    documents disagree (see TIE_RULES and ODD_CHIP_RULES).

    >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100], seed=7)
    >>> while st.actor >= 0:
    ...     st.act(*st.legal_actions()[-1][:2])  # always the most aggressive choice
    >>> sum(st.stacks)
    200
    """

    __slots__ = (
        "game", "structure", "n", "tie_rule", "raise_cap", "odd_chip", "starting_stacks",
        "stacks", "bets", "totals", "antes_paid", "folded", "frozen", "acted", "down", "up",
        "community", "street", "actor", "high", "n_raises", "big_mode", "open_pair", "completed",
        "bring_in_pending", "last_aggressor", "opener", "n_live", "shown", "mucked", "pots",
        "payouts", "returned", "log", "_deck", "_burns", "_used", "_rng", "_script", "_seen",
        "_choices", "_deals", "_last", "_legal", "_n_act", "_lazy",
    )

    def __init__(
        self,
        game: str,
        structure: Structure,
        starting_stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: CardsLike | None = None,
        tie_rule: str = "dealer_left",
        raise_cap: int | None = 3,
        odd_chip: str = "high_card",
        _script: list[list[int]] | None = None,
        _choices: dict[int, bool] | None = None,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"game {game!r} must be one of {GAMES}")
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a Structure, got {structure!r}")
        if tie_rule not in TIE_RULES:
            raise ValueError(f"tie_rule {tie_rule!r} must be one of {TIE_RULES}")
        if odd_chip not in ODD_CHIP_RULES:
            raise ValueError(f"odd_chip {odd_chip!r} must be one of {ODD_CHIP_RULES}")
        if raise_cap is not None and (isinstance(raise_cap, bool) or not isinstance(raise_cap, int) or raise_cap < 0):
            raise ValueError(f"raise_cap must be None or an int >= 0, got {raise_cap!r}")
        stacks = [_positive_int(f"starting stack {i}", s) for i, s in enumerate(starting_stacks)]
        n = structure.check_seats(len(stacks))
        self.game = game
        self.structure = structure
        self.n = n
        self.tie_rule = tie_rule
        self.raise_cap = raise_cap
        self.odd_chip = odd_chip
        self.starting_stacks = tuple(stacks)
        self._deals = DEALS[game]
        self._last = len(self._deals) - 1
        self._rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self._script = _script
        self._choices = _choices or {}
        self._seen: dict[int, int] = {}
        self._lazy = False  # draw a random card at each deal instead of shuffling up front
        if _script is not None:
            self._deck: list[int] = []
        elif deck is not None:
            top = parse_cards(deck)
            if len(set(top)) != len(top):
                raise ValueError(f"stacked deck has a repeated card: {format_cards(top)!r}")
            rest = sorted(set(range(52)) - set(top))
            self._rng.shuffle(rest)
            self._deck = (top + rest)[::-1]  # dealt by pop() from the end
        else:
            self._deck = list(range(52))
            self._lazy = True
        self._burns: list[int] = []
        self._used = 0
        self._legal: list[Action] | None = None  # legal actions at this decision, until the next change
        self.stacks = stacks
        self.bets = [0] * n
        self.totals = [0] * n
        self.antes_paid = [0] * n
        self.folded = [False] * n
        self.frozen = [False] * n  # all-in by a time-out: in the hand, acts no more
        self.acted = [False] * n
        self.down: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.community = -1
        self.street = -1
        self.actor = -1
        self.high = 0
        self.n_raises = 0
        self.big_mode = False
        self.open_pair = False
        self.completed = False
        self.bring_in_pending = False
        self.last_aggressor = -1
        self.opener = -1
        self.n_live = n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.pots: list[Pot] = []
        self.payouts = [0] * n
        self.returned = [0] * n
        self.log: list[Event] = []
        ante = structure.ante
        if ante:
            for i in range(n):
                a = ante if ante < stacks[i] else stacks[i]
                stacks[i] -= a
                self.totals[i] = self.antes_paid[i] = a
        self._n_act = sum(1 for x in stacks if x > 0)  # players still able to act
        self._next_street()

    # ----------------------------------------------------------------- reading the state

    @property
    def finished(self) -> bool:
        """True once the pots are paid.

        >>> StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1).finished
        False
        """
        return self.street > self._last or (self.actor < 0 and bool(self.pots))

    @property
    def street_name(self) -> str:
        """The current street, e.g. "third street" (the opening deal in seven card stud).

        >>> StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1).street_name
        'second street'
        """
        return STREET_NAMES[self.game][min(self.street, self._last)]

    @property
    def pot(self) -> int:
        """All chips put in so far this hand (antes included).

        >>> StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1).pot
        2
        """
        return sum(self.totals)

    def hand(self, seat: int) -> list[int]:
        """All of a seat's cards (down, up, and a community card), for the dealer's eyes only.

        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
        >>> format_cards(st.hand(1))
        '3d 5s'
        """
        cards = self.down[seat] + self.up[seat]
        if self.community >= 0:
            cards.append(self.community)
        return cards

    def _actionable(self, j: int) -> bool:
        return not self.folded[j] and not self.frozen[j] and self.stacks[j] > 0

    def legal_actions(self) -> list[Action]:
        """The actions the player to act may take, with their exact amounts.

        Empty when the hand is over. On the open-pair street a bet or raise comes in two
        sizes (small and big) until someone makes it big.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("bring_in")
        >>> [tuple(a) for a in st.legal_actions()]
        [('fold', 0, 0), ('call', 2, 2), ('complete', 5, 5)]
        """
        acts = self._legal
        if acts is None:
            acts = self._legal = self._compute_legal()
        return list(acts)

    def _compute_legal(self) -> list[Action]:
        i = self.actor
        if i < 0:
            return []
        stack = self.stacks[i]
        b = self.bets[i]
        st = self.structure
        if self.bring_in_pending:
            bi = st.bring_in if st.bring_in < stack else stack
            acts = [Action(BRING_IN, b + bi, bi)]
            if stack > st.bring_in:
                c = st.small_bet if st.small_bet < stack else stack
                acts.append(Action(COMPLETE, b + c, c))
            return acts
        high = self.high
        to_call = high - b
        if to_call > 0:
            c = to_call if to_call < stack else stack
            acts = [Action(FOLD, b, 0), Action(CALL, b + c, c)]
        else:
            acts = [Action(CHECK, b, 0)]
        if stack > to_call and not self.acted[i] and self._n_act >= 2:
            if not self.completed:
                c = st.small_bet - b
                if c > stack:
                    c = stack
                acts.append(Action(COMPLETE, b + c, c))
            elif self.raise_cap is None or self.n_raises <= self.raise_cap or self.n_live <= 2:
                kind = BET if high == 0 else RAISE
                if self.big_mode:
                    units: tuple[int, ...] = (st.big_bet,)
                elif self.open_pair and st.big_bet != st.small_bet:
                    units = (st.small_bet, st.big_bet)
                else:
                    units = (st.small_bet,)
                for u in units:
                    c = high + u - b
                    if c >= stack:
                        acts.append(Action(kind, b + stack, stack))
                        break
                    acts.append(Action(kind, b + c, c))
        return acts

    # ----------------------------------------------------------------- acting

    def act(self, kind: str, to: int | None = None) -> None:
        """Take an action for the player to act; ``to`` is the bet on this street after it.

        ``to`` may be left out when the action has one amount. An illegal action raises
        ValueError (TypeError for a wrong type) and changes nothing.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("check")
        Traceback (most recent call last):
        ...
        ValueError: p1 cannot check: the legal actions are bring_in 2, complete 5
        """
        if not isinstance(kind, str):
            raise TypeError(f"action kind must be a str, got {kind!r}")
        if kind not in _KIND_OF:
            raise ValueError(f"unknown action {kind!r}; actions are {', '.join(ACTION_KINDS)}")
        kind = _KIND_OF[kind]
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            raise TypeError(f"amount must be an int, got {to!r}")
        acts = self._legal
        if acts is None:
            acts = self._legal = self._compute_legal()
        if not acts:
            raise ValueError("the hand is over: nobody is to act")
        match = None
        for a in acts:
            if a.kind == kind and (to is None or a.to == to):
                if match is not None:
                    raise ValueError(
                        f"{kind} is possible to {match.to} or {a.to}: give the amount"
                    )
                match = a
        if match is None:
            what = kind if to is None else f"{kind} to {to}"
            legal = ", ".join(a.kind if a.kind in (FOLD, CHECK) else f"{a.kind} {a.to}" for a in acts)
            raise ValueError(f"p{self.actor + 1} cannot {what}: the legal actions are {legal}")
        self._apply(match)

    def apply(self, action: Action) -> None:
        """Take an :class:`Action` (as returned by :meth:`legal_actions`).

        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=3)
        >>> st.apply(st.legal_actions()[0]); st.bets[st.opener] > 0
        True
        """
        acts = self._legal
        if acts is None:
            acts = self._legal = self._compute_legal()
        if action in acts and type(action) is Action:  # offered as is: no need to match again
            self._apply(action)
        else:
            self.act(action[0], action[1])

    def _apply(self, a: Action) -> None:
        self._legal = None
        i = self.actor
        kind = a.kind
        if kind == FOLD:
            self.folded[i] = True
            self.n_live -= 1
            self._n_act -= 1
        elif a.chips:
            c = a.chips
            self.stacks[i] -= c
            if not self.stacks[i]:
                self._n_act -= 1
            self.bets[i] += c
            self.totals[i] += c
            new = self.bets[i]
            high = self.high
            if kind == BRING_IN:
                self.bring_in_pending = False
            elif kind == COMPLETE:
                self.bring_in_pending = False
                self.last_aggressor = i
                if new >= self.structure.small_bet:
                    self.completed = True
                    self.n_raises = 1
                    self._reopen()
            elif kind in (BET, RAISE):
                self.last_aggressor = i
                st = self.structure
                inc = new - high
                if inc >= (st.big_bet if self.big_mode else st.small_bet):  # a full bet or raise
                    self.n_raises += 1
                    self._reopen()
                    if inc >= st.big_bet and st.big_bet != st.small_bet:
                        self.big_mode = True  # once big, always big
            if new > high:
                self.high = new
        self.acted[i] = True
        self.log.append(_new(Played, (EventTag.ACTION, i, kind, self.bets[i])))
        self._advance(i)

    def _reopen(self) -> None:
        acted = self.acted
        for j in range(self.n):
            acted[j] = False

    def time_out(self) -> None:
        """The player to act missed the time limit (003).

        If they have put chips in beyond the ante they are all-in for what is already in the
        pot (they keep their stack, act no more, and can win only what they are in for);
        otherwise their hand is folded.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("bring_in"); st.time_out(); st.folded[1]
        True
        """
        i = self.actor
        if i < 0:
            raise ValueError("the hand is over: nobody is to act")
        self._legal = None
        self._n_act -= 1
        if self.totals[i] > self.antes_paid[i]:
            self.frozen[i] = True
            self.log.append(TimeOut(EventTag.TIME_OUT, i, TimeOutResult.ALL_IN))
        else:
            self.folded[i] = True
            self.n_live -= 1
            self.log.append(TimeOut(EventTag.TIME_OUT, i, TimeOutResult.FOLD))
        self.acted[i] = True
        self._advance(i)

    def _advance(self, i: int) -> None:
        if self.n_live == 1:
            self._finish_by_fold()
            return
        n = self.n
        folded, frozen, stacks, bets, acted = self.folded, self.frozen, self.stacks, self.bets, self.acted
        n_act = self._n_act
        high = self.high
        for k in range(1, n + 1):
            j = (i + k) % n
            if folded[j] or frozen[j] or stacks[j] == 0:
                continue
            if bets[j] < high or (not acted[j] and n_act >= 2):
                self.actor = j
                return
        self.actor = -1
        if self.street == self._last:
            self._showdown()
        else:
            self._next_street()

    # ----------------------------------------------------------------- dealing

    def _draw(self, seat: int) -> int:
        self._used += 1
        if self._script is None:
            deck = self._deck
            if self._lazy:  # a uniformly random card of those left (partial Fisher-Yates)
                j = int(self._rng.random() * len(deck))
                c = deck[j]
                deck[j] = deck[-1]
                deck.pop()
                return c
            return deck.pop()
        queue = self._script[seat]
        if not queue:
            who = "a community card" if seat == self.n else f"a card to p{seat + 1}"
            raise ValueError(f"the history deals no {who} on {self.street_name}")
        c = queue.pop(0)
        if c >= 0:
            prev = self._seen.get(c)
            if prev is not None:
                name = format_cards([c])
                if prev < self.n and self.folded[prev]:
                    raise ValueError(
                        f"card {name} dealt to p{seat + 1 if seat < self.n else 0} was folded by p{prev + 1}: "
                        "folded cards are never dealt again (003)"
                    )
                raise ValueError(f"card {name} is dealt twice")
            self._seen[c] = seat
        return c

    def _burn(self) -> None:
        if self._script is None:
            self._burns.append(self._draw(-1))
        else:  # a replayed history does not know its burn cards
            self._used += 1
            self._burns.append(-1)

    def _next_street(self) -> None:
        while True:
            self.street += 1
            s = self.street
            pattern = self._deals[s]
            live = [i for i in range(self.n) if not self.folded[i]]
            community = False
            if s == self._last and self.game == "seven" and 52 - self._used < len(live) + 1:
                # Deck exhaustion (003): the burns and the rest of the deck are shuffled; if
                # they make a card for everyone each gets one, else one community card.
                pool_size = len(self._burns) + 52 - self._used
                if self._script is None:
                    pool = self._burns + self._deck
                    self._rng.shuffle(pool)
                    self._deck = pool
                self._used -= len(self._burns)
                self._burns = []
                community = pool_size < len(live)
                if community and self._script is not None and not self._script[self.n]:
                    raise ValueError(
                        f"deck exhaustion on seventh street with {len(live)} players: the rule (003) "
                        "turns one community card, but the history deals each player a card"
                    )
            elif s > 0:
                self._burn()
            if community:
                c = self._draw(self.n)
                self.community = c
                self.log.append(BoardCard(EventTag.BOARD, c))
            else:
                dealt: list[list[int]] = [[] for _ in live]
                for is_up in pattern:  # one card at a time round the table, from the dealer's left
                    for k, i in enumerate(live):
                        c = self._draw(i)
                        (self.up[i] if is_up else self.down[i]).append(c)
                        dealt[k].append(c)
                for k, i in enumerate(live):
                    self.log.append(_new(Deal, (EventTag.DEAL, i, tuple(dealt[k]), pattern)))
            self._begin_round()
            if self.actor >= 0:
                return
            if s == self._last:
                self._showdown()
                return

    def _best_showing(self, live: list[int]) -> int:
        up = self.up
        best = live[0]
        best_v = _showing_value(up[best])
        for i in live[1:]:
            v = _showing_value(up[i])
            if v > best_v:
                best, best_v = i, v
            elif v == best_v and self.tie_rule == "suits" and _suit_key(up[i]) > _suit_key(up[best]):
                best = i
        return best

    def _begin_round(self) -> None:
        n = self.n
        s = self.street
        self.bets = [0] * n
        self.acted = [False] * n
        self.high = 0
        self.n_raises = 0
        self.last_aggressor = -1
        live = [i for i in range(n) if not self.folded[i]]
        if s == 0:
            opener = min(live, key=lambda i: self.up[i][0])  # lowest door card, rank then suit
            self.completed = False
        else:
            opener = self._best_showing(live)
            self.completed = True
        self.big_mode = s >= _BIG_FROM
        up = self.up
        self.open_pair = s == _OPEN_PAIR_STREET and any(up[i][0] >> 2 == up[i][1] >> 2 for i in live)
        self.opener = opener
        actor = -1
        if self._n_act >= 2:
            for k in range(n):  # the opener acts, or the next player able to act
                j = (opener + k) % n
                if self._actionable(j):
                    actor = j
                    break
        self.actor = actor
        self.bring_in_pending = s == 0 and actor >= 0
        if actor >= 0 and s > 0:
            self.opener = actor

    # ----------------------------------------------------------------- the end of the hand

    def _finish_by_fold(self) -> None:
        self.actor = -1
        w = self.folded.index(False)
        total = sum(self.totals)
        seat, amount = uncalled_bet(self.totals, [not f for f in self.folded])
        if amount:
            self.returned[seat] = amount
        self.pots = [Pot(total - amount, (w,), (w,))]
        self.payouts[w] = total  # uncalled chips come back, the rest is won; nobody shows
        self.stacks[w] += total
        self.street = self._last + 1

    def _showdown(self) -> None:
        n = self.n
        self.actor = -1
        live = [not f for f in self.folded]
        totals = list(self.totals)
        seat, amount = uncalled_bet(totals, live)
        if amount:
            totals[seat] -= amount
            self.returned[seat] = amount
        pots = side_pots(totals, live)
        values = [0] * n
        high_cards = [-1] * n
        for i in range(n):
            if live[i]:
                cards = self.hand(i)
                if min(cards) >= 0:
                    values[i] = evaluate(cards)
                    high_cards[i] = max(cards)
        # Showdown order: the last to bet or raise on the final street, else the first to act.
        start = self.last_aggressor if self.last_aggressor >= 0 else self.opener
        best = [0] * len(pots)
        first = True
        for k in range(n):
            i = (start + k) % n
            if not live[i]:
                continue
            mine = [p for p, pot in enumerate(pots) if i in pot.eligible]
            choice = self._choices.get(i)
            # by default, show only a hand that can still win part of a pot
            show = (first or any(values[i] >= best[p] for p in mine)) if choice is None else choice
            if show and values[i] == 0:
                raise ValueError(f"p{i + 1} must show but their down cards are unknown")
            first = False
            if show:
                self.shown[i] = True
                for p in mine:
                    if values[i] > best[p]:
                        best[p] = values[i]
            else:
                self.mucked[i] = True
            self.log.append(Shown(EventTag.SHOWDOWN, i, show))
        contention = [values[i] if self.shown[i] else 0 for i in range(n)]
        payouts = list(self.returned)
        self.pots = award(pots, contention, high_cards, self.odd_chip, payouts)
        self.payouts = payouts
        for i in range(n):
            self.stacks[i] += payouts[i]
        self.street = self._last + 1

    # ----------------------------------------------------------------- views

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` sees it (None: a spectator): never another seat's down cards.

        Down cards of a hand shown at showdown are visible to everyone.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100], seed=5)
        >>> v = st.view(None)
        >>> v.down_cards, len(v.up_cards[0])
        ((None, None), 1)
        """
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            raise ValueError(f"seat {seat!r} is not 0..{self.n - 1}")
        down = tuple(
            tuple(self.down[j]) if (j == seat or self.shown[j]) else None for j in range(self.n)
        )
        return TableView(
            game=self.game,
            street=self.street_name,
            seat=seat,
            actor=self.actor,
            stacks=tuple(self.stacks),
            bets=tuple(self.bets),
            pot=sum(self.totals),
            folded=tuple(self.folded),
            up_cards=tuple(tuple(u) for u in self.up),
            down_cards=down,
            community=self.community if self.community >= 0 else None,
            legal_actions=tuple(self.legal_actions()) if seat is not None and seat == self.actor else (),
            finished=self.finished,
            payouts=tuple(self.payouts) if self.finished else (),
        )

    def _snapshot(self) -> tuple:
        """Everything that defines the state, copied (for tests: refused actions change nothing)."""
        out = []
        for name in self.__slots__:
            if name == "_legal":
                continue
            if name == "_rng":
                out.append(self._rng.getstate() if not isinstance(self._rng, random.SystemRandom) else None)
                continue
            v = getattr(self, name)
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            out.append(v)
        return tuple(out)
