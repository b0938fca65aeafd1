"""Whole games of rule bots in one compiled call: the native backend's
studies of ``--bots rules``.

A rule bot draws no random number: every choice it makes (the contract,
the trump suit or starting rank, whom to double, each card) follows from
what it sees (:class:`~barbu_dsl.engine.bots.RuleBot`).  This module plays
a batch of games between rule bots with those choices compiled with numba:

* before play, :func:`expected_points` and :func:`advantage` are the
  bot's estimates of a hand, over per-contract tables that Python works
  out once per study (:class:`RuleTables`, from the very functions the bot
  calls, so the floats are the same);
* the doubling round is the bot's ``choose_doubles``, with the advisory
  count of doubles kept as the game state keeps it;
* each hand is played by the rule bot's compiled policy
  (:func:`~barbu_dsl.engine.compiled_playouts.dealt_run`, ``RULES``);
* the schedule, the deals (seeded inside compiled code from each game's
  number seed, as every game deals), settling, the running totals and the
  study's counts are the native game helpers of
  :mod:`barbu_dsl.runtime.native`, shared with the random bots' games.

So a study gives the same numbers on either backend (a test plays them
both ways).  :func:`rules_native_reason` says which games stay with the
game state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from ..compiled import announcement, game_plan, placing_values, seat_after, trick_table, value_sum
from ..engine import bots
from ..engine import compiled_playouts as cp
from ..engine.hand import first_leader, hand_for
from ..language import model as m
from ..runtime import native as rt
from ..runtime.announcement import START_RANK, TRUMP
from .arrays import BatchObservations
from .backend import effective
from .lean import deal, lean_reason
from .native_games import game_starts, game_tables, observations, played_spec
from .rule_hands import rules_reason
from .study import Study

CACHE = rt.CACHE
TRICK, DOMINO = cp.TRICK, cp.DOMINO


def rules_native_reason(study: Study, spec: m.Spec) -> str | None:
    """Why games of ``spec`` in ``study`` between rule bots are not played
    whole in compiled code (None: they are)."""
    if effective(study.backend) != "native":
        return "the backend is python"
    if any(name != "rules" for name in study.bots):
        return "not every seat is a rule bot"
    played = played_spec(study, spec)
    return lean_reason(played, study.players) or rules_reason(played, study.players)


class RuleTables(NamedTuple):
    """What the rule bots of a spec's game read, by contract code (``c``),
    as arrays: the hands' packed tables and the bot's estimates' terms.
    ``k`` is the trump column (0 for none, then C D H S)."""

    hand_tables: np.ndarray  # [table]: packed (``compiled_playouts.pack_table``, RULES)
    hand_bads: np.ndarray  # [table]: its float array
    table_of: np.ndarray  # [c, k or start rank - 2]: the table of a hand
    leaders: np.ndarray  # [c, declarer]: the first to move (unless an opening card says otherwise)
    seat_after: np.ndarray  # [seat]: whose turn is next in play
    kind: np.ndarray  # [c]: TRICK or DOMINO
    trumps: np.ndarray  # [c]: 1 when the contract has trumps
    fixed_trump: np.ndarray  # [c]: its fixed trump suit, or -1
    order_strength: np.ndarray  # [c, card]: strength by the contract's card order (``play_strengths``)
    strength: np.ndarray  # [c, k, card]: the trick table's strengths
    values: np.ndarray  # [c, k, card]: the trick table's card values
    table_trump: np.ndarray  # [c, k]: the trick table's trump, or -1
    trick_points: np.ndarray  # [c, k]: the points of the tricks themselves
    deck_average: np.ndarray  # [c, k]: a deck's trick-taking power shared by the players
    value_sums: np.ndarray  # [c, k]: ``value_sum`` with that trump passed
    aces_low: np.ndarray  # [c]: domino with aces low
    fixed_start: np.ndarray  # [c]: the domino's fixed starting rank, or -1
    domino_average: np.ndarray  # [c, rank]: a deck's domino quality from that rank, shared by the players
    placing: np.ndarray  # [c, (mean, spread, lowest, highest)] of the placing values
    deck: np.ndarray  # the deck's cards, in card order
    doubling: np.ndarray  # (aim's sign, advisory minimum, counted over a rubber)
    starts_count: np.ndarray  # [hand]: 1 when the advisory counts start again
    series_left: np.ndarray  # [hand]: the declarer's hands to come in the span (not per rubber)
    rubber_left: np.ndarray  # [hand, declarer, seat]: per rubber, the hands ``seat`` may still double in


def _sample_deal(spec: m.Spec, players: int) -> tuple[tuple[int, ...], ...]:
    return deal(spec, players, 0)


@lru_cache(maxsize=32)
def rule_tables(spec: m.Spec, played: m.Spec, players: int) -> RuleTables:  # noqa: C901 -- one table after another, each from the function the bot calls
    """The :class:`RuleTables` of ``played`` (``spec`` or one of its
    contracts as a game) with ``players``, by the codes of ``spec``'s package."""
    from .backend import generated_package

    codes: dict[str, int] = generated_package(spec).load_native().CODES
    n = len(codes)
    deck = played.deck_for(players)
    sorted_deck = tuple(sorted(deck))
    hands = _sample_deal(played, players)
    packed: list[tuple[np.ndarray, np.ndarray]] = []
    table_of = np.zeros((n, 13), dtype=np.int64)
    leaders = np.zeros((n, players), dtype=np.int64)
    kind, trumps, fixed_trump = (np.zeros(n, dtype=np.int64) for _ in range(3))
    fixed_trump[:] = -1
    order_strength = np.zeros((n, 52), dtype=np.int64)
    strength = np.zeros((n, 5, 52), dtype=np.int64)
    values = np.zeros((n, 5, 52), dtype=np.int64)
    table_trump = np.full((n, 5), -1, dtype=np.int64)
    trick_points = np.zeros((n, 5), dtype=np.int64)
    deck_average = np.zeros((n, 5), dtype=np.float64)
    value_sums = np.zeros((n, 5), dtype=np.float64)
    aces_low = np.zeros(n, dtype=np.int64)
    fixed_start = np.full(n, -1, dtype=np.int64)
    domino_average = np.zeros((n, 15), dtype=np.float64)
    placing = np.zeros((n, 4), dtype=np.float64)
    aim = played.game.aim
    for contract in played.contracts:
        c = codes[contract.name]
        rules = contract.rules_for(players)
        play = rules.play
        named = announcement(play).names
        leaders[c] = [first_leader(rules, [()] * players, declarer, played.game.first_lead)
                      for declarer in range(players)]
        for k, trump in enumerate((None, 0, 1, 2, 3)):
            value_sums[c, k] = value_sum(rules, players, deck, trump)
        if isinstance(play, m.DominoPlay):
            kind[c] = DOMINO
            aces_low[c] = play.aces_low
            fixed_start[c] = play.start if isinstance(play.start, int) else -1
            for rank in range(2, 15):
                domino_average[c, rank] = bots.domino_quality(deck, rank, play.aces_low) / players
            points = placing_values(rules.scoring, players)
            placing[c] = (sum(points) / players, (points[0] - points[-1]) / 2, min(points), max(points))
            for start in range(2, 15) if named == START_RANK else (None,):
                hand = hand_for(played, contract, hands, 0, start_rank=start)
                table_of[c, 0 if start is None else start - 2] = len(packed)
                packed.append(cp.pack_table(hand.table, aim, cp.RULES))  # type: ignore[attr-defined]
            continue
        kind[c] = TRICK
        trumps[c] = play.trumps is not None
        if play.trumps is not None and play.trumps.suit is not None:
            fixed_trump[c] = play.trumps.suit
        order_strength[c] = bots.play_strengths(play)
        for k, trump in enumerate((None, 0, 1, 2, 3)):
            table = trick_table(rules, players, sorted_deck, trump)
            strength[c, k], values[c, k] = table.strength, table.values
            table_trump[c, k] = -1 if table.trump is None else table.trump
            trick_points[c, k] = (table.per_trick * table.tricks + sum(table.trick_at)
                                  + sum(part.part.value for part in table.most))
            deck_average[c, k] = bots.deck_strength(deck, table.strength, table.trump) / players
        for trump in (0, 1, 2, 3) if named == TRUMP else (None,):
            hand = hand_for(played, contract, hands, 0, trump=trump)
            table_of[c, 0 if trump is None else trump + 1] = len(packed)
            packed.append(cp.pack_table(hand.table, aim, cp.RULES))  # type: ignore[attr-defined]
    plan = game_plan(played, players)
    rubber = plan.counted == "rubber"
    starts = np.zeros(plan.hands, dtype=np.int64)
    series_left = np.zeros(plan.hands, dtype=np.int64)
    rubber_left = np.zeros((plan.hands, players, players), dtype=np.int64)
    for number in range(plan.hands):  # as Schedule.turn, starts_count and doubles_left count them
        starts[number] = plan.counted != "game" and plan.count_start(number) == number
        if plan.series:
            series_left[number] = min(plan.per_player - number % plan.per_player, plan.hands - number) - 1
        else:
            start = 0 if plan.chooser == "fixed-order" else plan.count_start(number)
            end = plan.hands if plan.counted == "game" else min(start + plan.per_player, plan.hands)
            series_left[number] = len(range(number + players, end, players))
        if rubber:
            end = min(plan.count_start(number) + plan.per_player, plan.hands)
            for declarer in range(players):
                for seat in range(players):
                    left, who = 0, declarer
                    for _ in range(number + 1, end):
                        who = plan.after[who]
                        left += who != seat
                    rubber_left[number, declarer, seat] = left
    stacked_t, stacked_bad = cp.stack(packed)
    sign = 1 if aim == "highest" else -1
    return RuleTables(stacked_t, stacked_bad, table_of, leaders,
                      np.array(seat_after(players, played.game.direction), dtype=np.int64), kind, trumps,
                      fixed_trump, order_strength, strength, values, table_trump, trick_points, deck_average,
                      value_sums, aces_low, fixed_start, domino_average, placing, np.array(deck, dtype=np.int64),
                      np.array([sign, played.doubling.minimum, rubber], dtype=np.int64), starts, series_left,
                      rubber_left)


