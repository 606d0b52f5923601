"""The game registry: one frozen description per game, read by everything else.

A :class:`Game` says what the dealer deals (its :class:`Street` s, each card up or down), which
evaluator kinds decide the pot and how the pot splits between them, who brings in and who acts
first, whether an open pair allows the big bet, its PHH variant code and its names. Evaluation,
equity, ranges, the table rules, hand histories, the command line, the docs' tables and the
pictures all read it; adding a game is adding an entry here (and, for a new way of ranking
hands, a hand kind in :mod:`studeval.kinds`). ARCHITECTURE.md walks through the steps.

>>> g = get_game("stud8")
>>> g.title, g.cards, g.hole, g.pot, g.hilo
('seven card stud hi-lo', 7, 2, ('high', 'low8'), True)
>>> get_game("Seven Card Stud").name
'seven'
>>> [s.name for s in get_game("five").streets][:2]
['second street', 'third street']
>>> get_game("omaha")
Traceback (most recent call last):
...
ValueError: unknown game 'omaha': use one of seven, five, razz, stud8, stud_hilo, razz27, holdem
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studeval.kinds import HAND_KINDS, KINDS, by_name, get_kind

__all__ = [
    "GAMES",
    "HOLDEM",
    "KINDS",
    "KIND_ACES",
    "SUITLESS_KINDS",
    "STUD_GAMES",
    "Game",
    "Street",
    "game_of_phh",
    "get_game",
]

#: The kinds that never look at a suit (an ace-to-five low has no flushes): a game decided by
#: these alone gives every hand of the same ranks the same equity (``Kind.suitless``).
SUITLESS_KINDS = tuple(name for name, k in HAND_KINDS.items() if k.suitless)


@dataclass(frozen=True)
class Street:
    """One street: its name in the rule documents, a short label for pictures, the cards it
    deals each player (True: face up) and the shared cards it turns (hold'em's board)."""

    name: str
    label: str
    up: tuple[bool, ...]
    board: int = 0


@dataclass(frozen=True)
class Game:
    """Everything that makes a game a game.

    - ``name`` is the one the API and every command take (``game="razz"``); ``title`` is for
      people; ``aliases`` are other spellings :func:`get_game` accepts (compared without case).
    - ``streets`` deal the players' cards and the shared cards (hold'em's board).
    - ``pot`` names the hand kinds (:mod:`studeval.kinds`) that decide a pot: one kind takes
      the whole pot; two kinds split it into a high half and a low half, the odd chip to the
      high half; a low half nobody qualifies for (a ``Kind.qualifies`` value 0) goes to the
      high half.
    - ``bring_in`` is which door card brings in (the ``"lowest"`` or the ``"highest"``) and
      ``aces`` whether aces rank high or low for it (ties by suit: clubs lowest, spades
      highest, in both orders).
    - ``acts_first`` is the hand kind whose showing order decides who acts first on later
      streets (the best showing hand by it: the high hand, or the best low).
    - ``open_pair``: an open pair on the second up card lets the small-bet street's bet be big.
    - ``phh`` is the PHH variant code (our own where the standard has none; docs/games.md),
      None for a game studeval does not write histories of.
    - ``stud`` is False for games only the equity functions know (hold'em), which take
      percentage ranges (``[20%]``) instead of the stud range classes.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    streets: tuple[Street, ...]
    pot: tuple[str, ...]
    bring_in: Literal["lowest", "highest"]
    aces: Literal["high", "low"]
    acts_first: str
    open_pair: bool
    phh: str | None
    stud: bool = True

    @property
    def cards(self) -> int:
        """The cards each player is dealt in all."""
        return sum(len(s.up) for s in self.streets)

    @property
    def board(self) -> int:
        """The shared cards dealt in all (0 in stud)."""
        return sum(s.board for s in self.streets)

    @property
    def hole(self) -> int:
        """The down cards of the first street (what a range of down cards describes)."""
        return self.streets[0].up.count(False)

    @property
    def pot_codes(self) -> tuple[int, ...]:
        """The kinds of ``pot`` as the compiled kernels code them (``Kind.code``).

        >>> from studeval import _core
        >>> get_game("stud8").pot_codes == (_core.KIND_HIGH, _core.KIND_LOW8)
        True
        """
        return tuple(get_kind(kind).code for kind in self.pot)

    @property
    def hilo(self) -> bool:
        """True when the pot splits between a high half and a low half."""
        return len(self.pot) == 2

    @property
    def suits_matter(self) -> bool:
        """False when no kind of the pot looks at a suit (razz): hands of the same ranks are
        alike.

        >>> get_game("razz").suits_matter, get_game("stud8").suits_matter
        (False, True)
        """
        return not all(get_kind(kind).suitless for kind in self.pot)

    @property
    def low_qualifies(self) -> bool:
        """True when the low half needs a qualifying low (eight or better: a kind whose hands
        may have none)."""
        return self.hilo and get_kind(self.pot[1]).qualifies

    def street_of(self, cards: int, board: int = 0) -> Street | None:
        """The street on which a player holds ``cards`` cards and the board ``board`` (the
        last street dealt so far), or None if no street deals that many.

        >>> get_game("seven").street_of(4).name, get_game("holdem").street_of(2, 3).name
        ('fourth street', 'flop')
        """
        held = shared = 0
        for street in self.streets:
            held, shared = held + len(street.up), shared + street.board
            if held >= cards and shared == board:
                return street
        return None

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}>"


def _seven(*names: str) -> tuple[Street, ...]:
    up = ((False, False, True), (True,), (True,), (True,), (False,))
    ordinal = ("3rd", "4th", "5th", "6th", "7th")
    return tuple(Street(f"{n} street", f"{o} street", u) for n, o, u in zip(names, ordinal, up, strict=True))


