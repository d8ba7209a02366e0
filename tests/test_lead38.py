"""Questions found in session 38's probe, as users wrote them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask, converse


@pytest.mark.parametrize(("text", "lang"), [
    # The second count said alone before its own hours is of the same card (was the 8× for 10
    # hours priced alone, the 4× never read)
    ("is it cheaper to rent 8xh100 for 10 hours or 4x for 20", "en"),
    ("8 h100 por 10 horas o 4 por 20, que sale mas barato", "es"),
    ("c'est moins cher 8xh100 pendant 10h ou 4x pendant 20h ?", "fr"),
])
def test_a_second_count_alone_is_of_the_same_card(text: str, lang: str) -> None:
    query = ask(text, lang).answer.query
    assert (query.intent, query.gpu, query.gpu_count, query.hours) == ("compare", "h100", 8, 10)
    assert (query.other_gpus, query.other_gpu_count, query.other_hours) == (("h100",), 4, 20)


def test_a_count_that_is_not_a_second_rental_stays_unread() -> None:
    # "or 2 for the same price": no hours follow, so no second configuration
    query = ask("8xh100 for 10 hours, or is 2 enough?").answer.query
    assert query.other_gpus == () and query.hours == 10


@pytest.mark.parametrize(("text", "lang", "said"), [
    # The hours at the rate and the blocks' hours both round to 1.3: to the hundredth, so the
    # sentence says what differs (was "would be 1.3 hours, but the blocks within it give 1.3")
    ("what can i get for $50 on 8x b200", "en",
     "$50 buys 1.25 hours of 8× B200 in whole blocks"),
    ("what can i get for $50 on 8x b200", "en",
     "$50 would be 1.3 hours, but the blocks within it give 1.25."),
    ("qu'est-ce que j'ai pour 50 $ sur 8x b200", "fr",
     "50\u00a0$US feraient 1,3\u00a0heure, mais les blocs que permet ce montant en donnent 1,25."),
    # apart at a tenth: tenths as before
    ("what can i get for $30 on a100", "en",
     "$30 would be 32.6 hours, but the blocks within it give 30."),
])
def test_budget_hours_say_what_differs(text: str, lang: str, said: str) -> None:
    assert said in ask(text, lang).text


@pytest.mark.parametrize(("text", "lang", "length"), [
    # One sample's length said apart from "how many examples" is theirs (was counted at 512
    # and 2,048 tokens beside the "1k tokens each" the user gave)
    ("how many examples can i train in an hour on an h100 with llama 3 8b lora, 1k tokens each",
     "en", 1000),
    ("cuantos ejemplos puedo entrenar en una hora en una h100 con llama 3 8b lora, de 1k tokens "
     "cada uno", "es", 1000),
    ("combien d'exemples je peux entraîner en 10 h sur une h100 avec llama 3 8b en lora, 800 "
     "tokens chacun", "fr", 800),
    # no length said: both lengths, as before
    ("how many examples can i train in an hour on an h100 with llama 3 8b lora", "en", None),
])
def test_a_sample_length_said_apart_counts_the_samples(text: str, lang: str,
                                                       length: int | None) -> None:
    reply = ask(text, lang)
    assert reply.answer.query.within_sample_len == length
    if length == 1000 and lang == "en":
        assert "That is about 34,000 samples of 1,000 tokens." in reply.text


def test_a_training_rate_alone_prices_no_run() -> None:
    # The rate is the question, no data, hours or price: no run is priced (was "Cost: $8.20 —
    # 1× L40S × 10 hours", our page's illustrative hours on a card not asked about)
    text = ask("Roughly how many tokens/sec training throughput should I expect for llama 8b "
               "qlora on a 4090?").text
    assert text.startswith("🏋️ <b>About 1,569 training tokens/s")
    assert "Cost:" not in text and "illustrative" not in text and "L40S" not in text


@pytest.mark.parametrize(("text", "lang", "rate", "cost"), [
    # Both asked: the rate and the hours' cost (was the cost alone, the rate unread)
    ("how many tokens/sec training throughput for llama 3 8b qlora on an h100, and what would 10 "
     "hours cost", "en", "About 9,420 training tokens/s", "Cost: $23.20"),
    ("combien de tokens/s en entraînement pour llama 3 8b qlora sur une h100, et combien coûtent "
     "10 heures ?", "fr", "Environ 9\u202f420 tokens/s d'entraînement", "Coût\u00a0: 23,20\u00a0$US"),
])
def test_a_training_rate_and_a_cost_both_answered(text: str, lang: str, rate: str,
                                                  cost: str) -> None:
    reply = ask(text, lang).text
    assert rate in reply and cost in reply


@pytest.mark.parametrize("turns", [
    # The card asked does not hold the run: both lengths are timed where the longest runs, the
    # one configuration the sentence names (was 1.92 hours at 512 tokens on 4× A100 80GB beside
    # 1.21 hours at 2,048 on 8× H100, "on 8× H100" said of both: the shorter samples slower)
    ("how long to full finetune qwen2.5 14b on 2x 4090 with 50k samples",),
    ("can i finetune qwen2.5 14b on my 4090", "what about full finetuning", "and on 2 of them",
     "how long for 50k samples"),
])
def test_sample_lengths_timed_on_the_configuration_named(turns: tuple[str, ...]) -> None:
    text = converse(*turns)[-1].text
    assert "about 1.53 hours at 512 tokens each, 5.74 hours at 2,048 tokens each, on 4× A100 80GB " \
        "(1 epoch)." in text
    assert "About $5.62 and $21.12 at $3.68/hour." in text


@pytest.mark.parametrize(("text", "lang", "said"), [
    # Flux as what needs the memory is the image model (was "❓ Which model?")
    ("how much vram does flux need to train a lora", "en",
     "🚫 <b>FLUX.1 is an image-generation model, not a large language model (LLM).</b>"),
    ("cuanta vram necesita flux para entrenar un lora", "es", "🚫 <b>FLUX.1 es un modelo"),
    ("combien de vram il faut à flux pour un lora ?", "fr", "🚫 <b>FLUX.1 est un modèle"),
])
def test_flux_needing_memory_is_the_image_model(text: str, lang: str, said: str) -> None:
    assert ask(text, lang).text.startswith(said)


def test_a_flux_of_tokens_is_no_image_model() -> None:
    assert "FLUX" not in ask("how much vram does the flux of tokens need").text


@pytest.mark.parametrize(("text", "lead"), [
    # A brand alone is answered from its models a later generation neither matches nor passes
    # in size (was "Llama is a family of 9 models: … LLaMA 33B", the 2023 research release)
    ("can i run llama on a <script>alert(1)</script> 4090",
     "ℹ️ Llama 3 is a family of 5 models: this answer is for the largest that fits here, "
     "Llama 3.1 8B."),
    ("falcon on an A100", "ℹ️ Falcon is a family of 5 models: this answer is for the largest "
     "that fits here, Falcon 40B."),
    # one left would be no choice: all stay
    ("phi on a 3060", "ℹ️ Phi is a family of 2 models: this answer is for the largest that "
     "fits here, Phi-2 (2.7B)."),
])
def test_a_brand_alone_means_its_current_models(text: str, lead: str) -> None:
    reply = ask(text).text
    assert reply.startswith(lead)
    assert "<script>" not in reply


@pytest.mark.parametrize(("turns", "lang", "lead"), [
    # A dataset alone after a run with none is that run on it, timed (was "I did not
    # understand that")
    (("i want to finetune mistral 7b", "on my 3060", "with 5k examples"), None,
     "⏱ <b>How long Mistral 7B (7.3B parameters) takes with QLoRA depends on how long your 5,000 samples are: about 2.55 hours at 512 tokens each, 10.59 hours at 2,048 tokens each, on 1× RTX 3060 (1 epoch).</b>"),
    (("qlora llama 3 8b on my 4090", "pour 20 000 lignes"), "fr",
     "⏱ <b>La durée d'un entraînement QLoRA pour Llama 3 8B dépend de la longueur de vos "
     "20\u202f000 exemples"),
    # Renting asked after a card we do not rent: the run where it costs least (was the own
    # card's verdict again)
    (("i want to finetune mistral 7b", "on my 3060", "with 5k examples",
      "how much if i rent instead"), None,
     "💵 <b>What fine-tuning Mistral 7B (7.3B parameters) with QLoRA costs depends on how long your 5,000 samples are: about $0.16 at 512 tokens each, $0.62 at 2,048 tokens each, on 1× L40S (1 epoch).</b>"),
    (("qlora llama 3 8b en mi 3060 con 10k ejemplos", "y si lo alquilo?"), "es",
     "⏱ <b>Lo que tarda el entrenamiento QLoRA de Llama 3 8B depende de cuánto miden tus 10.000 ejemplos: aproximadamente 25\u00a0minutos con 512 tokens cada uno, 1,67\u00a0horas con 2.048 tokens cada uno, en 1× L40S (1 época).</b>"),
])
def test_a_run_followed_with_its_data_or_renting(turns: tuple[str, ...], lang: str | None,
                                                 lead: str) -> None:
    reply = converse(*turns, locale=lang)[-1].text
    assert lead in reply, reply


@pytest.mark.parametrize(("text", "lang", "hours"), [
    # A span of the clock is the hours between (was the hourly price alone, "de 9 a 17h" 17
    # hours, "de 9h à 17h" 9)
    ("how much for an h100 from 9am to 5pm", None, 8),
    ("una h100 de 9 a 17h cuanto", "es", 8),
    ("une h100 de 9h à 17h combien", "fr", 8),
    ("2 a100 from 10pm to 6am cost", None, 8),  # over midnight
    ("h100 de 9h30 à 12h, combien ?", "fr", 2.5),
    ("h100 from 1 to 5pm price", None, 4),  # the nearest hour before the end: 1pm
    # no clock's mark: a range of hours, a count, as before
    ("h100 de 2 a 4h", "es", 4),
    ("8x h100 for 3h", None, 3),
])
def test_a_span_of_the_clock_is_its_hours(text: str, lang: str | None, hours: float) -> None:
    query = ask(text, lang).answer.query
    assert query.hours == Decimal(str(hours)) and query.intent == "cost"


@pytest.mark.parametrize(("text", "seq"), [
    # A context ending its clause with a comma or stop is read (was vLLM's own 131,072, the
    # "at 8k" unread: vllm38's find)
    ("vllm llama 3.1 8b on a 3090 at 8k, how much vram", 8192),
    ("llama 3.1 8b on a 3090 at 8k. how much vram?", 8192),
    ("serve llama 3.1 8b with 32k, on an a100", 32768),
])
def test_a_context_before_a_comma_is_read(text: str, seq: int) -> None:
    assert ask(text).answer.query.seq_len == seq


@pytest.mark.parametrize(("text", "lang", "samples", "tokens"), [
    # Thousands in words written "k" (was "fifty k rows" unread and the 300 tokens each taken
    # for the whole dataset: "about 1 minute … for 300 tokens")
    ("fine tune mistral 7b on fifty k rows, each around 300 tokens, l40s, how long", None,
     None, 15_000_000),
    ("qlora de llama 3 8b con veinte k ejemplos en una 4090, cuanto tarda", "es", 20_000, None),
    ("qlora de llama 3 8b avec cinquante k lignes sur une 4090, combien de temps ?", "fr",
     50_000, None),
])
def test_thousands_in_words_with_k(text: str, lang: str | None, samples: int | None,
                                   tokens: int | None) -> None:
    query = ask(text, lang).answer.query
    assert (query.dataset_samples or None, query.dataset_tokens) == (
        samples, Decimal(tokens) if tokens else None)
