"""The language reaches the wider family (docs/rules.md section 6): new rule
line clauses, schedule, seating, pack and doubling settings read, printed
back and checked, and the rules out of reach refused as not expressible."""

from __future__ import annotations

import re

import pytest
from lines import problems, rules

from barbu_dsl import SpecError
from barbu_dsl import cards as C
from barbu_dsl.language import model as m
from barbu_dsl.language import parse_spec, print_spec
from barbu_dsl.language.rules import rules_text
from barbu_dsl.language.unexpressible import NOT_EXPRESSIBLE, PHRASES, SETTING_PHRASES, unexpressible_phrase


def spec(text: str) -> m.Spec:
    return parse_spec(text, "family.yaml")


def messages(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "family.yaml")
    return [d.message for d in caught.value.diagnostics]


# --------------------------------------------------------------------------
# Rule lines


@pytest.mark.parametrize(("line", "canonical"), [
    ("trumps, must trump, +50 per trick taken", "trumps, must trump, +50 per trick"),  # per trick taken
    ("trumps, must trump when void, +5 per trick", "trumps, must trump, +5 per trick"),
    ("−30 per ♥, discard ♥ when void", "−30 per ♥, discard ♥ when void"),
    ("−100 per queen, discard queens when void", "−100 per queen, discard queens when void"),
    ("−60 per king, −60 per jack, discard points when void", "−60 per king, −60 per jack, discard points when void"),
    ("−10 antepenultimate trick", "−10 antepenultimate trick"),
    ("−10 third from last trick", "−10 antepenultimate trick"),  # positions counted from the end
    ("−10 second from last trick", "−10 penultimate trick"),
    ("−5 4th from last trick", "−5 4th from last trick"),
    ("−26 spread over tricks", "−26 spread over tricks"),
    ("−26 spread over the tricks", "−26 spread over tricks"),
    ("−30 spread over ♥", "−30 spread over ♥"),
    ("trumps, −40 spread over trumps", "trumps, −40 spread over trumps"),
    ("domino, ace plays again, placings +45 +20 +5 −5", "domino, ace plays again, placings +45 +20 +5 −5"),
    ("domino, aces play again, ends at first out, placings +10 0 0 −10",
     "domino, ace plays again, ends at first out, placings +10 0 0 −10"),
])
def test_section_6_clauses_read_and_print(line: str, canonical: str) -> None:
    built = rules(line)
    assert rules_text(built) == canonical
    assert rules(canonical) == built


def test_section_6_clauses_build_the_model() -> None:
    play = rules("trumps, must trump, +5 per trick").play
    assert isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.must_trump
    assert rules("−2 per ♥, discard ♥ when void").play.discard_when_void == (m.SuitCards(C.HEARTS),)  # type: ignore[union-attr]
    domino = rules("domino, ace plays again, ends at first out, placings +1 −1").play
    assert domino == m.DominoPlay(ace_again=True, end="first-out")
    assert rules("−3 third from last trick").scoring.parts == (m.TrickAt(-3, -3),)
    assert rules("−26 spread over tricks").scoring.parts == (m.Spread(-26),)


@pytest.mark.parametrize(("line", "message"), [
    ("must trump, −2 per trick", "'must trump' needs 'trumps'"),
    ("trumps, discard trumps when void, +5 per trick", "a void player who must play a trump 'must trump'"),
    ("−2 per trick, discard cards when void", "discard-when-void names the cards to throw"),
    ("domino, discard ♥ when void, placings +1 −1", "'discard ♥ when void' does not apply to domino"),
    ("ace plays again, −2 per trick", "'ace plays again' is a domino rule"),
    ("ends at first out, −2 per trick", "'ends at first out' is a domino rule"),
    ("−20 spread over K♥", "a spread shares a value over several cards"),
    ("−10 penultimate from last trick", "'penultimate from last' counts from the end twice"),
    ("−26 spread over tricks, −2 per trick", "'−2 per trick' contradicts '−26 spread over tricks'"),
    ("−30 spread over ♥, −2 per ♥", "both score some cards in one group"),
    ("0 spread over tricks, −1 per ♥", "'0 spread over tricks' scores nothing"),
])
def test_section_6_clauses_misused(line: str, message: str) -> None:
    assert any(message in found for found in problems(line)), problems(line)


