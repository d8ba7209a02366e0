"""bot/understand/settings.py: a question holding none of the needles of the screened settings is
read by the two patterns without needles only, with the same settings as the full reading."""

from __future__ import annotations

import inspect
import random
import re

import pytest

from bot.understand import settings as st
from bot.understand.normalise import fold
from tests.support.corpus import corpus_texts


def test_every_setting_searched_is_screened_or_searched_alone() -> None:
    source = inspect.getsource(st._read_flags)
    used = set(re.findall(r"\b([A-Z][A-Z0-9_]+)\.(?:search|sub)\(", source))
    # and the patterns the helpers it calls search the whole text with (_trained_embeddings;
    # not those searched within what a screened pattern matched)
    helpers = {name for name in re.findall(r"\b(_[a-z_]+)\(s\b", source)
               if inspect.isfunction(getattr(st, name, None))}
    for name in helpers:
        used |= set(re.findall(r"\b([A-Z][A-Z0-9_]+)\.(?:search|sub)\(s\b",
                               inspect.getsource(getattr(st, name))))
    assert used == {name for name, value in vars(st).items()
                    if any(value is p for p in st._SCREENED_FLAGS)} | {"QV", "FULL"}


def test_a_question_without_needles_is_not_read_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(s: str) -> st.Settings:
        raise AssertionError(s)

    monkeypatch.setattr(st, "_read_flags", full)
    assert st.read_flags("can i qlora llama 3 70b on 2x h100?") == st.Settings()
    got = st.read_flags("lora q and v, fully")
    assert (got.lora_targets, got.full) == ("qv", True)
    with pytest.raises(AssertionError):
        st.read_flags("qlora 70b with paged adamw 8bit")


def _texts() -> list[str]:
    out = [fold(text) for text in corpus_texts()]
    rng = random.Random(16)
    words = ("paged adamw 8bit", "adam", "8 bit", "offload", "cpu", "no", "zero3", "zero 2",
             "fsdp", "ddp", "device_map", "bf16", "pure", "amp", "fp32", "weights", "master",
             "flash attention", "eager", "sdpa", "compiled", "torch compile", "packed", "not",
             "unpacked", "q,k,v,o", "q and v", "q y v", "qkv", "all linear", "attention only",
             "dropout 0.1", "no dropout", "liger", "unsloth", "transformers", "accumulation",
             "fully", "all the parameters", "pretrain", "from scratch", "dpo", "grpo", "ppo",
             "orpo", "online", "preference pairs", "reference model", "-ngl 40", "num_gpu 20",
             "activation offloading", "optimizer in backward", "chunked", "stage", "llama 70b",
             "qlora", "on 2x h100", "how much", "?")
    out += [" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    return out


def test_the_settings_are_those_of_the_full_reading() -> None:
    texts = _texts()
    shortcut = 0
    for s in texts:
        shortcut += not any(needle in s for needle in st._flag_needles())
        assert st.read_flags(s) == st._read_flags(s), s
    assert shortcut > len(texts) // 4
