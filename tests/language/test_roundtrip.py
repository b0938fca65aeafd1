"""The printer writes a model back as spec text that reads to an equal
model: ``parse(print(m)) == m``, for bundled specs and for random ones."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from barbu_dsl import SpecError, UsageError
from barbu_dsl import cards as C
from barbu_dsl.language import load_spec, parse_spec, print_file, print_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.printer import quote
from barbu_dsl.language.rules import build, clause_text, clauses, rules_text
from barbu_dsl.resources import bundled_spec_names


@pytest.mark.parametrize("name", bundled_spec_names())
def test_bundled_specs_round_trip(name: str) -> None:
    spec = load_spec(name)
    assert parse_spec(print_spec(spec)) == spec
    for overlay in spec.overlays:
        applied = load_spec(f"{name}+{overlay.name}")
        assert parse_spec(print_spec(applied)) == applied


@pytest.mark.parametrize("name", bundled_spec_names())
def test_print_is_idempotent(name: str) -> None:
    text = print_spec(load_spec(name))
    assert print_spec(parse_spec(text)) == text


# ---- random models --------------------------------------------------------------

values = st.integers(-99, 99).filter(bool)  # a part worth 0 scores nothing and is refused
safe_ranks = st.integers(4, 14)  # never removed by the default decks
suits = st.sampled_from(C.SUITS)
safe_cards = st.builds(C.card, safe_ranks, suits)
general = st.one_of(st.builds(m.SuitCards, suits), st.builds(m.RankCards, safe_ranks), st.just(m.AllCards()),
                    st.builds(lambda cs: m.CardSet(tuple(sorted(set(cs)))), st.lists(safe_cards, min_size=1,
                                                                                   max_size=3)))
trick_parts = st.one_of(
    st.builds(m.PerTrick, values),
    st.builds(m.PerCard, values, general),
    st.builds(m.PerCard, values, st.builds(m.OneCard, safe_cards)),
    st.builds(m.TrickAt, values, st.sampled_from([1, 2, 3, -1, -2])),
    st.builds(m.MostOfOneSuit, values, st.just("split"), st.sampled_from([None, "down", "up", "nearest"])),
    st.builds(m.MostOfOneSuit, values, st.just("full")),
)
mechanics = st.lists(st.one_of(
    st.just(m.Inverted()), st.builds(m.NoLead, suits, st.sampled_from(["every", "opening", "until-broken"])),
    st.builds(m.Leads, safe_cards), st.builds(m.NotOnFirstTrick, st.one_of(general, st.just(m.PointCards()))),
    st.builds(m.ShedWhenSafe, st.one_of(st.builds(m.OneCard, safe_cards), st.builds(m.RankCards, safe_ranks))),
    st.just(m.AllOrNothing()), st.just(m.PlayEveryTrick()),
), max_size=4)


@st.composite
def trick_rules(draw: st.DrawFn) -> m.Rules:
    groups = draw(st.lists(st.lists(trick_parts, min_size=1, max_size=3), min_size=1, max_size=3))
    extra = draw(mechanics)
    if draw(st.booleans()):
        extra = [m.TrumpsClause(draw(st.one_of(st.none(), suits))), *extra]
        extra += [c for c, keep in ((m.MustWinWithTrump(), draw(st.booleans())),
                                    (m.MustOvertrump(), draw(st.booleans()))) if keep]
    clause_groups = [[(p, 0) for p in g] for g in groups]
    clause_groups[-1].extend((c, 0) for c in extra)
    built, _problems = build(tuple(tuple(g) for g in clause_groups))
    if built is None:
        assume(False)
    return built  # type: ignore[return-value]


@st.composite
def domino_rules(draw: st.DrawFn, players: int) -> m.Rules:
    play = m.DominoPlay(draw(st.one_of(st.just("chosen"), st.just("first-card"), safe_ranks)), draw(st.booleans()))
    placings = m.Placings(tuple(draw(st.lists(st.integers(-99, 99), min_size=players, max_size=players)
                                     .filter(any))))
    return m.Rules(play, m.Scoring(((placings,),)))


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1,
                max_size=12).map(str.strip).filter(bool)


@st.composite
def specs(draw: st.DrawFn) -> m.Spec:
    players = draw(st.sampled_from([(4,), (3, 4, 5), (3, 4, 5, 6, 7), (4, 6)]))
    contract_names = draw(st.lists(names, min_size=1, max_size=4, unique_by=m.sounds_key))  # alike names are refused
    contracts = []
    for name in contract_names:
        rules = draw(domino_rules(players[0])) if len(players) == 1 and draw(st.booleans()) else draw(trick_rules())
        description = draw(st.one_of(st.none(), names))
        told = draw(st.lists(st.tuples(st.sampled_from(["it", "fr", "pt"]), names), max_size=3,
                             unique_by=lambda pair: pair[0])) if description else []
        contracts.append(m.Contract(name, rules, description=description,
                                    descriptions=tuple(sorted(told, key=lambda pair: ["it", "fr", "pt"].index(pair[0])))))
    chooser = draw(st.sampled_from(["declarer-series", "rotating", "dealer", "fixed-order"]))
    order = tuple(draw(st.permutations(contract_names)))
    if chooser == "rotating":  # a rotating chooser draws from a part of the contracts (docs/rules.md 3)
        order = order[: draw(st.integers(0, len(contract_names)))]
    elif draw(st.booleans()):  # the others play every contract (docs/rules.md 2 variant 2)
        order = ()
    rotating = chooser == "rotating"  # modes and a number of contracts are for a rotating chooser only
    game = m.Game(
        aim=draw(st.sampled_from(["highest", "lowest"])), chooser=chooser,
        first_lead=draw(st.sampled_from(["declarer", "left"])),
        mode=draw(st.sampled_from(["classic", "random", "individual-random", "custom"])) if rotating else "custom",
        contracts_per_game=draw(st.one_of(st.none(), st.integers(1, len(order) or len(contract_names))))
        if rotating else None,
        # a fixed order with 'hands' is played once: at most as many hands as it has contracts (rules.md 2)
        hands=draw(st.one_of(st.none(), st.integers(1, len(order or contract_names) if chooser == "fixed-order"
                                                    else 40))), order=order,
    )
    doubling = m.Doubling(allowed=False)  # without doubling its options are the defaults
    if draw(st.booleans()):
        whom = draw(st.sampled_from(["anyone", "declarer-only"]))
        doubling = m.Doubling(  # 'positive: anyone' is refused with 'whom: declarer-only', and a minimum
            whom=whom,          # no declarer's hands can reach (rules.md 2, Doubling)
            positive_declarer_only=True if whom == "declarer-only" else draw(st.booleans()),
            redouble=draw(st.booleans()),
            undoubled=draw(st.sampled_from(["played", "not-played"])), minimum=draw(st.integers(0, 1)),
        )
    overlays = []
    for index, overlay_name in enumerate(draw(st.lists(names, max_size=3, unique=True))):
        target = contracts[index % len(contracts)]
        first_group = clauses(target.rules)[0]
        change = draw(st.sampled_from([
            m.ContractChange(target.name, "drop"),
            m.ContractChange(target.name, "patch", remove=(first_group[:1],), add=((m.PerTrick(-1),),)),
            m.ContractChange(draw(names), "set", contract=m.Contract("x", draw(trick_rules()))),
        ]))
        if change.action == "set":
            change = m.ContractChange(change.name, "set", contract=m.Contract(change.name, change.contract.rules))
        settings_ = draw(st.sampled_from([(), (("game.aim", "lowest"),), (("doubling.allowed", False),),
                                          *([(("game.chooser", "dealer"), ("doubling.whom", "declarer-only"))]
                                            if doubling.positive_declarer_only else [])]))
        overlays.append(m.Overlay(overlay_name, draw(st.sampled_from(["variant", "scale"])),
                                  draw(st.one_of(st.just(""), names)), settings_, (change,)))
    overlays.sort(key=lambda o: o.kind != "variant")  # a spec lists its variants, then its scales
    header = "\n".join(draw(st.lists(names, max_size=3)))
    return m.Spec(
        name=draw(names), title=draw(names), players=players,
        removed=tuple((n, tuple(sorted(C.default_removals(n)))) for n in players), game=game,
        doubling=doubling, contracts=tuple(contracts), overlays=tuple(overlays), header=header,
        description=draw(st.one_of(st.just(""), names)),
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(specs())
def test_parse_print_round_trip(spec: m.Spec) -> None:
    text = print_spec(spec)
    assert parse_spec(text) == spec, text


# ---- house files -------------------------------------------------------------------

TOURNAMENT = load_spec("tournament")


@st.composite
def house_texts(draw: st.DrawFn) -> str:
    """A house file on the tournament: some of its variants applied, some
    settings, contracts replaced, patched, dropped or added, perhaps a
    variant of its own; written loosely, not in canonical form."""
    lines = [f"#{line}" for line in draw(st.lists(names, max_size=2))]
    lines.append("extends: tournament")
    applied = draw(st.lists(st.sampled_from([o.name for o in TOURNAMENT.overlays]), unique=True, max_size=3))
    if applied:
        lines.append("apply: [" + ", ".join(applied) + "]")
    if draw(st.booleans()):
        lines.append(f"name: {quote(draw(names))}")
    if draw(st.booleans()):
        lines.append(f"description: {quote(draw(names))}")
    lines += draw(st.sampled_from([[], ["game: {aim: lowest}"], ["doubling: false"],
                                   ["doubling: {whom: declarer-only}", "game:\n  chooser: dealer"]]))
    changes = []
    for contract in draw(st.lists(st.sampled_from(TOURNAMENT.contracts), unique_by=lambda c: c.name, max_size=3)):
        name = quote(contract.name)
        action = draw(st.sampled_from(["set", "patch", "drop"]))
        if action == "drop":
            changes.append(f"  {name}:")
        elif action == "set":
            changes.append(f"  {name}: {quote(rules_text(draw(trick_rules())))}")
        else:
            first = clause_text(clauses(contract.rules)[0][0])
            changes.append(f"  {name}:\n    remove: {quote(first)}\n    add: −1 per trick")
    if draw(st.booleans()):
        changes.append(f"  {quote(draw(names))}: {quote(rules_text(draw(trick_rules())))}")
    if changes:
        lines += ["contracts:", *changes]
    if draw(st.booleans()):
        lines += ["scales:", f"  {quote(draw(names))}:", "    contracts:", "      No tricks: −3 per trick"]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(house_texts())
def test_house_file_round_trip(text: str) -> None:
    """``barbu fmt`` of a house file keeps it a house file: the printed text
    reads back to the same spec with the same extends, apply and changes,
    and printing is idempotent."""
    try:
        spec = parse_spec(text)
    except (SpecError, UsageError):
        assume(False)
    printed = print_file(spec)
    again = parse_spec(printed)
    assert again == spec, printed
    assert again.extends is not None and spec.extends is not None
    assert (again.extends.base, again.extends.apply, again.extends.declares) == \
        (spec.extends.base, spec.extends.apply, spec.extends.declares)
    assert again.extends.changes is not None and spec.extends.changes is not None
    assert sorted(again.extends.changes.settings) == sorted(spec.extends.changes.settings)
    assert again.extends.changes.contracts == spec.extends.changes.contracts
    assert print_file(again) == printed
    assert parse_spec(print_spec(spec)) == spec  # --flatten reads back to the same rules


def test_house_file_is_printed_as_itself() -> None:
    text = ("# Our club\n\nextends: tournament\napply: [ravage-city]\nname: our-club\ndoubling: false\n"
            "contracts:\n  No hearts: {remove: −2 per ♥, add: −3 per ♥}\n  Domino: null\n")
    spec = parse_spec(text)
    assert print_file(spec) == text
    flat = print_spec(spec)
    assert "extends" not in flat and "applied: [ravage-city]" in flat and flat.startswith("# Our club\n")