# ---- the rule bot's estimates, compiled (engine/bots.py, step for step) ----------------------


@njit(cache=CACHE)
def _weight(strength: int) -> float:
    """``bots._TRICK_WEIGHT``."""
    if strength == 14:
        return 1.0
    if strength == 13:
        return 0.75
    if strength == 12:
        return 0.5
    if strength == 11:
        return 0.3
    if strength == 10:
        return 0.15
    if strength == 9:
        return 0.05
    return 0.0


@njit(cache=CACHE)
def best_trump(cards: int, strength: np.ndarray) -> int:
    """``bots.best_trump``: the longest suit, then the strongest, then the lowest."""
    best, best_length, best_sum = -1, -1, -1
    for suit in range(4):
        held = cards & (0x1FFF << (13 * suit))
        length = rt.popcount(held)
        total = 0
        while held:
            total += strength[rt.lowest(held)]
            held &= held - 1
        if length > best_length or (length == best_length and total > best_sum):
            best, best_length, best_sum = suit, length, total
    return best


@njit(cache=CACHE)
def _trick_strength(cards: int, strength: np.ndarray, trump: int) -> float:
    """``bots._trick_strength``."""
    power = 0.0
    rest = cards
    while rest:
        power += _weight(strength[rt.lowest(rest)])
        rest &= rest - 1
    if trump >= 0:
        trumps = rt.popcount(cards & (0x1FFF << (13 * trump)))
        power += 0.45 * trumps
        if trumps >= 3:
            for suit in range(4):
                if suit != trump:
                    power += 0.3 * max(0, 2 - rt.popcount(cards & (0x1FFF << (13 * suit))))
    return power


