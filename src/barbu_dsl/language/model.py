"""The one model in the middle: a spec, parsed once, typed and immutable.

Everything after the parser (verifier, explainer, printer, engine, generator)
reads these objects and nothing else.  They are frozen dataclasses built
from tuples, so two specs that say the same thing compare equal and can be
hashed; source positions are kept out of equality.

The model mirrors ``docs/rules.md``:

* a :class:`Contract` has :class:`Rules` (play mechanics plus scoring) and,
  optionally, other rules for particular player counts (section 3);
* play is either :class:`TrickPlay` (no-trump or trump tricks, lead
  restrictions, first-trick bans, shed-when-safe; sections 1, 2, 3) or
  :class:`DominoPlay` (fan tan; section 2);
* :class:`Scoring` is a tuple of groups of parts.  Parts in different groups
  add up (Salade); inside one group a single card's value replaces the value
  a wider part gives it (``−2 per ♥, A♥ −6`` totals −30).  All-or-nothing
  and shoot-the-moon transform a whole contract's scores;
* the :class:`Spec` carries the game structure (:class:`Game`), the doubling
  rules (:class:`Doubling`), the decks for each player count, and the named
  overlays (:class:`Overlay`: variants and scales) that can be applied to it.

Each rule-line clause is one of the dataclasses in :data:`Clause`; a
:class:`Rules` is built from clauses (:func:`barbu_dsl.language.rules.build`)
and taken apart into them again (:func:`barbu_dsl.language.rules.clauses`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import ClassVar, Literal

from ..cards import Card, Rank, Suit, rank_str
from ..runtime import records
from ..runtime.scoring import payouts, position_index, target_reached

# --------------------------------------------------------------------------
# Card selectors: which cards a part counts or a restriction names.


@dataclass(frozen=True)
class AllCards:
    """Every card of the deck (``per card``)."""


@dataclass(frozen=True)
class SuitCards:
    """Every card of one suit (``per ♥``)."""

    suit: Suit


@dataclass(frozen=True)
class RankCards:
    """The four cards of one rank (``per queen``)."""

    rank: Rank


@dataclass(frozen=True)
class OneCard:
    """A single card (``A♥``, ``K♥``, ``Q♠``)."""

    card: Card


@dataclass(frozen=True)
class CardSet:
    """An explicit set of cards (``{Q♠, K♥}``); kept sorted."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TrumpCards:
    """The cards of the trump suit, whichever suit is named at play."""


@dataclass(frozen=True)
class PointCards:
    """The cards that score in this contract (``no points on first trick``)."""


Cards = AllCards | SuitCards | RankCards | OneCard | CardSet | TrumpCards | PointCards

# --------------------------------------------------------------------------
# What each clause asks of the rest of its rule line, as data beside it
# (read by :func:`barbu_dsl.language.rules.build`):
#
# * ``applies``: the play it belongs to, ``tricks`` or ``domino`` (a
#   domino contract has no tricks to score or to lead to; trick play has no
#   runs to open);
# * ``needs_trumps``: it speaks of trumps, so the line must say ``trumps``;
# * ``swept`` (scoring parts): taking every one of its elements is a sweep
#   that ``all or nothing`` and ``shoot the moon`` turn; a placing or the
#   most of one suit is not;
# * ``elsewhere``: what to say to a writer who put it where it does not apply.

Applies = Literal["tricks", "domino"]


class Constraints:
    """What a clause asks of the rest of its rule line (see above); each
    clause class says its own."""

    applies: ClassVar[Applies]
    needs_trumps: ClassVar[bool] = False
    swept: ClassVar[bool] = True
    elsewhere: ClassVar[str | None] = None

# --------------------------------------------------------------------------
# Scoring parts.  Values are in points for the player who takes the element;
# a negative value is a penalty.


@dataclass(frozen=True)
class PerTrick(Constraints):
    """``value`` for each trick taken (``−2 per trick``)."""

    applies: ClassVar[Applies] = "tricks"

    value: int


@dataclass(frozen=True)
class NoTrick(Constraints):
    """``value`` for a player who takes no trick at all (``+10 for no
    trick``, as several trick-avoidance games score it).  No sweep: a player
    cannot take every one of these."""

    applies: ClassVar[Applies] = "tricks"
    swept: ClassVar[bool] = False

    value: int


@dataclass(frozen=True)
class NoCards(Constraints):
    """``value`` for a player who takes none of ``cards`` (``+5 for no ♥``,
    ``+5 for no points``: none of the cards the contract scores).  No sweep:
    a player cannot take every one of these."""

    applies: ClassVar[Applies] = "tricks"
    swept: ClassVar[bool] = False

    value: int
    cards: Cards


