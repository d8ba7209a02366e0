"""The GPU catalogue: the cards we rent (prices from the seed) and the cards people own or name
(rules/data/gpus_owned.toml), each with its source and date, unambiguous to look up."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from decimal import Decimal

import pytest

from bot.detail import _peak
from rules.catalogue import Catalogue, _normalise, load_catalogue, validate_catalogue
from rules.errors import DataError
from rules.fit import fit
from rules.schema import GPU

CAT = load_catalogue()
URL = re.compile(r"https?://\S+")

# The seven rented GPUs, exactly as the seed prices them (None: rented, price not published).
RENTED = {
    "l40s": ("48", "0.82"), "a100-80gb": ("80", "0.92"), "h100": ("80", "2.32"),
    "h200": ("141", "3.07"), "b200": ("180", "4.61"), "rtx-4090": ("24", None),
    "rtx-5090": ("32", None),
}


def test_every_gpu_has_a_source_with_a_link_and_a_date() -> None:
    for gpu in CAT.gpus:
        assert gpu.source.strip() and isinstance(gpu.verified, dt.date), gpu.id
        if not gpu.rented:
            assert URL.search(gpu.source), gpu.id


def test_ids_unique_and_aliases_unambiguous() -> None:
    ids = [g.id for g in CAT.gpus]
    assert len(ids) == len(set(ids))
    owner: dict[str, str] = {}
    for gpu in CAT.gpus:
        for spelling in (gpu.id, gpu.name, *gpu.aliases):
            assert owner.setdefault(_normalise(spelling), gpu.id) == gpu.id, spelling
            assert CAT.find_gpu(spelling) == gpu, spelling


def _with(gpus: tuple[GPU, ...]) -> Catalogue:
    return dataclasses.replace(CAT, gpus=gpus)


def test_the_loader_refuses_an_ambiguous_alias_or_a_dangling_variant() -> None:
    dup = CAT.gpu("rtx-3090").model_copy(update={"aliases": ("a100",)})
    with pytest.raises(DataError, match="alias"):
        validate_catalogue(_with(tuple(g if g.id != "rtx-3090" else dup for g in CAT.gpus)))
    dangling = CAT.gpu("a100-40gb").model_copy(update={"variant_of": "a100"})
    with pytest.raises(DataError, match="variant_of"):
        validate_catalogue(_with(tuple(g if g.id != "a100-40gb" else dangling for g in CAT.gpus)))


def test_the_rented_gpus_keep_their_seed_prices() -> None:
    assert [g.id for g in CAT.rented_gpus] == list(RENTED)
    for gpu_id, (vram, price) in RENTED.items():
        gpu = CAT.gpu(gpu_id)
        assert gpu.vram_gb == Decimal(vram)
        assert gpu.usd_per_gpu_hour == (None if price is None else Decimal(price))


def test_cards_we_do_not_rent_have_no_price_and_no_offer() -> None:
    owned = [g for g in CAT.gpus if not g.rented]
    assert len(owned) >= 90
    assert all(g.usd_per_gpu_hour is None for g in owned)
    assert {o.gpu for o in CAT.offers} <= set(RENTED)


@pytest.mark.parametrize(
    ("gpu_id", "vram"),
    [
        ("rtx-3090", 24), ("a100-40gb", 40), ("a100-80gb-pcie", 80), ("t4", 16), ("a10g", 24),
        ("a10", 24), ("a30", 24), ("a40", 48), ("v100-16gb", 16), ("v100-32gb", 32),
        ("a800-80gb", 80), ("h100-pcie", 80), ("h100-nvl", 94), ("h800", 80), ("h20", 96),
        ("gh200", 96), ("l4", 24), ("l40", 48), ("rtx-a4000", 16), ("rtx-a5000", 24),
        ("rtx-a6000", 48), ("rtx-6000-ada", 48), ("rtx-pro-6000", 96), ("rtx-3060", 12),
        ("rtx-3080", 10), ("rtx-3080-12gb", 12), ("rtx-3090-ti", 24), ("rtx-4060-ti", 8),
        ("rtx-4060-ti-16gb", 16), ("rtx-4070", 12), ("rtx-4080", 16), ("rtx-4090-laptop", 16),
        ("rtx-5060", 8), ("rtx-5070-ti", 16), ("rtx-5080", 16), ("mi250x", 128),
        ("mi300x", 192), ("mi325x", 256), ("rx-7900-xtx", 24), ("apple-m2-ultra", 64),
        ("apple-m1", 8), ("apple-m3-max", 36), ("apple-m4-pro", 24),
    ],
)
def test_the_cards_people_name_with_their_memory(gpu_id: str, vram: int) -> None:
    assert CAT.gpu(gpu_id).vram_gb == vram


def test_datasheet_figures_only_where_cited() -> None:
    for gpu in CAT.gpus:
        if gpu.rented:
            continue
        for value in (gpu.bf16_dense_tflops, gpu.memory_bandwidth_gbs):
            if value is not None:  # the figure (or its sparse double) is in the cited text
                digits = {f"{value:,f}".replace(",", " ").rstrip("0").rstrip("."),
                          f"{value * 2:,f}".replace(",", " ").rstrip("0").rstrip(".")}
                shown = gpu.source.replace(",", "")
                assert any(d.replace(" ", "") in shown.replace(" ", "") for d in digits) or (
                    value >= 1000 and f"{value / 1000:f}".rstrip("0").rstrip(".") in shown
                ), (gpu.id, value)
    assert CAT.gpu("v100-16gb").bf16_dense_tflops is None  # Volta has no BF16
    assert CAT.gpu("a100-40gb").bf16_dense_tflops == 312


def test_a_bare_name_and_its_memory_variants() -> None:
    assert [g.id for g in CAT.variants(CAT.gpu("a100-40gb"))] == [
        "a100-80gb", "a100-40gb", "a100-80gb-pcie"
    ]
    assert [g.id for g in CAT.variants(CAT.gpu("rtx-3090"))] == ["rtx-3090"]


@pytest.mark.parametrize(
    ("ram", "usable"), [(8, "5.72"), (16, "11.45"), (24, "17.17"), (36, "28.99"), (64, "51.53"), (192, "154.61")]
)
def test_macos_lets_the_gpu_use_two_thirds_below_36_gb_and_three_quarters_above(
    ram: int, usable: str
) -> None:
    mac = CAT.gpu("apple-m2-ultra")
    assert CAT.usable_gb(mac, Decimal(ram)) == Decimal(usable)
    assert "recommendedMaxWorkingSetSize" in CAT.apple_gpu_share.source
    assert fit("qlora", Decimal(70), mac.id, 1, catalogue=CAT, memory_gb=Decimal(ram)).vram_gb == Decimal(usable)


# The whitepaper figures added 2026-12-02, one row per figure: (card, field, value, the document
# and table the entry's source names, the table row as it was read). The PDFs were not reachable
# from here; each row was read in a quotation of that table (named in `read_in`), never computed.
# GeForce rows are the "with FP32 Accumulate" rate, half the FP16-accumulate one; dense/sparse.
WHITEPAPER_ROWS = [
    ("rtx-3080", "bf16_dense_tflops", "59.5", "GA102 GPU Architecture whitepaper (2021), Table 1",
     "RTX 3080 | 59.5 | 119", "a BF16 peak table in a public experiment log (dense 59.5, sparse 119)"),
    ("rtx-3080", "memory_bandwidth_gbs", "760", "GA102 GPU Architecture whitepaper (2021), Table 1",
     "320-bit interface, which features 760 GB/s of bandwidth", "itcreations.com RTX 3080 page"),
    ("rtx-4080", "bf16_dense_tflops", "97.5", "Ada GPU Architecture whitepaper (v2.02), Appendix B",
     "BF16 tensor with FP32 accumulate 97.5 TFLOPS dense vs FP16-accumulate 194.9",
     "a public research note quoting the whitepaper's Appendix B"),
    ("rtx-4080", "memory_bandwidth_gbs", "716.8",
     "Ada GPU Architecture whitepaper (v2.02), Appendix B",
     "The RTX 4080 (76 SMs) lists 716.8 GB/s at 22.4 Gbps", "the same note"),
    ("rtx-5080", "bf16_dense_tflops", "112.6", "RTX Blackwell GPU Architecture whitepaper (2025)",
     "RTX 5080 | 112.6 | 225.1", "the BF16 peak table above, citing the Blackwell whitepaper"),
    ("rtx-5080", "memory_bandwidth_gbs", "960", "RTX Blackwell GPU Architecture whitepaper (2025)",
     "16 GB GDDR7 graphics memory with a 256-bit memory bus (960 GB/s)", "notebookcheck.net"),
    ("rtx-5090", "bf16_dense_tflops", "209.5", "RTX Blackwell GPU Architecture whitepaper (2025)",
     "the NVIDIA RTX Blackwell whitepaper for the 5090 (`209.5/419`)",
     "a public rental guide's throughput sources"),
    ("rtx-5090", "memory_bandwidth_gbs", "1792", "RTX Blackwell GPU Architecture whitepaper (2025)",
     "Bandwidth: 1,792GB/s", "Linux Format, May 2025, RTX 5090 review spec box"),
    ("rtx-2080-ti", "fp16_dense_tflops", "53.8", "Turing GPU Architecture whitepaper (2018), Table 1",
     'reports 53.8 "peak FP16 Tensor TFLOPS with FP32 Accumulate" for the reference edition',
     "a public paper's compute appendix quoting the Turing whitepaper"),
    ("rtx-2080-ti", "memory_bandwidth_gbs", "616", "Turing GPU Architecture whitepaper (2018), Table 1",
     "This works out to a memory bandwidth of 616 GB/s", "TechPowerUp, Turing architecture"),
    ("rtx-a6000", "bf16_dense_tflops", "154.8", "GA102 GPU Architecture whitepaper (2021), Table 3",
     "(`Peak BF16 Tensor TFLOPS with FP32 Accumulate 154.8/309.6`)",
     "a public rental guide's throughput sources"),
    ("titan-rtx", "fp16_dense_tflops", "130.5", "GA102 GPU Architecture whitepaper V1 (2020)",
     'The Titan RTX comes out at 130.5 TFLOP/s, in "Peak FP16 Tensor TFLOPS with FP32 Accumulate"',
     "a public paper's compute appendix quoting the GA102 whitepaper V1"),
    ("titan-rtx", "memory_bandwidth_gbs", "672", "TITAN RTX announcement (2018-12-03)",
     "24GB of high-performance GDDR6 memory ... to deliver up to 672 GB/s of bandwidth",
     "Tom's Hardware, 2018-12-03"),
    ("quadro-rtx-8000", "fp16_dense_tflops", "130.5", "Quadro RTX 8000 datasheet",
     "Deep Learning TeraFLOPS1 | 130.5 Tensor TFLOPS | ... 1 FP16 matrix multiply with FP16 or "
     "FP32 accumulate", "a reseller's copy of the datasheet (maychudoanhnghiep.vn, Leadtek)"),
    ("quadro-rtx-8000", "memory_bandwidth_gbs", "672", "Quadro RTX 8000 datasheet",
     "Memory Bandwidth | 672 GB/s", "the same copy"),
    ("quadro-rtx-6000", "fp16_dense_tflops", "119.4", "Quadro RTX 6000 Passive datasheet",
     "Deep Learning TeraFLOPS1 | 119.4 Tensor TFLOPS | ... Thermal Solution | Passive",
     "a reseller's copy of the passive board's datasheet (maychudoanhnghiep.vn, Leadtek)"),
    ("quadro-rtx-6000", "memory_bandwidth_gbs", "624", "Quadro RTX 6000 Passive datasheet",
     "Memory Bandwidth | 624 GB/s", "the same copy"),
    ("rtx-6000-ada", "bf16_dense_tflops", "364", "RTX Blackwell PRO GPU Architecture whitepaper v1.0, Table 4",
     "Ada's 364 is dense BF16 with FP32 accumulation; 728 is sparse",
     "a public hardware note citing Table 4 (printed pages 45-47)"),
    ("rtx-pro-6000", "bf16_dense_tflops", "503.8",
     "RTX Blackwell PRO GPU Architecture whitepaper v1.0, Table 4",
     "| RTX PRO 6000 Blackwell Workstation | 96 GB | 1792 | 503.8 |", "the same note"),
    ("a10g", "bf16_dense_tflops", "70", "A10G Tensor Core GPU datasheet (Feb 2022)",
     "| A10G | 22,888 MiB | **600 GB/s** | 70 TFLOPS (140 with sparsity) | NVIDIA/AWS *A10G "
     "Tensor Core GPU* datasheet, Feb 2022 |", "a public AWS GPU benchmark note's vendor table"),
    ("mi100", "bf16_dense_tflops", "92.3", "AMD ROCm documentation, AMD Instinct MI100 microarchitecture",
     "| Matrix BF16               | 512            | 92.3        |",
     "ROCm/ROCm docs/conceptual/gpu-arch/mi100.md at e396b489 (AMD's own documentation)"),
    ("mi210", "bf16_dense_tflops", "181.0", "AMD CDNA 2 architecture whitepaper, Table 1",
     "Peak FP16/BF16 181.0 TF 362.1 TF 383.0 TF",
     "a text copy of the whitepaper (columns MI210, MI250, MI250X); ByteMLPerf's MIGraphX README"),
]


@pytest.mark.parametrize(("gpu_id", "field", "value", "document", "row", "read_in"),
                         WHITEPAPER_ROWS, ids=[f"{r[0]}-{r[1]}" for r in WHITEPAPER_ROWS])
def test_whitepaper_figures_are_the_printed_rows(
    gpu_id: str, field: str, value: str, document: str, row: str, read_in: str
) -> None:
    gpu = CAT.gpu(gpu_id)
    assert getattr(gpu, field) == Decimal(value)
    assert value in row.replace(",", "")  # the figure is printed in the row as read, not derived
    assert document in gpu.source and value in gpu.source.replace(",", "")
    assert read_in


def test_no_bf16_on_turing_and_the_time_answers_use_the_new_figures() -> None:
    # Turing has no BF16: the 2080 Ti is timed at its FP16 (FP32-accumulate) figure.
    assert CAT.gpu("rtx-2080-ti").bf16_dense_tflops is None
    assert _peak(CAT.gpu("rtx-2080-ti")) == (Decimal("53.8"), "fp16")
    assert _peak(CAT.gpu("rtx-3080")) == (Decimal("59.5"), "bf16")


def test_the_b200_and_mi250_peaks_are_the_cited_dense_figures() -> None:
    # The B200 is rented (its source starts with the seed); NVIDIA's MFU table prints the
    # non-sparse 2,250, the MI250's 362 is AMD's per-package figure, as for the MI250X's 383.
    b200 = CAT.gpu("b200")
    assert b200.bf16_dense_tflops == 2250 and "exemplar-performance" in b200.source
    assert "B200 BF16 2250" in b200.source and "bf16 2250" in b200.source
    assert CAT.gpu("mi250").bf16_dense_tflops == 362 and "MI250 bf16 362" in CAT.gpu("mi250").source


def test_every_peak_names_the_document_it_is_read_in() -> None:
    # A reply that times a run names where its peak comes from: a document `source` cites.
    for gpu in CAT.gpus:
        has_peak = gpu.bf16_dense_tflops is not None or gpu.fp16_dense_tflops is not None \
            or gpu.fp32_dense_tflops is not None
        assert (gpu.peak_source is not None) == has_peak, gpu.id
        assert gpu.peak_source is None or gpu.peak_source in gpu.source, gpu.id
    assert CAT.gpu("a10g").peak_source == "NVIDIA/AWS A10G Tensor Core GPU datasheet"
    a10g = CAT.gpu("a10g")
    with pytest.raises(ValueError, match="peak_source"):
        type(a10g).model_validate({**a10g.model_dump(), "peak_source": None})
    with pytest.raises(ValueError, match="peak_source"):
        type(a10g).model_validate({**a10g.model_dump(), "peak_source": "a datasheet nobody cites"})


def test_a_geforce_peak_is_said_to_be_the_fp32_accumulate_rate() -> None:
    # GeForce whitepapers print BF16 with FP16 accumulate at twice the FP32-accumulate rate
    # training runs at (RTX 4090: 330.3 vs 165.2): the reply says which one it used.
    for gpu_id in ("rtx-4090", "rtx-3090", "rtx-5090", "rtx-2080-ti", "rtx-a6000"):
        assert CAT.gpu(gpu_id).peak_fp32_accumulate, gpu_id
    assert not CAT.gpu("h100").peak_fp32_accumulate and not CAT.gpu("t4").peak_fp32_accumulate
    h100 = CAT.gpu("h100")
    with pytest.raises(ValueError, match="peak_fp32_accumulate"):
        type(h100).model_validate({**h100.model_dump(), "peak_fp32_accumulate": True})


def test_cards_without_bf16_are_the_pre_ampere_cuda_ones() -> None:
    # BF16 came with Ampere: a T4, V100, P40 or RTX 2080 Ti has none (the fit reply says to use
    # FP16 there); Ampere and later, AMD and Apple are not listed.
    for gpu_id in ("t4", "v100-16gb", "v100-32gb", "p40", "p100", "rtx-2080-ti", "gtx-1080-ti",
                   "titan-rtx", "quadro-rtx-8000"):
        assert not CAT.has_bf16(gpu_id), gpu_id
    for gpu_id in ("rtx-3090", "rtx-3060", "a100-40gb", "a10g", "l4", "rtx-4090", "h100",
                   "mi300x", "apple-m2-max"):
        assert CAT.has_bf16(gpu_id), gpu_id
    assert CAT.no_bf16 is not None and "Ampere" in CAT.no_bf16.source


def test_no_bf16_list_is_checked_against_the_peaks() -> None:
    assert CAT.no_bf16 is not None
    # An Ampere card listed (it has a BF16 peak) is refused...
    wrong = CAT.no_bf16.model_copy(update={"gpus": (*CAT.no_bf16.gpus, "a100-40gb")})
    with pytest.raises(DataError, match="a100-40gb"):
        validate_catalogue(dataclasses.replace(CAT, no_bf16=wrong))
    # ...and so is a card timed at its FP16 peak (no BF16) left out of the list.
    short = CAT.no_bf16.model_copy(
        update={"gpus": tuple(g for g in CAT.no_bf16.gpus if g != "t4")})
    with pytest.raises(DataError, match="t4"):
        validate_catalogue(dataclasses.replace(CAT, no_bf16=short))
