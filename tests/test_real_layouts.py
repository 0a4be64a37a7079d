"""Layouts of other sites' copies, in our own words (issue 23, items 2–7).

Each table holds inputs written in the layouts real pages showed — a title
run into its body, headings glued together, items in lower case, contents
lists, subject indexes, site chrome, running heads, pagers — and what the
tree must be. Every input also keeps every letter (the conservation check
runs on each) and gives no structure warning unless the table says so.
"""

from __future__ import annotations

import re
from dataclasses import asdict

import pytest

from lawref.conserve import balance
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.parse import classify, parse, wholly_quoted
from lawref.titles import title_end
from lawref.treecheck import check_tree


def build(text: str | bytes, *, kind: str = "laws", name: str = "f.txt", lang: str = "ru") -> tuple[list, list, object]:
    """``(nodes, findings, cleaned)`` of one raw file, the letters checked."""
    loaded = load(text.encode("utf-8") if isinstance(text, str) else text, name)
    cleaned = clean(loaded.text, loaded.line_numbers, lang=lang)
    nodes = list(parse(cleaned.paragraphs, doc="d", doc_kind=kind, file=name, lang=lang).nodes)
    assert not balance(loaded.text, nodes, cleaned.report)
    return nodes, check_tree(nodes, [asdict(d) for d in cleaned.report.dropped]), cleaned


def tree(text: str | bytes, **kw: str) -> list[tuple[str | None, str | None, str]]:
    nodes, findings, _ = build(text, **kw)
    assert not findings, findings
    return [(n.cite or n.kind, n.title, n.text) for n in nodes]


# ---------------------------------------------------------------- item 5: headings in layouts the seeds don't show

@pytest.mark.parametrize(("title", "end"), [
    ("ПРАВА СУДЬИ Судья вправе назначить компенсацию, если правила её не дают.", "ПРАВА СУДЬИ"),
    ("Право назначить компенсацию Судья может назначить её по своей инициативе.", "Право назначить компенсацию"),
    ("Право назначить компенсацию. Судья может назначить её по своей инициативе.", "Право назначить компенсацию."),
    ("Положение коробкиКоробка лежит в центре стола до конца сдачи.", "Положение коробки"),
    ("Порядок Каждый игрок кладёт свои карты рядом перед собой.", "Порядок"),
    ("Отказ от наказаний В турнирах игрок не может отказаться от наказания.", "Отказ от наказаний"),
    # a title's own capitalised word is no body: too short, no sentence, or a genitive after one word
    ("Обязанность вызвать Судью", None),
    ("Ход партнёра Болвана в его руку", None),
    ("Ход Болвана после окончания торговли и выхода", None),
    ("ЗАЯВКА В ТОРГОВЛЕ ПОСЛЕ ПАСА ПАРТНЁРА", None),
    ("Заявки вне очереди", None),
])
def test_where_a_title_run_into_its_body_ends(title: str, end: str | None) -> None:
    k = title_end(title)
    assert (title[:k].rstrip() if k is not None else None) == end


def test_headings_glued_together_are_split_at_the_case_change_and_the_label() -> None:
    got = tree("ПРАВИЛО 7. КОНТРОЛЬ КОРОБКИA. Положение коробкиКоробка стоит посреди стола, пока идёт сдача."
               "B. Карты в кармане1. Перед игройИгрок достаёт свои карты из кармана, что смотрит на него.\n")
    assert got == [
        ("7", "КОНТРОЛЬ КОРОБКИ", ""),
        ("7A", "Положение коробки", "Коробка стоит посреди стола, пока идёт сдача."),
        ("7B", "Карты в кармане", ""),
        ("7B1", "Перед игрой", "Игрок достаёт свои карты из кармана, что смотрит на него."),
    ]


@pytest.mark.parametrize("sep", ["\n", "\n\n"])
def test_a_law_heading_and_a_section_title_run_into_their_first_sentence(sep: str) -> None:
    got = tree(f"ПРАВИЛО 12. ПРАВА СУДЬИ Судья вправе назначить компенсацию, если правила её не дают.{sep}"
               f"A. Право назначить компенсацию Судья может назначить её сам, без просьбы игроков.{sep}")
    assert got == [("12", "ПРАВА СУДЬИ", "Судья вправе назначить компенсацию, если правила её не дают."),
                   ("12A", "Право назначить компенсацию", "Судья может назначить её сам, без просьбы игроков.")]


@pytest.mark.parametrize("sep", ["\n", "\n\n"])
def test_numbered_items_in_lower_case_after_a_lead_in(sep: str) -> None:
    got = tree(f"ПРАВИЛО 64. ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА{sep}A. Передача взяток{sep}Когда ренонс установлен:{sep}"
               f"1. и взятку с ренонсом взял нарушитель, ему передаётся одна взятка;{sep}"
               f"2. и взятку взял его партнёр, передаётся одна взятка.{sep}")
    assert got == [("64", "ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА", ""), ("64A", "Передача взяток", "Когда ренонс установлен:"),
                   ("64A1", None, "и взятку с ренонсом взял нарушитель, ему передаётся одна взятка;"),
                   ("64A2", None, "и взятку взял его партнёр, передаётся одна взятка.")]


def test_a_number_in_lower_case_with_no_lead_in_stays_text() -> None:
    got = tree("ПРАВИЛО 64. ПОСЛЕ УСТАНОВЛЕНИЯ РЕНОНСА\n\nA. Передача взяток\n\nВзятки передаются так.\n\n"
               "2. и далее по тексту без вводной строки.\n")
    assert [c for c, _, _ in got] == ["64", "64A"]


# ---------------------------------------------------------------- item 3: contents, lists of titles, subject indexes

LAW_AFTER = "\nПравило 53. Ход вне очереди принят\nA. Ход признан правильным\nЛюбой ход вне очереди можно принять.\n"


@pytest.mark.parametrize(("text", "what"), [
    # an entry a line, entries wrapped over two lines, a part heading and a law glued on one line
    ("Содержание\n2.Игра картой не принята................83 Часть III - ЗАПРЕТНЫЙ ХОД..........83 Правило 53. Ход "
     "вне очереди принят..........83\nA.Ход вне очереди, который признали\nправильным.........83\n"
     "B.Не тот защитник пошёл после\nневерного хода разыгрывающего....84\nC.Верный ход после неверного.....84\n",
     "table of contents"),
    # one paragraph a line, blank lines between, no title, a wrapped first entry
    ("(B).Нарушитель не держит карт в\n\nмасти хода........95\n\nНарушитель держит мало карт....95\n\n"
     "Определение претензии...................96\n\nОпределение уступки.....................97\n", "table of contents"),
    # headings with page numbers and no leaders
    ("Правило 40. Соглашения партнёров 61\nПравило 41. Начало розыгрыша 63\nПравило 42. Права болвана 64\n",
     "table of contents"),
    # a subject index: spaced title, a note under it, «=» entries with lists of laws, a term with no number
    ("П Р Е Д М Е Т Н Ы Й  У К А З А Т Е Л Ь\n\n(ссылки на номера правил)\n\nВзятка, отказ от = ..........63\n"
     "Болван - см.также Игра со стола;\n= ограничения прав .............43\nКарта, показанная = .........49, 50\n",
     "subject index"),
])
def test_a_contents_page_or_an_index_becomes_no_node_and_is_listed_as_what_it_is(text: str, what: str) -> None:
    nodes, findings, cleaned = build(text + LAW_AFTER)
    assert not findings, findings
    assert [(n.cite, n.text) for n in nodes if n.kind != "law"] == [
        ("53A", "Любой ход вне очереди можно принять.")]
    assert {n.page for n in nodes} == {None}  # no entry's number became a page
    listed = [d for d in cleaned.report.dropped if d.step == "drop_leader_lists"]
    assert listed and {d.reason for d in listed} == {what}
    assert "".join(d.text for d in listed).count("....") >= 3 or what == "table of contents"


def test_a_law_that_points_at_a_page_is_text_not_contents() -> None:
    got = tree("Правило 90. Процедурные наказания\nA. Полномочия судьи\nСм. таблицу на стр. ........ 45, "
               "а также правило 12.\n")
    assert got[-1] == ("90A", "Полномочия судьи", "См. таблицу на стр. ........ 45, а также правило 12.")


# ---------------------------------------------------------------- item 4: any site's chrome, by its shape

@pytest.mark.parametrize("chrome", [
    "https://shop.example.ru/catalog/divany/",
    "Электронная библиотека Example.Net",
    "Главная · Поиск книг · Поступления · Форумы · Ссылки",
    "- << Первая - « Предыдущая",
    "Следующая » - Последняя >>",
    "Автор: Неизвестен",
    "Жанр: Спорт",
    'Текст книги "Правила бриджа"',
    "Правила бриджа - читать онлайн бесплатно полную версию книги . Страница 23",
    "Example.Net / Спорт / Правила бриджа - Чтение (стр. 17)",
    "Читаем Правила бриджа полностью",
    "123456.fb2",
    "Версия для печати - буклет",
    "Добро пожаловать на наш сайт!",
    "Поиск по сайту",
    "+7 999 123 45 67",
    "You are here",
    # a law's page linking to the laws before and after it (a federation's page a law: it stayed in Law 83's text)
    "Law 82 - RECTIFICATION OF ERRORS OF PROCEDURE  Law 82 - RECTIFICATION OF ERRORS OF PROCEDUREtop of page "
    "Law 84 - RULINGS ON AGREED FACTS",
    "Правило 52. Отказ от хода  наверх  Правило 54. Открытый ход вне очереди",
    # a club's page: its menu between pipes over the text, its copyright line under it (a new user's page, issue 28:
    # the menu was kept as a fragment, the copyright line in the last law's text)
    "Бридж-клуб | Главная | Турниры | Правила | Форум",
    "© Бридж-клуб «Пример», все права защищены",
    "Copyright 2009 Example Bridge Club",
    "All rights reserved.",
    "» 12/03/2015, 18:40,  Игрок",  # a forum post's date, time and author over its text (a real forum's page)
    "Цитировать | Ответить | Пожаловаться",  # a forum post's links and its poster's card (a new user's page)
    "Сообщений: 152 | Зарегистрирован: 2019",
    "Форум клуба » Судейство » Тема: правила для обсуждения",  # a forum's breadcrumb
    "Перейти на страницу:", "Go to page:",  # a pager's label (a reading page's: it stayed in 79's commentary)
])
def test_a_site_line_is_chrome_by_its_shape(chrome: str) -> None:
    nodes, findings, cleaned = build(f"{chrome}\nПравило 53. Ход вне очереди принят\nA. Ход признан правильным\n"
                                     f"Любой ход вне очереди можно принять.\n{chrome}\n")
    assert not findings
    assert [(n.cite, n.title, n.text) for n in nodes] == [
        ("53", "Ход вне очереди принят", ""), ("53A", "Ход признан правильным", "Любой ход вне очереди можно принять.")]
    assert sum(1 for d in cleaned.report.dropped if d.step == "drop_chrome") == 2


def test_the_book_s_name_learnt_from_its_reading_line_is_chrome_and_a_file_name_is_cut_off() -> None:
    nodes, _, cleaned = build("Правила бриджа - Чтение (стр. 17)\nПравила бриджа\n321.fb2 продолжение текста с "
                              "прошлой страницы.\nПравило 53. Ход вне очереди принят\nЛюбой ход можно принять.\n")
    assert [(n.kind, n.text) for n in nodes if n.text] == [("fragment", "продолжение текста с прошлой страницы."),
                                                           ("law", "Любой ход можно принять.")]
    assert [d.text for d in cleaned.report.dropped] == ["Правила бриджа - Чтение (стр. 17)", "Правила бриджа",
                                                           "321.fb2 "]


def test_a_running_head_that_names_its_page_goes_even_printed_once_and_the_page_s_own_foot_too() -> None:
    # a book's text: the head after ``- 32 -`` names page 32 across a column gap; the head before it is the same words
    # without the number; the foot ``Стр. 32 из 40`` names the page it ends. The head stayed, the subsection after it
    # ran into it («… стр. 32 2. Пара …», 13B2 never made) and the foot was a page of unknown number with a warning
    nodes, findings, cleaned = build(
        "- 31 -\nПОРЯДОК ТУРНИРА\n\nПравило 13. Опоздание пары\n\nB. Повторное опоздание\n"
        "1. Судья вправе снять с опоздавшей пары очко.\n- 32 -\nПорядок турнира                        стр. 32\n"
        "2. Пару, опоздавшую трижды, снимают с турнира.\n\nСтр. 32 из 40\n")
    assert [(n.cite, n.page, n.text) for n in nodes if n.kind == "subsection"] == [
        ("13B1", 31, "Судья вправе снять с опоздавшей пары очко."),
        ("13B2", 32, "Пару, опоздавшую трижды, снимают с турнира.")]
    assert not findings and not cleaned.report.notes  # no page of unknown number
    dropped = {d.text.strip(): d.step for d in cleaned.report.dropped}
    assert dropped["ПОРЯДОК ТУРНИРА"] == "drop_running_heads"  # its copy with the number names it a head
    assert dropped["Порядок турнира                        стр. 32"] == dropped["Стр. 32 из 40"] == "mark_pages"


# A federation's print of its rules: each page opens with its head, naming the page, over the page's number; the file
# ends with the head and number of a page it does not hold. The heads were taken for the numbers' text, so the numbers
# read as feet (every law one page late), and the last head stayed inside the law's text.
_HEAD = {"dot": "Клуб «Северный» · Положение о турнирах · стр. {n}", "bar": "Клуб «Северный» | Положение | стр. {n}",
         "spaces": "КЛУБ «СЕВЕРНЫЙ»            стр. {n}", "dash": "Club North -- House Rules -- Page {n}"}


def _federation_print(head: str, *, numbers: bool = True) -> str:
    pages = ["Правило 7. Опоздание\nA. Первое опоздание\nСудья предупреждает пару.",
             "Правило 8. Телефоны\nA. Запрет\nТелефон выключают до начала тура.", ""]
    return "".join(head.format(n=n) + "\n" + (f"- {n} -\n" if numbers else "") + text + ("\n" if text else "")
                   for n, text in enumerate(pages, 1))


@pytest.mark.parametrize("style", sorted(_HEAD))
@pytest.mark.parametrize("numbers", [True, False], ids=["head over number", "head alone"])
def test_a_page_head_naming_its_page_goes_and_the_pages_stay_right(style: str, numbers: bool) -> None:
    nodes, findings, cleaned = build(_federation_print(_HEAD[style], numbers=numbers))
    assert [(n.cite, n.page, n.text) for n in nodes if n.text] == [
        ("7A", 1, "Судья предупреждает пару."), ("8A", 2, "Телефон выключают до начала тура.")]
    assert not findings and not cleaned.report.notes  # no page of unknown number
    heads = [d.text for d in cleaned.report.dropped if d.text.startswith(_HEAD[style][:8])]
    assert len(heads) == 3  # each head in the report, the empty last page's too


WRAPPED_PAGE = ("Правило 13. Опоздание пары\n\nA. Опоздание к началу раунда\nПара, опоздавшая к началу раунда "
                "более чем на десять минут, может\nбыть наказана по решению судьи, который учитывает причину.\n\n"
                "B. Повторное опоздание\n{line}\n{rest}\n")


@pytest.mark.parametrize(("line", "rest", "want"), [
    # a subsection's clause wrapped before the page's width: a predicate (вправе, должен, решает) and a line in
    # lower case after it — its text, not a title over a body (a new user's book page: «1. При повторном опоздании
    # судья вправе снять с пары» was 13B1's title, «очко …» its text)
    ("1. При повторном опоздании судья вправе снять с пары", "очко за каждую пропущенную сдачу.",
     ("13B1", None, "При повторном опоздании судья вправе снять с пары очко за каждую пропущенную сдачу.")),
    ("1. Опоздавшая пара должна", "уплатить штраф.", ("13B1", None, "Опоздавшая пара должна уплатить штраф.")),
    # a title's noun phrase over a body in lower case stays a title (the seeds print «1.Ход нарушителя» ⏎ «когда …»)
    ("1. Ход опоздавшей пары", "когда пара опоздала, она ходит последней.",
     ("13B1", "Ход опоздавшей пары", "когда пара опоздала, она ходит последней.")),
])
def test_a_subsection_s_clause_wrapped_onto_a_line_in_lower_case_is_its_text(line: str, rest: str,
                                                                             want: tuple[str, str | None, str]) -> None:
    assert tree(WRAPPED_PAGE.format(line=line, rest=rest))[-1] == want


