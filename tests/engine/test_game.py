"""Whole games: structure (docs/rules.md section 2 for the tournament and its
variants, section 3 for the French family), the doubling round and its
settlement, the advisory doubles count, and the hand records a game writes,
which must replay to the same scores (docs/records.md)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from barbu_dsl import cards as C
from barbu_dsl.bots import make_bots
from barbu_dsl.engine import AnswerError, GameResult, SeatView, check_doubles, is_positive, play_game, replay_record
from barbu_dsl.engine.bots import Bot, RandomBot
from barbu_dsl.engine.doubling import legal_targets
from barbu_dsl.language import load_spec


def game(name: str, seed: int = 0, players: int = 4, bots: str = "random", spec=None) -> GameResult:
    spec = spec or load_spec(name)
    return play_game(spec, make_bots([bots], players, seed), seed=seed, players=players)


def holder(record: dict, move: str) -> int:
    return next(seat for seat, cards in enumerate(record["hands"]) if move in cards)


def series(result: GameResult, length: int) -> list[list]:
    return [list(result.hands[i:i + length]) for i in range(0, len(result.hands), length)]


# --------------------------------------------------------------------------
# Tournament structure (section 2).


@pytest.mark.parametrize("name, hands", [("tournament", 28), ("tournament+ravage-city", 32)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_declarer_series(name: str, hands: int, seed: int) -> None:
    """Section 2: each player declares each contract once (28 hands, 32 with
    Ravage City, variant 9), in a series of consecutive hands; then the
    player on the left declares; the dealer sits on the declarer's right."""
    spec = load_spec(name)
    result = game(name, seed, bots="rules")
    assert len(result.hands) == hands
    runs = series(result, len(spec.contracts))
    assert len(runs) == 4
    first = runs[0][0].declarer
    for index, run in enumerate(runs):
        assert {hand.declarer for hand in run} == {(first + index) % 4}
        assert sorted(hand.contract for hand in run) == sorted(c.name for c in spec.contracts)
        assert all(hand.dealer == (hand.declarer - 1) % 4 for hand in run)


def test_first_declarer_is_drawn_by_lot_and_reproducible() -> None:
    """Section 2: the first declarer is drawn by lot (seeded)."""
    firsts = {game("tournament", seed).hands[0].declarer for seed in range(16)}
    assert firsts == {0, 1, 2, 3}
    assert game("tournament", 5).records() == game("tournament", 5).records()


def test_deals_do_not_depend_on_the_bots() -> None:
    """A game's deals come from its seed alone, so two sets of bots can be
    compared on the same cards."""
    a, b = game("tournament", 9, bots="random"), game("tournament", 9, bots="rules")
    assert [h.record["hands"] for h in a.hands] == [h.record["hands"] for h in b.hands]


def test_dealer_chooses() -> None:
    """Section 2, variant 1: the dealer chooses (and is the record's
    declarer); the player on the dealer's left leads, except in Domino,
    where the dealer starts."""
    result = game("tournament+dealer-chooses", 3)
    assert len(result.hands) == 28
    for hand in result.hands:
        assert hand.dealer == hand.declarer
        record = hand.record
        if hand.status != "complete":
            continue
        first = record["plays"][0]
        if hand.contract == "Domino":
            assert first == "pass" or holder(record, first) == hand.declarer
        else:
            assert holder(record, first) == (hand.declarer + 1) % 4


def test_declarer_leads_in_the_tournament() -> None:
    """Section 2: the declarer leads to the first trick (and moves first in
    Domino)."""
    for hand in game("tournament", 4).hands:
        first = hand.record["plays"][0]
        assert first == "pass" or holder(hand.record, first) == hand.declarer


def test_fixed_order() -> None:
    """Section 2, variant 2: the contracts in a fixed order, no choice, no
    doubling; each player declares each contract once, the declarer moving
    left every hand."""
    spec = load_spec("tournament+fixed-order")
    result = game("tournament+fixed-order", 2)
    assert len(result.hands) == 28
    assert [h.contract for h in result.hands] == [name for name in spec.game.order for _ in range(4)]
    assert all(h.doubles == () for h in result.hands)
    first = result.hands[0].declarer
    assert [h.declarer for h in result.hands] == [(first + i) % 4 for i in range(28)]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_bouillabaisse(players: int) -> None:
    """Section 3 (Bouillabaisse): the first six classic contracts, played
    once each in that fixed order, with no doubling."""
    result = game("bouillabaisse", players, players)
    assert [h.contract for h in result.hands] == list(load_spec("bouillabaisse").game.order)
    assert all(h.doubles == () for h in result.hands)
    assert len({h.declarer for h in result.hands}) == min(players, 6)


