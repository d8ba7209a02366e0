"""English questions from the held-out threads that got a misleading answer (probe-en6): the
largest model a card holds led with the planning rule's size the detailed estimate on the line
under it contradicted; a Raspberry Pi or a CPU named was read as a GPU of its RAM."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# --- the best estimate leads ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "size"), [
    ("what can i finetune on a 3090", None,
     "📏 <b>The largest model 24 GB holds for QLoRA is about 30B by the detailed estimate", 30),
    ("whats the biggest model i can qlora on 24gb", None,
     "📏 <b>The largest model 24 GB holds for QLoRA is about 30B by the detailed estimate", 30),
    ("hasta que tamano de modelo puedo entrenar con mi 3090 en qlora?", "es",
     "📏 <b>El modelo más grande que cabe en 24\u00a0GB (QLoRA) es de unos 30B según la "
     "estimación detallada", 30),
    ("jusqu'a quelle taille de modele je peux aller avec ma 3090 en qlora ?", "fr",
     "📏 <b>Avec 24\u202fGo, le plus gros modèle possible (QLoRA) fait environ 30B selon "
     "l'estimation détaillée", 30),
])
def test_the_largest_model_leads_with_the_detailed_estimate(
    text: str, locale: str | None, lead: str, size: int
) -> None:
    """The planning rule's 32B leaves 0 GB for activations (26.7 GB per GPU at typical
    settings): the reply was "✅ Yes: a 32B model fits … 0 GB left" over a ❌ detailed line."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert reply.startswith(lead), reply[:400]
    assert (got["params_b"], got["fits"], got["detailed_fits"]) == (size, True, True)
    assert "0 GB left" not in reply and "❌" not in reply, reply
    # The planning rule's size is said beside, as the secondary figure.
    assert "32B (Qwen3-VL 32B" in reply  # the latest released of the size first


# --- a machine with no GPU -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead", "fits_line"), [
    ("can i run llama 3 8b on a raspberry pi 8gb", None,
     "🖥 <b>No GPU (Raspberry Pi): on the CPU alone, Llama 3 8B is held in your system RAM.</b>",
     "✅ Inference in 4-bit: about 4.8 GB, within your 8 GB of RAM."),
    ("intel i7 16gb ram can i run llama 3 8b", None,
     "🖥 <b>No GPU (Intel Core i7): on the CPU alone, Llama 3 8B is held in your system RAM.</b>",
     "✅ Inference in 8-bit: about 9.6 GB, within your 16 GB of RAM."),
    ("my pc is a ryzen 7 with 32gb ram, can i run mistral 7b", None,
     "🖥 <b>No GPU (AMD Ryzen 7):", "within your 32 GB of RAM"),
    ("puedo correr llama 3 8b en una raspberry pi de 8gb", "es",
     "🖥 <b>Sin GPU (Raspberry Pi): solo con la CPU, Llama 3 8B se carga en la RAM del sistema.",
     "8\u00a0GB de RAM"),
    ("llama 3 8b sur un raspberry pi 8 go ça tourne ?", "fr",
     "🖥 <b>Sans GPU (Raspberry Pi)\u00a0: sur le CPU seul", "8\u202fGo de RAM"),
])
def test_a_machine_without_a_gpu_is_answered_for_its_cpu_and_ram(
    text: str, locale: str | None, lead: str, fits_line: str
) -> None:
    """Was "On 1× GPU of 8 GB, Llama 3 8B fits" (the Pi's RAM read as a GPU's memory)."""
    got = ask_json(text, locale)
    assert str(got["text"]).startswith(lead), str(got["text"])[:300]
    assert fits_line in str(got["text"])
    assert (got["gpu"], got["vram_gb"], got["fits"]) == (None, None, None)



