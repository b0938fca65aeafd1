"""Descriptions in the players' languages (barbu_dsl/language/names.py,
docs/language.md): a spec, its variants and scales and its contracts
give their ``description`` in Italian, French and Portuguese; ``barbu fmt``
writes them back; the schema accepts them; a mistake is refused at its
line; ``barbu explain`` says them in the reader's language."""

from __future__ import annotations

import pytest

from barbu_dsl.errors import SpecError
from barbu_dsl.explain import explain
from barbu_dsl.language import apply_overlays, load_spec, parse_spec, print_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.schema import spec_schema

SPEC = """name: club
description: The club's rules.
descriptions:
  it: Le regole del circolo.
  fr: "Les règles du cercle : simples."
players: 4
contracts:
  No tricks:
    rules: −2 per trick
    description: Each trick costs 2.
    descriptions: {it: Ogni presa costa 2., pt: Cada vaza custa 2.}
  No queens: −6 per queen
variants:
  cheap:
    description: Tricks cost 1.
    descriptions: {fr: Les plis coûtent 1.}
    contracts:
      No tricks: {remove: −2 per trick, add: −1 per trick}
"""


def test_descriptions_are_read_and_fall_back_to_the_description() -> None:
    spec = parse_spec(SPEC, "club.yaml", "club")
    assert [spec.description_in(lang) for lang in ("en", "it", "fr", "pt")] == [
        "The club's rules.", "Le regole del circolo.", "Les règles du cercle : simples.", "The club's rules."]
    tricks = spec.contract("No tricks")
    assert tricks.description_in("it") == "Ogni presa costa 2." and tricks.description_in("fr") == "Each trick costs 2."
    assert spec.contract("No queens").description_in("it") is None
    cheap = spec.overlay("cheap")
    assert cheap.description_in("fr") == "Les plis coûtent 1." and cheap.description_in("pt") == "Tricks cost 1."


def test_fmt_writes_them_back_one_language_a_line() -> None:
    spec = parse_spec(SPEC, "club.yaml", "club")
    text = print_spec(spec)
    assert "descriptions:\n  it: Le regole del circolo.\n  fr: \"Les règles du cercle : simples.\"\n" in text
    assert "    descriptions:\n      it: Ogni presa costa 2.\n      pt: Cada vaza custa 2.\n" in text
    assert "    descriptions:\n      fr: Les plis coûtent 1.\n" in text
    again = parse_spec(text, "again.yaml")
    assert again == spec and print_spec(again) == text


def test_a_changed_contract_loses_its_descriptions() -> None:
    """A description was written for the rules it describes; a variant that
    changes them leaves the contract without one, in every language."""
    spec = apply_overlays(parse_spec(SPEC, "club.yaml", "club"), ["cheap"])
    tricks = spec.contract("No tricks")
    assert tricks.description is None and tricks.descriptions == () and tricks.description_in("it") is None


def test_a_house_file_describes_itself_in_each_language(tmp_path) -> None:
    base = tmp_path / "club.yaml"
    base.write_text(SPEC, encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: ./club.yaml\nname: house\n", encoding="utf-8")
    assert load_spec(str(house)).description_in("it") == ""
    house.write_text("extends: ./club.yaml\nname: house\ndescription: Ours.\ndescriptions: {pt: A nossa.}\n",
                     encoding="utf-8")
    assert load_spec(str(house)).description_in("pt") == "A nossa."


@pytest.mark.parametrize(("text", "line", "message"), [
    ("name: x\ndescriptions: {it: Una.}\ncontracts:\n  A: −2 per trick\n", 2,
     "descriptions translate the description, and there is none"),
    ("name: x\ndescription: One.\ndescriptions: {en: One.}\ncontracts:\n  A: −2 per trick\n", 3,
     "the description in English is the 'description' itself"),
    ("name: x\ndescription: One.\ndescriptions: {de: Eine.}\ncontracts:\n  A: −2 per trick\n", 3,
     "'de' is not a language barbu speaks"),
    ("name: x\ndescription: One.\ndescriptions:\n  it: ''\ncontracts:\n  A: −2 per trick\n", 4,
     "the description in 'it' is empty"),
    ("name: x\ndescription: One.\ndescriptions: Una.\ncontracts:\n  A: −2 per trick\n", 3,
     "descriptions maps a language to a description"),
    ("name: x\ncontracts:\n  A:\n    rules: −2 per trick\n    descriptions: {fr: Un.}\n", 5,
     "descriptions translate the description"),
    ("name: x\ncontracts:\n  A: −2 per trick\nvariants:\n  v:\n    description: V.\n    descriptions: {xx: V.}\n",
     7, "'xx' is not a language barbu speaks"),
])
def test_mistakes_are_refused_at_their_line(text: str, line: int, message: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "club.yaml", "club")
    found = [d for d in caught.value.diagnostics if message in d.message]
    assert found and found[0].line == line, caught.value.format()


def test_the_schema_accepts_descriptions_and_only_other_languages() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    validator = jsonschema.Draft202012Validator(spec_schema())
    assert not list(validator.iter_errors(yaml.safe_load(SPEC)))
    for wrong in (SPEC.replace("  it: Le regole", "  en: Le regole"), SPEC.replace("pt: Cada", "de: Cada")):
        assert list(validator.iter_errors(yaml.safe_load(wrong)))


def test_explain_says_them_in_the_readers_language() -> None:
    spec = apply_overlays(parse_spec(SPEC.replace("\n      No tricks: {remove: −2 per trick, add: −1 per trick}",
                                                  "\n      No queens: {remove: −6 per queen, add: −3 per queen}"),
                                     "club.yaml", "club"), ["cheap"])
    italian = explain(spec, language="it")
    assert "Le regole del circolo." in italian and "Ogni presa costa 2." in italian
    assert "Tricks cost 1." in italian  # the variant has no Italian description: its own is said
    french = explain(spec, language="fr")
    assert "Les règles du cercle : simples." in french and "Les plis coûtent 1." in french
    assert "Each trick costs 2." in french



@pytest.mark.parametrize("name", bundled_spec_names())
def test_bundled_specs_describe_themselves_in_every_language(name: str) -> None:
    """Every bundled spec, variant and scale has its description in
    Italian, French and Portuguese."""
    spec = load_spec(name)
    for described in (spec, *spec.overlays):
        assert described.description, name
        assert {language for language, _ in described.descriptions} == {"it", "fr", "pt"}, \
            (name, getattr(described, "kind", "spec"), described.name)
