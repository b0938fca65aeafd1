"""The table server as an ASGI app (Starlette): the HTTP API, the seats'
WebSockets and the page.

The HTTP API and the seat's WebSocket are the table protocol's
(docs/table.md); what the server adds — the owner's requests, the lobby's
and the page's — is in docs/server.md.  Every request body is read within
:data:`~barbu_dsl.limits.TABLE_REQUEST_BYTES` and every seat's message
within :data:`~barbu_dsl.limits.TABLE_MESSAGE_BYTES`; tokens are compared
in constant time, and a wrong one is refused before anything about the
game is sent.  The pages are files of the package, served with a content
security policy that allows nothing from elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import BOTS
from ..engine import GameFileError, GameState
from ..limits import TABLE_REQUEST_BYTES
from ..scorer.core import core_script
from .budget import TOO_FAST, Budgets, OverBudget, RequestBudget
from .fair import SeatGate, refused_socket
from .guard import SECURITY_HEADERS
from .lifecycle import PAGE, PAGE_MOST, Lifecycle
from .lobby import LobbyError, NewTable, check_players, read_new_table, read_rules, request_language, specs_menu
from .network import Wire
from .protocol import NOT_NOW, REFUSED, Refusal, message_text
from .shards import Shard
from .store import SeatRow, StoreError, TableRow, TableStore
from .table import Listener, Table
from .tokens import new_table_id, new_token

log = logging.getLogger("barbu.serve")

STATIC = Path(__file__).parent / "static"

QUEUE_MOST = 20_000
"""Messages queued for one connection before it is closed as too slow to read them."""


class Server:
    """The tables of one server and the store that keeps them: :attr:`tables`
    are the tables in play; those that are over are the lifecycle's (:mod:`.lifecycle`)."""

    def __init__(self, store: TableStore, shard: Shard | None = None):
        self.store = store
        self.shard = shard  # the tables it makes are this shard's (None: not sharded)
        self.budgets = Budgets()  # what each client may ask for, and how fast (budget.py)
        self.tables: dict[str, Table] = {}
        self.life = Lifecycle(self)
        self.unread: list[str] = []  # tables the store holds that could not be read back

    def load(self) -> None:
        """Every table in play the store holds, its game replayed; a table that
        cannot be read back is named in the log and skipped (:attr:`unread`)."""
        rows, damaged = self.store.load()
        for table_id, why in damaged.items():
            log.error("table %s cannot be read back: %s", table_id, why)
            self.unread.append(table_id)
        for row in rows:
            try:
                data = json.loads(row.game)
                data["answers"] = row.answers
                state = GameState.from_data(data)
            except (GameFileError, ValueError, TypeError) as error:
                log.error("table %s cannot be read back: %s", row.id, error)
                self.unread.append(row.id)
                continue
            if state.over and row.status != "over":  # the game's end was stored, its status not yet
                row.status = "over"
            table = self.tables[row.id] = Table(row, state, self.store)
            self.life.adopt(table)

    def start(self) -> None:
        """On the event loop, after :meth:`load`: the bots and the absence clocks go on, and the lifecycle's sweeps."""
        for table in self.tables.values():
            table.resume_timers()
            table._kick()
        self.life.start()

    async def create(self, new: NewTable, client: str | None = None) -> tuple[Table, list[str | None]]:
        """A new table made for ``client`` (an address: :mod:`.budget`); its invites (None for a bot seat)."""
        self.life.admit(client, new.seats)
        rules = new.rules
        state = GameState.new(rules.spec, players=len(new.seats), seed=new.seed)
        invites = [new_token() if kind == "human" else None for kind in new.seats]
        mark = self.shard.mark if self.shard else ""
        table_id = new_table_id(mark)
        while table_id in self.tables:
            table_id = new_table_id(mark)
        row = TableRow(id=table_id, spec_ref=rules.reference, house=rules.house, game=state.to_json(),
                       owner=new_token(), lang=new.lang, absent_after=new.absent_after, client=client,
                       seats=[SeatRow(seat, kind, invite, name, standin=new.standin)
                              for seat, (kind, invite, name)
                              in enumerate(zip(new.seats, invites, new.names, strict=True))])
        await self.store.add_table(row)
        table = Table(row, state, self.store)
        self.tables[table_id] = table
        self.life.adopt(table)
        if "human" not in new.seats:
            await table.start()
        return table, invites


