"""Any GPU people own, named as they name it (gpu42): a memory said that no card of that name
has is answered on the datasheet's, said so with its source."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.chat import ask_json


def flat(text: object) -> str:
    """The reply with Babel's no-break spaces (es, fr: "12 GB", "24 Go") as plain ones."""
    return str(text).replace("\u00a0", " ").replace("\u202f", " ")

# (question, language, GPU read, its memory, the line the reply holds)
SAID_APART = [
    # "8gb vram laptop 3060": NVIDIA's RTX 3060 Laptop has 6 GB; answered on 6 GB, silently.
    ("8gb vram laptop 3060, can i qlora llama 3 8b?", None, "rtx-3060-laptop", 6,
     "You said 8 GB, but the RTX 3060 Laptop has 6 GB (NVIDIA GeForce specifications) and comes "
     "in no 8 GB version: this answer is for 6 GB."),
    # "my 3090 12gb": answered on 12 GB (a card of our own making), silently.
    ("my 3090 12gb, can i qlora llama 3 8b?", None, "rtx-3090", 24,
     "You said 12 GB, but the RTX 3090 has 24 GB"),
    # A card we rent: the 80 GB one, silently.
    ("h100 40gb qlora llama 3 70b?", None, "h100", 80,
     "You said 40 GB, but the H100 has 80 GB (NVIDIA H100 datasheet)"),
    ("mi 3090 de 12gb, ¿puedo hacer qlora de llama 3 8b?", "es", "rtx-3090", 24,
     "Dijiste 12 GB, pero la RTX 3090 tiene 24 GB"),
    ("ma 3090 de 12 go, est-ce que llama 3 8b en qlora tient ?", "fr", "rtx-3090", 24,
     "Vous avez indiqué 12 Go, mais la RTX 3090 a 24 Go"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "vram", "line"), SAID_APART)
def test_a_memory_no_card_of_that_name_has(question: str, lang: str | None, gpu: str, vram: int,
                                           line: str) -> None:
    got = ask_json(question, lang)
    assert (got["gpu"], got["vram_gb"]) == (gpu, vram), got["text"]
    assert line in flat(got["text"]), got["text"]


def test_a_time_on_it_says_so_too() -> None:
    got = ask_json("my 3090 12gb, how long to qlora llama 3 8b on 10k examples of 512 tokens?")
    assert got["gpu"] == "rtx-3090" and got["hours"] is not None, got["text"]
    assert "You said 12 GB, but the RTX 3090 has 24 GB" in str(got["text"]), got["text"]


# (question, GPU read, its memory): a real variant, a modded size, a total, a near figure are
# the card as said, with no such line.
AS_SAID = [
    ("3060 8gb qlora llama 3 8b", "rtx-3060-8gb", 8),
    ("8gb 3060 qlora llama 3 8b", "rtx-3060-8gb", 8),
    ("my 3060 has 8gb, qlora llama 3 8b?", "rtx-3060-8gb", 8),
    ("3080 12gb qlora llama 3 8b", "rtx-3080-12gb", 12),
    ("3080 10gb qlora llama 3 8b", "rtx-3080", 10),
    ("4060 ti 8gb qlora llama 3 8b", "rtx-4060-ti", 8),
    ("4060 ti 16gb qlora llama 3 8b", "rtx-4060-ti-16gb", 16),
    ("3080 laptop 8gb qlora llama 3 8b", "rtx-3080-laptop", 8),
    ("3080 laptop 16gb qlora llama 3 8b", "rtx-3080-laptop-16gb", 16),
    ("a100 40gb qlora llama 3 8b", "a100-40gb", 40),
    ("a100 80gb qlora llama 3 8b", "a100-80gb", 80),
    ("v100 16gb qlora llama 3 8b", "v100-16gb", 16),
    ("v100 32gb qlora llama 3 8b", "v100-32gb", 32),
    ("my 4090 48gb qlora llama 3 70b", "rtx-4090", 48),
    ("2x3090 48gb qlora llama 3 70b", "rtx-3090", 48),
    ("3090 23.7gb qlora llama 3 8b", "rtx-3090", 24),
]


@pytest.mark.parametrize(("question", "gpu", "vram"), AS_SAID)
def test_a_memory_the_card_has(question: str, gpu: str, vram: int) -> None:
    got = ask_json(question)
    assert (got["gpu"], got["vram_gb"]) == (gpu, vram), got["text"]
    assert "You said" not in str(got["text"]), got["text"]


