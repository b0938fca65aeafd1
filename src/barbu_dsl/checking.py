"""What ``barbu check`` finds in a spec, as text: its errors, its warnings
and the line that says it is fine.

``barbu check`` prints the report; the table server shows it to the owner
of a table who pastes or uploads a house file (:mod:`barbu_dsl.server.lobby`),
so both say exactly the same thing: in English at the terminal, in the
page's language in the lobby (the warnings' words, not the spec's errors,
which are said as ``barbu check`` says them).  The lobby's summary is
:func:`table_summary`: the table being made, for the players chosen.

Each variant and scale not yet applied is tried on its own: a spec's own
that fails is an error; one a house file inherits that no longer fits the
house's changes is a warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import BarbuError, SpecError, message

if TYPE_CHECKING:
    from .language.model import Spec


@dataclass
class CheckReport:
    """The spec read (None when it has errors), each error and each warning
    as ``barbu check`` prints it, and its ``ok: ...`` line."""

    spec: Spec | None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    summary: str = ""


def check_spec(load: Callable[[], Spec], language: str = "en", players: int | None = None) -> CheckReport:
    """Read a spec with ``load`` and check it as ``barbu check`` does; its
    warnings in ``language``, for ``players`` only when given (and a number
    of players the spec is played by)."""
    from .compiled.advice import plan_warnings
    from .i18n import Translator
    from .language.loader import check_overlays
    from .words import plural

    try:
        spec = load()
    except SpecError as error:
        # What could be read is checked further: its variants' and scales' own problems too.
        found = [d for _, ds in check_overlays(error.partial[0], error.partial[1], reported=error.diagnostics)
                 for d in ds if d.severity == "error"] \
            if error.partial is not None and not error.partial[0].applied else []
        return CheckReport(None, [message(SpecError([*error.diagnostics, *found]) if found else error)])
    except BarbuError as error:
        return CheckReport(None, [message(error)])
    house = spec.extends is not None and spec.extends.is_house
    failures = check_overlays(spec) if not spec.applied or house else []
    errors = [d for _, found in failures for d in found if d.severity == "error"]
    if errors:
        return CheckReport(None, [message(SpecError(errors))])
    counts = ", ".join(map(str, spec.players))
    summary = (f"ok: {spec.full_name} — {plural(len(spec.contracts), 'contract')}, {counts} players, "
               f"{plural(len(spec.overlays), 'variant or scale', 'variants and scales')}")
    t = Translator(language)
    labels = None if language == "en" else {key: t(f"check.label.{key}")
                                            for key in ("error", "warning", "note", "hint")}
    chosen = [players] if players in spec.players else None  # a number the spec is not played by: every one
    warnings = [warning.format(labels) for warning in plan_warnings(spec, language, chosen)]
    if failures and spec.extends is not None:
        warnings.extend("\n".join(d.format(labels) for d in found) for _, found in failures)
        warnings.append(t(f"check.no_longer_apply.{'one' if len(failures) == 1 else 'many'}", count=len(failures),
                          base=spec.extends.base, spec=spec.name,
                          names=", ".join(overlay.name for overlay, _ in failures)))
    return CheckReport(spec, [], warnings, summary)


def table_summary(spec: Spec, language: str = "en", players: int | None = None) -> str:
    """What the lobby says of rules that check: the title, the players (the
    number chosen, else every number allowed), the hands of a game and the
    contracts it plays (or draws its lists from), in ``language``."""
    from .compiled import game_plan
    from .explain import RuleWords
    from .explain.words import players_text

    w = RuleWords(language)
    t = w.t
    title = spec.title_in(language)
    plan = game_plan(spec, players if players is not None else spec.players[0])
    if players is None:
        table = t("check.summary.spec", title=title, players=players_text(w, spec.players))
    else:
        fields = {"title": title, "players": players_text(w, (players,)), "hands": w.count(plan.hands, "hand")}
        kind = "open" if plan.open_ended else "target" if plan.target is not None else None
        table = t("check.summary.table" + (f".{kind}" if kind else ""), target=plan.target, **fields)
    if plan.draw == "none":
        names = list(dict.fromkeys(contract.name_in(language) for contract in plan.unit))
        played = t("check.summary.contracts", contracts=w.count(len(names), "contract"), names=w.join(names))
    else:
        played = t(f"check.summary.drawn.{plan.draw}", contracts=w.count(plan.per_player, "contract"),
                   pool=w.count(len(plan.pool), "contract"))
    return " ".join([t("check.summary.ok"), table, played])


__all__ = ["CheckReport", "check_spec", "table_summary"]
