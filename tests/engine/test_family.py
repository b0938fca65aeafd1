"""Scenario tests for the engine's share of docs/rules.md section 6: forced
plays when void, domino aces that play again and the end at the first out,
play passing to the right, the first declarer named by a card, redoubles by
any doubled player, and games of the new bundled specs played by the bots."""

from __future__ import annotations

import itertools

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine import PASS, play_game
from barbu_dsl.engine.doubling import doubling_round, redouble_targets
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m

from .helpers import card, hand_of, play, strs

KING_TRUMPS = "trumps, must win with a trump, must overtrump, must trump, +50 per trick"


def test_must_trump_even_with_a_losing_trump() -> None:
    """Section 6, must trump: a void player who holds a trump plays one, a
    winning one if ``must win with a trump`` and able, else any trump."""
    hand = hand_of(KING_TRUMPS, ["AC 2D", "AH 3D", "2H 3H", "KC 4D"], declarer=0, trump=C.HEARTS)
    play(hand, "AC")
    assert strs(hand.legal_moves()) == ["AH"]  # a trump that wins
    play(hand, "AH")
    assert strs(hand.legal_moves()) == ["2H", "3H"]  # none beats the AH, yet it must trump
    plain = hand_of("trumps, must trump, +5 per trick", ["AC 2D", "AH 3D", "2H 3H", "KC 4D"], trump=C.HEARTS)
    play(plain, "AC")
    assert strs(plain.legal_moves()) == ["AH"]  # void in clubs: any trump, here the only one
    free = hand_of("trumps, +5 per trick", ["AC 2D", "AH 3D", "2H 3H", "KC 4D"], trump=C.HEARTS)
    play(free, "AC")
    assert strs(free.legal_moves()) == ["3D", "AH"]  # without the duty a void player may discard


def test_must_trump_names_its_rule() -> None:
    hand = hand_of("trumps, must trump, +5 per trick", ["AC 2D", "AH 3D", "2H 3S", "KC 4D"], trump=C.HEARTS)
    play(hand, "AC")
    rule = hand.broken_rule(card("3D"))
    assert rule is not None and rule.rule == "must_trump" and rule.message == "must trump when void in the suit led"


def test_discard_when_void() -> None:
    """Section 6: a void player holding one of the cards must play one; a
    player who can follow suit, or holds none of them, plays freely."""
    line = "−30 per ♥, discard ♥ when void"
    hand = hand_of(line, ["AS 2C", "5H 3D", "KS 4C", "QS 6D"], declarer=0)
    play(hand, "AS")
    assert strs(hand.legal_moves()) == ["5H"]
    rule = hand.broken_rule(card("3D"))
    assert rule is not None and rule.rule == "discard_when_void" and "5H" in rule.message
    play(hand, "5H KS")
    assert strs(hand.legal_moves()) == ["QS"]  # following suit comes first
    points = hand_of("−60 per king, −60 per jack, discard points when void", ["AS 2C", "KD 3D", "JS 4C", "QS 6D"])
    play(points, "AS")
    assert strs(points.legal_moves()) == ["KD"]


def test_rifki_ends_once_the_king_is_thrown() -> None:
    """King's Rıfkı: the void holder throws the K♥, and the hand ends (section 1, early end)."""
    hand = hand_of("K♥ −320, no ♥ lead until broken, discard K♥ when void",
                   ["AS 2C", "KH 3D", "KS 4C", "QS 6D"], declarer=0)
    play(hand, "AS KH KS QS")
    assert hand.is_over and hand.raw_scores() == [-320, 0, 0, 0]


def test_ace_plays_again() -> None:
    """Section 6: a player who plays an ace (and still holds cards) moves
    again, passing when they then cannot play."""
    line = "domino from K, ace plays again, placings +10 0 0 −10"
    hand = hand_of(line, ["KC AC 2D", "QC 3D", "KD 4D", "JC 5D"], declarer=0)
    play(hand, "KC")
    assert hand.to_play == 1
    play(hand, "QC")  # seat 1
    play(hand, "KD")  # seat 2
    play(hand, "JC")  # seat 3
    assert hand.to_play == 0
    play(hand, "AC")
    assert hand.to_play == 0, "the ace gives seat 0 another move"
    assert hand.legal_moves() == [PASS]  # 2D does not fit: a pass
    play(hand, "pass")
    assert hand.to_play == 1


def test_an_ace_that_goes_out_ends_the_turn() -> None:
    line = "domino from K, ace plays again, placings +10 0 −10"
    hand = hand_of(line, ["KC AC", "QC 3D", "KD 4D"], declarer=0)
    play(hand, "KC QC KD AC")
    assert hand.placings == [0] and hand.to_play == 1


