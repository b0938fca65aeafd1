"""A study's figures: the summary (``barbu simulate --json``) and the rich
tables the command prints.

The summary holds, for each spec and contract, ``spec``, ``contract``,
``hands``, ``mean_total`` (the mean of the hand's raw scores added up) and
``mean_final_total``, the share of hands it takes, how often it is chosen
when offered with another (``pick_rate``), how often it is doubled
(``doubled``: hands with a double; ``doubles``: doubles per hand), and per
role (seat positions from the declarer, then ``doubler`` and ``doubled``)
the mean raw and final score; each mean as ``{"mean", "ci95", "n"}``
(``ci95`` the half-width of the 95% interval, :mod:`.stats`).  Then, for
each spec after the first, its paired difference from the first per
contract and role, and the mean game total of each bot.  A spec played to
a target score (docs/rules.md section 6), whose games have as many hands
as the scores take, also has ``lengths``: its target and the mean number
of hands a game lasts; every other figure is per hand or per game as for
any spec.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from ..safe_text import for_rich
from . import stats
from .study import ROLES_EXTRA, Study, role_names
from .tally import Key, Tally

METHOD = ("95% intervals: mean ± 1.96·SE, a game being one observation (ratio estimator, delta-method SE; "
          "mean ± 1.96·s/√n when a game counts one thing); differences paired on the duplicate deals")


def _est(tally: Tally, spec: int, key: Key, value: int) -> stats.Estimate | None:
    moments = tally.moments[spec].get(key)
    return None if moments is None else stats.ratio(moments, value, tally.games)


def _json(estimate: stats.Estimate | None) -> dict[str, object] | None:
    return None if estimate is None else estimate.to_json()


def contracts_of(study: Study, spec: int) -> list[str]:
    """The contracts a spec's games may play, in spec order (all, or the study's one)."""
    if study.contract is not None:
        return [study.contract]
    return [c.name for c in study.specs[spec].contracts]


def roles(study: Study) -> tuple[str, ...]:
    return role_names(study.players) + ROLES_EXTRA


def summary(study: Study, tally: Tally) -> dict[str, Any]:
    """The study's figures as JSON-ready data (see the module docstring)."""
    results = []
    for i, name in enumerate(study.names):
        for contract in contracts_of(study, i):
            hands = tally.moments[i].get(("total", contract), [0])[0]
            results.append({
                "spec": name,
                "contract": contract,
                "hands": hands,
                "mean_total": _mean(_est(tally, i, ("total", contract), 0)),
                "mean_final_total": _mean(_est(tally, i, ("total", contract), 1)),
                "share": _json(_est(tally, i, ("share", contract), 0)),
                "pick_rate": _json(_est(tally, i, ("pick", contract), 0)),
                "doubled": _json(_est(tally, i, ("doubled", contract), 0)),
                "doubles": _json(_est(tally, i, ("doubled", contract), 1)),
                "roles": {role: {"raw": _json(_est(tally, i, ("score", contract, role), 0)),
                                 "final": _json(_est(tally, i, ("score", contract, role), 1))}
                          for role in roles(study)},
            })
    differences = []
    for i, name in enumerate(study.names[1:], 1):
        for contract in contracts_of(study, i):
            if contract not in contracts_of(study, 0):
                continue
            entry: dict[str, Any] = {"spec": name, "baseline": study.names[0], "contract": contract,
                                     "mean_total": _json(_diff(tally, i, ("total", contract), 0)),
                                     "pick_rate": _json(_diff(tally, i, ("pick", contract), 0)),
                                     "doubled": _json(_diff(tally, i, ("doubled", contract), 0)),
                                     "roles": {}}
            for role in roles(study):
                key = ("score", contract, role)
                entry["roles"][role] = {"raw": _json(_diff(tally, i, key, 0)), "final": _json(_diff(tally, i, key, 1))}
            differences.append(entry)
    bots = [{"spec": name, "bot": bot, "mean_game_total": _json(_est(tally, i, ("bot", bot), 0)),
             **({"mean_payout": _json(_est(tally, i, ("payout", bot), 0))} if spec.game.payout else {})}
            for i, (name, spec) in enumerate(zip(study.names, study.specs, strict=True))
            for bot in sorted(set(study.bots))]
    lengths = [{"spec": name, "target": spec.game.target, "hands_per_game": _json(_est(tally, i, ("length",), 0))}
               for i, (name, spec) in enumerate(zip(study.names, study.specs, strict=True))
               if spec.game.target is not None and study.contract is None]
    return {"study": study.describe(), "games": tally.games, "method": METHOD, "results": results,
            "differences": differences, "bots": bots, **({"lengths": lengths} if lengths else {})}


def _mean(estimate: stats.Estimate | None) -> float | None:
    return None if estimate is None else round(estimate.mean, 4)


def _diff(tally: Tally, spec: int, key: Key, value: int) -> stats.Estimate | None:
    m, base, cross = tally.moments[spec].get(key), tally.moments[0].get(key), tally.cross[spec].get(key)
    if m is None or base is None or cross is None:
        return None
    return stats.difference(m, base, cross, value, tally.games)


