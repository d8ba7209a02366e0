"""conv44: follow-ups people send after a reply in Telegram ("in gpu hours?", "for 10 users?",
"y con 2 épocas?", "same but 70b", ...), each driven through the real pipeline and asserted on
what it keeps from the chat and what it changes."""

from __future__ import annotations

import pytest

from tests.support.chat import converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])


TWO_CARDS = {
    "en": "3090 or 4090 for qlora llama 3 8b, 10k samples of 1k tokens",
    "es": "3090 o 4090 para qlora de llama 3 8b, 10k ejemplos de 1k tokens",
    "fr": "3090 ou 4090 pour un qlora de llama 3 8b, 10k exemples de 1k tokens",
}


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in gpu hours?", ["⏱ <b>GPU-hours for 10 million tokens (1 epoch)</b>",
                             "1× RTX 3090: 3.93 GPU-hours (about 3.93 hours)",
                             "1× RTX 4090: 1.73 GPU-hours (about 1.73 hours)", "⚖️"]),
    ("en", "how many gpu hours each?", ["1× RTX 3090: 3.93 GPU-hours", "⚖️"]),
    ("es", "¿en horas gpu?", ["⏱ <b>GPU-horas para 10 millones de tokens (1 época)</b>",
                              "1× RTX 3090: 3,93 GPU-horas (alrededor de 3,93 horas)",
                              "1× RTX 4090: 1,73 GPU-horas", "⚖️"]),
    ("fr", "en heures GPU ?", ["⏱ <b>GPU-heures pour 10 millions de tokens (1 époque)</b>",
                               "1× RTX 3090 : 3,93 GPU-heures (environ 3,93 heures)",
                               "1× RTX 4090 : 1,73 GPU-heure", "⚖️"]),
])
def test_gpu_hours_after_two_cards_compared_on_a_run_lead_for_both(
        lang: str, asked: str, said: list[str]) -> None:
    # was the comparison again, its verdicts first and the times last, each in hours
    _, reply = converse(TWO_CARDS[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.other_gpus, q.dataset_tokens) \
        == ("compare", "llama-3-8b", "qlora", "rtx-3090", ("rtx-4090",), 10_000_000), reply.text
    says(reply.text, said, ["🤔"])


def test_gpu_hours_after_two_priced_configurations_lead_before_the_verdict() -> None:
    # 2× H100 timed at 1.24 hours is 2.47 GPU-hours: the GPU-hours lead, the hours beside
    _, reply = converse("2x h100 vs 4x a100 for qlora llama 3 70b 10k samples 1k tokens",
                        "in gpu hours?", locale="en")
    says(reply.text, ["⏱ <b>GPU-hours for 10 million tokens", "2× H100: 2.47 GPU-hours (about "
                      "1.24 hours)", "4× A100 80GB: 7.69 GPU-hours (about 1.92 hours)",
                      "⚖️"], [])


SERVED = {
    "en": ("serve llama 3 70b awq on 2x 4090 or 1 a100?", "for 10 users?"),
    "es": ("servir llama 3 70b awq en 2x 4090 o 1 a100?", "¿y para 10 usuarios?"),
    "fr": ("servir llama 3 70b awq sur 2x 4090 ou 1 a100 ?", "et pour 10 utilisateurs ?"),
}


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "👥 <b>For 10 users at once, only 1× A100 80GB has the memory: at most about 438 "
           "tokens/s in all, 43 per sequence (memory-bandwidth bound).</b>"),
    ("es", "👥 <b>Para 10 usuarios a la vez, solo 1× A100 80GB tiene memoria suficiente: como "
           "mucho unos 438 tokens/s en total, 43 por secuencia"),
    ("fr", "👥 <b>Pour 10 utilisateurs en même temps, seule la configuration 1× A100 80GB a "
           "assez de mémoire : au plus environ 438 tokens/s au total, 43 par séquence"),
])
def test_users_after_a_serving_comparison_are_both_configurations_for_them(
        lang: str, said: str) -> None:
    # was one sequence's bound leading ("Only 1× A100 80GB holds it: at most about 50 tokens/s
    # for one sequence"), the 10 users said nowhere
    run, asked = SERVED[lang]
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count, q.other_gpus,
            q.other_gpu_count, q.users) == (
        "compare", "llama-3-70b", "awq_int4", "rtx-4090", 2, ("a100-80gb",), 1, 10), reply.text
    says(reply.text, [said, "⚖️", "❌", "2× RTX 4090", "✅", "1× A100 80GB"],
         ["for one sequence", "para una secuencia", "pour une séquence"])


