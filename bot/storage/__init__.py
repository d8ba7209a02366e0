"""Persistence: SQLAlchemy 2 (async) models, engines, migrations and repositories
(SQLite with aiosqlite and WAL, the embedded default; PostgreSQL with asyncpg), and the
start-up reader `snapshot.py`, which needs only the standard library. Nothing is imported
here, so that the reader does not load SQLAlchemy. Never imports telegram.
"""
