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
from studeval.equity import DEFAULT_SAMPLES, METHODS, EquityResult, HiLoResult, holdem_equity, stud_equity
from studeval.games import get_game
from studeval.ranges import format_player, parse_player

__all__ = ["MAX_SAMPLES", "METHODS", "register"]

#: The most Monte Carlo deals ``--samples`` takes (about a minute on one core).
MAX_SAMPLES = 10**9


def _street(args: argparse.Namespace) -> str:
    """The street of the question, for the picture's bar: from the longest known hand (and
    hold'em's board)."""
    game = get_game(args.game)
    board = len(parse_cards(args.board)) if args.board else 0
    # each player's cards dealt so far: the known cards, plus the hole cards a range stands for
    dealt = [1]
    for h in args.hands:
        hole_range, known = parse_player(h, game=args.game)
        dealt.append(len(known) + (game.hole if hole_range is not None else 0))
    street = game.street_of(max(dealt), board)
    return street.label if street is not None else f"{board} board cards"


def _run(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {
        "method": args.method,
        "samples": args.samples,
        "seed": args.seed,
        "threads": args.threads,
    }
    game = get_game(args.game)
    if game.stud and args.board:
        raise ValueError("--board is for hold'em only (use --game holdem)")
    result: EquityResult | HiLoResult
    with common.progress_bar(common.command_name(args), enabled=None if not args.json else False) as progress:
        if not game.stud:
            result = holdem_equity(
                args.hands, board=args.board or (), dead=args.dead or (), progress=progress, **options
            )
        else:
            result = stud_equity(args.hands, game=args.game, dead=args.dead or (), progress=progress, **options)
    hands = [format_player(h, game=args.game) for h in args.hands]
    if args.json:
        # a figure a method does not count (stud8's chance of no low by Monte Carlo) is null
        print(json.dumps(_as_json(args, hands, result), allow_nan=False))
    else:
        _print_table(args, hands, result)
        if args.verbose:
            print(f"plan: {result.plan}")
    if args.plot is not None:
        _plot(args, hands, result)
    return 0


def _plot(args: argparse.Namespace, hands: list[str], result: EquityResult | HiLoResult) -> None:
    """Write the picture to ``--plot``, a file checked with the arguments (common.picture_file)."""
    from studeval.plots import plot_equity_by_street

    plot_equity_by_street(
        [result], args.plot, labels=hands, streets=[_street(args)], title=f"{get_game(args.game).title} equity"
    )


def _as_json(args: argparse.Namespace, hands: list[str], r: EquityResult | HiLoResult) -> dict[str, Any]:
    rows = r.records()
    return {
        "game": args.game,
        "board": format_cards(parse_cards(args.board)) if args.board else "",
        "dead": format_cards(parse_cards(args.dead)) if args.dead else "",
        "method": r.method,
        "deals": r.deals,
        "seconds": r.seconds,
        "community_card": r.community_card,
        "plan": r.plan,
        **({"no_low": r.no_low} if isinstance(r, HiLoResult) else {}),
        "players": [
            {"cards": h, **{k: v for k, v in row.items() if k not in ("player", "label")}}
            for h, row in zip(hands, rows, strict=True)
        ],
    }


def _percent(x: float | None) -> str:
    return "       -" if x is None else f"{100 * x:7.2f}%"


def _print_table(args: argparse.Namespace, hands: list[str], r: EquityResult | HiLoResult) -> None:
    width = max(20, *(len(h) for h in hands))
    mc = r.method == "monte-carlo"
    hilo = isinstance(r, HiLoResult)
    columns = ("scoop", "high", "low") if hilo else ("win", "tie")
    rows = r.records()
    print(
        f"{'player':<7} {'cards':<{width}} {'equity':>8}"
        + "".join(f" {c:>8}" for c in columns)
        + ("  std err" if mc else "")
    )
    for i, h in enumerate(hands):
        figures = [rows[i][c] for c in columns]
        line = f"{i + 1:<7} {h:<{width}} {_percent(r.equity[i])}" + "".join(f" {_percent(x)}" for x in figures)
        print(line + (f"  {100 * r.stderr[i]:6.3f}%" if mc else ""))
    extra = []
    if args.board:
        extra.append(f"board {format_cards(parse_cards(args.board))}")
    if args.dead:
        extra.append(f"dead {format_cards(parse_cards(args.dead))}")
    if r.community_card:
        extra.append("the deck runs out: the seventh card is a community card")
    what = "exact over" if r.method == "exact" else "Monte Carlo,"
    tail = f"{get_game(args.game).title}, {what} {r.deals:,} deals"
    if args.time:
        tail += f" in {r.seconds:.3f} s"
    print("; ".join([tail, *extra]))


@common.command(
    "equity",
    _run,
    "equities of stud or hold'em hands (exact or Monte Carlo)",
    details=(
        "One argument per player: the cards known of them (your whole hand; an opponent's\n"
        "up cards). The rest of every hand comes from the live deck. Exact when the deals\n"
        "are few enough (always heads-up in stud), Monte Carlo otherwise. A player's text may\n"
        'start with a range of hole cards in brackets, e.g. "[KK, QQ+] Kc"; a hold\'em hand\n'
        'may be a range in hold\'em notation, e.g. "[QQ+, AKs, A5s-A2s, 20%]".'
    ),
    examples=[
        'studeval equity "As Ah Kd" "Qc Qd 7s"',
        'studeval equity "As Ah Kd 2c" "Qc Qd" "7h 8h" --dead "2d 9s"',
        'studeval equity "Ac Ad 9h" "Kc Qc Jc" --game five',
        'studeval equity "As 2d 3c" "Kh 7d 8s" --game razz',
        'studeval equity "As 2d 3c 4h 9s" "Kh Kd 8s 8c 5h" --game stud8',
        'studeval equity "As Ah Kd" "[KK, QQ+] Kc" --plot equity.png',
        'studeval equity "As Ah Kd" "Qc" "7s" --verbose',
        'studeval equity "Ah As" "Kd Kc" --game holdem --board "2c 7d 9h"',
        'studeval equity "[QQ+, AKs]" "Kd Kc" --game holdem',
        'studeval equity "As Ah" "Kd" "Qc" "Jh" --method monte-carlo --seed 1 --json',
    ],
)
def register(p: argparse.ArgumentParser) -> None:
    """``equity``'s arguments."""
    p.add_argument("hands", nargs="+", help='one argument per player: known cards, e.g. "As Ah Kd"')
    common.game_option(p, stud=False, help="stud8 and stud_hilo print scoop, high and low columns")
    p.add_argument("--dead", help='cards seen and out of play, e.g. "2c 9h" (default: none)')
    p.add_argument("--board", help="hold'em: the known board cards (default: none)")
    p.add_argument(
        "--method",
        choices=METHODS,
        default=METHODS[0],
        help="auto: exact unless it would take much longer than Monte Carlo (see --verbose)",
    )
    common.count_option(p, "--samples", MAX_SAMPLES, DEFAULT_SAMPLES, "Monte Carlo deals")
    p.add_argument(
        "--seed", type=common.seed_type, default=None, help="Monte Carlo seed (default: a fresh random seed)"
    )
    p.add_argument("--threads", type=common.threads_type, default=None, help="threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print the result as JSON (with the plan)")
    p.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="also say which method was used and why (the estimated times of counting and of sampling)",
    )
    p.add_argument("--no-time", dest="time", action="store_false", help="leave the time out of the table")
    p.add_argument(
        "--plot",
        metavar="FILE",
        type=common.picture_file,
        help="also write the equity picture to FILE, whose ending names the format: .png, .svg, .pdf, ... "
        "(a FILE without one is refused, never completed; needs matplotlib)",
    )
