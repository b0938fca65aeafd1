"""Seat keys at the terminal (docs/table.md, seat keys; docs/server.md,
``barbu join``): the first ``barbu join`` with an invite claims the seat,
says the seat's own link once, in the person's language, and keeps the
key in a private folder; the same invite and the seat's own link then
open the seat, and the invite is refused to anyone else; a seat the owner
frees ends the client (exit 1) and its key is forgotten; a kept key the
server no longer takes, a damaged key file or a data directory that
cannot be written never stop a person from playing.

Each test runs ``barbu join`` as a person does, against ``barbu serve``
through real sockets, with a data directory of its own."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

from barbu_dsl.i18n import Translator
from barbu_dsl.server.seat_keys import FOLDER, SeatKeys
from barbu_dsl.server.words import messages
from barbu_dsl.table.answers import command_word
from server.helpers import ServerProcess, socket_refusal
from server.terminal import LiveTerminal, play_along

TABLE = {"spec": "tournament", "seats": ["human", "rules", "human", "rules"], "seed": 3,
         "names": ["Ann", "Bob", "Cy", "Di"]}
ALONE = {"spec": "tournament", "seats": ["human", "rules", "rules", "rules"], "seed": 8}
"""A table whose one person declares first: the game starts, and asks them, as soon as they sit down."""


def before(template: str) -> str:
    """A message's words before its first field."""
    return template.split("{")[0]


def own_link(out: str, language: str, kept: bool = True) -> str:
    """The seat's own link, as the terminal said it when the seat was claimed."""
    words = before(messages(language)["join.key_kept" if kept else "join.key_not_kept"])
    lines = [line for line in out.split("\n") if line.startswith(words)]
    assert len(lines) == 1, out  # said once
    link = lines[0].rsplit(" ", 1)[1]
    assert "/t/" in link and "?token=" in link, link
    return link


def kept_files(data: Path) -> list[Path]:
    folder = data / FOLDER
    return sorted(folder.iterdir()) if folder.exists() else []


def key_of(link: str) -> str:
    return link.split("?token=", 1)[1]


def quit_word(language: str) -> str:
    return command_word("quit", Translator(language))


def left(out: str, language: str) -> str:
    """The link the terminal said takes the seat back."""
    words = before(messages(language)["join.left"])
    line = next(line for line in out.split("\n") if line.startswith(words))
    return line.split("barbu join ", 1)[1].strip("'")


def sit_and_quit(link: str, language: str, data: Path) -> tuple[int, str, str]:
    """``barbu join LINK`` in ``language``, ``quit`` at its first question:
    its exit status, what it printed and its errors."""
    terminal = LiveTerminal(link, "--lang", language, data=data)
    try:
        terminal.wait_until(lambda out: terminal.asking())
        terminal.type(quit_word(language))
        return terminal.finish()
    finally:
        terminal.kill()


def test_the_invite_claims_the_seat_and_brings_its_person_back(server: ServerProcess, tmp_path: Path) -> None:
    """In Italian: the first join claims the seat and says its own link
    once; the key is kept in a folder only its owner opens (0700), in a
    file only its owner reads (0600), with no temporary file left; ``quit``
    says the invite brings the person back, and it does; the invite opened
    by anyone else (the owner who sent it) is refused (``claimed``, close
    4003) while the person plays on."""
    table = server.post("/api/tables", TABLE)
    invite = server.base + table["links"][2]
    terminal = LiveTerminal(invite, "--lang", "it", data=tmp_path)
    try:
        terminal.wait_for(messages("it")["status.waiting"])
        ann = server.seat(table, 0)
        play_along(ann, terminal, terminal.asking)  # Ann names the contract; Cy is asked about doubles
        terminal.type(quit_word("it"))
        code, out, err = terminal.finish()
    finally:
        terminal.kill()
    assert code == 0 and "Traceback" not in err, err
    link = own_link(out, "it")
    assert link != invite and left(out, "it") == invite
    folder = tmp_path / FOLDER
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = kept_files(tmp_path)
    assert len(files) == 1 and files[0].suffix == ".json", files  # nothing else: written whole, in one step
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert json.loads(files[0].read_text(encoding="utf-8"))["key"] == key_of(link)
    assert key_of(invite) not in files[0].name and table["table"] not in files[0].name

    messages_, close = socket_refusal(server, f"/ws/{table['table']}?token={key_of(invite)}")
    assert [m["code"] for m in messages_] == ["claimed"] and close == 4003

    again = LiveTerminal(invite, "--lang", "it", data=tmp_path)
    try:
        play_along(ann, again, again.asking)
        messages_, close = socket_refusal(server, f"/ws/{table['table']}?token={key_of(invite)}")  # while the person holds the seat
        assert [m["code"] for m in messages_] == ["claimed"] and close == 4003
        play_along(ann, again, lambda: ann.view is not None and ann.view["hand"] == 2 and again.asking())
        again.type(quit_word("it"))
        code, out, err = again.finish()
    finally:
        again.kill()
    assert code == 0 and "Traceback" not in err, err
    assert before(messages("it")["join.key_kept"]) not in out  # the link is said once, when the seat is claimed
    assert messages("it")["join.under_way"] in out and "Mano 2 di 28." in out  # played on into hand 2
    assert json.loads(files[0].read_text(encoding="utf-8"))["key"] == key_of(link)


