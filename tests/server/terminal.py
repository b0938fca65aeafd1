"""``barbu join`` run as a person runs it, for the tests: a process whose
lines are typed when the test chooses (the person reads the screen first)
and whose output is read as it comes; and what the server says to a link
it refuses."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from server.helpers import Seat


class LiveTerminal:
    """``barbu join LINK ARGS`` in plain mode, with ``BARBU_DATA_DIR`` set
    to ``data`` (where it keeps its seat keys).  Its output goes to files
    it appends to, read by the test through files of its own (a file shared
    with the process would share its position: a read would move where the
    process writes)."""

    def __init__(self, link: str, *args: str, data: Path):
        self.folder = Path(tempfile.mkdtemp(prefix="barbu-join-"))
        self.paths = self.folder / "out.txt", self.folder / "err.txt"
        env = {**os.environ, "NO_COLOR": "1", "BARBU_DATA_DIR": str(data)}
        with self.paths[0].open("a", encoding="utf-8") as out, self.paths[1].open("a", encoding="utf-8") as err:
            self.process = subprocess.Popen([sys.executable, "-m", "barbu_dsl", "join", link, "--plain", *args],
                                            stdin=subprocess.PIPE, stdout=out, stderr=err, text=True, env=env)
        self._typed_at = -1  # the length of the output when a line was last typed

    def output(self) -> str:
        return self.paths[0].read_text(encoding="utf-8") if self.paths[0].exists() else ""

    def errors(self) -> str:
        return self.paths[1].read_text(encoding="utf-8") if self.paths[1].exists() else ""

    def type(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self._typed_at = len(self.output())
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def asking(self) -> bool:
        """A question waits for an answer: the output ends with a prompt (a
        line not ended), and nothing was typed since it was asked."""
        text = self.output()
        return bool(text) and not text.endswith("\n") and len(text) != self._typed_at

    def last_line(self) -> str:
        return self.output().rsplit("\n", 1)[-1]

    def wait_for(self, text: str, start: int = 0, timeout: float = 60) -> str:
        """The output from ``start`` once it holds ``text``."""
        deadline = time.monotonic() + timeout
        while text not in (seen := self.output()[start:]):
            assert self.process.poll() is None or text in self.output()[start:], \
                f"barbu join ended ({self.process.returncode}) without saying {text!r}:\n{seen}\n{self.errors()}"
            assert time.monotonic() < deadline, f"barbu join did not say {text!r}:\n{seen}\n{self.errors()}"
            time.sleep(0.02)
        return seen

    def wait_until(self, done: Callable[[str], bool], timeout: float = 60) -> str:
        """The output once ``done(output)``."""
        deadline = time.monotonic() + timeout
        while not done(seen := self.output()):
            assert self.process.poll() is None, f"barbu join ended ({self.process.returncode}):\n{seen}\n{self.errors()}"
            assert time.monotonic() < deadline, f"barbu join did not say what was awaited:\n{seen}\n{self.errors()}"
            time.sleep(0.02)
        return seen

    def answer(self, line: str, timeout: float = 60) -> list[str]:
        """Type ``line`` at the question asked now; the lines said before the next question."""
        assert self.asking(), self.output()[-2000:]
        start = len(self.output())
        self.type(line)
        deadline = time.monotonic() + timeout
        while not self.asking():
            assert self.process.poll() is None, self.output()[start:] + self.errors()
            assert time.monotonic() < deadline, f"no question after {line!r}:\n{self.output()[start:]}"
            time.sleep(0.02)
        said = self.output()[start:].split("\n")
        assert said[0].endswith(line), said  # the answer echoed after its prompt
        return said[1:-1]

    def finish(self, timeout: float = 60) -> tuple[int, str, str]:
        """Wait for the end: the exit code, the output, the errors."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(timeout)
        texts = self.output(), self.errors()
        self.kill()
        return code, *texts

    def kill(self) -> None:
        """Stop the process if it still runs, and remove its files."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def play_along(ann: Seat, terminal: LiveTerminal, done: Callable[[], bool], timeout: float = 120) -> None:
    """Ann answers her decisions with her first option and the person at
    the terminal types ``auto`` at each question, until ``done()``."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"not done in time; the terminal says:\n{terminal.output()[-3000:]}"
        assert terminal.process.poll() is None, terminal.output()[-3000:] + terminal.errors()
        try:
            while True:
                ann.receive(0)
        except TimeoutError:
            pass
        if done():
            return
        if ann.decision is not None:
            ann.answer(ann.decision["options"][0])
        elif terminal.asking():
            terminal.type("auto")
        else:
            time.sleep(0.01)
