"""The messages of the table protocol (docs/table.md; the server's
additions in docs/server.md), read within bounds.

Every message is one JSON object with a ``type``.  What a seat sends is
read by :func:`read_message`: at most
:data:`~barbu_dsl.limits.TABLE_MESSAGE_BYTES`, JSON within the project's
bounds (:mod:`barbu_dsl.bounded_json`), a known type with fields of the
right types; anything else is a :class:`Refusal` that the seat is sent as
an ``error`` message, and nothing changes.
"""

from __future__ import annotations

from typing import Any

import orjson

from ..bounded_json import loads
from ..limits import NAME_CHARACTERS, TABLE_MESSAGE_BYTES
from ..safe_text import for_terminal

PROTOCOL = "barbu-table 2"

ERRORS = {
    "bad_message": "the message is not one the table protocol knows",
    "not_started": "the game has not started: it waits for every person to sit down, or for its owner",
    "paused": "the table is paused by its owner",
    "over": "the game is over",
    "stale": "that decision has already been made",
    "not_your_turn": "the decision pending is another seat's",
    "not_an_option": "that answer is not one of the decision's options",
    "not_saved": "the server could not save the answer: it was not made",
    "bad_name": f"a name is one line of 1 to {NAME_CHARACTERS} characters, none of them control characters",
    "no_table": "there is no such table on this server",
    "not_a_seat": "this link is not a seat of this table",
    "claimed": "this invitation has already been used to sit at its seat: open the seat with the seat's own link "
               "(the page and barbu join keep it), or ask the table's owner to free the seat",
    "freed": "the table's owner has freed this seat; ask them for a new invitation to sit again",
    "not_owner": "this link is not the owner's of this table",
    "bad_origin": "this server takes connections only from its own pages and the origins it allows",
    "removed": "the table has been removed, by its owner or the server's operator: it is gone",
    "too_fast": "too fast: wait, then try again",
    "too_many": "too many connections from this address",
}
"""Each error code a seat may be sent, with what it means in English
(the page says it in the player's language)."""


REFUSED = 4003
"""The close code of a connection refused for its link (``no_table``, ``not_a_seat``, ``claimed``,
``not_owner``; ``bad_origin``, a page of another site): the link will not open the seat, however often it is tried."""

TAKEN_OVER = 4000
"""The close code of a seat's connection when another connection takes the seat."""

FREED = 4001
"""The close code of a seat's connection when the owner frees the seat (``freed``)."""

REMOVED = 4004
"""The close code of every connection of a table that is removed (``removed``): it is gone."""

NOT_NOW = 1013
"""The close code of a connection the server could not take now (``not_saved``): try again later."""


class Refusal(Exception):
    """A message or answer the table refuses: ``code`` (one of
    :data:`ERRORS`), a message in English, and ``fields`` the error message
    adds (``reason``: which of a code's refusals it is, for the page to say
    in its person's language; ``retry_after``: the seconds to wait)."""

    def __init__(self, code: str, message: str | None = None, **fields: Any):
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.fields = fields

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.fields}


