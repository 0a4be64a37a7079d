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
                        Outcome.ABSENT: (EXIT_NOT_FOUND, 404)}
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
