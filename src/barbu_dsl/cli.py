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

The commands are click's (:mod:`barbu_dsl.commandline`).  Each imports
what its work needs inside its function, so that a command loads only what
it uses and ``barbu --help`` next to nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.exceptions import Exit, NoArgsIsHelpError

from . import __version__
from .commandline import CONTEXT, LANG_HELP, NUMBER, WHOLE_NUMBER, BadValue, Group, argument
from .errors import BarbuError, UsageError, message
from .lab.cli import simulate
from .safe_text import Terminal, json_line, lone_surrogate
from .scorer.cli import scorer
from .server.cli import join, serve, tables
from .sheet.cli import sheet

if TYPE_CHECKING:
    from .language.model import Spec

out = Terminal()
err = Terminal(stderr=True)


def _show_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from .completion import script, shell_name

    out.show(script(shell_name(value), ctx.find_root().command) + "\n")
    ctx.exit()


def _install_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from .completion import install, shell_name

    shell = shell_name(value)
    path = install(shell, ctx.find_root().command)
    out.print(f"{shell} completion installed in {path}")
    out.print("Completion will take effect once you restart the terminal")
    ctx.exit()


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        out.print(f"barbu_dsl {__version__}")
        ctx.exit()


def _lang_everywhere(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``barbu --lang it sheet show 1``: a --lang before the command is the
    default of every command's own --lang (which, given, wins)."""
    if value is None or ctx.resilient_parsing:
        return

    def defaults(command: click.Command) -> dict[str, object]:
        found: dict[str, object] = {"lang": value} if any(p.name == "lang" for p in command.params) else {}
        if isinstance(command, click.Group):
            found.update({name: defaults(sub) for name, sub in command.commands.items()})
        return found

    ctx.default_map = defaults(ctx.command)


@click.group(cls=Group, name="barbu", no_args_is_help=True, context_settings=CONTEXT)
@click.option("--lang", metavar="LANG", expose_value=False, callback=_lang_everywhere,
              help=f"The language of every command that speaks to people: {LANG_HELP}")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and exit.")
@click.option("--install-completion", metavar="[SHELL]", is_flag=False, flag_value="", expose_value=False,
              is_eager=True, callback=_install_completion, help="Install completion for the current shell.")
@click.option("--show-completion", metavar="[SHELL]", is_flag=False, flag_value="", expose_value=False,
              is_eager=True, callback=_show_completion,
              help="Show completion for the current shell, to copy it or customize the installation.")
def app() -> None:
    """Write down the rules of Barbu and its family; check, verify, explain, play and replay them."""


SPEC_HELP = "NAME_OR_PATH[+VARIANT...], e.g. tournament+ravage-city"
spec_argument = argument("spec", metavar="SPEC", help=SPEC_HELP)


def _load(ref: str) -> Spec:
    from .language import load_spec

    return load_spec(ref)


@app.command()
@argument("specs", nargs=-1, required=True, metavar="SPEC", help="Specs to check.")
def check(specs: tuple[str, ...]) -> None:
    """Read specs and report every problem in them (exit 2 if any).

    Each variant and scale not yet applied is tried on its own: a spec's own
    that fails is an error; one a house file inherits that no longer fits
    the house's changes is a warning."""
    from functools import partial

    from .checking import check_spec

    failed = False
    for ref in specs:
        report = check_spec(partial(_load, ref))
        for error in report.errors:
            err.print(error)
        if report.errors:
            failed = True
            continue
        out.print(report.summary)
        for warning in report.warnings:
            err.print(warning)
    if failed:
        raise Exit(2)


@app.command()
@spec_argument
@click.option("--players", "-p", type=WHOLE_NUMBER, metavar="N", help="Check only this player count.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def verify(spec: str, players: int | None, as_json: bool) -> None:
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
    raise Exit(0 if report.ok else 1)


@app.command()
@spec_argument
@argument("contract", required=False, metavar="CONTRACT", help="One contract (default: all).")
@click.option("--lang", metavar="LANG", help=LANG_HELP)
def explain(spec: str, contract: str | None, lang: str | None) -> None:
    """Describe each contract in plain words: how it is played and scored."""
    from .explain import explain as describe
    from .i18n import Translator, choose_language
    from .i18n.answers import choices_text, read_contract

    try:
        language = choose_language(lang)
    except ValueError as error:
        raise UsageError(str(error)) from None
    model = _load(spec)
    name = None
    if contract is not None:
        found = read_contract(contract, model.contracts, language)
        if not found.found or found.value is None:
            names = [c.name_in(language) for c in model.contracts]
            meant = found.matches or ((found.suggestion,) if found.suggestion else ())
            quoted = [f"'{name}'" for name in meant]
            hint = f"; did you mean {choices_text(quoted, Translator('en'))}?" if meant else ""
            raise UsageError(f"{model.full_name} has no contract '{contract}'{hint}\n    contracts: "
                             + ", ".join(names))
        name = found.value.name
    out.show(describe(model, name, language=language))


@app.command()
@spec_argument
@click.option("--output", "-o", type=click.Path(path_type=Path), metavar="FILE", help="Write to this new file.")
@click.option("--check", "check_only", is_flag=True,
              help="Exit 1 if the file is not in its canonical form; writes nothing.")
@click.option("--flatten", is_flag=True, help="Print a house spec resolved: its base with every change applied.")
def fmt(spec: str, output: Path | None, check_only: bool, flatten: bool) -> None:
    """Print a spec as canonical spec text (defaults left out).

    A house file stays itself: its header comment, extends, apply, its own
    settings and contract changes.  Any other spec, and a house file with
    --flatten, is printed resolved (variants applied)."""
    if check_only and (output is not None or flatten):
        raise UsageError("--check compares a file with its own canonical form and writes nothing; "
                         f"it does not go with {'-o' if output is not None else '--flatten'}")
    from .files import atomic_write, check_writable, read_text_file
    from .language import print_file, print_spec
    from .language.comments import file_comments, with_comments
    from .language.loader import spec_file
    from .limits import SPEC_FILE_BYTES
    from .resources import bundled_spec_names, bundled_spec_text

    if output is not None:
        check_writable(output)
    model = _load(spec)
    path = spec_file(spec)
    written = read_text_file(path, limit=SPEC_FILE_BYTES) if path is not None else \
        bundled_spec_text(spec) if spec in bundled_spec_names() else ""
    text = with_comments(print_spec(model) if flatten else print_file(model), file_comments(written))
    if check_only:
        if path is None:
            raise UsageError(f"--check needs a spec file, not '{spec}'")
        if written != text:
            err.print(f"barbu: {path} is not in canonical form (barbu fmt {path} shows it)")
            raise Exit(1)
        out.print(f"{path} is canonical")
        return
    if output is not None:
        atomic_write(output, text)
        return
    out.show(text)


@app.command()
@spec_argument
@argument("record", type=click.Path(path_type=Path), metavar="RECORD",
          help="A hand record (.json) or JSON Lines of records (.jsonl).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON result per record.")
def replay(spec: str, record: Path, as_json: bool) -> None:
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
    raise Exit(status)


@app.command()
@argument("spec", required=False, metavar="SPEC", help=f"{SPEC_HELP} (none with --resume)")
@click.option("--seed", type=WHOLE_NUMBER, metavar="N",
              help="Seed for the draw, the deals and the bots (default: drawn at random, and said).")
@click.option("--players", "-p", type=WHOLE_NUMBER, metavar="N", help="Number of players.")
@click.option("--bots", metavar="NAMES", help="Seats, comma-separated: one name for all seats or one per seat "
                                              "(random, rules, strong, human; default: rules).")
@click.option("--human", is_flag=True, help="Play seat 0 yourself against strong bots.")
@click.option("--record", type=click.Path(path_type=Path), metavar="FILE",
              help="Write every hand as JSON Lines for `barbu replay` (a new file).")
@click.option("--plain", is_flag=True, help="Plain text, one fact a line: no colour, no tables, no progress bar.")
@click.option("--lang", metavar="LANG", help=f"Language for people: {LANG_HELP}")
@click.option("--think", type=NUMBER, default=1.0, metavar="X",
              help="How much work the strong bot puts into each decision (1: about 50 ms).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole game as one JSON object.")
@click.option("--resume", is_flag=True, help="Carry on the saved game.")
@click.option("--save", type=click.Path(path_type=Path), metavar="FILE",
              help="The saved-game file (default: in the user's data directory, or $BARBU_DATA_DIR).")
@click.option("--names", metavar="NAMES", help="Seat names, comma-separated.")
@click.option("--mode", metavar="MODE",
              help="How the list of contracts is made (the French family): classic, random, individual-random or "
                   "custom; written as a house file.")
@click.option("--contracts", "contract_count", type=WHOLE_NUMBER, metavar="N",
              help="How many contracts a game has, 3 to 8 (the French family); written as a house file.")
@click.option("--choose-contracts", is_flag=True,
              help="Pick the game's contracts at the table (the French family's custom mode); written as a house "
                   "file.")
def play(spec: str | None, seed: int | None, players: int | None, bots: str | None, human: bool, record: Path | None,
         plain: bool, lang: str | None, think: float, as_json: bool, resume: bool, save: Path | None,
         names: str | None, mode: str | None, contract_count: int | None, choose_contracts: bool) -> None:
    """Play a whole game, with bots or with people at the table.

    With bots only: progress on standard error, the score sheet, the totals,
    the winner and the advisory count of doubles against each declarer on
    standard output.  With a human seat: the game is played at the keyboard,
    line by line (type help at any prompt); quit saves it for --resume."""
    from .table.play import PlayOptions
    from .table.play import play as run

    code = run(PlayOptions(spec, seed, players, bots, human, record, plain, lang, think, as_json, resume, save,
                           names, mode, contract_count, choose_contracts))
    if code:
        raise Exit(code)


@app.command()
@argument("specs", nargs=-1, metavar="SPEC",
          help="Specs to generate (default: every bundled spec and the variant sets kept in generated/).")
@click.option("--output", "-o", type=click.Path(path_type=Path), default=Path("generated"), metavar="DIR",
              help="Directory to write into.")
@click.option("--check", "check_only", is_flag=True,
              help="Regenerate in memory; exit 1 listing stale, missing and orphan files.")
def generate(specs: tuple[str, ...], output: Path, check_only: bool) -> None:
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
            again = " ".join(specs)
            err.print(f"barbu: {len(problems)} generated file{'s' if len(problems) != 1 else ''} out of date; "
                      f"regenerate with: barbu generate {again + ' ' if again else ''}-o {output}")
            raise Exit(1)
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


app.add_command(scorer)
app.add_command(simulate)


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


app.add_command(sheet)
app.add_command(serve)
app.add_command(join)
app.add_command(tables)


def usage_message(error: click.ClickException) -> str:
    """A bad command line as one ``barbu: ...`` line: what is wrong in
    plain words, and where to find help (not click's box)."""
    context = getattr(error, "ctx", None)
    command = context.command_path if context is not None else "barbu"
    where = f"{command.removeprefix('barbu').strip()}: " if command != "barbu" else ""
    help_hint = f" (see {command} --help)"
    if isinstance(error, BadValue) and error.param is not None:
        param = error.param
        names = [name for name in param.opts if name.startswith("--")]
        name = names[0] if names else (param.metavar or str(param.name).upper())
        return f"barbu: {where}{name} takes {error.words}, not {error.value!r}{help_hint}"
    text = error.format_message().strip().rstrip(".")
    text = text[:1].lower() + text[1:]
    return f"barbu: {where}{text}{help_hint}"


def run(argv: Sequence[str] | None = None) -> int:
    """Run the CLI on ``argv`` (default: the process's arguments) and
    return the exit code: a bad command line and a :class:`BarbuError`
    become one message each (exit 2, or the error's code)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if any(lone_surrogate(arg) for arg in args):  # bytes that are not UTF-8, as Python passes them on
        err.print("barbu: the command line holds bytes that are not UTF-8 text")
        return 2
    try:
        code = app.main(args=args, prog_name="barbu", standalone_mode=False)
    except NoArgsIsHelpError as error:
        err.show(error.format_message() + "\n")
        return 2
    except click.ClickException as error:
        err.print(usage_message(error))
        return 2
    except click.Abort:
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
