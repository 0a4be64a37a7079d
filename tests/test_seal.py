"""An index folder is data, never code (issue 22, item 1).

Whoever can write an index folder (a shared cache, a copied index, an
unpacked archive) can rewrite the checksums in it too; what they cannot do
is seal it with the user's key, which lives outside the folder. These tests
tamper with every file of a built index — forging the checksums each time —
and check that lawref rebuilds it, never reads or touches a file outside it,
and never runs a pickle's calls; then that the unpickler, the second wall,
builds only inert data classes.
"""

from __future__ import annotations

import json
import os
import pickle
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from lawref import _safepickle, fresh, seal, store
from lawref import folder as F
from lawref.cli import cli
from lawref.errors import IndexDamaged, KeyUnavailable

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def lawref(index: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index), *args])


class Call:
    """Pickles as a call of ``fn(*args)`` — what a crafted pickle can ask."""

    def __init__(self, fn: Any, *args: Any) -> None:
        self.fn, self.args = fn, args

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return self.fn, self.args


def _calls(victim: Path) -> dict[str, Any]:
    """For each global the unpickler allows, and for the classes of the
    attack that worked before (``FileIndex(storage, create=True)`` deleted
    and wrote files in another folder), a pickled call with hostile
    arguments aimed at ``victim``."""
    import collections
    import copyreg

    from whoosh.codec.whoosh3 import W3Codec, W3Segment
    from whoosh.fields import Schema
    from whoosh.filedb.filestore import FileStorage
    from whoosh.index import FileIndex

    storage = Call(FileStorage, str(victim))
    calls = {
        "FileIndex": Call(FileIndex, storage, Call(Schema), True, "N"),
        "FileStorage": [storage, Call(os.mkdir, str(victim / "made"))],
        "W3Codec": Call(W3Codec, 10**12, 9, 10**12),
        "W3Segment": Call(W3Segment, Call(W3Codec), str(victim / "N"), 10**9, "x" * 64, {1, 2}),
        "int": Call(int, "9" * 4000),
        "set": Call(set, "abc"),
        "frozenset": Call(frozenset, "abc"),
        "object": Call(object),
        "defaultdict": Call(collections.defaultdict, int),
        "_reconstructor": Call(copyreg._reconstructor, W3Segment, object, None),
        "encode": Call(_raw_codecs_encode(), "text", "latin1"),
    }
    assert {name for _, name in _safepickle.ALLOWED} <= set(calls)
    return calls


def _raw_codecs_encode() -> Any:
    import _codecs

    return _codecs.encode


