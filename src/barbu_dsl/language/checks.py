"""Checks only a whole spec can show: a scoring card removed from a deck,
placings for the wrong number of players, a trick position a hand does not
have, a deck that does not deal evenly, a spread that does not share out
evenly, a game order naming no contract, schedule settings that do not fit
the chooser (docs/rules.md section 6).  They run after the overlays are applied
and point at the line that caused the problem."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

from .. import cards as C
from ..runtime.scoring import target_reached
from . import model as m
from .decks import even_deck_hint
from .rules import clause_text, ordinal_text, select, spread_size
from .suggest import did_you_mean_contract

if TYPE_CHECKING:
    from .source import Source


@dataclass(frozen=True)
class Unread:
    """What a file says but could not be read, already reported: the checks
    that depend on it are skipped, so that one mistake is not reported again
    as another.  ``contracts``: names (folded with :func:`~.model.contract_key`)
    of contracts whose rules failed; ``settings``: setting keys that failed,
    such as ``players``, ``decks`` or ``game.chooser`` (a section name
    stands for all its keys)."""

    contracts: frozenset[str] = frozenset()
    settings: frozenset[str] = frozenset()

    def any(self, *keys: str) -> bool:
        """Whether any of the settings ``keys`` could not be read."""
        return any(key in self.settings or key.split(".")[0] in self.settings for key in keys)


NOTHING_UNREAD = Unread()
"""A spec read whole."""


def order_item(name: str) -> str:
    """The key under which ``positions`` keeps where a name of the game
    order was written."""
    return f"game.order[{m.contract_key(name)}]"


def check_spec(spec: m.Spec, source: Source, positions: dict[str, m.Position] | None = None,
               unread: Unread = NOTHING_UNREAD) -> None:
    """Problems only the whole spec shows, reported where they were written
    (``positions``: where each setting of the file being read was given).
    They are checked on what could be read, skipping what depends on the
    ``unread`` parts of the file."""
    report: Callable[..., None] = source.error_at_position
    where = positions or {}
    _check_names(spec, report)
    if not spec.contracts and not unread.contracts and not unread.any("contracts"):
        report(None, "the spec has no contracts")
    if not unread.any("players", "decks"):
        _check_decks(spec, report, where, unread)
    if not unread.any("deck"):
        _check_orders(spec, report)
    _check_game(spec, report, where, unread)
    if not unread.any("doubling", "game", "players", "contracts") and not unread.contracts:
        _check_doubling(spec, report, where)
        _check_target(spec, report, where)
        _check_reset(spec, report, where)
    if spec.game.payout and not unread.any("players", "game.payout"):
        _check_payout(spec, report, where)
    if spec.game.pot and not unread.any("doubling", "contracts", "players") and not unread.contracts:
        _check_pot(spec, report, where)
    if spec.widow and not unread.any("players", "decks", "deck", "leftover"):
        _check_leftover(spec, report, where)
    if spec.passing.on and not unread.any("passing", "passing.cards", "passing.cycle", "players", "decks", "deck"):
        _check_passing(spec, report, where)
    if spec.game.choose_after is not None and not unread.any("game", "players", "decks", "deck", "contracts") \
            and not unread.contracts:
        _check_choose_after(spec, report, where)
    if spec.redeal.on and not unread.any("redeal", "players", "decks", "deck", "contracts") and not unread.contracts:
        _check_redeal(spec, report, where)


def _check_choose_after(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Choosing after part of the hand (docs/rules.md section 6): fewer
    cards than a hand holds, and a choice to make with them."""
    after = spec.game.choose_after
    assert after is not None
    at = where.get("game.choose_after")
    for count in spec.players:
        held = len(spec.deck_for(count)) // count
        if after >= held:
            report(at, f"choose_after {after}, but with {count} players a hand holds {held} cards: the declarer "
                   "would see the whole hand", hint=f"choose after at most {held - 1} cards, or leave it out")
            return
    named = any(isinstance(play := contract.rules_for(count).play, m.TrickPlay) and play.trumps is not None
                and play.trumps.suit is None or isinstance(play, m.DominoPlay) and play.start == "chosen"
                for contract in spec.contracts for count in spec.players)
    if spec.game.chooser in _FIXED and not named:
        report(at, "the contracts come in a fixed order and none names trumps or a starting rank: "
               "the declarer has nothing to choose after the first cards", hint="leave 'choose_after' out")


