"""A domino opened by a named card (docs/rules.md section 6, Domino):
``8♦ starts``.  Read and printed; refused beside another starting rank,
twice, outside domino and where a player count's deck removes the card;
played by the engine (its holder moves first and plays it, the rows grow
from its rank), by GameState with every bot, replayed from the records the
game writes (docs/records.md, unchanged), and explained in four languages.
The generated packages and their conformance suite play it through
tests/generator/exotic.yaml and exotic_family.yaml."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine import GameState, hand_for, play, replay_record
from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec, print_spec

LINE = "domino, 8♦ starts, placings +40 +20 0 −20"


def _spec(line: str = LINE, head: str = "players: 4\n") -> m.Spec:
    return parse_spec(f"name: t\n{head}contracts:\n  Eights: {line}\n", "t.yaml")


def _deal(seed: int, players: int = 4) -> list[list[int]]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    size = 52 // players
    return [sorted(deck[i * size:(i + 1) * size]) for i in range(players)]


def test_the_clause_reads_and_prints_again() -> None:
    """Section 6, Domino: the starting rank is the card's rank, fixed (the
    declarer announces nothing), and the line prints as written."""
    spec = _spec()
    play_ = spec.contracts[0].rules.play
    assert play_ == m.DominoPlay(start=8, opening_card=C.card(8, C.DIAMONDS))
    assert f"Eights: {LINE}" in print_spec(spec)
    assert parse_spec(print_spec(spec), "again.yaml") == spec


@pytest.mark.parametrize(("line", "message"), [
    ("domino from 5, 8♦ starts, placings 1 2 3 4", "'8♦ starts' contradicts 'domino from 5'"),
    ("domino from 8, 8♦ starts, placings 1 2 3 4", "'8♦ starts' contradicts 'domino from 8'"),
    ("domino from first card, 8♦ starts, placings 1 2 3 4", "'8♦ starts' contradicts 'domino from first card'"),
    ("domino, 8♦ starts, 9♣ starts, placings 1 2 3 4", "'9♣ starts' contradicts an earlier clause"),
    ("domino, 8♦ starts, 8♦ starts, placings 1 2 3 4", "'8♦ starts' is given twice"),
    ("8♦ starts, −2 per trick", "'8♦ starts' is a domino rule; a trick game opens with 'leads'"),
    ("domino, 8♦ leads, placings 1 2 3 4", "'8♦ leads' does not apply to domino"),
])
def test_contradictions_are_refused_where_written(line: str, message: str) -> None:
    """Section 6, Domino: one start, in domino only."""
    with pytest.raises(SpecError) as caught:
        _spec(line)
    assert message in str(caught.value)
    assert "line 4" in str(caught.value) or ":4:" in str(caught.value)


def test_a_card_some_player_count_removes_is_refused_with_the_count() -> None:
    """Section 6, Packs: the default deck for 8 players removes 2♦, so
    ``2♦ starts`` cannot be played by 8; the message names the count."""
    with pytest.raises(SpecError) as caught:
        _spec("domino, 2♦ starts, placings 1 2 3 4", head="players: [4, 8]\n")
    text = str(caught.value)
    assert "8 players" in text and "2♦" in text and "removed from the deck" in text
    assert "4 players" not in text


def test_the_hint_for_leads_in_domino_names_starts() -> None:
    with pytest.raises(SpecError) as caught:
        _spec("domino, 8♦ leads, placings 1 2 3 4")
    assert "'8♦ starts'" in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), declarer=st.integers(0, 3))
def test_the_holder_moves_first_and_must_play_it(seed: int, declarer: int) -> None:
    """Section 6, Domino: whoever was dealt 8♦ moves first, whoever
    declares, and has exactly one legal move; every other card of theirs
    breaks the starting-card rule; then each suit opens with its 8."""
    spec = _spec()
    hands = _deal(seed)
    eight = C.card(8, C.DIAMONDS)
    holder = next(s for s, cards in enumerate(hands) if eight in cards)
    hand = hand_for(spec, "Eights", hands, declarer)
    assert hand.to_play == holder
    assert hand.legal_moves() == [eight]
    other = next(c for c in hands[holder] if c != eight) if len(hands[holder]) > 1 else None
    if other is not None:
        broken = hand.broken_rule(other)
        assert broken is not None and broken.rule == "starting_card"
    hand.play(eight)
    assert hand.start_rank == 8
    assert hand.open_ends() & (1 << C.card(8, C.CLUBS))  # clubs open with their 8


@pytest.mark.parametrize("bot", ["random", "rules", "strong"])
def test_a_game_plays_and_its_records_replay(bot: str) -> None:
    """GameState with each bot plays whole games of the contract; each hand
    record (docs/records.md, no new field) replays to the same raw scores,
    its first play being the starting card by its holder."""
    spec = parse_spec("name: t\nplayers: 4\ngame: {hands: 3}\ndoubling: false\ncontracts:\n"
                      f"  Eights: {LINE}\n", "t.yaml")
    state = GameState.new(spec, seed=7)
    play(state, make_bots([bot], 4, seed=7, think=0.05))
    assert state.over and len(state.records()) == 3
    for record in state.records():
        assert record["plays"][0] == "8D"
        assert not record.get("start_rank")
        result = replay_record(spec, record)
        assert result["status"] == "complete", result


@pytest.mark.parametrize(("language", "words"), [
    ("en", "whoever holds 8♦ moves first and must play it"),
    ("it", "chi ha 8♦ comincia e deve giocarla"),
    ("fr", "celui qui a 8♦ commence en la jouant"),
    ("pt", "quem tem 8♦ começa e tem de jogá-la"),
])
def test_explain_says_it(language: str, words: str) -> None:
    assert words in explain(_spec(), language=language)
