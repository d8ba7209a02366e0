"""bot/render/answer_lines.py: the reply's page joins its parts where answer.html.j2 did. The
identity harness's questions reach every branch but these four; each is pinned at its joins
(the line that ends one part and the one that starts the next)."""

from __future__ import annotations

import pytest

from bot.answer import build_answer
from bot.render.renderer import render_answer
from bot.understand import understand
from rules.catalogue import Catalogue, load_catalogue


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _reply(text: str, cat: Catalogue, locale: str = "en") -> str:
    return render_answer(build_answer(understand(text, cat), cat), locale, cat)


def test_an_oom_at_a_sequence_length_leads_on_its_own_line(cat: Catalogue) -> None:
    text = _reply("lora mistral 7b on a a10g, OOM at seq len 4096", cat)
    first, second = text.split("\n")[:2]
    assert first.startswith("🧯 You hit OOM at sequence length 4,096, so your run probably has")
    assert first.endswith("so this answer assumes it off.")
    assert second.startswith("❌ <b>No: Mistral 7B")
    fr = _reply("lora mistral 7b on a a10g, OOM at seq len 4096", cat, "fr")
    assert fr.startswith("🧯 Vous avez eu un OOM avec des séquences de 4\u202f096 tokens")


def test_a_training_speed_with_a_dataset_is_followed_by_its_time(cat: Catalogue) -> None:
    text = _reply("tok/s training llama 3 8b with qlora on an a100, 50M tokens, how long", cat)
    assert text.startswith("🏋️ <b>About 3,050 training tokens/s")
    assert "short run.</i>\n\n⏱ <b>QLoRA of Llama 3 8B: about " in text


def test_a_decode_speed_is_followed_by_concurrency_then_the_fit(cat: Catalogue) -> None:
    text = _reply("how fast does llama 3 8b generate on an L4 and how many users can it serve",
                  cat)
    assert text.startswith("⚡ <b>At most about ")
    assert "\n• Inference in 4-bit: at most about 47 tokens/s\n\n👥 <b>At most about " in text
    # 55 (was 51): no engine named, the users are sized as vLLM serves them (its 2,048-token
    # step, its own 1.05 GB in its share for the 1.3 GB CUDA context; vllm38)
    assert "\n• Inference in 4-bit: at most about 55 sequences\n\n✅ <b>On 1× L4" in text


def test_a_duration_with_a_budget_ends_with_what_the_budget_buys(cat: Catalogue) -> None:
    text = _reply("how long does it take to lora llama 8b on 20M tokens with a $100 budget", cat)
    assert text.startswith("⏱ <b>LoRA of Llama 8B: about ")
    assert "(detailed estimate, LoRA).\n\n💵 <b>$100 buys " in text


@pytest.mark.parametrize("question", [
    "h100 vs a100 for qlora 70b", "hi", "what gpus do you have", "qlora llama 3 8b on a 4090",
])
def test_a_reply_is_plain_text_as_a_template_rendered_it(cat: Catalogue, question: str) -> None:
    """Markup would escape whatever is added after it ('&' → '&amp;')."""
    text = _reply(question, cat)
    assert type(text) is str
    assert (text + " & more").endswith(" & more")
