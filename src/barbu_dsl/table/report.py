"""A finished game for people and for programs: the score sheet in the
player's language (plain, one fact a line; or the table of
:mod:`barbu_dsl.sheet.layout`, fitted to the terminal), and the JSON object
of ``barbu play --json``.

Contracts are said by their names in the player's language and seats by
their names, never numbers.  The JSON object is for programs: ``spec``,
``players``, ``seed``, ``bots`` (one name a seat), ``hands`` (each with
``number``, ``contract`` (its own name, as records write it),
``declarer``, ``trump`` and ``start_rank`` as records write them or null,
``doubles`` as ``[doubler, doubled]`` pairs, ``status``, ``raw``,
``transfers``, ``final``, ``totals``), ``totals`` and ``winners``, and
``payouts`` (what each seat receives by its place) when the spec pays by
place (docs/rules.md section 6, "Payments by place").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..compiled import nothing_chosen
from ..engine.results import GameResult, HandResult
from ..language import model as m
from ..sheet.layout import SheetRow, doubles_words, print_sheet
from .speech import Speech

if TYPE_CHECKING:
    from rich.console import Console


def game_json(result: GameResult) -> dict[str, Any]:
    """The whole game as one JSON object (see the module docstring)."""
    return {
        "spec": result.spec,
        "players": result.players,
        "seed": result.seed,
        "bots": list(result.bots),
        "aim": result.aim,
        **({"target": result.target} if result.target is not None else {}),
        "hands": [hand_json(hand) for hand in result.hands],
        "totals": list(result.totals),
        "winners": list(result.winners),
        **({"payouts": list(result.payouts)} if result.payout else {}),
    }


def hand_json(hand: HandResult) -> dict[str, Any]:
    return {
        "number": hand.number + 1,
        "contract": hand.contract,
        "declarer": hand.declarer,
        "trump": None if hand.trump is None else C.SUIT_LETTERS[hand.trump],
        "start_rank": None if hand.start_rank is None else C.RANK_LETTERS[hand.start_rank],
        "doubles": [list(pair) for pair in hand.doubles],
        "status": hand.status,
        "raw": list(hand.raw),
        "transfers": list(hand.transfers),
        "final": list(hand.final),
        "totals": list(hand.totals),
    }


def contract_name(spec: m.Spec, name: str, say: Speech) -> str:
    """A contract of ``spec`` by its name in the player's language."""
    try:
        return say.contract(spec.contract(name))
    except KeyError:
        return name


def announced(hand: HandResult, spec: m.Spec, say: Speech) -> str:
    """The contract as announced, in words: ``Trumps, hearts``."""
    contract = contract_name(spec, hand.contract, say)
    if hand.trump is not None:
        return say("table.sheet.with_trumps", contract=contract, suit=say.suit(hand.trump))
    if hand.start_rank is not None:
        return say("table.sheet.with_start", contract=contract, from_rank=say.from_rank(hand.start_rank))
    return contract


def hand_line(hand: HandResult, spec: m.Spec, say: Speech) -> str:
    """One hand in one line: the contract, the declarer (none where no
    hand has anything to choose), the doubles, the scores and the totals."""
    if nothing_chosen(spec):
        parts = [say("table.sheet.hand.alone", number=hand.number + 1, contract=announced(hand, spec, say))]
    else:
        parts = [say("table.sheet.hand", number=hand.number + 1, contract=announced(hand, spec, say),
                     declarer=say.seat(hand.declarer))]
    if hand.status == "not_played":
        parts.append(say("table.sheet.not_played"))
    if hand.doubles:
        parts.append(", ".join(say.doubles("table.sheet.doubler", hand.doubles)))
    parts.append(say("table.sheet.scores", scores=say.scores(hand.final)))
    parts.append(say("table.sheet.totals", scores=say.scores(hand.totals)))
    return say("table.sheet.separator").join(parts) + "."


