"""What a check of the rules says besides its errors (barbu check's
warnings, the lobby's summary of a table's rules), in English."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "check.label.error": "error",
    "check.label.warning": "warning",
    "check.label.note": "note",
    "check.label.hint": "hint",
    "check.cut": "with {players} players a game of {hands} hands {cut}",
    "check.cut.fixed_order": "stops after {cut} of the order's {count} contracts, so the rest are never played",
    "check.cut.fixed_series": "stops {hands} into a declarer's series of {per}, so that declarer does not play the "
                              "whole order",
    "check.cut.series": "stops {hands} into a declarer's series of {per}: the declarer chooses which contracts those "
                        "hands play, so the game's total depends on their choice",
    "check.cut.rubber": "stops {hands} into a rubber of {per}: the choosers choose which contracts those hands play, "
                        "so the game's total depends on their choice",
    "check.cut.lists": "does not give every player their whole list of {contracts}: the players choose which "
                       "contracts they leave out, so the game's total depends on their choice",
    "check.whole.fixed_order": "set 'hands' to {count}, or leave it out to play each contract with every player",
    "check.whole": "make 'hands' a multiple of {whole} ({multiples}, ...)",
    "check.no_longer_apply.one": "barbu: {count} of {base}'s variants and scales no longer applies to {spec}: {names}",
    "check.no_longer_apply.many": "barbu: {count} of {base}'s variants and scales no longer apply to {spec}: {names}",
    "check.summary.ok": "The rules check.",
    "check.summary.spec": "{title}, {players}.",
    "check.summary.table": "{title}, {players}: {hands}.",
    "check.summary.table.target": "{title}, {players}: {hands}, or fewer if a player's total reaches {target}.",
    "check.summary.table.open": "{title}, {players}: the game ends when a player's total reaches {target}.",
    "check.summary.contracts": "{contracts}: {names}.",
    "check.summary.drawn.shared": "{contracts} drawn at random, one list for everybody, from the {pool} of the rules.",
    "check.summary.drawn.individual": "{contracts} drawn at random, a list for each player, from the {pool} of the "
                                      "rules.",
}
