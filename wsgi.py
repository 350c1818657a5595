"""WSGI entry point for any production server: `waitress-serve wsgi:app` or `gunicorn wsgi:app`."""

from referee import create_app

app = create_app()