# What a run's electricity costs on one's own card: was the price a kWh taken for a budget
# ("$0.30 buys 0.3 hours of 1× L40S"), "0,20 €" refused as another currency.
ELECTRICITY = [
    ("how much would it cost in electricity to finetune llama 3 8b qlora on my 3090 for 10k "
     "examples of 512 tokens, power is 0.30 $/kwh", None, "rtx-3090",
     ["Electricity: about 0.7 kWh, $0.21 at $0.30 a kWh",
      "1 × 350 W × 1.99 hours, the board power of the RTX 3090 (TechPowerUp GPU database)",
      "not the rest of the PC, and an upper bound"]),
    ("mi 4090 consume 450W, la luz a 0,20 €/kWh, cuánto me cuesta un qlora de llama 3 8b con "
     "10k ejemplos de 512 tokens", "es", "rtx-4090",
     ["Electricidad: unos 0,4 kWh, 0,08 € a 0,20 € el kWh", "1 × 450 W × 53 minutos, los vatios "
      "que indicaste", "sin el resto del PC"]),
    ("combien d'électricité pour un qlora de llama 3 8b sur ma 3090 avec 10k exemples de 512 "
     "tokens, à 0,25 € le kWh", "fr", "rtx-3090",
     ["Électricité : environ 0,7 kWh, 0,17 € à 0,25 € le kWh",
      "la puissance nominale de la RTX 3090", "sans le reste du PC"]),
    # Two cards: each card's board power, both drawn the whole run.
    ("electricity cost to qlora llama 3 8b on my 2x 3090 with 10k examples of 512 tokens at "
     "25 cents per kwh", None, "rtx-3090", ["2 × 350 W ×", "$0.25 a kWh"]),
    # No price said: the kWh, and the price asked for.
    ("how much electricity to qlora llama 3 8b on my 4090 with 10k examples of 512 tokens",
     None, "rtx-4090", ["Electricity: about 0.4 kWh</b>", "Tell me your price a kWh"]),
    # Samples of unsaid length: both lengths' electricity.
    ("how much would it cost in electricity to finetune llama 3 8b qlora on my 3090 for 10k "
     "examples, power is 0.30 $/kwh", None, "rtx-3090",
     ["Electricity: about 0.7 and 2.88 kWh, $0.21 and $0.87 at $0.30 a kWh",
      "1 × 350 W × the hours above"]),
    # A card with no board power on file: its watts asked for.
    ("electricity cost to qlora llama 3 8b on my v100 32gb with 10k examples of 512 tokens, "
     "0.30 $/kwh", None, "v100-32gb", ["No board power is on file for the V100 32GB"]),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "has"), ELECTRICITY)
def test_a_runs_electricity(question: str, lang: str | None, gpu: str, has: list[str]) -> None:
    got = ask_json(question, lang)
    text = flat(got["text"])
    assert got["gpu"] == gpu and got["intent"] == "time", text
    for part in has:
        assert part in text, (part, text)
    assert "buys" not in text and "divisas" not in text, text


def test_no_electricity_unasked() -> None:
    """A run timed with no electricity said says none, and "a la luz de" is no electricity."""
    for question, lang in (
            ("how long to qlora llama 3 8b on my 3090 with 10k examples of 512 tokens", None),
            ("a la luz de esto, cuánto tarda un qlora de llama 3 8b en mi 3090 con 10k ejemplos "
             "de 512 tokens", "es")):
        got = ask_json(question, lang)
        assert "⚡" not in str(got["text"]), got["text"]


def test_electricity_read_apart() -> None:
    from bot.understand.power import take_power

    said = take_power("mi 4090 consume 450W, la luz a 0,20 €/kWh")
    assert (said.asked, said.price, said.currency, said.watts) == (True, Decimal("0.20"), "EUR",
                                                                   Decimal(450))
    assert "450" not in said.text and "0,20" not in said.text
    pence = take_power("electricity at 28p/kWh for a 3090")
    assert (pence.price, pence.currency) == (Decimal("0.28"), "GBP")
    psu = take_power("my 850w psu, how much electricity for a qlora")
    assert psu.asked and psu.watts is None


