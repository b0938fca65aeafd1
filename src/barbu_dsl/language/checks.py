"""Checks only a whole spec can show: a scoring card removed from a deck,
placings for the wrong number of players, a trick position a hand does not
have, a deck that does not deal evenly, a game order naming no contract.
They run after the overlays are applied and point at the line that caused
the problem."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import cards as C
from . import model as m
from .rules import clause_text, select
from .source import Source
from .suggest import did_you_mean_contract


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


def order_item(name: str) -> str:
    """The key under which ``positions`` keeps where a name of the game
    order was written."""
    return f"game.order[{m.contract_key(name)}]"


def check_spec(spec: m.Spec, source: Source, positions: dict[str, m.Position] | None = None,
               unread: Unread = Unread()) -> None:
    """Problems only the whole spec shows, reported where they were written
    (``positions``: where each setting of the file being read was given).
    They are checked on what could be read, skipping what depends on the
    ``unread`` parts of the file."""
    report: Callable[..., None] = source.error_at_position
    where = positions or {}
    seen: dict[str, m.Contract] = {}
    for contract in spec.contracts:
        key = m.contract_key(contract.name)
        if key in seen:
            report(contract.where, f"contract '{contract.name}' is listed twice"
                   + (" (as a twin)" if contract.derived or seen[key].derived else ""))
        seen[key] = contract
    if not spec.contracts and not unread.contracts and not unread.any("contracts"):
        report(None, "the spec has no contracts")
    if not unread.any("players", "decks"):
        _check_decks(spec, report, where)
    _check_game(spec, report, where, unread)


def _check_decks(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """Decks that do not deal evenly; contracts that a player count or its
    deck makes impossible."""
    for count, removed in spec.removed:
        deck = 52 - len(removed)
        if deck % count:
            report(where.get(f"decks.{count}") or where.get("players"),
                   f"a deck of {deck} cards does not deal evenly to {count} players",
                   hint=f"remove {deck % count} more card(s) in 'decks: {{{count}: [...]}}'")
    for contract in spec.contracts:
        for count in spec.players:
            if contract.derived:
                continue
            for problem in _contract_problems(contract.rules_for(count), count, spec.removed_for(count)):
                report(contract.where, f"{contract.name}, {count} players: {problem}")
        for count, _ in contract.by_players:
            if count not in spec.players:
                report(contract.where, f"{contract.name} gives rules for {count} players, "
                       f"but the spec allows {', '.join(map(str, spec.players))}")


def _check_game(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position], unread: Unread) -> None:
    """A game order naming no contract or one twice; a game of more
    contracts than there are; a game of no hands."""
    names = {m.contract_key(c.name) for c in spec.contracts} | unread.contracts
    order_seen: set[str] = set()
    for name in spec.game.order if not unread.any("game.order") else ():
        key = m.contract_key(name)
        if key not in names:
            report(where.get(order_item(name)) or where.get("game.order"),
                   f"game order names '{name}', which is not a contract",
                   hint=did_you_mean_contract(name, [c.name for c in spec.contracts]))
        if key in order_seen:
            report(where.get("game.order"), f"game order lists '{name}' twice")
        order_seen.add(key)
    per_game = spec.game.contracts_per_game
    available = len(spec.game.order) or len(spec.contracts) + len(unread.contracts)
    if per_game is not None and not (1 <= per_game <= available) and not unread.any("game.order", "contracts"):
        report(where.get("game.contracts_per_game"), f"a game of {per_game} contracts, but {available} are available")
    if spec.game.hands is not None and spec.game.hands < 1:
        report(where.get("game.hands"), "a game needs at least one hand")
    if not unread.any("game.chooser", "game.mode", "game.contracts_per_game"):
        _check_rotating_only(spec, report, where)
    if not unread.any("game.chooser", "game.order", "contracts") and not unread.contracts:
        _check_order_covers(spec, report, where)


# Choosers that play every contract of the spec: the order, when given,
# must list them all (RULES.md section 2 variant 2).  A rotating chooser
# draws from the order, which may be a part of the contracts (section 3).
_PLAYS_EVERY_CONTRACT = ("declarer-series", "dealer", "fixed-order")


def _check_rotating_only(spec: m.Spec, report: Callable[..., None], where: dict[str, m.Position]) -> None:
    """The French modes and the number of contracts in a game only mean
    something to a rotating chooser (RULES.md section 3)."""
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
    one out would silently drop it (RULES.md section 2 variant 2).  An order
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


def _contract_problems(rules: m.Rules, players: int, removed: tuple[int, ...]) -> list[str]:
    problems: list[str] = []
    gone = set(removed)
    tricks = (52 - len(removed)) // players
    for part in rules.scoring.parts:
        if isinstance(part, m.PerCard) and isinstance(part.cards, (m.OneCard, m.CardSet)):
            for card in sorted(select(part.cards, None) & gone):
                problems.append(f"{C.card_symbol(card)} scores but is removed from the deck")
        if isinstance(part, m.Placings) and len(part.values) != players:
            problems.append(f"placings give {len(part.values)} values for {players} players")
    for group in rules.scoring.groups:
        seen: dict[int, str] = {}
        for part in group:
            if not isinstance(part, m.TrickAt):
                continue
            index = part.index(tricks)
            if index is None:
                problems.append(f"there is no trick {part.position} in a hand of {tricks} tricks")
            elif index in seen:
                problems.append(f"'{clause_text(part)}' and '{seen[index]}' score the same trick")
            if index is not None:
                seen[index] = clause_text(part)
    play = rules.play
    if isinstance(play, m.TrickPlay):
        named_cards = [play.opening_card] if play.opening_card is not None else []
        named_cards += [c for ban in play.lead_bans for c in ban.broken_by]
        for selector in (*play.shed_when_safe, *play.first_trick_bans):
            if isinstance(selector, (m.OneCard, m.CardSet)):
                named_cards += sorted(select(selector, None))
        for card in named_cards:
            if card in gone:
                problems.append(f"{C.card_symbol(card)} is named but removed from the deck")
    if (isinstance(play, m.DominoPlay) and isinstance(play.start, int)
            and all(C.card(play.start, s) in gone for s in C.SUITS)):
        problems.append(f"domino starts from {C.rank_str(play.start)}, but every one is removed")
    return problems
