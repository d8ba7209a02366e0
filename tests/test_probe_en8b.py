"""Questions as people ask them (probe-en8b): which model to fine-tune on a card, serving cost
per token. English, Spanish, French."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from pydantic import ValidationError

from rules.capacity import generation
from rules.catalogue import load_catalogue
from rules.model_catalogue import ModelSpec, newest_first
from tests.support.chat import PIPELINE, converse

# --- which model to fine-tune on a card: the largest it holds ---------------------------------

# (message, locale, the reply's opening)
WHICH_MODEL = [
    ("which model should i finetune on my 4090", None,
     "📏 <b>The largest model 24 GB holds for QLoRA"),
    ("what llm to train on a 3090??", None, "📏 <b>The largest model 24 GB holds"),
    ("which model is best to fine tune on my 4090", None, "📏 <b>The largest model 24 GB"),
    ("que puedo finetunear en mi 3090", "es", "📏 <b>El modelo más grande que cabe en 24\u00a0GB"),
    ("que modelo deberia finetunear en mi 4090?", "es", "📏 <b>El modelo más grande que cabe"),
    ("quel est le meilleur modèle à fine-tuner sur ma 4090", "fr",
     "📏 <b>Avec 24\u202fGo, le plus gros modèle possible"),
    ("quel modèle je devrais fine-tuner sur ma 3090 ?", "fr", "📏 <b>Avec 24\u202fGo"),
]


@pytest.mark.parametrize(("text", "locale", "opening"), WHICH_MODEL)
def test_which_model_to_finetune_on_a_card_is_the_largest_it_holds(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.query.largest, reply.text
    assert reply.text.startswith(opening), reply.text


def test_which_model_with_no_card_asks_the_card() -> None:
    reply = PIPELINE.ask("which model should i finetune for coding")
    assert reply.text.startswith("❓ On which GPU?"), reply.text



# --- serving cost per token: per 1,000 tokens, per million, tokens per dollar -----------------


def test_thousand_and_dollar_arithmetic_stay_bounds() -> None:
    # 226 tokens/s on one H100 at $2.32/hour: $2.8515… a million, $0.0028515… a thousand (down
    # to $0.00285, still a floor), 350,689.6… tokens a dollar (down to 350,000, a ceiling).
    got = generation(None, D(226), "h100", 1, D("2.32"), 1)
    assert got.usd_per_thousand() == D("0.00285")
    assert got.tokens_per_dollar() == 350_000
    batched = generation(None, D(204), "h100", 1, D("2.32"), 1, batch=32,
                         batch_tokens_per_second=D(4340))
    assert batched.usd_per_thousand(batched=True) == D("0.000148")
    assert batched.tokens_per_dollar(batched=True) == 6_730_000


# (message, locale, the reply's opening)
PER_TOKEN = [
    ("llama 3 70b cost per 1k tokens", None,
     "💵 <b>At least $0.0179 per 1,000 tokens generated: Llama 3 70B (BF16 inference) on 4× A100"),
    ("llama 3 8b on h100 $/1k tokens?", None, "💵 <b>At least $0.00315 per 1,000 tokens generated"),
    ("how many tokens per dollar with llama 3 8b on a l40s", None,
     "⚡ <b>At most about 228,000\u00a0tokens per dollar: Llama 3 8B (BF16 inference) on 1× L40S"),
    ("how many tokens do i get for a dollar with llama 3 8b on an h100", None,
     "⚡ <b>At most about 316,000\u00a0tokens per dollar"),
    ("whats the cost per token of serving llama 3.1 70b on 8x h100", None,
     "💵 <b>At least $27.28 per million tokens generated: Llama 3.1 70B"),
    ("cuanto cuesta cada 1000 tokens con llama 3 8b en una h100", "es",
     "💵 <b>Al menos 0,00315\u00a0US$ por cada 1.000 tokens generados"),
    ("cuantos tokens por dolar con llama 3 8b en una l40s", "es",
     "⚡ <b>Como mucho unos 228.000\u00a0tokens por dólar"),
    ("combien de tokens par dollar avec llama 3 8b sur une l40s", "fr",
     "⚡ <b>Au plus environ 228\u202f000\u00a0tokens par dollar\u00a0:"),
    ("prix pour 1000 tokens avec mistral 7b sur un h100", "fr",
     "💵 <b>Au moins 0,00285\u00a0$US pour 1\u202f000 tokens générés\u00a0:"),
]


@pytest.mark.parametrize(("text", "locale", "opening"), PER_TOKEN)
def test_a_price_per_token_served_leads_with_the_floor(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.answer.intent == "time", reply.text
    assert reply.text.startswith(opening), reply.text


def test_tokens_per_dollar_says_it_is_a_ceiling_and_batched_gives_more() -> None:
    reply = PIPELINE.ask("tokens per dollar llama 3 8b on an h100 with 32 concurrent requests")
    # the batch said leads (session 37), one sequence's ceiling beside it
    assert reply.text.startswith(
        "⚡ <b>At most about 6.73 million tokens per dollar in all: Llama 3 8B (BF16 inference) "
        "on 1× H100 at $2.32/hour, 32 sequences decoded together at their bound of 4,340 "
        "tokens/s in all.</b>\n"
        "One sequence at a time (at most 204 tokens/s): at most about 316,000\u00a0tokens per dollar."
    ), reply.text
    assert "A ceiling: the tokens per dollar come from an upper bound" in reply.text


def test_a_card_without_a_price_gives_the_tokens_per_dollar_where_we_rent() -> None:
    reply = PIPELINE.ask("tokens per dollar llama 3 8b on a 4090")
    assert "so no price per token" in reply.text, reply.text
    assert "👉 On 1× L40S, the cheapest offered configuration that holds it, at $0.82/hour: at " \
        "most 52 tokens/s, at most about 228,000\u00a0tokens per dollar." in reply.text


def test_fine_tuning_per_1k_tokens_stays_a_training_cost() -> None:
    served = PIPELINE.ask("mistral 7b cost per 1000 tokens on an a100")
    assert served.query.rate_asked == "thousand", served.text
    trained = PIPELINE.ask("how much does it cost per 1k tokens to finetune llama 3 8b")
    assert trained.query.rate_asked is None and trained.answer.intent == "cost", trained.text


# --- models of the same size: the latest released first ---------------------------------------


def test_the_largest_models_are_named_newest_first() -> None:
    reply = PIPELINE.ask("what can i finetune on a 3090")
    assert "(sequence 2,048, batch 1): MPT 30B and OPT-30B (Meta)." \
        in reply.text, reply.text
    assert reply.answer.largest_names == (
        "Qwen3-VL 32B", "Olmo 3 32B", "Granite 4.0 H Small (32B MoE)", "EXAONE 4.0 32B",
        "GLM-4-32B-0414", "Qwen2.5-VL 32B", "OLMo 2 32B", "DeepSeek-R1-Distill-Qwen-32B",
        "EXAONE 3.5 32B", "Aya Expanse 32B", "Qwen1.5 32B")
    assert "about 32B (Qwen3-VL 32B, Olmo 3 32B, Granite 4.0 H Small (32B MoE), EXAONE 4.0 " \
        "32B, and 7 others)" in reply.text


def test_the_12b_20b_and_24b_models_are_named_newest_first() -> None:
    # Gemma 3 12B and Mistral NeMo 12B need more than 32 GB for LoRA by their own estimates
    # (their 262k and 131k vocabularies): only Pythia 12B of the 12B models is named.
    twelve = PIPELINE.ask("largest model i can lora on 29.8 GiB").text  # 32 x 10^9 bytes
    assert "(sequence 2,048, batch 1): Pythia 12B." in twelve
    twenty = PIPELINE.ask("biggest model i can run in 4bit on 12gb").text
    assert "about 20B (InternLM2.5 20B, InternLM2 20B, and GPT-NeoX 20B (EleutherAI))" in twenty
    assert PIPELINE.ask("biggest model i can run in fp16 on 60gb").answer.largest_names == (
        "Devstral Small 2 (24B)", "Magistral Small (24B)", "Devstral Small (24B)",
        "Mistral Small 3 24B")


def test_newest_first_keeps_the_catalogue_order_without_a_month() -> None:
    cat = load_catalogue()
    dated = [cat.models.get(i) for i in ("opt-30b", "glm-4.7-flash", "mpt-30b")]
    assert [m.id for m in newest_first(dated)] == ["glm-4.7-flash", "mpt-30b", "opt-30b"]
    undated = [cat.models.get(i) for i in ("mistral-7b", "openhermes-2.5-mistral-7b")]
    assert [m.id for m in newest_first([*undated, dated[0]])] == [
        "opt-30b", "mistral-7b", "openhermes-2.5-mistral-7b"]
    with pytest.raises(ValidationError, match="released and released_source go together"):
        ModelSpec.model_validate({**dated[0].model_dump(), "released_source": None})


# --- a model on a card with neither training nor serving said: running it too -----------------

# (message, locale, the line)
RUN_INSTEAD = [
    ("mistral 7b on a 3090?", None,
     "🖥 To run it instead (inference), it takes about 17.52 GB in BF16 by the planning rule: "
     "it fits on 1× RTX 3090, 6.48 GB left. Ask “and to run it?” for its speed and context."),
    ("llama 3 70b on an a100?", None,
     "more than the 80 GB of 1× A100 80GB; in 4-bit about 42 GB, which fits."),
    ("llama 3 70b on a 4090", None,
     "🖥 To run it instead (inference), it takes about 42 GB even in 4-bit by the planning "
     "rule, more than the 24 GB of 1× RTX 4090."),
    ("mistral 7b en una 3090?", "es", "🖥 Para ejecutarlo en vez de entrenarlo (inferencia)"),
    ("llama 3 70b sur un a100 ?", "fr", "🖥 Pour le faire tourner plutôt (inférence)"),
]


@pytest.mark.parametrize(("text", "locale", "line"), RUN_INSTEAD)
def test_a_bare_model_on_a_card_says_running_it_too(
    text: str, locale: str | None, line: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.query.method is None and not reply.query.inference, reply.text
    assert line in reply.text, reply.text
    # The training verdict still leads (the answers pinned for bare forms).
    assert reply.text.index("🖥") > reply.text.index("QLoRA"), reply.text


def test_training_or_serving_said_gets_no_such_line() -> None:
    for text in ("can i finetune llama 3 8b on a 3090", "can i run llama 3 8b on a 3090",
                 "qlora mistral 7b on a 3090"):
        reply = PIPELINE.ask(text)
        assert "🖥" not in reply.text, reply.text
    assert "🖥" in PIPELINE.ask("does llama 3 8b fit on a 4090").text


# --- a card's number before "context": the card, whose context is asked ------------------------

# (message, locale, the reply's opening)
CARD_CONTEXT = [
    ("llama 3 8b on a 4090 context?", None,
     "📏 <b>8,192 tokens: the whole published context of Llama 3 8B fits on 1× RTX 4090"),
    ("qwen2.5 14b on 2x 3090 context", None,
     "📏 <b>Longest context that fits: about 91,397 tokens for Qwen2.5 14B (14.7B parameters) "
     "on 2× RTX 3090"),
    ("exl2 4.0bpw llama 3 70b on 2x 3090 context", None,
     "📏 <b>8,192 tokens: the whole published context of Llama 3 70B fits on 2× RTX 3090"),
    ("qwen2.5 14b en 2x 3090 contexto", "es", "📏 <b>Contexto más largo que cabe: unos 91.397"),
    ("llama 3 8b sur une 4090 contexte ?", "fr", "📏 <b>8\u202f192 tokens\u00a0: tout le contexte"),
    ("mistral small 24b q4 context on a 4090", None,
     "📏 <b>Longest context that fits: about 66,344 tokens for Mistral Small 3 24B on 1× RTX 4090"),
    ("qwen2.5 32b context on 2x 3090?", None,
     "📏 <b>Longest context that fits: about 48,386 tokens for Qwen2.5 32B"),
]


@pytest.mark.parametrize(("text", "locale", "opening"), CARD_CONTEXT)
def test_a_card_number_before_context_is_the_card(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.query.gpu is not None and reply.query.context_asked, reply.text
    assert reply.text.startswith(opening), reply.text



# --- a prompt or document's length between the verb and it: the time to process it -----------

# (message, the reply's opening)
PROCESS_PROMPT = [
    ("how long does it take to process a 100k token prompt with llama 3.1 8b on an h100",
     "⏱ <b>About 4.1 seconds at the card's peak to process a prompt of 100,000 tokens: "
     "Llama 3.1 8B (BF16 inference) on 1× H100.</b>"),
    ("how long to process a 50k prompt with llama 3 8b on a 3090",
     "⏱ <b>About 19 seconds at the card's peak to process a prompt of 50,000 tokens"),
    ("how long to ingest a 200k token document with llama 3.1 8b on an a100",
     "⏱ <b>About 43 seconds at the card's peak to process a prompt of 200,000 tokens"),
    ("how fast does llama 3 70b read a 32k token prompt on 2x h100",
     "⏱ <b>About 3 seconds at the card's peak to process a prompt of 32,768 tokens"),
]


@pytest.mark.parametrize(("text", "opening"), PROCESS_PROMPT)
def test_processing_a_long_prompt_is_its_prefill(text: str, opening: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.query.inference and reply.query.prefill_timed, reply.text
    assert reply.text.startswith(opening), reply.text


# --- a decode speed asked of two cards: compared as serving ------------------------------------


def test_tokens_per_second_on_two_cards_compares_their_decode() -> None:
    reply = PIPELINE.ask("tokens/s llama 3 8b on a 4090 vs 3090")
    assert reply.answer.intent == "compare" and reply.query.inference, reply.text
    assert reply.text.startswith(
        "⚡ <b>About the same speed: at most about 61 tokens/s for one sequence on 1× RTX 4090, "
        "57 on 1× RTX 3090 (memory-bandwidth bounds).</b>"), reply.text


# --- vLLM's max_num_seqs named without a value: the sequences that fit at once ----------------


# (18 and 59, were 17 and 50: vLLM's own memory in its share for the CUDA context, and with no
# engine named vLLM's 2,048-token step and no growth copy; vllm38)
@pytest.mark.parametrize(("text", "opening"), [
    ("vllm max-num-seqs llama 3 8b on an a10g",
     "👥 <b>At most about 18 sequences at once: Llama 3 8B on 1× A10G"),
    ("what max_num_seqs can i set for qwen2.5 7b on a 4090",
     "👥 <b>At most about 59 sequences at once: Qwen2.5 7B"),
])
def test_max_num_seqs_asked_is_the_sequences_that_fit(text: str, opening: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.query.concurrency_asked, reply.text
    assert reply.text.startswith(opening), reply.text


# --- a serving price asked as a follow-up of a model served ------------------------------------


def test_a_price_per_token_follows_a_model_served() -> None:
    replies = converse("llama 3 8b on an h100, how fast?", "price per million tokens then?",
                       "tokens per dollar?", "and per 1k tokens on an a100?")
    assert replies[1].text.startswith("↪️"), replies[1].text
    assert "💵 <b>At least $3.16 per million tokens generated: Llama 3 8B (BF16 inference) on " \
        "1× H100" in replies[1].text
    assert "⚡ <b>At most about 316,000\u00a0tokens per dollar: Llama 3 8B" in replies[2].text, \
        replies[2].text
    assert "💵 <b>At least $0.00206 per 1,000 tokens generated: Llama 3 8B (BF16 inference) on " \
        "1× A100 80GB" in replies[3].text, replies[3].text


# --- a generation under a minute: its seconds, not "1 minute" ---------------------------------


@pytest.mark.parametrize(("text", "locale", "opening"), [
    ("time to generate 500 tokens llama 3 70b on 2x h100", None,
     "⏱ <b>At least 5.5 seconds to generate 500\u00a0tokens: Llama 3 70B"),
    ("combien de temps pour générer 500 tokens avec llama 3 70b sur 2x h100", "fr",
     "⏱ <b>Au moins 5,5\u00a0secondes pour générer 500\u00a0tokens"),
])
def test_a_short_generation_is_timed_in_seconds(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.text.startswith(opening), reply.text
    batched = PIPELINE.ask(
        "how long to generate 2000 tokens with mistral 7b on a 3090 with 8 concurrent requests")
    assert batched.text.startswith(
        "⏱ <b>At least 4.4 seconds to generate 2,000\u00a0tokens: Mistral 7B"), batched.text
    assert "One sequence at a time (at most 63 tokens/s): at least 32 seconds." in batched.text


# --- a card with a suffix before a rate: the card ----------------------------------------------


@pytest.mark.parametrize(("text", "gpu"), [
    ("llama 3 8b on a 1080 ti tokens per second", "gtx-1080-ti"),
    ("llama 3 8b on my 4070 super tokens/s", "rtx-4070-super"),
    ("mistral 7b en una 3080 ti tokens por segundo", "rtx-3080-ti"),
])
def test_a_suffixed_card_before_a_rate_is_the_card(text: str, gpu: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.query.gpu == gpu and reply.query.speed_asked, reply.text
