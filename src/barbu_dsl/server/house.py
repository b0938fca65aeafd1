"""What the owner of a table may choose in the French family, written as a
house file (RULES.md section 3, docs/rules.md section 3).

The French text lets a table choose its **mode** (classic, random,
individual random, custom), the **number of contracts** of a game (3 to 8)
or, in custom mode, **the contracts themselves with their variants**: the
suit of "without a suit", the rank of "without a card" (tens, jacks,
queens or kings), all or nothing, optional overtrumping; and the **number
of hands**.  The choice is offered for any spec whose chooser rotates (the
mode counts only then); what each contract allows is read from the model:

* a *suit contract* scores only cards of one suit (and may ban that suit
  on a lead): another suit gives a new contract and twin, its name with the
  suit's word changed (Without hearts → Without spades);
* a *rank contract* scores only the cards of one rank: likewise for the
  rank (Without queens → Without kings);
* *all or nothing* is offered for the contracts the spec's own
  ``all-or-nothing`` variant changes, and for those made from them;
  *optional overtrump* for those its ``optional-overtrump`` variant changes.

A contract and its twin are played alike, so they share these settings.

:func:`house_file` writes the choice as a house file that extends the
spec: the contracts it adds are a variant of its own (applied, so that
the game's ``order`` is exactly the contracts chosen), its game settings
and its contract changes below; the file is checked and printed in
canonical form (``barbu fmt``).  :func:`choice_menu` says what may be
chosen, for the lobby's form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import cards as C
from ..errors import BarbuError
from ..language import model as m

MODES = ("classic", "random", "individual-random", "custom")

CONTRACTS_PER_GAME = (3, 8)
"""How many contracts a game may have (RULES.md section 3)."""

CARD_RANKS = ("T", "J", "Q", "K")
"""The ranks a "without a card" contract may count (RULES.md section 3: 10, J, Q or K)."""

SUIT_WORDS = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}
RANK_WORDS = {10: "tens", 11: "jacks", 12: "queens", 13: "kings"}

ALL_OR_NOTHING = "all-or-nothing"
OPTIONAL_OVERTRUMP = "optional-overtrump"
TABLE_VARIANT = "table-contracts"


class ChoiceError(BarbuError):
    """A choice the spec does not allow; the message says which and why."""


@dataclass(frozen=True)
class Pick:
    """One contract of a custom game: its name in the spec, and its variants
    (None: as the spec has it)."""

    name: str
    suit: str | None = None
    rank: str | None = None
    all_or_nothing: bool | None = None
    optional_overtrump: bool | None = None


@dataclass(frozen=True)
class Choices:
    """The owner's choice: the mode, the contracts of a game (classic and
    random modes) or the contracts picked (custom), and the hands."""

    mode: str
    contracts: int | None = None
    picks: tuple[Pick, ...] = ()
    hands: int | None = None


def offers_choices(spec: m.Spec) -> bool:
    """Whether the spec's game lets a table choose (its chooser rotates)."""
    return spec.game.chooser == "rotating" and spec.game.lists == "own"


# --------------------------------------------------------------------------
# What a contract allows.


def base_of(spec: m.Spec, contract: m.Contract) -> m.Contract:
    """The contract a twin was made from (the contract itself if it is no twin)."""
    return spec.contract(contract.twin) if contract.derived and contract.twin else contract


def suit_counted(contract: m.Contract) -> int | None:
    """The suit a suit contract counts, or None: every scoring part counts
    cards of that suit, and any lead ban is on it."""
    rules = contract.rules
    parts = rules.scoring.parts
    if not parts or not isinstance(rules.play, m.TrickPlay) or rules.play.trumps is not None:
        return None
    suits = {part.cards.suit for part in parts if isinstance(part, m.PerCard) and isinstance(part.cards, m.SuitCards)}
    if len(suits) != 1 or len(parts) != 1 or any(ban.suit not in suits for ban in rules.play.lead_bans):
        return None
    return suits.pop()


def rank_counted(contract: m.Contract) -> int | None:
    """The rank a rank contract counts, or None."""
    rules = contract.rules
    parts = rules.scoring.parts
    if len(parts) != 1 or not isinstance(rules.play, m.TrickPlay) or rules.play.trumps is not None:
        return None
    part = parts[0]
    if isinstance(part, m.PerCard) and isinstance(part.cards, m.RankCards) and part.cards.rank in RANK_WORDS \
            and not rules.play.lead_bans:
        return part.cards.rank
    return None


def _changed_by(spec: m.Spec, variant: str) -> set[str]:
    try:
        overlay = spec.overlay(variant)
    except KeyError:
        return set()
    return {m.contract_key(change.name) for change in overlay.contracts if change.action == "patch"}


def _rank_index(letter: str) -> int:
    rank = C.parse_rank(letter)
    assert rank is not None
    return rank


