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
        # The question shapes of bot.understand.asks: largest model, how many, a budget.
        "LARGEST_WORDS": (r"maior modelo", r"modelo mais grande", r"o maior"),
        "HOW_MANY": (r"quant[oa]s",),
        "NEEDED": (r"precis\w*",),
        "BUDGET_WORDS": (r"tenho", r"com", r"orcamento"),
        "BUDGET_ASK": (r"quant[ao]s? (?:[a-z0-9]+ ){0,3}horas?", r"o que posso"),
    },
    stopwords=frozenset({
        "quanto", "quanta", "custa", "custo", "um", "uma", "em", "duas", "dois", "voce",
        "preciso", "posso", "horas", "durante", "não", "nao", "obrigado", "obrigada", "tenho",
        "quantas", "quantos", "qual", "maior", "numa", "consigo", "treinar",
    }),
)
