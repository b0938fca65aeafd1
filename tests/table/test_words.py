"""What the table says about rules, in each language: the rule a wrong
card breaks (compiled/reasons.py codes) with its cards, suits and ranks in
the player's words, and contract descriptions for every bundled spec, the
narrator's sentences (barbu_dsl.explain) with the contract's name in the
player's language."""

from __future__ import annotations

import pytest

from barbu_dsl.compiled import broken, lead_ban_rule
from barbu_dsl.i18n import LANGUAGES, Translator
from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.table.broken import broken_text
from barbu_dsl.table.describe import describe
from barbu_dsl.table.speech import Speech, seat_names


def speech(language: str) -> Speech:
    t = Translator(language)
    return Speech(t, seat_names(4, t), 0)


@pytest.mark.parametrize(("language", "follow", "shed", "adjacent"), [
    ("en", "you must follow hearts", "the queen of spades or the king of hearts", "the jack of clubs"),
    ("it", "devi rispondere a cuori", "la donna di picche o il re di cuori", "il fante di fiori"),
    ("fr", "vous devez fournir à cœur", "la dame de pique ou le roi de cœur", "le valet de trèfle"),
    ("pt", "tem de servir copas", "a dama de espadas ou o rei de copas", "o valete de paus"),
])
def test_broken_rules_in_the_players_words(language: str, follow: str, shed: str, adjacent: str) -> None:
    """Section 1 (follow suit), section 2 variant 5 (shed when safe), domino
    (section 2): the engine's fields said in the language."""
    say = speech(language)
    assert broken_text(broken("follow_suit", suit="hearts"), say) == follow
    assert shed in broken_text(broken("shed_when_safe", cards="QS or KH"), say)
    assert adjacent in broken_text(broken("not_adjacent", card="JC", suits="clubs"), say)
    for scope in ("every", "opening", "until-broken"):
        assert say.suit(2) in broken_text(lead_ban_rule(2, scope), say)  # type: ignore[arg-type]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", bundled_spec_names())
def test_every_contract_described(name: str, language: str) -> None:
    spec = load_spec(name)
    say = speech(language)
    for players in spec.players:
        for contract in spec.contracts:
            lines = describe(spec, contract, players, say)
            assert lines[0] == contract.name_in(language) + "."
            assert all(line.strip() and "{" not in line for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wider_family_described(language: str) -> None:
    """docs/rules.md section 6: must trump, forced discards, spreads, an ace
    that plays again and the end at the first out are each said at the
    table, in the narrator's words of barbu explain."""
    from pathlib import Path

    from barbu_dsl.explain import RuleWords

    spec = load_spec(str(Path(__file__).resolve().parents[1] / "generator" / "family.yaml"))
    say = speech(language)
    w = RuleWords(language)
    said = {name: "\n".join(describe(spec, spec.contract(name), 5, say))
            for name in ("Ruff", "Void hearts", "Spade spread", "Domino")}
    assert w("trumps.must_trump") in said["Ruff"]
    assert w("part.spread", value="+130", over=w("spread.tricks")) in said["Ruff"]
    assert w("discard", what=w.t("cards.a_suit.2")) in said["Void hearts"]
    assert w("part.spread", value="−26", over=w("cards.trump.the_many")) in said["Spade spread"]
    for key in ("domino.ace_again", "domino.end.first_out"):
        assert w(key) in said["Domino"]
    assert all("{" not in text for text in said.values())


def test_a_rank_letter_answers_the_starting_rank(tmp_path) -> None:
    """Where a rank is asked (the domino's starting rank), a rank letter is
    the rank, not the command of the same letter: Italian ``d`` is the
    queen (donna) there, and describes elsewhere.  A row of one card is
    said as that card ("solo la donna"), not as a range from it to itself."""
    from .helpers import session

    text, _, _, _ = session(["d", "Domino", "d", "p", "quit"], save=tmp_path / "save.json", spec="tournament",
                            bots="human,rules,rules,rules", seed=3, plain=True, language="it")
    before, asked = text.split("Valore di partenza?", 1)
    assert "Il tuo contratto? 1 Niente prese, 2 Niente donne" in before and "\nPunti: " in before  # d: describe
    assert asked.split("\n")[1:3] == ["Scegli Domino.", "Valore di partenza: donna."], asked[:300]
    assert "\nfiori: solo la donna.\n" in asked and "\npicche: non aperto.\n" in asked
