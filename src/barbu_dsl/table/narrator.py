"""The table's narrator: every public event of the game said as it happens,
and what the commands ``trick``, ``tricks`` and ``scores`` report.

It follows the game as a :class:`~barbu_dsl.engine.game.Watcher`: each
hand's start and declarer, the contract announced with its trump suit or
starting rank, each double, each card played or pass, who wins each trick
and its points, who goes out in domino, the hand's scores, the doubles
settled and the running totals.  While a saved game is replayed to the
point where it was left (``barbu play --resume``) it keeps count silently,
then recaps where the game stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..engine import PASS, DominoHand, Hand, TrickHand
from ..engine.game import HandResult, Turn, Watcher
from ..language import model as m
from .console import Console
from .speech import Speech


class Narrator(Watcher):
    """Says the game to ``console`` (see the module docstring)."""

    def __init__(self, spec: m.Spec, players: int, total: int, console: Console, say: Speech):
        self.spec = spec
        self.players = players
        self.total = total
        self.console = console
        self.say = say
        self.live = True
        self.results: list[HandResult] = []
        self.turn: Turn | None = None
        self.contract: m.Contract | None = None
        self.trump: int | None = None
        self.start_rank: int | None = None
        self.doubles: list[tuple[int, int]] = []
        self.hand: Hand | None = None
        self._raw = [0] * players
        self._tricks = 0  # tricks finished (domino: players gone out) so far

    def line(self, text: str, style: str | None = None) -> None:
        """Say one line, unless a saved game is being replayed."""
        if self.live:
            self.console.say(text, style)

    # ---- the events -----------------------------------------------------------

    def hand_begins(self, turn: Turn) -> None:
        self.turn = turn
        self.contract = self.trump = self.start_rank = None
        self.doubles = []
        self.hand = None
        self.line("")
        self.line(self.say("table.hand.number", number=turn.number + 1, total=self.total), "bold")
        self.line(self.say.about("table.declares", turn.declarer))

    def contract_named(self, declarer: int, contract: m.Contract, trump: int | None,
                       start_rank: int | None) -> None:
        self.contract, self.trump, self.start_rank = contract, trump, start_rank
        for text in self.announcement(declarer):
            self.line(text)

    def announcement(self, declarer: int) -> list[str]:
        """The contract as announced: its name, trumps, starting rank."""
        assert self.contract is not None
        lines = [self.say.about("table.chooses", declarer, contract=self.contract.name)]
        if self.trump is not None:
            lines.append(self.say("table.trumps_are", suit=self.say.suit(self.trump)))
        if self.start_rank is not None:
            lines.append(self.say("table.starts_from", rank=self.say.rank(self.start_rank)))
        return lines

    def doubled(self, seat: int, targets: Sequence[int]) -> None:
        if not targets:
            if seat == self.say.you:
                self.line(self.say("table.no_double.you"))
            return
        assert self.turn is not None
        self.doubles.extend((seat, target) for target in targets)
        key = "table.redoubles" if seat == self.turn.declarer else "table.doubles"
        self.line(self.say.about(key, seat, whom=self.say.seats(targets)))

    def play_begins(self, hand: Hand) -> None:
        self.hand = hand
        self._raw = [0] * self.players
        self._tricks = 0
        if self.spec.doubling.allowed and not self.doubles:
            self.line(self.say("table.nobody_doubled"))
        assert hand.to_play is not None
        self.line(self.say.about("table.leads" if isinstance(hand, TrickHand) else "table.starts", hand.to_play))

    def move_made(self, hand: Hand, seat: int, move: int) -> None:
        if move == PASS:
            self.line(self.say.about("table.passes", seat))
        else:
            self.line(self.say.about("table.plays", seat, card=self.say.card(move)))
        if isinstance(hand, TrickHand) and hand.tricks_played > self._tricks:
            self._tricks = hand.tricks_played
            winner = hand.tricks[-1].winner
            raw = hand.raw_scores()
            gained = raw[winner] - self._raw[winner]
            self._raw = raw
            if gained:
                self.line(self.say.about("table.wins_trick.points", winner, number=self._tricks,
                                         points=self.say.points(gained)))
            else:
                self.line(self.say.about("table.wins_trick", winner, number=self._tricks))
        elif isinstance(hand, DominoHand):
            placings = hand.placings[: self.players - 1]  # the last seat does not go out
            while self._tricks < len(placings):
                self._tricks += 1
                self.line(self.say.about("table.goes_out", placings[self._tricks - 1], place=self._tricks))
        if hand.is_over and isinstance(hand, TrickHand) and hand.tricks_played < hand.table.tricks:
            self.line(self.say("table.early_end"))

    def hand_ends(self, result: HandResult) -> None:
        self.results.append(result)
        if result.status == "not_played":
            self.line(self.say.about("table.not_played", result.declarer))
        if result.doubles and result.status == "complete":
            self.line(self.say("table.scores.play", scores=self.say.scores(result.raw)))
            self.line(self.say("table.scores.hand_after_doubles", scores=self.say.scores(result.final)))
        else:
            self.line(self.say("table.scores.hand", scores=self.say.scores(result.final)))
        self.line(self.say("table.scores.totals", hands=len(self.results), total=self.total,
                           scores=self.say.scores(result.totals)))
        self.hand = None

    # ---- what the commands report ------------------------------------------------

    def trick_lines(self) -> list[str]:
        """``trick``: the cards on the table, who leads, who is winning."""
        hand = self.hand
        if hand is None or hand.is_over:
            return [self.say("table.no_cards_yet")]
        if isinstance(hand, DominoHand):
            return self._rows(hand)
        assert isinstance(hand, TrickHand)
        lines = [self.say("table.trick.number", number=hand.tricks_played + 1, total=hand.table.tricks)]
        if hand.table.trump is not None:
            lines.append(self.say("table.trumps_are", suit=self.say.suit(hand.table.trump)))
        trick = hand.current_trick
        if not trick:
            assert hand.to_play is not None
            lines.append(self.say.about("table.leads", hand.to_play))
            return lines
        seat = hand.leader
        for card in trick:
            lines.append(self.say.about("table.played", seat, card=self.say.card(card)))
            seat = hand.position().after[seat]
        winning = hand.winning
        assert winning is not None
        lines.append(self.say.about("table.is_winning", winning[1], card=self.say.card(winning[0])))
        return lines

    def _rows(self, hand: DominoHand) -> list[str]:
        """The domino rows on the table, suit by suit."""
        pos = hand.position()
        lines = []
        if pos.start is not None:
            lines.append(self.say("table.starts_from", rank=self.say.rank(pos.start)))
        aces_low = hand.table.aces_low
        for suit in C.SUITS:
            if not pos.low[suit]:
                lines.append(self.say("table.row.closed", suit=self.say.suit(suit)))
                continue
            low, high = (C.ACE if aces_low and p == 1 else p for p in (pos.low[suit], pos.high[suit]))
            lines.append(self.say("table.row.open", suit=self.say.suit(suit), low=self.say.rank(low),
                                  high=self.say.rank(high)))
        return lines

    def taken_lines(self) -> list[str]:
        """``tricks``: what each player has taken that scores (domino: who is
        out and the cards each still holds)."""
        hand = self.hand
        if hand is None:
            return [self.say("table.no_cards_yet")]
        if isinstance(hand, DominoHand):
            pos = hand.position()
            lines = [self.say.about("table.out_in_place", seat, place=place)
                     for place, seat in enumerate(pos.placings, 1)]
            counts = ", ".join(f"{self.say.seat(seat)} {count}" for seat, count in enumerate(pos.counts))
            lines.append(self.say("table.cards_left", counts=counts))
            return lines
        assert isinstance(hand, TrickHand)
        raw = hand.raw_scores()
        values = hand.table.values
        lines = []
        for seat in range(self.players):
            won = sum(1 for trick in hand.tricks if trick.winner == seat)
            scoring = [c for c in hand.captured(seat) if values[c]]
            cards = self.say.cards(scoring) if scoring else self.say("table.taken.nothing")
            lines.append(self.say.about("table.taken", seat, tricks=won, cards=cards,
                                        points=self.say.points(raw[seat])))
        return lines

    def score_lines(self) -> list[str]:
        """``scores``: the running totals, this hand so far, its doubles."""
        if self.results:
            lines = [self.say("table.scores.totals", hands=len(self.results), total=self.total,
                              scores=self.say.scores(self.results[-1].totals))]
        else:
            lines = [self.say("table.scores.none")]
        if self.hand is not None:
            lines.append(self.say("table.scores.so_far", scores=self.say.scores(self.hand.raw_scores())))
        lines.extend(self.say.doubles("table.doubled", self.doubles))
        return lines

    def recap(self) -> list[str]:
        """Where a resumed game stands."""
        assert self.turn is not None
        lines = [self.say("table.resumed", number=self.turn.number + 1, total=self.total)]
        if self.contract is not None:
            lines.extend(self.announcement(self.turn.declarer))
        lines.extend(self.score_lines())
        if self.hand is not None:
            lines.extend(self.trick_lines())
        return list(dict.fromkeys(lines))  # a line said once
