"""``barbu join URL``: the terminal table as a client of a server seat —
its narration, prompts and commands in the person's language, plain
lines a screen reader follows — playing a whole game with another seat
that speaks the protocol; ``quit`` leaves, the same link comes back."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from server.helpers import ServerProcess, first_option, play_until_over


class Terminal:
    """``barbu join LINK ARGS`` with its answers typed in advance, its output in files."""

    def __init__(self, server: ServerProcess, link: str, lines: list[str], *args: str):
        self.files = [tempfile.TemporaryFile("w+", encoding="utf-8") for _ in range(3)]  # noqa: SIM115 -- closed by communicate
        self.files[0].write("".join(line + "\n" for line in lines))
        self.files[0].seek(0)
        self.process = subprocess.Popen([sys.executable, "-m", "barbu_dsl", "join", server.base + link, *args],
                                        stdin=self.files[0], stdout=self.files[1], stderr=self.files[2], text=True,
                                        env={**os.environ, "NO_COLOR": "1"})

    def communicate(self, timeout: float) -> tuple[str, str]:
        self.process.wait(timeout)
        texts = []
        for file in self.files[1:]:
            file.seek(0)
            texts.append(file.read())
        for file in self.files:
            file.close()
        return texts[0], texts[1]

    @property
    def returncode(self) -> int | None:
        return self.process.returncode


def join(server: ServerProcess, link: str, lines: list[str], *args: str) -> Terminal:
    return Terminal(server, link, lines, *args)


def test_a_person_at_the_terminal_plays_a_whole_game(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "rules", "human"], "seed": 6,
                                        "names": ["Ada", "Bo", "Cleo"]})
    terminal = join(server, table["links"][2], ["aiuto", "mano", "punti", "descrivi", *["auto"] * 400],
                    "--plain", "--lang", "it")
    ada = server.seat(table, 0)
    play_until_over([ada], first_option)
    out, err = terminal.communicate(timeout=120)
    assert terminal.returncode == 0, err
    assert "Bouillabaisse: sei al posto di Cleo." in out
    assert "Mano 1 di 6." in out and "Mano 6 di 6." in out
    assert "La tua mano (" in out  # the hand, said by the terminal table
    # The help's quit: at a server's table the seat waits and the link takes it back (no saved game to resume).
    assert "lascia il tavolo; il posto ti aspetta, e barbu join con lo stesso link ti ci riporta." in out
    assert "--resume" not in out
    assert "Ada gioca " in out and "Giochi " in out
    assert "La partita è finita. Vince:" in out
    assert "\x1b" not in out, "plain lines only"
    totals = server.get(f"/api/tables/{table['table']}")["totals"]
    assert ada.over is not None and ada.over["totals"] == totals


def test_quit_leaves_the_seat_and_the_same_link_comes_back(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "random"], "seed": 7})
    first = join(server, table["links"][0], ["1", "quit"], "--plain", "--lang", "en")
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert "You left the table; the seat waits for you. To come back: barbu join" in out
    again = join(server, table["links"][0], ["auto"] * 200, "--plain")
    out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    assert "The game is over." in out
    status, _ = server.request("GET", f"/api/tables/{table['table']}")
    assert status == 200


def test_a_link_that_is_not_a_seat_is_refused(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec": "bouillabaisse", "seats": ["human", "random", "random"]})
    for link, words in ((f"/t/{table['table']}?token=wrong", "refused this link"),
                        ("/t/nosuchtable?token=x", "has no table"), ("/nothing", "is not a seat's link")):
        run = join(server, link, [])
        _, err = run.communicate(timeout=60)
        assert run.returncode == 2 and words in err and "Traceback" not in err, err


def test_a_person_at_the_terminal_passes_cards(server: ServerProcess) -> None:
    """Hearts passes three cards before play (docs/rules.md section 6,
    Passing): at the terminal the person is asked each card to pass, hears
    what they gave and received, and plays the game to its end."""
    table = server.post("/api/tables", {"spec": "hearts", "seats": ["human", "random", "random", "human"], "seed": 4,
                                        "names": ["Ada", "Bo", "Cy", "Di"]})
    terminal = join(server, table["links"][0], ["auto"] * 400, "--plain", "--lang", "en")
    di = server.seat(table, 3)
    play_until_over([di], first_option)
    out, err = terminal.communicate(timeout=180)
    assert terminal.returncode == 0, err
    assert "to pass to Bo" in out and "You passed " in out, out[:3000]
    assert "The game is over." in out and "Traceback" not in err
    totals = server.get(f"/api/tables/{table['table']}")["totals"]
    assert di.over is not None and di.over["totals"] == totals
