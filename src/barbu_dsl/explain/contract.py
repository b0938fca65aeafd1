"""A contract told in words: how it is played, what it scores, its twin
and its hand total, in any language.

The one narrator of a contract's rules: ``barbu explain`` prints its
lines, the table says them when a person asks to ``describe`` a contract,
and the generator writes them into each contract module's docstring.  The
wording follows docs/rules.md: trump play and its obligations (section
2), domino (section 2), lead bans and their scope (sections 2 and 3),
Ravage City ties (section 2 variant 9), all or nothing (section 3); the
packs, forced plays, domino rules and spreads of section 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, assert_never

from .. import cards as C
from ..compiled import cards_of, hand_totals, plays_out, tie_shares, trick_table, value_sum
from ..compiled.facts import most_parts, tricks_taken_values
from ..compiled.totals import tie_totals, tricks_taken_totals, trump_choices
from ..language import model as m
from ..language.rules import select, spread_share
from ..verifier import dealt_cards
from .words import RuleWords, by_count, players_text


def rule_sets(contract: m.Contract, counts: tuple[int, ...]) -> dict[m.Rules, list[int]]:
    """The contract's distinct rules, each with the player counts that use them."""
    variants: dict[m.Rules, list[int]] = {}
    for n in counts:
        variants.setdefault(contract.rules_for(n), []).append(n)
    return variants


def role_of(spec: m.Spec) -> str:
    """Who names the contract, its trumps and its starting rank."""
    return "chooser" if spec.game.chooser == "rotating" else "declarer"


def contract_lines(spec: m.Spec, contract: m.Contract, counts: tuple[int, ...], w: RuleWords) -> list[str]:
    """The contract's section: its name, description, play and points for
    each set of player counts, its twin and its hand total."""
    name = contract.name_in(w.language)
    out = [name, "-" * len(name)]
    described = contract.description_in(w.language)
    if described:
        out.append(described)
    variants = rule_sets(contract, counts)
    for rules, ns in variants.items():
        indent = ""
        if len(variants) > 1:
            out.append(w("with_players", players=players_text(w, ns)))
            indent = "  "
        out.append(indent + w("play", text=play_text(spec, rules, ns[0], w)))
        out.append(indent + w("points", text=points_text(spec, rules, tuple(ns), w)))
    if contract.twin:
        twin = next((c.name_in(w.language) for c in spec.contracts if c.name == contract.twin), contract.twin)
        out.append(w("twin.of" if contract.derived else "twin", twin=twin))
    out.append(w("hand_total", text=total_text(spec, contract, counts, w)))
    return out


# --------------------------------------------------------------------------
# Play


def play_text(spec: m.Spec, rules: m.Rules, players: int, w: RuleWords) -> str:
    """How a hand of ``rules`` is played, a sentence a rule."""
    return w.capital(" ".join(play_sentences(spec, rules, players, w)))


def rule_summary(spec: m.Spec, rules: m.Rules, players: int, w: RuleWords | None = None) -> tuple[str, ...]:
    """The rules of one rule set as sentences: how it is played, then what
    it scores (a generated module's comment on the rule set it implements)."""
    w = w or RuleWords()
    sentences = [w.capital(text) for text in play_sentences(spec, rules, players, w)]
    return (*sentences, points_text(spec, rules, (players,), w))


def play_sentences(spec: m.Spec, rules: m.Rules, players: int, w: RuleWords) -> list[str]:
    """How a hand of ``rules`` is played: a sentence a rule."""
    role = w.role(role_of(spec))
    match rules.play:
        case m.DominoPlay() as domino:
            return [domino_text(domino, role, w, _lowest_rank(spec, players))]
        case m.TrickPlay() as play:
            return _trick_sentences(spec, rules, play, players, role, w)
        case _:
            assert_never(rules.play)


