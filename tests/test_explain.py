"""The explainer reads the rules out in words (docs/rules.md sections 1 to 3)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from barbu_dsl.explain import explain
from barbu_dsl.language import load_spec
from barbu_dsl.language import model as m
from barbu_dsl.language.parser import parse_line
from barbu_dsl.language.rules import build


def rules(line: str) -> m.Rules:
    built, problems = build(parse_line(line))
    assert built is not None, problems
    return built


def one_contract(line: str, name: str = "X", players: tuple[int, ...] = (4,), **game) -> m.Spec:
    return m.Spec(name="test", title="Test", players=players, removed=tuple((n, ()) for n in players),
                  game=m.Game(**game), doubling=m.Doubling(allowed=False),
                  contracts=(m.Contract(name, rules(line)),))


def section(text: str, name: str) -> str:
    """The lines of one contract's section."""
    match = re.search(rf"^{re.escape(name)}\n-+\n(.*?)(?:\n\n|\Z)", text, re.DOTALL | re.MULTILINE)
    assert match, f"no section {name!r} in:\n{text}"
    return match.group(1)


@pytest.fixture(scope="module")
def tournament() -> str:
    return explain(load_spec("tournament"))


# --------------------------------------------------------------------------
# The header (section 2: tournament; section 3: the French family)


def test_header_tournament_section_2(tournament):
    assert tournament.startswith("Tournament Barbu\n================\n")
    assert "Players: 4 players. All 52 cards are dealt (13 each).\n" in tournament
    assert "Aim: the highest total score at the end of the game wins.\n" in tournament
    assert "each player in turn is declarer for a series of hands" in tournament
    assert "A game is 28 hands (7 for each player)." in tournament
    assert "each player in turn, starting at the declarer's left, has one chance to double one or all " \
           "of the others" in tournament
    assert "The declarer may only double players who doubled them (a redouble)." in tournament
    assert "In positive contracts only the declarer may be doubled." in tournament
    assert "when both doubled each other, twice the difference" in tournament
    assert "at least twice in each declarer's series (a scorer shows the count; it is never enforced)" \
        in tournament
    assert "Hand totals: the contracts of a game add up to zero, so a score sheet checks itself.\n" \
        in tournament


def test_header_doubling_variants_section_2_variants_1_3_4():
    text = explain(load_spec("tournament+dealer-chooses+declarer-only-doubles+undoubled-not-played"))
    assert "the dealer chooses the contract and is its declarer" in text
    assert "The player on the declarer's left leads to the first trick (in domino the declarer moves first)." \
        in text
    assert "has one chance to double the declarer. The declarer may redouble, and a redouble covers " \
           "everyone who doubled them." in text
    assert "A negative contract nobody doubles is not played" in text
    assert "With dealer-chooses: The dealer chooses the contract" in text


def test_header_french_decks_and_classic_mode_section_3():
    text = explain(load_spec("french-classic"))
    assert "Players: 3 to 7 players. With 3, the 2♣ is removed (17 each); with 4, all 52 cards are dealt " \
           "(13 each); with 5, 2♣ and 2♦ are removed (10 each); with 6, 2♣, 3♣, 2♦ and 3♦ are removed " \
           "(8 each); with 7, 2♣, 3♣ and 2♦ are removed (7 each).\n" in text
    assert "Aim: the lowest total score at the end of the game wins." in text
    assert "the chooser moves one seat to the left every hand" in text
    assert "Classic mode: the contracts are Mini, Without hearts, Without queens, Barbu, Salade, " \
           "Salade bonus, Trumps and Without the last two." in text
    assert "Doubling: none.\n" in text
    # a game plays each contract once for every player: with 4 players 4 × (65 + 65 + 60 + 60 + 250 − 250
    # − 65 + 60); with 3, 3 × (+265 to +270), as the trump suit of each Trumps hand may be the 12-card clubs.
    assert "Hand totals: the contracts of a game add up to +795 to +810 with 3 players, +980 with 4 players" \
        in text


