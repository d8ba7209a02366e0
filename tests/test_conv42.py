"""conv42: follow-ups people really send after a reply ("in minutes?", "with 4bit then?", ...),
each asserted on what it keeps from the chat and what it answers."""

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
    "en": "lora llama 3 8b 100k samples of 1k tokens how long on an h100",
    "es": "cuanto tarda un lora de llama 3 8b en una h100 con 100k ejemplos de 1k tokens",
    "fr": "combien de temps pour un lora de llama 3 8b sur une h100 avec 100k exemples de 1k tokens",
}


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in minutes?", "about 176 minutes (2.94 hours) on 1× H100"),
    ("en", "how many mins?", "about 176 minutes (2.94 hours) on 1× H100"),
    ("es", "¿en minutos?", "alrededor de 176 minutos (2,94 horas) en 1× H100"),
    ("es", "¿cuántos minutos?", "alrededor de 176 minutos (2,94 horas) en 1× H100"),
    ("fr", "en minutes ?", "environ 176 minutes (2,94 heures) sur 1× H100"),
    # "combien de …" was read only as "combien d'…": the price of the run
    ("fr", "combien de minutes ?", "environ 176 minutes (2,94 heures) sur 1× H100"),
])
def test_in_minutes_after_a_time_in_hours_is_the_same_run_in_minutes(
        lang: str, asked: str, said: str) -> None:
    # was "I did not understand" ("combien de minutes ?" the run's cost)
    first, reply = converse(RUN_H100[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.dataset_tokens, q.minutes_asked) \
        == ("time", "llama-3-8b", "lora", "h100", 100_000_000, True), reply.text
    says(first.text, ["2,94" if lang != "en" else "2.94"], ["176"])
    says(reply.text.split("\n")[1], [said], ["🤔", "💵"])


def test_in_minutes_after_a_time_in_minutes_says_the_same_minutes() -> None:
    _, reply = converse("lora llama 3 8b 10k samples of 1k tokens how long on an h100",
                        "in minutes?", locale="en")
    says(reply.text.split("\n")[1], ["about 17 minutes on 1× H100"], ["hours)"])


def test_how_many_days_in_french_said_with_de_is_the_days() -> None:
    _, reply = converse("combien de temps pour un full finetune de llama 3 8b sur 8x h100 avec "
                        "2B tokens", "combien de jours ?", locale="fr")
    assert (reply.answer.intent, reply.query.days_asked) == ("time", True), reply.text
    says(reply.text, ["heures (0,4 jour) sur 8× H100"], ["$US pour"])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i lora llama 3 70b on my 4090, 10k samples of 1k tokens how long",
     "with 4bit then?", "No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA)."),
    ("en", "can i lora llama 3 70b on my 4090", "with 4bit then?",
     "No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA)."),
    ("es", "¿puedo hacer lora de llama 3 8b en mi 3060?", "¿y en 4 bits entonces?",
     "Sí: Llama 3 8B cabe en 1× RTX 3060 (QLoRA)."),
    ("fr", "je peux faire un lora de llama 3 8b sur ma 3060 ?", "et en 4 bits alors ?",
     "Oui : Llama 3 8B tient sur 1× RTX 3060 (QLoRA)."),
])
def test_four_bits_then_after_a_lora_on_ones_card_is_that_run_in_qlora(
        lang: str, run: str, asked: str, said: str) -> None:
    # a word closing the change ("then", "entonces", "alors") made it serving the model in
    # 4 bits, the training and its data dropped
    first, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (q.method, q.gpu, q.dataset_tokens, reply.answer.intent) == (
        "qlora", first.query.gpu, first.query.dataset_tokens, first.answer.intent), reply.text
    says(reply.text, [said], ["4-bit inference", "inferencia en 4 bits", "inférence en 4 bits"])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 8b on my 4090", "same for 70b",
     "No: Llama 3 70B does not fit on 1× RTX 4090 (QLoRA)."),
    ("es", "¿puedo hacer qlora de llama 3 8b en mi 4090?", "lo mismo para 70b",
     "No: Llama 3 70B no cabe en 1× RTX 4090 (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 8b sur ma 4090 ?", "pareil pour 70b",
     "Non : Llama 3 70B ne tient pas sur 1× RTX 4090 (QLoRA)."),
])
def test_same_for_another_size_is_that_run_for_it(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "Memory for a 70B model", the card and the method dropped
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.follow_up) == (
        "fit", "llama-3-70b", "qlora", "rtx-4090", True), reply.text
    says(reply.text, [said], ["📐"])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b on an h100 with 50k samples of 1k tokens how long", "same on an a100",
     "about 4.47 hours on 1× A100 80GB"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "lo mismo en una a100", "alrededor de 4,47 horas en 1× A100 80GB"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de 1k "
     "tokens", "pareil sur une a100", "environ 4,47 heures sur 1× A100 80GB"),
])
def test_same_on_another_card_is_that_run_there(
        lang: str, run: str, asked: str, said: str) -> None:
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.dataset_tokens) == (
        "time", "llama-3-8b", "a100-80gb", 50_000_000), reply.text
    says(reply.text, [said], [])


