"""The ``barbu`` command line.

Exit codes, for every command: 0 ok; 1 a finding (a scale that does not sum
to zero, a record that breaks a rule, a file that is not canonical); 2
unusable input (a bad spec, record or command line).  Bad input never shows
a traceback: it gets one clear message on standard error.

A spec is named ``NAME_OR_PATH[+VARIANT...]``: a bundled spec or a file,
with named variants and scales applied in order, e.g.
``tournament+ravage-city+ace-low-domino`` (which wins when both exist:
:mod:`barbu_dsl.language.loader`).

Every message goes through one place: :func:`barbu_dsl.errors.message`
for errors (``barbu: ...``, or a spec's located diagnostics), the
:class:`~barbu_dsl.safe_text.Terminal` consoles for all output (user text
with its escapes made visible, no markup).  A bad command line is one
``barbu: ...`` line too (:func:`usage_message`), exit 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Annotated

import typer
from typer._click import core as click_core
from typer._click import exceptions as click_errors

from . import __version__
from .errors import BarbuError, SpecError, UsageError, message
from .lab.cli import simulate
from .language import load_spec, print_file, print_spec
from .language.model import Spec
from .safe_text import Terminal, json_line, lone_surrogate
from .scorer.cli import scorer

CONTEXT = {"help_option_names": ["-h", "--help"]}
"""-h as well as --help, for every command (click passes it down)."""

app = typer.Typer(
    name="barbu",
    help="Write down the rules of Barbu and its family; check, verify, explain, play and replay them.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=CONTEXT,
)
out = Terminal()
err = Terminal(stderr=True)


def _plain_argument_help() -> None:
    """Help lists an argument by its metavar alone (``SPEC``), as options
    are: typer would add its Python type (``SPEC <list[str]>``), and in the
    usage line braces round a required one (``{SPEC}``); an optional one
    stays in brackets (``[CONTRACT]``)."""
    from typer.core import TyperArgument

    def usage_name(self: TyperArgument) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")

    TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]
    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]


_plain_argument_help()

SpecArg = Annotated[str, typer.Argument(help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city",
                                        metavar="SPEC", show_default=False)]


def _load(ref: str) -> Spec:
    return load_spec(ref)


@app.command()
def check(specs: Annotated[list[str], typer.Argument(help="Specs to check.", metavar="SPEC")]) -> None:
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
            err.print(message(error))
            failed = True
            continue
        failures = check_overlays(spec) if not spec.applied or _is_house(spec) else []
        errors = [d for _, found in failures for d in found if d.severity == "error"]
        if errors:
            err.print(message(SpecError(errors)))
            failed = True
            continue
        counts = ", ".join(map(str, spec.players))
        out.print(f"ok: {spec.full_name} — {len(spec.contracts)} contracts, {counts} players, "
                  f"{len(spec.overlays)} variants and scales")
        if failures and spec.extends is not None:
            for _, found in failures:
                err.print("\n".join(d.format() for d in found))
            names = ", ".join(overlay.name for overlay, _ in failures)
            verb = "applies" if len(failures) == 1 else "apply"
            err.print(f"barbu: {len(failures)} of {spec.extends.base}'s variants and scales no longer {verb} to "
                      f"{spec.name}: {names}")
    if failed:
        raise typer.Exit(2)


def _is_house(spec: Spec) -> bool:
    return spec.extends is not None and spec.extends.is_house


@app.command()
def verify(
    spec: SpecArg,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Check only this player count.", metavar="N")] = None,
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
        out.show(json_line(report.to_json()) + "\n")
    else:
        out.show(render(report))
    raise typer.Exit(0 if report.ok else 1)


@app.command()
def explain(
    spec: SpecArg,
    contract: Annotated[str | None, typer.Argument(help="One contract (default: all).", metavar="CONTRACT")] = None,
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
    out.show(text)


@app.command()
def fmt(
    spec: SpecArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this new file.",
                                                metavar="FILE")] = None,
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
    from .files import atomic_write, check_writable, read_text_file
    from .language.loader import spec_file
    from .limits import SPEC_FILE_BYTES

    if output is not None:
        check_writable(output)
    model = _load(spec)
    text = print_spec(model) if flatten else print_file(model)
    if check_only:
        path = spec_file(spec)
        if path is None:
            raise UsageError(f"--check needs a spec file, not '{spec}'")
        if read_text_file(path, limit=SPEC_FILE_BYTES) != text:
            err.print(f"barbu: {path} is not in canonical form (barbu fmt {path} shows it)")
            raise typer.Exit(1)
        out.print(f"{path} is canonical")
        return
    if output is not None:
        atomic_write(output, text)
        return
    out.show(text)


@app.command()
def replay(
    spec: SpecArg,
    record: Annotated[Path, typer.Argument(help="A hand record (.json) or JSON Lines of records (.jsonl).",
                                           metavar="RECORD")],
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
            out.show(json_line(result) + "\n")
        elif "error" in result:
            err.print(f"barbu: {record}: {result_line(result)}")
        else:
            out.print(result_line(result))
    raise typer.Exit(status)


@app.command()
def play(
    spec: Annotated[str | None, typer.Argument(
        help="NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city (none with --resume)", metavar="SPEC",
        show_default=False)] = None,
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
        help="Specs to generate (default: every bundled spec and the variant sets kept in generated/).",
        metavar="SPEC")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Directory to write into.",
                                                  metavar="DIR")] = Path("generated"),
    check_only: Annotated[bool, typer.Option(
        "--check", help="Regenerate in memory; exit 1 listing stale, missing and orphan files.")] = False,
) -> None:
    """Generate standalone Python packages of specs' rules, with conformance suites.

    Writes OUTPUT/<package>/ and OUTPUT/conformance/<package>/ for each spec.
    Exit 0 when done (or, with --check, when OUTPUT is up to date), 1 when
    --check finds stale, missing or orphan files."""
    from .files import FileProblem, check_name, os_reason
    from .generator import BUNDLED_TARGETS, check_tree, generate_files, write_tree
    from .generator.output import check_targets, index_files, package_of

    if check_name(output).exists() and not output.is_dir():
        raise UsageError(f"{output} is not a directory; -o names the directory to write into")
    targets = list(specs or BUNDLED_TARGETS)
    models = [_load(ref) for ref in targets]
    check_targets(models)
    files: dict[str, str] = {}
    for ref, model in zip(targets, models, strict=True):
        files.update(generate_files(model, reference=ref))
    if not specs:
        files.update(index_files(targets))
    if check_only:
        problems = check_tree(output, files, everything=not specs)
        if problems:
            for problem in problems:
                err.print(f"{output}/{problem.split(': ', 1)[1]}: {problem.split(': ', 1)[0]}")
            again = " ".join(specs or [])
            err.print(f"barbu: {len(problems)} generated file{'s' if len(problems) != 1 else ''} out of date; "
                      f"regenerate with: barbu generate {again + ' ' if again else ''}-o {output}")
            raise typer.Exit(1)
        out.print(f"{output}: {len(files)} generated files up to date")
        return
    ids = dict(package_of(model) for model in models)
    try:
        changed = write_tree(output, files, ids)
    except FileProblem:
        raise
    except OSError as error:
        raise UsageError(f"cannot write into {output}: {os_reason(error)}") from None
    out.print(f"{output}: {len(files)} files for {', '.join(targets)} ({len(changed)} written or removed)")


app.command("scorer")(scorer)
app.command("simulate")(simulate)


@app.command("specs")
def list_specs() -> None:
    """List the bundled specs with their variants and scales."""
    from .resources import bundled_spec_names

    for name in bundled_spec_names():
        model = _load(name)
        out.print(f"{name} — {model.title}")
        for kind in ("variant", "scale"):
            names = [o.name for o in model.overlays if o.kind == kind]
            if names:
                out.print(f"    {kind}s: {', '.join(names)}")


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
        out.print(f"barbu_dsl {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=version_callback, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """barbu: rules toolkit for Barbu and its family of trick-taking games."""


# How a bad value of each parameter type is described.
_TYPE_WORDS: dict[object, str] = {int: "a whole number", float: "a number", bool: "true or false", Path: "a path"}


def usage_message(error: click_errors.ClickException) -> str:
    """A bad command line as one ``barbu: ...`` line: what is wrong in
    plain words, and where to find help (not click's box, nor the wording
    of the library that converts values)."""
    context = getattr(error, "ctx", None)
    command = context.command_path if context is not None else "barbu"
    where = f"{command.removeprefix('barbu').strip()}: " if command != "barbu" else ""
    help_hint = f" (see {command} --help)"
    param = getattr(error, "param", None)
    if isinstance(error, click_errors.BadParameter) and not isinstance(error, click_errors.MissingParameter) \
            and param is not None:
        names = [name for name in getattr(param, "opts", []) if name.startswith("--")]
        name = names[0] if names else (getattr(param, "metavar", None) or str(param.name).upper())
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        kind = _TYPE_WORDS.get(annotation, "another value")
        value = _bad_input(error)
        shown = f", not {value!r}" if isinstance(value, str) else ""
        return f"barbu: {where}{name} takes {kind}{shown}{help_hint}"
    text = error.format_message().strip().rstrip(".")
    text = text[:1].lower() + text[1:]
    return f"barbu: {where}{text}{help_hint}"


def _bad_input(error: BaseException) -> object:
    """The value a converter refused, when its error says (typer's
    converters keep it in the error they raise from)."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    try:
        found = errors() if callable(errors) else []
    except Exception:  # noqa: BLE001 -- only a detail of a message
        return None
    return found[0].get("input") if found and isinstance(found[0], dict) else None


@lru_cache(maxsize=1)
def _command() -> click_core.Command:
    """The click command typer builds from ``app``, built once (a program
    that runs many command lines, as the fuzz tests do, builds it once)."""
    return typer.main.get_command(app)


def run(argv: Sequence[str] | None = None) -> int:
    """Run the CLI on ``argv`` (default: the process's arguments) and
    return the exit code: a bad command line and a :class:`BarbuError`
    become one message each (exit 2, or the error's code)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if any(lone_surrogate(arg) for arg in args):  # bytes that are not UTF-8, as Python passes them on
        err.print("barbu: the command line holds bytes that are not UTF-8 text")
        return 2
    try:
        code = _command().main(args=args, prog_name="barbu", standalone_mode=False)
    except click_errors.NoArgsIsHelpError as error:
        err.show(error.format_message() + "\n")
        return 2
    except click_errors.ClickException as error:
        err.print(usage_message(error))
        return 2
    except typer.Abort:
        err.print("barbu: cancelled")
        return 130
    except BarbuError as error:
        err.print(message(error))
        return error.exit_code
    return code if isinstance(code, int) else 0


def main() -> None:
    """The ``barbu`` command: :func:`run`, its code the process's exit status."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    sys.exit(run())
