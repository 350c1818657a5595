"""Peewee models: tables, seats, games and the append-only action log."""

import json

from peewee import (BooleanField, BigIntegerField, CharField, ForeignKeyField, IntegerField, Model,
                    TextField)

from .db import db


class JSONField(TextField):
    """Plain JSON in a text column (works the same on SQLite and PostgreSQL)."""

    def db_value(self, value):
        return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True)

    def python_value(self, value):
        return None if value is None else json.loads(value)


class BaseModel(Model):
    class Meta:
        database = db


class Table(BaseModel):
    """A table at which people play one game after another with the same roster."""

    code = CharField(max_length=12, unique=True)
    join_key = CharField(max_length=64)            # the secret in the QR link
    host_hash = CharField(max_length=64, index=True)
    host_seat = IntegerField(null=True)            # a seat whose phone is host (after a transfer)
    locked = BooleanField(default=False)           # no new phones may join
    version = IntegerField(default=1)              # bumped by every change: what polls compare
    created_at = BigIntegerField()
    touched_at = BigIntegerField()


class Seat(BaseModel):
    """A player at the table; a phone holds it through a token whose hash is kept."""

    table = ForeignKeyField(Table, backref="seats", on_delete="CASCADE")
    number = IntegerField()
    name = CharField(max_length=40)
    colour = CharField(max_length=16, null=True)
    team = CharField(max_length=40, null=True)
    token_hash = CharField(max_length=64, null=True, unique=True)
    removed = BooleanField(default=False)

    class Meta:
        indexes = ((("table", "number"), True),)


class Game(BaseModel):
    """One game played at a table; `state` is a snapshot that always equals the fold of its log."""

    table = ForeignKeyField(Table, backref="games", on_delete="CASCADE")
    number = IntegerField()
    slug = CharField(max_length=32)
    options = JSONField()
    players = JSONField()
    setup_at = BigIntegerField()
    state = JSONField()
    seq = IntegerField(default=0)
    outcome = JSONField(null=True)

    class Meta:
        indexes = ((("table", "number"), True),)


class Action(BaseModel):
    """One accepted action; undo appends an 'undo' entry naming its target, nothing is deleted."""

    game = ForeignKeyField(Game, backref="actions", on_delete="CASCADE")
    table = ForeignKeyField(Table, on_delete="CASCADE")
    seq = IntegerField()
    type = CharField(max_length=40)
    payload = JSONField()
    actor = CharField(max_length=20)               # "host" or the seat number that sent it
    seat = IntegerField(null=True)                 # the seat it was for
    at = BigIntegerField()
    key = CharField(max_length=80, null=True)      # idempotency key
    text = CharField(max_length=400)               # the log line, in plain language
    version = IntegerField()                       # table version after this action

    class Meta:
        indexes = ((("game", "seq"), True), (("table", "key"), True))


class WordList(BaseModel):
    """The table's own word list (one word per line), uploaded by the host."""

    table = ForeignKeyField(Table, backref="word_lists", on_delete="CASCADE", unique=True)
    name = CharField(max_length=120)
    words = TextField()                            # sorted, one per line
    count = IntegerField()
    uploaded_at = BigIntegerField()


MODELS = [Table, Seat, Game, Action, WordList]


def create_tables():
    db.create_tables(MODELS, safe=True)
