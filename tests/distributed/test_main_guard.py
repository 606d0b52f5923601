"""A script that starts a local cluster without ``if __name__ == "__main__":`` gets one clear
error instead of Dask's wall of "Nanny failed to start" tracebacks. Real processes: the
worker processes re-importing the script are the point (the plain unguarded script and the
guarded one); the other unguarded scripts, which the check must tell apart from a guarded
call, run as ``__main__`` in this process (``runpy``), where the check sees the same main
module and frames."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import studeval

pytest.importorskip("distributed")
sd = pytest.importorskip("studeval.distributed")

CALL = 'r = distributed.stud_equity(["As Ah Kd", "Qc Qd 7s", "8h"], method="monte-carlo", samples=10_000, seed=1)'


def run_script(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "job.py"
    script.write_text("from studeval import distributed\n\n" + body, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(studeval.__file__).resolve().parents[1])}
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env
    )


@pytest.mark.parametrize(
    ("body", "real"),
    [
        (f"{CALL}\nprint(r.equity)\n", True),  # the plain script
        (f"def main():\n    {CALL}\n    print(r.equity)\n\n\nmain()\n", False),  # a function, called unguarded
        (f'if __name__ != "__main__":\n    pass\nelse:\n    pass\n{CALL}\n', False),  # a guard elsewhere
    ],
    ids=["top level", "function", "guard elsewhere"],
)
def test_an_unguarded_script_gets_one_clear_error(
    tmp_path: Path, body: str, real: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    if not real:
        script = tmp_path / "job.py"
        script.write_text("from studeval import distributed\n\n" + body, encoding="utf-8")
        with pytest.raises(RuntimeError) as refused:
            runpy.run_path(str(script), run_name="__main__")
        assert str(refused.value) == sd.MAIN_GUARD_MESSAGE
        assert capsys.readouterr().out == ""
        return
    done = run_script(tmp_path, body)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == f"RuntimeError: {sd.MAIN_GUARD_MESSAGE}"
    assert 'if __name__ == "__main__":' in last
    assert "Nanny" not in done.stderr and done.stdout == ""


def test_a_guarded_script_runs(tmp_path: Path) -> None:
    done = run_script(tmp_path, f'if __name__ == "__main__":\n    {CALL}\n    print(r.method, len(r.equity))\n')
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["monte-carlo", "3"]