def test_the_seats_own_link_opens_it(server: ServerProcess, tmp_path: Path) -> None:
    """In French: the link the terminal gave opens the seat from a
    computer that keeps no key, and ``quit`` names that link to come back."""
    table = server.post("/api/tables", ALONE)
    code, out, err = sit_and_quit(server.base + table["links"][0], "fr", tmp_path / "here")
    assert code == 0, err
    link = own_link(out, "fr")
    code, out, err = sit_and_quit(link, "fr", tmp_path / "elsewhere")
    assert code == 0 and "Traceback" not in err, err
    assert "Tournament Barbu : vous êtes à la place de" in out
    assert before(messages("fr")["join.key_kept"]) not in out and left(out, "fr") == link
    assert kept_files(tmp_path / "elsewhere") == []  # a key link claims nothing: there is nothing to keep


def test_the_owner_frees_the_seat(server: ServerProcess, tmp_path: Path) -> None:
    """In Portuguese: the owner frees Cy's seat while Cy waits for Ann;
    the terminal says so in Cy's language and ends with exit 1; the key is
    forgotten, so the old invite is tried and refused with the server's
    reason, the seat freed (exit 2); the new invite seats a person."""
    table = server.post("/api/tables", TABLE)
    invite = server.base + table["links"][2]
    terminal = LiveTerminal(invite, "--lang", "pt", data=tmp_path)
    try:
        terminal.wait_for(messages("pt")["status.waiting"])
        ann = server.seat(table, 0)
        ann.until(lambda s: s.decision is not None)  # Ann declares: Cy waits for her
        assert len(kept_files(tmp_path)) == 1
        freed = server.post(f"/api/tables/{table['table']}/seats/2", {"free": True}, owner=table["owner"])
        code, out, err = terminal.finish()
    finally:
        terminal.kill()
    assert code == 1 and "Traceback" not in err, err
    assert out.rstrip("\n").split("\n")[-1] == messages("pt")["join.freed"]
    assert kept_files(tmp_path) == []

    old = LiveTerminal(invite, "--lang", "pt", data=tmp_path)
    code, out, err = old.finish()
    assert code == 2 and "Traceback" not in err, err
    assert before(messages("pt")["join.refused"]) in err and messages("pt")["error.freed"] in err, err

    new = LiveTerminal(server.base + freed["links"][2], "--lang", "pt", data=tmp_path)
    try:
        new.wait_for(before(messages("pt")["join.key_kept"]))
    finally:
        new.kill()
    assert len(kept_files(tmp_path)) == 1


def test_a_kept_key_the_server_refuses_gives_way_to_the_invite(server: ServerProcess, tmp_path: Path) -> None:
    """In English: a key kept for an invite that the server does not take
    (here, one it never gave) is forgotten, the invite is tried, claims the
    seat, and its key is kept instead."""
    table = server.post("/api/tables", ALONE)
    invite = server.base + table["links"][0]
    keys = SeatKeys(tmp_path / FOLDER)
    keys.keep(server.base, table["table"], key_of(invite), "not-a-key-of-this-seat")
    terminal = LiveTerminal(invite, "--lang", "en", data=tmp_path)
    try:
        terminal.wait_until(lambda out: terminal.asking())
        terminal.type("quit")
        code, out, err = terminal.finish()
    finally:
        terminal.kill()
    assert code == 0 and "Traceback" not in err, err
    lines = out.split("\n")
    assert lines[0] == messages("en")["join.key_refused"] and lines[1].startswith("Tournament Barbu: you sit in")
    assert keys.key(server.base, table["table"], key_of(invite)) == key_of(own_link(out, "en"))


