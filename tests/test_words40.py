"""words40 (session 40): Spanish and French as people write them on forums, Discord and
Telegram (no accents, "q", "xq", "tmb", "cb", "stp", numbers and durations in words, Belgian
"septante/nonante", glued units, currencies the service does not price), each reply asserted.

Two number words in a row are a range ("deux-trois heures": was their sum, 5 hours; "trois-quatre
jours" a week); French "six" is a number word ("six cents tokens": was six coins); a weekend of
so many days is those days; a dataset's size in "megas" is no count of examples; a duration's
diminutive or hedge ("dos semanitas", "une petite heure") is that duration; a weekend wished
("gracias, buen finde") is a farewell; a currency asked to pay in ("aceptan ARS?") is answered;
a memory total said with its split ("48Gb en total (2x24)", "48 gigas entre 2 placas") is per
card.
"""

from __future__ import annotations

import pytest

from bot.understand.numbers import words_to_digits
from tests.support.chat import ask

# Two number words in a row, as a range is said: the range, read as "2-3" is (its upper end).
RANGES_IN_WORDS: list[tuple[str, str]] = [
    ("deux-trois heures", "2-3 heures"),
    ("deux trois heures", "2-3 heures"),
    ("dos-tres horas", "2-3 horas"),
    ("trois-quatre jours", "3-4 jours"),
    # one number still: a ten and a unit, a unit and a hundred
    ("vingt-cinq mille exemples", "25000 exemples"),
    ("soixante-six heures", "66 heures"),
    ("treinta y dos mil de contexto", "32000 de contexto"),
]


@pytest.mark.parametrize(("said", "read"), RANGES_IN_WORDS)
def test_two_units_in_a_row_are_a_range(said: str, read: str) -> None:
    assert words_to_digits(said) == read


# French "six" before "cents" is six hundred, not six coins.
SIX_HUNDRED: list[tuple[str, str]] = [
    ("six cents tokens", "600 tokens"),
    ("vingt-cinq mille exemples de six cents tokens", "25000 exemples de 600 tokens"),
    ("six mille exemples", "6000 exemples"),
]


@pytest.mark.parametrize(("said", "read"), SIX_HUNDRED)
def test_french_six_is_a_number_word(said: str, read: str) -> None:
    assert words_to_digits(said) == read


# (lang, question, hours read, the reply's first line)
HOURS: list[tuple[str, str, int, str]] = [
    ("fr", "deux-trois heures de b200 ca fait cb", 3,
     "💵 <b>Vous payez 46,10\u00a0$US</b> — 1 bloc de 10\u00a0GPU-heures (B200)"),
    ("es", "unas dos-tres horas de h100 cuanto es", 3,
     "💵 <b>Pagas 23,20\u00a0US$</b> — 1 bloque de 10\u00a0GPU-horas de H100"),
    ("fr", "trois-quatre jours de h100 c combien", 96,
     "💵 <b>Coût\u00a0: 222,72\u00a0$US</b> — 1× H100 × 96\u00a0heures"),
    # a weekend of so many days: those days (was the weekend's 48 hours)
    ("fr", "allo, combien pour louer deux h100 une fin de semaine de trois jours", 72,
     "💵 <b>Coût\u00a0: 334,08\u00a0$US</b> — 2× H100 × 72\u00a0heures"),
    ("es", "cuanto sale una a100 un finde de cuatro dias", 96,
     "💵 <b>Coste: 88,32\u00a0US$</b> — 1× A100 80GB × 96\u00a0horas"),
    ("en", "how much is an h100 for a 3-day weekend", 72,
     "💵 <b>Cost: $167.04</b> — 1× H100 × 72 hours"),
    # a duration's diminutive or hedge: that duration (was no hours read, the price list)
    ("es", "cuanto me cuesta una a100 dos semanitas", 336,
     "💵 <b>Coste: 309,12\u00a0US$</b> — 1× A100 80GB × 336\u00a0horas"),
    ("es", "una l40s un mesecito cuanto es", 720,
     "💵 <b>Coste: 590,40\u00a0US$</b> — 1× L40S × 720\u00a0horas"),
    ("fr", "une petite heure de h100 ca coute combien", 1,
     "💵 <b>Vous payez 23,20\u00a0$US</b> — 1 bloc de 10\u00a0GPU-heures (H100)"),
    ("fr", "deux bonnes heures de b200 ca fait combien", 2,
     "💵 <b>Vous payez 46,10\u00a0$US</b> — 1 bloc de 10\u00a0GPU-heures (B200)"),
]


