"""An equity question as the web application takes it: JSON in the command line's notation,
checked and bounded before any work, planned, answered, and the answer as JSON.

A question is ``{"players": [...], "game": "stud8", "dead": "...", "board": "...",
"method": "auto", "samples": 1000000, "seed": null}``: each player is the text
``studeval equity`` reads (known cards, a range of hole cards first in brackets), the game a
name or alias of the registry (hold'em too), ``dead`` the cards out of play. Everything is
checked by the library's own parsers (:func:`studeval.equity.plan_equity`), so a bad card is
refused with the library's message naming it; the web adds its bounds
(:mod:`studeval.web.limits`): 2 to 8 players, at most ``MAX_SAMPLES`` deals, and a plan whose
estimate is over the time limit is refused before it runs.

>>> q = EquityQuestion.from_json({"players": ["As 2d 3c", "Kh 7d 8s"], "game": "stud8"})
>>> q.game, q.players
('stud8', ('As 2d 3c', 'Kh 7d 8s'))
>>> planned = q.plan()
>>> planned.method, planned.kernel
('exact', 'headsup')
>>> answer = q.answer(planned)
>>> [round(p["scoop"], 4) for p in answer["players"]]
[0.4314, 0.2498]
>>> try:
...     EquityQuestion.from_json({"players": ["As 2d 3c"] * 9})
... except BadQuestion as exc:
...     print(exc.field, "-", exc.message)
players - 9 players, the most is 8
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from studeval.equity import METHODS, EquityPlan, EquityResult, HiLoResult, holdem_equity, plan_equity, stud_equity
from studeval.equity.deal import DEFAULT_SAMPLES
from studeval.games import get_game
from studeval.web.limits import MAX_PLAYERS, MAX_SAMPLES, MAX_TEXT_CHARS, MIN_PLAYERS, TIME_LIMIT

__all__ = ["FIELDS", "PROGRESS_SECONDS", "BadQuestion", "EquityQuestion", "TooSlow", "estimate"]

#: The fields a question may hold (any other is refused, so a misspelt one is not ignored).
FIELDS = ("players", "game", "dead", "board", "method", "samples", "seed")
#: Questions whose plan estimates less than this are answered without a progress callback
#: (the library's direct route of small questions); longer ones report progress, through
#: which a question is stopped when its time is up or its client has gone.
PROGRESS_SECONDS = 0.05


class BadQuestion(ValueError):
    """A question refused: ``field`` names what was wrong (a 4xx answer of the API).

    >>> str(BadQuestion("game", "unknown game 'x'"))
    "game: unknown game 'x'"
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class TooSlow(BadQuestion):
    """A question whose plan estimates more than the time limit (refused before it runs)."""


def _text(data: Mapping[str, Any], name: str, default: str = "") -> str:
    value = data.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise BadQuestion(name, f"expected text in the command line's notation, got {value!r}"[:200])
    if len(value) > MAX_TEXT_CHARS:
        raise BadQuestion(name, f"{len(value):,} characters, the most is {MAX_TEXT_CHARS:,}")
    return value


def _whole(data: Mapping[str, Any], name: str, default: int | None, lo: int, hi: int) -> int | None:
    value = data.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadQuestion(name, f"expected a whole number from {lo:,} to {hi:,}, got {value!r}"[:200])
    if not lo <= value <= hi:
        raise BadQuestion(name, f"expected a whole number from {lo:,} to {hi:,}, got {value:,}")
    return value


def estimate(plan: EquityPlan) -> float:
    """The estimated seconds of the method a plan chose.

    >>> estimate(EquityPlan("exact", "headsup", 10, 0.5, 2.0, ""))
    0.5
    """
    return plan.exact_seconds if plan.method == "exact" else plan.monte_carlo_seconds


