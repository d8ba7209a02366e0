"""Configs and commands pasted with a question around them (session 43): axolotl and
LLaMA-Factory YAML, Accelerate and DeepSpeed configs, TRL/Unsloth snippets, torchrun, vLLM.
Shapes from public repositories: axolotl-ai-cloud/axolotl examples/llama-3/qlora.yml,
hiyouga/LLaMA-Factory examples/train_lora/llama3_lora_sft.yaml, huggingface/trl
examples/accelerate_configs/deepspeed_zero3.yaml and fsdp_qlora.yaml."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

# axolotl-ai-cloud/axolotl examples/llama-3/qlora.yml (@20d0427a), as people paste it: its empty
# keys ("deepspeed:", "fsdp:") included, the question after it.
AXOLOTL_QLORA = """base_model: NousResearch/Meta-Llama-3-8B
model_type: AutoModelForCausalLM
tokenizer_type: AutoTokenizer

load_in_8bit: false
load_in_4bit: true
strict: false

datasets:
  - path: tatsu-lab/alpaca
    type: alpaca
dataset_prepared_path:
val_set_size: 0
output_dir: ./outputs/qlora-out

adapter: qlora
lora_model_dir:

sequence_len: 4096
sample_packing: true
pad_to_sequence_len: true

lora_r: 32
lora_alpha: 16
lora_dropout: 0.05
lora_target_modules:
lora_target_linear: true
lora_fan_in_fan_out:

wandb_project:
wandb_entity:
wandb_watch:
wandb_name:
wandb_log_model:

gradient_accumulation_steps: 4
micro_batch_size: 2
num_epochs: 4
optimizer: paged_adamw_32bit
lr_scheduler: cosine
learning_rate: 0.0002

train_on_inputs: false
group_by_length: false
bf16: auto
fp16:
tf32: false

gradient_checkpointing: true
early_stopping_patience:
resume_from_checkpoint:
local_rank:
logging_steps: 1
xformers_attention:
flash_attention: true

warmup_steps: 10
evals_per_epoch: 4
eval_table_size:
saves_per_epoch: 1
debug:
deepspeed:
weight_decay: 0.0
fsdp:
fsdp_config:
special_tokens:
  pad_token: "<|end_of_text|>"
"""

# A longer one (a chat dataset and its field mappings, hub and wandb settings above it): past
# the 1,500 characters understanding reads.
LONG_AXOLOTL = """datasets:
  - path: mlabonne/FineTome-100k
    type: chat_template
    field_messages: conversations
    message_property_mappings:
      role: from
      content: value
  - path: teknium/OpenHermes-2.5
    type: chat_template
    field_messages: conversations
chat_template: llama3
hub_model_id: myorg/llama3-8b-qlora-finetome
hub_strategy: every_save
wandb_project: llama3-qlora
wandb_entity: myteam
wandb_name: run-0412
cosine_min_lr_ratio: 0.1
max_grad_norm: 1.0
adam_beta2: 0.95
adam_epsilon: 0.00001
save_total_limit: 3
""" + AXOLOTL_QLORA

# hiyouga/LLaMA-Factory examples/train_lora/llama3_lora_sft.yaml (@13d252fa)
LLAMA_FACTORY_LORA = """### model
model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct
trust_remote_code: true

### method
stage: sft
do_train: true
finetuning_type: lora
lora_rank: 8
lora_target: all

### dataset
dataset: identity,alpaca_en_demo
template: llama3
cutoff_len: 2048
max_samples: 1000
overwrite_cache: true
preprocessing_num_workers: 16

### output
output_dir: saves/llama3-8b/lora/sft
logging_steps: 10
save_steps: 500
plot_loss: true
overwrite_output_dir: true

### train
per_device_train_batch_size: 1
gradient_accumulation_steps: 8
learning_rate: 1.0e-4
num_train_epochs: 3.0
lr_scheduler_type: cosine
warmup_ratio: 0.1
bf16: true
ddp_timeout: 180000000

### eval
# val_size: 0.1
# per_device_eval_batch_size: 1
# eval_strategy: steps
# eval_steps: 500
"""

# huggingface/trl examples/accelerate_configs/deepspeed_zero3.yaml (@7d75884a)
ACCELERATE_ZERO3 = """compute_environment: LOCAL_MACHINE
debug: false
deepspeed_config:
  deepspeed_multinode_launcher: standard
  gradient_accumulation_steps: 1
  offload_optimizer_device: none
  offload_param_device: none
  zero3_init_flag: true
  zero3_save_16bit_model: true
  zero_stage: 3
