"""Questions as new users write them (probe-en11): "full precision" beside a method ("lora
qwen2.5 3b full precision base") was read as full fine-tuning too, so two methods were named and
the reply was BF16 inference; one epoch's time or cost ("how much per epoch", "combien de temps
par époque") was answered with the hyper-parameter note."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json, converse

# --- "full precision" is a number format, not full fine-tuning -----------------------------------


@pytest.mark.parametrize(("text", "locale", "method"), [
    ("a10g on aws (24gb), lora qwen2.5 3b full precision base, bs 8 seq 1024, ok?", None,
     "lora"),
    ("qlora llama 3 8b on a 3090, compute in full precision", None, "qlora"),
    ("lora mistral 7b with the base in full precision on a 4090", None, "lora"),
    ("run llama 3 8b in full precision on a 4090", None, "inference_bf16"),
    ("llama 3 8b full precision on a 4090", None, "inference_bf16"),
    # a full fine-tune said as such stays one
    ("full precision full finetune of llama 3.2 1b on an a100", None, "full_adamw"),
])
def test_full_precision_is_not_full_fine_tuning(
    text: str, locale: str | None, method: str
) -> None:
    got = ask_json(text, locale)
    assert got["method"] == method, got["text"]
    assert "full AdamW" not in str(got["text"]) or method == "full_adamw", got["text"]


def test_full_precision_beside_lora_is_the_fp32_base() -> None:
    """The base loaded in FP32 is the setting read: its weights twice the BF16 ones."""
    got = ask_json("a10g on aws (24gb), lora qwen2.5 3b full precision base, bs 8 seq 1024, ok?")
    text = str(got["text"])
    assert got["intent"] == "fit" and got["fits"] is False, text
    assert "(LoRA)" in text and "FP32 weights" in text, text


# --- one epoch's time or cost is the run's, not the hyper-parameter note --------------------------


@pytest.mark.parametrize(("text", "locale", "intent"), [
    ("how much does it cost per epoch to qlora llama 3 70b on 100M tokens", None, "cost"),
    ("how long per epoch for qlora llama 3 8b on 20M tokens on an a100", None, "time"),
    ("what does each epoch cost for lora qwen2.5 7b on 30M tokens on an a100", None, "cost"),
    ("combien de temps par époque pour un qlora de llama 3 8b sur 20M tokens sur une a100",
     "fr", "time"),
])
def test_one_epoch_is_the_run(text: str, locale: str | None, intent: str) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == intent and got["hours"] is not None, got["text"]
    assert "hyper" not in str(got["text"]).lower(), got["text"]


@pytest.mark.parametrize(("text", "locale"), [
    ("how many epochs should i train llama 3 8b qlora", None),
    ("what learning rate and how many epochs for qlora mistral 7b", None),
    ("epochs for a 10k dataset?", None),
    ("combien d'époques pour un qlora ?", "fr"),
])
def test_epochs_asked_still_get_the_published_settings(text: str, locale: str | None) -> None:
    got = ask_json(text, locale)
    assert got["intent"] == "help" and str(got["text"]).startswith("🎛"), got["text"]


# --- how a block of GPU-hours is drawn on ----------------------------------------------------------

_USE = "🧱 <b>A block need not be used in one go.</b>"
_MODEL = "🧱 <b>A block is for one GPU model:</b>"
_GPUS = "🧱 <b>A block counts GPU-hours, whatever the number of GPUs:</b>"


@pytest.mark.parametrize(("text", "locale", "lead"), [
    ("can i pause and resume my block, like use 5h today and 5h next week", None, _USE),
    ("do i have to use the 24h block in one go?", None, _USE),
    ("if i buy a 168h block do i have to use it all at once", None, _USE),
    ("can i spread the 720 hours over a few months", None, _USE),
    ("can i stop the instance and continue later without losing hours", None, _USE),
    ("can i use the hours whenever i want", None, _USE),
    ("do blocks work across gpu types? like buy h100 hours and use them on a100", None, _MODEL),
    ("can i use my h100 hours on an h200 instead", None, _MODEL),
    ("do the hours work on any gpu or just the one i bought", None, _MODEL),
    ("can i split a block across 4 gpus", None, _GPUS),
    ("puedo usar el bloque de 24h en varios dias?", "es",
     "🧱 <b>Un bloque no hace falta usarlo de una vez.</b>"),
    ("las horas de h100 sirven para una a100?", "es",
     "🧱 <b>Un bloque es para un solo modelo de GPU:</b>"),
    ("¿puedo repartir el bloque entre varias gpus?", "es",
     "🧱 <b>Un bloque cuenta GPU-horas"),
    ("je peux utiliser mes heures h100 sur une a100 ?", "fr",
     "🧱 <b>Un bloc vaut pour un seul modèle de GPU\u00a0:</b>"),
    ("on peut utiliser le bloc en plusieurs fois ?", "fr",
     "🧱 <b>Un bloc ne s'utilise pas forcément d'un seul coup.</b>"),
])
def test_how_a_block_is_drawn_on(text: str, locale: str | None, lead: str) -> None:
    """Was "Which model?", "I did not understand", or the two cards named compared."""
    got = ask_json(text, locale)
    assert got["intent"] == "help" and str(got["text"]).startswith(lead), got["text"]


@pytest.mark.parametrize(("text", "lead", "quote"), [
    ("what does a 10 hour block of a100 cost and can i use it over several days", _USE,
     "1× A100 80GB × 10 hours at $0.92/hour"),
    ("if i rent 8x h100 for 1 hour is that 8 hours off my block", _GPUS,
     "8× H100 × 1 hour at $18.56/hour = 8 GPU-hours"),
])
def test_a_quote_asked_beside_the_block_follows_it(text: str, lead: str, quote: str) -> None:
    got = ask_json(text)
    assert got["intent"] == "cost" and str(got["text"]).startswith(lead), got["text"]
    assert quote in str(got["text"]), got["text"]


@pytest.mark.parametrize("text", [
    "can i pause training and resume from a checkpoint",  # a run, no block spoken of
    "compare 10 hours on an h100 with 10 hours on a100",
    "h100 vs a100 for qlora 70b",
    "how much would 10 hours of h100 cost tomorrow",
    "serve llama 3 8b for 20 users at once on an h100",
])
def test_no_block_question_where_none_is_asked(text: str) -> None:
    assert "🧱 <b>A block" not in str(ask_json(text)["text"])


# --- the run's facts listed, then the time asked in one word ---------------------------------------


@pytest.mark.parametrize(("text", "locale"), [
    ("dataset: 250k rows. model: qwen2.5 7b. method: lora. gpu: a100. time?", None),
    ("lora mistral 7b 4090 100k rows duration?", None),
    ("qlora llama 3 8b, a100, 20M tokens. run time?", None),
    ("dataset: 250k filas. modelo: qwen2.5 7b. metodo: lora. gpu: a100. tiempo?", "es"),
    ("dataset : 250k lignes. modèle : qwen2.5 7b. méthode : lora. gpu : a100. temps ?", "fr"),
])
def test_time_asked_in_one_word(text: str, locale: str | None) -> None:
    """Was the fit verdict, the time never given."""
    got = ask_json(text, locale)
    assert got["intent"] == "time" and str(got["text"]).startswith("⏱"), got["text"]


@pytest.mark.parametrize("text", [
    "qlora llama 3 8b on a 4090, enough time?",
    "h100 for 10 hours, first time?",
])
def test_other_times_are_not_the_run_s(text: str) -> None:
    assert ask_json(text)["intent"] != "time"


# --- samples counted, no length and no method: the method timed is said ----------------------------

_NO_METHOD = "No method named, so this is the time for QLoRA: name LoRA or full fine-tuning"


@pytest.mark.parametrize(("text", "locale", "note"), [
    # DPO named is said so (probe38)
    ("how long would it take to dpo llama 3 8b on 20k preference pairs on an h100", None,
     "You named DPO, not how the weights are trained, so this is the time for QLoRA"),
    ("how long to finetune llama 3 8b on 20k samples on an h100", None, _NO_METHOD),
    ("how much would it cost to finetune phi-3.5 mini for 5 epochs on 20k examples", None,
     _NO_METHOD),
    ("cuanto tarda el fine-tuning de llama 3 8b con 20k ejemplos en una h100", "es",
     "No nombras ningún método, así que este es el tiempo de QLoRA"),
    ("combien de temps pour fine-tuner llama 3 8b sur 20k exemples sur une h100 ?", "fr",
     "Aucune méthode indiquée, c'est donc le temps pour QLoRA"),
])
def test_the_method_timed_is_said(text: str, locale: str | None, note: str) -> None:
    """Was QLoRA timed at each length with no word that it was chosen for the user."""
    got = ask_json(text, locale)
    assert got["method"] == "qlora" and note in str(got["text"]), got["text"]


def test_a_method_named_gets_no_such_note() -> None:
    text = str(ask_json("how long to qlora llama 3 8b on 20k samples on an h100")["text"])
    assert "No method named" not in text and text.startswith("⏱"), text


# --- a model named with a dataset and "how long" after a fit: the time ------------------------------


@pytest.mark.parametrize(("turns", "locale", "gpu"), [
    (("can i qlora llama 3 8b on my 4090", "and how long would mistral 7b take on 10M tokens"),
     None, "rtx-4090"),
    (("i have a 3090", "what can i finetune on it",
      "how long for llama 3.2 3b qlora on 10M tokens"), None, "rtx-3090"),
    (("puedo hacer qlora de llama 3 8b en mi 4090", "y cuanto tardaria mistral 7b con 10M tokens"),
     "es", "rtx-4090"),
    (("je peux faire un qlora de llama 3 8b sur ma 4090 ?",
      "et combien de temps pour mistral 7b sur 10M tokens ?"), "fr", "rtx-4090"),
])
def test_a_dataset_timed_after_a_fit(turns: tuple[str, ...], locale: str | None,
                                     gpu: str) -> None:
    """Was the fit verdict again, the time asked never given."""
    last = converse(*turns, locale=locale)[-1]
    assert last.query.intent == "time" and last.query.gpu == gpu, last.text
    assert "⏱" in last.text, last.text
