"""The table screen: the live region, polling, actions, undo and host powers."""

import re
import secrets

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, session, url_for
from htmx_flask import make_response

from .. import games, roster, store
from ..engine import timer
from ..engine.errors import BadAction, RefereeError
from . import auth
from .htmx import page_or_region, refused
from .tables import join_url, options_from_form

bp = Blueprint("play", __name__)

LOG_LINES = 40


KEYED = re.compile(r"^(\w+)\[([^\]]+)\]$")


def form_action() -> dict:
    """The posted form as an action: repeated fields (or names ending in []) become lists,
    and names like hands[Red] become a dict {"hands": {"Red": ...}}."""
    action = {}
    for name in request.form:
        values = request.form.getlist(name)
        keyed = KEYED.match(name)
        if name.endswith("[]"):
            action[name[:-2]] = values
        elif keyed:
            action.setdefault(keyed.group(1), {})[keyed.group(2)] = values if len(values) > 1 else values[0]
        else:
            action[name] = values if len(values) > 1 else values[0]
    return action


def acting_seat(table, viewer) -> int | None:
    """The seat this phone acts for: its own, or the one the host picked.

    None lets the game decide: turn-based games then act for whoever's turn it is, which
    suits one phone passed around the table.
    """
    if viewer.host:
        chosen = session.get("as", {}).get(table.code)
        if chosen == "turn":
            return None
        if chosen in {s.number for s in store.active_seats(table)}:
            return chosen
    return viewer.seat


def live_context(table, viewer) -> dict:
    """Everything the live region of the table screen shows to this viewer."""
    game_row = store.current_game(table)
    game = games.get(game_row.slug)
    state = game_row.state
    me = acting_seat(table, viewer)
    recent = store.log(game_row, last=LOG_LINES)
    undone = store.undone_in(game_row)
    return {
        "table": table, "viewer": viewer, "me": me, "game_row": game_row, "game": game,
        "state": game.view(state, me, viewer.host),
        # After the end the board stays on screen (the final track, the last scores) without buttons.
        "choices": game.choices(state, me, viewer.host) if hasattr(game, "choices") and not game_row.outcome else [],
        "standings": game.standings(state),
        "outcome": game_row.outcome,
        "log": [(a, a.seq in undone) for a in reversed(recent)],
        "log_size": game_row.seq,
        "seats": store.all_seats(table),
        "evening": roster.evening(table),
        "timer": state["timer"], "now": store.now_ms(), "time_is_up": timer.is_up(state["timer"], store.now_ms()),
        "version": table.version,
        "new_key": lambda: secrets.token_urlsafe(12),
        "board": f"games/{game_row.slug}/board.html",
        "word_list": roster.word_list(table),
    }


def viewing(code: str):
    """The table and the viewer; 403 for a phone that has not joined (QR code or typed code)."""
    table = store.load(code)
    viewer = auth.viewer_for(table)
    if not auth.admitted(table, viewer):
        abort(403, "Join this table first: scan its QR code or type its code on the home page.")
    return table, viewer


@bp.get("/t/<code>")
def table(code):
    """The table screen."""
    table, viewer = viewing(code)
    return page_or_region("table.html", "_live.html", **live_context(table, viewer))


@bp.get("/t/<code>/poll")
def poll(code):
    """204 while nothing changed (one indexed read); the live region once it has."""
    version = store.version_of(code)
    if version is None:
        return make_response("", 286)   # htmx stops polling a table that is gone
    if str(version) == request.args.get("v"):
        return make_response("", 204)
    table, viewer = viewing(code)
    return live(table, viewer)


def live(table, viewer, status=200, message=None):
    """The live region, with the flash region cleared (or set) out of band."""
    body = render_template("_live.html", **live_context(table, viewer))
    body += render_template("_flash.html", message=message, kind="error", oob=True)
    response = make_response(body, status)
    response.headers["Vary"] = "HX-Request"
    return response


