"""probe44: what users paste (nvidia-smi's memory column, a measured samples/s, vLLM's KV cache
error, Accelerate's sync_each_batch, LLaMA-Factory's freeze tuning, Axolotl's
"gradient_checkpointing: unsloth"), each read as the tool means it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.answer import build_answer
from bot.render.renderer import render_answer
from bot.understand.parse import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def _reply(text: str, locale: str = "en") -> tuple[object, str]:
    query = understand(text, CAT)
    answer = build_answer(query, CAT)
    return answer, render_answer(answer, locale, CAT).replace("\u00a0", " ").replace(
        "\u202f", " ")


# 1. nvidia-smi's "used / total" column, in MiB (2^20 bytes): the used memory is what is seen.
@pytest.mark.parametrize(("text", "seen"), [
    ("nvidia-smi shows 16380MiB / 24564MiB on my 3090 while running qlora llama 3 8b, can i "
     "increase batch size?", "You see 17.2 GB per GPU"),
    ("|  0  NVIDIA GeForce RTX 4090  Off | 00000000:01:00.0 Off | 30%  55C  P2  280W / 450W |  "
     "21870MiB / 24564MiB | 98% Default | lora llama 3.1 8b, why so much?",
     "You see 22.9 GB per GPU"),
])
def test_nvidia_smi_memory_column_is_the_memory_seen(text: str, seen: str) -> None:
    _, text_out = _reply(text)
    assert seen in text_out, text_out


# 2. A measured samples/s times the samples said (was 2 samples read from "2.5 samples/s").
@pytest.mark.parametrize(("text", "lead"), [
    ("i get 2.5 samples/s on my 3090 with qlora llama 3 8b, 20k samples how long",
     "About 2.22 hours: 20,000 samples at your measured 2.5 samples/s."),
    ("training at 3.1 samples/sec on an h100, 50k examples 3 epochs, how long and how much?",
     "About 13.44 hours: 150,000 samples at your measured 3.1 samples/s."),
    ("{'train_runtime': 120.5, 'train_samples_per_second': 4.2} on an a100, my dataset is 100k "
     "samples, how long for the whole thing",
     "About 6.61 hours: 100,000 samples at your measured 4.2 samples/s."),
])
def test_measured_samples_per_second_times_the_run(text: str, lead: str) -> None:
    answer, out = _reply(text)
    assert answer.intent == "time", out  # type: ignore[attr-defined]
    assert out.startswith("⏱ <b>" + lead), out


# 3. vLLM's KV cache error: led by --max-model-len within the capacity it printed.
KV_OLD = ("ValueError: The model's max seq len (131072) is larger than the maximum number of "
          "tokens that can be stored in KV cache (43264). Try increasing `gpu_memory_utilization` "
          "or decreasing `max_model_len` when initializing the engine.")
KV_NEW = ("vllm serve Qwen/Qwen2.5-7B-Instruct on 1 L40S: ValueError: To serve at least one "
          "request with the models's max seq len (32768), (1.75 GiB KV cache is needed, which is "
          "larger than the available KV cache memory (0.9 GiB). Based on the available memory, "
          "the estimated maximum model length is 16800. Try increasing `gpu_memory_utilization` "
          "or decreasing `max_model_len` when initializing the engine.")


@pytest.mark.parametrize(("text", "locale", "lead", "lacks"), [
    (KV_OLD, "en", "🩹 <b>vLLM's KV cache holds 43,264 tokens on your GPUs, less than the 131,072 "
     "tokens of context it was started with: start it with <code>--max-model-len 43264</code>",
     "Which model?"),
    ("vllm serve meta-llama/Llama-3.1-8B-Instruct on my 4090: " + KV_OLD, "en",
     "🩹 <b>vLLM's KV cache holds 43,264 tokens", "Which model?"),
    (KV_NEW, "en", "🩹 <b>vLLM's KV cache holds 16,800 tokens on your GPUs, less than the 32,768",
     "Which model?"),
    (KV_OLD, "es", "🩹 <b>La caché KV de vLLM admite 43.264 tokens", "¿Qué modelo?"),
    (KV_OLD, "fr", "🩹 <b>Le cache KV de vLLM tient 43 264 tokens", "Quel modèle"),
])
def test_vllm_kv_cache_error_leads_with_max_model_len(
        text: str, locale: str, lead: str, lacks: str) -> None:
    _, out = _reply(text, locale)
    assert out.startswith(lead), out
    assert "--tensor-parallel-size" in out and lacks not in out, out


# 4. Accelerate's sync_each_batch: no no_sync under FSDP, the gradients stay sharded.
@pytest.mark.parametrize(("text", "grads", "no_sync"), [
    ("full finetune llama 3 8b on 8x h100 with fsdp, gradient_accumulation_steps: 8, "
     "gradient_accumulation_plugin: sync_each_batch: true, will it fit?", "Gradients: 4 GB", False),
    ("full finetune llama 3 8b on 8x h100 with fsdp, gradient_accumulation_steps: 8, "
     "accelerator_config={\"gradient_accumulation_kwargs\": {\"sync_each_batch\": True}}",
     "Gradients: 4 GB", False),
    ("full finetune llama 3 8b on 8x h100 with fsdp, gradient_accumulation_steps: 8, "
     "sync_each_batch: false, will it fit?", "Gradients: 36.3 GB", True),
])
def test_sync_each_batch_keeps_gradients_sharded(text: str, grads: str, no_sync: bool) -> None:
    _, out = _reply(text)
    assert grads in out, out
    assert ("FSDP's no_sync" in out) is no_sync, out


# 5. LLaMA-Factory's freeze tuning: the last freeze_trainable_layers blocks (default 2) train.
@pytest.mark.parametrize(("text", "total", "layers", "next_step"), [
    ("llamafactory finetuning_type: freeze on qwen2.5 7b, does it fit on a 4090?",
     "Total per GPU: 29.3 GB", "Only the last 2 of the 28 layers train (LLaMA-Factory's",
     "finetuning_type: freeze, freeze_trainable_layers: 2"),
    ("llamafactory finetuning_type: freeze, freeze_trainable_layers: 4 on qwen2.5 7b, 2x a100 "
     "80gb fits?", "Total per GPU: 24.8 GB", "Only the last 4 of the 28 layers train",
     "finetuning_type: freeze, freeze_trainable_layers: 4"),
])
def test_llama_factory_freeze_trains_the_last_layers(
        text: str, total: str, layers: str, next_step: str) -> None:
    _, out = _reply(text)
    assert total in out and layers in out and next_step in out, out
    assert "mlx_lm" not in out and "Even the weights, gradients" not in out, out


# 6. "gradient_checkpointing: unsloth": checkpointing with offloaded activations, no kernels.
def test_gradient_checkpointing_unsloth_is_offloaded_checkpointing() -> None:
    query = understand("axolotl qlora llama 3 8b gradient_checkpointing: unsloth on a 3090, "
                       "fits?", CAT)
    assert (query.kernels, query.activation_offload, query.grad_ckpt) == (None, True, True)
    _, out = _reply("axolotl qlora llama 3 8b gradient_checkpointing: unsloth on a 3090, fits?")
    assert "Activation offloading" in out and "fused cross-entropy" not in out, out


def test_unsloth_named_keeps_its_kernels() -> None:
    query = understand("FastLanguageModel.get_peft_model(model, r=16, use_gradient_checkpointing="
                       "\"unsloth\") qlora llama 3 8b on a 3090", CAT)
    assert (query.kernels, query.activation_offload) == ("unsloth", True)


def test_samples_rate_is_not_a_dataset() -> None:
    query = understand("i get 2.5 samples/s on my 3090, 20k samples how long", CAT)
    assert (query.sample_rate, query.sample_total) == (Decimal("2.5"), 20_000)


@pytest.mark.parametrize(("text", "lang"), [
    ("vllm me tira esto: " + KV_OLD, "es"),
    ("vllm plante au démarrage : " + KV_OLD, "fr"),
])
def test_vllm_error_pasted_says_nothing_of_the_language(text: str, lang: str) -> None:
    # was English: the error's words outvoted "me tira esto", "plante au démarrage"
    assert understand(text, CAT).lang == lang


# A tqdm progress bar: its steps at its rate (was its clock times read as hours: 14.79 hours).
@pytest.mark.parametrize(("text", "lead"), [
    ("Trainer progress: 250/3000 [12:30<2:17:30, 3.00s/it] on 4x a100 full ft of mistral 7b, "
     "how much will it cost total", "⏱ <b>About 2.5 hours: 3,000 optimizer steps at your measured "
     "3 s/it.</b>"),
    ("{'loss': 1.2345, 'epoch': 0.12} 12%|█▏ | 120/1000 [10:00<1:13:20, 5.00s/it] how long "
     "left? llama 3 8b lora on a100", "⏱ <b>About 1.22 hours: 880 optimizer steps"),
    ("  3%|▎         | 30/1000 [02:41<1:26:52,  5.37s/it] qlora llama 3 70b on h100, how much "
     "will the full run cost", "⏱ <b>About 1.49 hours: 1,000 optimizer steps"),
])
def test_progress_bar_times_the_run_at_its_rate(text: str, lead: str) -> None:
    _, out = _reply(text)
    assert out.startswith(lead), out


# PEFT's print_trainable_parameters(): the base's size is all params less the adapters.
@pytest.mark.parametrize(("text", "params_b"), [
    ("trainable params: 41,943,040 || all params: 8,072,204,288 || trainable%: 0.5196 on a 3090 "
     "with qlora, will it fit?", Decimal("8.03")),
    ("model.print_trainable_parameters() -> trainable params: 167,772,160 || all params: "
     "70,721,468,416 qlora on one h100?", Decimal("70.55")),
])
def test_peft_trainable_parameters_give_the_model_size(text: str, params_b: Decimal) -> None:
    query = understand(text, CAT)  # was "Which model?"
    assert (query.params_b, query.intent) == (params_b, "fit")


# Memory readings that are not the card's size: nvidia-smi's column in GiB, Activity Monitor's
# "Memory Used" (the whole Mac's), transformers' get_memory_footprint() (the weights').
@pytest.mark.parametrize(("text", "has", "lacks"), [
    ("nvidia-smi 23.5GiB / 24GiB on 3090 with qlora 13b batch 8, how to reduce?",
     "You see 25.2 GB per GPU", "Which"),
    ("the mac says 'Memory used: 30.5 GB' of 36 GB with qwen2.5 32b q4 in ollama, can i go to "
     "8k context?", "✅ <b>Yes: Qwen2.5 32B", "You see"),
    ("model loaded in 4bit: memory footprint 5.6 GB (model.get_memory_footprint()) llama 3 8b, "
     "can i train on 8gb card?", "of the 8.59 GB (8 GiB) each GPU has", "5.6 GB"),
])
def test_memory_readings_are_not_the_cards_size(text: str, has: str, lacks: str) -> None:
    _, out = _reply(text)
    assert has in out and lacks not in out, out
