"""Pages around a table: home, open a table, join by code or QR, pick a seat."""

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for

from .. import games, roster, share, store
from ..engine.errors import RefereeError
from . import auth, limits
from .htmx import refused

bp = Blueprint("tables", __name__)

COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]


@bp.get("/")
def home():
    """Choose a game, join a table, or check a word."""
    return render_template("home.html", catalogue=games.catalogue())


@bp.post("/join")
def join_by_code():
    """A typed table code leads to its seat picker."""
    code = store.normal_code(request.form.get("code", ""))
    try:
        store.load(code)
    except RefereeError as error:
        return refused(error, url_for("tables.home"))
    auth.admit(code)
    return redirect(url_for("tables.join", code=code), code=303)


@bp.get("/new/<slug>")
def new_table(slug):
    """The roster and options form for a new table."""
    game = games.get(slug)
    if game is None:
        abort(404)
    return render_template("new_table.html", game=game, colours=COLOURS, rows=form_rows(game),
                           options=store.PLATFORM_OPTIONS | game.OPTIONS, form={})


@bp.post("/new/<slug>")
def create_table(slug):
    """Open the table; this phone becomes its host."""
    game = games.get(slug)
    if game is None:
        abort(404)
    limits.new_table()
    players = [{"name": request.form.get(f"name{i}", ""), "colour": request.form.get(f"colour{i}", ""),
                "team": request.form.get(f"team{i}", "")} for i in form_rows(game)]
    try:
        table, host_token, _ = store.create_table(slug, players, options_from_form(game))
    except RefereeError as error:
        flash(error.message, "error")
        return render_template("new_table.html", game=game, colours=COLOURS, rows=form_rows(game),
                               options=store.PLATFORM_OPTIONS | game.OPTIONS, form=request.form), 400
    auth.admit(table.code)
    response = redirect(url_for("play.table", code=table.code), code=303)
    auth.set_token(response, auth.host_cookie(table.code), host_token)
    return response


@bp.get("/j/<code>")
def join(code):
    """Where the QR code leads: pick a seat or watch."""
    table = store.load(code)
    if request.args.get("k") == table.join_key:
        auth.admit(table.code)
    viewer = auth.viewer_for(table)
    if not auth.admitted(table, viewer):
        flash("Type the table's code to join it.", "error")
        return redirect(url_for("tables.home"), code=303)
    return render_template("join.html", table=table, seats=store.active_seats(table), viewer=viewer)


@bp.post("/j/<code>")
def take_seat(code):
    """Claim a free seat for this phone, or just watch."""
    table = store.load(code)
    viewer = auth.viewer_for(table)
    if not auth.admitted(table, viewer):
        abort(403)
    if request.form.get("watch"):
        return redirect(url_for("play.table", code=table.code), code=303)
    try:
        _, token = roster.claim_seat(table.code, request.form.get("seat", type=int))
    except RefereeError as error:
        return refused(error, url_for("tables.join", code=table.code))
    response = redirect(url_for("play.table", code=table.code), code=303)
    auth.set_token(response, auth.seat_cookie(table.code), token)
    return response


@bp.get("/t/<code>/qr.svg")
def qr(code):
    """The join link as a QR code."""
    table = store.load(code)
    response = current_app.response_class(share.qr_svg(join_url(table)), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


def form_rows(game) -> range:
    """Name rows on the new-table form: eight show at once, more (teams) behind "More players"."""
    return range(min(game.MAX_PLAYERS, 16))


def options_from_form(game) -> dict:
    """The options of the new-game form (an unticked box sends nothing, so it means off)."""
    return {name: request.form.get(name, "off" if opt.type == "bool" else opt.default)
            for name, opt in (store.PLATFORM_OPTIONS | game.OPTIONS).items()}


def join_url(table) -> str:
    """The link phones at the table can open (a LAN address, never localhost)."""
    base = share.public_base(request.host_url, current_app.config.get("PUBLIC_URL"))
    return f"{base}{url_for('tables.join', code=table.code, k=table.join_key)}"
