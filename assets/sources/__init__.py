"""Corpus loaders: plain Python (no Dagster) that turn each upstream dataset into rows.

Every loader yields dicts matching one of the schemas in :mod:`assets.sources.schemas`; the Dagster
assets in :mod:`assets.corpora` stream those rows into parquet. Online loaders download through
Hugging Face (`datasets`, `huggingface_hub`) or plain HTTPS; offline ones read data shipped in the repo.
"""
