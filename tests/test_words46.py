"""Questions as people write them (words46).

- HF Trainer's final metrics pasted ("'train_samples_per_second': 2.78",
  "train_steps_per_second = 0.25") beside "is this slow?": the measured rate judged against the
  training-speed estimate, as its "train_tokens_per_second" is (were not read: the fit alone).
  Samples are judged at the length said; with none, the length at which the rate meets the
  estimate (a sample's length decides it). The steps alone are tqdm's it/s.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(load_catalogue(), cache_size=0)


def _ask(pipeline: Pipeline, text: str) -> dict[str, Any]:
    return to_json(pipeline.ask(text))


def _says(got: dict[str, Any], wanted: tuple[str, ...], unwanted: tuple[str, ...]) -> None:
    for phrase in wanted:
        assert phrase in got["text"], got["text"]
    for phrase in unwanted:
        assert phrase not in got["text"], got["text"]


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # the whole metrics dict, no length said: the length that meets the estimate
    ("{'train_runtime': 3600.5, 'train_samples_per_second': 2.78, 'train_steps_per_second': "
     "0.347, 'train_loss': 1.23, 'epoch': 1.0} qlora llama 3 8b on a 3090, is this slow?",
     ("training tokens/s", "your 2.78 samples/s is what samples of about 248 tokens give"),
     ("0.347",)),
    # samples a second at a length said, no colon: judged at that length
    ("lora llama 3.1 8b on 2x a100, max_seq_length 1024, train_samples_per_second 9.5 is that "
     "normal",
     ("At 1,024 tokens a sample, that is about 6.08 samples/s",
      "Measured, your 9.5 samples/s is 1.6 times this estimate"), ()),
    # the steps alone: tqdm's it/s at the batch and length said
    ("trainer says train_steps_per_second = 0.25 for qlora mistral 7b bs 4 seq 1024 on my "
     "4090, is that ok",
     ("Measured, your 0.25 it/s is 58% of this estimate: slower than it assumes.",), ()),
    # the same in Spanish and French
    ("qlora mistral 7b en mi 4090 bs 2, el trainer dice train_steps_per_second 0.4, es lento?",
     ("Medidos, tus 0,4 it/s",), ()),
    ("qlora llama 3 8b sur une 3090, le trainer affiche {'train_samples_per_second': 2.78, "
     "'train_steps_per_second': 0.347} c'est normal ?",
     ("vos 2,78 exemples/s correspondent à des exemples d'environ 248 tokens",), ()),
])
def test_trainer_metrics_pasted(pipeline: Pipeline, text: str, wanted: tuple[str, ...],
                                unwanted: tuple[str, ...]) -> None:
    _says(_ask(pipeline, text), wanted, unwanted)
