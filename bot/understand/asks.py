"""Cues of three question shapes the intents do not name: the largest model a card holds, how
many cards a job needs, and a budget to spend. Folded text (no accents, lower case)."""

from __future__ import annotations

import re
from typing import Final

# "largest/biggest model", "max size", "más grande", "el mayor modelo", "le plus gros modèle".
LARGEST: Final = re.compile(
    r"(?<![a-z])(?:larg(?:e|)st|bigg?est|biggets|max(?:imum)? (?:model|size|llm|params?)"
    r"|how big (?:a |of a )?(?:model|llm)|mas grande|el mayor|la mayor|mayor modelo|modelo mayor"
    r"|mas grandes?|maximo tamano|tamano maximo|plus gros|plus grand|taille max\w*)(?![a-z])"
)

# "how many A100s do I need", "cuántas H100 necesito", "combien de A100 il me faut".
HOW_MANY_NEEDED: Final = re.compile(
    r"(?<![a-z])(?:how many|cuant[oa]s|combien)(?![a-z]).{0,40}?(?<![a-z])(?:need\w*|require\w*|"
    r"does it take|would it take|it takes|necesit\w*|hacen falta|hace falta|requier\w*|"
    r"faut|faudrait|besoin|necessaires?)(?![a-z])"
)

# "I have $500", "con 200 dólares", "budget of 50", "j'ai 100 $", "what can I ... for $50".
BUDGET: Final = re.compile(
    r"(?<![a-z])(?:i have|i got|ive got|budget|con|tengo|j.?ai|avec|for|por|pour|"
    r"presupuesto)(?![a-z])"
)

# What a budget buys: hours of a card, or a job ("how many H100 hours", "cuántas horas",
# "combien d'heures", "what can I fine-tune for $50").
BUDGET_ASK: Final = re.compile(
    r"(?<![a-z])(?:how many (?:[a-z0-9]+ ){0,3}hours?|how long|cuant[ao]s? (?:[a-z0-9]+ ){0,3}horas?"
    r"|combien d.?heures|combien de temps|what can i|que puedo|qu ?est.ce que je peux|"
    r"que puis.je|hours is that|horas son|heures ca fait)(?![a-z])"
)
