"""``barbu serve`` on an open address (docs/server.md, "On an open
address"): a request that changes something from another site's page is
refused (``403 bad_origin``), and so is a seat's WebSocket opened from one
(one ``error``, close 4003), while requests without an ``Origin`` (curl,
``barbu join``, programs) and the server's own pages go on; a body is JSON
only when it says so (``415 bad_content_type``); every answer carries the
pages' security headers; ``--allow-origin`` lets another site's pages in,
and ``--trust-proxy`` believes a proxy's ``X-Forwarded-*`` headers.  All
through real sockets, against ``barbu serve`` as started from the command
line."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server.helpers import ServerProcess

NEW_TABLE = {"spec": "tournament", "seats": ["human", "human", "rules", "rules"], "seed": 5}
JSON = {"Content-Type": "application/json"}
SECURITY = {"content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy",
            "cache-control"}


def send(server: ServerProcess, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    """One request with exactly these headers (and the ``Host`` of the address, unless given)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    given = dict(headers or {})
    connection.putrequest(method, path, skip_host="Host" in given, skip_accept_encoding=True)
    for name, value in given.items():
        connection.putheader(name, value)
    if data is not None:
        connection.putheader("Content-Length", str(len(data)))
    connection.endheaders(data)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    try:
        answer: Any = json.loads(text)
    except ValueError:
        answer = text
    return response.status, {name.lower(): value for name, value in response.getheaders()}, answer


def count(server: ServerProcess) -> int:
    return len(server.get("/api/tables")["tables"])


def socket_messages(server: ServerProcess, path: str, **options: Any) -> tuple[list[dict[str, Any]], int | None]:
    """What a WebSocket to ``path`` is sent until it closes (or for 2 seconds), and its close code."""
    messages: list[dict[str, Any]] = []
    with connect(f"ws://127.0.0.1:{server.port}{path}", open_timeout=10, **options) as socket:
        try:
            while True:
                messages.append(json.loads(socket.recv(timeout=2)))
        except ConnectionClosed as closed:
            return messages, closed.rcvd.code if closed.rcvd is not None else None
        except TimeoutError:
            return messages, None


@pytest.fixture(scope="module")
def table(server: ServerProcess) -> dict[str, Any]:
    return server.post("/api/tables", NEW_TABLE)


FOREIGN = ["https://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:{port}",
           "http://127.0.0.1.evil:{port}", "http://127.0.0.1:{port}/x", "not an origin"]


@pytest.mark.parametrize("origin", FOREIGN)
def test_a_request_from_another_origin_changes_nothing(server: ServerProcess, table: dict[str, Any],
                                                       origin: str) -> None:
    """Another site's page (another scheme, host or port; a sandboxed page's
    ``null``) can neither make a table, nor check rules, nor act as an owner
    even with the owner's token."""
    origin = origin.format(port=server.port)
    tables = count(server)
    headers = {**JSON, "Origin": origin}
    status, _, answer = send(server, "POST", "/api/tables", NEW_TABLE, headers)
    assert status == 403 and answer["error"]["code"] == "bad_origin", answer
    assert f"http://127.0.0.1:{server.port}" in answer["error"]["message"]
    assert count(server) == tables
    status, _, answer = send(server, "POST", "/api/check", {"spec": "tournament"}, headers)
    assert status == 403 and answer["error"]["code"] == "bad_origin"
    owner = {**headers, "Authorization": f"Bearer {table['owner']}"}
    status, _, answer = send(server, "POST", f"/api/tables/{table['table']}/pause", {}, owner)
    assert status == 403 and answer["error"]["code"] == "bad_origin"
    assert server.get_owned(f"/api/tables/{table['table']}/owner", table["owner"])["paused"] is False


def test_requests_from_the_servers_own_pages_and_from_programs_go_on(server: ServerProcess) -> None:
    tables = count(server)
    for headers in ({**JSON, "Origin": f"http://127.0.0.1:{server.port}"},
                    {**JSON, "Origin": f"HTTP://127.0.0.1:{server.port}"},
                    {**JSON, "Origin": f"http://localhost:{server.port}", "Host": f"localhost:{server.port}"},
                    JSON):
        status, _, answer = send(server, "POST", "/api/tables", NEW_TABLE, headers)
        assert status == 201, (headers, answer)
    assert count(server) == tables + 4
    # The same origin through another name of the server is another origin.
    status, _, answer = send(server, "POST", "/api/tables", NEW_TABLE,
                             {**JSON, "Origin": f"http://localhost:{server.port}"})
    assert status == 403 and answer["error"]["code"] == "bad_origin"