def message_text(message: dict[str, Any]) -> str:
    """A message to a seat or an owner as the JSON text its WebSocket sends:
    UTF-8 as it is (not escaped), made by orjson — an answer sends about ten
    messages, and json's encoder took a tenth of the server's time an answer
    (benchmarks/RESULTS.md)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode("utf-8")


def read_message(text: str | bytes) -> dict[str, Any]:
    """A seat's message, checked: ``answer`` (``id``, ``answer``),
    ``resume`` (``after``) or ``name`` (``name``)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal("bad_message", "a message is UTF-8 JSON text") from None
    if len(text.encode("utf-8", "surrogatepass")) > TABLE_MESSAGE_BYTES:
        raise Refusal("bad_message", f"a message is at most {TABLE_MESSAGE_BYTES} bytes")
    try:
        data = loads(text)
    except ValueError as error:
        raise Refusal("bad_message", f"a message is one JSON object: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refusal("bad_message", "a message is a JSON object with a \"type\"")
    kind = data["type"]
    if kind == "answer":
        if not _whole(data.get("id")) or "answer" not in data:
            raise Refusal("bad_message", "an answer has the decision's \"id\" and an \"answer\"")
        answer = data["answer"]
        if not (isinstance(answer, str) or (isinstance(answer, list) and all(_whole(x) for x in answer))):
            raise Refusal("not_an_option", "an answer is a text (a contract, a suit, a rank, a card or \"pass\") "
                                           "or a list of seats")
        return data
    if kind == "resume":
        if not _whole(data.get("after")):
            raise Refusal("bad_message", "resume has \"after\": the number of the last event received")
        return data
    if kind == "name":
        data["name"] = check_name(data.get("name"))
        return data
    raise Refusal("bad_message", f"no message has the type {kind[:40]!r} (answer, resume, name)")


def name_taken(name: str, other: str) -> Refusal:
    """``bad_name`` for a name another seat of the table has, or looks like (:mod:`.names`)."""
    same = "has" if name.casefold() == other.casefold() else f"looks like '{other}', which has"
    return Refusal("bad_name", f"the name '{name}' is taken: {same} a seat of this table", reason="taken")


def check_name(name: Any) -> str:
    """A player's name: one line of text, trimmed, 1 to
    :data:`~barbu_dsl.limits.NAME_CHARACTERS` characters, no control or
    format characters; :class:`Refusal` (``bad_name``) for anything else."""
    if not isinstance(name, str):
        raise Refusal("bad_name")
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_CHARACTERS or for_terminal(name, one_line=True) != name:
        raise Refusal("bad_name")
    return name


MISSING = object()


def view_changes(old: dict[str, Any], new: dict[str, Any], path: tuple[str, ...] = (),
                 memo: dict[Any, list[list[Any]]] | None = None) -> list[list[Any]]:
    """What changed from the view ``old`` to ``new`` (docs/server.md,
    ``view_changes``): ``[path, value]`` pairs, a path being the keys from
    the top; an object whose keys are the same on both sides is compared
    member by member; a list that only grew (the old one a prefix of the
    new: the tricks, the plays) is sent its new items, each at its index
    (the list's length when it is added); anything else is replaced whole.
    ``memo`` keeps the changes between two objects met again (the hand on
    the table, which every seat's view shares): one comparison for all the
    seats."""
    found: list[list[Any]] = []
    for key, value in new.items():
        before = old.get(key, MISSING)
        if before is value or before == value:  # most of a view is as it was: compared whole, in C, first
            continue
        if isinstance(value, dict) and isinstance(before, dict) and before.keys() == value.keys():
            where = (*path, key)
            if memo is None:
                found.extend(view_changes(before, value, where))
                continue
            seen = (where, id(before), id(value))
            if seen not in memo:
                memo[seen] = view_changes(before, value, where, memo)
            found.extend(memo[seen])
        elif type(value) is list and type(before) is list and 0 < len(before) < len(value) \
                and value[:len(before)] == before:
            found.extend([[*path, key, index], value[index]] for index in range(len(before), len(value)))
        else:
            found.append([[*path, key], value])
    return found


def apply_view_changes(view: dict[str, Any], changes: list[list[Any]]) -> dict[str, Any]:
    """``view`` with ``changes`` (:func:`view_changes`) made to it, in place; returned."""
    for path, value in changes:
        node = view
        for key in path[:-1]:
            node = node[key]
        last = path[-1]
        if type(node) is list and last == len(node):
            node.append(value)  # a list's new item
        else:
            node[last] = value
    return view


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


__all__ = ["ERRORS", "FREED", "NOT_NOW", "PROTOCOL", "REFUSED", "REMOVED", "TAKEN_OVER", "Refusal", "message_text",
           "apply_view_changes", "check_name", "name_taken", "read_message", "view_changes"]