@pytest.mark.parametrize("sep", ["\n", "\n\n"], ids=["wrapped", "blank-separated"])
def test_items_opening_in_lower_case_after_a_colon_are_item_nodes(sep: str) -> None:
    # a book's list under a subsection: «судья:» then «(a) …;» «(b) …;» «(c) ….» — the items were run together into
    # the subsection's text (wrapped) and «show 14B2(c)» found nothing; Cyrillic letters count in alphabet order
    for a, b, c in (("a", "b", "c"), ("а", "б", "в")):
        text = (f"Правило 14. Неполная колода{sep}B. Карта не найдена{sep}1. Если карта так и не найдена, судья:{sep}"
                f"({a}) определяет, у кого она была;{sep}({b}) решает, был ли ущерб;{sep}"
                f"({c}) назначает присуждённый результат.{sep}2. Игра продолжается той же колодой после решения судьи.\n")
        got = tree(text)
        assert got[-5:] == [("14B1", None, "Если карта так и не найдена, судья:"),
                            ("14B1(a)", None, "определяет, у кого она была;"),
                            ("14B1(b)", None, "решает, был ли ущерб;"),
                            ("14B1(c)", None, "назначает присуждённый результат."),
                            ("14B2", None, "Игра продолжается той же колодой после решения судьи.")], got


@pytest.mark.parametrize("text", [
    "Правило 14. Колода\nA. Карты\nСудья решает (a) сам.\n(b) это не список: нет вводной строки\n",
    "Правило 14. Колода\nA. Карты\nСудья:\n(b) второй без первого\n",
])
def test_a_bracketed_letter_out_of_a_list_stays_text(text: str) -> None:
    got = tree(text)
    assert [c for c, _, _ in got] == ["14", "14A"]


@pytest.mark.parametrize("line", ["Таблица штрафов на стр. 32", "См. также стр. 32."])
def test_a_line_naming_another_page_or_ending_a_sentence_is_no_head(line: str) -> None:
    nodes, _, cleaned = build(f"- 32 -\nПравило 13. Опоздание пары\nA. Опоздание\nТекст.\n- 33 -\n{line}\nЕщё текст.\n")
    assert not [d for d in cleaned.report.dropped if d.step == "drop_running_heads"]
    assert line in " ".join(n.text for n in nodes)


def test_a_paragraph_cut_after_a_preposition_goes_on_before_a_capital() -> None:
    # a page printing each line as a paragraph: «… в соответствии с» ⏎⏎ «Правилом 86В, …» was cut in two (a real
    # library's page); a paragraph never ends on a preposition or a conjunction in lower case
    got = tree("12.9. Судья назначает результат каждой стороне отдельно, а затем, в соответствии с\n\n"
               "Правилом 86В, обеим сторонам присуждается средний результат.\n\n"
               "12.10. Судья может поступить и иначе, если\n\nСудья сочтёт это справедливым.\n", kind="commentary")
    assert [t for _, _, t in got if t] == [
        "Судья назначает результат каждой стороне отдельно, а затем, в соответствии с Правилом 86В, обеим сторонам "
        "присуждается средний результат.",
        "Судья может поступить и иначе, если Судья сочтёт это справедливым."]


@pytest.mark.parametrize(("cut", "joined"), [
    # a reading page printing each line as a paragraph: a word in quotes closed the line, its sentence went on
    ('судья не должен "уходить"', True), ("судья не должен «уходить»", True), ("(см. Правило 47)", True),
    # a sentence's own end mark before the closing quote ends it: the next paragraph is another
    ('судья сказал: "ждите."', False), ("(см. Правило 47.)", False),
])
def test_a_closing_quote_or_bracket_before_lower_case_ends_no_sentence(cut: str, joined: bool) -> None:
    got = tree(f"12.9. Обеспечьте, чтобы у пары было время подумать; {cut}\n\nв этот промежуток времени.\n",
               kind="commentary")
    texts = [t for _, _, t in got if t]
    assert (len(texts) == 1 and "\n" not in texts[0]) is joined


def test_a_book_s_full_line_cut_before_a_capitalised_word_goes_on() -> None:
    # a reading page printing each line of the book as a paragraph (onlinekniga's «… Правилами Дубликатного» ⏎⏎
    # «Контрактного Бриджа.» was cut in two): the lines are the book's, most cut mid-sentence, so a full one
    # ending on a word goes on even before a capital
    lines = ["80.1. Спонсорская организация - это объединение игроков,",
             "которое проводит соревнование в соответствии с Правилами",
             "Дубликатного Контрактного Бриджа и своим регламентом, принятым",
             "заранее и доведённым до сведения всех участников турнира, а",
             "также судей, работающих на этом турнире, и их помощников.",
             "80.2. Организация назначает главного судью турнира и вправе",
             "заменить его другим судьёй, если тот не может исполнять свои",
             "обязанности по болезни или по иной уважительной причине, о",
             "чём участники соревнования должны быть извещены заранее и в",
             "письменной форме, с указанием причины такой замены судьи.",
             "80.3. Решения организации по вопросам регламента обязательны",
             "для всех участников соревнования, для судей и помощников."]
    got = tree("\n\n".join(lines) + "\n", kind="commentary")
    texts = [t for _, _, t in got if t]
    assert len(texts) == 3 and all("\n" not in t for t in texts)
    assert "в соответствии с Правилами Дубликатного Контрактного Бриджа" in texts[0]


def test_a_commentary_paragraph_s_indented_first_line_cut_before_a_capitalised_word_goes_on() -> None:
    # modernlib: the book sets a paragraph's first line in, so «78.4. … определяет обязанность» (52 of 67 code
    # points) is full for a first line, and «Спонсорской организации …» goes on its sentence, not a paragraph
    lines = ["78.4. Само по себе это правило возлагает обязанность",
             "Спонсорской организации объявлять условия соревнований заранее,",
             "указав в них способ подсчёта результатов, порядок распределения",
             "мест при равенстве очков и способ определения победителей турнира.",
             "78.5. Требование, к которому порой относятся легкомысленно, на",
             "самом деле является требованием самих правил, а не пожеланием.",
             "78.6. Турнир, проведённый без объявленных заранее условий, даёт",
             "повод для апелляций, которые судья может и не разрешить вовсе,",
             "потому что участникам не у кого узнать, как считались их очки,",
             "а организаторам нечем подтвердить, что подсчёт был правильным."]
    got = tree("\n\n".join(lines) + "\n", kind="commentary")
    assert [c for c, _, _ in got] == ["78", "78.4", "78.5", "78.6"]  # the law the commentary is on, made for it
    assert got[1][2].startswith("Само по себе это правило возлагает обязанность Спонсорской организации объявлять")
    assert all("\n" not in t for _, _, t in got)


def test_a_book_s_full_line_ending_a_clause_goes_on_before_lower_case_and_a_short_list_item_does_not() -> None:
    # a new user's reading page (each line of the book a paragraph): «… перейдут к следующей сдаче;» ⏎⏎ «мы
    # считаем, …» was two paragraphs; a list's items stand on short lines and stay apart
    lines = ["79.10. Согласие сторон о числе взятых взяток должно быть",
             "достигнуто до того, как игроки перейдут к следующей сдаче;",
             "мы считаем, что подписанная обеими сторонами запись и есть",
             "такое согласие, даже если один из игроков её не прочитал.",
             "79.11. Судья, к которому обратились после конца раунда, должен",
             "выяснить, кто первым заметил ошибку в записи результата, и:",
             "опросить обе пары;",
             "сверить запись с карточками;",
             "принять решение до конца следующего раунда, не откладывая.",
             "79.12. Ошибка в подсчёте, допущенная обеими сторонами, также",
             "исправляется по общим правилам, а не считается их согласием,",
             "потому что ни одна из сторон не соглашалась на неверный итог",
             "и не могла знать о нём, когда подписывала протокол раунда, а",
             "судья, исправляя такую ошибку, не назначает никакого штрафа и",
             "не спрашивает, кто из игроков первым записал неверное число",
             "взяток в протокол, если обе пары признают ошибку при судье."]
    got = tree("\n\n".join(lines) + "\n", kind="commentary")
    texts = {c: t for c, _, t in got}
    assert "перейдут к следующей сдаче; мы считаем, что подписанная" in texts["79.10"]
    assert "опросить обе пары;\nсверить запись с карточками;\nпринять решение" in texts["79.11"]


def test_a_short_first_line_of_a_law_s_section_keeps_its_paragraph_end() -> None:
    # the first-line allowance is a commentary paragraph's (it has no title): a section's short title line on a
    # book's page still ends before its body
    lines = ["Правило 78. Методы подсчёта результатов турнира в парах",
             "A. Подсчёт результатов в сравнительной системе",
             "В сравнительной системе каждая пара получает очки за каждую сдачу,",
             "сыгранную ею против каждой другой пары, игравшей ту же сдачу, а",
             "также половину очка за каждую пару с тем же самым результатом."]
    got = tree("\n\n".join(lines) + "\n")
    assert [(c, t) for c, t, _ in got][:2] == [("78", "Методы подсчёта результатов турнира в парах"),
                                              ("78A", "Подсчёт результатов в сравнительной системе")]


def test_a_letter_spaced_title_ending_on_a_letter_that_spells_a_conjunction_is_not_run_on() -> None:
    nodes, _, cleaned = build("П Р А В И Л А\n\nС П О Р Т И В Н О Г О   Б Р И Д Ж А\n\nПравило 53. Ход\n"
                              "A. Ход принят\nЛюбой ход можно принять.\n")
    assert not any("П Р А В И Л А С П О Р Т" in n.text for n in nodes)


@pytest.mark.parametrize("sep", ["\n", "\n\n-\n+\n\n"], ids=["wrapped", "with-controls"])
def test_a_reading_page_s_control_labels_are_chrome_and_a_lead_in_is_not(sep: str) -> None:
    # two reading pages' layouts: the font, spacing and bookmark controls' labels over the text (one site wraps
    # them into the text's first paragraph, the other sets them apart with their «-» and «+»)
    nodes, _, cleaned = build(sep.join(["Шрифт:", "Интервал:", "Закладка:"]) + "\n\nПравило 8. Туры\n\n"
                              "A. Начало тура\nСудья должен:\nобъявить начало тура.\n")
    assert [(n.cite, " ".join(n.text.split())) for n in nodes] == [("8", ""), ("8A", "Судья должен: объявить начало тура.")]
    assert {d.text for d in cleaned.report.dropped} >= {"Шрифт:", "Интервал:", "Закладка:"}


def test_a_question_and_its_answer_labelled_apart_are_text() -> None:
    got = tree("Правило 8. Туры\n\nВопрос:\nКогда кончается тур?\n\nОтвет:\nКогда судья объявит движение.\n")
    assert got[-1][2].startswith("Вопрос:") and "Ответ:" in got[-1][2]


@pytest.mark.parametrize(("text", "lang"), [
    # a club's page (bridgewebs' layout): the law's title before its number, then a list of its sections' titles
    # over their bodies — the law was not found (every node a fragment) and the list made each section twice
    ("Conduct & Etiquette - Law 74\n\nA.     Proper Attitude\n\nB.     Etiquette\n\nA. Proper Attitude\n\n"
     "1. A player should be polite to everyone.\n\nB. Etiquette\n\nA player should not comment on the play.\n", "en"),
    ("Поведение и этикет — Правило 74\n\nA. Правильное отношение\n\nB. Этикет\n\nA. Правильное отношение\n\n"
     "1. Игрок должен быть вежлив со всеми.\n\nB. Этикет\n\nИгрок не должен комментировать розыгрыш.\n", "ru"),
])
def test_a_law_heading_with_its_title_first_and_a_list_of_its_sections_over_their_bodies(text: str, lang: str) -> None:
    nodes, findings, cleaned = build(text, lang=lang)
    assert [(n.cite, n.label) for n in nodes] == [("74", "Law 74" if lang == "en" else "Правило 74"), ("74A", "A."),
                                                  ("74A1", "1."), ("74B", "B.")]
    assert nodes[0].title == text.split(" -")[0].split(" —")[0]
    assert not findings
    listed = [d.text for d in cleaned.report.dropped if d.step == "drop_title_lists"]
    assert len(listed) == 2  # the list's two lines, in the report


def test_a_sentence_ending_with_a_law_s_number_after_a_dash_is_no_heading() -> None:
    got = tree("Law 74 - Conduct\n\nA. Proper Attitude\n\nThe rules of behaviour are here, see - Law 74\n",
               lang="en")
    assert [c for c, _, _ in got] == ["74", "74A"]


def test_a_section_title_the_catalogue_knows_ends_at_its_line_s_end_before_a_capitalised_body() -> None:
    # a club's copy of the 2017 Laws, wrapped (one paragraph a line): the titles are whole lines, and bodies
    # that open with capitalised words («Duplicate Bridge …», «The Regulating Authority …») were taken into them
    got = tree("LAW 1 – THE PACK\nA. Rank of Cards and Suits\nDuplicate Bridge uses one ordinary pack of cards.\n"
               "B. The Face of the Cards\nThe Regulating Authority may ask for faces that read both ways up.\n",
               lang="en")
    assert got[1:] == [("1A", "Rank of Cards and Suits", "Duplicate Bridge uses one ordinary pack of cards."),
                       ("1B", "The Face of the Cards", "The Regulating Authority may ask for faces that read both "
                                                       "ways up.")]


def test_a_site_s_link_printed_after_every_law_is_chrome_and_a_bare_law_heading_ends_the_footer() -> None:
    # a club's copy of the 1997 Laws: each law's text ends with the same link line; the last law's heading, bare,
    # stood between that link and the page's end and went with it as a «menu line»
    nodes, _, cleaned = build("LAW 1\nTHE PACK\n\nThe game uses one pack.\n\nSee Our Rulings\n\nLAW 2\nTHE BOARDS\n\n"
                              "Each deal has a board.\n\nSee Our Rulings\n\nLAW 3\nTABLES\n\nFo\n", lang="en")
    assert [(n.cite, n.text) for n in nodes] == [("1", "The game uses one pack."), ("2", "Each deal has a board."),
                                                 ("3", "Fo")]
    assert [d.text for d in cleaned.report.dropped] == ["See Our Rulings", "See Our Rulings"]


def test_a_short_line_ending_two_laws_once_each_in_other_words_is_text() -> None:
    got = tree("LAW 1\nTHE PACK\n\nThe game uses one pack\n\nLAW 2\nTHE BOARDS\n\nEach deal has a board\n", lang="en")
    assert [t for _, _, t in got] == ["The game uses one pack", "Each deal has a board"]


def test_sections_a_page_s_list_numbered_are_sections_when_the_edition_s_titles_agree() -> None:
    # a club's copy of the 2017 Law 20 (its HTML list printed A–F as 1.–6., nested lists under them): every
    # section was a fragment, its subsections flat siblings; the catalogue gives 20A «Call Not Clearly
    # Recognized», 20C «Review after Final Pass» — the place and the title agree, so the letter is no guess
    nodes, _, cleaned = build("LAW 20 - REVIEW AND EXPLANATION OF CALLS\n\n  1. Call Not Clearly Recognized\n"
                              "    A player may ask what call was made.\n  2. Review of Auction during Auction Period\n"
                              "    A player may have the calls repeated.\n  3. Review after Final Pass\n"
                              "    1. After the final pass a defender may ask whether he leads.\n"
                              "    2. Declarer may have the calls repeated at his first turn.\n", lang="en")
    assert [(n.cite, n.label, n.title) for n in nodes] == [
        ("20", "LAW 20", "REVIEW AND EXPLANATION OF CALLS"), ("20A", "1.", "Call Not Clearly Recognized"),
        ("20B", "2.", "Review of Auction during Auction Period"), ("20C", "3.", "Review after Final Pass"),
        ("20C1", "1.", None), ("20C2", "2.", None)]


@pytest.mark.parametrize("text", [
    # a title the edition does not give this law's sections
    "LAW 20 - REVIEW AND EXPLANATION OF CALLS\n\n  1. Questions at the Table\n    A player may ask what call was made.\n",
    # a list restarting at «1.» for every section (a video site's copy of Law 45): the second title is 45B's,
    # printed «1.» — the numbers say nothing, so none becomes a section
    "LAW 45 – CARD PLAYED\n\n  1. Play of Card from a Hand\n\nA player plays a card by facing it.\n\n"
    "  1. Play of Card from Dummy\n\nDeclarer names the card from dummy.\n",
])
def test_numbered_parts_whose_titles_and_places_do_not_agree_with_the_edition_stay_fragments(text: str) -> None:
    nodes, _, _ = build(text, lang="en")
    assert {n.kind for n in nodes} == {"law", "fragment"}


@pytest.mark.parametrize("sep", ["\n", "\n\n"], ids=["wrapped", "blank-separated"])
def test_a_subsection_s_sentence_opening_with_a_term_of_the_laws_is_no_title(sep: str) -> None:
    # Law 40B3's layout (a federation's 2017 copy): «Unless the Regulating Authority decides …» got the title
    # «Unless the Regulating», its text «Authority decides …», with no warning
    got = tree(sep.join(["LAW 40 - PARTNERSHIP UNDERSTANDINGS", "B. Special Partnership Understandings",
                         "3. Unless the Regulating Authority rules otherwise, an artificial call is special."]) + "\n",
               lang="en")
    assert got[-1] == ("40B3", None, "Unless the Regulating Authority rules otherwise, an artificial call is special.")


