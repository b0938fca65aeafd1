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
is the same function written out for one spec (templates/sheet.py.j2).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..compiled import hand_totals
from ..compiled.entry import entry_plan
from ..engine.doubling import Pair, hand_terms
from ..errors import RecordError
from ..language import model as m
from .facts import Problem, check_raw, problem, score_took

HAND_KEYS = ("contract", "declarer", "trump", "start_rank", "took", "raw", "doubles")
"""The keys of a hand object, in docs/sheet.md order."""


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
    found: list[Problem] = []
    if not isinstance(hand, dict):
        return None, [problem("hand", "hand_object")]
    hand = whole_numbers(hand)
    for key in hand:
        if key not in HAND_KEYS:
            found.append(problem(str(key), "hand_key", key=key, keys=", ".join(HAND_KEYS)))
    contract = find_contract(spec, hand.get("contract"), options, found)
    declarer = _declarer(hand.get("declarer"), players, found)
    if declarer is not None and declarer_turn is not None and declarer != declarer_turn:
        name = names[declarer_turn] if declarer_turn < len(names) else str(declarer_turn)
        found.append(problem("declarer", "not_their_turn", seat=declarer, expected=declarer_turn, name=name))
        declarer = None
    if contract is None or declarer is None:
        return None, found
    rules = contract.rules_for(players)
    trump = read_trump(contract, rules, hand.get("trump"), found)
    start_rank = read_start_rank(contract, rules, hand.get("start_rank"), found)
    doubles = read_doubles(hand.get("doubles"), players, found)
    if found:
        return None, found
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
            scores, problems = score_took(entry_plan(rules, players, deck, trump), took)
            status = "played"
        else:
            problems = check_raw(raw_given, players, hand_totals(rules, players, deck, trump))
            scores, status = (None if problems else [int(v) for v in raw_given or ()]), "raw"
        if problems or scores is None:
            return None, problems
        raw = scores
        transfers, final = terms.settle(raw, doubles)
    entry = _entry(contract, declarer, trump, start_rank, hand, doubles)
    return HandScore(contract.name, declarer, trump, start_rank, tuple(doubles), status, tuple(raw), tuple(transfers),
                     tuple(final), entry), []


def whole_numbers(value: Any) -> Any:
    """``value`` with each whole-valued float (``1.0``, ``4e0``, ``-0.0``)
    the integer it is: JSON does not tell ``1.0`` from ``1``, nor can the
    web scorer's JavaScript, so a hand means the same to both scorers
    (docs/sheet.md, "A hand").  Other floats stay, to be refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    return value


def find_contract(spec: m.Spec, name: Any, options: Sequence[m.Contract] | None,
                  found: list[Problem]) -> m.Contract | None:
    """The contract called ``name`` (matched as records match it), if it
    may be chosen now; else None after a problem (with the closest name
    when there is one)."""
    if not isinstance(name, str) or not name.strip():
        found.append(problem("contract", "contract_missing"))
        return None
    try:
        contract = spec.contract(name)
    except KeyError:
        names = [c.name for c in spec.contracts]
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
        if close:
            found.append(problem("contract", "contract_close", name=name, close=close[0]))
        else:
            found.append(problem("contract", "contract_unknown", name=name, contracts=", ".join(names)))
        return None
    if options is not None and contract not in options:
        found.append(problem("contract", "contract_not_now", name=contract.name,
                             options=", ".join(c.name for c in options)))
        return None
    return contract


def _declarer(value: Any, players: int, found: list[Problem]) -> int | None:
    if not is_seat(value, players):
        found.append(problem("declarer", "not_a_seat", last=players - 1))
        return None
    return int(value)


def is_seat(value: Any, players: int) -> bool:
    """Whether ``value`` is a seat number (a whole number, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def read_trump(contract: m.Contract, rules: m.Rules, value: Any, found: list[Problem]) -> int | None:
    """The trump suit of the hand: required when the declarer names it,
    refused when the contract has no trumps or a fixed other suit."""
    play = rules.play
    trumps = play.trumps if isinstance(play, m.TrickPlay) else None
    if value is None:
        if trumps is not None and trumps.suit is None:
            found.append(problem("trump", "trump_missing", contract=contract.name))
        return None
    suit = C.parse_suit(value) if isinstance(value, str) else None
    if suit is None:
        found.append(problem("trump", "trump_unknown", value=value))
    elif trumps is None:
        found.append(problem("trump", "trump_unused", contract=contract.name))
    elif trumps.suit is not None and trumps.suit != suit:
        found.append(problem("trump", "trump_fixed", contract=contract.name, suit=C.SUIT_LETTERS[trumps.suit]))
    return suit


def read_start_rank(contract: m.Contract, rules: m.Rules, value: Any, found: list[Problem]) -> int | None:
    """The domino starting rank of the hand: required when the declarer
    names it, refused otherwise (or when it differs from a fixed one)."""
    play = rules.play
    if value is None:
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            found.append(problem("start_rank", "rank_missing", contract=contract.name))
        return None
    rank = (value if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14
            else C.parse_rank(value) if isinstance(value, str) else None)
    if rank is None:
        found.append(problem("start_rank", "rank_unknown", value=value))
    elif not isinstance(play, m.DominoPlay) or play.start == "first-card":
        found.append(problem("start_rank", "rank_unused", contract=contract.name))
    elif isinstance(play.start, int) and play.start != rank:
        found.append(problem("start_rank", "rank_fixed", contract=contract.name, rank=C.rank_str(play.start)))
    return rank


def read_doubles(value: Any, players: int, found: list[Problem]) -> list[Pair]:
    """The ``[doubler, doubled]`` pairs of the hand (none when absent)."""
    if value is None:
        return []
    pairs: list[Pair] = []
    ok = isinstance(value, list)
    for pair in value if ok else []:
        if isinstance(pair, list) and len(pair) == 2 and all(is_seat(s, players) for s in pair):
            pairs.append((pair[0], pair[1]))
        else:
            ok = False
    if not ok:
        found.append(problem("doubles", "doubles_shape", last=players - 1))
    return pairs


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


__all__ = ["HAND_KEYS", "HandScore", "find_contract", "is_seat", "read_doubles", "read_start_rank",
           "read_trump", "score_hand", "whole_numbers"]
