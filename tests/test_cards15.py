"""The card people own, as they name it (cards15): cloud instance names as people type them,
and the cards whose figures were missing."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# (question, locale, GPU read, count, words the reply leads with)
INSTANCES = [
    # Spaces for the hyphens: "8g" was read as a card of 8 GB.
    ("a3 highgpu 8g llama 405b fp8", None, "h100", "on 8× H100"),
    ("a2 highgpu 1g llama 3 8b qlora", None, "a100-40gb", "on 1× A100 40GB"),
    # Azure names with spaces: was one A100 80GB (the "a100" in it), not the VM's eight or its
    # PCIe card.
    ("nd96amsr a100 v4 llama 405b qlora", None, "a100-80gb", "on 8× A100 80GB"),
    ("nc24ads a100 v4 llama 3 70b qlora", None, "a100-80gb-pcie", "on 1× A100 80GB PCIe"),
    ("standard nd96isr h100 v5 llama 405b fp8", None, "h100", "on 8× H100"),
    ("Standard_ND96isr_H200_v5 llama 405b fp8", None, "h200", "on 8× H200"),
    ("a3-ultragpu-8g llama 405b fp8", None, "h200", "on 8× H200"),
    # A family no other thing is called, without "aws" or "instance": was the cheapest rented
    # card (B200, A100 80GB) or no card at all.
    ("p4d llama 70b qlora 100M tokens how long", None, "a100-40gb", "on 8× A100 40GB"),
    ("p4de llama 405b q4 fits?", None, "a100-80gb", "on 8× A100 80GB"),
    ("g6e llama 3 70b q4", None, "l40s", "on 1× L40S"),
    ("¿cabe llama 3 70b en una p4d?", "es", "a100-40gb", "En 8× A100 40GB"),
    ("est-ce que llama 3 70b q4 tient sur une g6e ?", "fr", "l40s", "sur 1× L40S"),
]


@pytest.mark.parametrize(("question", "lang", "gpu", "lead"), INSTANCES)
def test_a_cloud_instance_named_as_people_type_it(question: str, lang: str | None, gpu: str,
                                                  lead: str) -> None:
    got = ask_json(question)
    first = str(got["text"]).split("\n")[0]
    assert got["gpu"] == gpu and got["lang"] == (lang or "en"), (got["gpu"], first)
    assert lead in first, first


# An MI250X or MI250 is two GCDs, each a GPU of 64 GB to ROCm: a model must fit one unless it
# is split across them (was one GPU of 128 GB and 3.2 TB/s).
# (question, GPU read, count, words in the reply)
PACKAGES = [
    ("est-ce que llama 3 70b q4 tient sur ma mi250x", "mi250x-gcd", 2,
     ["sur 2× Instinct MI250X GCD", "22,4 Go par GPU", "68,72 Go (64 Gio) de chaque GPU",
      "que le logiciel voit comme 2 GPU de 64 Go chacun"]),
    ("tokens/s llama 3 70b q4 on my mi250x", "mi250x-gcd", 2,
     ["on 2× Instinct MI250X GCD", "at the datasheet's 1,600 GB/s is at most 37 tokens/s"]),
    ("how long to full finetune llama 3 8b on 1B tokens on my mi250x", "mi250x-gcd", 2,
     ["does not fit on 2× Instinct MI250X GCD", "81.6 GB per GPU", "68.72 GB (64 GiB)"]),
    ("¿llama 3 8b full fine tune cabe en mi mi250x?", "mi250x-gcd", 2,
     ["No: Llama 3 8B no cabe en 2× Instinct MI250X GCD",
      "que el software ve como 2 GPU de 64 GB cada una"]),
    ("my mi250 can it run llama 3 70b bf16", "mi250-gcd", 2,
     ["does not fit on 2× Instinct MI250 GCD",
      "which the software sees as 2 GPUs of 64 GB each (its dies); a model must fit one of them "
      "unless it is split across them."]),
    ("4x mi250x llama 405b fp8", "mi250x-gcd", 8, ["fits on 8× Instinct MI250X GCD"]),
    # Compared, the other card is one, not two because the MI250X is.
    ("mi250x vs h100", "mi250x-gcd", 2, ["2× Instinct MI250X GCD or 1× H100?"]),
    # Its datasheet asked: the package's.
    ("mi250x specs", "mi250x", 1, ["Instinct MI250X: the datasheet's figures"]),
    ("does the mi250x support fp8", "mi250x", 1, ["No: the Instinct MI250X (CDNA 2)"]),
]


@pytest.mark.parametrize(("question", "gpu", "count", "has"), PACKAGES)
def test_a_two_die_package_is_planned_on_its_dies(question: str, gpu: str, count: int | None,
                                                 has: list[str]) -> None:
    got = ask_json(question)
    text = str(got["text"]).replace("\u00a0", " ").replace("\u202f", " ")
    assert got["gpu"] == gpu, (got["gpu"], text[:300])
    assert got["gpu_count"] == count, text[:300]
    for words in has:
        assert words in text, text


# Colab's A100 is the 40 GB one (Chris McCormick, Colab GPUs Features & Pricing: "A100 |
# Ampere | 5/14/20 | 40 GB", "The A100 does come in an 80GB version, but you'd have to go
# elsewhere"): was the 80 GB one we rent, priced, and "fits" where it does not.
COLAB_A100 = [
    ("colab a100 fine tune llama 3 8b", None, "On 1× A100 40GB"),
    ("colab pro a100 qlora llama 3 8b how long 10k samples of 512 tokens", None,
     "on 1× A100 40GB"),
    ("can i full finetune llama 3 8b on colab pro+ a100", None, "on 1× A100 40GB"),
    ("a100 on colab llama 3 70b qlora", None, "No: Llama 3 70B does not fit on 1× A100 40GB"),
    ("¿cabe llama 3 70b qlora en la a100 de colab?", "es", "No: Llama 3 70B no cabe en 1× A100 40GB"),
    ("est-ce que llama 3 70b en qlora tient sur l'a100 de colab ?", "fr",
     "Non : Llama 3 70B ne tient pas sur 1× A100 40GB"),
]


@pytest.mark.parametrize(("question", "lang", "lead"), COLAB_A100)
def test_colabs_a100_is_the_40_gb_one(question: str, lang: str | None, lead: str) -> None:
    got = ask_json(question)
    first = str(got["text"]).split("\n")[0].replace("\u00a0", " ")
    assert got["gpu"] == "a100-40gb" and got["lang"] == (lang or "en"), (got["gpu"], first)
    assert lead in first, first


def test_colab_beside_an_a100_is_still_its_free_t4_against_any_a100() -> None:
    got = ask_json("colab vs a100")
    assert str(got["text"]).startswith("⚖️ <b>T4 or A100 80GB?</b>"), got["text"]


# A card with no cited peak (the TITAN V; the RTX 4070 Ti and GTX 1080 Ti asked here before
# have one since peaks37 and gpu41): said so, and the run timed where we rent it; no longer "the A100 and
# H100 have cited figures", as if no other card had one.
NO_PEAK = [
    ("how long qlora llama 3 8b 10k samples 512 tokens on my titan v", "en",
     "No datasheet we can cite gives the TITAN V's peak BF16 throughput, so we do not "
     "estimate the time rather than guess. Measure your tokens per second on a short run.</b>",
     "Rented here instead"),
    ("cuanto tarda un qlora de mistral 7b con 10k ejemplos de 512 tokens en mi titan v", "es",
     "así que no estimamos el tiempo para no adivinarlo. Mide tus tokens por segundo en una "
     "ejecución corta.</b>", "1× L40S"),
    ("combien de temps pour un qlora de llama 3 8b sur 10k exemples de 512 tokens sur ma "
     "titan v", "fr", "débit BF16 de pointe de la TITAN V\u00a0: plutôt que de deviner, "
     "nous n'estimons pas la durée. Mesurez vos tokens par seconde sur un court "
     "entraînement.</b>", "1× L40S"),
]


@pytest.mark.parametrize(("question", "lang", "said", "rented"), NO_PEAK)
def test_a_card_without_a_cited_peak_says_so_alone(question: str, lang: str, said: str,
                                                  rented: str) -> None:
    got = ask_json(question)
    text = str(got["text"])
    assert got["lang"] == lang and got["intent"] == "time", text
    assert said in text and rented in text, text
    for old in ("A100 and H100", "A100 y la H100", "l'A100 et le H100"):
        assert old not in text, text


# A laptop's GPU, a Jetson, a DGX Spark or a Ryzen AI Max is the machine's one GPU, as a Mac's is:
# no reply plans on several of them (were "On 8× RTX 4090 Laptop it fits … (tensor parallel)",
# "It takes at least 3× Jetson Orin Nano 8GB").
# (question, words the reply has, words it lacks)
ONE_PER_MACHINE = [
    ("tokens/s qwen 32b bf16 on my 4090 laptop", "does not fit on 1× RTX 4090 Laptop",
     "× RTX 4090 Laptop it fits"),
    ("¿cuántos tokens por segundo da qwen 32b en bf16 en mi 4090 laptop?",
     "no cabe en 1× RTX 4090 Laptop", "× RTX 4090 Laptop sí cabe"),
    ("jetson orin nano 8gb llama 3.2 3b tokens/s", "Inference in 4-bit: at most about",
     "× Jetson Orin Nano 8GB it fits"),
    ("jetson orin nano 8gb llama 3 8b bf16 inference", "does not fit on 1× Jetson Orin Nano 8GB",
     "It takes at least"),
    ("rtx 3080 laptop 16gb llama 3 8b bf16", "this verdict is for your own laptop.",
     "It takes at least"),
    ("est-ce que llama 3 8b en bf16 tient sur ma rtx 3080 laptop 16 go ?",
     "ce verdict vaut pour votre propre ordinateur portable", "Il faut au moins"),
    # A desktop card still gets the count that holds it.
    ("tokens/s llama 3 8b bf16 on my 3060", "On 2× RTX 3060 it fits", "laptop"),
]


@pytest.mark.parametrize(("question", "has", "lacks"), ONE_PER_MACHINE)
def test_the_machines_one_gpu_is_never_planned_several(question: str, has: str,
                                                       lacks: str) -> None:
    text = str(ask_json(question)["text"]).replace("\u00a0", " ").replace("\u202f", " ")
    assert has in text and lacks not in text, text


@pytest.mark.parametrize(("question", "locale", "said"), [
    ("mi250x specs", None, "Memory: 128 GB. The software sees it as 2 GPUs of 64 GB each (its "
     "dies): a model must fit one of them unless it is split across them."),
    ("especificaciones de la mi250x", "es", "El software la ve como 2 GPU de 64 GB cada una"),
    ("caractéristiques de la mi250", "fr", "Le logiciel la voit comme 2 GPU de 64 Go chacun"),
])
def test_a_two_die_packages_specs_say_what_the_software_sees(question: str, locale: str | None,
                                                             said: str) -> None:
    got = ask_json(question, locale)
    text = str(got["text"]).replace("\u00a0", " ").replace("\u202f", " ")
    assert got["gpu"] in ("mi250x", "mi250") and said in text, text