def test_users_after_a_serving_comparison_both_holding_say_both_rates() -> None:
    _, reply = converse("serve llama 3 70b awq on 2x h100 or 1 h200?", "for 10 users?",
                        locale="en")
    says(reply.text, ["👥 <b>For 10 users at once: 2× H100 generates faster, at most about "
                      "1,437 tokens/s in all (143 per sequence), against 1,032 (103 per "
                      "sequence) on 1× H200 (memory-bandwidth bounds).</b>", "⚖️"], [])


def test_sequences_at_once_after_a_serving_comparison_are_sequences() -> None:
    _, reply = converse("serve llama 3 8b on a 4090 or an l40s", "and 64 concurrent requests?",
                        locale="en")
    says(reply.text, ["👥 <b>For 64 sequences at once, only 1× L40S has the memory"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 70b on a 4090", "forget it, 13b",
     "Yes: a 13B model fits on 1× RTX 4090 (QLoRA)."),
    ("en", "can i qlora llama 3 70b on a 4090", "never mind 13b",
     "Yes: a 13B model fits on 1× RTX 4090 (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 70b sur une 4090 ?", "laisse tomber, 13b",
     "Oui : un modèle 13B tient sur 1× RTX 4090 (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 70b sur une 4090 ?", "oublie ça 13b",
     "Oui : un modèle 13B tient sur 1× RTX 4090 (QLoRA)."),
    ("es", "puedo hacer qlora de llama 3 70b en una 4090?", "no importa, 13b",
     "Sí: un modelo de 13B cabe en 1× RTX 4090 (QLoRA)."),
])
def test_a_size_after_dismissing_the_last_question_is_that_question_of_it(
        lang: str, run: str, asked: str, said: str) -> None:
    # was the memory of a 13B model alone ("Memory for a 13B model"), the card and method dropped
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.params_b, q.method, q.gpu) == ("fit", 13, "qlora", "rtx-4090"), \
        reply.text
    says(reply.text, [said], ["📐"])


def test_a_dismissal_before_a_question_of_its_own_keeps_nothing() -> None:
    _, reply = converse("can i qlora llama 3 8b on a 4090", "forget it, how much is an h100 per hour?",
                        locale="en")
    assert (reply.answer.intent, reply.query.params_b) == ("prices", None), reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("es", "cuánto cuesta lora de llama 3 8b en una h100 por 24 horas", "vale, resérvala",
     "🪙 <b>Pagar con cripto</b>"),
    ("es", "cuánto cuesta lora de llama 3 8b en una h100 por 24 horas", "¿cómo la reservo?",
     "🪙 <b>Pagar con cripto</b>"),
    ("es", "cuánto cuesta lora de llama 3 8b en una h100 por 24 horas", "perfecto, me la quedo",
     "🪙 <b>Pagar con cripto</b>"),
    ("fr", "combien pour un lora de llama 3 8b sur une h100 pendant 24 heures ?",
     "ok je la réserve", "🪙 <b>Payer en crypto</b>"),
    ("fr", "combien pour un lora de llama 3 8b sur une h100 pendant 24 heures ?",
     "parfait, je la prends", "🪙 <b>Payer en crypto</b>"),
    ("fr", "combien pour un lora de llama 3 8b sur une h100 pendant 24 heures ?",
     "comment je réserve ?", "🪙 <b>Payer en crypto</b>"),
])
def test_booking_what_was_priced_is_how_to_pay(lang: str, run: str, asked: str, said: str) -> None:
    # was "No te he entendido" / "Je n'ai pas compris" ("ok book it" was already how to pay)
    _, reply = converse(run, asked, locale=lang)
    assert reply.answer.intent == "pay", reply.text
    says(reply.text, [said], [])


