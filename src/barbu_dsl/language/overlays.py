"""Applying an overlay (a variant, a scale, or a house spec's own changes)
to a spec: setting changes, then contract changes (set, patch, drop), with
the derived twins made again.  Problems are reported where the overlay was
written.  A patched contract loses its description, which was written for
the rules it had."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import model as m
from .decks import default_removed, outside_pack
from .rules import build, clause_text, clauses, negate, rules_text
from .suggest import with_suggestion

if TYPE_CHECKING:
    from .source import Source


def apply_overlay(spec: m.Spec, overlay: m.Overlay, source: Source,
                  positions: dict[str, m.Position] | None = None, *, adds_to_order: bool = True) -> m.Spec:
    """``spec`` with ``overlay``'s settings and contract changes applied.

    A contract the overlay adds joins the end of a non-empty game order,
    its twin after it (docs/rules.md section 2 variant 2: a contract a spec adds
    takes its place in the order); ``adds_to_order=False`` for a spec's own
    contracts, whose order is as written.  ``positions`` say where the
    overlay's settings were written, for their errors."""
    where = positions or {}
    # Doubling on or off, the pack and what becomes of the cards left over, before what depends on them.
    first = ("doubling.allowed", "deck", "leftover")
    for key, value in sorted(overlay.settings, key=lambda setting: setting[0] not in first):
        spec = _apply_setting(spec, key, value, where.get(key) or overlay.where, source)
    spec = replace(spec, deck_words=_deck_words(spec, overlay))
    # By folded name, in order: each change finds its contract at once (a
    # list searched per change made 8,000 contracts take seconds).
    contracts = {m.contract_key(c.name): c for c in spec.contracts if not c.derived}
    order = list(spec.game.order)
    ordered = {m.contract_key(name) for name in order}
    for change in overlay.contracts:
        key = m.contract_key(change.name)
        current = contracts.get(key)
        if change.action == "set":
            assert change.contract is not None
            contracts[key] = change.contract
            if current is None and adds_to_order and order:
                for name in (change.contract.name, change.contract.twin):
                    if name and m.contract_key(name) not in ordered:
                        order.append(name)
                        ordered.add(m.contract_key(name))
            continue
        if current is None:
            names = [c.name for c in contracts.values()]
            source.error_at_position(change.where, f"there is no contract '{change.name}' to change",
                                     hint=with_suggestion(change.name, names, "contracts: " + ", ".join(names),
                                                          m.contract_key))
            continue
        if change.action == "drop":
            del contracts[key]
            gone = (key, m.contract_key(current.twin or ""))
            order = [n for n in order if m.contract_key(n) not in gone]
            ordered = {m.contract_key(name) for name in order}
            continue
        patched = _patch(current, change, overlay, source)
        if patched is not None:
            contracts[key] = patched
    spec = replace(spec, contracts=with_twins(list(contracts.values())), game=replace(spec.game, order=tuple(order)))
    return spec


def setting_name(key: str) -> str:
    """A setting as a spec writes it: ``doubling.positive_declarer_only``
    is ``positive``, ``game.chooser`` is ``chooser``."""
    name = key.split(".", 1)[-1]
    return "positive" if name == "positive_declarer_only" else name


def _deck_words(spec: m.Spec, overlay: m.Overlay) -> tuple[tuple[int, str], ...]:
    """The decks of ``spec`` written in a shorthand, after ``overlay``: its
    own words for the decks it gives, none for those it gives as cards, and
    none at all after a change of pack (every deck is the new pack's)."""
    if any(key == "deck" for key, _ in overlay.settings):
        kept: dict[int, str] = {}
    else:
        given = {int(key.split(".")[1]) for key, _ in overlay.settings if key.startswith("decks.")}
        kept = {n: text for n, text in spec.deck_words if n not in given and n in spec.players}
    kept.update((n, text) for n, text in overlay.deck_words if n in spec.players)
    return tuple(sorted(kept.items()))


