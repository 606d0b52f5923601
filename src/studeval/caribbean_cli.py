"""``studeval caribbean``: the banked game's return table, advice, and a table to play at.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="studeval")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["caribbean", "advise", "As Kd Qh 7c 3s", "--dealer", "9h", "--no-change"])
>>> args.func(args)
hand As Kd Qh 7c 3s against dealer 9h
  fold     -1.000000
  raise    -1.017011
best: fold (-1.000000)
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from studeval.cards import format_card, format_cards, parse_cards
from studeval.evaluate import describe, evaluate

if TYPE_CHECKING:
    from studeval.caribbean import PayTable


def _paytable(spec: str | None) -> PayTable | None:
    from studeval.caribbean import PayTable

    return None if spec is None else PayTable.parse(spec)


def _cmd_edge(args: argparse.Namespace) -> int:
    from studeval.caribbean import analyze

    result = analyze(
        _paytable(args.paytable),
        one_card_change=args.one_card_change,
        strategy=args.strategy,
        threads=args.threads,
        progress=None if not args.quiet else False,
    )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        title = "5 Card Stud Poker (Caribbean Stud)" + (" with the one-card change" if args.one_card_change else "")
        print(f"{title}, {result.strategy.replace('_', ' ')} strategy, per unit ante")
        print(result.format())
        if args.one_card_change:
            shares = ", ".join(f"{k.replace('_', ' ')} {float(v):.2%}" for k, v in result.change_by_category.items() if v)
            print(f"changes a card with: {shares}")
        print(f"computed in {result.seconds:.1f} s")
    return 0


def _cmd_advise(args: argparse.Namespace) -> int:
    from studeval.caribbean import advise

    advice = advise(args.hand, args.dealer, paytable=_paytable(args.paytable), one_card_change=not args.no_change)
    if args.json:
        print(json.dumps(advice.to_dict()))
        return 0
    print(f"hand {advice.player} against dealer {advice.dealer_up}")
    print(f"  {'fold':<8} {advice.fold_ev:+.6f}")
    print(f"  {'raise':<8} {advice.raise_ev:+.6f}")
    for card, ev in advice.change_evs.items():
        print(f"  {'change ' + card:<8} {ev:+.6f}")
    print(f"best: {advice.best} ({advice.best_ev:+.6f})")
    return 0


def _ask(prompt: str, valid: Callable[[str], bool], read: Callable[[str], str]) -> str:
    while True:
        answer = read(prompt).strip().lower()
        if valid(answer):
            return answer
        print("  please answer again")


def _cmd_play(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    from studeval.caribbean import Table, advise

    table = Table(
        paytable=_paytable(args.paytable),
        max_payout=args.max_payout,
        one_card_change=not args.no_change,
        seed=args.seed,
    )
    bank = 0.0
    hands = played = 0
    print("5 Card Stud Poker against the dealer. Answer q to leave.")
    try:
        while args.hands is None or hands < args.hands:
            hands += 1
            round_ = table.deal({1: args.ante})
            seat = round_.seats[1]
            up = round_.dealer_up
            assert up is not None  # a fresh deal gives the dealer five cards: never void
            print(f"\nhand {hands}: ante {args.ante:g}; dealer shows {format_card(up)}")
            print(f"  your cards: {format_cards(seat.cards)}  ({describe(evaluate(seat.cards))})")
            if not args.no_change:
                answer = _ask(
                    "  change a card? (a card such as 7c, or Enter for none) ",
                    lambda a: a in ("", "q") or _is_card_of(a, seat.cards),
                    read,
                )
                if answer == "q":
                    break
                if answer:
                    new = round_.change(1, answer)
                    print(f"  you draw {format_card(new)}: {format_cards(seat.cards)}  ({describe(evaluate(seat.cards))})")
            if args.hint:
                hint = advise(seat.cards, up, paytable=table.paytable, one_card_change=False)
                print(f"  hint: raise EV {hint.raise_ev:+.3f}, fold -1: {hint.best}")
            answer = _ask("  raise or fold? (r/f) ", lambda a: a in ("r", "f", "raise", "fold", "q"), read)
            if answer == "q":
                break
            round_.decide(1, answer.startswith("r"))
            result = round_.settle()[1]
            dealer = round_.dealer
            print(f"  dealer: {format_cards(dealer)}  ({describe(evaluate(dealer))})")
            print(f"  {result.outcome}: ante {result.ante:+}, raise {result.raise_bet:+}"
                  + (f", change {result.change:+}" if result.change else "") + f"  -> {result.net:+}")
            bank += result.net
            played += 1
            print(f"  bank {bank:+g}")
    except EOFError:
        print()
    print(f"you played {played} hands, net {bank:+g}")
    return 0


def _is_card_of(text: str, cards: list[int]) -> bool:
    try:
        parsed = parse_cards(text)
    except (ValueError, TypeError):
        return False
    return len(parsed) == 1 and parsed[0] in cards


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``caribbean`` with its sub-commands edge, advise and play."""
    top = sub.add_parser("caribbean", help="the banked 5 Card Stud (Caribbean Stud) game: edge, advice, play")
    inner = top.add_subparsers(dest="caribbean_command", metavar="SUBCOMMAND")
    inner.required = True
    paytable_help = 'pays pair..royal flush, e.g. "1,2,3,4,5,7,20,50,100" or "pair=1,...,royal_flush=100"'

    p = inner.add_parser("edge", help="the exact house edge and return table")
    p.add_argument("--paytable", help=paytable_help)
    p.add_argument("--one-card-change", action="store_true", help="the variant with the one-card change")
    p.add_argument("--strategy", default="optimal", choices=["optimal", "pair_or_better", "ace_king_or_better"],
                   help="the player's strategy (default optimal)")
    p.add_argument("--threads", type=int, default=None, help="threads (default: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_edge)

    p = inner.add_parser("advise", help="the exact EV of each play for a hand against an up card")
    p.add_argument("hand", help='the five cards, e.g. "As Kd Qh 7c 3s"')
    p.add_argument("--dealer", required=True, help="the dealer's up card, e.g. 9h")
    p.add_argument("--paytable", help=paytable_help)
    p.add_argument("--no-change", action="store_true", help="leave out the one-card change")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_advise)

    p = inner.add_parser("play", help="play hands at a terminal table")
    p.add_argument("--ante", type=float, default=1.0, help="the ante (default 1)")
    p.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    p.add_argument("--seed", type=int, default=None, help="reproducible deals (default: secure shuffle)")
    p.add_argument("--paytable", help=paytable_help)
    p.add_argument("--max-payout", type=float, default=5000, help="maximum payout per bet (default 5000)")
    p.add_argument("--no-change", action="store_true", help="no one-card change")
    p.add_argument("--hint", action="store_true", help="show the best play")
    p.set_defaults(func=_cmd_play)
