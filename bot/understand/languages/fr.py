"""French: every word the parser reads in French, in one place.

Folded forms (lower case, no accents; see ``normalise.fold``). Fragments are regular
expressions without capturing groups; see ``bot.understand.languages`` for what each concept is.
"""

from __future__ import annotations

from bot.understand.languages import Language

# Hours or a block named, then lost ("les heures que j'utilise pas je les perds ?", "le bloc, les
# heures sont perdues ?"): whether unused hours expire (PAY_STRONG, and asks.EXPIRY_ASK).
_HOURS_LOST = (
    r"(?:heures|blocs?)(?![a-z])[^?.!]{0,50}?(?:je les perds|les perd|se perdent|"
    r"(?:sont|seront) perdu(?:e?s)?)")
# The hours kept for later ("je peux garder mes heures pour le mois prochain ?", "utiliser les
# heures plus tard"): nothing is lost, as for the hours left over. _USE_LATER, with no hours word
# ("je recharge 500 usdt et je les utilise sur plusieurs mois"), only beside a payment.
_LATER = (r"(?:plus tard|le mois prochain|l'an prochain|l'annee prochaine|"
          r"(?:dans|sur) (?:quelques|plusieurs|\d+) mois)")
_HOURS_LATER = (
    r"(?:garder|conserver|reporter|mettre de cote) (?:mes|les) (?:gpu ?-?)?heures",
    rf"(?:utiliser|consommer) (?:mes|les) (?:gpu ?-?)?heures {_LATER}",
)
_USE_LATER = rf"(?:les|l') ?(?:utiliser|utilise|consommer|consomme) {_LATER}"
# What becomes of the hours left over ("que deviennent les heures que j'utilise pas ?", "un bloc
# de 24h et que j'en utilise que 5 ?", "et si j'utilise pas tout le bloc ?"): the same answer.
_HOURS_LEFT = (
    r"(?:que deviennent|qu'est.ce qui se passe (?:avec|pour)|il se passe quoi (?:avec|pour)) "
    r"(?:le reste|les (?:gpu ?-?)?heures)",
    r"(?:heures|blocs?)(?![a-z])[^?.!]{0,50}?(?:j'en|je n'en|j'en n') (?:utilise|consomme)\w* "
    r"(?:que|seulement|juste|pas tout)",
    r"si (?:j'|je n')(?:utilise|consomme) pas (?:tout|toutes)(?: (?:le bloc|les (?:gpu ?-?)?heures))?",
)

