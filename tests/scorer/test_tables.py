"""The page's JavaScript reads cards, suits, ranks and contract names with
the same tables as the runtime (barbu_dsl.runtime.cards and .records,
which the interpreter imports and every generated package carries), and
gives the same answers for every entry of those tables and for the odd
inputs a person types (docs/records.md, docs/sheet.md)."""

from __future__ import annotations

import json

from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.runtime import cards as C
from barbu_dsl.runtime.records import contract_key
from barbu_dsl.scorer.core import FOLDED_END, case_folds, folding_table
from barbu_dsl.scorer.data import words

ODD = ["", " ", "q", "QH ", " qh", "10", "1", "11", "T", "t♠", "10♣", "a♥", "Q♥\ufe0f", "K♠\ufe0e", "DD", "RC",
       "QQ", "AHH", "A H", "♥", "hearts", " Cœurs ", "SIXES", "sixs", "dame", "Re", "\u2003ace\u2003", "X", "0"]

RUN = """([words, cards, suits, ranks, names]) => {
  const parser = new BarbuBase.Cards(words);
  return {
    cards: cards.map((text) => parser.parseRecord(text)),
    strs: Array.from({ length: 52 }, (_, card) => parser.str(card)),
    suits: suits.map((text) => parser.parseSuit(text)),
    ranks: ranks.map((text) => parser.parseRank(text)),
    keys: names.map((name) => BarbuBase.contractKey(name)),
  };
}"""


def test_the_page_reads_what_the_runtime_reads(pages) -> None:
    page = pages.open("tournament")
    cards = sorted(C.CARD_OF) + [text.upper() for text in C.CARD_OF] + ODD
    suits = sorted(C.SUIT_WORDS) + [word.upper() for word in C.SUIT_WORDS] + ODD
    ranks = sorted(C.RANK_PREFIXES) + sorted(C.RANK_WORDS) + [word.title() for word in C.RANK_WORDS] + ODD
    names = [contract.name for name in bundled_spec_names() for contract in load_spec(name).contracts]
    names += ["no_tricks", "NO-TRICKS", "No\tTricks", "Straße", "ÉCARTÉ"]
    got = page.evaluate(RUN, [json.loads(json.dumps(words())), cards, suits, ranks, names])
    assert got["strs"] == list(C.CARD_STRS)
    assert _differences(cards, got["cards"], C.parse_record_card) == []
    assert _differences(suits, got["suits"], C.parse_suit) == []
    assert _differences(ranks, got["ranks"], C.parse_rank) == []
    assert _differences(names, got["keys"], contract_key) == []
    assert pages.errors() == []


def _differences(inputs: list[str], page: list[object], python: object) -> list[tuple[str, object, object]]:
    return [(text, found, python(text)) for text, found in zip(inputs, page, strict=True)  # type: ignore[operator]
            if found != python(text)]  # type: ignore[operator]


def test_the_page_folds_contract_names_as_python_does(pages) -> None:
    """King's Rıfkı keeps its dotless ı: the page does not take 'Rifki' for it."""
    page = pages.open("king")
    names = ["Rıfkı", "RIFKI", "Rifki", "rıfkı", "STRASSE", "Straße", "ΟΔΟΣ", "οδος", "ﬁnal", "ǅ"]
    got = page.evaluate("(names) => names.map((name) => BarbuBase.contractKey(name))", names)
    assert got == [contract_key(name) for name in names]


FOLD_EVERY_CODE_POINT = """() => {
  const differ = [];
  for (let point = 0; point < 0x110000; point++) {
    if (point >= 0xd800 && point < 0xe000) continue;
    differ.push(BarbuBase.contractKey(String.fromCodePoint(point)));
  }
  return differ;
}"""


def test_the_page_folds_every_character_as_python_does(pages) -> None:
    """Every character of Unicode, folded by the page as by Python's casefold
    (lone surrogates aside, which a page's text cannot hold)."""
    page = pages.open("tournament")
    points = [point for point in range(0x110000) if not 0xD800 <= point < 0xE000]
    got = page.evaluate(FOLD_EVERY_CODE_POINT)
    differ = [(hex(point), key, contract_key(chr(point))) for point, key in zip(points, got, strict=True)
              if key != contract_key(chr(point))]
    assert differ == []


def test_case_folding_changes_nothing_beyond_the_pages_table() -> None:
    """The page's table searches the characters below FOLDED_END only:
    Python's casefold changes none beyond; the runs give back every folding."""
    assert all(chr(point).casefold() == chr(point) for point in range(FOLDED_END, 0x110000))
    table = folding_table()
    unrolled = {chr(first + i * step): chr(first + i * step + shift)
                for first, count, step, shift in table["runs"] for i in range(count)}
    assert {**unrolled, **table["longer"]} == case_folds()
    assert case_folds()["ß"] == "ss" and "ı" not in case_folds() and case_folds()["I"] == "i"
