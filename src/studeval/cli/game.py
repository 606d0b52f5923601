"""The ``studeval replay`` and ``studeval simulate`` sub-commands.

>>> import tempfile, os
>>> out = os.path.join(tempfile.mkdtemp(), "hands")
>>> main_args = ["simulate", "--game", "five", "--players", "3", "--hands", "2", "--seed", "1", "--out", out]
>>> from studeval.cli import main
>>> main(main_args)  # doctest: +ELLIPSIS
2 hands of five card stud, 3 players, ...
0
>>> sorted(os.listdir(out))
['hand_000001.phh', 'hand_000002.phh']
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from studeval.cards import format_cards
from studeval.cli import common
from studeval.game import (
    BOTS,
    MAX_SEATS,
    MIN_SEATS,
    PRESETS,
    VARIANTS,
    BoardCard,
    Deal,
    Played,
    Shown,
    StudState,
    TimeOut,
    dumps,
    loads,
    replay,
    simulate,
    to_phh,
)
from studeval.game.bots import SelfPlayStats
from studeval.game.phh import dump_all
from studeval.games import get_game
from studeval.kinds import Kind, get_kind

__all__ = ["MAX_SIMULATED_HANDS", "register", "replay_report", "winning_hand"]

#: The most hands ``simulate`` plays in one run (one file each).
MAX_SIMULATED_HANDS = 1_000_000


def _game_name(game: str) -> str:
    return get_game(game).title


def _card(c: int) -> str:
    return "??" if c < 0 else format_cards([c])


def replay_report(state: StudState) -> dict[str, Any]:
    """A finished hand as plain data: streets with their deals and actions, pots, winners.

    >>> from studeval.game import StudState, Structure
    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    >>> st.act("bring_in"); st.act("fold")
    >>> r = replay_report(st)
    >>> r["finishing_stacks"], r["winners"]
    ([51, 49], ['p1'])
    """
    names = [street.name for street in get_game(state.game).streets]
    streets: list[dict[str, Any]] = []
    showdown: list[dict[str, Any]] = []
    dealing = False
    for event in state.log:
        if isinstance(event, (Deal, BoardCard)):
            if not dealing:
                streets.append({"street": names[min(len(streets), len(names) - 1)], "deals": [], "actions": []})
                dealing = True
            if isinstance(event, Deal):
                streets[-1]["deals"].append(
                    {
                        "player": f"p{event.seat + 1}",
                        "down": [_card(c) for c, up in zip(event.cards, event.up, strict=True) if not up],
                        "up": [_card(c) for c, up in zip(event.cards, event.up, strict=True) if up],
                    }
                )
            else:
                streets[-1]["deals"].append({"community": _card(event.card)})
            continue
        dealing = False
        if isinstance(event, Played):
            streets[-1]["actions"].append({"player": f"p{event.seat + 1}", "action": str(event.kind), "to": event.to})
        elif isinstance(event, TimeOut):
            streets[-1]["actions"].append({"player": f"p{event.seat + 1}", "action": f"time-out ({event.result})"})
        elif isinstance(event, Shown):
            i = event.seat
            showdown.append(
                {
                    "player": f"p{i + 1}",
                    "shows": event.shows,
                    "cards": [_card(c) for c in state.hand(i)] if event.shows else [],
                }
            )
    winners = sorted({w for p in state.pots for w in (*p.winners, *p.low_winners)})
    return {
        "variant": VARIANTS[state.game],
        "game": state.game,
        "starting_stacks": list(state.starting_stacks),
        "streets": streets,
        "showdown": showdown,
        "returned": list(state.returned),
        "pots": [
            {
                "amount": p.amount,
                "eligible": [f"p{i + 1}" for i in p.eligible],
                "winners": [f"p{i + 1}" for i in p.winners],
                **({"low_winners": [f"p{i + 1}" for i in p.low_winners]} if get_game(state.game).hilo else {}),
            }
            for p in state.pots
        ],
        "winners": [f"p{i + 1}" for i in winners],
        "payouts": list(state.payouts),
        "finishing_stacks": list(state.stacks),
        "winning_hands": [
            {"player": f"p{i + 1}", "won": _won(state, i), "hand": winning_hand(state, i)} for i in winners
        ],
    }


def winning_hand(state: StudState, seat: int) -> str:
    """What a winner held, in words: the five cards that played and the hand's name by the
    evaluator kinds of the game's pot (razz: the low; stud hi-lo: the high and the low, or
    that there is no low).

    A winner nobody called shows nothing, and the text says so.

    >>> from studeval.game import StudState, Structure
    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    >>> st.act("bring_in"); st.act("fold")
    >>> winning_hand(st, 0)
    'uncalled, cards not shown'
    """
    if not state.shown[seat]:
        return "uncalled, cards not shown"
    words = _held(state, seat)
    if len(words) == 1:
        return words[0] or ""
    high = words[0]
    low = words[1]
    return f"high {high}; low {low}" if low else f"high {high}; no low"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _words(kind: Kind, cards: list[int]) -> str | None:
    """A hand in words by a hand kind: its five cards and its name (None: no hand of the
    kind, as no eight-or-better low)."""
    five, words = kind.best_five(cards), kind.describe(cards)
    if five is None or words is None:
        return None
    return f"{format_cards(five)}, {_lower_first(words)}"


def _held(state: StudState, seat: int) -> list[str | None]:
    """A shown hand in words by each evaluator kind of the game's pot (the high, then the low)."""
    cards = state.hand(seat)
    return [_words(get_kind(kind), cards) for kind in get_game(state.game).pot]


