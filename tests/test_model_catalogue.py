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
    assert abs(derived / model.params_b - 1) <= PARAM_TOLERANCE, (model.id, derived)


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
