"""Configuration from the environment or a .env file. Secrets are SecretStr: never logged."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.i18n import DEFAULT_LOCALE, SUPPORTED_LOCALES


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_bot_token: SecretStr | None = None
    telegram_api_base_url: str = "https://api.telegram.org/bot"
    telegram_file_base_url: str = "https://api.telegram.org/file/bot"
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    webhook_path: str = "/telegram"
    port: int = Field(default=8080, ge=1, le=65535)
    database_url: str = "sqlite+aiosqlite:///gpu_assistant.sqlite3"
    admin_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    prices_source: str = "packaged"
    prices_poll_minutes: int = Field(default=10, ge=1)
    price_max_jump_percent: int = Field(default=50, ge=1)
    # The jump limit also bounds the total move within this many hours (no creeping steps).
    price_drift_window_hours: float = Field(default=24, gt=0, le=24 * 365)
    # A price file is applied once unchanged for this long (a writer may still be at work).
    prices_settle_seconds: float = Field(default=2, ge=0, le=600)
    # A file or URL must list every rented GPU with a price (a truncated list is refused);
    # false for a source that publishes only the prices that changed.
    prices_require_all: bool = True
    default_locale: str = DEFAULT_LOCALE
    alerts_per_second: float = Field(default=25, gt=0)
    # The alert sender: deliveries claimed per batch, sends in flight at once, outcomes
    # committed together (a crash may repeat up to in_flight + record_every - 1 messages),
    # subscribers expanded per fan-out batch.
    alerts_batch_size: int = Field(default=500, ge=1, le=10_000)
    alerts_in_flight: int = Field(default=8, ge=1, le=256)
    alerts_record_every: int = Field(default=1, ge=1, le=10_000)
    alerts_fan_out_batch: int = Field(default=1000, ge=1, le=100_000)
    # Idle, the alert sender looks for work committed by another process this often (one
    # query); a change committed in this process wakes it at once.
    alerts_idle_poll_seconds: float = Field(default=30, gt=0, le=3600)
    # Telegram's paid broadcasts (allow_paid_broadcast): up to 1,000 messages/s, each one
    # above the free ~30/s billed 0.1 Telegram Stars to the bot's balance. Off by default;
    # raise ALERTS_PER_SECOND with it (see the README).
    alerts_paid_broadcast: bool = False
    # Alert sends on connections of their own instead of PTB + httpx (bot/telegram/
    # direct_send.py): ~8x less CPU a message, the same outcomes; ignores HTTP(S)_PROXY.
    alerts_direct_http: bool = False
    per_chat_per_second: float = Field(default=1, gt=0)
    flood_max_per_minute: int = Field(default=20, ge=1)
    # Telegram's documented ceilings (~30 messages/s overall, 20/min per group); 0 disables the
    # limiter, which only benchmarks do, to measure the bot's own overhead.
    telegram_max_per_second: float = Field(default=30, ge=0)
    # "typing…" is shown only for work slower than this (0: always, before any work).
    typing_delay_seconds: float = Field(default=0.3, ge=0)
    # How long a call to Telegram may take before it counts as timed out (then logged, not fatal).
    telegram_timeout_seconds: float = Field(default=10, gt=0)

    @field_validator("admin_ids", mode="before")
    @classmethod
    def _ids(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(int(v) for v in value.replace(";", ",").split(",") if v.strip())
        if isinstance(value, int):
            return frozenset({value})
        return value

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        if value not in SUPPORTED_LOCALES:
            raise ValueError(f"DEFAULT_LOCALE must be one of {', '.join(SUPPORTED_LOCALES)}")
        return value

    @field_validator("telegram_bot_token", "webhook_secret", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value
