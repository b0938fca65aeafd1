"""The interactive entry of one hand, question by question (``barbu sheet add``).

The questions come from the game and the contract: who declares (only for
the first hand, when any seat may), which contract (only those the
declarer has left), the trump suit or starting rank (only when the
contract has the declarer name one), then exactly the facts the
contract's :class:`~barbu_dsl.compiled.entry.EntryPlan` needs (or the raw
scores), then the doubles as "who doubled whom" questions offering only
the legal choices (:func:`~barbu_dsl.engine.doubling.doubling_round`), each
with the advisory count of doubles against the declarer (shown, never
enforced).  Where an undoubled contract is not played (variant 4) the
doubles come first, since they decide whether there are facts to enter.

Every answer is read from one line, in the table's language: players by
name or seat number, card letters of that language (R/D/F in Italian,
R/D/V in French and Portuguese).  A wrong answer is quoted back with what
was expected and asked again; when the whole hand does not add up, the
questions its problems name are asked again.  End of input cancels
(:class:`Cancelled`): no half hand is ever returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TextIO, TypeVar

from .. import cards as C
from ..compiled.entry import CountedSet, EntryPlan, entry_plan
from ..engine.doubling import Pair, hand_terms
from ..i18n import Translator
from ..i18n.cards import card_text, rank_letter, rank_words, suit_words
from ..language import model as m
from ..safe_text import for_terminal
from .facts import problem, score_took
from .game import SheetError, SheetGame

T = TypeVar("T")

MISSING = ("missing_key", "missing_set", "missing_card", "missing_position")
"""Problems of facts not asked yet, left out of the check of one answer."""


class Cancelled(Exception):
    """The input ended before the hand was complete: nothing is added."""


class Wrong(Exception):
    """An answer that cannot be used; the message says what was expected."""


class Asker:
    """Asks on ``output`` and reads one line per answer from ``input``;
    echoes each answer when the input is not a terminal, so a transcript
    reads as a dialogue."""

    def __init__(self, t: Translator, input: TextIO, output: TextIO, echo: bool):
        self.t, self.input, self.output, self.echo = t, input, output, echo

    def say(self, text: str) -> None:
        self.output.write(for_terminal(text) + "\n")
        self.output.flush()

    def ask(self, question: str, parse: Callable[[str], T]) -> T:
        """Ask ``question`` until ``parse`` accepts the answer."""
        while True:
            self.output.write(for_terminal(question) + " ")
            self.output.flush()
            line = self.input.readline()
            if not line:
                self.output.write("\n")
                raise Cancelled
            answer = line.strip()
            if self.echo:
                self.output.write(for_terminal(answer) + "\n")
            try:
                return parse(answer)
            except Wrong as wrong:
                self.say(self.t("sheet_cli.wrong", answer=answer, why=str(wrong)))


# --------------------------------------------------------------------------
# Reading answers


def _words(answer: str) -> list[str]:
    return [word for word in re.split(r"[\s,;]+", answer.strip()) if word]


def read_seat(answer: str, names: Sequence[str], t: Translator) -> int:
    """A player by seat number or by name (any case; a unique beginning will do)."""
    text = answer.strip()
    if text.isdigit() and int(text) < len(names):
        return int(text)
    folded = text.casefold()
    exact = [seat for seat, name in enumerate(names) if name.casefold() == folded]
    starts = [seat for seat, name in enumerate(names) if folded and name.casefold().startswith(folded)]
    if exact or len(starts) == 1:
        return (exact or starts)[0]
    raise Wrong(t("sheet_cli.want.seat", players=seat_list(names)))


def read_counts(answer: str, players: int, t: Translator, signed: bool = False) -> list[int]:
    """One whole number per seat, in seat order (``−`` and ``-`` both mean minus when ``signed``)."""
    words = _words(answer.replace("−", "-"))
    pattern = r"[-+]?\d+" if signed else r"\d+"
    if len(words) != players or not all(re.fullmatch(pattern, w) for w in words):
        raise Wrong(t("sheet_cli.want.signed" if signed else "sheet_cli.want.counts", players=players))
    return [int(w) for w in words]


def read_suit(answer: str, t: Translator) -> int:
    """A suit by symbol, word in any language, or (in English) letter."""
    text = answer.strip()
    suit = C.parse_suit(text) if len(text) > 1 or t.language == "en" or text in C.SUIT_SYMBOLS else None
    if suit is None:
        raise Wrong(t("sheet_cli.want.suit", suits=suit_choices(t)))
    return suit


def read_rank(answer: str, t: Translator) -> int:
    """A rank by the letters of the table's language (or any), a number or a word."""
    text = answer.strip()
    rank = C.parse_rank(text)
    if rank is None or not 2 <= rank <= 14:
        raise Wrong(t("sheet_cli.want.rank", ranks=rank_choices(t)))
    return rank


