"""conv41: follow-ups people really send after a reply ("in hours?", "why?", a Mac's memory, one
setting changed), each asserted on what it keeps from the chat and what it answers."""

from __future__ import annotations

import pytest

from tests.support.chat import converse
from tests.support.chat import says as says_exactly


def _spaces(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def says(body: str, has: list[str], lacks: list[str]) -> None:
    """As tests.support.chat.says, no-break and narrow spaces read as spaces (Babel's French
    and Spanish units use either)."""
    says_exactly(_spaces(body), [_spaces(p) for p in has], [_spaces(p) for p in lacks])

RUN_H100 = {
    "en": "lora llama 3 8b 10k samples of 1k tokens how long on an h100",
    "es": "cuanto tarda un lora de llama 3 8b en una h100 con 10k ejemplos de 1k tokens",
    "fr": "combien de temps pour un lora de llama 3 8b sur une h100 avec 10k exemples de 1k tokens",
}


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in hours?", "about 0.29 hours on 1× H100"),
    ("en", "how many hours?", "about 0.29 hours on 1× H100"),
    ("en", "ok in hours pls", "about 0.29 hours on 1× H100"),
    ("es", "¿en horas?", "alrededor de 0,29 horas en 1× H100"),
    ("es", "¿cuántas horas?", "alrededor de 0,29 horas en 1× H100"),
    ("fr", "en heures ?", "environ 0,29\xa0heure sur 1× H100"),
    ("fr", "combien d'heures ?", "environ 0,29\xa0heure sur 1× H100"),
])
def test_in_hours_after_a_time_in_minutes_is_the_same_run_in_hours(
        lang: str, asked: str, said: str) -> None:
    # "in hours?" was "I did not understand"; "how many hours?" the same 17 minutes again
    first, reply = converse(RUN_H100[lang], asked, locale=lang)
    assert "17" in first.text.split("\n")[0], first.text
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.dataset_tokens, q.hours_asked) == (
        "time", "llama-3-8b", "lora", "h100", 10_000_000, True), reply.text
    head = reply.text.split("\n")[1]
    says(head, [said], ["17 min"])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in days?", "hours (0.4 days) on 8× H100"),
    ("es", "¿y en días?", "horas (0,4 días) en 8× H100"),
    ("fr", "et en jours ?", "heures (0,4\xa0jour) sur 8× H100"),
])
def test_in_days_after_a_time_says_the_days_beside_the_hours(
        lang: str, asked: str, said: str) -> None:
    run = {"en": "full finetune llama 3 8b on 8x h100 with 2B tokens how long",
           "es": "cuanto tarda un full finetune de llama 3 8b en 8x h100 con 2B tokens",
           "fr": "combien de temps pour un full finetune de llama 3 8b sur 8x h100 avec 2B tokens"}
    _, reply = converse(run[lang], asked, locale=lang)
    assert (reply.answer.intent, reply.query.gpu_count, reply.query.days_asked) == (
        "time", 8, True), reply.text
    says(reply.text, [said], ["🤔"])


@pytest.mark.parametrize(("lang", "asked", "head"), [
    ("en", "why?", "🔎 <b>Why this time:</b> each token takes about "),
    ("en", "why so slow?", "🔎 <b>Why this time:</b> each token takes about "),
    ("es", "¿por qué?", "🔎 <b>Por qué este tiempo:</b> cada token lleva unos "),
    ("fr", "pourquoi c'est si long ?", "🔎 <b>Pourquoi ce temps\u00a0:</b> chaque token demande "),
])
def test_why_after_a_time_says_what_the_time_is_made_of(lang: str, asked: str, head: str) -> None:
    # was the same reply again under "from your last question"
    first, reply = converse(RUN_H100[lang], asked, locale=lang)
    assert (reply.answer.intent, reply.query.why_asked, reply.query.gpu) == (
        "time", True, "h100"), reply.text
    assert _spaces(reply.text.split("\n")[1]).startswith(_spaces(head)), reply.text
    # the time it explains is the time just given
    wall = {"en": "17 minutes", "es": "17 minutos", "fr": "17\xa0minutes"}[lang]
    says(first.text, [wall], [])
    says(reply.text, [head, "989,5" if lang != "en" else "989.5", wall], [])


