"""best42: the most accurate answer leads (session 42)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, ask_json, says

# --- A measured rate is judged against the peak the run is timed at ---------------------------


@pytest.mark.parametrize(("text", "lang", "flag"), [
    # The P40 has no 16-bit peak on file (FP16 at 1/64 of FP32): it is timed at its FP32 peak,
    # and a measured rate was judged against none (no flag; 5k tokens/s of a 7B QLoRA is 12
    # times the P40's 11.76 TFLOPS)
    ("5k tok/s qlora 7b on my P40, how long for 50M tokens?", "en",
     "That rate would take 11.9 times the P40's 11.76 peak TFLOPS"),
    ("con mi p40 me da 5000 tokens/s en qlora de 7b, cuanto tardaria con 50M tokens", "es",
     "Ese ritmo exigiría 11,9 veces los 11,76 TFLOPS máximos de la P40"),
])
def test_measured_rate_on_pascal_is_judged_at_its_fp32_peak(text: str, lang: str,
                                                            flag: str) -> None:
    reply = ask(text, lang).text
    assert flag in reply, reply


def test_measured_rate_within_the_fp32_peak_is_not_flagged() -> None:
    reply = ask("i measured 50 tok/s qlora 7b on my P40, how long for 5M tokens?", "en").text
    says(reply, ["From your measured 50 tokens/s per GPU"], ["That rate would take"])


@pytest.mark.parametrize(("text", "lang", "line"), [
    # The tokens/s asked on a P40 was refused ("No datasheet we can cite gives the P40's peak
    # BF16 throughput") while its training time was given at the FP32 peak
    ("how many tokens/s training qlora 7b on my p40?", "en",
     "at an assumed 50% of the 11.76 peak FP32 TFLOPS per GPU: the P40 has no BF16"),
    ("¿cuántos tokens/s entrenando qlora 7b en mi p40?", "es",
     "de los 11,76 TFLOPS FP32 de pico por GPU: la P40 no tiene BF16"),
    ("combien de tokens/s pour un qlora 7b sur ma p40 ?", "fr",
     "des 11,76 TFLOPS FP32 de crête par GPU\u00a0: le P40 n'a pas de BF16"),
])
def test_training_speed_on_pascal_at_the_peak_the_time_uses(text: str, lang: str,
                                                            line: str) -> None:
    reply = ask(text, lang).text
    says(reply, ["🏋️", line], ["No datasheet", "Ninguna ficha técnica", "Aucune fiche"])


# --- A time asked on one's own card that cannot hold the run is timed there, changed --------

def test_full_finetune_timed_on_the_card_owned_with_the_smallest_timed_change() -> None:
    # was "❌ …" then "about 51 minutes on 4× A100 80GB": the user owns the 4090
    reply = ask("full fine-tune llama 3 8b on my 4090, how long for 10k examples of 2k tokens?",
                "en").text
    says(reply, [
        "❌ <b>No: Llama 3 8B does not fit on 1× RTX 4090 (full AdamW).</b>",
        "⏱ <b>On your 1× RTX 4090 with LoRA instead of full fine-tuning: about 3.53 hours for 20 million tokens.</b>",
        "From 6·N·D FLOPs at an assumed 48% of the 165.2 peak BF16 TFLOPS, 1 epoch.",
        "That is the smallest change that makes it fit there (about 22.9 GB)",
        # CPU offload fits with less, but has no cited throughput: its compute alone, a bound
        "🐢 A smaller change also fits, at about 9.2 GB: CPU offload",
        "it takes longer than its compute alone at this utilization (4.6 hours)",
        # the rented run as asked comes second
        "👉 Or rent it as you asked it (full AdamW):",
        "⏱ <b>Full AdamW of Llama 3 8B: about 36 minutes on 4× A100 80GB",
    ], [])


@pytest.mark.parametrize(("text", "lang", "lead"), [
    ("fine-tuning completo de llama 3 8b en mi 4090, cuánto tarda con 10k ejemplos de 2k tokens?",
     "es", "⏱ <b>En tu propio equipo, 1× RTX 4090, con LoRA en lugar de fine-tuning completo: alrededor de 3,53\xa0horas para 20 millones de tokens.</b>"),
    ("combien de temps pour un fine-tuning complet de llama 3 8b sur ma 4090 avec 10k exemples "
     "de 2k tokens ?", "fr",
     "⏱ <b>Chez vous, sur 1× RTX 4090, avec LoRA au lieu du fine-tuning complet\xa0: environ 3,53\xa0heures pour 20 millions de tokens.</b>"),
])
def test_the_card_owned_leads_in_spanish_and_french(text: str, lang: str, lead: str) -> None:
    reply = ask(text, lang).text
    assert lead in reply, reply
    assert reply.index(lead) < reply.index("👉"), reply


def test_the_json_hours_are_the_card_owned() -> None:
    got = ask_json("full fine-tune llama 3 8b on my 4090, how long for 10k examples of 2k tokens?")
    assert got["hours"] == 3.53, got["hours"]
    assert got["fits"] is False and got["method"] == "full_adamw"


def test_only_cpu_offload_fits_the_card_owned_its_time_a_lower_bound() -> None:
    # QLoRA of a 70B on one 3090 fits only offloaded: no factor is invented for PCIe
    reply = ask("qlora llama 3 70b on my 3090, how long for 10k examples of 2k tokens?", "en").text
    says(reply, [
        "⏱ <b>On your 1× RTX 3090 with CPU offload (FSDP or DeepSpeed ZeRO-3; slower): longer than about 69.24 hours for 20 million tokens.</b>",
        "🐢 That is its compute alone (about 14.7 GB with the offload)",
        "👉 Or rent it as you asked it (QLoRA):",
        "⏱ <b>QLoRA of Llama 3 70B: about 15.82 hours on 1× A100 80GB",
    ], [])


def test_several_cards_owned_say_per_gpu() -> None:
    reply = ask("full finetune llama 3 8b on my 2x 3090, how long for 10M tokens", "en").text
    says(reply, ["⏱ <b>On your 2× RTX 3090 with LoRA instead of full fine-tuning",
                 "(about 17.7 GB per GPU)", "at about 9.3 GB per GPU: CPU offload"], [])


def test_checkpointing_on_the_card_owned_leads_and_is_said_once() -> None:
    reply = ask("how long to lora llama 3 8b on 100M tokens on my 4090 without gradient "
                "checkpointing", "en").text
    says(reply, ["⏱ <b>On your 1× RTX 4090 with gradient checkpointing on: about 17.62 hours"],
         ["📏 With gradient checkpointing on"])


@pytest.mark.parametrize("text", [
    # a card we rent, not said owned: the rented run as before
    "full fine-tune llama 3 8b on an h100, how long for 10k examples of 2k tokens?",
    "full fine-tune llama 3 8b on 2x a100 80gb, how long for 100M tokens?",
    # the card holds the run: timed there as asked
    "qlora llama 3 8b on my 4090, how long for 10k examples of 2k tokens?",
    # nothing but a shorter sequence fits: the time answer's own 📏 line, unchanged
    "qlora llama 3 8b on my 3080 seq 8192 batch 4, how long for 20M tokens",
])
def test_no_owned_run_where_none_is_due(text: str) -> None:
    reply = ask(text, "en")
    assert reply.answer.owned_run is None
    assert "On your" not in reply.text and "Or rent it as you asked it" not in reply.text


# --- FSDP named, mixed precision: 16 bytes a parameter (no 16-bit copy of the shards) -------

@pytest.mark.parametrize(("text", "gb"), [
    # PyTorch FSDP keeps the sharded parameters in FP32 (the optimizer's copy) and casts only
    # the gathered layers: was 45.4 GB, a BF16 copy of the shards beside an FP32 master
    ("full finetune llama 3 8b with fsdp on 4x a100 80gb", "41.4 GB per GPU"),
    # DeepSpeed ZeRO-3 keeps its 16-bit partition: unchanged
    ("full finetune llama 3 8b with deepspeed zero3 on 4x a100 80gb", "41.5 GB per GPU"),
    # "FSDP or ZeRO-3" unsaid: held to the larger count, unchanged
    ("full finetune llama 3 8b on 4x a100 80gb", "45.4 GB per GPU"),
])
def test_fsdp_mixed_precision_bytes(text: str, gb: str) -> None:
    reply = ask(text, "en").text
    says(reply, [f"it needs about {gb}"], [])


def test_fsdp_breakdown_has_no_separate_master_copy() -> None:
    reply = ask("full finetune llama 3 8b with fsdp on 4x a100 80gb, details", "en").text
    says(reply, ["• Model weights: 8 GB"], ["FP32 master weights: 8 GB"])


# --- TRL's --use_peft trains what the estimate counts ------------------------------------

@pytest.mark.parametrize(("text", "lang", "command"), [
    # --use_peft alone trains PEFT's per-architecture targets (Llama: q_proj, v_proj) while
    # the estimate counts every linear layer: the command now says so
    ("qlora llama 3 8b on a 4090", "en",
     "<code>--load_in_4bit --use_peft --lora_target_modules all-linear</code>"),
    ("lora llama 3 8b on 2x 4090", "en",
     "<code>--use_peft --lora_target_modules all-linear --accelerate_config fsdp2</code>"),
    ("¿puedo hacer qlora de llama 3 8b en una 4090?", "es",
     "<code>--load_in_4bit --use_peft --lora_target_modules all-linear</code>"),
])
def test_the_trl_command_adapts_every_linear_layer(text: str, lang: str, command: str) -> None:
    reply = ask(text, lang).text
    assert command in reply, reply


@pytest.mark.parametrize("text", [
    # TRL's own command pasted: the estimate counts PEFT's defaults, what it trains
    "trl sft --model_name_or_path meta-llama/Llama-3.1-8B --use_peft --load_in_4bit on a 4090",
    # targets said: the estimate counts those
    "lora llama 3 8b on a 4090 with target_modules q_proj,v_proj",
])
def test_no_all_linear_where_the_estimate_counts_other_targets(text: str) -> None:
    reply = ask(text, "en").text
    assert "--use_peft" in reply and "all-linear" not in reply, reply


# --- "is that normal?" with a rate no card computes: said so, as the time answer says it ----

@pytest.mark.parametrize(("text", "lang", "said"), [
    # was "Measured, your 9,000 tokens/s is 18.6 times this estimate: faster than it assumes"
    ("getting 9k tok/s qlora llama 3 8b on my 3090, is that normal?", "en",
     "📏 Measured, your 9,000 tokens/s would take 4.3 times the RTX 3090's 71 peak TFLOPS, "
     "even without recomputing the forward pass"),
    ("getting 5k tok/s qlora 7b on my P40, is that normal?", "en",
     "📏 Measured, your 5,000 tokens/s would take 11.9 times the P40's 11.76 peak TFLOPS"),
    ("con mi 3090 me da 9000 tokens/s en qlora de llama 3 8b, es normal?", "es",
     "📏 Medidos, tus 9.000 tokens/s exigirían 4,3 veces los 71 TFLOPS máximos de la RTX 3090"),
])
def test_a_rate_judged_beyond_the_peak_is_said_so(text: str, lang: str, said: str) -> None:
    reply = ask(text, lang).text
    assert said in reply, reply


def test_a_rate_within_the_peak_is_judged_as_before() -> None:
    reply = ask("getting 1500 tok/s qlora llama 3 8b on my 3090, is that normal?", "en").text
    says(reply, ["📏 Measured, your 1,500 tokens/s is 2.2 times this estimate: faster than it assumes."], ["would take"])
