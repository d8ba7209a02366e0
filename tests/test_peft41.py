"""peft41: a training tool named, a setting left unsaid is that tool's own default, said so.

LLaMA-Factory's lora_rank 8, PEFT's LoraConfig r=8 and its per-architecture targets (q_proj and
v_proj for Llama, Mistral, Qwen2...), TRL's SFTConfig max_length 1024 (rules/data/detailed.toml
tools.*, each cited). Before, every run was estimated at our rank 16 on every linear layer and
a 2,048-token sequence whatever the tool."""

from __future__ import annotations

import pytest

from rules.estimator import load_constants
from tests.support.chat import ask


def test_the_tools_defaults_are_on_file_with_their_sources() -> None:
    c = load_constants()
    assert c["tools.llama_factory_lora_rank"] == 8
    assert c["tools.peft_lora_rank"] == 8
    assert c["tools.trl_sft_max_length"] == 1024
    for key in ("tools.llama_factory_lora_rank", "tools.peft_lora_rank",
                "tools.trl_sft_max_length"):
        assert "@" in c.sources[key]  # file@commit


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("lora llama 3 8b on a 4090 using llama-factory defaults", None,
     "LoRA rank 8 (the LLaMA-Factory default)"),
    ("lora de llama 3 8b con llamafactory en mi 4090 entra?", "es",
     "rango LoRA 8 (el predeterminado de LLaMA-Factory)"),
    ("lora de llama 3 8b avec llama factory sur ma 4090, ça passe ?", "fr",
     "rang LoRA 8 (par défaut chez LLaMA-Factory)"),
])
def test_llama_factory_named_trains_at_its_rank_8(text: str, locale: str | None,
                                                   said: str) -> None:
    reply = ask(text, locale)
    d = reply.answer.detailed
    assert d is not None
    assert d.lora_rank == 8  # was 16
    assert said in reply.text, reply.text


def test_llama_factory_rank_said_is_kept() -> None:
    d = ask("lora llama 3 8b on a 4090 with llama-factory, lora_rank: 32").answer.detailed
    assert d is not None and d.lora_rank == 32
    assert d.tool_defaults == ()


def test_llama_factory_keeps_every_linear_layer() -> None:
    # its lora_target defaults to "all": the targets are ours already
    reply = ask("lora llama 3 8b on a 4090 using llama-factory defaults")
    assert "LoRA rank 8 on every linear layer" in reply.text, reply.text


def test_peft_loraconfig_without_targets_adapts_q_and_v_at_rank_8() -> None:
    reply = ask("lora llama 3 8b on a 4090 with peft LoraConfig(lora_alpha=16, lora_dropout=0)")
    d = reply.answer.detailed
    assert d is not None
    assert d.lora_rank == 8
    assert ("lora_targets", "PEFT") in d.tool_defaults
    assert "LoRA rank 8 on q_proj and v_proj of every layer" in reply.text, reply.text
    assert "LoRA rank 8 (the PEFT default)" in reply.text
    assert "PEFT's LoraConfig without target_modules adapts q_proj and v_proj" in reply.text
    every = ask("lora llama 3 8b on a 4090, r=8, all linear").answer.detailed
    assert every is not None
    # fewer adapters than on every linear layer
    assert d.breakdown.term("lora_adapters") < every.breakdown.term("lora_adapters")


def test_peft_loraconfig_with_its_rank_and_targets_said() -> None:
    reply = ask("lora llama 3 8b on a 4090, LoraConfig(r=16, target_modules='all-linear')")
    d = reply.answer.detailed
    assert d is not None
    assert d.lora_rank == 16 and d.tool_defaults == ()
    assert "LoRA rank 16 on every linear layer" in reply.text, reply.text
    # target_modules named but not read: no default assumed for them
    d = ask("lora llama 3 8b on a 4090, LoraConfig(target_modules=modules)").answer.detailed
    assert d is not None and d.lora_rank == 8
    assert d.tool_defaults == (("lora_rank", "PEFT"),)


def test_peft_default_targets_only_where_its_table_has_the_architecture() -> None:
    # DeepSeek's model_type is not in PEFT's table (it asks for target_modules): ours kept
    d = ask("lora deepseek v2 lite on an h100, LoraConfig(r=16)").answer.detailed
    assert d is None or ("lora_targets", "PEFT") not in d.tool_defaults


def test_trl_sftconfig_without_max_length_trains_1024_tokens() -> None:
    reply = ask("qlora llama 3 8b on a 4090, SFTConfig(per_device_train_batch_size=2)")
    d = reply.answer.detailed
    assert d is not None
    assert d.seq_len == 1024  # was 2,048
    assert "sequence length 1,024 (max_length, the TRL SFTConfig default)" in reply.text
    said = ask("qlora llama 3 8b on a 4090, SFTConfig(per_device_train_batch_size=2, "
               "max_length=4096)").answer.detailed
    assert said is not None and said.seq_len == 4096


def test_trl_named_in_words_keeps_the_usual_sequence() -> None:
    # "with trl" is no pasted config: its max_length may be anything
    d = ask("qlora llama 3 8b on a 4090 with trl").answer.detailed
    assert d is None or d.seq_len == 2048


@pytest.mark.parametrize(("text", "locale", "said"), [
    ("qlora llama 3 8b en mi 4090 con SFTConfig(per_device_train_batch_size=2)", "es",
     "longitud de secuencia 1.024 (max_length, el predeterminado del SFTConfig de TRL)"),
    ("qlora llama 3 8b sur ma 4090 avec SFTConfig(per_device_train_batch_size=2)", "fr",
     "longueur de séquence 1\u202f024 (max_length, par défaut dans le SFTConfig de TRL)"),
])
def test_trl_default_said_in_spanish_and_french(text: str, locale: str, said: str) -> None:
    assert said in ask(text, locale).text


def test_no_tool_named_keeps_our_defaults() -> None:
    d = ask("lora llama 3 8b on a 4090, details").answer.detailed
    assert d is not None and d.lora_rank == 16 and d.seq_len == 2048
    assert d.tool_defaults == ()


def test_trl_use_peft_without_target_modules_takes_peft_targets_at_trl_rank_16() -> None:
    reply = ask("trl sft --model_name_or_path Qwen/Qwen2.5-7B --use_peft "
                "--per_device_train_batch_size 2 on a 4090")
    d = reply.answer.detailed
    assert d is not None
    assert d.lora_rank == 16 and d.seq_len == 1024
    assert d.tool_defaults == (("seq_len", "TRL"), ("lora_rank", "TRL"), ("lora_targets", "PEFT"))
    assert "LoRA rank 16 on q_proj and v_proj of every layer" in reply.text, reply.text
    assert "TRL's --use_peft without --lora_target_modules" in reply.text
    named = ask("trl sft --model_name_or_path Qwen/Qwen2.5-7B --use_peft --lora_target_modules "
                "all-linear --per_device_train_batch_size 2 on a 4090").answer.detailed
    assert named is not None
    assert ("lora_targets", "PEFT") not in named.tool_defaults
