"""``barbu serve`` behind nginx over HTTPS and WSS, as docs/server.md ("On
an open address") sets it up, tried for real: Debian's nginx runs the
documented site file (docs/deploy/nginx.conf) on loopback ports with a
self-signed certificate, in front of ``barbu serve`` started with the
flags of the documented systemd unit (docs/deploy/barbu-serve.service).
Through it a table is made, two people's seats play a game to its end,
one of them reconnecting half-way; the origin checks hold for the page's
origin, https://127.0.0.1:PORT; the pages' headers arrive; the log keeps
no token; a browser plays from the table page and reloads it.  The unit
is checked by ``systemd-analyze`` (systemd itself does not run here, as in
most containers: ``verify`` reads the unit as systemd would and finds any
unknown or misspelt setting, ``security --offline`` scores its hardening).
The origin checks, the headers and a seat's WebSocket are also tried
behind Caddy with the documented Caddyfile (docs/deploy/Caddyfile)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Origin

from server.helpers import Seat, ServerProcess, first_option, play_until_over
from server.page import Person
from server.proxy import (
    CADDYFILE,
    CHECKOUT,
    NGINX_SITE,
    SHARDS,
    UNIT,
    Caddy,
    Nginx,
    Proxied,
    documented_caddyfile,
    documented_site,
    fetch,
    need,
    page_headers,
    shown_tokens,
    start_proxied,
    unit_server,
)

NEW_TABLE = {"spec": "bouillabaisse", "seats": ["human", "rules", "human"], "seed": 8, "names": ["Ann", "Bo", "Cy"]}
SECURITY = ("content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy",
            "cache-control")


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    folder = tmp_path_factory.mktemp("proxy")
    (folder / "serve").mkdir()
    backend = unit_server(folder / "serve")
    running = start_proxied(folder, [backend], lambda where, https, http, cert: documented_site(
        where, https, http, cert, [backend.port]))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def caddied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    folder = tmp_path_factory.mktemp("caddy")
    (folder / "serve").mkdir()
    backend = unit_server(folder / "serve")
    running = start_proxied(folder, [backend], lambda where, https, http, cert: documented_caddyfile(
        where, https, http, backend.port, cert), Caddy)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def untrusted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    """nginx in front of a barbu serve started without --trust-proxy (a mistake)."""
    folder = tmp_path_factory.mktemp("untrusted")
    (folder / "serve").mkdir()
    backend = ServerProcess(folder / "serve" / "tables.sqlite3")
    running = start_proxied(folder, [backend], lambda where, https, http, cert: documented_site(
        where, https, http, cert, [backend.port]))
    yield running
    running.stop()


@pytest.fixture(params=["nginx", "caddy"])
def either(request: pytest.FixtureRequest) -> Proxied:
    """The server behind nginx, then behind Caddy."""
    return request.getfixturevalue("proxied" if request.param == "nginx" else "caddied")  # type: ignore[no-any-return]


def seat(proxied: Proxied, table: dict[str, Any], token: str, after: int | None = None,
         origin: str | None = None) -> Seat:
    opened = Seat(proxied.socket_base, table["table"], token, after, ssl=proxied.tls, origin=origin or proxied.base)
    assert opened.receive()["type"] == "seated"
    return opened


def test_a_game_through_the_proxy_with_a_reconnection(proxied: Proxied) -> None:
    status, _, table = fetch(proxied, "POST", "/api/tables", NEW_TABLE, page_headers(proxied))
    assert status == 201, table
    ann, cy = seat(proxied, table, table["invites"][0]), seat(proxied, table, table["invites"][2])
    keys = {0: ann.seated["key"], 2: cy.seated["key"]}  # type: ignore[index]
    answered = [0]

    def choose(who: Seat, decision: dict[str, Any]) -> Any:
        answered[0] += who is ann
        return first_option(who, decision)

    play_until_over([ann, cy], choose, stop=lambda: answered[0] >= 6)
    ann.drain()
    seen = max(ann.events)
    ann.close()
    back = seat(proxied, table, keys[0], after=seen)
    back.until(lambda s: s.view is not None)
    assert min(back.events, default=seen + 1) > seen, "nothing already received is sent again"
    play_until_over([back, cy], first_option)
    status, _, detail = fetch(proxied, "GET", f"/api/tables/{table['table']}")
    assert detail["status"] == "over" and back.over is not None and back.over["totals"] == detail["totals"]
    # The log says which addresses were asked for, and never a token.
    log = proxied.proxy.access_log()
    assert f"/ws/{table['table']} " in log and "POST /api/tables " in log, log[-2000:]
    assert not shown_tokens(log) and keys[0] not in log and table["invites"][2] not in log


def test_the_origin_checks_hold_behind_the_proxy(either: Proxied) -> None:
    """The page's origin is https://127.0.0.1:PORT: barbu serve believes the
    proxy's X-Forwarded-Proto (--trust-proxy 127.0.0.1) and takes its
    requests; every other origin, plain HTTP's on the same port included, is
    refused, on HTTP and on a seat's WebSocket."""
    tables = len(fetch(either, "GET", "/api/tables")[2]["tables"])
    status, _, table = fetch(either, "POST", "/api/tables", NEW_TABLE, page_headers(either))
    assert status == 201, table
    for origin in ("https://evil.example", f"http://127.0.0.1:{either.https_port}",
                   f"https://127.0.0.1:{either.workers[0].port}", f"https://localhost:{either.https_port}"):
        status, _, answer = fetch(either, "POST", "/api/tables", NEW_TABLE, {**page_headers(either),
                                                                              "Origin": origin})
        assert status == 403 and answer["error"]["code"] == "bad_origin", (origin, answer)
        assert either.base in answer["error"]["message"]
        with connect(f"{either.socket_base}/ws/{table['table']}?token={table['invites'][0]}", ssl=either.tls,
                     origin=Origin(origin), open_timeout=20) as socket:
            refusal = json.loads(socket.recv(timeout=20))
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=20)
        assert refusal["code"] == "bad_origin" and closed.value.rcvd is not None and closed.value.rcvd.code == 4003
    status, _, answer = fetch(either, "POST", "/api/tables", json.dumps(NEW_TABLE).encode(),
                              {"Content-Type": "text/plain", "Origin": either.base})
    assert status == 415 and answer["error"]["code"] == "bad_content_type"
    status, _, _ = fetch(either, "POST", "/api/tables", NEW_TABLE, {"Content-Type": "application/json"})
    assert status == 201  # a program: no Origin
    assert len(fetch(either, "GET", "/api/tables")[2]["tables"]) == tables + 2
    ann = seat(either, table, table["invites"][0])  # the invite was not used by the refused connections
    assert "key" in ann.seated  # type: ignore[operator]
    ann.close()


