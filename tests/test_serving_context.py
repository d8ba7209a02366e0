"""A serving question that states a context (or a batch) leads with the detailed estimate:
the figure with the KV cache at that context comes first, and every precision's line shows its
own detailed figure and the verdict the headline lists it by (the planning figure beside it,
said to be without the cache). The JSON's `fits` is the detailed verdict it leads with."""

from __future__ import annotations

import re

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)

# (question, locale, context as written in the lead line, the precisions that fit)
ASKED = [
    ("llama 3.1 8b at 16k context on an L4", "en", "16,384", ("BF16", "8-bit", "4-bit")),
    # No precision holds 128k there; llama.cpp's GGUF Q4_K_M does, and leads (a fourth line).
    ("llama 3.1 8b inference with 128k context on a 4090, details", "en", "131,072", ("GGUF",)),
    ("can i run llama 3.1 8b with 32k context on a 4090", "en", "32,768",
     ("BF16", "8-bit", "4-bit")),
    ("llama 3.1 8b 128k ctx on a 4090", "en", "131,072", ("GGUF",)),
    ("llama 3.1 8b with a context window of 65536 on a 4090", "en", "65,536", ("8-bit", "4-bit")),
    ("serve qwen 2.5 14b at 32k context with 8 concurrent sequences on an A100", "en",
     "32,768", ("BF16", "8-bit", "4-bit")),
    ("puedo correr llama 3.1 8b con contexto de 64k en una 4090?", "es", "65.536", ("8 bits", "4 bits")),
    ("est-ce que llama 3.1 8b tourne avec un contexte de 64k sur une 4090 ?", "fr",
     "65\u202f536", ("8 bits", "4 bits")),
]

_LEAD = {"en": "tokens of context", "es": "tokens de contexto", "fr": "tokens de contexte"}
_PER_GPU = {"en": "per GPU with the KV cache", "es": "por GPU con la caché KV",
            "fr": "par GPU avec le cache KV"}
_ON_ONE = {"en": "on one GPU with the KV cache", "es": "en una sola GPU con la caché KV",
           "fr": "sur un seul GPU avec le cache KV"}
_ON_ONE_LEAD = {"en": "on one GPU (detailed estimate", "es": "en una sola GPU (estimación detallada",
                "fr": "sur un seul GPU (estimation détaillée"}


@pytest.mark.parametrize(("text", "locale", "ctx", "fitting"), ASKED)
def test_the_detailed_figure_leads_and_every_line_agrees_with_it(
    text: str, locale: str, ctx: str, fitting: tuple[str, ...]
) -> None:
    reply = PIPE.ask(text, chosen_locale=locale)
    out = to_json(reply)
    lines = out["text"].split("\n")
    # The headline's verdict, then the figure it is made of: the KV cache at the context asked.
    assert lines[0].startswith("✅" if fitting else "❌"), out["text"]
    assert _LEAD[locale] in lines[1] and ctx in lines[1], out["text"]
    # One line per precision with its detailed figure; its icon is its detailed verdict.
    method_lines = [ln for ln in lines if _PER_GPU[locale] in ln]
    assert len(method_lines) == 3 + ("GGUF" in fitting), out["text"]
    for ln in method_lines:
        name = re.sub(r"<[^>]+>", "", ln.split(":")[0].split("\u00a0")[0])
        fits = any(p in name for p in fitting)
        assert ln.startswith("✅" if fits else "❌"), (ln, out["text"])
    # No precision line keeps the planning verdict alone.
    assert not any(re.match(r"[✅❌] <b>[^<]+</b>\s?: ≈ [\d.,\u202f\u00a0]+ (GB|Go) —", ln)
                   for ln in lines), out["text"]
    # The JSON leads with what the reply leads with.
    assert out["fits"] is out["detailed_fits"] is bool(fitting)
    assert out["detailed_gb"] is not None


def test_ollama_serves_its_gguf_type_at_the_context_asked() -> None:
    # A local runner named: one GGUF line (Ollama's default Q4_K_M), not the three precisions.
    out = to_json(PIPE.ask("ollama llama 3.1 8b num_ctx 16384 on a 3090"))
    lines = out["text"].split("\n")
    assert lines[0].startswith("✅") and "GGUF Q4_K_M" in lines[0], out["text"]
    assert "16,384" in lines[1] and "tokens of context" in lines[1], out["text"]
    method_lines = [ln for ln in lines if "per GPU with the KV cache" in ln]
    assert len(method_lines) == 1 and "GGUF Q4_K_M" in method_lines[0], out["text"]
    assert out["method"] == "inference_int4"  # the JSON names the seed's rule it is planned by
    assert out["fits"] is out["detailed_fits"] is True


def test_a_precision_the_context_does_not_fit_names_where_it_does() -> None:
    out = to_json(PIPE.ask("llama 3.1 8b inference with 128k context on a 4090"))
    text = out["text"]
    bf16 = text.split("Inference in BF16</b>", 1)[1].split("\n")
    assert bf16[0].startswith(": ≈ 36.1 GB per GPU with the KV cache — 10.3 GB short"), text
    assert "Cheapest offered configuration that fits" in bf16[1], text


