"""The `/rviz_companion/rviz_config_status` message (DESIGN.md "Bridge topics"): exactly these eight keys.

{"stamp": <unix s>, "ok": bool, "action": "loaded"|"written"|"refused"|"rviz_exited", "reason": str, "file": str,
 "version": int, "took_ms": number, "mode": "supervised"|"write-only"|"read-only"}

`mode` (added after the first seven) is how the bridge runs, in every status: the status topic is latched with depth 1,
so a client that connects after a refusal of a bad config still learns whether an RViz follows.
"""
from __future__ import annotations

import json
import time
from typing import Optional

ACTIONS = ('loaded', 'written', 'refused', 'rviz_exited')
MODES = ('supervised', 'write-only', 'read-only')
KEYS = ('stamp', 'ok', 'action', 'reason', 'file', 'version', 'took_ms', 'mode')


def make_status(action: str, *, ok: Optional[bool] = None, reason: str = '', file: str = '', version: int = 0,
                took_ms: float = 0.0, stamp: Optional[float] = None, mode: str = 'supervised') -> dict:
    """`ok` defaults to True for loaded/written and False for refused/rviz_exited.

    - loaded: RViz was restarted with the config and is still running after the settle time.
    - written: the config is in `file` (no supervised RViz, or reload:=none).
    - refused: nothing was written; `reason` says why; `version`/`file` are what is still current (0 / "" if none).
    - rviz_exited: the supervised RViz exited on its own (or right after a restart); it starts again with the next
      config only.

    `mode`: supervised (an RViz the bridge restarts follows), write-only (it writes files only), read-only (it takes
    nothing).
    """
    if action not in ACTIONS:
        raise ValueError(f'unknown status action {action!r}; one of {", ".join(ACTIONS)}')
    if mode not in MODES:
        raise ValueError(f'unknown bridge mode {mode!r}; one of {", ".join(MODES)}')
    if ok is None:
        ok = action in ('loaded', 'written')
    return {
        'stamp': round(time.time() if stamp is None else float(stamp), 3),
        'ok': bool(ok),
        'action': action,
        'reason': str(reason),
        'file': str(file),
        'version': int(version),
        'took_ms': round(float(took_ms), 1),
        'mode': mode,
    }


def status_json(status: dict) -> str:
    if tuple(status.keys()) != KEYS:
        raise ValueError(f'status keys must be exactly {KEYS}, got {tuple(status.keys())}')
    return json.dumps(status, separators=(',', ':'), ensure_ascii=False)
