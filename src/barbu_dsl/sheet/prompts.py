"""The interactive entry of one hand, question by question (``barbu sheet add``, ``edit``).

The questions come from the game and the contract: who declares (only for
the first hand, when any seat may), which contract (only those the
declarer has left, each with the number it keeps all game), the trump suit
or starting rank (only when the contract has the declarer name one), then
exactly the facts the contract's :class:`~barbu_dsl.compiled.entry.EntryPlan`
needs (or the raw scores), then the doubles as "who doubled whom" questions
offering only the legal choices (:func:`~barbu_dsl.engine.doubling.doubling_round`),
each with the advisory count of doubles against the declarer (shown, never
enforced).  Where an undoubled contract is not played (variant 4) the
doubles come first, since they decide whether there are facts to enter.

Every answer is read as everywhere else (:mod:`barbu_dsl.i18n.answers`):
players by name (with its spaces, without its accents, the start of one)
or by number (the first player is 1), ``nobody``, ``none``, ``all``;
contracts by number or by their name in any language; card letters of the
table's language (R/D/F in Italian, R/D/V in French and Portuguese).  A
wrong answer is quoted back with what was expected, in a scorer's words
(:mod:`.said`), and asked again; when the whole hand does not add up, the
questions its problems name are asked again.  ``back`` goes back one
question (the answers before it are kept); when a hand is edited, each
question offers the hand's own answer, so Enter keeps it.  At a terminal
every question has line editing and the history of this hand's answers
(:mod:`barbu_dsl.line_input`).  End of input cancels (:class:`Cancelled`):
no half hand is ever returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from math import gcd
from typing import Any, TextIO, TypeVar

from .. import cards as C
from ..compiled.entry import CountedSet, EntryPlan, entry_plan
from ..engine.doubling import Pair, hand_terms
from ..i18n import Translator
from ..i18n.answers import (
    contract_numbers,
    is_word,
    key,
    problem_text,
    read_contract,
    read_seat,
    read_seats,
    seat_numbers,
    word,
)
from ..i18n.cards import card_text, rank_letter, rank_words, read_rank, read_suit, suit_words
from ..language import model as m
from ..line_input import read_line
from ..safe_text import for_terminal
from .facts import problem, score_took
from .game import SheetError, SheetGame
from .said import said

T = TypeVar("T")

MISSING = ("missing_key", "missing_set", "missing_card", "missing_position")
"""Problems of facts not asked yet, left out of the check of one answer."""


class Cancelled(Exception):
    """The input ended before the hand was complete: nothing is added."""


class Wrong(Exception):
    """An answer that cannot be used; the message says what was expected."""


class Back(Exception):
    """The scorer typed ``back``: ask the question before this one again."""


class Asker:
    """Asks on ``output`` and reads one line per answer from ``input``;
    echoes each answer when the input is not a terminal, so a transcript
    reads as a dialogue.

    It keeps the answers of the hand being entered: after ``back`` the
    questions are asked again from the start, the kept answers given
    silently (:attr:`replaying`), until the question to ask again."""

    def __init__(self, t: Translator, input: TextIO, output: TextIO, echo: bool):
        self.t, self.input, self.output, self.echo = t, input, output, echo
        self.given: list[Any] = []
        self.position = 0

    @property
    def replaying(self) -> bool:
        return self.position < len(self.given)

    def say(self, text: str) -> None:
        if not self.replaying:
            self.output.write(for_terminal(text) + "\n")
            self.output.flush()

    def ask(self, question: str, parse: Callable[[str], T], keep: str | None = None) -> T:
        """Ask ``question`` until ``parse`` accepts the answer (``keep``:
        the answer an empty line gives, offered ready-typed at a terminal)."""
        if self.replaying:
            value: T = self.given[self.position]
            self.position += 1
            return value
        while True:
            line = read_line(for_terminal(question) + " ", self.input, self.output, keep)
            if line is None:
                self.output.write("\n")
                raise Cancelled
            answer = line.strip()
            if self.echo:
                self.output.write(for_terminal(answer) + "\n")
            if is_word(answer, "back"):
                if self.position == 0:
                    self.say(self.t("sheet_cli.back.first"))
                    continue
                raise Back
            try:
                value = parse(answer)
            except Wrong as wrong:
                self.say(self.t("sheet_cli.wrong", answer=answer, why=str(wrong)))
                continue
            self.given.append(value)
            self.position += 1
            return value

    def back(self) -> None:
        """Forget the answer before the question ``back`` was typed at, and start over."""
        self.given = self.given[:max(self.position - 1, 0)]
        self.position = 0


# --------------------------------------------------------------------------
# Reading answers


def _words(answer: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", answer.strip()) if w]


def read_counts(answer: str, players: int, t: Translator, signed: bool = False) -> list[int]:
    """One whole number per seat, in seat order (``−`` and ``-`` both mean minus when ``signed``)."""
    words = _words(answer.replace("−", "-"))
    pattern = r"[-+]?\d+" if signed else r"\d+"
    if len(words) != players or not all(re.fullmatch(pattern, w) for w in words):
        raise Wrong(t("sheet_cli.want.signed" if signed else "sheet_cli.want.counts", players=players))
    return [int(w) for w in words]


def seat_list(names: Sequence[str], allowed: Sequence[int] | None = None) -> str:
    """``1 Anna, 2 Bea, 3 Carla``: the players (those ``allowed``) by the numbers they are typed by."""
    return ", ".join(f"{number} {names[seat]}" for number, seat in seat_numbers(len(names)).items()
                     if allowed is None or seat in allowed)


def seat_of(answer: str, names: Sequence[str], t: Translator, allowed: Sequence[int] | None = None) -> int:
    """One player, by name or number (see the module docstring)."""
    found = read_seat(answer, names, allowed)
    if found.value is not None:
        return found.value
    return _wrong_seats(answer, found, names, t, allowed)


def _wrong_seats(answer: str, found: Any, names: Sequence[str], t: Translator,
                 allowed: Sequence[int] | None) -> Any:
    choices = [names[s] for s in (allowed if allowed is not None else range(len(names)))]
    if found.unavailable is not None:
        raise Wrong(t("sheet_cli.want.not_here", name=names[found.unavailable], players=", ".join(choices)))
    raise Wrong(problem_text(found, answer, t, t("sheet_cli.want.seat", players=seat_list(names, allowed))))


def read_suit_answer(answer: str, t: Translator) -> int:
    """A suit by symbol, word in any language, or letter of the table's language."""
    found = read_suit(answer.strip(), t.language)
    if found.value is None:
        raise Wrong(t("sheet_cli.want.suit", suits=suit_choices(t)))
    return found.value


