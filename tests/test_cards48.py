"""Session 48 (cards48): integrated GPUs beside cards, and their memory in one unit.

- An integrated GPU (gpus_owned.toml [[igpus]]) planned on its share of the RAM said was named
  "1× GPU of 16 GB" in the verdict; it is named as a card is, "1× Radeon 780M".
- "16 GB of your 32 GB" (decimal) beside the detailed estimate's "17.18 GB (16 GiB)" for the same
  memory: RAM is sold in GiB, so "32gb ram" is 32 GiB (34.36 GB), said so once; Windows' half of
  it, 16 GiB, is 17.17 GB (rounded down, as Apple's share is), in GB everywhere.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.pipeline import Pipeline, to_json
from bot.understand.parse import understand
from rules.catalogue import load_catalogue

CAT = load_catalogue()
PIPE = Pipeline(CAT, cache_size=0)


def _text(question: str, lang: str | None = None) -> str:
    text = str(to_json(PIPE.ask(question, chosen_locale=lang))["text"])
    return text.replace("\xa0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("question", "ram", "share"), [
    ("can my radeon 780m run llama 3 8b?? laptop has 32gb ram", "32", "17.17"),
    ("llama 8b on iris xe 16gb ram", "16", "8.58"),
    ("qwen 7b en mi radeon 890m con 64gb de ram", "64", "34.35"),
    ("core ultra 7 258v 32gb, llama 3 8b qlora?", "32", "17.17"),
])
def test_the_share_is_in_gb_of_the_ram_in_gib(question: str, ram: str, share: str) -> None:
    query = understand(question, CAT)
    assert query.igpu_ram_gb == Decimal(ram)
    assert query.vram_gb == Decimal(share)


@pytest.mark.parametrize(("question", "lang", "present", "absent"), [
    ("can my radeon 780m run llama 3 8b?? laptop has 32gb ram", None,
     ["On 1× Radeon 780M, Llama 3 8B fits", "17.17 GB of your 32 GiB (34.36 GB)",
      "more than the 17.17 GB of 1× Radeon 780M;"],
     ["GPU of 16 GB", "16 GB of your 32 GB"]),
    ("can my radeon 780m fine tune llama 3 8b with lora, 32gb ram", None,
     ["does not fit on 1× Radeon 780M (LoRA)", "of the 17.17 GB each GPU has"],
     ["17.18 GB (16 GiB)", "GPU of"]),
    ("lora llama 3 8b en mi 780m con 32gb de ram, da?", "es",
     ["no cabe en 1× Radeon 780M (LoRA)", "17,17 GB de tus 32 GiB (34,36 GB)"],
     ["17,18 GB (16 GiB)", "GPU de 16 GB"]),
    ("mistral 7b q4 sur mon pc portable iris xe 16go ram ca passe ?", "fr",
     ["1× Intel Iris Xe", "8,58 Go de vos 16 Gio (17,18 Go)"],
     ["GPU de 8 Go", "8 Go de vos 16 Go"]),
])
def test_the_igpu_is_named_and_its_memory_in_one_unit(
        question: str, lang: str | None, present: list[str], absent: list[str]) -> None:
    text = _text(question, lang)
    for said in present:
        assert said in text
    for said in absent:
        assert said not in text
