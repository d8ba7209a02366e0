"""Cues of three question shapes the intents do not name: the largest model a card holds, how
many cards a job needs, and a budget to spend. Matched against folded text (no accents, lower
case); the words are each language's (``bot.understand.languages``, concepts LARGEST_WORDS,
HOW_MANY, HOW_MANY_FOR, NEEDED, BUDGET_WORDS and BUDGET_ASK)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Literal

from bot.understand.languages import words as _words
from bot.understand.lazy import lazy
from bot.understand.patterns import Guarded, alt, headed_words, screened_words

if TYPE_CHECKING:
    import re
from bot.understand.patterns import words as _whole
from bot.understand.screen import Screened, held

# "largest/biggest model", "max size", "más grande", "el mayor modelo", "le plus gros modèle".
LARGEST: Final = _whole(_words("LARGEST_WORDS"))

# The superlative itself ("the biggest model i can full finetune with $100", "el modelo más
# grande", "le plus gros modèle"), not "what can I train with $50": with a budget and no card
# or data, only it weighs every offered configuration (bot.answer._weighs_offers); "what can I
# train" keeps the cheapest configuration's hours.
SUPERLATIVE: Final = _whole((
    r"larg(?:e|)st", r"bigg?est", r"biggets", r"max(?:imum)? (?:model|size|llm|params?)",
    r"how big", r"what size(?:d)?", r"mas grandes?", r"el mayor", r"la mayor", r"mayor modelo",
    r"modelo mayor", r"maximo tamano", r"tamano maximo", r"(?:que|q) tan grande", r"cuan grande",
    r"plus gros", r"plus grand", r"taille max\w*"))

# A card's own figures: "h100 specs", "how much vram does a 3090 have", "ancho de banda de la
# a100", "bande passante de la 4090".
SPECS: Final = _whole(_words("SPECS_WORDS"))

# "which is cheaper", "cuál sale más barato", "lequel est moins cher": of a comparison, the
# per-run cost verdict first.
CHEAPER: Final = _whole(_words("CHEAPER_WORDS"))
# Of a comparison asked cheaper, the hour's price meant, not a run's: "whats cheaper per hour, 2
# a100s or 1 h100", "cual es mas barata por hora", "lequel est moins cher a l'heure".
PER_HOUR: Final = _whole((r"per hour", r"an hour", r"by the hour", r"hourly", r"per hr",
                          r"por hora", r"la hora", r"par heure", r"a l'heure", r"de l'heure"))

# Whether a card computes in FP8 or BF16: "does the 3090 support fp8", "¿la 4090 soporta fp8?",
# "est-ce que l'a100 gère le fp8 ?" (the card blanked "gpu" by then); the precision is in the
# match.
PRECISION: Final = _whole(_words("PRECISION_ASK"))
# "fp16 or bf16 on a 3090?", "can i use bf16 on a p40": BF16 chosen on a card, also beside a
# training method ("should i use fp16 or bf16 for lora" on a V100).
PRECISION_CHOICE: Final = _whole(_words("PRECISION_CHOICE_ASK"))

# "how many A100s do I need", "cuántas H100 necesito", "combien de A100 il me faut": the two
# words at most 40 characters apart (the GPU between them is blanked by then).
HOW_MANY_NEEDED: Final = Screened(
    rf"(?<![a-z0-9]){alt(_words('HOW_MANY'))}(?![a-z0-9]).{{0,40}}?"
    rf"(?<![a-z0-9]){alt(_words('NEEDED'))}(?![a-z0-9])"
    # ... or the job right after the cards ("how many T4s to serve 70B", "cuántas A100 para").
    rf"|(?<![a-z0-9]){alt(_words('HOW_MANY_FOR'))}(?![a-z0-9])"
)

# "how many H100 hours / GPU hours to fine-tune 70B on 100M tokens": the hours a run takes (a
# time question), not how many cards. The card is blanked by then; at most three words between.
# ... but not a price by the hour ("c'est combien de l'heure", "cuantos dolares la hora", "how
# many dollars per hour").
HOURS_ASKED: Final = Screened(
    rf"(?<![a-z0-9]){alt(_words('HOW_MANY'))}(?![a-z0-9])(?: ?[a-z0-9'-]+){{0,3}}? ?"
    r"(?<!l')(?<![a-z]la )(?<!per )(?<!por )(?<!par )(?<![a-z]an )(?<![a-z]a )"
    r"(?:gpu ?-? ?)?(?:hours?|hrs?|horas?|heures?)(?![a-z])"
)

# GPU-hours asked, the card's or any GPU's: "how many A100 hours to …", "how many gpu hours",
# "how many hours of h100 …", "cuántas horas de A100 …", "cuántas gpu-horas", "combien d'heures
# d'A100 …", "combien de GPU-heures" (the card is blanked "gpu" by then). Not hours on a card
# ("how many hours on an a100": the wall clock), nor hours said ("100 gpu hours").
GPU_HOURS_ASKED: Final = Screened(
    r"(?<![a-z0-9])(?:"
    r"how many (?:gpu ?-? ?){1,2}(?:hours?|hrs?)"
    r"|how many (?:hours?|hrs?) of (?:an? )?gpu"
    r"|cuant[ao]s (?:gpu ?-? ?)?horas? (?:de )?(?:(?:una?|la|las) )?gpu"
    r"|cuant[ao]s gpu ?-? ?horas?"
    r"|combien (?:de |d.?)(?:gpu ?-? ?)?heures? (?:de |d.? ?)?(?:(?:la|le|l.) ?)?gpu"
    r"|combien (?:de |d.?)gpu ?-? ?heures?"
    r")(?![a-z])"
)

# "I have $500", "con 200 dólares", "budget of 50", "j'ai 100 $", "what can I ... for $50".
BUDGET: Final = _whole(_words("BUDGET_WORDS"))

# Renting against buying a card: "rent or buy a 4090", "¿alquilar o comprar una 3090?",
# "louer ou acheter une 4090 ?" (the card is blanked "gpu" by then).
RENT_BUY: Final = screened_words(_words("RENT_BUY_ASK"))

# Hardware of one's own, to buy or to run at home: "what gpu should i buy for llama 3 70b", "run
# qwen 32b locally", "qué gráfica compro", "en casa", "en local", "chez moi" (the GPU-hours one
# buys from us are not: "buy 24 hours"). With a model named and no card, the hardware people
# buy that holds it leads the reply (bot.local_hardware).
LOCAL: Final = headed_words(_words("LOCAL_ASK"))

# What a budget buys: hours of a card, or a job ("how many H100 hours", "cuántas horas",
# "combien d'heures", "what can I fine-tune for $50").
BUDGET_ASK: Final = _whole(_words("BUDGET_ASK"))

# What a budget buys asked with a word that also asks whether it is enough ("¿qué me alcanza
# para entrenar con 100 usdt?", "¿para cuánto me alcanza?"): what it buys, not whether it covers
# the seed's example run (parse: Query.budget_enough).
BUDGET_WHAT: Final = _whole(_words("BUDGET_WHAT_ASK"))

# A way of paying said as what one will do, not asked ("quiero pagar con cripto, tengo 100
# usdt, ¿qué puedo entrenar?", "je veux payer en bitcoin", "i wanna pay in crypto"): the
# question is the other one in the message, the payment answered after it.
PAY_INTENDED: Final = _whole(_words("PAY_INTENDED"))

# What one can do with a budget, nothing else asked ("tengo 50 usdt, ¿qué puedo hacer?", "i
# have 50 usdt, what can i do?"): what it trains, as "¿qué puedo entrenar?" and "je peux faire
# quoi ?" (LARGEST_WORDS) are read (was the hours it buys alone).
BUDGET_DO: Final = _whole(_words("BUDGET_DO_ASK"))

# Whether a run fits, asked in so many words ("can i qlora 70b on an h100", "puedo hacer qlora
# de 70b", "est-ce que je peux faire un qlora", "does it fit", "¿cabe?", "ça tient ?"): where it
# stands against the cost asked in the same message gives the order of the answer's parts.
FIT_ASKED: Final = lazy(
    r"(?<![a-z])(?:(?:can|could) (?:i|we|u|you) (?:(?:even|still|really) )?(?:do |run |use )?"
    r"(?:q?lora|fine ?-?tune|finetune|train|run|fit|load|host|serve|full ?fine ?-?tune)"
    r"|(?:will|would|does|do|can) (?:it|that|this|they) (?:even )?(?:fit|run|work)|fits?\b"
    r"|(?:puedo|podria|podemos|se puede|se podria) (?:hacer|entrenar|correr|ejecutar|usar|cargar|"
    # "entra" a whole word: not the start of French "entraîner"/"entraînement" or Spanish
    # "entrada" ("je veux entraîner …, combien de temps": was the fit leading the time asked)
    r"afinar|fine ?-?tune\w*|finetune\w*|q?lora)|cabe|caben|cabria|(?:entran?|entraria)(?![a-z])"
    r"|(?:je peux|je pourrais|puis-je|peut-on|on peut|on pourrait) (?:faire|entrainer|lancer|"
    r"fine-?tuner|faire tourner|charger|q?lora)|(?:ca |il |elle )?(?:tient|tiendrait|rentre|passe)"
    # whether one's card is enough: "mi 3060 sirve para …", "me alcanza", "ca suffit pour …"
    r"|(?:sirve|alcanza|aguanta) (?:para|pa|con)|ca suffit|suffit pour|is it enough"
    # "is an h100 enough for lora llama 3 70b and how long …": the card named between
    r"|is (?:an? |one |my |the )?[a-z0-9-]+(?: [a-z0-9-]+)? enough"
    r"(?= |$|\?))"
)

# What a memory said bare holds, asked with nothing else named: "what can i do with 12gb?" (read
# "what can i do with ?"), "is 12gb enough", "que puedo hacer con 16gb", "12 go ça suffit ?".
# At the end of the text only (a memory is then all the question is about).
MEMORY_BARE: Final = lazy(rf"(?<![a-z0-9']){alt(_words('MEMORY_BARE_ASK'))}[\s?!.,;:…¿¡]*$")

# "max context", "longest seq len", "cuánto contexto cabe", "contexte maximal": the longest
# context a configuration holds for the model (bot.answer searches the detailed estimator).
CONTEXT_ASK: Final = headed_words(_words("CONTEXT_ASK"))

# Decode speed: "tokens/s", "tok/s", "tokens por segundo", "vitesse de génération"; and "how
# fast", "qué tan rápido", "à quelle vitesse" (SPEED_WEAK). Both only about a model served or
# named with no training run (bot.understand.parse._capacity_asked).
SPEED_ASK: Final = screened_words(_words("SPEED_ASK"))
SPEED_WEAK: Final = _whole(_words("SPEED_WEAK"))
# A figure judged where "that" would stand: "is 40 hours normal", "is 12 it/s normal", "are 6
# seconds a step normal", "is 1.5 s/it reasonable": read after the figure is taken out of the
# text, so the verb meets the judgement.
_FIGURE_JUDGED: Final = (
    r"(?:is|are|isn'?t|aren'?t) (?:(?:per|an?|each|every) (?:epoch|step|iteration) )?"
    r"(?:normal|expected|reasonable|too slow|too long)"
)
# "…, that seems low?", "this looks slow", "it feels off": judged with no verb before "that".
_SEEMS_JUDGED: Final = (
    r"(?:that|this|it) (?:seems|looks|sounds|feels) (?:a bit |kinda |very |really |too )?"
    r"(?:low|slow|normal|right|ok|okay|off|long|bad|reasonable|expected)"
)
# A speed one measured, judged ("i get 15 tok/s …, is that normal?", "only 5 tok/s, why so
# slow", "¿es normal?", "c'est normal ?"): the bound it is weighed against (folded, en/es/fr).
SPEED_JUDGED: Final = lazy(
    r"(?<![a-z])(?:(?:is|isn'?t) (?:that|this|it) (?:normal|slow|good|ok|okay|expected|right|"
    r"bad|reasonable|fast|too slow|low)|why (?:so|is it|am i|only)|(?:too|so|very|really) slow|"
    r"only (?:getting|get|got)|es (?:normal|lento|poco)|(?:muy|demasiado) lento|por que tan lento|"
    r"c'?est (?:normal|lent|peu)|(?:trop|tres) lent|pourquoi (?:si|aussi) lent|"
    # "is 15 tok/s normal for llama 3 70b q4 on 2x3090", "is 12 it/s normal for …": the rate
    # between the verb and the judgement (was the fit alone)
    rf"{_FIGURE_JUDGED}|{_SEEMS_JUDGED}|"
    # "… single request. ok?", "according to wandb, good?", "¿bien?", "correct ?": the word
    # alone before the question mark, beside a rate measured (was the fit alone)
    r"(?:ok|okay|good|fine|normal|expected|decent|reasonable|slow|bien|correct|bueno|"
    r"lento|lent|bon) ?\?|"
    # "can a 4090 do 100 tok/s on llama 3 8b": a rate wished for, weighed against the bound
    r"(?:can|could|will|would|does) (?:[^ ?]+ ){1,4}(?:do|hit|reach|get|push|manage|achieve))"
    r"(?![a-z])"
)

# A training run's hours judged ("my run on a 4090 is estimating 30 hours for qlora llama 3.1 8b,
# is that normal", "taking forever, 12 hours", "¿es normal?", "c'est trop long ?"): what those
# hours train there by the estimate, against the data said (folded, en/es/fr).
TIME_JUDGED: Final = lazy(
    r"(?<![a-z])(?:(?:is|isn'?t|does|doesn'?t) (?:that|this|it) (?:seem |sound |look )?"
    r"(?:normal|expected|reasonable|right|ok|okay|too slow|too long|slow|long|a lot)|"
    r"(?:normal|expected) ?\?|(?:taking|takes?|took) (?:forever|ages|so long|too long)|"
    # "is 40 hours normal for qlora llama 3 8b on a 4090 …": the hours before the judgement
    rf"{_FIGURE_JUDGED}|{_SEEMS_JUDGED}|"
    r"(?:too|very|really|way too) (?:slow|long)|so slow|why (?:so|is it) (?:slow|long)|"
    r"es (?:normal|mucho|demasiado)|(?:muy|demasiado) lento|tarda (?:demasiado|mucho)|"
    r"c'?est (?:normal|trop long|long|lent)|(?:trop|tres) (?:lent|long))(?![a-z])"
)

# A training run's steps a second asked ("what it/s should i expect", "how many steps per
# second", "seconds per step"): its tokens/s estimate, in steps at its batch and length.
STEP_RATE_ASK: Final = lazy(
    # not tqdm's rate before its first step ("0/1250 [00:00<?, ?it/s]") in a pasted log
    r"(?<![a-z])(?<!\?)(?<!\? )(?:(?:steps?|iterations?|iters?|its?) ?(?:per|a|/|por|par) ?(?:seconds?|secs?|s|"
    r"segundos?|secondes?)|(?:seconds?|secs?|segundos?|secondes?) ?(?:per|a|/|por|par) ?"
    r"(?:steps?|iterations?|iters?|it|pasos?|etapes?|iteracion|iteration)"
    # "time per step for qlora …", "how many samples per second can a 4090 do" (were the
    # dataset asked, and the fit): the same estimate, its steps at the batch said
    r"|time (?:per|a|for (?:one|a|each)) (?:optimi[sz]er |training )?step"
    # "whats the s/it gonna be on my 4090": tqdm's unit asked, no figure before it
    r"|(?<![0-9.,] )(?<![a-z0-9.,])s ?/ ?(?:it|iter|step)s?"
    r"|(?<![\d.] )(?<![\d.])samples? ?(?:per|a|/) ?(?:seconds?|secs?|s))(?![a-z])"
)


def step_rate_asked(text: str) -> Literal["steps", "samples"] | None:
    """The step rate `text` asks as written (its first STEP_RATE_ASK in lower case): "samples"
    for samples a second, "steps" for it/s, s/it or a step's time; None when none is asked."""
    asked = STEP_RATE_ASK.search(text.lower())
    if asked is None:
        return None
    return "samples" if asked.group(0).lstrip().startswith("sample") else "steps"


# Which of the methods named trains faster ("qlora vs lora on a 3090 which is faster", "¿lora o
# qlora, cuál es más rápido?", "lequel est plus rapide ?"): their training speeds, no data said.
FASTER: Final = lazy(
    r"(?<![a-z])(?:faster|quicker|slower|fastest|quickest|mas rapid[oa]s?|mas lent[oa]s?|"
    r"plus rapides?|plus lents?)(?![a-z])"
)

