"""The Telegram adapter: the only package that imports `telegram`."""
