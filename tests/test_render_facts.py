"""What the render helpers say, value by value: the phrases and formats that the mutation run of
bot/render/ (README, "Mutation testing") found no test pinning, because the templates that use
them (details, compare, prices, the weights-exceed note) are rendered end to end elsewhere."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

from bot.render.format import Formatter
from bot.render.phrases import Phrases, a_model
from bot.render.renderer import render_template, tidy
from rules.catalogue import load_catalogue
from rules.memory import Memory
from rules.notes import note
from rules.quote import Quote, quote

CAT = load_catalogue()
NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("locale", "tokens", "said"),
    [
        ("en", Decimal(10**8), "100 million tokens"),
        ("en", 2 * 10**9, "2 billion tokens"),
        ("en", 1_500_000, "1.5 million tokens"),
        ("en", 10**6, "1 million tokens"),  # the first count said in words
        ("en", 999_999, f"999,999{NBSP}tokens"),
        ("en", 100_000, f"100,000{NBSP}tokens"),  # under a million: digits
        ("en", 1_234_000, f"1,234,000{NBSP}tokens"),  # four figures would round
        ("en", 1_234_567, f"1,234,567{NBSP}tokens"),  # words would round it
        ("en", 1_230_000, "1.23 million tokens"),  # three figures are still exact
        ("en", Decimal("1500000.5"), f"1,500,001{NBSP}tokens"),  # not a whole count
        ("es", Decimal(10**8), "100 millones de tokens"),
        ("es", 10**6, "1 millón de tokens"),
        ("es", 1_234_567, f"1.234.567{NBSP}tokens"),
        ("fr", 2 * 10**9, "2 milliards de tokens"),
        ("fr", 1_500_000, "1,5 million de tokens"),
        ("fr", 999_999, f"999{NNBSP}999{NBSP}tokens"),
    ],
)
def test_token_counts_in_words_only_when_exact(locale: str, tokens: Decimal | int, said: str):
    assert Formatter(locale).tokens(tokens) == said


@pytest.mark.parametrize(
    ("locale", "hours", "said"),
    [
        ("en", Decimal("0.31"), "19 minutes"),  # a short run in minutes, not "0.31 hours"
        ("en", Decimal("0.01"), "1 minute"),
        ("en", Decimal(0), "1 minute"),  # a run is never said to take no time
        ("en", Decimal("0.99"), "59 minutes"),
        ("en", Decimal(1), "1 hour"),  # from an hour on, hours as before
        ("en", Decimal("7.96"), "7.96 hours"),
        ("es", Decimal("0.19"), f"11{NBSP}minutos"),
        ("es", Decimal("0.02"), f"1{NBSP}minuto"),
        ("es", Decimal("2.96"), f"2,96{NBSP}horas"),
        ("fr", Decimal("0.19"), f"11{NBSP}minutes"),
        ("fr", Decimal("0.75"), f"45{NBSP}minutes"),
        ("fr", Decimal("1.5"), f"1,5{NBSP}heure"),
    ],
)
def test_how_long_a_run_takes_is_said_in_minutes_under_an_hour(
    locale: str, hours: Decimal, said: str
) -> None:
    assert Formatter(locale).duration(hours) == said


@pytest.mark.parametrize(
    ("locale", "low", "high", "said"),
    [
        # The unit once after a range in one unit (was "1.37 hours to 2.75 hours").
        ("en", Decimal("1.37"), Decimal("2.75"), ("1.37", "2.75 hours")),
        ("en", Decimal("0.14"), Decimal("0.56"), ("8", "34 minutes")),
        ("es", Decimal("1.18"), Decimal("6.5"), ("1,18", f"6,5{NBSP}horas")),
        ("fr", Decimal("0.14"), Decimal("0.56"), ("8", f"34{NBSP}minutes")),
        # Ends in different units keep theirs; ends said alike are left as they are.
        ("en", Decimal("0.43"), Decimal("1.68"), ("26 minutes", "1.68 hours")),
        ("en", Decimal("0.501"), Decimal("0.499"), ("30 minutes", "30 minutes")),
    ],
)
def test_a_range_of_durations_says_its_unit_once(
    locale: str, low: Decimal, high: Decimal, said: tuple[str, str]
) -> None:
    assert Formatter(locale).duration_span(low, high) == said


@pytest.mark.parametrize(
    ("locale", "bandwidth", "date", "two", "two_fifty", "twenty"),
    [
        ("en", "3,350 GB/s", "December 1, 2026", "$2", "$2.50", "$20"),
        ("es", f"3.350{NBSP}GB/s", "1 de diciembre de 2026", f"2{NBSP}US$", f"2,50{NBSP}US$",
         f"20{NBSP}US$"),
        ("fr", f"3{NNBSP}350{NNBSP}Go/s", "1 décembre 2026", f"2{NBSP}$US", f"2,50{NBSP}$US",
         f"20{NBSP}$US"),
    ],
)
def test_bandwidth_dates_and_thresholds(
    locale: str, bandwidth: str, date: str, two: str, two_fifty: str, twenty: str
):
    fmt = Formatter(locale)
    assert fmt.bandwidth(Decimal(3350)) == bandwidth
    assert fmt.bandwidth(Decimal("936.25")).startswith(("936.3", "936,3"))  # one decimal
    assert fmt.date(dt.date(2026, 12, 1)) == date
    assert (fmt.usd_short(2), fmt.usd_short(Decimal("2.5")), fmt.usd_short(Decimal(20))) == (
        two, two_fifty, twenty)
    assert "1.005" in fmt.usd_short(Decimal("1.005")).replace(",", ".")  # a cent's part kept


def _mem(method: str) -> Memory:
    return Memory(method=method, params_b=Decimal(70), floor_gb=Decimal(140),
                  estimate_gb=Decimal(150), high_gb=None, notes=())


EXCEEDS = note("weights_exceed_vram", floor_gb=Decimal(1120), vram_gb=Decimal(80))


@pytest.mark.parametrize(
    ("method", "said"),
    [
        ("full_adamw", "Even the weights, gradients and optimizer states alone take 1,120 GB, more "
         "than the 80 GB available (the BF16 weights themselves are 140 GB)."),
        ("qlora", "Even the 4-bit weights alone take 1,120 GB, more than the 80 GB available."),
        ("inference_int8",
         "Even the 8-bit weights alone take 1,120 GB, more than the 80 GB available."),
        ("lora", "Even the BF16 weights alone take 1,120 GB, more than the 80 GB available."),
        (None, "Even the weights alone take 1,120 GB, more than the 80 GB available."),
    ],
)
def test_what_the_floor_that_exceeds_is_made_of(method: str | None, said: str):
    mem = None if method is None else _mem(method)
    assert str(Phrases("en", CAT).note(EXCEEDS, mem)) == said


def test_the_floor_note_in_french():
    said = str(Phrases("fr", CAT).note(EXCEEDS, _mem("full_adamw")))
    assert said == (
        f"Rien que les poids, les gradients et les états de l'optimiseur occupent 1{NNBSP}120"
        f"{NNBSP}Go, plus que les 80{NNBSP}Go disponibles (les poids en BF16 eux-mêmes font "
        f"140{NNBSP}Go)."
    )


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (note("paper_fit_only", floor_gb=Decimal(16), left_gb=Decimal("0.5")),
         "This configuration holds the 16-byte figure (16 GB) on paper but leaves only 0.5 GB "
         "for activations, so the planning rule marks it as not fitting."),
        (note("qlora_paper_tight", vram_gb=Decimal(24), paper_params_b=Decimal(65),
              paper_vram_gb=Decimal(48)),
         "This configuration misses the planning estimate, although the QLoRA authors did fit a "
         "65B model on one 48 GB GPU: possible with short sequences and paged optimizers, but "
         "with no margin on 24 GB."),
        (note("floor_fits_estimate_misses", floor_gb=Decimal(20)),
         "The bare weights (20 GB) would fit, but not the planning margin."),
        (note("sharding_assumed"), "With several GPUs, the model is assumed to be sharded across "
         "them (FSDP or DeepSpeed ZeRO-3)."),
        (note("adamw_range", low_gb=Decimal(112), high_gb=Decimal(126)),
         "EleutherAI counts 16 bytes per parameter (112 GB), Hugging Face 18 (126 GB); the fit "
         "uses 18."),
        (note("not_a_note_code"), ""),
    ],
    ids=lambda v: getattr(v, "code", ""),
)
def test_each_fit_note_says_its_figures(n, said: str):
    assert str(Phrases("en", CAT).note(n)) == said


@pytest.mark.parametrize(
    ("name", "params_b", "said"),
    [
        ("DeepSeek-V3 (671B MoE)", "671", "DeepSeek-V3 (671B MoE)"),
        ("Llama 3.1 8B", "8", "Llama 3.1 8B"),
        ("Llama 3.1 8B", "8.0", "Llama 3.1 8B"),
        ("Llama 3.1 70B", "70", "Llama 3.1 70B"),  # 7E+1 once normalised  # a size given as 8.0 is the same 8B
        ("Qwen2.5 0.5B", "0.5", "Qwen2.5 0.5B"),
        ("Mistral 7B", "70", "Mistral 7B (70B parameters)"),
        ("Llama 18B", "8", "Llama 18B (8B parameters)"),  # 18B does not name 8B
        ("Qwen 1.8B", "8", "Qwen 1.8B (8B parameters)"),
        ("Llama 8Bx", "8", "Llama 8Bx (8B parameters)"),
        ("Phi <mini>", "3.8", "Phi &lt;mini&gt; (3.8B parameters)"),
    ],
)
def test_a_model_named_by_its_size_is_not_told_twice(name: str, params_b: str, said: str):
    assert str(Phrases("en", CAT).subject(name, Decimal(params_b))) == said


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ("8", "an 8B model"), ("80", "an 80B model"), ("800", "an 800B model"),
        ("11", "an 11B model"), ("18", "an 18B model"), ("11,000", "an 11,000B model"),
        ("11.5", "an 11.5B model"),  # eleven point five
        ("1.8", "a 1.8B model"), ("110", "a 110B model"), ("180", "a 180B model"),
        ("7", "a 7B model"),
    ],
)
def test_a_or_an_as_the_number_is_said(size: str, said: str):
    assert str(a_model("en", size)) == said


def _quote(gpu: str, count: int, hours: str | None, method: str | None = None) -> Quote:
    return quote(gpu, count, None if hours is None else Decimal(hours), method, catalogue=CAT)


@pytest.mark.parametrize(
    ("locale", "args", "said"),
    [
        ("en", ("h100", 1, "9.5"),
         # The block costs more than the run: what is paid leads, the run's cost second.
         "💵 <b>You pay $23.20</b> — 1 block of 10 GPU-hours of H100: GPU-hours are sold only "
         "in blocks, and this is the least that covers the run.\n"
         "🧾 This run uses $22.04 of it: 1× H100 × 9.5 hours at $2.32/hour = 9.5 GPU-hours. "
         "The 0.5 spare GPU-hours never expire."),
        ("en", ("h100", 1, "10"),  # nothing spare: no spare sentence
         "💵 <b>Cost: $23.20</b> — 1× H100 × 10 hours at $2.32/hour = 10 GPU-hours.\n"
         "🧱 Buy 1 block of 10 GPU-hours (10 GPU-hours, $23.20)."),
        ("en", ("h100", 1, "123"),
         "💵 <b>You pay $287.68</b> — 1 block of 24 GPU-hours and 10 blocks of 10 GPU-hours of "
         "H100 (124 GPU-hours in all): GPU-hours are sold only in blocks, and this is the least "
         "that covers the run.\n"
         "🧾 This run uses $285.36 of it: 1× H100 × 123 hours at $2.32/hour = 123 GPU-hours. "
         "The 1 spare GPU-hour never expires."),
        ("en", ("l40s", 1, "1"),
         "💵 <b>You pay $8.20</b> — 1 block of 10 GPU-hours of L40S: GPU-hours are sold only "
         "in blocks, and this is the least that covers the run.\n"
         "🧾 This run uses $0.82 of it: 1× L40S × 1 hour at $0.82/hour = 1 GPU-hour. "
         "The 9 spare GPU-hours never expire."),
        ("en", ("h100", 2, None, "qlora"),
         "💵 <b>Illustrative cost: $23.20</b> — 2× H100 × 5 hours at $4.64/hour = 10 GPU-hours.\n"
         "⚠️ <i>The hours are an illustrative assumption, not a measurement: run time depends on "
         "training tokens, sequence length, batch size and software. Measure your own steps per "
         "hour on a short run before sizing a long one.</i>\n"
         "🧱 Buy 1 block of 10 GPU-hours (10 GPU-hours, $23.20)."),
        ("fr", ("h100", 1, "123"),
         f"💵 <b>Vous payez 287,68{NBSP}$US</b> — 1 bloc de 24{NBSP}GPU-heures et 10 blocs de "
         f"10{NBSP}GPU-heures (H100, 124{NBSP}GPU-heures au total){NBSP}: les GPU-heures ne sont "
         "vendues que par blocs, et c'est le minimum qui couvre l'exécution.\n"
         f"🧾 Cette exécution en consomme 285,36{NBSP}$US{NBSP}: 1× H100 × 123{NBSP}heures à "
         f"2,32{NBSP}$US/heure = 123{NBSP}GPU-heures. Il vous reste 1{NBSP}GPU-heure, qui "
         "n'expire jamais."),
    ],
)
def test_the_cost_block_line_by_line(locale: str, args: tuple, said: str):
    assert str(Phrases(locale, CAT).quote_block(_quote(*args))) == said


@pytest.mark.parametrize(("locale", "inference", "said"), [
    ("en", True, "With several GPUs, the model is assumed to be split across them "
     "(tensor parallelism)."),
    ("en", False, "With several GPUs, the model is assumed to be sharded across them "
     "(FSDP or DeepSpeed ZeRO-3)."),
])
def test_how_several_gpus_share_the_model(locale: str, inference: bool, said: str):
    assert str(Phrases(locale, CAT).sharding(inference)) == said


def test_icons_and_the_kv_cache_caveat():
    ph = Phrases("en", CAT)
    assert (ph.verdict_icon(True), ph.verdict_icon(False)) == ("✅", "❌")
    assert str(ph.kv_cache()) == (
        "ℹ️ <i>Planning rules, not measurements. The KV cache is extra and grows with context "
        "length and batch size.</i>")
    assert (str(ph.method_short("qlora")), str(ph.method_short("no_such_method"))) == ("QLoRA", "")


def _fit(gpu: str | None, count: int, fits: bool = True) -> SimpleNamespace:
    return SimpleNamespace(gpu=gpu, gpu_count=count, fits=fits, vram_gb=Decimal(48) * count)


def _primary(flags: str, method: str, asked: object, cheapest: object) -> SimpleNamespace:
    return SimpleNamespace(trl_flags=flags, memory=SimpleNamespace(method=method), fit=asked,
                           cheapest=cheapest)


ONE, TWO, MISSES = _fit("h100", 1), _fit("h100", 2), _fit("rtx-4090", 1, fits=False)
NEXT = "🛠 Next: with Hugging Face TRL, "


@pytest.mark.parametrize(
    ("primary", "said"),
    [
        (_primary("--use_peft", "qlora", None, ONE),
         NEXT + "run it with <code>--use_peft</code>."),
        (_primary("--use_peft", "qlora", ONE, ONE), NEXT + "run it with <code>--use_peft</code>."),
        (_primary("--use_peft", "qlora", MISSES, ONE),  # the asked GPU misses: say where
         NEXT + "on 1× H100, run it with <code>--use_peft</code>."),
        (_primary("--use_peft", "qlora", MISSES, TWO),
         NEXT + "on 2× H100, run it with <code>--use_peft --accelerate_config fsdp2</code> "
         "(or <code>--accelerate_config zero3</code> for DeepSpeed ZeRO-3)."),
        (_primary("--x --accelerate_config zero3", "full_adamw", TWO, TWO),
         NEXT + "on 2× H100, run it with <code>--x --accelerate_config zero3</code> "
         "(or <code>--accelerate_config fsdp2</code> for FSDP)."),
        # One GPU shards nothing: no Accelerate profile ("full finetune llama 3 8b on a b200").
        (_primary("--accelerate_config fsdp2", "full_adamw", ONE, ONE),
         NEXT + "run it on 1× H100 without <code>--accelerate_config</code>: its profiles "
         "(fsdp2, zero3) are for several GPUs."),
        (_primary("--accelerate_config zero3 --optim adamw_bnb_8bit", "full_adam8bit", MISSES,
                  ONE), NEXT + "on 1× H100, run it with <code>--optim adamw_bnb_8bit</code>."),
        (_primary("", "qlora", ONE, ONE), ""),  # no command for the method
        (_primary("--x", "inference_bf16", ONE, ONE), ""),  # nothing to train
        (_primary("--x", "qlora", MISSES, None), ""),  # nothing fits
    ],
)
def test_the_trl_command_for_what_runs(primary: SimpleNamespace, said: str):
    assert str(Phrases("en", CAT).launch(primary)) == said


def test_a_gpu_given_by_its_memory_is_one_gpu_of_its_share():
    assert str(Phrases("en", CAT).fit_config(_fit(None, 2))) == "2× GPU of 48 GB"


@pytest.mark.parametrize(
    ("model_id", "gated", "said"),
    [
        ("llama-3.1-8b", True, "🔒 The Llama repositories on Hugging Face are gated: accept "
         "Meta's license on the model page first."),
        ("gemma-2-9b", True, "🔒 The Gemma repositories on Hugging Face are gated: accept "
         "Google's Gemma terms of use on the model page first."),
        ("falcon-180b", True, "🔒 The Falcon 180B repository on Hugging Face is gated: accept "
         "TII's Falcon-180B license on the model page first."),
        ("some-model", True, "🔒 This model's repository on Hugging Face is gated: accept its "
         "license on the model page first."),
        ("llama-3.1-8b", False, ""),
    ],
)
def test_whose_terms_a_gated_model_needs(model_id: str, gated: bool, said: str):
    assert str(Phrases("en", CAT).licence(model_id, gated)) == said


@pytest.mark.parametrize(
    ("floor", "estimate", "high", "said"),
    [
        ("16", "19", "22", "16–22 GB"),  # the unit once after the range
        ("16", "19", "16", "≈ 19 GB"),  # no range when both ends agree
        (None, "9.456", "22", "≈ 9.46 GB"),  # under 10 GB: two decimals
        (None, "10.04", None, "≈ 10 GB"),  # from 10 GB: one
        (None, "10.96", None, "≈ 11 GB"),
    ],
)
def test_the_memory_need_as_a_range_or_a_figure(
    floor: str | None, estimate: str, high: str | None, said: str
):
    mem = Memory(method="lora", params_b=Decimal(8), notes=(), estimate_gb=Decimal(estimate),
                 floor_gb=None if floor is None else Decimal(floor),
                 high_gb=None if high is None else Decimal(high))
    assert str(Phrases("en", CAT).need(mem)) == said


def test_method_names_and_kinds():
    ph = Phrases("en", CAT)
    assert [ph.method_kind(m) for m in ("qlora", "inference_bf16", "no_such_method")] == [
        "training", "inference", None]
    assert (str(ph.method_name("qlora")), str(ph.method_name("no_such_method"))) == (
        "QLoRA (4-bit base)", "")


@pytest.mark.parametrize(("value", "said"), [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"),
    ("1E+1001", "1E+1001"),  # past 1 000 digits: as it comes, not a thousand digits
])
def test_values_no_question_carries_still_print(value: str, said: str):
    fmt = Formatter("en")
    assert (fmt.num(Decimal(value)), fmt.usd(Decimal(value)), fmt.hours(Decimal(value))) == (
        said, said, said)


def test_a_thousand_digits_are_still_grouped():
    said = Formatter("en").num(Decimal("1E+1000"))
    assert said == "10" + ",000" * 333  # 10^1000: 1 001 digits in groups of three


def test_the_activations_caveat():
    assert str(Phrases("en", CAT).activations()) == (
        "ℹ️ <i>Planning rules from the cited sources, not measurements. Activations are extra: "
        "sequence length and batch size change them; gradient checkpointing reduces them.</i>")


def test_a_reply_loses_its_trailing_spaces_and_runs_of_blank_lines():
    assert tidy("\n a \t\n \nb  \n\n\n\nc\t\n\n") == "a\n\nb\n\nc"


@pytest.mark.parametrize(("locale", "url"), [
    ("en", "https://gpuwithcrypto.com/pricing/"),
    ("fr", "https://gpuwithcrypto.com/fr/pricing/"),   # the site has a French page
    ("es", "https://gpuwithcrypto.com/pricing/"),      # and no Spanish one
])
def test_the_pricing_link_is_in_the_reader_s_language_where_the_site_has_it(locale: str, url: str):
    text = render_template("pay.html.j2", locale, catalogue=CAT)
    assert f'<a href="{url}">' in text


def test_trailing_spaces_or_tabs_alone_are_tidied_too():
    assert (tidy("a \nb"), tidy("a\t\nb"), tidy("a\nb")) == ("a\nb", "a\nb", "a\nb")


def test_a_method_s_name_for_a_model_trained_from_scratch():
    ph = Phrases("en", CAT)
    assert (str(ph.method_name("full_adamw")), str(ph.method_name("full_adamw", True)),
            str(ph.method_name("qlora", True))) == (
        "Full fine-tuning, AdamW", "Full training, AdamW", "QLoRA (4-bit base)")


def test_a_template_s_float_is_read_from_its_text_and_a_signalling_nan_prints_as_nan():
    fmt = Formatter("en")
    assert fmt.num(0.15, 1) == "0.2"  # 0.15 as written, not its binary 0.1499…
    assert fmt.num(Decimal("sNaN")) == "NaN"
    assert fmt.list([fmt.num(Decimal("-sNaN")), "x"]) == "NaN and x"