def choice_menu(spec: m.Spec) -> dict[str, Any] | None:
    """What the owner may choose for ``spec`` (None when its chooser does
    not rotate): the modes, the contracts per game, the hands, and each
    contract that may be picked in custom mode with what it allows."""
    if not offers_choices(spec):
        return None
    aon = _changed_by(spec, ALL_OR_NOTHING)
    overtrump = _changed_by(spec, OPTIONAL_OVERTRUMP)
    pool = []
    for contract in spec.contracts:
        base = base_of(spec, contract)
        key = m.contract_key(base.name)
        suit, rank = suit_counted(base), rank_counted(base)
        play = base.rules.play
        optional = isinstance(play, m.TrickPlay) and play.trumps is not None and not (
            play.trumps.must_win or play.trumps.must_overtrump)
        pool.append({
            "name": contract.name,
            "twin": contract.twin,
            "suit": None if suit is None else C.SUIT_LETTERS[suit],
            "rank": None if rank is None else C.RANK_LETTERS[rank],
            "all_or_nothing": base.rules.scoring.all_or_nothing if key in aon else None,
            "optional_overtrump": optional if key in overtrump else None,
        })
    game = spec.game
    chosen = list(game.order) if game.mode == "custom" and game.order else \
        [c.name for c in spec.pool()][: game.contracts_per_game or None]
    return {"modes": list(MODES), "mode": game.mode, "contracts": list(CONTRACTS_PER_GAME),
            "per_game": game.contracts_per_game, "hands": game.hands if isinstance(game.hands, int) else None,
            "pool": pool, "picked": chosen[: CONTRACTS_PER_GAME[1]], "suits": list(C.SUIT_LETTERS),
            "ranks": list(CARD_RANKS)}


# --------------------------------------------------------------------------
# Reading a choice.


def read_choices(data: Any) -> Choices:  # noqa: C901 -- one check a field of the request, each with its own message
    """The choice in a request's JSON (``{"mode", "contracts", "picks",
    "hands"}``); :class:`ChoiceError` for anything malformed."""
    if not isinstance(data, dict):
        raise ChoiceError('choices are an object: {"mode": ..., "contracts": ..., "picks": [...], "hands": ...}')
    mode = data.get("mode")
    if mode not in MODES:
        raise ChoiceError(f"the mode is one of {', '.join(MODES)}")
    contracts, hands = data.get("contracts"), data.get("hands")
    for name, value in (("contracts", contracts), ("hands", hands)):
        if value is not None and (type(value) is not int or value < 1):
            raise ChoiceError(f"'{name}' is a whole number above zero")
    picks = data.get("picks") or []
    if not isinstance(picks, list) or len(picks) > 64:
        raise ChoiceError("'picks' is a list of the contracts chosen")
    read = []
    for pick in picks:
        if isinstance(pick, str):
            pick = {"name": pick}
        if not isinstance(pick, dict) or not isinstance(pick.get("name"), str):
            raise ChoiceError("each pick is a contract's name, or {\"name\": ..., \"suit\": ..., \"rank\": ..., "
                              "\"all_or_nothing\": ..., \"optional_overtrump\": ...}")
        for flag in ("all_or_nothing", "optional_overtrump"):
            if pick.get(flag) is not None and not isinstance(pick.get(flag), bool):
                raise ChoiceError(f"'{flag}' is true or false")
        for letter in ("suit", "rank"):
            if pick.get(letter) is not None and not isinstance(pick.get(letter), str):
                raise ChoiceError(f"'{letter}' is a letter")
        read.append(Pick(pick["name"], pick.get("suit"), pick.get("rank"), pick.get("all_or_nothing"),
                         pick.get("optional_overtrump")))
    return Choices(mode, contracts, tuple(read), hands)


# --------------------------------------------------------------------------
# Writing the house file.


@dataclass
class _Plan:
    """What the house file says, gathered pick by pick."""

    added: dict[str, tuple[m.Contract, str]]  # folded base name -> (new base contract, its rule line)
    order: list[str]
    patches: dict[str, tuple[str, str]]  # folded name -> (contract name, its change as YAML flow text)
    settings: dict[str, tuple[bool | None, bool | None]]  # folded base name -> (all or nothing, optional overtrump)


