"""The only module that knows both peewee and the engines: load, act, undo, replay.

Every change happens in one write transaction that also bumps the table's version, so a
phone polling with the old version sees it, and an action is acknowledged only after commit.
"""

import hashlib
import re
import secrets
import time
from dataclasses import dataclass

from . import games, lookups
from .db import is_sqlite, writing
from .engine import dice, play
from .engine.errors import BadAction, RefereeError, RuleError
from .engine.options import Option, resolve
from .models import Action, Game, Seat, Table, WordList

CODE_LETTERS = "ACDEFHJKMNPRTWXY34679"   # no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V
CODE_LENGTH = 5
MAX_NAME = 40
MAX_FIELDS = 40
MAX_FIELD_TEXT = 2000
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
RESERVED = {"type", "seat", "host", "at", "key", "idempotency_key", "expected_version", "v", "csrf"}

DAY_MS = 24 * 3600 * 1000
idle_days = 30          # tables untouched this long expire (REFEREE_IDLE_DAYS)

PLATFORM_OPTIONS = {
    "timer_seconds": Option(0, "Timer length (seconds)", "0 uses the game's own length (30 s).", low=0, high=86400),
}


class Forbidden(RefereeError):
    """The sender may not do this (HTTP 403)."""

    code = "forbidden"
    status = 403


class NotFound(RefereeError):
    """No such table (HTTP 404)."""

    code = "not_found"
    status = 404


