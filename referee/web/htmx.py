"""Partial-or-page rendering and error swaps for htmx requests."""

from flask import flash, redirect, render_template, request
from htmx_flask import make_response

from . import limits


def page_or_region(page: str, region: str, **context):
    """The whole page for a normal request, only the region for htmx."""
    template = region if request.htmx and not request.htmx.boosted else page
    response = make_response(render_template(template, **context))
    response.headers["Vary"] = "HX-Request"
    return response


def refused(error, back: str):
    """A rejected action: htmx gets the message in the flash region, a plain form a redirect."""
    if getattr(error, "code", "") == "not_found":
        limits.wrong_code()
    if request.htmx:
        body = render_template("_flash.html", message=error.message, kind="error")
        response = make_response(body, error.status, retarget="#flash", reswap="innerHTML")
        response.headers["Vary"] = "HX-Request"
        return response
    flash(error.message, "error")
    return redirect(back, code=303)
