"""The ``studeval db`` sub-commands: the hand database itself (``info``, ``export``).

``studeval db info`` says where the database is, its schema version and what it holds (hands
per site and game, how many are analysed); ``studeval db export --parquet DIR`` writes its
hands and seats as Parquet files for pandas and Dask (:func:`studeval.db.export_parquet`;
``studeval.distributed.analyze_export`` analyses such an export on a cluster).

>>> import os, tempfile
>>> from studeval.cli import main
>>> main(["db", "info", "--db", os.path.join(tempfile.mkdtemp(), "new.db")])  # doctest: +ELLIPSIS
database .../new.db (schema 1): 0 hands, 0 analysed
0
"""

from __future__ import annotations

import argparse

from studeval import db
from studeval.cli import common

__all__ = ["register"]


def _info(args: argparse.Namespace) -> int:
    conn = db.open_db(args.db)
    try:
        done, total = db.analysed_count(conn)
        print(f"database {args.db} (schema {db.schema_version(conn)}): {total:,} hands, {done:,} analysed")
        for site, game, count in conn.execute(
            "SELECT site, game, COUNT(*) FROM hands GROUP BY site, game ORDER BY site, game"
        ):
            print(f"  {site:<12} {game:<10} {count:>10,}")
    finally:
        conn.close()
    return 0


def _export(args: argparse.Namespace) -> int:
    conn = db.open_db(args.db)
    try:
        files = db.export_parquet(conn, args.parquet, rows=args.rows)
    finally:
        conn.close()
    for table, paths in files.items():
        print(f"{table}: {len(paths)} file{'' if len(paths) == 1 else 's'} in {args.parquet}/{table}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``db`` with its sub-commands info and export."""
    top = sub.add_parser(
        "db",
        help="the hand database: what it holds, an export for pandas and Dask",
        description="the hand database: what it holds, an export for pandas and Dask\n\n"
        "studeval import --db fills it, studeval analyze --db analyses it, studeval stats reads it.",
        epilog="examples:\n  studeval db info --db hands.db\n  studeval db export --db hands.db --parquet hands-parquet/",
        formatter_class=common.HelpFormatter,
    )
    inner = top.add_subparsers(dest="db_command", metavar="SUBCOMMAND")
    inner.required = True
    p = common.add_command(
        inner,
        "info",
        _info,
        "where the hand database is and what it holds",
        examples=["studeval db info", "studeval db info --db hands.db"],
    )
    common.db_option(p, "the hand database")
    p.set_defaults(db=str(db.default_path()))
    p = common.add_command(
        inner,
        "export",
        _export,
        "write the hands and seats as Parquet files (for pandas and Dask)",
        examples=["studeval db export --db hands.db --parquet hands-parquet/"],
        details="Writes DIR/hands/part-00000.parquet, ... (each hand's columns and its PHH text) and\n"
        "DIR/seats/... (each player's result and statistics' counts); needs pyarrow.",
    )
    common.db_option(p, "the hand database")
    p.set_defaults(db=str(db.default_path()))
    p.add_argument("--parquet", required=True, type=common.output_folder, metavar="DIR", help="the folder to write")
    p.add_argument(
        "--rows", type=common.bounded_int(1, 10_000_000), default=db.EXPORT_ROWS, help="the rows of one file"
    )
