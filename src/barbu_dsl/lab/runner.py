"""Playing a study's batches: in this process, on local worker processes
(``concurrent.futures``) or on a Dask distributed cluster.

A batch (:class:`~.study.Batch`) is played by :func:`play_batch`, a pure
function of the study and the batch: the same tally wherever it runs.  The
three ways of running differ only in where the batches go; their tallies
are added in batch order (:meth:`~.tally.Tally.merge`, exact integer sums),
so the result is the same for one worker, many, or a cluster.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..bots import make_bot
from ..engine.bots import Bot, RandomBot
from ..engine.deal import NumberSeeds
from ..engine.game import play
from ..engine.state import GameState, PlayOut
from ..language import model as m
from .backend import PlayOuts, effective, play_out, play_outs
from .lean import HandFacts, LeanGame, lean_reason
from .rule_hands import rules_play_out, rules_reason, seats_all_rules
from .study import Batch, Study, game_seed, one_contract, runs
from .tally import Observation, ScoredHand, Tally, game_observations

if TYPE_CHECKING:
    from .arrays import BatchObservations

DASK_CONNECT_SECONDS = 20
"""How long ``--scheduler`` waits for the scheduler to answer."""

Progress = Callable[[int], None]
"""Told the number of games of each batch as it finishes."""


GameResults = tuple[Observation, list[tuple[str, int]]]
"""A game's observation of one spec and each hand's (contract, declarer's final score)."""


def play_game(study: Study, spec: m.Spec, game: int) -> GameResults:
    """Game ``game`` of ``study`` under ``spec``: its observation and each
    hand's (contract, declarer's final score)."""
    return play_games(study, spec, range(game, game + 1))[0]


@dataclass(frozen=True)
class _Setting:
    """What game ``game`` of a study is played with, under one spec."""

    played: m.Spec  # the spec, or its single contract as a game
    seeds: NumberSeeds
    names: list[str]
    first: int | None

    def bots(self) -> list[Bot]:
        # A study's numbers do not depend on numba: a strong bot does the Python search's work, compiled or not.
        return [make_bot(name, self.seeds.seat(seat), reference_work=True) for seat, name in enumerate(self.names)]


def _setting(study: Study, spec: m.Spec, game: int) -> _Setting:
    seeds = NumberSeeds(game_seed(study.seed, game))
    if study.contract is not None:
        return _Setting(one_contract(spec, study.contract), seeds, study.seat_bots(game), game % study.players)
    return _Setting(spec, seeds, study.seat_bots(game), None)


def play_games(study: Study, spec: m.Spec, games: range) -> list[GameResults]:
    """Games ``games`` of ``study`` under ``spec``, each as :func:`play_game`.

    Games of random bots take the lean path (:mod:`.lean`) when the spec
    allows it, and those that no score can end early are prepared first
    and their hands played out together, in one call of the backend;
    every other game is played by a game state (:func:`game_state`)."""
    settings = [_setting(study, spec, game) for game in games]
    lean = lean_reason(settings[0].played, study.players) is None
    hands: list[Sequence[ScoredHand] | None] = []
    batched: list[LeanGame] = []
    facts = HandFacts(settings[0].played, study.players)
    for setting in settings:
        bots = setting.bots()
        if not (lean and all(type(bot) is RandomBot for bot in bots)):
            hands.append(_game_state(study, spec, setting, bots).hands)
            continue
        game = LeanGame(setting.played, study.players, setting.seeds, cast("list[RandomBot]", bots), setting.first,
                        facts)
        if game.fixed_length:
            batched.append(game)
        else:
            _play_lean(game, play_outs(spec, study.players))
        hands.append(game.hands)  # filled in below for the batched games
    if batched:
        playouts = [game.prepare_all() for game in batched]
        raws = iter(play_outs(spec, study.players)([p for game in playouts for p in game]))
        for game, game_playouts in zip(batched, playouts, strict=True):
            game.score_all([next(raws) for _ in game_playouts])
    return [_observed(study, spec, game_hands, setting.names)
            for game_hands, setting in zip(hands, settings, strict=True) if game_hands is not None]


def _play_lean(game: LeanGame, play: PlayOuts) -> None:
    """Play a lean game hand by hand (its scores may end it early)."""
    while not game.over:
        playout = game.prepare()
        game.score(None if playout is None else play([playout])[0])


def game_state(study: Study, spec: m.Spec, game: int) -> GameState:
    """Game ``game`` of ``study`` under ``spec`` played by a game state,
    whatever its bots: the reference the lean path is checked against."""
    setting = _setting(study, spec, game)
    return _game_state(study, spec, setting, setting.bots())


def _game_state(study: Study, spec: m.Spec, setting: _Setting, bots: list[Bot]) -> GameState:
    state = GameState.new(setting.played, players=study.players, seed=setting.seeds.seed,
                          first_declarer=setting.first, seeds=setting.seeds,
                          play_out=_hands_in_one_go(study, spec, setting.played, bots))
    play(state, bots)
    return state


def _hands_in_one_go(study: Study, spec: m.Spec, played: m.Spec, bots: list[Bot]) -> PlayOut | None:
    """How a game's hands are played in one go, if they can be: random
    bots' by the generated rollout (which plays the hands it is given: a
    widow the first trick takes is played by the engine), rule bots' by the
    rule bot compiled (native backend only); None: move by move."""
    if all(isinstance(bot, RandomBot) for bot in bots):
        return play_out(spec, study.backend) if spec.leftover != "widow to first trick" else None
    if effective(study.backend) == "native" and seats_all_rules(bots) and rules_reason(played, study.players) is None:
        return rules_play_out(played)
    return None


def _observed(study: Study, spec: m.Spec, hands: Sequence[ScoredHand], names: list[str]) -> GameResults:
    contracts = [c.name for c in spec.contracts]
    totals = hands[-1].totals if hands else (0,) * study.players
    paid = spec.game.payouts(totals) if study.contract is None else ()
    obs = game_observations(hands, contracts, study.players, names, paid)
    return obs, [(hand.contract, hand.final[hand.declarer]) for hand in hands]


def play_batch(study: Study, batch: Batch) -> Tally:
    """The tally of one batch: its games played by every spec in turn
    (whole in native code where :func:`~.native_games.native_reason` allows,
    and added up as arrays then)."""
    tally = Tally(len(study.specs))
    games = range(batch.start, batch.stop)
    if effective(study.backend) == "native":
        whole = [_whole_batch(study, spec) for spec in study.specs]
        if any(whole):
            from .arrays import BatchObservations, add_batch

            add_batch(tally, [native(study, spec, games) if native else
                              BatchObservations.from_games(play_games(study, spec, games))
                              for spec, native in zip(study.specs, whole, strict=True)])
            return tally
    played = [play_games(study, spec, games) for spec in study.specs]
    for k in range(len(games)):
        tally.add_game([by_spec[k][0] for by_spec in played], [by_spec[k][1] for by_spec in played])
    return tally


def _whole_batch(study: Study, spec: m.Spec) -> Callable[[Study, m.Spec, range], BatchObservations] | None:
    """How games of ``spec`` are played whole in compiled code, a batch in
    one call (random bots' or rule bots'), or None when they are not."""
    from .native_games import native_batch, native_reason
    from .rule_games import rule_batch, rules_native_reason

    if native_reason(study, spec) is None:
        return native_batch
    if rules_native_reason(study, spec) is None:
        return rule_batch
    return None


def run_study(study: Study, workers: int = 1, scheduler: str | None = None,
              progress: Progress | None = None) -> Tally:
    """Play every batch of ``study``, a run of them at a time
    (:func:`~.study.runs`), and add up their tallies in batch order.

    ``workers`` > 1 plays them on that many local processes; ``scheduler``
    (a Dask scheduler address, or a ``distributed.Client``) sends them to a
    Dask cluster instead."""
    todo = runs(study, workers)
    if scheduler is not None:
        results = _on_dask(study, todo, scheduler, progress)
    elif workers > 1:
        results = _on_processes(study, todo, workers, progress)
    else:
        results = []
        for batch in todo:
            results.append(play_batch(study, batch))
            if progress is not None:
                progress(batch.stop - batch.start)
    total = Tally(len(study.specs))
    for result in results:
        total.merge(result)
    return total


def _on_processes(study: Study, todo: list[Batch], workers: int, progress: Progress | None) -> list[Tally]:
    results: dict[int, Tally] = {}
    # spawn: the parent may run threads (the progress bar), which fork does not copy safely.
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_leave_interrupts_to_the_parent)
    try:
        with _workers_born_deaf():
            futures = {pool.submit(play_batch, study, batch): batch for batch in todo}
        for future in as_completed(futures):
            batch = futures[future]
            results[batch.index] = future.result()
            if progress is not None:
                progress(batch.stop - batch.start)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return [results[batch.index] for batch in todo]


