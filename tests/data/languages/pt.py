"""A toy Portuguese, enough for one question: what a new language module looks like."""

from __future__ import annotations

from bot.understand.languages import Language

LANGUAGE = Language(
    code="pt",
    marks="ãõ",
    decimal_comma=True,
    follow_up=(r"e se", r"e com", r"tambem"),
    alert_below=frozenset({"abaixo"}),
    alert_above=frozenset({"acima"}),
    counts={"um so": 1, "uma so": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "oito": 8},
    number_words={"um": 1, "uma": 1, "dois": 2, "duas": 2, "sete": 7, "setenta": 70},
    articles=frozenset({"um", "uma"}),
    commands={"ajuda": "help", "precos": "prices"},
    words={
        "HOUR_UNITS": (r"horas?",),
        "NUMBER_SCALES": (r"bilhoes", r"bilhao", r"horas?"),
        "SIZE_UNITS_BILLION": (r"bilhoes", r"bilhao"),
        "DAY_UNITS": (r"dias?",),
        "COST_WORDS": (r"custa\w*", r"custo", r"custaria"),
        "HOW_MUCH": (r"quanto", r"quanta"),
        "PRICE_WORDS": (r"precos?", r"alugar"),
    },
    stopwords=frozenset({
        "quanto", "quanta", "custa", "custo", "um", "uma", "em", "duas", "dois", "voce",
        "preciso", "posso", "horas", "durante", "não", "nao", "obrigado", "obrigada",
    }),
)
