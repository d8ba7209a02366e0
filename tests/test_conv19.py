"""conv19: follow-ups as people chain them (tests.support.chat.converse), en/es/fr."""

from __future__ import annotations

import pytest

from tests.support.chat import converse, says

RUN_70B = {
    "en": "how long to qlora llama 3 70b on 8 h100 with 100M tokens",
    "es": "cuanto tarda qlora de llama 3 70b en 8 h100 con 100M tokens",
    "fr": "combien de temps pour qlora llama 3 70b sur 8 h100 avec 100M tokens",
}
MONERO = {"en": "btw can i pay in monero", "es": "por cierto aceptan monero?",
          "fr": "au fait vous prenez le monero ?"}

# A return to the run asked before ("back to the 70b: …"), straight after it or after a
# topic change: that run (Llama 3 70B, QLoRA, 100M tokens) on the card now said.
BACK_TO = [
    ("en", False, "back to the 70b: how long on 4 h100?", ["Llama 3 70B", "6.24 hours", "4× H100"]),
    ("en", True, "back to the 70b: how long on 4 h100?", ["Llama 3 70B", "6.24 hours", "4× H100"]),
    ("en", True, "ok, going back to llama: how long on 4 h100?", ["Llama 3 70B", "6.24 hours"]),
    ("en", True, "back to the 70b, and the cost on 4 h100?", ["Llama 3 70B", "4× H100", "$57.91"]),
    ("es", True, "volviendo al 70b: cuanto en 4 h100?", ["Llama 3 70B", "100 millones", "4× H100"]),
    ("es", False, "volviendo al 70b, cuanto tarda en 4 h100?", ["Llama 3 70B", "6,24\xa0horas"]),
    ("fr", True, "pour revenir au 70b : combien sur 4 h100 ?", ["Llama 3 70B", "100 millions", "4× H100"]),
    ("fr", True, "revenons au 70b : combien de temps sur 4 h100 ?", ["Llama 3 70B", "6,24\xa0heures"]),
]


@pytest.mark.parametrize(("lang", "between", "text", "has"), BACK_TO)
def test_back_to_the_run(lang: str, between: bool, text: str, has: list[str]) -> None:
    turns = [RUN_70B[lang], *([MONERO[lang]] if between else []), text]
    last = converse(*turns, locale=lang)[-1]
    says(last.text, ["↪️", *has], ["70B model", "modelo de 70B", "modèle 70B"])
    assert last.query.model_id == "llama-3-70b"
    assert last.query.dataset_tokens == 100_000_000
    assert last.query.method == "qlora"


# Not a return: "fall back to", a different model named.
NOT_BACK = [
    ("en", "can i fall back to a 4090 for mistral 7b qlora?", "mistral"),
    ("en", "back to mistral 7b: qlora on a 4090?", "mistral"),
]


@pytest.mark.parametrize(("lang", "text", "model"), NOT_BACK)
def test_not_a_return(lang: str, text: str, model: str) -> None:
    last = converse(RUN_70B[lang], MONERO[lang], text, locale=lang)[-1]
    assert last.query.model_id is not None and model in last.query.model_id
    assert last.query.dataset_tokens is None


# "ok and to serve it?" after a training run's cost or time (its hours worked out from the
# tokens): serving that model on that card, the verdict and the card's hourly price.
TRAIN_50M = {
    "en": "how long to qlora llama 3 8b on 50M tokens on an h100",
    "es": "cuanto tarda qlora de llama 3 8b con 50M tokens en una h100",
    "fr": "combien de temps pour qlora llama 3 8b sur 50M tokens sur une h100",
}
COST = {"en": "and the cost?", "es": "y el precio?", "fr": "et le prix ?"}
SERVE = [
    ("en", True, "ok and to serve it?", ["On 1× H100, Llama 3 8B fits: BF16 inference", "$2.32/hour"]),
    ("en", False, "ok and to serve it?", ["On 1× H100, Llama 3 8B fits: BF16 inference", "$2.32/hour"]),
    ("es", True, "ok y para servirlo?", ["En 1× H100, Llama 3 8B cabe con inferencia en BF16", "2,32\u00a0US$/hora"]),
    ("es", True, "y para desplegarlo?", ["En 1× H100, Llama 3 8B cabe con inferencia en BF16"]),
    ("fr", True, "ok et pour le servir ?", ["Sur 1× H100, Llama 3 8B tient avec inférence en BF16", "2,32\u00a0$US/heure"]),
    ("fr", False, "et pour le déployer ?", ["Sur 1× H100, Llama 3 8B tient avec inférence en BF16"]),
]