# Speed weighed between two configurations ("what's faster for training, 2x 3090 or 1x 4090",
# "2x 3090 vs 4090 for training speed", "¿cuál entrena más rápido?"): their throughput leads.
SPEED_WEIGHED: Final = lazy(
    r"(?<![a-z])(?:faster|quicker|slower|fastest|quickest|speed|velocidad|vitesse|rapidez|"
    r"mas rapid[oa]s?|mas lent[oa]s?|mas veloz|plus rapides?|plus lents?|plus vite|moins vite)"
    r"(?![a-z])"
)

# "how many 3090 hours", "cuántas 4090 horas", "combien de 3090 heures": after "how many", a
# catalogued model number before an hour unit is the card whose hours are asked, not a duration.
CARD_HOURS: Final = lazy(
    rf"(?<![a-z0-9]){alt(_words('HOW_MANY'))} (?:de |d')?$"
)
HOUR_UNIT_AFTER: Final = lazy(r"^ ?(?:h|hrs?|hours?|horas?|heures?)(?![a-z])")

# "how many users can I serve", "cuántos usuarios simultáneos", "combien d'utilisateurs en même
# temps": how many sequences the memory serves at once (bot.capacity), only about a model
# served or named with no training run.
CONCURRENCY_ASK: Final = screened_words(_words("CONCURRENCY_ASK"))
# A training run's throughput ("training speed", "vitesse d'entraînement"); with SPEED_ASK
# ("tokens/s") about a run, it asks the training tokens/s (bot.capacity), not decode's.
TRAIN_SPEED_ASK: Final = screened_words(_words("TRAIN_SPEED_ASK"))

# The CPU RAM a run needs, asked: "how much cpu ram do i need", "cuánta ram de cpu", "combien de
# RAM système" (a bare "how much ram" counts only beside a CPU offload: RAM_QUALIFIED).
RAM_ASK: Final = headed_words(_words("RAM_ASK"))
RAM_QUALIFIED: Final = lazy(r"cpu|system|sistema|systeme|host|sys |vive")

# How many optimizer steps a run takes ("how many steps is 3 epochs of 50k examples at batch 16",
# "cuántos pasos son", "combien de steps pour"): examples ÷ (micro-batch × accumulation × GPUs).
STEPS_ASK: Final = headed_words(_words("STEPS_ASK"))

# How much data a duration trains, asked beside it ("a week on a 3090 with qlora llama 3 8b, how
# many 1024-token examples can i fit?", "¿cuántos tokens llego a procesar en un par de días?",
# "combien de tokens je peux traiter pendant deux jours ?"): the throughput over those hours,
# not the longest context ("how many tokens can") nor a deadline. Not a speed ("tokens/s") nor
# a context ("tokens of context").
DATA_COUNT_ASK: Final = headed_words(_words("DATA_COUNT_ASK"))
_NOT_DATA_AFTER: Final = lazy(
    r"^ ?(?:/|per s|a s|por s|par s|(?:of |de |d')?(?:context|ctx))")
_LENGTH_INSIDE: Final = lazy(r"(?<![0-9.,])(?P<num>\d+(?:[.,]\d+)?) ?(?P<k>k)?[ -]?tok")
_LENGTH_AFTER: Final = lazy(
    r"^ (?:of|at|with|de|d'|a|con|avec) ?(?:~|about |around |unos |environ |~)?"
    r"(?P<num>\d+(?:[.,]\d+)?) ?(?P<k>k)? ?tok(?:en)?s?(?![a-z])")
# "…, 1k tokens each", "de 1k tokens cada uno", "1k tokens chacun": one sample's length said
# elsewhere in the message (was read as the sequence length alone, the samples counted at 512
# and 2,048 tokens beside it).
_LENGTH_EACH: Final = lazy(
    r"(?<![0-9.,])(?P<num>\d+(?:[.,]\d+)?) ?(?P<k>k)? ?tok(?:en)?s? (?:each|apiece|per "
    r"(?:sample|example|row|item)|a (?:sample|piece)|cada uno|c/u|por (?:ejemplo|muestra|fila)|"
    r"chacun|par (?:exemple|ligne))(?![a-z])")
_TOKEN_NOUNS: Final = frozenset({"token", "tokens", "data", "text", "datos", "donnees",
                                 # "how much can i train", "cuánto entreno": tokens
                                 "train", "entreno", "entrenar", "entrenaria", "entrainer",
                                 # "what can i do with 20 hours": what they train, in tokens
                                 "do", "hacer", "quoi", "faire"})
# "how many epochs can i afford with $50": passes over the dataset the message gives
_EPOCH_NOUNS: Final = frozenset({
    "epoch", "epochs", "passes", "epocas", "pasadas", "epoque", "epoques"})


def data_count(s: str) -> tuple[str, int | None] | None:
    """(what is counted: "tokens", "samples" or "epochs"; one sample's length in tokens if said)
    when the text asks how much data a time trains, else None."""
    match = DATA_COUNT_ASK.search(s)
    if match is None or _NOT_DATA_AFTER.search(s[match.end():]):
        return None
    said = match.group(0)
    noun = said.split()[-1].split("'")[-1]
    if noun in _EPOCH_NOUNS:
        return "epochs", None
    samples = noun not in _TOKEN_NOUNS
    length = _LENGTH_INSIDE.search(said) or _LENGTH_AFTER.search(s[match.end():]) \
        or _LENGTH_EACH.search(s)
    size: int | None = None
    if samples and length is not None:
        number = float(length.group("num").replace(",", "."))
        size = round(number * (1000 if length.group("k") else 1)) or None
    return ("samples" if samples else "tokens"), size
# Ways to pay the service does not take (it is topped up in crypto only: the seed's "no ID and no
# card"), each said in en/es/fr: "do you accept PayPal", "pay by credit card", "¿aceptan
# tarjeta?", "carte bancaire", "virement". A bare "card"/"tarjeta"/"carte" is a GPU unless a
# payment word comes right before it.
_CARD_AFTER_PAYING: Final = (
    r"(?:pay\w*|pag\w*|paie\w*|paye\w*|accept\w*|acept\w*|(?:you|u) take|prene?z) "
    r"(?:(?:[a-z0-9]+ ){0,3}?(?:by|with|via|con|por|par|avec|en) )?"
    r"(?:(?:a|una|la|le|les|my|mi|ma|une|un) )?"
)
PAY_REFUSED: Final[tuple[tuple[str, Guarded], ...]] = (
    ("paypal", Guarded(("pal",), r"(?<![a-z0-9])pay ?pal(?![a-z0-9])")),
    ("card", Guarded(
        ("card", "tarjeta", "carte", "visa", "amex", "american express", "apple", "google"),
        r"(?<![a-z0-9])(?:(?:credit|debit|bank|prepaid|visa) ?cards?|cards? payments?|visa|"
        r"master ?card|amex|american express|apple ?pay|google ?pay|"
        r"tarjetas? (?:de )?(?:credito|debito|bancarias?)|"
        r"cartes? (?:bancaires?|bleues?|de credit|de debit|visa)|"
        rf"{_CARD_AFTER_PAYING}(?:cards?|tarjetas?|cartes?)|"
        # "se puede pagar con usdt? y con tarjeta?", "et par carte ?": a second question
        r"(?:and|or|y|o|et|ou) (?:(?:with|by|via|con|por|par|avec|en) )?(?:(?:a|una|la|une|le) )?"
        r"(?:cards?|tarjetas?|cartes?)(?=\s*[?!.]|\s*$))(?![a-z0-9])")),
    ("bank", Guarded(
        ("transf", "wire", "sepa", "virement", "iban"),
        r"(?<![a-z0-9])(?:bank ?transfers?|wire(?: transfers?)?|sepa|iban|"
        r"transferencias?(?: bancarias?)?|virements?(?: bancaires?)?)(?![a-z0-9])")),
    # Wallets and instant payments of fiat money, said by name ("¿aceptan Mercado Pago?", "con
    # Nequi o Yape?", "Bizum", "Pix", "Lydia ?", "Revolut"): no more taken than a card, and
    # named as asked in the refusal (was the crypto block with no answer to the question).
    *((f"wallet:{name}", Guarded(needles, rf"(?<![a-z0-9]){pattern}(?![a-z0-9])"))
      for name, needles, pattern in (
          ("Mercado Pago", ("mercado",), r"mercado ?pago"), ("Nequi", ("nequi",), r"nequi"),
          ("Yape", ("yape",), r"yape"), ("Plin", ("plin",), r"plin"), ("Pix", ("pix",), r"pix"),
          ("OXXO", ("oxxo",), r"oxxo"), ("Bizum", ("bizum",), r"bizum"),
          ("Lydia", ("lydia",), r"lydia"), ("Paylib", ("paylib",), r"paylib"),
          ("Zelle", ("zelle",), r"zelle"), ("Venmo", ("venmo",), r"venmo"),
          ("Cash App", ("cash",), r"cash ?app"), ("Revolut", ("revolut",), r"revolut"),
          ("Skrill", ("skrill",), r"skrill"), ("Payoneer", ("payoneer",), r"payoneer"),
      )),
    # Coins the service does not list (rules/data/service.toml names BTC, USDT, USDC, ETH, SOL,
    # LTC and XMR), "coin:" and the name said in every language. Networks (TRON, Polygon, BNB
    # Chain) are left out: "USDT on TRON" asks about a listed coin.
    ("coin:Dogecoin", Guarded(("doge",), r"(?<![a-z0-9])doge(?:coins?)?(?![a-z0-9])")),
    ("coin:XRP", Guarded(("xrp", "ripple"), r"(?<![a-z0-9])(?:xrp|ripple)(?![a-z0-9])")),
    ("coin:Cardano", Guarded(("cardano",), r"(?<![a-z0-9])cardano(?![a-z0-9])")),
    ("coin:Bitcoin Cash", Guarded(
        ("bch", "bitcoin cash"), r"(?<![a-z0-9])(?:bch|bitcoin cash)(?![a-z0-9])")),
    ("coin:BNB", Guarded(("bnb",), r"(?<![a-z0-9-])bnb(?! ?(?:chain|smart chain))"
                              # "…-bnb-4bit", "bnb 4bit", "bnb_8bit": bitsandbytes, no coin
                              r"(?![ _-]?(?:[48] ?-?bits?|nf4|int[48]|config|optim))(?![a-z0-9])")),
    ("coin:Shiba Inu", Guarded(("shib",), r"(?<![a-z0-9])shib(?:a inu|a)?(?![a-z0-9])")),
    ("coin:Zcash", Guarded(("zcash", "zec"), r"(?<![a-z0-9])(?:zcash|zec)(?![a-z0-9])")),
)


# French "payer en CB" (carte bleue), read in the text before shorthand is expanded ("cb" is
# also "combien" there).
_CB: Final = Guarded(("cb",), r"(?<![a-z0-9])(?:pa[iy]\w*|regl\w*|accept\w*) (?:en|par|avec) (?:la |une )?cb(?![a-z0-9])")


# Paying without a card, or having none: "can i pay in btc without a credit card?", "puedo
# pagar sin tarjeta?", "no tengo tarjeta", "je peux payer sans carte ?", "j'ai pas de carte
# bancaire": no card asked for (the reply says none is needed), never "No: we do not take cards".
# "no aceptan tarjeta?" ("don't you take cards?") asks about taking one, and stays refused.
CARD_FREE: Final = Guarded(
    ("card", "tarjeta", "carte"),
    r"(?<![a-z])(?:without|w/o|sin|sans|no tengo|no tenemos|no hace falta|don'?t have|dont have|"
    r"do not have|(?:n')?ai pas|(?:n')?avons pas|no need for|pas besoin d(?:e |'))"
    r"(?: (?:a|any|una|ninguna|de|une|la|le|my|mi|ma|mon))* ?"
    r"(?:(?:credit|debit|bank) )?(?:cards?|tarjetas?|cartes?)(?![a-z])"
)


def _needles_of(guarded: Iterable[Guarded]) -> tuple[str, ...] | None:
    """Every needle of the guards, less those holding another (implied by it): a text holding
    none of them holds none of any guard's. None when a guard is a pattern (no needles)."""
    found: set[str] = set()
    for pattern in guarded:
        if not pattern.needles:
            return None
        found.update(pattern.needles)
    return tuple(sorted(n for n in found if not any(o != n and o in n for o in found)))


# One scan for the ~40 needles of the 25 ways of paying, instead of 25 guarded searches (with
# CARD_FREE's) in the many questions that name none.
_PAY_NEEDLES: Final = _needles_of(pattern for _, pattern in PAY_REFUSED)
_PAY_HELD: Final = held(_PAY_NEEDLES) if _PAY_NEEDLES is not None else None  # in one scan


def refused_payments(s: str, written: str = "") -> tuple[str, ...]:
    """The ways of paying the service does not take that `s` asks about, in a fixed order;
    `written`: the text before shorthand was expanded. A card said only as one the user pays
    without (CARD_FREE) is not asked about."""
    cb = bool(written) and _CB.search(written) is not None
    if not cb and _PAY_HELD is not None and _PAY_HELD.search(s) is None:
        return ()
    free = [m.span() for m in CARD_FREE.finditer(s)]
    return tuple(kind for kind, pattern in PAY_REFUSED
                 if (cb and kind == "card") or any(
                     not (kind == "card" and any(a < m.end() and m.start() < b for a, b in free))
                     for m in pattern.finditer(s)))


# Accelerators that are not GPUs and of which the catalogue has no figures: "QLoRA 70B on a TPU",
# "tpu v5e", "8x gaudi3", "trainium2", "aws inferentia 2". The reply says so, then answers for
# what it can (the model's memory, the GPUs rented), never with figures for that chip.
ACCELERATOR: Final = Guarded(
    ("tpu", "gaudi", "trainium", "inferen"),
    r"(?<![a-z0-9])(?:(?:google |cloud )?(?P<tpu>tpu)s?(?: ?(?P<tv>v\d+[a-z]*))?"
    r"|(?:intel |habana )?(?P<gaudi>gaudi) ?(?P<gv>\d)?"
    r"|(?:aws )?(?P<trn>trainium) ?(?P<trv>\d)?"
    r"|(?:aws inferen[ct]ia|(?P<inf>inferentia)) ?(?P<iv>\d)?)(?![a-z0-9])"
)


def accelerator(s: str) -> str | None:
    """The name of the first accelerator of ACCELERATOR in `s`, as its maker writes it
    ("TPU v5e", "Gaudi 3", "Trainium2", "Inferentia2")."""
    found = ACCELERATOR.search(s)
    if found is None:
        return None
    if found.group("tpu"):
        return "TPU" + (f" {found.group('tv')}" if found.group("tv") else "")
    if found.group("gaudi"):
        return "Gaudi" + (f" {found.group('gv')}" if found.group("gv") else "")
    if found.group("trn"):
        return "Trainium" + (found.group("trv") or "")
    return "Inferentia" + (found.group("iv") or "")


# "j'ai une carte AMD", "tengo una AMD", "on my radeon": an AMD card not named (a named one is
# read as that card, its maker's word with it). Not the maker's CPUs.
AMD_UNNAMED: Final = Guarded(("amd", "radeon"), lazy(
    r"(?<![a-z0-9])(?:amd(?: radeon)?|radeon)(?![a-z0-9])"
    r"(?! ?(?:cpus?|ryzen|epyc|threadripper|process\w*|procesador\w*))"
))


