"""The patterns' compiled programs a build keeps (lawref.rx, issue 28).

What is proved: a program taken from a generation is the very program
``re.compile`` makes of the same pattern (two pattern objects are equal only
when their flags, text and program are); a programs file another Python
wrote, or a damaged one, is never used and costs nothing but the compile;
a build writes one into its generation, covered by the generation's
checksums; and a cold ``link`` compiles none of the patterns it runs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref import patterns as P
from lawref import rx, store
from lawref.folder import open_generation

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
EVERY = {name: v for name, v in vars(P).items() if isinstance(v, rx.Rx)}


@pytest.fixture(scope="module")
def kept_all(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A programs file of every pattern, taken for the module's tests that do not spoil it."""
    path = tmp_path_factory.mktemp("rx") / rx.PROGRAMS
    path.write_bytes(rx.programs(EVERY.values()))
    rx.take_programs(path)
    yield path
    rx.take_programs(None)


@pytest.fixture
def taken(tmp_path: Path) -> Iterator[Path]:
    """A programs file of every pattern, taken; given back after."""
    path = tmp_path / rx.PROGRAMS
    path.write_bytes(rx.programs(EVERY.values()))
    rx.take_programs(path)
    yield path
    rx.take_programs(None)


def test_every_kept_program_is_the_one_re_compile_makes(taken: Path) -> None:
    for name, pattern in EVERY.items():
        kept = rx._kept(pattern.pattern, pattern.flags)
        assert kept is not None, name
        assert kept == re.compile(pattern.pattern, pattern.flags), name  # flags, text and program
        assert (kept.groups, kept.groupindex) == (re.compile(pattern.pattern, pattern.flags).groups,
                                                  re.compile(pattern.pattern, pattern.flags).groupindex), name


@pytest.mark.parametrize("name", ["CITE_RUN", "LAW_CITATION", "SUBDIVISIONS_BEFORE", "SUBDIVISIONS_AFTER", "CITE_PIECE",
                                  "COMMENTARY_NAMED", "PAGE_MARKER"])
@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet="правилоПунктaбвBCD0123456789 .,;-–()№см\n", max_size=60))
def test_a_kept_program_finds_what_re_compile_finds(kept_all: Path, name: str, text: str) -> None:
    rx.take_programs(kept_all)
    pattern = EVERY[name]
    kept = rx._kept(pattern.pattern, pattern.flags)
    assert kept is not None
    fresh = re.compile(pattern.pattern, pattern.flags)
    assert [m.span() + m.groups() for m in kept.finditer(text)] == [m.span() + m.groups()
                                                                    for m in fresh.finditer(text)]


def test_a_pattern_the_file_lacks_is_compiled_as_before(taken: Path) -> None:
    assert rx._kept("правил[оа] 62", 0) is None
    made = rx.Rx("правил[оа] (?P<law>62)", example="правило 62")
    assert made.search("см. правило 62")["law"] == "62"  # type: ignore[index]


def _rewritten(path: Path, **changes: object) -> None:
    head, _, code = path.read_bytes().partition(b"\n")
    path.write_bytes(json.dumps({**json.loads(head), **changes}).encode() + b"\n" + code)


@pytest.mark.parametrize("changes", [{"python": "3.10.0 (another)"}, {"magic": 1}, {"codesize": 2},
                                     {"byteorder": "other"}, {"itemsize": 8}])
def test_a_file_another_python_wrote_is_never_used(taken: Path, changes: dict[str, object]) -> None:
    _rewritten(taken, **changes)
    rx.take_programs(None)
    rx.take_programs(taken)
    assert rx._kept(P.CITE_RUN.pattern, P.CITE_RUN.flags) is None


@pytest.mark.parametrize("spoil", ["code", "place", "head", "gone"])
def test_a_damaged_file_costs_only_the_compile(taken: Path, spoil: str) -> None:
    head, _, code = taken.read_bytes().partition(b"\n")
    if spoil == "code":  # the engine refuses a program that is not one (RuntimeError: invalid SRE code)
        taken.write_bytes(head + b"\n" + bytes(len(code)))
    elif spoil == "place":  # a place past the code
        table = json.loads(head)
        table["programs"] = {k: [10**9, *v[1:]] for k, v in table["programs"].items()}
        taken.write_bytes(json.dumps(table).encode() + b"\n" + code)
    elif spoil == "head":
        taken.write_bytes(b"{not json\n" + code)
    else:
        taken.unlink()
    assert rx._kept(P.LAW_CITATION.pattern, P.LAW_CITATION.flags) is None
    made = rx.Rx(P.LAW_CITATION.pattern, P.LAW_CITATION.flags, example=P.LAW_CITATION.example)
    assert made.compiled() == re.compile(P.LAW_CITATION.pattern, P.LAW_CITATION.flags)


