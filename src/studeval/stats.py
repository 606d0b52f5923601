"""The statistics stud players read about themselves and their opponents, from their hands.

Each hand gives, per player, a row of integer counts (:data:`FACTS`: how many hands, whether
the player put money in voluntarily on the first betting round, ...), computed once when the
hand is stored (:func:`hand_facts`); a statistic is a ratio of sums of those counts over the
hands asked for (:data:`STATISTICS`, :func:`summarize`). docs/stats.md gives each definition.

"Third street" below is the first betting round (second street in five card stud); "round
k" is the k-th betting round.

>>> from studeval.game.phh import HandHistory, replay_hand
>>> replay = replay_hand(HandHistory("F7S", [1, 1], 2, 4, 8, [100, 100],
...     ["d dh p1 ????Kc", "d dh p2 ????3d", "p2 pb", "p1 f"]))
>>> [f["hands"] for f in hand_facts(replay)], [f["won_without_showdown"] for f in hand_facts(replay)]
([1, 1], [0, 1])
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from studeval.cards import low_rank
from studeval.game.events import BoardCard, Deal, Played, TimeOut
from studeval.game.phh import Replay

__all__ = ["FACTS", "GROUPS", "ROUNDS", "STATISTICS", "Statistic", "hand_facts", "hand_filters", "query", "summarize"]

#: The betting rounds counted one by one for aggression (seven card stud has five).
ROUNDS = 5

#: The counts each hand gives per player, by name (the hand database's seats columns).
FACTS: tuple[str, ...] = (
    "hands",
    "vpip",  # chips in voluntarily on third street (a call, complete or raise; not the bring-in post)
    "complete_raise",  # completed or raised on third street
    "steal_chance",  # folded to, every opponent still in showing a lower door card
    "steal_attempt",  # completed at a steal chance
    "steal_success",  # ... and won the pot on third street
    "bring_in",  # posted the bring-in
    "bring_in_faced",  # the bring-in, facing one completion (no raise) at the next decision
    "bring_in_fold",
    "bring_in_call",
    "bring_in_raise",
    *(f"bets{k}" for k in range(1, ROUNDS + 1)),  # bets, completions and raises on round k
    *(f"calls{k}" for k in range(1, ROUNDS + 1)),  # calls on round k
    "saw_round2",  # still in when the second round's cards are dealt
    "showdown",  # in the hand at the showdown
    "won_showdown",  # won chips at the showdown (a share of a pot)
    "won_without_showdown",  # everyone else folded
    "hilo_showdown",  # at a showdown of a hi-lo game
    "scoop",  # ... took the whole of every pot he was in (both halves, alone)
    "high_only",  # ... a share of a high half, of no low half
    "low_only",  # ... a share of a low half, of no high half
)

_AGGRESSIVE = frozenset({"complete", "bet", "raise"})


class Statistic(NamedTuple):
    """One statistic: ``numerator`` / ``denominator`` (names of :data:`FACTS`, or ``big_bets``,
    the net result in big bets), times ``scale`` (100: a percentage), and what it means."""

    name: str
    numerator: str
    denominator: str
    scale: int
    text: str


#: Every statistic :func:`summarize` gives, written once (docs/stats.md lists the same).
STATISTICS: tuple[Statistic, ...] = (
    Statistic("vpip", "vpip", "hands", 100, "put chips in voluntarily on third street (the bring-in posted is not)"),
    Statistic("complete_raise", "complete_raise", "hands", 100, "completed or raised on third street"),
    Statistic("steal", "steal_attempt", "steal_chance", 100, "completed when folded to with the best door card"),
    Statistic("steal_success", "steal_success", "steal_attempt", 100, "steals that won the pot on third street"),
    Statistic("bring_in_fold", "bring_in_fold", "bring_in_faced", 100, "the bring-in folded to a completion"),
    Statistic("bring_in_call", "bring_in_call", "bring_in_faced", 100, "the bring-in called a completion"),
    Statistic("bring_in_raise", "bring_in_raise", "bring_in_faced", 100, "the bring-in re-raised a completion"),
    *(
        Statistic(f"aggression{k}", f"bets{k}", f"calls{k}", 1, f"(bets + raises) / calls on betting round {k}")
        for k in range(1, ROUNDS + 1)
    ),
    Statistic("went_to_showdown", "showdown", "saw_round2", 100, "went to showdown, of the hands that saw round 2"),
    Statistic("won_at_showdown", "won_showdown", "showdown", 100, "won chips at the showdowns gone to"),
    Statistic("won_without_showdown", "won_without_showdown", "hands", 100, "won the pot with everyone else folded"),
    Statistic("scoop", "scoop", "hilo_showdown", 100, "hi-lo showdowns won whole"),
    Statistic("high_only", "high_only", "hilo_showdown", 100, "hi-lo showdowns won the high half only"),
    Statistic("low_only", "low_only", "hilo_showdown", 100, "hi-lo showdowns won the low half only"),
    Statistic("bb_per_100", "big_bets", "hands", 100, "net won in big bets per 100 hands"),
)


def _door_rank(card: int, aces: str) -> int:
    """A door card's rank as the game ranks it for the bring-in (aces low in razz)."""
    return low_rank(card) if aces == "low" else card >> 2


