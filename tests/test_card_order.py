"""Card orders other than natural or ``2 high`` (docs/rules.md section 6,
Card orders): ``order A 10 K Q J 9 8 7`` read, printed back and checked,
trick winners and play by the order, and its words in ``explain``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import SpecError
from barbu_dsl import cards as C
from barbu_dsl.engine import deal, hand_for, replay_record
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.rules import rules_text

PIQUET = "deck: piquet\ncontracts:\n  Tens: order A 10 K Q J 9 8 7, −2 per 10\n"


def _spec(text: str = PIQUET) -> m.Spec:
    return parse_spec(text, "order.yaml")


def _messages(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "order.yaml")
    return [d.message for d in caught.value.diagnostics]


def test_an_order_is_read_and_printed_back() -> None:
    """docs/rules.md section 6, Card orders: the ranks from strongest to
    weakest, printed back as written (``barbu fmt``), letters or words."""
    read = _spec("deck: piquet\ncontracts:\n  Tens: −2 per 10, order ace ten king queen jack 9 8 7\n")
    play = read.contracts[0].rules.play
    assert isinstance(play, m.TrickPlay)
    assert play.order == (14, 10, 13, 12, 11, 9, 8, 7)
    assert rules_text(read.contracts[0].rules) == "order A 10 K Q J 9 8 7, −2 per ten"
    again = parse_spec(print_spec(read), "again.yaml")
    assert again.contracts[0].rules == read.contracts[0].rules


def test_a_full_pack_lists_thirteen_ranks() -> None:
    """docs/rules.md section 6, Card orders: a full pack lists all 13 ranks."""
    read = _spec("contracts:\n  Odd: order A 10 K Q J 9 8 7 6 5 4 3 2, −2 per trick\n")
    assert len(read.contracts[0].rules.play.order or ()) == 13  # type: ignore[union-attr]
    assert any("leaves out 6, 5, 4, 3, 2" in message
               for message in _messages("contracts:\n  Odd: order A 10 K Q J 9 8 7, −2 per trick\n"))


@pytest.mark.parametrize(("line", "wanted"), [
    ("order A 10 K Q J 9 8, −2 per trick", "leaves out 7"),
    ("order A 10 K Q J 9 8 2, −2 per trick", "lists 2, which the pack does not hold"),
    ("order A 10 K Q J 10 9 8 7, −2 per trick", "'10' is listed twice in the order"),
    ("2 high, order A 10 K Q J 9 8 7, −2 per trick", "contradicts an earlier clause"),
    ("order A 10 K Q J 9 8 7, order A K Q J 10 9 8 7, −2 per trick", "contradicts an earlier clause"),
    ("domino, order A 10 K Q J 9 8 7, placings +10 −10 0 0", "does not apply to domino"),
])
def test_an_order_that_does_not_order_the_pack_is_refused(line: str, wanted: str) -> None:
    """docs/rules.md section 6, Card orders: every rank of the pack once, not
    beside ``2 high``, once, and not in domino; never "not expressible"."""
    found = _messages(f"deck: piquet\ncontracts:\n  X: {line}\n")
    assert any(wanted in message for message in found), found
    assert not any("not expressible" in message for message in found)


def test_an_order_key_points_to_the_clause() -> None:
    """docs/rules.md section 6, Card orders: a ``card_order`` key says where
    an order is written."""
    found = _messages("card_order: [A, 10, K]\n" + PIQUET)
    assert any("a card order is a clause of a trick contract's rule line" in message for message in found), found


# --------------------------------------------------------------------------
# Play: trick winners by the order, a replayed record, bots


SPEC = str(Path(__file__).with_name("card_order.yaml"))


def _cards(text: str) -> list[int]:
    return [C.parse_card(word) for word in text.split()]  # type: ignore[misc]


HANDS = [_cards("KS AH KH QH JH TH 9H 8H"), _cards("TS AD KD QD JD TD 9D 8D"),
         _cards("QS AC KC QC JC TC 9C 8C"), _cards("JS AS 9S 8S 7S 7H 7D 7C")]


def _first_trick(contract: str, plays: str) -> int:
    hand = hand_for(load_spec(SPEC), contract, HANDS, 0)
    for card in _cards(plays):
        hand.play(card)
    return hand.tricks[0].winner


def test_the_trick_goes_to_the_highest_card_by_the_order() -> None:
    """docs/rules.md section 6, Card orders: the 10 ranks under the ace and
    above the king (10♠ beats K♠); in ``order 7 8 9 J Q K 10 A`` the jack
    beats the queen, king and ten."""
    assert _first_trick("Tens", "KS TS QS JS") == 1
    assert _first_trick("Upside", "KS TS QS JS") == 3


def test_trumps_rank_by_the_order_too() -> None:
    """docs/rules.md section 6, Card orders: among trumps the order decides
    (10♠ over K♠, both ruffing a heart)."""
    hands = [_cards("AH KH QH JH TH 9H 8H 7H"), _cards("TS AD KD QD JD TD 9D 8D"),
             _cards("KS AC KC QC JC TC 9C 8C"), _cards("AS QS JS 9S 8S 7S 7D 7C")]
    hand = hand_for(load_spec(SPEC), "Trumps", hands, 0)
    for card in _cards("AH TS KS"):
        hand.play(card)
    hand.play(C.parse_card("7D"))  # type: ignore[arg-type]
    assert hand.tricks[0].winner == 1


@pytest.mark.parametrize(("rule", "suit"), [("", C.HEARTS), (", order A 10 K Q J 9 8 7", C.CLUBS),
                                             (", 2 high", C.CLUBS)])
def test_the_declarer_weighs_a_suit_by_the_order_to_name_it_trumps(rule: str, suit: int) -> None:
    """docs/rules.md section 6, Card orders (and section 3, ``2 high``): a
    declarer naming trumps takes the longest suit, then the one strongest
    by the contract's order: K Q J of hearts beat A 10 7 of clubs in the
    natural order, not under ``A 10 K Q J …``, where the 10 is second;
    ``2 high`` makes the low clubs the strong ones."""
    from barbu_dsl.engine import SeatView
    from barbu_dsl.engine.bots import RuleBot, named_at_first_sight

    spec = _spec(f"deck: {'piquet' if 'order' in rule else 52}\ncontracts:\n  Trumps: trumps, +5 per trick{rule}\n")
    held = _cards("AC TC 7C KH QH JH 8D 9S") if "2 high" not in rule else _cards("2C 3C 4C AH KH QH 8D 9S")
    play = spec.contracts[0].rules.play
    assert named_at_first_sight(play, held) == (suit, None)
    view = SeatView(spec, 4, 0, dealt=tuple(held), contract=spec.contracts[0])
    assert RuleBot().choose_trump(view) == suit


def test_a_record_replays_by_the_order() -> None:
    """docs/rules.md section 6, Card orders: a hand record of a contract with
    an order of its own replays to the same tricks and scores."""
    spec = load_spec(SPEC)
    hand = hand_for(spec, "Tens", HANDS, 0)
    for card in _cards("KS TS QS JS"):
        hand.play(card)
    while not hand.is_over:
        hand.play(hand.legal_moves()[-1])
    record = {"contract": "Tens", "declarer": 0, "hands": [[C.card_str(c) for c in h] for h in HANDS],
              "plays": [C.card_str(c) for trick in hand.tricks for c in trick.cards]}
    replayed = replay_record(spec, record)
    assert replayed["raw"] == hand.raw_scores()
    assert hand.tricks[0].winner == 1 and hand.raw_scores()[1] <= -2 - 5  # the 10♠ took the first trick


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bots_play_legal_hands_by_the_order(seed: int) -> None:
    """docs/rules.md section 6, Card orders: the rules and strong bots play
    whole hands of every contract, every move legal, and every trick goes
    to its highest card by the order."""
    from barbu_dsl.engine import SeatView
    from barbu_dsl.engine.bots import RuleBot
    from barbu_dsl.engine.strong import StrongBot

    spec = load_spec(SPEC)
    strength = {rank: 14 - i for i, rank in enumerate((14, 10, 13, 12, 11, 9, 8, 7))}
    hands = [list(h) for h in deal(spec, 4, seed)]
    for name in ("Tens", "Trumps"):
        bots = [StrongBot(f"{seed}/{seat}", think=0.05) if seat % 2 else RuleBot(seed) for seat in range(4)]
        hand = hand_for(spec, name, hands, 0)
        while not hand.is_over:
            seat = hand.to_play
            assert seat is not None
            view = SeatView(spec, 4, seat, declarer=0, contract=spec.contract(name), hand=hand)
            hand.play(bots[seat].choose_move(view))
        for trick in hand.tricks:
            led = C.suit_of(trick.cards[0])
            suit = C.SPADES if name == "Trumps" and any(C.suit_of(c) == C.SPADES for c in trick.cards) else led
            best = max((c for c in trick.cards if C.suit_of(c) == suit), key=lambda c: strength[C.rank_of(c)])
            assert trick.cards[(trick.winner - trick.leader) % 4] == best


@settings(max_examples=30, deadline=None, database=None)
@given(order=st.permutations(range(2, 15)), seed=st.integers(0, 2**32 - 1), trumps=st.booleans())
def test_every_trick_goes_to_its_highest_card_by_any_order(order: list[int], seed: int, trumps: bool) -> None:
    """docs/rules.md section 6, Card orders: whatever the order of the 13
    ranks, with or without trumps, random legal play gives every trick to
    the highest card of the led suit by the order, or the highest trump."""
    written = " ".join(C.rank_str(rank) for rank in order)
    line = f"trumps ♥, order {written}, −2 per trick" if trumps else f"order {written}, −2 per trick"
    spec = parse_spec(f"players: 4\ncontracts:\n  X: {line}\n", "any.yaml")
    strength = {rank: -i for i, rank in enumerate(order)}
    chooser = random.Random(seed)
    hand = hand_for(spec, "X", [list(h) for h in deal(spec, 4, seed)], 0, early_end=False)
    while not hand.is_over:
        hand.play(chooser.choice(hand.legal_moves()))
    assert len(hand.tricks) == 13
    for trick in hand.tricks:
        ruffed = trumps and any(C.suit_of(c) == C.HEARTS for c in trick.cards)
        suit = C.HEARTS if ruffed else C.suit_of(trick.cards[0])
        best = max((c for c in trick.cards if C.suit_of(c) == suit), key=lambda c: strength[C.rank_of(c)])
        assert trick.cards[(trick.winner - trick.leader) % 4] == best


# --------------------------------------------------------------------------
# Explain


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "Cards rank A 10 K Q J 9 8 7 in every suit."),
    ("it", "In ogni seme le carte si ordinano A 10 K Q J 9 8 7, dalla più alta alla più bassa."),
    ("fr", "Dans chaque couleur, les cartes se classent A 10 K Q J 9 8 7, de la plus forte à la plus faible."),
    ("pt", "Em cada naipe, as cartas ordenam-se A 10 K Q J 9 8 7, da mais alta à mais baixa."),
])
def test_the_order_is_explained(language: str, sentence: str) -> None:
    """docs/rules.md section 6, Card orders: ``barbu explain`` says the order
    in four languages, for plain suits and trumps alike."""
    from barbu_dsl.explain import explain
    from barbu_dsl.i18n import Translator
    from barbu_dsl.table.describe import describe
    from barbu_dsl.table.speech import Speech, seat_names

    spec = load_spec(SPEC)
    text = explain(spec, language=language)
    assert text.count(sentence) == 2
    assert "7 8 9 J Q K 10 A" in text
    t = Translator(language)
    assert sentence in "\n".join(describe(spec, spec.contract("Tens"), 4, Speech(t, seat_names(4, t), 0)))


# --------------------------------------------------------------------------
# Generated packages


def test_the_generated_package_and_its_suite_agree_with_the_interpreter(tmp_path: Path) -> None:
    """docs/rules.md section 6, Card orders: the generated code plays the
    order as the interpreter does (its conformance cases, and a hand the
    10♠ takes over the K♠)."""
    from generator.conftest import load_package, write

    from barbu_dsl.generator import generate_files

    spec = load_spec(SPEC)
    write(tmp_path, generate_files(spec))
    package = load_package(tmp_path / "card_order", "card_order_suite")
    lines = (tmp_path / "conformance" / "card_order" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines[1:]]
    assert sum(case["expected"].get("status") == "complete" for case in cases) > 5
    for case in cases:
        assert replay_record(spec, case["record"]) == case["expected"], case["name"]
        assert package.replay(case["record"]) == case["expected"], case["name"]
    for name in ("Tens", "Trumps", "Upside"):
        hand = hand_for(spec, name, HANDS, 0)
        for card in _cards("KS TS QS JS"):
            hand.play(card)
        while not hand.is_over:
            hand.play(hand.legal_moves()[0])
        record = {"contract": name, "declarer": 0, "hands": [[C.card_str(c) for c in h] for h in HANDS],
                  "plays": [C.card_str(c) for trick in hand.tricks for c in trick.cards]}
        assert package.replay(record)["raw"] == replay_record(spec, record)["raw"] == hand.raw_scores(), name


@pytest.mark.native
def test_the_native_playouts_agree_with_the_python_ones() -> None:
    """docs/rules.md section 6, Card orders: the numba playouts play the
    order as the Python playouts do, random hands and a dealt one alike."""
    from generator.conftest import fresh_package
    from generator.test_native import check_package

    package = fresh_package(SPEC)
    check_package(package)
    native = package.load_native()
    for name in ("Tens", "Trumps", "Upside"):
        python = package.rollout(name, random.Random(1), hands=HANDS, declarer=0, moves=[])
        compiled = native.rollout(name, random.Random(1), hands=HANDS, declarer=0, moves=[])
        assert python == compiled, name
