"""English: every word the parser reads in English, in one place.

Folded forms (lower case, no accents; see ``normalise.fold``). Fragments are regular
expressions without capturing groups; see ``bot.understand.languages`` for what each concept is.
"""

from __future__ import annotations

from bot.understand.languages import Language

# What becomes of the hours left over ("what happens to the hours i dont use", "what happens to
# the rest if i only use 5", "what if i don't use them all"): whether unused hours expire
# (PAY_STRONG, and asks.LEFTOVER_ASK).
_HOURS_LEFT = (
    # (the rest of what was used: "30 layers on the gpu, what happens to the rest" is no block)
    r"(?:use|used|using)(?![a-z])[^?.!]{0,50}?happens to the rest",
    r"happens to the rest (?:if|when) (?:i|we) (?:only |just )?(?:use|used)",
    r"happens to (?:the (?:unused|remaining|leftover|left over) (?:gpu ?-?)?hours|"
    r"the (?:gpu ?-?)?hours (?:i|we) (?:don'?t|do not|didn'?t|did not|never) use|"
    r"the (?:gpu ?-?)?hours (?:left|left over|remaining)|my (?:unused|remaining|leftover) "
    r"(?:gpu ?-?)?hours)",
    r"if (?:i|we) (?:don'?t|do not) use (?:them |it |the block |the hours )?all",
)

