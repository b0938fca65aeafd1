"""docs/rules.md section 6, Misdeals: the ``redeal`` setting read, printed
and checked, and played: a deal with a hand short of an honour is void at
sight, one with a hand short of the trump suit is void once the suit is
known (the declarer chooses again), the deal stands after the limit, and a
game with void deals replays from its seed and answers."""

from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine.game import play
from barbu_dsl.engine.state import GameState
from barbu_dsl.errors import SpecError
from barbu_dsl.language import load_spec, parse_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.printer import print_spec

CONTRACTS = "doubling: false\ncontracts:\n  Hearts: −1 per ♥\n  Trumps: +5 per trick, trumps\n"
EIGHT = "name: eight\nplayers: 8\ndeck: 32\n"
"""Eight players of four cards from 32: about a third of the deals have a hand without an honour."""


def spec_of(head: str, players: str = EIGHT, contracts: str = CONTRACTS) -> m.Spec:
    return parse_spec(players + head + contracts, "eight")


def honours(hand: list[str], above: int = 10) -> int:
    return sum(C.rank_of(C.CARD_INDEX[card]) > above for card in hand)


def played_game(spec: m.Spec, seed: int, players: int = 8) -> GameState:
    state = GameState.new(spec, players=players, seed=seed)
    play(state, make_bots(["random"] * players, players, seed))
    return state


def test_the_setting_is_read_printed_and_read_back(tmp_path: Path) -> None:
    """docs/rules.md section 6, Misdeals: ``no honour`` is no card above
    the 10; ``no card above`` a rank, ``no trump`` and a limit; ``redeal:
    false`` in a variant turns it off; ``barbu fmt`` keeps each form."""
    assert spec_of("redeal: [no honour]\n").redeal == m.Redeal(above=10)
    assert spec_of("redeal: no card above 9\n").redeal == m.Redeal(above=9)
    text = "redeal: {when: [no honour, no trump], limit: 20}\n"
    spec = parse_spec(EIGHT + text + CONTRACTS + "variants:\n  plain: {redeal: false}\n  j: {redeal: [no card above J]}\n",
                      "eight")
    assert spec.redeal == m.Redeal(above=10, trump=True, limit=20)
    printed = print_spec(spec)
    assert "redeal: {when: [no honour, no trump], limit: 20}" in printed
    assert "plain:\n    redeal: false" in printed and "j:\n    redeal: [no card above J]" in printed
    assert parse_spec(printed, "eight") == spec
    path = tmp_path / "eight.yaml"
    path.write_text(printed, encoding="utf-8")
    assert not load_spec(f"{path}+plain").redeal.on
    assert load_spec(f"{path}+j").redeal == m.Redeal(above=11, trump=False, limit=20)


@pytest.mark.parametrize(("head", "players", "message"), [
    ("redeal: [no trump]\n", EIGHT, "no contract of the spec has trumps"),
    ("redeal: [no card above K]\n", EIGHT, "with 8 players the deck holds 4 cards above K"),
    ("redeal: [no trump]\n", "name: eight\nplayers: [4, 10]\ndecks: {10: [2♠, 3♠, 4♠, 5♠, 6♠, 7♠, 8♠, 9♠, 10♠, J♠, Q♠, K♠]}\n",
     "in 'Spades' with 10 players the trump suit has at most 1 card,"),
    ("redeal: [no queens]\n", EIGHT, "a hand is redealt for 'no honour', 'no card above' a rank or 'no trump'"),
    ("redeal: {when: [no honour], limit: 0}\n", EIGHT, "limit is the number of redeals"),
])
def test_check_refuses_what_cannot_be_played(head: str, players: str, message: str) -> None:
    """docs/rules.md section 6, Misdeals: ``no trump`` without trumps, a
    condition every deal meets, an unknown condition, a limit of 0."""
    contracts = CONTRACTS.replace("  Trumps: +5 per trick, trumps\n", "") if "no contract" in message else CONTRACTS
    if "Spades" in message:
        contracts += "  Spades: +5 per trick, trumps ♠\n"
    with pytest.raises(SpecError) as error:
        parse_spec(players + head + contracts, "eight")
    assert message in str(error.value)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_hand_played_holds_an_honour(seed: int) -> None:
    """docs/rules.md section 6, Misdeals: with ``no honour`` every deal that
    is played (the record's, as dealt) has an honour in every hand."""
    state = played_game(spec_of("redeal: [no honour]\n"), seed)
    for record in state.records():
        assert all(honours(hand) for hand in record["hands"]), record["hands"]