def invites(table: Table) -> list[str | None]:
    """Each seat's invite while it opens the seat: None for a bot seat and
    for a seat a person has claimed (docs/table.md)."""
    return [seat.token if seat.token and seat.key is None else None for seat in table.seats]


def links(table: Table) -> list[str | None]:
    """Each seat's page address (path and query) while its invite opens it (see :func:`invites`)."""
    return [f"/t/{table.id}?token={token}" if token else None for token in invites(table)]


def _whole(text: str | None, absent: int) -> int | None:
    """A query's whole number (``absent`` when it is not given; None when it is not one)."""
    if text is None:
        return absent
    return int(text) if text.isdigit() and len(text) <= 12 else None


def _after(text: str | None) -> int:
    """A connection's ``after``: the last event the seat has (0 when absent or not a number)."""
    try:
        return max(0, int(text or "0"))
    except ValueError:
        return 0


class _Handlers:
    """The server's HTTP and WebSocket handlers, one method a route."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.menu_cache: dict[str, list[Any]] = {}

    @staticmethod
    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name, headers=SECURITY_HEADERS, media_type="text/html")
        return serve

    @staticmethod
    async def core(request: Request) -> Response:
        """The score sheet's rules core (``BarbuCore``, from the scorer's
        base.js, facts.js and sheet.js), for a client that checks or scores
        a sheet itself; the table page needs none of it (the server's
        messages say the pots and payouts)."""
        return Response(core_script(), headers=SECURITY_HEADERS, media_type="text/javascript")

    @staticmethod
    async def languages(request: Request) -> Response:
        """The pages' languages (``BarbuLanguages``), which ``common.js`` reads."""
        from .words import languages_script

        return Response(languages_script(), headers=SECURITY_HEADERS, media_type="text/javascript")

    async def table_of(self, request: Request) -> Table:
        """The table of the request's address: in play, or over (read back when asked for: lifecycle.py)."""
        table = await self.server.life.find(request.path_params["table"])
        if table is None:
            raise _Fail(404, "no_table", "there is no such table")
        return table

    async def owned(self, request: Request) -> Table:
        table = await self.table_of(request)
        header = request.headers.get("authorization", "")
        if not table.is_owner(header.removeprefix("Bearer ").strip()):
            raise _Fail(403, "not_owner", "this needs the table owner's token (Authorization: Bearer OWNER)")
        return table

    async def create_table(self, request: Request) -> Response:
        budgets = self.server.budgets
        client = budgets.client(request)
        budgets.table(client)  # taken first, given back when no table is made
        try:
            budgets.check(client)
            new = read_new_table(await _body(request))
            table, invites = await self.server.create(new, client.key)
        except BaseException:
            budgets.untable(client)
            raise
        return _json({"table": table.id, "invites": invites, "links": links(table), "owner": table.row.owner,
                      "owner_link": f"/t/{table.id}?owner={table.row.owner}", "house": table.row.house,
                      "warnings": new.warnings}, 201)

    async def list_tables(self, request: Request) -> Response:
        """The tables in play, a page at a time (``?after=N&size=K``), with the address of the next page; a
        worker of tables spread over several (``--shard``) says which it is, so the lobby asks the others."""
        query = request.query_params
        after, size = _whole(query.get("after"), 0), _whole(query.get("size"), PAGE)
        if after is None or size is None or not 1 <= size <= PAGE_MOST:
            raise _Fail(400, "bad_request", f"\"after\" is a whole number, \"size\" one from 1 to {PAGE_MOST}")
        listed, last = self.server.life.page(after, size)
        shard = self.server.shard
        of_shard = "" if shard is None else f"&shard={shard.index}"  # the next page from the same worker
        answer: dict[str, Any] = {"tables": [table.summary() for table in listed], "count": len(self.server.tables),
                                  "next": None if last is None else f"/api/tables?after={last}&size={size}{of_shard}"}
        if shard is not None:
            answer["shard"] = shard.to_json()
        return _json(answer)

    async def show_table(self, request: Request) -> Response:
        table = await self.table_of(request)
        return _json({**table.detail(), **self.server.life.facts(table)})

    async def remove_table(self, request: Request) -> Response:
        """``DELETE /api/tables/ID`` (the owner): the table is deleted, its connections told and closed."""
        table = await self.owned(request)
        await self.server.life.remove(table)
        return _json({"table": table.id, "removed": True})

    async def records(self, request: Request) -> Response:
        state = (await self.table_of(request)).state
        lines = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in state.records())
        return Response(lines, media_type="application/jsonl; charset=utf-8")

    async def sheet(self, request: Request) -> Response:
        from ..sheet.played import game_file

        table = await self.table_of(request)
        state = table.state
        return _json(game_file(state.spec, table.row.spec_ref, table.names, state.hands))

    async def contracts(self, request: Request) -> Response:
        """Each contract of the table's spec: its name in the spec, its name in
        the page's language (``label``) and its description in that language."""
        from ..i18n import Translator, choose_language
        from ..table.describe import describe
        from ..table.speech import Speech

        table = await self.table_of(request)
        try:
            language = choose_language(request.query_params.get("lang", "en")[:20])
        except ValueError:
            language = "en"
        say = Speech(Translator(language), table.names, None)
        spec, players = table.spec, table.state.players
        return _json({"contracts": [{"name": c.name, "label": c.name_in(language),
                                     "lines": describe(spec, c, players, say)} for c in spec.contracts]})

    async def owner_view(self, request: Request) -> Response:
        table = await self.owned(request)
        return _json(self._owner_message(table))

    @staticmethod
    def _owner_message(table: Table) -> dict[str, Any]:
        """The ``table`` message with what only the owner is given: the invites of the seats nobody has claimed."""
        return {**table.table_message(), "invites": invites(table), "links": links(table),
                "owner_link": f"/t/{table.id}?owner={table.row.owner}", "house": table.row.house}

    async def control(self, request: Request) -> Response:
        table = await self.owned(request)
        action = request.path_params["action"]
        body = await _body(request, empty_ok=True)
        if action == "start":
            standin = body.get("bot") if isinstance(body, dict) else None
            if standin is not None and standin not in BOTS:
                raise _Fail(400, "bad_request", f"bots: {', '.join(BOTS)}")
            await table.start(standin)
        elif action in ("pause", "resume"):
            await table.pause(action == "pause")
        elif action == "end":
            await table.end()
        elif action == "settings":
            seconds = body.get("absent_after") if isinstance(body, dict) else None
            if seconds is not None and (not isinstance(seconds, int | float) or isinstance(seconds, bool)
                                        or not 0 <= seconds <= 86400):
                raise _Fail(400, "bad_request", "\"absent_after\" is a number of seconds from 0 to 86400, or null")
            await table.set_absent_after(None if seconds is None else float(seconds))
        else:
            raise _Fail(404, "no_action", "owner actions: start, pause, resume, end, settings")
        return _json(table.table_message())

    async def seat_control(self, request: Request) -> Response:
        table = await self.owned(request)
        try:
            number = int(request.path_params["seat"])
            seat = table.seats[number]
        except (ValueError, IndexError):
            raise _Fail(404, "no_seat", "there is no such seat") from None
        body = await _body(request)
        if not isinstance(body, dict):
            raise _Fail(400, "bad_request", "the body is {\"bot\": NAME}, {\"stand_in\": true} or {\"free\": true}")
        if "bot" in body:
            await table.set_bot(seat.number, body["bot"])
        if body.get("stand_in") is True:
            await table.stand_in(seat.number)
        if body.get("free") is True:
            await table.free(seat.number)
        return _json(self._owner_message(table))

    async def check(self, request: Request) -> Response:
        """The lobby's check: the rules a table would play for ``players``
        (if given), with ``barbu check``'s messages, the warnings and the
        summary of the table in the page's language (``lang``)."""
        from ..checking import table_summary

        self.server.budgets.check(self.server.budgets.client(request))
        body = await _body(request)
        if not isinstance(body, dict):
            raise _Fail(400, "bad_request", "the body is {\"spec\": ..., \"choices\": ...} or {\"spec_text\": ...}")
        language = request_language(body)
        players = body.get("players")
        if players is not None and (type(players) is not int or not 1 <= players <= 99):
            raise _Fail(400, "bad_request", "\"players\" is the number of players at the table")
        rules = read_rules(body, language, players)
        spec = rules.spec
        if players is not None:
            check_players(spec, players, language)
        return _json({"ok": True, "spec": spec.full_name, "title": spec.title_in(language),
                      "players": list(spec.players), "house": rules.house,
                      "summary": table_summary(spec, language, players), "warnings": rules.report.warnings})

    async def specs(self, request: Request) -> Response:
        """The bundled specs as the lobby offers them, in the page's language (``?lang=``)."""
        from ..i18n import LANGUAGES, choose_language

        try:
            language = choose_language(request.query_params.get("lang", "en")[:20])
        except ValueError:
            raise _Fail(400, "bad_request", f"languages: {', '.join(LANGUAGES)}") from None
        return _json({"specs": self._menu(language), "bots": list(BOTS)})

    async def words(self, request: Request) -> Response:
        from ..i18n import LANGUAGES
        from .words import page_words

        try:
            return _json(page_words(request.path_params["lang"]))
        except KeyError:
            raise _Fail(404, "no_language", f"languages: {', '.join(LANGUAGES)}") from None

    async def seat_socket(self, websocket: WebSocket) -> None:
        """A seat's connection (its invite or key), or the owner's (which
        only listens).  A link that does not open the seat is accepted,
        told why in one ``error`` and closed with :data:`REFUSED`, so that
        a client can tell a refusal from a server it cannot reach; nothing
        about the game is sent to it."""
        await websocket.accept()
        connection = SocketConnection(websocket)
        writer = asyncio.create_task(connection.write())
        budgets = self.server.budgets
        client = budgets.client(websocket)
        try:
            budgets.open_socket(client)
        except OverBudget as over:  # told why, and closed: a page tries again later
            connection.push(refused_socket(over))
            connection.close(TOO_FAST, over.code)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 1)
            return
        table = await self.server.life.find(websocket.path_params["table"])
        opened: int | Listener | None = None
        try:
            opened = await self._open(table, websocket.query_params, connection)
            gate = SeatGate(table, opened, connection, client, budgets) if isinstance(opened, int) and table else None
            while opened is not None:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if gate is not None and not await gate.receive(message.get("text") or message.get("bytes") or b""):
                    connection.close(TOO_FAST, "too fast")  # past its budget for too long (budget.py)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            budgets.close_socket(client)
            if table is not None and isinstance(opened, int):
                table.disconnect(opened, connection)
            elif table is not None and isinstance(opened, Listener):
                table.unwatch(opened)
            connection.close(1000, "")
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 1)

    @staticmethod
    async def _open(table: Table | None, params: Any, connection: SocketConnection) -> int | Listener | None:
        """The seat a connection opens (claiming it with its invite), the
        owner's listener, or None when the connection was refused (and told why)."""
        try:
            if table is None:
                raise Refusal("no_table")
            if "token" not in params and "owner" in params:
                if not table.is_owner(params.get("owner")):
                    raise Refusal("not_owner")
                return table.watch(connection)
            number, claims = table.seat_of(params.get("token"))
        except Refusal as refusal:
            connection.push(refusal.to_json())
            connection.close(REFUSED, refusal.code)
            return None
        try:
            key = await table.claim(number) if claims else None
            await table.connect(number, connection, _after(params.get("after")), key)
        except StoreError as error:
            log.error("table %s: %s", table.id, error)
            connection.push(Refusal("not_saved", "the server could not save the seat: try again").to_json())
            connection.close(NOT_NOW, "not saved")
            return None
        return number

    def _menu(self, language: str) -> list[Any]:
        if language not in self.menu_cache:
            self.menu_cache[language] = specs_menu(language)
        return self.menu_cache[language]

    async def failed(self, request: Request, error: Exception) -> Response:
        if isinstance(error, _Fail):
            return _json({"error": {"code": error.code, "message": error.message}}, error.status)
        if isinstance(error, LobbyError):
            return _json(error.to_json(), 400)
        if isinstance(error, Refusal):
            return _json({"error": {"code": error.code, "message": error.message}}, 409)
        if isinstance(error, StoreError):
            log.error("%s", error)
            return _json({"error": {"code": "not_saved", "message": "the server could not save the change"}}, 503)
        if isinstance(error, OverBudget):
            return JSONResponse(error.to_json(), error.status, headers={"Cache-Control": "no-store",
                                                                        "Retry-After": str(error.retry_after)})
        raise error


