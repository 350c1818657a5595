"""Errors rendered once: JSON for the API, a friendly page for people; security headers."""

from flask import jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..engine.errors import RefereeError
from .. import store
from . import auth, limits

CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


SMALL_BODY = 256 * 1024


def wants_json() -> bool:
    return request.path.startswith("/api/")


def init_app(app):
    @app.errorhandler(RefereeError)
    def referee_error(error):
        if isinstance(error, store.NotFound):
            limits.wrong_code()
        if wants_json():
            return jsonify(error=error.code, message=error.message), error.status
        return render_template("error.html", message=error.message, status=error.status), error.status

    @app.errorhandler(HTTPException)
    def http_error(error):
        message = {
            404: "There is nothing here. Check the address or the table code.",
            405: "That address does not take this kind of request.",
            413: "That is too much data to send at once.",
            429: "Too many tries: wait a minute and try again.",
        }.get(error.code, error.description)
        if error.code == 429 and error.description:
            message = error.description
        if error.code == 403 and error.description and "permission" not in error.description:
            message = error.description
        if wants_json():
            return jsonify(error=error.name.lower().replace(" ", "_"), message=message), error.code
        return render_template("error.html", message=message, status=error.code), error.code

    @app.errorhandler(Exception)
    def unexpected(error):
        app.logger.exception("Unexpected error")
        message = "Something went wrong on the server; nothing was changed. Try again."
        if wants_json():
            return jsonify(error="server_error", message=message), 500
        return render_template("error.html", message=message, status=500), 500

    @app.before_request
    def limit_body_size():
        # Only the word-list upload may send more than a small form or JSON action.
        if request.endpoint != "play.upload_words":
            request.max_content_length = SMALL_BODY
        return None

    @app.before_request
    def refuse_cross_site_posts():
        # Cookie-authenticated form posts must come from our own pages; the API uses
        # bearer tokens, which a foreign page cannot attach.
        if request.method == "POST" and not wants_json() and not auth.same_origin():
            return render_template("error.html", status=403,
                                   message="This form came from another site and was refused."), 403
        return None

    @app.after_request
    def security_headers(response):
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response
