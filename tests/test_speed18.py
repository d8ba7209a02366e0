"""Speed work of session 30 (#16), the cold p99's remedy search: behaviour only, never a time."""

from __future__ import annotations

from typing import Any

import pytest

from bot.answer import build_answer
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()

# -- the remedy search grows a combination into a wider one first (bot.remedy._bound) ----------

# "…, details" questions whose settings miss the card by far (the slowest 1 % of the remedy
# searches): the estimates the search makes now, at most, and before the wider combinations
# (2703e924).
FAR_MISSES = [
    ("full fine-tuning 91.9B with seq len 4096, batch 14, no gradient checkpointing and 184M "
     "tokens on 5x B200, details", 39, 48),
    ("full fine-tuning 158.7B avec seq len 512, batch 13, no gradient checkpointing sur 8 H200, "
     "détails", 35, 42),
    ("full fine-tuning de 53.8B con seq len 2048, batch 6, no gradient checkpointing en 5 A100, "
     "detalles", 34, 42),
    ("full fine-tuning 15.6B avec seq len 2048, batch 13, eager attention sur 1 H200, détails",
     22, 30),
    ("full fine-tuning 62.2B seq 4096 batch 3 eager attention on an L40S, details", 26, 32),
]


def _search(text: str, monkeypatch: pytest.MonkeyPatch, **settings: Any) -> tuple[Any, int]:
    """The remedies for `text` with bot.remedy's `settings` changed, and the estimates the
    search made: an option's larger micro-batch, estimated once the option fits at micro-batch 1
    (bot.remedy._largest_micro), is no step of the search and is left out, as in test_speed15."""
    import bot.remedy as remedy

    with monkeypatch.context() as patched:
        for name, value in settings.items():
            patched.setattr(remedy, name, value)
        calls: list[int] = []
        real, real_micro = remedy.estimate_run, remedy._largest_micro
        refining: list[bool] = []

        def counted(*args: Any, **kwargs: Any) -> Any:
            if not refining:
                calls.append(1)
            return real(*args, **kwargs)

        def micro_refined(*args: Any, **kwargs: Any) -> Any:
            refining.append(True)
            try:
                return real_micro(*args, **kwargs)
            finally:
                refining.pop()

        patched.setattr(remedy, "estimate_run", counted)
        patched.setattr(remedy, "_largest_micro", micro_refined)
        query = understand(text, CAT)
        answer = build_answer(query, CAT)  # (its own search is not counted)
        calls.clear()
        found = remedy.remedies_for(query, answer, CAT)
    assert found is not None
    return found, len(calls)


