"""Domino played on at will (docs/rules.md section 6, Domino): ``ace may
play again`` (after an ace) and ``any number of cards a turn`` (after any
card) let the player play another card that fits or end their turn.  Read
and printed; refused beside another rule for playing again and outside
domino; played by the engine (the stop is a pass the seat may make while
it holds a card that fits, kept nowhere), offered by GameState as ``pass``,
chosen by every bot, and replayed from records that keep no stops
(docs/records.md, unchanged: the next move shows the stop).  The generated
packages and their conformance suite play them through
tests/generator/exotic.yaml and exotic_family.yaml."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine import PASS, GameState, hand_for, replay_record
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec, print_spec

ACE = "domino, ace may play again, placings +40 +20 0 −20"
ANY = "domino, any number of cards a turn, placings +40 +20 0 −20"


def _spec(line: str, head: str = "players: 4\n") -> m.Spec:
    return parse_spec(f"name: t\n{head}contracts:\n  Fan: {line}\n", "t.yaml")


def _deal(seed: int) -> list[list[int]]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return [sorted(deck[i * 13:(i + 1) * 13]) for i in range(4)]


def _cards(text: str) -> list[int]:
    return [C.CARD_INDEX[word] for word in text.split()]


@pytest.mark.parametrize(("line", "play_on"), [(ACE, "after-ace"), (ANY, "always")])
def test_the_clauses_read_and_print_again(line: str, play_on: str) -> None:
    spec = _spec(line)
    assert spec.contracts[0].rules.play == m.DominoPlay(play_on=play_on)  # type: ignore[arg-type]
    assert f"Fan: {line}" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml") == spec


def test_per_turn_reads_as_a_turn() -> None:
    spec = _spec("domino, any number of cards per turn, placings 1 2 3 4")
    assert "any number of cards a turn" in print_spec(spec)


@pytest.mark.parametrize(("line", "message"), [
    ("domino, ace plays again, ace may play again, placings 1 2 3 4",
     "'ace may play again' contradicts 'ace plays again'"),
    ("domino, ace may play again, ace plays again, placings 1 2 3 4",
     "'ace plays again' contradicts 'ace may play again'"),
    ("domino, any number of cards a turn, ace may play again, placings 1 2 3 4",
     "'ace may play again' contradicts 'any number of cards a turn'"),
    ("domino, ace plays again, any number of cards a turn, placings 1 2 3 4",
     "'any number of cards a turn' contradicts 'ace plays again'"),
    ("domino, ace may play again, ace may play again, placings 1 2 3 4", "'ace may play again' is given twice"),
    ("ace may play again, −2 per trick", "'ace may play again' is a domino rule"),
    ("any number of cards a turn, −2 per trick", "'any number of cards a turn' is a domino rule"),
])
def test_contradictions_are_refused_where_written(line: str, message: str) -> None:
    """Section 6, Domino: one rule for playing again, in domino only."""
    with pytest.raises(SpecError) as caught:
        _spec(line)
    assert message in str(caught.value)
    assert "t.yaml:4:" in str(caught.value)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_after_an_ace_the_player_may_play_on_or_stop(seed: int) -> None:
    """Section 6, Domino: the choice comes only after an ace, and only with
    a card that fits (else the turn passes on at once); stopping is a pass
    kept nowhere: the moves are unchanged and the next seat holding cards
    plays."""
    spec = _spec(ACE)
    rng = random.Random(seed)
    hand = hand_for(spec, "Fan", _deal(seed), 0, start_rank=7)
    while not hand.is_over:
        seat, legal = hand.to_play, hand.legal_moves()
        if hand.may_stop:
            assert C.rank_of(hand.moves[-1]) == C.ACE and hand.seats[-1] == seat
            assert legal[-1] == PASS and len(legal) > 1
        else:
            assert PASS not in legal or legal == [PASS]
        move = rng.choice(legal)
        moves, stop = list(hand.moves), hand.may_stop and move == PASS
        hand.play(move)
        if stop:
            assert hand.moves == moves and hand.to_play != seat and not hand.may_stop
        elif move != PASS and C.rank_of(move) == C.ACE and hand.to_play is not None and hand.held(seat):
            assert (hand.to_play == seat) == hand.may_stop  # the same seat only with a choice


def test_any_number_offers_the_stop_after_each_card() -> None:
    spec = _spec("domino from 7, any number of cards a turn, placings +40 +20 0 −20")
    hands = [_cards("7C 8C 9C 2S"), _cards("7D 3S 4S 5S"), _cards("7H 6S 8S 9S"), _cards("7S TS JS QS")]
    hand = hand_for(spec, "Fan", hands, 0)
    hand.play(C.CARD_INDEX["7C"])
    assert hand.to_play == 0 and hand.legal_moves() == [C.CARD_INDEX["8C"], PASS]
    broken = hand.broken_rule(PASS)
    assert broken is None
    hand.play(C.CARD_INDEX["8C"])
    hand.play(C.CARD_INDEX["9C"])
    assert hand.to_play == 1  # nothing else fits: no choice left, the turn passes on


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), line=st.sampled_from([ACE, ANY, ANY.replace("domino,", "domino, 8♦ starts,")]))
def test_records_keep_no_stops_and_replay(seed: int, line: str) -> None:
    """Section 6 ruling: a hand played with random stops replays from its
    moves alone (the record's plays) to the same placings and scores."""
    spec = _spec(line)
    rng = random.Random(seed)
    hands = _deal(seed)
    hand = hand_for(spec, "Fan", hands, seed % 4, start_rank=7)
    while not hand.is_over:
        hand.play(rng.choice(hand.legal_moves()))
    record = {"contract": "Fan", "declarer": seed % 4, "hands": [[C.card_str(c) for c in h] for h in hands],
              "plays": ["pass" if mv == PASS else C.card_str(mv) for mv in hand.moves], "doubles": []}
    if spec.contracts[0].rules.play.start == "chosen":  # type: ignore[union-attr]
        record["start_rank"] = "7"
    result = replay_record(spec, record)
    assert result["status"] == "complete", result
    assert result["placings"] == hand.placings and result["raw"] == hand.raw_scores()


@pytest.mark.parametrize("bot", ["random", "rules", "strong"])
@pytest.mark.parametrize("line", [ACE, ANY])
def test_a_game_plays_offers_pass_and_replays(bot: str, line: str) -> None:
    """GameState offers ``pass`` beside the cards while the seat may stop;
    each bot answers, the game ends, and its records replay."""
    spec = parse_spec(f"name: t\nplayers: 4\ngame: {{hands: 2}}\ndoubling: false\ncontracts:\n  Fan: {line}\n",
                      "t.yaml")
    state = GameState.new(spec, seed=3)
    bots = make_bots([bot], 4, seed=3, think=0.05)
    offered = 0
    while (decision := state.pending()) is not None:
        if decision.kind == "card" and "pass" in decision.options and len(decision.options) > 1:
            offered += 1
        state.apply(bots[decision.seat](decision, state.seat_view(decision.seat)))
    assert offered
    for record in state.records():
        assert replay_record(spec, record)["status"] == "complete"


def test_the_rules_bot_plays_on_and_stops() -> None:
    """The rules bot plays on with a card that helps its own runs, and
    stops when every card it could add would only open runs that others
    hold: over a few hands it does both."""
    spec = parse_spec(f"name: t\nplayers: 4\ngame: {{hands: 4}}\ndoubling: false\ncontracts:\n  Fan: {ANY}\n",
                      "t.yaml")
    state = GameState.new(spec, seed=11)
    bots = make_bots(["rules"], 4, seed=11)
    chosen = set()
    while (decision := state.pending()) is not None:
        answer = bots[decision.seat](decision, state.seat_view(decision.seat))
        if decision.kind == "card" and "pass" in decision.options and len(decision.options) > 1:
            chosen.add("stop" if answer in ("pass", PASS) else "on")
        state.apply(answer)
    assert chosen == {"stop", "on"}


@pytest.mark.parametrize(("language", "ace", "any_"), [
    ("en", "may play another card at once or end their turn", "After each card a player may play another card"),
    ("it", "può giocare subito un'altra carta o finire il turno", "Dopo ogni carta si può giocare subito"),
    ("fr", "peut poser aussitôt une autre carte ou finir son tour", "Après chaque carte, on peut poser aussitôt"),
    ("pt", "pode jogar logo outra carta ou terminar a vez", "Depois de cada carta, pode-se jogar logo"),
])
def test_explain_says_them(language: str, ace: str, any_: str) -> None:
    assert ace in explain(_spec(ACE), language=language)
    assert any_ in explain(_spec(ANY), language=language)
