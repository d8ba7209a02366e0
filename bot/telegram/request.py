"""The bot's Bot API transports (PTB's ``BaseRequest``: a status and the answer's bytes;
PTB's ``post`` turns statuses into its errors, the rate limiter and ``Defaults`` sit above).

- ``JsonHTTPXRequest``: PTB's HTTPX request sending parameters as a JSON body. PTB
  form-encodes every call, and ``urllib.parse.quote`` walks the text byte by byte in Python:
  for a 3 KB answer about 0.13 ms per message against 0.01 ms for ``json.dumps``. The Bot
  API takes ``application/json`` for every method without files; calls with files go the
  usual multipart way.
- ``StreamRequest`` (the bot's): the same JSON calls written straight to keep-alive HTTP/1.1
  connections (asyncio streams). httpx and httpcore cost ~1 ms of CPU a call here (the
  pool's bookkeeping, anyio's socket checks, h11, the models), more than the rest of a reply
  outside the pipeline (README, Benchmarks). Everything else (files, downloads, a proxy in
  the environment) goes through httpx as before. The outcomes are httpx's as PTB sees them
  (tests/test_telegram_request.py runs one table against both): a timeout (connect, write,
  read) is ``TimedOut``, a refused or lost connection ``NetworkError``, a busy pool
  ``TimedOut`` before anything is sent; a connection that timed out or was cancelled
  mid-call is closed, never reused.
"""

from __future__ import annotations

import asyncio
import collections
import json
import ssl
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import httpx
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, HTTPXRequest, RequestData

# telegram._utils is private to PTB (pinned ~=22.5): the types HTTPXRequest.do_request uses.
_JSON = {"Content-Type": "application/json"}


class JsonHTTPXRequest(HTTPXRequest):
    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if request_data is None or request_data.contains_files or self._client.is_closed:
            return await super().do_request(
                url, method, request_data, read_timeout, write_timeout, connect_timeout,
                pool_timeout,
            )
        defaults = self._client.timeout
        timeout = httpx.Timeout(
            connect=defaults.connect if isinstance(connect_timeout, DefaultValue)
            else connect_timeout,
            read=defaults.read if isinstance(read_timeout, DefaultValue) else read_timeout,
            write=defaults.write if isinstance(write_timeout, DefaultValue) else write_timeout,
            pool=defaults.pool if isinstance(pool_timeout, DefaultValue) else pool_timeout,
        )
        try:
            res = await self._client.request(
                method=method,
                url=url,
                headers={"User-Agent": self.USER_AGENT, **_JSON},
                timeout=timeout,
                content=json.dumps(request_data.parameters).encode(),
            )
        except httpx.TimeoutException as err:
            if isinstance(err, httpx.PoolTimeout):
                raise TimedOut(
                    message="Pool timeout: all connections in the pool are busy; the request "
                    "was not sent to Telegram."
                ) from err
            raise TimedOut from err
        except httpx.HTTPError as err:
            raise NetworkError(f"httpx.{err.__class__.__name__}: {err}") from err
        return res.status_code, res.content


