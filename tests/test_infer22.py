"""infer22 (session 34): serving as people ask it — vLLM's default context, the JSON of a
"depends" lead, serving questions as people write them."""

from __future__ import annotations

import pytest

from tests.support.chat import ask_json

# A bare size whose vocabulary decides the fit leads "⚠️ Depends on the model": neither a yes nor
# a no, so the JSON's `fits` (DESIGN §3: the verdict the reply leads with) is null, within the
# contract's "null where they do not apply" (was the assumed shape's true or false, which
# answered a question the lead says it cannot). `detailed_fits` stays the verdict of
# `detailed_gb`, the assumed Llama 3 shape's figure. A named model or a size wholly on one side
# keeps its true or false.
DEPENDS_JSON: list[tuple[str, bool | None, bool | None, str]] = [
    ("3080 10gb qlora 7b", None, False, "⚠️ <b>Depends on the model"),
    ("can i qlora a 7b on my 3060 12gb??", None, True, "⚠️ <b>Depends on the model"),
    ("se puede qlora de un 7b en mi 3080 de 10gb", None, False, "⚠️ <b>Depende del modelo"),
    ("qlora d'un 13b sur ma 3060 12go c possible ?", None, False,
     "⚠️ <b>Cela dépend du modèle"),
    ("qlora llama 3 8b on a 3080 10gb", False, False, "❌ <b>No:"),
    ("qlora 7b on a 4090", True, True, "✅ <b>Yes:"),
]


@pytest.mark.parametrize(("q", "fits", "detailed_fits", "starts"), DEPENDS_JSON)
def test_json_fits_is_null_under_a_depends_lead(q: str, fits: bool | None,
                                                detailed_fits: bool | None, starts: str) -> None:
    got = ask_json(q)
    assert str(got["text"]).startswith(starts), got["text"]
    assert (got["fits"], got["detailed_fits"]) == (fits, detailed_fits), got["text"]
