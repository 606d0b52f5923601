"""``studeval equity``: equities of stud or hold'em hands from the command line.

>>> from studeval.cli import main
>>> main(["equity", "As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h", "--no-time"])
player  cards                  equity      win      tie
1       As Ah Kd 2c 3c 4c      40.38%   40.38%    0.00%
2       Qc Qd 7s 7h 8h 9h      59.62%   59.62%    0.00%
seven card stud, exact over 1,560 deals
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from studeval.cards import format_cards, parse_cards
from studeval.equity import DEFAULT_SAMPLES, EquityResult, holdem_equity, stud_equity

_GAME_NAMES = {"seven": "seven card stud", "five": "five card stud", "holdem": "hold'em"}


class _Progress:
    """A percentage on stderr, only on a terminal and only once a job has run a moment."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, fraction: float) -> None:
        if time.perf_counter() - self.start < 0.5:
            return
        self.shown = True
        print(f"\rstudeval equity: {100 * fraction:5.1f}%", end="", file=sys.stderr, flush=True)

    def clear(self) -> None:
        if self.shown:
            print("\r" + " " * 32 + "\r", end="", file=sys.stderr, flush=True)


def _run(args: argparse.Namespace) -> int:
    progress = _Progress() if sys.stderr.isatty() and not args.json else None
    options = dict(method=args.method, samples=args.samples, seed=args.seed, threads=args.threads, progress=progress)
    try:
        if args.game == "holdem":
            result = holdem_equity(args.hands, board=args.board or (), dead=args.dead or (), **options)
        else:
            if args.board:
                raise ValueError("--board is for hold'em only (use --game holdem)")
            result = stud_equity(args.hands, game=args.game, dead=args.dead or (), **options)
    finally:
        if progress:
            progress.clear()
    hands = [format_cards(parse_cards(h)) for h in args.hands]
    if args.json:
        print(json.dumps(_as_json(args, hands, result)))
    else:
        _print_table(args, hands, result)
    return 0


def _as_json(args: argparse.Namespace, hands: list[str], r: EquityResult) -> dict:
    return {
        "game": args.game,
        "board": format_cards(parse_cards(args.board)) if args.board else "",
        "dead": format_cards(parse_cards(args.dead)) if args.dead else "",
        "method": r.method,
        "deals": r.deals,
        "seconds": r.seconds,
        "community_card": r.community_card,
        "players": [
            {"cards": h, "equity": r.equity[i], "win": r.win[i], "tie": r.tie[i], "stderr": r.stderr[i]}
            for i, h in enumerate(hands)
        ],
    }


def _print_table(args: argparse.Namespace, hands: list[str], r: EquityResult) -> None:
    width = max(20, *(len(h) for h in hands))
    mc = r.method == "monte-carlo"
    print(f"{'player':<7} {'cards':<{width}} {'equity':>8} {'win':>8} {'tie':>8}" + ("  std err" if mc else ""))
    for i, h in enumerate(hands):
        line = f"{i + 1:<7} {h:<{width}} {100 * r.equity[i]:7.2f}% {100 * r.win[i]:7.2f}% {100 * r.tie[i]:7.2f}%"
        print(line + (f"  {100 * r.stderr[i]:6.3f}%" if mc else ""))
    extra = []
    if args.board:
        extra.append(f"board {format_cards(parse_cards(args.board))}")
    if args.dead:
        extra.append(f"dead {format_cards(parse_cards(args.dead))}")
    if r.community_card:
        extra.append("the deck runs out: the seventh card is a community card")
    what = "exact over" if r.method == "exact" else "Monte Carlo,"
    tail = f"{_GAME_NAMES[args.game]}, {what} {r.deals:,} deals"
    if args.time:
        tail += f" in {r.seconds:.3f} s"
    print("; ".join([tail] + extra))


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("equity", help="equities of stud or hold'em hands (exact or Monte Carlo)")
    p.add_argument("hands", nargs="+", help='one argument per player: known cards, e.g. "As Ah Kd" (an opponent: up cards)')
    p.add_argument("--game", choices=("seven", "five", "holdem"), default="seven", help="seven card stud (default), five card stud or hold'em")
    p.add_argument("--dead", help='cards seen and out of play, e.g. "2c 9h"')
    p.add_argument("--board", help="hold'em: the known board cards")
    p.add_argument("--method", choices=("auto", "exact", "monte-carlo"), default="auto", help="default auto: exact when cheap")
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help=f"Monte Carlo deals (default {DEFAULT_SAMPLES:,})")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed, for a reproducible result")
    p.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-time", dest="time", action="store_false", help="leave the time out of the table")
    p.set_defaults(func=_run)
