"""docs/rules.md section 6, Packs, decks and player counts: the cards that
do not deal out evenly go to a widow, set aside (nobody takes them) or
taken with the first trick; nobody sees it before; the records let every
replay find it again; the bots imagine it among the unseen cards."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.compiled import hand_totals
from barbu_dsl.engine import GameState, deal, hand_for, replay_record
from barbu_dsl.engine.deal import widow_of
from barbu_dsl.engine.sampling import Knowledge, draw
from barbu_dsl.errors import RecordError
from barbu_dsl.language import load_spec, parse_spec
from barbu_dsl.runtime.cards import mask_of

TEXT = ("name: w\nplayers: 3-5\ndoubling: false\nleftover: {ruling}\ncontracts:\n"
        "  Hearts: −1 per ♥, Q♠ −13\n  Opening: 2♣ leads, −2 per trick\n")
ASIDE = parse_spec(TEXT.format(ruling="widow aside"), "w")
FIRST = parse_spec(TEXT.format(ruling="widow to first trick"), "w")


def cards(text: str) -> list[int]:
    return [C.CARD_INDEX[word] for word in text.split()]


def test_the_deal_leaves_the_widow_out_of_every_hand() -> None:
    """Section 6: 52 cards at 5 players: 10 each and 2 in the widow, the
    cards of the deck in no hand."""
    hands = deal(FIRST, 5, "seed")
    assert [len(h) for h in hands] == [10] * 5
    widow = widow_of(FIRST, hands)
    assert len(widow) == 2 and not set(widow) & {c for h in hands for c in h}
    assert deal(FIRST, 5, "seed") == hands and widow_of(FIRST, deal(FIRST, 4, "seed")) == ()


def _first_trick(spec, hands):
    hand = hand_for(spec, "Hearts", hands, 0)
    for _ in range(len(hands)):
        hand.play(hand.legal_moves()[0])
    return hand


def test_the_taker_of_the_first_trick_takes_the_widow_and_its_points() -> None:
    """Section 6, ``widow to first trick``: its cards and points go with the first trick."""
    hands = deal(FIRST, 5, 7)
    widow = set(widow_of(FIRST, hands))
    hand = _first_trick(FIRST, hands)
    taker = hand.tricks[0].winner
    assert widow <= set(hand.captured(taker))
    value = sum(-1 for c in widow if C.suit_of(c) == C.HEARTS) - 13 * (C.CARD_INDEX["QS"] in widow)
    trick = sum(-1 for c in hand.tricks[0].cards if C.suit_of(c) == C.HEARTS) \
        - 13 * (C.CARD_INDEX["QS"] in hand.tricks[0].cards)
    assert hand.raw_scores()[taker] == value + trick


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 5]))
def test_an_aside_widow_is_taken_by_nobody_and_a_first_trick_widow_is_counted(seed: int, players: int) -> None:
    """Section 6: a hand adds up to the whole pack's −26 with the widow
    taken with the first trick, and less what lies in an aside widow."""
    hands = deal(ASIDE, players, seed)
    widow = widow_of(ASIDE, hands)
    in_widow = sum(1 for c in widow if C.suit_of(c) == C.HEARTS) + 13 * (C.CARD_INDEX["QS"] in widow)
    rng = random.Random(seed)
    for spec, total in ((ASIDE, -26 + in_widow), (FIRST, -26)):
        hand = hand_for(spec, "Hearts", hands, 0, early_end=False)
        while not hand.is_over:
            hand.play(rng.choice(hand.legal_moves()))
        assert sum(hand.raw_scores()) == total
        taken = {c for seat in range(players) for c in hand.captured(seat)}
        assert taken & set(widow) == (set(widow) if spec is FIRST else set())


def test_an_opening_card_in_the_widow_leaves_the_lead_to_the_declarer() -> None:
    """Section 6: nobody holds 2♣ when it is in the widow; the hand is led as without an opening card."""
    seed = next(s for s in range(500) if C.CARD_INDEX["2C"] in widow_of(FIRST, deal(FIRST, 5, s)))
    for spec in (ASIDE, FIRST):
        hand = hand_for(spec, "Opening", deal(spec, 5, seed), 3)
        assert hand.to_play == 3 and hand.legal_moves()


@pytest.mark.parametrize("spec", [ASIDE, FIRST], ids=["aside", "first trick"])
def test_nobody_sees_the_widow_until_it_is_taken(spec) -> None:
    """Section 6: the views and events show the widow only once the first trick takes it."""
    state = GameState.new(spec, players=5, seed=11)
    hidden = set(widow_of(spec, state._dealt))  # noqa: SLF001 -- the deal itself, to look for it in the views
    names = {C.card_str(c) for c in hidden}
    while (decision := state.pending()) is not None and state.number == 0:
        for seat in range(5):
            view = state.view(seat)
            assert view["widow"]["cards"] == 2
            words = set(json.dumps({k: v for k, v in view.items() if k != "widow"}).replace('"', " ").split())
            table = view["table"]
            taken = table is not None and table["tricks"] and spec is FIRST
            if not taken:
                assert view["widow"]["shown"] is None and view["widow"]["taken_by"] is None
                assert not names & words
            else:
                assert set(view["widow"]["shown"]) == names
                assert view["widow"]["taken_by"] == table["tricks"][0]["winner"]
        state.apply(decision.options[0])
    shown = [e.event for e in state.events if e.event["type"] == "widow"]
    assert (shown[0]["cards"] == sorted(names, key=C.CARD_INDEX.get)) if spec is FIRST else not shown


@pytest.mark.parametrize("spec", [ASIDE, FIRST], ids=["aside", "first trick"])
def test_replay_finds_the_widow_again(spec) -> None:
    """Section 6: a record keeps the dealt hands; the replay scores each hand as the game did."""
    state = GameState.new(spec, players=5, seed=5)
    rng = random.Random(5)
    while (decision := state.pending()) is not None:
        state.apply(rng.choice(decision.options))
    for record, result in zip(state.records(), state.hands, strict=True):
        assert replay_record(spec, record)["raw"] == list(result.raw)


def test_a_record_missing_more_cards_than_the_widow_is_refused() -> None:
    """Section 6: only the cards left over may be missing from the hands."""
    record = {"contract": "Hearts", "declarer": 0, "hands": [list(map(C.card_str, h)) for h in deal(ASIDE, 5, 1)],
              "plays": []}
    record["hands"][0] = record["hands"][0][:-1]
    with pytest.raises(RecordError, match="missing cards"):
        from barbu_dsl.engine.replay import replay
        replay(ASIDE, record)


def test_a_draw_leaves_an_unseen_widow_anywhere_among_the_unseen_cards() -> None:
    """Section 6: a bot deals the others their counts; the unseen cards left over are the widow's."""
    mine = mask_of(cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC"))
    unseen = ((1 << 52) - 1) & ~mine
    known = Knowledge(0, mine, unseen, (10,) * 5, (0, 0, mask_of(cards("AH KH QH")), 0, 0))
    left = set()
    for seed in range(40):
        dealt = draw(known, random.Random(seed))
        assert len(dealt) == 5 and [h.bit_count() for h in dealt] == [10] * 5
        rest = unseen & ~(dealt[1] | dealt[2] | dealt[3] | dealt[4])
        assert rest.bit_count() == 2 and not dealt[2] & known.excluded[2]
        left |= {c for c in range(52) if rest >> c & 1}
    assert len(left) > 20


WIDOW_SPECS = {ref: load_spec(ref) for ref in (str(Path(__file__).parents[1] / "generator" / "widow.yaml"),
                                                str(Path(__file__).parents[1] / "generator" / "widow.yaml") + "+aside")}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([3, 5]), st.sampled_from(sorted(WIDOW_SPECS)),
       st.sampled_from(["Hearts", "Queens", "Last", "Domino"]))
