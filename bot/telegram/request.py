"""PTB's HTTPX request, sending parameters as a JSON body.

PTB form-encodes every call, and ``urllib.parse.quote`` walks the text byte by byte in
Python: for a 3 KB answer that is about 0.13 ms per message against 0.01 ms for
``json.dumps``. The Bot API takes ``application/json`` for every method without files;
calls with files go the usual multipart way.
"""

from __future__ import annotations

import json

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
