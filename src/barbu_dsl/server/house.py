"""What the owner of a table may choose in the French family, written as a
house file (docs/rules.md section 3).

The French text lets a table choose its **mode** (classic, random,
individual random, custom), the **number of contracts** of a game (3 to 8)
or, in custom mode, **the contracts themselves with their variants**: the
suit of "without a suit", the rank of "without a card" (tens, jacks,
queens or kings), all or nothing, optional overtrumping; and the **number
of hands**.  The choice is offered for any spec whose chooser rotates (the
mode counts only then) and that has contracts enough for a game of three
(Hearts, whose one contract rotates, has none to choose); each mode is
offered only when the spec has enough for it, and never together with a
variant of the spec that sets the mode itself.  What each contract allows
is read from the model:

* a *suit contract* scores only cards of one suit (and may ban that suit
  on a lead): another suit gives a new contract and twin, its name with the
  suit's word changed (Without hearts → Without spades), and so its name in
  each language the spec names it in (Senza cuori → Senza picche, Sans
  cœurs → Sans piques, Sem copas → Sem espadas);
* a *rank contract* scores only the cards of one rank: likewise for the
  rank (Without queens → Without kings, Senza regine → Senza re);
* *all or nothing* is offered for the contracts the spec's own
  ``all-or-nothing`` variant changes, and for those made from them;
  *optional overtrump* for those its ``optional-overtrump`` variant changes.

A contract and its twin are played alike, so they share these settings.

:func:`house_file` writes the choice as a house file that extends the
spec: its title in each language (``names``), the contracts it adds as a
variant of its own (applied, so that the game's ``order`` is exactly the
contracts chosen) with their ``names`` and ``twin_names``, its game
settings and its contract changes below; the file is checked and printed
in canonical form (``barbu fmt``).  :func:`choice_menu` says what may be
chosen, for the lobby's form, in the page's language.  A choice the spec
does not allow is a :class:`ChoiceError`, said in any language (the
``lobby`` catalog of :mod:`barbu_dsl.i18n`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import cards as C
from ..errors import BarbuError
from ..i18n import LANGUAGES, Translator
from ..language import model as m

MODES = ("classic", "random", "individual-random", "custom")

CONTRACTS_PER_GAME = (3, 8)
"""How many contracts a game may have (docs/rules.md section 3)."""

CARD_RANKS = ("T", "J", "Q", "K")
"""The ranks a "without a card" contract may count (docs/rules.md section 3: 10, J, Q or K)."""

RANKS_COUNTED = (10, 11, 12, 13)
"""The ranks of :data:`CARD_RANKS`, as numbers."""

ALL_OR_NOTHING = "all-or-nothing"
OPTIONAL_OVERTRUMP = "optional-overtrump"
TABLE_VARIANT = "table-contracts"


class ChoiceError(BarbuError):
    """A choice the spec does not allow; the message says which and why:
    ``key``, a message of the ``lobby`` catalog, with its ``fields``, said
    in English as the error's text and in any language by :meth:`said`."""

    def __init__(self, key: str, **fields: object):
        self.key = key
        self.fields = fields
        super().__init__(self.said("en"))

    def said(self, language: str) -> str:
        """The message in ``language`` (a contract named as people who speak it name it)."""
        fields = {key: value.name_in(language) if isinstance(value, m.Contract) else value
                  for key, value in self.fields.items()}
        return Translator(language)(self.key, **fields)


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


def offered_modes(spec: m.Spec) -> list[str]:
    """The modes a table may choose for ``spec``: none unless its chooser
    rotates among the players' own lists; classic when its list (``order``)
    holds contracts enough for a game, the others when it has contracts
    enough to draw or pick a game from (three at least, docs/rules.md section 3)."""
    if spec.game.chooser != "rotating" or spec.game.lists != "own":
        return []
    low = CONTRACTS_PER_GAME[0]
    return [mode for mode in MODES if len(spec.pool() if mode == "classic" else spec.contracts) >= low]


def offers_choices(spec: m.Spec) -> bool:
    """Whether the spec's game lets a table choose anything."""
    return bool(offered_modes(spec))


def mode_variants(spec: m.Spec) -> list[str]:
    """The variants applied to ``spec`` that set the game's mode (the
    French family's ``random``, ``individual-random``, ``custom``): the
    mode is then chosen, and not again by the table's choices."""
    applied = []
    for name in spec.applied:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            continue
        if any(key == "game.mode" for key, _ in overlay.settings):
            applied.append(name)
    return applied


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
    if isinstance(part, m.PerCard) and isinstance(part.cards, m.RankCards) and part.cards.rank in RANKS_COUNTED \
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


