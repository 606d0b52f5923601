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
from pathlib import Path
from typing import Any

from studeval.cards import format_cards
from studeval.cli import common
from studeval.evaluate import best_five, describe, evaluate
from studeval.game import BOTS, GAMES, MAX_SEATS, MIN_SEATS, PRESETS, STREET_NAMES, StudState, dumps, loads, replay, simulate, to_phh

__all__ = ["MAX_SIMULATED_HANDS", "register", "replay_report", "winning_hand"]

#: The most hands ``simulate`` plays in one run (one file each).
MAX_SIMULATED_HANDS = 1_000_000


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
    names = STREET_NAMES[state.game]
    streets: list[dict[str, Any]] = []
    showdown: list[dict[str, Any]] = []
    dealing = False
    for entry in state.log:
        tag = entry[0]
        if tag in ("dh", "db"):
            if not dealing:
                streets.append({"street": names[min(len(streets), len(names) - 1)], "deals": [], "actions": []})
                dealing = True
            if tag == "dh":
                _, i, cards, pattern = entry
                streets[-1]["deals"].append(
                    {
                        "player": f"p{i + 1}",
                        "down": [_card(c) for c, up in zip(cards, pattern, strict=True) if not up],
                        "up": [_card(c) for c, up in zip(cards, pattern, strict=True) if up],
                    }
                )
            else:
                streets[-1]["deals"].append({"community": _card(entry[1])})
            continue
        dealing = False
        if tag == "a":
            _, i, kind, to = entry
            streets[-1]["actions"].append({"player": f"p{i + 1}", "action": kind, "to": to})
        elif tag == "to":
            streets[-1]["actions"].append({"player": f"p{entry[1] + 1}", "action": f"time-out ({entry[2]})"})
        elif tag == "sm":
            _, i, show = entry
            showdown.append(
                {"player": f"p{i + 1}", "shows": show, "cards": [_card(c) for c in state.hand(i)] if show else []}
            )
    winners = sorted({w for p in state.pots for w in p.winners})
    return {
        "variant": "F7S" if state.game == "seven" else "F5S",
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
            }
            for p in state.pots
        ],
        "winners": [f"p{i + 1}" for i in winners],
        "payouts": list(state.payouts),
        "finishing_stacks": list(state.stacks),
    }


def winning_hand(state: StudState, seat: int) -> str:
    """What a winner held, in words: the five cards that played and the hand's name.

    A winner nobody called shows nothing, and the text says so.

    >>> from studeval.game import StudState, Structure
    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    >>> st.act("bring_in"); st.act("fold")
    >>> winning_hand(st, 0)
    'uncalled, cards not shown'
    """
    if not state.shown[seat]:
        return "uncalled, cards not shown"
    cards = state.hand(seat)
    return f"{format_cards(best_five(cards))}, {describe(evaluate(cards)).lower()}"


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
        f"{common.GAME_NAMES[state.game]}, {state.n} players, ante {hh.antes[0] if hh.antes else 0}, "
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
        print(f"   {name} {p['amount']}: {', '.join(p['winners'])}")
    print("finishing stacks: " + " ".join(str(s) for s in report["finishing_stacks"]))
    recorded = report.get("recorded_finishing_stacks")
    if recorded is not None and recorded != report["finishing_stacks"]:
        print(f"note: the file records finishing stacks {recorded}")
    winners = sorted({w for p in state.pots for w in p.winners})
    for seat in winners:
        print(f"p{seat + 1} wins with {winning_hand(state, seat)}")
    return 0


def _out_folder(text: str, force: bool) -> Path:
    if not text.strip():
        raise ValueError("--out is empty: name a folder for the .phh files")
    out = Path(text)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {text} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ValueError(f"--out {text} is not empty: choose a new folder, or add --force to write into it")
    return out


def _cmd_simulate(args: argparse.Namespace) -> int:
    structure = PRESETS[args.structure]
    structure.check_seats(args.players)
    out = _out_folder(args.out, args.force)
    out.mkdir(parents=True, exist_ok=True)
    bots = list(BOTS.values())
    bot_names = list(BOTS)
    seat_bot = [k % len(bots) for k in range(args.players)]
    net = [0] * args.players  # per player (bot instance), following them round the seats
    showdowns = 0
    pot_total = 0
    start = time.perf_counter()
    games = simulate(
        args.game, args.players, args.hands, seed=args.seed, structure=structure, bots=[bots[b] for b in seat_bot]
    )
    with common.progress_bar(common.command_name(args), total=args.hands, unit="hand") as progress:
        for h, st in enumerate(games, 1):
            (out / f"hand_{h:06d}.phh").write_text(dumps(to_phh(st, full=True)), encoding="utf-8")
            for seat in range(st.n):
                player = ((h - 1) + seat) % st.n
                net[player] += st.stacks[seat] - st.starting_stacks[seat]
            showdowns += any(st.shown)
            pot_total += st.pot
            progress(h / args.hands)
    elapsed = time.perf_counter() - start
    print(
        f"{args.hands} hands of {common.GAME_NAMES[args.game]}, {args.players} players, "
        f"{args.hands / max(elapsed, 1e-9):,.0f} hands/s; {100 * showdowns / args.hands:.0f}% to showdown, "
        f"average pot {pot_total / args.hands:.1f}; written to {out}"
    )
    for player in range(args.players):
        print(f"  player {player + 1} ({bot_names[seat_bot[player]]} bot): {net[player]:+d}")
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
        "replay a PHH hand history (F7S or F5S) street by street",
        details=(
            "Prints each street's deals and actions, the showdown, the pots and who won them with\n"
            f"what. A file may hold at most {common.MAX_FILE_BYTES >> 20} MiB."
        ),
        examples=["studeval replay hands/hand_000001.phh", "studeval replay hand.phh --json"],
    )
    p.add_argument("file", help="the .phh file (- for stdin)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = common.add_command(
        sub,
        "simulate",
        _cmd_simulate,
        "play hands between built-in bots and write one .phh per hand",
        details=(
            f"The bots ({', '.join(BOTS)}) take the seats in turn and the seats rotate every hand.\n"
            "Files are named hand_000001.phh and up; the folder must be new or empty (or --force)."
        ),
        examples=[
            "studeval simulate --out hands/",
            "studeval simulate --game five --players 3 --hands 1000 --seed 1 --out run1/",
            "studeval simulate --structure 5/10 --out hands/ --force",
        ],
    )
    p.add_argument("--game", choices=GAMES, default=GAMES[0], help="the game")
    p.add_argument(
        "--players",
        type=common.bounded_int(MIN_SEATS, MAX_SEATS),
        default=6,
        help=f"players at the table, {MIN_SEATS} to {MAX_SEATS}",
    )
    p.add_argument(
        "--hands",
        type=common.bounded_int(1, MAX_SIMULATED_HANDS),
        default=100,
        help=f"hands to play, 1 to {MAX_SIMULATED_HANDS:,}",
    )
    p.add_argument(
        "--seed", type=common.seed_type, default=None, help="seed for a reproducible run (default: a fresh random seed)"
    )
    p.add_argument("--structure", choices=tuple(PRESETS), default="1/2", help="preset betting structure")
    p.add_argument("--out", required=True, help="the folder for the .phh files (created if missing)")
    p.add_argument("--force", action="store_true", help="write into a folder that already holds files")
