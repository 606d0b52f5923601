"""A hand played back for the replayer: a file's hands read (PHH, ``.phhs``, a site's text or
iPoker's XML) and one hand as a list of steps, each the table after one event (a street
dealt, an action, a show), with each street's equities from the analysis.

What a step holds, per seat: the player's name, stack, chips in on the street, whether folded,
the up cards, the down cards as the viewer saw them (the hero's, and every card of a
player from the moment he shows; ``"??"`` for the others), the pot, who acts next and the
bring-in. The last step gives the payouts.

>>> text = '''variant = "FR"
... antes = [1, 1]
... bring_in = 2
... small_bet = 4
... big_bet = 8
... starting_stacks = [100, 100]
... actions = ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"]'''
>>> hands = read_hands(text, "hand.phh")
>>> [h.game for h in hands.hands], hands.refused
(['razz'], [])
>>> hand = hand_json(hands.hands[0].history, analyse=False)
>>> [s["text"] for s in hand["steps"]]
['third street dealt', 'p1 brings in to 2', 'p2 folds', 'p1 wins 4']
>>> hand["steps"][0]["seats"][1]["down"], hand["steps"][0]["seats"][1]["up"], hand["steps"][0]["to_act"]
(['??', '??'], ['4h'], 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from studeval.analysis import analyze_hand
from studeval.cards import format_cards
from studeval.game.events import BoardCard, Deal, Played, Shown, TimeOut
from studeval.game.phh import HandHistory, loads, read_phhs
from studeval.game.phh_replay import replay_hand
from studeval.histories import Imported, Refused, read_text
from studeval.histories.ipoker import looks_like_ipoker, read_xml
from studeval.web.limits import MAX_UPLOAD_HANDS

__all__ = ["HandRead", "HandsRead", "decode", "hand_json", "read_hands"]

# a PHH hand: a TOML line giving its variant (a site's text has none)
_PHH_VARIANT = re.compile(r"^\s*variant\s*=", re.MULTILINE)
_WORDS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bring_in": "brings in to",
    "complete": "completes to",
    "bet": "bets",
    "raise": "raises to",
}


def decode(data: bytes) -> str:
    """A file's bytes as text: a byte-order mark's encoding, else UTF-8, else Windows-1252
    (what the site readers take).

    >>> decode("\\ufeffé".encode("utf-8")), decode("é".encode("cp1252"))
    ('é', 'é')
    """
    for mark, encoding in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(mark):
            return data.decode(encoding, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@dataclass(frozen=True)
class HandRead:
    """One hand of a file: its index there, the site's hand number (or the PHH ``hand``
    field), its game and its history."""

    index: int
    number: str
    game: str
    history: HandHistory

    def summary(self) -> dict[str, Any]:
        """The hand in a line of a list: index, number, game, players."""
        names = self.history.extra.get("players")
        return {
            "index": self.index,
            "number": self.number,
            "game": self.game,
            "players": names
            if isinstance(names, list)
            else [f"p{i + 1}" for i in range(len(self.history.starting_stacks))],
        }


@dataclass
class HandsRead:
    """The hands of a file, the hands refused (with the reason), and whether the file held
    more than :data:`~studeval.web.limits.MAX_UPLOAD_HANDS` hands (the rest not read)."""

    hands: list[HandRead] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    cut: bool = False


def read_hands(text: str, name: str, *, limit: int = MAX_UPLOAD_HANDS) -> HandsRead:
    """Every hand of a file's text, at most ``limit``: a ``.phhs`` file (a ``[1]`` header
    first), a PHH hand (TOML), iPoker's XML or a site's text. ``name`` names it in messages;
    it is never opened. A file that is none of them gives no hand and one refusal."""
    out = HandsRead()
    start = text.lstrip("\ufeff").lstrip()
    try:
        if start.startswith("[1]"):
            for k, hh in enumerate(read_phhs(enumerate(text.splitlines(), 1))):
                if k >= limit:
                    out.cut = True
                    break
                out.hands.append(_phh_hand(k, hh))
            return out
        if _PHH_VARIANT.search(text[:65_536]):
            out.hands.append(_phh_hand(0, loads(text)))
            return out
    except ValueError as exc:
        out.refused.append(f"{name}: {exc}")
        return out
    reading = read_xml([text], source=name) if looks_like_ipoker(text[:4096]) else read_text(text, source=name)
    try:
        for hand in reading:
            if len(out.hands) + len(out.refused) >= limit:
                out.cut = True
                break
            if isinstance(hand, Imported):
                out.hands.append(HandRead(len(out.hands), hand.number, hand.game, hand.history))
            elif isinstance(hand, Refused):
                out.refused.append(str(hand))
    except ValueError as exc:  # a line too long for a history: the file is not one
        out.refused.append(f"{name}: {exc}")
    if not out.hands and not out.refused:
        out.refused.append(f"{name}: no hand found (a PHH hand, a .phhs file, or a site's hand history)")
    return out


def _phh_hand(index: int, hh: HandHistory) -> HandRead:
    from studeval.games import game_of_phh

    number = hh.extra.get("hand")
    return HandRead(index, "" if number is None else str(number), game_of_phh(hh.variant).name, hh)


def hand_json(hh: HandHistory, *, analyse: bool = True) -> dict[str, Any]:
    """One hand as the replayer plays it: the table's facts and a list of steps (see the
    module's notes); ``equities`` per street from :func:`~studeval.analysis.analyze_hand`
    when ``analyse`` (its ``error`` when the analysis refuses the hand). Raises
    :class:`~studeval.game.phh_replay.ReplayError` (a ValueError) for a history the table
    rules refuse."""
    replayed = replay_hand(hh)
    state, game = replayed.state, replayed.game
    n = state.n
    names_field = hh.extra.get("players")
    names = (
        [str(x) for x in names_field]
        if isinstance(names_field, list) and len(names_field) == n
        else [f"p{i + 1}" for i in range(n)]
    )
    analysis: dict[str, Any] | None = None
    error = None
    if analyse:
        try:
            analysis = analyze_hand(replayed).to_dict()
        except ValueError as exc:
            error = str(exc)
    hero = (
        analysis["hero"]
        if analysis
        else (next(iter(replayed.shown_from_deal)) if len(replayed.shown_from_deal) == 1 else None)
    )
    log = list(state.log)
    actors = [(k, e.seat) for k, e in enumerate(log) if isinstance(e, (Played, TimeOut))]
    bring_in = next((e.seat for e in log if isinstance(e, Played) and e.kind == "bring_in"), None)
    stacks = [s - a for s, a in zip(state.starting_stacks, state.antes_paid, strict=True)]
    behind = sum(state.antes_paid)  # the chips of streets gone by
    bets = [0] * n
    folded = [False] * n
    shown = [False] * n
    down: list[list[int]] = [[] for _ in range(n)]
    up: list[list[int]] = [[] for _ in range(n)]
    board: list[int] = []
    street = -1
    dealt = [0] * n
    steps: list[dict[str, Any]] = []

    def snapshot(text: str, k: int) -> None:
        following = next((seat for j, seat in actors if j > k), None)
        steps.append(
            {
                "text": text,
                "street": street,
                "street_name": game.streets[street].name if 0 <= street < len(game.streets) else "",
                "pot": behind + sum(bets),
                "to_act": following,
                "board": format_cards(board).split() if board else [],
                "seats": [
                    {
                        "stack": stacks[i],
                        "bet": bets[i],
                        "folded": folded[i],
                        "up": format_cards(up[i]).split() if up[i] else [],
                        "down": [
                            format_cards([c]) if c >= 0 and (shown[i] or i in replayed.shown_from_deal) else "??"
                            for c in down[i]
                        ],
                        "shown": shown[i],
                    }
                    for i in range(n)
                ],
            }
        )

    k = 0
    while k < len(log):
        event = log[k]
        if isinstance(event, Deal):
            # one step per street: every seat's cards of the street together
            if dealt[event.seat] > street:
                behind += sum(bets)
                bets = [0] * n
                street += 1
            while k < len(log):
                e = log[k]
                if not isinstance(e, Deal):
                    break
                dealt[e.seat] += 1
                for c, face_up in zip(e.cards, e.up, strict=True):
                    (up if face_up else down)[e.seat].append(c)
                k += 1
            snapshot(f"{game.streets[street].name} dealt", k - 1)
            continue
        if isinstance(event, BoardCard):
            behind += sum(bets)
            bets = [0] * n
            street += 1
            board.append(event.card)
            snapshot("the deck is out: one community card", k)
        elif isinstance(event, Played):
            i = event.seat
            stacks[i] -= event.to - bets[i]
            bets[i] = event.to
            if event.kind == "fold":
                folded[i] = True
            amount = "" if event.kind in ("fold", "check") or event.kind == "call" else f" {event.to}"
            snapshot(f"{names[i]} {_WORDS.get(event.kind, str(event.kind))}{amount}", k)
        elif isinstance(event, TimeOut):
            if event.result == "fold":
                folded[event.seat] = True
            snapshot(f"{names[event.seat]} times out ({str(event.result).replace('_', '-')})", k)
        elif isinstance(event, Shown):
            shown[event.seat] = event.shows
            snapshot(f"{names[event.seat]} {'shows' if event.shows else 'mucks'}", k)
        k += 1
    behind += sum(bets)
    bets = [0] * n
    stacks = list(state.stacks)
    winners = [i for i in range(n) if state.payouts[i]]
    won = ", ".join(f"{names[i]} wins {state.payouts[i]}" for i in winners)
    snapshot(won or "the hand is over", len(log))
    steps[-1]["pot"] = 0
    steps[-1]["payouts"] = list(state.payouts)
    return {
        "game": game.name,
        "title": game.title,
        "hilo": game.hilo,
        "players": names,
        "starting_stacks": list(state.starting_stacks),
        "antes": list(state.antes_paid),
        "bring_in": bring_in,
        "hero": hero,
        "streets": [s.name for s in game.streets],
        "structure": {
            "ante": hh.antes[0] if hh.antes else 0,
            "bring_in": hh.bring_in,
            "small_bet": hh.small_bet,
            "big_bet": hh.big_bet,
        },
        "hand": hh.extra.get("hand"),
        "currency": hh.extra.get("currency") if isinstance(hh.extra.get("currency"), str) else "chips",
        # the history's chips to one currency unit (a site's cents: 100)
        "scale": hh.extra["_scale"] if type(hh.extra.get("_scale")) is int and hh.extra["_scale"] > 0 else 1,
        "steps": steps,
        "analysis": analysis,
        "analysis_error": error,
        "finishing_stacks": list(state.stacks),
        "payouts": list(state.payouts),
    }
