"""The generated package's move API and replay against the interpreter, and
against the implementation they replaced.

In one run, for random hands of the tournament's contracts:

* **move API**: hands per second driven move by move through the
  package's documented API, ``new_hand(seed, contract)``, then
  ``rng.choice(legal_moves(hand))`` and ``play(hand, move)`` to the end
  (cards as strings at the edge), against the interpreter
  (``deal`` + ``hand_for``, ``hand.legal_moves()`` / ``hand.play()`` on
  ints), and against the previous implementation of the API, kept below:
  a deal written out as strings and parsed back, a string round trip per
  move through a parser that folds case on every call;
* **replay**: hand records per second through the package's ``replay``,
  against the interpreter's ``replay_record`` and against the package's
  replay with its previous card reading (the package's record reader,
  ``records``, with the old parser put back and no look-up in the table
  of card names first).

Every figure is the best of several rounds, interleaved, in CPU time of
this process; read the ratios.  ``--tiny`` measures one round of 0.01 s.

    python benchmarks/move_api_speed.py [--rounds 20] [--seconds 0.25] [--tiny]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generated_speed import generated_package
from tiny import parse_args

# --------------------------------------------------------------------------
# The previous implementation of the generated move API and card reading.

_OLD_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10}
_OLD_SUITS = {"S": 3, "H": 2, "D": 1, "C": 0, "♠": 3, "♥": 2, "♦": 1, "♣": 0}


def old_parse_record_card(text: str) -> int | None:
    key = text.strip().upper()
    if len(key) < 2:
        return None
    rank = _OLD_RANKS.get(key[:-1])
    if rank is None and key[:-1].isdigit() and len(key) == 2 and "2" <= key[0] <= "9":
        rank = int(key[0])
    suit = _OLD_SUITS.get(key[-1])
    if rank is None or suit is None:
        return None
    return suit * 13 + rank - 2


class OldAPI:
    """``new_hand`` / ``legal_moves`` / ``play`` as they were."""

    def __init__(self, package: Any) -> None:
        self.package = package
        self.deck = {n: tuple(package.cards.cards_of(deck)) for n, deck in package.DECKS.items()}

    def card(self, card: str | int) -> int:
        if isinstance(card, int):
            return card
        if card.strip().lower() == "pass":
            return -1
        parsed = old_parse_record_card(card)
        if parsed is None:
            raise ValueError(card)
        return parsed

    def deal(self, seed: int, players: int = 4) -> list[list[str]]:
        cards = list(self.deck[players])
        random.Random(seed).shuffle(cards)
        size = len(cards) // players
        move_str = self.package.cards.move_str
        return [[move_str(c) for c in sorted(cards[i * size:(i + 1) * size])] for i in range(players)]

    def new_hand(self, seed: int, contract: str, trump: int | None, start_rank: int | None) -> Any:
        module = self.package.registry.find(contract)
        hands = self.deal(seed)
        masks = []
        seen = 0
        for cards in hands:
            mask = 0
            for card in cards:
                mask |= 1 << self.card(card)
            if mask & seen or mask.bit_count() != len(cards):
                raise ValueError("the hands share cards")
            seen |= mask
            masks.append(mask)
        return module.RULES[len(hands)](masks, 0, trump, start_rank)

    def legal_moves(self, hand: Any) -> list[str]:
        return [self.package.cards.move_str(move) for move in hand.legal_moves()]

    def play(self, hand: Any, move: str) -> None:
        hand.play(self.card(move))


# --------------------------------------------------------------------------


def rate(play_one: Callable[[], object], seconds: float) -> float:
    """Calls per second of CPU time (this process's alone, so that another
    program on the core does not count against it) over about ``seconds``."""
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10):
            play_one()
        count += 10
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.25)
    args = parse_args(parser, rounds=1, seconds=0.01)

    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine import deal, hand_for, play_game, replay_record
    from barbu_dsl.language import load_spec
    from barbu_dsl.language import model as m

    spec = load_spec("tournament")
    package = generated_package("tournament", None)
    old = OldAPI(package)
    rng = random.Random(1)
    contracts = [c for c in spec.contracts]

    def setup() -> tuple[int, m.Contract, int | None, int | None]:
        contract = rng.choice(contracts)
        play = contract.rules_for(4).play
        trump = rng.randrange(4) if isinstance(play, m.TrickPlay) and play.trumps is not None else None
        rank = rng.randrange(2, 15) if isinstance(play, m.DominoPlay) else None
        return rng.getrandbits(32), contract, trump, rank

    def interpreter() -> None:
        seed, contract, trump, rank = setup()
        hand = hand_for(spec, contract, deal(spec, 4, seed), 0, trump=trump, start_rank=rank)
        while not hand.is_over:
            hand.play(rng.choice(hand.legal_moves()))

    def generated_now() -> None:
        seed, contract, trump, rank = setup()
        hand = package.new_hand(seed, contract.name, trump=trump, start_rank=rank)
        while hand.to_play is not None:
            package.play(hand, rng.choice(package.legal_moves(hand)))

    def generated_before() -> None:
        seed, contract, trump, rank = setup()
        hand = old.new_hand(seed, contract.name, trump, rank)
        while hand.to_play is not None:
            old.play(hand, rng.choice(old.legal_moves(hand)))

    records: list[dict[str, Any]] = []
    for seed in range(6):
        records.extend(play_game(spec, make_bots(["random"], 4, seed), seed, 4).records())
    reader = sys.modules[package.__name__ + ".records"]  # the record reader the package's replay calls

    def old_read_card(text: Any, where: str) -> int:
        card = old_parse_record_card(text) if isinstance(text, str) else None
        if card is None:
            raise reader.bad_record(f"unknown card {text!r} in {where}")
        return card

    def old_read_move(text: Any, index: int) -> int:
        if isinstance(text, str) and text.strip().lower() == "pass":
            return reader.PASS
        return old_read_card(text, f"play {index}")

    def old_read_cards(cards: list[Any], where: str) -> list[int]:
        return [old_read_card(text, where) for text in cards]

    # The previous card reading: every card through the parser that folds
    # case on every call (no look-up in the table of card names first).
    old_reading: dict[str, Callable[..., Any]] = {
        "parse_record_card": old_parse_record_card, "read_card": old_read_card, "read_move": old_read_move,
        "read_cards": old_read_cards}

    @contextmanager
    def card_reading(reading: dict[str, Callable[..., Any]]) -> Iterator[None]:
        """The record reader with ``reading``'s functions put in for a while."""
        saved = {name: getattr(reader, name) for name in reading}
        for name, function in reading.items():
            setattr(reader, name, function)
        try:
            yield
        finally:
            for name, function in saved.items():
                setattr(reader, name, function)

    def replay_with(reading: dict[str, Callable[..., Any]]) -> Callable[[], None]:
        def run() -> None:
            with card_reading(reading):
                for record in records:
                    package.replay(record)
        return run

    def interpreter_replay() -> None:
        for record in records:
            replay_record(spec, record)

    for record in records[:40]:  # the three replays agree
        assert package.replay(record) == replay_record(spec, record)
    with card_reading(old_reading):
        before = [package.replay(record) for record in records[:40]]
    assert before == [package.replay(record) for record in records[:40]]
    runs = {"move: interpreter": interpreter, "move: generated": generated_now, "move: generated before": generated_before,
            "replay: interpreter": interpreter_replay, "replay: generated": replay_with({}),
            "replay: generated before": replay_with(old_reading)}
    best = dict.fromkeys(runs, 0.0)
    for _ in range(args.rounds):
        for name, run in runs.items():
            best[name] = max(best[name], rate(run, args.seconds) * (len(records) if name.startswith("replay") else 1))
    print(f"best of {args.rounds} rounds of {args.seconds} s (Python {sys.version.split()[0]}); "
          f"move API: random tournament hands per second; replay: records per second ({len(records)} records)")
    for name, value in best.items():
        print(f"  {name:26} {value:10,.0f}")
    print(f"move API, generated / interpreter:        {best['move: generated'] / best['move: interpreter']:.2f}")
    print(f"move API, generated / generated before:   {best['move: generated'] / best['move: generated before']:.2f}")
    print(f"replay, generated / generated before:     "
          f"{best['replay: generated'] / best['replay: generated before']:.2f}")
    print(f"replay, generated / interpreter:          {best['replay: generated'] / best['replay: interpreter']:.2f}")


if __name__ == "__main__":
    main()
