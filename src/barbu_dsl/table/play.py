"""``barbu play``: a whole game, with bots only or with people at the table.

With bots only the game is played straight through: progress on standard
error, the score sheet on standard output (a table that fits the
terminal; ``--plain``: one line a hand; both in the chosen language;
``--json``: one JSON object, :func:`.report.game_json`, and nothing else).

With a ``human`` seat the table talks to the person (:mod:`.console`,
:mod:`.narrator`, :mod:`.human`): in plain mode when asked, when
``NO_COLOR`` is set, ``TERM=dumb`` or the output is not a terminal, else in
rich mode, always line by line.  ``quit`` and the end of the input save
the game (:mod:`.save`) and ``--resume`` carries it on; Ctrl-C saves it too
and exits with 130, the shells' code for an interrupt.  With ``--json``
the conversation goes to standard error and the JSON object of the
finished game to standard output.

The seed is drawn at random unless ``--seed`` gives one (the welcome line
says it, so a game can be dealt again).  ``--mode``, ``--contracts N`` and
``--choose-contracts`` make the game's list of contracts as the French
family's table would (:mod:`.house`), written as a house file.

The driver: :class:`Table` asks each pending decision of the
:class:`~barbu_dsl.engine.state.GameState` of the seat it belongs to — a
bot, or a :class:`~.human.HumanSeat` called as a bot is, ``seat(decision,
view)`` — applies the answer and has the :class:`~.narrator.Narrator` say
the new events; the game never calls the table.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console as RichConsole

from ..bots import HUMAN, SEATS, make_bot, seat_seed
from ..compiled import game_plan
from ..engine.game import play as play_out
from ..engine.results import GameResult, HandResult
from ..engine.state import GameState, default_players
from ..engine.strong import StrongBot
from ..errors import UsageError
from ..files import atomic_stream, check_writable
from ..i18n import Translator, choose_language
from ..language import load_spec
from ..language import model as m
from ..limits import THINK
from ..safe_text import for_terminal, json_line
from ..words import signed_text
from . import report
from .answers import command_word
from .console import Console, Leave, wants_plain
from .house import CONTRACTS, check_choice, house_spec
from .human import HumanSeat
from .narrator import Narrator
from .save import SavedGame, check_fits, default_path, load_game, read_saved, remove_saved, write_saved
from .speech import Speech, seat_names

INTERRUPTED = 130
"""The exit code after Ctrl-C (the game saved), the shells' convention."""


@dataclass
class PlayOptions:
    """The command line of ``barbu play``."""

    spec: str | None = None
    seed: int | None = None  # None: drawn at random
    players: int | None = None
    bots: str | None = None
    human: bool = False
    record: Path | None = None
    plain: bool = False
    language: str | None = None
    think: float = 1.0
    as_json: bool = False
    resume: bool = False
    save: Path | None = None
    names: str | None = None
    mode: str | None = None
    contracts: int | None = None
    choose_contracts: bool = False


@dataclass
class Streams:
    """Where the game talks: standard output, standard error, standard input."""

    out: TextIO
    err: TextIO
    inp: TextIO


def play(options: PlayOptions, streams: Streams | None = None) -> int:
    """Run ``barbu play``; the exit code.  Raise :class:`UsageError` for a
    command line that cannot be played."""
    streams = streams or Streams(sys.stdout, sys.stderr, sys.stdin)
    if not 0 < options.think <= THINK:
        raise UsageError(f"--think must be above zero and at most {THINK:g}")
    language = choose_language_option(options.language)
    save_path = options.save or default_path(os.environ)
    if options.resume:
        return _resume(options, streams, save_path, language)
    if options.spec is None:
        raise UsageError("missing SPEC: the spec to play, e.g. barbu play tournament --human")
    spec = load_spec(options.spec)
    check_choice(spec, options.mode, options.contracts, options.choose_contracts)
    if options.mode is not None or options.contracts is not None:
        spec, path = house_spec(options.spec, spec, save_path.parent, options.mode, options.contracts)
        options = replace(options, spec=str(path))
        streams.err.write(for_terminal(Translator(language)("table.house.written", path=str(path))) + "\n")
    if options.seed is None:
        options = replace(options, seed=secrets.randbelow(1_000_000))
    players = default_players(spec) if options.players is None else options.players
    if players not in spec.players:
        raise UsageError(f"{spec.full_name} is played by {', '.join(map(str, spec.players))} players, not {players}")
    bots = _bot_names(options, players)
    names = _names(options.names, players)
    if options.record is not None:
        check_writable(options.record)
    if HUMAN not in bots:
        return _bots_only(spec, players, bots, options, streams, language, names)
    fresh = {"players": players, "seed": options.seed, "names": names}
    saved = SavedGame(fresh, bots, options.think, language, plain=options.plain)
    return _table(spec, saved, options, streams, save_path, language)


