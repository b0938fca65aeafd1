"""Reading hand records (docs/records.md), and the objects a replay returns.

:func:`read_record` checks a record's shape and deal against the spec's
contracts and decks (a :class:`Book`: the interpreter's spec, or a
generated package's tables) and returns it as ints: seats, cards, moves
(``PASS`` for a pass) and ``(doubler, doubled)`` pairs.  It raises a
``bad_record`` :class:`~.errors.RecordError` naming the first problem, in a
fixed order, so a record with several faults always reports the same one:
malformed, unknown contract, wrong deal, wrong hand sizes, a trump or
starting rank missing, unknown or at odds with the contract, then a play or
a double that is not a card or a pair of seats.

The replay itself (checking the doubles, playing the moves) belongs to the
caller; :func:`not_played`, :func:`in_progress` and :func:`complete` build
its result objects, and :func:`replay_text` reads one JSON object or JSON
Lines and replays each record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .announcement import Announcement
from .cards import CARD_OF, CARD_STRS, PASS, RANK_TEXT, SUIT_NAMES, cards_of, parse_rank, parse_record_card, parse_suit
from .errors import RecordError, bad_record

Contract = TypeVar("Contract")
Contract_co = TypeVar("Contract_co", covariant=True)
Pair = tuple[int, int]


class Book(Protocol[Contract_co]):
    """What reading a record needs of a spec."""

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the spec is played by."""
        ...

    @property
    def names(self) -> Sequence[str]:
        """The contracts' names, as the spec writes them."""
        ...

    def find(self, name: str) -> Contract_co | None:
        """The contract a record's name means (matched as records match it), or None."""
        ...

    def deck(self, players: int) -> int:
        """The cards dealt to ``players``, as a mask."""
        ...

    def announcement(self, contract: Any, players: int) -> Announcement:
        """What the declarer names for ``contract`` played by ``players``."""
        ...

    @property
    def passing(self) -> tuple[int, tuple[str, ...]]:
        """The cards each seat passes before play and the directions of the
        spec's cycle; ``(0, ())`` without passing."""
        ...


class Record(NamedTuple, Generic[Contract]):
    """A record read and checked: the contract (the book's), the declarer,
    the trump suit and starting rank named (or None), each seat's cards in
    the record's order and as a mask (after any passes: the cards played
    with), the moves, the doubles and the passes (``direction``, each
    seat's cards given; None when the record has none)."""

    contract: Contract
    name: str
    declarer: int
    trump: int | None
    start_rank: int | None
    hands: list[list[int]]
    masks: list[int]
    plays: list[int]
    doubles: list[Pair]
    passes: tuple[str, list[list[int]]] | None = None

    @property
    def players(self) -> int:
        return len(self.hands)


def contract_key(name: str) -> str:
    """A contract name folded for matching, as records match it: no case,
    spaces, ``-`` or ``_`` (docs/records.md)."""
    return "".join(ch for ch in name.casefold() if ch not in " -_\t")


