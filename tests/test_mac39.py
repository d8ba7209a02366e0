"""A Mac user's questions answered on their Mac (session 39).

Peaks: the M2 Ultra, M3, M3 Max and M4 Pro had no cited peak, so "how long to finetune llama 3
8b on my m3 max, 10k samples" said "No datasheet we can cite gives the Apple M3 Max's peak BF16
throughput" and timed the run on a rented L40S. Each now carries a peak derived from cited
factors (cores × GPU clock × 256 FLOP per core per clock), said to be derived."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from rules.catalogue import load_catalogue
from tests.support.chat import ask, converse

CAT = load_catalogue()

# (chip, TFLOPS on file, cores, MHz, where the clock was read)
PEAKS = [
    # Apple prints 27.2 teraflops for the 76-core M2 Ultra; the M2 Max row's 1,398 MHz.
    ("apple-m2-ultra", "27.2", 76, 1398, "27,2 teraflopa"),
    # powermetrics' highest GPU state on an M3 MacBook Air (applegpuinfo issue 15)
    ("apple-m3", "3.425", 10, 1338, "applegpuinfo/issues/15"),
    # powermetrics on a 40-core M3 Max, as applegpuinfo's author read it (issue 4)
    ("apple-m3-max", "14.131", 40, 1380, "applegpuinfo/issues/4"),
    # powermetrics on a 20-core M4 Pro at full load (The Eclectic Light Company)
    ("apple-m4-pro", "8.079", 20, 1578, "maximum frequency of 1,578 MHz"),
]


@pytest.mark.parametrize(("gpu_id", "tflops", "cores", "mhz", "clock_read"), PEAKS,
                         ids=[p[0] for p in PEAKS])
def test_a_macs_peak_is_its_cited_arithmetic(gpu_id: str, tflops: str, cores: int, mhz: int,
                                             clock_read: str) -> None:
    gpu = CAT.gpu(gpu_id)
    assert gpu.fp16_dense_tflops == Decimal(tflops) and gpu.bf16_dense_tflops is None
    assert gpu.peak_source is not None
    assert f"({cores} cores × {mhz} MHz × 256 FLOP/cycle/core)" in gpu.peak_source
    assert abs(Decimal(cores * mhz * 256) / Decimal(10**6) - Decimal(tflops)) < Decimal("0.001")
    assert "derived from the" in gpu.source and clock_read in gpu.source
    if gpu_id != "apple-m2-ultra":
        # the rate of every M chip in applegpuinfo's formula, read at a commit
        assert "'alusPerCore = 128', 'fmaMultiplier = 2'" in gpu.source
        assert "@120384981fc8bce84d5aa28f5f2221f9165c2bde" in gpu.source


@pytest.mark.parametrize(("text", "chip", "peak"), [
    ("how long to finetune llama 3 8b on my m3 max, 10k samples", "Apple M3 Max", None),
    ("how long to qlora llama 3 8b on my m3 max 64gb, 20k samples of 1024 tokens",
     "Apple M3 Max", "of the 14.13 peak FP16 TFLOPS"),
    ("how long to qlora llama 3 8b on my mac studio m2 ultra 192gb, 20k samples of 1024 tokens",
     "Apple M2 Ultra", "of the 27.2 peak FP16 TFLOPS"),
    ("how long to lora mistral 7b on my mac mini m4 pro 64gb, 5k samples of 512 tokens",
     "Apple M4 Pro", "of the 8.08 peak FP16 TFLOPS"),
    ("how long to qlora llama 3 8b on my macbook air m3 24gb, 5k samples of 512 tokens",
     "Apple M3", "of the 3.43 peak FP16 TFLOPS"),
])
def test_how_long_on_these_macs_is_timed_on_the_mac(text: str, chip: str,
                                                     peak: str | None) -> None:
    reply = ask(text, "en").text
    assert f"on 1× {chip} (" in reply.split("\n", 1)[0], reply
    assert "No datasheet we can cite" not in reply and "L40S" not in reply, reply
    if peak is not None:
        assert peak in reply and "Peak figure: philipturner/" in reply, reply
        assert "(derived: " in reply, reply


def test_a_mac_with_no_cited_clock_keeps_the_rented_run() -> None:
    """The M3 Pro: no powermetrics clock on file, so no peak, and the run timed where we rent
    it for least, said (not a clock guessed from its siblings)."""
    assert CAT.gpu("apple-m3-pro").fp16_dense_tflops is None
    reply = ask("how long to qlora llama 3 8b on my m3 pro 36gb, 5k samples of 512 tokens",
                "en").text
    assert "Apple publishes no GPU TFLOPS for the Apple M3 Pro, and no clock we can cite " \
        "gives them" in reply


def test_every_apple_peak_names_its_factors() -> None:
    for gpu in CAT.gpus:
        if gpu.platform != "metal" or gpu.fp16_dense_tflops is None:
            continue
        assert gpu.peak_source is not None, gpu.id
        cores, mhz = (int(x) for x in re.findall(r"(\d+) (?:cores|MHz)", gpu.peak_source))
        assert abs(cores * mhz * 256 / 1e6 - float(gpu.fp16_dense_tflops)) < 0.01, gpu.id


# A training time on one's Mac, no trainer named: mlx-lm's run at mlx_lm.lora's own defaults
# (ml-explore/mlx-lm mlx_lm/lora.py CONFIG_DEFAULTS: num_layers 16, batch_size 4,
# grad_checkpoint False, rank 8, max_seq_length 2048) where they fit the GPU's share, else
# --batch-size 1 --grad-checkpoint; said. Was TRL's run on CUDA (every layer, checkpointing):
# 6·N a token, 7.17 hours for 2.56M tokens on an M2 Max, with a 9 GB memory line of another
# run than mlx-lm's.
def test_a_time_on_a_mac_is_mlx_lms_run_at_its_defaults() -> None:
    reply = ask("how long to finetune llama 3 8b on my m2 max 32gb, 5k examples of 512 tokens",
                "en")
    text = reply.text
    assert text.startswith("⏱ <b>QLoRA of Llama 3 8B: about 2.56 hours on 1× Apple M2 Max"), text
    assert "From 3·N·D FLOPs at an assumed 50% of the 13.6 peak FP16 TFLOPS" in text, text
    assert "Only the last 16 of the 32 layers train (mlx_lm --num-layers)" in text, text
    assert "✅ Memory: about 13.2 GB per GPU of 22.9 GB (detailed estimate, QLoRA).\n🍎 No " \
        "trainer named: timed as mlx-lm trains on a Mac, not as TRL on CUDA (an assumption). " \
        "At mlx_lm.lora's own defaults: LoRA rank 8 on the last 16 layers, batch 4, no " \
        "gradient checkpointing; the memory above is at the same settings." in text, text
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.mlx_assumed
    assert (detailed.micro_batch, detailed.grad_ckpt, detailed.lora_rank) == (4, False, 8)


def test_where_mlx_lms_defaults_miss_the_mac_it_is_timed_at_batch_1_with_checkpointing() -> None:
    reply = ask("how long to qlora llama 3 8b on my m3 max 36gb, 20k samples of 2048 tokens",
                "en")
    text = reply.text
    assert "From 4·N·D FLOPs at an assumed 50% of the 14.13 peak FP16 TFLOPS" in text, text
    assert "Its own defaults (LoRA rank 8 on the last 16 layers, batch 4, no gradient " \
        "checkpointing) need about 52.6 GB here, more than the GPU can use: timed at " \
        "--batch-size 1 --grad-checkpoint, the memory above." in text, text
    assert "✅ Memory: about 7.8 GB per GPU of 28.99 GB" in text, text


def test_samples_of_unsaid_length_on_a_mac_each_at_its_own_settings() -> None:
    """512-token samples hold mlx-lm's batch 4 on a 36 GB M3 Max, 2,048-token ones do not:
    each length is timed at what it runs at (3·N and 4·N a token), said."""
    text = ask("how long to finetune llama 3 8b on my m3 max, 10k samples", "en").text
    assert "about 4.92 hours at 512 tokens each, 27.06 hours at 2,048 tokens each, on 1× Apple M3 Max (1 epoch).</b>" in text, text
    assert "From 3–4·N·D FLOPs" in text, text
    assert "at mlx_lm.lora's own batch 4 without gradient checkpointing where that fits the " \
        "GPU's share, else at --batch-size 1 --grad-checkpoint." in text, text


def test_a_macs_chat_is_timed_on_the_mac() -> None:
    """'on my macbook m2 16gb', 'and llama 3 8b?', 'how long for 5k rows': TRL's 2,048-token
    run (12.8 GB) missed the 10.66 GB macOS gives the GPU, so both lengths were timed on a
    rented L40S; mlx-lm's at --batch-size 1 --grad-checkpoint (7.8 GB) runs there."""
    reply = converse("train phi 3 mini", "on my macbook m2 16gb", "and llama 3 8b?",
                     "how long for 5k rows", locale="en")[-1]
    (short_len, short_t), (long_len, long_t) = reply.answer.sample_bracket
    assert (short_len, long_len) == (512, 2048)
    assert (short_t.gpu, long_t.gpu) == ("apple-m2", "apple-m2"), reply.text
    assert "L40S" not in reply.text and "🍎 No trainer named" in reply.text, reply.text


