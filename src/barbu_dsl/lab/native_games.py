"""Whole games of random bots in one compiled call: the native backend's studies.

A study of random bots on ``--backend native`` hands a batch's games whole
to the spec's native package (``play_games``): the schedule, the bots'
choices, the doubling round, the deals, the play, the settlement, the
running totals and the study's counts all run in compiled code, seeded
inside it from each game's number seed.  Python only lays the game out as
int arrays once (:func:`game_tables`: the game plan, the doubling rules,
each contract's terms), draws each game's first declarer and random lists
(:class:`~barbu_dsl.engine.schedule.Schedule`, as every game does) and
reads the counts back as arrays (:class:`~.arrays.BatchObservations`).

Every random number is drawn as the lean path draws it (:mod:`.lean`), so
a study gives the same numbers on either backend (tests check it);
:func:`native_reason` says which games stay with the lean path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ..compiled import in_turn
from ..engine.deal import MASK64, NumberSeeds
from ..engine.schedule import Schedule
from ..language import model as m
from ..runtime import native as rt
from ..runtime.announcement import START_RANK, TRUMP
from .arrays import BatchObservations
from .backend import effective, generated_package
from .lean import HandFacts, lean_reason
from .study import ROLES_EXTRA, Study, one_contract, role_names, study_number
from .tally import Key


def native_reason(study: Study, spec: m.Spec) -> str | None:
    """Why games of ``spec`` in ``study`` are not played whole in native
    code (None: they are)."""
    if effective(study.backend) != "native":
        return "the backend is python"
    if any(name != "random" for name in study.bots):
        return "not every seat is a random bot"
    return lean_reason(played_spec(study, spec), study.players)


def played_spec(study: Study, spec: m.Spec) -> m.Spec:
    """What ``study`` plays of ``spec``: the spec, or its one contract as a game."""
    return spec if study.contract is None else one_contract(spec, study.contract)


def _kind(plan_chooser: str, lists: str) -> int:
    match plan_chooser:
        case "fixed-order":
            return rt.FIXED_ORDER
        case "fixed-series":
            return rt.FIXED_SERIES
        case "declarer-series" | "dealer":
            return rt.SERIES
    return rt.SHARED if lists == "shared" else rt.OWN


def _ints(values: Sequence[int], *shape: int) -> np.ndarray:
    return np.array(values, dtype=np.int64).reshape(shape) if shape else np.array(values, dtype=np.int64)


@lru_cache(maxsize=64)
def game_tables(spec: m.Spec, played: m.Spec, players: int, named_first: bool) -> rt.GameTables:
    """The game of ``played`` (``spec`` itself, or one of its contracts as
    a game) as the native ``play_games`` of ``spec``'s package reads it."""
    from ..compiled import game_plan

    codes: dict[str, int] = generated_package(spec).load_native().CODES
    plan = game_plan(played, players)
    code_of_key = {m.contract_key(name): code for name, code in codes.items()}
    fields = [0] * rt.GAME_FIELDS
    fields[rt.G_KIND] = _kind(plan.chooser, plan.lists)
    fields[rt.G_PER_PLAYER] = plan.per_player
    fields[rt.G_HANDS] = plan.hands
    fields[rt.G_FIXED_ONCE] = plan.fixed_once
    fields[rt.G_SERIES] = plan.series
    fields[rt.G_HAS_TARGET] = plan.target is not None
    fields[rt.G_TARGET] = plan.target or 0
    fields[rt.G_POT] = plan.pot
    fields[rt.G_FIRST_CARD] = -1 if named_first or plan.first_declarer is None else plan.first_declarer
    fields[rt.G_N_POOL] = len(plan.pool)
    fields[rt.G_N_UNIT] = len(plan.unit)
    fields[rt.G_N_RESETS] = len(plan.reset)
    quotas = [0] * len(codes)
    for key, times in plan.quotas:
        quotas[code_of_key[key]] = times
    doubling = played.doubling
    rules = [0] * rt.DOUBLING_FIELDS
    rules[rt.D_ALLOWED] = doubling.allowed
    rules[rt.D_DECLARER_ONLY] = doubling.whom == "declarer-only"
    rules[rt.D_POSITIVE_DECLARER_ONLY] = doubling.positive_declarer_only
    rules[rt.D_REDOUBLE] = 2 if doubling.redouble == "anyone" else 1 if doubling.redouble else 0
    rules[rt.D_NOT_PLAYED] = doubling.undoubled == "not-played"
    rules[rt.D_DECLARER_FIRST] = doubling.first == "declarer"
    facts = HandFacts(played, players)
    named = [rt.NAMES_NOTHING] * len(codes)
    totals = [[0] * 5 for _ in codes]
    positive = [[0] * 5 for _ in codes]
    for contract in played.contracts:
        code = codes[contract.name]
        says = facts.named(contract)
        named[code] = rt.NAMES_TRUMP if says == TRUMP else rt.NAMES_START_RANK if says == START_RANK \
            else rt.NAMES_NOTHING
        for trump in (None, 0, 1, 2, 3) if says == TRUMP else (None,):
            terms = facts.terms(contract, trump)
            column = 0 if trump is None else trump + 1
            totals[code][column], positive[code][column] = terms.total, terms.positive
    return rt.GameTables(
        plan=_ints(fields), after=_ints(plan.after), pool=_ints([codes[c.name] for c in plan.pool]),
        unit=_ints([codes[c.name] for c in plan.unit]), quotas=_ints(quotas),
        resets=_ints([n for reset in plan.reset for n in reset], len(plan.reset), 2),
        doubling=_ints(rules),
        orders=_ints([s for d in range(players) for s in in_turn(d, players, played.game.direction)], players, players),
        named=_ints(named), hand_totals=_ints([t for row in totals for t in row], len(codes), 5),
        positive=_ints([int(p) for row in positive for p in row], len(codes), 5),
    )


