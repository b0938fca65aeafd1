"""docs/rules.md section 6, Choosing after part of the hand: ``game:
{choose_after: N}`` read, printed and checked; each seat is dealt the first
N cards of its packet, the declarer chooses from them, the views, events
and bots see only those until the contract is announced, and then the
whole hand, which is the hand the record keeps."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.compiled import mask_of
from barbu_dsl.engine.deal import deal_packets
from barbu_dsl.engine.game import play
from barbu_dsl.engine.sampling import draw, fresh_knowledge
from barbu_dsl.engine.state import GameState
from barbu_dsl.engine.strong import StrongBot
from barbu_dsl.errors import SpecError
from barbu_dsl.language import parse_spec
from barbu_dsl.language.printer import print_spec

HEAD = "name: five\nplayers: [3, 4]\ndoubling: false\n"
CONTRACTS = "contracts:\n  Hearts: −1 per ♥\n  Trumps: +5 per trick, trumps\n"
SPEC = parse_spec(HEAD + "game: {choose_after: 5}\n" + CONTRACTS, "five")
PLAIN = parse_spec(HEAD + CONTRACTS, "five")


def first_cards(state: GameState, seat: int, count: int = 5, number: int = 0) -> list[str]:
    """The first ``count`` cards of ``seat``'s packet in hand ``number``, in record order."""
    packet = deal_packets(state.spec.deck_for(state.players), state.players, f"{state.seed}/hand {number}")[seat]
    return [C.CARD_STRS[card] for card in sorted(packet[:count])]


def test_the_setting_is_read_printed_and_checked() -> None:
    """docs/rules.md section 6, Choosing after part of the hand: read,
    printed back, refused for a whole hand, for 0, and where there is
    nothing to choose."""
    assert SPEC.game.choose_after == 5
    printed = print_spec(SPEC)
    assert "choose_after: 5" in printed and parse_spec(printed, "five") == SPEC
    refusals = [
        (HEAD + "game: {choose_after: 17}\n" + CONTRACTS, "with 3 players a hand holds 17 cards"),
        (HEAD + "game: {choose_after: 0}\n" + CONTRACTS, "choose_after is the number of cards dealt"),
        (HEAD + "game: {choose_after: 5, chooser: fixed-order}\ncontracts:\n  Hearts: −1 per ♥\n",
         "the declarer has nothing to choose"),
    ]
    for text, message in refusals:
        with pytest.raises(SpecError) as error:
            parse_spec(text, "five")
        assert message in str(error.value)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4]))
def test_every_seat_sees_only_its_first_cards_until_the_announcement(seed: int, players: int) -> None:
    """docs/rules.md section 6, Choosing after part of the hand: before the
    contract is announced a seat's view (JSON and Python), its events and
    its mask hold exactly the first 5 cards of its packet; once it is
    announced, the whole hand, which the game without the setting deals."""
    state = GameState.new(SPEC, players=players, seed=seed)
    plain = GameState.new(PLAIN, players=players, seed=seed)
    for seat in range(players):
        shown = first_cards(state, seat)
        view = state.seat_view(seat)
        assert state.view(seat)["cards"] == shown == [C.CARD_STRS[c] for c in view.cards]
        assert [C.CARD_STRS[c] for c in view.dealt] == shown and view.mine == mask_of(view.cards)
        rest = set(plain.view(seat)["cards"]) - set(shown)
        assert len(rest) == len(plain.view(seat)["cards"]) - 5
        told = json.dumps([e.event for e in state.events_for(seat)]) + json.dumps(state.view(seat))
        assert not any(f'"{card}"' in told for card in rest)
    decision = state.pending()
    state.apply("Trumps")
    state.apply(random.Random(seed).choice(state.pending().options))
    for seat in range(players):
        assert state.view(seat)["cards"] == plain.view(seat)["cards"]
        deals = [e.event["cards"] for e in state.events_for(seat) if e.event["type"] == "deal"]
        assert deals == [first_cards(state, seat), plain.view(seat)["cards"]]
    assert decision.kind == "contract"


@pytest.mark.parametrize("bot", ["rules", pytest.param("strong", marks=pytest.mark.slow)])
def test_bots_choose_from_the_first_cards(bot: str) -> None:
    """docs/rules.md section 6, Choosing after part of the hand: a bot's
    choice depends on the first cards alone (two deals with the same first
    five cards and different rests get the same choice), and the records
    keep the whole hands, as the game without the setting deals them."""
    seed = 11
    state = GameState.new(SPEC, players=4, seed=seed)
    declarer = state.pending().seat
    view = state.seat_view(declarer)
    chooser = make_bots([bot] * 4, 4, seed)[declarer]
    contract = chooser(state.pending(), view)
    again = make_bots([bot] * 4, 4, seed)[declarer]
    assert again(state.pending(), view) == contract
    state.apply(contract)
    if contract == "Trumps":
        assert len(state.seat_view(declarer).cards) == 5
        suit = chooser(state.pending(), state.seat_view(declarer))
        assert suit in C.SUIT_LETTERS
        state.apply(suit)
    play(state, make_bots([bot] * 4, 4, seed))
    plain = GameState.new(PLAIN, players=4, seed=seed)
    assert state.records()[0]["hands"] == [plain.view(seat)["cards"] for seat in range(4)]
    assert GameState.from_json(state.to_json()).records() == state.records()


def test_the_strong_bot_imagines_whole_hands_around_the_first_cards() -> None:
    """docs/rules.md section 6, Choosing after part of the hand: the deals
    the strong bot imagines give its own seat a whole hand that holds the
    cards it has seen, and every card of the deck once."""
    deck = mask_of(C.FULL_DECK)
    mine = mask_of([0, 14, 27, 40, 51])
    known = fresh_knowledge(1, mine, deck, 4)
    rng = random.Random(3)
    for _ in range(20):
        hands = draw(known, rng)
        assert [hand.bit_count() for hand in hands] == [13] * 4
        assert hands[1] & mine == mine
        assert sum(hands) == deck
    state = GameState.new(SPEC, players=4, seed=2)
    declarer = state.pending().seat
    state.apply("Trumps")
    ranked = StrongBot(0).analyse_trumps(state.seat_view(declarer))
    assert sorted(suit for suit, _ in ranked) == list(C.SUITS)


def test_explain_says_when_the_declarer_chooses_in_four_languages() -> None:
    """docs/rules.md section 6, Choosing after part of the hand: ``barbu
    explain`` says the two rounds of the deal."""
    from barbu_dsl.explain import explain

    expected = {"en": "each player is first dealt 5 cards", "it": "a ogni giocatore si danno prima 5 carte",
                "fr": "chaque joueur reçoit d'abord 5 cartes", "pt": "cada jogador recebe primeiro 5 cartas"}
    for language, words in expected.items():
        assert words in explain(SPEC, language=language)