# The run hit an out-of-memory error ("my training OOMs", "CUDA out of memory", "me sale OOM",
# "j'ai un OOM"), or the user asks what to change ("what do i do", "cómo hago que entre", "que
# faire"): a training run the asked card cannot hold is answered with what makes it fit there
# (bot.remedy), first when asked.
OOM: Final = headed_words(_words("OOM_WORDS"))
# "what's the max batch size for qlora llama 3 8b on a 4090", "qué tamaño de lote", "quel batch".
BATCH_ASKED: Final = screened_words(_words("BATCH_ASK"))
# "is 8x h100 overkill for llama 8b lora", "¿es exagerado?", "c'est surdimensionné ?".
OVERKILL: Final = headed_words(_words("OVERKILL_WORDS"))
FIX_ASK: Final = headed_words(_words("FIX_ASK"))
# "what's the minimum to get started", "precio mínimo para arrancar", "prix minimum pour
# commencer": the cheapest way to start (the smallest block of the cheapest GPU-hour).
START: Final = _whole(_words("START_ASK"))
# "how much vram does gradient checkpointing save", "cuánta memoria ahorra el gradient
# checkpointing", "combien économise le gradient checkpointing": the estimate with and without.
CKPT_SAVING: Final = headed_words(_words("CKPT_SAVING_ASK"))
# "is gradient checkpointing needed", "¿necesito gradient checkpointing?", "faut-il le gradient
# checkpointing ?": what it saves and whether the run fits without it on the card asked.
CKPT_NEED: Final = headed_words(_words("CKPT_NEED_ASK"))
# "does gradient checkpointing slow training a lot": what it costs in time, with what it saves.
CKPT_SLOW: Final = headed_words(_words("CKPT_SLOW_ASK"))
# "does packing=True speed things up?": what packing changes in the time estimated.
PACKING_SPEED: Final = headed_words(_words("PACKING_SPEED_ASK"))
# "lora vs qlora difference", "whats the difference between lora and qlora", "¿lora o qlora?",
# "lora ou qlora ?": the two methods named against each other (en/es/fr connectors).
# Full fine-tuning said as one side of a pair: "full ft", "full finetuning", "full fine-tune",
# "full parameter", "fft", "fine-tuning completo", "entraînement complet".
_FULL_SIDE: Final = (
    r"full(?! (?:precision|bf16|fp16|fp32|context|ctx|sequence|seq|data\w*|gpus?|vram|cards?|"
    r"speed|runs?|price|cost|nodes?|instances?|box|length|attention|kv))"
    r"(?: ?-?(?:param\w*|weights?|model|rank))?(?: ?-?(?:fine ?-?tun\w*|finetun\w*|ft|"
    r"training|train))?|fft|(?:fine ?-?tuning|finetuning|entrenamiento|ajuste|entrainement)"
    r" complet[oa]?"
)
METHOD_PAIR: Final = Screened(
    rf"(?<![a-z0-9])(?:(?P<a>q?lora|{_FULL_SIDE})s? ?(?:vs\.?|versus|or|and|/|o|ou|y|et|contra|"
    r"contre|compared to|comparado con|compare a|instead of|en vez de|au lieu de|"
    # "xq qlora usa menos memoria q lora?", "why does qlora use less vram than lora"
    r"(?:[a-z]+ )?(?:less|more|menos|mas|moins|plus)(?: (?:de )?(?:memory|memoria|memoire|vram|"
    r"ram))? (?:than|que|q|qu'|que (?:el|la|le|un|une))) ?"
    rf"(?P<b>q?lora|{_FULL_SIDE})s?)(?![a-z0-9])"
)


def method_pair(s: str) -> tuple[str, str] | None:
    """The two methods "lora vs qlora", "lora vs full ft" compare ("qlora", "lora" or "full"),
    None without a pair of two different ones."""
    found = METHOD_PAIR.search(s)
    if found is None:
        return None
    a, b = (side if side in ("qlora", "lora") else "full"
            for side in (found.group("a"), found.group("b")))
    return (a, b) if a != b else None


# "what is qlora", "wtf is lora", "explain qlora", "¿qué es qlora?", "c'est quoi le qlora ?":
# the method itself asked, answered as the two side by side (METHOD_PAIR).
METHOD_WHAT: Final = lazy(
    # ... "what's qlora?", "what is lora anyway", "what does lora mean", "qué significa qlora",
    # "lora c'est quoi ?", "ça veut dire quoi qlora" (was, after a run, that run's verdict with
    # the method named, the question unanswered)
    r"(?<![a-z0-9])(?:(?:what|wtf|wth) (?:is|are|'?s)|what'?s|explain|define|que (?:es|son)|"
    r"que significa|qu'?est.ce que|c'?est quoi|(?:ca|ça) veut dire quoi|explique\w*) "
    r"(?:an? |the |el |la |le |l'|un |une )?"
    r"q?lora(?: fine ?-?tuning)?s?(?: exactly| even| actually| anyway| again)? ?\??$"
    r"|(?<![a-z0-9])what (?:does|do) (?:an? |the )?q?lora(?: even| actually| exactly)? "
    r"(?:mean|stand for|do)\b ?\??$"
    r"|^\W*q?lora(?:,| ,)? ?(?:c'?est quoi|(?:ca|ça) veut dire quoi|que es|meaning)\W*$"
)
# "will it finish overnight", "¿se termina en una noche?", "ça finit en une nuit ?": a run asked
# to end within a time, answered with how long it takes.
DEADLINE: Final = _whole(_words("DEADLINE_ASK"))
# "would it take more than a day", "¿tarda más de un día?", "ça prend plus d'une journée ?": the
# inverse of a deadline, its yes and no swapped (Query.deadline_over).
DEADLINE_OVER: Final = _whole(_words("DEADLINE_OVER_ASK"))
# "is a week enough to …", "a day enough?", "… on my 3090 in a day?": a deadline only where hours
# were said and a dataset given ("is a 3090 enough" asks the fit).
DEADLINE_ENOUGH: Final = _whole(_words("DEADLINE_ENOUGH_ASK"))
# A use named beside the largest model asked ("best coding model for a 4090", "para programar",
# "pour coder"): coding models are then named too (the catalogue marks no use: by their names).
CODING: Final = Guarded(("cod", "program"), r"(?<![a-z])(?:coding|code|coder|programming|"
                        r"programar|programacion|codigo|programmation|programmer)(?![a-z])")
# A model's weights downloaded ("how long to download llama 3 70b", "cuánto tarda en descargar",
# "combien de temps pour télécharger", "ollama pull llama3:70b"): their size on disk and the time
# at the user's link speed ("dl time" too). Not "bajar" (also "lower": "bajar la vram").
DOWNLOAD_ASK: Final = Guarded(("download", "descarg", "telecharg", "pull", "dl", "bajar"),
                              r"(?<![a-z])(?:download\w*|descarg\w*|telecharg\w*|ollama pull"
                              # "cuanto tarda en bajar llama 3 70b", "bajarme el modelo" (Latin
                              # America; not a price that goes down: "baje de 2")
                              r"|dl(?:ing)?|(?:(?:en |para |pa )bajar(?:me|lo)?|bajarme|bajarlo)"
                              r"(?! (?:el |los |de )?precios?))(?![a-z])")
# The disk space a model's files take ("how much disk space for llama 3 70b", "espacio en disco",
# "espace disque", "how big is the q4 gguf file"): the download's size, with a model named.
DISK_SPACE: Final = Guarded(
    ("disk", "disco", "disque", "file", "archivo", "fichier", "pesa", "pese", "storage", "ssd"),
    # "how much disk for llama 3 405b", "how much storage for qwen2.5 72b weights", "disk size
    # of mixtral gguf q4" (were the memory to train it, or a cost); not our storage ("how much
    # storage do you give", "… comes with an h100")
    r"(?<![a-z])how much (?:disk|storage|ssd)(?![a-z])(?!(?: space)? (?:do|does|did|will|would|can"
    r"|could|is|are) (?:you|u|y'?all|your|the instances?|an? instance|i get|we get|included))"
    r"(?![^?.!]{0,30}(?:included|comes? with|offered|per instance|per gpu|you (?:give|offer)))"
    r"|(?<![a-z])disk size(?![a-z])"
    r"|(?<![a-z])(?:disk space|space on (?:the |my )?disk|espacio en (?:el )?disco"
    r"|espace (?:sur le )?disque|(?:gguf )?file size|size of the (?:gguf )?file"
    r"|how big is the (?:gguf )?file|tamano del archivo|taille du fichier"
    # "cuanto ocupa en disco llama 3 70b en q4", "ça pèse combien sur le disque", "size on
    # disk", "cuánto pesa llama 3 70b": the files' size (was the memory to run it, or a cost)
    r"|size on (?:the )?disk|(?:ocupa|ocupan|pesa|pesan) en (?:el )?(?:disco|ssd)"
    r"|(?:pese|pesent|prend|prennent)(?: combien)?(?: de place)? sur (?:le |mon )?(?:disque|ssd)"
    r"|taille sur (?:le )?disque|place sur (?:le )?disque"
    # (weighed in memory is the memory: "cuanto pesa llama 3 8b en vram")
    r"|(?:cuanto (?:pesa|pesan)|combien (?:pese|pesent)|(?:ca|il|elle) pese combien)"
    r"(?![^?.!]{0,40}(?:vram|memoria|memoire|ram|gpu)))(?![a-z])"
    r"|(?<![a-z])how big is [a-z0-9 .:-]{1,40} (?:gguf )?file(?![a-z])"
)
# A link speed said beside a download ("on 100mbps", "a 50 Mbps", "1 gigabit", "fibra de 300
# megas", "500 Mb/s", "40 MB/s", "10 Mo/s"): bits per second unless a capital B or "o" (octets)
# says bytes (the case is read from the text as typed: parse._take_download).
LINK_SPEED: Final = Guarded(
    ("bps", "bit", "b/s", "o/s", "megas", "giga"),
    r"(?<![\w.,])(?P<num>\d{1,5}(?:[.,]\d{1,3})?) ?(?P<unit>[mg]bps|[mg]bits?(?:/s|ps)?"
    r"|[mg]b/s|[mg]o/s|(?:mega|giga)bits?(?:/s| per second| por segundo| par seconde)?|megas"
    r"|gigas? de (?:fibra|internet|conexion|bajada))(?![a-z])"
    r"|(?<![a-z\d] )(?<![\d.,])(?P<gigabit>gigabit)(?![a-z])"
)
# A model's licence or gating asked ("do i need to accept a license for llama 3 8b", "is it
# gated", "¿necesito aceptar la licencia?", "faut-il accepter la licence ?", "¿está restringido
# en hf?"): the gating leads. "restricted" only as the question's end ("on a restricted budget"
# asks no licence).
LICENCE_ASK: Final = Guarded(("licen", "gated", "terms", "condiciones", "conditions", "restr"),
                             r"(?<![a-z])(?:licen[cs]e[sd]?|licencias?|gated|terms of use|"
                             r"condiciones de uso|conditions d'utilisation|"
                             r"(?:restricted|restringid[oa]s?|restreints?)(?: (?:on|en|sur) "
                             r"(?:hf|hugging ?face))? ?(?:\?|$))(?![a-z])")
# A program's license asked in other words ("is vllm open source", "can i use ollama
# commercially", "¿llama.cpp es de código abierto?", "uso comercial", "usage commercial").
OPEN_SOURCE_ASK: Final = Guarded(
    ("open", "abierto", "commerc", "comerc", "libre"),
    r"(?<![a-z])(?:open ?source|codigo abierto|(?:logiciel )?libre|commercial(?:ly)?"
    r"|commercialement|comercial(?:mente)?|usage commercial|uso comercial)(?![a-z])",
)
# The memory a run takes asked as an amount ("how much vram will it use", "peak vram?", "cuánta
# memoria usa", "combien de vram ça prend"): with one training method asked on a card, the
# detailed estimate at typical settings leads (bot.answer._typical_leads), the figure asked.
MEMORY_AMOUNT: Final = Guarded(
    ("how m", "peak", "usage", "cuant", "combien", "consum"),
    r"(?<![a-z])(?:how much (?:vram|memory|mem|gpu memory|gpu ram|gb)|how many (?:gb|gigs?|gigabytes)"
    r"|peak (?:vram|memory|mem)|(?:vram|memory) (?:usage|consumption)"
    r"|cuant[ao]s? (?:vram|memoria|gb|gigas?)|consumo de (?:vram|memoria)"
    r"|combien de (?:vram|memoire|go|gb)|consommation (?:de )?(?:vram|memoire))(?![a-z])",
)
# "enough vram?", "does it fit in vram", "¿cabe en la vram?", "assez de vram ?": whether the
# card's memory alone holds it is asked, so a layer split to system RAM does not lead.
VRAM_ENOUGH: Final = Guarded(("vram",), (
    r"(?<![a-z])(?:enough vram|vram enough|(?:fits?|runs?) (?:entirely |fully |all |whole )?"
    r"in(?:to)? (?:the |my )?vram|suficiente vram|vram suficiente|cabe (?:entero )?en (?:la )?vram|"
    r"assez de vram|(?:tient|rentre) (?:en entier )?(?:en|dans la) vram)(?![a-z])"))
# NVLink named ("do i need nvlink for 2x 3090", "nv link", "sli bridge"): how several cards
# share a job is asked (bot.answer multi_gpu); not where it describes the cards owned ("2x 3090
# with nvlink", "+ nvlink bridge").
NVLINK: Final = Guarded(("nv", "sli"), (
    r"(?<![a-z])(?<!with )(?<!w/ )(?<!\+ )(?<!\+)(?<!plus )(?<!and )(?<!con )(?<!avec )"
    r"(?:nv ?-?links?|sli(?: bridge)?|nvlink bridge)(?![a-z])"))
# Cards used together ("can i use a 3090 and a 4090 together", "juntas", "ensemble"): with
# several cards named and no model, whether they share a job.
TOGETHER: Final = Guarded(("togeth", "combin", "same time", "junt", "ensemble", "a la vez", "mix"), (
    r"(?<![a-z])(?:together|combined?|combining|at the same time|mix(?:ed|ing)?|"
    r"juntas?|juntos?|a la vez|combinar|combinarlas|ensemble|combiner)(?![a-z])"
))
# One's own card joined with one rented ("can i combine my 3090 with a rented h100", "puedo
# combinar mi 3090 con una h100 alquilada", "je peux combiner ma 3090 avec une h100 louée"):
# a word of joining them and a word of renting, folded.
POOL_JOIN: Final = Guarded(("comb", "pool", "togeth", "along", "mix", "junt", "a la vez",
                            "ensemble", "meme temps", "same time", "add", "with", "con", "avec"), (
    r"(?<![a-z])(?:combin\w*|pool(?:ed|ing)?|together|alongside|mix(?:ed|ing)?|junt(?:ar|as|os|a|o)"
    r"|a la vez|ensemble|en meme temps|at the same time|add(?:ing)?|anadir|agregar|ajouter"
    # "rent an h100 and use it with my 3090", "usarla con mi 3090", "l'utiliser avec ma 3090"
    r"|us(?:e|ing) (?:it|them|one) with|usarlas? con|l'utiliser avec"
    # "my 3090 with a rented h100", "mi 3090 con una h100 alquilada" (no "or", "vs" said)
    r"|gpu (?:with|con|avec|\+|and|y|et|plus) (?:an? |una? |une? |one of (?:your|ur) |"
    r"une de vos |una de (?:sus|vuestras) )?(?:rented |alquilad[ao] |louee )?gpu)(?![a-z])"))
POOL_RENTED: Final = lazy(
    r"(?<![a-z])(?:rent(?:ed|ing)?|cloud|yours?|ur|alquilad[ao]s?|alquilar|rentad[ao]s?|nube|"
    r"ustedes|vuestr[ao]s?|suy[ao]s?|tuy[ao]s?|louees?|loues?|louer|vos|votre)(?![a-z])")
# "my 3090 or a rented h100, which is better": the cards compared, not joined
POOL_VERSUS: Final = lazy(r"(?<![a-z])(?:or|vs\.?|versus|better|faster|cheaper|which|o|mejor|"
                          r"cual|ou|mieux|meilleure?|lequel|laquelle|instead|en vez|plutot)(?![a-z])")
# "my 3090", "mi 3090", "ma 3090" (the card blanked): the user's own card
MY_CARD: Final = lazy(r"(?<![a-z])(?:my|mi|mis|ma|mon|mes) (?:\d+ ?x? ?)?gpu(?![a-z])")
# ... said of cards named before ("can i use them together?" after "i have a 3090 and a 4090").
BOTH_CARDS: Final = lazy(r"(?<![a-z])(?:them|both|these|those|cards|gpus|ambas|ambos|las dos|"
                         r"los dos|les deux|elles|cartes)(?![a-z])")
# How several cards share a job asked with no card named ("does fsdp work over pcie?", "is pcie
# 4.0 x8 enough for 2 gpu training", "do i need the same gpus for multi gpu training", "can
# you train on 2 different gpus"): PCIe or cards alike or not, beside several cards.
PCIE: Final = Guarded("pci", r"(?<![a-z])pci ?-?e?(?: ?express)?(?: ?(?:gen ?)?[3-5](?:\.0)?)?(?![a-z])")
MIXED_CARDS: Final = Guarded(("same", "identi", "differ", "mix", "match", "igual", "distint", "meme"), (
    r"(?<![a-z])(?:same|identical|matching|matched|different|differing|mixed|mismatched) "
    r"(?:\w+ )?(?:gpus|cards|gpu models|sizes|vram)(?![a-z])|(?<![a-z])(?:gpus|cards) of different|"
    r"(?<![a-z])(?:be|are) (?:the same|identical)(?![a-z])|"
    # "¿las gpus tienen que ser iguales?", "des cartes différentes", "doivent être identiques"
    r"(?<![a-z])(?:gpus?|tarjetas|cartes) (?:distintas|diferentes|differentes|mixtas)(?![a-z])|"
    r"(?<![a-z])(?:ser|etre|sean|soient) (?:iguales|identic[ao]s|identiques|les memes)(?![a-z])"))
