"""Shared fixtures: the default corpus built once per session, and an
environment that never touches the user's cache or ``LAWREF_*`` settings."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from lawref.library import Library

# Property tests draw the same examples on every run (CI never fails on a draw no one can
# reproduce); HYPOTHESIS_PROFILE=explore draws new ones to hunt for faults.
settings.register_profile("lawref", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "lawref"))

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@functools.cache
def seed_index_path() -> Path:
    """The default corpus built once per test process (a plain function, so
    Hypothesis tests can use it without a fixture); removed at exit."""
    from lawref.store import build

    folder = Path(tempfile.mkdtemp(prefix="lawref-seed-"))
    atexit.register(shutil.rmtree, folder, True)
    build(CORPUS, folder / "index")
    return folder / "index"


@functools.cache
def seed_library_once() -> Library:
    """:class:`Library` over :func:`seed_index_path` (opened once)."""
    return Library.open(seed_index_path())


@pytest.fixture(autouse=True)
def language_as_the_environment_says() -> Iterator[None]:
    """Each test starts speaking as its environment says: a command run through CliRunner (``--ui``) or an
    app (``lawref.serve.create_app``) chooses the language for the whole process (``i18n.choose``), and
    a later test read Russian messages in English (test_i18n after test_serve)."""
    yield
    from lawref.i18n import choose

    choose(None)


@pytest.fixture(scope="session", autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """No LAWREF_* from the caller's shell (LAWREF_UI=en: the default for
    an unknown locale); the user cache and config dirs point into tmp."""
    cache = tmp_path_factory.mktemp("xdg-cache")
    config = tmp_path_factory.mktemp("xdg-config")  # the index key (lawref.seal) is made here
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("LAWREF_CORPUS", raising=False)
        mp.delenv("LAWREF_INDEX", raising=False)
        mp.delenv("LAWREF_DEBUG", raising=False)
        mp.setenv("LAWREF_UI", "en")  # one language whatever the caller's locale; tests of Russian set ru
        mp.setenv("XDG_CACHE_HOME", str(cache))
        mp.setenv("XDG_CONFIG_HOME", str(config))
        mp.delenv("LAWREF_KEY_FILE", raising=False)
        yield cache


@pytest.fixture(scope="session")
def seed_index() -> Path:
    """The index folder of the default corpus (built once; read-only use)."""
    return seed_index_path()


@pytest.fixture(scope="session")
def seed_library() -> Library:
    """The default corpus as a :class:`Library` (built and opened once)."""
    return seed_library_once()


@pytest.fixture
def ru_ui(monkeypatch: pytest.MonkeyPatch) -> None:
    """lawref speaks Russian in this test (as for a user whose locale is ru_RU)."""
    monkeypatch.setenv("LAWREF_UI", "ru")