def _trick_sentences(spec: m.Spec, rules: m.Rules, play: m.TrickPlay, players: int, role: dict[str, str],
                     w: RuleWords) -> list[str]:
    """How a hand of tricks is played: trumps, the order of the ranks, the
    first lead, the bans and forced plays, the early end."""
    sentences = [*_trump_sentences(play, role, w)]
    if play.inverted:
        sentences.append(w("inverted"))
    if play.order is not None:
        sentences.append(w("order", order=" ".join(C.rank_str(rank) for rank in play.order)))
    if play.opening_card is not None:
        sentences.append(w("opening_card", card=w.the_card(play.opening_card)))
    elif spec.game.first_lead == "declarer":
        sentences.append(w.capital(w("first_lead.role", **role)))
    else:
        sentences.append(w.capital(w("first_lead.side", side=w(f"side.{spec.game.first_lead}"), **role)))
    sentences.extend(_lead_ban_text(ban, w) for ban in play.lead_bans)
    sentences.extend(_first_trick_text(cards, w) for cards in play.first_trick_bans)
    sentences.extend(_shed_text(cards, w) for cards in play.shed_when_safe)
    sentences.extend(_discard_text(cards, w) for cards in play.discard_when_void)
    end = _early_end_text(spec, rules, players, w)
    if end:
        sentences.append(end)
    return sentences


def _trump_sentences(play: m.TrickPlay, role: dict[str, str], w: RuleWords) -> list[str]:
    trumps = play.trumps
    if trumps is None:
        return [w("trumps.none")]
    if trumps.suit is None:
        sentences = [w("trumps.named", **role)]
    else:
        sentences = [w("trumps.fixed", suit=w.t(f"cards.suits.{trumps.suit}"))]
    if trumps.must_win and trumps.must_trump:
        sentences.append(w("trumps.must_win_or_trump"))
    elif trumps.must_trump:
        sentences.append(w("trumps.must_trump"))
    elif trumps.must_win:
        sentences.append(w("trumps.must_win"))
    if trumps.must_overtrump:
        sentences.append(w("trumps.overtrump"))
    if not trumps.must_win and not trumps.must_overtrump and not trumps.must_trump:
        sentences.append(w("trumps.free"))
    elif not trumps.must_win and not trumps.must_trump:
        sentences.append(w("trumps.need_not_trump"))
    elif trumps.must_win or trumps.must_trump:
        sentences.append(w("trumps.never_beat"))
    return sentences


def _early_end_text(spec: m.Spec, rules: m.Rules, players: int, w: RuleWords) -> str | None:
    """When a hand stops before the last trick: at the end of the first
    trick after which no score can change (docs/rules.md section 1, early
    end), or never, when the contract plays every trick (playing out)."""
    play = rules.play
    assert isinstance(play, m.TrickPlay)
    if plays_out(rules):
        if most_parts(rules.scoring):
            return w("end.most")
        if play.play_every_trick:
            return w("end.every_trick")
        return None  # every trick scores
    trump = C.CLUBS if play.trumps is not None and play.trumps.suit is None else None
    table = trick_table(rules, players, tuple(sorted(dealt_cards(spec, players))), trump)
    if table.last_scoring_trick == table.tricks - 1:
        return None  # the last trick scores: nothing ends early
    events = []
    if table.scoring_mask:
        if any(isinstance(p, m.PerCard) and isinstance(p.cards, m.TrumpCards) for p in rules.scoring.parts):
            events.append(w("end.last_trump"))
        else:
            events.append(w("end.taken", cards=_last_card_text(cards_of(table.scoring_mask), w)))
    if table.last_scoring_trick >= 0:
        events.append(w("end.trick", ordinal=w.ordinal(table.last_scoring_trick + 1)))
    return w("end.as_soon", events=w.join(events)) if events else None


def _last_card_text(cards: list[int], w: RuleWords) -> str:
    if len(cards) == 1:
        return w.the_card(cards[0])
    suits = {C.suit_of(c) for c in cards}
    ranks = {C.rank_of(c) for c in cards}
    if len(suits) == 1 and len(cards) == 13:
        suit = suits.pop()
        return w("last_of_suit", one_suit=w.one_of_suit(suit), suits=w.t(f"cards.suits.{suit}"))
    if len(ranks) == 1 and len(cards) == 4:
        return w.t(f"cards.the_fourth.{ranks.pop()}")
    return w("every_scoring_card")


def _lead_ban_text(ban: m.LeadBan, w: RuleWords) -> str:
    suit = {"suit": w.suit(ban.suit), "suits": w.t(f"cards.suits.{ban.suit}")}  # each language takes its form
    if ban.scope == "until-broken":
        breakers = [w.t(f"cards.a_suit.{ban.suit}"), *(w.the_card(c) for c in ban.broken_by)]
        return w.capital(w("lead.until-broken", breakers=w.join(breakers, "or"), **suit))
    return w.capital(w(f"lead.{ban.scope}", **suit))