def hand_facts(replay: Replay) -> list[dict[str, int]]:
    """Each player's counts (:data:`FACTS`) in one replayed hand, by PHH position.

    >>> from studeval.game.phh import HandHistory, replay_hand
    >>> r = replay_hand(HandHistory("F7S", [1, 1, 1], 2, 4, 8, [100, 100, 100],
    ...     ["d dh p1 ????2c", "d dh p2 ????Kd", "d dh p3 ????9s", "p1 pb", "p2 cbr 4", "p3 f", "p1 f"]))
    >>> [(f["steal_chance"], f["steal_attempt"], f["steal_success"]) for f in hand_facts(r)]
    [(0, 0, 0), (1, 1, 1), (0, 0, 0)]
    """
    state = replay.state
    game = replay.game
    n = state.n
    facts = [dict.fromkeys(FACTS, 0) for _ in range(n)]
    for f in facts:
        f["hands"] = 1
    doors = [up[0] if up else -1 for up in state.up]
    # "weaker" door card: the way the bring-in goes (lower in stud, higher in razz)
    sign = 1 if game.bring_in == "lowest" else -1
    strength = [sign * _door_rank(c, game.aces) if c >= 0 else None for c in doors]

    dealt = [0] * n
    street = 0
    out = [False] * n  # folded so far
    acted = [False] * n  # made a decision on third street (the bring-in post is not one)
    bring_in = -1
    aggressive = 0  # completions and raises so far on third street
    voluntary_in = False  # someone called, completed or raised on third street
    stealer = -1
    bring_in_decided = False
    for event in state.log:
        if isinstance(event, Deal):
            dealt[event.seat] += 1
            street = max(street, dealt[event.seat] - 1)
            if street == 1:
                facts[event.seat]["saw_round2"] = 1
            continue
        if isinstance(event, BoardCard):
            street += 1
            continue
        if isinstance(event, TimeOut):
            if event.result == "fold":
                out[event.seat] = True
            continue
        if not isinstance(event, Played):
            continue
        i, kind = event.seat, str(event.kind)
        f = facts[i]
        if street < ROUNDS:
            if kind in _AGGRESSIVE:
                f[f"bets{street + 1}"] += 1
            elif kind == "call":
                f[f"calls{street + 1}"] += 1
        if street == 0:
            if kind == "bring_in":
                bring_in = i
                f["bring_in"] = 1
            else:
                if i == bring_in and not bring_in_decided:
                    bring_in_decided = True
                    if aggressive == 1 and kind in ("fold", "call", "raise"):
                        f["bring_in_faced"] = 1
                        f[f"bring_in_{kind}"] = 1
                voluntary = kind in ("call", "complete", "raise")
                if voluntary:
                    f["vpip"] = 1
                if kind in _AGGRESSIVE:
                    f["complete_raise"] = 1
                if bring_in >= 0 and i != bring_in and not voluntary_in and not acted[i]:
                    # folded to him: every opponent still in shows a weaker door card?
                    mine = strength[i]
                    others = [strength[j] for j in range(n) if j != i and not out[j]]
                    if mine is not None and all(s is not None and s < mine for s in others):
                        f["steal_chance"] = 1
                        if kind == "complete":
                            f["steal_attempt"] = 1
                            stealer = i
                voluntary_in = voluntary_in or voluntary
                if kind in _AGGRESSIVE:
                    aggressive += 1
                acted[i] = True
        if kind == "fold":
            out[i] = True

    live = [j for j in range(n) if not state.folded[j]]
    if len(live) == 1:
        facts[live[0]]["won_without_showdown"] = 1
        if live[0] == stealer and street == 0:
            facts[stealer]["steal_success"] = 1
    else:
        for j in live:
            f = facts[j]
            f["showdown"] = 1
            pots = [p for p in state.pots if j in p.eligible]
            high = any(j in p.winners for p in pots)
            low = any(j in p.low_winners for p in pots)
            f["won_showdown"] = int(high or low)
            if game.hilo:
                f["hilo_showdown"] = 1
                whole = all(p.winners == (j,) and p.low_winners in ((), (j,)) for p in pots)
                f["scoop"] = int(bool(pots) and whole)
                f["high_only"] = int(high and not low and not whole)
                f["low_only"] = int(low and not high)
    return facts


def summarize(rows: Iterable[Mapping[str, float]]) -> dict[str, float | None]:
    """The statistics (:data:`STATISTICS`) of rows of facts (one per hand and player, or
    already summed; ``big_bets``: the net result in big bets), with the sums of the facts.

    The rows are summed first, so one row of sums (a database's ``SUM``) gives the same. A
    fact and a statistic of the same name (``vpip``, ``scoop``, ...) give the statistic; a
    statistic whose denominator is 0 is None (no chance to do it).

    >>> s = summarize([{"hands": 1, "vpip": 1, "big_bets": 2.5}, {"hands": 3, "big_bets": -0.5}])
    >>> s["hands"], s["vpip"], s["bb_per_100"], s["steal"]
    (4, 25.0, 50.0, None)
    """
    totals: dict[str, float] = dict.fromkeys((*FACTS, "big_bets"), 0)
    for row in rows:
        for name in totals:
            totals[name] += row.get(name, 0) or 0
    out: dict[str, float | None] = {name: int(totals[name]) for name in FACTS}
    for stat in STATISTICS:
        below = totals[stat.denominator]
        out[stat.name] = stat.scale * totals[stat.numerator] / below if below else None
    return out


