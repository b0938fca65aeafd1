"""What ``barbu serve`` checks before a request reaches a table, and the
headers every answer carries (docs/server.md, "On an open address").

A browser sends a request that another site's page makes with the
visitor's own address and network: without a check, any page on the web
could make its visitors' browsers create tables on a club's server, or on
the server someone runs on 127.0.0.1.  A browser says which page made a
request in its ``Origin`` header, which a page cannot forge, so:

- a request that changes something (any method but GET, HEAD and OPTIONS)
  and names an origin other than the server's own, or one allowed with
  ``--allow-origin``, is refused: ``403 bad_origin``; a request that
  names none (curl, ``barbu join``, a program) is not a browser's page's
  and goes on;
- a seat's WebSocket that names another origin is refused as every link
  the server refuses is (table.md, docs/server.md): accepted, sent one
  ``error`` (``bad_origin``) and closed with 4003, so that the page says
  why and stops trying, instead of retrying a handshake refused with 403,
  which a page cannot tell from a server it cannot reach;
- a request's body is JSON declared as such (``Content-Type:
  application/json``, a ``charset=utf-8`` allowed), else ``415
  bad_content_type``: the content types a page may send elsewhere without
  asking first (``text/plain``, a form's) are never read as JSON;
- every answer, page, file or JSON, carries :data:`SECURITY_HEADERS`: it
  may not be framed by another site, nor its type guessed, nor kept in a
  cache (a page's address holds its seat's token).

The server's own origin is the scheme and host a request came to: the
connection's, or, from a proxy trusted with ``--trust-proxy``, the
``X-Forwarded-Proto`` (and ``X-Forwarded-Host``) it adds.  Inside these
checks uvicorn's :class:`ProxyHeadersMiddleware` gives the app the client's
address and scheme from the same trusted proxies.  The origins given with
``--allow-origin`` may also use the API from their pages (CORS: their
requests' answers may be read, and their preflight requests are answered).
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from .network import WIRE_SEND
from .protocol import REFUSED, Refusal

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that do not read it
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a page's address holds its seat's token
    "Cache-Control": "no-store",
}
"""The headers of every answer of the server."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing, whatever their origin."""

DEFAULT_PORTS = {"http": 80, "https": 443}
"""The schemes of an origin, and the port each means when none is written."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def read_origin(text: str) -> str | None:
    """``text`` as an origin, ``scheme://host[:port]`` in lower case without
    the scheme's default port; None when it is not an http(s) origin."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme.lower() not in DEFAULT_PORTS or not parts.hostname or parts.username is not None \
            or parts.password is not None or parts.path or parts.query or parts.fragment:
        return None
    scheme, host = parts.scheme.lower(), parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" if port in (None, DEFAULT_PORTS[scheme]) else f"{scheme}://{host}:{port}"


