"""Orchestration: Arrow schemas, the Parquet warehouse, quarantine, SQL models, ingest, CLI."""