#: What :func:`query` groups by, and the column each is.
GROUPS: dict[str, str] = {"player": "s.player", "site": "h.site", "game": "h.game", "stakes": "h.stakes"}


def hand_filters(
    *,
    game: str | None = None,
    stakes: str | None = None,
    site: str | None = None,
    since: str | None = None,
    until: str | None = None,
) -> tuple[list[str], list[str | int]]:
    """The SQL conditions on the ``hands`` table (as ``h``) of the filters :func:`query` and
    :func:`studeval.db.find_hands` share, and their arguments: ``since`` and ``until`` are
    ISO 8601 dates or times compared with ``played_at`` as text, both included (``until``
    compares the prefix as long as itself: a date takes its whole day).

    >>> hand_filters(game="razz", until="2024-02-10")
    (['h.game = ?', 'substr(h.played_at, 1, ?) <= ?'], ['razz', 10, '2024-02-10'])
    """
    where: list[str] = []
    args: list[str | int] = []
    for column, value in (("h.game", game), ("h.stakes", stakes), ("h.site", site)):
        if value is not None:
            where.append(f"{column} = ?")
            args.append(value)
    if since is not None:
        where.append("h.played_at >= ?")
        args.append(since)
    if until is not None:
        where.append("substr(h.played_at, 1, ?) <= ?")
        args += [len(until), until]
    return where, args


def query(
    conn: sqlite3.Connection,
    *,
    player: str | None = None,
    game: str | None = None,
    stakes: str | None = None,
    since: str | None = None,
    until: str | None = None,
    site: str | None = None,
    by: Sequence[str] = ("player", "site"),
) -> list[dict[str, Any]]:
    """The statistics over a hand database's ``seats JOIN hands`` (the tables of
    :mod:`studeval.database`), summed in SQL: one record per group of ``by`` (names of
    :data:`GROUPS`), its values first, then :func:`summarize`'s figures.

    ``since`` and ``until`` are ISO 8601 dates or times compared with ``played_at`` as text,
    both included (``until="2024-02-10"`` takes the whole day); a hand without a time is
    left out when either is given.

    >>> conn = sqlite3.connect(":memory:")
    >>> facts = ", ".join(f"{f} INTEGER NOT NULL DEFAULT 0" for f in FACTS)
    >>> _ = conn.executescript(f'''CREATE TABLE hands(id INTEGER PRIMARY KEY, site TEXT, game TEXT,
    ...     stakes TEXT, played_at TEXT, big_bet INTEGER);
    ... CREATE TABLE seats(hand_id INTEGER, player TEXT, net INTEGER, {facts});
    ... INSERT INTO hands VALUES (1, 'pokerstars', 'razz', '0.04/0.08', '2024-02-10T20:15:03', 8);
    ... INSERT INTO seats(hand_id, player, net, hands, vpip) VALUES (1, 'Ann', 4, 1, 1), (1, 'Bob', -4, 1, 0);''')
    >>> [(r["player"], r["site"], r["hands"], r["vpip"], r["bb_per_100"]) for r in query(conn)]
    [('Ann', 'pokerstars', 1, 100.0, 50.0), ('Bob', 'pokerstars', 1, 0.0, -50.0)]
    >>> query(conn, player="Ann", until="2024-02-09")
    []
    """
    by = tuple(by)
    unknown = [name for name in by if name not in GROUPS]
    if unknown or len(set(by)) != len(by):
        raise ValueError(f"by {list(by)}: group by distinct names of {', '.join(GROUPS)}")
    where, args = hand_filters(game=game, stakes=stakes, site=site, since=since, until=until)
    if player is not None:
        where.append("s.player = ?")
        args.append(player)
    groups = [GROUPS[name] for name in by]
    sums = [f"SUM(s.{name})" for name in FACTS]  # FACTS are identifiers of this module: no user text
    sql = (
        f"SELECT {', '.join([*groups, *sums])}, SUM(CAST(s.net AS REAL) / h.big_bet)"
        " FROM seats AS s JOIN hands AS h ON h.id = s.hand_id"
        + (f" WHERE {' AND '.join(where)}" if where else "")
        + (f" GROUP BY {', '.join(groups)} ORDER BY {', '.join(groups)}" if groups else "")
    )
    records = []
    for row in conn.execute(sql, args):
        key, values = row[: len(by)], row[len(by) :]
        if values[0] is None:  # no hand at all (an aggregate without GROUP BY)
            continue
        sums_row = dict(zip((*FACTS, "big_bets"), values, strict=True))
        records.append({**dict(zip(by, key, strict=True)), **summarize([sums_row])})
    return records
