"""The multilingual vocabulary (English, Spanish, French) as data.

Every pattern here is matched against *folded* text (see ``normalise.fold``): lower case, accents
removed, ``×`` turned into ``x``. So patterns are written without accents ("cuanto", "memoire")
and match both "cuánto" and a hurried "cuanto". Regex fragments are joined into one alternation
per concept by ``parse``; keep them free of capturing groups.
"""

from __future__ import annotations

from typing import Final

from bot.understand.query import Intent, Lang
from rules.schema import MethodId

# --- numbers written as words ------------------------------------------------------------------

# GPU counts and small amounts ("two H200s", "dos H200", "deux H200", "a pair of").
# Not here on purpose: "un/una/une/a" (articles far more often than counts) and Spanish "once"
# (11), which is the English "once" in "tell me once the H100 drops".
COUNT_WORDS: Final[dict[str, int]] = {
    # en
    "one": 1, "single": 1, "a single": 1, "two": 2, "a pair of": 2, "pair of": 2,
    "a couple of": 2, "couple of": 2, "dual": 2, "three": 3, "four": 4, "quad": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "sixteen": 16,
    # es
    "un solo": 1, "una sola": 1, "una unica": 1, "un unico": 1, "dos": 2, "un par de": 2,
    "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
    "doce": 12, "dieciseis": 16,
    # fr
    "un seul": 1, "une seule": 1, "deux": 2, "une paire de": 2, "trois": 3, "quatre": 4,
    "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "douze": 12, "seize": 16,
}

# Amount words before a duration: counts plus the articles ("a day", "una semana", "une heure").
AMOUNT_WORDS: Final[dict[str, int]] = {
    **COUNT_WORDS, "a": 1, "an": 1, "un": 1, "una": 1, "une": 1, "uno": 1,
}

# --- units -------------------------------------------------------------------------------------

# Duration units → hours per unit. Minutes are handled as a fraction of an hour.
HOUR_UNITS: Final[tuple[str, ...]] = (
    r"h", r"hs", r"hr", r"hrs", r"hours?", r"horas?", r"heures?",
)
MINUTE_UNITS: Final[tuple[str, ...]] = (r"mins?", r"minutes?", r"minutos?")
DAY_UNITS: Final[tuple[str, ...]] = (r"d", r"days?", r"dias?", r"jours?", r"journees?")
WEEK_UNITS: Final[tuple[str, ...]] = (r"wks?", r"weeks?", r"semanas?", r"semaines?")
MONTH_UNITS: Final[tuple[str, ...]] = (r"months?", r"mes", r"meses", r"mois")
# "half an hour", "media hora", "une demi-heure"
HALF_HOUR: Final[tuple[str, ...]] = (r"half an hour", r"media hora", r"une demi-? ?heure")

# Model-size units → multiplier to billions (as a power of ten).
SIZE_UNITS_BILLION: Final[tuple[str, ...]] = (
    r"b", r"bn", r"billions?", r"mil millones", r"milliards?", r"md", r"mds",
)
SIZE_UNITS_MILLION: Final[tuple[str, ...]] = (r"m", r"mn", r"millions?", r"millones", r"millon")
PARAM_WORDS: Final[tuple[str, ...]] = (r"params?", r"parameters?", r"parametros?", r"parametres?")

# Dataset-size multipliers (powers of ten) before "tokens".
TOKEN_MULTIPLIERS: Final[dict[str, int]] = {
    "k": 3, "thousand": 3, "mil": 3, "m": 6, "mn": 6, "million": 6, "millions": 6,
    "millones": 6, "millon": 6, "b": 9, "bn": 9, "billion": 9, "billions": 9,
    "mil millones": 9, "milliard": 9, "milliards": 9, "t": 12, "trillion": 12,
}

VRAM_UNITS_GB: Final[tuple[str, ...]] = (
    r"gb", r"go", r"gib", r"gigs?", r"gigas?", r"gigabytes?", r"gigaoctets?", r"g",
)
VRAM_UNITS_TB: Final[tuple[str, ...]] = (r"tb", r"to", r"tib", r"terabytes?", r"teraoctets?")

MONEY_BEFORE: Final[tuple[str, ...]] = (r"\$", r"us\$", r"usd")
MONEY_AFTER: Final[tuple[str, ...]] = (
    r"\$", r"us\$", r"\$us", r"usd", r"dollars?", r"dolares", r"dolar", r"bucks?",
)
PERCENT_UNITS: Final[tuple[str, ...]] = (r"%", r"percent", r"per cent", r"por ciento", r"pour ?cent")

# --- GPUs --------------------------------------------------------------------------------------

# Words that may precede a GPU name and belong to it ("NVIDIA H100", "GeForce RTX 4090").
GPU_VENDOR_WORDS: Final[tuple[str, ...]] = (
    r"nvidia", r"geforce", r"amd", r"instinct", r"tesla", r"quadro", r"radeon",
)
# Words naming GPUs in general, allowed between a count and a GPU name ("4 GPUs H100").
GPU_NOUNS: Final[tuple[str, ...]] = (
    r"gpus?", r"cards?", r"graphics cards?", r"tarjetas?", r"tarjetas? graficas?", r"cartes?",
    r"cartes? graphiques?", r"instances? de", r"de",
)

# --- methods -----------------------------------------------------------------------------------

_BITS8 = r"8\s?-?\s?bits?"
_BITS4 = r"4\s?-?\s?bits?"
_FINETUNE = r"fine\s?-?\s?tun\w*|finetun\w*|ft"

