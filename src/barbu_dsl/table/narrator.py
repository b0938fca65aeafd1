"""The table's narrator: every public event of the game said as it happens,
and what the commands ``trick``, ``tricks`` and ``scores`` report.

It follows a :class:`~barbu_dsl.engine.state.GameState`'s events
(:meth:`Narrator.follow`): each hand's start and declarer, the contract
announced with its trump suit or starting rank, each double, each card
played or pass, who wins each trick and its points, who goes out in
domino, the hand's scores, the doubles settled and the running totals.
Events that only some seats may know (the deal) are not said.  While
catching up with a saved game (``barbu play --resume``) it keeps count
silently, then recaps where the game stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import cards as C
from ..engine import GameState, PublicHand
from ..engine.domino import DominoPosition
from ..language import model as m
from .console import Console
from .speech import Speech

_RANKS = {letter: rank for rank, letter in C.RANK_LETTERS.items()}


class Narrator:
    """Says the game to ``console`` (see the module docstring)."""

    def __init__(self, spec: m.Spec, players: int, total: int, console: Console, say: Speech):
        self.spec = spec
        self.players = players
        self.total = total
        self.console = console
        self.say = say
        self.live = True
        self.heard = 0  # the events followed so far
        self.number: int | None = None  # the hand being played (0-based)
        self.declarer = 0
        self.contract: m.Contract | None = None
        self.trump: int | None = None
        self.start_rank: int | None = None
        self.doubles: list[tuple[int, int]] = []
        self.hand: PublicHand | None = None
        self.totals: list[int] | None = None  # after the last hand scored
        self.scored = 0  # hands scored
        self._said = {"hand_begins": self._hand_begins, "contract": self._contract_named, "double": self._doubled,
                      "card": self._card, "trick": self._trick, "out": self._out, "early_end": self._early_end,
                      "hand_ends": self._hand_ends}

    def line(self, text: str, style: str | None = None) -> None:
        """Say one line, unless a saved game is being caught up with."""
        if self.live:
            self.console.say(text, style)

    def follow(self, state: GameState, before_play: Callable[[], None] = lambda: None) -> None:
        """Say every event of ``state`` not said yet; ``before_play`` is
        called as the cards of a hand are about to be played (the people
        at the table see their cards first)."""
        for event in state.events_after(self.heard):
            self.heard = event.n
            data = event.event
            if data["type"] == "play_begins":
                before_play()
                self._play_begins(state.public, data["seat"])
            else:
                said = self._said.get(data["type"])
                if said is not None:
                    said(data)

    # ---- the events -----------------------------------------------------------

    def _hand_begins(self, data: dict[str, Any]) -> None:
        self.number = data["hand"] - 1
        self.declarer = data["declarer"]
        self.contract = self.trump = self.start_rank = None
        self.doubles = []
        self.hand = None
        self.line("")
        self.line(self.say("table.hand.number", number=data["hand"], total=self.total), "bold")
        self.line(self.say.about("table.declares", self.declarer))

    def _contract_named(self, data: dict[str, Any]) -> None:
        self.contract = self.spec.contract(data["contract"])
        self.trump = None if data["trump"] is None else C.SUIT_LETTERS.index(data["trump"])
        self.start_rank = None if data["start_rank"] is None else _RANKS[data["start_rank"]]
        for text in self.announcement(data["seat"]):
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

    def _doubled(self, data: dict[str, Any]) -> None:
        seat, targets = data["seat"], data["doubled"]
        if not targets:
            if seat == self.say.you:
                self.line(self.say("table.no_double.you"))
            return
        self.doubles.extend((seat, target) for target in targets)
        key = "table.redoubles" if seat == self.declarer else "table.doubles"
        self.line(self.say.about(key, seat, whom=self.say.seats(targets)))

    def _play_begins(self, hand: PublicHand | None, leader: int) -> None:
        self.hand = hand
        if self.spec.doubling.allowed and not self.doubles:
            self.line(self.say("table.nobody_doubled"))
        domino = hand is not None and hand.is_domino
        self.line(self.say.about("table.starts" if domino else "table.leads", leader))

    def _card(self, data: dict[str, Any]) -> None:
        seat, card = data["seat"], data["card"]
        if card == "pass":
            self.line(self.say.about("table.passes", seat))
        else:
            self.line(self.say.about("table.plays", seat, card=self.say.card(C.CARD_INDEX[card])))

    def _trick(self, data: dict[str, Any]) -> None:
        winner, number, points = data["winner"], data["number"], data["points"]
        if points:
            self.line(self.say.about("table.wins_trick.points", winner, number=number,
                                     points=self.say.points(points)))
        else:
            self.line(self.say.about("table.wins_trick", winner, number=number))

    def _out(self, data: dict[str, Any]) -> None:
        self.line(self.say.about("table.goes_out", data["seat"], place=data["place"]))

    def _early_end(self, data: dict[str, Any]) -> None:
        self.line(self.say("table.early_end"))

    def _hand_ends(self, data: dict[str, Any]) -> None:
        self.scored = data["hand"]
        self.totals = data["totals"]
        if data["status"] == "not_played":
            self.line(self.say.about("table.not_played", data["declarer"]))
        if data["doubles"] and data["status"] == "complete":
            self.line(self.say("table.scores.play", scores=self.say.scores(data["raw"])))
            self.line(self.say("table.scores.hand_after_doubles", scores=self.say.scores(data["final"])))
        else:
            self.line(self.say("table.scores.hand", scores=self.say.scores(data["final"])))
        self.line(self.say("table.scores.totals", hands=self.scored, total=self.total,
                           scores=self.say.scores(data["totals"])))
        self.hand = None

    # ---- what the commands report ------------------------------------------------

    def trick_lines(self) -> list[str]:
        """``trick``: the cards on the table, who leads, who is winning."""
        hand = self.hand
        if hand is None or hand.is_over:
            return [self.say("table.no_cards_yet")]
        if hand.is_domino:
            return self._rows(hand)
        lines = [self.say("table.trick.number", number=hand.tricks_played + 1, total=hand.table.tricks)]
        if hand.table.trump is not None:
            lines.append(self.say("table.trumps_are", suit=self.say.suit(hand.table.trump)))
        trick = hand.current_trick
        if not trick:
            assert hand.to_play is not None
            lines.append(self.say.about("table.leads", hand.to_play))
            return lines
        seat = hand.leader
        assert seat is not None
        after = hand.position().after
        for card in trick:
            lines.append(self.say.about("table.played", seat, card=self.say.card(card)))
            seat = after[seat]
        winning = hand.winning
        assert winning is not None
        lines.append(self.say.about("table.is_winning", winning[1], card=self.say.card(winning[0])))
        return lines

    def _rows(self, hand: PublicHand) -> list[str]:
        """The domino rows on the table, suit by suit."""
        pos = hand.position()
        assert isinstance(pos, DominoPosition)
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
        if hand.is_domino:
            pos = hand.position()
            assert isinstance(pos, DominoPosition)
            lines = [self.say.about("table.out_in_place", seat, place=place)
                     for place, seat in enumerate(pos.placings, 1)]
            counts = ", ".join(f"{self.say.seat(seat)} {count}" for seat, count in enumerate(pos.counts))
            lines.append(self.say("table.cards_left", counts=counts))
            return lines
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
        if self.totals is not None:
            lines = [self.say("table.scores.totals", hands=self.scored, total=self.total,
                              scores=self.say.scores(self.totals))]
        else:
            lines = [self.say("table.scores.none")]
        if self.hand is not None:
            lines.append(self.say("table.scores.so_far", scores=self.say.scores(self.hand.raw_scores())))
        lines.extend(self.say.doubles("table.doubled", self.doubles))
        return lines

    def recap(self) -> list[str]:
        """Where a resumed game stands."""
        assert self.number is not None
        lines = [self.say("table.resumed", number=self.number + 1, total=self.total)]
        if self.contract is not None:
            lines.extend(self.announcement(self.declarer))
        lines.extend(self.score_lines())
        if self.hand is not None:
            lines.extend(self.trick_lines())
        return list(dict.fromkeys(lines))  # a line said once
