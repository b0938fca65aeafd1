"""docs/rules.md section 6, Packs, decks and player counts: a spec with a
widow generates a package that deals it and replays its hands as the
interpreter does, with either ruling (tests/generator/widow.yaml)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from barbu_dsl.engine import deal, replay_record
from barbu_dsl.engine.deal import widow_of
from barbu_dsl.generator import generate_files
from barbu_dsl.generator.naming import package_name
from barbu_dsl.language import load_spec

from .conftest import load_package, write

WIDOW = str(Path(__file__).with_name("widow.yaml"))
DISCARDS = str(Path(__file__).with_name("discards.yaml"))


def without_reason(result: dict) -> dict:
    error = result.get("error")
    return {"error": {k: v for k, v in error.items() if k != "reason"}} if error else result


@pytest.mark.parametrize("ref", [WIDOW, WIDOW + "+aside"], ids=["first trick", "aside"])
def test_the_suite_of_a_widow_spec_passes_against_both(tmp_path, ref: str) -> None:
    """Section 6: every generated case (hands dealt with a widow, the widow
    taken or set aside) replays the same in the interpreter and the package."""
    spec = load_spec(ref)
    write(tmp_path, generate_files(spec))
    name = package_name(spec.full_name)
    package = load_package(tmp_path / name, f"widow_suite_{name}")
    lines = (tmp_path / "conformance" / name / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    dealt = [c["record"]["hands"] for c in cases if isinstance(c["record"], dict)
             and isinstance(c["record"].get("hands"), list) and c["record"]["hands"]]
    widowed = [hands for hands in dealt if sum(map(len, hands)) in (50, 51)]
    assert len(cases) > 50 and widowed, "some cases are dealt with a widow"
    for case in cases:
        expected = without_reason(case["expected"])
        assert without_reason(replay_record(spec, case["record"])) == expected, case["name"]
        assert without_reason(package.replay(case["record"])) == expected, case["name"]


def test_the_package_deals_the_widow_as_the_interpreter(tmp_path) -> None:
    """Section 6: the seeded deal gives every seat ten cards at five players,
    the same hands as the interpreter; a random hand plays out from a deck
    that leaves two cards over."""
    spec = load_spec(WIDOW)
    write(tmp_path, generate_files(spec, conformance=False))
    package = load_package(tmp_path / "widow", "widow_deal")
    for seed in range(5):
        masks = package.deal_masks_of(seed, 5)
        hands = deal(spec, 5, seed)
        assert masks == [sum(1 << c for c in cards) for cards in hands]
        assert len(widow_of(spec, hands)) == 2
    rng = random.Random(1)
    for contract in ("Hearts", "Queens", "Last", "Domino"):
        raw = package.rollout(contract, rng, players=5)
        assert len(raw) == 5


def test_the_package_replays_the_dealers_discards_as_the_interpreter(tmp_path) -> None:
    """Section 6, ``leftover: dealer discards``: the records keep the hands as
    dealt and the dealer's discards; the package removes them before play
    and scores every hand as the interpreter does."""
    from barbu_dsl.bots import make_bots
    from barbu_dsl.engine import GameState
    from barbu_dsl.engine.game import play
    from barbu_dsl.language import parse_spec

    spec = parse_spec("name: discards\nplayers: 3-5\ndoubling: false\nleftover: dealer discards\ncontracts:\n"
                      "  Hearts: −1 per ♥, Q♠ −13, 2♣ leads\n  Last: −10 last trick\n", "discards")
    write(tmp_path, generate_files(spec, conformance=False))
    package = load_package(tmp_path / "discards", "discards_replay")
    for players in (3, 5):
        state = GameState.new(spec, players=players, seed=players)
        play(state, make_bots(("rules",) * players, players, players))
        for record in state.records():
            assert len(record["discards"]) == 52 % players
            assert package.replay(record) == replay_record(spec, record)


def dealt_to(spec, players: int, seed: int, dealer: int) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """The hands of ``seed`` as the game deals them with ``leftover: dealer
    discards``: the cards left over to ``dealer`` (docs/rules.md section 6)."""
    hands = [list(cards) for cards in deal(spec, players, seed)]
    hands[dealer] = sorted([*hands[dealer], *widow_of(spec, hands)])
    return hands


@pytest.mark.parametrize("players", [3, 5])
def test_the_package_rollout_discards_and_plays_as_the_interpreter(packages, players: int) -> None:
    """Section 6, ``leftover: dealer discards``: from the hands as dealt
    (the dealer's with the cards left over) the rollout has the dealer
    discard as many cards, then plays; the interpreter, given the same
    discards, finds every move legal and the same raw scores."""
    from barbu_dsl.engine import hand_for
    from barbu_dsl.runtime.records import discard

    spec = load_spec(DISCARDS)
    package = packages(DISCARDS)
    extra = 52 % players
    others = 0  # discards that are not the cards left over
    for seed in range(12):
        dealer, declarer = seed % players, (seed + 1) % players
        hands = dealt_to(spec, players, seed, dealer)
        contract = spec.contracts[seed % len(spec.contracts)]
        trump = seed % 4 if contract.name == "Last" else None  # named by the declarer
        start = 2 + seed % 13 if contract.rules_for(players).is_domino else None  # the starting rank, named too
        moves: list[int] = []
        discards: list[int] = []
        raw = package.rollout(contract.name, random.Random(seed), hands=hands, declarer=declarer, trump=trump,
                              start_rank=start, moves=moves, discards=discards)
        assert len(discards) == extra and set(discards) <= set(hands[dealer])
        others += len(set(discards) - set(widow_of(spec, deal(spec, players, seed))))
        played = discard(hands, [discards if seat == dealer else [] for seat in range(players)])
        hand = hand_for(spec, contract, played, declarer, trump=trump, start_rank=start)
        for move in moves:
            hand.play(move)
        assert hand.is_over and hand.raw_scores() == raw, (seed, contract.name)
    assert others > 6 * extra, "the dealer discards any of its cards, at random"


def test_a_random_rollout_deals_the_cards_left_over_to_the_declarer_who_discards(packages) -> None:
    """Section 6: in a random hand the declarer deals, is dealt the cards
    left over and discards as many; ``make_rollout`` plays the same hands
    as ``rollout`` for the same generator."""
    package = packages(DISCARDS)
    for players in (3, 5):
        for contract in ("Hearts", "Last", "Domino"):
            playout = package.make_rollout(contract, players, 1)
            for seed in range(4):
                discards: list[int] = []
                raw = package.rollout(contract, random.Random(seed), players=players, declarer=1, discards=discards)
                assert raw == playout(random.Random(seed))
                assert len(discards) == 52 % players


def test_the_package_score_sheet_leaves_a_card_set_aside_without_a_taker(packages) -> None:
    """Section 6: a card with a value of its own that lay in the widow set
    aside has no taker; the package's ``score_hand`` scores the hand as the
    interpreter's sheet does, and refuses it where the widow is taken."""
    from barbu_dsl.sheet.hand import score_hand

    hand = {"contract": "Hearts", "declarer": 0, "took": {"cards": {"H": [3, 3, 3, 2, 1]}, "card": {}}}
    scored, problems = score_hand(load_spec(WIDOW + "+aside"), 5, hand)
    assert not problems and scored is not None
    assert packages(WIDOW + "+aside").score_hand(hand, 5)["raw"] == list(scored.raw) == [-3, -3, -3, -2, -1]
    with pytest.raises(Exception, match="QS"):
        packages(WIDOW).score_hand({**hand, "took": {"cards": {"H": [3, 3, 3, 2, 2]}, "card": {}}}, 5)


def test_the_package_rollout_takes_the_widow_with_the_first_trick(packages) -> None:
    """Section 6, ``leftover: widow to first trick``: the rollout (recorded
    moves and the fast path alike) gives the widow, the deck's cards in no
    hand, with its points to the taker of the first trick and ends early as
    the interpreter does; the interpreter and the package's move API,
    playing its moves on the same hands, score the same.  A random deal's
    widow is the cards dealt to no hand."""
    from barbu_dsl.engine import hand_for

    spec = load_spec(WIDOW)
    package = packages(WIDOW)
    tricks = [c for c in spec.contracts if not c.rules_for(3).is_domino]
    points = 0  # hands whose widow held a card with a value of its own
    for players in (3, 4, 5):
        deck_bits = tuple(1 << c for c in package.cards_of(package.DECKS[players]))
        for seed in range(10):
            declarer = seed % players
            for contract in tricks:
                rng = random.Random(seed)
                moves: list[int] = []
                raw = package.rollout(contract.name, rng, players=players, declarer=declarer, moves=moves)
                rng = random.Random(seed)
                masks = package.bits.deal_masks(deck_bits, players, rng.getrandbits)  # the same random deal
                hands = [package.cards_of(mask) for mask in masks]
                assert package.rollout(contract.name, rng, hands=hands, declarer=declarer) == raw
                assert package.make_rollout(contract.name, players, declarer)(random.Random(seed)) == raw
                widow = widow_of(spec, hands)
                assert len(widow) == 52 % players
                points += any(c // 13 == 2 or c % 13 == 10 for c in widow) and contract.name != "Last"
                hand = hand_for(spec, contract, hands, declarer)
                mine = package.start_hand(contract.name, hands, declarer)
                for move in moves:
                    hand.play(move)
                    mine.play(move)
                assert hand.is_over and hand.raw_scores() == raw == mine.raw_scores(), (players, seed, contract.name)
                if contract.name == "Hearts":  # the whole pack's points are taken, or a moon's
                    assert sum(raw) in (-26, -26 * (players - 1)), (players, seed)
    assert points > 10, "some widows hold cards that score"


WIDOW_SLAM = str(Path(__file__).with_name("widow_slam.yaml"))


def slam_hands(widow: int) -> list[list[int]]:
    """Three hands of 17 cards (docs/rules.md section 6) that leave the one
    card ``widow`` to the widow: seat 0 holds every spade and the four top
    hearts, so that it takes every trick it leads, whatever is played."""
    spades, top_hearts = list(range(39, 52)), [35, 36, 37, 38]
    rest = [c for c in range(35) if c != widow]
    return [sorted([*spades, *top_hearts]), rest[:17], rest[17:]]


def test_a_widow_is_not_a_trick(packages) -> None:
    """Section 6, ``leftover: widow to first trick`` beside ``+30 for all
    tricks instead`` and ``+10 for no trick`` (Taking all or none): the seat
    that takes every trick and the widow has taken every trick, in the
    rollout, the move API and the interpreter alike; an opening card (2♣)
    in the widow is led as if the contract had none (the declarer leads);
    a heart in the widow (2♥) scores for the taker of the first trick."""
    from barbu_dsl.engine import hand_for

    spec = load_spec(WIDOW_SLAM)
    package = packages(WIDOW_SLAM)
    for contract, seed, card in itertools.product(spec.contracts, range(4), (0, 26)):
        hands = slam_hands(card)
        assert widow_of(spec, hands) == (card,)
        moves: list[int] = []
        raw = package.rollout(contract.name, random.Random(seed), hands=hands, declarer=0, moves=moves)
        assert package.rollout(contract.name, random.Random(seed), hands=hands, declarer=0) == raw
        hand = hand_for(spec, contract, hands, 0)
        mine = package.start_hand(contract.name, hands, 0)
        for move in moves:
            hand.play(move)
            mine.play(move)
        assert hand.is_over and hand.raw_scores() == raw == mine.raw_scores(), (contract.name, seed, card)
        if card == 0 or contract.name == "Slam":  # the declarer leads, takes every trick and the widow
            assert moves[0] in hands[0]
            assert raw == ([30, 0, 0] if contract.name == "Slam" else [-26, 5, 5]), (contract.name, seed, card)
        else:  # seat 1 leads 2♣ to the first trick and one of seats 1 and 2 takes it, with 2♥
            assert moves[0] == 0 and 26 in hand.captured(1) + hand.captured(2)
