"""Replaying a PHH hand history through the table rules: :func:`replay` gives the finished
:class:`~studeval.game.state.StudState`, :func:`replay_hand` a :class:`Replay`: the state and
what each street looked like (the cards, the pot, what each had put in, who was in), what the
checks of a site's numbers and the analysis of real hands read, so that a hand is replayed
once. A history that breaks the rules raises :class:`ReplayError` naming the action
(:mod:`studeval.game.phh` describes what is read).

>>> from studeval.game.phh_record import HandHistory
>>> replay(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])).stacks
[101, 99]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from studeval.cards import format_cards
from studeval.game.deck import ScriptedDeck
from studeval.game.events import BoardCard, Deal, Played, TimeOut
from studeval.game.phh_read import PhhBoard, PhhDeal, PhhPlay, PhhShow, PhhTimeOut, loads, parse_action
from studeval.game.phh_record import MAX_ACTIONS, OPTIONS, HandHistory, printed_rake, rake_rule
from studeval.game.state import Action, StudState
from studeval.game.structure import Structure
from studeval.games import Game, game_of_phh

__all__ = ["Replay", "ReplayError", "StreetSeen", "replay", "replay_hand"]


class ReplayError(ValueError):
    """A history the table rules refuse: the message names the action (and its line) where
    it breaks them, or the field that is wrong.

    >>> issubclass(ReplayError, ValueError)
    True
    """


@dataclass(frozen=True, slots=True)
class StreetSeen:
    """One street of a replayed hand, seats 0-based, cards as ints.

    ``street``: its index in the game's streets; ``pot``: the chips in the middle when it is
    dealt; ``invested``: each seat's chips in by the end of its betting (antes included,
    uncalled chips not yet given back); ``players``: the seats dealt it (still in the hand);
    ``known`` and ``up``: per seat, the cards known (every card the history shows, a hand shown
    at the end included) and the up cards (what an opponent saw) dealt by this street; a seat
    out of the hand keeps the cards it had.
    """

    street: int
    pot: int
    invested: tuple[int, ...]
    players: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    up: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A hand history replayed once (:func:`replay_hand`): the history, its game, the finished
    state, each street as it was dealt, the street of the last action (an all-in's street when
    the betting closed early), and the seats whose first deal the history shows whole (their
    down cards face up to us: the site's "Dealt to" player).
    """

    history: HandHistory
    game: Game
    state: StudState
    streets: tuple[StreetSeen, ...]
    last_action: int
    shown_from_deal: frozenset[int]


def _options(hh: HandHistory, tie_rule: str | None, odd_chip: str | None) -> dict[str, Any]:
    """The StudState options recorded in a history's user fields (defaults where absent)."""
    out: dict[str, Any] = {}
    for name, default in OPTIONS.items():
        value = hh.extra.get("_" + name, default)
        if type(value) is not type(default):  # booleans only as booleans, ints only as ints
            raise ValueError(f"PHH field _{name} = {value!r} must be a {type(default).__name__}")
        out[name] = value
    cap = out["raise_cap"]
    if cap < -1:
        raise ValueError(f"PHH field _raise_cap = {cap!r}: a cap is an int >= 0, or -1 for none")
    out["raise_cap"] = None if cap == -1 else cap
    out["tie_rule"] = tie_rule or out["tie_rule"]
    out["odd_chip"] = odd_chip or out["odd_chip"]
    return out


class _Step(NamedTuple):
    """A player's action of a history to replay, with its number (from 1) and text."""

    number: int
    text: str
    action: PhhPlay | PhhShow | PhhTimeOut


def _where(number: int, text: str, hh: HandHistory) -> str:
    """An action as an error message names it: its number, its line in the file if known,
    its text. Written only for a message: most histories replay without one."""
    lines: list[int | None] = []
    if hh.lines is not None and len(hh.lines) == len(hh.actions):  # else stale: edited
        lines = hh.lines
    line = lines[number - 1] if number - 1 < len(lines) else None
    return f"action {number}" + (f" (line {line})" if line else "") + f" {text!r}"


def replay(hh: HandHistory | str, *, tie_rule: str | None = None, odd_chip: str | None = None) -> StudState:
    """Play a hand history through the state machine; returns the finished :class:`StudState`.

    Raises :class:`ReplayError` (a ValueError), naming the action, where the history breaks studeval's rules (a player
    acting out of turn, an illegal amount, a folded card dealt again, a deal that ignores the
    deck-exhaustion rule, a hand that stops before it is over).

    >>> h = HandHistory("F5S", [1, 1], 2, 5, 10, [50, 50], ["d dh p1 ??4h", "d dh p2 ??5s", "p2 pb"])
    >>> replay(h)
    Traceback (most recent call last):
    ...
    studeval.game.phh_replay.ReplayError: action 3 'p2 pb': p2 acts but p1 is to act
    """
    return _play_history(hh, tie_rule, odd_chip)[1]