def read_rank_answer(answer: str, t: Translator) -> int:
    """A rank by the letters of the table's language, a number or a word."""
    found = read_rank(answer.strip(), t.language)
    if found.value is None:
        raise Wrong(t("sheet_cli.want.rank", ranks=rank_choices(t)))
    return found.value


def read_doubled(answer: str, names: Sequence[str], targets: Sequence[int], cover_all: bool,
                 t: Translator) -> list[int]:
    """The seats a player doubled: nobody (an empty answer, ``nobody``,
    ``none``, ``no``, ``-``, ``0``), ``all``, or names and numbers among
    ``targets``; where the question is yes or no (one player to double, or
    a redouble of all or nobody), ``yes`` (``sì``, ``oui``, ``sim``, ``y``
    ...) is all of them.  A name that is also a word (a player called
    ``Si``) is the player."""
    if not answer.strip():
        return []
    yes, no = is_word(answer, "yes"), is_word(answer, "no")
    named = key(answer) in {key(name) for name in names}
    if (yes or no) and not named and (len(targets) == 1 or cover_all):
        return sorted(targets) if yes else []
    found = read_seats(answer, names, targets)
    if found.value is None:
        if no:
            return []
        if yes:
            raise Wrong(t("sheet_cli.want.whom", players=seat_list(names, targets), all=word("all", t),
                          nobody=word("none", t)))
        if len(targets) == 1 and found.unavailable is None:
            raise Wrong(problem_text(found, answer, t, t("sheet_cli.want.yes_no_seat", yes=word("yes", t),
                                                         no=word("no", t), players=names[targets[0]])))
        return _wrong_seats(answer, found, names, t, targets)  # type: ignore[no-any-return]
    chosen = sorted(found.value)
    if cover_all and chosen and len(chosen) != len(targets):
        raise Wrong(t("sheet_cli.want.cover_all", players=", ".join(names[s] for s in targets)))
    return chosen


# --------------------------------------------------------------------------
# Words for the questions


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
# What one seat can score


