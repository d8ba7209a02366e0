"""A run on samples of unsaid length, timed at two lengths with no card named: both figures on
the one configuration the sentence names (was the shorter samples timed on an L40S, the longer
on a B200, and "14.75 hours at 512 tokens each, 9.49 hours at 2,048 tokens each, on 1× B200")."""

from __future__ import annotations

from bot.pipeline import Pipeline, to_json
from rules.catalogue import load_catalogue

PIPE = Pipeline(load_catalogue(), cache_size=0)


def test_both_lengths_on_the_named_configuration() -> None:
    text = str(to_json(PIPE.ask("how long to lora mistral 7b on 300k samples",
                                chosen_locale="en"))["text"])
    assert "about 10.99 hours at 512 tokens each, 44.1 hours at 2,048 tokens each, on 1× L40S" \
        in text
    assert "💵 About $9.01 and $36.16 at $0.82/hour." in text