# --- a subscription to cancel ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("cancel my subscription", None,
     "ℹ️ <b>Our published page names no subscription, plan or recurring charge: you pay as you "
     "go.</b> You top up from $1 in crypto"),
    ("how do i cancel?", None, "ℹ️ <b>Our published page names no subscription"),
    ("como cancelo mi suscripcion?", "es",
     "ℹ️ <b>Nuestra página publicada no menciona ninguna suscripción"),
    ("résilier mon abonnement", "fr", "ℹ️ <b>Notre page publiée ne mentionne aucun abonnement"),
])
def test_a_subscription_to_cancel_is_answered_from_the_page(
    text: str, locale: str | None, lead: str
) -> None:
    """Was the price alerts' help ("subscription" read as an alert) or "I did not understand":
    the page sells prepaid GPU-hours, names no subscription and says nothing on refunds."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert got["intent"] == "help" and reply.startswith(lead), reply
    assert "/unalert all" in reply  # the alerts, in case they were meant



# --- lora vs full fine-tuning ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "line"), [
    ("explain lora vs full finetuning",
     "• Full fine-tuning, AdamW: 16 to 18 GB per billion parameters by the planning rule "
     "(70B: 1,120–1,260 GB)"),
    ("what's the difference between lora and full ft",
     "• Full fine-tuning, AdamW: 16 to 18 GB per billion parameters"),
    ("qlora or full finetune for llama 3 8b?",
     "• Full fine-tuning, AdamW: 128–144 GB by the planning rule, 150.9 GB at typical settings"),
])
def test_lora_against_full_fine_tuning_is_compared(text: str, line: str) -> None:
    """Was "I did not understand that" (only LoRA against QLoRA was read)."""
    reply = str(ask_json(text)["text"])
    assert reply.startswith("⚖️ <b>Full fine-tuning, LoRA or QLoRA"), reply
    assert line in reply and "10,000 times fewer trainable parameters" in reply, reply


# --- hyper-parameters ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "locale", "where"), [
    ("what learning rate for qlora llama 3 8b", None,
     "Llama 3 8B falls between their 7B and 13B runs, both at 2e-4."),
    ("how many epochs should i use", None, "1,875 steps on OASST1: counted in steps, not epochs"),
    ("best lr for lora on qwen 2.5 72b?", None,
     "is larger than their largest run (65B, 1e-4)."),
    ("que learning rate uso para qlora de llama 3 8b", "es", "ambos a 2e-4"),
    ("combien d'époques faut il ?", "fr", "comptés en pas, pas en époques"),
])
def test_hyper_parameters_cite_the_qlora_authors_settings(
    text: str, locale: str | None, where: str
) -> None:
    """Was a cost answer ("rate" read as a price) or "Which model?"."""
    got = ask_json(text, locale)
    reply = str(got["text"])
    assert got["intent"] == "help" and reply.startswith("🎛 <b>"), reply
    assert where in reply and "2e-4" in reply and "1e-4" in reply, reply
    assert got["cost_usd"] is None


# --- a brand and a variant word, no size ---------------------------------------------------------


@pytest.mark.parametrize(("text", "model", "family"), [
    ("qwen coder on a 3090", "qwen2.5-coder-14b", "Qwen Coder"),
    ("deepseek r1 distill on my 3090?", "deepseek-r1-distill-qwen-14b", "DeepSeek Distill"),
    ("can i run deepseek on a 4090", "deepseek-r1-distill-qwen-32b", "DeepSeek"),
    ("qwen vl on a 4090", "qwen3-vl-8b", "Qwen VL"),
])
def test_a_brand_and_a_variant_word_is_that_family(text: str, model: str, family: str) -> None:
    """Was "We don't rent the RTX 3090, no price" ("qwen coder"), "Got it: RTX 4090"
    ("deepseek") or DeepSeek-R1 671B ("deepseek r1 distill"): the family, answered for the
    largest member that fits, the others named (DeepSeek's 671B V3 and R1 among them)."""
    got = ask_json(text)
    reply = str(got["text"])
    assert got["model"] == model, reply[:300]
    assert reply.startswith(f"ℹ️ {family} is a family of "), reply[:300]
    assert got["fits"] is True and got["detailed_fits"] is True
    if family == "DeepSeek":
        assert "DeepSeek-V3 (671B MoE), and DeepSeek-R1 (671B MoE)" in reply


def test_a_brand_with_instruct_is_the_brand() -> None:
    """"mistral instruct on my 3090": was the price of a card we do not rent."""
    got = ask_json("mistral instruct on my 3090")
    assert (got["intent"], got["model"], got["gpu"]) == ("fit", "mistral-7b", "rtx-3090")


def test_a_family_member_the_detailed_estimate_misses_is_not_picked() -> None:
    """"gemma on a 4090": Gemma 3 27B's QLoRA needs 29.4 GB at typical settings (was picked,
    "✅ fits", on the planning rule's 20.3 GB)."""
    got = ask_json("gemma on a 4090")
    assert got["model"] == "gemma-3-12b" and got["detailed_fits"] is True


def test_the_largest_by_the_detailed_estimate_is_found_far_below_the_rule() -> None:
    """"any models doable on a 1060 6gb?": the detailed estimate fits 1.1B, many catalogued
    sizes under the rule's 8B (was the rule's 8B leading, "✅ fits" at 0.17 GB left)."""
    got = ask_json("any models doable on a 1060 6gb?")
    assert (got["params_b"], got["detailed_fits"]) == (1.1, True)
    assert "The planning rule alone says about 8B" in str(got["text"])


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("what's a gpu hour", None, "🧱 GPU-hours are sold in blocks of 10, 24, 168, and 720 hours"),
    ("que es una gpu-hora?", "es", "🧱 Las GPU-horas se venden en bloques"),
])
def test_a_gpu_hour_is_explained_by_the_blocks(text: str, locale: str | None, lead: str) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == "help" and str(got["text"]).startswith(lead), got["text"]


def test_a_context_length_limit_is_the_longest_context() -> None:
    got = ask_json("what's the context length limit for qlora 8b on a 4090")
    assert str(got["text"]).startswith("📏 <b>Longest context that fits: about"), got["text"]