distributed_type: DEEPSPEED
downcast_bf16: 'no'
machine_rank: 0
main_training_function: main
mixed_precision: 'fp16'
num_machines: 1
num_processes: 8
rdzv_backend: static
same_network: true
tpu_env: []
tpu_use_cluster: false
tpu_use_sudo: false
use_cpu: false
"""

# huggingface/trl examples/accelerate_configs/fsdp_qlora.yaml (@e0c3b15c)
ACCELERATE_FSDP_QLORA = """compute_environment: LOCAL_MACHINE
debug: false
distributed_type: FSDP
downcast_bf16: 'no'
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_backward_prefetch: BACKWARD_PRE
  fsdp_cpu_ram_efficient_loading: true
  fsdp_forward_prefetch: false
  fsdp_offload_params: true
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_sync_module_states: true
  fsdp_use_orig_params: false
machine_rank: 0
main_training_function: main
mixed_precision: 'bf16'
num_machines: 1
num_processes: 8
"""


@pytest.mark.parametrize(("text", "intent", "sharding"), [
    # "fsdp_transformer_layer_cls_to_wrap": "layer" was corrected to French "payer" (was the
    # payment answer, "🪙 Paying in crypto")
    ("base_model: Qwen/Qwen2.5-14B\nload_in_4bit: true\nadapter: qlora\nsequence_len: 8192\n"
     "micro_batch_size: 1\ngradient_accumulation_steps: 8\ngradient_checkpointing: true\n"
     "fsdp:\n  - full_shard\n  - auto_wrap\nfsdp_config:\n  fsdp_offload_params: false\n"
     "  fsdp_transformer_layer_cls_to_wrap: Qwen2DecoderLayer\non 2x 4090 will it fit",
     "fit", "fsdp"),
    ("torchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-13b-hf "
     "--bf16 True --per_device_train_batch_size 4 --model_max_length 2048 --fsdp \"full_shard "
     "auto_wrap\" --fsdp_transformer_layer_cls_to_wrap LlamaDecoderLayer "
     "--gradient_checkpointing True\non 4x a100 40gb will this full finetune fit?",
     "fit", "fsdp"),
    ("can i qlora llama 3 8b on a 4090 if i freeze the first layer", "fit", None),
    # LLaMA-Factory's own example dataset "identity" is not an ID asked (was "🪪 No ID asked
    # (no KYC)"); its commented "# val_size" lines set nothing
    (LLAMA_FACTORY_LORA + "can i run this on a 3090?", "fit", "ddp"),
    # an axolotl config's empty "deepspeed:" key is no DeepSpeed (was ZeRO-3, "ZeRO-3 alone
    # offloads nothing")
    (AXOLOTL_QLORA + "\nwill this fit on my 3090 or do i need to rent something bigger?",
     "fit", None),
    # a setting commented out is not set (was ZeRO-3)
    ("model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nfinetuning_type: lora\n"
     "quantization_bit: 4\ncutoff_len: 4096\nper_device_train_batch_size: 4\n"
     "# deepspeed: examples/deepspeed/ds_z3_config.json\nhow much vram does it need",
     "memory", None),
])
def test_config_words_are_not_questions(text: str, intent: str, sharding: str | None) -> None:
    reply = ask(text)
    assert reply.answer.intent == intent, reply.text[:300]
    assert reply.query.sharding == sharding, reply.text[:300]
    assert "🪙" not in reply.text and "🪪" not in reply.text


def test_llama_factory_paste_keeps_its_settings() -> None:
    reply = ask(LLAMA_FACTORY_LORA + "can i run this on a 3090?")
    q = reply.query
    assert (q.model_id, q.method, q.gpu, q.lora_rank, q.seq_len, q.batch_size) == (
        "llama-3-8b", "lora", "rtx-3090", 8, 2048, 1), reply.text[:300]
    # "alpaca_en_demo" is LLaMA-Factory's sample, not Stanford Alpaca's 52,000 examples
    assert q.dataset_samples is None and q.dataset_tokens is None


@pytest.mark.parametrize(("text", "method", "offload"), [
    # Accelerate's "machine_rank: 0" is no LoRA rank (was "That number is too small for the
    # LoRA rank: at least 1."), its "offload_*_device: none" no offload (was CPU offload)
    (ACCELERATE_ZERO3 + "full finetune llama 3 8b with this on 8x a100, seq 4096 batch 2, fits?",
     "full_adamw", None),
    (ACCELERATE_FSDP_QLORA + "qlora llama 3 70b with this on 2x 3090, seq 2048, will it fit?",
     "qlora", True),
    ('{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}, '
     '"offload_param": {"device": "none"}}}\nfull finetune llama 3 8b on 4x a100 with this',
     "full_adamw", True),
])
def test_accelerate_config_pasted(text: str, method: str, offload: bool | None) -> None:
    reply = ask(text)
    q = reply.query
    assert reply.answer.error is None and q.lora_rank is None, reply.text[:300]
    assert q.method == method and q.cpu_offload == offload, reply.text[:300]
    assert "too small" not in reply.text


def test_offload_of_the_optimizer_alone_keeps_the_params() -> None:
    reply = ask('{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}, '
                '"offload_param": {"device": "none"}}}\nfull finetune llama 3 8b on 4x a100')
    assert reply.query.offload_params is False, reply.text[:300]


@pytest.mark.parametrize("text", [
    # past 1,500 characters, the question last: read whole without the lines that set nothing
    # (was its last 1,488 characters: "✂️ Your message is long", the top skipped)
    LONG_AXOLOTL + "\nok so will this fit on my 3090 or do i need to rent an a100?",
    "will this fit on my 3090 or do i need to rent an a100?\n" + LONG_AXOLOTL,
])
def test_long_config_read_whole(text: str) -> None:
    assert len(text) > 1500
    reply = ask(text)
    q = reply.query
    assert "✂️" not in reply.text, reply.text[:300]
    # base_model names the model, not the dataset "teknium/OpenHermes-2.5" (was OpenHermes 2.5
    # Mistral 7B, the longer mention)
    assert (q.model_id, q.method, q.gpu, q.seq_len, q.batch_size, q.lora_rank) == (
        "llama-3-8b", "qlora", "rtx-3090", 4096, 2, 32), reply.text[:300]
    assert q.sharding is None and q.grad_ckpt is True and q.packed is True


# axolotl-ai-cloud/axolotl examples/llama-3/qlora.yml cut down as people paste it, without the
# word "axolotl" and without sequence_len or gradient_checkpointing
AXOLOTL_BARE = """base_model: NousResearch/Meta-Llama-3-8B
load_in_4bit: true
adapter: qlora
lora_r: 32
lora_alpha: 16
lora_target_linear: true
micro_batch_size: 2
gradient_accumulation_steps: 4
num_epochs: 1
optimizer: paged_adamw_32bit
bf16: auto
flash_attention: true
"""


def test_axolotl_yaml_without_its_name_is_axolotl() -> None:
    # its keys are Axolotl's: the next step is its own (was TRL's command), and what it leaves
    # out is Axolotl's default: sequence_len 512, no gradient checkpointing (config.py
    # @067b021c; was our typical 2,048 with checkpointing on, 18.5 GB)
    reply = ask(AXOLOTL_BARE + "does this fit on a 4090?")
    q = reply.query
    assert (q.tool, q.axolotl_config, q.model_id, q.method, q.lora_rank, q.batch_size) == (
        "axolotl", True, "llama-3-8b", "qlora", 32, 2), reply.text[:300]
    assert "axolotl train config.yml" in reply.text
    assert "with Hugging Face TRL" not in reply.text
    assert "sequence length 512 (sequence_len, the Axolotl default)" in reply.text
    assert "gradient checkpointing off (gradient_checkpointing, the Axolotl default)" \
        in reply.text
    assert "📊 <b>Detailed estimate for seq 512, batch 2, checkpointing off" in reply.text


@pytest.mark.parametrize(("text", "has"), [
    # what the YAML says stays as said
    (AXOLOTL_BARE + "sequence_len: 4096\ngradient_checkpointing: true\nfits on a 4090?",
     "📊 <b>Detailed estimate for seq 4,096, batch 2, checkpointing on"),
    # "axolotl" in words, no YAML: our typical settings (not its defaults)
    ("can i qlora llama 3 8b with axolotl on a 4090?", "At typical settings (sequence 2,048, "
     "batch 1)"),
])
def test_axolotl_defaults_only_for_a_pasted_yaml(text: str, has: str) -> None:
    reply = ask(text)
    assert reply.query.tool == "axolotl"
    assert "the Axolotl default" not in reply.text, reply.text
    assert has in reply.text, reply.text


def test_axolotl_yaml_without_adapter_is_a_full_finetune() -> None:
    # no "adapter:" key: Axolotl trains every weight (was no method: every method listed)
    reply = ask("base_model: meta-llama/Llama-3.1-8B\nsequence_len: 4096\nmicro_batch_size: 2\n"
                "gradient_accumulation_steps: 8\nbf16: true\ngradient_checkpointing: true\n"
                "flash_attention: true\ndeepspeed: deepspeed_configs/zero3_bf16.json\n"
                "fits on 4x a100?")
    q = reply.query
    assert (q.method, q.sharding, q.gpu_count, q.seq_len) == ("full_adamw", "zero3", 4, 4096), \
        reply.text[:300]


@pytest.mark.parametrize(("text", "sharding", "offload", "batch"), [
    # DeepSpeed's "train_micro_batch_size_per_gpu": 4 is the batch (was batch 1 assumed)
    ('{\n  "train_micro_batch_size_per_gpu": 4,\n  "gradient_accumulation_steps": 8,\n'
     '  "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"},'
     ' "offload_param": {"device": "cpu"}}\n}\nfull finetune llama 3 70b with this ds config on '
     '8x a100, seq 2048, will it fit?', "zero3", True, 4),
    # LLaMA-Factory's ds_z2_config.json is ZeRO-2 (was ZeRO-3, "deepspeed" alone), its
    # ds_z2_offload_config.json ZeRO-2 with the optimizer in CPU RAM
    ("model_name_or_path: meta-llama/Meta-Llama-3-8B\nfinetuning_type: full\ncutoff_len: 4096\n"
     "per_device_train_batch_size: 2\ndeepspeed: examples/deepspeed/ds_z2_config.json\n"
     "on 4x a100?", "zero2", None, 2),
    ("model_name_or_path: meta-llama/Meta-Llama-3-8B\nfinetuning_type: full\ncutoff_len: 4096\n"
     "per_device_train_batch_size: 2\ndeepspeed: examples/deepspeed/ds_z2_offload_config.json\n"
     "on 2x a6000?", "zero2", True, 2),
    ("model_name_or_path: meta-llama/Meta-Llama-3-8B\nfinetuning_type: full\ncutoff_len: 4096\n"
     "per_device_train_batch_size: 2\ndeepspeed: examples/deepspeed/ds_z3_offload_config.json\n"
     "on 2x 4090?", "zero3", True, 2),
])
def test_deepspeed_configs_read(text: str, sharding: str, offload: bool | None,
                                batch: int) -> None:
    q = ask(text).query
    assert (q.sharding, q.cpu_offload, q.batch_size) == (sharding, offload, batch)


def test_max_num_seqs_in_a_throughput_question() -> None:
    # vLLM decodes up to --max-num-seqs together, as many as its KV cache holds (was one
    # sequence's bound alone, 79 tokens/s, the flag unread)
    reply = ask("vllm serve Qwen/Qwen2.5-32B-Instruct-AWQ --max-model-len 16384 --max-num-seqs 64 "
                "--tensor-parallel-size 2\nwhat throughput tok/s can i expect on 2x 3090")
    assert reply.text.startswith("⚡ <b>At most about 229 tokens/s in all, 45 each: Qwen2.5 32B"), \
        reply.text[:300]
    assert "5 sequences of 16,384 tokens of context decoded together" in reply.text
    assert "<code>--max-num-seqs 64</code> is a ceiling for vLLM's scheduler, not memory it " \
        "reserves: at 16,384 tokens each its KV cache holds about 5 sequences" in reply.text
    # under the cap: all of them, no ceiling said
    under = ask("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 4096 "
                "--max-num-seqs 16\nwhat throughput can i expect on an l40s")
    assert "16 sequences of 4,096 tokens of context decoded together" in under.text, under.text
    assert "is a ceiling" not in under.text


def test_max_num_seqs_caps_the_concurrency_lead() -> None:
    # more fit than --max-num-seqs lets vLLM run: the flag's count leads (was "At most about
    # 354 sequences at once")
    reply = ask("vllm serve meta-llama/Llama-3.1-70B-Instruct --kv-cache-dtype fp8 "
                "--max-num-seqs 128 --tensor-parallel-size 8 --max-model-len 8192\n"
                "on 8x h100, how many concurrent requests")
    assert reply.text.startswith(
        "👥 <b>At most 128 sequences at once, as your <code>--max-num-seqs</code> says: "
        "Llama 3.1 70B on 8× H100"), reply.text[:300]
    assert "the memory would hold about 354.</b>" in reply.text


def test_config_then_a_question_about_it_is_one_question() -> None:
    # the pasted config is the question's run, not a question of its own (was "1️⃣ base_model:
    # …" its memory, then "2️⃣ cheapest gpu for this?" apart)
    reply = ask("base_model: Qwen/Qwen2.5-72B-Instruct\nadapter: qlora\nload_in_4bit: true\n"
                "sequence_len: 2048\nmicro_batch_size: 1\ngradient_checkpointing: true\n"
                "cheapest gpu for this?")
    assert not reply.query.sections, reply.text[:300]
    assert reply.answer.intent == "recommend", reply.text[:300]
    assert reply.text.startswith("🏆 <b>The cheapest GPUs for Qwen2.5 72B"), reply.text[:300]
