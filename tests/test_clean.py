"""clean on the real seeds: every artifact kind, before → after, with the seed
line it comes from; the report counts; idempotence."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeds import seed_lines, seed_text

from lawref.ingest.clean import clean, detect_style, join_words, render
from lawref.ingest.state import Ctx


def cleaned(number: str):
    return clean(seed_text(number))


def texts(number: str) -> list[str]:
    return [p.text for p in cleaned(number).paragraphs]


def para(number: str, startswith: str):
    found = [p for p in cleaned(number).paragraphs if p.text.startswith(startswith)]
    assert len(found) == 1, f"{startswith!r}: {len(found)} paragraphs"
    return found[0]


# (seed, raw line(s) as printed, the clean paragraph it must become, exactly)
PARAGRAPHS = [
    # line-end hyphenation (перенос) in hard-wrapped text, 000:6-12
    ("000", "Недавание в масть в соответствии с прави-/лом 44",
     "Недавание в масть в соответствии с правилом 44, или неигра картой, которая должна быть сыграна по "
     "правилам или назначена оппонентом согласно наложенному наказанию, при наличии такой карты "
     "квалифицируется как фальшренонс (но см. правило 59 для случая неспособности исполнить наказание)."),
    # underline glued before a title line, 000:2-4
    ("000", "Недавание в масть - расспросы / ---- относительно фальшренонса",
     "Недавание в масть - расспросы относительно фальшренонса"),
    # hyphenated heading continued on the next line, 000:44-45
    ("000", "B.Сохранение информации о принадлежности взя-/ток",
     "B.Сохранение информации о принадлежности взяток"),
    ("000", "4.Осуществление ненарушившей стороной ле-/гального выбора",
     "4.Осуществление ненарушившей стороной легального выбора"),
    # glued page marker, 001:73
    ("001", "- 77 при первой легальной возможности",
     "при первой легальной возможности - и при ходе, и при давании в масть, и при проносе или убитке. Если "
     "вистующий имеет 2 или более штрафных карт, которые могут быть легально сыграны, разыгрывающий может "
     "указать, какая из них должна быть сыграна. Обязанность давать в масть или выполнять ограничения на ход "
     "или игру имеет приоритет перед обязанностью играть старшей штрафной картой, но штрафная карта должна "
     "оставаться открытой на столе и быть сыграна при следующей легальной возможности."),
    # heading cut across two paragraphs between words, 001:13-15
    ("001", "(A).Привлекает внимание к нарушению со // стороны вистующего",
     "(A).Привлекает внимание к нарушению со стороны вистующего"),
    # ?-run between a heading and section A on one line, 001:29
    ("001", "Правило 44. Последовательность и процедура игры ???…??? A.Ход во взятку",
     "Правило 44. Последовательность и процедура игры"),
    ("001", "… ??? A.Ход во взятку", "A.Ход во взятку"),
    # heading glued after a sentence end, 001:31
    ("001", "… стороной). B.Последующая игра во взятку", "B.Последующая игра во взятку"),
    # footnote after a ?-separator, 001:9
    ("001", "??? (*) - Во время торговли …",
     "(*) - Во время торговли и розыгрыша игрок не имеет права на какую-либо помощь своей памяти, счёту "
     "или технике."),
    # title continued after a ?-run, 003:69
    ("003", "Правило 26.Ограничения на ход после отменённой ???…??? заявки",
     "Правило 26.Ограничения на ход после отменённой заявки"),
    # ?-run at the start of a line, 003:71
    ("003", "?????? Когда заявка нарушителя отменена, …",
     "Когда заявка нарушителя отменена, и он избрал другую(*) финальную заявку на этом круге, то в случае, "
     "если он становится вистующим:"),
    # word cut by a break with no hyphen, 003:39-41 and 003:97-99
    ("003", "… со сто // роны оппонента", "B.Заявка, основанная на дезинформации со стороны оппонента"),
    ("003", "(B).Действия, разрешённые партнёру наруши // теля", "(B).Действия, разрешённые партнёру нарушителя"),
    # glued page marker before a heading and before a sentence tail, 003:83, 003:109
    ("003", "- 59 A.До того, как любой игрок сделал назначение", "A.До того, как любой игрок сделал назначение"),
    ("003", "- 63 ли, то он по-прежнему …", "ли, то он по-прежнему должен пасовать на последующих кругах."),
    # all-caps law title continued on the next line, 004:76-77
    ("004", "Правило 46. НЕПОЛНОЕ/ОШИБОЧНОЕ НАИМЕНОВАНИЕ КАРТЫ / БОЛВАНА¶",
     "Правило 46. НЕПОЛНОЕ/ОШИБОЧНОЕ НАИМЕНОВАНИЕ КАРТЫ БОЛВАНА"),
    # commentary paragraph starting on a new line without a pilcrow before it, 004:6-7
    ("004", "… описанной в 45.2. / 45.5. Изменение …",
     "45.4. Заметьте, что Правила предполагают, что карты, указанные в 45.3., должны быть сыграны в манере, "
     "описанной в 45.2."),
    # duplicated emphasis lines dropped, 004:14-26
    ("004", "Примечание: … / Примечание: / … / случайно / случайно / … попытается / попытается",
     "Примечание: мы рекомендуем, когда разыгрывающий собирается играть со стола и случайно обозначает не ту "
     "карту, считать достаточным, если он во-время, без паузы для раздумий, только попытается сменить свое "
     "обозначение. Должно быть ясно, что он хочет сменить обозначение, и первое обозначение должно быть "
     "случайным - замена не должна быть понята, как смена мнения. Например, когда разыгрывающий назвал карту "
     "со стола, когда ход был с его собственной руки, это не может трактоваться как случайность."),
]


@pytest.mark.parametrize(("seed", "raw", "expected"), PARAGRAPHS, ids=[r[1][:40] for r in PARAGRAPHS])
def test_seed_artifact_becomes_exact_clean_paragraph(seed: str, raw: str, expected: str) -> None:
    assert expected in texts(seed)


# (seed, text that must not survive anywhere in the clean paragraphs)
GONE = [
    ("000", "ТОП авторов"),            # site chrome, 000:1
    ("001", "неизвестен Автор"),       # book title (metadata), 001:1
    ("003", "Неизвестен Автор"),
    ("000", "1 2 3 4 5 6"),            # pager, 000:142
    ("004", "1 2 3 4 5 6"),            # pager, 004:114
    ("000", "- 89 -"),                 # page marker, 000:30
    ("001", "- 69"),
    ("004", "..page"),                 # reader marker, 004:75
    ("004", "¶"),                      # pilcrow
    ("000", "---"),                    # underline, 000:22
    ("003", "=="),                     # underline, 003:15
    ("001", "??"),                     # lost box drawing, 001:9
    ("003", "??"),
    ("000", "прави-"),                 # перенос, 000:6
    ("000", "взя-"),
    ("004", "случайно случайно"),      # emphasis duplicates, 004:17-18
    ("004", "попытается попытается"),
    ("004", "мог мог"),
    ("004", "Примечание: Примечание:"),
]


@pytest.mark.parametrize(("seed", "gone"), GONE)
def test_artifact_is_removed_from_clean_text(seed: str, gone: str) -> None:
    joined = "\n".join(texts(seed))
    assert gone not in joined
    words_only = re.sub(r"\s+", " ", joined)
    assert gone not in words_only


def test_book_title_line_is_kept_as_metadata() -> None:
    assert cleaned("001").report.title == "Все о Бридже"
    assert cleaned("003").report.title == "Все о Бридже"


def test_repeated_pages_of_000_are_dropped_once_and_counted() -> None:
    c = cleaned("000")
    # 000:143-281 repeat 000:3-141 (the copy starts one line later)
    assert c.report.count("drop_repeated_pages") == len(range(143, 282))
    assert c.report.count("drop_repeated_pages:paragraphs") == 47
    rec = next(p for p in c.report.passes if p.name == "drop_repeated_pages")
    assert rec.examples == ("lines 143–281 repeat lines 3–141",)
    joined = "\n".join(texts("000"))
    assert joined.count("Игрок должен исправить фальшренонс") == 1
    assert joined.count("Выбор, осуществляемый нарушителем") == 1
    assert all(max(p.lines) <= 141 for p in c.paragraphs)


def test_page_markers_set_the_printed_page_of_what_follows() -> None:
    assert para("000", "включая случаи, не влекущие наказания").page == 89
    assert para("000", "Правило 69.").page == 93
    assert para("000", "Правило 62.").page is None  # no marker before the first page
    assert para("001", "при первой легальной возможности").page == 77
    assert para("003", "A.До того, как любой игрок").page == 59
    assert para("003", "ли, то он по-прежнему").page == 63


def test_pages_after_a_gap_are_not_contiguous() -> None:
    # only every fourth page was scraped: 47, 51, 55 ...
    assert not para("003", "2.Во время розыгрыша").contiguous
    assert para("003", "2.Во время розыгрыша").page_seq != para("003", "Правило 17.").page_seq


def test_footnote_has_its_own_role_and_its_marker_stays_in_the_text() -> None:
    note = para("001", "(*) - Во время торговли")
    assert note.role == "footnote"
    assert para("001", "Во время торговли и розыгрыша любой игрок").text.endswith("но не к своей(*).")


def test_spaced_dash_and_real_hyphenated_words_stay() -> None:
    joined = "\n".join(texts("000") + texts("003") + texts("004"))
    assert "Недавание в масть - расспросы" in joined
    assert "по-прежнему" in joined
    assert "во-время" in joined


@pytest.mark.parametrize(
    ("head", "tail", "expected"),
    [
        ("сыграть по-", "прежнему", "сыграть по-прежнему"),   # hyphenated word keeps its hyphen
        ("из-", "за нарушения", "из-за нарушения"),
        ("какой-", "либо", "какой-либо"),
        ("с прави-", "лом 44", "с правилом 44"),              # 000:6-7
        ("взя-", "ток", "взяток"),                            # 000:44-45
        ("Северо-", "Запад", "Северо-Запад"),                 # capital after the hyphen: a compound
    ],
)
def test_line_end_hyphen_is_decided_by_the_lexicon(head: str, tail: str, expected: str) -> None:
    joined, _ = join_words(head, tail, Ctx(), hyphen=True)
    assert joined == expected


def test_page_break_cut_joins_only_what_the_lexicon_knows() -> None:
    ctx = Ctx()
    assert join_words("со сто", "роны", ctx, hyphen=False)[0] == "со стороны"
    assert join_words("наруши", "теля", ctx, hyphen=False)[0] == "нарушителя"
    assert join_words("к нарушению со", "стороны", ctx, hyphen=False)[0] == "к нарушению со стороны"
    assert join_words("о возможном", "нарушении", ctx, hyphen=False)[0] == "о возможном нарушении"


def test_provenance_lines_follow_joins_and_splits() -> None:
    head = para("003", "B.Заявка, основанная на дезинформации")
    assert head.lines == (39, 41)
    assert seed_lines("003")[38].endswith("B.Заявка, основанная на дезинформации со сто")
    body = para("000", "Недавание в масть в соответствии")
    assert body.lines == tuple(range(6, 13))
    assert len(body.starts) == len(body.lines)
    # each raw line's first word is at its recorded offset
    for line_no, start in zip(body.lines, body.starts, strict=True):
        first = seed_lines("000")[line_no - 1].split()[0].rstrip("-")
        assert body.text[start:].startswith(first), (line_no, first)


def test_layout_style_is_detected_per_file() -> None:
    assert detect_style(seed_text("000")) == "wrapped"
    assert detect_style(seed_text("004")) == "wrapped"
    assert detect_style(seed_text("001")) == "blank-separated"
    assert detect_style(seed_text("003")) == "blank-separated"


def test_report_records_every_pass_in_order_with_examples() -> None:
    rep = cleaned("004").report
    names = [p.name for p in rep.passes]
    assert names[:16] == ["drop_export_marks", "split_pilcrows", "split_glued_headings", "strip_box_borders",
                          "strip_mail_quotes", "split_flat_rows", "drop_other_language", "drop_other_script",
                          "strip_list_bullets",
                          "strip_rules", "strip_rules:qmarks", "strip_rules:lost", "drop_chrome", "drop_leader_lists", "drop_pagers", "drop_repeated_pages"]
    assert rep.count("drop_emphasis_duplicates") == 7  # 004:15,17,18,21,22,72,73
    assert rep.count("split_pilcrows") > 0
    emphasis = next(p for p in rep.passes if p.name == "drop_emphasis_duplicates")
    assert len(emphasis.examples) == 2


@pytest.mark.parametrize("seed", ["000", "001", "003", "004"])
def test_clean_is_idempotent_on_each_seed(seed: str) -> None:
    once = render(cleaned(seed))
    assert render(clean(once)) == once


_SEED_LINES = [line for n in ("000", "001", "003", "004") for line in seed_lines(n)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_SEED_LINES), min_size=1, max_size=40), st.sampled_from(["\n", "\n\n"]))
def test_clean_is_idempotent_on_shuffled_seed_lines(lines: list[str], sep: str) -> None:
    once = render(clean(sep.join(lines)))
    assert render(clean(once)) == once


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("абвгде АВС.-?*()¶\n 12:;=Правило"), max_size=200))
def test_clean_never_raises_and_is_idempotent_on_arbitrary_text(text: str) -> None:
    once = render(clean(text))
    assert render(clean(once)) == once


@pytest.mark.parametrize(
    ("heading", "is_heading"),
    [
        ("Правило 62. Исправление фальшренонса", True),     # 000:21
        ("Правило 26.Ограничения на ход", True),             # 003:69
        ("ПРАВИЛО 62. ИСПРАВЛЕНИЕ ФАЛЬШРЕНОНСА", True),      # other sites print headings in capitals
        ("Правило 62 - Исправление фальшренонса", True),
        ("Правило 46 старается расставить сеть", False),     # 004:80-81 wrapped text
        ("Правило 47 дает право его оппоненту", False),      # 004:108
        ("ГЛАВА V - ТОРГОВЛЯ", True),
    ],
)
def test_law_heading_forms(heading: str, is_heading: bool) -> None:
    assert Ctx().is_heading(heading) is is_heading


def test_a_table_row_of_small_numbers_is_not_a_pager() -> None:
    text = "1 2 3 4 5 6 7\n\n" + " ".join(str(n) for n in range(1, 48)) + "\n"
    assert texts_of(text) == ["1 2 3 4 5 6 7"]


def texts_of(text: str) -> list[str]:
    return [p.text for p in clean(text).paragraphs]


_SOUP = ["Правило 62. ", "Правило", "A.", "B.", "1.", "(A).", "(1).", "- 89 -", "- 90", "¶", "???", "?? ??", "----",
         "== ==", "(*) - ", "(*)", "сто", "роны", "наруши", "теля", "прави-", "лом", "по-", "прежнему", "случайно",
         "Примечание:", "45.4. ", "..page3", "1 2 3 4 5 6 7 8 9 10 11", "Глава V - ТОРГОВЛЯ", "текст", "Текст", ".",
         ",", " ", "\n", "\n\n", "-", "1", "LAW 62 - X", "A. Title", "(a) ", "58", "xii",
         # the layouts of issue 10
         "Стр. 89", "[73]", "89", "- 2 карты", "?AK", "????", "держит", "A. Информация", "фальшренонсе",
         "когда нарушитель;", "ПРАВИ-", "ЛОМ", "61-", "64", "одно-", "и двухмастных", "(DC4)",
         "А Б В Г Д Е Ж З И К Л М Н О П Р AZ", "1 2 3 ... 46", "Все о Бридже", "Глава VI. Розыгрыш"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_SOUP), max_size=40), st.sampled_from(["ru", "en"]))
def test_clean_is_idempotent_on_artifact_soup_in_both_languages(parts: list[str], lang: str) -> None:
    text = "".join(parts)
    once = render(clean(text, lang=lang))
    assert render(clean(once, lang=lang)) == once


def test_a_word_cut_across_contiguous_pages_is_joined_but_not_across_a_gap() -> None:
    text = ("- 88 -\nИгрок должен исправить фальшренонс, если он осознал своё наруше-\n- 89 -\n"
            "ние до его выявления.\n- 91 -\nли, то он по-прежнему должен пасовать.\n")
    paras = clean(text).paragraphs
    assert [p.text for p in paras] == [
        "Игрок должен исправить фальшренонс, если он осознал своё нарушение до его выявления.",
        "ли, то он по-прежнему должен пасовать.",  # page 91 does not follow 89: nothing is joined
    ]
    assert paras[0].lines == (2, 4) and paras[0].page == 88


@pytest.mark.parametrize(("raw", "clean_text"), [
    ("держит ?????? слово", "держит [??????] слово"),  # a run kept as lost letters is never split again
    ("А\n??1", "А [??]1"),                               # glued to the word it starts: that word's letters
    ("А\n??????Когда", "А [??????]Когда"),
    ("?????? Когда", "Когда"),                           # 003:71: a run standing apart at a line's start is a rule
])
def test_lost_question_marks_are_marked_once_and_stay_whole(raw: str, clean_text: str) -> None:
    """Found by the idempotence property: a run at a line's start that reflow
    joins to the line before was marked only by a second clean, and a marked
    run of 4–7 was split into ``[?`` … ``?]`` by the rule pass."""
    once = render(clean(raw))
    assert once.strip() == clean_text and render(clean(once)) == once


def test_a_page_marker_inside_a_repeated_hyphenated_pair_is_cleaned_the_same_twice() -> None:
    # found by the shuffled-lines property (seed 8): the first clean joined ``за-`` ⏎ ``сыграна`` on one page,
    # so the second knew ``засыграна`` and joined it across the page marker too; now both know it
    lines = ["После любой претензии или уступки игра за-", "- 97 -", "сыграна по правилам или назначена оппонентом со-",
             "После любой претензии или уступки игра за-", "сыграна по правилам или назначена оппонентом со-"]
    once = render(clean("\n".join(lines)))
    assert render(clean(once)) == once


def test_the_docs_list_the_clean_steps_in_the_order_they_run() -> None:
    import re
    from pathlib import Path

    from lawref.ingest.clean import DEFAULT_STEPS

    doc = (Path(__file__).resolve().parents[1] / "docs" / "reading.md").read_text(encoding="utf-8")
    table = doc[doc.index("| step (in order) |"):]
    listed = re.findall(r"^   \| `([a-z_]+)`", table[: table.index("\n\n")], re.M)
    assert listed == list(DEFAULT_STEPS)


@pytest.mark.parametrize(("text", "want"), [
    # issue 23, item 7: particles -либо, -нибудь after a перенос are one word with their hyphen
    ("Если игрок сделал какой-\nлибо ход вне очереди, судья", "Если игрок сделал какой-либо ход вне очереди, судья"),
    ("если кто-\nнибудь из игроков", "если кто-нибудь из игроков"),
    ("он сыграл какую-\nлибо карту", "он сыграл какую-либо карту"),
    # a compound whose parts are words keeps its hyphen; a cut word is joined
    ("на столе красно-\nчёрная карта", "на столе красно-чёрная карта"),
    ("поднят сине-\nбелый флаг", "поднят сине-белый флаг"),
    ("по прави-\nлам игры", "по правилам игры"),
    # a suspended hyphen stays apart
    ("одно-\nи двухмастных", "одно- и двухмастных"),
])
def test_perenos_keeps_the_hyphen_of_particles_and_compounds(text: str, want: str) -> None:
    assert " ".join(p.text for p in clean(text).paragraphs) == want
