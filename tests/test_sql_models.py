"""Every SQL model: ordered, documented with its grain, and portable to Spark SQL via sqlglot."""

from __future__ import annotations

import pytest
import sqlglot
from sqlglot.errors import ErrorLevel

from pipeline.models import LAYERS, audits, models

ALL_MODELS = models()


def test_model_names_are_unique_across_layers():
    names = [model.name for model in ALL_MODELS]
    assert len(names) == len(set(names))


def test_staging_models_are_named_stg_and_intermediate_int():
    for model in ALL_MODELS:
        if model.layer == LAYERS[0]:
            assert model.name.startswith("stg_"), model.path
        if model.layer == LAYERS[1]:
            assert model.name.startswith("int_"), model.path


@pytest.mark.parametrize("model", ALL_MODELS + audits(), ids=lambda m: m.name)
def test_every_model_states_its_grain_or_invariant_first(model):
    first = model.path.read_text(encoding="utf-8").lstrip().splitlines()[0]
    assert first.startswith("--"), f"{model.path} should open with a comment stating its grain"
    if model.layer != "tests":
        assert "grain:" in first, f"{model.path} should open with '-- grain: …'"


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.name)
def test_every_model_transpiles_to_spark_sql(model):
    # The same models must run as Spark SQL past one machine (DESIGN.md, "Scale").
    spark = sqlglot.transpile(model.body, read="duckdb", write="spark",
                              error_level=ErrorLevel.RAISE, unsupported_level=ErrorLevel.RAISE)
    assert len(spark) == 1 and spark[0].strip()
