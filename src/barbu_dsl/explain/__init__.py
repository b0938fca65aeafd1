"""Read a spec out in words, as a player would want it at the table, in
English, Italian, French or Portuguese (``barbu explain``).

:func:`explain` describes the game (:mod:`.game`: players and decks, the
aim, who chooses, doubling) and then each contract (:mod:`.contract`: how
it is played, what it scores, its twin and its hand total, proved by
:mod:`barbu_dsl.verifier`).  The contract's words are the one narrator of
rules in words: the table's ``describe`` and the generated modules'
docstrings say the same sentences.  Negative numbers are written with the
typographic minus (``−2``).
"""

from __future__ import annotations

from ..language import model as m
from ..verifier import verify_count
from .contract import contract_lines, play_text, points_text, role_of, total_text
from .game import header_lines
from .words import RuleWords, players_text


def explain(spec: m.Spec, contract_name: str | None = None, players: int | None = None, language: str = "en") -> str:
    """``spec`` in words: a header about the game, then every contract (or
    only ``contract_name``, matched like :meth:`Spec.contract`), for every
    player count the spec allows (or only ``players``), in ``language``.

    Raises :class:`KeyError` for a contract the spec does not have.
    """
    w = RuleWords(language)
    contracts = list(spec.contracts) if contract_name is None else [spec.contract(contract_name)]
    counts = spec.players if players is None else (players,)
    out: list[str] = []
    if contract_name is None:
        out.extend(header_lines(spec, counts, {n: verify_count(spec, n) for n in counts}, w))
    else:
        out.append(f"{spec.title_in(language)}, {players_text(w, counts)}")
    for contract in contracts:
        out.append("")
        out.extend(contract_lines(spec, contract, counts, w))
    return "\n".join(out) + "\n"


__all__ = ["RuleWords", "contract_lines", "explain", "play_text", "points_text", "role_of", "total_text"]
