"""A card read from a cloud instance type ("sagemaker ml.g5.2xlarge", "aws g5.12xlarge") is a
rented machine's, and the reply says so with the instance as written (was "this verdict is for
your own card")."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline
from bot.understand import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


@pytest.mark.parametrize(("text", "instance", "gpu", "count"), [
    ("sagemaker ml.g5.2xlarge can it train mistral 7b qlora", "ml.g5.2xlarge", "a10g", 1),
    ("aws g5.12xlarge llama 3 70b inference?", "g5.12xlarge", "a10g", 4),
    ("qlora 7b on aws p3", "p3", "v100-sxm2-16gb", 1),
    ("an A10G (aws g5.xlarge) for mistral 7b lora", "g5.xlarge", "a10g", 1),
    ("can i run llama 3 8b on my 3090", None, "rtx-3090", None),
])
def test_the_instance_is_read(text: str, instance: str | None, gpu: str, count: int | None
                              ) -> None:
    query = understand(text, CAT)
    assert (query.gpu_instance, query.gpu) == (instance, gpu)
    if count is not None:
        assert (query.gpu_count or 1) == count


@pytest.mark.parametrize(("text", "lang", "line"), [
    ("sagemaker ml.g5.2xlarge can it train mistral 7b qlora", "en",
     "🏠 We don't rent the A10G here: this verdict is for the 1× A10G of the ml.g5.2xlarge "
     "instance you named."),
    ("puedo hacer qlora de mistral 7b en una instancia g5.2xlarge de sagemaker?", "es",
     "🏠 No alquilamos la A10G: este veredicto es para la instancia g5.2xlarge que nombraste "
     "(1× A10G)."),
    ("est-ce que llama 3 70b tourne sur une g5.12xlarge ?", "fr",
     "🏠 Nous ne louons pas l'A10G\u00a0: ce verdict vaut pour l'instance g5.12xlarge que vous "
     "avez nommée (4× A10G)."),
    ("g5.2xlarge vs h100 for lora 8b", "en",
     "🏠 We don't rent the A10G here: this verdict is for the 1× A10G of the g5.2xlarge"),
])
def test_the_reply_names_the_instance(text: str, lang: str, line: str) -> None:
    html = PIPE.ask(text, telegram_locale=lang).text
    assert line in html
    assert "your own card" not in html and "tu propia tarjeta" not in html


def test_an_own_card_is_still_ones_own() -> None:
    assert "this verdict is for your own card" in PIPE.ask("can i run llama 3 8b on my 3090").text
