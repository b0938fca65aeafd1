"""The ``barbu`` command line.

Exit codes, for every command: 0 ok; 1 a finding (a scale that does not sum
to zero, a record that breaks a rule, a file that is not canonical); 2
unusable input (a bad spec, record or command line).  Bad input never shows
a traceback: it gets one clear message on standard error.

A spec is named ``NAME_OR_PATH[+VARIANT...]``: a bundled spec or a file,
with named variants and scales applied in order, e.g.
``tournament+ravage-city+ace-low-domino``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from . import __version__
from .errors import BarbuError, SpecError, ToolError, UsageError
from .lab.cli import simulate
from .language import load_spec, print_file, print_spec
from .language.model import Spec
from .scorer.cli import scorer

app = typer.Typer(
    name="barbu",
    help="Write down the rules of Barbu and its family; check, verify, explain, play and replay them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

SpecArg = Annotated[str, typer.Argument(help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city")]


def _load(ref: str) -> Spec:
    return load_spec(ref)


@app.command()
def check(specs: Annotated[list[str], typer.Argument(help="Specs to check.")]) -> None:
    """Read specs and report every problem in them (exit 2 if any).

    Each variant and scale not yet applied is tried on its own: a spec's own
    that fails is an error; one a house file inherits that no longer fits
    the house's changes is a warning."""
    from .language.loader import check_overlays

    failed = False
    for ref in specs:
        try:
            spec = _load(ref)
        except BarbuError as error:
            err.print(str(error), markup=False)
            failed = True
            continue
        failures = check_overlays(spec) if not spec.applied or _is_house(spec) else []
        errors = [d for _, found in failures for d in found if d.severity == "error"]
        if errors:
            err.print(SpecError(errors).format(), markup=False)
            failed = True
            continue
        counts = ", ".join(map(str, spec.players))
        out.print(f"ok: {spec.full_name} — {len(spec.contracts)} contracts, {counts} players, "
                  f"{len(spec.overlays)} variants and scales", markup=False)
        if failures and spec.extends is not None:
            for _, found in failures:
                err.print("\n".join(d.format() for d in found), markup=False)
            names = ", ".join(overlay.name for overlay, _ in failures)
            verb = "applies" if len(failures) == 1 else "apply"
            err.print(f"{len(failures)} of {spec.extends.base}'s variants and scales no longer {verb} to "
                      f"{spec.name}: {names}", markup=False)
    if failed:
        raise typer.Exit(2)


def _is_house(spec: Spec) -> bool:
    return spec.extends is not None and spec.extends.is_house