@pytest.mark.parametrize(("lang", "q", "hours", "lead"), HOURS)
def test_durations_as_people_say_them(lang: str, q: str, hours: int, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "cost" and reply.query.hours == hours, reply.text
    assert reply.text.startswith(lead), reply.text


# Sample lengths and dataset sizes in words.
DATA: list[tuple[str, str, str]] = [
    ("fr", "vingt-cinq mille exemples de six cents tokens, qlora llama 3 8b, combien de temps "
     "sur une 4090",
     "⏱ <b>Entraînement QLoRA pour Llama 3 8B\xa0: environ 2,55\xa0heures sur 1× RTX 4090 (2,55\xa0GPU-heures pour 15 millions de tokens).</b>"),
    # "megas" is the dataset's bytes (was 300 examples)
    ("es", "tengo un dataset de 300 megas de texto, cuanto tarda un qlora de llama 3 8b en h100",
     "⏱ <b>Entrenamiento QLoRA de Llama 3 8B: alrededor de 2,21\xa0horas en 1× H100 (2,21\xa0GPU-horas para 75 millones de tokens).</b>"),
    ("en", "a dataset of 300 megs, how long to qlora llama 3 8b on an h100",
     "⏱ <b>QLoRA of Llama 3 8B: about 2.21 hours on 1× H100 (2.21 GPU-hours for 75 million tokens).</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), DATA)
def test_data_said_in_words_and_bytes(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time" and reply.text.startswith(lead), reply.text


# A weekend wished, thanks and greetings: a farewell, no rental (was "No te he entendido").
FAREWELLS: list[tuple[str, str]] = [
    ("es", "gracias, buen finde"),
    ("es", "mil gracias, saludos"),
    ("es", "buen finde"),
    ("fr", "merci, bon week-end"),
    ("fr", "merci, bonne semaine"),
    ("fr", "merci, bonne fin de semaine!"),
    ("fr", "merci et a la prochaine"),
]


@pytest.mark.parametrize(("lang", "q"), FAREWELLS)
def test_a_farewell_with_a_weekend_is_a_farewell(lang: str, q: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "smalltalk" and reply.query.social == "bye", reply.text
    assert reply.query.hours is None and reply.text.startswith("👋"), reply.text


def test_a_weekend_wished_leaves_the_hours_asked() -> None:
    reply = ask("buen finde! cuanto sale una h100 por 10 horas", "es")
    assert reply.query.hours == 10, reply.text


# A currency asked to pay in: the prices' currency said (was "No te he entendido").
CURRENCIES: list[tuple[str, str, str]] = [
    ("es", "aceptan ARS?", "💱 <b>Nuestros precios están solo en dólares estadounidenses:</b>"),
    ("es", "aceptan pesos?", "💱 <b>Nuestros precios están solo en dólares estadounidenses:</b>"),
    ("fr", "vous prenez les piasses ?", "💱 <b>Nos prix sont uniquement en dollars américains\u00a0:</b>"),
    ("en", "do you take cad?", "💱 <b>Our prices are in US dollars only:</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), CURRENCIES)
def test_a_currency_asked_to_pay_in_is_answered(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text
    assert "🤔" not in reply.text


def test_the_weights_of_a_model_are_no_currency() -> None:
    assert "💱" not in ask("aceptan pesos de modelos en safetensors?", "es").text


# A memory total with its split: each card holds its share (was one card of 48 GB, or two).
TOTALS: list[tuple[str, str, str]] = [
    ("es", "tengo 48Gb de vram en total (2x24), entra qlora de 70b?",
     "❌ <b>No: un modelo de 70B no cabe en 2× GPU de 24\u00a0GB (QLoRA).</b>"),
    ("es", "tengo 48Gb de vram en total (2x24gb), entra qlora de 70b?",
     "❌ <b>No: un modelo de 70B no cabe en 2× GPU de 24\u00a0GB (QLoRA).</b>"),
    ("es", "48 gigas entre 2 placas, entra qlora de 70b?",
     "❌ <b>No: un modelo de 70B no cabe en 2× GPU de 24\u00a0GB (QLoRA).</b>"),
    ("en", "48gb split between two cards, qlora 70b?",
     "❌ <b>No: a 70B model does not fit on 2× GPU of 24 GB (QLoRA).</b>"),
    ("fr", "48 go repartis sur 2 cartes, un qlora 70b ca passe ?",
     "❌ <b>Non\u00a0: un modèle 70B ne tient pas sur 2× GPU de 24\u202fGo (QLoRA).</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), TOTALS)
def test_a_memory_total_and_its_split(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert (reply.query.gpu_count, reply.query.vram_gb) == (2, 24), reply.text
    assert reply.text.startswith(lead), reply.text


def test_a_cards_memory_before_a_fit_verb_is_no_total() -> None:
    """ "entre" reaches the memory as the typo fix "rentre" (ça rentre: it fits): a total only
    with the cards after it."""
    reply = ask("j'ai 2 cartes de 24go rentre un 70b en qlora ?", "fr")
    assert (reply.query.gpu_count, reply.query.vram_gb) == (2, 24), reply.text


# The time on one's own card asked, and renting another said: the time there leads, the rented
# card's after it (was the two datasheets compared, the time asked unanswered).
RENT_IF: list[tuple[str, str, list[str]]] = [
    ("en", "how long to qlora llama 3 8b with 100k examples on my 3090, and if i rent an h100?",
     ["⏱ <b>How long Llama 3 8B takes with QLoRA depends on how long your 100,000 samples are: about 19.87 hours at 512 tokens each, 82.44 hours at 2,048 tokens each, on 1× RTX 3090",
      "💵 Rented here on 1× H100: about 1.63 hours and 6.04 hours"]),
    ("fr", "combien de temps un qlora de llama 3 8b avec cent mille exemples sur ma 3090, et si "
     "je loue une h100 ?",
     ["⏱ <b>La durée d'un entraînement QLoRA pour Llama 3 8B dépend de la longueur de vos "
      "100\u202f000 exemples", "sur 1× RTX 3090", "1× H100"]),
    # a card we rent too, one's own: its time leads (the H100's line is the template's, left)
    ("es", "cuanto tarda un qlora de llama 3 8b con cien mil ejemplos en mi 4090, y si lo alquilo "
     "en la h100?",
     ["⏱ <b>Lo que tarda el entrenamiento QLoRA de Llama 3 8B depende de cuánto miden tus "
      "100.000 ejemplos", "en 1× RTX 4090"]),
]


@pytest.mark.parametrize(("lang", "q", "has"), RENT_IF)
def test_own_card_time_and_renting_another(lang: str, q: str, has: list[str]) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "time", reply.text
    pos = 0
    for part in has:
        found = reply.text.find(part, pos)
        assert found >= 0, (part, reply.text)
        pos = found + len(part)
    assert "⚖️" not in reply.text


# Paying more for a card, weighed: the cards compared (was the crypto payment page).
WORTH_PAYING: list[tuple[str, str, str]] = [
    ("es", "vale la pena pagar la h100 o con la a100 me alcanza pa un qlora de 70b con 50 mil "
     "ejemplos?", "⚖️ <b>¿H100 o A100 80GB?</b>"),
    ("fr", "ca vaut le coup de payer la h100 ou l'a100 suffit pour un qlora de 70b avec 50 mille "
     "exemples ?", "⚖️ <b>H100 ou A100 80GB\u202f?</b>"),
    ("en", "is it worth paying for the h100 or is the a100 enough for qlora 70b with 50k examples",
     "⚖️ <b>H100 or A100 80GB?</b>"),
]


@pytest.mark.parametrize(("lang", "q", "head"), WORTH_PAYING)
def test_worth_paying_for_a_card_is_no_payment_question(lang: str, q: str, head: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "compare" and head in reply.text, reply.text
    assert "🪙" not in reply.text


def test_paying_for_a_card_with_a_coin_is_still_paying() -> None:
    assert ask("puedo pagar la h100 con usdt?", "es").answer.intent == "pay"


# A model's size on disk, asked as people ask it: the files' size (was the memory to run it,
# or "serving has no typical duration").
DISK: list[tuple[str, str, str]] = [
    ("es", "cuanto ocupa en disco llama 3 70b en q4",
     "⬇️ <b>El archivo GGUF Q4_K_M de Llama 3 70B ocupa unos 43,2\u00a0GB de descarga.</b>"),
    ("fr", "ca pese combien sur le disque llama 3 70b en q4",
     "⬇️ <b>Le fichier GGUF Q4_K_M de Llama 3 70B fait environ 43,2\u202fGo à télécharger.</b>"),
    ("es", "cuanto pesa llama 3 70b en q4?",
     "⬇️ <b>El archivo GGUF Q4_K_M de Llama 3 70B ocupa unos 43,2\u00a0GB de descarga.</b>"),
    ("en", "llama 3 70b q4 size on disk",
     "⬇️ <b>The Q4_K_M GGUF file of Llama 3 70B is about 43.2 GB to download.</b>"),
]


@pytest.mark.parametrize(("lang", "q", "lead"), DISK)
def test_size_on_disk(lang: str, q: str, lead: str) -> None:
    reply = ask(q, lang)
    assert reply.text.startswith(lead), reply.text


def test_weighed_in_vram_is_the_memory() -> None:
    assert ask("cuanto pesa llama 3 8b en vram?", "es").text.startswith("📐")


# A download with the line said as people say it: "la fibre 1 giga", "fibra de 300 megas",
# "bajar" (Latin America) for downloading.
DOWNLOADS: list[tuple[str, str, str]] = [
    ("fr", "combien de temps pour telecharger llama 3 70b avec la fibre 1 giga",
     "À 1\u00a0Gbit/s, cela prend environ 19\u00a0minutes.</b>"),
    ("es", "cuanto tarda en bajar llama 3 70b con fibra de 300 megas",
     "A 300\u00a0Mbps tarda aproximadamente 1,05\u00a0horas.</b>"),
    ("es", "cuanto tardo en bajarme qwen 2.5 32b con 50 megas",
     "A 50\u00a0Mbps tarda aproximadamente 2,91\u00a0horas.</b>"),
]


@pytest.mark.parametrize(("lang", "q", "said"), DOWNLOADS)
def test_downloads_as_people_say_them(lang: str, q: str, said: str) -> None:
    reply = ask(q, lang)
    first = reply.text.split("\n")[0]
    assert first.startswith("⬇️") and first.endswith(said), reply.text


def test_a_price_going_down_is_no_download() -> None:
    assert "⬇️" not in ask("cuanto demora en bajar el precio de la h100?", "es").text
    assert ask("avisame si la h100 baja de 2 dolares", "es").answer.intent == "alert"


# A card's other variant named by its memory alone: the two compared (was the first alone).
VARIANTS: list[tuple[str, str, str]] = [
    ("fr", "une a100 de 40 ou de 80, pour un lora de 13b ?", "⚖️ <b>A100 40GB ou A100 80GB\u202f?</b>"),
    ("es", "la a100 de 40 o la de 80 pa lora de 13b?", "⚖️ <b>¿A100 40GB o A100 80GB?</b>"),
    ("es", "la 3060 de 12 o la de 8 pa qlora de llama 3 8b?", "⚖️ <b>¿RTX 3060 o RTX 3060 8GB?</b>"),
]


@pytest.mark.parametrize(("lang", "q", "head"), VARIANTS)
def test_the_other_variant_by_its_memory(lang: str, q: str, head: str) -> None:
    reply = ask(q, lang)
    assert reply.answer.intent == "compare" and reply.text.startswith(head), reply.text


def test_a_count_after_or_is_no_variant() -> None:
    reply = ask("una a100 de 40 o 2 h100 pa lora de 13b?", "es")
    assert reply.text.startswith("⚖️ <b>¿1× A100 40GB o 2× H100?</b>"), reply.text


def test_a_french_weekend_wished_is_french() -> None:
    """ "merci, bon week-end": "merci" against the English "week" of "week-end" was a tie,
    answered in English with no language chosen."""
    reply = ask("merci, bon week-end")
    assert reply.locale == "fr" and reply.text.startswith("👋 À bientôt"), reply.text
