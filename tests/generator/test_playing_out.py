"""Playing out (docs/rules.md section 1) in the generated code: the checked-in
Hearts package replays a complete 13-trick hand as complete."""

from __future__ import annotations

import json

from .conftest import ROOT

RECORD = json.loads((ROOT / "tests" / "engine" / "records" / "hearts-played-out.json").read_text(encoding="utf-8"))


def test_generated_hearts_package_plays_every_trick(checked_in) -> None:
    result = checked_in("hearts").replay(RECORD)
    assert result["status"] == "complete" and result["tricks_played"] == 13
    assert result["raw"] == [20, 1, 5, 0]
