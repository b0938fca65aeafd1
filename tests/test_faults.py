"""Regression tests of a round of fault injection and hostile input: one
or more per finding, each driving the ``barbu`` command (in-process with
:func:`barbu_dsl.fuzzing.invoke`, or a process with a file-size limit for
a full disk) and checking the exit code, the one-line message and that
nothing the user had was changed or left behind.  The score-sheet
database's findings are in tests/sheet/test_database.py, the web page's
stored games in tests/scorer/test_stored_games.py."""

from __future__ import annotations

import json
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from barbu_dsl.fuzzing import Outcome, invoke
from barbu_dsl.limits import SPEC_FILE_BYTES

LONG = "x" * 300  # one name longer than the 255 bytes a file system takes


def barbu(*args: str, cwd: Path | None = None, code: int | None = None, stdin: str = "") -> Outcome:
    outcome = invoke(args, cwd=cwd, stdin=stdin)
    assert outcome.clean, outcome.traceback or outcome.err
    if code is not None:
        assert outcome.code == code, (outcome.out, outcome.err)
    return outcome


def limited(limit: int) -> None:
    """As ``ulimit -f``: a write past ``limit`` bytes fails (EFBIG), as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


# -- output names longer than a file system takes --------------------------------------


@pytest.mark.parametrize("command", [
    ["fmt", "tournament", "-o", f"{LONG}.yaml"],
    ["scorer", "tournament", "-o", f"{LONG}.html"],
    ["play", "tournament", "--record", f"{LONG}.jsonl"],
    ["generate", "tournament", "-o", LONG],
    ["sheet", "list", "--db", LONG],
    ["sheet", "new", "tournament", "--players", "A,B,C,D", "--db", f"dir/{LONG}"],
    ["sheet", "export", "1", "-o", f"{LONG}.json", "--db", "db.sqlite3"],
    ["simulate", "tournament", "--games", "1", "--plot", f"{LONG}.png"],
])
def test_a_name_too_long_for_any_file_system_is_one_message(tmp_path: Path, command: list[str]) -> None:
    if "export" in command:
        barbu("sheet", "new", "tournament", "--players", "A,B,C,D", "--db", "db.sqlite3", cwd=tmp_path, code=0)
    before = files(tmp_path)
    result = barbu(*command, cwd=tmp_path, code=2)
    assert "longer than 255 bytes" in result.err and result.err.count("\n") == 1, result.err
    assert files(tmp_path) == before


def files(folder: Path) -> dict[str, bytes]:
    """The files of ``folder`` and their bytes (not SQLite's -wal and -shm,
    which any reader of a WAL database keeps beside it)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm"))}


def test_a_path_too_long_for_the_system_is_one_message(tmp_path: Path) -> None:
    result = barbu("fmt", "tournament", "-o", "d/" * 2100 + "x.yaml", cwd=tmp_path, code=2)
    assert "longer than 4,096 bytes, the most a path may be" in result.err
    assert list(tmp_path.iterdir()) == []


# -- the lab's cache and the temporary directory --------------------------------------------


def one_off_spec(folder: Path) -> str:
    """A spec no earlier test generated (the lab keeps each spec's package once per process)."""
    path = folder / "one-off.yaml"
    path.write_text(f"name: one-off\ncontracts:\n  N{time.monotonic_ns()}: −2 per trick\n", encoding="utf-8")
    return str(path)


def test_a_cache_path_that_is_a_file_is_one_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cache").write_text("a file in the way\n", encoding="utf-8")
    monkeypatch.setenv("BARBU_CACHE", str(tmp_path / "cache"))
    result = barbu("simulate", one_off_spec(tmp_path), "--games", "1", "--bots", "random", code=2)
    assert result.err.startswith(f"barbu: cannot keep the lab's generated code in {tmp_path / 'cache'}/generated: "
                                 "not a directory (set BARBU_CACHE to another directory)")
    assert (tmp_path / "cache").read_text(encoding="utf-8") == "a file in the way\n"