def test_header_fixed_order_section_2_variant_2():
    text = explain(load_spec("tournament+fixed-order"))
    assert "Who chooses: nobody: the contracts are played in a fixed order (No tricks, No queens, " \
           "No last two, No hearts, Barbu, Trumps and Domino)." in text
    assert "Doubling: none." in text


# --------------------------------------------------------------------------
# Contracts of section 2


def test_no_hearts_section_2(tournament):
    text = section(tournament, "No hearts")
    assert "Play: No trumps; the highest card of the led suit wins the trick. " \
           "The declarer leads to the first trick." in text
    # Ruling: "no heart lead" applies to every lead.
    assert "Hearts may not be led, on any lead, unless the leader holds only hearts." in text
    assert "Points: −2 for each heart taken, but the A♥ −6.\n" in text
    assert text.endswith("Hand total: −30.")


def test_trick_positions_and_early_end_section_1(tournament):
    assert "Points: −10 for the penultimate trick, −20 for the last trick." in section(tournament, "No last two")
    queens = section(tournament, "No queens")
    assert "The hand ends as soon as the fourth queen has been taken." in queens
    assert "Points: −6 for each queen taken." in queens
    barbu = section(tournament, "Barbu")
    assert "The hand ends as soon as the K♥ has been taken." in barbu
    assert "Points: −20 for the K♥." in barbu
    assert "The hand ends" not in section(tournament, "No tricks")


def test_trumps_obligations_section_2(tournament):
    text = section(tournament, "Trumps")
    assert "The declarer names the trump suit; a trick goes to the highest trump, else to the highest " \
           "card of the led suit." in text
    assert "A player who cannot follow suit and holds a trump that would win the trick must play a trump " \
           "that wins it" in text
    assert "When trumps are led, a player holding a trump higher than every trump in the trick must play " \
           "a higher one." in text
    assert "Following a plain suit never obliges a player to beat the trick." in text
    assert "Hand total: +65." in text


def test_trumps_without_forced_ruff_section_2_variant_6():
    text = section(explain(load_spec("tournament+no-forced-ruff"), "Trumps"), "Trumps")
    assert "A player who cannot follow suit need not trump." in text
    assert "that would win the trick" not in text


def test_domino_section_2(tournament):
    text = section(tournament, "Domino")
    assert "the declarer names a starting rank, and every suit is opened with its card of that rank." in text
    assert "passes if they hold no card of that rank" in text
    assert "Aces are high: a suit runs up to the ace and down to the 2." in text
    assert "Points: Placings in the order of going out: +45 first, +20 second, +5 third, −5 last." in text


def test_domino_variants_section_2_variant_7():
    text = explain(load_spec("tournament+ace-low-domino+declarer-sets-domino"), "domino")
    assert "the declarer moves first, and their first card sets the starting rank" in text
    assert "Aces are low" in text


def test_shed_when_safe_section_2_variant_5():
    text = explain(load_spec("tournament+shed-when-safe"))
    assert "The K♥ must go at the first safe opportunity: a player who holds it and cannot follow suit " \
           "must discard it, and one who must follow in hearts and sees a higher heart already in the " \
           "trick must play it." in section(text, "Barbu")
    assert "The queens must go at the first safe opportunity" in section(text, "No queens")


def test_ravage_city_ties_section_2_variant_9():
    text = section(explain(load_spec("tournament+ravage-city")), "Ravage City")
    assert "−36 for the player who takes the most cards of any one suit" in text
    assert "tied players share it equally (tied two ways −18 each, three ways −12, four ways −9)" in text
    assert "Hand total: −36." in text


def test_ravage_city_undeclared_rounding_section_2_variant_9():
    spec = one_contract("−36 most of one suit", "Ravage City", players=(5,))
    text = explain(replace(spec, removed=((5, (0, 13)),)))
    assert "the spec does not say how to round a share that is not whole" in text
    assert "Hand total: −36 to −35 (depends on how many tie: −35 when 5 tie, −36 otherwise; " \
           "tie split −36/5 does not divide; declare a rounding)." in text