@dataclass(frozen=True)
class AllTricks(Constraints):
    """``value`` for the player who takes every trick of the hand, a slam
    (``+20 for all tricks``), added to what the hand gives them; with
    ``instead`` (``+20 for all tricks instead``) the hand's scores are
    replaced: that player scores ``value`` and every other player 0
    (docs/rules.md section 6, taking all or none).  No sweep: it is one."""

    applies: ClassVar[Applies] = "tricks"
    swept: ClassVar[bool] = False

    value: int
    instead: bool = False


@dataclass(frozen=True)
class PerCard(Constraints):
    """``value`` for each card of ``cards`` taken (``−2 per ♥``; with a
    :class:`OneCard` selector it is written ``A♥ −6``)."""

    applies: ClassVar[Applies] = "tricks"

    value: int
    cards: Cards


@dataclass(frozen=True)
class TrickAt(Constraints):
    """``value`` for taking one trick by its position: ``position`` counts
    from 1 for the first trick, from -1 for the last (``−20 last trick``,
    ``−10 penultimate trick``, ``−15 trick 3``)."""

    applies: ClassVar[Applies] = "tricks"

    value: int
    position: int

    def index(self, tricks: int) -> int | None:
        """The 0-based index of this trick in a hand of ``tricks`` tricks,
        or None when the hand has no such trick (it then never scores)."""
        return position_index(self.position, tricks)


@dataclass(frozen=True)
class Placings(Constraints):
    """Domino: ``values[i]`` for the player who goes out in place ``i``."""

    applies: ClassVar[Applies] = "domino"
    swept: ClassVar[bool] = False

    values: tuple[int, ...]


TieRule = Literal["split", "full"]
Rounding = Literal["down", "up", "nearest"]


@dataclass(frozen=True)
class MostOfOneSuit(Constraints):
    """Ravage City: ``value`` for the player whose largest single-suit count
    of captured cards is the highest.  Tied players share it (``split``,
    with ``rounding`` when a share is not whole) or each pay it (``full``)."""

    applies: ClassVar[Applies] = "tricks"
    swept: ClassVar[bool] = False

    value: int
    ties: TieRule = "split"
    rounding: Rounding | None = None


@dataclass(frozen=True)
class Spread(Constraints):
    """``value`` shared out equally over the elements of a hand: every trick
    (``cards`` None: ``−26 spread over tricks``) or every card of ``cards``
    in the deck (``−30 spread over ♥``), so the value follows the deck size
    (docs/rules.md section 6).  For each player count it stands for the
    ``per trick`` or ``per …`` part of the share; a share that is not whole
    is refused."""

    applies: ClassVar[Applies] = "tricks"

    value: int
    cards: Cards | None = None


Part = PerTrick | NoTrick | NoCards | AllTricks | PerCard | TrickAt | Placings | MostOfOneSuit | Spread


@dataclass(frozen=True)
class Scoring:
    """A contract's points.  ``groups`` add up; see the module docstring for
    the overriding rule inside one group.  ``all_or_nothing``: a player who
    takes every scoring element has those points negated.  ``shoot_the_moon``:
    such a player scores 0 and every other player scores the total."""

    groups: tuple[tuple[Part, ...], ...]
    all_or_nothing: bool = False
    shoot_the_moon: bool = False

    @property
    def parts(self) -> tuple[Part, ...]:
        return tuple(part for group in self.groups for part in group)


# --------------------------------------------------------------------------
# Play mechanics.

LeadScope = Literal["every", "opening", "until-broken"]


@dataclass(frozen=True)
class LeadBan:
    """A suit that may not be led: on ``every`` lead (``no ♥ lead``), on the
    ``opening`` lead only (``no ♥ opening lead``), or ``until-broken``, that
    is until a card of the suit, or one of ``broken_by``, has been played
    (``no ♥ lead until broken``, ``Q♠ breaks ♥``).  A player holding only
    that suit may always lead it."""

    suit: Suit
    scope: LeadScope = "every"
    broken_by: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Trumps:
    """Trump play.  ``suit`` is None when the declarer names it.

    ``must_win``: a player void in the led suit who holds a trump that would
    win the trick as it stands must play a trump that wins it.
    ``must_overtrump``: when trumps are led, a player holding a trump higher
    than every trump in the trick must play a higher one (docs/rules.md section 2).
    ``must_trump``: a player void in the led suit who holds a trump must play
    one, even one that loses (section 6, forced plays).
    """

    suit: Suit | None = None
    must_win: bool = False
    must_overtrump: bool = False
    must_trump: bool = False


