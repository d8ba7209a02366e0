"""conv43: follow-ups people send after a reply in Telegram ("in hours?", "sorry, 4090 not
3090", "how long on each?", ...), each driven through the real pipeline and asserted on what it
keeps from the chat and what it changes."""

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
    ("en", "in hours?", ["⏱ <b>Training time for 10 million tokens (1 epoch)</b>",
                         "1× RTX 3090: about 3.93 hours", "1× RTX 4090: about 1.73 hours",
                         "⚖️"]),
    ("en", "in minutes?", ["1× RTX 3090: about 236 minutes (3.93 hours)",
                           "1× RTX 4090: about 104 minutes (1.73 hours)", "⚖️"]),
    ("en", "how many hours?", ["1× RTX 3090: about 3.93 hours", "⚖️"]),
    ("es", "¿en horas?", ["1× RTX 3090: alrededor de 3,93 horas",
                          "1× RTX 4090: alrededor de 1,73 horas", "⚖️"]),
    ("fr", "en minutes ?", ["1× RTX 3090 : environ 236 minutes (3,93 heures)",
                            "1× RTX 4090 : environ 104 minutes (1,73 heure)", "⚖️"]),
])
def test_a_unit_after_two_cards_compared_on_a_run_is_both_times_in_it(
        lang: str, asked: str, said: list[str]) -> None:
    # was "I did not understand"
    _, reply = converse(TWO_CARDS[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.other_gpus, q.dataset_tokens) \
        == ("compare", "llama-3-8b", "qlora", "rtx-3090", ("rtx-4090",), 10_000_000), reply.text
    says(reply.text, said, ["🤔"])


def test_days_after_two_priced_cards_compared_say_the_lead_in_days() -> None:
    _, reply = converse("h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "in days?",
                        locale="en")
    assert reply.answer.intent == "compare", reply.text
    says(reply.text, ["1× H100 finishes sooner (about 2.94 hours (0.1 days) against 8.94 hours (0.4 days))"], [])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 8b on a 3090", "sorry, 4090 not 3090",
     "Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA)."),
    ("en", "can i qlora llama 3 8b on a 3090", "no, on a 4090, not on a 3090",
     "Yes: Llama 3 8B fits on 1× RTX 4090 (QLoRA)."),
    ("es", "¿puedo hacer qlora de llama 3 8b en una 3090?", "perdón, 4090 no 3090",
     "Sí: Llama 3 8B cabe en 1× RTX 4090 (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 8b sur une 3090 ?",
     "pardon, une 4090 pas une 3090", "Oui : Llama 3 8B tient sur 1× RTX 4090 (QLoRA)."),
])
def test_a_card_corrected_with_not_the_other_is_that_card_alone(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "RTX 4090 or RTX 3090?": the card ruled out compared with the one meant
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.other_gpus) == (
        "fit", "llama-3-8b", "qlora", "rtx-4090", ()), reply.text
    says(reply.text, [said], ["⚖️"])


def test_why_not_another_card_still_compares_them() -> None:
    _, reply = converse("can i qlora llama 3 8b on a 3090", "4090 or why not a 3090?",
                        locale="en")
    assert reply.query.other_gpus, reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "and on 2 of each?",
     "2× H100 finishes sooner (about 1.47 hours against 4.47 hours)"),
    ("en", "h100 vs a100 for lora llama 3 8b 100k samples 1k tokens", "what about two each",
     "2× H100 finishes sooner (about 1.47 hours against 4.47 hours)"),
    ("es", "h100 o a100 para lora de llama 3 8b, 100k ejemplos de 1k tokens",
     "¿y con dos de cada una?", "2× H100 termina antes"),
    ("fr", "h100 ou a100 pour un lora de llama 3 8b, 100k exemples de 1k tokens",
     "et avec 2 de chaque ?", "2× H100 finit plus tôt"),
])
def test_some_of_each_after_two_cards_compared_is_both_at_that_count(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "I did not understand"
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu, q.gpu_count, q.other_gpus,
            q.other_gpu_count, q.dataset_tokens) == (
        "compare", "llama-3-8b", "lora", "h100", 2, ("a100-80gb",), 2, 100_000_000), reply.text
    says(reply.text, [said], ["🤔"])


