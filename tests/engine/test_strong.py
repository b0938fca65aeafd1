"""The strong bot (barbu_dsl.engine.strong): only legal answers in every
state of every bundled spec and variant (hypothesis), the same game for
the same seed, a decision within its budget, and sensible play on small
positions that cite the docs/rules.md section whose contract they play."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import BOTS, make_bot, make_bots
from barbu_dsl.engine import Decision, GameState, SeatView, deal, hand_for
from barbu_dsl.engine.base import Hand
from barbu_dsl.engine.game import Player
from barbu_dsl.engine.strong import StrongBot
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m

from .helpers import card, cards, hand_of, play, seat_view
from .test_bots import LOADED, SPECS

TOURNAMENT = load_spec("tournament")
LOW = 0.05  # a small think factor: the same code paths, a fraction of the work


def test_registered_and_seeded_with_a_think_factor() -> None:
    assert BOTS["strong"] is StrongBot
    bot = make_bot("strong", 3, think=2)
    assert isinstance(bot, StrongBot) and bot.think == 2
    with pytest.raises(ValueError):
        StrongBot(0, think=0)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.data(), st.integers(0, 2**32))
def test_strong_bot_moves_are_legal_in_every_state(name: str, data: st.DataObject, seed: int) -> None:
    """Every move the bot returns is one of the engine's legal moves, at
    random positions of every contract of every bundled spec and variant
    (docs/rules.md sections 1 to 3 define the moves; the engine is the judge)."""
    spec = LOADED[name]
    players = data.draw(st.sampled_from(spec.players), label="players")
    contract = data.draw(st.sampled_from(spec.contracts), label="contract")
    declarer = data.draw(st.integers(0, players - 1), label="declarer")
    rng = random.Random(seed)
    hands = deal(spec, players, seed)
    rules = contract.rules_for(players)
    trump = rng.randrange(4) if isinstance(rules.play, m.TrickPlay) and rules.play.trumps else None
    start = rng.randrange(2, 15) if isinstance(rules.play, m.DominoPlay) and rules.play.start == "chosen" else None
    doubles = ((declarer + 1) % players, declarer),
    hand = hand_for(spec, contract, hands, declarer, trump=trump, start_rank=start)
    for _ in range(data.draw(st.integers(0, len(hands[0]) * players), label="random moves")):
        if hand.is_over:
            break
        hand.play(rng.choice(hand.legal_moves()))
    while not hand.is_over:
        seat = hand.to_play
        bot = StrongBot(seed, think=LOW)
        view = seat_view(spec, seat, contract=contract, hand=hand, declarer=declarer, players=players, trump=trump,
                         start_rank=start, doubles=doubles)
        move = bot.choose_move(view)
        assert move in hand.legal_moves(), (seat, move)
        hand.play(move)


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.data(), st.integers(0, 2**32))
def test_strong_bot_choices_and_doubles_are_legal(name: str, data: st.DataObject, seed: int) -> None:
    """Contract choices, trump suits, starting ranks and doubles are legal:
    the game checks each against the chooser's options and the doubling
    rules of docs/rules.md section 2, over the first hands of a game."""
    spec = LOADED[name]
    players = data.draw(st.sampled_from(spec.players), label="players")
    bots = [StrongBot(f"{seed}/{seat}", think=LOW) for seat in range(players)]
    for hand in first_hands(spec, bots, seed, 3):
        assert hand.status in ("complete", "not_played")


def first_hands(spec: m.Spec, bots: Sequence[Player], seed: int, hands: int) -> list[Any]:
    """The first ``hands`` hands of a game of ``spec`` played by ``bots``."""
    state = GameState.new(spec, players=len(bots), seed=seed)
    while state.number < hands and (decision := state.pending()) is not None:
        state.apply(bots[decision.seat](decision, state.seat_view(decision.seat)))
    return list(state.hands[:hands])


def game_records(bots: Sequence[Player], seed: int, hands: int) -> list[dict]:
    return [hand.record for hand in first_hands(TOURNAMENT, bots, seed, hands)]


def test_the_same_seed_gives_the_same_game() -> None:
    first = game_records(make_bots(["strong", "rules"] * 2, 4, 5, think=0.2), 5, 3)
    again = game_records(make_bots(["strong", "rules"] * 2, 4, 5, think=0.2), 5, 3)
    assert first == again
    other = game_records(make_bots(["strong", "rules"] * 2, 4, 6, think=0.2), 5, 3)
    assert other != first  # the bots' seeds change their play on the same deals


class Timed:
    """A bot whose every decision is timed in CPU time."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.times: list[float] = []

    def __call__(self, decision: Decision, view: SeatView) -> Any:
        start = time.process_time()
        answer = self.inner(decision, view)
        self.times.append(time.process_time() - start)
        return answer


