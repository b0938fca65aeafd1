"""Every clause of the rules language, run by every executor of a hand's score.

``clauses.yaml`` holds one row per kind of clause (docs/rules.md sections
1, 2 and 6): a contract, a hand played under it, the facts a scorer enters
for that hand and its raw scores, with the reasons.  Each executor works
the hand out its own way and must come to the row's numbers; a test is
named ``<row>-<executor>``, so an executor that misses a clause fails by
name:

* ``engine``: the interpreter replays the record (``barbu replay``), and the
  cards each seat took, as its hand holds them, are the row's facts; a move
  the clause refuses is an illegal play;
* ``generated``: the spec's generated package replays the record, its hand
  took the same cards, and refuses the same move;
* ``gensheet``: the generated package's score sheet (``sheet.score_hand``)
  scores the facts;
* ``sheet``: the interpreter's score sheet (``barbu_dsl.sheet``: the entry
  plan, ``runtime.entry``'s checks) scores the facts;
* ``js``: the scorer page's own scripts (``base.js``, ``facts.js``,
  ``sheet.js``) score the facts in Node;
* ``native``: the generated package's numba playout, from the row's seed,
  plays exactly the row's moves and scores them;
* ``search``: the strong bot's numba search (``engine/compiled_playouts.py``)
  makes the hand's last move and scores the whole hand (``_finish``).

The last test derives the kinds of clause from the grammar and the model
and asks that each is in some row, so that a new clause without a row fails.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import subprocess
import sys
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from barbu_dsl.compiled import mask_of
from barbu_dsl.engine.replay import replay_record
from barbu_dsl.language import model as m
from barbu_dsl.language.parser import _parser, parse_line
from clauses.table import Row, engine_hand, engine_took, rows, spec_of

ROWS = rows()
FACTS = ("engine", "generated", "gensheet", "sheet", "js")
NATIVE = ("native", "search")
EXECUTORS = FACTS + NATIVE
SCORE_JS = Path(__file__).with_name("score.js")


def cases() -> list[Any]:
    return [pytest.param(row, executor, id=f"{row.id}-{executor}",
                         marks=[pytest.mark.native] if executor in NATIVE else [])
            for row in ROWS for executor in EXECUTORS]


@cache
def package(group: str) -> Any:
    """The generated package of the spec of ``group``, generated once a session."""
    from barbu_dsl.lab.backend import generated_package

    return generated_package(spec_of(group))


def refused_record(row: Row) -> dict[str, Any]:
    """The row's record cut before its refused move, then that move."""
    refused = row.data["refused"]
    return dict(row.record, plays=[*row.data["plays"][:refused["at"]], refused["card"]])


def assert_refused(result: dict[str, Any], row: Row) -> None:
    """``result`` says the row's refused move is illegal, where it was made."""
    error = result.get("error", {})
    assert error.get("kind") == "illegal_play" and error.get("index") == row.data["refused"]["at"], (
        f"{row.id}: {row.clause!r} should refuse {row.data['refused']}, got {result}")


# ---- the executors ---------------------------------------------------------------------------------


def run_engine(row: Row) -> None:
    spec = spec_of(row.spec)
    result = replay_record(spec, row.record)
    assert result.get("status") == "complete", result
    assert result["raw"] == row.data["raw"]
    assert engine_took(spec, row.record) == row.data["took"]
    if row.data.get("refused"):
        assert_refused(replay_record(spec, refused_record(row)), row)


def run_generated(row: Row) -> None:
    from barbu_dsl.compiled.entry import entry_plan
    from barbu_dsl.runtime.entry import facts_of_hand

    pkg = package(row.spec)
    result = pkg.replay(row.record)
    assert result.get("status") == "complete", result
    assert result["raw"] == row.data["raw"]
    hand = generated_hand(pkg, row.record)
    spec, players = spec_of(row.spec), row.players
    trump = getattr(hand, "trump", None)
    plan = entry_plan(spec.contract(row.id).rules_for(players), players, tuple(sorted(spec.deck_for(players))),
                      trump, spec.aside(players))
    won = list(getattr(hand, "won", [0] * players))
    winners = list(getattr(hand, "winners", []))
    assert facts_of_hand(plan, won, winners, hand.placings) == row.data["took"]
    if row.data.get("refused"):
        assert_refused(pkg.replay(refused_record(row)), row)


def generated_hand(pkg: Any, record: dict[str, Any]) -> Any:
    """The generated package's hand of ``record``, played as its ``replay`` plays it."""
    replay = sys.modules[pkg.__name__ + ".replay"]
    module, _, declarer, trump, start_rank, _, hands, plays, _, _ = replay.read_record(record)
    rules = module.RULES[len(hands)]
    widow = 0  # the cards of the deck in no hand go to the first trick's taker (docs/rules.md section 6)
    if replay.LEFTOVER == "widow to first trick" and rules.kind == "tricks":
        widow = replay.DECKS[len(hands)] & ~sum(hands)
    hand = rules(hands, declarer, trump, start_rank, widow) if widow else rules(hands, declarer, trump, start_rank)
    for move in plays:
        if hand.implied_stop(move):
            hand.play(replay.PASS)  # a record keeps no stops
        hand.play(move)
    return hand


def run_gensheet(row: Row) -> None:
    scored = package(row.spec).sheet.score_hand(row.sheet_hand, row.players)
    assert (scored["status"], scored["raw"]) == ("played", row.data["raw"])


def run_sheet(row: Row) -> None:
    from barbu_dsl.sheet.hand import score_hand

    scored, problems = score_hand(spec_of(row.spec), row.players, row.sheet_hand)
    assert not problems and scored is not None
    assert (scored.status, list(scored.raw)) == ("played", row.data["raw"])