def is_int(value: Any) -> bool:
    """Whether a JSON value is a whole number (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def read_record(record: Any, book: Book[Contract]) -> Record[Contract]:
    """Check a record's shape and deal against ``book``; raise a
    ``bad_record`` error naming the first problem."""
    if not isinstance(record, dict):
        raise bad_record("malformed record: expected a JSON object")
    for key in ("contract", "declarer", "hands"):
        if key not in record:
            raise bad_record(f"malformed record: no '{key}'")
    name = record["contract"]
    if not isinstance(name, str):
        raise bad_record("malformed record: 'contract' must be a string")
    contract = book.find(name)
    if contract is None:
        raise bad_record(f"unknown contract '{name}' (this spec has: {', '.join(book.names)})")
    raw_hands = record["hands"]
    if not isinstance(raw_hands, list) or not all(isinstance(h, list) for h in raw_hands):
        raise bad_record("malformed record: 'hands' must be a list of lists of cards")
    players = len(raw_hands)
    if players not in book.players:
        raise bad_record(
            f"wrong deal: {players} hands, but the spec is played by {', '.join(map(str, book.players))} players"
        )
    declarer = record["declarer"]
    if not is_int(declarer) or not 0 <= declarer < players:
        raise bad_record(f"malformed record: 'declarer' must be a seat from 0 to {players - 1}")
    hands = [read_cards(cards, f"seat {seat}'s hand") for seat, cards in enumerate(raw_hands)]
    hands = read_discards(record.get("discards"), hands)
    masks = check_deal(hands, book.deck(players))
    passes = read_passes(record.get("passes"), hands, book.passing)
    if passes is not None:
        hands = exchange(hands, passes[1], passes[0])
        masks = [sum(1 << c for c in cards) for cards in hands]
    announcement = book.announcement(contract, players)
    trump = read_trump(name, announcement, record.get("trump"))
    start_rank = read_start_rank(name, announcement, record.get("start_rank"))
    raw_plays = record.get("plays", [])
    if not isinstance(raw_plays, list):
        raise bad_record("malformed record: 'plays' must be a list")
    plays = [read_move(text, index) for index, text in enumerate(raw_plays)]
    doubles = read_doubles(record.get("doubles"), players)
    return Record(contract, name, declarer, trump, start_rank, hands, masks, plays, doubles, passes)


PASS_DIRECTIONS = ("left", "right", "across", "hold")
"""Where passed cards go (docs/rules.md section 6, Passing)."""


def receiver(seat: int, direction: str, players: int) -> int:
    """The seat that receives the cards ``seat`` passes ``direction``:
    left is the next seat (seat i+1 sits on seat i's left), right the one
    before, across the seat opposite; hold keeps them."""
    step = {"left": 1, "right": -1, "across": players // 2}.get(direction, 0)
    return (seat + step) % players


def exchange(hands: Sequence[Sequence[int]], given: Sequence[Sequence[int]], direction: str) -> list[list[int]]:
    """Each seat's cards once every seat has passed its ``given`` cards
    ``direction``, all at once, in card order."""
    players = len(hands)
    kept = [set(cards) - set(gone) for cards, gone in zip(hands, given, strict=True)]
    for seat, gone in enumerate(given):
        kept[receiver(seat, direction, players)].update(gone)
    return [sorted(cards) for cards in kept]


def discard(hands: Sequence[Sequence[int]], given: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each seat's cards once the dealer has discarded its ``given`` cards
    (docs/rules.md section 6, Packs, decks and player counts: ``leftover:
    dealer discards``), in card order; the other seats give none."""
    return [sorted(set(cards) - set(gone)) for cards, gone in zip(hands, given, strict=True)]


def read_discards(value: Any, hands: list[list[int]]) -> list[list[int]]:
    """The dealt ``hands`` less a record's ``discards`` (the cards the
    dealer discarded, docs/rules.md section 6, Packs, decks and player
    counts): all of them from the one hand dealt the cards left over; the
    hands as they are when the record has none."""
    if value is None:
        return hands
    if not isinstance(value, list):
        raise bad_record("malformed record: 'discards' must be a list of cards")
    cards = read_cards(value, "the discards")
    if len(set(cards)) != len(cards):
        raise bad_record("wrong discards: a card is discarded twice")
    most = max(len(hand) for hand in hands)
    dealer = next((seat for seat, hand in enumerate(hands) if len(hand) == most), 0)
    foreign = [c for c in cards if c not in hands[dealer]]
    if foreign or not cards or any(len(hand) != most - len(cards) for seat, hand in enumerate(hands) if seat != dealer):
        raise bad_record("wrong discards: the dealer discards the cards it holds beyond the others' hands")
    return [sorted(set(hand) - set(cards)) if seat == dealer else hand for seat, hand in enumerate(hands)]


def read_passes(
    value: Any, hands: list[list[int]], passing: tuple[int, tuple[str, ...]]
) -> tuple[str, list[list[int]]] | None:
    """A record's ``passes`` (``{"direction": "left", "cards": [[...], ...]}``,
    each seat's cards given), checked against the dealt ``hands`` and the
    spec's ``passing`` (its cards and cycle); None when absent or held."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("cards"), list):
        raise bad_record('malformed record: \'passes\' must be {"direction": ..., "cards": [[...], ...]}')
    count, cycle = passing
    direction = value.get("direction")
    if direction not in PASS_DIRECTIONS:
        raise bad_record(f"unknown pass direction {_shown(direction)} (left, right, across or hold)")
    if direction == "hold":
        return None
    if direction not in cycle:
        allowed = ", ".join(d for d in cycle if d != "hold") or "none: the spec has no passing"
        raise bad_record(f"wrong passes: the spec does not pass {direction} (it passes: {allowed})")
    players = len(hands)
    if direction == "across" and players % 2:
        raise bad_record(f"wrong passes: nobody sits across with {players} players")
    raw = value["cards"]
    if len(raw) != players or not all(isinstance(cards, list) for cards in raw):
        raise bad_record(f"malformed record: 'passes' gives a list of cards for each of the {players} seats")
    given = [read_cards(cards, f"seat {seat}'s passes") for seat, cards in enumerate(raw)]
    for seat, cards in enumerate(given):
        if len(cards) != count:
            raise bad_record(f"wrong passes: seat {seat} passes {len(cards)} cards, not {count}")
        if len(set(cards)) != len(cards):
            raise bad_record(f"wrong passes: seat {seat} passes a card twice")
        foreign = [c for c in cards if c not in hands[seat]]
        if foreign:
            raise bad_record(f"wrong passes: seat {seat} passes {CARD_STRS[foreign[0]]}, which it was not dealt")
    return direction, given


def read_card(text: Any, where: str) -> int:
    """A card as records write it (case-insensitive), or a ``bad_record``
    error naming ``where`` it was."""
    card = CARD_OF.get(text) if text.__class__ is str else None
    if card is None:
        card = parse_record_card(text) if isinstance(text, str) else None
        if card is None:
            raise bad_record(f"unknown card {_shown(text)} in {where}")
    return card


def read_cards(cards: list[Any], where: str) -> list[int]:
    """The cards of a seat's hand in a record."""
    return [read_card(text, where) for text in cards]


def read_move(text: Any, index: int) -> int:
    """A play of a record: a card, or ``pass``."""
    card = CARD_OF.get(text) if text.__class__ is str else None
    if card is not None:
        return card
    if isinstance(text, str) and text.strip().lower() == "pass":
        return PASS
    return read_card(text, f"play {index}")


def check_deal(hands: list[list[int]], deck: int) -> list[int]:
    """Each seat's cards as a mask, once the deal is checked: no card twice,
    every card of ``deck`` and none other, equal hands; but for the cards
    left over when ``deck`` does not deal out evenly, which no hand holds
    (they are the widow: docs/rules.md section 6)."""
    players = len(hands)
    seen = 0
    masks = []
    for cards in hands:
        before = seen
        for c in cards:
            bit = 1 << c
            if seen & bit:
                raise bad_record(f"wrong deal: duplicated card {CARD_STRS[c]}")
            seen |= bit
        masks.append(seen ^ before)
    extra = seen & ~deck
    if extra:
        raise bad_record(
            f"wrong deal: {', '.join(CARD_STRS[c] for c in cards_of(extra))} not in the deck for {players} players"
        )
    size = deck.bit_count() // players
    missing = deck & ~seen
    if missing.bit_count() > deck.bit_count() - size * players:
        raise bad_record(f"wrong deal: missing cards {', '.join(CARD_STRS[c] for c in cards_of(missing))}")
    for seat, cards in enumerate(hands):
        if len(cards) != size:
            raise bad_record(f"wrong hand sizes: seat {seat} holds {len(cards)} cards, not {size}")
    return masks


def read_trump(name: str, announcement: Announcement, value: Any) -> int | None:
    """The trump suit a record names for contract ``name``: needed when the
    declarer names it, refused when the contract has none or fixes another."""
    trumps, fixed = announcement.trumps, announcement.trump_suit
    if value is None:
        if trumps == "named":
            raise bad_record(f"missing trump: in {name} the declarer names the trump suit")
        return None
    suit = parse_suit(value) if isinstance(value, str) else None
    if suit is None:
        raise bad_record(f"unknown trump suit {_shown(value)}")
    if trumps == "none":
        raise bad_record(f"{name} has no trumps, but the record names {SUIT_NAMES[suit]}")
    if fixed is not None and fixed != suit:
        raise bad_record(f"{name} is played with {SUIT_NAMES[fixed]} as trumps, not {SUIT_NAMES[suit]}")
    return suit


def read_start_rank(name: str, announcement: Announcement, value: Any) -> int | None:
    """The starting rank a record names for domino contract ``name``: needed
    when the declarer names it, refused when the first card sets it, the
    contract fixes another, or it plays tricks."""
    start, fixed = announcement.start, announcement.start_rank
    if value is None:
        if start == "chosen":
            raise bad_record(f"missing start rank: in {name} the declarer names the starting rank")
        return None
    rank: int | None = None
    if is_int(value):
        rank = value if 2 <= value <= 14 else None
    elif isinstance(value, str):
        rank = parse_rank(value)
    if rank is None:
        raise bad_record(f"unknown starting rank {_shown(value)}")
    if start is None:
        raise bad_record(f"{name} is not a domino contract, but the record names a starting rank")
    if start == "first-card":
        raise bad_record(f"in {name} the declarer's first card sets the starting rank")
    if fixed is not None and fixed != rank:
        raise bad_record(f"{name} starts from {RANK_TEXT[fixed]}, not {RANK_TEXT[rank]}")
    return rank


def read_doubles(raw_doubles: Any, players: int) -> list[Pair]:
    """A record's doubles as ``(doubler, doubled)`` seats."""
    if raw_doubles is None:
        return []
    if not isinstance(raw_doubles, list):
        raise bad_record("malformed record: 'doubles' must be a list of [doubler, doubled] pairs")
    doubles = []
    for pair in raw_doubles:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(is_int(s) for s in pair)
            or not all(0 <= s < players for s in pair)
        ):
            raise bad_record(f"malformed double {json.dumps(pair)}: expected [doubler, doubled] seats")
        doubles.append((pair[0], pair[1]))
    return doubles


