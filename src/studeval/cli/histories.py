"""The ``studeval import`` sub-command: poker sites' hand histories to PHH files.

Each hand is read (:mod:`studeval.histories`), replayed by the table rules and checked against
the site's own numbers (:func:`studeval.histories.verify`); only a hand that agrees to the chip
is written, one ``<site>-<hand number>.phh`` per hand in ``--out`` (or, with ``--phhs``, one
``<input name>.phhs`` per input). A folder given is read recursively. Each file's encoding is
detected (:func:`studeval.histories.read_file`); a file that cannot be read is reported and
the others go on. A hand met twice (the same site and hand number, in two files or one) is
imported once. The report says how many hands were read, imported per game and site, per
file (with its encoding), each refused hand with its file, line and reason, and each file
not read with the reason (``--json``: the same as JSON).

Exit status: 0 when every hand was imported, 1 when some hand was refused or some file not
read, 2 when the command itself is wrong (an option, an ``--out`` that cannot be written, an
output that would write over an input): one line on stderr.

>>> import os, tempfile
>>> from studeval.cli import main
>>> folder = tempfile.mkdtemp()
>>> src = os.path.join(folder, "stars.txt")
>>> _ = open(src, "w").write('''PokerStars Hand #7: Razz Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET
... Seat 1: Ann ($1.00 in chips)
... Seat 2: Bob ($1.00 in chips)
... Ann: posts the ante $0.01
... Bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [2c 3d Kc]
... Dealt to Bob [4h]
... Ann: brings in for $0.02
... Bob: folds
... Uncalled bet ($0.02) returned to Ann
... Ann collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0
... ''')
>>> main(["import", src, "--out", os.path.join(folder, "phh")])
1 hand read from 1 file: 1 imported (razz 1), 0 refused
0
>>> os.listdir(os.path.join(folder, "phh"))
['pokerstars-7.phh']
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from studeval import db
from studeval.cli import common
from studeval.histories import SITE_NAMES, Refused
from studeval.histories.verify import SiteRake

__all__ = ["register"]


def _rake_rule(text: str) -> SiteRake:
    try:
        return SiteRake.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _inputs(files: list[str]) -> list[tuple[str, bool]]:
    """The files to read, each with whether it was named (else found in a folder named): a
    folder is read recursively, its files in name order, hidden ones left out."""
    out: list[tuple[str, bool]] = []
    for path in files:
        if path != "-" and os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out += [(os.path.join(folder, n), False) for n in sorted(names) if not n.startswith(".")]
        else:
            out.append((path, True))
    return out


def _phhs_names(files: list[str]) -> list[str]:
    names = ["stdin.phhs" if f == "-" else Path(f).stem + ".phhs" for f in files]
    twice = [n for n, k in Counter(names).items() if k > 1]
    if twice:
        raise ValueError(f"two inputs would write {twice[0]}: with --phhs, give inputs of different names")
    return names


def _never_over_an_input(inputs: list[str], out: str, names: list[str]) -> set[str]:
    """The real paths of the inputs; ValueError, before any work, when a ``--phhs`` output
    would be one of them (the input would be truncated while it is read)."""
    real = {os.path.realpath(f) for f in inputs if f != "-"}
    for name in names:
        if os.path.realpath(os.path.join(out, name)) in real:
            raise ValueError(f"{os.path.join(out, name)} is an input: it would be written over while it is read")
    return real


@contextmanager
def _stdin_file() -> Iterator[str]:
    """Stdin copied to a temporary file, so that its encoding can be detected like a file's."""
    with common.open_input("-") as stream, tempfile.NamedTemporaryFile(prefix="studeval-stdin-") as copy:
        shutil.copyfileobj(stream, copy)
        copy.flush()
        yield copy.name


@dataclass
class _FileReport:
    """What one input gave: its encoding, the hands per site, read, imported, refused and met twice."""

    file: str
    named: bool
    encoding: str | None = None
    error: str | None = None
    read: Counter[str] = field(default_factory=Counter)
    imported: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    twice: int = 0
    already: int = 0

    def record(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "encoding": self.encoding,
            "error": self.error,
            "hands": sum(self.read.values()),
            "imported": sum(self.imported.values()),
            "refused": sum(self.refused.values()),
            "twice": self.twice,
            "already": self.already,
            "sites": dict(sorted(self.read.items())),
        }