def read_contract(answer: str, options: Sequence[m.Contract], t: Translator) -> m.Contract:
    """A contract by its number in the list, or by name (a unique beginning will do)."""
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    key = m.contract_key(text)
    exact = [c for c in options if m.contract_key(c.name) == key]
    starts = [c for c in options if key and m.contract_key(c.name).startswith(key)]
    if exact or len(starts) == 1:
        return (exact or starts)[0]
    raise Wrong(t("sheet_cli.want.contract", options=contract_list(options)))


def read_doubled(answer: str, names: Sequence[str], targets: Sequence[int], cover_all: bool,
                 t: Translator) -> list[int]:
    """The seats a player doubled: nobody (empty or ``-``), ``all``, or names and seat numbers among ``targets``."""
    text = answer.strip()
    if text in ("", "-", "—", "0") and not (text == "0" and 0 in targets):
        return []
    if text.casefold() == t("sheet_cli.all").casefold() or text.casefold() == "all":
        return list(targets)
    try:
        chosen = sorted({read_seat(word, names, t) for word in _words(text)})
    except Wrong:
        chosen = [-1]
    if not chosen or not set(chosen) <= set(targets):
        raise Wrong(t("sheet_cli.want.doubles", players=", ".join(names[s] for s in targets)))
    if cover_all and len(chosen) != len(targets):
        raise Wrong(t("sheet_cli.want.cover_all", players=", ".join(names[s] for s in targets)))
    return chosen


# --------------------------------------------------------------------------
# Words for the questions


def seat_list(names: Sequence[str]) -> str:
    return ", ".join(f"{seat} {name}" for seat, name in enumerate(names))


def contract_list(options: Sequence[m.Contract]) -> str:
    return ", ".join(f"{number} {c.name}" for number, c in enumerate(options, 1))


def suit_choices(t: Translator) -> str:
    return ", ".join(f"{C.SUIT_SYMBOLS[s]} {suit_words(s, t)}" for s in (C.CLUBS, C.DIAMONDS, C.HEARTS, C.SPADES))


def rank_choices(t: Translator) -> str:
    return " ".join(rank_letter(r, t.language) for r in range(14, 1, -1))


def set_words(counted: CountedSet, t: Translator) -> str:
    """A counted set in words: ``hearts ♥``, ``queens (D)``, ``D♠ R♥``."""
    name = counted.name
    if name == "trump":
        return t("sheet_cli.set.trump")
    if name == "card":
        return t("sheet_cli.set.card")
    if len(name) == 1 and name in C.SUIT_LETTERS:
        suit = C.SUIT_LETTERS.index(name)
        return t("sheet_cli.set.suit", suit=suit_words(suit, t), symbol=C.SUIT_SYMBOLS[suit])
    if "+" not in name:
        rank = C.parse_rank(name) or 0
        return t("sheet_cli.set.rank", rank=rank_words(rank, t), letter=rank_letter(rank, t.language))
    cards = [C.parse_record_card(part) for part in name.split("+")]
    return " ".join(card_text(c, t.language) for c in cards if c is not None)


def announcement(contract: str, trump: int | None, start_rank: int | None, t: Translator) -> str:
    """A contract as announced: ``Trumps ♥``, ``Domino D``."""
    if trump is not None:
        return f"{contract} {C.SUIT_SYMBOLS[trump]}"
    if start_rank is not None:
        return f"{contract} {rank_letter(start_rank, t.language)}"
    return contract


# --------------------------------------------------------------------------
# One hand


