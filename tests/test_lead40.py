"""Questions found in session 40, as users wrote them."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bot.console import Console, to_plain
from fakebotapi import validate_telegram_html
from tests.support.chat import ask, converse, says


@pytest.mark.parametrize(("text", "chip"), [
    # A Mac's memory said before its chip, no "mac" in the message (was "1× GPU of 16 GB" at
    # 17.18 GB, 16 GiB, not the 11.45 GB macOS lets the GPU use)
    ("lora 7b on 16gb m2 with hf transformers", "Apple M2"),
    ("16gb m2 llama 3 8b inference", "Apple M2"),
    ("llama 3 8b on 24 gb m3", "Apple M3"),
])
def test_mac_memory_before_its_chip(text: str, chip: str) -> None:
    reply = ask(text, "en").text
    head = reply.split("\n", 1)[0]
    assert f"1× {chip}" in head, head
    assert "unified memory" in reply


def test_drive_size_before_m2_is_no_mac() -> None:
    # "512gb m2 ssd": the drive, not a Mac; the card asked is the 4090
    reply = ask("512gb m2 ssd llama 8b on 4090", "en").text
    assert "RTX 4090" in reply.split("\n", 1)[0]
    assert "Apple" not in reply


@pytest.mark.parametrize(("text", "lang", "said"), [
    ("lora llama 3 8b on my m3 max 64gb using pytorch mps", "en",
     "PyTorch on the Mac's GPU (MPS), as you named it"),
    ("lora de llama 3 8b en mi m3 max de 64gb con pytorch mps", "es",
     "PyTorch en la GPU del Mac (MPS), como indicaste"),
    ("lora de llama 3 8b sur mon m3 max 64go avec pytorch mps", "fr",
     "PyTorch sur le GPU du Mac (MPS), comme vous l'avez indiqué"),
])
def test_pytorch_named_on_a_mac_is_not_mlx(text: str, lang: str, said: str) -> None:
    # PyTorch named: the run as said (TRL/PEFT's usual settings, all layers), not mlx-lm's
    # defaults with "No trainer named" (was 19.3 GB at mlx_lm.lora's rank 8 on 16 layers)
    reply = ask(text, lang).text
    assert said in reply
    assert "mlx_lm.lora --model" not in reply
    assert any(f in reply for f in ("23.1 GB", "23,1\u00a0GB", "23,1\u202fGo")), reply[:400]
    # LoRA starts on the Mac itself with TRL, not on a rented card
    assert "<code>--use_peft --lora_target_modules all-linear</code>" in reply
    assert "L40S, run it" not in reply


def test_mlx_still_assumed_when_nothing_is_named() -> None:
    reply = ask("lora llama 3 8b on my m3 max 64gb", "en").text
    assert "No trainer named: estimated as mlx-lm runs it on a Mac" in reply
    assert "PyTorch on the Mac's GPU" not in reply


def test_qlora_with_peft_on_a_mac_starts_with_mlx() -> None:
    # bitsandbytes' 4-bit loader is CUDA's: the QLoRA command is mlx-lm's even with PEFT named
    reply = ask("qlora llama 3 8b on my m3 max 64gb with peft", "en").text
    assert "mlx_lm.lora --model" in reply


PRICED = ["l40s", "a100-80gb", "h100", "h200", "b200"]

# An alert asked on no card but every one priced: one alert a priced GPU, each set (was
# "Which GPU should I watch?"). (text, threshold, what /alerts lists)
ALERT_ANY = [
    ("notify me if any gpu gets cheaper", None,
     ["L40S", "A100 80GB", "H100", "H200", "B200"]),
    ("tell me when prices change", None, ["L40S", "A100 80GB", "H100", "H200", "B200"]),
    ("alert me if any of your gpus drops below 1", D(1),
     ["L40S drops below $1", "A100 80GB drops below $1", "H100 drops below $1",
      "H200 drops below $1", "B200 drops below $1"]),
    ("avísame si alguna gpu baja de precio", None, ["L40S", "A100 80GB", "H100"]),
    ("préviens-moi quand les prix changent", None, ["L40S", "A100 80GB", "H100"]),
]


@pytest.mark.parametrize(("text", "threshold", "listed"), ALERT_ANY)
def test_an_alert_on_any_gpu_is_one_on_each_priced(
        text: str, threshold: D | None, listed: list[str]) -> None:
    reply = ask(text)
    assert [(p.answer.intent, p.query.gpu, p.query.threshold_usd) for p in reply.parts] \
        == [("alert", gpu, threshold) for gpu in PRICED]
    assert validate_telegram_html(reply.text) is None


@pytest.mark.parametrize(("text", "threshold", "listed"), ALERT_ANY)
async def test_the_console_sets_an_alert_on_each_priced_gpu(
        console: Console, text: str, threshold: D | None, listed: list[str]) -> None:
    said = to_plain(await console.answer(text))
    assert said.count("🔔") == len(PRICED), said
    says(to_plain(await console.answer("/alerts")), listed, [])


@pytest.mark.parametrize("text", [
    # a card named keeps its own alert alone
    "ping me when the price of h100 changes",
    "alert me when the h100 prices change",
])
def test_a_card_named_is_its_alert_alone(text: str) -> None:
    reply = ask(text)
    assert not reply.parts
    assert reply.query.gpu == "h100" and reply.answer.intent == "alert"


@pytest.mark.parametrize(("text", "lang", "rented"), [
    # one's own card we also rent (price unpublished) and another card named to rent, samples
    # of unsaid length: the named card's run and cost (was the 4090's unpublished-price line)
    ("cuanto tarda un qlora de llama 3 8b en mi 4090 con 10k ejemplos y si lo alquilo en la h100?",
     "es", "💵 Si lo alquilas aquí en 1× H100: alrededor de 10\xa0minutos y 36\xa0minutos"),
    ("how long qlora llama 3 8b on my 4090 with 10k samples, and if i rent an h100?", "en",
     "💵 Rented here on 1× H100: about 10 minutes and 36 minutes, $0.37 and $1.39"),
])
def test_own_rented_card_then_another_named_to_rent(text: str, lang: str, rented: str) -> None:
    reply = ask(text, lang).text
    assert rented in reply, reply[:600]
    assert "4090" not in reply.split(rented)[0].split("\n", 1)[1]


@pytest.mark.parametrize(("turns", "listed"), [
    # "them all" after alerts set: every alert removed (was the one just set alone)
    (("alert me if the h100 drops below 2", "and the h200 too", "delete them all"), []),
    (("avísame si la h100 baja de 2", "y la h200 también", "/alerts", "borralas todas"), []),
    (("préviens-moi si la h100 passe sous 2", "et la h200 aussi", "supprime-les toutes"), []),
    # chat shorthand for "too" copies the condition (was "every change" of the H200's price)
    (("avísame si la h100 baja de 2", "y la h200 tmb"),
     ["La H100 baja de 2\u00a0US$", "La H200 baja de 2\u00a0US$"]),
])
async def test_alerts_follow_ups_as_written(
        console: Console, turns: tuple[str, ...], listed: list[str]) -> None:
    for turn in turns:
        await console.answer(turn)
    shown = to_plain(await console.answer("/alerts"))
    if listed:
        says(shown, listed, [])
    else:
        assert "🔕" in shown and "1." not in shown, shown


@pytest.mark.parametrize(("turns", "lang", "head"), [
    # a figure in words alone after a cost: its digits (was "I did not understand"); "et 90 ?"
    # was read already
    (("combien coûte une h100 pendant 10 heures", "et nonante ?"), "fr",
     "💵 <b>Coût\u00a0: 208,80\u00a0$US</b> — 1× H100 × 90\u00a0heures"),
    (("combien coûte une h100 pendant 10 heures", "et quatre-vingt-dix ?"), "fr",
     "💵 <b>Coût\u00a0: 208,80\u00a0$US</b> — 1× H100 × 90\u00a0heures"),
    (("cuanto cuesta una h100 por 10 horas", "y noventa?"), "es",
     "💵 <b>Coste: 208,80\u00a0US$</b> — 1× H100 × 90\u00a0horas"),
    (("how much is an h100 for 10 hours", "and ninety?"), "en",
     "💵 <b>Cost: $208.80</b> — 1× H100 × 90 hours"),
])
def test_a_figure_in_words_alone_is_its_digits(
        turns: tuple[str, ...], lang: str, head: str) -> None:
    reply = converse(*turns, locale=lang)[-1].text
    assert reply.split("\n", 1)[1].startswith(head), reply[:300]
