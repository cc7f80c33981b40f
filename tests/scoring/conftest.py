"""Make the repository root importable so `import scoring` works however pytest is started."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if importlib.util.find_spec("scoring") is None:
    sys.path.insert(0, str(REPO_ROOT))
