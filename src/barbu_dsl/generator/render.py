"""Render a spec's plan into the files of its package, with jinja2.

A package is the runtime's modules (:mod:`barbu_dsl.runtime`: cards,
records, doubling, the hand base classes, the native playouts' runtime),
copied as they are, and what is specialised per spec, one small template
per kind of output (``templates/``): the package ``__init__``, the spec's
settings, the registry of contracts, the replay of records, the score
sheet's hand scorer, and one module per contract (built from the
trick-play or domino rule-set templates).  The
filters below are the only way values reach the code:

* ``py``: a Python literal via ``repr()`` (spec text included: a name can
  only ever become a string literal);
* ``ascii``: ``ascii()`` for comments (no newline can escape a comment),
  ``short`` to cut it, and ``comment`` to wrap a comment line that spec
  text makes too long;
* ``markdown``: literal text in a Markdown document (no HTML, no markup);
* masks as hex literals, cards, ranks and suits by their own fixed names.

The output is tidied (trailing spaces, runs of blank lines) and compiled
before it is returned: a template mistake fails at generation time.  Its
layout is then ruff's (:mod:`.formatting`, run by ``generate_files``).
"""

from __future__ import annotations

import ast
import hashlib
import re
import textwrap
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

import jinja2

from .. import cards as C
from ..compiled import MESSAGES, SUIT_MASKS
from ..safe_text import for_markdown
from ..template_cache import KeptTemplates
from . import plan as p

TEMPLATES = "barbu_dsl.generator"

# Names a contract module may use from the standard library and from the
# shared modules; its imports are exactly those it uses.
STDLIB = (("collections.abc", "Callable"), ("itertools", "pairwise"))
SHARED = {
    "bits": ("SUIT_PICK", "SUIT_SHIFT", "WIDTH", "card_index"),
    "cards": ("CARD_STR", "PASS", "RANK_NAMES", "SUIT_MASKS", "SUIT_NAMES", "cards_of", "mask_of"),
    "errors": ("Broken", "after_end", "broken", "illegal"),
    "hands": ("DominoHand", "TrickHand"),
    "scoring": ("last_scoring_index", "position_values"),
    "settings": ("FOLLOWERS",),
}

RUNTIME = "barbu_dsl.runtime"
COPIED = (
    ("announcement.py", "announcement.py"),
    ("bits.py", "bits.py"),
    ("cards.py", "cards.py"),
    ("doubling.py", "doubling.py"),
    ("entry.py", "entry.py"),
    ("errors.py", "errors.py"),
    ("hands.py", "hands.py"),
    ("records.py", "records.py"),
    ("scoring.py", "scoring.py"),
    ("suggestion.py", "suggestion.py"),
    ("native.py", "native/runtime.py"),
)
"""The runtime's modules a package carries, each copied as it is (after the
header every generated file starts with): (runtime module, path in the package)."""


EMPTY = "\x00"
"""What an empty fragment renders as: :func:`tidy` drops its line."""


def _block(text: str, width: int = 0) -> str:
    """A code fragment placed at an indented line: its first line takes the
    line's indentation, the others get ``width`` spaces."""
    lines = [line for line in str(text).strip("\n").split("\n") if line.strip() != EMPTY]
    if not lines or not "".join(lines).strip():
        return EMPTY
    return "\n".join([lines[0]] + [(" " * width + line) if line.strip() else "" for line in lines[1:]])


def _short(text: str, most: int = 100) -> str:
    """Spec text cut to ``most`` characters for a header line (the package
    id, not the text, identifies the spec)."""
    return text if len(text) <= most else text[:most - 3] + "..."


def _comment(text: str) -> str:
    """``text`` (one line, ASCII) as comment lines of at most 120 characters:
    ``# `` on the first, ``#   `` on the lines it wraps onto."""
    return "\n".join(textwrap.wrap(str(text), width=120, initial_indent="# ", subsequent_indent="#   ",
                                   break_on_hyphens=False))


def _hexmask(mask: int) -> str:
    return f"0x{mask:013X}"


def _cardnames(mask: int) -> str:
    """The cards of a mask in plain ASCII: whole suits by name, else cards."""
    words = []
    for suit in C.SUITS:
        cards = mask & SUIT_MASKS[suit]
        if cards == SUIT_MASKS[suit]:
            words.append(C.SUIT_NAMES[suit])
        else:
            words.extend(C.card_str(c) for c in range(52) if cards >> c & 1)
    return " ".join(words) or "none"