def test_an_html_ordered_list_s_numbers_and_letters_are_read_as_a_browser_prints_them() -> None:
    # a club's HTML page (a new user's): the sections an <ol type="A">, their subsections a nested <ol>; the
    # numbers a browser prints were lost, so every part ran into the law's text with no warning
    page = ("<!DOCTYPE html><html><body><h1>LAW 74 - CONDUCT</h1><ol type=\"A\"><li>Proper Attitude<ol>"
            "<li>A player is polite to everyone.</li><li>A player avoids remarks that annoy.</li></ol></li>"
            "<li>Etiquette<ol start=\"3\"><li>A player does not comment on the play.</li></ol></li></ol>"
            "<ol><li>1. Printed by the page itself.</li></ol><ul><li>A bullet, no number.</li></ul></body></html>")
    nodes, _, _ = build(page, name="f.html", lang="en")
    assert [(n.cite, n.label, n.title) for n in nodes][:6] == [
        ("74", "LAW 74", "CONDUCT"), ("74A", "A.", "Proper Attitude"), ("74A1", "1.", None), ("74A2", "2.", None),
        ("74B", "B.", "Etiquette"), ("74B3", "3.", None)]
    text = " ".join(n.text for n in nodes)
    assert "1. 1. Printed" not in text and "Printed by the page itself." in text and "A bullet, no number." in text


def test_a_mailing_list_post_quoting_a_law_reads_the_law_s_headings() -> None:
    # a mailing list's archive (BLML): the post quotes a law with «> » (and older quotes with «>>»); the headings
    # behind the marks were not read, and the whole law was one fragment with the mail around it
    nodes, findings, cleaned = build(
        "[list] Law 16\n\nA member wrote on Monday:\n>> the new text is out, I think\n>\n> here it is:\n>\n"
        "> LAW 16 - UNAUTHORISED INFORMATION\n>\n> A. Players' Authorised Information\n>\n"
        "> 1. A player may use information from the legal calls and plays.\n>\n"
        "> 2. A player may also use information from his own hand.\n", lang="en")
    got = [(n.cite, n.text) for n in nodes if n.cite]
    assert got[-2:] == [("16A1", "A player may use information from the legal calls and plays."),
                        ("16A2", "A player may also use information from his own hand.")]
    assert ("16A", "") in got
    marks = [d for d in cleaned.report.dropped if d.step == "strip_mail_quotes"]
    assert len(marks) == 11 and {d.text for d in marks} == {">", ">>"}  # every quoted line


@pytest.mark.parametrize(("text", "lang", "want"), [
    # a club's article (sbu.org.uk's layout): the law in straight quotes, its own note after each quote
    ("Law 45: Card Played\n\nA. Play of a Card from a Hand\n\n\"A card is played when its player puts it face up "
     "on the table.\"\n\nNote: the whole table must be able to see it.\n\nC. Card Deemed to be Played\n\n"
     "  1. \"A defender's card that partner could see is played.\"\n\n    Note: declarer seeing it is no matter.\n",
     "en", [("45", ""), ("45A", '"A card is played when its player puts it face up on the table."'),
            ("fragment", "Note: the whole table must be able to see it."), ("45C", ""),
            ("45C1", '"A defender\'s card that partner could see is played."'),
            ("fragment", "Note: declarer seeing it is no matter.")]),
    # a Russian forum post: the section in «», then the poster's reading of it
    ("Правило 16. Несанкционированная информация\n\nB. Дополнительная информация от партнёра\n\n"
     "«Игрок не должен выбирать действие, подсказанное жестом партнёра».\n\nПо-моему, тут всё ясно.\n", "ru",
     [("16", ""), ("16B", "«Игрок не должен выбирать действие, подсказанное жестом партнёра»."),
      ("fragment", "По-моему, тут всё ясно.")]),
])
def test_a_page_s_own_words_after_a_law_it_quotes_are_a_fragment_not_law_text(text: str, lang: str,
                                                                              want: list) -> None:
    nodes, _, _ = build(text, lang=lang)
    assert [(n.cite or n.kind, n.text) for n in nodes] == want
    assert all(n.parent is None for n in nodes if n.kind == "fragment")  # filed after the law, not in it


@pytest.mark.parametrize("text", [
    # a quoted word opens the law's own sentence; a quote that goes on in the next quoted paragraph
    "Правило 18. Заявки\n\nA. Правильная заявка\n\n\"Пас\" тоже заявка.\n\nЗаявка называет масть или бескозырную.\n",
    "Law 18: Bids\n\nA. Proper Form\n\n\"A bid names a number of odd tricks.\"\n\n\"It names a denomination too.\"\n",
])
def test_law_text_opening_with_a_quote_that_does_not_end_it_or_goes_on_quoted_stays_law_text(text: str) -> None:
    nodes, _, _ = build(text, lang="en" if text.startswith("Law") else "ru")
    assert [n.kind for n in nodes] == ["law", "section"]


def test_a_commentary_quoting_a_law_goes_on_in_its_own_words() -> None:
    nodes, _, _ = build("12.1. Судья назначает компенсацию\n\n«Судья может назначить компенсацию».\n\n"
                        "Это значит, что он вправе сделать это сам.\n", kind="commentary")
    assert [n.kind for n in nodes if n.kind != "law"] == ["commentary"]  # its law inferred
    assert nodes[-1].text.endswith("Это значит, что он вправе сделать это сам.")


@pytest.mark.parametrize(("text", "quoted"), [
    ('"Each player plays a card."', True), ("«Игрок «Север» ходит».", True), ("“Dummy may not play.”", True),
    ('"Pass" is a call.', False), ('"Open quote only', False), ('"One" and "two"', False), ("«Он» и «она»", False),
])
def test_wholly_quoted(text: str, quoted: bool) -> None:
    assert wholly_quoted(text) is quoted


def test_a_few_lines_opening_with_a_greater_than_sign_are_text() -> None:
    got = tree("LAW 16 - UNAUTHORISED INFORMATION\n\nA. Players' Authorised Information\n\n"
               "> this is not a quote of anything\n", lang="en")
    assert "> this is not" in got[-1][2]


@pytest.mark.parametrize(("name", "after"), [
    ("Международные правила дубликатного бриджа", ""),
    # a federation's page: the 1997 translation's own name over its copyright lines (it was dropped as a menu line,
    # and the document had no title)
    ("Правила игры в спортивный бридж в версии 1997 года", "© 1998 Пример-лига (перевод на русский язык)\n\n"),
])
def test_the_laws_own_name_alone_on_a_line_is_the_document_s_title_not_a_fragment(name: str, after: str) -> None:
    nodes, _, cleaned = build(f"{name}\n\n{after}Правило 53\nХод вне очереди принят\n\n"
                              "Любой ход вне очереди можно принять.\n")
    assert [(n.kind, n.cite, n.text) for n in nodes] == [("law", "53", "Любой ход вне очереди можно принять.")]
    assert cleaned.report.title == name


@pytest.mark.parametrize("text", [
    # the name opening a sentence that goes on below it is text
    "Правило 80. Организатор\nA. Полномочия\nСм. выше.\nПравила дубликатного бриджа\nтребуют от организатора "
    "назначить судью.\n",
    # a table's rows between pipes: bordered, or holding numbers
    "Правило 77. Запись\nA. Очки\n| Контракт | Взятки | Очки | Премия |\nКонтракт | 1 | 2 | 3 | 4\n",
])
def test_law_text_shaped_like_a_title_or_a_menu_is_kept(text: str) -> None:
    nodes, _, cleaned = build(text)
    assert not [d for d in cleaned.report.dropped if d.step == "drop_chrome"]
    kept = " ".join(n.text for n in nodes)
    assert ("требуют от организатора" in kept and "Правила дубликатного бриджа" in kept) or "Премия" in kept


def test_law_text_naming_two_laws_and_the_word_upward_is_not_a_pages_links() -> None:
    got = tree("Правило 45. Сыгранная карта\nA. Карта защитника\nКарта, положенная лицом наверх, считается сыгранной "
               "(см. Правило 45. и Правило 50.)\n")
    assert "лицом наверх" in got[-1][2]


def test_law_text_naming_a_site_or_a_page_is_not_chrome() -> None:
    got = tree("Правило 53. Ход вне очереди принят\nA. Ход признан правильным\nРезультаты публикуются на сайте "
               "федерации example.ru в течение дня после сессии, как сказано в положении.\n")
    assert "example.ru" in got[-1][2]


@pytest.mark.parametrize("line", ["1. Соглашения могут касаться: • вызова • сигналов • ходов • сносов",
                                  "(a) the methods of the partnership: • openings • defence • leads • signals"])
def test_a_labelled_law_line_listing_with_bullets_is_not_a_navigation_bar(line: str) -> None:
    # a law's item listing its parts between bullets had a navigation bar's shape (3 or more short items between
    # «•») and was dropped as site chrome with status ok (a new user's probe of the shape)
    lang = "en" if line.startswith("(a)") else "ru"
    head = "LAW 40 - PARTNERSHIP UNDERSTANDINGS\n\nA. Players' Agreements\n\n" if lang == "en" else (
        "Правило 40. Соглашения\nA. Соглашения партнёров\n")
    nodes, _, cleaned = build(head + line + "\n", lang=lang)
    assert not [d for d in cleaned.report.dropped if d.step == "drop_chrome"]
    assert any("•" in (n.title or "") + n.text for n in nodes)  # kept: its title and text as the tree reads them


# ---------------------------------------------------------------- item 2: page heads and feet, pagers

LAW_61 = "Правило 61. Обязанность следовать масти\nA. Определение\nИгрок обязан следовать масти хода, если может\n"
TURN = "и когда он видит свою ошибку, он её исправляет.\n"


@pytest.mark.parametrize(("first", "second", "pages"), [
    ("88 | Глава VI. Розыгрыш", "Глава VI. Розыгрыш | 89", {88}),
    ("Страница 91 из 247", "Страница 92 из 247", {91}),
    ("Все о бридже | страница 47", "Все о бридже | страница 48", {47}),
    ("Правила | стр. 12", "Правила | стр. 13", {12}),
])
def test_a_page_head_with_its_number_is_a_marker_never_a_chapter_or_text(first: str, second: str,
                                                                       pages: set[int]) -> None:
    nodes, findings, cleaned = build(f"{first}\n{LAW_61}{second}\n{TURN}")
    assert not findings
    assert [(n.cite, n.text) for n in nodes] == [
        ("61", ""), ("61A", "Игрок обязан следовать масти хода, если может и когда он видит свою ошибку, он её "
                            "исправляет.")]
    assert {n.page for n in nodes} == pages  # the text goes on across the next page: one node
    assert sum(1 for d in cleaned.report.dropped if d.step == "mark_pages") == 2


@pytest.mark.parametrize("pager", [
    "Страницы: 1 2 3 4 5 6 7 8 9 10 11 12",
    "- 1\n- 2\n- 3\n- 4\n- 5\n- 6\n- 7\n- 8\n- 9\n- 10",
    "1\n\n2\n\n3\n\n4\n\n5\n\n6",
    "« Предыдущая 1 2 3 ... 46 Следующая »",
])
def test_a_pager_is_chrome_not_page_markers(pager: str) -> None:
    nodes, findings, cleaned = build(f"{pager}\n{LAW_61}")
    assert not findings
    assert {n.page for n in nodes} == {None}
    assert [n.cite for n in nodes] == ["61", "61A"]
    assert {d.reason for d in cleaned.report.dropped} == {"pager"}


def test_a_table_row_with_a_bar_and_a_number_is_no_page_head() -> None:
    got = tree("Правило 77. Запись результата\nA. Таблица\nЗа каждую взятку сверх контракта:\nпо червям | 30\n"
               "и так далее по таблице.\n")
    assert "по червям | 30" in got[-1][2]


# ---------------------------------------------------------------- item 6: running heads never eat real text

def test_a_section_heading_opening_pages_in_two_laws_is_never_a_running_head() -> None:
    got = tree("- 80 -\nПравило 62. Исправление ренонса\nA. Обязанность исправить\nИгрок исправляет ренонс, "
               "если заметил его вовремя.\n- 81 -\nB.Порядок исправления\nНарушитель забирает карту и кладёт "
               "другую.\n- 82 -\nПравило 64. После установления\nA. Передача взяток\nВзятки передаются.\n- 83 -\n"
               "B.Порядок исправления\nСудья передаёт взятки по правилу.\n")
    assert [(c, t) for c, t, _ in got] == [("62", "Исправление ренонса"), ("62A", "Обязанность исправить"),
                                           ("62B", "Порядок исправления"), ("64", "После установления"),
                                           ("64A", "Передача взяток"), ("64B", "Порядок исправления")]
    assert got[2][2] == "Нарушитель забирает карту и кладёт другую."


# ---------------------------------------------------------------- item 7: small readers

@pytest.mark.parametrize("garbled", [
    "Правило 47".encode("cp1251").decode("cp1252"),  # Ïðàâèëî 47
    "Правило 47".encode().decode("cp1251"),  # РџСЂР°РІРёР»Рѕ 47
])
def test_a_one_word_garbled_heading_is_repaired_when_the_repair_is_a_known_heading(garbled: str) -> None:
    got = tree(f"{garbled}\nИгрок может взять свою карту обратно.\n")
    assert got == [("47", None, "Игрок может взять свою карту обратно.")]


def test_a_one_word_garbled_line_that_is_no_heading_is_left_as_it_is() -> None:
    word = "Карта".encode("cp1251").decode("cp1252")
    nodes, _, _ = build(f"Правило 47. Отмена\n{word}\nИгрок может взять свою карту обратно.\n")
    assert word in nodes[0].text


def test_a_bare_english_chapter_heading_with_its_title_on_the_next_line_builds() -> None:
    """A real page (a federation's copy of the 1997 Laws) printed ``CHAPTER VI`` alone: it crashed the parse."""
    nodes, _, _ = build("CHAPTER VI\nTHE PLAY\nLAW 63 - ESTABLISHMENT OF A REVOKE\nA. Revoke Becomes Established\n"
                        "A revoke becomes established when the offender leads or plays to the next trick.\n",
                        name="en.txt", lang="en")
    assert nodes[0].kind == "chapter" and nodes[0].label == "CHAPTER VI"
    assert any("becomes established when the offender" in n.text for n in nodes)


def test_a_reader_marker_with_a_space_is_a_marker() -> None:
    got = tree("Правило 45. Сыгранная карта\n45.1. Карта считается сыгранной, когда её видно.\n..page 3\n"
               "45.2. Болван не может играть сам.\n", kind="commentary")
    assert all("..page" not in text for _, _, text in got)


def test_a_run_of_one_odd_letter_left_by_lost_box_drawing_is_a_rule_not_a_title() -> None:
    got = tree("========== Правило 24.Показ карты в торговле њњњњњњњњњњњњ Когда судья определит, что карта "
               "показана, он применяет это правило.\n")
    assert got == [("24", "Показ карты в торговле", "Когда судья определит, что карта показана, он применяет это "
                                                     "правило.")]


def test_a_pager_wrapped_over_lines_is_chrome() -> None:
    pager = "Страницы: - 1  - 2  - 3  - 4  - 5  - 6  -\n7  - 8  - 9  - 10  - 11  - 12  -\n13  - 14  - 15  -\n"
    nodes, findings, cleaned = build(pager + LAW_61)
    assert [n.cite for n in nodes] == ["61", "61A"] and {n.page for n in nodes} == {None}
    assert [d.reason for d in cleaned.report.dropped] == ["pager"] * 3


def test_a_site_header_s_menu_lines_go_with_its_chrome_and_text_after_it_stays() -> None:
    page = ("Электронная библиотека\nБиблиотека example.ru\nПоиск по сайту\nФантастика. Фэнтези\nДругая книга автора\n"
            "Страницы: 1 2 3 4 5 6 7 8 9 10 11 12\nпродолжение фразы с прошлой страницы.\n" + LAW_61)
    nodes, findings, cleaned = build(page)
    assert [(n.kind, n.text) for n in nodes if n.kind == "fragment"] == [
        ("fragment", "продолжение фразы с прошлой страницы.")]
    assert len([d for d in cleaned.report.dropped if d.step in ("drop_chrome", "drop_pagers")]) == 6


# ---------------------------------------------------------------- item 4: chrome learnt by repetition across pages