@pytest.mark.parametrize(("lang", "run", "asked"), [
    ("en", "can i lora llama 3 70b on my 4090", "and with offload?"),
    ("es", "¿puedo hacer lora de llama 3 70b en mi 4090?", "¿y con offload?"),
    ("fr", "je peux faire un lora de llama 3 70b sur ma 4090 ?", "et avec offload ?"),
    ("fr", "je peux faire un lora de llama 3 70b sur ma 4090 ?", "et avec de l'offload ?"),
])
def test_offload_alone_after_a_run_on_ones_card_is_that_run_offloaded(
        lang: str, run: str, asked: str) -> None:
    # es/fr were "I did not understand" (only "offload a la cpu", "déchargement cpu" were read)
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.cpu_offload) == (
        "fit", "llama-3-70b", "lora", "rtx-4090", True), reply.text
    says(reply.text, [{"en": "Yes: Llama 3 70B fits on 1× RTX 4090 (LoRA).",
                       "es": "Sí: Llama 3 70B cabe en 1× RTX 4090 (LoRA).",
                       "fr": "Oui : Llama 3 70B tient sur 1× RTX 4090 (LoRA)."}[lang],
                      "16,9" if lang != "en" else "16.9"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "tokens", "said"), [
    ("en", "lora llama 3 8b 10k samples 2k tokens on my 4090 how long", "and 20k samples?",
     40_000_000, "about 7.06 hours on 1× RTX 4090"),
    ("en", "lora llama 3 8b 10k samples of 2k tokens on my 4090 how long", "and 5k examples?",
     10_000_000, "about 1.76 hours on 1× RTX 4090"),
    ("es", "cuánto tarda un lora de llama 3 8b en mi 3090 con 10k ejemplos de 2k tokens",
     "¿y con 30k ejemplos?", 60_000_000, "alrededor de 24,08 horas en 1× RTX 3090"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur ma 3090 avec 10k exemples de 2k "
     "tokens", "et avec 30k exemples ?", 60_000_000, "environ 24,08 heures sur 1× RTX 3090"),
    # pairs count both answers: 20k pairs of 1k tokens are 40M tokens, as 10k were 20M
    ("en", "dpo llama 3 8b on 10k pairs of 1k tokens on an h100 how long", "and 20k pairs?",
     40_000_000, "about 1.54 hours on 1× H100"),
])
def test_a_count_of_samples_after_samples_of_a_length_is_that_many_of_them(
        lang: str, run: str, asked: str, tokens: int, said: str) -> None:
    # was "I did not understand"
    first, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.seq_len, q.dataset_tokens) == (
        "time", "llama-3-8b", first.query.gpu, first.query.seq_len, tokens), reply.text
    says(reply.text, [said], [])


def test_samples_after_samples_said_again_count_from_the_last() -> None:
    *_, reply = converse("lora llama 3 8b 10k samples 2k tokens on my 4090 how long",
                         "and 20k samples?", "and 5k examples?", locale="en")
    assert reply.query.dataset_tokens == 10_000_000, reply.text


