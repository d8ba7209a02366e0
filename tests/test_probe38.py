"""Questions found in session 38's probe (running models at home and renting to serve, as people
post them), as users wrote them."""

from __future__ import annotations

import pytest

from bot.pipeline import to_json
from tests.support.chat import ask, converse, says


@pytest.mark.parametrize(("text", "lead", "beside", "lacks"), [
    # DPO named, the adapter method not: the objective is said in the lead and the method line
    # (was "How long Mistral 7B takes with QLoRA" and "No method named")
    ("how long for dpo of mistral 7b on an a100, 10k pairs",
     "⏱ <b>How long DPO on Mistral 7B (7.3B parameters) with QLoRA takes depends on how long your 10,000 pairs are: about 1.14 hours at 512 tokens an answer",
     "You named DPO, not how the weights are trained, so this is the time for QLoRA", "No method named"),
    # The cost asked of a preference run leads with its price (was the time, the price only in
    # the block bought)
    ("orpo on llama 3 8b cost on an h100 with 20k pairs",
     "💵 <b>What ORPO on Llama 3 8B with QLoRA costs depends on how long your 20,000 pairs are: about $1.51 at 512 tokens an answer, $5.82 at 2,048 tokens an answer, on 1× H100 (1 epoch).</b>",
     "⏱ About 39 minutes and 2.51 hours", "⏱ <b>How long"),
    ("how much to train llama 3 8b on 20k preference pairs on an h100",
     "💵 <b>What preference tuning of Llama 3 8B with QLoRA costs depends on how long your 20,000 "
     "pairs are", "No method named, so this is the time for QLoRA", "⏱ <b>How long"),
    ("cuanto cuesta un dpo de llama 3 8b en una h100 con 20k pares",
     "💵 <b>Lo que cuesta un DPO de Llama 3 8B con QLoRA depende de cuánto miden tus 20.000 pares",
     "Nombraste DPO, no cómo se entrenan los pesos", "No se indicó"),
    ("combien de temps pour un dpo de mistral 7b sur une a100 avec 10k paires",
     "⏱ <b>La durée d'un entraînement DPO de Mistral 7B",
     "Vous avez nommé DPO, pas la façon d'entraîner les poids", "Aucune méthode"),
])
def test_a_preference_run_says_its_objective(text: str, lead: str, beside: str, lacks: str) -> None:
    reply = ask(text).text
    assert reply.startswith(lead), reply[:600]
    says(reply, [beside], [lacks])


@pytest.mark.parametrize(("text", "batch", "served"), [
    # The users served after the training are not its batch (was batch 50: 259.6 GB, "None of
    # the offered configurations holds it" for a QLoRA of an 8B model)
    ("fine tune llama 3.1 8b with qlora then serve it with vllm for 50 users, what gpu?", None,
     None),
    ("lora llama 3 8b on an a100 then serve it to 20 users", None,
     "There, vLLM holds at most about 225 sequences of 2,048 tokens at once by the detailed "
     "estimate: room for your 20 users at once."),
    ("qlora llama 3 8b on a 4090 then serve it to 200 users", None,
     "fewer than your 200 users at once"),
    ("haz un qlora de llama 3 8b en una a100 y luego sirvelo a 50 usuarios", None,
     "Ahí vLLM admite como mucho unas 225 secuencias de 2.048 tokens a la vez"),
    ("fais un qlora de llama 3 8b sur une a100 puis sers-le à 50 utilisateurs", None,
     "de quoi servir vos 50 utilisateurs en même temps"),
    # served alone, the users are still the batch served
    ("serve llama 3 8b on an a100 to 20 users", 20, None),
])
def test_users_served_after_training(text: str, batch: int | None, served: str | None) -> None:
    reply = ask(text)
    got = to_json(reply)
    assert reply.answer.query.batch_size == batch, reply.text[:400]
    if served is not None:
        says(reply.text, ["🔁", served], [])
    if batch is None:
        assert got["fits"] is not False and float(str(got["detailed_gb"])) < 30, reply.text[:400]


@pytest.mark.parametrize(("text", "lead"), [
    # Neither training nor serving said, of one's own cards: that it runs leads beside the
    # training's no (was "does not fit with any of these methods" alone, read as "it won't run")
    ("does gemma 2 27b fit in 2x 3060",
     "🖥 <b>On 2× RTX 3060, Gemma 2 27B runs in 4-bit (inference), but no fine-tuning method "
     "fits.</b>"),
    ("is a 3060 12gb good for 13b models",
     "🖥 <b>On 1× RTX 3060, a 13B model runs in 4-bit (inference), but no fine-tuning method "
     "fits.</b>"),
    ("qwen2.5 14b en mi 3060?",
     "🖥 <b>En 1× RTX 3060, Qwen2.5 14B (14,7 mil millones de parámetros) funciona en 4 bits "
     "(inferencia), pero no cabe con ningún método de fine-tuning.</b>"),
    # not even 4-bit running fits: the no stays
    ("phi-4 on a 4060 8gb??", "❌ <b>On 1× RTX 4060, Phi-4 (14B) does not fit with any of these "
     "methods.</b>"),
])
def test_running_leads_when_only_running_fits(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]
    assert to_json(reply)["fits"] is False  # the training verdict, as the JSON always said


