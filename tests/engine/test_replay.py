"""Replaying hand records (docs/records.md) against bundled specs."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from barbu_dsl.engine import exit_status, replay_file, replay_record, replay_text
from barbu_dsl.language import load_spec

from .helpers import random_record

EXAMPLES_DIR = Path(__file__).with_name("examples")
SHARED_EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"
EXAMPLES = ["seed-doubling-example", "domino-with-passes", "trumps-in-progress", "no-hearts-illegal-lead"]


@pytest.fixture(scope="module")
def tournament():
    return load_spec("tournament")


def without_reason(result: dict[str, Any]) -> dict[str, Any]:
    result = copy.deepcopy(result)
    result.get("error", {}).pop("reason", None)
    return result


@pytest.mark.parametrize("name", EXAMPLES)
def test_shared_examples(tournament, name: str) -> None:
    """shared/examples (copied to tests/engine/examples): every key and
    value but a reason's wording must match."""
    record = json.loads((EXAMPLES_DIR / f"{name}.json").read_text(encoding="utf-8"))
    expected = json.loads((EXAMPLES_DIR / f"{name}.expected.json").read_text(encoding="utf-8"))
    result = replay_record(tournament, record)
    assert without_reason(result) == without_reason(expected)
    if "error" in expected:
        assert result["error"]["reason"]


def test_example_copies_are_current() -> None:
    """The copies in tests/engine/examples are the shared examples, unchanged."""
    if not SHARED_EXAMPLES.is_dir():
        pytest.skip("shared/examples is not beside this checkout")
    for name in EXAMPLES:
        for suffix in (".json", ".expected.json"):
            shared = (SHARED_EXAMPLES / f"{name}{suffix}").read_text(encoding="utf-8")
            assert (EXAMPLES_DIR / f"{name}{suffix}").read_text(encoding="utf-8") == shared, name


def test_example_file_exit_status(tournament) -> None:
    results, status = replay_file(tournament, EXAMPLES_DIR / "no-hearts-illegal-lead.json")
    assert status == 1 and results[0]["error"]["kind"] == "illegal_play"
    results, status = replay_file(tournament, EXAMPLES_DIR / "seed-doubling-example.json")
    assert status == 0 and results[0]["status"] == "complete"


# ---- bad records (checked first) ---------------------------------------------

def base(tournament) -> dict[str, Any]:
    return random_record(tournament, "No queens", 11)


def set_key(key: str, value: Any) -> Callable[[dict], None]:
    def change(record: dict) -> None:
        record[key] = value
    return change


def drop_key(key: str) -> Callable[[dict], None]:
    def change(record: dict) -> None:
        del record[key]
    return change


def duplicate_card(record: dict) -> None:
    record["hands"][1][0] = record["hands"][0][0]


def move_card(record: dict) -> None:
    record["hands"][1].append(record["hands"][0].pop())


def unknown_card(record: dict) -> None:
    record["hands"][2][3] = "1X"


def bad_play(record: dict) -> None:
    record["plays"][5] = "ZZ"


@pytest.mark.parametrize(("change", "words"), [
    (set_key("contract", "No kings"), "unknown contract"),
    (set_key("contract", 7), "malformed"),
    (drop_key("hands"), "malformed"),
    (set_key("declarer", 4), "malformed"),
    (set_key("declarer", True), "malformed"),
    (set_key("hands", [["AS"]] * 3), "wrong deal"),
    (duplicate_card, "duplicated card"),
    (move_card, "wrong hand sizes"),
    (unknown_card, "unknown card"),
    (bad_play, "unknown card"),
    (set_key("doubles", [[1, 9]]), "malformed double"),
    (set_key("doubles", [[1]]), "malformed double"),
    (set_key("trump", "H"), "has no trumps"),
    (set_key("start_rank", "7"), "not a domino contract"),
])
def test_bad_records(tournament, change: Callable[[dict], None], words: str) -> None:
    """docs/records.md: bad_record for malformed records, unknown contracts,
    wrong deals and hand sizes."""
    record = base(tournament)
    change(record)
    result = replay_record(tournament, record)
    assert result["error"]["kind"] == "bad_record", result
    assert words in result["error"]["reason"]
    assert exit_status(result) == 2


