"""The bot quotes the catalogue its composition root hands it, never a packaged fallback: a
catalogue with other prices shows in every kind of reply (fit, cost, prices, compare, time,
details, alerts)."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

import pytest

from bot import composition
from bot.alerts.feed import with_prices
from bot.console import to_plain
from rules.catalogue import Catalogue, load_catalogue

PACKAGED_H100 = "2.32"
assert str(load_catalogue().gpu("h100").usd_per_gpu_hour) == PACKAGED_H100


@pytest.fixture
def swapped() -> Catalogue:
    return with_prices(load_catalogue(), {"h100": D("7.77"), "h200": D("8.88")})


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("can I QLoRA 70B on an H100?", "$7.77"),  # fit
        ("cost of qlora 8B on 2x H100 for 10 hours", "$155.40"),  # cost: 2 × 7.77 × 10
        ("prices", "$7.77"),
        ("h100 vs h200", "$8.88"),  # compare
        ("how long to train lora 8B on 1B tokens on h100", "$7.77"),  # time
        ("lora 8B seq len 4096 batch 4 200M tokens on an H100, details", "$7.77"),
        ("serve llama 70b on h100", "$7.77"),
    ],
)
def test_every_reply_quotes_the_catalogue_it_was_given(
    swapped: Catalogue, question: str, expected: str
):
    text = composition.build_pipeline("en", swapped).ask(question).text
    assert expected in text, text
    assert PACKAGED_H100 not in text, text


async def test_alerts_quote_the_catalogue_they_were_given(swapped: Catalogue, tmp_path: Path):
    settings = composition.load_settings(
        _env_file=None, database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    )
    console = composition.build_console(settings, composition.build_pipeline("en", swapped))
    await console.start()
    try:
        reply = to_plain(await console.answer("/alert h100 below 9"))
        assert "$7.77" in reply and PACKAGED_H100 not in reply, reply
        listing = to_plain(await console.answer("/alerts"))
        assert "H100" in listing
    finally:
        await console.alerts.db.dispose()  # type: ignore[union-attr]


def _takes_a_catalogue() -> list[tuple[str, object]]:
    import inspect

    import rules.compare
    import rules.fit
    import rules.memory
    import rules.quote
    from bot.pipeline import Pipeline
    from bot.understand.parse import understand

    found: list[tuple[str, object]] = [("Pipeline", Pipeline.__init__), ("understand", understand)]
    for module in (rules.fit, rules.memory, rules.quote, rules.compare):
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            own = fn.__module__ == module.__name__ and not name.startswith("_")
            if own and "catalogue" in inspect.signature(fn).parameters:
                found.append((f"{module.__name__}.{name}", fn))
    return found


@pytest.mark.parametrize(("name", "fn"), _takes_a_catalogue(), ids=lambda v: v if isinstance(v, str) else "")
def test_no_engine_function_falls_back_to_the_packaged_catalogue(name: str, fn: object) -> None:
    """A call that forgets the catalogue in force must fail loudly, not quote packaged prices."""
    import inspect

    param = inspect.signature(fn).parameters["catalogue"]  # type: ignore[arg-type]
    assert param.default is inspect.Parameter.empty, name
    assert "None" not in str(param.annotation), name


def test_the_json_takes_rented_or_not_from_the_catalogue_it_was_answered_with() -> None:
    """`rentable` (a rented GPU, at most one instance's GPUs) comes from the reply's catalogue:
    with instances of one GPU, two H100s are not rentable (a packaged fallback would say so)."""
    from dataclasses import replace

    from bot.pipeline import Pipeline, to_json

    packaged = load_catalogue()
    single = replace(packaged, limits=packaged.limits.model_copy(update={"max_gpus": 1}))
    question = "how much is 2x H100 for 10 hours?"
    assert to_json(Pipeline(packaged).ask(question))["rentable"] is True
    assert to_json(Pipeline(single).ask(question))["rentable"] is False