def build_app(server: Server) -> Starlette:
    """The ASGI app of ``server``."""
    handlers = _Handlers(server)
    routes = [
        Route("/", handlers.page("lobby.html")),
        Route("/t/{table}", handlers.page("table.html")),
        Route("/core.js", handlers.core),
        Route("/languages.js", handlers.languages),
        Route("/api/specs", handlers.specs),
        Route("/api/check", handlers.check, methods=["POST"]),
        Route("/api/words/{lang}", handlers.words),
        Route("/api/tables", handlers.create_table, methods=["POST"]),
        Route("/api/tables", handlers.list_tables),
        Route("/api/tables/{table}", handlers.show_table),
        Route("/api/tables/{table}", handlers.remove_table, methods=["DELETE"]),
        Route("/api/tables/{table}/records", handlers.records),
        Route("/api/tables/{table}/sheet", handlers.sheet),
        Route("/api/tables/{table}/contracts", handlers.contracts),
        Route("/api/tables/{table}/owner", handlers.owner_view),
        Route("/api/tables/{table}/seats/{seat}", handlers.seat_control, methods=["POST"]),
        Route("/api/tables/{table}/{action}", handlers.control, methods=["POST"]),
        WebSocketRoute("/ws/{table}", handlers.seat_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    on_error: dict[Any, Any] = {error: handlers.failed
                                for error in (_Fail, LobbyError, Refusal, StoreError, OverBudget)}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start()
        yield
        with contextlib.suppress(StoreError):
            await server.life.save_touched()

    app = Starlette(routes=routes, exception_handlers=on_error, lifespan=lifespan)
    app.add_middleware(RequestBudget, budgets=server.budgets)  # every request spends its client's budget
    app.state.server = server
    return app


class _Fail(Exception):
    """A request refused with an HTTP status, an error code and a message."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _json(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


async def _body(request: Request, empty_ok: bool = False) -> Any:
    """The request's JSON body, read within :data:`TABLE_REQUEST_BYTES`."""
    from ..bounded_json import loads

    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > TABLE_REQUEST_BYTES):
        raise _Fail(413, "too_large", f"a request is at most {TABLE_REQUEST_BYTES} bytes")
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > TABLE_REQUEST_BYTES:
                raise _Fail(413, "too_large", f"a request is at most {TABLE_REQUEST_BYTES} bytes")
    except ClientDisconnect:  # the client went (or its body did not arrive in time): nobody to answer
        raise _Fail(400, "bad_request", "the request did not arrive whole") from None
    if not data and empty_ok:
        return {}
    try:
        return loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise _Fail(400, "bad_request", f"the body is not JSON: {error}") from None


class SocketConnection:
    """A WebSocket as a table's :class:`~.table.Connection`: messages are
    queued and written in order by :meth:`write`.

    A message goes straight to the connection (:class:`~.network.Wire`)
    when nothing is queued before it and the connection takes it now;
    otherwise — a client that does not read, the socket closing, a server
    without the wire — it is queued.  The queue is a deque and one flag,
    not an ``asyncio.Queue``: the writer wakes once and sends all that is
    queued (benchmarks/RESULTS.md)."""

    def __init__(self, websocket: WebSocket):
        self.websocket = websocket
        self.wire = Wire.of(websocket.scope)
        self.queue: deque[str] = deque()
        self.ready = asyncio.Event()  # set when there is something to send, or the connection closes
        self.sending = False  # the writer is sending a queued message: what comes next waits its turn
        self.closing: tuple[int, str] | None = None

    def push(self, message: dict[str, Any] | str) -> None:
        if self.closing is not None:
            return
        text = message if isinstance(message, str) else message_text(message)
        if not self.queue and not self.sending and self.wire is not None and self.wire.send(text):
            return
        if len(self.queue) >= QUEUE_MOST:
            self.close(1008, "messages not read")
            return
        self.queue.append(text)
        self.ready.set()

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
            self.ready.set()

    async def write(self) -> None:
        """Send what is queued, in order, as it comes; then close (with what was queued before it sent)."""
        send, queue = self.websocket.send, self.queue
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while queue:
                    self.sending = True
                    await send({"type": "websocket.send", "text": queue.popleft()})
                self.sending = False
                if self.closing is not None:
                    break
            code, reason = self.closing
            await self.websocket.close(code, reason)
        except Exception:  # noqa: BLE001 -- the other side has gone: nothing more to send
            return


__all__ = ["Server", "SocketConnection", "build_app", "invites", "links"]
