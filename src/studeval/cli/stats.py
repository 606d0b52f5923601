"""The ``studeval stats`` sub-command: the statistics stud players read, from the hand database.

Sums the hands of the database (``--db``, made by ``studeval import --db``) per player and
site (``--by game`` and ``--by stakes`` split them further), filtered by player, game, stakes,
site and time (:func:`studeval.stats.query`); prints a table, or every figure as CSV
(``--csv``) or JSON records (``--json``); ``--luck FILE`` draws a player's winnings against
the luck-adjusted line in big bets, hand by hand (the hands ``studeval analyze --db`` has
analysed). docs/stats.md defines each statistic.

Exit status: 0, or 2 with one line on stderr for a wrong command (an option, a database
that cannot be opened).

>>> import os, tempfile
>>> from studeval.cli import main
>>> main(["stats", "--db", os.path.join(tempfile.mkdtemp(), "empty.db")])
no hands in the database match
0
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from studeval import db, stats
from studeval.cli import common
from studeval.games import STUD_GAMES, get_game

__all__ = ["register"]

#: The terminal table's columns: (heading, record key, decimals); --csv and --json give all.
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("hands", "hands", 0),
    ("VPIP", "vpip", 1),
    ("C/R", "complete_raise", 1),
    ("steal", "steal", 1),
    ("BI fold", "bring_in_fold", 1),
    ("AF3", "aggression1", 2),
    ("AF5", "aggression3", 2),
    ("WTSD", "went_to_showdown", 1),
    ("W$SD", "won_at_showdown", 1),
    ("WWSF", "won_without_showdown", 1),
    ("scoop", "scoop", 1),
    ("bb/100", "bb_per_100", 2),
)


def _records(args: argparse.Namespace) -> list[dict[str, Any]]:
    conn = db.open_db(args.db)
    try:
        return stats.query(
            conn,
            player=args.player,
            game=args.game,
            stakes=args.stakes,
            site=args.site,
            since=args.since,
            until=args.until,
            by=("player", "site", *dict.fromkeys(args.by or ())),
        )
    finally:
        conn.close()


def _cell(value: Any, places: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    return f"{value:,.{places}f}" if places else f"{value:,}"


def _table(records: list[dict[str, Any]], by: list[str]) -> str:
    heads = [*by, *(h for h, _, _ in COLUMNS)]
    rows = [[str(r[k]) for k in by] + [_cell(r[key], places) for _, key, places in COLUMNS] for r in records]
    widths = [max(len(h), *(len(row[k]) for row in rows)) for k, h in enumerate(heads)]
    text = [h.ljust(w) if k < len(by) else h.rjust(w) for k, (h, w) in enumerate(zip(heads, widths, strict=True))]
    lines = ["  ".join(text).rstrip()]
    for row in rows:
        cells = [c.ljust(w) if k < len(by) else c.rjust(w) for k, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _game(text: str) -> str:
    """``--game``: a stud game's name or alias, stored as its name."""
    try:
        return get_game(text, stud=True).name
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _date(text: str) -> str:
    """``--since``/``--until``: an ISO 8601 date or date and time (2024-02-10, 2024-02-10T20:15)."""
    import datetime

    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date: write it as 2024-02-10 or 2024-02-10T20:15"
        ) from None
    return text


def _run(args: argparse.Namespace) -> int:
    if args.luck is not None:
        return _luck(args)
    records = _records(args)
    by = ["player", "site", *dict.fromkeys(args.by or ())]
    if args.json:
        print(json.dumps(records, indent=2))
    elif args.csv is not None:
        with open(args.csv, "w", newline="", encoding="utf-8") as out:
            if records:
                writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
                writer.writeheader()
                writer.writerows(records)
    elif not records:
        print("no hands in the database match")
    else:
        print(_table(records, by))
    return 0


def _luck(args: argparse.Namespace) -> int:
    from studeval.plots import plot_luck

    if args.player is None:
        raise ValueError("--luck draws one player's hands: name him with --player")
    conn = db.open_db(args.db)
    try:
        game = args.game
        if "game" in (args.by or ()):
            names = [row[0] for row in conn.execute("SELECT DISTINCT game FROM hands ORDER BY game")]
            lines = [db.luck(conn, args.player, game=g) for g in names if game in (None, g)]
        else:
            lines = [db.luck(conn, args.player, game=game)]
    finally:
        conn.close()
    lines = [line for line in lines if line.hands]
    path = plot_luck(lines, args.luck)
    for line in lines:
        what = f"{line.player}" + (f" ({line.game})" if line.game else "")
        print(
            f"{what}: {len(line.hands):,} analysed hands, won {line.actual[-1]:+,.2f} big bets,"
            f" luck-adjusted {line.expected[-1]:+,.2f}, luck {line.luck:+,.2f}"
        )
    print(f"wrote {path}", file=sys.stderr)
    return 0


@common.command(
    "stats",
    _run,
    "the statistics stud players read (VPIP, steals, bring-in defence, showdowns, bb/100) from the hand database",
    examples=[
        "studeval stats --db hands.db",
        "studeval stats --db hands.db --player Ann --by game",
        "studeval stats --db hands.db --game razz --since 2024-01-01 --json",
        "studeval stats --db hands.db --player Ann --luck luck.png",
    ],
    details=(
        "Per player and site (--by game, --by stakes split further). VPIP: chips in voluntarily on\n"
        "third street; C/R: completed or raised there; steal: completed when folded to with the best\n"
        "door card still in; BI fold: the bring-in folding to a completion; AF3, AF5: (bets + raises)\n"
        "/ calls on third and fifth street; WTSD: went to showdown of the hands that saw fourth\n"
        "street; W$SD: won chips at showdown; WWSF: won with everyone else folded; scoop: hi-lo\n"
        "showdowns won whole; bb/100: big bets won per 100 hands. --csv and --json give every\n"
        "figure and the counts behind it; docs/stats.md defines each one."
    ),
)
def register(p: argparse.ArgumentParser) -> None:
    """``stats``'s arguments."""
    common.db_option(p, "the hand database")
    p.set_defaults(db=str(db.default_path()))
    p.add_argument("--player", metavar="NAME", help="only this player's hands")
    p.add_argument(
        "--game", type=_game, metavar="GAME", help=f"only this game ({', '.join(STUD_GAMES)}, or another spelling)"
    )
    p.add_argument("--stakes", metavar="SMALL/BIG", help="only these stakes, as stored (0.04/0.08; 100/200 in chips)")
    p.add_argument("--site", metavar="SITE", help="only this site's hands")
    p.add_argument("--since", type=_date, metavar="DATE", help="hands played on or after (2024-02-10)")
    p.add_argument("--until", type=_date, metavar="DATE", help="hands played on or before (a date takes its whole day)")
    p.add_argument("--by", action="append", choices=["game", "stakes"], help="split each player's figures further")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print a list of records, every figure")
    out.add_argument("--csv", type=common.output_file, metavar="OUT", help="write every figure as CSV (- not allowed)")
    out.add_argument("--luck", type=common.picture_file, metavar="FILE", help="draw --player's luck picture to FILE")
