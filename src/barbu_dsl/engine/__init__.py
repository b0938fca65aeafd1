"""The rules engine: deals, hand state machines, scoring, doubling, whole games, replay.

It plays from the compiled rules (:mod:`barbu_dsl.compiled`: the model's
facts as masks and tables).  Cards are ints ``0..51``
(:mod:`barbu_dsl.cards`); the domino pass is :data:`PASS`.

* :mod:`.deal` — seeded deals (docs/rules.md section 1);
* :mod:`.tricks` — trick play (sections 1, 2, 3);
* :mod:`.domino` — domino / fan tan (section 2);
* :mod:`.hand` — starting a hand: first player, trump, starting rank;
* :mod:`.scoring` — pure scoring functions and the early-end test;
* :mod:`.doubling` — the doubling round, legal doubles, settlement, the not-played split;
* :mod:`.schedule` — who chooses each hand, from which contracts;
* :mod:`.state` — :class:`GameState`, a whole game as a state of pending
  decisions (:mod:`.decisions`: what it asks and tells), with :mod:`.views`
  (what each seat may know) and :mod:`.results` (hands and games played);
* :mod:`.game` — a game played to its end by bots;
* :mod:`.replay` — hand records in, docs/records.md results out;
* :mod:`.bots` — a random bot and a rule-based bot;
* :mod:`.strong` — the strong bot, deciding by simulation with
  :mod:`.sampling` (deals that fit what a player knows) and
  :mod:`.playouts` (fast playouts from any position).
"""

from __future__ import annotations

from .base import PASS, Hand, IllegalPlay, PlayAfterEnd, Trick, move_str
from .bots import Bot, RandomBot, RuleBot
from .deal import deal, deal_deck
from .decisions import AnswerError, Decision, Event, GameFileError
from .domino import DominoHand
from .doubling import (
    DoublingRound,
    HandTerms,
    check_doubles,
    hand_terms,
    is_not_played,
    is_positive,
    not_played_scores,
    settle,
)
from .game import Player, play, play_game
from .hand import first_leader, hand_for, start_hand
from .replay import (
    HandRecord,
    exit_status,
    read_record,
    replay,
    replay_file,
    replay_record,
    replay_text,
    result_line,
    worst_status,
)
from .results import GameResult, HandResult
from .scoring import score_tricks
from .state import GameState, default_players
from .strong import StrongBot
from .tricks import TrickHand
from .views import DoubleOffer, PublicHand, SeatView

__all__ = [
    "PASS",
    "AnswerError",
    "Bot",
    "Decision",
    "DominoHand",
    "DoubleOffer",
    "DoublingRound",
    "Event",
    "GameFileError",
    "GameResult",
    "GameState",
    "Hand",
    "HandRecord",
    "HandResult",
    "HandTerms",
    "IllegalPlay",
    "PlayAfterEnd",
    "Player",
    "PublicHand",
    "RandomBot",
    "RuleBot",
    "SeatView",
    "StrongBot",
    "Trick",
    "TrickHand",
    "check_doubles",
    "deal",
    "deal_deck",
    "default_players",
    "exit_status",
    "first_leader",
    "hand_for",
    "hand_terms",
    "is_not_played",
    "is_positive",
    "move_str",
    "not_played_scores",
    "play",
    "play_game",
    "read_record",
    "replay",
    "replay_file",
    "replay_record",
    "replay_text",
    "result_line",
    "score_tricks",
    "settle",
    "start_hand",
    "worst_status",
]
