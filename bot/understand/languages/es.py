"""Spanish: every word the parser reads in Spanish, in one place.

Folded forms (lower case, no accents; see ``normalise.fold``). Fragments are regular
expressions without capturing groups; see ``bot.understand.languages`` for what each concept is.
"""

from __future__ import annotations

from bot.understand.languages import Language

# Hours or a block named, then lost ("las horas q no use se pierden?", "si compro un bloque y no
# las uso, se pierden?"): whether unused hours expire (PAY_STRONG, and asks.EXPIRY_ASK).
_HOURS_LOST = r"(?:horas|bloques?)(?![a-z])[^?.!]{0,50}?(?:se pierden?|(?:las|los|lo) pierdo)"
# The hours kept for later ("si recargo hoy puedo usar las horas el mes que viene?", "guardar mis
# horas"): nothing is lost, as for the hours left over. _USE_LATER, with no hours word ("pago 500 usdt y
# lo uso en varios meses"), only beside a payment.
_LATER = (r"(?:el mes que viene|el (?:mes|ano) (?:que viene|proximo)|el proximo (?:mes|ano)|"
          r"(?:mas )?adelante|mas tarde|despues|(?:en|durante) (?:varios|unos|otros) meses)")
_HOURS_LATER = (
    rf"(?:usar|gastar|ocupar|consumir) (?:las|mis) (?:gpu ?-?)?horas {_LATER}",
    r"guardar (?:las|mis) (?:gpu ?-?)?horas",
)
_USE_LATER = rf"(?:usarl[oa]s?|gastarl[oa]s?|ocuparl[oa]s?|lo uso|las uso) {_LATER}"
# What becomes of the hours left over ("si compro 24 horas y solo uso 10, q pasa con el resto",
# "q pasa con las horas q no uso", "y si no uso todas las horas?"): the same answer.
_HOURS_LEFT = (
    # (the rest of what was used: "30 capas en la gpu, q pasa con el resto" is no block)
    r"(?:uso|use|gasto|gaste|ocupo|consumo)(?![a-z])[^?.!]{0,50}?pasa con el resto",
    r"pasa con (?:lo que (?:me )?(?:sobra|queda)|las (?:gpu ?-?)?horas (?:que )?(?:me )?"
    r"(?:sobran|sobrantes|restantes|quedan|no (?:uso|use|usas|gasto|gaste|ocupo|consumo)))",
    r"si no (?:las |lo )?(?:uso|gasto|ocupo|consumo) (?:todas|todo)(?: (?:las (?:gpu ?-?)?horas|"
    r"el bloque))?",
)

