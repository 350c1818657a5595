"""Referee: a phone-friendly referee for word games played at a real table."""

import os
import secrets

from flask import Flask
from htmx_flask import Htmx

from . import lookups, store
from .db import db, open_database
from .models import create_tables
from .paths import resource


def create_app(test_config: dict | None = None) -> Flask:
    """The app factory: configuration, database, blueprints."""
    test_config = dict(test_config or {})
    # The database and secret key live in ./instance (or REFEREE_DATA), wherever Referee is installed.
    instance = test_config.pop("INSTANCE_PATH", None) or os.environ.get("REFEREE_DATA") or os.path.abspath("instance")
    app = Flask(__name__, instance_relative_config=True, instance_path=instance,
                template_folder=resource("templates"), static_folder=resource("static"))
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL"),
        PUBLIC_URL=os.environ.get("REFEREE_PUBLIC_URL"),
        MAX_CONTENT_LENGTH=3 * 1024 * 1024,   # the word-list upload; other requests get less (web/errors.py)
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SEND_FILE_MAX_AGE_DEFAULT=3600,   # phones keep htmx, CSS and icons for an hour
    )
    for name, default in (("TABLES_PER_HOUR", 30), ("WRONG_CODES_PER_10_MIN", 20), ("PROXY_HOPS", 0)):
        app.config[name] = int(os.environ.get(f"REFEREE_{name}", default))
    if test_config:
        app.config.update(test_config)
    # Served over HTTPS (behind a proxy): the signed session cookie is sent only over HTTPS too.
    app.config["SESSION_COOKIE_SECURE"] = str(app.config.get("PUBLIC_URL") or "").startswith("https://")
    store.idle_days = int(app.config.get("IDLE_DAYS") or os.environ.get("REFEREE_IDLE_DAYS") or 30)
    app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _secret_key(app.instance_path)
    db.initialize(open_database(app.config["DATABASE_URL"], app.instance_path))
    lookups.configure(app.instance_path)
    with db.connection_context():
        create_tables()
    Htmx(app)
    _register(app)
    if app.config["PROXY_HOPS"]:
        # Behind a reverse proxy: trust its X-Forwarded-* headers for the client address
        # (rate limits), the scheme (Secure cookies) and the host (the same-origin check).
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = app.config["PROXY_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    return app


def _secret_key(instance_path: str) -> str:
    """A key kept in the instance folder so sessions survive restarts."""
    os.makedirs(instance_path, exist_ok=True)
    path = os.path.join(instance_path, "secret_key")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(secrets.token_hex(32))
    with open(path) as f:
        return f.read().strip()


def _register(app: Flask):
    from .web import api, check, compress, errors, limits, lookup, play, tables

    errors.init_app(app)
    compress.init_app(app)
    limits.init_app(app)
    for module in (tables, play, api, lookup, check):
        app.register_blueprint(module.bp)