def test_a_count_alone_after_samples_of_a_length_stays_unread() -> None:
    # "and 20k?": 20k samples or 20k tokens, as before (test_conversation's reading)
    _, reply = converse("lora llama 3 8b 10k samples 2k tokens on my 4090 how long", "and 20k?",
                        locale="en")
    assert reply.query.dataset_tokens != 40_000_000, reply.text


def test_cheaper_after_a_run_on_a_card_not_cheapest_for_it_says_nothing_of_it_being_so() -> None:
    # "1× A100 80GB, the one you asked about, is already the cheapest …" stood above "About
    # $77.68 … on 1× B200, the offered configuration where what you pay for this run … is
    # least": the A100 is cheapest by the hour, not for the run
    _, reply = converse("qlora llama 3 70b on an a100 how much for 100k samples of 1k tokens",
                        "cheaper?", locale="en")
    says(reply.text, ["About $58.77 to fine-tune Llama 3 70B", "on 1× H100"],
         ["already the cheapest"])


def test_cheaper_after_a_run_on_the_card_where_it_costs_least_says_so() -> None:
    _, reply = converse("how much to lora llama 3 8b on an l40s with 100k samples of 1k tokens",
                        "cheaper?", locale="en")
    says(reply.text, ["1× L40S, the one you asked about, is already the cheapest", "on 1× L40S"],
         [])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "minutes?", "about 88 minutes (1.47 hours) on 1× H100"),
    ("es", "¿minutos?", "alrededor de 88 minutos (1,47 horas) en 1× H100"),
    ("fr", "minutes ?", "environ 88 minutes (1,47 heure) sur 1× H100"),
])
def test_a_unit_alone_after_a_time_is_the_time_in_it(lang: str, asked: str, said: str) -> None:
    # was "I did not understand" ("hours?" alone was read)
    run = {"en": "lora llama 3 8b on an h100 with 50k samples of 1k tokens how long",
           "es": "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
           "fr": "combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de "
                 "1k tokens"}[lang]
    _, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.minutes_asked) == ("time", True), reply.text
    says(reply.text.split("\n")[1], [said], [])


def test_a_unit_alone_after_no_time_is_still_no_follow_up() -> None:
    _, reply = converse("can i lora llama 3 8b on my 4090", "minutes?", locale="en")
    assert not reply.query.minutes_asked, reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "already"), [
    ("en", "how much to lora llama 3 8b on 100k samples of 1k tokens", "cheaper?",
     "ℹ️ LoRA on 1× L40S, just answered, is already where this run costs least: no other "
     "method or offered configuration costs less for it."),
    # no method named: the run led with was already the cheapest of them all
    ("en", "how much to finetune llama 3 8b on 100M tokens", "anything cheaper?",
     "ℹ️ LoRA on 1× L40S, just answered, is already where this run costs least"),
    ("es", "cuánto cuesta un lora de llama 3 8b con 100k ejemplos de 1k tokens", "¿más barato?",
     "ℹ️ LoRA en 1× L40S, la respuesta que acabo de dar, ya es donde este entrenamiento cuesta "
     "menos"),
    ("fr", "combien coûte un lora de llama 3 8b avec 100k exemples de 1k tokens", "moins cher ?",
     "ℹ️ LoRA sur 1× L40S, la réponse que je viens de donner, est déjà l'option où cet "
     "entraînement coûte le moins"),
])
def test_cheaper_after_a_run_costed_where_it_costs_least_says_it_already_is(
        lang: str, run: str, asked: str, already: str) -> None:
    # was the cheapest GPUs led by "About $10.41 … QLoRA … on 1× L40S" after LoRA's $8.84
    # there, as if it cost less
    first, reply = converse(run, asked, locale=lang)
    lead = first.text.split("\n")[0]
    assert reply.answer.intent == "cost", reply.text
    says(reply.text, [already, lead], ["QLoRA, about", "QLoRA, alrededor", "QLoRA, environ"])


def test_cheaper_after_a_dear_method_costed_is_the_cheapest_method() -> None:
    _, reply = converse("how much to full finetune llama 3 8b on 100M tokens", "cheaper?",
                        locale="en")
    says(reply.text, ["About $6.49 to fine-tune Llama 3 8B on 100 million tokens</b> — LoRA, about 7.91 hours on 1× L40S"], ["already"])


