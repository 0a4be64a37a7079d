"""userdirs: the user's config and cache folders of lawref (``~/.config/lawref``, ``~/.cache/lawref``).

On Linux the XDG rule platformdirs follows is read here (``$XDG_CONFIG_HOME``,
``$XDG_CACHE_HOME``, a blank value as unset); a test holds the two equal.
platformdirs' import (tempfile, shutil, random) cost every cold command
about 10 ms, for two environment variables. Elsewhere platformdirs decides.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["cache_path", "config_path"]


def _xdg(variable: str, fallback: str) -> Path:
    found = os.environ.get(variable, "")
    return Path(found if found.strip() else os.path.expanduser(fallback)) / "lawref"


def config_path() -> Path:
    """lawref's config folder (where the seal's key is)."""
    if sys.platform == "linux":
        return _xdg("XDG_CONFIG_HOME", "~/.config")
    import platformdirs

    return platformdirs.user_config_path("lawref")


def cache_path() -> Path:
    """lawref's cache folder (where the default index is built)."""
    if sys.platform == "linux":
        return _xdg("XDG_CACHE_HOME", "~/.cache")
    import platformdirs

    return platformdirs.user_cache_path("lawref")