def test_ends_at_first_out() -> None:
    """Section 6 ruling: the hand ends when the first player goes out; the
    others are placed by the cards they hold, fewest first, a tie to the
    player sooner in turn after the one who went out."""
    line = "domino from 7, ends at first out, placings +30 +10 −10 −30"
    hand = hand_of(line, ["7C", "7D 8D 9D", "2S 3S", "4S 5S"], declarer=0)
    play(hand, "7C")
    assert hand.is_over
    assert hand.placings == [0, 2, 3, 1]  # 2 and 3 hold two cards each: 2 comes sooner after 0
    assert hand.raw_scores() == [30, -30, 10, -10]
    right = hand_of(line, ["7C", "7D 8D 9D", "2S 3S", "4S 5S"], declarer=0, direction="anticlockwise")
    play(right, "7C")
    assert right.placings == [0, 3, 2, 1]  # to the right, seat 3 comes sooner after 0


def test_play_passes_to_the_right() -> None:
    """Section 6: an anticlockwise game; ``first_lead: right``."""
    hand = hand_of("−2 per trick", ["AS 2C", "KS 3C", "QS 4C", "JS 5C"], declarer=0, direction="anticlockwise",
                   first_lead="right")
    assert hand.to_play == 3
    play(hand, "JS")
    assert hand.to_play == 2
    play(hand, "QS KS AS")
    assert hand.tricks[0].winner == 0 and hand.to_play == 0
    domino = hand_of("domino from 7, placings +1 0 0 −1", ["7C 2D", "8C", "9C", "TC"], declarer=0,
                     direction="anticlockwise")
    play(domino, "7C")
    assert domino.to_play == 3


def test_king_game_follows_its_schedule() -> None:
    """King: the choice passes to the right; each penalty twice, Trumps
    eight times, two for each player; the game sums to zero."""
    spec = load_spec("king")
    result = play_game(spec, make_bots(["rules"], 4, seed=5), seed=5)
    declarers = [hand.declarer for hand in result.hands]
    assert all(b == (a - 1) % 4 for a, b in itertools.pairwise(declarers))
    for seat in range(4):
        assert sum(1 for h in result.hands if h.declarer == seat and h.contract == "Trumps") == 2
    assert sum(result.totals) == 0
    for hand in result.hands:
        assert hand.dealer == (hand.declarer + 1) % 4  # the player before the chooser, on their left


def test_first_declarer_holds_the_card() -> None:
    """Section 6: ``first_declarer: holder of 2♦`` (King: the player dealt the 2♦ declares first)."""
    spec = load_spec("king")
    firsts = set()
    for seed in range(4):
        result = play_game(spec, make_bots(["random"], 4, seed=seed), seed=seed, players=4)
        first = result.hands[0].record
        holder = next(seat for seat, held in enumerate(first["hands"]) if "2D" in held)
        assert first["declarer"] == holder
        firsts.add(holder)
    assert len(firsts) > 1, "the first declarer follows the card, not a fixed seat"


def test_redouble_by_any_doubled_player() -> None:
    """Section 6: with ``redouble: anyone`` every doubled player may double
    back after everyone's first chance, the declarer having answered in turn."""
    doubling = m.Doubling(redouble="anyone")
    asked: list[tuple[int, tuple[int, ...]]] = []

    def choose(seat: int, targets: tuple[int, ...], cover_all: bool, made: tuple) -> list[int]:
        asked.append((seat, targets))
        if seat == 3 and 1 in targets and (3, 1) not in made:
            return [1]
        if seat == 2:
            return [0]
        return list(targets) if (seat, targets[0]) in {(1, 3), (0, 2)} else []

    doubles = doubling_round(doubling, 0, 4, "clockwise", False, choose)
    assert doubles == [(2, 0), (3, 1), (0, 2), (1, 3)]
    assert asked[-1] == (1, (3,))  # seat 1, doubled by seat 3 after its turn, may double back
    assert redouble_targets(1, doubles) == ()
    assert doubling_round(m.Doubling(), 0, 4, "clockwise", False, choose)[-1] == (0, 2)  # no redouble round


def test_bots_play_the_new_bundled_specs() -> None:
    """The rule-based bot plays every hand of the new specs legally to the end."""
    for name in ("king", "leaver-3p", "french-32"):
        spec = load_spec(name)
        for players in spec.players:
            result = play_game(spec, make_bots(["rules"], players, seed=2), seed=2, players=players)
            assert len(result.hands) == result.hands[-1].number + 1
            assert all(h.status == "complete" for h in result.hands)


def test_rule_bot_throws_the_dearest_penalty_when_void() -> None:
    """With several cards it must discard, the rule-based bot throws the one
    that costs most (section 6, discard points when void)."""
    from barbu_dsl.engine import RuleBot

    from .helpers import seat_view

    spec = load_spec("king")
    hand = hand_of("−60 per king, −100 per queen, discard points when void",
                   ["AS 2C 3C", "KD QH 3D", "KS 4C 5C", "QS 6D 7D"], declarer=0)
    play(hand, "AS")
    assert strs(hand.legal_moves()) == ["KD", "QH"]
    assert RuleBot(1).choose_move(seat_view(spec, 1, contract="No queens", hand=hand)) == card("QH")