def test_without_a_stated_context_the_planning_lines_stay() -> None:
    out = to_json(PIPE.ask("can i run llama 3.1 8b on a 4090"))
    assert "with the KV cache" not in out["text"]
    assert "✅ <b>Inference in BF16</b>: ≈ 19.2 GB — 4.8 GB left" in out["text"]


@pytest.mark.parametrize(
    ("text", "locale", "lead"),
    [
        ("how much vram for llama 3.1 8b at 32k context", "en",
         "With 32,768 tokens of context and batch 1, BF16 inference needs about 22.8"),
        ("¿cuánta vram necesito para llama 3.1 8b con contexto de 32k?", "es",
         "Con 32.768 tokens de contexto y batch 1, la inferencia en BF16 necesita unos 22,8"),
        ("combien de vram pour llama 3.1 8b avec un contexte de 32k ?", "fr",
         "Avec 32\u202f768 tokens de contexte et un batch de 1, l'inférence en BF16 demande"),
    ],
)
def test_memory_at_a_stated_context_leads_with_the_kv_cache(
    text: str, locale: str, lead: str
) -> None:
    out = to_json(PIPE.ask(text, chosen_locale=locale))
    lines = out["text"].split("\n")
    assert lines[0].startswith("📐"), out["text"]
    assert lines[1].startswith(lead), out["text"]
    # Every precision's line gives its figure with the cache, the planning one marked without:
    # the whole model on one GPU (no GPU asked), not "per GPU" beside a cheapest configuration
    # of four (was "155.2 GB per GPU" for Llama 3.1 70B, then "fits: 4× A100 80GB").
    assert sum(_ON_ONE[locale] in ln for ln in lines) == 3, out["text"]
    assert not any(_PER_GPU[locale] in ln for ln in lines), out["text"]
    assert _ON_ONE_LEAD[locale] in lines[1], out["text"]


def test_one_precision_asked_marks_its_planning_figure_as_without_the_cache() -> None:
    out = to_json(PIPE.ask("llama 3.1 8b in 4-bit at 32k context on a 4090"))
    assert "• <b>Inference in 4-bit</b>: ≈ 12.7 GB per GPU with the KV cache (planning rule: "\
        "≈ 4.8 GB without it)" in out["text"]


@pytest.mark.parametrize(("size", "named"), [
    (7, "mistral-7b"), (8, "llama-3-8b"), (14, "qwen3-14b"), (70, "llama-3-70b"),
    (72, "qwen2.5-72b"), (405, "llama-3.1-405b"),
])
def test_a_bare_size_has_the_kv_cache_of_the_gqa_models_of_its_size(size: int, named: str) -> None:
    """'llama 70b', 'qwen 14b', 'a 7b': the assumed shape has 8 KV heads of 128 like the
    published configs of its size (models.toml), not one KV head per query head."""
    from rules.estimator import resolve_shape

    assumed = resolve_shape(size).arch
    real = load_catalogue().models.get(named).arch
    assert real is not None
    assert assumed.kv_heads == 8 and assumed.heads % 8 == 0
    ratio = assumed.kv_cache_bytes_per_token() / real.kv_cache_bytes_per_token()
    assert 0.8 < ratio < 1.25, ratio


def test_on_several_gpus_both_figures_are_per_gpu() -> None:
    """2× H100: the detailed figure is per GPU, so the planning one beside it is its even share
    (168 GB / 2), and the planning margin's own note does not argue with the detailed verdict."""
    text = to_json(PIPE.ask("llama 3.1 70b at 128k context on 2x h100"))["text"]
    assert "❌ <b>Inference in BF16</b>: ≈ 94.6 GB per GPU with the KV cache — 9.08 GB short "\
        "(planning rule: ≈ 84 GB without it)" in text
    assert "would fit, but not the planning margin" not in text


@pytest.mark.parametrize(("text", "locale", "second"), [
    ("llama 3.1 8b in 4-bit at 32k context on a 4090", "en",
     "With 32,768 tokens of context and batch 1, 4-bit inference needs about 12.7 GB per GPU "
     "(detailed estimate, KV cache 4.3 GB) of the 25.76 GB (24 GiB) each GPU has."),
    ("llama 3.1 8b en 4 bits con contexto de 32k en una 4090", "es",
     "Con 32.768 tokens de contexto y batch 1, la inferencia en 4 bits necesita unos 12,7"),
])
def test_one_precision_asked_leads_with_the_kv_cache_at_that_context(
    text: str, locale: str, second: str
) -> None:
    out = to_json(PIPE.ask(text, chosen_locale=locale))
    assert out["text"].split("\n")[1].startswith(second), out["text"]
    assert out["fits"] is out["detailed_fits"] is True