_POOL_TIMEOUT = (
    "Pool timeout: all connections in the pool are busy; the request was not sent to Telegram."
)
_Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class Lost(ValueError):
    """The connection closed before the whole answer came."""


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """One HTTP/1.1 answer: (status, body, whether the connection can be used again);
    ``Lost`` when the connection closed before its headers ended."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        raise Lost("before the answer's headers ended") from exc
    lines = head.decode("latin-1").split("\r\n")
    version, status = lines[0].split(" ", 2)[:2]
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip().lower()
    if "chunked" in headers.get("transfer-encoding", ""):
        parts = []
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            parts.append((await reader.readexactly(size + 2))[:-2])
        await reader.readuntil(b"\r\n")  # the (empty) trailer
        body = b"".join(parts)
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    else:
        body = await reader.read()  # until the server closes
        return int(status), body, False
    connection = headers.get("connection", "")
    keep = "close" not in connection and (version != "HTTP/1.0" or "keep-alive" in connection)
    return int(status), body, keep


class StreamRequest(JsonHTTPXRequest):
    """JSON calls on up to ``connection_pool_size`` keep-alive connections of its own (the
    httpx client, for what it hands on, has as many). ``ssl_context``: the bot's (httpx's
    trust store); timeouts as ``HTTPXRequest``'s, each call's own or the defaults."""

    def __init__(
        self, connection_pool_size: int = 1, *, ssl_context: ssl.SSLContext | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(connection_pool_size=connection_pool_size, **kwargs)
        self._free = connection_pool_size
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()
        self._idle: dict[tuple[str, int, bool], list[_Connection]] = {}
        self._routes: dict[str, tuple[tuple[str, int, bool], bytes] | None] = {}
        self._ssl = ssl_context or httpx.create_ssl_context()
        # httpx reads HTTP(S)_PROXY, ALL_PROXY and NO_PROXY (trust_env): with any of them
        # set, every call goes its way.
        self._proxied = bool(urllib.request.getproxies())

    def _route(self, url: str) -> tuple[tuple[str, int, bool], bytes] | None:
        """(host, port, TLS) and the request's head up to its length, once per URL (a bot
        calls a few dozen methods); None when httpx is to send it."""
        try:
            return self._routes[url]
        except KeyError:
            pass
        parts = urlsplit(url)
        route: tuple[tuple[str, int, bool], bytes] | None = None
        if parts.scheme in ("http", "https") and parts.hostname and not self._proxied:
            tls = parts.scheme == "https"
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            head = (f"POST {target} HTTP/1.1\r\nHost: {parts.netloc.rsplit('@', 1)[-1]}\r\n"
                    f"User-Agent: {self.USER_AGENT}\r\nContent-Type: application/json\r\n"
                    "Content-Length: ").encode()
            route = ((parts.hostname, parts.port or (443 if tls else 80), tls), head)
        if len(self._routes) < 64:
            self._routes[url] = route
        return route

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        route = None
        if (method == "POST" and request_data is not None and not request_data.contains_files
                and not self._client.is_closed):
            route = self._route(url)
        if route is None:
            return await super().do_request(
                url, method, request_data, read_timeout, write_timeout, connect_timeout,
                pool_timeout,
            )
        assert request_data is not None
        defaults = self._client.timeout
        body = json.dumps(request_data.parameters).encode()
        where, head = route
        await self._acquire(defaults.pool if isinstance(pool_timeout, DefaultValue)
                            else pool_timeout)
        try:
            return await self._exchange(
                where, head + str(len(body)).encode() + b"\r\n\r\n" + body,
                defaults.connect if isinstance(connect_timeout, DefaultValue) else connect_timeout,
                defaults.write if isinstance(write_timeout, DefaultValue) else write_timeout,
                defaults.read if isinstance(read_timeout, DefaultValue) else read_timeout,
            )
        finally:
            self._release()

    async def _acquire(self, wait: float | None) -> None:
        """A turn on one of the connections, waiting at most ``wait`` seconds (httpx's pool
        timeout: then nothing is sent)."""
        if self._free > 0:
            self._free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout(wait):
                await waiter
        except BaseException as exc:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed a connection just as the wait ended: pass it on
            if isinstance(exc, TimeoutError):
                raise TimedOut(message=_POOL_TIMEOUT) from exc
            raise

    def _release(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1

    async def _exchange(
        self, where: tuple[str, int, bool], request: bytes, connect: float | None,
        write: float | None, read: float | None,
    ) -> tuple[int, bytes]:
        reader, writer = await self._connection(where, connect)
        try:
            writer.write(request)
            async with asyncio.timeout(write):
                await writer.drain()
            async with asyncio.timeout(read):
                status, answer, keep = await read_response(reader)
        except TimeoutError as exc:
            writer.close()
            raise TimedOut from exc
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                ValueError) as exc:
            writer.close()
            raise NetworkError(f"{exc.__class__.__name__}: {exc}") from exc
        except BaseException:
            writer.close()  # cancelled mid-request: the connection's state is unknown
            raise
        if keep:
            self._idle.setdefault(where, []).append((reader, writer))
        else:
            writer.close()
        return status, answer

    async def _connection(
        self, where: tuple[str, int, bool], connect: float | None
    ) -> _Connection:
        idle = self._idle.get(where)
        while idle:
            reader, writer = idle.pop()
            if not reader.at_eof() and not writer.is_closing():
                return reader, writer
            writer.close()
        host, port, tls = where
        try:
            async with asyncio.timeout(connect):
                return await asyncio.open_connection(
                    host, port, ssl=self._ssl if tls else None
                )
        except TimeoutError as exc:
            raise TimedOut from exc
        except OSError as exc:
            raise NetworkError(f"ConnectError: {exc}") from exc

    async def shutdown(self) -> None:
        for idle in self._idle.values():
            while idle:
                idle.pop()[1].close()
        await super().shutdown()