# ... said after the cards ("dos gpus diferentes", "des cartes identiques"): with several cards.
DIFFERENT: Final = lazy(r"(?<![a-z])(?:different|diferentes|distintas|differentes|identical|"
                        r"identiques|identicas|iguales)(?= ?(?:$|[?.!,;]|gpus?|cards?|tarjetas|"
                        r"cartes|for|para|pour))")
SEVERAL_CARDS: Final = lazy(
    r"(?<![a-z])(?:multi ?-?gpus?|multiple (?:gpus|cards)|varias gpus|plusieurs gpus|"
    r"(?:two|2|several|dual|many|both|dos|deux) "
    r"(?:gpus|cards)|fsdp|zero ?-?[123]?|deepspeed|across (?:gpus|cards)|(?:2|two) different "
    r"(?:gpus|cards))(?![a-z])")
# "by tomorrow", "para mañana", "d'ici demain" (folded): a deadline a day from now, with a run
# and its data said (parse's deadline_pick); "start tomorrow" is no deadline.
TOMORROW: Final = Guarded(("tom", "tmr", "2mor", "manana", "demain"), (
    r"(?<![a-z])(?:by|before|until|till|til|due|for|para|antes de|hasta|d'ici|pour|avant) "
    r"(?:tomm?orr?ow|tmrw?|tmrrw|2moro|manana|demain)(?![a-z])"))
# "by tomorrow morning", "by tonight", "para mañana a la mañana", "pour ce soir" (folded): a
# deadline at a time of day, whose hours the rules cannot count (they do not know the hour now).
# Read before TOMORROW, which would take the first as a day from now.
DAYPART: Final = Guarded(("morning", "tom", "tmr", "2mor", "tonight", "tonite", "evening", "eod",
                          "end of", "manana", "noche", "final del", "matin", "soir", "fin de"), (
    r"(?<![a-z])(?:by|before|until|till|til|due|for|para|antes de|hasta|d'ici|pour|avant|"
    r"jusqu'a)(?: the| la| el)? (?:"
    r"(?P<morning>(?:tomm?orr?ow|tmrw?|tmrrw|2moro)(?:'s)? (?:morning|am|a\.m\.?)|"
    r"morning|manana (?:a|por|en) la manana|manana temprano|demain matin)|"
    r"(?P<tonight>tonight|tonite|this evening|end of (?:the )?day|eod|esta noche|"
    r"(?:hoy|esta) (?:a|por|en) la noche|(?:el )?final del dia|ce soir|"
    r"(?:la )?fin de (?:la )?journee))(?![a-z])"))
# "by monday", "para el lunes", "d'ici lundi" (folded): a deadline on a weekday, whose hours the
# rules cannot count (they do not know today's date); the day's index, Monday 0, in WEEKDAYS.
WEEKDAYS: Final = (
    ("monday", "lunes", "lundi"), ("tuesday", "martes", "mardi"),
    ("wednesday", "miercoles", "mercredi"), ("thursday", "jueves", "jeudi"),
    ("friday", "viernes", "vendredi"), ("saturday", "sabado", "samedi"),
    ("sunday", "domingo", "dimanche"),
)


def weekday_index(found: re.Match[str]) -> int:
    """The day a WEEKDAY or TODAY match names, Monday 0."""
    return next(i for i, names in enumerate(WEEKDAYS) if found.group("day") in names)


WEEKDAY: Final = Guarded(tuple(name for day in WEEKDAYS for name in day), (
    r"(?<![a-z])(?:by|before|until|till|til|due|para|antes del?|hasta|d'ici|pour|avant|"
    r"jusqu'a)(?: (?:next|this|el|le|ce|el proximo|le prochain))? (?P<day>"
    + "|".join(name for day in WEEKDAYS for name in day) + r")(?![a-z])"))
# Today's weekday said beside one ("by friday, its tuesday", "para el viernes, hoy es martes",
# "d'ici vendredi, on est mardi"): the days between them count the hours.
TODAY: Final = Guarded(tuple(name for day in WEEKDAYS for name in day), (
    r"(?<![a-z])(?:it'?s|it is|today(?: is|'s)?|hoy(?: es)?|ya es|estamos(?: a| en)?|"
    r"on est|on est le|nous sommes|aujourd'hui(?: c'est| on est)?|c'est) (?P<day>"
    + "|".join(name for day in WEEKDAYS for name in day) + r")(?![a-z])"))
# The deadline a night: "overnight", "en una noche", "en une nuit" (any other is a duration said).
NIGHT: Final = Guarded(("night", "noche", "nuit"), r"(?<![a-z])(?:over ?night|night|noche|nuit)(?![a-z])")
# vLLM's preallocation asked about: "why does vllm take 90% of my vram", "vllm uses all my gpu
# memory", "¿por qué vllm ocupa toda la vram?", "pourquoi vllm prend toute la mémoire du gpu ?"
# (percentages and sizes are blanked by then). Searched only where vLLM is named.
_VLLM_SHARE_VERBS: Final = (
    r"(?:takes?|taking|took|uses?|using|used|eats?|eating|hogs?|hogging|grabs?|grabbing|"
    r"reserves?|reserving|reserved|allocates?|allocating|allocated|occup(?:y|ies|ying)|"
    r"consum(?:e|es|ing)|fills?|filling|max(?:es|ing)? out|preallocat\w*|pre-allocat\w*|"
    r"ocupa\w*|usa|usando|utiliza(?!tion)\w*|consume|consumiendo|reserva\w*|(?:se )?come|(?:se )?traga|"
    r"llena|acapara|toma|coge|agarra|"
    r"prend|prends|occupe|utilise|consomme|reserve|bouffe|mange|remplit|accapare|alloue|"
    r"monopolise)"
)
_VLLM_SHARE_FILLER: Final = (
    r"(?:up|all|almost|nearly|most|so|too|much|the|whole|entire|of|my|a|lot|every|less|more|"
    r"toda|todo|casi|tanta|tanto|el|la|las|los|de|del|mi|mis|menos|mas|"
    r"toute|tout|le|les|du|des|ma|mon|mes|quasi|presque|autant|tant|trop|moins|plus)"
)
VLLM_SHARE: Final = Guarded(("vllm",), lazy(
    rf"(?<![a-z]){_VLLM_SHARE_VERBS}(?: {_VLLM_SHARE_FILLER}){{0,5}} "
    r"(?:gpu |cuda )?(?:vram|memory|mem|memoria|memoire)(?![a-z])"
    r"|(?<![a-z])(?:vram|memory|memoria|memoire) (?:usage|use|consumption|uso|consumo|"
    r"utilisation|consommation)(?: is| es| est)? (?:so |too |very |muy |tan |trop |tres )?"
    r"(?:high|huge|full|maxed|alto|alta|enorme|llena|elevee|pleine)(?![a-z])"
    # A size or share blanked before the card: "vllm is using 22gb on my 3090", "se come el
    # 90% de mi gpu", "prend 90% de mon gpu".
    rf"|(?<![a-z]){_VLLM_SHARE_VERBS}(?: {_VLLM_SHARE_FILLER}){{0,2}} (?:on|of|sur|en|de) "
    r"(?:my |the |each |every |mi |mis |ma |mon |mes |la |cada |chaque )?"
    r"(?:gpu|card|tarjeta|carte)s?(?![a-z])"
    r"|(?<![a-z])pre-?allocat\w*|(?<![a-z])prealloue?\w*|(?<![a-z])preasigna\w*"
))
# "does flash attn reduce vram for …", "flash attention vs eager": the estimate with each.
FLASH_SAVING: Final = headed_words(_words("FLASH_SAVING_ASK"), among=("flash", "fa", "sdpa"))
KERNELS_SAVING: Final = headed_words(_words("KERNELS_SAVING_ASK"), among=("liger", "unsloth"))
# What a quantized KV cache saves ("how much does -ctk q4_0 -ctv q4_0 save", "does kv cache
# quantization reduce vram"); the type said is blanked to "kv cache" by then.
KV_SAVING: Final = headed_words(_words("KV_SAVING_ASK"), among=("cache", "kv"))
# "how much do i save", "cuanto ahorro", "combien j'economise": with a KV cache type said
# ("kv cache fp8 with vllm, how much do i save"), the memory it saves, not money.
SAVE_ASK: Final = Guarded(("save", "ahorr", "economis", "gagn"), (
    r"(?<![a-z])(?:how much (?:do|would|will|can|could|does|did) (?:i|we|you|it|that|this) save"
    r"|what do (?:i|we) save|cuant[oa] (?:me |nos |se )?(?:ahorro|ahorra|ahorraria|ahorramos)"
    r"|combien (?:j'|je |on |ca |cela )?(?:economise|economiserai[st]?|gagne)(?:-t-on)?)"
    r"(?![a-z])"))
# The KV cache's own size ("kv cache size for llama 3.1 70b at 128k", "tamaño del kv cache",
# "taille du cache kv"): serving's cache, leading the memory reply.
KV_SIZE: Final = headed_words(_words("KV_SIZE_ASK"))

# "what quant of llama 3 70b fits on a 4090", "which gguf quant", "qué cuantización", "quelle
# quantif": which llama.cpp type to serve, answered with the largest one that fits (bot.answer).
QUANT_ASKED: Final = lazy(
    r"(?<![a-z0-9])(?:what|which|que|cual(?:es)?|quel(?:le)?s?)\s+(?:gguf\s+|llama\.?cpp\s+)?"
    r"(?:quants?|quanti[sz]ations?|quantifs?|quantifications?|cuantizacion(?:es)?)(?![a-z0-9])"
)


# A training hyper-parameter asked, not said ("what learning rate for qlora llama 3 8b", "how
# many epochs should i use", "best lr?", "qué learning rate uso", "combien d'époques ?"): the
# bot cites the QLoRA authors' published settings and gives no advice of its own (folded).
# One epoch of the run counted ("how much per epoch", "how long does one epoch take", "cada
# época", "par époque"): its time or cost, not how many epochs to train.
_EPOCH_UNIT: Final = "".join(
    f"(?<!{w} )" for w in ("per", "each", "every", "one", "an", "a", "1", "por", "cada", "una",
                           "par", "chaque", "une")
)
_HYPER_NOUN: Final = (
    rf"(?:learning ?-?rates?|lrs?|{_EPOCH_UNIT}(?:epochs?|epocas?|epoques?)|"
    r"warm ?-?up(?: steps| ratio)?|"
    r"weight decay|hyper ?-?param\w*|hiper ?-?parametros?|lora (?:alpha|rank|r|dropout)|"
    r"tasa de aprendizaje|taux d'?apprentissage|schedulers?)"
)
HYPER_ASKED: Final = Guarded(
    ("learning", "lr", "epoch", "epoca", "epoque", "warm", "decay", "param", "alpha", "rank",
     "dropout", "aprendizaje", "apprentissage", "scheduler"),
    r"(?<![a-z0-9])(?:"
    r"(?:what|which|best|good|recommended|ideal|optimal|right|typical|default|suggested|"
    r"how many|how much|que|cual(?:es)?|cuantas|cuantos|mejor|buen[oa]?|quel(?:le)?s?|"
    # a few words between, never a number nor a unit of a run ("how many steps is 3 epochs",
    # "how many steps per epoch" count the run)
    r"combien d'?|meilleure?)(?: (?!(?:steps?|tokens?|samples?|examples?|hours?|gpus?|days?|"
    r"minutes?|iterations?|batch\w*|pasos|heures|horas)(?![a-z]))[a-z'.\-]+){0,4}? "
    rf"{_HYPER_NOUN}"
    rf"|{_HYPER_NOUN} (?:should|do|to use|would|for|para|pour|recommend\w*|conseill\w*|"
    r"recomend\w*|uso|usar|utiliser|mettre|poner)"
    rf"|combien (?:de |d'?){_HYPER_NOUN}"
    r"|hyper ?-?param\w*|hiper ?-?parametros?|hyperparametres?"
    r")(?![a-z0-9])"
)


# "q es vram", "qué es la vram", "c'est quoi la vram", "what does vram mean": the word itself
# asked, the whole message (folded, the "?" dropped or not), answered with what it is.
VRAM_WHAT: Final = lazy(
    r"^(?:(?:what|wtf|wth) (?:is|'?s|does) |whats |define |explain |"
    r"(?:q|que|ke) (?:es|significa|quiere decir) |(?:c'?est|c) quoi |qu'?est.ce que (?:c'?est )?|"
    r"que (?:veut dire|signifie) |ca veut dire quoi )"
    r"(?:the |an? |la |el |le |l'|une? )?(?:v ?ram|vram gpu|gpu vram|memoire vram)"
    r"(?: (?:mean|stand for|exactly|even|actually|exactement|exactamente|en fait|means))? ?\??$"
    # "vram q es", "la vram c'est quoi"
    r"|^(?:la |the )?vram,? (?:(?:q|que) es|c'?est quoi|is what|meaning|significado) ?\??$"
)


def vram_what(s: str) -> bool:
    return VRAM_WHAT.search(s.strip()) is not None


def hyper_asked(s: str) -> bool:
    return HYPER_ASKED.admits(s) and HYPER_ASKED.pattern.search(s) is not None


# A subscription or its cancelling asked ("cancel my subscription", "how do i cancel", "stop
# being charged", "is it a monthly plan?", "darme de baja", "résilier mon abonnement"), folded.
# Without an alert word: "cancel my h100 alert" and "unsubscribe" are this bot's price alerts.
SUBSCRIPTION: Final = (
    r"(?<![a-z0-9])(?:"
    r"cancel\w* (?:my |the |our |a |this )?(?:subscriptions?|plans?|membership|account|"
    r"auto ?-?renew\w*|billing|service)|"
    r"(?:how (?:do|can|to|would) (?:i |we )?|can i |where (?:do|can) i |want to |wanna )cancel"
    r"(?: (?:it|anything|this|that))?(?=$|[?!.,]| (?:please|pls|plz)\b)|"
    r"(?:stop|end) (?:my |the )?(?:subscription|membership|plan|being charged|billing|"
    r"the charges|charging me)|"
    r"auto ?-?renew\w*|recurring (?:charges?|billing|payments?|fees?|subscriptions?)|"
    r"(?:monthly|annual|yearly) (?:subscriptions?|plans?|fees?|billing|membership)|"
    r"(?:is (?:it|this|there) |do you have |you have )(?:a |any )?(?:subscriptions?|"
    r"membership|monthly plans?)|"
    r"cancelar (?:mi |la |el |una )?(?:suscripcion|subscripcion|plan|membresia|cuenta|servicio)|"
    r"(?:como|donde) (?:cancelo|cancelar|puedo cancelar|me doy de baja|doy de baja)|"
    r"dar(?:me)? de baja|suscripcion mensual|plan mensual|"
    r"(?:annuler|resilier|arreter) (?:mon |l'|mon |un |le )?(?:abonnement|forfait|compte|plan)|"
    r"comment (?:annuler|resilier|me desabonner|je (?:peux )?(?:annule|resilie))|"
    r"abonnement mensuel|forfait mensuel|(?:c'est |il y a )?un abonnement"
    r")(?![a-z0-9])"
)
# An alert named beside a cancel: the bot's price alerts, not a subscription to the service.
ALERT_WORD: Final = lazy(r"(?<![a-z])(?:alert\w*|notif\w*|avisos?|alerta\w*|alerte\w*|"
                         r"price (?:drop|watch)\w*)(?![a-z])")


def subscription_asked(s: str) -> bool:
    """"cancel my subscription": the service's (not a price alert, which names an alert)."""
    for pattern in _SUBSCRIPTION:  # the one topic of the 25 asked here (was a pass over all)
        if pattern.search(s) is not None:
            return ALERT_WORD.search(s) is None
    return False


