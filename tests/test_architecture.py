"""docs/architecture.md stays true: every file its "Where to change what"
table names exists and holds the name the row points to, and the rule the
page states — the library imports no writer — holds."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _rows() -> list[tuple[str, str]]:
    table = DOC[DOC.index("## Where to change what"):]
    table = table[: table.index("\n\n", table.index("|---"))]
    rows = [(cells[1].strip(), cells[2].strip()) for line in table.splitlines()
            if len(cells := line.split("|")) >= 3]
    return [row for row in rows if row[0] not in ("to change", "---")]


def test_the_table_has_the_five_answers() -> None:
    assert [what for what, _ in _rows()] == ["a page-marker spelling", "a citation spelling", "an export format",
                                             "an API endpoint", "a UI message"]


def test_every_file_the_table_names_exists_and_holds_its_name() -> None:
    for what, where in _rows():
        files = re.findall(r"`(lawref/[\w/.]+\.(?:py|po))`", where)
        assert 1 <= len([f for f in files if not f.endswith("/")]) <= 2, what
        names = re.findall(r"\(`([A-Z_]+)`", where) + re.findall(r"`([A-Z_]{4,})`", where)
        text = "".join((ROOT / f).read_text(encoding="utf-8") for f in files)
        for name in names:
            assert re.search(rf"^{name}\b", text, re.M) or f"{name}:" in text, (what, name)


def test_the_library_imports_no_writer() -> None:
    tree = ast.parse((ROOT / "lawref" / "library.py").read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not {m for m in modules if m.startswith("lawref.export")}


def _bodies(path: Path) -> dict[str, str]:
    """Each top-level function of ``path`` by name: its source."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    return {n.name: ast.get_source_segment(text, n) or "" for n in tree.body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


#: Each command and endpoint → the use case it calls; what it must not call itself (issue 25, item 3).
USE_CASES = {
    ("cli_read.py", "show"): "usecases.show(", ("serve.py", "node"): "usecases.show(",
    ("cli_read.py", "search"): "usecases.search(", ("serve.py", "search"): "usecases.search(",
    ("cli_read.py", "refs"): "usecases.refs(", ("serve.py", "refs"): "usecases.refs(",
    ("cli_read.py", "resolve"): "usecases.resolve(", ("serve.py", "resolve"): "usecases.resolve(",
    ("cli_read.py", "compare"): "usecases.compare(", ("serve.py", "compare"): "usecases.compare(",
    ("cli_read.py", "toc"): "usecases.toc(",
    ("cli_link.py", "link"): "usecases.link(", ("serve.py", "_link_answer"): "usecases.link(",
}
WORKED_OUT = ("lib.absent(", "lib.answer(", "lib.references(", "lib.resolve_targets(", "lib.link_stream(",
              "lib.contents(", "lib.compare(", "lib.elsewhere(", "lib.absent_laws(")


def test_every_command_and_endpoint_goes_through_its_use_case() -> None:
    # the CLI and the API parse, call the use case and print: neither works an answer out itself
    for (module, name), call in USE_CASES.items():
        body = _bodies(ROOT / "lawref" / module)[name]
        assert call in body, (module, name)
        assert not [w for w in WORKED_OUT if w in body], (module, name)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    return out | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}


def test_the_writers_render_values_and_ask_no_library() -> None:
    # each writer takes the values lawref.query.shown works out (View, Twin, HitShown, Holdings): none
    # imports the library or the query side, even for a type, and none is handed a ``lib``
    for path in sorted((ROOT / "lawref" / "export").glob("*.py")):
        modules = _imports(path)
        assert not {m for m in modules if m in ("lawref.library", "lawref.query") or m.startswith("lawref.query.")}, path
        assert not re.search(r"\blib\s*:\s*Library\b|\blib\.", path.read_text(encoding="utf-8")), path


def test_show_and_the_node_endpoint_print_one_value() -> None:
    cli = (ROOT / "lawref" / "cli_read.py").read_text(encoding="utf-8")
    serve = (ROOT / "lawref" / "serve.py").read_text(encoding="utf-8")
    endpoint = serve[serve.index("def node(lib: _Lib"):serve.index("def resolve(")]
    assert "J.show_json(*S.first(lib, nodes, lang))" in cli
    assert "J.show_json(*S.first(lib, shown.nodes, lang))" in endpoint