def test_a_deal_that_is_not_void_is_the_deal_without_the_rule() -> None:
    """docs/rules.md section 6, Misdeals: the first deal of a hand keeps the
    hand's seed, so a game whose deals stand deals as it would without the
    rule, and a void deal is followed by one from the redeal's seed."""
    plain, ruled = spec_of(""), spec_of("redeal: [no honour]\n")
    void = same = 0
    for seed in range(12):
        without = GameState.new(plain, players=8, seed=seed).view(0)["cards"]
        first = [GameState.new(plain, players=8, seed=seed).view(s)["cards"] for s in range(8)]
        with_rule = GameState.new(ruled, players=8, seed=seed).view(0)["cards"]
        if all(honours(hand) for hand in first):
            same += 1
            assert with_rule == without
        else:
            void += 1
            assert with_rule != without
    assert void and same


def test_the_deal_stands_after_the_limit() -> None:
    """docs/rules.md section 6, Misdeals: after ``limit`` redeals the next
    deal stands whatever it holds (here 9 or lower: some hand always has
    none above the 9 for one redeal in a few, none at all with limit 1)."""
    spec = spec_of("redeal: {when: [no card above Q], limit: 1}\n")
    short = 0
    for seed in range(40):
        hands = [GameState.new(spec, players=8, seed=seed).view(s)["cards"] for s in range(8)]
        short += not all(honours(hand, 12) for hand in hands)
    assert short  # some second deals stand with a hand short of a king or an ace


def test_no_trump_voids_the_deal_once_trumps_are_named() -> None:
    """docs/rules.md section 6, Misdeals: when the trump suit named is
    missing from a hand, the deal is void before the announcement: a
    ``redeal`` event, new cards, and the same declarer chooses again; the
    record holds the deal played, and the saved game replays."""
    spec = spec_of("redeal: [no trump]\n", "name: four\nplayers: 4\n")
    for seed in range(30):
        state = GameState.new(spec, players=4, seed=seed)
        declarer = state.pending().seat
        first = state.seat_view(declarer).cards
        state.apply("Trumps")
        held = Counter(C.suit_of(card) for card in first)
        suit = min(C.SUITS, key=lambda s: held[s])
        shorts = [seat for seat in range(4) if not any(c.endswith(C.SUIT_LETTERS[suit])
                                                      for c in state.view(seat)["cards"])]
        if not shorts:
            continue
        state.apply(C.SUIT_LETTERS[suit])
        redeals = [e.event for e in state.events if e.event["type"] == "redeal"]
        assert redeals == [{"type": "redeal", "seat": shorts[0], "reason": "no trump"}]
        decision = state.pending()
        assert decision.kind == "contract" and decision.seat == declarer
        assert "Trumps" in decision.options and state.view(declarer)["contract"] is None
        assert state.seat_view(declarer).cards != first
        assert not [e for e in state.events if e.event["type"] == "contract"]
        play(state, make_bots(["rules"] * 4, 4, seed))
        record = state.records()[0]
        if record["trump"] is not None:
            assert all(any(card[1] == record["trump"] for card in hand) for hand in record["hands"])
        assert GameState.from_json(state.to_json()).records() == state.records()
        return
    pytest.fail("no seed named a suit a hand lacks")