def _run(args: argparse.Namespace) -> int:
    if args.out is None and args.db is None:
        raise ValueError("say where the hands go: --out DIR (PHH files), --db [FILE] (the hand database), or both")
    inputs = _inputs(args.files)
    names = _phhs_names([f for f, _ in inputs]) if args.phhs else []
    real_inputs = _never_over_an_input([f for f, _ in inputs], args.out, names) if args.out is not None else set()
    if args.db is not None and os.path.realpath(args.db) in {os.path.realpath(f) for f, _ in inputs if f != "-"}:
        raise ValueError(f"{args.db} is the database and an input: name the history files only")
    conn = db.open_db(args.db) if args.db is not None else None
    games: Counter[str] = Counter()
    refused: list[Refused] = []
    reports = [_FileReport(path, named) for path, named in inputs]
    seen: set[tuple[str, str]] = set()
    with ExitStack() as stack:
        local = [stack.enter_context(_stdin_file()) if path == "-" else path for path, _ in inputs]
        jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
        read = db.read_files(local, site=args.site, rake=args.rake, sources=[p for p, _ in inputs], jobs=jobs)
        for k, (report, file) in enumerate(zip(reports, read, strict=True)):
            report.encoding, report.error = file.encoding, file.error and common.one_line(file.error)
            # one transaction per file: all its new hands, or none (a Ctrl-C loses this file only)
            with db.Transaction(conn) if conn is not None else ExitStack(), ExitStack() as writing:
                writer = _Writer(args.out, names[k] if args.phhs else None, real_inputs, writing) if args.out else None
                for hand in file.hands:
                    if isinstance(hand, Refused):
                        report.read[hand.site or "?"] += 1
                        report.refused[hand.site or "?"] += 1
                        refused.append(hand)
                        continue
                    report.read[hand.site] += 1
                    if (hand.site, hand.number) in seen:  # in two files (or twice in one): imported once
                        report.twice += 1
                        continue
                    seen.add((hand.site, hand.number))
                    if conn is not None and not db.add_hand(conn, hand):
                        report.already += 1  # imported by an earlier run
                        continue
                    if writer is not None:
                        writer.write(hand)
                    report.imported[hand.site] += 1
                    games[hand.game] += 1
    summary = _summary(reports, games, refused, args.out)
    print(json.dumps(summary, indent=2) if args.json else _text(summary))
    return 1 if summary["refused"] or summary["unread"] else 0


class _Writer:
    """Where the hands of one input go with ``--out``: a ``.phh`` file each, or the input's one
    ``.phhs`` file (``phhs``, opened on its first hand)."""

    def __init__(self, folder: str, phhs: str | None, real_inputs: set[str], stack: ExitStack) -> None:
        self.folder, self.phhs, self.real_inputs, self.stack = folder, phhs, real_inputs, stack
        self.file: TextIO | None = None
        self.count = 0

    def write(self, hand: db.Prepared) -> None:
        os.makedirs(self.folder, exist_ok=True)  # made once there is a hand to write in it
        if self.phhs is None:
            target = Path(self.folder) / f"{hand.site}-{hand.number}.phh"
            if os.path.realpath(target) in self.real_inputs:
                raise ValueError(f"{target} is an input: it would be written over while it is read")
            target.write_text(hand.phh, encoding="utf-8")
            return
        if self.file is None:  # closed with the input's ExitStack
            self.file = self.stack.enter_context(open(Path(self.folder) / self.phhs, "w", encoding="utf-8"))  # noqa: SIM115
        self.count += 1
        self.file.write(f"[{self.count}]\n{hand.phh}" if self.count == 1 else f"\n[{self.count}]\n{hand.phh}")


def _summary(reports: list[_FileReport], games: Counter[str], refused: list[Refused], out: str) -> dict[str, Any]:
    sites: dict[str, dict[str, int]] = {}
    for r in reports:
        for site, n in r.read.items():
            row = sites.setdefault(site, {"hands": 0, "imported": 0, "refused": 0})
            row["hands"] += n
            row["imported"] += r.imported[site]
            row["refused"] += r.refused[site]
    unread = [
        {"file": r.file, "reason": r.error or "no hand history of a site studeval reads"}
        for r in reports
        if r.error or (r.named and not r.read)
    ]
    return {
        "files": len(reports),
        "hands": sum(sum(r.read.values()) for r in reports),
        "imported": sum(games.values()),
        "twice": sum(r.twice for r in reports),
        "already": sum(r.already for r in reports),
        "games": dict(sorted(games.items())),
        "sites": {site: r["imported"] for site, r in sorted(sites.items()) if r["imported"]},
        "per_site": dict(sorted(sites.items())),
        "per_file": [r.record() for r in reports],
        "refused": [
            {"file": r.source, "line": r.line, "site": r.site, "hand": r.number, "reason": r.reason} for r in refused
        ],
        "unread": unread,
        "out": out,
    }


