"""Owned cards mixed with others (cards9): a follow-up that adds a different card to the
machine asked before is that machine with the card added, not the new card alone."""

from __future__ import annotations

import pytest

from tests.support.chat import converse

# After a run on 2× RTX 3090, a 4090 put beside them: the run on one machine of the three
# (was the 4090 alone, "17× RTX 4090 to hold it").
ADDED = [
    ("2x 3090, can i lora llama 3 70b?", "and with a 4090 added?", None,
     "Read as one machine with 2× RTX 3090 and 1× RTX 4090 (72 GB in all)"),
    ("2x 3090, puedo hacer lora de llama 3 70b?", "y con otra 4090?", None,
     "una sola máquina con 2× RTX 3090 y 1× RTX 4090 (72 GB en total)"),
    ("2x 3090, je peux faire un lora de llama 3 70b ?", "et avec une 4090 en plus ?", None,
     "une seule machine avec 2× RTX 3090 et 1× RTX 4090 (72 Go au total)"),
    # The first question in English, the follow-up in Spanish
    ("2x 3090, can i lora llama 3 70b?", "y con otra 4090?", "es",
     "una sola máquina con 2× RTX 3090 y 1× RTX 4090"),
]


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("first", "then", "lang", "note"), ADDED)
def test_a_card_added_joins_the_machine(first: str, then: str, lang: str | None,
                                        note: str) -> None:
    _before, after = converse(first, then)
    query = after.query
    assert query.rig == (("rtx-3090", 2), ("rtx-4090", 1)), after.text
    assert query.gpu == "rtx-3090" and query.gpu_count == 3, after.text
    assert query.method == "lora" and query.model_id == "llama-3-70b", after.text
    assert note in spaced(after.text), after.text
    assert "17× RTX 4090" not in after.text, after.text
    if lang is not None:
        assert after.answer.query.lang == lang


def test_a_card_added_to_a_served_model_splits_by_layers() -> None:
    """Serving on 2× RTX 3090, then a 3060 added: cards of different memory, so llama.cpp's
    layer split at their mean memory, as when the three are said at once."""
    _before, after = converse("2x 3090, can i run llama 3 70b?", "and with a 3060 added?")
    (alone,) = converse("2x 3090 and a 3060, can i run llama 3 70b?")
    for field in ("rig", "gpu", "gpu_count", "gpu_memory_gb", "rig_layer_split", "method",
                  "runner"):
        assert getattr(after.query, field) == getattr(alone.query, field), field
    assert after.query.rig_layer_split and after.answer.fits


def test_another_card_added_to_a_split_machine_counts_it() -> None:
    _before, after = converse("2x 3090 and a 3060, can i run llama 3 70b?", "y con otra 3060?")
    assert after.query.rig == (("rtx-3090", 2), ("rtx-3060", 2)), after.text
    assert after.query.gpu_memory_gb == 18 and after.query.rig_layer_split, after.text


@pytest.mark.parametrize(("first", "then", "gpu", "count"), [
    # Another card alone, said as such: that card, not added.
    ("2x 3090, can i lora llama 3 70b?", "and on a 4090?", "rtx-4090", None),
    ("2x 3090, can i lora llama 3 70b?", "and on a 4090 too?", "rtx-4090", None),
    # One more of the same card counts it up.
    ("2x 3090, can i lora llama 3 70b?", "and with one more?", "rtx-3090", 3),
    ("2x 3090, can i lora llama 3 70b?", "and with another 3090?", "rtx-3090", 3),
    # Rented cards: the service offers configurations of one card model, never mixed.
    ("lora llama 3 70b on an h100", "and with an a100 added?", "a100-80gb", None),
    ("2x 3090, can i lora llama 3 70b?", "and with an h100 added?", "h100", None),
])
def test_not_a_card_added(first: str, then: str, gpu: str, count: int | None) -> None:
    _before, after = converse(first, then)
    assert after.query.rig == () and after.query.gpu == gpu, after.text
    assert after.query.gpu_count == count, after.text


def test_a_rigs_mean_memory_is_worked_out_in_one_place() -> None:
    """parse, owned.layer_split and the follow-up adding a card share owned.rig_memory."""
    from bot.understand.owned import assumed_gguf, rig_memory
    from rules.catalogue import load_catalogue
    cat = load_catalogue()
    assert rig_memory((("rtx-3090", 2), ("rtx-3060", 1)), cat) == 20
    assert rig_memory((("rtx-3090", 1), ("rtx-4090", 1)), cat) is None  # one size: no split
    assert assumed_gguf(cat) == ("Q4_K_M", "gguf_q4_k_m")


