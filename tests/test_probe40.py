"""Questions found in session 40's probe (first questions as people write them on r/LocalLLaMA,
the Hugging Face forums and the unsloth/axolotl/peft/trl issues: pasted configs, error pastes,
several facts glued in one message)."""

from __future__ import annotations

import pytest

from tests.support.chat import ask, says


@pytest.mark.parametrize(("text", "lead"), [
    # A learning rate in a pasted config is a setting, not a price (was "💵 Cost: $19.68 — 1×
    # L40S × 24 hours" leading, the fit asked second)
    ("SFTConfig(per_device_train_batch_size=8, max_length=1024, num_train_epochs=1, "
     "learning_rate=2e-4) with peft LoraConfig(r=16, lora_alpha=32) on "
     "Qwen/Qwen2.5-7B-Instruct, fits on a 3090?",
     "❌ <b>No: Qwen2.5 7B (7.61B parameters) does not fit on 1× RTX 3090 (LoRA).</b>"),
    ("qwen2.5 7b lora learning rate 2e-4 fits on a 3090?",
     "✅ <b>Yes: Qwen2.5 7B (7.61B parameters) fits on 1× RTX 3090 (LoRA).</b>"),
    # rates alone stay our prices
    ("h100 rates?", "💵 <b>1× H100 costs $2.32/hour.</b>"),
])
def test_a_learning_rate_is_no_price(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]


@pytest.mark.parametrize(("text", "method", "has"), [
    # LLaMA-Factory's quantization_bit: 4 is its QLoRA (was LoRA on a BF16 base, 227.1 GB a GPU
    # with checkpointing off as the Trainer's default, read from per_device_train_batch_size)
    ("model_name_or_path: Qwen/Qwen2.5-72B-Instruct\nfinetuning_type: lora\nquantization_bit: 4\n"
     "cutoff_len: 4096\nper_device_train_batch_size: 1\nwill it run on 2x3090?", "qlora",
     # (peft41: no lora_rank in the YAML is LLaMA-Factory's rank 8, was our 16: 47.4 -> 46.5)
     ["does not fit on 2× RTX 3090 (QLoRA).</b>\nWith your settings it needs about 46.5 GB per GPU",
      "llamafactory-cli train config.yaml"]),
    ("llamafactory finetuning_type: lora, quantization_bit: 4, llama 3.1 8b, how long on a 4090 "
     "for 10k samples of 1k tokens", "qlora", ["⏱ <b>QLoRA of Llama 3.1 8B"]),
    ("llama factory lora llama 3 8b --quantization_bit 8 on a 3090", "lora_int8",
     ["fits on 1× RTX 3090 (LoRA 8-bit)"]),
    # no quantization_bit: LoRA as before
    ("llama factory lora llama 3 8b on a 3090", "lora", ["(LoRA).</b>"]),
])
def test_llama_factory_quantization_bit(text: str, method: str, has: list[str]) -> None:
    reply = ask(text)
    assert reply.query.method == method, reply.text[:400]
    says(reply.text, has, [])


@pytest.mark.parametrize(("text", "lead"), [
    # "will it OOM?" answered without a yes or a no, which answered the error backwards (was
    # "❌ No: … does not fit" to "will this OOM?", "✅ Yes: … fits" to "will … oom")
    ("will this OOM on an A100 80GB? llama 3.1 8b full finetune bs 4 seq 2048",
     "❌ <b>It would run out of memory: Llama 3.1 8B does not fit on 1× A100 80GB (full AdamW).</b>"),
    ("will qlora llama 3 8b oom on a 3090",
     "✅ <b>No OOM expected: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>"),
    ("is lora llama 3.1 70b going to OOM on an h100",
     "❌ <b>It would run out of memory: Llama 3.1 70B does not fit on 1× H100 (LoRA).</b>"),
    ("qlora llama 3 8b en una 3090, va a dar oom?",
     "✅ <b>No debería dar OOM: Llama 3 8B cabe en 1× RTX 3090 (QLoRA).</b>"),
    ("full ft llama 3 8b sur une 4090, oom ?",
     "❌ <b>Ça manquerait de mémoire\u00a0: Llama 3 8B ne tient pas sur 1× RTX 4090"),
    # with a time asked after it: the fit leads, so said (was the time alone when it fits)
    ("qlora llama 3 8b on a 3090, will it oom and how long for 10k samples of 512 tokens",
     "✅ <b>No OOM expected: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b> Memory: about 9 GB"),
    ("lora llama 3 8b on a 3090 with seq 8192 bs 4, will it oom and how long for 10k samples",
     "❌ <b>It would run out of memory: Llama 3 8B does not fit on 1× RTX 3090 (LoRA).</b>"),
    # an OOM hit, or none named: the yes or no as before
    ("my lora llama 3 8b on a 3090 OOMs at seq 4096 bs 4",
     "❌ <b>No: Llama 3 8B does not fit on 1× RTX 3090 (LoRA).</b>"),
    ("qlora llama 3 8b on a 3090", "✅ <b>Yes: Llama 3 8B fits on 1× RTX 3090 (QLoRA).</b>"),
])
def test_an_oom_asked_is_answered_without_yes_or_no(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]


