"""What the table server refuses, and how: every bad message gets one
``error`` (docs/table.md, docs/server.md) and changes nothing; a wrong
token gets one error that says why and nothing of the game; bad requests
get one error object."""

from __future__ import annotations

import json
import socket

import pytest
from websockets.exceptions import ConnectionClosed

from barbu_dsl.limits import TABLE_MESSAGE_BYTES, TABLE_REQUEST_BYTES
from server.helpers import Seat, ServerProcess, socket_refusal


@pytest.fixture(scope="module")
def table(server: ServerProcess) -> dict:
    """Two people and two bots at No tricks first: seat 0 declares."""
    return server.post("/api/tables", {"spec": "tournament", "seats": ["human", "human", "rules", "rules"],
                                       "seed": 3, "names": ["Ann", "Bob", "Cy", "Di"]})


def error_after(seat: Seat, message: dict | str) -> dict:
    before = len(seat.errors)
    seat.socket.send(message if isinstance(message, str) else json.dumps(message))
    seat.until(lambda s: len(s.errors) > before, timeout=20)
    return seat.errors[-1]


def test_a_wrong_token_is_refused_before_anything_is_sent(server: ServerProcess, table: dict) -> None:
    """docs/table.md: a wrong token is refused before any game data is sent;
    docs/server.md: in one ``error`` that says why, then closed with 4003."""
    cases = [(f"/ws/{table['table']}?token=nope", "not_a_seat"),
             (f"/ws/{table['table']}?token={table['invites'][0][:-1]}x", "not_a_seat"),
             (f"/ws/{table['table']}?owner=nope", "not_owner"),
             (f"/ws/{table['table']}", "not_a_seat"),
             (f"/ws/nosuchtable?token={table['invites'][0]}", "no_table")]
    for path, code in cases:
        messages, close = socket_refusal(server, path)
        assert [m["type"] for m in messages] == ["error"] and messages[0]["code"] == code, (path, messages)
        assert close == 4003, (path, close)


def test_an_invite_claims_its_seat_once(server: ServerProcess) -> None:
    """docs/table.md, seat keys: the first connection with an invite claims
    the seat and is given its key; the invite is then refused (``claimed``),
    so the owner who sent it can neither sit there nor see the hand; the
    key opens the seat and takes it over; the owner sees no invite for it."""
    made = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "human", "rules", "rules"],
                                       "seed": 3})
    invite = made["invites"][0]
    first = Seat(server, made["table"], invite)
    seated = first.receive()
    key = seated["key"]
    assert seated["protocol"] == "barbu-table 2" and key not in made["invites"] and len(key) >= 43
    messages, close = socket_refusal(server, f"/ws/{made['table']}?token={invite}")
    assert [m["code"] for m in messages] == ["claimed"] and close == 4003
    owner = server.get_owned(f"/api/tables/{made['table']}/owner", made["owner"])
    assert owner["invites"][0] is None and owner["links"][0] is None and owner["invites"][1] == made["invites"][1]
    again = Seat(server, made["table"], key)
    assert "key" not in again.receive()  # the key opens the seat and is not given again
    with pytest.raises(ConnectionClosed) as closed:
        first.until(lambda s: False, timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
    again.close()


def test_the_owner_frees_a_seat(server: ServerProcess) -> None:
    """docs/server.md: the owner frees a claimed seat; its person is told
    (``freed``, close 4001), the old key and invite no longer open it (each
    is refused as ``freed``), a new invite does, and while the game goes on
    the stand-in plays the seat."""
    made = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "rules", "rules", "rules"],
                                       "seed": 4})
    ann = Seat(server, made["table"], made["invites"][0])
    key = ann.receive()["key"]
    ann.until(lambda s: s.view is not None)
    freed = server.post(f"/api/tables/{made['table']}/seats/0", {"free": True}, owner=made["owner"])
    new_invite = freed["invites"][0]
    assert new_invite and new_invite != made["invites"][0]
    assert freed["links"][0] == f"/t/{made['table']}?token={new_invite}"
    assert freed["seats"][0]["standing"] is True and freed["seats"][0]["taken"] is False
    with pytest.raises(ConnectionClosed) as closed:
        ann.until(lambda s: False, timeout=10)
    assert ann.errors and ann.errors[-1]["code"] == "freed"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    for old in (key, made["invites"][0]):  # a person away meanwhile is told why when they come back
        messages, close = socket_refusal(server, f"/ws/{made['table']}?token={old}")
        assert [message["code"] for message in messages] == ["freed"] and close == 4003
    ben = Seat(server, made["table"], new_invite)
    assert "key" in ben.receive()
    ben.until(lambda s: s.view is not None)
    ben.close()


