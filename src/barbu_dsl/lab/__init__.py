"""The balance lab: who does a house rule favour?

``barbu simulate`` plays many games of several specs on the same deals
(duplicate play) with chosen bots, and reports per contract and per seat
position the mean raw and final scores with 95% confidence intervals, how
often each contract is chosen and doubled, and each spec's paired
difference from the first.

* :mod:`.study` — what is played: specs, games, bots, seeds, batches, roles;
* :mod:`.tally` — what is counted, as exact integer sums;
* :mod:`.stats` — means and paired differences with their intervals;
* :mod:`.runner` — batches in this process, on local processes or on Dask;
* :mod:`.backend` — the playouts of random hands: generated Python or native;
* :mod:`.report` — the summary as JSON and as rich tables;
* :mod:`.plot` — the distributions and the differences, with matplotlib.

The names below are imported on first use, so ``barbu`` starts without
loading the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "play_batch": ".runner", "run_study": ".runner",
    "Batch": ".study", "Study": ".study", "batches": ".study", "game_seed": ".study", "role_names": ".study",
    "Tally": ".tally",
}

__all__ = ["Batch", "Study", "Tally", "batches", "game_seed", "play_batch", "role_names", "run_study"]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
