"""Hostile and odd input found misread in session 41 (hostile41): each reply is pinned on what the
user said, not on what a looser reading made of it."""

from __future__ import annotations

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPELINE = Pipeline(load_catalogue())


def _ask(text: str, locale: str | None = None) -> dict[str, object]:
    return to_json(PIPELINE.ask(text, chosen_locale=locale))


# "-8 gpus" lost its sign and was sized as 8 GPUs ("Split over 8 GPUs …"), where "-8 h100" was
# refused: a count of cards named by the word alone keeps its sign too.
@pytest.mark.parametrize(("text", "locale"), [
    ("lora 8b on -8 gpus", None),
    ("how much for lora 8b on -4 gpus", None),
    ("lora 8b on \u22128 gpus", None),  # the minus sign U+2212
    ("lora 8b en -8 gpus", "es"),
    ("lora 8b sur -8 gpu", "fr"),
])
def test_a_negative_count_of_gpus_is_refused(text: str, locale: str | None):
    out = _ask(text, locale)
    assert out["error"] == "gpu_count_out_of_range", out["text"]


@pytest.mark.parametrize("text", ["lora 8b on 8 gpus", "lora 8b on gpt-2 gpus", "2-4 gpus for lora 8b"])
def test_a_hyphen_that_is_no_sign_leaves_the_count_read(text: str):
    assert _ask(text)["error"] is None


# A fraction of an epoch was read as its decimals or its denominator: "1.5 epochs" and "2,5
# époques" were timed as 5 epochs, "½ epoch" as 2 ("½" folded to "1 2"). The estimates time
# whole passes, so the reply says so and how to scale one epoch's figures.
@pytest.mark.parametrize(("text", "locale", "said", "reply"), [
    ("lora 8b for 1.5 epochs on an h100 with 10k examples", None, "1.5",
     "🔢 I time whole epochs only, not 1.5. Ask for one epoch: 1.5 epochs take about 1.5 times"
     " its time and cost."),
    ("lora 8b for ½ epoch on an h100 with 10k examples", None, "0.5", "not 0.5."),
    ("cost of lora 8b for 1.5 epochs of 50M tokens on an h100", None, "1.5", "not 1.5."),
    ("TrainingArguments(num_train_epochs=0.5) qlora llama 3 8b on a 4090, how long for 10k samples",
     None, "0.5", "not 0.5."),
    ("cuánto tarda un lora de 8b con 1,5 épocas de 10k ejemplos en una h100", "es", "1,5",
     "🔢 Solo calculo épocas enteras, no 1,5. Pregunta por una época: 1,5 épocas llevan unas 1,5"
     " veces su tiempo y su coste."),
    ("combien de temps pour un lora 8b sur 2,5 époques de 10k exemples sur une h100", "fr", "2,5",
     "🔢 Je ne calcule que des époques entières, pas 2,5. Demandez une époque\u00a0: 2,5 époques"
     " prennent environ 2,5 fois son temps et son coût."),
])
def test_a_fraction_of_an_epoch_is_asked_back(text: str, locale: str | None, said: str, reply: str):
    answer = PIPELINE.ask(text, chosen_locale=locale)
    assert answer.answer is not None
    assert answer.answer.error == "whole_epochs"
    assert answer.answer.error_params == {"said": said}
    assert reply in answer.text


@pytest.mark.parametrize(("text", "epochs"), [
    ("lora 8b for 2.0 epochs on an h100 with 10k examples", 2),
    ("lora 8b for 3 epochs on an h100 with 10k examples", 3),
    ("lora 8b, num_train_epochs=3, on an h100 with 10k examples", 3),
])
def test_whole_epochs_are_read(text: str, epochs: int):
    answer = PIPELINE.ask(text)
    assert answer.answer is not None and answer.answer.error is None
    assert answer.answer.query.epochs == epochs


# Memory does not depend on epochs: a config pasted with a fraction is still sized.
def test_a_fraction_of_an_epoch_in_a_fit_question_is_no_error():
    out = _ask("TrainingArguments(num_train_epochs=1.5) qlora llama 3 8b, fits on a 4090?")
    assert out["intent"] == "fit" and out["error"] is None


