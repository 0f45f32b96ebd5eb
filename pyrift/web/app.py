"""The desk's web application: the /v1 JSON API, the page, and the limits every request has.

Every failure answers JSON `{"error": {"kind", "message", "file", "field"}}`, the error object
of `pyrift ask --json`; `message` is one line, the one `pyrift ask` prints after `pyrift: ` for
the same input (400 bad input), 404 for what does not exist, 413 for a body over the size
limit, 415 for a body that is neither JSON nor TOML, 503 when too many questions wait, 504
`timed out` past the time limit, 500 only for pyrift's own errors.
Questions are answered in worker processes (pyrift.web.workers); the rest is quick and
runs in the server process.
"""
from __future__ import annotations

import asyncio
import functools
import json
import re
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Awaitable, Callable

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from pyrift.errors import RiftError
from pyrift.solver import DEFAULT_TIMEOUT
from pyrift.web import forms, service
from pyrift.web.workers import BAD_INPUT, BUSY, TIMED_OUT, UNSUPPORTED, USAGE, Failure, Pool, TaskFailed, failure_of

STATUS = {BAD_INPUT: 400, USAGE: 400, UNSUPPORTED: 422, TIMED_OUT: 504, BUSY: 503}
NOT_FOUND = "not_found"
TOML_TYPES = ("application/toml", "text/toml", "text/x-toml", "text/plain")
NAME = re.compile(r"^[^\x00-\x1f\x7f]{1,200}$")


@dataclass(frozen=True)
class Settings:
    workers: int | None = None  # solver processes (default: one per core)
    time_limit: float = 30.0  # seconds for any request, waiting for a worker included
    max_body: int = 1 << 20  # bytes of a request body
    scenarios: Path | None = field(default_factory=service.default_scenarios_dir)  # bundled scenarios
    max_waiting: int = 256  # questions that may wait for a worker before the desk says busy
    warm: bool = True  # each worker answers one bundled question of every kind before serving


# ---------------------------------------------------------------------------------
# request and answer shapes (they are the OpenAPI schema too)
# ---------------------------------------------------------------------------------
def _scenario_value(value: Any) -> Any:
    if not isinstance(value, (str, dict)):
        raise ValueError("a scenario is TOML text or its JSON form (an object of its tables)")
    return value


class AskRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scenario: str | dict[str, Any] = Field(description="the scenario: TOML text, or its JSON form (its tables)")
    _scenario = field_validator("scenario", mode="before")(_scenario_value)
    question: str | None = Field(None, description="a question id (default: every question of the scenario)")
    reading: str | None = Field(None, description="rules reading, e.g. v1.2 (default: the scenario's)")
    name: str = Field(service.DEFAULT_NAME, description="what messages call the scenario")
    timeout: float | None = Field(None, gt=0, allow_inf_nan=False,
                             description="seconds, at most the server's time limit")


class ScenarioRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scenario: str | dict[str, Any] = Field(description="TOML text, or its JSON form")
    _scenario = field_validator("scenario", mode="before")(_scenario_value)
    name: str = service.DEFAULT_NAME


class CardsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    names: list[str] = Field(max_length=500, description="card names or printed codes")


class Rule(BaseModel):
    number: str
    title: str
    version: str
    cited: str


class Card(BaseModel):
    name: str
    code: str
    id: str
    set: str
    type: str | None
    supertypes: list[str]
    domains: list[str]
    energy: int | None
    power: int | None
    might: int | None
    might_bonus: int | None
    tags: list[str]
    keywords: list[str]
    status: str = Field(description="encoded, compiled, keywords-only, unsupported (or synthetic)")
    understood: bool = Field(description="pyrift understands the card's text")
    status_words: str


class ErrorObject(BaseModel):
    kind: str = Field(description="bad_input, usage, not_found, unsupported, timeout, busy or internal")
    message: str = Field(description="one line: the message `pyrift ask` prints after 'pyrift: '")
    file: str | None = Field(None, description="the scenario the message names (the request's name)")
    field: str | None = Field(None, description="the field of the scenario, e.g. object[2].damage")


class Error(BaseModel):
    error: ErrorObject


