"""An imported hand replayed by studeval's table rules and checked against the site's own numbers.

The site takes its rake out of the pot before paying it, so what a player collected is what
the table rules pay him less his share of the rake. For each player the check is:

- the uncalled bet the replay gives back is the one the site returned (``_returned``);
- what the replay pays from the pots is what the site paid (``winnings``) plus a rake share
  of zero or more, and the shares add up to the rake the site printed (``_rake``): only a
  winner bears rake, and no chip appears or vanishes;
- the total pot is the site's (``_total_pot``), what each player put in is what the site's
  lines add up to (``_invested``), and the stacks after the hand are the site's
  (``finishing_stacks``, which the reader computes from the site's lines) once the rake
  shares are taken.

A hand that replays differently is reported with each difference, never accepted.

Where the history states the site's rake rule (``_rake_percent`` and the other ``_rake_``
fields, :func:`~studeval.game.phh.rake_rule`), the replay takes the rake by that rule
(:class:`~studeval.game.structure.Rake`) and must match the site exactly: the rake it takes
is the site's printed ``_rake``, and each player is paid exactly what the site paid. Where it
states none, the rake is checked from the history's own numbers as above: how a site splits
its rake between the pots of a hand is not printed, so any split among the winners is
accepted.

>>> from studeval.game.phh import HandHistory
>>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100],
...                  ["d dh p1 ????Kc", "d dh p2 ????3d", "p1 pb", "p2 f"],
...                  finishing_stacks=[101, 99],
...                  extra={"winnings": [2, 0], "_rake": 0, "_returned": [0, 0]})
>>> verify(hh)
['p1: the replay returns 2 uncalled, the site 0']
>>> hh.extra["_returned"] = [2, 0]
>>> verify(hh)
[]
"""

from __future__ import annotations

from typing import Any

from studeval.game.phh import HandHistory, replay

__all__ = ["verify"]


def _list(hh: HandHistory, key: str, n: int, problems: list[str]) -> list[int] | None:
    value: Any = hh.extra.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        problems.append(f"{key} is not a list of whole numbers: {value!r}")
        return None
    if len(value) != n:
        problems.append(f"{key} has {len(value)} entries for {n} players")
        return None
    return value


def verify(hh: HandHistory) -> list[str]:
    """The differences between a hand's replay and the site's numbers (empty: they agree).

    A hand the table rules refuse to replay is one difference, the replay's error.

    >>> from studeval.game.phh import HandHistory
    >>> verify(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 ????Kc", "d dh p2 ????3d", "p2 f"]))
    ["the replay fails: action 3 'p2 f': p2 acts but p1 is to act"]
    """
    try:
        state = replay(hh)
    except ValueError as exc:
        return [f"the replay fails: {exc}"]
    n = state.n
    problems: list[str] = []
    names = hh.extra.get("players")
    who = [f"p{i + 1}" + (f" ({names[i]})" if isinstance(names, list) and i < len(names) else "") for i in range(n)]
    collected = _list(hh, "winnings", n, problems)
    returned = _list(hh, "_returned", n, problems)
    invested = _list(hh, "_invested", n, problems)
    rake = hh.extra.get("_rake", 0)
    if type(rake) is not int or rake < 0:
        problems.append(f"_rake is not a whole number of chips >= 0: {rake!r}")
        rake = 0
    if problems or collected is None:
        return problems or ["the history has no winnings to check against"]
    won = [state.payouts[i] - state.returned[i] for i in range(n)]
    if returned is not None:
        for i in range(n):
            if state.returned[i] != returned[i]:
                problems.append(f"{who[i]}: the replay returns {state.returned[i]} uncalled, the site {returned[i]}")
    if invested is not None:
        for i in range(n):
            if state.totals[i] != invested[i]:
                problems.append(f"{who[i]}: puts in {state.totals[i]} in the replay, {invested[i]} on the site")
    if state.rake is not None:  # the replay took the rake by the site's rule: it must match exactly
        shares = [0] * n
        if state.raked != rake:
            problems.append(f"the replay takes {state.raked} rake by the history's rake rule, the site took {rake}")
        for i in range(n):
            if won[i] != collected[i]:
                problems.append(f"{who[i]}: wins {won[i]} in the replay after rake, the site paid {collected[i]}")
    else:  # the rake each winner bore, by the history's own numbers
        shares = [won[i] - collected[i] for i in range(n)]
        for i in range(n):
            if shares[i] < 0:
                problems.append(
                    f"{who[i]}: wins {won[i]} in the replay, the site paid {collected[i]} ({-shares[i]} more)"
                )
            elif shares[i] and not won[i]:  # pragma: no cover - a share > 0 needs won > collected >= 0
                problems.append(f"{who[i]}: bears rake without winning")
        if all(s >= 0 for s in shares) and sum(shares) != rake:
            problems.append(
                f"the replay's pots pay {sum(won)}, the site paid {sum(collected)} and took {rake} rake:"
                f" {sum(won) - sum(collected) - rake} chips apart"
            )
    total = hh.extra.get("_total_pot")
    pot = sum(state.totals) - sum(state.returned)
    if type(total) is int and total != pot:
        problems.append(f"the replay's pot is {pot}, the site's total pot {total}")
    if hh.finishing_stacks is not None and not problems:
        for i in range(n):
            if state.stacks[i] - shares[i] != hh.finishing_stacks[i]:
                problems.append(
                    f"{who[i]}: ends with {state.stacks[i] - shares[i]} after rake, the site's lines give"
                    f" {hh.finishing_stacks[i]}"
                )
    return problems