# --------------------------------------------------------------------------
# The French family (section 3).


def chosen_by_seat(result: GameResult) -> dict[int, list[str]]:
    by_seat: dict[int, list[str]] = {}
    for hand in result.hands:
        by_seat.setdefault(hand.declarer, []).append(hand.contract)
    return by_seat


@pytest.mark.parametrize("players", [3, 4, 5])
def test_french_classic_rotating_chooser(players: int) -> None:
    """Section 3: the chooser moves left every hand and chooses from their
    own list of contracts not yet played; classic mode uses the first
    contracts_per_game of the classic list; hands = players × contracts."""
    spec = load_spec("french-classic")
    result = game("french-classic", 1, players, bots="rules")
    assert len(result.hands) == players * 8
    first = result.hands[0].declarer
    assert [h.declarer for h in result.hands] == [(first + i) % players for i in range(players * 8)]
    for contracts in chosen_by_seat(result).values():
        assert sorted(contracts) == sorted(spec.game.order)


def test_french_classic_fewer_contracts() -> None:
    """Section 3: a game of N contracts uses the first N of the classic list."""
    spec = load_spec("french-classic")
    spec = dataclasses.replace(spec, game=dataclasses.replace(spec.game, contracts_per_game=3))
    result = game("", 0, 4, spec=spec)
    assert len(result.hands) == 12
    for contracts in chosen_by_seat(result).values():
        assert sorted(contracts) == sorted(spec.game.order[:3])


def test_french_random_mode() -> None:
    """Section 3, random mode: one random list of contracts, the same for
    every player, drawn from every contract of the spec."""
    lists = set()
    for seed in range(4):
        result = game("french-classic+random", seed)
        chosen = chosen_by_seat(result)
        assert len(result.hands) == 32
        first = sorted(chosen[0])
        assert len(set(first)) == 8
        assert all(sorted(contracts) == first for contracts in chosen.values())
        lists.add(tuple(first))
    assert len(lists) > 1


def test_french_individual_random_mode() -> None:
    """Section 3, individual random mode: a different list for each player."""
    result = game("french-classic+individual-random", 1)
    chosen = chosen_by_seat(result)
    assert len(result.hands) == 32
    assert all(len(set(contracts)) == 8 for contracts in chosen.values())
    assert len({tuple(sorted(contracts)) for contracts in chosen.values()}) > 1


def test_french_custom_mode_plays_the_picked_contracts() -> None:
    """Section 3, custom mode: the contracts picked by hand (the bundled
    variant's ``order``), each played once per player."""
    spec = load_spec("french-classic+custom")
    assert len(spec.game.order) == 8
    result = game("french-classic+custom", 0, 3)
    assert len(result.hands) == 3 * 8
    for contracts in chosen_by_seat(result).values():
        assert sorted(contracts) == sorted(spec.game.order)


def test_french_custom_mode_with_every_contract() -> None:
    """Section 3, custom mode with nothing picked: every contract, twins included."""
    spec = load_spec("french-classic+custom")
    spec = dataclasses.replace(spec, game=dataclasses.replace(spec.game, order=()))
    result = game("", 0, 3, spec=spec)
    assert len(result.hands) == 3 * len(spec.contracts)
    for contracts in chosen_by_seat(result).values():
        assert sorted(contracts) == sorted(c.name for c in spec.contracts)


def test_hands_set_at_the_start() -> None:
    """Section 3: the number of hands can be set at the start."""
    spec = load_spec("french-classic")
    spec = dataclasses.replace(spec, game=dataclasses.replace(spec.game, hands=10))
    result = game("", 2, 4, spec=spec)
    assert len(result.hands) == 10
    for contracts in chosen_by_seat(result).values():
        assert len(set(contracts)) == len(contracts)