def test_a_seat_freed_while_its_person_was_away(server: ServerProcess, tmp_path: Path) -> None:
    """In Italian: the owner frees the seat while its person is away; the
    kept key no longer opens it, nor does the old invite: the terminal says
    so (exit 2), and the key is forgotten."""
    table = server.post("/api/tables", ALONE)
    invite = server.base + table["links"][0]
    terminal = LiveTerminal(invite, "--lang", "it", data=tmp_path)
    try:
        terminal.wait_until(lambda out: terminal.asking())
    finally:
        terminal.kill()  # the window closed
    assert len(kept_files(tmp_path)) == 1
    server.post(f"/api/tables/{table['table']}/seats/0", {"free": True}, owner=table["owner"])
    code, out, err = LiveTerminal(invite, "--lang", "it", data=tmp_path).finish()
    assert code == 2 and "Traceback" not in err, err
    assert out.split("\n")[0] == messages("it")["join.key_refused"]
    assert before(messages("it")["join.refused"]) in err
    assert messages("it")["error.freed"] in err  # why: not a wrong link, a seat freed
    assert kept_files(tmp_path) == []


def test_a_damaged_key_file_is_no_key(server: ServerProcess, tmp_path: Path) -> None:
    """A key file that is not one (bytes that are not text) is ignored: the
    invite claims the seat and the file is replaced by a whole one; a
    directory where the key file goes is ignored too, and as the key cannot
    be kept there the person is told their own link, which ``quit`` names."""
    results: list[tuple[Path, dict[str, Any]]] = []
    for damage in ("bytes", "directory"):
        table = server.post("/api/tables", ALONE)
        invite = server.base + table["links"][0]
        keys = SeatKeys(tmp_path / damage / FOLDER)
        path = keys.file_for(server.base, table["table"], key_of(invite))
        path.parent.mkdir(parents=True)
        if damage == "bytes":
            path.write_bytes(b"\xff\xfe{\"key\": \x00")
        else:
            path.mkdir()
        terminal = LiveTerminal(invite, "--lang", "en", data=tmp_path / damage)
        try:
            terminal.wait_until(lambda out: terminal.asking())
            terminal.type("quit")
            code, out, err = terminal.finish()
        finally:
            terminal.kill()
        assert code == 0 and "Traceback" not in err, (damage, err)
        results.append((path, {"out": out, "keys": keys, "table": table, "invite": invite}))
    (good, bytes_run), (directory, directory_run) = results
    link = own_link(bytes_run["out"], "en")
    assert bytes_run["keys"].key(server.base, bytes_run["table"]["table"], key_of(bytes_run["invite"])) == key_of(link)
    assert stat.S_IMODE(good.stat().st_mode) == 0o600 and left(bytes_run["out"], "en") == bytes_run["invite"]
    link = own_link(directory_run["out"], "en", kept=False)
    assert directory.is_dir() and left(directory_run["out"], "en") == link


def test_an_unwritable_data_directory_still_seats_the_person(server: ServerProcess, tmp_path: Path) -> None:
    """In Italian: where no key can be kept (the data directory is a file),
    the person plays all the same and is told their own link, which
    ``quit`` names to come back, and which brings them back."""
    table = server.post("/api/tables", ALONE)
    data = tmp_path / "not-a-directory"
    data.write_text("a file\n", encoding="utf-8")
    code, out, err = sit_and_quit(server.base + table["links"][0], "it", data)
    assert code == 0 and "Traceback" not in err, err
    link = own_link(out, "it", kept=False)
    assert left(out, "it") == link
    code, out, err = sit_and_quit(link, "it", data)
    assert code == 0 and "Traceback" not in err, err
    assert before(messages("it")["join.key_not_kept"]) not in out and messages("it")["join.under_way"] in out
    assert data.read_text(encoding="utf-8") == "a file\n"
