"""cards16 (session 28): GPU data and card comparisons, the card the user owns."""

from __future__ import annotations

import pytest

from tests.support.chat import ask

OWN = ("your own card", "tu propia tarjeta", "votre propre carte")

# Colab's card on the second side of a comparison is Colab's, as on the first (was "this verdict
# is for your own card" for Colab's T4 beside the user's 3060).
COLAB_SECOND = [
    ("is my 3060 better than colab for qlora 7b", "RTX 3060", "T4",
     "We don't rent the T4 here: this verdict is for the one your Google Colab notebook gets."),
    ("mi 3060 o colab para qlora 7b", "RTX 3060", "T4",
     "No alquilamos la T4: este veredicto es para la GPU que recibe tu cuaderno de Google Colab."),
    ("ma 3060 ou colab pour un qlora 7b", "RTX 3060", "T4",
     "Nous ne louons pas la T4\u00a0: ce verdict vaut pour le GPU que reçoit votre notebook Google Colab."),
    ("my 3090 or colab pro a100 for lora 8b", "RTX 3090", "A100 40GB",
     "We don't rent the A100 40GB here: this verdict is for the one your Google Colab notebook gets."),
]


@pytest.mark.parametrize(("question", "own", "colab", "said"), COLAB_SECOND)
def test_colabs_card_second_is_colabs(question: str, own: str, colab: str, said: str) -> None:
    reply = ask(question)
    assert reply.query.intent == "compare"
    lines = [line for line in reply.text.splitlines() if line.startswith("🏠")]
    assert len(lines) == 2, reply.text
    assert own in lines[0] and any(o in lines[0] for o in OWN)  # the user's card stays theirs
    assert lines[1] == f"🏠 {said}"


# Kaggle named as where the run goes: its notebooks' GPUs (gpus_owned.toml [kaggle]: two T4s,
# its other GPU one P100), a free notebook's, not the user's own (was no card at all, the memory
# alone, for "on kaggle", and "this verdict is for your own card" for a card named there).
KAGGLE = [
    ("can i qlora llama 3 8b on kaggle", "t4", 2, "fit",
     "🏠 We don't rent the T4 here: this verdict is for the 2× T4 a Kaggle notebook gets; its "
     "other GPU there is one P100 of 16 GB."),
    ("puedo hacer qlora de llama 3 8b en kaggle", "t4", 2, "fit",
     "🏠 No alquilamos la T4: este veredicto es para las 2× T4 que recibe un cuaderno de Kaggle; "
     "su otra GPU allí es una P100 de 16\u00a0GB."),
    ("est-ce que je peux faire un qlora de llama 3 8b sur kaggle ?", "t4", 2, "fit",
     "🏠 Nous ne louons pas la T4\u00a0: ce verdict vaut pour les 2× T4 que reçoit un notebook "
     "Kaggle\u202f; son autre GPU y est un P100 de 16\u202fGo."),
    ("kaggle 2x t4 can i qlora llama 3 8b", "t4", 2, "fit",
     "🏠 We don't rent the T4 here: this verdict is for the 2× T4 a Kaggle notebook gets"),
    ("p100 on kaggle qlora 7b", "p100", 1, "fit",
     "🏠 We don't rent the P100 here: this verdict is for the one your Kaggle notebook gets."),
    ("la p100 de kaggle aguanta qlora de mistral 7b?", "p100", 1, "fit",
     "🏠 No alquilamos la P100: este veredicto es para la GPU que recibe tu cuaderno de Kaggle."),
    ("is my 3060 better than kaggle for qlora 7b", "rtx-3060", None, "compare",
     "🏠 We don't rent the T4 here: this verdict is for the 2× T4 a Kaggle notebook gets"),
]


@pytest.mark.parametrize(("question", "gpu", "count", "intent", "said"), KAGGLE)
def test_kaggle_is_its_notebooks_gpus(
    question: str, gpu: str, count: int | None, intent: str, said: str
) -> None:
    reply = ask(question)
    q = reply.query
    assert (q.intent, q.gpu) == (intent, gpu)
    if intent == "compare":
        assert q.other_gpus == ("t4",) and q.other_gpu_kaggle and not q.gpu_kaggle
        assert any(o in reply.text for o in OWN)  # the 3060 stays the user's
    else:
        assert (q.gpu_count or 1) == count and q.gpu_kaggle
        assert not any(o in reply.text for o in OWN)
    assert said in reply.text


@pytest.mark.parametrize("question", [
    "fine tune llama 3 8b on a kaggle dataset with my 3090",
    "qlora llama 3 8b on my 3090 with data from kaggle",
    "can i qlora llama 3 8b on my t4",
])
def test_kaggle_as_the_datas_source_is_no_gpu(question: str) -> None:
    reply = ask(question)
    assert not reply.query.gpu_kaggle and "Kaggle" not in reply.text
    assert reply.query.gpu_count in (None, 1)


