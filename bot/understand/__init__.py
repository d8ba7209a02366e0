"""Understanding: free text in English, Spanish or French → a typed ``Query`` (pure, no I/O)."""

from bot.understand.parse import understand
from bot.understand.query import Query

__all__ = ["Query", "understand"]
