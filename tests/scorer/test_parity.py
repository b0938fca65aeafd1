"""Every bundled spec and variant: whole evenings played by the engine
(random bots, random doubles), read off as score-sheet facts
(docs/sheet.md), score in the web page exactly as ``barbu replay`` scored
each hand, and a game imported into the page keeps the Python sheet's
running totals, winners and exchange file."""

from __future__ import annotations

import random

import pytest
from sheet.helpers import sheet_hand

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game
from barbu_dsl.engine.replay import replay_record
from barbu_dsl.language import load_spec
from barbu_dsl.resources import bundled_spec_names
from barbu_dsl.runtime.records import contract_key
from barbu_dsl.runtime.suggestion import closest
from barbu_dsl.sheet.game import SheetGame

REFS = list(bundled_spec_names())
REFS += [f"{name}+{o.name}" for name in bundled_spec_names() for o in load_spec(name).overlays]
SEEDS = {name: (1, 2) for name in bundled_spec_names()}  # a variant changes a few contracts: one evening each
SEEDS["hearts+no-passing"] = (1, 2)  # but an evening of Hearts is four hands

SCORE_ALL = """(cases) => cases.map(([hand, players]) => {
  try { return window.barbuSheet.scoreHand(hand, players); }
  catch (error) { return {error: error.message}; }
})"""

IMPORT_ALL = """(games) => games.map((game) => {
  try {
    window.barbuSheet.importGame(game);
    return {totals: window.barbuSheet.totals(), winners: window.barbuSheet.winners(),
            exported: window.barbuSheet.exportGame()};
  } catch (error) { return {error: error.message}; }
})"""


def names(players: int) -> list[str]:
    return [f"P{seat}" for seat in range(players)]


def evenings(ref: str):
    """(expected results, sheet hands, Python game) of each evening of ``ref``."""
    spec = load_spec(ref)
    for players in spec.players:
        for seed in SEEDS.get(ref, (1,)):
            result = play_game(spec, make_bots(["random"], players, seed=seed), seed=seed, players=players)
            game = SheetGame.new(ref, names(players), spec)
            hands, expected = [], []
            for played in result.hands:
                replayed = replay_record(spec, played.record)
                hand = sheet_hand(spec, played)
                if played.number % 5 == 4 and "took" in hand:  # now and then the scores are entered directly
                    del hand["took"]
                    hand["raw"] = replayed["raw"]
                assert game.add(hand).final == tuple(replayed["final"])  # the Python sheet scores as replay
                hands.append(hand)
                expected.append(replayed)
            assert game.totals == result.totals
            yield players, hands, expected, game


@pytest.mark.parametrize("ref", REFS)
def test_engine_evenings_score_as_barbu_replay_in_the_page(pages, ref: str) -> None:
    cases, expected, games = [], [], []
    for players, hands, replayed, game in evenings(ref):
        cases += [[hand, players] for hand in hands]
        expected += replayed
        games.append(game)
    page = pages.open(ref)
    scored = page.evaluate(SCORE_ALL, cases)
    for (hand, _), want, got in zip(cases, expected, scored):
        status = "not_played" if want["status"] == "not_played" else "raw" if "raw" in hand else "played"
        assert got == {"status": status, "raw": want["raw"], "transfers": want["transfers"],
                       "final": want["final"]}, (ref, hand)
    imported = page.evaluate(IMPORT_ALL, [game.to_json() for game in games])
    for game, got in zip(games, imported):
        assert got == {"totals": list(game.totals), "winners": list(game.winners), "exported": game.to_json()}
    assert len(cases) >= 8


def test_close_contract_names_as_python(pages) -> None:
    """SheetGame._contract's "did you mean": the page's port of
    runtime.suggestion.closest (difflib over the names' contract keys, at
    the cutoff the page is given) picks the same names."""
    spec = load_spec("french-classic")
    contracts = [c.name for c in spec.contracts]
    rng = random.Random(5)
    words = []
    for _ in range(300):
        name = rng.choice(contracts)
        letters = list(name)
        for _ in range(rng.randrange(0, 8)):
            where = rng.randrange(len(letters) + 1)
            if rng.random() < 0.5 and letters:
                del letters[min(where, len(letters) - 1)]
            else:
                letters.insert(where, rng.choice("aeiou xyzWith"))
        words.append("".join(letters))
    words += ["", "x" * 250, "With " * 60, "Mini"]
    page = pages.open("french-classic")
    got = page.evaluate("([words, names]) => words.map((w) => BarbuCore.closeMatch(w, names))", [words, contracts])
    want = [closest(w, contracts, contract_key) for w in words]
    assert got == want


def as_float(value: object, rng: random.Random) -> object:
    """``value`` with its whole numbers written as floats (``3`` as ``3.0``), now and then."""
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value) if rng.random() < 0.5 and abs(value) < 2**53 else value
    if isinstance(value, list):
        return [as_float(item, rng) for item in value]
    if isinstance(value, dict):
        return {key: as_float(item, rng) for key, item in value.items()}
    return value


def test_mutated_hands_mean_the_same_to_the_page_and_to_python(pages) -> None:
    """Hands a scorer entered, each changed once anywhere (a count off by
    one, a key dropped, a value of another type, 1.0 for 1, ...): the page
    accepts exactly the hands Python accepts, and scores them the same.
    1.0 had been accepted by the page and refused by Python."""
    from barbu_dsl.fuzzing import mutate_record
    from barbu_dsl.sheet.hand import score_hand

    spec = load_spec("tournament")
    rng = random.Random(7)
    hands = [hand for _, hands, _, _ in evenings("tournament") for hand in hands]
    cases = []
    for _ in range(600):
        hand = mutate_record(rng.choice(hands), rng)
        if rng.random() < 0.3:
            hand = as_float(hand, rng)
        cases.append(hand)
    page = pages.open("tournament")
    scored = page.evaluate(SCORE_ALL, [[hand, 4] for hand in cases])
    for hand, got in zip(cases, scored):
        python, _ = score_hand(spec, 4, hand)
        if python is None:
            assert "error" in got, hand
        else:
            assert got == {"status": python.status, "raw": list(python.raw), "transfers": list(python.transfers),
                           "final": list(python.final)}, hand
