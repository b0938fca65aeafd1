"""Find and load specs: references, files, bundled specs, overlays applied.

A spec file is YAML (read with safe-load safety) with these keys::

    name, title, description      who it is
    extends, apply                a house spec: start from another spec and
                                  apply some of its variants and scales
    players                       4, [3, 4, 5] or "3-7" (from 2 to 10)
    deck                          the pack: full, piquet (32 cards), 6-A, ...
    decks                         cards removed per player count
    game                          aim, chooser, first_lead, mode, order, ...
    doubling                      false, or who may double whom
    contracts                     name: rule line (or a mapping)
    variants, scales              named overlays of the keys above
    applied                       overlays already applied (``barbu fmt``
                                  writes it; they are not applied again)

Every problem in the file is collected, positioned and reported together as
a :class:`~barbu_dsl.errors.SpecError`.  The file itself is read by
:mod:`.reader` (its sections, overlays, contracts and rule lines), whose
settings (``game``, ``doubling``, ``players``, ``deck``, ``decks``) are
read by :mod:`.settings`.

A spec is referred to (on the command line and in ``extends``) by a
bundled name or a file, in this order (docs/cli.md, "Naming a spec"):

1. a path-like reference — one with a ``/``, starting with ``.``, or ending
   in ``.yaml`` or ``.yml`` — is a file, and only a file;
2. a bundled spec's name is that bundled spec, whatever file of the same
   name lies in the directory;
3. any other name is the file of that name, if there is one.

Files are read by :func:`barbu_dsl.files.read_text_file`: regular files of
at most :data:`~barbu_dsl.limits.SPEC_FILE_BYTES`, UTF-8, a decoding error
reported at its line and column.  Overlays are applied by
:mod:`.overlays`; checks that need the whole spec (:mod:`.checks`: a scoring
card removed from a deck, placings for the wrong number of players) run
after them, on every contract and setting that could be read even when
others could not, and point at the line that caused them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..errors import BarbuError, Diagnostic, SpecError, UsageError
from ..files import FileProblem, read_text_file
from ..limits import SPEC_FILE_BYTES
from ..resources import bundled_spec_names, bundled_spec_path, bundled_spec_text
from . import model as m
from .checks import NOTHING_UNREAD, Unread, check_spec
from .overlays import apply_overlay
from .reader import SpecReader, unknown_overlay_message
from .settings import player_count_problem
from .source import Source
from .spec_cache import is_path_like
from .suggest import did_you_mean

__all__ = ["apply_overlays", "check_overlays", "is_path_like", "load_base", "load_file", "load_location", "load_spec",
           "overlay_positions", "parse_spec", "player_count_problem", "spec_file", "spec_location"]




# --------------------------------------------------------------------------
# Entry points.


def load_spec(ref: str) -> m.Spec:
    """The spec ``NAME_OR_PATH[+OVERLAY...]``: a bundled spec name or a file,
    with named variants and scales applied in order (the module's reference
    rules say which)."""
    if is_path_like(ref) and os.path.lexists(ref):  # a file whose name holds a '+'
        return load_file(Path(ref))
    base, *overlays = ref.split("+")
    if not base:
        raise UsageError(f"no spec named in '{ref}'")
    here = Path(".")
    spec = apply_overlays(_load_named(base, here), overlays)
    if overlays:
        spec = replace(spec, extends=m.Extends(base, spec_location(base, here), tuple(overlays)))
    return spec


def load_file(path: Path) -> m.Spec:
    """The spec in the file ``path``."""
    return _load_path(path)


def parse_spec(text: str, file: str = "<spec>", default_name: str = "spec", *, reads_files: bool = True) -> m.Spec:
    """The spec written in ``text``; ``file`` names it in error messages.
    ``reads_files=False`` for a spec kept inside other data (a game file,
    a saved game): its ``extends`` may name only a bundled spec, so that
    such data never makes barbu read, or quote, a file of its choosing."""
    return SpecReader(Source(file, text), default_name, (), _extending, reads_files=reads_files).read()


def apply_overlays(spec: m.Spec, names: list[str], unread: Unread = NOTHING_UNREAD) -> m.Spec:
    """``spec`` with the named variants and scales applied, in order
    (``unread``: what the spec's own file got wrong, not checked again)."""
    for name in names:
        try:
            overlay = spec.overlay(name)
        except KeyError:
            raise UsageError(unknown_overlay_message(spec, name)) from None
        if name in spec.applied:
            raise UsageError(f"{name} is already applied to {spec.full_name}")
        source = Source(overlay.where.file if overlay.where else spec.name, "")
        positions = overlay_positions(overlay)
        spec = apply_overlay(spec, overlay, source, positions)
        positions = {**dict(spec.positions), **positions}  # the overlay's settings, and the others where written
        spec = replace(spec, applied=(*spec.applied, name), positions=tuple(positions.items()))
        check_spec(spec, source, positions, unread)
        if source.diagnostics:
            raise SpecError([_named(d, overlay) for d in source.diagnostics])
    return spec


def check_overlays(spec: m.Spec, unread: Unread = NOTHING_UNREAD,
                   reported: Sequence[Diagnostic] = ()) -> list[tuple[m.Overlay, list[Diagnostic]]]:
    """Each variant and scale of ``spec`` not yet applied, applied to it on
    its own: those that fail, with what goes wrong (``barbu check``).  A
    spec's own variants and scales must apply, so their problems are
    errors; those a house file inherits from its base may no longer fit the
    house's changes, which the house cannot mend, so theirs are warnings,
    each naming the overlay.  For a spec read only in part (``unread``:
    what its file got wrong), overlays that change what could not be read
    are skipped, since what they change is not known; ``reported``: the
    problems of the spec itself, not said again for each overlay."""
    extends = spec.extends if spec.extends is not None and spec.extends.is_house else None
    failures: list[tuple[m.Overlay, list[Diagnostic]]] = []
    for overlay in spec.overlays:
        if overlay.name in spec.applied or _touches(overlay, unread):
            continue
        try:
            apply_overlays(spec, [overlay.name], unread)
        except SpecError as error:
            seen = {(d.file, d.line, d.column, d.message) for d in reported}
            found = [d for d in error.diagnostics
                     if (d.file, d.line, d.column, d.message.removeprefix(_lead(overlay))) not in seen]
            if not found:
                continue
            if extends is not None and overlay.name not in extends.declares:
                lead = f"{extends.base}'s {overlay.kind} '{overlay.name}' no longer applies: "
                found = [replace(d, severity="warning", message=lead + d.message.removeprefix(_lead(overlay)))
                         for d in found]
            failures.append((overlay, found))
    return failures


def _lead(overlay: m.Overlay) -> str:
    return f"with the {overlay.kind} '{overlay.name}': "


def _named(diagnostic: Diagnostic, overlay: m.Overlay) -> Diagnostic:
    """A problem found with ``overlay`` applied, saying so: its message
    names the overlay, and when it is reported at a line the overlay does
    not write (a setting of the base that the overlay's change no longer
    fits), a note points at the overlay."""
    lead = _lead(overlay)
    if diagnostic.message.startswith(lead):
        return diagnostic
    changes = [where for change in overlay.contracts
               for where in (change.where, *dict(change.where_by_players).values())]
    own = {(where.file, where.line) for where in (overlay.where, *dict(overlay.positions).values(), *changes)
           if where}
    notes = diagnostic.notes
    if overlay.where is not None and (diagnostic.file, diagnostic.line) not in own and not notes:
        notes = (Source(overlay.where.file, "").positioned(
            overlay.where, f"the {overlay.kind} '{overlay.name}' is written here", severity="note"),)
    return replace(diagnostic, message=lead + diagnostic.message, notes=notes)


def _touches(overlay: m.Overlay, unread: Unread) -> bool:
    """Whether ``overlay`` changes a contract or setting that could not be read."""
    return (any(m.contract_key(change.name) in unread.contracts for change in overlay.contracts)
            or unread.any(*(key for key, _ in overlay.settings)))


def overlay_positions(overlay: m.Overlay) -> dict[str, m.Position]:
    """Where an overlay's settings were written: at their own line when
    the file was read here, else at the overlay's name."""
    at_name = {key: overlay.where for key, _ in overlay.settings if overlay.where is not None}
    return {**at_name, **dict(overlay.positions)}


def _default_name(path: Path) -> str:
    return path.name.removesuffix(".yaml").removesuffix(".yml")


def _spec_file(name: str, relative_to: Path) -> Path | None:
    """The file ``name`` names (relative to ``relative_to``), or None when
    it names a bundled spec (by the reference rules above).  The file may
    not exist or not be readable: reading it says so."""
    if "\0" in name:
        raise UsageError(f"no spec {name!r}: a name cannot hold a NUL character")
    path = (relative_to / name) if not Path(name).is_absolute() else Path(name)
    if is_path_like(name):
        return path
    if name in bundled_spec_names():
        return None
    return path if os.path.lexists(path) else None


def spec_file(ref: str) -> Path | None:
    """The file a command-line reference names, or None when it names a
    bundled spec or applies variants (``NAME+VARIANT``)."""
    if is_path_like(ref) and os.path.lexists(ref):
        return Path(ref)
    if "+" in ref:
        return None
    return _spec_file(ref, Path("."))


def spec_location(name: str, relative_to: Path) -> str:
    """Where the spec ``name`` can be loaded from anywhere: the absolute
    path of its file, or the bundled spec's name."""
    path = _spec_file(name, relative_to)
    return os.path.abspath(path) if path is not None else name


def load_base(spec: m.Spec) -> m.Spec | None:
    """The spec ``spec`` was built from, loaded afresh: what a house file
    extends, or ``NAME`` of ``NAME+VARIANT`` (for a spec that only records
    its overlays as ``applied``, the spec of its name); None when there is
    none or it cannot be loaded."""
    try:
        if spec.extends is not None:
            return load_location(spec.extends.location)
        return load_spec(spec.name) if spec.applied else None
    except BarbuError:
        return None


def load_location(location: str) -> m.Spec:
    """The spec at a :func:`spec_location`: a file or a bundled spec."""
    path = Path(location)
    return _load_path(path) if path.is_absolute() else _load_bundled(location)


def _load_named(name: str, relative_to: Path, stack: tuple[str, ...] = ()) -> m.Spec:
    """A bundled spec by name, or a spec file (relative to ``relative_to``)."""
    path = _spec_file(name, relative_to)
    return _load_path(path, stack) if path is not None else _load_bundled(name, stack)


def _load_path(path: Path, stack: tuple[str, ...] = ()) -> m.Spec:
    """The spec file ``path``; ``stack`` holds the files extending it."""
    key = os.path.realpath(path)
    if key in stack:
        raise UsageError(f"{path} extends itself (through {' → '.join(stack)})")
    try:
        text = read_text_file(path, limit=SPEC_FILE_BYTES)
    except FileProblem as problem:
        if problem.line is None or problem.column is None:
            raise
        raise SpecError([Diagnostic(str(path), problem.line, problem.column, problem.reason,
                                    hint=problem.hint)]) from None
    return SpecReader(Source(str(path), text), _default_name(path), (*stack, key), _extending).read()


def _load_bundled(name: str, stack: tuple[str, ...] = ()) -> m.Spec:
    """The bundled spec ``name``; ``stack`` holds the files extending it."""
    try:
        text = bundled_spec_text(name)
    except KeyError:
        names = bundled_spec_names()
        message = f"no spec '{name}': not a bundled spec nor a file"
        suggestion = did_you_mean(name, names)
        if suggestion:
            message += f"; {suggestion}"
        raise UsageError(message + "\n    bundled specs: " + ", ".join(names)) from None
    key = f"bundled:{name}"
    if key in stack:
        raise UsageError(f"bundled spec {name} extends itself")
    return _read_bundled(name, text)


@lru_cache(maxsize=16)
def _read_bundled(name: str, text: str) -> m.Spec:
    """A bundled spec, read once per process (the model is immutable, and a
    bundled spec extends nothing)."""
    return SpecReader(Source(bundled_spec_path(name), text), name, (f"bundled:{name}",), _extending).read()


def _extending(name: str, relative_to: Path, stack: tuple[str, ...]) -> tuple[m.Spec, str]:
    """The spec a house file's ``extends`` names (relative to the house
    file), and where to load it again from anywhere."""
    return _load_named(name, relative_to, stack), spec_location(name, relative_to)