def test_hearts_game() -> None:
    """The hearts spec: one hand per player; the 2♣ leads."""
    result = game("hearts", 1)
    assert len(result.hands) == 4
    assert all(h.record["plays"][0] == "2C" for h in result.hands)
    assert result.winners == tuple(s for s, t in enumerate(result.totals) if t == min(result.totals))


# --------------------------------------------------------------------------
# Doubling and settlement (section 2).


@pytest.mark.parametrize("name", ["tournament", "tournament+ravage-city", "tournament+declarer-only-doubles",
                                  "tournament+undoubled-not-played", "tournament+brader"])
@pytest.mark.parametrize("bots", ["random", "rules"])
def test_settlement_is_zero_sum(name: str, bots: str) -> None:
    """Section 2: settlement passes points between pairs, so transfers sum to
    zero in every hand; the tournament scale sums to zero over a game
    (Ravage City, variant 9, and Brader's scale, variant 8, need not)."""
    spec = load_spec(name)
    result = game(name, 6, bots=bots)
    for hand in result.hands:
        assert sum(hand.transfers) == 0
        assert [r + t for r, t in zip(hand.raw, hand.transfers)] == list(hand.final)
    running = [0] * 4
    for hand in result.hands:
        running = [a + b for a, b in zip(running, hand.final)]
        assert tuple(running) == hand.totals
    assert sum(result.totals) == sum(sum(hand.raw) for hand in result.hands)
    if name in ("tournament", "tournament+declarer-only-doubles", "tournament+undoubled-not-played"):
        assert sum(result.totals) == 0, spec.full_name  # −26 −24 −30 −30 −20 +65 +65 = 0, four times


@pytest.mark.parametrize("name", ["tournament", "tournament+declarer-only-doubles"])
def test_doubles_follow_the_rules(name: str) -> None:
    """Section 2: in turn from the declarer's left, one chance each; the
    declarer only redoubles; in positive contracts only the declarer is
    doubled; variant 3: only the declarer, and a redouble covers everyone
    who doubled them."""
    spec = load_spec(name)
    for seed in range(3):
        for hand in game(name, seed).hands:
            contract = spec.contract(hand.contract)
            positive = is_positive(contract.rules_for(4), 4, spec.deck_for(4), spec.game.aim, hand.trump)
            check_doubles(spec.doubling, hand.declarer, hand.doubles, positive)
            order = [(d - hand.declarer - 1) % 4 for d, _ in hand.doubles]
            assert order == sorted(order)  # doublers speak in turn, the declarer last
            if positive:
                assert all(hand.declarer in pair for pair in hand.doubles)


def test_legal_targets() -> None:
    """Section 2: who may double whom at a player's turn."""
    doubling = load_spec("tournament").doubling
    assert legal_targets(doubling, 0, 1, [], False, 4) == ((0, 2, 3), False)
    assert legal_targets(doubling, 0, 1, [], True, 4) == ((0,), False)
    assert legal_targets(doubling, 0, 0, [(1, 0), (2, 3), (3, 0)], False, 4) == ((1, 3), False)
    only = load_spec("tournament+declarer-only-doubles").doubling
    assert legal_targets(only, 0, 2, [], False, 4) == ((0,), False)
    assert legal_targets(only, 0, 0, [(1, 0), (3, 0)], False, 4) == ((1, 3), True)


class Doubler(RandomBot):
    """Doubles the declarer at every chance, never anyone else."""

    def choose_doubles(self, view: SeatView) -> list[int]:
        assert view.offer is not None
        return [view.declarer] if view.declarer in view.offer.targets else []


class Shy(RandomBot):
    """Never doubles."""

    def choose_doubles(self, view: SeatView) -> list[int]:
        return []


def test_undoubled_contracts_are_not_played() -> None:
    """Section 2, variant 4: a negative contract nobody doubles is not
    played; each opponent scores total/(n−1) rounded, the declarer the rest
    (No tricks +1/−9, No queens 0/−8, No last two and No hearts 0/−10,
    Barbu +1/−7); positive contracts are played."""
    spec = load_spec("tournament+undoubled-not-played")
    result = play_game(spec, [Shy(s) for s in range(4)], seed=1)
    split = {"No tricks": (1, -9), "No queens": (0, -8), "No last two": (0, -10), "No hearts": (0, -10),
             "Barbu": (1, -7)}
    for hand in result.hands:
        if hand.contract in split:
            assert hand.status == "not_played" and hand.record["plays"] == []
            mine, theirs = split[hand.contract]
            assert hand.final == tuple(mine if s == hand.declarer else theirs for s in range(4))
        else:
            assert hand.status == "complete"
        assert replay_record(spec, hand.record)["status"] == hand.status


