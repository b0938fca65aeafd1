"""Each seat has a name of its own, to the eye too (docs/server.md, names):
two names that differ only in case, or in letters of another script that
look the same (Unicode Technical Standard #39, the confusables skeleton),
are one name — at the lobby and when a seat renames itself."""

from __future__ import annotations

import pytest

from barbu_dsl.server.names import alike, skeleton, taken_by
from server.helpers import ServerProcess


@pytest.mark.parametrize(("one", "other"), [
    ("Anna", "Аnna"),      # Cyrillic а (U+0410)
    ("Pedro", "Реdrо"),    # Cyrillic Р, е, о
    ("OLGA", "ΟLGA"),      # Greek capital omicron
    ("Bob", "B0b"),        # a zero for an o
    ("Ivo", "lvo"),        # a small L for a capital i
    ("Anna", "ＡＮＮＡ"),   # full-width letters (NFKC)
    ("Anna", "anna"),      # case
    ("Ana  Rita", "Ana Rita"),
])
def test_look_alikes_are_one_name(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)
    assert taken_by(other, ["Zoe", one]) == one


@pytest.mark.parametrize(("one", "other"), [("Carla", "Caria"), ("José", "Jose"), ("Ann", "Anne"), ("Иван", "Ivan")])
def test_different_names_stay_different(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)
    assert alike([one, other]) is None


def test_the_lobby_refuses_names_that_look_alike(server: ServerProcess) -> None:
    """The second seat's Anna is written with a Cyrillic а: refused, saying
    which two names, in the page's language."""
    body = {"spec": "tournament", "seats": ["human"] * 4, "names": ["Anna", "Bruno", "\u0410nna", "Dario"]}
    status, data = server.request("POST", "/api/tables", {**body, "lang": "en"})
    assert status == 400 and data["error"]["code"] == "bad_request"
    assert data["error"]["message"] == "'Anna' and '\u0410nna' look alike: every seat has a name of its own"
    status, data = server.request("POST", "/api/tables", {**body, "lang": "fr"})
    assert status == 400 and "se ressemblent" in data["error"]["message"]


def test_a_seat_may_not_take_another_seats_name(server: ServerProcess) -> None:
    """A ``name`` message with another seat's name, in another case or with
    look-alike letters, is ``bad_name`` (reason ``taken``) and changes
    nothing; a name of its own is taken."""
    table = server.post("/api/tables", {"spec": "tournament", "seats": ["human", "human", "rules", "rules"],
                                        "names": ["Ann", "Bob", "Cy", "Di"]})
    bob = server.seat(table, 1)
    bob.until(lambda s: any(m["type"] == "table" for m in s.messages))
    for name in ("Ann", "ANN", "\u0410nn", "Cy", "C\u0443"):  # Cyrillic А; Cyrillic у for y
        before = len(bob.errors)
        bob.send({"type": "name", "name": name})
        bob.until(lambda s, before=before: len(s.errors) > before, timeout=20)
        error = bob.errors[-1]
        assert error["code"] == "bad_name" and error["reason"] == "taken" and "taken" in error["message"], error
    names = [seat["name"] for seat in server.get(f"/api/tables/{table['table']}")["seats"]]
    assert names == ["Ann", "Bob", "Cy", "Di"]
    bob.send({"type": "name", "name": "Bobby"})
    bob.until(lambda s: any(m["type"] == "table" and m["seats"][1]["name"] == "Bobby" for m in s.messages))
    bob.close()