def test_brader_totals_section_2_variant_8():
    text = explain(load_spec("tournament+brader"))
    assert "Points: −4 for each heart taken, but the A♥ −12." in section(text, "No hearts")
    assert "Hand totals: the contracts of a game add up to −684." in text  # four rounds of −171


# --------------------------------------------------------------------------
# Contracts of section 3


def test_french_twins_and_opening_lead_section_3():
    text = explain(load_spec("french-classic"))
    barbu = section(text, "Barbu")
    # Ruling: "may not open the hand" holds for the first lead only.
    assert "Hearts may not open the hand (the first lead only), unless the leader holds only hearts." in barbu
    assert "Twin: Barbier, played the same way with every value negated." in barbu
    assert "Twin of Barbu: played the same way, every value negated." in section(text, "Barbier")
    assert "Points: −60 for the K♥." in section(text, "Barbier")


def test_french_salade_adds_up_section_3():
    text = section(explain(load_spec("french-classic"), "Salade"), "Salade")
    assert "Points: These add up, so one card may score several times: +5 for each trick taken; " \
           "+5 for each heart taken; +15 for each queen taken; +60 for the K♥." in text
    assert "Hand total: +270 with 3 players, +250 with 4 players, +235 with 5 players, " \
           "+225 with 6 players, +220 with 7 players." in text


def test_french_totals_per_player_count_section_3():
    text = explain(load_spec("french-classic"), "mini", players=5)
    assert text.startswith("Barbu, French classic family, 5 players\n")
    assert "Hand total: +50." in text
    trumps = explain(load_spec("french-classic"), "Trumps")
    assert "The chooser names the trump suit" in trumps
    assert "Points: −5 for each trump taken." in trumps
    assert "with 6 players, depends on the trump suit: −65 with ♥ ♠, −55 with ♣ ♦" in trumps


def test_all_or_nothing_section_3():
    text = section(explain(load_spec("french-classic+all-or-nothing"), "Mini"), "Mini")
    assert "All or nothing: a player who takes every scoring element scores those points the other way " \
           "round (−65 instead of +65 with 4 players)." in text
    assert "Hand total: −85 to +85 with 3 players, −65 to +65 with 4 players" in text


def test_trick_position_contract_ends_early_section_1():
    text = section(explain(load_spec("french-classic"), "Without the first two"), "Without the first two")
    assert "Points: +45 for the first trick, +15 for the second trick." in text
    assert "The hand ends as soon as the second trick has been played." in text


# --------------------------------------------------------------------------
# The hearts spec: the language's other restrictions


def test_hearts_restrictions_and_moon():
    text = section(explain(load_spec("hearts")), "Hearts")
    assert "Whoever holds the 2♣ leads it to the first trick." in text
    assert "Hearts may not be led until a heart or the Q♠ has been played, unless the leader holds only " \
           "hearts." in text
    assert "No card that scores may be played to the first trick, unless the player has no other choice." in text
    assert "Points: +1 for each heart taken, +13 for the Q♠. Shoot the moon: a player who takes every " \
           "scoring element scores 0, and every other player scores the whole +26 instead." in text
    assert "Hand total: +26 to +78." in text


def test_inverted_and_fixed_trumps_and_positions():
    text = explain(one_contract("trumps ♠, 2 high, −15 trick 3, −5 12th trick", "Odd"), "odd")
    assert "Play: Spades are trumps;" in text
    assert "Nobody has to trump or overtrump." in text
    assert "The rank order is inverted: 2 is high, the ace low." in text
    assert "Points: −15 for the third trick, −5 for the 12th trick." in text
    assert "Hand total: −20." in text