def _count_expr(mask: int, name: str) -> str:
    """How many cards of ``mask`` the mask variable ``name`` holds."""
    if mask.bit_count() == 1:
        return f"({name} >> {mask.bit_length() - 1} & 1)"
    return f"({name} & {_hexmask(mask)}).bit_count()"


def _union(classes: Iterable[tuple[int, int]]) -> int:
    mask = 0
    for _, cards in classes:
        mask |= cards
    return mask


def _gain_terms(rules: p.TrickRules, cards_only: bool = False) -> list[tuple[str, str, str]]:
    """The points of a trick as (sign, term, comment): per trick, by
    position, and for each class of cards of equal value (only these with
    ``cards_only``)."""
    terms = []
    if rules.per_trick and not cards_only:
        terms.append(("+", _const(rules, "PER_TRICK"), ""))
    if rules.has_positions and not cards_only:
        terms.append(("+", "trick_at[done]", "the trick's position"))
    for value, cards in rules.values.single:  # type: ignore[attr-defined]
        sign = "-" if value < 0 else "+"
        count = _count_expr(cards, "taken")
        terms.append((sign, count if abs(value) == 1 else f"{abs(value)} * {count}", _cardnames(cards)))
    return terms


def _prefix(rules: p.Rules) -> str:
    return "" if rules.cls == "Hand" else rules.cls.upper() + "_"


def _const(rules: p.Rules, name: str) -> str:
    return _prefix(rules) + name


def _fn(rules: p.Rules, name: str) -> str:
    return name if rules.cls == "Hand" else f"{name}_{rules.cls.lower()}"


def _trump(rules: p.TrickRules) -> str:
    return _const(rules, "TRUMP") if rules.trumps == "fixed" else "trump"


def _trump_mask(rules: p.TrickRules) -> str:
    return _const(rules, "TRUMP_MASK") if rules.trumps == "fixed" else "tmask"


def _rules_named(contract: p.ContractPlan, cls: str) -> p.Rules:
    return next(r for r in contract.rules if r.cls == cls)


def _contract_keys(spec: p.SpecPlan) -> list[tuple[str, str]]:
    """(key, module) for record matching; the first contract wins a key."""
    out: list[tuple[str, str]] = []
    for contract in spec.contracts:
        if contract.key not in [key for key, _ in out]:
            out.append((contract.key, contract.module))
    return out


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader(TEMPLATES, "templates"),
        bytecode_cache=KeptTemplates(),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters.update(
        py=repr,
        ascii=ascii,
        short=_short,
        markdown=for_markdown,
        comment=_comment,
        join_ascii=lambda values: ", ".join(ascii(v) for v in values),
        block=_block,
        hexmask=_hexmask,
        cardnames=_cardnames,
        cardname=C.card_str,
        rankname=C.rank_str,
        suitname=lambda s: C.SUIT_NAMES[s],
        suitmask=lambda s: _hexmask(SUIT_MASKS[s]),
        count_expr=_count_expr,
        gain_terms=_gain_terms,
        union=_union,
        const=_const,
        fn=_fn,
        trump=_trump,
        trump_mask=_trump_mask,
        rules_named=_rules_named,
        contract_keys=_contract_keys,
    )
    env.tests["blank"] = lambda text: _block(text) == EMPTY
    env.globals.update(full_deck=(1 << 52) - 1, suit_masks=SUIT_MASKS, messages=tuple(MESSAGES.items()))
    return env


_BLANKS = re.compile(r"\n{4,}")


def tidy(text: str) -> str:
    """No trailing spaces, at most two blank lines in a row, one final newline."""
    text = "\n".join(line.rstrip() for line in text.split("\n") if line.strip() != EMPTY)
    text = _BLANKS.sub("\n\n\n", text)
    return text.strip("\n") + "\n"


def _names_read(code: str) -> set[str]:
    """The names ``code`` reads: not attributes, and nothing in strings
    (spec text) or comments."""
    return {node.id for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Name)}


def _imports(body: str) -> str:
    """The import lines of a contract module: exactly the names it uses from
    the standard library and the shared modules (sorted and wrapped later, by
    :mod:`.formatting`)."""
    read = _names_read(body)
    lines = [f"from {module} import {name}" for module, name in STDLIB if name in read]
    for module, names in SHARED.items():
        used = [name for name in names if name in read]
        if used:
            lines.append(f"from .{module} import {', '.join(used)}")
    return "\n".join(lines)


