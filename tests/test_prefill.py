"""The time to process a prompt at the datasheet's dense peak (rules.capacity,
bot.detail.prefill_bound): 2 FLOPs per multiplying weight and token plus causal attention over
the prompt (redone from probe-esfr3's 8ecfd72 on main's prefill rate)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.detail import estimator_model, prefill_bound
from bot.understand.parse import understand
from rules.capacity import attention_flops, prefill_seconds
from rules.catalogue import load_catalogue

CAT = load_catalogue()


def test_causal_attention_counts_each_pair_once() -> None:
    # 2 layers, 4 heads of 8: 2·4·(8+8) = 128 FLOPs a query-key pair, 10·11/2 = 55 pairs a layer
    assert attention_flops(layers=2, heads=4, qk_dim=8, v_dim=8, tokens=10) == D(2 * 55 * 128)
    # a window of 4 on every layer but one: 4·5/2 + 6·4 = 34 pairs on the windowed layer
    assert attention_flops(layers=2, heads=4, qk_dim=8, v_dim=8, tokens=10, window=4,
                           full_layers=1) == D((55 + 34) * 128)


def test_seconds_round_up() -> None:
    assert prefill_seconds(D("4.01e15"), D("165.2"), 1) == D("24.3")
    with pytest.raises(ValueError, match="positive"):
        prefill_seconds(D(1), D(0), 1)


def test_llama_3_8b_at_100k_on_a_4090() -> None:
    query = understand("prefill of 100k tokens with llama 3 8b on a 4090", CAT)
    assert query.prefill_timed and query.seq_len == 100_000 and query.dataset_tokens is None
    model = estimator_model(query, D(8), CAT)
    bound = prefill_bound(CAT.method("inference_bf16"), model, CAT.gpu("rtx-4090"), 1, 100_000)
    # (8.03B − 2 × 128,256 × 4,096 embedding and head) × 2 × 100k; 32 layers of 32 heads of 128
    assert bound.weights_pflop == D("1.39") and bound.attention_pflop == D("2.62")
    assert bound.seconds == D("24.3")


def test_a_gguf_split_over_gpus_runs_at_one_peak() -> None:
    model = estimator_model(understand("llama 3 8b", CAT), D(8), CAT)
    one = prefill_bound(CAT.method("gguf_q4_k_m"), model, CAT.gpu("rtx-3090"), 1, 8192)
    two = prefill_bound(CAT.method("gguf_q4_k_m"), model, CAT.gpu("rtx-3090"), 2, 8192)
    tp = prefill_bound(CAT.method("awq_int4"), model, CAT.gpu("rtx-3090"), 2, 8192)
    assert two.layer_split and two.seconds == one.seconds
    assert tp.seconds is not None and one.seconds is not None and tp.seconds < one.seconds


def test_training_on_tokens_is_no_prefill() -> None:
    query = understand("how long to lora llama 3 8b on 100k tokens on a 4090", CAT)
    assert not query.prefill_timed and query.dataset_tokens == 100_000


def test_a_prompt_rate_asked_keeps_the_rate() -> None:
    """"prompt processing vs generation tok/s": the rate at the peak, no time led with."""
    query = understand("llama 3 8b on a 3090, prompt processing vs generation tok/s", CAT)
    assert query.prefill_asked and not query.prefill_timed