CONTENT_TYPES = {"text/plain": 415, "text/plain;charset=UTF-8": 415, "application/x-www-form-urlencoded": 415,
                 "multipart/form-data; boundary=x": 415, "application/json; charset=latin-1": 415,
                 "application/json; x=1": 415, "application/jsonx": 415, None: 415,
                 "application/json": 201, "application/json; charset=utf-8": 201, 'Application/JSON;Charset="UTF-8"': 201}


@pytest.mark.parametrize("content_type", list(CONTENT_TYPES), ids=str)
def test_a_body_is_json_only_when_it_says_so(server: ServerProcess, content_type: str | None) -> None:
    """The bodies a page may send to another site without asking first
    (text/plain, a form's) are never read as JSON."""
    tables = count(server)
    status, _, answer = send(server, "POST", "/api/tables", NEW_TABLE,
                             {"Content-Type": content_type} if content_type else {})
    assert status == CONTENT_TYPES[content_type], answer
    if status == 415:
        assert answer["error"]["code"] == "bad_content_type" and count(server) == tables


def test_an_owners_request_without_a_body_needs_no_content_type(server: ServerProcess) -> None:
    table = server.post("/api/tables", NEW_TABLE)
    status, _, answer = send(server, "POST", f"/api/tables/{table['table']}/pause",
                             headers={"Authorization": f"Bearer {table['owner']}"})
    assert status == 200 and answer["paused"] is True, answer
    status, _, answer = send(server, "POST", f"/api/tables/{table['table']}/resume",
                             headers={"Authorization": f"Bearer {table['owner']}", "Content-Type": "text/plain"})
    assert status == 415 and answer["error"]["code"] == "bad_content_type"


def test_a_seat_opened_from_another_origin_is_refused_and_not_claimed(server: ServerProcess) -> None:
    """The refusal of a link (docs/server.md): one ``error`` that says why,
    closed with 4003, nothing of the game; the invite is not used, so its
    person still claims the seat with it."""
    table = server.post("/api/tables", NEW_TABLE)
    invite = table["invites"][0]
    for origin in ("https://evil.example", "null", f"https://127.0.0.1:{server.port}"):
        messages, code = socket_messages(server, f"/ws/{table['table']}?token={invite}", origin=origin)
        assert [m["type"] for m in messages] == ["error"] and messages[0]["code"] == "bad_origin", messages
        assert code == 4003
        messages, code = socket_messages(server, f"/ws/{table['table']}?owner={table['owner']}", origin=origin)
        assert [m["code"] for m in messages] == ["bad_origin"] and code == 4003
    assert not server.get(f"/api/tables/{table['table']}")["seats"][0]["taken"]
    messages, code = socket_messages(server, f"/ws/{table['table']}?token={invite}",
                                     origin=f"http://127.0.0.1:{server.port}")
    assert messages[0]["type"] == "seated" and "key" in messages[0], messages[:1]
    messages, _ = socket_messages(server, f"/ws/{table['table']}?token={table['invites'][1]}")
    assert messages[0]["type"] == "seated" and "key" in messages[0], messages[:1]


def test_every_page_and_file_has_the_security_headers(server: ServerProcess, table: dict[str, Any]) -> None:
    """No page or file of the server can be framed by another site
    (frame-ancestors, X-Frame-Options), its type guessed or kept in a cache."""
    paths = ["/", f"/t/{table['table']}?token=x", "/static/lobby.html", "/static/table.html", "/static/lobby.js",
             "/static/table.js", "/static/common.js", "/static/page.css", "/core.js", "/languages.js",
             "/api/tables",
             f"/api/tables/{table['table']}/records", "/api/specs", "/nothing", "/static/nothing.js"]
    for path in paths:
        _, headers, _ = send(server, "GET", path)
        assert SECURITY <= set(headers), (path, sorted(headers))
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff", path
        assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "no-referrer", path
    status, headers, _ = send(server, "POST", "/api/tables", NEW_TABLE, {**JSON, "Origin": "https://evil.example"})
    assert status == 403 and SECURITY <= set(headers)
    raw = send(server, "GET", "/static/table.html")[1]
    assert list(raw).count("content-security-policy") == 1


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server that lets the pages of https://club.example.org in, behind a proxy on 127.0.0.1."""
    process = ServerProcess(tmp_path_factory.mktemp("open") / "tables.sqlite3",
                            options=("--allow-origin", "https://Club.Example.org:443", "--trust-proxy", "127.0.0.1"))
    yield process.start()
    process.stop()


