"""Names in the players' languages (barbu_dsl/language/names.py): a spec
names its contracts, their twins and itself in Italian, French and
Portuguese; ``barbu fmt`` writes the names back; the schema accepts them;
names a player could not tell apart, a language barbu does not speak and
names for a twin that is not there are refused at their line."""

from __future__ import annotations

import pytest

from barbu_dsl.errors import SpecError
from barbu_dsl.language import load_spec, parse_spec, print_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.schema import spec_schema

SPEC = """name: club
names: {it: Circolo, fr: "Cercle, maison"}
players: 4
contracts:
  No tricks:
    rules: −2 per trick
    names: {it: Niente prese, fr: Pas de plis, pt: Sem vazas}
  Mini:
    rules: +2 per trick
    twin: Maxi
    twin_names: {pt: Máxi}
"""


def test_names_are_read_and_written_back() -> None:
    spec = parse_spec(SPEC, "club.yaml", "club")
    assert spec.title_in("it") == "Circolo" and spec.title_in("fr") == "Cercle, maison"
    assert spec.title_in("pt") == spec.title_in("en") == "club"
    tricks = spec.contract("No tricks")
    assert [tricks.name_in(lang) for lang in ("en", "it", "fr", "pt")] == [
        "No tricks", "Niente prese", "Pas de plis", "Sem vazas"]
    maxi = spec.contract("Maxi")
    assert maxi.derived and maxi.name_in("pt") == "Máxi" and maxi.name_in("it") == "Maxi"
    assert spec.contract("Mini").name_in("pt") == "Mini"
    text = print_spec(spec)
    assert 'names: {it: Circolo, fr: "Cercle, maison"}' in text
    assert "    names: {it: Niente prese, fr: Pas de plis, pt: Sem vazas}" in text
    assert "    twin_names: {pt: Máxi}" in text
    assert parse_spec(text, "again.yaml") == spec


def test_a_variant_keeps_the_names() -> None:
    spec = load_spec("tournament+ravage-city+scale-15-40")
    assert spec.contract("Barbu").name_in("fr") == "Pas de roi de cœur"
    assert spec.title_in("it") == "Barbu da torneo"


@pytest.mark.parametrize("name", bundled_spec_names())
def test_bundled_specs_name_their_contracts_in_every_language(name: str) -> None:
    """Every bundled spec's contracts and title have the source texts'
    names (or are the same word there: Mini, Barbu, Salade, Rıfkı)."""
    spec = load_spec(name)
    same = {"Mini", "Maxi", "Barbu", "Barbier", "Salade", "Salade bonus", "Rıfkı", "Bouillabaisse"}
    for contract in spec.contracts:
        if contract.name not in same:
            assert {lang for lang, _ in contract.names} == {"it", "fr", "pt"}, contract.name
    if spec.title not in same:
        assert {lang for lang, _ in spec.names} == {"it", "fr", "pt"}


def test_the_sources_own_words() -> None:
    """Seeds 000, 002 and 003: the Italian Trumps is the Briscola, the
    French and Portuguese contracts are named as there."""
    spec = load_spec("tournament")
    assert spec.contract("Trumps").name_in("it") == "Briscola"
    assert spec.contract("No last two").name_in("pt") == "Sem as duas últimas"
    assert spec.contract("No tricks").name_in("fr") == "Pas de plis"
    assert load_spec("french-classic").contract("Misery").name_in("it") == "Miseria"


@pytest.mark.parametrize(("text", "message"), [
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: {de: Keine Stiche}\n",
     "'de' is not a language barbu speaks"),
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: Niente prese\n",
     "names maps a language to a name"),
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: {it: ''}\n", "the name in 'it' is empty"),
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: {it: \"Niente\\nprese\"}\n",
     "a name is one line"),
    (("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: {it: Prese}\n"
      "  B:\n    rules: −6 per queen\n    names: {it: prése}\n"), "'prése' names both A and B in 'it'"),
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    names: {fr: B}\n  B: −6 per queen\n",
     "'B' names both B and A in 'fr'"),
    ("players: 4\ncontracts:\n  A:\n    rules: −2 per trick\n    twin_names: {it: Z}\n", "A has twin_names but no twin"),
])
def test_names_that_cannot_be_used_are_refused(text: str, message: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "club.yaml", "club")
    assert any(message in d.message for d in caught.value.diagnostics), caught.value.diagnostics


def test_the_schema_accepts_names_and_only_languages() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    validator = jsonschema.Draft202012Validator(spec_schema())
    assert not list(validator.iter_errors(yaml.safe_load(SPEC)))
    wrong = yaml.safe_load(SPEC.replace("pt: Sem vazas", "de: Keine Stiche"))
    assert list(validator.iter_errors(wrong))
