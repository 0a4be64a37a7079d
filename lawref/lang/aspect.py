"""aspect: a Russian verb's aspect partner (видовая пара), for search.

A director asks in one aspect and the Laws word it in the other: «может ли
он возразить» where 69A says «не возражает», «имеет он право спросить»
where 61B says «спрашивать», «показал карты» where 68 says «показывает».
pymorphy3 gives the two aspects different lemmas, and has no table of
pairs, so they are derived here by the regular rules of Russian
(perfective → imperfective and back) and each candidate is kept only when
pymorphy3 knows it as an infinitive of the other aspect:

======================  =====================================================
rule                    examples
======================  =====================================================
-ить → -ать, a stem     ответить → отвечать, возразить → возражать,
consonant alternating   предупредить → предупреждать, сократить → сокращать
-ить → -лять (labial)   исправить → исправлять, объявить → объявлять
-ить → -ять, -ать       заменить → заменять, решить → решать
-ать/-ить/-еть →        показать → показывать, спросить → спрашивать,
-ывать/-ивать (о → а)   рассмотреть → рассматривать
-ать → -авать           сдать → сдавать, признать → признавать
-рать → -ирать          выбрать → выбирать
-ыть → -ывать           открыть → открывать
-нуть → -ать            достигнуть → достигать
-ложить → -кладывать    наложить → накладывать
-чь → -гать, -кать      предостеречь → предостерегать, помочь → помогать,
                        отвлечь → отвлекать
-чать → -чинать         начать → начинать
-нять → -нимать         понять → понимать, принять → принимать, снять → снимать
======================  =====================================================

and the same rules backwards for an imperfective verb (возражать →
возразить); a reflexive verb by its stem (согласиться → соглашаться). The
first rule that gives a known verb of the other aspect wins, so a lemma has
at most one partner (заметить → замечать, not «заметать»). A pair made by a
prefix (играть → сыграть) is not derived: the prefix is not predictable;
nor is a suppletive one (сказать → говорить: the rules give the archaic
«сказывать», which no director types, so the pair costs nothing). A verb
whose lemma is read in both aspects («считать»: count, impf; read off,
perf) gets none, nor does a verb whose only candidate is read in both
(«перехаживать» → «переходить»: take back a card, cross a street). The rules are the regular ones of Russian secondary
imperfectivisation (suffixes -ыва-/-ива-, -а-/-я-, -ва- with their stem
alternations), as grammars of Russian give them; pymorphy3's dictionary
(OpenCorpora) decides which candidate is a verb.

Build side: :func:`lawref.forms.forms_table` reads a partner's forms as the
corpus verb's lemma, so the query side needs neither pymorphy3 nor this
module.
"""

from __future__ import annotations

import functools

from lawref.lang import morph

__all__ = ["LABIALS", "VERB_POS", "partner", "unreflexive"]

#: Stem-final consonant alternations before an imperfective suffix (perfective → imperfective), in
#: the order tried: ``т`` → ``ч`` before ``щ`` (ответить → отвечать; сократить → сокращать).
_ALTERNATIONS = (("ст", "щ"), ("т", "ч"), ("т", "щ"), ("д", "жд"), ("д", "ж"), ("з", "ж"), ("с", "ш"),
                 ("к", "ч"), ("г", "ж"))
#: Labial consonants, which take an «л» before a suffix (исправить → исправлять, исправление).
LABIALS = "бпвфм"
#: pymorphy3's parts of speech of a verb's forms (infinitive, finite, gerund, participles).
VERB_POS = frozenset({"INFN", "VERB", "GRND", "PRTF", "PRTS"})


def _o_to_a(stem: str) -> list[str]:
    """``stem``, then with its last «о» made «а» (спрос → спрас): the root vowel of -ывать/-ивать."""
    i = stem.rfind("о")
    return [stem] + ([stem[:i] + "а" + stem[i + 1:]] if i > 0 else [])


def _alternated(stem: str) -> list[str]:
    """``stem`` with its final consonant alternated, each way :data:`_ALTERNATIONS` allows."""
    return [stem[: -len(a)] + b for a, b in _ALTERNATIONS if stem.endswith(a)]


def _imperfectives(verb: str) -> list[str]:
    """Candidate imperfectives of the perfective infinitive ``verb``, the likeliest first."""
    out: list[str] = [verb[:-6] + "кладывать"] if verb.endswith("ложить") else []  # наложить → накладывать
    if verb.endswith("чать"):
        out += [verb[:-3] + "инать"]  # начать → начинать
    if verb.endswith("нять"):
        out += [verb[:-3] + "имать"]  # понять → понимать
    if verb.endswith("ить"):
        s = verb[:-3]
        out += [a + "ать" for a in _alternated(s)]
        out += [s + "лять"] if s[-1:] in LABIALS else []
        out += [s + "ять", s + "ать"]
        out += [a + suf for st in _o_to_a(s) for a in [*_alternated(st), st] for suf in ("ивать", "ывать")]
    elif verb.endswith("рать"):
        out += [verb[:-4] + "ирать"]
    if verb.endswith("ать"):
        s = verb[:-3]
        out += [st + suf for st in _o_to_a(s) for suf in ("ывать", "ивать")] + [s + "авать"]
    elif verb.endswith("еть"):
        out += [st + suf for st in _o_to_a(verb[:-3]) for suf in ("ивать", "ывать")] + [verb[:-3] + "евать"]
    elif verb.endswith("ыть"):
        out += [verb[:-3] + "ывать"]
    if verb.endswith("нуть"):
        out += [verb[:-4] + "ать"]
    if verb.endswith("чь"):
        out += [verb[:-2] + "гать", verb[:-2] + "кать"]  # предостеречь → предостерегать, отвлечь → отвлекать
    return out


