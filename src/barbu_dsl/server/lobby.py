"""A new table from a request (``POST /api/tables``, docs/table.md), and
what the lobby shows of the rules.

The rules come from exactly one of:

* ``spec``: a bundled spec with its variants and scales
  (``tournament+ravage-city``), never a file: the server reads no file a
  client names;
* ``spec_text``: a spec or house file pasted or uploaded, read as data (its
  ``extends`` may name only a bundled spec);
* ``spec`` with ``choices``: the French family's choices
  (:mod:`.house`), written as a house file that the owner is shown.

Each is checked as ``barbu check`` checks a file (:func:`barbu_dsl.checking.check_spec`):
a spec with errors is refused with its messages, and its warnings are
shown.  Then the seats (``human`` or a bot's name), the names (one line
each, bounded, different even to the eye: :mod:`.names`), the seed
(secret unless the owner gives one), the language of the page, the
absence time and the stand-in bot.

The lobby speaks the page's language (``lang``): the warnings, the
summary of the table being made (for the players chosen), the titles and
descriptions of the specs it offers, the names of their contracts, and
every refusal a person can meet on the page (a choice the spec does not
allow, a name, the players).  A spec's errors are said as ``barbu check``
says them, in English, and so are the refusals of a request no page
makes (a body of the wrong shape).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..bots import BOTS, HUMAN
from ..checking import CheckReport, check_spec
from ..errors import BarbuError
from ..i18n import LANGUAGES, Translator
from ..language import model as m
from ..limits import NAME_CHARACTERS, SPEC_FILE_BYTES
from .names import alike
from .protocol import Refusal, check_name

DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Hugo", "Irene", "Jonas")
"""Seat names when the owner gives none: the same in every language, never a number."""

HOUSE_FILE = "house.yaml"
"""How messages about a pasted or written house file name it."""

ABSENT_MOST = 24 * 3600.0
"""The longest absence time an owner may set, in seconds."""


class LobbyError(BarbuError):
    """A request the lobby refuses: ``code`` (``bad_request`` or
    ``bad_spec``), a message, and for a spec ``barbu check``'s messages."""

    def __init__(self, code: str, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.problems = problems or []

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.code == "bad_spec":
            error["problems"] = self.problems
        return {"error": error}


@dataclass
class Rules:
    """The rules of a table: the spec, how it was named, the house file the
    server wrote (if any), and ``barbu check``'s report."""

    spec: m.Spec
    reference: str
    house: str | None
    report: CheckReport


@dataclass
class NewTable:
    """A table to make."""

    rules: Rules
    seats: list[str]
    names: list[str]
    seed: int | str
    lang: str | None
    absent_after: float | None
    standin: str = "strong"
    warnings: list[str] = field(default_factory=list)


def bundled_reference(ref: Any) -> str:
    """``ref`` when it names a bundled spec (with variants); a client never names a file."""
    from ..resources import bundled_spec_names

    if not isinstance(ref, str) or not ref or len(ref) > 1000:
        raise LobbyError("bad_request", "\"spec\" names a bundled spec, e.g. \"tournament+ravage-city\"")
    base = ref.split("+")[0]
    if base not in bundled_spec_names():
        raise LobbyError("bad_spec", f"'{base[:80]}' is not a bundled spec (bundled: "
                                     f"{', '.join(bundled_spec_names())}); paste a house file as \"spec_text\"",
                         [f"barbu: '{base[:80]}' is not a bundled spec"])
    return ref


def request_language(data: Any) -> str:
    """The language a request's ``lang`` names (``en`` without one)."""
    from ..i18n import choose_language

    given = data.get("lang") if isinstance(data, dict) else None
    if given is None:
        return "en"
    try:
        return choose_language(str(given)[:20])
    except ValueError:
        raise LobbyError("bad_request", Translator("en")("lobby.error.language", given=str(given)[:20],
                                                           languages=", ".join(LANGUAGES))) from None


def read_rules(data: dict[str, Any], language: str = "en", players: int | None = None) -> Rules:
    """The rules a request asks for (see the module docstring), checked
    with their warnings in ``language`` for ``players`` (every number of
    players the spec allows when None, or when it does not allow that one)."""
    from ..language import load_spec, parse_spec

    t = Translator(language)
    check = partial(check_spec, language=language)
    given, ref, choices = data.get("spec_text"), data.get("spec"), data.get("choices")
    text: str | None = None
    if given is not None:
        if not isinstance(given, str) or len(given.encode("utf-8", "surrogatepass")) > SPEC_FILE_BYTES:
            raise LobbyError("bad_request", f"\"spec_text\" is the text of a spec of at most {SPEC_FILE_BYTES} bytes")
        text = given
        if choices is not None:
            raise LobbyError("bad_request", "give \"choices\" with a bundled \"spec\", not with \"spec_text\"")
        report = check(partial(parse_spec, given, HOUSE_FILE, reads_files=False), players=players)
        reference = None
    else:
        reference = bundled_reference(ref)
        report = check(partial(load_spec, reference), players=players)
        if report.spec is not None and choices is not None:
            from .house import ChoiceError, house_file, read_choices

            try:
                text = house_file(report.spec, reference, read_choices(choices))
            except ChoiceError as error:
                raise LobbyError("bad_request", error.said(language)) from None
            report = check(partial(parse_spec, text, HOUSE_FILE, reads_files=False), players=players)
    if report.spec is None:
        raise LobbyError("bad_spec", t("lobby.error.rules"), report.errors)
    spec = report.spec
    return Rules(spec, reference if text is None and reference else spec.full_name, text, report)


def read_new_table(data: Any) -> NewTable:
    """The table a ``POST /api/tables`` body asks for; its warnings and
    refusals in its ``lang``."""
    language = request_language(data)
    t = Translator(language)
    if not isinstance(data, dict):
        raise LobbyError("bad_request", "the body is a JSON object: {\"spec\": ..., \"seats\": [...]}")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(kind, str) for kind in seats):
        raise LobbyError("bad_request", "\"seats\" lists each seat's kind: \"human\" or a bot "
                                        f"({', '.join(BOTS)})")
    unknown = [kind for kind in seats if kind != HUMAN and kind not in BOTS]
    if unknown:
        raise LobbyError("bad_request", f"'{unknown[0][:40]}' is not a seat's kind (human, {', '.join(BOTS)})")
    rules = read_rules(data, language, len(seats))
    check_players(rules.spec, len(seats), language)
    names = _names(data.get("names"), len(seats), t)
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbits(63)
    elif not ((type(seed) is int and abs(seed) < 10 ** 18) or (isinstance(seed, str) and 0 < len(seed) <= 100)):
        raise LobbyError("bad_request", "\"seed\" is a whole number or a short text")
    lang = None if data.get("lang") is None else language
    absent = data.get("absent_after")
    if absent is not None and (not isinstance(absent, int | float) or isinstance(absent, bool)
                               or not 0 <= absent <= ABSENT_MOST):
        raise LobbyError("bad_request", t("lobby.error.absent", most=f"{ABSENT_MOST:g}"))
    standin = data.get("standin", "strong")
    if standin not in BOTS:
        raise LobbyError("bad_request", f"\"standin\" is a bot: {', '.join(BOTS)}")
    return NewTable(rules, list(seats), names, seed, lang, None if absent is None else float(absent), standin,
                    rules.report.warnings)


