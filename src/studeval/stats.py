"""The statistics stud players read about themselves and their opponents, from their hands.

Each hand gives, per player, a row of counts (:data:`FACTS`: how many hands, whether the
player put money in voluntarily on third street, ...), computed once when the hand is stored
(:func:`hand_facts`); a statistic is a ratio of sums of those counts over the hands asked for.

>>> from studeval.game.phh import HandHistory, replay_hand
>>> replay = replay_hand(HandHistory("F7S", [1, 1], 2, 4, 8, [100, 100],
...     ["d dh p1 ????Kc", "d dh p2 ????3d", "p2 pb", "p1 f"]))
>>> hand_facts(replay)
[{'hands': 1}, {'hands': 1}]
"""

from __future__ import annotations

from studeval.game.phh import Replay

__all__ = ["FACTS", "hand_facts"]

#: The counts each hand gives per player, by name (the hand database's seats columns).
FACTS: tuple[str, ...] = ("hands",)


def hand_facts(replay: Replay) -> list[dict[str, int]]:
    """Each player's counts (:data:`FACTS`) in one replayed hand, by PHH position."""
    return [{"hands": 1} for _ in replay.history.starting_stacks]