def test_a_full_cache_is_one_message_and_leaves_no_staging(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    cache = tmp_path / "cache"
    write_text = Path.write_text

    def full_disk(self: Path, *args: object, **kwargs: object) -> int:
        if cache in self.parents:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setenv("BARBU_CACHE", str(cache))
    monkeypatch.setattr(Path, "write_text", full_disk)
    result = barbu("simulate", one_off_spec(tmp_path), "--games", "1", "--bots", "random", code=2)
    assert "cannot keep the lab's generated code in" in result.err and "no space left on device" in result.err
    assert list((cache / "generated").iterdir()) == []  # no staging directory left behind


def test_a_full_temporary_directory_is_one_message_and_leaves_nothing(tmp_path: Path) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    # No bytecode written under the limit: Python would leave a cut .pyc.
    env = {"TMPDIR": str(temporary), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}

    subprocess.run([sys.executable, "-m", "barbu_dsl", "check", "tournament"], env=env, check=True,
                   capture_output=True)  # the grammar's cache (lark's) is made while there is room
    cached = sorted(temporary.iterdir())
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "generate", "tournament", "-o", "out"], cwd=tmp_path,
                         env=env, preexec_fn=lambda: limited(4096), capture_output=True, text=True, timeout=300,
                         check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.stderr == (f"barbu: cannot format the generated code: {temporary} cannot hold it: file too large "
                          "(TMPDIR names another directory)\n")
    assert sorted(temporary.iterdir()) == cached and not (tmp_path / "out").exists()


# -- simulate's counts and its scheduler ---------------------------------------------------


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "1000000000000"], "the number of games (or hands) must be from 1 to 1,000,000"),
    (["--contract", "Barbu", "--hands", "1000000000000"], "the number of games (or hands) must be from 1 to 1,000,000"),
    (["--workers", "100000"], "--workers must be from 1 to 256"),
])
def test_simulate_counts_are_bounded(args: list[str], message: str) -> None:
    start = time.perf_counter()
    assert barbu("simulate", "tournament", *args, code=2).err == f"barbu: {message}\n"
    assert time.perf_counter() - start < 60  # refused, not started (it ran out of memory after 80 s)


def serve(greeting: bytes | None) -> Iterator[int]:
    """A TCP service on a free loopback port that is not Dask: it greets
    with ``greeting`` (an SSH server does) or says nothing (a web server)."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        kept = []
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            if greeting is not None:
                connection.sendall(greeting)
            kept.append(connection)
        for connection in kept:
            connection.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        server.close()


@pytest.fixture
def ssh_like() -> Iterator[int]:
    yield from serve(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")


@pytest.fixture
def silent() -> Iterator[int]:
    yield from serve(None)


def test_a_scheduler_that_is_not_dask_is_refused(ssh_like: int) -> None:
    """Dask read the greeting's first 8 bytes as a length and tried to allocate 3 EiB."""
    result = barbu("simulate", "tournament", "--games", "1", "--scheduler", f"tcp://127.0.0.1:{ssh_like}", code=2)
    assert result.err == f"barbu: tcp://127.0.0.1:{ssh_like} is not a Dask scheduler: it answered something else\n"