def _first_trick_text(cards: m.Cards, w: RuleWords) -> str:
    match cards:
        case m.PointCards():
            return w("first_trick.points")
        case m.OneCard(card=card):
            return w.capital(w("first_trick.card", card=w.the_card(card)))
        case m.CardSet(cards=named):
            return w("first_trick.set", cards=w.cards(named))
        case m.SuitCards() | m.RankCards() | m.TrumpCards() | m.AllCards():
            return w.capital(w("first_trick.kind", **w.selection(cards)))
        case _:
            assert_never(cards)


def _shed_text(cards: m.Cards, w: RuleWords) -> str:
    match cards:
        case m.OneCard(card=card):
            suit = C.suit_of(card)
            return w.capital(w("shed.card", card=w.the_card(card), bare=w.card(card),
                               one_suit=w.one_of_suit(suit), suit=w.suit(suit), suits=w.t(f"cards.suits.{suit}")))
        case m.CardSet(cards=named):
            return w.capital(w("shed.set", cards=w.cards(named)))
        case m.SuitCards() | m.RankCards() | m.TrumpCards() | m.PointCards() | m.AllCards():
            return w.capital(w("shed.set", cards=w.selection(cards)["many"]))
        case _:
            assert_never(cards)


def _discard_text(cards: m.Cards, w: RuleWords) -> str:
    """A void player's forced discard (docs/rules.md section 6)."""
    match cards:
        case m.OneCard(card=card):
            what = w.the_card(card)
        case m.CardSet(cards=named):
            what = w("one_of", cards=w.cards(named))
        case m.SuitCards() | m.RankCards() | m.TrumpCards() | m.PointCards() | m.AllCards():
            what = w.selection(cards)["a"]
        case _:
            assert_never(cards)
    return w("discard", what=what)


def _lowest_rank(spec: m.Spec, players: int) -> int:
    """The lowest rank of a full suit dealt to ``players`` players (the
    pack's, or above ranks a deck removes whole)."""
    deck = dealt_cards(spec, players)
    return min(C.rank_of(c) for c in deck) if deck else 2


def domino_text(play: m.DominoPlay, role: dict[str, str], w: RuleWords, low: int = 2) -> str:
    """Domino (fan tan) in words: its start, the order of a suit, an ace
    that plays again, the end (docs/rules.md sections 2 and 6)."""
    if play.start == "chosen":
        start = w("domino.chosen", **role)
    elif play.start == "first-card":
        start = w("domino.first_card", **role)
    elif play.opening_card is not None:
        start = w("domino.starts", card=w.card(play.opening_card), rank=w.rank(play.start),
                  the_rank=w.the_rank(play.start))
    else:
        start = w("domino.fixed", rank=w.rank(play.start), the_rank=w.the_rank(play.start), **role)
    order = w("domino.aces_low" if play.aces_low else "domino.aces_high", lowest=C.rank_str(low))
    again = " " + w("domino.ace_again") if play.ace_again else ""
    if play.play_on != "no":
        again = " " + w("domino.ace_may_again" if play.play_on == "after-ace" else "domino.any_number")
    end = w("domino.end.first_out" if play.end == "first-out" else "domino.end.last")
    return w("domino", start=start, order=order, again=again, end=end)


# --------------------------------------------------------------------------
# Points


def points_text(spec: m.Spec, rules: m.Rules, counts: tuple[int, ...], w: RuleWords) -> str:
    """What a hand of ``rules`` scores, group by group."""
    scoring = rules.scoring
    groups = [_group_text(group, counts, w) for group in scoring.groups]
    text = groups[0] + "." if len(groups) == 1 else w("groups", groups="; ".join(groups))
    for part in scoring.parts:
        if isinstance(part, m.Spread):
            text += " " + w("spread.that_is", shares=_spread_shares(spec, rules, part, counts, w))
    if scoring.all_or_nothing or scoring.shoot_the_moon:
        n = 4 if 4 in counts else counts[0]
        base = value_sum(rules, n, dealt_cards(spec, n))
        fields = {"every": w("every_element" if len(groups) == 1 else "every_element.groups"),
                  "at": "" if len(counts) == 1 else " " + w("with_n_players", n=n),
                  "total": w.value(base), "negated": w.value(-base)}
        text += " " + w("all_or_nothing" if scoring.all_or_nothing else "shoot_the_moon", **fields)
    return w.capital(text)


