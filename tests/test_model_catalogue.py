"""The model catalogue: data validity, architecture cross-checks and name resolution."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from rules.errors import DataError
from rules.model_catalogue import (
    Architecture,
    ModelCatalogue,
    ModelSpec,
    load_models,
    name_tokens,
    normalise_name,
    suggest,
)

CATALOGUE = load_models()
WITH_ARCH = [m for m in CATALOGUE if m.arch is not None]
# Published counts are rounded ("7B" for Llama 2's 6.74B), so a few % is allowed.
PARAM_TOLERANCE = Decimal("0.05")
# Where the publisher states no count and params_b is the size the name gives, the name rounds
# to whole billions (Qwen2-7B's config gives 7.6B, InternLM2.5-7B's 7.7B): the cross-check
# allows that rounding, and still catches a misread dimension.
NOMINAL_SIZE = ("the size is the one the name gives", "as the names give them")
NOMINAL_TOLERANCE = Decimal("0.12")
LANGUAGE_MODEL_SHARE = Decimal("0.7")


# The one model-name tokenizer (the catalogue's look-ups and the parser's index both use it).
@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Llama-3.1-70B-Instruct", ["llama", "3", "1", "70", "instruct"]),
        ("meta-llama/Meta-Llama-3-8B", ["llama", "3", "8"]),  # org prefix, then leading "meta"
        ("Meta-Llama-3-8B", ["llama", "3", "8"]),
        ("meta", ["meta"]),  # "meta" alone is the name
        ("llama 70 billion", ["llama", "70"]),  # a size unit after a number
        ("mistral 7bn", ["mistral", "7"]),
        ("llama 3 8b 128k", ["llama", "3", "8"]),  # "128k" is a context length
        ("deepseek r1 8bit", ["deepseek", "r", "1"]),  # a bit width, not the 8B distill
        ("Mistral-7B-Instruct-v0.3-4bit", ["mistral", "7", "instruct", "v", "0", "3"]),
        ("qwen3 4 bits", ["qwen", "3"]),
        ("qwen2.5-72b", ["qwen", "2", "5", "72"]),
        ("b 70", ["b", "70"]),  # "b" counts as a unit only after a number
        ("k2 instruct", ["k", "2", "instruct"]),
        ("Mixtral 8x7B", ["mixtral", "8", "x", "7"]),
        ("ÉTÉ 7B", ["t", "7"]),  # letters a-z only: the parser folds accents first
        ("a/b", ["b"]),
        ("", []),
        ("¿?", []),
    ],
)
def test_name_tokens(text: str, tokens: list[str]) -> None:
    assert name_tokens(text) == tokens
    assert normalise_name(text) == " ".join(tokens)


def test_catalogue_validates_and_is_cached() -> None:
    assert load_models() is CATALOGUE
    assert len(CATALOGUE) >= 50
    for model in CATALOGUE:
        assert model.source.strip()
        assert model.verified.year >= 2024
        if model.arch is not None:
            assert model.arch.source.startswith("https://huggingface.co/")


@pytest.mark.parametrize("model", WITH_ARCH, ids=lambda m: m.id)
def test_arch_parameter_count_matches_published(model: ModelSpec) -> None:
    derived = model.arch_params_b()
    assert derived is not None
    nominal = any(phrase in model.source for phrase in NOMINAL_SIZE)
    tolerance = NOMINAL_TOLERANCE if nominal else PARAM_TOLERANCE
    assert model.arch is not None
    if model.arch.language_model_only:
        # The published count holds the vision encoder the arch does not describe: the language
        # model is most of it (Qwen2-VL-2B's 1.5B of 2B), never more than it.
        assert LANGUAGE_MODEL_SHARE <= derived / model.params_b <= 1 + tolerance, (model.id,
                                                                               derived)
        return
    assert abs(derived / model.params_b - 1) <= tolerance, (model.id, derived)


@pytest.mark.parametrize("model", [m for m in WITH_ARCH if m.is_moe], ids=lambda m: m.id)
def test_moe_active_parameters_roughly_match(model: ModelSpec) -> None:
    assert model.arch is not None and model.active_params_b is not None
    active = Decimal(model.arch.active_param_count()) / Decimal(10**9)
    # Publishers differ on whether the (un)embedding counts as active (gpt-oss leaves it out).
    assert abs(active / model.active_params_b - 1) <= Decimal("0.2"), (model.id, active)


@pytest.mark.parametrize(
    ("model_id", "params_b", "arch_b"),
    [
        ("llama-3.1-8b", "8", "8.03"),
        ("llama-3.1-70b", "70", "70.55"),
        ("llama-3.1-405b", "405", "405.85"),
        ("mixtral-8x7b", "46.7", "46.70"),
        ("qwen2.5-7b", "7.61", "7.62"),
    ],
)
def test_known_counts(model_id: str, params_b: str, arch_b: str) -> None:
    model = CATALOGUE.get(model_id)
    assert model.params_b == Decimal(params_b)
    derived = model.arch_params_b()
    assert derived is not None
    assert derived.quantize(Decimal("0.01")) == Decimal(arch_b)


def test_required_models_present() -> None:
    required = [
        "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b",
        "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "llama-3.2-1b", "llama-3.2-3b",
        "llama-3.3-70b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b",
        "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b",
        "qwen2.5-32b", "qwen2.5-72b", "gemma-2-2b", "gemma-2-9b", "gemma-2-27b",
        "phi-3-mini", "phi-3-small", "phi-3-medium", "deepseek-v3", "deepseek-r1",
        "deepseek-r1-distill-llama-70b", "deepseek-llm-7b", "deepseek-llm-67b",
        "falcon-7b", "falcon-40b", "falcon-180b", "gpt-oss-20b", "gpt-oss-120b", "llama-1-65b",
    ]
    for model_id in required:
        CATALOGUE.get(model_id)
    v3 = CATALOGUE.get("deepseek-v3")
    assert (v3.params_b, v3.active_params_b) == (Decimal(671), Decimal(37))
    assert CATALOGUE.get("mixtral-8x7b").active_params_b == Decimal("12.9")
    assert CATALOGUE.get("llama-3.1-70b").gated
    assert not CATALOGUE.get("mistral-7b").gated


def test_every_calibration_model_resolves() -> None:
    import csv
    from pathlib import Path

    path = Path(__file__).parent / "data" / "measured-public.csv"
    with path.open(encoding="utf-8") as fh:
        names = {row["model"] for row in csv.DictReader(fh)}
    for name in names:
        assert CATALOGUE.find(name) is not None, name


@pytest.mark.parametrize(
    ("text", "model_id"),
    [
        ("llama3.1 70b", "llama-3.1-70b"),
        ("Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("meta-llama/Llama-3.1-70B", "llama-3.1-70b"),
        ("meta-llama/Meta-Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("LLAMA_3.1_70B", "llama-3.1-70b"),
        ("llama 3.1 70", "llama-3.1-70b"),
        ("llama3.1:70b", "llama-3.1-70b"),
        ("mixtral 8x7b", "mixtral-8x7b"),
        ("Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"),
        ("mixtral 8x7", "mixtral-8x7b"),
        ("mixtral 8x22b", "mixtral-8x22b"),
        ("qwen 2.5 7b", "qwen2.5-7b"),
        ("Qwen/Qwen2.5-7B-Instruct", "qwen2.5-7b"),
        ("Qwen2.5-72B-Instruct-AWQ", "qwen2.5-72b"),
        ("mistralai/Mistral-7B-Instruct-v0.3", "mistral-7b"),
        ("Meta-Llama-3-8B-Instruct", "llama-3-8b"),
        ("llama 3 70b", "llama-3-70b"),
        ("Llama-2-7b-chat-hf", "llama-2-7b"),
        ("google/gemma-2-9b-it", "gemma-2-9b"),
        ("phi-3-mini-4k-instruct", "phi-3-mini"),
        ("DeepSeek-V3-0324", "deepseek-v3"),
        ("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", "deepseek-r1-distill-llama-70b"),
        ("openai/gpt-oss-120b", "gpt-oss-120b"),
        ("tiiuae/falcon-180B-chat", "falcon-180b"),
        ("Qwen3-30B-A3B", "qwen3-30b-a3b"),
        ("bigscience/bloomz-7b1", "bloomz-7b1"),
        ("bigcode/octocoder", "octocoder"),
        ("bigscience/T0_3B", "t0-3b"),
    ],
)
def test_find_resolves_user_spellings(text: str, model_id: str) -> None:
    found = CATALOGUE.find(text)
    assert found is not None, text
    assert found.id == model_id


@pytest.mark.parametrize("text", ["", "llama", "gpt-5", "a 4090", "70b", "mixtral 8x9b"])
def test_find_returns_none_for_unknown(text: str) -> None:
    assert CATALOGUE.find(text) is None


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        ("can I qlora llama 3.1 70b on a 4090?", ["llama-3.1-70b"]),
        ("¿cuánto cuesta un LoRA de Llama-3.3-70B en dos H200?", ["llama-3.3-70b"]),
        ("compare mixtral 8x22b with qwen2.5-72b-instruct", ["mixtral-8x22b", "qwen2.5-72b"]),
        ("fine-tune Llama 3.1 8B or llama 3 8b?", ["llama-3.1-8b", "llama-3-8b"]),
        ("what GPU for 70B?", []),
    ],
)
def test_search_finds_mentions_longest_first(sentence: str, ids: list[str]) -> None:
    assert [m.id for m in CATALOGUE.search(sentence)] == ids


def test_suggest_typos() -> None:
    assert CATALOGUE.suggest("lama 3.1 70")[0].id == "llama-3.1-70b"
    assert "mixtral-8x7b" in [m.id for m in CATALOGUE.suggest("mixtrl 8x7b")]
    assert len(CATALOGUE.suggest("qwen 2.5 7", n=2)) <= 2
    assert CATALOGUE.suggest("") == []
    assert suggest("lama 3.1 70")[0] == "Llama 3.1 70B"


def test_spellings_are_unique_across_models() -> None:
    owner: dict[str, str] = {}
    for model in CATALOGUE:
        for spelling in (model.id, model.name, *model.aliases):
            key = normalise_name(spelling)
            assert owner.setdefault(key, model.id) == model.id, (spelling, owner[key], model.id)


def _spec(**overrides: object) -> ModelSpec:
    data: dict[str, object] = {
        "id": "x-1b", "name": "X 1B", "params_b": "1", "source": "test",
        "verified": "2026-11-30",
    }
    data.update(overrides)
    return ModelSpec.model_validate(data)


def test_duplicate_spelling_is_rejected() -> None:
    with pytest.raises(DataError, match="names both"):
        ModelCatalogue((_spec(), _spec(id="y-1b", name="Y 1B", aliases=["x 1b"])))


@pytest.mark.parametrize(
    "overrides",
    [
        {"params_b": "0"},
        {"params_b": "-3"},
        {"params_b": "NaN"},
        {"active_params_b": "2"},
        {"id": "Bad Id"},
    ],
)
def test_bad_numbers_are_rejected(overrides: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _spec(**overrides)


def test_architecture_validation_and_counts() -> None:
    arch = Architecture(
        layers=2, hidden=64, heads=4, kv_heads=2, intermediate=128, vocab=100, source="test"
    )
    attn = 2 * 64 * 64 + 2 * 64 * 32
    mlp = 3 * 64 * 128
    assert arch.param_count() == 2 * (attn + mlp) + 2 * 100 * 64 + 2 * 2 * 64 + 64
    assert arch.kv_cache_bytes_per_token(2) == 2 * 2 * 32 * 2
    with pytest.raises(ValidationError, match="multiple of kv_heads"):
        Architecture(layers=2, hidden=64, heads=4, kv_heads=3, intermediate=1, vocab=1,
                     source="test")
    with pytest.raises(ValidationError, match="active_experts"):
        Architecture(layers=2, hidden=64, heads=4, kv_heads=4, intermediate=1, vocab=1,
                     experts=2, active_experts=3, source="test")
    with pytest.raises(ValidationError, match="active_params_b"):
        _spec(arch=arch.model_dump() | {"experts": 4, "active_experts": 2})  # MoE needs active


ISSUE_13_MODELS = (
    "gemma-1-2b", "gemma-1-7b", "codegemma-7b", "gemma-3-1b", "gemma-3-4b", "gemma-3-12b",
    "gemma-3-27b", "codellama-7b", "codellama-13b", "codellama-34b", "codellama-70b",
    "tinyllama-1.1b", "stablelm-3b-4e1t", "olmo-7b", "olmo-2-7b", "qwen2.5-coder-7b",
    "qwen2.5-coder-14b", "qwen2.5-coder-32b", "qwq-32b", "qwen2.5-math-7b", "smollm2-135m",
    "smollm2-360m", "smollm2-1.7b", "pythia-1.4b", "pythia-2.8b", "pythia-6.9b", "pythia-12b",
    "open-llama-7b", "phi-2", "yi-1.5-34b",
)


def test_issue_13_models_have_config_shapes_and_licences() -> None:
    assert len(ISSUE_13_MODELS) >= 30
    for model_id in ISSUE_13_MODELS:
        model = CATALOGUE.get(model_id)
        assert model.arch is not None and model.arch.mirror, model_id
        assert model.licence is not None, model_id
    assert CATALOGUE.get("phi-4").arch is not None
    # Licences differ by family: Gemma's terms are Google's, Llama's Meta's.
    assert CATALOGUE.get("gemma-3-27b").licence == "gemma" and CATALOGUE.get("gemma-3-27b").gated
    assert CATALOGUE.get("llama-3.1-8b").licence == "llama3.1"
    assert CATALOGUE.get("tinyllama-1.1b").licence == "apache-2.0"
    assert not CATALOGUE.get("tinyllama-1.1b").gated


@pytest.mark.parametrize(
    ("text", "model_id"),
    [("gemma3:27b", "gemma-3-27b"), ("CodeLlama-34b-Instruct-hf", "codellama-34b"),
     ("TinyLlama-1.1B-Chat-v1.0", "tinyllama-1.1b"), ("Qwen/Qwen2.5-Coder-32B-Instruct",
                                                      "qwen2.5-coder-32b"),
     ("allenai/OLMo-2-1124-7B", "olmo-2-7b"), ("01-ai/Yi-1.5-34B-Chat", "yi-1.5-34b")],
)
def test_new_models_resolve_from_their_repo_names(text: str, model_id: str) -> None:
    found = CATALOGUE.find(text)
    assert found is not None and found.id == model_id


# Models named in forum and issue threads, written as people write them: Hugging Face repo ids,
# Ollama tags, GGUF/bnb file names, bare names without a size. Each resolves to its own entry
# and the size its publisher states (no entry, or a look-alike's, before they were added).
@pytest.mark.parametrize(
    ("text", "model_id", "params_b"),
    [
        ("EleutherAI/gpt-j-6b", "gpt-j-6b", "6"),
        ("gpt-j", "gpt-j-6b", "6"),
        ("GPT-J-6B", "gpt-j-6b", "6"),
        ("EleutherAI/gpt-neox-20b", "gpt-neox-20b", "20"),
        ("EleutherAI/pythia-410m-deduped", "pythia-410m", "0.41"),
        ("pythia-70m", "pythia-70m", "0.07"),
        ("facebook/opt-6.7b", "opt-6.7b", "6.7"),
        ("opt-13b", "opt-13b", "13"),
        ("mosaicml/mpt-7b-instruct", "mpt-7b", "7"),
        ("mpt-30b-chat", "mpt-30b", "30"),
        ("bigcode/starcoder", "starcoder", "15.5"),
        ("bigcode/starcoderbase", "starcoder", "15.5"),
        ("bigcode/octocoder", "octocoder", "15.5"),
        ("bigcode/santacoder", "santacoder", "1.1"),
        ("lmsys/vicuna-13b-v1.5", "vicuna-13b", "13"),
        ("vicuna-7b-v1.5-16k", "vicuna-7b", "7"),
        ("HuggingFaceH4/zephyr-7b-beta", "zephyr-7b", "7"),
        ("mistralai/Ministral-8B-Instruct-2410", "ministral-8b", "8"),
        ("Qwen/Qwen2.5-VL-7B-Instruct", "qwen2.5-vl-7b", "7"),
        ("qwen2.5vl:72b", "qwen2.5-vl-72b", "72"),
        ("Qwen2-VL-7B-Instruct", "qwen2-vl-7b", "8"),
        ("Qwen/Qwen3-Coder-480B-A35B-Instruct", "qwen3-coder-480b-a35b", "480"),
        ("moonshotai/Kimi-K2-Instruct", "kimi-k2", "1000"),
        ("kimi k2", "kimi-k2", "1000"),
        ("zai-org/GLM-4.5", "glm-4.5", "355"),
        ("GLM-4.5-Air-FP8", "glm-4.5-air", "106"),
        ("glm 4.5 air", "glm-4.5-air", "106"),
        ("deepseek-ai/DeepSeek-V2-Lite-Chat", "deepseek-v2-lite", "16"),
        ("DeepSeek-V2-Chat", "deepseek-v2", "236"),
        ("deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct", "deepseek-coder-v2-lite", "16"),
        ("deepseek-coder-v2:236b", "deepseek-coder-v2", "236"),
        ("nvidia/Llama-3.1-Nemotron-70B-Instruct-HF", "llama-3.1-nemotron-70b", "70"),
        ("nvidia/Llama-3_3-Nemotron-Super-49B-v1", "llama-3.3-nemotron-super-49b", "49"),
        ("nvidia/Llama-3.1-Nemotron-Nano-8B-v1", "llama-3.1-nemotron-nano-8b", "8"),
        ("microsoft/Phi-3.5-mini-instruct", "phi-3.5-mini", "3.8"),
        ("phi-3.5-mini", "phi-3.5-mini", "3.8"),
        ("microsoft/Phi-4-mini-instruct", "phi-4-mini", "3.8"),
        ("phi4-mini:3.8b", "phi-4-mini", "3.8"),
        ("allenai/OLMo-2-1124-13B-Instruct", "olmo-2-13b", "13"),
        ("allenai/OLMo-2-0325-32B", "olmo-2-32b", "32"),
        ("google/flan-t5-xxl", "flan-t5-xxl", "11"),
        ("flan-t5-large", "flan-t5-large", "0.78"),
        ("google-t5/t5-base", "t5-base", "0.22"),
        ("t5-11b", "t5-11b", "11"),
        ("bert-large-uncased", "bert-large", "0.34"),
        ("google-bert/bert-base-uncased", "bert-base", "0.11"),
        ("FacebookAI/roberta-large", "roberta-large", "0.355"),
        ("microsoft/Phi-3.5-MoE-instruct", "phi-3.5-moe", "41.9"),
        ("HuggingFaceTB/SmolLM3-3B", "smollm3-3b", "3"),
        ("smollm3", "smollm3-3b", "3"),
        ("google/gemma-3n-E4B-it", "gemma-3n-e4b", "8"),
        ("gemma3n:e2b", "gemma-3n-e2b", "5"),
        ("google/gemma-4-31b-it", "gemma-4-31b", "31"),
        ("gemma-4-26b-a4b-it", "gemma-4-26b-a4b", "26"),
        ("tiiuae/Falcon3-7B-Instruct", "falcon3-7b", "7"),
        ("falcon3:10b", "falcon3-10b", "10"),
        ("Qwen/Qwen2-7B-Instruct", "qwen2-7b", "7"),
        ("Qwen2-57B-A14B-Instruct", "qwen2-57b-a14b", "57"),
        ("mistralai/Pixtral-12B-2409", "pixtral-12b", "12.4"),
        ("mistralai/Pixtral-Large-Instruct-2411", "pixtral-large", "124"),
        ("ibm-granite/granite-4.0-h-small", "granite-4.0-h-small", "32"),
        ("granite4:tiny-h", "granite-4.0-h-tiny", "7"),
        ("THUDM/chatglm3-6b", "chatglm3-6b", "6"),
        ("THUDM/glm-4-9b-chat", "glm-4-9b", "9"),
        ("baichuan-inc/Baichuan2-13B-Chat", "baichuan2-13b", "13"),
        ("internlm/internlm2_5-7b-chat", "internlm2.5-7b", "7"),
        ("zai-org/GLM-4.6", "glm-4.6", "355"),
        ("zai-org/GLM-4.5V", "glm-4.5v", "106"),
        ("MiniMaxAI/MiniMax-M2", "minimax-m2", "230"),
        ("Qwen/Qwen3-Next-80B-A3B-Instruct", "qwen3-next-80b-a3b", "80"),
        ("mistralai/Magistral-Small-2506", "magistral-small", "24"),
        ("mistralai/Devstral-Small-2505", "devstral-small", "24"),
        ("mistralai/Devstral-Small-2507", "devstral-small", "24"),
        ("mistralai/Devstral-Small-2-24B-Instruct-2512", "devstral-small-2", "24"),
        ("devstral small 2", "devstral-small-2", "24"),
        ("Qwen/Qwen2.5-Coder-1.5B-Instruct", "qwen2.5-coder-1.5b", "1.54"),
        ("qwen2.5-coder:3b", "qwen2.5-coder-3b", "3"),
        ("deepseek-ai/deepseek-coder-1.3b-instruct", "deepseek-coder-1.3b", "1.3"),
        ("01-ai/Yi-1.5-9B-Chat", "yi-1.5-9b", "9"),
        ("google/gemma-3-270m-it", "gemma-3-270m", "0.27"),
        ("FacebookAI/xlm-roberta-large", "xlm-roberta-large", "0.56"),
        ("bigscience/bloom", "bloom-176b", "176"),
        ("bigscience/bloom-560m", "bloom-560m", "0.56"),
        ("Qwen/Qwen3-Coder-30B-A3B-Instruct", "qwen3-coder-30b-a3b", "30.5"),
        ("qwen3-coder:30b", "qwen3-coder-30b-a3b", "30.5"),
        ("databricks/dbrx-instruct", "dbrx", "132"),
        ("ai21labs/AI21-Jamba-1.5-Mini", "jamba-1.5-mini", "52"),
        ("jamba 1.5 large", "jamba-1.5-large", "398"),
        ("NousResearch/Hermes-3-Llama-3.1-8B", "hermes-3-8b", "8"),
        ("hermes3:70b", "hermes-3-70b", "70"),
        ("NousResearch/Hermes-3-Llama-3.2-3B", "hermes-3-3b", "3.21"),
        ("CohereForAI/aya-expanse-8b", "aya-expanse-8b", "8"),
        ("aya-23-8B", "aya-23-8b", "8"),
        ("ibm-granite/granite-3.3-8b-instruct", "granite-3.3-8b", "8.17"),
        ("granite3.3:2b", "granite-3.3-2b", "2.53"),
        ("facebook/bart-large-cnn", "bart-large", "0.4"),
        # Spellings that already resolved must still name the same entry.
        ("unsloth/mistral-7b-v0.3-bnb-4bit", "mistral-7b", "7.3"),
        ("mistral 7b v0.3", "mistral-7b", "7.3"),
        ("phi-3-mini-4k-instruct", "phi-3-mini", "3.8"),
        ("Llama-3.3-70B-Instruct", "llama-3.3-70b", "70"),
        ("phi-4", "phi-4", "14"),
    ],
)
def test_thread_mentions_resolve_to_their_own_entry(
    text: str, model_id: str, params_b: str
) -> None:
    found = CATALOGUE.find(text)
    assert found is not None, text
    assert (found.id, found.params_b) == (model_id, Decimal(params_b))


@pytest.mark.parametrize(
    ("sentence", "model_id"),
    [
        ("can I fine tune gpt-j on a 3090 with lora", "gpt-j-6b"),
        ("finetune flan-t5-xxl with lora on a A100 40GB", "flan-t5-xxl"),
        ("kimi k2 inference 8xh200", "kimi-k2"),
        ("fine-tune bert-large on a 3060", "bert-large"),
        ("glm-4.5 air fp8 on 4 h100", "glm-4.5-air"),
        ("qlora Llama-3_3-Nemotron-Super-49B-v1 on an h100", "llama-3.3-nemotron-super-49b"),
        ("lora phi-4-mini on a 3060", "phi-4-mini"),
        ("Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf on a 3060", "llama-3.1-8b"),
        ("ollama qwen2.5:14b-instruct-q4_K_M on my 4070", "qwen2.5-14b"),
    ],
)
def test_search_finds_thread_mentions_in_sentences(sentence: str, model_id: str) -> None:
    assert CATALOGUE.search(sentence)[0].id == model_id


def test_thread_models_carry_only_what_was_read() -> None:
    # Encoder-only and encoder-decoder models have no decoder arch; NAS and hybrid
    # linear-attention or Mamba models none either.
    for model_id in ("bert-large", "roberta-large", "flan-t5-xxl", "t5-11b",
                     "llama-3.3-nemotron-super-49b", "qwen3-next-80b-a3b", "granite-4.0-h-small"):
        assert CATALOGUE.get(model_id).arch is None, model_id
    # Mixture-of-experts entries state their active parameters as published.
    active = {m: CATALOGUE.get(m).active_params_b for m in
              ("kimi-k2", "glm-4.5", "glm-4.5-air", "qwen3-coder-480b-a35b", "deepseek-v2-lite")}
    assert active == {"kimi-k2": Decimal(32), "glm-4.5": Decimal(32), "glm-4.5-air": Decimal(12),
                      "qwen3-coder-480b-a35b": Decimal(35), "deepseek-v2-lite": Decimal("2.4")}
    # Shapes read from cited config copies (vocabulary drives the detailed estimate).
    shapes = {m: (a.layers, a.hidden, a.vocab) for m in
              ("gpt-j-6b", "gpt-neox-20b", "vicuna-13b", "llama-3.1-nemotron-70b", "phi-3.5-mini",
               "starcoder", "zephyr-7b", "ministral-8b", "qwen2.5-coder-1.5b",
               "deepseek-coder-1.3b", "yi-1.5-9b")
              if (a := CATALOGUE.get(m).arch) is not None}
    assert shapes == {
        "gpt-j-6b": (28, 4096, 50400), "gpt-neox-20b": (44, 6144, 50432),
        "vicuna-13b": (40, 5120, 32000), "llama-3.1-nemotron-70b": (80, 8192, 128256),
        "phi-3.5-mini": (32, 3072, 32064), "starcoder": (40, 6144, 49152),
        "zephyr-7b": (32, 4096, 32000), "ministral-8b": (36, 4096, 131072),
        "qwen2.5-coder-1.5b": (28, 1536, 151936), "deepseek-coder-1.3b": (24, 2048, 32256),
        "yi-1.5-9b": (48, 4096, 64000),
    }
    # Gated as the repository is: Ministral 8B asks for contact details, GPT-J does not.
    assert CATALOGUE.get("ministral-8b").gated and not CATALOGUE.get("gpt-j-6b").gated


@pytest.mark.parametrize(
    ("text", "model_id", "shape"),
    [
        ("Qwen/Qwen-7B-Chat", "qwen-v1-7b", (32, 4096, 32, 11008, 151936)),
        ("Qwen-72B-Chat-Int4", "qwen-v1-72b", (80, 8192, 64, 24576, 152064)),
        ("Qwen/Qwen1.5-14B-Chat", "qwen1.5-14b", (40, 5120, 40, 13696, 152064)),
        ("qwen1.5:72b", "qwen1.5-72b", (80, 8192, 64, 24576, 152064)),
        ("internlm/internlm2-chat-7b", "internlm2-7b", (32, 4096, 8, 14336, 92544)),
        ("upstage/SOLAR-10.7B-Instruct-v1.0", "solar-10.7b", (48, 4096, 8, 14336, 32000)),
        ("ibm-granite/granite-3.1-2b-instruct", "granite-3.1-2b", (40, 2048, 8, 8192, 49155)),
        ("ibm-granite/granite-3.1-8b-instruct", "granite-3.1-8b", (40, 4096, 8, 12800, 49155)),
        ("teknium/OpenHermes-2.5-Mistral-7B", "openhermes-2.5-mistral-7b",
         (32, 4096, 8, 14336, 32002)),
        ("Qwen/Qwen3-VL-8B-Instruct", "qwen3-vl-8b", (36, 4096, 8, 12288, 151936)),
        ("huggyllama/llama-30b", "llama-1-33b", (60, 6656, 52, 17920, 32000)),
        ("Qwen/Qwen1.5-32B-Chat", "qwen1.5-32b", (64, 5120, 8, 27392, 152064)),
        ("Qwen/Qwen1.5-110B-Chat", "qwen1.5-110b", (80, 8192, 8, 49152, 152064)),
        ("internlm/internlm2-chat-20b", "internlm2-20b", (48, 6144, 8, 16384, 92544)),
        ("deepseek-ai/DeepSeek-R1-0528-Qwen3-8B", "deepseek-r1-0528-qwen3-8b",
         (36, 4096, 8, 12288, 151936)),
        ("llama 33b", "llama-1-33b", (60, 6656, 52, 17920, 32000)),
    ],
)
def test_added_models_carry_their_published_shapes(
    text: str, model_id: str, shape: tuple[int, ...]
) -> None:
    found = CATALOGUE.find(text)
    assert found is not None and found.id == model_id, text
    a = found.arch
    assert a is not None and (a.layers, a.hidden, a.kv_heads, a.intermediate, a.vocab) == shape


def test_added_models_without_a_read_config_have_no_shape_and_brand_sizes_stay_generic() -> None:
    # Granite 3.1 8B's shape was read since (arch42: tests/test_arch42.py); Command R7B's
    # since arch43: its modules count 8.03B (tied), what its weights weigh, against the
    # name's 7B, and params_b is that count (tests/test_arch43.py).
    r7b = CATALOGUE.get("command-r7b")
    assert r7b.arch is not None and r7b.params_b == Decimal("8.03")
    assert CATALOGUE.find("internlm2-chat-20b").id == "internlm2-20b"  # type: ignore[union-attr]
    assert CATALOGUE.find("granite 3.1 8b").id == "granite-3.1-8b"  # type: ignore[union-attr]
    # Names that start like another model's are their own ("Command R7B" is not Command R).
    assert CATALOGUE.find("c4ai-command-r7b-12-2024").id == "command-r7b"  # type: ignore[union-attr]
    assert CATALOGUE.search("command r7b lora on a 3090")[0].id == "command-r7b"
    assert CATALOGUE.search("command r lora on a 3090")[0].id == "command-r-35b"
    assert CATALOGUE.search("deepseek-r1-0528-qwen3-8b on a 3090")[0].id == \
        "deepseek-r1-0528-qwen3-8b"
    # A brand and a size alone is that size (README), not Qwen 1's "Qwen-7B".
    for text in ("qwen 7b", "qwen 14b", "qwen 72b", "Qwen/Qwen-7B"):
        assert CATALOGUE.find(text) is None, text
    # "qwen 1.7b" is a size (Qwen3 1.7B's), not Qwen 1's 7B: no spelling of it reads
    # "qwen 1 7" (the id "qwen1-7b" and the alias "qwen1 7b" did).
    for text in ("qwen 1.7b", "qwen1.7b", "Qwen-1.7B"):
        assert CATALOGUE.find(text) is None, text