def _tamper_toc(gen: Path, payload: Any) -> None:
    """Replace the segment list of whoosh's TOC with ``payload`` and forge
    ``META.json``'s checksum of it, as whoever can write the folder can."""
    from whoosh.filedb.structfile import StructFile

    toc = next(p for p in gen.iterdir() if p.name.endswith(".toc"))
    data = toc.read_bytes()
    toc.write_bytes(data[: len(data) // 2])
    with open(toc, "ab") as handle:
        StructFile(handle).write_pickle(payload)
    _forge_meta(gen, toc.name)


def _forge_meta(gen: Path, name: str) -> None:
    meta = json.loads((gen / F.META).read_text(encoding="utf-8"))
    meta["files"][name] = store._digest(gen / name)
    (gen / F.META).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")


def _victim(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "_N_1.toc").write_bytes(b"mine")
    (victim / "notes.txt").write_bytes(b"my notes")
    return victim, {p.name: p.read_bytes() for p in victim.iterdir()}


@pytest.mark.parametrize("name", ["FileIndex", "FileStorage", "W3Codec", "W3Segment", "int", "set", "frozenset",
                                  "object", "defaultdict", "_reconstructor", "encode"])
def test_a_tampered_index_folder_is_rebuilt_never_obeyed(tmp_path: Path, name: str) -> None:
    index = tmp_path / "ix"
    assert lawref(index, "build").exit_code == 0
    assert lawref(index, "search", "взятка").exit_code == 0  # a fast-path record (FRESH.json) is written
    victim, before = _victim(tmp_path)
    gen = F.open_generation(index).path
    _tamper_toc(gen, [_calls(victim)[name]])
    result = lawref(index, "search", "взятка")
    assert result.exit_code == 0, result.stderr
    assert "seal" in result.stderr and result.stderr.count("\n") == 1  # said once, then rebuilt
    assert {p.name: p.read_bytes() for p in victim.iterdir()} == before  # nothing outside touched
    assert F.open_generation(index).path != gen


@pytest.mark.parametrize("victim_file", ["META.json", "nodes.sqlite", "build.sqlite", "seg", "toc", "regex.bin"])
def test_any_file_rewritten_with_its_checksum_forged_is_rebuilt(tmp_path: Path, victim_file: str) -> None:
    index = tmp_path / "ix"
    assert lawref(index, "build").exit_code == 0
    gen = F.open_generation(index).path
    target = next(p for p in gen.iterdir() if p.name.endswith(victim_file))
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x20
    target.write_bytes(bytes(data))
    if target.name != F.META:
        _forge_meta(gen, target.name)
    result = lawref(index, "show", "62B")
    assert result.exit_code == 0, result.stderr
    assert F.open_generation(index).path != gen


def test_a_forged_fast_path_record_does_not_skip_the_check(tmp_path: Path) -> None:
    """``FRESH.json`` says 'nothing changed, read without checking': a forged
    one (the fingerprint right, the seal made without the key) is ignored."""
    index = tmp_path / "ix"
    assert lawref(index, "build").exit_code == 0
    assert fresh.record(CORPUS, index) or True
    gen = F.open_generation(index).path
    nodes = gen / "nodes.sqlite"
    data = bytearray(nodes.read_bytes())
    data[200] ^= 0x01
    nodes.write_bytes(bytes(data))
    found = fresh.fingerprint(CORPUS, index)
    assert found is not None
    (index / fresh.FRESH).write_text(json.dumps({"fingerprint": found[0], "seal": "0" * 64}), encoding="utf-8")
    assert not fresh.unchanged(CORPUS, index)
    (index / fresh.FRESH).write_text(json.dumps({"fingerprint": found[0]}), encoding="utf-8")  # an older lawref's
    assert not fresh.unchanged(CORPUS, index)


def test_an_index_sealed_with_another_key_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index = tmp_path / "ix"
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "other.key"))
    assert lawref(index, "build").exit_code == 0
    gen = F.open_generation(index).path
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "mine.key"))
    with pytest.raises(IndexDamaged, match="seal"):
        F.open_generation(index)
    result = lawref(index, "show", "62B")
    assert result.exit_code == 0 and "seal" in result.stderr
    assert F.open_generation(index).path != gen


def test_an_index_without_a_seal_is_rebuilt_once(tmp_path: Path) -> None:
    index = tmp_path / "ix"
    assert lawref(index, "build").exit_code == 0
    (F.open_generation(index).path / F.SEAL).unlink()
    first, second = lawref(index, "show", "62B"), lawref(index, "show", "62B")
    assert first.exit_code == second.exit_code == 0
    assert "SEAL" in first.stderr and second.stderr == ""


def test_an_index_sealed_by_lawref_0_2_is_rebuilt_said_to_be_older(tmp_path: Path) -> None:
    # lawref 0.2 wrote an HMAC-SHA256 in SEAL; this lawref reads only SEAL2 (keyed BLAKE2b)
    index = tmp_path / "ix"
    assert lawref(index, "build").exit_code == 0
    gen = F.open_generation(index).path
    (gen / F.SEAL).rename(gen / "SEAL")
    result = lawref(index, "show", "62B")
    assert result.exit_code == 0 and "older lawref" in result.stderr
    assert F.open_generation(index).path != gen


def test_the_seal_is_blake2b_keyed_over_purpose_and_length_framed_parts(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # RFC 7693's keyed BLAKE2b, computed here by hashlib (the seal imports CPython's _blake2 as it is)
    import hashlib

    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "k" / "index.key"))
    key = bytes.fromhex((tmp_path / "k" / "index.key").read_text()) if seal.sign("meta", b"") else b""
    framed = b"lawref-seal-2\0meta\0" + (2).to_bytes(8, "big") + b"ab" + (0).to_bytes(8, "big")
    assert seal.sign("meta", b"ab", b"") == hashlib.blake2b(framed, key=key, digest_size=32).hexdigest()


def test_the_default_index_name_is_the_sha256_of_the_corpus_path(tmp_path: Path) -> None:
    import hashlib

    from lawref.query.opening import default_index

    name = default_index(tmp_path).name
    assert name == "index-" + hashlib.sha256(os.fsencode(tmp_path.resolve())).hexdigest()[:12]


# ------------------------------------------------------------ the key


def test_the_key_is_made_once_private_and_outside_the_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = tmp_path / "conf" / "lawref" / "index.key"
    monkeypatch.setenv(seal.KEY_ENV, str(key))
    first = seal.sign("meta", b"x")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(key.parent.stat().st_mode) == 0o700
    assert seal.sign("meta", b"x") == first and seal.check(first, "meta", b"x")
    assert not seal.check(first, "fresh", b"x") and not seal.check(first, "meta", b"y")
    assert seal.sign("meta", b"ab", b"c") != seal.sign("meta", b"a", b"bc")  # parts are delimited
    assert [p.name for p in key.parent.iterdir()] == ["index.key"]  # no temporary file left


