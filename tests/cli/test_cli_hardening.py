"""Odd inputs and odd outputs: one line on stderr and a non-zero status, never a traceback or a lost file."""

import argparse
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from visualizer import cli
from visualizer.cli import main, options, play
from visualizer.files import atomic as fileio

ROOT = Path(__file__).resolve().parents[2]


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def run_module(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "visualizer", *args], cwd=ROOT, timeout=120,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}, **kwargs)


def read_fifo_in_thread(fifo: Path) -> tuple[threading.Thread, list[bytes]]:
    got: list[bytes] = []

    def reader():
        with open(fifo, "rb") as handle:
            got.append(handle.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    return thread, got


@pytest.fixture
def umask():
    old = os.umask(0o022)
    os.umask(old)

    def set_mask(mask: int) -> None:
        os.umask(mask)

    yield set_mask
    os.umask(old)


# --- writing to targets that are not regular files ------------------------------------------------


@pytest.mark.parametrize("through_symlink", [False, True])
def test_fifo_target_is_written_through_not_replaced(tmp_path, capsys, through_symlink):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = fifo
    if through_symlink:
        target = tmp_path / "link"
        target.symlink_to(fifo)
    thread, got = read_fifo_in_thread(fifo)
    assert main(["generate", "-s", "3x2", "--seed", "1", "-o", str(target)]) == 0
    thread.join(10)
    assert got and got[0].count(b"\n") == 5
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    if through_symlink:
        assert target.is_symlink() and os.readlink(target) == str(fifo)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", target.name})


def test_symlink_to_a_file_stays_a_symlink(tmp_path, capsys):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert main(["generate", "-s", "3x2", "--seed", "1", "-o", str(link)]) == 0
    assert link.is_symlink() and real.read_text().startswith("#")


def test_dev_null_is_a_character_device():
    """The case behind the FIFO tests (``-o /dev/null`` as root); only looked at, never written."""
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


# --- file modes and leftovers ------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o022, 0o027, 0o077])
def test_new_file_gets_the_umask_mode(tmp_path, capsys, umask, mask):
    umask(mask)
    out = tmp_path / "maze.txt"
    assert main(["generate", "-s", "3x2", "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask


def test_umask_is_read_without_changing_it(umask):
    umask(0o037)
    assert fileio.current_umask() == 0o037
    assert fileio.current_umask() == 0o037


def test_replaced_file_keeps_its_mode(tmp_path, capsys, umask):
    umask(0o022)
    out = tmp_path / "maze.txt"
    out.write_text("old\n")
    out.chmod(0o600)
    assert main(["generate", "-s", "3x2", "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and out.read_text().startswith("#")


def test_stale_temp_files_are_removed_on_the_next_save(tmp_path, capsys):
    out = tmp_path / "maze.txt"
    stale = tmp_path / ".maze.txt.abcd_123.tmp"
    fresh = tmp_path / ".maze.txt.zzzz9999.tmp"  # maybe another save running right now: kept
    other = tmp_path / ".other.txt.abcd1234.tmp"  # not this file's: kept
    for leftover in (stale, fresh, other):
        leftover.write_text("partial")
    long_ago = time.time() - 3600
    os.utime(stale, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    assert main(["generate", "-s", "3x2", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([out.name, fresh.name, other.name])


# --- paths that used to give tracebacks ----------------------------------------------------------


def test_symlink_loop_as_output(tmp_path, capsys):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert main(["generate", "-o", str(loop)]) == 2
    assert "symbolic links" in one_error_line(capsys)
    assert loop.is_symlink()
    assert main(["generate", "-o", str(loop / "maze.txt")]) == 2
    assert "symbolic links" in one_error_line(capsys)
    assert [p.name for p in tmp_path.iterdir()] == ["loop"]


@pytest.mark.parametrize("parent", ["missing", "a_file"])
def test_bad_parent_folder(tmp_path, capsys, parent):
    (tmp_path / "a_file").write_text("x")
    assert main(["generate", "-o", str(tmp_path / parent / "sub" / "maze.txt")]) == 2
    assert "cannot write" in one_error_line(capsys)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_unreadable_parent_folder(tmp_path, capsys):
    locked = tmp_path / "locked"
    (locked / "sub").mkdir(parents=True)
    locked.chmod(0)
    try:
        assert main(["generate", "-o", str(locked / "sub" / "maze.txt")]) == 2
        assert "Permission denied" in one_error_line(capsys)
    finally:
        locked.chmod(0o700)


def test_broken_pipe_exits_quietly():
    """``generate | head``: no message, no "Exception ignored", the shell's SIGPIPE status."""
    proc = subprocess.Popen([sys.executable, "-m", "visualizer", "generate", "-s", "200x200"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first write
    err = proc.stderr.read()
    assert proc.wait(120) == cli.PIPE_EXIT
    assert err == b""


@pytest.mark.parametrize("command", [["generate", "-s", "400x400"], ["generate", "-s", "300x300", "-f", "json"],
                                     ["list"]])
def test_a_reader_that_leaves_mid_output_ends_the_command_quietly(command):
    """``generate | head -c 10``: the first bytes arrive, then the pipe breaks mid-write; standard
    output is pointed at the null device so Python's flush at exit cannot complain either."""
    proc = subprocess.Popen([sys.executable, "-m", "visualizer", *command], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read()
    status = proc.wait(120)
    assert len(first) == 10
    assert err == b"", err.decode()[-400:]
    assert status in (cli.PIPE_EXIT, 0)  # 0 only when everything fitted in the pipe before it closed
    if command[0] == "generate":
        assert status == cli.PIPE_EXIT


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("command", [["generate", "-s", "50x50"], ["list"]])
def test_full_disk_on_stdout(command):
    with open("/dev/full", "w") as full:
        result = run_module(*command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert result.returncode == cli.IO_EXIT
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "No space left" in lines[0], result.stderr


# --- options and messages ------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["-a", "nosuch", "-p", "bogus=1", "generate", "-s", "2x2"],
    ["-s", "4x4", "generate"],
    ["--seed", "3", "list"],
    ["--speed", "5", "play"],
    ["-g", "hex", "stats"],
])
def test_options_before_the_command_are_refused(capsys, args):
    assert main(args) == 2
    line = one_error_line(capsys)
    assert "before the command" in line
    assert capsys.readouterr().out == ""


def test_window_options_still_work_without_a_command():
    args = cli.parse(["-a", "prim", "-g", "hex", "-s", "4x3", "--seed", "5", "-p", "braid=10", "--speed", "9"])
    assert (args.command, args.algorithm, args.grid, args.size, args.seed) == (None, "prim", "hex", (4, 3), 5)
    assert (args.param, args.speed) == (["braid=10"], 9.0)
    plain = cli.parse([])
    assert (plain.algorithm, plain.grid, plain.size, plain.seed, plain.param, plain.speed) == (
        "backtracker", "square", None, None, [], None)
    assert options.maze_shape(plain) == (30, 20, None)  # no --size: the window's default
    gen = cli.parse(["generate"])
    assert (gen.algorithm, options.maze_shape(gen), gen.param) == ("backtracker", (20, 15, None), [])


@pytest.mark.parametrize("args", [
    ["generate", "-o", "no\nsuch/folder\n/maze.txt"],
    ["list", "\n"],
    ["generate", "-a", "bad\r\nname"],
    ["generate", "-o", "\x1b[31mred/x"],
])
def test_messages_are_one_line(capsys, args):
    assert main(args) == 2
    line = one_error_line(capsys)
    assert "\x1b" not in line and "\r" not in line


def test_empty_output_path_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "-o", ""]) == 2
    assert "empty output path" in one_error_line(capsys)
    assert list(tmp_path.iterdir()) == []


def test_trailing_slash_on_a_file_path_is_refused(tmp_path, capsys):
    assert main(["generate", "-o", str(tmp_path / "out.json") + "/"]) == 2
    assert "must not end with '/'" in one_error_line(capsys)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sub", ["a_file", "a_file/sub", "a_file/sub/deeper"])
def test_play_data_dir_is_checked_at_start(tmp_path, capsys, sub):
    (tmp_path / "a_file").write_text("x")
    assert main(["play", "--data-dir", str(tmp_path / sub)]) == 2
    one_error_line(capsys)
    assert [p.name for p in tmp_path.iterdir()] == ["a_file"]


def test_play_data_dir_that_can_be_created_is_accepted(tmp_path):
    assert play.check_data_dir(str(tmp_path / "new" / "deeper")) == tmp_path / "new" / "deeper"
    assert play.check_data_dir(str(tmp_path)) == tmp_path
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("value", ["-5", "0", "nan", "inf", "-inf", "soon"])
def test_bench_timeout_must_be_positive_and_finite(capsys, value):
    assert main(["bench", "--mazelib-timeout", value]) == 2
    assert "--mazelib-timeout" in one_error_line(capsys)


# --- start-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["list"], ["--help"]])
def test_list_and_help_load_neither_pygame_nor_numpy(args):
    """Both cost 0.1 s or more to import; list and --help need only the registries' names."""
    code = ("import sys, runpy; sys.argv = ['maze-visualizer', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('visualizer', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print('pygame' in sys.modules, 'numpy' in sys.modules, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.stderr.strip() == "False False"


def test_the_numpy_stand_in_behaves_as_numpy():
    import numpy

    from visualizer.core.lazy_numpy import LazyNumpy

    lazy = LazyNumpy()
    assert lazy.int64 is numpy.int64 and lazy.arange(3).tolist() == [0, 1, 2]
    assert "int64" in vars(lazy)  # kept: the second lookup is a plain attribute
    with pytest.raises(AttributeError):
        lazy.no_such_thing  # noqa: B018


def test_the_bench_prints_start_up_times_against_the_target():
    from visualizer.bench.figures import TARGET_STARTUP_SECONDS, startup_figures

    lines: list[str] = []
    figures = startup_figures(runs=1, out=lines.append)
    assert set(figures) == {"--help", "list"} and all(0 < f["best"] <= f["median"] for f in figures.values())
    rows = [line for line in lines if " s  median " in line]
    assert len(rows) == 2 and all(f"<= {TARGET_STARTUP_SECONDS:g} s" in row for row in rows)
    assert any("after one to warm up" in line for line in lines)  # a first start's compiling is not timed


def test_the_bench_compares_each_new_grid_shape_with_the_square_grid_of_the_same_cells():
    from visualizer.bench.figures import TARGET_SHAPE_RATIO, rings_for, shape_figures
    from visualizer.grids import GRIDS

    rings = rings_for(8, 5000)
    assert GRIDS["polar"].cell_count(8, rings) >= 5000 > GRIDS["polar"].cell_count(8, rings - 1)
    lines: list[str] = []
    figures = shape_figures(sizes=(("polar", 8, None, 2000), ("triangle", 40, 30, None)), runs=1, out=lines.append)
    assert figures["triangle"]["cells"] == 1200 and figures["polar"]["cells"] >= 2000
    rows = [line for line in lines if " cells " in line and " s   square " in line]
    assert len(rows) == 2 and all(f"<= {TARGET_SHAPE_RATIO}x" in row for row in rows)


def test_dev_stdout_appended_to_a_log_keeps_the_log(tmp_path):
    """``-o /dev/stdout >> log`` writes into the shell's descriptor: following the link and renaming
    over its file left the log holding only the maze."""
    log = tmp_path / "log"
    log.write_text("precious\n")
    with open(log, "ab") as out:
        result = run_module("generate", "-s", "3x3", "--seed", "1", "-o", "/dev/stdout", stdout=out,
                            stderr=subprocess.PIPE, text=True)
    assert result.returncode == 0, result.stderr
    text = log.read_text()
    assert text.startswith("precious\n#") and text.count("\n") == 8


@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"])
def test_a_descriptor_name_into_a_pipe_writes_the_pipe(name):
    """Into a pipe the link points at 'pipe:[...]', no file at all: the command failed."""
    result = run_module("generate", "-s", "3x3", "--seed", "1", "-o", name, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("#") and result.stdout.count("\n") == 7


def test_the_programs_own_data_files_are_never_written_into_a_fifo(tmp_path):
    """A FIFO in place of save.json or records.json: nothing reads it, so writing through would wait
    for ever (the game hung and ignored SIGTERM); the save is refused in one line instead."""
    from visualizer.files.atomic import write_atomic

    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(fifo, b"{}", regular_only=True)
    link = tmp_path / "records.json"
    link.symlink_to("/proc/self/fd/1")
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(link, b"{}", regular_only=True)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.path.islink(link)


@pytest.mark.parametrize("command", [["generate", "-s", "3x3"], ["list"], ["--help"]])
def test_a_closed_standard_output_is_one_line(command):
    result = subprocess.run([sys.executable, "-m", "visualizer", *command], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, timeout=60, close_fds=True,
                            preexec_fn=lambda: os.close(1))
    assert result.returncode == 1
    closed = "maze-visualizer: error: cannot write to standard output: it is closed"
    assert result.stderr.strip().splitlines() == [closed]


@pytest.mark.parametrize("command", [["--help"], ["generate", "--help"], ["play", "--help"]])
def test_help_on_a_full_disk_says_so(command):
    with open("/dev/full", "w") as full:
        result = run_module(*command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "maze-visualizer: error: cannot write to standard output: No space left on device"]


def test_jobs_are_bounded_and_never_more_than_the_cores(capsys):
    from visualizer.analysis.stats import worker_count

    assert main(["stats", "-j", "100000"]) == 2
    line = one_error_line(capsys)
    assert "jobs must be a whole number from 0 to 1024" in line
    cores = worker_count(0)
    assert worker_count(40) == min(40, cores) and worker_count(1) == 1


def test_the_bench_prints_the_json_and_save_figures_against_their_targets(monkeypatch):
    from visualizer.bench import figures as bench

    monkeypatch.setattr(bench, "largest_save_load_seconds", lambda: 0.123)
    lines: list[str] = []
    figures = bench.data_figures(out=lines.append, json_side=60, peak_side=80)
    assert 0 < figures["json_ratio"] and 0 < figures["json_peak_mb"] and figures["load_seconds"] == 0.123
    assert any("JSON export 60x60" in line and f"<= {bench.TARGET_JSON_RATIO}x" in line for line in lines)
    assert any("JSON export 80x80  peak" in line for line in lines)
    assert any("0.12 s  <= 0.5 s  met" in line for line in lines)


def test_the_largest_save_the_bench_loads_is_one_the_game_writes_and_reads_back():
    from visualizer.bench import figures as bench

    assert 0 < bench.largest_save_load_seconds() < 30


def test_a_closed_standard_output_does_not_fail_a_command_that_writes_only_its_file(tmp_path):
    out = tmp_path / "maze.svg"
    result = subprocess.run([sys.executable, "-m", "visualizer", "generate", "-s", "5x4", "-o", str(out)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                            preexec_fn=lambda: os.close(1))
    assert result.returncode == 0, result.stderr
    assert out.read_text().startswith("<?xml") or "<svg" in out.read_text()


@pytest.mark.parametrize(("option", "value"), [("--export-sizes", "abc"), ("--export-sizes", "0"),
                                               ("--sizes", "100,,200"), ("--sizes", "100,")])
def test_bench_size_lists_name_their_own_option_and_refuse_empty_entries(capsys, option, value):
    assert main(["bench", option, value]) == 2
    assert option in one_error_line(capsys)


@pytest.mark.parametrize("name, fmt", [("maze.png", "svg"), ("maze.SVG", "png"), ("maze.json", "text")])
def test_a_format_that_disagrees_with_the_file_name_is_refused(tmp_path, capsys, name, fmt):
    assert main(["generate", "-s", "4x3", "-o", str(tmp_path / name), "-f", fmt]) == 2
    line = one_error_line(capsys)
    assert "is named like" in line and f"--format is {fmt}" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["maze.svg", "maze.out", "maze"])
def test_a_format_that_agrees_or_a_name_of_no_format_is_written(tmp_path, name):
    assert main(["generate", "-s", "4x3", "-o", str(tmp_path / name), "-f", "svg"]) == 0
    assert (tmp_path / name).read_text().startswith("<?xml") or "<svg" in (tmp_path / name).read_text()


@pytest.mark.parametrize("name", ["maze.jpg", "maze.BMP", "maze.pnh", "out/maze.tar.gz"])
def test_an_extension_no_format_has_is_refused_without_format(tmp_path, capsys, name):
    """A text maze written into maze.jpg passes for a broken picture: refused, nothing written."""
    (tmp_path / "out").mkdir()
    assert main(["generate", "-s", "4x3", "-o", str(tmp_path / name)]) == 2
    line = one_error_line(capsys)
    assert "no format is named" in line and ".png" in line and "--format" in line
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["out"]


@pytest.mark.parametrize("name", ["maze", "maze.txt", ".maze"])
def test_a_name_without_an_extension_or_txt_is_the_text_maze(tmp_path, name):
    assert main(["generate", "-s", "4x3", "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / name).read_text().count("#") > 10


def test_a_tiled_map_may_be_named_json(tmp_path):
    """Tiled opens map.json as well as map.tmj: asked for by name, a Tiled map may take either."""
    assert main(["generate", "-s", "4x3", "-o", str(tmp_path / "map.json"), "-f", "tiled"]) == 0
    assert '"tiledversion"' in (tmp_path / "map.json").read_text()


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=12))
@example(text="0\x1f")  # strip() takes the unit separator, int() does not
@example(text="3x4\x1c")
def test_number_options_read_any_text_or_refuse_it_in_words(text):
    """Every number option either reads the text or refuses it with argparse's one-line message,
    whatever a user types (superscripts and other scripts' digits included)."""
    for parse in (options.parse_size, options.parse_frames, options.parse_jobs):
        try:
            parse(text)
        except argparse.ArgumentTypeError:
            pass


@pytest.mark.parametrize("args", [["stats", "-j", "\u00b2"], ["generate", "-s", "2\u00b2x3"],
                                  ["generate", "-o", "x.gif", "--max-frames", "\u00b3"]])
def test_superscript_digits_get_the_options_own_message(capsys, args):
    assert main(args) == 2
    line = one_error_line(capsys)
    assert "must" in line and "invalid" not in line


def test_a_file_made_from_a_random_seed_says_the_seed_that_makes_it_again(tmp_path, capsys):
    first, again = tmp_path / "a.png", tmp_path / "b.png"
    assert main(["generate", "-s", "9x7", "-o", str(first)]) == 0
    line = one_error_line(capsys)
    seed = line.split("seed ")[1].split()[0]
    assert f"{first}: seed {seed}" in line and f"--seed {seed}" in line
    assert main(["generate", "-s", "9x7", "-o", str(again), "--seed", seed]) == 0
    assert capsys.readouterr().err == ""  # a seed given is not repeated back
    assert first.read_bytes() == again.read_bytes()


LIMITS = options.MAX_SIDE, options.MAX_JOBS
BOUNDS = [  # (option, text, taken): each number option's last value in and first one out
    (options.parse_size, f"{LIMITS[0]}x{LIMITS[0]}", True), (options.parse_size, f"{LIMITS[0] + 1}x5", False),
    (options.parse_size, f"5x{LIMITS[0] + 1}", False), (options.parse_size, "1x1", True),
    (options.parse_size, "0x5", False),
    (options.parse_frames, "1", True), (options.parse_frames, "0", False),
    (options.parse_frames, "100000", True), (options.parse_frames, "100001", False),
    (options.parse_seed, str(2**63 - 1), True), (options.parse_seed, str(2**63), False),
    (options.parse_seed, "0", True), (options.parse_seed, "-1", False),
    (options.parse_jobs, str(LIMITS[1]), True), (options.parse_jobs, str(LIMITS[1] + 1), False),
    (options.parse_jobs, "0", True),
    (options.number_in("hold", 0, 60, low_included=True), "60", True),
    (options.number_in("hold", 0, 60, low_included=True), "60.001", False),
    (options.number_in("hold", 0, 60, low_included=True), "0", True),
    (options.number_in("seconds", 0, 600), "0", False), (options.number_in("seconds", 0, 600), "600", True),
]


@pytest.mark.parametrize(("parse", "text", "taken"), BOUNDS)
def test_each_number_option_takes_its_limits_and_refuses_one_past_them(parse, text, taken):
    """``-s 2000x2000`` and ``--hold 60`` are allowed, as the help says; one more is refused in words."""
    if taken:
        parse(text)
    else:
        with pytest.raises(argparse.ArgumentTypeError, match="must"):
            parse(text)


def test_the_start_up_row_caches_bytecode_in_a_temporary_folder_only_where_a_checkout_has_none():
    from visualizer.bench.figures import _bytecode_env

    user = {"PYTHONDONTWRITEBYTECODE": "1", "HOME": "/home/a"}
    env, note = _bytecode_env("/tmp/x", user, cached=False, may_write=False)
    assert env == {"HOME": "/home/a", "PYTHONPYCACHEPREFIX": "/tmp/x"} and "temporary folder" in note
    assert user["PYTHONDONTWRITEBYTECODE"] == "1"  # the bench's own environment is left as it was
    for cached, may_write in ((True, False), (False, True), (True, True)):
        assert _bytecode_env("/tmp/x", user, cached, may_write) == (user, "")
