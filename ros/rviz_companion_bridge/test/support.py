"""Shared by the tests: import path, where the repository's fixtures and the real .rviz corpus are, a fake rviz2."""
import json
import os
import stat
import sys
import textwrap
import time

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if PACKAGE_ROOT not in sys.path:  # plain `python -m unittest` from anywhere; colcon/pytest have it installed
    sys.path.insert(0, PACKAGE_ROOT)

# The package lives at <repo>/ros/rviz_companion_bridge; a colcon workspace may hold it alone, without the repo.
REPO_ROOT = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
FIXTURE_DIR = os.path.join(REPO_ROOT, 'test', 'fixtures', 'bridge-qos')
CORPUS_DIR = os.environ.get('RVIZ_CORPUS', os.path.join(REPO_ROOT, '..', 'shared', 'rviz-corpus'))

MINIMAL_RVIZ = textwrap.dedent('''\
    Panels: []
    Visualization Manager:
      Class: ""
      Displays:
        - Class: rviz_default_plugins/Grid
          Enabled: true
          Name: Grid
          Value: true
      Global Options:
        Fixed Frame: map
      Name: root
      Value: true
    Window Geometry:
      Height: 800
      Width: 1200
    ''')


def corpus_files():
    if not os.path.isdir(CORPUS_DIR):
        return []
    return sorted(os.path.join(CORPUS_DIR, n) for n in os.listdir(CORPUS_DIR) if n.endswith('.rviz'))


def tree(root):
    """{relative path: bytes} of every file under root: what a test compares before and after."""
    out = {}
    for base, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(base, name)
            with open(path, 'rb') as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


FAKE_RVIZ = '''#!{python}
# A stand-in for rviz2 written by the tests: records how it was started and behaves as the mode file says.
#   run:         stay up; on SIGTERM record "term" and exit 0
#   hang:        ignore SIGTERM (only SIGKILL ends it)
#   crash:       exit 3 at once (as rviz2 does without a display)
#   crash_later: exit 4 after 2 s (well after any settle time the tests use, also on a loaded machine)
import json, os, signal, sys, time
here = os.path.dirname(os.path.abspath(__file__))
log = os.path.join(here, 'rviz-calls.jsonl')
mode = open(os.path.join(here, 'rviz-mode')).read().strip() if os.path.exists(os.path.join(here, 'rviz-mode')) else 'run'
config = None
if '-d' in sys.argv:
    with open(sys.argv[sys.argv.index('-d') + 1]) as f:
        config = f.read()
def record(event):
    with open(log, 'a') as f:
        f.write(json.dumps({{'event': event, 'pid': os.getpid(), 'argv': sys.argv[1:], 'mode': mode, 'config': config}}) + '\\n')
record('start')
if mode == 'crash':
    sys.exit(3)
if mode == 'hang':
    signal.signal(signal.SIGTERM, lambda *_: record('term-ignored'))
else:
    def on_term(*_):
        record('term')
        sys.exit(0)
    signal.signal(signal.SIGTERM, on_term)
record('ready')
started = time.monotonic()
while True:
    time.sleep(0.05)
    if mode == 'crash_later' and time.monotonic() - started > 2.0:
        record('crash')
        sys.exit(4)
'''


class FakeRviz:
    """A fake `rviz2` executable in `folder`, its call log and its mode switch."""

    def __init__(self, folder):
        self.folder = folder
        self.path = os.path.join(folder, 'rviz2')
        with open(self.path, 'w') as f:
            f.write(FAKE_RVIZ.format(python=sys.executable))
        os.chmod(self.path, os.stat(self.path).st_mode | stat.S_IXUSR)
        self.set_mode('run')

    def set_mode(self, mode):
        with open(os.path.join(self.folder, 'rviz-mode'), 'w') as f:
            f.write(mode)

    def calls(self):
        log = os.path.join(self.folder, 'rviz-calls.jsonl')
        if not os.path.exists(log):
            return []
        with open(log) as f:
            return [json.loads(line) for line in f if line.strip()]

    def events(self, event):
        return [c for c in self.calls() if c['event'] == event]

    def wait_ready(self, pid, timeout=10.0):
        """Until the fake with this pid has its signal handlers in place (a loaded machine starts Python slowly)."""
        return wait_for(lambda: any(c['pid'] == pid for c in self.events('ready')), timeout)


def wait_for(predicate, timeout=10.0, step=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); read its state.
    try:
        with open(f'/proc/{pid}/stat') as f:
            return f.read().split(') ', 1)[1][0] != 'Z'
    except OSError:
        return False
