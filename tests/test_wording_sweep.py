"""Every template and phrase rendered in Spanish and French for a range of counts (0, 1, 1.5,
2, 1000), read the way a native proofreader reads: no English words, plurals that agree with
their number (by CLDR: French "1,5 GPU-heure", Spanish "1,5 GPU-horas"), non-breaking spaces
where French and Spanish typography need them, and the right article before a GPU."""

from __future__ import annotations

import datetime as dt
import html
import re
from decimal import Decimal as D

import pytest

from bot.alerts.feed import PriceListRejected, Problem
from bot.alerts.messages import AlertRenderer
from bot.alerts.model import AlertSpec, PriceMove, Reason
from bot.answer import build_answer
from bot.render.phrases import Phrases
from bot.render.renderer import render_answer
from bot.understand.query import Query
from rules.catalogue import load_catalogue
from rules.memory import memory
from rules.notes import note
from tests.support.queries import REALISTIC

LOCALES = ("es", "fr")
COUNTS = (D(0), D(1), D("1.5"), D(2), D(1000))
CAT = load_catalogue()
RENDERER = AlertRenderer(CAT)


def q(**fields: object) -> Query:
    return Query(text="", **fields)  # type: ignore[arg-type]


def answers(locale: str) -> dict[str, str]:
    """Every kind of answer, with hours, GPU counts and model sizes across the range."""
    queries = dict(REALISTIC)
    for hours in COUNTS[1:]:
        queries[f"quote_{hours}h"] = q(intent="cost", params_b=D(7), method="qlora", gpu="h100",
                                       hours=hours)
        queries[f"gpu_time_{hours}h"] = q(intent="cost", gpu="a100-80gb", hours=hours)
    for count in (1, 2, 8):
        queries[f"fit_{count}x"] = q(intent="fit", params_b=D(70), gpu="h200", gpu_count=count)
        queries[f"compare_{count}x"] = q(intent="compare", params_b=D(70), method="lora",
                                         gpu="b200", other_gpus=("h200",),
                                         other_gpu_count=count)
    for gpu in ("l40s", "a100-80gb", "h100", "rtx-4090", "rtx-5090", "rtx-3090", "gtx-1080",
                "a100-40gb", "t4", "apple-m2-ultra", "mi300x", "rx-7900-xtx"):
        queries[f"fit_{gpu}"] = q(intent="fit", params_b=D(8), method="lora", gpu=gpu)
        queries[f"alert_{gpu}"] = q(intent="alert", gpu=gpu, threshold_usd=D(2),
                                    direction="below")
        queries[f"compare_{gpu}"] = q(intent="compare", params_b=D(70), method="qlora",
                                      gpu="h100", other_gpus=(gpu,))
    for size in ("0.5", "1", "1.5", "8", "1000"):
        queries[f"memory_{size}B"] = q(intent="memory", params_b=D(size))
    for tokens in (D(10**6), D("1.5E9"), D(1234567)):
        queries[f"time_{tokens}"] = q(intent="time", params_b=D(8), method="qlora", gpu="h100",
                                      dataset_tokens=tokens)
        queries[f"time_multi_{tokens}"] = q(intent="time", params_b=D(70), method="lora",
                                            gpu="h200", gpu_count=2, dataset_tokens=tokens)
    for seq, batch in ((1, 1), (2048, 2), (4096, 1000)):
        queries[f"details_{seq}_{batch}"] = q(intent="fit", params_b=D(8), method="lora",
                                              gpu="rtx-4090", seq_len=seq, batch_size=batch,
                                              details=True)
        queries[f"details_inference_{seq}"] = q(intent="fit", params_b=D(8), inference=True,
                                                method="inference_bf16", gpu="l40s",
                                                seq_len=seq, batch_size=batch, details=True)
    queries["gemma"] = q(intent="fit", params_b=D("27.2"), model_id="gemma-2-27b", method="lora",
                         gpu="a100-80gb")
    queries["moe"] = q(intent="fit", params_b=D(671), model_id="deepseek-v3",
                       method="inference_int4", gpu="b200", gpu_count=8, inference=True)
    return {name: render_answer(build_answer(query, CAT), locale, CAT)
            for name, query in queries.items()}


