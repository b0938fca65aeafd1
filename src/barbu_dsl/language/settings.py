"""Read a spec's settings: who plays, with which pack and decks, how a
game runs and how doubling works (the ``players``, ``deck``, ``decks``,
``game`` and ``doubling`` keys of docs/rules.md section 6 and docs/language.md).

The written choices of each setting are the model's :class:`typing.Literal`
types (:data:`CHOICES`), so a value the model gains is a value the reader
accepts.  :class:`SettingReaders` holds the readers; the spec reader
(:class:`~.reader.SpecReader`) is one.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from .. import cards as C
from ..limits import GAME_HANDS, NUMBER_DIGITS, PLAYERS, REDEAL_LIMIT_MOST, TARGET_SCORE
from . import model as m
from .checks import order_item
from .decks import PACK_HINT, DeckProblem, highest_words, read_pack, read_removals
from .overlays import setting_name
from .parser import card_problem
from .source import MappingNode, Node, ScalarNode, SequenceNode, Source, as_bool, as_int, is_null, pairs, scalar
from .suggest import with_suggestion
from .unexpressible import NOT_EXPRESSIBLE

Positive = Literal["declarer-only", "anyone"]
"""``doubling.positive``: who may be doubled in a positive contract (the
model's ``positive_declarer_only``)."""

CHOICES: dict[str, tuple[str, ...]] = {
    "game.aim": get_args(m.Aim),
    "game.chooser": get_args(m.Chooser),
    "game.first_lead": get_args(m.FirstLead),
    "game.mode": get_args(m.Mode),
    "game.direction": get_args(m.Direction),
    "game.lists": get_args(m.Lists),
    "doubling.whom": get_args(m.Whom),
    "doubling.positive": get_args(Positive),
    "doubling.undoubled": get_args(m.Undoubled),
    "doubling.first": get_args(m.DoublesFirst),
    "doubling.per": get_args(m.MinimumPer),
}
"""The words each setting may be, from the model's types."""
INTEGERS = ("game.contracts_per_game", "doubling.minimum")
BOOLEANS = ("doubling.allowed",)
GAME_KEYS = ("aim", "chooser", "first_lead", "mode", "contracts_per_game", "hands", "target", "reset", "payout",
             "pot", "order", "direction", "first_declarer", "lists", "choose_after")
RESET_KEYS = ("exactly", "to")
DOUBLING_KEYS = ("allowed", "whom", "positive", "redouble", "undoubled", "minimum", "first", "per")
PASSING_KEYS = ("cards", "cycle")
LEFTOVERS: tuple[str, ...] = get_args(m.Leftover)
PASS_DIRECTIONS: tuple[str, ...] = get_args(m.PassDirection)
REDEAL_KEYS = ("when", "limit")
REDEAL_HINT = "e.g. 'redeal: [no honour]', 'redeal: [no trump]' or 'redeal: {when: [no card above 9], limit: 100}'"

Setting = tuple[str, m.SettingValue]


class SettingReaders:
    """The readers of a spec's settings, for a reader of one file (which
    gives them its ``source``, ``positions``, ``unread_settings``, and its
    ``_sections`` and ``_name_nodes``)."""

    source: Source
    positions: dict[str, m.Position]
    unread_settings: set[str]

    def _sections(self, node: MappingNode, allowed: tuple[str, ...], what: str) -> dict[str, Node]:
        raise NotImplementedError

    def _name_nodes(self, node: Node | None) -> list[Node]:
        raise NotImplementedError

    def _players(self, node: Node) -> tuple[int, ...]:
        counts = self._player_counts(node)
        if not counts:
            self.unread_settings.add("players")
        return counts

    def _player_counts(self, node: Node) -> tuple[int, ...]:
        counts: list[int] = []
        number = as_int(node)
        text = scalar(node)
        if number is not None:
            counts = [number]
        elif isinstance(node, SequenceNode):
            counts = [n for n in (as_int(item) for item in node.value) if n is not None]
            if len(counts) != len(node.value):
                self.source.error(node, "players is a number, a list of numbers or a range such as 3-7")
                return ()
        elif text and (match := _RANGE.fullmatch(text)):
            low, high = int(match.group(1)), int(match.group(2))
            if low > high:
                self.source.error(node, f"a range of players goes up, e.g. {high}-{low}")
                return ()
            # Both ends are checked before the range is made: 3-999999999 is refused, not built.
            counts = [low, high] if not PLAYERS[0] <= low <= high <= PLAYERS[1] else list(range(low, high + 1))
        if not counts:
            self.source.error(node, "players is a number, a list of numbers or a range such as 3-7")
            return ()
        for count in counts:
            problem = player_count_problem(count)
            if problem is not None:
                self.source.error(node, *problem)
                return ()
        return tuple(sorted(set(counts)))

    def _pack(self, node: Node) -> int | None:
        """The lowest rank of the pack ``deck`` names (docs/rules.md section 6)."""
        text = scalar(node)
        low = read_pack(str(text)) if text is not None and not is_null(node) else None
        if low is None:
            self.source.error(node, f"unknown pack '{text}'", hint=PACK_HINT)
            self.unread_settings.add("deck")
        return low

    def _decks(self, node: Node, low: int) -> tuple[list[Setting], tuple[tuple[int, str], ...]]:
        """Each player count's cards set aside from the pack of ``low``:
        cards, whole ranks (``2-6``), ``highest N`` or ``highest N each``."""
        if not isinstance(node, MappingNode):
            self.source.error(node, "decks maps a player count to the cards removed, e.g. '5: [2♣, 2♦]'")
            return [], ()
        settings: list[Setting] = []
        words: list[tuple[int, str]] = []
        for key, value in pairs(node):
            count = as_int(key)
            problem = (player_count_problem(count) if count is not None
                       else ("a deck is given for a player count from 2 to 10", None))
            if count is None or problem is not None:
                self.source.error(key, problem[0], hint=problem[1])  # type: ignore[index]
                continue
            items: list[ScalarNode] = []
            if isinstance(value, SequenceNode):
                items = [v for v in value.value if isinstance(v, ScalarNode)]
            elif isinstance(value, ScalarNode) and not is_null(value) and value.value.lower() != "full":
                items = [value]
            removed: list[int] = []
            complete = True
            for item in items:
                try:
                    cards = read_removals(item.value, count, low)
                except DeckProblem as bad:
                    self.source.error(item, bad.message, hint=bad.hint)
                    complete = False
                    continue
                twice = [c for c in cards if c in removed]
                if twice:
                    self.source.error(item, f"{C.card_symbol(twice[0])} is removed twice")
                    complete = False
                removed.extend(c for c in cards if c not in removed)
            self.positions.setdefault(f"decks.{count}", self.source.where(key))
            if complete:
                settings.append((f"decks.{count}", tuple(sorted(removed))))
                shorthand = highest_words(items[0].value) if len(items) == 1 else None
                if shorthand is not None:
                    words.append((count, shorthand))
            else:
                self.unread_settings.add(f"decks.{count}")  # the other counts' decks are still checked
        return settings, tuple(words)

    def _doubling(self, node: Node) -> list[Setting]:
        """A doubling mapping's settings; options given with ``allowed:
        false`` are refused, since without doubling they do nothing."""
        settings = self._keyed(node, "doubling", DOUBLING_KEYS)
        if ("doubling.allowed", False) not in settings or len(settings) == 1:
            return settings
        names = [f"'{setting_name(key)}'" for key, _ in settings if key != "doubling.allowed"]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        self.source.error(node, f"with 'allowed: false' there is no doubling, so {listed} "
                          f"{'does' if len(names) == 1 else 'do'} nothing",
                          hint="write 'doubling: false', or leave 'allowed: false' out")
        return [("doubling.allowed", False)]

    def _passing(self, node: Node) -> list[Setting]:
        """``passing: false``, or ``passing: {cards: 3, cycle: [left, right,
        across, hold]}`` (docs/rules.md section 6, Passing): the cards each
        player passes and the directions hand after hand."""
        flag = as_bool(node)
        if flag is False or is_null(node):
            return [("passing.cards", 0)]
        if not isinstance(node, MappingNode):
            self.source.error(node, "passing is false, or a mapping with keys cards and cycle",
                              hint="e.g. 'passing: {cards: 3, cycle: [left, right, across, hold]}'")
            self.unread_settings.add("passing")
            return []
        settings: list[Setting] = []
        for key, value in self._sections(node, PASSING_KEYS, "passing").items():
            full = f"passing.{key}"
            self.positions.setdefault(full, self.source.where(value))
            if key == "cards":
                number = as_int(value)
                if number is None or number < 0 or number > 52:
                    self.source.error(value, "cards is the number of cards each player passes, e.g. 3")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, number))
                continue
            items = value.value if isinstance(value, SequenceNode) else [value]
            words = [(scalar(item) or "").strip().lower() for item in items]
            wrong = next((item for item, word in zip(items, words, strict=True) if word not in PASS_DIRECTIONS), None)
            if wrong is not None:
                text = str(scalar(wrong))
                self.source.error(wrong, f"a pass goes left, right, across or hold, not '{text}'",
                                  hint=with_suggestion(text, PASS_DIRECTIONS,
                                                       "e.g. 'cycle: [left, right, across, hold]'"))
                self.unread_settings.add(full)
                continue
            settings.append((full, tuple(words)))
        return settings

    def _redeal(self, node: Node) -> list[Setting]:
        """``redeal: [no honour, no trump]``, ``redeal: false`` or ``redeal:
        {when: [no card above 9], limit: 100}`` (docs/rules.md section 6,
        Misdeals): when the dealer deals again, and after how many redeals
        the deal stands."""
        if as_bool(node) is False or is_null(node):
            return [("redeal.above", None), ("redeal.trump", False)]
        sections = {"when": node} if not isinstance(node, MappingNode) else self._sections(node, REDEAL_KEYS, "redeal")
        settings: list[Setting] = []
        for key, value in sections.items():
            full = f"redeal.{key}"
            self.positions.setdefault(full, self.source.where(value))
            if key == "limit":
                number = as_int(value)
                if number is None or not 1 <= number <= REDEAL_LIMIT_MOST:
                    self.source.error(value, f"limit is the number of redeals after which the deal stands, "
                                      f"from 1 to {REDEAL_LIMIT_MOST:,}", hint="e.g. 'limit: 100'")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, number))
                continue
            read = self._redeal_when(value)
            if read is None:
                self.unread_settings.add(full)
                continue
            settings.extend([("redeal.above", read[0]), ("redeal.trump", read[1])])
        return settings

    def _redeal_when(self, node: Node) -> tuple[int | None, bool] | None:
        """The conditions of a redeal: the rank a hand must hold a card above
        (``no honour``: above the 10) and whether it must hold a trump."""
        items = node.value if isinstance(node, SequenceNode) else [node]
        above: int | None = None
        trump = False
        for item in items:
            text = " ".join((scalar(item) or "").lower().split())
            if text in ("no honour", "no honor", "no honours", "no honors"):
                above = m.HONOURS_ABOVE
            elif text in ("no trump", "no trumps"):
                trump = True
            elif (match := _NO_CARD_ABOVE.fullmatch(text)) and (rank := C.parse_rank(match.group(1))) is not None \
                    and rank < C.ACE:
                above = rank
            else:
                self.source.error(item, f"a hand is redealt for 'no honour', 'no card above' a rank or 'no trump', "
                                  f"not '{scalar(item)}'", hint=REDEAL_HINT)
                return None
        if above is None and not trump:
            self.source.error(node, "redeal names when the cards are dealt again", hint=REDEAL_HINT)
            return None
        return above, trump

    def _leftover_in(self, sections: dict[str, Node]) -> list[Setting]:
        """The ``leftover`` setting of a spec's body or an overlay, if it has one."""
        node = sections.get("leftover")
        if node is None:
            return []
        self.positions.setdefault("leftover", self.source.where(node))
        return self._leftover(node)

    def _leftover(self, node: Node) -> list[Setting]:
        """``leftover: widow aside``, ``widow to first trick``, ``dealer
        discards`` or ``removed`` (docs/rules.md section 6, Packs, decks and
        player counts): what
        becomes of the cards that do not deal out evenly."""
        text = " ".join(str(scalar(node) or "").lower().split())
        if text in LEFTOVERS:
            return [("leftover", text)]
        self.unread_settings.add("leftover")
        if text in ("widow", "kitty", "talon"):
            self.source.error(node, "a widow is set aside or goes to the taker of the first trick: say which",
                              hint="write 'leftover: widow aside' or 'leftover: widow to first trick'")
        else:
            self.source.error(node, f"the cards left over are {', '.join(LEFTOVERS[:-1])} or {LEFTOVERS[-1]}, "
                              f"not '{scalar(node)}'",
                              hint=with_suggestion(text, LEFTOVERS, "e.g. 'leftover: widow aside'"))
        return []

    def _keyed(self, node: Node, section: str, keys: tuple[str, ...]) -> list[Setting]:  # noqa: C901 -- one branch a kind of setting: a choice, a number, a flag, the order, the others' readers
        if not isinstance(node, MappingNode):
            self.source.error(node, f"'{section}' is a mapping with keys " + ", ".join(keys))
            self.unread_settings.add(section)
            return []
        settings: list[Setting] = []
        for key, value in self._sections(node, keys, section).items():
            full = f"{section}.{key}"
            self.positions.setdefault(full, self.source.where(value))
            if full in CHOICES:
                text = scalar(value)
                if text not in CHOICES[full]:
                    self.source.error(value, f"{key} cannot be '{text}'", hint=with_suggestion(
                        str(text), CHOICES[full], "one of: " + ", ".join(CHOICES[full])))
                    self.unread_settings.add(full)
                    continue
                if full == "doubling.positive":
                    settings.append(("doubling.positive_declarer_only", text == "declarer-only"))
                else:
                    settings.append((full, text))
            elif full in INTEGERS:
                number = as_int(value)
                if number is None and not is_null(value):
                    self.source.error(value, f"{key} is a whole number")
                    self.unread_settings.add(full)
                    continue
                if number is not None and abs(number) > GAME_HANDS:
                    self.source.error(value, f"{key} is at most {GAME_HANDS}")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, number))
            elif full in BOOLEANS:
                flag = as_bool(value)
                if flag is None:
                    self.source.error(value, f"{key} is true or false")
                    self.unread_settings.add(full)
                    continue
                settings.append((full, flag))
            elif full == "game.order":
                nodes = self._name_nodes(value)
                for node_ in nodes:
                    self.positions.setdefault(order_item(scalar(node_) or ""), self.source.where(node_))
                settings.append((full, tuple(scalar(n) or "" for n in nodes)))
            else:
                read = {"game.hands": self._hands, "game.target": self._target, "game.reset": self._reset,
                        "game.payout": self._payout, "game.pot": self._pot,
                        "game.first_declarer": self._first_declarer, "doubling.redouble": self._redouble,
                        "game.choose_after": self._choose_after}[full](value)
                if read is _UNREAD:
                    self.unread_settings.add(full)
                    continue
                settings.append((full, read))  # type: ignore[arg-type]
        return settings

    def _hands(self, node: Node) -> m.Hands | object:
        """``hands: 20``, or by player count: ``hands: {3: 21, 4: 28}``."""
        if is_null(node):
            return None
        number = as_int(node)
        if number is not None:
            return self._bounded_hands(node, number)
        if isinstance(node, MappingNode):
            by_count: list[tuple[int, int]] = []
            for key, value in pairs(node):
                count, hands = as_int(key), as_int(value)
                if count is None or hands is None:
                    self.source.error(key if count is None else value,
                                      "hands maps a player count to a number of hands, e.g. '{3: 21, 4: 28}'")
                    return _UNREAD
                if self._bounded_hands(value, hands) is _UNREAD:
                    return _UNREAD
                self.positions.setdefault(f"game.hands.{count}", self.source.where(value))
                by_count.append((count, hands))
            return tuple(sorted(by_count))
        self.source.error(node, "hands is a whole number, or a mapping of player counts to numbers of hands")
        return _UNREAD

    def _bounded_hands(self, node: Node, number: int) -> int | object:
        """``number`` of hands, or an error past the bound a game may have."""
        if abs(number) > GAME_HANDS:
            self.source.error(node, f"hands is at most {GAME_HANDS}")
            return _UNREAD
        return number

    def _target(self, node: Node) -> int | None | object:
        """``target: 100`` (the game ends when a total reaches 100) or
        ``target: -100`` (when one falls to −100); docs/rules.md section 6."""
        if is_null(node):
            return None
        number = self._points(node, "target is a whole number of points, e.g. 'target: 100'", "target",
                              "the game ends at the end of the hand in which a player's total reaches it")
        if number == 0:
            self.source.error(node, "a target of 0 is reached before the first hand",
                              hint="write the score that ends the game, e.g. 'target: 100' or 'target: −100'")
            return _UNREAD
        return number

    def _reset(self, node: Node) -> tuple[tuple[int, int], ...] | object:
        """``reset: 100`` (a total of exactly 100 goes back to 0),
        ``reset: {exactly: 100, to: 50}``, a list of those, or ``false``
        (none); docs/rules.md section 6, "Running totals"."""
        if is_null(node) or as_bool(node) is False:
            return ()
        items = node.value if isinstance(node, SequenceNode) else [node]
        resets: list[tuple[int, int]] = []
        for item in items:
            read = self._one_reset(item)
            if read is _UNREAD:
                return _UNREAD
            assert isinstance(read, tuple)
            resets.append(read)
        return tuple(resets)

    def _pot(self, node: Node) -> bool | object:
        """``pot: no points`` (what each hand takes goes into a pot that the
        players who take no points share) or ``false``; docs/rules.md
        section 6, "A pot"."""
        if is_null(node) or as_bool(node) is False:
            return False
        if " ".join(str(scalar(node) or "").lower().split()) == "no points":
            return True
        self.source.error(node, "a pot goes to the players who take no points in a hand: 'pot: no points'",
                          hint="or 'pot: false' for none")
        return _UNREAD

    def _payout(self, node: Node) -> tuple[tuple[int, tuple[int, ...]], ...] | object:
        """``payout: [3, 1, −1, −3]`` (what each place receives at the end of
        the game, first place first; for the player count of its length),
        by player count ``{3: [2, 0, −2], 4: [3, 1, −1, −3]}``, or ``false``
        (none); docs/rules.md section 6, "Payments by place"."""
        if is_null(node) or as_bool(node) is False:
            return ()
        if isinstance(node, MappingNode):
            by_count: list[tuple[int, tuple[int, ...]]] = []
            for key, value in pairs(node):
                count = as_int(key)
                if count is None:
                    self.source.error(key, "payout maps a player count to a list of amounts, e.g. "
                                           "'{3: [2, 0, −2], 4: [3, 1, −1, −3]}'")
                    return _UNREAD
                amounts = self._amounts(value)
                if amounts is _UNREAD:
                    return _UNREAD
                assert isinstance(amounts, tuple)
                self.positions.setdefault(f"game.payout.{count}", self.source.where(value))
                by_count.append((count, amounts))
            return tuple(sorted(by_count))
        amounts = self._amounts(node)
        if amounts is _UNREAD:
            return _UNREAD
        assert isinstance(amounts, tuple)
        self.positions.setdefault(f"game.payout.{len(amounts)}", self.source.where(node))
        return ((len(amounts), amounts),)

    def _amounts(self, node: Node) -> tuple[int, ...] | object:
        """The amounts of one payout, first place first."""
        example = "e.g. 'payout: [3, 1, −1, −3]' (first place first)"
        if not isinstance(node, SequenceNode) or not node.value:
            self.source.error(node, "a payout is a list of amounts, one a place, first place first", hint=example)
            return _UNREAD
        amounts = []
        for item in node.value:
            amount = self._points(item, "a payout's amount is a whole number of points", "payout", example)
            if amount is _UNREAD:
                return _UNREAD
            amounts.append(amount)
        return tuple(amounts)

    def _one_reset(self, node: Node) -> tuple[int, int] | object:
        """One reset: a total (back to 0) or ``{exactly: N, to: M}``."""
        example = "e.g. 'reset: 100' (exactly 100 goes back to 0) or 'reset: {exactly: 100, to: 50}'"
        if isinstance(node, MappingNode):
            found = self._sections(node, RESET_KEYS, "reset")
            if "exactly" not in found:
                self.source.error(node, "a reset says which total it changes: 'exactly'", hint=example)
                return _UNREAD
            exactly = self._points(found["exactly"], "exactly is a whole number of points", "exactly", example)
            to = self._points(found["to"], "to is a whole number of points", "to", example) if "to" in found else 0
            if exactly is _UNREAD or to is _UNREAD:
                return _UNREAD
            self.positions.setdefault(f"game.reset.{exactly}", self.source.where(node))
            return exactly, to
        exactly = self._points(node, "a reset is a total, or 'exactly' and 'to'", "reset", example)
        if exactly is _UNREAD:
            return _UNREAD
        self.positions.setdefault(f"game.reset.{exactly}", self.source.where(node))
        return exactly, 0

    def _points(self, node: Node, wrong: str, key: str, hint: str) -> int | object:
        """A signed whole number of points (``−100`` as well as ``-100``),
        within the bound of a target score; ``wrong`` says what it must be."""
        number = as_int(node)
        text = (scalar(node) or "").strip().replace("−", "-")
        if number is None and _SIGNED.fullmatch(text):
            number = int(text)
        if number is None:
            self.source.error(node, wrong, hint=hint)
            return _UNREAD
        if abs(number) > TARGET_SCORE:
            self.source.error(node, f"{key} is at most {TARGET_SCORE:,} either way")
            return _UNREAD
        return number

    def _choose_after(self, node: Node) -> int | None | object:
        """``choose_after: 5``: the declarer chooses having been dealt the
        first 5 cards of the hand (docs/rules.md section 6, Choosing after
        part of the hand)."""
        if is_null(node):
            return None
        if isinstance(node, MappingNode):
            given = [n for n in (as_int(value) for _, value in pairs(node)) if n is not None and n > 0]
            self.source.error(node, NOT_EXPRESSIBLE + "a choose_after that varies with the number of players; it "
                              "is one number of cards for every count",
                              hint=f"write one number for every count, e.g. 'choose_after: {min(given, default=5)}'")
            return _UNREAD
        number = as_int(node)
        if number is None or number < 1:
            self.source.error(node, "choose_after is the number of cards dealt before the declarer chooses, e.g. 5",
                              hint="the rest of the hand is dealt once the contract is announced")
            return _UNREAD
        return number

    def _first_declarer(self, node: Node) -> int | None | object:
        """``first_declarer: lot`` (the default) or ``holder of 7♥``."""
        text = (scalar(node) or "").strip()
        if text.lower() in ("lot", "by lot", "drawn"):
            return None
        words = text.split()
        card_text = words[-1] if words[:-1] in (["holder", "of"], ["holder", "of", "the"], []) and words else ""
        card = C.parse_card(card_text) if card_text else None
        if card is None:
            message, hint = card_problem(card_text) if card_text else (f"first_declarer cannot be '{text}'", "")
            self.source.error(node, message, hint=hint or "write 'lot' (the default) or 'holder of 7♥'")
            return _UNREAD
        return card

    def _redouble(self, node: Node) -> m.Redouble | object:
        """``redouble: true`` (the declarer), ``false`` or ``anyone``."""
        flag = as_bool(node)
        if flag is not None:
            return flag
        text = (scalar(node) or "").strip().lower()
        if text in ("declarer", "anyone"):
            return True if text == "declarer" else "anyone"
        self.source.error(node, f"redouble cannot be '{scalar(node)}'",
                          hint="true (the declarer redoubles), false, or anyone (every doubled player)")
        return _UNREAD


