"""The studies shipped in ``docs/studies/``, each made by one command:

    python -m barbu_dsl.lab.studies NAME [DIRECTORY]

writes ``DIRECTORY/NAME.md`` (the settings, the command, the tables the
lab printed and the findings read off them) and ``DIRECTORY/NAME.png``
(``barbu simulate --plot``).  The same command writes the same files:
the study is seeded and its numbers do not depend on the workers (it
uses two), and the page holds nothing else.

* ``brader`` — the tournament scale against Brader's;
* ``ravage-city`` — what adding Ravage City does to the choice of the
  other contracts.
"""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from ..files import atomic_write
from ..language import load_spec
from .plot import draw
from .report import headlines, print_tables, summary
from .runner import run_study
from .study import Study


@dataclass(frozen=True)
class Shipped:
    """A shipped study: what it asks, and how it is played."""

    name: str
    title: str
    question: str
    specs: tuple[str, ...]
    games: int
    bots: str
    seed: int


STUDIES = {
    "brader": Shipped(
        "brader", "The tournament scale against Brader's",
        "Mark Brader's scale (`tournament+brader`) makes the negative contracts dearer (tricks −5, queens −15, "
        "hearts −4 and the ace −12, Barbu K♥ −25), Domino +40 +20 0 −20, and adds Ravage City (−36). Who gains "
        "and who loses by it, contract by contract and seat by seat, when rule-based bots play both scales on "
        "the same deals?",
        ("tournament", "tournament+brader"), 300, "rules", 12),
    "ravage-city": Shipped(
        "ravage-city", "Ravage City and the choice of the other contracts",
        "Adding Ravage City (−36 for the most cards of one suit) gives each declarer an eighth contract to place "
        "in the series. Does it change when the other contracts are chosen, and what they are worth to the "
        "declarer?",
        ("tournament", "tournament+ravage-city"), 300, "rules", 12),
}

WORKERS = 2


def command(shipped: Shipped) -> str:
    return f"python -m barbu_dsl.lab.studies {shipped.name} docs/studies"


def simulate_command(shipped: Shipped) -> str:
    return (f"barbu simulate {' '.join(shipped.specs)} --games {shipped.games} --bots {shipped.bots} "
            f"--seed {shipped.seed} --workers {WORKERS} --plot {shipped.name}.png")


def chance_rate(contracts: int) -> float:
    """How often a contract is chosen when offered with another if each
    declarer orders its ``contracts`` contracts uniformly at random: of the
    ``min(p, k − 1)`` times it is offered among two or more (``p`` its place,
    uniform over 1..k) it is chosen once unless it comes last, so the rate
    is ``(k − 1)/k ÷ ((k − 1)(k + 2)/(2k)) = 2/(k + 2)``."""
    return 2 / (contracts + 2)


def chance_line(study: Study) -> str:
    """The chance rates of the study's specs, against which a moved pick rate is read."""
    rates = [f"{chance_rate(len(spec.contracts)) * 100:.1f}% under {spec.full_name} ({len(spec.contracts)} contracts)"
             for spec in study.specs]
    return ("Chance level: were each declarer to order its contracts at random, a contract would be chosen 2/(k + 2) "
            f"of the times it is offered with another: {', '.join(rates)}. A spec that adds a contract lowers "
            "every rate by that much with no change of play; a contract whose rate falls further is kept for "
            "later, one whose rate falls less (or rises) is taken earlier.")


def choice_lines(study: Study, data: dict[str, Any]) -> list[str]:
    """How the rate at which each contract is chosen when offered moved,
    where it moved clearly, beside the move of the chance level."""
    chance = {spec.full_name: chance_rate(len(spec.contracts)) for spec in study.specs}
    lines = []
    for d in data["differences"]:
        est = d["pick_rate"]
        if est is None or est["ci95"] is None or abs(est["mean"]) <= est["ci95"]:
            continue
        way = "more" if est["mean"] > 0 else "less"
        moved = (chance[d["spec"]] - chance[d["baseline"]]) * 100
        level = "unchanged" if abs(moved) < 0.05 else f"{moved:+.1f}".replace("-", "−")
        lines.append(f"{d['spec']}: {d['contract']} is chosen {abs(est['mean']) * 100:.1f} ± "
                     f"{est['ci95'] * 100:.1f} points of percentage {way} often when offered than under "
                     f"{d['baseline']} (chance level: {level})")
    return lines


# long: the page's text, one list of its lines in reading order
def write(shipped: Shipped, directory: Path) -> tuple[Path, Path]:
    """Run the study and write its page and its plot into ``directory``."""
    study = Study(tuple(load_spec(ref) for ref in shipped.specs), shipped.games, tuple(shipped.bots.split(",")),
                  shipped.seed, 4)
    tally = run_study(study, workers=WORKERS)
    data = summary(study, tally)
    directory.mkdir(parents=True, exist_ok=True)
    page, plot = directory / f"{shipped.name}.md", directory / f"{shipped.name}.png"
    draw(study, tally, data, plot, overwrite=True)
    buffer = io.StringIO()
    print_tables(Console(file=buffer, width=160, color_system=None, highlight=False), study, data)
    findings = headlines(data) + choice_lines(study, data)
    text = "\n".join([
        f"# {shipped.title}",
        "",
        shipped.question,
        "",
        "## How it was made",
        "",
        f"- specs: {', '.join(f'`{ref}`' for ref in shipped.specs)} (the first is the baseline)",
        (f"- {shipped.games} games of each, duplicate: the same deals, declarers and bot seeds for both specs "
        "(see `barbu_dsl.lab.study`)"),
        (f"- bots: `{shipped.bots}` in every seat; seed {shipped.seed}; {WORKERS} worker processes (the numbers "
        "do not depend on them)"),
        (f"- one command makes this page and its plot: `{command(shipped)}`; the same figures and plot come from "
        f"`{simulate_command(shipped)}`"),
        f"- {data['method']}",
        "- sized to run in a few minutes on two cores; more games narrow the intervals as 1/√games",
        "",
        "## Findings",
        "",
        ("Read off the tables below: every paired difference in the declarer's final score, and every change "
        "in how often a contract is chosen when offered, whose 95% interval leaves out zero."),
        "",
        *([f"- {line}" for line in findings] or ["- no difference is clear of zero at this size"]),
        "",
        chance_line(study),
        "",
        "## Tables",
        "",
        ("As `barbu simulate` prints them (scores are the final scores after doubles, means ± 95% intervals; "
        "`·` where nothing was counted)."),
        "",
        "```text",
        *(line.rstrip() for line in buffer.getvalue().rstrip("\n").splitlines()),
        "```",
        "",
        (f"![{shipped.title}: the declarer's final score by contract, and the paired differences]"
        f"({shipped.name}.png)"),
        "",
        "## The numbers",
        "",
        "`barbu simulate ... --json` prints these; the per-contract summary of each spec:",
        "",
        "```json",
        *[json.dumps({k: r[k] for k in ("spec", "contract", "hands", "mean_total")}, ensure_ascii=False)
          for r in data["results"]],
        "```",
        "",
    ])
    atomic_write(page, text, overwrite=True)
    return page, plot


def main() -> None:
    parser = argparse.ArgumentParser(description="Make a shipped study's page and plot.")
    parser.add_argument("name", choices=sorted(STUDIES))
    parser.add_argument("directory", nargs="?", default="docs/studies", type=Path)
    args = parser.parse_args()
    for path in write(STUDIES[args.name], args.directory):
        print(path)


if __name__ == "__main__":
    main()
