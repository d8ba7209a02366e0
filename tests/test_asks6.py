"""Questions as people ask them (asks6): the time, cost and rate of generating tokens at
decode's bandwidth bound. English, Spanish, French."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from rules.capacity import generation
from tests.support.chat import PIPELINE, converse

# --- generating tokens: a floor on the time and the cost --------------------------------------


def test_generation_arithmetic_bills_started_minutes() -> None:
    # 10M tokens at 56 tokens/s: 178,571.4 s = 2,976.2 minutes, 2,977 billed at $0.82/hour.
    got = generation(D(10_000_000), D(56), "l40s", 1, D("0.82"), 1)
    assert got.hours is not None and round(got.hours, 2) == D("49.60")
    assert got.cost_usd == D(2977) / 60 * D("0.82")
    assert got.usd_per_million is not None
    assert round(got.usd_per_million, 4) == round(D("0.82") * 10**6 / (56 * 3600), 4)
    none = generation(None, D(61), "rtx-4090", 1, None, 1, batch=8,
                      batch_tokens_per_second=D(400))
    assert (none.seconds, none.cost_usd, none.usd_per_million) == (None, None, None)
    assert (none.tokens_in(1), none.batch_tokens_in(24)) == (219_000, 34_500_000)


# (message, locale, the reply's opening)
GENERATE = [
    ("how long to generate 1M tokens with llama 3 8b on a 4090", None,
     "⏱ <b>At least 4.55 hours to generate 1 million tokens: Llama 3 8B"),
    ("how long to generate a million tokens w llama3 8b on my 4090??", None,
     "⏱ <b>At least 4.55 hours to generate 1 million tokens"),
    ("cost to generate 10M tokens with qwen 2.5 7b", None,
     "💵 <b>At least $40.69 to generate 10 million tokens with Qwen2.5 7B"),
    ("cuánto tarda en generar 1M de tokens llama 3 8b en una 4090", "es",
     "⏱ <b>Al menos 4,55\u00a0horas para generar 1 millón de tokens"),
    ("combien coûte générer 10 millions de tokens avec qwen 2.5 7b", "fr",
     "💵 <b>Au moins 40,69\u00a0$US pour générer 10 millions de tokens"),
    ("how many tokens per hour can a 4090 do with mistral 7b", None,
     "⚡ <b>At most about 244,000\u00a0tokens an hour: Mistral 7B"),
    ("llama 3 8b on an h100, how many tokens a day", None,
     "⚡ <b>At most about 17.6 million tokens a day"),
    ("price per million tokens for llama 3 70b on h100", None,
     "💵 <b>At least $8.37 per million tokens generated: Llama 3 70B"),
    ("precio por millón de tokens de llama 3 70b en h100", "es",
     "💵 <b>Al menos 8,37\u00a0US$ por millón de tokens generados"),
]


@pytest.mark.parametrize(("text", "locale", "opening"), GENERATE)
def test_generating_tokens_leads_with_the_floor(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.answer.intent == "time", reply.text
    assert reply.text.startswith(opening), reply.text


def test_a_batch_stated_gives_the_batched_floor_too() -> None:
    reply = PIPELINE.ask(
        "how long to generate 1M tokens with llama 3 8b on an h100 with 32 concurrent requests")
    # the batch said leads (session 37), one sequence's floor beside it
    assert reply.text.startswith(
        "⏱ <b>At least 4 minutes to generate 1 million tokens: Llama 3 8B (BF16 inference) on 1× "
        "H100, 32 sequences decoded together at their bound of 4,340 tokens/s in all.</b>\n"
        "That is at least $0.15 at $2.32/hour, billed by the minute.\n"
        "One sequence at a time (at most 204 tokens/s): at least 1.36 hours, at least $3.17."
    ), reply.text


def test_a_card_without_a_price_is_costed_where_we_rent() -> None:
    reply = PIPELINE.ask("cost to generate 10m tokens with llama 3 8b on a 4090")
    assert "👉 On 1× L40S, the cheapest offered configuration that holds it" in reply.text


def test_training_on_tokens_is_not_generating() -> None:
    reply = PIPELINE.ask("how long to fine tune llama 3 8b on 1M tokens on a 4090")
    assert reply.query.generate_tokens is None and reply.query.rate_asked is None


# --- people served at once: their sequences held together, and their decode's bound ----------


# (message, locale, users, the reply's opening, a line it has)
USERS = [
    # no engine named: sized as vLLM serves them (vllm38; was 62.9 GB, an 8,192-token step,
    # the growth copy and the 1.3 GB CUDA context)
    ("serve gemma 3 27b to like 10 ppl", None, 10,
     "👥 <b>10 users at once: Gemma 3 27B (BF16 inference) needs about 61.5 GB",
     "👉 The cheapest offered configuration that holds them: 1× A100 80GB at $0.92/hour."),
    ("host llama 3 8b for 50 users", None, 50, "👥 <b>50 users at once: Llama 3 8B",
     "⚡ Decoding the 50 together on 1× L40S (BF16 inference): at most about 1,464 tokens/s in "
     "all, 29 each"),
    ("vllm mistral 7b for 20 concurrent users on an a10g", None, 20,
     "👥 <b>20 users at once fit on 1× A10G: Mistral 7B (7.3B parameters, BF16 inference)",
     "⚡ Decoding the 20 together on 1× A10G (BF16 inference)"),
    ("can a 4090 handle 20 users with mistral 7b", None, 20,
     "👥 <b>20 users at once fit on 1× RTX 4090", "tokens/s in all, 50 each"),
    ("quiero montar llama 3 8b para 15 usuarios a la vez en una 4090", "es", 15,
     "👥 <b>15 usuarios a la vez caben en 1× RTX 4090", "Decodificando las 15 secuencias"),
    ("je veux servir gemma 3 27b pour 10 personnes, il faut quoi ?", "fr", 10,
     "👥 <b>10 utilisateurs en même temps\u00a0: Gemma 3 27B", "1× A100 80GB à 0,92\u00a0$US/heure"),
]


@pytest.mark.parametrize(("text", "locale", "users", "opening", "line"), USERS)
def test_users_served_lead_with_their_memory_and_speed(
    text: str, locale: str | None, users: int, opening: str, line: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert (reply.query.users, reply.query.batch_size) == (users, users), reply.text
    assert reply.text.startswith(opening), reply.text
    assert line in reply.text


def test_users_of_a_training_run_are_not_served() -> None:
    reply = PIPELINE.ask("lora llama 3 8b for 50 users")
    assert reply.query.users is None and reply.query.batch_size is None


# --- a GGUF on one card it cannot hold whole: partly offloaded, as llama.cpp and Ollama run it --


@pytest.mark.parametrize(("text", "ram"), [
    ("llama 3 70b q4 on a 3090 how slow",
     "at 89.6 GB/s (dual-channel DDR5-5600). Your RAM was not given, so it is assumed"),
    ("llama 3 70b q4 on a 3090 ddr5 6000 dual channel how many tok/s",
     "at 96 GB/s (dual-channel DDR5-6000)."),  # 2 channels × 8 bytes × 6000 MT/s
])
def test_one_card_runs_the_rest_from_system_ram(text: str, ram: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.text.startswith(
        "⚡ <b>Llama 3 70B (GGUF Q4_K_M inference) does not fit whole on 1× RTX 3090"), reply.text
    assert "🐢 With llama.cpp, 46 of the model's 81 layers fit in GPU memory" in reply.text
    assert ram in reply.text


def test_two_cards_of_ones_own_are_offloaded() -> None:
    # Two 3060s the user owns run llama.cpp's split with system RAM, their layers in turn.
    reply = PIPELINE.ask("llama 3 70b q4 on 2x 3060 how many tok/s")
    assert reply.text.startswith(
        "⚡ <b>Llama 3 70B (GGUF Q4_K_M inference) does not fit whole on 2× RTX 3060"), reply.text
    assert "it generates at most about 3.5 tokens/s" in reply.text
    assert "🐢 With llama.cpp, 44 of the model's 81 layers fit in GPU memory" in reply.text


def test_two_rented_cards_are_not_offloaded() -> None:
    # Rented cards: more of them, not system RAM.
    reply = PIPELINE.ask("llama 3.1 405b q4 on 2x h100 how many tok/s")
    assert "🐢" not in reply.text and "does not fit whole" not in reply.text
    assert "On 4× H100 it fits" in reply.text


# --- generating asked in a chat, and on one card partly offloaded -------------------------------


@pytest.mark.parametrize(("turns", "opening"), [
    (("how many tok/s llama 3 8b on a 4090", "how long to generate 1M tokens then?"),
     "⏱ <b>At least 4.55 hours to generate 1 million tokens: Llama 3 8B"),
    (("serve llama 3 8b on an h100", "how much per million tokens?"),
     "💵 <b>At least $3.16 per million tokens generated"),
    (("how long to generate 1M tokens with llama 3 8b on a 4090", "and on an h100?"),
     "⏱ <b>At least 1.36 hours to generate 1 million tokens"),
    (("cuantos tokens por segundo da llama 3 8b en una 4090",
      "¿y cuánto tarda en generar 1M de tokens?"),
     "⏱ <b>Al menos 4,55\u00a0horas para generar 1 millón de tokens"),
])
def test_generating_asked_next_in_a_chat(turns: tuple[str, str], opening: str) -> None:
    reply = converse(*turns)[-1]
    assert reply.text.split("\n", 1)[1].startswith(opening), reply.text


def test_a_training_follow_up_on_tokens_is_not_generating() -> None:
    reply = converse("lora llama 3 8b on an a100", "and on 10M tokens?")[-1]
    assert reply.query.generate_tokens is None and reply.query.dataset_tokens == 10_000_000


@pytest.mark.parametrize(("text", "locale", "opening"), [
    ("how long to generate 100k tokens with llama 3 70b q4 on a 3090", None,
     "⏱ <b>At least 6.61 hours to generate 100,000\u00a0tokens: Llama 3 70B (GGUF Q4_K_M "
     "inference) on 1× RTX 3090, one sequence at its bound of 4.2 tokens/s.</b>\nThe layers the "
     "card cannot hold run from system RAM"),
    ("combien coûte générer 1M de tokens avec llama 3 70b q4 sur ma 3090 ?", "fr",
     "⏱ <b>Au moins 66,14\u00a0heures pour générer 1 million de tokens"),
])
def test_generating_on_one_card_partly_offloaded(
    text: str, locale: str | None, opening: str
) -> None:
    reply = PIPELINE.ask(text, chosen_locale=locale)
    assert reply.text.startswith(opening), reply.text


@pytest.mark.parametrize(("text", "opening", "line"), [
    # 80.4 GB in BF16 is over the 79 GB vLLM takes of an A100 80GB (vllm38: the users are
    # sized within vLLM's share; was the whole card, 85.9 GB)
    ("setting up qwen2.5 32b for our team of 25, what do we need?",
     "👥 <b>25 users at once: Qwen2.5 32B", "⚡ Decoding the 25 together on 1× H200"),
    # the asked card holds one sequence, not the 30: their bound where we rent for least
    ("can one h100 serve llama 3.1 70b fp8 to 30 users at 8k context",
     "👥 <b>30 users at once do not fit on 1× H100",
     "⚡ Decoding the 30 together on 4× A100 80GB (8-bit inference)"),
])
def test_a_team_served_and_users_beyond_the_card(text: str, opening: str, line: str) -> None:
    reply = PIPELINE.ask(text)
    assert reply.text.startswith(opening), reply.text
    assert line in reply.text


def test_a_team_trained_for_is_not_served() -> None:
    reply = PIPELINE.ask("qlora mistral 7b for our team of 5 devs")
    assert reply.query.users is None and not reply.query.inference


def test_users_on_a_memory_size_alone_get_no_other_cards_speed() -> None:
    reply = PIPELINE.ask("serve llama 3 8b to 20 users on a 24gb card")
    assert reply.text.startswith("👥 <b>20 users at once fit on 1× GPU of 24 GB"), reply.text
    assert "Decoding the 20 together" not in reply.text


@pytest.mark.parametrize(("turns", "users", "opening"), [
    (("serve gemma 3 27b to 10 people", "and on an l40s?"), 10,
     "👥 <b>10 users at once fit on 1× L40S: Gemma 3 27B (8-bit inference)"),
    (("sirve gemma 3 27b a 10 personas", "¿y en una l40s?"), 10,
     "👥 <b>10 usuarios a la vez caben en 1× L40S"),
    (("serve gemma 3 27b to 10 people", "and with batch 4?"), None,
     "📐 <b>Memory for Gemma 3 27B</b>"),
])
def test_users_are_kept_next_in_a_chat(turns: tuple[str, str], users: int | None,
                                       opening: str) -> None:
    reply = converse(*turns)[-1]
    body = reply.text.split("\n", 1)[1]
    assert body.startswith(opening), reply.text
    assert (reply.query.users == reply.query.batch_size) == (users is not None)