def _resume(options: PlayOptions, streams: Streams, save_path: Path, language: str) -> int:
    """``barbu play --resume``: carry on the game saved in ``save_path``."""
    if options.spec is not None:
        raise UsageError("--resume carries on the saved game; give no SPEC")
    saved = read_saved(save_path)
    if saved is None:
        raise UsageError(f"no saved game in {save_path}; start one with: barbu play SPEC --human")
    check_fits(saved, save_path)
    if not options.language:
        try:
            language = choose_language(saved.language)
        except ValueError:
            raise damaged_language(save_path, saved.language) from None
    state = load_game(saved, save_path)
    options = replace(options, plain=options.plain or saved.plain)  # a game begun plain goes on plain
    return _table(state.spec, saved, options, streams, save_path, language, state)


def damaged_language(path: Path, language: str) -> UsageError:
    from .save import damaged

    return damaged(path, f"it names no language barbu speaks ({language!r})")


def choose_language_option(explicit: str | None) -> str:
    try:
        return choose_language(explicit)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _bot_names(options: PlayOptions, players: int) -> list[str]:
    if options.human:
        if options.bots is not None:
            raise UsageError("give --human or --bots (with human seats in it), not both")
        return [HUMAN] + ["strong"] * (players - 1)
    names = [name.strip() for name in (options.bots or "rules").split(",")]
    unknown = [name for name in names if name not in SEATS]
    if unknown:
        raise UsageError(f"unknown bot '{unknown[0]}' (bots: {', '.join(SEATS)})")
    if len(names) not in (1, players):
        raise UsageError(f"--bots names {len(names)} bots for {players} players (give one, or one per seat)")
    return names * players if len(names) == 1 else names


def _names(text: str | None, players: int) -> list[str] | None:
    if text is None:
        return None
    names = [name.strip() for name in text.split(",")]
    if len(names) != players or not all(names) or len(set(names)) != players:
        raise UsageError(f"--names needs {players} different names, separated by commas")
    return names


