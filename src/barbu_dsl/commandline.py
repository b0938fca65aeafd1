"""What every ``barbu`` command is made of: click commands with barbu's help
layout and barbu's words for a bad value.

click parses the command line.  These classes add what barbu's help has
always shown: an ``Arguments:`` section listing each argument with its help
(click's arguments have none), ``[required]`` after a required one, the
commands in the order they were added, ``-h`` as well as ``--help``, and
defaults.  A value of the wrong kind is refused naming the value
(:class:`BadValue`), so that :func:`barbu_dsl.cli.usage_message` can say
``--players takes a whole number, not 'x'``.

Defining a command costs next to nothing: a command's work, and the
modules it needs, are imported inside its function, so ``barbu --help`` and
every command load only what they use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from .i18n import LANGUAGE_CHOICES

CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"], "show_default": True}
"""-h as well as --help, and each option's default in its help, for every command."""

LANG_HELP = f"{LANGUAGE_CHOICES} (default: $BARBU_LANG, else the locale, else English)."
"""The help of a ``--lang`` option (:func:`barbu_dsl.i18n.choose_language`
chooses): the languages found among the catalogs, so a new one is named at once."""

F = TypeVar("F", bound=Callable[..., Any])


class Argument(click.Argument):
    """A positional argument with a help text.  It is shown by its metavar
    alone: ``SPEC`` in the help and in messages, ``SPEC...`` (many),
    ``[SPEC]`` (optional) in the usage line."""

    def __init__(self, param_decls: list[str], help: str = "", **attrs: Any):
        super().__init__(param_decls, **attrs)
        self.help = help

    @property
    def shown_name(self) -> str:
        return self.metavar or str(self.name).upper()

    def make_metavar(self, ctx: click.Context) -> str:
        name = self.shown_name if self.required else f"[{self.shown_name}]"
        return name + ("..." if self.nargs != 1 else "")

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return f"'{self.shown_name}'"

    def help_record(self) -> tuple[str, str]:
        return self.shown_name, (self.help or "") + ("  [required]" if self.required else "")


class Command(click.Command):
    """A command whose help lists its arguments, then its options."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.format_usage(ctx, formatter)
        self.format_help_text(ctx, formatter)
        self.format_arguments(ctx, formatter)
        self.format_options(ctx, formatter)
        self.format_epilog(ctx, formatter)

    def format_arguments(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        arguments = [param.help_record() for param in self.get_params(ctx) if isinstance(param, Argument)]
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)


class Group(click.Group):
    """A command of commands, listed in the order they were added."""

    command_class = Command
    group_class = type  # a group's groups are Groups too

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


def argument(*decls: str, help: str, **attrs: Any) -> Callable[[F], F]:
    """``click.argument`` for an :class:`Argument` with its help."""
    return click.argument(*decls, cls=Argument, help=help, **attrs)


class BadValue(click.BadParameter):
    """A value that is not of its parameter's kind; ``words`` say the kind
    (``a whole number``), ``value`` is what was given."""

    def __init__(self, value: str, words: str, ctx: click.Context | None, param: click.Parameter | None):
        super().__init__(f"takes {words}, not {value!r}", ctx=ctx, param=param)
        self.value = value
        self.words = words


class _Number(click.ParamType):
    """A number of one Python type; ``words`` name it in a refusal."""

    def __init__(self, kind: type[int | float], words: str):
        self.kind = kind
        self.words = words
        self.name = kind.__name__

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, self.kind) and not isinstance(value, bool):
            return value
        try:
            return self.kind(value)
        except (TypeError, ValueError):
            pass
        if self.kind is int:  # "3.0", as a spreadsheet writes a count
            try:
                number = float(value)
            except (TypeError, ValueError):
                number = 0.5
            if number.is_integer():
                return int(number)
        raise BadValue(str(value), self.words, ctx, param)


WHOLE_NUMBER = _Number(int, "a whole number")
NUMBER = _Number(float, "a number")


__all__ = ["CONTEXT", "LANG_HELP", "NUMBER", "WHOLE_NUMBER", "Argument", "BadValue", "Command", "Group", "argument"]
