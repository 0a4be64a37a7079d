"""docs/architecture.md stays true: every file its "Where to change what"
table names exists and holds the name the row points to, and the rule the
page states — the library imports no writer — holds."""

from __future__ import annotations

import ast
import re
from pathlib import Path

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


def test_show_and_the_node_endpoint_share_one_use_case_and_one_outcome_table() -> None:
    from lawref.errors import EXIT_NOT_FOUND, EXIT_OK
    from lawref.usecases import OUTCOMES, Outcome

    assert OUTCOMES == {Outcome.FOUND: (EXIT_OK, 200), Outcome.NO_ENGLISH: (EXIT_NOT_FOUND, 404),
                        Outcome.ABSENT: (EXIT_NOT_FOUND, 404), Outcome.UNKNOWN: (EXIT_NOT_FOUND, 404)}
    cli = (ROOT / "lawref" / "cli_read.py").read_text(encoding="utf-8")
    serve = (ROOT / "lawref" / "serve.py").read_text(encoding="utf-8")
    endpoint = serve[serve.index("def node(lib: _Lib"):serve.index("def resolve(")]
    assert "usecases.show(" in cli and "lib.absent(" not in cli
    assert "usecases.show(" in endpoint and "lib.absent(" not in endpoint


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
BUILD_SIDE = ("lawref.scan", "lawref.parse", "lawref.treecheck", "lawref.corpus", "lawref.store", "lawref.buildcache",
              "lawref.conserve", "lawref.records", "lawref.ingest")
#: The query side: the facade, its rooms, the use cases, the writers and the query commands.
QUERY_SIDE = ("lawref.library", "lawref.query", "lawref.search", "lawref.contents", "lawref.usecases", "lawref.exports",
              "lawref.export", "lawref.serve", "lawref.cli_read", "lawref.cli_write", "lawref.cli_serve")


def _of(module: str, side: tuple[str, ...]) -> bool:
    return any(module == s or module.startswith(s + ".") for s in side)


def test_one_arrow_back_up_the_lazy_rebuild() -> None:
    # the query side imports the build side in one module only: opening a library rebuilds a stale index
    arrows = sorted((m, n) for m, ns in _graph(top_only=False).items() if _of(m, QUERY_SIDE)
                    for n in ns if _of(n, BUILD_SIDE))
    assert {m for m, _ in arrows} == {"lawref.query.opening"}, arrows


def test_imports_inside_functions_are_few_and_gathered_where_the_rule_is_decided() -> None:
    # issue 25: at most 15, each a query process that must not load the build side or a heavy library
    found = _imports_in_functions()
    assert 1 <= len(found) <= 15, [f"{p.relative_to(ROOT)}:{line}" for p, line, _ in found]


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


def test_compare_and_resolve_go_through_the_use_cases_in_the_cli_and_the_api() -> None:
    # issue 26's compare and resolve's counterparts: worked out once, their outcome read from OUTCOMES
    cli = (ROOT / "lawref" / "cli_read.py").read_text(encoding="utf-8")
    serve = (ROOT / "lawref" / "serve.py").read_text(encoding="utf-8")
    for text in (cli, serve):
        assert "usecases.compare(" in text and "usecases.resolved(" in text and "lib.elsewhere(" not in text