# "1½ hours" was 11 hours and 2 more; now one and a half.
def test_a_fraction_sign_is_its_decimals():
    from bot.understand.normalise import fold
    assert fold("1½ hours, ¾ epoch, ¼") == "1.5 hours, 0.75 epoch, 0.25"


# Look-alike letters and Markdown around a card's name: the card was lost and the reply a
# memory table with no card ("qlora 70b on an Н100" with a Cyrillic Н, "_h100_", "__4090__"),
# and a model quoted as code with spaces was dropped ("Which model?").
@pytest.mark.parametrize(("text", "locale", "field", "expected"), [
    ("qlora 70b on an \u041d100", None, "gpu", "h100"),  # Cyrillic Н
    ("qlora 70b on an \u0410100", None, "gpu", "a100-80gb"),  # Cyrillic А
    ("qlora 70b on an \u0397100", None, "gpu", "h100"),  # Greek Η
    ("qlora 70b on a RTX 4\u041e90", None, "gpu", "rtx-4090"),  # Cyrillic О between digits
    ("¿cabe qlora 70b en una \u041d100?", "es", "gpu", "h100"),
    ("qlora 70b sur une \u041d100 ?", "fr", "gpu", "h100"),
    ("qlora 70b on an _h100_", None, "gpu", "h100"),
    ("**qlora** 70b on a __4090__", None, "gpu", "rtx-4090"),
    ("qlora `llama 3.1 8b` on an h100", None, "model", "llama-3.1-8b"),
])
def test_a_name_written_oddly_is_read(text: str, locale: str | None, field: str, expected: str):
    out = _ask(text, locale)
    assert out[field] == expected, out["text"]
    assert out["intent"] == "fit"


def test_snake_case_and_whole_words_of_other_scripts_are_left():
    from bot.understand.normalise import fold, strip_markup
    assert strip_markup("per_device_train_batch_size=4 _h100_") == "per_device_train_batch_size=4 h100"
    assert fold("что такое H100") == "h100"  # Cyrillic words are not made Latin
    assert fold("\u041d\u041e") == ""


# "/help@other_bot" in a group is another bot's command: it was answered here (help, a fit, "alerts
# need the database"), every other bot's command in the group drawing a reply from this one.
async def test_a_command_for_another_bot_in_a_group_is_left_to_it(api, app):
    group = -100777
    for text in ("/help@other_bot", "/fit@other_bot 70b h100", "/alert@Other_Bot h100 below 2",
                 "/foo@other_bot"):
        api.push_message(group, text, chat_type="group", user_id=4242)
    before = api.message_count(group)
    api.push_message(group, "/fit@fake_test_bot 70b h100", chat_type="group", user_id=4242)
    await api.wait_for_messages(before + 1, chat_id=group, timeout=10)
    await app.update_processor.idle.wait()
    sent = [m for m in api.sent_messages(group) if m.outgoing]
    assert len(sent) == 1 and "70B" in sent[0].text
    # in a private chat the command is still answered: no other bot reads it there
    private = await _reply(api, 4243, "/help@other_bot")
    assert "Try for example" in private


async def _reply(api, chat: int, text: str) -> str:
    from tests.support.telegram import reply_to
    return (await reply_to(api, chat, text)).text


# "below" before a price that cannot be read ("$$$", "NaN", "inf dollars"): the side was lost
# and the alert set on every change of the price; now below today's price, as "below" alone is
# (and as Spanish "baje de $$$" already was).
@pytest.mark.parametrize(("text", "locale"), [
    ("alert me when h100 below $$$", None), ("alert me when h100 below NaN", None),
    ("alert me when h100 below inf dollars", None), ("alert me when h100 below $abc", None),
    ("alerte-moi quand la h100 passe sous $$$", "fr"), ("avísame cuando la h100 baje de $$$", "es"),
])
def test_the_side_of_an_unreadable_alert_price_is_kept(text: str, locale: str | None):
    answer = PIPELINE.ask(text, chosen_locale=locale).answer
    assert answer is not None and answer.query.intent == "alert"
    assert answer.query.direction == "below"
