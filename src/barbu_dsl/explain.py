"""Read a spec out in plain English, as a player would want it at the table.

:func:`explain` describes the game (players and decks, the aim, who
chooses, doubling) and then each contract: how it is played, what it scores,
its twin and its hand total, proved by :mod:`barbu_dsl.verifier`.  The
wording follows docs/rules.md: trump play and its obligations (section 2),
domino (section 2), lead bans and their scope (sections 2 and 3), Ravage
City ties (section 2 variant 9), all or nothing (section 3); the schedules,
seating, packs, forced plays, domino rules, spreads and redoubles of
section 6.  Negative numbers are written with the typographic minus (``−2``).
"""

from __future__ import annotations

from fractions import Fraction

from . import cards as C
from .compiled import GamePlan, cards_of, game_plan, hand_totals, plays_out, tie_shares, trick_table, value_sum
from .compiled.facts import most_parts
from .language import model as m
from .language.decks import outside_pack
from .language.rules import select, spread_share, value_text
from .verifier import CountReport, dealt_cards, verify_count
from .words import join_words, plural, range_text

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
_TIMES = {1: "once", 2: "twice"}


def explain(spec: m.Spec, contract_name: str | None = None, players: int | None = None) -> str:
    """``spec`` in words: a header about the game, then every contract (or
    only ``contract_name``, matched like :meth:`Spec.contract`), for every
    player count the spec allows (or only ``players``).

    Raises :class:`KeyError` for a contract the spec does not have.
    """
    contracts = list(spec.contracts) if contract_name is None else [spec.contract(contract_name)]
    counts = spec.players if players is None else (players,)
    role = _role(spec)
    out: list[str] = []
    if contract_name is None:
        out.extend(_header(spec, counts, {n: verify_count(spec, n) for n in counts}))
    else:
        out.append(f"{spec.title} ({spec.full_name}), {_players_text(counts)}")
    for contract in contracts:
        out.append("")
        out.extend(_contract(spec, contract, counts, role))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# The game


def _role(spec: m.Spec) -> str:
    """Who names the contract, its trumps and its starting rank."""
    return "chooser" if spec.game.chooser == "rotating" else "declarer"


def _header(spec: m.Spec, counts: tuple[int, ...], reports: dict[int, CountReport]) -> list[str]:
    title = f"{spec.title} ({spec.full_name})"
    out = [title, "=" * len(title)]
    if spec.description:
        out.append(spec.description)
    for name in spec.applied:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            continue
        out.append(f"With {name}: {overlay.description}" if overlay.description else f"With {name}.")
    out.append("")
    out.append(f"Players: {_players_text(counts)}. {_decks_text(spec, counts)}.")
    if any(isinstance(rules.play, m.TrickPlay) and not plays_out(rules)
           for c in spec.contracts for rules in _rule_sets(c, counts)):
        out.append("A hand ends at the end of the first trick after which no score can change, "
                   "unless its contract plays every trick.")
    aim = "the highest" if spec.game.aim == "highest" else "the lowest"
    out.append(f"Aim: {aim} total score at the end of the game wins.")
    out.append(f"Who chooses: {_chooser_text(spec, counts)}")
    out.append(f"Doubling: {_doubling_text(spec)}")
    out.append(f"Hand totals: {_sums_text(reports)}")
    return out