@pytest.mark.parametrize("text", [
    "can i run gpt-oss-20b on my 4070 12gb",
    "gpt-oss-20b on a 3060 12gb?",
])
def test_gpt_oss_at_home_with_no_runner(text: str) -> None:
    """Its MXFP4 GGUF fits whole with llama.cpp where the published weights with a CUDA
    engine's overhead do not, and those weights are the detailed estimate's 13.4 GB, not the
    planning floor's 10.5 GB (was "The bare weights (10.5 GB) would fit" and no word of
    llama.cpp)."""
    says(ask(text).text, [
        "🦙 With llama.cpp or Ollama it fits whole: GGUF MXFP4 inference needs about 12.8 GB per "
        "GPU by the detailed estimate. Ask “with llama.cpp?” for the details.",
        "By the detailed estimate the weights alone take about 13.4 GB, more than the 12 GB "
        "available (the planning rule's 10.5 GB counts every parameter at the method's bits)."],
        ["The bare weights (10.5 GB) would fit"])


def test_ollama_default_context_stops_at_the_trained_one() -> None:
    """Ollama clamps num_ctx to the GGUF's trained context (llm/server.go, "requested context
    size too large for model"): on 2× RTX 3090 (48 GiB) its 262,144 becomes DeepSeek-R1-Distill-
    Llama-70B's 131,072, config.json's max_position_embeddings (was 262,144: its KV cache 42.9 GB
    a GPU, the model's published context not being on file, only its config's)."""
    reply = ask("ollama run deepseek-r1:70b says model requires more system memory (69.0 GiB) "
                "than is available (65.6 GiB), i have 2x3090")
    assert reply.answer.query.seq_len == 131072, reply.text[:300]
    says(reply.text, ["With 131,072 tokens of context"], ["With 262,144 tokens"])


@pytest.mark.parametrize(("text", "model", "params"), [
    # The draft of speculative decoding is not the model asked about (was Qwen2.5 0.5B's fit)
    ("qwen2.5 32b with a qwen2.5 0.5b draft model on a 4090", "qwen2.5-32b", "32.5"),
    ("speculative decoding with qwen2.5 0.5b draft for 32b on 4090 how much vram extra", None,
     "32"),
])
def test_the_draft_is_not_the_model(text: str, model: str | None, params: str) -> None:
    reply = ask(text)
    q = reply.answer.query
    assert (q.model_id, str(q.params_b)) == (model, params), reply.text[:300]
    says(reply.text, ["🎯 The draft model for speculative decoding, Qwen2.5 0.5B, comes on top"],
         [])


@pytest.mark.parametrize("text", [
    "llama 3.1 8b q4_k_m 8k ctx 4060ti16gb toks?",
    "llama 3.1 8b on a 3090 how many toks",
])
def test_toks_asks_the_speed(text: str) -> None:
    """"toks?": tokens/s in the slang it is posted in (was the fit leading, the speed after it
    or, with no format said, QLoRA's fit)."""
    assert ask(text).text.startswith("⚡ <b>At most about "), ask(text).text[:300]


def test_people_served_are_no_training_batch_in_a_follow_up() -> None:
    """"how long for 20k samples?" after "then serve it to 30 users": the training runs at its
    own batch (was the 30 people served as its batch, "❌ Memory: about 158.9 GB per GPU")."""
    last = converse("qlora llama 3 8b on a 4090", "then serve it to 30 users",
                    "how long for 20k samples?")[-1]
    assert last.answer.query.batch_size is None
    says(last.text, ["✅ Memory: about 12.8 GB per GPU"], ["158.9 GB"])


@pytest.mark.parametrize(("text", "served"), [
    # A fine-tune with no method, then served: both (was the serving alone, the fine-tune
    # dropped, the team of 5 sizing nothing)
    ("i want to finetune mistral 7b and then host it on a 3090 at home for my team of 5, doable?",
     "room for your 5 users at once."),
    ("finetune llama 3 8b on an a100 then serve it to 20 users", "room for your 20 users at once."),
])
def test_a_fine_tune_with_no_method_then_served(text: str, served: str) -> None:
    reply = ask(text)
    q = reply.answer.query
    assert not q.inference and q.batch_size is None and q.serve_users is not None, reply.text[:300]
    says(reply.text, ["QLoRA", "🔁 Serving it afterwards", served], [])


@pytest.mark.parametrize(("text", "lead"), [
    # A rate wished for is weighed against the bound (was QLoRA's fit, the rate unanswered)
    ("can a 4090 do 100 tok/s on llama 3 8b", "⚡ <b>At most about 61 tokens/s: Llama 3 8B"),
    ("can my 3060 hit 30 tok/s with qwen2.5 14b q4", "⚡ <b>At most about 40 tokens/s: Qwen2.5 14B"),
])
def test_a_rate_wished_for_is_weighed(text: str, lead: str) -> None:
    assert ask(text).text.startswith(lead), ask(text).text[:300]


@pytest.mark.parametrize("text", [
    "how much to rent an h100 to serve llama 3.1 8b for 1000 users per day",
    "how much to rent an h100 to serve llama 3.1 8b for 1000 users/day",
])
def test_users_per_day_are_no_users_at_once(text: str) -> None:
    """A day's traffic is not the sequences decoded at once (was batch 1,000: 277.3 GB, "does
    not fit with any of these methods" leading a cost question)."""
    reply = ask(text)
    assert reply.answer.query.batch_size is None, reply.text[:300]
    assert "batch 1,000" not in reply.text
