"""The two library stacks the camera's tests run on, and the tests known to fail on one or both.

CI runs the whole suite in ``.venv`` (numpy 2, OpenCV 5), then ``scripts/test-pi-stack`` runs the
camera's tests again on what a Raspberry Pi installs (numpy 1.24, so pip's OpenCV 4.11). Text and
letters are drawn the same on both since the virtual camera and the classifier's training stopped
using ``cv2.putText``; what still differs is OpenCV's own rounding in warps and resizing, which
moves a few borderline reads. A test named here is marked to fail, strictly: the run fails the day
it passes, so a change of behaviour on either stack is seen and the entry goes.
"""

from __future__ import annotations

import cv2
import pytest

#: OpenCV 4.x, as a Raspberry Pi gets it with numpy 1.24 (scripts/test-pi-stack)
PI_STACK = int(cv2.__version__.split(".")[0]) < 5


def fails_on(stacks: str, reason: str) -> pytest.MarkDecorator:
    """Mark a test known to fail on ``stacks``: "both", "pi" (OpenCV 4.x) or "opencv5"."""
    if stacks not in ("both", "pi", "opencv5"):
        raise ValueError(f"unknown stacks {stacks!r}")
    failing = stacks == "both" or (stacks == "pi") == PI_STACK
    return pytest.mark.xfail(failing, reason=f"fails on {stacks}: {reason}", strict=True)
