"""Runs `rviz2 -d current.rviz ARGS...` and restarts it for each new config (RViz2 has no load-config service).

Plain Python (subprocess, signals). Stop is SIGTERM, then SIGKILL after `stop_timeout_s` (rviz2's rclcpp signal
handler closes the window without a save prompt on SIGTERM). "Loaded" means the restarted process is still alive
after `settle_s`: rviz2 exits within a fraction of a second when it cannot start (no display, bad Qt platform,
an Ogre failure) and does not exit on a config it cannot fully use (it shows the display's error instead), so
liveness after a short settle is the signal that is actually available. An exit on its own is reported through
`on_exit`, and RViz is started again only by the next config: no restart loop.
"""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence

ExitCallback = Callable[[Optional[int], float], None]  # (returncode, seconds it ran)

_CONFIG_FLAGS = ('-d', '--display-config')


@dataclass
class LoadResult:
    ok: bool
    reason: str = ''
    returncode: Optional[int] = None
    took_s: float = 0.0


class RvizSupervisor:
    def __init__(self, config_path: str, executable: str = 'rviz2', extra_args: Sequence[str] = (),
                 stop_timeout_s: float = 5.0, settle_s: float = 1.0, on_exit: Optional[ExitCallback] = None) -> None:
        for arg in extra_args:
            if arg in _CONFIG_FLAGS or any(arg.startswith(f + '=') for f in _CONFIG_FLAGS):
                raise ValueError(f'rviz_args must not contain {arg!r}: the bridge passes -d {config_path} itself')
        self.config_path = config_path
        self.executable = executable
        self.extra_args = list(extra_args)
        self.stop_timeout_s = stop_timeout_s
        self.settle_s = settle_s
        self.on_exit = on_exit
        self._lock = threading.RLock()
        self._proc: Optional[subprocess.Popen] = None
        self._stopped_on_purpose: set = set()  # processes stop() ended: their exit is not news
        self._started_at = 0.0

    def command(self) -> List[str]:
        cmd = [self.executable]
        if os.path.exists(self.config_path):
            cmd += ['-d', self.config_path]
        return cmd + self.extra_args

    @property
    def running(self) -> bool:
        with self._lock:
            return self._proc is not None and self._proc.poll() is None

    @property
    def pid(self) -> Optional[int]:
        with self._lock:
            return self._proc.pid if self._proc is not None else None

    def restart(self) -> LoadResult:
        """Stops the running RViz (if any) and starts it with the current config; ok when it is alive after the
        settle time."""
        with self._lock:
            t0 = time.monotonic()
            self.stop()
            try:
                # Own session: signals go to RViz's whole process group, and a Ctrl+C meant for the launch does
                # not reach RViz twice.
                proc = subprocess.Popen(self.command(), start_new_session=True, stdin=subprocess.DEVNULL)
            except OSError as err:
                return LoadResult(False, f'could not start {self.executable}: {err.strerror or err}',
                                  took_s=time.monotonic() - t0)
            self._proc = proc
            self._started_at = time.monotonic()
            try:
                code = proc.wait(timeout=self.settle_s)
            except subprocess.TimeoutExpired:
                threading.Thread(target=self._watch, args=(proc, self._started_at), name='rviz-watch',
                                 daemon=True).start()
                return LoadResult(True, took_s=time.monotonic() - t0)
            self._proc = None
            return LoadResult(False, f'{os.path.basename(self.executable)} exited with {describe_exit(code)} '
                              f'{time.monotonic() - self._started_at:.1f} s after start; it starts again with the '
                              'next config', returncode=code, took_s=time.monotonic() - t0)

    def stop(self) -> None:
        with self._lock:
            proc, self._proc = self._proc, None
            if proc is None:
                return
            # Also when it has just exited by itself: a restart is under way, so that exit is not news.
            self._stopped_on_purpose.add(proc)
            if proc.poll() is not None:
                return
            _signal_group(proc, signal.SIGTERM)
            try:
                proc.wait(timeout=self.stop_timeout_s)
            except subprocess.TimeoutExpired:
                _signal_group(proc, signal.SIGKILL)
                proc.wait()

    def _watch(self, proc: subprocess.Popen, started_at: float) -> None:
        code = proc.wait()
        with self._lock:
            if proc in self._stopped_on_purpose:
                self._stopped_on_purpose.discard(proc)
                return
            if self._proc is proc:
                self._proc = None
            ran = time.monotonic() - started_at
        if self.on_exit is not None:
            self.on_exit(code, ran)


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        try:
            proc.send_signal(sig)
        except ProcessLookupError:
            pass


def describe_exit(code: Optional[int]) -> str:
    if code is None:
        return 'no exit status'
    if code < 0:
        try:
            return f'signal {signal.Signals(-code).name}'
        except ValueError:
            return f'signal {-code}'
    return f'code {code}'