def _won(state: StudState, seat: int) -> str:
    """What a winner took: "the pot", or in stud hi-lo "the high", "the low", "high and low"."""
    if not get_game(state.game).hilo:
        return "the pot"
    high = any(seat in p.winners for p in state.pots)
    low = any(seat in p.low_winners for p in state.pots)
    return "high and low" if high and low else "the high" if high else "the low"


def _winning_line(state: StudState, seat: int) -> str:
    if not get_game(state.game).hilo or not state.shown[seat]:
        return f"p{seat + 1} wins with {winning_hand(state, seat)}"
    words = _held(state, seat)
    won = _won(state, seat)
    if won == "high and low":
        return f"p{seat + 1} wins the high with {words[0]} and the low with {words[1]}"
    return f"p{seat + 1} wins {won} with {words[0] if won == 'the high' else words[1]}"


def _cmd_replay(args: argparse.Namespace) -> int:
    hh = loads(common.read_text(args.file))
    state = replay(hh)
    report = replay_report(state)
    if hh.finishing_stacks is not None:
        report["recorded_finishing_stacks"] = hh.finishing_stacks
    if args.json:
        print(json.dumps(report))
        return 0
    print(
        f"{_game_name(state.game)}, {state.n} players, ante {hh.antes[0] if hh.antes else 0}, "
        f"bring-in {hh.bring_in}, bets {hh.small_bet}/{hh.big_bet}"
    )
    for street in report["streets"]:
        print(f"-- {street['street']}")
        for d in street["deals"]:
            if "community" in d:
                print(f"   community card {d['community']} (deck exhausted)")
            else:
                down = " ".join(d["down"])
                print(f"   {d['player']:<3} {'[' + down + '] ' if down else ''}{' '.join(d['up'])}")
        for a in street["actions"]:
            to = f" {a['to']}" if a.get("to") and a["action"] not in ("fold", "check") else ""
            print(f"   {a['player']:<3} {a['action']}{to}")
    if report["showdown"]:
        print("-- showdown")
        for s in report["showdown"]:
            print(f"   {s['player']:<3} " + ("shows " + " ".join(s["cards"]) if s["shows"] else "mucks"))
    for i, r in enumerate(report["returned"]):
        if r:
            print(f"   p{i + 1} takes back {r} uncalled")
    for k, p in enumerate(report["pots"]):
        name = "main pot" if k == 0 else f"side pot {k}"
        if "low_winners" not in p or len(p["eligible"]) < 2:
            print(f"   {name} {p['amount']}: {', '.join(p['winners'])}")
        elif p["low_winners"]:
            print(f"   {name} {p['amount']}: high {', '.join(p['winners'])}, low {', '.join(p['low_winners'])}")
        else:
            print(f"   {name} {p['amount']}: {', '.join(p['winners'])} (no low: the high takes it all)")
    print("finishing stacks: " + " ".join(str(s) for s in report["finishing_stacks"]))
    recorded = report.get("recorded_finishing_stacks")
    if recorded is not None and recorded != report["finishing_stacks"]:
        print(f"note: the file records finishing stacks {recorded}")
    winners = sorted({w for p in state.pots for w in (*p.winners, *p.low_winners)})
    for seat in winners:
        print(_winning_line(state, seat))
    return 0


