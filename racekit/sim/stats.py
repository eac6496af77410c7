"""Intervals, paired tests and multiple-testing corrections for the designer review.

Every number comes from scipy / statsmodels (the ``sim`` extra): Wilson score intervals
(``statsmodels.stats.proportion.proportion_confint``), Student-t intervals and one-sample
t-tests of paired differences (``scipy.stats``), the control-variate estimate of a difference
from paired games and more games of one side (:func:`controlled`), and Holm's step-down
correction (``statsmodels.stats.multitest.multipletests``).
"""
from __future__ import annotations

import math


def proportion_interval(k: int, n: int, level: float = 0.95,
                        method: str = "wilson") -> tuple[float, float]:
    """The Wilson score interval of the proportion ``k / n`` at confidence ``level``
    (``method="beta"``: the exact Clopper-Pearson one); ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint
    lo, hi = proportion_confint(int(k), int(n), alpha=1 - level, method=method)
    return max(0.0, float(lo)), min(1.0, float(hi))


def proportion_pvalue(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test of ``k`` successes in ``n`` against the share ``p``."""
    from scipy.stats import binomtest
    return float(binomtest(int(k), int(n), p).pvalue) if n > 0 else 1.0


def changed_share_pvalue(k: int, n: int, share: float) -> float:
    """Exact binomial test of "a reading changes at least ``share`` of the games", having seen
    ``k`` changed games in ``n`` (small: it changes fewer)."""
    from scipy.stats import binomtest
    return float(binomtest(int(k), int(n), share, alternative="less").pvalue) if n > 0 else 1.0


def paired(d, level: float = 0.95) -> dict:
    """Mean of paired differences ``d`` (one per game: the same seed under two readings), its
    Student-t interval at ``level`` and the two-sided p-value of "the mean is 0".

    Games a reading leaves unchanged contribute 0, so a reading that rarely comes up gets a
    narrow interval. All differences equal: the interval is that one value, and the p-value 1
    when it is 0, else 0.

    Returns:
        dict with ``n``, ``mean``, ``low``, ``high``, ``half`` (half-width), ``sd`` and ``p``.
    """
    import numpy as np
    from scipy import stats
    d = np.asarray(d, dtype=float)
    n = len(d)
    if n == 0:
        return {"n": 0, "mean": 0.0, "low": -math.inf, "high": math.inf, "half": math.inf,
                "sd": math.nan, "p": 1.0}
    mean = float(d.mean())
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:
        return {"n": n, "mean": mean, "low": mean, "high": mean, "half": 0.0, "sd": 0.0,
                "p": 1.0 if mean == 0 else 0.0}
    half = float(stats.t.ppf(1 - (1 - level) / 2, n - 1)) * sd / math.sqrt(n)
    p = float(stats.ttest_1samp(d, 0.0).pvalue)
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half, "half": half,
            "sd": sd, "p": p, "se": sd / math.sqrt(n), "df": n - 1}


def controlled(reading, base, rest, level: float = 0.95) -> dict:
    """The difference of means ``E[reading] - E[base]`` from ``n`` paired games (``reading[i]``
    and ``base[i]`` played on the same seed) and ``m`` more games of the base alone (``rest``,
    other seeds), with its Student-t interval at ``level`` and the two-sided p-value of "no
    difference".

    The estimate is ``mean(reading - c base) - (1 - c) mean(rest)``: unbiased for any ``c``; its
    variance ``var(reading - c base) / n + (1 - c)^2 var(rest) / m`` is least at
    ``c = beta m / (n + m) + n / (n + m)`` (``beta``: the slope of ``reading`` on ``base``, from
    the paired games), the regression (control-variate) estimator. A reading that changes few
    games (``beta`` near 1) gets the plain paired difference; one that changes every game
    (``beta`` near 0) gets its mean against the whole base, about half the paired variance when
    ``m`` is large. Without ``rest`` (``m`` = 0): :func:`paired` on ``reading - base``.

    Returns:
        dict as :func:`paired` (``sd`` is the standard error times the square root of ``n``),
        with ``c``.
    """
    import numpy as np
    from scipy import stats
    y = np.asarray(reading, dtype=float)
    x = np.asarray(base, dtype=float)
    z = np.asarray(rest, dtype=float)
    n, m = len(y), len(z)
    if n < 2 or m < 2:
        return {**paired(y - x, level), "c": 1.0}
    vx = float(x.var(ddof=1))
    zv = float(z.var(ddof=1))
    beta = float(np.cov(y, x, ddof=1)[0, 1]) / vx if vx > 0 else 0.0
    c = beta * m / (n + m) + n / (n + m)
    d = y - c * x
    var = float(d.var(ddof=1)) / n + (1 - c) ** 2 * zv / m
    mean = float(d.mean()) - (1 - c) * float(z.mean())
    if var <= 0:
        return {"n": n, "mean": mean, "low": mean, "high": mean, "half": 0.0, "sd": 0.0,
                "p": 1.0 if mean == 0 else 0.0, "se": 0.0, "df": n - 1, "c": c}
    se = math.sqrt(var)
    t = float(stats.t.ppf(1 - (1 - level) / 2, n - 1))
    p = float(2 * stats.t.sf(abs(mean) / se, n - 1))
    return {"n": n, "mean": mean, "low": mean - t * se, "high": mean + t * se, "half": t * se,
            "sd": se * math.sqrt(n), "p": p, "se": se, "df": n - 1, "c": c}


def equivalence_p(mean: float, se: float, df: int, bound: float) -> float:
    """Two one-sided t-tests of "the difference lies outside ±``bound``" for an estimate
    ``mean`` with standard error ``se`` (``df`` degrees of freedom): the larger p-value."""
    from scipy import stats
    if se <= 0:
        return 0.0 if abs(mean) < bound else 1.0
    lower = stats.t.sf((mean + bound) / se, df)
    upper = stats.t.cdf((mean - bound) / se, df)
    return float(max(lower, upper))


def equivalence_pvalue(d, bound: float) -> float:
    """Two one-sided t-tests (TOST) of "the mean of ``d`` lies outside ±``bound``": the larger
    of the two one-sided p-values (small: the mean lies inside ±bound)."""
    import numpy as np
    from scipy import stats
    d = np.asarray(d, dtype=float)
    n = len(d)
    mean = float(d.mean()) if n else 0.0
    sd = float(d.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:
        return 0.0 if abs(mean) < bound else 1.0
    se = sd / math.sqrt(n)
    lower = stats.t.sf((mean + bound) / se, n - 1)     # H0: mean <= -bound
    upper = stats.t.cdf((mean - bound) / se, n - 1)    # H0: mean >= +bound
    return float(max(lower, upper))


def holm(pvalues, alpha: float = 0.05) -> tuple[list[bool], list[float]]:
    """Holm's step-down correction: ``(reject, adjusted p-values)``, controlling the chance of
    any false claim among them (family-wise error) at ``alpha``."""
    pvalues = list(pvalues)
    if not pvalues:
        return [], []
    from statsmodels.stats.multitest import multipletests
    reject, adjusted, _, _ = multipletests(pvalues, alpha=alpha, method="holm")
    return [bool(r) for r in reject], [float(p) for p in adjusted]


def games_for(sd: float, half: float, level: float) -> int:
    """Paired games needed for an interval of half-width ``half`` when the differences have
    standard deviation ``sd`` (normal approximation)."""
    from scipy import stats
    if half <= 0:
        return 0
    z = float(stats.norm.ppf(1 - (1 - level) / 2))
    return max(2, math.ceil((z * sd / half) ** 2))
