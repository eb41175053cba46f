"""Property tests of ``--async-hazards`` against ``--run`` (issue 22's "Done means").

Programs: ``test_run_property.programs`` (race-free by construction: every op depends on the last
writer of what it touches and a writer on the readers since) and ``test_token_graphs.graphs``
(random token DAGs with loops, branches, captured tokens).

What is checked, and so what the pass guarantees:

* *no false alarm on race-free programs*: no error before lowering, after ``gpu-to-runtime`` and
  after ``wait-insertion,gpu-to-runtime`` (our lowering adds no hazard: the pass is an oracle for
  it), for straight-line programs and programs with loops and branches alike;
* *exact on straight-line code*: with one needed dependency removed (mutants), the pass reports an
  error exactly when ``--run`` reports a hazard, and the same hazards: the same pairs of ops (the
  lines of the reporting op and of the other op), before lowering and after lowering (compared with
  ``--run`` on the lowered program: the lowering may order what the mutant left unordered);
* *sound with loops and branches*: every op ``--run`` reports a hazard at gets an error from the
  pass (the pass covers every path; ``--run`` one).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_run_property import Program, _reaches, programs, render, run
from test_token_graphs import Graph, graphs

from asyncgpu_opt.driver import Config, run_opt

LOWER = "wait-insertion,gpu-to-runtime"


def static(text: str, passes: str = "") -> tuple[int, str]:
    """Exit status and diagnostics of ``--async-hazards`` (after ``passes``)."""
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    pipe = parse_pipeline(f"builtin.module({passes + ',' if passes else ''}async-hazards)")
    r = run_opt(text, "prop.mlir", Config(pipeline=pipe))
    return r.exit_code, r.rendered_diagnostics() + r.stderr_text


_KINDS = ("data race", "use after free", "host read without synchronization", "double free")


def pairs(err: str) -> set[frozenset[int]]:
    """The lines of the two ops of each reported hazard (the allocation site left out)."""
    out = set()
    for ln in err.splitlines():
        if ": error: " in ln and any(k in ln for k in _KINDS):
            out.add(frozenset(int(x) for x in re.findall(r"(?<!allocated) at prop\.mlir:(\d+):\d+", ln)))
    return out


def heads(err: str) -> set[str]:
    """The lines errors are reported at."""
    return {ln.split(":")[1] for ln in err.splitlines() if ln.startswith("prop.mlir:") and ": error: " in ln}


def _mutant(p: Program, data) -> tuple[str, tuple[int, int]]:
    cands = [(u, v) for v, op in enumerate(p.ops) for u in sorted(op.data_deps) if not _reaches(p, u, v, (u, v))]
    assume(cands)
    drop = data.draw(st.sampled_from(cands))
    return render(p, drop=drop), drop


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_race_free_programs_have_no_hazard(p: Program) -> None:
    text = render(p)
    for passes in ("", "gpu-to-runtime", LOWER):
        rc, err = static(text, passes)
        assert rc == 0 and "error" not in err, (passes, err, text)
    sync = render(p, sync=True)
    rc, err = static(sync, "async-region," + LOWER)
    assert rc == 0, (err, sync)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.data())
def test_mutants_same_verdict_as_run(p: Program, data) -> None:
    """One needed dependency removed: the same verdict and the same op pairs as ``--run``."""
    text, drop = _mutant(p, data)
    _, run_err, run_rc = run(text)
    rc, err = static(text)
    assert (rc != 0) == (run_rc != 0), (drop, run_err, err, text)
    assert pairs(err) == pairs(run_err), (drop, run_err, err, text)
    _, lrun_err, lrun_rc = run(text, LOWER)
    lrc, lerr = static(text, LOWER)
    assert (lrc != 0) == (lrun_rc != 0), (drop, lrun_err, lerr, text)
    assert pairs(lerr) == pairs(lrun_err), (drop, lrun_err, lerr, text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(loops=True), st.data())
def test_loops_sound_against_run(p: Program, data) -> None:
    text = render(p)
    for passes in ("", LOWER):
        rc, err = static(text, passes)
        assert rc == 0, (passes, err, text)
    mutant, drop = _mutant(p, data)
    for passes in ("", LOWER):
        _, run_err, run_rc = run(mutant, passes)
        rc, err = static(mutant, passes)
        assert run_rc == 0 or rc != 0, (passes, drop, run_err, err, mutant)
        assert heads(run_err) <= heads(err), (passes, drop, run_err, err, mutant)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs())
def test_token_graphs_lowered_without_hazards(g: Graph) -> None:
    """Random token DAGs (forks, joins, loops, branches): none before or after our lowering."""
    for passes in ("", "gpu-to-runtime", LOWER):
        rc, err = static(g.text, passes)
        assert rc == 0 and "error" not in err, (passes, err, g.text)