@dataclass(frozen=True)
class TrickPlay:
    """Trick-taking play: follow suit, highest card of the led suit wins,
    unless trumps.  ``inverted``: 2 is high and the ace low.  ``order``:
    the ranks from strongest to weakest, in every suit and trumps too
    (``order A 10 K Q J 9 8 7``, docs/rules.md section 6, Card orders);
    None for the natural order (or ``2 high``).
    ``play_every_trick``: the hand never ends early (docs/rules.md section 1,
    playing out), as Hearts is played everywhere.  ``discard_when_void``:
    a player void in the led suit who holds one of these cards must play
    one (docs/rules.md section 6, forced plays)."""

    trumps: Trumps | None = None
    inverted: bool = False
    order: tuple[Rank, ...] | None = None
    play_every_trick: bool = False
    lead_bans: tuple[LeadBan, ...] = ()
    opening_card: Card | None = None
    first_trick_bans: tuple[Cards, ...] = ()
    shed_when_safe: tuple[Cards, ...] = ()
    discard_when_void: tuple[Cards, ...] = ()


DominoStart = Rank | Literal["chosen", "first-card"]
DominoEnd = Literal["last", "first-out"]
PlayOn = Literal["no", "after-ace", "always"]


@dataclass(frozen=True)
class DominoPlay:
    """Domino / fan tan.  ``start`` is a fixed rank, ``"chosen"`` (the
    declarer names it) or ``"first-card"`` (the declarer's first card sets
    it).  ``aces_low``: the ace sits below the 2 instead of above the king.
    ``ace_again``: a player who plays an ace moves again.  ``end``: the
    hand ends when only one player still holds cards (``last``), or when
    the first player goes out (``first-out``: the others are placed by the
    cards they hold; docs/rules.md section 6).  ``opening_card``
    (``8♦ starts``): its holder moves first and plays it; ``start`` is then
    its rank.  ``play_on``: after a card (``always``) or after an ace
    (``after-ace``) the player may play another card at once or stop
    (docs/rules.md section 6, Domino)."""

    start: DominoStart = "chosen"
    aces_low: bool = False
    ace_again: bool = False
    end: DominoEnd = "last"
    opening_card: Card | None = None
    play_on: PlayOn = "no"


Play = TrickPlay | DominoPlay


@dataclass(frozen=True)
class Rules:
    """How a contract is played and scored."""

    play: Play
    scoring: Scoring

    @property
    def is_domino(self) -> bool:
        return isinstance(self.play, DominoPlay)


# --------------------------------------------------------------------------
# Rule-line clauses that are not scoring parts.  A rule line is a sequence of
# these and of parts; see ``grammar/barbu.lark`` for their written forms.


@dataclass(frozen=True)
class TrumpsClause(Constraints):
    """``trumps`` (the declarer names the suit) or ``trumps ♠``."""

    applies: ClassVar[Applies] = "tricks"

    suit: Suit | None = None


@dataclass(frozen=True)
class MustWinWithTrump(Constraints):
    """``must win with a trump``"""

    applies: ClassVar[Applies] = "tricks"
    needs_trumps: ClassVar[bool] = True


@dataclass(frozen=True)
class MustOvertrump(Constraints):
    """``must overtrump``"""

    applies: ClassVar[Applies] = "tricks"
    needs_trumps: ClassVar[bool] = True


@dataclass(frozen=True)
class MustTrump(Constraints):
    """``must trump``: a void player trumps if able, even with a losing trump."""

    applies: ClassVar[Applies] = "tricks"
    needs_trumps: ClassVar[bool] = True


@dataclass(frozen=True)
class DominoClause(Constraints):
    """``domino``, ``domino from 5``, ``domino from first card``"""

    applies: ClassVar[Applies] = "domino"

    start: DominoStart = "chosen"


@dataclass(frozen=True)
class AcesLow(Constraints):
    """``aces low`` (domino)"""

    applies: ClassVar[Applies] = "domino"
    elsewhere: ClassVar[str | None] = "trick play inverts with '2 high'"


@dataclass(frozen=True)
class AceAgain(Constraints):
    """``ace plays again`` (domino)"""

    applies: ClassVar[Applies] = "domino"


@dataclass(frozen=True)
class AceMayAgain(Constraints):
    """``ace may play again`` (domino): after an ace the player may play on or stop."""

    applies: ClassVar[Applies] = "domino"


@dataclass(frozen=True)
class AnyNumber(Constraints):
    """``any number of cards a turn`` (domino): after each card the player may play on or stop."""

    applies: ClassVar[Applies] = "domino"


@dataclass(frozen=True)
class Starts(Constraints):
    """``8♦ starts`` (domino): its holder moves first and plays it; the
    rows are built from its rank."""

    applies: ClassVar[Applies] = "domino"
    elsewhere: ClassVar[str | None] = "a trick game opens with 'leads' ('2♣ leads')"

    card: Card


