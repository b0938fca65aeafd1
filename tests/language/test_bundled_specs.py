"""The bundled specs: their public names, and every spec and variant loads
(docs/rules.md sections 2 and 3)."""

from __future__ import annotations

import pytest

from barbu_dsl import SpecError, UsageError
from barbu_dsl import cards as C
from barbu_dsl.language import apply_overlays, load_spec, parse_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.rules import card_values
from barbu_dsl.resources import bundled_spec_names, bundled_spec_text

TOURNAMENT_CONTRACTS = ["No tricks", "No queens", "No last two", "No hearts", "Barbu", "Trumps", "Domino"]
TOURNAMENT_OVERLAYS = [
    "dealer-chooses", "fixed-order", "declarer-only-doubles", "undoubled-not-played", "barbu-hearts-lead",
    "shed-when-safe", "no-forced-ruff", "ace-low-domino", "declarer-sets-domino", "scale-15-40", "scale-30-20",
    "ravage-city", "ravage-city-24", "brader",
]
ALL = [(name, overlay.name) for name in ["tournament", "french-classic", "bouillabaisse", "hearts"]
       for overlay in load_spec(name).overlays]


def test_bundled_names() -> None:
    assert bundled_spec_names() == ["bouillabaisse", "french-32", "french-classic", "hearts", "king", "leaver-3p",
                                    "tournament"]


@pytest.mark.parametrize("name", ["tournament", "french-classic", "bouillabaisse", "hearts", "king", "leaver-3p",
                                  "french-32"])
def test_header_comment_names_source_and_rulings(name: str) -> None:
    header = load_spec(name).header
    assert bundled_spec_text(name).startswith("# ")
    assert "Ruling" in header or "ruling" in header


@pytest.mark.parametrize(("name", "source"), [("king", "Wikipedia"), ("leaver-3p", "pagat.com/invented/barbu3.html"),
                                              ("french-32", "Wikipedia")])
def test_wider_family_specs_name_their_source(name: str, source: str) -> None:
    """docs/rules.md section 6: each spec of the wider family is headed with its source."""
    assert source in load_spec(name).header


def test_wider_family_specs_verify_as_their_sources_state() -> None:
    """docs/rules.md section 6.  King and Leaver's three-handed Barbu sum to
    zero, contract by contract as their sources give them; the 32-card
    French game's trick, heart and queen contracts are 40, 40 and 60."""
    from barbu_dsl.verifier import verify

    def totals(name: str, players: int) -> dict[str, tuple[int, int]]:
        report = verify(load_spec(name), players)
        (count,) = report.counts
        assert count.players == players
        return {row.name: (row.min, row.max) for row in count.contracts}

    king = totals("king", 4)
    assert king == {"No tricks": (-650, -650), "No hearts": (-390, -390), "No males": (-480, -480),
                    "No queens": (-400, -400), "No last two": (-360, -360), "Rıfkı": (-320, -320),
                    "Trumps": (650, 650)}
    assert verify(load_spec("king")).ok
    leaver = totals("leaver-3p", 3)
    assert leaver == {"No hearts": (-28, -28), "Barbu": (-21, -21), "No queens": (-24, -24),
                      "No tricks": (-32, -32), "No last three": (-30, -30), "Domino": (55, 55), "Trumps": (80, 80)}
    assert verify(load_spec("leaver-3p")).ok
    for players in (3, 4):
        french = totals("french-32", players)
        assert (french["Mini"], french["Without hearts"], french["Without queens"]) == ((40, 40), (40, 40), (60, 60))
    assert totals("french-32", 3)["Trumps"] == (-40, -35)


def test_tournament_public_names() -> None:
    """docs/rules.md 2: the seven contracts and the variants, names as published."""
    spec = load_spec("tournament")
    assert [c.name for c in spec.contracts] == TOURNAMENT_CONTRACTS
    assert sorted(o.name for o in spec.overlays) == sorted(TOURNAMENT_OVERLAYS)
    assert spec.players == (4,) and spec.game.chooser == "declarer-series"
    assert spec.doubling.positive_declarer_only and spec.doubling.minimum == 2


