"""Fill in the clause table's rows: ``python tests/clauses/fill.py``.

A new row needs its ``id``, ``rules``, ``clause``, a ``seed`` (and, when
the contract asks for them, ``trump`` or ``start_rank``; ``hands`` when the
deal matters, else the deal of the seed) and a ``why``.  This plays the
hand with the generated package's random playout from ``seed`` and writes
``hands``, ``plays``, ``refused``, ``took`` and ``raw`` as the engine finds
them; the ``why`` must then explain those numbers, worked out by hand.
A row already filled in is played again and must come out the same
(``--force`` rewrites it), so that this never changes a checked row.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from barbu_dsl.engine.base import move_str  # noqa: E402
from barbu_dsl.engine.replay import replay_record  # noqa: E402
from barbu_dsl.files import atomic_write  # noqa: E402
from barbu_dsl.lab.backend import generated_package  # noqa: E402
from barbu_dsl.language import parse_spec  # noqa: E402
from barbu_dsl.language.model import Mechanic  # noqa: E402
from barbu_dsl.language.parser import parse_line  # noqa: E402
from clauses.table import TABLE, document, engine_hand, engine_took, spec_of  # noqa: E402

ORDER = ("id", "spec", "rules", "clause", "declarer", "trump", "start_rank", "seed", "hands", "plays", "refused",
         "took", "raw", "why")


def play(row: dict[str, Any]) -> dict[str, Any]:
    """The row with its hand played and its facts found."""
    group = row.get("spec", "clauses")
    spec = spec_of(group)
    package = generated_package(spec)
    players = len(row["hands"]) if "hands" in row else spec.players[0]
    hands = row.get("hands") or package.deal(row["seed"], players)
    moves: list[int] = []
    package.rollout(row["id"], random.Random(row["seed"]), players=players, declarer=row.get("declarer", 0),
                    trump=row.get("trump"), start_rank=row.get("start_rank"), hands=hands, moves=moves)
    filled = dict(row, declarer=row.get("declarer", 0), trump=row.get("trump"), start_rank=row.get("start_rank"),
                  hands=[list(cards) for cards in hands], plays=[package.cards.MOVE_STR[move] for move in moves])
    record = {"contract": row["id"], **{key: filled[key] for key in ("declarer", "trump", "start_rank", "hands",
                                                                         "plays")}}
    result = replay_record(spec, record)
    assert result.get("status") == "complete", result
    filled["raw"] = result["raw"]
    filled["took"] = engine_took(spec, record)
    filled["refused"] = refused(spec, group, row, record)
    return filled


def refused(spec: Any, group: str, row: dict[str, Any], record: dict[str, Any]) -> dict[str, Any] | None:
    """The first move of the hand that the row's clause forbids and the line
    without it allows, or None (the clause changes no legal move here, or
    the line means nothing without it)."""
    line = ", ".join(part.strip() for part in row["rules"].split(", ") if part.strip() != row["clause"])
    if line == row["rules"] or not all(isinstance(clause, Mechanic) for group in parse_line(row["clause"])
                                       for clause, _ in group):
        return None
    try:
        without = parse_spec(document()["specs"][group] + f"contracts:\n  {row['id']}: {line}\n", "without.yaml")
    except Exception:  # noqa: BLE001 -- a line that needs the clause has no "without"
        return None
    for index in range(len(record["plays"])):
        strict = engine_hand(spec, record, index)
        try:
            loose = engine_hand(without, record, index)
        except Exception:  # noqa: BLE001 -- the hand means nothing without the clause (no trumps to name)
            return None
        if loose.is_over or loose.to_play != strict.to_play:
            return None  # the hands part ways: the clause changed who took a trick, not what may be played
        extra = sorted(set(loose.legal_moves()) - set(strict.legal_moves()))
        if extra:
            return {"at": index, "card": move_str(extra[0])}
    return None


def dump(value: Any) -> str:
    """``value`` as YAML on one line."""
    return yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10**6).strip()[1:-1]


def emit(row: dict[str, Any]) -> str:
    """One row in the table's layout: a key a line, the hands a seat a line,
    the plays a trick (or a round of turns) a line, the ``why`` folded."""
    lines = [f"  - id: {row['id']}"]
    for key in ORDER[1:]:
        if key not in row or (key == "spec" and row[key] == "clauses"):
            continue
        value = row[key]
        if key == "hands":
            lines.append("    hands:")
            lines += [f"      - {dump(cards)}" for cards in value]
        elif key == "plays":
            width = len(row["hands"])
            chunks = [value[i:i + width] for i in range(0, len(value), width)]
            text = ",\n      ".join(", ".join(chunk) for chunk in chunks)
            lines.append(f"    plays: [{text}]")
        elif key == "why":
            words = " ".join(str(value).split())
            lines.append("    why: >-")
            line = ""
            for word in words.split(" "):
                if line and len(line) + 1 + len(word) > 100:
                    lines.append("      " + line)
                    line = word
                else:
                    line = f"{line} {word}" if line else word
            lines.append("      " + line)
        else:
            lines.append(f"    {key}: {dump(value)}")
    return "\n".join(lines) + "\n"


def main(force: bool) -> int:
    text = TABLE.read_text(encoding="utf-8")
    head = text[:text.index("\nrows:\n")] + "\nrows:\n"
    out, changed = [], []
    for row in document()["rows"]:
        filled = play(row)
        if "plays" in row and not force:
            for key in ("hands", "plays", "refused", "took", "raw"):
                if row.get(key) != filled.get(key):
                    changed.append(f"{row['id']}: {key} {row.get(key)} -> {filled.get(key)}")
            filled = row
        out.append(emit(filled))
        print(row["id"], filled["raw"], filled["took"], filled.get("refused"))
    for problem in changed:
        print("differs:", problem, file=sys.stderr)
    if changed:
        return 1
    atomic_write(TABLE, head + "\n".join(out), overwrite=True)
    return 0


if __name__ == "__main__":
    sys.exit(main("--force" in sys.argv[1:]))
