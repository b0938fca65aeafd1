"""``barbu simulate``: the balance lab on the command line.

Progress goes to standard error (a rich bar on a terminal, a line per
tenth of the study otherwise); the tables or the JSON summary to standard
output.  Exit 0 when done, 2 for unusable input.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..commandline import LANG_HELP, WHOLE_NUMBER, Command, argument
from ..errors import UsageError
from ..safe_text import Terminal, json_line

if TYPE_CHECKING:
    from rich.progress import Progress

    from .study import Study
    from .tally import Tally

out = Terminal(width=200, soft_wrap=False)  # the wide tables whole, never folded
err = Terminal(stderr=True)


@click.command("simulate", cls=Command)
@argument("specs", nargs=-1, required=True, metavar="SPEC",
          help="Specs to compare on the same deals; the first is the baseline.")
@click.option("--games", "-n", type=WHOLE_NUMBER, metavar="N", help="Games per spec (default 100).")
@click.option("--contract", metavar="NAME", help="Play only hands of this contract (with --hands).")
@click.option("--hands", type=WHOLE_NUMBER, metavar="N", help="Hands of --contract per spec (default 1000).")
@click.option("--bots", default="rules", metavar="NAMES",
              help="Bots, comma-separated: one for all seats or one per seat, rotated over the games "
                   "(random, rules, strong).")
@click.option("--seed", type=WHOLE_NUMBER, default=0, metavar="N",
              help="The study's seed: every game's seed derives from it.")
@click.option("--players", "-p", type=WHOLE_NUMBER, metavar="N", help="Number of players.")
@click.option("--backend", default="python", metavar="NAME",
              help="Playouts for random hands: python, or native (numba, the [fast] extra).")
@click.option("--workers", "-w", type=WHOLE_NUMBER, default=1, metavar="N", help="Local worker processes.")
@click.option("--scheduler", metavar="ADDRESS",
              help="A Dask scheduler address (the [cluster] extra): run the batches there.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--plot", type=click.Path(path_type=Path), metavar="FILE",
              help="Draw the distributions and differences to this new .png or .svg (the [plot] extra).")
@click.option("--lang", metavar="LANG", help=f"The contracts' names in {LANG_HELP}")
def simulate(specs: tuple[str, ...], games: int | None, contract: str | None, hands: int | None, bots: str,
             seed: int, players: int | None, backend: str, workers: int, scheduler: str | None, as_json: bool,
             plot: Path | None, lang: str | None) -> None:
    """Play many games of each spec on the same deals and compare them.

    For each contract and seat position (declarer, the seats after it,
    doubler and doubled): mean raw and final scores with 95% confidence
    intervals, how often each contract is chosen and doubled, and each
    spec's difference from the first, paired on the same deals.  The same
    seed gives the same numbers whatever --workers or --scheduler."""
    from ..engine.state import default_players
    from ..files import check_writable
    from ..i18n import choose_language
    from ..language import load_spec
    from ..limits import SIMULATION_WORKERS
    from .report import print_tables, summary
    from .study import Study

    try:
        language = choose_language(lang)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if contract is None and hands is not None:
        raise UsageError("--hands counts hands of one contract: give --contract too (or use --games)")
    if contract is not None and games is not None:
        raise UsageError("--contract plays single hands: count them with --hands, not --games")
    if not 1 <= workers <= SIMULATION_WORKERS:
        raise UsageError(f"--workers must be from 1 to {SIMULATION_WORKERS}")
    if plot is not None:
        if plot.suffix.lower() not in (".png", ".svg"):
            raise UsageError(f"--plot writes a .png or .svg file, not {plot.name}")
        check_writable(plot)
        from .plot import require_matplotlib

        require_matplotlib()
    models = tuple(load_spec(ref) for ref in specs)
    count = default_players(models[0]) if players is None else players
    study = Study(models, (hands or 1000) if contract else (games or 100),
                  tuple(name.strip() for name in bots.split(",")), seed, count, contract, backend)
    if backend == "native":
        _backend_notes(study)
    tally = _run(study, workers, scheduler, language)
    data = summary(study, tally)
    if plot is not None:
        from .plot import draw

        draw(study, tally, data, plot, language=language)
    if as_json:
        sys.stdout.write(json_line(data) + "\n")
    else:
        print_tables(out.console, study, data, language)
    if plot is not None:
        err.print(f"plot written to {plot}", markup=False)


def _backend_notes(study: Study) -> None:
    """Say when ``--backend native`` cannot help: no numba, bots that choose
    every card (seats of different bots, or a strong bot), or rules that
    the compiled games leave to the game engine."""
    from .backend import effective
    from .lean import lean_reason
    from .rule_hands import rules_reason

    bots = set(study.bots)
    if effective("native") != "native":
        err.print("note: numba is not installed (pip install 'barbu_dsl[fast]'); "
                  "playing the Python playouts, which give the same results", markup=False)
    elif bots not in ({"random"}, {"rules"}):
        err.print("note: --backend native plays whole games whose every seat is a random bot, or every seat a "
                  f"rule bot; with {', '.join(sorted(bots - {'random'}))} bots every card is chosen "
                  "by a bot, so the backend changes nothing here", markup=False)
    else:
        for spec in study.specs:
            reason = lean_reason(spec, study.players)
            hands_apart = bots == {"rules"} and rules_reason(spec, study.players)
            if hands_apart:
                err.print(f"note: in {spec.full_name}, {hands_apart}, so the rule bots play its cards one by one "
                          "and the backend changes nothing there", markup=False)
            elif reason is not None:
                err.print(f"note: in {spec.full_name}, {reason}, so its games are played by the game engine and "
                          "only each hand's cards natively, one hand at a time (slower than whole games)",
                          markup=False)


def _run(study: Study, workers: int, scheduler: str | None, language: str) -> Tally:
    """Run the study with a progress bar on a terminal, else progress lines;
    on the native backend, numba's first compile is said and shown too
    (:mod:`.compiling`)."""
    from .backend import effective
    from .compiling import compile_report
    from .runner import play_batch, run_study
    from .study import Batch

    total = study.games
    label = f"{' vs '.join(study.names)}"
    native = effective(study.backend) == "native"

    def say(text: str) -> None:
        err.print(text, markup=False)

    def warm(progress: Progress | None = None) -> None:
        """Workers compile on their own, unseen: one game played here first
        compiles (or loads) the native playouts into numba's cache for them."""
        if native and scheduler is None and workers > 1:
            with compile_report(say, language, progress):
                play_batch(study, Batch(0, 0, 1))

    if err.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=err.console, transient=True) as progress:
            warm(progress)
            task = progress.add_task(label, total=total)
            with compile_report(say, language, progress) if native else nullcontext():
                return run_study(study, workers, scheduler, lambda n: progress.advance(task, n))
    done = [0, 0]

    def report(n: int) -> None:
        done[0] += n
        tenth = done[0] * 10 // total
        if tenth > done[1]:
            done[1] = tenth
            err.print(f"{label}: {done[0]} of {total} {'hands' if study.contract else 'games'}", markup=False)

    warm()
    with compile_report(say, language) if native else nullcontext():
        return run_study(study, workers, scheduler, report)