def alert_texts(locale: str) -> dict[str, str]:
    out: dict[str, str] = {}
    specs = [AlertSpec("h100", "below", D(2)), AlertSpec("rtx-4090", "any"),
             AlertSpec("a100-80gb", "percent", D(10)), AlertSpec("b200", "above", D("5.5"))]
    for i, spec in enumerate(specs):
        for created in (True, False):
            for armed in (True, False):
                current = None if spec.gpu_id == "rtx-4090" else D("2.32")
                out[f"subscribed_{i}_{created}_{armed}"] = RENDERER.subscribed(
                    locale, spec, created=created, current=current, armed=armed)
    out["list"] = RENDERER.subscriptions(locale, specs)
    out["list_empty"] = RENDERER.subscriptions(locale, [])
    for n in (0, 1, 2, 1000):
        out[f"unsubscribed_{n}"] = RENDERER.unsubscribed(locale, n)
        out[f"unsubscribed_{n}_gpu"] = RENDERER.unsubscribed(locale, n, "a100-80gb")
        out[f"applied_{n}"] = RENDERER.applied(
            locale, [PriceMove("h100", D("2.32"), D("2.10")), PriceMove("rtx-4090", None,
                                                                        D("0.45"))][: max(1, n)],
            n)
        out[f"history_{n}"] = RENDERER.history(locale, "h100", D("2.32"), n, dt.date(2026, 10, 29))
        problems = [Problem("unknown_gpu", gpu="h1000")] * (15 + n) + [
            Problem("jump", gpu="h100", old=D("2.32"), new=D("9"), percent=D("288")),
            Problem("not_a_number", gpu="h100", value="abc")]
        out[f"refused_{n}"] = RENDERER.refused(
            locale, PriceListRejected("https://example.org/prices.json", problems), D(50))
    out["applied_none"] = RENDERER.applied(locale, [], 0)
    out["history_unpriced"] = RENDERER.history(locale, "rtx-5090", None, 0)
    for gpu in ("h100", "rtx-4090", "a100-80gb"):
        move = PriceMove(gpu, D("2.32"), D("2.10"))
        reasons = [Reason("below", D("2.20")), Reason("any")]
        out[f"change_{gpu}"] = RENDERER.price_change(locale, move, reasons)
        out[f"published_{gpu}"] = RENDERER.price_change(locale, PriceMove(gpu, None, D("0.45")),
                                                        [Reason("any")])
    for code in ("usage", "unknown_gpu", "missing_gpu", "bad_threshold", "bad_percent",
                 "too_many", "not_admin", "setprice_usage", "history_usage",
                 "threshold_not_usd"):
        out[f"error_{code}"] = RENDERER.error(locale, code, gpu_text="h1000",
                                              suggestions=["H100"], limit=20)
    return out


def phrases(locale: str) -> dict[str, str]:
    ph = Phrases(locale, CAT)
    out: dict[str, str] = {}
    for method in ("qlora", "lora", "full_adamw", "full_adam8bit", "inference_bf16",
                   "inference_int8", "inference_int4"):
        out[f"name_{method}"] = ph.method_name(method) + " · " + ph.method_short(method)
        mem = memory(method, D(70), CAT)  # type: ignore[arg-type]
        out[f"floor_{method}"] = ph.note(note("weights_exceed_vram", floor_gb=D(35),
                                              vram_gb=D(24)), mem)
    for code, params in (
        ("paper_fit_only", {"floor_gb": D(1120), "left_gb": D(8)}),
        ("qlora_paper_tight", {"vram_gb": D(48), "paper_params_b": 65, "paper_vram_gb": 48}),
        ("floor_fits_estimate_misses", {"floor_gb": D(140), "vram_gb": D(160)}),
        ("adamw_range", {"low_gb": D(1120), "high_gb": D(1260)}),
        ("sharding_assumed", {}),
    ):
        out[f"note_{code}"] = ph.note(note(code, **params))  # type: ignore[arg-type]
    for n in COUNTS:
        out[f"per_hour_{n}"] = ph.per_hour(n)
    for model, gated in (("llama-3.1-8b", True), ("gemma-2-9b", True), ("falcon-180b", True),
                         ("mistral-7b", False), ("other", True)):
        out[f"licence_{model}"] = ph.licence(model, gated)
    out["sharding"] = ph.sharding() + ph.sharding(inference=True)
    out["activations"] = ph.activations() + ph.kv_cache()
    return out


def everything(locale: str) -> dict[str, str]:
    return {**answers(locale), **alert_texts(locale), **phrases(locale)}


@pytest.fixture(scope="module", params=LOCALES)
def rendered(request: pytest.FixtureRequest) -> tuple[str, dict[str, str]]:
    return request.param, everything(request.param)