def _site(folder, pages: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for k, text in enumerate(pages):
        (folder / f"page{k + 1}.txt").write_text(text, encoding="utf-8")


HEADER = "Клуб «Робер». Читальный зал"
BODIES = ["Правило 41. Начало розыгрыша\nПосле паса разыгрывающего начинается розыгрыш.\n",
          "Правило 42. Права болвана\nБолван может следить за ходом игры.\n",
          "Правило 43. Ограничения болвана\nБолван не вправе подсказывать.\n",
          "Правило 44. Порядок игры\nИгрок ходит первым в каждую взятку.\n"]


def test_a_line_at_the_same_place_of_most_pages_of_a_site_is_chrome(tmp_path) -> None:
    from lawref.corpus import build_corpus

    _site(tmp_path / "site", [f"{HEADER}\n{body}Страница клуба {k}\n" for k, body in enumerate(BODIES)])
    built = build_corpus(tmp_path, version="t")
    assert all(HEADER not in n.text and "Страница клуба" not in n.text for n in built.nodes)
    assert [n.cite for n in built.nodes] == ["41", "42", "43", "44"]
    reasons = {d["reason"] for r in built.reports for d in r.dropped}
    assert "site chrome: the same line at the same place of the site's other pages" in reasons
    assert all(r.structure == [] for r in built.reports)


def test_a_page_held_twice_and_another_site_s_pages_teach_no_chrome(tmp_path) -> None:
    from lawref.corpus import build_corpus

    copy = "Судья решает спор сам.\nПравило 81. Полномочия судьи\nСудья следит за порядком.\n"
    _site(tmp_path / "a", [copy, copy, copy, BODIES[0]])  # the same printed page three times: text, not chrome
    _site(tmp_path / "b", [f"{HEADER}\n{BODIES[1]}", BODIES[2], BODIES[3]])  # one header: no repetition
    built = build_corpus(tmp_path, version="t")
    texts = " ".join(n.text for n in built.nodes)
    assert texts.count("Судья решает спор сам.") == 3 and HEADER in texts


def test_a_contents_page_cut_by_the_file_s_end_and_a_short_leader_are_contents() -> None:
    nodes, findings, cleaned = build(LAW_61 + "\nСодержание\nОдна или более карт потом\nсыграны..78\n"
                                     "Определение претензии..........96\nОпределение уступки............97\n"
                                     "Выслушивание возражений.......\n3.Услов")
    assert [n.cite for n in nodes] == ["61", "61A"] and not findings
    assert [d.text for d in cleaned.report.dropped][-3:] == ["Определение уступки............97",
                                                             "Выслушивание возражений.......", "3.Услов"]


def test_a_sidebar_of_menu_lines_goes_with_the_header_and_the_walk_stops_at_text() -> None:
    page = ("Главная · Поиск книг · Поступления · Форумы\nНастройка текста\nПеренос строк\nПрохождения игр\n"
            "Игра номер один |#4| Рыцарь\nДругие игры...\nсчётчик example.ru: просмотры за сутки\nВсе о бридже\n"
            "Предыдущая страница Следующая страница\n1 ... 56 57 58 59 ... 303\n"
            "Судья защищает невиновную сторону от плохого результата.\n" + LAW_61 + "Коротко в конце\n")
    nodes, findings, cleaned = build(page)
    assert nodes[0].kind == "fragment" and nodes[0].text == "Судья защищает невиновную сторону от плохого результата."
    assert nodes[-1].text.endswith("Коротко в конце")  # the end walk stops at the law's text: nothing past it taken


# ---------------------------------------------------------------- item 5: footnotes in other marks, sentence items

@pytest.mark.parametrize(("call", "note"), [
    ("<*>", "<*> Для целей правила взятка болвана не взятка разыгрывающего."),
    ("*", "* Для целей правила взятка болвана не взятка разыгрывающего."),
    ("*)", "*) Для целей правила взятка болвана не взятка разыгрывающего."),
    ("¹", "¹ Для целей правила взятка болвана не взятка разыгрывающего."),
])
def test_a_footnote_in_another_site_s_mark_is_a_footnote_of_the_node_that_calls_it(call: str, note: str) -> None:
    glue = "" if call == "¹" else " "  # ``[1] …`` at a line's start is read as a page marker glued to text
    nodes, findings, _ = build(f"ПРАВИЛО 64. ПОСЛЕ РЕНОНСА\nA. Исправление\nВзятку выиграл нарушитель{glue}{call}, ему "
                               f"передают взятку.\n--------------------------------\n{note}\n")
    assert not findings
    [footnote] = [n for n in nodes if n.kind == "footnote"]
    assert footnote.text == "Для целей правила взятка болвана не взятка разыгрывающего."
    assert footnote.parent == "d/64A"


def test_a_list_item_with_a_bracket_and_no_call_is_text() -> None:
    got = tree("Правило 44. Порядок игры\nA. Ход\nДва условия:\n1) должны быть сыграны онеры,\n"
               "2) у противников не должно быть карт масти.\n")
    assert got[-1][2].endswith("1) должны быть сыграны онеры, 2) у противников не должно быть карт масти.")


def test_items_that_are_sentences_are_text_and_item_1_may_follow_the_section_heading() -> None:
    got = tree("ПРАВИЛО 64. ПОСЛЕ РЕНОНСА\nB. Нет исправления\n1. и взятку с ренонсом не выиграла нарушившая "
               "сторона;\n2. Если это второй ренонс того же игрока в той же масти.\n")
    assert got == [("64", "ПОСЛЕ РЕНОНСА", ""), ("64B", "Нет исправления", ""),
                   ("64B1", None, "и взятку с ренонсом не выиграла нарушившая сторона;"),
                   ("64B2", None, "Если это второй ренонс того же игрока в той же масти.")]


def test_a_sentence_naming_a_law_and_ending_in_a_colon_is_no_heading() -> None:
    nodes, _, _ = build("LAW 62 - CORRECTION OF A REVOKE\nA. Revoke Must Be Corrected\nA player must correct his "
                        "revoke.\n\nLaw 62.D is first applied:\nthe trick stands as played.\n", lang="en")
    assert [n.cite for n in nodes if n.kind == "law"] == ["62"]


# ---------------------------------------------------------------- items 3, 5: seen on a federation's pages

def test_a_list_of_titles_under_a_chapter_heading_printed_again_over_the_bodies() -> None:
    got = tree("Глава XI. Апелляции\n\nПРАВИЛО 92. ПРАВО НА АПЕЛЛЯЦИЮ\nПРАВИЛО 93. ПРОЦЕДУРЫ\n\nГлава XI. Апелляции\n\n"
               "ПРАВИЛО 92. ПРАВО НА АПЕЛЛЯЦИЮ\n\nA. Права участника\n\nУчастник может подать апелляцию.\n")
    assert got == [("chapter", "Апелляции", ""), ("92", "ПРАВО НА АПЕЛЛЯЦИЮ", ""),
                   ("92A", "Права участника", "Участник может подать апелляцию.")]


@pytest.mark.parametrize(("line", "headings"), [
    ("Часть II Отклонения в процедуре", [("part", "Отклонения в процедуре", "")]),  # no mark after the number
    ("Глава V. Торговля - Часть II Отклонения в процедуре",  # a chapter and its part on one line
     [("chapter", "Торговля", ""), ("part", "Отклонения в процедуре", "")]),
])
def test_chapter_and_part_headings_other_sites_print(line: str, headings: list) -> None:
    got = tree(f"{line}\n\nПРАВИЛО 23. ВЫНУЖДЕННЫЙ ПАС\n\nТекст правила о вынужденном пасе.\n")
    assert got == [*headings, ("23", "ВЫНУЖДЕННЫЙ ПАС", "Текст правила о вынужденном пасе.")]


def test_a_title_in_capitals_before_the_first_commentary_paragraph_is_the_law_s_title() -> None:
    got = tree("ПОВТОРЕНИЕ И ОБЪЯСНЕНИЕ ЗАЯВОК\n20.1. Игрок, который не расслышал заявку, может спросить.\n"
               "20.2. Игрок вправе получить обзор торговли.\n", kind="commentary")
    assert got[0] == ("20", "ПОВТОРЕНИЕ И ОБЪЯСНЕНИЕ ЗАЯВОК", "")
    assert [c for c, _, _ in got] == ["20", "20.1", "20.2"]


def test_a_commentary_label_glued_to_its_first_item() -> None:
    got = tree("Правило 1. Колода\n1.1.(a) Ни один результат не должен быть принят, пока колода не проверена.\n",
               kind="commentary")
    assert got[-1] == ("1.1", None, "(a) Ни один результат не должен быть принят, пока колода не проверена.")


# ---------------------------------------------------------------- item 2: page numbers by the run they form

@pytest.mark.parametrize(("pages", "cites"), [
    ((89, 90, 91), ["77", "77A", "77B", "77C"]),
    ((89, 93, 97), ["77", "77A", None, None]),  # every 4th page: after a gap where the text stood is unknown
])
def test_bare_page_numbers_form_the_run_and_a_table_s_number_does_not_join(pages: tuple[int, ...],
                                                                            cites: list[str | None]) -> None:
    a, b, c = pages
    nodes, findings, _ = build(f"{a}\nПравило 77. Запись\nA. Таблица очков\nЗа контракт в червах:\n30\nи так далее.\n"
                               f"{b}\nB. Проверка\nКапитан проверяет запись.\n{c}\nC. Хранение\nПротоколы хранятся.\n")
    assert [(n.cite, n.page) for n in nodes] == list(zip(cites, (a, a, b, c), strict=True))
    assert "За контракт в червах: 30 и так далее." in nodes[1].text


@pytest.mark.parametrize("text", [
    "П Р А В И Л А\n1 9 8 7\nПравило 1. Колода\nТекст правила о колоде.\n",  # a year spaced on a title page
    "Правило 1. Колода\nТекст правила о колоде.\n1997\n",  # a lone year at a page's foot
])
def test_a_lone_or_spaced_number_is_text_not_a_page(text: str) -> None:
    nodes, _, cleaned = build(text)
    assert {n.page for n in nodes} == {None}
    assert not [d for d in cleaned.report.dropped if d.step == "mark_pages"]


def test_a_heading_in_capitals_with_no_label_on_its_own_line_in_wrapped_text_titles_its_fragment() -> None:
    nodes, findings, _ = build("..page5\nОПРЕДЕЛЕНИЯ\nОпределения, содержащиеся в Правилах, нужно использовать\n"
                               "при чтении текста Правил.\nПравило 1. Колода\nТекст правила о колоде.\n")
    assert (nodes[0].kind, nodes[0].title, nodes[0].text) == (
        "fragment", "ОПРЕДЕЛЕНИЯ", "Определения, содержащиеся в Правилах, нужно использовать при чтении текста Правил.")


def test_a_source_mark_at_a_line_s_end_ends_its_paragraph_and_goes_to_the_marks() -> None:
    nodes, _, _ = build("Правило 16. Информация\n16.3. Игрок выбирает заявку на основе всей доступной\n"
                        "ему информации;(DC4)\nи, наконец,(DC4)\nон объясняет свой выбор судье.\n", kind="commentary")
    [para] = [n for n in nodes if n.cite == "16.3"]
    assert "(DC4)" not in para.text and para.marks == ("DC4", "DC4")


def test_an_advert_s_link_over_a_page_s_header_goes_with_it() -> None:
    nodes, _, cleaned = build("душевой уголок 80 80\nА Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я AZ\n"
                              + LAW_61)
    assert [n.cite for n in nodes] == ["61", "61A"]
    assert [d.text for d in cleaned.report.dropped][:1] == ["душевой уголок 80 80"]


def test_a_contents_page_with_no_page_numbers_under_its_title_is_contents() -> None:
    nodes, findings, cleaned = build("Оглавление\n\nВведение.\n\nГлава 1. Обязанности комитета.\n\nГлава 2. Присуждение "
                                     "результата.\n\nГлава 3. Возмещение ущерба.\n\n" + LAW_61)
    assert [n.cite for n in nodes] == ["61", "61A"] and not findings
    assert {d.reason for d in cleaned.report.dropped} == {"table of contents"}


def test_a_title_named_contents_over_text_is_no_contents_page() -> None:
    got = tree("Правило 90. Процедурные наказания\nA. Содержание\nСудья может назначить процедурное наказание за "
               "любое нарушение корректной процедуры, если считает это нужным.\n")
    assert got[-1][1] == "Содержание"


def test_an_emphasised_phrase_of_two_words_printed_twice_after_its_line_is_dropped() -> None:
    nodes, _, cleaned = build("Правило 40. Соглашения\nA. Блеф\nВ паре, которая часто блефует, возникает\n"
                              "(согласно Правилу) взаимопонимание партнёров,\nсогласно Правилу\nсогласно Правилу\n"
                              "и его следует раскрыть оппонентам.\n")
    assert nodes[-1].text == ("В паре, которая часто блефует, возникает (согласно Правилу) взаимопонимание партнёров, "
                              "и его следует раскрыть оппонентам.")
    assert [d.text for d in cleaned.report.dropped] == ["согласно Правилу", "согласно Правилу"]


def test_an_emphasised_word_printed_twice_is_dropped_where_each_line_of_the_book_is_a_paragraph() -> None:
    # a library's copy of the Commentary printing a blank line after each of the book's lines: the twin copies of an
    # emphasised word were kept, «… когда заявку заявку хочет …», and the page built with no warning (real34 thelib)
    lines = ["Правило 40. Соглашения", "40.3. Пара раскрывает оппонентам свою заявку, когда", "заявку", "заявку",
             "её значение вытекает из особого соглашения партнёров."]
    nodes, findings, cleaned = build("\n\n".join(lines) + "\n", kind="commentary")
    assert [(n.cite, n.text) for n in nodes if n.text] == [
        ("40.3", "Пара раскрывает оппонентам свою заявку, когда её значение вытекает из особого соглашения партнёров.")]
    assert not findings and [d.text for d in cleaned.report.dropped] == ["заявку", "заявку"]
    counted = next(p for p in cleaned.report.passes if p.name == "drop_emphasis_duplicates")
    assert counted.count == 2  # the blank lines between the twins are not counted (a re-reader's find: 6 said)


def test_a_text_mode_box_loses_its_left_border_and_a_spaced_title_is_no_alphabet_bar() -> None:
    page = "".join(f"|{line}\n" for line in ["", "      П   Р   А   В   И   Л   А", "", "            1 9 8 7", "",
                                              "  Правило 1. Колода", "  Игра ведётся колодой из 52 карт.", "", "", "",
                                              "  Правило 2. Коробки", "  Каждая сдача лежит в своей коробке.", ""])
    nodes, findings, cleaned = build(page)
    # the spaced display is the title page's (session 27: to the report as such), never an alphabet bar
    assert [(n.cite, n.title) for n in nodes] == [("1", "Колода"), ("2", "Коробки")]
    assert {d.reason for d in cleaned.report.dropped} == {
        "a text-mode box's left border", "the book's title page (its title's letters spaced apart): not the law's text"}


def test_an_alphabet_bar_is_still_chrome() -> None:
    nodes, _, cleaned = build("А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я AZ\n" + LAW_61)
    assert [n.cite for n in nodes] == ["61", "61A"]


@pytest.mark.parametrize(("text", "cites"), [
    # items run into their section's paragraph after a sentence mark, in sequence
    ("Правило 11. Потеря права\n\nB. НАРУШЕНИЕ УКАЗАНО ЗРИТЕЛЕМ. 1. Зритель ненарушившей стороны. Право может быть "
     "потеряно. 2. Зритель нарушившей стороны. Право исправить может быть потеряно.\n",
     ["11", "11B", "11B1", "11B2"]),
    # no sequence, or one letter before the mark: text
    ("Правило 11. Потеря права\n\nB. Зритель. Смотри стр. 5. Это текст. 3. Не пункт.\n", ["11", "11B"]),
])
def test_items_run_into_a_paragraph_are_split_only_in_their_sequence(text: str, cites: list[str]) -> None:
    nodes, _, _ = build(text)
    assert [n.cite for n in nodes] == cites


def test_a_clause_number_printed_twice_makes_no_commentary_document(tmp_path) -> None:
    from lawref.corpus import build_corpus

    (tmp_path / "appendix.txt").write_text("ПРИЛОЖЕНИЕ 7\n19.3. Изменения наказаний при экранах\n\nКодекс "
                                          "действует с изменениями.\n", encoding="utf-8")
    built = build_corpus(tmp_path, version="t")
    assert built.reports[0].kind == "laws" and not any(n.kind == "commentary" for n in built.nodes)


def test_a_page_with_one_commentary_paragraph_is_commentary(tmp_path) -> None:
    """A real page holds the end of one paragraph and the start of the next (``16.16. (i) …``): one number."""
    from lawref.corpus import build_corpus

    (tmp_path / "page.txt").write_text("игроков такого же уровня, действующих на основе информации.\n"
                                       "16.16. (i) Вернёмся на шаг назад: мы исследуем действия игрока.\n",
                                       encoding="utf-8")
    built = build_corpus(tmp_path, version="t")
    assert built.reports[0].kind == "commentary" and [n.cite for n in built.nodes if n.cite] == ["16", "16.16"]


def test_a_second_unlabelled_heading_after_a_signature_opens_a_fragment_of_its_own() -> None:
    nodes, _, _ = build("ОТ ПЕРЕВОДЧИКА\n\nПри переводе учтены поправки к тексту правил.\n\n          Ю.Петров\n\n\n"
                        "ПРЕДИСЛОВИЕ\n\nОдна из трудностей судьи в том, что правила меняются.\n")
    assert [(n.title, n.text) for n in nodes] == [
        ("ОТ ПЕРЕВОДЧИКА", "При переводе учтены поправки к тексту правил.\nЮ.Петров"),
        ("ПРЕДИСЛОВИЕ", "Одна из трудностей судьи в том, что правила меняются.")]


def test_a_penalty_mark_in_capitals_inside_a_fragment_stays_its_text() -> None:
    nodes, _, _ = build("продолжение текста с прошлой страницы.\n\n(НАКАЗАНИЕ)\n\nего партнёр должен пасовать.\n")
    assert len(nodes) == 1 and "(НАКАЗАНИЕ)" in nodes[0].text


# ---------------------------------------------------------------- item 6: one printed page held by two sites

def _two_sites(tmp_path) -> object:
    from lawref.corpus import build_corpus

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "p55.txt").write_text("- 55 -\nПравило 61. Обязанность следовать масти\nA. Определение\nИгрок "
                                            "обязан следовать масти хода.\n- 56 -\nB. Исправление\nИгрок исправляет "
                                            "ошибку до установления ренонса.\n", encoding="utf-8")
    (tmp_path / "b" / "p56.txt").write_text("- 56 -\nB. Исправление\nИгрок исправляет ошибку до установления ренонса.\n"
                                            "- 57 -\nC. Наказание\nСудья назначает наказание.\n", encoding="utf-8")
    (tmp_path / "lawref.toml").write_text('[[document]]\nid = "laws"\nkind = "laws"\nfiles = ["a/*.txt", "b/*.txt"]\n',
                                          encoding="utf-8")
    return build_corpus(tmp_path, version="t")


