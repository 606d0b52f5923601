"""The ``studeval import`` sub-command: poker sites' hand histories to PHH files.

Each hand is read (:mod:`studeval.histories`), replayed by the table rules and checked against
the site's own numbers (:func:`studeval.histories.verify`); only a hand that agrees to the chip
is written, one ``<site>-<hand number>.phh`` per hand in ``--out`` (or, with ``--phhs``, one
``<input name>.phhs`` per input). The summary says how many hands were read, imported per
game and site, and each refused hand with its file, line and reason.

Exit status: 0 when every hand was imported, 1 when some were refused, 2 when the input
cannot be read at all (one line on stderr).

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
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from studeval.cli import common
from studeval.game.phh import dumps
from studeval.histories import SITES, Imported, Refused, read_lines, verify
from studeval.histories.verify import SiteRake

__all__ = ["MAX_HISTORY_LINE_BYTES", "register"]

#: The longest line of a site's history read (a chat line is the longest a site writes).
MAX_HISTORY_LINE_BYTES = 4096


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``import`` to the ``studeval`` parser."""
    p = common.add_command(
        sub,
        "import",
        _run,
        "read poker sites' stud hand histories, check each by replaying it, write PHH files",
        examples=[
            "studeval import HH20240210*.txt --out hands/",
            "studeval import stars.txt --out hands/ --phhs --json",
            "studeval import tilt.txt --site fulltilt --out hands/",
        ],
        details=(
            f"Sites: {', '.join(SITES)} (detected from each hand's first line unless --site is given).\n"
            "A hand that cannot be read, or whose replay does not give the site's collected amounts\n"
            "and rake, is refused with its file, line and reason. Exit status: 0 all imported,\n"
            "1 some refused, 2 the input cannot be read."
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="the sites' history files (- for stdin)")
    p.add_argument("--out", required=True, type=common.output_folder, metavar="DIR", help="the folder to write into")
    p.add_argument("--phhs", action="store_true", help="one .phhs file per input instead of one .phh per hand")
    p.add_argument("--site", choices=sorted(SITES), help="read every hand as this site's")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument(
        "--rake",
        type=_rake_rule,
        metavar="RULE",
        help="the site's rake rule, to replay each cash hand with and check to the cent: "
        "PERCENT[,cap=AMOUNT][,unit=AMOUNT][,min_pot=AMOUNT][,down|half_even|half_up|up][,first_round_free], "
        "amounts in the hand's currency (5,cap=3.00,half_even,first_round_free); written into each hand",
    )


def _rake_rule(text: str) -> SiteRake:
    try:
        return SiteRake.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _hands(path: str, site: str | None, rake: SiteRake | None = None) -> Iterator[Imported | Refused]:
    """A file's hands, each imported one checked against the site's numbers (and replayed with
    the site's rake rule, if given)."""
    for hand in read_lines(common.read_lines(path, limit=MAX_HISTORY_LINE_BYTES), source=path, site=site):
        if isinstance(hand, Imported):
            try:
                if rake is not None:
                    rake.state(hand.history)
            except ValueError as exc:  # an amount of the rule that is not whole chips in this hand
                yield Refused(hand.source, hand.line, hand.site, hand.number, str(exc))
                continue
            problems = verify(hand.history)
            if problems:
                yield Refused(
                    hand.source, hand.line, hand.site, hand.number, "replay disagrees: " + "; ".join(problems)
                )
                continue
        yield hand


def _phhs_names(files: list[str]) -> list[str]:
    names = ["stdin.phhs" if f == "-" else Path(f).stem + ".phhs" for f in files]
    twice = [n for n, k in Counter(names).items() if k > 1]
    if twice:
        raise ValueError(f"two inputs would write {twice[0]}: with --phhs, give inputs of different names")
    return names


def _run(args: argparse.Namespace) -> int:
    files: list[str] = args.files
    names = _phhs_names(files) if args.phhs else []
    games: Counter[str] = Counter()
    sites: Counter[str] = Counter()
    refused: list[Refused] = []
    seen: set[str] = set()
    read = 0
    for k, path in enumerate(files):
        with ExitStack() as stack:
            out: TextIO | None = None
            count = 0
            for hand in _hands(path, args.site, args.rake):
                read += 1
                if isinstance(hand, Refused):
                    refused.append(hand)
                    continue
                name = f"{hand.site}-{hand.number}"
                if name in seen:
                    refused.append(Refused(path, hand.line, hand.site, hand.number, "the same hand again"))
                    continue
                seen.add(name)
                text = dumps(hand.history)
                os.makedirs(args.out, exist_ok=True)  # made once there is a hand to write in it
                if args.phhs:
                    if out is None:
                        out = stack.enter_context(open(Path(args.out) / names[k], "w", encoding="utf-8"))
                    count += 1
                    out.write(f"[{count}]\n{text}" if count == 1 else f"\n[{count}]\n{text}")
                else:
                    (Path(args.out) / f"{name}.phh").write_text(text, encoding="utf-8")
                games[hand.game] += 1
                sites[hand.site] += 1
    if read == 0:
        raise ValueError(f"no hand history of a site studeval reads ({', '.join(SITES)}) in {', '.join(files)}")
    summary = _summary(files, read, games, sites, refused, args.out)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(_text(summary))
    return 1 if refused else 0


def _summary(
    files: list[str], read: int, games: Counter[str], sites: Counter[str], refused: list[Refused], out: str
) -> dict[str, Any]:
    return {
        "files": len(files),
        "hands": read,
        "imported": sum(games.values()),
        "games": dict(sorted(games.items())),
        "sites": dict(sorted(sites.items())),
        "refused": [
            {"file": r.source, "line": r.line, "site": r.site, "hand": r.number, "reason": r.reason} for r in refused
        ],
        "out": out,
    }


def _text(s: dict[str, Any]) -> str:
    plural = "" if s["hands"] == 1 else "s"
    files = "1 file" if s["files"] == 1 else f"{s['files']} files"
    per_game = ", ".join(f"{g} {n}" for g, n in s["games"].items())
    lines = [
        f"{s['hands']} hand{plural} read from {files}: {s['imported']} imported"
        + (f" ({per_game})" if per_game else "")
        + f", {len(s['refused'])} refused"
    ]
    for r in s["refused"]:
        hand = f" hand #{r['hand']}" if r["hand"] else ""
        lines.append(common.one_line(f"  {r['file']} line {r['line']}:{hand} {r['reason']}"))
    return "\n".join(lines)