def test_rules_for_other_counts_section_3():
    spec = one_contract("+5 per trick", "Mini", players=(3, 4))
    mini = replace(spec.contracts[0], by_players=((3, rules("+3 per trick")),))
    text = explain(replace(spec, contracts=(mini,)), "Mini")
    assert "With 3 players:\n  Play: No trumps;" in text
    assert "  Points: +3 for each trick taken.\nWith 4 players:\n" in text
    assert "Hand total: +51 with 3 players, +65 with 4 players." in text


# --------------------------------------------------------------------------
# Errors and typography


def test_unknown_contract_raises_key_error():
    with pytest.raises(KeyError):
        explain(load_spec("tournament"), "No spades")


def test_contract_names_match_loosely():
    assert "Points: −2 for each trick taken." in explain(load_spec("tournament"), "no-tricks")


@pytest.mark.parametrize("ref", ["tournament+brader", "french-classic+all-or-nothing", "hearts", "bouillabaisse"])
def test_negative_numbers_use_the_minus_sign(ref):
    text = explain(load_spec(ref))
    assert not re.search(r"(?<![\w])-\d", text)
    assert ("−" in text) == (ref not in ("hearts",))


# --------------------------------------------------------------------------
# Other languages: the same narrator, its words in each language.

@pytest.mark.parametrize("language", ["it", "fr", "pt"])
@pytest.mark.parametrize("name", ["tournament+ravage-city", "french-classic+all-or-nothing", "hearts", "king",
                                  "leaver-3p", "french-32", "bouillabaisse", "tournament+brader+undoubled-not-played"])
def test_every_bundled_spec_explained_in_each_language(name: str, language: str) -> None:
    text = explain(load_spec(name), language=language)
    english = explain(load_spec(name))
    assert "{" not in text and "rules." not in text
    assert text.count("\n") == english.count("\n")  # the same lines, said in the language
    assert text != english


def test_the_sources_own_words_in_each_language() -> None:
    """Seeds 000, 002 and 003: the Italian Trumps is the Briscola, −2 per
    cuore / par cœur / por copa, the contract names of each source."""
    spec = load_spec("tournament")
    italian, french, portuguese = (explain(spec, language=lang) for lang in ("it", "fr", "pt"))
    assert italian.startswith("Barbu da torneo\n")
    assert section(italian, "Briscola").startswith("Gioco: Il dichiarante nomina il seme di briscola")
    assert "Punti: −2 per cuore, ma l'A♥ −6." in section(italian, "Niente cuori")
    assert "Points : −2 par cœur, mais l'A♥ −6." in section(french, "Pas de cœurs")
    assert "Pontos: −2 por copa, mas o A♥ −6." in section(portuguese, "Sem copas")
    assert "Niente re di cuori" in italian and "Pas de plis" in french and "Sem as duas últimas" in portuguese
    assert "Contro: annunciato il contratto" in italian and "(surcontro)" in italian
    assert "Contras: anunciado o contrato" in portuguese and "recontra" in portuguese


def test_one_narrator_for_explain_and_the_table() -> None:
    """The table's describe says the contract's own lines of explain."""
    from barbu_dsl.explain import RuleWords, contract_lines

    spec = load_spec("tournament")
    lines = contract_lines(spec, spec.contract("Barbu"), (4,), RuleWords("fr"))
    assert "\n".join(lines) in explain(spec, language="fr")


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Passing: once the cards are dealt, every player passes 3 cards"),
    ("it", "Passaggio: distribuite le carte, ogni giocatore passa 3 carte"),
    ("fr", "Passe : une fois les cartes distribuées, chaque joueur passe 3 cartes"),
    ("pt", "Passagem: dadas as cartas, cada jogador passa 3 cartas"),
])
def test_explain_says_the_passing(language: str, said: str) -> None:
    """docs/rules.md section 6, Passing: the cards passed and where they go,
    in each language; nothing is said of passing when the spec has none."""
    assert said in explain(load_spec("hearts"), language=language)
    assert "Passing" not in explain(load_spec("hearts+no-passing"))