def test_a_decision_stays_within_twice_its_budget() -> None:
    """The default budget is 50 ms a decision on average; over the first
    hands of a tournament (a contract choice, trumps or a starting rank,
    doubles and play) the average CPU time stays under twice that."""
    bots = [Timed(StrongBot(seat)) for seat in range(4)]
    first_hands(TOURNAMENT, bots, 3, 4)
    times = [t for bot in bots for t in bot.times]
    assert sum(times) / len(times) <= 2 * 0.050, f"{1000 * sum(times) / len(times):.1f} ms"


def strong_move(hand: Hand, seat: int, contract: str, spec: m.Spec = TOURNAMENT) -> int:
    return StrongBot(0).choose_move(seat_view(spec, seat, contract=contract, hand=hand))


def test_throws_the_king_of_hearts_when_void() -> None:
    """Section 2, Barbu: void in the suit led, the bot discards K♥."""
    hand = hand_of("K♥ −20, no ♥ lead", ["AS 2C 3C", "KH 2H 9D", "2S 3D 4D", "3S 3H 4H"])
    play(hand, "AS")
    assert strong_move(hand, 1, "Barbu") == card("KH")


def test_ducks_under_the_trick_winner() -> None:
    """Section 2, No tricks: following to Q♠ with K♠, 9♠ and 3♠, the bot
    plays a spade that loses the trick."""
    hand = hand_of("−2 per trick", ["QS 2C 3C", "3S 9S KS", "2D 3D 4D", "2H 3H 4H"])
    play(hand, "QS")
    assert strong_move(hand, 1, "No tricks") in cards("9S 3S")


def test_wins_cheaply_and_keeps_the_top_trump() -> None:
    """Section 2, Trumps: last to play to 9♠ 10♠ J♠ (hearts trumps), the
    bot wins with Q♠ and keeps A♠, which wins a later trick."""
    hand = hand_of("trumps, must win with a trump, must overtrump, +5 per trick",
                   ["9S 2C 3C", "TS 4C 5C", "JS 6C 7C", "QS AS 8C"], trump=C.HEARTS)
    play(hand, "9S TS JS")
    assert strong_move(hand, 3, "Trumps") == card("QS")


WIDOW_HEARTS = """\
name: widow-hearts
players: 5
doubling: false
leftover: widow to first trick
contracts:
  Hearts: −1 per ♥, Q♠ −13
"""


@pytest.mark.parametrize("search", ["python", "compiled"])
def test_deals_imagined_before_play_give_the_widow_to_the_first_trick(search: str) -> None:
    """docs/rules.md section 6, ``leftover: widow to first trick``: the
    deals a strong bot plays out to choose a contract hand the cards no
    seat is imagined to hold to the first trick's taker, so every deal
    scores the whole pack's 26 points (a widow set aside would lose those
    it holds, in about half the deals of two cards)."""
    from barbu_dsl.compiled import mask_of
    from barbu_dsl.engine.sampling import fresh_knowledge
    from barbu_dsl.language import parse_spec

    spec = parse_spec(WIDOW_HEARTS)
    hands = deal(spec, 5, "widow")
    known = fresh_knowledge(0, mask_of(hands[0]), mask_of(spec.deck_for(5)), 5)
    bot = StrongBot("widow", search=search)  # type: ignore[arg-type]
    rules = spec.contracts[0].rules_for(5)
    scores = bot._simulate(spec, rules, known, 0, [(None, None)], 40)[0]
    assert len(scores) == 40 and {sum(raw) for raw in scores} == {-26}