_SEVEN_STREETS = _seven("third", "fourth", "fifth", "sixth", "seventh")
_FIVE_STREETS = (
    Street("second street", "2nd street", (False, True)),
    Street("third street", "3rd street", (True,)),
    Street("fourth street", "4th street", (True,)),
    Street("fifth street", "5th street", (True,)),
)

#: The holdem entry: equity only (no table play), two hole cards and a five-card board.
HOLDEM = Game(
    name="holdem",
    title="hold'em",
    aliases=("hold'em", "holdem", "texas hold'em"),
    streets=(
        Street("preflop", "preflop", (False, False)),
        Street("flop", "flop", (), 3),
        Street("turn", "turn", (), 1),
        Street("river", "river", (), 1),
    ),
    pot=("high",),
    bring_in="lowest",
    aces="high",
    acts_first="high",
    open_pair=False,
    phh=None,
    stud=False,
)

#: Every game, by name, in the order the docs list them.
GAMES: dict[str, Game] = by_name(
    Game(
        name="seven",
        title="seven card stud",
        aliases=("stud", "7 card stud", "seven card stud", "7cs", "high"),
        streets=_SEVEN_STREETS,
        pot=("high",),
        bring_in="lowest",
        aces="high",
        acts_first="high",
        open_pair=True,
        phh="F7S",
    ),
    Game(
        name="five",
        title="five card stud",
        aliases=("5 card stud", "five card stud", "5cs"),
        streets=_FIVE_STREETS,
        pot=("high",),
        bring_in="lowest",
        aces="high",
        acts_first="high",
        open_pair=True,
        phh="F5S",
    ),
    Game(
        name="razz",
        title="razz",
        aliases=("seven card razz", "a-5 razz"),
        streets=_SEVEN_STREETS,
        pot=("low",),
        bring_in="highest",
        aces="low",
        acts_first="low",
        open_pair=False,
        phh="FR",
    ),
    Game(
        name="stud8",
        title="seven card stud hi-lo",
        aliases=(
            "stud hi-lo",
            "stud/8",
            "stud8",
            "seven card stud hi-lo",
            "stud hi-lo eight or better",
            "7cs8",
            "7 card stud hi/lo",  # as PokerStars and Full Tilt print it
        ),
        streets=_SEVEN_STREETS,
        pot=("high", "low8"),
        bring_in="lowest",
        aces="high",
        acts_first="high",
        open_pair=False,
        phh="F7S/8",
    ),
    Game(
        name="stud_hilo",
        title="seven card stud hi-lo regular",
        aliases=("stud hi-lo regular", "stud hilo", "seven card stud hi-lo regular", "stud hi-lo no qualifier"),
        streets=_SEVEN_STREETS,
        pot=("high", "low"),
        bring_in="lowest",
        aces="high",
        acts_first="high",
        open_pair=False,
        phh="F7S/HL",
    ),
    Game(
        name="razz27",
        title="2-7 razz",
        aliases=("2-7 razz", "deuce-to-seven razz", "razz 2-7"),
        streets=_SEVEN_STREETS,
        pot=("low27",),
        bring_in="highest",
        aces="high",
        acts_first="low27",
        open_pair=False,
        phh="F27R",
    ),
    HOLDEM,
)
#: The stud games: the ones with table play, hand histories and stud equity.
STUD_GAMES = tuple(name for name, g in GAMES.items() if g.stud)
#: Where each hand kind ranks the ace (``Kind.aces``), by name.
KIND_ACES: dict[str, Literal["high", "low"]] = {name: k.aces for name, k in HAND_KINDS.items()}
assert all(k in HAND_KINDS for g in GAMES.values() for k in (*g.pot, g.acts_first)), "a game names a kind"

_BY_NAME = {alias.casefold(): g for g in GAMES.values() for alias in (g.name, *g.aliases)}
assert len(_BY_NAME) == sum(1 + len(set(g.aliases) - {g.name}) for g in GAMES.values()), "an alias names two games"


_BY_PHH = {g.phh: g for g in GAMES.values() if g.stud and g.phh is not None}


def game_of_phh(variant: str) -> Game:
    """The stud game of a PHH variant code (``Game.phh``): the one lookup of a history's game.

    >>> game_of_phh("FR").name
    'razz'
    >>> game_of_phh("NT")
    Traceback (most recent call last):
    ...
    ValueError: variant 'NT' is not stud: not a stud game studeval reads (F7S, F5S, FR, F7S/8, F7S/HL, F27R)
    """
    found = _BY_PHH.get(variant) if isinstance(variant, str) else None
    if found is None:
        raise ValueError(f"variant {variant!r} is not stud: not a stud game studeval reads ({', '.join(_BY_PHH)})")
    return found


def get_game(game: str | Game, *, stud: bool = False) -> Game:
    """The :class:`Game` of a name or alias (case does not matter), or the game itself.

    ``stud=True`` refuses the games without table play (hold'em). One check, one message, for
    every function and command that takes a game.

    >>> get_game("RAZZ").title
    'razz'
    >>> get_game("holdem", stud=True)
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'holdem': use one of seven, five, razz, stud8, stud_hilo, razz27
    """
    if isinstance(game, Game):
        if stud and not game.stud:
            raise ValueError(f"unknown game {game.name!r}: use one of {', '.join(STUD_GAMES)}")
        return game
    if not isinstance(game, str):
        raise TypeError(f"a game is a name such as 'seven', got {game!r}")
    found = _BY_NAME.get(game.strip().casefold())
    if found is None or (stud and not found.stud):
        names = STUD_GAMES if stud else tuple(GAMES)
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(names)}")
    return found
