# The README's two commands: `make demo` and `make test`. Only Python 3 and make are needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TYPECHECK := build/typecheck

.PHONY: venv demo test lint typecheck unit bench bench-peers clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,test]'
	touch $(STAMP)

venv: $(STAMP)

demo: venv
	$(BIN)/python examples/demo.py

# mypy reads the package as it is installed: a tree of links mirrors package-dir's mapping.
typecheck: venv
	rm -rf $(TYPECHECK) && mkdir -p $(TYPECHECK)/sitemapkit
	ln -s $(CURDIR)/core/*.py $(CURDIR)/core/py.typed $(TYPECHECK)/sitemapkit/
	for host in mkdocs pelican sphinx; do ln -s $(CURDIR)/plugins/$$host $(TYPECHECK)/sitemapkit/$$host; done
	MYPYPATH=$(TYPECHECK) $(BIN)/mypy -p sitemapkit

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MAKE) --no-print-directory typecheck

unit: venv
	$(BIN)/python -m pytest

test: lint unit

bench: venv
	$(BIN)/python bench/run.py

bench-peers: venv
	$(BIN)/python bench/run.py --peers

clean:
	rm -rf build dist $(VENV) .pytest_cache .mypy_cache .ruff_cache