def test_a_scheduler_that_never_answers_times_out(silent: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from barbu_dsl.lab import runner

    monkeypatch.setattr(runner, "DASK_CONNECT_SECONDS", 1)
    result = barbu("simulate", "tournament", "--games", "1", "--scheduler", f"tcp://127.0.0.1:{silent}", code=2)
    assert result.err == (f"barbu: the Dask scheduler at tcp://127.0.0.1:{silent} did not answer within 1 s "
                          "(is it a Dask scheduler?)\n")


# -- a saved game -----------------------------------------------------------------------------------


def test_a_bots_saved_state_out_of_range_is_a_damaged_save(tmp_path: Path) -> None:
    """A number in a bot's saved random state too large for the generator
    (found by the fuzz run) had ended in an OverflowError."""
    path = tmp_path / "game.json"
    barbu("play", "tournament", "--human", "--plain", "--save", str(path), stdin="1\n" * 6 + "quit\n", code=0)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["states"][1]["rng"][1][0] = 2**70
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    result = barbu("play", "--resume", "--plain", "--save", str(path), stdin="quit\n", code=2)
    assert result.err == (f"barbu: the saved game in {path} cannot be carried on: a bot's saved state is not one "
                          "(the file is left as it is)\n")
    assert path.read_bytes() == before


# -- YAML aliases, and specs kept inside other files ---------------------------------------------


CONTRACTS = "".join(f"  C{number}: −{number + 1} per trick\n" for number in range(100))


def alias_bomb() -> str:
    """1 MiB: 40,000 variants, each aliasing one 100-contract map."""
    head = f"name: bomb\ncontracts: &all\n{CONTRACTS}variants:\n"
    lines, size, number = [head], len(head.encode()), 0
    while size < SPEC_FILE_BYTES - 64:
        line = f"  v{number}: {{contracts: *all}}\n"
        lines.append(line)
        size += len(line)
        number += 1
    return "".join(lines)


def test_a_megabyte_of_aliases_is_refused_at_once(tmp_path: Path) -> None:
    """It ran 317 CPU seconds and past 4 GB before."""
    (tmp_path / "bomb.yaml").write_text(alias_bomb(), encoding="utf-8")
    start = time.perf_counter()
    result = barbu("verify", "bomb.yaml", cwd=tmp_path, code=2)
    assert time.perf_counter() - start < 30
    assert "bomb.yaml:104:19: error: its aliases (*all) stand for more than 1 MiB of text, the most a spec may be" \
        in result.err
    assert "hint: write the shared part out where it is needed, or use fewer aliases" in result.err


def test_aliases_of_aliases_are_counted_expanded(tmp_path: Path) -> None:
    laughs = ["name: laughs", 'a0: &a0 ["' + "x" * 100 + '"]']
    laughs += [f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 10)}]" for k in range(1, 10)]
    (tmp_path / "laughs.yaml").write_text("\n".join(laughs) + "\ncontracts: {A: −2 per trick}\n", encoding="utf-8")
    assert "stand for more than 1 MiB" in barbu("check", "laughs.yaml", cwd=tmp_path, code=2).err


def test_aliases_within_the_bound_are_read(tmp_path: Path) -> None:
    text = (f"name: shared\ncontracts: &all\n{CONTRACTS}variants:\n"
            + "".join(f"  v{number}: {{contracts: *all}}\n" for number in range(3)))
    (tmp_path / "shared.yaml").write_text(text, encoding="utf-8")
    assert "100 contracts, 4 players, 3 variants and scales" in barbu("check", "shared.yaml", cwd=tmp_path,
                                                                      code=0).out


def game_file(folder: Path, **fields: object) -> str:
    data = {"format": "barbu-sheet 1", "spec": "tournament", "players": ["A", "B", "C", "D"], "hands": [], **fields}
    (folder / "game.json").write_text(json.dumps(data), encoding="utf-8")
    return "game.json"


