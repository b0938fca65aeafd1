"""A spec's names in the players' languages.

A contract may be named in each language people play in, and a spec may
give its title in each::

    names: {it: Barbu da torneo, fr: Barbu de tournoi, pt: Barbu de torneio}
    contracts:
      No tricks:
        rules: −2 per trick
        names: {it: Niente prese, fr: Pas de plis, pt: Sem vazas}

A contract with a twin may name the twin too (``twin_names``).  The name
the spec writes is the contract's name everywhere else: in records,
score-sheet files, ``game.order`` and on the command line; a name in a
language is for people, who read it and may type it.  So that what they
type names one contract, two contracts may not share a name in a language,
nor may one's name in a language be another's own name.

A spec, each of its variants and scales and each contract may likewise
give its ``description`` in the other languages (``descriptions``); the
``description`` itself is the English one, and the one shown in a
language the spec gives none in::

    description: Four players avoid hearts and the queen of spades.
    descriptions:
      it: Quattro giocatori evitano i cuori e la donna di picche.
      fr: Quatre joueurs évitent les cœurs et la dame de pique.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import LANGUAGES
from . import model as m
from .source import MappingNode, Node, is_null, pairs, scalar

if TYPE_CHECKING:
    from .source import Source

Names = tuple[tuple[str, str], ...]


def read_names(source: Source, node: Node | None) -> Names:
    """The names a ``names`` mapping gives, in :data:`LANGUAGES` order;
    each problem reported at its place in ``source``."""
    if node is not None and not isinstance(node, MappingNode):
        source.error(node, "names maps a language to a name, e.g. {it: Niente prese, fr: Pas de plis}",
                     hint="languages: " + ", ".join(LANGUAGES))
        return ()
    return _texts(source, node, "name", LANGUAGES)


def read_descriptions(source: Source, node: Node | None, description: Node | None) -> Names:
    """The descriptions a ``descriptions`` mapping gives, in
    :data:`LANGUAGES` order (``description``: the node of the English
    description, which they translate and so need); each problem
    reported at its place in ``source``."""
    if node is None:
        return ()
    others = LANGUAGES[1:]
    if not isinstance(node, MappingNode):
        source.error(node, "descriptions maps a language to a description, e.g. {it: ..., fr: ..., pt: ...}",
                     hint="languages: " + ", ".join(others))
        return ()
    if description is None:
        source.error(node, "descriptions translate the description, and there is none",
                     hint="write the description in English as 'description:' beside them")
        return ()
    return _texts(source, node, "description", others)


def _texts(source: Source, node: MappingNode | None, what: str, languages: tuple[str, ...]) -> Names:
    """A mapping of languages to texts (a name is one line)."""
    if node is None:
        return ()
    found: dict[str, str] = {}
    for key, value in pairs(node):
        language = (scalar(key) or "").strip()
        text = (scalar(value) or "").strip() if not is_null(value) else ""
        if language == "en" and language not in languages:
            source.error(key, f"the {what} in English is the '{what}' itself",
                         hint=f"write it as '{what}:', and here the other languages: {', '.join(languages)}")
        elif language not in LANGUAGES:
            source.error(key, f"'{language}' is not a language barbu speaks", hint="languages: " + ", ".join(languages))
        elif language in found:
            source.error(key, f"the {what} in '{language}' is given twice")
        elif not text:
            source.error(value, f"the {what} in '{language}' is empty")
        elif what == "name" and text.splitlines() != [text]:
            source.error(value, "a name is one line: this one holds a line break", hint="write it on one line")
        else:
            found[language] = text
    return tuple((language, found[language]) for language in LANGUAGES if language in found)


def check_names(spec: m.Spec, source: Source) -> None:
    """Report two contracts one language names alike (said the same way:
    :func:`~.model.sounds_key`), a name in a language that is another
    contract's own name, and names for a twin a contract does not have."""
    for contract in spec.contracts:
        if contract.twin_names and not contract.twin and not contract.derived:
            source.error_at_position(contract.where, f"{contract.name} has twin_names but no twin",
                                     hint="name the twin with 'twin: NAME', or leave twin_names out")
    own = {m.sounds_key(c.name): c for c in spec.contracts}  # own names alike are the checks' to report
    for language in LANGUAGES:
        said = {m.sounds_key(c.name_in(language)): c for c in spec.contracts if not dict(c.names).get(language)}
        for contract in spec.contracts:
            name = dict(contract.names).get(language)
            if name is None:
                continue
            key = m.sounds_key(name)
            other = next((c for c in (said.get(key), own.get(key)) if c is not None and c is not contract), None)
            if other is not None:
                source.error_at_position(contract.where, f"'{name}' names both {other.name} and {contract.name} "
                                         f"in '{language}'", hint="give each contract its own name in each language")
            said.setdefault(key, contract)


def names_text(names: Names) -> str:
    """``{it: Niente prese, fr: Pas de plis}``, as ``barbu fmt`` writes them."""
    from .printer import quote  # the printer writes names with this, and quote is the printer's

    return "{" + ", ".join(f"{language}: {quote(name, flow=True)}" for language, name in names) + "}"


def descriptions_lines(descriptions: Names, indent: str) -> list[str]:
    """``descriptions:`` and a line for each language at ``indent``, as
    ``barbu fmt`` writes them (a description is often a long sentence)."""
    from .printer import quote

    if not descriptions:
        return []
    return [f"{indent}descriptions:", *(f"{indent}  {language}: {quote(text)}" for language, text in descriptions)]


__all__ = ["Names", "check_names", "descriptions_lines", "names_text", "read_descriptions", "read_names"]