def after_change(code, viewer):
    """The acting phone gets its update in the answer to its own request."""
    if request.htmx:
        return live(store.load(code), viewer)
    return redirect(url_for("play.table", code=code), code=303)


def refusal(error, code, viewer):
    if isinstance(error, store.Stale) and request.htmx:
        return live(store.load(code), viewer, error.status, error.message)
    return refused(error, url_for("play.table", code=code))


def changing(table, viewer, change):
    """Make one change; a refusal is shown in the game's words, a success as the new region."""
    try:
        change()
    except RefereeError as error:
        return refusal(error, table.code, viewer)
    return after_change(table.code, viewer)


@bp.post("/t/<code>/act")
def act(code):
    """Any game action from a form."""
    table, viewer = viewing(code)
    action = form_action()
    if viewer.host and "seat" not in action:
        action["seat"] = acting_seat(table, viewer)
    return changing(table, viewer, lambda: store.act(table.code, viewer, action, key=action.get("key"),
                                                     expected_version=action.get("v")))


@bp.post("/t/<code>/undo")
def undo(code):
    """The host takes back the last action."""
    table, viewer = viewing(code)
    return changing(table, viewer, lambda: store.undo(table.code, viewer, key=request.form.get("key")))


@bp.post("/t/<code>/as")
def act_as(code):
    """The host picks which player the phone acts for."""
    table, viewer = viewing(code)
    if not viewer.host:
        abort(403)
    chosen = session.get("as", {})
    picked = request.form.get("seat", "")
    chosen[table.code] = int(picked) if picked.isdigit() else "turn"
    session["as"] = chosen
    return after_change(table.code, viewer)


@bp.post("/t/<code>/host")
def host(code):
    """Release a seat, remove a player, hand over host, lock or unlock joining."""
    table, viewer = viewing(code)
    return changing(table, viewer, lambda: roster.host_change(table.code, viewer, request.form.get("do", ""),
                                                              request.form.get("seat")))


@bp.post("/t/<code>/words")
def upload_words(code):
    """The host uploads the table's own word list (a plain text file, one word per line)."""
    table, viewer = viewing(code)
    upload = request.files.get("file")
    data = upload.read() if upload else request.form.get("words", "").encode()
    name = (upload.filename if upload else "") or "typed list"
    try:
        from ..lexicon import parse_word_list

        words = parse_word_list(data)
        roster.save_word_list(table.code, viewer, name, words)
    except ValueError as error:
        return refused(BadAction(str(error)), url_for("play.table", code=table.code))
    except RefereeError as error:
        return refused(error, url_for("play.table", code=table.code))
    flash(f"The table's own list now has {len(words):,} words.", "info")
    return redirect(url_for("play.table", code=table.code), code=303)


@bp.get("/t/<code>/next")
def next_game_form(code):
    """Choose the next game for the same roster."""
    table, viewer = viewing(code)
    if not viewer.host:
        abort(403)
    slug = request.args.get("game", "")
    game = games.get(slug)
    return render_template("next_game.html", table=table, game=game, catalogue=games.catalogue(),
                           options=(store.PLATFORM_OPTIONS | game.OPTIONS) if game else {})


@bp.post("/t/<code>/next")
def next_game(code):
    """Start the chosen game at this table."""
    table, viewer = viewing(code)
    slug = request.form.get("game", "")
    game = games.get(slug)
    if game is None:
        abort(404)
    try:
        store.next_game(table.code, viewer, slug, options_from_form(game))
    except RefereeError as error:
        return refused(error, url_for("play.next_game_form", code=table.code, game=slug))
    return redirect(url_for("play.table", code=table.code), code=303)


@bp.get("/t/<code>/share")
def share_page(code):
    """The big QR code for late joiners."""
    table, viewer = viewing(code)
    return render_template("share.html", table=table, join_url=join_url(table))


@bp.get("/api/time")
def server_time():
    """The server clock in ms, for phones to estimate their offset."""
    response = current_app.response_class(f'{{"now": {store.now_ms()}}}', mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response
