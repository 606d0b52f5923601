"""``studeval caribbean``: the banked game's return table, advice, and a table to play at.

The three sub-commands mean the same game: the one ``play`` deals, with the one-card change,
unless ``--no-change``; and the same rule for a dealer who does not qualify (``--no-qualify``,
every raised ante paid by default). Every report is formatted here; the domain package never prints.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="studeval")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["caribbean", "advise", "As Kd Qh 7c 3s", "--dealer", "9h", "--no-change"])
>>> args.func(args)
hand As Kd Qh 7c 3s against dealer 9h: expected value of each play, in antes
  fold     -1.000000 antes
  raise    -1.017011 antes
best: fold (-1.000000 antes)
0
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, TextIO

from studeval.cards import format_card, format_cards, parse_cards
from studeval.cli import common
from studeval.evaluate import describe, evaluate

if TYPE_CHECKING:
    from studeval.caribbean import Analysis, PayTable, Table

# What the exact analysis cost on the reference machine (2 cores, RESULTS.md): said before
# it starts, so nobody waits blind; the progress bar then gives the real time left.
_GAME_NAME = "5 Card Stud Poker (Caribbean Stud)"
#: The most hands ``play --hands`` asks for (a session at a terminal, not a simulation).
MAX_HANDS = 1_000_000


def _checked(convert: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type from a library parser: its ValueError/TypeError message, one line."""

    def check(text: str) -> object:
        try:
            return convert(text)
        except (ValueError, TypeError) as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    check.__name__ = getattr(convert, "__name__", "value")
    return check


def _paytable_text(text: str) -> str:
    from studeval.caribbean import PayTable

    PayTable.parse(text)  # checked while parsing the arguments; parsed again where it is used
    return text


def _ranks_text(text: str) -> str:
    from studeval.caribbean import deck_of_ranks

    deck_of_ranks(text.strip())
    return text.strip()


def _ante(text: str) -> Fraction:
    from studeval.caribbean import parse_amount

    return parse_amount(text, "the ante", positive=True)


def _paytable(spec: str | None) -> PayTable | None:
    from studeval.caribbean import PayTable

    return None if spec is None else PayTable.parse(spec)


def format_analysis(result: Analysis) -> str:
    """The return table of an analysis as text.

    >>> from studeval.caribbean import analyze
    >>> print(format_analysis(analyze(ranks="JQKA", one_card_change=False)).splitlines()[0].split())
    ['Event', 'Net', 'Combinations', 'Probability', 'Return']
    """
    lines = [f"{'Event':<44} {'Net':>7} {'Combinations':>22} {'Probability':>12} {'Return':>10}"]
    for o in result.outcomes:
        ret = float(o.net) * o.probability
        lines.append(f"{o.event:<44} {float(o.net):>7g} {o.combinations:>22,} {o.probability:>12.8f} {ret:>10.6f}")
    lines.append(
        f"{'Total':<44} {'':>7} {result.total_combinations:>22,} {1:>12.8f} {float(result.expected_value):>10.6f}"
    )
    lines.append("")
    lines.append(
        f"house edge {result.house_edge:.6%}  element of risk {result.element_of_risk:.6%}  "
        f"average wager {float(result.average_wager):.6f}  raise {float(result.raise_frequency):.4%}"
        + (f"  change {float(result.change_frequency):.4%}" if result.one_card_change else "")
    )
    return "\n".join(lines)


def _estimate(
    progress: Callable[[float], None],
    up_cards: int,
    name: str,
    *,
    clock: Callable[[], float] = time.perf_counter,
    out: TextIO | None = None,
) -> Callable[[float], None]:
    """``progress``, and once the first of ``up_cards`` up card ranks is counted (the analysis
    counts one at a time, each about as long), one line on stderr with the whole job's time
    extrapolated from that measured slice (to ``out``, default stderr).

    >>> ticks = iter([0.0, 9.0])
    >>> report = _estimate(lambda f: None, 13, "edge", clock=lambda: next(ticks), out=sys.stdout)
    >>> report(0.05); report(1 / 13); report(2 / 13)
    edge: the first of 13 up cards took 9.0 s: about 1.9 min in all, 1.8 min left
    """
    start = clock()
    said = False

    def report(fraction: float) -> None:
        nonlocal said
        if not said and 1 / up_cards <= fraction < 1:
            said = True
            took = clock() - start
            total = took / fraction
            print(
                f"{name}: the first of {up_cards} up cards took {took:.1f} s: "
                f"about {_duration(total)} in all, {_duration(total - took)} left",
                file=out or sys.stderr,
                flush=True,
            )
        progress(fraction)

    return report


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 99.5 else f"{seconds / 60:.1f} min"


