"""Where the templates, static files and dictionaries are: beside the package when
installed from a wheel (pyproject maps them in), or at the top of a source checkout."""

import os

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def resource(name: str) -> str:
    """Absolute path of a top-level data folder: 'templates', 'static' or 'dictionaries'."""
    installed = os.path.join(PACKAGE_DIR, name)
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(PACKAGE_DIR), name)