METHOD_PATTERNS: Final[tuple[tuple[MethodId, tuple[str, ...]], ...]] = (
    # Order matters: the first match wins, so 8-bit Adam before AdamW and QLoRA before LoRA.
    ("full_adam8bit", (
        rf"adamw?\s?-?\s?(?:de |en |in |a )?{_BITS8}", rf"{_BITS8} adamw?", r"adamw?_?8_?bits?",
        rf"bnb\s?-?\s?{_BITS8}", r"bnb\s?-?\s?adam\w*", r"paged_adamw_8bit",
        rf"(?:optimizer|optimiseur|optimizador)(?: de| en| in)? {_BITS8}",
        rf"{_BITS8} (?:optimizer|optimiseur|optimizador)",
    )),
    ("qlora", (
        r"q\s?-?\s?lora", rf"{_BITS4} lora", rf"lora (?:en |in |a |de |with |con |avec )?{_BITS4}",
        r"lora (?:en |in )?(?:nf4|int4)", r"nf4 lora",
    )),
    # "lora_r: 32", "lora_alpha=16" are config keys (axolotl, PEFT), not the method.
    ("lora", (r"lora(?!_)", r"peft")),
    ("full_adamw", (
        rf"full\s?-?\s?(?:{_FINETUNE}|parameters?|param|training|train\w*|precision)",
        rf"(?:{_FINETUNE}) (?:complet\w*|completo|completa|entier|total|full)",
        r"ajuste fino (?:completo|full|total)", r"entrenamiento (?:completo|full|total)",
        r"entrainement complet", r"adamw?", r"fft", r"full",
    )),
)
# A method, quantization or inference named to be excluded: "without 8bit quantization", "no
# quiero QLoRA", "sans QLoRA", "not QLoRA but LoRA", "instead of LoRA".
NEGATION_BEFORE: Final[tuple[str, ...]] = (
    r"without", r"w/o", r"not", r"no", r"nor", r"never", r"instead of", r"rather than",
    r"other than", r"except", r"apart from", r"avoid\w*", r"don't want", r"do not want",
    r"don't use", r"sin", r"ni", r"nada de", r"en lugar de", r"en vez de", r"excepto", r"salvo",
    r"evitar", r"no quiero", r"no uses", r"no usar", r"sans", r"pas de", r"pas du",
    r"pas en", r"pas avec", r"au lieu de", r"au lieu du", r"plutot que", r"sauf", r"eviter",
    r"je ne veux pas", r"ne veux pas", r"jamais",
)
# Words allowed between the negation and what it excludes ("no quiero hacer QLoRA").
NEGATION_FILLERS: Final[tuple[str, ...]] = (
    r"a", r"an", r"the", r"any", r"use", r"using", r"with", r"do", r"doing", r"to", r"hacer",
    r"un", r"una", r"el", r"la", r"usar", r"con", r"en", r"de", r"du", r"le", r"faire",
    r"utiliser", r"avec", r"d'", r"want", r"go", r"quiero", r"veux", r"me",
)
# "LoRA is not the best option", "QLoRA no es buena idea", "le QLoRA n'est pas une option".
NEGATION_AFTER: Final[str] = (
    r"(?:is not|isn't|is no|ain't|no es|no me (?:sirve|conviene)|n'est pas|ne me convient pas|"
    r"ne convient pas|won't do|doesn't work for me)"
    r"(?: (?:the|a|an|la|el|una|un|une|le|my|mi|mon|ma))?"
    r" (?:best|good|right|ideal|option|way|choice|idea|solution|mejor|buena|bueno|opcion|"
    r"solucion|idea|meilleure?|bonne|bon|choix|ideale?|pour moi|para mi|for me|what i want)"
)

# "full" is a method only when it is not the "full price list" or "full details".
FULL_NOT_METHOD_AFTER: Final[str] = (
    r"(?:price|prices|pricing|list|lista|liste|details?|breakdown|table|tabla|tableau|desglose|"
    r"answer|report|name|days?|weeks?|hours?|months?|dias?|semanas?|jours?|journees?|semaines?|"
    r"time|speed)"
)

# Inference ("run", "serve"). Strong words always mean inference; "run"/"ejecutar"/"faire tourner"
# only when nothing in the question speaks of training ("the price of a run" is a training run).
INFERENCE_STRONG: Final[tuple[str, ...]] = (
    r"inference", r"inferencia", r"inferir", r"serve", r"serving", r"servir", r"deploy\w*",
    r"desplegar", r"deployer", r"host", r"hosting", r"heberger", r"chat with", r"chatear",
    r"vllm", r"llama\.?cpp", r"ollama", r"gguf", r"generate", r"generation", r"hosted",
    r"hebergement", r"heberge\w*", r"despliegue", r"desplegarlo", r"deploiement", r"servirlo",
    r"servir(?:le|la)?", r"alojar", r"hospedar", r"(?:in|into|en) produc(?:tion|cion)",
    r"mettre en prod", r"poner en prod", r"put (?:it )?in prod",
)
INFERENCE_WEAK: Final[tuple[str, ...]] = (
    r"run", r"running", r"runs", r"ejecutar", r"ejecutarlo", r"correr", r"correrlo", r"usar",
    r"faire tourner", r"tourner", r"executer", r"lancer", r"utiliser", r"use", r"load",
    r"cargar", r"charger", r"rouler", r"roule", r"faire rouler", r"correrlo",
)
# Formats that only serve (nobody fine-tunes on a GPTQ or Q4_K_M file): with no method and no
# training word, "GPTQ 4bit llama 2 13b on a 3060" or "fp8 llama 70b on an H100" is inference.
INFERENCE_FORMATS: Final[tuple[str, ...]] = (
    r"gptq", r"awq", r"exl2", r"fp8", r"int8", r"int-8", r"int4", r"int-4",
    r"q[2-8](?:_k(?:_[msl])?|_0|km)?", r"kv ?-?cache",
)
# "a run" / "un run" / "the run" is a (training) job, not an inference request.
RUN_NOUN_BEFORE: Final[str] = r"(?:a|the|one|my|this|that|per|each|un|une|el|le|la|mi|mon|du|de|ce)"
TRAINING_WORDS: Final[tuple[str, ...]] = (
    r"fine\s?-?\s?tun\w*", r"finetun\w*", r"train\w*", r"entrenar\w*", r"entrenamiento",
    r"entraine\w*", r"entrainer", r"entrainement", r"ajuste fino", r"ajustar", r"afinar",
    r"affiner", r"reentrenar", r"sft", r"dpo", r"tuning",
)
INFERENCE_INT8: Final[tuple[str, ...]] = (
    r"int8", r"int-8", _BITS8, r"fp8", r"q8(?:_0)?", r"q[56](?:_k(?:_[msl])?|_0)?", r"8 bits?",
)
INFERENCE_INT4: Final[tuple[str, ...]] = (
    r"int4", r"int-4", _BITS4, r"gptq", r"awq", r"q[234](?:_k(?:_[msl])?|_0|km)?", r"nf4",
    r"exl2", r"fp4", r"4 bits?",
)

