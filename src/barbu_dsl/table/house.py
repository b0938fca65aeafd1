"""The table's own choice of contracts, written down as a house file
(``barbu play --mode``, ``--contracts N``, ``--choose-contracts``).

The French family lets the table choose, at the start of a game, how the
list of contracts is made (docs/rules.md section 3): the classic list, a
list drawn at random for everyone or for each player, or contracts picked
by hand, and how many contracts a game has (three to eight).  The choice
becomes a small house file (``extends`` the spec played, with its ``game``
settings), in the player's data directory, so the same rules can be played
again or kept score of (``barbu play FILE``, ``barbu sheet new FILE``).  A
file is never overwritten: the same choice finds its file again, another
gets a new name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from ..errors import UsageError
from ..files import FileProblem, atomic_write, read_text_file
from ..language import load_spec
from ..language import model as m
from ..language.printer import quote
from ..limits import SPEC_FILE_BYTES
from ..resources import bundled_spec_names

MODES = ("classic", "random", "individual-random", "custom")
"""The ways a rotating chooser's list is made (docs/rules.md section 3)."""

CONTRACTS = (3, 8)
"""How many contracts a game may have (docs/rules.md section 3: three to eight)."""


def check_choice(spec: m.Spec, mode: str | None, count: int | None, choose: bool) -> None:
    """Refuse options the spec cannot take: a mode or a number of contracts
    without a rotating chooser's own lists, an unknown mode, a number out of
    range."""
    if mode is None and count is None and not choose:
        return
    if spec.game.chooser != "rotating" or spec.game.lists != "own":
        raise UsageError(f"{spec.full_name} has no modes: --mode, --contracts and --choose-contracts are for a "
                         "game where the chooser moves round and picks from a list, as in the French family "
                         "(docs/rules.md section 3)")
    if mode is not None and mode not in MODES:
        raise UsageError(f"--mode is one of {', '.join(MODES)}, not '{mode}'")
    pool = len({c.name for c in spec.contracts})
    most = min(CONTRACTS[1], pool)
    if count is not None and not CONTRACTS[0] <= count <= most:
        raise UsageError(f"--contracts takes {CONTRACTS[0]} to {most} contracts for {spec.full_name}, not {count}")


def house_text(ref: str, spec: m.Spec, mode: str | None, count: int | None,
               order: Sequence[str] | None = None) -> str:
    """A house file: ``spec`` (named ``ref`` on the command line) with the
    game's mode, number of contracts and, for contracts picked by hand,
    their order."""
    base, *applied = ref.split("+")
    if base not in bundled_spec_names():
        base = str(Path(base).resolve())
    settings: list[str] = []
    if order is not None:
        mode = "custom"
    if mode is not None:
        settings.append(f"mode: {mode}")
    if count is not None or order is not None:
        settings.append(f"contracts_per_game: {len(order) if order is not None else count}")
    if order is not None:
        settings.append("order: [" + ", ".join(quote(name, flow=True) for name in order) + "]")
    elif mode in ("random", "individual-random"):
        settings.append("order: []")
    what = ", ".join(settings)
    choice = ", ".join([*([mode] if mode else []), *([str(len(order) if order is not None else count)]
                                                        if count is not None or order is not None else [])])
    lines = [f"# The rules of a game of {spec.full_name}, as chosen at the table: {what}.",
             "# Written by barbu play; play them again with barbu play and this file.", "",
             f"name: {quote(_name(spec.name, mode, count, order))}", f"title: {quote(f'{spec.title} ({choice})')}"]
    if spec.names:
        lines.append("names: {" + ", ".join(f"{language}: {quote(f'{title} ({choice})', flow=True)}"
                                             for language, title in spec.names) + "}")
    lines.append(f"extends: {quote(base)}")
    if applied:
        lines.append("apply: [" + ", ".join(quote(name, flow=True) for name in applied) + "]")
    lines.append("game:")
    lines.extend(f"  {setting}" for setting in settings)
    return "\n".join(lines) + "\n"


def _name(name: str, mode: str | None, count: int | None, order: Sequence[str] | None) -> str:
    """``french-classic-random-5``, ``french-classic-custom-6``."""
    if order is not None:
        return f"{name}-custom-{len(order)}"
    return "-".join([name, *([mode] if mode else []), *([str(count)] if count else [])])


def write_house(folder: Path, text: str, name: str) -> Path:
    """Write ``text`` in ``folder`` as a new file named after ``name`` (or
    find the file already written with it); the path."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.") or "house"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make the folder {folder}: {error.strerror or error}") from None
    for number in range(1, 1000):
        path = folder / (f"{stem}.yaml" if number == 1 else f"{stem}-{number}.yaml")
        if path.exists():
            try:
                if read_text_file(path, limit=SPEC_FILE_BYTES) == text:
                    return path
            except FileProblem:  # a file that cannot be read is not ours to reuse
                pass
            continue
        atomic_write(path, text)
        return path
    raise UsageError(f"too many house files named {stem} in {folder}")


def house_spec(ref: str, spec: m.Spec, folder: Path, mode: str | None, count: int | None,
               order: Sequence[str] | None = None) -> tuple[m.Spec, Path]:
    """Write the house file of the table's choice and read it back."""
    text = house_text(ref, spec, mode, count, order)
    name = next(line.split(":", 1)[1].strip().strip('"') for line in text.splitlines() if line.startswith("name:"))
    path = write_house(folder, text, name)
    return load_spec(str(path)), path


__all__ = ["CONTRACTS", "MODES", "check_choice", "house_spec", "house_text", "write_house"]