@cache
def js_results() -> dict[str, dict[str, Any]]:
    """Every row's facts scored by the page's scripts in Node, one run a spec group."""
    from barbu_dsl.scorer.core import core_script
    from barbu_dsl.scorer.data import page_data

    node = shutil.which("node")
    if node is None:
        reason = "Node is missing (the scorer page's scripts run in it): apt-get install nodejs"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the page's scripts must run in CI: {reason}", pytrace=False)
        pytest.skip(reason)
    results: dict[str, dict[str, Any]] = {}
    for group in sorted({row.spec for row in ROWS}):
        spec = spec_of(group)
        chosen = [row for row in ROWS if row.spec == group]
        data = page_data(group, spec)
        script = core_script(tuple(c.name for c in spec.contracts))
        text = json.dumps({"core": script, "data": data, "hands": [[row.sheet_hand, row.players] for row in chosen]})
        done = subprocess.run([node, str(SCORE_JS)], input=text, capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
        results.update(zip((row.id for row in chosen), json.loads(done.stdout), strict=True))
    return results


def run_js(row: Row) -> None:
    assert js_results()[row.id] == {"raw": row.data["raw"], "status": "played"}


def run_native(row: Row) -> None:
    pkg = package(row.spec)
    cards = pkg.cards
    trump, start = row.data.get("trump"), row.data.get("start_rank")
    moves: list[int] = []
    raw = pkg.load_native().rollout(
        row.id, random.Random(row.data["seed"]), players=row.players, declarer=row.data["declarer"],
        trump=None if trump is None else "CDHS".index(trump), start_rank=None if start is None else int(start),
        hands=[[cards.CARD_OF[c] for c in held] for held in row.data["hands"]], moves=moves)
    assert [cards.MOVE_STR[move] for move in moves] == row.data["plays"]
    assert raw == row.data["raw"]


def run_search(row: Row) -> None:
    import numpy as np

    from barbu_dsl.engine import compiled_playouts as native
    from barbu_dsl.engine.base import PASS

    spec = spec_of(row.spec)
    last = len(row.data["plays"]) - 1
    hand = engine_hand(spec, row.record, last)
    move = engine_hand(spec, row.record).moves[-1]
    if hand.implied_stop(move):
        hand.play(PASS)  # the seat before stopped playing on: a record keeps no stops (docs/records.md)
    t, bad = native.pack_table(hand.table, spec.game.aim)
    hands = np.zeros(native.SEATS, dtype=np.int64)
    for seat in range(row.players):
        hands[seat] = mask_of(hand.hand(seat))
    out = np.zeros(native.SEATS, dtype=np.int64)
    native._run(t, bad, native.pack_position(hand.position()), hands, move, native.mt_state(random.Random(0)), 0,
                out, native.new_scratch())
    assert out[:row.players].tolist() == row.data["raw"]


RUN = {"engine": run_engine, "generated": run_generated, "gensheet": run_gensheet, "sheet": run_sheet,
       "js": run_js, "native": run_native, "search": run_search}


@pytest.mark.parametrize(("row", "executor"), cases())
def test_clause(row: Row, executor: str) -> None:
    """docs/rules.md: the row's hand comes to the row's facts and scores
    (its ``why`` says how, by hand) in ``executor``."""
    RUN[executor](row)


# ---- the table covers the language ------------------------------------------------------------------


def grammar_kinds() -> set[str]:
    """Every node a rule line's parse tree can hold below a clause: each
    clause, each of its written forms the grammar names (``trick_from_last``,
    ``spread_cards``, ``ties_full``), and the card selectors."""
    rules = _parser().rules
    by_origin: dict[str, list[Any]] = {}
    for rule in rules:
        by_origin.setdefault(rule.origin.name, []).append(rule)
    kinds: set[str] = set()
    seen, todo = set(), ["clause"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for rule in by_origin.get(name, ()):
            inlined = rule.options.expand1 and len(rule.expansion) == 1 and rule.alias is None
            if not inlined and not name.startswith("_"):
                kinds.add(rule.alias or name)
            todo += [symbol.name for symbol in rule.expansion if not symbol.is_term]
    return kinds


def model_kinds() -> set[type]:
    """Every clause class of the model (``Clause``) and every card selector (``Cards``)."""
    return set(typing.get_args(m.Clause)) | set(typing.get_args(m.Cards))


def found_in(value: Any, found: set[type]) -> None:
    """Add to ``found`` the class of ``value`` and of every dataclass inside it."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found.add(type(value))
        for item in dataclasses.fields(value):
            found_in(getattr(value, item.name), found)
    elif isinstance(value, tuple):
        for item in value:
            found_in(item, found)


def test_every_clause_kind_has_a_row() -> None:
    """A clause of the grammar or the model that no row of clauses.yaml
    writes fails here by name: add a row for it (tests/clauses/fill.py)."""
    parser = _parser()
    written: set[str] = set()
    classes: set[type] = set()
    for row in ROWS:
        written |= {tree.data for tree in parser.parse(row.rules).iter_subtrees()}
        for group in parse_line(row.rules):
            for clause, _ in group:
                found_in(clause, classes)
    assert not grammar_kinds() - written, f"clauses of the grammar with no row: {sorted(grammar_kinds() - written)}"
    missing = {kind.__name__ for kind in model_kinds() - classes}
    assert not missing, f"clauses or selectors of the model with no row: {sorted(missing)}"
    assert len({row.id for row in ROWS}) == len(ROWS), "two rows with one id"


def test_every_row_says_what_it_is_about() -> None:
    """Each row's ``clause`` is written in its rule line, and its ``why``
    explains its numbers."""
    for row in ROWS:
        assert row.clause in row.rules, row.id
        assert row.data["why"].strip(), f"{row.id}: say why the numbers are what they are"
