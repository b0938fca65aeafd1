"""The table where people play: keyboard only, line by line, screen-reader friendly.

* :mod:`.console` — plain or rich lines out, answers in;
* :mod:`.speech` — seats, cards and scores in the player's language;
* :mod:`.answers` — reading commands, numbers, cards, suits, ranks,
  contracts and seats as people type them;
* :mod:`.describe` — a contract described in the player's language;
* :mod:`.broken` — the rule a wrong card breaks, in the player's language;
* :mod:`.narrator` — the game said as it happens;
* :mod:`.human` — the seat a person plays (``human`` in ``--bots``);
* :mod:`.save` — saving a game left before its end, and carrying it on;
* :mod:`.report` — the plain score sheet and the JSON of a finished game;
* :mod:`.play` — ``barbu play``.

The messages are the ``table.`` catalog of :mod:`barbu_dsl.i18n`, in
English, Italian, French and Portuguese.
"""

from __future__ import annotations

from .human import HumanSeat
from .play import PlayOptions, Streams, play

__all__ = ["HumanSeat", "PlayOptions", "Streams", "play"]