@pytest.mark.parametrize(("lang", "asked", "said"), [
    ("en", "how long on each?", ["⏱ <b>Training time for 10 million tokens (1 epoch)</b>",
                                 "1× RTX 3090: about 3.93 hours", "1× RTX 4090: about 1.73 hours",
                                 "⚖️"]),
    ("en", "how long for both?", ["1× RTX 3090: about 3.93 hours", "⚖️"]),
    ("es", "¿cuánto tarda en cada una?", ["1× RTX 3090: alrededor de 3,93 horas",
                                          "1× RTX 4090: alrededor de 1,73 horas", "⚖️"]),
    ("fr", "combien de temps sur chacune ?", ["1× RTX 3090 : environ 3,93 heures",
                                              "1× RTX 4090 : environ 1,73 heure", "⚖️"]),
])
def test_how_long_on_each_after_two_cards_compared_on_a_run_is_both_times(
        lang: str, asked: str, said: list[str]) -> None:
    # was the first card's time alone ("about 5.68 hours on 1× RTX 3090"), the other dropped
    _, reply = converse(TWO_CARDS[lang], asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.other_gpus, q.dataset_tokens) == (
        "compare", "rtx-3090", ("rtx-4090",), 10_000_000), reply.text
    says(reply.text, said, ["🤔"])


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b 50k samples 1k tokens h100 how long", "and with 2k tokens each?",
     "about 2.91 hours on 1× H100 (2.91 GPU-hours for 100 million tokens)"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "¿y si son de 2k tokens cada uno?",
     "alrededor de 2,91 horas en 1× H100 (2,91 GPU-horas para 100 millones de tokens)"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de 1k "
     "tokens", "et avec 2k tokens chacun ?",
     "environ 2,91 heures sur 1× H100 (2,91 GPU-heures pour 100 millions de tokens)"),
])
def test_a_length_each_after_samples_of_a_length_is_as_many_samples_that_long(
        lang: str, run: str, asked: str, said: str) -> None:
    # was a dataset of 2,000 tokens: "about 1 minute on 1× H100 (under 0.01 GPU-hours for
    # 2,000 tokens)"; 50k samples of 2k tokens are 100M tokens, timed at sequences of 2,000
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.seq_len, q.dataset_tokens) == (
        "time", "llama-3-8b", "h100", 2000, 100_000_000), reply.text
    says(reply.text, [said], [])


def test_samples_after_a_length_each_count_at_that_length() -> None:
    *_, reply = converse("lora llama 3 8b 50k samples 1k tokens h100 how long",
                         "and with 2k tokens each?", "and 100k samples?", locale="en")
    assert (reply.query.seq_len, reply.query.dataset_tokens) == (2000, 200_000_000), reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b 50k samples 1k tokens h100 how long", "sorry i meant 500k samples",
     "about 14.69 hours on 1× H100 (14.69 GPU-hours for 500 million tokens)"),
    ("es", "cuánto tarda un lora de llama 3 8b en una h100 con 50k ejemplos de 1k tokens",
     "perdón, quise decir 500k ejemplos", "alrededor de 14,69 horas en 1× H100"),
    ("fr", "combien de temps pour un lora de llama 3 8b sur une h100 avec 50k exemples de 1k "
     "tokens", "pardon, je voulais dire 500k exemples", "environ 14,69 heures sur 1× H100"),
])
def test_samples_corrected_after_samples_of_a_length_are_that_many_of_them(
        lang: str, run: str, asked: str, said: str) -> None:
    # was "I did not understand" ("and 500k samples?" was read)
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.gpu, q.seq_len, q.dataset_tokens) == (
        "time", "h100", 1000, 500_000_000), reply.text
    says(reply.text, [said], ["🤔"])


@pytest.mark.parametrize(("lang", "run", "priced", "asked", "said"), [
    ("en", "can i lora llama 3 70b on 8x h100", "how much for 10 hours?", "and 20?",
     "Cost: $371.20</b> — 8× H100 × 20 hours"),
    ("es", "¿puedo hacer lora de llama 3 70b en 8 h100?", "¿cuánto por 10 horas?", "¿y 20?",
     "Coste: 371,20 US$</b> — 8× H100 × 20 horas"),
    ("fr", "je peux faire un lora de llama 3 70b sur 8 h100 ?", "combien pour 10 heures ?",
     "et 20 ?", "Coût : 371,20 $US</b> — 8× H100 × 20 heures"),
])
def test_a_number_beyond_an_instances_cards_after_hours_priced_is_hours(
        lang: str, run: str, priced: str, asked: str, said: str) -> None:
    # was "20 of what?": 20 cards are more than an instance has
    *_, reply = converse(run, priced, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.gpu, q.gpu_count, q.hours) == (
        "cost", "llama-3-70b", "h100", 8, 20), reply.text
    says(reply.text, [said], ["❓"])


