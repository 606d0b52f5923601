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
from typing import Any

from studeval.cards import format_cards, parse_cards
from studeval.cli import common
from studeval.equity import DEFAULT_SAMPLES, METHODS, EquityResult, holdem_equity, stud_equity
from studeval.game import GAMES

__all__ = ["MAX_SAMPLES", "METHODS", "register"]

#: The most Monte Carlo deals ``--samples`` takes (about a minute on one core).
MAX_SAMPLES = 10**9


def _run(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {
        "method": args.method,
        "samples": args.samples,
        "seed": args.seed,
        "threads": args.threads,
    }
    if args.game != "holdem" and args.board:
        raise ValueError("--board is for hold'em only (use --game holdem)")
    with common.progress_bar(common.command_name(args), enabled=None if not args.json else False) as progress:
        if args.game == "holdem":
            result = holdem_equity(
                args.hands, board=args.board or (), dead=args.dead or (), progress=progress, **options
            )
        else:
            result = stud_equity(args.hands, game=args.game, dead=args.dead or (), progress=progress, **options)
    hands = [format_cards(parse_cards(h)) for h in args.hands]
    if args.json:
        print(json.dumps(_as_json(args, hands, result)))
    else:
        _print_table(args, hands, result)
    return 0


def _as_json(args: argparse.Namespace, hands: list[str], r: EquityResult) -> dict[str, Any]:
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
    tail = f"{common.GAME_NAMES[args.game]}, {what} {r.deals:,} deals"
    if args.time:
        tail += f" in {r.seconds:.3f} s"
    print("; ".join([tail, *extra]))


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``equity`` to the ``studeval`` parser."""
    p = common.add_command(
        sub,
        "equity",
        _run,
        "equities of stud or hold'em hands (exact or Monte Carlo)",
        details=(
            "One argument per player: the cards known of them (your whole hand; an opponent's\n"
            "up cards). The rest of every hand comes from the live deck. Exact when the deals\n"
            "are few enough (always heads-up in stud), Monte Carlo otherwise."
        ),
        examples=[
            'studeval equity "As Ah Kd" "Qc Qd 7s"',
            'studeval equity "As Ah Kd 2c" "Qc Qd" "7h 8h" --dead "2d 9s"',
            'studeval equity "Ac Ad 9h" "Kc Qc Jc" --game five',
            'studeval equity "Ah As" "Kd Kc" --game holdem --board "2c 7d 9h"',
            'studeval equity "As Ah" "Kd" "Qc" "Jh" --method monte-carlo --seed 1 --json',
        ],
    )
    p.add_argument("hands", nargs="+", help='one argument per player: known cards, e.g. "As Ah Kd"')
    p.add_argument("--game", choices=(*GAMES, "holdem"), default=GAMES[0], help="the game")
    p.add_argument("--dead", help='cards seen and out of play, e.g. "2c 9h" (default: none)')
    p.add_argument("--board", help="hold'em: the known board cards (default: none)")
    p.add_argument("--method", choices=METHODS, default=METHODS[0], help="auto: exact when cheap, else Monte Carlo")
    p.add_argument(
        "--samples",
        type=common.bounded_int(1, MAX_SAMPLES),
        default=DEFAULT_SAMPLES,
        help=f"Monte Carlo deals, 1 to {MAX_SAMPLES:,}",
    )
    p.add_argument(
        "--seed", type=common.seed_type, default=None, help="Monte Carlo seed (default: a fresh random seed)"
    )
    p.add_argument("--threads", type=common.threads_type, default=None, help="threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--no-time", dest="time", action="store_false", help="leave the time out of the table")