@pytest.mark.parametrize(("name", "overlay"), ALL)
def test_every_variant_applies(name: str, overlay: str) -> None:
    spec = load_spec(f"{name}+{overlay}")
    assert spec.applied == (overlay,)


def test_variants_combine_in_order() -> None:
    spec = load_spec("tournament+ravage-city+ace-low-domino+declarer-sets-domino")
    domino = spec.contract("Domino").rules.play
    assert domino == m.DominoPlay("first-card", aces_low=True)
    assert spec.contract("ravage city").name == "Ravage City"


def test_variant_rules() -> None:
    """docs/rules.md 2 variants 1-9 as overlays."""
    assert load_spec("tournament+dealer-chooses").game.first_lead == "left"
    fixed = load_spec("tournament+fixed-order")
    assert fixed.game.order == tuple(TOURNAMENT_CONTRACTS) and not fixed.doubling.allowed
    assert load_spec("tournament+declarer-only-doubles").doubling.whom == "declarer-only"
    assert load_spec("tournament+undoubled-not-played").doubling.undoubled == "not-played"
    barbu = load_spec("tournament+barbu-hearts-lead").contract("Barbu").rules.play
    assert isinstance(barbu, m.TrickPlay) and barbu.lead_bans == ()
    trumps = load_spec("tournament+no-forced-ruff").contract("Trumps").rules.play
    assert isinstance(trumps, m.TrickPlay) and trumps.trumps == m.Trumps(None, must_win=False, must_overtrump=True)
    shed = load_spec("tournament+shed-when-safe")
    queens = shed.contract("No queens").rules.play
    assert isinstance(queens, m.TrickPlay) and queens.shed_when_safe == (m.RankCards(12),)


def test_brader_values() -> None:
    """docs/rules.md 2 variant 8, Mark Brader's scale."""
    spec = load_spec("tournament+brader")
    hearts = card_values(spec.contract("No hearts").rules.scoring, None)
    assert hearts[C.card(14, C.HEARTS)] == -12 and hearts[C.card(2, C.HEARTS)] == -4
    assert spec.contract("Domino").rules.scoring.parts == (m.Placings((40, 20, 0, -20)),)


def test_french_classic() -> None:
    """docs/rules.md 3: every contract with its twin; classic list; 3-7 players."""
    spec = load_spec("french-classic")
    assert spec.players == (3, 4, 5, 6, 7) and spec.game.aim == "lowest"
    names = [c.name for c in spec.contracts]
    for name, twin in [("Mini", "Maxi"), ("Without hearts", "With hearts"), ("Barbu", "Barbier"),
                       ("Salade", "Salade bonus"), ("Trumps", "Misery")]:
        assert names.index(twin) == names.index(name) + 1
        assert spec.contract(twin).derived and spec.contract(twin).twin == name
    assert len(spec.contracts) == 26
    assert spec.game.order[:4] == ("Mini", "Without hearts", "Without queens", "Barbu")
    assert spec.removed_for(6) == tuple(sorted(C.default_removals(6)))
    salade = card_values(spec.contract("Salade bonus").rules.scoring, None)
    assert salade[C.card(13, C.HEARTS)] == -65


def test_all_or_nothing_variant_reaches_twins() -> None:
    spec = load_spec("french-classic+all-or-nothing")
    assert spec.contract("Maxi").rules.scoring.all_or_nothing
    assert not spec.contract("Barbu").rules.scoring.all_or_nothing


def test_hearts() -> None:
    rules = load_spec("hearts").contract("Hearts").rules
    assert isinstance(rules.play, m.TrickPlay) and rules.play.opening_card == C.card(2, C.CLUBS)
    assert rules.scoring.shoot_the_moon
    assert sum(card_values(rules.scoring, None).values()) == 26


def test_unknown_variant_gets_a_suggestion() -> None:
    with pytest.raises(UsageError, match="did you mean 'ravage-city'"):
        load_spec("tournament+ravage")