def _cmd_edge(args: argparse.Namespace) -> int:
    from studeval._core import check_threads
    from studeval.caribbean import analyze, deck_of_ranks

    if args.no_change and args.one_card_change:
        raise ValueError("--one-card-change and --no-change contradict each other")
    if args.one_card_change and args.strategy != "optimal":
        raise ValueError(f"the {args.strategy} strategy never changes a card: leave out --one-card-change")
    # the game offers the change; a strategy that never changes is the game without it (as analyze() does)
    change = not args.no_change and args.strategy == "optimal"
    title = _GAME_NAME + (" with the one-card change" if change else " without the change")
    # every argument is checked before the estimate and the bar, so an error is one line
    paytable = _paytable(args.paytable)
    threads = check_threads(args.threads)
    name = common.command_name(args)  # --plot was checked with the arguments (common.picture_file)
    up_cards = len({card >> 2 for card in deck_of_ranks(args.ranks)})
    if not args.quiet:
        print(
            f"{name}: {title.lower()}: every deal counted exactly, one up card rank at a time; "
            f"the time is estimated once the first of the {up_cards} is counted",
            file=sys.stderr,
        )
    with common.progress_bar(name, enabled=False if args.quiet else None, log_every=10) as bar:
        progress = bar if args.quiet else _estimate(bar, up_cards, name)
        result = analyze(
            paytable,
            one_card_change=change,
            strategy=args.strategy,
            no_qualify=args.no_qualify,
            ranks=args.ranks,
            threads=threads,
            progress=progress,
        )
    if args.plot is not None:
        from studeval.plots import plot_casino_returns

        game = "with the one-card change" if change else "without the change"
        short_deck = (
            None
            if args.ranks is None
            # the picture must not pass for the real game's
            else f"5 Card Stud Poker {game}, ranks {args.ranks.upper()} only: house edge {result.house_edge:.3%}"
        )
        written = plot_casino_returns(result, args.plot, title=short_deck)
        if not args.quiet:
            print(f"{name}: wrote the return table picture to {written}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    rule = "" if args.no_qualify == "every_ante" else ", only antes that beat a dealer who does not qualify win"
    deck = "" if args.ranks is None else f", a deck of the ranks {args.ranks.upper()} only"
    print(f"{title}{rule}{deck}, {result.strategy.replace('_', ' ')} strategy, per unit ante")
    print(format_analysis(result))
    if change:
        shares = ", ".join(f"{k.replace('_', ' ')} {float(v):.2%}" for k, v in result.change_by_category.items() if v)
        print(f"changes a card with: {shares}")
    print(f"computed in {result.seconds:.1f} s")
    return 0


def _cmd_advise(args: argparse.Namespace) -> int:
    from studeval.caribbean import advise

    advice = advise(
        args.hand,
        args.dealer,
        paytable=_paytable(args.paytable),
        one_card_change=not args.no_change,
        no_qualify=args.no_qualify,
    )
    if args.json:
        print(json.dumps(advice.to_dict()))
        return 0
    print(f"hand {advice.player} against dealer {advice.dealer_up}: expected value of each play, in antes")
    print(f"  {'fold':<8} {advice.fold_ev:+.6f} antes")
    print(f"  {'raise':<8} {advice.raise_ev:+.6f} antes")
    for card, ev in advice.change_evs.items():  # the change's own wager (one ante) counted
        print(f"  {'change ' + card:<8} {ev:+.6f} antes")
    print(f"best: {advice.best} ({advice.best_ev:+.6f} antes)")
    return 0


def _ask(prompt: str, check: Callable[[str], str | None], read: Callable[[str], str]) -> str:
    """Ask until ``check`` finds no fault with the answer (it returns the reason, or None)."""
    while True:
        answer = read(prompt).strip().lower()
        reason = check(answer)
        if reason is None:
            return answer
        print(f"  {reason}; please answer again")


#: The answers to "change a card?" that keep the hand as dealt (Enter among them).
KEEP_ANSWERS = ("", "n", "no", "none", "keep", "stay", "-")


def _change_fault(answer: str, cards: list[int]) -> str | None:
    """Why an answer to "change a card?" is neither a card of the hand, a way to keep the
    hand (:data:`KEEP_ANSWERS`) nor q, or None.

    >>> _change_fault("no", [0, 1, 2, 3, 4]) is None
    True
    >>> _change_fault("yes", [0, 1, 2, 3, 4])
    'name the card to change, such as 2c (or n to keep your cards)'
    """
    if answer in KEEP_ANSWERS or answer == "q":
        return None
    if answer in ("y", "yes"):
        return f"name the card to change, such as {format_card(cards[0])} (or n to keep your cards)"
    try:
        parsed = parse_cards(answer)
    except (ValueError, TypeError) as exc:
        return f"{answer!r} is not a card ({exc})"
    if len(parsed) != 1:
        return f"name one card to change, not {len(parsed)}"
    if parsed[0] not in cards:
        return f"{format_card(parsed[0])} is not in your hand ({format_cards(cards)})"
    return None


def _decision_fault(answer: str) -> str | None:
    if answer in ("r", "f", "raise", "fold", "q"):
        return None
    return f"{answer!r} is neither r (raise) nor f (fold)"


def _print_rules(args: argparse.Namespace, ante: str, cap: str, paytable: PayTable) -> None:
    print(f"{_GAME_NAME} against the dealer. Answer q (or Ctrl-C) to leave.")
    print(f"  Each hand: ante {ante}; five cards each, the dealer shows one.")
    if not args.no_change:
        print(f"  You may change one card: it costs a wager equal to the ante ({ante}), lost whatever comes;")
        print("  after a change, four of a kind, straight flush and royal flush pay half.")
    print(f"  Then fold (lose the ante) or raise twice the ante ({ante} x 2).")
    nq = (
        "every raised ante wins even money"
        if args.no_qualify == "every_ante"
        else "only an ante that beats his hand wins even money, a lower hand loses it"
    )
    print(f"  The dealer qualifies with ace-king or better; if he does not, {nq} and the raise pushes.")
    print(f"  Beating a qualifying dealer: the ante pays even money, the raise by the table (each bet at most {cap}):")
    pays = paytable.to_dict()
    print(
        "    "
        + ", ".join(f"{name.replace('_', ' ')} {pays[name]:g}:1" for name in pays if name != "high_card")
        + f" (ace-king {pays['high_card']:g}:1)"
    )


def _summary(played: int, bank: float, currency: str) -> str:
    """The last line of a session, also after Ctrl-C.

    >>> _summary(1, -3.0, "EUR")
    'you played 1 hand, net -3 EUR'
    """
    return f"you played {played} hand{'' if played == 1 else 's'}, net {bank:+g} {currency}"


def _cmd_play(args: argparse.Namespace) -> int:
    """Play at the terminal: the answers are read from stdin (common.answers), so a closed stdin
    is refused before the rules are shown, and the end of stdin ends the session."""
    from studeval.caribbean import Table

    table = Table(
        paytable=_paytable(args.paytable),
        max_payout=args.max_payout,
        currency=args.currency,
        one_card_change=not args.no_change,
        no_qualify=args.no_qualify,
        seed=args.seed,
    )
    with common.answers() as read:
        return _play(args, table, read)


def _play(args: argparse.Namespace, table: Table, read: Callable[[str], str]) -> int:
    """The session of ``play``: ask each question with ``read``, until q, --hands, the end of stdin or Ctrl-C."""
    from studeval.caribbean import advise

    ante = args.ante  # checked by the parser, like every number here, before the rules are shown
    ante_text = f"{float(ante):g} {args.currency}"
    cap_text = f"{float(table.max_payout):g} {args.currency}"
    _print_rules(args, ante_text, cap_text, table.paytable)
    bank = 0.0
    hands = played = 0
    try:
        while args.hands is None or hands < args.hands:
            hands += 1
            round_ = table.deal({1: ante})
            seat = round_.seats[1]
            up = round_.dealer_up
            assert up is not None  # a fresh deal gives the dealer five cards: never void
            print(f"\nhand {hands}: ante {ante_text}; dealer shows {format_card(up)}")
            print(f"  your cards: {format_cards(seat.cards)}  ({describe(evaluate(seat.cards))})")
            if not args.no_change:
                if args.hint:
                    hint = advise(
                        seat.cards, up, paytable=table.paytable, one_card_change=True, no_qualify=args.no_qualify
                    )
                    best_change = max(hint.change_evs.items(), key=lambda kv: kv[1])
                    keep = max(hint.raise_ev, hint.fold_ev)
                    advice = f"change {best_change[0]}" if hint.best.startswith("change") else "keep your cards"
                    print(
                        f"  hint: {advice} (keeping: EV {keep:+.3f}; best change {best_change[0]}: "
                        f"EV {best_change[1]:+.3f}, counting its wager)"
                    )
                answer = _ask(
                    f"  change a card for {ante_text}? (a card such as {format_card(seat.cards[0])}; Enter or n keeps them) ",
                    functools.partial(_change_fault, cards=seat.cards),
                    read,
                )
                if answer == "q":
                    break
                if answer not in KEEP_ANSWERS:
                    new = round_.change(1, answer)
                    print(
                        f"  you draw {format_card(new)}: {format_cards(seat.cards)}  ({describe(evaluate(seat.cards))})"
                    )
            if args.hint:
                hint = advise(
                    seat.cards, up, paytable=table.paytable, one_card_change=False, no_qualify=args.no_qualify
                )
                print(f"  hint: raise EV {hint.raise_ev:+.3f}, fold -1: {hint.best}")
            answer = _ask("  raise or fold? (r/f) ", _decision_fault, read)
            if answer == "q":
                break
            round_.decide(1, answer.startswith("r"))
            result = round_.settle()[1]
            dealer = round_.dealer
            print(f"  dealer: {format_cards(dealer)}  ({describe(evaluate(dealer))})")
            print(
                f"  {result.outcome}: ante {result.ante:+}, raise {result.raise_bet:+}"
                + (f", change {result.change:+}" if result.change else "")
                + f"  -> {result.net:+}"
            )
            bank += result.net
            played += 1
            print(f"  bank {bank:+g}")
    except EOFError:
        print()
    except KeyboardInterrupt:
        print(f"\n{_summary(played, bank, args.currency)}")
        return 130
    print(_summary(played, bank, args.currency))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``caribbean`` with its sub-commands edge, advise and play."""
    from studeval._core import THREAD_LIMIT
    from studeval.caribbean import CURRENCY_UNITS, EVERY_ANTE, NO_QUALIFY_RULES, STRATEGIES

    top = sub.add_parser(
        "caribbean",
        help="the banked 5 Card Stud (Caribbean Stud) game: edge, advice, play",
        description="the banked 5 Card Stud (Caribbean Stud) game: edge, advice, play\n\n"
        "A casino's banked game, as its posted rules deal it. edge, advise and play mean the same\n"
        "game: each player may change one card (--no-change: the game without it), and a dealer\n"
        "who does not qualify pays every raised ante even money (--no-qualify).",
        epilog="examples:\n  studeval caribbean edge --no-change\n"
        '  studeval caribbean advise "As Kd Qh 7c 3s" --dealer 9h\n  studeval caribbean play --hint\n'
        "  studeval caribbean SUBCOMMAND --help   (each sub-command's options and examples)",
        formatter_class=common.HelpFormatter,
    )
    inner = top.add_subparsers(dest="caribbean_command", metavar="SUBCOMMAND")
    inner.required = True
    paytable_help = (
        'the raise pays for pair..royal flush, e.g. "1,2,3,4,5,7,20,50,100" or '
        '"pair=1,...,royal_flush=100" (default: the casino\'s table, 1,2,3,4,5,7,20,50,100)'
    )
    change_help = "the game without the one-card change (default: with it, as the casino's rules offer it)"
    nq_help = (
        f"a dealer who does not qualify: {EVERY_ANTE} pays every raised ante even money (the rules' "
        "pay-out section), winning_antes only the antes that beat his hand (their opening section)"
    )

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--paytable", type=_checked(_paytable_text), help=paytable_help)
        p.add_argument("--no-change", action="store_true", help=change_help)
        p.add_argument("--no-qualify", choices=NO_QUALIFY_RULES, default=EVERY_ANTE, help=nq_help)

    p = common.add_command(
        inner,
        "edge",
        _cmd_edge,
        "the exact house edge and return table over every deal",
        examples=[
            "studeval caribbean edge                      (with the change: about 45 s on 2 cores)",
            "studeval caribbean edge --no-change --json",
            "studeval caribbean edge --no-change --strategy pair_or_better --paytable 1,2,3,4,5,8,20,50,100",
            "studeval caribbean edge --no-change --plot returns.png",
        ],
    )
    game_options(p)
    # the old opt-in flag of README's first edition: the change is now the default
    p.add_argument("--one-card-change", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "--strategy",
        default="optimal",
        choices=list(STRATEGIES),
        help="the player's strategy (the simple ones never change a card: their game is the one without it)",
    )
    p.add_argument(
        "--ranks",
        type=_checked(_ranks_text),
        default=None,
        help="a short deck of these ranks only, e.g. 9TJQKA, for quick checks (default: all 52 cards)",
    )
    p.add_argument(
        "--threads", type=common.threads_type, default=None, help=f"threads, 1 to {THREAD_LIMIT} (default: all cores)"
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        default=None,
        type=common.picture_file,
        help="also write the return table as a picture to FILE, whose ending names the format, "
        "e.g. returns.png or .svg (a FILE without one is refused, never completed; "
        "needs matplotlib: pip install 'studeval[plot]')",
    )
    p.add_argument("--quiet", action="store_true", help="no estimate or progress on stderr")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = common.add_command(
        inner,
        "advise",
        _cmd_advise,
        "the exact EV of folding, raising and each change for a hand, in antes",
        details="Each play's expected value per hand in antes (a change counts its own wager of one ante).",
        examples=[
            'studeval caribbean advise "As Kd Qh 7c 3s" --dealer 9h',
            'studeval caribbean advise "Th Jh Qh Kh 2c" --dealer 5s --json',
        ],
    )
    p.add_argument("hand", help='the five cards, e.g. "As Kd Qh 7c 3s"')
    p.add_argument("--dealer", required=True, help="the dealer's up card, e.g. 9h (required)")
    game_options(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = common.add_command(
        inner,
        "play",
        _cmd_play,
        "play hands against the dealer at the terminal",
        examples=[
            "studeval caribbean play --hint",
            "studeval caribbean play --ante 5 --hands 20 --seed 1",
            "studeval caribbean play --ante 10 --currency USD --max-payout 5000",
        ],
    )
    p.add_argument("--ante", type=_checked(_ante), default="1", help="the ante, in --currency")
    p.add_argument(
        "--currency",
        default="EUR",
        help=f"the unit of the ante: {' or '.join(CURRENCY_UNITS)}, or another unit "
        "with --max-payout given in it (default: EUR)",
    )
    p.add_argument(
        "--max-payout",
        default=None,
        help="maximum payout per bet, in --currency or with its unit, e.g. 5000 or '5000 EUR' "
        "(default: the casino's 5,000 euro)",
    )
    common.count_option(p, "--hands", MAX_HANDS, None, "stop after this many hands", " (default: until you answer q)")
    p.add_argument(
        "--seed",
        type=common.seed_type,
        default=None,
        help="reproducible deals, 0 to 2**63-1 (default: the system's secure shuffle)",
    )
    game_options(p)
    p.add_argument("--hint", action="store_true", help="show the best play, the change included")