def contract_names(study: Study, language: str) -> Callable[[str], str]:
    """A contract of the study's specs by its name in ``language`` (the
    tables speak English; the contracts are the players' own)."""
    names: dict[str, str] = {}
    for spec in study.specs:
        for contract in spec.contracts:
            names.setdefault(contract.name, contract.name_in(language))
    return lambda name: names.get(name, name)


def headlines(data: dict[str, Any], role: str = "declarer",
              named: Callable[[str], str] = lambda name: name) -> list[str]:
    """One sentence per compared spec and contract where the paired
    difference in ``role``'s final score is clear of zero (its 95% interval
    leaves out 0): ``tournament+brader: the declarer scores 19.8 ± 5.4
    points less per Barbu hand than under tournament``."""
    lines = []
    for d in data["differences"]:
        est = d["roles"][role]["final"]
        if est is None or est["ci95"] is None or abs(est["mean"]) <= est["ci95"]:
            continue
        way = "more" if est["mean"] > 0 else "less"
        lines.append(f"{d['spec']}: the {role} scores {abs(est['mean']):.1f} ± {est['ci95']:.1f} points {way} "
                     f"per {named(d['contract'])} hand than under {d['baseline']}")
    return lines


# --------------------------------------------------------------------------
# Tables.


def cell(estimate: dict[str, Any] | None, percent: bool = False, signed: bool = False) -> str:
    """``−12.3 ± 0.4`` (or a percentage); ``·`` for nothing counted."""
    if estimate is None:
        return "·"
    mean, half = estimate["mean"], estimate["ci95"]
    scale, unit = (100, "%") if percent else (1, "")
    text = f"{mean * scale:+.1f}" if signed else f"{mean * scale:.1f}"
    text = text.replace("-", "−")
    return text + unit if half is None else f"{text} ± {half * scale:.1f}{unit}"


def print_tables(console: Console, study: Study, data: dict[str, Any], language: str = "en") -> None:  # noqa: C901 -- one table a part of the study's report
    """The summary as rich tables: each spec's scores by seat position and
    its choices, then each spec's differences from the first; contracts
    by their names in ``language``."""
    role_list = roles(study)
    named = contract_names(study, language)
    for name in study.names:
        rows = [r for r in data["results"] if r["spec"] == name]
        table = Table(title=for_rich(f"{name}: final score by seat position (mean ± 95% CI), {data['games']} "
                                     f"{'hands' if study.contract else 'games'}"), title_justify="left")
        table.add_column("contract")
        table.add_column("hands", justify="right")
        table.add_column("total", justify="right")
        for role in role_list:
            table.add_column(role, justify="right")
        for r in rows:
            total = "·" if r["mean_total"] is None else f"{r['mean_total']:.1f}".replace("-", "−")
            table.add_row(for_rich(named(r["contract"])), str(r["hands"]), total,
                          *(cell(r["roles"][role]["final"]) for role in role_list))
        console.print(table)
        choice = Table(title=for_rich(f"{name}: raw score of the declarer, choice and doubling"),
                       title_justify="left")
        for column in ("contract", "declarer raw", "share of hands", "chosen when offered", "doubled"):
            choice.add_column(column, justify="left" if column == "contract" else "right")
        for r in rows:
            choice.add_row(for_rich(named(r["contract"])), cell(r["roles"]["declarer"]["raw"]),
                           cell(r["share"], percent=True),
                           cell(r["pick_rate"], percent=True), cell(r["doubled"], percent=True))
        console.print(choice)
    for name in study.names[1:]:
        rows = [d for d in data["differences"] if d["spec"] == name]
        table = Table(title=for_rich(f"{name} − {study.names[0]}: final score difference, paired on the same "
                                     "deals (mean ± 95% CI)"), title_justify="left")
        table.add_column("contract")
        for role in role_list:
            table.add_column(role, justify="right")
        table.add_column("chosen when offered", justify="right")
        for d in rows:
            table.add_row(for_rich(named(d["contract"])),
                          *(cell(d["roles"][role]["final"], signed=True) for role in role_list),
                          cell(d["pick_rate"], percent=True, signed=True))
        console.print(table)
    bots = sorted(set(study.bots))
    if len(bots) > 1:
        table = Table(title="mean game total by bot", title_justify="left")
        table.add_column("spec")
        for bot in bots:
            table.add_column(bot, justify="right")
        for name in study.names:
            by_bot = {b["bot"]: b["mean_game_total"] for b in data["bots"] if b["spec"] == name}
            table.add_row(for_rich(name), *(cell(by_bot[bot]) for bot in bots))
        console.print(table)
    paying = [b for b in data["bots"] if "mean_payout" in b]
    if paying:  # docs/rules.md section 6, "Payments by place"
        table = Table(title="mean payment by place, by bot", title_justify="left")
        for column in ("spec", "bot", "received"):
            table.add_column(column, justify="right" if column == "received" else "left")
        for b in paying:
            table.add_row(for_rich(b["spec"]), for_rich(b["bot"]), cell(b["mean_payout"]))
        console.print(table)
    for length in data.get("lengths", []):
        console.print(f"{length['spec']}: a game to {str(length['target']).replace('-', '−')} lasts "
                      f"{cell(length['hands_per_game'])} hands", markup=False)
    for line in headlines(data, named=named):
        console.print(line, markup=False)
    console.print(METHOD, markup=False, style="dim")