# --------------------------------------------------------------------------
# Settings

BASE = "contracts:\n  A: −2 per trick\n  B: −2 per ♥\n"


def test_schedule_seating_and_doubling_settings() -> None:
    read = spec("game: {chooser: rotating, lists: shared, direction: anticlockwise, first_lead: right, "
                "first_declarer: holder of 7♥, hands: {3: 15, 4: 32}}\nplayers: 3-4\n"
                "doubling: {redouble: anyone}\ncontracts:\n  A: {rules: −2 per trick, times: 12}\n"
                "  B: {rules: −2 per ♥, times: 1 each}\n")
    game = read.game
    assert (game.lists, game.direction, game.first_lead) == ("shared", "anticlockwise", "right")
    assert game.first_declarer == C.card(7, C.HEARTS)
    assert game.hands == ((3, 15), (4, 32)) and game.hands_for(3) == 15 and game.hands_for(5) is None
    assert read.doubling.redouble == "anyone"
    assert [(c.times, c.times_each) for c in read.contracts] == [(12, False), (1, True)]
    assert parse_spec(print_spec(read)) == read


def test_packs_and_deck_shorthand() -> None:
    """docs/rules.md section 6: the piquet pack, whole ranks, the highest cards."""
    piquet = spec("players: 3-4\ndeck: piquet\n" + BASE)
    assert piquet.pack_low == 7 and len(piquet.deck_for(4)) == 32
    assert piquet.removed_for(3) == tuple(sorted({*range(52)} - set(C.pack(7)) | {C.card(7, C.CLUBS),
                                                                                 C.card(7, C.DIAMONDS)}))
    assert "deck: piquet" in print_spec(piquet) and "decks" not in print_spec(piquet)
    ranges = spec("players: 4\ndecks: {4: [2-6]}\n" + BASE)
    assert ranges.deck_for(4) == C.pack(7) and "  4: [2-6]" in print_spec(ranges)
    highest = spec("players: 5\ndecks: {5: highest 8 each}\n" + BASE)
    assert len(highest.deck_for(5)) == 40
    assert {C.rank_of(c) for c in highest.removed_for(5)} == {2, 3, 4}  # the lowest ranks first
    assert spec("players: 5\ndecks: {5: highest 40}\n" + BASE).removed_for(5) == highest.removed_for(5)
    for text in (piquet, ranges, highest):
        assert parse_spec(print_spec(text)) == text
    assert spec("players: 4\ndeck: 6-A\n" + BASE).deck_for(4) == C.pack(6)


@pytest.mark.parametrize(("players", "removed"), [
    (2, ""), (8, "2♣ 2♦ 3♣ 3♦"), (9, "2♣ 2♦ 3♣ 3♦ 4♣ 4♦ 5♣"), (10, "2♣ 2♦"),
])
def test_two_and_up_to_ten_players(players: int, removed: str) -> None:
    """docs/rules.md section 6: the default decks for 2 and 8 to 10 players,
    the lowest clubs and diamonds first."""
    read = spec(f"players: {players}\n" + BASE)
    assert read.removed_for(players) == tuple(sorted(C.parse_card(w) for w in removed.split()))  # type: ignore[type-var]
    assert len(read.deck_for(players)) % players == 0