def check_players(spec: m.Spec, players: int, language: str) -> None:
    """Refuse a number of players ``spec`` is not played by."""
    if players not in spec.players:
        raise LobbyError("bad_request", Translator(language)(
            "lobby.error.players", spec=spec.full_name, counts=", ".join(map(str, spec.players)), count=players))


def _names(given: Any, players: int, t: Translator) -> list[str]:
    if given is None:
        return list(DEFAULT_NAMES[:players])
    if not isinstance(given, list) or len(given) != players:
        raise LobbyError("bad_request", t("lobby.error.names_count", players=players))
    try:
        names = [check_name(name) for name in given]
    except Refusal:
        raise LobbyError("bad_request", t("lobby.error.name", most=NAME_CHARACTERS)) from None
    if len({name.casefold() for name in names}) != players:
        raise LobbyError("bad_request", t("lobby.error.names_differ"))
    same = alike(names)
    if same is not None:  # two names that only look alike: the Cyrillic а of "Аnna" for the Latin a
        raise LobbyError("bad_request", t("lobby.error.names_alike", first=names[same[0]], second=names[same[1]]))
    return names


def specs_menu(language: str = "en") -> list[dict[str, Any]]:
    """The bundled specs as the lobby offers them, in ``language``: name,
    title, description, player counts, variants and scales (with the mode
    a variant sets, if it sets one), and what the French choices allow."""
    from ..language import load_spec
    from ..resources import bundled_spec_names
    from .house import choice_menu

    listed = []
    for name in bundled_spec_names():
        spec = load_spec(name)
        listed.append({"name": name, "title": spec.title_in(language), "description": spec.description_in(language),
                       "players": list(spec.players),
                       "overlays": [{"name": o.name, "kind": o.kind, "description": o.description_in(language),
                                     "mode": dict(o.settings).get("game.mode")} for o in spec.overlays],
                       "choices": choice_menu(spec, language)})
    return listed


__all__ = ["DEFAULT_NAMES", "LobbyError", "NewTable", "Rules", "bundled_reference", "check_players",
           "read_new_table", "read_rules", "request_language", "specs_menu"]