def test_a_contract_without_trumps_is_never_redealt_for_no_trump() -> None:
    """docs/rules.md section 6, Misdeals: ``no trump`` is judged only in a
    hand played with trumps."""
    spec = spec_of("redeal: [no trump]\n")
    for seed in range(5):
        state = GameState.new(spec, players=8, seed=seed)
        state.apply("Hearts")
        assert state.pending().kind != "contract"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "held no trump: the cards are dealt again."),
    ("it", "non aveva briscole: si ridanno le carte."),
    ("fr", "n'avait pas d'atout : on redonne les cartes."),
    ("pt", "não tinha trunfo: as cartas são dadas de novo."),
])
def test_the_table_says_the_redeal(language: str, said: str) -> None:
    """docs/rules.md section 6, Misdeals: the table's narrator says a void
    deal in the person's language."""
    from barbu_dsl.compiled import game_plan
    from barbu_dsl.i18n import Translator
    from barbu_dsl.table.console import Console
    from barbu_dsl.table.narrator import Narrator
    from barbu_dsl.table.speech import Speech, seat_names

    spec = spec_of("redeal: [no trump]\n")
    state = played_game(spec, 1)
    assert any(e.event["type"] == "redeal" for e in state.events)
    out = io.StringIO()
    t = Translator(language)
    narrator = Narrator(spec, 8, game_plan(spec, 8), Console(out, io.StringIO(), plain=True),
                        Speech(t, seat_names(8, t, None), None))
    narrator.follow(state)
    assert said in out.getvalue(), out.getvalue()[:2000]


def test_explain_says_the_misdeals_in_four_languages() -> None:
    """docs/rules.md section 6, Misdeals: ``barbu explain`` says when the
    cards are dealt again and the limit."""
    from barbu_dsl.explain import explain

    spec = spec_of("redeal: {when: [no honour, no trump], limit: 50}\n")
    expected = {"en": "Misdeals: the dealer must deal again when a hand holds no honour",
                "it": "Smazzate nulle: il mazziere deve ridare le carte", "fr": "Donnes nulles : le donneur doit",
                "pt": "Dadas nulas: quem dá tem de dar de novo"}
    for language, words in expected.items():
        text = explain(spec, language=language)
        assert words in text and "50" in text, text


def test_random_bots_meet_void_deals_and_finish() -> None:
    """docs/rules.md section 6, Misdeals: a whole game with both conditions
    in a game where they are often met ends, each hand once."""
    state = played_game(spec_of("redeal: [no honour, no trump]\n"), random.Random(5).randrange(10**6))
    assert state.over and len(state.hands) == state.total_hands


def test_a_contract_with_fixed_trumps_is_redealt_until_every_hand_holds_one() -> None:
    """docs/rules.md section 6, Misdeals: the only contract, trumps ♠, is
    chosen again at once after each void deal; with eight hands of four
    cards and eight spades nearly every deal is void, hundreds in a row,
    and each deal played has a spade in every hand."""
    spec = parse_spec(EIGHT + "redeal: {when: [no trump], limit: 5000}\ndoubling: false\ncontracts:\n"
                      "  Spades: +5 per trick, trumps ♠\n", "eight")
    state = played_game(spec, 2)
    assert Counter(e.event["type"] for e in state.events)["redeal"] > 100
    for record in state.records():
        assert all(any(card.endswith("S") for card in hand) for hand in record["hands"])


def test_a_variant_is_refused_at_its_line(tmp_path: Path) -> None:
    """docs/rules.md section 6, Misdeals: ``no trump`` in a variant of a
    spec without trumps is refused at the variant's ``redeal`` line."""
    from barbu_dsl.checking import check_spec

    path = tmp_path / "v.yaml"
    path.write_text("name: v\nplayers: 4\ndoubling: false\ncontracts:\n  Hearts: +1 per ♥\nvariants:\n"
                    "  misdeal:\n    redeal: [no trump]\n", encoding="utf-8")
    report = check_spec(lambda: load_spec(str(path)))
    assert any("v.yaml:8:13: error: with the variant 'misdeal': 'no trump' redeals a hand without a trump" in error for error in report.errors), \
        report.errors
