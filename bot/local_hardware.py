"""Hardware of one's own for a model ("what gpu should i buy to run llama 3 70b", "qwen 32b en
casa", "llama 3 70b en local"): for each precision served (or method trained) the answer
weighs, the configurations people buy that hold it by the planning rule and by the detailed
estimate where there is one (rules.local_hardware). Served, 4-bit first: llama.cpp, Ollama and
LM Studio run 4-bit GGUF files at home (Ollama pulls Q4_K_M by default,
bot.answer._run_at_home)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.detail import detailed_for, estimator_model
from rules.local_hardware import LocalLine, local_line

if TYPE_CHECKING:
    from decimal import Decimal

    from bot.answer import Answer, MethodAnswer
    from rules.catalogue import Catalogue
    from rules.estimator import Breakdown
    from rules.model_catalogue import ModelSpec


def _detailed(answer: Answer, ma: MethodAnswer, cat: Catalogue
              ) -> tuple[Decimal, int | None, bool] | None:
    """The method's detailed estimate on one GPU (figure, context served, settings stated):
    the answer's own at typical settings (bot.answer._typical_memory) or its primary's, else,
    with settings stated ("run llama 3 70b locally with 32k context"), estimated at them as
    the primary is."""
    query, method = answer.query, ma.memory.method
    if query.inference and method in answer.method_typical:
        figure, seq_len, _batch = answer.method_typical[method]
        return figure, seq_len, False
    if not query.inference and method in answer.method_training_gb:
        return answer.method_training_gb[method], None, False
    found = answer.detailed if answer.primary is ma else None
    if found is not None and not found.stated and len(answer.methods) > 1:
        found = None  # at typical settings for one precision of several: none for the others
    if found is None and answer.detailed is not None and answer.detailed.stated:
        found = detailed_for(query, answer.model_copy(update={"primary": ma}), cat)
    if found is None or found.gpus != 1 or (found.kind == "inference") != query.inference:
        return None
    return found.per_gpu_gb, found.seq_len if query.inference else None, found.stated


def local_lines(answer: Answer, cat: Catalogue) -> tuple[LocalLine, ...]:
    """The lines of the block leading the reply, or () when the question names a card (its
    own verdict answers), was not read, or asks no hardware of one's own. Served, the cards
    are checked card by card by the detailed estimate (rules.local_hardware.fullest_card_gb):
    the planning rule alone named 2× RTX 3090 for Qwen1.5 72B in 4-bit, its fullest card
    short."""
    query = answer.query
    if not query.local_asked or query.gpu is not None or query.vram_gb is not None \
            or answer.error or answer.missing or not answer.methods:
        return ()
    methods = list(answer.methods)
    if query.inference:
        methods.sort(key=lambda m: cat.method(m.memory.planned_as or m.memory.method).weight_bits)
    # "and with 2 gpus?", "et avec 4 cartes ?": the machine of that many cards they mean
    count = query.gpu_count if query.gpu_count is not None \
        and 1 <= query.gpu_count <= cat.limits.max_gpus else None
    lines = []
    for ma in methods:
        m = ma.memory
        detail = _detailed(answer, ma, cat)
        split = _split(answer, ma, cat) if query.inference else None
        if detail is None:
            lines.append(local_line(m.method, m.params_b, m.estimate_gb, cat, split=split,
                                    count=count, speed=query.speed_asked,
                                    card=query.local_card))
            continue
        figure, context, stated = detail
        lines.append(replace(local_line(m.method, m.params_b, m.estimate_gb, cat, figure, split,
                                        count, query.speed_asked, query.local_card),
                             detailed_context=context, detailed_stated=stated))
    return tuple(lines)


def _split(answer: Answer, ma: MethodAnswer, cat: Catalogue
           ) -> tuple[ModelSpec | Decimal, Breakdown, int] | None:
    """What a served precision's cards are checked by, card by card: the model, its detailed
    estimate on one GPU (the answer's own, else estimated as its primary is: at the settings
    stated, typical ones for the rest) and that estimate's context."""
    found = answer.detailed if answer.primary is ma else None
    if found is None or found.gpus != 1:
        # on one GPU, whatever count was said: the split shares that one out
        one = answer.query.model_copy(update={"gpu_count": None})
        found = detailed_for(one, answer.model_copy(update={"primary": ma, "query": one}), cat)
    if found is None or found.gpus != 1 or found.kind != "inference":
        return None
    return estimator_model(answer.query, ma.memory.params_b, cat), found.breakdown, found.seq_len