@pytest.mark.parametrize(("lang", "run", "asked", "why"), [
    ("en", "can i qlora llama 3 70b on a 4090", "why?",
     "🔎 <b>Why:</b> it needs about 52.6 GB per GPU, 26.8 GB more than the 25.76 GB each GPU "
     "has (its largest part: Model weights, 39.5 GB)."),
    ("en", "can i lora llama 3 8b on a 4090", "why",
     "🔎 <b>Why:</b> it needs about 23.1 GB per GPU, 2.7 GB less than the 25.76 GB each GPU has"),
    ("es", "¿puedo hacer qlora de llama 3 70b en una 4090?", "¿por qué?",
     "🔎 <b>Por qué:</b> necesita unos 52,6 GB por GPU, 26,8 GB más que los 25,76 GB"),
    ("fr", "je peux faire un qlora de llama 3 70b sur une 4090 ?", "pourquoi ?",
     "🔎 <b>Pourquoi\u00a0:</b> il faut environ 52,6\u00a0Go par GPU, 26,8\u00a0Go de plus que "
     "les 25,76\u00a0Go de chaque GPU"),
])
def test_why_after_a_verdict_says_what_the_run_needs_against_what_each_gpu_has(
        lang: str, run: str, asked: str, why: str) -> None:
    # was the same verdict again under "from your last question"
    _, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.why_asked) == ("fit", True), reply.text
    says(reply.text, [why], ["🤔"])


@pytest.mark.parametrize(("lang", "run", "asked", "chip", "memory", "said"), [
    ("en", "lora llama 3 8b on my macbook m3 max 36gb?", "and with 128gb?", "apple-m3-max", 128,
     "of the 103.07 GB macOS lets the GPU use"),
    ("fr", "je peux faire un lora de llama 3 8b sur mon mac m3 max 36go ?", "et avec 128go ?",
     "apple-m3-max", 128, "Llama 3 8B tient sur 1× Apple M3 Max (LoRA)"),
    ("es", "puedo correr llama 3 70b en mi mac m3 max de 36gb?", "¿y con 128gb?",
     "apple-m3-max", 128, "En 1× Apple M3 Max, Llama 3 70B cabe"),
    # no M2 Max has 192 GB, its Ultra does (as "mac m2 max 192gb" is read)
    ("en", "lora llama 3 70b on my m2 max 64gb", "and 192gb?", "apple-m2-ultra", 192,
     "Yes: Llama 3 70B fits on 1× Apple M2 Ultra (LoRA)."),
])
def test_a_memory_after_a_run_on_a_mac_is_that_mac_with_that_memory(
        lang: str, run: str, asked: str, chip: str, memory: int, said: str) -> None:
    # was "1× GPU of 128 GB", the Mac dropped (and its macOS share of the memory with it)
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (q.gpu, q.gpu_memory_gb, q.vram_gb) == (chip, memory, None), reply.text
    says(reply.text, [said], ["GPU of 128", "GPU de 128", "GPU of 192"])


@pytest.mark.parametrize(("lang", "run", "then", "head"), [
    ("en", "8x80gb full ft 70b bs=8 how long", ("and bs=4?", "with zero3?"),
     "on 8× GPU of 80 GB"),
    ("fr", "8x80go full ft 70b bs=8 combien de temps", ("et bs=4 ?", "et avec zero3 ?"),
     "sur 8× GPU de 80\u00a0Go"),
])
def test_a_setting_after_a_run_on_gpus_given_by_memory_changes_it_on_all_of_them(
        lang: str, run: str, then: tuple[str, str], head: str) -> None:
    # the batch and the sharding changed, but the head said "on a 80 GB GPU": the 8 dropped
    _, batch, sharded = converse(run, *then, locale=lang)
    for reply, sharding in ((batch, None), (sharded, "zero3")):
        q = reply.query
        assert (q.method, q.params_b, q.gpu_count, q.vram_gb, q.batch_size, q.sharding) == (
            "full_adamw", 70, 8, 80, 4, sharding), reply.text
        says(reply.text.split("\n")[0], [head], ["on a 80", "sur un GPU"])


def test_a_batch_after_a_run_timed_on_its_data_is_that_run_at_that_batch() -> None:
    _, reply = converse("full ft llama 3 70b on 8x h100 bs=8, 100M tokens, how long", "and bs=4?",
                        locale="en")
    q = reply.query
    assert (q.model_id, q.gpu, q.gpu_count, q.batch_size, q.dataset_tokens) == (
        "llama-3-70b", "h100", 8, 4, 100_000_000), reply.text
    says(reply.text, ["8× H100 with the same settings", "At sequence length 2,048 and batch 4"],
         [])


