"""``barbu join`` says the game as it is now (docs/server.md, ``barbu
join``): a person who sits down in a game under way, or whose connection
comes back after the server restarted, is told where the game stands —
the hand of the game, its contract, the scores, the trick on the table —
and not the past as if it were happening; ``hand``, ``trick``, ``tricks``
and ``scores`` read the game as it is at the question.

What the terminal says is checked against what the server says to
another seat at the same moment (Ann's protocol connection): the hand's
number, the cards on the table and who played them, the cards each seat
holds, the tricks taken and the scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from barbu_dsl import cards as C
from barbu_dsl.i18n import Translator
from barbu_dsl.language import parse_spec
from barbu_dsl.server.words import messages
from barbu_dsl.table.answers import command_word
from barbu_dsl.table.speech import Speech
from server.helpers import Seat, ServerProcess
from server.terminal import LiveTerminal, play_along

NAMES = ["Ann", "Bob", "Cy", "Di"]
TABLE = {"spec": "tournament", "seats": ["human", "rules", "human", "rules"], "seed": 3, "names": NAMES}
CY = 2  # the seat at the terminal
TRICKS = 13  # a tournament hand: 13 cards each


def speech(language: str) -> Speech:
    return Speech(Translator(language), NAMES, CY)


def trick_lines(say: Speech, view: dict[str, Any]) -> list[str]:
    """``trick`` for the trick in ``view`` (another seat's view: the trick is public)."""
    trick = view["table"]["trick"]
    lines = [say("table.trick.number", number=trick["number"], total=TRICKS)]
    if not trick["cards"]:
        return [*lines, say.about("table.leads", trick["leader"])]
    seat = trick["leader"]
    for card in trick["cards"]:
        lines.append(say.about("table.played", seat, card=say.the_card(C.CARD_INDEX[card])))
        seat = (seat + 1) % len(NAMES)  # clockwise
    winning = trick["winning"]
    return [*lines, say.about("table.is_winning", winning["seat"], card=say.the_card(C.CARD_INDEX[winning["card"]]))]


def score_lines(say: Speech, view: dict[str, Any]) -> list[str]:
    """The totals after the hands finished, and the hand's points so far."""
    return [say("table.scores.totals", hands=view["hand"] - 1, total=28, scores=say.scores(view["totals"])),
            say("table.scores.so_far", scores=say.scores(view["table"]["points"]))]


def contains(lines: list[str], part: list[str]) -> bool:
    """``part`` said in ``lines``, one after the other."""
    return any(lines[start:start + len(part)] == part for start in range(len(lines) - len(part) + 1))


def check_commands(terminal: LiveTerminal, view: dict[str, Any], language: str) -> None:
    """At the seat's question, each command says the game as ``view`` (the
    server's, at that question) has it."""
    say = speech(language)
    word = {command: command_word(command, say.t) for command in ("hand", "trick", "tricks", "scores")}
    assert view["turn"] == {"seat": CY, "kind": "card"}, view["turn"]
    held = view["table"]["held"][CY]
    hand = terminal.answer(word["hand"])
    assert hand[0] == say.about("table.hand.your", CY, count=held) and len(hand) == 5, hand  # a line a suit
    assert terminal.answer(word["trick"]) == trick_lines(say, view)
    taken = terminal.answer(word["tricks"])
    won = sum(1 for trick in view["table"]["tricks"] if trick["winner"] == CY)
    assert len(taken) == len(NAMES) and taken[CY].startswith(say.about("table.taken", CY, tricks=won, cards="@",
                                                                          points="@").split("@")[0]), taken
    assert say.points(view["table"]["points"][CY]) in taken[CY]
    scores = terminal.answer(word["scores"])
    assert scores[:2] == score_lines(say, view), scores


def first_card(seat: Seat) -> None:
    assert seat.decision is not None
    seat.answer(seat.decision["options"][0])


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_join_mid_game_says_where_the_game_stands(server: ServerProcess, tmp_path: Path, language: str) -> None:
    """The owner starts without Cy (the stand-in plays Cy's seat); in hand
    2, with two cards on the table, Cy sits down with ``barbu join``: the
    terminal says hand 2 of 28, its contract, the totals, that trick as it
    stands and Cy's cards now, and tells nothing of hand 1 as if it were
    being played; then, at Cy's question, ``hand``, ``trick``, ``tricks``
    and ``scores`` say the game as the server has it."""
    table = server.post("/api/tables", TABLE)
    ann = server.seat(table, 0)  # Ann sits down first: the stand-in plays Cy's seat alone
    server.post(f"/api/tables/{table['table']}/start", {}, owner=table["owner"])
    for _ in range(18):  # with seed 3: hand 1 (No tricks) and two tricks of hand 2 (No queens)
        ann.until(lambda s: s.decision is not None)
        first_card(ann)
    ann.until(lambda s: s.decision is not None)
    now = ann.view
    assert now is not None and now["hand"] == 2 and len(now["table"]["trick"]["cards"]) == 2, now

    terminal = LiveTerminal(server.base + table["links"][CY], "--lang", language, data=tmp_path)
    try:
        say = speech(language)
        shown = say.about("table.hand.your", CY, count=now["table"]["held"][CY])
        lines = terminal.wait_until(lambda out: shown in out and out.split(shown, 1)[1].count("\n") == 5).split("\n")
        words = messages(language)
        assert lines[0] == words["join.seated"].format(title="Tournament Barbu", seat="Cy")
        assert lines[3].startswith(words["join.key_kept"].split("{")[0]) and lines[4] == words["join.under_way"]
        spec = parse_spec(server.get(f"/api/tables/{table['table']}")["spec_text"], "<table>", reads_files=False)
        expected = [say("table.hand.number", number=2, total=28),
                    say.about("table.chooses", now["declarer"], contract=say.contract(spec.contract(now["contract"]))),
                    *score_lines(say, now), *say.doubles("table.doubled", [(a, b) for a, b in now["doubles"]]),
                    *trick_lines(say, now), shown]
        assert lines[5:-5] == expected, lines  # then a line a suit; nothing of hand 1
        assert [line.split(":")[0] for line in lines[-5:-1]] == [say.suit(suit) for suit in C.SUITS]

        asks = say("table.ask.card", count="@", cards="@").split("@")[0]
        for _ in range(3):  # Cy's next three questions: the commands follow the game
            play_along(ann, terminal, lambda: terminal.asking() and terminal.last_line().startswith(asks))
            ann.drain(0.3)
            assert ann.view is not None
            check_commands(terminal, ann.view, language)
            terminal.type(command_word("auto", say.t))
        play_along(ann, terminal, lambda: terminal.asking() and terminal.last_line().startswith(asks))
        terminal.type(command_word("quit", say.t))
        code, out, err = terminal.finish()
        assert code == 0 and "Traceback" not in err, err
        assert say("table.hand.number", number=1, total=28) not in out.split("\n")
    finally:
        terminal.kill()


def test_after_the_server_restarts_the_terminal_says_where_the_game_stands(tmp_path: Path) -> None:
    """Ann (protocol) and Cy (``barbu join``) play; in hand 2, on Ann's
    turn with cards on the table, the server is killed and started again on
    the same database and port: the terminal says it is trying again, then
    that it is connected again and where the game stands (the hand, the
    totals, that trick as it stands), once; the seat's key is not given
    again; and when the game goes on, Cy's commands read the game as the
    server has it."""
    db = tmp_path / "tables.sqlite3"
    server = ServerProcess(db).start()
    terminal = None
    try:
        table = server.post("/api/tables", TABLE)
        terminal = LiveTerminal(server.base + table["links"][CY], "--lang", "en", data=tmp_path)
        say = speech("en")
        terminal.wait_for("Waiting for the players.")
        ann = server.seat(table, 0)

        def mid_hand() -> bool:
            view = ann.view
            return ann.decision is not None and view is not None and view["hand"] >= 2 \
                and view["table"] is not None and len(view["table"]["trick"]["cards"]) >= 2

        play_along(ann, terminal, mid_hand)
        now = ann.view
        assert now is not None
        start = len(terminal.wait_until(lambda out: out.endswith("\n")))  # Cy has nothing to answer now
        server.kill()
        lost = "The table cannot be reached. barbu join keeps trying to connect again, for up to ten minutes."
        terminal.wait_for(lost, start)
        server = ServerProcess(db, port=server.port, keys=server.keys).start()
        expected = [say("table.hand.number", number=now["hand"], total=28), *score_lines(say, now),
                    *trick_lines(say, now)]
        said = terminal.wait_for(expected[-1], start).split("\n")
        back = said.index("Connected again.")
        assert said[back - 1] == lost and said.count(lost) == 1, said  # said once, not at each try
        recap = said[back + 1:]
        assert recap[0] == expected[0] and contains(recap, expected[1:3]) and contains(recap, expected[3:]), recap

        ann.close()
        ann = server.seat(table, 0, after=max(ann.events))
        asks = say("table.ask.card", count="@", cards="@").split("@")[0]
        play_along(ann, terminal, lambda: terminal.asking() and terminal.last_line().startswith(asks))
        ann.drain(0.3)
        assert ann.view is not None
        check_commands(terminal, ann.view, "en")
        terminal.type("quit")
        code, out, err = terminal.finish()
        assert code == 0 and "Traceback" not in err, err
        assert out.count("This seat is yours now") == 1 and out.count("Connected again.") == 1
    finally:
        if terminal is not None:
            terminal.kill()
        server.stop()