LANGUAGE = Language(
    code="en",
    follow_up=(
        r"and", r"what about", r"how about", r"what if", r"also", r"then", r"and with",
        r"and on", r"and for", r"same but", r"same with", r"same thing but", r"same thing with",
        # "same for 70b", "same on an a100": the run asked again with that changed
        r"same (?:thing )?(?:for|on)", r"ditto for",
        # "switch to qwen2.5 14b", "swap in mistral 7b", "now with qwen", "try it with 4 of them"
        r"switch(?:ing)? to", r"swap(?:ping)? (?:to|in|for)", r"change (?:it )?to", r"now with",
        r"now for", r"try (?:it |that |this )?with", r"same (?:setup|run|config|question) (?:with|for|but)",
        # A correction of the last question ("oops i meant 70b", "sorry, the 13b", "no, 70b"):
        # the same run with what it names instead
        # ... "nvm i meant 13b", "never mind, i meant the 70b" too
        r"(?:(?:oops|whoops|sorry|my bad|no|nah|actually|nvm|never ?mind|wait)[ ,.!]+)*"
        r"i (?:meant|mean)",
        r"oops", r"whoops", r"sorry", r"my bad", r"no", r"nah", r"actually",
    ),
    next_question=(
        r"also", r"and also", r"btw", r"by the way", r"another question", r"one more question",
        r"other question", r"another thing", r"one more thing", r"oh and", r"additionally",
        r"separately", r"unrelated question", r"unrelated",
    ),
    next_question_anywhere=(
        r"and also", r"btw", r"by the way", r"another question", r"one more question",
        r"one more thing", r"oh and also",
    ),
    next_cost=(r"and how much",),
    same_gpu=(
        r"on it", r"on that", r"on this", r"on that one", r"on this one", r"on that card",
        r"on this card", r"on that gpu", r"on this gpu", r"on the same", r"on them",
        r"on those", r"with it", r"with that one", r"in it", r"there",
    ),
    alert_below=frozenset({"below", "under"}),
    alert_above=frozenset({"above", "over"}),
    # Chat shorthand: "what abt 8b", "how abt on 2 h100" (was a new question, the run dropped)
    abbreviations={"abt": "about"},
    alert_fillers=frozenset({"of", "a", "than"}),
    counts={
        "one": 1, "single": 1, "a single": 1, "two": 2, "a pair of": 2, "pair of": 2,
        "a couple of": 2, "couple of": 2, "dual": 2, "three": 3, "four": 4, "quad": 4, "five": 5,
        "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "sixteen": 16,
        "a dozen": 12, "dozen": 12, "half a dozen": 6, "a couple": 2,
        # "with a third 3090", "add a fourth one": the card that makes that many ("a second"
        # is a unit of time as often: "tokens a second on a 3090").
        "a third": 3, "a fourth": 4, "a fifth": 5, "a sixth": 6, "an eighth": 8,
    },
    # Units and tens read before a scale ("seven billion"), see numbers.words_to_digits.
    number_words={
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90,
    },
    hundreds=frozenset({"hundred"}),
    thousands=frozenset({"thousand"}),
    joiners=frozenset({"and"}),
    point_words=frozenset({"point", "dot"}),
    articles=frozenset({"a", "an"}),
    token_multipliers={
        "thousand": 3, "million": 6, "billion": 9, "billions": 9, "trillion": 12,
    },
    commands={
        "help": "help", "prices": "prices", "price": "prices", "pricing": "prices", "pay": "pay",
        "alert": "alert", "alerts": "alert_list", "fit": "fit", "cost": "cost", "quote": "cost",
        "compare": "compare", "memory": "memory", "recommend": "recommend", "best": "recommend",
    },
    words={
        "NUMBER_SCALES": (
            r"billions?", r"millions?", r"trillions?", r"thousand", r"hours?", r"days?", r"weeks?",
            r"parameters?", r"minutes?", r"months?", r"years?",
        ),
        # Asking to see the alerts; NOUN stands for the ALERT_NOUNS.
        "ALERT_LIST": (
            r"(?:what|which|show(?: me)?|list|see|view|display|check) (?:(?:are|is) )?(?:all"
            r" )?(?:(?:of )?my |the |me my )?(?:current |active |price )?NOUN",
            r"my (?:current |active |price )?NOUN",
            r"do i have (?:any )?NOUN",
            r"NOUN (?:do|have) i",
            r"NOUN i (?:have|set|made|created)",
            r"NOUN i've (?:set|made|created)",
        ),
        "ALERT_WHEN_WORDS": (r"when", r"whenever", r"if", r"once", r"as soon as"),
        "RUN_NOUN_WORDS": (r"a", r"the", r"one", r"my", r"this", r"that", r"per", r"each"),
        "OPINION_NOT": (
            r"is not", r"isn't", r"is no", r"ain't", r"won't do", r"doesn't work for me",
        ),
        "OPINION_ARTICLES": (r"the", r"a", r"an", r"my"),
        "OPINION_GOOD": (
            r"best", r"good", r"right", r"ideal", r"option", r"way", r"choice", r"idea",
            r"solution", r"for me", r"what i want",
        ),
        "HOUR_UNITS": (r"hours?",),
        "DAY_UNITS": (r"days?",),
        "WEEK_UNITS": (r"weeks?",),
        "MONTH_UNITS": (r"months?",),
        "YEAR_UNITS": (r"years?(?!-? ?old)", r"yrs?(?!-? ?old)"),  # not "my 2 year old 3090"
        "MONTHLY": (
            r"monthly", r"per month", r"each month", r"every month", r"a month",
            r"(?:for )?the (?:whole|entire|full) month", r"all month(?: long)?",
        ),
        "WEEKLY": (
            r"per week", r"weekly", r"each week", r"every week",
            r"(?:for )?the (?:whole|entire|full) week", r"all week(?: long)?",
        ),
        "DAILY": (
            r"per day", r"daily", r"each day", r"every day", r"per 24 ?h(?:ours)?",
            r"(?:for )?the (?:whole|entire|full) day", r"all day(?: long)?",
        ),
        "HALF_HOUR": (r"half an hour",),
        # Running without a stop, not a duration: "24/7 for a month", "24 hours a day for a week".
        "AROUND_THE_CLOCK": (
            r"24 ?/ ?7", r"24x7", r"24 ?h(?:ours?|rs?)? (?:a|per) day", r"(?:a)?round the clock",
            r"non ?-?stop", r"day and night",
        ),
        "QUARTER_HOUR": (r"(?:a )?quarter of an hour", r"a quarter hour"),
        "THREE_QUARTERS_HOUR": (r"three[ -]quarters of an hour",),
        "SIZE_UNITS_BILLION": (r"billions?",),
        "SIZE_UNITS_MILLION": (r"millions?",),
        "PARAM_WORDS": (r"parameters?",),
        "VRAM_UNITS_GB": (r"gigs?", r"gigabytes?"),
        "VRAM_UNITS_TB": (r"terabytes?",),
        # ... and chat's misspellings: "300 dollers", "300 dolars" (was no sum read)
        "MONEY_AFTER": (r"dollars?", r"bucks?", r"dollers?", r"dolars?", r"us dollars?"),
        "MONEY_CENTS": (r"cents?",),
        "PERCENT_UNITS": (r"percent", r"per cent"),
        "GPU_NOUNS": (r"cards?", r"graphics cards?"),
        "NEGATION_BEFORE": (
            r"without", r"w/o", r"not", r"no", r"nor", r"never", r"instead of", r"rather than",
            r"other than", r"except", r"apart from", r"avoid\w*", r"don't want", r"do not want",
            r"don't use",
        ),
        "NEGATION_FILLERS": (
            r"a", r"an", r"the", r"any", r"use", r"using", r"with", r"do", r"doing", r"to",
            r"want", r"go", r"in", r"at", r"load", r"loaded", r"loading", r"quanti[sz]ed",
        ),
        "INFERENCE_STRONG": (
            r"inference", r"serve", r"serving", r"deploy\w*", r"host", r"hosting", r"chat with",
            r"generate", r"generation", r"hosted", r"put (?:it )?in prod",
            # "which gpu generates fastest for llama 3 70b": generating tokens is serving them
            r"generates", r"generating",
            # Speculative decoding drafts tokens for a model being served.
            r"speculative(?: decoding)?", r"draft model", r"as (?:the |a )?draft",
        ),
        "INFERENCE_WEAK": (r"run", r"runn?ing", r"runs", r"use", r"load", r"best (?:\w+ )?(?:models?|llms?)",
                           # "how long does llama 70b take to respond on 2x h100": serving it
                           r"respond\w*", r"repl(?:y|ies|ying)",
                           # "is a 3060 enough for llms", "good for local ai": running them
                           r"(?:good|enough|ok|okay|decent|fine|usable) (?:enough )?for (?:local )?(?:llms?|ai)",
                           # "can my 3080 handle llama 3 8b for chat", "as a chatbot": using it
                           r"for (?:a )?(?:chat|chatting|chatbot|chats)", r"as an? (?:chat ?bot|assistant)",
                           r"chatting"),
        "TRAINING_WORDS": (r"train\w*", r"tuning"),
        "ALERT_NOUNS": (r"alerts?", r"price alerts?", r"notifications?", r"subscriptions?"),
        "ALERT_REMOVE_VERBS": (
            r"remove", r"delete", r"cancel\w*", r"stop", r"unsubscribe", r"turn off",
            r"switch off", r"disable", r"clear", r"get rid of", r"kill", r"mute", r"erase",
            r"unalert", r"no more", r"don't want (?:any )?(?:more )?",
        ),
        "ALERT_STOP": (
            r"stop (?:alerting|notifying|pinging|messaging|warning) me", r"unsubscribe\w*",
            # "don't notify me about the h100 anymore" (was an alert on every change)
            r"(?:don'?t|do not|no need to) (?:notify|alert|ping|message|warn) me "
            r"(?:[a-z0-9'$.,-]+ ){0,5}?(?:anymore|any more)",
        ),
        "ALERT_ALL": (r"all", r"every", r"everything"),
        # an alert on every GPU priced, no card named: "if any gpu gets cheaper", "when prices
        # change", "on all your gpus"
        "ALERT_ANY_GPU": (
            r"any (?:of (?:your|the) )?(?:gpus?|cards?|prices?)", r"(?:any|a) price",
            r"(?:all|every) (?:of )?(?:your |the )?(?:gpus?|cards?|prices)",
            r"(?:the |your )?(?:gpu )?prices",
        ),
        "THANKS_WORDS": (
            r"thanks?", r"thank you", r"thx", r"thnx", r"ty", r"tysm", r"cheers",
            r"much appreciated", r"appreciated?", r"thanks a lot",
        ),
        "BYE_WORDS": (
            r"bye", r"goodbye", r"good bye", r"bye bye", r"see you", r"see ya", r"cya", r"later",
            r"good night",
        ),
        "ACK_WORDS": (
            r"cool", r"nice", r"great", r"perfect", r"awesome", r"got it", r"understood",
            r"sounds good", r"good", r"fine", r"wow", r"excellent", r"yes", r"yep", r"yeah",
            r"sure",
            # "never mind", "forget it": nothing more asked (was "I did not understand")
            r"never ?mind", r"nvm", r"forget (?:it|that|about it)", r"no worries",
        ),
        "SOCIAL_FILLERS": (
            r"a lot", r"so much", r"very much", r"again", r"guys", r"man", r"mate", r"bot", r"you",
            r"that's all", r"that is all", r"for now", r"for the help", r"for your help", r"all",
            r"so", r"and", r"then", r"well", r"it", r"that", r"really", r"the bot", r"there",
            r"everyone", r"all good", r"thanks again", r"cool",
            r"(?:that|this|it|you) (?:helped|helps?|was|is|are|were)(?: (?:very|super|really|so))?(?: helpful)?",
            r"(?:very |super |really |so )?helpful",
            r"for (?:the |your |that |this )?(?:info|infos|information|answers?|explanation)",
        ),
        "CATALOGUE_QUESTION": (
            r"(?:what|which) (?:gpus?|cards?|hardware|instances?|machines?) (?:do|can) (?:you|u|y'all) (?:have|offer|rent|provide|sell|support)",
            r"(?:what|which) (?:gpus?|cards?|hardware|instances?) (?:are|is) (?:available|offered|on offer)",
            r"(?:what|which) do you (?:have|offer|rent)", r"available gpus?", r"gpus? available",
            r"gpus? (?:do|can) you (?:have|offer|rent)", r"(?:do you have|you got) (?:any )?gpus?",
            r"lineup", r"inventory",
            # Accelerators that are not GPUs: the answer is the list of what is rented.
            r"(?:do you (?:have|offer|rent|support)|can i (?:rent|use|get)|you got|any) (?:a |any )?"
            r"(?:tpus?|tpu v\d\w*|gaudi ?\d?|trainium\d?|inferentia\d?|ipus?|npus?)",
        ),
        "ALERT_WORDS": (
            r"alert\w*", r"notify", r"notif\w*", r"ping me", r"warn me",
            r"message me", r"remind me", r"subscribe\w*",
            r"watch (?:the )?prices?", r"track (?:the )?prices?", r"follow (?:the )?prices?",
        ),
        "ALERT_TELL": (r"let me know", r"tell me (?:when|if|once)"),
        "ALERT_MOVE_DOWN": (
            r"drops?", r"dropped", r"dropping", r"falls?", r"goes down", r"go down",
            r"gets cheaper", r"decreases?", r"dips?", r"lowers?", r"cheaper",
        ),
        "ALERT_MOVE_UP": (r"rises?", r"goes up", r"go up", r"increases?", r"climbs?"),
        "DIRECTION_BELOW": (
            r"below", r"under", r"(?<!no )(?<!not )less than", r"lower than", r"beneath", r"cheaper than",
            r"(?:drops?|falls?|goes|dips?|gets) (?:below|under|to)", r"(?<!no )(?<!not )less", r"lower",
            r"at most", r"at the most", r"(?:no|not) more than", r"max(?:imum)?",
            r"drops? to", r"falls? to",
        ),
        "DIRECTION_ABOVE": (
            r"above", r"over", r"more than", r"higher than", r"exceeds?",
            r"at least", r"(?:no|not) less than",
            r"(?:rises?|goes|climbs?) (?:above|over|to)", r"rises? to", r"more", r"higher",
        ),
        "PAY_STRONG": (
            # "pays" only after who pays: "dans quel pays sont les serveurs" is a country
            # ... not a price paid elsewhere: "i pay 0.39/hr for a 3090 on vast, how does that
            # compare", "paying 1.99/hr for h100 on runpod" weigh our price (was how to pay us)
            r"pay(?:ing)?(?! \$?\d[\d.,]*\$? ?(?:usd |dollars? |bucks )?(?:/ ?|per |an? )(?:h|hr|hrs|hours?)(?![a-z]))",
            r"(?:who|it|one|he|she|that|which) pays", r"payment", r"payments",
            # not what a card cost: "i paid $700 for my 3090, can it qlora …" (was how to pay us)
            r"paid(?! (?:[$\d][\d.,k$]*|\s{2,}) *(?:bucks |dollars |usd )?(?:for|on) (?:my|a|an|the|this|"
            r"one|two) (?:used |new )?gpus?(?![a-z]))", r"payable", r"top\s?-?\s?up",
            # "ok book it", "how do i book one?", "i'll take it" after a run priced: how to get
            # it is paying on the website (was "I did not understand")
            r"book (?:it|that|this|them|one|an? (?:instance|gpu|block))",
            r"^book the(?![a-z])",
            r"(?:ok|okay|so|then|pls|please|let'?s|i'?ll|i will|i want to|can i|can we) "
            r"book the(?![a-z])",
            r"how (?:do|can) (?:i|we) (?:book|order)", r"(?:i'?ll|i will|we'?ll) take it", r"deposit\w*", r"wallet", r"credit cards?", r"debit cards?",
            # not LLaMA-Factory's example dataset ("dataset: identity,alpaca_en_demo")
            r"no id", r"(?<!dataset: )identity(?! ?,)", r"anonym\w*", r"passports?",
            # "can i use usdc?": a coin to pay with (was serving a model)
            r"use (?:some |my )?(?:btc|bitcoins?|usdt|tether|usdc|eth|ether(?:eum)?|sol|solana|ltc|litecoin|xmr|monero|cryptos?)",
            # "do i need to give my id?": the page asks none
            r"(?:give|show|send|upload|need|requires?|ask for|asking for) (?:my |an? |your |any |"
            r"the )?ids?(?![a-z])",
            # "do gpu hours expire": the payment answer says unused GPU-hours never do.
            r"expire", r"expires", r"expiring", r"expiry", r"expiration",
            # "if i only use 5 of a 24h block, do i lose the rest?": the same answer
            r"lose (?:the rest|them|the (?:unused|remaining|leftover) (?:ones|hours)|my (?:unused |remaining )?hours)",
            *_HOURS_LEFT,
        ),
        "HOURS_LEFT": _HOURS_LEFT,
        "COMPARE_WORDS": (
            r"versus", r"or", r"better", r"faster", r"difference\w*", r"which", r"between",
        ),
        "RECOMMEND_WORDS": (
            r"(?:best|cheapest|cheaper|ideal|optimal|recommended|right) (?:\w+ ){0,2}?gpus?",
            r"(?:which|what) (?:kind of |type of |sort of |size of |single |one )?gpus?"
            r"(?![ _-]?mem(?:ory)?[ _-]?util)",  # "what gpu-memory-utilization": vLLM's share
            # "which card do i need?" (a card named is blanked "gpu"; this word is not)
            r"(?:which|what) (?:kind of |type of )?(?:graphics )?cards?",
            r"(?:best|cheapest|ideal|optimal|right) (?:option|setup|config\w*|choice|instance|card|way)",
            r"recommend\w*", r"suggest\w*", r"cheapest",
            r"(?:what|which) (?:setup|config\w*|instance|hardware)",  # "… by tomorrow, what setup"
            r"what should i (?:rent|use|pick|get|choose)",
            # "what's the smallest thing i can rent that runs …", "what can i rent for it"
            r"(?:smallest|cheapest|least|minimum|what|which)(?: [\w']+){0,3}? (?:i|we) "
            r"(?:can|could|should|need to|have to|gotta|would|do) rent",
            r"(?:what|which)(?: [\w']+){0,2}? (?:can|could|should|do|would) (?:i|we) rent",
            r"which (?:one|card|instance|config\w*|setup) should", r"how many gpus?",
            r"how many (?:cards|instances)", r"pick|choose", r"most suitable", r"best suited",
            r"cheap gpus?", r"bang for (?:the |your |my )?buck", r"best value",
            # "any gpu for like $2/hr??", "any card under 3 bucks an hour": which one the limit
            # rents (was not understood)
            r"any (?:gpus?|cards?|instances?) (?:for|under|below|at|around|between|within)",
            # "is there anything between 4 and 5 dollars an hour", "anything under $1/hr?"
            r"anything (?:under|below|between|within)",
            # "what can i get for $2.50/hr", "what could we afford with 3 bucks an hour"
            r"what (?:can|could) (?:i|we) (?:get|afford)(?= (?:for|with|at|under)(?![a-z]))",
            # "rent me something for llama 3 405b inference", "get me a gpu for …", "what do i
            # rent for …": the configuration to rent (was the memory list)
            r"(?:rent|get|find|give|spin up) me (?:something|a gpu|a card|an instance|a box|a setup|one)",
            r"(?:what|which) (?:do|would) (?:i|we) (?:rent|need to rent)",
            r"most cost[ -]?effective", r"best price[ /-]?(?:to[ -])?performance", r"best bang",
        ),
        "DURATION_QUESTION": (
            r"how long", r"how many hours", r"how many days", r"how much time",
            r"(?:estimated|expected|total|training|rough|approximate) (?:training |run )?time",
            r"time (?:estimate|to (?:train|finetune|fine-tune)|it (?:takes|would take)|needed)",
            # "-> time + vram?", "time and memory?": both asked; the time answer shows memory
            r"time ?(?:\+|&|/|,|and) ?(?:vram|memory|mem)",
            r"(?:vram|memory|mem) ?(?:\+|&|/|,|and) ?time",
            r"eta", r"(?:would|will|does) it take (?:days|hours|weeks)",
            # "would it take more than a day to …", "will it take under 10 hours": the time
            # weighed against a span is asked
            r"(?:would|will|does|did|could) it take (?:more|less|longer|under|over)",
            r"take (?:more|less|longer) than (?:a|an|one|\d+) ?(?:days?|hours?|h|weeks?|nights?)",
            # "dataset: 250k rows. model: qwen2.5 7b. method: lora. gpu: a100. time?", "…,
            # duration?": the run's facts listed, then the time asked in one word
            r"(?<!enough )(?<!any )(?<!first )(?<!free )(?<!same )(?<!what )"
            r"(?:training |run |job )?(?:time|duration) ?\?", r"(?:training|run|job) duration",
            # "…|1 epoch — hours?", "…, 100M tokens, hours?": the hours asked in one word, after
            # no word (not "for 10 hours?", "how many hours?": hours said, or asked already)
            r"(?<![a-z0-9] )(?:gpu ?-? ?)?(?:hours|hrs) ?\?",
            # "time for 1 epoch of 20k samples?", "…, time for 3 epochs?", "epoch time?" (the
            # counts are blanked by then: "time for of", "time for ?")
            r"(?<!first )(?<!last )(?<!next )(?<!same )(?<!any )(?<!some )time (?:for|per)",
            r"(?:per[ -])?epoch time",
            # "fits & hours for 3 epochs of 8k samples?", "vram and hours per epoch": the hours
            # asked after another question (was the fit alone)
            r"(?:(?<=[&+,] )|(?<=and ))(?:gpu ?-? ?)?(?:hours|hrs) (?:for|per|needed|it takes)",
            # "gpu hours needed for qlora mistral 7b on 20M tokens"
            r"gpu ?-? ?hours? (?:needed|required|it takes|would it take)",
            r"(?:needed|required|estimated) gpu ?-? ?hours?",
            r"how (?:fast|quickly) (?:can|could|would|will) (?:i|we|you|it) "
            r"(?:train|finetune|fine-tune|fine tune|qlora|lora|finish)",
        ),
        "COST_WORDS": (
            r"cost\w*", r"how expensive", r"quote", r"budget", r"total price",
            # ... but "estimate vram for llama 3.2 3b full finetune bs 16 seq 1024", "vram
            # estimate for …", "estimate how much memory …" ask the memory (were a run's cost
            # at illustrative hours)
            # ... nor "your estimate says it fits but i oom", "the bot estimate is wrong": the
            # estimate given, quoted back (was a run's cost at illustrative hours, the OOM unread)
            r"(?<!vram )(?<!memory )estimate\w*(?![^?.!;]{0,30}?(?<![a-z])(?:vram|memory|mem)(?![a-z]))"
            r"(?! (?:says?|said|shows?|showed|told|gave|claims?|claimed|is|was|seems|looks)(?![a-z]))",
            r"(?:price|cost) (?:of|for) (?:a|the|my|one) (?:run|training|fine\w*|job)",
            # "full ft vs lora, which is cheaper on 50M tokens": what each run costs.
            # ("how much cheaper than runpod" asks our price against others': the price list)
            r"cheaper(?! (?:[a-z]+ ){0,3}than)", r"less expensive(?! (?:[a-z]+ ){0,3}than)", r"cheapest (?:way|option|method|run)",
            # "what's the bill", "what would the bill be", "set me back", "what damage": spoken cost
            r"(?:what(?:'?s| is| would be| will be)|how (?:big|much) (?:is|would be|will be)) the bill",
            r"the bill (?:be|come to|look like)", r"set me back",
            r"what(?:'?s| is| would be| will be) the damage",
        ),
        "HOW_MUCH": (r"how much", r"what(?:'s| is| would be) the (?:price|total)"),
        "RATE_WORDS": (r"per hour", r"an hour", r"hourly", r"/ ?hour", r"per hr", r"rate"),
        "FIT_STRONG": (
            r"fits?", r"fitting", r"enough", r"sufficient", r"big enough", r"handle", r"squeeze",
        ),
        "MEMORY_WORDS": (
            # "how much gpu do i need" (not "how much h100?": the card named is read as "gpu"
            # by then, and asks its price)
            r"memory", r"how much gb", r"how much gpu(?= (?:memory|ram|vram|power|do|does|would|will"
            r"|is needed|needed|i need|we need|you need|required))",
            r"how many (?:gb|gigs?|gigabytes)", r"footprint",
            r"requirements?",
            # "how much does mistral 7b take in fp16", "how much space does it take up": its size
            r"how much (?:space|room|disk)",
            r"take (?:up )?(?:in|at) (?:fp|bf|int|q)\d+", r"take (?:up )?(?:in|at) \d+ ?-?bits?",
            r"how much (?:does|do|would|will) [a-z0-9 .:-]{1,40} (?:weigh|take up|occupy)",
        ),
        "PRICE_WORDS": (
            # "learning_rate: 2e-4", "learning rate 1e-5" in a pasted config: a setting, not a
            # price (was a cost of 24 illustrative hours leading a fit question)
            r"prices?", r"pricing", r"price list", r"(?<!learning )(?<!learning_)rates?",
            r"tariffs?", r"how much is an?",
            r"rent", r"rental", r"renting", r"rented",
            # "any discount for long rentals": the list says blocks are at the same hourly rate
            r"discounts?", r"volume pricing", r"bulk pricing",
            # "are you cheaper than runpod?": our prices, with the references the page names
            r"(?:cheaper|less expensive) than (?:elsewhere|others?|the competition|other "
            r"(?:providers?|clouds?|sites?)|aws|gcp|azure|runpod|vast(?:\.ai)?|lambda(?: labs)?|"
            r"coreweave|paperspace|colab|google cloud)",
        ),
        "HELP_WORDS": (
            r"help", r"what can you do", r"what do you do", r"how does (?:this|it) work",
            r"who are you", r"what are you",
            r"commands?", r"start", r"instructions",
        ),
        "GREETINGS": (
            r"hi", r"hello", r"hey", r"hiya", r"howdy", r"yo", r"good morning", r"good afternoon",
            r"good evening", r"how are you", r"hi there", r"hello there",
        ),
        "DETAILS_WORDS": (
            r"details?", r"detailed", r"breakdown", r"break it down", r"step by step",
        ),
        # "turn off gradient checkpointing", "with gradient checkpointing turned off" (were read on)
        "GRAD_CKPT_OFF_BEFORE": (
            r"without", r"not", r"w/o", r"disable\w*", r"(?:turn|turning|turned|switch|switching) off",
        ),
        "GRAD_CKPT_OFF_AFTER": (r"off", r"disabled", r"(?:turned|switched) off"),
        # The three question shapes of bot.understand.asks: the largest model a memory holds,
        # "how many ... do I need", and a budget with what it buys.
        "LARGEST_WORDS": (
            # "lm studio on a 16gb macbook, what models?", "which llms with ollama on my 3060":
            # what it holds, largest first (was "Which model?", infer22)
            r"(?:what|which) (?:models?|llms?) ?\?*$",
            r"(?:what|which) (?:models?|llms?) (?:with|in|on|for) (?:ollama|lm ?studio|llama\.?cpp|"
            r"llama-server|koboldcpp)(?![a-z])",
            r"larg(?:e|)st", r"bigg?est", r"biggets", r"max(?:imum)? (?:model|size|llm|params?)",
            r"how big (?:a |of a )?(?:model|llm)",
            # "what size model can i qlora on an L4", "what size of llm fits": the largest.
            r"what size(?:d)? (?:of )?(?:a )?(?:models?|llms?)",
            # "what can I fine-tune on my 3090", "which models can I run on 24gb": the largest
            # answers it (everything smaller fits too).
            r"what (?:models? |llms? )?(?:can|could) i (?:(?:full|fully) )?(?:fine ?-?tune|finetune|"
            r"train|run|serve|lora|qlora|fit|host|load)",
            r"(?:what|which) (?:models?|llms?) (?:can|could|will|would) (?:i|we|fit|run)",
            # "which model should i finetune on my 4090", "what llm to train on a 3090", "which
            # model is best to fine tune on 24gb": what fits, largest first (was "Which model?").
            r"(?:what|which) (?:base )?(?:models?|llms?) (?:(?:should|shall|do) (?:i|we) |to |"
            r"(?:is|are|would be) (?:the )?(?:best|good|ideal|right) (?:to |for )?)"
            r"(?:fine ?-?tune|finetune|train|lora|qlora|fine ?-?tuning|finetuning|training)(?![a-z])",
            # "just got a macbook pro m3 max 64gb what llm should i run": the largest to run.
            r"(?:what|which) (?:models?|llms?) (?:should|shall|do) (?:i|we) (?:run|serve|host)(?![a-z])",
            # "what can i do with a 3090": what it holds, largest first (was its price)
            # "i have a 3080 10gb, what can i do with it?": the card said before it
            r"what (?:can|could) (?:i|we) (?:do|run) with (?:it|this|that|them|those)(?![a-z])",
            r"what (?:can|could) (?:i|we) (?:do|run|use) with(?= (?:a |an |my |the |one |two |\d+ ?x ?)?"
            r"(?:gpu|gp|card)s?(?![a-z]))",
            # "whats possible with a 3060 12gb", "what are my options with 8gb vram", "how far can
            # i go with a 4090", "what llms can it train?", "what models are realistic", "can i do
            # anything useful for finetuning": what the card holds, largest first (was "Which
            # model?", or "Got it" for a card said with a question)
            r"what(?:'?s| is| are)? (?:possible|doable|feasible|realistic) (?:(?:to (?:do|run|train)"
            r"|for (?:llms?|\w+ing)(?: llms?| models?)?) )?(?:with|on)(?![a-z])",
            r"(?:what|which) (?:are )?(?:my|the|our) options (?:with|on|for)(?![a-z])",
            r"how far (?:can|could) (?:i|we|you) (?:go|push (?:it|this|that)?)(?![a-z])",
            r"(?:what|which) (?:models?|llms?) (?:can|could|will|would) (?:it|this|that|they) "
            r"(?:run|fine ?-?tune|finetune|train|handle|hold|fit|load)(?![a-z])",
            r"(?:what|which) (?:models?|llms?|sizes?) (?:are|is) (?:realistic|feasible|doable|"
            r"possible|viable)",
            r"(?:can|could) (?:i|we) do anything (?:useful|meaningful|worthwhile|serious|"
            r"interesting|decent|real)(?![a-z])",
            # "can I finetune anything on my 1080?", "is there anything I can qlora on a 3060?"
            r"(?:fine ?-?tune|finetune|train|lora|qlora|run) anything",
            # "is an rtx 3060 12gb good for learning to fine-tune llms?", "is my 4070 enough for
            # finetuning": what it holds answers it (was "Which model?")
            r"(?:good|enough|ok|okay|decent|worth it|any good) (?:enough )?for (?:learning (?:to |how to )?"
            r"|getting started (?:with |in )?|starting (?:with )?|beginners? (?:in )?)?(?:fine ?-?tun\w*"
            r"|finetun\w*|training llms?|training models?|llms?|local llms?|running llms?|ai stuff)(?![a-z])",
            # "what can my gtx 1080 ti run", "my 3060 can run what": the card is the subject
            # (was "Which model?")
            # (the card is read as "gpu" by then: "what can my gpu run")
            r"what (?:can|could|will|would) (?:(?:my|a|an|the|this|these|those|both|one|two|\d+|"
            r"a pair of|my (?:two|2|new|old)) )?(?:gpus?|cards?|rig|setup|machine|pc|laptop|mac) "
            r"(?:run|fine ?-?tune|finetune|train|handle|hold|fit|load)(?![a-z])",
            r"(?:can|could) (?:run|fine ?-?tune|finetune|train|handle|hold|fit|load) what(?![a-z])",
            # "can i do anything with a 1060 6gb?": what it holds (was its price)
            r"(?:can|could) (?:i|we) do anything (?:with|on)(?![a-z])",
            # "is my 4060 ti 8gb good for anything?", "is it any use?": what it holds
            r"(?:good|useful|usable) for anything", r"any use(?! of)",
            # "is 8gb vram enough for anything", "what can i do with 8gb": what that memory holds
            # (was "Which model?")
            r"(?:enough|ok|okay|decent|fine) for anything(?![a-z])",
            # (the memory itself is blanked by then: "what can i do with vram")
            r"what (?:can|could) (?:i|we) (?:do|run|use|train|fine ?-?tune|finetune) with (?:(?:only|"
            r"just) )?(?:of )?(?:vram|gpu memory|video memory)(?![a-z])",
            # "can my mac m2 16gb finetune a small model?": the largest it holds answers it
            r"(?:a|any|some) small(?:ish)? (?:models?|llms?)",
            # "rtx 3050 4gb any llm possible?", "any models doable on a 1060?"
            r"any (?:llms?|models?) (?:possible|doable|usable|at all|worth running|(?:i|we) "
            r"(?:can|could) (?:run|fine ?-?tune|finetune|train))",
            r"anything (?:i|we) (?:can|could) (?:fine ?-?tune|finetune|train|lora|qlora|run)",
            # "best model for 2x 3090", "best llm i can run on a 4090": what fits, largest first
            # "best model for 12gb vram", "best coding model for a 3060", "best llm for coding on
            # 24gb": the hardware after it may come late or be blanked already.
            r"best (?:(?:local|coding|code|small|open|open ?-?source|uncensored|chat) )?"
            r"(?:models?|llms?) (?:(?:that )?(?:i|we) (?:can|could) (?:run|fit|host|"
            r"serve|load|use|fine ?-?tune|finetune|train)|(?:for|on|with|under|in)(?![a-z])"
            r"|to (?:run|fit|host|serve|load|use|fine ?-?tune|finetune|train|lora|qlora))",
            # "is the a10g good for fine tuning", "is a 3060 enough for llms": what it holds,
            # largest first (the card is blanked to "gpu" by then).
            r"(?:is|are) (?:the |a |an |my |this |that )?(?:gpu|card|gp)s? (?:any |really |even )?"
            r"(?:good|ok|okay|enough|decent|fine|worth it|usable|viable|capable|suitable)"
            r"(?: enough)? for (?:fine ?-?tun\w*|finetun\w*|train\w*|lora|qlora|llms?|ai|local ai"
            r"|inference|running (?:llms?|models?|local (?:llms?|models?)))",
            # "can i finetune on a 3090", "could i train llms on my 4070": no model between the
            # verb and the card, so what it holds, largest first.
            r"(?:can|could) (?:i|we|you) (?:even )?(?:fine ?-?tune|finetune|train|lora|qlora)"
            r"(?: (?:llms?|models?|stuff|ai))? (?:on|with) (?:the |a |an |my |this |that |one )?"
            r"(?:amd |nvidia |(?:geforce )?rtx |radeon )?(?:gpu|card|gp)s?(?![a-z])",
        ),
        # A card's own figures asked, no model: its memory, bandwidth, peak, price.
        # "is it cheaper to fine tune on an h100 or an a100": which costs less for the work,
        # asked of a comparison (its per-run cost verdict leads).
        "CHEAPER_WORDS": (
            r"cheaper", r"less expensive", r"(?:more )?cost[ -]?effective", r"better value",
            r"bang for (?:the|your|my|our) buck", r"costs? less", r"saves? (?:more )?money",
            # "which one should i pick": the per-run verdict is what decides between the two
            r"which (?:one |card |gpu )?(?:should|would|do|shall) (?:i|you|we) (?:pick|choose|get|rent|"
            r"go (?:for|with)|use|take|recommend)",
            r"which (?:one |card |gpu )?is (?:the )?(?:better|best) (?:deal|choice|option|pick|buy)",
            # "is it worth renting h100 vs a100 for lora 8b, time and money": what a run costs
            # on each decides it (was the speeds alone, the per-run cost last)
            r"(?:is it |it'?s |is that |is the \w+ )?worth (?:it|the (?:money|price|extra|cost|"
            r"premium)|renting|paying(?: for)?|the upgrade)",
            r"time and money", r"value for (?:the )?money", r"price[ /-]?(?:to[ -])?performance",
            r"perf(?:ormance)? per (?:dollar|\$)",
        ),
        "SPECS_WORDS": (
            r"specs?", r"specifications?", r"spec sheet", r"datasheet", r"memory bandwidth",
            r"bandwidth", r"t?flops",
            r"how much (?:vram|memory|ram|gb) (?:does|dose|dos|do|has|have|is|'?s)",
            r"how many (?:gb|gigs?|gigabytes) (?:of (?:vram|memory) )?(?:does|do|has|is)",
            r"(?:vram|memory) of (?:the |a |an |my )?(?:gpu|gp)", r"tell me about",
            # "how much vram on the b200?" (the card last: not a run's memory on it)
            r"how much (?:vram|memory|gb) (?:on|in) (?:the |a |an |your |this )?(?:gpu|gp)s?[\s?.!]*$",
            # "a10g how much vram", "titan rtx vram?" (the card first, nothing after: its memory)
            r"^ *(?:the |a |an |my )?(?:gpu|gp)s? *,? (?:how much |total )?(?:vram|memory)"
            r"(?: (?:does it|do they) have| has it)?[\s?.!]*$",
        ),
        # Whether a card computes in FP8 or BF16 (the card blanked "gpu").
        # BF16 chosen against FP16 on a card ("fp16 or bf16 on a 3090?", "can i use bf16 on a
        # p40", "should i use fp16 or bf16 for lora"): whether the card has BF16, also beside a
        # training method.
        "PRECISION_CHOICE_ASK": (
            r"(?:fp16|fp32) (?:or|vs\.?|versus) bf16", r"bf16 (?:or|vs\.?|versus) (?:fp16|fp32)",
            r"(?:can|should|could|do) i (?:use|train (?:in|with)|run (?:in|with)|enable|turn on) bf16",
        ),
        "PRECISION_ASK": (
            r"(?:does|do|can|will|would) (?:the |a |an |my |this |that |your )?(?:gpu|gp)s? "
            r"(?:have|has|support|do|run|handle|got) (?:native |hardware |real )?(?:fp8|bf16)",
            r"(?:fp8|bf16) support(?:ed)?", r"supports? (?:native )?(?:fp8|bf16)",
            # "does my 3090 support flash attention 2", "is flash attention 2 supported on a
            # v100", "can a t4 use fa2" (was the price list, "no price to quote")
            r"(?:does|do|can|will|would) (?:the |a |an |my |this |that |your )?(?:gpu|gp)s? "
            r"(?:have|has|support|run|handle|use|do) (?:flash[ _-]?(?:attention|attn)|fa) ?-?2",
            r"(?:flash[ _-]?(?:attention|attn)|fa) ?-?2 (?:is |even )?(?:supported|support|work|"
            r"works|run|runs|available) (?:on|with|for) (?:the |a |an |my )?gpu",
            r"(?:can|could) (?:i|we) (?:use|run|enable) (?:flash[ _-]?(?:attention|attn)|fa) ?-?2 "
            r"(?:on|with) (?:the |a |an |my )?gpu",
        ),
        "HOW_MANY": (r"how many",),
        # ... or with the job right after the cards: "how many T4s to serve 70B".
        "HOW_MANY_FOR": (
            r"how many (?:(?:gpus?|cards?) ){0,2}(?:to|for)",  # "how many h100 gpus for"
            # ... or last, the card named before ("llama 405b in fp8, how many h100?")
            # ("… how many gpus lol", "how many cards pls")
            r"how many(?: (?:gpus?|cards?|of them))?"
            r"(?: (?:lol|lmao|haha\w*|pls|plz|please|bro|xd))* ?[?.!]*$",
            # ... or before another question ("how many h100s and what would it cost")
            r"how many (?:(?:gpus?|cards?) ){0,2}?(?:gpus?|cards?)(?= ?,| and | ?&)",
        ),
        "NEEDED": (r"need\w*", r"require\w*", r"does it take", r"would it take", r"it takes"),
        # "biggest model i can qlora w/ 50 bucks": "w/" is "with"
        "BUDGET_WORDS": (r"i have", r"i got", r"ive got", r"budget", r"for", r"with", r"w/",
                         # "biggest model i could full fine tune w 200 bucks": chat's "w"
                         # (the sum is blanked by then; "w/o" is without)
                         r"w(?!/o)",
                         # "i've got about 200 bucks", "we have 500", "got ~200 bucks, …"
                         r"i'?ve got", r"i'?ve", r"we (?:have|got)", r"we'?ve got", r"^got",
                         # "what if i only have $50", "i just got 30 bucks" (was a sum with
                         # no budget word: "I did not understand" after a run's cost)
                         r"(?:i|we) (?:only|just) (?:have|got)", r"i'?ve only got",
                         # "is $40 enough to qlora mistral 7b", "is 50 euros enuff" (chat's)
                         r"enough", r"enuff?"),
        # Renting a card against buying one (bot.understand.asks.RENT_BUY): "rent or buy a
        # 4090", "buy vs rent", "should i buy a 3090 or rent", "is it worth buying a 4090".
        # Hardware of one's own, to buy or run at home (bot.understand.asks.LOCAL): "what gpu
        # should i buy", "run it locally", "at home", "home lab", "build a rig". Buying needs a
        # machine beside it: "buy 24 hours" buys GPU-hours from us.
        "LOCAL_ASK": (
            r"locally", r"local (?:llm|ai|inference|setup|machine|hardware|rig|box|pc|build)",
            r"run (?:it |them )?local", r"at home", r"home ?-?lab", r"home (?:setup|server|rig|pc|build|machine)",
            r"on[- ]prem(?:ise|ises)?",
            r"(?:my|our) own (?:hardware|gpus?|cards?|machine|rig|pc|computer|server|setup|workstation)",
            r"(?:buy|purchase|build)(?:ing)? (?:me |myself )?(?:a |an |one |two |2 |my own |some |the )?"
            r"(?:new |used |second ?-?hand )?(?:gpus?|cards?|graphics cards?|video cards?|mac|macs|rig|pc|"
            r"machine|workstation|server|setup|computer|hardware|box)"
            # GPU-hours bought from us are not: "buy gpu hours", "buy a gpu hour block"
            r"(?! ?-?(?:hours?|hrs?|time|credits?|blocks?|minutes?|compute|access))",
            r"(?:gpus?|cards?|graphics cards?|video cards?|mac|rig|pc|machine|workstation|setup|hardware)"
            r" (?:(?!hours?|hrs?|credits?|time)[a-z]+ ){0,3}(?:buy|purchase|build)",
        ),
        "RENT_BUY_ASK": (
            r"rent(?:ing)? (?:or|vs\.?|versus) (?:to )?buy(?:ing)?", r"buy(?:ing)? (?:or|vs\.?|versus) (?:to )?rent(?:ing)?",
            r"(?:buy|purchase)(?:ing)? (?:[a-z0-9$.,]+ ){0,6}?(?:or|vs|instead of|rather than) (?:just )?rent(?:ing)?",
            r"(?:worth|better) (?:it )?(?:to )?(?:buy|buying|purchase|purchasing) (?:a |an |my own |one |own )?(?:gpu|card)",
            r"rent(?:ing)? (?:a |an )?(?:gpu|card) (?:or|vs|instead of|rather than) (?:buy|get)(?:ing)?",
            r"break ?-?even",
            # "when does buying beat renting", "buying pays off vs renting": the break-even
            r"buy(?:ing)? (?:[a-z0-9$.,]+ ){0,6}?(?:beats?|pays? off|is cheaper|wins?) "
            r"(?:over |than |vs\.? )?rent(?:ing)?",
            r"rent(?:ing)? (?:is )?(?:cheaper|beats?|wins?) (?:than |over )?buy(?:ing)?",
        ),
        "BUDGET_ASK": (
            r"how many (?:[a-z0-9]+ ){0,3}(?:hours?|hrs?)", r"how long", r"what can i", r"hours is that",
            # "what does 500 usd get me on an a100", "what will $300 buy me"
            r"(?:what|wat|wut) (?:does|do|will|would|can|could) (?:[a-z0-9]+ ){0,3}(?:get|buy) me",
            # "whats 500 bucks get me on 8x h100", "what's $200 buy me"
            r"(?:what|wat|wut)'?s (?:[a-z0-9$.,]+ ){0,3}(?:gets?|buys?) me",
            # "how much h100 time does 300 usdt get me" (was the price list)
            r"how much (?:[a-z0-9]+ ){0,3}(?:does|do|will|would|can|could) (?:[a-z0-9$.,]+ ){0,3}"
            r"(?:get|buy) me",
        ),
        "BUDGET_DO_ASK": (
            # "i have 50 usdt, what can i do?", "what could we do with $30"
            r"what (?:can|could) (?:i|we) do(?! (?:to|about|if|when|for (?:you|the|my|a|an|it)))",
        ),
        "PAY_INTENDED": (
            # "i wanna pay in crypto", "i'll pay with usdt", "we plan to pay in btc"
            r"(?:i|we) ?(?:want to|wanna|would like to|'?d like to|'?d rather|plan to|am going to|"
            r"'?m going to|'?m gonna|gonna|will|'?ll|prefer to) pay (?:in|with|using|by)",
        ),
        # The longest context a configuration holds (bot.understand.asks.CONTEXT_ASK): "max
        # context", "max seq len", "longest context", "how many tokens of context".
        "CONTEXT_ASK": (
            r"max(?:imum|imal)?[ _-]?(?:possible )?(?:context|ctx|seq(?:uence)?|seqlen)"
            r"(?:[ _-]?(?:length|len|window|size))?",
            r"(?:longest|largest|biggest|longer) (?:possible )?(?:context|ctx|seq(?:uence)?)"
            r"(?: ?(?:length|len|window|size))?",
            r"how (?:many|much) (?:tokens? )?(?:of )?(?:context|ctx)",
            r"how (?:long|big|large) (?:of )?(?:a )?(?:context|ctx|sequence|seq)",
            r"how many tokens (?:can|could|will|would|do|does|fit)",
            r"max(?:imum)? (?:number of )?tokens? (?:of )?(?:context|ctx)",
            # "what's the context length limit for qlora 8b on a 4090"
            r"(?:context|ctx|seq(?:uence)?)(?: length| len| window| size)? (?:limit|cap|ceiling)",
            # Serving engines' settings named without a value: vLLM, llama.cpp, Ollama.
            r"max[ _-]?model[ _-]?len", r"n[ _-]?ctx", r"num[ _-]?ctx",
            # "vllm … on a 4090 max len": vLLM's --max-model-len, said short (no value after it)
            r"max[ _-]?len(?:gth)?(?! ?[:=]? ?\d)",
            r"(?:context|ctx)(?: length| window| size)? (?:can|could|will|would) i (?:fit|get|use|run|do|have)",
            # "context length i can get with llama 3.1 8b on 24gb": the subject before the verb
            r"(?:context|ctx)(?: length| len| window| size)? (?:i|we) (?:can|could) (?:fit|get|use|"
            r"run|do|have)",
            # "how much kv cache can i fit on a 4090 with llama 3 8b": the room for it, the
            # longest context
            r"how much k ?/? ?v(?:[ _-]?cache)? (?:(?:can|could|will|would) (?:i|we|it) (?:fit|have|get|"
            r"hold)|(?:is )?(?:room|space|headroom|left))",
            # "what context length fits", "which context will fit": the longest that does
            r"(?:what|which) (?:context|ctx)(?: length| len| window| size)? (?:fits?|will fit|"
            r"would fit|works?|is possible|(?:can|could) (?:i|it|we|you) (?:fit|get|use|run|handle|"
            r"do|take|support))(?![a-z])",
            # "llama 3 8b on a 4090 context?": the word alone closing the message, no length
            r"(?:context|ctx)(?: length| len| window| size)?(?= ?[?!.]*\s*$)",
            # ... or closing it with the card after ("mistral small 24b q4 context on a 4090")
            r"(?:context|ctx)(?: length| len| window| size)?(?= (?:on|with|for|in) (?:a |an |my |"
            r"the |one |\d+ ?x ?)?gpus?(?: of [^ ]+)? ?[?!.]*\s*$)",
        ),
        # Decode speed (asks.SPEED_ASK): "tokens/s", "tok/s", "t/s", "tokens per second";
        # SPEED_WEAK: words that ask for a speed only about a model and no training run ("how
        # fast does llama 70b run on 2x 3090"; "how fast can I fine-tune" is a duration).
        "SPEED_ASK": (
            r"tok(?:en)?s? ?/ ?s(?:ec(?:ond)?)?", r"t/s", r"tps", r"tok(?:en)?s? (?:per|a) sec(?:ond)?",
            r"(?:inference|generation|decode|decoding|output|token) (?:speed|throughput|rate)",
        ),
        # "throughput" of a model served ("vllm throughput with 64 concurrent"); of a
        # training run it is the run's tokens/s (TRAIN_SPEED_ASK): serving only when nothing
        # of training is said.
        "SPEED_WEAK": (r"how fast", r"how quick(?:ly)?", r"speed", r"throughput",
                       # "how long does it take to respond", "does it reply quickly"
                       r"takes? to (?:respond|reply|answer)", r"(?:respond|reply)\w* (?:fast|quickly)",
                       r"how slow(?:ly)?",
                       # "toks?", "how many toks": slang for tokens/s ("10M toks" stays a count)
                       r"how many toks", r"toks ?\?"),
        # Served at once (patterns.CONCURRENCY): "20 concurrent users", "32 requests in
        # parallel" are 20 and 32 sequences decoded together, the batch of the KV cache.
        "CONCURRENT_WORDS": (
            r"concurrent(?:ly)?", r"simultaneous(?:ly)?", r"parallel", r"in parallel", r"at once",
            r"at the same time", r"at a time",
        ),
        "SERVED_NOUNS": (
            r"users?", r"requests?", r"reqs?", r"sequences?", r"seqs", r"sessions?", r"clients?",
            r"chats?", r"connections?", r"streams?", r"people", r"agents?", r"conversations?",
            r"devs?", r"developers?", r"engineers?", r"employees?", r"colleagues?", r"coworkers?",
            r"students?", r"members?", r"ppl",
        ),
        # How many sequences are served at once (asks.CONCURRENCY_ASK): "how many users can I
        # serve", "how many concurrent requests", "max concurrency".
        "CONCURRENCY_ASK": (
            # ... but "how many requests per second" is a throughput, not how many at once.
            # "how many concurrent 8k requests", "how many 8k-token requests": each one's length
            r"(?:how|hw) many (?:(?:concurr?ent|simultaneous|parallel|active) +)?"
            r"(?:\d{1,3}(?:[.,]\d)? ?k(?:[ -]?(?:tokens?|toks?|ctx|context))? +)?(?:users?|usrs?|requests?|"
            r"reqs?|sequences?|seqs|sessions?|clients?|chats?|connections?|streams?|people|ppl|"
            r"agents?|conversations?)(?! ?(?:per|a|an|/) ?(?:s|secs?|seconds?|min|minutes?|h|hours?)(?![a-z]))",
            r"max(?:imum)? (?:number of )?(?:concurr?ent|simultaneous|parallel) (?:users?|requests?|"
            r"reqs?|sequences?|seqs|sessions?|clients?|chats?|connections?|streams?)",
            # "max users for llama 3.1 8b on a 4090": users, clients and people are only served
            r"max(?:imum)? (?:number of |no\.? of |# ?of )?(?:users?|usrs?|clients?|people|ppl)",
            r"max(?:imum)? concurr?ency", r"how much concurr?ency",
            # The noun left unsaid ("vllm … on a 4090 at 8k context how many concurrent", "max
            # concurrent at 4k", "… --max-model-len 8192 concurrency"): at the end of the
            # question or before what it is of, the sequences served at once (was the fit at
            # batch 1)
            r"(?:(?:how|hw) many|max(?:imum)?) (?:concurr?ent|simultaneous|parallel)(?:ly)?"
            r"(?= ?(?:[?.,!]|$|(?:at|on|with|for|in|using|via|if|and|do|does|can|could|will|would)"
            r" ))",
            r"concurr?ency(?= ?[?!]| ?$)",
            r"(?:what|which) (?:max(?:imum)? )?concurr?ency", r"concurr?ency (?:can|could|will|would) i",
            r"concurr?ency (?:for|of|with|on|at|@)",
            # "…, concurrent users at 4k?" opening its clause, no count before it (was the fit at
            # batch 1; "20 concurrent users" is a count said)
            r"(?:^|(?<=[,;:!?-])|(?<=[,;:!?-] ))concurr?ent (?:users?|usrs?|requests?|reqs?|sequences?|seqs|sessions?|"
            r"clients?|chats?|connections?|streams?)(?= ?(?:[?!.]|$|at |@|with |for |on ))",
            # "how much ctx and users can i get": both asked, the users at once too
            r"(?:ctx|context|context length|context window) (?:and|&|\+) (?:how many |max(?:imum)? |"
            r"the )?(?:(?:concurr?ent|simultaneous|parallel) )?(?:users?|usrs?|clients?|people|ppl|"
            r"requests?|reqs?|sessions?)",
            r"(?:users?|usrs?|clients?) (?:and|&|\+) (?:max(?:imum)? |how much |the )?(?:ctx|context)",
            # vLLM's setting named without a value ("vllm max-num-seqs llama 3 8b on an a10g",
            # "what max_num_seqs can i set"): the sequences that fit at once
            r"max[ _-]?num[ _-]?seq(?:uence)?s(?! ?[:=]? ?\d)",
        ),
        # How much data a time trains ("how many tokens can i get through in 2 days", "how many
        # 1024-token examples in a week": asks.DATA_COUNT_ASK), beside a duration.
        "DATA_COUNT_ASK": (
            r"how many (?:\d+(?:[.,]\d+)? ?k?[ -]?tok(?:en)?s?[ -])?(?:tokens?|samples?|examples?|rows?|"
            r"conversations?|convos?|sequences?|docs?|documents?|pairs?|instructions?|prompts?|epochs?|"
            r"passes)",
            r"how much (?:data|text)",
            # "how much can i train a 8b with $15": how much data, in tokens
            r"how much (?:can|could) (?:i|we|u) train",
            # "i have 20 hours of h100, what can i do with lora on mistral 7b": the data they train
            r"what (?:can|could) (?:i|we|u) do",
        ),
        # A training run's throughput (asks.TRAIN_SPEED_ASK), besides tokens/s itself.
        "TRAIN_SPEED_ASK": (
            r"(?:training|train|fine ?-?tuning|finetuning) (?:speed|throughput)",
            r"(?:speed|throughput) (?:of|when|while|for) (?:training|fine ?-?tuning|finetuning)",
            r"throughput",  # only about a training run (none stated): "what throughput will I get"
        ),
        # The run hit an out-of-memory error (asks.OOM): "my training OOMs", "CUDA out of memory".
        # A run setting whose number may follow in words ("batch size of sixteen", "sequence
        # length of two thousand forty eight", "rank sixty four"): numbers.words_to_digits.
        "SETTING_NUMBER_BEFORE": (
            r"(?:micro[ _-]?)?batch(?: size)?", r"bs", r"(?:max(?:imum)? )?seq(?:uence)?(?: len(?:gth)?)?",
            r"context(?: length| window| size)?", r"ctx", r"(?:lora )?rank", r"cutoff(?: len(?:gth)?)?",
            r"grad(?:ient)? accum(?:ulation)?(?: steps)?", r"accumulation steps",
        ),
        # Asking for the largest batch that fits (asks.BATCH_ASKED).
        # How many optimizer steps a run takes (asks.STEPS_ASK): "how many steps is 3 epochs of
        # 50k examples", "steps per epoch".
        "STEPS_ASK": (
            r"how many (?:optimi[sz]er |training |gradient |update )?(?:steps|iterations|iters)",
            r"(?:number|num) of (?:optimi[sz]er |training |update )?(?:steps|iterations)",
            r"(?:steps|iterations) (?:per|an|a|each) epoch", r"total (?:training )?steps",
        ),
        # The CPU RAM a run needs, asked (asks.RAM_ASK): "how much cpu ram do i need", "how much
        # system ram"; "how much ram" only beside a CPU offload (else it is often the VRAM).
        "RAM_ASK": (
            r"how much (?:(?:cpu|system|host|sys) )?(?:ram|memory)",
            r"(?:cpu|system|host) (?:ram|memory) (?:do|would|will|should|does|is) ",
        ),
        "BATCH_ASK": (
            r"(?:max(?:imum)?|biggest|largest|highest|max possible) (?:micro[ _-]?)?batch(?: ?size)?",
            r"how (?:big|large|high) (?:of )?(?:a )?(?:micro[ _-]?)?batch(?: ?size)?",
            r"what (?:micro[ _-]?)?batch(?: ?size)?", r"which (?:micro[ _-]?)?batch(?: ?size)?",
            r"batch ?size (?:can|could|will|would|should) (?:i|we)",
        ),
        # Asking whether a configuration is more than the job needs (asks.OVERKILL).
        # What gradient checkpointing saves ("how much vram does gradient checkpointing save").
        # Its time asked: "does gradient checkpointing slow training a lot?", "how much slower
        # is grad checkpointing", "speed penalty of gradient checkpointing".
        # Packing's speed asked: "does packing=True speed things up?", "is sample packing
        # faster", "faster with packing?".
        "PACKING_SPEED_ASK": (
            r"(?:sample[_ ]?)?packing(?: ?= ?true)? (?:\w+ ){0,3}?(?:speeds?|sped|faster|quicker"
            r"|help(?:s)? (?:with )?speed)(?![a-z])",
            r"(?:faster|quicker|speed ?up) (?:\w+ ){0,3}?(?:with|using|by) (?:sample[_ ]?)?packing",
        ),
        "CKPT_SLOW_ASK": (
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt) (?:\w+ ){0,2}?"
            r"(?:slows?|slowing|slower)(?![a-z])",
            r"slower (?:\w+ ){0,6}?(?:with|using|is|does) (?:gradient |grad |activation )?"
            r"(?:checkpointing|ckpt)",
            r"(?:speed|time|compute|performance) (?:cost|penalty|overhead|hit) (?:of|from|with|for) "
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt)",
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt) (?:speed |time |compute )?"
            r"(?:overhead|penalty|slowdown)",
            r"(?:slowdown|overhead) (?:of|from|with) (?:gradient |grad |activation )?"
            r"(?:checkpointing|ckpt)",
        ),
        # Whether it is needed ("is gradient checkpointing necessary", "do i need gradient
        # checkpointing", "can i turn off gradient checkpointing"): the run without it, on the
        # card asked.
        "CKPT_NEED_ASK": (
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt) (?:really |actually |even |"
            r"still |strictly )?(?:needed|necessary|required|mandatory|a must)",
            r"(?:do|would|will|does) (?:i|we|you|it|this|that) (?:really |actually |even |still )?"
            r"(?:need|have to (?:use|enable|turn on|keep)|require|need to (?:use|enable|turn on|"
            r"keep)) (?:the )?(?:gradient |grad |activation )?(?:checkpointing|ckpt)",
            r"(?:can|could|should) (?:i|we) (?:turn off|switch off|disable|skip|drop|go without|"
            r"train without|do without|run without|run it without|get away without) (?:the )?"
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt)",
            r"should (?:i|we) (?:use|enable|turn on|keep|bother with) (?:the )?"
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt)",
        ),
        "CKPT_SAVING_ASK": (
            r"(?:(?:by )?how much|what) (?:vram |memory |mem |gpu memory )?(?:does|do|would|will|can) "
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt) (?:actually |really )?"
            r"(?:save|reduce|cut|lower)",
            # "gradient checkpointing how much memory does it save for qwen2.5 7b", "does grad
            # checkpointing save much vram": the topic first, or asked yes or no
            r"(?:gradient |grad |activation )?(?:checkpointing|ckpt),? how much (?:vram |memory |mem )?"
            r"(?:does|do|would|will|can) (?:it|that|this) (?:actually |really )?(?:save|reduce|cut)",
            r"(?:does|do|would|will) (?:gradient |grad |activation )?(?:checkpointing|ckpt) (?:actually "
            r"|really )?(?:save|reduce|cut) (?:much|a lot of|lots of|any) (?:vram|memory|mem)",
            r"(?:how much|what) (?:vram |memory )?(?:is |gets )?saved (?:by|with) (?:gradient |grad )?"
            r"(?:checkpointing|ckpt)",
            r"(?:gradient |grad )?checkpointing saves? how much",
            r"(?:savings?|difference) (?:from|of|with) (?:gradient |grad )?checkpointing",
            # "does gradient checkpointing matter for … on my 3060", "does grad ckpt help" (was
            # the fit alone, the run with checkpointing on)
            r"(?:does|do|would|will|can|could) (?:using |enabling |turning on )?(?:gradient |grad "
            r"|activation )?(?:checkpointing|ckpt) (?:actually |really |even )?(?:matter|help|"
            r"make (?:a|any|much of a|much) difference)",
            # "how much vram do i save with grad checkpointing", "what memory would we free up by
            # enabling gradient checkpointing": the user the subject (was the memory alone)
            r"(?:how much|what) (?:vram |memory |mem |gpu memory )?(?:do|would|will|can|could) "
            r"(?:i|we|you) (?:actually |really )?(?:save|gain|free up|free) (?:by |with |from |using "
            r"|turning on |enabling |by using |by enabling |by turning on )(?:gradient |grad "
            r"|activation )?(?:checkpointing|ckpt)",
        ),
        # A run asked to end within a time ("will it finish overnight", "be done in a day", "can
        # i train it over a weekend"): how long it takes (the duration itself is blanked by then).
        "DEADLINE_ASK": (
            # "i only have 3 hours, can i qlora … in that time" (the hours said before)
            r"in (?:that|this|the) (?:time|timeframe|time frame|window)",
            # ("can i finish a qlora of llama 3 8b on 500k samples over the weekend": the model
            # and the dataset blanked, four words are left between)
            r"(?:finish|finished|finishes|complete|completed|done|end|ends|wrap up)(?: [a-z0-9.-]+){0,5} "
            r"(?:overnight|over ?night|in|within|over|by|before|during)(?= |$)",
            r"overnight|over ?night",
            # "… in under an hour", "within less than a day" (the time blanked)
            r"(?:in|within|finish\w* in|done in) (?:under|less than|fewer than|below)(?= |$)",
            r"(?:train|finetune|fine-tune|fine tune|run it|do it)(?: [a-z0-9.-]+){0,4} "
            r"(?:over an?|over the|during the|in an?|in one|within an?)(?= |$)",
        ),
        # A run asked to take longer than a time ("would it take more than a day", "does it take
        # longer than a week"): the inverse of a deadline, answered yes or no the same way.
        "DEADLINE_OVER_ASK": (
            r"(?:take|takes|taking|last|lasts|run|runs|need|needs|be|is it)(?: (?:me|us|it|you))? "
            r"(?:more|longer) than(?= |$)",
        ),
        # The time said, then "enough" ("is 10 hours enough to qlora …", "a week enough?",
        # "would a week on my 3090 be enough"), or a question ending on "in"/"within" once the
        # time is blanked ("can i qlora … on my 3090 in a day?"): a deadline only with hours said
        # and a dataset given (parse.py's rules), as "is a 3090 enough" asks the fit.
        "DEADLINE_ENOUGH_ASK": (
            r"(?:is|be|are|s) (?:that |it |this |one |a |the )?(?:long |night |full night )?"
            r"enough(?: time)?",
            # "… is 10h enough?", "enough?" alone (after a run: is the card enough)
            r"(?:(?<=[ ,])|^)enough(?: time)?(?= ?[?.!]*$)",
            # "i have 4x a100 for 2.5 days, enough to full finetune … on 300M tokens?"
            r"(?<=[ ,])enough(?: time)? (?:to|for) (?:(?:a|the|do|run|get|finish|complete|full|fully)"
            r" ){0,2}(?:train|finetune|fine-tune|fine tune|full|finish|complete|run|do|q?lora|dpo|sft"
            r"|pretrain|pre-train)",
            r"(?:in|within) ?[?.!]*$",
        ),
        # What Liger Kernel or unsloth saves ("how much vram does liger save", "with liger
        # kernel vs without", "does unsloth reduce vram").
        "KERNELS_SAVING_ASK": (
            r"(?:does|do|would|will|can|could|is) (?:using |enabling |turning on )?(?:liger(?:[ _-]?kernels?)?|unsloth) "
            r"(?:actually |really )?(?:reduce|save|lower|cut|decrease|help|matter|make (?:a|any|much of a|much) difference)",
            r"(?:how much|what) (?:vram |memory |mem |gpu memory )?(?:does|do|would|will|can) "
            r"(?:liger(?:[ _-]?kernels?)?|unsloth) (?:actually )?save",
            r"(?:liger(?:[ _-]?kernels?)?|unsloth) (?:vs\.?|versus|or|compared to) (?:without|no|plain|vanilla|stock|none)",
            r"with (?:and|or|vs\.?|versus) without (?:liger(?:[ _-]?kernels?)?|unsloth)",
            r"(?:savings?|difference|memory saved) (?:from|of|with|by) (?:liger(?:[ _-]?kernels?)?|unsloth)",
        ),
        # What FlashAttention saves ("does flash attn reduce vram", "flash attention vs eager").
        "FLASH_SAVING_ASK": (
            # "does flash_attention: true reduce memory …": the YAML key as pasted
            r"(?:does|do|would|will|can|could|is) (?:using |enabling |turning on )?(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?(?: ?[:=] ?(?:true|1))? "
            r"(?:actually |really )?(?:reduce|save|lower|cut|decrease|help|matter|make (?:a|any|much of a|much) difference)",
            r"(?:how much|what) (?:vram |memory |mem |gpu memory )?(?:does|do|would|will|can) (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? "
            r"(?:actually )?save",
            r"(?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)? (?:vs\.?|versus|or|compared to) eager", r"eager (?:attention |attn )?(?:vs\.?|versus|or|"
            r"compared to) (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"(?:savings?|difference|memory saved) (?:from|of|with|by) (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
            r"with (?:and|or|vs) without (?:flash[ _-]?(?:attention|attn)\w*|fa ?2|sdpa)(?: ?2)?",
        ),
        # What a quantized KV cache saves ("how much does -ctk q4_0 -ctv q4_0 save", "does kv
        # cache quantization reduce vram"); the type said reads "kv cache" by then.
        "KV_SAVING_ASK": (
            r"(?:how much|what) (?:vram |memory |mem |gpu memory )?(?:does|do|would|will|can) "
            r"(?:a |the |my )?(?:quantized |quantised |quantizing (?:the )?|quantising (?:the )?)?k ?/? ?v[ _-]?cache(?: (?:quantization|quantisation|quantizing|quantising|quant|quants))? (?:actually |really )?save",
            r"(?:does|do|would|will|can|could|is) (?:using |enabling |turning on )?(?:a |the |my )?(?:quantized |quantised |quantizing (?:the )?|quantising (?:the )?)?k ?/? ?v[ _-]?cache(?: (?:quantization|quantisation|quantizing|quantising|quant|quants))? "
            r"(?:actually |really )?(?:reduce|save|lower|cut|decrease|help|matter|make (?:a|any|much of a|much) difference)",
            r"(?:savings?|difference|memory saved) (?:from|of|with|by) (?:a |the |my )?(?:quantized |quantised |quantizing (?:the )?|quantising (?:the )?)?k ?/? ?v[ _-]?cache(?: (?:quantization|quantisation|quantizing|quantising|quant|quants))?",
            r"(?:a |the |my )?(?:quantized |quantised |quantizing (?:the )?|quantising (?:the )?)?k ?/? ?v[ _-]?cache(?: (?:quantization|quantisation|quantizing|quantising|quant|quants))? savings?",
            r"with (?:and|or|vs) without (?:a |the |my )?(?:quantized |quantised |quantizing (?:the )?|quantising (?:the )?)?k ?/? ?v[ _-]?cache(?: (?:quantization|quantisation|quantizing|quantising|quant|quants))?",
        ),
        # A memory said bare and what it holds asked, nothing else ("what can i do with 12gb?",
        # "is 12gb enough", "what can 16gb do", "what fits in 24gb"): matched at the end of the
        # text with the memory blanked ("what can i do with ?"), only when a memory is all the
        # question names (bot.understand.parse): the largest model it holds, as "what can i do
        # with 8gb vram" is (was the price list, or "Which model?").
        "MEMORY_BARE_ASK": (
            r"what (?:can|could) (?:i|we|you) (?:do|run|use|get|fit|load|host|train|fine ?-?tune|"
            r"finetune) (?:with|on|in|into)(?: (?:only|just))?",
            r"what (?:can|could) (?:i|we) do",
            r"what (?:can|could|will|would) (?:do|run|fit|hold|handle)",
            r"what (?:fits|runs|will fit|would fit|can fit|can run|will run) (?:in|on|into|with)",
            r"(?:is|are|would be|will be)(?: (?:it|that|this))? (?:sufficient|ok|okay|good enough)",
            r"enough",
        ),
        # The KV cache's own size ("whats the kv cache size for llama 3.1 70b at 128k", "how big is
        # the kv cache", "how much vram does the kv cache take").
        "KV_SIZE_ASK": (
            r"k ?/? ?v[ _-]?cache(?:'?s)? (?:size|sizes|memory|vram|footprint|usage|requirements?)",
            r"(?:size|footprint|memory|vram) (?:of|for) (?:the |a |my )?k ?/? ?v[ _-]?cache",
            r"how (?:big|large) (?:is |will |would |does |gets? )?(?:the |a |my )?k ?/? ?v[ _-]?cache",
            r"what size (?:is |will |would )?(?:the |a |my )?k ?/? ?v[ _-]?cache",
            r"how much (?:vram |memory |mem |space |gpu memory )?(?:does|will|would|do|is) (?:the |a |my )?"
            r"k ?/? ?v[ _-]?cache (?:take|use|need|eat|occupy|require|be|cost|add)",
            r"how much (?:vram |memory |mem |space )?(?:for|is) (?:the |a |my )?k ?/? ?v[ _-]?cache",
            # "how much kv cache for 10 users at 32k": its size, not a price ("how much kv cache
            # can i fit" asks the room for it: CONTEXT_ASK)
            r"how much k ?/? ?v[ _-]?cache(?! (?:can|could|will|would) (?:i|we|it) (?:fit|have|get|hold)"
            r"|(?: is)? (?:room|space|headroom|left))",
            # "qwq 32b q4 with 32k ctx on 24gb, how much kv": the cache left unsaid (was read as a
            # price: "Serving has no typical duration")
            r"how much k ?/? ?v(?![a-z0-9_-])(?! ?cache)(?! (?:can|could|will|would) (?:i|we|it) "
            r"(?:fit|have|get|hold)|(?: is)? (?:room|space|headroom|left))",
        ),
        # The cheapest way to start ("what's the minimum to get started", "cheapest way to start").
        "START_ASK": (
            r"(?:minimum|min|cheapest|least|lowest|smallest)(?: (?:amount|price|cost|spend|"
            r"purchase|buy|top ?-?up|deposit|block|way|option))? (?:(?:i|you|one) (?:need(?: to (?:spend|"
            r"pay|buy|put in))?|can (?:spend|buy|pay)|have to (?:pay|spend|buy)) )?(?:to|for) (?:get )?"
            r"(?:start(?:ed)?|begin|try)",
            r"how much (?:do i need |money do i need |to spend )?(?:to|for) (?:get )?start(?:ed)?",
            # "i'm new, what do you recommend to start?": where a beginner starts
            r"(?:recommend|suggest|advise)\w* (?:me )?(?:to|for) (?:get )?(?:start(?:ed|ing)?|begin\w*)",
            r"minimum (?:top ?-?up|deposit|purchase|order|spend)",
            # "and what's the minimum?" alone (after "can i pay with usdt?"): the least to start
            r"^ ?(?:and |so |ok |okay )?(?:what(?:'?s| is) )?(?:the )?(?:minimum|min)"
            r"(?: then| price| amount| spend)? ?[?!.]* ?$",
            # "whats the smallest block i can buy for an h200": that card's smallest block
            r"(?:smallest|minimum|min|least|cheapest|lowest|shortest) (?:gpu[ -]?hours? )?blocks?(?![a-z])",
            # "what's the minimum i have to spend", "the least i can pay", "lowest i can spend"
            r"(?:minimum|min|least|lowest|smallest)(?: amount)? (?:i|you|one|we) (?:have to|need to|must|"
            r"can|gotta) (?:spend|pay|buy|put in|deposit|top ?-?up)(?! (?:for|on) )",
            # "what's the minimum number of hours i can buy?", "how many hours minimum do i buy?"
            r"(?:minimum|min|least|fewest|smallest) (?:number of |amount of )?(?:gpu[ -]?)?hours?"
            r" (?:(?:i|you|one|we) )?(?:can|must|have to|need to|to) (?:buy|purchase|pay for|rent)",
            r"(?:how many|what) (?:gpu[ -]?)?hours (?:at (?:a |the )?)?minimum",
            # "how much do i need to put in minimum", "how much do i have to deposit at least"
            r"how much (?:do (?:i|you|we) |does one )?(?:need|have) to (?:put in|deposit|spend|pay)"
            r"(?: at)? (?:minimum|min|least)",
        ),
        "OVERKILL_WORDS": (
            r"over ?-?kill", r"more than enough", r"too (?:much|big|many|powerful) (?:of a |a )?"
            r"(?:gpus?|cards?|hardware|compute|power|vram|for (?:it|this|that))",
            r"(?:a |is it a )?waste of (?:money|gpus?|compute|an? \w+)",
        ),
        "OOM_WORDS": (
            r"oom", r"ooms", r"oomed", r"ooming", r"oom ?errors?", r"out of memory",
            r"out ?of ?memory ?errors?", r"outofmemoryerror", r"outofmemory",
            # "running out of vram", "ran out of memory on my 3090"
            r"(?:run|runs|running|ran) out of (?:vram|gpu memory|memory|mem)",
            # PyTorch's OOM message pasted from its second sentence on ("Tried to allocate 3.50
            # GiB (GPU 0; 14.75 GiB total capacity …)"): was a fit verdict, "✅ Yes … fits"
            r"tried to allocate",
        ),
        # The user asks what to change (asks.FIX_ASK): "what do i do", "how can i make it fit".
        "FIX_ASK": (
            r"(?:what|wat|wht|wut) (?:do|should|can|could|shall) (?:i|we) do", r"what (?:are )?my options",
            r"(?:what|wat|wut) (?:to )?do ?[?!.]*$",  # "… already using gradient checkpointing. what do?"
            r"what am i doing wrong",
            # "oom at bs 4 seq 4096, what do i change", "what should i tweak", "what to change?"
            r"(?:what|wat|wht|wut) (?:do|should|can|could|must) (?:i|we) (?:change|tweak|adjust|lower|try)",
            r"(?:what|wat|wht|wut) (?:to|do i need to|would you) (?:change|tweak|adjust|lower|try)",
            r"(?:which|what) settings? (?:do|should) (?:i|we) (?:change|tweak|adjust|lower)",
            # "… batch 8, seq 2048, how do i fix it?", "any ideas?"
            r"how (?:do|can|should|would) i fix (?:it|this|that)", r"any (?:ideas|tips|suggestions|advice)",
            r"how (?:can|do|could|should|would) i (?:make|get) (?:it|this|that|the run|the training) (?:to )?fit",
            r"how (?:to|do i|can i) (?:reduce|lower|cut|save|decrease) (?:the |my )?(?:vram|memory|mem)",
            r"(?:reduce|lower|cut|save|decrease) (?:the |my )?(?:vram|memory|mem)(?: usage| use)?",
            r"(?:make|get) it (?:to )?fit", r"(?:fix|avoid|solve|get rid of) (?:the |this |my |an? )?(?:oom|out of memory)",
        ),
    },
    stopwords=frozenset({
        # the people a model is served to ("pour 10 personnes", "para 10 personas")
        "people", "users", "ppl", "folks", "team",
        "about", "above", "alert", "alerts", "all", "also", "am", "an", "and", "any", "are", "at",
        "available", "be", "been", "below", "best", "better", "big", "billion", "breakdown",
        "bucks", "bye", "can", "cancel", "card", "cards", "cheaper", "cheapest", "cost", "costs",
        "could", "couple", "day", "days", "delete", "deploy", "do", "does", "down", "drops",
        "each", "eight", "enough", "every", "falls", "faster", "fit", "fits", "for", "four",
        "from", "fully", "get", "goes", "has", "have", "hello", "help", "hey", "hi", "host",
        "hour", "hours", "how", "i", "i'm", "if", "im", "in", "is", "it", "it's", "its", "just",
        "know", "let", "long", "many", "memory", "model", "much", "my", "need", "needed", "notify",
        "of", "offer", "on", "once", "one", "only", "or", "our", "over", "pair", "parameters",
        "pay", "payment", "per", "please", "price", "prices", "pricing", "quote", "rank", "remove",
        "rent", "require", "required", "run", "running", "serve", "should", "size", "some", "take",
        "takes", "tell", "than", "thank", "thanks", "that", "the", "them", "then", "there", "they",
        "this", "three", "thx", "to", "train", "two", "under", "up", "us", "use", "using", "want",
        "was", "way", "we", "week", "weekend", "were", "what", "what's", "whats", "when",
        "whether", "which", "who", "why", "will", "with", "without", "would", "you", "your",
    }),
)
