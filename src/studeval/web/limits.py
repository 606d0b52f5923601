"""The bounds of every request ``studeval serve`` answers (docs/limits.md lists them; no
framework is imported here, so the limits can be read without the ``[web]`` extra).

>>> MIN_PLAYERS, MAX_PLAYERS
(2, 8)
"""

from __future__ import annotations

__all__ = [
    "IMPORT_TIME_LIMIT",
    "MAX_BODY_BYTES",
    "MAX_PLAYERS",
    "MAX_REQUEST_BYTES",
    "MAX_SAMPLES",
    "MAX_TEXT_CHARS",
    "MAX_UPLOAD_BYTES",
    "MAX_UPLOAD_FILES",
    "MAX_UPLOAD_HANDS",
    "MIN_PLAYERS",
    "TIME_LIMIT",
    "WORKERS",
]

#: The fewest and the most players of an equity question (a stud table seats eight).
MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: The most Monte Carlo deals one question may ask for (about a second on one core).
MAX_SAMPLES = 10_000_000
#: The seconds one request may compute: a question whose plan estimates more is refused
#: before it starts, one that runs past it is stopped.
TIME_LIMIT = 10
#: The seconds one import request may take (an import is not stopped midway: past this the
#: request is answered 503 and the import finishes on its own, each file in one transaction).
IMPORT_TIME_LIMIT = 120
#: The largest JSON body of a request (an equity question is a few hundred bytes).
MAX_BODY_BYTES = 65_536
#: The longest text of one field (a player's cards and range, the dead cards).
MAX_TEXT_CHARS = 1_000
#: The largest hand-history file taken by the replayer or the import (each file).
MAX_UPLOAD_BYTES = 8_388_608
#: The largest upload request, all its files together (the import page sends a file a request).
MAX_REQUEST_BYTES = 33_554_432
#: The most files one import request takes.
MAX_UPLOAD_FILES = 20
#: The most hands one request reads from the files it was given.
MAX_UPLOAD_HANDS = 5_000
#: The equity questions and replays computed at once (the rest wait, within their limit).
WORKERS = 2
