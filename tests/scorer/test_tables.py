"""The page's JavaScript reads cards, suits, ranks and contract names with
the same tables as the runtime (barbu_dsl.runtime.cards and .records,
which the interpreter imports and every generated package carries), and
gives the same answers for every entry of those tables and for the odd
inputs a person types (docs/records.md, docs/sheet.md)."""

from __future__ import annotations

import json

import pytest

from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.runtime import cards as C
from barbu_dsl.runtime.records import contract_key
from barbu_dsl.scorer.core import FOLDED_END, case_folds, core_script, folding_table
from barbu_dsl.scorer.data import words

ODD = ["", " ", "q", "QH ", " qh", "10", "1", "11", "T", "t♠", "10♣", "a♥", "Q♥\ufe0f", "K♠\ufe0e", "DD", "RC",
       "QQ", "AHH", "A H", "♥", "hearts", " Cœurs ", "SIXES", "sixs", "dame", "Re", "\u2003ace\u2003", "X", "0"]

RUN = """([words, cards, suits, ranks]) => {
  const parser = new BarbuBase.Cards(words);
  return {
    cards: cards.map((text) => parser.parseRecord(text)),
    strs: Array.from({ length: 52 }, (_, card) => parser.str(card)),
    suits: suits.map((text) => parser.parseSuit(text)),
    ranks: ranks.map((text) => parser.parseRank(text)),
  };
}"""


def test_the_page_reads_what_the_runtime_reads(pages) -> None:
    page = pages.open("tournament")
    cards = sorted(C.CARD_OF) + [text.upper() for text in C.CARD_OF] + ODD
    suits = sorted(C.SUIT_WORDS) + [word.upper() for word in C.SUIT_WORDS] + ODD
    ranks = sorted(C.RANK_PREFIXES) + sorted(C.RANK_WORDS) + [word.title() for word in C.RANK_WORDS] + ODD
    got = page.evaluate(RUN, [json.loads(json.dumps(words())), cards, suits, ranks])
    assert got["strs"] == list(C.CARD_STRS)
    assert _differences(cards, got["cards"], C.parse_record_card) == []
    assert _differences(suits, got["suits"], C.parse_suit) == []
    assert _differences(ranks, got["ranks"], C.parse_rank) == []
    assert pages.errors() == []


def _differences(inputs: list[str], page: list[object], python: object) -> list[tuple[str, object, object]]:
    return [(text, found, python(text)) for text, found in zip(inputs, page, strict=True)  # type: ignore[operator]
            if found != python(text)]  # type: ignore[operator]


MATCH = """([contracts, inputs]) => inputs.map((text) => {
  const key = BarbuBase.contractKey(text);
  const found = contracts.find((name) => BarbuBase.contractKey(name) === key);
  return found === undefined ? null : found;
})"""

MATCH_EVERY_CODE_POINT = """([contracts, name]) => {
  const key = BarbuBase.contractKey(name);
  const first = Array.from(name)[0];
  const rest = name.slice(first.length);
  const matching = [];
  for (let point = 0; point < 0x110000; point++) {
    if (point >= 0xd800 && point < 0xe000) continue;
    if (BarbuBase.contractKey(String.fromCodePoint(point) + rest) === key) matching.push(point);
  }
  return matching;
}"""

ODD_NAMES = ["no_tricks", "NO-TRICKS", "No\tTricks", "Straße", "STRASSE", "ÉCARTÉ", "écarté", "Rıfkı", "RIFKI",
             "Rifki", "rıfkı", "ΟΔΟΣ", "οδος", "ﬁnal", "ǅ", "ſalade", "ＢＡＲＢＵ", "KING"]


def _python_match(contracts: list[str], text: str) -> str | None:
    return next((name for name in contracts if contract_key(name) == contract_key(text)), None)


@pytest.mark.parametrize("ref", ["king", "tournament", "french-classic"])
def test_the_page_matches_contract_names_as_python_does(pages, ref: str) -> None:
    """The page takes a typed or imported name for the contract Python's
    contract_key takes it for (docs/records.md: case, spaces, hyphens,
    underscores), and for no other: King's Rıfkı keeps its dotless ı, so
    'Rifki' is not Rıfkı.  Every bundled contract name is tried, and each
    of this spec's names with its first character replaced by every
    character of Unicode (lone surrogates aside, which a page's text
    cannot hold)."""
    page = pages.open(ref)
    contracts = [contract.name for contract in load_spec(ref).contracts]
    inputs = [contract.name for name in bundled_spec_names() for contract in load_spec(name).contracts]
    inputs += [text for name in contracts for text in (name.upper(), name.lower(), name.casefold())] + ODD_NAMES
    got = page.evaluate(MATCH, [contracts, inputs])
    assert [(text, found) for text, found in zip(inputs, got, strict=True)
            if found != _python_match(contracts, text)] == []
    points = [point for point in range(0x110000) if not 0xD800 <= point < 0xE000]
    for name in contracts[:2]:
        rest = name[1:]
        expected = [point for point in points if contract_key(chr(point) + rest) == contract_key(name)]
        assert page.evaluate(MATCH_EVERY_CODE_POINT, [contracts, name]) == expected, name
    assert pages.errors() == []


def test_a_score_sheets_page_carries_only_the_foldings_its_names_need() -> None:
    """The tournament's page folds what its letters need (A to Z, the long
    s, the Kelvin sign…), not Greek or Cherokee: a page stays small."""
    names = tuple(contract.name for contract in load_spec("tournament").contracts)
    table = folding_table(names)
    assert len(table["runs"]) + len(table["each"]) < len(folding_table()["runs"]) // 10
    assert "ſ" in table["each"] and "\u212a" in table["each"] and "Σ" not in table["each"]  # the Kelvin sign folds to k


FOLD_EVERY_CODE_POINT = """() => {
  const keys = [];
  for (let point = 0; point < 0x110000; point++) {
    if (point >= 0xd800 && point < 0xe000) continue;
    keys.push(BarbuBase.contractKey(String.fromCodePoint(point)));
  }
  return keys;
}"""


def test_the_online_tables_core_folds_every_character_as_python_does(browser) -> None:
    """The online table's rules core (``/core.js``, every spec's) carries
    the whole of Python's case folding: every character of Unicode folds
    on the page as Python's casefold folds it (JavaScript's own
    lowercasing, newer than Python's Unicode, would differ on 55)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!DOCTYPE html><title>core</title>")
        page.add_script_tag(content=core_script())
        got = page.evaluate(FOLD_EVERY_CODE_POINT)
    finally:
        context.close()
    points = [point for point in range(0x110000) if not 0xD800 <= point < 0xE000]
    assert [(hex(point), key) for point, key in zip(points, got, strict=True) if key != contract_key(chr(point))] == []


def test_case_folding_changes_nothing_beyond_the_pages_table() -> None:
    """The page's table searches the characters below FOLDED_END only:
    Python's casefold changes none beyond; the runs give back every folding."""
    assert all(chr(point).casefold() == chr(point) for point in range(FOLDED_END, 0x110000))
    table = folding_table()
    runs = table["runs"]
    unrolled = {chr(runs[r] + i * runs[r + 2]): chr(runs[r] + i * runs[r + 2] + runs[r + 3])
                for r in range(0, len(runs), 4) for i in range(runs[r + 1])}
    assert {**unrolled, **table["each"]} == case_folds()
    assert case_folds()["ß"] == "ss" and "ı" not in case_folds() and case_folds()["I"] == "i"