#: The ending of ``simulate --out`` that asks for one multi-hand file instead of a folder.
PHHS = ".phhs"


def _hands_out(text: str) -> str:
    """``simulate --out``: a ``.phhs`` file for all the hands, or a folder for one file each."""
    return common.output_file(text) if text.endswith(PHHS) else common.output_folder(text)


def _check_new(text: str, force: bool) -> None:
    """Runs never mix: the ``--out`` file must not exist, nor the folder hold files, unless ``--force``."""
    out = Path(text)
    if text.endswith(PHHS):
        if out.exists() and not force:
            raise ValueError(f"--out {text} exists: choose a new name, or add --force to overwrite it")
    elif out.is_dir() and any(out.iterdir()) and not force:
        raise ValueError(f"--out {text} is not empty: choose a new folder, or add --force to write into it")


def _percent(count: int, total: int) -> str:
    return f"{100 * count / max(total, 1):.0f}%"


def _cmd_simulate(args: argparse.Namespace) -> int:
    structure = PRESETS[args.structure]
    structure.check_seats(args.players)
    if args.out is not None:
        _check_new(args.out, args.force)
    bots = list(BOTS.values())
    bot_names = list(BOTS)
    seat_bot = [k % len(bots) for k in range(args.players)]
    stats = SelfPlayStats(args.players)
    start = time.perf_counter()
    games = simulate(
        args.game, args.players, args.hands, seed=args.seed, structure=structure, bots=[bots[b] for b in seat_bot]
    )
    with common.progress_bar(common.command_name(args), total=args.hands, unit="hand") as progress:

        def played() -> Iterator[StudState]:
            for h, st in enumerate(games, 1):
                stats.add(st)
                progress(h / args.hands)
                yield st

        if args.out is None:
            for _ in played():
                pass
            where = "statistics only (--out hands.phhs keeps the hands)"
        elif args.out.endswith(PHHS):
            with open(args.out, "w", encoding="utf-8") as f:
                dump_all((to_phh(st, full=True) for st in played()), f)
            where = f"written to {args.out}"
        else:
            out = Path(args.out)
            out.mkdir(exist_ok=True)  # its parent exists: checked with the arguments
            for h, st in enumerate(played(), 1):
                (out / f"hand_{h:06d}.phh").write_text(dumps(to_phh(st, full=True)), encoding="utf-8")
            where = f"written to {out}"
    elapsed = time.perf_counter() - start
    hands = stats.hands
    print(
        f"{hands} hands of {_game_name(args.game)}, {args.players} players, "
        f"{hands / max(elapsed, 1e-9):,.0f} hands/s; average pot {stats.pot_total / hands:.1f} "
        f"({stats.pot_total / stats.big_bet_total:.1f} big bets); {where}"
    )
    showdown = f"showdown in {_percent(stats.showdowns, hands)} of hands"
    if stats.showdowns:
        showdown += f", {stats.at_showdown / stats.showdowns:.1f} of {args.players} players in it on average"
    names = [street.name for street in get_game(args.game).streets]
    uncalled = ", ".join(
        f"{names[street]} {_percent(count, hands)}" for street, count in sorted(stats.uncalled_by_street.items())
    )
    print(showdown + (f"; won uncalled on {uncalled}" if uncalled else ""))
    print("players follow their bot round the table: player k is pk in the first hand, one seat on each hand")
    for player in range(args.players):
        result = stats.net_per_hand(player)
        print(
            f"  player {player + 1} ({bot_names[seat_bot[player]]} bot): net {stats.net[player]:+d}, "
            f"{result.big_bets:+.2f} \u00b1 {result.error:.2f} big bets a hand; won {_percent(stats.won[player], hands)}, "
            f"folded {_percent(stats.folded[player], hands)}, showdown {_percent(stats.reached_showdown[player], hands)}"
        )
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` and ``simulate`` sub-commands to the ``studeval`` parser.

    >>> from studeval.cli import common
    >>> parser = common.Parser(prog="studeval"); register(parser.add_subparsers())
    >>> parser.parse_args(["replay", "h.phh", "--json"]).json
    True
    """
    p = common.add_command(
        sub,
        "replay",
        _cmd_replay,
        f"replay a PHH hand history ({', '.join(VARIANTS.values())}) street by street",
        details=(
            "Prints each street's deals and actions, the showdown, the pots and who won them with\n"
            "what (in stud hi-lo the high and the low half). Players are p1, p2, ... as in PHH\n"
            "(from Python, seat 0 is p1). Variants: "
            + ", ".join(f"{get_game(name).title} ({code})" for name, code in VARIANTS.items())
            + f".\nA file may hold at most {common.MAX_FILE_BYTES >> 20} MiB."
        ),
        examples=["studeval replay hands/hand_000001.phh", "studeval replay hand.phh --json"],
    )
    p.add_argument("file", help="the .phh file (- for stdin)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = common.add_command(
        sub,
        "simulate",
        _cmd_simulate,
        "play hands between built-in bots: statistics, and the hands as PHH histories if asked",
        details=(
            f"The bots ({', '.join(BOTS)}) take the seats in turn and the seats rotate every hand.\n"
            "Players are numbered from 1, as the histories' p1, p2, ... (in Python, seat 0 is p1).\n"
            "Without --out only the statistics are printed. --out hands.phhs writes every hand\n"
            "into one .phhs file (PHH's multi-hand form: [1], [2], ...); any other --out is a\n"
            "folder for one .phh file per hand (hand_000001.phh and up). The file must be new,\n"
            "the folder new or empty, unless --force. The calling bot never folds: with two of\n"
            "them (4 players or more) every hand goes to showdown, so see who folds and how many\n"
            "players reach it."
        ),
        examples=[
            "studeval simulate --hands 10,000 --seed 1",
            "studeval simulate --game five --players 3 --hands 1e5 --seed 1 --out run1.phhs",
            "studeval simulate --game razz --players 8 --hands 100 --out razz/",
            "studeval simulate --structure 5/10 --out hands.phhs --force",
        ],
    )
    common.game_option(p)
    p.add_argument(
        "--players",
        type=common.bounded_int(MIN_SEATS, MAX_SEATS),
        default=6,
        help=f"players at the table, {MIN_SEATS} to {MAX_SEATS}",
    )
    common.count_option(p, "--hands", MAX_SIMULATED_HANDS, 100, "hands to play")
    p.add_argument(
        "--seed", type=common.seed_type, default=None, help="seed for a reproducible run (default: a fresh random seed)"
    )
    p.add_argument("--structure", choices=tuple(PRESETS), default="1/2", help="preset betting structure")
    p.add_argument(
        "--out",
        default=None,
        type=_hands_out,
        help="where the hands go: FILE.phhs for one file, else a folder for one .phh per hand "
        "(created if missing, in a folder that exists); default: statistics only",
    )
    p.add_argument(
        "--force", action="store_true", help="overwrite the .phhs file, or write into a folder holding files"
    )