def test_the_default_key_lives_in_the_user_config_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(seal.KEY_ENV, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert seal.key_path() == tmp_path / "cfg" / "lawref" / "index.key"


@pytest.mark.parametrize("spoil, says", [
    (lambda k: k.chmod(0o644), "others may read it"),
    (lambda k: k.write_text("not hex\n"), "not a lawref key"),
    (lambda k: (k.unlink(), k.symlink_to(k.with_name("elsewhere"))), "refused"),
    (lambda k: (k.unlink(), k.mkdir()), "refused"),
])
def test_an_unusable_key_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                spoil: Any, says: str) -> None:
    key = tmp_path / "k" / "index.key"
    monkeypatch.setenv(seal.KEY_ENV, str(key))
    seal.sign("meta", b"")
    (key.with_name("elsewhere")).write_text("0" * 64)
    spoil(key)
    seal._key.cache_clear()
    with pytest.raises(KeyUnavailable, match=says):
        seal.sign("meta", b"")
    result = lawref(tmp_path / "ix", "build")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_key_that_cannot_be_made_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv(seal.KEY_ENV, str(tmp_path / "file" / "index.key"))
    result = lawref(tmp_path / "ix", "show", "62B")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "cannot make lawref's index key" in result.stderr and seal.KEY_ENV in result.stderr


# ------------------------------------------------------------ the unpickler


@pytest.mark.parametrize("module, name", [
    ("whoosh.index", "FileIndex"), ("whoosh.filedb.filestore", "FileStorage"),
    ("whoosh.filedb.fileindex", "FileIndex"), ("whoosh.writing", "SegmentWriter"), ("whoosh.reading", "SegmentReader"),
    ("whoosh.codec.whoosh3", "W3FieldWriter"), ("builtins", "bytearray"), ("builtins", "eval"), ("os", "system"),
    ("builtins", "getattr"), ("io", "open"), ("shutil", "rmtree"),
])
def test_the_unpickler_refuses_everything_but_inert_data(module: str, name: str) -> None:
    crafted = f"c{module}\n{name}\n(tR.".encode("ascii")
    with pytest.raises(pickle.UnpicklingError, match="refused"):
        _safepickle.loads(crafted)


def test_each_allowed_global_called_with_hostile_arguments_touches_nothing(tmp_path: Path) -> None:
    victim, before = _victim(tmp_path)
    for name, call in _calls(victim).items():
        if name in ("FileIndex", "FileStorage"):
            with pytest.raises(pickle.UnpicklingError):
                _safepickle.loads(pickle.dumps(call, protocol=2))
            continue
        try:
            _safepickle.loads(pickle.dumps(call, protocol=2))
        except (pickle.UnpicklingError, ValueError, TypeError):
            pass  # refused or failed: either way nothing ran
    assert {p.name: p.read_bytes() for p in victim.iterdir()} == before


def test_codecs_encode_is_latin1_only() -> None:
    assert _safepickle.loads(pickle.dumps(b"\xff\x00", protocol=2)) == b"\xff\x00"
    crafted = pickle.dumps(Call(_raw_codecs_encode(), "x", "rot13"), protocol=2)
    with pytest.raises(pickle.UnpicklingError):
        _safepickle.loads(crafted)


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule seal.key_path follows on Linux")
@pytest.mark.parametrize("xdg", [None, "/tmp/lawref-xdg", "", "   "])
def test_the_key_is_where_platformdirs_puts_the_config_folder(monkeypatch: pytest.MonkeyPatch, xdg: str | None) -> None:
    # seal.key_path reads the XDG rule itself on Linux (platformdirs' import cost a cold command 10 ms): the same place
    import platformdirs

    monkeypatch.delenv(seal.KEY_ENV, raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert seal.key_path() == platformdirs.user_config_path("lawref") / seal.KEY_NAME


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule lawref.userdirs follows on Linux")
@pytest.mark.parametrize("xdg", [None, "/tmp/lawref-xdg-cache", "", "   "])
def test_the_default_index_is_where_platformdirs_puts_the_cache_folder(monkeypatch: pytest.MonkeyPatch,
                                                                      xdg: str | None) -> None:
    # the default index's folder, read by the same rule: no platformdirs import on a cold command
    import platformdirs

    from lawref import userdirs

    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert userdirs.cache_path() == platformdirs.user_cache_path("lawref")