def seat_scores(plan: EntryPlan) -> tuple[int, int, int, frozenset[int] | None]:
    """What a seat can score in one hand of ``plan``: from ``low`` to
    ``high`` in steps of ``step`` (each element's value divides it), or one
    of ``exact`` (domino places).  All or nothing and shooting the moon
    widen the range by the whole hand's total."""
    if plan.domino:
        return min(plan.placings), max(plan.placings), 1, frozenset(plan.placings) | {0}
    potentials = [plan.per_trick * plan.tricks, *(s.value * s.size for s in plan.sets),
                  *(s.adjust for s in plan.singles), *(value for _, value in plan.positions)]
    units = [plan.per_trick, *(s.value for s in plan.sets), *(s.adjust for s in plan.singles),
             *(value for _, value in plan.positions), *(share for shares in plan.most for share in shares)]
    low = sum(min(0, p) for p in potentials) + sum(min(0, *shares) for shares in plan.most)
    high = sum(max(0, p) for p in potentials) + sum(max(0, *shares) for shares in plan.most)
    whole = sum(potentials) + sum(shares[1] if len(shares) > 1 else 0 for shares in plan.most)
    if plan.all_or_nothing:
        low, high = min(low, -whole), max(high, -whole)
    if plan.shoot_the_moon:
        low, high = min(low, whole), max(high, whole)
    step = 0
    for unit in units:
        step = gcd(step, abs(unit))
    return low, high, step or 1, None