# --- intents -----------------------------------------------------------------------------------

# Listing and removing alerts. The nouns only (not "alert me"): "what alerts do I have", "mis
# alertas", "mes alertes", "my H100 alert".
ALERT_NOUNS: Final[tuple[str, ...]] = (
    r"alerts?", r"alertas?", r"alertes?", r"price alerts?", r"notifications?",
    r"notificaciones", r"notificacion", r"avisos?", r"subscriptions?", r"suscripciones",
    r"suscripcion", r"abonnements?",
)
ALERT_REMOVE_VERBS: Final[tuple[str, ...]] = (
    # en ("drop" is left out: "when the H100 drops below 2")
    r"remove", r"delete", r"cancel\w*", r"stop", r"unsubscribe", r"turn off", r"switch off",
    r"disable", r"clear", r"get rid of", r"kill", r"mute", r"erase", r"unalert",
    r"no more", r"don't want (?:any )?(?:more )?",
    # es
    r"borra\w*", r"elimina\w*", r"quita\w*", r"cancela\w*", r"desactiva\w*", r"anula\w*",
    r"suprim\w*", r"parar", r"deja de", r"dejar de", r"dar de baja", r"darme de baja",
    r"da de baja", r"dame de baja", r"deme de baja", r"denme de baja", r"desuscrib\w*",
    r"no quiero (?:mas )?",
    # fr
    r"supprim\w*", r"efface\w*", r"effacer", r"annule\w*", r"annuler", r"retire\w*",
    r"retirer", r"desactive\w*", r"desactiver", r"arrete\w*", r"arreter", r"enleve\w*",
    r"enlever", r"desabonne\w*", r"stoppe\w*", r"(?:ne )?veux plus d'", r"plus jamais d'",
)
# "stop notifying me", "no me avises mas", "ne me previens plus": removal without the noun.
ALERT_STOP: Final[tuple[str, ...]] = (
    r"stop (?:alerting|notifying|pinging|messaging|warning) me", r"unsubscribe\w*",
    r"no me avises? mas", r"deja de avisarme", r"no me (?:notifiques|alertes) mas",
    r"desuscrib\w*", r"ne me previens plus", r"ne me prevenez plus", r"arrete de me prevenir",
    r"arretez de me prevenir", r"desabonne\w*",
)
# Every alert at once ("remove all my alerts", "borra todas", "supprime toutes mes alertes").
ALERT_ALL: Final[tuple[str, ...]] = (
    r"all", r"every", r"everything", r"todas", r"todos", r"todo", r"toutes", r"tous", r"tout",
)
# Asking to see the alerts ("what alerts do I have", "¿qué alertas tengo?", "mes alertes"). NOUN
# stands for ALERT_NOUNS.
ALERT_LIST: Final[tuple[str, ...]] = (
    r"(?:what|which|show(?: me)?|list|see|view|display|check)"
    r" (?:(?:are|is) )?(?:all )?(?:(?:of )?my |the |me my )?(?:current |active |price )?NOUN",
    r"my (?:current |active |price )?NOUN", r"do i have (?:any )?NOUN", r"NOUN (?:do|have) i",
    r"NOUN i (?:have|set|made|created)", r"NOUN i've (?:set|made|created)",
    r"(?:que|cuales|ver|muestra(?:me)?|mostrar(?:me)?|ensena(?:me)?|lista(?:r)?|revisar)"
    r" (?:son )?(?:de )?(?:todas )?(?:las |mis )?NOUN",
    r"mis NOUN", r"NOUN (?:que )?(?:tengo|tienes de mi|he creado|puse)",
    r"tengo (?:alguna |algunas )?NOUN",
    r"(?:quel(?:le)?s?|voir|montre(?:-? ?moi)?|affiche(?:r|z)?(?:-? ?moi)?|liste(?:r|z)?|consulter)"
    r" (?:sont )?(?:de )?(?:toutes )?(?:les |mes )?NOUN",
    r"mes NOUN", r"NOUN (?:que )?(?:j'ai|ai-je|tu as)", r"(?:ai-je|j'ai) (?:des|quelles?) NOUN",
)