@app.command()
def verify(
    spec: SpecArg,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Check only this player count.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Prove each contract's hand total and whether the scale sums to zero.

    Exit 0 when the sum is fixed at zero for every checked count, 1 when not."""
    from .verifier import render
    from .verifier import verify as run

    model = _load(spec)
    if players is not None and players not in model.players:
        raise UsageError(f"{model.full_name} is played by {', '.join(map(str, model.players))} players, "
                         f"not {players}")
    report = run(model, players)
    if as_json:
        out.print(json.dumps(report.to_json(), ensure_ascii=False), markup=False)
    else:
        sys.stdout.write(render(report))
    raise typer.Exit(0 if report.ok else 1)


@app.command()
def explain(
    spec: SpecArg,
    contract: Annotated[str | None, typer.Argument(help="One contract (default: all).")] = None,
) -> None:
    """Describe each contract in plain English: how it is played and scored."""
    from .explain import explain as describe
    from .language.suggest import did_you_mean_contract

    model = _load(spec)
    try:
        text = describe(model, contract)
    except KeyError:
        names = [c.name for c in model.contracts]
        suggestion = did_you_mean_contract(str(contract), names)
        raise UsageError(f"{model.full_name} has no contract '{contract}'" + (f"; {suggestion}" if suggestion else "")
                         + "\n    contracts: " + ", ".join(names)) from None
    sys.stdout.write(text)


@app.command()
def fmt(
    spec: SpecArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this new file.")] = None,
    check_only: Annotated[bool, typer.Option(
        "--check", help="Exit 1 if the file is not in its canonical form; writes nothing.")] = False,
    flatten: Annotated[bool, typer.Option(
        "--flatten", help="Print a house spec resolved: its base with every change applied.")] = False,
) -> None:
    """Print a spec as canonical spec text (defaults left out).

    A house file stays itself: its header comment, extends, apply, its own
    settings and contract changes.  Any other spec, and a house file with
    --flatten, is printed resolved (variants applied)."""
    if check_only and (output is not None or flatten):
        raise UsageError("--check compares a file with its own canonical form and writes nothing; "
                         f"it does not go with {'-o' if output is not None else '--flatten'}")
    model = _load(spec)
    text = print_spec(model) if flatten else print_file(model)
    if check_only:
        path = Path(spec)
        if not path.is_file():
            raise UsageError(f"--check needs a spec file, not '{spec}'")
        if path.read_text(encoding="utf-8") != text:
            err.print(f"{path} is not in canonical form (barbu fmt {path} shows it)", markup=False)
            raise typer.Exit(1)
        out.print(f"{path} is canonical", markup=False)
        return
    if output is not None:
        if output.exists():
            raise UsageError(f"{output} exists; barbu fmt never overwrites a file")
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot write {output}: {error}") from None
        return
    sys.stdout.write(text)


@app.command()
def replay(
    spec: SpecArg,
    record: Annotated[Path, typer.Argument(help="A hand record (.json) or JSON Lines of records (.jsonl).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON result per record.")] = False,
) -> None:
    """Replay hand records: check every play, score, settle doubles.

    Exit 0 when every record is valid, 1 when one breaks a rule, 2 when one
    cannot be read (the worst of them)."""
    from .engine.replay import replay_file, result_line

    model = _load(spec)
    results, status = replay_file(model, record)
    for result in results:
        if as_json:
            out.print(json.dumps(result, ensure_ascii=False), markup=False)
        elif "error" in result:
            err.print(f"barbu: {record}: {result_line(result)}", markup=False)
        else:
            out.print(result_line(result), markup=False)
    raise typer.Exit(status)


@app.command()
def play(
    spec: Annotated[str | None, typer.Argument(
        help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city (none with --resume)")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed for the draw, the deals and the bots.")] = 0,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="Seats, comma-separated: one name for all seats or one per seat "
                       "(random, rules, strong, human; default: rules).")] = None,
    human: Annotated[bool, typer.Option(
        "--human", help="Play seat 0 yourself against strong bots.")] = False,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write every hand as JSON Lines for `barbu replay` (a new file).")] = None,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Plain text, one fact a line: no colour, no tables, no progress bar.")] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language for people: en, it, fr, pt (default: BARBU_LANG, else the locale).")] = None,
    think: Annotated[float, typer.Option(
        "--think", help="How much work the strong bot puts into each decision (1: about 50 ms).")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the whole game as one JSON object.")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Carry on the saved game.")] = False,
    save: Annotated[Path | None, typer.Option(
        "--save", help="The saved-game file (default: in the user's data directory, or $BARBU_DATA_DIR).")] = None,
    names: Annotated[str | None, typer.Option("--names", help="Seat names, comma-separated.")] = None,
) -> None:
    """Play a whole game, with bots or with people at the table.

    With bots only: progress on standard error, the score sheet, the totals,
    the winner and the advisory count of doubles against each declarer on
    standard output.  With a human seat: the game is played at the keyboard,
    line by line (type help at any prompt); quit saves it for --resume."""
    from .table.play import PlayOptions
    from .table.play import play as run

    code = run(PlayOptions(spec, seed, players, bots, human, record, plain, lang, think, as_json, resume, save,
                           names))
    if code:
        raise typer.Exit(code)


@app.command()
def generate(
    specs: Annotated[list[str] | None, typer.Argument(
        help="Specs to generate (default: every bundled spec and the variant sets kept in generated/).")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Directory to write into.")] = Path("generated"),
    check_only: Annotated[bool, typer.Option(
        "--check", help="Regenerate in memory; exit 1 listing stale, missing and orphan files.")] = False,
) -> None:
    """Generate standalone Python packages of specs' rules, with conformance suites.

    Writes OUTPUT/<package>/ and OUTPUT/conformance/<package>/ for each spec.
    Exit 0 when done (or, with --check, when OUTPUT is up to date), 1 when
    --check finds stale, missing or orphan files."""
    from .generator import BUNDLED_TARGETS, check_tree, generate_files, write_tree
    from .generator.output import index_files

    targets = list(specs or BUNDLED_TARGETS)
    files: dict[str, str] = {}
    for ref in targets:
        files.update(generate_files(_load(ref)))
    if not specs:
        files.update(index_files(targets))
    if check_only:
        problems = check_tree(output, files, everything=not specs)
        if problems:
            for problem in problems:
                err.print(f"{output}/{problem.split(': ', 1)[1]}: {problem.split(': ', 1)[0]}", markup=False)
            again = " ".join(specs or [])
            err.print(f"{len(problems)} generated file{'s' if len(problems) != 1 else ''} out of date; "
                      f"regenerate with: barbu generate {again + ' ' if again else ''}-o {output}", markup=False)
            raise typer.Exit(1)
        out.print(f"{output}: {len(files)} generated files up to date", markup=False)
        return
    try:
        changed = write_tree(output, files)
    except (OSError, ValueError) as error:
        raise UsageError(str(error)) from None
    out.print(f"{output}: {len(files)} files for {', '.join(targets)} ({len(changed)} written or removed)",
              markup=False)


app.command("scorer")(scorer)
app.command("simulate")(simulate)


@app.command("specs")
def list_specs() -> None:
    """List the bundled specs with their variants and scales."""
    from .resources import bundled_spec_names

    for name in bundled_spec_names():
        model = _load(name)
        out.print(f"{name} — {model.title}", markup=False)
        for kind in ("variant", "scale"):
            names = [o.name for o in model.overlays if o.kind == kind]
            if names:
                out.print(f"    {kind}s: {', '.join(names)}", markup=False)


@app.command("schema")
def print_schema() -> None:
    """Print the JSON Schema of spec files (a copy is docs/spec.schema.json).

    Head a spec with ``# yaml-language-server: $schema=PATH_OR_URL`` and a
    YAML editor validates and completes it."""
    from .schema import schema_text

    sys.stdout.write(schema_text())


from .sheet.cli import app as sheet_app

app.add_typer(sheet_app, name="sheet")


def version_callback(value: bool) -> None:
    if value:
        out.print(f"barbu_dsl {__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=version_callback, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """barbu: rules toolkit for Barbu and its family of trick-taking games."""


def main() -> None:
    """Run the CLI.  Click reports a bad command line (exit 2); a
    :class:`BarbuError` becomes one message and its exit code."""
    try:
        app(prog_name="barbu")
    except BarbuError as error:
        err.print(f"barbu: {error}" if isinstance(error, (UsageError, ToolError)) else str(error), markup=False)
        sys.exit(error.exit_code)