@pytest.mark.parametrize(("lang", "priced", "text", "has"), SERVE)
def test_to_serve_it_after_a_run(lang: str, priced: bool, text: str, has: list[str]) -> None:
    turns = [TRAIN_50M[lang], *([COST[lang]] if priced else []), text]
    last = converse(*turns, locale=lang)[-1]
    says(last.text, ["↪️", *has], ["Serving has no typical", "no tiene una duración típica",
                                    "pas de durée type", "lasts as long", "dura lo que",
                                    "dure tant que"])
    assert last.query.inference and last.query.model_id == "llama-3-8b"
    assert last.query.intent == "fit" and last.query.gpu == "h100"


# "and for a week?" after the tokens/s (or the users at once) of a model served: that
# serving's cost for 168 hours, not the rate again.
RATE_THEN_WEEK = [
    ("en", "serve llama 3.1 70b on 4 h100", "how many tokens per second?", "and for a week?",
     ["Cost: $1,559.04", "168 hours"]),
    ("es", "servir qwen2.5 32b en una h100", "cuantos tokens por segundo?", "y por una semana?",
     ["389,76\u00a0US$", "168\u00a0horas"]),
    ("fr", "servir qwen2.5 32b sur une h100", "combien d'utilisateurs en même temps ?",
     "et pour un mois ?", ["1\u202f670,40\u00a0$US", "720\u00a0heures"]),
]


@pytest.mark.parametrize(("lang", "served", "rate", "text", "has"), RATE_THEN_WEEK)
def test_hours_after_a_rate(lang: str, served: str, rate: str, text: str, has: list[str]) -> None:
    last = converse(served, rate, text, locale=lang)[-1]
    says(last.text, ["↪️", *has], ["tokens/s", "séquences à la fois"])
    assert last.query.intent == "cost" and not last.query.speed_asked


# A correction to another memory after a card's price: that card's variant, priced (the A100
# 40GB is not rented, so said so, with the 80GB's price), not the price list.
PRICE_VARIANT = [
    ("en", "how much is an a100 per hour", "no i meant the 40gb one", "We don't rent the A100 40GB"),
    ("en", "how much is an a100 per hour", "i meant the 40gb", "We don't rent the A100 40GB"),
    ("es", "cuanto cuesta una a100 por hora", "perdón, la de 40gb", "No alquilamos la A100 40GB"),
    ("fr", "combien coûte une a100 de l'heure", "non je voulais dire la 40 go",
     "Nous ne louons pas l'A100 40GB"),
]


@pytest.mark.parametrize(("lang", "price", "text", "has"), PRICE_VARIANT)
def test_variant_after_a_price(lang: str, price: str, text: str, has: str) -> None:
    last = converse(price, text, locale=lang)[-1]
    says(last.text, [has, "A100 80GB"], ["L40S"])
    assert last.query.gpu == "a100-40gb"


# A precision alone after a training run: that run with its base at that precision, not
# serving the model ("and in 4bit?" after LoRA is QLoRA); after serving, or QLoRA already in
# 4 bits, still serving in 4 bits.
BITS = [
    ("en", "can i lora llama 3 8b on a 4090", "and in 4bit?", "qlora", False, "(QLoRA)"),
    ("en", "how long to full finetune qwen2.5 7b on 20M tokens on 4 h100", "and in 4bit?", "qlora",
     False, "QLoRA of Qwen2.5 7B"),
    ("es", "puedo hacer lora de llama 3 8b en una 4090?", "y en 4 bits?", "qlora", False, "(QLoRA)"),
    ("fr", "je peux faire du lora de mistral 7b sur une 3090 ?", "et en 8 bits ?", "lora_int8", False,
     "(LoRA 8 bits)"),
    ("en", "can i qlora llama 3 8b on a 4090?", "and in 4bit?", "inference_int4", True,
     "(4-bit inference)"),
    ("en", "can i run llama 3 8b on a 4090", "and in 4bit?", "inference_int4", True,
     "(4-bit inference)"),
]


@pytest.mark.parametrize(("lang", "run", "text", "method", "inference", "has"), BITS)
def test_bits_after_a_run(lang: str, run: str, text: str, method: str, inference: bool,
                          has: str) -> None:
    last = converse(run, text, locale=lang)[-1]
    says(last.text, ["↪️", has], [])
    assert last.query.method == method and last.query.inference is inference