WIDOW = str(Path(__file__).parent / "generator" / "widow.yaml")


@pytest.mark.parametrize(("language", "first", "aside"), [
    ("en", "Widow: the cards that do not deal out evenly (1 with 3 players, 2 with 5 players)",
     "widow that is set aside: nobody sees or takes them"),
    ("it", "Monte: le carte che non si distribuiscono in parti uguali (1 con 3 giocatori, 2 con 5 giocatori)",
     "monte messo da parte: nessuno le vede né le prende"),
    ("fr", "Talon : les cartes qui ne se distribuent pas également (1 à 3 joueurs, 2 à 5 joueurs)",
     "talon face cachée, mis de côté : personne ne les voit ni ne les prend"),
    ("pt", "Monte: as cartas que não se distribuem por igual (1 com 3 jogadores, 2 com 5 jogadores)",
     "monte posto de parte: ninguém as vê nem as leva"),
])
def test_explain_says_the_widow(language: str, first: str, aside: str) -> None:
    """docs/rules.md section 6, Packs, decks and player counts: how many
    cards the widow holds for each count and where it goes, in each
    language; nothing is said of a widow at a count that has none, nor in
    a spec without one; an aside widow's hand total is a range."""
    spec = load_spec(WIDOW)
    assert first in explain(spec, language=language)
    assert aside in explain(load_spec(WIDOW + "+aside"), language=language)
    assert "Widow" not in explain(spec, players=4) and "Widow" not in explain(load_spec("hearts"))


@pytest.mark.parametrize(("language", "who"), [
    ("en", "Who chooses: nobody: every hand plays Hearts; everyone plays for themselves. The holder of the 2♣ leads"),
    ("it", "Chi sceglie: nessuno: ogni mano si gioca a Cuori; ognuno gioca per sé. Apre la prima presa chi ha il 2♣."),
    ("fr", "Qui choisit : personne : chaque donne se joue en Dame de pique ; chacun joue pour soi. Celui qui a le 2♣"),
    ("pt", "Quem escolhe: ninguém: todas as mãos se jogam a Copas; cada um joga por si. Sai para a primeira vaza quem"),
])
def test_hearts_is_not_told_as_barbu(language: str, who: str) -> None:
    """docs/rules.md section 1 (Hearts, one contract that names nothing):
    nobody chooses a contract, and the game is headed by its own name."""
    text = explain(load_spec("hearts"), language=language)
    assert who in text
    assert "(hearts)" not in text and "contratti non ancora" not in text and "not yet played" not in text


@pytest.mark.parametrize(("language", "about"), [
    ("it", "Un gioco per 4 giocatori con 2 contratti (No queens e Trumps); vince il totale più alto."),
    ("fr", "Un jeu pour 4 joueurs avec 2 contrats (No queens et Trumps) ; le plus haut total gagne."),
    ("pt", "Um jogo para 4 jogadores com 2 contratos (No queens e Trumps); ganha o total mais alto."),
    ("en", "Two contracts for a quick game."),
])
def test_a_description_given_only_in_english(tmp_path: Path, language: str, about: str) -> None:
    """A house spec describes itself in English only: in another language
    its first line says the same facts in that language, never the English."""
    path = tmp_path / "quick.yaml"
    text = (Path(__file__).parent / "table" / "tiny.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Tiny Barbu\n", "title: Tiny Barbu\ndescription: Two contracts for a quick game.\n")
    text = text.replace("  No queens: −6 per queen\n",
                        "  No queens:\n    rules: −6 per queen\n    description: Leave the queens to the others.\n")
    path.write_text(text, encoding="utf-8")
    said = explain(load_spec(str(path)), language=language)
    assert said.splitlines()[:3] == ["Tiny Barbu", "==========", about]
    assert "Leave the queens to the others." in said  # a contract's own words, below the first line, as written