def test_bad_messages_get_one_error_each_and_change_nothing(server: ServerProcess, table: dict) -> None:
    first = server.seat(table, 0)
    waiting = error_after(first, {"type": "answer", "id": 1, "answer": "No tricks"})
    assert waiting["code"] == "not_started"
    second = server.seat(table, 1)
    for seat in (first, second):
        seat.until(lambda s: s.view is not None)
    first.drain()
    second.drain()
    humans = [s for s in (first, second) if s.decision is not None]
    assert len(humans) <= 1
    if not humans:  # a bot declares first: one of the people is asked soon enough
        while not humans:
            for seat in (first, second):
                seat.drain(0.1)
            humans = [s for s in (first, second) if s.decision is not None]
    me = humans[0]
    other = second if me is first else first
    decision = me.decision
    assert decision is not None
    assert error_after(me, "not json")["code"] == "bad_message"
    assert error_after(me, "[1, 2]")["code"] == "bad_message"
    assert error_after(me, {"type": "shout"})["code"] == "bad_message"
    assert error_after(me, {"type": "answer", "answer": "x"})["code"] == "bad_message"
    assert error_after(me, {"type": "answer", "id": "1", "answer": "x"})["code"] == "bad_message"
    assert error_after(me, "[" * 100 + "]" * 100)["code"] == "bad_message"
    assert error_after(me, {"type": "answer", "id": decision["id"] + 5, "answer": decision["options"][0]})["code"] \
        == "stale"
    assert error_after(other, {"type": "answer", "id": decision["id"], "answer": decision["options"][0]})["code"] \
        == "not_your_turn"
    refused = error_after(me, {"type": "answer", "id": decision["id"], "answer": "No kings"})
    assert refused["code"] == "not_an_option" and "No kings" in refused["message"]
    assert error_after(me, {"type": "answer", "id": decision["id"], "answer": 3.5})["code"] == "not_an_option"
    assert error_after(me, {"type": "answer", "id": decision["id"], "answer": [0.0]})["code"] == "not_an_option"
    assert error_after(me, {"type": "name", "name": "Ann\u001b[31m"})["code"] == "bad_name"
    assert error_after(me, {"type": "name", "name": "A" * 41})["code"] == "bad_name"
    if decision["kind"] == "card":
        held = set(me.view["cards"]) if me.view else set()
        absent = next(c for c in ("2C", "3C", "4C", "AS", "KS", "QS") if c not in held)
        refused = error_after(me, {"type": "answer", "id": decision["id"], "answer": absent})
        assert refused["code"] == "not_an_option" and "does not hold" in refused["message"]
    # Nothing changed: the same decision is pending, and it takes a good answer.
    me.answer(decision["options"][0])
    me.until(lambda s: s.view is not None and s.view["turn"] != {"seat": s.seated["seat"], "kind": decision["kind"]}
             or (s.decision is not None and s.decision["id"] > decision["id"]))
    too_long = json.dumps({"type": "name", "name": "x" * TABLE_MESSAGE_BYTES})
    with pytest.raises(ConnectionClosed):  # past the server's frame limit the connection is closed
        other.socket.send(too_long)
        other.until(lambda s: False, timeout=5)
    me.close()


