"""The lab counts payments by place (docs/rules.md section 6, "Payments by
place"): each bot's mean payment is the mean, over the seats it held, of
what those seats received at the end of their games."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.bots import make_bots
from barbu_dsl.engine import play_game as engine_game
from barbu_dsl.lab import Study, run_study
from barbu_dsl.lab.report import summary
from barbu_dsl.lab.study import game_seed
from barbu_dsl.language import load_spec

PAY = Path(__file__).parent.parent / "table" / "tiny-pay.yaml"


def test_each_bots_mean_payment_is_what_its_seats_received() -> None:
    spec = load_spec(str(PAY))
    study = Study((spec,), 12, ("rules", "random", "random", "random"), seed=5)
    data = summary(study, run_study(study))
    received: dict[str, list[int]] = {"rules": [], "random": []}

    for game in range(12):
        names = study.seat_bots(game)
        seed = game_seed(study.seed, game)
        result = engine_game(spec, make_bots(names, 4, seed), seed=seed)
        for seat, name in enumerate(names):
            received[name].append(result.payouts[seat])
    for row in data["bots"]:
        values = received[row["bot"]]
        assert row["mean_payout"]["n"] == len(values)
        assert row["mean_payout"]["mean"] == round(sum(values) / len(values), 4)  # the report keeps 4 decimals
