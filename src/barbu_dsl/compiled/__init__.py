"""The compiled rules: every fact a reader needs, worked out once from the model.

The model (:mod:`barbu_dsl.language.model`) says what a spec's rules are.
The engine, the verifier, the explainer, the bots, the generator and the
score sheet all need the same consequences of those rules — which cards
score and how much, which trick is the last one that scores, whether a hand
plays out, what a tie of three players pays, how many hands a game has.
This package is the one place where each of those facts is worked out:

* :mod:`.masks` — card sets as 52-bit masks;
* :mod:`.facts` — the facts of one contract's rules that do not depend on
  the deal: what the declarer announces (a trump suit, a starting rank,
  nothing), trump mode, card values, trick positions, placings, tie shares,
  lead bans, playing out;
* :mod:`.tables` — those facts for one player count, deck and trump suit,
  as flat tables the engine plays from (:class:`TrickTable`,
  :class:`DominoTable`);
* :mod:`.totals` — what one hand of a contract adds up to;
* :mod:`.game_plan` — how a game runs: who chooses, from which contracts,
  how many hands; :mod:`.schedule` — that plan followed hand by hand;
  :mod:`.game_contracts` — the contracts a whole game plays, and the hands
  the players' choices decide;
* :mod:`.seating` — whose turn comes after whose;
* :mod:`.reasons` — the rules a move can break, as codes with one message
  table shared by the engine and the generated code.

Nothing here plays a card: it reads the model and returns plain data.
"""

from __future__ import annotations

from .facts import (
    LeadBanMask,
    announcement,
    lead_ban_masks,
    nothing_chosen,
    placing_values,
    plays_out,
    resolved_scoring,
    rules_in_play,
    score_sign,
    selector_mask,
    tie_shares,
    trick_values,
    trump_mode,
)
from .game_contracts import GameContracts, Pick, game_contracts
from .game_plan import GamePlan, game_plan
from .masks import FULL_MASK, SUIT_MASKS, cards_of, mask_of
from .reasons import MESSAGES, Broken, broken, lead_ban_rule, message
from .schedule import PlanTurn, plan_turn
from .seating import beside, in_turn, next_seat, seat_after, seat_before
from .tables import DominoTable, TrickTable, card_strengths, domino_position, domino_table, rank_masks, trick_table
from .totals import HandTotals, hand_totals, value_sum

__all__ = [
    "FULL_MASK",
    "MESSAGES",
    "SUIT_MASKS",
    "Broken",
    "DominoTable",
    "GameContracts",
    "GamePlan",
    "HandTotals",
    "LeadBanMask",
    "Pick",
    "PlanTurn",
    "TrickTable",
    "announcement",
    "beside",
    "broken",
    "card_strengths",
    "cards_of",
    "domino_position",
    "domino_table",
    "game_contracts",
    "game_plan",
    "hand_totals",
    "in_turn",
    "lead_ban_masks",
    "lead_ban_rule",
    "mask_of",
    "message",
    "next_seat",
    "placing_values",
    "plan_turn",
    "plays_out",
    "rank_masks",
    "resolved_scoring",
    "rules_in_play",
    "nothing_chosen",
    "score_sign",
    "seat_after",
    "seat_before",
    "selector_mask",
    "tie_shares",
    "trick_table",
    "trick_values",
    "trump_mode",
    "value_sum",
]