# Questions about the service itself that are not a run, a price or a payment: "do you have spot
# instances or is it all on demand", "can i get a refund if my run crashes", "where are your data
# centers", "can I ssh in", "can I bring my own docker image", "persistent storage?", "what is
# your uptime / SLA", "do you give invoices", "how does per-minute billing work". Each is answered
# from the seed where it speaks and said to be unpublished where it is silent
# (rules/data/service.toml [questions]). Matched in folded text, en/es/fr.
_FREE_NOW: Final = r"available|disponibles?|dispos?|libres?|free(?! (?:trials?|credits?|tier|plan))"
_NOW: Final = (
    r"(?:right )?now|today|at the moment|currently|ahora(?: mismo)?|ahorita|hoy|"
    r"en este momento|actualmente|maintenant|en ce moment|actuellement|tout de suite|"
    # "t'as des h100 dispo là ?": "là" (folded "la") ending the message is now, not an article
    r"la(?=[\s?!.]*$)"
)
# A top-up named (the payment, or its coin) and when it lands ("confirmations", "tarda en
# acreditarse", "met combien de temps à arriver"), either order (folded): the "confirm" topic.
_PAID: Final = (
    r"(?:pagos?|depositos?|recargas?|transferencias?|transacciones?|payments?|deposits?|"
    r"top ?-?ups?|transfers?|transactions?|paiements?|depots?|recharges?|virements?|btc|bitcoins?|"
    r"usdt|usdc|eth|ltc|xmr|monero|crypto\w*|cripto\w*)")
_CREDITED: Final = (
    r"(?:confirmations?|confirmaciones?|acredit\w*|credit(?:ed|e|ee|es|ees)|show(?:s|ing)? up|"
    r"arrive\w*|arriv(?:er|e|ent)|llega\w*|tarda\w*|demora\w*|instant\w*|inmediat\w*|"
    r"immediat\w*)")
# ... or how long, then the top-up ("how long does a deposit take"; not "usdt, and how long is
# a block?").
_TOP_UP_TIMED: Final = (
    r"(?:how long|cuanto tiempo|combien de temps)[^?.!]{0,40}?(?:pagos?|depositos?|recargas?|"
    r"transferencias?|transacciones?|payments?|deposits?|top ?-?ups?|transfers?|transactions?|"
    r"paiements?|depots?|recharges?|virements?)")