@dataclass(frozen=True)
class EndsAtFirstOut(Constraints):
    """``ends at first out`` (domino)"""

    applies: ClassVar[Applies] = "domino"


@dataclass(frozen=True)
class Inverted(Constraints):
    """``2 high``: the rank order is inverted."""

    applies: ClassVar[Applies] = "tricks"


@dataclass(frozen=True)
class Order(Constraints):
    """``order A 10 K Q J 9 8 7``: the ranks from strongest to weakest, in
    every suit (docs/rules.md section 6, Card orders)."""

    applies: ClassVar[Applies] = "tricks"

    ranks: tuple[Rank, ...]


@dataclass(frozen=True)
class PlayEveryTrick(Constraints):
    """``play every trick``: no early end (docs/rules.md section 1, playing out)."""

    applies: ClassVar[Applies] = "tricks"


@dataclass(frozen=True)
class NoLead(Constraints):
    """``no ♥ lead``, ``no ♥ opening lead``, ``no ♥ lead until broken``"""

    applies: ClassVar[Applies] = "tricks"

    suit: Suit
    scope: LeadScope = "every"


@dataclass(frozen=True)
class Breaks(Constraints):
    """``Q♠ breaks ♥``"""

    applies: ClassVar[Applies] = "tricks"

    card: Card
    suit: Suit


@dataclass(frozen=True)
class Leads(Constraints):
    """``2♣ leads``: its holder leads it to the first trick."""

    applies: ClassVar[Applies] = "tricks"

    card: Card


@dataclass(frozen=True)
class NotOnFirstTrick(Constraints):
    """``no points on first trick``, ``no Q♠ on first trick``"""

    applies: ClassVar[Applies] = "tricks"

    cards: Cards


@dataclass(frozen=True)
class ShedWhenSafe(Constraints):
    """``shed K♥ when safe``"""

    applies: ClassVar[Applies] = "tricks"

    cards: Cards


@dataclass(frozen=True)
class DiscardWhenVoid(Constraints):
    """``discard ♥ when void``, ``discard points when void``"""

    applies: ClassVar[Applies] = "tricks"

    cards: Cards


@dataclass(frozen=True)
class AllOrNothing(Constraints):
    """``all or nothing``"""

    applies: ClassVar[Applies] = "tricks"


@dataclass(frozen=True)
class ShootTheMoon(Constraints):
    """``shoot the moon``"""

    applies: ClassVar[Applies] = "tricks"


Mechanic = (
    TrumpsClause | MustWinWithTrump | MustOvertrump | MustTrump | DominoClause | AcesLow | AceAgain | EndsAtFirstOut
    | AceMayAgain | AnyNumber | Starts | Inverted | Order | PlayEveryTrick | NoLead | Breaks | Leads | NotOnFirstTrick
    | ShedWhenSafe | DiscardWhenVoid | AllOrNothing | ShootTheMoon
)
Clause = Part | Mechanic

# --------------------------------------------------------------------------
# Contracts, game structure, doubling, overlays, the spec.


@dataclass(frozen=True)
class Position:
    """Where something was written: for error messages only."""

    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Contract:
    """A named contract.

    ``by_players`` holds other rules for particular player counts.  When a
    contract declares a ``twin``, the loader also makes the twin: a contract
    of that name whose values are negated, marked ``derived``.  ``times``:
    how often the contract is played in a player's list, a declarer's
    series or a rubber of a shared list; with ``times_each`` (shared lists
    only), how often each player must choose it (docs/rules.md section 6).
    ``names`` are its names in the players' languages (language code →
    name), ``twin_names`` its twin's (:mod:`.names`): for people to read
    and type; ``name`` is its name everywhere else.  ``descriptions`` are
    its ``description`` in the players' languages.
    """

    name: str
    rules: Rules
    by_players: tuple[tuple[int, Rules], ...] = ()
    twin: str | None = None
    derived: bool = False
    description: str | None = None
    times: int = 1
    times_each: bool = False
    names: tuple[tuple[str, str], ...] = ()
    twin_names: tuple[tuple[str, str], ...] = ()
    descriptions: tuple[tuple[str, str], ...] = ()
    where: Position | None = field(default=None, compare=False, repr=False)
    where_by_players: tuple[tuple[int, Position], ...] = field(default=(), compare=False, repr=False)

    def where_for(self, players: int) -> Position | None:
        """Where the rules ``players`` play were written: their own line
        under ``players:``, or the contract's ``rules``."""
        return dict(self.where_by_players).get(players, self.where)

    def name_in(self, language: str) -> str:
        """The contract's name for people who speak ``language``."""
        return dict(self.names).get(language, self.name)

    def description_in(self, language: str) -> str | None:
        """The contract's description for people who speak ``language``
        (its ``description`` where the spec gives none in that language)."""
        return dict(self.descriptions).get(language, self.description) if self.description else None

    def rules_for(self, players: int) -> Rules:
        """The rules this contract is played with by ``players`` players."""
        for count, rules in self.by_players:
            if count == players:
                return rules
        return self.rules

    def times_played(self, players: int) -> int:
        """How often a list, series or rubber plays this contract: its
        ``times``, for every player when it is ``times … each``."""
        return self.times * (players if self.times_each else 1)