@pytest.mark.parametrize(("text", "message"), [
    ("players: 12\n" + BASE, "not expressible in barbu_dsl: 12 players need two packs"),
    ("players: 1\n" + BASE, "a game needs at least 2 players"),
    ("deck: tarot\n" + BASE, "unknown pack 'tarot'"),
    ("deck: piquet\ndecks: {4: [2♣]}\n" + BASE, "2♣ is not in the pack"),
    ("decks: {4: [1-6]}\n" + BASE, "'1-6' is not a range of ranks"),
    ("decks: {4: highest 60}\n" + BASE, "cannot keep the highest 60"),
    ("game: {first_declarer: the dealer}\n" + BASE, "first_declarer cannot be 'the dealer'"),
    ("doubling: {redouble: sometimes}\n" + BASE, "redouble cannot be 'sometimes'"),
    ("game: {direction: widdershins}\n" + BASE, "direction cannot be 'widdershins'"),
    ("game: {hands: {4: many}}\n" + BASE, "hands maps a player count to a number of hands"),
    ("game: {hands: {5: 20}}\n" + BASE, "hands are given for 5 players"),
    ("contracts:\n  A: {rules: −2 per trick, times: twice}\n", "times cannot be 'twice'"),
    ("game: {chooser: fixed-order}\ncontracts:\n  A: {rules: −2 per trick, times: 2}\n",
     "'times' does nothing in a fixed-order game"),
    ("contracts:\n  A: {rules: −2 per trick, times: 2 each}\n", "needs a shared list"),
    ("game: {lists: shared}\n" + BASE, "a shared list does nothing with chooser 'declarer-series'"),
    ("game: {chooser: rotating, lists: shared, mode: random}\n" + BASE, "draws each player's own list"),
    (("game: {chooser: rotating, lists: shared}\nplayers: 3\ncontracts:\n  A: {rules: −2 per trick, times: 1 each}\n"
     "  B: −2 per ♥\n"), "does not give each player the same choices"),
    ("game: {first_declarer: holder of 2♣}\nplayers: 3\n" + BASE, "but it is removed from the deck for 3 players"),
    ("players: 3\n" + "contracts:\n  A: −26 spread over tricks\n", "does not share out evenly over 17 tricks"),
    ("game: {chooser: rotating, order: [A, A]}\n" + BASE, "game order lists 'A' twice"),
])
def test_section_6_settings_misused(text: str, message: str) -> None:
    found = messages(text)
    assert any(message in line for line in found), found


def test_a_fixed_order_may_repeat_a_contract() -> None:
    """docs/rules.md section 6: a contract played k times in a fixed order is listed k times."""
    read = spec("game: {chooser: fixed-series, order: [A, B, A]}\n" + BASE)
    assert read.game.order == ("A", "B", "A")


OUT_OF_REACH = [
    ("partners: [[0, 2], [1, 3]]\n" + BASE, "partnerships"),
    ("game: {teams: 2}\n" + BASE, "partnerships"),
    ("contracts:\n  King: K♥ −75, doubled by the holder of K♥\n", "doubling by the holder of a card"),
    ("contracts:\n  Poker: chinese poker, +10 per trick\n", "not trick games or domino"),
    ("contracts:\n  Poker: {rules: +1 per trick, kind: poker}\n", "not trick games or domino"),
    ("contracts:\n  Beats: +6 per beat\n", "'beat' as a unit of scoring"),
    ("contracts:\n  Hearts: −1 per ♥, pass 3 cards left\n", "passing cards in a contract's rule line"),
    ("contracts:\n  Hearts: pass 3 cards to the left, −1 per ♥\n", "passing cards in a contract's rule line"),
    ("contracts:\n  Hearts: −1 per ♥, passing left right across hold\n", "passing cards in a contract's rule line"),
    ("contracts:\n  Hearts: +1 per ♥, reversed at 50\n", "once their running total reaches a value"),
    ("game: {reversal: 50}\n" + BASE, "once their running total reaches a value"),
    ("contracts:\n  Big: two packs, −2 per trick\n", "two packs"),
    ("contracts:\n  Bridge: bid, −2 per trick\n", "bidding"),
    ("contracts:\n  Bridge: −2 per trick, partner\n", "partnerships"),
    ("contracts:\n  Domino: domino, −1 per pass\n", "a score for each pass in domino"),
    ("contracts:\n  Tricks: +10 per trick not taken\n", "a score for what a player does not take"),
    ("contracts:\n  Hearts: −1 per ♥, −8 for all ♥ instead\n", "a value for taking every card of a suit or set"),
    ("contracts:\n  Hearts: −1 per ♥, no ♥ lead before trick 3\n", "a lead ban that ends at a given trick"),
    ("contracts:\n  Domino: domino, +1 per card left in hand\n", "a score for the cards left in a player's hand"),
    ("contracts:\n  Trumps: +1 per trick, trumps turned up\n", "trumps decided by a card turned up"),
    ("contracts:\n  Domino: domino, pass when stuck, placings +45 +20 +5 −5\n", "passing cards in a domino contract"),
]


