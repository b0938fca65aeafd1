"""The study drawn with matplotlib (the optional extra ``[plot]``): for each
contract the distribution of the declarer's final score under each spec,
and each spec's paired differences from the first by seat position, with
their 95% intervals.  The file is PNG or SVG, by its suffix; the drawing
has no timestamp in it, so the same study draws the same file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import UsageError
from ..files import atomic_path
from ..safe_text import for_terminal
from .study import Study
from .tally import Tally


def require_matplotlib() -> None:
    """Refuse --plot at once, before the study is played, where matplotlib
    (the extra ``plot``) is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'barbu_dsl[plot]'") from None


# long: one matplotlib figure, panel by panel: split, each piece would pass the figure around
def draw(study: Study, tally: Tally, data: dict[str, Any], path: Path, overwrite: bool = False,
         language: str = "en") -> None:
    """Draw the study into ``path`` (a new .png or .svg file, unless
    ``overwrite``); contracts by their names in ``language``."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "barbu"  # the same ids in every run
    # Names from a spec are text, never TeX or mathtext ("$x$" stays as typed).
    matplotlib.rcParams["text.parse_math"] = False
    matplotlib.rcParams["text.usetex"] = False
    from .report import contract_names

    named = contract_names(study, language)
    contracts = [r["contract"] for r in data["results"] if r["spec"] == study.names[0]]
    others = data["differences"]
    columns = min(4, len(contracts))
    rows = -(-len(contracts) // columns)
    extra = 1 if others else 0
    fig = plt.figure(figsize=(4 * columns, 2.8 * (rows + 1.4 * extra)), layout="constrained")
    grid = fig.add_gridspec(rows + extra, columns, height_ratios=[1] * rows + [1.4] * extra)
    for index, contract in enumerate(contracts):
        ax = fig.add_subplot(grid[index // columns, index % columns])
        found = [tally.hist[i].get(contract) or {} for i in range(len(study.names))]
        values = [score for counts in found for score in counts]
        if not values:
            continue
        low, high = min(values), max(values)
        bins = [low + (high - low + 1) * k / 24 for k in range(25)]
        for name, counts in zip(study.names, found, strict=True):
            if counts:
                scores = sorted(counts)
                total = sum(counts.values())
                ax.hist(scores, bins=bins, weights=[counts[s] / total for s in scores], histtype="step",
                        label=for_terminal(name, one_line=True), linewidth=1.2)
        ax.set_title(for_terminal(named(contract), one_line=True), fontsize=10)
        ax.set_xlabel("declarer's final score", fontsize=8)
        ax.tick_params(labelsize=7)
        if index == 0:
            ax.legend(fontsize=7)
    if others:
        ax = fig.add_subplot(grid[rows, :])
        roles = list(others[0]["roles"])
        width = 0.8 / max(1, len(roles))
        labels = []
        for j, d in enumerate(others):
            parts = [named(d["contract"])] if len(study.names) == 2 else [named(d["contract"]), d["spec"]]
            labels.append("\n".join(for_terminal(part, one_line=True) for part in parts))
            for k, role in enumerate(roles):
                est = d["roles"][role]["final"]
                if est is None:
                    continue
                x = j - 0.4 + width * (k + 0.5)
                ax.errorbar([x], [est["mean"]], yerr=[[est["ci95"] or 0.0]], fmt="o", markersize=3,
                            color=f"C{k}", label=role if j == 0 else None)
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_xticks(range(len(labels)), labels, fontsize=7)
        ax.set_ylabel("final score difference", fontsize=8)
        ax.set_title(for_terminal(f"{', '.join(study.names[1:])} − {study.names[0]}, paired on the same deals "
                                  "(95% intervals)", one_line=True), fontsize=10)
        ax.legend(fontsize=7, ncol=len(roles))
    fig.suptitle(for_terminal(f"{' vs '.join(study.names)}: {tally.games} {'hands' if study.contract else 'games'}, "
                              f"bots {','.join(study.bots)}, seed {study.seed}", one_line=True), fontsize=11)
    metadata = {"Date": None} if path.suffix.lower() == ".svg" else {"Software": None}
    try:
        with atomic_path(path, overwrite=overwrite) as temporary:
            fig.savefig(temporary, format=path.suffix.lower()[1:], metadata=metadata)
    finally:
        plt.close(fig)
