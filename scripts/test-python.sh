#!/usr/bin/env bash
# Python tests of the robot-side bridge (ros/rviz_companion_bridge/test, unittest).
# With a sourced ROS 2 (rclpy importable) they run on it. Otherwise they run in .venv-ros, created here with PyYAML
# and the ROS 2 wheels from PyPI; if those cannot be installed, the real-rclpy tests are skipped with the reason.
# Ends with "python: N passed, N failed, N skipped" for .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
pkg=ros/rviz_companion_bridge
venv=.venv-ros
py=${PYTHON:-python3}

if ! command -v "$py" >/dev/null 2>&1; then
  echo "Python tests need python3. Install it with:  sudo apt-get install -y python3 python3-venv"
  echo "python: 0 passed, 1 failed, 0 skipped"; exit 1
fi

if "$py" -c 'import rclpy, std_msgs.msg, yaml' >/dev/null 2>&1; then
  echo "python: using the sourced ROS 2 (${ROS_DISTRO:-rclpy on the path}) with $("$py" --version 2>&1)"
  run_py=$py
else
  if [ ! -x "$venv/bin/python" ]; then
    echo "python: creating $venv"
    if ! "$py" -m venv "$venv" >/dev/null 2>&1; then
      rm -rf "$venv"
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "python: installing Debian's python3-venv (apt-get install -y python3-venv)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        "$py" -m venv "$venv" || { echo "python: could not create $venv"; echo "python: 0 passed, 1 failed, 0 skipped"; exit 1; }
      else
        echo "Python tests need the venv module. Install it with:  sudo apt-get install -y python3-venv"
        echo "python: 0 passed, 1 failed, 0 skipped"; exit 1
      fi
    fi
  fi
  run_py=$venv/bin/python
  # Install only when the requirement files changed since the last install (a stamp of their contents).
  want=$(cat "$pkg/test/requirements.txt" "$pkg/test/requirements-rclpy.txt" | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$venv/.installed" 2>/dev/null)" != "$want" ]; then
    echo "python: installing PyYAML and the ROS 2 wheels into $venv (first run: a few minutes)"
    if ! "$run_py" -m pip install -q -r "$pkg/test/requirements.txt" > "$venv/pip.log" 2>&1; then
      if "$py" -c 'import yaml' >/dev/null 2>&1; then
        echo "python: PyPI not reachable (see $venv/pip.log); running on $py with its own PyYAML, without rclpy"
        run_py=$py
      else
        echo "python: could not install PyYAML (see $venv/pip.log). Install it with:  sudo apt-get install -y python3-yaml"
        echo "python: 0 passed, 1 failed, 0 skipped"; exit 1
      fi
    elif "$run_py" -m pip install -q -r "$pkg/test/requirements-rclpy.txt" >> "$venv/pip.log" 2>&1; then
      echo "$want" > "$venv/.installed"
    else
      # Not retried on every run (an offline pip is slow to give up); `rm -rf .venv-ros` to try again.
      echo "$want" > "$venv/.installed"
      echo "python: the ROS 2 wheels did not install (see $venv/pip.log); the real-rclpy tests will be skipped:"
      tail -n 3 "$venv/pip.log"
    fi
  fi
fi

log=$(mktemp)
PYTHONPATH="$pkg${PYTHONPATH:+:$PYTHONPATH}" "$run_py" -m unittest discover -s "$pkg/test" -v 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

ran=$(grep -oE '^Ran [0-9]+ tests?' "$log" | tail -n 1 | grep -oE '[0-9]+'); ran=${ran:-0}
summary=$(grep -E '^(OK|FAILED)( \(|$)' "$log" | tail -n 1)
count() { echo "$summary" | grep -oE "$1=[0-9]+" | grep -oE '[0-9]+' || echo 0; }
failures=$(count failures); errors=$(count errors); skipped=$(count skipped)
unexpected=$(count 'unexpected successes')
failed=$((failures + errors + unexpected))
passed=$((ran - failed - skipped))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
# Each distinct skip reason once, so a skipped real-rclpy run says why in the summary too.
grep -oE "skipped '.*'$|skipped \".*\"$" "$log" | sort | uniq -c | sed 's/^/python: /'
rm -f "$log"
echo "python: ${passed} passed, ${failed} failed, ${skipped} skipped"
exit "$status"