def test_missing_trump_and_start_rank(tournament) -> None:
    """docs/records.md: a missing trump or starting rank is a bad record."""
    trumps = random_record(tournament, "Trumps", 3)
    trumps["trump"] = None
    assert "missing trump" in replay_record(tournament, trumps)["error"]["reason"]
    domino = random_record(tournament, "Domino", 3)
    del domino["start_rank"]
    assert "missing start rank" in replay_record(tournament, domino)["error"]["reason"]


def test_contract_names_match_loosely(tournament) -> None:
    """docs/records.md: names match without regard to case, spaces, hyphens, underscores."""
    record = base(tournament)
    record["contract"] = "NO-queens"
    assert replay_record(tournament, record)["status"] == "complete"


def test_validation_order(tournament) -> None:
    """bad_record first, then doubles, then plays."""
    record = base(tournament)
    record["doubles"] = [[2, 2]]
    record["plays"][0] = record["plays"][1]
    assert replay_record(tournament, record)["error"]["kind"] == "illegal_double"
    duplicate_card(record)
    assert replay_record(tournament, record)["error"]["kind"] == "bad_record"


def test_illegal_double_reports_the_pair(tournament) -> None:
    record = random_record(tournament, "Trumps", 5)
    declarer = record["declarer"]
    others = [s for s in range(4) if s != declarer]
    record["doubles"] = [[others[0], others[1]]]
    result = replay_record(tournament, record)
    assert result["error"]["kind"] == "illegal_double"
    assert result["error"]["pair"] == [others[0], others[1]]
    assert exit_status(result) == 1


# ---- plays ---------------------------------------------------------------------

def test_plays_after_the_end(tournament) -> None:
    """docs/rules.md section 1: plays after the end of a hand are an error."""
    record = random_record(tournament, "Barbu", 0)
    played = len(record["plays"])
    assert played < 52  # K♥ was taken early: the hand ended
    leftover = [c for hand in record["hands"] for c in hand if c not in record["plays"]]
    record["plays"].append(leftover[0])
    assert replay_record(tournament, record) == {"error": {"kind": "after_end", "index": played}}


def test_in_progress(tournament) -> None:
    record = random_record(tournament, "No hearts", 4, stop=9)
    result = replay_record(tournament, record)
    assert list(result) == ["status", "to_play", "legal", "raw"]
    assert result["status"] == "in_progress" and result["legal"]


def test_in_progress_domino_pass(tournament) -> None:
    """docs/records.md: a domino seat with no playable card has "legal": ["pass"]."""
    for seed in range(40):
        record = random_record(tournament, "Domino", seed)
        if "pass" in record["plays"]:
            break
    index = record["plays"].index("pass")
    record["plays"] = record["plays"][:index]
    result = replay_record(tournament, record)
    assert result["status"] == "in_progress" and result["legal"] == ["pass"]
    assert "placings" in result


def test_not_played_variant(tournament) -> None:
    """docs/rules.md section 2 variant 4: nobody doubled the declarer."""
    spec = load_spec("tournament+undoubled-not-played")
    record = random_record(spec, "No tricks", 1)
    declarer = record["declarer"]
    result = replay_record(spec, record)
    assert result == {"error": {"kind": "after_end", "index": 0}}
    record["plays"] = []
    result = replay_record(spec, record)
    expected_raw = [1 if seat == declarer else -9 for seat in range(4)]
    assert result == {"status": "not_played", "raw": expected_raw, "transfers": [0] * 4, "final": expected_raw}
    doubled = random_record(spec, "No tricks", 1, doubles=[((declarer + 1) % 4, declarer)])
    assert replay_record(spec, doubled)["status"] == "complete"
    positive = random_record(spec, "Trumps", 1)
    assert replay_record(spec, positive)["status"] == "complete"


