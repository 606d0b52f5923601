"""The ``studeval replay`` and ``studeval simulate`` sub-commands.

>>> import tempfile, os
>>> out = tempfile.mkdtemp()
>>> main_args = ["simulate", "--game", "five", "--players", "3", "--hands", "2", "--seed", "1", "--out", out]
>>> from studeval.cli import main
>>> main(main_args)  # doctest: +ELLIPSIS
simulate: 2 hands of five card stud, 3 players, ...
0
>>> sorted(os.listdir(out))
['hand_000001.phh', 'hand_000002.phh']
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from studeval.cards import format_cards
from studeval.game.bots import BOTS, simulate
from studeval.game.phh import dumps, load, replay, to_phh
from studeval.game.state import _STREET_NAMES, StudState
from studeval.game.structure import PRESETS

__all__ = ["register", "replay_report"]

_GAME_NAMES = {"seven": "seven card stud", "five": "five card stud"}


def _card(c: int) -> str:
    return "??" if c < 0 else format_cards([c])


def replay_report(state: StudState) -> dict:
    """A finished hand as plain data: streets with their deals and actions, pots, winners.

    >>> from studeval.game import StudState, Structure
    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    >>> st.act("bring_in"); st.act("fold")
    >>> r = replay_report(st)
    >>> r["finishing_stacks"], r["winners"]
    ([51, 49], ['p1'])
    """
    names = _STREET_NAMES[state.game]
    streets: list[dict] = []
    showdown: list[dict] = []
    dealing = False
    for entry in state.log:
        tag = entry[0]
        if tag in ("dh", "db"):
            if not dealing:
                streets.append({"street": names[min(len(streets), len(names) - 1)], "deals": [], "actions": []})
                dealing = True
            if tag == "dh":
                _, i, cards, pattern = entry
                streets[-1]["deals"].append({
                    "player": f"p{i + 1}",
                    "down": [_card(c) for c, up in zip(cards, pattern) if not up],
                    "up": [_card(c) for c, up in zip(cards, pattern) if up],
                })
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
            showdown.append({"player": f"p{i + 1}", "shows": show,
                             "cards": [_card(c) for c in state.hand(i)] if show else []})
    winners = sorted({w for p in state.pots for w in p.winners})
    return {
        "variant": "F7S" if state.game == "seven" else "F5S",
        "game": state.game,
        "starting_stacks": list(state.starting_stacks),
        "streets": streets,
        "showdown": showdown,
        "returned": list(state.returned),
        "pots": [{"amount": p.amount, "eligible": [f"p{i + 1}" for i in p.eligible],
                  "winners": [f"p{i + 1}" for i in p.winners]} for p in state.pots],
        "winners": [f"p{i + 1}" for i in winners],
        "payouts": list(state.payouts),
        "finishing_stacks": list(state.stacks),
    }


def _cmd_replay(args: argparse.Namespace) -> int:
    hh = load(args.file)
    state = replay(hh)
    report = replay_report(state)
    if hh.finishing_stacks is not None:
        report["recorded_finishing_stacks"] = hh.finishing_stacks
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{_GAME_NAMES[state.game]}, {state.n} players, ante {hh.antes[0] if hh.antes else 0}, "
          f"bring-in {hh.bring_in}, bets {hh.small_bet}/{hh.big_bet}")
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
    return 0


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - start, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} hands {rate:,.0f}/s")
    sys.stderr.flush()


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.structure not in PRESETS:
        raise ValueError(f"unknown structure {args.structure!r}; presets: {', '.join(PRESETS)}")
    structure = PRESETS[args.structure]
    structure.check_seats(args.players)
    if args.hands < 0:
        raise ValueError(f"--hands must be >= 0, got {args.hands}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    bots = list(BOTS.values())
    bot_names = list(BOTS)
    seat_bot = [k % len(bots) for k in range(args.players)]
    net = [0] * args.players  # per player (bot instance), following them round the seats
    showdowns = 0
    pot_total = 0
    tty = sys.stderr.isatty()
    start = time.perf_counter()
    for h, st in enumerate(simulate(args.game, args.players, args.hands, seed=args.seed, structure=structure,
                                    bots=[bots[b] for b in seat_bot]), 1):
        (out / f"hand_{h:06d}.phh").write_text(dumps(to_phh(st, full=True)), encoding="utf-8")
        for seat in range(st.n):
            player = ((h - 1) + seat) % st.n
            net[player] += st.stacks[seat] - st.starting_stacks[seat]
        showdowns += any(st.shown)
        pot_total += st.pot
        if tty and (h % 50 == 0 or h == args.hands):
            _progress(h, args.hands, start)
    elapsed = time.perf_counter() - start
    if tty and args.hands:
        sys.stderr.write("\n")
    hands = max(args.hands, 1)
    print(f"simulate: {args.hands} hands of {_GAME_NAMES[args.game]}, {args.players} players, "
          f"{args.hands / max(elapsed, 1e-9):,.0f} hands/s; {100 * showdowns / hands:.0f}% to showdown, "
          f"average pot {pot_total / hands:.1f}; written to {out}")
    for player in range(args.players):
        print(f"  player {player + 1} ({bot_names[seat_bot[player]]} bot): {net[player]:+d}")
    return 0


def _positive(text: str) -> int:
    v = int(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative")
    return v


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``replay`` and ``simulate`` sub-commands to the ``studeval`` parser.

    >>> parser = argparse.ArgumentParser(); register(parser.add_subparsers())
    >>> parser.parse_args(["replay", "h.phh", "--json"]).json
    True
    """
    p = sub.add_parser("replay", help="replay a PHH hand history (F7S or F5S) street by street")
    p.add_argument("file", help="the .phh file")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("simulate", help="play hands between built-in bots and write one .phh per hand")
    p.add_argument("--game", choices=("seven", "five"), default="seven", help="seven or five card stud")
    p.add_argument("--players", type=int, default=6, help="players at the table, 2-8 (default 6)")
    p.add_argument("--hands", type=_positive, default=100, help="hands to play (default 100)")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible run")
    p.add_argument("--structure", default="1/2", help=f"preset structure: {', '.join(PRESETS)} (default 1/2)")
    p.add_argument("--out", required=True, help="directory for the .phh files")
    p.set_defaults(func=_cmd_simulate)