def _players_text(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{join_words([str(n) for n in counts], 'or')} players"


def _decks_text(spec: m.Spec, counts: tuple[int, ...]) -> str:
    """``All 52 cards are dealt (13 each)``, or for each count what it removes."""
    parts = []
    outside = outside_pack(spec.pack_low)
    for n in counts:
        try:
            removed = sorted(spec.removed_for(n))
        except KeyError:
            removed = []
        each = f"({(52 - len(removed)) // n} each)"
        pack = 52 - len(outside)
        removed = [c for c in removed if c not in outside]
        if outside and not removed:
            text = f"all {pack} cards of the pack are dealt {each}"
        elif not removed:
            text = f"all 52 cards are dealt {each}"
        elif len(removed) == 1:
            text = f"the {C.card_symbol(removed[0])} is removed {each}"
        else:
            text = f"{join_words([C.card_symbol(c) for c in removed])} are removed {each}"
        parts.append(text if len(counts) == 1 else f"with {n}, {text}")
    text = "; ".join(parts)
    if outside:
        text = (f"a pack of {52 - len(outside)} cards, {C.rank_str(spec.pack_low)} to ace in every suit; "
                + text)
    return text[0].upper() + text[1:]


def _chooser_text(spec: m.Spec, counts: tuple[int, ...]) -> str:
    game = spec.game
    plans = {n: game_plan(spec, n) for n in counts}
    plan = plans[counts[0]]
    names = join_words([c.name for c in plan.round])
    side = "left" if game.direction == "clockwise" else "right"
    if plan.chooser == "declarer-series":
        text = ("each player in turn is declarer for a series of hands, choosing one contract "
                f"for each hand until every contract has been played {_times_text(plan)}, then the player on "
                f"their {side} takes over; everyone plays for themselves.")
    elif plan.chooser == "rotating" and plan.lists == "shared":
        text = (f"the chooser moves one seat to the {side} every hand and picks a contract from one list "
                f"the whole table shares ({_shared_text(plan)}); when the list is used up a new one begins; "
                "everyone plays for themselves.")
    elif plan.chooser == "rotating":
        text = (f"the chooser moves one seat to the {side} every hand and picks one of their "
                "contracts not yet played; everyone plays for themselves.")
    elif plan.chooser == "dealer":
        text = "the dealer chooses the contract and is its declarer; everyone plays for themselves."
    elif plan.chooser == "fixed-series":
        text = (f"nobody: each player in turn is declarer for a series of hands, playing the contracts in "
                f"a fixed order ({names}), then the player on their {side} takes over.")
    else:
        text = f"nobody: the contracts are played in a fixed order ({names})."
    if game.first_declarer is not None:
        verb = "chooses" if _role(spec) == "chooser" else "declares"
        text += f" The holder of the {C.card_symbol(game.first_declarer)} in the first deal {verb} first."
    if game.direction == "anticlockwise":
        text += " Play and every turn pass to the right (anticlockwise)."
    if plan.chooser == "rotating" and plan.draw == "none" and game.mode == "classic":
        text += f" Classic mode: the contracts are {names}."
    elif plan.draw != "none":
        whose = "one random list, the same for everyone" if plan.draw == "shared" \
            else "a different random list for each player"
        text += f" Random mode: {plural(plan.per_player, 'contract')} drawn as {whose}, from {names}."
    text += _first_lead_text(spec, plan)
    return text + " " + _hands_text(game.hands if isinstance(game.hands, int) else None, plans)


def _first_lead_text(spec: m.Spec, plan: GamePlan) -> str:
    """Who leads to the first trick: the game's setting, except in the
    contracts whose rules name a card whose holder leads it (and in domino,
    where the chooser moves first)."""
    role, lead = _role(spec), spec.game.first_lead
    rules = [r for c in _distinct(plan.pool) for r in _rule_sets(c, spec.players)]
    tricks = [r for r in rules if isinstance(r.play, m.TrickPlay)]
    by_card = [r for r in tricks if r.play.opening_card is not None]  # type: ignore[union-attr]
    if tricks and len(by_card) == len(tricks):
        text = " The holder of the card each contract names leads to the first trick"
    else:
        who = f"The {role}" if lead == "declarer" else f"The player on the {role}'s {lead}"
        text = f" {who} leads to the first trick"
        if by_card:
            named = join_words([c.name for c in _distinct(plan.pool) if any(
                r in by_card for r in _rule_sets(c, spec.players))])
            text += f", except in {named}, where the holder of the card the contract names leads it"
    domino = any(r.is_domino for r in rules)
    return text + (f" (in domino the {role} moves first)." if domino else ".")


def _times_text(plan: GamePlan) -> str:
    """``once``, or which contracts are played more often."""
    more = [f"{c.name} {_TIMES.get(c.times, f'{c.times} times')}" for c in _distinct(plan.pool) if c.times > 1]
    return "once" if not more else "once (" + join_words(more) + ")"


def _shared_text(plan: GamePlan) -> str:
    """What a shared list holds: ``No tricks twice, ..., Trumps 8 times: each
    player chooses Trumps twice``."""
    items = []
    for contract in _distinct(plan.pool):
        count = contract.times_played(plan.players)
        items.append(f"{contract.name} {_TIMES.get(count, f'{count} times')}")
    text = f"{plural(plan.per_player, 'hand')}: " + join_words(items)
    owed = [f"{c.name} {_TIMES.get(c.times, f'{c.times} times')}" for c in _distinct(plan.pool) if c.times_each]
    if owed:
        text += f"; each player chooses {join_words(owed)} in each list"
    return text


def _distinct(contracts: tuple[m.Contract, ...]) -> list[m.Contract]:
    seen: list[m.Contract] = []
    for contract in contracts:
        if contract not in seen:
            seen.append(contract)
    return seen


def _hands_text(hands: int | None, plans: dict[int, GamePlan]) -> str:
    """``A game is 28 hands (7 for each player).``, from the game plan;
    ``hands``: the number the spec sets for every count, if it does."""
    if hands is not None:
        return f"A game is {plural(hands, 'hand')}."
    if len(plans) == 1:
        plan = next(iter(plans.values()))
        each = plan.hands_per_player
        return f"A game is {plural(plan.hands, 'hand')}" + (f" ({each} for each player)." if each else ".")
    each_counts = {plan.hands_per_player for plan in plans.values()}
    each = each_counts.pop() if len(each_counts) == 1 else None
    if each is not None:
        return f"A game is {plural(each, 'hand')} for each player."
    return "A game is " + join_words([f"{plural(plan.hands, 'hand')} with {n} players"
                                      for n, plan in plans.items()]) + "."


def _doubling_text(spec: m.Spec) -> str:
    d = spec.doubling
    if not d.allowed:
        return "none."
    role = _role(spec)
    targets = "one or all of the others" if d.whom == "anyone" else f"the {role}"
    side = "left" if spec.game.direction == "clockwise" else "right"
    text = (f"after the contract is announced, each player in turn, starting at the {role}'s {side}, "
            f"has one chance to double {targets}.")
    if not d.redouble:
        text += f" The {role} may not double back."
    elif d.whom == "anyone":
        text += f" The {role} may only double players who doubled them (a redouble)."
    else:
        text += f" The {role} may redouble, and a redouble covers everyone who doubled them."
    if d.redouble == "anyone":
        text += (" Then every player who was doubled, in the same order, may double back (redouble) any of "
                 "those who doubled them.")
    if d.positive_declarer_only and d.whom == "anyone":
        text += f" In positive contracts only the {role} may be doubled."
    text += (" Settlement is pair by pair: when one of two players doubled the other, the difference "
             "of their scores passes from the worse to the better; when both doubled each other, "
             "twice the difference.")
    if d.minimum:
        times = {1: "once", 2: "twice"}.get(d.minimum, f"{d.minimum} times")
        series = f"in each {role}'s series" if spec.game.chooser == "declarer-series" else "in a game"
        text += (f" Each player should double each {role} at least {times} {series}"
                 " (a scorer shows the count; it is never enforced).")
    if d.undoubled == "not-played":
        text += (" A negative contract nobody doubles is not played: each opponent scores its total "
                 f"divided by the number of opponents, rounded to the nearest point, and the {role} "
                 "the rest.")
    return text


def _sums_text(reports: dict[int, CountReport]) -> str:
    """What a whole game adds up to (the verifier's game total), and whether
    a score sheet can check it: not when the players' choices or a draw
    decide which contracts some hands play."""
    if all(report.zero_sum for report in reports.values()):
        return "the contracts of a game add up to zero, so a score sheet checks itself."
    texts = {n: range_text(report.sum_min, report.sum_max) for n, report in reports.items()}
    text = f"the contracts of a game add up to {_by_count(texts)}"
    open_ = [report for report in reports.values() if report.picks and report.sum_min != report.sum_max]
    if not open_:
        return text + "."
    drawn = any(pick.drawn for report in open_ for pick in report.picks)
    chosen = any(not pick.drawn for report in open_ for pick in report.picks)
    deciders = join_words([*(["which contracts the players choose"] if chosen else []),
                           *(["the contracts drawn"] if drawn else [])])
    return f"{text}, depending on {deciders}, so a score sheet cannot check a game's total."


# --------------------------------------------------------------------------
# A contract


def _rule_sets(contract: m.Contract, counts: tuple[int, ...]) -> dict[m.Rules, list[int]]:
    """The contract's distinct rules, each with the player counts that use them."""
    variants: dict[m.Rules, list[int]] = {}
    for n in counts:
        variants.setdefault(contract.rules_for(n), []).append(n)
    return variants


def _contract(spec: m.Spec, contract: m.Contract, counts: tuple[int, ...], role: str) -> list[str]:
    out = [contract.name, "-" * len(contract.name)]
    if contract.description:
        out.append(contract.description)
    variants = _rule_sets(contract, counts)
    for rules, ns in variants.items():
        indent = ""
        if len(variants) > 1:
            out.append(f"With {_players_text(tuple(ns))}:")
            indent = "  "
        out.append(f"{indent}Play: {_play_text(spec, rules, role, ns[0])}")
        out.append(f"{indent}Points: {_points_text(spec, rules, tuple(ns))}")
    if contract.twin:
        if contract.derived:
            out.append(f"Twin of {contract.twin}: played the same way, every value negated.")
        else:
            out.append(f"Twin: {contract.twin}, played the same way with every value negated.")
    out.append(f"Hand total: {_total_text(spec, contract, counts)}")
    return out


def _play_text(spec: m.Spec, rules: m.Rules, role: str, players: int) -> str:  # noqa: C901 -- one sentence a rule of play, in the order docs/rules.md gives them
    play = rules.play
    if isinstance(play, m.DominoPlay):
        return _domino_text(play, role, _lowest_rank(spec, players))
    sentences = []
    trumps = play.trumps
    if trumps is None:
        sentences.append("no trumps; the highest card of the led suit wins the trick.")
    else:
        named = (f"the {role} names the trump suit" if trumps.suit is None
                 else f"{C.SUIT_NAMES[trumps.suit]} are trumps")
        sentences.append(f"{named}; a trick goes to the highest trump, else to the highest card of the led suit.")
        if trumps.must_win and trumps.must_trump:
            sentences.append("A player who cannot follow suit and holds a trump must play one: a trump that "
                             "wins the trick if they have one, else any trump, even one that loses.")
        elif trumps.must_trump:
            sentences.append("A player who cannot follow suit and holds a trump must play one, even one "
                             "that loses.")
        elif trumps.must_win:
            sentences.append("A player who cannot follow suit and holds a trump that would win the trick "
                             "must play a trump that wins it; a player who cannot win with a trump "
                             "plays freely.")
        if trumps.must_overtrump:
            sentences.append("When trumps are led, a player holding a trump higher than every trump in "
                             "the trick must play a higher one.")
        if not trumps.must_win and not trumps.must_overtrump and not trumps.must_trump:
            sentences.append("Nobody has to trump or overtrump.")
        elif not trumps.must_win and not trumps.must_trump:
            sentences.append("A player who cannot follow suit need not trump.")
        elif trumps.must_win or trumps.must_trump:
            sentences.append("Following a plain suit never obliges a player to beat the trick.")
    if play.inverted:
        sentences.append("The rank order is inverted: 2 is high, the ace low.")
    if play.opening_card is not None:
        sentences.append(f"Whoever holds the {C.card_symbol(play.opening_card)} leads it to the first trick.")
    elif spec.game.first_lead == "declarer":
        sentences.append(f"The {role} leads to the first trick.")
    else:
        sentences.append(f"The player on the {role}'s {spec.game.first_lead} leads to the first trick.")
    for ban in play.lead_bans:
        sentences.append(_lead_ban_text(ban))
    for cards in play.first_trick_bans:
        sentences.append(_first_trick_text(cards))
    for cards in play.shed_when_safe:
        sentences.append(_shed_text(cards))
    for cards in play.discard_when_void:
        sentences.append(_discard_text(cards))
    end = _early_end_text(spec, rules, players)
    if end:
        sentences.append(end)
    text = " ".join(sentences)
    return text[0].upper() + text[1:]


def _early_end_text(spec: m.Spec, rules: m.Rules, players: int) -> str | None:
    """When a hand stops before the last trick: at the end of the first
    trick after which no score can change (docs/rules.md section 1, early end),
    or never, when the contract plays every trick (playing out)."""
    play = rules.play
    assert isinstance(play, m.TrickPlay)
    if plays_out(rules):
        if most_parts(rules.scoring):
            return "Every trick is played: the last card can still change who has the most of one suit."
        if play.play_every_trick:
            return "Every trick is played, even once no score can change any more."
        return None  # every trick scores
    trump = C.CLUBS if play.trumps is not None and play.trumps.suit is None else None
    table = trick_table(rules, players, tuple(sorted(dealt_cards(spec, players))), trump)
    if table.last_scoring_trick == table.tricks - 1:
        return None  # the last trick scores: nothing ends early
    events = []
    if table.scoring_mask:
        if any(isinstance(p, m.PerCard) and isinstance(p.cards, m.TrumpCards) for p in rules.scoring.parts):
            events.append("the last trump has been taken")
        else:
            events.append(_last_card_text(cards_of(table.scoring_mask)) + " has been taken")
    if table.last_scoring_trick >= 0:
        events.append(f"the {_ordinal(table.last_scoring_trick + 1)} trick has been played")
    return f"The hand ends as soon as {join_words(events)}." if events else None


def _last_card_text(cards: list[int]) -> str:
    if len(cards) == 1:
        return f"the {C.card_symbol(cards[0])}"
    suits = {C.suit_of(c) for c in cards}
    ranks = {C.rank_of(c) for c in cards}
    if len(suits) == 1 and len(cards) == 13:
        return f"the last {C.SUIT_SINGULAR[suits.pop()]}"
    if len(ranks) == 1 and len(cards) == 4:
        return f"the fourth {C.RANK_NAMES[ranks.pop()]}"
    return "every card that scores"


def _lead_ban_text(ban: m.LeadBan) -> str:
    suit = C.SUIT_NAMES[ban.suit].capitalize()
    only = f"unless the leader holds only {C.SUIT_NAMES[ban.suit]}"
    if ban.scope == "every":
        return f"{suit} may not be led, on any lead, {only}."
    if ban.scope == "opening":
        return f"{suit} may not open the hand (the first lead only), {only}."
    breakers = [f"a {C.SUIT_SINGULAR[ban.suit]}", *(f"the {C.card_symbol(c)}" for c in ban.broken_by)]
    return f"{suit} may not be led until {join_words(breakers, 'or')} has been played, {only}."


def _first_trick_text(cards: m.Cards) -> str:
    unless = ", unless the player has no other choice."
    if isinstance(cards, m.PointCards):
        return "No card that scores may be played to the first trick" + unless
    if isinstance(cards, m.OneCard):
        return f"The {C.card_symbol(cards.card)} may not be played to the first trick" + unless
    if isinstance(cards, m.CardSet):
        named = join_words([C.card_symbol(c) for c in cards.cards])
        return f"None of {named} may be played to the first trick" + unless
    return f"No {_cards_singular(cards)} may be played to the first trick" + unless


def _shed_text(cards: m.Cards) -> str:
    if isinstance(cards, m.OneCard):
        card = C.card_symbol(cards.card)
        suit = C.SUIT_SINGULAR[C.suit_of(cards.card)]
        return (f"The {card} must go at the first safe opportunity: a player who holds it and cannot "
                f"follow suit must discard it, and one who must follow in {suit}s and sees a higher "
                f"{suit} already in the trick must play it.")
    what = (join_words([C.card_symbol(c) for c in cards.cards]) if isinstance(cards, m.CardSet)
            else _cards_plural(cards))
    return (f"The {what} must go at the first safe opportunity: a player who holds one and cannot "
            f"follow suit must discard it, and one who must follow in its suit and sees a higher card "
            f"of that suit already in the trick must play it.")


def _discard_text(cards: m.Cards) -> str:
    """A void player's forced discard (docs/rules.md section 6)."""
    if isinstance(cards, m.OneCard):
        what = f"the {C.card_symbol(cards.card)}"
    elif isinstance(cards, m.CardSet):
        what = "one of " + join_words([C.card_symbol(c) for c in cards.cards])
    elif isinstance(cards, m.PointCards):
        what = "a card that scores"
    else:
        what = f"a {_cards_singular(cards)}"
    return f"A player who cannot follow suit and holds {what} must play it (or one of them)."


def _lowest_rank(spec: m.Spec, players: int) -> int:
    """The lowest rank of a full suit dealt to ``players`` players (the
    pack's, or above ranks a deck removes whole)."""
    deck = dealt_cards(spec, players)
    return min(C.rank_of(c) for c in deck) if deck else 2


def _domino_text(play: m.DominoPlay, role: str, low: int = 2) -> str:
    if play.start == "chosen":
        start = (f"the {role} names a starting rank, and every suit is opened with its card of that rank. "
                 f"The {role} moves first and passes if they hold no card of that rank.")
    elif play.start == "first-card":
        start = (f"the {role} moves first, and their first card sets the starting rank; every suit "
                 "is opened with its card of that rank.")
    else:
        rank = C.RANK_NAMES[play.start]
        start = f"every suit is opened with its {rank}. The {role} moves first."
    lowest = C.rank_str(low)
    if play.aces_low:
        order = f"Aces are low: a suit runs up to the king and down to the ace, below the {lowest}."
    else:
        order = f"Aces are high: a suit runs up to the ace and down to the {lowest}."
    again = (" A player who plays an ace (and still holds cards) moves again, passing if they then cannot "
             "play." if play.ace_again else "")
    if play.end == "first-out":
        end = ("the hand ends as soon as one player has gone out; the others take the next places by the "
               "cards they still hold, fewest first, a tie going to the player who comes sooner in turn "
               "after the one who went out.")
    else:
        end = "the hand ends when all but one have gone out, and that player takes the last place."
    return (f"Domino (fan tan), no tricks: {start} In turn, each player must play a card of the starting "
            "rank or a card next to one already on the table in the same suit; a player who can play "
            f"must, one who cannot passes. {order}{again} Players who have gone out are skipped; {end}")


# --------------------------------------------------------------------------
# Points


def _points_text(spec: m.Spec, rules: m.Rules, counts: tuple[int, ...]) -> str:
    scoring = rules.scoring
    groups = [_group_text(group, counts) for group in scoring.groups]
    if len(groups) == 1:
        text = groups[0] + "."
    else:
        text = "these add up, so one card may score several times: " + "; ".join(groups) + "."
    for part in scoring.parts:
        if isinstance(part, m.Spread):
            text += f" That is {_spread_shares(spec, rules, part, counts)}."
    if scoring.all_or_nothing or scoring.shoot_the_moon:
        n = 4 if 4 in counts else counts[0]
        base = _plain_total(spec, rules, n)
        at = "" if len(counts) == 1 else f" with {n} players"
        every = "every scoring element" + (" of every group" if len(groups) > 1 else "")
        if scoring.all_or_nothing:
            text += (f" All or nothing: a player who takes {every} scores those points "
                     f"the other way round ({value_text(-base)} instead of {value_text(base)}{at}).")
        else:
            text += (f" Shoot the moon: a player who takes {every} scores 0, and every "
                     f"other player scores the whole {value_text(base)}{at} instead.")
    return text[0].upper() + text[1:]


def _plain_total(spec: m.Spec, rules: m.Rules, players: int) -> int:
    """The total as written, before anyone takes everything."""
    return value_sum(rules, players, dealt_cards(spec, players))


def _group_text(group: tuple[m.Part, ...], counts: tuple[int, ...]) -> str:
    """One group of scoring parts in words; single cards that replace a
    wider value are said once, after a "but": ``−1 for each card taken, but
    the A♥ −6 and the K♥ −20``."""
    wide = [p.cards for p in group if isinstance(p, m.PerCard) and not isinstance(p.cards, m.OneCard)]
    texts: list[str] = []
    exceptions: list[str] = []
    for part in group:
        if isinstance(part, m.PerCard) and isinstance(part.cards, m.OneCard):
            card = part.cards.card
            if any(isinstance(w, m.TrumpCards) or card in select(w, None) for w in wide):
                exceptions.append(f"the {C.card_symbol(card)} {value_text(part.value)}")
                continue
        texts.append(_part_text(part, counts))
    text = ", ".join(texts)
    return f"{text}, but {join_words(exceptions)}" if exceptions else text


def _part_text(part: m.Part, counts: tuple[int, ...]) -> str:
    v = value_text(part.value) if not isinstance(part, m.Placings) else ""
    if isinstance(part, m.PerTrick):
        return f"{v} for each trick taken"
    if isinstance(part, m.NoTrick):
        return f"{v} for a player who takes no trick"
    if isinstance(part, m.NoCards):
        return f"{v} for a player who takes {_none_of(part.cards)}"
    if isinstance(part, m.AllTricks):
        if part.instead:
            return f"a player who takes every trick scores {v} instead, and every other player 0"
        return f"{v} for a player who takes every trick, besides what the tricks give"
    if isinstance(part, m.PerCard):
        if isinstance(part.cards, m.OneCard):
            return f"{v} for the {C.card_symbol(part.cards.card)}"
        if isinstance(part.cards, m.CardSet):
            return f"{v} for each of {join_words([C.card_symbol(c) for c in part.cards.cards])} taken"
        return f"{v} for each {_cards_singular(part.cards)} taken"
    if isinstance(part, m.TrickAt):
        return f"{v} for {_trick_name(part.position)}"
    if isinstance(part, m.Placings):
        values = part.values
        places = [f"{value_text(x)} {_ORDINALS[i] if i < len(_ORDINALS) else f'{i + 1}th'}"
                  for i, x in enumerate(values[:-1])]
        return "placings in the order of going out: " + ", ".join([*places, f"{value_text(values[-1])} last"])
    if isinstance(part, m.Spread):
        return f"{v} shared out equally over {'the tricks' if part.cards is None else _spread_cards(part.cards)}"
    return _most_of_one_suit_text(part, counts)


def _spread_shares(spec: m.Spec, rules: m.Rules, part: m.Spread, counts: tuple[int, ...]) -> str:
    """``−2 a trick with 4 players, −3 a trick with 3``: each element's share
    of a spread for each count (docs/rules.md section 6)."""
    trump = C.CLUBS if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None else None
    if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None and rules.play.trumps.suit is not None:
        trump = rules.play.trumps.suit
    texts = {}
    for n in counts:
        deck = dealt_cards(spec, n)
        share = spread_share(part, len(deck) // n, deck, trump)
        unit = "a trick" if part.cards is None else "a card"
        texts[n] = f"{value_text(int(share)) if share is not None else '0'} {unit}"
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    return ", ".join(f"{text} with {n} players" for n, text in texts.items())


def _spread_cards(cards: m.Cards) -> str:
    if isinstance(cards, m.CardSet):
        return join_words([C.card_symbol(c) for c in cards.cards])
    return f"the {_cards_plural(cards)}"


def _most_of_one_suit_text(part: m.MostOfOneSuit, counts: tuple[int, ...]) -> str:
    text = (f"{value_text(part.value)} for the player who takes the most cards of any one suit "
            "(each player's largest single-suit count is compared)")
    most = max(counts)
    if part.ties == "full":
        return text + "; tied players each score it in full"
    shares = []
    undivided = False
    each = tie_shares(part, most)
    for k in range(2, most + 1):
        undivided |= Fraction(part.value, k).denominator != 1
        ways = _COUNT_WORDS.get(k, str(k))
        shares.append(f"{ways} ways {value_text(each[k])}")
    text += "; tied players share it equally"
    if part.rounding == "nearest":
        text += ", each share rounded to the nearest point (halves away from zero)"
    elif part.rounding:
        text += f", each share rounded {part.rounding}"
    if shares:
        shares[0] = f"tied {shares[0]} each"
        text += f" ({', '.join(shares)})"
    if undivided and part.rounding is None:
        text += "; the spec does not say how to round a share that is not whole (shown to the nearest point)"
    return text


def _trick_name(position: int) -> str:
    if position == -1:
        return "the last trick"
    if position == -2:
        return "the penultimate trick"
    if position < 0:
        return f"the {_ordinal(-position)} trick from the end"
    return f"the {_ordinal(position)} trick"


def _ordinal(n: int) -> str:
    if n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _none_of(cards: m.Cards) -> str:
    """``no heart``, ``none of the cards that score``, ``none of K♥ and Q♠``."""
    if isinstance(cards, m.PointCards):
        return "none of the cards that score"
    if isinstance(cards, m.OneCard | m.CardSet):
        return "none of " + join_words([C.card_symbol(c) for c in select(cards, None)])
    return f"no {_cards_singular(cards)}"


def _cards_singular(cards: m.Cards) -> str:
    if isinstance(cards, m.SuitCards):
        return C.SUIT_SINGULAR[cards.suit]
    if isinstance(cards, m.RankCards):
        return C.RANK_NAMES[cards.rank]
    if isinstance(cards, m.TrumpCards):
        return "trump"
    if isinstance(cards, m.PointCards):
        return "card that scores"
    return "card"


def _cards_plural(cards: m.Cards) -> str:
    if isinstance(cards, m.SuitCards):
        return C.SUIT_NAMES[cards.suit]
    if isinstance(cards, m.RankCards):
        return "sixes" if cards.rank == 6 else C.RANK_NAMES[cards.rank] + "s"
    if isinstance(cards, m.TrumpCards):
        return "trumps"
    if isinstance(cards, m.PointCards):
        return "cards that score"
    return "cards"


# --------------------------------------------------------------------------
# Totals


def _total_text(spec: m.Spec, contract: m.Contract, counts: tuple[int, ...]) -> str:
    """The hand total for each count, with what makes it vary.  The all or
    nothing and moon swings are left out: the points already say them."""
    texts: dict[int, str] = {}
    notes: dict[str, list[int]] = {}
    for n in counts:
        total = hand_totals(contract.rules_for(n), n, dealt_cards(spec, n))
        texts[n] = range_text(total.min, total.max)
        for note in (*total.notes, *total.problems):
            if not note.startswith(("all or nothing makes", "shoot the moon makes")):
                notes.setdefault(note, []).append(n)
    text = _by_count(texts)
    extra = [note if len(ns) == len(counts) else f"with {_players_text(tuple(ns))}, {note}"
             for note, ns in notes.items()]
    if extra:
        text += " (" + "; ".join(extra) + ")"
    return text + "."


def _by_count(texts: dict[int, str]) -> str:
    """One text when every count agrees, else each text with its counts."""
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    grouped: dict[str, list[int]] = {}
    for n, text in texts.items():
        grouped.setdefault(text, []).append(n)
    return ", ".join(f"{text} with {join_words([str(n) for n in ns], 'or')} players" for text, ns in grouped.items())
