"""The reply cache and the engine's memo: same facts, same reply; new prices, new replies."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import pytest

from bot import pipeline as pipeline_module
from bot.alerts.feed import with_prices
from bot.answer import Answer, build_answer
from bot.i18n import SUPPORTED_LOCALES
from bot.pipeline import WARM_UP_QUESTIONS, Pipeline
from bot.render.renderer import environment
from bot.understand.query import Query
from bot.understand.split import Piece
from rules.catalogue import MEMO_ENTRIES, Catalogue, load_catalogue
from rules.fit import fit, offered_fits

CAT = load_catalogue()


def test_same_facts_in_other_words_give_the_same_reply_with_their_own_query() -> None:
    pipeline = Pipeline(CAT)
    first = pipeline.ask("Can I QLoRA 70B on an A100?")
    second = pipeline.ask("can i qlora a 70b model on an a100 ??")
    assert first.query.text != second.query.text
    assert second.text == first.text
    assert len(pipeline._replies) == 1  # one entry: the second came from the cache
    # The cached answer carries the question actually asked, not the first wording.
    assert second.answer.query == second.query


@pytest.mark.parametrize("locale", ["en", "es", "fr"])
def test_the_locale_is_part_of_the_key(locale: str) -> None:
    pipeline = Pipeline(CAT)
    english = pipeline.ask("prices", chosen_locale="en").text
    asked = pipeline.ask("prices", chosen_locale=locale).text
    assert (asked == english) == (locale == "en")


def test_new_prices_empty_the_cache_and_an_equal_catalogue_keeps_it() -> None:
    pipeline = Pipeline(CAT)
    before = pipeline.ask("cost of 1x H100 for 10 hours").text
    assert "$23.20" in before  # 2.32 $/h × 10 h (the seed price)
    pipeline.catalogue = replace(CAT)  # what the 30 s refresh hands over when nothing moved
    assert pipeline.catalogue is CAT and len(pipeline._replies) == 1

    pipeline.catalogue = with_prices(CAT, {"h100": D("2.10")})
    assert len(pipeline._replies) == 0
    after = pipeline.ask("cost of 1x H100 for 10 hours").text
    assert "$21.00" in after and "$23.20" not in after


def test_the_cache_is_bounded_and_drops_the_least_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[D | None] = []

    def counting(query: Query, cat: Catalogue) -> Answer:
        built.append(query.params_b)
        return build_answer(query, cat)

    monkeypatch.setattr(pipeline_module, "build_answer", counting)
    pipeline = Pipeline(CAT, cache_size=3)
    for size in (7, 8, 13, 7, 70):  # 7 is used again, so 8 is the oldest when 70 comes
        pipeline.ask(f"QLoRA {size}B on an A100")
    assert built == [7, 8, 13, 70]
    assert len(pipeline._replies) == 3
    pipeline.ask("QLoRA 7B on an A100")
    pipeline.ask("QLoRA 8B on an A100")
    assert built == [7, 8, 13, 70, 8]


def test_a_zero_size_cache_keeps_nothing() -> None:
    pipeline = Pipeline(CAT, cache_size=0)
    pipeline.ask("QLoRA 7B on an A100")
    assert len(pipeline._replies) == 0


def test_the_engine_memo_follows_the_catalogue_it_belongs_to() -> None:
    cheap = with_prices(CAT, {"h100": D("0.50")})
    assert offered_fits("qlora", D(70), CAT)[0].usd_per_hour != D("0.50")
    best = offered_fits("qlora", D(70), cheap)[0]
    assert (best.gpu, best.usd_per_hour) == ("h100", D("0.50"))
    assert fit("qlora", D(70), "h100", 1, catalogue=CAT).usd_per_hour == D("2.32")
    assert fit("qlora", D(70), "h100", 1, catalogue=cheap).usd_per_hour == D("0.50")
    # Callers get their own list: changing it does not change the memo.
    found = offered_fits("qlora", D(70), CAT)
    found.clear()
    assert offered_fits("qlora", D(70), CAT)


def test_the_engine_memo_is_bounded() -> None:
    cat = replace(CAT)
    for i in range(MEMO_ENTRIES + 10):
        offered_fits("qlora", D(1) + D(i) / 1000, cat)
    assert len(cat._memo) <= MEMO_ENTRIES


def test_equal_sizes_written_differently_keep_their_digits() -> None:
    assert offered_fits("qlora", D("70.0"), CAT)[0].estimate_gb.as_tuple() != (
        offered_fits("qlora", D("70"), CAT)[0].estimate_gb.as_tuple()
    )


def test_clear_cache_forgets_replies_and_the_engine_memo() -> None:
    pipeline = Pipeline(replace(CAT))
    pipeline.ask("QLoRA 70B on an A100")
    assert pipeline._replies and pipeline.catalogue._memo
    pipeline.clear_cache()
    assert not pipeline._replies and not pipeline.catalogue._memo


def test_warm_up_compiles_every_template_in_every_locale() -> None:
    for locale in SUPPORTED_LOCALES:
        environment(locale).cache.clear()  # type: ignore[union-attr]
    pipeline = Pipeline(replace(CAT))
    pipeline.warm_up()
    for locale in SUPPORTED_LOCALES:
        env = environment(locale)
        compiled = {template.name for template in env.cache.values()}  # type: ignore[union-attr]
        assert set(env.list_templates(extensions=["j2"])) <= compiled
    # Each warm-up question is a real answer of its kind, cached for the first user to ask.
    assert len(pipeline._replies) == len(SUPPORTED_LOCALES) * len(WARM_UP_QUESTIONS)
    intents = {pipeline.ask(q).answer.intent for q in WARM_UP_QUESTIONS}
    assert {"fit", "memory", "cost", "recommend", "compare", "prices", "pay"} <= intents


def test_a_text_asked_again_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    cut: list[str] = []
    understand, pieces = pipeline_module.understand, pipeline_module.pieces

    def counting(text: str, cat: Catalogue) -> Query:
        read.append(text)
        return understand(text, cat)

    def cutting(text: str) -> list[Piece]:
        cut.append(text)
        return pieces(text)

    monkeypatch.setattr(pipeline_module, "understand", counting)
    monkeypatch.setattr(pipeline_module, "pieces", cutting)
    pipeline = Pipeline(CAT)
    first = pipeline.ask("can I QLoRA 70B on a 4090? also do you take paypal")
    again = pipeline.ask("can I QLoRA 70B on a 4090? also do you take paypal")
    assert again.text == first.text and again.query == first.query
    pipeline.ask("QLoRA 70B on an A100")
    pipeline.ask("QLoRA 70B on an A100", chosen_locale="es")  # the reading has no locale
    assert read == ["can I QLoRA 70B on a 4090?", "do you take paypal",
                    "QLoRA 70B on an A100"]
    assert cut == ["can I QLoRA 70B on a 4090? also do you take paypal", "QLoRA 70B on an A100"]
    # A first question again, as the benchmarks ask it; other data (new prices), read anew.
    pipeline.clear_cache()
    pipeline.ask("QLoRA 70B on an A100")
    pipeline.catalogue = with_prices(CAT, {"h100": D("2.10")})
    pipeline.ask("QLoRA 70B on an A100")
    assert read[3:] == ["QLoRA 70B on an A100"] * 2


def test_the_texts_read_are_bounded_and_kept_only_with_a_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pipeline_module, "READ_CACHE_SIZE", 2)
    pipeline = Pipeline(CAT)
    for size in (7, 8, 13):
        pipeline.ask(f"QLoRA {size}B on an A100")
    assert list(pipeline._read) == ["QLoRA 8B on an A100", "QLoRA 13B on an A100"]
    uncached = Pipeline(CAT, cache_size=0)
    uncached.ask("QLoRA 7B on an A100")
    assert len(uncached._read) == 0