def sheet_lines(result: GameResult, spec: m.Spec, say: Speech) -> list[str]:
    """The score sheet, a line a hand, then the doubles counts, the totals
    and the winner."""
    lines = [sheet_title(result, spec, say), *seat_lines(result, say)]
    lines.extend(hand_line(hand, spec, say) for hand in result.hands)
    lines.extend(closing_lines(result, spec, say))
    return lines


def sheet_title(result: GameResult, spec: m.Spec, say: Speech) -> str:
    """``Score sheet: Hearts, 4 players, seed 2.``: the game by its name in
    the player's language."""
    return say("table.sheet.title", title=spec.title_in(say.language), players=result.players, seed=result.seed)


def closing_lines(result: GameResult, spec: m.Spec, say: Speech) -> list[str]:
    """What the plain sheet says after its hands: the doubles counts, the
    final totals, the winner and the aim."""
    return [*against_lines(result, say, spec), *ending_lines(result, spec, say)]


def seat_lines(result: GameResult, say: Speech) -> list[str]:
    """Who played each seat, when bots played them all (a person's game
    said so as it began)."""
    if "human" in result.bots:
        return []
    return [say("table.seat.bot", seat=say.names[seat], bot=say(f"table.bot.{bot}"))
            for seat, bot in enumerate(result.bots)]


def against_lines(result: GameResult, say: Speech, spec: m.Spec) -> list[str]:
    """The doubles each player made against each declarer in the
    declarer's last series, or the last rubber with ``per: rubber``
    (docs/rules.md section 2: the advisory minimum, shown, never
    enforced); none without doubling."""
    if not result.doubling:
        return []
    if spec.doubling.per == "rubber" and result.hands:  # one count for the rubber, of whoever declared
        counts = ", ".join(f"{say.seat(seat)} {count}"
                           for seat, count in enumerate(result.hands[-1].against_declarer))
        return [say("table.sheet.against.rubber", counts=counts, minimum=result.minimum)]
    last: dict[int, HandResult] = {}
    for hand in result.hands:
        last[hand.declarer] = hand
    lines = []
    for declarer in sorted(last):
        counts = ", ".join(f"{say.seat(seat)} {count}" for seat, count in enumerate(last[declarer].against_declarer)
                           if seat != declarer)
        lines.append(say.about("table.sheet.against", declarer, counts=counts, minimum=result.minimum))
    return lines


def print_table(console: Console, result: GameResult, spec: m.Spec, say: Speech) -> None:
    """The score sheet as a table that fits ``console``, then the winner."""
    names = say.names
    rows = []
    for hand in result.hands:
        contract = announced(hand, spec, say)
        if hand.status == "not_played":
            contract += f" ({say('table.sheet.not_played')})"
        declarer = "" if nothing_chosen(spec) else names[hand.declarer]
        rows.append(SheetRow(hand.number + 1, contract, declarer, doubles_words(hand.doubles, names, say.t),
                             hand.final, hand.totals))
    for line in seat_lines(result, say):
        console.print(line, markup=False, highlight=False)
    print_sheet(console, sheet_title(result, spec, say), names, rows, result.totals, result.winners, say.t,
                doubling=spec.doubling.allowed)
    for line in [*against_lines(result, say, spec), *ending_lines(result, spec, say, totals=False)]:
        console.print(line, markup=False, highlight=False)


def ending_lines(result: GameResult, spec: m.Spec, say: Speech, totals: bool = True) -> list[str]:
    """The final totals (unless a table shows them), who won and the aim."""
    lines = [say("table.final_totals", hands=len(result.hands), scores=say.scores(result.totals))] if totals else []
    winners = result.winners
    best = say.points(result.totals[winners[0]]) if winners else "0"
    if len(winners) == 1:
        lines.append(say.about("table.wins_game", winners[0], total=best))
    else:
        lines.append(say("table.tie", seats=say.seats(winners), total=best))
    lines.append(say.aim(spec))
    if result.payout:  # docs/rules.md section 6, "Payments by place"
        lines.append(say("table.payouts", scores=say.scores(result.payouts)))
    return lines
