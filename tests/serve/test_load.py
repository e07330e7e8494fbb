"""The served classroom's load benchmark (``make load``) on a tiny size: it starts a server, seats
people at tables of every kit game and one table against bots, times every seat's updates and
reports no error.  The figures themselves are for the benchmark, not for a test to judge."""
from __future__ import annotations

from fresco_kit.serve import load


def test_the_load_benchmark_runs_on_a_tiny_size(capsys):
    status = load.main(["--tables", "3", "--bot-tables", "1", "--moves", "3", "--pace", "0.05", "--timeout", "60"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "4 tables" in out and "errors: 0" in out
    assert "median" in out and "95th percentile" in out


def test_the_report_reads_its_quantiles():
    report = load.Report(latencies=[0.010, 0.020, 0.030, 0.040], moves=4, tables=1, seats=1)
    assert report.percentile(0.5) == 20.0
    assert report.percentile(0.95) == 40.0
    assert "median 25.0 ms" in report.text()