@pytest.mark.parametrize(("lang", "run", "asked", "verdict", "time"), [
    ("en", "can i lora llama 3 8b on my 3060, 10k samples of 1k tokens how long",
     "what if i use qlora?", "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (QLoRA).</b>",
     "QLoRA of Llama 3 8B: about 11.33 hours on 1× RTX 3060"),
    ("en", "can i lora llama 3 8b on my 3060, 10k samples of 1k tokens how long",
     "with 4bit then?", "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (QLoRA).</b>",
     "QLoRA of Llama 3 8B: about 11.33 hours on 1× RTX 3060"),
    ("en", "can i lora llama 3 8b on my 3060, 10k samples of 1k tokens how long",
     "and with deepspeed offload?", "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3060 (LoRA).</b>",
     "LoRA of Llama 3 8B: about 10.78 hours on 1× RTX 3060"),
    ("es", "¿puedo hacer lora de llama 3 8b en mi 3060 con 10k ejemplos de 1k tokens? ¿cuánto "
     "tarda?", "¿y si uso qlora?", "✅ <b>Sí: Llama 3 8B cabe en 1× RTX 3060 (QLoRA).</b>",
     "QLoRA de Llama 3 8B: alrededor de 11,33 horas en 1× RTX 3060"),
    ("fr", "je peux faire un lora de llama 3 8b sur ma 3060 avec 10k exemples de 1k tokens ? "
     "combien de temps ?", "et si j'utilise qlora ?",
     "✅ <b>Oui : Llama 3 8B tient sur 1× RTX 3060 (QLoRA).</b>",
     "QLoRA pour Llama 3 8B : environ 11,33 heures sur 1× RTX 3060"),
])
def test_a_change_after_a_run_that_did_not_fit_ones_card_says_whether_it_fits_then_its_time(
        lang: str, run: str, asked: str, verdict: str, time: str) -> None:
    # the verdict was a line at the reply's end ("✅ Memory: about 10.3 GB …"), the time first
    first, reply = converse(run, asked, locale=lang)
    assert first.text.startswith("❌"), first.text
    lines = reply.text.split("\n")
    says(lines[1], [verdict], [])
    says(lines[2], [time], [])



# Already answered before this session's work (guards): two of one's card, the largest batch
# and context after a fit, the faster configurations after a rented run.
@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "how about 2 of them?"), ("es", "y si compro otra?"), ("fr", "et avec une deuxième ?"),
])
def test_another_of_ones_card_is_two_of_it(lang: str, asked: str) -> None:
    run = {"en": "can i lora llama 3 70b on my 4090",
           "es": "¿puedo hacer lora de llama 3 70b en mi 4090?",
           "fr": "je peux faire un lora de llama 3 70b sur ma 4090 ?"}[lang]
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (q.model_id, q.method, q.gpu, q.gpu_count) == (
        "llama-3-70b", "lora", "rtx-4090", 2), reply.text
    says(reply.text, ["2× RTX 4090 (LoRA)", "89,1" if lang != "en" else "89.1"], [])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "what batch size can i use?", "📏 <b>Largest micro-batch that fits: 3 sequences of "
     "2,048 tokens per GPU</b>"),
    ("en", "max context?", "📏 <b>Longest context that fits: about 7,303 tokens"),
    ("es", "¿qué batch size máximo puedo usar?", "📏 <b>El micro-batch más grande que cabe: 3 "
     "secuencias de 2.048 tokens por GPU</b>"),
    ("fr", "contexte max ?", "📏 <b>Contexte le plus long qui tient : environ 7 303 tokens"),
])
def test_the_largest_batch_or_context_after_a_fit_is_the_estimators(
        lang: str, asked: str, said: str) -> None:
    run = {"en": "can i qlora llama 3 8b on my 4090",
           "es": "¿puedo hacer qlora de llama 3 8b en mi 4090?",
           "fr": "je peux faire un qlora de llama 3 8b sur ma 4090 ?"}[lang]
    _, reply = converse(run, asked, locale=lang)
    says(reply.text, [said], [])


