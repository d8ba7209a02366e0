"""Questions found in session 43's probe (English, as people write them on r/LocalLLaMA, the
Hugging Face forums and the unsloth/axolotl/peft/trl/llama.cpp/vllm issues: glued units, slang,
several facts in one message, the card they own, pasted logs and configs)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "gpu", "count", "has"), [
    # Samples of unsaid length on one's own card that holds the short ones but not 2,048-token
    # ones: both lengths timed on the card, the longest at the sequence it holds (said so), the
    # rented run after (was both "on 1× L40S", "Timed on the cheapest offered configuration that
    # fits", the card owned unsaid)
    ("got 2x3090, want to lora qwen2.5 14b on ~30k convos, how many hours", "rtx-3090", 2,
     ["on 2× RTX 3090 (1 epoch)",
      "Samples of 2,048 tokens do not fit on 2× RTX 3090 as they are (detailed estimate)",
      "Rented here instead, where this run costs least, on 1× L40S"]),
    ("how long to qlora gemma 2 9b on colab t4 with 8k samples", "t4", 1,
     ["on 1× T4 (1 epoch)", "in sequences of at most about 1,812 tokens, which fit.",
      "Rented here instead, where this run costs least, on 1× L40S"]),
    # checkpointing switched off: the card holds 2,048 tokens once it is on
    ("how long to qlora llama 3 8b on my t4 with 20k samples, gradient checkpointing off", "t4", 1,
     ["on 1× T4 (1 epoch)",
      "Samples of 2,048 tokens fit on 1× T4 only with gradient checkpointing on (about 12.8 GB"]),
])
def test_samples_of_unsaid_length_timed_on_the_card_owned(
        text: str, gpu: str, count: int, has: list[str]) -> None:
    reply = ask(text)
    assert reply.answer.intent == "time", reply.text[:300]
    (_s, short_t), (_l, long_t) = reply.answer.sample_bracket
    assert (short_t.gpu, short_t.gpu_count, long_t.gpu, long_t.gpu_count) == (
        gpu, count, gpu, count), reply.text
    assert long_t.rented is not None and long_t.rented.gpu == "l40s", reply.text
    says(reply.text, has, ["Timed on the cheapest offered configuration that fits."])


@pytest.mark.parametrize("text", [
    # a card we rent and price, named without "my": the rented answer as before
    "how long to lora qwen2.5 14b on an l40s with 30k samples",
    # the own card holds both lengths: timed there, as before
    "how long to qlora llama 3 8b on my 3090 with 20k samples",
])
def test_samples_of_unsaid_length_elsewhere_unchanged(text: str) -> None:
    reply = ask(text)
    says(reply.text, ["⏱ <b>How long"], ["as they are (detailed estimate)"])


@pytest.mark.parametrize(("text", "gpu", "has"), [
    # The bot's estimate quoted back beside an OOM is no cost asked (was "🏠 We don't rent the
    # RTX 3090: this is the cost on 1× L40S", 10 illustrative hours, the OOM unread)
    ("your estimate says fits but i oom, 3090 qlora 8b bs 8 seq 2048", "rtx-3090",
     "🩹 Smallest change that makes it fit: micro-batch 2 × gradient accumulation 4"),
    ("your estimate says it fits but i get oom on my 3090, qlora llama 3 8b bs 8", "rtx-3090",
     "❌ <b>No: Llama 3 8B does not fit on 1× RTX 3090 (QLoRA).</b>"),
    ("the bot estimate is wrong, i oom on 4090 with lora mistral 7b bs 4", "rtx-4090",
     "🧯 You hit OOM at batch 4"),
    ("estimate says 12gb but i oom on 24gb, qlora llama 3 8b seq 4096 bs 4", None,
     "❌ <b>No: Llama 3 8B does not fit on 1× GPU of 24 GB (QLoRA).</b>"),
])
def test_an_estimate_quoted_back_is_no_cost(text: str, gpu: str | None, has: str) -> None:
    reply = ask(text)
    assert reply.answer.intent == "fit", reply.text[:300]
    assert reply.query.gpu == gpu
    says(reply.text, [has], ["💵 Cost:", "this is the cost on"])


@pytest.mark.parametrize(("text", "gpu"), [
    # A price paid elsewhere weighs ours (was the crypto payment page)
    ("i pay 0.39/hr for a 3090 on vast, how does that compare", "rtx-3090"),
    ("paying 1.99/hr for h100 on runpod, how does yours compare", "h100"),
    ("i pay $2 an hour for an h100 on lambda, are you cheaper", "h100"),
])
def test_a_price_paid_elsewhere_is_no_payment_question(text: str, gpu: str) -> None:
    reply = ask(text)
    assert (reply.answer.intent, reply.query.gpu) == ("prices", gpu), reply.text[:300]
    assert not reply.text.startswith("🪙"), reply.text[:300]
    says(reply.text, [], ["Which two GPUs"])


@pytest.mark.parametrize("text", [
    # paying us is still paying
    "how do i pay", "how do i pay per hour", "can i pay with usdt",
])
def test_paying_us_still_pays(text: str) -> None:
    assert ask(text).answer.intent == "pay"


@pytest.mark.parametrize(("text", "lead"), [
    # The disk a model's files take (was QLoRA's memory, or a fine-tuning cost)
    ("how much disk for llama 3 405b",
     "⬇️ <b>The weights of Llama 3.1 405B are about 811.7 GB to download"),
    ("how much storage for qwen2.5 72b weights",
     "⬇️ <b>The weights of Qwen2.5 72B are about 145.4 GB to download"),
    ("disk size of mixtral gguf q4",
     "⬇️ <b>The Q4_K_M GGUF file of Mixtral 8x7B is about 28.6 GB to download.</b>"),
])
def test_disk_asked_is_the_files_size(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:300]


_TQDM_OOM = (
    "  0%|          | 0/1250 [00:00<?, ?it/s]\n"
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 0 has a total "
    "capacity of 14.75 GiB of which 2.1 GiB is free.\n"
    "training mistral 7b qlora with per_device_train_batch_size=8 max_seq_length=1024. colab "
    "free tier. help")
_RANK_LOG = (
    "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 896.00 MiB. GPU 0 has "
    "a total capacity of 79.14 GiB of which 512.81 MiB is free.\n"
    "E1205 14:22:01.123000 torch/distributed/elastic/multiprocessing/api.py:833] failed "
    "(exitcode: 1) local_rank: 0 (pid: 4411) of binary: /usr/bin/python\n"
    "accelerate launch --config_file fsdp.yaml train.py --model_name meta-llama/Llama-3.1-70B "
    "--lora_r 16 --per_device_train_batch_size 1 --max_seq_len 8192\n"
    "we're on 2x h100 80gb, how do we fix this")
_SMI = (
    "+-----------------------------------------------------------------------------------------+\n"
    "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n"
    "|   0  NVIDIA GeForce RTX 3090        Off |   00000000:01:00.0  On |                  N/A |\n"
    "|  0%   45C    P8             10W /  350W |     512MiB /  24576MiB |      0%      Default |\n"
    "+-----------------------------------------------------------------------------------------+\n"
    "can i qlora llama 3 8b on this")


@pytest.mark.parametrize(("text", "gpu", "count", "has"), [
    # tqdm's "?it/s" before the first step is no training speed asked (was "🏋️ About 25,755
    # training tokens/s … on 1× B200" leading the OOM's fixes)
    (_TQDM_OOM, "t4", 1,
     "❌ <b>No: Mistral 7B (7.3B parameters) does not fit on 1× T4 (QLoRA).</b>"),
    # "[rank0]:", "local_rank: 0" are a process's rank (was "too small for the LoRA rank")
    (_RANK_LOG, "h100", 2, "❌ <b>No: Llama 3.1 70B does not fit on 2× H100 (LoRA).</b>"),
    # nvidia-smi's "|   0  NVIDIA GeForce RTX 3090" is GPU 0 (was 0 GPUs, "I can size clusters
    # of 1 to 1024 GPUs")
    (_SMI, "rtx-3090", 1, "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>"),
])
def test_pasted_logs_keep_the_question(text: str, gpu: str, count: int, has: str) -> None:
    reply = ask(text)
    assert reply.answer.error is None, reply.text[:300]
    assert reply.answer.intent == "fit", reply.text[:300]
    assert (reply.query.gpu, reply.query.gpu_count or 1) == (gpu, count), reply.text[:300]
    assert reply.text.startswith(has), reply.text[:300]
    says(reply.text, [], ["training tokens/s"])


@pytest.mark.parametrize(("text", "rank"), [
    # the adapters' rank still read
    ("lora r 16 llama 3 8b on a 4090", 16),
    ("qlora llama 3 8b rank 64 on a 3090", 64),
    ("lora llama 3 8b r=8 on a 4090", 8),
])
def test_the_adapters_rank_still_read(text: str, rank: int) -> None:
    assert ask(text).query.lora_rank == rank


@pytest.mark.parametrize(("text", "lead"), [
    # the step's time or the samples a second asked are the training speed estimate on the card
    # (were "tell me the dataset size", and the fit); the step's own rate leads (session 47)
    ("time per step for qlora llama 3 8b bs 2 on 3090", "⏱ <b>About 0.17 it/s (5.9 s/it)"),
    ("how many samples per second can a 3090 do qlora llama 3 8b", "🏋️ <b>About "),
    ("samples/sec for qlora llama 3 8b on 3090", "🏋️ <b>About "),
])
def test_the_step_time_or_samples_a_second_asked(text: str, lead: str) -> None:
    reply = ask(text)
    assert (reply.answer.intent, reply.query.gpu) == ("time", "rtx-3090"), reply.text[:300]
    assert reply.text.startswith(lead), reply.text[:300]