def test_hearts_spec(tournament) -> None:
    """The hearts spec: 2♣ leads, shoot the moon; totals 26 or 78."""
    spec = load_spec("hearts")
    for seed in range(20):
        result = replay_record(spec, random_record(spec, "Hearts", seed))
        assert result["status"] == "complete"
        assert sum(result["raw"]) in (26, 78)


# ---- files ----------------------------------------------------------------------

def test_json_lines(tournament, tmp_path: Path) -> None:
    """docs/records.md: one JSON line per record, exit status the worst."""
    good = json.dumps(base(tournament))
    text = f"{good}\n{{not json\n\n{good}\n"
    results = replay_text(tournament, text)
    assert [r.get("status") or r["error"]["kind"] for r in results] == ["complete", "bad_record", "complete"]
    path = tmp_path / "records.jsonl"
    path.write_text(good + "\n", encoding="utf-8")
    results, status = replay_file(tournament, path)
    assert status == 0 and len(results) == 1
    path.write_text(text, encoding="utf-8")
    assert replay_file(tournament, path)[1] == 2
    assert replay_file(tournament, tmp_path / "missing.json")[1] == 2
    pretty = tmp_path / "one.json"
    pretty.write_text(json.dumps(base(tournament), indent=2), encoding="utf-8")
    assert replay_file(tournament, pretty)[0][0]["status"] == "complete"


def test_replaying_a_thousand_records(tournament) -> None:
    """A thousand JSON Lines records, one result each (their speed is
    measured in benchmarks/engine_speed.py, not here)."""
    names = [c.name for c in tournament.contracts]
    records = [random_record(tournament, names[i % len(names)], i) for i in range(1000)]
    text = "\n".join(json.dumps(r) for r in records)
    results = replay_text(tournament, text, lines=True)
    assert len(results) == 1000 and all("error" not in r for r in results)


def test_result_lines(tournament) -> None:
    """Without --json the CLI prints one readable line per result."""
    from barbu_dsl.engine import result_line

    record = json.loads((EXAMPLES_DIR / "no-hearts-illegal-lead.json").read_text(encoding="utf-8"))
    line = result_line(replay_record(tournament, record))
    assert "2H" in line and "seat 3" in line and "heart lead" in line
    assert result_line(replay_record(tournament, base(tournament))).startswith("complete: raw [")


def test_start_rank_may_be_any_rank_number(tournament) -> None:
    """docs/records.md: the starting rank as a rank; 11-14 are J Q K A."""
    record = json.loads((EXAMPLES_DIR / "domino-with-passes.json").read_text(encoding="utf-8"))
    for value in (4, "4"):
        record["start_rank"] = value
        assert replay_record(tournament, record)["status"] == "complete"
    record["start_rank"] = 11  # a jack start: the first play, 4D, does not open diamonds
    assert replay_record(tournament, record)["error"]["kind"] == "illegal_play"
    record["start_rank"] = 15
    assert replay_record(tournament, record)["error"]["kind"] == "bad_record"


@pytest.mark.parametrize("doubles", [{}, 0, False, "", "[[1, 0]]"])
def test_doubles_must_be_a_list(tournament, doubles) -> None:
    record = json.loads((EXAMPLES_DIR / "seed-doubling-example.json").read_text(encoding="utf-8"))
    record["doubles"] = doubles
    assert replay_record(tournament, record)["error"]["kind"] == "bad_record"


def test_a_number_that_is_no_card_is_an_illegal_play(tournament) -> None:
    from barbu_dsl.engine import IllegalPlay, deal, hand_for

    hand = hand_for(tournament, "No tricks", deal(tournament, 4, 1), 0)
    with pytest.raises(IllegalPlay) as caught:
        hand.play(60)
    assert caught.value.details["card"] == "60" and caught.value.reason == "60 is not a card"


# ---- a record with one typo -----------------------------------------------------

def with_stray_comma(name: str) -> tuple[str, int, int]:
    """The worked example ``name``, pretty-printed as docs/records.md's
    examples are, with one stray comma after the first line that ends in a
    comma; the damaged text, and the line and column of the stray comma."""
    lines = (EXAMPLES_DIR / f"{name}.json").read_text(encoding="utf-8").splitlines()
    number = next(n for n, line in enumerate(lines) if n > 0 and line.endswith(","))
    lines[number] += ","
    return "\n".join(lines) + "\n", number + 1, len(lines[number])


