"""Reading one rule line in the language tests: its rules, or its problems."""

from __future__ import annotations

from barbu_dsl.language import model as m
from barbu_dsl.language.parser import LineError, parse_line
from barbu_dsl.language.rules import build


def rules(line: str) -> m.Rules:
    """The rules of a line that must read without a problem."""
    built, problems = build(parse_line(line))
    assert not problems, problems
    assert built is not None
    return built


def problems(line: str) -> list[str]:
    """Every problem reading ``line`` reports (a syntax error is one)."""
    try:
        _built, found = build(parse_line(line))
    except LineError as error:
        return [error.problem.message]
    return [p.message for p in found]
