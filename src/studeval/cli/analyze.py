"""The ``studeval analyze`` sub-command: real hands street by street, and the luck-adjusted totals.

Reads ``.phh`` files (one hand), ``.phhs`` files (many) and poker sites' text histories (any
other file, or ``-`` for stdin; the site is detected from each hand's first line, as
``studeval import`` does, and each hand is checked against the site's numbers). Prints each
hand's equities street by street (:mod:`studeval.analysis`) and, per game, player and
currency, the winnings against the luck-adjusted winnings; ``--json`` prints everything as
JSON, ``--csv OUT`` writes the street rows to OUT and the totals beside it
(``OUT.totals.csv``), ``--plot`` draws the cumulative winnings. An equity whose exact count
is dear is sampled (marked ``~``; ``--exact`` counts it, as before the fast mode), and ``-j N``
analyses on N processes (:func:`studeval.analysis.analyze_parallel`).

Exit status: 0 when every hand was analysed, 1 when some were refused (each is listed), 2 when
the input cannot be read at all or names no hand (one line on stderr).

>>> import os, tempfile
>>> from studeval.cli import main
>>> from studeval.game.phh import HandHistory, dumps
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "hand.phh")
>>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
>>> _ = open(path, "w").write(dumps(hh))
>>> main(["analyze", path, "--exact"])
hand 1 (razz), hero p1
  third street    pot 2      p1 42.95%  p2 57.05%
  result: p1 +1, p2 -1
<BLANKLINE>
game  player  currency  hands  all-in  winnings  luck-adjusted   luck
razz  p1      chips         1       0        +1          +1.00  +0.00
razz  p2      chips         1       0        -1          -1.00  +0.00
0
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sqlite3
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from studeval import db
from studeval.analysis import (
    HandAnalysis,
    PlayerTotal,
    Report,
    RunningTotals,
    Unanalysed,
    analyze_parallel,
    csv_writer,
    plot_winnings,
)
from studeval.cli import common
from studeval.game.phh import HandHistory, PhhsError, loads, read_phhs_each
from studeval.game.phh_replay import Replay
from studeval.histories import SITE_NAMES, Imported, read_file, read_lines, replay_checked
from studeval.histories.files import MAX_LINE_CHARS

__all__ = ["register", "totals_path"]


def totals_path(csv_path: str) -> str:
    """Where ``--csv OUT`` writes the totals: beside OUT, ``.totals`` before its ending.

    >>> totals_path("out/streets.csv")
    'out/streets.totals.csv'
    """
    p = Path(csv_path)
    return str(p.with_name(p.stem + ".totals" + (p.suffix or ".csv")))


class _Inputs:
    """The hands of the inputs, one at a time (a .phh, a .phhs, a site's text; their refused
    hands noted), and how many of the inputs' bytes have been read, for the progress bar."""

    def __init__(self, files: list[str], refused: common.Spool) -> None:
        self.files = files
        self.refused = refused
        self.size = sum(_file_size(path) for path in files)  # 0: unknown (stdin, a pipe)
        self.read = 0

    def done(self) -> float:
        """The fraction of the inputs read (0 while their size is unknown)."""
        return min(1.0, self.read / self.size) if self.size else 0.0

    def __iter__(self) -> Iterator[HandHistory | Replay]:
        for path in self.files:
            yield from self._histories(path)

    def _lines(self, path: str, limit: int) -> Iterator[tuple[int, str]]:
        for number, text in common.read_lines(path, limit=limit):
            self.read += len(text) + 1
            yield number, text

    def _histories(self, path: str) -> Iterator[HandHistory | Replay]:
        refused = self.refused
        if path.endswith(".phh"):
            text = common.read_text(path)  # a file that cannot be read stops the command
            self.read += len(text)
            try:
                yield loads(text)
            except ValueError as exc:
                refused.append((path, str(exc)))
        elif path.endswith(".phhs"):
            for history in read_phhs_each(self._lines(path, common.MAX_FILE_BYTES)):
                if isinstance(history, PhhsError):  # reported, and the file read on
                    refused.append((f"{path} hand {history.hand}" if history.hand else path, str(history)))
                else:
                    yield history
        else:  # a site's history: its encoding detected (stdin: UTF-8)
            hands = read_lines(self._lines(path, MAX_LINE_CHARS), source=path) if path == "-" else read_file(path)
            for hand in hands:
                replayed, problems = replay_checked(hand.history) if isinstance(hand, Imported) else (None, [])
                if replayed is not None and not problems:
                    yield replayed  # checked against the site's numbers: analysed from this replay
                else:
                    where = f"{hand.source} line {hand.line}" + (f" hand #{hand.number}" if hand.number else "")
                    refused.append((where, "; ".join(problems) if problems else getattr(hand, "reason", "")))
            if path != "-":
                self.read += _file_size(path)