@njit(cache=CACHE)
def _take_chance(card: int, cards: int, players: int, strength: np.ndarray) -> float:
    """``bots._take_chance``."""
    below = 0
    rest = cards & (0x1FFF << (13 * (card // 13)))
    while rest:
        below += strength[rt.lowest(rest)] < strength[card]
        rest &= rest - 1
    chance = 0.15 + 0.7 * (strength[card] - 2) / 12 - 0.07 * below
    return min(0.95, max(1.0 / (2 * players), chance))


@njit(cache=CACHE)
def _domino_quality(cards: int, start: int, aces_low: bool) -> float:
    """``bots.domino_quality`` of the cards of a mask, in card order."""
    origin = 1 if aces_low and start == 14 else start
    quality = 0.0
    while cards:
        card = rt.lowest(cards)
        cards &= cards - 1
        rank = card % 13 + 2
        position = 1 if aces_low and rank == 14 else rank
        quality += 1.0 / (1 + abs(position - origin))
    return quality


@njit(cache=CACHE)
def expected_points(r: RuleTables, c: int, cards: int, players: int, trump: int, start: int) -> float:
    """``bots.expected_points`` of a seat holding ``cards`` in contract ``c``
    (``trump`` -1 and ``start`` 0 when none is named)."""
    if r.kind[c] == DOMINO:
        aces_low = r.aces_low[c] != 0
        rank = r.fixed_start[c] if r.fixed_start[c] >= 0 else start
        if rank <= 0:
            rank = cp.best_start_rank(cards, aces_low)
        mine = _domino_quality(cards, rank, aces_low)
        mean, spread, lowest, highest = r.placing[c, 0], r.placing[c, 1], r.placing[c, 2], r.placing[c, 3]
        guess = mean + (mine / r.domino_average[c, rank] - 1) * spread
        return max(lowest, min(highest, guess))
    if r.trumps[c]:
        if r.fixed_trump[c] >= 0:
            trump = r.fixed_trump[c]
        elif trump < 0:
            trump = best_trump(cards, r.order_strength[c])
    k = trump + 1
    strength, values, table_trump = r.strength[c, k], r.values[c, k], r.table_trump[c, k]
    deck = r.deck
    held = rt.popcount(cards)
    seen = held * players / len(deck) if held and len(deck) else 1.0
    mine = _trick_strength(cards, strength, table_trump) / min(1.0, seen)
    average = r.deck_average[c, k]
    share = min(1.0, mine / average / players) if average else 1 / players
    points = r.trick_points[c, k] * share
    for i in range(len(deck)):
        card = deck[i]
        value = values[card]
        if value:
            chance = _take_chance(card, cards, players, strength) if cards >> card & 1 else share * 0.8
            points += value * chance
    return points


@njit(cache=CACHE)
def advantage(r: RuleTables, c: int, cards: int, players: int, trump: int, start: int) -> float:
    """``bots.advantage``: how much better than an average hand ``cards`` should do in ``c``."""
    expected = expected_points(r, c, cards, players, trump, start)
    return r.doubling[0] * (expected - r.value_sums[c, trump + 1] / players)


@njit(cache=CACHE)
def named_at_first_sight(r: RuleTables, c: int, named: int, cards: int) -> tuple[int, int]:
    """``bots.named_at_first_sight``: the trump suit (-1) and starting rank (0) the declarer names."""
    if named == rt.NAMES_TRUMP:
        return best_trump(cards, r.order_strength[c]), 0
    if named == rt.NAMES_START_RANK and r.kind[c] == DOMINO:
        return -1, cp.best_start_rank(cards, r.aces_low[c] != 0)
    return -1, 0


@njit(cache=CACHE)
def choose_contract(r: RuleTables, named: np.ndarray, options: np.ndarray, count: int, cards: int,
                    players: int) -> int:
    """``RuleBot.choose_contract``: the option with the best outlook, the first of equals."""
    if count == 1:
        return options[0]
    best, best_value = -1, 0.0
    for i in range(count):
        c = options[i]
        trump, start = named_at_first_sight(r, c, named[c], cards)
        value = advantage(r, c, cards, players, trump, start)
        if best < 0 or value > best_value:
            best, best_value = c, value
    return best


@njit(cache=CACHE)
def rule_doubles(r: RuleTables, doubling: np.ndarray, order: np.ndarray, positive: bool, c: int, trump: int,
                 start: int, hands: np.ndarray, number: int, against: np.ndarray, doubled: np.ndarray,
                 targets: np.ndarray) -> int:
    """The doubling round of a hand between rule bots (``DoublingRound``
    asking ``RuleBot.choose_doubles``), ``order`` the seats from the
    declarer, ``against`` the advisory counts of doubles against it.  The
    doubles into ``doubled`` (cleared first); returns how many were made."""
    doubled[:, :] = False
    if not doubling[rt.D_ALLOWED]:
        return 0
    players = len(order)
    declarer = order[0]
    scale = abs(r.value_sums[c, trump + 1])
    if scale == 0:
        scale = 1.0
    made = 0
    for chance in range(rt.doubling_chances(doubling, positive, players)):
        seat, again = rt.doubling_chance(doubling, order, positive, chance)
        count, _ = rt.double_targets(doubling, declarer, seat, again, positive, doubled, targets)
        if count == 0:
            continue
        mine = advantage(r, c, hands[seat], players, trump, start)
        if seat == declarer and (again or not rt.declarer_opens(doubling, positive)):
            if mine > -0.05 * scale:  # a redouble: the declarer chose this contract for their hand
                for i in range(count):
                    doubled[seat, targets[i]] = True
                    made += 1
            continue
        needed = r.doubling[1] - against[seat]
        left = r.rubber_left[number, declarer, seat] if r.doubling[2] else r.series_left[number]
        keep_minimum = needed > 0 and left < needed
        for i in range(count):
            target = targets[i]
            if target == declarer:
                if mine > 0.12 * scale or keep_minimum:
                    doubled[seat, target] = True
                    made += 1
            elif not positive and mine > 0.15 * scale:
                doubled[seat, target] = True
                made += 1
    return made


@njit(cache=CACHE)
def _play_rule_games(  # noqa: C901 -- a game's steps in the order a game takes them
    r: RuleTables,
    seeds: np.ndarray,
    firsts: np.ndarray,
    own: np.ndarray,
    plan: np.ndarray,
    after: np.ndarray,
    pool: np.ndarray,
    unit: np.ndarray,
    quotas: np.ndarray,
    resets: np.ndarray,
    doubling: np.ndarray,
    orders: np.ndarray,
    named: np.ndarray,
    hand_totals: np.ndarray,
    positive: np.ndarray,
    deck_bits: np.ndarray,
    scores: np.ndarray,
    totals: np.ndarray,
    doubled_counts: np.ndarray,
    picks: np.ndarray,
    lengths: np.ndarray,
    game_totals: np.ndarray,
    contracts: np.ndarray,
    finals: np.ndarray,
) -> None:
    """Play game ``g`` between rule bots for each ``g`` (see :func:`rule_batch`)."""
    players = len(after)
    lanes = np.zeros((rt.SEED_LANES, 625), dtype=np.int64)  # the next games' generators (seed_games)
    lane_seeds = np.zeros(rt.SEED_LANES, dtype=np.int64)
    seed_work = np.zeros((624, rt.SEED_LANES), dtype=np.uint32)
    unused = np.zeros(625, dtype=np.int64)  # the rule bot draws no random number
    hands = np.zeros(players, dtype=np.int64)
    cards = np.zeros(players, dtype=np.int64)
    shuffle = np.zeros(len(deck_bits), dtype=np.int64)
    declared = np.zeros(contracts.shape[1], dtype=np.int64)
    used = np.zeros(len(named), dtype=np.int64)
    options = np.zeros(len(named), dtype=np.int64)
    raw = np.zeros(players, dtype=np.int64)
    final = np.zeros(players, dtype=np.int64)
    out = np.zeros(cp.SEATS, dtype=np.int64)
    doubled = np.zeros((players, players), dtype=np.bool_)
    targets = np.zeros(players, dtype=np.int64)
    against = np.zeros((players, players), dtype=np.int64)  # [declarer, doubler], or row 0 per rubber
    p = np.zeros(cp.POSITION_SIZE, dtype=np.int64)
    scratch = np.zeros((5, 52), dtype=np.int64)  # a run's rows (compiled_playouts.new_scratch)
    card = plan[rt.G_FIRST_CARD]
    block, ready = 0, 0  # the first game whose generators the lanes hold, and the first they do not
    for g in range(len(seeds)):
        if g == ready:
            block = g
            ready += rt.seed_games(lanes, seeds, g, players, False, lane_seeds, seed_work)
        row = (g - block) * rt.GAME_SEATS
        dealing = lanes[row + rt.GAME_DEALS]
        first = firsts[g] if firsts[g] >= 0 else rt.first_by_lot(lanes[row + rt.GAME_DRAWS], players)
        pot = 0
        number = 0
        against[:, :] = 0
        while number < plan[rt.G_HANDS] and not rt.target_reached(plan, game_totals[g]):
            rt.shuffled_deal(dealing, deck_bits, players, cards, shuffle)
            if number == 0 and card >= 0:  # the holder of a card in the first deal declares first
                for seat in range(players):
                    if cards[seat] >> card & 1:
                        first = seat
                        break
            declarer, count = rt.schedule_turn(plan, after, pool, unit, quotas, own[g], contracts[g], declared,
                                               number, first, used, options)
            if r.starts_count[number]:  # a series or a rubber: every count starts again
                against[:, :] = 0
            code = choose_contract(r, named, options, count, cards[declarer], players)
            contracts[g, number] = code
            declared[number] = declarer
            trump, rank = -1, 0
            if named[code] == rt.NAMES_TRUMP:
                trump = best_trump(cards[declarer], r.order_strength[code])
            elif named[code] == rt.NAMES_START_RANK:
                rank = cp.best_start_rank(cards[declarer], r.aces_low[code] != 0)
            favours = positive[code, trump + 1] != 0
            counts = against[0 if r.doubling[2] else declarer]
            doubles = rule_doubles(r, doubling, orders[declarer], favours, code, trump, rank, cards, number, counts,
                                   doubled, targets)
            for seat in range(players):
                if doubled[seat, declarer]:
                    counts[seat] += 1
            if doubling[rt.D_NOT_PLAYED] and not favours and not doubled[:, declarer].any():
                rt.not_played_split(hand_totals[code, trump + 1], declarer, raw)  # variant 4
                final[:] = raw
            else:
                index = r.table_of[code, trump + 1 if r.kind[code] == TRICK else max(rank - 2, 0)]
                hands[:] = cards
                cp.dealt_run(r.hand_tables[index], r.hand_bads[index], hands, r.leaders[code, declarer],
                             r.seat_after, p, unused, out, scratch)
                raw[:] = out[:players]
                rt.settle_doubles(raw, doubled, final)
            pot = rt.add_to_totals(plan, resets, game_totals[g], final, pot)
            rt.count_hand(code, declarer, raw, final, doubled, doubles, options, count, scores[g], totals[g],
                          doubled_counts[g], picks[g])
            finals[g, number] = final[declarer]
            number += 1
        lengths[g] = number


def rule_batch(study: Study, spec: m.Spec, games: range) -> BatchObservations:
    """Games ``games`` of ``study`` under ``spec`` (every seat a rule bot,
    :func:`rules_native_reason` None), played whole in one compiled call."""
    from .backend import generated_package

    players = study.players
    played = played_spec(study, spec)
    named_first = study.contract is not None
    tables = game_tables(spec, played, players, named_first)
    r = rule_tables(spec, played, players)
    codes: dict[str, int] = generated_package(spec).load_native().CODES
    seeds, firsts, own = game_starts(study, played, games, codes, tables)
    counts = rt.game_counts(len(seeds), len(codes), players, int(tables.plan[rt.G_HANDS]))
    if len(seeds):
        _play_rule_games(r, seeds, firsts, own, *tables,
                         _deck_bits(played, players), *counts)
    return observations(study, spec, counts, "rules")


def _deck_bits(spec: m.Spec, players: int) -> np.ndarray:
    return np.array([1 << card for card in spec.deck_for(players)], dtype=np.int64)
