"""The webhook: a small tornado server in front of PTB's update queue, as PTB documents for
custom webhook servers (``application.update_queue.put(Update.de_json(...))`` between
``initialize``/``start`` and ``stop``/``shutdown``).

PTB's own server (telegram.ext._utils.webhookhandler) reads a whole body of up to tornado's
100 MB default into memory before it looks at the secret, logs an update it cannot parse at
CRITICAL with the whole body, and ``run_webhook(bootstrap_retries=-1)`` retries a refused
``setWebhook`` forever without a word. Here:

- the secret is compared as soon as the headers are in; a request without it is answered 403
  and its connection closed, so its body is never read;
- a body is at most ``MAX_UPDATE_BYTES``, Telegram's own scale (a 4 096-character message
  with its entities, a replied-to message and a quote fit in a few tens of KB);
- a malformed update is one WARNING line with its size, never its content;
- ``WEBHOOK_SECRET`` is checked at start against Telegram's rule (1–256 characters of
  ``A-Za-z0-9_-``) and a minimum length, and ``setWebhook`` is tried a bounded number of times,
  each failure logged, then the process exits non-zero.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hmac
import json
import logging
import re
import signal
import warnings
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any, Final

import tornado.web
from telegram import Bot, Update
from telegram.error import BadRequest, Forbidden, InvalidToken, RetryAfter, TelegramError
from telegram.ext import Application, ExtBot
from telegram.warnings import PTBDeprecationWarning
from tornado.http1connection import HTTP1Connection
from tornado.httpserver import HTTPServer

log = logging.getLogger(__name__)

MAX_UPDATE_BYTES: Final = 256 * 1024
MIN_SECRET_CHARS: Final = 16
MAX_SECRET_CHARS: Final = 256  # Telegram's limit for secret_token
_SECRET_CHARS: Final = re.compile(r"[A-Za-z0-9_-]+")
SECRET_HEADER: Final = "X-Telegram-Bot-Api-Secret-Token"
SET_WEBHOOK_TRIES: Final = 5
# A slow or idle client must not hold a connection (and its buffer) open indefinitely.
BODY_TIMEOUT_SECONDS: Final = 10.0
IDLE_TIMEOUT_SECONDS: Final = 60.0

AnyApplication = Application[Any, Any, Any, Any, Any, Any]


def secret_problem(secret: str) -> str | None:
    """Why `secret` cannot be a webhook secret, or None when it can."""
    if not _SECRET_CHARS.fullmatch(secret):
        return "WEBHOOK_SECRET may only contain the characters A-Z, a-z, 0-9, _ and -"
    if len(secret) > MAX_SECRET_CHARS:
        return f"WEBHOOK_SECRET must be at most {MAX_SECRET_CHARS} characters (Telegram's limit)"
    if len(secret) < MIN_SECRET_CHARS:
        return (
            f"WEBHOOK_SECRET must be at least {MIN_SECRET_CHARS} characters: anyone who guesses "
            "it can send the bot updates"
        )
    return None


@tornado.web.stream_request_body
class UpdateHandler(tornado.web.RequestHandler):
    """POST <path>: one update from Telegram."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, receiver: WebhookServer) -> None:
        self.receiver = receiver
        self.chunks: list[bytes] = []
        self.size = 0

    def prepare(self) -> None:
        # Called with the headers only: nothing of the body has been read yet.
        token = self.request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(token.encode(), self.receiver.secret):
            log.debug("webhook request without the right secret from %s", self.request.remote_ip)
            self._refuse(HTTPStatus.FORBIDDEN)
            return
        declared = self.request.headers.get("Content-Length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.receiver.limit):
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        content_type = self.request.headers.get("Content-Type", "")
        if content_type.split(";")[0].strip().lower() != "application/json":
            self._refuse(HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
            return
        if isinstance(self.request.connection, HTTP1Connection):
            self.request.connection.set_max_body_size(self.receiver.limit)  # chunked bodies

    def _refuse(self, status: HTTPStatus) -> None:
        # Finishing before the body is read makes tornado close the connection unread.
        self.set_status(status)
        self.finish()

    def data_received(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size > self.receiver.limit:
            raise tornado.web.HTTPError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        self.chunks.append(chunk)

    async def post(self) -> None:
        status = await self.receiver.receive(b"".join(self.chunks))
        self.set_status(status)
        self.finish()

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        # tornado would log the request; a refusal needs no traceback.
        if isinstance(value, tornado.web.HTTPError):
            log.debug("webhook request refused: %s", value.status_code)
        else:
            log.error("webhook handler failed", exc_info=(typ, value, tb))


class _App(tornado.web.Application):
    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        """Our logging, not tornado's access log (which would print every request)."""


class WebhookServer:
    """Receives updates on `path` and hands them to `app`'s update queue."""

    def __init__(
        self, app: AnyApplication, path: str, secret: str, limit: int = MAX_UPDATE_BYTES
    ) -> None:
        self.app = app
        self.path = "/" + path.strip("/")
        self.secret = secret.encode()
        self.limit = limit
        self._server: HTTPServer | None = None

    async def receive(self, body: bytes) -> int:
        """One authenticated body → the update queue; the HTTP status to answer."""
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError included
            log.warning("webhook: refused a body that is not an update (%d bytes, %s)",
                        len(body), type(exc).__name__)
            return HTTPStatus.BAD_REQUEST
        try:
            update = Update.de_json(data, self.app.bot)
        except Exception as exc:
            # Telegram would send it again on an error status, and it would fail again.
            log.warning("webhook: dropped an update that could not be read (%d bytes, %s)",
                        len(body), type(exc).__name__)
            return HTTPStatus.OK
        if isinstance(self.app.bot, ExtBot):
            self.app.bot.insert_callback_data(update)  # as PTB's own server does
        await self.app.update_queue.put(update)
        return HTTPStatus.OK

    async def start(self, listen: str, port: int) -> None:
        app = _App([(rf"{re.escape(self.path)}/?", UpdateHandler, {"receiver": self})])
        self._server = HTTPServer(
            app, max_body_size=self.limit, body_timeout=BODY_TIMEOUT_SECONDS,
            idle_connection_timeout=IDLE_TIMEOUT_SECONDS,
        )
        self._server.listen(port, address=listen)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()
            self._server = None


async def set_webhook(
    bot: Bot, url: str, secret: str, tries: int = SET_WEBHOOK_TRIES,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> bool:
    """Registers the webhook with Telegram: a few tries with back-off for network trouble,
    none for a refusal that a retry cannot change (a bad URL or token). Every failure is
    logged; False when the webhook is not set."""
    for attempt in range(1, tries + 1):
        try:
            await bot.set_webhook(url, secret_token=secret, allowed_updates=Update.ALL_TYPES)
            log.info("webhook set (attempt %d)", attempt)
            return True
        except (BadRequest, Forbidden, InvalidToken) as exc:
            log.error("Telegram refused setWebhook: %s", exc.message)
            return False
        except RetryAfter as exc:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PTBDeprecationWarning)  # int → timedelta
                after = exc.retry_after
            delay = after.total_seconds() if isinstance(after, dt.timedelta) else float(after)
            log.warning("setWebhook attempt %d of %d: flood control, retrying in %.0f s",
                        attempt, tries, delay)
        except TelegramError as exc:
            delay = float(2 ** (attempt - 1))
            log.warning("setWebhook attempt %d of %d failed: %s", attempt, tries, exc.message)
        if attempt < tries:
            await sleep(delay)
    log.error("setWebhook failed %d times: giving up", tries)
    return False


async def serve(
    app: AnyApplication, *, url: str, secret: str, path: str, listen: str, port: int,
    stop: asyncio.Event | None = None,
) -> int:
    """The whole life of a webhook bot, in PTB's order (initialize, post_init, start … stop,
    post_stop, shutdown, post_shutdown) until SIGINT/SIGTERM or `stop`. 0, or 1 when the
    webhook could not be set."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    server = WebhookServer(app, path, secret)
    await app.initialize()
    try:
        if app.post_init is not None:
            await app.post_init(app)
        if not await set_webhook(app.bot, url, secret):
            return 1
        await server.start(listen, port)
        await app.start()
        log.info("webhook listening on %s:%d%s", listen, port, server.path)
        await stop.wait()
        return 0
    finally:
        await server.stop()
        if app.running:
            await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