def _file_size(path: str) -> int:
    try:
        return os.path.getsize(path) if path != "-" and os.path.isfile(path) else 0
    except OSError:
        return 0


class _Output:
    """Where each hand goes as it is analysed: its text on stdout, its rows in the --csv file,
    or its JSON; the totals and refused hands at the end."""

    def __init__(self, args: argparse.Namespace, rows: csv.DictWriter[str] | None) -> None:
        self.args = args
        self.csv = rows  # the --csv file's street rows
        self.hands = 0
        self.ended = False  # the JSON document closed

    def hand(self, hand: HandAnalysis) -> None:
        if self.args.json:
            text = json.dumps(hand.to_dict(), indent=2, allow_nan=False).replace("\n", "\n    ")
            with common.deferred_interrupt():  # the count always says what was written
                sys.stdout.write(('{\n  "hands": [\n' if not self.hands else ",\n") + "    " + text)
                self.hands += 1
            return
        self.hands += 1
        if self.csv is not None:
            self.csv.writerows(hand.records())
        else:
            print(_hand_text(hand, self.hands))
            print()

    def end(self, totals: list[PlayerTotal], refused: common.Spool, *, interrupted: bool = False) -> None:
        if self.args.json:  # the same text as json.dumps(Report.to_dict(), indent=2)
            head = '{\n  "hands": [],\n' if not self.hands else "\n  ],\n"
            rows = json.dumps([t.to_dict() for t in totals], indent=2, allow_nan=False).replace("\n", "\n  ")
            with common.deferred_interrupt():
                sys.stdout.write(head + '  "totals": ' + rows + ',\n  "refused": [')
                for k, (hand, reason) in enumerate(refused):  # streamed from the spool
                    item = json.dumps({"hand": hand, "reason": reason}, indent=2).replace("\n", "\n    ")
                    sys.stdout.write(("\n    " if not k else ",\n    ") + item)
                print(("\n  ]" if len(refused) else "]") + (',\n  "interrupted": true' if interrupted else "") + "\n}")
                self.ended = True
            return
        if self.csv is not None:
            with open(totals_path(self.args.csv), "w", encoding="utf-8", newline="") as f:
                csv_writer(f, "totals").writerows(t.to_dict() for t in totals)
        print(_totals_text(totals))
        for where, reason in refused:
            print(common.one_line(f"refused: {where}: {reason}"))


#: Hands analysed between two commits of ``analyze --db`` (what a Ctrl-C may lose).
DB_BATCH = 200


def _stored(conn: sqlite3.Connection) -> Iterator[tuple[int, str]]:
    """The database's hands not analysed yet, (id, PHH text), a batch read at a time."""
    after = 0
    while batch := db.unanalysed(conn, after=after, limit=DB_BATCH):
        yield from batch
        after = batch[-1][0]


def _analysed(
    hands: Iterable[tuple[int, str]], args: argparse.Namespace, processes: int
) -> Iterator[tuple[int, HandAnalysis | str]]:
    """Each stored hand's analysis (or why there is none), in id order, on ``processes``."""
    ids: deque[int] = deque()

    def texts() -> Iterator[str]:
        for hand_id, text in hands:
            ids.append(hand_id)
            yield text

    for result in analyze_parallel(texts(), hero=args.hero, exact=args.exact, processes=processes):
        yield ids.popleft(), result.reason if isinstance(result, Unanalysed) else result