Aim = Literal["highest", "lowest"]
Chooser = Literal["declarer-series", "rotating", "dealer", "fixed-order", "fixed-series"]
FirstLead = Literal["declarer", "left", "right"]
Mode = Literal["classic", "random", "individual-random", "custom"]
Direction = Literal["clockwise", "anticlockwise"]
Lists = Literal["own", "shared"]
Hands = int | tuple[tuple[int, int], ...] | None


@dataclass(frozen=True)
class Game:
    """How a game runs (docs/rules.md sections 2 and 3).

    ``chooser``: ``declarer-series`` (a declarer chooses each contract once,
    then the next player takes over), ``rotating`` (the chooser moves on
    every hand), ``dealer`` (the dealer chooses), ``fixed-order``
    (``order`` is played as written, once per player or once in all),
    ``fixed-series`` (each declarer in turn plays the whole order).
    ``first_lead``: who leads the first trick, the chooser or the player on
    their left or right; in domino the chooser always moves first.
    ``mode``, ``contracts_per_game`` and ``hands`` are the French modes
    (``hands`` may differ by player count: pairs of count and hands);
    ``order`` is the contract list they draw from (all contracts when
    empty).  Section 6: ``direction`` is the way play and every turn pass,
    ``first_declarer`` the card whose holder in the first deal declares
    first (None: by lot), ``lists`` whether each player has a list of their
    own or the table shares one.  ``target`` (section 6, "A target score")
    ends the game at the end of the hand in which some player's running
    total reaches it (at least it when it is positive, at most it when it
    is negative); with ``hands`` as well, whichever comes first.
    ``reset`` (section 6, "Running totals") are ``(exactly, to)`` pairs: a
    running total that a hand brings to exactly the first becomes the
    second, before the target is looked at.  ``payout`` (section 6,
    "Payments by place") gives, by player count, what each place receives
    (or pays) at the end of the game, first place first.  ``pot`` (section
    6, "A pot"): what each hand takes from the players goes into a pot,
    which the players who take no points share.  ``choose_after``
    (section 6, "Choosing after part of the hand"): the cards are dealt in
    two rounds, that many to each seat and then the rest, and the declarer
    chooses the contract and names its trumps or starting rank between
    them (None: the whole hand is dealt first).
    """

    aim: Aim = "highest"
    chooser: Chooser = "declarer-series"
    first_lead: FirstLead = "declarer"
    mode: Mode = "custom"
    contracts_per_game: int | None = None
    hands: Hands = None
    target: int | None = None
    reset: tuple[tuple[int, int], ...] = ()
    payout: tuple[tuple[int, tuple[int, ...]], ...] = ()
    pot: bool = False
    order: tuple[str, ...] = ()
    direction: Direction = "clockwise"
    first_declarer: Card | None = None
    lists: Lists = "own"
    choose_after: int | None = None

    def hands_for(self, players: int) -> int | None:
        """The number of hands the spec sets for ``players``, or None."""
        if isinstance(self.hands, tuple):
            return dict(self.hands).get(players)
        return self.hands

    def reached(self, totals: Sequence[int]) -> bool:
        """Whether some running total has reached the target (never without one)."""
        return target_reached(self.target, totals)

    def payout_for(self, players: int) -> tuple[int, ...]:
        """What each place receives at the end of a game of ``players``
        players, first place first (empty: no payments)."""
        return dict(self.payout).get(players, ())

    def payouts(self, totals: Sequence[int]) -> tuple[int, ...]:
        """What each seat receives at the end of a game with these final
        totals (empty when the game has no payments for this count)."""
        amounts = self.payout_for(len(totals))
        return payouts(totals, amounts, self.aim == "lowest") if amounts else ()


Whom = Literal["anyone", "declarer-only"]
Undoubled = Literal["played", "not-played"]
Redouble = bool | Literal["anyone"]
DoublesFirst = Literal["next", "declarer"]
MinimumPer = Literal["series", "rubber"]
Counted = Literal["series", "rubber", "game"]