@dataclass(frozen=True)
class EquityQuestion:
    """A checked question: the players' text, the game's registry name, the dead cards,
    hold'em's board, the method, Monte Carlo's deals and seed."""

    players: tuple[str, ...]
    game: str = "seven"
    dead: str = ""
    board: str = ""
    method: str = "auto"
    samples: int = DEFAULT_SAMPLES
    seed: int | None = None

    @classmethod
    def from_json(cls, data: object) -> EquityQuestion:
        """The question of a request's JSON, its shape and bounds checked (the cards are
        checked by :meth:`plan`)."""
        if not isinstance(data, Mapping):
            raise BadQuestion("body", 'expected a JSON object such as {"players": ["As Ah Kd", "Qc"]}')
        unknown = [k for k in data if k not in FIELDS]
        if unknown:
            raise BadQuestion(str(unknown[0])[:40], f"not a field of a question (the fields: {', '.join(FIELDS)})")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise BadQuestion("players", 'expected a list of texts, one per player, such as ["As Ah Kd", "Qc"]')
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            many = len(players) > MAX_PLAYERS
            bound = f"the most is {MAX_PLAYERS}" if many else f"the fewest is {MIN_PLAYERS}"
            raise BadQuestion("players", f"{len(players)} player{'s' if len(players) != 1 else ''}, {bound}")
        for k, p in enumerate(players, 1):
            if len(p) > MAX_TEXT_CHARS:
                raise BadQuestion(f"players[{k}]", f"{len(p):,} characters, the most is {MAX_TEXT_CHARS:,}")
        try:
            game = get_game(_text(data, "game", "seven")).name
        except ValueError as exc:
            raise BadQuestion("game", str(exc)) from None
        method = _text(data, "method", "auto")
        if method not in METHODS:
            raise BadQuestion("method", f"unknown method {method!r}: use one of {', '.join(METHODS)}")
        samples = _whole(data, "samples", DEFAULT_SAMPLES, 1, MAX_SAMPLES)
        assert samples is not None
        seed = _whole(data, "seed", None, 0, 2**63 - 1)
        board = _text(data, "board")
        if board.strip() and get_game(game).stud:
            raise BadQuestion("board", 'a board is for hold\'em only (game "holdem")')
        return cls(tuple(players), game, _text(data, "dead"), board, method, samples, seed)

    @property
    def stud(self) -> bool:
        """False for hold'em."""
        return get_game(self.game).stud

    def plan(self, limit: float = TIME_LIMIT) -> EquityPlan:
        """How the library would answer (every card checked by its parsers), refused with
        :class:`TooSlow` when its estimate is over ``limit`` seconds
        (:data:`~studeval.web.limits.TIME_LIMIT`)."""
        try:
            found = plan_equity(
                list(self.players),
                game=self.game,
                board=self.board,
                dead=self.dead,
                method=self.method,
                samples=self.samples,
            )
        except (ValueError, TypeError) as exc:
            raise BadQuestion(_field_of(str(exc)), str(exc)) from None
        seconds = estimate(found)
        if not math.isfinite(seconds) or seconds > limit:
            hint = 'ask for "method": "monte-carlo"' if found.method == "exact" else "ask for fewer samples"
            raise TooSlow(
                "method" if found.method == "exact" else "samples",
                f"this question would take about {seconds:.3g} s by its plan ({found.reason}), "
                f"more than the limit of {limit:g} s a request may compute: {hint}",
            )
        return found

    def answer(self, plan: EquityPlan, progress: Callable[[float], None] | None = None) -> dict[str, Any]:
        """The answer, as JSON-ready data: every figure of the library's result at full
        precision, each player's ``drawing_dead`` (exact and no share of any pot), the plan.
        ``progress`` (used for questions estimated over :data:`PROGRESS_SECONDS`) may raise
        to stop the work."""
        if estimate(plan) < PROGRESS_SECONDS:
            progress = None
        result: EquityResult | HiLoResult
        try:
            if self.stud:
                result = stud_equity(
                    list(self.players),
                    game=self.game,
                    dead=self.dead,
                    method=self.method,
                    samples=self.samples,
                    seed=self.seed,
                    progress=progress,
                )
            else:
                result = holdem_equity(
                    list(self.players),
                    board=self.board,
                    dead=self.dead,
                    method=self.method,
                    samples=self.samples,
                    seed=self.seed,
                    progress=progress,
                )
        except (ValueError, TypeError) as exc:  # pragma: no cover - plan() checked the same
            raise BadQuestion(_field_of(str(exc)), str(exc)) from None
        return answer_json(self, result, plan)


def _field_of(message: str) -> str:
    """The field a library message is about, as well as its words say."""
    lowered = message.lower()
    for word, name in (
        ("dead", "dead"),
        ("board", "board"),
        ("game", "game"),
        ("method", "method"),
        ("samples", "samples"),
    ):
        if word in lowered:
            return name
    return "players"


def answer_json(question: EquityQuestion, result: EquityResult | HiLoResult, plan: EquityPlan) -> dict[str, Any]:
    """A result as the API answers it (the library's :meth:`~studeval.equity.EquityResult.to_dict`
    with the question, each player's ``cards`` and ``drawing_dead`` and the plan's figures)."""
    data = result.to_dict()
    exact = result.method == "exact"
    for row, text in zip(data["players"], question.players, strict=True):
        row["cards"] = text
        row["drawing_dead"] = exact and row["equity"] == 0
    data["game"] = question.game
    data["hilo"] = isinstance(result, HiLoResult)
    data["dead"] = question.dead
    data["board"] = question.board
    data["estimate"] = {
        "method": plan.method,
        "kernel": plan.kernel,
        "work": plan.work,
        "exact_seconds": plan.exact_seconds,
        "monte_carlo_seconds": plan.monte_carlo_seconds,
        "reason": plan.reason,
    }
    return data