def _group_text(group: tuple[m.Part, ...], counts: tuple[int, ...], w: RuleWords) -> str:
    """One group of scoring parts in words; single cards that replace a
    wider value are said once, after a "but": ``−1 for each card taken, but
    the A♥ −6 and the K♥ −20``."""
    wide = [p.cards for p in group if isinstance(p, m.PerCard) and not isinstance(p.cards, m.OneCard)]
    texts: list[str] = []
    exceptions: list[str] = []
    for part in group:
        if isinstance(part, m.PerCard) and isinstance(part.cards, m.OneCard):
            card = part.cards.card
            if any(isinstance(wider, m.TrumpCards) or card in select(wider, None) for wider in wide):
                exceptions.append(w("exception", card=w.the_card(card), value=w.value(part.value)))
                continue
        texts.append(_part_text(part, counts, w))
    text = ", ".join(texts)
    return w("but", parts=text, exceptions=w.join(exceptions)) if exceptions else text


def _part_text(part: m.Part, counts: tuple[int, ...], w: RuleWords) -> str:  # noqa: C901 -- one case a kind of scoring part
    """One scoring part in words."""
    match part:
        case m.PerTrick(value=value):
            return w("part.per_trick", value=w.value(value))
        case m.NoTrick(value=value):
            return w("part.no_trick", value=w.value(value))
        case m.NoCards(value=value, cards=m.OneCard(card=card)):
            return w("part.no_card", value=w.value(value), card=w.the_card(card))
        case m.NoCards(value=value, cards=m.CardSet(cards=cards)):
            return w("part.no_set", value=w.value(value), cards=w.cards(cards))
        case m.NoCards(value=value, cards=cards):
            return w("part.no_kind", value=w.value(value), **w.selection(cards))
        case m.AllTricks(value=value, instead=instead):
            return w("part.all_tricks.instead" if instead else "part.all_tricks", value=w.value(value))
        case m.PerCard(value=value, cards=m.OneCard(card=card)):
            return w("part.card", value=w.value(value), card=w.the_card(card))
        case m.PerCard(value=value, cards=m.CardSet(cards=cards)):
            return w("part.set", value=w.value(value), cards=w.cards(cards))
        case m.PerCard(value=value, cards=cards):
            return w("part.per_kind", value=w.value(value), **w.selection(cards))
        case m.TrickAt(value=value, position=position):
            return w("part.trick", value=w.value(value), trick=trick_name(position, w))
        case m.Placings(values=values):
            places = [w("place", value=w.value(x), ordinal=w.ordinal(i + 1, "place"))
                      for i, x in enumerate(values[:-1])]
            return w("part.placings", places=", ".join([*places, w("place.last", value=w.value(values[-1]))]))
        case m.Spread(value=value, cards=cards):
            over = w("spread.tricks") if cards is None else _spread_cards(cards, w)
            return w("part.spread", value=w.value(value), over=over)
        case m.MostOfOneSuit():
            return _most_of_one_suit_text(part, counts, w)
        case _:
            assert_never(part)