@dataclass(frozen=True)
class Doubling:
    """Who may double whom (docs/rules.md section 2, Doubling and variants 3, 4).

    ``whom``: ``anyone`` may be doubled, or ``declarer-only`` (then the
    declarer's redouble must cover every player who doubled them).
    ``positive_declarer_only``: in positive contracts only the declarer may be
    doubled.  ``redouble``: the declarer may double back those who doubled
    them (``True``), nobody may (``False``), or every doubled player may,
    after everyone's first chance (``"anyone"``, docs/rules.md section 6).
    ``undoubled``: ``not-played`` means a negative contract nobody
    doubles is not played; each opponent scores total/(n−1) rounded to the
    nearest integer, the declarer the rest.  ``minimum``: the advisory number
    of doubles each player should make against each declarer's series.
    ``first``: who has the first chance in the doubling round, the player
    after the declarer (``next``) or the declarer (``declarer``, docs/rules.md
    section 6: the declarer may then double anyone who may be doubled, and
    ends the round with a redouble of those who doubled them).  ``per``:
    what the minimum is counted over (docs/rules.md section 2, "The minimum
    of two doubles"): a declarer's ``series`` or a ``rubber`` of the shared
    list; None, the series in a game of declarer series, else the game.
    """

    allowed: bool = True
    whom: Whom = "anyone"
    positive_declarer_only: bool = True
    redouble: Redouble = True
    undoubled: Undoubled = "played"
    minimum: int = 0
    first: DoublesFirst = "next"
    per: MinimumPer | None = None


PassDirection = Literal["left", "right", "across", "hold"]
DEFAULT_CYCLE: tuple[PassDirection, ...] = ("left", "right", "across", "hold")
"""The cycle of passes most Hearts programs play, OpenSpiel's among them."""


@dataclass(frozen=True)
class Passing:
    """Cards passed before play (docs/rules.md section 6, Passing).

    Each player gives ``cards`` cards to another, the same for every
    contract of the spec: hand ``n`` (from 0) passes in the direction
    ``cycle[n % len(cycle)]``, ``left`` to the next seat (seat i+1 sits on
    seat i's left), ``right`` to the previous one, ``across`` to the seat
    opposite (an even number of players), ``hold`` not at all.  No
    passing: ``cards`` 0.
    """

    cards: int = 0
    cycle: tuple[PassDirection, ...] = DEFAULT_CYCLE

    @property
    def on(self) -> bool:
        return self.cards > 0

    def direction(self, number: int) -> PassDirection:
        """The direction hand ``number`` (from 0) passes in."""
        if not self.on or not self.cycle:
            return "hold"
        return self.cycle[number % len(self.cycle)]


HONOURS_ABOVE: Rank = 10
"""The honours are the cards above the 10: A K Q J (docs/rules.md section 6, Misdeals)."""
REDEAL_LIMIT = 100
"""After this many redeals of one hand the deal stands (docs/rules.md section 6, Misdeals)."""


@dataclass(frozen=True)
class Redeal:
    """A misdeal rule (docs/rules.md section 6, Misdeals): the dealer deals
    again when a hand holds no card above the rank ``above`` (10: no
    honour, A K Q J) or, with ``trump``, no card of the hand's trump suit
    once it is known; after ``limit`` redeals of one hand the deal stands.
    No misdeal rule: ``above`` None and ``trump`` False."""

    above: Rank | None = None
    trump: bool = False
    limit: int = REDEAL_LIMIT

    @property
    def on(self) -> bool:
        return self.above is not None or self.trump

    @property
    def when(self) -> tuple[str, ...]:
        """The conditions as written: ``no honour`` (or ``no card above 9``), ``no trump``."""
        words: list[str] = []
        if self.above is not None:
            words.append("no honour" if self.above == HONOURS_ABOVE else f"no card above {rank_str(self.above)}")
        if self.trump:
            words.append("no trump")
        return tuple(words)


Leftover = Literal["removed", "widow aside", "widow to first trick", "dealer discards"]
"""What becomes of the cards that do not deal out evenly (docs/rules.md
section 6, Packs, decks and player counts): ``removed`` by the decks before
the deal (the default), dealt face down to a widow that is never played
(``widow aside``) or that goes to the taker of the first trick (``widow to
first trick``), or dealt to the dealer, who discards as many face down
(``dealer discards``)."""


SettingValue = str | int | bool | None | tuple


