"""Questions as new users write them (probe13): a model's version said in words ("llama three 8b",
"qwen two point five 7b", "llama tres 8b", "llama trois 8b") left the model unknown ("an 8B
model", its vocabulary unknown) and "llama three seventy b" was read as a 73B model."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse

# --- a model's version said in words -------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "model"), [
    ("lora llama three 8b on a 4090?", None, "llama-3-8b"),
    ("llama three point one seventy b qlora on h100?", None, "llama-3.1-70b"),
    ("llama three seventy b qlora", None, "llama-3-70b"),
    ("qwen two point five 7b lora on a 4090", None, "qwen2.5-7b"),
    ("gemma three twenty seven b on a 5090", None, "gemma-3-27b"),
    ("lora llama tres 8b en una 4090?", "es", "llama-3-8b"),
    ("llama tres punto uno 8b en una 3090?", "es", "llama-3.1-8b"),
    ("lora llama trois 8b sur une 4090 ?", "fr", "llama-3-8b"),
    ("llama trois virgule un 70b en qlora ?", "fr", "llama-3.1-70b"),
])
def test_version_in_words_names_the_model(text: str, locale: str | None, model: str) -> None:
    got = ask_json(text, locale)
    assert got["model"] == model, got["text"]


def test_only_catalogued_versions_are_read() -> None:
    """"gemma twenty seven b" is a size, not Gemma 20 (no such version): it stays 27B."""
    got = ask_json("gemma twenty seven b on a 3090")
    assert got["params_b"] == 27, got["text"]


# --- the largest model to run, on a card people run models on at home -----------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "beside"), [
    ("m4 pro 48gb mac mini, best model i can run?", None,
     "📏 <b>The largest model 38.65 GB holds for 4-bit inference",
     "👉 In BF16 (the weights as published): about 16.1B"),
    ("best llm i can run on a 4090?", None,
     "📏 <b>The largest model 24 GB holds for 4-bit inference", "In BF16"),
    ("tengo un mac mini m4 pro de 48gb, cual es el mejor modelo que puedo correr?", "es",
     "📏 <b>El modelo más grande que cabe en 38,65\u00a0GB (inferencia en 4 bits)",
     "En BF16 (los pesos tal como se publican)"),
    ("quel est le meilleur modèle que je peux faire tourner sur mon mac mini m4 pro 48 go ?", "fr",
     "📏 <b>Avec 38,65\u202fGo, le plus gros modèle possible (inférence en 4 bits)",
     "En BF16 (les poids tels que publiés)"),
])
def test_four_bit_leads_at_home(text: str, locale: str | None, lead: str, beside: str) -> None:
    """It led with BF16 (StarCoder2 15B on the Mac, then "✅ Yes … 0 GB left"), what people
    there do not run; 4-bit was a line below."""
    got = ask_json(text, locale)
    assert got["method"] == "inference_int4", got["text"]
    reply = str(got["text"])
    assert reply.startswith(lead), reply[:500]
    assert beside in reply, reply[:800]
    if "mac" in text:  # Qwen2 57B-A14B in 4-bit: 34.2 of the 36 GB macOS lets the GPU use
        assert "4.45 GB left" in reply or "4,45" in reply, reply


def test_bf16_still_leads_on_a_rented_datacenter_card() -> None:
    got = ask_json("largest model i can run on an h100")
    assert got["method"] == "inference_bf16", got["text"]
    assert "In 4-bit (GGUF Q4" in str(got["text"])


def test_what_llm_should_i_run_is_the_largest_to_run() -> None:
    """Was the card acknowledged alone ("Got it: Apple M3 Max…"), no model named."""
    got = ask_json("just got a macbook pro m3 max 64gb what llm should i run")
    assert got["method"] == "inference_int4" and got["params_b"] is not None, got["text"]


# --- a deadline at a time of day ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("by tomorrow morning can i finish a lora of llama 3 8b on 50k samples on an h100?", None,
     "🗓 <b>I don't know the time where you are, so I can't count the hours until tomorrow "
     "morning"),
    ("need qlora llama 3 8b on 20k samples done by tonight on an a100", None,
     "🗓 <b>I don't know the time where you are, so I can't count the hours until tonight"),
    ("need to qlora llama 3 8b on 50k samples by tmrw morning, what should i rent", None,
     "🗓 <b>I don't know the time where you are"),
    ("necesito un lora de llama 3 8b con 50k ejemplos para mañana a la mañana en una h100", "es",
     "🗓 <b>No sé qué hora es donde estás, así que no puedo contar las horas que faltan hasta "
     "mañana por la mañana"),
    ("necesito un qlora de llama 3 8b con 50k ejemplos para esta noche, que alquilo?", "es",
     "🗓 <b>No sé qué hora es donde estás"),
    ("il me faut un lora de llama 3 8b sur 50k exemples pour demain matin sur une h100", "fr",
     "🗓 <b>Je ne connais pas l'heure chez vous, je ne peux donc pas compter les heures d'ici "
     "demain matin"),
])
def test_a_deadline_at_a_time_of_day_asks_the_hours(text: str, locale: str | None,
                                                    lead: str) -> None:
    """'By tomorrow morning' was taken as 24 hours ("✅ Yes … within 24 hours"), 'by tonight'
    dropped: the hours until then depend on the hour now, which the rules do not know."""
    got = ask_json(text, locale)
    assert got["intent"] == "time", got["text"]
    reply = str(got["text"])
    assert reply.startswith(lead), reply[:400]
    assert "24 hours" not in reply and "24 horas" not in reply and "24 heures" not in reply


def test_tomorrow_alone_is_still_a_day() -> None:
    reply = str(ask_json("qlora llama 3 8b on 50k samples by tomorrow on an a100")["text"])
    assert reply.startswith("✅ <b>Yes: by this estimate it finishes within 24 hours"), reply


def test_the_hours_given_back_are_the_deadline() -> None:
    _, then = converse("need to qlora llama 3 8b on 50k samples by tonight, what should i rent",
                       "about 10 hours")
    assert then.query.hours == 10 and then.query.deadline_asked, then.text[:400]


# --- the longest context asked as "what context fits" ----------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("deepseek r1 distill llama 70b q4 on ollama with 48gb of vram, what context length fits",
     None, "📏 <b>Longest context that fits: about 24,916 tokens"),
    ("which context will fit for llama 3.1 8b on a 3060 12gb in vllm", None,
     "📏 <b>Longest context that fits"),
    ("gemma 3 27b qat q4 on a 4090, what context can it do", None,
     "📏 <b>Longest context that fits: about 82,854 tokens"),
    ("quiero correr deepseek r1 distill qwen 32b en ollama con 2 3090, que contexto me entra",
     "es", "📏 <b>Contexto más largo que cabe"),
    ("quel contexte je peux avoir avec qwen2.5 14b q4 sur ma 4090 ?", "fr",
     "📏 <b>Contexte le plus long qui tient"),
])
def test_what_context_fits_is_the_longest(text: str, locale: str | None, lead: str) -> None:
    """Was the fit at Ollama's default context ("❌ No: … does not fit … 32,768 tokens")."""
    reply = str(ask_json(text, locale)["text"])
    assert reply.startswith(lead), reply[:400]