def house_file(spec: m.Spec, reference: str, choices: Choices) -> str:  # noqa: C901 -- one step a kind of choice (mode, contracts, picks, hands), in the order the house file is written
    """The house file that plays ``spec`` (named ``reference``: a bundled
    spec with its variants) as ``choices`` say, in canonical form.
    :class:`ChoiceError` names a choice the spec does not allow."""
    from ..language import parse_spec, print_file
    from ..language.printer import quote

    if not offers_choices(spec):
        raise ChoiceError(f"{spec.full_name} plays its contracts in a set order: it has no mode to choose")
    low, high = CONTRACTS_PER_GAME
    base_name, *applied = reference.split("+")
    title = f"{spec.title or spec.name} ({choices.mode} mode)"
    lines = [f"# {spec.title or spec.name}, as chosen for this table: {choices.mode} mode.",
             f"extends: {base_name}", f"name: {spec.name}-{choices.mode}", f"title: {quote(title)}"]
    game: list[str] = [f"  mode: {choices.mode}"]
    changes: list[str] = []
    variants: list[str] = []
    if choices.mode == "custom":
        if choices.contracts is not None:
            raise ChoiceError("in custom mode the contracts picked make the game: give 'picks', not 'contracts'")
        if not low <= len(choices.picks) <= high:
            raise ChoiceError(f"pick between {low} and {high} contracts (picked: {len(choices.picks)})")
        plan = _plan(spec, choices.picks)
        if plan.added:
            described = "The contracts this table plays with another suit or rank, each with its twin."
            variants += ["variants:", f"  {TABLE_VARIANT}:", f"    description: {described}", "    contracts:"]
            for contract, line in plan.added.values():
                variants += [f"      {quote(contract.name)}:", f"        rules: {quote(line)}"]
                if contract.twin:
                    variants.append(f"        twin: {quote(contract.twin)}")
            applied.append(TABLE_VARIANT)
        game += [f"  contracts_per_game: {len(plan.order)}",
                 "  order: [" + ", ".join(quote(name, flow=True) for name in plan.order) + "]"]
        changes = [f"  {quote(name)}: {change}" for name, change in plan.patches.values()]
    else:
        if choices.picks:
            raise ChoiceError(f"contracts are picked in custom mode only, not in {choices.mode} mode")
        count = choices.contracts if choices.contracts is not None else spec.game.contracts_per_game
        pool = len(spec.pool()) if choices.mode == "classic" else len(spec.contracts)
        if count is None or not low <= count <= min(high, pool):
            raise ChoiceError(f"a game has between {low} and {min(high, pool)} contracts")
        game.append(f"  contracts_per_game: {count}")
        if choices.mode != "classic":
            game.append("  order: []")  # drawn from every contract, twins included
    if choices.hands is not None:
        from ..limits import GAME_HANDS

        if choices.hands > GAME_HANDS:
            raise ChoiceError(f"a game has at most {GAME_HANDS} hands")
        game.append(f"  hands: {choices.hands}")
    lines += variants
    if applied:
        lines.append("apply: [" + ", ".join(applied) + "]")
    lines += ["game:", *game]
    if changes:
        lines += ["contracts:", *changes]
    text = "\n".join(lines) + "\n"
    return print_file(parse_spec(text, "house.yaml", reads_files=False))


def _plan(spec: m.Spec, picks: tuple[Pick, ...]) -> _Plan:
    aon = _changed_by(spec, ALL_OR_NOTHING)
    overtrump = _changed_by(spec, OPTIONAL_OVERTRUMP)
    plan = _Plan({}, [], {}, {})
    for pick in picks:
        try:
            contract = spec.contract(pick.name)
        except KeyError:
            raise ChoiceError(f"{spec.full_name} has no contract '{pick.name}'") from None
        base = base_of(spec, contract)
        suit, rank = suit_counted(base), rank_counted(base)
        new_suit = _letter(pick.suit, C.SUIT_LETTERS, "suit", contract, suit is not None)
        new_rank = _letter(pick.rank, CARD_RANKS, "rank", contract, rank is not None)
        name = contract.name
        if new_suit is not None and suit is not None and C.SUIT_LETTERS.index(new_suit) != suit:
            base, name = _added(spec, plan, base, contract, _with_suit(base, suit, C.SUIT_LETTERS.index(new_suit)),
                                SUIT_WORDS[suit], SUIT_WORDS[C.SUIT_LETTERS.index(new_suit)])
        if new_rank is not None and rank is not None and _rank_index(new_rank) != rank:
            base, name = _added(spec, plan, base, contract, _with_rank(base, _rank_index(new_rank)),
                                RANK_WORDS[rank], RANK_WORDS[_rank_index(new_rank)])
        if m.contract_key(name) in {m.contract_key(n) for n in plan.order}:
            raise ChoiceError(f"'{name}' is picked twice")
        plan.order.append(name)
        key = m.contract_key(base.name)
        derived_from = m.contract_key(base_of(spec, contract).name)
        wants = (pick.all_or_nothing, pick.optional_overtrump)
        if pick.all_or_nothing is not None and derived_from not in aon:
            raise ChoiceError(f"all or nothing is not a variant of '{contract.name}'")
        if pick.optional_overtrump is not None and derived_from not in overtrump:
            raise ChoiceError(f"optional overtrumping is not a variant of '{contract.name}'")
        before = plan.settings.get(key, (None, None))
        if any(a is not None and b is not None and a != b for a, b in zip(before, wants, strict=True)):
            raise ChoiceError(f"'{contract.name}' and its twin are played alike: give them the same variants")
        wants = (wants[0] if wants[0] is not None else before[0], wants[1] if wants[1] is not None else before[1])
        plan.settings[key] = wants
        _patch(plan, base, wants)
    return plan