def test_faster_after_a_rented_run_lists_what_ends_sooner() -> None:
    _, reply = converse("qlora llama 3 70b on an a100 how much for 100k samples of 1k tokens",
                        "faster?", locale="en")
    says(reply.text, ["⚡ <b>Faster than 1× A100 80GB for this run",
                      "8× B200: about 1.36 hours, you pay $92.20"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b on an h100 with 50k samples of 1k tokens how long", "and in 1 hour?",
     "❌ <b>No: by this estimate it takes longer than 1 hour.</b>"),
    ("en", "how much to lora llama 3 8b on an h100 with 50k samples of 1k tokens", "in 1 hour?",
     "❌ <b>No: by this estimate it takes longer than 1 hour.</b>"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "¿y en 1 hora?", "❌ <b>No: según esta estimación, tarda más de 1 hora.</b>"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "¿se puede en 1 hora?", "❌ <b>No: según esta estimación, tarda más de 1 hora.</b>"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de 1k "
     "tokens", "et en 1 heure ?", "❌ <b>Non : d'après cette estimation, il faut plus de 1 heure.</b>"),
])
def test_in_some_hours_after_a_run_on_its_data_is_whether_it_finishes_in_them(
        lang: str, run: str, asked: str, said: str) -> None:
    # was that run priced for 1 hour ("This run uses $2.32 of it: 1× H100 × 1 hour"), a run of
    # 1.97 hours
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.hours, q.deadline_asked, q.dataset_tokens) == (
        "time", "h100", 1, True, 50_000_000), reply.text
    says(reply.text, [said], ["× 1 hour at", "× 1 hora a", "× 1 heure à"])


def test_in_some_hours_after_a_run_on_no_card_is_where_it_finishes_in_them() -> None:
    _, reply = converse("how long to lora llama 3 8b on 50M tokens", "and in 1 hour?",
                        locale="en")
    says(reply.text, ["✅ <b>Rent 8× H100: by this estimate it finishes within 1 hour"], [])


def test_for_some_hours_after_a_run_is_still_those_hours_priced() -> None:
    # "for" pays for hours; "in" finishes within them
    _, reply = converse("lora llama 3 8b on an h100 with 50k samples of 1k tokens how long",
                        "and for 10 hours?", locale="en")
    assert not reply.query.deadline_asked, reply.text


def test_in_minutes_after_a_run_of_days_says_the_minutes_and_hours_once() -> None:
    # was "about 3,744 minutes (62.4 hours) (2.6 days)"
    _, reply = converse("qlora llama 3 70b on a100 how long for 100k samples of 512 tokens",
                        "thx, and in minutes?", locale="en")
    says(reply.text.split("\n")[1], ["about 2,381 minutes (39.68 hours) on 1× A100 80GB"],
         ["days)"])


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "and with bs 2 and 4k?"), ("en", "4k and bs 2?"),
    ("es", "¿y con batch 2 y 4k?"), ("fr", "et avec un batch de 2 et 4k ?"),
])
def test_a_length_in_thousands_beside_a_batch_is_the_sequences(lang: str, asked: str) -> None:
    # the 4k was dropped: the estimate at 2,048 tokens, batch 2 (10.8 GB, fits)
    _, reply = converse("can i qlora mistral 7b on my 3060", asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.batch_size, q.seq_len) == (
        "fit", "mistral-7b", "rtx-3060", 2, 4096), reply.text
    # at 4,096 tokens and batch 2 it needs 15.3 GB, more than the 3060's 12.88
    says(reply.text.split("\n")[2], ["15,3" if lang != "en" else "15.3"], [])
    assert reply.text.split("\n")[1].startswith("❌"), reply.text