def choice_menu(spec: m.Spec, language: str = "en") -> dict[str, Any] | None:
    """What the owner may choose for ``spec`` (None when there is nothing
    to choose): the modes, the contracts per game (the most any mode
    offered allows), the hands, and each contract that may be picked in
    custom mode with what it allows, named in ``language`` (``label``)."""
    from ..limits import GAME_HANDS

    modes = offered_modes(spec)
    if not modes:
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
        twin = _twin_of(spec, contract)
        pool.append({
            "name": contract.name,
            "label": contract.name_in(language),
            "twin": contract.twin,
            "twin_label": None if twin is None else twin.name_in(language),
            "suit": None if suit is None else C.SUIT_LETTERS[suit],
            "rank": None if rank is None else C.RANK_LETTERS[rank],
            "all_or_nothing": base.rules.scoring.all_or_nothing if key in aon else None,
            "optional_overtrump": optional if key in overtrump else None,
        })
    game = spec.game
    chosen = list(game.order) if game.mode == "custom" and game.order else \
        [c.name for c in spec.pool()][: game.contracts_per_game or None]
    low, high = CONTRACTS_PER_GAME
    most = min([_most(spec, mode) for mode in modes if mode != "custom"] or [high])
    return {"modes": modes, "mode": game.mode, "contracts": [low, most],
            "per_game": game.contracts_per_game, "hands": game.hands if isinstance(game.hands, int) else None,
            "hands_most": GAME_HANDS, "pool": pool, "picked": chosen[:high], "suits": list(C.SUIT_LETTERS),
            "ranks": list(CARD_RANKS)}


def _most(spec: m.Spec, mode: str) -> int:
    """The most contracts a game of ``mode`` may have: eight, or as many as
    its list (classic) or the spec (the random modes) holds."""
    return min(CONTRACTS_PER_GAME[1], len(spec.pool() if mode == "classic" else spec.contracts))


def _twin_of(spec: m.Spec, contract: m.Contract) -> m.Contract | None:
    if not contract.twin:
        return None
    try:
        return spec.contract(contract.twin)
    except KeyError:
        return None


# --------------------------------------------------------------------------
# Reading a choice.


