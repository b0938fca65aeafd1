"""``barbu serve``: the online table, where people on their own computers
(blind players among them) sit with bots at any club's rules.

The server holds tables of any spec; each table is one
:class:`~barbu_dsl.engine.GameState` that the server drives, as every
front end does.  People sit from the page the server serves; programs sit
through the table protocol (docs/table.md; the server's additions are in
docs/server.md).

* :mod:`.tokens` — invite and owner tokens: unguessable, compared in constant time;
* :mod:`.store` — tables, seats and every answer in SQLite, committed before
  an answer is acknowledged, read back after a restart (the tables in
  play; the others when asked for);
* :mod:`.lobby` — a new table from a request: the spec, the seats, the names;
* :mod:`.house` — the French family's choices (mode, contracts and their
  variants, hands) written as a house file;
* :mod:`.protocol` — the messages a seat sends, read within bounds;
* :mod:`.names` — seat names that cannot be mistaken for one another;
* :mod:`.table` — one table at play: seats, connections, bots and stand-ins,
  pause and end;
* :mod:`.lifecycle` — a table's life: in play, archived (read back when
  asked for), abandoned, expired, removed; bots paced where nobody sits;
* :mod:`.budget` and :mod:`.fair` — what a client and a seat's connection
  may ask for, and how fast; a seat's messages read within them;
* :mod:`.network` and :mod:`.logs` — the connections at the socket (how
  many, how long a request may take) and a log of one line per kind of
  failure;
* :mod:`.app` — the HTTP API, the seats' WebSockets and the page (Starlette);
* :mod:`.cli` — ``barbu serve`` and ``barbu join``;
* :mod:`.shadow` and :mod:`.join` — ``barbu join``: the terminal table as a
  client of a server seat.
"""