def prose(text: str) -> str:
    """What a reader reads as language: no tags, no code, commands, URLs or quoted input."""
    text = re.sub(r"<code>.*?</code>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", "", text)
    text = html.unescape(text)
    text = re.sub(r"https?://\S+|(?<![\w$])/\w+", " ", text)
    return re.sub(r"[«“][^»”]*[»”]", " ", text)


# Words that are English and nothing else in es/fr answers (jargon both languages use as is,
# such as "fine-tuning", "batch", "tokens" or "checkpointing", is not listed).
ENGLISH = re.compile(
    r"\b(the|and|with|when|every|hours?|fits?|prices?|left|short|costs?|which|your|you|next|"
    r"examples?|below|above|drops|rises|per|of|is|are|it|this|that|not|does|from|GPUs|full|seq|"
    r"norms|hidden|times|removed|queued|changed|recorded|since|already|alerts?|now|"
    r"only|than|more|less|or|at|on|in|to|for|be|will|must|model|run|weights|offered)\b"
)
# French words that are also English: allowed there.
FRENCH_TOO = {"on", "or", "en", "est", "plus", "a", "pour", "sur", "prix", "support"}
SPANISH_TOO = {"a", "no", "en", "de", "son"}


def test_no_english_words(rendered):
    locale, texts = rendered
    allowed = FRENCH_TOO if locale == "fr" else SPANISH_TOO
    found = {}
    for name, text in texts.items():
        words = {w for w in ENGLISH.findall(prose(text)) if w not in allowed}
        if words:
            found[name] = sorted(words)
    assert not found, found


# number → noun agreement, by CLDR category (fr one: 0 ≤ n < 2; es one: n = 1).
NOUNS = {
    "es": (("hora", "horas"), ("GPU-hora", "GPU-horas"), ("alerta", "alertas"),
           ("bloque", "bloques"), ("precio", "precios"), ("problema", "problemas")),
    "fr": (("heure", "heures"), ("GPU-heure", "GPU-heures"), ("alerte", "alertes"),
           ("bloc", "blocs"), ("prix", "prix"), ("problème", "problèmes")),
}
NUMBER = r"(\d[\d.,\u00a0\u202f]*)[\u00a0\u202f ]"


def _value(raw: str, locale: str) -> D:
    digits = raw.replace("\u00a0", "").replace("\u202f", "").strip()
    digits = digits.replace(".", "") if locale == "es" else digits
    return D(digits.replace(",", "."))


def _singular(value: D, locale: str) -> bool:
    return value == 1 if locale == "es" else 0 <= value < 2


def test_plurals_agree_with_their_number(rendered):
    locale, texts = rendered
    wrong = []
    for name, text in texts.items():
        plain = prose(text)
        for one, many in NOUNS[locale]:
            if one == many:
                continue
            for raw, noun in re.findall(NUMBER + rf"({re.escape(one)}|{re.escape(many)})\b",
                                        plain):
                singular = _singular(_value(raw, locale), locale)
                if (noun == one) != singular:
                    wrong.append((name, raw.strip(), noun))
    assert not wrong, wrong


def test_non_breaking_spaces(rendered):
    locale, texts = rendered
    bad = []
    for name, text in texts.items():
        plain = prose(text)
        if locale == "fr":
            bad += [(name, m) for m in re.findall(r".{0,12} [:;?!»].{0,3}|«  ?.{0,8}", plain)]
            bad += [(name, m) for m in re.findall(r"\d (?:%|Go|\$US|heures?|GPU)", plain)]
        else:
            bad += [(name, m) for m in re.findall(r"\d (?:GB|%|US\$|horas?|GPU-horas?)", plain)]
    assert not bad, bad


ARTICLES = {
    # French: la RTX, la L40S; le H100, le B200; l'A100 (elided); never "de le"/"du A100".
    "fr": re.compile(r"\b(?:le|du|au) (?:RTX|L40S)|\bla (?:H100|H200|B200)\b|"
                     r"\b(?:le|la|du|de le) A100|\bde le\b|&#39;", re.IGNORECASE),
    # Spanish: la GPU, so la/de la H100 and never el/del.
    "es": re.compile(r"\b(?:el|del|al) (?:H100|H200|B200|A100|L40S|RTX)|&#39;", re.IGNORECASE),
}


def test_articles_before_gpus(rendered):
    locale, texts = rendered
    bad = {name: ARTICLES[locale].findall(text) for name, text in texts.items()}
    assert not {k: v for k, v in bad.items() if v}
