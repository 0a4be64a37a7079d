"""decode: BOMs, UTF-8, legacy Russian code pages cross-checked by the lexicon,
normalisation; decoding never raises on arbitrary bytes except DecodeError."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import seed_path, seed_text

from lawref.ingest.decode import DecodeError, decode, made_here, normalise

SAMPLE = seed_text("003")[:3000]


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r", "cp866", "mac-cyrillic"])
def test_seed_text_in_a_legacy_code_page_decodes_to_the_same_text(codec: str) -> None:
    data = SAMPLE.encode(codec, errors="strict")
    got = decode(data)
    assert got.text == SAMPLE
    assert got.encoding in (codec, "mac-cyrillic", "cp1251") and got.how == "chardet+lexicon"


def test_all_caps_cp1251_is_not_taken_for_koi8r() -> None:
    caps = "ГЛАВА V - ТОРГОВЛЯ\nЧАСТЬ I - КОРРЕКТНАЯ ПРОЦЕДУРА\nПРАВИЛО 17. ПРОДОЛЖИТЕЛЬНОСТЬ ТОРГОВЛИ\n" * 3
    got = decode(caps.encode("cp1251"))
    assert got.text == caps


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (codecs.BOM_UTF8 + SAMPLE.encode("utf-8"), "utf-8-sig"),
        (codecs.BOM_UTF16_LE + SAMPLE.encode("utf-16-le"), "utf-16"),
        (codecs.BOM_UTF16_BE + SAMPLE.encode("utf-16-be"), "utf-16"),
        (codecs.BOM_UTF32_LE + SAMPLE.encode("utf-32-le"), "utf-32"),  # its mark opens with UTF-16's
        (codecs.BOM_UTF32_BE + SAMPLE.encode("utf-32-be"), "utf-32"),
    ],
)
def test_bom_decides_the_encoding(data: bytes, encoding: str) -> None:
    got = decode(data)
    assert (got.text, got.encoding, got.how) == (SAMPLE, encoding, "bom")


def test_seed_files_are_utf8() -> None:
    got = decode(seed_path("000").read_bytes())
    assert (got.encoding, got.how) == ("utf-8", "utf-8")


def test_normalise_drops_soft_hyphens_nbsp_and_crlf() -> None:
    assert normalise("пра\u00adвило\u00a062\r\nB\rC") == "правило 62\nB\nC"
    assert normalise("е\u0308") == "ё"  # NFC


def test_forced_encoding_wins_and_unknown_codec_is_a_decode_error() -> None:
    assert decode("Правило".encode("cp866"), "cp866").text == "Правило"
    with pytest.raises(DecodeError):
        decode(b"x", "no-such-codec")


def test_binary_data_is_a_decode_error() -> None:
    with pytest.raises(DecodeError):
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_decode_never_raises_on_arbitrary_bytes_except_decode_error(data: bytes) -> None:
    try:
        got = decode(data)
    except DecodeError:
        return
    assert "\r" not in got.text and "\u00ad" not in got.text


@pytest.mark.parametrize(("data", "encoding", "made"), [
    ("взятка \ufffd взятка".encode(), "utf-8", 0),  # the file's own U+FFFD: lost before lawref read it
    ("взя".encode() + b"\xff" + "тка".encode(), "utf-8", 1),  # a damaged byte: lawref's decoding put one in
    ("взя".encode() + b"\xff" + "тка \ufffd".encode(), "utf-8", 1),  # one of each
    ("\ufeffвзятка \ufffd".encode(), "utf-8-sig", 0),
    ("взятка".encode("cp1251"), "cp1251", 0),
])
def test_decoding_tells_the_u_fffd_it_made_from_the_file_s_own(data: bytes, encoding: str, made: int) -> None:
    # one 0xFF in a UTF-8 file was warned as «3 character(s) lost before lawref», beside a report saying lawref had
    # replaced them (a new user's find): the two are told apart
    text = data.decode(encoding, errors="replace")
    assert made_here(data, text, encoding) == made
    assert decode(data, encoding).replaced == made