def test_the_words_around_law_text_have_one_home() -> None:
    # lawref.words (the gettext catalogue's messages) is the one home: no module keeps a table of its own words
    for path in sorted([*(ROOT / "lawref").glob("*.py"), *(ROOT / "lawref" / "export").glob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                told = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
                assert not any(re.search("[а-яё]", t, re.I) for t in told), (path.name, node.lineno)


def _imports_in_functions() -> list[tuple[Path, int, str]]:
    out = []
    for path in sorted((ROOT / "lawref").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").split("\n")
        tree = ast.parse("\n".join(lines))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                lawref = (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lawref")) or (
                    isinstance(node, ast.Import) and any(a.name.startswith("lawref") for a in node.names))
                if lawref:
                    out.append((path, node.lineno, lines[node.lineno - 1] + "\n" + lines[node.lineno - 2]))
    return out


def test_every_import_inside_a_function_says_why() -> None:
    # an import of lawref's own module inside a function is a decision (a query process must not load the build
    # side, a heavy library or a writer it does not need): its reason stands on its line or the line above
    found = _imports_in_functions()
    assert found
    unsaid = [f"{p.relative_to(ROOT)}:{line}" for p, line, text in found if "#" not in text]
    assert not unsaid, unsaid


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _lawref_imports(path: Path, *, top_only: bool) -> set[str]:
    """The lawref modules ``path`` imports: at its top only, or inside its functions too (never those under
    ``if TYPE_CHECKING``, which load nothing)."""
    modules = {_module_name(p) for p in (ROOT / "lawref").rglob("*.py")}
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def found(n: ast.AST) -> set[str]:
        if isinstance(n, ast.ImportFrom) and n.module and n.level == 0:
            return {f"{n.module}.{a.name}" if f"{n.module}.{a.name}" in modules else n.module for a in n.names}
        if isinstance(n, ast.Import):
            return {a.name for a in n.names}
        return set()

    out: set[str] = set()

    def visit(body: list[ast.stmt], inside: bool) -> None:
        for n in body:
            if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
                continue  # a type's name only: nothing is loaded
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if not top_only or isinstance(n, ast.ClassDef):
                    visit(n.body, True)
                continue
            for field in ("body", "orelse", "finalbody"):
                visit(getattr(n, field, []), inside)
            for h in getattr(n, "handlers", []):
                visit(h.body, inside)
            out.update(found(n))

    visit(tree.body, False)
    return {m for m in out if m in modules} - {_module_name(path)}


def _graph(*, top_only: bool) -> dict[str, set[str]]:
    return {_module_name(p): _lawref_imports(p, top_only=top_only) for p in sorted((ROOT / "lawref").rglob("*.py"))}


def test_no_import_circle() -> None:
    # the modules' top-level imports form no circle (an import inside a function is a decision, counted below)
    graph, state, circles = _graph(top_only=True), {}, []

    def walk(m: str, path: list[str]) -> None:
        state[m] = "open"
        for n in sorted(graph.get(m, ())):
            if state.get(n) == "open":
                circles.append(path[path.index(n):] + [n] if n in path else [m, n])
            elif n not in state:
                walk(n, [*path, n])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            walk(m, [m])
    assert not circles, circles


#: The build side (docs/architecture.md): a query process never loads it but to rebuild.
BUILD_SIDE = ("lawref.scan", "lawref.parse", "lawref.titles", "lawref.treecheck", "lawref.corpus", "lawref.store", "lawref.buildcache",
              "lawref.conserve", "lawref.records", "lawref.ingest", "lawref.indexing")
#: The query side: the facade, its rooms, the use cases, the writers and the query commands.
QUERY_SIDE = ("lawref.library", "lawref.query", "lawref.search", "lawref.contents", "lawref.usecases", "lawref.exports",
              "lawref.export", "lawref.serve", "lawref.cli_read", "lawref.cli_write",
              "lawref.cli_link", "lawref.cli_serve")


def _of(module: str, side: tuple[str, ...]) -> bool:
    return any(module == s or module.startswith(s + ".") for s in side)


def test_one_arrow_back_up_the_lazy_rebuild() -> None:
    # the query side imports the build side in one module only: opening a library rebuilds a stale index
    arrows = sorted((m, n) for m, ns in _graph(top_only=False).items() if _of(m, QUERY_SIDE)
                    for n in ns if _of(n, BUILD_SIDE))
    assert {m for m, _ in arrows} == {"lawref.query.opening"}, arrows


def test_imports_inside_functions_are_few_and_gathered_where_the_rule_is_decided() -> None:
    # issue 25: at most 16, each a query process that must not load the build side or a heavy library
    # (the 16th, issue 28: a link printed as JSON or a table never loads the export writers)
    found = _imports_in_functions()
    assert 1 <= len(found) <= 16, [f"{p.relative_to(ROOT)}:{line}" for p, line, _ in found]


def test_the_build_side_never_imports_the_query_side() -> None:
    arrows = sorted((m, n) for m, ns in _graph(top_only=False).items() if _of(m, BUILD_SIDE)
                    for n in ns if _of(n, QUERY_SIDE))
    assert not arrows, arrows


def test_the_facade_is_thin_and_no_module_is_long() -> None:
    # issue 25: the facade holds the open generation and hands on (≤ 300 lines); no room over 800
    lengths = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
               for p in (ROOT / "lawref").rglob("*.py")}
    assert lengths["lawref/library.py"] <= 300
    assert not {p: n for p, n in lengths.items() if n > 800}


def _walk(lib: Any, query: str) -> tuple[list[str], list[str]]:
    """The rooms (lawref's modules, in the order first entered) a held
    search walks from the facade to the index and back, and its climbs
    (calls into the facade from a room below it). A room is entered from
    a room: a call whoosh makes (into lawref's unpickling guard, a callback
    it was handed) is whoosh's walk, not lawref's."""
    rooms: list[str] = []
    climbs: list[str] = []

    def seen(frame: Any, event: str, arg: Any) -> None:
        caller = frame.f_back.f_globals.get("__name__", "") if frame.f_back else ""
        module = frame.f_globals.get("__name__", "")
        if event != "call" or not module.startswith("lawref") or (rooms and caller not in rooms):
            return  # the first call is the facade's (lib.answer: its wrapper), the rest are entered from a room
        rooms.append(module) if module not in rooms else None
        if module == "lawref.library" and caller != module:
            climbs.append(f"{caller} → {frame.f_code.co_name}")

    lib.answer(query, limit=10)  # the rooms' modules loaded and the searcher opened: the walk of a held search
    sys.setprofile(seen)
    try:
        lib.answer(query + " ", limit=10)  # another question (no answer kept), the same words
    finally:
        sys.setprofile(None)
    return rooms, climbs


@pytest.mark.parametrize("query", ["фальшренонс после вскрытия", '"ход вне очереди"', "62B", "revoke"])
def test_a_search_reaches_the_index_and_back_in_ten_rooms_with_two_climbs(query: str) -> None:
    # issue 25: the facade, the policy, the index, the store, the cite and word leaves and the values;
    # issue 28 adds the index's scorer (lawref.scoring: whoosh-free, so it is tested on its own); issue 27 the
    # query association's table (lawref.lang.associations: a data leaf, like the glossary);
    # the two climbs are the facade's own wrapper (follow a rebuild, then answer on that generation)
    from conftest import seed_index_path

    from lawref.library import Library

    lib = Library.open(seed_index_path())
    try:
        rooms, climbs = _walk(lib, query)
    finally:
        lib.close()
    assert len(rooms) <= 10, rooms
    assert "lawref.index" in rooms and "lawref.search" in rooms and "lawref.scoring" in rooms
    assert climbs == ["lawref.query.generation → follow", "lawref.query.generation → answer"], climbs


def test_every_name_a_module_exports_is_defined() -> None:
    # a name moved to lawref.results, .citations, .listings (or imported for a type only) must leave the __all__ that re-exported it
    import importlib
    import pkgutil

    import lawref

    missing = []
    for info in pkgutil.walk_packages(lawref.__path__, "lawref."):
        if info.name == "lawref.__main__":
            continue  # running it runs the CLI
        module = importlib.import_module(info.name)
        missing += [f"{info.name}.{n}" for n in getattr(module, "__all__", []) if not hasattr(module, n)]
    assert not missing, missing
