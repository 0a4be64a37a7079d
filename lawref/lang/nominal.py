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
=====================  =================================================

and the same rules backwards for a noun in -ние (аннулирование →
аннулировать; the first known verb wins). A reflexive verb is read by its
stem (извиниться → извинение). Nouns not made by a suffix (замена,
отмена, ответ) are not derived: their formation is not predictable.

Build side: :func:`lawref.forms.forms_table` reads the derived word's forms
as the corpus word's lemma, so the query side needs neither pymorphy3 nor
this module.
"""

from __future__ import annotations

import functools

from lawref.lang import morph

__all__ = ["counterpart"]

#: Stem-final consonant alternations before -ение (verb stem → noun stem), in the order tried.
_ALTERNATIONS = (("ст", "щ"), ("т", "щ"), ("т", "ч"), ("д", "жд"), ("д", "ж"), ("з", "ж"), ("с", "ш"))
_LABIALS = "бпвфм"
_VERB_POS = frozenset({"INFN", "VERB", "GRND", "PRTF", "PRTS"})


def _nouns(verb: str) -> list[str]:
    """Candidate action nouns of the infinitive ``verb`` (no «ся»), the likeliest first."""
    if verb.endswith(("овать", "евать", "ывать", "ивать", "ать")):
        return [verb[:-2] + "ние"]  # аннулировать → аннулирование, признать → признание
    if verb.endswith("ять"):
        return [verb[:-2] + "ние", verb[:-3] + "ение"]  # влиять → влияние, объявлять → объявление
    if verb.endswith(("ить", "еть")):
        s = verb[:-3]
        out = [s[: -len(a)] + b + "ение" for a, b in _ALTERNATIONS if s.endswith(a)]
        out += [s + "ление"] if s[-1:] in _LABIALS else []  # исправить → исправление
        return [*out, s + "ение"]
    return []


def _verbs(noun: str) -> list[str]:
    """Candidate infinitives of the action noun ``noun``, the likeliest first."""
    if noun.endswith(("ание", "яние")):
        return [noun[:-3] + "ть"]  # аннулирование → аннулировать, влияние → влиять
    if not noun.endswith("ение"):
        return []
    s = noun[:-4]
    out = [s[:-1] + "ить"] if s.endswith("л") and s[-2:-1] in _LABIALS else []  # исправление → исправить
    out += [s[: -len(b)] + a + "ить" for a, b in _ALTERNATIONS if s.endswith(b)]
    return [*out, s + "ить", s + "еть", s + "ять"]


def _known(word: str, pos: str) -> bool:
    """True when pymorphy3's dictionary has ``word`` as a lemma of part of speech ``pos``."""
    return any(p.tag.POS == pos and p.normal_form == word and p.is_known for p in morph.parses(word))


@functools.lru_cache(maxsize=20_000)
def counterpart(word: str) -> str | None:
    """The action noun of the verb ``word`` (any form, folded) is read as,
    by its best parse (``аннулируются`` → ``аннулирование``), or the verb of
    the action noun ``word`` (``исправления`` → ``исправить``), or ``None``:
    neither, or no rule gives a word pymorphy3 knows. Loads pymorphy3."""
    parses = morph.parses(word)
    if not parses or not parses[0].is_known:
        return None
    best = parses[0]
    if best.tag.POS in _VERB_POS:
        verb = best.normal_form
        base = verb[:-2] if verb.endswith(("ся", "сь")) else verb
        return next((c for c in _nouns(base) if _known(c, "NOUN")), None)
    if best.tag.POS == "NOUN":
        noun = best.normal_form
        return next((c for c in _verbs(noun) if c != noun and _known(c, "INFN")), None)
    return None
