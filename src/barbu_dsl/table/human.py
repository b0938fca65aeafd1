"""A seat a person plays: every decision the rules give a player, asked
at the keyboard.

The seat answers the game's decisions (:class:`~barbu_dsl.engine.state.Decision`)
as a bot does, from what the seat may know (a
:class:`~barbu_dsl.engine.views.SeatView`), but its answers come from a
:class:`~.console.Console`: the contract from the player's remaining
list (each contract keeps its number all game), the trump suit or domino
starting rank, the doubles (only the choices the rules allow, with the
advisory count), each card or pass.  A move with no alternative (one legal
card, a domino pass with nothing that fits) is made for the player and
said.

A card is asked once a trick with the legal cards grouped by suit, as short
as they can be said ("Your card, 7 legal: hearts 2 5 K, spades 3"); asked
again after a command or a wrong answer, the question is only "Your
card?", and ``cards`` says the legal cards again.  A card is typed in any
notation (:mod:`barbu_dsl.i18n.cards`), or by its rank alone (``8``,
``K``) or its suit alone (``hearts``) when one legal card has it; when
several do they are listed.

At every prompt the player may also type a command
(:data:`.answers.COMMANDS`, each with a word and, but for ``hint``,
``auto`` and ``quit``, one letter in each language): ``help`` (``?``),
``hand``, ``cards``, ``trick``, ``last`` (the trick before), ``played``
(the cards played so far), ``tricks``, ``scores``, ``describe
[contract]``, ``hint`` (what the strong bot would do, and why, without
doing it), ``auto`` (the strong bot makes this one decision) and ``quit``
(the game is saved).  A letter that is an answer to the question wins:
at the trump question the suit letters are suits.  A wrong answer is said
in one line, quoting what was typed and, for a card, naming the rule it
breaks; then the question is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .. import cards as C
from ..compiled import game_plan
from ..engine import PASS, SeatView
from ..engine.bots import Bot
from ..engine.strong import StrongBot
from ..i18n.answers import Read, contract_numbers, is_word, problem_text, read_contract, read_number, read_seats
from ..i18n.answers import word as answer_word
from ..i18n.cards import SUIT_LETTERS, TYPED_RANKS, read_card, read_rank, read_suit
from ..language import model as m
from .answers import COMMANDS, command_letter, command_word, read_command
from .broken import broken_text
from .console import Console, Leave
from .describe import describe
from .narrator import Narrator
from .speech import Speech

T = TypeVar("T")


@dataclass
class Answer:
    """What a typed answer means: a value, or the line that says why not."""

    value: Any = None
    problem: str | None = None


@dataclass
class Question:
    """A question being asked: its prompt the first time and after, the
    lines ``cards`` says, and the single letters that answer it (suit
    letters at the trump question, rank letters at the starting rank's)
    rather than name a command."""

    prompt: str
    again: str
    choices: list[str]
    letters: str = ""


class HumanSeat(Bot):
    """The seat ``seat``, played by a person through ``console``; ``helper``
    is the strong bot behind ``hint`` and ``auto``.  Called as a bot is,
    with a decision of its seat and the seat's view, it asks the person."""

    name = "human"

    def __init__(self, seat: int, console: Console, say: Speech, narrator: Narrator, helper: StrongBot,
                 language: str, online: bool = False):
        super().__init__(f"human {seat}")
        self.seat = seat
        self.online = online  # a seat at a server's table (barbu join): quit leaves it, the link takes it back
        self.console = console
        self.say = say
        self.narrator = narrator
        self.helper = helper
        self.language = language
        self._shown: tuple[int, tuple[int, ...]] | None = None  # the hand and its dealt cards last shown
        self._view: SeatView | None = None  # the seat's view at the question being asked
        self._options: tuple[m.Contract, ...] = ()
        self._question: Question | None = None

    # ---- state saved with a game -----------------------------------------------

    def state(self) -> Any:
        return self.helper.state()

    def restore(self, state: Any) -> None:
        self.helper.restore(state)

    # ---- the prompt loop --------------------------------------------------------

    def _who(self) -> str:
        """The start of a question: nothing for the one person, their seat
        name when several people share the keyboard."""
        return "" if self.say.you == self.seat else self.say.names[self.seat] + ". "

    def _ask(self, question: Question, read: Callable[[str], Answer], hint: Callable[[], list[str]],
             auto: Callable[[], T]) -> T:
        """Ask until ``read`` accepts an answer or ``auto`` is typed; other
        commands are answered and the question asked again, shortly."""
        self._question = question
        first = True
        try:
            while True:
                text = self.console.ask(self._who() + (question.prompt if first else question.again))
                first = False
                answers = len(text.strip()) == 1 and text.strip().lower() in question.letters
                command = None if answers else read_command(text, self.language)
                if command is None:
                    answer = read(text)
                    if answer.problem is None:
                        return answer.value  # type: ignore[no-any-return]
                    self.console.say(answer.problem)
                elif command.name == "quit":
                    raise Leave("quit")
                elif command.name == "auto":
                    self.console.say(self.say("table.auto"))
                    return auto()
                elif command.name == "hint":
                    for line in hint():
                        self.console.say(line)
                else:
                    for line in self._report(command.name, command.argument):
                        self.console.say(line)
        finally:
            self._question = None

    def _report(self, command: str, argument: str) -> list[str]:
        if command == "help":
            return self._help()
        if command == "hand":
            return self._hand_lines()
        if command == "cards":
            return self._question.choices if self._question is not None else self._hand_lines()
        if command == "trick":
            return self.narrator.trick_lines()
        if command == "last":
            return self.narrator.last_lines(self.seat)
        if command == "played":
            return self.narrator.played_lines()
        if command == "tricks":
            return self.narrator.taken_lines()
        if command == "scores":
            return self.narrator.score_lines()
        return self._describe(argument)

    def _help(self) -> list[str]:
        lines = [self.say("table.help.intro")]
        t = self.say.t
        for command in COMMANDS:
            letter = command_letter(command, t)
            word = command_word(command, t) + (f" {self.say('table.help.or')} {letter}" if letter else "")
            key = "table.help.quit_online" if command == "quit" and self.online else f"table.help.{command}"
            lines.append(self.say(key, word=word))
        letters = TYPED_RANKS[self.language]
        lines.append(self.say("table.help.letters", ranks=" ".join(k.upper() for k in letters),
                              suits=" ".join(SUIT_LETTERS[self.language])))
        return lines

    def _hand_lines(self) -> list[str]:
        cards = self._view.cards if self._view is not None else ()
        head = self.say.about("table.hand.your", self.seat, count=len(cards))
        return [head, *self.say.hand_lines(cards)]

    def show_hand(self, view: SeatView) -> None:
        """Say the player's cards once a hand, before their first decision
        (or as play begins)."""
        self._view = view
        # Shown again when more cards are dealt or the deal is void (docs/rules.md section 6).
        if self._shown != (view.number, view.dealt) and self.narrator.live:
            self._shown = (view.number, view.dealt)
            for line in self._hand_lines():
                self.console.say(line)

    def _describe(self, argument: str) -> list[str]:
        spec = self.narrator.spec
        options = self._options or spec.contracts
        if argument:
            found = read_contract(argument, spec.contracts, self.language, self._numbers())
            if found.value is None:
                return [self._unknown_contract(argument, found)]
            chosen: Sequence[m.Contract] = [found.value]
        elif self.narrator.contract is not None and not self._options:
            chosen = [self.narrator.contract]
        else:
            chosen = options
        lines: list[str] = []
        for contract in chosen:
            lines.extend(describe(spec, contract, self.narrator.players, self.say))
        return [*lines, self.say.aim(spec)]

    def _numbers(self) -> dict[int, m.Contract]:
        """The contracts of the game by their numbers, which stay the same all game."""
        spec = self.narrator.spec
        pool = list(game_plan(spec, self.narrator.players).pool)
        return contract_numbers([*pool, *(c for c in spec.contracts if c not in pool)])

    def _unknown_contract(self, text: str, found: Read[m.Contract]) -> str:
        if found.unavailable is not None:
            return self.say("table.error.contract_not_now", typed=text,
                            contract=self.say.contract(found.unavailable))
        return problem_text(found, text, self.say.t, self.say("table.error.contract", typed=text))

    def _unknown(self, text: str) -> Answer:
        return Answer(problem=self.say("table.error.unknown", typed=text, help=command_word("help", self.say.t)))

    def _ambiguous(self, text: str) -> Answer:
        return Answer(problem=self.say("table.error.ambiguous", typed=text,
                                       ranks=" ".join(k.upper() for k in TYPED_RANKS[self.language]),
                                       suits=" ".join(SUIT_LETTERS[self.language])))

    def _plain_question(self, prompt: str, choices: str, letters: str = "") -> Question:
        """A question asked whole each time (a contract, a suit, doubles)."""
        return Question(prompt, prompt, [self.say("table.choices", choices=choices)], letters)

    # ---- choices before play ----------------------------------------------------

    def choose_custom(self, pool: Sequence[m.Contract], current: Sequence[m.Contract], fewest: int,
                      most: int) -> list[m.Contract]:
        """Custom mode (docs/rules.md section 3): the table picks the game's
        contracts.  Keep ``current`` or pick ``fewest`` to ``most`` of ``pool``."""
        say = self.say
        nothing = [say("table.hint.none")]
        self.console.say(say("table.custom.current", contracts=", ".join(say.contract(c) for c in current)))

        def keep_or_pick(text: str) -> Answer:
            index = read_number(text, 2)
            return Answer(index) if index is not None else self._unknown(text)

        keep = say.choices([say("table.custom.keep"), say("table.custom.pick")])
        if self._ask(self._plain_question(say("table.ask.custom_keep", choices=keep), keep), keep_or_pick,
                     lambda: nothing, lambda: 0) == 0:
            return list(current)
        self._options = tuple(pool)

        def pick(text: str) -> Answer:
            numbers = [read_number(part, len(pool)) for part in text.replace(",", " ").split()]
            chosen = list(dict.fromkeys(n for n in numbers if n is not None))
            if None in numbers or not fewest <= len(chosen) <= most:
                return Answer(problem=say("table.error.custom_count", typed=text, low=fewest, high=most))
            return Answer([pool[n] for n in chosen])

        listed = say.choices([say.contract(c) for c in pool])
        try:
            return self._ask(self._plain_question(say("table.ask.custom_pick", low=fewest, high=most, choices=listed),
                                                  listed), pick, lambda: nothing, lambda: list(current))
        finally:
            self._options = ()

    def choose_contract(self, view: SeatView) -> m.Contract:
        self.show_hand(view)
        options = self._options = view.contract_options
        numbers = self._numbers()
        number_of = {contract: number for number, contract in numbers.items()}
        try:
            listed = self.say.choices([self.say.contract(c) for c in options], [number_of[c] for c in options])

            def read(text: str) -> Answer:
                found = read_contract(text, options, self.language, numbers, self.narrator.spec.contracts)
                if found.value is not None:
                    return Answer(found.value)
                return Answer(problem=self._unknown_contract(text, found))

            def hint() -> list[str]:
                ranked = self.helper.analyse_contracts(view)
                return [self._hint("table.hint.contract", [(self.say.contract(c), v) for c, v in ranked])]

            return self._ask(self._plain_question(self.say("table.ask.contract", choices=listed), listed), read, hint,
                             lambda: self.helper.choose_contract(view))
        finally:
            self._options = ()

    def _hint(self, key: str, ranked: Sequence[tuple[str, float]]) -> str:
        """The best and next best choices with their expected points.  The
        strong bot ranks by values signed towards the game's aim; a person
        hears points as the score sheet counts them (with the lowest total
        winning, a good choice is a low number)."""
        sign = 1 if self.narrator.spec.game.aim == "highest" else -1

        def points(value: float) -> str:
            return self.say.points(round(sign * value, 1))

        best, value = ranked[0]
        text = self.say(key, choice=best, value=points(value))
        if len(ranked) > 1:
            text += " " + self.say("table.hint.next", choice=ranked[1][0], value=points(ranked[1][1]))
        return text

    def _announce_forced(self, view: SeatView) -> None:
        """Before naming trumps or a starting rank: the cards, and the
        contract when there was no other to choose."""
        self.show_hand(view)
        if len(view.contract_options) == 1:
            self.console.say(self.say("table.only_contract", contract=self.say.contract(view.contract_options[0])))

    def choose_trump(self, view: SeatView) -> int:
        self._announce_forced(view)
        suits = self.say.choices([self.say.suit(s) for s in C.SUITS])

        def read(text: str) -> Answer:
            index = read_number(text, 4)
            reading = Read(index, True) if index is not None else read_suit(text, self.language)
            return self._reading(text, reading)

        def hint() -> list[str]:
            ranked = self.helper.analyse_trumps(view)
            return [self._hint("table.hint.trump", [(self.say.suit(s), v) for s, v in ranked])]

        question = self._plain_question(self.say("table.ask.trump", choices=suits), suits,
                                        letters=SUIT_LETTERS[self.language].lower())
        return self._ask(question, read, hint, lambda: self.helper.choose_trump(view))

    def _reading(self, text: str, reading: Read[int]) -> Answer:
        if reading.value is not None:
            return Answer(reading.value)
        return self._ambiguous(text) if reading.ambiguous else self._unknown(text)

    def choose_start_rank(self, view: SeatView) -> int:
        self._announce_forced(view)
        ranks = ", ".join(self.say.rank(r) for r in C.RANKS)

        def read(text: str) -> Answer:
            return self._reading(text, read_rank(text, self.language))

        def hint() -> list[str]:
            ranked = self.helper.analyse_start_ranks(view)
            return [self._hint("table.hint.start_rank", [(self.say.rank(r), v) for r, v in ranked])]

        letters = "".join(k for k in TYPED_RANKS[self.language] if len(k) == 1)
        question = self._plain_question(self.say("table.ask.start_rank", choices=ranks), ranks, letters)
        return self._ask(question, read, hint, lambda: self.helper.choose_start_rank(view))

    def choose_doubles(self, view: SeatView) -> list[int]:
        offer = view.offer
        assert offer is not None
        self.show_hand(view)
        say = self.say
        declarer = view.declarer
        if self.seat == declarer and offer.redouble:
            doubled_me = sorted({a for a, b in view.doubles if b == self.seat})
            self.console.say(say.about("table.doubled_by", self.seat, whom=say.seats(doubled_me)))
        elif offer.minimum and self.seat != declarer:
            key = "table.doubles_made.rubber" if self.narrator.spec.doubling.per == "rubber" else "table.doubles_made"
            self.console.say(say.about(key, self.seat, count=offer.made,
                                       declarer=say.seat_object(declarer), minimum=offer.minimum))
        targets = list(offer.targets)
        labels = [say.seat(s) for s in targets]
        all_word, none_word = (say(f"answers.word.{w}").split("/")[0] for w in ("all", "none"))
        choices = f"{all_word}, {none_word}" if offer.cover_all else say.choices(labels) + f", {all_word}, {none_word}"
        key = "table.ask.redouble" if offer.redouble else "table.ask.double"
        numbers = {number: seat for number, seat in enumerate(targets, 1)}

        def read(text: str) -> Answer:
            found = read_seats(text, say.names, targets, numbers)
            if not found.found or found.value is None:
                if found.unavailable is not None:
                    return Answer(problem=say("table.error.not_a_target", typed=text,
                                              seat=say.seat(found.unavailable), choices=choices))
                return Answer(problem=problem_text(found, text, say.t,
                                                   say("table.error.seats", typed=text, choices=choices)))
            seats = found.value
            if offer.cover_all and seats and len(seats) != len(targets):
                return Answer(problem=say("table.error.cover_all", typed=text, whom=say.objects(targets)))
            return Answer(sorted(seats))

        def hint() -> list[str]:
            chosen = self.helper.choose_doubles(view)
            gaps = self.helper.analyse_doubles(view)
            lines = [say("table.hint.doubles", whom=say.objects(chosen)) if chosen else say("table.hint.no_double")]
            lines.append(say("table.hint.gaps", gaps=", ".join(f"{say.seat(s)} {say.points(round(g, 1))}"
                                                               for s, g in gaps)))
            return lines

        return self._ask(self._plain_question(say(key, choices=choices), choices), read, hint,
                         lambda: list(self.helper.choose_doubles(view)))

    def choose_give(self, view: SeatView) -> int:
        """A card to pass before play (docs/rules.md section 6, Passing), or
        for the dealer to discard (``leftover: dealer discards``), typed as a
        card is, or by a rank or suit only one of the cards has."""
        self.show_hand(view)
        passing = view.passing
        assert passing is not None
        say = self.say
        cards = list(view.cards)
        listed = say.letters(cards)
        receiver = passing.receiver(self.seat)
        asked = "give" if receiver is not None else "discard"  # the dealer's discards go to nobody (section 6)
        whom = say.seat_object(receiver) if receiver is not None else ""
        question = Question(say(f"table.ask.{asked}", number=len(view.given) + 1, count=passing.count, whom=whom,
                                cards=listed), say(f"table.ask.{asked}.again"), [say("table.choices", choices=listed)])

        def read(text: str) -> Answer:
            card = self._move(text, cards)
            if isinstance(card, Answer):
                return card
            if card not in cards:
                what = say("table.pass") if card == PASS else say.the_card(card)
                return Answer(problem=say("table.error.not_yours", typed=text, card=what, cards=listed))
            return Answer(card)

        def hint() -> list[str]:
            return [say(f"table.hint.{asked}", card=say.the_card(self.helper.choose_give(view)))]

        card = self._ask(question, read, hint, lambda: self.helper.choose_give(view))
        if len(view.given) + 1 == passing.count:
            self._shown = None  # the cards are shown again once exchanged
        return card

    # ---- play -------------------------------------------------------------------

    def choose_move(self, view: SeatView) -> int:
        self.show_hand(view)  # once a hand: after a resume, the cards left
        legal = view.legal_moves()
        say = self.say
        if len(legal) == 1:
            if self.narrator.live:
                key = "table.forced.pass" if legal[0] == PASS else "table.forced.card"
                card = "" if legal[0] == PASS else say.the_card(legal[0])
                self.console.say(say.about(key, self.seat, card=card))
            return legal[0]
        self.console.say(self._turn_line(view), "bold")
        cards = [c for c in legal if c != PASS]
        if PASS in legal:  # a domino played on at will (docs/rules.md section 6)
            self.console.say(say("table.may_stop", word=answer_word("pass", say.t)))
        listed = say.letters(cards)
        question = Question(say("table.ask.card", count=len(cards), cards=listed), say("table.ask.card.again"),
                            [say("table.legal", count=len(cards), cards=listed)])

        def read(text: str) -> Answer:
            move = self._move(text, cards)
            if isinstance(move, Answer):
                return move
            rule = view.broken_rule(move)
            if rule is None:
                return Answer(move)
            what = say("table.pass") if move == PASS else say.the_card(move)
            return Answer(problem=say("table.error.illegal", typed=text, card=what, reason=broken_text(rule, say)))

        def hint() -> list[str]:
            ranked = self.helper.analyse_move(view)
            named = [(say("table.pass") if mv == PASS else say.the_card(mv), value) for mv, value in ranked]
            return [self._hint("table.hint.move", named)]

        return self._ask(question, read, hint, lambda: self.helper.choose_move(view))

    def _move(self, text: str, legal: list[int]) -> int | Answer:
        """The move ``text`` names: a card, ``pass``, or a rank or suit that
        one legal card has (several: they are listed)."""
        if is_word(text, "pass"):
            return PASS
        reading = read_card(text, self.language)
        if reading.value is not None:
            return reading.value
        if reading.ambiguous:
            return self._ambiguous(text)
        rank = read_rank(text, self.language)
        suit = read_suit(text, self.language) if len(text.strip()) > 1 else Read[int]()
        if rank.value is not None:
            fits = [c for c in legal if C.rank_of(c) == rank.value]
            what = self.say.rank(rank.value)
        elif suit.value is not None:
            fits = [c for c in legal if C.suit_of(c) == suit.value]
            what = self.say.suit(suit.value)
        else:
            return self._unknown(text) if not rank.ambiguous else self._ambiguous(text)
        if len(fits) == 1:
            return fits[0]
        if fits:
            return Answer(problem=self.say("table.error.which", typed=text,
                                           choices=self.say.either([self.say.the_card(c) for c in fits])))
        return Answer(problem=self.say("table.error.none_legal", typed=text, what=what,
                                       cards=self.say.letters(legal)))

    def _turn_line(self, view: SeatView) -> str:
        """Whose turn, and what the trick needs: the lead, or the card winning it."""
        say = self.say
        hand = view.public
        assert hand is not None
        if not hand.is_domino:
            number = hand.tricks_played + 1
            winning = hand.winning
            if winning is None:
                return say.about("table.turn.lead", self.seat, number=number)
            return say.about("table.turn.follow", self.seat, number=number,
                             winner=say.seat(winning[1]), card=say.the_card(winning[0]))
        return say.about("table.turn.domino", self.seat)