def test_a_cuda_card_and_a_trainer_named_keep_trls_run() -> None:
    cuda = ask("how long to qlora llama 3 8b on my 3090, 5k examples of 512 tokens", "en")
    trl = ask("how long to qlora llama 3 8b with trl on my m2 max 32gb, 5k examples of 512 "
              "tokens", "en")
    for reply in (cuda, trl):
        assert reply.answer.detailed is not None and not reply.answer.detailed.mlx_assumed
        assert "mlx-lm trains" not in reply.text and "From 6·N·D FLOPs" in reply.text, reply.text


def test_samples_longer_than_mlx_lms_max_seq_length_say_its_flag() -> None:
    """mlx_lm.lora cuts samples at --max-seq-length (2,048 unless set): timed whole at 4,096
    tokens, the reply gives the flag that trains them so."""
    text = ask("how long to qlora llama 3 8b on my m2 ultra 192gb, 10k samples of 4096 tokens",
               "en").text
    assert "mlx_lm.lora cuts each sample at --max-seq-length, 2,048 tokens unless set: pass " \
        "--max-seq-length 4096 to train yours whole, as timed here." in text, text
    short = ask("how long to qlora llama 3 8b on my m2 ultra 192gb, 10k samples of 1024 tokens",
                "en").text
    assert "--max-seq-length" not in short, short