def read_choices(data: Any) -> Choices:  # noqa: C901 -- one check a field of the request, each with its own message
    """The choice in a request's JSON (``{"mode", "contracts", "picks",
    "hands"}``); :class:`ChoiceError` for anything malformed."""
    if not isinstance(data, dict):
        raise ChoiceError("lobby.error.choices")
    mode = data.get("mode")
    if mode not in MODES:
        raise ChoiceError("lobby.error.mode", modes=", ".join(MODES))
    contracts, hands = data.get("contracts"), data.get("hands")
    for name, value in (("contracts", contracts), ("hands", hands)):
        if value is not None and (type(value) is not int or value < 1):
            raise ChoiceError("lobby.error.whole", field=name)
    picks = data.get("picks") or []
    if not isinstance(picks, list) or len(picks) > 64:
        raise ChoiceError("lobby.error.picks_list")
    read = []
    for pick in picks:
        if isinstance(pick, str):
            pick = {"name": pick}
        if not isinstance(pick, dict) or not isinstance(pick.get("name"), str):
            raise ChoiceError("lobby.error.pick")
        for flag in ("all_or_nothing", "optional_overtrump"):
            if pick.get(flag) is not None and not isinstance(pick.get(flag), bool):
                raise ChoiceError("lobby.error.flag", field=flag)
        for letter in ("suit", "rank"):
            if pick.get(letter) is not None and not isinstance(pick.get(letter), str):
                raise ChoiceError("lobby.error.letter", field=letter)
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
    from ..language.names import descriptions_lines, names_text
    from ..language.printer import quote

    modes = offered_modes(spec)
    if not modes:
        if spec.game.chooser == "rotating" and spec.game.lists == "own":
            raise ChoiceError("lobby.error.few_contracts", spec=spec.full_name, count=len(spec.contracts),
                              low=CONTRACTS_PER_GAME[0])
        raise ChoiceError("lobby.error.no_modes", spec=spec.full_name)
    chosen_already = mode_variants(spec)
    if chosen_already:
        raise ChoiceError("lobby.error.mode_twice", variant=chosen_already[0])
    if choices.mode not in modes:
        raise ChoiceError("lobby.error.few_contracts", spec=spec.full_name, count=len(spec.pool()),
                          low=CONTRACTS_PER_GAME[0])
    low, high = CONTRACTS_PER_GAME
    base_name, *applied = reference.split("+")
    lines = [f"# {spec.title or spec.name}, as chosen for this table: {choices.mode} mode.",
             f"extends: {base_name}", f"name: {spec.name}-{choices.mode}",
             f"title: {quote(_title(spec, choices.mode, 'en'))}",
             f"names: {names_text(tuple((lang, _title(spec, choices.mode, lang)) for lang in LANGUAGES[1:]))}"]
    game: list[str] = [f"  mode: {choices.mode}"]
    changes: list[str] = []
    variants: list[str] = []
    if choices.mode == "custom":
        if choices.contracts is not None:
            raise ChoiceError("lobby.error.custom_count")
        if not low <= len(choices.picks) <= high:
            raise ChoiceError("lobby.error.pick_count", low=low, high=high, count=len(choices.picks))
        plan = _plan(spec, choices.picks)
        if plan.added:
            told = tuple((lang, Translator(lang)("lobby.house.variant")) for lang in LANGUAGES[1:])
            variants += ["variants:", f"  {TABLE_VARIANT}:",
                         f"    description: {quote(Translator('en')('lobby.house.variant'))}",
                         *descriptions_lines(told, "    "), "    contracts:"]
            for contract, line in plan.added.values():
                variants += [f"      {quote(contract.name)}:", f"        rules: {quote(line)}"]
                if contract.names:
                    variants.append(f"        names: {names_text(contract.names)}")
                if contract.twin:
                    variants.append(f"        twin: {quote(contract.twin)}")
                if contract.twin and contract.twin_names:
                    variants.append(f"        twin_names: {names_text(contract.twin_names)}")
            applied.append(TABLE_VARIANT)
        game += [f"  contracts_per_game: {len(plan.order)}",
                 "  order: [" + ", ".join(quote(name, flow=True) for name in plan.order) + "]"]
        changes = [f"  {quote(name)}: {change}" for name, change in plan.patches.values()]
    else:
        if choices.picks:
            raise ChoiceError("lobby.error.picks_custom", mode=Translator("en")(f"lobby.house.mode.{choices.mode}"))
        count = choices.contracts if choices.contracts is not None else spec.game.contracts_per_game
        most = _most(spec, choices.mode)
        if count is None or not low <= count <= most:
            raise ChoiceError("lobby.error.per_game", low=low, high=most)
        game.append(f"  contracts_per_game: {count}")
        if choices.mode != "classic":
            game.append("  order: []")  # drawn from every contract, twins included
    if choices.hands is not None:
        from ..limits import GAME_HANDS

        if choices.hands > GAME_HANDS:
            raise ChoiceError("lobby.error.hands", most=GAME_HANDS)
        game.append(f"  hands: {choices.hands}")
    lines += variants
    if applied:
        lines.append("apply: [" + ", ".join(applied) + "]")
    lines += ["game:", *game]
    if changes:
        lines += ["contracts:", *changes]
    text = "\n".join(lines) + "\n"
    return print_file(parse_spec(text, "house.yaml", reads_files=False))


def _title(spec: m.Spec, mode: str, language: str) -> str:
    """The house file's title in ``language``: the spec's, and the mode."""
    t = Translator(language)
    return t("lobby.house.title", title=spec.title_in(language) or spec.name, mode=t(f"lobby.house.mode.{mode}"))