@pytest.mark.parametrize(("text", "lead"), [
    # a figure judged where "that" would stand: "is 40 hours normal for …" (was the fit alone)
    ("is 40 hours normal for qlora llama 3 8b on a 4090 with 30k samples of 2k tokens?",
     "⏱ In 40 hours, 1× RTX 4090 trains about"),
    ("is 12 it/s normal for lora llama 3.2 1b on a 4090 bs 8 seq 512",
     "🏋️ <b>About"),
    ("is 15 tok/s normal for llama 3 70b q4 on 2x3090", "⚡ <b>At most about 21 tokens/s"),
    # a step's seconds as people write them (was unread: the fit alone)
    ("steps are 6 seconds each on a 3090 for mistral 7b qlora, batch 1 ga 16 seq 2048, normal?",
     "🏋️ <b>About"),
    ("each step takes ~6s on my 3090, mistral 7b qlora bs 1 seq 2048, is that normal",
     "🏋️ <b>About"),
    ("6s per step qlora mistral 7b 3090 bs 1 seq 2048 why so slow", "🏋️ <b>About"),
])
def test_a_figure_judged_as_written(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]
    if "step" in text:
        says(reply.text, ["your 6 s/it is"], [])


@pytest.mark.parametrize(("text", "lead", "lacks"), [
    # training methods weighed with "bf16" beside LoRA: the BF16 is LoRA's base (was BF16
    # inference of the 70B)
    ("a100 80gb lora llama 3.1 70b bf16 fits? or need qlora",
     "✅ <b>On 1× A100 80GB, Llama 3.1 70B fits: QLoRA.</b>", "(BF16 inference)"),
    # Accelerate's "dispatched on the CPU or the disk" is no storage question (was "Our published
    # page does not say anything about storage" first, the error answered as a second question)
    ("ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough "
     "GPU RAM to fit the quantized model. loading llama 3 70b in 4bit on a 3090",
     "❌ <b>No: Llama 3 70B does not fit on 1× RTX 3090 (4-bit inference).</b>", "storage"),
    ("do you have persistent disks?", "ℹ️ Our published page does not say anything about storage",
     "fits"),
    # the YAML key pasted in the question (was what makes it fit, the saving unanswered)
    ("does flash_attention: true reduce memory for lora llama 3 8b at 8k on a 4090",
     "⚡ <b>FlashAttention saves about 21.5 GB per GPU here", "🤔"),
])
def test_read_as_meant(text: str, lead: str, lacks: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]
    says(reply.text, [], [lacks])


@pytest.mark.parametrize(("text", "lead"), [
    # the hours asked in one word after a separator (was the fit alone)
    ("rtx4090 24gb|64gb ddr5|qlora llama3.1 8b|seq 4096|bs 4|200k samples avg 700 tok|1 epoch — "
     "hours?", "⏱ <b>QLoRA of Llama 3.1 8B: about"),
    # (lead44: timed on the fewest H200s that hold it, that time leads; the verdict after)
    ("training on 1x H200 141gb, full ft qwen2.5 14b, seq 4k, bs 2, 100M tokens, hours?",
     "⏱ <b>Full AdamW of Qwen2.5 14B (14.7B parameters): about"),
    # hours said stay hours to rent
    ("rent an h100 for 10 hours?", "💵 <b>Cost: $23.20</b>"),
    ("h100, 10 hours?", "💵 <b>Cost: $23.20</b>"),
    # "expected?" alone judges the rate or the hours said (was the fit alone)
    ("my run shows 2.3 s/it on an a100 for llama 3 8b full ft bs 8 seq 2048 8 gpus deepspeed, "
     "expected?", "🏋️ <b>About"),
])
def test_asked_in_one_word(text: str, lead: str) -> None:
    reply = ask(text)
    assert reply.text.startswith(lead), reply.text[:400]