# Thanks, greetings and small talk: a message made only of these is answered in kind.
THANKS_WORDS: Final[tuple[str, ...]] = (
    r"thanks?", r"thank you", r"thx", r"thnx", r"ty", r"tysm", r"cheers", r"much appreciated",
    r"appreciated?", r"gracias", r"muchas gracias", r"mil gracias", r"grax", r"merci",
    r"merci beaucoup", r"merci bien", r"mille mercis", r"thanks a lot",
)
BYE_WORDS: Final[tuple[str, ...]] = (
    r"bye", r"goodbye", r"good bye", r"bye bye", r"see you", r"see ya", r"cya", r"later",
    r"good night", r"adios", r"chao", r"chau", r"hasta luego", r"hasta pronto", r"nos vemos",
    r"buenas noches", r"au revoir", r"a plus", r"a\+", r"bonne soiree", r"bonne nuit",
    r"a bientot", r"bonne journee", r"ciao",
)
ACK_WORDS: Final[tuple[str, ...]] = (
    r"ok", r"okay", r"okey", r"k", r"kk", r"cool", r"nice", r"great", r"perfect", r"awesome",
    r"got it", r"understood", r"sounds good", r"vale", r"genial", r"perfecto", r"entendido",
    r"de acuerdo", r"listo", r"chevere", r"buenisimo", r"d'accord", r"parfait", r"super",
    r"top", r"nickel", r"compris", r"entendu", r"ca marche", r"tres bien", r"bien", r"good",
    r"fine", r"wow", r"excellent", r"excelente", r"dale", r"ca roule", r"yes", r"yep", r"yeah",
    r"sure", r"claro", r"oui", r"ouais", r"lol", r"haha\w*", r"jaja\w*", r"mdr", r"xd",
    r"guay", r"chido", r"bacan",
)
# Words that may go with small talk without making it a question ("thanks a lot, bot!").
SOCIAL_FILLERS: Final[tuple[str, ...]] = (
    r"a lot", r"so much", r"very much", r"again", r"guys", r"man", r"mate", r"bot", r"you",
    r"that's all", r"that is all", r"for now", r"for the help", r"for your help", r"all",
    r"so", r"and", r"y", r"et", r"then", r"pues", r"bueno", r"eh", r"oh", r"ah", r"well",
    r"pour l'aide", r"pour ton aide", r"pour votre aide", r"por la ayuda", r"por tu ayuda",
    r"amigo", r"l'ami", r"toi", r"vous", r"a vous", r"a toi", r"tout le monde", r"de nada",
    r"c'est tout", r"eso es todo", r"es todo", r"nada mas", r"it", r"that", r"c'est", r"es",
    r"muy", r"tres", r"vraiment", r"really", r"un monton", r"infiniment", r"el bot", r"le bot",
    r"the bot", r"there", r"everyone", r"all good", r"thanks again", r"cool",
    # "helps" is folded to "help" by the typo corrector: both spellings are thanks here.
    r"(?:that|this|it|you) (?:helped|helps?|was|is|are|were)(?: (?:very|super|really|so))?"
    r"(?: helpful)?", r"(?:very |super |really |so )?helpful",
    r"me (?:ayudo|sirvio)", r"me ha (?:ayudado|servido)", r"mucho", r"muchisimo", r"ca m'aide", r"ca m'a aide",
)

# Which GPUs are rented: the price list ("what GPUs do you have", "¿qué GPUs tienen?").
CATALOGUE_QUESTION: Final[tuple[str, ...]] = (
    r"(?:what|which) (?:gpus?|cards?|hardware|instances?|machines?) (?:do|can) (?:you|u|y'all)"
    r" (?:have|offer|rent|provide|sell|support)",
    r"(?:what|which) (?:gpus?|cards?|hardware|instances?) (?:are|is) (?:available|offered|on offer)",
    r"(?:what|which) do you (?:have|offer|rent)", r"available gpus?", r"gpus? available",
    r"gpus? (?:do|can) you (?:have|offer|rent)", r"(?:do you have|you got) (?:any )?gpus?",
    r"(?:que|cuales) (?:gpus?|tarjetas?|placas?(?: de video)?|graficas?|maquinas?|instancias?)"
    r" (?:tienen|tienes|tiene|hay|ofrecen|ofreces|ofrece|alquilan|alquilas|rentan|rentas|manejan|"
    r"disponen|tenes|teneis)",
    r"(?:que|cuales) (?:tienen|tienes|ofrecen|ofreces|alquilan|rentan) (?:de )?gpus?",
    r"gpus? disponibles", r"(?:que|cuales) gpus? (?:estan|hay) disponibles",
    r"quel(?:le)?s? (?:gpus?|cartes?(?: graphiques?)?|machines?|instances?)"
    r" (?:proposez|avez|louez|offrez|proposes|as|loues|offres)",
    r"quel(?:le)?s? (?:gpus?|cartes?(?: graphiques?)?) (?:sont|est) disponibles?",
    r"qu'est-ce que (?:vous|tu) (?:louez|proposez|avez|loues|proposes|as) (?:comme )?"
    r"(?:gpus?|cartes?)?", r"gpus? disponibles?", r"catalog(?:ue)?", r"catalogo", r"lineup",
    r"inventory", r"inventario",
)

# Telegram commands ("/start", "/precios@bot").
COMMANDS: Final[dict[str, Intent]] = {
    "start": "help", "help": "help", "ayuda": "help", "aide": "help", "menu": "help",
    "prices": "prices", "price": "prices", "precios": "prices", "tarifs": "prices",
    "prix": "prices", "pricing": "prices", "pay": "pay", "pagar": "pay", "payer": "pay",
    "alert": "alert", "alerta": "alert", "alerte": "alert",
    # The bot's menu lists alerts with /alerts and removes them with /unalert.
    "alerts": "alert_list", "alertas": "alert_list", "alertes": "alert_list",
    "unalert": "alert_remove", "fit": "fit", "cost": "cost", "quote": "cost",
    "coste": "cost", "devis": "cost", "compare": "compare", "memory": "memory", "vram": "memory",
    "memoria": "memory", "memoire": "memory", "recommend": "recommend", "best": "recommend",
}

