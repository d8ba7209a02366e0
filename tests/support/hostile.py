"""Hostile number forms and the question slots they go in, shared by the hostile-number tests
and scripts/hostile_hunt.py."""

from __future__ import annotations

# The zero of each run of ten decimal digits people may paste: Arabic-Indic, extended
# Arabic-Indic (Persian), Devanagari, Bengali, Thai, fullwidth, mathematical bold.
DIGIT_ZEROS = (0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1D7CE)
SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"

# One template per numeric slot, in the three languages, the way people write them.
SLOTS = [
    "alert me when H100 below ${n}", "avísame si la H100 baja de {n} $",
    "préviens-moi quand le H100 passe sous {n}$", "alert me when the H200 moves {n} %",
    "cost of lora 70B on 2x H200 for {n} hours", "¿cuánto cuesta qlora 70b en h100 {n} horas?",
    "qlora {n}B on a 4090", "lora 8B with {n} tokens on an H100",
    "lora 8B {n}M tokens on an H100 details", "how long to train lora 8B on {n}B tokens on h100",
    "lora 8B seq len {n} batch 4 on an H100 details", "lora 8B seq len 4096 batch {n} on h100",
    "lora 8B r={n} on H100 details", "{n}x H100 for qlora 70b", "qlora 70b on a {n} GB GPU",
    "lora 8B 200M tokens {n} epochs on H100", "lora 8B 1B tokens at {n} tokens/s on H100",
    "lora 70b on h100 pendant {n} jours", "qlora 70b for {n} gpu hours", "{n}k context lora 8b",
    "lora 8b batch 4 seq 2048 {n} epochs 1B tokens h100 details",
    "serve llama 70b on h100 {n} new tokens prompt {n} tokens",
]
