"""Hand histories in the PHH format: write, read and replay, one module each
(:mod:`~studeval.game.phh_record` the record, :mod:`~studeval.game.phh_read` the reader,
:mod:`~studeval.game.phh_write` the writer, :mod:`~studeval.game.phh_replay` the replay);
every name is here too.

Each game's variant code is its registry entry's ``phh`` (:mod:`studeval.games`). Seven card
stud is written as variant ``F7S``, razz as ``FR`` and seven card stud hi-lo eight or better as
``F7S/8``, the standard's codes (readable by pokerkit and other PHH tools). The other games
have no PHH variant code, so studeval uses its own, with fields exactly as ``F7S`` (``antes``,
``bring_in``, ``small_bet``, ``big_bet``): ``F5S`` five card stud (the first deal is one down
card and one up card, ``d dh p1 ??7s``, then three single up cards), ``F7S/HL`` seven card
stud hi-lo without a qualifier and ``F27R`` 2-7 razz (dealt as ``F7S``). Other tools do not
know these three.

What studeval writes beyond the standard (other tools skip or refuse these):

- ``d db 7h``: the community card of the deck-exhaustion rule (R45); pokerkit has no such rule
  for ``F7S`` and refuses the line.
- ``# p3 time-out`` (a comment-only action): the player to act missed the time limit (R48, R49).
- user fields (``_`` + the :class:`StudState` option) when a hand is played with a rule that
  is not the default: ``_tie_rule``, ``_odd_chip``, ``_raise_cap`` (-1: no cap),
  ``_cap_heads_up``, ``_all_in_rule``, ``_open_pair_raises``, ``_showdown``,
  ``_cap_after_fold``, ``_cap_counts``, ``_fold_when_check``; a hand played with a rake
  (:class:`~studeval.game.structure.Rake`) states its rule as ``_rake_percent`` (exact text,
  ``"4.15"``) and, where not the default, ``_rake_cap``, ``_rake_rounding``, ``_rake_unit``,
  ``_rake_first_round_free``, ``_rake_min_pot``, ``_rake_proportional``, and the rake taken as ``_rake`` (the field
  a site's history gives its printed rake in); :func:`replay` takes the rake the rule
  states, or, where a history states no rule, the ``_rake`` it records (the site's printed
  rake, :class:`~studeval.game.structure.PrintedRake`: out of every pot in proportion). With
  ``_showdown = "choose"`` the ``sm`` lines are the players' decisions, in turn (also the
  uncalled winner's); otherwise they record what the automatic showdown did.

``ante_trimming_status`` is written true: the engine trims antes (a player all-in for less
than the ante wins from each opponent only what he matched), and so does pokerkit reading the
history. :func:`replay` refuses a history whose field is false (or absent) when a player
could not post the full ante, rather than replay it to other stacks.

Reading: besides what studeval writes, :func:`replay` takes two forms pokerkit writes: a
bring-in posted all-in by a player holding no more than the bring-in, written ``p1 cbr 1``,
and an all-in showdown (``sm``) before the remaining cards are dealt as well as at the end.
Histories of real hands often hide the cards of players who folded unseen, door cards
included (``d dh p5 ??????``): then the bring-in is the player the history has act first,
unless a known door card has to bring in before theirs.
pokerkit reads our all-in histories (a single showdown after the last card) unless the hand
uses a betting rule pokerkit does not share (see tests/game/test_pokerkit.py).

Seats: ``p1`` is the seat at the dealer's left (seat 0). A seat's history shows its own down
cards and ``??`` for everyone else's, exactly like :meth:`StudState.view`; shown hands appear in
``sm`` actions (``p2 sm`` alone is a muck). ``full=True`` writes every card.

The text is TOML, read with :mod:`tomllib` (the ``tomli`` package on Python 3.10). Limits
of the reader: at most :data:`MAX_PHH_CHARS` characters and :data:`MAX_ACTIONS` actions;
amounts in ASCII digits up to ``MAX_CHIPS``; booleans only as TOML booleans; a UTF-8
byte-order mark is skipped. A seat's ``sm`` comes once (again only after more cards, as
pokerkit writes an all-in showdown). Errors are ValueErrors naming the action and its line.

>>> from studeval.game import StudState, Structure
>>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
>>> st.act("bring_in"); st.act("fold")
>>> hh = to_phh(st, seat=0)
>>> hh.actions
['d dh p1 2c4h', 'd dh p2 ??5s', 'p1 pb', 'p2 f']
>>> replay(loads(dumps(hh))).stacks == st.stacks
True
"""

from __future__ import annotations

# Every name of the four modules is here too: each module's ``__all__`` is the list (written once).
from studeval.game import phh_read, phh_record, phh_replay, phh_write
from studeval.game.phh_read import *  # noqa: F403
from studeval.game.phh_read import tomllib  # type: ignore[attr-defined]  # noqa: F401  (phh.tomllib as before)
from studeval.game.phh_record import *  # noqa: F403
from studeval.game.phh_replay import *  # noqa: F403
from studeval.game.phh_write import *  # noqa: F403

__all__ = [*phh_record.__all__, *phh_read.__all__, *phh_replay.__all__, *phh_write.__all__]
