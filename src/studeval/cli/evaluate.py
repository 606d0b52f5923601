"""``studeval eval``: the value, category and description of hands, high or low.

``--game`` takes the names (and aliases) every command uses (:data:`studeval.games.GAMES`)
and rates a hand by the evaluator kinds that decide the game's pot: ``seven`` (the default),
``five`` and ``holdem`` the best high hand (``high`` is another name for seven); ``razz`` the
best ace-to-five low (1..6175, higher is better); ``stud8`` both halves of seven card stud
hi-lo: the high, and the eight-or-better low (1..56) or "no low"; ``stud_hilo`` the high and
the ace-to-five low; ``razz27`` the best deuce-to-seven low (1..7462, 7462 = 7-5-4-3-2).

Each argument is one hand, written as ``replay`` prints one if you like (``[2d Jc] Qh 5s``:
the down cards in brackets); with no argument (or ``-``) hands are read from stdin, one a
line, and ``--file`` reads them from a file. Lines are streamed: each result is printed as
its line is read. Blank lines and ``#`` comments are skipped, and errors name the physical
line. A bad hand prints one line on stderr; the others are still evaluated, and the exit
status is then 2.

>>> from studeval.cli import main
>>> main(["eval", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c 8d 9h"])
As Ks Qs Js Ts          7462  STRAIGHT_FLUSH   Royal flush
2c 3d 4h 5s 7c 8d 9h      49  HIGH_CARD        Nine high
0
>>> main(["eval", "--game", "razz", "Kh 7c 5d 4h 3s As 7d"])
Kh 7c 5d 4h 3s As 7d    6166  Seven low: 7-5-4-3-A
0
>>> main(["eval", "--game", "razz27", "Kh 7c 5d 4h 3s As 7d"])
Kh 7c 5d 4h 3s As 7d    6999  King low: K-7-5-4-3
0
>>> main(["eval", "--game", "stud8", "Kh 7c 5d 4h 3s As 7d", "Kh Kd 9c 9s 2d"])
Kh 7c 5d 4h 3s As 7d    2591  PAIR             Pair of sevens | low 47  Seven low: 7-5-4-3-A
Kh Kd 9c 9s 2d          4820  TWO_PAIR         Two pair, kings and nines | no low
0
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator

from studeval.cards import format_cards, parse_cards
from studeval.cli import common
from studeval.games import get_game
from studeval.kinds import HAND_KINDS, get_kind

__all__ = ["hand_row", "register"]


def _value(kind: str, cards: list[int]) -> tuple[int, str | None]:
    """A hand's value by a hand kind (:mod:`studeval.kinds`) and its words (None for no hand
    of the kind, as no eight-or-better low)."""
    found = get_kind(kind)
    return found.evaluate(cards), found.describe(cards)


def hand_row(text: str, game: str = "seven") -> dict[str, object]:
    """One hand as plain data, by the evaluator kinds that decide the game's pot
    (:attr:`studeval.games.Game.pot`): its cards, ``kind`` (what ``value`` measures:
    ``"high"``, ``"low"`` in razz, as :func:`studeval.evaluate_batch` names them), ``value``
    (high 1..7462; the ace-to-five low 1..6175; higher is better either way) and description,
    with the category for a high hand. A hi-lo game adds its low half under the low's kind
    (stud8: ``low8``, 0 for none, else 1..56; stud_hilo: ``low``) with ``low_description``
    (None without a low).

    >>> row = hand_row("Kh Kd 7c 7s Ks")
    >>> row["kind"], row["value"], row["category"], row["description"]
    ('high', 7278, 'FULL_HOUSE', 'Full house, kings full of sevens')
    >>> hand_row("Kh Kd 7c 7s Ks", "razz")["kind"]
    'low'
    >>> hand_row("Kh Kd 7c 7s Ks", "razz")["description"]
    'Full house, kings full of sevens: K-K-K-7-7'
    >>> hand_row("8c 6d 4h 3s 2c", "stud8")["low_description"]
    'Eight low: 8-6-4-3-2'
    """
    rules = get_game(game)
    cards = parse_cards(_without_brackets(text))
    most = min(7, rules.cards + rules.board)
    if not 5 <= len(cards) <= most:
        span = "5" if most == 5 else f"5 to {most}"
        raise ValueError(f"a {rules.title} hand has {span} cards, got {len(cards)}")
    main, *halves = rules.pot
    value, words = _value(main, cards)
    row: dict[str, object] = {"cards": format_cards(cards), "kind": main, "value": value}
    named = get_kind(main).category
    if named is not None:
        row["category"] = named(value).name
    row["description"] = words
    for kind in halves:
        row[kind], row["low_description"] = _value(kind, cards)
    return row


def _without_brackets(text: str) -> str:
    """A hand as replay prints it, ``[2d Jc] Qh 5s``: the brackets mark the down cards, which
    do not matter to a hand's value, so they go (each pair around at least one card).

    >>> _without_brackets("[Ah Kh] Qh Jh [Th]")
    ' Ah Kh  Qh Jh  Th '
    """
    bare = re.sub(r"\[([^\[\]]*)\]", r" \1 ", text)
    if "[" in bare or "]" in bare:
        raise ValueError(f"unmatched bracket in {text!r}: brackets go around down cards, like '[Ah Kh] Qh Jh Th'")
    if re.search(r"\[[\s,]*\]", text):
        raise ValueError(f"empty brackets in {text!r}: brackets go around down cards, like '[Ah Kh] Qh Jh Th'")
    return bare


def _text(row: dict[str, object]) -> str:
    if "category" not in row:  # a low game: no category
        return f"{row['cards']:<22} {row['value']:>5}  {row['description']}"
    out = f"{row['cards']:<22} {row['value']:>5}  {row['category']:<16} {row['description']}"
    if "low_description" in row:
        # the low half's value, under its kind's name
        low = next(v for k, v in row.items() if k in HAND_KINDS and k != row["kind"])
        out += f" | low {low}  {row['low_description']}" if low else " | no low"
    return out


def _inputs(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """(where, hand text) for every hand asked for; ``where`` names it in an error."""
    hands = list(args.hand)
    if args.file is not None and hands:
        raise ValueError("give hands as arguments or --file, not both")
    source = args.file if args.file is not None else ("-" if hands in ([], ["-"]) else None)
    if source is None:
        if "-" in hands:
            raise ValueError("'-' (stdin) cannot be mixed with hands given as arguments")
        for number, text in enumerate(hands, 1):
            where = f"hand {number}: " if len(hands) > 1 else ""
            if len(text) > common.MAX_LINE_BYTES:
                raise ValueError(f"{where}a hand of {len(text):,} characters is longer than {common.MAX_LINE_BYTES:,}")
            yield where, text
        return
    if source == "-" and common.stdin_is_terminal():
        raise ValueError('no hand given: try studeval eval "As Ks Qs Js Ts", --file FILE, or pipe hands in')
    for number, line in common.read_lines(source):
        text = line.strip()
        if text and not text.startswith("#"):
            yield f"line {number}: ", text


def _run(args: argparse.Namespace) -> int:
    status = 0
    streaming = args.file is not None or not args.hand or args.hand == ["-"]
    single_cards = len(args.hand) > 1 and all(len(h.split()) == 1 for h in args.hand)
    for where, text in _inputs(args):
        try:
            row = hand_row(text, args.game)
        except (ValueError, TypeError) as exc:
            hint = ' (quote a hand: studeval eval "As Ks Qs Js Ts")' if single_cards else ""
            common.report(common.command_name(args), f"{where}{exc}{hint}")
            status = 2
            continue
        if args.json:
            print(json.dumps(row))
        else:
            print(_text(row))
        if streaming:
            sys.stdout.flush()  # answer each line as it is read
    return status


@common.command(
    "eval",
    _run,
    "evaluate hands of 5, 6 or 7 cards, high or low (razz, stud hi-lo)",
    details=(
        "Each argument is one hand (quote it). With no hand, or '-', hands are read from\n"
        "stdin, one a line; --file reads them from a file. Blank lines and # comments are\n"
        f"skipped; a line may hold at most {common.MAX_LINE_BYTES:,} bytes. Values run from 1 to 7462,\n"
        "higher is better. --game razz rates the ace-to-five low (1..6175, 6175 = 5-4-3-2-A);\n"
        "--game stud8 prints the high and the eight-or-better low (1..56, or no low).\n"
        "--json: one object per hand, its value under 'value' and what it measures under\n"
        "'kind' (high, or low in razz); stud8 adds 'low8' (0 = no low)."
    ),
    examples=[
        'studeval eval "As Ks Qs Js Ts"',
        'studeval eval "Kh Kd 7c 7s Ks 2d 3h" "2c 3d 4h 5s 7c" --json',
        "studeval eval --file hands.txt",
        "cat hands.txt | studeval eval -",
        'studeval eval --game razz "Kh 7c 5d 4h 3s As 7d"',
        'studeval eval --game stud8 "Kh 7c 5d 4h 3s As 7d" --json',
    ],
)
def register(p: argparse.ArgumentParser) -> None:
    """``eval``'s arguments."""
    p.add_argument("hand", nargs="*", help='a hand, e.g. "As Ks Qs Js Ts"; none or - reads stdin')
    p.add_argument("--file", "-f", help="read one hand per line from this file (- for stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
    common.game_option(
        p, stud=False, help="the value is the high hand, or the low of the low games; hi-lo games add the low"
    )