def _perfectives(verb: str) -> list[str]:
    """Candidate perfectives of the imperfective infinitive ``verb``, the likeliest first."""
    out: list[str] = [verb[:-9] + "ложить"] if verb.endswith("кладывать") else []
    if verb.endswith("чинать"):
        out += [verb[:-5] + "ать"]  # начинать → начать (before «начинить», another verb)
    if verb.endswith("нимать"):
        out += [verb[:-5] + "ять"]  # понимать → понять
    if verb.endswith("авать"):
        out += [verb[:-5] + "ать"]
    for suffix in ("ывать", "ивать"):
        if verb.endswith(suffix):
            s = verb[: -len(suffix)]
            stems = [s] + ([s[: s.rfind("а")] + "о" + s[s.rfind("а") + 1:]] if s.rfind("а") > 0 else [])
            out += [st + end for st in stems for end in ("ать", "ить", "еть", "ыть")]
            out += [st[: -len(b)] + a + "ить" for st in stems for a, b in _ALTERNATIONS if st.endswith(b)]
    if verb.endswith("ирать"):
        out += [verb[:-5] + "рать"]
    if verb.endswith(("гать", "кать")):
        out += [verb[:-4] + "чь"]  # предостерегать → предостеречь
    if verb.endswith("ять"):
        s = verb[:-3]
        out += [s[:-1] + "ить"] if s.endswith("л") and s[-2:-1] in LABIALS else []
        out += [s + "ить"]
    if verb.endswith("ать"):
        s = verb[:-3]
        out += [s[: -len(b)] + a + "ить" for a, b in _ALTERNATIONS if s.endswith(b)] + [s + "ить"]
    return out


def _is_verb(word: str, aspect: str) -> bool:
    """True when pymorphy3's dictionary has ``word`` as an infinitive of ``aspect`` (``perf``/``impf``)."""
    return any(p.tag.POS == "INFN" and p.normal_form == word and p.tag.aspect == aspect and p.is_known
               for p in morph.parses(word))


@functools.lru_cache(maxsize=20_000)
def partner(word: str) -> str | None:
    """The aspect partner's infinitive of the verb ``word`` (any form, folded)
    is read as, by its best parse (``возразил`` → ``возражать``,
    ``спрашивает`` → ``спросить``), or ``None``: not a verb, or no rule gives
    a verb pymorphy3 knows in the other aspect. Loads pymorphy3."""
    parses = morph.parses(word)
    if not parses or parses[0].tag.POS not in VERB_POS or parses[0].tag.aspect not in ("perf", "impf"):
        return None
    verb, aspect = parses[0].normal_form, parses[0].tag.aspect
    if any(p.normal_form == verb and p.tag.aspect not in (None, aspect) for p in parses):
        return None  # «считать»: count (impf) and read off (perf) — no one partner
    other = "impf" if aspect == "perf" else "perf"
    base, reflexive = (verb[:-2], "ся") if verb.endswith("ся") else (verb, "")  # согласиться → соглашаться
    candidates = [c + reflexive for c in (_imperfectives(base) if aspect == "perf" else _perfectives(base))]
    # a candidate also read in the verb's own aspect is a verb of both, with a sense of its own: no partner
    # («перехаживать», take a played card back → «переходить», which also crosses and passes over)
    return next((c for c in dict.fromkeys(candidates) if c != verb and _is_verb(c, other)
                 and not _is_verb(c, aspect)), None)


@functools.lru_cache(maxsize=20_000)
def unreflexive(word: str) -> str | None:
    """The verb without «-ся» that the reflexive verb ``word`` (any form,
    folded) is made from, by its best parse, when pymorphy3 knows it in the
    same aspect (``кладётся`` → ``класть``, ``аннулируются`` →
    ``аннулировать``), else ``None``. The Laws word a rule in the passive
    (65B1 «карта кладётся»), a director asks in the active («кладёт»). Loads
    pymorphy3."""
    parses = morph.parses(word)
    if not parses or parses[0].tag.POS not in VERB_POS or parses[0].tag.aspect not in ("perf", "impf"):
        return None
    verb = parses[0].normal_form
    if not verb.endswith(("ся", "сь")):
        return None
    return verb[:-2] if _is_verb(verb[:-2], parses[0].tag.aspect) else None
