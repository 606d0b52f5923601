"""The ``studeval`` command line (also ``python -m studeval``).

Each area of the package registers its own sub-commands: a module listed in
``_COMMAND_MODULES`` has ``register(subparsers)``, which adds parsers whose ``func`` default
takes the parsed arguments and returns the exit status. Errors that users cause (ValueError,
TypeError, OSError) print one line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from studeval import __version__
from studeval.cards import format_cards, parse_cards
from studeval.evaluate import category, describe, evaluate

_COMMAND_MODULES: tuple[str, ...] = (
    "studeval.cli",
    "studeval.equity_cli",
    "studeval.game.commands",
    "studeval.caribbean_cli",
)


def _hand_line(text: str) -> dict:
    cards = parse_cards(text)
    value = evaluate(cards)
    return {
        "cards": format_cards(cards),
        "rank": value,
        "category": category(value).name,
        "description": describe(value),
    }


def _cmd_eval(args: argparse.Namespace) -> int:
    if args.hand:
        lines = [" ".join(args.hand)]
    else:
        stream = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
        with stream:
            lines = [ln for ln in (raw.strip() for raw in stream) if ln and not ln.startswith("#")]
    status = 0
    for number, text in enumerate(lines, 1):
        try:
            row = _hand_line(text)
        except (ValueError, TypeError) as exc:
            where = f"line {number}: " if len(lines) > 1 else ""
            print(f"studeval eval: {where}{exc}", file=sys.stderr)
            status = 2
            continue
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{row['cards']:<22} {row['rank']:>5}  {row['category']:<16} {row['description']}")
    return status


def _cmd_bench(args: argparse.Namespace) -> int:
    from studeval._selfbench import run

    run(seconds=args.seconds, hands=args.hands, threads=args.threads, as_json=args.json)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="evaluate hands of 5, 6 or 7 cards")
    p.add_argument("hand", nargs="*", help='cards, e.g. "As Ks Qs Js Ts" (none: read --file or stdin)')
    p.add_argument("--file", "-f", help="read one hand per line from this file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
    p.set_defaults(func=_cmd_eval)

    p = sub.add_parser("bench", help="a short self-benchmark, beside the other installed evaluators")
    p.add_argument("--hands", type=int, default=2_000_000, help="hands in the batch test (default 2,000,000)")
    p.add_argument("--seconds", type=float, default=0.3, help="time per measurement (default 0.3)")
    p.add_argument("--threads", type=int, default=None, help="threads for the batch test (default: all)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=_cmd_bench)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studeval",
        description="Stud poker: evaluate hands, equities, table rules and the banked casino game.",
    )
    parser.add_argument("--version", action="version", version=f"studeval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["eval", "As Ks Qs Js Ts"])
    As Ks Qs Js Ts          7462  STRAIGHT_FLUSH   Royal flush
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, TypeError, OSError) as exc:
        print(f"studeval {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"studeval {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
