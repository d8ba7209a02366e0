"""conv20: a follow-up that changes one thing keeps everything else (tests.support.chat.converse),
en/es/fr."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import converse, says

# "and with vllm at 32k?" after a model served on a card: vLLM's memory accounting (its 0.92 of
# the card) at 32,768 tokens of context, in every language (es "a 32k" and fr "en 32k" were
# unread: the answer stayed at 2,048 tokens with vLLM's smaller budget, "sobran 0,98 GB").
# 20.4 GB left (was 20.2): vLLM's own memory in its share for the CUDA context (vllm38).
QWEN_H100 = "qwen 2.5 72b inference on an h100"
VLLM_32K = [
    ("en", "and with vllm at 32k?", ["32,768 tokens of context", "78.7 GB vLLM takes", "20.4 GB left"]),
    ("es", "y con vllm a 32k?", ["32.768 tokens de contexto", "78,7\u00a0GB que vLLM toma", "sobran 20,4\u00a0GB"]),
    ("es", "¿y con vllm a 32k de contexto?", ["32.768 tokens de contexto", "78,7\u00a0GB que vLLM toma"]),
    ("fr", "et avec vllm en 32k ?", ["32\u202f768 tokens de contexte", "78,7\u202fGo que vLLM prend", "il reste 20,4\u202fGo"]),
    ("fr", "et avec vllm à 32k ?", ["32\u202f768 tokens de contexte", "78,7\u202fGo que vLLM prend"]),
]


@pytest.mark.parametrize(("lang", "text", "has"), VLLM_32K)
def test_vllm_at_a_context(lang: str, text: str, has: list[str]) -> None:
    last = converse(QWEN_H100, text)[-1]
    assert last.locale == lang
    assert last.query.seq_len == 32_768 and last.query.engine == "vllm"
    assert last.query.model_id == "qwen2.5-72b" and last.query.gpu == "h100"
    says(last.text, ["↪️", *has], ["2,048", "2.048", "2\u202f048", "0,98", "0.98"])


# The same said in one question: the context in thousands after "a" / "en" / "à" is read; a
# count of samples after it is not a context.
ONE_QUESTION = [
    ("qwen 2.5 72b con vllm a 32k en una h100", 32_768),
    ("qwen 2.5 72b avec vllm en 32k sur une h100", 32_768),
    ("lora llama 3 8b en una 4090 a 8k", 8_192),
    ("lora llama 3 8b sur une 4090 à 4k", 4_096),
    ("qlora llama 3 8b en una 4090 con un dataset de 8k ejemplos", None),
    ("qlora llama 3 8b sur une 4090, je passe à 8k exemples", None),
]


@pytest.mark.parametrize(("text", "seq_len"), ONE_QUESTION)
def test_context_in_thousands_es_fr(text: str, seq_len: int | None) -> None:
    assert converse(text)[-1].query.seq_len == seq_len


# "and 2?" after one card rented for a day, a week, a month: 2 of the card for that span (as
# "and two?" is), and the reply says the card for 2 of them is the same GPU-hours and price;
# "and for 2?" is 2 of the span on the one card. Was 2 hours.
SPAN = [
    ("fr", "combien pour louer une h100 pour un mois", "et 2 ?", 2, 720,
     ["2× H100 pendant 720\u00a0heures", "Ou 1× H100 pendant 1\u202f440\u00a0heures\u00a0: les mêmes 1\u202f440 GPU-heures",
      "3\u202f340,80\u00a0$US"]),
    ("en", "how much is an a100 for a week", "and 3?", 3, 168,
     ["3× A100 80GB for 168 hours", "Or 1× A100 80GB for 504 hours: the same 504 GPU-hours, the same price.",
      "$463.68"]),
    ("es", "cuánto cuesta una h100 un mes", "¿y 2?", 2, 720,
     ["2× H100 durante 720\u00a0horas", "O 1× H100 durante 1.440\u00a0horas: las mismas 1.440 GPU-horas",
      "3.340,80\u00a0US$"]),
    ("en", "how much is an a100 for a week", "and two?", 2, 168,
     ["2× A100 80GB for 168 hours", "Or 1× A100 80GB for 336 hours", "$309.12"]),
    ("en", "how much is an h100 per month", "and 2?", 2, 720, ["Or 1× H100 for 1,440 hours", "$3,340.80"]),
    ("en", "how much is an h100 per month", "and for 2?", 1, 1440,
     ["Or 2× H100 for 720 hours: the same 1,440 GPU-hours", "$3,340.80"]),
    ("es", "cuánto cuesta una h100 un mes", "¿y por 3?", 1, 2160, ["O 3× H100 durante 720\u00a0horas", "5.011,20\u00a0US$"]),
    ("fr", "combien coûte une a100 pour une semaine", "et pour 2 ?", 1, 336, ["Ou 2× A100 80GB pendant 168\u00a0heures"]),
]


@pytest.mark.parametrize(("lang", "first", "text", "count", "hours", "has"), SPAN)
def test_a_number_after_one_span(lang: str, first: str, text: str, count: int, hours: int,
                                 has: list[str]) -> None:
    last = converse(first, text)[-1]
    assert last.locale == lang
    assert (last.query.gpu_count or 1, last.query.hours) == (count, Decimal(hours))
    says(last.text, ["↪️", *has], [" 2 hours", " 3 hours", "2\u00a0heures", "2\u00a0horas"])


# Hours said as a number stay hours: "and 3?" after 10 or 24 hours is 3 hours, with no other
# reading said; "and 30?" after a day is not 30 cards.
HOURS_STAY = [
    ("how much is an h100 for 10 hours", "and 3?", 3),
    ("how much is an h100 for 24 hours", "and 3?", 3),
    ("how much is an a100 for a day", "and 30?", 30),
]


@pytest.mark.parametrize(("first", "text", "hours"), HOURS_STAY)
def test_hours_said_stay_hours(first: str, text: str, hours: int) -> None:
    last = converse(first, text)[-1]
    assert last.query.hours == Decimal(hours) and (last.query.gpu_count or 1) == 1
    assert last.query.same_gpu_hours is None
    says(last.text, ["↪️"], ["the same price"])


# "and 72b?": the family's member at that size (Qwen2.5 7B → Qwen2.5 72B); a family with none
# (Llama 3 comes in 8B and 70B, Mistral in 7B) stays an unnamed 72B model, and the reply says so
# (was silent). Not said where another model of the brand has that size (DeepSeek-R1's
# distills: 32B Qwen, 70B Llama).
SIZE = [
    ("en", "qwen 2.5 7b lora on a 4090", "and 72b?", "qwen2.5-72b", ["LoRA of Qwen2.5 72B"], ["has no"]),
    ("en", "lora llama 3 70b on an h100", "and 72b?", None,
     ["Llama 3 has no 72B model (it comes in 8B and 70B): answered for an unnamed 72B model."], []),
    ("en", "lora mistral 7b on a 4090", "and 13b?", None, ["Mistral has no 13B model (it comes in 7B)"], []),
    ("es", "qlora de llama 3 8b en una 4090", "y 72b?", None,
     ["Llama 3 no tiene un modelo de 72B (existe en 8B y 70B): respondo para un modelo de 72B sin nombre."], []),
    ("fr", "qlora llama 3 8b sur une 4090", "et en 72b ?", None,
     ["Llama 3 n'a pas de modèle 72B (il existe en 8B et 70B)\u00a0: réponse pour un modèle 72B sans nom."], []),
    ("en", "qlora llama 3 8b on a 4090", "and 70b?", "llama-3-70b", ["Llama 3 70B does not fit"], ["has no"]),
    # (conv21: the one DeepSeek of 70B, the R1 Llama distill, named; was an unnamed 70B)
    ("en", "can i run deepseek r1 distill 32b on a mac m2 max 64gb", "and the 70b?",
     "deepseek-r1-distill-llama-70b", ["answered for DeepSeek-R1-Distill-Llama-70B."], []),
]


@pytest.mark.parametrize(("lang", "first", "text", "model", "has", "lacks"), SIZE)
def test_another_size(lang: str, first: str, text: str, model: str | None, has: list[str],
                      lacks: list[str]) -> None:
    last = converse(first, text)[-1]
    assert last.locale == lang
    assert last.query.model_id == model
    says(last.text, ["↪️", *has], lacks)


# A run, then a card's time ("how much for 10 hours on an a100"), then another card: the run
# from two questions back on that card for those hours (was the card's time alone, the model
# and method lost). A model named, or a method, is a question of its own.
THREE = [
    ("en", ["qlora llama 3 8b on a 4090", "how much for 10 hours on an a100", "and on an h100?"],
     "llama-3-8b", "qlora", "h100", 10, ["QLoRA of Llama 3 8B from two questions ago, for 10 hours", "$23.20", "Llama 3 8B fits on 1× H100"]),
    ("es", ["qlora de llama 3 8b en una 4090", "cuánto cuesta 10 horas en una a100", "¿y en una h100?"],
     "llama-3-8b", "qlora", "h100", 10, ["QLoRA de Llama 3 8B de hace dos preguntas, durante 10\u00a0horas", "23,20\u00a0US$"]),
    ("fr", ["qlora llama 3 8b sur une 4090", "combien pour 10 heures sur une a100", "et sur une h100 ?"],
     "llama-3-8b", "qlora", "h100", 10, ["QLoRA de Llama 3 8B d'après votre avant-dernière question, pendant 10\u00a0heures", "23,20\u00a0$US"]),
    ("en", ["qlora llama 3 8b on a 4090", "how much for 10 hours on an a100", "and 20 hours?"],
     "llama-3-8b", "qlora", "a100-80gb", 20, ["QLoRA of Llama 3 8B from two questions ago, on 1× A100 80GB"]),
    # Earlier links of a chain already held: a price between, settings, a method changed.
    ("en", ["qlora llama 3 8b on a 4090", "how much is an h100 per hour", "and for 10 hours?", "and on an a100?"],
     "llama-3-8b", "qlora", "a100-80gb", 10, ["QLoRA of Llama 3 8B for 10 hours"]),
    ("en", ["how much to qlora llama 3 8b for 5 hours on an a100", "and lora?", "and on an h100?"],
     "llama-3-8b", "lora", "h100", 5, ["LoRA of Llama 3 8B for 5 hours"]),
    ("es", ["cuanto cuesta qlora de llama 3 8b 5 horas en una a100", "y lora?", "y en una h100?"],
     "llama-3-8b", "lora", "h100", 5, ["LoRA de Llama 3 8B durante 5\u00a0horas"]),
    ("fr", ["combien pour qlora llama 3 8b 5 heures sur une a100", "et en lora ?", "et sur une h100 ?"],
     "llama-3-8b", "lora", "h100", 5, ["LoRA de Llama 3 8B pendant 5\u00a0heures"]),
]


@pytest.mark.parametrize(("lang", "turns", "model", "method", "gpu", "hours", "has"), THREE)
def test_a_fact_two_questions_back(lang: str, turns: list[str], model: str, method: str, gpu: str,
                                   hours: int, has: list[str]) -> None:
    last = converse(*turns)[-1]
    assert last.locale == lang
    q = last.query
    assert (q.model_id, q.method, q.gpu, q.hours) == (model, method, gpu, Decimal(hours))
    says(last.text, ["↪️", *has], [])


# A card that is itself what costs ("how much is an a100 for 10 hours", "cuánto cuesta una H100
# durante 100 horas", as test_transcript's turn 8) is a rental of its own: "and the h100?" is
# that rental on the H100, the run before it left behind.
RENTAL_BETWEEN = [
    ("en", ["qlora mistral 7b on a 3090", "how much is an a100 for 10 hours", "and the h100?"]),
    ("es", ["qlora mistral 7b en una 3090", "cuánto cuesta una a100 por 10 horas", "y la h100?"]),
    ("fr", ["qlora mistral 7b sur une 3090", "combien coûte une a100 pour 10 heures", "et la h100 ?"]),
]


@pytest.mark.parametrize(("lang", "turns"), RENTAL_BETWEEN)
def test_a_rental_between_leaves_the_run(lang: str, turns: list[str]) -> None:
    last = converse(*turns)[-1]
    assert last.locale == lang
    q = last.query
    assert (q.model_id, q.params_b, q.gpu, q.hours) == (None, None, "h100", Decimal(10))


# The card's time stays the card's when the third question names a model or a method of its own.
def test_a_new_run_after_a_cards_time() -> None:
    last = converse("qlora llama 3 8b on a 4090", "how much for 10 hours on an a100",
                    "and mistral 7b on an h100?")[-1]
    assert last.query.model_id == "mistral-7b" and last.query.gpu == "h100"


# "cheaper?" after a run on a card: the cheapest configurations for the method asked; the
# leader costs less than the card asked about, or the reply says that card is already the
# cheapest (was the same card and price again, unsaid).
CHEAPER = [
    ("en", "lora llama 3 8b on an h100 for 10 hours", "cheaper?", "lora", "l40s", ["1× L40S, $8.20"], ["already"]),
    ("en", "lora mistral 7b, cost for 5 hours on an a100", "cheaper?", "lora", "l40s", ["1× L40S, $8.20"], ["already"]),
    ("en", "qlora llama 3 70b on an a100 for 10 hours", "cheaper?", "qlora", "a100-80gb",
     ["1× A100 80GB, the one you asked about, is already the cheapest offered configuration that fits this run."], []),
    ("en", "qlora llama 3 8b on an l40s for 10 hours", "anything cheaper?", "qlora", "l40s",
     ["1× L40S, the one you asked about, is already the cheapest"], []),
    ("es", "qlora de llama 3 70b en una a100 por 10 horas", "¿algo más barato?", "qlora", "a100-80gb",
     ["1× A100 80GB, la que preguntaste, ya es la configuración ofrecida más barata"], []),
    ("fr", "qlora llama 3 70b sur une a100 pour 10 heures", "moins cher ?", "qlora", "a100-80gb",
     ["1× A100 80GB, celle que vous avez demandée, est déjà la configuration proposée la moins chère"], []),
    ("fr", "lora llama 3 8b sur une h100 pour 10 heures", "moins cher ?", "lora", "l40s", ["1× L40S"], ["déjà"]),
]


@pytest.mark.parametrize(("lang", "first", "text", "method", "cheapest", "has", "lacks"), CHEAPER)
def test_cheaper(lang: str, first: str, text: str, method: str, cheapest: str, has: list[str],
                 lacks: list[str]) -> None:
    before, last = converse(first, text)
    assert last.locale == lang and last.query.method == method
    assert before.answer.quote is not None or before.answer.primary is not None
    lead = last.answer.primary
    assert lead is not None and lead.cheapest is not None and lead.cheapest.gpu == cheapest
    says(last.text, ["↪️", *has], lacks)


# After "and for 2?" (2 months of one card) the chat counts in months: "and 3?" is 3 months
# (was 3 hours); after "and 2?" (2 cards) it counts cards.
COUNTING = [
    ("en", ["how much is an h100 for a month", "and for 2?", "and 3?"], 1, 2160, ["Or 3× H100 for 720 hours"]),
    ("es", ["cuánto cuesta una h100 un mes", "¿y por 2?", "¿y 3?"], 1, 2160, ["O 3× H100 durante 720\u00a0horas"]),
    ("fr", ["combien coûte une h100 pour un mois", "et pour 2 ?", "et 3 ?"], 1, 2160, ["Ou 3× H100 pendant 720\u00a0heures"]),
    ("en", ["how much is an h100 for a month", "and 2?", "and 3?"], 3, 720, ["3× H100 for 720 hours"]),
]


@pytest.mark.parametrize(("lang", "turns", "count", "hours", "has"), COUNTING)
def test_the_unit_the_chat_counts_in(lang: str, turns: list[str], count: int, hours: int,
                                     has: list[str]) -> None:
    last = converse(*turns)[-1]
    assert last.locale == lang
    assert (last.query.gpu_count or 1, last.query.hours) == (count, Decimal(hours))
    says(last.text, ["↪️", *has], [])