def _spread_shares(spec: m.Spec, rules: m.Rules, part: m.Spread, counts: tuple[int, ...], w: RuleWords) -> str:
    """``−2 a trick with 4 players, −3 a trick with 3``: each element's share
    of a spread (docs/rules.md section 6)."""
    trump = C.CLUBS if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None else None
    if isinstance(rules.play, m.TrickPlay) and rules.play.trumps is not None and rules.play.trumps.suit is not None:
        trump = rules.play.trumps.suit
    texts = {}
    for n in counts:
        deck = dealt_cards(spec, n)
        share = spread_share(part, len(deck) // n, deck, trump)
        value = w.value(int(share)) if share is not None else "0"
        texts[n] = w("spread.a_trick" if part.cards is None else "spread.a_card", value=value)
    if len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    return ", ".join(w("with_n_players.text", text=text, n=n) for n, text in texts.items())


def _spread_cards(cards: m.Cards, w: RuleWords) -> str:
    match cards:
        case m.CardSet(cards=named):
            return w.cards(named)
        case m.OneCard() | m.SuitCards() | m.RankCards() | m.TrumpCards() | m.PointCards() | m.AllCards():
            return w.selection(cards)["the_many"]
        case _:
            assert_never(cards)


def _most_of_one_suit_text(part: m.MostOfOneSuit, counts: tuple[int, ...], w: RuleWords) -> str:
    text = w("most", value=w.value(part.value))
    most = max(counts)
    if part.ties == "full":
        return text + w("most.full")
    shares = []
    undivided = False
    each = tie_shares(part, most)
    for k in range(2, most + 1):
        undivided |= Fraction(part.value, k).denominator != 1
        shares.append(w("most.ways", ways=w(f"ways.{k}") if k <= 10 else str(k), value=w.value(each[k])))
    text += w("most.split")
    if part.rounding == "nearest":
        text += w("most.nearest")
    elif part.rounding:
        text += w(f"most.rounded.{part.rounding}")
    if shares:
        shares[0] = w("most.tied", share=shares[0])
        text += f" ({', '.join(shares)})"
    if undivided and part.rounding is None:
        text += w("most.no_rounding")
    return text


def trick_name(position: int, w: RuleWords) -> str:
    """``the last trick``, ``the third trick from the end``, ``the first trick``."""
    if position == -1:
        return w("trick.last")
    if position == -2:
        return w("trick.penultimate")
    if position < 0:
        return w("trick.from_end", ordinal=w.ordinal(-position))
    return w("trick.nth", ordinal=w.ordinal(position))


# --------------------------------------------------------------------------
# Totals


def total_text(spec: m.Spec, contract: m.Contract, counts: tuple[int, ...], w: RuleWords) -> str:
    """The hand total for each count, with what makes it vary.  The all or
    nothing and moon swings are left out: the points already say them."""
    texts: dict[int, str] = {}
    notes: dict[str, list[int]] = {}
    for n in counts:
        rules = contract.rules_for(n)
        deck = dealt_cards(spec, n)
        total = hand_totals(rules, n, deck, aside=spec.aside(n))
        texts[n] = w.range(total.min, total.max)
        for note in (*_notes(rules, n, deck, w), *total.problems):
            if not note.startswith(("all or nothing makes", "shoot the moon makes")):
                notes.setdefault(note, []).append(n)
    text = by_count(w, texts)
    extra = [note if len(ns) == len(counts) else w("with_players.note", players=players_text(w, ns), note=note)
             for note, ns in notes.items()]
    if extra:
        text += " (" + "; ".join(extra) + ")"
    return text + "."


def _notes(rules: m.Rules, players: int, deck: frozenset[int], w: RuleWords) -> list[str]:
    """What makes a hand total vary: how many tie for the most of one
    suit, how many tricks each player takes (``+10 for no trick``), the
    trump suit."""
    notes = []
    for part in most_parts(rules.scoring):
        shares = tie_totals(part, players)
        if len(set(shares.values())) > 1:
            usual = shares[1]
            grouped = _grouped(shares)
            others = [w("note.ties.when", value=w.value(total), counts=w.join([str(k) for k in ks], "or"))
                      for total, ks in grouped.items() if total != usual]
            notes.append(w("note.ties", cases=", ".join([*others, w("note.ties.otherwise", value=w.value(usual))])))
    tricks = len(deck) // players
    by_tricks = tricks_taken_totals(tricks_taken_values(rules.scoring, tricks), players, tricks)
    if len(by_tricks) > 1:
        notes.append(w("note.tricks", totals=w.join([w.value(v) for v in sorted(by_tricks)], "or")))
    suits = trump_choices(rules, None)
    if len(suits) > 1:
        by_suit = {suit: _without_ties(rules, players, deck, suit) for suit in suits}
        if len(set(by_suit.values())) > 1:
            notes.append(w("note.trump", cases=", ".join(
                w("note.trump.with", value=w.value(total), suits=" ".join(C.suit_symbol(s) for s in ss))
                for total, ss in _grouped(by_suit).items())))
    return notes


def _without_ties(rules: m.Rules, players: int, deck: frozenset[int], trump: int | None) -> int:
    """Every value handed out once with ``trump``, leaving out Ravage City parts."""
    return value_sum(rules, players, deck, trump) - sum(part.value for part in most_parts(rules.scoring))


def _grouped(by_key: Mapping[Any, int]) -> dict[int, list[Any]]:
    grouped: dict[int, list[Any]] = {}
    for key, value in by_key.items():
        grouped.setdefault(value, []).append(key)
    return dict(sorted(grouped.items()))


__all__ = ["contract_lines", "domino_text", "play_sentences", "play_text", "points_text", "role_of", "rule_sets",
           "rule_summary", "total_text", "trick_name"]
