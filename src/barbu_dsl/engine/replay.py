"""Replay hand records (docs/records.md) and report what they come to.

:func:`replay_record` reads one record (with the runtime's reader,
:mod:`barbu_dsl.runtime.records`, which every generated package carries
too), checks it and plays it through the engine, and returns exactly the JSON object ``barbu replay --json`` prints:
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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bounded_json import loads
from ..compiled import announcement
from ..errors import RecordError
from ..files import FileProblem, read_text_file
from ..language import model as m
from ..limits import RECORD_FILE_BYTES
from ..runtime import records
from ..runtime.announcement import Announcement
from ..runtime.cards import mask_of
from ..runtime.errors import bad_record
from ..runtime.records import exit_status, worst_status
from .base import after_end, move_str
from .deal import widow_of
from .doubling import Pair, hand_terms
from .hand import start_hand

__all__ = ["HandRecord", "exit_status", "read_record", "replay", "replay_file", "replay_record", "replay_text",
           "result_line", "worst_status"]


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


@dataclass(frozen=True)
class _SpecBook:
    """A spec as the record reader asks for it (:class:`~barbu_dsl.runtime.records.Book`)."""

    spec: m.Spec

    @property
    def players(self) -> tuple[int, ...]:
        return self.spec.players

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.spec.contracts]

    def find(self, name: str) -> m.Contract | None:
        try:
            return self.spec.contract(name)
        except KeyError:
            return None

    def deck(self, players: int) -> int:
        return mask_of(self.spec.deck_for(players))

    def announcement(self, contract: m.Contract, players: int) -> Announcement:
        return announcement(contract.rules_for(players).play)

    @property
    def passing(self) -> tuple[int, tuple[str, ...]]:
        passing = self.spec.passing
        return (passing.cards, passing.cycle) if passing.on else (0, ())


def read_record(spec: m.Spec, record: Any) -> HandRecord:
    """Check a record's shape and deal against ``spec``; raise a
    ``bad_record`` :class:`RecordError` naming the first problem."""
    read = records.read_record(record, _SpecBook(spec))
    return HandRecord(read.contract, read.contract.rules_for(read.players), read.declarer, read.trump,
                      read.start_rank, tuple(tuple(cards) for cards in read.hands), tuple(read.plays),
                      tuple(read.doubles))


# --------------------------------------------------------------------------


def replay(spec: m.Spec, record: Any) -> dict[str, Any]:
    """The result object of one record; raise :class:`RecordError` for the
    error objects (see the module docstring for the order of the checks)."""
    hand_record = read_record(spec, record)
    rules, players, declarer = hand_record.rules, hand_record.players, hand_record.declarer
    # The widow is the cards of the deck in no hand (section 6); the value a hand hands out, which doubling
    # and an unplayed hand read, counts it as the game does; the taker of the first trick may take it.
    widow = widow_of(spec, hand_record.hands)
    deck = tuple(sorted((*widow, *(c for cards in hand_record.hands for c in cards))))
    terms = hand_terms(spec, rules, players, deck, hand_record.trump)
    widow = widow if spec.leftover == "widow to first trick" else ()
    terms.check(declarer, hand_record.doubles)

    if terms.not_played(declarer, hand_record.doubles):
        if hand_record.plays:
            raise after_end(0)
        return records.not_played(terms.not_played_scores(declarer))

    hand = start_hand(rules, hand_record.hands, declarer, trump=hand_record.trump,
                      start_rank=hand_record.start_rank, first_lead=spec.game.first_lead,
                      direction=spec.game.direction, widow=widow)
    for index, move in enumerate(hand_record.plays):
        if hand.is_over:
            raise after_end(index)
        hand.play_recorded(move)
    domino = rules.is_domino
    raw = hand.raw_scores()
    if not hand.is_over:
        assert hand.to_play is not None
        return records.in_progress(hand.to_play, [move_str(move) for move in hand.legal_moves()], raw,
                                   hand.placings if domino else None)
    transfers, _ = terms.settle(raw, hand_record.doubles)
    return records.complete(None if domino else hand.tricks_played, raw, hand.placings if domino else None,
                            transfers)


def replay_record(spec: m.Spec, record: Any) -> dict[str, Any]:
    """The JSON object ``barbu replay --json`` prints for one record: a
    result, or ``{"error": {...}}``."""
    return records.replay_one(record, lambda one: replay(spec, one))


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


def replay_text(spec: m.Spec, text: str, lines: bool | None = None) -> list[dict[str, Any]]:
    """Replay one JSON object or JSON Lines.  ``lines`` forces JSON Lines
    (True) or one object (False); None decides from the text: one JSON
    value is one record, otherwise each non-blank line is one.  Lines end
    at ``\\n`` only; JSON is read within bounds (:mod:`barbu_dsl.bounded_json`)."""
    return records.replay_text(text, lambda record: replay_record(spec, record), loads, lines)


def replay_file(spec: m.Spec, path: str | Path) -> tuple[list[dict[str, Any]], int]:
    """Replay the records of a file (``.jsonl``: JSON Lines; ``.json``: one
    JSON document; otherwise one object, or JSON Lines when it is not one
    JSON value and its first line is).  Return the
    results in order and the worst exit status."""
    path = Path(path)
    try:
        text = read_text_file(path, limit=RECORD_FILE_BYTES)
    except FileProblem as problem:
        return [bad_record(str(problem).replace("\n    hint: ", "; ")).as_json()], 2
    results = replay_text(spec, text, {".jsonl": True, ".json": False}.get(path.suffix.lower()))
    return results, worst_status(results)
