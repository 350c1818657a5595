"""Gzip for text answers: old phones on a busy home Wi-Fi load the first page in a few KB.

Static files are compressed once and kept in memory (they are few and small); pages and
regions are compressed as they go out. Polls that answer 204 have no body and are untouched.
"""

import gzip
from functools import lru_cache

from flask import request

TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json")
MIN_SIZE = 600


@lru_cache(maxsize=64)
def _static_gzip(path: str, etag: str, data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9)


def init_app(app):
    @app.after_request
    def compress(response):
        if (response.status_code != 200 or "gzip" not in request.headers.get("Accept-Encoding", "")
                or response.headers.get("Content-Encoding") or not response.mimetype
                or not response.mimetype.startswith(TEXT_TYPES)):
            return response
        response.direct_passthrough = False
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        if request.endpoint == "static":
            packed = _static_gzip(request.path, response.headers.get("ETag", ""), data)
        else:
            packed = gzip.compress(data, compresslevel=6)
        response.set_data(packed)
        response.headers["Content-Encoding"] = "gzip"
        response.headers["Content-Length"] = str(len(packed))
        response.vary.add("Accept-Encoding")
        return response
