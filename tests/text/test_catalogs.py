"""Catalog completeness: every key of a keyed domain in both languages, with the same arguments."""

from __future__ import annotations

import pytest

from tabletop.text import catalog
from tabletop.text.po import load
from tabletop.text.template import placeholders

KEYED = sorted({p.stem for p in catalog.LOCALE.glob("en/LC_MESSAGES/*.po")} - {"tabletop"}
               - {p.stem for p in catalog.LOCALE.glob("en/LC_MESSAGES/*-cards.po")})


@pytest.mark.parametrize("domain", KEYED)
def test_keyed_domain_is_complete_in_both_languages(domain: str) -> None:
    en = load(catalog.po_path("en", domain))
    es_path = catalog.po_path("es", domain)
    assert es_path.is_file(), f"no Spanish catalog for {domain}"
    es = load(es_path)
    assert sorted(set(en) - set(es)) == [], f"{domain}: keys without a Spanish text"
    assert sorted(set(es) - set(en)) == [], f"{domain}: Spanish keys English does not have"
    for key in en:
        assert placeholders(en[key].msgstr) == placeholders(es[key].msgstr), f"{domain}: {key}"
