"""Ctrl+C, kill and a closed terminal end every command quietly: its status 128 + N, no traceback, no
worker left behind, no half-written file; the window saves the game first."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from visualizer.cli import main
from visualizer.files import stopping

ROOT = Path(__file__).resolve().parents[2]
SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}


def start(*args: str, cwd: Path) -> subprocess.Popen:
    """The command in a session of its own (a signal to its group is what a terminal sends)."""
    return subprocess.Popen([sys.executable, "-m", "visualizer", *args], cwd=cwd, env=ENV, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(test, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def handles_sigterm(pid: int) -> bool:
    """The command line has started (its SIGTERM handler is in place)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = int(next(line for line in status.splitlines() if line.startswith("SigCgt:")).split()[1], 16)
    return bool(caught & (1 << (signal.SIGTERM - 1)))


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def gone(pid: int) -> bool:
    """No such process, not even a zombie nobody reaped."""
    try:
        Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return False


def end(process: subprocess.Popen, sig: int, whole_group: bool = True) -> tuple[str, str]:
    if whole_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    try:
        return process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # a command that did not end: never left running
        process.communicate()
        raise


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")


@needs_proc
@pytest.mark.parametrize("sig", SIGNALS)
def test_an_export_stopped_by_a_signal_leaves_no_file(tmp_path, sig):
    process = start("generate", "-s", "1000x1000", "-o", "maze.svg", cwd=tmp_path)  # 3 s: never done first
    wait_for(lambda: handles_sigterm(process.pid))
    time.sleep(0.5)
    out, err = end(process, sig)
    assert process.returncode == 128 + sig, err
    assert err == "" and out == ""
    assert list(tmp_path.iterdir()) == []


@needs_proc
@pytest.mark.parametrize("sig", SIGNALS)
@pytest.mark.parametrize("whole_group", [True, False], ids=["terminal", "kill"])
def test_stats_workers_end_with_their_parent_quietly(tmp_path, sig, whole_group):
    if sig == signal.SIGINT and not whole_group:
        pytest.skip("Ctrl+C reaches the whole group")
    process = start("stats", "-j", "2", "-n", "5000", "-s", "20x20", "--csv", "rows.csv", cwd=tmp_path)
    wait_for(lambda: len(children(process.pid)) >= 2)
    workers = children(process.pid)
    time.sleep(0.3)  # the workers are measuring, their results on the way
    out, err = end(process, sig, whole_group)
    assert process.returncode == 128 + sig, err
    assert "Traceback" not in err and "Error" not in err, err
    assert out == ""
    wait_for(lambda: all(gone(pid) for pid in workers), 5)
    assert list(tmp_path.iterdir()) == []


@needs_proc
@pytest.mark.parametrize("sig", SIGNALS)
def test_the_window_closed_by_a_signal_saves_the_game_first(tmp_path, sig):
    process = start("play", "--data-dir", str(tmp_path), cwd=tmp_path)
    wait_for(lambda: (tmp_path / "save.lock").exists())  # the play scene is open: its game is under way
    out, err = end(process, sig)
    assert process.returncode == 128 + sig, err
    assert "Traceback" not in err
    assert (tmp_path / "save.json").exists() and not (tmp_path / "save.lock").exists()


def test_the_handlers_found_are_put_back(monkeypatch):
    before = {sig: signal.getsignal(sig) for sig in stopping.STOP_SIGNALS}
    assert main(["list"]) == 0
    assert {sig: signal.getsignal(sig) for sig in stopping.STOP_SIGNALS} == before


def test_an_ignored_signal_stays_ignored():
    """``nohup`` ignores SIGHUP: the command must keep running when the terminal goes."""
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with stopping.stops_raise():
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGHUP)
    finally:
        signal.signal(signal.SIGHUP, old)


@pytest.mark.parametrize("sig", stopping.STOP_SIGNALS)
def test_a_signal_is_an_interrupt_with_its_status(sig):
    with pytest.raises(KeyboardInterrupt) as caught, stopping.stops_raise():
        os.kill(os.getpid(), sig)
        time.sleep(1)
    assert stopping.exit_status(caught.value) == 128 + sig
    assert stopping.exit_status(KeyboardInterrupt()) == 130


def test_a_deferred_signal_is_noted_once_then_raised_on_the_second():
    calls = []
    with stopping.stops_deferred(lambda: calls.append(1)) as stop:
        os.kill(os.getpid(), signal.SIGTERM)
        assert calls == [1] and stop.signum == signal.SIGTERM
        with pytest.raises(stopping.Stopped):
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(1)
    with pytest.raises(stopping.Stopped) as caught:
        stop.raise_if_stopped()
    assert caught.value.signum == signal.SIGTERM
