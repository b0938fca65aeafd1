"""A game told in words: players and decks, the aim, who chooses each
contract and when, doubling and what a game adds up to (docs/rules.md
sections 2, 3 and 6: schedules, seating, packs, redoubles)."""

from __future__ import annotations

from .. import cards as C
from ..compiled import GamePlan, game_plan, nothing_chosen, plays_out
from ..language import model as m
from ..language.decks import outside_pack
from ..language.rules import value_text
from ..verifier import CountReport
from .contract import role_of, rule_sets
from .words import RuleWords, by_count, players_text


def header_lines(spec: m.Spec, counts: tuple[int, ...], reports: dict[int, CountReport], w: RuleWords) -> list[str]:
    """The title, the spec's description and its overlays', then the game."""
    title = spec.title_in(w.language)
    out = [title, "=" * len(title)]
    if spec.description:
        out.append(description_text(spec, counts, w))
    for name in spec.applied:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            continue
        out.append(w("with_overlay", name=name, text=overlay.description_in(w.language)) if overlay.description
                   else w("with_overlay.bare", name=name))
    out.append("")
    out.append(w("players_line", players=players_text(w, counts), decks=decks_text(spec, counts, w)))
    if any(spec.widow_size(n) for n in counts):
        out.append(w("discards" if spec.leftover == "dealer discards" else "widow", text=widow_text(spec, counts, w)))
    if any(isinstance(rules.play, m.TrickPlay) and not plays_out(rules)
           for c in spec.contracts for rules in rule_sets(c, counts)):
        out.append(w("early_end"))
    out.append(w(f"aim.{spec.game.aim}"))
    out.append(w("who_chooses", text=chooser_text(spec, counts, w)))
    if spec.game.choose_after is not None:
        out.append(w("choose_after", count=spec.game.choose_after))
    if spec.passing.on:
        out.append(w("passing", text=passing_text(spec, w)))
    if spec.redeal.on:
        out.append(w("redeal", text=redeal_text(spec, w)))
    out.append(w("doubling", text=doubling_text(spec, w)))
    out.append(w("hand_totals", text=sums_text(reports, w, one=nothing_chosen(spec))))
    return out


def description_text(spec: m.Spec, counts: tuple[int, ...], w: RuleWords) -> str:
    """The spec's description in the reader's language; where the spec
    gives it only in English, the same facts said in that language (its
    players, its contracts and its aim), never the English text."""
    if w.language == "en" or w.language in dict(spec.descriptions):
        return spec.description_in(w.language)
    names = [c.name_in(w.language) for c in spec.contracts]
    return w(f"about.{spec.game.aim}", players=players_text(w, counts), contracts=w.count(len(names), "contract"),
             names=w.join(names))


