"""Database connection: SQLite in the instance folder by default, PostgreSQL by URL."""

import os

from peewee import DatabaseProxy, PostgresqlDatabase, SqliteDatabase

db = DatabaseProxy()

# WAL lets phones read while one writes; synchronous=FULL makes a commit durable before the
# action is acknowledged (NORMAL could lose the last commits on power loss); busy_timeout
# makes a second writer wait its turn instead of failing.
SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "full",
    "foreign_keys": 1,
    "busy_timeout": 10_000,
    "cache_size": -8000,
}


def open_database(url: str | None, instance_path: str):
    """The peewee database for a DATABASE_URL (or the embedded SQLite file)."""
    if not url:
        os.makedirs(instance_path, exist_ok=True)
        url = "sqlite:///" + os.path.join(instance_path, "referee.sqlite3")
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        return SqliteDatabase(path, pragmas=SQLITE_PRAGMAS, timeout=10, check_same_thread=False)
    if url.startswith(("postgres://", "postgresql://")):
        from playhouse.db_url import parse

        return PostgresqlDatabase(**parse(url))
    raise ValueError(f"Unsupported DATABASE_URL {url!r}: use sqlite:///path or postgresql://…")


def is_sqlite() -> bool:
    return isinstance(db.obj, SqliteDatabase)


def writing():
    """A write transaction that holds the write lock from its first statement.

    SQLite: BEGIN IMMEDIATE, so two writers never both read the old state.
    PostgreSQL: a plain transaction; the store locks the table row with FOR UPDATE.
    """
    if is_sqlite():
        return db.atomic(lock_type="IMMEDIATE")
    return db.atomic()
