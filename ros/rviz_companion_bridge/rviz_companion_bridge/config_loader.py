"""Configs from `/rviz_companion/rviz_config`: check, debounce, write atomically into the bridge's own folder.

Plain Python (PyYAML only). Nothing here takes a path from a message: every file written is `config_dir/current.rviz`,
`config_dir/version-NNNNNN.rviz` or a temporary file in `config_dir` that is renamed onto one of them.
"""
from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from typing import List, Optional, Union

import yaml

try:  # libyaml's loader is several times faster on multi-megabyte configs; same safe semantics.
    _SafeLoader = yaml.CSafeLoader
except AttributeError:  # PyYAML built without libyaml
    _SafeLoader = yaml.SafeLoader

# "more than 5 MB" (DESIGN.md): decimal megabytes of UTF-8, as rosbridge counts its max_message_size.
MAX_CONFIG_BYTES = 5_000_000
KEEP_VERSIONS = 20
DEFAULT_CONFIG_DIR = '~/.rviz2/companion'
CURRENT_NAME = 'current.rviz'
_VERSION_RE = re.compile(r'^version-(\d{6,})\.rviz$')


class Refusal(Exception):
    """A config the bridge will not write; `reason` is the text the status carries."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_config(data: Union[str, bytes], read_only: bool = False) -> str:
    """The config's text when it may be written, else raises Refusal. Order: read-only first (a read-only bridge
    says so whatever it was sent), then size, encoding, YAML, RViz shape."""
    if read_only:
        raise Refusal('read-only: this bridge runs with read_only:=true and accepts no config')
    size = len(data) if isinstance(data, bytes) else _utf8_len(data)
    if size > MAX_CONFIG_BYTES:
        raise Refusal(f'too large: {size} bytes, the limit is {MAX_CONFIG_BYTES} bytes (5 MB)')
    text = _decode(data)
    try:
        doc = yaml.load(text, Loader=_SafeLoader)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as err:
        raise Refusal(f'YAML does not parse: {_one_line(err)}') from None
    if not isinstance(doc, dict) or 'Visualization Manager' not in doc:
        raise Refusal('not an RViz config: no top-level "Visualization Manager" key')
    return text


def _utf8_len(text: str) -> int:
    try:
        return len(text.encode('utf-8'))
    except UnicodeEncodeError:  # lone surrogates: refused as invalid UTF-8 just below; count them as 3 bytes each
        return len(text.encode('utf-8', 'surrogatepass'))


def _decode(data: Union[str, bytes]) -> str:
    if isinstance(data, bytes):
        try:
            return data.decode('utf-8')
        except UnicodeDecodeError as err:
            raise Refusal(f'invalid UTF-8: byte 0x{data[err.start]:02x} at offset {err.start}') from None
    try:
        data.encode('utf-8')
    except UnicodeEncodeError as err:
        raise Refusal(f'invalid UTF-8: unpaired surrogate at character {err.start}') from None
    # rclpy decodes std_msgs/String with errors="replace" (rosidl_generator_py _msg_support.c.em), so invalid bytes
    # on the wire reach us as U+FFFD; an .rviz file has no business containing one.
    bad = data.find('\ufffd')
    if bad >= 0:
        raise Refusal(f'invalid UTF-8: replacement character U+FFFD at character {bad} (the message had bytes that '
                      'are not UTF-8)')
    return data


def _one_line(err: Exception) -> str:
    return ' '.join(str(err).split())[:300]


class ConfigStore:
    """`config_dir/current.rviz` plus the last `keep` versions beside it, every write a temp file + rename."""

    def __init__(self, config_dir: str = DEFAULT_CONFIG_DIR, keep: int = KEEP_VERSIONS) -> None:
        if keep < 1:
            raise ValueError('keep must be at least 1')
        self.config_dir = os.path.abspath(os.path.expanduser(config_dir))
        self.keep = keep
        self.current_path = os.path.join(self.config_dir, CURRENT_NAME)
        os.makedirs(self.config_dir, mode=0o700, exist_ok=True)
        self.version = max(self.versions(), default=0)

    def versions(self) -> List[int]:
        found = []
        for name in os.listdir(self.config_dir):
            m = _VERSION_RE.match(name)
            if m:
                found.append(int(m.group(1)))
        return sorted(found)

    def version_path(self, version: int) -> str:
        return os.path.join(self.config_dir, f'version-{version:06d}.rviz')

    def read_current(self) -> Optional[str]:
        try:
            with open(self.current_path, 'r', encoding='utf-8') as f:
                return f.read()
        except FileNotFoundError:
            return None

    def write(self, text: str) -> int:
        """Writes the next version and makes it current; returns its number. On an OSError nothing changed."""
        version = self.version + 1
        data = text.encode('utf-8')
        self._atomic_write(self.version_path(version), data)
        try:
            self._atomic_write(self.current_path, data)
        except OSError:
            os.unlink(self.version_path(version))
            raise
        self.version = version
        self._prune()
        return version

    def _atomic_write(self, path: str, data: bytes) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.config_dir, prefix='.incoming-', suffix='.tmp')
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)  # rename(2): readers see the old file or the new one, never a part
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
        dir_fd = os.open(self.config_dir, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    def _prune(self) -> None:
        for old in self.versions()[:-self.keep]:
            try:
                os.unlink(self.version_path(old))
            except FileNotFoundError:
                pass


@dataclass
class Pending:
    text: str
    received_at: float
    superseded: int = 0  # how many earlier configs of the same burst this one replaced


class Debouncer:
    """Several configs within `window_s` are one reload of the last: the first config of a burst opens a window,
    later ones replace it, and when the window has passed the last one is taken. A steady stream still reloads
    once a window (the window does not restart with each config)."""

    def __init__(self, window_s: float = 1.0) -> None:
        self.window_s = window_s
        self._pending: Optional[Pending] = None
        self._opened_at = 0.0

    def offer(self, text: str, now: float) -> None:
        if self._pending is None:
            self._opened_at = now
            self._pending = Pending(text, now)
        else:
            self._pending = Pending(text, now, self._pending.superseded + 1)

    def take_due(self, now: float) -> Optional[Pending]:
        if self._pending is None or now - self._opened_at < self.window_s:
            return None
        pending, self._pending = self._pending, None
        return pending

    @property
    def pending(self) -> Optional[Pending]:
        return self._pending


class ConfigLoader:
    """Check on arrival (a refusal is answered at once and leaves any pending config alone), debounce, write."""

    def __init__(self, store: ConfigStore, read_only: bool = False, window_s: float = 1.0) -> None:
        self.store = store
        self.read_only = read_only
        self.debouncer = Debouncer(window_s)

    def receive(self, data: Union[str, bytes], now: float) -> Optional[Refusal]:
        """None when accepted (pending until the window passes), else the Refusal to report."""
        try:
            text = check_config(data, self.read_only)
        except Refusal as refusal:
            return refusal
        self.debouncer.offer(text, now)
        return None

    def take_due(self, now: float) -> Optional[Pending]:
        return self.debouncer.take_due(now)

    def write(self, pending: Pending) -> int:
        return self.store.write(pending.text)