def _text(s: dict[str, Any]) -> str:
    plural = "" if s["hands"] == 1 else "s"
    files = "1 file" if s["files"] == 1 else f"{s['files']:,} files"
    per_game = ", ".join(f"{g} {n:,}" for g, n in s["games"].items())
    head = (
        f"{s['hands']:,} hand{plural} read from {files}: {s['imported']:,} imported"
        + (f" ({per_game})" if per_game else "")
        + f", {len(s['refused']):,} refused"
    )
    if s["twice"]:
        head += f", {s['twice']:,} met twice (imported once)"
    if s["already"]:
        head += f", {s['already']:,} already in the database"
    if s["unread"]:
        head += f", {len(s['unread']):,} file{'' if len(s['unread']) == 1 else 's'} not read"
    lines = [head]
    if len(s["per_site"]) > 1:
        lines += [
            f"  {site}: {r['hands']:,} read, {r['imported']:,} imported, {r['refused']:,} refused"
            for site, r in s["per_site"].items()
        ]
    for f in s["per_file"]:
        if f["hands"] and (f["encoding"] not in ("utf-8", None) or len(s["per_file"]) > 1):
            twice = f", {f['twice']:,} met twice" if f["twice"] else ""
            lines.append(
                f"  {f['file']} ({f['encoding']}): {f['hands']:,} read, {f['imported']:,} imported,"
                f" {f['refused']:,} refused{twice}"
            )
    for u in s["unread"]:
        lines.append(common.one_line(f"  {u['file']}: not read: {u['reason']}"))
    for r in s["refused"]:
        hand = f" hand #{r['hand']}" if r["hand"] else ""
        lines.append(common.one_line(f"  {r['file']} line {r['line']}:{hand} {r['reason']}"))
    return "\n".join(lines)


@common.command(
    "import",
    _run,
    "read poker sites' stud hand histories, check each by replaying it, write PHH files",
    examples=[
        "studeval import HH20240210*.txt --out hands/",
        "studeval import stars.txt --out hands/ --phhs --json",
        "studeval import tilt.txt --site fulltilt --out hands/",
        "studeval import ~/HandHistory/ --db hands.db",
    ],
    details=(
        f"Sites: {', '.join(SITE_NAMES)} (detected from each hand's first line unless --site is given).\n"
        "A folder is read recursively; encodings are detected (UTF-8, UTF-16, Windows-1252).\n"
        "A hand that cannot be read, or whose replay does not give the site's collected amounts\n"
        "and rake, is refused with its file, line and reason; a file that cannot be read is\n"
        "reported and the others go on. Exit status: 0 all imported, 1 some hand refused or\n"
        "some file not read, 2 the command is wrong (an option, the output folder).\n"
        "--db adds the hands to a hand database (one transaction per file; a hand already in,\n"
        "by site and hand number, is skipped): studeval stats and studeval analyze --db read it."
    ),
)
def register(p: argparse.ArgumentParser) -> None:
    """``import``'s arguments."""
    p.add_argument("files", nargs="+", metavar="FILE", help="the sites' history files or folders of them (- for stdin)")
    p.add_argument("--out", type=common.output_folder, metavar="DIR", help="the folder to write PHH files into")
    common.db_option(p, "add the hands to this hand database, skipping those already in")
    p.add_argument("--phhs", action="store_true", help="one .phhs file per input instead of one .phh per hand")
    p.add_argument("--site", choices=sorted(SITE_NAMES), help="read every hand as this site's")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument(
        "--jobs",
        "-j",
        type=common.bounded_int(1, 256),
        metavar="N",
        help="read and replay N files at once, in N processes (default: one per core)",
    )
    p.add_argument(
        "--rake",
        type=_rake_rule,
        metavar="RULE",
        help="the site's rake rule, to replay each cash hand with and check to the cent: "
        "PERCENT[,cap=AMOUNT][,unit=AMOUNT][,min_pot=AMOUNT][,down|half_even|half_up|up][,first_round_free], "
        "amounts in the hand's currency (5,cap=3.00,half_even,first_round_free); written into each hand",
    )