def replay_hand(hh: HandHistory | str, *, tie_rule: str | None = None, odd_chip: str | None = None) -> Replay:
    """:func:`replay`, and what each street looked like (:class:`Replay`).

    >>> r = replay_hand(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"]))
    >>> r.game.name, r.state.stacks, r.streets[0].pot, r.streets[0].invested, r.shown_from_deal
    ('razz', [101, 99], 2, (3, 1), frozenset({0}))
    """
    hh, state, shown = _play_history(hh, tie_rule, odd_chip)
    streets, last_action = _streets(state)
    return Replay(hh, state.game_entry, state, streets, last_action, frozenset(shown))


def _play_history(
    hh: HandHistory | str, tie_rule: str | None, odd_chip: str | None
) -> tuple[HandHistory, StudState, set[int]]:
    try:
        return _play(hh, tie_rule, odd_chip)
    except ReplayError:
        raise
    except ValueError as exc:  # a field's check (the rake rule, an option, the text): the same message
        raise ReplayError(str(exc)) from None


def _play(hh: HandHistory | str, tie_rule: str | None, odd_chip: str | None) -> tuple[HandHistory, StudState, set[int]]:
    if isinstance(hh, str):
        hh = loads(hh)  # with its actions' lines, for an error message
    if not isinstance(hh, HandHistory):
        raise TypeError(f"replay takes a HandHistory or PHH text, got {type(hh).__name__}")
    game = game_of_phh(hh.variant)
    n = len(hh.starting_stacks)
    if len(hh.antes) != n:
        raise ReplayError(f"{len(hh.antes)} antes for {n} players")
    if len(set(hh.antes)) > 1:
        raise ReplayError(f"antes {hh.antes} differ between players: studeval needs one ante")
    structure = Structure(
        ante=hh.antes[0] if hh.antes else 0, bring_in=hh.bring_in, small_bet=hh.small_bet, big_bet=hh.big_bet
    )
    options = _options(hh, tie_rule, odd_chip)
    options["rake"] = rake_rule(hh) or printed_rake(hh)
    _check_ante_trimming(hh, structure.ante)
    pattern = [up for street in game.streets for up in street.up]
    script: list[list[int]] = [[] for _ in range(n + 1)]  # seat n: the community card
    choices: dict[int, bool] = {}
    plan: list[_Step] = []
    if len(hh.actions) > MAX_ACTIONS:
        raise ReplayError(f"{len(hh.actions)} actions: the limit is {MAX_ACTIONS}")
    shown_at: dict[int, int] = {}  # seat -> the number of deals before its last sm
    shown_from_deal: set[int] = set()  # seats dealt a first deal of known down cards
    deals = 0
    for k, text in enumerate(hh.actions, 1):
        try:
            action = parse_action(text, n)
            if isinstance(action, PhhDeal):
                deals += 1
                if len(action.cards) > 1 and -1 not in action.cards:
                    shown_from_deal.add(action.seat)  # its down cards face up to us
                script[action.seat].extend(action.cards)
                if len(script[action.seat]) > len(pattern):
                    raise ReplayError(f"p{action.seat + 1} gets more than {len(pattern)} cards")
            elif isinstance(action, PhhBoard):
                if script[n] or len(action.cards) != 1:
                    raise ValueError("the deck-exhaustion rule deals one community card, once")
                script[n].extend(action.cards)
            elif isinstance(action, PhhShow):
                if shown_at.get(action.seat) == deals:  # once, or again after more cards (pokerkit)
                    raise ReplayError(f"p{action.seat + 1} shows or mucks twice")
                shown_at[action.seat] = deals
                _merge_shown(action, script[action.seat], pattern)
                if options["showdown"] == "choose":  # a decision in turn
                    plan.append(_Step(k, text, action))
                else:  # the automatic showdown, as the file records it
                    choices[action.seat] = action.cards is not None
            elif action is not None:
                plan.append(_Step(k, text, action))
        except ValueError as exc:
            raise ReplayError(f"{_where(k, text, hh)}: {exc}") from None
    first = next((p.action.seat for p in plan if isinstance(p.action, (PhhPlay, PhhTimeOut))), None)  # the bring-in
    deck = ScriptedDeck(script[:n], script[n], bring_in=first, shows=choices)
    try:
        state = StudState(game, structure, hh.starting_stacks, deck=deck, **options)
    except ValueError as exc:
        raise ReplayError(f"dealing: {exc}") from None
    for step in plan:
        action = step.action
        i = action.seat
        if state.actor < 0:
            raise ReplayError(f"{_where(step.number, step.text, hh)}: the hand is already over")
        if state.actor != i:
            where = _where(step.number, step.text, hh)
            raise ReplayError(f"{where}: p{i + 1} acts but p{state.actor + 1} is to act")
        street = state.street
        try:
            if isinstance(action, PhhTimeOut):
                state.time_out()
            elif isinstance(action, PhhShow):
                state.act("muck" if action.cards is None else "show")
            else:
                _bet(state, action)
        except ValueError as exc:
            where = _where(step.number, step.text, hh)
            if state.street != street:  # the action was taken; the next street's deal failed
                raise ReplayError(f"dealing {state.street_name} after {where}: {exc}") from None
            raise ReplayError(f"{where}: {exc}") from None
    if not state.finished:
        raise ReplayError(f"the history stops before the hand is over (p{state.actor + 1} is to act)")
    left = [f"p{i + 1}" if i < n else "the board" for i in deck.undealt()]
    if left:
        raise ReplayError(f"the history deals more cards than the hand uses (to {', '.join(left)})")
    return hh, state, shown_from_deal


