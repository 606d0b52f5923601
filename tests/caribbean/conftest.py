"""Shared fixtures of the casino game's tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from studeval.caribbean import EVERY_ANTE, STANDARD_PAYTABLE, Analysis, PayTable, PayTableLike, analyze


class FullDeck:
    """``full_deck(**options)``: the full-deck analyze(**options), computed once per session
    for each configuration; without the change unless ``one_card_change=True`` is asked for
    (each takes seconds, the change a minute or two).

    ``full_deck.analyze`` stands in for :func:`analyze` where a command calls it, for the full
    deck: the same cached analysis, with the progress it reported while it was made replayed
    to ``progress`` (what the command does with both is then the test's point)."""

    def __init__(self) -> None:
        self._made: dict[tuple[object, ...], tuple[Analysis, list[float]]] = {}

    def _get(
        self,
        paytable: PayTableLike | None = None,
        *,
        one_card_change: bool = False,
        strategy: str = "optimal",
        no_qualify: str = EVERY_ANTE,
    ) -> tuple[Analysis, list[float]]:
        table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
        key = (table, one_card_change, strategy, no_qualify)
        if key not in self._made:
            seen: list[float] = []
            a = analyze(
                table, one_card_change=one_card_change, strategy=strategy, no_qualify=no_qualify, progress=seen.append
            )
            self._made[key] = a, seen
        return self._made[key]

    def __call__(self, **options: object) -> Analysis:
        return self._get(**options)[0]  # type: ignore[arg-type]

    def analyze(
        self,
        paytable: PayTableLike | None = None,
        *,
        ranks: object = None,
        threads: object = None,
        progress: Callable[[float], None] | None = None,
        **options: object,
    ) -> Analysis:
        assert ranks is None, "the full deck only"
        made, seen = self._get(paytable, **options)  # type: ignore[arg-type]
        for fraction in seen if progress is not None else ():
            progress(fraction)
        return made


@pytest.fixture(scope="session")
def full_deck() -> FullDeck:
    """The session's full-deck analyses (see :class:`FullDeck`)."""
    return FullDeck()
