"""Invite and owner tokens, and table ids.

A token is 32 random bytes from :mod:`secrets` written URL-safe (43
characters): it cannot be guessed, and a table id tells nothing about it.
Tokens are compared with :func:`hmac.compare_digest`, whose time does not
depend on how much of a wrong token matches.
"""

from __future__ import annotations

import hmac
import secrets

TOKEN_BYTES = 32
"""Random bytes in a token."""

ID_BYTES = 6
"""Random bytes in a table id (public: it is listed, and names the table in addresses)."""


def new_token() -> str:
    """A fresh invite or owner token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id(prefix: str = "") -> str:
    """A fresh table id (8 URL-safe characters), beginning with ``prefix``
    (a shard's mark: :mod:`.shards`)."""
    return prefix + secrets.token_urlsafe(ID_BYTES)[len(prefix):]


def same_token(given: object, expected: str | None) -> bool:
    """Whether ``given`` is the token ``expected``, compared in constant time
    (``False`` for anything that is not a string, and when there is none)."""
    if expected is None or not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8"))


__all__ = ["ID_BYTES", "TOKEN_BYTES", "new_table_id", "new_token", "same_token"]