# --------------------------------------------------------------------------
# The result objects.


def not_played(raw: list[int]) -> dict[str, Any]:
    """The result of a hand that is not played: ``raw`` is its split."""
    return {"status": "not_played", "raw": raw, "transfers": [0] * len(raw), "final": raw}


def in_progress(to_play: int, legal: list[str], raw: list[int], placings: list[int] | None) -> dict[str, Any]:
    """The result of a hand still being played (``placings`` in domino)."""
    result: dict[str, Any] = {"status": "in_progress", "to_play": to_play, "legal": legal, "raw": raw}
    if placings is not None:
        result["placings"] = placings
    return result


def complete(
    tricks_played: int | None, raw: list[int], placings: list[int] | None, transfers: list[int]
) -> dict[str, Any]:
    """The result of a hand played to its end: ``tricks_played`` in trick
    play, ``placings`` in domino."""
    result: dict[str, Any] = {"status": "complete"}
    if tricks_played is not None:
        result["tricks_played"] = tricks_played
    result["raw"] = raw
    if placings is not None:
        result["placings"] = placings
    result["transfers"] = transfers
    result["final"] = [r + t for r, t in zip(raw, transfers, strict=True)]
    return result


def exit_status(result: dict[str, Any]) -> int:
    """0 for a result, 1 for a broken rule, 2 for an unreadable record."""
    error = result.get("error")
    if error is None:
        return 0
    return 2 if error.get("kind") == "bad_record" else 1