def test_vllm_reserving_memory_is_still_memory() -> None:
    _, reply = converse("servir llama 3 8b sur une 4090",
                        "combien de mémoire vllm réserve pour llama 3 8b sur une 4090 ?",
                        locale="fr")
    assert reply.answer.intent == "fit", reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "3090 or 4090 for qlora llama 3 8b?", "how long for 10k samples of 1k tokens?",
     ["⏱ <b>Training time for 10 million tokens (1 epoch)</b>", "1× RTX 3090: about 3.93 hours",
      "1× RTX 4090: about 1.73 hours", "⚖️"]),
    ("es", "3090 o 4090 para qlora de llama 3 8b?", "¿cuánto tarda con 10k ejemplos de 1k tokens?",
     ["1× RTX 3090: alrededor de 3,93 horas", "1× RTX 4090: alrededor de 1,73 horas", "⚖️"]),
    ("fr", "3090 ou 4090 pour un qlora de llama 3 8b ?",
     "combien de temps avec 10k exemples de 1k tokens ?",
     ["1× RTX 3090 : environ 3,93 heures", "1× RTX 4090 : environ 1,73 heure", "⚖️"]),
    ("en", "h100 or a100 for lora llama 3 8b", "how much for 100k samples of 1k tokens?",
     ["⏱ <b>1× H100 finishes sooner (about 2.94 hours against 8.94 hours), 1× A100 80GB costs less ($9.20 paid against $23.20).</b>", "⚖️"]),
])
def test_data_after_two_cards_compared_is_the_run_on_both(
        lang: str, run: str, asked: str, said: list[str]) -> None:
    # was the first card's time or cost alone ("QLoRA of Llama 3 8B: about 4.16 hours on 1× RTX
    # 3090"), the other card dropped
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, len(q.other_gpus)) == ("compare", 1), reply.text
    assert q.dataset_tokens in (10_000_000, 100_000_000), reply.text
    says(reply.text, said, ["🤔"])


def test_some_of_each_after_data_priced_on_two_cards_is_both_at_that_count() -> None:
    *_, reply = converse("h100 or a100 for lora llama 3 8b", "how much for 100k samples of 1k tokens?",
                         "and on 2 of each?", locale="en")
    says(reply.text, ["2× H100 finishes sooner (about 1.47 hours against 4.47 hours)"], ["🤔"])


@pytest.mark.parametrize(("lang", "turns", "said"), [
    ("en", ("can i qlora llama 3 8b on a 3090", "how much is a b200 per hour?", "and an h200?"),
     "💵 <b>1× H200 costs $3.07/hour.</b>"),
    ("es", ("puedo hacer qlora de llama 3 8b en mi 3090?", "cuánto cuesta una b200 por hora?",
            "¿y una h200?"), "💵 <b>Precio de 1× H200: 3,07 US$/hora.</b>"),
    ("fr", ("je peux faire un qlora de llama 3 8b sur ma 3090 ?",
            "combien coûte une b200 de l'heure ?", "et une h200 ?"),
     "💵 <b>Prix de 1× H200 : 3,07 $US/heure.</b>"),
])
def test_another_card_after_a_price_asked_after_a_run_is_its_price(
        lang: str, turns: tuple[str, ...], said: str) -> None:
    # was the run from two questions ago on that card ("QLoRA of Llama 3 8B, from two
    # questions ago. ✅ Yes: Llama 3 8B fits on 1× H200")
    *_, reply = converse(*turns, locale=lang)
    assert (reply.answer.intent, reply.query.gpu, reply.query.params_b) == ("prices", "h200", None), \
        reply.text
    says(reply.text, [said], ["↪️"])


