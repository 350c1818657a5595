"""Who a request comes from: seat and host tokens in cookies or a bearer header; CSRF checks."""

from urllib.parse import urlsplit

from flask import request, session

from .. import store

COOKIE_AGE = 60 * 60 * 24 * 60   # two months: a phone keeps its seat across a long series


def seat_cookie(code: str) -> str:
    return f"seat_{code}"


def host_cookie(code: str) -> str:
    return f"host_{code}"


def viewer_for(table) -> store.Viewer:
    """The viewer behind this request's cookies."""
    return store.identify(table, request.cookies.get(seat_cookie(table.code)),
                          request.cookies.get(host_cookie(table.code)))


def bearer_viewer(table) -> store.Viewer:
    """The viewer behind an API bearer token (a seat's or the host's)."""
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header.lower().startswith("bearer ") else None
    if not token:
        return store.Viewer()
    viewer = store.identify(table, seat_token=token, host_token=token)
    if viewer.spectator:
        raise store.Forbidden("That token does not belong to this table.")
    return viewer


def set_token(response, name: str, token: str | None):
    """Store (or clear) a token cookie the page's scripts cannot read."""
    if token is None:
        response.delete_cookie(name)
        return
    response.set_cookie(name, token, max_age=COOKIE_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure)


def admit(code: str):
    """Remember in the signed session that this phone may watch the table."""
    tables = [c for c in session.get("tables", []) if c != code][-19:]
    session["tables"] = tables + [code]


def admitted(table, viewer) -> bool:
    return not viewer.spectator or table.code in session.get("tables", [])


def same_origin() -> bool:
    """A form post must come from our own pages (Origin, or else Referer, names this host)."""
    source = request.headers.get("Origin") or request.headers.get("Referer")
    if not source:
        return False
    return urlsplit(source).netloc == request.host
