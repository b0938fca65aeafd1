"""Replay hand records (docs/records.md) and report what they come to.

:func:`replay_record` reads one record, checks it and plays it through the
engine, and returns exactly the JSON object ``barbu replay --json`` prints:
a ``complete``, ``in_progress`` or ``not_played`` result, or ``{"error":
{...}}``.  Checks run in a fixed order, so a record with several faults
always reports the same one:

1. ``bad_record``: the record cannot be read (malformed, unknown contract,
   wrong deal, wrong hand sizes, a missing trump or starting rank, a play
   or a double that is not a card or a pair of seats);
2. ``illegal_double``: the doubles break a rule (docs/rules.md section 2);
3. an undoubled negative contract under variant 4 is ``not_played``, and
   any play in it is ``after_end``;
4. ``illegal_play`` / ``after_end``: the plays, in order.

:func:`replay_text` and :func:`replay_file` replay a file holding one JSON
object or JSON Lines; the exit status is the worst of the results: 0 ok,
1 a rule broken, 2 unreadable.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import cards as C
from ..bounded_json import JSONProblem, loads
from ..errors import RecordError
from ..files import FileProblem, read_text_file, split_lines
from ..language import model as m
from ..limits import RECORD_FILE_BYTES
from .base import PASS, after_end, move_str
from .doubling import Pair, hand_terms
from .hand import start_hand


@dataclass(frozen=True)
class HandRecord:
    """A record read and checked against a spec: everything is a seat, a
    card or a move (:data:`~barbu_dsl.engine.base.PASS`)."""

    contract: m.Contract
    rules: m.Rules
    declarer: int
    trump: int | None
    start_rank: int | None
    hands: tuple[tuple[int, ...], ...]
    plays: tuple[int, ...]
    doubles: tuple[Pair, ...]

    @property
    def players(self) -> int:
        return len(self.hands)


def _bad(reason: str) -> RecordError:
    return RecordError("bad_record", {"reason": reason})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_record(spec: m.Spec, record: Any) -> HandRecord:
    """Check a record's shape and deal against ``spec``; raise a
    ``bad_record`` :class:`RecordError` naming the first problem."""
    if not isinstance(record, dict):
        raise _bad("malformed record: expected a JSON object")
    for key in ("contract", "declarer", "hands"):
        if key not in record:
            raise _bad(f"malformed record: no '{key}'")
    name = record["contract"]
    if not isinstance(name, str):
        raise _bad("malformed record: 'contract' must be a string")
    try:
        contract = spec.contract(name)
    except KeyError:
        known = ", ".join(c.name for c in spec.contracts)
        raise _bad(f"unknown contract '{name}' (this spec has: {known})") from None

    raw_hands = record["hands"]
    if not isinstance(raw_hands, list) or not all(isinstance(h, list) for h in raw_hands):
        raise _bad("malformed record: 'hands' must be a list of lists of cards")
    players = len(raw_hands)
    if players not in spec.players:
        allowed = ", ".join(map(str, spec.players))
        raise _bad(f"wrong deal: {players} hands, but the spec is played by {allowed} players")
    declarer = record["declarer"]
    if not _is_int(declarer) or not 0 <= declarer < players:
        raise _bad(f"malformed record: 'declarer' must be a seat from 0 to {players - 1}")
    hands = tuple(tuple(_read_card(text, f"seat {seat}'s hand") for text in cards)
                  for seat, cards in enumerate(raw_hands))
    _check_deal(spec, hands)
    rules = contract.rules_for(players)
    trump = _read_trump(contract, rules, record.get("trump"))
    start_rank = _read_start_rank(contract, rules, record.get("start_rank"))

    raw_plays = record.get("plays", [])
    if not isinstance(raw_plays, list):
        raise _bad("malformed record: 'plays' must be a list")
    plays = tuple(PASS if isinstance(text, str) and text.strip().lower() == "pass"
                  else _read_card(text, f"play {index}") for index, text in enumerate(raw_plays))
    raw_doubles = record.get("doubles")
    if raw_doubles is None:
        raw_doubles = []
    if not isinstance(raw_doubles, list):
        raise _bad("malformed record: 'doubles' must be a list of [doubler, doubled] pairs")
    doubles = []
    for pair in raw_doubles:
        if (not isinstance(pair, list) or len(pair) != 2 or not all(_is_int(s) for s in pair)
                or not all(0 <= s < players for s in pair)):
            raise _bad(f"malformed double {json.dumps(pair)}: expected [doubler, doubled] seats")
        doubles.append((pair[0], pair[1]))
    return HandRecord(contract, rules, declarer, trump, start_rank, hands, plays, tuple(doubles))


def _read_card(text: Any, where: str) -> int:
    card = C.parse_record_card(text) if isinstance(text, str) else None
    if card is None:
        raise _bad(f"unknown card {json.dumps(text, ensure_ascii=False)} in {where}")
    return card


def _check_deal(spec: m.Spec, hands: tuple[tuple[int, ...], ...]) -> None:
    players = len(hands)
    deck = set(spec.deck_for(players))
    seen: set[int] = set()
    for cards in hands:
        for c in cards:
            if c in seen:
                raise _bad(f"wrong deal: duplicated card {C.card_str(c)}")
            seen.add(c)
    extra = sorted(seen - deck)
    if extra:
        raise _bad(f"wrong deal: {', '.join(map(C.card_str, extra))} not in the deck for {players} players")
    missing = sorted(deck - seen)
    if missing:
        raise _bad(f"wrong deal: missing cards {', '.join(map(C.card_str, missing))}")
    size = len(deck) // players
    for seat, cards in enumerate(hands):
        if len(cards) != size:
            raise _bad(f"wrong hand sizes: seat {seat} holds {len(cards)} cards, not {size}")


def _read_trump(contract: m.Contract, rules: m.Rules, value: Any) -> int | None:
    trumps = rules.play.trumps if isinstance(rules.play, m.TrickPlay) else None
    if value is None:
        if trumps is not None and trumps.suit is None:
            raise _bad(f"missing trump: in {contract.name} the declarer names the trump suit")
        return None
    suit = C.parse_suit(value) if isinstance(value, str) else None
    if suit is None:
        raise _bad(f"unknown trump suit {json.dumps(value, ensure_ascii=False)}")
    if trumps is None:
        raise _bad(f"{contract.name} has no trumps, but the record names {C.SUIT_NAMES[suit]}")
    if trumps.suit is not None and trumps.suit != suit:
        raise _bad(f"{contract.name} is played with {C.SUIT_NAMES[trumps.suit]} as trumps, "
                   f"not {C.SUIT_NAMES[suit]}")
    return suit


def _read_start_rank(contract: m.Contract, rules: m.Rules, value: Any) -> int | None:
    play = rules.play
    if value is None:
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            raise _bad(f"missing start rank: in {contract.name} the declarer names the starting rank")
        return None
    rank: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        rank = value if 2 <= value <= 14 else None
    elif isinstance(value, str):
        rank = C.parse_rank(value)
    if rank is None:
        raise _bad(f"unknown starting rank {json.dumps(value, ensure_ascii=False)}")
    if not isinstance(play, m.DominoPlay):
        raise _bad(f"{contract.name} is not a domino contract, but the record names a starting rank")
    if play.start == "first-card":
        raise _bad(f"in {contract.name} the declarer's first card sets the starting rank")
    if isinstance(play.start, int) and play.start != rank:
        raise _bad(f"{contract.name} starts from {C.rank_str(play.start)}, not {C.rank_str(rank)}")
    return rank


# --------------------------------------------------------------------------


def replay(spec: m.Spec, record: Any) -> dict[str, Any]:
    """The result object of one record; raise :class:`RecordError` for the
    error objects (see the module docstring for the order of the checks)."""
    hand_record = read_record(spec, record)
    rules, players, declarer = hand_record.rules, hand_record.players, hand_record.declarer
    deck = tuple(sorted(c for cards in hand_record.hands for c in cards))
    terms = hand_terms(spec, rules, players, deck, hand_record.trump)
    terms.check(declarer, hand_record.doubles)

    if terms.not_played(declarer, hand_record.doubles):
        if hand_record.plays:
            raise after_end(0)
        raw = terms.not_played_scores(declarer)
        return {"status": "not_played", "raw": raw, "transfers": [0] * players, "final": raw}

    hand = start_hand(rules, hand_record.hands, declarer, trump=hand_record.trump,
                      start_rank=hand_record.start_rank, first_lead=spec.game.first_lead,
                      direction=spec.game.direction)
    for index, move in enumerate(hand_record.plays):
        if hand.is_over:
            raise after_end(index)
        hand.play(move)
    domino = rules.is_domino
    raw = hand.raw_scores()
    if not hand.is_over:
        result: dict[str, Any] = {
            "status": "in_progress",
            "to_play": hand.to_play,
            "legal": [move_str(move) for move in hand.legal_moves()],
            "raw": raw,
        }
        if domino:
            result["placings"] = hand.placings
        return result
    transfers, final = terms.settle(raw, hand_record.doubles)
    result = {"status": "complete"}
    if not domino:
        result["tricks_played"] = hand.tricks_played
    result["raw"] = raw
    if domino:
        result["placings"] = hand.placings
    result["transfers"] = transfers
    result["final"] = final
    return result


def replay_record(spec: m.Spec, record: Any) -> dict[str, Any]:
    """The JSON object ``barbu replay --json`` prints for one record: a
    result, or ``{"error": {...}}``."""
    try:
        return replay(spec, record)
    except RecordError as error:
        return error.as_json()


def exit_status(result: dict[str, Any]) -> int:
    """0 for a result, 1 for a broken rule, 2 for an unreadable record."""
    error = result.get("error")
    if error is None:
        return 0
    return 2 if error.get("kind") == "bad_record" else 1


def result_line(result: dict[str, Any]) -> str:
    """One readable line for a result or an error object (the output of
    ``barbu replay`` without ``--json``; errors go to standard error)."""
    error = result.get("error")
    if error is not None:
        details = {key: value for key, value in error.items() if key != "kind"}
        return RecordError(str(error.get("kind")), details).describe()
    status = result["status"]
    if status == "in_progress":
        return (f"in progress: seat {result['to_play']} to play, legal {' '.join(result['legal'])}; "
                f"raw so far {result['raw']}")
    text = f"{status.replace('_', ' ')}: raw {result['raw']}"
    if "placings" in result:
        text += f", placings {result['placings']}"
    return text + f", transfers {result['transfers']}, final {result['final']}"


def _malformed(reason: str) -> dict[str, Any]:
    return _bad(reason).as_json()


def replay_text(spec: m.Spec, text: str, lines: bool | None = None) -> list[dict[str, Any]]:
    """Replay one JSON object or JSON Lines.  ``lines`` forces JSON Lines
    (True) or one object (False); None decides from the text: one JSON
    value is one record, otherwise each non-blank line is one.  Lines end
    at ``\\n`` only; JSON is read within bounds (:mod:`barbu_dsl.bounded_json`)."""
    records = split_lines(text)
    if not lines:
        try:
            return [replay_record(spec, loads(text))]
        except JSONProblem as error:
            if lines is False or len([line for line in records if line.strip()]) < 2:
                return [_malformed(f"malformed JSON: {error}")]
    results = []
    for number, line in enumerate(records, 1):
        if not line.strip():
            continue
        try:
            record = loads(line)
        except JSONProblem as error:
            results.append(_malformed(f"malformed JSON on line {number}: {error}"))
            continue
        results.append(replay_record(spec, record))
    return results


def replay_file(spec: m.Spec, path: str | Path) -> tuple[list[dict[str, Any]], int]:
    """Replay the records of a file (``.jsonl``: JSON Lines; otherwise one
    object, or JSON Lines when it is not one JSON value).  Return the
    results in order and the worst exit status."""
    path = Path(path)
    try:
        text = read_text_file(path, limit=RECORD_FILE_BYTES)
    except FileProblem as problem:
        return [_malformed(str(problem).replace("\n    hint: ", "; "))], 2
    results = replay_text(spec, text, True if path.suffix == ".jsonl" else None)
    return results, worst_status(results)


def worst_status(results: Sequence[dict[str, Any]]) -> int:
    return max((exit_status(r) for r in results), default=0)