@lru_cache(maxsize=64)
def _keys(spec: m.Spec, players: int, pays: bool, bot: str) -> tuple[tuple[Key, ...], tuple[int, ...], tuple[int, ...]]:
    """The keys of a batch's observations in the order :func:`native_batch`
    lays them out, their widths, and the code of each of ``spec``'s
    contracts (for their ``share``)."""
    codes: dict[str, int] = generated_package(spec).load_native().CODES
    names = sorted(codes, key=codes.__getitem__)
    roles = (*role_names(players), *ROLES_EXTRA)
    keys: list[Key] = [("score", name, role) for name in names for role in roles]
    keys += [("total", name) for name in names] + [("doubled", name) for name in names]
    keys += [("pick", name) for name in names] + [("share", c.name) for c in spec.contracts]
    keys += [("length",), ("bot", bot)] + ([("payout", bot)] if pays else [])
    widths = [3] * (len(names) * (len(roles) + 2)) + [2] * (len(keys) - len(names) * (len(roles) + 2))
    return tuple(keys), tuple(widths), tuple(codes[c.name] for c in spec.contracts)


def native_batch(study: Study, spec: m.Spec, games: range) -> BatchObservations:
    """Games ``games`` of ``study`` under ``spec`` (every seat a random
    bot, :func:`native_reason` None), played whole in one native call."""
    players = study.players
    played = played_spec(study, spec)
    named_first = study.contract is not None
    tables = game_tables(spec, played, players, named_first)
    native = generated_package(spec).load_native()
    seeds, firsts, own = game_starts(study, played, games, native.CODES, tables)
    counts = native.play_games(seeds, firsts, own, tables, players)
    return observations(study, spec, counts, "random")


def game_starts(study: Study, played: m.Spec, games: range, codes: dict[str, int],
                tables: rt.GameTables) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each game's number seed, first declarer and each seat's own list of
    contracts (codes; the plan's when not drawn at random), drawn as every
    game of ``study`` draws them (:class:`~barbu_dsl.engine.schedule.Schedule`).
    A first declarer drawn by lot from nothing but the game's seed is left
    to the compiled game (-1: ``first_by_lot``); a game with random lists
    of contracts draws them and its first declarer here."""
    from ..compiled import game_plan

    players = study.players
    named_first = study.contract is not None
    unit = [int(code) for code in tables.unit]  # each seat's own list, unless drawn at random: as long
    plan = game_plan(played, players)
    numbers = np.arange(games.start, games.stop, games.step, dtype=np.int64)
    seeds = rt.game_seeds(np.uint64(study_number(study.seed) & MASK64), numbers)  # game_seed of each game
    if plan.chooser != "rotating" or plan.lists != "own":  # no lists: the first declarer is all Schedule draws
        drawn = numbers % players if named_first else np.full(len(numbers), -1, dtype=np.int64)
        return seeds, drawn, np.tile(np.array(unit, dtype=np.int64), (len(numbers), players, 1))
    firsts: list[int] = []
    own: list[list[list[int]]] = []
    for game, seed in zip(games, seeds.tolist(), strict=True):
        schedule = Schedule(played, players, random.Random(NumberSeeds(seed).game()),
                            game % players if named_first else None)
        firsts.append(schedule.first)
        own.append([[codes[c.name] for c in mine] for mine in schedule.lists])
    return seeds, np.array(firsts, dtype=np.int64), np.array(own, dtype=np.int64).reshape(len(seeds), players,
                                                                                        len(unit))


def observations(study: Study, spec: m.Spec, counts: rt.GameCounts, bot: str) -> BatchObservations:
    """The study's observations of the games ``counts`` counted, every seat a ``bot``."""
    players = study.players
    pays = study.contract is None and bool(spec.game.payout_for(players))
    keys, widths, share_codes = _keys(spec, players, pays, bot)
    games = len(counts.lengths)
    lengths = counts.lengths

    def block(*columns: np.ndarray) -> np.ndarray:
        out = np.zeros((games, 1 if columns[0].ndim == 1 else columns[0].shape[1], 3), dtype=np.int64)
        for j, column in enumerate(columns):
            out[:, :, j] = column if column.ndim == 2 else column[:, None]
        return out

    hands_of = counts.totals[:, list(share_codes), 0]
    parts = [counts.scores.reshape(games, -1, 3), counts.totals, counts.doubling,
             block(counts.picks[:, :, 0], counts.picks[:, :, 1]),
             block(np.repeat(lengths[:, None], len(share_codes), axis=1), hands_of),
             block(np.ones(games, dtype=np.int64), lengths),
             block(np.full(games, players, dtype=np.int64), counts.game_totals.sum(axis=1))]
    if pays:
        paid = [sum(spec.game.payouts([int(t) for t in totals])) for totals in counts.game_totals]
        parts.append(block(np.full(games, players, dtype=np.int64), np.array(paid, dtype=np.int64)))
    values = np.concatenate(parts, axis=1)
    names = sorted(generated_package(spec).load_native().CODES.items(), key=lambda item: item[1])
    finals: dict[tuple[str, int], int] = {}
    played = np.arange(counts.contracts.shape[1])[None, :] < lengths[:, None]
    # One int a (contract, score) pair, so that a flat sort counts them: the score in the low 32 bits.
    pairs, times = np.unique((counts.contracts[played] << 32) + (counts.finals[played] + (1 << 31)),
                             return_counts=True)
    for pair, count in zip(pairs.tolist(), times.tolist(), strict=True):
        finals[(names[pair >> 32][0], (pair & 0xFFFFFFFF) - (1 << 31))] = count
    return BatchObservations(keys, widths, values, finals)