def test_an_allowed_origin_may_make_tables_and_sit(open_server: ServerProcess) -> None:
    """``--allow-origin``: another site's page may make tables and read the
    answer (CORS), its preflight is answered, and it may open a seat; other
    origins are still refused."""
    origin = "https://club.example.org"
    status, headers, answer = send(open_server, "OPTIONS", "/api/tables",
                                   headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                                            "Access-Control-Request-Headers": "content-type"})
    assert status == 200 and headers["access-control-allow-origin"] == origin, (status, headers, answer)
    assert "POST" in headers["access-control-allow-methods"]
    assert "content-type" in headers["access-control-allow-headers"].lower()
    status, headers, table = send(open_server, "POST", "/api/tables", NEW_TABLE, {**JSON, "Origin": origin})
    assert status == 201 and headers["access-control-allow-origin"] == origin
    messages, _ = socket_messages(open_server, f"/ws/{table['table']}?token={table['invites'][0]}", origin=origin)
    assert messages[0]["type"] == "seated"
    status, headers, answer = send(open_server, "POST", "/api/tables", NEW_TABLE,
                                   {**JSON, "Origin": "https://other.example.org"})
    assert status == 403 and "access-control-allow-origin" not in headers


def test_a_trusted_proxy_says_the_origin_a_request_came_to(open_server: ServerProcess,
                                                           server: ServerProcess) -> None:
    """Behind a proxy with TLS the page's origin is https://HOST: the
    server believes the proxy's X-Forwarded-Proto and X-Forwarded-Host only
    when ``--trust-proxy`` names the proxy's address, and a refusal says so."""
    through = {**JSON, "Origin": "https://tables.example.net", "Host": "tables.example.net",
               "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    status, _, answer = send(open_server, "POST", "/api/tables", NEW_TABLE, through)
    assert status == 201, answer
    status, _, answer = send(open_server, "POST", "/api/tables", NEW_TABLE,
                             {**through, "Host": "127.0.0.1:1", "X-Forwarded-Host": "tables.example.net"})
    assert status == 201, answer
    status, _, answer = send(server, "POST", "/api/tables", NEW_TABLE, through)  # a server that trusts no proxy
    assert status == 403 and answer["error"]["code"] == "bad_origin"
    assert "--trust-proxy 127.0.0.1" in answer["error"]["message"], answer
    port = open_server.port
    messages, _ = socket_messages(open_server, f"/ws/{answer_table(open_server)}?token=x",
                                  origin=f"https://127.0.0.1:{port}", additional_headers={"X-Forwarded-Proto": "https"})
    assert messages[0]["code"] == "not_a_seat", messages  # past the origin check, to the seat's own
    messages, _ = socket_messages(open_server, f"/ws/{answer_table(open_server)}?token=x",
                                  origin=f"http://127.0.0.1:{port}", additional_headers={"X-Forwarded-Proto": "https"})
    assert messages[0]["code"] == "bad_origin", messages


def answer_table(server: ServerProcess) -> str:
    return str(server.get("/api/tables")["tables"][0]["table"])


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--allow-origin", "club.example.org", "--allow-origin takes an origin"),
    ("--allow-origin", "https://club.example.org/lobby", "(no path)"),
    ("--trust-proxy", "proxy.example.org", "--trust-proxy takes an address or a network"),
])
def test_a_bad_option_is_one_message(tmp_path: Path, option: str, value: str, words: str) -> None:
    run = subprocess.run([sys.executable, "-m", "barbu_dsl", "serve", "--port", "0", "--db",
                          str(tmp_path / "tables.sqlite3"), option, value], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr, run.stderr
