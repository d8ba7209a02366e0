"""Hostile and odd input found misread in session 42 (hostile42): a number that cannot be used
is named in the reply, never dropped for the defaults in silence."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.normalise import fold
from bot.understand.unusable import unusable
from rules.catalogue import load_catalogue
from tests.support.chat import converse

PIPELINE = Pipeline(load_catalogue())


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(PIPELINE.ask(text, chosen_locale=locale))


# A count with decimals matched no slot's pattern: "batch 2.5" was answered at batch 1, "rank
# 7.5" at rank 16, "1.5 gpus" and "2,5 GPUs" (a decimal comma) on one GPU, with nothing said.
@pytest.mark.parametrize(("text", "locale", "reply"), [
    ("lora llama 3 8b on an h100, seq 2048, batch 2.5", None,
     "🔢 I can only use a whole number for the batch size, not 2.5. Ask again with 2 or 3."),
    ("per_device_train_batch_size=2.5, qlora llama 3 8b on a 4090", None, "not 2.5."),
    ("lora llama 3 8b rank 7.5 on an h100", None,
     "🔢 I can only use a whole number for the LoRA rank, not 7.5. Ask again with 7 or 8."),
    ("lora llama 3 8b, r=7.5, on an h100", None, "the LoRA rank, not 7.5."),
    ("how much for lora llama 3 8b on 1.5 gpus h100 for 10 hours", None,
     "🔢 I can only use a whole number for the number of GPUs, not 1.5. Ask again with 1 or 2."),
    ("lora llama 3 8b on 0.5 gpus", None, "not 0.5. Ask again with 1."),
    ("lora llama 3 8b on 2.5 h100s", None, "the number of GPUs, not 2.5."),
    ("lora llama 3 8b on 2.5x h100", None, "the number of GPUs, not 2.5."),
    ("lora de llama 3 8b en 2,5 GPUs h100", "es",
     "🔢 Para el número de GPU solo puedo usar un número entero, no 2,5. Vuelve a preguntar con 2"
     " o 3."),
    ("lora de llama 3 8b con tamaño de lote 2,5 en una h100", "es",
     "Para el tamaño de lote solo puedo usar un número entero, no 2,5."),
    ("lora de llama 3 8b sur 2,5 GPU h100", "fr",
     "🔢 Pour le nombre de GPU, je ne peux utiliser qu'un nombre entier, pas 2,5. Reposez la"
     " question avec 2 ou 3."),
    ("lora llama 3 8b r=7,5 sur une h100", "fr",
     "Pour le rang LoRA, je ne peux utiliser qu'un nombre entier, pas 7,5."),
])
def test_a_count_with_decimals_is_asked_back(text: str, locale: str | None, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None and answer.answer.error == "whole_number", answer.text
    assert reply in answer.text
    assert to_json(answer)["error"] == "whole_number"


# Decimals that are not a count of cards, and thousands, stay what they were.
@pytest.mark.parametrize(("text", "field", "expected"), [
    ("how long to lora 8b on 1.5k examples on an h100", "dataset_samples", 1500),
    ("how much is 1.5 gpu hours of h100", "hours", 1.5),
    ("1.5 gpu-hours of h100 cost", "hours", 1.5),
    ("fine-tune qwen 2.5 7b on 2 h100", "gpu_count", 2),
    ("qwen 2.5 h100 lora", "gpu", "h100"),
    ("lora llama 3.1 8b on an h100, lr 2e-4", "gpu", "h100"),
    ("combien de temps pour fine-tuner mistral 7b sur 20 000 exemples", "error", None),
])
def test_decimals_that_are_no_count_are_read_as_before(text: str, field: str, expected: object):
    out = _ask(text)
    assert out["error"] is None, out["text"]
    assert out[field] == expected if field != "dataset_samples" \
        else PIPELINE.ask(text).query.dataset_samples == expected


# "NaN tokens", "inf epochs", "batch NaN": no number at all where one goes; they were answered
# as if unsaid ("how many tokens?", one epoch, batch 1).
@pytest.mark.parametrize(("text", "locale", "reply"), [
    ("how long to lora llama 3 8b on NaN tokens on an h100", None,
     "🔢 “NaN” is not a number I can use for the number of tokens. Write a number there and ask"
     " again."),
    ("how long to lora llama 3 8b for inf epochs with 10k examples on an h100", None,
     "“inf” is not a number I can use for the number of epochs."),
    ("how long to lora llama 3 8b for ∞ epochs with 10k examples on an h100", None,
     "“∞” is not a number I can use for the number of epochs."),
    ("lora llama 3 8b batch NaN on an h100", None, "for the batch size."),
    ("lora llama 3 8b on an h100, seq inf", None, "for the sequence length."),
    ("lora llama 3 8b on infinite gpus", None, "for the number of GPUs."),
    ("cuánto tarda un lora de llama 3 8b con NaN tokens en una h100", "es",
     "🔢 «NaN» no es un número que pueda usar para el número de tokens."),
    ("combien de temps pour un lora de llama 3 8b sur inf époques sur une h100", "fr",
     "🔢 «\u00a0inf\u00a0» n'est pas un nombre que je peux utiliser pour le nombre d'époques."),
])
def test_no_number_where_a_count_goes_is_said(text: str, locale: str | None, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None and answer.answer.error == "not_a_number", answer.text
    assert reply in answer.text


# "0 examples" was asked for the dataset again; "lr 1e309" and "lr 0" were ignored. Now the
# number is named, as "0 tokens" and "-3 epochs" already were (bot.understand.bounds).
@pytest.mark.parametrize(("text", "locale", "reply"), [
    ("how long to lora llama 3 8b with 0 examples on an h100", None,
     "⚠️ That number is too small for the number of examples: at least 1."),
    ("how long to lora llama 3 8b with zero samples on an h100", None, "the number of examples"),
    ("cuánto tarda un lora de llama 3 8b con 0 ejemplos en una h100", "es",
     "⚠️ Ese número es demasiado pequeño para el número de ejemplos: como mínimo 1."),
    ("combien de temps pour un lora de llama 3 8b avec 0 exemples sur une h100", "fr",
     "⚠️ Ce nombre est trop petit pour le nombre d'exemples\u00a0: 1 au minimum."),
    ("lora llama 3 8b on an h100, lr 1e309", None,
     "⚠️ That number is too large for the learning rate: at most 1,000."),
    ("lora llama 3 8b on an h100, learning_rate: 0", None,
     "⚠️ That number is too small for the learning rate: it must be more than 0."),
    ("lora de llama 3 8b en una h100, lr -2e-4", "es", "para la tasa de aprendizaje"),
    ("how long to lora llama 3 8b for -3 epochs with 10k examples on an h100", None,
     "too small for the number of epochs: at least 1."),
    ("how long to lora llama 3 8b with 0 tokens on an h100", None,
     "too small for the number of tokens: at least 1."),
    ("lora llama 3 8b on an h100, seq 0", None, "too small for the sequence length"),
])
def test_a_count_that_cannot_be_is_named(text: str, locale: str | None, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None and answer.answer.error == "number_out_of_range", answer.text
    assert reply in answer.text


@pytest.mark.parametrize(("turns", "locale", "reply"), [
    (("lora llama 3 8b on an h100, seq 2048 batch 4", "and batch 2.5?"), None, "not 2.5."),
    (("lora llama 3 8b on an h100", "¿y con 2,5 GPUs?"), "es", "no 2,5."),
    (("combien de temps pour un lora de llama 3 8b sur 10k exemples sur une h100",
      "et avec 0 exemples ?"), "fr", "le nombre d'exemples"),
])
def test_a_follow_up_with_such_a_count_is_asked_back_too(turns: tuple[str, ...],
                                                          locale: str | None, reply: str):
    assert reply in converse(*turns, locale=locale)[-1].text


def test_the_zero_of_thousands_grouped_by_a_space_is_no_count():
    assert unusable(fold("sur 20 000 exemples")) is None
    assert unusable(fold("with 0 examples")) == ("too_small", "dataset_samples", "0")


# "alert me when the h100 drops below -2": the sign was dropped and the alert set at $2.
@pytest.mark.parametrize(("text", "locale", "reply"), [
    ("alert me when the h100 drops below -2", None,
     "⚠️ That number is too small for the alert price: it must be more than $0.00."),
    ("alert me when the h100 drops below -$2", None, "the alert price"),
    ("alert me when the h100 drops below \u22122", None, "the alert price"),  # U+2212
    ("préviens-moi quand la h100 passe sous -2 $", "fr",
     "⚠️ Ce nombre est trop petit pour le prix de l'alerte\u00a0: il doit dépasser 0,00\u00a0$US."),
])
def test_a_negative_alert_price_is_refused(text: str, locale: str | None, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None and answer.answer.error == "number_out_of_range", answer.text
    assert reply in answer.text


def test_a_positive_alert_price_is_set_as_before():
    answer = PIPELINE.ask("alert me when the h100 drops below 2")
    assert answer.answer is not None and answer.answer.error is None
    assert answer.query.threshold_usd == 2 and answer.query.direction == "below"


# "/quote 1.5 h100 10h" (the command's words read alone) was quoted on one H100.
def test_a_count_with_decimals_opening_the_words_is_asked_back():
    answer = PIPELINE.ask("1.5 h100 10h")
    assert answer.answer is not None and answer.answer.error == "whole_number", answer.text
    assert PIPELINE.ask("h100 10h").answer.error is None  # type: ignore[union-attr]


# "/language français", "/language spanish": a language named was not understood ("Choose your
# language:" and the keyboard, as if nothing had been said).
@pytest.mark.parametrize(("said", "locale"), [
    ("français", "fr"), ("Francais", "fr"), ("french", "fr"), ("francés", "fr"),
    ("español", "es"), ("spanish", "es"), ("espagnol", "es"), ("castellano", "es"),
    ("english", "en"), ("inglés", "en"), ("anglais", "en"), ("fr", "fr"), ("es-419", "es"),
])
def test_a_language_named_in_any_of_ours_is_chosen(said: str, locale: str):
    from bot.i18n import language_choice
    assert language_choice(said) == locale


async def test_language_named_in_a_command_is_chosen_on_telegram(api, app):
    from tests.support.telegram import reply_to
    assert "français" in (await reply_to(api, 4301, "/language français")).text
    reply = await reply_to(api, 4301, "can I QLoRA 70B on a 4090?")
    assert reply.text.startswith("❌ <b>Non")


# A config or a command pasted in a fenced code block with the question outside it was dropped
# whole: "Which model?" (or the price list, the card alone read).
@pytest.mark.parametrize(("text", "model", "gpu"), [
    ("will this fit on my 4090?\n```yaml\nbase_model: meta-llama/Meta-Llama-3-8B\n"
     "load_in_4bit: true\nadapter: qlora\nsequence_len: 4096\nmicro_batch_size: 2\n```",
     "llama-3-8b", "rtx-4090"),
    ("```\nmodel: llama 3 8b\nmethod: qlora\n```\nwill this fit on a 4090?", "llama-3-8b",
     "rtx-4090"),
    ("```python\nmodel = AutoModelForCausalLM.from_pretrained('meta-llama/Llama-3.1-70B', "
     "load_in_4bit=True)\n``` on an h100?", "llama-3.1-70b", "h100"),
    ('will this fit on my 4090?\n```json\n{"model_name_or_path": "meta-llama/Meta-Llama-3-8B", '
     '"per_device_train_batch_size": 4, "use_peft": true}\n```', "llama-3-8b", "rtx-4090"),
    ("vllm crashes on my 3090\n```\nvllm serve meta-llama/Llama-3.1-8B-Instruct "
     "--max-model-len 32768\n```", "llama-3.1-8b", "rtx-3090"),
    ("¿esto cabe en mi 4090?\n```\nbase_model: meta-llama/Meta-Llama-3-8B\nadapter: qlora\n```",
     "llama-3-8b", "rtx-4090"),
])
def test_a_config_in_a_code_block_is_read_with_the_question(text: str, model: str, gpu: str):
    out = _ask(text)
    assert (out["model"], out["gpu"], out["intent"]) == (model, gpu, "fit"), out["text"]


def test_code_alone_or_code_that_sets_nothing_still_says_nothing():
    assert _ask("```\nalert me when the H100 drops below 2\n```")["intent"] == "unknown"
    out = _ask("QLoRA 70B on an H100? ```\nprint(price)\nalert('x')\n```")
    assert out["intent"] == "fit" and out["threshold_usd"] is None


# /alert's own arguments: dollars said after the price were the usage ("/alert h100 bajo 2,5 $",
# "below 2 usd"); "€5" and "1e12" got "The price must be a positive number of dollars".
@pytest.mark.parametrize(("args", "expected"), [
    ("h100 bajo 2,5 $", ("below", Decimal("2.5"))),
    ("h100 below 2 usd", ("below", Decimal(2))),
    ("h100 sous 2,5 $US", ("below", Decimal("2.5"))),
    ("h100 below 5 usdt", ("below", Decimal(5))),
    ("h100 below 2", ("below", Decimal(2))),
])
def test_an_alert_price_with_dollars_after_it_is_read(args: str, expected: tuple[str, Decimal]):
    from bot.alerts.subscriptions import parse_alert_args
    spec = parse_alert_args(args.split(), load_catalogue())
    assert (spec.kind, spec.threshold) == expected


@pytest.mark.parametrize(("args", "code"), [
    ("h100 below €5", "threshold_not_usd"), ("h100 below 5 €", "threshold_not_usd"),
    ("h100 below 5 eur", "threshold_not_usd"), ("h100 below 1e12", "threshold_too_large"),
    ("h100 below 20000", "threshold_too_large"), ("h100 below -2", "bad_threshold"),
    ("h100 below 0", "bad_threshold"), ("h100 below NaN", "bad_threshold"),
    ("h100 below 2 please", "usage"),
])
def test_an_alert_price_that_cannot_be_says_why(args: str, code: str):
    from bot.alerts.subscriptions import AlertInputError, parse_alert_args
    with pytest.raises(AlertInputError) as raised:
        parse_alert_args(args.split(), load_catalogue())
    assert raised.value.code == code


async def test_alert_prices_on_telegram_say_what_is_wrong(alerts_app):
    from tests.support.alerts_helpers import say
    api, _alerts, _generic = alerts_app
    chat = 4401
    assert "at most $10,000.00" in (await say(api, chat, "/alert h100 below 1e12")).text
    assert "do not convert currencies" in (await say(api, chat, "/alert h100 below €5")).text
    set_fr = await say(api, chat, "/alert h100 sous 2,5 $", lang="fr")
    assert set_fr.text.startswith("🔔 Alerte créée"), set_fr.text
    spanish = await say(api, chat, "/alert h100 bajo 1e12", lang="es")
    assert "como máximo 10.000,00" in spanish.text, spanish.text


# A count of GPUs with its thousands grouped or a "k" was dropped (one GPU) or read from its
# last group ("1 000 GPU" in French: 0 GPUs, "I can size clusters of 1 to 1024").
@pytest.mark.parametrize(("text", "locale", "count"), [
    ("lora llama 3 8b on 1,000 gpus", None, 1000),
    ("lora de llama 3 8b en 1.000 GPUs", "es", 1000),
    ("lora de llama 3 8b sur 1 000 GPU", "fr", 1000),
    ("lora llama 3 8b on 1,024 h100s", None, 1024),
    ("lora llama 3 8b on 2k gpus", None, 2000),
    ("lora llama 3 8b on 1.5k gpus", None, 1500),
    ("lora llama 3 8b on 8 gpus", None, 8),
    ("lora llama 3 8b, 4 096 tokens, on 2 h100", None, 2),
])
def test_a_count_of_gpus_in_thousands_is_read(text: str, locale: str | None, count: int):
    assert PIPELINE.ask(text, chosen_locale=locale).query.gpu_count == count


def test_a_count_of_gpus_beyond_a_cluster_is_refused_by_its_range():
    assert _ask("lora llama 3 8b on 2,000 gpus")["error"] == "gpu_count_out_of_range"
    # "inf tokens" may be inference's tokens: not taken for infinity
    assert _ask("how many inf tokens per second for llama 3 8b on an h100")["error"] is None


# "h100 for NaN hours" was the hourly price, the duration dropped; "qlora NaN b" asked which
# model. Both now say which number cannot be used; "inf h100" (inference's) is left alone.
@pytest.mark.parametrize(("text", "locale", "reply"), [
    ("cost of an h100 for NaN hours", None,
     "🔢 “NaN” is not a number I can use for the duration."),
    ("cost of an h100 for ∞ days", None, "“∞” is not a number I can use for the duration."),
    ("cuánto cuesta la h100 durante NaN horas", "es",
     "🔢 «NaN» no es un número que pueda usar para la duración."),
    ("combien coûte la h100 pendant inf heures", "fr",
     "🔢 «\u00a0inf\u00a0» n'est pas un nombre que je peux utiliser pour la durée."),
    ("qlora a NaN b model on an h100", None, "for the model size."),
])
def test_no_number_for_the_hours_or_the_size_is_said(text: str, locale: str | None, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None and answer.answer.error == "not_a_number", answer.text
    assert reply in answer.text


@pytest.mark.parametrize("text", [
    "llama 3 8b inf h100 tokens/s", "qlora 70b on infiniband h100s", "qlora 70b nan b200",
])
def test_inf_and_nan_in_other_words_are_left(text: str):
    assert PIPELINE.ask(text).query.unusable is None