_RANGE = re.compile(rf"\s*([0-9]{{1,{NUMBER_DIGITS}}})\s*-\s*([0-9]{{1,{NUMBER_DIGITS}}})\s*", re.ASCII)
"""A range of player counts, ``3-7`` (ASCII digits: ``²`` is no digit here)."""


_NO_CARD_ABOVE = re.compile(r"no cards? (?:above|over|higher than) (\S+)")
_SIGNED = re.compile(rf"[+-]?[0-9]{{1,{NUMBER_DIGITS}}}", re.ASCII)
"""A signed number written with ``−`` as well as ``-`` (``target: −100``)."""


_UNREAD = object()
"""What a setting reader returns after reporting a value it cannot read."""


def player_count_problem(count: int) -> tuple[str, str | None] | None:
    """Why ``count`` players cannot play a spec, with a hint; None when
    they can (docs/rules.md section 6: 2 to 10 players, one pack)."""
    if count > C.MAX_PLAYERS:
        return (NOT_EXPRESSIBLE + f"{count} players need two packs, and two packs need rules the language does "
                "not have: which of two equal cards in one trick wins, what a card named in a rule scores when "
                "it is held twice (two K♥), totals over both packs",
                f"play with {C.MIN_PLAYERS} to {C.MAX_PLAYERS} players (docs/rules.md section 6)")
    if count < C.MIN_PLAYERS:
        return f"a game needs at least {C.MIN_PLAYERS} players, not {count}", None
    return None