SERVICE_TOPICS: Final[tuple[tuple[str, Guarded], ...]] = (
    ("spot", Guarded(
        ("spot", "demand", "preempt", "interrump", "interromp", "interrupt", "reserv"),
        r"(?<![a-z0-9])(?:spot|preemptible|interruptible|on ?-?demand|bajo demanda|a demanda|"
        r"a la demande|reserved instances?|instancias? reservadas|instances? reservees|"
        r"(?:get |be |been |gets |are |is |son |sont |es |est )?(?:interrupted|preempted|interrumpid[ao]s?|"
        r"interrompue?s?))(?![a-z0-9])")),
    # "cancel my subscription", "how do i cancel", "is it a monthly plan?", "cancelar mi
    # suscripción", "résilier mon abonnement": the page names no subscription (prepaid top-ups).
    ("subscription", Guarded(
        ("cancel", "subscri", "suscri", "abonn", "plan", "membership", "renew", "baja",
         "resili", "annul", "arret", "forfait", "recurring", "monthly", "annual", "yearly",
         "mensual", "mensuel", "charging", "charged", "billing"),
        SUBSCRIPTION)),
    ("refund", Guarded(
        ("refund", "reembols", "devoluc", "rembours", "money back", "devuelv"),
        r"(?<![a-z0-9])(?:refund\w*|reembols\w*|devolucion(?:es)?|rembours\w*|money back|"
        # "¿me devuelven la plata?", "¿te devuelven el dinero?"
        r"devuelv\w* (?:la |el |mi |mis |tu )?(?:plata|dinero|pasta|lana|guita|saldo))"
        r"(?![a-z0-9])")),
    # "what happens if i run out of hours mid training?", "¿q pasa si me quedo sin horas a
    # mitad del entrenamiento?", "que se passe-t-il si je n'ai plus d'heures ?": the page says
    # nothing of a run whose hours run out (never a policy made up), only how hours are bought.
    ("runout", Guarded(
        ("run out", "runs out", "running out", "ran out", "sin horas", "sin saldo",
         "sin credito", "acab", "agot", "plus d'heure", "plus de credit", "plus de solde",
         "epuis", "court d'heure"),
        r"(?<![a-z0-9])(?:(?:run|runs|running|ran) out of (?:gpu ?-?)?(?:hours|credits?|balance|"
        r"funds|money|time)|(?:hours|credits?|balance|funds) (?:run|runs|running|ran) out|"
        r"(?:quedo|quede|quedas|quedamos|me quedo|quedarme|quedarse) sin (?:gpu ?-?)?(?:horas|saldo|"
        r"credito)|se (?:me |te |nos )?(?:acaba\w*|agota\w*|termina\w*) (?:las |mis |el |mi )?"
        r"(?:gpu ?-?)?(?:horas|saldo|credito)|(?:las |mis )?(?:gpu ?-?)?horas se (?:me |te )?"
        r"(?:acaba\w*|agota\w*|termina\w*)|(?:n'?ai|n'?a|n'?avez|n'?as) plus (?:d'heures|de credits?"
        r"|de solde)|(?:heures|credits?|solde) (?:s'epuis\w*|(?:sont |est )?epuise\w*)|"
        r"a court (?:d'heures|de credits?|de solde))(?![a-z0-9])")),
    ("region", Guarded(
        ("region", "data", "datos", "donnees", "locat", "ubica", "countr", "pais", "where are",
         "localis", "serveurs", "servidores", "maquinas", "machines", "gpu", "server", "europ",
         "instanc", "pays", "heberg", "es ou"),
        r"(?<![a-z0-9])(?:regions?|regiones|data ?cent(?:er|re)s?|centros? de datos|"
        # French "la location de GPU" is the rental, not where the GPUs are
        r"centres? de donnees|(?<!la )(?<!une )(?<!ma )(?<!votre )(?<!en )locations?"
        r"(?! (?:de|du|des|d'|longue|courte|mensuelle)(?![a-z]))|"
        r"ubicacion(?:es)?|ubicad[oa]s|countr(?:y|ies)|pais(?:es)?|"
        r"localisation|where are (?:your|the|you) (?:gpus|servers|machines|hosts)|"
        r"where (?:are you|is it) (?:located|based|hosted)|located|"
        r"(?:ou|donde) (?:sont|se trouvent|estan|se encuentran) (?:situes |ubicados )?"
        r"(?:vos|les|sus|los|tus) (?:serveurs|gpus?|machines|servidores|maquinas)|"
        # "vos serveurs sont où ?", "ils sont situés où vos gpu ?", "c'est hébergé où ?", "dans
        # quel pays sont les serveurs ?"
        r"(?:serveurs|gpus?|machines|servidores|maquinas) (?:sont|se trouvent|estan) "
        r"(?:situes |heberges |ubicados )?(?:ou|donde)|"
        r"(?:c'?est|ils sont|elles sont|vous etes|tout est) (?:situes?|heberges?|localises?|"
        r"bases?) ou|quels? pays|"
        # "ils sont où vos serveurs ?", "vous êtes où ?"
        r"sont ou (?:vos|les) (?:serveurs|gpus?|machines)|vous etes (?:situes |bases |heberges )?ou(?= ?\??$)|"
        # "tienen servidores en europa?", "vous avez des serveurs en europe ?", "gpus in the eu"
        r"(?:servers?|servidores|serveurs|gpus?|maquinas|machines|instances?|instancias) "
        r"(?:(?:are|sont|estan|se trouvent) )?(?:in|en|au|aux) (?:the )?(?:europ\w*|eu|ue|usa|us|eeuu|etats-unis|estados unidos|"
        r"america\w*|amerique\w*|asi[ae]|canada|latam|latinoamerica|espana|france|francia|"
        r"germany|alemania|allemagne))(?![a-z0-9])")),
    ("access", Guarded(
        ("ssh", "jupyter", "root", "notebook", "vscode", "vs code"),
        r"(?<![a-z0-9])(?:ssh|jupyter(?: ?lab| notebooks?)?|root (?:access|acceso)|acceso root|"
        r"acces root|notebooks?|vs ?code)(?![a-z0-9])")),
    ("docker", Guarded(
        ("docker", "container", "contenedor", "conteneur", "image"),
        r"(?<![a-z0-9])(?:docker(?: images?| hub)?|containers?|contenedor(?:es)?|conteneurs?|"
        r"(?:custom|own|my) images?|imagen(?:es)? propias?|images? personnalisees?)(?![a-z0-9])")),
    # "do you have an api?", "¿tienen api?", "vous avez une api ?": the page names none.
    ("api", Guarded(
        ("api",),
        r"(?<![a-z0-9])(?:(?:have|has|offer|provide|got|any|tienen|teneis|hay|ofrecen|existe|"
        r"avez|a-t-il|y a|il y a|existe-t-il)(?: (?:you|an?|una|un|une|d'|de|des|la|l'))? ?apis?"
        r"|(?:your|su|sus|tu|votre|vos|ton) apis?|apis? (?:para|pour|to|for) (?:arrancar|crear|"
        r"lanzar|demarrer|creer|lancer|start|launch|create|manage|gestionar|gerer|rent|alquilar|"
        r"louer)|api (?:key|keys|rest)|rest api|clave de (?:la )?api|cle (?:d'|de l')api)"
        r"(?![a-z0-9])")),
    # "what os do the machines run?", "¿qué sistema operativo tienen?", "c'est quoi l'os des
    # machines ?", "which cuda version?": the page does not say ("os" only after what/the/l',
    # as Spanish "os" is a pronoun).
    ("os", Guarded(
        ("os", "operating", "operativo", "exploitation", "cuda", "driver", "ubuntu"),
        r"(?<![a-z0-9])(?:(?:what|which|the|quel|l') ?os|operating systems?|sistemas? operativos?|"
        r"systemes? d'exploitation|(?:what|which|que|cual|quelle?) (?:version (?:de |of )?)?"
        r"(?:cuda|drivers?|ubuntu)(?: version)?|(?:cuda|driver) version|version (?:de )?(?:cuda|"
        r"drivers?)|(?:es|is it|c'est|est-ce) ubuntu)(?![a-z0-9])")),
    # "how long does an instance take to start?", "¿cuánto tarda en arrancar una instancia?",
    # "combien de temps pour démarrer une instance ?": the page gives no start-up time.
    ("startup", Guarded(
        ("start", "boot", "spin", "launch", "ready", "provision", "arranc", "levant", "inicia",
         "demarr", "lanc", "prete", "pret"),
        r"(?<![a-z0-9])(?:how (?:long|fast|quickly) (?:does|do|would|will|can) (?:it|an? "
        r"(?:instance|machine|pod|gpu|server)|the (?:instance|machine|pod|gpu|server)|i)"
        r"(?: take)?(?: to)? (?:start|boot|spin up|launch|be ready|come up|get (?:an? )?"
        r"(?:instance|machine|gpu))|(?:startup|start-up|boot|spin-?up|provisioning) times?|"
        r"cuanto (?:tarda|tardan|demora|demoran|se tarda|se demora) (?:en )?(?:arrancar|levantar|"
        r"iniciar|encender|lanzar|estar (?:lista|listo|disponible))|tiempo de (?:arranque|"
        r"inicio|aprovisionamiento)|(?:combien de temps|en combien de temps)(?: [a-z']+){0,4}? "
        r"(?:(?:pour|a) )?(?:demarrer|lancer|allumer|etre prete?|est prete?|provisionn\w*)|"
        r"temps de (?:demarrage|lancement|provisionnement))(?![a-z0-9])")),
    ("storage", Guarded(
        ("storage", "almacenamiento", "stockage", "persist", "disk", "disco", "disque", "volume"),
        # "des réductions pour les gros volumes ?" asks a volume discount, not storage
        # "Some modules are dispatched on the CPU or the disk" (Accelerate's error loading a
        # quantized model bigger than the card) is the GPU's memory, not our storage
        r"(?<![a-z0-9])(?:(?:persistent |network |extra )?(?:storage|"
        r"(?<!cpu or the )(?<!cpu or )(?<!cpu and the )(?<!cpu and )disks?|"
        r"(?<!gros )(?<!grands )(?<!grand )(?<!big )(?<!high )(?<!large )(?<!sur le )volumes?)|"
        r"almacenamiento(?: persistente)?|discos? persistentes?|stockage(?: persistant)?|"
        r"disques? persistants?|volumes? persistants?|persistent|persistente|persistant|"
        r"disk space|espacio en disco|espace disque)(?![a-z0-9])")),
    ("sla", Guarded(
        ("sla", "uptime", "disponib", "availability"),
        # "¿hay disponibilidad de h200?" asks for free cards now (availability), not uptime
        r"(?<![a-z0-9])(?:slas?|uptime|(?<!hay )(?<!y a )(?<!y a de la )(?<!any )(?<!tienen )"
        r"(?:guaranteed |garantia de |garantie de )?(?:availability"
        r"|disponibilidad|disponibilite)(?: guarantee| garantizada| garantie)?)(?![a-z0-9])")),
    ("invoice", Guarded(
        ("invoice", "receipt", "factura", "facture", "recibo", "vat", "iva", "tva"),
        r"(?<![a-z0-9])(?:invoices?|invoicing|receipts?|recibos?|vat|iva|tva|"
        # not the verb: "se factura por minuto", "je suis facturé", "est facturée", "est-ce
        # facturé à la minute ?", "c facturé à l'heure ?"
        r"(?<!se )(?<!suis )(?<!est )(?<!etre )(?<!sont )(?<!sera )(?<!ce )(?<!c )factur[ae]s?"
        r"(?! (?:a|au|par|por|al) (?:la |l')?(?:minute|heure|seconde|minuto|hora)))"
        r"(?![a-z0-9])")),
    # The seed's "¿Qué software ejecuta cada método?", "Quel logiciel exécute chaque méthode ?",
    # "what software runs each method", "which library for fine-tuning": its TRL paragraph.
    ("software", Guarded(
        ("software", "logiciel", "librar", "librer", "bibliot", "framework"),
        r"(?<![a-z0-9])(?:(?:what|which|que|cual(?:es)?|quel(?:le)?s?) (?:software|logiciels?|"
        r"librar(?:y|ies)|librerias?|bibliotecas?|bibliotheques?|librairies?|frameworks?)"
        r"|(?:software|logiciel) (?:runs|ejecuta|executes?|execute|corre|fait tourner|lance))"
        r"(?![a-z0-9])")),
    # "max gpus per instance?", "cuántas gpus por instancia", "combien de GPU par machine"
    ("instances", Guarded(
        ("instanc", "host", "node", "nodo", "noeud", "machine", "maquina", "server", "servidor",
         "serveur"),
        r"(?<![a-z0-9])(?:(?:how many|max(?:imum)?|up to|cuantas|maximo de|combien de|jusqu'?a) "
        r"(?:gpus? )?|gpus? )(?:[a-z']+ ){0,4}?(?:per|in an?|on an?|por|en una?|par|dans une?|"
        r"sur une?) (?:single |one |sola |seule )?"
        r"(?:instanc\w*|hosts?|nodes?|nodos?|noeuds?|machines?|maquinas?|servers?|servidor(?:es)?"
        r"|serveurs?)(?![a-z0-9])")),
    # "is there a student discount", "bulk discount?", "¿hay descuento para estudiantes?",
    # "une remise étudiante ?": the page names no discount (its blocks are at the same rate).
    ("discount", Guarded(
        ("discount", "descuento", "rebaja", "remise", "promo", "coupon", "cupon", "reduc",
         "ristourne", "bloc", "bloque", "pack", "rabais", "degressif"),
        # "is a 720h block cheaper per hour", "do bigger blocks get a better hourly rate?", "are
        # the big blocks cheaper?" (the hours blanked): a discount for buying more
        r"(?<![a-z0-9])(?:(?:blocks?|packs?|bundles?)(?: (?:of|de) [a-z0-9]+)? (?:(?:is|are|get|gets|have|has|come|comes"
        r"|work out) )?(?:(?:a|any) )?(?:cheaper|less expensive|better (?:hourly |per hour )?"
        r"(?:rate|price|deal)|lower (?:hourly |per hour )?(?:rate|price))|"
        # "el bloque de 720 horas sale mas barato?", "le bloc de 168h est moins cher que celui de
        # 10h ?", "los bloques grandes son mas baratos?", "les gros blocs sont moins chers ?"
        r"(?:bloques?|blocs?)(?: [a-z0-9']+){0,4}? (?:mas (?:barat|economic)[oa]s?|menos car[oa]s?|"
        r"moins cher(?:e?s)?|plus avantageux|mejor (?:precio|tarifa)|meilleur (?:prix|tarif))|"
        # "la h100 sale mas barata en bloque de 720?", "c'est moins cher par gros blocs ?"
        r"(?:mas (?:barat|economic)[oa]s?|moins cher(?:e?s)?|cheaper) (?:en|con|por|par|avec|in|with|"
        r"by|comprando|en achetant|buying) (?:el |la |los |un |le |les |des |un |the |a )?"
        r"(?:(?:big|bigger|large|larger|gros|grand|grandes?) )?(?:bloques?|blocs?|blocks?)|"
        # "conviene comprar el bloque de 720?", "ça vaut le coup de prendre le bloc de 720h ?",
        # "is it worth buying the 720h block?"
        r"(?:conviene|vale la pena|compensa|sale a cuenta|vaut le coup|vaut la peine|worth\w*)"
        r"(?: [a-z0-9'-]+){0,4}? (?:bloques?|blocs?|blocks?)|"
        r"discount\w*|descuentos?|rebajas?|remises?|promo(?: ?codes?)?|"
        # "y a une réduc si je prends 720 heures ?": the slang means nothing else
        r"coupons?|cupon(?:es)?|codes? promo|reducs?|ristournes?|"
        # "vous faites des réductions pour les gros volumes ?", "un rabais sur le volume ?"
        r"(?:reductions?|rabais|tarifs? degressifs?|prix degressifs?) (?:pour |sur |au )?(?:les |le )?"
        r"(?:(?:gros|grands?|grandes) )?(?:volumes?|quantites?|commandes?)|"
        r"tarifs? degressifs?|prix degressifs?|"
        r"reductions? (?:etudiante?s?|pour (?:les )?etudiants|"
        # "une réduction si j'achète 720 heures ?", "une réduction sur le prix"
        r"si|sur (?:le |les )?(?:prix|tarifs?|heures|blocs?)|de prix|de tarif))"
        r"(?![a-z0-9])")),
    # "is there a free trial", "free credits?", "¿hay prueba gratis?", "un essai gratuit ?"
    ("trial", Guarded(
        ("trial", "prueba", "essai", "credit", "gratis", "gratuit"),
        r"(?<![a-z0-9])(?:(?:free )?trials?(?: credits?| period)?|free credits?|"
        r"(?:periodo de )?prueba(?: gratis| gratuita)|creditos? (?:gratis|gratuitos?)|"
        r"(?:periode d'|un )?essai gratuit|credits? gratuits?)(?![a-z0-9])")),
    ("billing", Guarded(
        ("minut", "minim", "billing", "billed", "factur", "cobr", "charge", "gpu hour",
         "gpu-hour", "gpuhour", "gpu hora", "gpu-hora", "heure", "gpu-heure", "bloc", "bloque"),
        # "se cobra x minuto o x hora?": "x" is "por" in chat Spanish
        r"(?<![a-z0-9])(?:per ?-?minute|by the minute|(?:por|x) minutos?|al minuto|a la minute|"
        # "is there a minimum rental time?": the blocks and the per-minute draw answer it
        r"minimum (?:rental |billing |billable )?(?:time|duration|period|hours?)|"
        r"(?:tiempo|duracion|periodo) minim[oa](?: de (?:alquiler|renta|facturacion))?|"
        r"(?:duree|periode) minimale(?: de (?:location|facturation))?|"
        r"par minute|(?:billing|billed|charged|cobr\w*|factur\w*) (?:per|by|por|al|par|a la|"
        r"each|every|cada) (?:the )?minut\w*|how (?:does|do you do|is) (?:the )?billing|"
        r"how (?:are|am) (?:we|i|you) (?:billed|charged)|como (?:funciona|es) la facturacion|"
        # "what's a gpu hour", "qué es una gpu-hora", "c'est quoi une heure gpu": the blocks
        r"(?:what(?:'?s| is| are)|explain|define) (?:a |an |the )?gpu ?-?hours?|"
        r"que (?:es|son) (?:una |las )?gpu ?-?horas?|"
        r"(?:c'?est quoi|qu'?est.ce qu'?) ?(?:une |les )?(?:gpu ?-?heures?|heures? gpu)|"
        r"como (?:me )?cobra\w*|comment fonctionne la facturation|comment (?:suis-je|je suis|on est) "
        r"facture|"
        # "what are the blocks?", "¿qué son los bloques?", "c'est quoi les blocs ?", "¿cuánto
        # dura un bloque?", "les blocs ça marche comment ?": the blocks
        r"(?:what(?:'?s| is| are)|explain) (?:a |an |the |these |those )?(?:gpu ?-?hours? )?"
        r"blocks?|how do (?:the |your )?blocks work|que (?:es|son) (?:un |el |los |estos )?"
        r"bloques?|como funciona\w* (?:el |los )?bloques?|cuanto dura\w* (?:un |el |cada |los )?"
        r"bloques?|(?:c'?est quoi|c quoi|qu'?est.ce qu'?) ?(?:un |le |les |ces )?blocs?|"
        r"(?:les )?blocs?,? ca (?:marche|fonctionne)\w* comment|"
        r"comment (?:ca )?(?:marche|fonctionne)\w* (?:les |le |vos )?blocs?|"
        # "how long does the 720 hour block last?", "¿cuánto tiempo dura el bloque de 720
        # horas?", "combien de temps dure le bloc ?": a block lasts until used (never expires)
        r"how long (?:does|do|will) (?:a |an |the |each |my |one |these |those )?(?:[a-z0-9-]+ )"
        r"{0,3}?blocks? last|cuanto tiempo dura\w* (?:un |el |cada |los )?bloques?|"
        r"combien de temps (?:dure\w*|tien\w*) (?:un |le |les |chaque |vos )?blocs?|"
        r"(?:le |les |un )?blocs?,? (?:ca )?(?:dure\w*|tien\w*) combien|"
        # "combien dure un bloc ?", "what blocks do you sell?", "which block sizes are there",
        # "¿qué bloques venden?", "¿de cuántas horas son los bloques?", "quels blocs vous avez ?",
        # "les blocs c'est de combien d'heures ?", "combien d'heures dans un bloc ?": the blocks
        r"combien (?:dure\w*|tien\w*) (?:un |le |les |chaque |vos )?blocs?|"
        r"(?:what|which) (?:kinds? of |sizes? of |types? of )?(?:gpu ?-?hours? )?blocks?|"
        r"blocks? sizes?|(?:que|q|cuales) (?:son (?:los )?)?(?:tamanos? de )?bloques?|"
        r"de cuantas horas (?:son|es|vienen) (?:los |el |cada |sus )?bloques?|"
        r"bloques? de cuantas horas|quel(?:le)?s? (?:tailles? de |sortes? de |types? de )?blocs?|"
        r"(?:les |vos )?blocs?,? (?:c'?est|c|ca fait|font|sont|durent) (?:de )?combien d'heures|"
        r"blocs? de combien d'heures|"
        r"combien d'heures (?:dans|par|fait|font|dure) (?:un |le |les |chaque |vos )?blocs?|"
        # "un bloque cuanto dura?", "el bloque de 24h cuanto tiempo dura?"
        r"bloques?,? (?:de (?:[0-9]+ ?(?:h|hrs?|horas?)? )?)?cuanto (?:tiempo )?dura\w*|"
        # "¿qué es mejor, un bloque grande o varios chicos?", "c'est mieux un gros bloc ou
        # plusieurs petits ?", "one big block or several small ones?": same hourly rate, and
        # the hours never expire
        r"(?:(?:big|large|bigger|larger|gros|grand) (?:blocks?|bloques?|blocs?)|(?:blocks?|"
        r"bloques?|blocs?) (?:mas )?(?:grandes?|gros|big|large))[ ,]+(?:[a-z]+[ ,]+){0,4}?"
        r"(?:o|ou|or|vs|than|que)[ ,]+(?:[a-z]+ ){0,3}?(?:small\w*|little|chic\w*|pequen\w*|"
        r"petit\w*|several|varios|plusieurs|many|muchos))(?![a-z0-9])")),
    # "are your h100s sxm or pcie", "is nvlink available on your a100s", "¿las h100 tienen
    # nvlink?", "les h100 sont en sxm ?": each host's form factor and interconnect, which the
    # dashboard shows (a GPU may be named: OURS_ASKED).
    ("interconnect", Guarded(
        ("nvlink", "sxm", "pcie", "infiniband", "interconn", "nvswitch", "form factor"),
        r"(?<![a-z0-9])(?:nvlink|nv-link|sxm\d?|pcie|infiniband|interconnect\w*|interconexion\w*|"
        r"interconnexion\w*|nvswitch|form factor)(?![a-z0-9])")),
    # "¿hay h100 disponibles ahora?", "vous avez des h200 en stock ?", "are h100s available
    # right now?": which cards are free at a moment, which the page does not state (never a
    # stock made up). "Available" alone asks whether we rent the card: not this.
    ("availability", Guarded(
        ("stock", "agotad", "epuise", "sold out", "availab", "disponib", "dispo", "libre", "free"),
        r"(?<![a-z0-9])(?:(?:in|en|out of|sin|hors) stock|stock|agotad[ao]s?|epuises?|sold out|"
        r"(?:hay|y a|il y a|any|tienen) (?:de la |buena |some )?(?:disponibilidad|disponibilite|availability)|"
        rf"(?:{_FREE_NOW}) (?:[a-z0-9]+ )?{_NOW}|{_NOW} (?:[a-z0-9]+ )?(?:{_FREE_NOW})|"
        # "¿qué gpus tienen disponibles?" asks what is rented (the price list); "libres" is free
        r"(?:hay|quedan|tienen|teneis|tenes|y a|y a-t-il|il y a|vous avez|avez-vous|tu as|"
        r"there are|are there|any) (?:[a-z0-9-]+ ){0,3}(?:libres?|free(?! (?:trials?|credits?|"
        r"tier|plan))))(?![a-z0-9])")),
    # "is there a fee for paying in btc", "do i pay gas fees", "¿cobran comisión por usdt?",
    # "il y a des frais sur les recharges ?": the page names none, and no network fee either.
    ("fees", Guarded(
        ("fee", "comision", "frais", "commission", "gas"),
        r"(?<![a-z0-9])(?:(?:gas|network|transaction|deposit|top ?-?up|processing|hidden|"
        r"payment|crypto) fees?|fees?|comision(?:es)?|frais|commissions?|gas)(?![a-z0-9])")),
    # "how long does a btc payment take to arrive?", "¿el pago con btc tarda mucho en
    # acreditarse?", "le paiement en btc met combien de temps à arriver ?", "how many
    # confirmations for usdt?": when a top-up is credited, which the page does not say.
    ("confirm", Guarded(
        ("confirm", "acredit", "credit", "show", "arriv", "llega", "tarda", "demora", "how long",
         "cuanto tiempo", "combien de temps", "instant", "inmediat", "immediat"),
        rf"(?<![a-z0-9])(?:{_PAID}[^?.!]{{0,40}}?{_CREDITED}|{_CREDITED}[^?.!]{{0,40}}?{_PAID}|"
        rf"{_TOP_UP_TIMED})"
        r"(?![a-z0-9])")),
    # How a block is drawn on, the GPU names and hours blanked (only beside BLOCK_WORDS):
    # "can i pause and resume my block", "use it over several days", "do i have to use the
    # block in one go", "¿puedo usar el bloque en varios días?", "en plusieurs fois ?".
    ("blockuse", Guarded(
        ("paus", "resum", "reanud", "stop", "shut", "turn", "apag", "arret", "eteign",
         "over", "across", "during", "durante", " in ", " en ", " on ", " sur ", "once", "go",
         "row", "consecutiv", "continu", "straight", "back", "una vez", "seguid", "corrid",
         "fois", "coup", "affilee", "suite", "when", "any", "cuando", "quand", "later", "tard",
         "despues", "luego", "adelante", "another", "otro", "autre", "next"),
        r"(?<![a-z0-9])(?:paus\w*|resum\w*|reanud\w*|en pause|"
        r"(?:stop|shut ?down|turn off|switch off|apag\w*|arret\w*|eteign\w*)(?: [a-z']+){0,4}? "
        r"(?:and|then|y|luego|et|puis)(?: [a-z']+){0,3}? (?:start|continue|resume|restart|"
        r"come back|use|segu\w*|contin\w*|retom\w*|vuelv\w*|reprend\w*|relanc\w*)|"
        r"(?:use|using|spend|consume|split|spread|break|usar|uso|gastar|consumir|repartir|"
        r"utiliser|utilise|depenser|consommer|etaler|fractionner)(?: [a-z'0-9]+){0,5}? "
        r"(?:(?:over|across|on|in|during|en|durante|sur) (?:several|multiple|many|a few|"
        r"different|separate|varios|varias|distintos|distintas|diferentes|plusieurs|differents) "
        r"(?:days|weeks|months|sessions|runs|times|goes|dias|semanas|meses|sesiones|veces|jours|"
        r"semaines|mois|fois)|in one go|all at once|at once|in one (?:sitting|session|stretch|"
        r"shot)|in a row|consecutively|continuously|straight|back to back|"
        r"de una (?:vez|sola vez|tirada|sentada)|todo seguido|de corrido|en une (?:seule )?fois|"
        r"en plusieurs fois|d'un (?:seul )?coup|d'affilee|a la suite|whenever|"
        r"when(?:ever)? i (?:want|like|need)|any ?time|cuando (?:yo )?quiera|"
        # "si me sobran horas las puedo usar después?", "je peux les utiliser plus tard ?"
        r"quand je (?:veux|voudrai)|later|mas tarde|despues|luego|mas adelante|plus tard|"
        r"another day|otro dia|"
        r"un autre jour|next (?:week|month)))(?![a-z0-9])")),
    # A block bought for one GPU used on another ("do blocks work across gpu types", "are the
    # hours tied to one gpu", "¿sirven las horas para otra gpu?", "les heures marchent sur une
    # autre carte ?"); two GPUs named with "use my h100 hours on an a100": parse.
    ("blockmodel", Guarded(
        ("across", "between", "other", "another", "different", "any", "every", "all ", "entre",
         "cualquier", "otra", "otro", "todas", "importe", "autre", "tous", "toutes", "tied",
         "locked", "bound", "specific", "restricted", "limited"),
        # (across or between GPUs alone: several GPUs drawing one block, "blockgpus")
        r"(?<![a-z0-9])(?:(?:across|between|r?entre) (?:different |all |the |los |las |les )?"
        r"(?:gpu |card )?(?:models|types|kinds|modelos|tipos|modeles)|"
        r"(?:across|between|r?entre) (?:different|distintas|diferentes|differents) "
        r"(?:gpus|cards|tarjetas|cartes)|"
        r"(?:(?:for|on|with) (?:any|all|other|another|different|every)|"
        r"(?:para|en|con) (?:cualquier|otras?|otros?|todas?(?: las)?)|"
        r"(?:pour|sur|avec) (?:n'importe quel(?:le)?|d'autres|tou(?:te)?s les|une? autre)) "
        r"(?:gpus?|cards?|(?:gpu |card )?(?:models?|types?)|tarjetas?|modelos?|tipos?|cartes?|"
        r"modeles?)|(?:tied|locked|bound|specific|restricted|limited) to (?:one|a|the|that|"
        r"a single|each) (?:gpus?|cards?|models?))(?![a-z0-9])")),
    # One block drawn by several GPUs ("split a block across multiple gpus", "is that 8 hours
    # off my block", "per gpu or per instance?", "¿repartir el bloque entre varias gpus?").
    ("blockgpus", Guarded(
        ("gpu", "card", "tarjeta", "carte", "off", "out of", "cuenta", "compte"),
        r"(?<![a-z0-9])(?:(?:split|share|divide|spread|use|dividir|repartir|compartir|usar|"
        r"partager|diviser|utiliser)(?: [a-z']+){0,3}? (?:blocks?|bloques?|blocs?|hours|horas|"
        r"heures)(?: [a-z']+){0,2}? (?:across|between|over|among|on|with|r?entre|en|con|sur|"
        r"avec) (?:(?:multiple|several|many|two|four|eight|varias|multiples|plusieurs) )?"
        r"(?:gpus?|cards?|tarjetas?|cartes?)|per gpu or per (?:instance|machine|node|server)|"
        r"por gpu o por (?:instancia|maquina)|par gpu ou par (?:instance|machine)|"
        r"hours? (?:off|out of) (?:my|the) blocks?)(?![a-z0-9])")),
)
# The block topics answer only where a block, its hours or an instance is spoken of: "pause
# training and resume from a checkpoint" is a run.
BLOCK_TOPICS: Final = ("blockuse", "blockmodel", "blockgpus")
# "use my h100 hours on an a100", "utiliser mes heures h100 sur une a100" (the cards blanked):
# hours of one card spent on another (parse: with two cards named).
HOURS_ON_CARD: Final = lazy(
    r"(?<![a-z0-9])(?:use|spend|apply|move|transfer|usar|gastar|pasar|utiliser|transferer)"
    r"(?: [a-z']+){0,3}? (?:hours|horas|heures|blocks?|bloques?|blocs?|credits?|them|las|les)"
    r"(?: [a-z']+){0,2}? (?:on|for|with|en|con|para|sur|pour|avec)"
    r"(?: (?:an?|the|my|una?|el|la|mi|une?|le|ma))?(?=[ ?.!,]|$)"
    # "las horas de h100 sirven para una a100?", "do h100 hours work on an a100"
    r"|(?<![a-z0-9])(?:hours|horas|heures|blocks?|bloques?|blocs?|credits?)(?: de)?(?: gpu)? "
    r"(?:work|valid|good|usable|sirven|valen|funcionan|marchent|fonctionnent|valent)"
    r"(?: [a-z']+)? (?:on|for|with|para|en|con|sur|pour|avec)"
    r"(?: (?:an?|the|una?|el|la|une?|le))?(?=[ ?.!,]|$)"
)
# "can i use those on an h100 too", "¿puedo usarlas en una h100?", "je peux les utiliser sur
# une h100 ?" (folded): after hours priced on one card, those hours spent on another card
# (followup; a pronoun or "those hours", never "it": "does it work on an h100" asks the run).
THOSE_HOURS_ON_CARD: Final = lazy(
    r"(?<![a-z])(?:(?:use|spend|apply|move|transfer|put)(?: [a-z']+){0,2}? (?:them|those|these|"
    r"(?:those|these|the|my|that|this) (?:hours|blocks?|credits?|gpu ?-?hours))|"
    r"(?:they|those|these|(?:those|these|the|my) hours) (?:[a-z']+ )?(?:work|valid|good|usable|"
    r"count)|"
    r"(?:usar|gastar|pasar|aplicar|mover|transferir)(?:las|los)|(?:las|los|esas|esos|estas|"
    r"estos)(?: horas)? (?:[a-z]+ )?(?:usar|gastar|pasar|uso|gasto)|sirven|valen|funcionan|"
    r"les (?:utiliser|utilise|depenser|transferer|prendre|passer)|(?:elles|ils|celles-ci|"
    r"ceux-ci|ces heures) (?:marchent|fonctionnent|sont valables|valent|comptent))"
    r"(?: [a-z'-]+){0,3}? (?:on|for|with|in|towards?|en|para|con|sur|pour|avec)(?![a-z])"
)
# How long a block lasts on a configuration ("how long does a 24 hour block last on 2 h100s",
# "cuanto me dura un bloque de 10 horas con 4 a100", "combien de temps dure un bloc de 24h sur
# 2 h100 ?"): folded text, the numbers still in it; the block's hours in `h1` or `h2`.
BLOCK_SPAN: Final = Guarded(
    ("block", "bloque", "bloc", "gpu"),
    r"(?<![a-z0-9])(?:(?P<h1>\d{2,3}) ?-?(?:h|hrs?|hours?|horas?|heures?|gpu ?-?hours?|gpu ?-?horas?|"
    r"gpu ?-?heures?)? ?-?(?:blocks?|bloques?|blocs?)|(?:blocks?|bloques?|blocs?) (?:of |de |d.)?"
    r"(?P<h2>\d{2,3}) ?(?:h|hrs?|hours?|horas?|heures?|gpu ?-?hours?|gpu ?-?horas?|gpu ?-?heures?)?"
    # GPU-hours said without a block ("if i buy 24 gpu hours … how long does that last on 4
    # h100s", "24 horas de gpu", "24 heures de gpu"): any number of them, `h3` or `h4`
    r"|(?P<h3>\d{1,4}) ?-?gpu ?-?(?:hours?|hrs?|horas?|heures?)"
    r"|(?P<h4>\d{1,4}) ?-?(?:hours?|hrs?|horas?|heures?) (?:of |de |d.)gpu)"
    r"(?![a-z0-9])",
)
# ... asked as a duration: "how long", "last", "how many hours", "cuanto dura", "combien de temps"
BLOCK_SPAN_ASK: Final = lazy(
    r"(?<![a-z])(?:how long|last|lasts|how many (?:hours|days)|cuanto (?:me )?(?:dura|duran|"
    r"tiempo)|cuantas horas|cuantos dias|me da|combien de temps|combien d.heures|combien de jours|"
    r"dure|durent|tient)(?![a-z])"
)
BLOCK_WORDS: Final = lazy(
    r"(?<![a-z0-9])(?:blocks?|bloques?|blocs?|(?:gpu ?-?)?hours?|hrs|horas|heures|credits?|"
    r"creditos|saldo|balance|solde|instances?|instancias?)(?![a-z0-9])"
)


