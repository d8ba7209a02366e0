"""Files that spare a restarted process work it did before (start-up caches: understanding's
compiled regular expressions, bot/understand/lazy.py; the parsed data files, ``parsed_toml``),
kept in the user's private temporary directory, as Jinja keeps its bytecode: made 0700 and
refused when another user owns it or may write in it, so nobody else can plant what the
process loads.

Each file holds a SHA-256 digest of its payload first: a file cut short or altered otherwise is
ignored (the work is then done again), never loaded. What a cache holds is named by a key the
caller derives from everything the content depends on (the data files' bytes, the code's
version), so a change makes a new file instead of reading an old one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import stat
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

_DIGEST = 32  # bytes of SHA-256
# Files of other keys older than this are removed when a new one is written.
_STALE_SECONDS = 7 * 24 * 3600


def cache_dir() -> Path | None:
    """The private directory, made if need be; None when it cannot be had safely."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:  # no POSIX owners to check: no cache
        return None
    uid = getuid()
    path = Path(tempfile.gettempdir()) / f"_gpu-assistant-cache-{uid}"
    try:
        path.mkdir(mode=0o700, exist_ok=True)
        found = path.lstat()
        if (not stat.S_ISDIR(found.st_mode) or found.st_uid != uid
                or stat.S_IMODE(found.st_mode) & 0o077):
            return None
    except OSError:
        return None
    return path


def fingerprint(*parts: bytes | str) -> str:
    """A short name for what a cache's content depends on (with the Python version)."""
    digest = hashlib.sha256(sys.version.encode())
    for part in parts:
        digest.update(b"\0" + (part.encode() if isinstance(part, str) else part))
    return digest.hexdigest()[:24]


def read(name: str) -> bytes | None:
    """The payload stored under ``name``, or None (none, unreadable, or not what was written)."""
    where = cache_dir()
    if where is None:
        return None
    try:
        data = (where / name).read_bytes()
    except OSError:
        return None
    payload = data[_DIGEST:]
    if len(data) < _DIGEST or hashlib.sha256(payload).digest() != data[:_DIGEST]:
        return None
    return payload


def write(name: str, payload: bytes, prefix: str | None = None) -> bool:
    """Stores ``payload`` under ``name`` (whole or not at all: a reader never sees half of it);
    files starting with ``prefix`` (other keys of the same cache) left for a week are removed.
    False when there is nowhere to write."""
    where = cache_dir()
    if where is None:
        return False
    try:
        fd, temporary = tempfile.mkstemp(dir=where, prefix=".writing-")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(hashlib.sha256(payload).digest() + payload)
            os.replace(temporary, where / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError:
        return False
    if prefix is not None:
        _remove_stale(where, prefix, keep=name)
    return True


def _remove_stale(where: Path, prefix: str, keep: str) -> None:
    with contextlib.suppress(OSError):
        for old in where.iterdir():
            if old.name.startswith(prefix) and old.name != keep:
                with contextlib.suppress(OSError):
                    if old.stat().st_mtime < time.time() - _STALE_SECONDS:
                        old.unlink()


def parsed_toml(name: str, text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, kept on disk by the text's digest (rules.data_files.parser):
    a changed data file is parsed again, never read from an older copy."""
    key = f"toml-{name}-{fingerprint('toml-1', text)}.pickle"
    payload = read(key)
    if payload is not None:
        try:
            found = pickle.loads(payload)
        except Exception:
            found = None
        if isinstance(found, dict):
            return found
    doc = tomllib.loads(text)
    write(key, pickle.dumps(doc, pickle.HIGHEST_PROTOCOL), prefix=f"toml-{name}-")
    return doc
