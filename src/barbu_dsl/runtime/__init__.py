"""The runtime: the code a generated package needs that does not depend on
a spec, written once.

The interpreter imports these modules; ``barbu generate`` copies each of
them, word for word after the header every generated file starts with,
into every package it writes (docs/architecture.md), so a package stands
alone and runs the same code:

* :mod:`.cards` — cards as ints, card sets as masks, every notation;
* :mod:`.bits` — tables over masks and the random draws of a deal, for
  fast playouts;
* :mod:`.errors` — the rules a move can break (codes and messages) and the
  errors of a hand record;
* :mod:`.announcement` — what the declarer announces before a hand;
* :mod:`.records` — reading hand records, and the result objects of a replay;
* :mod:`.doubling` — which doubles are legal, and how they settle;
* :mod:`.entry` — a score-sheet hand's facts of play, checked and scored;
* :mod:`.suggestion` — the name meant by a misspelt one ("did you mean");
* :mod:`.scoring` — trick positions and the rounding of shares;
* :mod:`.hands` — the base classes of a generated package's hands;
* :mod:`.native` — the runtime of the playouts compiled with numba
  (imported only by a package's ``native`` subpackage).

Only the standard library is imported (and numba by :mod:`.native`), and a
module here imports only its neighbours, relatively: a test checks both.
"""
