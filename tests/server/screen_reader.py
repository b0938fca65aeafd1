"""A desktop with a screen reader, for the tests of the table's page:
Xvfb (an X server in memory), a D-Bus session bus, the AT-SPI bus and
registry (how a screen reader reads applications on Linux), and Orca,
GNOME's screen reader, reading a headed Chromium on that display.

What Orca says is read from its debug log (``orca --debug-file``): each
utterance it sends to speech is a ``SPEECH OUTPUT: '...'`` line there,
whether or not a speech synthesiser runs (none does here: Orca is kept
from starting speech-dispatcher, logs "SPEECH: Not available" and goes
on as usual).  A file Orca itself loads from its settings folder,
``orca-customizations.py``, makes the log line-buffered so that it can
be read while Orca speaks.

The keys of the person at the keyboard go through the X server (xdotool,
the XTEST extension), so Orca hears each key before the page does, as
it hears a real keyboard, and may keep it (browse mode's quick keys).

Every program comes from Debian (``PROGRAMS`` names its package); one
missing fails the test, saying which package to install.  Orca refuses
to start beside another Orca of the same user, so the desktops of one
machine take turns through a lock file (pytest-xdist's workers).  All the
desktop's processes are one process group, stopped together; each also
gets SIGTERM if the test process dies."""

from __future__ import annotations

import ctypes
import fcntl
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, NamedTuple

AT_SPI_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PROGRAMS = {"Xvfb": "xvfb", "dbus-daemon": "dbus-daemon", "dbus-send": "dbus-bin",
            AT_SPI_LAUNCHER: "at-spi2-core", "orca": "orca", "xdotool": "xdotool", "/usr/bin/chromium": "chromium"}
"""Each program the desktop runs, and the Debian package it comes in."""

LOCK = Path(tempfile.gettempdir()) / "barbu-orca-desktop.lock"
CUSTOMIZATIONS = '''"""Written by the barbu tests: Orca's debug log, line by line."""
from orca import debug

if debug.debugFile is not None:
    debug.debugFile.flush()
    debug.debugFile = open(debug.debugFile.name, "a", buffering=1, encoding="utf-8")
'''
_SPEECH = re.compile(r" - SPEECH OUTPUT: '(.*)'(?: voice=\S+)? ?(?:\{.*\})?$")


def missing_packages() -> list[str]:
    """The Debian packages whose programs are not here."""
    return sorted({package for program, package in PROGRAMS.items()
                   if not (os.access(program, os.X_OK) if program.startswith("/") else shutil.which(program))})