def _plan(spec: m.Spec, picks: tuple[Pick, ...]) -> _Plan:
    aon = _changed_by(spec, ALL_OR_NOTHING)
    overtrump = _changed_by(spec, OPTIONAL_OVERTRUMP)
    plan = _Plan({}, [], {}, {})
    for pick in picks:
        try:
            contract = spec.contract(pick.name)
        except KeyError:
            raise ChoiceError("lobby.error.no_contract", spec=spec.full_name, contract=pick.name[:80]) from None
        base = base_of(spec, contract)
        suit, rank = suit_counted(base), rank_counted(base)
        new_suit = _letter(pick.suit, C.SUIT_LETTERS, "suit", contract, suit is not None)
        new_rank = _letter(pick.rank, CARD_RANKS, "rank", contract, rank is not None)
        picked = contract
        if new_suit is not None and suit is not None and C.SUIT_LETTERS.index(new_suit) != suit:
            base, picked = _added(spec, plan, base, contract, _with_suit(base, suit, C.SUIT_LETTERS.index(new_suit)),
                                  ("suit", suit, C.SUIT_LETTERS.index(new_suit)))
        if new_rank is not None and rank is not None and _rank_index(new_rank) != rank:
            base, picked = _added(spec, plan, base, contract, _with_rank(base, _rank_index(new_rank)),
                                  ("rank", rank, _rank_index(new_rank)))
        if m.contract_key(picked.name) in {m.contract_key(n) for n in plan.order}:
            raise ChoiceError("lobby.error.picked_twice", contract=picked)
        plan.order.append(picked.name)
        key = m.contract_key(base.name)
        derived_from = m.contract_key(base_of(spec, contract).name)
        wants = (pick.all_or_nothing, pick.optional_overtrump)
        if pick.all_or_nothing is not None and derived_from not in aon:
            raise ChoiceError("lobby.error.no_all_or_nothing", contract=contract)
        if pick.optional_overtrump is not None and derived_from not in overtrump:
            raise ChoiceError("lobby.error.no_optional_overtrump", contract=contract)
        before = plan.settings.get(key, (None, None))
        if any(a is not None and b is not None and a != b for a, b in zip(before, wants, strict=True)):
            raise ChoiceError("lobby.error.alike", contract=contract)
        wants = (wants[0] if wants[0] is not None else before[0], wants[1] if wants[1] is not None else before[1])
        plan.settings[key] = wants
        _patch(plan, base, wants)
    return plan


def _letter(given: str | None, allowed: Sequence[str], what: str, contract: m.Contract, has: bool) -> str | None:
    if given is None:
        return None
    if not has:
        raise ChoiceError(f"lobby.error.no_{what}", contract=contract)
    letter = given.strip().upper()
    if letter == "10":
        letter = "T"
    if letter not in allowed:
        raise ChoiceError(f"lobby.error.{what}", contract=contract, letters=", ".join(allowed))
    return letter


def _added(spec: m.Spec, plan: _Plan, base: m.Contract, picked: m.Contract, rules: m.Rules,
           change: tuple[str, int, int]) -> tuple[m.Contract, m.Contract]:
    """A new contract (and its twin) made from ``base`` with ``rules``,
    ``change`` saying what it counts instead (``("suit", 2, 3)``: spades
    for hearts), named from ``base``'s names in each language (a name that
    would sound like another contract's is left out: the English one is
    said instead); the new contract, and the one of the two (the twin as
    the loader makes it) that stands for ``picked``."""
    from ..language.overlays import with_twins
    from ..language.rules import rules_text

    name = _renamed(base.name, change, "en")
    twin = _renamed(base.twin, change, "en") if base.twin else None
    known = spec.contracts
    if any(m.contract_key(c.name) in (m.contract_key(name), m.contract_key(twin or name)) for c in known):
        raise ChoiceError("lobby.error.second_contract", contract=name)
    said = {m.sounds_key(c.name_in(lang)) for c in known for lang in LANGUAGES} | {m.sounds_key(name)}
    names = tuple((lang, text) for lang, text in ((lang, _renamed(given, change, lang)) for lang, given in base.names)
                  if m.sounds_key(text) not in said)
    twin_names = tuple((lang, text) for lang, text in ((lang, _renamed(given, change, lang))
                                                        for lang, given in base.twin_names)
                       if twin and m.sounds_key(text) not in said | {m.sounds_key(twin)})
    contract = replace(base, name=name, twin=twin, rules=rules, by_players=(), description=None, descriptions=(),
                       derived=False, names=names, twin_names=twin_names)
    plan.added.setdefault(m.contract_key(name), (contract, rules_text(rules)))
    made = with_twins([contract])
    return contract, made[1] if picked.derived and len(made) > 1 else contract


def _renamed(name: str, change: tuple[str, int, int], language: str) -> str:
    """``name`` (in ``language``) with the word of the suit or rank it
    counts changed for the new one's: Without hearts → Without spades,
    Senza regine → Senza re; the new word in brackets when the name has
    none (Barbu → Barbu (spades))."""
    kind, old, new = change
    t = Translator(language)
    spellings = t(f"lobby.name.{kind}.{old}").split("/")
    now = t(f"lobby.name.{kind}.{new}").split("/")[0]
    for word in spellings:
        for was, becomes in ((word, now), (word.capitalize(), now.capitalize())):
            found = re.compile(rf"(?<!\w){re.escape(was)}(?!\w)")
            if found.search(name):
                return found.sub(becomes, name, count=1)
    return f"{name} ({now})"


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
           "house_file", "mode_variants", "offered_modes", "offers_choices", "read_choices"]
