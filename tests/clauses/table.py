"""The clause table (``clauses.yaml``): one row per kind of rule-line clause,
each a contract of one small spec, a hand played under it, and the facts
and raw scores that hand comes to (docs/rules.md; the score sheet's facts
are docs/sheet.md's ``took``).

The rows of one spec group (``spec:``, ``clauses`` by default) are the
contracts of one spec, so that a generated package, and its native code,
is made once for all of them.  A row:

* ``id``: the row's name, in test ids (``per-heart-engine``);
* ``rules``: the contract's rule line; ``clause``: the clause of it the
  row is about, as written there;
* ``declarer``, ``trump``, ``start_rank``, ``hands``, ``plays``: the hand
  record (docs/records.md), its contract being the row's ``id``;
* ``seed``: the ``random.Random`` seed from which the generated package's
  random playout (``rollout``, Python and native alike) makes exactly
  these ``plays`` from these ``hands``;
* ``refused``: a move the clause forbids (``at``: its index in ``plays``,
  ``card``) that the line without the clause allows, when the hand has one;
* ``took``, ``raw``: the facts a scorer enters and the raw scores;
* ``why``: how the numbers come out, by hand, citing docs/rules.md.

``tests/clauses/fill.py`` plays the hand of a new row and fills in the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec

TABLE = Path(__file__).with_name("clauses.yaml")


@dataclass(frozen=True)
class Row:
    """One row of the table, as read."""

    id: str
    spec: str
    rules: str
    clause: str
    data: dict[str, Any]

    @property
    def record(self) -> dict[str, Any]:
        """The row's hand record (docs/records.md)."""
        return {"contract": self.id, "declarer": self.data["declarer"], "trump": self.data.get("trump"),
                "start_rank": self.data.get("start_rank"), "hands": self.data["hands"],
                "plays": self.data["plays"]}

    @property
    def players(self) -> int:
        return len(self.data["hands"])

    @property
    def sheet_hand(self) -> dict[str, Any]:
        """The row's hand as a scorer enters it (docs/sheet.md, "A hand")."""
        return {"contract": self.id, "declarer": self.data["declarer"], "trump": self.data.get("trump"),
                "start_rank": self.data.get("start_rank"), "took": self.data["took"]}


@cache
def document() -> dict[str, Any]:
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


def rows() -> list[Row]:
    """Every row, in the file's order."""
    return [Row(row["id"], row.get("spec", "clauses"), row["rules"], row["clause"], row)
            for row in document()["rows"]]


def spec_text(group: str, lines: list[tuple[str, str]]) -> str:
    """The spec of the group ``group`` with the contracts ``lines`` (name, rule line)."""
    contracts = "".join(f"  {name}: {rules}\n" for name, rules in lines)
    return document()["specs"][group] + "contracts:\n" + contracts


@cache
def spec_of(group: str) -> m.Spec:
    """The spec holding every row of ``group`` as a contract."""
    lines = [(row.id, row.rules) for row in rows() if row.spec == group]
    return parse_spec(spec_text(group, lines), f"{TABLE.name}[{group}]")


def engine_hand(spec: m.Spec, record: dict[str, Any], upto: int | None = None) -> Any:
    """The engine's hand of ``record`` (``barbu_dsl.engine``), its first
    ``upto`` plays made (all of them by default)."""
    from barbu_dsl.engine.deal import widow_of
    from barbu_dsl.engine.hand import start_hand
    from barbu_dsl.engine.replay import read_record

    parsed = read_record(spec, record)
    widow = widow_of(spec, parsed.hands) if spec.leftover == "widow to first trick" else ()
    hand = start_hand(parsed.rules, parsed.hands, parsed.declarer, trump=parsed.trump,
                      start_rank=parsed.start_rank, first_lead=spec.game.first_lead,
                      direction=spec.game.direction, widow=widow)
    for move in parsed.plays[:upto]:
        hand.play_recorded(move)
    return hand


def engine_took(spec: m.Spec, record: dict[str, Any]) -> dict[str, Any]:
    """The facts a scorer enters for ``record`` (docs/sheet.md ``took``), read
    off the engine's hand: the cards each seat took, who took each trick,
    the order of going out."""
    from barbu_dsl.compiled import mask_of
    from barbu_dsl.compiled.entry import entry_plan
    from barbu_dsl.engine.replay import read_record
    from barbu_dsl.runtime.entry import facts_of_hand

    hand = engine_hand(spec, record)
    players = len(record["hands"])
    trump = read_record(spec, record).trump
    rules = spec.contract(record["contract"]).rules_for(players)
    plan = entry_plan(rules, players, tuple(sorted(spec.deck_for(players))), trump, spec.aside(players))
    won = [mask_of(hand.captured(seat)) for seat in range(players)]
    return facts_of_hand(plan, won, [trick.winner for trick in hand.tricks], hand.placings)