class Stale(RefereeError):
    """The table changed since the phone last looked (HTTP 409)."""

    code = "stale"
    status = 409


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seat's phone, the host, or a spectator (seat None, not host)."""

    seat: int | None = None
    host: bool = False

    @property
    def spectator(self) -> bool:
        return self.seat is None and not self.host


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def new_token() -> str:
    """A random token of 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normal_code(code: str) -> str:
    return (code or "").strip().upper()[:12]


# --- tables -------------------------------------------------------------------------------

def clean_players(raw: list, game) -> list[dict]:
    """Validated roster entries: names trimmed, unique, short; optional colour and team."""
    if not isinstance(raw, list):
        raise BadAction("Players must be a list.")
    players, seen = [], set()
    for entry in raw:
        if isinstance(entry, str):
            entry = {"name": entry}
        if not isinstance(entry, dict):
            raise BadAction("Each player needs a name.")
        if any(not isinstance(entry.get(k) or "", str) for k in ("name", "colour", "team")):
            raise BadAction("A player's name, colour and team must be text.")
        name = " ".join(str(entry.get("name") or "").split())
        if not name:
            continue
        if len(name) > MAX_NAME:
            raise BadAction(f"The name {name[:20]}… is too long (at most {MAX_NAME} characters).")
        if name.casefold() in seen:
            raise BadAction(f"Two players are called {name}: add an initial to tell them apart.")
        seen.add(name.casefold())
        colour = (entry.get("colour") or "").strip() or None
        if colour and not COLOUR.match(colour):
            raise BadAction(f"{name}'s colour must look like #3366cc.")
        team = " ".join(str(entry.get("team") or "").split()) or None
        if team and len(team) > MAX_NAME:
            raise BadAction(f"{name}'s team name is too long (at most {MAX_NAME} characters).")
        players.append({"name": name, "colour": colour, "team": team})
    low, high = game.MIN_PLAYERS, game.MAX_PLAYERS
    if not low <= len(players) <= high:
        raise BadAction(f"{game.TITLE} needs {low} to {high} players; you entered {len(players)}.")
    if getattr(game, "TEAMS", False) == "required" and any(not p["team"] for p in players):
        raise BadAction(f"{game.TITLE} is played in teams: give every player a team.")
    return players


def game_options(game, given: dict | None) -> dict:
    """The game's options plus the platform's, defaults filled in."""
    if given is not None and not isinstance(given, dict):
        raise BadAction("Options must be an object of option names and values.")
    given = dict(given or {})
    # A game may define a platform option itself (Rapid List's timer length): its own wins.
    shared = {k: v for k, v in PLATFORM_OPTIONS.items() if k not in game.OPTIONS}
    platform = {k: given.pop(k) for k in list(given) if k in shared}
    return {**resolve(game.OPTIONS, given), **resolve(shared, platform)}


def engine(slug: str):
    game = games.get(slug)
    if game is None:
        raise BadAction(f"There is no game {slug!r} to play yet.")
    return game


def create_table(slug: str, players: list, options: dict | None = None, *, issue_seat_tokens=False):
    """A new table with its first game. Returns (table, host_token, seat_tokens)."""
    game = engine(slug)
    roster = clean_players(players, game)
    options = game_options(game, options)
    host_token = new_token()
    seat_tokens = [new_token() if issue_seat_tokens else None for _ in roster]
    with writing():
        forget_idle_tables()
        table = Table.create(code=_free_code(), join_key=secrets.token_urlsafe(12),
                             host_hash=digest(host_token), created_at=now_ms(), touched_at=now_ms())
        for number, (player, token) in enumerate(zip(roster, seat_tokens)):
            Seat.create(table=table, number=number, token_hash=digest(token) if token else None, **player)
        _start_game(table, game, options)
    return table, host_token, seat_tokens


def _free_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not Table.select().where(Table.code == code).exists():
            return code


def _start_game(table: Table, game, options: dict) -> Game:
    roster = [{"seat": s.number, "name": s.name, "colour": s.colour, "team": s.team}
              for s in active_seats(table)]
    players = clean_players(roster, game)   # the game's own player limits apply again
    for entry, seat in zip(players, roster):
        entry["seat"] = seat["seat"]
    state = play.start(game, players, options)
    number = Game.select().where(Game.table == table).count() + 1
    return Game.create(table=table, number=number, slug=game.SLUG, options=options, players=players,
                       setup_at=now_ms(), state=state, seq=0)


def load(code: str) -> Table:
    table = Table.get_or_none(Table.code == normal_code(code))
    if table is None:
        raise NotFound(f"There is no table {normal_code(code) or '(empty)'}. Check the code on the host's screen.")
    if table.touched_at < now_ms() - idle_days * DAY_MS:
        raise NotFound(f"Table {table.code} has expired after {idle_days} days without play. Open a new one.")
    return table


def forget_idle_tables() -> int:
    """Delete tables nobody has touched for `idle_days` (their games and log go with them)."""
    cutoff = now_ms() - idle_days * DAY_MS
    stale = [t.id for t in Table.select(Table.id).where(Table.touched_at < cutoff)]
    if not stale:
        return 0
    for model in (Action, WordList, Game, Seat):
        model.delete().where(model.table.in_(stale)).execute()
    return Table.delete().where(Table.id.in_(stale)).execute()


VERSION_SQL = 'SELECT version FROM "table" WHERE code = {}'


def version_of(code: str):
    """The table's version: the one indexed read behind every poll (plain SQL: it is the hot path)."""
    database = Table._meta.database
    sql = VERSION_SQL.format(database.param)
    row = database.execute_sql(sql, (normal_code(code),)).fetchone()
    return row[0] if row else None


def current_game(table: Table) -> Game:
    return Game.select().where(Game.table == table).order_by(Game.number.desc()).get()


def active_seats(table: Table) -> list[Seat]:
    return list(Seat.select().where(Seat.table == table, Seat.removed == False).order_by(Seat.number))  # noqa: E712


def all_seats(table: Table) -> list[Seat]:
    return list(Seat.select().where(Seat.table == table).order_by(Seat.number))


def identify(table: Table, seat_token: str | None = None, host_token: str | None = None) -> Viewer:
    """The viewer a phone's tokens make it."""
    host = bool(host_token) and secrets.compare_digest(digest(host_token), table.host_hash)
    seat = None
    if seat_token:
        row = Seat.get_or_none(Seat.table == table, Seat.token_hash == digest(seat_token), Seat.removed == False)  # noqa: E712
        if row is not None:
            seat = row.number
            host = host or table.host_seat == row.number
    return Viewer(seat=seat, host=host)


def locked_table(code: str) -> Table:
    """Re-read the table inside a write transaction, locking its row on PostgreSQL."""
    query = Table.select().where(Table.code == normal_code(code))
    if not is_sqlite():
        query = query.for_update()
    table = query.first()
    if table is None:
        raise NotFound(f"There is no table {normal_code(code)}.")
    return table