LANGUAGE = Language(
    code="es",
    marks="¿¡ñáíóú",
    decimal_comma=True,
    follow_up=(
        r"y", r"e", r"y si", r"y con", r"y en", r"y para", r"lo mismo pero", r"igual pero",
        # "lo mismo para 70b", "igual en una a100": la misma pregunta con eso cambiado
        r"lo mismo (?:para|en)", r"igual (?:para|en)",
        # "mejor con qwen3 14b", "cambia a qwen3 14b", "ahora con mistral": the same run
        r"mejor con", r"mejor en", r"cambia(?:lo|mos)? a", r"cambiemos a", r"ahora con", r"ahora en",
        r"prueba con", r"probemos con", r"proba con", r"lo mismo con", r"igual con",
        # Una corrección ("perdón, quise decir 70b", "no, el 70b"): la misma pregunta con eso
        r"(?:(?:perdon|perdona|ups|no|uy)[ ,.!]+)*(?:quise|queria) decir", r"me equivoque",
        r"perdon", r"perdona", r"ups", r"uy", r"no", r"en realidad",
    ),
    next_question=(
        r"tambien", r"y tambien", r"tb", r"tmb", r"ademas", r"y ademas", r"otra pregunta",
        r"y otra pregunta", r"otra cosa", r"y otra cosa", r"otra duda", r"una pregunta mas",
        r"por cierto", r"aparte",
    ),
    next_question_anywhere=(
        r"y tambien", r"y ademas", r"otra pregunta", r"y otra cosa", r"otra duda",
        r"por cierto",
    ),
    next_cost=(r"y cuanto", r"y cuanta"),
    same_gpu=(
        r"en ella", r"en esa", r"en ese", r"en esta", r"en este", r"ahi", r"alli",
        r"con ella", r"con esa", r"con ese", r"en la misma", r"en el mismo",
    ),
    alert_below=frozenset({"bajo", "debajo", "menos"}),
    alert_above=frozenset({"sobre", "encima", "arriba", "mas", "más"}),
    alert_fillers=frozenset({"de", "en", "por", "a", "que"}),
    # Forum and chat shorthand ("q modelo puedo correr", "xq me da OOM", "pa qlora", "tb").
    abbreviations={
        "q": "que", "xq": "porque", "pq": "porque", "porq": "porque",
        "tb": "tambien", "tmb": "tambien", "pa": "para", "xa": "para",
        "porfa": "por favor", "xfa": "por favor", "tmbn": "tambien", "tbn": "tambien",
        # "k" for "qu"/"c", as chats write it: "ke gpu", "kual", "kuanto kuesta", "kiero"
        "ke": "que", "kual": "cual", "kuales": "cuales", "kuanto": "cuanto", "kuanta": "cuanta",
        "kuantos": "cuantos", "kuantas": "cuantas", "komo": "como", "kon": "con",
        "kiero": "quiero", "kuesta": "cuesta", "kabe": "cabe",
        # Diminutives of a duration ("unas 4 horitas", "media horita", "10 minutitos"): that long.
        "horita": "hora", "horitas": "horas", "minutito": "minuto", "minutitos": "minutos",
        "semanita": "semana", "semanitas": "semanas", "diita": "dia", "diitas": "dias",
        "mesecito": "mes", "mesecitos": "meses",
        # "50 pavos en usdt": so many USDT, "pavos" (euros in Spain) the slang's units and the
        # stablecoin the unit (was refused as euros)
        "pavos en usdt": "usdt", "pavos en usdc": "usdc",
        # "x" for "por" before a span ("cuanto sale la h100 x dia", "se cobra x minuto"); "8 x
        # h100" stays a count
        "x dia": "por dia", "x semana": "por semana", "x mes": "por mes", "x hora": "por hora",
        "x minuto": "por minuto", "x noche": "por noche",
    },
    counts={
        "un solo": 1, "una sola": 1, "una unica": 1, "un unico": 1, "dos": 2, "un par de": 2,
        "un par d'": 2,  # "un par d'horas", elided as in Catalan
        "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
        "diez": 10, "doce": 12, "dieciseis": 16,
        "una docena de": 12, "media docena de": 6,
        # About so many, read as that many: "una treintena de horas", "una decena de H100".
        "una decena de": 10, "una veintena de": 20, "una treintena de": 30,
        "una centena de": 100, "un centenar de": 100,
    },
    # Units and tens read before a scale ("seven billion"), see numbers.words_to_digits.
    number_words={
        "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
        "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
        "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19,
        "veinte": 20, "veintiuno": 21, "veintidos": 22, "veintitres": 23, "veinticuatro": 24,
        "veinticinco": 25, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28,
        "veintinueve": 29, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60,
        "setenta": 70, "ochenta": 80, "noventa": 90, "doscientos": 200, "trescientos": 300,
        "cuatrocientos": 400, "quinientos": 500, "seiscientos": 600, "setecientos": 700,
        "ochocientos": 800, "novecientos": 900,
        # Before a feminine noun, as people write them: "doscientas horas", "quinientas filas",
        # "veintiuna horas" (was no hours read).
        "veintiun": 21, "veintiuna": 21, "doscientas": 200, "trescientas": 300,
        "cuatrocientas": 400, "quinientas": 500, "seiscientas": 600, "setecientas": 700,
        "ochocientas": 800, "novecientas": 900,
    },
    hundreds=frozenset({"cien", "ciento"}),
    thousands=frozenset({"mil"}),
    joiners=frozenset({"y"}),
    point_words=frozenset({"punto", "coma"}),
    articles=frozenset({"un", "una", "uno"}),
    token_multipliers={
        "mil": 3, "millones": 6, "millon": 6, "mil millones": 9,
    },
    commands={
        "ayuda": "help", "precios": "prices", "pagar": "pay", "alerta": "alert",
        "alertas": "alert_list", "coste": "cost", "memoria": "memory",
    },
    words={
        "NUMBER_SCALES": (
            r"millones", r"millon", r"mil", r"horas?", r"dias?", r"semanas?", r"parametros",
            r"minutos?", r"meses", r"anos",
        ),
        # Asking to see the alerts; NOUN stands for the ALERT_NOUNS.
        "ALERT_LIST": (
            r"(?:que|cuales|ver|muestra(?:me)?|mostrar(?:me)?|ensena(?:me)?|lista(?:r)?|revisar) (?:son )?(?:de )?(?:todas )?(?:las |mis )?NOU"
            r"N",
            r"mis NOUN",
            r"NOUN (?:que )?(?:tengo|tienes de mi|he creado|puse)",
            r"tengo (?:alguna |algunas )?NOUN",
        ),
        "ALERT_WHEN_WORDS": (r"cuando", r"si"),
        "RUN_NOUN_WORDS": (r"un", r"el", r"la", r"mi", r"de"),
        "OPINION_NOT": (r"no es", r"no me (?:sirve|conviene)"),
        "OPINION_ARTICLES": (r"la", r"el", r"una", r"un", r"mi"),
        "OPINION_GOOD": (
            r"mejor", r"buena", r"bueno", r"opcion", r"solucion", r"idea", r"para mi",
        ),
        "HOUR_UNITS": (r"horas?",),
        "MINUTE_UNITS": (r"minutos?",),
        "DAY_UNITS": (r"dias?",),
        "WEEK_UNITS": (r"semanas?",),
        "MONTH_UNITS": (r"mes", r"meses"),
        "YEAR_UNITS": (r"anos?",),  # "año" folded
        "MONTHLY": (
            r"al mes", r"por mes", r"mensual(?:es|mente)?", r"cada mes", r"todo el mes",
            r"el mes (?:entero|completo)",
        ),
        "WEEKLY": (
            r"por semana", r"a la semana", r"semanal(?:es|mente)?", r"cada semana",
            r"toda la semana", r"la semana (?:entera|completa)",
        ),
        "DAILY": (
            r"por dia", r"al dia", r"diario", r"cada dia", r"por 24 ?h(?:oras)?", r"todo el dia",
            r"el dia (?:entero|completo)",
        ),
        "HALF_HOUR": (r"media hora",),
        # Sin parar, no una duración: "las 24 horas todo el mes", "24/7 por una semana".
        "AROUND_THE_CLOCK": (
            r"24 ?/ ?7", r"las 24 ?(?:h|hs|hrs|horas)(?: del dia| al dia| por dia)?",
            r"24 ?(?:h|hs|horas) (?:al|por) dia", r"sin parar", r"non ?-?stop", r"dia y noche",
        ),
        "QUARTER_HOUR": (r"(?:un )?cuarto de hora",),
        "THREE_QUARTERS_HOUR": (r"tres cuartos de hora",),
        "SIZE_UNITS_BILLION": (r"mil millones",),
        "SIZE_UNITS_MILLION": (r"millones", r"millon"),
        "PARAM_WORDS": (r"parametros?",),
        "VRAM_UNITS_GB": (r"gigas?",),
        # "50 verdes", "30 verdes en usdt": US dollars in Argentina and Uruguay's slang
        "MONEY_AFTER": (r"dolares", r"dolar", r"verdes", r"dollares"),
        "MONEY_CENTS": (r"centavos?", r"centimos?"),
        "PERCENT_UNITS": (r"por ciento",),
        "GPU_NOUNS": (
            r"tarjetas?", r"tarjetas? graficas?", r"tarjetas? de video", r"placas?",
            r"placas? de video", r"placas? graficas?", r"graficas?", r"de",
        ),
        "NEGATION_BEFORE": (
            r"sin", r"ni", r"nada de", r"en lugar de", r"en vez de", r"excepto", r"salvo",
            r"evitar", r"no quiero", r"no uses", r"no usar",
        ),
        "NEGATION_FILLERS": (
            r"hacer", r"una", r"el", r"la", r"usar", r"con", r"en", r"de", r"quiero", r"me", r"un",
            r"cargad[oa]", r"cargar", r"cuantizad[oa]",
        ),
        "INFERENCE_STRONG": (
            r"inferencia", r"inferir", r"servir", r"desplegar", r"chatear", r"despliegue",
            r"desplegarlo", r"servirlo", r"servir(?:le|la)?", r"alojar", r"hospedar",
            r"poner en prod", r"decodificacion especulativa", r"modelo borrador",
            r"generar",
            # "qué gpu genera más rápido con llama 3 70b": generar tokens es servirlo
            r"genera", r"generan", r"generando",
        ),
        "INFERENCE_WEAK": (
            # "es buena una 3060 para llms", "sirve para ia local": correrlos
            r"para (?:correr )?(?:llms?|ia(?: local)?)(?![a-z])",
            r"ejecutar", r"ejecutarlo", r"correr", r"correrlo", r"usar", r"cargar",
            # as written in threads: "el modelo que corra", "¿corre llama 70b en mi 3090?"
            r"corre", r"corra", r"corran", r"corren", r"correria", r"corro",
            # "¿cuánto cuesta tener corriendo llama 70b todo el mes?": running it, as "running"
            r"corriendo", r"ejecutando",
            # "¿cuánto me sale tener llama 3.1 8b prendido 24/7?" (Latin America), "encendido":
            # kept running, served (was a QLoRA run for the seed's illustrative 10 hours)
            r"prendid[oa]s?", r"encendid[oa]s?",
            r"levantar", r"levantarlo", r"mejor(?:es)? (?:modelos?|llms?)",
            # "¿cuánto tarda en responder llama 70b en dos h100?": serving it
            r"responde\w*",
            # "¿mi 3080 aguanta llama 3 8b para chatear?" (chatear is strong), "como chatbot"
            r"para (?:un )?(?:chat|chatbot)", r"como (?:un )?(?:chat ?bot|asistente)"),
        "TRAINING_WORDS": (
            # "entrenando", "entreno", "afino": every form of the verbs ("afin de" is French)
            r"entren\w*", r"ajuste fino", r"ajustar", r"afin[aeo]\w*", r"reentrenar",
        ),
        "ALERT_NOUNS": (
            r"alertas?", r"notificaciones", r"notificacion", r"avisos?", r"suscripciones",
            r"suscripcion",
        ),
        "ALERT_REMOVE_VERBS": (
            r"borra\w*", r"elimina\w*", r"quita\w*", r"cancela\w*", r"desactiva\w*", r"anula\w*",
            r"saca\w*", r"sacar",  # Rioplatense "sacame la alerta de la h100"
            r"suprim\w*", r"parar", r"deja de", r"dejar de", r"dar de baja", r"darme de baja",
            r"da de baja", r"dame de baja", r"deme de baja", r"denme de baja", r"desuscrib\w*",
            r"no quiero (?:mas )?",
        ),
        "ALERT_STOP": (
            r"no me avises? mas", r"no me (?:notifiques|alertes) mas",
            # "ya no me avises de la h100", "deja de avisarme", "dejá de notificarme": no more
            # alerts (was an alert on every change)
            r"ya no (?:me )?(?:avises|avisen|avise|notifiques|notifiquen|alertes)",
            r"no me (?:avises|avisen|notifiques|alertes) (?:nunca )?mas",
            r"(?:deja|dejen|deje|dejar|para|paren|pare|parar) de (?:avisar|notificar|alertar)\w*",
            r"desuscrib\w*",
        ),
        "ALERT_ALL": (r"todas", r"todos", r"todo"),
        "ALERT_ANY_GPU": (
            r"(?:cualquier|alguna) (?:gpu|tarjeta|grafica)", r"algun precio",
            r"(?:todas )?(?:las |tus )gpus", r"(?:los |sus |tus )?precios",
        ),
        "THANKS_WORDS": (r"gracias", r"muchas gracias", r"mil gracias", r"grax"),
        "BYE_WORDS": (
            r"adios", r"chao", r"chau", r"hasta luego", r"hasta pronto", r"nos vemos",
            r"buenas noches",
            # "gracias, buen finde", "mil gracias, saludos": a farewell (was "No te he
            # entendido", the weekend read as 48 hours)
            r"buen finde", r"buen fin de semana", r"buena semana", r"saludos", r"un saludo",
            r"hasta manana", r"cuidate",
        ),
        "ACK_WORDS": (
            r"vale", r"genial", r"perfecto", r"entendido", r"de acuerdo", r"listo", r"chevere",
            r"buenisimo", r"excelente", r"dale", r"claro", r"jaja\w*", r"guay", r"chido", r"bacan",
            # "olvídalo", "no importa", "ya no": nada más pedido (era "No te he entendido")
            r"olvidalo", r"olvidate", r"no importa", r"dejalo", r"da igual", r"ya no",
            r"mejor no", r"no pasa nada",
        ),
        "SOCIAL_FILLERS": (
            r"y", r"pues", r"bueno", r"no", r"mejor", r"al final", r"por la ayuda", r"por tu ayuda", r"amigo", r"de nada",
            r"eso es todo", r"es todo", r"nada mas", r"es", r"muy", r"un monton", r"el bot",
            r"me (?:ayudo|sirvio)", r"me ha (?:ayudado|servido)", r"mucho", r"muchisimo",
            # what a thanks is followed by in threads: "gracias crack", "gracias capo"
            r"crack", r"capo", r"genio", r"maestro", r"loco", r"hermano", r"bro", r"tio",
            # "mil gracias, re útil", "gracias, muy útil", "gracias, joya" (was not understood)
            r"mil", r"(?:re |muy |super |re contra )?util(?:es)?", r"joya", r"genial", r"perfecto",
            # "gracias por la info", "gracias x la respuesta", "gracias por la data"
            r"(?:por|x) (?:la |las |tu |su |el |los )?(?:info|infos|informacion|respuesta|"
            r"respuestas|explicacion|data|dato|datos)",
        ),
        "CATALOGUE_QUESTION": (
            r"(?:que|cuales) (?:gpus?|tarjetas?|placas?(?: de video)?|graficas?|maquinas?|instancias?) (?:tienen|tienes|tiene|hay|ofrecen|ofreces|ofrece|alquilan|alquilas|rentan|rentas|manejan|disponen|tenes|teneis)",
            r"(?:que|cuales) (?:tienen|tienes|ofrecen|ofreces|alquilan|rentan) (?:de )?gpus?",
            r"gpus? disponibles", r"(?:que|cuales) gpus? (?:estan|hay) disponibles", r"catalogo",
            r"inventario",
            r"(?:tienen|tienes|teneis|alquilan|alquilas|ofrecen|rentan|hay|puedo alquilar) "
            r"(?:una |alguna |algun )?(?:tpus?|gaudi ?\d?|trainium\d?)",
        ),
        "ALERT_WORDS": (
            r"alerta\w*", r"alertame", r"avisa\w*", r"avise\w*", r"avises", r"avisenme",
            r"(?:mandame|enviame|mandeme|envieme|dame|pasame|me pasas|me mandas) un aviso",
            r"suscrib\w*", r"seguir (?:el )?precio", r"vigila\w*", r"notificame",
        ),
        "ALERT_TELL": (
            r"(?:dime|decime|digame|me dices|me decis|me dirias|me puedes decir|me podes decir"
            r"|me podrias decir) (?:cuando|si|apenas)",
            r"(?:tenme|mantenme|ponme) al tanto",
        ),
        "ALERT_MOVE_DOWN": (
            r"baja", r"bajan", r"bajen", r"baje", r"cae", r"caiga", r"descend\w*", r"disminu\w*",
            r"mas barat\w*", r"abarat\w*", r"se barat\w*",
        ),
        "ALERT_MOVE_UP": (r"sube", r"suben", r"suba", r"aumenta\w*", r"encarec\w*"),
        "DIRECTION_BELOW": (
            r"por debajo de", r"debajo de", r"menos de", r"bajo", r"baj[ae]n? (?:de?|a)",
            r"inferior a", r"descienda (?:de?|a)", r"caiga (?:de?|a|por debajo de)", r"(?<!al )(?<!lo )menos",
            r"como maximo", r"a lo sumo", r"maximo", r"no mas de",
            r"debajo",
        ),
        "DIRECTION_ABOVE": (
            r"por encima de", r"encima de", r"mas de", r"supera", r"sube (?:de|a)", r"superior a",
            r"super[ae]n?", r"sobre", r"mas", r"encima", r"arriba de",
            r"suba (?:de|a|por encima de)", r"sube por encima de",
            r"como minimo", r"al menos", r"por lo menos", r"minimo",
        ),
        "PAY_STRONG": (
            r"pagar\w*", r"pago", r"pagos", r"pague", r"abonar", r"recarg\w*", r"billetera",
            # "vale, resérvala", "¿cómo la reservo?", "me la quedo" after a run priced: how to
            # get it is paying on the website, as "ok book it" (was "No te he entendido")
            r"reserv(?:al[ao]s?|adl[ao]s?|arl[ao]s?|emosl[ao]s?)", r"(?:como|donde) (?:la |lo )?reservo",
            r"(?:quiero|voy a|puedo) reservar(?:l[ao]s?)?", r"me (?:la|lo) quedo",
            r"monedero", r"usar (?:mis |unos )?(?:btc|bitcoins?|usdt|tether|usdc|eth|ether(?:eum)?|sol|solana|ltc|litecoin|xmr|monero|cryptos?)", r"tarjetas? de credito", r"tarjetas? de debito", r"tarjetas? bancarias?",
            r"identificacion", r"anonim\w*", r"dni", r"pasaportes?", r"cedula",
            r"caduca", r"caducan", r"caducidad", r"vencen", r"expiran?",
            # "si solo uso 5 de un bloque de 24, ¿pierdo el resto?": lo mismo
            r"(?:pierdo|perderia|se pierden?|pierden) (?:el resto|lo que sobra|las (?:horas )?(?:que )?(?:sobran|no uso|restantes))",
            # "si apago la instancia, ¿pierdo las horas?"
            r"(?:pierdo|perderia) (?:las|mis) (?:gpu ?-?)?horas",
            # "las horas q no use se pierden?"
            _HOURS_LOST, *_HOURS_LEFT, *_HOURS_LATER,
            # "cargar" is loading a model too: only saldo loaded, or the least to load
            # ("cual es el minimo para cargar saldo", "lo minimo q tengo q cargar", "cuanto
            # tengo q cargar como minimo", "la carga minima")
            r"cargar (?:saldo|credito|fondos|la cuenta|mi cuenta)", r"cargas? minimas?",
            r"(?:lo|el) minimo (?:que|para|pa|a) (?:(?:puedo|se puede|hay que|tengo que|debo) )?"
            # (a model named after it is blanked, leaving "cargar " at the end: not this)
            r"cargar(?=\s*[?!.,]|$| (?:saldo|credito|plata|dinero|fondos|para (?:empezar|arrancar)|"
            r"(?:en|con) (?:cripto|btc|usdt|usdc|eth|sol|ltc|xmr)))",
            r"cargar (?:como|al) minimo",
        ),
        "HOURS_LOST": (_HOURS_LOST,),
        "HOURS_LEFT": (*_HOURS_LEFT, *_HOURS_LATER, _USE_LATER),
        "PAY_COINS": (r"cripto\w*",),
        "COMPARE_WORDS": (r"o", r"mejor", r"rapid\w*", r"diferencia\w*", r"cual", r"entre"),
        "RECOMMEND_WORDS": (
            r"(?:la |el )?mejor gpu", r"gpu (?:mas barata|ideal|optima|recomendada)",
            r"(?<!ce )(?:que|q|cual|cuales) (?:es la )?(?:mejor )?gpus?(?![ _-]?mem(?:ory)?[ _-]?util)",
            r"(?:que|q|cual|cuales) (?:placas?(?: de video)?|tarjetas?(?: graficas?)?|graficas?) (?:me )?(?:conviene\w*|recomienda\w*|uso|usar|usaria|elijo|elegir|alquilo|necesito)",
            r"cual (?:es la )?mejor", r"recomienda\w*", r"recomend\w*", r"aconseja\w*",
            r"mas barat(?:it)?[ao]s?", r"cuantas gpus?",
            r"(?:que|cual) (?:debo|deberia|me conviene) (?:alquilar|usar|elegir)",
            # "necesito fine tunear qwen 2.5 14b en 12 horas, q me conviene": which to rent
            r"(?:que|q|cual) me conviene(?=\s*[?!.]*\s*$)",
            # "necesito fine-tunear mistral nemo 12b, ¿qué alquilo?", "¿q rento?": which to rent
            r"(?:que|q) (?:gpu |tarjeta |maquina )?(?:me )?(?:alquilo|rento|alquilar|rentar)",
            # "¿qué puedo alquilar por 3 dólares la hora?": what a limit rents (was the price list)
            r"(?:que|q) (?:gpus? |tarjetas? |maquinas? )?(?:puedo|podria|podemos|se puede) (?:alquilar|rentar)",
            r"elegir|escoger", r"mas adecuad[ao]s?", r"gpu ideal",
            r"(?:mejor )?relacion (?:calidad|rendimiento)[ /-]?precio", r"mas rentable",
        ),
        "DURATION_QUESTION": (
            r"cuanto tiempo", r"cuanto tarda\w*", r"cuantas horas", r"cuantos dias",
            # "dataset: 250k filas. modelo: …. gpu: a100. tiempo?": the time asked in one word
            r"(?<!suficiente )(?<!mas )(?<!poco )(?<!primera )(?<!que )(?:tiempo|duracion) ?\?",
            r"cuanto (?:se )?demora\w*", r"cuanto se tarda",
            # "¿cuánto tardo en hacer un lora …?", "¿cuánto voy a tardar?", "¿cuánto demoro?",
            # "¿cuánto me lleva?": the user's own run, how long (was the cost of the run)
            r"cuanto (?:me |nos |te |le )?(?:tardo|tardamos|tardas|tardare\w*|demoro|demoramos|demorare\w*)",
            r"cuanto (?:tiempo )?(?:voy|vamos|vas|va|van) a (?:tardar|demorar)(?:me|nos|se)?",
            r"cuanto (?:tiempo )?(?:me |nos |te |le )lleva\w*",
            # "¿cuánto dura?", "¿cuánto duraría el entrenamiento?": how long, not a price
            r"cuanto (?:me |nos |le |te )?(?:dura|duran|duraria|durarian|durara|duraran)", r"tiempo (?:estimado|de entrenamiento)",
            r"tiempo ?(?:\+|&|/|,|y) ?(?:vram|memoria)", r"(?:vram|memoria) ?(?:\+|&|/|,|y) ?tiempo",
            r"horas de gpu (?:necesarias|que necesito|que hacen falta)",
            # "¿cuánto es lo que dura?", "¿qué tanto tarda?" (Latin America): how long
            r"(?:cuanto|que tanto) (?:es )?lo que (?:dura|tarda|demora)\w*",
            r"que tanto (?:se )?(?:tarda|demora|dura)\w*",
        ),
        "COST_WORDS": (
            r"cuesta\w*", r"costar\w*", r"coste", r"costo", r"costos",
            r"cuanto (?:sale|vale|seria)",
            # "¿y cuánto me saldría en una h100?", "¿cuánto me cobrarían?": this run's cost there
            r"(?:cuanto|me|nos|te|le) saldri\w*", r"cuanto (?:me |nos |te |le )?cobra\w*",
            # "me sale OOM", "me sale un error", "me sale Tried to allocate 2.00 GiB" (PyTorch's
            # OOM pasted from its second sentence), "me sale esto:": what the run throws, not a
            # price.
            r"me sale(?! (?:un |el |este |otro |que )?(?:oom|error|cuda|out of memory|outofmemory|excepcion|torch|runtimeerror|valueerror|traceback|killed|segmentation|model requires|tried to allocate|sin memoria|memoria insuficiente|esto ?:|este mensaje|el mensaje|un mensaje|un aviso|un warning))", r"presupuesto", r"cotiza\w*",
            r"precio (?:de un|del|de mi) (?:run|entrenamiento|fine\w*|ajuste|trabajo)",
            r"(?:sale |es |resulta )?mas barat[oa] (?:hacer|entrenar|un|el|la|con)",
            # "¿qué tan caro es entrenar …?", "¿es muy caro hacer fine tuning …?": how expensive
            r"(?:que|cuan) (?:tan )?car[oa]s?",
            r"(?:es|sale|seria|saldria|resulta|sera) (?:muy |tan |demasiado )?car[oa]s? "
            r"(?:hacer|entrenar|servir|correr|alquilar|rentar|finetunear|fine|un|una|el|la|con)",
        ),
        "HOW_MUCH": (r"cuanto", r"cuanta"),
        "RATE_WORDS": (r"por hora", r"la hora", r"a la hora", r"/ ?hora", r"x hora"),
        "FIT_STRONG": (
            r"cabe", r"caben", r"cabria\w*", r"entra", r"entran", r"entraria", r"alcanza\w*",
            r"basta\w*", r"suficiente\w*",
        ),
        "MEMORY_WORDS": (
            r"memoria", r"(?:cuantos|cuanta) (?:gb|vram|memoria|gigas?)", r"requisitos",
            # "¿cuánto ocupa mistral 7b en fp16?", "los pesos … ¿cuánto ocupan?", "¿cuánto pesa?",
            # "¿cuánto espacio?": its size, not a price
            r"cuanto (?:ocupa\w*|pesa|pesan|pesaria\w*|espacio)",
        ),
        "PRICE_WORDS": (
            r"precios?", r"tarifas?", r"lista de precios", r"cuanto vale", r"alquil\w*",
            r"descuentos?", r"rebajas?",
        ),
        "HELP_WORDS": (
            r"ayuda\w*", r"que puedes hacer", r"que haces", r"como funciona\w*", r"comandos?",
            r"empezar",
            # "¿quién eres?", "¿qué eres?": what the bot is
            r"quien eres", r"que eres",
        ),
        "GREETINGS": (
            r"hola", r"buenas", r"buenos dias", r"buenas tardes", r"que tal", r"como estas",
            r"alo", r"que onda",
        ),
        "DETAILS_WORDS": (
            r"desglose", r"desglosad\w*", r"desglosa\w*", r"detalles?", r"detallad\w*",
            r"paso a paso",
        ),
        # "apagando el gradient checkpointing", "si quito el gradient checkpointing"
        "GRAD_CKPT_OFF_BEFORE": (r"sin", r"desactiva\w*", r"apag\w*", r"quit\w*"),
        "GRAD_CKPT_OFF_AFTER": (r"desactivado", r"apagado"),
        # The three question shapes of bot.understand.asks (see en.py).
        "LARGEST_WORDS": (
            # "qué modelos con ollama en mi 3060?", "lm studio en mi mac de 16gb, cuáles modelos?":
            # lo que cabe, el mayor primero (era "¿Qué modelo?", infer22)
            r"(?:que|cuales) (?:modelos?|llms?) ?\?*$",
            r"(?:que|cual(?:es)?) (?:modelos?|llms?) (?:con|en|para) (?:ollama|lm ?studio|"
            r"llama\.?cpp|llama-server|koboldcpp)(?![a-z])",
            r"mas grandes?", r"el mayor", r"la mayor", r"mayor modelo", r"modelo mayor",
            r"maximo tamano", r"tamano maximo",
            # "que tan grande puede ser el modelo", "qué tan grande de modelo puedo…"
            r"(?:que|q) tan grande", r"cuan grande",
            r"(?:que|cuales) modelos? (?:puedo|podria)",
            # "que puede correr mi 3090?", "que modelos aguanta mi 3060" (the card read as "gpu")
            r"(?:que|cuales)(?: modelos?| llms?)? (?:puede|podria|aguanta|soporta|corre|mueve) "
            r"(?:(?:correr|ejecutar|entrenar|mover|aguantar) )?(?:mi |una |la |esta |mis |las |dos |\d+ )?"
            r"(?:gpus?|tarjetas?|graficas?|pc|mac)(?![a-z])",
            # "finetunear" reaches here corrected to "finetuner" (the typo targets' word)
            r"que puedo (?:entrenar|afinar|correr|ejecutar|fine ?-?tunea?r|hacer (?:fine ?-?tuning|lora|qlora))",
            # "que modelo deberia finetunear en mi 3090", "cual modelo entreno en mi 4090": lo
            # que cabe, el mayor primero (era "¿Qué modelo?")
            r"(?:que|cual) (?:modelo|llm) (?:(?:deberia|debo|me conviene|conviene|recomiendas) |"
            r"(?:para |es (?:el )?mejor para )?)(?:entrenar|entreno|afinar|fine ?-?tunea?r|hacer"
            r" (?:fine ?-?tuning|lora|qlora))(?![a-z])",
            # "con mi placa de 8 gigas que modelo corro?", "qué modelos corro con 12gb", "cuál
            # llm uso en mi 3060": lo que cabe, el mayor primero (era "Entendido: una GPU de 8 GB")
            r"(?:que|cual(?:es)?) (?:modelos?|llms?) (?:corro|ejecuto|uso|pongo|meto|cargo)(?![a-z])",
            # "tengo una 3080 de 10gb, q puedo hacer con ella?": the card said before it
            r"que (?:puedo|podria) hacer con (?:ella|el|eso|esa|esta|este|mi (?:gpu|tarjeta|grafica))(?![a-z])",
            # "sirve una 3060 para aprender fine tuning?", "mi 4070 es buena para entrenar llms?"
            r"(?:sirve|vale|es buena|es suficiente|alcanza|basta) (?:\w+ ){0,3}?para (?:aprender (?:a )?)?"
            r"(?:hacer )?(?:fine ?-?tuning|finetuning|entrenar (?:llms?|modelos?)|llms?|ia)(?![a-z])",
            # "con una 1060 de 6gb puedo hacer algo?", "se puede hacer algo con una 1650?", "con
            # mi 3070 de 8gb q puedo hacer": what it holds (was its price)
            r"(?:puedo|podria|se puede|podre) hacer algo",
            # "mi notebook tiene una 4060 de 8gb, puedo correr algo decente?": lo que cabe en ella
            r"(?:puedo|podria|se puede|podre) (?:correr|ejecutar|entrenar|cargar|mover|usar) algo"
            r"(?![a-z])",
            # "mi 4060 ti de 8gb sirve pa algo?", "¿sirve de algo?": lo que cabe en ella
            r"sirve (?:pa|para|de) algo",
            # "¿es suficiente 8gb de vram para algo?", "¿qué puedo hacer con 8gb?": lo que cabe
            r"(?:es suficiente|son suficientes|alcanza|alcanzan|basta|bastan|sirven) (?:\w+ ){0,4}?"
            r"(?:para|pa) algo(?![a-z])",
            # (la memoria ya está borrada: "que puedo hacer con de vram")
            r"que (?:puedo|podria|se puede) hacer con (?:(?:solo|solamente|unos|mis) )?(?:de )?"
            r"(?:vram|memoria de video|memoria grafica)(?![a-z])",
            # "¿mi mac m2 puede entrenar un modelo chiquito?": el mayor que cabe lo responde
            r"(?:un|algun|algunos) modelos? (?:chic[oa]s?|chiquit[oa]s?|pequen[oa]s?|pequenit[oa]s?)",
            r"(?:un|algun) (?:pequeno|chiquito) modelo",
            r"(?:gpu|tarjeta|grafica) ?,? que (?:puedo|podria|se puede) hacer(?![a-z])",
            # "mejor modelo para mi 3090", "el mejor llm que puedo correr"
            r"mejor(?:es)? (?:modelos?|llms?)(?: (?:local(?:es)?|de codigo|para programar))? "
            r"(?:(?:que )?(?:puedo|podria) (?:correr|ejecutar|usar|entrenar|cargar)"
            r"|(?:para|con|en)(?![a-z]))",
            # "¿sirve la a10g para fine-tunear?", "es buena una 3060 para llms": lo que cabe
            r"(?:sirve|vale|alcanza|basta|es buena?|esta bien) (?:la |una |mi |esta )?"
            r"(?:gpu|gp|tarjeta|grafica)?s? ?para (?:fine ?-?tun\w*|finetun\w*|entrenar|lora|qlora"
            r"|llms?|ia|inferencia|hacer (?:un )?(?:lora|qlora|fine ?-?tuning)|correr (?:llms?|modelos))",
            # "hasta qué tamaño de modelo puedo entrenar", "un modelo de cuántos parámetros puedo
            # correr", "hasta cuántos b": the largest (a context or batch size is another question).
            r"(?:que|q) tamano(?! (?:de |del )?(?:contexto|batch|lote|secuencias?|ventana|bloques?"
            r"|archivos?|prompt))",
            r"cuantos (?:miles de millones de |millones de )?parametros (?:max\w* )?"
            r"(?:puedo|podria|cabe\w*|entra\w*)",
            r"hasta cuant[oa]s (?:b|miles de millones|millones|billones|parametros)",
            # "que opciones tengo con 8gb", "hasta donde puedo llegar con una 4090", "que modelos
            # corren en un mac m4 24gb", "que modelos son realistas": lo que cabe, el mayor primero
            r"(?:que|q|cuales) opciones (?:tengo|hay|me quedan) (?:con|en|para)(?![a-z])",
            r"hasta donde (?:puedo|podria|se puede) llegar",
            r"(?:que|q|cuales) (?:modelos?|llms?) (?:corren|entran|caben|funcionan|van|tiran) "
            r"(?:en|con|sobre)(?![a-z])",
            r"(?:que|q|cuales) (?:modelos?|llms?|tamanos?) (?:son|es) (?:realistas?|viables?|posibles?)",
            # "¿puedo hacer fine-tuning en una 3090?", "se puede entrenar en mi 4070": sin modelo
            r"(?:puedo|podria|se puede) (?:hacer (?:un )?(?:fine ?-?tuning|lora|qlora)|entrenar|"
            r"fine ?-?tunear|afinar)(?: (?:llms?|modelos))? (?:en|con) (?:la |una |mi |esta )?"
            r"(?:gpu|gp|tarjeta|grafica)s?(?![a-z])",
        ),
        "CHEAPER_WORDS": (
            r"mas barat(?:it)?[ao]s?", r"sale mas a cuenta", r"mas economic[ao]s?", r"cuesta menos",
            r"sale menos", r"mas rentable", r"ahorro mas",
            r"cual (?:me )?(?:conviene|recomiendas|elijo|escojo|alquilo|cojo|agarro)",
            r"cual es (?:la )?mejor (?:opcion|eleccion|compra)",
            # "vale la pena la h100 frente a la a100?", "relacion calidad precio"
            r"(?:vale|merece) la pena", r"compensa(?:n)?(?! (?:con|el|la))",
            r"(?:relacion )?calidad[ -]precio", r"tiempo y (?:dinero|plata|costo|coste)",
        ),
        "SPECS_WORDS": (
            r"especificaciones", r"specs?", r"ficha tecnica", r"datasheet", r"ancho de banda",
            r"t?flops", r"cuanta (?:vram|memoria) (?:tiene|trae)", r"cuantos (?:gb|gigas) (?:tiene|trae)",
            r"hablame de",
            # "la h100 tiene cuanta memoria", "de cuanta vram es la 3060"
            r"tiene cuant[ao]s? (?:vram|memoria|gb|gigas)", r"de cuanta (?:vram|memoria) es",
            # "cuanta vram hay en la h100", "cuantos gb en la 4090?" (la tarjeta al final: no la
            # memoria de un entrenamiento en ella)
            r"cuant[ao]s? (?:vram|memoria|gb|gigas) (?:hay |tiene |trae )?(?:en|de) (?:la |el |una? |"
            r"tu |su |las |los )?(?:gpu|gp)s?[\s?.!]*$",
            # "a10g cuanta vram", "la p40 vram?" (la tarjeta primero, nada después: su memoria)
            r"^ *(?:la |el |una? |mi )?(?:gpu|gp)s? *,? (?:cuanta |que )?(?:vram|memoria)"
            r"(?: tiene| trae)?[\s?.!]*$",
        ),
        # Si una tarjeta calcula en FP8 o BF16 (la tarjeta ya es "gpu").
        "PRECISION_CHOICE_ASK": (
            r"(?:fp16|fp32) (?:o|vs\.?|versus) bf16", r"bf16 (?:o|vs\.?|versus) (?:fp16|fp32)",
            r"(?:puedo|debo|deberia|podria) (?:usar|entrenar (?:en|con)|activar) (?:el |la )?bf16",
        ),
        "PRECISION_ASK": (
            r"(?:soporta|tiene|admite|acepta|maneja|aguanta|corre) (?:el |la )?(?:fp8|bf16)",
            r"soporte (?:de |para |a )?(?:fp8|bf16)",
        ),
        "HOW_MANY": (r"cuant[oa]s",),
        "HOW_MANY_FOR": (
            r"cuant[oa]s (?:(?:gpus?|tarjetas) ){0,2}para",
            # ... or last, the card named before ("deepseek r1 en fp8, ¿cuántas h100?")
            r"cuant[oa]s (?:(?:gpus?|tarjetas) ){0,2} *[?.!]*$",
            # ... or before another question ("cuántas h100 y cuánto costaría")
            r"cuant[oa]s (?:(?:gpus?|tarjetas) ){0,2}?(?:gpus?|tarjetas)(?= ?,| y )",
        ),
        "NEEDED": (r"necesit\w*", r"hacen falta", r"hace falta", r"requier\w*"),
        "BUDGET_WORDS": (r"con", r"tengo", r"por", r"presupuesto",
                         # "tenemos unos cientos de dólares" (was "No te he entendido")
                         r"tenemos",
                         # "¿alcanzan 40 dólares para…?", "¿bastan 40 usd…?"
                         r"alcanzan?", r"bastan?", r"suficientes?"),
        # Equipo propio, para comprar o correr en casa (bot.understand.asks.LOCAL): "qué gráfica
        # compro", "en casa", "en local", "localmente". Comprar, con una máquina al lado:
        # "comprar 24 horas" compra horas de GPU.
        "LOCAL_ASK": (
            r"en casa", r"en local", r"localmente", r"en mi (?:casa|pc|ordenador|computadora)",
            r"(?:mi|nuestro) propio (?:equipo|hardware|pc|ordenador|servidor)", r"(?:mi|nuestra) propia (?:gpu|maquina|grafica|tarjeta|computadora)",
            r"compr(?:ar|o|aria|arme|armos)(?:me)? (?:una? |mi propia? |dos |2 )?(?:nuevas? |usadas? )?"
            r"(?:gpus?|graficas?|tarjetas?(?: graficas?)?|mac|equipo|pc|ordenador|computadora|servidor|maquina)"
            # horas de GPU compradas aquí no: "comprar gpu por horas"
            r"(?! (?:por |de )?(?:horas?|tiempo|creditos?|bloques?|minutos?))",
            r"(?:gpus?|graficas?|tarjetas?(?: graficas?)?|mac|equipo|pc|ordenador|servidor|maquina)"
            r" (?:(?!horas?|creditos?|tiempo)[a-z]+ ){0,3}(?:me )?compr(?:o|ar|aria|armos)",
            r"(?:armar|montar)(?:me)? (?:un |una |mi )?(?:equipo|pc|servidor|maquina|rig)",
        ),
        "RENT_BUY_ASK": (
            r"(?:alquilar|rentar|arrendar) o comprar", r"comprar o (?:alquilar|rentar|arrendar)",
            r"(?:alquiler|renta) (?:o|vs\.?) compra", r"compra (?:o|vs\.?) (?:alquiler|renta)",
            r"(?:alquilar|rentar) (?:vs\.?|versus) comprar", r"comprar (?:vs\.?|versus) (?:alquilar|rentar)",
            r"(?:conviene|vale la pena|merece la pena|mejor) comprar(?:me)? (?:una? |mi propia )?(?:gpu|tarjeta)",
            # "¿me compro una 3090 a 700 dólares o alquilo?", "vale la pena alquilar o compro …"
            r"compr(?:ar|o)(?:me)? (?:[a-z0-9$.,]+ ){0,6}?o (?:mejor )?(?:la )?"
            r"(?:alquilar|rentar|alquilo|rento)(?:la)?",
            r"(?:alquilo|rento|alquilar|rentar) (?:[a-z0-9$.,]+ ){0,4}?o (?:me )?compr(?:o|ar)(?:la)?",
            r"punto de equilibrio",
        ),
        "BUDGET_ASK": (
            r"cuant[ao]s? (?:[a-z0-9]+ ){0,3}(?:horas?|hrs?)", r"que puedo", r"horas son",
            # "¿qué me dan 500 usd en una a100?", "¿para cuánto me alcanza?"
            r"(?:que|cuant[ao]s?|para cuanto) (?:[a-z0-9]+ ){0,3}me (?:da|dan|alcanza|alcanzan|compra|compran)",
        ),
        "BUDGET_WHAT_ASK": (
            # "¿qué me alcanza para entrenar?", "¿para qué me alcanza?", "¿hasta dónde me alcanza?"
            r"(?:a |para |hasta )?(?:que|cuanto|donde) (?:me |nos |te )?(?:alcanzan?|alcanzaria|alcanzarian)",
        ),
        "BUDGET_DO_ASK": (
            # "tengo 50 usdt, ¿qué puedo hacer?", "¿qué se puede hacer con 30 dólares?"
            r"que (?:puedo|podria|se puede|podemos) hacer(?! (?:para|si|cuando|sobre|mientras))",
        ),
        "PAY_INTENDED": (
            # "quiero pagar con cripto", "voy a pagar en usdt", "pagaría con bitcoin"
            r"(?:quiero|quisiera|queria|voy a|vamos a|pienso|prefiero|preferiria|me gustaria) "
            r"pagar(?:lo|les)? (?:con|en|usando)",
            r"(?:pago|pagaria|pagare) (?:con|en) (?:cripto\w*|crypto\w*|btc|bitcoins?|usdt|tether|usdc"
            r"|eth|ether(?:eum)?|sol|solana|ltc|litecoin|xmr|monero)",
        ),
        "CONTEXT_ASK": (
            r"cuant[oa] (?:de )?contexto", r"cuantos tokens (?:de )?contexto",
            r"cuantos tokens (?:caben|puedo|entran)",
            r"contexto max(?:imo)?", r"max(?:imo)? (?:de )?contexto", r"contexto mas largo",
            r"(?:longitud|secuencia|largo) maxim[oa](?: de (?:la )?(?:secuencia|contexto))?",
            r"maxim[oa] (?:longitud|largo)(?: de (?:la )?(?:secuencia|contexto))?",
            r"ventana de contexto maxima", r"que tan largo (?:puede ser )?(?:el )?contexto",
            r"que (?:longitud|largo|tamano) de (?:contexto|secuencia)",
            # "que contexto me entra", "qué contexto aguanta": el más largo que cabe
            r"que contexto (?:me |le |se )?(?:entra|cabe|aguanta|soporta|puedo (?:usar|tener|poner|meter))(?![a-z])",
            # "llama 3 8b en una 4090 contexto?": la palabra sola al final, sin longitud
            r"contexto(?= ?[?!.]*\s*$)",
        ),
        "SPEED_ASK": (
            r"tok(?:en)?s? ?(?:por|/) ?(?:segundo|seg|s)(?![a-z])",
            # texting's "x" for "por": "¿cuántos tokens x segundo?"
            r"tok(?:en)?s? x (?:segundo|seg)(?![a-z])",
            r"velocidad de (?:inferencia|generacion|decodificacion|salida)",
        ),
        "SPEED_WEAK": (
            r"(?:que tan|cuan|lo) rapid[oa]", r"a que velocidad", r"velocidad", r"throughput",
            # "¿a cuánto va?", "¿cuánto saca?", "¿va fluido?", "¿qué tan fluido va?": how fast
            r"a cuanto (?:va|corre|anda)", r"cuanto (?:va a (?:ir|correr|andar)|saca\w*|rinde)",
            # "¿cuántos tokens saca?", "¿a cuántos tokens va?": tokens a second, not a context
            r"cuantos tok(?:en)?s (?:saca\w*|genera\w*|escupe|tira|da|rinde)",
            r"a cuantos tok(?:en)?s (?:va|corre|anda)",
            r"(?:va|corre|anda|iria|correria) (?:fluid[oa]|rapid[oa]|lent[oa])",
            r"(?:que tan|cuan) fluid[oa]",
            # "¿cuánto tarda en responder?": lo que tarda cada token
            r"tarda\w* en responder", r"responde (?:rapido|lento|fluido)",
        ),
        # Atendidos a la vez (patterns.CONCURRENCY): "20 usuarios concurrentes", "a la vez".
        "CONCURRENT_WORDS": (
            r"concurrentes?", r"simultane[oa]s?", r"en paralelo", r"a la vez", r"al mismo tiempo",
            r"en simultaneo",
        ),
        "SERVED_NOUNS": (
            r"usuarios?", r"peticiones", r"solicitudes", r"consultas", r"clientes?", r"sesiones",
            r"personas", r"conexiones", r"secuencias", r"conversaciones",
            r"desarrolladores", r"devs", r"ingenieros", r"empleados", r"companeros", r"alumnos",
            r"estudiantes", r"miembros",
        ),
        # Cuántas secuencias se atienden a la vez (asks.CONCURRENCY_ASK).
        "CONCURRENCY_ASK": (
            r"cuant[oa]s (?:usuarios?|peticiones|solicitudes|consultas|clientes?|sesiones|personas|"
            r"conexiones|secuencias|conversaciones|requests?)(?! (?:por|al|a la) (?:segundo|minuto|hora))",
            r"concurrencia maxima", r"maxima concurrencia", r"concurrencia (?:para|de|con|en)",
            # el sustantivo sin decir ("… a 8k cuántas concurrentes", "cuántas en paralelo"):
            # al final de la pregunta o antes de lo que las sitúa
            r"cuant[oa]s (?:concurrentes|simultane[oa]s|en paralelo|a la vez)"
            r"(?= ?(?:[?.,!]|$|(?:a|con|en|de|para|si|y|puede|puedo|aguanta) ))",
            r"maxim[oa] (?:numero )?de (?:usuarios|peticiones|solicitudes|sesiones) "
            r"(?:concurrentes|simultane[oa]s|a la vez)",
            # "cuánto contexto y usuarios": los dos
            r"(?:contexto|ctx) (?:y|&|\+) (?:cuantos |el numero de )?(?:usuarios?|clientes?|peticiones|"
            r"personas)",
        ),
        # Cuántos datos entrena un tiempo dado ("cuántos tokens llego a procesar en dos días",
        # "cuántos ejemplos de 1024 tokens en una semana": asks.DATA_COUNT_ASK).
        "DATA_COUNT_ASK": (
            r"cuant[oa]s (?:tokens?|ejemplos?|muestras?|conversaciones|filas|secuencias|documentos|"
            r"pares|instrucciones|prompts?|datos|epocas|epochs?|pasadas)",
            # "con 15 usd cuanto entreno un 8b": how much data, in tokens
            r"cuanto (?:puedo |podria |alcanzo a |llego a )?(?:entreno|entrenar|entrenaria)",
            # "tengo 20 horas de h100, qué puedo hacer con un lora de mistral 7b"
            r"que (?:puedo|podria|podemos) hacer",
        ),
        "TRAIN_SPEED_ASK": (
            r"velocidad (?:de|del) (?:entrenamiento|fine ?-?tuning|ajuste)",
            r"rendimiento (?:de|del) (?:entrenamiento|fine ?-?tuning)",
        ),
        # Un OOM ("me quedo sin memoria"; "OOM" is every language's), o qué cambiar para que
        # entre (asks.FIX_ASK): "qué hago",
        # "cómo hago que entre", "cómo reducir la memoria". ("entre" reaches the patterns as
        # "rentre": the typo corrector takes it for the French word.)
        "SETTING_NUMBER_BEFORE": (
            r"(?:tamano de )?(?:lote|batch)", r"(?:longitud|largo) de (?:secuencia|contexto)",
            r"secuencia", r"contexto", r"rango", r"acumulacion de gradientes?",
        ),
        # Cuántos pasos de optimización da un entrenamiento (asks.STEPS_ASK).
        "STEPS_ASK": (
            r"cuant[oa]s (?:pasos|steps|iteraciones)", r"numero de (?:pasos|steps|iteraciones)",
            r"(?:pasos|steps|iteraciones) (?:por|en cada|cada) epoca",
        ),
        # La RAM de CPU que pide un entrenamiento (asks.RAM_ASK).
        "RAM_ASK": (
            r"cuanta (?:memoria )?ram(?: (?:de|del) (?:la )?(?:cpu|sistema))?",
            r"(?:ram|memoria) (?:de|del) (?:la )?(?:cpu|sistema)",
        ),
        "BATCH_ASK": (
            r"(?:tamano de )?(?:lote|batch) (?:maximo|mas grande)", r"que (?:tamano de )?(?:lote|batch)",
            r"cuanto (?:batch|lote)", r"(?:el )?(?:maximo|mayor) (?:tamano de )?(?:lote|batch)",
            # "batch size máximo", "batch máx", "tamaño máximo de batch" (was the fit alone)
            r"(?:lote|batch)(?: ?size)? (?:maximo|max|mas grande)",
            r"tamano (?:maximo|max|mas grande) (?:del? )?(?:lote|batch)",
        ),
        # Lo que ahorra el gradient checkpointing ("cuánta memoria ahorra el gradient checkpointing").
        # Su tiempo: "¿el gradient checkpointing ralentiza mucho?", "¿cuánto más lento con
        # gradient checkpointing?"
        # "¿el packing acelera el entrenamiento?", "¿es más rápido con packing?"
        "PACKING_SPEED_ASK": (
            r"(?:el )?(?:packing|empaquetado) (?:\w+ ){0,3}?(?:acelera|mas rapido)",
            r"mas rapido (?:\w+ ){0,3}?con (?:el )?(?:packing|empaquetado)",
        ),
        "CKPT_SLOW_ASK": (
            r"(?:gradient )?checkpointing (?:\w+ ){0,2}?(?:ralentiza|enlentece|hace mas lento|"
            r"es mas lento|mas lento)",
            r"mas lento con (?:el )?(?:gradient )?checkpointing",
        ),
        # Si hace falta ("¿necesito gradient checkpointing?", "¿es necesario el gradient
        # checkpointing?", "¿puedo desactivar el gradient checkpointing?"): sin él, en la tarjeta.
        "CKPT_NEED_ASK": (
            r"(?:necesito|necesitas|necesitamos|hace falta|es necesario|se necesita|hay que) "
            r"(?:usar |activar |poner |tener )?(?:el |la )?(?:gradient )?checkpointing",
            r"(?:gradient )?checkpointing (?:es |sigue siendo )?(?:necesario|obligatorio|"
            r"imprescindible|hace falta)",
            r"(?:puedo|podria|podemos|se puede) (?:desactivar|quitar|apagar|entrenar sin|ir sin|"
            r"prescindir del?) (?:el )?(?:gradient )?checkpointing",
        ),
        "CKPT_SAVING_ASK": (
            r"cuant[oa] (?:vram |memoria )?(?:me )?(?:ahorra|reduce|baja)(?: activar| usar| poner)? "
            r"(?:el |la )?(?:gradient checkpointing|checkpointing|recomputacion)",
            # "el gradient checkpointing cuánto ahorra", "gradient checkpointing, ¿cuánta memoria
            # ahorra?"
            r"(?:gradient )?checkpointing,? cuant[oa] (?:vram |memoria )?(?:me )?(?:ahorra|reduce)",
            r"(?:ahorro|diferencia) (?:de|con|del) (?:el )?(?:gradient )?checkpointing",
        ),
        # Un entrenamiento que debe acabar a tiempo ("¿se termina en una noche?", "¿acaba en un
        # día?", "¿lo entreno durante un fin de semana?"): cuánto tarda.
        "DEADLINE_ASK": (
            # "solo tengo 3 horas, ¿puedo … en ese tiempo?"
            r"en (?:ese|este) (?:tiempo|plazo)",
            r"(?:termina\w*|acaba\w*|listo|lista|completa\w*)(?: [a-z0-9.-]+){0,3} "
            r"(?:en|durante|para|antes de|dentro de)(?= |$)",
            r"en una noche|durante la noche|de la noche a la manana|toda la noche",
            # "¿tardaría menos de una hora …?", "¿lo termina en menos de un día?" (the time blanked)
            r"(?:en|tarda\w*|demora\w*|dura\w*|lleva\w*) (?:menos de|bajo)(?= |$)",
            r"entren\w*(?: [a-z0-9.-]+){0,4} (?:durante (?:un|el)|en (?:un|una))(?= |$)",
        ),
        # Un entrenamiento que tardaría más de un tiempo ("¿tarda más de un día?", "¿lleva más
        # de una semana?"): lo contrario de un plazo, respondido con sí o no igual.
        "DEADLINE_OVER_ASK": (
            r"(?:tarda\w*|demora\w*|dura\w*|lleva\w*|toma\w*)(?: mucho)? mas de(?= |$)",
        ),
        # El tiempo dicho y "alcanza/basta/es suficiente" ("¿alcanza una semana?", "¿es
        # suficiente un día para …?"): un plazo, solo con horas dichas y un dataset.
        "DEADLINE_ENOUGH_ASK": (
            r"(?:alcanza|alcanzan|basta|bastan|bastaria|alcanzaria|es suficiente|son suficientes"
            r"|seria suficiente|sera suficiente)",
            r"(?:en|dentro de) ?[?.!]*$",
        ),
        # Lo que ahorra FlashAttention ("¿flash attention reduce la vram?").
        "KERNELS_SAVING_ASK": (
            r"cuant[oa] (?:vram |memoria )?(?:me )?ahorra (?:el |la )?(?:liger(?:[ _-]?kernels?)?|unsloth)",
            r"con y sin (?:liger(?:[ _-]?kernels?)?|unsloth)", r"(?:liger(?:[ _-]?kernels?)?|unsloth) (?:vs\.?|o|contra) sin",
        ),
        "FLASH_SAVING_ASK": (
            r"(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? (?:reduce|ahorra|baja|disminuye) (?:la |el )?(?:vram|memoria|uso)",
            r"cuant[oa] (?:vram |memoria )?(?:me )?ahorra (?:el |la )?(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"(?:ahorro|diferencia) (?:de|con|del) (?:el |la )?(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? (?:vs\.?|o|contra) eager", r"eager (?:vs\.?|o|contra) (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?", r"con y sin (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
        ),
        # Lo que ahorra una caché KV cuantizada ("¿cuánta vram ahorra -ctk q4_0?", "¿la caché kv
        # en q8 reduce la vram?"); el tipo dicho se lee "kv cache" a estas alturas.
        "KV_SAVING_ASK": (
            r"cuant[oa] (?:vram |memoria )?(?:me )?ahorra (?:(?:la |el |una |un )?(?:cache|kv) ?(?:kv|cache)?(?: cuantizad[oa])?|(?:cuantizar|la cuantizacion de) (?:la |el )?(?:cache|kv) ?(?:kv|cache)?)",
            r"(?:(?:la |el |una |un )?(?:cache|kv) ?(?:kv|cache)?(?: cuantizad[oa])?|(?:cuantizar|la cuantizacion de) (?:la |el )?(?:cache|kv) ?(?:kv|cache)?) (?:reduce|ahorra|baja|disminuye) (?:la |el )?(?:vram|memoria|uso)",
            r"(?:ahorro|diferencia) (?:de|con|del) (?:(?:la |el |una |un )?(?:cache|kv) ?(?:kv|cache)?(?: cuantizad[oa])?|(?:cuantizar|la cuantizacion de) (?:la |el )?(?:cache|kv) ?(?:kv|cache)?)",
        ),
        # Una memoria sola y lo que cabe en ella ("que puedo hacer con 12gb?", "12gb es
        # suficiente?", "me alcanza con 16gb?"): al final del texto, la memoria ya borrada, y
        # solo cuando la pregunta no nombra otra cosa (bot.understand.parse): el mayor modelo.
        "MEMORY_BARE_ASK": (
            r"(?:que|q) (?:puedo|podria|podemos|se puede) (?:hacer|correr|ejecutar|entrenar|usar|"
            r"cargar|meter) (?:con|en)(?: (?:solo|solamente|unos|mis))?",
            r"(?:que|q) (?:puedo|podria|se puede) hacer",
            r"(?:que|q) (?:cabe|entra|corre) en",
            r"(?:es|son|seria|serian|sera|seran) (?:suficientes?|bastantes?)",
            r"(?:me |nos )?(?:alcanza|alcanzan|basta|bastan|sirve|sirven)(?: con)?",
        ),
        # El tamaño de la caché KV ("tamaño del kv cache de llama 3.1 70b a 128k", "cuánto ocupa la
        # caché kv").
        "KV_SIZE_ASK": (
            r"tamano (?:de la |del |de )?(?:cache kv|kv ?cache|cache de kv|cache)",
            # "q tamaño tiene el kv cache", "que tamano ocupa la cache kv"
            r"tamano (?:tiene|ocupa) (?:la |el )?(?:cache kv|kv ?cache|cache)",
            r"cuant[oa] (?:vram |memoria )?(?:ocupa|pesa|usa|gasta|consume|necesita|come) (?:la |el )?"
            r"(?:cache kv|kv ?cache|cache)",
            r"(?:cache kv|kv ?cache) (?:ocupa|pesa|usa|consume) cuant[oa]",
            r"(?:memoria|vram) (?:de la |del |para la |para el )(?:cache kv|kv ?cache)",
            # "cuanta cache kv para 10 usuarios": su tamaño, no un precio
            r"cuant[oa] (?:de )?(?:cache kv|kv ?cache)",
            # "cuanto kv con 32k": la caché sin nombrarla
            r"cuant[oa] (?:de )?kv(?![a-z0-9_-])(?! ?cache)",
        ),
        # El modo más barato de empezar ("precio mínimo para arrancar", "lo mínimo para empezar").
        "START_ASK": (
            r"(?:precio|coste|costo|monto|importe|gasto|pago|compra)? ?minim[oa] (?:para|pa) "
            r"(?:arrancar|empezar|comenzar|probar|iniciar)",
            r"(?:recarga|deposito|compra|pago) minim[oa]",
            # "y cuanto es lo minimo?" alone (tras "puedo pagar con usdt?")
            r"^ ?(?:y )?(?:cual es |cuanto es |de cuanto es )?(?:el |lo )?minimo ?[?!.]* ?$",
            # "cual es el bloque mas pequeño de h200", "el bloque minimo"
            r"(?:el )?bloque (?:mas (?:pequeno|chico|barato|corto)|minimo)",
            r"cuanto (?:necesito|hace falta|tengo que (?:pagar|poner|gastar)) para "
            r"(?:arrancar|empezar|comenzar|probar)",
            r"lo mas barato para (?:arrancar|empezar|comenzar|probar)",
            # "soy nuevo, q me recomiendan pa empezar?"
            r"(?:recomienda|aconseja)\w* (?:pa|para) (?:arrancar|empezar|comenzar|iniciar)",
            # "¿cuánto es lo mínimo que puedo comprar?", "lo mínimo que hay que pagar"
            r"lo minimo que (?:puedo|se puede|hay que|tengo que) (?:comprar|pagar|gastar|recargar)",
            # "cuanto hay q poner como minimo", "el minimo q puedo meter"
            r"(?:hay que|tengo que|debo|se puede) (?:poner|meter|depositar) (?:como|al) minimo",
            r"(?:lo|el) minimo que (?:puedo|se puede|hay que|tengo que|debo) (?:poner|meter|depositar)",
            # "¿cuánto es el mínimo de horas que puedo comprar?", "¿cuántas horas mínimo compro?"
            r"(?:minimo|min) de horas", r"cantidad minima de horas", r"cuantas horas (?:como )?minimo",
        ),
        "OVERKILL_WORDS": (
            r"exagerad[oa]s?", r"demasiad[oa]s? (?:gpus?|tarjetas?|potentes?|para (?:esto|eso))",
            r"(?:un )?desperdicio", r"mas que suficientes?",
            # "¿8 h100 para un lora de 8b es demasiado?", "¿o es pasarse?", "¿me paso?", "excesivo",
            # "un exceso", "matar moscas a cañonazos": more than the run needs (a question's end,
            # not "demasiado caro" or "es mucho dinero").
            r"excesiv[oa]s?", r"(?:es )?(?:un|mucho) exceso", r"(?:es )?pasarse", r"me (?:paso|estoy pasando)",
            r"(?:es|seria|sera|son|serian) (?:demasiad[oa]s?|mucho|muchas?)(?= ?(?:\?|$|o no\b|no\?))",
            r"matar moscas a \w+",
        ),
        "OOM_WORDS": (r"sin memoria", r"memoria insuficiente", r"errore?s? de memoria",
                      r"sin vram", r"vram insuficiente"),
        "FIX_ASK": (
            r"que (?:hago|puedo hacer|deberia hacer|me recomiendas hacer)",
            # "… batch 8 y seq 2048, ¿alguna idea?", "¿cómo lo hago?", "¿algún consejo?"
            r"(?:alguna|algun|una) (?:idea|solucion|sugerencia|consejo|recomendacion)e?s?",
            r"como (?:lo )?hago ?[?!.]*$", r"como (?:lo )?(?:puedo )?(?:solucionar|arreglar|resolver)",
            # "me sale OOM …, ¿qué cambio?", "¿qué tengo que cambiar?", "¿cómo lo soluciono?"
            r"que (?:cambio|le cambio|cambiar|ajusto|toco|le bajo|bajo|reduzco|le reduzco)",
            r"que (?:tengo|tendria|deberia|debo|puedo|hay) que (?:cambiar|ajustar|tocar|bajar)",
            r"que (?:deberia|debo|puedo|podria) (?:cambiar|ajustar|tocar|bajar)",
            r"como (?:lo )?(?:soluciono|arreglo|resuelvo|evito)",
            r"como (?:hago|puedo hacer|lo hago) (?:para )?que (?:me )?(?:r?entre|quepa)",
            r"(?:hacer|hago) que (?:r?entre|quepa)", r"como (?:lo )?hago (?:r?entrar|caber)",
            r"como (?:reducir|bajar|ahorrar|reduzco|bajo) (?:la |el )?(?:memoria|vram|consumo)",
            r"(?:reducir|bajar|ahorrar) (?:la |el )?(?:memoria|vram|consumo de memoria)",
        ),
    },
    stopwords=frozenset({
        # the people a model is served to ("pour 10 personnes", "para 10 personas")
        "personas", "usuarios", "usuario", "equipo",
        # "olvídalo", "déjalo" said alone
        "olvidalo", "olvidate", "dejalo", "importa",
        # a dataset, a time or a speed said in Spanish with no other Spanish word ("tiempo de
        # finetune 8b, 20k filas, h100", "velocidad llama 3 8b q4 4090")
        "filas", "ejemplos", "epocas", "velocidad", "semanas", "lukas", "pavos",
        # "¿quién eres?", "jajaja buenísimo": a word of Spanish alone (was answered in English)
        "quien", "eres", "buenisimo", "jaja", "jajaja", "jajajaja",
        # "¿piden kyc?", "¿me cobran por minuto?": the service asked in Spanish
        "piden", "cobran",
        "aceptan", "aceptas", "soporta", "soportan", "tira", "compu", "plata", "che", "oye", "podes", "tenes", "queres",
        "rapido", "rapida", "fluido", "fluida", "lento", "lenta", "alguna", "algun",
        "sabes", "alguien", "gente", "hoy", "ayer", "usted", "ustedes", "entrenando", "corriendo",
        "haciendo", "probando", "intentando", "cuarto", "cuartos", "adios", "ahora", "ajuste", "al", "alcanza", "alerta", "alertas",
        "algo", "alquilar", "alquilo", "rentar", "rento", "entra", "entran", "entraria", "aguanta",
        "aguantaria", "funciona", "funcionaria", "avisa", "avisame", "ayuda", "ayudame", "baja", "baje",
        "bajen", "barata", "barato", "borra", "borrar", "buenas", "buenos", "cabe", "caben",
        "cara", "caro", "chao", "cinco", "como", "compara", "completo", "con", "contexto",
        "conviene", "corre", "correr", "costaria", "coste", "costo", "cripto", "cual", "cuales",
        "cuando", "cuanta", "cuantas", "cuanto", "cuantos", "cuatro", "cuesta", "cuestan",
        "cuestaria", "debajo", "del", "desglose", "desplegar", "dia", "dias", "diez", "diferencia",
        "dime", "doce", "dolares", "donde", "dos", "durante", "ejecutar", "ejecutarlo", "el",
        "elegir", "elimina", "eliminar", "encima", "entrenamiento", "entrenar", "es", "esta",
        "este", "esten", "estoy", "falta", "finde", "fino", "gracias", "hace", "hacer", "hacerlo",
        "hago", "hay", "hola", "hora", "horas", "inferencia", "las", "longitud", "los", "lote",
        "mas", "medio", "mejor", "memoria", "menos", "mi", "mil", "millones", "mis", "modelo",
        "muchas", "mucho", "muchos", "muy", "necesita", "necesitaria", "necesitas", "necesito",
        "noches", "nueve", "o", "ocho", "oigan", "onda", "wena", "porfa", "pagar", "pago", "para", "parametros", "perfecto", "pero",
        "podria", "por", "porque", "precio", "precios", "pregunta", "presupuesto", "puede",
        "puedes", "puedo", "quiere", "quieres", "quiero", "quisiera", "quita", "recomienda",
        "recomiendas", "sale", "secuencia", "seis", "semana", "seria", "servir", "siete", "sin",
        "sirve", "son", "sube", "suficiente", "supere", "tal", "tamano", "tambien", "tarda",
        "tardes", "tarifa", "tarifas", "tarjeta", "tarjetas", "tengo", "tiempo", "tiene", "tienen",
        "tienes", "todas", "tres", "una", "unas", "uno", "unos", "usar", "vale", "y",
    }),
)
