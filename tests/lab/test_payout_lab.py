"""The lab counts payments by place (docs/rules.md section 6, "Payments by
place"): each bot's mean payment is the mean, over the seats it held, of
what those seats received at the end of their games."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.runner import game_state
from barbu_dsl.language import load_spec

PAY = Path(__file__).parent.parent / "table" / "tiny-pay.yaml"


def test_each_bots_mean_payment_is_what_its_seats_received() -> None:
    spec = load_spec(str(PAY))
    study = Study((spec,), 12, ("rules", "random", "random", "random"), seed=5)
    data = summary(study, run_study(study))
    received: dict[str, list[int]] = {"rules": [], "random": []}

    for game in range(12):
        names = study.seat_bots(game)
        result = game_state(study, spec, game).result(names)
        for seat, name in enumerate(names):
            received[name].append(result.payouts[seat])
    for row in data["bots"]:
        values = received[row["bot"]]
        assert row["mean_payout"]["n"] == len(values)
        assert row["mean_payout"]["mean"] == round(sum(values) / len(values), 4)  # the report keeps 4 decimals