# "for less than an hour", "por menos de una hora", "moins d'une heure" (folded): renting for
# under an hour, which the per-minute draw answers (parse: only with no GPU, model or amount).
SUB_HOUR: Final = lazy(
    r"(?<![a-z])(?:less than|under|shorter than|menos de|moins d.|moins de) ?"
    r"(?:an?|one|1|una|un|une) (?:hour|hora|heure)s?(?![a-z])"
)


# The service's own hardware asked, a GPU named ("are your h100s sxm", "do the 8x h100 nodes
# have nvlink", "vos h100", "sus h100"): a question about its hosts, not a comparison of cards.
OURS_ASKED: Final = lazy(
    r"(?<![a-z])(?:your|you|y'?all|the\s+(?:[\w-]+\s+){0,2}?(?:nodes?|hosts?|servers?|machines?|"
    r"instances?)|"
    r"(?:tus|sus|vuestras?|vos|tes) (?:gpus?|h\d+|a\d+|b\d+|l\d+|nodos|servidores|serveurs|machines)|"
    r"tienen|teneis|tenes|(?:vous|tu) (?:avez|as))(?![a-z])")


# The patterns of SERVICE_TOPICS' subscription topic: subscription_asked's, asked of every
# question (bot.understand.parse._intent).
_SUBSCRIPTION: Final = tuple(pattern for topic, pattern in SERVICE_TOPICS if topic == "subscription")


def service_topics(s: str, ours: bool = False, hours: bool = False) -> tuple[str, ...]:
    """The questions about the service of SERVICE_TOPICS that `s` asks, in a fixed order. The
    interconnect only of our hosts (`ours`, or said in `s`): "i have 2x 3090 with nvlink" is
    the user's own machine. `hours`: hours were said (and blanked), a block's words."""
    return tuple(topic for topic, pattern in SERVICE_TOPICS if pattern.search(s) and (
        topic != "interconnect" or ours or OURS_ASKED.search(s) is not None)
        and (topic not in BLOCK_TOPICS or hours or BLOCK_WORDS.search(s) is not None))


# Prices asked in another currency than the published one: "cuánto cuesta una h100 en euros",
# "combien en euros pour 10h", "how much in EUR", "en pesos mexicanos", "what currency?". The
# page prices in US dollars only and gives no exchange rate (service.toml [payment] currency):
# the reply says so and converts nothing. Folded text; "€"/"£" (dropped by folding) in
# CURRENCY_SIGN_ASK on the text as written. "pesos" alone is also a model's weights.
_OTHER_CURRENCY: Final = (
    r"(?:euros?|eur|pesos(?! (?:de|del|en|in|bf16|fp16|fp8|int\d|\d))|mxn|ars|clp|cop|brl|reais|"
    r"reales|soles|gbp|pounds?(?: sterling)?|libras?(?: esterlinas?)?|livres? sterling|yens?|jpy|"
    r"rupees?|rupias?|roupies?|inr|cad|aud|chf|francs? suisses?|local currency|moneda local|"
    # Québec's "piastres", "piasses" and the Canadian dollar: not the US dollars we price in
    r"piastres?|piasses?|dollars? canadiens?|canadian dollars?|"
    r"devise locale|(?:my|mi|ma) (?:own )?(?:currency|moneda|devise))"
)
# Currency names that are nothing else in these questions, and those that may be a price.
_NAMED_CURRENCY: Final = (
    r"(?:euros?|eur|mxn|gbp|jpy|inr|chf|yens?|rupees?|rupias?|roupies?|pounds? sterling|"
    r"libras? esterlinas?|livres? sterling|francs? suisses?|piastres?|piasses?|"
    r"dollars? canadiens?|canadian dollars?|pesos (?:mexicanos|argentinos|"
    r"colombianos|chilenos|uruguayos)|soles peruanos|reais)"
)
_PRICED_CURRENCY: Final = (
    r"(?:euros?|eur|pesos|soles|reales|reais|libras?|pounds?|yens?|rupees?|rupias?|roupies?|"
    r"mxn|ars|clp|cop|brl|gbp|jpy|inr|cad|aud|chf)"
)
CURRENCY_ASK: Final = Guarded(
    ("eur", "peso", "mxn", "ars", "clp", "cop", "brl", "rea", "soles", "gbp", "pound", "libra",
     "livre", "yen", "jpy", "rupee", "rupia", "roupie", "inr", "cad", "aud", "chf", "franc",
     "currenc", "moneda", "divisa", "devise", "luka", "luca", "mango", "varo", "pavo", "piast",
     "piass", "canadi"),
    r"(?<![a-z0-9])(?:(?:in|en|a|to|into|pour|para|vers) (?:the |los |les |des )?"
    rf"{_OTHER_CURRENCY}|pesos (?:mexicanos|argentinos|colombianos|chilenos|uruguayos)"
    r"|(?:other|another|otras?|autres?|une autre) (?:currenc(?:y|ies)|monedas?|divisas?|devises?)"
    r"|(?:which|what|que|cual(?:es)?|en que|quelles?|dans quelle) "
    r"(?:currenc(?:y|ies)|monedas?|divisas?|devises?)"
    # "how many euros is an h100", "cuantos pesos cuesta una h100", "combien d'euros": a
    # currency named anywhere is one, but a word that is also something else ("los pesos del
    # modelo" are its weights, "casos reales") only counted in or before a price
    rf"|{_NAMED_CURRENCY}"
    r"|(?:how many|how much|cuant[oa]s|combien (?:de |d' ?)?)(?:the |los |les |des )?"
    rf"{_OTHER_CURRENCY}"
    # "cuántas lukas me sale …" (thousands of Chilean pesos), "cuántos mangos" (Argentine
    # pesos), "cuántos varos" (Mexican), "cuántos pavos" (euros, Spain): a price asked in them
    r"|cuant[oa]s (?:lukas|lucas|luquitas|mangos|varos|pavos)"
    # "aceptan ARS?", "aceptan pesos?", "vous prenez les pesos ?": a currency asked to pay in
    # (was "No te he entendido"; "aceptan euros?" was answered by the name alone)
    r"|(?:aceptan|aceptas|acepta|aceptais|toman|tomas|reciben|recibes|acceptez|acceptes|accepte"
    r"|prenez|prends|accept|take) (?:the |los |las |les |des |en |in )?"
    rf"{_OTHER_CURRENCY}"
    rf"|{_PRICED_CURRENCY} (?:(?:me |nos |te )?(?:cuesta|cuestan|sale|salen|vale|valen|cobran|"
    r"serian?|costs?|coute|coutent|fait|font|par heure|per hour|an hour|por hora|la hora|"
    r"de l'heure|l'heure)))(?![a-z0-9])"
)
CURRENCY_SIGN_ASK: Final = Guarded(("€", "£"), r"(?<![0-9])(?<![0-9] )[€£](?! ?\d)")


def currency_asked(folded: str, written: str) -> bool:
    """A price asked in another currency (`folded`: the folded text, `written`: as typed)."""
    return (CURRENCY_ASK.admits(folded) and CURRENCY_ASK.pattern.search(folded) is not None) \
        or (CURRENCY_SIGN_ASK.admits(written)
            and CURRENCY_SIGN_ASK.pattern.search(written.lower()) is not None)


# The network (chain) a coin is sent on: "USDT on which network", "usdt trc20", "¿en qué red?",
# "sur quel réseau ?". The page names coins, never networks (service.toml [payment] networks):
# the reply says so and points to support. Networks by the name a reply gives them.
_STABLE: Final = r"(?:usdt|usdc|tether)"
# A stablecoin sent on a chain named by its coin's name: "usdc on solana", "usdc en solana",
# "usdc sur solana", "usdt por la red de ethereum" (was the coin list, the network unread).
_STABLE_ON: Final = (rf"(?<![a-z0-9]){_STABLE} (?:on|en|sur|por|via|over|par|through) "
                     r"(?:(?:la |the |le )?(?:red|reseau|blockchain|network|chain) (?:de |of |du )?)?")
NETWORKS: Final[tuple[tuple[str, Guarded], ...]] = (
    ("Solana (SPL)", Guarded(("solana",), _STABLE_ON + r"solana(?![a-z0-9])")),
    ("ERC20 (Ethereum)", Guarded(("ethereum",), _STABLE_ON + r"ethereum(?![a-z0-9])")),
    ("TRC20 (Tron)", Guarded(("trc", "tron"), r"(?<![a-z0-9])(?:trc ?-?20|tron)(?![a-z0-9])")),
    ("ERC20 (Ethereum)", Guarded(("erc",), r"(?<![a-z0-9])erc ?-?20(?![a-z0-9])")),
    ("BEP20 (BNB Chain)", Guarded(("bep", "bsc", "bnb"),
                      r"(?<![a-z0-9])(?:bep ?-?20|bsc|bnb (?:smart )?chain)(?![a-z0-9])")),
    ("Polygon", Guarded(("polygon", "matic"), r"(?<![a-z0-9])(?:polygon|matic)(?![a-z0-9])")),
    ("Arbitrum", Guarded(("arbitrum",), r"(?<![a-z0-9])arbitrum(?![a-z0-9])")),
    # Base and TON are words too ("a BF16 base", French "ton"): only after a stablecoin or beside
    # a network word. USDT on TON is Telegram's own wallet's coin, asked often here.
    ("Base", Guarded(("base",), _STABLE_ON + r"base(?! (?:model|models|modelo|modele)s?)(?![a-z0-9])"
                     r"|(?<![a-z0-9])base (?:chain|network|mainnet|l2)(?![a-z0-9])")),
    ("TON", Guarded(("ton",), rf"(?<![a-z0-9]){_STABLE} (?:on |en |via )?(?:the )?ton(?![a-z0-9])"
                    r"|(?<![a-z0-9])(?:ton (?:network|blockchain|chain)|(?:red|reseau) ton)"
                    r"(?![a-z0-9])")),
    ("Optimism", Guarded(("optimism",), r"(?<![a-z0-9])optimism(?![a-z0-9])")),
    ("Avalanche", Guarded(("avax", "avalanche"), r"(?<![a-z0-9])(?:avax|avalanche)(?![a-z0-9])")),
    ("Lightning", Guarded(("lightning",), r"(?<![a-z0-9])lightning(?: network)?(?![a-z0-9])")),
    ("SPL", Guarded(("spl",), r"(?<![a-z0-9])spl(?![a-z0-9])")),
)
_NETWORK_WORD: Final = r"(?:networks?|chains?|blockchains?|redes|red|reseaux|reseau)"
NETWORK_ASK: Final = Guarded(
    ("network", "chain", "red", "reseau"),
    r"(?<![a-z0-9])(?:(?:which|what|wich|que|cual(?:es)?|quel(?:le)?s?) (?:crypto |cripto )?"
    rf"{_NETWORK_WORD}|{_NETWORK_WORD} (?:for|de|pour|para|del?|du|des) (?:las? |les |los |the )?"
    rf"(?:{_STABLE}|btc|eth|sol|ltc|xmr|coins?|crypto\w*|cripto\w*|pagos?|payments?|paiements?)"
    rf"|{_STABLE} (?:on |en |sur )?(?:which |what |que |quel )?{_NETWORK_WORD})(?![a-z0-9])"
)
# The coins the page lists (service.toml [payment] coins), by the ticker a reply gives them.
COINS: Final[tuple[tuple[str, Guarded], ...]] = (
    ("BTC", Guarded(("btc", "bitcoin"), r"(?<![a-z0-9])(?:btc|bitcoins?)(?![a-z0-9])")),
    ("USDT", Guarded(("usdt", "tether"), r"(?<![a-z0-9])(?:usdt|tether)(?![a-z0-9])")),
    ("USDC", Guarded(("usdc",), r"(?<![a-z0-9])usdc(?![a-z0-9])")),
    ("ETH", Guarded(("eth",), r"(?<![a-z0-9])(?:eth|ether|ethereum)(?![a-z0-9])")),
    ("SOL", Guarded(("sol",), r"(?<![a-z0-9])(?:sol|solana)(?![a-z0-9])")),
    ("LTC", Guarded(("ltc", "litecoin"), r"(?<![a-z0-9])(?:ltc|litecoin)(?![a-z0-9])")),
    ("XMR", Guarded(("xmr", "monero"), r"(?<![a-z0-9])(?:xmr|monero)(?![a-z0-9])")),
)