def _write_record(path: Path | None, result: GameResult) -> None:
    """The game's hands as JSON Lines, written atomically (a write cut
    short leaves no file)."""
    if path is None:
        return
    with atomic_stream(path) as stream:
        for line in result.records():
            stream.write(json.dumps(line, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------
# Bots only.


def _bots_only(spec: m.Spec, players: int, bots: list[str], options: PlayOptions, streams: Streams,
               language: str, names: list[str] | None) -> int:
    assert options.seed is not None
    state = GameState.new(spec, players=players, seed=options.seed, names=names)
    seats = [make_bot(name, seat_seed(options.seed, seat), options.think) for seat, name in enumerate(bots)]
    t = Translator(language)
    say = Speech(t, seat_names(players, t, names), None)
    plain = not options.as_json and wants_plain(options.plain, os.environ, streams.out)
    if plain:  # the sheet said once, on standard output, each hand's line as it is played
        result = _bots_plain(spec, state, seats, bots, streams.out, say)
    else:
        _bots_progress(spec, state, seats, options, streams, say)
        result = state.result(bots)
    _write_record(options.record, result)
    if options.as_json:
        streams.out.write(json_line(report.game_json(result)) + "\n")
    elif not plain:
        report.print_table(RichConsole(file=streams.out, markup=False, emoji=False, highlight=False), result, spec,
                           say)
    if options.record is not None:
        streams.err.write(for_terminal(say("table.recorded", count=len(result.hands), path=str(options.record))) + "\n")
    return 0


def _bots_plain(spec: m.Spec, state: GameState, seats: list[Any], bots: list[str], out: TextIO,
                say: Speech) -> GameResult:
    """Play a bots-only game in plain mode (``--plain``, ``NO_COLOR``,
    ``TERM=dumb`` or an output that is not a terminal): the plain score
    sheet on ``out``, its title first and each hand's line as the hand
    ends, so that the game is told once and shows its progress."""
    def write(lines: list[str]) -> None:
        out.write("".join(for_terminal(line) + "\n" for line in lines))
        out.flush()

    begun = state.result(bots)
    write([report.sheet_title(begun, spec, say), *report.seat_lines(begun, say)])
    play_out(state, seats, lambda hand: write([report.hand_line(hand, spec, say)]))
    result = state.result(bots)
    write(report.closing_lines(result, spec, say))
    return result


def _bots_progress(spec: m.Spec, state: GameState, seats: list[Any], options: PlayOptions, streams: Streams,
                   say: Speech) -> None:
    """Play a bots-only game whose result is a table or JSON: a progress
    bar on a terminal's standard error, else a line a hand there."""
    err = RichConsole(file=streams.err, markup=False, emoji=False, highlight=False, soft_wrap=True)
    if err.is_terminal and not wants_plain(options.plain, os.environ, streams.err):
        from rich.progress import Progress

        with Progress(console=err, transient=True) as progress:
            task = progress.add_task(for_terminal(spec.title_in(say.language), one_line=True), total=state.total_hands)
            play_out(state, seats, lambda hand: progress.advance(task))
    else:
        def progress_line(hand: HandResult) -> None:
            streams.err.write(for_terminal(report.hand_line(hand, spec, say)) + "\n")

        play_out(state, seats, progress_line)


# --------------------------------------------------------------------------
# People at the table.


def _table(spec: m.Spec, saved: SavedGame, options: PlayOptions, streams: Streams, save_path: Path,
           language: str, state: GameState | None = None) -> int:
    """Play (or carry on: ``state``) a game with people; the exit code."""
    existing = read_saved(save_path)  # refuses a file that is not a saved game before anything is played
    try:
        table = Table(spec, saved, options, streams, language)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError):  # a bot state the file holds is not one
        if state is None:
            raise
        from .save import damaged

        raise damaged(save_path, "a bot's saved state is not one") from None
    if state is None:
        table.greet()
        if existing is not None:
            waiting = "barbu play --resume" + (f" --save {shlex.quote(str(save_path))}" if options.save else "")
            table.console.say(table.say("table.save.waiting", path=str(save_path), command=waiting))
        custom = spec.game.chooser == "rotating" and spec.game.mode == "custom" and len(spec.contracts) > CONTRACTS[0]
        if custom or options.choose_contracts:
            try:
                table.pick_contracts(save_path.parent if options.choose_contracts else None)
            except Leave as leave:
                table.console.say(table.say("table.not_started"))
                return INTERRUPTED if leave.reason == "interrupt" else 0
        game = saved.game
        state = GameState.new(table.spec, players=game["players"], seed=game["seed"], names=game["names"])
    else:
        table.catch_up(state)
    try:
        table.run(state)
    except Leave as leave:
        table.leave(leave, save_path, state)
        return INTERRUPTED if leave.reason == "interrupt" else 0
    table.finish(state.result(saved.bots))
    remove_saved(save_path, saved.id)
    return 0


class Table:
    """The people and bots of one game, what they hear, and what is saved."""

    def __init__(self, spec: m.Spec, saved: SavedGame, options: PlayOptions, streams: Streams, language: str):
        self.spec = spec
        self.saved = saved
        self.options = options
        self.streams = streams
        self.language = language
        players = saved.players
        names = saved.game.get("names")
        self.seed = saved.game["seed"]
        t = Translator(language)
        humans = [seat for seat, name in enumerate(saved.bots) if name == HUMAN]
        out = streams.err if options.as_json else streams.out
        self.console = Console(out, streams.inp, wants_plain(options.plain, os.environ, out))
        self.say = Speech(t, seat_names(players, t, names), humans[0] if len(humans) == 1 else None)
        self.house: Path | None = None  # the house file of the contracts the table picked, if any
        self.narrator = Narrator(spec, players, game_plan(spec, players), self.console, self.say)
        self.people: list[HumanSeat] = []
        self.seats: list[Any] = []  # per seat: a bot, or a person's HumanSeat
        for seat, name in enumerate(saved.bots):
            bot_seed = seat_seed(self.seed, seat)
            player: Any
            if name == HUMAN:
                player = HumanSeat(seat, self.console, self.say, self.narrator,
                                   StrongBot(f"{bot_seed}/helper", saved.think), language)
                self.people.append(player)
            else:
                player = make_bot(name, bot_seed, saved.think)
            if saved.states:
                player.restore(saved.states[seat])
            self.seats.append(player)
        self._asked: tuple[int, Any] | None = None  # the seat asked now, and its state before the question

    def catch_up(self, state: GameState) -> None:
        """Follow a saved game's events silently, then say where it stands."""
        if not state.answers:
            return
        self.narrator.live = False
        self.narrator.follow(state)
        self.narrator.live = True
        if not state.over:
            for line in self.narrator.recap():
                self.console.say(line)

    def run(self, state: GameState) -> None:
        """Ask each decision of its seat and say what happens, to the end of
        the game; :class:`Leave` when a person leaves (or Ctrl-C)."""

        def show_hands() -> None:
            for person in self.people:
                person.show_hand(state.seat_view(person.seat))

        try:
            self.narrator.follow(state, show_hands)
            while (decision := state.pending()) is not None:
                player = self.seats[decision.seat]
                self._asked = (decision.seat, player.state())
                answer = player(decision, state.seat_view(decision.seat))
                self._asked = None
                state.apply(answer)
                self.narrator.follow(state, show_hands)
        except KeyboardInterrupt:  # while a bot was thinking
            raise Leave("interrupt") from None

    def greet(self) -> None:
        saved, say, console = self.saved, self.say, self.console
        plan = self.narrator.plan
        length = {"hands": plan.hands} if plan.target is None else {"target": signed_text(plan.target)}
        key = "table.welcome" if plan.target is None else "table.welcome.to"
        console.say(say(key, title=self.spec.title_in(self.language), players=saved.players, seed=self.seed,
                        **length), "bold")
        console.say(say.aim(self.spec))
        for seat, name in enumerate(saved.bots):
            if seat == say.you:
                console.say(say("table.seat.you", seat=say.names[seat]))
            elif name == HUMAN:
                console.say(say("table.seat.person", seat=say.names[seat]))
            else:
                console.say(say("table.seat.bot", seat=say.names[seat], bot=say(f"table.bot.{name}")))
        console.say(say("table.help.at_prompts", help=command_word("help", say.t)))

    def pick_contracts(self, house: Path | None = None) -> None:
        """Custom mode (docs/rules.md section 3): the first person picks the game's
        contracts, between three and eight of the spec's; with ``house``,
        the pick is written as a house file in that folder."""
        spec = self.spec
        pool = tuple(dict.fromkeys(spec.contracts))
        current = game_plan(spec, self.saved.players).pool
        fewest, most = min(CONTRACTS[0], len(pool)), min(CONTRACTS[1], len(pool))
        chosen = self.people[0].choose_custom(pool, current, fewest, most)
        self.console.say(self.say("table.custom.chosen", contracts=", ".join(self.say.contract(c) for c in chosen)))
        if house is not None and self.options.spec is not None:
            self.spec, self.house = house_spec(self.options.spec, spec, house, None, None, [c.name for c in chosen])
            self.console.say(self.say("table.house.written", path=str(self.house)))
        else:
            per_game = len(chosen) if spec.game.contracts_per_game else None
            self.spec = replace(spec, game=replace(spec.game, mode="custom", order=tuple(c.name for c in chosen),
                                                   contracts_per_game=per_game))
        self.narrator.spec, self.narrator.plan = self.spec, game_plan(self.spec, self.saved.players)

    def leave(self, leave: Leave, path: Path, state: GameState) -> None:
        """Save the game and say how to carry it on.  A question left
        unanswered never happened: its seat's state is kept as it was
        before it."""
        saved = self.saved
        saved.game = json.loads(state.to_json())
        saved.states = [seat.state() for seat in self.seats]
        if self._asked is not None:
            seat, before = self._asked
            saved.states[seat] = before
        saved.hands_done = state.number
        saved.language = self.language
        saved.plain = self.options.plain
        write_saved(path, saved)
        if leave.reason == "eof":
            self.console.say(self.say("table.input_ended"))
        self.console.say(self.say("table.saved", path=str(path)))
        self.console.say(self.say("table.resume_with", command=self.resume_command()))

    def resume_command(self) -> str:
        """The command that carries this game on as it is played now: its
        save file, plain mode, language (these two kept in the save too),
        JSON output and record file."""
        words = ["barbu", "play", "--resume"]
        if self.options.save is not None:
            words += ["--save", shlex.quote(str(self.options.save))]
        if self.options.plain:
            words.append("--plain")
        if self.options.as_json:
            words.append("--json")
        if self.options.record is not None:
            words += ["--record", shlex.quote(str(self.options.record))]
        return " ".join([*words, "--lang", self.language])

    def finish(self, result: GameResult) -> None:
        """The score sheet, the winner; the record and the JSON when asked."""
        console, say = self.console, self.say
        console.say("")
        if console.rich is None:
            for line in report.sheet_lines(result, self.spec, say):
                console.say(line)
        else:
            report.print_table(console.rich, result, self.spec, say)
        _write_record(self.options.record, result)
        if self.options.as_json:
            self.streams.out.write(json_line(report.game_json(result)) + "\n")

