"""A game sheet: a spec, the players, and the hands entered (docs/sheet.md).

:class:`SheetGame` holds a game in the exchange format's terms and scores
it: each hand is checked in full — the flow of the game (whose turn, which
contracts are left, the game not over), the trump or starting rank the
contract asks for, the doubles (docs/rules.md section 2), and the facts of
play or the raw scores — then scored (raw from the facts, the doubling
settlement, the not-played split of variant 4) and added to the running
totals.  A hand that breaks a rule is refused with every :class:`Problem`
found, each naming the hand and the field.

The spec is kept as its canonical text (``barbu fmt``), so a game scored
under a house scale reopens under that scale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import BarbuError, SpecError
from ..i18n import Translator
from ..language import load_spec
from ..language import model as m
from ..language.spec_cache import parse_kept
from ..resources import bundled_spec_names
from .facts import Problem, problem
from .flow import Entered, SheetFlow, SheetTurn
from .hand import HandScore, score_hand

FORMAT = "barbu-sheet 1"


class SheetError(BarbuError):
    """A sheet hand (or a game file) that breaks a rule: exit 1.
    ``problems`` holds (hand number from 1, or None for the game, problem)."""

    exit_code = 1

    def __init__(self, problems: Sequence[tuple[int | None, Problem]]):
        self.problems = list(problems)
        super().__init__(self.describe())

    def describe(self, t: Translator | None = None, names: Sequence[str] | None = None,
                 contract_name: Callable[[str], str] | None = None) -> str:
        """Every problem, a line each, after the hand it is in; with the
        players' ``names``, in a scorer's words (:mod:`.said`), the
        contracts by ``contract_name``."""
        from .said import said

        t = t or Translator("en")
        lines = []
        for number, found in self.problems:
            where = t("sheet.hand", number=number) + ", " if number is not None else ""
            lines.append(where + (said(found, t, names, contract_name) if names else found.message(t)))
        return "\n".join(lines)


class SheetFileError(BarbuError):
    """A game file, a database or a game that cannot be used at all: exit 2.
    ``key`` names its message (``sheet.file.<key>``), said in any language
    by :meth:`describe`."""

    def __init__(self, key: str, **fields: object):
        self.key = key
        self.fields = {name: str(value) for name, value in fields.items()}
        super().__init__(self.describe())

    def describe(self, t: Translator | None = None) -> str:
        return (t or Translator("en"))(f"sheet.file.{self.key}", **self.fields)


@dataclass(frozen=True)
class ScoredHand(HandScore):
    """A hand on the sheet, scored: its ``number`` (from 0), the running
    ``totals`` after it, and ``against``, per seat, the doubles made against
    this hand's declarer in their series (or the game) up to and including
    this hand: the advisory count, never enforced."""

    number: int
    totals: tuple[int, ...]
    against: tuple[int, ...]
    pot: int = 0  # what the pot holds after this hand (docs/rules.md section 6, "A pot")


@dataclass
class SheetGame:
    """One game of a spec at a real table."""

    spec_ref: str
    spec: m.Spec
    players: list[str]
    scored: list[ScoredHand] = field(default_factory=list)

    def contract_name(self, name: str, language: str) -> str:
        """A contract of the game (by the name the game file gives it) by its
        name in ``language``; a name that is none of them, as it is."""
        try:
            return self.spec.contract(name).name_in(language)
        except KeyError:
            return name

    # ---- building ------------------------------------------------------------
    @classmethod
    def new(cls, spec_ref: str, players: Sequence[str], spec: m.Spec | None = None) -> SheetGame:
        """A game with no hands yet.  Raise :class:`SheetFileError` for a
        player count the spec does not allow or unusable names."""
        model = spec if spec is not None else load_spec(spec_ref)
        names = [str(name).strip() for name in players]
        if len(names) not in model.players:
            allowed = ", ".join(map(str, model.players))
            raise SheetFileError("player_count", spec=model.full_name, allowed=allowed, count=len(names))
        if any(not name for name in names) or len(set(names)) != len(names):
            raise SheetFileError("player_names")
        return cls(spec_ref, model, names)

    @classmethod
    def from_json(cls, data: Any) -> SheetGame:
        """A game from the docs/sheet.md game object; every hand is checked.
        Its rules are its ``spec_text`` (held to a spec file's size, and
        extending only a bundled spec) or, without one, the bundled spec
        its ``spec`` names: a game file never makes barbu read a file.
        Raise :class:`SheetFileError` when it cannot be read, and
        :class:`SheetError` naming each impossible hand."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SheetFileError("not_a_sheet", format=FORMAT)
        ref, text, names, hands = data.get("spec"), data.get("spec_text"), data.get("players"), data.get("hands")
        if not isinstance(ref, str) or not ref:
            raise SheetFileError("no_spec")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SheetFileError("no_players")
        if not isinstance(hands, list):
            raise SheetFileError("no_hands")
        if not isinstance(text, str) and ref.split("+")[0] not in bundled_spec_names():
            raise SheetFileError("spec_not_bundled", spec=ref)
        try:
            spec = (parse_kept(text, f"{ref} (spec_text)", reads_files=False) if isinstance(text, str)
                    else load_spec(ref))
        except SpecError as error:
            raise SheetFileError("bad_spec", error=error) from None
        game = cls.new(ref, names, spec)
        problems: list[tuple[int | None, Problem]] = []
        for hand in hands:
            try:
                game.add(hand)
            except SheetError as error:
                problems.extend(error.problems)
                break  # later hands depend on this one's place in the game
        if problems:
            raise SheetError(problems)
        return game

    def to_json(self) -> dict[str, Any]:
        """The docs/sheet.md game object (always with ``spec_text``)."""
        from ..language import print_spec

        return {"format": FORMAT, "spec": self.spec_ref, "spec_text": print_spec(self.spec),
                "players": list(self.players), "hands": [hand.entry for hand in self.scored]}

    # ---- the flow ------------------------------------------------------------
    @property
    def flow(self) -> SheetFlow:
        return SheetFlow(self.spec, len(self.players))

    def next_turn(self) -> SheetTurn:
        return self.flow.turn([Entered(h.contract, h.declarer) for h in self.scored], self.totals)

    @property
    def over(self) -> bool:
        return self.next_turn().over

    @property
    def totals(self) -> tuple[int, ...]:
        return self.scored[-1].totals if self.scored else (0,) * len(self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total by the spec's aim (all seats while no hand is scored)."""
        best = (max if self.spec.game.aim == "highest" else min)(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def against_declarer(self) -> tuple[int | None, tuple[int, ...]]:
        """The next hand's declarer (None when free) and, per seat, the
        doubles made against them in their current series, rubber or game."""
        turn = self.next_turn()
        if turn.declarer is None:
            return None, (0,) * len(self.players)
        return turn.declarer, self._against(turn.declarer, turn.count_start, len(self.scored))

    def counts_against(self, declarer: int) -> tuple[int, ...]:
        """Per seat, the doubles made against ``declarer`` in the series,
        rubber or game the next hand belongs to: the advisory count."""
        return self._against(declarer, self.next_turn().count_start, len(self.scored))

    def _against(self, declarer: int, start: int, end: int) -> tuple[int, ...]:
        """Per seat, the doubles against ``declarer`` in hands ``start`` to
        ``end`` that they declared; with ``per: rubber``, against whoever
        declared each of those hands (docs/rules.md section 2)."""
        rubber = self.flow.plan.counted == "rubber"
        counts = [0] * len(self.players)
        for hand in self.scored[start:end]:
            for doubler, doubled in hand.doubles:
                if doubled == hand.declarer and (rubber or hand.declarer == declarer):
                    counts[doubler] += 1
        return tuple(counts)

    # ---- adding, editing ---------------------------------------------------------
    def add(self, hand: Any) -> ScoredHand:
        """Check ``hand`` as the next hand and add it; raise :class:`SheetError`."""
        scored = self.score(hand, len(self.scored))
        self.scored.append(scored)
        return scored

    def replace_hands(self, hands: Sequence[Any]) -> None:
        """Re-enter every hand (after an edit or a deletion): all of them are
        checked again; on any problem the sheet is left as it was."""
        game = SheetGame(self.spec_ref, self.spec, list(self.players))
        for hand in hands:
            game.add(hand)
        self.scored = game.scored

    @property
    def entries(self) -> list[dict[str, Any]]:
        """The hands as the exchange format writes them, in the order played."""
        return [hand.entry for hand in self.scored]

    def undo(self) -> ScoredHand:
        """Take back the last hand and return it; raise :class:`SheetFileError`
        when there is none."""
        if not self.scored:
            raise SheetFileError("no_hand_to_undo")
        return self.scored.pop()

    def edit(self, number: int, hand: Any) -> ScoredHand:
        """Put ``hand`` in the place of hand ``number`` (from 1); every later
        hand is checked again and the totals recomputed.  Raise
        :class:`SheetError` (the sheet unchanged) if any hand no longer fits."""
        self._check_number(number)
        entries = self.entries
        entries[number - 1] = hand
        self.replace_hands(entries)
        return self.scored[number - 1]

    def delete(self, number: int) -> ScoredHand:
        """Remove hand ``number`` (from 1); every later hand is checked
        again.  Raise :class:`SheetError` (the sheet unchanged) if a later
        hand no longer fits: nothing is dropped silently."""
        self._check_number(number)
        removed = self.scored[number - 1]
        entries = self.entries
        del entries[number - 1]
        self.replace_hands(entries)
        return removed

    def _check_number(self, number: int) -> None:
        if not 1 <= number <= len(self.scored):
            raise SheetFileError("no_such_hand", number=number, hands=len(self.scored))

    def score(self, hand: Any, number: int) -> ScoredHand:
        """Check and score ``hand`` as hand ``number`` (0-based) after the
        hands before it; raise :class:`SheetError` with every problem."""
        label = number + 1
        previous = self.scored[number - 1].totals if number else (0,) * len(self.players)
        turn = self.flow.turn([Entered(h.contract, h.declarer) for h in self.scored[:number]], previous)
        if turn.over:
            raise SheetError([(label, problem("hand", "game_over", hands=self.flow.over_after(number)))])
        scored, problems = score_hand(self.spec, len(self.players), hand, turn.options, turn.declarer,
                                      self.players)
        if scored is None:
            raise SheetError([(label, p) for p in problems])
        pot = self.scored[number - 1].pot if number else 0
        totals, pot = self.flow.plan.add_hand(previous, scored.final, pot)
        against = list(self._against(scored.declarer, turn.count_start, number))
        for doubler, doubled in scored.doubles:
            if doubled == scored.declarer:
                against[doubler] += 1
        return ScoredHand(**vars(scored), number=number, totals=totals, against=tuple(against), pot=pot)


__all__ = ["FORMAT", "ScoredHand", "SheetError", "SheetFileError", "SheetGame"]