def bump(table: Table) -> int:
    table.version += 1
    table.touched_at = now_ms()
    Table.update(version=table.version, touched_at=table.touched_at).where(Table.id == table.id).execute()
    return table.version


# --- actions -------------------------------------------------------------------------------

@dataclass
class Receipt:
    """What an accepted (or repeated) change returns: the table's version after it."""

    version: int
    repeated: bool = False


def clean_action(raw: dict) -> dict:
    """Only plain, bounded fields reach an engine."""
    if not isinstance(raw, dict):
        raise BadAction("An action must be an object with a type.")
    kind = raw.get("type")
    if not isinstance(kind, str) or not re.fullmatch(r"[a-z_]{1,40}", kind):
        raise BadAction("The action has no valid type.")
    fields = {k: v for k, v in raw.items() if k not in RESERVED}
    if len(fields) > MAX_FIELDS:
        raise BadAction("Too many fields in one action.")
    for name, value in fields.items():
        _check_value(name, value, depth=0)
    return {"type": kind, **fields}


def _check_value(name, value, depth):
    if depth > 3:
        raise BadAction(f"{name} is nested too deeply.")
    if isinstance(value, float):
        raise BadAction(f"{name} must be a whole number.")
    if isinstance(value, str) and len(value) > MAX_FIELD_TEXT:
        raise BadAction(f"{name} is too long.")
    if isinstance(value, list):
        if len(value) > 100:
            raise BadAction(f"{name} has too many items.")
        for item in value:
            _check_value(name, item, depth + 1)
    if isinstance(value, dict):
        if len(value) > MAX_FIELDS:
            raise BadAction(f"{name} has too many fields.")
        for item in value.values():
            _check_value(name, item, depth + 1)


def _for_seat(viewer: Viewer, raw_seat, seats: dict) -> int | None:
    """The seat an action is for, after checking the sender may act for it."""
    if viewer.spectator:
        raise Forbidden("Spectators can watch but not play. Pick a seat to play.")
    if raw_seat in (None, ""):
        return viewer.seat
    if isinstance(raw_seat, (bool, float)) or not str(raw_seat).strip().isdigit():
        raise BadAction("Say which seat this is for (a seat number).")
    seat = int(raw_seat)
    if seat not in seats:
        raise BadAction("That seat is not at this table.")
    if seat != viewer.seat and not viewer.host:
        raise Forbidden(f"You can only act for yourself, not for {seats[seat]}. The host can act for anyone.")
    return seat


def act(code: str, viewer: Viewer, raw: dict, *, key: str | None = None, expected_version=None) -> Receipt:
    """Check, apply and log one action in one transaction; a rejected action changes nothing."""
    action = clean_action(raw)
    if key is not None and (not isinstance(key, str) or len(key) > 80):
        raise BadAction("The idempotency key must be text of at most 80 characters.")
    key = key or None
    with writing():
        table = locked_table(code)
        if key:
            earlier = Action.get_or_none(Action.table == table, Action.key == key)
            if earlier is not None:
                return Receipt(version=table.version, repeated=True)
        if expected_version not in (None, "") and str(expected_version) != str(table.version):
            raise Stale("The table changed while you were deciding; here is the new state. Try again if it still makes sense.")
        game_row = current_game(table)
        game = engine(game_row.slug)
        seats = {s.number: s.name for s in all_seats(table)}
        action["seat"] = _for_seat(viewer, raw.get("seat"), seats)
        action["host"] = viewer.host
        action["at"] = now_ms()
        state = game_row.state
        action = _complete(game, state, action, game_row.options, table)
        after = play.apply(game, state, action)
        text = _log_line(game, action, state, viewer, seats)
        _append(table, game_row, action, after, viewer, key, text)
        lookups.keep_typed_cards(state, after)
        return Receipt(version=table.version)


def _complete(game, state: dict, action: dict, options: dict, table: Table) -> dict:
    """Fill server dice and dictionary verdicts the engine asked for.

    Fields only the server may fill (a game's LOOKUP_FIELDS, by action type: dictionary rulings,
    deck cards) are dropped from what the phone sent first, so no phone brings its own ruling.
    """
    server_only = getattr(game, "LOOKUP_FIELDS", {}).get(action["type"], ())
    action = {k: v for k, v in action.items() if k not in server_only}
    if action["type"] in play.PLATFORM_ACTIONS:
        return action
    if hasattr(game, "random_needs"):
        action = dice.fill(action, game.random_needs(state, action) or {})
    if hasattr(game, "lookup_needs"):
        needs = game.lookup_needs(state, action) or {}
        action = {**action, **lookups.fill(needs, options, table)}
    return action