def words(text: str) -> str:
    """Text as compared with what Orca says: Unicode NFC, white space collapsed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


class Utterance(NamedTuple):
    at: str  # Orca's time stamp
    text: str


class SpeechLog:
    """What Orca said, read from its debug log as it grows."""

    def __init__(self, path: Path):
        self.path = path
        self.said: list[Utterance] = []
        self._offset = 0
        self._partial = b""
        self._last_change = time.monotonic()

    def poll(self) -> list[Utterance]:
        """Everything Orca has said so far."""
        if self.path.exists():
            with self.path.open("rb") as log:
                log.seek(self._offset)
                data = log.read()
            self._offset += len(data)
            lines = (self._partial + data).split(b"\n")
            self._partial = lines.pop()
            for raw in lines:
                found = _SPEECH.search(raw.decode("utf-8", "replace"))
                if found:
                    self.said.append(Utterance(raw[:15].decode(), found.group(1)))
                    self._last_change = time.monotonic()
        return self.said

    def since(self, mark: int) -> list[Utterance]:
        return self.poll()[mark:]

    def mark(self) -> int:
        return len(self.poll())

    def wait_for(self, heard: Callable[[Utterance], bool], since: int = 0, timeout: float = 10) -> bool:
        """Whether Orca says something ``heard`` likes (after ``since``) within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            if any(heard(utterance) for utterance in self.since(since)):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)

    def unsaid(self, lines: list[str], since: int = 0, timeout: float = 5) -> list[str]:
        """Those of ``lines`` Orca has not said (after ``since``) within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            said = {words(utterance.text) for utterance in self.since(since)}
            left = [line for line in lines if words(line) not in said]
            if not left or time.monotonic() > deadline:
                return left
            time.sleep(0.05)

    def wait_quiet(self, quiet: float = 1.5, timeout: float = 30) -> None:
        """Until Orca has said nothing for ``quiet`` seconds (or ``timeout``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if time.monotonic() - self._last_change >= quiet:
                return
            time.sleep(0.1)


def _die_with_parent() -> None:
    """In a child before it runs: SIGTERM when the test process dies (prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


@contextmanager
def _turn(timeout: float = 600) -> Iterator[None]:
    """One desktop with Orca at a time on this machine."""
    with LOCK.open("a") as lock:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                assert time.monotonic() < deadline, f"another test's Orca held {LOCK} for {timeout} s"
                time.sleep(0.2)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


class Desktop:
    """Xvfb, a session bus, AT-SPI and Orca, in a folder of their own."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.group: int | None = None
        self.display = ""
        self.speech = SpeechLog(folder / "orca-debug.log")
        for name in ("run", "home", "orca"):
            (folder / name).mkdir(mode=0o700, exist_ok=True)
        self.env = {**os.environ, "HOME": str(folder / "home"), "XDG_RUNTIME_DIR": str(folder / "run"),
                    "XDG_CONFIG_HOME": str(folder / "home" / ".config"),
                    "XDG_DATA_HOME": str(folder / "home" / ".local" / "share"),
                    "XDG_CACHE_HOME": str(folder / "home" / ".cache"), "GSETTINGS_BACKEND": "memory",
                    "LANG": "C.UTF-8",
                    # Orca starts no speech server (it logs each utterance all the same): none speaks aloud.
                    "SPEECHD_CMD": "/bin/false"}
        self.env.pop("LANGUAGE", None)
        self.env.pop("LC_ALL", None)

    def _start(self, name: str, command: list[str], **options: object) -> subprocess.Popen[bytes]:
        output: IO[bytes] = (self.folder / f"{name}.out").open("wb")
        process = subprocess.Popen(command, env=self.env, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, process_group=self.group or 0,
                                   preexec_fn=_die_with_parent, **options)  # type: ignore[call-overload]
        output.close()
        if self.group is None:
            self.group = process.pid
        self.processes[name] = process
        return process

    def output(self, name: str) -> str:
        path = self.folder / f"{name}.out"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def start(self) -> Desktop:
        missing = missing_packages()
        assert not missing, (f"the screen reader's test needs the Debian packages {', '.join(missing)}: "
                             f"apt-get install --no-install-recommends {' '.join(missing)} "
                             "(README.md's test command installs them)")
        self._start_x()
        self._start_bus()
        self._start_orca()
        return self

    def _start_x(self) -> None:
        read, write = os.pipe()
        try:
            xvfb = self._start("xvfb", ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                        "-nolisten", "tcp", "-noreset"], pass_fds=(write,))
        finally:
            os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()  # Xvfb writes its display's number once it takes connections
        assert number.isdigit(), f"Xvfb did not start (exit {xvfb.poll()}): {self.output('xvfb')}"
        self.display = f":{number}"
        self.env["DISPLAY"] = self.display

    def _start_bus(self) -> None:
        bus = f"unix:path={self.folder / 'run' / 'bus'}"
        self._start("dbus", ["dbus-daemon", "--session", "--nofork", "--nopidfile", f"--address={bus}"])
        self.env["DBUS_SESSION_BUS_ADDRESS"] = bus
        self._until(lambda: (self.folder / "run" / "bus").exists(), "the session bus", "dbus")
        self._start("at-spi", [AT_SPI_LAUNCHER, "--launch-immediately"])
        owner = ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                 "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"]
        self._until(lambda: "boolean true" in subprocess.run(owner, env=self.env, capture_output=True,
                                                               text=True).stdout, "the AT-SPI bus", "at-spi")

    def _start_orca(self) -> None:
        (self.folder / "orca" / "orca-customizations.py").write_text(CUSTOMIZATIONS, encoding="utf-8")
        orca = self._start("orca", ["orca", "--user-prefs", str(self.folder / "orca"),
                                    f"--debug-file={self.speech.path}"])
        # Orca says that it starts ("Screen reader on."): then it listens to AT-SPI.
        self._until(lambda: bool(self.speech.poll()), "Orca", "orca", timeout=60)
        assert orca.poll() is None, f"Orca stopped: {self.output('orca')}"

    def _until(self, ready: Callable[[], bool], what: str, name: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            stopped = [other for other, process in self.processes.items() if process.poll() is not None]
            assert not stopped, f"{what}: {stopped[0]} stopped: {self.output(stopped[0])}"
            assert time.monotonic() < deadline, f"{what} was not ready in {timeout} s: {self.output(name)}"
            time.sleep(0.05)

    def stop(self) -> None:
        """Every process of the desktop's group, politely, then not."""
        if self.group is None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.group, sig)
            except ProcessLookupError:
                return
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                for process in self.processes.values():
                    process.poll()  # our children: reaped as they end
                if not self._living():
                    return
                time.sleep(0.05)

    def _living(self) -> list[int]:
        """The processes of the group still running (not those ended, whose exit init has yet to collect)."""
        living = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue  # ended meanwhile
            if int(fields[2]) == self.group and fields[0] != "Z":
                living.append(int(stat.parent.name))
        return living

    # ---- the keyboard --------------------------------------------------------------------------

    def xdotool(self, *args: str) -> str:
        try:
            done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"xdotool {' '.join(args)} did not end in 30 s") from None
        assert done.returncode == 0, f"xdotool {' '.join(args)}: {done.stderr}"
        return done.stdout.strip()

    def focus_browser(self) -> None:
        """The keyboard's focus to the browser's window (there is no window manager to give it)."""
        windows = self.xdotool("search", "--sync", "--onlyvisible", "--class", "chromium").split()
        assert windows, "no browser window on the display"
        self.xdotool("windowfocus", "--sync", windows[-1])

    def key(self, key: str) -> None:
        """One key pressed and released on the X server's keyboard (an X keysym: h, Right, Return)."""
        self.xdotool("key", "--clearmodifiers", key)


@contextmanager
def desktop(folder: Path) -> Iterator[Desktop]:
    """A started desktop, stopped at the end whatever happens."""
    with _turn():
        started = Desktop(folder)
        try:
            yield started.start()
        finally:
            started.stop()