# --- "how much kv cache" -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("how much kv cache for qwen2.5 32b at 32k", None,
     "🗃 <b>The KV cache of Qwen2.5 32B (32.5B parameters) at 32,768 tokens of context and batch 1"),
    ("how much kv cache for 10 users at 32k on qwen2.5 32b", None,
     "🗃 <b>The KV cache of Qwen2.5 32B (32.5B parameters) at 32,768 tokens of context and batch 10"),
    ("cuanta cache kv para 10 usuarios a 32k con qwen2.5 32b", "es",
     "🗃 <b>La caché KV de Qwen2.5 32B"),
    ("combien de cache kv pour llama 3.1 8b a 128k ?", "fr", "🗃 <b>Le cache KV de Llama 3.1 8B"),
    ("how much kv cache can i fit on a 4090 with llama 3 8b", None, "📏 <b>8,192 tokens"),
])
def test_how_much_kv_cache_is_its_size(text: str, locale: str | None, lead: str) -> None:
    """Was a price asked ("❓ Serving has no typical duration: tell me for how many hours")."""
    got = ask_json(text, locale)
    assert got["error"] is None, got["text"]
    assert str(got["text"]).startswith(lead), str(got["text"])[:300]


# --- concurrency asked of a local runner -----------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("cuantos usuarios aguanta ollama con qwen2.5 7b en una 3090?", "es",
     "llama.cpp y los programas basados en él (Ollama, LM Studio) no reservan"),
    ("combien de requêtes en parallèle avec llama.cpp pour mistral 7b q4 sur une 4090 ?", "fr",
     "llama.cpp et les programmes qui s'appuient dessus"),
    ("how many users can lm studio handle with llama 3 8b on a 4090", None,
     "take no share of the card ahead of time: all of its 25.76 GB (24 GiB) counts"),
])
def test_a_local_runner_serves_on_the_whole_card(text: str, locale: str | None,
                                                 said: str) -> None:
    """Was vLLM's share said of Ollama and llama.cpp ("vLLM takes 92% of each GPU's memory")."""
    reply = str(ask_json(text, locale)["text"])
    assert reply.startswith("👥"), reply[:300]
    assert said in reply, reply[:600]
    assert "vLLM" not in reply, reply


def test_vllm_keeps_its_share() -> None:
    reply = str(ask_json("how many users with vllm llama 3 8b on a 4090")["text"])
    assert "vLLM takes 92% of each GPU's memory by default" in reply, reply[:500]
