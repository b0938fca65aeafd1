"""A contract described at the table, in the player's language.

Short lines, read from the model's clauses (:func:`~barbu_dsl.language.rules.clauses`):
how it is played (tricks with or without trumps, domino and its start),
its points group by group, each extra rule (trump duties, lead bans,
first-trick bans, shedding, forced discards, domino aces and endings, all
or nothing, shooting the moon), its twin,
the hand total (:func:`~barbu_dsl.compiled.hand_totals`) and the spec's own
description, as the spec writes it.  ``barbu explain`` says the same at
more length, in English.
"""

from __future__ import annotations

from ..compiled import hand_totals
from ..language import model as m
from ..language.rules import clauses
from .speech import Speech

_TRICK_WORDS = {1: "first", 2: "second", 3: "third", -1: "last", -2: "penultimate"}


def describe(spec: m.Spec, contract: m.Contract, players: int, say: Speech) -> list[str]:
    """The lines that describe ``contract`` for ``players`` players."""
    rules = contract.rules_for(players)
    lines = [_play(contract.name, rules.play, say)]
    groups: list[str] = []
    rule_lines: list[str] = []
    for group in clauses(rules):
        parts = []
        for clause in group:
            text = _part(clause, say)
            if text is not None:
                parts.append(text)
            else:
                rule = _rule(clause, say)
                if rule is not None:
                    rule_lines.append(rule)
        if parts:
            groups.append(", ".join(parts))
    if groups:
        lines.append(say("table.describe.points", parts="; ".join(groups)))
    lines.extend(rule_lines)
    if contract.twin:
        lines.append(say("table.describe.twin", twin=contract.twin))
    totals = hand_totals(rules, players, spec.deck_for(players)).totals
    lines.append(say("table.describe.total", total=say.either([say.points(v) for v in totals])))
    if contract.description:
        lines.append(say("table.describe.note", text=contract.description))
    return lines


def _play(name: str, play: m.Play, say: Speech) -> str:
    if isinstance(play, m.DominoPlay):
        if play.start == "chosen":
            text = say("table.describe.domino.chosen", name=name)
        elif play.start == "first-card":
            text = say("table.describe.domino.first", name=name)
        else:
            text = say("table.describe.domino.fixed", name=name, rank=say.rank(play.start))
        return text + (" " + say("table.rule_text.aces_low") if play.aces_low else "")
    if play.trumps is None:
        return say("table.describe.no_trumps", name=name)
    if play.trumps.suit is None:
        return say("table.describe.trumps.named", name=name)
    return say("table.describe.trumps.fixed", name=name, suit=say.suit(play.trumps.suit))


def _part(clause: m.Clause, say: Speech) -> str | None:  # noqa: C901 -- one description a kind of scoring part
    """A scoring part in words, or None for a clause that is not one."""
    if isinstance(clause, m.PerTrick):
        return say("table.part.per_trick", value=say.points(clause.value))
    if isinstance(clause, m.NoTrick):
        return say("table.part.no_trick", value=say.points(clause.value))
    if isinstance(clause, m.NoCards):
        return say("table.part.no_cards", value=say.points(clause.value), cards=_cards(clause.cards, say))
    if isinstance(clause, m.AllTricks):
        key = "table.part.all_tricks.instead" if clause.instead else "table.part.all_tricks"
        return say(key, value=say.points(clause.value))
    if isinstance(clause, m.PerCard):
        value = say.points(clause.value)
        cards = clause.cards
        if isinstance(cards, m.OneCard):
            return say("table.part.one_card", value=value, card=say.card(cards.card))
        if isinstance(cards, m.RankCards):
            return say("table.part.per_rank", value=value, rank=say.rank(cards.rank))
        if isinstance(cards, m.SuitCards):
            return say("table.part.per_suit", value=value, suit=say.suit(cards.suit))
        if isinstance(cards, m.CardSet):
            return say("table.part.per_set", value=value, cards=say.join([say.card(c) for c in cards.cards]))
        if isinstance(cards, m.TrumpCards):
            return say("table.part.per_trump", value=value)
        return say("table.part.per_card", value=value)
    if isinstance(clause, m.TrickAt):
        value = say.points(clause.value)
        if clause.position in _TRICK_WORDS:
            return say(f"table.part.trick.{_TRICK_WORDS[clause.position]}", value=value)
        if clause.position > 0:
            return say("table.part.trick.n", value=value, n=clause.position)
        return say("table.part.trick.from_end", value=value, n=-clause.position)
    if isinstance(clause, m.Spread):
        value = say.points(clause.value)
        if clause.cards is None:
            return say("table.part.spread.tricks", value=value)
        return say("table.part.spread.cards", value=value, cards=_cards(clause.cards, say))
    if isinstance(clause, m.Placings):
        return say("table.part.placings", values=", ".join(say.points(v) for v in clause.values))
    if isinstance(clause, m.MostOfOneSuit):
        key = "table.part.most.full" if clause.ties == "full" else "table.part.most.split"
        return say(key, value=say.points(clause.value))
    return None


def _cards(cards: m.Cards, say: Speech) -> str:
    """A set of cards a rule names, in words."""
    if isinstance(cards, m.OneCard):
        return say.card(cards.card)
    if isinstance(cards, m.CardSet):
        return say.join([say.card(c) for c in cards.cards])
    if isinstance(cards, m.RankCards):
        return say("table.cards.rank", rank=say.rank(cards.rank))
    if isinstance(cards, m.SuitCards):
        return say("table.cards.suit", suit=say.suit(cards.suit))
    if isinstance(cards, m.TrumpCards):
        return say("table.cards.trumps")
    if isinstance(cards, m.PointCards):
        return say("table.cards.points")
    return say("table.cards.any")


def _rule(clause: m.Clause, say: Speech) -> str | None:
    """An extra rule in words, or None for a clause said elsewhere."""
    if isinstance(clause, m.NoLead):
        return say(f"table.rule_text.lead.{clause.scope}", suit=say.suit(clause.suit))
    if isinstance(clause, m.Breaks):
        return say("table.rule_text.breaks", card=say.card(clause.card), suit=say.suit(clause.suit))
    if isinstance(clause, m.Leads):
        return say("table.rule_text.leads", card=say.card(clause.card))
    if isinstance(clause, m.NotOnFirstTrick):
        return say("table.rule_text.first_trick", cards=_cards(clause.cards, say))
    if isinstance(clause, m.ShedWhenSafe):
        return say("table.rule_text.shed", cards=_cards(clause.cards, say))
    if isinstance(clause, m.DiscardWhenVoid):
        return say("table.rule_text.discard_when_void", cards=_cards(clause.cards, say))
    fixed = {m.MustWinWithTrump: "must_win", m.MustOvertrump: "overtrump", m.MustTrump: "must_trump",
             m.Inverted: "inverted", m.PlayEveryTrick: "play_every_trick", m.AllOrNothing: "all_or_nothing",
             m.ShootTheMoon: "shoot_the_moon", m.AceAgain: "ace_again", m.EndsAtFirstOut: "ends_at_first_out"}
    name = fixed.get(type(clause))
    return say(f"table.rule_text.{name}") if name else None

