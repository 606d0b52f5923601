"""Plumbing shared by every ``studeval`` command: one-line errors, bounded input, progress bars
and bounded number types for argparse.

How a command module uses it (the caribbean commands can do the same)::

    from studeval.cli import common

    def register(sub):
        p = common.add_command(sub, "edge", _run, "the exact house edge",
                               examples=["studeval caribbean edge --json"])
        p.add_argument("--threads", type=common.threads_type, help="threads (default: all cores)")

    def _run(args):
        with common.progress_bar("studeval caribbean edge") as progress:
            result = analyze(..., progress=progress)
        ...

A command function returns the exit status and raises ValueError/TypeError/OSError for bad
input: :func:`run_command` (called by ``studeval.cli.main``) turns any exception into one line
``studeval <command>: <message>`` on stderr and status 2, Ctrl-C into status 130, and a closed
output pipe (``studeval eval --file big.txt | head -1``) into a quiet stop.

Limits on what a command reads (documented in README):

* a file read whole (``replay``) holds at most :data:`MAX_FILE_BYTES` bytes;
* a file read line by line (``eval``) is streamed, each line at most :data:`MAX_LINE_BYTES`.

Every read of stdin goes through :func:`open_input` (files and ``-``), :func:`answers` (the
questions of ``caribbean play``) and :func:`stdin_is_terminal`: a closed, unreadable, empty or
non-UTF-8 stdin ends as one line and status 2 (``play`` ends its session at the end of stdin).
Every option naming something to write is an argparse type here, so a file or folder that
could not be written is refused while the arguments are read, before any work:
:func:`picture_file` (``--plot``), :func:`output_folder` and :func:`output_file` (``simulate --out``).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from studeval._core import THREAD_LIMIT
from studeval.games import GAMES, STUD_GAMES, get_game

PROG = "studeval"
#: The largest file a command reads whole (a hand history is a few kilobytes).
MAX_FILE_BYTES = 1 << 20
#: The longest line a line-by-line command reads (a hand of seven cards is about 20 characters).
MAX_LINE_BYTES = 1024
#: The exit status of a command that a closed output pipe stopped (128 + SIGPIPE, as a shell
#: reports a standard tool that the same pipe stopped).
BROKEN_PIPE_STATUS = 141

Progress = Callable[[float], None]


def game_option(parser: argparse.ArgumentParser, *, stud: bool = True, help: str = "") -> None:
    """Add ``--game``: a name or alias of :data:`studeval.games.GAMES` (hold'em too unless
    ``stud``), read with :func:`studeval.games.get_game` and stored as the game's name, so every
    command takes the same names and refuses an unknown one with the same message.

    >>> p = Parser(prog="x")
    >>> game_option(p)
    >>> p.parse_args(["--game", "Stud Hi-Lo"]).game
    'stud8'
    """
    names = STUD_GAMES if stud else tuple(GAMES)

    def convert(text: str) -> str:
        try:
            return get_game(text, stud=stud).name
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    convert.__name__ = "game"
    titles = ", ".join(f"{name} ({GAMES[name].title})" if GAMES[name].title != name else name for name in names)
    parser.add_argument(
        "--game",
        type=convert,
        default=names[0],
        metavar="GAME",
        help=f"{help}{'; ' if help else ''}one of {titles}; other spellings such as 'stud hi-lo' work too (default: %(default)s)",
    )


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line, ``<prog>: <message> (see --help)``."""

    def error(self, message: str) -> NoReturn:
        self._fail(self.prog, message)

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        ns, extras = self.parse_known_args(args, namespace)
        if extras:  # named after the command they were given to, not the top-level parser
            self._fail(getattr(ns, "command_prog", None) or self.prog, f"unrecognized arguments: {' '.join(extras)}")
        return ns

    @staticmethod
    def _fail(prog: str, message: str) -> NoReturn:
        print(one_line(f"{prog}: {message} (see {prog} --help)"), file=sys.stderr)
        raise SystemExit(2)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples of an epilog as written and states every default that says something.

    A default of None or False is not printed: the help text says what the option does
    without it (``--seed``: "default: a fresh random seed").
    """

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if "default" in text or default in (None, argparse.SUPPRESS) or not action.option_strings or action.nargs == 0:
            return text  # a flag (store_true/false) needs no default
        shown = f"{default:,}" if isinstance(default, int) and not isinstance(default, bool) else str(default)
        return f"{text} (default: {shown.replace('%', '%%')})"


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    func: Callable[[argparse.Namespace], int],
    help: str,
    *,
    examples: Sequence[str] = (),
    details: str = "",
) -> argparse.ArgumentParser:
    """Add a sub-command whose page opens with its one-line ``help`` and ends with ``examples``.

    >>> parser = Parser(prog="studeval")
    >>> p = add_command(parser.add_subparsers(), "hello", lambda a: 0, "say hello", examples=["studeval hello"])
    >>> p.description, p.epilog
    ('say hello', 'examples:\\n  studeval hello')
    """
    description = help if not details else f"{help}\n\n{details}"
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples) if examples else None
    p = sub.add_parser(name, help=help, description=description, epilog=epilog, formatter_class=HelpFormatter)
    p.set_defaults(func=func)
    return p


#: What cli/__init__.py calls on each command module: add its commands to the subparsers.
Register = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


def command(
    name: str,
    func: Callable[[argparse.Namespace], int],
    help: str,
    *,
    examples: Sequence[str] = (),
    details: str = "",
) -> Callable[[Callable[[argparse.ArgumentParser], None]], Register]:
    """A module's ``register(sub)`` for one command: decorates the function adding its
    arguments, the command's words given once (as :func:`add_command` takes them).

    >>> @command("hello", lambda a: 0, "say hello", examples=["studeval hello --loud"])
    ... def register(p):
    ...     p.add_argument("--loud", action="store_true")
    >>> parser = Parser(prog="studeval"); register(parser.add_subparsers())
    >>> parser.parse_args(["hello", "--loud"]).loud
    True
    """

    def decorate(arguments: Callable[[argparse.ArgumentParser], None]) -> Register:
        def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
            arguments(add_command(sub, name, func, help, examples=examples, details=details))

        register.__doc__ = f"Add ``{name}`` to the ``{PROG}`` parser."
        return register

    return decorate


def _bounded(kind: type, parse: Callable[[str], Any], lo: Any, hi: Any) -> Callable[[str], Any]:
    what = "an integer" if kind is int else "a number"
    span = f"{lo:,} to {hi:,}" if kind is int else f"{lo:g} to {hi:g}"

    def convert(text: str) -> Any:
        try:
            value = parse(text.strip())
        except (ValueError, OverflowError, ArithmeticError):
            raise argparse.ArgumentTypeError(f"expected {what} from {span}, got {text!r}") from None
        if not (lo <= value <= hi):  # also refuses nan
            raise argparse.ArgumentTypeError(f"expected {what} from {span}, got {text}")
        return int(value) if kind is int else value

    convert.__name__ = kind.__name__  # argparse names the type in some messages
    return convert


#: An integer as people write it and as the help prints it: ``1000000``, ``1_000_000``,
#: ``1,000,000`` (groups of three), ``1e6``, ``1.5e3``; ASCII digits only, and at most 40
#: characters, so ``9**9**9`` style input costs nothing.
_INTEGER_TEXT = re.compile(
    r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:_[0-9]+)*)(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?", re.ASCII
)


def _parse_int(text: str) -> Decimal:
    """The exact value of an integer written as above; ValueError for anything else, 1.5 included.

    A Decimal, compared with the bounds before it is made an int, so ``1e39`` is refused
    without building its 40 digits' int.
    """
    if len(text) > 40 or not _INTEGER_TEXT.fullmatch(text):
        raise ValueError(text)
    value = Decimal(text.replace(",", "").replace("_", ""))
    if value != value.to_integral_value():
        raise ValueError(text)
    return value


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise ValueError(text)
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``lo`` to ``hi``, else a one-line error.

    Written as people write it and as the help prints it: ``1000000``, ``1_000_000``,
    ``1,000,000`` or ``1e6`` (ASCII digits); a value that is not an exact integer (``1.5``),
    ``nan`` and ``inf`` are refused.

    >>> bounded_int(1, 8)("3")
    3
    >>> bounded_int(1, 10**6)("1e6"), bounded_int(1, 10**6)("1,000,000")
    (1000000, 1000000)
    >>> bounded_int(1, 8)("1.5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected an integer from 1 to 8, got '1.5'
    >>> bounded_int(1, 8)("9")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected an integer from 1 to 8, got 9
    """
    return _bounded(int, _parse_int, lo, hi)