class HandEntry:
    """The questions of the next hand of ``game``; :meth:`run` returns the
    hand object (docs/sheet.md), checked as the game's next hand."""

    def __init__(self, game: SheetGame, asker: Asker, raw: bool = False):
        self.game, self.asker, self.raw = game, asker, raw
        self.t = asker.t
        self.names = game.players
        self.n = len(game.players)

    def run(self) -> dict[str, Any]:  # noqa: C901 -- the score sheet's questions for one hand, one branch a step
        game, t, ask = self.game, self.t, self.asker
        turn = game.next_turn()
        if turn.over:
            raise SheetError([(turn.number + 1, problem("hand", "game_over", hands=game.flow.plan.hands))])
        ask.say(t("sheet_cli.hand_title", number=turn.number + 1, hands=game.flow.plan.hands))
        if turn.declarer is None:
            declarer = ask.ask(t("sheet_cli.ask.declarer", players=seat_list(self.names)),
                               lambda a: read_seat(a, self.names, t))
        else:
            declarer = turn.declarer
            ask.say(t("sheet_cli.declares", name=self.names[declarer]))
        if len(turn.options) == 1:
            contract = turn.options[0]
            ask.say(t("sheet_cli.contract_is", contract=contract.name))
        else:
            contract = ask.ask(t("sheet_cli.ask.contract", options=contract_list(turn.options)),
                               lambda a: read_contract(a, turn.options, t))
        rules = contract.rules_for(self.n)
        play = rules.play
        trump = start_rank = None
        if isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.suit is None:
            trump = ask.ask(t("sheet_cli.ask.trump", suits=suit_choices(t)), lambda a: read_suit(a, t))
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            start_rank = ask.ask(t("sheet_cli.ask.rank", ranks=rank_choices(t)), lambda a: read_rank(a, t))
        hand: dict[str, Any] = {
            "contract": contract.name, "declarer": declarer,
            "trump": None if trump is None else C.SUIT_LETTERS[trump],
            "start_rank": None if start_rank is None else C.RANK_LETTERS[start_rank],
        }
        deck = tuple(sorted(game.spec.deck_for(self.n)))
        terms = hand_terms(game.spec, rules, self.n, deck, trump)
        plan = entry_plan(rules, self.n, deck, trump)
        doubles_first = game.spec.doubling.undoubled == "not-played" and not terms.positive
        if doubles_first:
            hand["doubles"] = self.ask_doubles(declarer, terms.positive)
        if not terms.not_played(declarer, hand.get("doubles", [])):
            hand.update(self.ask_facts(plan, hand))
        if not doubles_first:
            hand["doubles"] = self.ask_doubles(declarer, terms.positive)
        while True:
            try:
                game.score(hand, len(game.scored))
                return hand
            except SheetError as error:
                for _, found in error.problems:
                    ask.say(found.message(t))
                fields = {found.field for _, found in error.problems}
                if "doubles" in fields:
                    hand["doubles"] = self.ask_doubles(declarer, terms.positive)
                else:
                    hand.update(self.ask_facts(plan, hand, fields))

    # ---- the facts -----------------------------------------------------------
    def questions(self, plan: EntryPlan) -> list[tuple[str, str, Callable[[str], Any]]]:
        """(field, question, reader) for each fact the plan needs."""
        t, names, n = self.t, self.names, self.n
        if self.raw:
            return [("raw", t("sheet_cli.ask.raw", players=", ".join(names)),
                     lambda a: read_counts(a, n, t, signed=True))]
        out: list[tuple[str, str, Callable[[str], Any]]] = []
        players = ", ".join(names)

        def counts(answer: str) -> list[int]:
            return read_counts(answer, n, t)

        def seat(answer: str) -> int:
            return read_seat(answer, names, t)

        keys = plan.keys
        if "tricks" in keys:
            out.append(("took.tricks", t("sheet_cli.ask.tricks", players=players, total=plan.tricks), counts))
        for counted in plan.sets if "cards" in keys else ():
            total = (str(counted.size) if counted.required == counted.size
                     else f"{counted.required}–{counted.size}")
            out.append((f"took.cards.{counted.name}",
                        t("sheet_cli.ask.set", set=set_words(counted, t), players=players, total=total), counts))
        for single in plan.singles if "card" in keys else ():
            out.append((f"took.card.{single.name}", t("sheet_cli.ask.card", card=card_text(single.card, t.language),
                                                      players=seat_list(names)), seat))
        for number, _ in plan.positions if "trick" in keys else ():
            out.append((f"took.trick.{number}", t("sheet_cli.ask.position", number=number,
                                                  players=seat_list(names)), seat))
        if "placings" in keys:
            out.append(("took.placings", t("sheet_cli.ask.placings", players=seat_list(names)),
                        lambda a: self._placings(a)))
        if "longest" in keys:
            out.append(("took.longest", t("sheet_cli.ask.longest", players=players), counts))
        return out

    def _placings(self, answer: str) -> list[int]:
        seats = [read_seat(word, self.names, self.t) for word in _words(answer)]
        if len(set(seats)) != len(seats) or len(seats) not in (self.n - 1, self.n):
            raise Wrong(self.t("sheet_cli.want.placings", players=seat_list(self.names)))
        return seats

    def ask_facts(self, plan: EntryPlan, hand: dict[str, Any], again: set[str] | None = None) -> dict[str, Any]:
        """The ``took`` (or ``raw``) of the hand; with ``again``, only the
        questions about those fields are asked (all when none is about a fact)."""
        questions = self.questions(plan)
        if again is not None and not any(field in again for field, _, _ in questions):
            again = None
        if self.raw:
            field, question, reader = questions[0]
            if again is None or field in again:
                return {"raw": self.asker.ask(question, lambda answer: self._raw_checked(hand, reader(answer)))}
            return {"raw": hand["raw"]}
        took: dict[str, Any] = dict(hand.get("took") or {})
        for field, question, reader in questions:
            if again is None or field in again:
                self.asker.ask(question, self._checker(plan, took, field, reader))
        return {"took": took}

    def _raw_checked(self, hand: dict[str, Any], scores: list[int]) -> list[int]:
        """``scores`` if they add up to a total the contract can have."""
        trial = {key: value for key, value in hand.items() if key != "took"}
        trial["raw"] = scores
        try:
            self.game.score(trial, len(self.game.scored))
        except SheetError as error:
            wrong = [p for _, p in error.problems if p.field == "raw"]
            if wrong:
                raise Wrong(wrong[0].message(self.t)) from None
        return scores

    def _checker(self, plan: EntryPlan, took: dict[str, Any], field: str,
                 reader: Callable[[str], Any]) -> Callable[[str], Any]:
        return lambda answer: self._checked(plan, took, field, reader(answer))

    def _checked(self, plan: EntryPlan, took: dict[str, Any], field: str, value: Any) -> Any:
        """Put ``value`` at ``field`` of ``took`` if the facts so far allow it."""
        parts = field.split(".")[1:]
        trial = {key: dict(v) if isinstance(v, dict) else v for key, v in took.items()}
        if len(parts) == 1:
            trial[parts[0]] = value
        else:
            trial.setdefault(parts[0], {})[parts[1]] = value
        _, problems = score_took(plan, trial)
        wrong = [p for p in problems if p.field == field and p.code not in MISSING]
        if wrong:
            raise Wrong(wrong[0].message(self.t))
        took.clear()
        took.update(trial)
        return value

    # ---- the doubles ---------------------------------------------------------
    def ask_doubles(self, declarer: int, positive: bool) -> list[list[int]]:
        """Each player's doubles in the order of the doubling round
        (:func:`~barbu_dsl.engine.doubling.doubling_round`)."""
        spec = self.game.spec
        doubling = spec.doubling
        t, names = self.t, self.names
        against = self.game.counts_against(declarer)

        def ask(seat: int, targets: tuple[int, ...], cover_all: bool, made: tuple[Pair, ...]) -> list[int]:
            # The declarer's answers, and the redouble round's (every target doubled this seat), are redoubles.
            redouble = seat == declarer or all((target, seat) in made for target in targets)
            key = "sheet_cli.ask.redouble" if redouble else "sheet_cli.ask.double"
            question = t(key + ("_one" if len(targets) == 1 else ""), name=names[seat],
                         players=", ".join(names[s] for s in targets), all=t("sheet_cli.all"))
            if seat != declarer and declarer in targets:
                question += " " + t("sheet_cli.advisory", count=against[seat], declarer=names[declarer],
                                    minimum=doubling.minimum)
            return self.asker.ask(question, self._doubled_reader(targets, cover_all))

        from ..engine.doubling import doubling_round  # here: a hand read from a file never loads the game

        doubles = doubling_round(doubling, declarer, self.n, spec.game.direction, positive, ask)
        return [list(pair) for pair in doubles]

    def _doubled_reader(self, targets: Sequence[int], cover_all: bool) -> Callable[[str], list[int]]:
        return lambda answer: read_doubled(answer, self.names, targets, cover_all, self.t)


__all__ = ["Asker", "Cancelled", "HandEntry", "Wrong", "announcement", "read_contract", "read_counts",
           "read_doubled", "read_rank", "read_seat", "read_suit", "set_words"]
