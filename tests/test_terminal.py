"""The person at the terminal (issue 16): the small faults a new user met, each
with a test through click's CliRunner and its exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from test_cli import CORPUS, assert_one_line_error, run

from lawref.cli import _globals_first, cli


def test_a_law_with_no_text_of_its_own_shows_its_first_section_s_text(seed_index: Path) -> None:
    from lawref.library import Library

    lib = Library.open(seed_index)
    hit = lib.search("62", limit=10)[0]
    assert hit.id == "laws/62" and hit.snippet.startswith("62A: Игрок должен исправить фальшренонс")
    # … unless that section is a hit of the same answer: its text is printed once, under its own line
    hits = {h.id: h for h in lib.search("фальшренонс", limit=30)}
    assert hits["laws/62"].snippet == "" and hits["laws/62A"].snippet.startswith("Игрок должен исправить")
    assert all(h.snippet.strip() for i, h in hits.items() if i not in ("laws/61", "laws/62", "laws/64"))
    printed = run(seed_index, "search", "правило 64", "ренонс", "--limit", "20").stdout.splitlines()
    assert sum("ненарушившая сторона получает согласно этому правилу" in line for line in printed) == 1
    assert printed[0].startswith("64 ") and not printed[1].startswith(" ")  # Law 64: a line, its text under its fragment


@pytest.mark.parametrize(("query", "want"), [("S.O.", "⟦S.O⟧."), ("п.45.5", "п.⟦45.5⟧.")])
def test_highlighting_keeps_an_abbreviation_or_a_cite_whole(seed_index: Path, query: str, want: str) -> None:
    result = run(seed_index, "search", query, "--limit", "3")
    assert want in result.stdout and "⟦S⟧.⟦O⟧" not in result.stdout and "⟦45⟧.⟦5⟧" not in result.stdout


def test_a_lone_letter_is_not_a_form_of_another_word(seed_index: Path) -> None:
    result = run(seed_index, "search", "ё")
    assert result.exit_code == 1 and "была" not in result.stdout and "будет" not in result.stdout


def test_search_help_explains_the_query_syntax() -> None:
    text = CliRunner().invoke(cli, ["search", "--help"]).stdout
    for part in ('"ход вне очереди"', " OR ", "(AND)", "62B", "--lang en"):
        assert part in text


@pytest.mark.parametrize(("argv", "want"), [
    (["search", "x", "--corpus", "C"], ["--corpus", "C", "search", "x"]),
    (["show", "62", "--index=I", "--corpus", "C"], ["--index=I", "--corpus", "C", "show", "62"]),
    (["--corpus", "show", "search", "x"], ["--corpus", "show", "search", "x"]),  # a folder named show
    (["link", "--", "--corpus", "C"], ["link", "--", "--corpus", "C"]),
    (["nope", "--corpus", "C"], ["nope", "--corpus", "C"]),
])
def test_global_options_are_taken_after_the_command_too(argv: list[str], want: list[str]) -> None:
    assert _globals_first(argv, cli) == want


def test_global_options_after_the_command_work_end_to_end(seed_index: Path) -> None:
    result = CliRunner().invoke(cli, ["show", "62B", "--corpus", str(CORPUS), "--index", str(seed_index)])
    assert result.exit_code == 0 and "Исправление фальшренонса" in result.stdout


def test_term_needs_no_corpus(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.txt").write_text("hello world\n")
    result = CliRunner().invoke(cli, ["--corpus", str(bad), "--index", str(tmp_path / "ix"), "term", "болван"])
    assert result.exit_code == 0 and result.stdout.startswith("болван — dummy")
    assert "the glossary alone answers" in result.stderr


def test_the_clean_report_header_has_no_stray_braces() -> None:
    result = CliRunner().invoke(cli, ["clean", str(CORPUS / "000_392cb21f471fdf05.txt"), "--report"])
    head = result.stderr.splitlines()[0]
    assert head.endswith("mojibake repaired 0 line(s)") and "{}" not in head


def test_refs_of_a_law_the_edition_lacks_is_not_found_as_show_says(seed_index: Path) -> None:
    assert_one_line_error(run(seed_index, "refs", "95", "--incoming"), 1)
    assert "no law 95" in run(seed_index, "refs", "95", "--incoming").stderr
    assert run(seed_index, "refs", "59", "--incoming").exit_code == 0  # the edition has 59: its citations


def test_show_in_english_without_english_text_exits_1_as_an_absent_law_does(seed_index: Path) -> None:
    english = run(seed_index, "show", "62", "--lang", "en")
    assert english.exit_code == 1 and "catalogue title only" in english.stdout
    assert run(seed_index, "show", "59").exit_code == 1
    assert run(seed_index, "show", "62", "--lang", "both").exit_code == 0


def test_a_huge_cite_is_cut_in_its_one_line_error(seed_index: Path) -> None:
    result = run(seed_index, "show", "1" * 5000)
    assert_one_line_error(result, 2)
    assert len(result.stderr) < 200


@pytest.mark.usefixtures("ru_ui")
def test_show_leaves_references_within_what_it_prints_out_of_see_also_and_cited_by(seed_index: Path) -> None:
    text = run(seed_index, "show", "21").stdout
    tail = text[text.rindex("См. также"):]
    assert "21B1" not in tail and "Ссылаются: 21B2" not in text and "17E" in tail


def test_show_source_of_a_law_prints_the_law_and_all_its_sections(seed_index: Path) -> None:
    text = run(seed_index, "show", "62", "--source").stdout
    assert text.startswith("000_392cb21f471fdf05.txt:21-29 (bytes 1430-2045)")
    assert "Правило 62. Исправление фальшренонса" in text and "и даёт любую карту в масть." in text
    import json

    items = json.loads(run(seed_index, "show", "26", "--source", "--json").stdout)
    items = items if isinstance(items, list) else [items]
    assert any("(*) - Если заявка была повторена" in row["text"] for item in items for row in item["lines"])


def test_link_reads_a_ruling_in_another_encoding(seed_index: Path, tmp_path: Path) -> None:
    ruling = tmp_path / "ruling.txt"
    ruling.write_bytes("См. правило 62B\n".encode("cp1251"))
    refused = run(seed_index, "link", str(ruling), "--format", "text")
    assert_one_line_error(refused, 2)
    assert "not UTF-8 text" in refused.stderr and "--encoding" in refused.stderr
    ok = run(seed_index, "link", str(ruling), "--format", "text", "--encoding", "cp1251")
    assert ok.exit_code == 0 and "4\t15\tправило 62B\t62B\texact\tlaws/62B" in ok.stdout
    assert_one_line_error(run(seed_index, "link", str(ruling), "--encoding", "nope"), 2)


def test_show_json_carries_what_show_knows_of_each_node(seed_index: Path) -> None:
    import json

    law = json.loads(run(seed_index, "show", "26", "--json").stdout)
    cut = law["children"][0]["children"][1]
    assert (cut["cite"], cut["cut_at_end"], cut["starts_after_gap"]) == ("26A2", True, False)
    assert [(r["from"], r["text"]) for r in law["incoming"]] == [
        ("laws/fragment@003_d6d1da8d5423a94e:65", "правило 26"), ("laws/fragment@003_d6d1da8d5423a94e:87", "правилом 26"),
        ("laws/36", "правилом 26")]
    fragment = json.loads(run(seed_index, "show", "laws/fragment@003_d6d1da8d5423a94e:83", "--json").stdout)
    assert fragment["likely_law"] == {"cite": None, "after": "26", "before": "35"}
    inferred = json.loads(run(seed_index, "show", "laws/fragment@003_d6d1da8d5423a94e:33", "--json").stdout)
    assert inferred["likely_law"] == {"cite": "20", "after": "20", "before": "21"}


def test_toc_lists_what_the_corpus_holds_and_the_laws_it_lacks(seed_index: Path) -> None:
    import json

    lines = run(seed_index, "toc").stdout.splitlines()
    assert lines[0].startswith("laws — Международные правила") and "(edition 1997)" in lines[0]
    assert "  1  The Pack - Rank of Cards and Suits  [absent]" in lines
    assert "        17  Продолжительность торговли — Duration of the Auction  p. 47" in lines
    assert "  20  Review and Explanation of Calls  p. 51  [lost pages]" in lines
    assert any(line.strip().startswith("фрагмент, стр. 59, после правила 26  [fragment]") for line in lines)
    assert lines.index("  16  Unauthorized Information  [absent]") < lines.index("  Глава V ТОРГОВЛЯ  The Auction  p. 47")
    data = json.loads(run(seed_index, "toc", "--doc", "commentary", "--json").stdout)["contents"]
    assert data[0] | {"title_en": None} == {"id": "commentary/45", "doc": "commentary", "kind": "law", "cite": "45",
                                           "label": "45", "title": None, "title_en": None, "page": None,
                                           "status": "lost pages", "depth": 0}
    assert data[2]["cite"] == "45.4" and data[2]["title"].startswith("Заметьте, что Правила")
    one = run(seed_index, "toc", "--law", "59")
    assert one.exit_code == 1 and "59  Inability to Lead or Play as Required  [absent]" in one.stdout
    assert [e["cite"] for e in json.loads(run(seed_index, "toc", "--law", "62", "--json").stdout)["contents"]] == [
        "62", "62A", "62B"]


@pytest.mark.usefixtures("ru_ui")
def test_show_page_prints_what_the_scrape_kept_of_a_printed_page(seed_index: Path) -> None:
    import json

    page = run(seed_index, "show", "--page", "59")
    assert page.exit_code == 0 and page.stdout.startswith("— стр. 59 — [laws: 003_d6d1da8d5423a94e.txt]")
    assert "[фрагмент, стр. 59, после правила 26] A. До того, как любой игрок сделал назначение" in page.stdout
    assert "Правило 35" not in page.stdout  # page 63
    nodes = json.loads(run(seed_index, "show", "--page", "59", "--json").stdout)
    assert {n["page"] for n in nodes} == {59} and all(n["kind"] == "fragment" for n in nodes)
    lost = run(seed_index, "show", "--page", "58")
    assert_one_line_error(lost, 1)
    assert "47, 51, 55, 59" in lost.stderr
    assert_one_line_error(run(seed_index, "show"), 2)
    assert_one_line_error(run(seed_index, "show", "62", "--page", "89"), 2)


@pytest.mark.usefixtures("ru_ui")
def test_show_of_a_fragment_names_its_neighbours(seed_index: Path) -> None:
    text = run(seed_index, "show", "фрагмент, стр. 59, после правила 26").stdout
    assert text.rstrip().endswith("Рядом: перед ним 26A2 (стр. 55); после него фрагмент, стр. 59, после правила 26 "
                                  "(2) (стр. 59)")
    assert "Рядом" not in run(seed_index, "show", "62").stdout


def test_shell_completion_offers_the_cites_of_the_index(seed_index: Path, tmp_path: Path) -> None:
    def complete(words: str, cword: int) -> list[str]:
        env = {"_LAWREF_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
        return CliRunner().invoke(cli, [], env=env, prog_name="lawref").stdout.split()

    assert complete(f"lawref --index {seed_index} show 62", 4) == ["plain,62", "plain,62A", "plain,62B"]
    assert complete(f"lawref --index {seed_index} show 62в", 4) == ["plain,62B"]  # a Cyrillic look-alike
    assert complete(f"lawref --index {seed_index} refs 45.", 4)[:2] == ["plain,45.4", "plain,45.5"]
    assert complete(f"lawref show 62 --index {seed_index}", 2) == ["plain,62", "plain,62A", "plain,62B"]
    assert complete(f"lawref show --index={seed_index} 62", 3) == ["plain,62", "plain,62A", "plain,62B"]
    missing = tmp_path / "none"
    assert complete(f"lawref --index {missing} show 6", 4) == [] and not missing.exists()  # never builds


# -- reading comfort --------------------------------------------------------------------


def test_matches_are_coloured_for_a_terminal_and_bracketed_elsewhere(seed_index: Path) -> None:
    coloured = run(seed_index, "search", "взятка", "--limit", "1", env={"FORCE_COLOR": "1", "NO_COLOR": None})
    assert "\x1b[1;33mвзятку\x1b[0m" in coloured.stdout and "⟦" not in coloured.stdout  # 65A: «во взятку»
    plain = run(seed_index, "search", "взятка", "--limit", "1", env={"FORCE_COLOR": None, "NO_COLOR": None})
    assert "⟦взятку⟧" in plain.stdout and "\x1b" not in plain.stdout  # off a terminal: as programs read it
    no_color = run(seed_index, "search", "взятка", "--limit", "1", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "⟦взятку⟧" in no_color.stdout and "\x1b" not in no_color.stdout


def test_the_more_line_says_what_the_limit_left_out() -> None:
    from lawref.cli import more_line

    assert more_line(23, 10) == "10 of 23 hits; 13 more — use --limit 23"
    assert more_line(3, 10) == "3 hits"
    assert more_line(1000, 10) == "10 of 1000+ hits; 990+ more — use --limit 1000"


@pytest.mark.usefixtures("ru_ui")
def test_show_plain_is_the_law_s_words_for_a_ruling_and_pages_are_named(seed_index: Path) -> None:
    full = run(seed_index, "show", "26").stdout
    plain = run(seed_index, "show", "26", "--plain").stdout
    assert full.splitlines()[0].endswith("— по-английски: Call Withdrawn, Lead Penalties")  # a Russian user
    assert "стр. 55]" in full.splitlines()[1] and "A. Заявка касалась определённой масти  (стр. 55)" in full
    assert plain.splitlines()[0] == "Правило 26. Ограничения на ход после отменённой заявки"
    assert "Law 26" not in plain and "редакция" not in plain and "Ссылаются" not in plain and "См. также" not in plain
    assert "[текст обрывается: продолжение на странице, которой нет в скане]" in plain  # the marks stay: honest


def _tmux(*args: str) -> str:
    import subprocess

    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=30,
                          env={**__import__("os").environ, "LANG": "C.UTF-8"}).stdout


def _screen(session: str, want: str, seconds: float = 30.0) -> str:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = _tmux("capture-pane", "-p", "-e", "-t", session)
        if want in text:
            return text
        time.sleep(0.2)
    raise AssertionError(f"{want!r} never appeared on the screen:\n{text}")


@pytest.fixture
def tmux_session(seed_index: Path) -> Any:
    import os
    import shutil
    import sys

    if not shutil.which("tmux"):
        if os.environ.get("LAWREF_TERMINAL_TESTS") == "1":
            pytest.fail("LAWREF_TERMINAL_TESTS=1 but tmux is not installed")
        pytest.skip("tmux is not installed")
    name = f"lawref-test-{os.getpid()}"
    base = f"{sys.executable} -m lawref --corpus {CORPUS} --index {seed_index}"

    def start(command: str, width: int = 60, height: int = 20) -> str:
        _tmux("kill-session", "-t", name)
        _tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
              f"env LANG=C.UTF-8 TERM=xterm-256color PAGER= LESS= {base} {command}; sleep 60")
        return name

    yield start
    _tmux("kill-session", "-t", name)


def test_show_in_a_real_terminal_is_wrapped_to_it_and_paged(tmux_session: Any) -> None:
    session = tmux_session("show 62 --no-pager")
    screen = _screen(session, "Для исправления")
    lines = [line for line in screen.splitlines() if line.strip()]
    assert lines[0].startswith("Правило 62. Исправление") and all(len(line) <= 60 for line in lines)
    assert "Для исправления фальшренонса нарушитель отменяет" in screen  # wrapped at a word, not cut
    session = tmux_session("show 72")  # longer than 20 lines: less shows the first screen and waits
    screen = _screen(session, "Правило 72")
    assert screen.rstrip().endswith(":") and "81C8" not in screen  # less waits; the end is on a later screen
    _tmux("send-keys", "-t", session, "G")
    assert "81C8" in _screen(session, "81C8")


def test_search_in_a_real_terminal_colours_matches_and_says_how_many_more(tmux_session: Any) -> None:
    session = tmux_session("search взятка --limit 3", width=100, height=30)
    screen = _screen(session, "more — use --limit")
    assert "\x1b[33m" in screen and "[взятки]" not in screen  # capture-pane -e keeps the colours (bold, yellow)
    assert "3 of 23 hits; 20 more — use --limit 23" in screen


def test_the_build_s_progress_moves_by_bytes_within_a_file_too(tmp_path: Path) -> None:
    """One big file used to build with no progress (the bar moved per file):
    now it moves after reading, after each clean step and after parsing."""
    from lawref.corpus import build_corpus

    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "laws.txt").write_bytes((CORPUS / "003_d6d1da8d5423a94e.txt").read_bytes())
    seen: list[tuple[str, int, int]] = []
    build_corpus(folder, version="t", progress=lambda name, done, total: seen.append((name, done, total)))
    size = (folder / "laws.txt").stat().st_size
    dones = [d for _, d, _ in seen]
    assert {t for _, _, t in seen} == {size} and dones == sorted(dones)
    assert len(set(dones)) > 15 and dones[0] == 0 and 0.9 * size < dones[-1] <= size


# -- one language per user ---------------------------------------------------------------


@pytest.mark.parametrize(("env", "want"), [
    ({}, "en"), ({"LANG": "C"}, "en"), ({"LANG": "ru_RU.UTF-8"}, "ru"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"), ({"LC_MESSAGES": "en_US", "LANG": "ru_RU"}, "en"),
    ({"LAWREF_UI": "ru", "LANG": "C"}, "ru"), ({"LAWREF_UI": "xx", "LANG": "ru_RU"}, "ru"), ({"LANG": "de_DE"}, "en"),
])
def test_the_language_follows_the_locale_and_ui_overrides_it(env: dict[str, str], want: str) -> None:
    from lawref.i18n import ui_language

    assert ui_language(env) == want


def test_a_russian_locale_gets_russian_messages_and_words_and_c_gets_english(seed_index: Path) -> None:
    ru = {"LAWREF_UI": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "ru_RU.UTF-8"}
    c = {**ru, "LANG": "C"}
    assert "нет в корпусе; в редакции 1997 нет правила 95" in run(seed_index, "show", "95", env=ru).stderr
    assert "is not in this corpus; the 1997 edition has no law 95" in run(seed_index, "show", "95", env=c).stderr
    assert "См. также: 17E, 16C (нет в корпусе)" in run(seed_index, "show", "21", env=ru).stdout
    english = run(seed_index, "show", "21", env=c).stdout
    assert "See also: 17E, 16C (not in the corpus)" in english
    assert english.startswith("Правило 21. Заявка, основанная на заблуждении")  # the law's own heading stays
    assert "это не ссылка на правило" in run(seed_index, "--ui", "ru", "show", "abc", env=c).stderr
    assert "not a law cite" in run(seed_index, "show", "abc", "--ui", "en", env=ru).stderr  # --ui after the command


def test_every_message_the_code_says_has_its_russian_and_the_catalogue_is_compiled() -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "scripts" / "i18n.py"), "--check"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_help_and_click_s_own_words_follow_the_language(seed_index: Path) -> None:
    ru = {"LAWREF_UI": None, "LC_ALL": None, "LC_MESSAGES": None, "LANGUAGE": None, "LANG": "ru_RU.UTF-8"}
    text = CliRunner().invoke(cli, ["search", "--help"], env=ru, prog_name="lawref").stdout
    assert text.startswith("Использование: lawref search") and "Синтаксис запроса" in text
    assert "Показать эту справку и выйти." in text and "Show this message" not in text
    english = CliRunner().invoke(cli, ["--ui", "en", "search", "--help"], env=ru, prog_name="lawref").stdout
    assert english.startswith("Usage: lawref search") and "QUERY syntax" in english
    bad = CliRunner().invoke(cli, ["show", "62", "--bogus"], env=ru)
    assert bad.exit_code == 2 and bad.stderr.strip() == "lawref: Нет такой опции '--bogus'."
    again = CliRunner().invoke(cli, ["show", "62", "--bogus"], env={**ru, "LANG": "C"})  # nothing carried over
    assert again.stderr.strip() == "lawref: No such option '--bogus'."


def test_every_help_text_has_its_russian() -> None:
    import inspect

    from lawref.i18n import _catalogue

    ru = _catalogue("ru")
    commands = [cli.get_command(click.Context(cli), n) for n in cli.list_commands(click.Context(cli))]
    objs = [cli, *cli.params, *commands, *(p for c in commands if c for p in c.params)]
    texts = [o.__dict__.get("_help_en", getattr(o, "help", None)) for o in objs]  # the English originals
    missing = [t for t in {inspect.cleandoc(t) for t in texts if t} if ru.gettext(t) == t]
    assert missing == []


def test_query_words_and_a_cite_need_no_quotes(seed_index: Path) -> None:
    words = run(seed_index, "search", "взятка", "фальшренонс", "--limit", "1")
    quoted = run(seed_index, "search", "взятка фальшренонс", "--limit", "1")
    assert words.exit_code == 0 and words.stdout == quoted.stdout
    assert run(seed_index, "show", "Law", "62", "B").stdout == run(seed_index, "show", "62B").stdout


@pytest.mark.usefixtures("ru_ui")
def test_show_names_a_missing_law_s_fragments_as_people_are_shown_them(seed_index: Path) -> None:
    text = run(seed_index, "show", "59").stdout
    assert "фрагмент, стр. 77, после правила 47; фрагмент, стр. 77, после правила 47 (2)]" in text
    assert "laws/fragment@" not in text
    assert run(seed_index, "check").stdout.startswith("частично: 8")
    assert "Недопустимое значение для '--lang': 'de' — не из 'ru', 'en', 'both'." in run(
        seed_index, "show", "62", "--lang", "de").stderr


def test_version_speaks_the_user_s_language_too() -> None:
    from lawref import __version__

    ru = CliRunner().invoke(cli, ["--version"], env={"LAWREF_UI": "ru"})
    assert ru.exit_code == 0 and ru.stdout.strip() == f"lawref, версия {__version__}"
    assert CliRunner().invoke(cli, ["--ui", "en", "--version"]).stdout.strip() == f"lawref, version {__version__}"


def test_show_of_a_subsection_names_the_section_it_stands_in(seed_index: Path) -> None:
    """26A2 under «A. …», so it is not read as a subsection of another section."""
    lines = run(seed_index, "show", "26A2").stdout.splitlines()
    assert lines[3] == "A. Заявка касалась определённой масти" and lines[5].startswith("2. Масть не специфицирована")
    assert "Если отменённая заявка касалась" not in "\n".join(lines)  # the section's own text is not repeated


def test_a_wrapped_search_header_goes_on_under_its_snippet() -> None:
    from lawref.terminal import wrap

    header = "62B        Исправление фальшренонса | Correcting a Revoke  (laws; 12.08)"
    lines = wrap(header, 40, hang=11).splitlines()
    assert lines[0].startswith("62B") and all(line.startswith(" " * 11) for line in lines[1:])
    assert " ".join(" ".join(lines).split()) == " ".join(header.split())  # no word lost or cut
    assert wrap("  indented text that is long enough to wrap", 20, hang=11).splitlines()[1].startswith("  i")


def test_a_search_line_pasted_whole_into_show_shows_its_node(seed_index: Path) -> None:
    line = "фрагмент правила 43, стр. 69 (3) Спрашивает разыгрывающего о возможном нарушении"
    pasted, labelled = run(seed_index, "show", line), run(seed_index, "show", "фрагмент правила 43, стр. 69 (3)")
    assert pasted.exit_code == 0 and pasted.stdout == labelled.stdout
    assert run(seed_index, "show", "abc", "def").exit_code == 2  # words that start no label: still not a cite


def test_a_fragment_s_long_label_is_set_off_from_its_titles() -> None:
    # a new user read «фрагмент правила 64, стр. 89 Law 64: …» as one run of words
    from lawref.export.text import hit_lines
    from lawref.results import Hit, HitShown

    hit = Hit(id="laws/fragment@000_392cb21f471fdf05:31", cite=None, doc="laws", kind="fragment", title=None,
              page=89, score=4.11, snippet="…", marks=())
    short = Hit(id="laws/62B", cite="62B", doc="laws", kind="section", title="Исправление фальшренонса",
                page=None, score=1.0, snippet="…", marks=())
    fragment, section = hit_lines([HitShown(hit, "фрагмент правила 64, стр. 89", None, "64", "Procedure after "
                                            "Establishment of a Revoke"), HitShown(short, "62B", "Correcting a Revoke")])[::2]
    assert fragment.startswith("фрагмент правила 64, стр. 89 — Law 64: Procedure after Establishment of a Revoke  (")
    assert section.startswith("62B        Исправление фальшренонса | Correcting a Revoke  (")