def bounded_float(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a finite number from ``lo`` to ``hi`` (``inf`` and ``nan`` are refused).

    >>> bounded_float(0.001, 60)("0.5")
    0.5
    >>> bounded_float(0.001, 60)("inf")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a number from 0.001 to 60, got 'inf'
    """
    return _bounded(float, _parse_float, lo, hi)


def count_option(
    parser: argparse.ArgumentParser, flag: str, most: int, default: int | None, what: str, after: str = ""
) -> None:
    """Add an option counting something from 1 to ``most``, its help ``what``, the range, then ``after``.

    >>> p = Parser(prog="x"); count_option(p, "--hands", 1000, 10, "hands to play")
    >>> p.parse_args(["--hands", "1e3"]).hands, p._actions[-1].help
    (1000, 'hands to play, 1 to 1,000')
    """
    parser.add_argument(flag, type=bounded_int(1, most), default=default, help=f"{what}, 1 to {most:,}{after}")


#: ``--threads``: 1 to ``THREAD_LIMIT`` (0 is refused; leave the option out for all cores).
threads_type = bounded_int(1, THREAD_LIMIT)
#: ``--seed``: a non-negative integer below 2**63.
seed_type = bounded_int(0, 2**63 - 1)


#: What ``--plot`` needs that may not be installed.
PLOT_INSTALL = "--plot needs matplotlib: pip install 'studeval[plot]'"


def picture_file(text: str) -> str:
    """An argparse type for ``--plot FILE``: a picture file that can be written, returned as given.

    The format is the file's ending (.png, .svg, .pdf, ...: :func:`studeval.plots.picture_formats`);
    a name without one is refused, never completed, so the file written is the file named.
    Refused with one line: an empty name, ``-``, a folder, a name without a picture ending, a
    folder that does not exist or cannot be written in, a file that cannot be overwritten,
    and a missing matplotlib. Checked while the arguments are read, so before any work.

    >>> picture_file("-")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '-' would be stdout: a picture is written to a file; name one such as equity.png
    """
    _writable(text, "file", "equity.png")
    try:
        from studeval.plots import picture_format

        picture_format(text)
    except ImportError:
        raise argparse.ArgumentTypeError(PLOT_INSTALL) from None
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    _check_folder(_parent(text), text)
    return text


def output_folder(text: str) -> str:
    """An argparse type for an option naming a folder to write files into (``simulate --out``).

    The folder may exist (and must then be writable) or is created, in a folder that exists:
    a mistyped parent is refused rather than created. Checked while the arguments are read.

    >>> output_folder("")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the folder name is empty: name a folder such as hands/
    """
    _writable(text, "folder", "hands/")
    _check_folder(text if os.path.isdir(text) else _parent(text), text)
    return text


def output_file(text: str) -> str:
    """An argparse type for an option naming a file to write (``simulate --out hands.phhs``):
    a name, not stdout, not a folder, in a folder that exists and can be written in; an
    existing file must be writable. Checked while the arguments are read, so before any work.

    >>> output_file("")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the file name is empty: name a file such as hands.phhs
    """
    if text == "-":
        raise argparse.ArgumentTypeError("'-' would be stdout: name a file such as hands.phhs")
    _writable(text, "file", "hands.phhs")
    _check_folder(_parent(text), text)
    return text


def database_file(text: str) -> str:
    """An argparse type for ``--db FILE``: a hand database to open or make, in a folder that
    exists or can be made (a default location's folder is made on first use). Checked while
    the arguments are read.

    >>> database_file("")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: the file name is empty: name a file such as hands.db
    """
    if text == "-":
        raise argparse.ArgumentTypeError("'-' would be stdout: the database is a file; name one such as hands.db")
    _writable(text, "file", "hands.db")
    return text


def db_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--db [FILE]``: the hand database (:mod:`studeval.db`), at FILE or, without one, at its
    default place (``$STUDEVAL_DB``, else the user's data folder)."""
    from studeval.db import default_path

    parser.add_argument(
        "--db",
        nargs="?",
        const=str(default_path()),
        type=database_file,
        metavar="FILE",
        help=f"{help} (without FILE: {default_path()})",
    )


def _writable(text: str, kind: str, example: str) -> None:
    """The checks every output shares: a name, not stdout, not a folder for a file (nor a file
    for a folder), not an existing file that cannot be overwritten."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"the {kind} name is empty: name a {kind} such as {example}")
    if text == "-":
        raise argparse.ArgumentTypeError(
            f"'-' would be stdout: {'a picture is written to a file' if kind == 'file' else 'the files need a folder'};"
            f" name one such as {example}"
        )
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{text!r} holds a NUL character, which no {kind} name can")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be a {kind} name on this system") from None
    if kind == "file" and (os.path.isdir(text) or text.endswith(("/", os.sep))):
        raise argparse.ArgumentTypeError(f"{text} is a folder: name a file in it, such as {Path(text) / example}")
    if kind == "folder" and os.path.lexists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    if kind == "file" and os.path.lexists(text) and not os.access(text, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text} exists and cannot be overwritten (permission denied)")


def _parent(text: str) -> str:
    """The folder a name is made in, from the name as given (``Path`` would read ``f/.`` as ``f``)."""
    return os.path.dirname(text.rstrip("/" + os.sep)) or "."


def _check_folder(folder: str, text: str) -> None:
    """The folder something is written in: it exists, is a folder, and can be written in."""
    if not os.path.isdir(folder):
        missing = "is a file, not a folder" if os.path.lexists(folder) else "does not exist"
        raise argparse.ArgumentTypeError(f"{text}: the folder {folder} {missing}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{text}: the folder {folder} cannot be written in (permission denied)")


def read_text(path: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file (``-``: stdin), refused with ValueError when it is empty, not
    UTF-8 or larger than ``limit`` bytes.

    >>> read_text("/dev/zero", limit=10)
    Traceback (most recent call last):
    ValueError: /dev/zero is larger than 10 bytes, the most a command reads
    >>> read_text("/dev/null")
    Traceback (most recent call last):
    ValueError: /dev/null is empty
    """
    with open_input(path) as stream, _reading(path):
        data = stream.read(limit + 1)
    if not data:
        raise ValueError(f"{_name(path)} is empty")
    if len(data) > limit:
        raise ValueError(f"{_name(path)} is larger than {_size(limit)}, the most a command reads")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{_name(path)} is not UTF-8 text (byte {exc.start + 1})") from None


def read_lines(path: str, *, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, str]]:
    """Stream the lines of a file (``-``: stdin) as (physical line number, text without newline).

    Each line is read as it comes (a line longer than ``limit`` bytes raises ValueError), so a
    command can answer line by line and memory stays bounded however long the input is. An
    empty input (no byte at all) raises ValueError: the command was given nothing to read.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("# comment\\n\\nAs Ks\\n")
    >>> list(read_lines(f.name))
    [(1, '# comment'), (2, ''), (3, 'As Ks')]
    >>> next(read_lines("/dev/zero"))
    Traceback (most recent call last):
    ValueError: /dev/zero line 1 is longer than 1,024 bytes, the most a command reads
    """
    with open_input(path) as stream:
        lines = _lines(stream, path, limit)
        first = next(lines, None)
        if first is None:
            raise ValueError(f"{_name(path)} is empty")
        yield first
        yield from lines


@contextmanager
def answers(*, limit: int = MAX_LINE_BYTES) -> Iterator[Callable[[str], str]]:
    """What an interactive command asks with: ``ask(prompt)`` prints the prompt and returns the
    next line of stdin; EOFError at the end of stdin (Ctrl-D, or the end of piped answers).

    Stdin is opened on entry, so a closed or unreadable stdin is refused (ValueError) before
    the first question; an answer longer than ``limit`` bytes or not UTF-8 raises ValueError.

    >>> import io, sys
    >>> sys.stdin, saved = io.StringIO("r\\n"), sys.stdin
    >>> with answers() as ask:
    ...     ask("raise or fold? ")
    raise or fold? 'r'
    >>> sys.stdin = saved
    """
    with open_input("-", closed="the answers are read from it: run this at a terminal, or pipe them in") as stream:
        lines = _lines(stream, "-", limit)

        def ask(prompt: str) -> str:
            sys.stdout.write(prompt)
            sys.stdout.flush()
            for _number, text in lines:
                return text
            raise EOFError("the end of stdin")

        yield ask


def stdin_is_terminal() -> bool:
    """Whether a person is typing on stdin (False when it is closed, replaced or a pipe).

    >>> import io, sys
    >>> sys.stdin, saved = None, sys.stdin
    >>> stdin_is_terminal()
    False
    >>> sys.stdin = saved
    """
    try:
        return bool(sys.stdin is not None and sys.stdin.isatty())
    except (AttributeError, OSError, ValueError):  # no isatty, or a closed stream
        return False


def open_input(path: str, *, closed: str = "give the input in a file, or pipe it in") -> BinaryIO:
    """A command's input opened for bytes: the file ``path``, or stdin for ``-``.

    Stdin is refused with ValueError when it is closed (``studeval replay - <&-``) and read
    through a duplicate of its descriptor, so closing the result leaves ``sys.stdin`` open.
    ``closed`` ends the message of a closed stdin. A file that cannot be opened raises OSError
    naming it.

    >>> import sys
    >>> sys.stdin, saved = None, sys.stdin
    >>> open_input("-")
    Traceback (most recent call last):
    ValueError: stdin is closed: give the input in a file, or pipe it in
    >>> sys.stdin = saved
    """
    if path == "":
        raise ValueError("the file name is empty")
    if path != "-":
        return open(path, "rb")
    refusal = ValueError(f"stdin is closed: {closed}")
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise refusal
    if not _has_fileno(stream):
        return _StdinBytes(stream)  # type: ignore[return-value]
    try:
        return os.fdopen(os.dup(stream.fileno()), "rb")
    except OSError:  # the descriptor was closed under the stream
        raise refusal from None


def _lines(stream: BinaryIO, path: str, limit: int) -> Iterator[tuple[int, str]]:
    number = 0
    while True:
        with _reading(path):
            raw = stream.readline(limit + 2)
        if not raw:
            return
        number += 1
        line = raw.rstrip(b"\r\n")
        if len(line) > limit:
            raise ValueError(f"{_name(path)} line {number} is longer than {limit:,} bytes, the most a command reads")
        try:
            text = line.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{_name(path)} line {number} is not UTF-8 text") from None
        yield number, text


@contextmanager
def _reading(path: str) -> Iterator[None]:
    """An input that opened but cannot be read (stdin opened for writing only, or a folder)."""
    try:
        yield
    except OSError as exc:
        raise ValueError(f"{_name(path)} cannot be read ({exc.strerror or exc})") from None


def _has_fileno(stream: Any) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


class _StdinBytes(io.BufferedIOBase):
    """sys.stdin replaced by a text stream (tests, embedding): its text as bytes. A character
    that UTF-8 cannot hold (a lone surrogate) stays undecodable, as the byte it came from was."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        return self._bytes(self._stream.readline(-1 if size is None else size))

    def read(self, size: int | None = -1) -> bytes:
        return self._bytes(self._stream.read(-1 if size is None else size))

    @staticmethod
    def _bytes(data: object) -> bytes:
        return data if isinstance(data, bytes) else str(data).encode("utf-8", "surrogatepass")


def _name(path: str) -> str:
    return "stdin" if path == "-" else path


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and n % (1 << 20) == 0 else f"{n:,} bytes"


class _LineWriter:
    """Where a bar goes when stderr is not a terminal (a log, a pipe): each redraw on a line of
    its own instead of carriage returns."""

    def write(self, text: str) -> None:
        text = text.replace("\r", "").rstrip()
        if text:
            sys.stderr.write(text + "\n")

    def flush(self) -> None:
        sys.stderr.flush()


@contextmanager
def progress_bar(
    desc: str,
    total: float = 100,
    unit: str = "%",
    *,
    enabled: bool | None = None,
    log_every: float | None = None,
) -> Iterator[Progress]:
    """A tqdm bar on stderr, driven by a ``Callable[[float], None]`` taking the fraction done.

    ``total`` and ``unit`` say what the bar counts (``total=hands, unit="hand"`` shows hands
    and hands per second; the default shows percent). The bar is drawn only when stderr is a
    terminal (``enabled=None``), rate and time left included, and is cleared at the end.
    ``log_every`` (seconds), for jobs long enough that a log should show they are alive:
    when stderr is not a terminal the bar is written as a line of its own at most that often,
    and its last state is kept.

    >>> with progress_bar("demo", enabled=False) as progress:
    ...     progress(0.5); progress(1.0)
    """
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    tty = sys.stderr.isatty()
    log = not tty and log_every is not None and enabled is not False
    if enabled is None:
        enabled = tty or log
    integral = unit != "%" and float(total).is_integer()
    bar = tqdm(
        total=int(total) if integral else total,
        unit=unit,
        desc=desc,
        file=_LineWriter() if log else sys.stderr,
        disable=not enabled,
        leave=log,  # a log keeps the final line; a terminal is cleared
        ascii=True if log else None,
        mininterval=log_every if log and log_every is not None else 0.1,
        dynamic_ncols=not log,
        unit_scale=unit != "%" and total >= 10_000,  # 1.2M/2.0M hands, but 3/10 tests
        bar_format=None if unit != "%" else "{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]",
    )

    def update(fraction: float) -> None:
        done = min(max(fraction, 0.0), 1.0) * total
        step = (round(done) if integral else done) - bar.n
        if step > 0:
            bar.update(step)

    try:
        yield update
    finally:
        bar.close()


def cli_syntax(message: str, args: argparse.Namespace) -> str:
    """A library message in command-line terms: ``method='monte-carlo'`` becomes ``--method monte-carlo``.

    Only names that are options of the command are rewritten.

    >>> cli_syntax("too many deals: use method='monte-carlo'", argparse.Namespace(method="auto"))
    'too many deals: use --method monte-carlo'
    """

    def option(m: re.Match[str]) -> str:
        name, value = m.group(1), m.group(3)
        if name not in vars(args):
            return m.group(0)
        return f"--{name.replace('_', '-')} {value}"

    return re.sub(r"\b([a-z][a-z_]*)=(['\"]?)([^'\"\s,;)]+)\2", option, message)


def command_name(args: argparse.Namespace) -> str:
    """The prefix of a command's messages: ``studeval eval``, ``studeval caribbean edge``."""
    return str(getattr(args, "command_prog", None) or f"{PROG} {getattr(args, 'command', '')}".strip())


def run_command(args: argparse.Namespace) -> int:
    """Run ``args.func(args)``; every failure ends as one line on stderr and status 2 (130 on Ctrl-C).

    >>> run_command(argparse.Namespace(command="demo", func=lambda a: int("x")))
    2
    """
    name = command_name(args)
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows here, inside the try
        return status
    except BrokenPipeError:
        return _closed_pipe()
    except KeyboardInterrupt:
        report(name, "interrupted")
        return 130
    except RecursionError:
        report(name, "the input is nested too deeply to read")
    except MemoryError:  # numpy's allocation error is a MemoryError too
        report(name, "not enough memory for this job: ask for less")
    except (ValueError, TypeError, OSError, OverflowError, ArithmeticError, LookupError) as exc:
        report(name, cli_syntax(_message(exc), args))
    except Exception as exc:  # a bug: still one line, with what went wrong
        report(name, f"internal error ({type(exc).__name__}: {exc}); please report it")
    return 2


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename is not None else exc.strerror
    text = str(exc) or type(exc).__name__
    return text.strip().replace("\n", " ")


def report(name: str, message: str) -> None:
    """Print ``name: message`` on stderr as one line (:func:`one_line`), after what stdout holds.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     report("studeval eval", "unknown card 'X\\nY'")
    >>> err.getvalue()
    "studeval eval: unknown card 'X\\\\nY'\\n"
    """
    with suppress(ValueError, OSError):  # a closed or broken stdout must not hide the message
        sys.stdout.flush()
    print(one_line(f"{name}: {message}"), file=sys.stderr)


#: What a terminal, a log or ``str.splitlines`` may take for the end of a line (and other
#: control characters), in a message that quotes what the user typed.
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with its control characters written as escapes, so it stays one line.

    >>> one_line("unknown card 'A\\x1es\\n'")
    "unknown card 'A\\\\x1es\\\\n'"
    """
    return _BREAKS.sub(lambda m: repr(m.group())[1:-1], text)


def _closed_pipe() -> int:
    """Stop quietly: what is still buffered for the closed pipe is dropped, as `head` expects."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    return BROKEN_PIPE_STATUS
