"""Every bound barbu puts on its input, in one place (docs/cli.md, "Limits").

Input beyond a bound is refused with a message that names the bound,
never by running out of memory, time or stack: a file is read whole, a
YAML or JSON document is walked recursively, integers are turned into
text and back, and a game is played hand by hand, so each of those needs
a ceiling far above any real use and far below what would hurt.
"""

from __future__ import annotations

MIB = 1024 * 1024

SPEC_FILE_BYTES = 1 * MIB
"""A spec file (the bundled ones are a few kilobytes)."""

RECORD_FILE_BYTES = 256 * MIB
"""A file of hand records (a million recorded hands fit)."""

GAME_FILE_BYTES = 16 * MIB
"""A score-sheet game file or hand file (``barbu sheet import``, ``--hand``)."""

NESTING_DEPTH = 64
"""YAML nesting in a spec, and JSON nesting in a record or a game file."""

NUMBER_DIGITS = 30
"""Digits of an integer in a spec or a record; a longer one is refused
before it is converted (Python refuses over 4,300 digits, and big numbers
are slow to convert)."""

VALUE_MAGNITUDE = 1_000_000
"""The largest value of a scoring part, either sign (``−2 per trick``):
every total then stays exact in the web scorer's JavaScript numbers."""

THINK = 100.0
"""The largest ``think`` factor of the strong bot (``--think``, a saved
game's): 1 is about 50 ms a decision, so 100 is seconds, not forever."""

GAME_HANDS = 1000
"""The largest ``game.hands`` and ``game.contracts_per_game``; also the
most hands a game to a target score plays (``game.target``, docs/rules.md
section 6): a scale under which nobody ever reaches the target (one that
sums to zero can hover about it) still ends, after this many hands."""

TARGET_SCORE = VALUE_MAGNITUDE * GAME_HANDS
"""The largest ``game.target``, either sign: a total beyond it takes more
hands than a game may have at the largest value."""
REDEAL_LIMIT_MOST = 10_000
"""The largest ``redeal.limit``: the redeals of one hand a game may make
before the deal stands (docs/rules.md section 6, Misdeals)."""

CONTRACTS = 100
"""Contracts in one ``contracts`` section (the bundled specs have 5 to 12):
each is parsed, checked and proved, a few milliseconds apiece."""

RULE_LINE_CHARACTERS = 10_000
"""A rule line's length."""

RULE_LINE_CLAUSES = 64
"""Clauses in one rule line (a real one has fewer than ten; every card
its own value is 52).  ``barbu verify`` tries a change of each clause
and proves the contract again, so its work grows with the square of this:
at 200 it took a minute for 100 contracts and ten player counts."""

SIMULATED_GAMES = 1_000_000
"""Games (or hands of one contract) per spec in one ``barbu simulate``: a
million games of the rules bots take days; a study's batches are listed
before the first is played."""

SIMULATION_WORKERS = 256
"""Local worker processes of ``barbu simulate --workers``."""

FILE_NAME_BYTES = 255
"""A file name, each part of a path (what Linux, macOS and Windows file
systems take): a longer one is refused before the system is asked."""

PATH_BYTES = 4096
"""A whole path (Linux's PATH_MAX)."""

PLAYERS = (2, 10)
"""Player counts a spec may name: 2 to 10, one pack (docs/rules.md section 6;
the same bounds as :data:`barbu_dsl.cards.MIN_PLAYERS` and ``MAX_PLAYERS``)."""

NAME_CHARACTERS = 40
"""A player's name at a ``barbu serve`` table (one line)."""

TABLE_MESSAGE_BYTES = 64 * 1024
"""One message a seat sends a ``barbu serve`` table (an answer is a few
dozen bytes)."""

TABLE_REQUEST_BYTES = SPEC_FILE_BYTES + 64 * 1024
"""The body of one request to a ``barbu serve`` server: a house file and
the table's settings."""

TABLES = 1000
"""Tables in play (``waiting`` or ``playing``) one ``barbu serve`` server
holds, each with its game in memory; a table that is over does not count
(``server/lifecycle.py``)."""

__all__ = [
    "CONTRACTS",
    "FILE_NAME_BYTES",
    "GAME_FILE_BYTES",
    "GAME_HANDS",
    "MIB",
    "NAME_CHARACTERS",
    "NESTING_DEPTH",
    "NUMBER_DIGITS",
    "PATH_BYTES",
    "PLAYERS",
    "RECORD_FILE_BYTES",
    "RULE_LINE_CHARACTERS",
    "RULE_LINE_CLAUSES",
    "SIMULATED_GAMES",
    "TARGET_SCORE",
    "REDEAL_LIMIT_MOST",
    "SIMULATION_WORKERS",
    "SPEC_FILE_BYTES",
    "TABLES",
    "TABLE_MESSAGE_BYTES",
    "TABLE_REQUEST_BYTES",
    "THINK",
    "VALUE_MAGNITUDE",
]
