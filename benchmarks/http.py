"""``python benchmarks/http.py``: the HTTP benchmark (its code and documentation are in
``benchmarks/webbench.py``).

This file shares its name with the standard library's ``http`` package, and a script run from
this folder has the folder first on ``sys.path``: any ``import http.client`` there (by Django, by
urllib, by the other benchmarks) would find this file. When imported under that name it hands
the real package over instead.
"""

if __name__ == "http":
    import importlib.util
    import sys
    import sysconfig
    from pathlib import Path

    _package = Path(sysconfig.get_paths()["stdlib"]) / "http"
    _spec = importlib.util.spec_from_file_location(
        "http", _package / "__init__.py", submodule_search_locations=[str(_package)]
    )
    assert _spec is not None and _spec.loader is not None
    _real = importlib.util.module_from_spec(_spec)
    sys.modules["http"] = _real
    _spec.loader.exec_module(_real)
elif __name__ == "__main__":
    from webbench import main

    raise SystemExit(main())