def test_advisory_doubles_count_is_shown_never_enforced() -> None:
    """Section 2: the minimum of doubles against each declarer is never
    enforced; the game counts each player's doubles against the current
    declarer in the declarer's series."""
    spec = load_spec("tournament")
    keen = play_game(spec, [Doubler(s) for s in range(4)], seed=3)
    for run in series(keen, 7):
        for step, hand in enumerate(run):
            assert hand.against_declarer == tuple(0 if s == hand.declarer else step + 1 for s in range(4))
    shy = play_game(spec, [Shy(s) for s in range(4)], seed=3)
    assert len(shy.hands) == 28
    assert all(hand.against_declarer == (0, 0, 0, 0) for hand in shy.hands)


# --------------------------------------------------------------------------
# Records.


@pytest.mark.parametrize("name", [
    "tournament", "tournament+ravage-city", "tournament+dealer-chooses", "tournament+undoubled-not-played",
    "tournament+declarer-only-doubles", "tournament+declarer-sets-domino", "tournament+ace-low-domino",
    "tournament+shed-when-safe", "french-classic+random", "french-classic+all-or-nothing", "bouillabaisse",
    "hearts", "hearts+no-passing",
])
def test_recorded_hands_replay_identically(name: str) -> None:
    """docs/records.md: every hand a game plays is a record the replay
    accepts and scores the same (status, raw, transfers, final); a hand
    whose cards are passed keeps them in ``passes`` (docs/rules.md section
    6, Passing)."""
    spec = load_spec(name)
    players = 4
    for bots in ("random", "rules"):
        result = game(name, 8, players, bots=bots)
        for hand in result.hands:
            keys = ["contract", "declarer", "trump", "start_rank", "hands", "plays", "doubles"]
            passed = spec.passing.direction(hand.number) != "hold"
            assert list(hand.record) == keys + (["passes"] if passed else [])
            replayed = replay_record(spec, hand.record)
            assert "error" not in replayed, replayed
            assert replayed["status"] == hand.status
            assert (replayed["raw"], replayed["transfers"], replayed["final"]) == (
                list(hand.raw), list(hand.transfers), list(hand.final))


def test_record_names_trump_and_start_rank() -> None:
    """docs/records.md: ``trump`` for contracts that name one, ``start_rank``
    for domino, null otherwise."""
    for hand in game("tournament", 1).hands:
        record = hand.record
        assert (record["trump"] is not None) == (hand.contract == "Trumps")
        assert (record["start_rank"] is not None) == (hand.contract == "Domino")
        if record["trump"] is not None:
            assert C.parse_suit(record["trump"]) == hand.trump


# --------------------------------------------------------------------------
# Misuse.


class Cheat(RandomBot):
    """Chooses the same contract again."""

    chosen = None

    def choose_contract(self, view):
        if self.chosen is None:
            self.chosen = view.contract_options[0]
        return self.chosen


def test_bad_games_are_refused() -> None:
    spec = load_spec("tournament")
    with pytest.raises(ValueError, match="played by 4 players, not 3"):
        play_game(spec, make_bots(["random"], 3))
    with pytest.raises(ValueError, match="3 bots for 4 players"):
        play_game(spec, make_bots(["random"], 3), players=4)
    cheats: list[Bot] = [Cheat(s) for s in range(4)]
    with pytest.raises(AnswerError, match=r"is not an option of seat \d's contract decision"):
        play_game(spec, cheats)


def test_every_game_ends_with_winners() -> None:
    """The aim decides the winner: highest in the tournament, lowest in
    the French family (section 3)."""
    high = game("tournament", 0)
    assert all(high.totals[w] == max(high.totals) for w in high.winners)
    low = game("french-classic", 0)
    assert all(low.totals[w] == min(low.totals) for w in low.winners)
    assert Counter(h.contract for h in low.hands)["Mini"] == 4