ALERT_WORDS: Final[tuple[str, ...]] = (
    r"alert\w*", r"alerta\w*", r"alertame", r"notify", r"notif\w*", r"ping me", r"warn me",
    r"let me know", r"tell me (?:when|if|once)", r"message me", r"remind me", r"dime (?:cuando|si)",
    r"avisa\w*", r"aviseme", r"avisenme", r"prevenir", r"previen\w*", r"prevenez\w*",
    r"avertis\w*", r"avertir", r"dis-? ?moi (?:quand|si|des que|lorsque)",
    r"dites-? ?moi (?:quand|si|des que|lorsque)", r"subscribe\w*", r"suscrib\w*", r"abonne\w*",
    r"watch (?:the )?prices?", r"track (?:the )?prices?", r"follow (?:the )?prices?",
    r"seguir (?:el )?precio", r"suivre (?:le )?prix", r"surveill\w*", r"vigila\w*",
)
# "when/if the price drops" also makes an alert.
ALERT_WHEN: Final[str] = r"(?:when|whenever|if|once|as soon as|cuando|si|quand|lorsque|des que|des qu)"
ALERT_MOVE_DOWN: Final[tuple[str, ...]] = (
    r"drops?", r"dropped", r"dropping", r"falls?", r"goes down", r"go down", r"gets cheaper",
    r"decreases?", r"dips?", r"lowers?", r"cheaper", r"baja", r"bajan", r"bajen", r"baje",
    r"cae", r"caiga", r"descend\w*", r"disminu\w*", r"baisse\w*", r"diminue\w*", r"chute",
    r"tombe", r"moins cher\w*", r"mas barat\w*",
)
ALERT_MOVE_UP: Final[tuple[str, ...]] = (
    r"rises?", r"goes up", r"go up", r"increases?", r"climbs?", r"sube", r"suben", r"suba",
    r"aumenta\w*", r"monte\w*", r"augmente\w*", r"grimpe",
)

DIRECTION_BELOW: Final[tuple[str, ...]] = (
    r"below", r"under", r"less than", r"lower than", r"beneath", r"cheaper than", r"<=?",
    r"(?:drops?|falls?|goes|dips?|gets) (?:below|under|to)", r"por debajo de", r"debajo de",
    r"menos de", r"bajo", r"baj[ae]n? (?:de|a)", r"inferior a", r"sous", r"en-? ?dessous de",
    r"au-? ?dessous de", r"moins de", r"inferieur a", r"(?:passe|descend|tombe) sous",
    r"baisse (?:a|sous)", r"descienda (?:de|a)", r"caiga (?:de|a|por debajo de)",
    r"(?:tombe|descend|passe|baisse) (?:a|en-? ?dessous de|au-? ?dessous de)",
    r"passe sous la barre (?:de|des)", r"menos", r"moins", r"debajo", r"dessous", r"less",
    r"lower", r"drops? to", r"falls? to", r"<",
)
DIRECTION_ABOVE: Final[tuple[str, ...]] = (
    r"above", r"over", r"more than", r"higher than", r"exceeds?", r">=?",
    r"(?:rises?|goes|climbs?) (?:above|over|to)", r"por encima de", r"encima de", r"mas de",
    r"supera", r"sube (?:de|a)", r"superior a", r"au-? ?dessus de", r"plus de", r"depasse",
    r"superieur a", r"super[ae]n?", r"sobre", r"mas", r"encima", r"arriba de", r"plus",
    r"dessus", r"(?:passe|monte|grimpe) (?:au-? ?dessus de|a)", r"suba (?:de|a|por encima de)",
    r"sube por encima de", r"rises? to", r"more", r"higher", r">",
)

PAY_STRONG: Final[tuple[str, ...]] = (
    r"pay", r"pays", r"paying", r"payment", r"payments", r"paid", r"pagar\w*", r"pago",
    r"pagos", r"pague", r"abonar", r"payer", r"paye", r"paie", r"paiement", r"paiements",
    r"payable", r"regler", r"kyc", r"top\s?-?\s?up", r"recharg\w*", r"recarg\w*",
    r"deposit\w*", r"depot", r"wallet", r"billetera", r"monedero", r"portefeuille",
    r"credit cards?", r"debit cards?", r"cartes? bancaires?", r"cartes? de credit",
    r"carte bleue", r"tarjetas? de credito", r"tarjetas? de debito", r"tarjetas? bancarias?", r"no id",
    r"piece d'identite", r"identificacion", r"identity", r"anonym\w*", r"anonim\w*",
)
PAY_COINS: Final[tuple[str, ...]] = (
    r"crypto\w*", r"cripto\w*", r"bitcoins?", r"btc", r"usdt", r"usdc", r"tether", r"eth",
    r"ether", r"ethereum", r"solana", r"ltc", r"litecoin", r"xmr", r"monero", r"stablecoins?",
)

COMPARE_WORDS: Final[tuple[str, ...]] = (
    r"vs\.?", r"versus", r"or", r"o", r"ou", r"compar\w*", r"better", r"mejor", r"meilleur\w*",
    r"faster", r"rapid\w*", r"difference\w*", r"diferencia\w*", r"lequel", r"laquelle",
    r"cual", r"which", r"mieux", r"between", r"entre",
)