def test_the_same_printed_page_held_by_two_sites_is_kept_once(tmp_path) -> None:
    built = _two_sites(tmp_path)
    texts = [n.text for n in built.nodes]
    assert texts.count("Игрок исправляет ошибку до установления ренонса.") == 1
    assert [n.cite for n in built.nodes if n.cite] == ["61", "61A", "61B"]
    assert sum(r.duplicates_dropped for r in built.reports) == 1


def test_text_going_on_across_the_files_of_a_document_filed_as_a_fragment_is_named(tmp_path) -> None:
    built = _two_sites(tmp_path)
    report = next(r for r in built.reports if r.file == "b/p56.txt")
    assert [s["check"] for s in report.structure] == ["cut_across_files"]
    assert report.structure[0]["node"] == next(n.id for n in built.nodes if n.title == "Наказание")


@pytest.mark.parametrize("call", ["²", "<*>", "*"])
def test_a_footnote_call_glued_to_a_cite_never_hides_it(call: str) -> None:
    from lawref.cite import find_citations

    text = f"как сказано в правиле 64{call}, взятки передаются"
    [found] = find_citations(text)
    assert found.text == "правиле 64" and text[found.start:found.end] == found.text


def test_a_commentary_paragraph_on_two_numbers_is_cited_by_the_first() -> None:
    got = tree("Правило 74. Поведение\n74.1. Игрок ведёт себя вежливо.\n74.2,3. Игрок не показывает своих чувств и "
               "не торопит партнёра.\n", kind="commentary")
    assert [c for c, _, _ in got] == ["74", "74.1", "74.2"]
    assert got[-1][2] == "Игрок не показывает своих чувств и не торопит партнёра."


def test_a_subject_index_with_no_leaders_under_its_title_is_an_index() -> None:
    nodes, findings, cleaned = build("ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\n\nБолван\nограничения прав 43\nКарта штрафная 50-52\n"
                                     "Ренонс 61, 62, 63, 64\nСудья 81-86\n\n" + LAW_61)
    assert [n.cite for n in nodes] == ["61", "61A"] and not findings
    assert {d.reason for d in cleaned.report.dropped} == {"subject index"}


@pytest.mark.parametrize("heading", ["<h1>Все о бридже</h1>", "<h2>Электронная библиотека</h2>"])
def test_a_page_s_heading_that_says_its_title_again_is_chrome(heading: str) -> None:
    page = ("<html><head><title>Все о бридже — Электронная библиотека</title></head><body>" + heading +
            "<pre>\nПравило 61. Обязанность следовать масти\nA. Определение\nИгрок следует масти хода.\n</pre>"
            "</body></html>")
    nodes, findings, _ = build(page, name="page.html")
    assert [(n.cite, n.title) for n in nodes] == [("61", "Обязанность следовать масти"), ("61A", "Определение")]
    assert not findings


def test_a_law_heading_in_an_h1_is_never_taken_for_the_title() -> None:
    page = ("<html><head><title>Правило 61. Обязанность следовать масти</title></head><body>"
            "<h1>Правило 61. Обязанность следовать масти</h1><p>Игрок следует масти хода.</p></body></html>")
    nodes, _, _ = build(page, name="page.html")
    assert [(n.cite, n.text) for n in nodes] == [("61", "Игрок следует масти хода.")]


def test_a_short_page_printed_twice_is_kept_once_and_the_pages_run_on() -> None:
    nodes, findings, cleaned = build("- 55 -\nПравило 61. Обязанность\nA. Определение\nИгрок следует масти хода.\n"
                                     "- 56 -\nB. Исправление\nИгрок исправляет ошибку.\n- 56 -\nB. Исправление\n"
                                     "Игрок исправляет ошибку.\n- 57 -\nC. Наказание\nСудья назначает наказание.\n")
    assert not findings
    assert [(n.cite, n.page) for n in nodes] == [("61", 55), ("61A", 55), ("61B", 56), ("61C", 57)]
    assert [d.text for d in cleaned.report.dropped if d.reason == "repeats earlier text"] == [
        "- 56 -", "B. Исправление", "Игрок исправляет ошибку."]


def test_two_sections_sharing_a_sentence_are_no_repeated_page() -> None:
    got = tree("- 56 -\nПравило 62. Исправление\nA. Первый случай\nСудья решает спор.\n- 57 -\nB. Второй случай\n"
               "Судья решает спор.\n")
    assert [(c, t) for c, _, t in got] == [("62", ""), ("62A", "Судья решает спор."), ("62B", "Судья решает спор.")]


def test_a_lost_yo_printed_as_a_low_quote_is_put_back_and_counted() -> None:
    nodes, findings, cleaned = build("Правило 79. Подсч„т взяток\nA. Согласие\nЕсли вс„ согласовано, сч„т не "
                                     "меняется; игрок сказал: „взяток десять“.\n")
    assert [(n.title, n.text) for n in nodes] == [
        ("Подсчёт взяток", ""), ("Согласие", "Если всё согласовано, счёт не меняется; игрок сказал: „взяток десять“.")]
    assert cleaned.report.count("repair_lost_yo") == 3 and len(cleaned.report.inserted) == 3


# ---------------------------------------------------------------- issue 23, round 6: layouts of other sources

def _dropped(cleaned: object) -> list[tuple[str, str]]:
    return [(d.text, d.reason) for d in cleaned.report.dropped]  # type: ignore[attr-defined]


def test_a_contents_page_printed_as_a_two_column_table_is_contents_whole() -> None:
    # a bilingual site prints its contents as a table: the title in both languages, a rule row, the rows
    text = ("СОДЕРЖАНИЕ | TABLE OF CONTENTS |\n---|---|\n"
            "Предисловие к изданию Сфера действия правил |\nPREFACE SCOPE OF THE LAWS |\n"
            "ГЛАВА I. ОПРЕДЕЛЕНИЯ |\nCHAPTER I. DEFINITIONS |\n"
            "ПРАВИЛО 1. Колода карт | LAW 1 - THE PACK |\nПРАВИЛО 2. Коробки | LAW 2 - THE BOARDS |\n"
            "ПРАВИЛО 3. Столы | LAW 3 - TABLES |\nПРАВИЛО 4. Пары игро")
    loaded = load(text.encode(), "f.txt")
    cleaned = clean(loaded.text, loaded.line_numbers, lang="ru")
    assert not cleaned.paragraphs  # no law, chapter or title made of it
    assert {why for _, why in _dropped(cleaned)} == {"table of contents"}
    assert len(_dropped(cleaned)) == len(text.splitlines())


def test_a_table_row_of_headings_over_a_law_s_body_is_no_contents() -> None:
    nodes, findings, _ = build("СОДЕРЖАНИЕ | TABLE OF CONTENTS |\nПРАВИЛО 1. Колода | LAW 1 - THE PACK |\n"
                               "Игра ведётся колодой из пятидесяти двух карт, по тринадцать карт в каждой из четырёх "
                               "мастей.")
    assert any("пятидесяти двух" in n.text for n in nodes)  # kept: a title over a body is no contents page
    assert {f.check for f in findings} == {"cells_in_title"}  # and the two-column titles are named


@pytest.mark.parametrize(("text", "lines", "words"), [
    # a contents page: every line dropped by the clean, each listed by its line
    ("Оглавление\nПРАВИЛО 1. Колода\nПРАВИЛО 2. Коробки\nПРАВИЛО 3. Столы\n", [1, 2, 3, 4], "ПРАВИЛО 2. Коробки"),
    # a blog's text, not law text: skipped whole, its words listed
    ("Grab a cup of tea before you read on, friends.\nThe weather was fine at the club.\n", None, "Grab a cup of tea"),
])
def test_a_skipped_file_lists_what_it_dropped_in_the_build_report(tmp_path, text: str, lines: list[int] | None,
                                                                  words: str) -> None:
    from lawref.corpus import build_corpus

    (tmp_path / "page.txt").write_text(text, encoding="utf-8")
    (tmp_path / "law.txt").write_text("ПРАВИЛО 5. МЕСТА\nСудья указывает каждой паре её места за столом.\n",
                                      encoding="utf-8")
    report = {r.file: r for r in build_corpus(tmp_path, version="t").reports}["page.txt"]
    assert report.status == "skipped"
    assert words in " ".join(d["text"] for d in report.dropped)
    if lines is not None:
        assert [d["line"] for d in report.dropped] == lines


def test_list_bullets_before_every_heading_and_item_are_markup() -> None:
    got = tree("LAW 64\n- PLAYING OUT OF ORDER\n- A. Offender Plays Early\n- A card played early stands:\n"
               "- 1. Before the Lead\n- when the offender plays before the opening lead is made\n"
               "(whatever the card).\n- 2. After the Lead\n- when the offender plays after the lead.\n"
               "- B. Partner Plays Early\n- The card is a penalty card.\n", lang="en")
    assert got == [
        ("64", "PLAYING OUT OF ORDER", ""),
        ("64A", "Offender Plays Early", "A card played early stands:"),
        ("64A1", "Before the Lead", "when the offender plays before the opening lead is made (whatever the card)."),
        ("64A2", "After the Lead", "when the offender plays after the lead."),
        ("64B", "Partner Plays Early", "The card is a penalty card."),
    ]


def test_a_dash_before_running_text_only_stays() -> None:
    got = tree("ПРАВИЛО 9. ПОРЯДОК\nСудья спрашивает игроков:\n- кто сделал заявку;\n- кто сделал ход.\n")
    assert got == [("9", "ПОРЯДОК", "Судья спрашивает игроков: - кто сделал заявку; - кто сделал ход.")]


def test_a_title_on_its_own_line_before_a_lower_case_body_is_the_whole_title() -> None:
    got = tree("LAW 70\nCLAIMS\nA. Claim Statement\nA claim holds when:\n1. Declarer Shows His Hand\n"
               "when declarer faces the cards and states a line of play.\n", lang="en")
    assert ("70A1", "Declarer Shows His Hand", "when declarer faces the cards and states a line of play.") in got


@pytest.mark.parametrize(("text", "titles"), [
    ("CHAPTER VI\nThe Play\nPART III\nIRREGULAR LEADS\nSECTION TWO\nTHE REVOKE\nLAW 62\nCORRECTION\n"
     "A revoke is put right at once.\n", ["The Play", "IRREGULAR LEADS", "THE REVOKE", "CORRECTION"]),
    ("Глава VI\nРозыгрыш\nПРАВИЛО 44. ПОРЯДОК\nХод делает игрок слева от разыгрывающего.\n", ["Розыгрыш", "ПОРЯДОК"]),
])
def test_a_division_s_title_on_the_line_after_its_bare_label_is_its_title(text: str, titles: list[str]) -> None:
    lang = "en" if text.isascii() else "ru"
    assert [t for _, t, _ in tree(text, lang=lang)] == titles


@pytest.mark.parametrize("chrome", [
    "Next: Law 65 - ARRANGEMENT OF TRICKS\nPrevious: Law 63 - ESTABLISHMENT\nLast modified: Tue Nov 11 10:12:40\n1998",
    "Следующая глава: Правило 65\nПредыдущая глава: Правило 63\nОбновлено: 12.11.2009",
])
def test_links_to_a_page_s_neighbours_and_its_date_stamp_are_chrome(chrome: str) -> None:
    en = chrome.startswith("Next")
    head = "LAW 64\nPROCEDURE\nThe trick stands as played.\n" if en else "ПРАВИЛО 64. ПРОЦЕДУРА\nВзятка остаётся.\n"
    nodes, findings, cleaned = build(head + chrome + "\n", lang="en" if en else "ru")
    assert not findings
    assert nodes[-1].text in ("The trick stands as played.", "Взятка остаётся.")
    assert len(_dropped(cleaned)) == len(chrome.splitlines())


def test_a_page_s_title_printed_twice_at_its_top_is_chrome_once_and_the_document_s_title() -> None:
    # its <title> and its <h1>: the second copy is chrome, the first names the document (it was kept as a fragment)
    nodes, _, cleaned = build("Laws of Club Bridge as a club prints them\nLaws of Club Bridge as a club prints them\n"
                              "LAW 73 - COMMUNICATION\nPartners talk only through their calls and plays.\n", lang="en")
    assert _dropped(cleaned) == [("Laws of Club Bridge as a club prints them", "the page's title (kept as the "
                                  "document's title)"), ("Laws of Club Bridge as a club prints them",
                                                          "site chrome: the page's title printed again")]
    assert cleaned.report.title == "Laws of Club Bridge as a club prints them"
    assert [(n.kind, n.cite) for n in nodes] == [("law", "73")]


def test_a_footnote_introduced_by_words_is_a_footnote_of_its_caller() -> None:
    nodes, findings, _ = build("LAW 73 - COMMUNICATION\nPartners talk only through their calls and plays.*\n"
                               "New Footnote to Law 73 *At the table, partners use no private means.\n", lang="en")
    assert not findings
    note = [n for n in nodes if n.kind == "footnote"]
    assert [n.text for n in note] == ["New Footnote to Law 73 *At the table, partners use no private means."]
    assert note[0].parent == nodes[0].id


def test_a_heading_after_a_sentence_goes_on_from_the_headings_glued_before_it() -> None:
    got = tree("ПРАВИЛО 6. СДАЧАA. ТасованиеКолоду тасуют.B. РаздачаКарты сдают по одной. C. Присутствие "
               "сторонПредставители обеих пар присутствуют.")
    assert [c for c, _, _ in got] == ["6", "6A", "6B", "6C"]
    assert got[-1][1:] == ("Присутствие сторон", "Представители обеих пар присутствуют.")


@pytest.mark.parametrize(("text", "check"), [
    ("Law 4\nLaw 4 is about partnerships, and there is not much to say here.\n", "retold_law,untitled_law"),
    ("Правило 4\nПравило 4 говорит о парах, и сказать тут почти нечего.\n", "retold_law,untitled_law"),
    # an article on what an edition changed (st-johns-bridge.ca's layout): its prose under the law's heading
    ("Law 42 — Dummy's Rights\nOnly small changes here. Law 42B(2) used to name declarer alone; now it does not.\n",
     "retold_law"),
    ("Law 43 – Dummy's Limitations\nLaw 43A — Limitations on Dummy\nThis part is stricter now.\n"
     "Law 43A2(c) has lost a phrase.\n", "retold_law"),
    # a club's page telling the law's parts before them (a new user's page: silent, --strict exited 0)
    ("Law 74 - Conduct and Etiquette\nThis law is split into three sections:\nA. Proper Attitude\n"
     "A player should be courteous to partner and opponents.\n", "retold_law"),
    ("Правило 74. Поведение и этикет\nЭто правило состоит из трёх разделов.\nA. Правильное отношение\n"
     "Игроку следует быть вежливым со всеми.\n", "retold_law"),
    ("LAW 16 - INFORMATION\nPlayers may use the calls and plays [both their partner's and the other side's, "
     "as I read it] of the board.\n", "bracketed_note,first_person"),
    # a gloss of one word is an editor's too (jeff-goldsmith.com's page: its «[LAs]»)
    ("LAW 16 - INFORMATION\nThe partner may not choose among logical alternatives [LAs] the one suggested.\n",
     "bracketed_note"),
])
def test_a_retelling_or_an_editor_s_note_in_law_text_is_named(text: str, check: str) -> None:
    _, findings, _ = build(text, lang="ru" if re.search("[а-я]", text) else "en")
    assert sorted(f.check for f in findings) == check.split(",")  # a retold law with no title: a summary too