def test_every_hand_adds_up_to_a_total_verify_proves(seed: int, players: int, ref: str, contract: str) -> None:
    """Section 6: with either ruling, a hand played at random adds up to
    one of the totals ``barbu verify`` gives (an aside widow's range)."""
    spec = WIDOW_SPECS[ref]
    hands = deal(spec, players, seed)
    start = 2 + seed % 13 if contract == "Domino" else None  # the declarer names it
    hand = hand_for(spec, contract, hands, seed % players, start_rank=start)
    rng = random.Random(seed)
    while not hand.is_over:
        hand.play(rng.choice(hand.legal_moves()))
    rules = spec.contract(contract).rules_for(players)
    totals = hand_totals(rules, players, spec.deck_for(players), aside=spec.aside(players)).totals
    assert sum(hand.raw_scores()) in totals


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_playout_gives_the_widow_to_the_first_trick(seed: int) -> None:
    """Section 6: the strong bot's playouts hand the widow (the one it
    imagines) to the taker of the first trick, so a hand adds up to −26."""
    from barbu_dsl.engine.playouts import TrickPlayouts

    hands = deal(FIRST, 5, seed)
    hand = hand_for(FIRST, "Hearts", hands, seed % 5)
    runner = TrickPlayouts(hand.table, "highest")  # type: ignore[attr-defined]
    masks = [mask_of(h) for h in hands]
    widow = mask_of(widow_of(FIRST, hands))
    raw = runner.run(hand.position(), list(masks), None, random.Random(seed).random, widow=widow)  # type: ignore[attr-defined]
    assert sum(raw) == -26


def test_a_domino_plays_the_cards_dealt_and_says_its_widow_is_aside() -> None:
    """Section 6: a domino contract plays without the widow, whatever the ruling."""
    spec = WIDOW_SPECS[str(Path(__file__).parents[1] / "generator" / "widow.yaml")]
    state = GameState.new(spec, players=5, seed=9)
    while (decision := state.pending()) is not None and not state.hands:
        if decision.kind == "contract":
            state.apply("Domino")
            continue
        view = state.view(decision.seat)
        if view["table"] is not None:
            assert view["widow"]["goes"] == "aside" and view["widow"]["shown"] is None
        state.apply(decision.options[0])
    assert state.hands[0].contract == "Domino" and not [e for e in state.events if e.event["type"] == "widow"]
