"""The ``studeval`` command line (also ``python -m studeval``).

One module per command group, each with ``register(sub)`` adding its sub-commands:
:mod:`~studeval.cli.evaluate` (eval), :mod:`~studeval.cli.bench` (bench),
:mod:`~studeval.cli.equity` (equity), :mod:`~studeval.cli.game` (simulate, replay),
:mod:`~studeval.cli.histories` (import), :mod:`~studeval.cli.analyze` (analyze),
:mod:`~studeval.cli.stats` (stats), :mod:`~studeval.cli.database` (db), :mod:`~studeval.cli.serve` (serve: the web application)
and the casino game's commands (caribbean). Shared plumbing -- one-line errors, bounded input,
progress bars, bounded argparse numbers -- is in :mod:`~studeval.cli.common`.

A command function takes the parsed arguments and returns the exit status. Whatever goes
wrong ends as one line ``studeval <command>: <message>`` on stderr and status 2 (130 on
Ctrl-C), never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from studeval import __version__
from studeval.cli import analyze, bench, caribbean, common, database, equity, evaluate, game, histories, serve, stats

__all__ = ["build_parser", "command_parsers", "main"]

EXAMPLES = """examples:
  studeval eval "As Ks Qs Js Ts"
  studeval equity "As Ah Kd" "Qc Qd 7s"
  studeval simulate --hands 100 --seed 1 --out hands/
  studeval replay hands/hand_000001.phh
  studeval caribbean edge
  studeval serve                   (the calculator and replayer in a browser)
  studeval COMMAND --help          (each command's options and examples)"""


def build_parser() -> argparse.ArgumentParser:
    """The ``studeval`` parser with every command registered.

    >>> build_parser().parse_args(["eval", "As Ks Qs Js Ts"]).hand
    ['As Ks Qs Js Ts']
    """
    parser = common.Parser(
        prog=common.PROG,
        description="Stud poker: evaluate hands, equities, table rules and the banked casino game.",
        epilog=EXAMPLES,
        formatter_class=common.HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"studeval {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in (evaluate, bench, equity, game, caribbean, histories, analyze, stats, database, serve):
        module.register(sub)
    for leaf in command_parsers(parser):
        # the prefix of every message of the command, however deep it is nested
        leaf.set_defaults(command_prog=leaf.prog)
    return parser


def command_parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parsers that run a command (those without sub-commands of their own).

    >>> sorted(p.prog for p in command_parsers(build_parser()))[:3]
    ['studeval analyze', 'studeval bench', 'studeval caribbean advise']
    """
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not groups:
        yield parser
    for group in groups:
        for child in dict.fromkeys(group.choices.values()):
            yield from command_parsers(child)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["eval", "As Ks Qs Js Ts"])
    As Ks Qs Js Ts          7462  STRAIGHT_FLUSH   Royal flush
    0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except KeyboardInterrupt:  # pragma: no cover - a Ctrl-C during import or parsing
        print(f"{common.PROG}: interrupted", file=sys.stderr)
        return 130
    return common.run_command(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