def test_board_power_rows_name_catalogued_cards() -> None:
    from rules.catalogue import load_catalogue
    from rules.electricity import board_powers

    cat = load_catalogue()
    rows = board_powers()
    assert rows["rtx-3090"].watts == 350 and rows["l40s"].watts == 350
    for gpu, row in rows.items():
        card = cat.gpu(gpu)
        # a package's or a shared pool's figure is not one device's; a laptop's is the maker's
        assert card.device is None and card.board_gpus == 1 and card.shared_memory_gb is None
        assert "laptop" not in gpu and not card.unified_memory, gpu
        assert "https://" in row.source, gpu


# Cards people name that were unknown ("I don't know the GPU “rtx 5090d”"), or read as
# another ("rtx 4090 d": the 4090; "rtx 5090 d v2": the 5090; "nvidia a2", "jetson thor": no
# card, the run timed on our L40S).
CARDS = [
    ("rtx 5090d", "rtx-5090-d", 32),
    ("rtx 5090 d v2", "rtx-5090-d-v2", 24),
    ("5090d 24gb", "rtx-5090-d-v2", 24),
    ("rtx 4090 d", "rtx-4090-d", 24),
    ("quadro p2200", "quadro-p2200", 5),
    ("a16", "a16", 16),
    ("nvidia a2", "a2", 16),
    ("jetson thor", "jetson-agx-thor", 128),
    ("jetson agx thor 128gb", "jetson-agx-thor", 128),
]


@pytest.mark.parametrize(("card", "gpu", "vram"), CARDS)
def test_a_card_people_name(card: str, gpu: str, vram: int) -> None:
    got = ask_json(f"does qwen2.5 7b qlora fit on my {card}? how long for 5k examples?")
    assert (got["gpu"], got["vram_gb"]) == (gpu, vram), got["text"]


def test_spanish_de_after_a_number_is_no_d_card() -> None:
    got = ask_json("¿cabe un qlora de qwen2.5 7b en mi rtx 4090 de 24gb?", "es")
    assert got["gpu"] == "rtx-4090", got["text"]


# A Mac with no cited peak (Apple prints no TFLOPS for the M4 Max, no clock of it is cited): the
# reason said as it is, not "No datasheet … peak BF16" (a Mac trains in FP16).
@pytest.mark.parametrize(("lang", "line"), [
    (None, "Apple publishes no GPU TFLOPS for the Apple M4 Max, and no clock we can cite gives "
           "them"),
    ("es", "Apple no publica los TFLOPS de la GPU del Apple M4 Max"),
    ("fr", "Apple ne publie pas les TFLOPS du GPU de l'Apple M4 Max"),
])
def test_a_mac_without_a_cited_peak(lang: str | None, line: str) -> None:
    got = ask_json("how long to lora llama 3 8b on my m4 max 64gb with 10k examples of 512 "
                   "tokens", lang)
    assert line in flat(got["text"]) and "BF16" not in str(got["text"]).split("\n")[0], \
        got["text"]


def test_own_card_against_a_rented_one_weighs_its_electricity() -> None:
    """ "my 3090 or rent an l40s …, which is cheaper? power is 0.30 $/kwh": the own card's
    electricity for the run beside the rented cost (was "no cited price, so I do not weigh it"
    with the price said)."""
    from tests.support.chat import converse

    asked = ask_json("should i use my 3090 or rent an l40s for qlora llama 3 8b on 10k samples "
                     "of 512 tokens, which is cheaper? power is 0.30 $/kwh")
    _, then = converse(
        "should i use my 3090 or rent an l40s for qlora llama 3 8b on 10k samples of 512 tokens, "
        "electricity is 0.30 $/kwh", "which is cheaper?", locale="en")
    for text in (str(asked["text"]), then.text):
        assert "Your own RTX 3090 pays no rent, only its electricity: about 0.7 kWh for this run, $0.21 at $0.30 a kWh (350 W × 1.99 hours" in text, text
        assert "Rented here, the run costs $0.34 on 1× L40S" in text, text
    es = ask_json("¿uso mi 3090 o alquilo una l40s para un qlora de llama 3 8b con 10k ejemplos "
                  "de 512 tokens? la luz a 0,20 €/kWh, ¿qué sale más barato?", "es")
    assert "Tu propia RTX 3090 no paga alquiler, solo su electricidad: unos 0,7 kWh" \
        in flat(es["text"]), es["text"]
