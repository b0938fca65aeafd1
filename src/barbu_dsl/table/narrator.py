"""The table's narrator: every public event of the game said as it happens,
and what the commands ``trick``, ``last``, ``played``, ``tricks`` and
``scores`` report.

It follows a :class:`~barbu_dsl.engine.state.GameState`'s events
(:meth:`Narrator.follow`): each hand's start and declarer, the contract
announced with its trump suit or starting rank, each double, each card
played or pass, who wins each trick with what it scored and why (the
cards that score in it), who goes out in domino, the hand's scores, how
each pair's doubles settled (docs/rules.md section 2) and the running
totals.  Events that only some seats may know (the deal) are not said.
While catching up with a saved game (``barbu play --resume``), or with a
server's game joined under way (``barbu join``), it keeps count silently,
then recaps where the game stands.

The commands read the hand on the table *now*, from the game it follows
(its ``public`` hand), never a copy kept from when play began: a seat's
mirror of a server's game (:class:`~barbu_dsl.server.shadow.SeatMirror`)
puts a new hand on the table each time it draws the hidden cards again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .. import cards as C
from ..compiled import GamePlan, cards_of, nothing_chosen
from ..engine import PublicHand
from ..engine.domino import DominoPosition
from ..language import model as m
from ..runtime.records import receiver
from ..runtime.scoring import from_pot
from ..words import signed_text
from .console import Console
from .speech import Speech

_RANKS = {letter: rank for rank, letter in C.RANK_LETTERS.items()}


class Followed(Protocol):
    """What the narrator follows: a game's events and the hand on its table
    (a :class:`~barbu_dsl.engine.GameState`, or a seat's mirror of one)."""

    @property
    def public(self) -> PublicHand | None: ...

    def events_after(self, n: int) -> Any: ...


@dataclass(frozen=True)
class Trick:
    """A trick once played: its number, who played what in order, who won
    it, its points and the cards in it that score."""

    number: int
    plays: tuple[tuple[int, int], ...]
    winner: int
    points: int
    scoring: tuple[int, ...]


class Narrator:
    """Says the game to ``console`` (see the module docstring)."""

    def __init__(self, spec: m.Spec, players: int, plan: GamePlan, console: Console, say: Speech):
        self.spec = spec
        self.players = players
        self.plan = plan
        self.console = console
        self.say = say
        self.live = True
        self.heard = 0  # the events followed so far
        self.number: int | None = None  # the hand being played (0-based)
        self.declarer = 0
        self.contract: m.Contract | None = None
        self.trump: int | None = None
        self.start_rank: int | None = None
        self.passing: str | None = None  # where this hand's cards are passed
        self.doubles: list[tuple[int, int]] = []
        self.game: Followed | None = None  # the game followed, whose hand on the table the commands read
        self.playing = False  # a hand's cards are being played (from its play_begins to its hand_ends)
        self.table: Any = None  # the compiled rules of the hand being played (what each card scores)
        self.totals: list[int] | None = None  # after the last hand scored
        self.pot = 0  # what the pot holds after the last hand scored (docs/rules.md section 6, "A pot")
        self.scored = 0  # hands scored
        self.moves: list[tuple[int, int | None]] = []  # this hand's moves: (seat, card or None for a pass)
        self.last: Trick | None = None  # the last trick played
        self._said = {"hand_begins": self._hand_begins, "contract": self._contract_named, "double": self._doubled,
                      "card": self._card, "trick": self._trick, "out": self._out, "early_end": self._early_end,
                      "hand_ends": self._hand_ends,
                      "passing": self._passing, "exchange": self._exchange, "redeal": self._redeal,
                      "widow": self._widow}

    def line(self, text: str, style: str | None = None) -> None:
        """Say one line, unless a saved game is being caught up with."""
        if self.live:
            self.console.say(text, style)

    @property
    def hand(self) -> PublicHand | None:
        """The hand on the table now, while one is being played."""
        if not self.playing or self.game is None:
            return None
        return self.game.public

    def follow(self, state: Followed, before_play: Callable[[], None] = lambda: None) -> None:
        """Say every event of ``state`` not said yet; ``before_play`` is
        called as the cards of a hand are about to be played (the people
        at the table see their cards first)."""
        self.game = state
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

    def _passing(self, data: dict[str, Any]) -> None:
        """docs/rules.md section 6, Passing: where the cards go this hand."""
        self.passing = data["direction"]
        self.line(self.say(f"table.passing.{data['direction']}", count=data["cards"]))

    def _exchange(self, data: dict[str, Any]) -> None:
        """The cards are exchanged: the person hears what they gave and
        received, and from whom (other seats' exchanges are not theirs to hear)."""
        seat, say = data["seat"], self.say
        if seat != say.you or self.passing is None:
            return
        if self.passing == "discard":  # the dealer's discards (docs/rules.md section 6): to nobody
            self.line(say("table.discarded", given=say.join([say.the_card(C.CARD_INDEX[c]) for c in data["given"]])))
            return
        to = receiver(seat, self.passing, self.players)
        giver = next(other for other in range(self.players) if receiver(other, self.passing, self.players) == seat)
        cards = {key: say.join([say.the_card(C.CARD_INDEX[card]) for card in data[key]])
                 for key in ("given", "received")}
        self.line(say.about("table.exchange", seat, count=len(data["given"]), whom=say.seat_object(to),
                            giver=say.seat_object(giver), **cards))

    def _redeal(self, data: dict[str, Any]) -> None:
        """docs/rules.md section 6, Misdeals: the deal is void, the declarer chooses again."""
        self.contract = self.trump = self.start_rank = None
        self.line(self.say.about(f"table.redeal.{data['reason'].replace(' ', '_')}", data["seat"]))

    def _hand_begins(self, data: dict[str, Any]) -> None:
        self.number = data["hand"] - 1
        self.declarer = data["declarer"]
        self.contract = self.trump = self.start_rank = self.passing = None
        self.doubles = []
        self.playing, self.table = False, None
        self.moves = []
        self.line("")
        self.line(self.of_game("table.hand.number", number=data["hand"]), "bold")
        if not nothing_chosen(self.spec):  # one contract, nothing to name (Hearts): nobody declares
            self.line(self.say.about("table.declares", self.declarer))

    def _contract_named(self, data: dict[str, Any]) -> None:
        self.contract = self.spec.contract(data["contract"])
        self.trump = None if data["trump"] is None else C.SUIT_LETTERS.index(data["trump"])
        self.start_rank = None if data["start_rank"] is None else _RANKS[data["start_rank"]]
        for text in self.announcement(data["seat"]):
            self.line(text)

    def announcement(self, declarer: int) -> list[str]:
        """The contract as announced: its name, trumps, starting rank (none
        of them in a game of one contract that names nothing, docs/rules.md
        section 2)."""
        assert self.contract is not None
        lines = []
        if not nothing_chosen(self.spec):
            lines.append(self.say.about("table.chooses", declarer, contract=self.say.contract(self.contract)))
        if self.trump is not None:
            lines.append(self.say("table.trumps_are", suit=self.say.suit(self.trump)))
        if self.start_rank is not None:
            lines.append(self.say("table.starts_from", rank=self.say.rank(self.start_rank)))
        return lines

    def _doubled(self, data: dict[str, Any]) -> None:
        seat, targets = data["seat"], data["doubled"]
        # The declarer's answers are redoubles; a declarer who doubles first (docs/rules.md section 6) doubles.
        answers = seat == self.declarer and all((target, seat) in self.doubles for target in targets)
        if not targets:
            if seat == self.say.you:
                answers = seat == self.declarer and any(doubled == seat for _, doubled in self.doubles)
                self.line(self.say("table.no_redouble.you" if answers else "table.no_double.you"))
            return
        self.doubles.extend((seat, target) for target in targets)
        key = "table.redoubles" if answers else "table.doubles"
        self.line(self.say.about(key, seat, whom=self.say.objects(targets)))

    def _play_begins(self, hand: PublicHand | None, leader: int) -> None:
        self.playing = True
        self.table = None if hand is None else hand.table
        if self.spec.doubling.allowed and not self.doubles:
            self.line(self.say("table.nobody_doubled"))
        domino = hand is not None and hand.is_domino
        self.line(self.say.about("table.starts" if domino else "table.leads", leader))

    def _card(self, data: dict[str, Any]) -> None:
        seat, card = data["seat"], data["card"]
        if card == "pass":
            self.moves.append((seat, None))
            self.line(self.say.about("table.passes", seat))
        else:
            self.moves.append((seat, C.CARD_INDEX[card]))
            self.line(self.say.about("table.plays", seat, card=self.say.the_card(C.CARD_INDEX[card])))

    def _trick(self, data: dict[str, Any]) -> None:
        winner, number, points = data["winner"], data["number"], data["points"]
        cards = [C.CARD_INDEX[card] for card in data["cards"]]
        plays = tuple(self.moves[-len(cards):]) if len(self.moves) >= len(cards) else ()
        values = self.table.values if self.table is not None else (0,) * 52
        scoring = tuple(c for c in cards if values[c])
        self.last = Trick(number, tuple((seat, card) for seat, card in plays if card is not None), winner, points,
                          scoring)
        self.line(self._won(self.last))

    def _won(self, trick: Trick) -> str:
        """``You win trick 6: −20, the king of hearts.``"""
        if not trick.points:
            return self.say.about("table.wins_trick", trick.winner, number=trick.number)
        if not trick.scoring:
            return self.say.about("table.wins_trick.points", trick.winner, number=trick.number,
                                  points=self.say.points(trick.points))
        return self.say.about("table.wins_trick.scoring", trick.winner, number=trick.number,
                              points=self.say.points(trick.points),
                              cards=self.say.join([self.say.the_card(c) for c in trick.scoring]))

    def _widow(self, data: dict[str, Any]) -> None:
        """docs/rules.md section 6: the taker of the first trick takes the widow, shown to everyone."""
        cards = [C.CARD_INDEX[card] for card in data["cards"]]
        self.line(self.say.about("table.takes_widow", data["seat"],
                                 cards=self.say.join([self.say.the_card(c) for c in cards])))

    def _out(self, data: dict[str, Any]) -> None:
        self.line(self.say.about("table.goes_out", data["seat"], place=data["place"]))

    def _early_end(self, data: dict[str, Any]) -> None:
        self.line(self.say("table.early_end"))

    def _hand_ends(self, data: dict[str, Any]) -> None:
        before = self.totals if self.totals is not None else [0] * len(data["totals"])
        self.scored = data["hand"]
        self.totals = data["totals"]
        if data["status"] == "not_played":
            self.line(self.say.about("table.not_played", data["declarer"]))
        if data["doubles"] and data["status"] == "complete":
            self.line(self.say("table.scores.play", scores=self.say.scores(data["raw"])))
            for text in self.settlement([tuple(pair) for pair in data["doubles"]], data["raw"]):
                self.line(text)
            self.line(self.say("table.scores.hand_after_doubles", scores=self.say.scores(data["final"])))
        else:
            self.line(self.say("table.scores.hand", scores=self.say.scores(data["final"])))
        self._running(before, data["final"], data["totals"])
        self.line(self.of_game("table.scores.totals", hands=self.scored, scores=self.say.scores(data["totals"])))
        self.playing, self.table = False, None

    def _running(self, before: list[int], final: list[int], totals: list[int]) -> None:
        """What a hand did to the running totals beyond its scores: who took
        the pot, or that it is carried on (section 6, "A pot"), and each
        total that went back (section 6, "Running totals")."""
        collected = [0] * len(final)
        if self.plan.pot:
            taken, self.pot = from_pot(self.pot, final)
            collected = list(taken)
            for seat, amount in enumerate(collected):
                if amount:
                    self.line(self.say.about("table.pot_collects", seat, amount=signed_text(amount)))
            if 0 not in final:
                self.line(self.say("table.pot_carried", pot=signed_text(self.pot)))
            elif not any(collected):
                self.line(self.say("table.pot_kept", pot=signed_text(self.pot)))
        for seat, (total, score, now) in enumerate(zip(before, final, totals, strict=True)):
            reached = total + score + collected[seat]
            if reached != now:
                self.line(self.say.about("table.reset", seat, reached=signed_text(reached), to=signed_text(now)))

    def of_game(self, key: str, **fields: Any) -> str:
        """Message ``key`` placing a hand in the game: "of 28" (``total``),
        or, in a game to a target score, "playing to 100" (its ``.to``
        message, docs/rules.md section 6)."""
        if self.plan.target is not None:
            return self.say(key + ".to", target=signed_text(self.plan.target), **fields)
        return self.say(key, total=self.plan.hands, **fields)

    def settlement(self, doubles: list[tuple[int, int]], raw: list[int]) -> list[str]:
        """How each pair's doubles settled (docs/rules.md section 2): the
        difference of their scores passes from the worse to the better,
        twice when both doubled."""
        lines = []
        done: set[tuple[int, int]] = set()
        for doubler, doubled in doubles:
            pair = (min(doubler, doubled), max(doubler, doubled))
            if pair in done:
                continue
            done.add(pair)
            a, b = pair
            both = (a, b) in doubles and (b, a) in doubles
            amount = (2 if both else 1) * (raw[a] - raw[b])
            twice = " " + self.say("table.settle.twice") if both else ""
            if amount == 0:
                lines.append(self.say("table.settle.level", first=self.say.seat(a), second=self.say.seat(b),
                                      twice=twice))
                continue
            payer, payee = (b, a) if amount > 0 else (a, b)
            if payer == self.say.you:
                lines.append(self.say("table.settle.you_pay", payee=self.say.seat_object(payee), amount=abs(amount),
                                      twice=twice))
            elif payee == self.say.you:
                lines.append(self.say("table.settle.pays_you", payer=self.say.seat(payer), amount=abs(amount),
                                      twice=twice))
            else:
                lines.append(self.say("table.settle.pays", payer=self.say.seat(payer), payee=self.say.seat(payee),
                                      amount=abs(amount), twice=twice))
        return lines

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
            lines.append(self.say.about("table.played", seat, card=self.say.the_card(card)))
            seat = after[seat]
        winning = hand.winning
        assert winning is not None
        lines.append(self.say.about("table.is_winning", winning[1], card=self.say.the_card(winning[0])))
        return lines

    def last_lines(self, seat: int | None = None) -> list[str]:
        """``last``: the trick played last, who played what, who won it and
        what it scored; in domino, every move since ``seat`` last moved."""
        if self.hand is not None and self.hand.is_domino:
            return self._since(seat)
        trick = self.last
        if trick is None:
            return [self.say("table.last.none")]
        plays = ", ".join(self.say("table.last.play", seat=self.say.seat(s), card=self.say.the_card(c))
                          for s, c in trick.plays)
        return [self.say("table.last.trick", number=trick.number, plays=plays), self._won(trick)]

    def _since(self, seat: int | None) -> list[str]:
        """Domino: the moves since ``seat`` last moved (all of them when it has not)."""
        moves = self.moves
        if seat is not None:
            mine = [i for i, (s, _) in enumerate(moves) if s == seat]
            if mine:
                moves = moves[mine[-1] + 1:]
        if not moves:
            return [self.say("table.last.none")]
        said = [self.say("table.last.pass", seat=self.say.seat(s)) if card is None
                else self.say("table.last.play", seat=self.say.seat(s), card=self.say.the_card(card))
                for s, card in moves]
        return [self.say("table.last.since", moves=", ".join(said))]

    def played_lines(self) -> list[str]:
        """``played``: the cards played so far this hand, suit by suit."""
        hand = self.hand
        if hand is None:
            return [self.say("table.no_cards_yet")]
        if hand.is_domino:
            return self._rows(hand)
        played = cards_of(hand.played)
        if not played:
            return [self.say("table.no_cards_yet")]
        lines = [self.say("table.played_so_far", count=len(played))]
        for suit in C.SUITS:
            cards = [c for c in played if C.suit_of(c) == suit]
            text = self.say.rank_letters(cards) if cards else self.say("table.hand.none")
            lines.append(self.say("table.hand.suit", suit=self.say.suit(suit), cards=text))
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
            if low == high:
                the_rank = self.say(f"cards.article.{low}") + self.say.rank(low)
                lines.append(self.say("table.row.one", suit=self.say.suit(suit), the_rank=the_rank))
            else:
                lines.append(self.say("table.row.open", suit=self.say.suit(suit), from_low=self.say.from_rank(low),
                                      to_high=self.say.to_rank(high)))
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
            lines = [self.of_game("table.scores.totals", hands=self.scored, scores=self.say.scores(self.totals))]
        else:
            lines = [self.say("table.scores.none")]
        if self.hand is not None:
            lines.append(self.say("table.scores.so_far", scores=self.say.scores(self.hand.raw_scores())))
        lines.extend(self.say.doubles("table.doubled", self.doubles))
        return lines

    def recap(self, key: str = "table.resumed", declarer: bool = False) -> list[str]:
        """Where a resumed game stands: the hand (placed in the game by
        message ``key``), who declares it (``declarer``) and its contract,
        the scores and doubles, and the trick on the table."""
        assert self.number is not None
        lines = [self.of_game(key, number=self.number + 1)]
        if declarer and self.contract is None and not nothing_chosen(self.spec):
            lines.append(self.say.about("table.declares", self.declarer))
        if self.contract is not None:
            lines.extend(self.announcement(self.declarer))
        lines.extend(self.score_lines())
        if self.hand is not None:
            lines.extend(self.trick_lines())
        return list(dict.fromkeys(lines))  # a line said once