# A precision naming the throughput asked of a card is its datasheet's figures (was "Which
# model?": "bf16" read as BF16 inference with no model named).
THROUGHPUT = [
    # The RTX 4070 Ti Super and 4080 Super have a derived peak since peaks37 (was "no cited
    # figure"); the Arc A770 has none on file.
    ("what's the bf16 tflops of a 4070 ti super", "rtx-4070-ti-super",
     "• Peak BF16 Tensor throughput: 88.2 dense TFLOPS."),
    ("bf16 tflops 4080 super?", "rtx-4080-super",
     "• Peak BF16 Tensor throughput: 104.4 dense TFLOPS."),
    ("what's the bf16 tflops of an arc a770", "arc-a770",
     "• Peak throughput: no cited figure on file."),
    ("tflops bf16 4090", "rtx-4090", "• Peak BF16 Tensor throughput: 165.2 dense TFLOPS."),
    ("cuantos tflops en bf16 tiene la 4090", "rtx-4090",
     "• Rendimiento máximo BF16 Tensor: 165,2 TFLOPS densos."),
    ("combien de tflops bf16 pour une 4080 super ?", "rtx-4080-super",
     "• Débit Tensor BF16 de pointe\u00a0: 104,4 TFLOPS denses."),
    ("combien de tflops bf16 pour une arc a770 ?", "arc-a770",
     "• Débit de pointe\u00a0: pas de chiffre cité dans nos données."),
]


@pytest.mark.parametrize(("question", "gpu", "said"), THROUGHPUT)
def test_a_precisions_throughput_is_the_cards_figures(question: str, gpu: str, said: str) -> None:
    reply = ask(question)
    assert reply.query.gpu == gpu and reply.query.specs_asked and reply.query.method is None
    assert reply.text.startswith("📋 <b>") and said in reply.text


@pytest.mark.parametrize(("question", "method"), [
    ("can i run llama 3 8b in bf16 on a 4090", "inference_bf16"),
    ("qlora llama 3 8b bf16 on a 4090", "qlora"),
])
def test_a_precision_beside_a_model_stays_the_run(question: str, method: str) -> None:
    assert ask(question).query.method == method


# Three or more cards named for a comparison: two are compared and the others are said to be
# left out (were dropped without a word).
LEFT_OUT = [
    ("rtx a6000 48gb vs rtx 6000 ada vs l40s for qlora 70b", ("RTX A6000", "RTX 6000 Ada"),
     "ℹ️ I compare two GPUs at a time: the L40S is left out. Ask again with it against either of "
     "them."),
    ("3090 vs 4090 vs 5090 qlora 8b que es mejor", ("RTX 3090", "RTX 4090"),
     "ℹ️ Comparo dos GPU a la vez; fuera de esta comparación: RTX 5090."),
    ("h100, a100 ou l40s pour un qlora 70b ?", ("H100", "A100 80GB"),
     "ℹ️ Je compare deux GPU à la fois\u202f; hors de cette comparaison\u00a0: L40S."),
    ("h100 vs a100 vs l40s vs b200 prices", ("H100", "A100 80GB"),
     "the L40S and B200 are left out. Ask again with each against either of them."),
]


@pytest.mark.parametrize(("question", "compared", "said"), LEFT_OUT)
def test_a_third_card_is_said_to_be_left_out(
    question: str, compared: tuple[str, str], said: str
) -> None:
    reply = ask(question)
    title = reply.text.split("\n", 1)[0]
    assert all(name in title for name in compared)
    assert said in reply.text


@pytest.mark.parametrize("question", [
    "h100 vs a100 for qlora 70b", "2x 3090 + 4090 vs h100 for qlora 70b", "4x h100 vs 8x h100",
])
def test_two_sides_leave_nothing_out(question: str) -> None:
    text = ask(question).text
    assert "two GPUs at a time" not in text


# An Ada workstation card by its number alone (was no card: "rtx a6000 vs 6000 ada" compared the
# A6000 with the next card named, "5880 ada lora 13b" was the memory alone).
@pytest.mark.parametrize(("question", "gpu"), [
    ("6000 ada qlora 70b", "rtx-6000-ada"),
    ("my 4000 ada can do lora 8b?", "rtx-4000-ada"),
    ("5880 ada lora 13b", "rtx-5880-ada"),
    ("tengo una 6000 ada, cabe llama 3 70b en qlora?", "rtx-6000-ada"),
    ("ma 4500 ada generation suffit pour un qlora 8b ?", "rtx-4500-ada"),
])
def test_an_ada_workstation_card_by_its_number(question: str, gpu: str) -> None:
    assert ask(question).query.gpu == gpu


def test_the_a6000_beside_the_6000_ada() -> None:
    q = ask("rtx a6000 vs 6000 ada vs l40s which is best for qlora 70b").query
    assert (q.gpu, q.other_gpus) == ("rtx-a6000", ("rtx-6000-ada", "l40s"))


# A machine sharing its memory with the CPU (DGX Spark, a Ryzen AI Max+ 395 box, a Jetson) is
# no card: the verdict is for the user's own machine (was "for your own card").
MACHINES = [
    ("ryzen ai max 395 128gb llama 3 70b",
     "🏠 We don't rent the Ryzen AI Max+ 395 here: this verdict is for your own machine."),
    ("dgx spark qlora llama 3 70b",
     "🏠 We don't rent the DGX Spark here: this verdict is for your own machine."),
    ("tengo un dgx spark, cabe llama 3 70b en qlora?",
     "🏠 No alquilamos la DGX Spark: este veredicto es para tu propio equipo."),
    ("est-ce que mon jetson agx orin 64gb peut faire un lora de llama 3 8b ?",
     "🏠 Nous ne louons pas le Jetson AGX Orin 64GB\u00a0: ce verdict vaut pour votre propre machine."),
]


@pytest.mark.parametrize(("question", "said"), MACHINES)
def test_a_shared_memory_machine_is_no_card(question: str, said: str) -> None:
    text = ask(question).text
    assert said in text and not any(o in text for o in OWN)