def test_a_lost_letter_s_mark_or_a_bracketed_number_is_no_editor_s_note() -> None:
    _, findings, _ = build("LAW 16 - INFORMATION\nA player uses the calls [2] of the board and a lo[?]t letter.\n",
                           lang="en")
    assert not findings


def test_a_law_pointing_at_another_part_of_itself_inside_a_sentence_is_its_own_text() -> None:
    _, findings, _ = build("LAW 45 - CARD PLAYED\nC. Card Deemed to be Played\n1. A card is played once its face "
                           "shows (unless it was already played, see Law 45E).\n", lang="en")
    assert not findings


def test_a_footnote_in_brackets_at_a_line_s_start_after_its_call_is_no_page_marker() -> None:
    nodes, findings, _ = build("ПРАВИЛО 16. ИНФОРМАЦИЯ\nИгрок пользуется информацией от заявок[1] партнёра.\n"
                               "[1] Включая заявки вне очереди, которые приняты.\n")
    assert not findings
    assert [(n.kind, n.page, n.text) for n in nodes][1] == ("footnote", None, "Включая заявки вне очереди, которые приняты.")
    assert nodes[1].parent == nodes[0].id


def test_a_page_flattened_into_one_table_row_gets_its_lines_back_and_its_contents_is_dropped() -> None:
    cells = ["", "П Р А В И Л А", "", "Б Р И Д Ж А", "", "Перевод с английского", "",
             "Правило 12. Права судьи.........40", "A.Право назначить результат......40",
             "1.Правила не дают исправления.....40", "2.Игра невозможна................41",
             "B.Право отменить наказание.......41", "Правило 13. Число карт...........42", ""]
    nodes, _, cleaned = build("      |      ".join(cells) + "\n")
    assert nodes == []  # the title page goes to the report too (session 27): nothing of the page is law text
    assert sum(1 for _, why in _dropped(cleaned) if why == "table of contents") == 6
    assert sum(1 for _, why in _dropped(cleaned) if "title page" in why) == 3


def test_a_club_s_law_heading_in_title_case_and_its_sections_in_sentence_case() -> None:
    got = tree("Law 16\nAuthorised and Unauthorised Information\nA. Players use of information.\n"
               "1. A player may use what the legal calls and plays of the board tell him.\n"
               "B. Extraneous information from partner\n1. Any remark of partner that may suggest a call is unauthorised.\n",
               lang="en")
    assert [(c, t) for c, t, _ in got] == [("16", "Authorised and Unauthorised Information"),
                                           ("16A", "Players use of information"), ("16A1", None),
                                           ("16B", "Extraneous information from partner"), ("16B1", None)]


def test_a_heading_in_capitals_with_a_year_titles_its_fragment() -> None:
    nodes, _, _ = build("ВВЕДЕНИЕ В КОДЕКС-2009\nКодекс описывает правильную процедуру игры и меры, когда она нарушена.\n")
    assert [(n.kind, n.title) for n in nodes] == [("fragment", "ВВЕДЕНИЕ В КОДЕКС-2009")]


def test_a_forum_s_interface_words_around_a_quoted_law_are_chrome() -> None:
    nodes, _, cleaned = build("Jump to content\nRecommended Posts\nLAW 45 - CARD PLAYED\nC. Compulsory Play\n"
                              "1. A card held face up must be played.\nLink to comment\nShare on other sites\n", lang="en")
    assert {t for t, why in _dropped(cleaned)} == {"Jump to content", "Recommended Posts", "Link to comment",
                                                   "Share on other sites"}
    assert nodes[-1].text == "A card held face up must be played."


def test_an_english_item_printed_without_its_opening_bracket_is_an_item() -> None:
    got = tree("LAW 16 - INFORMATION\nA. Use of Information\n1. A player may use information if:\n"
               "a) it comes from the legal calls of the board; or\nb) it is information he held before the board.\n",
               lang="en")
    assert [c for c, _, _ in got] == ["16", "16A", "16A1", "16A1(a)", "16A1(b)"]
    assert got[-1][2] == "it is information he held before the board."


def test_an_english_page_with_a_bullet_before_its_law_heading_is_read_as_english() -> None:
    from lawref.corpus import detect_lang

    assert detect_lang("- LAW 40\n- PARTNERSHIP AGREEMENTS\n- A. Player's System\n- 1. Each pair may choose.\n") == "en"


@pytest.mark.parametrize("pager", ["Страницы: 1 2 3 4 5", "Страницы: 1 2 3", "Pages: 1 2 3 4"])
def test_a_short_pager_that_says_it_is_one_is_chrome(pager: str) -> None:
    nodes, _, cleaned = build(f"ПРАВИЛО 44. ПОРЯДОК\nХод делает игрок слева от разыгрывающего.\n{pager}\n")
    assert nodes[-1].text == "Ход делает игрок слева от разыгрывающего."
    assert _dropped(cleaned) == [(pager, "pager")]


def test_a_short_row_of_numbers_with_no_label_is_text() -> None:
    nodes, _, _ = build("ПРАВИЛО 77. ЗАПИСЬ\nОчки за взятки по порядку:\n1 2 3 4 5\n")
    assert nodes[-1].text.endswith("1 2 3 4 5")


def test_a_title_page_s_letter_spaced_display_lines_go_to_the_report_as_the_title_page() -> None:
    # session 27: a title page is the book's, not the law's text (it was kept as one fragment; every real page's
    # reader counted that fragment misfiled); its lines go to the report, every one, with the reason
    nodes, _, cleaned = build("\n      П Р А В И Л А\n\n      Б Р И Д Ж А\n\n        1 9 9 5\n\n        W B F\n\n"
                              "  LAWS OF CONTRACT BRIDGE\n\n   Перевод с английского\n\n       Москва, 1995\n")
    assert nodes == []
    assert [d.text.strip() for d in cleaned.report.dropped if "title page" in d.reason] == [
        "П Р А В И Л А", "Б Р И Д Ж А", "1 9 9 5", "W B F", "LAWS OF CONTRACT BRIDGE", "Перевод с английского",
        "Москва, 1995"]


def test_a_second_heading_after_a_preface_s_prose_still_opens_its_own_fragment() -> None:
    nodes, _, _ = build("      ОТ ПЕРЕВОДЧИКА\n\nПеревод сверен с английским текстом правил.\n\n            И.Петров\n\n\n"
                        "      ПРЕДИСЛОВИЕ\n\nПравила пишут для судей и игроков всех стран.\n")
    assert [(n.kind, n.title) for n in nodes] == [("fragment", "ОТ ПЕРЕВОДЧИКА"), ("fragment", "ПРЕДИСЛОВИЕ")]
    assert nodes[0].text.endswith("И.Петров")  # its signer, in its text: no section of no law


def test_an_orphan_section_at_a_page_s_start_is_still_a_section_heading() -> None:
    nodes, _, _ = build("B.Сдача\nКарты сдают по одной, по часовой стрелке.\n")
    assert [(n.kind, n.label, n.title) for n in nodes] == [("fragment", "B.", "Сдача")]


@pytest.mark.parametrize("byline", ["By Ann K - Posted on 3 March 2019", "Posted by admin on 12.03.2015",
                                    "Опубликовано: 12.03.2015"])
def test_a_post_s_byline_is_chrome(byline: str) -> None:
    nodes, _, cleaned = build(f"Заметки о правилах\n{byline}\nПРАВИЛО 5. МЕСТА\nСудья указывает парам их места.\n")
    assert (byline, "site chrome") in _dropped(cleaned)
    assert all(byline not in n.text for n in nodes)


def test_a_contents_page_cut_after_an_entry_s_number_drops_the_number_with_it() -> None:
    nodes, _, cleaned = build("Правило 12. Права судьи.........40\nA.Право назначить результат......40\n"
                              "1.Правила не дают исправления.....40\n2.Игра невозможна................41\n3\n")
    assert not nodes
    assert _dropped(cleaned)[-1] == ("3", "table of contents")


def test_a_numbered_item_s_long_sentence_cut_by_the_page_is_its_text_not_its_title() -> None:
    sentence = ("Обращаем внимание на то, что, как правило, присуждённый результат в процентах при игре на "
                "максимум сторона получает только тогда, когда судья не может восстановить вероятный исход сдачи и")
    nodes, _, _ = build(f"Комментарии:\n\n1. {sentence}\n")
    assert [(n.title, n.text) for n in nodes][-1] == (None, sentence)


def test_a_fragment_whose_title_is_longer_than_a_heading_can_be_is_named() -> None:
    from lawref.model import Node, Source
    from lawref.treecheck import check_tree

    node = Node(id="d/fragment@f:1", doc="d", cite=None, kind="fragment", label="1.", title="слово " * 30, text="",
                parent=None, page=None, source=Source("f.txt", 1))
    assert [f.check for f in check_tree([node])] == ["long_title"]


def test_a_section_title_in_sentence_case_over_plain_text_is_its_title() -> None:
    got = tree("LAW 16 - INFORMATION\nC. Information from calls taken back.\n"
               "The side that did not offend may use what a withdrawn call tells it.\n", lang="en")
    assert got[-1] == ("16C", "Information from calls taken back",
                       "The side that did not offend may use what a withdrawn call tells it.")


def test_a_title_page_alone_is_never_offered_as_a_missing_law_s_text(tmp_path) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "title.txt").write_text("П Р А В И Л А\n\n1 9 9 7\n\nОТ ПЕРЕВОДЧИКА\n\nПеревод правил сверен "
                                              "судьями: игрок, партнёр, торговля, розыгрыш, взятка, заявка, масть "
                                              "и пас.\n\n        И.Петров\n", encoding="utf-8")
    (tmp_path / "c" / "law.txt").write_text("ПРАВИЛО 5. МЕСТА\nСудья указывает парам их места за столом.\n",
                                            encoding="utf-8")
    args = ["--corpus", str(tmp_path / "c"), "--index", str(tmp_path / "ix")]
    result = CliRunner().invoke(cli, [*args, "show", "1"])
    assert result.exit_code == 1
    assert result.stdout.startswith("Law 1 — ")  # the catalogue's line, and no fragment offered after it
    assert "perhaps its text" not in result.stdout


def test_list_bullets_never_take_a_page_marker_s_dash() -> None:
    nodes, _, cleaned = build("- 89 -\n- ПРАВИЛО 62. ИСПРАВЛЕНИЕ\n- A. Обязанность исправить\n- Игрок исправляет ошибку.\n"
                              "- 90 -\n- B. Порядок исправления\n- Карту заменяют законной.\n")
    assert [(n.cite, n.page) for n in nodes] == [("62", 89), ("62A", 89), ("62B", 90)]
    assert sum(1 for _, why in _dropped(cleaned) if why == "a list item's bullet") == 5


def test_a_forum_reply_after_a_quoted_law_is_named() -> None:
    _, findings, _ = build("LAW 45 - CARD PLAYED\nC. Compulsory Play\n1. A card held face up must be played.\n"
                           "Link to comment\nShare on other sites\nI think the rule is rarely needed at the club.\n",
                           lang="en")
    assert [(f.check, f.node, f.line) for f in findings] == [("text_after_chrome", "d/45C1", 4),
                                                            ("first_person", "d/45C1", 6)]  # «I think …»: its line


def test_chrome_at_a_page_s_foot_after_the_last_node_is_no_reply() -> None:
    _, findings, _ = build("LAW 45 - CARD PLAYED\nC. Compulsory Play\n1. A card held face up must be played.\n"
                           "Link to comment\nShare on other sites\n", lang="en")
    assert not findings


@pytest.mark.parametrize("heading", ["Введение", "Предисловие к русскому изданию", "От переводчика", "Preface"])
def test_a_front_matter_heading_in_any_case_opens_a_fragment_of_its_own(heading: str) -> None:
    nodes, _, _ = build(f"Кодекс спортивного бриджа\n\nИздание федерации, одобренное лигой\n\n{heading}\n\n"
                        "Настоящий текст правил обязателен на всех турнирах федерации и её клубов.\n")
    assert [n.title for n in nodes] == [None, heading]
    assert nodes[1].text.startswith("Настоящий текст правил")


def test_a_front_matter_word_inside_a_sentence_is_no_heading() -> None:
    nodes, _, _ = build("ПРАВИЛО 80. ОРГАНИЗАТОР\nВведение новых правил решает организатор турнира.\n")
    assert [(n.cite, n.text) for n in nodes] == [("80", "Введение новых правил решает организатор турнира.")]


def test_a_heading_printed_in_two_columns_is_named() -> None:
    # the second cell is no heading of its own language (the two-language heading row is read: see round 7)
    _, findings, _ = build("Глава III. Подготовка к игре | Preparation and Progression |\nПРАВИЛО 6. СДАЧА\n"
                           "Карты сдают по одной, лицом вниз.\n")
    assert [f.check for f in findings] == ["cells_in_title"]


# ---------------------------------------------------------------- issue 23, round 7: bilingual pages

_ENGLISH_COLUMN = ("ГЛАВА X. Жалобы\n\nПРАВИЛО 90. ПРАВО НА ЖАЛОБУ\n\nA. Кто может жаловаться\n\n"
                   "Участник или его капитан может просить пересмотра решения судьи за своим столом.\n\n"
                   "B. Срок жалобы\n\nПраво на жалобу истекает через полчаса после того, как стал известен результат.\n\n"
                   "CHAPTER X. COMPLAINTS\n\nLAW 90 - RIGHT TO COMPLAIN\n\nA. Who May Complain\n\n"
                   "A contestant or his captain may ask for a review of any ruling given at his own table "
                   "by the director in charge of the session.\n\n"
                   "B. Time Limit\n\nThe right to complain ends half an hour after the score of the session is "
                   "known to the players, unless the organisers have set another time.\n\n"
                   "C. How to Complain\n\nEvery complaint is made through the director, who hears both sides first.\n")


def test_the_english_column_of_a_bilingual_page_goes_to_the_report_not_into_the_last_russian_section() -> None:
    # a federation's page prints a law in Russian, then the same law in English under its English headings
    got = tree(_ENGLISH_COLUMN)
    assert [(c, t) for c, t, _ in got] == [("chapter", "Жалобы"), ("90", "ПРАВО НА ЖАЛОБУ"),
                                           ("90A", "Кто может жаловаться"), ("90B", "Срок жалобы")]
    assert got[-1][2] == "Право на жалобу истекает через полчаса после того, как стал известен результат."
    _, _, cleaned = build(_ENGLISH_COLUMN)
    english = [text for text, why in _dropped(cleaned) if "English column" in why]
    assert english[:2] == ["CHAPTER X. COMPLAINTS", "LAW 90 - RIGHT TO COMPLAIN"] and len(english) == 8


def test_the_english_column_printed_first_goes_too_and_the_russian_text_after_it_stays() -> None:
    russian, english = _ENGLISH_COLUMN.split("CHAPTER X.")
    got = tree("CHAPTER X." + english + "\n" + russian)
    assert [c for c, _, _ in got] == ["chapter", "90", "90A", "90B"]


@pytest.mark.parametrize("text", [
    # an English law heading quoted in Russian prose is no column
    "ПРАВИЛО 16. НЕСАНКЦИОНИРОВАННАЯ ИНФОРМАЦИЯ\nВ английском тексте это\nLaw 16 - Unauthorised Information\n"
    "и так его называют судьи.\n",
    # a short English block (a heading and a line) is a quote, not a page's column
    "ПРАВИЛО 16. ИНФОРМАЦИЯ\nТекст правила по-русски.\n\nLAW 16 - INFORMATION\n\nPlayers may use what they see.\n",
])
def test_english_quoted_in_russian_text_stays_text(text: str) -> None:
    _, _, cleaned = build(text)
    assert not [why for _, why in _dropped(cleaned) if "English" in why]


def test_a_two_language_heading_row_keeps_its_russian_cell() -> None:
    # a site prints a chapter's heading as one row of a two-column table, the English cell after the Russian
    got = tree("Глава II. Подготовка к игре | CHAPTER II. Preparation for Play |\n"
               "ПРАВИЛО 6. ТАСОВАНИЕ\nКолоду тщательно тасуют перед каждой сдачей.\n")
    assert [(c, t) for c, t, _ in got] == [("chapter", "Подготовка к игре"), ("6", "ТАСОВАНИЕ")]
    _, _, cleaned = build("Глава II. Подготовка к игре | CHAPTER II. Preparation for Play |\n"
                          "ПРАВИЛО 6. ТАСОВАНИЕ\nКолоду тщательно тасуют перед каждой сдачей.\n")
    assert [why for _, why in _dropped(cleaned)] == ["the English cell of a two-language heading row (and its cell bars)"]


def test_an_english_edition_is_never_read_as_a_column() -> None:
    english = _ENGLISH_COLUMN.split("CHAPTER X.")[1]
    got = tree("CHAPTER X." + english, lang="en")
    assert [c for c, _, _ in got][:2] == ["chapter", "90"]