def test_a_small_number_after_hours_priced_on_several_cards_is_still_asked() -> None:
    # "and 4?" after 8× H100 for 10 hours: 4 cards or 4 hours, as before
    *_, reply = converse("can i lora llama 3 70b on 8x h100", "how much for 10 hours?",
                         "and 4?", locale="en")
    assert reply.query.hours != 4 or reply.query.gpu_count != 8, reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "can i qlora llama 3 70b on 2x3090", "and with 48gb each?",
     "Yes: Llama 3 70B fits on 2× GPU of 48 GB (QLoRA)."),
    ("en", "can i qlora llama 3 70b on 2x3090", "what if they were 48gb cards",
     "Yes: Llama 3 70B fits on 2× GPU of 48 GB (QLoRA)."),
    ("es", "¿puedo hacer qlora de llama 3 70b en 2 3090?", "¿y con 48gb cada una?",
     "Sí: Llama 3 70B cabe en 2× GPU de 48 GB (QLoRA)."),
    ("fr", "je peux faire un qlora de llama 3 70b sur 2 3090 ?", "et avec 48 go chacune ?",
     "Oui : Llama 3 70B tient sur 2× GPU de 48 Go (QLoRA)."),
])
def test_a_memory_each_after_several_cards_is_as_many_cards_that_big(
        lang: str, run: str, asked: str, said: str) -> None:
    # was one GPU of 48 GB ("does not fit on 1× GPU of 48 GB"), the count dropped
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, q.method, q.gpu_count, q.vram_gb) == (
        "fit", "llama-3-70b", "qlora", 2, 48), reply.text
    says(reply.text, [said], [])


def test_a_memory_with_one_card_after_several_is_one_card() -> None:
    _, reply = converse("can i qlora llama 3 70b on 2x3090", "and on a 48gb card?", locale="en")
    assert reply.query.gpu_count in (None, 1), reply.text


@pytest.mark.parametrize(("lang", "run", "asked", "pair", "said"), [
    ("en", "a100 vs h100 for lora llama 3 8b, 100k samples 1k tokens", "sorry, h200 not h100",
     ("a100-80gb", ("h200",)), "1× H200 finishes sooner (about 2.94 hours against 8.94 hours)"),
    ("en", "a100 vs h100 for lora llama 3 8b, 100k samples 1k tokens",
     "no i meant l40s, not a100", ("l40s", ("h100",)), "1× L40S costs less ($8.20 paid"),
    ("en", "3090 or 4090 for qlora llama 3 8b, 10k samples of 1k tokens", "oops 5090 not 4090",
     ("rtx-3090", ("rtx-5090",)), "RTX 3090 or RTX 5090?"),
    ("es", "a100 o h100 para lora de llama 3 8b, 100k ejemplos de 1k tokens",
     "perdón, h200 no h100", ("a100-80gb", ("h200",)), "1× H200 termina antes"),
    ("fr", "a100 ou h100 pour un lora de llama 3 8b, 100k exemples de 1k tokens",
     "pardon, h200 pas h100", ("a100-80gb", ("h200",)), "1× H200 finit plus tôt"),
])
def test_a_card_corrected_after_two_compared_replaces_the_one_ruled_out(
        lang: str, run: str, asked: str, pair: tuple[str, tuple[str, ...]], said: str) -> None:
    # was a fit on the card meant alone, the other side dropped
    _, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.model_id, (q.gpu, q.other_gpus), q.dataset_tokens) == (
        "compare", "llama-3-8b", pair, first_tokens(run)), reply.text
    says(reply.text, [said], ["🤔"])


def first_tokens(run: str) -> int:
    return 10_000_000 if "10k" in run else 100_000_000


@pytest.mark.parametrize(("lang", "run", "asked", "said"), [
    ("en", "lora llama 3 8b 100k samples 1k tokens, a100 vs h100 cost", "and l40s?",
     "LoRA of Llama 3 8B: about 7.72 hours on 1× L40S"),
    ("en", "3090 or 4090 for qlora llama 3 8b, 10k samples of 1k tokens", "and on my 3060?",
     "QLoRA of Llama 3 8B: about 11.33 hours on 1× RTX 3060"),
    ("es", "a100 o h100 para lora de llama 3 8b, 100k ejemplos de 1k tokens",
     "¿y en una l40s?", "Entrenamiento LoRA de Llama 3 8B: alrededor de 7,72 horas en 1× L40S"),
    ("fr", "a100 ou h100 pour un lora de llama 3 8b, 100k exemples de 1k tokens",
     "et sur une l40s ?", "Entraînement LoRA pour Llama 3 8B : environ 7,72 heures sur 1× L40S"),
])
def test_another_card_after_two_compared_on_a_run_is_that_run_there(
        lang: str, run: str, asked: str, said: str) -> None:
    # was the fit verdict alone ("Yes: Llama 3 8B fits on 1× L40S"), the run's time unsaid
    first, reply = converse(run, asked, locale=lang)
    q = reply.query
    assert (reply.answer.intent, q.method, q.dataset_tokens, q.other_gpus) == (
        "time", first.query.method, first.query.dataset_tokens, ()), reply.text
    says(reply.text, [said], [])


def test_another_card_after_two_compared_with_no_run_is_still_the_verdict() -> None:
    _, reply = converse("h100 vs a100 for qlora llama 3 70b", "and on an l40s?", locale="en")
    assert reply.answer.intent == "fit", reply.text