LANGUAGE = Language(
    code="fr",
    marks="çèêàùâîûôëïœ",
    decimal_comma=True,
    follow_up=(
        r"et", r"et si", r"et pour", r"et sur", r"et avec", r"et en", r"qu'en est-il", r"alors",
        r"pareil mais", r"pareil avec", r"meme chose mais", r"meme chose avec",
        # « pareil pour 70b », « idem sur une a100 » : la même question avec cela changé
        r"pareil (?:pour|sur)", r"meme chose (?:pour|sur)", r"idem (?:pour|sur|avec)",
        # "plutôt avec qwen3 14b", "passe à qwen3 14b", "maintenant avec mistral" : le même run
        r"plutot avec", r"plutot sur", r"plutot en", r"passe a", r"passons a", r"maintenant avec",
        r"maintenant sur", r"essaie avec", r"essayons avec", r"change pour",
        # Une correction (« pardon, je voulais dire 70b », « non, le 70b ») : la même question
        r"(?:(?:pardon|oups|non|euh)[ ,.!]+)*je voulais dire", r"je me suis trompe",
        r"pardon", r"oups", r"non", r"euh", r"en fait",
        # « pas 13b mais 14b » : la taille reprise
        r"pas [^,.?!]{1,24}? mais",
    ),
    next_question=(
        r"aussi", r"et aussi", r"autre question", r"une autre question", r"autre chose",
        r"et sinon", r"sinon", r"par ailleurs", r"au fait", r"d'ailleurs", r"egalement",
        r"de plus",
    ),
    next_question_anywhere=(
        r"et aussi", r"autre question", r"une autre question", r"et sinon", r"par ailleurs",
        r"au fait",
    ),
    # « … sur une 4090 et c'est combien la h100 ? » : le prix demandé à part
    next_cost=(r"et combien", r"et c'est combien", r"et c'est quoi le prix"),
    same_gpu=(
        r"dessus", r"la-dessus", r"la dessus", r"sur celle-ci", r"sur celle-la", r"sur elle",
        r"avec elle", r"sur cette carte", r"sur ce gpu", r"sur la meme", r"sur le meme",
    ),
    alert_below=frozenset({"sous", "dessous", "moins"}),
    alert_above=frozenset({"dessus", "plus"}),
    alert_fillers=frozenset({"de", "du", "en", "au", "a", "à", "que"}),
    # Forum and SMS shorthand ("jsp", "cmb de temps", "stp", "pr faire tourner").
    abbreviations={
        "cb": "combien", "cmb": "combien", "jsp": "je sais pas", "chais pas": "je sais pas",
        "pr": "pour", "qd": "quand", "bcp": "beaucoup", "stp": "s'il te plait", "svp": "s'il vous plait", "pk": "pourquoi",
        "koi": "quoi", "kel": "quel", "kelle": "quelle", "kels": "quels", "kelles": "quelles",
        "tjrs": "toujours", "qqn": "quelqu'un", "mrc": "merci", "mci": "merci", "slt": "salut",
        # the apostrophe left out: "cb coute la a100 de lheure", "jveux"
        "lheure": "l'heure", "jveux": "je veux", "jpeux": "je peux",
        # "50 balles en usdt": so many USDT, "balles" the slang for any currency's units (euros
        # in France, francs in Switzerland) and the stablecoin the unit (was refused as euros)
        "balles en usdt": "usdt", "balles en usdc": "usdc",
        # A duration's hedge: "une petite heure" is a bit under an hour, "deux bonnes heures" a
        # bit over two, read as that long (was no hours read). Not "une bonne semaine": a
        # farewell too.
        "petite heure": "heure", "bonne heure": "heure", "bonnes heures": "heures",
        "petite demi-heure": "demi-heure", "bonne demi-heure": "demi-heure",
        "petite semaine": "semaine", "petit mois": "mois", "bon mois": "mois",
    },
    counts={
        # Québec: "une couple de 3090" is two of them.
        "un seul": 1, "une seule": 1, "deux": 2, "une paire de": 2, "une couple de": 2, "trois": 3, "quatre": 4,
        "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "douze": 12, "seize": 16,
        # Elided before a vowel: "une paire d'A100", "une couple d'heures", "une douzaine d'H100";
        # the apostrophe left out as typed fast ("une couple d heures", "une quinzaine d heures").
        "une paire d'": 2, "une couple d'": 2, "une douzaine de": 12, "une douzaine d'": 12,
        "une demi-douzaine de": 6, "une demi-douzaine d'": 6,
        "une paire d": 2, "une couple d": 2, "une douzaine d": 12, "une demi-douzaine d": 6,
        # About so many, read as that many: "une trentaine d'heures", "une dizaine de H100".
        **{f"une {word} {de}": n for word, n in (
            ("dizaine", 10), ("quinzaine", 15), ("vingtaine", 20), ("trentaine", 30),
            ("quarantaine", 40), ("cinquantaine", 50), ("soixantaine", 60), ("centaine", 100),
        ) for de in ("de", "d'", "d")},
    },
    # Units and tens read before a scale ("soixante-dix milliards": 60 + 10, "quatre-vingts":
    # 4 × 20, see numbers._value).
    number_words={
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
        "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
        "seize": 16, "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50,
        "soixante": 60, "septante": 70, "huitante": 80, "octante": 80, "nonante": 90,
    },
    hundreds=frozenset({"cent", "cents"}),
    thousands=frozenset({"mille"}),
    joiners=frozenset({"et"}),
    point_words=frozenset({"point", "virgule"}),
    articles=frozenset({"une", "un"}),
    token_multipliers={
        "milliard": 9, "milliards": 9, "millions": 6, "million": 6, "mille": 3,
    },
    commands={
        "aide": "help", "tarifs": "prices", "prix": "prices", "payer": "pay", "alerte": "alert",
        "alertes": "alert_list", "devis": "cost", "memoire": "memory",
    },
    words={
        "NUMBER_SCALES": (
            r"milliards?", r"mille", r"heures?", r"jours?", r"semaines?", r"parametres",
            r"minutes?", r"mois", r"ans", r"annees",
        ),
        # Asking to see the alerts; NOUN stands for the ALERT_NOUNS.
        "ALERT_LIST": (
            r"(?:quel(?:le)?s?|voir|montre(?:-? ?moi)?|affiche(?:r|z)?(?:-?"
            r" ?moi)?|liste(?:r|z)?|consulter) (?:sont )?(?:de )?(?:toutes )?(?:les |mes )?NOUN",
            r"mes NOUN",
            r"NOUN (?:que )?(?:j'ai|ai-je|tu as)",
            r"(?:ai-je|j'ai) (?:des|quelles?) NOUN",
        ),
        "ALERT_WHEN_WORDS": (r"quand", r"lorsque", r"des que", r"des qu", r"si"),
        "RUN_NOUN_WORDS": (r"un", r"une", r"le", r"la", r"mon", r"du", r"de", r"ce"),
        "OPINION_NOT": (r"n'est pas", r"ne me convient pas", r"ne convient pas"),
        "OPINION_ARTICLES": (r"une", r"le", r"la", r"un", r"mon", r"ma"),
        "OPINION_GOOD": (
            r"meilleure?", r"bonne", r"bon", r"choix", r"ideale?", r"option", r"solution",
            r"pour moi",
        ),
        "HOUR_UNITS": (r"heures?",),
        # "3j", "15j"; not "30 € j'ai" (the "€" folded away): "j'" opens a word.
        "DAY_UNITS": (r"jours?", r"journees?", r"j(?![a-z'])"),
        "WEEK_UNITS": (r"semaines?",),
        "MONTH_UNITS": (r"mois",),
        # "un an" ends there or runs on in French: "$3 an hour" is English's article.
        "YEAR_UNITS": (
            r"ans", r"annees?",
            r"an(?=\s*(?:$|[?.!,;:)]| (?:de|d'|sur|avec|pour|en|a|et|ou|complet|entier|plein|ca|"
            r"combien|c'est)(?![a-z0-9])))",
        ),
        "MONTHLY": (
            r"par mois", r"mensuel(?:le)?s?", r"mensuellement", r"chaque mois", r"tout le mois",
            r"le mois (?:entier|complet)", r"au mois",
        ),
        "WEEKLY": (
            r"par semaine", r"a la semaine", r"hebdomadaires?", r"chaque semaine",
            r"toute la semaine", r"la semaine (?:entiere|complete)",
        ),
        "DAILY": (
            r"par jour", r"a la journee", r"journalier", r"chaque jour", r"par 24 ?h(?:eures)?",
            r"toute la journee", r"la journee (?:entiere|complete)",
            # "c combien le h200 la journée" (per day), not "pendant la journée", "bonne journée"
            r"(?<!pendant )(?<!durant )(?<!dans )(?<!de )(?<!bonne )(?<!une )la journee"
            r"(?! (?:de|du|entiere|complete)(?![a-z]))",
        ),
        "HALF_HOUR": (r"une demi-? ?heure",),
        # Sans arrêt, pas une durée : "24h/24 pendant un mois", "7j/7 pendant une semaine".
        "AROUND_THE_CLOCK": (
            r"24 ?h? ?/ ?24", r"24 ?h(?:eures)? sur 24", r"7 ?j(?:ours)? ?/ ?7", r"7 ?j(?:ours)? sur 7",
            r"24 ?/ ?7", r"non ?-?stop", r"en continu", r"sans (?:arret|interruption)", r"jour et nuit",
        ),
        "QUARTER_HOUR": (r"(?:un )?quart d[' ]?heure",),
        "THREE_QUARTERS_HOUR": (r"trois quarts? d[' ]?heure",),
        "SIZE_UNITS_BILLION": (r"milliards?", r"md", r"mds"),
        "PARAM_WORDS": (r"parametres?",),
        "VRAM_UNITS_GB": (r"go", r"gigaoctets?"),
        "VRAM_UNITS_TB": (r"to", r"teraoctets?"),
        "MONEY_AFTER": (r"\$us",),
        "MONEY_CENTS": (r"centimes?",),
        "PERCENT_UNITS": (r"pour ?cent",),
        "GPU_NOUNS": (r"cartes?", r"cartes? graphiques?", r"instances? de"),
        "NEGATION_BEFORE": (
            r"sans", r"pas de", r"pas du", r"pas en", r"pas avec", r"au lieu de", r"au lieu du",
            r"plutot que", r"sauf", r"eviter", r"je ne veux pas", r"ne veux pas", r"jamais",
            r"pas",
        ),
        "NEGATION_FILLERS": (
            r"du", r"le", r"faire", r"utiliser", r"avec", r"d'", r"veux", r"charge", r"charger",
            r"quantifie",
        ),
        "INFERENCE_STRONG": (
            r"deployer", r"heberger", r"hebergement", r"heberge\w*", r"deploiement",
            r"mettre en prod", r"decodage speculatif", r"modele brouillon",
            r"generer",
            # "quelle gpu génère le plus vite avec llama 3 70b" : générer des tokens, c'est servir
            r"genere", r"generent", r"generant",
        ),
        "INFERENCE_WEAK": (
            # "une 3060 suffit pour des llm", "bien pour l'ia en local" : les faire tourner
            r"pour (?:des |les )?(?:llms?|l.?ia)(?![a-z])",
            r"faire tourner", r"tourner", r"executer", r"lancer", r"utiliser", r"charger",
            r"rouler", r"roule", r"faire rouler",
            # "ça tourne sur ma 3090 ?", "est-ce que mixtral tournerait"
            r"tourne", r"tournent", r"tournerait", r"meilleurs? (?:modeles?|models?|llms?)",
            # "ça répond en combien de temps sur deux h100 ?" : le servir
            r"repond\w*",
            # "ma 3080 tient llama 3 8b pour discuter ?", "comme chatbot"
            r"pour (?:un )?chatbot", r"comme (?:un )?(?:chat ?bot|assistant)", r"pour discuter",
            r"discuter avec"),
        "TRAINING_WORDS": (r"entraine\w*", r"entrainer", r"entrainement", r"affin(?:er|age|ant|ons|ez)\w*"),
        "ALERT_NOUNS": (r"alertes?", r"abonnements?"),
        "ALERT_REMOVE_VERBS": (
            r"supprim\w*", r"efface\w*", r"effacer", r"annule\w*", r"annuler", r"retire\w*",
            r"retirer", r"desactive\w*", r"desactiver", r"arrete\w*", r"arreter", r"enleve\w*",
            r"enlever", r"desabonne\w*", r"stoppe\w*", r"(?:ne )?veux plus d'", r"plus jamais d'",
        ),
        "ALERT_STOP": (
            r"ne me previens plus", r"ne me prevenez plus", r"arrete de me prevenir",
            # the "ne" dropped as it is spoken: "me préviens plus pour le h100"
            r"me previens plus", r"me prevenez plus", r"(?:ne )?m'alerte plus",
            r"arretez de me prevenir", r"desabonne\w*",
        ),
        "ALERT_ALL": (r"toutes", r"tous", r"tout"),
        "ALERT_ANY_GPU": (
            r"n'?importe quel(?:le)? (?:gpu|carte)", r"un (?:des |de vos )?(?:gpus?|prix)",
            r"(?:tous )?(?:les |vos )gpus", r"(?:les |vos )prix",
        ),
        "THANKS_WORDS": (r"merci", r"merci beaucoup", r"merci bien", r"mille mercis"),
        "BYE_WORDS": (
            r"au revoir", r"a plus", r"a\+", r"bonne soiree", r"bonne nuit", r"a bientot",
            r"bonne journee",
            # « merci, bonne semaine », « bon week-end » : un au revoir (était « Je n'ai pas
            # compris »)
            r"bonne semaine", r"bon week-?end", r"bonne fin de semaine", r"bonne fin de journee",
            r"a la prochaine", r"a demain",
        ),
        "ACK_WORDS": (
            r"d'accord", r"parfait", r"super", r"top", r"nickel", r"compris", r"entendu",
            r"ca marche", r"tres bien", r"bien", r"ca roule", r"oui", r"ouais", r"mdr",
            # « laisse tomber », « tant pis » : plus rien de demandé (était « Je n'ai pas compris »)
            r"laisse(?:z)? tomber", r"oublie(?:z)?(?: ca)?", r"tant pis", r"(?:c'est |ce n'est )?pas grave",
        ),
        "SOCIAL_FILLERS": (
            r"et", r"pour l'aide", r"pour ton aide", r"pour votre aide", r"l'ami", r"toi", r"vous",
            r"a vous", r"a toi", r"tout le monde", r"c'est tout", r"c'est", r"tres", r"vraiment",
            r"infiniment", r"le bot", r"ca m'aide", r"ca m'a aide", r"en fait", r"non", r"finalement",
            # "merci beaucoup c'était top", "merci, super", "merci, parfait" (was not understood)
            r"beaucoup", r"(?:c'etait |c'est )?(?:top|super|parfait|genial|nickel|cool)",
            # "merci pour l'info", "merci pour la réponse", "merci pour les infos"
            r"pour (?:l'|les |la |ces |tes |vos |ta |votre |ton )?(?:info|infos|information|"
            r"informations|reponse|reponses|explication|explications|precisions)",
        ),
        "CATALOGUE_QUESTION": (
            r"quel(?:le)?s? (?:gpus?|cartes?(?: graphiques?)?|machines?|instances?) (?:proposez|avez|louez|offrez|proposes|as|loues|offres)",
            r"quel(?:le)?s? (?:gpus?|cartes?(?: graphiques?)?) (?:sont|est) disponibles?",
            r"qu'est-ce que (?:vous|tu) (?:louez|proposez|avez|loues|proposes|as) (?:comme )?(?:gpus?|cartes?)?",
            r"gpus? disponibles?",
            # "t'as quoi comme gpu ?", "vous avez quoi comme cartes ?"
            r"(?:t'?as|tu as|vous avez|avez-vous|vous louez|louez-vous) quoi comme (?:gpus?|cartes?)",
            r"(?:avez-vous|vous avez|louez-vous|vous louez|proposez-vous|vous proposez|je peux louer) "
            r"(?:des |une |un )?(?:tpus?|gaudi ?\d?|trainium\d?)",
        ),
        "ALERT_WORDS": (
            r"prevenir", r"previen\w*", r"prevenez\w*", r"avertis\w*", r"avertir",
            r"abonne\w*", r"suivre (?:le )?prix", r"surveill\w*",
        ),
        "ALERT_TELL": (
            r"(?:dis-? ?moi|dites-? ?moi|(?:tu )?me (?:dis|diras|direz|diriez)|(?:tu peux|tu pourrais"
            r"|vous pouvez|vous pourriez|peux-tu|pouvez-vous) me dire) (?:quand|si|des que|lorsque)",
            r"(?:tiens|tenez)-? ?moi au courant",
        ),
        "ALERT_MOVE_DOWN": (r"baisse\w*", r"diminue\w*", r"chute", r"tombe", r"moins cher\w*"),
        "ALERT_MOVE_UP": (r"monte\w*", r"augmente\w*", r"grimpe"),
        "DIRECTION_BELOW": (
            r"sous", r"en-? ?dessous de", r"au-? ?dessous de", r"moins de", r"inferieur a",
            r"(?:passe|descend|tombe) sous", r"baisse (?:a|sous)",
            r"(?:tombe|descend|passe|baisse) (?:a|en-? ?dessous de|au-? ?dessous de)",
            r"passe sous la barre (?:de|des)", r"(?<!au )moins", r"dessous",
            r"au plus", r"au maximum", r"maximum", r"pas plus de",
        ),
        "DIRECTION_ABOVE": (
            r"au-? ?dessus de", r"plus de", r"depasse", r"superieur a", r"plus", r"dessus",
            r"(?:passe|monte|grimpe) (?:au-? ?dessus de|a)",
            r"au moins", r"au minimum", r"minimum",
        ),
        "PAY_STRONG": (
            r"payer", r"paye", r"paie", r"paiement", r"paiements", r"regler", r"recharg\w*",
            # « ok je la réserve », « réserve-la », « comment je réserve ? », « je la prends »
            # after a run priced: how to get it is paying on the website, as "ok book it" (was
            # « Je n'ai pas compris »)
            r"(?:je|j'|on) (?:la|le|les) (?:reserve|prends)", r"reserve[rz]?[- ](?:la|le|les)",
            r"comment (?:je |on )?(?:la |le )?(?:reserve|reserver)", r"(?:je veux|je voudrais) (?:la |le )?reserver",
            r"depot", r"portefeuille", r"utiliser (?:des |du |de l'|mes |le |la )?(?:btc|bitcoins?|usdt|tether|usdc|eth|ether(?:eum)?|sol|solana|ltc|litecoin|xmr|monero|cryptos?)", r"cartes? bancaires?", r"cartes? de credit", r"carte bleue",
            r"pieces? d'identite", r"passeports?", r"cartes? d'identite",
            r"expirent", r"expire", r"expiration", r"perime\w*",
            # "si j'en utilise que 5 sur un bloc de 24, je perds le reste ?" : la même réponse
            r"(?:je )?(?:perds|perdrais|sont perdues|seront perdues) (?:le reste|les heures|celles|ce qui reste)",
            # "si j'éteins l'instance je perds mes heures ?"
            r"(?:je )?(?:perds|perdrais) mes (?:gpu ?-?)?heures",
            # "les heures que j'utilise pas je les perds ?"
            _HOURS_LOST, *_HOURS_LEFT, *_HOURS_LATER,
        ),
        "HOURS_LOST": (_HOURS_LOST,),
        "HOURS_LEFT": (*_HOURS_LEFT, *_HOURS_LATER, _USE_LATER),
        "COMPARE_WORDS": (r"ou", r"meilleur\w*", r"lequel", r"laquelle", r"mieux"),
        "RECOMMEND_WORDS": (
            r"quel(?:le)?s? (?:\w+ ){0,1}?gpus?(?![ _-]?mem(?:ory)?[ _-]?util)",
            r"quel(?:le)?s? (?:cartes?|instances?|machines?)", r"meilleure? gpus?",
            # "c'est quoi la meilleure carte pour finetuner un 13b pas cher" (was its memory)
            r"meilleure?s? (?:cartes?|instances?|machines?)",
            r"gpus? (?:le|la) moins cher\w*", r"(?:le|la) moins cher\w*", r"recommand\w*",
            r"conseill\w*", r"combien de gpus?",
            r"que (?:dois|devrais)-? ?je (?:louer|utiliser|prendre|choisir)", r"choisir",
            # "je dois finetuner mistral nemo 12b, je loue quoi ?", "qu'est-ce que je loue ?"
            r"(?:je|j'|on) (?:loue|louerais|prends|prendrais) quoi", r"(?:louer|prendre) quoi",
            r"quoi louer", r"qu.?est-ce (?:que|qu.?) ?(?:je|j'|on) (?:loue|prends|louerais)",
            # "que puis-je louer pour 3 $ de l'heure ?", "je peux louer quoi" (was the price list)
            r"que (?:puis|peux|pourrais|pouvons|peut)-? ?(?:je|j|on|nous)? ?louer",
            r"qu.?est-ce (?:que|qu.?) ?(?:je|j'|on) (?:peux|peut|pourrais|pourrait) louer",
            r"(?:je|j'|on) (?:peux|peut|pourrais|pourrait) louer quoi",
            # "qu'est-ce que je devrais louer ?", "qu'est-ce qu'on doit prendre" (was the memory)
            r"qu.?est-ce (?:que|qu.?) ?(?:je|j'|on) (?:dois|devrais|doit|devrait) "
            r"(?:louer|prendre|utiliser|choisir)",
            # "il faut quoi comme carte pour un 13b en qlora ?": which card
            # "t'as quoi comme gpu pour un lora de 13b" (alone, the offer: followup._CATALOGUE)
            r"(?:vous avez|avez-vous|t'?as|tu as|vous proposez) quoi comme (?:gpus?|cartes?)",
            r"(?:faut|faudrait|prends|prendre|loue|louer|besoin de|utiliser) quoi comme "
            r"(?:cartes?|gpus?|cartes? graphiques?|materiel)",
            r"(?:le|la) meilleure? (?:option|config\w*|choix)", r"(?:le|la) plus adapte\w*",
            r"(?:meilleur )?rapport (?:qualite|performances?)[ /-]?prix", r"(?:le|la) plus rentable",
        ),
        "DURATION_QUESTION": (
            # "combien de temp", "combien d'heure": the plural's s left off, as posts do
            r"combien de temps?", r"combien d'heures?", r"combien de jours", r"duree",
            # "dataset : 250k lignes, modèle : …, gpu : a100. temps ?": the time in one word
            r"(?<!assez de )(?<!de )(?<!meme )(?<!premier )temps ?\?",
            # "ça dure combien ?", "combien ça durerait ?": how long, not a price
            r"(?:ca|cela|il|elle) (?:dure|durerait|durera|durent|dureraient) combien",
            r"combien (?:ca|cela|il|elle) (?:dure|durerait|durera|durent|dureraient)",
            r"combien (?:va|vont|peut|pourrait) (?:durer|mettre)",
            # "combien dure un bloc ?", "combien dure l'entraînement ?": how long
            r"combien (?:dure|durerait|durera|durent|dureraient)",
            # "ça prend combien ?", "il met combien ?": how long ("ça prend combien de vram" is
            # the memory)
            r"(?:ca|cela|il|elle) (?:prend|prendra|prendrait|met|mettra|mettrait) combien(?! d(?:e |'))",
            r"temps (?:estime|d'entrainement|de calcul)",
            r"temps ?(?:\+|&|/|,|et) ?(?:vram|memoire)", r"(?:vram|memoire) ?(?:\+|&|/|,|et) ?temps",
            r"heures gpu (?:necessaires|qu'il faut)",
        ),
        "COST_WORDS": (
            r"coute\w*", r"cout", r"couts", r"devis",
            r"(?:prix|tarif) (?:d'un|du|de mon|de ce) (?:run|entrainement|fine\w*|job)",
            r"combien pour",
            # "et combien ça me reviendrait sur une h100 ?", "ça revient à combien ?": a cost
            r"(?:me|nous|ca|cela) revien(?:t|nent|dr\w*)", r"revien(?:t|nent|dr\w*) a combien",
            r"(?:revient|coute|est) (?:le )?moins cher (?:de|d'|en|un|le|la|avec)",
            # "c'est cher de fine-tuner mistral 7b ?", "c'est trop cher pour moi un full
            # finetune ?": how expensive a run is
            r"(?:c'est|est-ce|ce serait|ca serait|ca sera|ca revient) (?:tres |trop |super )?"
            r"cher (?:de|pour|d(?='))",
        ),
        # ... but "combien de paramètres actifs ?" counts the model's parameters, not money
        "HOW_MUCH": (r"combien(?! (?:de |d.)(?:(?:milliards de )?parametres|experts|couches|tetes))",),
        "RATE_WORDS": (
            r"par heure", r"de l'heure", r"a l'heure", r"/ ?heure",
            r"(?:combien|coute|prix) l'heure",  # "c'est combien l'heure de L40S ?"
        ),
        "FIT_STRONG": (
            r"tient", r"tiennent", r"tenir", r"tiendr\w*", r"rentre\w*", r"suffi\w*", r"assez",
            # "ça passe un llama 3 8b en qlora sur ma 3090 ? j'ai 50 000 lignes": whether it fits
            r"ca pass(?:e|era|erait)", r"ca va passer",
        ),
        # "combien de couches sur le GPU": the layer split of a GGUF model, not a cost
        "MEMORY_WORDS": (
            r"memoire", r"combien de (?:go|gb|vram|memoire|gigas?|gigaoctets?|couches)",
            # "combien pèse llama 3 70b en 4 bits", "combien prend mistral 7b en fp16", "combien
            # de place": sa taille, pas un prix
            r"combien (?:pese\w*|prend|prennent|occupe\w*|de place)",
        ),
        "PRICE_WORDS": (
            r"tarifs?", r"prix", r"grille tarifaire", r"louer", r"location", r"remises?",
            r"reductions?", r"rabais",
            # "vous êtes moins cher que runpod ?": nos prix, avec les références de la page
            r"moins cher(?:e|s|es)? (?:qu'ailleurs|que (?:chez )?(?:les autres|la concurrence|"
            r"aws|gcp|azure|runpod|vast(?:\.ai)?|lambda(?: labs)?|coreweave|paperspace|colab|"
            r"google cloud))",
        ),
        "HELP_WORDS": (
            r"aide", r"aidez-? ?moi", r"aide-? ?moi", r"qu'est-ce que tu (?:peux|sais) faire",
            r"que (?:peux|sais)-? ?tu faire", r"que fais-? ?tu",
            r"comment (?:ca|cela) (?:marche|fonctionne)", r"commandes?", r"commencer",
            # "t'es qui ?", "tu fais quoi ?": what the bot is and does
            r"t'es qui", r"tu es qui", r"qui es-? ?tu", r"tu fais quoi",
        ),
        "GREETINGS": (
            r"bonjour", r"salut", r"coucou", r"bonsoir", r"allo", r"comment ca va", r"ca va",
            r"wesh",
        ),
        "DETAILS_WORDS": (r"detaille\w*", r"en detail", r"etape par etape"),
        # "en coupant le gradient checkpointing", "si j'enlève le gradient checkpointing"
        "GRAD_CKPT_OFF_BEFORE": (r"sans", r"pas de", r"desactive\w*", r"coup\w*", r"enlev\w*"),
        "GRAD_CKPT_OFF_AFTER": (r"desactive", r"non"),
        # The three question shapes of bot.understand.asks (see en.py).
        "LARGEST_WORDS": (
            # "quel modèle avec ollama sur ma 3060 12go ?", "lm studio sur mon mac 16go, quels
            # modèles ?": ce qui tient, le plus gros d'abord (était « Quel modèle ? », infer22)
            r"quels? modeles? ?\?*$",
            r"quels? modeles? (?:avec|dans|sous|pour) (?:ollama|lm ?studio|llama\.?cpp|"
            r"llama-server|koboldcpp)(?![a-z])",
            r"plus gros", r"plus grand", r"taille max\w*",
            r"quels? modeles? (?:je )?(?:peux|puis|pourrais)",
            r"(?:que (?:puis-je|je peux)|qu ?est.ce que je peux) (?:fine-?tuner|entrainer|faire tourner|lancer)",
            # "j'ai 2x3090 je peux entraîner quoi", "quel modèle mettre sur ma 4070"
            r"je (?:peux|pourrais) (?:fine-?tuner|entrainer|faire tourner|lancer) quoi",
            # "qu'est-ce que ma 3090 peut faire tourner ?", "ma 4070 peut faire tourner quoi"
            r"(?:gpus?|cartes?) (?:peut|peuvent|pourrait|pourraient) (?:faire tourner|entrainer|"
            r"fine-?tuner|encaisser|supporter|faire)(?: quoi)?(?= ?[?!.]*$| quoi| comme)",
            # "g 16go de vram je fais tourner quoi", "j'ai une 3090, j'entraîne quoi ?"
            r"(?:je fais tourner|je lance|j'entrainer?|je fine-?tune) quoi",
            # "j'ai une 3080 10go, je peux faire quoi avec ?", "qu'est-ce que je peux faire avec"
            r"(?:je|on) (?:peux|pourrais|peut|pourrait) faire quoi(?: avec)?(?![a-z])",
            # "une 3060 c'est bien pour apprendre le fine-tuning ?", "ma 4070 suffit pour
            # entraîner des llm ?"
            r"(?:c'est bien|c'est suffisant|c'est assez|suffit|suffira|est suffisante?|ca suffit|"
            r"ca vaut le coup) (?:\w+ ){0,2}?pour (?:apprendre (?:a |le )?|debuter (?:en |le )?)?"
            r"(?:faire du )?(?:fine-?tun\w*|finetun\w*|entrainer (?:des )?(?:llms?|modeles?)|"
            r"les llms?|des llms?|l'ia)(?![a-z])",
            # "on peut faire quelque chose avec une 1060 6 go ?": ce qui tient (était son prix)
            r"(?:je peux|on peut|peut-on|puis-je|je pourrais|on pourrait) faire quelque chose",
            # "je peux faire tourner un truc correct ?", "… quelque chose dessus ?": ce qui tient
            r"(?:je peux|on peut|peut-on|puis-je|je pourrais|on pourrait) (?:faire tourner|lancer|"
            r"entrainer|fine-?tuner|charger) (?:un truc|quelque chose|qqch|qqc)(?![a-z])",
            # "ma 4060 ti 8go ça sert à quelque chose ?", "elle est bonne à quelque chose ?"
            r"sert a (?:quelque chose|qqch|qqc|rien)", r"bonne? a quelque chose",
            # "8 go de vram ça suffit pour quoi ?", "c'est suffisant pour quelque chose ?"
            r"(?:ca suffit|ca suffira|suffit|suffisent|suffisants?|suffisantes?|c'est assez) pour "
            r"(?:quoi|quelque chose|qqch|qqc)(?![a-z])",
            # "mon mac m2 16 go peut fine-tuner un petit modèle ?": le plus gros qui tient y répond
            r"(?:un|des|de) petits? (?:modeles?|models?|llms?)",
            r"(?:qu ?est.ce que (?:je|j'|on) (?:peux|peut|pourrais|pourrait)|que (?:puis-je|je peux)) "
            r"faire avec(?![a-z])",
            r"quels? modeles? (?:mettre|choisir|prendre|installer)",
            # "quels modèles tournent sur un mac mini m4 24go", "quelles options avec 8 go",
            # "jusqu'où je peux aller avec une 4090" : ce qui tient, le plus gros d'abord
            r"quels? (?:modeles?|models?|llms?) (?:tournent|tourne|passent|passe|tiennent|tient|rentrent|"
            r"fonctionnent) (?:sur|dans|avec)(?![a-z])",
            r"quelles? options (?:j'ai |ai-je |on a |a-t-on )?(?:avec|sur|pour)(?![a-z])",
            r"jusqu.ou (?:je peux|puis-je|on peut|peut-on|je pourrais) aller",
            r"quels? (?:modeles?|llms?|tailles?) (?:sont|est) (?:realistes?|envisageables?|"
            r"possibles?|faisables?)",
            # "quel modèle fine-tuner sur ma 4090", "quel modèle je devrais entraîner", "le
            # meilleur modèle à fine-tuner sur ma 3090" : ce qui tient, le plus gros d'abord
            r"quels? modeles? (?:(?:je|on) (?:devrais|dois|devrait|doit) |a )?(?:fine-?tuner|"
            r"finetuner|entrainer)(?![a-z])",
            r"meilleurs? (?:modeles?|models?|llms?) a (?:fine-?tuner|finetuner|entrainer)(?![a-z])",
            # "quel modèle je fais tourner avec 8 go ?", "quels llm je lance sur ma 3060" : ce qui
            # tient, le plus gros d'abord (était « Quel modèle ? »)
            r"quels? (?:modeles?|models?|llms?) (?:je |j')?(?:fais tourner|lance|mets|installe|prends|"
            r"entraine|fine-?tune)(?![a-z])",
            # "meilleur modèle pour ma 3090", "le meilleur llm que je peux faire tourner"
            r"meilleurs? (?:modeles?|models?|llms?)(?: (?:locaux|local|de code|pour coder))? "
            r"(?:(?:que|qu'on) (?:je )?(?:peux|puisse|pourrais) "
            r"(?:faire tourner|lancer|utiliser|entrainer|charger)|(?:pour|avec|sur)(?![a-z]))",
            # "la a10g est bien pour fine-tuner ?", "une 3060 suffit pour des llm" : ce qui tient
            r"(?:est|est-elle|c.?est) (?:bien|bon|bonne|assez|suffisant\w*|correct\w*) pour "
            r"(?:du |le |un |des |faire (?:du |un )?)?(?:fine-?tun\w*|finetun\w*|entrain\w*|lora"
            r"|qlora|llms?|l.?ia|inference|faire tourner (?:des )?(?:llms?|modeles))",
            r"suffit pour (?:du |le |un |des |faire (?:du |un )?)?(?:fine-?tun\w*|finetun\w*"
            r"|entrain\w*|lora|qlora|llms?|l.?ia|inference|faire tourner (?:des )?(?:llms?|modeles))",
            # "je peux entraîner quelle taille en lora", "jusqu'à quelle taille de modèle", "un
            # modèle de combien de paramètres je peux faire tourner": the largest (a context or
            # batch size is another question).
            r"quelle taille(?! (?:de |du |d')?(?:contexte|batch|lot|sequences?|fenetre|blocs?"
            r"|fichiers?|prompt))",
            r"combien de (?:milliards de )?parametres (?:max\w* )?(?:je |j'|on )?"
            r"(?:peux|peut|pourrais|puis|tien\w*|rentre\w*|passe\w*)",
            r"jusqu.?a combien de (?:milliards de )?parametres", r"(?:monter|aller) jusqu.?a combien",
            # "je peux fine-tuner sur ma 3090 ?", "on peut entraîner sur une 4070 ?" : sans modèle
            r"(?:je peux|puis-je|on peut|peut-on|je pourrais) (?:fine-?tuner|finetuner|entrainer|"
            r"faire (?:du |un )?(?:fine-?tuning|lora|qlora))(?: (?:des )?(?:llms?|modeles))? "
            r"(?:sur|avec) (?:la |une |ma |mon |cette |le |un )?(?:gpu|gp|carte)s?(?![a-z])",
        ),
        "CHEAPER_WORDS": (
            r"moins chere?s?", r"plus rentable", r"plus economique", r"coute moins",
            r"revient moins",
            r"(?:laquelle|lequel) (?:je )?(?:choisis|choisir|prendre|prends|louer|loue)",
            r"(?:laquelle|lequel) (?:tu )?(?:me )?(?:conseilles|recommandes)",
            r"(?:laquelle|lequel) est (?:le|la) (?:meilleure?) (?:choix|option)",
            # "la h100 vaut le coup face à l'a100 ?", "rapport qualité-prix"
            r"vaut (?:le coup|la peine)", r"(?:rapport )?qualite[ -]prix",
            r"temps et (?:argent|budget|cout)",
        ),
        "SPECS_WORDS": (
            r"caracteristiques", r"specs?", r"fiche technique", r"datasheet", r"bande passante",
            r"t?flops", r"combien de (?:vram|memoire|go) (?:a|fait|possede|embarque)",
            r"parle-moi de", r"parle moi de",
            # "c'est quoi la vram d'une 4090", "la h200 a combien de go"
            r"(?:c'?est quoi|quelle est) la (?:vram|memoire) (?:de la|du|de l'|d'une?|des?)",
            r"a combien de (?:vram|memoire|go)",
            # "t'as combien de vram sur le b200", "combien de go dans une 4090 ?" (la carte en
            # dernier : pas la mémoire d'un entraînement dessus)
            r"combien de (?:vram|memoire|go) (?:sur|dans) (?:le |la |l'|une? |ta |ton |ma |mon |"
            r"votre |vos |les )?(?:gpu|gp)s?[\s?.!]*$",
            # "p40 combien de vram ?", "la a10g vram ?" (la carte d'abord, rien après : sa mémoire)
            r"^ *(?:la |le |l'|une? |ma |mon )?(?:gpu|gp)s? *,? (?:combien de |quelle )?"
            r"(?:vram|memoire)(?: (?:elle|il) a| a-t-(?:elle|il))?[\s?.!]*$",
        ),
        # Si une carte calcule en FP8 ou en BF16 (la carte déjà « gpu »).
        "PRECISION_CHOICE_ASK": (
            r"(?:fp16|fp32) (?:ou|vs\.?|versus) bf16", r"bf16 (?:ou|vs\.?|versus) (?:fp16|fp32)",
            r"(?:je peux|puis-je|peut-on|on peut|dois-je|je dois) (?:utiliser|activer|entrainer en) "
            r"(?:le |la |du )?bf16",
        ),
        "PRECISION_ASK": (
            r"(?:supporte|gere|a|accepte|prend en charge|fait) (?:le |la |du )?(?:fp8|bf16)",
            r"support (?:du |de |de la )?(?:fp8|bf16)",
        ),
        "HOW_MANY": (r"combien",),
        "HOW_MANY_FOR": (
            r"combien (?:de |d.?)(?:(?:gpus?|cartes) ){0,2}pour",  # "combien de GPU H100 pour"
            # ... or last, the card named before ("deepseek r1 en fp8, combien de h100 ?")
            r"combien (?:de |d.?)(?:(?:gpus?|cartes) ){0,2} *[?.!]*$",
            # ... or before another question ("combien de h100 et ça coûte combien")
            r"combien (?:de |d.?)(?:(?:gpus?|cartes) ){0,2}?(?:gpus?|cartes)(?= ?,| et )",
            # ... or after the need ("il me faut combien de h200 et c'est combien de l'heure")
            r"(?<=faut )combien (?:de |d.?)", r"(?<=faudrait )combien (?:de |d.?)",
        ),
        "NEEDED": (r"faut", r"faudrait", r"besoin", r"necessaires?"),
        "BUDGET_WORDS": (r"j.?ai", r"avec", r"pour",
                         # "on a quelques centaines d'euros", "nous avons 300 $" (was no budget
                         # read: "Je n'ai pas compris"); "on a" opening the question only, not
                         # English "on a 4090"
                         r"^on a", r"nous avons",
                         # "40 $ ça suffit pour un qlora de mistral 7b ?"
                         r"suffit", r"suffisent", r"suffisants?"),
        # Du matériel à soi, à acheter ou à faire tourner chez soi (bot.understand.asks.LOCAL) :
        # « quelle carte acheter », « en local », « chez moi », « à la maison ». Acheter, avec une
        # machine à côté : « acheter 24 heures » achète des heures de GPU.
        "LOCAL_ASK": (
            r"en local", r"localement", r"chez moi", r"a la maison", r"a domicile", r"sur mon (?:pc|ordi|ordinateur)",
            r"(?:mon|notre) propre (?:materiel|pc|ordi|ordinateur|serveur|gpu)", r"(?:ma|notre) propre (?:machine|carte|config)",
            r"achet(?:er|e|erais)(?:-?moi)? (?:une? |ma propre |mon propre |deux |2 )?(?:nouvelles? |nouveaux? |d.occasion )?"
            r"(?:gpus?|cartes?(?: graphiques?)?|mac|machine|pc|ordi|ordinateur|serveur|station|config)"
            # pas les heures de GPU achetées ici : « acheter un gpu à l'heure »
            r"(?! (?:a l.|par |en )?(?:heures?|temps|credits?|blocs?|minutes?))",
            r"(?:gpus?|cartes?(?: graphiques?)?|mac|machine|pc|ordi|config|serveur)"
            r" (?:(?!heures?|credits?|temps)[a-z]+ ){0,3}(?:je )?(?:dois |devrais |faut-il |faudrait-il )?achet(?:er|e)",
            r"(?:monter|construire) (?:une |un |ma |mon )?(?:machine|pc|config|serveur|station)",
        ),
        "RENT_BUY_ASK": (
            r"louer ou acheter", r"acheter ou louer", r"location ou achat", r"achat ou location",
            r"louer (?:vs\.?|versus|plutot qu.acheter)", r"acheter (?:vs\.?|versus|plutot que (?:de )?louer)",
            r"(?:vaut le coup|rentable|mieux) d.acheter (?:une? |ma propre )?(?:gpu|carte)",
            r"acheter (?:[a-z0-9$.,]+ ){0,6}?ou (?:plutot )?(?:la |en )?louer",
            r"seuil de rentabilite",
        ),
        "BUDGET_ASK": (
            r"combien d.?heures?", r"combien de temps?", r"qu ?'?est.ce que (?:je|j'|on) (?:peux|pourrais|peut)", r"que puis.je",
            r"je (?:peux|pourrais) (?:entrainer|fine.?tuner|faire tourner|louer) quoi",
            # "avec 15 dollars en btc je peux faire quoi ?": what the money buys (was how to pay)
            r"(?:je|on) (?:peux|pourrais|peut|pourrait) faire quoi",
            r"heures ca fait",
            # "qu'est-ce que 100 $ me donnent sur une a100", "ça m'achète combien d'heures"
            r"(?:qu.?est.ce que|que) (?:[a-z0-9]+ ){0,3}(?:me|m.) ?(?:donne|offre|achete|paie)(?:nt)?(?![a-z])",
            # "1,2k ça me donne quoi sur h200", "500 $ ça m'achète combien d'heures"
            r"ca (?:me donne|m.?achete|me paie)(?![a-z])",
        ),
        "PAY_INTENDED": (
            # "je veux payer en bitcoin", "je vais payer en usdt", "on compte payer en crypto"
            r"(?:je|j'|on) ?(?:veux|voudrais|vais|compte|prefere|prefererais|aimerais|souhaite|"
            r"souhaiterais|pense) payer (?:en|avec|par)",
            r"(?:je|on) (?:paie|paye|paierai|payerai|paierais|payerais) (?:en|avec) (?:cripto\w*|crypto\w*"
            r"|btc|bitcoins?|usdt|tether|usdc|eth|ether(?:eum)?|sol|solana|ltc|litecoin|xmr|monero)",
        ),
        "CONTEXT_ASK": (
            r"contexte max\w*", r"max\w* de contexte", r"(?:le )?plus long contexte",
            r"contexte le plus long",
            r"longueur (?:de |du |de la )?(?:contexte |sequence )?max\w*",
            r"longueur max\w*(?: de (?:la )?(?:sequence|contexte))?",
            r"quelle (?:longueur|taille)(?: de| du)? (?:contexte|sequence)",
            # "quel contexte je peux avoir", "quel contexte tient" : le plus long qui tient
            r"quel contexte (?:je peux|on peut|tient|passe|rentre|est possible)(?![a-z])",
            r"combien de (?:tokens de )?contexte", r"combien de tokens (?:de contexte|tiennent|je peux)",
            # "llama 3 8b sur une 4090 contexte ?" : le mot seul en fin de message, sans longueur
            r"contexte(?= ?[?!.]*\s*$)",
        ),
        "SPEED_ASK": (
            r"tok(?:en)?s? ?(?:par|/) ?(?:seconde|sec|s)(?![a-z])",
            r"vitesse (?:de |d.)(?:generation|inference|decodage|sortie)",
        ),
        "SPEED_WEAK": (
            r"a quelle vitesse", r"quelle vitesse", r"vitesse", r"(?:est.ce|c.est) rapide",
            r"throughput", r"debit(?! memoire)",
            # "ça va vite ?", "ça tourne fluide ?", "ça sort combien ?": how fast
            r"(?:ca|il|elle|ils) (?:va|vont|tourne|tournent|sort|sortent|ira|tournera) "
            r"(?:vite|fluide|lentement)",
            r"(?:c.est|est.ce|ca reste|ca serait) (?:fluide|lent)",
            r"(?:ca|il|elle) sort combien", r"combien (?:ca|il|elle) sort",
            # "ça répond en combien de temps ?", "il répond vite ?"
            r"repond\w* en combien de temps", r"(?:met|mettra|prend) combien de temps (?:a|pour) repondre",
            r"repond\w* (?:vite|rapidement|lentement)",
        ),
        # Servis en même temps (patterns.CONCURRENCY) : "20 utilisateurs simultanés".
        "CONCURRENT_WORDS": (
            r"simultane(?:e)?s?", r"concurrent(?:e)?s?", r"en meme temps", r"en parallele",
            r"a la fois", r"en simultane",
        ),
        "SERVED_NOUNS": (
            r"utilisateurs?", r"requetes?", r"sessions?", r"clients?", r"personnes",
            r"connexions?", r"sequences", r"conversations?",
            r"developpeurs", r"devs", r"ingenieurs", r"employes", r"collegues", r"etudiants",
            r"eleves", r"membres",
        ),
        # Combien de séquences servies en même temps (asks.CONCURRENCY_ASK).
        "CONCURRENCY_ASK": (
            r"combien (?:de |d.?)(?:utilisateurs?|users?|requetes?|sessions?|clients?|personnes|"
            r"connexions?|sequences|conversations?)(?! (?:par|a la) (?:seconde|minute|heure))",
            r"concurrence max\w*", r"concurrence (?:pour|de|avec|sur)",
            # le nom sous-entendu ("… à 8k combien en parallèle", "combien simultanément") : à
            # la fin de la question ou devant ce qui les situe
            r"combien (?:en parallele|simultanement|en meme temps|a la fois|en simultane)"
            r"(?= ?(?:[?.,!]|$|(?:a|avec|sur|de|pour|si|et|peut|puis) ))", r"nombre max\w* (?:d.?utilisateurs|de requetes|de sessions)",
            # "combien de contexte et d'utilisateurs": les deux
            r"(?:contexte|ctx) (?:et|&|\+) (?:combien |le nombre )?(?:de |d.?)?(?:utilisateurs?|users?|"
            r"requetes?|clients?|personnes)",
        ),
        # Combien de données un temps donné entraîne ("combien de tokens je peux traiter en deux
        # jours", "combien d'exemples de 1024 tokens en une semaine" : asks.DATA_COUNT_ASK).
        "DATA_COUNT_ASK": (
            r"combien (?:de |d'|d )(?:tokens?|exemples?|echantillons?|conversations?|lignes?|"
            r"sequences?|documents?|paires?|instructions?|prompts?|donnees|epoques?|epochs?|"
            r"passes)",
            # "avec 15 $ combien je peux entraîner un 8b": how much data, in tokens
            r"combien (?:je peux |puis-je |on peut )(?:entrainer|train)",
            # "j'ai une vingtaine d'heures de h100, je peux faire quoi en lora sur mistral 7b"
            r"(?:je peux|on peut|je pourrais) faire quoi",
            r"(?:que puis-je|qu'est-ce que je peux|qu'est-ce qu'on peut|que peut-on) faire",
        ),
        "TRAIN_SPEED_ASK": (
            r"vitesse (?:d.?|de l.?)(?:entrainement|apprentissage|fine ?-?tuning)",
            r"debit (?:d.?|de l.?)(?:entrainement|apprentissage)",
        ),
        # Un OOM, ou quoi changer pour que ça rentre (asks.FIX_ASK) : "j'ai un OOM", "que
        # faire", "comment faire rentrer", "comment réduire la mémoire".
        "SETTING_NUMBER_BEFORE": (
            r"(?:taille de )?(?:batch|lot)", r"longueur de (?:sequence|contexte)", r"sequence",
            r"contexte", r"rang", r"accumulation de gradients?",
        ),
        # Combien de pas d'optimisation fait un entraînement (asks.STEPS_ASK).
        "STEPS_ASK": (
            r"combien (?:de |d')(?:steps|pas|etapes|iterations)",
            r"nombre (?:de |d')(?:steps|pas|etapes|iterations)",
            r"(?:steps|pas|etapes|iterations) par epoque",
        ),
        # La RAM CPU que demande un entraînement (asks.RAM_ASK).
        "RAM_ASK": (
            r"combien de (?:ram|memoire vive)(?: (?:cpu|systeme|du systeme))?",
            r"quelle quantite de (?:ram|memoire vive)", r"(?:ram|memoire) (?:cpu|systeme|vive)",
        ),
        "BATCH_ASK": (
            r"(?:taille de )?(?:batch|lot) max(?:imal|imum|imale)?", r"quel(?:le)? (?:taille de )?(?:batch|lot)",
            r"(?:le )?plus (?:gros|grand) (?:batch|lot)",
            # "la taille max de batch", "batch size max", "le max de batch" (was the fit alone)
            r"taille max(?:imale|imum|i)? (?:de|du|des) (?:batch|lot)s?",
            r"(?:batch|lot) ?size max(?:imal|imum|imale|i)?", r"(?:le )?max(?:imum)? (?:de|du) (?:batch|lot)",
        ),
        # Ce que le gradient checkpointing économise ("combien de mémoire économise le gradient
        # checkpointing").
        # Son temps : « le gradient checkpointing ralentit beaucoup ? », « combien plus lent
        # avec le gradient checkpointing ? »
        # « le packing accélère l'entraînement ? », « plus rapide avec le packing ? »
        "PACKING_SPEED_ASK": (
            r"(?:le )?packing (?:\w+ ){0,3}?(?:accelere|plus rapide)",
            r"plus rapide (?:\w+ ){0,3}?avec (?:le )?packing",
        ),
        "CKPT_SLOW_ASK": (
            r"(?:gradient )?checkpointing (?:\w+ ){0,2}?(?:ralentit|ralentir|est plus lent|"
            r"plus lent)",
            r"plus lent avec (?:le )?(?:gradient )?checkpointing",
        ),
        # S'il est nécessaire (« le gradient checkpointing est-il nécessaire ? », « j'ai besoin
        # du gradient checkpointing ? », « je peux désactiver le gradient checkpointing ? ») :
        # l'entraînement sans lui, sur la carte.
        "CKPT_NEED_ASK": (
            r"(?:gradient )?checkpointing (?:est(?:-il| il)? |reste )?(?:necessaire|obligatoire|"
            r"indispensable)",
            r"besoin (?:d'(?:activer|utiliser) |de (?:mettre|garder) )?(?:du |le |de |d')"
            r"(?:gradient )?checkpointing",
            r"faut(?:-il| il)? (?:activer |utiliser |mettre |garder )?(?:le |du )?"
            r"(?:gradient )?checkpointing",
            r"(?:peux|peut|pourrais|pourrait)(?:-je| je|-on| on)? (?:desactiver|enlever|couper|"
            r"me passer du|se passer du|entrainer sans) (?:le )?(?:gradient )?checkpointing",
        ),
        "CKPT_SAVING_ASK": (
            # "combien de vram je gagne avec le gradient checkpointing" (the user the subject)
            r"combien (?:de (?:vram|memoire) )?(?:je |on |tu |vous )?(?:fait )?"
            r"(?:economise|gagne|economiserai[st]?|gagnerai[st]?|economisez|gagnez)(?:-t-on| le| la)?"
            r"(?: avec)?(?: le)? (?:gradient )?checkpointing",
            r"combien (?:le )?(?:gradient )?checkpointing (?:fait )?(?:economise|gagne)",
            # "le gradient checkpointing, ça économise combien ?", "de combien le gradient
            # checkpointing réduit la mémoire"
            r"(?:gradient )?checkpointing,? (?:ca )?(?:economise|fait gagner|gagne|reduit) combien",
            r"de combien (?:le )?(?:gradient )?checkpointing (?:reduit|baisse|diminue)",
            r"(?:gain|economie|difference) (?:de|avec|du) (?:le )?(?:gradient )?checkpointing",
        ),
        # Un entraînement qui doit finir à temps ("ça finit en une nuit ?", "c'est bouclé en un
        # jour ?", "je l'entraîne pendant un week-end ?") : combien de temps il prend.
        "DEADLINE_ASK": (
            # "j'ai seulement 3 heures, je peux … dans ce délai ?"
            r"(?:dans|en) ce (?:temps|delai|laps de temps)",
            r"(?:fini\w*|termine\w*|boucle\w*|pret)(?: [a-z0-9.-]+){0,3} "
            r"(?:en|dans|pendant|avant|d'ici)(?= |$)",
            r"en une nuit|pendant la nuit|cette nuit|toute la nuit|dans la nuit",
            # "ça prendrait moins d'une heure …?", "fini en moins d'un jour ?" (the time blanked)
            r"(?:en|prend\w*|dur\w*) moins (?:de|d')",
            r"entrain\w*(?: [a-z0-9.-]+){0,4} (?:pendant (?:un|une|le)|en (?:un|une))(?= |$)",
        ),
        # Un entraînement qui prendrait plus d'un temps ("ça prend plus d'une journée ?", "ça
        # dure plus d'une semaine ?") : l'inverse d'une échéance, avec oui ou non de même.
        "DEADLINE_OVER_ASK": (
            r"(?:prend\w*|dur\w*|met\w*)(?: bien)? plus (?:de|d')",
        ),
        # Le temps dit, puis "suffit/assez" ("une semaine suffit ?", "est-ce qu'un jour suffira
        # pour …") : une échéance, seulement avec des heures dites et un jeu de données.
        "DEADLINE_ENOUGH_ASK": (
            r"suffi(?:t|sent|ra|ront|rait|raient|sant|sante)|(?:est|sera|serait)(?:-ce)? assez",
            r"(?:en|dans) ?[?.!]*$",
        ),
        # Ce que FlashAttention économise ("flash attention réduit la vram ?").
        "KERNELS_SAVING_ASK": (
            r"combien (?:de (?:vram|memoire) )?(?:fait )?(?:economise|gagne)(?:-t-on| le| la)?"
            r"(?: avec)?(?: le| la)? (?:liger(?:[ _-]?kernels?)?|unsloth)",
            r"avec et sans (?:liger(?:[ _-]?kernels?)?|unsloth)", r"(?:liger(?:[ _-]?kernels?)?|unsloth) (?:vs\.?|ou|contre) sans",
        ),
        "FLASH_SAVING_ASK": (
            r"(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? (?:reduit|diminue|economise|baisse) (?:la |le )?(?:vram|memoire|conso\w*)",
            r"combien (?:de (?:vram|memoire) )?(?:fait )?(?:economise|gagne)(?:-t-on| le| la)?"
            r"(?: avec)?(?: le| la)? (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"(?:gain|economie|difference) (?:de|avec|du) (?:le |la )?(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? (?:vs\.?|ou|contre) eager", r"eager (?:vs\.?|ou|contre) (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?", r"avec et sans (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
        ),
        # Ce que fait gagner un cache KV quantifié ("combien de vram économise -ctk q4_0 ?", "le
        # cache kv en q8 réduit la vram ?") ; le type dit se lit "kv cache" à ce stade.
        "KV_SAVING_ASK": (
            r"combien (?:de (?:vram|memoire) )?(?:fait )?(?:economise|gagne)(?:-t-on)?(?: avec)? (?:(?:le |un |du )?(?:cache|kv) ?(?:kv|cache)?(?: quantifie)?|(?:quantifier|la quantification du) (?:le )?(?:cache|kv) ?(?:kv|cache)?)",
            r"(?:(?:le |un |du )?(?:cache|kv) ?(?:kv|cache)?(?: quantifie)?|(?:quantifier|la quantification du) (?:le )?(?:cache|kv) ?(?:kv|cache)?) (?:reduit|diminue|economise|baisse|fait gagner) (?:la |le |de la )?(?:vram|memoire|conso\\w*)",
            r"(?:gain|economie|difference) (?:de|avec|du) (?:(?:le |un |du )?(?:cache|kv) ?(?:kv|cache)?(?: quantifie)?|(?:quantifier|la quantification du) (?:le )?(?:cache|kv) ?(?:kv|cache)?)",
        ),
        # Une mémoire seule et ce qu'elle tient (« que puis-je faire avec 12 go ? », « 12 go ça
        # suffit ? », « est-ce que 16 go c'est assez ? ») : en fin de texte, la mémoire déjà
        # effacée, et seulement quand la question ne nomme rien d'autre (bot.understand.parse) :
        # le plus gros modèle.
        "MEMORY_BARE_ASK": (
            r"(?:que (?:puis-je|puis je|je peux|peut-on|on peut)|qu ?est.ce que (?:je peux|on peut)) "
            r"faire (?:avec|sur)(?: (?:seulement|juste))?",
            r"(?:je|on) (?:peux|pourrais|peut|pourrait) faire quoi(?: avec)?",
            r"suffit", r"suffira", r"suffisent", r"suffiront", r"assez", r"suffisante?",
            r"(?:qu'est-ce qui|qu ?est.ce qui|que) (?:tient|rentre|tourne) (?:dans|sur|avec|en)",
        ),
        # La taille du cache KV ("taille du cache kv de llama 3.1 70b à 128k", "combien prend le
        # cache kv").
        "KV_SIZE_ASK": (
            r"taille (?:du |de la |de )?(?:cache kv|kv ?cache|cache)",
            # "quelle taille fait le cache kv", "le kv cache fait quelle taille"
            r"taille (?:fait|a|prend) (?:le |la )?(?:cache kv|kv ?cache|cache)",
            r"(?:cache kv|kv ?cache) (?:fait|prend) quelle taille",
            r"combien (?:de (?:vram|memoire) )?(?:prend|occupe|pese|fait|consomme|utilise|bouffe) "
            r"(?:le |la )?(?:cache kv|kv ?cache|cache)",
            r"(?:cache kv|kv ?cache) (?:prend|fait|occupe|pese) combien",
            r"(?:memoire|vram) (?:du |pour le )(?:cache kv|kv ?cache)",
            # "combien de cache kv pour 10 utilisateurs" : sa taille, pas un prix
            r"combien de (?:cache kv|kv ?cache)",
            # "combien de kv à 32k" : le cache sans le nommer
            r"combien (?:de )?kv(?![a-z0-9_-])(?! ?cache)",
        ),
        # La façon la moins chère de commencer ("prix minimum pour commencer").
        "START_ASK": (
            r"(?:prix|cout|montant|achat|depense)? ?minim(?:um|al|ale) pour (?:commencer|demarrer|"
            r"debuter|essayer|tester)",
            r"(?:recharge|depot|achat) minim(?:um|ale?)",
            # "et le minimum c'est combien ?" alone (après "on peut payer en usdt ?")
            r"^ ?(?:et )?(?:c.est quoi )?(?:le )?minimum(?: c.est combien| c.est quoi| ca fait combien)? ?[?!.]* ?$",
            # "c'est quoi le plus petit bloc de h200", "le bloc minimum"
            r"(?:le )?(?:plus petit|moins cher) (?:des )?blocs?|bloc (?:minimum|minimal)",
            r"minimum (?:de |d.)?(?:recharge|depot|achat)",
            r"combien (?:faut-il|il faut|dois-je (?:payer|mettre|depenser)) pour "
            r"(?:commencer|demarrer|debuter|essayer)",
            r"le moins cher pour (?:commencer|demarrer|debuter|essayer)",
            # "je debute, vous me conseillez quoi pour commencer ?"
            r"(?:conseill|recommand)\w* quoi pour (?:commencer|demarrer|debuter)",
            # "c'est quoi le minimum à payer ?", "le minimum qu'on peut acheter"
            r"(?:le )?minimum (?:a|qu.on peut|que je peux|que l.on peut) ?(?:payer|acheter|depenser|"
            r"mettre|deposer)",
            # "faut mettre combien minimum ?", "je dois déposer combien au minimum"
            r"(?:mettre|deposer|payer) combien (?:au )?minimum",
            # "le minimum que je dois dépenser", "le minimum qu'il faut payer"
            r"(?:le )?minimum (?:que je dois|qu.on doit|qu.il faut|que (?:je|j.) ?dois) "
            r"(?:payer|acheter|depenser|mettre|recharger)",
            # "c'est quoi le minimum d'heures à acheter ?", "combien d'heures minimum j'achète ?"
            r"minimum d.heures", r"nombre (?:minimum|minimal) d.heures",
            r"combien d.heures (?:au )?minimum",
        ),
        "OVERKILL_WORDS": (
            r"surdimensionne(?:e|s|es)?", r"excessi(?:f|ve)s?", r"trop (?:puissante?s?|gros(?:se)?s?|de gpus?)",
            r"(?:du |un )?gaspillage", r"plus qu.?assez",
            # "8 h100 pour un lora de 8b, c'est trop ?", "c'est exagéré", "c'est abusé",
            # "disproportionné", "c'est too much": more than the run needs (a question's end for
            # "trop", not "trop cher" or "trop lent").
            r"exagere(?:e|s|es)?", r"(?:c.?est|c.?etait|ce serait|ca serait|ca fait) (?:pas )?(?:un peu |beaucoup )?abuse",
            r"disproportionne(?:e|s|es)?", r"too much(?= ?[?!.]*$)",
            r"(?:c.?est|ce serait|ca serait|ca fait|est-ce) (?:pas )?(?:un peu |beaucoup |vraiment )?trop(?= ?(?:\?|$|ou pas\b|non\b))",
        ),
        "OOM_WORDS": (r"manque de memoire", r"memoire insuffisante", r"erreurs? (?:de )?memoire",
                      r"manque de vram", r"vram insuffisante"),
        "FIX_ASK": (
            r"que faire", r"que (?:dois|puis)-?je faire",
            # "… batch 8, seq 2048, une idée ?", "je fais comment ?", "des pistes ?"
            r"(?:une|des) (?:idees?|solutions?|pistes?|conseils?|astuces?)",
            r"comment (?:je )?(?:fais|faire) ?[?!.]*$", r"je (?:fais|m.y prends) comment",
            r"comment (?:regler|corriger|resoudre|eviter) (?:ca|le probleme|l.?oom|cette erreur)", r"qu.?est-?ce que (?:je (?:fais|peux faire)|j.?fais)",
            # "j'ai un OOM …, qu'est-ce que je change ?", "je fais quoi ?", "quoi changer ?"
            r"(?:je|j.?) ?(?:fais|change|modifie|regle|baisse) quoi", r"(?:que|quoi) (?:changer|modifier|regler|baisser)",
            r"qu.?est-?ce que (?:je )?(?:change|modifie|regle|baisse|dois changer|dois modifier|peux changer)",
            r"qu.?est-?ce qu.?il faut (?:changer|modifier|regler|baisser)",
            r"que (?:dois|puis)-?je (?:changer|modifier|regler|baisser)",
            r"comment (?:je )?(?:regle|corrige|resous|evite) (?:ca|le probleme|l.?oom|cette erreur)",
            r"(?:comment )?(?:le |la |les |l.)?faire (?:rentrer|tenir|passer)",
            r"comment (?:reduire|baisser|economiser|diminuer) (?:la |ma )?(?:memoire|vram|consommation)",
            r"(?:reduire|baisser|economiser|diminuer) (?:la |ma )?(?:memoire|vram|consommation memoire)",
        ),
    },
    stopwords=frozenset({
        # a farewell's wish ("merci, bon week-end": was answered in English, "week" English)
        "bon", "bonne", "week-end",
        # the people a model is served to ("pour 10 personnes", "para 10 personas")
        "personnes", "utilisateurs", "utilisateur", "gens", "equipe", "servir",
        # a dataset, a time or a speed said in French with no other French word ("temps de
        # training llama 3 8b 10M tokens a100" was read as Spanish by its "de")
        "temps", "duree", "mois", "vitesse", "lignes", "exemples", "epoques", "balles",
        # "wesh", "t'es qui ?", "mdr": a word of French alone (was answered in English)
        "wesh", "qui", "t'es", "mdr", "ptdr",
        # "vous acceptez paypal ?", "vous prenez la cb ?", "ça sert à quoi ?"
        "acceptez", "prenez", "demandez", "sert",
        "ai", "aide", "suis", "jsuis", "chui", "jpeux", "jveux", "bah", "svp", "stp", "fais",
        "vite", "fluide", "idee", "pistes",
        # « laisse tomber », « oubliez », « tant pis » said alone
        "laisse", "laissez", "tomber", "oublie", "oubliez", "tant", "grave",
        # "24gb suffisent ?": enough, said of a memory (was read as no language, English)
        "suffisent", "suffira", "suffiront",
        "tourne", "dois", "vais", "marche", "aucune", "moyen", "faisable", "jouable", "aimerais", "alerte", "alertes", "alertez", "alerter", "alors", "assez", "au", "augmente", "aussi", "aux",
        "avec", "avez", "avez-vous", "avoir", "baisse", "baissent", "besoin", "bonjour", "bonsoir",
        "c'est", "ca", "carte", "cartes", "ce", "ces", "cette", "cher", "chere", "cinq", "combien",
        "complet", "contexte", "cout", "coute", "coutent", "coutera", "couterait", "d'un", "d'une",
        "dans", "demi-journee", "deployer", "des", "dessous", "dessus", "deux", "devis", "dis-moi",
        "dix", "donc", "douze", "du", "efface", "effacer", "elle", "entrainement", "entrainer",
        "est", "est-ce", "est-il", "et", "etre", "faire", "fait", "faudrait", "faut", "fine-tuner",
        "hebergement", "heberger", "heure", "heures", "huit", "il", "j'ai", "j'aimerais", "je",
        "jour", "journee", "jours", "l'heure", "laquelle", "le", "lequel", "les", "leur",
        "longueur", "louer", "ma", "mais", "meilleur", "meilleure", "memoire", "merci", "mes",
        "mieux", "milliards", "moi", "moins", "mon", "monte", "n'est", "ne", "neuf", "nous", "ou",
        "paiement", "paire", "parametres", "pas", "passe", "payer", "pendant", "peut", "peut-on",
        "peux", "peux-tu", "pour", "pourquoi", "pouvez-vous", "prevenez-moi", "previens",
        "previens-moi", "prix", "proposez", "puis", "puis-je", "qu'est-ce", "qu'il", "quand",
        "quatre", "quel", "quelle", "quelles", "quels", "quoi", "rentre", "revoir", "rouler",
        "s'il", "salut", "sans", "seize", "semaine", "sept", "seul", "seule", "sont", "sous",
        "suffit", "supprime", "supprimer", "sur", "taille", "tarifs", "tenir", "tient", "tourner",
        "toutes", "trois", "une", "voudrais", "vous",
    }),
)