@contextmanager
def _workers_born_deaf() -> Iterator[None]:
    """Ctrl-C held back while the pool starts its workers: they inherit
    the held-back signal from their first instruction, so a Ctrl-C while
    one is still starting up cannot interrupt its imports (with a
    traceback), and drop it once they ignore Ctrl-C
    (:func:`_leave_interrupts_to_the_parent`); the parent gets its own as
    soon as the workers are started.  (Only the main thread may do this,
    and only where signals can be held back; elsewhere nothing changes.)"""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C, which a terminal sends to every process of
    the command: the parent stops the workers itself (:func:`_stop`).  A
    Ctrl-C held back while it started is dropped here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now (Ctrl-C, or a batch that failed): drop the batches
    not started and end the workers in the middle of theirs, rather than
    wait for the rest of the study, as leaving the pool's ``with`` would."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _on_dask(study: Study, todo: list[Batch], scheduler: object, progress: Progress | None) -> list[Tally]:
    from ..errors import ToolError, UsageError

    try:
        from distributed import Client, KilledWorker
        from distributed import as_completed as dask_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'barbu_dsl[cluster]'") from None
    from .scheduler import check_scheduler

    if isinstance(scheduler, Client):
        client = scheduler
    else:
        check_scheduler(str(scheduler), DASK_CONNECT_SECONDS)
        try:
            client = Client(str(scheduler), timeout=DASK_CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    try:
        shared = client.scatter(study, broadcast=True)
        futures = [client.submit(play_batch, shared, batch, key=f"barbu-batch-{id(study)}-{batch.index}",
                                 pure=False) for batch in todo]
        where = {future.key: batch for future, batch in zip(futures, todo, strict=True)}
        results: dict[int, Tally] = {}
        for future in dask_completed(futures):
            batch = where[future.key]
            try:
                results[batch.index] = future.result()
            except (ImportError, KilledWorker, OSError) as error:  # workers without barbu_dsl, lost workers
                raise ToolError(f"the Dask cluster could not play games {batch.start + 1}-{batch.stop}: "
                                f"{type(error).__name__}: {error} (do its workers have barbu_dsl installed?)") from None
            if progress is not None:
                progress(batch.stop - batch.start)
        return [results[batch.index] for batch in todo]
    finally:
        if client is not scheduler:
            client.close()