def test_the_pages_headers_arrive_through_the_proxy(either: Proxied) -> None:
    table = fetch(either, "POST", "/api/tables", NEW_TABLE, page_headers(either))[2]
    for path in ("/", table["links"][0], "/static/lobby.html", "/static/table.html", "/static/table.js",
                 "/core.js", "/api/tables"):
        status, headers, _ = fetch(either, "GET", path)
        assert status == 200, path
        for name in SECURITY:
            assert len(headers.get_all(name) or []) == 1, (path, name, headers.items())
        assert headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["strict-transport-security"].startswith("max-age=")
    # Plain HTTP is sent to https://, to the same place (Caddy's redirection names no port when its https_port
    # is set, as here: on 443 there is none to name).
    status, headers, _ = fetch(either, "GET", "/t/x?token=y", port=either.http_port)
    location = urlsplit(headers["location"])
    assert status in (301, 308) and location.scheme == "https" and location.hostname == "127.0.0.1", headers.items()
    assert location.path == "/t/x" and location.query == "token=y"
    assert location.port == (either.https_port if isinstance(either.proxy, Nginx) else None)


def test_a_person_plays_from_the_page_through_the_proxy(proxied: Proxied, browser: Any) -> None:
    """The table page over HTTPS opens its seat over WSS, plays by keys, and comes back after a reload."""
    table = fetch(proxied, "POST", "/api/tables", {**NEW_TABLE, "seats": ["human", "rules", "rules"]},
                  page_headers(proxied))[2]
    person = Person(browser, proxied.base + table["links"][0], "Ann", {"width": 1280, "height": 900},
                    ready="() => window.barbuTable && window.barbuTable.view !== null", ignore_https_errors=True)
    try:
        for _ in range(3):
            person.page.wait_for_function("""() => { const g = window.barbuTable;
                return g.decision && g.sentFor !== g.decision.id && !g.burst; }""")
            decision = person.state()["id"]
            person.play_by_keys()
            person.page.wait_for_function(f"() => window.barbuTable.lastN > 0 && (!window.barbuTable.decision "
                                          f"|| window.barbuTable.decision.id !== {decision})")
        assert person.page.evaluate("() => location.protocol + location.search").startswith("https:?token=")
        before = person.state()["lastN"]
        person.reload()
        assert person.state()["lastN"] >= before
        assert fetch(proxied, "GET", f"/api/tables/{table['table']}")[2]["seats"][0]["taken"]
        assert not person.errors, person.errors
    finally:
        person.context.close()