def _run_db(args: argparse.Namespace) -> int:
    """``analyze --db``: the hands not analysed yet, stored a batch per transaction."""
    if args.files or args.json or args.csv or args.plot:
        raise ValueError("--db analyses the database's hands: give no files, --json, --csv or --plot with it")
    conn = db.open_db(args.db)
    try:
        done, total = db.analysed_count(conn)
        stored = refused = 0
        batch: list[tuple[int, HandAnalysis | str]] = []
        todo = max(total - done, 1)
        with common.progress_bar(common.command_name(args), total=todo, unit="hand", log_every=60) as progress:
            processes = args.processes if args.processes is not None else os.cpu_count() or 1
            for result in _analysed(_stored(conn), args, processes):
                batch.append(result)
                refused += isinstance(result[1], str)
                if len(batch) == DB_BATCH:
                    stored += db.store_analyses(conn, batch, exact=args.exact)
                    batch = []
                    progress(stored / todo)
            stored += db.store_analyses(conn, batch, exact=args.exact)
            progress(stored / todo)
        print(
            f"{stored:,} hand{'' if stored == 1 else 's'} analysed ({refused:,} could not be),"
            f" {done + stored:,} of {total:,} in {args.db}"
        )
    finally:
        conn.close()
    return 1 if refused else 0


def _run(args: argparse.Namespace) -> int:
    if args.db is not None:
        return _run_db(args)
    if not args.files:
        raise ValueError("name the hand histories to analyse, or --db for the hand database's")
    if args.processes is None:
        args.processes = 1
    if args.csv:
        common.output_file(totals_path(args.csv))
    refused = common.Spool()  # (hand, reason) pairs, kept on disk: memory stays flat
    inputs = _Inputs(args.files, refused)
    totals = RunningTotals()
    drawn = Report() if args.plot is not None else None  # what the picture needs of each hand
    with ExitStack() as stack:
        rows = csv_writer(stack.enter_context(open(args.csv, "w", encoding="utf-8", newline=""))) if args.csv else None
        output = _Output(args, rows)
        total = max(inputs.size, 1)
        with common.progress_bar(common.command_name(args), total=total, unit="B") as progress:
            try:
                for hand in analyze_parallel(inputs, hero=args.hero, exact=args.exact, processes=args.processes):
                    if isinstance(hand, Unanalysed):
                        refused.append(hand)
                    else:
                        totals.add(hand)
                        output.hand(hand)
                        if drawn is not None:
                            drawn.hands.append(replace(hand, streets=(), all_in=None))
                    progress(inputs.done())
            except KeyboardInterrupt:
                if args.json:  # what was written stays one JSON document: closed, marked interrupted
                    output.end(totals.rows(), refused, interrupted=True)
                raise
        if not totals.hands and not refused:
            raise ValueError(f"no hand history in {', '.join(args.files)}")
        try:
            if drawn is not None and drawn.hands:
                plot_winnings(drawn, args.plot, player=args.hero if _plays(drawn, args.hero) else None)
            output.end(totals.rows(), refused)
        except KeyboardInterrupt:
            if args.json and not output.ended:
                output.end(totals.rows(), refused, interrupted=True)
            raise
    refused.close()
    return 1 if len(refused) else 0


def _plays(result: Report, player: str | None) -> bool:
    return player is not None and any(player in h.players for h in result.hands)


def _money(chips: float, scale: int, places: int = 0) -> str:
    if scale == 1:
        return f"{chips:+,.{places}f}"
    return f"{chips / scale:+,.2f}"