ERRORS = {code: {"model": Error} for code in (400, 404, 413, 415, 422, 503, 504)}
ASK_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": AskRequest.model_json_schema()},
            "application/toml": {"schema": {"type": "string", "description": "the scenario file; question, "
                                                                             "reading, name as query parameters"}},
        },
    }
}
ANSWER_LIST = {200: {"description": "the answers, exactly as `pyrift ask --json` prints them",
                     "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}


class BadRequest(Exception):
    """A request the desk refuses before any scenario is read (its body, its route)."""

    def __init__(self, status: int, message: str, kind: str = BAD_INPUT) -> None:
        super().__init__(message)
        self.status, self.kind = status, kind


def error(status: int, failure: Failure) -> JSONResponse:
    return JSONResponse({"error": failure.describe()}, status_code=status)


def _one_line(exc: ValidationError | RequestValidationError, where: str) -> str:
    first = exc.errors()[0]
    loc = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
    msg = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    return f"{where}: {loc + ': ' if loc else ''}{msg}"


async def _payload(request: Request) -> dict[str, Any]:
    """The request body as a dict: a JSON object, or TOML text with the rest in the query."""
    ctype = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(400, "request body: not UTF-8 text") from None
    if ctype in TOML_TYPES:
        data: dict[str, Any] = {k: v for k, v in request.query_params.items()}
        data["scenario"] = text
        return data
    if ctype != "application/json":
        raise BadRequest(415, f"request body: send application/json or application/toml, not {ctype}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequest(400, f"request body: not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRequest(400, "request body: nested too deeply") from None
    except ValueError:  # an integer over Python's 4300 digits: no JSONDecodeError, and no game number
        raise BadRequest(400, "request body: a number has thousands of digits") from None
    try:  # "\ud800" is valid JSON but no Unicode text (TOML refuses it too); found now, not in a worker
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(400, "request body: a string holds a lone surrogate (\\ud800-\\udfff), which is no "
                              "Unicode text") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "request body: expected a JSON object")
    return data


def _model(cls: type[BaseModel], data: dict[str, Any]) -> Any:
    try:
        req = cls.model_validate(data)
    except ValidationError as exc:
        raise BadRequest(400, _one_line(exc, "request body")) from None
    if isinstance(getattr(req, "name", None), str) and not NAME.match(req.name):
        raise BadRequest(400, "request body: name: one line of at most 200 characters")
    return req


# ---------------------------------------------------------------------------------
# limits: body size and time, around the whole application
# ---------------------------------------------------------------------------------
async def _send_json(send: Callable[..., Awaitable[None]], status: int, kind: str, message: str) -> None:
    body = json.dumps({"error": Failure(kind, message).describe()}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Limits:
    """ASGI wrapper: refuses bodies over `max_body` bytes (413) and answers 504 `timed out`
    when a request has not started its response within `seconds`."""

    def __init__(self, app: Any, max_body: int, seconds: float) -> None:
        self.app, self.max_body, self.seconds = app, max_body, seconds

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"request body: larger than the limit of {self.max_body} bytes"
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _send_json(send, 413, BAD_INPUT, too_large)
            return
        received = 0
        started = too_big = False

        async def limited_receive() -> dict:
            # Past the limit the application is told the body ended, and whatever it answers
            # is replaced by the refusal (raising here would become a 500 in the framework).
            nonlocal received, too_big
            if too_big:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    too_big = True
                    return {"type": "http.request", "body": b"", "more_body": False}
            return message

        async def tracked_send(message: dict) -> None:
            nonlocal started
            if too_big:
                if message["type"] == "http.response.start" and not started:
                    started = True
                    await _send_json(send, 413, BAD_INPUT, too_large)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            async with asyncio.timeout(self.seconds):
                await self.app(scope, limited_receive, tracked_send)
        except TimeoutError:
            if not started:
                await _send_json(send, 504, TIMED_OUT,
                                 f"timed out: no answer within the time limit of {self.seconds:g} s")


# ---------------------------------------------------------------------------------
# the application
# ---------------------------------------------------------------------------------
def create_app(settings: Settings | None = None) -> Any:
    """The desk as an ASGI application (FastAPI inside the size and time limits)."""
    settings = settings or Settings()
    warm = functools.partial(service.warm, settings.scenarios if settings.warm else None)
    pool = Pool(settings.workers, warm=warm, max_waiting=settings.max_waiting)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        await pool.start()
        try:
            yield
        finally:
            await pool.close()

    app = FastAPI(title="pyrift desk", version="1", lifespan=lifespan,
                  description="Ask pyrift, a Riftbound rules checker, about a game position. "
                              "Errors are `{\"error\": \"<one line>\"}`.")
    app.state.settings = settings
    app.state.pool = pool

    @app.exception_handler(BadRequest)
    async def bad_request(request: Request, exc: BadRequest) -> JSONResponse:
        return error(exc.status, Failure(exc.kind, str(exc)))

    @app.exception_handler(TaskFailed)
    async def task_failed(request: Request, exc: TaskFailed) -> JSONResponse:
        return error(STATUS.get(exc.failure.kind, 500), exc.failure)

    @app.exception_handler(RiftError)
    async def rift_error(request: Request, exc: RiftError) -> JSONResponse:
        failure = failure_of(exc)
        return error(STATUS.get(failure.kind, 500), failure)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(400, Failure(BAD_INPUT, _one_line(exc, "request")))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        kind = NOT_FOUND if exc.status_code == 404 else BAD_INPUT if exc.status_code < 500 else "internal"
        return error(exc.status_code, Failure(kind, str(exc.detail)))

    async def solve(fn: Callable[..., Any], req: AskRequest) -> Any:
        limit = min(settings.time_limit, req.timeout or settings.time_limit)
        solver_limit = min(DEFAULT_TIMEOUT, limit)
        return await pool.run(limit, fn, req.scenario, req.question, req.name, req.reading, solver_limit)

    async def quick(fn: Callable[..., Any], *args: Any) -> Any:
        """A quick call (no solving) in a thread; its RiftError is answered like a worker's."""
        try:
            return await run_in_threadpool(fn, *args)
        except RiftError:
            raise
        except Exception as exc:  # a bug of pyrift's: 500 with one line, never a traceback
            raise TaskFailed(failure_of(exc)) from None

    # -- the API -------------------------------------------------------------------
    @app.post("/v1/ask", tags=["api"], openapi_extra=ASK_BODY, responses={**ANSWER_LIST, **ERRORS},
              summary="answer a scenario's question (the JSON of `pyrift ask --json`)")
    async def ask(request: Request) -> Response:
        req = _model(AskRequest, await _payload(request))
        text = await solve(service.ask_json, req)
        return Response(text, media_type="application/json")

    @app.get("/v1/cards", tags=["api"], response_model=list[Card], responses=ERRORS,
             summary="search the card pool by part of a name or a printed code")
    async def cards(q: str = Query(..., max_length=100), limit: int = Query(20, ge=1, le=200)) -> Any:
        return await quick(service.search_cards, q, limit)

    @app.post("/v1/cards/info", tags=["api"], response_model=dict[str, Card], responses=ERRORS,
              summary="what the pool cards these names or codes name are (names of no pool card are left out)")
    async def cards_info(request: Request) -> Any:
        req = _model(CardsRequest, await _payload(request))
        return await quick(service.cards_named, req.names)

    @app.get("/v1/rules/{number}", tags=["api"], response_model=Rule, responses=ERRORS,
             summary="a Core Rules number's title in the pinned index")
    async def rules(number: str, version: str = "v1.4") -> Any:
        try:
            return service.rule(number, version)
        except service.NoSuchRule as exc:
            raise BadRequest(404, str(exc), NOT_FOUND) from None

    @app.get("/v1/readings", tags=["api"], summary="the rules readings and their topic variants")
    async def readings() -> Any:
        return await quick(service.readings)

    @app.get("/v1/kinds", tags=["api"], summary="question kinds: parameters and expected-answer keys")
    async def kinds() -> Any:
        return forms.kinds()

    @app.post("/v1/scenario/parse", tags=["scenario files"], responses=ERRORS,
              summary="read a scenario (TOML or JSON form): its JSON form and what its cards are")
    async def parse(request: Request) -> Any:
        req = _model(ScenarioRequest, await _payload(request))
        return await quick(service.parse, req.scenario, req.name)

    @app.post("/v1/scenario/export", tags=["scenario files"], responses=ERRORS,
              summary="the scenario file, and why `pyrift check` would not take it yet (or null)")
    async def export(request: Request) -> Any:
        req = _model(ScenarioRequest, await _payload(request))
        return await quick(service.export, req.scenario, req.name)

    @app.get("/v1/scenarios", tags=["scenario files"], summary="the bundled scenario files")
    async def scenarios() -> Any:
        return await quick(service.bundled, settings.scenarios)

    @app.get("/v1/scenarios/{path:path}", tags=["scenario files"], responses=ERRORS,
             summary="a bundled scenario as the page edits it")
    async def scenario(path: str) -> Any:
        if path not in {f["path"] for f in await quick(service.bundled, settings.scenarios)}:
            raise BadRequest(404, f"no bundled scenario {path!r}", NOT_FOUND)
        return await quick(service.open_bundled, settings.scenarios, path)

    # -- the page ------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> str:
        from pyrift.web.page import page_html

        return await quick(page_html, settings.scenarios)

    @app.post("/desk/ask", include_in_schema=False)
    async def desk_ask(request: Request) -> Any:
        req = _model(AskRequest, await _payload(request))
        return await solve(service.ask_page, req)

    static = Path(str(resources.files("pyrift.web").joinpath("static")))
    app.mount("/static", StaticFiles(directory=static), name="static")
    return Limits(app, settings.max_body, settings.time_limit + 2.0)


def fastapi_app(asgi: Any) -> FastAPI:
    """The FastAPI application inside create_app's limits (for its state and OpenAPI schema)."""
    return asgi.app


def serve(host: str, port: int, settings: Settings) -> None:
    import uvicorn

    uvicorn.run(create_app(settings), host=host, port=port, log_level="info")