def _log_line(game, action, before, viewer: Viewer, seats: dict) -> str:
    text = play.describe(game, action, before)
    seat = action.get("seat")
    if viewer.host and seat is not None and seat != viewer.seat:
        text += f" (host for {seats.get(seat, '?')})"
    return text[:400]


def _append(table, game_row, action, after, viewer, key, text):
    game_row.seq += 1
    version = bump(table)
    Action.create(game=game_row, table=table, seq=game_row.seq, type=action["type"], payload=action,
                  actor="host" if viewer.host and action.get("seat") != viewer.seat else str(viewer.seat),
                  seat=action.get("seat"), at=action.get("at", now_ms()), key=key, text=text, version=version)
    game_row.state = after
    game_row.outcome = play.outcome(engine(game_row.slug), after)
    game_row.save()


def log(game_row: Game, last: int | None = None) -> list[Action]:
    """The game's log in order; only the last `last` entries when given (what a screen shows)."""
    query = Action.select().where(Action.game == game_row)
    if last is None:
        return list(query.order_by(Action.seq))
    return list(reversed(query.order_by(Action.seq.desc()).limit(last)))


def undone_targets(actions: list[Action]) -> set[int]:
    return {a.payload["target"] for a in actions if a.type == "undo"}


def undone_in(game_row: Game) -> set[int]:
    """Sequence numbers of the game's actions that were undone."""
    return undone_targets(Action.select(Action.type, Action.payload).where(Action.game == game_row, Action.type == "undo"))


def replay(game_row: Game) -> dict:
    """The fold of the game's log over its setup: what the snapshot must always equal."""
    game = engine(game_row.slug)
    actions = log(game_row)
    skipped = undone_targets(actions)
    state = play.start(game, game_row.players, game_row.options)
    for entry in actions:
        if entry.type != "undo" and entry.seq not in skipped:
            state = play.apply(game, state, entry.payload)
    return state


def undo(code: str, viewer: Viewer, *, key: str | None = None) -> Receipt:
    """The host takes back the last action still standing, as a logged reversal."""
    if not viewer.host:
        raise Forbidden("Only the host can undo.")
    with writing():
        table = locked_table(code)
        if key and Action.get_or_none(Action.table == table, Action.key == key):
            return Receipt(version=table.version, repeated=True)
        game_row = current_game(table)
        actions = log(game_row)
        skipped = undone_targets(actions)
        standing = [a for a in actions if a.type != "undo" and a.seq not in skipped]
        if not standing:
            raise RuleError("There is nothing to undo in this game.")
        target = standing[-1]
        entry = {"type": "undo", "target": target.seq, "at": now_ms(), "host": True, "seat": None}
        game_row.seq += 1
        version = bump(table)
        Action.create(game=game_row, table=table, seq=game_row.seq, type="undo", payload=entry, actor="host",
                      seat=None, at=entry["at"], key=key or None, text=f"Undone: {target.text}"[:400], version=version)
        game_row.state = replay(game_row)
        game_row.outcome = play.outcome(engine(game_row.slug), game_row.state)
        game_row.save()
        return Receipt(version=version)


def next_game(code: str, viewer: Viewer, slug: str, options: dict | None = None) -> Receipt:
    """Start another game with the same roster (the current one ends where it stands)."""
    if not viewer.host:
        raise Forbidden("Only the host can start another game.")
    game = engine(slug)
    options = game_options(game, options)
    with writing():
        table = locked_table(code)
        current = current_game(table)
        if current.outcome is None:
            act_inside_end(table, current)
        _start_game(table, game, options)
        return Receipt(version=bump(table))


def act_inside_end(table: Table, game_row: Game):
    """End an unfinished game as the host would, inside the caller's transaction."""
    game = engine(game_row.slug)
    action = {"type": "end_game", "host": True, "seat": None, "at": now_ms()}
    after = play.apply(game, game_row.state, action)
    _append(table, game_row, action, after, Viewer(host=True), None, "The host ended the game")