def test_variant_cannot_apply_twice() -> None:
    with pytest.raises(UsageError, match="already applied"):
        load_spec("tournament+ravage-city+ravage-city")


def test_house_spec_extends(tmp_path) -> None:
    house = tmp_path / "club.yaml"
    house.write_text("# Our club\nextends: tournament\napply: [ravage-city]\nname: club\n"
                     "contracts:\n  Barbu: {remove: K♥ −20, add: K♥ −25}\n  Domino: null\n", encoding="utf-8")
    spec = load_spec(str(house))
    assert spec.name == "club" and spec.applied == ("ravage-city",)
    assert [c.name for c in spec.contracts] == [*TOURNAMENT_CONTRACTS[:-1], "Ravage City"]
    assert spec.contract("Barbu").rules.scoring.parts == (m.PerCard(-25, m.OneCard(C.card(13, C.HEARTS))),)


def test_added_contract_joins_the_fixed_order() -> None:
    """docs/rules.md 2 variant 2 ruling: a contract a spec adds (Ravage City)
    takes its place in the order."""
    spec = load_spec("tournament+fixed-order+ravage-city")
    assert spec.game.order == (*TOURNAMENT_CONTRACTS, "Ravage City")


def test_doubling_off_forgets_its_options() -> None:
    """Without doubling (docs/rules.md 2 variant 2) its options do nothing: the
    model keeps the defaults, so the canonical text says 'doubling: false'."""
    assert load_spec("tournament+fixed-order").doubling == m.Doubling(allowed=False)


@pytest.mark.parametrize("name", ["tournament", "french-classic", "bouillabaisse", "hearts"])
def test_every_bundled_variant_combines_with_every_other(name: str) -> None:
    """Each pair of a bundled spec's variants (not scales, which replace each
    other's values) applies in either order, except the documented case of
    docs/rules.md 2 variant 2 (ravage-city before fixed-order) and doubling
    options after fixed-order turned doubling off."""
    spec = load_spec(name)
    variants = [o.name for o in spec.overlays if o.kind == "variant"]
    refused = {("ravage-city", "fixed-order"), ("fixed-order", "declarer-only-doubles"),
               ("fixed-order", "undoubled-not-played")}
    for first in variants:
        for second in variants:
            if (first, second) in refused:
                with pytest.raises(SpecError):
                    load_spec(f"{name}+{first}+{second}")
            elif first != second:
                load_spec(f"{name}+{first}+{second}")


@pytest.mark.parametrize("name", ["tournament", "french-classic", "bouillabaisse", "hearts"])
def test_descriptions_hold_whatever_is_applied(name: str) -> None:
    """A bundled description states nothing a variant or scale can change,
    such as a number of hands (docs/rules.md 2 variant 9: Ravage City makes the
    tournament 32 hands; the explainer works the number out)."""
    spec = load_spec(name)
    for text in [spec.description, *(o.description for o in spec.overlays)]:
        assert "hands" not in text and "seven" not in text, text


def test_house_spec_describes_itself(tmp_path) -> None:
    """A house file inherits its base's rules, not its words: no name,
    title, description or header comment of the base."""
    house = tmp_path / "club.yaml"
    house.write_text("extends: tournament\ncontracts:\n  Barbu: {remove: K♥ −20, add: K♥ −25}\n", encoding="utf-8")
    spec = load_spec(str(house))
    assert (spec.name, spec.title, spec.description, spec.header) == ("club", "club", "", "")


def test_patched_contract_loses_its_description() -> None:
    text = ("name: s\ncontracts:\n  Barbu:\n    rules: K♥ −20\n    description: The K♥ costs 20.\n"
            "variants:\n  cheap:\n    contracts:\n      Barbu: {remove: K♥ −20, add: K♥ −10}\n")
    spec = parse_spec(text)
    assert spec.contract("Barbu").description == "The K♥ costs 20."
    assert apply_overlays(spec, ["cheap"]).contract("Barbu").description is None
