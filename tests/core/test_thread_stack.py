"""Every threaded kernel runs in a thread whose stack is 128 KiB, the default of musl (the C
library of musllinux wheels and Alpine), where CPython's threads and OpenMP's get it. A kernel
that keeps large arrays on the stack overflows there: the exact count against a player with
unknown cards used to put two 60 KB arrays on it and crashed.

The kernels run in a child process, so that a crash fails this test instead of the session:
each once in the main thread and once in a thread started after
``threading.stack_size(128 * 1024)``, which must give the same results."""

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import threading

    import numpy as np

    import studeval
    from studeval.caribbean import analyze
    from studeval.equity import sharded_equity


    def counts(r):
        # every figure of the result, as text
        return repr((r.method, r.deals, r.records()))


    def kernels():
        rng = np.random.default_rng(18)
        hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].astype(np.uint8)
        out = {}
        for kind in studeval.KINDS:
            for check in (True, False):
                out["batch", kind, check] = studeval.evaluate_batch(hands, threads=2, check=check, kind=kind).tolist()
        # exact heads-up card by card, each game, and against unknown cards (the rank-multiset
        # count), in a pool of threads too (sharded_equity)
        for game in ("seven", "razz", "stud8", "stud_hilo", "razz27"):
            out["headsup", game] = counts(studeval.stud_equity(["As Ah Kd 5c", "Qc Qd 7s 2h"], game=game, threads=2))
            out["unseen", game] = counts(studeval.stud_equity(["As Ah Kd", "Qc"], game=game, seed=7, threads=2))
            out["sharded", game] = counts(sharded_equity(["As 2h 3d 4c 9s 9h", "Kc 7d 8h 6s 5h"], game=game, threads=2))
            # multiway: the exact enumeration, and Monte Carlo
            multiway = ["As Ah Kd 5c 5d 2s", "Qc Qd 7s 2h 3h 9c", "Jc Td 9s 8h 4d 3c"]
            out["multiway", game] = counts(studeval.stud_equity(multiway, game=game, method="exact", threads=2))
            out["monte carlo", game] = counts(
                studeval.stud_equity(
                    ["As Ah Kd", "Qc Qd 7s", "Jc Td 9s"], game=game, method="monte-carlo", samples=20_000, seed=3, threads=2
                )
            )
        out["holdem"] = counts(studeval.holdem_equity(["As Ah", "Kd Kc"], board="2c 7d 9h", threads=2))
        # 16 cards: the same kernels and stack frames (fixed-size arrays) as a bigger deck
        a = analyze(ranks="JQKA", no_qualify="winning_antes", threads=2)
        out["caribbean"] = (a.total_combinations, a.house_edge)
        return out


    main = kernels()
    old = threading.stack_size(128 * 1024)
    try:
        results = []
        thread = threading.Thread(target=lambda: results.append(kernels()))
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old)
    assert len(results) == 1, "the kernels raised in the small thread"
    differ = [key for key in main if results[0][key] != main[key]]
    assert not differ, differ
    print("ok", len(main))
    """
)


def test_every_threaded_kernel_runs_in_a_128_kib_thread() -> None:
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert run.stdout.split() == ["ok", "35"]  # 8 batch kinds x checks, 5 games x 5 counts, hold'em, caribbean