RECOMMEND_WORDS: Final[tuple[str, ...]] = (
    r"(?:best|cheapest|cheaper|ideal|optimal|recommended|right) (?:\w+ ){0,2}?gpus?",
    # Not "what would 4x A100 cost": the GPU named is blanked to "gpu" by then.
    r"(?:which|what) (?:kind of |type of |sort of |size of |single |one )?gpus?",
    r"(?:best|cheapest|ideal|optimal|right) (?:option|setup|config\w*|choice|instance|card|way)",
    r"recommend\w*", r"suggest\w*", r"cheapest", r"what should i (?:rent|use|pick|get|choose)",
    r"which (?:one|card|instance|config\w*|setup) should", r"how many gpus?",
    r"how many (?:cards|instances)", r"pick|choose",
    r"(?:la |el )?mejor gpu", r"gpu (?:mas barata|ideal|optima|recomendada)",
    # "qué GPU", but not the French "est-ce que 8 H100 suffisent" (H100 reads "gpu" here).
    r"(?<!ce )(?:que|q|cual|cuales) (?:es la )?(?:mejor )?gpus?",
    r"(?:que|q|cual|cuales) (?:placas?(?: de video)?|tarjetas?(?: graficas?)?|graficas?)"
    r" (?:me )?(?:conviene\w*|recomienda\w*|uso|usar|usaria|elijo|elegir|alquilo|necesito)", r"cual (?:es la )?mejor",
    r"recomienda\w*", r"recomend\w*", r"aconseja\w*", r"mas barat[ao]s?", r"cuantas gpus?",
    r"(?:que|cual) (?:debo|deberia|me conviene) (?:alquilar|usar|elegir)", r"elegir|escoger",
    r"quel(?:le)?s? (?:\w+ ){0,1}?gpus?", r"quel(?:le)?s? (?:cartes?|instances?|machines?)", r"meilleure? gpus?", r"gpus? (?:le|la) moins cher\w*",
    r"(?:le|la) moins cher\w*", r"recommand\w*", r"conseill\w*", r"combien de gpus?",
    r"que (?:dois|devrais)-? ?je (?:louer|utiliser|prendre|choisir)", r"choisir",
    r"(?:le|la) meilleure? (?:option|config\w*|choix)", r"(?:le|la) plus adapte\w*",
    r"mas adecuad[ao]s?", r"most suitable", r"best suited", r"gpu ideal",
    r"cheap gpus?", r"gpus? (?:pas cher\w*|bon marche|economique|barat[ao]|economic[ao]|cheap)",
)
# "How long does it take?" is answered with the cost page's assumed hours.
DURATION_QUESTION: Final[tuple[str, ...]] = (
    r"how long", r"how many hours", r"cuanto tiempo", r"cuanto tarda\w*", r"cuantas horas",
    r"combien de temps", r"combien d'heures", r"duree",
)

COST_WORDS: Final[tuple[str, ...]] = (
    r"cost\w*", r"how expensive", r"quote", r"estimate\w*", r"budget", r"total price",
    r"(?:price|cost) (?:of|for) (?:a|the|my|one) (?:run|training|fine\w*|job)",
    r"cuesta\w*", r"costar\w*", r"coste", r"costo", r"costos", r"cuanto (?:sale|vale|seria)",
    r"me sale", r"presupuesto", r"cotiza\w*", r"precio (?:de un|del|de mi) (?:run|entrenamiento|"
    r"fine\w*|ajuste|trabajo)",
    r"coute\w*", r"cout", r"couts", r"devis", r"(?:prix|tarif) (?:d'un|du|de mon|de ce) "
    r"(?:run|entrainement|fine\w*|job)", r"combien pour",
)
HOW_MUCH: Final[tuple[str, ...]] = (
    r"how much", r"cuanto", r"cuanta", r"combien", r"what(?:'s| is| would be) the (?:price|total)",
)
RATE_WORDS: Final[tuple[str, ...]] = (
    r"per hour", r"an hour", r"hourly", r"/ ?h", r"/ ?hr", r"/ ?hour", r"por hora", r"la hora",
    r"a la hora", r"/ ?hora", r"x hora", r"per hr", r"par heure", r"de l'heure", r"a l'heure", r"/ ?heure", r"rate",
)

FIT_STRONG: Final[tuple[str, ...]] = (
    r"fits?", r"fitting", r"enough", r"sufficient", r"big enough", r"handle", r"squeeze",
    r"cabe", r"caben", r"cabria\w*", r"entra", r"entran", r"entraria", r"alcanza\w*",
    r"basta\w*", r"suficiente\w*", r"tient", r"tiennent", r"tenir", r"tiendr\w*", r"rentre\w*",
    r"suffi\w*", r"assez",
)

# Words that ask about memory. "need"/"necesito"/"besoin" are not among them: "I need 100 hours
# on an A100" asks for a price.
MEMORY_WORDS: Final[tuple[str, ...]] = (
    r"vram", r"memory", r"memoria", r"memoire", r"ram", r"how much (?:gb|gpu)",
    r"how many (?:gb|gigs?|gigabytes)", r"(?:cuantos|cuanta) (?:gb|vram|memoria|gigas?)",
    r"combien de (?:go|gb|vram|memoire|gigas?|gigaoctets?)",
    r"footprint", r"requirements?", r"requisitos",
)

PRICE_WORDS: Final[tuple[str, ...]] = (
    r"prices?", r"pricing", r"price list", r"rates?", r"tariffs?", r"precios?", r"tarifas?",
    r"lista de precios", r"tarifs?", r"prix", r"grille tarifaire", r"how much is an?",
    r"cuanto vale", r"rent", r"rental", r"renting", r"rented", r"alquil\w*",
    r"louer", r"location",
)

HELP_WORDS: Final[tuple[str, ...]] = (
    r"help", r"ayuda\w*", r"aide", r"aidez-? ?moi", r"aide-? ?moi", r"what can you do",
    r"what do you do", r"que puedes hacer", r"que haces", r"qu'est-ce que tu (?:peux|sais) faire",
    r"que (?:peux|sais)-? ?tu faire", r"que fais-? ?tu", r"how does (?:this|it) work",
    r"como funciona\w*", r"comment (?:ca|cela) (?:marche|fonctionne)", r"commands?",
    r"comandos?", r"commandes?", r"menu", r"start", r"empezar", r"commencer", r"instructions",
)
GREETINGS: Final[tuple[str, ...]] = (
    r"hi", r"hello", r"hey", r"hiya", r"howdy", r"hola", r"buenas", r"buenos dias",
    r"buenas tardes", r"bonjour", r"salut", r"coucou", r"bonsoir", r"yo", r"good morning",
    r"good afternoon", r"good evening", r"allo", r"alo", r"que tal", r"how are you",
    r"como estas", r"comment ca va", r"ca va", r"hi there", r"hello there",
)