def _trump_suits(spec: m.Spec, players: int) -> list[tuple[str, m.Suit | None]]:
    """Each contract played with trumps by ``players``: its name and its
    fixed trump suit (None: the declarer names it)."""
    found = []
    for contract in spec.contracts:
        play = contract.rules_for(players).play
        if isinstance(play, m.TrickPlay) and play.trumps is not None:
            found.append((contract.name, play.trumps.suit))
    return found


def _check_redeal(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """A misdeal rule that cannot be played (docs/rules.md section 6,
    Misdeals): ``no trump`` where no contract has trumps, and a condition
    that every deal meets (fewer honours, or cards of a trump suit, than
    players: some hand always lacks one)."""
    redeal = spec.redeal
    # Where the conditions were written (in a variant: at the variant's name, where its settings are placed).
    at = next((where[key] for key in ("redeal.when", "redeal", "redeal.trump", "redeal.above") if key in where), None)
    if redeal.trump and not any(_trump_suits(spec, count) for count in spec.players):
        report(at, "'no trump' redeals a hand without a trump, but no contract of the spec has trumps",
               hint="leave 'no trump' out, or give a contract 'trumps'")
    for count in spec.players:
        deck = spec.deck_for(count)
        if redeal.above is not None:
            honours = sum(C.rank_of(card) > redeal.above for card in deck)
            if honours < count:
                report(at, f"with {count} players the deck holds {honours} {'card' if honours == 1 else 'cards'} above "
                       f"{C.rank_str(redeal.above)}, so some hand always holds none: every deal would be void",
                       hint="redeal for a lower rank ('no card above 9'), or leave the condition out")
                return
        if not redeal.trump:
            continue
        suits = [sum(C.suit_of(card) == suit for card in deck) for suit in C.SUITS]
        for name, suit in _trump_suits(spec, count):
            most = max(suits) if suit is None else suits[suit]
            if most < count:
                report(at, f"in '{name}' with {count} players the trump suit has at most {most} "
                       f"{'card' if most == 1 else 'cards'}, so some "
                       "hand always holds no trump: every deal would be void",
                       hint="leave 'no trump' out, or play the contract with fewer players")
                return


def _check_leftover(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """A widow with nothing to hold (docs/rules.md section 6, Packs, decks
    and player counts): every allowed count's deck deals out evenly; cards
    nobody takes (a widow aside, a dealer's discards) with all or nothing or
    shoot the moon; a dealer who discards in a game that passes."""
    if all(spec.widow_size(count) == 0 for count in spec.players):
        counts = ", ".join(map(str, spec.players))
        empty = ("so the widow would always be empty" if spec.leftover != "dealer discards"
                 else "so the dealer would never have a card to discard")
        report(where.get("leftover"), f"nothing is left over: the deck deals out evenly to {counts} players, {empty}",
               hint="leave 'leftover' out, or allow a player count the deck does not divide by")
        return
    if spec.leftover == "dealer discards" and spec.passing.on:
        report(where.get("leftover"), "a dealer who discards and passing in the same game: the dealer's "
               "discards and the passes would both change the hands before play",
               hint="leave 'passing' out, or write 'leftover: widow aside'")
    if spec.leftover not in ("widow aside", "dealer discards"):
        return
    what = "a widow set aside" if spec.leftover == "widow aside" else "the dealer's discards"
    for contract in spec.contracts:
        swept = next((rules.scoring for _, rules in ((None, contract.rules), *contract.by_players)
                      if rules.scoring.all_or_nothing or rules.scoring.shoot_the_moon), None)
        if swept is not None and not contract.derived:
            rule = "all or nothing" if swept.all_or_nothing else "shoot the moon"
            report(where.get("leftover"), f"{what} may hold a card that scores, which nobody takes: "
                   f"'{rule}' in '{contract.name}' needs one player to take them all",
                   hint=f"write 'leftover: widow to first trick', or leave '{rule}' out")


def _check_passing(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Passing that cannot be played (docs/rules.md section 6, Passing):
    an empty cycle, more cards than a hand holds, ``across`` with an odd
    number of players, passing before a domino contract."""
    passing = spec.passing
    at_cards = where.get("passing.cards") or where.get("passing.cycle")
    at_cycle = where.get("passing.cycle") or at_cards
    if not passing.cycle:
        report(at_cycle, "the passing cycle is empty", hint="e.g. 'cycle: [left, right, across, hold]'")
    for count in spec.players:
        held = len(spec.deck_for(count)) // count
        if passing.cards > held:
            report(at_cards, f"{passing.cards} cards to pass, but with {count} players a hand holds {held}",
                   hint=f"pass at most {held} cards")
            break
    odd = [count for count in spec.players if count % 2]
    if "across" in passing.cycle and odd:
        report(at_cycle, f"with {odd[0]} players nobody sits across: a pass across needs an even number of players",
               hint="pass left, right or hold, or play with an even number of players")
    domino = next((c for c in spec.contracts if not c.derived
                   and any(isinstance(r.play, m.DominoPlay) for r in (c.rules, *(r for _, r in c.by_players)))),
                  None)
    if domino is not None:
        report(at_cards, f"cards are passed before every contract, and '{domino.name}' is domino: "
               "not expressible in barbu_dsl: passing before a domino contract",
               hint="leave the passing out, or the domino contract")


def _check_names(spec: m.Spec, report: Callable[..., None]) -> None:
    """Two contracts of one name, or of names a player cannot tell apart
    (case, spaces, accents: ``Les cœurs`` and ``Les coeurs``, ``Rıfkı`` and
    ``Rifki``), each reported at the later one with the earlier as a note."""
    seen: dict[str, m.Contract] = {}
    for contract in spec.contracts:
        key = m.sounds_key(contract.name)
        first = seen.get(key)
        if first is None:
            seen[key] = contract
            continue
        twin = " (as a twin)" if contract.derived or first.derived else ""
        if m.contract_key(first.name) == m.contract_key(contract.name):
            message = f"contract '{contract.name}' is listed twice{twin}"
        else:
            message = (f"contract '{contract.name}'{twin} and '{first.name}' differ only in case, spaces or "
                       "accents: players would take them for one contract")
        report(contract.where, message, hint="give one of them another name",
               note=(first.where, f"'{first.name}' is here") if first.where != contract.where else None)


def _check_decks(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position], unread: Unread) -> None:
    """Decks that do not deal evenly; contracts that a player count or its
    deck makes impossible (counts whose deck could not be read are
    skipped: their deck is not known)."""
    for count, removed in spec.removed:
        deck = 52 - len(removed)
        if deck % count and not spec.widow and not unread.any(f"decks.{count}", "leftover"):
            report(where.get(f"decks.{count}") or where.get("players"),
                   f"a deck of {deck} cards does not deal evenly to {count} players",
                   hint=even_deck_hint(removed, count, spec.pack_low))
    for contract in spec.contracts:
        for count in spec.players:
            if contract.derived or unread.any(f"decks.{count}"):
                continue
            for problem, hint in _contract_problems(contract.rules_for(count), count, spec.removed_for(count)):
                report(contract.where_for(count), f"{contract.name}, {count} players: {problem}", hint=hint)
        for count, _ in contract.by_players:
            if count not in spec.players:
                report(contract.where_for(count), f"{contract.name} gives rules for {count} players, "
                       f"but the spec allows {', '.join(map(str, spec.players))}")


def _check_orders(spec: m.Spec, report: Callable[..., None]) -> None:
    """A card order lists every rank of the spec's pack once (docs/rules.md
    section 6, Card orders): 8 ranks for a 32-card pack, 13 for a full one."""
    pack = [rank for rank in reversed(C.RANKS) if rank >= spec.pack_low]
    for contract in spec.contracts:
        if contract.derived:
            continue
        for count, rules in ((None, contract.rules), *contract.by_players):
            play = rules.play
            if not isinstance(play, m.TrickPlay) or play.order is None or sorted(play.order) == sorted(pack):
                continue
            missing = [C.rank_str(rank) for rank in pack if rank not in play.order]
            outside = [C.rank_str(rank) for rank in play.order if rank not in pack]
            problem = (f"lists {', '.join(outside)}, which the pack does not hold" if outside
                       else f"leaves out {', '.join(missing)}")
            report(contract.where if count is None else contract.where_for(count),
                   f"{contract.name}: the card order {problem}: an order lists each of the pack's "
                   f"{len(pack)} ranks once",
                   hint=f"for instance 'order {' '.join(C.rank_str(rank) for rank in pack)}' "
                   "(strongest first; docs/rules.md section 6, Card orders)")


def _check_game(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position], unread: Unread) -> None:  # noqa: C901 -- one check a game setting
    """A game order naming no contract or one twice; a game of more
    contracts than there are; a game of no hands."""
    names = {m.contract_key(c.name) for c in spec.contracts} | unread.contracts
    order_seen: set[str] = set()
    fixed = spec.game.chooser in _FIXED  # a fixed order may play a contract more than once
    for name in spec.game.order if not unread.any("game.order") else ():
        key = m.contract_key(name)
        if key not in names:
            report(where.get(order_item(name)) or where.get("game.order"),
                   f"game order names '{name}', which is not a contract",
                   hint=did_you_mean_contract(name, [c.name for c in spec.contracts]))
        if key in order_seen and not fixed:
            report(where.get("game.order"), f"game order lists '{name}' twice",
                   hint="give the contract 'times: 2' to play it twice")
        order_seen.add(key)
    per_game = spec.game.contracts_per_game
    available = len(spec.game.order) or len(spec.contracts) + len(unread.contracts)
    if per_game is not None and not (1 <= per_game <= available) and not unread.any("game.order", "contracts"):
        report(where.get("game.contracts_per_game"),
               f"a game of {per_game} contract{'s' if per_game != 1 else ''}, but {available} "
               f"{'is' if available == 1 else 'are'} "
               "available")
    hands = spec.game.hands
    for count, number in hands if isinstance(hands, tuple) else ((None, hands),):
        if number is not None and number < 1:
            report(where.get("game.hands"), "a game needs at least one hand")
        if count is not None and count not in spec.players and not unread.any("players"):
            report(where.get("game.hands"), f"hands are given for {count} players, but the spec allows "
                   f"{', '.join(map(str, spec.players))}")
    if not unread.any("game.chooser", "game.lists", "game.mode") and not unread.contracts:
        _check_schedule(spec, report, where)
    if not unread.any("game.chooser", "game.order", "game.hands", "players") and not unread.contracts:
        _check_fixed_once(spec, report, where)
    if spec.game.first_declarer is not None and not unread.any("players", "decks", "deck"):
        card = spec.game.first_declarer
        for count, removed in spec.removed:
            if card in removed:
                report(where.get("game.first_declarer"), f"the first declarer holds {C.card_symbol(card)}, "
                       f"but it is removed from the deck for {count} players")
    if not unread.any("game.chooser", "game.mode", "game.contracts_per_game"):
        _check_rotating_only(spec, report, where)
    if not unread.any("game.chooser", "game.order", "contracts") and not unread.contracts:
        _check_order_covers(spec, report, where)


# Choosers that play every contract of the spec: the order, when given,
# must list them all (docs/rules.md section 2 variant 2).  A rotating chooser
# draws from the order, which may be a part of the contracts (section 3).
_PLAYS_EVERY_CONTRACT = ("declarer-series", "dealer", "fixed-order", "fixed-series")
_FIXED = ("fixed-order", "fixed-series")


def _check_schedule(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Schedule settings that do not fit the chooser (docs/rules.md section 6):
    a shared list without a rotating chooser or with random lists, ``times``
    in a fixed order (which lists a contract again instead), ``times ...
    each`` without a shared list, and quotas that a rubber cannot share
    out evenly between the players."""
    game = spec.game
    at = where.get("game.lists") or where.get("game.chooser")
    if game.lists == "shared" and game.chooser != "rotating":
        report(at, f"a shared list does nothing with chooser '{game.chooser}': only a rotating chooser "
               "picks from a list", hint="set 'chooser: rotating', or leave 'lists' out")
    if game.lists == "shared" and game.mode in ("random", "individual-random"):
        report(where.get("game.mode") or at, f"mode '{game.mode}' draws each player's own list; a shared list "
               "is the table's", hint="leave 'lists: shared' out, or use mode classic or custom")
    for contract in spec.contracts:
        if contract.derived:
            continue
        if contract.times != 1 and game.chooser in _FIXED:
            report(contract.where, f"{contract.name}: 'times' does nothing in a {game.chooser} game",
                   hint="list the contract in the game order as many times as it is played")
        elif contract.times != 1 and game.chooser == "rotating" and game.mode in ("random", "individual-random"):
            report(contract.where, f"{contract.name}: 'times' does nothing with mode '{game.mode}', which "
                   "draws contracts once each", hint="use mode classic or custom")
        if contract.times_each and game.lists != "shared":
            report(contract.where, f"{contract.name}: 'times: {contract.times} each' needs a shared list, where "
                   "each player's choices are counted", hint="set 'lists: shared' under 'game', or write "
                   f"'times: {contract.times}'")
    if game.lists != "shared" or not any(c.times_each for c in spec.contracts):
        return
    rubber = sum(c.times * (1 if not c.times_each else 0) for c in spec.contracts)
    for count in spec.players:
        size = rubber + count * sum(c.times for c in spec.contracts if c.times_each)
        hands = game.hands_for(count)
        if size % count or (hands is not None and hands % size):
            report(where.get("game.hands") or at, f"with {count} players a rubber of {size} hands does not "
                   "give each player the same choices, so 'times ... each' cannot be kept",
                   hint=f"make the rubber a multiple of {count} hands and the game a number of rubbers")


def _check_fixed_once(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """A fixed-order game that sets ``hands`` goes through its order once
    (docs/rules.md section 2, variant 2): more hands than the order has
    contracts would have nothing to play."""
    if spec.game.chooser != "fixed-order":
        return
    size = len(spec.game.order) or len(spec.contracts)
    for count in spec.players:
        hands = spec.game.hands_for(count)
        if hands is not None and hands > size:
            at = where.get(f"game.hands.{count}") or where.get("game.hands")
            contracts = f"{size} contract makes" if size == 1 else f"{size} contracts make"
            report(at, f"a fixed-order game with 'hands' plays its order once: {contracts} "
                   f"at most {size} hand{'s' if size != 1 else ''}, not {hands}"
                   + (f" ({count} players)" if isinstance(spec.game.hands, tuple) else ""),
                   hint=f"set 'hands' to {size}, or leave it out to play each contract with every player "
                   f"as declarer ({count * size} hands with {count} players)"
                   + (f"; to deal the one contract {hands} times, the deal passing round, write 'chooser: rotating' "
                      "instead of 'fixed-order'" if size == 1 else ""))


def _check_doubling(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Doubling settings that contradict each other or can never be met
    (docs/rules.md section 2, Doubling; section 6): ``positive: anyone`` or
    ``redouble: anyone`` or ``first: declarer`` when only the declarer may be
    doubled, and a ``minimum`` of doubles higher than the hands a declarer
    declares."""
    d = spec.doubling
    if not d.allowed:
        return
    if d.whom == "declarer-only" and not d.positive_declarer_only:
        report(where.get("doubling.positive") or where.get("doubling.whom"),
               "'positive: anyone' does nothing with 'whom: declarer-only': only the declarer may be doubled "
               "in any contract", hint="leave 'positive' out, or set 'whom: anyone'")
    if d.whom == "declarer-only" and d.redouble == "anyone":
        report(where.get("doubling.redouble") or where.get("doubling.whom"),
               "'redouble: anyone' does nothing with 'whom: declarer-only': the declarer is the only player "
               "doubled, and may already redouble", hint="write 'redouble: true', or set 'whom: anyone'")
    if d.first == "declarer" and d.whom == "declarer-only":
        report(where.get("doubling.first") or where.get("doubling.whom"),
               "'first: declarer' does nothing with 'whom: declarer-only': the declarer is the only player "
               "anyone may double, so they have nobody to double first",
               hint="leave 'first' out, or set 'whom: anyone'")
    series = spec.game.chooser in ("declarer-series", "dealer", "fixed-series")
    if _check_minimum_per(spec, report, where, series):
        return
    known = {m.contract_key(c.name) for c in spec.contracts}
    if not d.minimum or any(m.contract_key(name) not in known for name in spec.game.order):
        return  # an order naming no contract is reported already
    for count in spec.players:
        unit = len(spec.unit(count))
        hands = spec.game.hands_for(count) or count * unit
        if d.per == "rubber":  # the hands of one rubber a player does not declare, for one who declares most
            rubber = min(unit, hands)
            most = rubber - -(-rubber // count)
            if d.minimum > most:
                report(where.get("doubling.minimum"),
                       f"a minimum of {d.minimum} doubles in each rubber cannot be reached: with {count} players "
                       f"a rubber of {rubber} hands leaves a player who declares most of them {most} "
                       f"hand{'s' if most != 1 else ''} to double the declarer",
                       hint=f"set 'minimum' to at most {most}, or leave it out")
                return
            continue
        most = min(unit, -(-hands // count)) if series else -(-hands // count)
        if d.minimum > most:
            span = "a declarer's series" if series else "a game"
            report(where.get("doubling.minimum"),
                   f"a minimum of {d.minimum} doubles against each declarer cannot be reached: with {count} "
                   f"players a declarer declares at most {most} hand{'s' if most != 1 else ''} in {span}, "
                   "and each player doubles them at most once a hand",
                   hint=f"set 'minimum' to at most {most}, or leave it out")
            return


def _check_minimum_per(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position],
                       series: bool) -> bool:
    """``per`` that has nothing to count over (docs/rules.md section 2, "The
    minimum of two doubles"): ``per: rubber`` in a game without rubbers (a
    shared list), ``per: series`` in a game without declarer series, either
    without a ``minimum``.  Whether one was reported."""
    d = spec.doubling
    if d.per is None:
        return False
    place = where.get("doubling.per")
    if not d.minimum:
        report(place, f"'per: {d.per}' does nothing without a minimum of doubles to count",
               hint="give 'minimum: 2', or leave 'per' out")
        return True
    shared = spec.game.chooser == "rotating" and spec.game.lists == "shared"
    if d.per == "rubber" and not shared:
        report(place, "'per: rubber' needs rubbers, and this game has none: only a shared list of contracts "
                      "('lists: shared', with 'chooser: rotating') is played in rubbers",
               hint="leave 'per' out: the minimum is then counted per declarer series" if series else
               "play a shared list ('chooser: rotating', 'lists: shared'), or leave 'per' out (the minimum is "
               "then counted per game)")
        return True
    if d.per == "series" and not series:
        report(place, "'per: series' needs declarer series, and this game has none: the chooser moves on "
                      "every hand",
               hint="write 'per: rubber' with a shared list, or leave 'per' out (the minimum is then counted "
                    "per game)")
        return True
    return False


def _check_target(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """A target score no player's total can ever reach (docs/rules.md
    section 6, "A target score"): a positive target when no hand can give
    anyone points, a negative one when no hand can take any away.  Doubling
    moves points either way, and ``all or nothing`` turns a value's sign."""
    target = spec.game.target
    if target is None or _can_move(spec, target):
        return
    sign = 1 if target > 0 else -1
    report(where.get("game.target"),
           f"a target of {target} can never be reached".replace("-", "−") + ": no hand of these contracts "
           f"{'gives a player points' if sign > 0 else 'takes points from a player'}",
           hint=f"write 'target: {-target}'".replace("-", "−") + ", or change the contracts' values")


def _can_move(spec: m.Spec, total: int) -> bool:
    """Whether some hand can move a running total from 0 towards ``total``:
    give a player points (``total`` positive) or take some away."""
    sign = 1 if total > 0 else -1
    return spec.doubling.allowed or any(sign in _score_signs(contract.rules_for(count).scoring)
                                        for contract in spec.contracts for count in spec.players)


def _check_reset(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Resets that change nothing or contradict the game (docs/rules.md
    section 6, "Running totals"): a total reset to itself, a reset of 0
    (where every total starts), two resets of one total, a reset to a
    total that has reached the target, and a total no hand can bring a
    player to."""
    seen: set[int] = set()
    target = spec.game.target
    for exactly, to in spec.game.reset:
        at = where.get(f"game.reset.{exactly}", where.get("game.reset"))
        shown = str(exactly).replace("-", "−")
        if exactly in seen:
            report(at, f"two resets of a total of {shown}", hint="keep one of them")
        elif exactly == 0:
            report(at, "a reset of a total of 0: every total starts at 0",
                   hint="name the total that goes back, e.g. 'reset: 100'")
        elif exactly == to:
            report(at, f"a reset of {shown} to {shown} changes nothing",
                   hint="write the total it becomes, e.g. 'to: 0'")
        elif target_reached(target, (to,)):
            report(at, f"a reset to {str(to).replace('-', '−')} reaches the target of "
                   f"{str(target).replace('-', '−')}, so it would end the game",
                   hint="reset to a total short of the target")
        elif not _can_move(spec, exactly):
            report(at, f"a total of {shown} can never be reached: no hand of these contracts "
                   f"{'gives a player points' if exactly > 0 else 'takes points from a player'}",
                   hint="write the total with the other sign, or leave the reset out")
        seen.add(exactly)


def _check_pot(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """A pot the game cannot fill (docs/rules.md section 6, "A pot"): only
    what a hand takes from the players goes in, so every value must be 0
    or less and there is no doubling (which moves points either way)."""
    at = where.get("game.pot")
    if spec.doubling.allowed:
        report(at, "a pot is filled by what each hand takes from the players, and doubling gives points too",
               hint="turn doubling off ('doubling: false') or leave the pot out")
        return
    giving = next((contract.name for contract in spec.contracts for count in spec.players
                   if 1 in _score_signs(contract.rules_for(count).scoring)), None)
    if giving is not None:
        report(at, f"a pot is filled by what each hand takes from the players, but '{giving}' can give "
               "a player points", hint="give every value as 0 or less, or leave the pot out")


def _check_payout(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Payments by place that cannot be made (docs/rules.md section 6,
    "Payments by place"): a list for a player count the spec does not
    allow, a list whose length is not its count, a count the spec allows
    without a list, a lower place receiving more than a higher one."""
    payout = dict(spec.game.payout)
    allowed = ", ".join(map(str, spec.players))
    for count, amounts in spec.game.payout:
        at = where.get(f"game.payout.{count}") or where.get("game.payout")
        if count not in spec.players:
            report(at, f"a payout of {len(amounts)} places is for {count} players, but the spec allows {allowed}",
                   hint="give one list a player count, e.g. 'payout: {3: [2, 0, −2], 4: [3, 1, −1, −3]}'")
        elif len(amounts) != count:
            report(at, f"the payout for {count} players has {len(amounts)} amounts", hint=f"give {count}, one a place")
        else:
            worse = next((place for place in range(1, count) if amounts[place] > amounts[place - 1]), None)
            if worse is not None:
                report(at, f"the payout gives place {worse + 1} more than place {worse}",
                       hint="list the amounts from first place to last, the largest first")
    missing = [count for count in spec.players if count not in payout]
    if missing and all(count in spec.players for count in payout):
        report(where.get("game.payout"), "no payout is given for " + ", ".join(map(str, missing)) + " players",
               hint="give one list for each player count the spec allows")


def _score_signs(scoring: m.Scoring) -> set[int]:
    """The signs a player's score from one hand of ``scoring`` can have
    (0 left out): its values', and their opposites under ``all or nothing``."""
    values: list[int] = []
    for part in scoring.parts:
        values.extend(part.values if isinstance(part, m.Placings) else (part.value,))
    signs = {(value > 0) - (value < 0) for value in values} - {0}
    return signs | {-sign for sign in signs} if scoring.all_or_nothing else signs


def spread_problems(rules: m.Rules, players: int, removed: tuple[int, ...]) -> list[str]:
    """Spreads whose share is not whole for this count's deck (docs/rules.md section 6)."""
    deck = frozenset(range(52)) - set(removed)
    tricks = len(deck) // players
    problems = []
    trumps = rules.play.trumps if isinstance(rules.play, m.TrickPlay) else None
    for part in rules.scoring.parts:
        if not isinstance(part, m.Spread):
            continue
        suits = (trumps.suit,) if trumps is not None and trumps.suit is not None else C.SUITS
        for trump in suits if isinstance(part.cards, m.TrumpCards) else (None,):
            size = spread_size(part, tricks, deck, trump)
            what = f"{size} tricks" if part.cards is None else f"{size} cards"
            if not size or part.value % size:
                problems.append(f"'{clause_text(part)}' does not share out evenly over {what}")
                break
    return problems

def _check_rotating_only(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """The French modes and the number of contracts in a game only mean
    something to a rotating chooser (docs/rules.md section 3)."""
    game = spec.game
    if game.chooser == "rotating":
        return
    hint = "set 'chooser: rotating', or leave it out"
    if game.mode != m.Game().mode:
        report(where.get("game.mode") or where.get("game.chooser"),
               f"mode '{game.mode}' does nothing with chooser '{game.chooser}': the modes choose the "
               "contracts a rotating chooser draws from", hint=hint)
    if game.contracts_per_game is not None:
        report(where.get("game.contracts_per_game") or where.get("game.chooser"),
               f"contracts_per_game does nothing with chooser '{game.chooser}': only a rotating chooser "
               "plays a chosen number of contracts", hint=hint + " ('hands' sets the number of hands)")


def _check_order_covers(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """With a chooser that plays every contract, a game order that leaves
    one out would silently drop it (docs/rules.md section 2 variant 2).  An order
    that names no contract is reported already, so it is not checked."""
    ordered = {m.contract_key(name) for name in spec.game.order}
    if (spec.game.chooser not in _PLAYS_EVERY_CONTRACT or not ordered
            or not ordered <= {m.contract_key(c.name) for c in spec.contracts}):
        return
    for contract in spec.contracts:
        if m.contract_key(contract.name) not in ordered:
            report(where.get("game.order"), f"the game order leaves out '{contract.name}', so a "
                   f"{spec.game.chooser} game would never play it", hint=_order_hint(spec, contract.name))


def _order_hint(spec: m.Spec, name: str) -> str:
    """How to get ``name`` into the order: by applying the overlay that
    added it after the one that set the order, or by naming it."""
    add = f"add '{name}' to the order"
    overlays = [spec.overlay(applied) for applied in spec.applied if applied in {o.name for o in spec.overlays}]
    setters = [o.name for o in overlays if any(key == "game.order" for key, _ in o.settings)]
    adders = [o.name for o in overlays if any(change.action == "set" and m.contract_key(change.name)
                                              == m.contract_key(name) for change in o.contracts)]
    if setters and adders and spec.applied.index(adders[0]) < spec.applied.index(setters[-1]):
        return f"apply {adders[0]} after {setters[-1]}, or {add}"
    return add


Problem = tuple[str, str | None]
"""A problem of one contract for one player count, and a hint that mends it."""


_KEEP = "keep it in the deck for this player count (under 'decks')"


def _contract_problems(rules: m.Rules, players: int, removed: tuple[int, ...]) -> list[Problem]:
    """What the rules of one contract cannot do with ``players`` players
    and the cards ``removed``: score cards that are not dealt, name tricks
    a hand does not have, give placings for another number of players."""
    gone = frozenset(removed)
    tricks = (52 - len(removed)) // players
    problems = [problem for part in rules.scoring.parts for problem in _part_problems(part, players, gone)]
    for group in rules.scoring.groups:
        problems.extend(_position_problems(group, tricks))
    problems.extend((problem, "choose a value that divides evenly")
                    for problem in spread_problems(rules, players, removed))
    problems.extend(_play_problems(rules.play, gone))
    return problems


def _part_problems(part: m.Part, players: int, gone: frozenset[int]) -> list[Problem]:
    """What one scoring part cannot do with the cards ``gone``."""
    match part:
        case m.PerCard(cards=m.OneCard() | m.CardSet() as cards):
            return [(f"{C.card_symbol(card)} scores but is removed from the deck",
                     f"take it out of the rule line, or {_KEEP}") for card in sorted(select(cards, None) & gone)]
        case m.PerCard(cards=m.TrumpCards()) | m.NoCards(cards=m.TrumpCards() | m.PointCards()):
            return []  # the trump suit is named at play; the cards that score are checked above
        case m.PerCard(cards=cards) | m.NoCards(cards=cards):
            counted = select(cards, None)
            if counted and counted <= gone:  # a value for none of them would always apply
                text = clause_text(part)
                effect = "always applies" if isinstance(part, m.NoCards) else "scores nothing"
                return [(f"'{text}' {effect}: every card it counts is removed from the deck",
                         f"take '{text}' out, or play with a deck that has those cards")]
            return []
        case m.Placings(values=values) if len(values) != players:
            return [(f"placings give {len(values)} values for {players} players",
                     f"give {players} values, one for each place, or a rule line for {players} players under "
                     "'players:'")]
        case (m.PerTrick() | m.NoTrick() | m.AllTricks() | m.TrickAt() | m.Placings() | m.MostOfOneSuit()
              | m.Spread()):
            return []  # trick positions: _position_problems; spreads: spread_problems
        case _:
            assert_never(part)


def _position_problems(group: tuple[m.Part, ...], tricks: int) -> list[Problem]:
    """Trick positions of one group that a hand of ``tricks`` tricks does
    not have, or that score one trick twice."""
    problems: list[Problem] = []
    seen: dict[int, str] = {}
    for part in group:
        if not isinstance(part, m.TrickAt):
            continue
        index = part.index(tricks)
        if index is None:
            problems.append((f"'{clause_text(part)}' scores a trick that a hand of {tricks} tricks does not have",
                             f"name a trick from the first to the {ordinal_text(tricks)}"))
        elif index in seen:
            problems.append((f"'{clause_text(part)}' and '{seen[index]}' score the same trick",
                             "write one value for that trick"))
        if index is not None:
            seen[index] = clause_text(part)
    return problems


def _play_problems(play: m.Play, gone: frozenset[int]) -> list[Problem]:
    """Cards the play names (an opening card, breakers, banned or forced
    cards) or a domino start that the cards ``gone`` take away."""
    match play:
        case m.TrickPlay():
            named_cards = [play.opening_card] if play.opening_card is not None else []
            named_cards += [c for ban in play.lead_bans for c in ban.broken_by]
            for selector in (*play.shed_when_safe, *play.first_trick_bans, *play.discard_when_void):
                if isinstance(selector, (m.OneCard, m.CardSet)):
                    named_cards += sorted(select(selector, None))
            return [(f"{C.card_symbol(card)} is named but removed from the deck",
                     f"name a card that is dealt, or {_KEEP}") for card in named_cards if card in gone]
        case m.DominoPlay(opening_card=int(card)) if card in gone:
            return [(f"'{C.card_symbol(card)} starts', but {C.card_symbol(card)} is removed from the deck",
                     f"start with a card that is dealt, or {_KEEP}")]
        case m.DominoPlay(start=int(start)) if all(C.card(start, s) in gone for s in C.SUITS):
            return [(f"domino starts from {C.rank_str(start)}, but every one is removed",
                     "start from a rank that is dealt")]
        case m.DominoPlay():
            return []
        case _:
            assert_never(play)
