"""The rule-line language: every clause of docs/rules.md sections 2 and 3 parses
to the model, and scoring groups combine as the rules say."""

from __future__ import annotations

import pytest
from lines import problems, rules

from barbu_dsl import cards as C
from barbu_dsl.language import model as m
from barbu_dsl.language.parser import LineError, parse_line
from barbu_dsl.language.rules import card_values, rules_text

H, S, D, CL = C.HEARTS, C.SPADES, C.DIAMONDS, C.CLUBS


def test_override_inside_a_group() -> None:
    """docs/rules.md 2, No hearts: −2 per heart, A♥ −6 instead: −30, not −32."""
    values = card_values(rules("−2 per ♥, A♥ −6, no ♥ lead").scoring, None)
    assert values[C.card(14, H)] == -6
    assert sum(values.values()) == -30


def test_groups_accumulate() -> None:
    """docs/rules.md 3, Salade: Mini + Without suit + Without card + Barbu add up."""
    r = rules("+5 per trick; +5 per ♥; +15 per queen; K♥ +60, no ♥ opening lead")
    values = card_values(r.scoring, None)
    assert values[C.card(12, H)] == 20  # a heart and a queen
    assert values[C.card(13, H)] == 65  # a heart and the Barbu
    assert sum(values.values()) == 65 + 60 + 60
    assert r.scoring.groups[0] == (m.PerTrick(5),)


def test_hyphen_and_minus_sign_are_the_same() -> None:
    assert rules("-2 per trick") == rules("−2 per trick")


@pytest.mark.parametrize(
    ("line", "part"),
    [
        ("−2 per trick", m.PerTrick(-2)),
        ("−6 per queen", m.PerCard(-6, m.RankCards(12))),
        ("−6 per Q", m.PerCard(-6, m.RankCards(12))),
        ("−6 per dames", m.PerCard(-6, m.RankCards(12))),
        ("+15 per 10", m.PerCard(15, m.RankCards(10))),
        ("−2 per hearts", m.PerCard(-2, m.SuitCards(H))),
        ("−2 per H", m.PerCard(-2, m.SuitCards(H))),
        ("−2 per cuori", m.PerCard(-2, m.SuitCards(H))),
        ("−1 per card", m.PerCard(-1, m.AllCards())),
        ("−5 per {Q♠, K♥}", m.PerCard(-5, m.CardSet((C.card(13, H), C.card(12, S))))),
        ("K♥ −20", m.PerCard(-20, m.OneCard(C.card(13, H)))),
        ("−20 RH", m.PerCard(-20, m.OneCard(C.card(13, H)))),
        ("−10 penultimate trick", m.TrickAt(-10, -2)),
        ("−20 last trick", m.TrickAt(-20, -1)),
        ("+60 first trick", m.TrickAt(60, 1)),
        ("+30 second trick", m.TrickAt(30, 2)),
        ("−15 trick 7", m.TrickAt(-15, 7)),
        ("−15 7th trick", m.TrickAt(-15, 7)),
        ("−36 most of one suit", m.MostOfOneSuit(-36)),
        ("−36 most of one suit ties split rounding down", m.MostOfOneSuit(-36, "split", "down")),
        ("−36 most of one suit ties full", m.MostOfOneSuit(-36, "full")),
    ],
)
def test_scoring_parts(line: str, part: m.Part) -> None:
    """docs/rules.md 2 and 3: per trick, per card of a suit/rank/set, a card,
    trick positions, Ravage City with its tie rule."""
    assert rules(line).scoring.parts == (part,)


def test_placings() -> None:
    r = rules("domino, placings +45 +20 +5 −5")
    assert r.scoring.parts == (m.Placings((45, 20, 5, -5)),)
    assert r.play == m.DominoPlay("chosen", aces_low=False)


@pytest.mark.parametrize(
    ("line", "play"),
    [
        ("domino from 5, placings +45 +20 +5 −5", m.DominoPlay(5)),
        ("domino from first card, aces low, placings +45 +20 +5 −5", m.DominoPlay("first-card", True)),
        ("fan tan, placings +45 +20 +5 −5", m.DominoPlay("chosen")),
    ],
)
def test_domino_mechanics(line: str, play: m.DominoPlay) -> None:
    """docs/rules.md 2, Domino and variant 7."""
    assert rules(line).play == play


def test_trump_switches_are_separate() -> None:
    """docs/rules.md 2, Trumps ruling, and variant 6 (no forced ruff)."""
    both = rules("trumps, must win with a trump, must overtrump, +5 per trick").play
    assert isinstance(both, m.TrickPlay) and both.trumps == m.Trumps(None, True, True)
    only_led = rules("trumps, must overtrump, +5 per trick").play
    assert isinstance(only_led, m.TrickPlay) and only_led.trumps == m.Trumps(None, False, True)
    fixed = rules("trumps ♠, +5 per trick").play
    assert isinstance(fixed, m.TrickPlay) and fixed.trumps == m.Trumps(S, False, False)


