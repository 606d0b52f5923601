"""Replaying a PHH hand history through the table rules (:func:`replay`): the finished
:class:`~studeval.game.state.StudState`, or a ValueError naming the action where the history
breaks them (:mod:`studeval.game.phh` describes what is read).

>>> from studeval.game.phh_record import HandHistory
>>> replay(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])).stacks
[101, 99]
"""

from __future__ import annotations

from typing import Any, NamedTuple

from studeval.cards import format_cards
from studeval.game.deck import ScriptedDeck
from studeval.game.phh_read import PhhBoard, PhhDeal, PhhPlay, PhhShow, PhhTimeOut, loads, parse_action
from studeval.game.phh_record import MAX_ACTIONS, OPTIONS, HandHistory, printed_rake, rake_rule
from studeval.game.state import Action, StudState
from studeval.game.structure import Structure
from studeval.games import game_of_phh

__all__ = ["replay"]


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

    Raises ValueError, naming the action, where the history breaks studeval's rules (a player
    acting out of turn, an illegal amount, a folded card dealt again, a deal that ignores the
    deck-exhaustion rule, a hand that stops before it is over).

    >>> h = HandHistory("F5S", [1, 1], 2, 5, 10, [50, 50], ["d dh p1 ??4h", "d dh p2 ??5s", "p2 pb"])
    >>> replay(h)
    Traceback (most recent call last):
    ...
    ValueError: action 3 'p2 pb': p2 acts but p1 is to act
    """
    if isinstance(hh, str):
        hh = loads(hh)  # with its actions' lines, for an error message
    if not isinstance(hh, HandHistory):
        raise TypeError(f"replay takes a HandHistory or PHH text, got {type(hh).__name__}")
    game = game_of_phh(hh.variant)
    n = len(hh.starting_stacks)
    if len(hh.antes) != n:
        raise ValueError(f"{len(hh.antes)} antes for {n} players")
    if len(set(hh.antes)) > 1:
        raise ValueError(f"antes {hh.antes} differ between players: studeval needs one ante")
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
        raise ValueError(f"{len(hh.actions)} actions: the limit is {MAX_ACTIONS}")
    shown_at: dict[int, int] = {}  # seat -> the number of deals before its last sm
    deals = 0
    for k, text in enumerate(hh.actions, 1):
        try:
            action = parse_action(text, n)
            if isinstance(action, PhhDeal):
                deals += 1
                script[action.seat].extend(action.cards)
                if len(script[action.seat]) > len(pattern):
                    raise ValueError(f"p{action.seat + 1} gets more than {len(pattern)} cards")
            elif isinstance(action, PhhBoard):
                if script[n] or len(action.cards) != 1:
                    raise ValueError("the deck-exhaustion rule deals one community card, once")
                script[n].extend(action.cards)
            elif isinstance(action, PhhShow):
                if shown_at.get(action.seat) == deals:  # once, or again after more cards (pokerkit)
                    raise ValueError(f"p{action.seat + 1} shows or mucks twice")
                shown_at[action.seat] = deals
                _merge_shown(action, script[action.seat], pattern)
                if options["showdown"] == "choose":  # a decision in turn
                    plan.append(_Step(k, text, action))
                else:  # the automatic showdown, as the file records it
                    choices[action.seat] = action.cards is not None
            elif action is not None:
                plan.append(_Step(k, text, action))
        except ValueError as exc:
            raise ValueError(f"{_where(k, text, hh)}: {exc}") from None
    first = next((p.action.seat for p in plan if isinstance(p.action, (PhhPlay, PhhTimeOut))), None)  # the bring-in
    deck = ScriptedDeck(script[:n], script[n], bring_in=first, shows=choices)
    try:
        state = StudState(game, structure, hh.starting_stacks, deck=deck, **options)
    except ValueError as exc:
        raise ValueError(f"dealing: {exc}") from None
    for step in plan:
        action = step.action
        i = action.seat
        if state.actor < 0:
            raise ValueError(f"{_where(step.number, step.text, hh)}: the hand is already over")
        if state.actor != i:
            where = _where(step.number, step.text, hh)
            raise ValueError(f"{where}: p{i + 1} acts but p{state.actor + 1} is to act")
        street = state.street
        try:
            if isinstance(action, PhhTimeOut):
                state.time_out()
            elif isinstance(action, PhhShow):
                state.act("muck" if action.cards is None else "show")
            else:
                _play(state, action)
        except ValueError as exc:
            where = _where(step.number, step.text, hh)
            if state.street != street:  # the action was taken; the next street's deal failed
                raise ValueError(f"dealing {state.street_name} after {where}: {exc}") from None
            raise ValueError(f"{where}: {exc}") from None
    if not state.finished:
        raise ValueError(f"the history stops before the hand is over (p{state.actor + 1} is to act)")
    left = [f"p{i + 1}" if i < n else "the board" for i in deck.undealt()]
    if left:
        raise ValueError(f"the history deals more cards than the hand uses (to {', '.join(left)})")
    return state


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


def _play(state: StudState, action: PhhPlay) -> None:
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