@pytest.mark.parametrize(("text", "now", "before"), FAR_MISSES)
def test_a_far_miss_is_ruled_out_by_wider_combinations(
    text: str, now: int, before: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fewer estimates than without the wider combinations, the same options as trying every
    combination (no probe, no wider one: PROBE_AFTER never reached)."""
    found, made = _search(text, monkeypatch)
    unbounded, made_before = _search(text, monkeypatch, _bound=lambda mask, *rest: mask)
    every, _ = _search(text, monkeypatch, PROBE_AFTER=10**6)
    assert made <= now < before == made_before
    assert found.options == unbounded.options == every.options and found.options
    assert found.best_gb == every.best_gb and found.tried == every.tried


# A grid of runs the remedies are shown for (settings said, a card that cannot hold them):
# the search with its probe and wider combinations finds what trying every combination finds.
GRID = [
    f"{method} {size}B with seq len {seq}, batch {batch}{extra} on {count}x {gpu}, details"
    for method, size, seq, batch, extra, count, gpu in [
        ("full fine-tuning", "8", 4096, 8, "", 1, "A100"),
        ("full fine-tuning", "13.5", 2048, 16, ", no gradient checkpointing", 2, "H100"),
        ("full fine-tuning", "70", 8192, 4, ", eager attention", 8, "H100"),
        ("full fine-tuning", "2.2", 4096, 14, "", 1, "A100"),
        ("full fine-tuning", "34", 1024, 12, ", ddp", 4, "A6000"),
        ("full fine-tuning", "7", 2048, 6, ", zero2", 2, "4090"),
        ("full fine-tuning", "120", 512, 3, ", adafactor", 8, "B200"),
        ("LoRA", "70", 8192, 9, "", 1, "A10"),
        ("LoRA", "32", 4096, 12, ", no gradient checkpointing", 1, "L40S"),
        ("LoRA", "8", 8192, 16, ", eager attention", 1, "3090"),
        ("LoRA", "110", 2048, 8, ", fsdp", 2, "H200"),
        ("QLoRA", "227.7", 1024, 13, "", 1, "A10"),
        ("QLoRA", "72", 8192, 8, ", no gradient checkpointing", 1, "4090"),
        ("QLoRA", "14", 4096, 16, ", unsloth", 1, "L4"),
        ("QLoRA", "405", 2048, 4, "", 2, "H100"),
    ]
] + [
    "full fine-tuning de 53.8B con seq len 2048, batch 6, no gradient checkpointing en 5 A100, "
    "detalles",
    "qlora de qwen2.5 14b con unsloth, seq 2048 batch 2, en mi tarjeta de 12gb entra?",
    "j'ai un OOM en full fine-tuning de llama 3 8b sur ma 4090, que faire ?",
    "my training OOMs on a100 40gb with llama 3 8b full ft batch 8 seq 4096, what do i do",
    "full ft llama 3 70b on 4x h100 seq 8192 batch 8 no gradient checkpointing, how do i make "
    "it fit",
]


@pytest.mark.parametrize("text", GRID)
def test_the_pruned_search_finds_what_trying_every_combination_finds(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    found, _ = _search(text, monkeypatch)
    every, _ = _search(text, monkeypatch, PROBE_AFTER=10**6)
    assert found.options == every.options and found.best_gb == every.best_gb
    assert found.tried == every.tried


def test_what_a_change_saves_is_learnt_from_the_combinations_estimated() -> None:
    """bot.remedy._learn: a change alone is what it saves; beside changes of known savings, the
    one unknown change is credited with the rest; two unknown: nothing learnt."""
    from bot.remedy import _learn

    saving: dict[str, float] = {}
    assert _learn(saving, ("micro_batch",), 120.5)
    assert _learn(saving, ("liger",), -0.1)  # an estimate above the asked: no saving
    assert saving == {"micro_batch": 120.5, "liger": 0.0}
    assert _learn(saving, ("micro_batch", "grad_ckpt"), 200.5)
    assert saving["grad_ckpt"] == 80.0
    assert not _learn(saving, ("adam8bit", "pure_bf16"), 50.0)
    assert not _learn(saving, ("micro_batch", "liger"), 50.0)  # both known
    assert "adam8bit" not in saving and "pure_bf16" not in saving
    assert _learn(saving, ("grad_ckpt",), 90.0)  # alone, measured: replaces the credited 80
    assert saving["grad_ckpt"] == 90.0


@pytest.mark.parametrize(("combo", "found", "expected"), [
    # 1000 GB asked, a share of 80: 8-bit Adam (saves 1), micro-batch (10) and Liger (20) leave
    # 964 beside checkpointing (5); QLoRA (2) is no change beside 8-bit Adam; CPU offload (900)
    # would leave 64, under the share.
    (("grad_ckpt",), [], ("micro_batch", "grad_ckpt", "liger", "adam8bit")),
    # micro-batch + Liger fits (an option found): the wider combination never holds both, and
    # without Liger's 20 CPU offload leaves 84.
    (("grad_ckpt",), [("micro_batch", "liger")],
     ("micro_batch", "grad_ckpt", "adam8bit", "cpu_offload")),
    # micro-batch alone fits: never added; Liger would leave 74.
    (("grad_ckpt", "cpu_offload"), [("micro_batch",)], ("grad_ckpt", "adam8bit", "cpu_offload")),
    # 80 left already (Liger and CPU offload): nothing is added, the combination is estimated.
    (("liger", "cpu_offload"), [], ("liger", "cpu_offload")),
    # LoRA's saving is not known (nothing taken off for it); no 8-bit Adam or QLoRA beside it.
    (("micro_batch", "lora"), [], ("micro_batch", "grad_ckpt", "liger", "lora")),
])
def test_a_wider_combination_adds_the_changes_that_save_least(
    combo: tuple[str, ...], found: list[tuple[str, ...]], expected: tuple[str, ...]
) -> None:
    from bot.remedy import _BIT, _bound, _mask

    saving = {"micro_batch": 10.0, "grad_ckpt": 5.0, "liger": 20.0, "adam8bit": 1.0,
              "qlora": 2.0, "cpu_offload": 900.0}
    tried = ["micro_batch", "grad_ckpt", "liger", "adam8bit", "cpu_offload", "lora", "qlora"]
    order = sorted(((saving[c], _BIT[c]) for c in tried if c in saving), key=lambda o: o[0])
    left = 1000.0 - sum(saving.get(c, 0.0) for c in combo)
    wider = _bound(_mask(combo), order, left, 80.0, [_mask(f) for f in found])
    assert wider == _mask(expected)