# One's own card joined with one we rent: they share no job (different machines), said first,
# then each card on its own (was "RTX 3090 or H100?" alone; in Spanish and French one machine
# of both, "104 GB in all").
POOLED = [
    ("can i combine my 3090 with a rented h100 to finetune llama 3 70b", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("can i combine my 3090 with a rented h100", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("can i combine a rented h100 with my 3090 to qlora llama 3 70b", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("can i combine my 3090 with a rented 4090", "en",
     "🔌 <b>No: your RTX 3090 and a rented RTX 4090 cannot share one job.</b>"),
    ("can i add a rented h100 to my 3090 rig to train llama 70b", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("can i rent an h100 and use it with my 3090 for llama 3 70b", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("can i use my 3090 with a rented h100 for qlora llama 3 70b", "en",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("puedo usar mi 4090 junto con una h100 de ustedes para llama 3 70b?", "es",
     "🔌 <b>No: tu RTX 4090 y una H100 alquilada no pueden compartir un mismo trabajo.</b>"),
    ("puedo combinar mi 3090 con una h100 alquilada para finetunear llama 3 70b", "es",
     "🔌 <b>No: tu RTX 3090 y una H100 alquilada no pueden compartir un mismo trabajo.</b>"),
    ("je peux combiner ma 3090 avec une h100 louée pour fine-tuner llama 3 70b", "fr",
     "🔌 <b>Non : votre RTX 3090 et une H100 louée ne peuvent pas travailler sur une même "
     "tâche.</b>"),
]


@pytest.mark.parametrize(("text", "lang", "lead"), POOLED)
def test_an_own_card_and_a_rented_one_share_no_job(text: str, lang: str, lead: str) -> None:
    (reply,) = converse(text)
    assert reply.query.pooled_asked and reply.query.rig == (), reply.text
    assert reply.answer.intent == "compare" and reply.query.lang == lang, reply.text
    assert spaced(reply.text).startswith(spaced(lead)), reply.text
    assert "⚖️" in reply.text  # each card on its own after it


@pytest.mark.parametrize("text", [
    "combine my 3090 and my 4090 to train llama 3 70b",  # both the user's
    "rtx 3090 or h100 for qlora llama 3 70b?",  # compared, not joined
    "can i rent an h100 and an a100 together?",  # both rented, none the user's
    "can i use 2x 3090 and a 3060 together for llama 3 70b",
    "my 3090 or a rented h100 for llama 3 70b, which is better?",  # compared
    "i have a 3090, should i rent an h100 instead for llama 3 70b",
])
def test_no_rented_card_joined_to_ones_own(text: str) -> None:
    (reply,) = converse(text)
    assert not reply.query.pooled_asked and "🔌" not in reply.text, reply.text


# Apple silicon: the memory configurations Apple's tech specifications list (gpus_owned.toml).
APPLE_SOLD = {
    "apple-m1": ["8", "16"], "apple-m1-pro": ["16", "32"], "apple-m1-max": ["32", "64"],
    "apple-m1-ultra": ["64", "128"], "apple-m2": ["8", "16", "24"], "apple-m2-pro": ["16", "32"],
    "apple-m2-max": ["32", "64", "96"], "apple-m2-ultra": ["64", "128", "192"],
    "apple-m3": ["8", "16", "24"], "apple-m3-pro": ["18", "36"],
    "apple-m3-max": ["36", "48", "64", "96", "128"], "apple-m3-ultra": ["96", "256", "512"],
    "apple-m4": ["16", "24", "32"], "apple-m4-pro": ["24", "48", "64"],
    "apple-m4-max": ["36", "48", "64", "128"],
}


def test_apple_memory_options_are_the_ones_apple_sells() -> None:
    from decimal import Decimal

    from rules.catalogue import load_catalogue
    cat = load_catalogue()
    for gpu_id, sizes in APPLE_SOLD.items():
        assert cat.gpu(gpu_id).memory_options_gb == tuple(Decimal(s) for s in sizes), gpu_id


# A Mac said alone: noted with what macOS lets its GPU use (was the memory alone; "M4 Pro 48gb
# mini" was "we don't rent the Apple M4 Pro", not noted).
MAC_NOTED = [
    ("m3 max 36gb", "apple-m3-max", "36 GB of unified memory.</b>\n🍎 macOS lets the GPU use "
     "about 28.99 GB of it (Metal's recommended working set)."),
    ("macbook pro m4 max 128gb", "apple-m4-max", "about 103.07 GB of it"),
    ("mac studio m2 ultra 192gb", "apple-m2-ultra", "about 154.61 GB of it"),
    ("my m1 pro 16gb", "apple-m1-pro", "about 11.45 GB of it"),
    ("M4 Pro 48gb mini", "apple-m4-pro", "about 38.65 GB of it"),
    ("tengo un m2 ultra de 192gb", "apple-m2-ultra", "macOS deja usar a la GPU unos 154,61 GB"),
    ("j'ai un mac mini m4 pro 48go", "apple-m4-pro", "macOS en laisse environ 38,65 Go au GPU"),
]


@pytest.mark.parametrize(("text", "gpu", "said"), MAC_NOTED)
def test_a_mac_noted_says_what_its_gpu_may_use(text: str, gpu: str, said: str) -> None:
    (reply,) = converse(text)
    assert reply.answer.card_noted and reply.query.gpu == gpu, reply.text
    assert said in spaced(reply.text), reply.text
    assert "ℹ️" not in reply.text  # a memory Apple sells: nothing more to say


@pytest.mark.parametrize(("text", "said"), [
    # Memory Apple sells no such chip with: said, and answered on the memory written.
    ("m3 max 32gb can i run llama 3 8b", "ℹ️ The Apple M3 Max comes with 36 GB, 48 GB, 64 GB, "
     "96 GB, or 128 GB (Apple's tech specifications), not 32 GB"),
    ("m4 pro 36gb", "ℹ️ The Apple M4 Pro comes with 24 GB, 48 GB, or 64 GB"),
    ("tengo un m3 max de 32gb", "ℹ️ El chip Apple M3 Max viene con 36 GB, 48 GB, 64 GB, 96 GB o "
     "128 GB"),
    ("qwen 2.5 7b sur mon m3 max 32go ?", "ℹ️ La puce Apple M3 Max existe en 36 Go"),
    # No memory said: the smallest assumed, and the others asked for.
    ("i have an m2 max", "ℹ️ I assumed the 32 GB Apple M2 Max; it comes with 32 GB, 64 GB, or "
     "96 GB"),
])
def test_a_mac_memory_apple_does_not_sell_is_said(text: str, said: str) -> None:
    (reply,) = converse(text)
    assert said in spaced(reply.text), reply.text


# Two cards each said to be the user's ("my 3090 and my 4090"): one machine of both (was
# "RTX 3090 or RTX 4090?", each alone); asked which is better, still compared.
@pytest.mark.parametrize("text", [
    "combine my 3090 and my 4090 to train llama 3 70b",
    "can i use my 3090 and my 4090 together for qlora llama 3 70b",
    "mi 3090 y mi 4090 juntas me sirven para qlora de llama 3 70b?",
    "ma 3090 et ma 4090 ensemble pour un qlora de llama 3 70b ?",
])
def test_my_card_and_my_other_card_are_one_machine(text: str) -> None:
    (reply,) = converse(text)
    assert reply.query.rig == (("rtx-3090", 1), ("rtx-4090", 1)), reply.text
    assert reply.answer.intent == "fit" and reply.query.gpu_count == 2, reply.text


@pytest.mark.parametrize("text", [
    "is my 3090 or my 4090 better for qlora llama 3 8b", "my 3090 vs my 4090 for llama 3 8b"])
def test_my_two_cards_compared_stay_compared(text: str) -> None:
    (reply,) = converse(text)
    assert reply.answer.intent == "compare" and reply.query.rig == (), reply.text


@pytest.mark.parametrize(("text", "cost"), [
    # Hours asked of them, no model: the note, then the rented card priced for them (was "We
    # don't rent the RTX 3090, so there is no price to quote").
    ("can i combine my 3090 with a rented h100 for 10 hours, how much", "💵 <b>Cost: $23.20</b>"),
    ("cuanto me sale combinar mi 3090 con una h100 alquilada 10 horas",
     "💵 <b>Coste: 23,20 US$</b>"),
])
def test_an_own_card_and_a_rented_one_for_hours(text: str, cost: str) -> None:
    (reply,) = converse(text)
    assert reply.query.pooled_asked and reply.text.startswith("🔌 <b>"), reply.text
    assert cost in reply.text.replace("\u00a0", " "), reply.text


# Another card said to be the user's too, right after the first was noted: the machine noted
# with it (was that card alone, the first forgotten); said with no "also", it replaces it.
@pytest.mark.parametrize(("first", "then", "rig", "lead"), [
    ("i have 2 3090s", "and i also have a 4090", (("rtx-3090", 2), ("rtx-4090", 1)),
     "👍 <b>Got it: 2× RTX 3090 and 1× RTX 4090 (72 GB in all).</b>"),
    ("tengo dos 3090", "también tengo una 3060", (("rtx-3090", 2), ("rtx-3060", 1)),
     "👍 <b>Entendido: 2× RTX 3090 y 1× RTX 3060 (60 GB en total).</b>"),
    ("j'ai une 3090", "j'ai aussi une 4090", (("rtx-3090", 1), ("rtx-4090", 1)),
     "👍 <b>C'est noté : 1× RTX 3090 et 1× RTX 4090 (48 Go en tout).</b>"),
])
def test_a_card_owned_too_joins_the_card_noted(first: str, then: str, rig: tuple[tuple[str, int], ...],
                                                lead: str) -> None:
    _noted, also, asked = converse(first, then, "can i lora llama 3 70b?")
    assert also.answer.card_noted and also.query.rig == rig, also.text
    assert spaced(also.text).startswith(spaced(lead)), also.text
    assert asked.query.rig == rig, asked.text  # the next question is on the machine


def test_a_card_owned_said_alone_replaces_the_card_noted() -> None:
    _noted, other = converse("i have 2 3090s", "i have a 4090")
    assert other.query.rig == () and other.query.gpu == "rtx-4090", other.text


@pytest.mark.parametrize(("first", "rig", "memory"), [
    # "one more" after a machine of different cards: one more of the card it is answered on,
    # the machine kept (was 4× RTX 3090, the 4090 dropped).
    ("2x 3090 and a 4090, can i lora llama 3 70b?", (("rtx-3090", 3), ("rtx-4090", 1)), None),
    # Served split by layers: the mean memory over the cards now in it (72 GB over 4).
    ("2x 3090 and a 3060, can i run llama 3 70b?", (("rtx-3090", 2), ("rtx-3060", 2)), 18),
])
def test_one_more_keeps_the_machine(first: str, rig: tuple[tuple[str, int], ...],
                                    memory: int | None) -> None:
    _before, after = converse(first, "and with one more?")
    assert after.query.rig == rig and after.query.gpu_count == 4, after.text
    assert after.query.gpu_memory_gb == memory, after.text
    assert after.query.rig_layer_split == (memory is not None), after.text


@pytest.mark.parametrize(("first", "then", "lead"), [
    # The rented card joined with the one said before ("it"): they share no job, each alone
    # (was the H100 alone, the 3090 forgotten).
    ("i have a 3090", "can i combine it with a rented h100 to train llama 3 70b?",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
    ("tengo una 3090", "puedo combinarla con una h100 alquilada para entrenar llama 3 70b?",
     "🔌 <b>No: tu RTX 3090 y una H100 alquilada"),
    ("qlora llama 3 70b on my 3090?", "can i pool it with a rented h100?",
     "🔌 <b>No: your RTX 3090 and a rented H100 cannot share one job.</b>"),
])
def test_a_rented_card_joined_with_the_one_said_before(first: str, then: str, lead: str) -> None:
    _before, after = converse(first, then)
    assert after.query.pooled_asked and after.answer.intent == "compare", after.text
    assert after.query.gpu == "rtx-3090" and after.query.other_gpus == ("h100",), after.text
    assert lead in after.text, after.text
    assert after.query.model_id == "llama-3-70b", after.text


def test_another_rented_card_after_ones_own_is_not_joined() -> None:
    _before, after = converse("i have a 3090", "what about a rented h100 for llama 3 70b?")
    assert not after.query.pooled_asked and "🔌" not in after.text, after.text


@pytest.mark.parametrize("text", ["m3 max 36gb macbook pro", "m3 max 36gb mac studio"])
def test_a_mac_named_after_its_chip_is_noted(text: str) -> None:
    """The Mac said after the chip ("… macbook pro") is the same one card: noted as the user's
    (was "We don't rent the Apple M3 Max, so there is no price to quote"; found by cards9)."""
    reply = converse(text)[0]
    assert reply.text.startswith("👍 <b>Got it: Apple M3 Max, 36 GB of unified memory.</b>")
