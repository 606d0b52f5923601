"""``studeval serve``: the calculator, the replayer, the results and the import in a browser
(the ``[web]`` extra: ``pip install "studeval[web]"``).

It listens on 127.0.0.1 unless ``--host`` says otherwise, and then says so at the start:
anyone who can reach that address can use the server (and, with ``--db``, read the hands).

>>> from studeval.cli import build_parser
>>> args = build_parser().parse_args(["serve", "--port", "8080"])
>>> args.host, args.port, args.db
('127.0.0.1', 8080, None)
>>> exposure("127.0.0.1"), exposure("localhost")
(None, None)
>>> exposure("0.0.0.0")
'listening on 0.0.0.0, not only this machine: anyone who can reach it can use the server'
"""

from __future__ import annotations

import argparse
import sys

from studeval.cli import common

__all__ = ["LOCAL_HOSTS", "MAX_PORT", "exposure", "register"]

#: The addresses that only this machine reaches.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
MAX_PORT = 65_535
_EXTRA = 'pip install "studeval[web]"'


def exposure(host: str) -> str | None:
    """What to say at the start when ``host`` is reachable from other machines (None if not)."""
    if host in LOCAL_HOSTS or host.startswith("127."):
        return None
    return f"listening on {host}, not only this machine: anyone who can reach it can use the server"


def _run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from studeval.web.app import LOCAL_NAMES, create_app
    except ImportError as exc:
        raise ValueError(f"the web server needs the [web] extra ({exc.name} is missing): {_EXTRA}") from None
    warning = exposure(args.host)
    # on this machine alone, only its own names are answered (no DNS-rebinding page)
    app = create_app(args.db, allowed_hosts=None if warning else LOCAL_NAMES)
    if warning:
        print(f"{common.PROG} serve: {warning}", file=sys.stderr)
    where = f"[{args.host}]" if ":" in args.host else args.host
    print(f"{common.PROG} serve: http://{where}:{args.port}/ (Ctrl-C stops it)", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


@common.command(
    "serve",
    _run,
    "the equity calculator, hand replayer, results and import in a browser",
    details=(
        "A local web application over the library (needs the [web] extra). It listens on\n"
        "127.0.0.1 unless --host says otherwise. Every request's work is bounded: see the\n"
        "limits in the documentation (docs/limits.md)."
    ),
    examples=["studeval serve", "studeval serve --db hands.db --port 8080"],
)
def register(p: argparse.ArgumentParser) -> None:
    """``serve``'s arguments."""
    p.add_argument(
        "--db",
        metavar="FILE",
        type=common.output_file,
        default=None,
        help="the hand database, made if missing (default: none; the results and import pages need one)",
    )
    p.add_argument("--port", type=common.bounded_int(1, MAX_PORT), default=8000, help="the port to listen on")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on; anything but this machine's own is said at the start",
    )