def _top_level_names(code: str, imported: bool = True) -> set[str]:
    """The names a module defines (and, with ``imported``, imports) at its top level."""
    names: set[str] = set()
    for node in ast.parse(code).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and imported:
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _compiled_in(runtime: str, python: str, what: str = "the Python rules") -> str:
    """A comment naming, by hash, the runtime and the code a native module
    compiles in (``what``: a contract module's Python rules, or the index's
    native contract modules).  numba checks a cached function against its
    own source file only (its time and size), so this line makes the file
    change, and its cache go stale, whenever they change."""
    digest = hashlib.sha256(f"{runtime}\0{python}".encode()).hexdigest()[:16]
    return f"\n# Compiled with the runtime and {what} as of {digest} (sha256): a new\n" \
           "# version of either changes this file, so numba compiles it again."


@lru_cache(maxsize=16)
def runtime_source(module: str) -> str:
    """The text of one module of the runtime (:mod:`barbu_dsl.runtime`)."""
    return resources.files(RUNTIME).joinpath(module).read_text(encoding="utf-8")


def copied_runtime(spec: p.SpecPlan) -> dict[str, str]:
    """The runtime's modules as the package carries them: the header, then
    the module as it is.  They are not formatted again (the runtime's own
    text is already laid out as ruff lays out the generated code, which a
    test checks)."""
    header = tidy(environment().get_template("header.j2").render(spec=spec))
    return {f"{spec.package}/{path}": header + "\n" + runtime_source(module) for module, path in COPIED}


def render_native(spec: p.SpecPlan, python: dict[str, str]) -> dict[str, str]:
    """The files of the package's ``native`` subpackage (numba playouts):
    an index and one module per contract, which imports from the Python
    contract module (``python``: the package's files) the tables it shares
    with it and from the runtime (copied beside them) the rest."""
    env = environment()
    root = f"{spec.package}/native"
    files = {f"{root}/__init__.py": tidy(env.get_template("native/__init__.py.j2").render(spec=spec)),
             f"{root}/runtime.py": python[f"{root}/runtime.py"]}
    template = env.get_template("native/contract.py.j2")
    for contract in spec.contracts:
        marker = "# <imports>"
        body = tidy(template.render(spec=spec, contract=contract))
        read = _names_read(body) - _top_level_names(body)
        native = _top_level_names(files[f"{root}/runtime.py"], imported=False)
        shared = sorted(read & _top_level_names(python[f"{spec.package}/{contract.module}.py"]) - native)
        runtime = sorted(read & native)
        imports = [f"from ..{contract.module} import {', '.join(shared)}" if shared else "",
                   f"from .runtime import {', '.join(runtime)}",
                   _compiled_in(files[f"{root}/runtime.py"], python[f"{spec.package}/{contract.module}.py"])]
        files[f"{root}/{contract.module}.py"] = tidy(body.replace(marker, "\n".join(imports)))
    # The index compiles every contract's playout into its own (play_games): it too goes stale with them.
    modules = "\0".join(files[f"{root}/{contract.module}.py"] for contract in spec.contracts)
    files[f"{root}/__init__.py"] += _compiled_in(files[f"{root}/runtime.py"], modules, "the native contracts") + "\n"
    return files


def render_package(spec: p.SpecPlan) -> dict[str, str]:
    """The package's files: relative path (``PACKAGE/NAME.py``) → text:
    the runtime's modules copied, and the templates rendered."""
    env = environment()
    files: dict[str, str] = copied_runtime(spec)
    for template, name in (
        ("__init__.py.j2", "__init__.py"),
        ("__main__.py.j2", "__main__.py"),
        ("settings.py.j2", "settings.py"),
        ("registry.py.j2", "registry.py"),
        ("replay.py.j2", "replay.py"),
        ("sheet.py.j2", "sheet.py"),
    ):
        files[f"{spec.package}/{name}"] = tidy(env.get_template(template).render(spec=spec))
    contract_template = env.get_template("contract.py.j2")
    for contract in spec.contracts:
        marker = "# <imports>"
        body = tidy(contract_template.render(spec=spec, contract=contract, imports=marker))
        files[f"{spec.package}/{contract.module}.py"] = tidy(body.replace(marker, _imports(body)))
    files.update(render_native(spec, files))
    for path, text in files.items():
        compile(text, path, "exec")
    return files