DETAILS_WORDS: Final[tuple[str, ...]] = (
    r"details?", r"detailed", r"breakdown", r"break it down", r"desglose", r"desglosad\w*",
    r"desglosa\w*", r"detalles?", r"detallad\w*", r"detaille\w*", r"en detail",
    r"step by step", r"paso a paso", r"etape par etape",
)

GRAD_CKPT: Final[tuple[str, ...]] = (
    r"grad(?:ient)?[\s_-]?(?:checkpoint\w*|ckpt)", r"activation[\s_-]?checkpoint\w*",
    r"checkpointing",
)
# Negations that switch gradient checkpointing off when they precede or follow it.
GRAD_CKPT_OFF_BEFORE: Final[tuple[str, ...]] = (
    r"without", r"no", r"not", r"w/o", r"disable\w*", r"sin", r"desactiva\w*", r"sans",
    r"pas de", r"desactive\w*",
)
GRAD_CKPT_OFF_AFTER: Final[tuple[str, ...]] = (
    r"off", r"disabled", r"=\s?false", r"=\s?0", r"desactivado", r"apagado", r"desactive",
    r"non",
)

# --- typo correction ---------------------------------------------------------------------------

# Domain words worth correcting when mistyped ("qlroa", "memroy", "cuesat", "combein").
# Short words are left alone: an edit away from a four-letter word is usually another word.
TYPO_TARGETS: Final[tuple[str, ...]] = (
    "qlora", "lora", "vram", "finetune", "finetuning", "finetuner", "tuning", "inference",
    "inferencia", "adamw", "gradient", "checkpointing", "memory", "memoria", "memoire",
    "cost", "costs", "cuesta", "cuestan", "costaria", "combien", "coute", "couterait",
    "price", "prices", "pricing", "precio", "precios", "tarifs", "tarifas", "quote", "devis",
    "presupuesto", "budget", "recommend", "recomienda", "recomiendas", "recommande",
    "cheapest", "barata", "barato", "meilleur", "meilleure", "mejor", "compare", "comparar",
    "comparer", "versus", "alert", "alerte", "alerta", "notify", "avisame", "previens",
    "prevenez", "payer", "pagar", "payment", "paiement", "bitcoin", "crypto", "cripto",
    "ethereum", "monero", "litecoin", "help", "ayuda", "aide", "enough", "possible",
    "suficiente", "suffisant", "suffit", "necesito", "besoin", "which", "quelle", "cuanto",
    "cuanta", "cuantas", "cuantos", "details", "detalles", "desglose", "breakdown", "hours",
    "horas", "heures", "minutes", "minutos", "semana", "semaine", "billion", "billions",
    "millones", "milliards", "million", "millions", "tokens", "context", "contexto",
    "contexte", "sequence", "secuencia", "batch", "nvidia", "geforce", "tient", "rentre",
    "fine", "tune", "train", "training", "entrenar", "entrainer", "parameters",
)
# Targets that may be reached from a four-letter token (same first letter only).
SHORT_TYPO_TARGETS: Final[frozenset[str]] = frozenset({"lora", "vram", "cost", "help", "aide"})

# Real words one edit away from a target: never "correct" them.
PROTECTED_WORDS: Final[frozenset[str]] = frozenset({
    "server", "servers", "paper", "papers", "player", "prayer", "alter", "prise", "prime",
    "prince", "pride", "prize", "tiene", "tienen", "tiens", "cuenta", "cuentas", "costa",
    "lord", "lore", "lots", "loro", "lara", "ahora", "notice", "model", "models", "modelo",
    "modele", "llama", "mistral", "mixtral", "qwen", "gemma", "deepseek", "falcon",
    "instruct", "chat", "base", "vicuna", "alpaca", "better", "letter", "latter", "after",
    "later", "there", "where", "these", "those", "while", "would", "could", "should",
    "about", "coste", "costo", "costos", "cout", "couts", "hour", "hora", "heure", "minute",
    "days", "horse", "house", "mejora", "mejores", "mayor", "menor", "bitcoins", "crypt",
    "costly", "post", "most", "cast", "half", "held", "hell", "hold", "vrai", "aides", "aider",
    "aidez", "ayudas", "pagan", "pagas", "pague", "pagos", "payed", "payee", "payes", "trains",
    "trainee", "brain", "rain", "grain", "contest", "content", "contents", "contexts", "batches",
    "watch", "match", "bunch", "lunch", "tokyo", "token", "millon", "million", "billon",
    "quota", "quotas", "quoted", "quotes", "devise", "devises", "budgets", "alerts", "alertes",
    "alertas", "notifs", "notified", "enough", "semanas", "semaines", "memories", "memorias",
    "tiennent", "rentrer", "rentrent", "finetuned", "tuned", "tunes", "fines", "define",
    "refine", "finer", "finest", "finance", "minutes", "mutes", "precis", "precise", "prices",
    "pricey", "pricier", "spice", "slice", "twice", "price", "meilleurs", "meilleures",
    "compared", "compares", "comparing", "versions", "version", "which", "witch", "whack",
    "combine", "combined", "couter", "couteau", "route", "routes", "toute", "doute",
    "cuestas", "apuesta", "respuesta", "propuesta", "encuesta", "tuning", "turning", "burning",
    "learning", "training", "raining", "draining", "batcher", "hatch", "patch",
    # "comprar" (to buy) is one letter from "comparar": "¿cuántas horas puedo comprar?"
    "comprar", "comprarlo", "comprarla", "comprando", "comprare", "compras", "compra",
})

# --- language detection ------------------------------------------------------------------------