@pytest.mark.parametrize("heading", ["Комментарии:", "Примечания", "Comments:"])
def test_a_part_heading_of_teaching_material_before_its_numbered_notes_is_a_heading_not_the_last_line(
        heading: str) -> None:
    # material for appeal committees: numbered definitions, then a part heading on its own, then numbered notes
    nodes, _, _ = build("СПРАВОЧНЫЕ МАТЕРИАЛЫ\n\n1. Первое определение дано в кодексе полностью.\n\n"
                        "2. Второе определение дано в кодексе с оговорками.\n\n" + heading + "\n\n"
                        "1. Обратите внимание на то, что оговорки важны.\n")
    assert [(n.label, n.title, n.text) for n in nodes][2:] == [
        ("2.", None, "Второе определение дано в кодексе с оговорками."), (None, heading, ""),
        ("1.", None, "Обратите внимание на то, что оговорки важны.")]


_COMMENT_PAGE = ("\n\n93.2. Главный судья решает апелляцию сам, если комитета нет на турнире.\n"
                 "93.3. Решение судьи по правилу может быть обжаловано в комитете.\n")


def test_an_advert_s_words_alone_at_a_page_s_top_are_chrome() -> None:
    # a library page opens with the words of an advert's link (its address was dropped), set apart
    nodes, _, cleaned = build("угловая ванна акриловая недорого" + _COMMENT_PAGE, kind="commentary")
    assert "угловая" not in " ".join(n.text + (n.title or "") for n in nodes)
    assert _dropped(cleaned)[0] == ("угловая ванна акриловая недорого",
                                    "site chrome: an advert's words at the page's top (none of them the page's)")


@pytest.mark.parametrize("top", [
    "решает апелляцию сам",  # a page that opens in the middle of the text: its words are the page's
    "Угловая ванна акриловая",  # a capital: a title, a heading — not taken by this rule
    "ванна, акриловая; недорого.",  # sentence marks
])
def test_a_page_s_first_line_that_shares_the_page_s_words_or_reads_as_text_stays(top: str) -> None:
    _, _, cleaned = build(top + _COMMENT_PAGE, kind="commentary")
    assert not [why for _, why in _dropped(cleaned) if "advert" in why]


def test_an_english_subsection_opening_with_a_cite_takes_no_title() -> None:
    # ``Subject to Law 16C2, …`` opens a sentence: a title-case run that reaches a law's number is no title
    got = tree("LAW 10 - DETERMINING RECTIFICATION\nC. Choice after Irregularity\n"
               "4. Subject to Law 16C2, after a rectification the offenders may make any call or play that is "
               "to their advantage.\n", lang="en")
    assert got[-1] == ("10C4", None, "Subject to Law 16C2, after a rectification the offenders may make any call "
                                     "or play that is to their advantage.")


# ------------------------------------------------ a section heading printed with its law's number (a real page's)

CITED_SECTIONS = [
    # an English page quoting a law: «45C.» where the law prints «C.»; before, 45C's parts were 45A1, 45A2
    ("Law 45: Card Played\n\nA. Play of a Card\n\nEach player plays a card by facing it on the table.\n\n"
     "45C. Card Deemed to be Played\n\n1. A defender's card held so that partner can see its face is played.\n\n"
     "2. Declarer's card held face up near the table is played.\n",
     "en", ["45", "45A", "45C", "45C1", "45C2"]),
    # no blank line: «1.» right after «45C.» (a new user's find: item 1 was read into 45C's own text)
    ("LAW 45 – CARD PLAYED\n45C. Card Deemed to be Played\n1. A defender's card held so that partner can see its "
     "face is played.\n2. Declarer's card held face up near the table is played.\n", "en", ["45", "45C", "45C1", "45C2"]),
    # the same in Russian: «62В.» under «Правило 62» is its section B (В a look-alike of B)
    ("Правило 62. Исправление фальшренонса\n\nA. Обязанность исправить\n\nИгрок обязан исправить свою ошибку.\n\n"
     "62В. Порядок исправления\n\nНарушитель отменяет карту и даёт карту в масть.\n",
     "ru", ["62", "62A", "62B"]),
]


@pytest.mark.parametrize(("text", "lang", "cites"), CITED_SECTIONS)
def test_a_section_printed_with_its_laws_number_is_that_laws_section(text: str, lang: str, cites: list[str]) -> None:
    nodes, findings, cleaned = build(text, lang=lang)
    assert [n.cite for n in nodes] == cites and not findings
    assert any(d.reason.startswith("the law's number printed before") for d in cleaned.report.dropped)


def test_a_section_printed_with_another_laws_number_stays_text() -> None:
    # which law's section «46B.» is, a page of Law 45 does not say: it is left as it was
    text = ("Law 45: Card Played\n\nA. Play of a Card\n\nEach player plays a card by facing it on the table.\n\n"
            "46B. Incomplete Designation\n\nA card named incompletely is completed by the Director.\n")
    nodes, _, _ = build(text, lang="en")
    assert [n.cite for n in nodes] == ["45", "45A"]
    assert "46B. Incomplete Designation" in nodes[-1].text


# ------------------------------------------------ a law heading printed twice in a row (a page's title over it)

@pytest.mark.parametrize(("text", "lang"), [
    ("Law 45 Card played\n\nLAW 45 – CARD PLAYED\n\nA. Play of a Card\n\nEach player plays a card by facing it.\n", "en"),
    ("Law 45\n\nLAW 45 – CARD PLAYED\n\nA. Play of a Card\n\nEach player plays a card by facing it.\n", "en"),
    ("Правило 45. Сыгранная карта\n\nПРАВИЛО 45. СЫГРАННАЯ КАРТА\n\nA. Игра картой с руки\n\nИгрок кладёт карту.\n",
     "ru"),
])
def test_a_law_heading_printed_twice_in_a_row_is_one_heading(text: str, lang: str) -> None:
    # a blog's title «Law 45 Card played» over the law's own heading: the first was a heading off the run of laws,
    # kept as text before the law, and that text made up a law 44 «[lost pages]» before it
    nodes, findings, cleaned = build(text, lang=lang)
    assert [n.cite for n in nodes] == ["45", "45A"] and not findings
    assert [d.line for d in cleaned.report.dropped if d.step == "drop_doubled_law_headings"] == [1]


def test_two_laws_headings_in_a_row_are_both_kept() -> None:
    nodes, _, _ = build("Law 44 Sequence\n\nLAW 45 – CARD PLAYED\n\nA. Play of a Card\n\nEach player plays a card.\n",
                        lang="en")
    assert [n.cite for n in nodes] == ["44", "45", "45A"]


def test_a_page_printing_a_paragraph_a_line_with_no_blank_line_keeps_its_paragraphs() -> None:
    # a club's page of Law 16 printed each paragraph on one long line, no blank line between: read as hard-wrapped
    # text (its wrap width the longest lines'), 16B2's unlabelled paragraph ran into 16B1's
    first = ("Любые сведения от партнёра, которые могут подсказать заявку или ход, несанкционированы: замечания, "
             "вопросы, ответы на вопросы, неожиданные оповещения или их отсутствие, явные колебания, необычная "
             "быстрота, особая интонация, жест или манера.")
    second = ("Когда игрок считает, что оппонент сделал такие сведения доступными и что это может нанести ущерб "
              "его стороне, он может сразу вызвать судью или объявить, что оставляет за собой право вызвать судью "
              "позже, когда розыгрыш сдачи будет окончен.")
    nodes, _, cleaned = build(f"Правило 16. Сведения\nB. Сведения от партнёра\n1. {first}\n{second}\n")
    assert cleaned.style == "blank-separated"
    assert [p.text for p in cleaned.paragraphs][-2:] == [f"1. {first}", second]


def test_a_post_quoting_a_section_before_a_law_heading_makes_up_no_law() -> None:
    # a forum thread: a post's words, then a section it quotes («C. …»), then «LAW 7» further down; the text before
    # the heading was taken for the end of law 6, and the quoted section filed as 6C (status ok, no warning)
    text = ("Re: removing hands after play\n\nI think the relevant law is this one, quoted below for reference.\n\n"
            "C. Returning Cards to Board\n\nEach player shall restore his original cards to the pocket.\n\n"
            "LAW 7 - CONTROL OF BOARD AND CARDS\n\nB. Removal of Cards from Board\n\nEach player takes a hand.\n")
    nodes, _, _ = build(text, lang="en")
    assert [n.cite for n in nodes if n.cite] == ["7", "7B"]
    assert not any(n.cite and n.cite.startswith("6") for n in nodes)


def test_a_page_opening_with_a_section_before_a_law_heading_is_the_law_before() -> None:
    # a book's page that opens mid-law keeps its inference (000: sections B–D before «Правило 69» are 68B–68D)
    nodes, _, _ = build("- 93 -\nB. Право на вистующего\nТекст раздела B.\nПравило 69. Согласие\nA. Согласие дано\n"
                        "Текст раздела A.\n")
    assert [n.cite for n in nodes if n.cite][:2] == ["68", "68B"]


# A club handbook's page: one paragraph a line of any length, no blank line between, short headings without labels.
HANDBOOK = """\
Insufficient Bid - Law 27
A bid must be higher than the last bid made. If it is not, it is called insufficient.
When an insufficient bid is made any player may draw attention to it, and the Director is called.
Acceptance
The next player may accept the insufficient bid by calling over it.
If the next call is made before anyone notices, the insufficient bid has been accepted.
Correction
If it is not accepted, the offender must replace it with a legal call, but may not double or redouble.
A replacement with the same denomination at the lowest level lets the auction go on without penalty.
Any other replacement bars the offender's partner for the rest of the auction, with lead restrictions.
Example
North opens one spade and East bids one heart; South may accept it and go on with the auction.
"""


def test_a_page_printing_a_paragraph_a_line_of_any_length_keeps_its_paragraphs() -> None:
    # its lines are far shorter than 200 code points, but nearly all of them end a sentence: hard-wrapped text
    # ends a line mid-sentence (the seeds' 000 and 004: 8% of their long lines); it was read as one paragraph, with
    # «Acceptance», «Correction» run into the prose
    _, _, cleaned = build(HANDBOOK, lang="en")
    texts = [p.text for p in cleaned.paragraphs]
    assert cleaned.style == "blank-separated"
    assert "Acceptance" in texts and "Correction" in texts and "Example" in texts
    assert texts == HANDBOOK.strip().split("\n")  # a paragraph a line


@pytest.mark.parametrize(("text", "lang", "title"), [
    ("Law 16\nAuthorised and Unauthorised Information\nA. Players' Use of Information\n"
     + "A player may use information from the legal calls and plays of the current board.\n" * 8,
     "en", "Authorised and Unauthorised Information"),
])
def test_a_bare_law_heading_takes_the_title_on_the_next_line_one_paragraph_a_line(text, lang, title) -> None:
    nodes, _, cleaned = build(text, lang=lang)
    assert cleaned.style == "blank-separated"
    assert (nodes[0].cite, nodes[0].title) == ("16", title)


def test_a_short_page_printing_a_paragraph_a_line_keeps_its_headings_apart() -> None:
    # four long lines are enough (a new user's page of one law: four short headings, four paragraphs, no blank line;
    # with 8 needed it was read as wrapped text and the headings ran into the sentences)
    paragraphs = ["Каждый участник обязан вести себя за столом учтиво и не комментировать решения оппонентов.",
                  "Игрок должен следить за игрой и не задерживать стол без нужды, когда ход у него единственный.",
                  "Громкие замечания о прошедшей сдаче и вздохи после хода партнёра нарушают этикет игры.",
                  "Заявки и ходы делаются в ровном темпе, чтобы пауза не передала партнёру лишних сведений."]
    heads = ["Вежливость", "Внимание к игре", "Нарушения этикета", "Темп"]
    text = "Правило 74. Поведение и этикет\n" + "".join(f"{h}\n{p}\n" for h, p in zip(heads, paragraphs, strict=True))
    _, _, cleaned = build(text)
    assert cleaned.style == "blank-separated"
    assert [p.text for p in cleaned.paragraphs][1:] == [x for pair in zip(heads, paragraphs, strict=True) for x in pair]


# ---------------------------------------------------------------- a third script (session 27: a Greek federation's page)
@pytest.mark.parametrize(("text", "script"), [
    ("ΝΟΜΟΣ 7 – ΔΟΚΙΜΗ", "Greek"),               # a heading in Greek capitals, a digit and a dash among them
    ("Κείμενο για δοκιμή, 10, 9, 8.", "Greek"),
    ("Փորձնական տեքստ", "Armenian"),
    ("测试文本，请忽略", "CJK"),
    ("Правило 62: угол Δ между руками", None),   # a Greek letter inside Russian text
    ("Law 1: the area π r² of the table", None),
    ("Ⅰ Ⅱ Ⅲ", None),                            # Roman numerals are numbers, not Greek or Latin letters
    ("Über die Façade", None),                   # Latin with diacritics
    ("Σ", None),                                 # too few letters to say
])
def test_a_line_is_in_another_script_by_most_of_its_letters(text: str, script: str | None) -> None:
    from lawref.ingest.bilingual import other_script

    assert other_script(text) == script


def test_a_page_printing_a_law_in_greek_before_the_english_keeps_only_the_english() -> None:
    # a bilingual federation page: its own language's text (here our own Greek words) first, then the English law
    page = ("Περιεχόμενα\n\nΝΟΜΟΣ 1 – ΔΟΚΙΜΗ\n\nΑ. Πρώτη ενότητα\n\nΚείμενο της πρώτης ενότητας για δοκιμή.\n\n"
            "LAW 1 - THE PACK\n\nA. Cards in Order\n\nThe pack holds fifty-two cards in four suits.\n\n"
            "B. The Backs\n\nEvery card of a pack shows the same back.\n")
    nodes, findings, cleaned = build(page, lang="en")
    assert [(n.cite, n.title) for n in nodes] == [("1", "THE PACK"), ("1A", "Cards in Order"), ("1B", "The Backs")]
    assert not findings
    assert [d.text for d in cleaned.report.dropped if "script" in d.reason] == [
        "Περιεχόμενα", "ΝΟΜΟΣ 1 – ΔΟΚΙΜΗ", "Α. Πρώτη ενότητα", "Κείμενο της πρώτης ενότητας για δοκιμή."]
    assert len(cleaned.report.notes) == 1 and "Greek" in cleaned.report.notes[0]


# ---------------------------------------------------------------- a cite as a paragraph's label (session 27: thelib)
@pytest.mark.parametrize(("page", "flagged"), [
    # a commentary page opening with a paragraph labelled by a whole cite, its section letter Cyrillic
    ("74А1. Вежливость нужна всегда и во всём.\n\n74.4. Каждое нарушение наказуемо.\n", "'74А1'"),
    # a range of commentary paragraphs inside a law's text
    ("Правило 12. Полномочия судьи\n\nСудья решает спор.\n\n12.2,3. Остальные случаи разобраны ниже.\n", "'12.2,3'"),
    ("Правило 74. Поведение\n\nСм. Правило 74А1 и Правило 74В.\n", None),  # a cite inside a sentence
    ("Правило 62. Исправление ренонса\n\n62B применяется, когда ренонс не закреплён.\n", None),  # no part number
])
def test_a_paragraph_opening_with_a_whole_cite_the_parser_did_not_read_is_flagged(page: str, flagged: str | None) -> None:
    nodes, findings, _ = build(page)
    said = [f.message for f in findings if f.check == "unread_label"]
    if flagged is None:
        assert not said
    else:
        assert len(said) == 1 and flagged in said[0]


# ---------------------------------------------------------------- a page summarising the laws (session 27: a blog)
def test_a_page_telling_each_law_in_a_sentence_of_its_own_is_said_not_ok() -> None:
    # a blog's list «Law N: <a sentence of its own>»: no law printed with its title, none with sections — said for
    # each law, so that --strict fails, never filed silently as Laws 1 and 2
    page = ("Here are a few of the laws you should know before your first club night:\n\n"
            "Law 1: The first player to name a suit as trumps becomes the declarer and plays both hands.\n\n"
            "Law 2: Every board is played by all the pairs, so the same cards are held again and again.\n")
    nodes, findings, _ = build(page, lang="en")
    assert [(f.check, f.node) for f in findings] == [("untitled_law", "d/1"), ("untitled_law", "d/2")]


@pytest.mark.parametrize("page", [
    "LAW 1 - THE PACK\n\nThe pack holds fifty-two cards, thirteen in each of the four suits of the game.\n",
    "Law 7\n\nA. Placement of the Board\n\nThe board is put in the middle of the table for the whole round.\n",
    "Law 12: Director's Discretionary Powers\n\nThe Director may award an adjusted score on the application.\n",
])
def test_a_law_with_its_title_or_its_sections_is_not_a_summary(page: str) -> None:
    _, findings, _ = build(page, lang="en")
    assert "untitled_law" not in {f.check for f in findings}


