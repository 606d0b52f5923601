"""Shared fixtures of the casino game's tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from studeval.caribbean import Analysis, analyze


@pytest.fixture(scope="session")
def full_deck() -> Callable[..., Analysis]:
    """``full_deck(**options)``: the full-deck analyze(**options), computed once per session
    for each configuration; without the change unless ``one_card_change=True`` is asked for
    (each takes seconds, the change a minute or two)."""
    cache: dict[tuple[tuple[str, object], ...], Analysis] = {}

    def get(**options: object) -> Analysis:
        key = tuple(sorted(options.items()))
        if key not in cache:
            cache[key] = analyze(**{"one_card_change": False, **options})  # type: ignore[arg-type]
        return cache[key]

    return get