def pay_network(s: str) -> tuple[str, str] | None:
    """(coin, network) when `s` asks about the network a coin is sent on, each "" when not
    named (the first named in the text); None when no network is asked about."""
    network = ""
    for name, pattern in NETWORKS:
        if pattern.admits(s) and pattern.pattern.search(s):
            network = name
            break
    if not network and not (NETWORK_ASK.admits(s) and NETWORK_ASK.pattern.search(s)):
        return None
    if network == "Lightning":
        # Bitcoin's own network, whatever other coin is named beside it ("do you accept
        # ethereum? and lightning?" was "ETH on Lightning")
        return "BTC", network
    found = [(m.start(), coin) for coin, pattern in COINS if pattern.admits(s)
             for m in [pattern.pattern.search(s)] if m is not None]
    return (min(found)[1] if found else "", network)


# After a payment answer, a short follow-up on the same payment (folded): "which network?",
# "y en que red?", "et sur quel réseau ?", "network?" (its coin the one asked before) ...
PAID_NETWORK: Final = lazy(rf"(?<![a-z0-9]){_NETWORK_WORD}(?![a-z0-9])")
# ... when it is credited: "and how long until it's credited?", "is it instant?", "how many
# confirmations?", "y cuanto tarda en llegar?", "et ça prend combien de temps ?" ...
PAID_WHEN: Final = lazy(
    rf"(?<![a-z])(?:how long|how fast|how quick\w*|when|cuanto tiempo|en cuanto|cuando|"
    rf"combien de temps|en combien|quand|{_CREDITED})(?![a-z])")
# ... or where to send it: "where do i send it?", "wallet address?", "¿a qué dirección?",
# "quelle adresse ?" (the bot never shows one: the payment answer says to top up on the site).
PAID_WHERE: Final = lazy(
    r"(?<![a-z])(?:where|wallet|address|adress|a donde|adonde|donde|direccion|billetera|"
    r"monedero|cartera|wallet|ou (?:j'envoie|envoyer|est-ce)|adresse|portefeuille)(?![a-z])")


# What a price includes: "does the h100 price include storage", "¿incluye almacenamiento?",
# "le prix inclut le stockage ?" (folded).
INCLUDED: Final = lazy(r"(?<![a-z])(?:inclu\w*|comprend\w*)(?![a-z])")


# Whether hours expire: "do unused hours expire", "¿caducan las horas?", "¿se vencen?", "les
# heures expirent ?", "elles sont périmées ?", "do i lose the rest?", "¿pierdo el resto?", "je
# perds le reste ?" (folded).
EXPIRY_ASK: Final = lazy(
    r"(?<![a-z])(?:expir\w*|caduc\w*|se vencen|vencen|perim\w*|lose (?:the rest|them|the "
    r"(?:unused|remaining|leftover)|my (?:unused |remaining )?hours)|(?:pierdo|perderia|se "
    r"pierden?|pierden) (?:el resto|lo que sobra|las (?:horas )?(?:que )?(?:sobran|no uso|"
    r"restantes))|(?:perds|perdrais|sont perdues|seront perdues) (?:le reste|les heures|celles|"
    r"ce qui reste)|"
    # "si apago la instancia, ¿pierdo las horas?", "si j'éteins l'instance je perds mes heures ?"
    r"(?:pierdo|perderia) (?:las|mis) (?:gpu ?-?)?horas|(?:perds|perdrais) mes (?:gpu ?-?)?heures|"
    # "las horas q no use se pierden?", "si compro un bloque y no las uso, se pierden?", "les
    # heures que j'utilise pas je les perds ?", "le bloc, les heures sont perdues ?"
    rf"{alt(_words('HOURS_LOST'))})"
    r"(?![a-z])")
# ... or what becomes of the hours left over ("what happens to the hours i dont use", "q pasa
# con el resto", "que deviennent les heures ?"): "nothing is lost" leads, not a bare "no".
LEFTOVER_ASK: Final = lazy(rf"(?<![a-z]){alt(_words('HOURS_LEFT'))}(?![a-z])")


# The smallest top-up asked: "whats the minimum top up?", "el minimo pa recargar cuanto es",
# "c'est combien le minimum de recharge" (folded; only in a payment question).
MINIMUM_ASK: Final = lazy(r"(?<![a-z])(?:minimum|minim[oa]|min|at least|lo menos|au moins)(?![a-z])")


# An ID or KYC asked of paying: "hay que dar el dni?", "faut un passeport ?", "sin kyc?", "do i
# need to give my id?" (folded; only in a payment question).
ID_ASK: Final = lazy(
    r"(?<![a-z])(?:kyc|ids?|identity|identification|passports?|driver'?s licen[cs]e|dni|cedula|"
    r"pasaportes?|identificacion|documentos?(?: de identidad)?|ine|pieces? d'identite|"
    r"cartes? d'identite|passeports?)(?![a-z])"
)


def pay_coins(s: str) -> tuple[str, ...]:
    """The listed coins `s` names, in the order named ("monero", "usdt or btc")."""
    found = sorted((m.start(), coin) for coin, pattern in COINS if pattern.admits(s)
                   for m in [pattern.pattern.search(s)] if m is not None)
    return tuple(coin for _, coin in found)


# No GPU at all, the model on the CPU and its RAM: "cpu only", "on my cpu", "without a gpu",
# "sin gpu", "solo cpu", "sans GPU", "que le CPU". Never a CPU offload ("offload to cpu", "cpu
# ram for offload"): parse reads it only with no GPU or offload named.
CPU_ONLY: Final = Guarded(
    ("cpu", "gpu"),
    r"(?<![a-z0-9])(?:cpu ?-?only|only (?:a |the |my )?cpu|just (?:a |the |my )?cpu|"
    r"(?:on|in|with|using) (?:a |the |my )?cpus?(?! ?(?:ram|memory|offload))(?![a-z0-9])|"
    r"solo (?:con )?(?:la |el |mi )?cpu|(?:en|con|sobre) (?:la |el |mi )?cpu(?! ?ram)|"
    r"(?:que|seulement|uniquement) (?:le |la |mon |ma |un |une )?(?:cpu|processeur)|"
    # "cpu seulement, 64 go de ram", "cpu solamente": the word after (was an L40S's speed)
    r"(?:cpu|processeur) (?:seulement|uniquement|solamente|unicamente|nada mas)|"
    r"(?:sur|avec|en) (?:le |la |mon |ma |un |une )?(?:cpu|processeur)(?! ?ram)|"
    r"(?:without|w/o|no|sin|sans|pas de) (?:a |any |una |ninguna |un |une |de )?gpus?|"
    r"(?:don'?t|do not|dont) have (?:a |any )?gpus?|no tengo (?:una |ninguna )?gpus?|"
    r"(?:je )?n'?ai pas de gpus?)(?![a-z0-9])"
)
# A machine named that has no GPU an LLM runs on, so the memory said is its system RAM: a
# Raspberry Pi or another single-board computer (their GPUs run no CUDA, ROCm or Metal), a CPU
# said as the hardware ("intel i7 16gb ram", "xeon with 256gb"). Read only with no GPU named.
CPU_MACHINE: Final = Guarded(
    ("pi", "i3", "i5", "i7", "i9", "ryzen", "xeon", "epyc", "threadripper"),
    r"(?<![a-z0-9])(?:(?P<pi>raspberry ?pi|rpi|(?:orange|rock) ?pi)(?: ?[2-5](?: ?b)?)?"
    r"|(?:intel )?(?:core )?(?P<core>i[3579])(?:[- ]?\d{4,5}[a-z]{0,2})?"
    r"|ryzen (?P<ryzen>[3579])(?: \d{4}[a-z0-9]{0,3})?|(?P<server>xeon|epyc|threadripper))"
    r"(?![a-z0-9])"
)
_CPU_MACHINE_NAMES: Final = {"raspberry pi": "Raspberry Pi", "raspberrypi": "Raspberry Pi",
                             "rpi": "Raspberry Pi", "orange pi": "Orange Pi",
                             "orangepi": "Orange Pi", "rock pi": "Rock Pi", "rockpi": "Rock Pi",
                             "xeon": "Intel Xeon", "epyc": "AMD EPYC",
                             "threadripper": "AMD Threadripper"}


def cpu_machine(s: str) -> str | None:
    """The GPU-less machine `s` names ("Raspberry Pi", "Intel Core i7"), None without one."""
    found = CPU_MACHINE.pattern.search(s) if CPU_MACHINE.admits(s) else None
    if found is None:
        return None
    if found.group("core"):
        return f"Intel Core {found.group('core')}"
    if found.group("ryzen"):
        return f"AMD Ryzen {found.group('ryzen')}"
    return _CPU_MACHINE_NAMES[found.group("pi") or found.group("server")]


# The system RAM said: "128gb ram", "64gb de ram", "32 go de ram", "ram: 64 gb", "64 gigs of
# memory ram", "128 GB DDR5".
RAM_GB: Final = Guarded(
    ("ram", "ddr", "memoria", "memoire"),
    r"(?<![a-z0-9.,])(?P<a>\d{1,4})(?: ?(?:gb|go|g|gigs?|gib))(?: (?:of|de))?"
    r" (?:system |sys )?(?:ram|ddr\d?|memoria ram|memoire vive)(?![a-z0-9])"
    r"|(?<![a-z0-9])(?:ram|ddr\d?)(?: ?:| de| of| is)? (?P<b>\d{1,4}) ?(?:gb|go|g|gigs?|gib)(?![a-z0-9])"
)


def cpu_only(s: str) -> bool:
    return CPU_ONLY.admits(s) and CPU_ONLY.pattern.search(s) is not None


def ram_gb(s: str) -> int | None:
    found = RAM_GB.pattern.search(s) if RAM_GB.admits(s) else None
    if found is None:
        return None
    return int(found.group("a") or found.group("b"))


# "delete alert 2", "remove #1", "borra la alerta 3", "supprime l'alerte n°2", "the first one",
# "la segunda", "la deuxième" (folded) in an alert removal: the number of /alerts' list it names
# (was every alert of no GPU: the list again).
# Ordinals as written (folded), first to fifth: "the first one", "a second 3090", "la deuxième".
ORDINALS: Final = {
    "first": 1, "1st": 1, "primera": 1, "primero": 1, "primer": 1, "1a": 1, "1o": 1,
    "premiere": 1, "premier": 1, "1ere": 1, "1er": 1,
    "second": 2, "2nd": 2, "segunda": 2, "segundo": 2, "2a": 2, "2o": 2, "deuxieme": 2,
    "seconde": 2, "2e": 2, "2eme": 2, "third": 3, "3rd": 3, "tercera": 3, "tercer": 3,
    "tercero": 3, "3a": 3, "3o": 3, "troisieme": 3, "3e": 3, "3eme": 3, "fourth": 4, "4th": 4,
    "cuarta": 4, "cuarto": 4, "4a": 4, "4o": 4, "quatrieme": 4, "4e": 4, "4eme": 4,
    "fifth": 5, "5th": 5, "quinta": 5, "quinto": 5, "5a": 5, "5o": 5, "cinquieme": 5, "5e": 5,
    "5eme": 5,
}
_ALERT_NUMBER: Final = lazy(
    r"(?<![a-z0-9])(?:(?:alert[ae]?s?|number|numero|num|nr|no|n|#) ?#?(?P<num>\d{1,2})"
    r"(?![0-9.,]| ?(?:h|hours?|horas?|heures?|gb|go|usd|\$|dollars?|dolares?|cents?|%)(?![a-z]))"
    r"|#(?P<hash>\d{1,2})(?![0-9])"
    r"|(?:the|la|el|le|l') (?P<nth>" + "|".join(ORDINALS) + r")(?![a-z0-9]))"
)


def alert_number(folded: str) -> int | None:
    """The number of /alerts' list an alert removal names, if it names one."""
    found = _ALERT_NUMBER.search(folded)
    if found is None:
        return None
    if found.group("nth"):
        return ORDINALS[found.group("nth")]
    number = int(found.group("num") or found.group("hash"))
    return number if number > 0 else None

# Tokens to generate, with a count ("how long to generate 1M tokens", "cost to output 10m tok",
# "cuánto tarda en generar 1M de tokens", "combien coûte générer 10 millions de tokens"): the
# time at decode's bandwidth bound (folded text, en/es/fr).
GENERATE: Final = lazy(
    r"(?<![a-z])(?:generat|genera|genere|output|produc|produi|spit|writ|escrib|ecri)[a-z]*"
    r"(?![a-z])|(?<![a-z])gen (?=\d)")
# Decode's rate asked per hour or per day ("how many tokens per hour", "tok/day", "tokens a
# day", "tokens por hora", "tokens al día", "tokens par jour", "tokens à l'heure", "in a day"):
# the bound over that time. `unit` is the unit's word.
TOKENS_PER: Final = lazy(
    r"(?<![a-z])(?:tokens?|toks?)(?![a-z])(?:[^.?!]{0,60}?)"
    r"(?:(?<![a-z])(?:per|an?|por|par|al|a la|a l'|in an?|in one|en un|en una|en une|dans une?)"
    # a space after the word: "tokens and 1k output tokens" is no "an" + "d" (a day)
    r" |/ ?)(?P<unit>hours?|hrs?|h|horas?|heures?|days?|d|dias?|jours?|journee)(?![a-z0-9])")
# A price per million tokens asked ("price per million tokens", "$/1M tok", "cost per 1m
# tokens", "precio por millón de tokens", "prix par million de tokens", "$/mtok").
PER_MILLION: Final = lazy(
    r"(?:(?<![a-z])(?:per|por|par|pour|each|every|le|el)|/) ?(?:(?:1|one|a|un) ?)?"
    r"(?:m|mil+ions?|millon|mln) ?(?:de |d'|d )?(?:(?:output|generated|completion) )?"
    r"(?:tokens?|toks?)(?![a-z])"
    # "precio x millon d tokens": texting's "x" for "por" (only before the word "millon": "3 x
    # 1m tokens" is a product) and "d" for "de"
    r"|(?<![0-9] )(?<![\w])x (?:un )?millon (?:de |d )?(?:tokens?|toks?)(?![a-z])"
    r"|(?:(?<![a-z])per |/ ?)mtoks?(?![a-z])")
# A price per thousand tokens asked ("cost per 1k tokens", "$/1k tok", "per 1000 output tokens",
# "precio por mil tokens", "prix pour 1000 tokens").
PER_THOUSAND: Final = lazy(
    r"(?:(?<![a-z])(?:per|por|par|pour|each|every|le|el|cada)|/) ?(?:(?:a|one|un|1) )?"
    r"(?:1 ?k|k|1[,. ]?000|thousand|mil|mille) ?(?:de |d')?(?:(?:output|generated|completion) )?"
    r"(?:tokens?|toks?)(?![a-z])")
# The tokens a dollar buys ("tokens per dollar", "tokens/$", "how many tokens for a dollar",
# "tokens por dólar", "tokens par dollar"): the price per token turned over.
PER_DOLLAR: Final = lazy(
    r"(?<![a-z])(?:tokens?|toks?)(?![a-z])(?:[^.?!]{0,30}?)"
    r"(?:(?<![a-z])(?:per|for|por|par|pour|each|every|con|avec)(?: (?:a|one|un|1|each|every))? ?"
    r"|/ ?)(?:dollars?|dolar(?:es)?|\$|usd|bucks?)(?![a-z])")
# The price of one token asked ("cost per token", "price per output token", "costo por token",
# "prix par token"): quoted per million, as serving prices are.
PER_TOKEN: Final = lazy(
    r"(?<![a-z])(?:cost|costs|price|pricing|costo|coste|precio|cout|prix|tarif)s? (?:per|por|par|"
    r"pour|a|for) (?:(?:each|every|one|a|un|cada) )?(?:(?:output|generated|completion) )?"
    r"(?:tokens?|toks?)(?![a-z])")
# A time or a cost asked in words the intents may not read so ("time to generate 5M tokens"):
# with GENERATE, the tokens are timed (not a setting among others: "generate 2048 tokens").
TIME_OR_COST: Final = lazy(
    r"(?<![a-z])(?:how long|how much|time to|takes?|cost|costs|price|tarda\w*|tiempo|cuesta|"
    r"cuanto|costar\w*|combien|temps|coute\w*|prix|duree)(?![a-z])")