# Metal's working set is a share of the Mac's DRAM, which Apple sells in binary units (a "16 GB"
# Mac has 16 GiB): llama.cpp prints recommendedMaxWorkingSetSize / 1e6 as 11453.25 MB on a
# 16 GB Apple M4, 22906.50 MB on 32 GB Macs, 28991.03 MB on a 36 GB one (2/3, 2/3, 3/4 of
# those GiB). The share was taken of decimal GB: 10.66, 21.33 and 27 GB, 7 % short.
@pytest.mark.parametrize(("memory", "usable", "logged_mb"), [
    (16, "11.45", "11453.25"), (32, "22.9", "22906.50"), (36, "28.99", "28991.03"),
    (192, "154.61", None),
])
def test_the_working_set_is_a_share_of_the_macs_gib(memory: int, usable: str,
                                                     logged_mb: str | None) -> None:
    mac = CAT.gpu("apple-m3-max")
    assert CAT.usable_gb(mac, Decimal(memory)) == Decimal(usable)
    if logged_mb is not None:
        # the logged figure, in decimal MB, rounded down to the 0.01 GB a plan counts
        assert Decimal(logged_mb) / 1000 - Decimal(usable) < Decimal("0.01")
        assert logged_mb in CAT.apple_gpu_share.source


def test_a_16gb_mac_says_what_its_gpu_really_gets() -> None:
    text = ask("my m1 pro 16gb, can i run llama 3.1 8b q4", "en").text
    assert "16 GB of unified memory, of which macOS lets the GPU use about 11.45 GB" in text, text


def test_no_limit_to_raise_under_a_detailed_fit() -> None:
    """Llama 3.1 70B Q8_0 on a 96 GB M2 Max: 75.4 GB by the detailed estimate, within the
    77.3 GB the GPU gets; the planning rule's 89.3 GB was said to 'fit in the 96 GB if macOS
    lets the GPU keep more' under that ✅."""
    text = ask("m2 max 96gb llama 3.1 70b q8 tok/s", "en").text
    assert "✅ <b>Yes: Llama 3.1 70B fits on 1× Apple M2 Max" in text, text
    assert "if macOS lets the GPU keep more" not in text, text
    raised = ask("m2 ultra 192gb qwen3 235b q5", "en").text
    assert "168.4 GB fits in the 192 GB if macOS lets the GPU keep more" in raised, raised


def test_the_m1_has_a_bandwidth_bound() -> None:
    """The M1 had no bandwidth on file ('we have no cited bandwidth'): LPDDR4X-4266 on a 128-bit
    bus, 68.25 GB/s (applegpuinfo's M1 figure), derived and said so in its source."""
    m1 = CAT.gpu("apple-m1")
    assert m1.memory_bandwidth_gbs == Decimal("68.25")
    assert "4,266 MT/s × 16 bytes = 68.26 GB/s" in m1.source
    text = ask("how many tok/s llama 3 8b q4 on my macbook air m1 16gb", "en").text
    assert text.startswith("⚡ <b>At most about 13 tokens/s: Llama 3 8B (GGUF Q4_K_M inference) "
                           "on 1× Apple M1"), text
