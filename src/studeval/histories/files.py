"""A site's history file as text: its encoding detected, never asked of the user.

Sites write their files in several encodings (../shared/histories/FORMATS.md, docs/histories.md):
plain UTF-8, UTF-8 behind a byte-order mark (some PokerStars and Bovada files), UTF-16
little-endian behind its mark with a stray last byte (Full Tilt, 2010-2011), and Windows-1252
under a declaration that says UTF-8 (iPoker's euro sign). :func:`detect_encoding` decides by
the byte-order mark, else by whether the whole file is valid UTF-8, else Windows-1252 (which
reads any byte): the file is read twice, a chunk at a time, so memory stays bounded.
:func:`text_chunks` gives the decoded text and :func:`numbered_lines` its lines; CR and CRLF line ends
read as LF. One rule splits lines everywhere (:func:`split_lines`): ``\\r\\n``, ``\\n`` and ``\\r``
end a line, nothing else (a form feed, U+2028 or NEL in a chat line is text, as the sites
write it).

>>> import tempfile
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
...     _ = f.write("\\ufeffline one\\r\\nline two\\n".encode("utf-16-le") + b"\\n")
>>> detect_encoding(f.name)
'utf-16-le'
>>> list(numbered_lines(text_chunks(f.name, "utf-16-le")))
[(1, 'line one'), (2, 'line two')]
"""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterable, Iterator
from typing import BinaryIO

__all__ = ["CHUNK", "MAX_LINE_CHARS", "detect_encoding", "numbered_lines", "split_lines", "text_chunks"]

#: Bytes read at a time.
CHUNK = 1 << 16

#: The longest line of a text history read (a chat line is the longest a site writes); an XML
#: file is read in chunks, not lines, and has no such limit.
MAX_LINE_CHARS = 4096

# The marks, longest first (UTF-32 is not written by any site and not read).
_MARKS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def split_lines(text: str) -> list[str]:
    """The lines of a text, each without its end: ``\\r\\n``, ``\\n`` or ``\\r`` (unlike
    ``str.splitlines``, which also splits at form feeds, U+2028 and other characters a chat
    line may hold). A last line end ends the last line, not an empty one.

    >>> split_lines("a\\r\\nb\\rc\\nd\\u2028e\\n")
    ['a', 'b', 'c', 'd\\u2028e']
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _open(path: str) -> BinaryIO:
    if not isinstance(path, str) or not path:
        raise ValueError(f"a history file is named by a path, got {path!r}")
    return open(path, "rb")


def detect_encoding(path: str) -> str:
    """The encoding of a file: ``utf-8-sig``, ``utf-16-le`` or ``utf-16-be`` by its byte-order
    mark, else ``utf-8`` when every byte is valid UTF-8, else ``windows-1252``.

    OSError names a file that cannot be read; ValueError an empty one.
    """
    with _open(path) as f:
        head = f.read(4)
        if not head:
            raise ValueError(f"{path} is empty")
        for mark, name in _MARKS:
            if head.startswith(mark):
                return name
        f.seek(0)
        decoder = codecs.getincrementaldecoder("utf-8")()
        try:
            while chunk := f.read(CHUNK):
                decoder.decode(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            return "windows-1252"
    return "utf-8"


def text_chunks(path: str, encoding: str) -> Iterator[str]:
    """The decoded text of a file, a chunk at a time, without its byte-order mark and with
    every line end as ``\\n``. A UTF-16 file's odd last byte (Full Tilt writes one) is dropped."""
    utf16 = encoding.startswith("utf-16")
    decoder = codecs.getincrementaldecoder("utf-8" if encoding == "utf-8-sig" else encoding)(errors="strict")
    skip = {"utf-8-sig": 3, "utf-16-le": 2, "utf-16-be": 2}.get(encoding, 0)
    newlines = io.IncrementalNewlineDecoder(None, translate=True)
    with _open(path) as f:
        f.read(skip)
        pending = b""
        while chunk := f.read(CHUNK):
            data = pending + chunk
            pending = b""
            if utf16 and len(data) % 2:  # hold one byte back: a unit may straddle two chunks
                data, pending = data[:-1], data[-1:]
            try:
                text = decoder.decode(data)
            except UnicodeDecodeError as exc:
                raise ValueError(f"{path} is not {encoding} text ({exc.reason})") from None
            if text:
                yield newlines.decode(text)
        try:
            rest = decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:  # pragma: no cover - utf-16 pending bytes are held back above
            raise ValueError(f"{path} is not {encoding} text ({exc.reason})") from None
        tail = newlines.decode(rest, final=True)
        if tail:
            yield tail


def numbered_lines(
    chunks: Iterable[str], *, source: str = "<text>", limit: int = MAX_LINE_CHARS
) -> Iterator[tuple[int, str]]:
    """The lines of decoded text given in chunks (numbered from 1, without their line end);
    ValueError for a line longer than ``limit`` characters (a file that is not a history).

    >>> list(numbered_lines(["a\\nb", "c\\n", "d"]))
    [(1, 'a'), (2, 'bc'), (3, 'd')]
    """
    number = 0
    partial = ""
    for chunk in chunks:
        lines = (partial + chunk).split("\n")
        partial = lines.pop()
        for line in lines:
            number += 1
            if len(line) > limit:
                raise ValueError(f"{source} line {number} is longer than {limit:,} characters: not a hand history")
            yield number, line
        if len(partial) > limit:
            raise ValueError(f"{source} line {number + 1} is longer than {limit:,} characters: not a hand history")
    if partial:
        yield number + 1, partial