def test_a_proxy_not_trusted_is_named_and_the_page_says_why_it_stops(untrusted: Proxied, browser: Any) -> None:
    """Without --trust-proxy the server takes the page's https origin for
    another: its requests are refused with the option to add, and the table
    page says once, in its person's language, why the server refuses it, and
    stops trying."""
    status, _, answer = fetch(untrusted, "POST", "/api/tables", NEW_TABLE, page_headers(untrusted))
    assert status == 403 and "start barbu serve with --trust-proxy 127.0.0.1" in answer["error"]["message"], answer
    table = untrusted.workers[0].post("/api/tables", NEW_TABLE)
    person = Person(browser, untrusted.base + table["links"][0], "Ann", {"width": 1280, "height": 900},
                    locale="fr-FR", ready="() => window.barbuTable && window.barbuTable.closedForGood",
                    ignore_https_errors=True)
    try:
        words = untrusted.workers[0].get("/api/words/fr")["words"]["error.bad_origin"]
        heard = person.transcript()
        assert [line for line in heard if words in line] == [heard[-1]], heard
        person.page.wait_for_timeout(1500)
        assert person.transcript() == heard and not person.errors, person.errors
        assert not untrusted.workers[0].get(f"/api/tables/{table['table']}")["seats"][0]["taken"]
    finally:
        person.context.close()


def test_the_systemd_unit_reads_and_is_hardened(tmp_path: Path) -> None:
    """docs/deploy/barbu-serve.service as systemd reads it (its program made
    this test's barbu, which must exist for ``verify``): no unknown setting,
    no warning, and an exposure of at most 2.0 ("OK") by ``systemd-analyze
    security``."""
    analyze = need("systemd-analyze")["systemd-analyze"]
    barbu = Path(sys.executable).with_name("barbu")
    assert barbu.exists(), f"{barbu}: the barbu command of this environment (pip install '.[test]')"
    text = UNIT.read_text(encoding="utf-8")
    assert text.count("/opt/barbu/bin/barbu ") == 1
    unit = tmp_path / UNIT.name
    unit.write_text(text.replace("/opt/barbu/bin/barbu ", f"{barbu} "), encoding="utf-8")
    verify = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=120)
    assert verify.returncode == 0 and not verify.stdout.strip() and not verify.stderr.strip(), verify
    security = subprocess.run([analyze, "security", "--offline=true", "--threshold=20", str(unit)],
                              capture_output=True, text=True, timeout=120)
    assert security.returncode == 0, security.stdout[-3000:] + security.stderr
    for setting in ("NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes", "DynamicUser=yes",
                    "User=barbu", "StateDirectory=barbu", "Restart=on-failure"):
        assert f"\n{setting}\n" in text, setting


def test_the_docs_show_the_files_that_are_tried() -> None:
    """docs/server.md shows each file of docs/deploy/ as it is, in a block of its own."""
    text = (CHECKOUT / "docs" / "server.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```$", text, re.DOTALL | re.MULTILINE)
    for path in (NGINX_SITE, UNIT, CADDYFILE, SHARDS):
        assert path.read_text(encoding="utf-8") in blocks, f"docs/server.md does not show {path.name} as it is"
