"""`pip install .` must give a working app: every package and data folder is in the wheel."""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def listed_packages() -> set:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return set(config["tool"]["setuptools"]["packages"])


def test_every_code_package_is_listed_in_pyproject():
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "referee").rglob("__init__.py")}
    assert found - listed_packages() == set()


def test_templates_static_and_dictionaries_are_installed_with_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for folder in ("templates", "static", "dictionaries"):
        assert config["package-dir"][f"referee.{folder}"] == folder
        assert config["package-data"][f"referee.{folder}"]
