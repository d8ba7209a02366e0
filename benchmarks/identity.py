"""Byte-identity harness for speed work: every reply's text, CLI JSON and keyboard, recorded.

    .venv/bin/python -m benchmarks.identity record out.jsonl   # before a change
    .venv/bin/python -m benchmarks.identity record after.jsonl  # after it
    .venv/bin/python -m benchmarks.identity diff out.jsonl after.jsonl

A change that only makes the pipeline faster must leave every record the same. The records:
the corpus (tests/corpus/*.toml) in every locale choice (none, en, es, fr), asked cold (every
cache emptied first) and then again warm (reply-cache hits), and as a chain of follow-ups
(each question with the one before as `previous`, the keyboard with a `fresh` button); the
benchmark's cold questions in en/es/fr; and generated "…, details" questions with run
settings (paged/8-bit optimizers, offload, precision, LoRA rank and targets, packing), each
in every locale choice. Run it with the same interpreter in the tree to record (the script
puts its own tree first on sys.path), so a copy of it records an older commit too.
"""

from __future__ import annotations

import json
import random
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.run import GPUS, METHODS, cold_questions, empty_caches  # noqa: E402
from bot import composition  # noqa: E402
from bot.i18n import DEFAULT_LOCALE  # noqa: E402
from bot.pipeline import Pipeline, Reply, to_json  # noqa: E402
from bot.telegram.keyboards import answer_rows  # noqa: E402

CHOICES: tuple[str | None, ...] = (None, "en", "es", "fr")

SETTINGS = (
    "paged adamw 8bit", "adamw 8bit", "paged adamw", "adafactor", "cpu offload",
    "zero3 offload", "fsdp with cpu offload", "activation offloading", "pure bf16", "fp32",
    "mixed precision", "r=64 all linear", "rank 16 on q_proj and v_proj", "lora r=8",
    "gradient checkpointing", "no gradient checkpointing", "packed", "not packed",
    "eager attention", "flash attention 2", "torch compile", "3 epochs",
    "at 3000 tokens/s per GPU", "micro batch 2, grad accum 8", "optimizer in backward",
    "chunked cross entropy", "",
)
DETAIL_TEMPLATES = (
    "{m} {n}B with seq len {s}, batch {b}, {x} and {t}M tokens on {k}x {g}, details",
    "{m} {n}B seq {s} batch {b} {x} on an {g}, details",
    "{m} de {n}B con seq len {s}, batch {b}, {x} en {k} {g}, detalles",
    "{m} {n}B avec seq len {s}, batch {b}, {x} sur {k} {g}, détails",
    "how long to {m} {n}B on {t}M tokens with {x} on {k}x {g}?",
    "cost to {m} {n}B on {t}M tokens, {x}, {k}x {g}, details",
)


def corpus_questions() -> list[str]:
    out: list[str] = []
    for name in ("questions", "real_questions"):
        data = tomllib.loads((ROOT / "tests" / "corpus" / f"{name}.toml").read_text("utf-8"))
        for cases in data.values():
            for case in cases:
                out.append(case["q"] if "q" in case else case["t"])
    return out


def detail_questions(count: int, seed: int = 21) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < count:
        text = DETAIL_TEMPLATES[len(out) % len(DETAIL_TEMPLATES)].format(
            m=rng.choice(METHODS), n=f"{rng.randint(1, 200)}.{rng.randint(0, 9)}",
            s=rng.choice((512, 1024, 2048, 4096, 8192)), b=rng.randint(1, 16),
            x=rng.choice(SETTINGS), t=rng.randint(1, 900), k=rng.randint(1, 8),
            g=rng.choice(GPUS),
        )
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def _record(kind: str, text: str, choice: str | None, reply: Reply, fresh: int | None) -> str:
    rows: Any = answer_rows(reply, fresh)
    return json.dumps(
        {"kind": kind, "q": text, "choice": choice, "json": to_json(reply),
         "messages": reply.messages, "keyboard": rows},
        ensure_ascii=False, sort_keys=True,
    )


def records(pipeline: Pipeline, scale: int = 1) -> Iterator[str]:
    corpus = corpus_questions()
    for choice in CHOICES:
        for text in corpus:
            empty_caches(pipeline)
            yield _record("corpus-cold", text, choice, pipeline.ask(text, chosen_locale=choice),
                          None)
        for text in corpus:
            yield _record("corpus-warm", text, choice, pipeline.ask(text, chosen_locale=choice),
                          None)
    previous = None
    for i, text in enumerate(corpus):
        reply = pipeline.ask(text, chosen_locale=CHOICES[i % 4], previous=previous)
        yield _record("corpus-chain", text, CHOICES[i % 4], reply, 1)
        previous = reply.query
    for lang in ("en", "es", "fr"):
        for text in cold_questions(1000 * scale, lang):
            empty_caches(pipeline)
            yield _record(f"cold-{lang}", text, None, pipeline.ask(text), None)
    for text in detail_questions(200 * scale):
        for choice in CHOICES:
            empty_caches(pipeline)
            yield _record("details", text, choice, pipeline.ask(text, chosen_locale=choice), None)


def main(argv: list[str]) -> int:
    if argv[:1] == ["record"] and len(argv) >= 2:
        scale = int(argv[2]) if len(argv) > 2 else 1
        pipeline = composition.build_pipeline(DEFAULT_LOCALE)
        pipeline.warm_up()
        with open(argv[1], "w", encoding="utf-8") as out:
            n = 0
            for line in records(pipeline, scale):
                out.write(line + "\n")
                n += 1
        print(f"{n} records → {argv[1]}")
        return 0
    if argv[:1] == ["diff"] and len(argv) == 3:
        with open(argv[1], encoding="utf-8") as a, open(argv[2], encoding="utf-8") as b:
            left, right = a.read().splitlines(), b.read().splitlines()
        differ = [i for i, (x, y) in enumerate(zip(left, right, strict=False)) if x != y]
        for i in differ[:10]:
            print(f"--- record {i}\n{left[i][:600]}\n+++\n{right[i][:600]}")
        print(f"{len(left)} / {len(right)} records, {len(differ)} differ")
        return 1 if differ or len(left) != len(right) else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
