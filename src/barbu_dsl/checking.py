"""What ``barbu check`` finds in a spec, as text: its errors, its warnings
and the line that says it is fine.

``barbu check`` prints the report; the table server shows it to the owner
of a table who pastes or uploads a house file (:mod:`barbu_dsl.server.lobby`),
so both say exactly the same thing.

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


def check_spec(load: Callable[[], Spec]) -> CheckReport:
    """Read a spec with ``load`` and check it as ``barbu check`` does."""
    from .compiled.advice import plan_warnings
    from .language.loader import check_overlays
    from .words import plural

    try:
        spec = load()
    except SpecError as error:
        # What could be read is checked further: its variants' and scales' own problems too.
        seen = {(d.file, d.line, d.column, d.message) for d in error.diagnostics}
        found = [d for _, ds in check_overlays(*error.partial) for d in ds if d.severity == "error"
                 and (d.file, d.line, d.column, d.message) not in seen] \
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
    warnings = [warning.format() for warning in plan_warnings(spec)]
    if failures and spec.extends is not None:
        warnings.extend("\n".join(d.format() for d in found) for _, found in failures)
        names = ", ".join(overlay.name for overlay, _ in failures)
        verb = "applies" if len(failures) == 1 else "apply"
        warnings.append(f"barbu: {len(failures)} of {spec.extends.base}'s variants and scales no longer {verb} to "
                        f"{spec.name}: {names}")
    return CheckReport(spec, [], warnings, summary)


__all__ = ["CheckReport", "check_spec"]