@dataclass(frozen=True)
class ContractChange:
    """What an overlay does to one contract: ``set`` it (replace it, or add
    it when it is new, with ``contract``), ``patch`` it (take the clauses
    ``remove`` out, then put the clauses ``add`` in; added scoring parts form
    groups of their own, so they add up), or ``drop`` it.  A patch's
    ``by_players`` then sets the rules of particular player counts, the other
    counts keeping theirs (a scale changed for one player count, docs/rules.md
    section 2, "Variants and scales"); ``where_by_players`` says where each
    was written."""

    name: str
    action: Literal["set", "patch", "drop"]
    contract: Contract | None = None
    remove: tuple[tuple[Clause, ...], ...] = ()
    add: tuple[tuple[Clause, ...], ...] = ()
    by_players: tuple[tuple[int, Rules], ...] = ()
    where: Position | None = field(default=None, compare=False, repr=False)
    where_by_players: tuple[tuple[int, Position], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Overlay:
    """A named variant or scale: setting changes (``settings`` holds
    ``("section.key", value)`` pairs, e.g. ``("game.chooser", "dealer")``)
    and contract changes, applied in order.  ``deck_words``: the decks it
    gives in a shorthand the file used (``highest 8 each``), which
    ``barbu fmt`` writes again as written; ``positions``: where each of its
    settings was written, for messages at their line.  ``descriptions``:
    its ``description`` in the players' languages."""

    name: str
    kind: Literal["variant", "scale"]
    description: str = ""
    settings: tuple[tuple[str, SettingValue], ...] = ()
    contracts: tuple[ContractChange, ...] = ()
    where: Position | None = field(default=None, compare=False, repr=False)
    deck_words: tuple[tuple[int, str], ...] = field(default=(), compare=False, repr=False)
    positions: tuple[tuple[str, Position], ...] = field(default=(), compare=False, repr=False)
    descriptions: tuple[tuple[str, str], ...] = ()

    def description_in(self, language: str) -> str:
        """What the overlay does, for people who speak ``language``."""
        return dict(self.descriptions).get(language, self.description) if self.description else ""


@dataclass(frozen=True)
class Extends:
    """What a spec was built from, so that ``barbu verify`` can compare it
    with its base and ``barbu fmt`` can print a house file as written.

    ``base`` is the spec built on as it was written (``extends:
    tournament``; ``NAME`` of ``NAME+VARIANT``), ``location`` where to load
    it again from anywhere (a bundled spec's name or an absolute path), and
    ``apply`` the variants and scales applied to it, in order.  A house
    file also keeps its own ``changes`` (its settings and contract changes,
    as an overlay without a name) and the names of the variants and scales
    it ``declares``; for ``NAME+VARIANT`` ``changes`` is None.
    """

    base: str
    location: str
    apply: tuple[str, ...] = ()
    changes: Overlay | None = None
    declares: tuple[str, ...] = ()

    @property
    def is_house(self) -> bool:
        """Whether this is a house file's ``extends`` (not ``NAME+VARIANT``)."""
        return self.changes is not None


@dataclass(frozen=True)
class Spec:
    """A whole rule set: who plays, with which deck, which contracts, how a
    game runs, how doubling works, and the overlays that can be applied.

    ``removed`` gives, for each allowed player count, the cards taken out of
    the 52 so that the deck deals evenly; ``pack_low`` is the lowest rank of
    the pack they are taken from (2, or 7 for the 32-card piquet pack),
    whose lower ranks are among them.  ``applied`` lists the overlays
    already applied, in order.  ``header`` is the comment at the top of the
    spec file (its source and rulings), kept so ``barbu fmt`` preserves it.
    ``extends`` says what the spec was built from, if anything; like a
    source position it is kept out of equality, so a house file and its
    flattened text are equal specs.  ``positions`` says where the file set
    each setting (``game.hands`` → its position), for messages about them;
    ``deck_words`` the decks written in a shorthand (``highest 8 each``),
    which ``barbu fmt`` keeps.  ``names`` are its title in the players'
    languages (:mod:`.names`), ``descriptions`` its description in them.
    ``passing`` says how cards are passed before play (none by default),
    ``redeal`` when a deal is void (never by default); ``leftover`` what
    becomes of the cards that do not deal out evenly (see :data:`Leftover`).
    """

    name: str
    title: str
    players: tuple[int, ...]
    removed: tuple[tuple[int, tuple[Card, ...]], ...]
    game: Game
    doubling: Doubling
    contracts: tuple[Contract, ...]
    overlays: tuple[Overlay, ...] = ()
    applied: tuple[str, ...] = ()
    header: str = ""
    description: str = ""
    extends: Extends | None = field(default=None, compare=False, repr=False)
    pack_low: Rank = 2
    positions: tuple[tuple[str, Position], ...] = field(default=(), compare=False, repr=False)
    deck_words: tuple[tuple[int, str], ...] = field(default=(), compare=False, repr=False)
    names: tuple[tuple[str, str], ...] = ()
    descriptions: tuple[tuple[str, str], ...] = ()
    passing: Passing = Passing()
    redeal: Redeal = Redeal()
    leftover: Leftover = "removed"

    def __hash__(self) -> int:
        """The hash of the compared fields, as a frozen dataclass's, worked
        out once: the caches keyed by a spec (game plans, a study's tables)
        look it up at every hand, and a spec holds a deep tree of tuples."""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, object]:
        """The fields without the cached hash, which another process
        (another hash seed) must work out again."""
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

    @property
    def widow(self) -> bool:
        """Whether the cards that do not deal out evenly go to a widow."""
        return self.leftover != "removed"

    def widow_size(self, players: int) -> int:
        """How many cards the widow holds with ``players`` (0 without one)."""
        return len(self.deck_for(players)) % players if self.widow else 0

    def aside(self, players: int) -> int:
        """How many cards a widow set aside (or the dealer's discards) holds
        with ``players``: cards nobody takes (0 without one, or when the
        widow is taken)."""
        return self.widow_size(players) if self.leftover in ("widow aside", "dealer discards") else 0

    def discards(self, players: int) -> int:
        """How many cards the dealer discards with ``players`` (0 unless
        ``leftover: dealer discards``)."""
        return self.widow_size(players) if self.leftover == "dealer discards" else 0

    def title_in(self, language: str) -> str:
        """The spec's title for people who speak ``language``."""
        return dict(self.names).get(language, self.title)

    def description_in(self, language: str) -> str:
        """The spec's description for people who speak ``language``."""
        return dict(self.descriptions).get(language, self.description) if self.description else ""

    def contract(self, name: str) -> Contract:
        """The contract called ``name``, matched without regard to case,
        spaces, hyphens or underscores (docs/records.md)."""
        key = contract_key(name)
        for contract in self.contracts:
            if contract_key(contract.name) == key:
                return contract
        raise KeyError(name)

    def removed_for(self, players: int) -> tuple[Card, ...]:
        for count, cards in self.removed:
            if count == players:
                return cards
        raise KeyError(players)

    def deck_for(self, players: int) -> tuple[Card, ...]:
        """The cards dealt to ``players`` players, in card order."""
        removed = set(self.removed_for(players))
        return tuple(c for c in range(52) if c not in removed)

    def overlay(self, name: str) -> Overlay:
        for overlay in self.overlays:
            if overlay.name == name:
                return overlay
        raise KeyError(name)

    @property
    def full_name(self) -> str:
        """``name+variant+...`` as written on the command line."""
        return "+".join((self.name, *self.applied))

    def setting_position(self, *keys: str) -> Position | None:
        """Where the first of the settings ``keys`` (``game.hands``,
        ``doubling.minimum``, ``decks.5``, ...) that the file wrote was
        written, or None."""
        where = dict(self.positions)
        return next((where[key] for key in keys if key in where), None)

    # ---- the schedule's units (docs/rules.md sections 2, 3 and 6) ----------

    def pool(self) -> tuple[Contract, ...]:
        """What a game's choosers pick from, or its fixed order: ``game.order``
        as contracts, or every contract (twins included) when it is empty."""
        if self.game.order:
            return tuple(self.contract(name) for name in self.game.order)
        return self.contracts

    def unit(self, players: int) -> tuple[Contract, ...]:
        """The contracts of one list, series or rubber, each as often as it
        is played there (``times``): the order as written for a fixed order
        or series; for a rotating chooser's own lists, the first
        ``contracts_per_game`` of the pool (classic), as many drawn from it
        once each (the random modes) or the whole pool (custom)."""
        game, pool = self.game, self.pool()
        if game.chooser in ("fixed-order", "fixed-series"):
            return pool
        if game.chooser == "rotating" and game.lists == "own" and game.mode != "custom":
            count = min(game.contracts_per_game or len(pool), len(pool))
            return _expand(pool[:count], players) if game.mode == "classic" else pool[:count]
        return _expand(pool, players)


def _expand(contracts: tuple[Contract, ...], players: int) -> tuple[Contract, ...]:
    """Each contract repeated as often as it is played."""
    return tuple(c for contract in contracts for c in (contract,) * contract.times_played(players))


contract_key = lru_cache(maxsize=1024)(records.contract_key)
"""A contract name folded for matching: no case, spaces, ``-`` or ``_``
(the runtime's, kept for the names met: the schedule folds them every hand)."""


_LETTERS = str.maketrans({"ı": "i", "œ": "oe", "æ": "ae", "ø": "o", "đ": "d", "ł": "l", "ß": "ss"})


def sounds_key(name: str) -> str:
    """A contract name as a player says it: :func:`contract_key` folded
    further, without accents (``cœurs`` = ``coeurs``, ``Rıfkı`` =
    ``Rifki``), so that two names a player cannot tell apart are caught."""
    decomposed = unicodedata.normalize("NFKD", contract_key(name).translate(_LETTERS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_LETTERS)