def test_the_memory_pytorch_says_in_use_is_no_system_ram() -> None:
    # PyTorch's OOM message, whole: "this process has 22.58 GiB memory in use" is the card's
    # (was "more than the 24.25 GB of RAM you have: it is no option there" for CPU offload)
    reply = ask(
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
        "capacity of 23.65 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this "
        "process has 22.58 GiB memory in use. Of the allocated memory 21.73 GiB is allocated by "
        "PyTorch, and 398.11 MiB is reserved by PyTorch but unallocated. If reserved but "
        "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
        "to avoid fragmentation. full finetune llama 3.2 3b bs 4 seq 2048")
    assert reply.query.system_ram_gb is None, reply.text[:600]
    says(reply.text, ["on 1× GPU of 25.39 GB (23.65 GiB)",
                      "Smallest change that makes it fit: CPU offload"], ["of RAM you have"])
    reply = ask(
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB. GPU 0 has a total "
        "capacity of 79.33 GiB of which 3.2 GiB is free. Process 1 has 76.1 GiB memory in use. "
        "full finetune llama 3.1 8b, bs 4, seq 8192, adamw_torch")
    assert reply.query.system_ram_gb is None, reply.text[:600]


@pytest.mark.parametrize(("text", "objective"), [
    # TRL's configs name the objective (were supervised fine-tuning's figures)
    ("DPOConfig(per_device_train_batch_size=2, max_length=1024, beta=0.1) on "
     "meta-llama/Llama-3.1-8B-Instruct with lora, 2x a100 80gb?", "DPO"),
    ("KTOConfig llama 3 8b lora on a 4090", "KTO"),
    ("DPOTrainer llama 3.1 8b lora on a 4090 seq 1024", "DPO"),
])
def test_trl_configs_name_the_objective(text: str, objective: str) -> None:
    reply = ask(text)
    assert reply.query.objective == objective, reply.text[:400]
    assert reply.text.startswith(f"⚖️ <b>{objective} takes about"), reply.text[:400]


def test_grpo_config_is_online_rl() -> None:
    reply = ask("GRPOConfig(num_generations=8, max_completion_length=512, "
                "per_device_train_batch_size=8) with Qwen/Qwen2.5-3B-Instruct lora on a 24gb "
                "4090, will it fit")
    assert reply.text.startswith("⚠️ <b>GRPO is online RL"), reply.text[:400]


@pytest.mark.parametrize(("text", "has"), [
    # hours said of one epoch held against one epoch's tokens (were against the three epochs':
    # "your 3 hours are less than that, faster than it assumes")
    ("qlora mistral 7b on a 4090, 3 hours per epoch, 10k samples of 2k tokens, 3 epochs, is "
     "that normal?", "Your 20 million tokens take about"),
    ("is 3 hours per epoch normal for qlora mistral 7b on a 4090 with 10k samples of 2k tokens",
     "Your 20 million tokens take about"),
    # hours of the whole run stay the whole run's
    ("qlora mistral 7b on a 4090 takes 9 hours for 10k samples of 2k tokens, 3 epochs, is that "
     "normal?", "Your 60 million tokens take about"),
    # "that seems low?" judges the rate or the hours (was the fit alone)
    ("my h100 does 3500 tokens/sec on qlora llama 3.1 8b, that seems low?", "Measured, your"),
    ("qlora llama 3 8b on my 3090 took 20 hours for 10k samples of 1k tokens, that seems slow",
     "Your 10 million tokens take about"),
])
def test_hours_and_rates_judged(text: str, has: str) -> None:
    # The epoch's hours against the epoch's tokens, not the run's (and the run's against the
    # run's). attn40 counts attention's FLOPs (2,048-token samples +5 %): 3 hours for 20M
    # tokens against 4.6 estimated were "faster than it assumes" ("in line" at 4.36); with a
    # micro-step's fixed cost apart from the matmuls' 50%, 3.4 estimated: "in line" again.
    other = {"Your 20 million tokens take about": "Your 60 million tokens take about",
             "Your 60 million tokens take about": "Your 20 million tokens take about"}
    says(ask(text).text, [has], [other.get(has, "less than that, faster than it assumes")])


@pytest.mark.parametrize(("text", "has"), [
    # a trainer's ETA judged: said in hours with "eta" (was the estimate alone, the 14 hours
    # unweighed), or as its clock (was unread). 30k samples, 12.51 hours estimated: 20k are now
    # 8.34 hours, and 14 hours 1.7 times that (a micro-step's fixed cost apart, not 35% of peak)
    ("trainer eta says 14 hours, qlora llama 3.1 8b on a 3090, 30k samples of 1k tokens, is that "
     "right?", "your 14 hours are in line with it"),
    ("tqdm eta 14:32:10 for qlora llama 3.1 8b on a 3090 with 30k samples of 1k tokens, is that "
     "right?", "your 14.54 hours are in line with it"),
    ("qlora llama 3.1 8b on 3090, 14:32:10 remaining for 30k samples of 1k tokens, normal?",
     "your 14.54 hours are in line with it"),
    # "hrs?" alone asks the time (was the fit alone)
    ("ft llama3-8b w/ lora on 2x3090s, zero2, seq 2k, 50k ex, 2 eps, hrs?",
     "GPU-hours for 204,800,000"),
])
def test_a_trainers_eta_judged(text: str, has: str) -> None:
    says(ask(text).text, [has], [])
