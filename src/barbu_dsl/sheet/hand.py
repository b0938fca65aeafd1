"""One score-sheet hand checked and scored on its own (docs/sheet.md, "A hand").

:func:`score_hand` takes a hand object — contract, declarer, trump,
starting rank, the facts of play (``took``) or the scores (``raw``), the
doubles — and a spec with its number of players, and checks everything
the hand says by itself: its keys, the contract, the trump or starting
rank the contract asks for (and no other), the doubles against the spec's
doubling rules (docs/rules.md section 2), then the facts or the scores.
It scores what passes: the raw scores, the doubling settlement, and the
not-played split of variant 4.

What depends on the hands before it — whose turn it is, which contracts
are left, the end of the game — is the game's to check
(:class:`~barbu_dsl.sheet.game.SheetGame`); it passes the contracts the
declarer may choose in ``options``.  The generated packages' ``score_hand``
reads the same checks (:mod:`barbu_dsl.runtime.entry`) with its spec's
plans written out as data (templates/sheet.py.j2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..compiled import announcement, hand_totals
from ..compiled.entry import entry_plan
from ..engine.doubling import Pair, hand_terms
from ..errors import RecordError
from ..language import model as m
from ..runtime import entry as sheet
from ..runtime.entry import HAND_KEYS, is_seat, whole_numbers
from .facts import Problem, check_raw, ours, problem, score_took


@dataclass(frozen=True)
class HandScore:
    """A hand that passed every check, scored.  ``contract`` is the
    contract's name as the spec writes it; ``status`` is ``played`` (facts
    of play), ``raw`` (scores entered directly) or ``not_played``;
    ``entry`` is the hand as the exchange format writes it (canonical
    contract name, trump and rank letters)."""

    contract: str
    declarer: int
    trump: int | None
    start_rank: int | None
    doubles: tuple[Pair, ...]
    status: str
    raw: tuple[int, ...]
    transfers: tuple[int, ...]
    final: tuple[int, ...]
    entry: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The scores as ``barbu replay --json`` gives them, with the status."""
        return {"status": self.status, "raw": list(self.raw), "transfers": list(self.transfers),
                "final": list(self.final)}


def score_hand(spec: m.Spec, players: int, hand: Any, options: Sequence[m.Contract] | None = None,
               declarer_turn: int | None = None, names: Sequence[str] = (),
               ) -> tuple[HandScore | None, list[Problem]]:
    """Check and score ``hand`` for a game of ``spec`` with ``players``:
    the score, or None and every problem found.  ``options`` are the
    contracts the declarer may choose now (default: any of the spec's) and
    ``declarer_turn`` the seat that must declare (default: any seat),
    ``names`` the players' names for the messages."""
    if not isinstance(hand, dict):
        return None, [problem("hand", "hand_object")]
    hand = whole_numbers(hand)
    found: list[sheet.Problem] = sheet.hand_key_problems(hand)
    contract = find_contract(spec, hand.get("contract"), options, found)
    declarer = _declarer(hand.get("declarer"), players, found)
    if declarer is not None and declarer_turn is not None and declarer != declarer_turn:
        name = names[declarer_turn] if declarer_turn < len(names) else str(declarer_turn)
        found.append(problem("declarer", "not_their_turn", seat=declarer, expected=declarer_turn, name=name))
        declarer = None
    if contract is None or declarer is None:
        return None, ours(found)
    rules = contract.rules_for(players)
    announced = announcement(rules.play)
    trump = sheet.read_trump(contract.name, announced, hand.get("trump"), found)
    start_rank = sheet.read_start_rank(contract.name, announced, hand.get("start_rank"), found)
    doubles = sheet.read_doubles(hand.get("doubles"), players, found)
    if found:
        return None, ours(found)
    deck = tuple(sorted(spec.deck_for(players)))
    terms = hand_terms(spec, rules, players, deck, trump)
    try:
        terms.check(declarer, doubles)
    except RecordError as error:
        doubler, doubled = error.details["pair"]
        return None, [problem("doubles", f"double.{error.rule}", doubler=doubler, doubled=doubled,
                              **dict(error.rule_fields))]
    took, raw_given = hand.get("took"), hand.get("raw")
    if terms.not_played(declarer, doubles):
        if took is not None or raw_given is not None:
            return None, [problem("took" if took is not None else "raw", "not_played")]
        raw, transfers, status = terms.not_played_scores(declarer), [0] * players, "not_played"
        final = list(raw)
    else:
        if took is not None and raw_given is not None:
            return None, [problem("raw", "took_and_raw")]
        if took is None and raw_given is None:
            return None, [problem("took", "no_facts")]
        if took is not None:
            scores, problems = score_took(entry_plan(rules, players, deck, trump, spec.aside(players)), took)
            status = "played"
        else:
            problems = check_raw(raw_given, players, hand_totals(rules, players, deck, trump, spec.aside(players)))
            scores, status = (None if problems else [int(v) for v in raw_given or ()]), "raw"
        if problems or scores is None:
            return None, problems
        raw = scores
        transfers, final = terms.settle(raw, doubles)
    entry = _entry(contract, declarer, trump, start_rank, hand, doubles)
    return HandScore(contract.name, declarer, trump, start_rank, tuple(doubles), status, tuple(raw), tuple(transfers),
                     tuple(final), entry), []


def find_contract(spec: m.Spec, name: Any, options: Sequence[m.Contract] | None,
                  found: list[sheet.Problem]) -> m.Contract | None:
    """The contract called ``name`` (matched as records match it), if it
    may be chosen now; else None after a problem (with the closest name
    when there is one)."""
    try:
        contract = spec.contract(name) if isinstance(name, str) and name.strip() else None
    except KeyError:
        contract = None
    if contract is None:
        sheet.unknown_contract(name, [c.name for c in spec.contracts], found)
        return None
    if options is not None and contract not in options:
        found.append(problem("contract", "contract_not_now", name=contract.name,
                             options=", ".join(c.name for c in options)))
        return None
    return contract


def _declarer(value: Any, players: int, found: list[sheet.Problem]) -> int | None:
    if not is_seat(value, players):
        found.append(problem("declarer", "not_a_seat", last=players - 1))
        return None
    return int(value)


def _entry(contract: m.Contract, declarer: int, trump: int | None, start_rank: int | None,
           hand: dict[str, Any], doubles: Sequence[Pair]) -> dict[str, Any]:
    """The hand as the exchange format writes it: canonical names and letters."""
    entry: dict[str, Any] = {"contract": contract.name, "declarer": declarer,
                             "trump": None if trump is None else C.SUIT_LETTERS[trump],
                             "start_rank": None if start_rank is None else C.RANK_LETTERS[start_rank]}
    if hand.get("took") is not None:
        entry["took"] = hand["took"]
    if hand.get("raw") is not None:
        entry["raw"] = list(hand["raw"])
    entry["doubles"] = [list(pair) for pair in doubles]
    return entry


__all__ = ["HAND_KEYS", "HandScore", "find_contract", "is_seat", "score_hand", "whole_numbers"]