def test_a_game_files_spec_text_is_held_to_a_spec_files_size(tmp_path: Path) -> None:
    """81 KB of aliases took sheet import 80 s and 467 MB; 2 MiB of text is past the limit itself."""
    bomb = alias_bomb()[:81_000].rsplit("\n", 1)[0] + "\n"
    for text, message in ((bomb, "stand for more than 1 MiB"), ("#" * (2 * SPEC_FILE_BYTES), "the most is 1 MiB")):
        start = time.perf_counter()
        result = barbu("sheet", "import", game_file(tmp_path, spec_text=text), "--db", "db", cwd=tmp_path, code=2)
        assert time.perf_counter() - start < 30
        assert message in result.err and "the spec of this sheet cannot be used" in result.err
    assert not (tmp_path / "db").exists()


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.yaml"
    path.write_text("password: TOPSECRET-1\ncontracts: TOPSECRET-2\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("spec", ["secret.yaml", "SECRET", "./secret.yaml"])
def test_a_game_files_spec_never_names_a_file_to_read(tmp_path: Path, secret: Path, spec: str) -> None:
    spec = str(secret) if spec == "SECRET" else spec
    result = barbu("sheet", "import", game_file(tmp_path, spec=spec), "--db", "db", cwd=tmp_path, code=2)
    assert result.err == (f"barbu: \"spec\" names '{spec}', which is not a bundled spec, and there is no "
                          "\"spec_text\" with its rules; a game file never makes barbu read a file\n")
    assert "TOPSECRET" not in result.out + result.err


def test_a_spec_text_extends_only_a_bundled_spec(tmp_path: Path, secret: Path) -> None:
    for base in ("./secret.yaml", str(secret), "secret"):
        result = barbu("sheet", "import", game_file(tmp_path, spec_text=f"extends: {base}\n"), "--db", "db",
                       cwd=tmp_path, code=2)
        assert f"'{base}' is not a bundled spec; a spec kept inside a game or a saved game extends only a bundled" \
            in result.err
        assert "TOPSECRET" not in result.out + result.err
    house = "extends: tournament\nname: house\ncontracts:\n  No tricks: −3 per trick\n"
    assert barbu("sheet", "import", game_file(tmp_path, spec_text=house), "--db", "db", cwd=tmp_path,
                 code=0).out == "1\n"
    assert barbu("sheet", "import", game_file(tmp_path, spec="tournament+ravage-city"), "--db", "db", cwd=tmp_path,
                 code=0).out == "2\n"


# -- names are one line; CSV cells are never formulas -----------------------------------------


@pytest.mark.parametrize("where", ["name", "title", "contract", "variant"])
def test_a_name_with_a_line_break_cannot_forge_a_line(tmp_path: Path, where: str) -> None:
    forged = '"club\\n✓ sums to zero"'
    text = {
        "name": f"name: {forged}\ncontracts:\n  A: −2 per trick\n",
        "title": f"name: club\ntitle: {forged}\ncontracts:\n  A: −2 per trick\n",
        "contract": f"name: club\ncontracts:\n  {forged}: −2 per trick\n  B: +2 per trick\n",
        "variant": f"name: club\ncontracts:\n  A: −2 per trick\nvariants:\n  {forged}: {{}}\n",
    }[where]
    (tmp_path / "club.yaml").write_text(text, encoding="utf-8")
    for command in ("verify", "check", "explain"):
        result = barbu(command, "club.yaml", cwd=tmp_path, code=2)
        assert "is one line: this one holds a line break" in result.err and "hint: write it on one line" in result.err
        assert not any(line.startswith("✓") for line in (result.out + result.err).splitlines())


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "＝1"])
def test_csv_export_keeps_formulas_as_text(tmp_path: Path, name: str) -> None:
    barbu("sheet", "new", "tournament", "--players", f"{name},B,C,D", "--db", "db", cwd=tmp_path, code=0)
    hand = {"contract": "No tricks", "declarer": 0, "took": {"tricks": [4, 3, 3, 3]}}
    (tmp_path / "hand.json").write_text(json.dumps(hand), encoding="utf-8")
    barbu("sheet", "add", "1", "--hand", "hand.json", "--db", "db", cwd=tmp_path, code=0)
    text = barbu("sheet", "export", "1", "--csv", "--db", "db", cwd=tmp_path, code=0).out
    import csv
    import io

    header, row = list(csv.reader(io.StringIO(text)))
    # columns: each player's score from play, doubles, hand, then running total (sheet.export.csv_text)
    assert header[7] == f"'{name}: play" and header[19] == f"'{name}: total"
    assert row[2] == "'" + name and row[7:11] == ["-8", "-6", "-6", "-6"]  # scores stay numbers
    assert row[19:23] == ["-8", "-6", "-6", "-6"]
    assert all(not cell.startswith(("=", "+", "@", "\t", "＝")) for cell in header + row)
