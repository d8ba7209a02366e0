"""bot/render/lines.py: the answers' lines built in Python say what the templates said, in every
language, with every value escaped."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from babel.lists import format_list
from babel.numbers import format_percent
from jinja2.filters import do_truncate
from markupsafe import Markup

from bot import composition
from bot.answer import Answer, build_answer
from bot.i18n import DEFAULT_LOCALE
from bot.pipeline import Pipeline
from bot.render.format import Formatter, ListStyle, _round
from bot.render.lines import _truncate, fit_lines
from bot.render.phrases import Gettext, Phrases, _config
from bot.render.renderer import environment, render_answer, tidy
from bot.understand import understand
from rules.catalogue import Catalogue, load_catalogue


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return composition.build_pipeline(DEFAULT_LOCALE)


def _answer(text: str, cat: Catalogue) -> Answer:
    return build_answer(understand(text, cat), cat)


def test_an_unknown_gpu_as_typed_is_escaped(cat: Catalogue) -> None:
    answer = _answer("QLoRA 70B on a 24 GB GPU", cat)
    typed = '<b>Foo</b> & "Bar"'
    answer = answer.model_copy(
        update={"query": answer.query.model_copy(update={"gpu_text": typed})}
    )
    text = render_answer(answer, "en", cat)
    assert "🤔 I don't know the GPU “&lt;b&gt;Foo&lt;/b&gt; &amp; &#34;Bar&#34;”" in text
    assert "<b>Foo" not in text


def test_a_model_name_with_markup_is_escaped_in_every_line(cat: Catalogue) -> None:
    answer = _answer("can I QLoRA 70B on an A100?", cat)
    answer = answer.model_copy(update={"model_name": "<i>Evil</i> & Co"})
    text = render_answer(answer, "fr", cat)
    assert text.startswith(
        "✅ <b>Oui\xa0: &lt;i&gt;Evil&lt;/i&gt; &amp; Co (70\xa0Md de paramètres) tient sur "
        "1× A100 80GB (QLoRA).</b>\n"
    )
    assert "<i>Evil" not in text


@pytest.mark.parametrize(
    "text",
    ["", "short", "x" * 45, "x" * 46, "word " * 12, "a" * 37 + " bcdefgh", "exactly forty chars and then some more words"],
)
def test_truncate_is_jinjas_filter(text: str) -> None:
    assert _truncate(text, 40) == do_truncate(environment("en"), text, 40)


def test_the_detailed_lead_goes_after_the_verdict_and_before_the_method(cat: Catalogue) -> None:
    parts = fit_lines(_answer("can I QLoRA 70B on 2x H100?", cat), Phrases("en", cat))
    assert parts.lead
    assert parts.head.startswith("✅ <b>Yes: a 70B model fits on 2× H100 (QLoRA).</b>\n")
    assert "• <b>QLoRA (4-bit base)</b>" in parts.tail and "QLoRA (4-bit" not in parts.head
    text = render_answer(_answer("can I QLoRA 70B on 2x H100?", cat), "en", cat)
    verdict = text.index("it needs about 30.7 GB per GPU (detailed estimate)")
    lead = text.index("Without the model's name its vocabulary is unknown")
    assert verdict < lead < text.index("• <b>QLoRA (4-bit base)</b>")


def test_several_methods_have_no_detailed_lead(cat: Catalogue) -> None:
    parts = fit_lines(_answer("can I do LoRA or QLoRA of 13B on an A100?", cat), Phrases("en", cat))
    assert not parts.lead and parts.tail == ""


def test_french_follow_up_chain(pipeline: Pipeline) -> None:
    first = pipeline.ask("peut-on faire un QLoRA de 70B sur 2 H100 ?", chosen_locale="fr")
    assert first.text.startswith("✅ <b>Oui\xa0: un modèle 70B tient sur 2× H100 (QLoRA).</b>")
    second = pipeline.ask("et sur une RTX 4090 ?", chosen_locale="fr", previous=first.query)
    lines = second.text.splitlines()
    assert lines[1] == "❌ <b>Non\xa0: un modèle 70B ne tient pas sur 1× RTX 4090 (QLoRA).</b>"
    assert "🔢 Il en faudrait au moins 3× RTX 4090 (72\u202fGo) pour qu'il tienne." in lines
    assert (
        "Nous louons aussi la RTX 4090, mais son prix n'est pas publié\xa0: demandez au support "
        "avant de compter dessus." in lines
    )
    assert (
        "   👉 Configuration la moins chère qui suffit\xa0: 1× A100 80GB à 0,92\xa0$US/heure."
        in lines
    )


@pytest.mark.parametrize(
    ("locale", "question", "line"),
    [
        # French: 1,5 is singular (CLDR "one": i = 0,1); Spanish plural.
        ("fr", "Combien coûte un QLoRA de 7B sur 1 H100 pendant 1,5 heures ?",
         "1× H100 × 1,5\xa0heure à 2,32\xa0$US/heure = 1,5\xa0GPU-heure."),
        ("es", "¿Cuánto cuesta un QLoRA de 7B en 1 H100 durante 1,5 horas?",
         "1× H100 × 1,5\xa0horas a 2,32\xa0US$/hora = 1,5\xa0GPU-horas."),
        ("es", "¿Cabe un modelo de 70B en una RTX 4090 con QLoRA?",
         "🔢 Hacen falta al menos 3× RTX 4090 (72\xa0GB) para que quepa."),
    ],
)
def test_plurals_and_translations(pipeline: Pipeline, locale: str, question: str, line: str) -> None:
    assert line in pipeline.ask(question, chosen_locale=locale).text


def test_a_recommendation_lists_the_other_configurations(cat: Catalogue) -> None:
    text = render_answer(_answer("cheapest GPU for QLoRA of a 33B", cat), "es", cat)
    assert text.startswith("🏆 <b>")
    also = [line for line in text.splitlines() if line.startswith("   ")]
    assert also[1] == (
        "   También cabe en 1× A100 80GB (0,92\xa0US$/hora), 1× H100 (2,32\xa0US$/hora) o "
        "1× H200 (3,07\xa0US$/hora)."
    )


def test_a_mac_gets_its_unified_memory_and_the_metal_note(cat: Catalogue) -> None:
    text = render_answer(
        _answer("can I run llama 3 70b 4-bit on an M3 Max 128GB?", cat), "en", cat
    ).splitlines()
    # after the lead (the detailed figure at the context assumed, and the rule's beside it)
    mac = text.index("🏠 We don't rent the Apple M3 Max here: this verdict is for your own Mac.")
    assert text[mac:mac + 2] == [
        "🏠 We don't rent the Apple M3 Max here: this verdict is for your own Mac.",
        "🍎 128 GB of unified memory, of which macOS lets the GPU use about 103.07 GB "
        "(Metal's recommended working set).",
    ]
    assert any(line.startswith("🍎 On a Mac, bitsandbytes") for line in text)


def test_the_fast_paths_still_escape_what_needs_it() -> None:
    g = Gettext("en")
    filled = g._("%(a)s / %(b)s / %(c)s", a="it's <b>", b='"q" & r', c=Markup("<i>ok</i>"))
    assert type(filled) is Markup
    assert filled == "it&#39;s &lt;b&gt; / &#34;q&#34; &amp; r / <i>ok</i>"
    assert g._("%(n)s×", n="8") == "8×"  # nothing to escape: the text as it is
    assert _config(2, "A&B <x>") == "2× A&amp;B &lt;x&gt;" and type(_config(1, "x")) is Markup


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
@pytest.mark.parametrize("style", ["standard", "or"])
def test_lists_are_babels(locale: str, style: ListStyle) -> None:
    fmt = Formatter(locale)
    for n in range(6):
        items = [f"{i + 1}\xa0GB" for i in range(n)]
        assert fmt.list(items, style) == format_list(items, style=style, locale=locale)


def test_a_message_without_values_is_translated_per_locale_every_time() -> None:
    message = "Half a day is taken as 12 hours."
    es, fr = Gettext("es"), Gettext("fr")
    assert es._(message) == es._(message) != message
    assert fr._(message) not in (es._(message), message)
    assert type(fr._(message)) is Markup
    assert Gettext("en")._("100%% sure") == Gettext("en")._("100%% sure") == "100% sure"


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        ("a \n\n\n\nb\n", "a\n\nb"),
        ("\n\na\n\nb\t\nc\n\n\n", "a\n\nb\nc"),
        ("a\n\nb", "a\n\nb"),
        ("  a  ", "a"),
    ],
)
def test_tidy_collapses_blank_lines_and_trailing_spaces(text: str, tidied: str) -> None:
    assert tidy(text) == tidied


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_percents_are_babels_at_every_precision(locale: str) -> None:
    fmt = Formatter(locale)
    values = ["0", "-0.004", "15.05", "15.049", "99.95", "1234.5678", "-2.5", "100", "0.0049"]
    for text in values:
        for places in range(4):
            value = _round(D(text), places)
            expected = format_percent(value.scaleb(-2), locale=locale, decimal_quantization=False)
            assert fmt.percent(D(text), places) == expected, (text, places)


@pytest.mark.parametrize("text", [
    "I have 2x 3090 with nvlink, can I full finetune llama 3 8b with deepspeed zero3 offload?",
    "2x 3090, full finetune llama 3 8b with fsdp cpu offload",
    "2x 3090, full finetune llama 3 8b with deepspeed zero2 offload_optimizer",
])
def test_stated_cpu_offload_keeps_the_floor_and_the_cheapest_offer_honest(
    pipeline: Pipeline, text: str
) -> None:
    """With CPU offload stated, the weights, gradients and optimizer states live in CPU RAM:
    the floor sentence says so instead of 'more than the GPUs available', and the cheapest
    offer (which holds the run only with offload) says the CPU RAM it needs, unpublished for
    our instances, beside the cheapest that holds it without offload."""
    reply = pipeline.ask(text)
    body = reply.text
    detailed = reply.answer.detailed
    assert detailed is not None and detailed.offload_relied
    host = detailed.offload_cheapest_host_gb
    assert host is not None and host[0] > 48  # more CPU RAM than the L40S has VRAM
    assert "Even the weights, gradients and optimizer states alone take" not in body
    assert "with the CPU offload you stated, they are held in CPU RAM" in body
    assert "Cheapest offered configuration that fits: " not in body
    assert "Cheapest offered configuration that fits with CPU offload: 1× L40S at $0.82/hour" \
        in body
    assert "the CPU RAM of our instances is not published" in body
    plain = detailed.cheapest_without_offload
    assert plain is not None and (plain.gpu, plain.gpu_count) != ("l40s", 1)
    assert "Without CPU offload, the cheapest offered configuration that fits: " in body


def test_without_offload_the_floor_and_cheapest_lines_are_unchanged(pipeline: Pipeline) -> None:
    body = pipeline.ask("can I full finetune llama 3 8b on 2x 3090?").text
    assert "Even the weights, gradients and optimizer states alone take 128 GB" in body
    assert "with CPU offload" not in body


def test_a_memory_question_with_training_settings_leads_with_the_detailed_figure(
    cat: Catalogue,
) -> None:
    """DESIGN.md §3: settings stated, the detailed estimate leads; the planning figure is said
    beside it as the rule without activations, and the cheapest configuration is named as the
    one that holds the detailed figure (it is chosen by it)."""
    answer = _answer(
        "how much vram to lora llama 3 8b with seq 4096 batch 4 without gradient checkpointing",
        cat,
    )
    assert answer.detailed is not None and answer.detailed.stated
    text = render_answer(answer, "en", cat)
    det = f"{answer.detailed.per_gpu_gb:.0f}"
    head = text.index(f"About {det} GB on one GPU with your settings for LoRA (detailed estimate")
    assert head < text.index("≈ 19.2 GB (floor 16 GB) — the planning rule")
    assert "Cheapest offered configuration that holds the detailed estimate" in text
    assert "Cheapest offered configuration that fits" not in text
    # Without settings: the detailed figure at typical settings leads all the same (session 34;
    # the planning figure led), said as typical, not as the user's.
    plain = render_answer(_answer("how much vram to lora llama 3 8b", cat), "en", cat)
    assert "🎯 <b>About 23.1 GB on one GPU at typical settings (sequence 2,048, batch 1) for " \
        "LoRA" in plain
    assert "GB on one GPU with your settings" not in plain
    assert "Cheapest offered configuration that holds the detailed estimate at typical " \
        "settings: " in plain


@pytest.mark.parametrize(
    ("locale", "question", "lead"),
    [
        ("en", "how much vram to lora llama 3 8b with seq 4096 batch 4 without gradient checkpointing",
         "🎯"),
        ("en", "can i lora llama 3 8b on my 4090 with seq 4096 batch 4", "detailed estimate"),
        ("es", "cuánta memoria para lora de llama 3 8b sin gradient checkpointing con secuencias de 4096",
         "🎯"),
        ("fr", "combien de mémoire pour un lora de llama 3 8b en séquence 4096, batch 4", "🎯"),
    ],
)
def test_the_detailed_footnote_does_not_call_the_planning_figure_the_reference(
    pipeline: Pipeline, locale: str, question: str, lead: str
) -> None:
    # With settings stated the detailed estimate leads the reply: its footnote must not then
    # send the reader back to the planning figure as "the reference".
    text = pipeline.ask(question, chosen_locale=locale).text
    assert lead in text.split("\n", 2)[0] + text.split("\n", 2)[1]
    assert {"en": "measure a short run before relying on them",
            "es": "mide una ejecución corta antes de fiarte de ellas",
            "fr": "faites un court essai avant de vous y fier"}[locale] in text
    assert "reference" not in text and "referencia" not in text and "référence" not in text