def worst_status(results: Sequence[dict[str, Any]]) -> int:
    """The exit status of a file of results: the worst of them."""
    return max((exit_status(r) for r in results), default=0)


LINE_ERRORS = 10
"""How many lines of a JSON Lines file that are not JSON are reported one
by one; the rest are counted in one more error, so a file that is not
JSON Lines at all gives a few lines of errors, not one per line."""

_POSITION = re.compile(r"^(?P<message>.*): line (?P<line>\d+) column (?P<column>\d+) \(char \d+\)$", re.DOTALL)


def _located(error: ValueError, first_line: int = 1) -> str:
    """A JSON error as ``line L, column C: what``, its line counted from
    ``first_line`` (a line of a JSON Lines file is read on its own)."""
    found = _POSITION.match(str(error))
    if found is None:
        return f"line {first_line}: {error}"
    line = int(found["line"]) + first_line - 1
    return f"line {line}, column {found['column']}: {found['message']}"


def _parses(text: str, loads: Callable[[str], Any]) -> bool:
    try:
        loads(text)
    except ValueError:
        return False
    return True


def replay_text(
    text: str, replay: Callable[[Any], dict[str, Any]], loads: Callable[[str], Any], lines: bool | None = None
) -> list[dict[str, Any]]:
    """Replay one JSON object or JSON Lines with ``replay`` (record →
    result object), reading JSON with ``loads`` (which raises ValueError).

    ``lines`` is True for JSON Lines (a ``.jsonl`` file), False for one
    JSON document (a ``.json`` file), None to decide from the text: one
    JSON value is one record; otherwise, when its first line is a JSON
    value on its own, each non-blank line is one, else it is one document
    that is malformed.  A malformed document is one error, at its line and
    column (with a hint when its first line reads as JSON Lines); a JSON
    Lines file that starts with one JSON object written over several lines
    is one error too; otherwise the first :data:`LINE_ERRORS` lines that
    are not JSON are reported and the rest counted.  Lines end at ``\\n``
    only (JSON strings may hold U+2028)."""
    records = [line.removesuffix("\r") for line in text.split("\n")]
    filled = [(number, line) for number, line in enumerate(records, 1) if line.strip()]
    first_alone = bool(filled) and _parses(filled[0][1], loads)
    if not lines:
        try:
            return [replay(loads(text))]
        except ValueError as error:
            if lines is False and first_alone and len(filled) > 1:
                number, line = next(((n, t) for n, t in filled if not _parses(t, loads)), filled[1])
                problem = _located(_line_error(line, loads), number)
                return [
                    bad_record(
                        f"malformed JSON on {problem}; hint: a .json file holds one record, and this one "
                        "reads as JSON Lines (one record a line): name it .jsonl"
                    ).as_json()
                ]
            if lines is False or not first_alone or len(filled) < 2:
                return [bad_record(f"malformed JSON at {_located(error)}").as_json()]
    elif filled and not first_alone and len(filled) > 1 and filled[0][1].lstrip()[:1] in "{[":
        spread = _spread_over_lines(text, filled[0][0], loads)
        if spread is not None:
            return [spread]
    results = []
    malformed = 0
    for number, line in filled:
        try:
            record = loads(line)
        except ValueError as error:
            malformed += 1
            if malformed <= LINE_ERRORS:
                results.append(bad_record(f"malformed JSON on {_located(error, number)}").as_json())
            continue
        results.append(replay(record))
    skipped = malformed - LINE_ERRORS
    if skipped > 0:
        more = "line is" if skipped == 1 else "lines are"
        results.append(bad_record(f"and {skipped} more {more} not JSON").as_json())
    return results


def _line_error(line: str, loads: Callable[[str], Any]) -> ValueError:
    """The error reading ``line`` on its own (it is known not to parse)."""
    try:
        loads(line)
    except ValueError as error:
        return error
    return ValueError("not a JSON value")


def _spread_over_lines(text: str, first: int, loads: Callable[[str], Any]) -> dict[str, Any] | None:
    """The one error of a JSON Lines file whose line ``first`` starts a
    JSON value that goes on over the next lines (a pretty-printed record):
    the whole text is one JSON value, or reading it as one fails on a later
    line.  None when the text does not start so."""
    try:
        loads(text)
        where = ""
    except ValueError as error:
        found = _POSITION.match(str(error))
        if found is None or int(found["line"]) <= first:
            return None
        where = f"; read as one JSON document it is malformed at {_located(error)}"
    return bad_record(
        f"line {first} starts a JSON value written over several lines, but JSON Lines holds one "
        f"record a line{where}; hint: write each record on one line, or save one record as "
        ".json"
    ).as_json()


def replay_one(record: Any, replay: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The JSON object ``barbu replay --json`` prints for one record: the
    result of ``replay``, or ``{"error": {...}}``."""
    try:
        return replay(record)
    except RecordError as error:
        return error.as_json()