def read_network(text: str) -> Network | None:
    """``text`` as an address or a network of addresses (``10.0.0.0/8``); None when it is neither."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        return None


class Guard:
    """The checks above, as ASGI middleware around the server's app.

    ``allow_origins`` are origins as :func:`read_origin` writes them;
    ``proxies`` the networks whose ``X-Forwarded-*`` headers are believed."""

    def __init__(self, app: Any, allow_origins: Iterable[str] = (), proxies: Iterable[Network] = ()):
        self.app = app
        self.allow_origins = frozenset(allow_origins)
        self.proxies = tuple(proxies)
        self.headers = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                        for name, value in SECURITY_HEADERS.items()]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            refusal = self._refusal(scope)
            if refusal is not None:
                await self._refuse(send, *refusal)
                return
            await self.app(scope, receive, self._with_headers(send))
        elif scope["type"] == "websocket" and self._foreign(scope):
            await self._refuse_socket(scope, receive, send)
        else:
            if scope["type"] == "websocket":
                scope[WIRE_SEND] = send  # the app's way to its connection (network.Wire)
            await self.app(scope, receive, send)

    def own_origin(self, scope: dict[str, Any]) -> str | None:
        """The origin a request came to: its scheme and ``Host``, or a trusted proxy's ``X-Forwarded-*``."""
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        host = _header(scope, b"host")
        if self._from_proxy(scope):
            forwarded = (_header(scope, b"x-forwarded-proto") or "").split(",")[0].strip().lower()
            if forwarded in ("http", "https", "ws", "wss"):
                scheme = "https" if forwarded in ("https", "wss") else "http"
            host = (_header(scope, b"x-forwarded-host") or "").split(",")[0].strip() or host
        return read_origin(f"{scheme}://{host}") if host else None

    def _from_proxy(self, scope: dict[str, Any]) -> bool:
        client = scope.get("client")
        try:
            address = ipaddress.ip_address(client[0]) if client else None
        except ValueError:
            return False
        return address is not None and any(address in network for network in self.proxies)

    def _foreign(self, scope: dict[str, Any]) -> str | None:
        """The origin a request names when it is neither the server's own nor an allowed one."""
        origin = _header(scope, b"origin")
        if origin is None:
            return None
        named = read_origin(origin)
        if named is not None and (named in self.allow_origins or named == self.own_origin(scope)):
            return None
        return origin

    def _refusal(self, scope: dict[str, Any]) -> tuple[int, str, str] | None:
        """Why an HTTP request is refused (status, code, message), or None."""
        if scope["method"] in SAFE_METHODS:
            return None
        foreign = self._foreign(scope)
        if foreign is not None:
            return 403, "bad_origin", self._origin_message(scope, foreign)
        declared = _header(scope, b"content-type")
        has_body = _header(scope, b"transfer-encoding") is not None or _header(scope, b"content-length") not in (None,
                                                                                                                "0")
        if (has_body or declared is not None) and not is_json_type(declared or ""):
            return 415, "bad_content_type", "a request's body is JSON, sent with Content-Type: application/json"
        return None

    def _origin_message(self, scope: dict[str, Any], origin: str) -> str:
        own = self.own_origin(scope) or "unknown: the request has no Host"
        message = (f"this server takes requests that change something only from its own pages ({own}) and from "
                   f"the origins given with barbu serve --allow-origin, not from {origin[:200]}")
        if _header(scope, b"x-forwarded-proto") is not None and not self._from_proxy(scope):
            client = scope.get("client") or ("?",)
            message += f"; a proxy at {client[0]} is not trusted: start barbu serve with --trust-proxy {client[0]}"
        return message

    async def _refuse(self, send: Any, status: int, code: str, message: str) -> None:
        body = json.dumps({"error": {"code": code, "message": message}}, ensure_ascii=False).encode("utf-8")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), *self.headers]})
        await send({"type": "http.response.body", "body": body})

    async def _refuse_socket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if (await receive())["type"] != "websocket.connect":
            return
        refusal = Refusal("bad_origin", self._origin_message(scope, self._foreign(scope) or ""))
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(refusal.to_json(), ensure_ascii=False)})
        await send({"type": "websocket.close", "code": REFUSED, "reason": "bad_origin"})

    def _with_headers(self, send: Any) -> Any:
        ours = {name for name, _ in self.headers}

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                kept = [(name, value) for name, value in message.get("headers", []) if name.lower() not in ours]
                message = {**message, "headers": [*kept, *self.headers]}
            await send(message)
        return sending


def is_json_type(value: str) -> bool:
    """Whether a ``Content-Type`` is JSON: ``application/json``, with at most a ``charset=utf-8``."""
    kind, *parameters = value.split(";")
    if kind.strip().lower() != "application/json":
        return False
    for parameter in parameters:
        name, _, given = parameter.partition("=")
        if name.strip().lower() != "charset" or given.strip().strip('"').lower() not in ("utf-8", "utf8"):
            return False
    return True


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    """The first value of a request's header, or None."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def guarded(app: Any, allow_origins: Iterable[str] = (), proxies: Iterable[Network] = ()) -> Any:
    """``app`` behind the :class:`Guard`, with uvicorn's proxy headers from
    ``proxies`` and, when origins are allowed, CORS for them."""
    from starlette.middleware.cors import CORSMiddleware
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    origins, networks = sorted(set(allow_origins)), list(proxies)
    inner = app
    if networks:
        inner = ProxyHeadersMiddleware(inner, trusted_hosts=[str(net) for net in networks])
    if origins:
        inner = CORSMiddleware(inner, allow_origins=origins, allow_methods=["GET", "POST"],
                               allow_headers=["Content-Type", "Authorization"], max_age=600)
    return Guard(inner, origins, networks)


__all__ = ["SAFE_METHODS", "SECURITY_HEADERS", "Guard", "guarded", "is_json_type", "read_network", "read_origin"]