# Words that mark a language (folded). Words shared by two of the languages ("de", "en", "la",
# "que", "si", "se", "tu", "plus", "possible", "budget", "details") are left out on purpose: they
# cannot tell the languages apart, and hurried users mix English jargon into Spanish and French.
STOPWORDS: Final[dict[Lang, frozenset[str]]] = {
    "en": frozenset({
        "the", "is", "are", "can", "could", "would", "will", "i", "i'm", "im", "my", "you",
        "your", "it", "its", "it's", "with", "for", "how", "much", "many", "what", "which",
        "does", "do", "need", "best", "cheapest", "price", "prices", "cost", "costs", "when",
        "below", "under", "above", "over", "hours", "hour", "days", "day", "week", "and", "or",
        "to", "of", "in", "this", "that", "if", "have", "has", "get", "any", "enough", "fit",
        "fits", "please", "thanks", "about", "want", "train", "memory", "tell", "notify",
        "alert", "let", "know", "pay", "drops", "help", "than", "per", "should", "rent",
        "using", "use", "there", "an", "at", "from", "model", "billion", "run", "serve",
        "running", "whats", "what's", "cheaper", "better", "faster", "who", "why", "quote",
        "pricing", "payment", "bucks", "hey", "hello", "hi", "card", "way", "then", "also",
        "only", "just", "some", "needed", "require", "required", "falls", "goes", "down", "up",
        "once", "be", "am", "was", "were", "been", "they", "we", "our", "us", "them", "two",
        "three", "four", "eight", "one", "pair", "couple", "each", "every", "without", "size",
        "rank", "breakdown", "cards", "whether", "big", "on", "long", "take", "takes",
        "alerts", "remove", "delete", "cancel", "thank", "thx", "bye", "weekend", "fully",
        "host", "deploy", "all", "parameters", "available", "offer",
    }),
    "es": frozenset({
        "el", "los", "las", "es", "con", "para", "por", "cuanto", "cuanta", "cuantas",
        "cuantos", "cuesta", "cuestan", "cual", "cuales", "mejor", "puedo", "puede", "necesito",
        "necesita", "horas", "hora", "durante", "dos", "cuatro", "ocho", "y", "o", "del", "al",
        "mi", "una", "uno", "unos", "unas", "hacer", "ejecutar", "entrenar", "memoria",
        "precio", "precios", "pagar", "avisame", "baja", "sube", "cabe", "caben", "modelo",
        "tarjeta", "semana", "dias", "dia", "millones", "barata", "barato", "mas", "menos",
        "debajo", "encima", "esta", "este", "hay", "tengo", "quiero", "como", "muy", "tambien",
        "pero", "sin", "ajuste", "fino", "completo", "ayuda", "gracias", "hola", "alquilar",
        "cuando", "donde", "presupuesto", "desglose", "lote", "secuencia", "longitud",
        "tamano", "dolares", "cripto", "corre", "correr", "seria", "podria", "alcanza",
        "suficiente", "coste", "costo", "pago", "puedes", "hacerlo", "quieres", "quiere",
        "usar", "sirve", "vale", "tiene", "tienen", "son", "estoy", "muchas", "mucho",
        "muchos", "algo", "ahora", "dime", "avisa", "alerta", "recomiendas", "recomienda",
        "elegir", "contexto", "parametros", "inferencia", "seis", "cinco", "siete", "nueve",
        "diez", "doce", "ejecutarlo", "caro", "cara", "tarjetas", "entrenamiento", "pregunta",
        "hago", "porque", "diferencia", "necesitaria", "necesitas", "conviene", "sale",
        "cuestaria", "costaria", "ayudame", "quisiera", "tres", "aceptan", "aceptas", "hace",
        "falta", "tal", "tarda", "tarifas", "tarifa", "tiempo", "esten", "baje", "bajen",
        "mis", "alertas", "borra", "borrar", "elimina", "eliminar", "todas", "quita", "finde",
        "adios", "chao", "perfecto", "supere", "servir", "desplegar", "tienes", "medio", "mil",
        "alquilo", "compara", "buenas", "buenos", "tardes", "noches",
    }),
    "fr": frozenset({
        "le", "les", "des", "du", "est", "ce", "ca", "je", "j'ai", "vous", "nous", "peut",
        "peux", "puis", "peut-on", "puis-je", "combien", "coute", "cout", "quel", "quelle",
        "quels", "quelles", "meilleur", "meilleure", "pour", "avec", "sur", "heures", "heure",
        "besoin", "ai", "tient", "tenir", "payer", "prix", "memoire", "pendant", "deux",
        "quatre", "huit", "quand", "baisse", "previens", "previens-moi", "moi", "et", "ou",
        "mon", "ma", "une", "au", "aux", "dans", "pas", "ne", "n'est", "c'est", "qu'est-ce",
        "faut", "il", "elle", "suffit", "assez", "tourner", "faire", "semaine", "jours",
        "jour", "milliards", "moins", "cher", "chere", "dessous", "dessus", "tarifs", "aide",
        "merci", "bonjour", "salut", "louer", "carte", "devis", "longueur", "taille",
        "entrainer", "entrainement", "complet", "fine-tuner", "est-ce", "quoi", "sont",
        "avoir", "etre", "fait", "aussi", "mais", "sans", "alors", "donc", "leur",
        "cette", "ces", "peux-tu", "pouvez-vous", "voudrais", "aimerais", "prevenez-moi",
        "baissent", "monte", "augmente", "rentre", "paiement", "lequel", "laquelle", "mieux",
        "contexte", "parametres", "dis-moi", "trois", "cinq", "sept", "neuf", "dix", "douze",
        "seize", "d'un", "d'une", "l'heure", "qu'il", "s'il", "cartes", "paire", "seul",
        "seule", "j'aimerais", "pourquoi", "avez-vous", "est-il", "faudrait",
        "coutera", "couterait", "mes", "alertes", "toutes", "supprime", "supprimer", "efface",
        "effacer", "revoir", "rouler", "heberger", "hebergement", "deployer", "proposez",
        "avez", "demi-journee", "sous", "passe", "journee", "coutent", "bonsoir",
    }),
}
