"""Helpers for the engine tests: rules from a rule line, cards from text,
random legal play-outs, and the rule lines of the bundled specs."""

from __future__ import annotations

import random
from collections.abc import Sequence

from barbu_dsl import cards as C
from barbu_dsl.engine import PASS, DoubleOffer, Hand, SeatView, start_hand
from barbu_dsl.language import model as m
from barbu_dsl.language.parser import parse_line
from barbu_dsl.language.rules import build

TOURNAMENT = {
    "No tricks": "−2 per trick",
    "No queens": "−6 per queen",
    "No last two": "−10 penultimate trick, −20 last trick",
    "No hearts": "−2 per ♥, A♥ −6, no ♥ lead",
    "Barbu": "K♥ −20, no ♥ lead",
    "Trumps": "trumps, must win with a trump, must overtrump, +5 per trick",
    "Domino": "domino, placings +45 +20 +5 −5",
}
HEARTS = ("+1 per ♥, Q♠ +13, 2♣ leads, no points on first trick, no ♥ lead until broken, "
          "Q♠ breaks ♥, play every trick, shoot the moon")
# Other mechanics the language offers (docs/rules.md sections 2, 3 and 6).
OTHERS = {
    "ravage city": "−36 most of one suit",
    "ravage city full": "−36 most of one suit ties full",
    "salade": "+5 per trick; +5 per ♥; +15 per queen; K♥ +60, no ♥ opening lead",
    "salade aon": "+5 per trick; +5 per ♥; +15 per queen; K♥ +60, no ♥ opening lead, all or nothing",
    "with card aon": "−15 per queen, all or nothing",
    "inverted mini": "+5 per trick, 2 high",
    "shed barbu": "K♥ −20, no ♥ lead, shed K♥ when safe",
    "shed queens": "−6 per queen, shed queens when safe",
    "no forced ruff": "trumps, must overtrump, +5 per trick",
    "misery": "trumps, must win with a trump, must overtrump, +5 per trump",
    "first and last": "+30 first trick, +30 last trick",
    "ace low domino": "domino, aces low, placings +45 +20 +5 −5",
    "first card domino": "domino from first card, placings +45 +20 +5 −5",
    "fixed domino": "domino from 7, placings +45 +20 +5 −5",
    # docs/rules.md section 6: forced plays when void, spreads, positions from the end, domino aces.
    "must trump": "trumps, must trump, +5 per trick",
    "king trumps": "trumps, must win with a trump, must overtrump, must trump, +50 per trick",
    "discard hearts": "−30 per ♥, discard ♥ when void, no ♥ lead until broken",
    "discard points": "−60 per king, −60 per jack, discard points when void",
    "rifki": "K♥ −320, no ♥ lead until broken, discard K♥ when void",
    "spread queens": "−60 spread over queens, −10 antepenultimate trick",
    "ace again domino": "domino, ace plays again, placings +45 +20 +5 −5",
    "first out domino": "domino, ace plays again, ends at first out, aces low, placings +45 +20 +5 −5",
    "card domino": "domino, 8♦ starts, ace plays again, placings +45 +20 +5 −5",
    "ace may domino": "domino, ace may play again, placings +45 +20 +5 −5",
    "play on domino": "domino from first card, any number of cards a turn, ends at first out, placings +45 +20 +5 −5",
}


def rules(line: str) -> m.Rules:
    """The Rules of a rule line (which must be valid)."""
    built, problems = build(parse_line(line))
    assert built is not None, problems
    return built


def cards(text: str) -> list[int]:
    """Cards written with spaces between them: ``"AS 10H Q♠"``."""
    out = []
    for word in text.split():
        c = C.parse_card(word)
        assert c is not None, word
        out.append(c)
    return out


def card(text: str) -> int:
    (c,) = cards(text)
    return c


def strs(moves: Sequence[int]) -> list[str]:
    return ["pass" if mv == PASS else C.card_str(mv) for mv in moves]


def hand_of(line: str, hands: Sequence[str], declarer: int = 0, **options) -> Hand:
    """A hand of the rule ``line`` with ``hands`` written as card text."""
    return start_hand(rules(line), [cards(h) for h in hands], declarer, **options)


def play(hand: Hand, text: str) -> None:
    """Play moves written as text (``pass`` for a domino pass)."""
    for word in text.split():
        hand.play(PASS if word == "pass" else card(word))


def playout(hand: Hand, rng: random.Random) -> list[int]:
    """Play random legal moves to the end; return the moves."""
    moves = []
    while not hand.is_over:
        move = rng.choice(hand.legal_moves())
        hand.play(move)
        moves.append(move)
    return moves


def random_record(spec: m.Spec, contract: str, seed: int, stop: int | None = None,
                  doubles: Sequence[tuple[int, int]] = ()) -> dict:
    """A record of ``contract`` on a seeded deal, played at random to the
    end (or for ``stop`` moves)."""
    from barbu_dsl.engine import deal, hand_for

    players = spec.players[0]
    hands = deal(spec, players, seed)
    rng = random.Random(seed)
    declarer = rng.randrange(players)
    rules_ = spec.contract(contract).rules_for(players)
    trump = rng.randrange(4) if isinstance(rules_.play, m.TrickPlay) and rules_.play.trumps else None
    start = (rng.randrange(2, 15) if isinstance(rules_.play, m.DominoPlay) and rules_.play.start == "chosen"
             else None)
    hand = hand_for(spec, contract, hands, declarer, trump=trump, start_rank=start)
    moves = []
    while not hand.is_over and (stop is None or len(moves) < stop):
        move = rng.choice(hand.legal_moves())
        hand.play(move)
        moves.append(move)
    return {
        "contract": contract,
        "declarer": declarer,
        "trump": None if trump is None else C.SUIT_LETTERS[trump],
        "start_rank": None if start is None else C.RANK_LETTERS[start],
        "hands": [strs(h) for h in hands],
        "plays": strs(moves),
        "doubles": [list(p) for p in doubles],
    }


def seat_view(spec: m.Spec, seat: int = 0, *, contract: str | m.Contract | None = None, hand: Hand | None = None,
              held: Sequence[int] = (), declarer: int = 0, players: int = 4, trump: int | None = None,
              start_rank: int | None = None, options: Sequence[m.Contract] = (), offer: DoubleOffer | None = None,
              doubles: Sequence[tuple[int, int]] = ()) -> SeatView:
    """What ``seat`` may know in a position of a test's making: its cards
    ``held`` (before play) or its cards in ``hand`` (being played), the
    contract announced, the contracts it may choose, its chance to double."""
    chosen = spec.contract(contract) if isinstance(contract, str) else contract
    view = SeatView(spec, players, seat, declarer=declarer, dealt=tuple(held), contract=chosen, trump=trump,
                    start_rank=start_rank, doubles=tuple(doubles), hand=hand)
    view.contract_options = tuple(options)
    view.offer = offer
    return view