def test_a_second_connection_takes_the_seat_over(server: ServerProcess, table: dict) -> None:
    first = server.seat(table, 1)
    first.until(lambda s: s.seated is not None)
    second = server.seat(table, 1)
    second.until(lambda s: s.seated is not None)
    with pytest.raises(ConnectionClosed) as closed:
        first.until(lambda s: False, timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
    second.close()


def test_requests_the_lobby_refuses(server: ServerProcess) -> None:
    def refused(body: object, code: str, status: int = 400) -> dict:
        got, data = server.request("POST", "/api/tables", body)
        assert got == status, data
        assert data["error"]["code"] == code, data
        return data["error"]

    refused({"spec": "../../etc/passwd", "seats": ["human"] * 4}, "bad_spec")
    refused({"spec": "tournament.yaml", "seats": ["human"] * 4}, "bad_spec")
    refused({"spec": "tournament+no-such-variant", "seats": ["human"] * 4}, "bad_spec")
    problems = refused({"spec_text": "extends: /etc/hosts\nname: x\n", "seats": ["human"] * 4}, "bad_spec")
    assert problems["problems"] and "house.yaml:1" in problems["problems"][0]
    error = refused({"spec_text": "name: club\ncontracts:\n  Bad: −2 per banana\n", "seats": ["human"] * 4},
                    "bad_spec")
    assert "house.yaml:3" in error["problems"][0]
    refused({"spec": "tournament", "seats": ["human"] * 3}, "bad_request")
    refused({"spec": "tournament", "seats": ["human", "human", "wizard", "rules"]}, "bad_request")
    refused({"spec": "tournament", "seats": ["human"] * 4, "names": ["A", "B", "C"]}, "bad_request")
    refused({"spec": "tournament", "seats": ["human"] * 4, "names": ["A", "B", "C", "a"]}, "bad_request")
    refused({"spec": "tournament", "seats": ["human"] * 4, "names": ["A", "B\n", "C", "D\u202e"]}, "bad_request")
    refused({"spec": "tournament", "seats": ["human"] * 4, "choices": {"mode": "custom"}}, "bad_request")
    refused({"spec": "french-classic", "seats": ["human"] * 4, "choices": {"mode": "custom", "picks": ["Mini"]}},
            "bad_request")
    refused({"spec": "french-classic", "seats": ["human"] * 4,
             "choices": {"mode": "custom", "picks": ["Mini", "Barbu", {"name": "Trumps", "suit": "S"}]}},
            "bad_request")
    refused([1, 2], "bad_request")
    # Too large by its declared length: refused on the headers, before the body.
    status, data = _raw_post(server, {"Content-Length": str(3 * 1024 * 1024)}, [b"{"])
    assert status == 413 and data["error"]["code"] == "too_large"
    # Too large as it streams (no declared length): refused at the first byte over.
    chunk = b" " * (64 * 1024)
    chunks = [b"{", *[chunk] * ((TABLE_REQUEST_BYTES - 1) // len(chunk) + 1)]  # the last one goes over
    status, data = _raw_post(server, {"Transfer-Encoding": "chunked"}, chunks)
    assert status == 413 and data["error"]["code"] == "too_large"
    status, data = server.request("POST", "/api/tables", raw=b"\xff\xfe")
    assert status == 400


def test_the_owner_alone_runs_the_table(server: ServerProcess, table: dict) -> None:
    for path in ("start", "pause", "end", "seats/2"):
        status, data = server.request("POST", f"/api/tables/{table['table']}/{path}", {"bot": "strong"})
        assert status == 403 and data["error"]["code"] == "not_owner"
        status, data = server.request("POST", f"/api/tables/{table['table']}/{path}", {"bot": "strong"},
                                      owner=table["invites"][0])
        assert status == 403
    status, data = server.request("GET", f"/api/tables/{table['table']}/owner")
    assert status == 403
    status, data = server.request("POST", f"/api/tables/{table['table']}/seats/2", {"bot": "wizard"},
                                  owner=table["owner"])
    assert status in (400, 409)
    status, info = server.request("GET", f"/api/tables/{table['table']}/owner", owner=table["owner"])
    claimed = [server.keys.get((table["table"], seat)) is not None for seat in range(4)]
    assert status == 200 and info["invites"] == [None if c else i for c, i in zip(claimed, table["invites"])]
    assert info["links"] == [None if c else link for c, link in zip(claimed, table["links"])]


def test_pages_allow_nothing_from_elsewhere(server: ServerProcess) -> None:
    import urllib.request

    for path in ("/", "/t/anything"):
        with urllib.request.urlopen(server.base + path, timeout=10) as response:
            policy = response.headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "script-src 'self'" in policy
            assert response.headers["Referrer-Policy"] == "no-referrer"
            page = response.read().decode()
            assert "http://" not in page and "https://" not in page


def _raw_post(server: ServerProcess, headers: dict[str, str], chunks: list[bytes]) -> tuple[int, dict]:
    """POST /api/tables over a plain socket: the headers, then ``chunks`` (in
    chunked encoding when the headers say so), then the answer.  A client
    library would race the server, which answers as soon as it refuses and
    closes while the client may still be sending."""
    chunked = headers.get("Transfer-Encoding") == "chunked"
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           f"Content-Type: application/json\r\n{head}\r\n".encode())
        for chunk in chunks:
            connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.partition(b"\r\n\r\n")[2]) < _length(answer):
            part = connection.recv(65536)
            if not part:
                break
            answer += part
    status_line, _, rest = answer.partition(b"\r\n")
    body = rest.partition(b"\r\n\r\n")[2]
    return int(status_line.split()[1]), json.loads(body[:_length(answer)])


def _length(answer: bytes) -> int:
    """The Content-Length of an HTTP answer's head (0 until it is read)."""
    for line in answer.partition(b"\r\n\r\n")[0].split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 0
