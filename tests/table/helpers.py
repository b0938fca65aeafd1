"""A scripted person at the table: answers typed on standard input.

:class:`Person` stands in for standard input.  It gives its planned
answers first, one a prompt, then a default answer that is always valid
(the first card the prompt lists, as rank and suit: ``2 hearts``; the
first numbered choice; ``7`` for a domino starting rank), and records
every answer, so that the same session can be typed again into the real
``barbu play`` (:func:`typed`).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from barbu_dsl.i18n import Translator
from barbu_dsl.table import PlayOptions, Streams, play

HERE = Path(__file__).resolve().parent
TINY = str(HERE / "tiny.yaml")
ESCAPES = re.compile(r"\x1b|\x9b")
BOX_DRAWING = re.compile(r"[\u2500-\u259f]")  # box drawing and block elements


class Person(io.TextIOBase):
    """Standard input for a person who types ``planned`` (None: the default
    answer) and then the first choice of every prompt (until ``stop_after``
    answers: then the input ends)."""

    def __init__(self, out: io.StringIO, planned: Sequence[str | None] = (), language: str = "en",
                 stop_after: int | None = None):
        self.out = out
        self.planned = list(planned)
        self.stop_after = stop_after
        self.given: list[str] = []
        t = Translator(language)
        self._rank_prompt = t("table.ask.start_rank", choices="").strip().rstrip(":")
        self._card_prompt = t("table.ask.card", count="(\\d+)", cards="(.+)")
        marks = {"number": "NUMBER", "count": "COUNT", "whom": "WHOM", "cards": "CARDS"}
        give = re.escape(t("table.ask.give", **marks))
        self._give_prompt = (give.replace("NUMBER", "(\\d+)").replace("COUNT", "(\\d+)").replace("WHOM", ".+")
                             .replace("CARDS", "(.+)"))
        self._first_card = "1"

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.stop_after is not None and len(self.given) >= self.stop_after:
            return ""
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        card = re.search(self._card_prompt, prompt) or re.search(self._give_prompt, prompt)
        if card:  # "hearts 2 5 K, spades 3": the two of hearts
            suit, rank = card.groups()[-1].split(", ")[0].split()[:2]
            self._first_card = f"{rank} {suit}"
        numbered = re.search(r"\? (\d+) ", prompt)
        planned = self.planned.pop(0) if self.planned else None  # None: the default answer
        if planned is not None:
            answer = planned
        elif self._rank_prompt in prompt:
            answer = "7"
        elif card or prompt.rstrip().endswith("?"):
            answer = self._first_card  # the card question, asked whole or again
        else:
            answer = numbered.group(1) if numbered else "1"
        self.given.append(answer)
        return answer + "\n"


def session(person_plan: Sequence[str | None] = (), stop_after: int | None = None, save: Path | None = None,
            **options: Any) -> tuple[str, str, Person, int]:
    """Play ``barbu play`` in this process with a scripted person; standard
    output and error (the save path written ``<save>``), the person, the exit code."""
    out, err = io.StringIO(), io.StringIO()
    person = Person(out, person_plan, options.get("language") or "en", stop_after)
    code = play(PlayOptions(save=save, **options), Streams(out, err, person))
    text = out.getvalue()
    if save is not None:
        text = text.replace(str(save), "<save>")
    return text, err.getvalue(), person, code


def barbu(*args: str, stdin: str = "", env: dict[str, str] | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real ``barbu`` with ``stdin`` typed in."""
    return subprocess.run([sys.executable, "-m", "barbu_dsl", *args], input=stdin, check=False,
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=600)


def assert_plain(text: str) -> None:
    """No escape sequence and no box drawing anywhere."""
    assert not ESCAPES.search(text)
    assert not BOX_DRAWING.search(text)
