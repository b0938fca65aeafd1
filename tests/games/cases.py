"""The games of ``barbu play --json`` kept as golden files: a few seeds of
every bundled spec, of each variant and scale on its own, at every player
count a spec allows, with rule, random and mixed bots (the strong bot
thinking little, to stay quick).

Each case is the command line's options; its golden is the JSON object
``barbu play --json`` prints and the SHA-256 of the ``--record`` JSON
Lines (every card of every hand), so that a changed card anywhere shows.
``python -m tests.games.cases`` (or ``BARBU_UPDATE_GOLDEN=1 python -m
pytest tests/games``) writes them again."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

from barbu_dsl.language import load_spec
from barbu_dsl.table import PlayOptions, Streams, play

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"

BASES = ("tournament", "french-classic", "bouillabaisse", "hearts", "king", "leaver-3p", "french-32")


def cases() -> dict[str, list[dict[str, Any]]]:
    """The cases of each golden file (named after its spec), in order."""
    found: dict[str, list[dict[str, Any]]] = {}
    for base in BASES:
        spec = load_spec(base)
        default = 4 if 4 in spec.players else spec.players[0]
        names = [base] + [f"{base}+{v}" for v in (o.name for o in spec.overlays)]
        for name in names:
            found[name] = [
                {"spec": name, "seed": 0, "players": default, "bots": "rules"},
                {"spec": name, "seed": 1, "players": default, "bots": "rules"},
                {"spec": name, "seed": 2, "players": default, "bots": "random"},
            ]
        for count in spec.players:
            if count != default:
                found[base].append({"spec": base, "seed": 0, "players": count, "bots": "rules"})
                found[base].append({"spec": base, "seed": 4, "players": count, "bots": "random"})
        mixed = ",".join(("strong", "rules", "random")[seat % 3] for seat in range(default))
        found[base].append({"spec": base, "seed": 3, "players": default, "bots": mixed, "think": 0.05})
    return found


def run(case: dict[str, Any], tmp: Path) -> dict[str, Any]:
    """What ``barbu play --json --record`` gives for ``case``."""
    record = tmp / "record.jsonl"
    record.unlink(missing_ok=True)
    out, err = io.StringIO(), io.StringIO()
    options = PlayOptions(spec=case["spec"], seed=case["seed"], players=case["players"], bots=case["bots"],
                          think=case.get("think", 1.0), as_json=True, record=record)
    code = play(options, Streams(out, err, io.StringIO()))
    assert code == 0, err.getvalue()
    records = record.read_bytes()
    return {"case": case, "game": json.loads(out.getvalue()), "records_sha256": hashlib.sha256(records).hexdigest()}


def golden_path(name: str) -> Path:
    return GOLDEN / f"{name.replace('+', '_')}.json"


def write_all(tmp: Path) -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, todo in cases().items():
        games = [run(case, tmp) for case in todo]
        golden_path(name).write_text(golden_text(games), encoding="utf-8")


def golden_text(games: list[dict[str, Any]]) -> str:
    """The games as JSON, a hand a line (diffs show the hands that changed)."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    parts = []
    for played in games:
        game = dict(played["game"])
        hands = game.pop("hands")
        parts.append("{\"case\": " + line(played["case"]) + ",\n \"records_sha256\": " + line(played["records_sha256"])
                     + ",\n \"game\": " + line(game)[:-1] + ", \"hands\": [\n  "
                     + ",\n  ".join(line(hand) for hand in hands) + "]}}")
    return "[\n" + ",\n".join(parts) + "\n]\n"


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        write_all(Path(folder))


SIMULATIONS = {
    "rules-tournament-brader": "tournament tournament+brader --games 40 --seed 3",
    "random-tournament": "tournament --games 30 --seed 1 --bots random",
    "mixed-french-classic-3p": "french-classic --games 12 --seed 2 --bots random,rules,rules --players 3",
    "contract-trumps": "tournament --contract Trumps --hands 60 --seed 5 --bots rules,random,rules,random",
    "contract-domino-random": "tournament --contract Domino --hands 40 --seed 5 --bots random",
    "strong-leaver-3p": "leaver-3p --games 2 --bots strong,rules,random --players 3",
    "random-king": "king --games 6 --bots random --seed 9",
}
"""Studies of ``barbu simulate ... --json`` kept as golden files (``golden/simulate/NAME.json``)."""
