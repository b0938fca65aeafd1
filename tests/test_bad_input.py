"""Bad input never crashes: any text given as a spec, and any JSON given as
a hand record, gets a SpecError / an error object, never another exception
(hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_dsl import SpecError, UsageError
from barbu_dsl.engine import replay_record
from barbu_dsl.language import load_spec, parse_spec

FRAGMENTS = [
    "name: x\n", "contracts:\n", "  A: ", "−2 per trick", "A♥ −6", ", ", "; ", "no ♥ lead", "trumps", "domino",
    "placings +1 +2", "−36 most of one suit", "players: ", "3-7", "[3, 9]", "decks:\n  5: [2♣]\n", "extends: ",
    "tournament\n", "apply: [ravage-city]\n", "game: {aim: lowest}\n", "doubling: false\n", "variants:\n  v:\n",
    "    contracts:\n      A: {remove: −2 per trick}\n", "{", "}", "[", ":", "\n", "  ", "#", "'", '"', "&a", "*a",
    "!!python/object", "2♣ leads", "Q♠ breaks ♥", "shed K♥ when safe", "2 high", "all or nothing", "\t",
]

spec_texts = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join),
    st.text(max_size=200),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec_texts)
def test_any_spec_text_is_a_spec_or_a_spec_error(text: str) -> None:
    try:
        parse_spec(text, "fuzz.yaml")
    except (SpecError, UsageError) as error:
        assert str(error)


TOURNAMENT = load_spec("tournament+undoubled-not-played")
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from(["AS", "2C", "pass", "QH", "10D", "x"])),
    lambda inner: st.one_of(st.lists(inner, max_size=14), st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=40,
)


@st.composite
def records(draw: st.DrawFn) -> object:
    record = {
        "contract": draw(st.sampled_from(["No hearts", "domino", "TRUMPS", "nope", 3, None])),
        "declarer": draw(st.one_of(st.integers(-1, 5), json_values)),
        "hands": draw(st.one_of(json_values, st.just([["AS"] * 13] * 4))),
        "plays": draw(json_values),
        "doubles": draw(json_values),
        "trump": draw(st.one_of(st.sampled_from(["S", "♥", "x", None]), json_values)),
        "start_rank": draw(st.one_of(st.sampled_from(["7", "A", 11, 0, None]), json_values)),
    }
    for key in draw(st.lists(st.sampled_from(sorted(record)), max_size=3)):
        record.pop(key, None)
    return draw(st.one_of(st.just(record), json_values))


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_any_record_replays_to_a_result_or_an_error_object(record: object) -> None:
    result = replay_record(TOURNAMENT, record)
    json.dumps(result)
    if "error" in result:
        assert result["error"]["kind"] in ("illegal_play", "illegal_double", "bad_record", "after_end")
    else:
        assert result["status"] in ("complete", "in_progress", "not_played")


CARDS = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]


@st.composite
def mutated_records(draw: st.DrawFn) -> dict:
    """A valid deal with random plays and doubles: most of them break rules."""
    from random import Random

    deck = list(CARDS)
    Random(draw(st.integers(0, 10**6))).shuffle(deck)
    return {
        "contract": draw(st.sampled_from([c.name for c in TOURNAMENT.contracts])),
        "declarer": draw(st.integers(0, 3)),
        "trump": draw(st.sampled_from(["S", "H", "D", "C"])),
        "start_rank": draw(st.sampled_from(["2", "5", "J", "A", 7])),
        "hands": [sorted(deck[i * 13:(i + 1) * 13]) for i in range(4)],
        "plays": draw(st.lists(st.sampled_from([*CARDS, "pass"]), max_size=60)),
        "doubles": draw(st.lists(st.lists(st.integers(0, 3), min_size=2, max_size=2), max_size=6)),
    }


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_random_plays_and_doubles_on_a_valid_deal(record: dict) -> None:
    result = replay_record(TOURNAMENT, record)
    if "error" in result:
        kind = result["error"]["kind"]
        assert kind in ("illegal_play", "illegal_double", "bad_record", "after_end")
        if kind == "illegal_play":
            assert 0 <= result["error"]["index"] < len(record["plays"])
    else:
        assert result["status"] in ("complete", "in_progress", "not_played")
