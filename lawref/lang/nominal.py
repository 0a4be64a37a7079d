"""nominal: a Russian verb's action noun (отглагольное существительное) and back, for search.

A director names the act and the Laws give the verb, or the other way:
«аннулирование» where 17D and 35 say «аннулируются», «исправить ренонс»
where 62 is «Исправление фальшренонса», «нарушение» beside «нарушил».
pymorphy3 gives a verb and its noun different lemmas, so the pair is
derived here by the regular rules of Russian word formation (the suffixes
-ани(е), -яни(е), -ени(е) with their stem alternations) and each candidate is
kept only when pymorphy3's dictionary (OpenCorpora) knows it as a noun (or,
backwards, an infinitive):

=====================  =================================================
rule                   examples
=====================  =================================================
-овать → -ование       аннулировать → аннулирование, требовать → требование
-ать, -ять → -ание,    признать → признание, опоздать → опоздание,
-яние                  влиять → влияние
-ить, -еть → -ение,    нарушить → нарушение, изменить → изменение,
a stem consonant       исправить → исправление, возразить → возражение,
alternating            предупредить → предупреждение, рассмотреть → рассмотрение
-ировать → -ация,      компенсировать → компенсация, аннулировать → аннуляция,
-яция, -кция, -фикация реконструировать → реконструкция,
(loanwords)            дисквалифицировать → дисквалификация
=====================  =================================================

and the same rules backwards for a noun in -ние or -ция (аннулирование →
аннулировать; the first known verb wins). A verb has at most one noun in
-ние and one in -ция (аннулировать → both); an imperfective with none of
its own takes its aspect partner's (возражать → возражение, by
:func:`lawref.lang.aspect.partner`). A reflexive verb is read by its stem
(извиниться → извинение). Nouns not made by a suffix (замена, отмена,
ответ) are not derived: their formation is not predictable.

Build side: :func:`lawref.forms.forms_table` reads the derived word's forms
as the corpus word's lemma, so the query side needs neither pymorphy3 nor
this module.
"""

from __future__ import annotations

import functools

from lawref.lang import aspect, morph

__all__ = ["counterparts"]

#: Stem-final consonant alternations before -ение (verb stem → noun stem), in the order tried.
_ALTERNATIONS = (("ст", "щ"), ("т", "щ"), ("т", "ч"), ("д", "жд"), ("д", "ж"), ("з", "ж"), ("с", "ш"))


def _nouns(verb: str) -> list[str]:
    """Candidate action nouns in -ние of the infinitive ``verb`` (no «ся»), the likeliest first."""
    if verb.endswith(("овать", "евать", "ывать", "ивать", "ать")):
        return [verb[:-2] + "ние"]  # аннулировать → аннулирование, признать → признание
    if verb.endswith("ять"):
        return [verb[:-2] + "ние", verb[:-3] + "ение"]  # влиять → влияние, объявлять → объявление
    if verb.endswith(("ить", "еть")):
        s = verb[:-3]
        out = [s[: -len(a)] + b + "ение" for a, b in _ALTERNATIONS if s.endswith(a)]
        out += [s + "ление"] if s[-1:] in aspect.LABIALS else []  # исправить → исправление
        return [*out, s + "ение"]
    return []


def _loan_nouns(verb: str) -> list[str]:
    """Candidate nouns in -ция of a loanword infinitive in -ировать/-овать, the likeliest first."""
    if verb.endswith("фицировать"):
        return [verb[:-8] + "кация"]  # дисквалифицировать → дисквалификация
    if verb.endswith("ировать"):
        s = verb[:-7]
        return [s + "кция"] if s.endswith("у") else [s + "яция", s + "ация"] if s.endswith("л") else [s + "ация"]
    return [verb[:-5] + "ация"] if verb.endswith("овать") else []  # организовать → организация


def _verbs(noun: str) -> list[str]:
    """Candidate infinitives of the action noun ``noun``, the likeliest first."""
    if noun.endswith("фикация"):
        return [noun[:-5] + "цировать"]
    if noun.endswith(("ация", "яция")):
        return [noun[:-4] + "ировать", noun[:-4] + "овать"]  # компенсация, апелляция, организация
    if noun.endswith("кция"):
        return [noun[:-4] + "ировать"]  # реконструкция → реконструировать
    if noun.endswith(("ание", "яние")):
        return [noun[:-3] + "ть"]  # аннулирование → аннулировать, влияние → влиять
    if not noun.endswith("ение"):
        return []
    s = noun[:-4]
    out = [s[:-1] + "ить"] if s.endswith("л") and s[-2:-1] in aspect.LABIALS else []  # исправление → исправить
    out += [s[: -len(b)] + a + "ить" for a, b in _ALTERNATIONS if s.endswith(b)]
    return [*out, s + "ить", s + "еть", s + "ять"]


def _known(word: str, pos: str) -> bool:
    """True when pymorphy3's dictionary has ``word`` as a lemma of part of speech ``pos``."""
    return any(p.tag.POS == pos and p.normal_form == word and p.is_known for p in morph.parses(word))


@functools.lru_cache(maxsize=20_000)
def counterparts(word: str) -> tuple[str, ...]:
    """The action nouns of the verb ``word`` (any form, folded) is read as,
    by its best parse (``аннулируются`` → ``аннулирование``, ``аннуляция``),
    or the verb of the action noun ``word`` (``исправления`` → ``исправить``);
    ``()`` for neither, or when no rule gives a word pymorphy3 knows. Loads
    pymorphy3."""
    parses = morph.parses(word)
    if not parses or not parses[0].is_known:
        return ()
    best = parses[0]
    if best.tag.POS in aspect.VERB_POS:
        return _verb_nouns(best.normal_form) or _verb_nouns(aspect.partner(best.normal_form) or "")
    if best.tag.POS == "NOUN":
        noun = best.normal_form
        return tuple(c for c in _verbs(noun) if c != noun and _known(c, "INFN"))[:1]
    return ()


def _verb_nouns(verb: str) -> tuple[str, ...]:
    """The known nouns of the infinitive ``verb``: its first in -ние, its first in -ция."""
    base = verb[:-2] if verb.endswith(("ся", "сь")) else verb
    found = (next((c for c in rule(base) if _known(c, "NOUN")), None) for rule in (_nouns, _loan_nouns))
    return tuple(c for c in found if c)
