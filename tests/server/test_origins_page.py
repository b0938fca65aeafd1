"""Another site's page in a real browser (Debian's Chromium) against
``barbu serve`` (docs/server.md, "On an open address"): a page served by
a small server of the test on another loopback port (another origin)
tries what a page anywhere on the web could — a ``fetch`` that makes a
table with a ``text/plain`` body (sent without asking first), the same
with ``application/json`` (asked first: a CORS preflight), a form posted
to the API, and a WebSocket to a seat with its invite — and nothing is
made, nothing claimed.  The server's own lobby and table pages still make
and open tables; with ``--allow-origin`` the other site's page may."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from server.helpers import ServerProcess, free_port

NEW_TABLE = {"spec": "tournament", "seats": ["human", "human", "rules", "rules"], "seed": 2}

ANOTHER_SITE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><h1>Another site</h1><iframe name="sink" title="sink"></iframe></body></html>"""

ATTEMPTS = """async ({base, socket, body}) => {
  const out = {};
  const attempt = async (name, options) => {
    try {
      const response = await fetch(base + "/api/tables", {method: "POST", body, ...options});
      out[name] = {status: response.status, body: options.mode === "no-cors" ? null : await response.json()};
    } catch (error) { out[name] = {failed: String(error)}; }
  };
  await attempt("plain", {headers: {"Content-Type": "text/plain"}});
  await attempt("opaque", {mode: "no-cors", headers: {"Content-Type": "text/plain"}});
  await attempt("json", {headers: {"Content-Type": "application/json"}});
  out.socket = await new Promise((resolve) => {
    const ws = new WebSocket(socket);
    const messages = [];
    ws.onmessage = (message) => messages.push(JSON.parse(message.data));
    ws.onclose = (event) => resolve({code: event.code, messages});
    setTimeout(() => { resolve({code: "still open", messages}); ws.close(); }, 10000);
  });
  return out;
}"""
"""What another site's page tries: each fetch's status and answer (or how it failed), the seat's messages."""

FORM = """({action, body}) => {
  const form = document.createElement("form");
  Object.assign(form, {method: "POST", action, enctype: "text/plain", target: "sink"});
  const input = document.createElement("input");
  const text = JSON.stringify(body);  // text/plain posts NAME=VALUE: the JSON is cut at a "=" of a string
  Object.assign(input, {type: "hidden", name: text.slice(0, -1) + ', "x": "', value: '"}'});
  form.append(input);
  document.body.append(form);
  form.submit();
}"""
"""A form that posts a table's JSON as text/plain, the classic way past a JSON API without scripts."""


@pytest.fixture(scope="module")
def another_site() -> Iterator[str]:
    """A web site of its own on another loopback port: one page."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 -- http.server's name
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(ANOTHER_SITE)))
            self.end_headers()
            self.wfile.write(ANOTHER_SITE)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}"
    site.shutdown()
    site.server_close()


def visit(browser: Any, url: str) -> tuple[Any, Any, list[tuple[str, str, Any]]]:
    """A browser context with a page at ``url``, and what that page sends and is answered as the
    browser reports it: each request (method, address, ``"sent"``) and each answer (its status)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    seen: list[tuple[str, str, Any]] = []
    page.on("request", lambda request: seen.append((request.method, request.url, "sent")))
    page.on("response", lambda response: seen.append((response.request.method, response.url, response.status)))
    page.goto(url)
    return context, page, seen


def test_another_sites_page_makes_nothing_and_sits_nowhere(server: ServerProcess, browser: Any,
                                                            another_site: str) -> None:
    table = server.post("/api/tables", NEW_TABLE)
    tables = len(server.get("/api/tables")["tables"])
    context, page, seen = visit(browser, another_site + "/")
    socket = f"ws://127.0.0.1:{server.port}/ws/{table['table']}?token={table['invites'][0]}"
    out = page.evaluate(ATTEMPTS, {"base": server.base, "socket": socket, "body": json.dumps(NEW_TABLE)})
    # text/plain is sent without asking: the browser keeps the answer from the page (an opaque one in
    # no-cors mode), and the server refused it (403: the browser saw it); application/json is asked
    # first (OPTIONS), which the server does not allow.
    assert "failed" in out["plain"] and out["opaque"]["status"] == 0 and "failed" in out["json"], out
    assert ("POST", server.base + "/api/tables", 403) in seen, seen
    with page.expect_response(lambda response: response.request.method == "POST") as posted:
        page.evaluate(FORM, {"action": server.base + "/api/tables", "body": NEW_TABLE})
    assert posted.value.status == 403
    # The seat's invite: refused as a link is, and the seat is not claimed.
    assert out["socket"]["code"] == 4003, out
    assert [m["type"] for m in out["socket"]["messages"]] == ["error"]
    assert out["socket"]["messages"][0]["code"] == "bad_origin"
    assert len(server.get("/api/tables")["tables"]) == tables
    assert not any(seat["taken"] for seat in server.get(f"/api/tables/{table['table']}")["seats"])
    context.close()


def test_the_servers_own_lobby_and_table_pages_still_work(server: ServerProcess, browser: Any) -> None:
    tables = len(server.get("/api/tables")["tables"])
    context, page, seen = visit(browser, server.base + "/")
    page.wait_for_function("() => document.body.dataset.language === 'en'")
    page.select_option("#spec", "tournament")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "rules")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_function("() => window.barbuTable && window.barbuTable.view !== null")
    made = server.get("/api/tables")["tables"]
    assert len(made) == tables + 1 and made[-1]["seats"][0]["taken"], made[-1]
    assert ("POST", server.base + "/api/tables", 201) in seen
    context.close()


@pytest.fixture(scope="module")
def allowing(tmp_path_factory: pytest.TempPathFactory, another_site: str) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("allowing") / "tables.sqlite3",
                            options=("--allow-origin", another_site))
    yield process.start()
    process.stop()


def test_an_allowed_sites_page_makes_a_table_and_sits(allowing: ServerProcess, browser: Any,
                                                      another_site: str) -> None:
    """``barbu serve --allow-origin ORIGIN``: a page served elsewhere (a club's own site) uses the API."""
    context, page, _ = visit(browser, another_site + "/")
    out = page.evaluate("""async ({base, body}) => {
        const response = await fetch(base + "/api/tables", {method: "POST", body,
                                                             headers: {"Content-Type": "application/json"}});
        return {status: response.status, table: await response.json()};
    }""", {"base": allowing.base, "body": json.dumps(NEW_TABLE)})
    assert out["status"] == 201, out
    table = out["table"]
    socket = f"ws://127.0.0.1:{allowing.port}/ws/{table['table']}?token={table['invites'][0]}"
    seated = page.evaluate("""(socket) => new Promise((resolve) => {
        const ws = new WebSocket(socket);
        ws.onmessage = (message) => { resolve(JSON.parse(message.data)); ws.close(); };
        ws.onclose = (event) => resolve({closed: event.code});
    })""", socket)
    assert seated["type"] == "seated" and "key" in seated, seated
    assert allowing.get(f"/api/tables/{table['table']}")["seats"][0]["taken"]
    context.close()