def _placed(took: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    """A copy of the facts ``took`` with ``value`` at ``field``
    (``took.tricks``, ``took.cards.Q``, ``took.card.KH``: None, nobody
    took the card, it was set aside, docs/rules.md section 6)."""
    parts = field.split(".")[1:]
    placed = {key: dict(v) if isinstance(v, dict) else v for key, v in took.items()}
    if len(parts) == 1:
        placed[parts[0]] = value
    elif value is None:
        placed.setdefault(parts[0], {}).pop(parts[1], None)
    else:
        placed.setdefault(parts[0], {})[parts[1]] = value
    return placed


# --------------------------------------------------------------------------
# One hand


class HandEntry:
    """The questions of the next hand of ``game``; :meth:`run` returns the
    hand object (docs/sheet.md), checked as the game's next hand.  ``old``:
    the hand being edited, whose answers each question offers."""

    def __init__(self, game: SheetGame, asker: Asker, raw: bool = False, old: dict[str, Any] | None = None):
        self.game, self.asker, self.raw = game, asker, raw
        self.edited = old or {}
        self.old = self.edited  # the edited hand's answers, while its contract is the one chosen
        self.t = asker.t
        self.names = game.players
        self.n = len(game.players)

    def run(self) -> dict[str, Any]:
        while True:
            self.asker.position = 0
            try:
                return self._hand()
            except Back:
                self.asker.back()

    def _hand(self) -> dict[str, Any]:  # noqa: C901 -- the score sheet's questions for one hand, one branch a step
        game, t, ask = self.game, self.t, self.asker
        self.old = self.edited
        turn = game.next_turn()
        if turn.over:
            raise SheetError([(turn.number + 1, problem("hand", "game_over", hands=game.flow.over_after(turn.number)))])
        ask.say(game.flow.placed(t, "sheet_cli.hand_title", number=turn.number + 1))
        if turn.declarer is None:
            declarer = ask.ask(t("sheet_cli.ask.declarer", players=seat_list(self.names)),
                               lambda a: seat_of(a, self.names, t), self._old_name("declarer"))
        else:
            declarer = turn.declarer
            ask.say(t("sheet_cli.declares", name=self.names[declarer]))
        contract = self._contract(turn.options, declarer, turn.series_start)
        rules = contract.rules_for(self.n)
        play = rules.play
        trump = start_rank = None
        if isinstance(play, m.TrickPlay) and play.trumps is not None and play.trumps.suit is None:
            keep = C.SUIT_SYMBOLS[C.parse_suit(self.old["trump"]) or 0] if self.old.get("trump") else None
            trump = ask.ask(t("sheet_cli.ask.trump", suits=suit_choices(t)), lambda a: read_suit_answer(a, t), keep)
        if isinstance(play, m.DominoPlay) and play.start == "chosen":
            old = C.parse_rank(str(self.old["start_rank"])) if self.old.get("start_rank") else None
            kept = rank_letter(old, t.language) if old else None
            start_rank = ask.ask(t("sheet_cli.ask.rank", ranks=rank_choices(t)),
                                 self._rank_reader(contract, len(turn.options) == 1, kept), kept)
        hand: dict[str, Any] = {
            "contract": contract.name, "declarer": declarer,
            "trump": None if trump is None else C.SUIT_LETTERS[trump],
            "start_rank": None if start_rank is None else C.RANK_LETTERS[start_rank],
        }
        if self.old.get("contract") != contract.name:
            self.old = {}  # another contract: its facts are not this one's
        deck = tuple(sorted(game.spec.deck_for(self.n)))
        terms = hand_terms(game.spec, rules, self.n, deck, trump)
        plan = entry_plan(rules, self.n, deck, trump, game.spec.aside(self.n))
        self._contract_name = contract.name_in(t.language)
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
                    ask.say(said(found, t, self.names, lambda name: game.contract_name(name, t.language)))
                fields = {found.field for _, found in error.problems}
                if "doubles" in fields:
                    hand["doubles"] = self.ask_doubles(declarer, terms.positive)
                else:
                    hand.update(self.ask_facts(plan, hand, fields))

    # ---- the contract --------------------------------------------------------
    def _contract(self, options: Sequence[m.Contract], declarer: int, series_start: int) -> m.Contract:
        t, ask, spec = self.t, self.asker, self.game.spec
        if len(options) == 1:
            ask.say(t("sheet_cli.contract_is", contract=options[0].name_in(t.language)))
            return options[0]
        pool = list(dict.fromkeys(self.game.flow.plan.pool))
        numbers = contract_numbers([*pool, *(c for c in spec.contracts if c not in pool)])
        number_of = {contract: number for number, contract in numbers.items()}
        listed = ", ".join(f"{number_of[c]} {c.name_in(t.language)}" for c in options)

        def read(answer: str) -> m.Contract:
            found = read_contract(answer, options, t.language, numbers, spec.contracts)
            if found.value is not None:
                return found.value
            if found.unavailable is not None:
                raise Wrong(self._not_left(found.unavailable, declarer, series_start, options))
            raise Wrong(problem_text(found, answer, t, t("sheet_cli.want.contract", options=listed)))

        old = self.old.get("contract")
        keep = spec.contract(old).name_in(t.language) if isinstance(old, str) and old in [c.name for c in
                                                                                          options] else None
        return ask.ask(t("sheet_cli.ask.contract", options=listed), read, keep)

    def _not_left(self, contract: m.Contract, declarer: int, start: int, options: Sequence[m.Contract]) -> str:
        """Why ``contract`` cannot be chosen: played already in this series
        (or rubber), or not in the declarer's list."""
        t, name = self.t, contract.name_in(self.t.language)
        left = ", ".join(c.name_in(t.language) for c in options)
        hands = self.game.scored[start:]
        played = [h for h in hands if h.contract == contract.name]
        if played:
            by = self.names[played[-1].declarer]
            return t("sheet_cli.want.played", contract=name, hand=played[-1].number + 1, name=by, options=left)
        return t("sheet_cli.want.not_left", contract=name, name=self.names[declarer], options=left)

    def _rank_reader(self, contract: m.Contract, alone: bool, kept: str | None) -> Callable[[str], int]:
        """The starting rank's reader.  Where ``contract`` was ``alone`` (the
        only one left, so not asked), its number typed as the rank (``7``
        for Domino) may be meant as the contract: it is taken as the rank
        when typed again, and said so the first time (not when it is the
        rank of the hand edited, ``kept``)."""
        t, seen = self.t, {kept}
        pool = list(dict.fromkeys(self.game.flow.plan.pool))
        numbers = contract_numbers([*pool, *(c for c in self.game.spec.contracts if c not in pool)])
        number = next((str(n) for n, c in numbers.items() if c == contract), None) if alone else None

        def read(answer: str) -> int:
            rank = read_rank_answer(answer, t)
            if answer == number and answer not in seen:
                seen.add(answer)
                raise Wrong(t("sheet_cli.want.rank_or_number", answer=answer, contract=contract.name_in(t.language),
                              rank=rank_words(rank, t), ranks=rank_choices(t)))
            return rank

        return read

    # ---- the facts -----------------------------------------------------------
    def questions(self, plan: EntryPlan) -> list[tuple[str, str, Callable[[str], Any], str | None]]:
        """(field, question, reader, the old answer) for each fact the plan needs."""
        t, names, n = self.t, self.names, self.n
        old = self.old.get("took") or {}
        if self.raw:
            return [("raw", t("sheet_cli.ask.raw", players=", ".join(names)),
                     lambda a: read_counts(a, n, t, signed=True), self._old_counts(self.old.get("raw")))]
        out: list[tuple[str, str, Callable[[str], Any], str | None]] = []
        players = ", ".join(names)

        def counts(answer: str) -> list[int]:
            return read_counts(answer, n, t)

        def seat(answer: str) -> int:
            return seat_of(answer, names, t)

        keys = plan.keys
        if "tricks" in keys:
            out.append(("took.tricks", t("sheet_cli.ask.tricks", players=players, total=plan.tricks), counts,
                        self._old_counts(old.get("tricks"))))
        for counted in plan.sets if "cards" in keys else ():
            total = (str(counted.size) if counted.required == counted.size
                     else f"{counted.required}–{counted.size}")
            out.append((f"took.cards.{counted.name}",
                        t("sheet_cli.ask.set", set=set_words(counted, t), players=players, total=total), counts,
                        self._old_counts((old.get("cards") or {}).get(counted.name))))
        def taker(answer: str) -> int | None:
            """A player, or nobody: the card lay in a widow or among the dealer's discards (docs/rules.md section 6)."""
            return None if read_seats(answer, names).value == [] else seat(answer)

        for single in plan.singles if "card" in keys else ():
            card = card_text(single.card, t.language)
            question = (t("sheet_cli.ask.card_aside", card=card, players=seat_list(names), nobody=word("none", t))
                        if plan.aside else t("sheet_cli.ask.card", card=card, players=seat_list(names)))
            out.append((f"took.card.{single.name}", question, taker if plan.aside else seat,
                        self._old_seat((old.get("card") or {}).get(single.name))))
        for number, _ in plan.positions if "trick" in keys else ():
            out.append((f"took.trick.{number}", t("sheet_cli.ask.position", number=number,
                                                  players=seat_list(names)), seat,
                        self._old_seat((old.get("trick") or {}).get(str(number)))))
        if "placings" in keys:
            given = old.get("placings")
            placings: list[int] = list(given) if isinstance(given, list) and self._seats(given) else []
            out.append(("took.placings", t("sheet_cli.ask.placings", players=seat_list(names)),
                        lambda a: self._placings(a), ", ".join(names[s] for s in placings) or None))
        if "longest" in keys:
            out.append(("took.longest", t("sheet_cli.ask.longest", players=players), counts,
                        self._old_counts(old.get("longest"))))
        return out

    def _old_name(self, key: str) -> str | None:
        return self._old_seat(self.old.get(key))

    def _old_seat(self, value: Any) -> str | None:
        return self.names[value] if isinstance(value, int) and 0 <= value < self.n else None

    def _seats(self, value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(v, int) and 0 <= v < self.n for v in value)

    def _old_counts(self, value: Any) -> str | None:
        ok = isinstance(value, list) and len(value) == self.n and all(isinstance(v, int) for v in value)
        return " ".join(str(v) for v in value) if ok else None

    def _placings(self, answer: str) -> list[int]:
        found = read_seats(answer, self.names, words=False, repeats=True)
        seats = found.value or []
        if not found.found or len(set(seats)) != len(seats) or len(seats) not in (self.n - 1, self.n):
            raise Wrong(problem_text(found, answer, self.t,
                                     self.t("sheet_cli.want.placings", players=seat_list(self.names))))
        return seats

    def ask_facts(self, plan: EntryPlan, hand: dict[str, Any], again: set[str] | None = None) -> dict[str, Any]:
        """The ``took`` (or ``raw``) of the hand; with ``again``, only the
        questions about those fields are asked (all when none is about a fact)."""
        questions = self.questions(plan)
        if again is not None and not any(field in again for field, _, _, _ in questions):
            again = None
        if self.raw:
            field, question, reader, keep = questions[0]
            if again is None or field in again:
                return {"raw": self.asker.ask(question, lambda answer: self._raw_checked(plan, hand, reader(answer)),
                                              keep)}
            return {"raw": hand["raw"]}
        took: dict[str, Any] = dict(hand.get("took") or {})
        for field, question, reader, keep in questions:
            if again is None or field in again:  # the answer given, or given before ``back`` and replayed
                took = _placed(took, field, self.asker.ask(question, self._checker(plan, took, field, reader), keep))
        return {"took": took}

    def _raw_checked(self, plan: EntryPlan, hand: dict[str, Any], scores: list[int]) -> list[int]:
        """``scores`` if each is a score a player can have in this contract
        and they add up to a total the contract can have."""
        low, high, step, exact = seat_scores(plan)

        def number(value: int) -> str:
            return str(value).replace("-", "−")

        for seat, value in enumerate(scores):
            if exact is not None and value not in exact:
                raise Wrong(self.t("sheet_cli.want.raw_one_of", name=self.names[seat], value=number(value),
                                   contract=self._contract_name, values=" ".join(map(number, sorted(exact)))))
            if exact is None and (not low <= value <= high or value % step):
                raise Wrong(self.t("sheet_cli.want.raw_seat", name=self.names[seat], value=number(value),
                                   contract=self._contract_name, low=number(low), high=number(high), step=step))
        trial = {key: value for key, value in hand.items() if key != "took"}
        trial["raw"] = scores
        try:
            self.game.score(trial, len(self.game.scored))
        except SheetError as error:
            wrong = [p for _, p in error.problems if p.field == "raw"]
            if wrong:
                raise Wrong(said(wrong[0], self.t, self.names)) from None
        return scores

    def _checker(self, plan: EntryPlan, took: dict[str, Any], field: str,
                 reader: Callable[[str], Any]) -> Callable[[str], Any]:
        return lambda answer: self._checked(plan, took, field, reader(answer))

    def _checked(self, plan: EntryPlan, took: dict[str, Any], field: str, value: Any) -> Any:
        """``value`` if the facts so far (``took``) allow it at ``field``."""
        _, problems = score_took(plan, _placed(took, field, value))
        wrong = [p for p in problems if p.field == field and p.code not in MISSING]
        if wrong:
            raise Wrong(said(wrong[0], self.t, self.names))
        return value

    # ---- the doubles ---------------------------------------------------------
    def ask_doubles(self, declarer: int, positive: bool) -> list[list[int]]:
        """Each player's doubles in the order of the doubling round
        (:func:`~barbu_dsl.engine.doubling.doubling_round`)."""
        spec = self.game.spec
        doubling = spec.doubling
        t, names = self.t, self.names
        against = self.game.counts_against(declarer)
        old = [tuple(pair) for pair in self.old.get("doubles") or [] if isinstance(pair, list) and len(pair) == 2]

        def ask(seat: int, targets: tuple[int, ...], cover_all: bool, made: tuple[Pair, ...]) -> list[int]:
            # Answers to those who doubled this seat (the declarer's, the redouble round's) are redoubles;
            # a declarer who doubles first (docs/rules.md section 6) doubles.
            redouble = all((target, seat) in made for target in targets)
            asked = "sheet_cli.ask.redouble" if redouble else "sheet_cli.ask.double"
            question = t(asked + ("_one" if len(targets) == 1 else ""), name=names[seat],
                         players=", ".join(names[s] for s in targets), all=word("all", t), nobody=word("none", t),
                         yes=word("yes", t), no=word("no", t))
            if seat != declarer and declarer in targets:
                advisory = "sheet_cli.advisory.rubber" if doubling.per == "rubber" else "sheet_cli.advisory"
                question += " " + t(advisory, count=against[seat], declarer=names[declarer],
                                    minimum=doubling.minimum)
            before = [names[b] for a, b in old if a == seat and b in targets and (seat, b) not in made]
            return self.asker.ask(question, self._doubled_reader(targets, cover_all), ", ".join(before) or None)

        from ..engine.doubling import doubling_round  # here: a hand read from a file never loads the game

        doubles = doubling_round(doubling, declarer, self.n, spec.game.direction, positive, ask)
        return [list(pair) for pair in doubles]

    def _doubled_reader(self, targets: Sequence[int], cover_all: bool) -> Callable[[str], list[int]]:
        return lambda answer: read_doubled(answer, self.names, targets, cover_all, self.t)


__all__ = ["Asker", "Back", "Cancelled", "HandEntry", "Wrong", "announcement", "read_counts", "read_doubled",
           "seat_list", "seat_of", "seat_scores", "set_words"]