def bad_records(results: list[dict[str, Any]]) -> list[str]:
    return [r["error"]["reason"] for r in results if r.get("error", {}).get("kind") == "bad_record"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_json_record_with_a_stray_comma_is_one_error_at_the_comma(tournament, tmp_path: Path, name: str) -> None:
    """docs/records.md: a .json file is one JSON object; one stray comma is
    one error at its line (the next key is expected where the comma
    stands), not an error for every line read as JSON Lines."""
    text, line, column = with_stray_comma(name)
    path = tmp_path / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    results, status = replay_file(tournament, path)
    assert status == 2 and len(results) == 1
    (reason,) = bad_records(results)
    assert reason.startswith("malformed JSON at line ") and "JSON Lines" not in reason
    where = int(reason.split("line ")[1].split(",")[0])
    assert line <= where <= line + 1, (reason, line, column)
    assert replay_text(tournament, text) == results  # read from elsewhere than a .json file, the same


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_pretty_record_in_a_jsonl_file_is_one_error(tournament, tmp_path: Path, name: str) -> None:
    """docs/records.md: a .jsonl file holds one record a line; a record
    written over several lines (whole or with a stray comma) is one error
    that says so, with the comma's line when there is one."""
    text, line, _ = with_stray_comma(name)
    path = tmp_path / f"{name}.jsonl"
    path.write_text(text, encoding="utf-8")
    results, status = replay_file(tournament, path)
    (reason,) = bad_records(results)
    assert status == 2 and len(results) == 1
    assert reason.startswith("line 1 starts a JSON value written over several lines")
    assert f"malformed at line {line}, " in reason or f"malformed at line {line + 1}, " in reason
    assert "hint: write each record on one line" in reason
    path.write_text((EXAMPLES_DIR / f"{name}.json").read_text(encoding="utf-8"), encoding="utf-8")
    (reason,) = bad_records(replay_file(tournament, path)[0])
    assert "several lines" in reason and "malformed at" not in reason


def test_json_lines_saved_as_json_is_one_error_with_a_hint(tournament, tmp_path: Path) -> None:
    """A .json file is one document: records a line in it, one of them
    broken, give one error at the broken line and say to name it .jsonl."""
    good = json.dumps(base(tournament))
    path = tmp_path / "game.json"
    path.write_text(f"{good}\n{good}\n{good[:-1]},}}\n{good}\n", encoding="utf-8")
    results, status = replay_file(tournament, path)
    (reason,) = bad_records(results)
    assert status == 2 and len(results) == 1
    assert reason.startswith("malformed JSON on line 3, column ") and reason.endswith("name it .jsonl")
    path.rename(tmp_path / "game.jsonl")
    results, status = replay_file(tournament, tmp_path / "game.jsonl")
    assert [r.get("status") or r["error"]["kind"] for r in results] == ["complete", "complete", "bad_record",
                                                                         "complete"]


def test_lines_that_are_not_json_are_reported_up_to_a_limit(tournament, tmp_path: Path) -> None:
    """A JSON Lines file of many broken lines names the first ones and
    counts the rest in one more error; the good records still replay."""
    from barbu_dsl.runtime.records import LINE_ERRORS

    good = json.dumps(base(tournament))
    path = tmp_path / "many.jsonl"
    path.write_text(good + "\n" + "\n".join(["{not json"] * (LINE_ERRORS + 25)) + "\n" + good + "\n", encoding="utf-8")
    results, status = replay_file(tournament, path)
    reasons = bad_records(results)
    assert status == 2 and [r.get("status") for r in results].count("complete") == 2
    assert len(reasons) == LINE_ERRORS + 1
    assert reasons[0] == "malformed JSON on line 2, column 2: Expecting property name enclosed in double quotes"
    assert reasons[-1] == "and 25 more lines are not JSON"