@pytest.mark.parametrize(("line", "lang"), [
    ("Law 16.B.1.b says “An alternative is logical when many players would weigh it.”", "en"),
    ("Law 16.B.1.a. says that a partner may not pick the call the hesitation suggested.", "en"),
    ("Правило 16.B1 говорит, что партнёр не может выбрать подсказанное действие.", "ru"),
])
def test_a_cite_in_dotted_form_opening_a_sentence_is_no_law_heading(line: str, lang: str) -> None:
    # a director's article quoting the law (d17acbl.org): «Law 16.B.1.b says “…”» was read as the heading of Law 16,
    # its text «B.1.b says …» — a cite's tail is never a law's title
    assert classify(line, "laws", lang) is None


@pytest.mark.parametrize(("text", "lang"), [
    ("В.Я. Петров - родился в 1950 году, играть в бридж он начал в", "ru"),  # a book's «Об авторе» (4italka)
    ("А.Г. Сидоров", "ru"),
    ("A. J. Smith wrote the first club guide to the new laws in that year.", "en"),
])
def test_a_name_s_initials_are_no_section_label(text: str, lang: str) -> None:
    # «В.Я. Бруштунов - родился …» was read as section В titled «Я. Бруштунов …», and its sentence cut at the line
    assert classify(text, "laws", lang) is None


def test_a_sentence_opening_with_a_name_s_initials_goes_on_across_the_book_s_line() -> None:
    lines = ["Автор этой книги о спортивной игре в бридж, которую вы держите в руках, -",
             "В.Я. Петров - родился в 1950 году, играть в бридж он начал в",
             "1970 году. Неоднократный чемпион страны, призёр и победитель многих",
             "крупных соревнований, он много времени уделяет обучению новых игроков.",
             "Эта книга является результатом многолетнего опыта преподавания игры,",
             "которую автор вёл в клубах и школах, а также на курсах для судей.",
             "Первая глава книги рассказывает о правилах игры и о её истории, а",
             "вторая глава книги рассказывает о торговле и о системах торговли,",
             "которые применяют в турнирах игроки разных стран и разных клубов,",
             "а третья глава книги рассказывает о розыгрыше и защите в турнирах."]
    nodes, _, _ = build("\n\n".join(lines) + "\n")
    assert all(n.kind == "fragment" and n.cite is None for n in nodes)
    assert any("он начал в 1970 году. Неоднократный" in n.text for n in nodes)


@pytest.mark.parametrize(("page", "lang", "said"), [
    # an article on the 2017 changes under the law's own heading (a new user's page, st-johns-bridge.ca's layout)
    ("Law 42 - Dummy's Rights\n\nThe wording is almost the same. I like this change: it ends an old argument.\n",
     "en", "'I like this change: it'"),
    # a forum post glued under a quoted item (sbu.org.uk)
    ("LAW 45 - CARD PLAYED\n\nC. Compulsory Play\n\n1. A card held face up is played. Does that help when declarer "
     "says \"Oh, I did not mean that\"?\n", "en", "'I did not mean that\"?'"),
    ("Правило 74. Поведение и этикет\n\nA. Манеры\n\nИгроку следует быть вежливым. По-моему, это главное.\n",
     "ru", "'По-моему, это главное.'"),
    ("Правило 74. Поведение и этикет\n\nA. Манеры\n\nИгроку следует быть вежливым со всеми за столом.\n", "ru", None),
])
def test_law_text_in_the_first_person_is_an_author_s_words(page: str, lang: str, said: str | None) -> None:
    _, findings, _ = build(page, lang=lang)
    told = [f.message for f in findings if f.check == "first_person"]
    assert (told == []) if said is None else (len(told) == 1 and said in told[0]), told


def test_a_small_word_at_a_line_s_end_is_not_glued_to_the_next_line_s_word() -> None:
    # a page printing each line of an old code as a paragraph: «… except in the case of a» ⏎⏎ «lone hand, …» was
    # joined as «alone hand» — both are words, and the text changed; a word cut at a line still joins
    lines = ["The penalty for a revoke is three tricks, except in the case of a",
             "lone hand, when it is five tricks, and the side may not score",
             "for game in that deal whatever the number of tricks it takes."]
    nodes, _, _ = build("\n\n".join(lines) + "\n", lang="en")
    text = " ".join(n.text for n in nodes)
    assert "in the case of a lone hand" in text and "alone" not in text


def test_a_mailing_list_archive_s_header_is_chrome() -> None:
    # a list archive's page (amsterdamned.org, lists.rtflb.org): subject, sender, the message's date on its own line
    page = ("[club-list] Law 7\n\nJohn Smith jsmith at example.org\nTue Apr 8 09:12:30 CEST 2014\n\n"
            "LAW 7 - CONTROL OF BOARD AND CARDS\n\nA. Placement of Board\n\nThe board is put in the middle of the table.\n")
    nodes, _, cleaned = build(page, lang="en")
    assert [(n.cite, n.text) for n in nodes] == [("7", ""), ("7A", "The board is put in the middle of the table.")]
    assert {"Tue Apr 8 09:12:30 CEST 2014", "[club-list] Law 7"} <= {d.text for d in cleaned.report.dropped}


@pytest.mark.parametrize("line", ["Mon, 3 Mar 2008 10:56:46 +0100", "Date: Wed, 5 Mar 2008 10:56:46 +0100",
                                  "March 5, 2008 10:56 AM"])
def test_a_message_s_date_alone_is_chrome_and_a_sentence_with_a_month_is_not(line: str) -> None:
    from lawref.ingest.chrome import chrome_shape

    assert chrome_shape(line) is not None
    assert chrome_shape("May 5 10 tricks were made by the declarer") is None


def test_the_laws_own_this_law_applies_is_no_retelling() -> None:
    _, findings, _ = build("LAW 26 - CALL WITHDRAWN\nThis Law applies each time an offending player withdraws a call "
                           "and makes another.\n", lang="en")
    assert "retold_law" not in {f.check for f in findings}


@pytest.mark.parametrize(("page", "flagged"), [
    # a lecture's slide quoting parts of a law (docslib.org): the omission marks were the text of 45 and 45C
    ("LAW 45 - CARD PLAYED\n\n[ . . . ]\n\nC. Compulsory Play of Card\n\n[ . . . ]\n\n"
     "4. A card named by a player must be played.\n", True),
    ("Правило 45. Сыгранная карта\n\nA. Снос карты с руки\n\nКаждый игрок [...] сносит карту с руки.\n", True),
    ("LAW 45 - CARD PLAYED\n\nA. Play of Card\n\nEach player plays a card... face up on the table.\n", False),
])
def test_an_editor_s_mark_of_words_left_out_is_said(page: str, flagged: bool) -> None:
    _, findings, _ = build(page, lang="ru" if re.search("[а-я]", page) else "en")
    assert ("left_out" in {f.check for f in findings}) is flagged


def test_a_book_s_title_page_with_its_letters_spaced_apart_is_no_law_text() -> None:
    # an online library's first page of an old translation (dunmers, samvelakopov, 5rik): the title page was kept
    # as a fragment, its spaced letters read as words; now it goes to the report, and the law after it is read
    page = ("К Н И Г А\n\nО Б   И Г Р Е\n\n2 0 0 1\n\nПеревод И. Иванова\n\nГород, 2002\n\n"
            "Правило 7. Коробка\n\nA. Положение коробки\n\nКоробку кладут в центр стола.\n")
    nodes, _, cleaned = build(page)
    assert [(n.cite, n.text) for n in nodes] == [("7", ""), ("7A", "Коробку кладут в центр стола.")]
    title_page = [d.text for d in cleaned.report.dropped if "title page" in d.reason]
    assert title_page == ["К Н И Г А", "О Б   И Г Р Е", "2 0 0 1", "Перевод И. Иванова", "Город, 2002"]


def test_a_counter_s_spaced_digits_make_no_title_page() -> None:
    _, _, cleaned = build("Клуб\n\n0 0 0 0 0 0\n\nПравило 7. Коробка\n\nA. Положение коробки\n\nКоробку кладут в центр.\n")
    assert not [d for d in cleaned.report.dropped if "title page" in d.reason]


def test_a_cite_s_dotted_tail_in_a_fragment_is_no_embedded_heading() -> None:
    _, findings, _ = build("A director's note on a ruling.\n\nLaw 16.B.1.a. says that a partner may not choose the "
                           "call the hesitation suggested.\n", lang="en")
    assert "embedded_heading" not in {f.check for f in findings}


@pytest.mark.parametrize(("page", "lang", "said"), [
    # a club's page with its notes after each section (a new user's page): shown as law text, even by show --plain
    ("Правило 25. Изменение заявки\n\nA. Неумышленная заявка\nИгрок может заменить заявку, пока партнёр не заявил.\n\n"
     "Примечание клуба: по вторникам судья подходит к столу всегда.\n", "ru", "'Примечание клуба: по вторникам судья'"),
    ("Правило 25. Изменение заявки\n\nC. Наказание\nПартнёр нарушителя пасует.\n\n"
     "Комментарий редакции сайта: текст приведён в сокращении.\n", "ru", "'Комментарий редакции сайта: текст приведён'"),
    ("LAW 25 - CHANGES OF CALL\n\nA. Unintended Call\nA player may replace an unintended call.\n\n"
     "Note: at our club the director is always called.\n", "en", "'Note: at our club the'"),
    ("LAW 25 - CHANGES OF CALL\n\nA. Unintended Call\nA player may replace an unintended call; note that it must be "
     "done at once.\n", "en", None),
])
def test_a_note_inside_a_law_s_text_is_said(page: str, lang: str, said: str | None) -> None:
    _, findings, _ = build(page, lang=lang)
    told = [f.message for f in findings if f.check == "note_in_law"]
    assert (told == []) if said is None else (len(told) == 1 and said in told[0]), told


@pytest.mark.parametrize(("line", "chrome"), [
    ("Getting Comments... loading...", True),   # a blog's comment box while it loads (bridgewinners)
    ("Bottom Home Top", True),                  # its page's jump bar
    ("Join Bridge Winners", True),              # its call to sign up, the site named
    ("[Peter Smith]", True),                    # a list archive's quoted author, alone on its line (amsterdamned)
    ("🛑 ПОДРОБНЕЕ ЖМИТЕ ЗДЕСЬ 👈🏻", True),           # a copied page's button (real34 telegraph: the fragment's title)
    ("Нажмите сюда, чтобы скачать", True),
    ("судья жмёт руку капитану", False),
    ("[Law 27]", False),
    ("[LAs]", False),
    ("join the auction when partner has passed", False),
    ("The top card of the trick wins it", False),
])
def test_a_blog_s_interface_lines_are_chrome_and_law_words_are_not(line: str, chrome: bool) -> None:
    from lawref.ingest.chrome import chrome_shape

    assert (chrome_shape(line) is not None) is chrome


def test_a_subsection_s_clause_cut_by_the_book_s_line_is_no_title() -> None:
    # a new user's library page (each line of the book a <p>): «1. … считается установленным, как только» ⏎⏎
    # «нарушитель …» took the clause's first line for 63A1's title; a noun phrase over a body in lower case stays one
    lines = ["Правило 63. Установление фальшренонса", "A. Фальшренонс становится установленным",
             "1. Фальшренонс считается установленным, как только", "нарушитель сделает ход в следующую взятку.",
             "2. Фальшренонс установлен и тогда, когда нарушитель или", "его партнёр указал карту для следующей взятки.",
             "3. Ход нарушителя", "когда нарушитель ходит в следующую взятку, фальшренонс установлен."]
    got = tree("\n\n".join(lines) + "\n")
    subs = {c: (t, x) for c, t, x in got if c and c.startswith("63A") and len(c) > 3}
    assert subs["63A1"] == (None, "Фальшренонс считается установленным, как только нарушитель сделает ход в "
                                  "следующую взятку.")
    assert subs["63A2"][0] is None and subs["63A2"][1].startswith("Фальшренонс установлен и тогда, когда нарушитель или "
                                                                  "его партнёр")
    assert subs["63A3"] == ("Ход нарушителя", "когда нарушитель ходит в следующую взятку, фальшренонс установлен.")


def test_page_numbers_at_the_feet_are_read_so_when_a_running_head_follows_the_last() -> None:
    # a new user's PDF extraction: each page's number at its foot, then the next page's running head — also after
    # the last number; every node's page was one too low (the numbers read as the pages they open)
    lines = ["LAW 7 - CONTROL OF BOARD", "A. Placement of Board The board is put in the middle of the table.",
             "31", "THE CLUB RULES OF PLAY",
             "B. Removal of Cards Each player takes his cards from the pocket facing him.",
             "LAW 8 - SEQUENCE OF ROUNDS", "A. Movement of Boards The director tells the players where to go.",
             "32", "THE CLUB RULES OF PLAY",
             "B. End of Round The round ends when the director calls time.",
             "LAW 9 - IRREGULARITY", "A. Drawing Attention Any player may draw attention to an irregularity.",
             "33", "THE CLUB RULES OF PLAY"]
    nodes, findings, cleaned = build("\n".join(lines) + "\n", lang="en")
    assert [(n.cite, n.page) for n in nodes] == [("7", 31), ("7A", 31), ("7B", 32), ("8", 32), ("8A", 32),
                                                 ("8B", 33), ("9", 33), ("9A", 33)]
    assert not findings
    assert any("running head of the page after" in d.reason for d in cleaned.report.dropped)


def test_a_file_mostly_in_another_script_says_its_encoding_may_be_wrong() -> None:
    # a new user's file in a code page lawref misread came out as Greek letters: every line was set aside, and the
    # build said only «no text left after cleaning»
    page = "Οπΰβθλξ 62. Θροπΰβλενθε\n\nA. Θγπξκ ξαισΰν θροπΰβθςό.\n\nB. Θροπΰβλενθε δελΰεςρ ςΰκ.\n"
    nodes, _, cleaned = build(page)
    assert nodes == [] and any("a wrong --encoding" in note for note in cleaned.report.notes)


def test_an_item_whose_bracket_the_extraction_lost_is_the_next_item_after_a() -> None:
    # a flip-book of the 2017 Laws (pubhtml5): «… see D following. b) except as in (a), …» — the PDF lost «(»,
    # and item (b) was glued into (a); only a letter in sequence after (a), after a sentence's end, is cut
    page = ("LAW 27 - INSUFFICIENT BID\n\nB. Insufficient Bid not Accepted\n\n1. (a) if the bid is corrected by the "
            "lowest sufficient bid, play goes on. Law 16 does not apply. b) except as in (a), if it is corrected by "
            "another call, play goes on too. c) in every other case the director is called.\n")
    got = tree(page, lang="en")
    assert [c for c, _, _ in got] == ["27", "27B", "27B1", "27B1(a)", "27B1(b)", "27B1(c)"]
    assert got[4][2] == "except as in (a), if it is corrected by another call, play goes on too."


def test_a_letter_and_bracket_with_no_item_a_before_it_stays_text() -> None:
    got = tree("LAW 27 - INSUFFICIENT BID\n\nA. Acceptance\n\nThe bid stands. b) is the form some pages print.\n",
               lang="en")
    assert [c for c, _, _ in got] == ["27", "27A"]


def test_a_long_run_of_short_lines_with_a_spaced_word_is_no_title_page() -> None:
    # a title page is a few lines; a page opening with a long list of short lines keeps them, spaced word or not
    lines = ["П Р А В И Л А"] + [f"Пункт списка номер {k}" for k in range(1, 30)] + ["Правило 7. Коробка",
                                                                                   "A. Положение коробки",
                                                                                   "Коробку кладут в центр стола."]
    _, _, cleaned = build("\n\n".join(lines) + "\n")
    assert not [d for d in cleaned.report.dropped if "title page" in d.reason]


# A club's news page lists what changed in the Laws: each numbered heading on a line of its own over its paragraphs,
# some headings in title case, some in sentence case. The title-case ones were titles, the others the first line of
# their text (real34: «3. Unintended calls» beside «2. Explanations and Alerts»).
CLUB_LIST = ("What changed in our club's rules\n\n    1. {one}\n\nA pair arriving late is warned by the Director.\n\n"
             "    2. Mobile Phones\n\nPhones are switched off before the first round.\n\n"
             "    3. {three}\n\nThe Director is called at once.\n\nNo player may leave the table meanwhile.\n")


@pytest.mark.parametrize(("one", "three", "titles"), [
    ("Late arrival", "Calling the director", ["Late arrival", "Mobile Phones", "Calling the director"]),
    ("Arriving late (after the start)", "Calling the director",
     ["Arriving late (after the start)", "Mobile Phones", "Calling the director"]),
    # a first paragraph ending a sentence is text, whatever its siblings print
    ("Late arrival", "Call the director.", ["Late arrival", "Mobile Phones", None]),
])
def test_numbered_headings_of_one_list_are_titles_alike_whatever_their_case(one: str, three: str,
                                                                            titles: list[str | None]) -> None:
    nodes, _, _ = build(CLUB_LIST.format(one=one, three=three), lang="en")
    assert [n.title for n in nodes if (n.label or "")[:1].isdigit()] == titles
    assert [n.text.split("\n")[0] for n in nodes if (n.label or "")[:1].isdigit()][0] == (
        "A pair arriving late is warned by the Director.")
