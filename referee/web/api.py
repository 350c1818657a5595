"""The JSON API: the same actions as the screens, for scripts, tests and other clients."""

from flask import Blueprint, jsonify, request

from .. import games, roster, store
from ..engine.errors import BadAction
from . import auth, limits
from .openapi import document
from .tables import join_url

bp = Blueprint("api", __name__, url_prefix="/api")


def body() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadAction("Send a JSON object (Content-Type: application/json).")
    return data


def table_json(table, viewer: store.Viewer, **extra) -> dict:
    """The table as a viewer may see it: private information only for its owner or the host."""
    game_row = store.current_game(table)
    game = games.get(game_row.slug)
    actions = store.log(game_row)
    undone = store.undone_targets(actions)
    return {
        "code": table.code,
        "version": table.version,
        "locked": table.locked,
        "game": game_row.slug,
        "game_number": game_row.number,
        "options": game_row.options,
        "seats": [{"seat": s.number, "name": s.name, "colour": s.colour, "team": s.team,
                   "taken": bool(s.token_hash), "removed": s.removed} for s in store.all_seats(table)],
        "you": {"seat": viewer.seat, "host": viewer.host},
        "state": game.view(game_row.state, viewer.seat, viewer.host),
        "standings": game.standings(game_row.state),
        "outcome": game_row.outcome,
        "log": [{"seq": a.seq, "type": a.type, "text": a.text, "actor": a.actor, "seat": a.seat,
                 "at": a.at, "undone": a.seq in undone} for a in actions],
        "evening": roster.evening(table),
        **extra,
    }


@bp.post("/tables")
def create_table():
    """Open a table; the answer carries the host token and every seat's token."""
    limits.new_table()
    data = body()
    table, host_token, tokens = store.create_table(str(data.get("game", "")), data.get("players"),
                                                   data.get("options") or {}, issue_seat_tokens=True)
    table = store.load(table.code)
    seats = [{"seat": s.number, "name": s.name, "token": t} for s, t in zip(store.all_seats(table), tokens)]
    extra = {"join_url": join_url(table), "host_token": host_token}
    answer = table_json(table, store.Viewer(host=True), **extra)
    answer["seats"] = seats
    return jsonify(answer), 201


@bp.get("/tables/<code>")
def show_table(code):
    """The table, its seats, game, state and log."""
    table = store.load(code)
    return jsonify(table_json(table, auth.bearer_viewer(table)))


def changed(code, viewer, receipt):
    table = store.load(code)
    return jsonify(table_json(table, viewer, repeated=receipt.repeated))


def require_token(table) -> store.Viewer:
    viewer = auth.bearer_viewer(table)
    if viewer.spectator:
        raise store.Forbidden("Send the seat's or the host's token as 'Authorization: Bearer <token>'.")
    return viewer


@bp.post("/tables/<code>/actions")
def act(code):
    """Apply one action for the token's seat (or, for the host, any seat)."""
    table = store.load(code)
    viewer = require_token(table)
    data = body()
    receipt = store.act(table.code, viewer, data, key=data.get("idempotency_key"),
                        expected_version=data.get("expected_version"))
    return changed(table.code, viewer, receipt)


@bp.post("/tables/<code>/undo")
def undo(code):
    """The host takes back the last action still standing."""
    table = store.load(code)
    viewer = require_token(table)
    data = request.get_json(silent=True) or {}
    return changed(table.code, viewer, store.undo(table.code, viewer, key=data.get("idempotency_key")))


@bp.post("/tables/<code>/games")
def next_game(code):
    """The host starts another game with the same roster."""
    table = store.load(code)
    viewer = require_token(table)
    data = body()
    receipt = store.next_game(table.code, viewer, str(data.get("game", "")), data.get("options") or {})
    return changed(table.code, viewer, receipt)


@bp.get("/tables/<code>/poll")
def poll(code):
    """204 while the version is unchanged, else the table."""
    version = store.version_of(code)
    if version is None:
        raise store.NotFound("There is no such table.")
    if str(version) == request.args.get("v"):
        return "", 204
    return show_table(code)


@bp.get("/games")
def catalogue():
    """The games and their options."""
    return jsonify([{**entry, "options": _options(entry["slug"])} for entry in games.catalogue()])


def _options(slug):
    game = games.get(slug)
    if game is None:
        return {}
    return {name: {"default": opt.default, "label": opt.label, "help": opt.help, "type": opt.type}
            for name, opt in (store.PLATFORM_OPTIONS | game.OPTIONS).items()}


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI document of this API."""
    return jsonify(document())
