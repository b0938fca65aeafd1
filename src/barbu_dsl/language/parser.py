"""Parse one rule line (``−2 per ♥, A♥ −6, no ♥ lead``) into clause groups.

The grammar is ``grammar/barbu.lark`` (LALR, so a line parses in linear time
and a syntax error is reported at the exact token).  Suits, ranks and card
sets are resolved here rather than in the grammar, so that an unknown name
gets a message of its own.  Problems are :class:`LineProblem` objects with
an offset into the line; the loader turns them into file positions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Transformer, UnexpectedEOF, UnexpectedInput
from lark.exceptions import VisitError

from .. import cards as C
from ..limits import NUMBER_DIGITS, VALUE_MAGNITUDE
from ..resources import grammar_text
from . import model as m
from .unexpressible import unexpressible_phrase


@dataclass(frozen=True)
class LineProblem:
    """A problem in a rule line: ``offset`` and ``width`` in characters."""

    offset: int
    message: str
    width: int = 1
    hint: str | None = None


class LineError(Exception):
    def __init__(self, problem: LineProblem):
        super().__init__(problem.message)
        self.problem = problem


Groups = tuple[tuple[tuple[m.Clause, int], ...], ...]
"""Clause groups, each clause with its offset in the line."""

CARD_HINT = ("a card is a rank (A K Q J 10 9 .. 2, or T; Italian R D F; French V) "
             "followed by a suit (♠ ♥ ♦ ♣ or S H D C), e.g. A♥, 10♣, QS")
UNIT_HINT = ("a value needs a unit: '−2 per trick', '−6 per queen', '−2 per ♥', "
             "'A♥ −6', '−20 last trick' or 'placings +45 +20 +5 −5'")
SELECTOR_HINT = ("write a suit (♥, H, hearts), a rank (Q, queen, queens), a card (A♥), "
                 "a set ({Q♠, K♥}), 'card', 'trumps' or 'points'")


def card_problem(text: str) -> tuple[str, str]:
    """Why ``text`` is not a card: a message and a hint.  An Italian or
    French rank letter with the suit letter C is ambiguous (see
    :func:`barbu_dsl.cards.ambiguous_card`); anything else is unknown."""
    rank = C.ambiguous_card(text)
    if rank is None:
        return f"unknown card '{text}'", CARD_HINT
    name, letter, english = C.RANK_NAMES[rank], text.strip()[0].upper(), C.RANK_LETTERS[rank]
    message = f"'{text}' is ambiguous: the {name} of clubs (C in S H D C) or of hearts (C for cuori, cœur)?"
    hint = f"write {letter}♣ or {english}C for the {name} of clubs, {letter}♥ or {english}H for the {name} of hearts"
    return message, hint


# Known bad inputs, matched against a parser state (lark's match_examples).
_EXAMPLES = {
    "value_without_unit": ["−2", "−2, no ♥ lead", "−6 queens", "+5 hearts", "−2 per ♥, −6"],
    "missing_comma": ["−2 per ♥ A♥ −6", "−2 per trick no ♥ lead", "trumps +5 per trick"],
}
_EXAMPLE_MESSAGES = {
    "value_without_unit": ("a value with no unit", UNIT_HINT),
    "missing_comma": ("two clauses without a comma between them",
                      "separate clauses with ',' (or ';' for parts that add up)"),
}

_TERMINAL_NAMES = {
    "VALUE": "a value such as −2", "CARD": "a card such as A♥", "NAME": "a suit or rank",
    "SUIT_SYMBOL": "a suit symbol", "NUMBER": "a number", "COMMA": "','", "SEMICOLON": "';'",
    "LBRACE": "'{'", "RBRACE": "'}'", "$END": "the end of the line", "ORDINAL": "a position such as 12th",
}


_SELECTORS_AS_SPACES = {ord(ch): " " for ch in C.VARIATION_SELECTORS}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(grammar_text(), parser="lalr", maybe_placeholders=False, cache=True)


def parse_line(text: str) -> Groups:
    """Parse a rule line into clause groups; raise :class:`LineError`.

    Emoji variation selectors (``♥️``) read as spaces, so that offsets into
    the line stay those of the text as written."""
    text = text.translate(_SELECTORS_AS_SPACES)
    parser = _parser()
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        raise LineError(_syntax_problem(text, error)) from None
    try:
        return _ToClauses().transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, LineError):
            raise LineError(_out_of_reach(text) or error.orig_exc.problem) from None
        raise


def _out_of_reach(text: str) -> LineProblem | None:
    """The problem of a line that asks for what the language does not
    express (``+6 per beat``, ``pass 3 cards left``), wherever it fails."""
    out_of_reach = unexpressible_phrase(text)
    if out_of_reach is None:
        return None
    offset, width, message, reach_hint = out_of_reach
    return LineProblem(offset, message, width, reach_hint)


def _syntax_problem(text: str, error: UnexpectedInput) -> LineProblem:
    out_of_reach = _out_of_reach(text)
    if out_of_reach is not None:
        return out_of_reach
    offset = error.pos_in_stream if error.pos_in_stream is not None else len(text)
    end_token = getattr(getattr(error, "token", None), "type", None) == "$END"  # placed at the last token by lark
    if isinstance(error, UnexpectedEOF) or end_token:
        offset = len(text.rstrip())
    start = _word_start(text, offset)
    card_like = _word_at(text, start)
    if (re.fullmatch(r"\w{1,3}[♠♥♦♣]|\d+[a-zA-Z]|[A-Z0-9]{1,2}[SHDC]", card_like or "")
            and C.parse_card(card_like) is None):
        card_message, card_hint = card_problem(card_like)
        return LineProblem(start, card_message, len(card_like), card_hint)
    joined = _joined_selectors(text, offset)
    if joined is not None:
        return joined
    word = _word_at(text, offset)
    width = max(1, len(word))
    bare = _bare_selector(text, offset, word)
    if bare is not None:
        return bare
    label: str | None = None
    try:
        label = error.match_examples(_parser().parse, _EXAMPLES, use_accepts=True)
    except Exception:  # noqa: BLE001 -- a table mismatch must never hide the real error
        label = None
    if label:
        message, example_hint = _EXAMPLE_MESSAGES[label]
        if label == "value_without_unit":
            value = _value_before(text, offset)
            message = f"the value {value} has no unit" if value else message
            offset, width = _value_span(text, offset)
        return LineProblem(offset, message, width, example_hint)
    expected = sorted(_expected(error))
    shown = "end of the line" if not word else f"'{word}'"
    message = f"unexpected {shown}"
    if expected:
        message += "; expected " + ", ".join(expected[:6]) + (", ..." if len(expected) > 6 else "")
    hint: str | None = None
    if re.fullmatch(r"[A-Za-z0-9]{2,3}", word or "") and C.parse_card(word) is None and word[:-1].isdigit():
        hint = CARD_HINT
    return LineProblem(offset, message, width, hint)


# ``−60 per jack or king``: two selectors joined by a word, as players say it.
_JOINED = re.compile(r"(?P<value>[+\-−]?\d+)\s+per\s+(?P<first>[^\s,;{}/&]+)\s*"
                     r"(?P<joint>\bor\b|\band\b|&|/)\s*(?P<second>[^\s,;{}/&]+)", re.IGNORECASE)


def _joined_selectors(text: str, offset: int) -> LineProblem | None:
    """A part that names two kinds of card (``−60 per jack or king``): a
    message that says so, and a hint with the two ways to write it."""
    for match in _JOINED.finditer(text):
        if match.start("joint") != offset:
            continue
        value, first, second = match.group("value", "first", "second")
        hint = f"write one part for each, '{value} per {first}, {value} per {second}'"
        ranks = [C.parse_rank(first), C.parse_rank(second)]
        if None not in ranks:
            cards = [C.card_symbol(C.card(rank, suit)) for rank in ranks for suit in reversed(C.SUITS)]  # type: ignore[arg-type]
            hint += f", or one part for a set of cards, '{value} per {{{', '.join(cards)}}}'"
        start, end = match.start("first"), match.end("second")
        return LineProblem(start, f"a part counts one set of cards; '{text[start:end]}' names two", end - start, hint)
    return None


def _bare_selector(text: str, offset: int, word: str) -> LineProblem | None:
    """A suit, rank or card written after a comma as if it were a clause
    (``−60 per jack, king``): say that it needs a value."""
    if not text[:offset].rstrip().endswith((",", ";")):
        return None
    if C.parse_rank(word) is None and C.parse_suit(word) is None and C.parse_card(word) is None:
        return None
    value = _value_before(text, offset) or "−5"
    example = f"{word} {value}" if C.parse_card(word) is not None else f"{value} per {word}"
    return LineProblem(offset, f"'{word}' is not a clause on its own", len(word),
                       f"give it a value, e.g. '{example}'")


def _expected(error: UnexpectedInput) -> set[str]:
    names: set[str] = set()
    raw = getattr(error, "expected", None) or getattr(error, "allowed", None) or set()
    for name in raw:
        names.add(_TERMINAL_NAMES.get(name, f"'{name.lower().replace('_', ' ')}'"))
    return names


def _word_start(text: str, offset: int) -> int:
    while offset > 0 and not re.match(r"[\s,;{}]", text[offset - 1]):
        offset -= 1
    return offset


def _word_at(text: str, offset: int) -> str:
    match = re.compile(r"[^\s,;{}]+").match(text, offset)
    return match.group(0) if match else ""


def _value_before(text: str, offset: int) -> str | None:
    values = list(re.finditer(r"[+\-−]?\d+", text[:offset] + text[offset:].split(",")[0]))
    before = [v for v in values if v.start() <= offset]
    return before[-1].group(0) if before else None


def _value_span(text: str, offset: int) -> tuple[int, int]:
    values = [v for v in re.finditer(r"[+\-−]?\d+", text) if v.start() <= offset]
    if not values:
        return offset, 1
    last = values[-1]
    return last.start(), len(last.group(0))


# --------------------------------------------------------------------------


def _number(token: Token, text: str | None = None) -> int:
    """A number token's value; one of more than NUMBER_DIGITS digits is
    refused before it is converted."""
    digits = str(token) if text is None else text
    if sum(ch.isdigit() for ch in digits) > NUMBER_DIGITS:
        raise _fail(token, f"a number of more than {NUMBER_DIGITS} digits")
    return int(digits)


_NAMED_POSITIONS = {"first": 1, "second": 2, "third": 3, "penultimate": -2, "antepenultimate": -3, "last": -1}


def _value(token: Token) -> int:
    """A scoring value, at most VALUE_MAGNITUDE either way."""
    value = _number(token, str(token).replace("−", "-").replace("+", ""))
    if abs(value) > VALUE_MAGNITUDE:
        raise _fail(token, f"a value is at most {VALUE_MAGNITUDE:,} either way, not {value:,}")
    return value


def _fail(token: Token, message: str, hint: str | None = None) -> LineError:
    return LineError(LineProblem(token.start_pos or 0, message, len(str(token)), hint))


def _card(token: Token) -> int:
    card = C.parse_card(str(token))
    if card is None:
        raise _fail(token, *card_problem(str(token)))
    return card


def _rank(token: Token) -> int:
    text = str(token)
    rank = C.parse_rank(text)
    if rank is None:
        raise _fail(token, f"unknown rank '{text}'", "ranks are A K Q J 10 9 .. 2 (or T), as letters or words")
    return rank


def _suit(selector: m.Cards, token: Token) -> int:
    if isinstance(selector, m.SuitCards):
        return selector.suit
    raise _fail(token, f"'{token}' is not a suit", "write a suit as ♥, H or hearts")


class _ToClauses(Transformer):
    """Turn the parse tree into model clauses, each with its line offset."""

    def start(self, groups):
        return tuple(groups)

    def group(self, clauses):
        return tuple(clauses)

    # ---- selectors ----------------------------------------------------------
    def selector(self, items):
        (token,) = items
        kind, text = token.type, str(token)
        if kind == "CARD":
            return (m.OneCard(_card(token)), token)
        if kind == "SUIT_SYMBOL":
            return (m.SuitCards(C.SUIT_WORDS[text]), token)
        if kind == "NUMBER":
            return (m.RankCards(_rank(token)), token)
        if kind == "TRUMPS":
            return (m.TrumpCards(), token)
        word = text.lower()
        if word in ("card", "cards"):
            return (m.AllCards(), token)
        if word in ("point", "points"):
            return (m.PointCards(), token)
        if word == "d":
            raise _fail(token, "'D' is ambiguous: diamonds or dames (queens)?",
                        "write ♦ or diamonds for the suit, Q or queens for the rank")
        suit = C.parse_suit(word)
        if suit is not None:
            return (m.SuitCards(suit), token)
        rank = C.parse_rank(word)
        if rank is not None:
            return (m.RankCards(rank), token)
        if C.parse_card(word) is not None or re.fullmatch(r"\w{1,3}", word) and word[-1] in "shdc":
            raise _fail(token, *card_problem(text))
        raise _fail(token, f"unknown suit, rank or card set '{text}'", SELECTOR_HINT)

    def card_set(self, items):
        cards = tuple(sorted({_card(t) for t in items}))
        if len(cards) != len(items):
            raise _fail(items[0], "a card set names the same card twice")
        return (m.CardSet(cards), items[0])

    # ---- scoring parts --------------------------------------------------------
    def per_trick(self, items):
        value = items[0]
        return (m.PerTrick(_value(value)), value.start_pos)

    def no_trick(self, items):
        value = items[0]
        return (m.NoTrick(_value(value)), value.start_pos)

    def no_cards(self, items):
        value, (selector, token) = items[0], items[-1]
        if isinstance(selector, m.AllCards):
            raise _fail(token, "a player who takes no card takes no trick", f"write '{value!s} for no trick'")
        return (m.NoCards(_value(value), selector), value.start_pos)

    def all_tricks(self, items):
        value = items[0]
        return (m.AllTricks(_value(value), instead=len(items) > 4), value.start_pos)

    def per_cards(self, items):
        value, _per, (selector, token) = items[:3]  # then "taken", if written
        if isinstance(selector, m.PointCards):
            raise _fail(token, "'points' cannot score: it means the cards that score",
                        SELECTOR_HINT)
        return (m.PerCard(_value(value), selector), value.start_pos)

    def card_value(self, items):
        card, value = (items[0], items[1]) if items[0].type == "CARD" else (items[1], items[0])
        return (m.PerCard(_value(value), m.OneCard(_card(card))), items[0].start_pos)

    def trick_at(self, items):
        value = items[0]
        if items[1].type == "TRICK":
            number = items[2]
            position = _number(number)
            if position < 1:
                raise _fail(number, "tricks are numbered from 1")
        else:
            word = str(items[1]).lower()
            position = _NAMED_POSITIONS.get(word) or _number(items[1], re.match(r"\d+", word).group(0))  # type: ignore[union-attr]
            if position < 1 and word not in _NAMED_POSITIONS:
                raise _fail(items[1], "tricks are numbered from 1")
        return (m.TrickAt(_value(value), position), value.start_pos)

    def trick_from_last(self, items):
        """``third from last trick``: 1 from last is the last trick."""
        value, word = items[0], items[1]
        text = str(word).lower()
        if text in ("penultimate", "antepenultimate", "last"):
            raise _fail(word, f"'{word} from last' counts from the end twice",
                        f"write '{word} trick', or count from the last: 'third from last trick'")
        count = _NAMED_POSITIONS.get(text) or int(re.match(r"\d+", text).group(0))  # type: ignore[union-attr]
        if count < 1:
            raise _fail(word, "tricks are counted from 1")
        return (m.TrickAt(_value(value), -count), value.start_pos)

    def _spread(self, items, cards: m.Cards | None):
        return (m.Spread(_value(items[0]), cards), items[0].start_pos)

    def spread_tricks(self, items):
        return self._spread(items, None)

    def spread_cards(self, items):
        selector, token = items[-1]
        if isinstance(selector, m.PointCards):
            raise _fail(token, "'points' cannot score: it means the cards that score", SELECTOR_HINT)
        if isinstance(selector, m.OneCard):
            card = C.card_symbol(selector.card)
            raise _fail(token, "a spread shares a value over several cards; one card takes the whole value",
                        f"write '{card} {items[0]!s}'")
        return self._spread(items, selector)

    def placings(self, items):
        return (m.Placings(tuple(_value(v) for v in items[1:])), items[0].start_pos)

    def most_of_one_suit(self, items):
        value = items[0]
        ties: m.TieRule = "split"
        rounding: m.Rounding | None = None
        if len(items) > 5:
            ties, rounding = items[5]
        return (m.MostOfOneSuit(_value(value), ties, rounding), value.start_pos)

    def ties_split(self, items):
        return ("split", str(items[3]).lower() if len(items) > 2 else None)

    def ties_full(self, items):
        return ("full", None)

    def all_or_nothing(self, items):
        return (m.AllOrNothing(), items[0].start_pos)

    def shoot_the_moon(self, items):
        return (m.ShootTheMoon(), items[0].start_pos)

    # ---- mechanics -------------------------------------------------------------
    def trumps(self, items):
        suit = None
        if len(items) > 1:
            selector, token = items[1]
            suit = _suit(selector, token)
        return (m.TrumpsClause(suit), items[0].start_pos)

    def must_win_with_trump(self, items):
        return (m.MustWinWithTrump(), items[0].start_pos)

    def must_overtrump(self, items):
        return (m.MustOvertrump(), items[0].start_pos)

    def must_trump(self, items):
        return (m.MustTrump(), items[0].start_pos)

    def ace_again(self, items):
        return (m.AceAgain(), items[0].start_pos)

    def ace_may_again(self, items):
        return (m.AceMayAgain(), items[0].start_pos)

    def any_number(self, items):
        return (m.AnyNumber(), items[0].start_pos)

    def starts(self, items):
        return (m.Starts(_card(items[0])), items[0].start_pos)

    def ends_at_first_out(self, items):
        return (m.EndsAtFirstOut(), items[0].start_pos)

    def domino(self, items):
        start: m.DominoStart = "chosen"
        if len(items) == 3:
            start = _rank(items[2])
        elif len(items) == 4:
            start = "first-card"
        return (m.DominoClause(start), items[0].start_pos)

    def aces_low(self, items):
        return (m.AcesLow(), items[0].start_pos)

    def inverted(self, items):
        value = items[0]
        if str(value) != "2":
            raise _fail(value, f"'{value} high' means nothing; only '2 high' inverts the order",
                        "another order lists the ranks, strongest first: 'order A 10 K Q J 9 8 7' "
                        "(docs/rules.md section 6, Card orders)")
        return (m.Inverted(), value.start_pos)

    def order(self, items):
        ranks: list[int] = []
        for token in items[1:]:
            rank = _rank(token)
            if rank in ranks:
                raise _fail(token, f"'{token}' is listed twice in the order",
                            "list every rank of the pack once, strongest first: 'order A 10 K Q J 9 8 7'")
            ranks.append(rank)
        return (m.Order(tuple(ranks)), items[0].start_pos)

    def play_every_trick(self, items):
        return (m.PlayEveryTrick(), items[0].start_pos)

    def _no_lead(self, items, scope: m.LeadScope):
        selector, token = items[1]
        return (m.NoLead(_suit(selector, token), scope), items[0].start_pos)

    def no_lead(self, items):
        return self._no_lead(items, "every")

    def no_opening_lead(self, items):
        return self._no_lead(items, "opening")

    def no_lead_until_broken(self, items):
        return self._no_lead(items, "until-broken")

    def breaks(self, items):
        selector, token = items[2]
        return (m.Breaks(_card(items[0]), _suit(selector, token)), items[0].start_pos)

    def leads(self, items):
        return (m.Leads(_card(items[0])), items[0].start_pos)

    def not_on_first_trick(self, items):
        selector, _token = items[1]
        return (m.NotOnFirstTrick(selector), items[0].start_pos)

    def shed_when_safe(self, items):
        selector, token = items[1]
        if isinstance(selector, (m.AllCards, m.TrumpCards)):
            raise _fail(token, "shed-when-safe names the dangerous cards: a card, a rank or a set")
        return (m.ShedWhenSafe(selector), items[0].start_pos)

    def discard_when_void(self, items):
        selector, token = items[1]
        if isinstance(selector, m.TrumpCards):
            raise _fail(token, "a void player who must play a trump 'must trump'", "write 'must trump' (with 'trumps')")
        if isinstance(selector, m.AllCards):
            raise _fail(token, "discard-when-void names the cards to throw: a suit, a rank, a card, a set or 'points'")
        return (m.DiscardWhenVoid(selector), items[0].start_pos)