def _letter(given: str | None, allowed: Sequence[str], what: str, contract: m.Contract, has: bool) -> str | None:
    if given is None:
        return None
    if not has:
        raise ChoiceError(f"'{contract.name}' has no {what} to choose")
    letter = given.strip().upper()
    if letter == "10":
        letter = "T"
    if letter not in allowed:
        raise ChoiceError(f"the {what} of '{contract.name}' is one of {', '.join(allowed)}")
    return letter


def _added(spec: m.Spec, plan: _Plan, base: m.Contract, picked: m.Contract, rules: m.Rules, old: str,
           new: str) -> tuple[m.Contract, str]:
    """A new contract (and its twin) made from ``base`` with ``rules``;
    the new contract that stands for ``picked``, and its name."""
    from ..language.rules import rules_text

    name, twin = _renamed(base.name, old, new), _renamed(base.twin, old, new) if base.twin else None
    known = {m.contract_key(c.name) for c in spec.contracts}
    if m.contract_key(name) in known or (twin and m.contract_key(twin) in known):
        raise ChoiceError(f"'{name}' would be a second contract of that name")
    contract = replace(base, name=name, twin=twin, rules=rules, by_players=(), description=None, derived=False)
    plan.added.setdefault(m.contract_key(name), (contract, rules_text(rules)))
    return contract, (twin if picked.derived and twin else name)


def _renamed(name: str, old: str, new: str) -> str:
    if old in name:
        return name.replace(old, new)
    if old.capitalize() in name:
        return name.replace(old.capitalize(), new.capitalize())
    return f"{name} ({new})"


def _with_suit(contract: m.Contract, old: int, new: int) -> m.Rules:
    rules = contract.rules
    groups = tuple(tuple(replace(part, cards=m.SuitCards(new)) if isinstance(part, m.PerCard) else part
                         for part in group) for group in rules.scoring.groups)
    play = rules.play
    assert isinstance(play, m.TrickPlay)
    bans = tuple(replace(ban, suit=new) if ban.suit == old else ban for ban in play.lead_bans)
    return replace(rules, play=replace(play, lead_bans=bans), scoring=replace(rules.scoring, groups=groups))


def _with_rank(contract: m.Contract, new: int) -> m.Rules:
    rules = contract.rules
    groups = tuple(tuple(replace(part, cards=m.RankCards(new)) if isinstance(part, m.PerCard) else part
                         for part in group) for group in rules.scoring.groups)
    return replace(rules, scoring=replace(rules.scoring, groups=groups))


def _patch(plan: _Plan, base: m.Contract, wants: tuple[bool | None, bool | None]) -> None:
    """The contract changes that give ``base`` the variants wanted."""
    key = m.contract_key(base.name)
    aon, optional = wants
    add: list[str] = []
    remove: list[str] = []
    if aon is not None and aon != base.rules.scoring.all_or_nothing:
        (add if aon else remove).append("all or nothing")
    play = base.rules.play
    if optional is not None and isinstance(play, m.TrickPlay) and play.trumps is not None:
        duties = [text for text, on in (("must win with a trump", play.trumps.must_win),
                                        ("must overtrump", play.trumps.must_overtrump)) if on]
        if optional and duties:
            remove.extend(duties)
        elif not optional and not duties:
            add.extend(["must win with a trump", "must overtrump"])
    if key in plan.added:  # a contract the table adds is written with its variants
        contract, _ = plan.added[key]
        rules = contract.rules
        if "all or nothing" in add or "all or nothing" in remove:
            rules = replace(rules, scoring=replace(rules.scoring, all_or_nothing="all or nothing" in add))
        from ..language.rules import rules_text

        plan.added[key] = (replace(contract, rules=rules), rules_text(rules))
        return
    from ..language.printer import quote

    parts = []
    if remove:
        parts.append(f"remove: {quote(', '.join(remove), flow=True)}")
    if add:
        parts.append(f"add: {quote(', '.join(add), flow=True)}")
    if parts:
        plan.patches[key] = (base.name, "{" + ", ".join(parts) + "}")


__all__ = ["CARD_RANKS", "CONTRACTS_PER_GAME", "MODES", "ChoiceError", "Choices", "Pick", "choice_menu",
           "house_file", "offers_choices", "read_choices"]
