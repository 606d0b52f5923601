"""``studeval eval``: the value, category and description of stud hands.

Each argument is one hand; with no argument (or ``-``) hands are read from stdin, one a
line, and ``--file`` reads them from a file. Lines are streamed: each result is printed as
its line is read. Blank lines and ``#`` comments are skipped, and errors name the physical
line. A bad hand prints one line on stderr; the others are still evaluated, and the exit
status is then 2.

>>> from studeval.cli import main
>>> main(["eval", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c 8d 9h"])
As Ks Qs Js Ts          7462  STRAIGHT_FLUSH   Royal flush
2c 3d 4h 5s 7c 8d 9h      49  HIGH_CARD        Nine high
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from studeval.cards import format_cards, parse_cards
from studeval.cli import common
from studeval.evaluate import category, describe, evaluate

__all__ = ["register"]


def hand_row(text: str) -> dict[str, object]:
    """One hand as plain data: its cards, value (1..7462), category and description.

    >>> hand_row("Kh Kd 7c 7s Ks")["description"]
    'Full house, kings full of sevens'
    """
    cards = parse_cards(text)
    value = evaluate(cards)
    return {
        "cards": format_cards(cards),
        "rank": value,
        "category": category(value).name,
        "description": describe(value),
    }


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
    if source == "-" and sys.stdin.isatty():
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
            row = hand_row(text)
        except (ValueError, TypeError) as exc:
            hint = ' (quote a hand: studeval eval "As Ks Qs Js Ts")' if single_cards else ""
            print(f"{common.command_name(args)}: {where}{exc}{hint}", file=sys.stderr)
            status = 2
            continue
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{row['cards']:<22} {row['rank']:>5}  {row['category']:<16} {row['description']}")
        if streaming:
            sys.stdout.flush()  # answer each line as it is read
    return status


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``eval`` to the ``studeval`` parser."""
    p = common.add_command(
        sub,
        "eval",
        _run,
        "evaluate hands of 5, 6 or 7 cards",
        details=(
            "Each argument is one hand (quote it). With no hand, or '-', hands are read from\n"
            "stdin, one a line; --file reads them from a file. Blank lines and # comments are\n"
            f"skipped; a line may hold at most {common.MAX_LINE_BYTES:,} bytes. Values run from 1 to 7462,\n"
            "higher is better."
        ),
        examples=[
            'studeval eval "As Ks Qs Js Ts"',
            'studeval eval "Kh Kd 7c 7s Ks 2d 3h" "2c 3d 4h 5s 7c" --json',
            "studeval eval --file hands.txt",
            "cat hands.txt | studeval eval -",
        ],
    )
    p.add_argument("hand", nargs="*", help='a hand, e.g. "As Ks Qs Js Ts"; none or - reads stdin')
    p.add_argument("--file", "-f", help="read one hand per line from this file (- for stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
