"""Running the table server: the database read back, the socket bound, uvicorn.

The socket is bound here, before uvicorn starts, so that an address in
use or a bad host is one message (exit 2) and ``--port 0`` can say which
port it got; so are the origins allowed and the proxies trusted read
(:mod:`.guard`, which the app runs behind).  The first line on standard
output says where the server listens; after it, only problems are logged
(standard error), each kind once a minute with a count (:mod:`.logs`).
Every connection passes the gate of :mod:`.network`: a bound on how many,
and on how long a request may take to arrive.
"""

from __future__ import annotations

import gc
import ipaddress
import logging
import socket
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..files import os_reason
from .guard import Network, read_network, read_origin
from .shards import Shard, read_shard

if TYPE_CHECKING:
    from .app import Server


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; UsageError when that cannot be."""
    if not 0 <= port <= 65535:
        raise UsageError(f"--port is from 0 to 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        raise UsageError(f"cannot listen on '{host}': {error}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {os_reason(error)}") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_origins(given: Iterable[str]) -> list[str]:
    """The ``--allow-origin`` values as origins; UsageError for one that is not."""
    origins = []
    for text in given:
        origin = read_origin(text)
        if origin is None:
            raise UsageError(f"--allow-origin takes an origin, a scheme and a host such as https://club.example.org "
                             f"(no path), not '{text}'")
        origins.append(origin)
    return origins


def read_proxies(given: Iterable[str]) -> list[Network]:
    """The ``--trust-proxy`` values as networks; UsageError for one that is not."""
    networks = []
    for text in given:
        network = read_network(text)
        if network is None:
            raise UsageError(f"--trust-proxy takes an address or a network such as 127.0.0.1 or 10.0.0.0/8, "
                             f"not '{text}'")
        networks.append(network)
    return networks


def read_shard_option(text: str | None) -> Shard | None:
    """The ``--shard`` value; UsageError when it is not K/N."""
    if text is None:
        return None
    try:
        return read_shard(text)
    except ValueError as error:
        raise UsageError(str(error)) from None


def run(host: str, port: int, db: Path | None, allow_origins: Iterable[str] = (),
        trust_proxies: Iterable[str] = (), shard: str | None = None) -> None:
    """``barbu serve``: serve until interrupted."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from ..limits import TABLE_MESSAGE_BYTES
    from .app import Server, build_app
    from .guard import guarded
    from .logs import OncePerKind
    from .network import Gate, connection_bound, raise_file_limit
    from .store import TableStore, default_path

    origins, proxies = read_origins(allow_origins), read_proxies(trust_proxies)
    sharded = read_shard_option(shard)

    logging.basicConfig(level=logging.WARNING, format="barbu serve: %(message)s", stream=sys.stderr)
    for handler in logging.getLogger().handlers:  # one line a kind of failure a minute, not one a failure
        OncePerKind().attach(handler)
    gate = Gate(connection_bound(raise_file_limit()))
    path = db if db is not None else default_path()
    store = TableStore(path)
    server = Server(store, sharded)
    server.load()
    tune_collector()
    sock = bind(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    of_shard = f" (shard {sharded})" if sharded else ""
    print(f"barbu serve: http://{shown}:{bound}/ — {len(server.tables)} tables in {path}{of_shard}", flush=True)
    _warn(server, path, host)
    app = guarded(build_app(server), origins, proxies)
    # No permessage-deflate: a table's messages are a few hundred bytes, and compressing each one cost a
    # tenth of the server's time an answer (benchmarks/RESULTS.md, "The table server under load").
    # Every connection goes through the gate (network.py: how many, and how long a request may take), in
    # front of uvicorn's h11 protocol, whose state its clocks read (always h11, even where httptools is
    # installed); uvicorn's loggers go to the one handler above (log_config=None), counted by kind; the
    # forwarded addresses are guard.py's (--trust-proxy), not uvicorn's.  The event loop is uvloop's where
    # it is installed (a dependency, but not on Windows), else asyncio's: uvicorn's "auto".
    config = uvicorn.Config(app, log_level="warning", ws_max_size=TABLE_MESSAGE_BYTES, ws_ping_interval=20,
                            ws_ping_timeout=20, ws_per_message_deflate=False, timeout_graceful_shutdown=2,
                            proxy_headers=False, http=gate.protocol(H11Protocol), log_config=None)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # a second Ctrl-C while shutting down
        pass
    finally:
        store.close()
    print(f"barbu serve: stopped; every table is kept in {path}", flush=True)


COLLECTOR_THRESHOLDS = (50_000, 20, 100)
"""Python's cyclic garbage collector, as the server runs it: a young collection every 50,000 new
objects (Python's default: 700), a middle one every 20 of those, a full one every 100 middle ones."""


def tune_collector() -> None:
    """Run Python's cyclic garbage collector for a server that holds many
    tables: what was read back at the start (and the modules, the specs) is
    frozen out of every later collection, and collections are rarer.

    An answer makes many short-lived objects (its messages) and almost no
    cycles; with Python's thresholds, the collector ran every few answers,
    and a full collection over a thousand tables' objects held every table
    still for 30 to 130 ms.  With 1,000 tables at human pace, p99 went from
    372 to 6.5 ms, and the CPU an answer by a quarter (benchmarks/RESULTS.md,
    "The table server on one core").  The price: a table read back at the
    start and removed later keeps whatever reference cycles it had until
    the process ends (at most the tables of one start; refcounting frees
    the rest as ever)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _warn(server: Server, path: Path, host: str) -> None:
    """What the person starting the server should know: tables that cannot be
    read back, or that the proxy sends elsewhere; an address beyond this computer."""
    if server.unread:
        print(f"barbu serve: {len(server.unread)} tables in {path} could not be read back: "
              f"{', '.join(server.unread)}", file=sys.stderr, flush=True)
    shard = server.shard
    elsewhere = [table for table in server.tables if shard is not None and not shard.holds(table)]
    if shard is not None and elsewhere:
        print(f"barbu serve: {len(elsewhere)} tables in {path} are not of shard {shard} (their ids do not begin "
              f"with {shard.mark}): a proxy that routes by shard sends their addresses to other workers: "
              f"{', '.join(elsewhere[:10])}", file=sys.stderr, flush=True)
    if not is_loopback(host):
        print("barbu serve: listening beyond this computer; for a public server put a proxy with TLS (https) in "
              "front of it (docs/online.md, 'A club's public server')", file=sys.stderr, flush=True)


__all__ = ["bind", "is_loopback", "read_origins", "read_proxies", "read_shard_option", "run"]
