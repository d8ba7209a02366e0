"""Hardware of one's own for a model ("what gpu should i buy to run llama 3 70b", "qwen 32b en
casa", "llama 3 70b en local"): for each precision served (or method trained) the answer
weighs, the configurations people buy that hold it by the planning rule
(rules.local_hardware). Served, 4-bit first: llama.cpp, Ollama and LM Studio run 4-bit GGUF
files at home (Ollama pulls Q4_K_M by default, bot.answer._run_at_home)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.local_hardware import LocalLine, local_line

if TYPE_CHECKING:
    from bot.answer import Answer
    from rules.catalogue import Catalogue


def local_lines(answer: Answer, cat: Catalogue) -> tuple[LocalLine, ...]:
    """The lines of the block leading the reply, or () when the question names a card (its
    own verdict answers), was not read, or asks no hardware of one's own."""
    query = answer.query
    if not query.local_asked or query.gpu is not None or query.vram_gb is not None \
            or answer.error or answer.missing or not answer.methods:
        return ()
    memories = [m.memory for m in answer.methods]
    if query.inference:
        memories.sort(key=lambda m: cat.method(m.planned_as or m.method).weight_bits)
    # The detailed figures at typical settings the answer already has (bot.answer
    # _typical_memory: a memory question naming no card), none computed here.
    detailed = {m: t[0] for m, t in answer.method_typical.items()} if query.inference \
        else answer.method_training_gb
    return tuple(local_line(m.method, m.params_b, m.estimate_gb, cat, detailed.get(m.method))
                 for m in memories)