def test_a_build_keeps_the_programs_in_its_generation_under_its_checksums(tmp_path: Path) -> None:
    index = tmp_path / "ix"
    store.build(CORPUS, index)
    gen = open_generation(index)
    assert rx.PROGRAMS in gen.meta["files"]
    assert gen.read_bytes(rx.PROGRAMS) == rx.programs(EVERY.values())


def test_a_cold_link_compiles_none_of_the_patterns_it_runs(tmp_path: Path) -> None:
    index = tmp_path / "ix"
    store.build(CORPUS, index)
    code = (  # every compile an Rx asks of re is counted (the module's re replaced by a counting one)
        "import re, sys, types\n"
        "import lawref.rx as R\n"
        "compiled = []\n"
        "R.re = types.SimpleNamespace(compile=lambda p, flags=0: (compiled.append(p), re.compile(p, flags))[1])\n"
        "from lawref.cli import cli\n"
        f"sys.argv = ['lawref', '--corpus', {str(CORPUS)!r}, '--index', {str(index)!r}, 'link']\n"
        "try:\n    cli(prog_name='lawref')\nexcept SystemExit:\n    pass\n"
        "from lawref import patterns as P\n"
        "print(compiled, file=sys.stderr)\n"
        "print(len(compiled), len([v for v in vars(P).values() if isinstance(v, R.Rx) and v._compiled is not None]),"
        " file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input="см. правило 62B и пункт 3 правила 45", text=True,
                         capture_output=True, timeout=120, env={**os.environ})
    assert '"62B"' in out.stdout, out.stderr
    recompiled, ran = map(int, out.stderr.strip().splitlines()[-1].split())
    assert recompiled == 0 and ran >= 5, out.stderr


def test_a_build_whose_patterns_did_not_change_keeps_the_last_programs_file(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from lawref import writing

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for f in CORPUS.iterdir():
        (corpus / f.name).write_bytes(f.read_bytes())
    index = tmp_path / "ix"
    store.build(corpus, index)
    first = open_generation(index).read_bytes(rx.PROGRAMS)
    edited = next(f for f in corpus.iterdir() if f.suffix == ".txt")
    edited.write_bytes(edited.read_bytes() + b"\n\n62B\n")
    writing._compiled_programs.cache_clear()

    def nothing_compiled(rxs: object) -> bytes:
        raise AssertionError("compiled again")

    monkeypatch.setattr(rx, "programs", nothing_compiled)
    store.build(corpus, index)
    assert open_generation(index).read_bytes(rx.PROGRAMS) == first


def test_programs_again_refuses_another_set_of_patterns_or_another_python(taken: Path) -> None:
    assert rx.programs_again(taken, EVERY.values()) == taken.read_bytes()
    assert rx.programs_again(taken, list(EVERY.values())[1:]) is None  # a pattern more or fewer: compiled anew
    assert rx.programs_again(taken.with_name("gone"), EVERY.values()) is None
    _rewritten(taken, python="3.10.0 (another)")
    assert rx.programs_again(taken, EVERY.values()) is None


def test_a_python_whose_re_cannot_be_taken_apart_writes_no_programs_and_builds(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import re._compiler as compiler

    from lawref import writing

    monkeypatch.delattr(compiler, "_code")  # another Python's internals
    writing._compiled_programs.cache_clear()
    assert json.loads(rx.programs(EVERY.values()).partition(b"\n")[0])["programs"] == {}
    index = tmp_path / "ix"
    store.build(CORPUS, index, full=True)  # the build goes on; a query compiles its patterns as before
    writing._compiled_programs.cache_clear()
    rx.take_programs(open_generation(index).path / rx.PROGRAMS)
    assert rx._kept(P.CITE_RUN.pattern, P.CITE_RUN.flags) is None
    rx.take_programs(None)
