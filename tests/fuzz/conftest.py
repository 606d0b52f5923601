"""The fuzz layer's hypothesis settings, defined once: every test here runs under the profile
``studeval-fuzz``: ``@settings(FUZZ, max_examples=n * FUZZ.max_examples)`` with
``FUZZ = settings.get_profile("studeval-fuzz")``, whose ``max_examples`` is the hunt factor.

Deterministic for CI (``derandomize=True``: the same examples on every run, so a failure is
reproducible and never flaky), no per-example deadline (the machine may be loaded), and each
test's ``max_examples`` chosen so that the test takes a few seconds. The one longer local hunt
ran with every ``max_examples`` times 20 and ``derandomize=False`` (edit ``HUNT`` below).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: The local hunt's factor on every test's max_examples (1 in CI).
HUNT = 1

settings.register_profile(
    "studeval-fuzz",
    max_examples=HUNT,
    deadline=None,
    derandomize=HUNT == 1,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)