def test_lead_restrictions() -> None:
    """docs/rules.md 2 (every lead) and 3 (opening lead only), hearts' until broken."""
    play = rules("+1 per ♥, Q♠ +13, no ♥ lead until broken, Q♠ breaks ♥, 2♣ leads, no points on first trick").play
    assert isinstance(play, m.TrickPlay)
    assert play.lead_bans == (m.LeadBan(H, "until-broken", (C.card(12, S),)),)
    assert play.opening_card == C.card(2, CL)
    assert play.first_trick_bans == (m.PointCards(),)
    every = rules("K♥ −20, no ♥ lead").play
    opening = rules("K♥ +60, no hearts opening lead").play
    assert isinstance(every, m.TrickPlay) and every.lead_bans == (m.LeadBan(H, "every"),)
    assert isinstance(opening, m.TrickPlay) and opening.lead_bans == (m.LeadBan(H, "opening"),)


def test_shed_inverted_and_transforms() -> None:
    """docs/rules.md 2 variant 5 (shed when safe), 3 (inverted order, all or nothing)."""
    play = rules("K♥ −20, shed K♥ when safe, shed queens when safe, 2 high").play
    assert isinstance(play, m.TrickPlay)
    assert play.shed_when_safe == (m.OneCard(C.card(13, H)), m.RankCards(12))
    assert play.inverted
    assert rules("+5 per trick, all or nothing").scoring.all_or_nothing
    assert rules("+1 per ♥, shoot the moon").scoring.shoot_the_moon


def test_play_every_trick() -> None:
    """docs/rules.md 1, playing out: a contract may say it plays every trick; domino has no tricks."""
    play = rules("+1 per ♥, Q♠ +13, play every trick").play
    assert isinstance(play, m.TrickPlay) and play.play_every_trick
    assert not rules("+1 per ♥").play.play_every_trick  # type: ignore[union-attr]
    assert "'play every trick' does not apply to domino" in problems("domino, placings +1 0 0 −1, play every trick")


def test_per_trump_counts_the_named_suit() -> None:
    """docs/rules.md 3, Trumps: each trump card taken −5."""
    r = rules("trumps, must overtrump, −5 per trump")
    assert sum(card_values(r.scoring, D).values()) == -65
    assert all(C.suit_of(c) == D for c in card_values(r.scoring, D))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("−2", "the value −2 has no unit"),
        ("−6 queens", "the value −6 has no unit"),
        ("−2 per hertz", "unknown suit, rank or card set 'hertz'"),
        ("−2 per ♥ A♥ −6", "two clauses without a comma between them"),
        ("1♥ −6", "unknown card '1♥'"),
        ("ZH −6", "unknown card 'ZH'"),
        ("−2 per D", "'D' is ambiguous: diamonds or dames (queens)?"),
        ("no Q lead, −1 per trick", "'Q' is not a suit"),
        ("3 high, −1 per trick", "'3 high' means nothing; only '2 high' inverts the order"),
        ("−2 per ♥, −6 per queen", "'−6 per queen' and '−2 per ♥' both score some cards in one group"),
        ("K♥ −20, K♥ −15", "'K♥ −15' contradicts 'K♥ −20'"),
        ("−2 per trick, −3 per trick", "'−3 per trick' contradicts '−2 per trick'"),
        ("must win with a trump, +5 per trick", "'must win with a trump' needs 'trumps'"),
        ("domino", "domino needs 'placings' to score"),
        ("placings +1 +0 +0 −1", "'placings' score domino; this contract plays tricks"),
        ("no ♥ lead", "this contract scores nothing"),
        ("+1 per ♥, Q♠ breaks ♥", "'Q♠ breaks ♥' needs 'no ♥ lead until broken'"),
        ("−5 per trump", "'per trump' needs 'trumps'"),
        ("+1 per ♥, all or nothing, shoot the moon", "'shoot the moon' contradicts 'all or nothing'"),
        ("no ♥ lead, no ♥ opening lead, −1 per ♥", "'no ♥ opening lead' contradicts an earlier clause"),
    ],
)
def test_line_errors(line: str, message: str) -> None:
    assert message in problems(line)


@pytest.mark.parametrize(
    "line",
    [
        "−2 per ♥, A♥ −6, no ♥ lead",
        "+5 per trick; +5 per ♥; +15 per queen; K♥ +60, no ♥ opening lead",
        "trumps, must win with a trump, must overtrump, +5 per trick",
        "domino from first card, aces low, placings +45 +20 +5 −5",
        "+1 per ♥, Q♠ +13, 2♣ leads, no points on first trick, no ♥ lead until broken, Q♠ breaks ♥, shoot the moon",
        "+1 per ♥, Q♠ +13, 2♣ leads, play every trick, shoot the moon",
        "2 high, −5 per {Q♠, K♥}, −15 trick 5, shed {Q♠, K♥} when safe",
    ],
)
def test_canonical_text_round_trips(line: str) -> None:
    r = rules(line)
    assert rules(rules_text(r)) == r
    assert rules_text(rules(rules_text(r))) == rules_text(r)


def test_emoji_suits_read_as_symbols() -> None:
    """A rule line pasted from a phone: ``K♥️`` is ``K♥`` and ``♥️`` is ``♥``."""
    assert rules("K♥\ufe0f −20, no ♥\ufe0f lead") == rules("K♥ −20, no ♥ lead")
    assert rules("−2 per ♥\ufe0e, A♥\ufe0f −6") == rules("−2 per ♥, A♥ −6")


def test_emoji_selector_keeps_error_offsets() -> None:
    with pytest.raises(LineError) as caught:
        parse_line("K♥\ufe0f −20, −2 per hertz")
    assert caught.value.problem.offset == len("K♥\ufe0f −20, −2 per ")
