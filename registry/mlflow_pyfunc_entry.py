"""Entry file of the proofmill pyfunc model ("models from code"): MLflow runs it at load time.

It is copied into every logged model; the ``models`` package travels with it as the model's code path.
"""

import mlflow

from registry.mlflow_model import ProofmillPolicy

mlflow.models.set_model(ProofmillPolicy())