@pytest.mark.parametrize(("lang", "run", "asked", "intent", "count", "said"), [
    ("en", "lora llama 3 70b on 8x h100 100M tokens how long", "and if i rent 4?", "time", 4,
     "about 6.15 hours on 4× H100"),
    ("en", "lora mistral 7b on an a100 for 10 hours how much", "and if i rent 2?", "cost", 2,
     "2× A100 80GB × 10 hours at $1.84/hour"),
    ("es", "cuanto cuesta un qlora de llama 3 70b en una h100 con 20k ejemplos de 1k tokens",
     "¿y si alquilo 2?", "cost", 2, "en 2× H100"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur une a100 avec 50k exemples de 1k "
     "tokens", "et si j'en loue 4 ?", "time", 4, "sur 4× A100 80GB"),
])
def test_renting_a_count_after_a_run_on_a_rented_card_is_that_run_on_that_many(
        lang: str, run: str, asked: str, intent: str, count: int, said: str) -> None:
    # was the price list, the run dropped
    first, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.gpu_count) == (
        intent, first.query.model_id, first.query.gpu, count), reply.text
    says(reply.text, [said], ["💲"])


@pytest.mark.parametrize(("lang", "run", "asked", "why"), [
    ("en", "lora llama 3 8b 10k samples of 1k tokens how long on a100 vs h100",
     "why is the h100 faster?",
     "🔎 <b>Why:</b> the run is the same work on both, about 49.2 GFLOPs a token; the time is that work over what each configuration computes at the assumed utilization: 1× H100 about 465.1 TFLOPS (47% of 989.5 peak TFLOPS a GPU), 1× A100 80GB about 152.9 (49% of 312), so about 17 minutes against 53"),
    ("en", "lora llama 3 8b 10k samples of 1k tokens how long on a100 vs h100",
     "why is it so slow on the a100?", "1× A100 80GB about 152.9 (49% of 312)"),
    ("es", "cuanto tarda un lora de llama 3 8b con 10k ejemplos de 1k tokens en a100 vs h100",
     "¿por qué la h100 es más rápida?", "🔎 <b>Por qué:</b> el entrenamiento es el mismo trabajo"),
    ("fr", "combien de temps pour un lora de llama 3 8b avec 10k exemples de 1k tokens sur a100 "
     "ou h100 ?", "pourquoi la h100 va plus vite ?",
     "🔎 <b>Pourquoi\u00a0:</b> l'entraînement représente le même travail"),
])
def test_why_after_two_cards_timed_says_what_makes_the_difference(
        lang: str, run: str, asked: str, why: str) -> None:
    # was the same comparison again, the why unanswered
    _, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.why_asked) == ("compare", True), reply.text
    says(reply.text, [why], ["🤔"])


def test_why_after_a_card_not_compared_is_still_a_question_of_its_own() -> None:
    _, reply = converse("lora llama 3 8b 10k samples of 1k tokens how long on a100 vs h100",
                        "why is the b200 faster?", locale="en")
    assert not reply.query.why_asked, reply.text


def test_why_not_after_the_precisions_that_fit_gives_no_reason_of_one_of_them() -> None:
    # "On 2× RTX 3090, Llama 3 70B fits: 4-bit inference", then "why not?": the 4-bit's
    # headroom ("2.6 GB less than…") answers nothing asked; the breakdown follows as before.
    # conv46b: each precision's need against what each GPU has answers it (BF16 and 8-bit
    # need more than the 25.77 GB), so that line leads
    _, reply = converse("can i run llama 3 70b on 2x 3090", "why not?", locale="en")
    says(reply.text, ["🔎 <b>Why:</b> what decides it is the precision you serve in",
                      "72.4 GB for BF16 inference", "fits: 4-bit inference"], ["GB less than"])


def test_in_hours_after_a_runs_cost_on_its_data_is_its_time_in_hours() -> None:
    # was "I did not understand"
    *_, reply = converse("how much to qlora llama 3 8b on 50k samples of 512 tokens",
                         "and on an h100?", "in hours?", locale="en")
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.dataset_tokens, q.hours_asked) == (
        "time", "h100", 25_600_000, True), reply.text
    says(reply.text, ["QLoRA of Llama 3 8B: about 0.82 hours on 1× H100"], [])


def test_why_after_a_time_the_card_asked_cannot_hold_is_its_memory() -> None:
    # the run is timed where it fits (4× A100 80GB) under "No: … does not fit on 1× A100 80GB":
    # "why?" was what that other time is made of
    *_, reply = converse("lora qwen2.5 32b on an a100, how long for 10k samples of 4k tokens",
                         "and with 8k ctx?", "why?", locale="en")
    says(reply.text, ["🔎 <b>Why:</b> it needs about 97.2 GB per GPU, 11.3 GB more than the "
                      "85.9 GB each GPU has"], ["Why this time"])
