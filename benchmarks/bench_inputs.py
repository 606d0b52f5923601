"""Inputs shared by the benchmarks: the same random hands for every library."""

from __future__ import annotations

from studeval.dealing import random_hands  # one random-hands helper for the package and the benchmarks

__all__ = ["RANKS", "SUITS", "card_text", "random_hands"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_text(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]


#: One fixture file per site for the import benchmarks (tests/histories/data, written from
#: ../shared/histories/FORMATS.md): a file of each site's everyday hands.
SITE_FIXTURES = {
    "pokerstars": "pokerstars/cash_2009.txt",
    "fulltilt": "fulltilt/cash_2010.txt",
    "winamax": "winamax/cash_stud.txt",
    "bovada": "bovada/bodog_2012_05_cash.txt",
    "ipoker": "ipoker/cash_usd.xml",
}


def site_file(site: str, hands: int, path: str, first: int = 0) -> int:
    """Write ``hands`` hands of a site's fixture file, repeated with new hand numbers (from
    ``first`` on: files of distinct hands), to ``path`` in the fixture's own encoding;
    returns the number of hands written (only hands that import)."""
    import re
    from pathlib import Path

    from studeval.histories import Imported, read_file
    from studeval.histories.files import numbered_lines, text_chunks

    fixture = Path(__file__).resolve().parents[1] / "tests" / "histories" / "data" / SITE_FIXTURES[site]
    read = read_file(str(fixture))
    if fixture.suffix == ".xml":  # one session: its games repeated with new game codes
        xml = "".join(text_chunks(str(fixture), read.encoding))
        games = re.findall(r"<game gamecode=\"\d+\">.*?</game>", xml, flags=re.S)
        head, tail = xml[: xml.index("<game ")], xml[xml.rindex("</game>") + len("</game>") :]
        body = [
            re.sub(r'gamecode="\d+"', f'gamecode="{10**9 + first + k}"', games[k % len(games)], count=1)
            for k in range(hands)
        ]
        Path(path).write_bytes((head + "\n".join(body) + tail).encode(read.encoding))
        return hands
    good = [(h.line, h.number) for h in read if isinstance(h, Imported)]
    starts = [h.line for h in read_file(str(fixture))]
    lines = [text for _, text in numbered_lines(text_chunks(str(fixture), read.encoding))]
    blocks = []
    for start, number in good:
        later = [s for s in starts if s > start]
        blocks.append((lines[start - 1 : (later[0] if later else len(lines) + 1) - 1], number))
    out = []
    for k in range(hands):
        block, number = blocks[k % len(blocks)]
        runs = list(re.finditer(r"\d+", number))
        run = runs[len(runs) // 2]  # Winamax's A-B-C: the counter B; else the whole number
        new = number[: run.start()] + str(10**6 + first + k) + number[run.end() :]
        out.append("\n".join([block[0].replace(number, new, 1), *block[1:]]))
    Path(path).write_bytes(("\n\n\n".join(out) + "\n").encode(read.encoding))
    return hands


if __name__ == "__main__":  # python benchmarks/bench_inputs.py SITE HANDS PATH: a file for /usr/bin/time
    import sys

    print(site_file(sys.argv[1], int(sys.argv[2]), sys.argv[3]), "hands written to", sys.argv[3])
