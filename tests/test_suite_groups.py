"""The suite's xdist groups reach the scheduler (tests/conftest.py SHARED_FIXTURES): a test
marked with a group runs under a node id tagged with it, so that all of a group's tests go to
one worker and an expensive shared fixture is made once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("suite_groups")


def test_a_marked_test_carries_its_group_to_the_scheduler(request: pytest.FixtureRequest) -> None:
    """pytest 9.2 with pytest-xdist 3.8 dropped the tag silently (pytest-dev/pytest-xdist#1386):
    the groups were then no groups at all."""
    if not getattr(request.config.option, "loadgroup", False):  # set in xdist's workers only
        pytest.skip("not run by xdist's --dist loadgroup")
    assert request.node.nodeid.endswith("@suite_groups"), request.node.nodeid
