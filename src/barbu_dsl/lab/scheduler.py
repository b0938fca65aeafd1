"""Is a Dask scheduler there?  Asked before Dask itself connects.

A Dask scheduler greets every new connection first, with a small handshake
message whose length comes first, as 8 bytes.  Dask's client trusts what
it reads: a service that says nothing (a web server waiting for a
request) keeps it waiting for ever, and one that says something else (an
SSH server's ``SSH-2.0-...``) has its first bytes read as a length of
exabytes that Dask then tries to allocate.  :func:`check_scheduler` opens
a plain connection, waits a bounded time for the greeting and checks that
its length is one a handshake can have, so that ``--scheduler`` at
anything but a Dask scheduler is one message, in bounded time.
"""

from __future__ import annotations

import socket
import struct

from ..errors import UsageError

GREETING_BYTES = 1024 * 1024
"""The most a scheduler's handshake can be (a few hundred bytes in practice)."""


def check_scheduler(address: str, seconds: float) -> None:
    """Raise :class:`UsageError` unless a Dask scheduler greets a TCP
    connection to ``address`` within ``seconds``.  Addresses of other
    transports (``tls://``, ``ucx://``, ``inproc://``) and those Dask reads
    differently are left to Dask."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        return
    if scheme != "tcp":
        return
    try:
        with socket.create_connection((host, port), timeout=seconds) as connection:
            length = _first_bytes(connection, 8)
    except TimeoutError:
        raise UsageError(f"the Dask scheduler at {address} did not answer within {seconds:g} s "
                         "(is it a Dask scheduler?)") from None
    except OSError as error:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    if len(length) < 8:
        raise UsageError(f"{address} closed the connection without greeting as a Dask scheduler does")
    (size,) = struct.unpack("Q", length)  # Dask's own byte order
    if not 0 < size <= GREETING_BYTES:
        raise UsageError(f"{address} is not a Dask scheduler: it answered something else")


def _first_bytes(connection: socket.socket, count: int) -> bytes:
    """Up to ``count`` bytes, fewer if the other side closes first."""
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            break
        data += chunk
    return data


__all__ = ["GREETING_BYTES", "check_scheduler"]