def test_the_run_kept_beside_two_prices_is_priced_for_hours_on_the_last_card() -> None:
    *_, reply = converse("can i qlora llama 3 8b on a 3090", "how much is a b200 per hour?",
                         "and an h200?", "and for 10 hours?", locale="en")
    q = reply.query
    assert (q.model_id, q.method, q.gpu, q.hours) == ("llama-3-8b", "qlora", "h200", 10), reply.text


def test_on_another_card_after_a_price_asked_after_a_run_is_still_the_run_there() -> None:
    *_, reply = converse("can i qlora llama 3 8b on a 3090", "how much is a b200 per hour?",
                         "and on an h200?", locale="en")
    assert (reply.query.model_id, reply.query.gpu) == ("llama-3-8b", "h200"), reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "how long qlora llama 3 8b 20k samples of 512 tokens on my 4090", "how about on my mac",
     "🍎 <b>Llama 3 8B (QLoRA) needs a Mac with at least 16 GB of unified memory (about 11.45 GB "
     "of it for the GPU).</b>"),
    ("es", "cuánto tarda un qlora de llama 3 8b con 20k ejemplos de 512 tokens en mi 4090",
     "¿y en mi mac?", "🍎 <b>Llama 3 8B (QLoRA) necesita un Mac con al menos 16 GB de memoria "
     "unificada"),
    ("fr", "combien de temps pour un qlora de llama 3 8b avec 20k exemples de 512 tokens sur ma "
     "4090 ?", "et sur mon mac ?", "🍎 <b>Llama 3 8B (QLoRA) demande un Mac avec au moins 16 Go "
     "de mémoire unifiée"),
])
def test_a_mac_of_unsaid_memory_after_a_runs_time_leads_with_the_mac_it_needs(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "❌ No: Llama 3 8B does not fit on 1× Apple silicon Mac … of the 5.72 GB each GPU has"
    # first, the smallest Mac assumed unsaid (a verdict led with the Mac needed already)
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.dataset_tokens) == ("time", "apple-silicon", 10_240_000), \
        reply.text
    assert reply.text.startswith("↪️"), reply.text
    says(reply.text, [said, "❌"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 8b on a 4090", "for 10 users?",
     "👥 <b>10 users at once fit on 1× RTX 4090: Llama 3 8B (BF16 inference) needs about 20 GB "
     "per GPU with their 10 KV caches (2.7 GB)"),
    ("es", "puedo hacer qlora de llama 3 8b en una 4090?", "¿y para 10 usuarios?",
     "👥 <b>10 usuarios a la vez caben en 1× RTX 4090"),
    ("fr", "je peux faire un qlora de llama 3 8b sur une 4090 ?", "et pour 10 utilisateurs ?",
     "👥 <b>10 utilisateurs en même temps tiennent sur 1× RTX 4090"),
    ("en", "how long to lora llama 3 8b on 50k samples of 1k tokens on an a100",
     "and to serve it for 50 users?",
     "👥 <b>50 users at once fit on 1× A100 80GB: Llama 3 8B (BF16 inference) needs about 30.8 "
     "GB per GPU with their 50 KV caches (13.4 GB) at 2,048 tokens of context each"),
])
def test_users_after_a_training_run_are_the_model_served_to_them(
        lang: str, run: str, asked: str, said: str) -> None:
    # was the training at a batch of 10 ("❌ No: Llama 3 8B does not fit on 1× RTX 4090
    # (QLoRA) … 58.2 GB"); after a time, "Serving … lasts as long as you keep it running"
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.inference, q.dataset_tokens) == (
        "fit", "llama-3-8b", True, None), reply.text
    says(reply.text, [said], ["❌"])


def test_a_context_after_a_training_run_is_still_that_run() -> None:
    _, reply = converse("can i qlora llama 3 8b on a 4090", "and with 8k context?", locale="en")
    assert (reply.query.method, reply.query.inference, reply.query.seq_len) == (
        "qlora", False, 8192), reply.text