@pytest.mark.parametrize(("text", "where"), OUT_OF_REACH)
def test_out_of_reach_is_refused_as_not_expressible(text: str, where: str) -> None:
    """docs/rules.md section 6, "Not expressible": partnerships, doubling by
    the holder of a card and contracts that are not trick games are refused
    where they are written, saying so."""
    found = messages(text)
    assert any(line.startswith("not expressible in barbu_dsl: ") and where in line for line in found), found


@pytest.mark.parametrize("line", [
    "domino, ends at first out, placings +40 +20 0 −20",
    "−1 per ♥, Q♠ −13, no ♥ lead until broken, Q♠ breaks ♥",
    "trumps, must win with a trump, +5 per trick",
    "−26 spread over tricks, −10 antepenultimate trick",
    "+30 for all tricks instead, +5 per trick",
    "−1 per ♥, no ♥ opening lead, shoot the moon",
    "domino, ends at first out, placings +45 +20 +5 −5",
])
def test_what_is_expressible_is_not_mistaken_for_what_is_not(line: str) -> None:
    """docs/rules.md section 6, "Not expressible": the phrases of the table
    never match a line the language reads (``ends at first out`` is no
    target score, ``breaks`` no beat)."""
    assert unexpressible_phrase(line) is None
    assert spec(f"contracts:\n  A: {line}\n").contracts


def test_each_phrasing_is_met_and_names_the_nearest_thing() -> None:
    """docs/rules.md section 6, "Not expressible": every row of the table
    is met by a line someone wrote above, and says what is not expressible
    and, as a hint, what to write instead."""
    for pattern, (what, nearest) in PHRASES:
        assert any(re.search(pattern, text, re.IGNORECASE) for text, _ in OUT_OF_REACH), pattern
        assert not what.startswith(NOT_EXPRESSIBLE) and nearest[0].islower()


# --------------------------------------------------------------------------
# A target score


@pytest.mark.parametrize(("written", "target"), [("100", 100), ("−100", -100), ("-50", -50), ("+75", 75)])
def test_a_target_is_read_and_printed_back(written: str, target: int) -> None:
    """docs/rules.md section 6, "A target score": ``game: {target: N}``,
    either sign (``−`` and ``-`` both mean minus), printed back as read."""
    line = "+1 per ♥" if target > 0 else "−1 per ♥"
    read = spec(f"game: {{aim: lowest, target: {written}}}\ndoubling: false\ncontracts:\n  H: {line}\n")
    assert read.game.target == target
    assert parse_spec(print_spec(read), "again.yaml").game.target == target
    assert f"target: {target}" in print_spec(read)


@pytest.mark.parametrize(("text", "wanted"), [
    ("game: {target: 0}\n" + BASE, "a target of 0 is reached before the first hand"),
    ("game: {target: many}\n" + BASE, "target is a whole number of points"),
    ("game: {target: 2000000000}\n" + BASE, "target is at most 1,000,000,000"),
    ("doubling: false\ngame: {target: 100}\ncontracts:\n  A: −1 per ♥\n",
     "a target of 100 can never be reached: no hand of these contracts gives a player points"),
    ("doubling: false\ngame: {target: −100}\ncontracts:\n  A: +1 per ♥, Q♠ +13, shoot the moon\n",
     "a target of −100 can never be reached: no hand of these contracts takes points from a player"),
])
def test_a_target_that_cannot_work_is_refused(text: str, wanted: str) -> None:
    """docs/rules.md section 6, "A target score": a target of 0, one that is
    no number, and one no total can reach are refused where written."""
    found = messages(text)
    assert any(wanted in line for line in found), found


