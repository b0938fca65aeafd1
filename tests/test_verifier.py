"""The verifier proves hand totals from the model (docs/rules.md sections 2 and 3).

Specs are built by hand here from rule lines, so that each test shows the
exact rules it checks; ``test_bundled_*`` check the bundled specs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from barbu_dsl import cards as C
from barbu_dsl.language import model as m
from barbu_dsl.language.parser import parse_line
from barbu_dsl.language.rules import build, negate
from barbu_dsl.verifier import render, verify

TOURNAMENT = {
    "No tricks": "−2 per trick",
    "No queens": "−6 per queen",
    "No last two": "−10 penultimate trick, −20 last trick",
    "No hearts": "−2 per ♥, A♥ −6, no ♥ lead",
    "Barbu": "K♥ −20, no ♥ lead",
    "Trumps": "trumps, must win with a trump, must overtrump, +5 per trick",
    "Domino": "domino, placings +45 +20 +5 −5",
}
# docs/rules.md section 2 variant 8: Mark Brader's scale, with Ravage City (variant 9).
BRADER = {
    "No tricks": "−5 per trick",
    "No queens": "−15 per queen",
    "No last two": "−10 penultimate trick, −20 last trick",
    "No hearts": "−4 per ♥, A♥ −12, no ♥ lead",
    "Barbu": "K♥ −25, no ♥ lead",
    "Trumps": "trumps, must win with a trump, must overtrump, +5 per trick",
    "Domino": "domino, placings +40 +20 0 −20",
    "Ravage City": "−36 most of one suit",
}

# docs/rules.md section 2 variant 9: Ravage City alone misses by its −36 a hand,
# −144 in a game of 32 hands where each player declares it once; the
# verifier says so, and which one changes would make the sum zero.
RAVAGE_CITY_MISS = (
    "misses by −144",
    "compared with tournament:",
    "  a game of 32 hands, not 28",
    "  Ravage City ×4 added (−144)",
    "any one of these changes makes it zero:",
    "  leave out Ravage City (tournament has none)",
    "  Domino: raise any one placing by 36 (e.g. placings +81 +20 +5 −5)",
)  # penalties turned into prizes (K♥ −20 → +16) are not suggested


def rules(line: str) -> m.Rules:
    built, problems = build(parse_line(line))
    assert built is not None, problems
    return built


def contract(name: str, line: str, **kwargs) -> m.Contract:
    return m.Contract(name, rules(line), **kwargs)


def make_spec(lines: dict[str, str], *, name: str = "test", players: tuple[int, ...] = (4,),
              removed: dict[int, tuple[int, ...]] | None = None, applied: tuple[str, ...] = (),
              order: tuple[str, ...] = (), twins: dict[str, str] | None = None) -> m.Spec:
    contracts: list[m.Contract] = []
    for contract_name, line in lines.items():
        twin = (twins or {}).get(contract_name)
        contracts.append(contract(contract_name, line, twin=twin))
        if twin:
            contracts.append(m.Contract(twin, negate(contracts[-1].rules), twin=contract_name, derived=True))
    removed = removed or {}
    return m.Spec(
        name=name, title=name, players=players,
        removed=tuple((n, removed.get(n, ())) for n in players),
        game=m.Game(order=order), doubling=m.Doubling(), contracts=tuple(contracts), applied=applied,
    )


def totals(spec: m.Spec, players: int) -> dict[str, tuple[int, int]]:
    count = verify(spec, players, explain_miss=False).count(players)
    return {t.name: (t.min, t.max) for t in count.contracts}


TOURNAMENT_SPEC = make_spec(TOURNAMENT, name="tournament")
BRADER_SPEC = make_spec(BRADER, name="tournament", applied=("brader",))


# --------------------------------------------------------------------------
# Section 2: tournament Barbu sums to zero.


def test_tournament_contract_totals_section_2():
    assert totals(TOURNAMENT_SPEC, 4) == {
        "No tricks": (-26, -26), "No queens": (-24, -24), "No last two": (-30, -30),
        "No hearts": (-30, -30), "Barbu": (-20, -20), "Trumps": (65, 65), "Domino": (65, 65),
    }


def test_tournament_sums_to_zero_section_2():
    report = verify(TOURNAMENT_SPEC)
    assert report.ok
    assert report.to_json() == {
        "spec": "tournament",
        "ok": True,
        "counts": [{
            "players": 4, "cards": 52, "tricks": 13, "hands": 28,
            "contracts": [  # a game of 28 hands: each player declares each contract once
                {"name": "No tricks", "min": -26, "max": -26, "times": 4},
                {"name": "No queens", "min": -24, "max": -24, "times": 4},
                {"name": "No last two", "min": -30, "max": -30, "times": 4},
                {"name": "No hearts", "min": -30, "max": -30, "times": 4},
                {"name": "Barbu", "min": -20, "max": -20, "times": 4},
                {"name": "Trumps", "min": 65, "max": 65, "times": 4},
                {"name": "Domino", "min": 65, "max": 65, "times": 4},
            ],
            "sum_min": 0, "sum_max": 0, "zero_sum": True, "problems": [], "miss": [],
        }],
    }


def test_other_scales_sum_to_zero_section_2_variant_8():
    # K♥ −15 with Domino +40/+20/+10/−10; Domino 30/20/10/0 with Barbu −15.
    scale_15_40 = {**TOURNAMENT, "Barbu": "K♥ −15, no ♥ lead", "Domino": "domino, placings +40 +20 +10 −10"}
    scale_30_20 = {**TOURNAMENT, "Barbu": "K♥ −15, no ♥ lead", "Domino": "domino, placings +30 +20 +10 0"}
    assert verify(make_spec(scale_15_40)).ok
    assert verify(make_spec(scale_30_20)).ok


def test_brader_misses_by_4_times_171_section_2_variant_8():
    # a round of the eight contracts misses by −171; a game is four rounds, one per declarer
    report = verify(BRADER_SPEC, base=TOURNAMENT_SPEC)
    count = report.count(4)
    assert not report.ok
    assert (count.sum_min, count.sum_max) == (-684, -684)
    assert count.miss == (
        "misses by −684",
        "compared with tournament:",
        "  a game of 32 hands, not 28",
        "  No tricks ×4 −26 → −65 (−156)",
        "  No queens ×4 −24 → −60 (−144)",
        "  No hearts ×4 −30 → −60 (−120)",
        "  Barbu ×4 −20 → −25 (−20)",
        "  Domino ×4 +65 → +40 (−100)",
        "  Ravage City ×4 added (−144)",
        "any one of these changes makes it zero:",
        "  Domino: raise any one placing by 171 (e.g. placings +211 +20 0 −20)",
    )  # a penalty turned into a prize (K♥ −25 → +146) is not suggested
    assert report.to_json()["spec"] == "tournament+brader"


def test_ravage_city_alone_misses_by_4_times_36_section_2_variant_9():
    spec = make_spec({**TOURNAMENT, "Ravage City": "−36 most of one suit"}, name="tournament",
                     applied=("ravage-city",))
    count = verify(spec, base=TOURNAMENT_SPEC).count(4)
    assert (count.sum_min, count.sum_max) == (-144, -144)
    assert count.miss == RAVAGE_CITY_MISS
    assert count.problems == ()  # 36 divides by 1, 2, 3 and 4


def test_miss_without_overlays_lists_positive_and_negative():
    spec = make_spec({"No tricks": "−2 per trick", "Trumps": "trumps, +5 per trick"})
    count = verify(spec).count(4)
    assert count.miss == (
        "misses by +156",
        "positive: Trumps ×4 +65 = +260",
        "negative: No tricks ×4 −26 = −104",
        "any one of these changes makes it zero:",
        "  No tricks: −2 per trick → −5 per trick",
        "  Trumps: +5 per trick → +2 per trick",
    )


def test_dropped_contract_is_listed():
    base = make_spec({"No tricks": "−2 per trick", "Trumps": "trumps, +5 per trick", "Barbu": "K♥ −39"})
    spec = make_spec({"No tricks": "−2 per trick", "Trumps": "trumps, +5 per trick"}, applied=("x",))
    assert verify(spec, base=base).count(4).miss == (
        "misses by +156",
        "compared with test:",
        "  a game of 8 hands, not 12",
        "  Barbu ×4 −39 dropped (+156)",
        "any one of these changes makes it zero:",
        "  put back Barbu (−39, as in test)",
        "  No tricks: −2 per trick → −5 per trick",
        "  Trumps: +5 per trick → +2 per trick",
    )


# --------------------------------------------------------------------------
# Section 3: the French family with 3 to 7 players.

FRENCH_REMOVED = {
    3: (C.card(2, C.CLUBS),),
    4: (),
    5: (C.card(2, C.CLUBS), C.card(2, C.DIAMONDS)),
    6: (C.card(2, C.CLUBS), C.card(2, C.DIAMONDS), C.card(3, C.CLUBS), C.card(3, C.DIAMONDS)),
    7: (C.card(2, C.CLUBS), C.card(2, C.DIAMONDS), C.card(3, C.CLUBS)),
}


def french(lines: dict[str, str], **kwargs) -> m.Spec:
    return make_spec(lines, players=(3, 4, 5, 6, 7), removed=FRENCH_REMOVED, **kwargs)


def test_french_decks_deal_evenly_section_3():
    report = verify(french({"Mini": "+5 per trick"}))
    assert [(c.players, c.cards, c.tricks) for c in report.counts] == [
        (3, 51, 17), (4, 52, 13), (5, 50, 10), (6, 48, 8), (7, 49, 7)]
    assert all(not c.problems for c in report.counts)


def test_per_trick_counts_the_tricks_of_each_count_section_3():
    spec = french({"No tricks": "−2 per trick"})
    assert [c.contracts[0].min for c in verify(spec).counts] == [-34, -26, -20, -16, -14]


def test_per_suit_counts_removed_cards_section_3():
    spec = french({"Without clubs": "+5 per ♣"})
    # 5 players: 2♣ removed, 12 clubs; 6 players: 2♣ 3♣ removed, 11 clubs.
    assert [c.contracts[0].min for c in verify(spec).counts] == [60, 65, 60, 55, 55]


def test_twins_cancel_section_3():
    spec = french({"Mini": "+5 per trick", "Barbu": "K♥ +60, no ♥ opening lead"},
                  twins={"Mini": "Maxi", "Barbu": "Barbier"})
    report = verify(spec)
    assert report.ok
    assert totals(spec, 3) == {"Mini": (85, 85), "Maxi": (-85, -85), "Barbu": (60, 60), "Barbier": (-60, -60)}


def test_salade_groups_add_up_section_3():
    # Mini + Without hearts + Without queens + Barbu: the K♥ and Q♥ score
    # in several groups at once.
    spec = french({"Salade": "+5 per trick; +5 per ♥; +15 per queen; K♥ +60, no ♥ opening lead"})
    assert totals(spec, 4) == {"Salade": (65 + 65 + 60 + 60,) * 2}
    # With 5 players 2♣ 2♦ are gone: 10 tricks, hearts and queens untouched.
    assert totals(spec, 5) == {"Salade": (50 + 65 + 60 + 60,) * 2}


def test_single_card_replaces_wider_part_in_group_section_2():
    spec = make_spec({"No hearts": "−2 per ♥, A♥ −6"})
    assert totals(spec, 4) == {"No hearts": (-30, -30)}


def test_named_trump_suit_depends_on_removed_cards_section_3():
    spec = french({"Trumps": "trumps, must overtrump, −5 per trump"})
    report = verify(spec)
    four = report.count(4).contracts[0]
    assert (four.min, four.max, four.notes) == (-65, -65, ())
    six = report.count(6).contracts[0]
    # 6 players: clubs and diamonds have 11 cards, hearts and spades 13.
    assert (six.min, six.max) == (-65, -55)
    assert six.notes == ("depends on the trump suit: −65 with ♥ ♠, −55 with ♣ ♦",)
    three = report.count(3).contracts[0]
    assert (three.min, three.max) == (-65, -60)


def test_fixed_trump_suit():
    spec = french({"Trumps": "trumps ♣, −5 per trump"})
    assert [c.contracts[0].totals for c in verify(spec).counts] == [(-60,), (-65,), (-60,), (-55,), (-55,)]


def test_trick_positions_section_3():
    spec = french({
        "Without the last two": "+15 penultimate trick, +45 last trick",
        "Without first": "+60 first trick",
        "Neither two first nor two last": "+15 first trick, +15 second trick, +15 penultimate trick, +15 last trick",
    })
    assert verify(spec).ok is False
    assert totals(spec, 7) == {"Without the last two": (60, 60), "Without first": (60, 60),
                               "Neither two first nor two last": (60, 60)}


def test_trick_position_beyond_the_hand_is_a_problem():
    spec = french({"Late": "+15 trick 13"})
    report = verify(spec)
    assert report.count(4).problems == ()
    assert report.count(5).problems == ("Late: there is no trick 13 when 5 players play 10 tricks",)
    assert report.count(5).contracts[0].totals == (0,)


# --------------------------------------------------------------------------
# All or nothing (section 3), shoot the moon.


def test_all_or_nothing_total_is_not_fixed_section_3():
    spec = make_spec({"Mini": "+5 per trick, all or nothing"})
    count = verify(spec).count(4)
    assert count.contracts[0].totals == (-65, 65)
    assert count.problems == ("Mini: all or nothing makes the hand total −65 or +65: it is not fixed",)
    assert (count.sum_min, count.sum_max) == (-260, 260)  # four hands of Mini, one declared by each player
    assert not count.zero_sum


def test_shoot_the_moon_total_is_not_fixed():
    spec = make_spec({"Hearts": "−1 per ♥, Q♠ −13, shoot the moon"})
    count = verify(spec).count(4)
    assert count.contracts[0].totals == (-78, -26)
    assert count.problems == ("Hearts: shoot the moon makes the hand total −78 or −26: it is not fixed",)


# --------------------------------------------------------------------------
# Placings, Ravage City ties, uneven decks.


def test_placings_must_give_one_value_per_player_section_2():
    spec = french({"Domino": "domino, placings +45 +20 +5 −5"})
    report = verify(spec)
    assert report.count(4).problems == ()
    assert report.count(5).problems == ("Domino: 4 placings for 5 players",)
    assert report.count(5).contracts[0].totals == (65,)


def test_ravage_city_split_without_rounding_section_2_variant_9():
    spec = make_spec({"Ravage City": "−36 most of one suit"}, players=(4, 5), removed={5: (0, 13)})
    count = verify(spec).count(5)
    assert count.problems == ("Ravage City: tie split −36/5 does not divide; declare a rounding",)
    # Rounded to nearest: −7.2 → −7 each, −35 when all five tie.
    assert count.contracts[0].totals == (-36, -35)
    assert count.contracts[0].notes == ("depends on how many tie: −35 when 5 tie, −36 otherwise",)


def test_every_undivided_split_is_named_section_2_variant_9():
    spec = make_spec({"Ravage City": "−36 most of one suit"}, players=(7,), removed={7: (0, 13, 1)})
    count = verify(spec).count(7)
    assert count.problems == ("Ravage City: tie splits −36/5 and −36/7 do not divide; declare a rounding",)
    assert count.contracts[0].notes == ("depends on how many tie: −35 when 5 or 7 tie, −36 otherwise",)


@pytest.mark.parametrize("rounding, five_way", [("down", -40), ("up", -35), ("nearest", -35)])
def test_ravage_city_rounding_section_2_variant_9(rounding, five_way):
    spec = make_spec({"Ravage City": f"−36 most of one suit ties split rounding {rounding}"},
                     players=(5,), removed={5: (0, 13)})
    count = verify(spec).count(5)
    assert count.problems == ()
    assert count.contracts[0].totals == tuple(sorted({-36, five_way}))


def test_rounding_nearest_is_half_away_from_zero():
    # −10/4 = −2.5 → −3 each, −12 in all; −10/3 → −3, −9 in all.
    spec = make_spec({"R": "−10 most of one suit ties split rounding nearest"})
    assert verify(spec).count(4).contracts[0].totals == (-12, -10, -9)


def test_ravage_city_full_ties():
    spec = make_spec({"R": "−24 most of one suit ties full"})
    assert verify(spec).count(4).contracts[0].totals == (-96, -72, -48, -24)


def test_uneven_deck_is_reported():
    spec = make_spec({"No tricks": "−2 per trick"}, players=(5,))
    count = verify(spec).count(5)
    assert "52 cards do not deal evenly to 5 players (2 left over)" in count.problems


def test_player_count_not_allowed_is_reported():
    count = verify(TOURNAMENT_SPEC, 3).count(3)
    assert count.problems[0] == "tournament is not played by 3 players (it allows 4)"


def test_rules_for_other_player_counts_section_3():
    base = contract("Mini", "+5 per trick")
    special = replace(base, by_players=((3, rules("+3 per trick")),))
    spec = replace(french({}), contracts=(special,))
    assert [c.contracts[0].min for c in verify(spec).counts] == [51, 65, 50, 40, 35]


def test_game_order_selects_the_contracts_played():
    spec = make_spec({"No tricks": "−2 per trick", "Extra": "+5 per trick"}, order=("No tricks",))
    count = verify(spec).count(4)
    assert [t.name for t in count.contracts] == ["No tricks"]
    assert count.sum_min == -104  # each player declares it once


# --------------------------------------------------------------------------
# Rendering and speed.


def test_render_tournament():
    text = render(verify(TOURNAMENT_SPEC))
    assert text == (
        "tournament: hand totals (every player's raw score in one hand, added up)\n"
        "\n"
        "4 players: 52 cards, 13 tricks, 28 hands a game\n"
        "  No tricks ×4    −26\n"
        "  No queens ×4    −24\n"
        "  No last two ×4  −30\n"
        "  No hearts ×4    −30\n"
        "  Barbu ×4        −20\n"
        "  Trumps ×4       +65\n"
        "  Domino ×4       +65\n"
        "  ──────────────  ───\n"
        "  game              0\n"
        "✓ sums to zero\n"
    )


def test_render_brader_explains_the_miss():
    text = render(verify(BRADER_SPEC, base=TOURNAMENT_SPEC))
    # a round of the eight contracts misses by −171 (section 2 variant 8): a game of four, by −684
    assert "✗ does not sum to zero: misses by −684\n    compared with tournament:\n" in text
    assert "\n      Ravage City ×4 added (−144)\n" in text
    assert "  game            −684\n" in text


def test_classic_mode_plays_the_first_n_contracts_section_3():
    spec = make_spec({"Mini": "+5 per trick", "Barbu": "K♥ +60", "Without first": "+60 first trick"},
                     order=("Mini", "Barbu", "Without first"))
    spec = replace(spec, game=replace(spec.game, chooser="rotating", mode="classic", contracts_per_game=2))
    assert [t.name for t in verify(spec).count(4).contracts] == ["Mini", "Barbu"]


# --------------------------------------------------------------------------
# The bundled specs, through the loader.


def test_bundled_tournament_sums_to_zero_section_2():
    from barbu_dsl.language import load_spec

    for ref in ("tournament", "tournament+scale-15-40", "tournament+scale-30-20"):
        report = verify(load_spec(ref))
        assert report.ok, render(report)
        assert report.to_json()["counts"][0]["sum_min"] == 0


def test_bundled_ravage_city_misses_by_4_times_36_section_2_variant_9():
    from barbu_dsl.language import load_spec

    report = verify(load_spec("tournament+ravage-city"))
    count = report.count(4)
    assert (count.sum_min, count.sum_max) == (-144, -144)
    assert count.miss == RAVAGE_CITY_MISS


def test_bundled_brader_misses_by_4_times_171_section_2_variant_8():
    from barbu_dsl.language import load_spec

    report = verify(load_spec("tournament+brader"))
    data = report.to_json()
    assert data["spec"] == "tournament+brader"
    assert (data["counts"][0]["sum_min"], data["counts"][0]["sum_max"]) == (-684, -684)
    assert data["counts"][0]["zero_sum"] is False
    assert data["counts"][0]["miss"] == list(verify(BRADER_SPEC, base=TOURNAMENT_SPEC).count(4).miss)


def test_bundled_french_classic_counts_section_3():
    from barbu_dsl.language import load_spec

    spec = load_spec("french-classic")
    report = verify(spec)
    assert [(c.players, c.cards, c.tricks) for c in report.counts] == [
        (3, 51, 17), (4, 52, 13), (5, 50, 10), (6, 48, 8), (7, 49, 7)]
    assert all(not c.problems for c in report.counts)
    # "−2 per trick" with 3 players: 17 tricks; "per ♣" with 5 players: 12 clubs.
    assert spec.contract("Mini").rules.scoring.groups == ((m.PerTrick(5),),)
    assert report.count(3).total("Mini").totals == (85,)
    clubs = make_spec({"Clubs": "+1 per ♣"}, players=(5,), removed={5: spec.removed_for(5)})
    assert verify(clubs).count(5).total("Clubs").totals == (12,)