def _apply_setting(spec: m.Spec, key: str, value: Any, where: m.Position | None, source: Source) -> m.Spec:
    if key == "deck":
        # A new pack: every count's deck is the pack's default again (decks given after it apply to it).
        return replace(spec, pack_low=value,
                       removed=tuple((n, default_removed(n, value, spec.widow)) for n in spec.players))
    if key == "players":
        removed = dict(spec.removed)
        return replace(spec, players=value, removed=tuple(
            (n, removed.get(n, default_removed(n, spec.pack_low, spec.widow))) for n in value))
    if key == "leftover":
        # A count dealt from its default deck follows the new rule: a widow takes what the decks removed.
        widow = value != "removed"
        return replace(spec, leftover=value, removed=tuple(
            (n, default_removed(n, spec.pack_low, widow) if cards == default_removed(n, spec.pack_low, spec.widow)
             else cards) for n, cards in spec.removed))
    if key.startswith("decks."):
        count = int(key.split(".")[1])
        if count not in spec.players:
            source.error_at_position(where, f"a deck is given for {count} players, but the spec "
                                     f"allows {', '.join(map(str, spec.players))}")
            return spec
        cards = tuple(sorted(outside_pack(spec.pack_low) | set(value)))
        return replace(spec, removed=tuple((n, cards if n == count else old) for n, old in spec.removed))
    section, field_name = key.split(".", 1)
    if section == "passing":
        # 'passing: false' is no passing at all, whatever cycle was set before.
        passing = m.Passing() if field_name == "cards" and not value else replace(spec.passing, **{field_name: value})
        return replace(spec, passing=passing)
    if section == "redeal":
        return replace(spec, redeal=replace(spec.redeal, **{field_name: value}))
    if section == "game":
        return replace(spec, game=replace(spec.game, **{field_name: value}))
    if field_name == "allowed":
        # Without doubling its options mean nothing: they go back to the defaults.
        on = spec.doubling if spec.doubling.allowed else m.Doubling()
        return replace(spec, doubling=on if value else m.Doubling(allowed=False))
    if not spec.doubling.allowed:
        name = setting_name(key)
        source.error_at_position(where, f"doubling is off, so '{name}' does nothing",
                                 hint=f"turn doubling on with 'allowed: true', or leave '{name}' out")
        return spec
    return replace(spec, doubling=replace(spec.doubling, **{field_name: value}))


def _patch(contract: m.Contract, change: m.ContractChange, overlay: m.Overlay, source: Source) -> m.Contract | None:
    def patched(rules: m.Rules, players: int | None = None) -> m.Rules | None:
        """``rules`` (the contract's own, or those of ``players`` players)
        with the change made; problems are reported at the line they were
        written on."""
        counted = f" with {players} players" if players is not None else ""
        written = contract.where if players is None else contract.where_for(players)
        groups = [list(g) for g in clauses(rules)]
        for clause in (c for g in change.remove for c in g):
            holder = next((g for g in groups if clause in g), None)
            if holder is None:
                _report_patch(source, contract, change, overlay, written,
                              f"'{clause_text(clause)}' is not a clause of '{contract.name}'{counted}",
                              "its rules: " + rules_text(rules))
                return None
            holder.remove(clause)
        groups.extend(list(g) for g in change.add)
        built, problems = build(tuple(tuple((c, 0) for c in g) for g in groups if g))
        for problem in problems:
            _report_patch(source, contract, change, overlay, written, f"{contract.name}{counted}: {problem.message}",
                          problem.hint)
        return built

    rules: m.Rules | None = contract.rules
    by_players: list[tuple[int, m.Rules | None]] = list(contract.by_players)
    if change.remove or change.add:
        rules = patched(contract.rules)
        by_players = [(n, patched(r, n)) for n, r in contract.by_players]
    if rules is None or any(r is None for _, r in by_players):
        return None
    # Rules for one player count replace that count's, the others keep
    # theirs (docs/rules.md section 2, "Variants and scales"), and their
    # problems are found at their own line.
    counts = dict(by_players) | dict(change.by_players)
    wheres = dict(contract.where_by_players) | dict(change.where_by_players)
    # A description written for the old rules may no longer be true; the
    # explanation of the new rules is generated from them instead.  The
    # contract is now last written where the change was.
    return replace(contract, rules=rules, by_players=tuple(sorted((n, r) for n, r in counts.items() if r is not None)),
                   description=None, descriptions=(), where=change.where or contract.where,
                   where_by_players=tuple(sorted(wheres.items())))


def _report_patch(source: Source, contract: m.Contract, change: m.ContractChange, overlay: m.Overlay,
                  written: m.Position | None, message: str, hint: str | None) -> None:
    """A patch that does not fit the contract's rules ``written`` at that
    line.  When they were written in another file than the patch (a house
    file changed a contract of its base, and a variant of the base no
    longer fits it), the cause is that other file's line: the problem is
    reported there, with the patch as a note."""
    patch = change.where
    if written is None or patch is None or written.file == patch.file:
        source.error_at_position(patch, message, hint)
        return
    what = overlay.name or "this change"
    source.error_at_position(written, message, hint, note=(patch, f"{what} changes {contract.name} here"))


def with_twins(contracts: list[m.Contract]) -> tuple[m.Contract, ...]:
    """The contracts, each followed by its derived twin when it has one."""
    result: list[m.Contract] = []
    for contract in contracts:
        result.append(contract)
        if contract.twin:
            result.append(m.Contract(
                contract.twin, negate(contract.rules),
                by_players=tuple((n, negate(r)) for n, r in contract.by_players),
                twin=contract.name, derived=True, where=contract.where,
                times=contract.times, times_each=contract.times_each,
                names=contract.twin_names, twin_names=contract.names,
            ))
    return tuple(result)