def decks_text(spec: m.Spec, counts: tuple[int, ...], w: RuleWords) -> str:
    """``All 52 cards are dealt (13 each)``, or for each count what it removes."""
    parts = []
    outside = outside_pack(spec.pack_low)
    for n in counts:
        try:
            removed = sorted(spec.removed_for(n))
        except KeyError:
            removed = []
        each = w("deck.each", n=(52 - len(removed)) // n)
        pack = 52 - len(outside)
        removed = [c for c in removed if c not in outside]
        if outside and not removed:
            text = w("deck.pack_all", size=pack, each=each)
        elif not removed:
            text = w("deck.all", each=each)
        elif len(removed) == 1:
            text = w("deck.one_removed", card=w.the_card(removed[0]), each=each)
        else:
            text = w("deck.removed", cards=w.cards(removed), each=each)
        parts.append(text if len(counts) == 1 else w("deck.with_count", n=n, text=text))
    text = "; ".join(parts)
    if outside:
        text = w("deck.pack", size=52 - len(outside), low=C.rank_str(spec.pack_low)) + text
    return w.capital(text)


def chooser_text(spec: m.Spec, counts: tuple[int, ...], w: RuleWords) -> str:
    """Who chooses each hand's contract, who leads, and how long a game is."""
    game = spec.game
    plans = {n: game_plan(spec, n) for n in counts}
    plan = plans[counts[0]]
    names = w.join([c.name_in(w.language) for c in plan.round])
    side = w.side(game.direction)
    role = w.role(role_of(spec))
    text = _who_chooses(spec, plan, names, side, w)
    if game.first_declarer is not None:
        verb = "chooses" if role_of(spec) == "chooser" else "declares"
        text += " " + w(f"first_declarer.{verb}", card=w.the_card(game.first_declarer))
    if game.direction == "anticlockwise":
        text += " " + w("anticlockwise")
    if plan.chooser == "rotating" and plan.draw == "none" and game.mode == "classic":
        text += " " + w("mode.classic", names=names)
    elif plan.draw != "none":
        text += " " + w(f"mode.random.{plan.draw}", contracts=w.count(plan.per_player, "contract"), names=names)
    text += " " + _first_lead_text(spec, plan, role, w)
    if game.target is not None:
        text += " " + _target_text(game, plans, w)
    else:
        text += " " + _hands_text(game.hands if isinstance(game.hands, int) else None, plans, w)
    if game.pot:  # docs/rules.md section 6, "A pot"
        text += " " + w("pot")
    text += "".join(" " + _reset_text(exactly, to, w) for exactly, to in game.reset)
    return text + "".join(" " + _payout_text(count, amounts, len(game.payout) > 1, w) for count, amounts in game.payout)


def _who_chooses(spec: m.Spec, plan: GamePlan, names: str, side: str, w: RuleWords) -> str:
    """Who chooses each hand's contract: nobody in a game of one contract
    that names nothing (Hearts), else as the schedule says."""
    if nothing_chosen(spec):
        return w("chooser.one", name=names)
    if plan.chooser == "declarer-series":
        return w("chooser.series", times=_times_text(plan, w), side=side)
    if plan.chooser == "rotating" and plan.lists == "shared":
        return w("chooser.shared", side=side, shared=_shared_text(plan, w))
    if plan.chooser == "rotating":
        return w("chooser.rotating", side=side)
    if plan.chooser == "dealer":
        return w("chooser.dealer")
    if plan.chooser == "fixed-series":
        return w("chooser.fixed_series", names=names, side=side)
    return w("chooser.fixed_order", names=names)


def _payout_text(players: int, amounts: tuple[int, ...], by_count: bool, w: RuleWords) -> str:
    """``At the end of the game each player receives by their place: first
    +3, second +1, third −1, fourth −3.`` (docs/rules.md section 6,
    "Payments by place"), said for a player count when they differ."""
    places = ", ".join(w("payout.place", place=place + 1, amount=value_text(amount))
                       for place, amount in enumerate(amounts))
    return w("payout.by_count" if by_count else "payout", players=players, places=places)


def _reset_text(exactly: int, to: int, w: RuleWords) -> str:
    """``A player whose total is exactly 100 at the end of a hand goes back
    to 0.`` (docs/rules.md section 6, "Running totals")."""
    return w("reset", exactly=str(exactly).replace("-", "−"), to=str(to).replace("-", "−"))


def _target_text(game: m.Game, plans: dict[int, GamePlan], w: RuleWords) -> str:
    """``A game ends at the end of the hand in which a player's total
    reaches 100 or more.``, and the hands that end it first, if any
    (docs/rules.md section 6, "A target score")."""
    assert game.target is not None
    target = str(game.target).replace("-", "−")
    text = w("game_to.up" if game.target > 0 else "game_to.down", target=target)
    known = {n: plan.known_hands for n, plan in plans.items() if plan.known_hands is not None}
    if not known:
        return text
    hands = by_count(w, {n: w.count(number, "hand") for n, number in known.items()})
    return text + " " + w("game_to.or_hands", hands=hands)


def _first_lead_text(spec: m.Spec, plan: GamePlan, role: dict[str, str], w: RuleWords) -> str:
    """Who leads to the first trick: the game's setting, except in the
    contracts whose rules name a card whose holder leads it (and in domino,
    where the chooser moves first)."""
    lead = spec.game.first_lead
    rules = [r for c in _distinct(plan.pool) for r in rule_sets(c, spec.players)]
    tricks = [r for r in rules if isinstance(r.play, m.TrickPlay)]
    by_card = [r for r in tricks if r.play.opening_card is not None]  # type: ignore[union-attr]
    cards = {r.play.opening_card for r in by_card}  # type: ignore[union-attr]
    if tricks and len(by_card) == len(tricks) and len(cards) == 1:  # Hearts: the holder of the 2♣
        text = w("lead.card", card=w.the_card(cards.pop()))  # type: ignore[arg-type]
    elif tricks and len(by_card) == len(tricks):
        text = w("lead.by_card")
    else:
        side = w(f"side.{lead}") if lead != "declarer" else ""
        text = w.capital(w("lead.role" if lead == "declarer" else "lead.side", side=side, **role))
        if by_card:
            named = w.join([c.name_in(w.language) for c in _distinct(plan.pool)
                            if any(r in by_card for r in rule_sets(c, spec.players))])
            text += w("lead.except", contracts=named)
    domino = any(r.is_domino for r in rules)
    return text + (w("lead.domino", **role) if domino else ".")


def _times_text(plan: GamePlan, w: RuleWords) -> str:
    """``once``, or which contracts are played more often."""
    more = [w("name_times", name=c.name_in(w.language), times=w.times(c.times))
            for c in _distinct(plan.pool) if c.times > 1]
    return w.times(1) if not more else w("once_but", list=w.join(more))


def _shared_text(plan: GamePlan, w: RuleWords) -> str:
    """What a shared list holds: ``No tricks twice, ..., Trumps 8 times: each
    player chooses Trumps twice``."""
    items = [w("name_times", name=c.name_in(w.language), times=w.times(c.times_played(plan.players)))
             for c in _distinct(plan.pool)]
    text = w("shared.list", hands=w.count(plan.per_player, "hand"), items=w.join(items))
    owed = [w("name_times", name=c.name_in(w.language), times=w.times(c.times))
            for c in _distinct(plan.pool) if c.times_each]
    if owed:
        text += w("shared.owed", items=w.join(owed))
    return text


def _distinct(contracts: tuple[m.Contract, ...]) -> list[m.Contract]:
    seen: list[m.Contract] = []
    for contract in contracts:
        if contract not in seen:
            seen.append(contract)
    return seen


def _hands_text(hands: int | None, plans: dict[int, GamePlan], w: RuleWords) -> str:
    """``A game is 28 hands (7 for each player).``, from the game plan;
    ``hands``: the number the spec sets for every count, if it does."""
    if hands is not None:
        return w("game_is", hands=w.count(hands, "hand"))
    if len(plans) == 1:
        plan = next(iter(plans.values()))
        each = plan.hands_per_player
        key = "game_is.each" if each else "game_is"
        return w(key, hands=w.count(plan.hands, "hand"), each=each)
    each_counts = {plan.hands_per_player for plan in plans.values()}
    each = each_counts.pop() if len(each_counts) == 1 else None
    if each is not None:
        return w("game_is.for_each", hands=w.count(each, "hand"))
    return w("game_is.list", list=w.join([w("with_n_players.text", text=w.count(plan.hands, "hand"), n=n)
                                          for n, plan in plans.items()]))


def passing_text(spec: m.Spec, w: RuleWords) -> str:
    """Cards passed before play (docs/rules.md section 6, Passing): how
    many, and where they go hand after hand (once the contract is announced,
    or once the cards are dealt in a game where nothing is announced)."""
    passing = spec.passing
    key = "passing.text.dealt" if nothing_chosen(spec) else "passing.text"
    return w(key, count=passing.cards, cycle=", ".join(w(f"passing.{d}") for d in passing.cycle))


def redeal_text(spec: m.Spec, w: RuleWords) -> str:
    """When a deal is void and dealt again (docs/rules.md section 6, Misdeals)."""
    redeal = spec.redeal
    when = []
    if redeal.above == m.HONOURS_ABOVE:
        when.append(w("redeal.honour"))
    elif redeal.above is not None:
        when.append(w("redeal.above", rank=w.the_rank(redeal.above)))
    if redeal.trump:
        when.append(w("redeal.trump"))
    return w("redeal.text", when=w.join(when, "or"), limit=redeal.limit)


def widow_text(spec: m.Spec, counts: tuple[int, ...], w: RuleWords) -> str:
    """The cards left over dealt to a widow (docs/rules.md section 6, Packs,
    decks and player counts): how many for each count, and where it goes."""
    sizes = ", ".join(w("widow.size", count=spec.widow_size(n), n=n) for n in counts if spec.widow_size(n))
    ruling = {"widow aside": "aside", "dealer discards": "discard"}.get(spec.leftover, "first_trick")
    return w(f"widow.{ruling}", sizes=sizes)


def doubling_text(spec: m.Spec, w: RuleWords) -> str:
    """Who may double whom, redoubles, the settlement, the advisory
    minimum and the not-played variant (docs/rules.md section 2)."""
    d = spec.doubling
    if not d.allowed:
        return w("doubling.none")
    role = w.role(role_of(spec))
    side = w.side(spec.game.direction)
    targets = w("doubling.anyone") if d.whom == "anyone" else role["the_role"]
    first = d.first == "declarer"
    text = w("doubling.round_declarer_first" if first else "doubling.round", side=side, targets=targets, **role)
    if not d.redouble:
        text += " " + w.capital(w("doubling.no_redouble", **role))
    elif first:
        text += " " + w.capital(w("doubling.redouble_last", **role))
    elif d.whom == "anyone":
        text += " " + w.capital(w("doubling.redouble", **role))
    else:
        text += " " + w.capital(w("doubling.redouble_covers", **role))
    if d.redouble == "anyone":
        text += " " + w("doubling.redouble_anyone")
    if d.positive_declarer_only and d.whom == "anyone":
        text += " " + w("doubling.positive", **role)
    text += " " + w("doubling.settlement")
    if d.minimum and d.per == "rubber":
        text += " " + w("doubling.minimum.rubber", times=w.times(d.minimum), **role)
    elif d.minimum:
        series = w("doubling.series", **role) if spec.game.chooser == "declarer-series" else w("doubling.in_a_game")
        text += " " + w("doubling.minimum", times=w.times(d.minimum), series=series, **role)
    if d.undoubled == "not-played":
        text += " " + w("doubling.not_played", **role)
    return text


def sums_text(reports: dict[int, CountReport], w: RuleWords, one: bool = False) -> str:
    """What a whole game adds up to (the verifier's game total), and whether
    a score sheet can check it: not when the players' choices or a draw
    decide which contracts some hands play.  A game to a target score is
    told per deal: what one hand adds up to (docs/rules.md section 6).
    ``one``: a game of one contract, whose hands add up (not its contracts)."""
    one_ = ".one" if one else ""
    if any(report.per_deal for report in reports.values()):
        if all(report.zero_sum for report in reports.values()):
            return w("sums.per_deal_zero")
        texts = {n: w.range(report.sum_min, report.sum_max) for n, report in reports.items()}
        return w("sums.per_deal", total=by_count(w, texts))
    if all(report.zero_sum for report in reports.values()):
        return w("sums.zero" + one_)
    texts = {n: w.range(report.sum_min, report.sum_max) for n, report in reports.items()}
    text = w("sums.total" + one_, total=by_count(w, texts))
    open_ = [report for report in reports.values() if report.picks and report.sum_min != report.sum_max]
    if not open_:
        return text + "."
    drawn = any(pick.drawn for report in open_ for pick in report.picks)
    chosen = any(not pick.drawn for report in open_ for pick in report.picks)
    deciders = w.join([*([w("sums.chosen")] if chosen else []), *([w("sums.drawn")] if drawn else [])])
    return text + w("sums.depends", deciders=deciders)


__all__ = ["chooser_text", "decks_text", "doubling_text", "header_lines", "passing_text", "redeal_text", "sums_text",
           "widow_text"]
