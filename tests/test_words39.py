"""words39 (session 39): Spanish and French as people write them on Telegram and forums, one
message or several (tests.support.chat), each reply asserted.

A thousand with more after it in words ("dos mil quinientos ejemplos", "deux mille cinq cents
exemples") is one number (was 2,000 samples read as none, 2,005 in French). Samples of unsaid
length that one's own card cannot hold, with whether it fits asked first, say the "No" once
(was twice, one line after the other).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

from bot.understand.numbers import words_to_digits
from tests.support.chat import ask, converse, says

# A thousand with more after it, in words: one number, whatever follows it.
THOUSAND_AND_MORE: list[tuple[str, str]] = [
    ("tengo dos mil quinientos ejemplos", "tengo 2500 ejemplos"),
    ("mil quinientos ejemplos", "1500 ejemplos"),
    ("ciento veinte mil quinientos ejemplos", "120500 ejemplos"),
    ("deux mille cinq cents exemples", "2500 exemples"),
    ("trois mille deux cents lignes", "3200 lignes"),
    ("two thousand five hundred samples", "2500 samples"),
    ("dos mil quinientos millones de tokens", "2500 millones de tokens"),
    # a thousand ending the words: the scales read it, or the examples after it
    ("dos mil millones de tokens", "2000 millones de tokens"),
    ("dos mil ejemplos", "2000 ejemplos"),
    ("deux mille et une nuits", "2 mille et une nuits"),
    ("seq len of two thousand forty eight", "seq len of 2048"),
]


@pytest.mark.parametrize(("said", "read"), THOUSAND_AND_MORE)
def test_a_thousand_with_more_after_it_is_one_number(said: str, read: str) -> None:
    assert words_to_digits(said) == read


SAMPLES_IN_WORDS: list[tuple[str, str, str]] = [
    ("es", "tengo dos mil quinientos ejemplos, cuanto tarda un qlora de llama 3 8b en mi 3060",
     "⏱ <b>Lo que tarda el entrenamiento QLoRA de Llama 3 8B depende de cuánto miden tus "
     "2.500 ejemplos"),
    ("fr", "j'ai deux mille cinq cents exemples, combien de temps pour un qlora de llama 3 8b "
     "sur ma 3060",
     "⏱ <b>La durée d'un entraînement QLoRA pour Llama 3 8B dépend de la longueur de vos "
     "2\u202f500 exemples"),
    ("es", "con mil quinientos dolares cuantas horas de h100 me alcanzan",
     "💵 <b>Con 1.500\u00a0US$ tienes 646 horas de 1× H100"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), SAMPLES_IN_WORDS)
def test_samples_and_sums_in_words_past_a_thousand_are_read(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.locale == lang and reply.text.startswith(lead), reply.text


# Whether it fits asked first, then samples of unsaid length the card cannot hold: the "No" once.
FIT_FIRST_SHORT: list[tuple[str, str, str]] = [
    ("es", "tengo una 4070 ti, puedo hacer lora de llama 3 8b? tb quiero saber cuanto tarda con "
     "10k ejemplos", "❌ <b>No: Llama 3 8B no cabe en 1× RTX 4070 Ti (LoRA).</b>"),
    ("fr", "jsp si ma 4070 ti suffit pour un lora de llama 3 8b, et combien de temps avec 10k "
     "exemples ?", "❌ <b>Non\u00a0: Llama 3 8B ne tient pas sur 1× RTX 4070 Ti (LoRA).</b>"),
    ("en", "can i lora llama 3 8b on my 4070 ti? how long with 10k examples",
     "❌ <b>No: Llama 3 8B does not fit on 1× RTX 4070 Ti (LoRA).</b>"),
]


@pytest.mark.parametrize(("lang", "q", "no"), FIT_FIRST_SHORT)
def test_a_card_too_small_for_samples_says_no_once(lang: str, q: str, no: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time" and reply.text.startswith(no + "\n"), reply.text
    assert reply.text.count("❌ <b>") == 1, reply.text
    says(reply.text, [no, "⏱ <b>"], ["🤔"])


# A hundred examples or more in words: a dataset's count (fewer are words of a chat).
SAMPLES_IN_HUNDREDS: list[tuple[str, str]] = [
    ("tengo quinientas filas de unos 400 tokens", "tengo 500 filas de unos 400 tokens"),
    ("cinq cents lignes", "500 lignes"),
    ("five hundred rows", "500 rows"),
    ("ochocientas conversaciones", "800 conversaciones"),
    ("dame tres ejemplos", "dame tres ejemplos"),
    ("give me two examples", "give me two examples"),
    ("un par de ejemplos", "un par de ejemplos"),
]


@pytest.mark.parametrize(("said", "read"), SAMPLES_IN_HUNDREDS)
def test_a_hundred_examples_or_more_in_words_are_a_count(said: str, read: str) -> None:
    assert words_to_digits(said) == read


HUNDREDS_ASKED: list[tuple[str, str, str]] = [
    ("es", "tengo quinientas filas de unos 400 tokens, cuanto tarda qlora llama 3 8b en una h100",
     "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 1"),
    ("fr", "j'ai huit cents exemples, combien de temps pour un qlora de mistral 7b sur ma 3090 ?",
     "⏱ <b>La durée d'un entraînement QLoRA pour Mistral 7B (7,3\u00a0Md de paramètres) dépend "
     "de la longueur de vos 800 exemples"),
    ("es", "cuanto cuesta una h100 por trescientas horas",
     "💵 <b>Coste: 696,00\u00a0US$</b> — 1× H100 × 300\u00a0horas"),
    ("es", "quinientas horas de a100 cuanto es",
     "💵 <b>Coste: 460,00\u00a0US$</b> — 1× A100 80GB × 500\u00a0horas"),
    ("es", "cuanto cuesta una h100 por veintiocho horas",
     "💵 <b>Pagas 69,60\u00a0US$</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), HUNDREDS_ASKED)
def test_hundreds_in_words_are_read_where_asked(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.locale == lang and reply.text.startswith(lead), reply.text
    assert "para 200.000\u00a0tokens" in reply.text or "filas" not in q, reply.text


# Two ways to train weighed on a card, no model and no price asked: what each does, then which
# model, the card kept for it (was "we don't rent the RTX 3090, so there is no price to quote").
METHODS_ON_A_CARD: list[tuple[str, str, str]] = [
    ("es", "que es mejor qlora o lora pa una 3090?",
     "⚖️ <b>LoRA o QLoRA: los dos entrenan adaptadores pequeños sobre un modelo base congelado"),
    ("fr", "c'est quoi le mieux qlora ou lora pour une 3090 ?",
     "⚖️ <b>LoRA ou QLoRA\u00a0:"),
    ("en", "qlora or lora for a 3090?",
     "⚖️ <b>LoRA or QLoRA: both train small adapters on a frozen base model"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), METHODS_ON_A_CARD)
def test_two_methods_weighed_on_a_card_are_told_apart(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.query.gpu == "rtx-3090" and reply.text.startswith(lead), reply.text
    says(reply.text, [lead, "❓"], ["🏠", "🤔"])


def test_the_card_stays_for_the_model_named_after() -> None:
    _, second = converse("qlora o lora pa mi 3090?", "para llama 3 8b", locale="es")
    assert (second.query.gpu, second.query.model_id) == ("rtx-3090", "llama-3-8b"), second.text
    assert second.text.split("\n", 1)[1].startswith(
        "✅ <b>En 1× RTX 3090, Llama 3 8B cabe con QLoRA y LoRA.</b>"), second.text


# French typography: U+00A0 before ":" (26 translations had U+202F there, "LoRA ou QLoRA\u202f:"),
# U+202F before "%" ("environ 5\u00a0%% plus petit"); the catalogue check now says so.
_FR_PO = Path(__file__).resolve().parent.parent / "bot/locales/fr/LC_MESSAGES/messages.po"


def _catalogues_script() -> ModuleType:
    path = _FR_PO.parents[4] / "scripts" / "catalogues.py"
    spec = importlib.util.spec_from_file_location("catalogues_words39", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_french_colons_and_percents_have_their_own_spaces() -> None:
    with _FR_PO.open("rb") as fh:
        catalogue = read_po(fh)
    texts = [m.string for m in catalogue if m.id and isinstance(m.string, str)]
    assert not [t for t in texts if "\u202f:" in t]
    assert not [t for t in texts if "\u00a0%%" in t]


@pytest.mark.parametrize("text", ["LoRA ou QLoRA\u202f: les deux", "environ 5\u00a0%% plus petit"])
def test_the_catalogue_check_names_the_wrong_space(text: str) -> None:
    assert _catalogues_script().typography_problems("fr", text)


# A length with no unit after the examples it measures is in tokens ("10k ejemplos de 512"):
# one figure (was unread, both lengths bracketed); a unit after it is no length.
BARE_LENGTH: list[tuple[str, str, int | None]] = [
    ("es", "y si uso unsloth cuanto tarda en mi 3090 qlora llama 3 8b con 10k ejemplos de 512?",
     5_120_000),
    ("fr", "combien de temps pour un qlora llama 3 8b sur ma 3090 avec 10k exemples de 512",
     5_120_000),
    ("es", "cuanto tarda qlora llama 3 8b en una a100 con 10k ejemplos de 512, 3 epocas",
     5_120_000),
    ("en", "qlora llama 3 8b, 10k samples of 1k, on an a100, how long", 10_000_000),
    ("fr", "combien de temps qlora llama 3 8b sur une a100 avec 10k exemples de 512 en moyenne",
     5_120_000),
    ("es", "cuanto tarda qlora llama 3 8b en mi 3090 con 20k ejemplos de 3 epocas", None),
    ("es", "cuanto tarda qlora llama 3 8b en una a100 con 10k ejemplos de 5gb", None),
]


@pytest.mark.parametrize(("lang", "q", "tokens"), BARE_LENGTH)
def test_a_length_with_no_unit_after_examples_is_in_tokens(
        lang: str, q: str, tokens: int | None) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time", reply.text
    got = reply.query.dataset_tokens
    assert (None if got is None else int(got)) == tokens, reply.text
    if tokens is not None:
        assert reply.text.startswith("⏱ <b>") and "512 tokens" not in reply.text[:200], reply.text


# Hours a day said "diarias", "quotidiennes", "daily", "x dia": those hours on each day of the
# span (was the 8 hours alone, the month unread).
HOURS_DAILY: list[tuple[str, str, int]] = [
    ("es", "cuanto sale una h100 8 horas diarias durante un mes", 240),
    ("es", "cuanto sale una h100 8h diarias por un mes", 240),
    ("es", "cuanto sale una h100 8 horas x dia por un mes", 240),
    ("es", "cuanto sale una h100 4 horas diarias durante dos semanas", 56),
    ("fr", "combien pour une h100 8 heures quotidiennes pendant un mois", 240),
    ("en", "how much for an h100 8 hours daily for a month", 240),
    ("es", "cuanto sale una h100 8 horas diarias", 8),
]


@pytest.mark.parametrize(("lang", "q", "hours"), HOURS_DAILY)
def test_hours_daily_over_a_span_are_counted_each_day(lang: str, q: str, hours: int) -> None:
    reply = ask(q, lang)
    assert (reply.answer.intent, reply.query.hours) == ("cost", hours), reply.text


# System memory said with no unit ("32 de ram"): GB, as people say it (was unread, so no
# layer split: "No" where llama.cpp runs it partly on the CPU).
RAM_NO_UNIT: list[tuple[str, str, str]] = [
    ("es", "tengo una rtx 3060 de 12 gigas y 32 de ram, puedo correr llama 3 70b en q4?",
     "⚠️ <b>Sí, en parte en la CPU y despacio: Llama 3 70B (inferencia GGUF Q4_K_M) no cabe "
     "entero en 1× RTX 3060, así que llama.cpp deja 59 de sus 81 capas en tus 32\u00a0GB de RAM"),
    ("fr", "j'ai une 3060 et 32 de ram, llama 3 70b en q4 ca passe ?",
     "⚠️ <b>Oui, en partie sur le CPU et lentement\u00a0: Llama 3 70B"),
    ("es", "mi mac m2 pro con 32 de ram aguanta llama 3 70b en q4?",
     "❌ <b>No: Llama 3 70B no cabe en 1× Apple M2 Pro (inferencia GGUF Q4_K_M).</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), RAM_NO_UNIT)
def test_ram_said_without_its_unit_is_in_gb(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    if "mac" in q:
        assert "🍎 32\u00a0GB de memoria unificada" in reply.text, reply.text


# "y pico", "et quelques", "and change" after a number: a bit more, read as that number (was no
# dataset read: "depende de cuántos tokens entrenes").
AND_SOME: list[tuple[str, str]] = [
    ("es", "cuanto tarda lora mistral 7b con dos millones y pico de tokens en una a100"),
    ("fr", "combien de temps pour un lora mistral 7b avec deux millions et quelques de tokens "
     "sur une a100"),
    ("en", "how long to lora mistral 7b with two million and change tokens on an a100"),
]


@pytest.mark.parametrize(("lang", "q"), AND_SOME)
def test_a_bit_more_than_a_number_is_that_number(lang: str, q: str) -> None:
    reply = ask(q, lang)
    assert reply.query.dataset_tokens == 2_000_000, reply.text
    assert reply.text.startswith("⏱ <b>"), reply.text


def test_and_some_after_no_number_stays() -> None:
    assert words_to_digits("llama 3 8b y algo de contexto") == "llama 3 8b y algo de contexto"


# How often a run is done is no duration: "una vez al mes" was a month of rental (720 hours),
# "una vez por semana" a week (168), "once a month" 8,640 hours (Spanish "once", eleven, plus
# the article: 12 months).
HOW_OFTEN: list[tuple[str, str]] = [
    ("es", "entre una 3090 usada y alquilar h100, q conviene pa fine-tunear llama 3 8b una vez "
     "al mes?"),
    ("fr", "louer une h100 ou acheter une 3090 pour fine-tuner llama 3 8b une fois par mois ?"),
    ("en", "rent an h100 or buy a 3090 to finetune llama 3 8b once a month?"),
    ("es", "quiero entrenar llama 3 8b con qlora una vez por semana en una l40s, cuanto sale?"),
    ("en", "finetune llama 3 8b once a month on an h100, cost?"),
    ("en", "rent an h100 or buy a 3090 to finetune llama 3 8b twice a week?"),
]


@pytest.mark.parametrize(("lang", "q"), HOW_OFTEN)
def test_how_often_a_run_is_done_is_no_duration(lang: str, q: str) -> None:
    reply = ask(q, lang)
    assert reply.query.hours is None, reply.text
    assert "720" not in reply.text[:300] and "8.640" not in reply.text, reply.text


def test_once_before_its_scale_is_still_eleven() -> None:
    assert words_to_digits("once millones de tokens") == "11 millones de tokens"
    assert words_to_digits("cuanto cuesta una h100 una vez al mes 5 horas") \
        == "cuanto cuesta una h100 una vez al mes 5 horas"


# Whether one's card is enough, asked before the time ("sirve para", "ça suffit pour", "is it
# enough"): the verdict leads, on one line, as "can i …" does (was the time alone).
ENOUGH_FIRST: list[tuple[str, str, str]] = [
    ("es", "mi mac m2 max de 32gb sirve para qlora de mistral 7b? cuanto tarda con 2k ejemplos?",
     "✅ <b>Sí: Mistral 7B (7,3 mil millones de parámetros) cabe en 1× Apple M2 Max (QLoRA).</b>"),
    ("fr", "mon mac m2 max 32go ca suffit pour un qlora de mistral 7b ? et combien de temps avec "
     "2k exemples ?",
     "✅ <b>Oui\u00a0: Mistral 7B (7,3\u00a0Md de paramètres) tient sur 1× Apple M2 Max (QLoRA).</b>"),
    ("en", "my m2 max 32gb is it enough for qlora mistral 7b? and how long with 2k examples?",
     "✅ <b>Yes: Mistral 7B (7.3B parameters) fits on 1× Apple M2 Max (QLoRA).</b>"),
]


@pytest.mark.parametrize(("lang", "q", "verdict"), ENOUGH_FIRST)
def test_whether_a_card_is_enough_asked_first_leads(lang: str, q: str, verdict: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time" and reply.text.startswith(verdict), reply.text
    says(reply.text, [verdict, "⏱ <b>"], ["🤔"])
