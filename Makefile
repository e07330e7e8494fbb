# fresco_kit: `make lab` to learn, `make test` to check everything.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# JupyterLab refuses to start as root (containers, CI machines) unless told it may.
LAB_ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab trust classroom-bench test latency template-game lint classroom serve load catalogs notebooks figures examples bench bench-study clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test]'
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (fresco-kit)" >/dev/null
	touch $(STAMP)

# JupyterLab renders a notebook's stored widgets only once the notebook is trusted: `make lab`
# trusts the kit's own notebooks first (signatures in the Jupyter data folder), so a fresh
# clone's lessons show their widgets, not "VBox(children=...", before they run.
lab: trust
	$(VENV)/bin/jupyter lab $(LAB_ROOT_FLAG) notebooks/00_start_here.ipynb

trust: $(STAMP)
	find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -print0 | xargs -0 $(VENV)/bin/jupyter trust >/dev/null

# Classroom mode: the notebooks as apps with the code hidden (Voila, folder mode, offline),
# on http://127.0.0.1:8866 (or a free port if that one is taken: the address printed and opened
# is the one really used); the landing page lists every game's lessons, tables and exercises.
# Every Voila setting (127.0.0.1 only, no tracebacks, idle kernels culled, a cap on kernels, the
# `classroom` page template) is in fresco_kit/share/voila/config/voila.json; see
# fresco_kit/classroom/voila_server.py.  Extra Voila flags: make classroom VOILA_FLAGS='...'.
CLASSROOM_PORT ?= 8866
classroom: $(STAMP)
	$(PY) -m fresco_kit.classroom.voila_server notebooks --port=$(CLASSROOM_PORT) $(VOILA_FLAGS)

# The Voila classroom's kernels before and after its settings, side by side: 30 page views, then
# the live kernels and their memory (a benchmark, a few minutes; see tests/bench_classroom_kernels.py).
classroom-bench: $(STAMP)
	nice -n 10 $(PY) tests/bench_classroom_kernels.py

# The classroom across devices: every student at their own browser (fresco-kit serve). Binds
# 127.0.0.1; SERVE_HOST=0.0.0.0 opens it to the class network (README, "For teachers").
# The teacher token is printed at start unless SERVE_TOKEN gives one; tables are kept in
# $(XDG_DATA_HOME)/fresco_kit/classroom.sqlite3 unless SERVE_DB names another file.
SERVE_HOST ?= 127.0.0.1
SERVE_PORT ?= 8765
serve: $(STAMP)
	$(VENV)/bin/fresco-kit serve --host $(SERVE_HOST) --port $(SERVE_PORT) \
	  $(if $(SERVE_DB),--db $(SERVE_DB)) $(if $(SERVE_TOKEN),--teacher-token $(SERVE_TOKEN))

# A load benchmark of the served classroom (a benchmark, not a test; about a minute): people at
# 8 tables and 2 tables against bots, a browser socket per seat, moves at a human pace; prints
# the median and 95th percentile from a move to every seat's update, the server's memory and
# every error. LOAD_FLAGS='--voila 30' also opens 30 Voila table pages to compare their memory.
load: $(STAMP)
	$(PY) -m fresco_kit.serve.load $(LOAD_FLAGS)

# One pytest run over the tests and every notebook (nbval), on 2 workers. `--dist loadfile`
# keeps each notebook's cells on one worker, in order (with pytest 9 + xdist 3.8,
# xdist_group marks do not group, so `--dist loadgroup` would split a notebook's cells).
# `--template-game` registers Nim (tests/template_game) so every registry-driven test also
# runs on a game the kit's code has never seen.
test: $(STAMP)
	MPLBACKEND=Agg $(PY) -m pytest -n 2 --dist loadfile -q -rfEs --template-game tests \
	  --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

# The classroom's full widget-latency sweep (every lesson page, 5 controls x 3 interactions,
# 250 ms of quiet) in headless Chromium through Voila; `make test` measures a representative
# subset (per folder one board page, one text page, the table and the exercises). The table of
# medians and maxima goes to $(FRESCO_KIT_LATENCY) (default /tmp/fresco_kit_latency.md).
latency: $(STAMP)
	FRESCO_KIT_LATENCY_SWEEP=1 MPLBACKEND=Agg $(PY) -m pytest -q -p no:randomly -rfEs \
	  tests/test_classroom.py tests/test_classroom_latency.py

# The registry-driven tests with the template game (tests/template_game, Nim) registered too:
# what a fourth game needs (see tests/conftest.py, --template-game).
template-game: $(STAMP)
	MPLBACKEND=Agg $(PY) -m pytest -n 2 -q -rfEs --template-game tests -k nim

# Lint and types over fresco_kit/ (ruff check, ruff format --check, mypy); CI runs it before the tests.
lint: $(STAMP)
	$(VENV)/bin/ruff check fresco_kit
	$(VENV)/bin/ruff format --check fresco_kit
	$(VENV)/bin/mypy

notebooks: $(STAMP)
	find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | \
	  MPLBACKEND=module://matplotlib_inline.backend_inline xargs -n 1 $(VENV)/bin/jupyter execute --inplace

# Rebuild the compiled message catalogs (fresco_kit/locale) after editing a .po file.
catalogs:
	for f in fresco_kit/locale/*/LC_MESSAGES/*.po; do msgfmt --check -o $${f%.po}.mo $$f; done

figures: $(STAMP)
	$(VENV)/bin/fresco-kit figures --out figures

examples: $(STAMP)
	$(VENV)/bin/fresco-kit examples all

# Simulation benchmarks (not tests; a few minutes): per game, random and kit playouts, the runner
# with and without rule tracing, mcts iterations/s. BENCH_OLD=<checkout of an older commit> puts
# the old figures beside the new ones with their ratio (tests/bench_sim.py). BENCH_ARGS adds
# options, e.g. BENCH_ARGS="--instructions --games 8" counts instructions with callgrind instead
# of timing (for a busy machine; about half an hour).
BENCH_OLD ?=
BENCH_ARGS ?=
BENCH_STUDY ?= 1000
bench: $(STAMP)
	nice -n 10 $(PY) tests/bench_sim.py $(if $(BENCH_OLD),--old $(BENCH_OLD)) $(BENCH_ARGS)

# A study of $(BENCH_STUDY) games with `best` in one seat, on 2 worker processes and on a Dask
# LocalCluster: games/s of each (long: about an hour at 1,000 games on 2 cores).
bench-study: $(STAMP)
	nice -n 10 $(PY) tests/bench_sim.py --study $(BENCH_STUDY) $(if $(BENCH_OLD),--old $(BENCH_OLD))

clean:
	rm -rf $(VENV) build dist .pytest_cache
