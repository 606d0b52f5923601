"""distributed.analyze on a LocalCluster of two worker processes equals the local analysis."""

from __future__ import annotations

from pathlib import Path

import pytest
from clusters import cluster_client

from studeval.analysis import analyze
from studeval.game import Structure, StudState
from studeval.game.phh import HandHistory, to_phh
from studeval.histories import Imported, read_text

dd = pytest.importorskip("distributed")
sd = pytest.importorskip("studeval.distributed")

DATA = Path(__file__).resolve().parents[1] / "histories" / "data"


@pytest.fixture
def client() -> dd.Client:
    return cluster_client()  # one cluster for a run of tests that ask (tests/clusters.py)


def hands() -> list[HandHistory]:
    out = [
        h.history
        for name in ("pokerstars.txt", "fulltilt.txt")
        for h in read_text((DATA / name).read_text(encoding="utf-8"))
        if isinstance(h, Imported)
    ]
    for seed in range(3):  # multiway hands whose early streets are Monte Carlo
        st = StudState(["seven", "razz", "stud8"][seed % 3], Structure(1, 2, 4, 8), [80, 60, 40, 30], seed=seed)
        while st.actor >= 0:
            legal = st.legal_actions()
            st.act(*legal[seed % len(legal)][:2])
        out.append(to_phh(st, seat=seed % 4))
    broken = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p2 f"])
    out.insert(3, broken)
    return out


@pytest.fixture(scope="session")  # made once even when other modules' tests run in between
def local():
    return analyze(hands())


@pytest.mark.parametrize("chunk", [1, 4])
def test_equals_local(client, local, chunk):
    done = []
    on_cluster = sd.analyze(hands(), chunk=chunk, client=client, progress=done.append)
    assert on_cluster == local
    assert on_cluster.refused == [("4", "action 3 'p2 f': p2 acts but p1 is to act")]
    assert any(s.method == "monte-carlo" for h in local.hands for s in h.streets)
    assert done[-1] == 1.0


def test_hero_and_nothing(client):
    some = hands()[:4]
    assert sd.analyze(some, hero="Ann", client=client) == analyze(some, hero="Ann")
    assert sd.analyze([], client=client) == analyze([])


def test_bad_arguments_fail_before_a_cluster():
    with pytest.raises(ValueError, match="chunk"):
        sd.analyze(hands(), chunk=0)
    with pytest.raises(TypeError, match="hero"):
        sd.analyze(hands(), hero=3)


def test_an_export_of_the_hand_database_equals_the_local_analysis(client, tmp_path: Path) -> None:
    """distributed.analyze_export: each worker reads its own Parquet partition of the export."""
    pytest.importorskip("pyarrow")
    from studeval import db

    conn = db.open_db(tmp_path / "hands.db")
    for name in ("pokerstars.txt", "fulltilt.txt", "pokerstars/cash_2009.txt"):
        db.import_file(conn, DATA / name)
    db.export_parquet(conn, tmp_path / "export", rows=4)
    texts = [row[0] for row in conn.execute("SELECT phh FROM hand_texts ORDER BY hand_id")]
    from studeval.game.phh import loads

    local = analyze([loads(t) for t in texts])
    assert len(local.hands) == len(texts) > 8  # three partitions at least
    remote = sd.analyze_export(tmp_path / "export", client=client)
    assert remote.to_dict() == local.to_dict()