def test_thousands_of_samples_beside_a_batch_are_no_sequence() -> None:
    _, reply = converse("can i qlora mistral 7b on my 3060", "and bs 2 with 4k samples?",
                        locale="en")
    assert reply.query.seq_len is None, reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b on 20M tokens on my 4090 how long", "and 20k samples?",
     "depends on how long your 20,000 samples are: about 1.81 hours at 512 tokens each"),
    ("en", "how much to lora llama 3 8b on 20M tokens", "and 20k samples?",
     "depends on how long your 20,000 samples are: about $0.66 at 512 tokens each"),
    ("es", "cuánto tarda un lora de llama 3 8b con 20M tokens en mi 4090", "¿y 20k ejemplos?",
     "depende de cuánto miden tus 20.000 ejemplos"),
])
def test_samples_after_a_run_on_tokens_are_timed_at_the_usual_lengths(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "I did not understand"
    first, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.dataset_samples, reply.query.gpu) == (
        first.answer.intent, 20_000, first.query.gpu), reply.text
    says(reply.text, [said], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b on an h100 with 50k samples of 1k tokens how long",
     "and with bs 8 how many steps", "🔢 <b>6,250 optimizer steps for one epoch.</b>"),
    ("en", "lora llama 3 8b on an h100 with 50k samples of 1k tokens bs 4 how long",
     "how many steps?", "🔢 <b>12,500 optimizer steps for one epoch.</b>"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "¿y cuántos steps con batch 8?", "🔢 <b>6.250 pasos de optimización para una época.</b>"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur 2 h100 avec 50k exemples de 1k "
     "tokens et 3 époques, batch 4", "combien de steps ?",
     "🔢 <b>18 750 étapes d'optimisation en tout : 6 250 par époque × 3 époques.</b>"),
])
def test_steps_after_a_run_on_samples_counted_are_its_optimizer_steps(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "I did not understand"
    _, reply = converse(run, asked, locale=lang)
    assert reply.answer.intent == "time", reply.text
    says(reply.text.split("\n")[1], [said], [])


def test_steps_after_a_run_moved_to_another_card_count_the_same_samples() -> None:
    *_, reply = converse("lora llama 3 8b on an h100 with 50k samples of 1k tokens bs 4 how long",
                         "and on an a100?", "how many steps?", locale="en")
    says(reply.text, ["🔢 <b>12,500 optimizer steps for one epoch.</b>", "on 1× A100 80GB"], [])


def test_steps_after_a_run_with_no_batch_is_its_time() -> None:
    # no batch said: the run's time, as the same question asked alone gives it
    _, reply = converse("lora llama 3 8b on an h100 with 50k samples of 1k tokens how long",
                        "how many steps?", locale="en")
    says(reply.text, ["LoRA of Llama 3 8B: about 1.47 hours on 1× H100"], ["🤔", "🔢"])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "in gpu hours?", "Full AdamW of Llama 3 8B: 3.81 H100 GPU-hours for 100 million tokens (about 29 minutes on 8× H100)."),
    ("es", "¿en horas de GPU?", "3,81 GPU-horas de la H100 para 100 millones de tokens"),
    ("fr", "en GPU-heures ?", "3,81 GPU-heures du H100 pour 100 millions de tokens"),
])
def test_in_gpu_hours_after_a_time_on_several_gpus_leads_with_them(
        lang: str, asked: str, said: str) -> None:
    # was "I did not understand"
    run = {"en": "full ft llama 3 8b on 8x h100 100M tokens how long",
           "es": "cuánto tarda un full finetune de llama 3 8b en 8x h100 con 100M tokens",
           "fr": "combien de temps pour un full finetune de llama 3 8b sur 8x h100 avec 100M "
                 "tokens"}[lang]
    _, reply = converse(run, asked, locale=lang)
    assert (reply.answer.intent, reply.query.gpu_hours_asked) == ("time", True), reply.text
    says(reply.text.split("\n")[1], [said], [])


@pytest.mark.parametrize("asked", ["what if i only have $50", "and if i only have $50?",
                                   "i just have 50 bucks"])
def test_only_having_a_sum_after_a_runs_cost_is_a_budget_for_it(asked: str) -> None:
    # was "I did not understand" ("what if i have $50" was read; "¿y si solo tengo 50 dólares?"
    # and "et si j'ai seulement 50 $ ?" too)
    _, reply = converse("qlora llama 3 70b on an h100 how much for 100k samples of 1k tokens",
                        asked, locale="en")
    assert (reply.answer.intent, reply.query.budget_usd) == ("cost", 50), reply.text
    says(reply.text, ["❌ <b>Not within $50: this run costs about $58.77, 25.33 hours on 1× H100"], [])
