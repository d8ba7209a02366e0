"""Pieces of real questions and noise, shared by the parser's and the pipeline's fuzz tests."""

from __future__ import annotations

from hypothesis import strategies as st

from bot.understand.lexicon import COUNT_WORDS

# Pieces of real questions, glued at random with noise, so the parser's paths are all reached.
FRAGMENTS = [
    "qlora", "QLoRA", "lora", "full fine-tune", "8-bit adam", "int4", "inference", "run", "serve",
    "70B", "7,5B", "0.5B", "500M", "70 mil millones", "70.000 millones", "70 milliards",
    "mixtral 8x7b", "llama 3.1 70b", "Llama-3.1-70B-Instruct", "H100", "h100 80gb", "8x H100",
    "H100 x8", "a 100", "RTX 4090", "4090s", "H1000", "MI300X", "L40S", "24GB", "16 Go", "1 120",
    "1.120", "0,92", "$2", "2 $", "below", "sous", "por debajo de", "10 %", "24h", "2 days",
    "una semana", "90 minutes", "12h30", "seq len 4096", "4k context", "batch 8", "r=16",
    "rank 64", "200M tokens", "gradient checkpointing", "without", "details", "desglose",
    "¿cuánto cuesta", "combien coûte", "how much", "vs", "o", "ou", "alert me", "avísame",
    "préviens-moi", "pay", "bitcoin", "KYC", "/start", "help", "-7B", "99999B", "16x",
    *COUNT_WORDS,
]
NOISE = st.sampled_from([
    "", " ", "  ", "?", "!!!", "¿", "¡", "...", "🙂", "🤔🔥", "<b>", "</b>", "<a href='x'>",
    "&amp;", "\x00", "\x1b[31m", "\u200f", "\u202e", "مرحبا", "שלום", "\ufeff", "\u00a0",
    "×", "−", "８", "ｈ１００", "\n", "\t", "1e999", "Infinity", "NaN", "-0", "0x", "x0",
])