def _hand_text(h: HandAnalysis, k: int) -> str:
    where = f"{h.site} hand {h.hand}" if h.site else f"hand {h.hand or k}"
    hero = f", hero {h.players[h.hero]}" if h.hero is not None else ""
    lines = [f"{where} ({h.game}){hero}"]
    for s in h.streets:
        figures = []
        for i in s.players:
            equity = s.equity[i]
            text = f"{h.players[i]} {100 * equity:.2f}%" if equity is not None else h.players[i]
            if i == h.hero and s.hero_equity is not None and s.hero_equity != equity:
                approx = "" if s.hero_method == "exact" else "~"
                text += f" (own view {approx}{100 * s.hero_equity:.2f}%)"
            figures.append(text)
        pot = f"{s.pot / h.scale:,.2f}" if h.scale != 1 else f"{s.pot:,}"
        approx = "" if s.method == "exact" else " ~"
        lines.append(f"  {s.name:<15} pot {pot:<6}{approx} " + "  ".join(figures))
    if h.all_in is not None:
        worth = ", ".join(f"{h.players[i]} {_money(h.all_in.expected[i], h.scale, 2)[1:]}" for i in sorted(_in(h)))
        lines.append(f"  all-in on {h.all_in.street}: the pots are worth {worth}")
    result = ", ".join(f"{name} {_money(w, h.scale)}" for name, w in zip(h.players, h.winnings, strict=True))
    lines.append(f"  result: {result}")
    if h.all_in is not None:
        luck = ", ".join(f"{name} {_money(e, h.scale, 2)}" for name, e in zip(h.players, h.expected, strict=True))
        lines.append(f"  luck-adjusted: {luck}")
    return "\n".join(lines)


def _in(h: HandAnalysis) -> set[int]:
    assert h.all_in is not None
    return {i for pot in h.all_in.pots for i in pot.players}


def _totals_text(totals: list[PlayerTotal]) -> str:
    header = ("game", "player", "currency", "hands", "all-in", "winnings", "luck-adjusted", "luck")
    rows = [
        (
            t.game,
            t.player,
            t.currency,
            f"{t.hands:,}",
            f"{t.all_in_hands:,}",
            _money(t.winnings, t.scale),
            _money(t.expected, t.scale, 2),
            _money(t.luck, t.scale, 2),
        )
        for t in totals
    ]
    if not rows:
        return "no hand analysed"
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]
    right = {3, 4, 5, 6, 7}

    def line(r: tuple[str, ...]) -> str:
        cells = [r[c].rjust(widths[c]) if c in right else r[c].ljust(widths[c]) for c in range(len(r))]
        return "  ".join(cells).rstrip()

    return "\n".join(line(r) for r in [header, *rows])


@common.command(
    "analyze",
    _run,
    "real hands street by street: equities, pot, all-in EV, luck-adjusted winnings",
    examples=[
        "studeval analyze hands/*.phh",
        "studeval analyze stars.txt --hero Ann --plot luck.png",
        "studeval analyze run1.phhs --csv streets.csv",
        "studeval analyze --db hands.db",
    ],
    details=(
        f"Inputs: .phh and .phhs files, and sites' histories ({', '.join(SITE_NAMES)}) in any other\n"
        "file or - for stdin. Equity: exact where the count is cheap, else seeded Monte Carlo\n"
        "(marked ~, a standard error under 0.8 points); --exact counts as before the fast mode\n"
        "(docs/analysis.md). --csv OUT also writes OUT.totals.csv. Exit status: 0 all\n"
        "analysed, 1 some refused, 2 nothing to analyse."
    ),
)
def register(p: argparse.ArgumentParser) -> None:
    """``analyze``'s arguments."""
    p.add_argument("files", nargs="*", metavar="FILE", help="hand histories (.phh, .phhs, a site's text; - for stdin)")
    common.db_option(p, "analyse the hand database's hands not analysed yet and store each analysis")
    p.add_argument("--hero", metavar="NAME", help="see each hand as this player (a name, or p1, p2, ...)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the hands, totals and refused hands as JSON")
    out.add_argument("--csv", type=common.output_file, metavar="OUT", help="write the street rows (and OUT.totals.csv)")
    p.add_argument(
        "--plot",
        type=common.picture_file,
        metavar="FILE",
        help="draw the cumulative winnings and luck-adjusted winnings of the hero (or the player in most hands)",
    )
    p.add_argument(
        "--exact",
        action="store_true",
        help="count every equity the library counts within a second (slower: as before the fast mode)",
    )
    p.add_argument(
        "-j",
        "--processes",
        type=common.threads_type,
        metavar="N",
        help="analyse on N processes, the hands' order kept (default: 1 for files, every core with --db)",
    )