def _check_ante_trimming(hh: HandHistory, ante: int) -> None:
    """studeval trims antes: a player all-in for less than the ante is in the pot for what he
    posted, and wins from each opponent only that much. A history that says antes are not
    trimmed settles such a hand otherwise (pokerkit pays him every full ante), so it is refused
    rather than replayed to other stacks; when every ante is posted in full the field does not matter."""
    if hh.ante_trimming_status:
        return
    posted = [min(ante, stack) for stack in hh.starting_stacks]
    if len(set(posted)) > 1:
        short = posted.index(min(posted))
        raise ValueError(
            f"ante_trimming_status = false, but p{short + 1} is all-in for {posted[short]}, less than "
            f"the ante of {ante}: studeval trims antes (he wins from each opponent only what he "
            "matched), so this history would replay to other stacks; write ante_trimming_status = true"
        )


def _merge_shown(action: PhhShow, mine: list[int], pattern: list[bool]) -> None:
    """Fill a seat's unknown cards from what it shows, checking the known ones."""
    shown = action.cards
    if shown is None:
        return
    if -1 in shown:
        raise ValueError(f"p{action.seat + 1} shows unknown cards: a shown hand names every card")
    if len(shown) == len(mine):
        slots = list(range(len(mine)))
    else:
        slots = [j for j in range(len(mine)) if not pattern[j]]
        if len(shown) != len(slots):
            raise ValueError(f"shows {len(shown)} cards, p{action.seat + 1} holds {len(mine)}")
    for j, c in zip(slots, shown, strict=False):
        if mine[j] >= 0 and mine[j] != c:
            raise ValueError(f"shows {format_cards([c])} but was dealt {format_cards([mine[j]])}")
        mine[j] = c


def _bet(state: StudState, action: PhhPlay) -> None:
    kinds: dict[str, Action] = {a.kind: a for a in state.legal_actions()}
    if action.code == "f":
        state.act("fold")
    elif action.code == "pb":
        state.act("bring_in")
    elif action.code == "cc":
        state.act("check" if "check" in kinds else "call")
    else:
        amount = action.amount
        kind: str | None = next((k for k in ("complete", "bet", "raise") if k in kinds), None)
        if kind is None and "bring_in" in kinds and kinds["bring_in"].to == amount:
            kind = "bring_in"  # pokerkit writes a bring-in all-in (stack <= bring-in) as cbr
        state.act(kind or "raise", amount)


def _streets(state: StudState) -> tuple[tuple[StreetSeen, ...], int]:
    """The streets of a finished hand's log, and the index of the street of its last action."""
    n = state.n
    known: list[list[int]] = [[] for _ in range(n)]
    up: list[list[int]] = [[] for _ in range(n)]
    dealt = [0] * n
    in_pot = sum(state.antes_paid)
    invested = list(state.antes_paid)
    out: set[int] = set()  # folded
    last_action = 0
    # per street, being built: its seats' cards, the seats dealt it, its bets
    cards: list[tuple[list[list[int]], list[list[int]], int, list[int], dict[int, int]]] = []
    for event in state.log:
        if isinstance(event, Deal):
            i = event.seat
            dealt[i] += 1
            known[i].extend(c for c in event.cards if c >= 0)
            up[i].extend(c for c, face_up in zip(event.cards, event.up, strict=True) if face_up and c >= 0)
            if dealt[i] > len(cards):  # the first deal of a new street
                if cards:
                    in_pot += sum(cards[-1][4].values())
                cards.append(([list(k) for k in known], [list(u) for u in up], in_pot, [], {}))
            s = cards[-1]
            s[0][i], s[1][i] = list(known[i]), list(up[i])
            s[3].append(i)
        elif isinstance(event, BoardCard):  # deck exhaustion: the last street is one shared card
            in_pot += sum(cards[-1][4].values())
            live = [i for i in cards[-1][3] if i not in out]
            cards.append(([list(k) for k in known], [list(u) for u in up], in_pot, live, {}))
        elif isinstance(event, (Played, TimeOut)):
            if event.kind == "fold" if isinstance(event, Played) else event.result == "fold":
                out.add(event.seat)
            last_action = len(cards) - 1
            if isinstance(event, Played):
                bets = cards[-1][4]
                bets[event.seat] = max(bets.get(event.seat, 0), event.to)
    streets = []
    for index, (k, u, pot, players, bets) in enumerate(cards):
        for i, bet in bets.items():
            invested[i] += bet
        streets.append(
            StreetSeen(index, pot, tuple(invested), tuple(players), tuple(map(tuple, k)), tuple(map(tuple, u)))
        )
    return tuple(streets), last_action
