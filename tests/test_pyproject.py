"""Packaging metadata that current setuptools accepts without a deprecation warning."""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_an_spdx_expression_and_the_build_backend_reads_it():
    assert PYPROJECT["project"]["license"] == "MIT"
    # setuptools reads a license string as an SPDX expression from version 77 on.
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]