@pytest.mark.parametrize("text", [
    "doubling: false\ngame: {target: 100}\ncontracts:\n  A: −1 per ♥, all or nothing\n",  # negated: +13
    "game: {target: 100}\ncontracts:\n  A: −1 per ♥\n",  # doubling moves points either way
    "doubling: false\ngame: {target: 100, hands: 20}\ncontracts:\n  A: −1 per ♥\n  B: +1 per trick\n",
])
def test_a_target_some_total_can_reach_is_accepted(text: str) -> None:
    """docs/rules.md section 6, "A target score": a target is refused only
    when no hand can move a total towards it; with ``hands`` the game ends
    at whichever comes first."""
    assert spec(text).game.target is not None


@pytest.mark.parametrize(("text", "wanted"), [
    ("contracts:\n  Hearts: −1 per ♥, game ends at 100 points\n", "a target score is a game setting"),
    ("contracts:\n  Hearts: −1 per ♥, game ends when a player reaches 100\n", "a target score is a game setting"),
    ("contracts:\n  Hearts: +1 per ♥, first to 100 points\n", "a target score is a game setting"),
    ("target: 100\n" + BASE, "a target score is written under 'game' as 'target'"),
    ("game: {target_score: 100}\n" + BASE, "a target score is written under 'game' as 'target'"),
    ("contracts:\n  Hearts: +1 per ♥, exactly 100 goes back to zero\n", "a total that goes back to zero is a game"),
    ("contracts:\n  Hearts: +1 per ♥, reset at 100\n", "a total that goes back to zero is a game setting"),
    ("reset: 100\n" + BASE, "a total that goes back to zero is written under 'game' as 'reset'"),
    ("game: {back_to_zero: 100}\n" + BASE, "a total that goes back to zero is written under 'game' as 'reset'"),
    ("contracts:\n  Pot: pay 1 chip per heart into the pot\n", "a pot is a game setting, not a clause"),
    ("pot: no points\n" + BASE, "a pot is written under 'game' as 'pot'"),
    ("contracts:\n  Skat: −2 per trick, widow\n", "go to a widow by the spec's 'leftover' setting"),
    ("contracts:\n  Skat: −2 per trick, 2 cards set aside\n", "go to a widow by the spec's 'leftover' setting"),
    ("widow: 2\n" + BASE, "a widow is written as the 'leftover' setting"),
    ("contracts:\n  Skat: −2 per trick, dealer discards 2\n", "a dealer who discards the cards left over is"),
    ("discard: 2\n" + BASE, "a dealer who discards is written as the 'leftover' setting"),
    ("contracts:\n  Maria: +1 per ♥, Q♠ +13, going for the lot\n", "is written 'shoot the moon' or 'all or nothing'"),
    ("contracts:\n  Maria: +1 per ♥, go for the whole lot\n", "is written 'shoot the moon' or 'all or nothing'"),
    ("game: {going_for_the_lot: true}\n" + BASE, "going for the lot is a clause of the contract's rule line"),
])
def test_a_target_written_elsewhere_says_where_it_goes(text: str, wanted: str) -> None:
    """docs/rules.md section 6, "Not expressible", "A target score" and
    "Running totals": the ways people write a target or a reset outside
    ``game`` (or going for the lot, which is ``shoot the moon``) are met at
    their line with what to write, never as out of reach."""
    found = messages(text)
    assert any(wanted in line and not line.startswith(NOT_EXPRESSIBLE) for line in found), found


def test_each_setting_phrasing_is_met() -> None:
    """docs/rules.md section 6, "Not expressible": every row of the setting
    phrases is met by a line above."""
    met = ("game ends at 100 points", "exactly 100 goes back to zero", "pay 1 chip per heart into the pot", "widow",
           "dealer discards 2", "going for the lot")
    for pattern, _ in SETTING_PHRASES:
        assert any(re.search(pattern, line, re.IGNORECASE) for line in met), pattern
